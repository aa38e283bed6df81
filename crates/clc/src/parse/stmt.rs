//! Statements and blocks.

use kauai_diag::{Diagnostic, Span};

use super::{join, PResult, Parser, Reported};
use crate::ast::*;
use crate::token::{Punct, TokenKind};

impl Parser<'_, '_> {
    fn mk_stmt(&mut self, kind: StmtKind, start: Span) -> StmtId {
        let span = join(start, self.prev_span());
        self.tu.stmts.alloc(Stmt { kind, span })
    }

    /// `{ block-items }` with its own typedef scope; errors inside are recovered from
    /// item by item.
    pub(crate) fn compound_stmt(&mut self) -> PResult<StmtId> {
        let start = self.expect(Punct::LBrace, "to begin a block")?;
        self.enter()?;
        self.push_scope();
        let mut items = Vec::new();
        while !self.is(Punct::RBrace) && !self.at_eof() {
            let before = self.pos;
            match self.block_item() {
                Ok(s) => items.push(s),
                Err(Reported) => {
                    self.recover(false);
                    if self.pos == before && !self.is(Punct::RBrace) {
                        self.bump();
                    }
                }
            }
        }
        self.pop_scope();
        self.leave();
        if !self.eat(Punct::RBrace) {
            // Only end of input stops the item loop without a `}`.
            let here = self.span();
            self.push_diag(
                Diagnostic::error("expected `}` to close the block")
                    .at(here, "found end of input")
                    .also(start, "this `{` is not closed"),
            );
            return Err(Reported);
        }
        Ok(self.mk_stmt(StmtKind::Compound(items), start))
    }

    fn block_item(&mut self) -> PResult<StmtId> {
        if self.is_kw("__attribute__") || self.is_kw("__attribute") {
            if let Some(after) = self.skip_attributes_ahead() {
                let starts_decl = self.spec_at(after).is_some() || self.typedef_at(after);
                if !starts_decl {
                    // A statement attribute (`fallthrough`, `opencl_unroll_hint`, ...):
                    // parsed, then dropped with a warning since the AST has no place for it.
                    let attrs = self.attributes()?;
                    if let (Some(first), Some(last)) = (attrs.first(), attrs.last()) {
                        let span = first.span.to(last.span);
                        self.warning(
                            span,
                            "attributes on statements are ignored",
                            "not supported on a statement yet",
                        );
                    }
                    return self.block_item();
                }
            }
        }
        // `name:` is a label even if `name` is a typedef (labels have their own namespace).
        let label_next = self.peek().kind == TokenKind::Ident && self.nth_is(1, Punct::Colon);
        if self.is_decl_start() && !label_next {
            let start = self.span();
            let d = self.block_declaration()?;
            return Ok(self.mk_stmt(StmtKind::Decl(d), start));
        }
        self.stmt()
    }

    /// One statement (not a declaration).
    pub(crate) fn stmt(&mut self) -> PResult<StmtId> {
        self.enter()?;
        let r = self.stmt_inner();
        self.leave();
        r
    }

    /// `( expr )` after `if`/`while`/`switch`. `Ok(None)` means the condition was
    /// malformed (and reported) but the parser found its closing `)`, so the statement's
    /// body can still be parsed normally.
    fn paren_cond(&mut self, what: &str) -> PResult<Option<ExprId>> {
        self.paren_group(what, |p| {
            let e = p.expr()?;
            p.expect(Punct::RParen, &format!("after the `{what}` condition"))?;
            Ok(e)
        })
    }

    /// Parse `( ... )` with `inner`, which must consume the closing `)`. If `inner`
    /// fails, skip to the `)` matching the opening one and return `Ok(None)`.
    fn paren_group<T>(
        &mut self,
        what: &str,
        inner: impl FnOnce(&mut Self) -> PResult<T>,
    ) -> PResult<Option<T>> {
        let open = self.pos;
        self.expect(Punct::LParen, &format!("after `{what}`"))?;
        match inner(self) {
            Ok(v) => Ok(Some(v)),
            Err(r) => match self.matching_paren(open) {
                Some(close) if close >= self.pos => {
                    self.pos = close + 1;
                    Ok(None)
                }
                _ => Err(r),
            },
        }
    }

    /// Index of the `)` matching the `(` at token index `open`, if it comes before any
    /// brace (a missing `)` should not swallow a block).
    fn matching_paren(&self, open: usize) -> Option<usize> {
        let mut depth = 0usize;
        for (i, t) in self.toks.iter().enumerate().skip(open) {
            match t.kind {
                TokenKind::Punct(Punct::LParen) => depth += 1,
                TokenKind::Punct(Punct::RParen) => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                TokenKind::Punct(Punct::LBrace | Punct::RBrace) | TokenKind::Eof => return None,
                _ => {}
            }
        }
        None
    }

    fn stmt_inner(&mut self) -> PResult<StmtId> {
        let start = self.span();
        let t = self.peek();
        match t.kind {
            TokenKind::Punct(Punct::LBrace) => return self.compound_stmt(),
            TokenKind::Punct(Punct::Semi) => {
                self.bump();
                return Ok(self.mk_stmt(StmtKind::Empty, start));
            }
            TokenKind::Ident => {}
            _ => return self.expr_stmt(start),
        }
        if self.nth_is(1, Punct::Colon) && self.plain_ident_at(0) {
            let label = Ident {
                name: self.sym_at(0),
                span: start,
            };
            self.bump();
            self.bump();
            let body = self.labeled_body()?;
            return Ok(self.mk_stmt(StmtKind::Label { label, body }, start));
        }
        let kind = match t.text.as_ref() {
            "if" => {
                self.bump();
                let cond = self.paren_cond("if")?;
                let then_branch = self.stmt()?;
                let else_branch = if self.eat_kw("else") {
                    Some(self.stmt()?)
                } else {
                    None
                };
                match cond {
                    Some(cond) => StmtKind::If {
                        cond,
                        then_branch,
                        else_branch,
                    },
                    None => StmtKind::Error,
                }
            }
            "switch" => {
                self.bump();
                let cond = self.paren_cond("switch")?;
                let body = self.stmt()?;
                match cond {
                    Some(cond) => StmtKind::Switch { cond, body },
                    None => StmtKind::Error,
                }
            }
            "while" => {
                self.bump();
                let cond = self.paren_cond("while")?;
                let body = self.stmt()?;
                match cond {
                    Some(cond) => StmtKind::While { cond, body },
                    None => StmtKind::Error,
                }
            }
            "do" => {
                self.bump();
                let body = self.stmt()?;
                if !self.eat_kw("while") {
                    return Err(self.error_here("expected `while` after the body of `do`"));
                }
                let cond = self.paren_cond("while")?;
                self.expect(Punct::Semi, "after `do ... while (...)`")?;
                match cond {
                    Some(cond) => StmtKind::DoWhile { body, cond },
                    None => StmtKind::Error,
                }
            }
            "for" => {
                self.bump();
                self.push_scope();
                let r = self.for_rest();
                self.pop_scope();
                r?
            }
            "case" => {
                self.bump();
                let value = self.conditional()?;
                self.expect(Punct::Colon, "after the `case` value")?;
                let body = self.labeled_body()?;
                StmtKind::Case { value, body }
            }
            "default" => {
                self.bump();
                self.expect(Punct::Colon, "after `default`")?;
                let body = self.labeled_body()?;
                StmtKind::Default { body }
            }
            "goto" => {
                self.bump();
                if !self.plain_ident_at(0) {
                    return Err(self.error_here("expected a label name after `goto`"));
                }
                let name = self.sym_at(0);
                let span = self.bump();
                let label = Ident { name, span };
                self.expect(Punct::Semi, "after `goto` statement")?;
                StmtKind::Goto(label)
            }
            "break" => {
                self.bump();
                self.expect(Punct::Semi, "after `break`")?;
                StmtKind::Break
            }
            "continue" => {
                self.bump();
                self.expect(Punct::Semi, "after `continue`")?;
                StmtKind::Continue
            }
            "return" => {
                self.bump();
                let value = if self.is(Punct::Semi) {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect(Punct::Semi, "after `return` statement")?;
                StmtKind::Return(value)
            }
            "else" => return Err(self.error_here("`else` without a previous `if`")),
            _ => return self.expr_stmt(start),
        };
        Ok(self.mk_stmt(kind, start))
    }

    /// The statement after a `case`/`default`/label. A declaration is accepted there,
    /// and a label right before `}` gets an empty statement with a warning (both are C23,
    /// and Clang accepts them in OpenCL C as extensions).
    fn labeled_body(&mut self) -> PResult<StmtId> {
        if self.is(Punct::RBrace) {
            let span = self.span();
            self.warning(
                span,
                "a label at the end of a block is a C23 extension",
                "an empty statement is assumed before this `}`",
            );
            let at = Span {
                end: span.start,
                ..span
            };
            return Ok(self.tu.stmts.alloc(Stmt {
                kind: StmtKind::Empty,
                span: at,
            }));
        }
        self.block_item()
    }

    fn for_rest(&mut self) -> PResult<StmtKind> {
        let header = self.paren_group("for", |p| {
            let init = if p.eat(Punct::Semi) {
                ForInit::None
            } else if p.is_decl_start() {
                ForInit::Decl(p.block_declaration()?)
            } else {
                let e = p.expr()?;
                p.expect(Punct::Semi, "after the `for` initializer")?;
                ForInit::Expr(e)
            };
            let cond = if p.is(Punct::Semi) {
                None
            } else {
                Some(p.expr()?)
            };
            p.expect(Punct::Semi, "after the `for` condition")?;
            let step = if p.is(Punct::RParen) {
                None
            } else {
                Some(p.expr()?)
            };
            p.expect(Punct::RParen, "after the `for` clauses")?;
            Ok((init, cond, step))
        })?;
        let body = self.stmt()?;
        Ok(match header {
            Some((init, cond, step)) => StmtKind::For {
                init,
                cond,
                step,
                body,
            },
            None => StmtKind::Error,
        })
    }

    fn expr_stmt(&mut self, start: Span) -> PResult<StmtId> {
        if let Some(r) = self.unknown_type_name() {
            return Err(r);
        }
        let e = self.expr()?;
        self.expect(Punct::Semi, "after expression")?;
        Ok(self.mk_stmt(StmtKind::Expr(e), start))
    }

    /// Offset (from the current token) of the first token after a run of
    /// `__attribute__((...))`, or `None` if the parentheses do not balance.
    fn skip_attributes_ahead(&self) -> Option<usize> {
        let mut n = 0;
        while matches!(self.spec_at(n), Some(super::decl::SpecKw::Attribute)) {
            n += 1;
            if !self.nth_is(n, Punct::LParen) {
                return None;
            }
            let mut depth = 0usize;
            loop {
                match self.nth(n).kind {
                    TokenKind::Punct(Punct::LParen) => depth += 1,
                    TokenKind::Punct(Punct::RParen) => {
                        depth -= 1;
                        if depth == 0 {
                            n += 1;
                            break;
                        }
                    }
                    TokenKind::Eof => return None,
                    _ => {}
                }
                n += 1;
            }
        }
        Some(n)
    }
}
