//! Directives: `#define`, `#undef`, conditionals (with group skipping), `#include`,
//! `#line`, `#error`, `#warning`, `#pragma` and the `_Pragma` operator.

use std::rc::Rc;

use kauai_diag::{Diagnostic, Span};

use super::*;

impl Pp<'_> {
    /// Handle the directive whose `#` is the current file token.
    pub(super) fn directive(&mut self, in_args: bool) {
        let Some(f) = self.files.last_mut() else {
            return;
        };
        let Some(&hash) = f.lexed.toks.get(f.pos) else {
            return;
        };
        let start = f.pos + 1;
        let mut end = start;
        while end < f.lexed.toks.len() && f.lexed.toks[end].flags & BOL == 0 {
            end += 1;
        }
        f.pos = end;
        let id = f.id;
        let bytes = f.bytes.clone();
        let raw: Vec<FTok> = f.lexed.toks[start.min(end)..end].to_vec();
        let dir_end = raw.last().map_or(hash.end, |t| t.end);
        let dir_span = Span::new(id, hash.start as usize, dir_end as usize);
        let Some(&name_ft) = raw.first() else {
            return; // the null directive
        };
        let mut line: Vec<PTok> = raw
            .iter()
            .map(|&ft| make_ptok(&mut self.names, &self.punct_syms, &bytes, id, ft))
            .collect();
        let name = line.remove(0);
        if name_ft.kind == RawKind::Number {
            // GNU line marker `# 33 "file"`: same as #line.
            line.insert(0, name);
            self.line_directive(line, dir_span, dir_end);
            return;
        }
        let nm = self.names.get(name.sym).to_string();
        if name.kind != PKind::Ident {
            let msg = format!("invalid preprocessing directive '#{nm}'");
            self.error(name.span, msg, "expected a directive name");
            return;
        }
        match nm.as_str() {
            "define" => self.define(&line, dir_span),
            "undef" => self.undef(&line, dir_span),
            "include" => {
                if in_args {
                    self.error(
                        dir_span,
                        "#include inside macro arguments is not supported",
                        "move this out of the macro invocation",
                    );
                } else {
                    self.include(&raw[1..], &bytes, line, dir_span);
                }
            }
            "if" => {
                let v = self.eval_if(line, dir_span);
                self.push_cond(dir_span, v);
            }
            "ifdef" | "ifndef" => {
                let v = match line.first() {
                    Some(t) if t.kind == PKind::Ident => {
                        if line.len() > 1 {
                            let msg = format!("extra tokens at end of #{nm} directive");
                            self.warning(line[1].span, msg, "ignored");
                        }
                        self.is_macro(t.sym) == (nm == "ifdef")
                    }
                    Some(t) => {
                        self.error(
                            t.span,
                            "macro names must be identifiers",
                            "not an identifier",
                        );
                        false
                    }
                    None => {
                        let msg = format!("no macro name given in #{nm} directive");
                        self.error(dir_span, msg, "expected a macro name");
                        false
                    }
                };
                self.push_cond(dir_span, v);
            }
            "elif" => self.elif(line, dir_span),
            "else" => self.else_(&line, dir_span),
            "endif" => {
                if !line.is_empty() {
                    self.warning(
                        line[0].span,
                        "extra tokens at end of #endif directive",
                        "ignored",
                    );
                }
                if self.cond_top().is_some() {
                    self.conds.pop();
                } else {
                    self.error(dir_span, "#endif without #if", "no open conditional");
                }
            }
            "line" => self.line_directive(line, dir_span, dir_end),
            "error" => {
                let msg = format!("#error {}", self.spell(&line));
                self.error(dir_span, msg, "#error directive");
            }
            "warning" => {
                let msg = format!("#warning {}", self.spell(&line));
                self.warning(dir_span, msg, "#warning directive");
            }
            "pragma" => self.pragma(&line, dir_span),
            _ => {
                let msg = format!("invalid preprocessing directive '#{nm}'");
                self.error(name.span, msg, "unknown directive");
            }
        }
    }

    pub(super) fn cond_top(&self) -> Option<usize> {
        let base = self.files.last().map_or(0, |f| f.cond_base);
        (self.conds.len() > base).then(|| self.conds.len() - 1)
    }

    pub(super) fn push_cond(&mut self, span: Span, taken: bool) {
        if self.conds.len() >= self.opts.limits.max_if_depth {
            let msg = format!(
                "#if nested too deeply (the limit MAX_IF_DEPTH is {})",
                self.opts.limits.max_if_depth
            );
            self.error(span, msg, "this group is skipped");
            self.conds.push(Cond {
                span,
                state: CondState::Done,
                else_span: None,
            });
            self.skip_group();
            return;
        }
        self.conds.push(Cond {
            span,
            state: if taken {
                CondState::Taking
            } else {
                CondState::Waiting
            },
            else_span: None,
        });
        if !taken {
            self.skip_group();
        }
    }

    pub(super) fn elif(&mut self, line: Vec<PTok>, span: Span) {
        let Some(top) = self.cond_top() else {
            self.error(span, "#elif without #if", "no open conditional");
            return;
        };
        if let Some(e) = self.conds[top].else_span {
            self.report(
                Diagnostic::error("#elif after #else")
                    .at(span, "this #elif")
                    .also(e, "follows this #else"),
            );
        }
        match self.conds[top].state {
            CondState::Taking | CondState::Done => {
                self.conds[top].state = CondState::Done;
                self.skip_group();
            }
            CondState::Waiting => {
                if self.eval_if(line, span) {
                    self.conds[top].state = CondState::Taking;
                } else {
                    self.skip_group();
                }
            }
        }
    }

    pub(super) fn else_(&mut self, line: &[PTok], span: Span) {
        let Some(top) = self.cond_top() else {
            self.error(span, "#else without #if", "no open conditional");
            return;
        };
        if let Some(t) = line.first() {
            self.warning(t.span, "extra tokens at end of #else directive", "ignored");
        }
        if let Some(e) = self.conds[top].else_span {
            self.report(
                Diagnostic::error("#else after #else")
                    .at(span, "this #else")
                    .also(e, "follows this #else"),
            );
        }
        self.conds[top].else_span = Some(span);
        match self.conds[top].state {
            CondState::Taking | CondState::Done => {
                self.conds[top].state = CondState::Done;
                self.skip_group();
            }
            CondState::Waiting => self.conds[top].state = CondState::Taking,
        }
    }

    /// Skip lines until the `#elif`, `#else` or `#endif` that ends this group (left for
    /// the caller to read) or the end of the file. Only directive names are looked at.
    pub(super) fn skip_group(&mut self) {
        let Some(f) = self.files.last_mut() else {
            return;
        };
        let mut depth = 0usize;
        let mut i = f.pos;
        while i < f.lexed.toks.len() {
            let t = f.lexed.toks[i];
            if t.flags & BOL != 0 && t.kind == RawKind::Punct(Punct::Hash) {
                if let Some(n) = f.lexed.toks.get(i + 1).filter(|n| n.flags & BOL == 0) {
                    let raw = f
                        .bytes
                        .get(n.start as usize..n.end as usize)
                        .unwrap_or_default();
                    match &*lex::spelling(raw) {
                        b"if" | b"ifdef" | b"ifndef" => depth += 1,
                        b"endif" if depth > 0 => depth -= 1,
                        b"endif" | b"elif" | b"else" if depth == 0 => {
                            f.pos = i;
                            return;
                        }
                        _ => {}
                    }
                }
            }
            i += 1;
        }
        f.pos = i;
    }

    pub(super) fn eval_if(&mut self, line: Vec<PTok>, span: Span) -> bool {
        if line.is_empty() {
            self.error(span, "#if with no expression", "expected an expression");
            return false;
        }
        // `defined X` / `defined ( X )` before expansion (C99 6.10.1p1).
        let mut toks = Vec::with_capacity(line.len());
        let mut i = 0;
        while i < line.len() {
            let t = line[i];
            if t.kind == PKind::Ident && t.sym == self.k.defined {
                let paren = line
                    .get(i + 1)
                    .is_some_and(|p| p.kind == PKind::Punct(Punct::LParen));
                let ni = if paren { i + 2 } else { i + 1 };
                let Some(n) = line.get(ni).filter(|n| n.kind == PKind::Ident) else {
                    self.error(
                        t.span,
                        "macro name missing after 'defined'",
                        "expected an identifier",
                    );
                    return false;
                };
                let mut next = ni + 1;
                if paren {
                    if !line
                        .get(next)
                        .is_some_and(|p| p.kind == PKind::Punct(Punct::RParen))
                    {
                        self.error(
                            n.span,
                            "missing ')' after 'defined'",
                            "expected `)` after this",
                        );
                        return false;
                    }
                    next += 1;
                }
                let sym = if self.is_macro(n.sym) {
                    self.k.one
                } else {
                    self.k.zero
                };
                toks.push(PTok {
                    kind: PKind::Number,
                    sym,
                    span: t.span,
                    flags: t.flags,
                });
                i = next;
                continue;
            }
            toks.push(t);
            i += 1;
        }
        let toks = self.expand_list(toks);
        let end = Span::new(span.file, span.end as usize, span.end as usize);
        let macros = &self.macros;
        let is_defined = |s: Sym| macros.get(s.0 as usize).is_some_and(|m| m.is_some());
        match expr::eval(&toks, &self.names, &is_defined, end) {
            Ok(v) => v.v != 0,
            Err((sp, msg)) => {
                self.error(sp, msg, "in this #if expression");
                false
            }
        }
    }

    pub(super) fn define(&mut self, line: &[PTok], dir_span: Span) {
        let Some(&name) = line.first() else {
            self.error(
                dir_span,
                "macro name missing in #define",
                "expected a macro name",
            );
            return;
        };
        if name.kind != PKind::Ident {
            self.error(
                name.span,
                "macro names must be identifiers",
                "not an identifier",
            );
            return;
        }
        if name.sym == self.k.defined {
            self.error(
                name.span,
                "'defined' cannot be used as a macro name",
                "reserved",
            );
            return;
        }
        let mut i = 1;
        let mut params: Vec<Sym> = Vec::new();
        // Hashed: a hostile definition may have very many parameters.
        let mut param_index: FxMap<Sym, usize> = FxMap::default();
        let mut variadic = false;
        let function = line
            .get(1)
            .is_some_and(|t| t.kind == PKind::Punct(Punct::LParen) && t.flags & SPACE == 0);
        if function {
            i = 2;
            loop {
                let Some(&t) = line.get(i) else {
                    self.error(
                        dir_span,
                        "missing ')' in macro parameter list",
                        "expected `)`",
                    );
                    return;
                };
                i += 1;
                match t.kind {
                    PKind::Punct(Punct::RParen) if params.is_empty() => break,
                    PKind::Punct(Punct::Ellipsis) => {
                        variadic = true;
                        param_index.insert(self.k.va_args, params.len());
                        params.push(self.k.va_args);
                        if line
                            .get(i)
                            .is_some_and(|t| t.kind == PKind::Punct(Punct::RParen))
                        {
                            i += 1;
                            break;
                        }
                        self.error(
                            t.span,
                            "missing ')' after '...' in macro parameter list",
                            "expected `)` after this",
                        );
                        return;
                    }
                    PKind::Ident => {
                        if t.sym == self.k.va_args {
                            self.error(
                                t.span,
                                "__VA_ARGS__ can not be used as a parameter name",
                                "reserved",
                            );
                            return;
                        }
                        if param_index.contains_key(&t.sym) {
                            let msg =
                                format!("duplicate macro parameter '{}'", self.names.get(t.sym));
                            self.error(t.span, msg, "already a parameter");
                            return;
                        }
                        param_index.insert(t.sym, params.len());
                        params.push(t.sym);
                        match line.get(i).map(|t| t.kind) {
                            Some(PKind::Punct(Punct::Comma)) => i += 1,
                            Some(PKind::Punct(Punct::RParen)) => {
                                i += 1;
                                break;
                            }
                            _ => {
                                self.error(
                                    t.span,
                                    "expected ',' or ')' after macro parameter",
                                    "after this",
                                );
                                return;
                            }
                        }
                    }
                    _ => {
                        self.error(
                            t.span,
                            "expected a parameter name in macro parameter list",
                            "not an identifier",
                        );
                        return;
                    }
                }
            }
        }
        let body_toks = line.get(i..).unwrap_or_default();
        let mut body = Vec::with_capacity(body_toks.len());
        let param_of = |t: &PTok| {
            if function && t.kind == PKind::Ident {
                param_index.get(&t.sym).copied()
            } else {
                None
            }
        };
        let mut j = 0;
        while j < body_toks.len() {
            let mut t = body_toks[j];
            t.flags &= !BOL;
            if j == 0 {
                t.flags &= !SPACE;
            }
            if function && t.kind == PKind::Punct(Punct::Hash) {
                match body_toks.get(j + 1).and_then(param_of) {
                    Some(p) => {
                        body.push(BodyItem::Str(p, t.flags));
                        j += 2;
                        continue;
                    }
                    None => {
                        self.error(
                            t.span,
                            "'#' is not followed by a macro parameter",
                            "expected a parameter name after this",
                        );
                        return;
                    }
                }
            }
            if t.kind == PKind::Punct(Punct::HashHash) {
                if body.is_empty() || j + 1 == body_toks.len() {
                    self.error(
                        t.span,
                        "'##' cannot appear at either end of a macro expansion",
                        "nothing to paste with",
                    );
                    return;
                }
                body.push(BodyItem::Paste);
                j += 1;
                continue;
            }
            if t.sym == self.k.va_args && !variadic {
                self.error(
                    t.span,
                    "__VA_ARGS__ can only appear in the expansion of a variadic macro",
                    "not allowed here",
                );
                return;
            }
            match param_of(&t) {
                Some(p) => body.push(BodyItem::Param(p, t.flags)),
                None => body.push(BodyItem::Tok(t)),
            }
            j += 1;
        }
        let kind = if function {
            MacroKind::Function {
                nparams: params.len(),
                variadic,
            }
        } else {
            MacroKind::Object
        };
        let m = Macro {
            name: name.sym,
            kind,
            params,
            body,
            def_span: dir_span,
        };
        if let Some(old) = self.macro_def(name.sym) {
            if !old.same_as(&m) {
                let msg = format!("'{}' macro redefined", self.names.get(name.sym));
                let mut d = Diagnostic::warning(msg).at(name.span, "redefined here");
                if old.def_span != Span::default() {
                    d = d.also(old.def_span, "previous definition");
                }
                self.report(d);
            }
        }
        self.set_macro(name.sym, Some(Rc::new(m)));
    }

    pub(super) fn undef(&mut self, line: &[PTok], dir_span: Span) {
        match line.first() {
            Some(t) if t.kind == PKind::Ident => {
                if t.sym == self.k.defined {
                    self.error(
                        t.span,
                        "'defined' cannot be used as a macro name",
                        "reserved",
                    );
                    return;
                }
                if let Some(x) = line.get(1) {
                    self.warning(x.span, "extra tokens at end of #undef directive", "ignored");
                }
                let s = t.sym;
                self.set_macro(s, None);
            }
            Some(t) => self.error(
                t.span,
                "macro names must be identifiers",
                "not an identifier",
            ),
            None => self.error(
                dir_span,
                "no macro name given in #undef directive",
                "expected a macro name",
            ),
        }
    }

    pub(super) fn include(&mut self, raw: &[FTok], bytes: &[u8], line: Vec<PTok>, dir_span: Span) {
        let text = |ft: &FTok| {
            let b = bytes
                .get(ft.start as usize..ft.end as usize)
                .unwrap_or_default();
            String::from_utf8_lossy(&lex::spelling(b)).into_owned()
        };
        let target = match raw.first() {
            Some(ft) if ft.kind == (RawKind::StringLit { terminated: true }) => {
                let t = text(ft);
                if raw.len() > 1 {
                    self.warning(
                        line[1].span,
                        "extra tokens at end of #include directive",
                        "ignored",
                    );
                }
                Some((t[1..t.len() - 1].to_string(), false))
            }
            Some(ft) if ft.kind == RawKind::Punct(Punct::Lt) => {
                let end = raw.last().map_or(ft.end, |l| l.end) as usize;
                let rest = bytes.get(ft.end as usize..end).unwrap_or_default();
                match rest.iter().position(|&b| b == b'>') {
                    Some(p) => Some((
                        String::from_utf8_lossy(&lex::spelling(&rest[..p])).into_owned(),
                        true,
                    )),
                    None => {
                        self.error(
                            dir_span,
                            "missing terminating '>' character",
                            "in this #include",
                        );
                        return;
                    }
                }
            }
            Some(_) => {
                // Computed include (C99 6.10.2p4).
                let toks = self.expand_list(line);
                match toks.first() {
                    Some(t) if t.kind == PKind::Str && t.flags & UNTERM == 0 => {
                        let s = self.names.get(t.sym);
                        Some((s[1..s.len() - 1].to_string(), false))
                    }
                    Some(t) if t.kind == PKind::Punct(Punct::Lt) => {
                        match toks.iter().position(|t| t.kind == PKind::Punct(Punct::Gt)) {
                            Some(gt) => Some((self.spell(&toks[1..gt]), true)),
                            None => {
                                self.error(
                                    dir_span,
                                    "missing terminating '>' character",
                                    "in this #include",
                                );
                                return;
                            }
                        }
                    }
                    _ => None,
                }
            }
            None => None,
        };
        let Some((name, angled)) = target else {
            self.error(
                dir_span,
                "#include expects \"FILENAME\" or <FILENAME>",
                "in this #include",
            );
            return;
        };
        if name.is_empty() {
            self.error(dir_span, "empty filename in #include", "in this #include");
            return;
        }
        let depth = self.files.iter().filter(|f| !f.top_level).count();
        if depth >= self.opts.limits.max_include_depth {
            let msg = format!(
                "#include nested too deeply (the limit MAX_INCLUDE_DEPTH is {})",
                self.opts.limits.max_include_depth
            );
            self.error(dir_span, msg, "not included");
            return;
        }
        let dir = self
            .files
            .last()
            .map(|f| f.lexed.dir.clone())
            .unwrap_or_default();
        match self.resolve(&name, angled, &dir) {
            Some(id) => {
                if self.once.contains(&id) {
                    return;
                }
                let Some(l) = self.lexed(id) else { return };
                if l.guard.is_some_and(|g| self.is_macro(g)) {
                    return; // guarded and already included: nothing would come out
                }
                // Each inclusion costs its size plus a fixed amount, so that neither huge
                // files nor exponentially many small ones can keep us busy.
                self.included += l.bytes.len() as u64 + 1024;
                if self.included > self.opts.limits.max_included_bytes {
                    if std::mem::replace(&mut self.include_budget_hit, true) {
                        return; // reported once; later includes are skipped quietly
                    }
                    let msg = format!(
                        "#include brings in too much text (the limit MAX_INCLUDED_BYTES is {} bytes in total)",
                        self.opts.limits.max_included_bytes
                    );
                    self.error(dir_span, msg, "not included");
                    return;
                }
                self.load_file(id, false);
            }
            None => {
                let mut d = Diagnostic::error(format!("'{name}' file not found"))
                    .at(dir_span, "in this #include");
                if !angled {
                    d = d.note(format!(
                        "searched the including file's directory ('{}') and the -I directories",
                        if dir.is_empty() { "." } else { &dir }
                    ));
                } else {
                    d = d.note("searched the -I directories");
                }
                self.report(d);
            }
        }
    }

    pub(super) fn resolve(&mut self, name: &str, angled: bool, dir: &str) -> Option<FileId> {
        // (path, whether the disk may be asked)
        let mut cands: Vec<(String, bool)> = Vec::new();
        if !self.opts.input_headers.is_empty() {
            // Input headers were given for exactly this name: they win everywhere.
            cands.push((name.to_string(), false));
        }
        if name.starts_with('/') {
            cands.push((name.to_string(), true));
        } else {
            if !angled {
                cands.push((join_path(dir, name), true));
            }
            for d in &self.opts.include_dirs {
                cands.push((join_path(&d.to_string_lossy(), name), true));
            }
        }
        for (c, disk) in cands {
            let key = normalize_path(&c);
            if let Some(&id) = self.file_cache.get(&key) {
                return Some(id);
            }
            let in_memory = self
                .opts
                .input_headers
                .iter()
                .chain(&self.opts.virtual_files)
                .find(|(n, _)| normalize_path(n) == key);
            let bytes = match in_memory {
                Some((_, b)) => Some(b.clone()),
                None if !disk => None,
                None => std::fs::metadata(&c)
                    .ok()
                    .filter(|m| m.is_file() && m.len() <= crate::limits::MAX_INCLUDE_FILE_BYTES)
                    .and_then(|_| std::fs::read(&c).ok()),
            };
            if let Some(b) = bytes {
                let id = self.sources.add(key.clone(), b);
                self.file_cache.insert(key, id);
                return Some(id);
            }
        }
        None
    }

    pub(super) fn line_directive(&mut self, line: Vec<PTok>, dir_span: Span, dir_end: u32) {
        let toks = self.expand_list(line);
        let num = toks.first().and_then(|t| {
            let s = self.names.get(t.sym);
            (t.kind == PKind::Number && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse::<i64>().ok())
                .flatten()
                .filter(|n| (0..=2_147_483_647).contains(n))
        });
        let Some(n) = num else {
            let span = toks.first().map_or(dir_span, |t| t.span);
            self.error(
                span,
                "#line directive requires a simple digit sequence",
                "expected a line number",
            );
            return;
        };
        let mut presumed = None;
        if let Some(t) = toks.get(1) {
            let s = self.names.get(t.sym);
            if t.kind == PKind::Str && t.flags & UNTERM == 0 {
                match lex::unescape(&s[1..s.len() - 1]) {
                    Ok(b) => presumed = Some(String::from_utf8_lossy(&b).into_owned()),
                    Err(m) => {
                        self.error(t.span, m, "in this file name");
                        return;
                    }
                }
            } else if name_is_flag(s) {
                // GNU line marker flags are ignored.
            } else {
                self.error(
                    t.span,
                    "invalid filename in #line directive",
                    "expected a string literal",
                );
                return;
            }
        }
        let Some(f) = self.files.last_mut() else {
            return;
        };
        let (phys, _) = self
            .sources
            .get(f.id)
            .map_or((0, 0), |s| s.line_col(dir_end as usize));
        f.line_delta = n - (phys as i64 + 1);
        if presumed.is_some() {
            f.presumed_name = presumed;
        }
        // Diagnostics from here on report the presumed place too.
        let (id, line_delta) = (f.id, f.line_delta);
        let name = f
            .presumed_name
            .clone()
            .or_else(|| self.sources.get(id).map(|s| s.name.clone()));
        if let Some(name) = name {
            self.sources.add_line_mark(
                id,
                kauai_diag::LineMark {
                    offset: dir_end as usize,
                    name,
                    line_delta,
                },
            );
        }
    }

    pub(super) fn pragma(&mut self, line: &[PTok], dir_span: Span) {
        let text = self.spell(line);
        let words: Vec<String> = line
            .iter()
            .take(5)
            .map(|t| self.names.get(t.sym).to_string())
            .collect();
        let word = |i: usize| words.get(i).map(String::as_str);
        let kind = match (word(0), word(1)) {
            (Some("OPENCL"), Some("EXTENSION")) => {
                let ok = line.len() == 5
                    && line[2].kind == PKind::Ident
                    && line[3].kind == PKind::Punct(Punct::Colon)
                    && matches!(word(4), Some("enable" | "disable"));
                if ok {
                    let name = words[2].clone();
                    if name != "all" && !self.opts.extensions.contains(&name) {
                        let msg = format!("unsupported OpenCL extension '{name}' - ignoring");
                        self.warning(line[2].span, msg, "not supported by this device");
                    }
                    PragmaKind::Extension {
                        name,
                        enable: word(4) == Some("enable"),
                    }
                } else {
                    self.warning(
                        dir_span,
                        "malformed #pragma OPENCL EXTENSION; expected 'name : enable' or 'name : disable'",
                        "ignored",
                    );
                    PragmaKind::Other
                }
            }
            (Some("unroll"), None) => PragmaKind::Unroll(None),
            (Some("unroll"), Some(_)) => {
                let toks = self.expand_list(line[1..].to_vec());
                let end = Span::new(dir_span.file, dir_span.end as usize, dir_span.end as usize);
                let macros = &self.macros;
                let is_defined = |s: Sym| macros.get(s.0 as usize).is_some_and(|m| m.is_some());
                match expr::eval(&toks, &self.names, &is_defined, end) {
                    Ok(v) if !v.unsigned && (v.v as i64) >= 0 && v.v <= u32::MAX as u64 => {
                        PragmaKind::Unroll(Some(v.v as u32))
                    }
                    Ok(v) if v.unsigned && v.v <= u32::MAX as u64 => {
                        PragmaKind::Unroll(Some(v.v as u32))
                    }
                    _ => {
                        self.warning(dir_span, "invalid #pragma unroll count; expected a non-negative integer constant", "ignored");
                        PragmaKind::Other
                    }
                }
            }
            (Some("once"), None) => {
                // Consumed here: not a pragma for later stages.
                if let Some(f) = self.files.last() {
                    let id = f.id;
                    self.once.insert(id);
                }
                return;
            }
            _ => PragmaKind::Other,
        };
        self.out.pragmas.push(Pragma {
            span: dir_span,
            text,
            token_index: self.out.tokens.len(),
            kind,
        });
    }

    /// `_Pragma ( "text" )` (C99 6.10.9). False if not followed by `(` (then it is an
    /// ordinary identifier).
    pub(super) fn pragma_operator(&mut self, t: PTok) -> bool {
        if !self.peek_lparen() {
            return false;
        }
        self.next_tok(true);
        let s = self.next_expanded_str();
        let close = self.next_tok(true);
        let Some(s) = s.filter(|_| close.is_some_and(|c| c.kind == PKind::Punct(Punct::RParen)))
        else {
            self.error(
                t.span,
                "_Pragma takes a parenthesized string literal",
                "here",
            );
            return true;
        };
        let text = self.names.get(s.sym).to_string();
        let body = text[1..text.len() - 1]
            .replace("\\\"", "\"")
            .replace("\\\\", "\\");
        let span = t.span.to(s.span);
        let toks = self.lex_text(&body, span);
        self.pragma(&toks, span);
        true
    }

    pub(super) fn next_expanded_str(&mut self) -> Option<PTok> {
        self.next_tok(true)
            .filter(|t| t.kind == PKind::Str && t.flags & UNTERM == 0)
    }

    /// Tokens of a string (for `_Pragma`), all with `span`.
    pub(super) fn lex_text(&mut self, text: &str, span: Span) -> Vec<PTok> {
        let mut out = Vec::new();
        let mut flags = 0;
        for t in lex::tokenize(text.as_bytes()) {
            if t.kind.is_trivia() || t.kind == RawKind::Newline {
                flags |= SPACE;
                continue;
            }
            let ft = FTok {
                kind: t.kind,
                start: t.start,
                end: t.end,
                flags,
            };
            let mut p = make_ptok(
                &mut self.names,
                &self.punct_syms,
                text.as_bytes(),
                span.file,
                ft,
            );
            p.span = span;
            out.push(p);
            flags = 0;
        }
        out
    }
}

/// GNU line-marker flags (`# 1 "f" 1 3`) are plain numbers.
fn name_is_flag(s: &str) -> bool {
    matches!(s, "1" | "2" | "3" | "4")
}
