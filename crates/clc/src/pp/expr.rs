//! The `#if` constant-expression evaluator.
//!
//! Works on tokens that are already macro-expanded, with `defined X` already replaced by
//! `1`/`0` (a `defined` that appears only after expansion is still honoured, as gcc does).
//! Values follow C99 6.10.1: every integer is `intmax_t` or `uintmax_t` (64 bits here);
//! an identifier left after expansion is 0; mixing signed and unsigned converts to
//! unsigned. Division by zero is an error only where it is evaluated (`0 && 1/0` is fine).

use kauai_diag::Span;

use super::{Interner, PKind, PTok, Sym};
use crate::lex;
use crate::token::{Punct, TokenKind};

type R<T> = Result<T, (Span, String)>;

use crate::limits::MAX_PP_EXPR_DEPTH;

#[derive(Copy, Clone, Debug)]
pub(super) struct Val {
    pub v: u64,
    pub unsigned: bool,
}

impl Val {
    fn int(b: bool) -> Val {
        Val {
            v: b as u64,
            unsigned: false,
        }
    }
    fn nz(self) -> bool {
        self.v != 0
    }
}

pub(super) struct Eval<'a> {
    toks: &'a [PTok],
    pos: usize,
    names: &'a Interner,
    is_defined: &'a dyn Fn(Sym) -> bool,
    depth: u32,
    /// Where "end of line" errors point.
    end: Span,
}

/// Evaluate a whole `#if` line.
pub(super) fn eval(
    toks: &[PTok],
    names: &Interner,
    is_defined: &dyn Fn(Sym) -> bool,
    end: Span,
) -> R<Val> {
    let mut e = Eval {
        toks,
        pos: 0,
        names,
        is_defined,
        depth: 0,
        end,
    };
    let v = e.comma(true)?;
    if let Some(t) = e.toks.get(e.pos) {
        return Err((
            t.span,
            format!(
                "missing binary operator before token \"{}\"",
                e.names.get(t.sym)
            ),
        ));
    }
    Ok(v)
}

fn binop(p: Punct) -> Option<u8> {
    Some(match p {
        Punct::Star | Punct::Slash | Punct::Percent => 10,
        Punct::Plus | Punct::Minus => 9,
        Punct::Shl | Punct::Shr => 8,
        Punct::Lt | Punct::Gt | Punct::Le | Punct::Ge => 7,
        Punct::EqEq | Punct::Ne => 6,
        Punct::Amp => 5,
        Punct::Caret => 4,
        Punct::Pipe => 3,
        Punct::AmpAmp => 2,
        Punct::PipePipe => 1,
        _ => return None,
    })
}

impl Eval<'_> {
    fn peek_punct(&self) -> Option<Punct> {
        match self.toks.get(self.pos)?.kind {
            PKind::Punct(p) => Some(p),
            _ => None,
        }
    }

    fn comma(&mut self, ev: bool) -> R<Val> {
        let mut v = self.cond(ev)?;
        while self.peek_punct() == Some(Punct::Comma) {
            self.pos += 1;
            v = self.cond(ev)?;
        }
        Ok(v)
    }

    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_PP_EXPR_DEPTH {
            let span = self.toks.get(self.pos).map_or(self.end, |t| t.span);
            return Err((
                span,
                format!("expression in #if is nested too deeply (the limit MAX_PP_EXPR_DEPTH is {MAX_PP_EXPR_DEPTH})"),
            ));
        }
        Ok(())
    }

    fn cond(&mut self, ev: bool) -> R<Val> {
        self.enter()?;
        let c = self.binary(1, ev)?;
        let r = if self.peek_punct() == Some(Punct::Question) {
            let q = self.toks[self.pos].span;
            self.pos += 1;
            let t = self.comma(ev && c.nz())?;
            if self.peek_punct() != Some(Punct::Colon) {
                let span = self.toks.get(self.pos).map_or(self.end, |t| t.span);
                return Err((
                    span.to(q),
                    "expected ':' in conditional expression".to_string(),
                ));
            }
            self.pos += 1;
            let f = self.cond(ev && !c.nz())?;
            Val {
                v: if c.nz() { t.v } else { f.v },
                unsigned: t.unsigned || f.unsigned,
            }
        } else {
            c
        };
        self.depth -= 1;
        Ok(r)
    }

    fn binary(&mut self, min: u8, ev: bool) -> R<Val> {
        let mut lhs = self.unary(ev)?;
        while let Some(p) = self.peek_punct() {
            let Some(prec) = binop(p) else { break };
            if prec < min {
                break;
            }
            let span = self.toks[self.pos].span;
            self.pos += 1;
            let rev = match p {
                Punct::AmpAmp => ev && lhs.nz(),
                Punct::PipePipe => ev && !lhs.nz(),
                _ => ev,
            };
            let rhs = self.binary(prec + 1, rev)?;
            lhs = apply(p, lhs, rhs, ev, span)?;
        }
        Ok(lhs)
    }

    fn unary(&mut self, ev: bool) -> R<Val> {
        self.enter()?;
        let r = self.unary_inner(ev);
        self.depth -= 1;
        r
    }

    fn unary_inner(&mut self, ev: bool) -> R<Val> {
        let Some(&t) = self.toks.get(self.pos) else {
            return Err((self.end, "expected value in expression".to_string()));
        };
        self.pos += 1;
        let text = self.names.get(t.sym);
        match t.kind {
            PKind::Punct(Punct::Plus) => self.unary(ev),
            PKind::Punct(Punct::Minus) => {
                let v = self.unary(ev)?;
                Ok(Val {
                    v: v.v.wrapping_neg(),
                    ..v
                })
            }
            PKind::Punct(Punct::Tilde) => {
                let v = self.unary(ev)?;
                Ok(Val { v: !v.v, ..v })
            }
            PKind::Punct(Punct::Bang) => Ok(Val::int(!self.unary(ev)?.nz())),
            PKind::Punct(Punct::LParen) => {
                let v = self.comma(ev)?;
                if self.peek_punct() != Some(Punct::RParen) {
                    let span = self.toks.get(self.pos).map_or(self.end, |x| x.span);
                    return Err((span.to(t.span), "missing ')' in expression".to_string()));
                }
                self.pos += 1;
                Ok(v)
            }
            PKind::Number => match lex::parse_int_literal(text) {
                Some(l) if l.overflow => {
                    Err((t.span, format!("integer constant '{text}' is too large")))
                }
                Some(l) => Ok(Val {
                    v: l.value,
                    unsigned: l.unsigned_suffix || l.value > i64::MAX as u64,
                }),
                None if lex::classify_number(text) == Some(TokenKind::FloatLit) => Err((
                    t.span,
                    format!("floating constant '{text}' in preprocessor expression"),
                )),
                None => Err((t.span, format!("invalid integer constant '{text}'"))),
            },
            PKind::Char => match lex::parse_char_literal(text) {
                Ok(bytes) if bytes.len() == 1 => Ok(Val {
                    v: bytes[0] as i8 as i64 as u64,
                    unsigned: false,
                }),
                Ok(bytes) => {
                    // Multi-character constant: an int, bytes in order (as gcc).
                    let v = bytes.iter().fold(0u32, |a, &b| (a << 8) | b as u32);
                    Ok(Val {
                        v: v as i32 as i64 as u64,
                        unsigned: false,
                    })
                }
                Err(m) => Err((t.span, m)),
            },
            PKind::Ident if text == "defined" => {
                // `defined` produced by macro expansion.
                let paren = self.peek_punct() == Some(Punct::LParen);
                if paren {
                    self.pos += 1;
                }
                let name = match self.toks.get(self.pos) {
                    Some(n) if n.kind == PKind::Ident => *n,
                    _ => return Err((t.span, "macro name missing after 'defined'".to_string())),
                };
                self.pos += 1;
                if paren {
                    if self.peek_punct() != Some(Punct::RParen) {
                        return Err((name.span, "missing ')' after 'defined'".to_string()));
                    }
                    self.pos += 1;
                }
                Ok(Val::int((self.is_defined)(name.sym)))
            }
            // C99 6.10.1p4: identifiers left after expansion are 0.
            PKind::Ident => Ok(Val::int(false)),
            _ => Err((
                t.span,
                format!("token \"{text}\" is not valid in preprocessor expressions"),
            )),
        }
    }
}

fn apply(op: Punct, l: Val, r: Val, ev: bool, span: Span) -> R<Val> {
    let u = l.unsigned || r.unsigned;
    let (a, b) = (l.v, r.v);
    let (sa, sb) = (a as i64, b as i64);
    let val = |v: u64| Val { v, unsigned: u };
    Ok(match op {
        Punct::AmpAmp => Val::int(l.nz() && r.nz()),
        Punct::PipePipe => Val::int(l.nz() || r.nz()),
        Punct::Shl | Punct::Shr => shift(l, r, op == Punct::Shl),
        Punct::Star => val(a.wrapping_mul(b)),
        Punct::Slash | Punct::Percent => {
            if b == 0 {
                if ev {
                    return Err((span, "division by zero in #if".to_string()));
                }
                return Ok(val(0));
            }
            let div = op == Punct::Slash;
            val(match (u, div) {
                (true, true) => a / b,
                (true, false) => a % b,
                (false, true) => sa.wrapping_div(sb) as u64,
                (false, false) => sa.wrapping_rem(sb) as u64,
            })
        }
        Punct::Plus => val(a.wrapping_add(b)),
        Punct::Minus => val(a.wrapping_sub(b)),
        Punct::Lt => Val::int(if u { a < b } else { sa < sb }),
        Punct::Gt => Val::int(if u { a > b } else { sa > sb }),
        Punct::Le => Val::int(if u { a <= b } else { sa <= sb }),
        Punct::Ge => Val::int(if u { a >= b } else { sa >= sb }),
        Punct::EqEq => Val::int(a == b),
        Punct::Ne => Val::int(a != b),
        Punct::Amp => val(a & b),
        Punct::Caret => val(a ^ b),
        Punct::Pipe => val(a | b),
        _ => return Err((span, "unexpected operator".to_string())),
    })
}

/// Shifts keep the left operand's type; a negative count shifts the other way and counts
/// of 64 or more give 0 (or -1 for a negative signed value shifted right), as gcc does.
fn shift(l: Val, r: Val, left: bool) -> Val {
    let amt: i64 = if r.unsigned {
        r.v.min(64) as i64
    } else {
        (r.v as i64).clamp(-64, 64)
    };
    let (left, n) = if amt < 0 {
        (!left, (-amt) as u32)
    } else {
        (left, amt as u32)
    };
    let v = if left {
        if n >= 64 {
            0
        } else {
            l.v << n
        }
    } else if l.unsigned {
        if n >= 64 {
            0
        } else {
            l.v >> n
        }
    } else {
        let s = l.v as i64;
        (s >> n.min(63)) as u64
    };
    Val {
        v,
        unsigned: l.unsigned,
    }
}
