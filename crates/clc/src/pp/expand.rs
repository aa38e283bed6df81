//! Macro expansion: reading tokens through the context stack, argument collection,
//! substitution with `#` and `##`, and the built-in macros.

use kauai_diag::{Diagnostic, Span};

use super::*;

impl Pp<'_> {
    /// The next token before macro expansion. `in_args`: collecting macro arguments,
    /// which may not run out of an included file.
    pub(super) fn next_tok(&mut self, in_args: bool) -> Option<PTok> {
        loop {
            if let Some(c) = self.ctx.last_mut() {
                if c.pos < c.toks.len() {
                    let t = c.toks[c.pos];
                    c.pos += 1;
                    return Some(t);
                }
                if self.list_mode && self.ctx.len() == 1 {
                    return None;
                }
                self.pop_ctx();
                continue;
            }
            if self.list_mode {
                return None;
            }
            return self.next_file_tok(in_args);
        }
    }

    pub(super) fn next_file_tok(&mut self, in_args: bool) -> Option<PTok> {
        loop {
            let Some(f) = self.files.last_mut() else {
                if !self.next_source() {
                    return None;
                }
                continue;
            };
            let Some(&ft) = f.lexed.toks.get(f.pos) else {
                if in_args && !f.top_level {
                    return None;
                }
                self.end_file();
                continue;
            };
            if ft.flags & BOL != 0 && ft.kind == RawKind::Punct(Punct::Hash) {
                self.directive(in_args);
                continue;
            }
            f.pos += 1;
            let (id, bytes) = (f.id, &f.bytes);
            return Some(make_ptok(&mut self.names, &self.punct_syms, bytes, id, ft));
        }
    }

    pub(super) fn pop_ctx(&mut self) {
        if let Some(c) = self.ctx.pop() {
            if let Some(m) = c.mac {
                if let Some(d) = self.disabled.get_mut(m.0 as usize) {
                    *d = d.saturating_sub(1);
                }
            }
        }
    }

    pub(super) fn push_ctx(&mut self, mac: Sym, toks: Vec<PTok>) {
        let n = toks.len() as u64;
        if n > self.budget {
            self.budget = 0;
            self.expansion_limit_hit(toks.first().map(|t| t.span).unwrap_or_default());
            return;
        }
        self.budget -= n;
        let i = mac.0 as usize;
        if self.disabled.len() <= i {
            self.disabled.resize(i + 1, 0);
        }
        self.disabled[i] += 1;
        self.ctx.push(Ctx {
            toks,
            pos: 0,
            mac: Some(mac),
        });
    }

    pub(super) fn expansion_limit_hit(&mut self, span: Span) {
        if !self.expansion_off {
            self.expansion_off = true;
            self.out.limit_hit = true;
            self.report(
                Diagnostic::error(format!(
                    "macro expansion produces too many tokens (the limit MAX_EXPANSION_TOKENS is {}); macros are no longer expanded",
                    self.opts.limits.max_expansion_tokens
                ))
                .at(span, "while expanding this"),
            );
        }
    }

    /// Count `n` bytes of a token made by `#` or `##` against
    /// [`super::PpLimits::max_made_token_bytes`]; `false` (reported once, expansion
    /// stops) when they do not fit.
    fn take_made_bytes(&mut self, n: u64, span: Span) -> bool {
        self.made_bytes = self.made_bytes.saturating_add(n);
        if self.made_bytes <= self.opts.limits.max_made_token_bytes {
            return true;
        }
        self.budget = 0;
        if !self.expansion_off {
            self.expansion_off = true;
            self.out.limit_hit = true;
            self.report(
                Diagnostic::error(format!(
                    "`#` and `##` make too much text (the limit MAX_MADE_TOKEN_BYTES is {} bytes); macros are no longer expanded",
                    self.opts.limits.max_made_token_bytes
                ))
                .at(span, "while expanding this"),
            );
        }
        false
    }

    /// Whether the next token is `(`, for a function-like macro name. Exhausted
    /// contexts are popped on the way (their macros end before the `(`).
    pub(super) fn peek_lparen(&mut self) -> bool {
        loop {
            match self.ctx.last() {
                Some(c) if c.pos < c.toks.len() => {
                    return c.toks[c.pos].kind == PKind::Punct(Punct::LParen)
                }
                Some(_) => {
                    if self.list_mode && self.ctx.len() == 1 {
                        return false;
                    }
                    self.pop_ctx();
                }
                None => break,
            }
        }
        if self.list_mode {
            return false;
        }
        loop {
            let Some(f) = self.files.last() else {
                return false;
            };
            match f.lexed.toks.get(f.pos) {
                Some(ft) => {
                    // A directive line (`#` at line start) is never `(`.
                    return ft.kind == RawKind::Punct(Punct::LParen);
                }
                None if f.top_level && !self.queue.is_empty() => {
                    self.end_file();
                    if !self.next_source() {
                        return false;
                    }
                }
                None => return false,
            }
        }
    }

    /// The next fully macro-expanded token.
    pub(super) fn next_expanded(&mut self) -> Option<PTok> {
        loop {
            let mut t = self.next_tok(false)?;
            if t.kind != PKind::Ident || t.flags & NOEXP != 0 {
                return Some(t);
            }
            let Some(m) = self.macro_def(t.sym) else {
                if t.sym == self.k.pragma_op && !self.list_mode && self.pragma_operator(t) {
                    continue;
                }
                return Some(t);
            };
            if self.is_disabled(t.sym) {
                t.flags |= NOEXP;
                return Some(t);
            }
            if self.expansion_off {
                return Some(t);
            }
            match m.kind {
                MacroKind::Line | MacroKind::File => return Some(self.builtin(&m, t)),
                MacroKind::Object => {
                    let toks = self.subst(&m, &[], t.span, t.flags);
                    self.push_ctx(m.name, toks);
                }
                MacroKind::Function { .. } => {
                    if !self.peek_lparen() {
                        return Some(t);
                    }
                    self.next_tok(true);
                    if let Some((args, end)) = self.collect_args(&m, t) {
                        let span = t.span.to(end);
                        let toks = self.subst(&m, &args, span, t.flags);
                        self.push_ctx(m.name, toks);
                    }
                }
            }
        }
    }

    /// Arguments of a function-like macro invocation, after its `(`. `None` after an
    /// error (reported).
    pub(super) fn collect_args(&mut self, m: &Macro, name: PTok) -> Option<(Vec<Vec<PTok>>, Span)> {
        let MacroKind::Function { nparams, variadic } = m.kind else {
            return None;
        };
        let mut args: Vec<Vec<PTok>> = vec![Vec::new()];
        let mut depth = 0usize;
        let end = loop {
            let Some(mut t) = self.next_tok(true) else {
                self.report(
                    Diagnostic::error(format!(
                        "unterminated argument list invoking macro '{}'",
                        self.names.get(m.name)
                    ))
                    .at(name.span, "this invocation has no closing `)`"),
                );
                return None;
            };
            if t.flags & BOL != 0 {
                t.flags = (t.flags & !BOL) | SPACE;
            }
            // Painted when read, as gcc and clang do: an argument token naming a macro
            // that is being expanded stays unexpanded even if that expansion ends
            // before the argument is rescanned (`#define r q(r` then `r))` gives `r)`).
            if t.kind == PKind::Ident && self.is_disabled(t.sym) {
                t.flags |= NOEXP;
            }
            match t.kind {
                PKind::Punct(Punct::LParen) => depth += 1,
                PKind::Punct(Punct::RParen) => {
                    if depth == 0 {
                        break t.span;
                    }
                    depth -= 1;
                }
                PKind::Punct(Punct::Comma)
                    if depth == 0 && !(variadic && args.len() >= nparams) =>
                {
                    args.push(Vec::new());
                    continue;
                }
                _ => {}
            }
            if let Some(a) = args.last_mut() {
                a.push(t);
            }
        };
        if nparams == 0 && args.len() == 1 && args[0].is_empty() {
            args.clear();
        }
        if variadic && args.len() + 1 == nparams {
            args.push(Vec::new());
        }
        if args.len() != nparams {
            let want = if variadic {
                format!("at least {}", nparams - 1)
            } else {
                nparams.to_string()
            };
            let plural = if want == "1" { "" } else { "s" };
            self.report(
                Diagnostic::error(format!(
                    "macro '{}' requires {want} argument{plural}, but {} given",
                    self.names.get(m.name),
                    args.len()
                ))
                .at(name.span.to(end), "in this invocation")
                .also(m.def_span, "macro defined here"),
            );
            return None;
        }
        Some((args, end))
    }

    /// Expand a token list on its own (a macro argument, an `#if` line).
    pub(super) fn expand_list(&mut self, toks: Vec<PTok>) -> Vec<PTok> {
        let needs = toks.iter().any(|t| {
            t.kind == PKind::Ident
                && t.flags & NOEXP == 0
                && (self.is_macro(t.sym) || t.sym == self.k.pragma_op)
        });
        if !needs || self.expansion_off {
            return toks;
        }
        if self.arg_nesting >= self.opts.limits.max_arg_nesting {
            let span = toks.first().map(|t| t.span).unwrap_or_default();
            self.report(
                Diagnostic::error(format!(
                    "macro invocations nested too deeply in arguments (the limit MAX_ARG_NESTING is {})",
                    self.opts.limits.max_arg_nesting
                ))
                .at(span, "here"),
            );
            self.expansion_off = true;
            return toks;
        }
        self.arg_nesting += 1;
        let saved = std::mem::take(&mut self.ctx);
        let saved_mode = std::mem::replace(&mut self.list_mode, true);
        self.ctx.push(Ctx {
            toks,
            pos: 0,
            mac: None,
        });
        let mut out = Vec::new();
        while let Some(t) = self.next_expanded() {
            out.push(t);
        }
        while !self.ctx.is_empty() {
            self.pop_ctx();
        }
        self.ctx = saved;
        self.list_mode = saved_mode;
        self.arg_nesting -= 1;
        out
    }

    /// The replacement list with arguments substituted, `#` and `##` applied.
    pub(super) fn subst(
        &mut self,
        m: &Macro,
        args: &[Vec<PTok>],
        span: Span,
        name_flags: u8,
    ) -> Vec<PTok> {
        let mut out: Vec<PTok> = Vec::with_capacity(m.body.len());
        let mut expanded: Vec<Option<Vec<PTok>>> = vec![None; args.len()];
        let variadic_idx = match m.kind {
            MacroKind::Function {
                nparams,
                variadic: true,
            } => Some(nparams - 1),
            _ => None,
        };
        let placemarker = PTok {
            kind: PKind::Placemarker,
            sym: self.k.empty,
            span,
            flags: 0,
        };
        let budget = self.budget;
        // Stringized arguments count with their length: `#x #x #x ...` of a long
        // argument would otherwise grow quadratically outside the token budget.
        let mut extra: u64 = 0;
        let mut i = 0;
        while i < m.body.len() {
            if out.len() as u64 + extra > budget {
                self.budget = 0;
                self.expansion_limit_hit(span);
                return Vec::new();
            }
            match m.body[i] {
                BodyItem::Tok(mut t) => {
                    t.span = span;
                    out.push(t);
                    i += 1;
                }
                BodyItem::Str(p, fl) => {
                    let arg = args.get(p).map_or(&[][..], |a| a);
                    extra += arg.len() as u64;
                    if out.len() as u64 + extra > budget {
                        continue; // reported at the top of the loop
                    }
                    let mut s = self.stringize(arg, span);
                    s.flags = fl & SPACE;
                    out.push(s);
                    i += 1;
                }
                BodyItem::Param(p, fl) => {
                    let arg = args.get(p).map_or(&[][..], |a| a);
                    let start = out.len();
                    if matches!(m.body.get(i + 1), Some(BodyItem::Paste)) {
                        if arg.is_empty() {
                            out.push(placemarker);
                        } else {
                            out.extend_from_slice(arg);
                        }
                    } else {
                        if expanded[p].is_none() {
                            expanded[p] = Some(self.expand_list(arg.to_vec()));
                        }
                        if let Some(e) = &expanded[p] {
                            out.extend_from_slice(e);
                        }
                    }
                    if let Some(f) = out.get_mut(start) {
                        f.flags = (f.flags & !(SPACE | BOL)) | (fl & SPACE);
                    }
                    i += 1;
                }
                BodyItem::Paste => {
                    let Some(&rhs_item) = m.body.get(i + 1) else {
                        break;
                    };
                    i += 2;
                    let mut rhs: Vec<PTok> = match rhs_item {
                        BodyItem::Tok(mut t) => {
                            t.span = span;
                            vec![t]
                        }
                        BodyItem::Param(p, _) => {
                            let arg = args.get(p).map_or(&[][..], |a| a);
                            // GNU `, ## __VA_ARGS__`: an empty variable argument
                            // swallows the comma; a non-empty one is not pasted to it.
                            let after_comma = out
                                .last()
                                .is_some_and(|t| t.kind == PKind::Punct(Punct::Comma));
                            if Some(p) == variadic_idx && after_comma {
                                if arg.is_empty() {
                                    out.pop();
                                } else {
                                    out.extend_from_slice(arg);
                                }
                                continue;
                            }
                            if arg.is_empty() {
                                vec![placemarker]
                            } else {
                                arg.to_vec()
                            }
                        }
                        BodyItem::Str(p, _) => {
                            vec![self.stringize(args.get(p).map_or(&[][..], |a| a), span)]
                        }
                        BodyItem::Paste => Vec::new(),
                    };
                    if rhs.is_empty() {
                        continue;
                    }
                    let first = rhs.remove(0);
                    match out.pop() {
                        Some(lhs) => {
                            let (a, b) = self.paste(lhs, first, span);
                            out.push(a);
                            out.extend(b);
                        }
                        None => out.push(first),
                    }
                    out.extend(rhs);
                }
            }
        }
        out.retain(|t| t.kind != PKind::Placemarker);
        if let Some(f) = out.first_mut() {
            f.flags = (f.flags & !(SPACE | BOL)) | (name_flags & (SPACE | BOL));
        }
        out
    }

    /// `# param`: the argument's spelling as a string literal (C99 6.10.3.2).
    pub(super) fn stringize(&mut self, arg: &[PTok], span: Span) -> PTok {
        // Escapes at most double the text; one byte of space between tokens.
        let len: usize = arg
            .iter()
            .map(|t| 2 * self.names.get(t.sym).len() + 1)
            .sum();
        if !self.take_made_bytes(len as u64 + 2, span) {
            return PTok {
                kind: PKind::Str,
                sym: self.names.intern("\"\""),
                span,
                flags: 0,
            };
        }
        let mut s = String::from("\"");
        for (i, t) in arg.iter().enumerate() {
            if i > 0 && t.flags & (SPACE | BOL) != 0 {
                s.push(' ');
            }
            let text = self.names.get(t.sym);
            if matches!(t.kind, PKind::Str | PKind::Char) {
                for c in text.chars() {
                    if c == '"' || c == '\\' {
                        s.push('\\');
                    }
                    s.push(c);
                }
            } else {
                s.push_str(text);
            }
        }
        s.push('"');
        PTok {
            kind: PKind::Str,
            sym: self.names.intern(&s),
            span,
            flags: 0,
        }
    }

    /// `lhs ## rhs`. If the result is not one token: an error, and both are kept.
    pub(super) fn paste(&mut self, lhs: PTok, rhs: PTok, span: Span) -> (PTok, Option<PTok>) {
        if lhs.kind == PKind::Placemarker {
            return (rhs, None);
        }
        if rhs.kind == PKind::Placemarker {
            return (lhs, None);
        }
        let len = self.names.get(lhs.sym).len() + self.names.get(rhs.sym).len();
        if !self.take_made_bytes(len as u64, span) {
            return (lhs, None);
        }
        let joined = format!("{}{}", self.names.get(lhs.sym), self.names.get(rhs.sym));
        let mut it = lex::tokenize(joined.as_bytes());
        let whole = it
            .next()
            .filter(|t| t.end as usize == joined.len())
            .map(|t| raw_to_pkind(t.kind))
            .filter(|&(k, f)| f == 0 && k != PKind::Other && !joined.starts_with("//"))
            .filter(|_| !joined.starts_with("/*"));
        match whole {
            Some((kind, _)) => (
                PTok {
                    kind,
                    sym: self.names.intern(&joined),
                    span,
                    flags: lhs.flags & (SPACE | BOL),
                },
                None,
            ),
            None => {
                let msg = format!(
                    "pasting \"{}\" and \"{}\" does not give a valid preprocessing token",
                    self.names.get(lhs.sym),
                    self.names.get(rhs.sym)
                );
                self.error(span, msg, "in this expansion");
                (lhs, Some(rhs))
            }
        }
    }

    pub(super) fn builtin(&mut self, m: &Macro, t: PTok) -> PTok {
        let (kind, text) = match m.kind {
            MacroKind::Line => {
                let line = self
                    .sources
                    .get(t.span.file)
                    .map_or(0, |f| f.line_col(t.span.start as usize).0)
                    as i64;
                let delta = self
                    .files
                    .iter()
                    .rev()
                    .find(|f| f.id == t.span.file)
                    .map_or(0, |f| f.line_delta);
                (PKind::Number, (line + delta).max(0).to_string())
            }
            _ => {
                let name = self
                    .files
                    .last()
                    .and_then(|f| {
                        f.presumed_name
                            .clone()
                            .or_else(|| self.sources.get(f.id).map(|s| s.name.clone()))
                    })
                    .unwrap_or_default();
                let mut s = String::from("\"");
                for c in name.chars() {
                    if c == '"' || c == '\\' {
                        s.push('\\');
                    }
                    s.push(c);
                }
                s.push('"');
                (PKind::Str, s)
            }
        };
        PTok {
            kind,
            sym: self.names.intern(&text),
            span: t.span,
            flags: t.flags & (SPACE | BOL),
        }
    }
}
