//! CLRX visibility scopes (`.scope NAME` … `.ends`, `.using`, `.unusing`).
//!
//! Scopes form a tree under the global scope. Symbols, labels and register symbols
//! defined by a simple name go to the current scope; a name is looked up from the
//! current scope outwards, each scope first by itself and then through its `.using`
//! list (last added first). `a::b::x` names a symbol of a scope path (searched from the
//! current scope outwards for `a`), `::x` one of the global scope. An unnamed `.scope`
//! is local: once closed nothing can reach it again.
//!
//! Symbols live in one map; a symbol of a non-global scope is stored under the key
//! `"<scope id>:<name>"` (a name never starts with a digit, so keys cannot collide
//! with user names), the global scope uses the plain name.

use rustc_hash::FxHashMap as HashMap;

struct Node {
    name: Option<String>,
    parent: usize,
    children: HashMap<String, usize>,
    usings: Vec<usize>,
}

pub struct ScopeTree {
    nodes: Vec<Node>,
    stack: Vec<usize>,
}

/// Split `a::b::x` into (`a::b`, `x`); `::x` gives ("", `x`) (the global scope).
fn split_path(name: &str) -> Option<(&str, &str)> {
    let i = name.rfind("::")?;
    Some((&name[..i], &name[i + 2..]))
}

/// Whether `name` is already a storage key of a non-global scope.
pub fn is_key(name: &str) -> bool {
    name.as_bytes().first().is_some_and(u8::is_ascii_digit) && name.contains(':')
}

impl ScopeTree {
    pub fn new() -> ScopeTree {
        ScopeTree {
            nodes: vec![Node {
                name: None,
                parent: 0,
                children: HashMap::default(),
                usings: Vec::new(),
            }],
            stack: vec![0],
        }
    }

    /// True once any scope besides the global one exists (lookups can stay simple
    /// before that).
    pub fn in_use(&self) -> bool {
        self.nodes.len() > 1
    }

    pub fn current(&self) -> usize {
        self.stack.last().copied().unwrap_or(0)
    }

    pub fn depth(&self) -> usize {
        self.stack.len() - 1
    }

    pub fn key(scope: usize, name: &str) -> String {
        if scope == 0 {
            name.to_string()
        } else {
            format!("{scope}:{name}")
        }
    }

    fn new_node(&mut self, name: Option<&str>, parent: usize) -> usize {
        let id = self.nodes.len();
        self.nodes.push(Node {
            name: name.map(str::to_string),
            parent,
            children: HashMap::default(),
            usings: Vec::new(),
        });
        if let Some(n) = name {
            self.nodes[parent].children.insert(n.to_string(), id);
        }
        id
    }

    /// `.scope [NAME]`: enter the named child of the current scope (created on first
    /// use) or a new local scope.
    pub fn open(&mut self, name: Option<&str>) {
        let cur = self.current();
        let id = match name.and_then(|n| self.nodes[cur].children.get(n).copied()) {
            Some(id) => id,
            None => self.new_node(name, cur),
        };
        self.stack.push(id);
    }

    /// `.ends`: leave the current scope; false at the global scope.
    pub fn close(&mut self) -> bool {
        if self.stack.len() <= 1 {
            return false;
        }
        self.stack.pop();
        true
    }

    /// The scope a path names, searching its first element from the current scope
    /// outwards (or from the global scope for `::a::b`).
    fn find_path(&self, path: &str) -> Option<usize> {
        if path.is_empty() {
            return Some(0);
        }
        let (mut s, rest) = match path.strip_prefix("::") {
            Some(r) => (0, r),
            None => {
                let first = path.split("::").next().unwrap_or("");
                let mut s = self.current();
                let found = loop {
                    if let Some(&c) = self.nodes[s].children.get(first) {
                        break Some(c);
                    }
                    if s == 0 {
                        break None;
                    }
                    s = self.nodes[s].parent;
                };
                (found?, path.get(first.len()..).unwrap_or(""))
            }
        };
        for part in rest.split("::").filter(|p| !p.is_empty()) {
            s = *self.nodes[s].children.get(part)?;
        }
        Some(s)
    }

    /// Like `find_path`, creating missing scopes (in the global scope for `::a`, else
    /// in the current one).
    fn make_path(&mut self, path: &str) -> usize {
        if let Some(s) = self.find_path(path) {
            return s;
        }
        let (mut s, rest) = match path.strip_prefix("::") {
            Some(r) => (0, r),
            None => (self.current(), path),
        };
        // Walk what exists from the starting point, then create the rest.
        let mut parts = rest.split("::").filter(|p| !p.is_empty()).peekable();
        if path.strip_prefix("::").is_none() {
            if let Some(first) = parts.peek().copied() {
                if let Some(found) = self.find_path(first) {
                    s = found;
                    parts.next();
                }
            }
        }
        for part in parts {
            s = match self.nodes[s].children.get(part).copied() {
                Some(c) => c,
                None => self.new_node(Some(part), s),
            };
        }
        s
    }

    /// `.using PATH`: make the scope's names visible from the current scope.
    pub fn using(&mut self, path: &str) -> Result<(), String> {
        let s = self
            .find_path(path)
            .ok_or_else(|| format!("scope '{path}' not found"))?;
        let cur = self.current();
        let u = &mut self.nodes[cur].usings;
        u.retain(|x| *x != s);
        u.push(s);
        Ok(())
    }

    /// `.unusing [PATH]`: stop using one scope, or all.
    pub fn unusing(&mut self, path: Option<&str>) -> Result<(), String> {
        let cur = self.current();
        match path {
            None => self.nodes[cur].usings.clear(),
            Some(p) => {
                let s = self
                    .find_path(p)
                    .ok_or_else(|| format!("scope '{p}' not found"))?;
                self.nodes[cur].usings.retain(|x| *x != s);
            }
        }
        Ok(())
    }

    /// The storage key a reference to `name` finds, if `exists` says it is defined.
    pub fn lookup(&self, name: &str, exists: &dyn Fn(&str) -> bool) -> Option<String> {
        if is_key(name) {
            return exists(name).then(|| name.to_string());
        }
        let in_scope = |s: usize, n: &str| -> Option<String> {
            let k = Self::key(s, n);
            if exists(&k) {
                return Some(k);
            }
            self.nodes[s].usings.iter().rev().find_map(|&u| {
                let k = Self::key(u, n);
                exists(&k).then_some(k)
            })
        };
        if let Some((path, simple)) = split_path(name) {
            return in_scope(self.find_path(path)?, simple);
        }
        let mut s = self.current();
        loop {
            if let Some(k) = in_scope(s, name) {
                return Some(k);
            }
            if s == 0 {
                return None;
            }
            s = self.nodes[s].parent;
        }
    }

    /// The key under which a definition of `name` goes (creating path scopes).
    pub fn def_key(&mut self, name: &str) -> String {
        if is_key(name) {
            return name.to_string();
        }
        match split_path(name) {
            Some((path, simple)) => {
                let s = self.make_path(path);
                Self::key(s, simple)
            }
            None => Self::key(self.current(), name),
        }
    }

    /// The key a not-yet-defined reference binds to (no scopes are created): the
    /// current scope, or the named path's scope.
    pub fn pending_key(&self, name: &str) -> String {
        if is_key(name) {
            return name.to_string();
        }
        match split_path(name) {
            Some((path, simple)) => match self.find_path(path) {
                Some(s) => Self::key(s, simple),
                None => name.to_string(),
            },
            None => Self::key(self.current(), name),
        }
    }

    /// The readable name of a key (`a::b::x`), or `None` inside a local scope.
    pub fn display(&self, key: &str) -> Option<String> {
        if !is_key(key) {
            return Some(key.to_string());
        }
        let (id, name) = key.split_once(':')?;
        let mut s: usize = id.parse().ok()?;
        let mut parts = vec![name.to_string()];
        while s != 0 {
            let node = self.nodes.get(s)?;
            parts.push(node.name.clone()?);
            s = node.parent;
        }
        parts.reverse();
        Some(parts.join("::"))
    }
}
