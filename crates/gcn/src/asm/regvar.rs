//! CLRX's register variables: `.regvar NAME:TYPE[:COUNT], ...` declares NAME as COUNT
//! (default 1) scalar (`s`) or vector (`v`) registers that CLRX's allocator would place;
//! code names them as `NAME`, `NAME[I]` or `NAME[I:J]`. Declarations follow `.scope`s
//! as symbols do, and a name is declared once per scope.
//!
//! Kauai checks the declarations and the subscripts of every use, but has no register
//! allocator yet: an instruction that names a register variable is refused ("not
//! supported yet: register allocation of .regvar") rather than assembled to bytes that
//! CLRX's allocator might not choose. `.usereg`, `.rvlin` and `.rvlin_once`, which only
//! inform the allocator, are refused likewise.

use kauai_diag::Span;

use super::expr::Parser;
use super::lex::{Tok, Token};
use super::Asm;

/// The most registers one variable may hold (the vector register file).
const MAX_COUNT: i64 = 256;

/// One declared register variable.
#[derive(Clone, Copy, Debug)]
pub(super) struct RegVar {
    /// `v` (true) or `s` registers.
    pub vector: bool,
    pub count: u32,
}

type PResult<T> = Result<T, (Span, String)>;

impl Asm<'_> {
    /// `.regvar`: each `NAME:TYPE[:COUNT]` of the list.
    pub(super) fn regvar(&mut self, p: &mut Parser) -> PResult<()> {
        loop {
            let (name, ns) = p.symbol_name()?;
            p.expect_punct(":")?;
            let ts = p.span();
            let vector = match p.ident().map(str::to_ascii_lowercase).as_deref() {
                Some("v" | "vgpr") => true,
                Some("s" | "sgpr") => false,
                _ => {
                    return Err((
                        ts,
                        "expected a register type: 's' (scalar) or 'v' (vector)".into(),
                    ))
                }
            };
            p.pos += 1;
            let count = if p.eat_punct(":") {
                let e = p.expr()?;
                let v = self.abs_now(&e)?;
                if !(1..=MAX_COUNT).contains(&v) {
                    return Err((
                        e.span(),
                        format!("register count {v} out of range (1 to {MAX_COUNT})"),
                    ));
                }
                v as u32
            } else {
                1
            };
            let key = self.def_key(&name).into_owned();
            if self.regvars.contains_key(&key) {
                return Err((ns, format!("register variable '{name}' is already defined")));
            }
            self.regvars.insert(key, RegVar { vector, count });
            if p.at_end() {
                return Ok(());
            }
            p.expect_punct(",")?;
        }
    }

    /// The key of the register variable `name` refers to here, if any.
    fn regvar_key(&self, name: &str) -> Option<String> {
        if !self.scopes.in_use() && !name.contains(':') {
            return self.regvars.contains_key(name).then(|| name.to_string());
        }
        self.scopes.lookup(name, &|k| self.regvars.contains_key(k))
    }

    /// The first register variable the operands `toks` name, checked (its subscript
    /// must be within its registers) and then refused: Kauai cannot place it.
    pub(super) fn check_regvars(&self, toks: &[Token], end_span: Span) -> Option<(Span, String)> {
        if self.regvars.is_empty() {
            return None;
        }
        for (i, t) in toks.iter().enumerate() {
            let Tok::Ident(n) = t.tok else { continue };
            // `@name` is an expression, never a register.
            if i > 0 && matches!(toks[i - 1].tok, Tok::Punct("@")) {
                continue;
            }
            let Some(key) = self.regvar_key(n) else {
                continue;
            };
            let rv = self.regvars[&key];
            let kind = if rv.vector { "vector" } else { "scalar" };
            if matches!(toks.get(i + 1).map(|t| &t.tok), Some(Tok::Punct("["))) {
                let mut p = Parser::new(&toks[i + 2..], end_span);
                let range = (|| -> PResult<(i64, i64, Span)> {
                    let e = p.expr()?;
                    let first = self.abs_now(&e)?;
                    let last = if p.eat_punct(":") {
                        let e = p.expr()?;
                        self.abs_now(&e)?
                    } else {
                        first
                    };
                    let close = p.span();
                    p.expect_punct("]")?;
                    Ok((first, last, t.span.to(close)))
                })();
                let (first, last, span) = match range {
                    Ok(r) => r,
                    Err(e) => return Some(e),
                };
                if first < 0 || last < first || last >= i64::from(rv.count) {
                    return Some((
                        span,
                        format!(
                            "register variable '{n}' has {} {kind} register(s): \
                             [{first}:{last}] is out of range",
                            rv.count
                        ),
                    ));
                }
            }
            return Some((
                t.span,
                format!(
                    "not supported yet: register allocation of .regvar ('{n}' is a {kind} \
                     register variable with no register assigned)"
                ),
            ));
        }
        None
    }
}
