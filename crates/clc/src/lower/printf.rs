//! `printf` (OpenCL C 1.2, 6.12.13): the format is checked here, at compile time, and
//! each call becomes a call to the per-format declaration `__kauai_printf.<ID>` with the
//! promoted run-time arguments; the format and the `%s` literals go to the module's
//! printf table (see `kauai_ir::printf` for the contract).
//!
//! Checks, each a diagnostic pointing into the format string where it can:
//! - the format is a string literal, valid under OpenCL's rules (`kauai_printf::parse`);
//! - every conversion has an argument of its kind: an integer for `%d`, a floating
//!   number for `%f`, a vector of the right size and element type for `%vN`, a string
//!   for `%s` (a literal or a `__constant char` array, recorded in the table, or a
//!   `__constant char *`, passed and read at run time), a pointer for `%p`;
//! - an integer of another size than the conversion's (`%d` given a `size_t`) is
//!   converted to it, with a warning (C would print garbage);
//! - arguments past the format's conversions are evaluated and ignored, with a warning.
//!
//! Promotions: `bool`, `char` and `short` become `int` (`uint` for unsigned), `float`
//! becomes `double` when the device has doubles; vectors are not promoted.

use std::ops::Range;

use kauai_diag::{Diagnostic, Span};
use kauai_ir::printf::StrArg;
use kauai_ir::{AddrSpace, InstKind, Type, Value};
use kauai_printf::{ArgKind, Elem, Piece, Spec};

use super::expr::Opnd;
use super::Lowerer;
use crate::ast::{ExprId, ExprKind, StringLiteral};
use crate::parse::literal::string_literal_offsets;
use crate::sema::scope::{Binding, Place, VarInfo};
use crate::sema::types::{Prim, TyKind, T_ERROR};

/// Where each byte of a decoded string literal came from.
struct ByteSpans(Vec<Span>);

impl ByteSpans {
    fn new(lit: &StringLiteral, whole: Span) -> ByteSpans {
        let mut v = Vec::with_capacity(lit.bytes.len());
        for (span, text) in &lit.tokens {
            let exact = (span.end - span.start) as usize == text.len();
            match string_literal_offsets(text).filter(|_| exact) {
                Some(offs) => {
                    for w in offs.windows(2) {
                        let s = span.start as usize;
                        v.push(Span::new(span.file, s + w[0], s + w[1]));
                    }
                }
                // From a macro expansion: the token's span is the macro's use.
                None => {
                    let n = crate::parse::literal::string_literal(text).map_or(0, |b| b.len());
                    v.extend(std::iter::repeat_n(*span, n));
                }
            }
        }
        if v.len() != lit.bytes.len() {
            v = vec![whole; lit.bytes.len()];
        }
        ByteSpans(v)
    }

    fn span(&self, r: Range<usize>, whole: Span) -> Span {
        let last = r.end.max(r.start + 1) - 1;
        match (self.0.get(r.start), self.0.get(last)) {
            (Some(a), Some(b)) => a.to(*b),
            _ => whole,
        }
    }
}

impl Lowerer<'_> {
    pub(crate) fn printf_call(&mut self, args: &[ExprId], span: Span) -> Opnd {
        let tu = self.tu;
        let Some((&fmt_expr, rest)) = args.split_first() else {
            self.err(
                span,
                "`printf` needs a format string",
                "expected `printf(\"format\", ...)`",
            );
            return Opnd::Err;
        };
        let fspan = self.espan(fmt_expr);
        let ExprKind::StringLit(lit) = &tu.exprs[fmt_expr].kind else {
            if !matches!(tu.exprs[fmt_expr].kind, ExprKind::Error) {
                self.push_diag(
                    Diagnostic::error("the printf format must be a string literal")
                        .at(fspan, "not a string literal")
                        .note("OpenCL C resolves printf formats at compile time"),
                );
            }
            self.evaluate_rest(rest);
            return Opnd::Err;
        };
        let spans = ByteSpans::new(lit, fspan);
        let end = lit
            .bytes
            .iter()
            .position(|&b| b == 0)
            .unwrap_or(lit.bytes.len());
        let bytes = &lit.bytes[..end];
        let Ok(format) = std::str::from_utf8(bytes) else {
            self.err(
                fspan,
                "not supported yet: printf formats that are not valid UTF-8",
                "",
            );
            self.evaluate_rest(rest);
            return Opnd::Err;
        };
        let pieces = match kauai_printf::parse(bytes) {
            Ok(p) => p,
            Err(errors) => {
                for e in errors {
                    let at = spans.span(e.at.clone(), fspan);
                    self.err(at, e.message, "in this conversion");
                }
                self.evaluate_rest(rest);
                return Opnd::Err;
            }
        };
        let mut ok = true;
        let mut vals = Vec::new();
        let mut types = Vec::new();
        let mut strings = Vec::new();
        let mut next = rest.iter();
        for spec in pieces.iter().filter_map(|p| match p {
            Piece::Conv(s) => Some(s),
            _ => None,
        }) {
            let sspan = spans.span(spec.at.clone(), fspan);
            let Some(&arg) = next.next() else {
                self.push_diag(
                    Diagnostic::error(format!(
                        "`{}` has no argument: the call passes too few",
                        spec.spelling()
                    ))
                    .at(sspan, "this conversion")
                    .also(span, "in this call"),
                );
                ok = false;
                continue;
            };
            match self.printf_arg(spec, sspan, arg) {
                Some(PrintfArg::Str(s)) => strings.push(StrArg::Literal(s)),
                Some(PrintfArg::RuntimeStr(v)) => {
                    strings.push(StrArg::Arg(vals.len() as u32));
                    vals.push(v);
                    types.push(Type::Ptr(AddrSpace::Constant));
                }
                Some(PrintfArg::Value(v, t)) => {
                    vals.push(v);
                    types.push(t);
                }
                None => ok = false,
            }
        }
        for &extra in next {
            let esp = self.espan(extra);
            let _ = self.expr(extra);
            self.warn(
                esp,
                "this printf argument is not used by the format",
                "evaluated, then ignored",
            );
        }
        if !ok {
            return Opnd::Err;
        }
        let (_, f) = kauai_ir::printf::find_or_add(&mut self.m, format, &types, &strings);
        let v = self.ins(InstKind::Call(f, vals), Type::I32);
        Opnd::R(v, self.t.prim(Prim::Int))
    }

    fn evaluate_rest(&mut self, rest: &[ExprId]) {
        for &a in rest {
            let _ = self.expr(a);
        }
    }

    /// The bytes of `sym` when it names a `__constant char` array with known contents.
    fn constant_char_array(&self, sym: crate::ast::Symbol) -> Option<Vec<u8>> {
        let Some(Binding::Var(VarInfo {
            place: Place::Global(g),
            ty,
            ..
        })) = self.sc.lookup(sym)
        else {
            return None;
        };
        let TyKind::Array(e, _) = self.t.kind(ty) else {
            return None;
        };
        let global = &self.m.globals[g];
        if global.space != kauai_ir::AddrSpace::Constant
            || !matches!(self.t.kind(e), TyKind::Prim(Prim::Char | Prim::UChar))
        {
            return None;
        }
        // No initial bytes means zero-filled: the empty string.
        Some(
            global
                .init
                .as_ref()
                .map(|i| i.bytes.clone())
                .unwrap_or_default(),
        )
    }

    /// Check and lower one argument against its conversion.
    fn printf_arg(&mut self, spec: &Spec, sspan: Span, arg: ExprId) -> Option<PrintfArg> {
        let tu = self.tu;
        let asp = self.espan(arg);
        let kind = spec.arg_kind();
        let sp = spec.spelling();
        let mismatch = |l: &mut Self, got: String| {
            l.push_diag(
                Diagnostic::error(format!(
                    "`{sp}` needs {}, the argument is {got}",
                    kind.describe()
                ))
                .at(asp, "this argument")
                .also(sspan, "for this conversion"),
            );
        };
        if kind == ArgKind::Str {
            // A string whose bytes are known here (a literal, a `__constant char` array)
            // travels in the printf table; any other `__constant char *` is passed.
            let known: Option<Vec<u8>> = match &tu.exprs[arg].kind {
                ExprKind::StringLit(s) => Some(s.bytes.clone()),
                ExprKind::Ident(sym) => self.constant_char_array(*sym),
                _ => None,
            };
            return match (known, &tu.exprs[arg].kind) {
                (Some(bytes), _) => {
                    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
                    match std::str::from_utf8(&bytes[..end]) {
                        Ok(text) => Some(PrintfArg::Str(text.to_string())),
                        Err(_) => {
                            self.err(
                                asp,
                                "not supported yet: `%s` strings that are not valid UTF-8",
                                "",
                            );
                            None
                        }
                    }
                }
                (None, ExprKind::Error) => None,
                (None, _) => {
                    let (v, t) = self.rv(arg)?;
                    if t == T_ERROR {
                        return None;
                    }
                    let space = match self.t.kind(t) {
                        TyKind::Ptr(p)
                            if matches!(
                                self.t.kind(p.pointee),
                                TyKind::Prim(Prim::Char | Prim::UChar)
                            ) =>
                        {
                            Some(p.space)
                        }
                        _ => None,
                    };
                    match space {
                        // Read where the call is made (host) or when the buffer is
                        // printed (IL devices): `__constant` memory cannot change
                        // during a launch, so both see the same string.
                        Some(AddrSpace::Constant) => Some(PrintfArg::RuntimeStr(v)),
                        Some(space) => {
                            self.push_diag(
                                Diagnostic::error(format!(
                                    "not supported yet: `{sp}` with a string in {} memory",
                                    space.cl_name()
                                ))
                                .at(asp, "a pointer whose string is only known at run time")
                                .also(sspan, "for this conversion")
                                .note("Kauai prints run-time `%s` strings from `__constant` memory only"),
                            );
                            None
                        }
                        None => {
                            self.push_diag(
                                Diagnostic::error(format!("`{sp}` needs a string argument"))
                                    .at(asp, format!("this is `{}`", self.tyname(t)))
                                    .also(sspan, "for this conversion"),
                            );
                            None
                        }
                    }
                }
            };
        }
        if matches!(tu.exprs[arg].kind, ExprKind::StringLit(_)) {
            mismatch(self, "a string literal".into());
            return None;
        }
        let (v, t) = self.rv(arg)?;
        if t == T_ERROR {
            return None;
        }
        let tname = format!("`{}`", self.tyname(t));
        match (kind, self.t.kind(t)) {
            (ArgKind::Ptr, TyKind::Ptr(_)) => Some(PrintfArg::Value(v, self.vty(t))),
            (ArgKind::Scalar(Elem::Int { bytes, signed }), TyKind::Prim(p)) if p.is_int() => {
                let promoted = p.promote();
                let v = self.conv(v, t, self.t.prim(promoted));
                let want = Prim::int_of(bytes as u32 * 8, signed);
                let v = if promoted.bytes() != bytes as u32 {
                    self.push_diag(
                        Diagnostic::warning(format!(
                            "`{sp}` expects {}, the argument is {tname}: it is converted",
                            kind.describe()
                        ))
                        .at(asp, format!("converted to `{}`", want.name()))
                        .also(sspan, "for this conversion"),
                    );
                    let from = self.t.prim(promoted);
                    let to = self.t.prim(want);
                    self.conv(v, from, to)
                } else {
                    v
                };
                Some(PrintfArg::Value(v, Type::Scalar(want.scalar())))
            }
            (ArgKind::Scalar(Elem::Float { .. }), TyKind::Prim(p)) if p.is_float() => {
                let to = match p {
                    Prim::Float if self.opts.fp64 => Prim::Double,
                    Prim::Half if self.opts.fp64 => Prim::Double,
                    Prim::Half => Prim::Float,
                    p => p,
                };
                let v = self.conv(v, t, self.t.prim(to));
                Some(PrintfArg::Value(v, Type::Scalar(to.scalar())))
            }
            (ArgKind::Vector { lanes, elem }, TyKind::Vector(p, n)) => {
                let elem_ok = match elem {
                    Elem::Int { bytes, .. } => p.is_int() && p.bytes() == bytes as u32,
                    Elem::Float { bytes } => p.is_float() && p.bytes() == bytes as u32,
                };
                if n != lanes || !elem_ok {
                    let what = if n != lanes {
                        format!("{tname}, a vector of {n}")
                    } else {
                        tname
                    };
                    mismatch(self, what);
                    return None;
                }
                Some(PrintfArg::Value(v, self.vty(t)))
            }
            (_, TyKind::Vector(..)) => {
                mismatch(self, format!("the vector {tname}"));
                None
            }
            _ => {
                mismatch(self, tname);
                None
            }
        }
    }
}

enum PrintfArg {
    Value(Value, Type),
    /// A string known at compile time.
    Str(String),
    /// A `__constant char *` whose string is read at run time.
    RuntimeStr(Value),
}
