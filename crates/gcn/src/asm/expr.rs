//! CLRX expressions: 64-bit integers, section-relative places, GNU-as precedence.
//!
//! Precedence (tightest first): unary `- ~ ! +`; `* / // % %% << >> >>>`;
//! `& | ^ ! + -` (binary `!` is OR-NOT); comparisons `== != <> < <= > >= <@ <=@ >@ >=@`
//! (true is -1, as in CLRX); `&& ||`; `?:` (right to left).

use kauai_diag::Span;

use super::lex::{Tok, Token};
use crate::limits::MAX_EXPR_DEPTH;

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Int(i64, Span),
    Float(f64, Option<char>, Span),
    Sym(String, Span),
    Unary(&'static str, Box<Expr>, Span),
    Binary(&'static str, Box<Expr>, Box<Expr>, Span),
    /// A left-associative chain of three or more operands of one precedence level
    /// (`a + b - c + ...`), kept flat so that a long chain costs no recursion.
    Chain(Box<Expr>, Vec<(&'static str, Expr)>, Span),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>, Span),
}

impl Expr {
    #[inline]
    pub fn span(&self) -> Span {
        match self {
            Expr::Int(_, s) | Expr::Float(_, _, s) | Expr::Sym(_, s) => *s,
            Expr::Unary(_, _, s)
            | Expr::Binary(_, _, _, s)
            | Expr::Chain(_, _, s)
            | Expr::Cond(_, _, _, s) => *s,
        }
    }
}

/// A value: an absolute number, or an offset into a section (a place in the code).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Value {
    pub section: Option<u32>,
    pub v: i64,
}

impl Value {
    pub fn abs(v: i64) -> Value {
        Value { section: None, v }
    }
}

/// Why an expression has no value yet or at all.
#[derive(Clone, Debug, PartialEq)]
pub enum EvalError {
    /// A symbol is not defined (yet): try again after the whole source was read.
    Undefined(String, Span),
    Error(Span, String),
}

/// Parser over a token slice; `pos` advances past what it consumed.
pub struct Parser<'a> {
    pub toks: &'a [Token<'a>],
    pub pos: usize,
    pub end_span: Span,
    /// Current nesting (parentheses, unary operators, `?:` arms).
    depth: u32,
}

impl<'a> Parser<'a> {
    pub fn new(toks: &'a [Token<'a>], end_span: Span) -> Parser<'a> {
        Parser {
            toks,
            pos: 0,
            end_span,
            depth: 0,
        }
    }

    #[inline]
    pub fn peek(&self) -> Option<&'a Tok<'a>> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }

    #[inline]
    pub fn peek_at(&self, k: usize) -> Option<&'a Tok<'a>> {
        self.toks.get(self.pos + k).map(|t| &t.tok)
    }

    pub fn span(&self) -> Span {
        self.toks
            .get(self.pos)
            .map(|t| t.span)
            .unwrap_or(self.end_span)
    }

    #[inline]
    pub fn prev_span(&self) -> Span {
        self.pos
            .checked_sub(1)
            .and_then(|p| self.toks.get(p))
            .map(|t| t.span)
            .unwrap_or(self.end_span)
    }

    #[inline]
    pub fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    #[inline]
    pub fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Some(Tok::Punct(q)) if *q == p)
    }

    #[inline]
    pub fn eat_punct(&mut self, p: &str) -> bool {
        if self.is_punct(p) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn expect_punct(&mut self, p: &str) -> Result<(), (Span, String)> {
        if self.eat_punct(p) {
            Ok(())
        } else {
            Err((self.span(), format!("expected '{p}'")))
        }
    }

    #[inline]
    pub fn ident(&self) -> Option<&'a str> {
        match self.peek() {
            Some(Tok::Ident(s)) => Some(s),
            _ => None,
        }
    }

    /// Consume the symbol name a directive starts with (`.set x, ...`, `.for i = ...`);
    /// scope paths (`a::x`, `::x`) included.
    pub fn symbol_name(&mut self) -> Result<(String, Span), (Span, String)> {
        self.path_name()
            .ok_or((self.span(), "expected a symbol name".to_string()))
    }

    /// A name with an optional scope path: `x`, `a::b::x`, `::x`.
    pub fn path_name(&mut self) -> Option<(String, Span)> {
        let start = self.pos;
        let span = self.span();
        let mut name = String::new();
        if self.eat_punct("::") {
            name.push_str("::");
        }
        loop {
            match self.peek() {
                Some(Tok::Ident(s)) => {
                    name.push_str(s);
                    self.pos += 1;
                }
                _ => {
                    self.pos = start;
                    return None;
                }
            }
            if matches!(self.peek(), Some(Tok::Punct("::")))
                && matches!(self.peek_at(1), Some(Tok::Ident(_)))
            {
                self.pos += 1;
                name.push_str("::");
                continue;
            }
            break;
        }
        Some((name, span.to(self.prev_span())))
    }

    /// Parse a full expression.
    pub fn expr(&mut self) -> Result<Expr, (Span, String)> {
        self.cond()
    }

    /// Run `f` one nesting level deeper (the level opened by the token at `at`),
    /// refusing more than [`MAX_EXPR_DEPTH`] levels.
    fn nested<T>(
        &mut self,
        at: Span,
        f: impl FnOnce(&mut Self) -> Result<T, (Span, String)>,
    ) -> Result<T, (Span, String)> {
        if self.depth >= MAX_EXPR_DEPTH {
            return Err((
                at,
                format!(
                    "expression nested too deeply (more than {MAX_EXPR_DEPTH} levels, MAX_EXPR_DEPTH)"
                ),
            ));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    fn cond(&mut self) -> Result<Expr, (Span, String)> {
        let c = self.binary(0)?;
        if self.eat_punct("?") {
            let a = self.nested(self.prev_span(), Self::cond)?;
            self.expect_punct(":")?;
            let b = self.nested(self.prev_span(), Self::cond)?;
            let s = c.span().to(b.span());
            return Ok(Expr::Cond(Box::new(c), Box::new(a), Box::new(b), s));
        }
        Ok(c)
    }

    /// Precedence climbing: one `match` per operator instead of a scan per level. The
    /// operands of one level are collected in a loop (left-associative), so a chain
    /// of any length recurses at most once per level.
    fn binary(&mut self, min_level: u8) -> Result<Expr, (Span, String)> {
        let mut first = self.unary()?;
        let mut rest: Vec<(&'static str, Expr)> = Vec::new();
        let mut chain_level = None;
        while let Some((op, level)) = match self.peek() {
            Some(Tok::Punct(p)) => binary_level(p).filter(|l| *l >= min_level).map(|l| (*p, l)),
            _ => None,
        } {
            // The level can only drop here (tighter operators went into `rhs`): what
            // was collected becomes the left operand of the looser chain.
            if chain_level.is_some_and(|l| l != level) {
                first = fold_chain(first, std::mem::take(&mut rest));
            }
            chain_level = Some(level);
            self.pos += 1;
            let rhs = self.binary(level + 1)?;
            rest.push((op, rhs));
        }
        Ok(fold_chain(first, rest))
    }

    pub fn unary(&mut self) -> Result<Expr, (Span, String)> {
        let start = self.span();
        for op in ["-", "~", "!", "+"] {
            if self.eat_punct(op) {
                let e = self.nested(start, Self::unary)?;
                let s = start.to(e.span());
                // Fold negative float literals so `-1.5` stays a float.
                if let (Expr::Float(v, suf, _), "-") = (&e, op) {
                    return Ok(Expr::Float(-v, *suf, s));
                }
                if op == "+" {
                    return Ok(e);
                }
                return Ok(Expr::Unary(op, Box::new(e), s));
            }
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<Expr, (Span, String)> {
        let span = self.span();
        let Some(t) = self.peek() else {
            return Err((span, "expected an expression".into()));
        };
        match t {
            Tok::Int(v) => {
                self.pos += 1;
                Ok(Expr::Int(*v as i64, span))
            }
            Tok::Float(v, s) => {
                self.pos += 1;
                Ok(Expr::Float(*v, *s, span))
            }
            Tok::Ident(name) => {
                if matches!(self.peek_at(1), Some(Tok::Punct("::"))) {
                    if let Some((path, s)) = self.path_name() {
                        return Ok(Expr::Sym(path, s));
                    }
                }
                self.pos += 1;
                Ok(Expr::Sym(name.to_string(), span))
            }
            Tok::Punct("::") => match self.path_name() {
                Some((path, s)) => Ok(Expr::Sym(path, s)),
                None => Err((span, "expected a symbol name after '::'".into())),
            },
            Tok::Big(..) => Err((
                span,
                "integer literal out of range (128-bit literals only in .octa)".into(),
            )),
            Tok::Punct("(") => {
                self.pos += 1;
                let e = self.nested(span, Self::expr)?;
                self.expect_punct(")")?;
                Ok(e)
            }
            Tok::Punct("@") => {
                self.pos += 1;
                self.nested(span, Self::primary)
            }
            _ => Err((span, "expected an expression".into())),
        }
    }
}

/// `first op1 e1 op2 e2 ...` evaluated left to right.
fn fold_chain(first: Expr, mut rest: Vec<(&'static str, Expr)>) -> Expr {
    match rest.len() {
        0 => first,
        1 => {
            let (op, rhs) = rest.remove(0);
            let s = first.span().to(rhs.span());
            Expr::Binary(op, Box::new(first), Box::new(rhs), s)
        }
        _ => {
            let s = first.span().to(rest[rest.len() - 1].1.span());
            Expr::Chain(Box::new(first), rest, s)
        }
    }
}

/// Binding level of a binary operator (higher binds tighter), `None` if `p` is not one.
fn binary_level(p: &str) -> Option<u8> {
    Some(match p {
        "*" | "/" | "//" | "%" | "%%" | "<<" | ">>" | ">>>" => 3,
        "&" | "|" | "^" | "!" | "+" | "-" => 2,
        "==" | "!=" | "<>" | "<" | "<=" | ">" | ">=" | "<@" | "<=@" | ">@" | ">=@" => 1,
        "&&" | "||" => 0,
        _ => return None,
    })
}

/// Evaluate with `lookup` giving symbol values (or why not).
pub fn eval(
    e: &Expr,
    lookup: &mut dyn FnMut(&str, Span) -> Result<Value, EvalError>,
) -> Result<Value, EvalError> {
    match e {
        Expr::Int(v, _) => Ok(Value::abs(*v)),
        Expr::Float(_, _, s) => Err(EvalError::Error(
            *s,
            "a float literal is not allowed here".into(),
        )),
        Expr::Sym(n, s) => lookup(n, *s),
        Expr::Unary(op, a, s) => {
            let a = eval(a, lookup)?;
            if a.section.is_some() {
                return Err(EvalError::Error(
                    *s,
                    "operator needs an absolute value".into(),
                ));
            }
            Ok(Value::abs(match *op {
                "-" => a.v.wrapping_neg(),
                "~" => !a.v,
                _ => (a.v == 0) as i64,
            }))
        }
        Expr::Cond(c, a, b, s) => {
            let c = eval(c, lookup)?;
            if c.section.is_some() {
                return Err(EvalError::Error(*s, "condition must be absolute".into()));
            }
            if c.v != 0 {
                eval(a, lookup)
            } else {
                eval(b, lookup)
            }
        }
        Expr::Binary(op, a, b, s) => {
            let a = eval(a, lookup)?;
            let b = eval(b, lookup)?;
            binop(op, a, b).map_err(|m| EvalError::Error(*s, m))
        }
        Expr::Chain(first, rest, _) => {
            let mut acc = eval(first, lookup)?;
            for (op, e) in rest {
                let b = eval(e, lookup)?;
                acc = binop(op, acc, b)
                    .map_err(|m| EvalError::Error(first.span().to(e.span()), m))?;
            }
            Ok(acc)
        }
    }
}

fn binop(op: &str, a: Value, b: Value) -> Result<Value, String> {
    match op {
        "+" => match (a.section, b.section) {
            (s, None) => Ok(Value {
                section: s,
                v: a.v.wrapping_add(b.v),
            }),
            (None, s) => Ok(Value {
                section: s,
                v: a.v.wrapping_add(b.v),
            }),
            _ => Err("cannot add two places in the code".into()),
        },
        "-" => match (a.section, b.section) {
            (s, None) => Ok(Value {
                section: s,
                v: a.v.wrapping_sub(b.v),
            }),
            (Some(x), Some(y)) if x == y => Ok(Value::abs(a.v.wrapping_sub(b.v))),
            _ => Err("cannot subtract places in different sections".into()),
        },
        "==" | "!=" | "<>" | "<" | "<=" | ">" | ">=" | "<@" | "<=@" | ">@" | ">=@"
            if a.section == b.section =>
        {
            let (x, y) = (a.v, b.v);
            let (ux, uy) = (x as u64, y as u64);
            let r = match op {
                "==" => x == y,
                "!=" | "<>" => x != y,
                "<" => x < y,
                "<=" => x <= y,
                ">" => x > y,
                ">=" => x >= y,
                "<@" => ux < uy,
                "<=@" => ux <= uy,
                ">@" => ux > uy,
                _ => ux >= uy,
            };
            Ok(Value::abs(if r { -1 } else { 0 }))
        }
        _ => {
            if a.section.is_some() || b.section.is_some() {
                return Err(format!("operator '{op}' needs absolute values"));
            }
            let (x, y) = (a.v, b.v);
            let v = match op {
                "*" => x.wrapping_mul(y),
                "/" | "%" | "//" | "%%" if y == 0 => return Err("division by zero".into()),
                "/" => x.wrapping_div(y),
                "%" => x.wrapping_rem(y),
                "//" => ((x as u64) / (y as u64)) as i64,
                "%%" => ((x as u64) % (y as u64)) as i64,
                "<<" => {
                    if (0..64).contains(&y) {
                        x << y
                    } else {
                        0
                    }
                }
                ">>" => {
                    if (0..64).contains(&y) {
                        ((x as u64) >> y) as i64
                    } else {
                        0
                    }
                }
                ">>>" => x >> y.clamp(0, 63),
                "&" => x & y,
                "|" => x | y,
                "^" => x ^ y,
                "!" => x | !y,
                "&&" => (x != 0 && y != 0) as i64,
                "||" => (x != 0 || y != 0) as i64,
                _ => return Err(format!("unknown operator '{op}'")),
            };
            Ok(Value::abs(v))
        }
    }
}
