//! Lane semantics: what one lane of each operation computes, the one definition every
//! executor follows (the host interpreter runs it, the JIT emits code that agrees with it
//! or calls it).
//!
//! A lane is a `u64` in canonical form: integers zero-extended from their width (`i1` is
//! 0 or 1), floats as their IEEE bits (`f16` in the low 16 bits, `f32` in the low 32).
//! `f16` arithmetic is computed in `f32` and rounded once, which is exact for the basic
//! operations (`f32` has more than twice `f16`'s precision plus two bits).

use crate::{BinaryOp, ConvOp, FloatCC, IntCC, MathFn, Rounding, Scalar, UnaryOp};
use std::cmp::Ordering as Cmp;

#[inline]
pub fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// Sign-extend the low `bits` bits.
#[inline]
pub fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        let sh = 64 - bits;
        ((v << sh) as i64) >> sh
    }
}

/// An `f16`'s value. Conversions go through the `half` crate, the one half-float
/// conversion of the workspace, so every device agrees: a NaN stays a NaN with its sign
/// and the top payload bits, and comes out quiet.
pub fn f16_to_f32(h: u16) -> f32 {
    half::f16::from_bits(h).to_f32()
}

/// Round an `f64` to the nearest `f16`, once (ties to even; NaN as in [`f16_to_f32`]):
/// the workspace's one double-to-half conversion, [`crate::half`].
pub fn f64_to_f16(x: f64) -> u16 {
    crate::half::f16_bits_from_f64(x)
}

/// The value of a float lane as an `f64` (exact).
#[inline]
pub fn to_f64(sc: Scalar, v: u64) -> f64 {
    match sc {
        Scalar::F16 => f16_to_f32(v as u16) as f64,
        Scalar::F32 => f32::from_bits(v as u32) as f64,
        _ => f64::from_bits(v),
    }
}

/// The canonical lane of a constant of lane type `sc` (an integer constant of a float
/// type is converted, a float constant of an integer type truncated).
pub fn const_bits(c: crate::ConstScalar, sc: Scalar) -> u64 {
    use crate::ConstScalar;
    match (c, sc.is_float()) {
        (ConstScalar::Int(i), false) => i & mask(sc.bits()),
        (ConstScalar::Float(x), true) => from_f64(sc, x),
        (ConstScalar::Int(i), true) => from_f64(sc, i as i64 as f64),
        (ConstScalar::Float(x), false) => (x as i64 as u64) & mask(sc.bits()),
    }
}

/// Round an `f64` to the format `sc` (ties to even).
pub fn from_f64(sc: Scalar, x: f64) -> u64 {
    match sc {
        Scalar::F16 => f64_to_f16(x) as u64,
        Scalar::F32 => (x as f32).to_bits() as u64,
        _ => x.to_bits(),
    }
}

/// Compute in `f32` (for `f16` and `f32` lanes) or `f64`, rounding once to `sc`.
#[inline]
fn float_op(
    sc: Scalar,
    args: &[u64],
    f32op: impl Fn(&[f32]) -> f32,
    f64op: impl Fn(&[f64]) -> f64,
) -> u64 {
    match sc {
        Scalar::F64 => {
            let mut a = [0f64; 3];
            for (d, s) in a.iter_mut().zip(args) {
                *d = f64::from_bits(*s);
            }
            f64op(&a[..args.len()]).to_bits()
        }
        Scalar::F32 => {
            let mut a = [0f32; 3];
            for (d, s) in a.iter_mut().zip(args) {
                *d = f32::from_bits(*s as u32);
            }
            f32op(&a[..args.len()]).to_bits() as u64
        }
        _ => {
            let mut a = [0f32; 3];
            for (d, s) in a.iter_mut().zip(args) {
                *d = f16_to_f32(*s as u16);
            }
            f64_to_f16(f32op(&a[..args.len()]) as f64) as u64
        }
    }
}

fn sign_bit(sc: Scalar) -> u64 {
    1u64 << (sc.bits() - 1)
}

pub fn unary(op: UnaryOp, sc: Scalar, a: u64) -> u64 {
    let bits = sc.bits();
    let m = mask(bits);
    use UnaryOp::*;
    match op {
        Ineg => a.wrapping_neg() & m,
        Not => !a & m,
        Iabs => (sext(a, bits).unsigned_abs()) & m,
        Clz => ((a << (64 - bits)).leading_zeros().min(bits)) as u64,
        Ctz => (a.trailing_zeros().min(bits)) as u64,
        Popcount => a.count_ones() as u64,
        Fneg => a ^ sign_bit(sc),
        Fabs => a & !sign_bit(sc),
        Sqrt => float_op(sc, &[a], |x| x[0].sqrt(), |x| x[0].sqrt()),
        Floor => float_op(sc, &[a], |x| x[0].floor(), |x| x[0].floor()),
        Ceil => float_op(sc, &[a], |x| x[0].ceil(), |x| x[0].ceil()),
        Trunc => float_op(sc, &[a], |x| x[0].trunc(), |x| x[0].trunc()),
        Rint => float_op(
            sc,
            &[a],
            |x| x[0].round_ties_even(),
            |x| x[0].round_ties_even(),
        ),
        Round => float_op(sc, &[a], |x| x[0].round(), |x| x[0].round()),
    }
}

pub fn binary(op: BinaryOp, sc: Scalar, a: u64, b: u64) -> u64 {
    if sc.is_float() {
        return float_binary(op, sc, a, b);
    }
    let bits = sc.bits();
    let m = mask(bits);
    let (sa, sb) = (sext(a, bits), sext(b, bits));
    let smin = sext(1u64 << (bits - 1), bits);
    let smax = (m >> 1) as i64;
    let sh = (b % bits as u64) as u32;
    use BinaryOp::*;
    let r = match op {
        Iadd => a.wrapping_add(b),
        Isub => a.wrapping_sub(b),
        Imul => a.wrapping_mul(b),
        // Division by zero and INT_MIN / -1 are undefined in C; these are our answers.
        Sdiv if sb == 0 => 0,
        Sdiv if sb == -1 && sa == smin => a,
        Sdiv => (sa / sb) as u64,
        Udiv if b == 0 => 0,
        Udiv => a / b,
        Srem if sb == 0 || sb == -1 => 0,
        Srem => (sa % sb) as u64,
        Urem if b == 0 => 0,
        Urem => a % b,
        And => a & b,
        Or => a | b,
        Xor => a ^ b,
        Shl => a << sh,
        Lshr => a >> sh,
        Ashr => (sa >> sh) as u64,
        Rotl if sh == 0 => a,
        Rotl => (a << sh) | (a >> (bits - sh)),
        Smin => sa.min(sb) as u64,
        Smax => sa.max(sb) as u64,
        Umin => a.min(b),
        Umax => a.max(b),
        SmulHi => ((sa as i128 * sb as i128) >> bits) as u64,
        UmulHi => ((a as u128 * b as u128) >> bits) as u64,
        SaddSat => (sa as i128 + sb as i128).clamp(smin as i128, smax as i128) as u64,
        SsubSat => (sa as i128 - sb as i128).clamp(smin as i128, smax as i128) as u64,
        UaddSat => (a as u128 + b as u128).min(m as u128) as u64,
        UsubSat => a.saturating_sub(b),
        // Float operations on integers are rejected by the verifier; give something.
        Fadd | Fsub | Fmul | Fdiv | Frem | Fmin | Fmax | Copysign => 0,
    };
    r & m
}

fn float_binary(op: BinaryOp, sc: Scalar, a: u64, b: u64) -> u64 {
    use BinaryOp::*;
    match op {
        Fadd => float_op(sc, &[a, b], |x| x[0] + x[1], |x| x[0] + x[1]),
        Fsub => float_op(sc, &[a, b], |x| x[0] - x[1], |x| x[0] - x[1]),
        Fmul => float_op(sc, &[a, b], |x| x[0] * x[1], |x| x[0] * x[1]),
        Fdiv => float_op(sc, &[a, b], |x| x[0] / x[1], |x| x[0] / x[1]),
        Frem => float_op(sc, &[a, b], |x| x[0] % x[1], |x| x[0] % x[1]),
        Fmin | Fmax => min_max(op == Fmax, sc, a, b),
        Copysign => {
            let s = sign_bit(sc);
            (a & !s) | (b & s)
        }
        _ => 0,
    }
}

/// OpenCL `fmin`/`fmax`, defined to the bit: a NaN operand gives the other operand
/// (both NaN give `b`), and -0 orders below +0. C leaves the zero case open; fixing it
/// lets compiled code (a NaN-propagating min with -0 < +0 plus NaN selects) agree.
fn min_max(max: bool, sc: Scalar, a: u64, b: u64) -> u64 {
    let (x, y) = (to_f64(sc, a), to_f64(sc, b));
    if x.is_nan() {
        return b;
    }
    if y.is_nan() {
        return a;
    }
    if x == y {
        // Equal values differ at most in the sign of a zero.
        return if max { a & b } else { a | b };
    }
    if (x < y) != max {
        a
    } else {
        b
    }
}

pub fn icmp(cc: IntCC, bits: u32, a: u64, b: u64) -> bool {
    let (sa, sb) = (sext(a, bits), sext(b, bits));
    use IntCC::*;
    match cc {
        Eq => a == b,
        Ne => a != b,
        Slt => sa < sb,
        Sle => sa <= sb,
        Sgt => sa > sb,
        Sge => sa >= sb,
        Ult => a < b,
        Ule => a <= b,
        Ugt => a > b,
        Uge => a >= b,
    }
}

#[inline]
pub fn fcmp_f64(cc: FloatCC, a: f64, b: f64) -> bool {
    use FloatCC::*;
    match cc {
        Oeq => a == b,
        One => !a.is_nan() && !b.is_nan() && a != b,
        Olt => a < b,
        Ole => a <= b,
        Ogt => a > b,
        Oge => a >= b,
        Une => a != b,
        Ord => !a.is_nan() && !b.is_nan(),
        Uno => a.is_nan() || b.is_nan(),
    }
}

/// `f32` compares as its exact `f64` widening does.
#[inline]
pub fn fcmp_f32(cc: FloatCC, a: f32, b: f32) -> bool {
    fcmp_f64(cc, a as f64, b as f64)
}

/// The next representable value of format `sc` above (`up`) or below `v`.
fn next_float(sc: Scalar, v: u64, up: bool) -> u64 {
    let x = to_f64(sc, v);
    if x.is_nan() || (up && x == f64::INFINITY) || (!up && x == f64::NEG_INFINITY) {
        return v;
    }
    let s = sign_bit(sc);
    if x == 0.0 {
        return if up { 1 } else { s | 1 };
    }
    if (x > 0.0) == up {
        v + 1
    } else {
        v - 1
    }
}

/// Adjust a round-to-nearest result `r` (bits of format `sc`) to the directed rounding
/// `mode`, given how the exact result compares with the exact source value.
fn directed(sc: Scalar, r: u64, r_vs_exact: Cmp, exact_negative: bool, mode: Rounding) -> u64 {
    match (mode, r_vs_exact) {
        (Rounding::Rtp, Cmp::Less) => next_float(sc, r, true),
        (Rounding::Rtn, Cmp::Greater) => next_float(sc, r, false),
        (Rounding::Rtz, Cmp::Greater) if !exact_negative => next_float(sc, r, false),
        (Rounding::Rtz, Cmp::Less) if exact_negative => next_float(sc, r, true),
        _ => r,
    }
}

/// Exact comparison of a (non-NaN) float with an integer.
fn cmp_float_int(x: f64, v: i128) -> Cmp {
    if x == f64::INFINITY {
        Cmp::Greater
    } else if x == f64::NEG_INFINITY {
        Cmp::Less
    } else {
        let f = x.floor();
        match (f as i128).cmp(&v) {
            Cmp::Equal if x > f => Cmp::Greater,
            c => c,
        }
    }
}

fn int_to_float(to: Scalar, v: i128, mode: Rounding) -> u64 {
    let r = match to {
        Scalar::F64 => (v as f64).to_bits(),
        Scalar::F32 => (v as f32).to_bits() as u64,
        // |v| < 2^65 so f64 is off by at most a half ulp of f64, far below an f16 ulp
        // except at exact f16 ties, which f64 represents exactly when |v| < 2^53; above
        // that the value is infinite in f16 anyway.
        _ => f64_to_f16(v as f64) as u64,
    };
    if matches!(mode, Rounding::Default | Rounding::Rte) {
        return r;
    }
    directed(to, r, cmp_float_int(to_f64(to, r), v), v < 0, mode)
}

/// One lane of a conversion. `from`/`to` are the lane scalars (`None` for pointers,
/// which are 64-bit integers here). Float→integer conversions always saturate, so
/// `_sat` changes nothing (without it OpenCL leaves out-of-range results undefined).
pub fn convert(
    op: ConvOp,
    from: Option<Scalar>,
    to: Option<Scalar>,
    rounding: Rounding,
    _sat: bool,
    a: u64,
) -> u64 {
    let fbits = from.map_or(64, Scalar::bits);
    let tbits = to.map_or(64, Scalar::bits);
    let tm = mask(tbits);
    let fsc = from.unwrap_or(Scalar::I64);
    let tsc = to.unwrap_or(Scalar::I64);
    match op {
        ConvOp::Trunc | ConvOp::Zext | ConvOp::PtrToInt | ConvOp::IntToPtr => a & tm,
        ConvOp::Sext => sext(a, fbits) as u64 & tm,
        ConvOp::Bitcast | ConvOp::AddrSpaceCast => a & tm,
        ConvOp::FpExt => from_f64(tsc, to_f64(fsc, a)),
        ConvOp::FpTrunc => {
            let x = to_f64(fsc, a);
            let r = from_f64(tsc, x);
            if matches!(rounding, Rounding::Default | Rounding::Rte) || x.is_nan() {
                return r;
            }
            let rv = to_f64(tsc, r);
            let ord = rv.partial_cmp(&x).unwrap_or(Cmp::Equal);
            directed(tsc, r, ord, x < 0.0, rounding)
        }
        ConvOp::SiToFp => int_to_float(tsc, sext(a, fbits) as i128, rounding),
        ConvOp::UiToFp => int_to_float(tsc, a as i128, rounding),
        ConvOp::FpToSi | ConvOp::FpToUi => {
            let x = to_f64(fsc, a);
            let r = match rounding {
                Rounding::Rte => x.round_ties_even(),
                Rounding::Rtp => x.ceil(),
                Rounding::Rtn => x.floor(),
                Rounding::Rtz | Rounding::Default => x.trunc(),
            };
            // `as` saturates and maps NaN to 0; out-of-range without `sat` is undefined
            // in OpenCL, so saturating is a valid answer there too.
            let v = r as i128;
            let (lo, hi) = if op == ConvOp::FpToSi {
                (sext(1 << (tbits - 1), tbits) as i128, (tm >> 1) as i128)
            } else {
                (0, tm as i128)
            };
            (v.clamp(lo, hi) as u64) & tm
        }
    }
}

pub fn math(f: MathFn, sc: Scalar, a: &[u64]) -> u64 {
    use MathFn::*;
    macro_rules! m1 {
        ($f32:path, $f64:path) => {
            float_op(sc, a, |x| $f32(x[0]), |x| $f64(x[0]))
        };
    }
    macro_rules! m2 {
        ($f32:path, $f64:path) => {
            float_op(sc, a, |x| $f32(x[0], x[1]), |x| $f64(x[0], x[1]))
        };
    }
    match f {
        Rsqrt => float_op(sc, a, |x| 1.0 / x[0].sqrt(), |x| 1.0 / x[0].sqrt()),
        Exp => m1!(libm::expf, libm::exp),
        Exp2 => m1!(libm::exp2f, libm::exp2),
        // 10^x as pow(10, x) (musl's pow, under 1 ulp; 10 is exact), float in double
        // and rounded once: libm's exp10f and exp10 are off by up to 3.4 ulp, past
        // OpenCL's 3 (the double one found by tests/it/math_sweep.rs in kauai-runtime).
        Exp10 => float_op(
            sc,
            a,
            |x| libm::pow(10.0, x[0] as f64) as f32,
            |x| libm::pow(10.0, x[0]),
        ),
        Expm1 => m1!(libm::expm1f, libm::expm1),
        Log => m1!(libm::logf, libm::log),
        Log2 => m1!(libm::log2f, libm::log2),
        Log10 => m1!(libm::log10f, libm::log10),
        Log1p => m1!(libm::log1pf, libm::log1p),
        Sin => m1!(libm::sinf, libm::sin),
        Cos => m1!(libm::cosf, libm::cos),
        Tan => m1!(libm::tanf, libm::tan),
        Asin => m1!(libm::asinf, libm::asin),
        Acos => m1!(libm::acosf, libm::acos),
        Atan => m1!(libm::atanf, libm::atan),
        Sinh => m1!(libm::sinhf, libm::sinh),
        Cosh => m1!(libm::coshf, libm::cosh),
        Tanh => m1!(libm::tanhf, libm::tanh),
        Asinh => m1!(libm::asinhf, libm::asinh),
        // libm answers with a number below 1 (it looks only at the exponent); acosh
        // is defined from 1 up.
        Acosh => float_op(
            sc,
            a,
            |x| {
                if x[0] < 1.0 {
                    f32::NAN
                } else {
                    libm::acoshf(x[0])
                }
            },
            |x| {
                if x[0] < 1.0 {
                    f64::NAN
                } else {
                    libm::acosh(x[0])
                }
            },
        ),
        Atanh => m1!(libm::atanhf, libm::atanh),
        Cbrt => m1!(libm::cbrtf, libm::cbrt),
        Erf => m1!(libm::erff, libm::erf),
        Erfc => m1!(libm::erfcf, libm::erfc),
        Tgamma => m1!(libm::tgammaf, libm::tgamma),
        Lgamma => m1!(libm::lgammaf, libm::lgamma),
        Pow => m2!(libm::powf, libm::pow),
        Atan2 => m2!(libm::atan2f, libm::atan2),
        Hypot => m2!(libm::hypotf, libm::hypot),
        Fmod => m2!(libm::fmodf, libm::fmod),
        Fdim => m2!(libm::fdimf, libm::fdim),
        Nextafter => match sc {
            Scalar::F16 => {
                let (x, y) = (to_f64(sc, a[0]), to_f64(sc, a[1]));
                if x.is_nan() || y.is_nan() {
                    return 0x7e00;
                }
                match x.partial_cmp(&y) {
                    Some(Cmp::Less) => next_float(sc, a[0], true),
                    Some(Cmp::Greater) => next_float(sc, a[0], false),
                    _ => a[1],
                }
            }
            _ => m2!(libm::nextafterf, libm::nextafter),
        },
        Remainder => m2!(libm::remainderf, libm::remainder),
        Ldexp => {
            let n = a.get(1).map_or(0, |v| sext(*v, 32) as i32);
            float_op(
                sc,
                &a[..1],
                |x| libm::ldexpf(x[0], n),
                |x| libm::ldexp(x[0], n),
            )
        }
        Fma => float_op(
            sc,
            a,
            |x| libm::fmaf(x[0], x[1], x[2]),
            |x| libm::fma(x[0], x[1], x[2]),
        ),
        Mad => float_op(sc, a, |x| x[0] * x[1] + x[2], |x| x[0] * x[1] + x[2]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f16_rounding_matches_hand_values() {
        let cases: &[(f64, u16)] = &[
            (1.0, 0x3c00),
            (-2.0, 0xc000),
            (0.1, 0x2e66),
            (65504.0, 0x7bff),
            (65519.99, 0x7bff),
            (65520.0, 0x7c00),
            (5.960464477539063e-8, 0x0001), // 2^-24, the smallest subnormal
            (2.9802322387695312e-8, 0x0000), // 2^-25: a tie, to even (zero)
            (8.940696716308594e-8, 0x0002), // 1.5 * 2^-24: a tie, to even (2)
            (6.097555160522461e-5, 0x03ff), // the largest subnormal
            (6.103515625e-5, 0x0400),       // 2^-14, the smallest normal
            (1.0009765625, 0x3c01),         // 1 + 2^-10
            (1.00048828125, 0x3c00),        // 1 + 2^-11: a tie, to even
            (1.00146484375, 0x3c02),        // 1 + 3*2^-11: a tie, to even
        ];
        for &(x, h) in cases {
            assert_eq!(f64_to_f16(x), h, "{x}");
        }
        assert_eq!(f64_to_f16(f64::NEG_INFINITY), 0xfc00);
    }

    #[test]
    fn nans_come_out_quiet_with_sign_and_top_payload_bits() {
        // The one NaN rule (the `half` crate's, IEEE 754's recommendation): a signalling
        // half NaN 0x7d01 (quiet bit 0x0200 clear, payload 0x101) becomes the quiet
        // float 0x7fa02000: payload shifted up by 13, quiet bit set.
        assert_eq!(f16_to_f32(0x7d01).to_bits(), 0x7fe0_2000);
        assert_eq!(f16_to_f32(0xfd01).to_bits(), 0xffe0_2000);
        // Back to half: the top 10 payload bits survive (0x100 from bit 50, 0x001 from
        // bit 42), the quiet bit is set.
        assert_eq!(f64_to_f16(f64::from_bits(0x7ff4_0400_0000_0000)), 0x7f01);
        assert_eq!(f64_to_f16(-f64::NAN) & 0xfe00, 0xfe00);
    }

    #[test]
    fn every_f16_survives_a_round_trip_through_f32() {
        for h in 0..=u16::MAX {
            let x = f16_to_f32(h);
            if x.is_nan() {
                assert!(f64_to_f16(x as f64) & 0x7c00 == 0x7c00);
            } else {
                assert_eq!(f64_to_f16(x as f64), h, "{h:#06x}");
            }
        }
    }

    #[test]
    fn directed_int_to_float_rounding() {
        // u64::MAX rounds up to 2^64 to nearest; toward zero gives 2^64 - 2^40.
        let up = int_to_float(Scalar::F32, u64::MAX as i128, Rounding::Rte);
        assert_eq!(f32::from_bits(up as u32), 18446744073709551616.0);
        let dn = int_to_float(Scalar::F32, u64::MAX as i128, Rounding::Rtz);
        assert_eq!(f32::from_bits(dn as u32), 18446742974197923840.0);
        // 70000 is past f16's range: rtz gives the largest finite value, rte infinity.
        assert_eq!(int_to_float(Scalar::F16, 70000, Rounding::Rtz), 0x7bff);
        assert_eq!(int_to_float(Scalar::F16, 70000, Rounding::Rte), 0x7c00);
        assert_eq!(int_to_float(Scalar::F16, -70000, Rounding::Rtp), 0xfbff);
    }

    /// Exact comparisons of a float (as f64) with an f64 or an integer value.
    fn below_or_eq(r: f64, x: Src) -> bool {
        match x {
            Src::F(x) => r <= x,
            Src::I(v) => cmp_float_int(r, v) != Cmp::Greater,
        }
    }

    fn above_or_eq(r: f64, x: Src) -> bool {
        match x {
            Src::F(x) => r >= x,
            Src::I(v) => cmp_float_int(r, v) != Cmp::Less,
        }
    }

    #[derive(Copy, Clone, Debug)]
    enum Src {
        F(f64),
        I(i128),
    }

    #[test]
    fn directed_roundings_bracket_the_exact_value() {
        // rtn(x) <= x < next_up(rtn(x)); rtp(x) >= x > next_down(rtp(x));
        // rtz follows rtn for x >= 0 and rtp below; rte is rtn or rtp.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for (to, limit) in [(Scalar::F32, 1e38), (Scalar::F16, 60000.0)] {
            for i in 0..20_000 {
                let bits = next();
                let src = if i % 2 == 0 {
                    let x = f64::from_bits(bits);
                    let x = if to == Scalar::F16 { x % limit } else { x };
                    if !x.is_finite() || x.abs() > limit {
                        continue;
                    }
                    Src::F(x)
                } else {
                    let v = (bits as i64 >> (bits % 40)) as i128;
                    if v.unsigned_abs() as f64 > limit {
                        continue;
                    }
                    Src::I(v)
                };
                let conv = |mode| -> u64 {
                    match src {
                        Src::F(x) => convert(
                            ConvOp::FpTrunc,
                            Some(Scalar::F64),
                            Some(to),
                            mode,
                            false,
                            x.to_bits(),
                        ),
                        Src::I(v) => convert(
                            ConvOp::SiToFp,
                            Some(Scalar::I64),
                            Some(to),
                            mode,
                            false,
                            v as i64 as u64,
                        ),
                    }
                };
                let val = |r: u64| to_f64(to, r);
                let (n, p, z, e) = (
                    conv(Rounding::Rtn),
                    conv(Rounding::Rtp),
                    conv(Rounding::Rtz),
                    conv(Rounding::Rte),
                );
                let (up, down) = (next_float(to, n, true), next_float(to, p, false));
                assert!(below_or_eq(val(n), src), "{to:?} {src:?} rtn {}", val(n));
                assert!(!below_or_eq(val(up), src), "{to:?} {src:?} rtn {}", val(n));
                assert!(above_or_eq(val(p), src), "{to:?} {src:?} rtp {}", val(p));
                assert!(
                    !above_or_eq(val(down), src),
                    "{to:?} {src:?} rtp {}",
                    val(p)
                );
                let negative = match src {
                    Src::F(x) => x < 0.0,
                    Src::I(v) => v < 0,
                };
                assert_eq!(z, if negative { p } else { n }, "{to:?} {src:?} rtz");
                assert!(e == n || e == p, "{to:?} {src:?} rte {}", val(e));
            }
        }
    }
}
