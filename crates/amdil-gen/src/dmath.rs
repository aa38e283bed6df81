//! Double-precision math as IL macros. IL has no double transcendental instructions, so
//! the generator embeds macros (`mdef(N)` … `mend`, called with `mcall(N)`) built from
//! double arithmetic: argument reduction, then polynomials.
//!
//! - `exp`: n = rint(x log2 e), r = x - n ln2 in two parts (Cody and Waite, with fused
//!   multiply-adds), Taylor series of degree 13 on |r| <= ln2/2, scaled by 2^n.
//! - `log`: x = m 2^e with m in [sqrt(1/2), sqrt(2)], s = (m - 1)/(m + 1),
//!   log m = 2 atanh s as a series in s^2 (degree 21 in s), kept as a head and a tail so
//!   that `pow` gets about 60 bits of log x.
//! - `sin`/`cos`: k = rint(x 2/pi), r = x - k pi/2 with pi/2 in three parts below
//!   2^16, Payne and Hanek's reduction (2/pi in 24-bit pieces) above, Taylor series of degree 17/16 on |r| <= pi/4, the
//!   quadrant picking sin or cos and the sign.
//! - `pow`: exp(y log |x|) from the two-part log, with the sign and the special cases of
//!   OpenCL (`pown` rules for negative x and integer y).
//! - `hypot`: sqrt(fma(b, b, s s)) of the larger and the smaller magnitude, both scaled
//!   by 2^-600 when the larger is above 2^500 and by 2^600 when it is below 2^-500 (exact
//!   power-of-two scaling, undone afterwards), so the squares neither overflow nor lose
//!   bits to underflow; about 1 ulp against OpenCL's 4.
//!
//! - `fmod`, `remainder`, `ldexp`: exact. fmod subtracts |y| scaled to the remainder's
//!   exponent (halved when that is too big) until the remainder is below |y|: each step
//!   is exact (Sterbenz) and lowers the exponent, so at most 2,098 steps (an IL loop);
//!   remainder is the float path's design on fmod(|x|, 2|y|); ldexp splits x into a
//!   significand in [1, 2) and an exponent and scales by 2^k1 2^k2, the first step
//!   exact into the normal range, the second the only rounding.
//!
//! - `erf`/`erfc`: the host's (fdlibm's `s_erf.c`, as the libm crate has it): its
//!   rational approximations on |x| < 0.84375, < 1.25, < 1/0.35, < 28 and its
//!   coefficients, every interval computed and the right one selected.
//!
//! - `tgamma`: the host's (the libm crate's, after Boost and Python): Lanczos'
//!   approximation with g = 6.02468, the error of x + g - 0.5 corrected, the reflection
//!   formula below 0, exact factorials for integers up to 23.
//!
//! - `lgamma`: the host's (fdlibm's `e_lgamma_r.c`, as the libm crate has it): its
//!   intervals below 2, to 8, to 2^58 and above, their coefficients, and the reflection
//!   log(pi / |x sin(pi x)|) below 0, every interval computed and selected.
//!
//! Each macro has its own register scope (macros run in their own register file), reads
//! `in0` (`in1`) and writes `out0`, all in `.xy`.

use std::collections::BTreeSet;

use kauai_amdil::build::{self as b, Mask, Reg, Src};
use kauai_amdil::opcodes::{op, OpSpec};
use kauai_amdil::Line;

use crate::il::Lits;

/// The macros' inputs.
const IN0: Reg = Reg::macro_in(0);
const IN1: Reg = Reg::macro_in(1);

/// The macro ids, after the kauai intrinsic library's small numbers.
pub(crate) const EXP: u32 = 500;
pub(crate) const LOG: u32 = 501;
pub(crate) const SIN: u32 = 502;
pub(crate) const COS: u32 = 503;
pub(crate) const POW: u32 = 504;
pub(crate) const EXP2: u32 = 505;
pub(crate) const LOG2: u32 = 506;
pub(crate) const EXP10: u32 = 507;
pub(crate) const LOG10: u32 = 508;
pub(crate) const HYPOT: u32 = 509;
pub(crate) const COSH: u32 = 510;
pub(crate) const SINH: u32 = 511;
pub(crate) const TANH: u32 = 512;
pub(crate) const EXPM1: u32 = 513;
pub(crate) const LOG1P: u32 = 514;
pub(crate) const FDIM: u32 = 515;
pub(crate) const ASINH: u32 = 516;
pub(crate) const ACOSH: u32 = 517;
pub(crate) const ATANH: u32 = 518;
pub(crate) const ATAN: u32 = 519;
pub(crate) const ASIN: u32 = 520;
pub(crate) const ACOS: u32 = 521;
pub(crate) const ATAN2: u32 = 522;
pub(crate) const CBRT: u32 = 523;
pub(crate) const FMOD: u32 = 524;
pub(crate) const REMAINDER: u32 = 525;
/// Reads the exponent as an int in `in1.x`.
pub(crate) const LDEXP: u32 = 526;
pub(crate) const ERF: u32 = 527;
pub(crate) const ERFC: u32 = 528;
pub(crate) const TGAMMA: u32 = 529;
pub(crate) const LGAMMA: u32 = 530;

/// ln 2 - LN2_HI (fdlibm's split; LN2_HI = 0x3FE62E42FEE00000 has 32 zero low bits).
#[allow(clippy::excessive_precision)]
const LN2_LO: f64 = 1.908_214_929_270_587_700_02e-10;
/// log10(2) - 0x3FD34413509F6000 (fdlibm's split).
#[allow(clippy::excessive_precision)]
const LG2_LO: f64 = 3.694_239_077_158_930_786_16e-13;

struct G<'a> {
    lits: &'a mut Lits,
    out: Vec<Line>,
    next: u32,
}

impl G<'_> {
    fn r(&mut self) -> Reg {
        self.next += 1;
        Reg::r(self.next)
    }

    /// A double literal (read whole, as a register).
    fn d(&mut self, v: f64) -> Reg {
        let b = v.to_bits();
        let (lo, hi) = (b as u32, (b >> 32) as u32);
        Reg::l(self.lits.get([lo, hi, lo, hi]))
    }

    /// A 32-bit literal as a `.x` source.
    fn i(&mut self, v: u32) -> Src {
        self.lits.splat(v)
    }

    fn e(&mut self, i: kauai_amdil::Inst) {
        self.out.push(i.into());
    }

    /// `op` on doubles into a new register.
    fn op<O: OpSpec, const N: usize>(&mut self, o: O, srcs: &[&Reg; N]) -> Reg {
        let t = self.r();
        self.e(b::alu(o, t.dst(Mask::XY), srcs.map(|r| r.src())));
        t
    }

    fn add(&mut self, a: &Reg, b: &Reg) -> Reg {
        self.op(op::Dadd, &[a, b])
    }
    fn mul(&mut self, a: &Reg, b: &Reg) -> Reg {
        self.op(op::Dmul, &[a, b])
    }
    fn fma(&mut self, a: &Reg, b: &Reg, c: &Reg) -> Reg {
        self.op(op::Dfma, &[a, b, c])
    }
    fn neg(&mut self, a: &Reg) -> Reg {
        let m = self.lits.get([0, 0x8000_0000, 0, 0x8000_0000]);
        let t = self.r();
        self.e(b::alu(
            op::Ixor,
            t.dst(Mask::XY),
            [a.src(), Reg::l(m).src()],
        ));
        t
    }
    fn sub(&mut self, a: &Reg, b: &Reg) -> Reg {
        let n = self.neg(b);
        self.add(a, &n)
    }
    /// A mask (in `.x`) from a double comparison.
    fn cmp<O: OpSpec>(&mut self, o: O, a: &Reg, b: &Reg) -> Reg {
        let t = self.r();
        self.e(b::alu(o, t.dst(Mask::X), [a.src(), b.src()]));
        t
    }
    /// `c ? a : b` on doubles, `c` a mask in `.x`.
    fn sel(&mut self, c: &Reg, a: &Reg, b: &Reg) -> Reg {
        let t = self.r();
        self.e(b::alu(
            op::CmovLogical,
            t.dst(Mask::XY),
            [c.x(), a.src(), b.src()],
        ));
        t
    }
    /// Round to the nearest integer (ties to even): (|v| + 2^52) - 2^52 with v's sign
    /// below 2^52, v itself above (already an integer). The former v + 1.5 2^52 trick
    /// held only below 2^51: pow(-0, -(2^52 + 1)) took its odd y for even (found by
    /// kauai-runtime's full math sweep).
    fn rint(&mut self, v: &Reg) -> Reg {
        let magic = self.d(4503599627370496.0);
        let a = self.op(op::Dabs, &[v]);
        let t = self.add(&a, &magic);
        let t = self.sub(&t, &magic);
        let t = copysign(self, &t, v);
        let big = self.cmp(op::Dge, &a, &magic);
        self.sel(&big, v, &t)
    }
    /// Horner: c[0] + v (c[1] + v (c[2] + ...)), coefficients lowest first.
    fn horner(&mut self, v: &Reg, c: &[f64]) -> Reg {
        let mut acc = self.d(c[c.len() - 1]);
        for k in (0..c.len() - 1).rev() {
            let ck = self.d(c[k]);
            acc = self.fma(&acc, v, &ck);
        }
        acc
    }
}

fn factorial(n: u32) -> f64 {
    (1..=n).map(f64::from).product()
}

/// e^x for x given as a register; no special-case handling of NaN (the caller's).
fn exp_core(g: &mut G, x: &Reg) -> Reg {
    // Clamp so that 2^n stays in dldexp's range and r stays finite.
    let (lo, hi) = (g.d(-746.0), g.d(710.0));
    let xc = g.op(op::Dmax, &[x, &lo]);
    let xc = g.op(op::Dmin, &[&xc, &hi]);
    let l2e = g.d(std::f64::consts::LOG2_E);
    let t = g.mul(&xc, &l2e);
    let n = g.rint(&t);
    let nn = g.neg(&n);
    // ln 2 = LN2_HI + LN2_LO with LN2_HI's low 32 bits zero, so n * LN2_HI is exact.
    let (h, l) = (g.d(f64::from_bits(0x3FE6_2E42_FEE0_0000)), g.d(LN2_LO));
    let r = g.fma(&nn, &h, &xc);
    let r = g.fma(&nn, &l, &r);
    let coef: Vec<f64> = (0..=13).map(|k| 1.0 / factorial(k)).collect();
    let p = g.horner(&r, &coef);
    scale2(g, &p, &n)
}

/// e^x - 1 for |x| <= 1: Taylor to x^19/19! (the rest under 2^-60).
fn expm1_small(g: &mut G, x: &Reg) -> Reg {
    let c: Vec<f64> = (1..=19).map(|k| 1.0 / factorial(k)).collect();
    let p = g.horner(x, &c);
    g.mul(x, &p)
}

/// |m| with the sign of s.
fn copysign(g: &mut G, m: &Reg, s: &Reg) -> Reg {
    let abs = g.lits.get([u32::MAX, 0x7FFF_FFFF, u32::MAX, 0x7FFF_FFFF]);
    let sign = g.lits.get([0, 0x8000_0000, 0, 0x8000_0000]);
    let (a, b2, t) = (g.r(), g.r(), g.r());
    g.e(b::alu(
        op::Iand,
        a.dst(Mask::XY),
        [m.src(), Reg::l(abs).src()],
    ));
    g.e(b::alu(
        op::Iand,
        b2.dst(Mask::XY),
        [s.src(), Reg::l(sign).src()],
    ));
    g.e(b::alu(op::Ior, t.dst(Mask::XY), [a.src(), b2.src()]));
    t
}

/// cosh, sinh, tanh and expm1 from e^|x| (exp_core, 0.8 ulp): (e ± 1/e) / 2 from
/// |x| = 1/2 (past 709 as (e^(|x|/2) / 2) e^(|x|/2), which stays finite up to
/// 710.47), 1 - 2 / (e^(2|x|) + 1), e^x - 1; below 1/2 the Taylor series (sinh,
/// expm1) and u / (u + 2) for u = e^(2x) - 1 (tanh). NaN stays NaN.
fn hyperbolic(g: &mut G, id: u32) -> Reg {
    let x = &IN0;
    let a = g.op(op::Dabs, &[x]);
    let half = g.d(0.5);
    let one = g.d(1.0);
    let two = g.d(2.0);
    let small = g.cmp(op::Dlt, &a, &half);
    let r = match id {
        EXPM1 => {
            let s = expm1_small(g, x);
            let e = exp_core(g, x);
            let l = g.sub(&e, &one);
            g.sel(&small, &s, &l)
        }
        TANH => {
            let a2 = g.add(&a, &a);
            let e = exp_core(g, &a2);
            let d = g.add(&e, &one);
            let q = g.op(op::Ddiv, &[&two, &d]);
            let l = g.sub(&one, &q);
            let l = copysign(g, &l, x);
            let x2 = g.add(x, x);
            let u = expm1_small(g, &x2);
            let d = g.add(&u, &two);
            let s = g.op(op::Ddiv, &[&u, &d]);
            g.sel(&small, &s, &l)
        }
        _ => {
            let e = exp_core(g, &a);
            let ie = g.op(op::Ddiv, &[&one, &e]);
            let l = if id == COSH {
                g.add(&e, &ie)
            } else {
                g.sub(&e, &ie)
            };
            let l = g.mul(&l, &half);
            let ah = g.mul(&a, &half);
            let h = exp_core(g, &ah);
            let hh = g.mul(&h, &half);
            let huge = g.mul(&hh, &h);
            let lim = g.d(709.0);
            let is_huge = g.cmp(op::Dlt, &lim, &a);
            let l = g.sel(&is_huge, &huge, &l);
            if id == COSH {
                l
            } else {
                let l = copysign(g, &l, x);
                let x2 = g.mul(x, x);
                let c: Vec<f64> = (0..11).map(|k| 1.0 / factorial(2 * k + 1)).collect();
                let p = g.horner(&x2, &c);
                let s = g.mul(x, &p);
                g.sel(&small, &s, &l)
            }
        }
    };
    let isnan = g.cmp(op::Dne, x, x);
    g.sel(&isnan, x, &r)
}

/// log(1 + u): v = 1 + u rounded, log v + (u - (v - 1)) / v (the first-order
/// correction for v's rounding; v - 1 and u - (v - 1) are exact); u itself when v is 1;
/// log v alone where the correction is 0/0 or inf - inf (u = -1, inf).
fn log1p(g: &mut G, u: &Reg) -> Reg {
    let one = g.d(1.0);
    let v = g.add(&one, u);
    let l = log_full(g, &v);
    let vm = g.sub(&v, &one);
    let du = g.sub(u, &vm);
    let c = g.op(op::Ddiv, &[&du, &v]);
    let cn = g.cmp(op::Dne, &c, &c);
    let zero = g.d(0.0);
    let c = g.sel(&cn, &zero, &c);
    let r = g.add(&l, &c);
    let same = g.cmp(op::Deq, &v, &one);
    let r = g.sel(&same, u, &r);
    let isnan = g.cmp(op::Dne, u, u);
    g.sel(&isnan, u, &r)
}

/// asinh, acosh and atanh through [`log1p`]: sign(x) log1p(|x| + x^2 / (1 +
/// sqrt(1 + x^2))), log1p((x - 1) + sqrt((x - 1)(x + 1))) (log 2x past 2^28, where
/// the squares could overflow and the rest is below an ulp), sign(x) log1p(2|x| /
/// (1 - |x|)) / 2; acosh below 1 and atanh past 1 are NaN.
fn inverse_hyperbolic(g: &mut G, id: u32) -> Reg {
    let x = &IN0;
    let a = g.op(op::Dabs, &[x]);
    let one = g.d(1.0);
    let big = g.d(2f64.powi(28));
    let ln2 = g.d(std::f64::consts::LN_2);
    let nan = g.d(f64::NAN);
    let r = match id {
        ASINH | ACOSH => {
            let (u, t) = if id == ASINH {
                let a2 = g.mul(&a, &a);
                let s = g.add(&one, &a2);
                let s = g.op(op::Dsqrt, &[&s]);
                let s = g.add(&one, &s);
                let q = g.op(op::Ddiv, &[&a2, &s]);
                (g.add(&a, &q), a)
            } else {
                let xm = g.sub(x, &one);
                let xp = g.add(x, &one);
                let p = g.mul(&xm, &xp);
                let s = g.op(op::Dsqrt, &[&p]);
                (g.add(&xm, &s), *x)
            };
            let r = log1p(g, &u);
            let lt = log_full(g, &t);
            let lb = g.add(&lt, &ln2);
            let h = g.cmp(op::Dlt, &big, &t);
            let r = g.sel(&h, &lb, &r);
            if id == ASINH {
                copysign(g, &r, x)
            } else {
                let bad = g.cmp(op::Dlt, x, &one);
                g.sel(&bad, &nan, &r)
            }
        }
        _ => {
            let om = g.sub(&one, &a);
            let two = g.add(&a, &a);
            let q = g.op(op::Ddiv, &[&two, &om]);
            let r = log1p(g, &q);
            let half = g.d(0.5);
            let r = g.mul(&r, &half);
            let r = copysign(g, &r, x);
            let bad = g.cmp(op::Dlt, &one, &a);
            g.sel(&bad, &nan, &r)
        }
    };
    let isnan = g.cmp(op::Dne, x, x);
    g.sel(&isnan, x, &r)
}

/// atan on [0, inf]: 1/a above 1 (then pi/2 - r), atan(y) = pi/4 + atan((y - 1) /
/// (y + 1)) above tan(pi/8), so the series runs on |t| <= 0.4143 (25 terms, the rest
/// under 2^-62).
fn atan_pos(g: &mut G, a: &Reg) -> Reg {
    let one = g.d(1.0);
    let inv = g.cmp(op::Dlt, &one, a);
    let ia = g.op(op::Ddiv, &[&one, a]);
    let y = g.sel(&inv, &ia, a);
    let lim = g.d(std::f64::consts::SQRT_2 - 1.0);
    let shift = g.cmp(op::Dlt, &lim, &y);
    let ym = g.sub(&y, &one);
    let yp = g.add(&y, &one);
    let q = g.op(op::Ddiv, &[&ym, &yp]);
    let t = g.sel(&shift, &q, &y);
    let t2 = g.mul(&t, &t);
    let c: Vec<f64> = (0..25)
        .map(|k| (if k % 2 == 0 { 1.0 } else { -1.0 }) / (2 * k + 1) as f64)
        .collect();
    let p = g.horner(&t2, &c);
    let p = g.mul(&t, &p);
    let pi4 = g.d(std::f64::consts::FRAC_PI_4);
    let p4 = g.add(&pi4, &p);
    let r = g.sel(&shift, &p4, &p);
    let pi2 = g.d(std::f64::consts::FRAC_PI_2);
    let rr = g.sub(&pi2, &r);
    g.sel(&inv, &rr, &r)
}

/// atan, asin (atan(x / sqrt((1 - x)(1 + x)))), acos (2 atan(sqrt((1 - x) / (1 +
/// x)))) and atan2 (atan(|y| / |x|) mirrored into its quadrant, with C99's special
/// values for zeros and infinities).
fn inverse_trig(g: &mut G, id: u32) -> Reg {
    let x = &IN0;
    let a = g.op(op::Dabs, &[x]);
    let one = g.d(1.0);
    let nan = g.d(f64::NAN);
    let zero = g.d(0.0);
    let r = match id {
        ATAN => {
            let r = atan_pos(g, &a);
            copysign(g, &r, x)
        }
        ASIN | ACOS => {
            let om = g.sub(&one, x);
            let op_ = g.add(&one, x);
            let r = if id == ASIN {
                let p = g.mul(&om, &op_);
                let s = g.op(op::Dsqrt, &[&p]);
                let q = g.op(op::Ddiv, &[&a, &s]);
                let r = atan_pos(g, &q);
                copysign(g, &r, x)
            } else {
                let q = g.op(op::Ddiv, &[&om, &op_]);
                let s = g.op(op::Dsqrt, &[&q]);
                let r = atan_pos(g, &s);
                g.add(&r, &r)
            };
            let bad = g.cmp(op::Dlt, &one, &a);
            g.sel(&bad, &nan, &r)
        }
        _ => {
            // atan2(y, x): IN0 is y.
            let (y, x) = (&IN0, &IN1);
            let ax = g.op(op::Dabs, &[x]);
            let q = g.op(op::Ddiv, &[&a, &ax]);
            let r = atan_pos(g, &q);
            let inf = g.d(f64::INFINITY);
            let xi = g.cmp(op::Deq, &ax, &inf);
            let yi = g.cmp(op::Deq, &a, &inf);
            let pi4 = g.d(std::f64::consts::FRAC_PI_4);
            let both = g.sel(&xi, &pi4, &r);
            let r = g.sel(&yi, &both, &r);
            // y = x = 0: 0 (then pi below for x negative, by its sign bit).
            let x0 = g.cmp(op::Deq, &ax, &zero);
            let y0 = g.cmp(op::Deq, &a, &zero);
            let z = g.sel(&x0, &zero, &r);
            let r = g.sel(&y0, &z, &r);
            // x negative (sign bit, so -0 too): pi - r.
            let xs = copysign(g, &one, x);
            let xneg = g.cmp(op::Dlt, &xs, &zero);
            let pi = g.d(std::f64::consts::PI);
            let pr = g.sub(&pi, &r);
            let r = g.sel(&xneg, &pr, &r);
            let r = copysign(g, &r, y);
            let xn = g.cmp(op::Dne, x, x);
            let s = g.add(x, y);
            g.sel(&xn, &s, &r)
        }
    };
    let isnan = g.cmp(op::Dne, x, x);
    g.sel(&isnan, x, &r)
}

/// cbrt: y = e^(log|x| / 3), then one Newton step written as a small correction,
/// y - (y - |x| / y^2) / 3, whose own rounding errors are a third of an ulp; x's sign.
/// 0, infinities and NaN are their own cube roots.
fn cbrt(g: &mut G, x: &Reg) -> Reg {
    let a = g.op(op::Dabs, &[x]);
    let l = log_full(g, &a);
    let third = g.d(1.0 / 3.0);
    let l3 = g.mul(&l, &third);
    let y = exp_core(g, &l3);
    let y2 = g.mul(&y, &y);
    let q = g.op(op::Ddiv, &[&a, &y2]);
    let d = g.sub(&y, &q);
    let d = g.mul(&d, &third);
    let y = g.sub(&y, &d);
    let r = copysign(g, &y, x);
    let zero = g.d(0.0);
    let inf = g.d(f64::INFINITY);
    let z = g.cmp(op::Deq, &a, &zero);
    let i = g.cmp(op::Deq, &a, &inf);
    let r = g.sel(&z, x, &r);
    let r = g.sel(&i, x, &r);
    let isnan = g.cmp(op::Dne, x, x);
    g.sel(&isnan, x, &r)
}

/// fdim: x - y when x > y, else +0; NaN operands give NaN.
fn fdim(g: &mut G, x: &Reg, y: &Reg) -> Reg {
    let t = g.sub(x, y);
    let gt = g.cmp(op::Dlt, y, x);
    let zero = g.d(0.0);
    let r = g.sel(&gt, &t, &zero);
    let xn = g.cmp(op::Dne, x, x);
    let yn = g.cmp(op::Dne, y, y);
    let s = g.add(x, y);
    let r = g.sel(&xn, &s, &r);
    g.sel(&yn, &s, &r)
}

/// v 2^n for an integral double n with |n| <= 1100 and v near 1, in two halves: 2^n
/// itself may be past the double range (exp(709.78) needs 2^1024 times a value below
/// 1, and a dldexp of 1024 made inf; found by kauai-runtime's math sweep). The first
/// half keeps v normal, so only the second rounds.
fn scale2(g: &mut G, v: &Reg, n: &Reg) -> Reg {
    let half = g.d(0.5);
    let h = g.mul(n, &half);
    let n1 = g.rint(&h);
    let n2 = g.sub(n, &n1);
    let mut out = *v;
    for k in [n1, n2] {
        let ki = g.r();
        g.e(b::alu(op::D2i, ki.dst(Mask::X), [k.src()]));
        let o = g.r();
        g.e(b::alu(op::Dldexp, o.dst(Mask::XY), [out.src(), ki.x()]));
        out = o;
    }
    out
}

/// log x as a head and a tail (for positive, finite, normal or subnormal x).
fn log_parts(g: &mut G, x: &Reg) -> (Reg, Reg) {
    // e and m in [1, 2) (x is positive, so split_exp's kept sign bit is 0).
    let (m, e) = split_exp(g, x);
    // m > sqrt(2): halve it and count one more.
    let sqrt2 = g.d(std::f64::consts::SQRT_2);
    let big = g.cmp(op::Dlt, &sqrt2, &m);
    let half = g.d(0.5);
    let mh = g.mul(&m, &half);
    let m = g.sel(&big, &mh, &m);
    let one = g.i(1);
    let e1 = g.r();
    g.e(b::alu(op::Iadd, e1.dst(Mask::X), [e.x(), one]));
    g.e(b::alu(
        op::CmovLogical,
        e.dst(Mask::X),
        [big.x(), e1.x(), e.x()],
    ));
    // f = m - 1 (exact), u = 2 + f as head and tail, s = f / u as head and tail.
    let mone = g.d(-1.0);
    let f = g.add(&m, &mone);
    let two = g.d(2.0);
    let u = g.add(&two, &f);
    let nu = g.neg(&u);
    let ul = g.add(&two, &nu);
    let ul = g.add(&ul, &f);
    let s = g.op(op::Ddiv, &[&f, &u]);
    let ns = g.neg(&s);
    let rem = g.fma(&ns, &u, &f);
    let rem = g.fma(&ns, &ul, &rem);
    let sl = g.op(op::Ddiv, &[&rem, &u]);
    // log m = 2 s + 2 s^3 (1/3 + s^2/5 + ...).
    let z2 = g.mul(&s, &s);
    let coef: Vec<f64> = (1..=10).map(|k| 2.0 / f64::from(2 * k + 1)).collect();
    let p = g.horner(&z2, &coef);
    let s3 = g.mul(&z2, &s);
    let t = g.mul(&s3, &p);
    let s2 = g.add(&s, &s);
    let sl2 = g.add(&sl, &sl);
    // e ln2 = e LN2_HI (exact) + e LN2_LO.
    let ed = g.r();
    g.e(b::alu(op::I2d, ed.dst(Mask::XY), [e.x()]));
    let (h, l) = (g.d(f64::from_bits(0x3FE6_2E42_FEE0_0000)), g.d(LN2_LO));
    let eh = g.mul(&ed, &h);
    let el = g.mul(&ed, &l);
    // head = eh + s2 with its rounding error (two-sum), tail = the rest.
    let head = g.add(&eh, &s2);
    let bb = g.sub(&head, &eh);
    let aa = g.sub(&head, &bb);
    let e_a = g.sub(&eh, &aa);
    let e_b = g.sub(&s2, &bb);
    let err = g.add(&e_a, &e_b);
    let tail = g.add(&err, &el);
    let tail = g.add(&tail, &sl2);
    let tail = g.add(&tail, &t);
    // Renormalise.
    let hs = g.add(&head, &tail);
    let back = g.sub(&hs, &head);
    let tl = g.sub(&tail, &back);
    (hs, tl)
}

/// log x with IEEE special cases: NaN for x < 0 or NaN, -inf for 0, inf for inf.
fn log_full(g: &mut G, x: &Reg) -> Reg {
    let (h, _) = log_parts(g, x);
    special_log(g, x, &h)
}

fn special_log(g: &mut G, x: &Reg, v: &Reg) -> Reg {
    let zero = g.d(0.0);
    let inf = g.d(f64::INFINITY);
    let ninf = g.d(f64::NEG_INFINITY);
    let nan = g.d(f64::NAN);
    let is0 = g.cmp(op::Deq, x, &zero);
    let v = g.sel(&is0, &ninf, v);
    let isinf = g.cmp(op::Deq, x, &inf);
    let v = g.sel(&isinf, &inf, &v);
    let neg = g.cmp(op::Dlt, x, &zero);
    let v = g.sel(&neg, &nan, &v);
    let isnan = g.cmp(op::Dne, x, x);
    g.sel(&isnan, x, &v)
}

/// 2/pi in 24-bit pieces, 2/pi = sum c_j 2^(-24 (j + 1)) (fdlibm's `ipio2`, as the
/// host's libm has it): enough for every double exponent.
const TWO_OVER_PI: [u32; 52] = [
    0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C, 0x439041, 0xFE5163,
    0xABDEBB, 0xC561B7, 0x246E3A, 0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129,
    0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C, 0x7026B4, 0x5F7E41, 0x3991D6, 0x398353, 0x39F49C,
    0x845F8B, 0xBDF928, 0x3B1FF8, 0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D, 0x367ECF,
    0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5, 0xF17B3D, 0x0739F7, 0x8A5292,
    0xEA6BFB, 0x5FB11F, 0x8D5D08, 0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20,
];

/// Above this |x| sin and cos reduce by [`payne_hanek`]; below, k pi/2 in three
/// 33-bit parts is exact enough (k < 2^20 keeps k p1 exact).
const PH_FROM: f64 = 65536.0;

/// Payne and Hanek's reduction of a (finite, >= 2^16): a 2/pi = k + f with k an
/// integer mod 4 and |f| <= 1/2; returns k (a double in [0, 9]) and f pi/2 as a head
/// and a tail. a = (x0 + x1 2^-24 + x2 2^-48) 2^e0 with 24-bit integers x_i; the sum
/// of x_i c_j over i + j = n, scaled by 2^(e0 - 24 n - 24), is exact, and the terms
/// with n < n0 are multiples of 4, so only eight terms from n0 on are summed (the
/// pieces c_{n0-2} .. c_{n0+7} picked by n0 with conditional moves). The sum is
/// double-double, good to about 2^-100 absolute: f is right to an ulp unless |f| is
/// below about 2^-47 (the nearest doubles to multiples of pi/2 reach 2^-61).
fn payne_hanek(g: &mut G, a: &Reg) -> (Reg, Reg, Reg) {
    let (_, e) = split_exp(g, a);
    // e0 = e - 23, so that z = a 2^-e0 is in [2^23, 2^24).
    let e0 = g.r();
    let m23 = g.i(-23i32 as u32);
    g.e(b::alu(op::Iadd, e0.dst(Mask::X), [e.x(), m23]));
    let ne0 = g.r();
    g.e(b::alu(op::Inegate, ne0.dst(Mask::X), [e0.x()]));
    let z = g.r();
    g.e(b::alu(op::Dldexp, z.dst(Mask::XY), [a.src(), ne0.x()]));
    let two24 = g.d(16777216.0);
    let floor = |g: &mut G, v: &Reg| -> (Reg, Reg) {
        let f = g.op(op::Dfrac, &[v]);
        (g.sub(v, &f), f)
    };
    let (x0, f) = floor(g, &z);
    let z1 = g.mul(&f, &two24);
    let (x1, f) = floor(g, &z1);
    let x2 = g.mul(&f, &two24);
    // n0 = max(e0 - 2, 0) / 24.
    let n0 = g.r();
    let (m2, zero_i, k24) = (g.i(-2i32 as u32), g.i(0), g.i(24));
    g.e(b::alu(op::Iadd, n0.dst(Mask::X), [e0.x(), m2]));
    g.e(b::alu(op::Imax, n0.dst(Mask::X), [n0.x(), zero_i]));
    g.e(b::alu(op::Udiv, n0.dst(Mask::X), [n0.x(), k24]));
    // p[o + 2] = c_{n0 + o} for o in -2..=7 (0 outside the table).
    let zero = g.d(0.0);
    let mut p: Vec<Reg> = (0..10).map(|_| zero).collect();
    for j in 0..TWO_OVER_PI.len() as i32 + 2 {
        let ji = g.i(j as u32);
        let eq = g.r();
        g.e(b::alu(op::Ieq, eq.dst(Mask::X), [n0.x(), ji]));
        for (slot, o) in p.iter_mut().zip(-2i32..=7) {
            let Some(&c) = usize::try_from(j + o).ok().and_then(|k| TWO_OVER_PI.get(k)) else {
                continue;
            };
            let cv = g.d(f64::from(c));
            *slot = g.sel(&eq, &cv, slot);
        }
    }
    // f_m = (x0 c_{n0+m} + x1 c_{n0+m-1} + x2 c_{n0+m-2}) 2^(e0 - 24 (n0 + m) - 24).
    let w = g.r();
    let m24 = g.i(-24i32 as u32);
    g.e(b::alu(op::Imul, w.dst(Mask::X), [n0.x(), m24]));
    g.e(b::alu(op::Iadd, w.dst(Mask::X), [w.x(), e0.x()]));
    g.e(b::alu(op::Iadd, w.dst(Mask::X), [w.x(), m24]));
    let mut fs = Vec::new();
    for m in 0..8 {
        let t = g.mul(&x0, &p[m + 2]);
        let t = g.fma(&x1, &p[m + 1], &t);
        let t = g.fma(&x2, &p[m], &t);
        let f = g.r();
        g.e(b::alu(op::Dldexp, f.dst(Mask::XY), [t.src(), w.x()]));
        g.e(b::alu(op::Iadd, w.dst(Mask::X), [w.x(), m24]));
        fs.push(f);
    }
    // The integer parts of f_0..f_2 mod 4 (exact), their fractions double-double.
    let quarter = g.d(0.25);
    let four = g.d(4.0);
    let mut k = zero;
    let mut fr = Vec::new();
    for f in &fs[..3] {
        let i = g.rint(f);
        let fi = g.sub(f, &i);
        let q = g.mul(&i, &quarter);
        let (qf, _) = floor(g, &q);
        let nq = g.neg(&qf);
        let im = g.fma(&nq, &four, &i);
        k = g.add(&k, &im);
        fr.push(fi);
    }
    fr.extend_from_slice(&fs[3..]);
    // Smallest first into the tail; the head by two-sums.
    let mut lo = zero;
    for f in fr[4..].iter().rev() {
        lo = g.add(&lo, f);
    }
    let mut hi = fr[0];
    for f in &fr[1..4] {
        let s = g.add(&hi, f);
        let bv = g.sub(&s, &hi);
        let av = g.sub(&s, &bv);
        let eb = g.sub(f, &bv);
        let ea = g.sub(&hi, &av);
        let err = g.add(&ea, &eb);
        lo = g.add(&lo, &err);
        hi = s;
    }
    let kk = g.rint(&hi);
    k = g.add(&k, &kk);
    let hi = g.sub(&hi, &kk);
    let s = g.add(&hi, &lo);
    let hv = g.sub(&s, &hi);
    let lo = g.sub(&lo, &hv);
    // (s + lo) pi/2 as a head and a tail.
    let ph = g.d(std::f64::consts::FRAC_PI_2);
    let pl = g.d(6.123_233_995_736_766e-17);
    let yh = g.mul(&s, &ph);
    let nyh = g.neg(&yh);
    let yl = g.fma(&s, &ph, &nyh);
    let yl = g.fma(&s, &pl, &yl);
    let yl = g.fma(&lo, &ph, &yl);
    let y = g.add(&yh, &yl);
    let yd = g.sub(&y, &yh);
    let yl = g.sub(&yl, &yd);
    (k, y, yl)
}

/// sin r and cos r for |r| <= pi/4: Taylor series of degree 17 and 16.
fn sin_cos_poly(g: &mut G, r: &Reg) -> (Reg, Reg) {
    let r2 = g.mul(r, r);
    // sin r = r (1 - r^2/3! + ...), cos r = 1 - r^2/2! + ...
    let sc: Vec<f64> = (0..=8)
        .map(|j| (if j % 2 == 0 { 1.0 } else { -1.0 }) / factorial(2 * j + 1))
        .collect();
    let sp = g.horner(&r2, &sc);
    let s = g.mul(r, &sp);
    let cc: Vec<f64> = (0..=8)
        .map(|j| (if j % 2 == 0 { 1.0 } else { -1.0 }) / factorial(2 * j))
        .collect();
    (s, g.horner(&r2, &cc))
}

fn sincos(g: &mut G, x: &Reg, cos: bool) -> Reg {
    let tpi = g.d(std::f64::consts::FRAC_2_PI);
    let t = g.mul(x, &tpi);
    let k = g.rint(&t);
    let nk = g.neg(&k);
    // pi/2 in three parts of 33 bits each (as fdlibm splits it).
    let p1 = g.d(f64::from_bits(0x3FF9_21FB_5440_0000));
    let p2 = g.d(f64::from_bits(0x3DD0_B461_1A60_0000));
    let p3 = g.d(f64::from_bits(0x3BA3_198A_2E03_7073));
    let r = g.fma(&nk, &p1, x);
    let r = g.fma(&nk, &p2, &r);
    let r = g.fma(&nk, &p3, &r);
    // Large finite |x|: Payne and Hanek on |x|, negated back for negative x.
    let ax = g.op(op::Dabs, &[x]);
    let (kb, rb, rl) = payne_hanek(g, &ax);
    let z0 = g.d(0.0);
    let neg = g.cmp(op::Dlt, x, &z0);
    let (nkb, nrb, nrl) = (g.neg(&kb), g.neg(&rb), g.neg(&rl));
    let kb = g.sel(&neg, &nkb, &kb);
    let rb = g.sel(&neg, &nrb, &rb);
    let rl = g.sel(&neg, &nrl, &rl);
    let from = g.d(PH_FROM);
    let inf = g.d(f64::INFINITY);
    let big = g.cmp(op::Dge, &ax, &from);
    let fin = g.cmp(op::Dlt, &ax, &inf);
    let use_big = g.r();
    g.e(b::alu(op::Iand, use_big.dst(Mask::X), [big.x(), fin.x()]));
    let k = g.sel(&use_big, &kb, &k);
    let r = g.sel(&use_big, &rb, &r);
    let zero = g.d(0.0);
    let rl = g.sel(&use_big, &rl, &zero);
    let (s, c) = sin_cos_poly(g, &r);
    // The reduction's tail: sin(r + l) = sin r + l cos r, cos(r + l) = cos r - l sin r.
    let s = g.fma(&rl, &c, &s);
    let nrl = g.neg(&rl);
    let c = g.fma(&nrl, &r, &c);
    // Quadrant q = k mod 4 (cos shifts it by one).
    let q = g.r();
    g.e(b::alu(op::D2i, q.dst(Mask::X), [k.src()]));
    if cos {
        let one = g.i(1);
        g.e(b::alu(op::Iadd, q.dst(Mask::X), [q.x(), one]));
    }
    let three = g.i(3);
    g.e(b::alu(op::Iand, q.dst(Mask::X), [q.x(), three]));
    let (odd, neg) = (g.r(), g.r());
    let (one, two) = (g.i(1), g.i(2));
    g.e(b::alu(op::Iand, odd.dst(Mask::X), [q.x(), one]));
    g.e(b::alu(op::Iand, neg.dst(Mask::X), [q.x(), two]));
    let v = g.sel(&odd, &c, &s);
    let nv = g.neg(&v);
    g.sel(&neg, &nv, &v)
}

fn pow(g: &mut G, x: &Reg, y: &Reg) -> Reg {
    let abs = g.lits.get([u32::MAX, 0x7FFF_FFFF, u32::MAX, 0x7FFF_FFFF]);
    let ax = g.r();
    g.e(b::alu(
        op::Iand,
        ax.dst(Mask::XY),
        [x.src(), Reg::l(abs).src()],
    ));
    let (lh, ll) = log_parts(g, &ax);
    // y log|x| as a head and a tail.
    let ph = g.mul(y, &lh);
    let nph = g.neg(&ph);
    let pl = g.fma(y, &lh, &nph);
    let pl = g.fma(y, &ll, &pl);
    let e = exp_core(g, &ph);
    let v = g.fma(&e, &pl, &e);
    // An infinite head (x or y infinite) makes the tail NaN: the magnitude is inf
    // above 0 and 0 below; an overflowed e stays inf whatever the tail's sign; |x| = 1
    // with y infinite is 1 (0 * inf above).
    let inf = g.d(f64::INFINITY);
    let zero = g.d(0.0);
    let one = g.d(1.0);
    let aph = g.r();
    g.e(b::alu(
        op::Iand,
        aph.dst(Mask::XY),
        [ph.src(), Reg::l(abs).src()],
    ));
    let phinf = g.cmp(op::Deq, &aph, &inf);
    let phpos = g.cmp(op::Dlt, &zero, &ph);
    let big = g.sel(&phpos, &inf, &zero);
    let v = g.sel(&phinf, &big, &v);
    let einf = g.cmp(op::Deq, &e, &inf);
    let v = g.sel(&einf, &e, &v);
    let ay = g.r();
    g.e(b::alu(
        op::Iand,
        ay.dst(Mask::XY),
        [y.src(), Reg::l(abs).src()],
    ));
    let yinf = g.cmp(op::Deq, &ay, &inf);
    let ax1 = g.cmp(op::Deq, &ax, &one);
    g.e(b::alu(op::Iand, ax1.dst(Mask::X), [ax1.x(), yinf.x()]));
    let v = g.sel(&ax1, &one, &v);
    // |x| = inf: inf for y > 0, 0 for y < 0 (log|x| is finite in log_parts).
    let xinf = g.cmp(op::Deq, &ax, &inf);
    let ypos = g.cmp(op::Dlt, &zero, y);
    let big = g.sel(&ypos, &inf, &zero);
    let v = g.sel(&xinf, &big, &v);
    // Negative x: integer y keeps the magnitude (odd y negates), others are NaN.
    let yr = g.rint(y);
    let yint = g.cmp(op::Deq, &yr, y);
    let half = g.d(0.5);
    let yh = g.mul(y, &half);
    let yhr = g.rint(&yh);
    let even = g.cmp(op::Deq, &yhr, &yh);
    let xneg = g.cmp(op::Dlt, x, &zero);
    let odd = g.r();
    g.e(b::alu(op::Inot, odd.dst(Mask::X), [even.x()]));
    g.e(b::alu(op::Iand, odd.dst(Mask::X), [odd.x(), yint.x()]));
    let negate = g.r();
    g.e(b::alu(op::Iand, negate.dst(Mask::X), [odd.x(), xneg.x()]));
    let nv = g.neg(&v);
    let v = g.sel(&negate, &nv, &v);
    let nan = g.d(f64::NAN);
    let bad = g.r();
    g.e(b::alu(op::Inot, bad.dst(Mask::X), [yint.x()]));
    g.e(b::alu(op::Iand, bad.dst(Mask::X), [bad.x(), xneg.x()]));
    // pow(-inf, y) is +-inf or +-0 for every y, not NaN.
    g.e(b::alu(op::Inot, xinf.dst(Mask::X), [xinf.x()]));
    g.e(b::alu(op::Iand, bad.dst(Mask::X), [bad.x(), xinf.x()]));
    let v = g.sel(&bad, &nan, &v);
    // x = +-0: y < 0 gives inf, y > 0 gives 0 (signed for odd y).
    let x0 = g.cmp(op::Deq, x, &zero);
    let yneg = g.cmp(op::Dlt, y, &zero);
    let z = g.sel(&yneg, &inf, &zero);
    let nz = g.neg(&z);
    let sgn = g.r();
    g.e(b::alu(op::Iand, sgn.dst(Mask::X), [odd.x(), xneg.x()]));
    let xs = g.r();
    let signbit = g.i(0x8000_0000);
    let zl = g.i(0);
    g.e(b::alu(op::Iand, xs.dst(Mask::X), [x.y(), signbit]));
    g.e(b::alu(op::Ine, xs.dst(Mask::X), [xs.x(), zl]));
    g.e(b::alu(op::Iand, xs.dst(Mask::X), [xs.x(), odd.x()]));
    let z = g.sel(&xs, &nz, &z);
    let _ = sgn;
    let v = g.sel(&x0, &z, &v);
    // NaN in, NaN out; but x = 1 or y = 0 give 1 whatever the other is.
    let xn = g.cmp(op::Dne, x, x);
    let yn = g.cmp(op::Dne, y, y);
    let v = g.sel(&xn, x, &v);
    let v = g.sel(&yn, y, &v);
    let x1 = g.cmp(op::Deq, x, &one);
    let y0 = g.cmp(op::Deq, y, &zero);
    let v = g.sel(&x1, &one, &v);
    g.sel(&y0, &one, &v)
}

/// sqrt(x^2 + y^2) without undue overflow or underflow; +inf when either is infinite
/// (even if the other is NaN), else NaN when either is NaN.
fn hypot(g: &mut G, x: &Reg, y: &Reg) -> Reg {
    let abs = g.lits.get([u32::MAX, 0x7FFF_FFFF, u32::MAX, 0x7FFF_FFFF]);
    let (ax, ay) = (g.r(), g.r());
    g.e(b::alu(
        op::Iand,
        ax.dst(Mask::XY),
        [x.src(), Reg::l(abs).src()],
    ));
    g.e(b::alu(
        op::Iand,
        ay.dst(Mask::XY),
        [y.src(), Reg::l(abs).src()],
    ));
    let big = g.op(op::Dmax, &[&ax, &ay]);
    let small = g.op(op::Dmin, &[&ax, &ay]);
    // Squares of magnitudes in [2^-500, 2^500] stay normal and finite. Outside, scale by
    // a power of two: exact, except that the smaller may underflow when the larger is
    // huge, where it no longer matters (it is below 2^-53 of the larger).
    let (hi_lim, lo_lim) = (g.d(2f64.powi(500)), g.d(2f64.powi(-500)));
    let (down, up, one) = (g.d(2f64.powi(-600)), g.d(2f64.powi(600)), g.d(1.0));
    let huge = g.cmp(op::Dlt, &hi_lim, &big);
    let tiny = g.cmp(op::Dlt, &big, &lo_lim);
    let s_in = g.sel(&tiny, &up, &one);
    let s_in = g.sel(&huge, &down, &s_in);
    let s_out = g.sel(&tiny, &down, &one);
    let s_out = g.sel(&huge, &up, &s_out);
    let bs = g.mul(&big, &s_in);
    let ss = g.mul(&small, &s_in);
    let ss2 = g.mul(&ss, &ss);
    let sum = g.fma(&bs, &bs, &ss2);
    let r = g.op(op::Dsqrt, &[&sum]);
    let v = g.mul(&r, &s_out);
    let xn = g.cmp(op::Dne, x, x);
    let yn = g.cmp(op::Dne, y, y);
    let nan = g.d(f64::NAN);
    let v = g.sel(&xn, &nan, &v);
    let v = g.sel(&yn, &nan, &v);
    let inf = g.d(f64::INFINITY);
    let xi = g.cmp(op::Deq, &ax, &inf);
    let yi = g.cmp(op::Deq, &ay, &inf);
    let v = g.sel(&xi, &inf, &v);
    g.sel(&yi, &inf, &v)
}

/// A positive finite nonzero v as (m, e): m in [1, 2) (a double), e its exponent (an
/// int in `.x`); subnormals are scaled by 2^54 first.
fn split_exp(g: &mut G, v: &Reg) -> (Reg, Reg) {
    let tiny = g.d(f64::from_bits(0x0010_0000_0000_0000));
    let small = g.cmp(op::Dlt, v, &tiny);
    let two54 = g.d(18014398509481984.0);
    let vs = g.mul(v, &two54);
    let v = g.sel(&small, &vs, v);
    let adj = g.r();
    let (m54, z) = (g.i(-54i32 as u32), g.i(0));
    g.e(b::alu(
        op::CmovLogical,
        adj.dst(Mask::X),
        [small.x(), m54, z],
    ));
    let e = g.r();
    let (w, o) = (g.i(11), g.i(20));
    g.e(b::alu(op::UbitExtract, e.dst(Mask::X), [w, o, v.y()]));
    let bias = g.i(-1023i32 as u32);
    g.e(b::alu(op::Iadd, e.dst(Mask::X), [e.x(), bias]));
    g.e(b::alu(op::Iadd, e.dst(Mask::X), [e.x(), adj.x()]));
    let m = g.r();
    let (mm, one_hi) = (g.i(0x800F_FFFF), g.i(0x3FF0_0000));
    g.e(b::alu(op::Iand, m.dst(Mask::Y), [v.y(), mm]));
    g.e(b::alu(op::Ior, m.dst(Mask::Y), [m.y(), one_hi]));
    g.e(b::alu(op::Mov, m.dst(Mask::X), [v.x()]));
    (m, e)
}

/// m 2^t for m in [1, 2) and an int t (`.x`), rounded once: t is clamped to
/// [-1100, 1100] (past that the result is 0 or inf anyway), then m 2^k1 with k1 =
/// clamp(t, -1022, 1023) is exact and normal, and only the last step, 2^(t - k1) with
/// |t - k1| <= 78, rounds (into the subnormals) or overflows.
fn scale_exact(g: &mut G, m: &Reg, t: &Reg) -> Reg {
    let (lo, hi) = (g.i(-1100i32 as u32), g.i(1100));
    let tc = g.r();
    g.e(b::alu(op::Imax, tc.dst(Mask::X), [t.x(), lo]));
    g.e(b::alu(op::Imin, tc.dst(Mask::X), [tc.x(), hi]));
    let (lo, hi) = (g.i(-1022i32 as u32), g.i(1023));
    let k1 = g.r();
    g.e(b::alu(op::Imax, k1.dst(Mask::X), [tc.x(), lo]));
    g.e(b::alu(op::Imin, k1.dst(Mask::X), [k1.x(), hi]));
    let k2 = g.r();
    g.e(b::alu(op::Inegate, k2.dst(Mask::X), [k1.x()]));
    g.e(b::alu(op::Iadd, k2.dst(Mask::X), [tc.x(), k2.x()]));
    let a = g.r();
    g.e(b::alu(op::Dldexp, a.dst(Mask::XY), [m.src(), k1.x()]));
    let r = g.r();
    g.e(b::alu(op::Dldexp, r.dst(Mask::XY), [a.src(), k2.x()]));
    r
}

/// ldexp(x, n), n an int in `.x`: exact (one rounding into the subnormals); 0, inf
/// and NaN unchanged.
fn ldexp(g: &mut G, x: &Reg, n: &Reg) -> Reg {
    let one = g.d(1.0);
    let ax = g.op(op::Dabs, &[x]);
    let inf = g.d(f64::INFINITY);
    let zero = g.d(0.0);
    let fin = g.cmp(op::Dlt, &ax, &inf);
    let nz = g.cmp(op::Dne, &ax, &zero);
    let keep = g.r();
    g.e(b::alu(op::Iand, keep.dst(Mask::X), [fin.x(), nz.x()]));
    let v = g.sel(&keep, &ax, &one);
    let (m, e) = split_exp(g, &v);
    // e + n saturating: n near i32::MAX must not wrap (e is within +-1100).
    let (lo, hi) = (g.i(-4096i32 as u32), g.i(4096));
    let t = g.r();
    g.e(b::alu(op::Imax, t.dst(Mask::X), [n.x(), lo]));
    g.e(b::alu(op::Imin, t.dst(Mask::X), [t.x(), hi]));
    g.e(b::alu(op::Iadd, t.dst(Mask::X), [t.x(), e.x()]));
    let r = scale_exact(g, &m, &t);
    let r = copysign(g, &r, x);
    g.sel(&keep, &r, x)
}

/// fmod(ax, ay) for ax >= 0 finite and ay > 0 (finite or inf): exact. While r >= ay,
/// t = ay scaled to r's exponent (halved when above r) and r -= t, exact because
/// t <= r < 2t; r's exponent drops each time.
fn fmod_pos(g: &mut G, ax: &Reg, ay: &Reg) -> Reg {
    let (my, _) = split_exp(g, ay);
    let r = g.r();
    g.e(b::alu(op::Mov, r.dst(Mask::XY), [ax.src()]));
    g.e(b::bare(op::Whileloop));
    let go = g.cmp(op::Dge, &r, ay);
    g.e(b::cond(op::BreakLogicalz, go.x()));
    let (_, er) = split_exp(g, &r);
    let t = scale_exact(g, &my, &er);
    let half = g.d(0.5);
    let th = g.mul(&t, &half);
    let over = g.cmp(op::Dlt, &r, &t);
    let t = g.sel(&over, &th, &t);
    let d = g.sub(&r, &t);
    g.e(b::alu(op::Mov, r.dst(Mask::XY), [d.src()]));
    g.e(b::bare(op::Endloop));
    r
}

/// fmod(x, y) with C's special cases, or remainder(x, y) from fmod(|x|, 2|y|) as the
/// float path computes it (fmod(|x|, |y|) and one step when 2|y| overflows).
fn fmod_rem(g: &mut G, x: &Reg, y: &Reg, rem: bool) -> Reg {
    let ax = g.op(op::Dabs, &[x]);
    let ay = g.op(op::Dabs, &[y]);
    let inf = g.d(f64::INFINITY);
    let zero = g.d(0.0);
    let one = g.d(1.0);
    // NaN for y = 0, x infinite or NaN, y NaN.
    let xf = g.cmp(op::Dlt, &ax, &inf);
    let yok = g.cmp(op::Dlt, &zero, &ay);
    let ok = g.r();
    g.e(b::alu(op::Iand, ok.dst(Mask::X), [xf.x(), yok.x()]));
    // Safe operands for the loop where the answer is NaN anyway.
    let sx = g.sel(&ok, &ax, &zero);
    let sy = g.sel(&ok, &ay, &one);
    let r = if rem {
        let y2 = g.add(&sy, &sy);
        let ov = g.cmp(op::Deq, &y2, &inf);
        let dv = g.sel(&ov, &sy, &y2);
        let a = fmod_pos(g, &sx, &dv);
        let half = g.d(0.5);
        let hy = g.mul(&sy, &half);
        let h3 = g.d(1.5);
        let h3 = g.mul(&sy, &h3);
        let r1 = g.sub(&a, &sy);
        let r2 = g.sub(&a, &y2);
        // a <= |y|/2: a; a < 3|y|/2: a - |y|; else a - 2|y| (3|y|/2 ties go even).
        let le = g.cmp(op::Dge, &hy, &a);
        let lt3 = g.cmp(op::Dlt, &a, &h3);
        let v = g.sel(&lt3, &r1, &r2);
        let v = g.sel(&le, &a, &v);
        // 2|y| overflowing: a = fmod(|x|, |y|), then one step.
        let gt = g.cmp(op::Dlt, &hy, &a);
        let vb = g.sel(&gt, &r1, &a);
        g.sel(&ov, &vb, &v)
    } else {
        fmod_pos(g, &sx, &sy)
    };
    // The sign of x (xor keeps -0 results signed as C does).
    let sign = g.lits.get([0, 0x8000_0000, 0, 0x8000_0000]);
    let s = g.r();
    g.e(b::alu(
        op::Iand,
        s.dst(Mask::XY),
        [x.src(), Reg::l(sign).src()],
    ));
    let v = g.r();
    g.e(b::alu(op::Ixor, v.dst(Mask::XY), [r.src(), s.src()]));
    let nan = g.d(f64::NAN);
    let v = g.sel(&ok, &v, &nan);
    // NaN operands stay NaN (their payload as the host's).
    let s = g.add(x, y);
    let xn = g.cmp(op::Dne, x, x);
    let yn = g.cmp(op::Dne, y, y);
    let v = g.sel(&xn, &s, &v);
    g.sel(&yn, &s, &v)
}

/// fdlibm's erf/erfc coefficients (`s_erf.c`, the libm crate's `erf.rs`), lowest
/// degree first.
#[allow(clippy::excessive_precision)]
mod erf_coef {
    pub const ERX: f64 = 8.45062911510467529297e-01;
    pub const EFX8: f64 = 1.02703333676410069053e+00;
    pub const PP: [f64; 5] = [
        1.28379167095512558561e-01,
        -3.25042107247001499370e-01,
        -2.84817495755985104766e-02,
        -5.77027029648944159157e-03,
        -2.37630166566501626084e-05,
    ];
    pub const QQ: [f64; 6] = [
        1.0,
        3.97917223959155352819e-01,
        6.50222499887672944485e-02,
        5.08130628187576562776e-03,
        1.32494738004321644526e-04,
        -3.96022827877536812320e-06,
    ];
    pub const PA: [f64; 7] = [
        -2.36211856075265944077e-03,
        4.14856118683748331666e-01,
        -3.72207876035701323847e-01,
        3.18346619901161753674e-01,
        -1.10894694282396677476e-01,
        3.54783043256182359371e-02,
        -2.16637559486879084300e-03,
    ];
    pub const QA: [f64; 7] = [
        1.0,
        1.06420880400844228286e-01,
        5.40397917702171048937e-01,
        7.18286544141962662868e-02,
        1.26171219808761642112e-01,
        1.36370839120290507362e-02,
        1.19844998467991074170e-02,
    ];
    pub const RA: [f64; 8] = [
        -9.86494403484714822705e-03,
        -6.93858572707181764372e-01,
        -1.05586262253232909814e+01,
        -6.23753324503260060396e+01,
        -1.62396669462573470355e+02,
        -1.84605092906711035994e+02,
        -8.12874355063065934246e+01,
        -9.81432934416914548592e+00,
    ];
    pub const SA: [f64; 9] = [
        1.0,
        1.96512716674392571292e+01,
        1.37657754143519042600e+02,
        4.34565877475229228821e+02,
        6.45387271733267880336e+02,
        4.29008140027567833386e+02,
        1.08635005541779435134e+02,
        6.57024977031928170135e+00,
        -6.04244152148580987438e-02,
    ];
    pub const RB: [f64; 7] = [
        -9.86494292470009928597e-03,
        -7.99283237680523006574e-01,
        -1.77579549177547519889e+01,
        -1.60636384855821916062e+02,
        -6.37566443368389627722e+02,
        -1.02509513161107724954e+03,
        -4.83519191608651397019e+02,
    ];
    pub const SB: [f64; 8] = [
        1.0,
        3.03380607434824582924e+01,
        3.25792512996573918826e+02,
        1.53672958608443695994e+03,
        3.19985821950859553908e+03,
        2.55305040643316442583e+03,
        4.74528541206955367215e+02,
        -2.24409524465858183362e+01,
    ];
}

/// erf (or erfc) of x, as the host computes it (fdlibm's intervals and rational
/// approximations, see [`erf_coef`]).
fn erf_erfc(g: &mut G, x: &Reg, erf: bool) -> Reg {
    use erf_coef::*;
    let one = g.d(1.0);
    let two = g.d(2.0);
    let half = g.d(0.5);
    let zero = g.d(0.0);
    let ax = g.op(op::Dabs, &[x]);
    let neg = g.cmp(op::Dlt, x, &zero);
    // |x| < 0.84375: x + x y, y = P(x^2) / Q(x^2).
    let z = g.mul(x, x);
    let r = g.horner(&z, &PP);
    let s = g.horner(&z, &QQ);
    let y = g.op(op::Ddiv, &[&r, &s]);
    let xy = g.mul(x, &y);
    let small = if erf {
        let v = g.add(x, &xy);
        // |x| < 2^-28: 0.125 (8 x + EFX8 x), which keeps subnormal x's bits.
        let (k8, kq, ef) = (g.d(8.0), g.d(0.125), g.d(EFX8));
        let t = g.mul(&ef, x);
        let t = g.fma(&k8, x, &t);
        let t = g.mul(&kq, &t);
        let tiny = g.d(2f64.powi(-28));
        let is_tiny = g.cmp(op::Dlt, &ax, &tiny);
        g.sel(&is_tiny, &t, &v)
    } else {
        // x < 1/4: 1 - (x + x y); else 0.5 - (x - 0.5 + x y).
        let v = g.add(x, &xy);
        let a = g.sub(&one, &v);
        let xm = g.sub(x, &half);
        let w = g.add(&xm, &xy);
        let b2 = g.sub(&half, &w);
        let q = g.d(0.25);
        let lt = g.cmp(op::Dlt, x, &q);
        g.sel(&lt, &a, &b2)
    };
    // 0.84375 <= |x| < 1.25: erfc = 1 - ERX - P(|x| - 1) / Q(|x| - 1).
    let s1 = g.sub(&ax, &one);
    let p = g.horner(&s1, &PA);
    let q = g.horner(&s1, &QA);
    let pq = g.op(op::Ddiv, &[&p, &q]);
    let erx = g.d(ERX);
    let c1 = g.sub(&one, &erx);
    let c1 = g.sub(&c1, &pq);
    // Above: exp(-z^2 - 0.5625) exp((z - |x|)(z + |x|) + R/S) / |x|, z = |x| with its
    // low word cleared, s = 1/x^2, R/S from the set for |x| below or above 1/0.35.
    let x2 = g.mul(&ax, &ax);
    let sv = g.op(op::Ddiv, &[&one, &x2]);
    let ra = g.horner(&sv, &RA);
    let sa = g.horner(&sv, &SA);
    let rb = g.horner(&sv, &RB);
    let sb = g.horner(&sv, &SB);
    let lim = g.d(f64::from_bits(0x4006_DB6D_0000_0000));
    let lo = g.cmp(op::Dlt, &ax, &lim);
    let rr = g.sel(&lo, &ra, &rb);
    let ss = g.sel(&lo, &sa, &sb);
    let rs = g.op(op::Ddiv, &[&rr, &ss]);
    let zz = g.r();
    let z0 = g.i(0);
    g.e(b::alu(op::Mov, zz.dst(Mask::Y), [ax.y()]));
    g.e(b::alu(op::Mov, zz.dst(Mask::X), [z0]));
    let nz = g.neg(&zz);
    let c = g.d(-0.5625);
    let e1 = g.fma(&nz, &zz, &c);
    let e1 = exp_core(g, &e1);
    let d1 = g.sub(&zz, &ax);
    let d2 = g.add(&zz, &ax);
    let e2 = g.fma(&d1, &d2, &rs);
    let e2 = exp_core(g, &e2);
    let c2 = g.mul(&e1, &e2);
    let c2 = g.op(op::Ddiv, &[&c2, &ax]);
    let k125 = g.d(1.25);
    let mid = g.cmp(op::Dlt, &ax, &k125);
    let ec = g.sel(&mid, &c1, &c2);
    let k0 = g.d(0.84375);
    let is_small = g.cmp(op::Dlt, &ax, &k0);
    let r = if erf {
        // 1 - erfc, 1 past 6; x's sign.
        let v = g.sub(&one, &ec);
        let six = g.d(6.0);
        let far = g.cmp(op::Dge, &ax, &six);
        let v = g.sel(&far, &one, &v);
        let v = copysign(g, &v, x);
        g.sel(&is_small, &small, &v)
    } else {
        // 2 - erfc(|x|) for negative x; past 28, 0 or 2.
        let k28 = g.d(28.0);
        let far = g.cmp(op::Dge, &ax, &k28);
        let v = g.sel(&far, &zero, &ec);
        let w = g.sub(&two, &v);
        let v = g.sel(&neg, &w, &v);
        g.sel(&is_small, &small, &v)
    };
    let isnan = g.cmp(op::Dne, x, x);
    g.sel(&isnan, x, &r)
}

/// The host's Lanczos sums for tgamma (the libm crate's `tgamma.rs`; N = 12,
/// g - 1/2 = GMHALF), numerator and denominator, lowest degree first.
#[allow(clippy::excessive_precision)]
mod lanczos {
    pub const GMHALF: f64 = 5.524680040776729583740234375;
    pub const SNUM: [f64; 13] = [
        23531376880.410759688572007674451636754734846804940,
        42919803642.649098768957899047001988850926355848959,
        35711959237.355668049440185451547166705960488635843,
        17921034426.037209699919755754458931112671403265390,
        6039542586.3520280050642916443072979210699388420708,
        1439720407.3117216736632230727949123939715485786772,
        248874557.86205415651146038641322942321632125127801,
        31426415.585400194380614231628318205362874684987640,
        2876370.6289353724412254090516208496135991145378768,
        186056.26539522349504029498971604569928220784236328,
        8071.6720023658162106380029022722506138218516325024,
        210.82427775157934587250973392071336271166969580291,
        2.5066282746310002701649081771338373386264310793408,
    ];
    pub const SDEN: [f64; 13] = [
        0.0,
        39916800.0,
        120543840.0,
        150917976.0,
        105258076.0,
        45995730.0,
        13339535.0,
        2637558.0,
        357423.0,
        32670.0,
        1925.0,
        66.0,
        1.0,
    ];
}

/// floor(v) = v - (v - floor v), exact.
fn dfloor(g: &mut G, v: &Reg) -> Reg {
    let f = g.op(op::Dfrac, &[v]);
    g.sub(v, &f)
}

/// sin(pi a) for a >= 0 as the host computes it: a mod 2, then a quarter-period
/// octant n and sin or cos of pi (a - n/2) on [-pi/4, pi/4].
fn sinpi_pos(g: &mut G, a: &Reg) -> Reg {
    let half = g.d(0.5);
    let two = g.d(2.0);
    let h = g.mul(a, &half);
    let fh = dfloor(g, &h);
    let x = g.sub(&h, &fh);
    let x = g.mul(&two, &x);
    // n = (trunc(4x) + 1) / 2 in 0..=4.
    let four = g.d(4.0);
    let q = g.mul(&x, &four);
    let q = dfloor(g, &q);
    let one = g.d(1.0);
    let q = g.add(&q, &one);
    let q = g.mul(&q, &half);
    let n = dfloor(g, &q);
    let nn = g.neg(&n);
    let x = g.fma(&nn, &half, &x);
    let pi = g.d(std::f64::consts::PI);
    let x = g.mul(&x, &pi);
    let (s, c) = sin_cos_poly(g, &x);
    let ni = g.r();
    g.e(b::alu(op::D2i, ni.dst(Mask::X), [n.src()]));
    let (k1, k2, k3) = (g.i(1), g.i(2), g.i(3));
    let (e1, e2, e3) = (g.r(), g.r(), g.r());
    g.e(b::alu(op::Ieq, e1.dst(Mask::X), [ni.x(), k1]));
    g.e(b::alu(op::Ieq, e2.dst(Mask::X), [ni.x(), k2]));
    g.e(b::alu(op::Ieq, e3.dst(Mask::X), [ni.x(), k3]));
    let ns = g.neg(&s);
    let nc = g.neg(&c);
    let v = g.sel(&e1, &c, &s);
    let v = g.sel(&e2, &ns, &v);
    g.sel(&e3, &nc, &v)
}

/// Γ(x) as the host computes it (see [`lanczos`]); every case computed and selected.
fn tgamma(g: &mut G, x: &Reg) -> Reg {
    use lanczos::*;
    let zero = g.d(0.0);
    let one = g.d(1.0);
    let half = g.d(0.5);
    let inf = g.d(f64::INFINITY);
    let nan = g.d(f64::NAN);
    let ax = g.op(op::Dabs, &[x]);
    let neg = g.cmp(op::Dlt, x, &zero);
    // The main path on |x| (clamped so that it stays finite where it is not used).
    let cap = g.d(190.0);
    let a = g.op(op::Dmin, &[&ax, &cap]);
    let gm = g.d(GMHALF);
    let y = g.add(&a, &gm);
    // dy: the rounding error of y = a + GMHALF.
    let big_a = g.cmp(op::Dlt, &gm, &a);
    let t1 = g.sub(&y, &a);
    let t1 = g.sub(&t1, &gm);
    let t2 = g.sub(&y, &gm);
    let t2 = g.sub(&t2, &a);
    let dy = g.sel(&big_a, &t1, &t2);
    let z = g.sub(&a, &half);
    // S(a): polynomials in a below 8, in 1/a above.
    let num = g.horner(&a, &SNUM);
    let den = g.horner(&a, &SDEN);
    let s_lo = g.op(op::Ddiv, &[&num, &den]);
    let u = g.op(op::Ddiv, &[&one, &a]);
    let rn: Vec<f64> = SNUM.iter().rev().copied().collect();
    let rd: Vec<f64> = SDEN.iter().rev().copied().collect();
    let num = g.horner(&u, &rn);
    let den = g.horner(&u, &rd);
    let s_hi = g.op(op::Ddiv, &[&num, &den]);
    let eight = g.d(8.0);
    let lt8 = g.cmp(op::Dlt, &a, &eight);
    let sv = g.sel(&lt8, &s_lo, &s_hi);
    let ny = g.neg(&y);
    let ey = exp_core(g, &ny);
    let r = g.mul(&sv, &ey);
    // x < 0: r = -pi / (sinpi(|x|) |x| r), dy and z negated.
    let sp = sinpi_pos(g, &a);
    let d = g.mul(&sp, &a);
    let d = g.mul(&d, &r);
    let mpi = g.d(-std::f64::consts::PI);
    let rr = g.op(op::Ddiv, &[&mpi, &d]);
    let r = g.sel(&neg, &rr, &r);
    let ndy = g.neg(&dy);
    let dy = g.sel(&neg, &ndy, &dy);
    let nz = g.neg(&z);
    let z = g.sel(&neg, &nz, &z);
    // r += dy (GMHALF + 0.5) r / y; y^(z/2) squared.
    let gp = g.d(GMHALF + 0.5);
    let c = g.mul(&dy, &gp);
    let c = g.mul(&c, &r);
    let c = g.op(op::Ddiv, &[&c, &y]);
    let r = g.add(&r, &c);
    let hz = g.mul(&z, &half);
    let pz = pow(g, &y, &hz);
    let v = g.mul(&r, &pz);
    let v = g.mul(&v, &pz);
    // Integers: NaN below 0, (x - 1)! up to 23 exactly.
    let fl = dfloor(g, x);
    let is_int = g.cmp(op::Deq, &fl, x);
    let mut fact = v;
    let mut f = 1.0f64;
    for n in 1..=23u32 {
        if n > 1 {
            f *= f64::from(n - 1);
        }
        let nv = g.d(f64::from(n));
        let eq = g.cmp(op::Deq, x, &nv);
        let fv = g.d(f);
        fact = g.sel(&eq, &fv, &fact);
    }
    let v = g.sel(&is_int, &fact, &v);
    let int_neg = g.r();
    g.e(b::alu(
        op::Iand,
        int_neg.dst(Mask::X),
        [is_int.x(), neg.x()],
    ));
    let v = g.sel(&int_neg, &nan, &v);
    // |x| >= 184: +-0 below (by floor(x)'s parity), inf above.
    let k184 = g.d(184.0);
    let far = g.cmp(op::Dge, &ax, &k184);
    let hf = g.mul(&fl, &half);
    let xh = g.mul(x, &half);
    let fxh = dfloor(g, &xh);
    let even = g.cmp(op::Deq, &hf, &fxh);
    let mz = g.d(-0.0);
    let under = g.sel(&even, &zero, &mz);
    let fv = g.sel(&neg, &under, &inf);
    let fv = g.sel(&int_neg, &nan, &fv);
    let v = g.sel(&far, &fv, &v);
    // |x| < 2^-54: 1/x (+-inf at +-0).
    let tiny = g.d(2f64.powi(-54));
    let is_tiny = g.cmp(op::Dlt, &ax, &tiny);
    let rx = g.op(op::Ddiv, &[&one, x]);
    let v = g.sel(&is_tiny, &rx, &v);
    // inf: inf; -inf and NaN: NaN (x + inf).
    let fin = g.cmp(op::Dlt, &ax, &inf);
    let xi = g.add(x, &inf);
    g.sel(&fin, &v, &xi)
}

/// fdlibm's lgamma coefficients (`e_lgamma_r.c`, the libm crate's `lgamma_r.rs`).
#[allow(clippy::excessive_precision)]
mod lgamma_coef {
    pub const A: [f64; 12] = [
        7.72156649015328655494e-02,
        3.22467033424113591611e-01,
        6.73523010531292681824e-02,
        2.05808084325167332806e-02,
        7.38555086081402883957e-03,
        2.89051383673415629091e-03,
        1.19270763183362067845e-03,
        5.10069792153511336608e-04,
        2.20862790713908385557e-04,
        1.08011567247583939954e-04,
        2.52144565451257326939e-05,
        4.48640949618915160150e-05,
    ];
    pub const TC: f64 = 1.46163214496836224576e+00;
    pub const TF: f64 = -1.21486290535849611461e-01;
    pub const TT: f64 = -3.63867699703950536541e-18;
    pub const T: [f64; 15] = [
        4.83836122723810047042e-01,
        -1.47587722994593911752e-01,
        6.46249402391333854778e-02,
        -3.27885410759859649565e-02,
        1.79706750811820387126e-02,
        -1.03142241298341437450e-02,
        6.10053870246291332635e-03,
        -3.68452016781138256760e-03,
        2.25964780900612472250e-03,
        -1.40346469989232843813e-03,
        8.81081882437654011382e-04,
        -5.38595305356740546715e-04,
        3.15632070903625950361e-04,
        -3.12754168375120860518e-04,
        3.35529192635519073543e-04,
    ];
    pub const U: [f64; 6] = [
        -7.72156649015328655494e-02,
        6.32827064025093366517e-01,
        1.45492250137234768737e+00,
        9.77717527963372745603e-01,
        2.28963728064692451092e-01,
        1.33810918536787660377e-02,
    ];
    pub const V: [f64; 6] = [
        1.0,
        2.45597793713041134822e+00,
        2.12848976379893395361e+00,
        7.69285150456672783825e-01,
        1.04222645593369134254e-01,
        3.21709242282423911810e-03,
    ];
    pub const S: [f64; 7] = [
        -7.72156649015328655494e-02,
        2.14982415960608852501e-01,
        3.25778796408930981787e-01,
        1.46350472652464452805e-01,
        2.66422703033638609560e-02,
        1.84028451407337715652e-03,
        3.19475326584100867617e-05,
    ];
    pub const R: [f64; 7] = [
        1.0,
        1.39200533467621045958e+00,
        7.21935547567138069525e-01,
        1.71933865632803078993e-01,
        1.86459191715652901344e-02,
        7.77942496381893596434e-04,
        7.32668430744625636189e-06,
    ];
    pub const W: [f64; 7] = [
        4.18938533204672725052e-01,
        8.33333333333329678849e-02,
        -2.77777777728775536470e-03,
        7.93650558643019558500e-04,
        -5.95187557450339963135e-04,
        8.36339918996282139126e-04,
        -1.63092934096575273989e-03,
    ];
}

/// The double whose high word is `hi` (low word 0): fdlibm's interval bounds.
fn hiw(hi: u32) -> f64 {
    f64::from_bits(u64::from(hi) << 32)
}

/// log |Γ(x)| as the host computes lgamma (see [`lgamma_coef`]); every interval
/// computed and selected.
fn lgamma(g: &mut G, x: &Reg) -> Reg {
    use lgamma_coef::*;
    let zero = g.d(0.0);
    let one = g.d(1.0);
    let two = g.d(2.0);
    let half = g.d(0.5);
    let inf = g.d(f64::INFINITY);
    let ax = g.op(op::Dabs, &[x]);
    let neg = g.cmp(op::Dlt, x, &zero);
    // Keep the main path's operand finite and nonzero where it is not used.
    let sane = g.cmp(op::Dlt, &ax, &inf);
    let nz = g.cmp(op::Dlt, &zero, &ax);
    let ok = g.r();
    g.e(b::alu(op::Iand, ok.dst(Mask::X), [sane.x(), nz.x()]));
    let a = g.sel(&ok, &ax, &one);
    let lga = log_full(g, &a);
    // Below 2: r0 + one of three expansions, by the interval.
    let b09 = g.d(hiw(0x3FEC_CCCD));
    let low = g.cmp(op::Dlt, &a, &b09);
    let nlog = g.neg(&lga);
    let r0 = g.sel(&low, &nlog, &zero);
    let c = |g: &mut G, lo: u32, hi: u32| -> Reg {
        let bl = g.d(hiw(lo));
        let bh = g.d(hiw(hi));
        let cl = g.cmp(op::Dge, &a, &bl);
        let ch = g.cmp(op::Dge, &a, &bh);
        g.sel(&low, &cl, &ch)
    };
    let i0 = c(g, 0x3FE7_6944, 0x3FFB_B4C3);
    let i1 = c(g, 0x3FCD_A661, 0x3FF3_B4C4);
    let tc = g.d(TC);
    let tcm = g.d(TC - 1.0);
    let y0l = g.sub(&one, &a);
    let y0h = g.sub(&two, &a);
    let y0 = g.sel(&low, &y0l, &y0h);
    let y1l = g.sub(&a, &tcm);
    let y1h = g.sub(&a, &tc);
    let y1 = g.sel(&low, &y1l, &y1h);
    let y2h = g.sub(&a, &one);
    let y2 = g.sel(&low, &a, &y2h);
    // i = 0: y p1(y^2) + p2(y^2) - y/2.
    let z = g.mul(&y0, &y0);
    let ae: Vec<f64> = A.iter().step_by(2).copied().collect();
    let ao: Vec<f64> = A.iter().skip(1).step_by(2).copied().collect();
    let p1 = g.horner(&z, &ae);
    let p2 = g.horner(&z, &ao);
    let p2 = g.mul(&z, &p2);
    let p = g.fma(&y0, &p1, &p2);
    let nh = g.d(-0.5);
    let e0 = g.fma(&nh, &y0, &p);
    // i = 1: TF + z p1(w) - (TT - w (p2(w) + y p3(w))), w = y^3.
    let z = g.mul(&y1, &y1);
    let w = g.mul(&z, &y1);
    let t0: Vec<f64> = T.iter().step_by(3).copied().collect();
    let t1: Vec<f64> = T.iter().skip(1).step_by(3).copied().collect();
    let t2: Vec<f64> = T.iter().skip(2).step_by(3).copied().collect();
    let p1 = g.horner(&w, &t0);
    let p2 = g.horner(&w, &t1);
    let p3 = g.horner(&w, &t2);
    let q = g.fma(&y1, &p3, &p2);
    let q = g.mul(&w, &q);
    let ttv = g.d(TT);
    let q = g.sub(&ttv, &q);
    let p = g.mul(&z, &p1);
    let p = g.sub(&p, &q);
    let tf = g.d(TF);
    let e1 = g.add(&tf, &p);
    // i = 2: -y/2 + y U(y) / V(y).
    let pu = g.horner(&y2, &U);
    let pu = g.mul(&y2, &pu);
    let pv = g.horner(&y2, &V);
    let pq = g.op(op::Ddiv, &[&pu, &pv]);
    let e2 = g.fma(&nh, &y2, &pq);
    let e = g.sel(&i1, &e1, &e2);
    let e = g.sel(&i0, &e0, &e);
    let r_lt2 = g.add(&r0, &e);
    // 2 <= a < 8: i = trunc(a), y = a - i, y/2 + S(y)/R(y) + log((y+2)...(y+i-1)).
    let ia = dfloor(g, &a);
    let y = g.sub(&a, &ia);
    let ps = g.horner(&y, &S);
    let ps = g.mul(&y, &ps);
    let qr = g.horner(&y, &R);
    let pq = g.op(op::Ddiv, &[&ps, &qr]);
    let r8 = g.fma(&half, &y, &pq);
    let mut zp = one;
    for k in 2..=6u32 {
        let kv = g.d(f64::from(k));
        let yk = g.add(&y, &kv);
        let m = g.mul(&zp, &yk);
        let lim = g.d(f64::from(k + 1));
        let has = g.cmp(op::Dge, &ia, &lim);
        zp = g.sel(&has, &m, &zp);
    }
    let lz = log_full(g, &zp);
    let r8 = g.add(&r8, &lz);
    // 8 <= a < 2^58: (a - 1/2)(log a - 1) + W(1/a); above, a (log a - 1).
    let zi = g.op(op::Ddiv, &[&one, &a]);
    let y = g.mul(&zi, &zi);
    let wc: Vec<f64> = W[1..].to_vec();
    let wv = g.horner(&y, &wc);
    let w0 = g.d(W[0]);
    let wv = g.fma(&zi, &wv, &w0);
    let lm1 = g.sub(&lga, &one);
    let am = g.sub(&a, &half);
    let rbig = g.fma(&am, &lm1, &wv);
    let rhuge = g.mul(&a, &lm1);
    let k8 = g.d(8.0);
    let k58 = g.d(2f64.powi(58));
    let lt2 = g.cmp(op::Dlt, &a, &two);
    let lt8 = g.cmp(op::Dlt, &a, &k8);
    let lt58 = g.cmp(op::Dlt, &a, &k58);
    let r = g.sel(&lt58, &rbig, &rhuge);
    let r = g.sel(&lt8, &r8, &r);
    let r = g.sel(&lt2, &r_lt2, &r);
    // Exactly 1 and 2: 0.
    let is1 = g.cmp(op::Deq, &a, &one);
    let is2 = g.cmp(op::Deq, &a, &two);
    let r = g.sel(&is1, &zero, &r);
    let r = g.sel(&is2, &zero, &r);
    // x < 0: log(pi / |a sin(pi a)|) - r; a pole (sin(pi a) = 0) at negative integers.
    let t = sinpi_pos(g, &a);
    let t = g.op(op::Dabs, &[&t]);
    let ta = g.mul(&t, &a);
    let pi = g.d(std::f64::consts::PI);
    let qv = g.op(op::Ddiv, &[&pi, &ta]);
    let nadj = log_full(g, &qv);
    let rn = g.sub(&nadj, &r);
    let pole = g.cmp(op::Deq, &t, &zero);
    let rn = g.sel(&pole, &inf, &rn);
    let r = g.sel(&neg, &rn, &r);
    // |x| < 2^-70: -log|x| (inf at 0); inf and NaN: x x.
    let tiny = g.d(2f64.powi(-70));
    let is_tiny = g.cmp(op::Dlt, &ax, &tiny);
    let lx = log_full(g, &ax);
    let nlx = g.neg(&lx);
    let r = g.sel(&is_tiny, &nlx, &r);
    let xx = g.mul(x, x);
    g.sel(&sane, &r, &xx)
}

/// The `mdef` text of every macro in `ids`, with literals added to `lits`.
pub(crate) fn macros(ids: &BTreeSet<u32>, lits: &mut Lits) -> Vec<Line> {
    let mut text = Vec::new();
    for &id in ids {
        let mut g = G {
            lits,
            out: Vec::new(),
            next: 0,
        };
        let (n_in, result) = match id {
            EXP => {
                let v = exp_core(&mut g, &IN0);
                let isnan = g.cmp(op::Dne, &IN0, &IN0);
                (1, g.sel(&isnan, &IN0, &v))
            }
            EXP2 | EXP10 => {
                // b^x = 2^n b^r with n = rint(x log2 b) and r = x - n log_b 2 (exact for
                // base 2, two parts for base 10), b^r = e^(r ln b) on |r ln b| <= ln2/2.
                let x = &IN0;
                let (lo, hi) = (g.d(-1100.0), g.d(1100.0));
                let xc = g.op(op::Dmax, &[x, &lo]);
                let xc = g.op(op::Dmin, &[&xc, &hi]);
                let (n, r, lnb) = if id == EXP2 {
                    let n = g.rint(&xc);
                    let r = g.sub(&xc, &n);
                    (n, r, g.d(std::f64::consts::LN_2))
                } else {
                    let l2 = g.d(std::f64::consts::LOG2_10);
                    let t = g.mul(&xc, &l2);
                    let n = g.rint(&t);
                    let nn = g.neg(&n);
                    let h = g.d(f64::from_bits(0x3FD3_4413_509F_6000));
                    let l = g.d(LG2_LO);
                    let r = g.fma(&nn, &h, &xc);
                    let r = g.fma(&nn, &l, &r);
                    (n, r, g.d(std::f64::consts::LN_10))
                };
                let a = g.mul(&r, &lnb);
                let v = exp_core(&mut g, &a);
                let out = scale2(&mut g, &v, &n);
                let isnan = g.cmp(op::Dne, x, x);
                (1, g.sel(&isnan, x, &out))
            }
            LOG | LOG2 | LOG10 => {
                let v = log_full(&mut g, &IN0);
                let v = match id {
                    LOG => v,
                    LOG2 => {
                        let c = g.d(std::f64::consts::LOG2_E);
                        g.mul(&v, &c)
                    }
                    _ => {
                        let c = g.d(std::f64::consts::LOG10_E);
                        g.mul(&v, &c)
                    }
                };
                (1, v)
            }
            SIN => (1, sincos(&mut g, &IN0, false)),
            COS => (1, sincos(&mut g, &IN0, true)),
            HYPOT => (2, hypot(&mut g, &IN0, &IN1)),
            COSH | SINH | TANH | EXPM1 => (1, hyperbolic(&mut g, id)),
            LOG1P => (1, log1p(&mut g, &IN0)),
            FDIM => (2, fdim(&mut g, &IN0, &IN1)),
            ASINH | ACOSH | ATANH => (1, inverse_hyperbolic(&mut g, id)),
            ATAN | ASIN | ACOS => (1, inverse_trig(&mut g, id)),
            ATAN2 => (2, inverse_trig(&mut g, id)),
            CBRT => (1, cbrt(&mut g, &IN0)),
            FMOD => (2, fmod_rem(&mut g, &IN0, &IN1, false)),
            REMAINDER => (2, fmod_rem(&mut g, &IN0, &IN1, true)),
            LDEXP => (2, ldexp(&mut g, &IN0, &IN1)),
            ERF => (1, erf_erfc(&mut g, &IN0, true)),
            ERFC => (1, erf_erfc(&mut g, &IN0, false)),
            TGAMMA => (1, tgamma(&mut g, &IN0)),
            LGAMMA => (1, lgamma(&mut g, &IN0)),
            _ => (2, pow(&mut g, &IN0, &IN1)),
        };
        text.push(b::mdef(id, 1, n_in).into());
        text.append(&mut g.out);
        let out = Reg::macro_out(0).dst(Mask::XY);
        text.push(b::alu(op::Mov, out, [result.src()]).into());
        text.push(b::bare(op::Mend).into());
    }
    text
}
