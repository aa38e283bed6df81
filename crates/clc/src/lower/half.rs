//! `cl_khr_fp16`: the half overloads of the builtins.
//!
//! Half arguments are converted to float (exactly), the float overload computes, and
//! the result is rounded once back to half. For `+ - * /` and `sqrt` that is the
//! correctly rounded half result (float's 24 bits are at least 2 * 11 + 2); for the
//! other functions the float result is far inside the half ulp limits of the
//! extension, so one more rounding stays within them. The exceptions compute what
//! promotion would get wrong: `fma` (a float `a * b + c` can round onto a half
//! midpoint, so it is computed in double, where it cannot), `nextafter` (steps half
//! ulps), `isnormal` (half subnormals are normal floats) and `fract` (its bound is the
//! largest half below 1).

use kauai_diag::Span;
use kauai_ir::{AddrSpace, BinaryOp as IBin, FloatCC, InstKind, MathFn, UnaryOp as IUn, Value};

use super::builtins::{Arg, Kind};
use super::Lowerer;
use crate::sema::types::{Prim, Ty, TyKind};

/// The largest half below 1 (`0x1.ffcp-1`), `fract`'s bound for half.
const HALF_FRACT_MAX: f64 = 1.0 - 1.0 / 2048.0;
/// The smallest normal half (`0x1p-14`).
const HALF_MIN_NORMAL: f64 = 1.0 / 16384.0;

/// Does the builtin of `kind` compute its half overload through its float one?
/// (Conversions, reinterpretations, selects, shuffles, vector loads and stores and
/// the `vload_half` family handle half themselves.)
pub(super) fn promotes(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::FUnary(_)
            | Kind::FBinary(_)
            | Kind::FMath(_)
            | Kind::Recip
            | Kind::Divide
            | Kind::Common(_)
            | Kind::MinMax(_)
            | Kind::Rel(..)
            | Kind::Geometric(_)
    ) || matches!(kind, Kind::Extra(n) if n != "shuffle" && n != "shuffle2" && n != "nan")
}

impl Lowerer<'_> {
    /// Is any argument a half value? (A pointer to half alone, next to float values,
    /// is the float overload's mistake to report.)
    pub(super) fn has_half_arg(&self, args: &[Arg]) -> bool {
        args.iter().any(|a| self.is_half(a.t))
    }

    /// `t` with its half lanes made `to` (same number of lanes).
    fn with_prim(&mut self, t: Ty, to: Prim) -> Ty {
        match self.t.elem_lanes(t) {
            Some((_, n)) => self.t.vector(to, n),
            None => t,
        }
    }

    /// The half overload of a builtin whose float overload `lower` computes.
    pub(super) fn half_builtin(
        &mut self,
        name: &str,
        kind: Kind,
        args: &[Arg],
        span: Span,
        lower: fn(&mut Self, &str, Kind, &[Arg], Span) -> Option<(Value, Ty)>,
    ) -> Option<(Value, Ty)> {
        if !self.need_fp16(
            span,
            "half overloads of builtins",
            &format!("no half overload of `{name}` without cl_khr_fp16"),
        ) {
            return None;
        }
        if let Kind::FMath(MathFn::Nextafter) = kind {
            if args.len() == 2 {
                // lanes::math steps to the neighbouring half itself.
                let g = self.half_gentype(args)?;
                let a = self.conv(args[0].v, args[0].t, g);
                let b = self.conv(args[1].v, args[1].t, g);
                let vt = self.vty(g);
                return Some((
                    self.ins(InstKind::Math(MathFn::Nextafter, vec![a, b]), vt),
                    g,
                ));
            }
        }
        // fma in double (when there are doubles): a * b is exact there and the sum
        // rounds once to double; when that sum is inexact, the part it drops is far
        // below a half midpoint, so the second rounding to half is still correct.
        let wide = if matches!(kind, Kind::FMath(MathFn::Fma)) && self.opts.fp64 {
            Prim::Double
        } else {
            Prim::Float
        };
        let mut fargs = Vec::with_capacity(args.len());
        let mut writeback = Vec::new();
        for a in args {
            match self.t.kind(a.t) {
                TyKind::Ptr(p) if self.is_half(p.pointee) => {
                    // modf, fract, sincos: the float overload writes a float temporary,
                    // rounded to half and stored through the caller's pointer after.
                    let ft = self.with_prim(p.pointee, Prim::Float);
                    let tmp = self.alloca_ty(ft);
                    let pt = self.t.ptr(ft, AddrSpace::Private, false, false);
                    fargs.push(Arg {
                        v: tmp,
                        t: pt,
                        sp: a.sp,
                    });
                    writeback.push((tmp, ft, a.v, p));
                }
                _ if self.is_half(a.t) => {
                    let ft = self.with_prim(a.t, wide);
                    let v = self.conv(a.v, a.t, ft);
                    fargs.push(Arg { v, t: ft, sp: a.sp });
                }
                _ => fargs.push(*a),
            }
        }
        let (mut r, rt) = lower(self, name, kind, &fargs, span)?;
        for (tmp, ft, ptr, p) in writeback {
            let vt = self.vty(ft);
            let f = self.ins(
                InstKind::Load {
                    ptr: tmp,
                    align: self.t.align_of(ft) as u32,
                    volatile: false,
                },
                vt,
            );
            let h = self.conv(f, ft, p.pointee);
            self.store_value(ptr, h, p.pointee, p.is_volatile);
        }
        match kind {
            Kind::Rel(_, "isnormal") => {
                // A half below 2^-14 is subnormal, whatever float says.
                let ft = fargs[0].t;
                let a = self.un_f(IUn::Fabs, fargs[0].v, ft);
                let lo = self.fconst(ft, HALF_MIN_NORMAL);
                let bt = self.vty(ft).with_elem(kauai_ir::Scalar::I1);
                let big = self.ins(InstKind::Fcmp(FloatCC::Oge, a, lo), bt);
                let z = self.zero(rt);
                r = self.ins(InstKind::Select(big, r, z), self.vty(rt));
            }
            Kind::Extra("fract") if self.t.is_float(rt) => {
                let m = self.fconst(rt, HALF_FRACT_MAX);
                let vt = self.vty(rt);
                r = self.ins(InstKind::Binary(IBin::Fmin, r, m), vt);
            }
            _ => {}
        }
        match self.t.elem_lanes(rt) {
            Some((p, _)) if p.is_float() => {
                let ht = self.with_prim(rt, Prim::Half);
                Some((self.conv(r, rt, ht), ht))
            }
            // Relational results on vectors are as wide as the lanes: shortN for halfN.
            Some((p, n)) if p.is_int() && n > 1 && matches!(kind, Kind::Rel(..)) => {
                let st = self.t.vector(Prim::Short, n);
                Some((self.conv(r, rt, st), st))
            }
            _ => Some((r, rt)),
        }
    }

    /// The common half type of `nextafter`'s arguments.
    fn half_gentype(&mut self, args: &[Arg]) -> Option<Ty> {
        let t = args
            .iter()
            .find(|a| self.t.is_vector(a.t))
            .unwrap_or(&args[0])
            .t;
        if self.t.elem_lanes(t).is_none() {
            self.err(args[0].sp, "`nextafter` needs halfn arguments here", "");
            return None;
        }
        Some(self.with_prim(t, Prim::Half))
    }

    fn un_f(&mut self, op: IUn, a: Value, t: Ty) -> Value {
        let vt = self.vty(t);
        self.ins(InstKind::Unary(op, a), vt)
    }
}
