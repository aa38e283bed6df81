//! CLRX's register variables: `.regvar NAME:TYPE[:COUNT], ...` declares NAME as COUNT
//! (default 1) scalar (`s`) or vector (`v`) registers that the allocator places; code
//! names them as `NAME`, `NAME[I]` or `NAME[I:J]`. Declarations follow `.scope`s as
//! symbols do, and a name is declared once per scope.
//!
//! This module parses the declarations and finds the uses in an instruction's operands
//! (each checked against the variable's count); [`super::regalloc`] places them once
//! the code is assembled. `.usereg` and `.rvlin`/`.rvlin_once` are parsed here too.

use kauai_diag::Span;

use super::expr::Parser;
use super::lex::{Tok, Token};
use super::regalloc::{RvRef, VarDecl};
use super::Asm;

/// The most registers one variable may hold (the vector register file).
const MAX_COUNT: i64 = 256;

/// One declared register variable: its index in the allocator's table.
#[derive(Clone, Copy, Debug)]
pub(super) struct RegVar {
    pub id: u32,
}

type PResult<T> = Result<T, (Span, String)>;

impl Asm<'_> {
    /// `.regvar`: each `NAME:TYPE[:COUNT]` of the list.
    pub(super) fn regvar(&mut self, p: &mut Parser) -> PResult<()> {
        self.start_recording(p.span());
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
            let id = self.ra.vars.len() as u32;
            self.ra.vars.push(VarDecl {
                name: name.clone(),
                span: ns,
                vector,
                count,
            });
            self.regvars.insert(key, RegVar { id });
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

    /// The register variable `toks[i]` names with its subscript, if it names one:
    /// the reference and the tokens it spans.
    fn regvar_at(&self, toks: &[Token], i: usize, end_span: Span) -> PResult<Option<RvRef>> {
        let Some(Tok::Ident(n)) = toks.get(i).map(|t| &t.tok) else {
            return Ok(None);
        };
        let n = *n;
        // `@name` is an expression, never a register.
        if i > 0 && matches!(toks[i - 1].tok, Tok::Punct("@")) {
            return Ok(None);
        }
        let Some(key) = self.regvar_key(n) else {
            return Ok(None);
        };
        let id = self.regvars[&key].id;
        let decl = &self.ra.vars[id as usize];
        let t = &toks[i];
        if !matches!(toks.get(i + 1).map(|t| &t.tok), Some(Tok::Punct("["))) {
            return Ok(Some(RvRef {
                var: id,
                first: 0,
                count: decl.count as u16,
                toks: i..i + 1,
                span: t.span,
            }));
        }
        let mut p = Parser::new(&toks[i + 2..], end_span);
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
        let span = t.span.to(close);
        if p.is_punct("[") {
            return Err((p.span(), "a register variable takes one subscript".into()));
        }
        if first < 0 || last < first || last >= i64::from(decl.count) {
            let kind = if decl.vector { "vector" } else { "scalar" };
            return Err((
                span,
                format!(
                    "register variable '{n}' has {} {kind} register(s): \
                     [{first}:{last}] is out of range",
                    decl.count
                ),
            ));
        }
        Ok(Some(RvRef {
            var: id,
            first: first as u16,
            count: (last - first + 1) as u16,
            toks: i..i + 2 + p.pos,
            span,
        }))
    }

    /// Every register variable the operands `toks` name, in text order, each with its
    /// subscript checked.
    pub(super) fn regvar_refs(&self, toks: &[Token], end_span: Span) -> PResult<Vec<RvRef>> {
        let mut refs = Vec::new();
        if self.regvars.is_empty() {
            return Ok(refs);
        }
        let mut i = 0;
        while i < toks.len() {
            match self.regvar_at(toks, i, end_span)? {
                Some(r) => {
                    i = r.toks.end;
                    refs.push(r);
                }
                None => i += 1,
            }
        }
        Ok(refs)
    }

    /// `.usereg REG:FLAGS, ...`: registers (variables or named registers) that code the
    /// allocator cannot read (data words, `.int`) reads (`r`), writes (`w`) or both
    /// (`rw`) at this place.
    pub(super) fn usereg(&mut self, p: &mut Parser, span: Span) -> PResult<()> {
        let mut uses = Vec::new();
        let mut direct = Vec::new();
        loop {
            let at = p.pos;
            let reg: Result<RvRef, (u16, u8)> = match self.regvar_at(p.toks, at, p.end_span)? {
                Some(r) => {
                    p.pos = r.toks.end;
                    Ok(r)
                }
                None => {
                    let s = p.span();
                    let mut ctx = super::AsmCtx {
                        asm: self,
                        quiet: false,
                    };
                    match super::instr::parse_reg(p, &mut ctx)? {
                        Some(r) => Err(r),
                        None => return Err((s, "expected a register or register variable".into())),
                    }
                }
            };
            let fs = p.span();
            if !p.eat_punct(":") {
                return Err((fs, "expected ':' and the access: r, w or rw".into()));
            }
            let fs = p.span();
            let (read, write) = match p.ident().map(str::to_ascii_lowercase).as_deref() {
                Some("r") => (true, false),
                Some("w") => (false, true),
                Some("rw" | "wr") => (true, true),
                _ => return Err((fs, "expected the access: r, w or rw".into())),
            };
            p.pos += 1;
            match reg {
                Ok(r) => uses.push((r, read, write)),
                Err(d) => direct.push(d),
            }
            if p.at_end() {
                break;
            }
            p.expect_punct(",")?;
        }
        self.record_usereg(span, uses, direct)
    }

    /// `.rvlin VAR[RANGE], ...` and `.rvlin_once`: the variables' registers must be
    /// consecutive. Kauai places every variable in one consecutive range, so this only
    /// checks the names and subscripts.
    pub(super) fn rvlin(&mut self, p: &mut Parser) -> PResult<()> {
        loop {
            let s = p.span();
            match self.regvar_at(p.toks, p.pos, p.end_span)? {
                Some(r) => p.pos = r.toks.end,
                None => return Err((s, "expected a register variable".into())),
            }
            if p.at_end() {
                return Ok(());
            }
            p.expect_punct(",")?;
        }
    }
}

/// The tokens of `toks` with each reference of `refs` replaced by one name that the
/// assembler context resolves to a placeholder register (see [`super::regalloc`]).
pub(super) fn replace_refs<'a>(
    toks: &[Token<'a>],
    refs: &[RvRef],
    names: &'a [String],
) -> Vec<Token<'a>> {
    let mut out = Vec::with_capacity(toks.len());
    let mut i = 0;
    for (k, r) in refs.iter().enumerate() {
        out.extend_from_slice(&toks[i..r.toks.start]);
        out.push(Token {
            tok: Tok::Ident(&names[k]),
            span: r.span,
        });
        i = r.toks.end;
    }
    out.extend_from_slice(&toks[i..]);
    out
}
