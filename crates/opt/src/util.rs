//! Helpers shared by the passes: value replacement, reachability, the call graph.

use std::collections::HashSet;

use kauai_ir::{Block, Body, FuncId, InstKind, Module, PrimaryMap, SecondaryMap, Value};

/// Pending "replace every use of `a` by `b`" facts, applied to a body in one sweep.
///
/// Passes record replacements as they go and apply them once at the end, so that
/// replacing a value costs O(1) instead of a scan of the whole function. Chains
/// (`a → b`, `b → c`) are followed when resolving.
#[derive(Default)]
pub struct ValueMap {
    map: SecondaryMap<Value, Option<Value>>,
    count: usize,
}

impl ValueMap {
    pub fn new() -> ValueMap {
        ValueMap::default()
    }

    pub fn insert(&mut self, from: Value, to: Value) {
        if from != to {
            self.map[from] = Some(to);
            self.count += 1;
        }
    }

    /// The value `v` stands for after all replacements.
    pub fn resolve(&self, v: Value) -> Value {
        let mut cur = v;
        // A chain is at most as long as the number of entries; the bound also stops a
        // (never intended) cycle.
        let mut steps = 0usize;
        while let Some(next) = self.map[cur] {
            cur = next;
            steps += 1;
            if steps > self.count {
                break;
            }
        }
        cur
    }

    /// Shorten every chain to one step, so that later resolves are O(1).
    fn compress(&mut self) {
        let keys: Vec<Value> = self
            .map
            .iter()
            .filter(|(_, t)| t.is_some())
            .map(|(k, _)| k)
            .collect();
        for k in keys {
            let r = self.resolve(k);
            self.map[k] = Some(r);
        }
    }

    /// Rewrite the operands of every instruction placed in `body`.
    pub fn apply(&mut self, body: &mut Body) {
        if self.count == 0 {
            return;
        }
        self.compress();
        let Body {
            insts,
            blocks,
            order,
            ..
        } = body;
        for &b in order.iter() {
            for &i in &blocks[b].insts {
                insts[i].kind.map_operands(|v| self.map[v].unwrap_or(v));
            }
        }
    }
}

/// The `idx`-th branch target of a terminator (same order as `InstKind::successors`).
pub fn block_call_mut(kind: &mut InstKind, idx: usize) -> Option<&mut kauai_ir::BlockCall> {
    match kind {
        InstKind::Jump(b) => (idx == 0).then_some(b),
        InstKind::Brif(_, t, e) => match idx {
            0 => Some(t),
            1 => Some(e),
            _ => None,
        },
        InstKind::Switch { cases, default, .. } => {
            if idx < cases.len() {
                Some(&mut cases[idx].1)
            } else if idx == cases.len() {
                Some(default)
            } else {
                None
            }
        }
        _ => None,
    }
}

pub fn block_call(kind: &InstKind, idx: usize) -> Option<&kauai_ir::BlockCall> {
    match kind {
        InstKind::Jump(b) => (idx == 0).then_some(b),
        InstKind::Brif(_, t, e) => match idx {
            0 => Some(t),
            1 => Some(e),
            _ => None,
        },
        InstKind::Switch { cases, default, .. } => {
            if idx < cases.len() {
                Some(&cases[idx].1)
            } else if idx == cases.len() {
                Some(default)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Number of branch targets of a terminator.
pub fn num_targets(kind: &InstKind) -> usize {
    match kind {
        InstKind::Jump(_) => 1,
        InstKind::Brif(..) => 2,
        InstKind::Switch { cases, .. } => cases.len() + 1,
        _ => 0,
    }
}

/// An edge: the terminator of `from` reaches its target number `idx`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    pub from: Block,
    pub idx: usize,
}

/// Incoming edges of every block, from placed blocks only.
pub fn incoming_edges(body: &Body) -> SecondaryMap<Block, Vec<Edge>> {
    let mut inc: SecondaryMap<Block, Vec<Edge>> = SecondaryMap::new();
    for &b in &body.order {
        if let Some(t) = body.terminator(b) {
            let kind = &body.insts[t].kind;
            for idx in 0..num_targets(kind) {
                if let Some(bc) = block_call(kind, idx) {
                    inc[bc.block].push(Edge { from: b, idx });
                }
            }
        }
    }
    inc
}

/// Drop blocks that cannot be reached from the entry from the layout. Returns whether
/// anything changed. Values of removed blocks can only have been used in removed
/// blocks (their definitions dominate nothing reachable).
pub fn remove_unreachable_blocks(body: &mut Body) -> bool {
    let rpo = body.reverse_post_order();
    if rpo.len() == body.order.len() {
        return false;
    }
    let mut reach: SecondaryMap<Block, bool> = SecondaryMap::new();
    for b in &rpo {
        reach[*b] = true;
    }
    body.order.retain(|b| reach[*b]);
    true
}

/// Direct callees of every function (calls placed in the body), each listed once.
pub fn call_graph(m: &Module) -> SecondaryMap<FuncId, Vec<FuncId>> {
    let mut g: SecondaryMap<FuncId, Vec<FuncId>> = SecondaryMap::new();
    for (id, f) in m.functions.iter() {
        let Some(body) = &f.body else { continue };
        let mut seen = HashSet::new();
        for &b in &body.order {
            for &i in &body.blocks[b].insts {
                if let InstKind::Call(c, _) = &body.insts[i].kind {
                    if m.functions.get(*c).is_some() && seen.insert(*c) {
                        g[id].push(*c);
                    }
                }
            }
        }
    }
    g
}

/// Strongly connected components of the call graph, callees before callers (Tarjan's
/// algorithm with an explicit stack). The flag says whether the component is recursive
/// (more than one function, or a function calling itself).
pub fn call_sccs(m: &Module, g: &SecondaryMap<FuncId, Vec<FuncId>>) -> Vec<(Vec<FuncId>, bool)> {
    let n = m.functions.len();
    let mut index: SecondaryMap<FuncId, u32> = SecondaryMap::with_default(u32::MAX);
    let mut low: SecondaryMap<FuncId, u32> = SecondaryMap::new();
    let mut on_stack: SecondaryMap<FuncId, bool> = SecondaryMap::new();
    let mut stack: Vec<FuncId> = Vec::with_capacity(n);
    let mut out = Vec::new();
    let mut next = 0u32;
    for (root, _) in m.functions.iter() {
        if index[root] != u32::MAX {
            continue;
        }
        // Frames: (function, next callee position).
        let mut frames: Vec<(FuncId, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (f, ref mut pos)) = frames.last_mut() {
            if let Some(&c) = g[f].get(*pos) {
                *pos += 1;
                if index[c] == u32::MAX {
                    index[c] = next;
                    low[c] = next;
                    next += 1;
                    stack.push(c);
                    on_stack[c] = true;
                    frames.push((c, 0));
                } else if on_stack[c] {
                    low[f] = low[f].min(index[c]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                low[parent] = low[parent].min(low[f]);
            }
            if low[f] == index[f] {
                let mut comp = Vec::new();
                while let Some(x) = stack.pop() {
                    on_stack[x] = false;
                    comp.push(x);
                    if x == f {
                        break;
                    }
                }
                let recursive = comp.len() > 1 || g[f].contains(&f);
                comp.reverse();
                out.push((comp, recursive));
            }
        }
    }
    out
}

/// Remove functions from the module, renumbering the rest and every call.
pub fn remove_functions(m: &mut Module, dead: &HashSet<FuncId>) {
    if dead.is_empty() {
        return;
    }
    let old = std::mem::take(&mut m.functions);
    let mut remap: SecondaryMap<FuncId, Option<FuncId>> = SecondaryMap::new();
    let mut fresh = PrimaryMap::new();
    for (id, f) in old.into_iter() {
        if !dead.contains(&id) {
            remap[id] = Some(fresh.push(f));
        }
    }
    for (_, f) in fresh.iter_mut() {
        let Some(body) = &mut f.body else { continue };
        for (_, data) in body.insts.iter_mut() {
            if let InstKind::Call(c, _) = &mut data.kind {
                if let Some(n) = remap[*c] {
                    *c = n;
                }
            }
        }
    }
    m.functions = fresh;
}

/// Functions with at least one call placed in some body.
pub fn called_functions(m: &Module) -> HashSet<FuncId> {
    let mut s = HashSet::new();
    for (_, f) in m.functions.iter() {
        let Some(body) = &f.body else { continue };
        for &b in &body.order {
            for &i in &body.blocks[b].insts {
                if let InstKind::Call(c, _) = &body.insts[i].kind {
                    s.insert(*c);
                }
            }
        }
    }
    s
}

/// Keep only the parameters of `block` whose flag is set, renumbering the rest. The
/// caller updates the branch arguments.
pub fn retain_params(body: &mut Body, block: Block, keep: &[bool]) {
    let old = std::mem::take(&mut body.blocks[block].params);
    let mut kept = Vec::with_capacity(old.len());
    for (k, p) in old.into_iter().enumerate() {
        if keep.get(k).copied().unwrap_or(true) {
            body.values[p].def = kauai_ir::ValueDef::Param(block, kept.len() as u32);
            kept.push(p);
        } else {
            // The value stays in the arena, defined by nothing placed.
            body.values[p].def = kauai_ir::ValueDef::None;
        }
    }
    body.blocks[block].params = kept;
}
