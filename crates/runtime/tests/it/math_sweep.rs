//! The float and double math functions of OpenCL C 1.2 against high-precision
//! references, within the ulp limits of the specification (OpenCL 1.2 7.4, Table 7.1
//! for float in the full profile, Table 7.2 for double; the `half_` functions' 8192
//! ulp; the `native_` ones are implementation-defined and not swept), on the host
//! device (JIT; the interpreter agrees bit for bit on a subset) and on the kauai
//! devices of `filetests/run/devices.txt`.
//!
//! References. Float: each function evaluated in f64 (Rust's std, i.e. glibc, and the
//! `libm` crate where std has none), within about 1 double ulp, which is 2^-29 float
//! ulp: the measured error is the true error to well under 1e-6 ulp. Double: mpmath at
//! 160 bits through `tests/data/sweep/mp_reference.py` (python3-mpmath), returned as a
//! double-double (the nearest double and the rest), so the error is measured to about
//! 2^-50 ulp; the host's double functions are the `libm` crate's, which could not be
//! their own reference.
//!
//! Inputs: special values (±0, subnormals, ±inf, NaN, the largest and smallest
//! normals, near-overflow thresholds, integers, halfway points), random bit patterns
//! (every binade) and uniform values over each function's interesting range, from the
//! testkit's generator with a fixed seed. By default each function gets
//! [`DEFAULT_INPUTS`] inputs per device (the kauai devices fewer); `KAUAI_SWEEP_FULL=1`
//! gives every function [`FULL_INPUTS`] on every device.
//!
//! Out of specification results are compared with `tests/data/sweep/known.txt`: a
//! violation not listed fails, and so does (in the default run) a listed one that no
//! longer happens; `BLESS=1` rewrites the list. The worst error per function and device
//! is printed (`--nocapture`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use kauai_runtime::{
    enqueue, Buffer, Device, ExecOptions, Kernel, KernelArg, NdRangeSpec, Program, SourceFile,
};
use kauai_testkit::{compare_or_bless, Rng};

/// Inputs per function on the host by default, and on the kauai devices (multiples
/// of the work-group size, 64).
const DEFAULT_INPUTS: usize = 100_032;
const DEFAULT_IL_INPUTS: usize = 2_048;
/// Inputs per function and device with `KAUAI_SWEEP_FULL=1`.
const FULL_INPUTS: usize = 100_032;
/// Inputs of each function the interpreter runs too (and must agree bit for bit).
const INTERP_INPUTS: usize = 1_024;
/// Double inputs per function by default: the mpmath reference costs 10-70 µs each.
const DEFAULT_DOUBLE_INPUTS: usize = 2_048;

const IL_DEVICES: &[&str] = &[
    "kauai:rv770",
    "kauai:cypress",
    "kauai:barts",
    "kauai:cayman",
];

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Ty {
    F32,
    F64,
}

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::F32 => "float",
            Ty::F64 => "double",
        }
    }
    fn bytes(self) -> usize {
        match self {
            Ty::F32 => 4,
            Ty::F64 => 8,
        }
    }
}

/// How a result is judged.
#[derive(Copy, Clone, PartialEq, Debug)]
enum Limit {
    /// Within this many ulp of the exact result (0 means correctly rounded: 0.5).
    Ulp(f64),
    /// The specification gives no bound (lgamma): reported, not checked.
    Report,
    /// An integer result (frexp's exponent, remquo's quotient bits, lgamma_r's sign):
    /// exactly the reference.
    Exact,
    /// remquo's quotient: the sign of x/y and the low 7 bits of |n|.
    Quotient,
}

/// One swept function: the expression a kernel computes from `A`, `B`, `C` (of the
/// swept type) and `N` (an `int`), the limit for float and for double (`None`: not
/// swept in that type), the float reference (in f64), the name of the mpmath
/// reference, and the ranges its uniform inputs come from.
struct Func {
    name: &'static str,
    expr: &'static str,
    args: usize,
    int_arg: bool,
    float: Option<Limit>,
    double: Option<Limit>,
    reference: fn(&[f64], i32) -> f64,
    range: (f64, f64),
    range2: (f64, f64),
}

const fn ulp(n: f64) -> Option<Limit> {
    Some(Limit::Ulp(n))
}

const WIDE: (f64, f64) = (-1e4, 1e4);

macro_rules! f {
    ($name:expr, $expr:expr, $args:expr, $fl:expr, $dl:expr, $r:expr, $range:expr) => {
        f!($name, $expr, $args, $fl, $dl, $r, $range, $range)
    };
    ($name:expr, $expr:expr, $args:expr, $fl:expr, $dl:expr, $r:expr, $range:expr, $range2:expr) => {
        Func {
            name: $name,
            expr: $expr,
            args: $args,
            int_arg: false,
            float: $fl,
            double: $dl,
            reference: $r,
            range: $range,
            range2: $range2,
        }
    };
}

fn fi(mut f: Func) -> Func {
    f.int_arg = true;
    f
}

fn pi() -> f64 {
    std::f64::consts::PI
}

/// sin(pi x) with the argument reduced exactly first (x - 2k is exact in f64 for a
/// float x), so the reference keeps its precision for large x.
fn sinpi(x: f64) -> f64 {
    if x.is_infinite() {
        return f64::NAN;
    }
    if x == x.trunc() {
        // sinpi(n) is +0 for n > 0 and -0 for n < 0 (OpenCL 1.2 7.5.1).
        return 0.0f64.copysign(x);
    }
    let r = x - 2.0 * (x / 2.0).round();
    (pi() * r).sin()
}

fn cospi(x: f64) -> f64 {
    if x.is_infinite() {
        return f64::NAN;
    }
    let r = (x - 2.0 * (x / 2.0).round()).abs();
    if r == 0.5 {
        return 0.0;
    }
    (pi() * r).cos()
}

fn tanpi(x: f64) -> f64 {
    if x.is_infinite() {
        return f64::NAN;
    }
    let r = x - x.trunc();
    if r == 0.0 {
        // tan(pi n) is +-0: the sign of x for even n, the other for odd n.
        let odd = (x.abs() % 2.0) == 1.0;
        return 0.0f64.copysign(if odd { -x } else { x });
    }
    if r.abs() == 0.5 {
        // tan(pi (n + 1/2)) is +inf for even n, -inf for odd (OpenCL 1.2 7.5.1).
        let n = x.trunc() as i64;
        let inf = if x > 0.0 {
            f64::INFINITY
        } else {
            f64::NEG_INFINITY
        };
        return if n % 2 == 0 { inf } else { -inf };
    }
    sinpi(r) / cospi(r)
}

fn pow_ref(x: f64, y: f64) -> f64 {
    x.powf(y)
}

fn powr_ref(x: f64, y: f64) -> f64 {
    // OpenCL 1.2 7.5.1: powr is exp(y log x) with its own special values.
    if x < 0.0 || x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if (x == 0.0 || x.is_infinite()) && y == 0.0 || x == 1.0 && y.is_infinite() {
        return f64::NAN;
    }
    // powr(-0, y) is powr(+0, y): +0 for y > 0, +inf for y < 0.
    x.abs().powf(y)
}

fn rootn_ref(x: f64, n: i32) -> f64 {
    if n == 0 || (x < 0.0 && n % 2 == 0) {
        return f64::NAN;
    }
    if x == 0.0 {
        return if n > 0 && n % 2 == 0 {
            0.0
        } else if n > 0 {
            x
        } else if n % 2 != 0 {
            f64::INFINITY.copysign(x)
        } else {
            f64::INFINITY
        };
    }
    // |x|^(1/n) in f64: 1/n is rounded (relative error 2^-53), which moves the result
    // by at most |ln x| 2^-53 / n relative, under 2^-46 for any float x.
    x.abs().powf(1.0 / n as f64).copysign(x)
}

fn remainder_ref(x: f64, y: f64) -> f64 {
    libm::remainder(x, y)
}

/// remquo's quotient: round-half-even of x / y (exact for floats in f64 when it is
/// small, and only its low bits matter), as a signed value.
fn quotient_ref(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() || y == 0.0 || x.is_infinite() {
        // The quotient is unspecified where the remainder is NaN.
        return f64::NAN;
    }
    // x - r = n y exactly; n's low bits from the exact fmod by 128 |y|.
    let t = libm::fmod(x.abs(), 128.0 * y.abs());
    let rt = libm::remainder(t, y.abs());
    let n = ((t - rt) / y.abs()).round() as i64 % 128;
    let neg = (x < 0.0) != (y < 0.0);
    if neg {
        -(n as f64)
    } else {
        n as f64
    }
}

fn lgamma_sign(x: f64) -> f64 {
    if x == 0.0 {
        return if x.is_sign_negative() { -1.0 } else { 1.0 };
    }
    if x < 0.0 && x == x.floor() || x.is_infinite() {
        // A pole (or -inf): the sign is unspecified.
        return f64::NAN;
    }
    if x < 0.0 && x != x.floor() && (x.floor() as i64) % 2 != 0 {
        -1.0
    } else {
        1.0
    }
}

fn frexp_ref(x: f64) -> (f64, i32) {
    libm::frexp(x)
}

/// fract(x) = fmin(x - floor(x), the largest float below 1); ±inf gives ±0.
fn fract_ref(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.is_infinite() {
        return 0.0f64.copysign(x);
    }
    let f = (x - x.floor()).min(1.0 - 2f64.powi(-24));
    if f == 0.0 {
        0.0f64.copysign(x)
    } else {
        f
    }
}

fn logb_ref(x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if x == 0.0 {
        f64::NEG_INFINITY
    } else if x.is_infinite() {
        f64::INFINITY
    } else {
        libm::ilogb(x) as f64
    }
}

fn round_ref(x: f64) -> f64 {
    x.round()
}

fn maxmag(x: f64, y: f64) -> f64 {
    if x.abs() > y.abs() {
        x
    } else if y.abs() > x.abs() {
        y
    } else {
        x.max(y)
    }
}

fn minmag(x: f64, y: f64) -> f64 {
    if x.abs() < y.abs() {
        x
    } else if y.abs() < x.abs() {
        y
    } else {
        x.min(y)
    }
}

fn funcs() -> Vec<Func> {
    use Limit::*;
    let half = ulp(8192.0);
    vec![
        f!(
            "acos",
            "acos(A)",
            1,
            ulp(4.0),
            ulp(4.0),
            |a, _| a[0].acos(),
            (-1.0, 1.0)
        ),
        f!(
            "acosh",
            "acosh(A)",
            1,
            ulp(4.0),
            ulp(4.0),
            |a, _| if a[0] < 1.0 { f64::NAN } else { a[0].acosh() },
            (0.5, 1e4)
        ),
        f!(
            "acospi",
            "acospi(A)",
            1,
            ulp(5.0),
            ulp(5.0),
            |a, _| a[0].acos() / pi(),
            (-1.0, 1.0)
        ),
        f!(
            "asin",
            "asin(A)",
            1,
            ulp(4.0),
            ulp(4.0),
            |a, _| a[0].asin(),
            (-1.0, 1.0)
        ),
        f!(
            "asinh",
            "asinh(A)",
            1,
            ulp(4.0),
            ulp(4.0),
            |a, _| libm::asinh(a[0]),
            WIDE
        ),
        f!(
            "asinpi",
            "asinpi(A)",
            1,
            ulp(5.0),
            ulp(5.0),
            |a, _| a[0].asin() / pi(),
            (-1.0, 1.0)
        ),
        f!(
            "atan",
            "atan(A)",
            1,
            ulp(5.0),
            ulp(5.0),
            |a, _| a[0].atan(),
            WIDE
        ),
        f!(
            "atan2",
            "atan2(A, B)",
            2,
            ulp(6.0),
            ulp(6.0),
            |a, _| a[0].atan2(a[1]),
            (-10.0, 10.0)
        ),
        f!(
            "atanh",
            "atanh(A)",
            1,
            ulp(5.0),
            ulp(5.0),
            |a, _| libm::atanh(a[0]),
            (-1.0, 1.0)
        ),
        f!(
            "atanpi",
            "atanpi(A)",
            1,
            ulp(5.0),
            ulp(5.0),
            |a, _| a[0].atan() / pi(),
            WIDE
        ),
        f!(
            "atan2pi",
            "atan2pi(A, B)",
            2,
            ulp(6.0),
            ulp(6.0),
            |a, _| a[0].atan2(a[1]) / pi(),
            (-10.0, 10.0)
        ),
        f!(
            "cbrt",
            "cbrt(A)",
            1,
            ulp(2.0),
            ulp(2.0),
            |a, _| a[0].cbrt(),
            WIDE
        ),
        f!(
            "ceil",
            "ceil(A)",
            1,
            ulp(0.0),
            ulp(0.0),
            |a, _| a[0].ceil(),
            (-100.0, 100.0)
        ),
        f!(
            "copysign",
            "copysign(A, B)",
            2,
            ulp(0.0),
            ulp(0.0),
            |a, _| a[0].copysign(a[1]),
            WIDE
        ),
        f!(
            "cos",
            "cos(A)",
            1,
            ulp(4.0),
            ulp(4.0),
            |a, _| a[0].cos(),
            (-1e5, 1e5)
        ),
        f!(
            "cosh",
            "cosh(A)",
            1,
            ulp(4.0),
            ulp(4.0),
            |a, _| a[0].cosh(),
            (-90.0, 90.0)
        ),
        f!(
            "cospi",
            "cospi(A)",
            1,
            ulp(4.0),
            ulp(4.0),
            |a, _| cospi(a[0]),
            (-8.0, 8.0)
        ),
        f!(
            "erfc",
            "erfc(A)",
            1,
            ulp(16.0),
            ulp(16.0),
            |a, _| libm::erfc(a[0]),
            (-6.0, 30.0)
        ),
        f!(
            "erf",
            "erf(A)",
            1,
            ulp(16.0),
            ulp(16.0),
            |a, _| libm::erf(a[0]),
            (-6.0, 6.0)
        ),
        f!(
            "exp",
            "exp(A)",
            1,
            ulp(3.0),
            ulp(3.0),
            |a, _| a[0].exp(),
            (-104.0, 89.0)
        ),
        f!(
            "exp2",
            "exp2(A)",
            1,
            ulp(3.0),
            ulp(3.0),
            |a, _| a[0].exp2(),
            (-150.0, 129.0)
        ),
        f!(
            "exp10",
            "exp10(A)",
            1,
            ulp(3.0),
            ulp(3.0),
            |a, _| 10f64.powf(a[0]),
            (-46.0, 39.0)
        ),
        f!(
            "expm1",
            "expm1(A)",
            1,
            ulp(3.0),
            ulp(3.0),
            |a, _| a[0].exp_m1(),
            (-20.0, 89.0)
        ),
        f!(
            "fabs",
            "fabs(A)",
            1,
            ulp(0.0),
            ulp(0.0),
            |a, _| a[0].abs(),
            WIDE
        ),
        f!(
            "fdim",
            "fdim(A, B)",
            2,
            ulp(0.0),
            ulp(0.0),
            |a, _| if a[0].is_nan() || a[1].is_nan() {
                f64::NAN
            } else if a[0] > a[1] {
                a[0] - a[1]
            } else {
                0.0
            },
            WIDE
        ),
        f!(
            "floor",
            "floor(A)",
            1,
            ulp(0.0),
            ulp(0.0),
            |a, _| a[0].floor(),
            (-100.0, 100.0)
        ),
        f!(
            "fma",
            "fma(A, B, C)",
            3,
            ulp(0.0),
            None,
            |a, _| a[0].mul_add(a[1], a[2]),
            WIDE
        ),
        f!(
            "fmax",
            "fmax(A, B)",
            2,
            ulp(0.0),
            ulp(0.0),
            |a, _| a[0].max(a[1]),
            WIDE
        ),
        f!(
            "fmin",
            "fmin(A, B)",
            2,
            ulp(0.0),
            ulp(0.0),
            |a, _| a[0].min(a[1]),
            WIDE
        ),
        f!(
            "fmod",
            "fmod(A, B)",
            2,
            ulp(0.0),
            ulp(0.0),
            |a, _| libm::fmod(a[0], a[1]),
            WIDE,
            (-10.0, 10.0)
        ),
        f!(
            "fract",
            "fract(A, &t)",
            1,
            ulp(0.0),
            ulp(0.0),
            |a, _| fract_ref(a[0]),
            (-100.0, 100.0)
        ),
        f!(
            "fract.floor",
            "(fract(A, &t), t)",
            1,
            ulp(0.0),
            ulp(0.0),
            |a, _| a[0].floor(),
            (-100.0, 100.0)
        ),
        f!(
            "frexp",
            "frexp(A, &e)",
            1,
            ulp(0.0),
            ulp(0.0),
            |a, _| frexp_ref(a[0]).0,
            WIDE
        ),
        f!(
            "frexp.exp",
            "(frexp(A, &e), e)",
            1,
            Some(Exact),
            Some(Exact),
            |a, _| if a[0].is_finite() {
                frexp_ref(a[0]).1 as f64
            } else {
                f64::NAN
            },
            WIDE
        ),
        f!(
            "hypot",
            "hypot(A, B)",
            2,
            ulp(4.0),
            ulp(4.0),
            |a, _| a[0].hypot(a[1]),
            WIDE
        ),
        f!(
            "ilogb",
            "ilogb(A)",
            1,
            Some(Exact),
            Some(Exact),
            |a, _| libm::ilogb(a[0]) as f64,
            WIDE
        ),
        fi(f!(
            "ldexp",
            "ldexp(A, N)",
            1,
            ulp(0.0),
            ulp(0.0),
            |a, n| libm::ldexp(a[0], n),
            WIDE
        )),
        f!(
            "lgamma",
            "lgamma(A)",
            1,
            Some(Report),
            Some(Report),
            |a, _| libm::lgamma(a[0]),
            (-50.0, 1e4)
        ),
        f!(
            "lgamma_r",
            "lgamma_r(A, &e)",
            1,
            Some(Report),
            Some(Report),
            |a, _| libm::lgamma(a[0]),
            (-50.0, 100.0)
        ),
        f!(
            "lgamma_r.sign",
            "(lgamma_r(A, &e), e)",
            1,
            Some(Exact),
            Some(Exact),
            |a, _| if a[0].is_nan() {
                f64::NAN
            } else {
                lgamma_sign(a[0])
            },
            (-50.0, 100.0)
        ),
        f!(
            "log",
            "log(A)",
            1,
            ulp(3.0),
            ulp(3.0),
            |a, _| a[0].ln(),
            (0.0, 4.0)
        ),
        f!(
            "log2",
            "log2(A)",
            1,
            ulp(3.0),
            ulp(3.0),
            |a, _| a[0].log2(),
            (0.0, 4.0)
        ),
        f!(
            "log10",
            "log10(A)",
            1,
            ulp(3.0),
            ulp(3.0),
            |a, _| a[0].log10(),
            (0.0, 4.0)
        ),
        f!(
            "log1p",
            "log1p(A)",
            1,
            ulp(2.0),
            ulp(2.0),
            |a, _| a[0].ln_1p(),
            (-1.0, 4.0)
        ),
        f!(
            "logb",
            "logb(A)",
            1,
            ulp(0.0),
            ulp(0.0),
            |a, _| logb_ref(a[0]),
            WIDE
        ),
        f!(
            "maxmag",
            "maxmag(A, B)",
            2,
            ulp(0.0),
            ulp(0.0),
            |a, _| maxmag(a[0], a[1]),
            WIDE
        ),
        f!(
            "minmag",
            "minmag(A, B)",
            2,
            ulp(0.0),
            ulp(0.0),
            |a, _| minmag(a[0], a[1]),
            WIDE
        ),
        f!(
            "modf",
            "modf(A, &t)",
            1,
            ulp(0.0),
            ulp(0.0),
            |a, _| if a[0].is_infinite() {
                0.0f64.copysign(a[0])
            } else {
                (a[0] - a[0].trunc()).copysign(a[0])
            },
            (-100.0, 100.0)
        ),
        f!(
            "modf.int",
            "(modf(A, &t), t)",
            1,
            ulp(0.0),
            ulp(0.0),
            |a, _| a[0].trunc(),
            (-100.0, 100.0)
        ),
        f!(
            "pow",
            "pow(A, B)",
            2,
            ulp(16.0),
            ulp(16.0),
            |a, _| pow_ref(a[0], a[1]),
            (0.0, 10.0),
            (-40.0, 40.0)
        ),
        fi(f!(
            "pown",
            "pown(A, N)",
            1,
            ulp(16.0),
            ulp(16.0),
            |a, n| pow_ref(a[0], n as f64),
            (-10.0, 10.0)
        )),
        f!(
            "powr",
            "powr(A, B)",
            2,
            ulp(16.0),
            ulp(16.0),
            |a, _| powr_ref(a[0], a[1]),
            (0.0, 10.0),
            (-40.0, 40.0)
        ),
        f!(
            "remainder",
            "remainder(A, B)",
            2,
            ulp(0.0),
            ulp(0.0),
            |a, _| remainder_ref(a[0], a[1]),
            WIDE,
            (-10.0, 10.0)
        ),
        f!(
            "remquo",
            "remquo(A, B, &e)",
            2,
            ulp(0.0),
            ulp(0.0),
            |a, _| remainder_ref(a[0], a[1]),
            WIDE,
            (-10.0, 10.0)
        ),
        f!(
            "remquo.quo",
            "(remquo(A, B, &e), e)",
            2,
            Some(Quotient),
            Some(Quotient),
            |a, _| quotient_ref(a[0], a[1]),
            WIDE,
            (-10.0, 10.0)
        ),
        f!(
            "rint",
            "rint(A)",
            1,
            ulp(0.0),
            ulp(0.0),
            |a, _| a[0].round_ties_even(),
            (-100.0, 100.0)
        ),
        fi(f!(
            "rootn",
            "rootn(A, N)",
            1,
            ulp(16.0),
            ulp(16.0),
            |a, n| rootn_ref(a[0], n),
            WIDE
        )),
        f!(
            "round",
            "round(A)",
            1,
            ulp(0.0),
            ulp(0.0),
            |a, _| round_ref(a[0]),
            (-100.0, 100.0)
        ),
        f!(
            "rsqrt",
            "rsqrt(A)",
            1,
            ulp(2.0),
            ulp(2.0),
            |a, _| 1.0 / a[0].sqrt(),
            (0.0, 100.0)
        ),
        f!(
            "sin",
            "sin(A)",
            1,
            ulp(4.0),
            ulp(4.0),
            |a, _| a[0].sin(),
            (-1e5, 1e5)
        ),
        f!(
            "sincos",
            "sincos(A, &t)",
            1,
            ulp(4.0),
            ulp(4.0),
            |a, _| a[0].sin(),
            (-1e5, 1e5)
        ),
        f!(
            "sincos.cos",
            "(sincos(A, &t), t)",
            1,
            ulp(4.0),
            ulp(4.0),
            |a, _| a[0].cos(),
            (-1e5, 1e5)
        ),
        f!(
            "sinh",
            "sinh(A)",
            1,
            ulp(4.0),
            ulp(4.0),
            |a, _| a[0].sinh(),
            (-90.0, 90.0)
        ),
        f!(
            "sinpi",
            "sinpi(A)",
            1,
            ulp(4.0),
            ulp(4.0),
            |a, _| sinpi(a[0]),
            (-8.0, 8.0)
        ),
        f!(
            "sqrt",
            "sqrt(A)",
            1,
            ulp(3.0),
            ulp(0.0),
            |a, _| a[0].sqrt(),
            (0.0, 100.0)
        ),
        f!(
            "tan",
            "tan(A)",
            1,
            ulp(5.0),
            ulp(5.0),
            |a, _| a[0].tan(),
            (-1e5, 1e5)
        ),
        f!(
            "tanh",
            "tanh(A)",
            1,
            ulp(5.0),
            ulp(5.0),
            |a, _| a[0].tanh(),
            (-10.0, 10.0)
        ),
        f!(
            "tanpi",
            "tanpi(A)",
            1,
            ulp(6.0),
            ulp(6.0),
            |a, _| tanpi(a[0]),
            (-8.0, 8.0)
        ),
        f!(
            "tgamma",
            "tgamma(A)",
            1,
            ulp(16.0),
            ulp(16.0),
            |a, _| libm::tgamma(a[0]),
            (-40.0, 36.0)
        ),
        f!(
            "trunc",
            "trunc(A)",
            1,
            ulp(0.0),
            ulp(0.0),
            |a, _| a[0].trunc(),
            (-100.0, 100.0)
        ),
        f!(
            "divide",
            "A / B",
            2,
            ulp(2.5),
            ulp(0.0),
            |a, _| a[0] / a[1],
            WIDE
        ),
        f!(
            "recip",
            "1 / A",
            1,
            ulp(2.5),
            ulp(0.0),
            |a, _| 1.0 / a[0],
            WIDE
        ),
        // The half_ functions: 8192 ulp (Table 7.1), sin/cos/tan for |x| <= 2^16.
        f!(
            "half_cos",
            "half_cos(A)",
            1,
            half,
            None,
            |a, _| a[0].cos(),
            (-65536.0, 65536.0)
        ),
        f!(
            "half_divide",
            "half_divide(A, B)",
            2,
            half,
            None,
            |a, _| a[0] / a[1],
            WIDE
        ),
        f!(
            "half_exp",
            "half_exp(A)",
            1,
            half,
            None,
            |a, _| a[0].exp(),
            (-87.0, 88.0)
        ),
        f!(
            "half_exp2",
            "half_exp2(A)",
            1,
            half,
            None,
            |a, _| a[0].exp2(),
            (-126.0, 127.0)
        ),
        f!(
            "half_exp10",
            "half_exp10(A)",
            1,
            half,
            None,
            |a, _| 10f64.powf(a[0]),
            (-37.0, 38.0)
        ),
        f!(
            "half_log",
            "half_log(A)",
            1,
            half,
            None,
            |a, _| a[0].ln(),
            (0.0, 1e4)
        ),
        f!(
            "half_log2",
            "half_log2(A)",
            1,
            half,
            None,
            |a, _| a[0].log2(),
            (0.0, 1e4)
        ),
        f!(
            "half_log10",
            "half_log10(A)",
            1,
            half,
            None,
            |a, _| a[0].log10(),
            (0.0, 1e4)
        ),
        f!(
            "half_powr",
            "half_powr(A, B)",
            2,
            half,
            None,
            |a, _| powr_ref(a[0], a[1]),
            (0.0, 10.0),
            (-30.0, 30.0)
        ),
        f!(
            "half_recip",
            "half_recip(A)",
            1,
            half,
            None,
            |a, _| 1.0 / a[0],
            WIDE
        ),
        f!(
            "half_rsqrt",
            "half_rsqrt(A)",
            1,
            half,
            None,
            |a, _| 1.0 / a[0].sqrt(),
            (0.0, 1e4)
        ),
        f!(
            "half_sin",
            "half_sin(A)",
            1,
            half,
            None,
            |a, _| a[0].sin(),
            (-65536.0, 65536.0)
        ),
        f!(
            "half_sqrt",
            "half_sqrt(A)",
            1,
            half,
            None,
            |a, _| a[0].sqrt(),
            (0.0, 1e4)
        ),
        f!(
            "half_tan",
            "half_tan(A)",
            1,
            half,
            None,
            |a, _| a[0].tan(),
            (-65536.0, 65536.0)
        ),
    ]
}

/// Special inputs of each type: zeros, subnormals, the normal limits, infinities,
/// NaN, small integers and halfway points, and the thresholds where exp, exp2, exp10,
/// sinh and cosh overflow or underflow.
fn specials(ty: Ty) -> Vec<f64> {
    let mut v = vec![
        0.0,
        1.0,
        0.5,
        2.0,
        1.5,
        2.5,
        3.0,
        10.0,
        0.1,
        f64::INFINITY,
        f64::NAN,
        std::f64::consts::PI,
        std::f64::consts::FRAC_PI_2,
        100.0,
        65536.0,
        1e10,
        1e-10,
    ];
    match ty {
        Ty::F32 => v.extend([
            f32::from_bits(1) as f64,
            f32::from_bits(0x007f_ffff) as f64,
            f32::MIN_POSITIVE as f64,
            f32::MAX as f64,
            88.72283,
            88.72284,
            87.33655,
            103.97208,
            104.0,
            128.0,
            126.0,
            149.0,
            150.0,
            38.53184,
            44.85,
            45.5,
            89.41599,
            8388608.0,
            8388609.0,
            16777216.0,
            0.49999997,
            1.0 - 2f64.powi(-24),
            1.0 + 2f64.powi(-23),
        ]),
        Ty::F64 => v.extend([
            f64::from_bits(1),
            f64::from_bits(0x000f_ffff_ffff_ffff),
            f64::MIN_POSITIVE,
            f64::MAX,
            709.782712893384,
            709.7827128933841,
            708.3964185322641,
            744.4400719213812,
            745.1332191019412,
            1024.0,
            1022.0,
            1074.0,
            1075.0,
            308.2547155599167,
            323.3062153431158,
            710.4758600739439,
            4503599627370496.0,
            4503599627370497.0,
            9007199254740992.0,
            0.49999999999999994,
            1.0 - 2f64.powi(-53),
            1.0 + 2f64.powi(-52),
        ]),
    }
    let neg: Vec<f64> = v.iter().map(|x| -x).collect();
    v.extend(neg);
    v.into_iter().map(|x| round_to(ty, x)).collect()
}

/// A value of type `ty` from random bits (every binade, NaNs and infinities too).
fn random_bits(rng: &mut Rng, ty: Ty) -> f64 {
    match ty {
        Ty::F32 => f32::from_bits(rng.next_u64() as u32) as f64,
        Ty::F64 => f64::from_bits(rng.next_u64()),
    }
}

/// A uniform value in `[lo, hi]`, rounded to `ty`.
fn uniform(rng: &mut Rng, ty: Ty, (lo, hi): (f64, f64)) -> f64 {
    let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    round_to(ty, lo + (hi - lo) * u)
}

fn round_to(ty: Ty, x: f64) -> f64 {
    match ty {
        Ty::F32 => x as f32 as f64,
        Ty::F64 => x,
    }
}

/// One operand drawn from the mix: random bits, the uniform range, or an integer or
/// halfway point in it.
fn operand(rng: &mut Rng, ty: Ty, range: (f64, f64)) -> f64 {
    match rng.below(6) {
        0 | 1 => random_bits(rng, ty),
        2 | 3 => uniform(rng, ty, range),
        4 => round_to(ty, (uniform(rng, ty, range) * 2.0).round() / 2.0),
        _ => {
            // Next to an integer: one or two ulp away.
            let x = uniform(rng, ty, range).round();
            let step = match ty {
                Ty::F32 => (x as f32).abs().max(1.0) as f64 * f32::EPSILON as f64,
                Ty::F64 => x.abs().max(1.0) * f64::EPSILON,
            };
            round_to(ty, x + step * (rng.below(5) as f64 - 2.0))
        }
    }
}

/// The int operand of ldexp, pown and rootn.
fn int_operand(rng: &mut Rng, name: &str) -> i32 {
    match name {
        "ldexp" => match rng.below(10) {
            0 => [i32::MIN, i32::MAX, -1100, 1100, 0][rng.below(5)],
            _ => rng.below(601) as i32 - 300,
        },
        "pown" => rng.below(81) as i32 - 40,
        _ => rng.below(21) as i32 - 10,
    }
}

/// The inputs of one function: (a, b, c, n) per case.
#[derive(Clone, Default)]
struct Inputs {
    a: Vec<f64>,
    b: Vec<f64>,
    c: Vec<f64>,
    n: Vec<i32>,
}

fn seed(name: &str, ty: Ty) -> u64 {
    // FNV-1a of the name and type: each function gets its own fixed stream.
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in name.bytes().chain(ty.name().bytes()) {
        h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
    }
    h
}

fn inputs(f: &Func, ty: Ty, count: usize) -> Inputs {
    let mut rng = Rng::new(seed(f.name, ty));
    let sp = specials(ty);
    let mut inp = Inputs::default();
    let push = |inp: &mut Inputs, a: f64, b: f64, c: f64, n: i32| {
        inp.a.push(a);
        inp.b.push(b);
        inp.c.push(c);
        inp.n.push(n);
    };
    // Specials first: alone, and (two-operand functions) every pair of them.
    if f.args >= 2 {
        for &a in &sp {
            for &b in &sp {
                push(&mut inp, a, b, 1.0, 0);
            }
        }
    } else {
        for &a in &sp {
            for n in [0, 1, -1, 2, 3, -3] {
                if f.int_arg || n == 0 {
                    push(&mut inp, a, 1.0, 1.0, n);
                }
            }
        }
    }
    inp.a.truncate(count);
    inp.b.truncate(count);
    inp.c.truncate(count);
    inp.n.truncate(count);
    while inp.a.len() < count {
        let a = operand(&mut rng, ty, f.range);
        let b = operand(&mut rng, ty, f.range2);
        let c = operand(&mut rng, ty, f.range);
        let n = int_operand(&mut rng, f.name);
        push(&mut inp, a, b, c, n);
    }
    inp
}

fn kernel_source(f: &Func, ty: Ty) -> String {
    let t = ty.name();
    let pragma = if ty == Ty::F64 {
        "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
    } else {
        ""
    };
    format!(
        "{pragma}kernel void k(global const {t} *a, global const {t} *b, global const {t} *c,\n\
         \x20                global const int *n, global {t} *o) {{\n\
         \x20   size_t i = get_global_id(0);\n\
         \x20   {t} A = a[i], B = b[i], C = c[i], t = 0;\n\
         \x20   int N = n[i], e = 0;\n\
         \x20   o[i] = ({t})({});\n\
         }}\n",
        f.expr
    )
}

fn float_buffer(ty: Ty, v: &[f64]) -> Arc<Buffer> {
    let bytes: Vec<u8> = match ty {
        Ty::F32 => v.iter().flat_map(|x| (*x as f32).to_le_bytes()).collect(),
        Ty::F64 => v.iter().flat_map(|x| x.to_le_bytes()).collect(),
    };
    Arc::new(Buffer::from_bytes(&bytes))
}

/// Run `f` on `device` over the first `count` inputs: the raw result bits, or the
/// build or launch error.
fn run(device: &Device, f: &Func, ty: Ty, inp: &Inputs, count: usize) -> Result<Vec<u64>, String> {
    let src = [SourceFile {
        name: format!("{}.cl", f.name),
        bytes: kernel_source(f, ty).into_bytes(),
    }];
    let program = Program::build(device, &src, "").map_err(|e| first_line(&e.to_string()))?;
    let mut k = Kernel::new(&program, "k").map_err(|e| e.to_string())?;
    let out = Arc::new(Buffer::new(count * ty.bytes()));
    let n: Vec<u8> = inp.n[..count]
        .iter()
        .flat_map(|x| x.to_le_bytes())
        .collect();
    let args = [
        KernelArg::Buffer(float_buffer(ty, &inp.a[..count])),
        KernelArg::Buffer(float_buffer(ty, &inp.b[..count])),
        KernelArg::Buffer(float_buffer(ty, &inp.c[..count])),
        KernelArg::Buffer(Arc::new(Buffer::from_bytes(&n))),
        KernelArg::Buffer(out.clone()),
    ];
    for (i, a) in args.into_iter().enumerate() {
        k.set_arg(i, a).map_err(|e| e.to_string())?;
    }
    let nd = NdRangeSpec {
        work_dim: 1,
        global_offset: None,
        global_size: vec![count as u64],
        local_size: Some(vec![64]),
    };
    enqueue(&k, &nd, &ExecOptions::default()).map_err(|e| first_line(&e.to_string()))?;
    let bytes = out.read_bytes();
    Ok(match ty {
        Ty::F32 => bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as u64)
            .collect(),
        Ty::F64 => bytes
            .chunks(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect(),
    })
}

fn first_line(s: &str) -> String {
    s.lines()
        .find(|l| l.contains("error"))
        .unwrap_or_else(|| s.lines().next().unwrap_or(""))
        .trim()
        .to_string()
}

/// A reference value: the nearest value of the reference's precision (f64 for the
/// float references, a double-double for mpmath's) as `hi + lo`.
#[derive(Copy, Clone, Debug)]
struct Ref {
    hi: f64,
    lo: f64,
}

/// The error of `got` against `r` in ulp of the swept type at the exact result, or
/// `None` when the reference does not care (an unspecified result).
fn error(ty: Ty, limit: Limit, got: f64, r: Ref, zero_sign_free: bool) -> Option<f64> {
    let inf = f64::INFINITY;
    if r.hi.is_nan() {
        if matches!(limit, Limit::Exact | Limit::Quotient) {
            return None;
        }
        return Some(if got.is_nan() { 0.0 } else { inf });
    }
    if got.is_nan() {
        return Some(inf);
    }
    match limit {
        Limit::Exact => return Some(if got == round_to(ty, r.hi) { 0.0 } else { inf }),
        Limit::Quotient => {
            let (g, q) = (got as i64, r.hi as i64);
            let same_sign = (g < 0) == (q < 0) || g == 0 || q == 0;
            let ok = same_sign && g.unsigned_abs() % 128 == q.unsigned_abs() % 128;
            return Some(if ok { 0.0 } else { inf });
        }
        _ => {}
    }
    let (mant, emin, emax) = match ty {
        Ty::F32 => (23, -126, 127),
        Ty::F64 => (52, -1022, 1023),
    };
    let max = match ty {
        Ty::F32 => f32::MAX as f64,
        Ty::F64 => f64::MAX,
    };
    if round_to(ty, r.hi).is_infinite() {
        // The exact result is past the largest finite value (or infinite): inf, or
        // the largest finite value of that sign (1 ulp).
        return Some(if got == round_to(ty, r.hi) {
            0.0
        } else if got == max.copysign(r.hi) {
            1.0
        } else {
            inf
        });
    }
    if r.hi == 0.0
        && got == 0.0
        && got.is_sign_negative() != r.hi.is_sign_negative()
        && !zero_sign_free
    {
        // Exact zeros keep their sign (sin(-0) = -0, ceil(-0.5) = -0).
        return Some(inf);
    }
    let e = if r.hi == 0.0 {
        emin
    } else {
        (r.hi.abs().log2().floor() as i32).clamp(emin, emax)
    };
    let ulp = libm::ldexp(1.0, e - mant);
    let g = if got.is_infinite() {
        // One ulp past the largest finite value (2^1024 is not an f64: use MAX).
        (max + libm::ldexp(1.0, emax - mant)).copysign(got)
    } else {
        got
    };
    // (g - hi) is exact or nearly so when g is close to hi; lo is below hi's ulp.
    Some((((g - r.hi) - r.lo) / ulp).abs())
}

fn bits_to_f64(ty: Ty, b: u64) -> f64 {
    match ty {
        Ty::F32 => f32::from_bits(b as u32) as f64,
        Ty::F64 => f64::from_bits(b),
    }
}

fn float_refs(f: &Func, inp: &Inputs) -> Vec<Ref> {
    (0..inp.a.len())
        .map(|i| Ref {
            hi: (f.reference)(&[inp.a[i], inp.b[i], inp.c[i]], inp.n[i]),
            lo: 0.0,
        })
        .collect()
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sweep")
}

/// The python that has mpmath: Debian's (what `.ci/run` installs python3-mpmath for),
/// else the first on PATH.
fn python() -> &'static str {
    if Path::new("/usr/bin/python3").exists() {
        "/usr/bin/python3"
    } else {
        "python3"
    }
}

/// mpmath's values for every (function, inputs) of the double sweep, in one run of
/// `mp_reference.py` (its lines: `name a b c n` as bits in hex; its answers: `hi lo`).
fn double_refs(jobs: &[(&Func, &Inputs)]) -> Vec<Vec<Ref>> {
    let mut text = String::new();
    for (f, inp) in jobs {
        for i in 0..inp.a.len() {
            let _ = writeln!(
                text,
                "{} {:x} {:x} {:x} {}",
                f.name,
                inp.a[i].to_bits(),
                inp.b[i].to_bits(),
                inp.c[i].to_bits(),
                inp.n[i]
            );
        }
    }
    let script = data_dir().join("mp_reference.py");
    let mut child = std::process::Command::new(python())
        .arg(&script)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {} {}: {e}", python(), script.display()));
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        stdin
            .write_all(text.as_bytes())
            .expect("write to mp_reference.py");
    });
    let out = child.wait_with_output().expect("mp_reference.py runs");
    writer.join().expect("writer");
    assert!(
        out.status.success(),
        "mp_reference.py failed (python3-mpmath installed?)"
    );
    let mut lines = std::str::from_utf8(&out.stdout).expect("ASCII").lines();
    jobs.iter()
        .map(|(_, inp)| {
            (0..inp.a.len())
                .map(|_| {
                    let l = lines.next().expect("one answer per input");
                    let (hi, lo) = l.split_once(' ').expect("hi lo");
                    let p = |s: &str| f64::from_bits(u64::from_str_radix(s, 16).expect("hex"));
                    Ref {
                        hi: p(hi),
                        lo: p(lo),
                    }
                })
                .collect()
        })
        .collect()
}

/// The worst case of one function on one device.
#[derive(Clone, Default)]
struct Worst {
    err: f64,
    at: String,
    bad: usize,
    cases: usize,
}

fn describe(f: &Func, inp: &Inputs, i: usize, got: f64) -> String {
    let mut s = format!("x={:e}", inp.a[i]);
    if f.args >= 2 {
        let _ = write!(s, " y={:e}", inp.b[i]);
    }
    if f.args >= 3 {
        let _ = write!(s, " z={:e}", inp.c[i]);
    }
    if f.int_arg {
        let _ = write!(s, " n={}", inp.n[i]);
    }
    let _ = write!(s, " got {got:e}");
    s
}

/// Inputs below the smallest normal, for devices that flush float subnormals (no
/// CL_FP_DENORM: OpenCL 1.2 7.5.3 lets them treat such inputs as zero and flush such
/// results to zero).
fn subnormal(ty: Ty, x: f64) -> bool {
    ty == Ty::F32 && x != 0.0 && x.abs() < f32::MIN_POSITIVE as f64
}

fn judge(
    f: &Func,
    ty: Ty,
    limit: Limit,
    inp: &Inputs,
    refs: &[Ref],
    got: &[u64],
    ftz: bool,
    ftz_refs: Option<&[Ref]>,
) -> Worst {
    let bound = match limit {
        Limit::Ulp(n) => n.max(0.5) + 1e-6,
        Limit::Report => f64::INFINITY,
        Limit::Exact | Limit::Quotient => 0.0,
    };
    // fmax(-0, +0) may be either zero (C99 F.9.9.2 leaves it open), and so may
    // fract(-0) (x - floor(x) is +0, fmin keeps what it gets).
    let zero_sign_free = matches!(f.name, "fmax" | "fmin" | "maxmag" | "minmag" | "fract");
    let mut w = Worst::default();
    for (i, &g) in got.iter().enumerate() {
        let gv = bits_to_f64(ty, g);
        let Some(mut err) = error(ty, limit, gv, refs[i], zero_sign_free) else {
            continue;
        };
        if ftz && err > bound {
            // Flushed: the result of the zeroed inputs, or a subnormal result as zero.
            if let Some(fr) = ftz_refs {
                if let Some(e2) = error(ty, limit, gv, fr[i], zero_sign_free) {
                    err = err.min(e2);
                }
            }
            if gv == 0.0 && refs[i].hi.abs() < f32::MIN_POSITIVE as f64 {
                err = 0.0;
            }
        }
        w.cases += 1;
        if err > bound {
            w.bad += 1;
        }
        if err > w.err || w.at.is_empty() {
            w.err = err;
            w.at = describe(f, inp, i, gv);
        }
    }
    w
}

fn full_run() -> bool {
    std::env::var_os("KAUAI_SWEEP_FULL").is_some_and(|v| v != "0")
}

/// How many inputs each device gets, by type.
/// `base`, but for two-operand functions at least every pair of special values
/// (rounded up to the work-group size): the first inputs are those pairs, and
/// pow(-0, -(2^52 + 1)) was wrong while only the full run reached it.
fn with_special_pairs(f: &Func, ty: Ty, base: usize) -> usize {
    if f.args >= 2 {
        base.max(specials(ty).len().pow(2).div_ceil(64) * 64)
    } else {
        base
    }
}

fn count_for(device: &str, ty: Ty, full: bool) -> usize {
    match (full, device.starts_with("host"), ty) {
        (true, _, _) => FULL_INPUTS,
        (false, true, Ty::F32) => DEFAULT_INPUTS,
        (false, true, Ty::F64) => DEFAULT_DOUBLE_INPUTS,
        (false, false, _) => DEFAULT_IL_INPUTS.min(DEFAULT_DOUBLE_INPUTS),
    }
}

fn fmt_err(w: &Worst) -> String {
    if w.cases == 0 {
        "-".to_string()
    } else if w.err.is_infinite() {
        "WRONG".to_string()
    } else if w.err >= 1e4 {
        format!("{:.1e}", w.err)
    } else {
        format!("{:.2}", w.err)
    }
}

fn fmt_limit(l: Limit) -> String {
    match l {
        Limit::Ulp(n) => format!("{n}"),
        Limit::Report => "none".into(),
        Limit::Exact | Limit::Quotient => "exact".into(),
    }
}

#[test]
fn float_functions_are_within_their_ulp_limits() {
    sweep(Ty::F32, "known_float.txt");
}

/// The double references come from mpmath, which a fresh machine lacks: `.ci/run`
/// installs python3-mpmath and runs this test with `--ignored`.
#[test]
#[ignore = "needs python3-mpmath (apt-get install python3-mpmath); .ci/run runs it"]
fn double_functions_are_within_their_ulp_limits() {
    sweep(Ty::F64, "known_double.txt");
}

/// Sweep every function of type `ty` on every device; the violations must be the ones
/// listed in `known` (in `tests/data/sweep/`).
fn sweep(ty: Ty, known: &str) {
    let full = full_run();
    let funcs = funcs();
    let mut devices = vec!["host:jit"];
    devices.extend(IL_DEVICES);
    let mut table = String::new();
    let mut violations: Vec<String> = Vec::new();
    let start = std::time::Instant::now();
    {
        let list: Vec<(&Func, Limit)> = funcs
            .iter()
            .filter_map(|f| {
                let l = if ty == Ty::F32 { f.float } else { f.double };
                l.map(|l| (f, l))
            })
            .collect();
        let max = devices
            .iter()
            .map(|d| count_for(d, ty, full))
            .max()
            .unwrap_or(0);
        let inps: Vec<Inputs> = list
            .iter()
            .map(|(f, _)| inputs(f, ty, with_special_pairs(f, ty, max)))
            .collect();
        let t = std::time::Instant::now();
        let refs: Vec<Vec<Ref>> = match ty {
            Ty::F32 => list
                .iter()
                .zip(&inps)
                .map(|((f, _), inp)| float_refs(f, inp))
                .collect(),
            Ty::F64 => {
                let jobs: Vec<(&Func, &Inputs)> =
                    list.iter().zip(&inps).map(|((f, _), i)| (*f, i)).collect();
                double_refs(&jobs)
            }
        };
        // For flushing devices: the references with subnormal inputs as zeros.
        let ftz_refs: Vec<Vec<Ref>> = list
            .iter()
            .zip(&inps)
            .map(|((f, _), inp)| {
                let z = |v: &Vec<f64>| -> Vec<f64> {
                    v.iter()
                        .map(|x| {
                            if subnormal(ty, *x) {
                                0.0f64.copysign(*x)
                            } else {
                                *x
                            }
                        })
                        .collect()
                };
                let zi = Inputs {
                    a: z(&inp.a),
                    b: z(&inp.b),
                    c: z(&inp.c),
                    n: inp.n.clone(),
                };
                if ty == Ty::F32 {
                    float_refs(f, &zi)
                } else {
                    Vec::new()
                }
            })
            .collect();
        let _ = writeln!(
            table,
            "\n{} ({} inputs per function on the host, {} on the kauai devices; references in {:.1?})",
            ty.name(),
            count_for("host", ty, full),
            count_for("kauai", ty, full),
            t.elapsed()
        );
        let _ = write!(table, "{:<14} {:>6}", "function", "limit");
        for d in &devices {
            let _ = write!(table, " {:>9}", d.trim_start_matches("kauai:"));
        }
        let _ = writeln!(table, "  worst case");
        let mut rows: BTreeMap<usize, Vec<(String, Worst)>> = BTreeMap::new();
        for dname in &devices {
            let t = std::time::Instant::now();
            let device = Device::by_name(dname).expect("device");
            let il = device.mcpu().is_some();
            if ty == Ty::F64 && device.mcpu().is_some_and(|m| !m.fp64) {
                for i in 0..list.len() {
                    rows.entry(i)
                        .or_default()
                        .push(("n/a".into(), Worst::default()));
                }
                continue;
            }
            let count = count_for(dname, ty, full);
            for (i, (f, limit)) in list.iter().enumerate() {
                let count = with_special_pairs(f, ty, count);
                let cell = match run(&device, f, ty, &inps[i], count) {
                    Err(e) => {
                        violations.push(format!("{dname} {} {}: {e}", ty.name(), f.name));
                        ("FAILS".to_string(), Worst::default())
                    }
                    Ok(got) => {
                        let fr = (ty == Ty::F32).then(|| &ftz_refs[i][..count]);
                        let w = judge(f, ty, *limit, &inps[i], &refs[i][..count], &got, il, fr);
                        if w.bad > 0 {
                            violations.push(format!(
                                "{dname} {} {}: {} of {} out of spec, worst {} ulp at {}",
                                ty.name(),
                                f.name,
                                w.bad,
                                w.cases,
                                fmt_err(&w),
                                w.at
                            ));
                        }
                        if *dname == "host:jit" {
                            // The interpreter agrees bit for bit on a prefix.
                            let k = INTERP_INPUTS.min(count);
                            let interp = Device::by_name("host:interp").expect("interp");
                            match run(&interp, f, ty, &inps[i], k) {
                                Ok(g2) if g2[..] == got[..k] => {}
                                Ok(_) => violations.push(format!(
                                    "host:interp {} {}: differs from the JIT",
                                    ty.name(),
                                    f.name
                                )),
                                Err(e) => violations.push(format!(
                                    "host:interp {} {}: {e}",
                                    ty.name(),
                                    f.name
                                )),
                            }
                        }
                        (fmt_err(&w), w)
                    }
                };
                rows.entry(i).or_default().push(cell);
            }
            let _ = writeln!(
                table,
                "  ({dname}: {count} inputs x {} functions in {:.1?})",
                list.len(),
                t.elapsed()
            );
        }
        for (i, cells) in rows {
            let (f, limit) = list[i];
            let _ = write!(table, "{:<14} {:>6}", f.name, fmt_limit(limit));
            let mut worst: Option<(String, &Worst)> = None;
            for (d, (txt, w)) in devices.iter().zip(&cells) {
                let _ = write!(table, " {txt:>9}");
                if w.cases > 0 && worst.as_ref().is_none_or(|(_, b)| w.err > b.err) {
                    worst = Some((d.to_string(), w));
                }
            }
            if let Some((d, w)) = worst {
                if w.err > 0.0 {
                    let _ = write!(table, "  {d}: {}", w.at);
                }
            }
            let _ = writeln!(table);
        }
    }
    println!("{table}\n(total {:.1?})", start.elapsed());
    // The list of known violations: device, type and function (details printed above).
    let mut keys: Vec<String> = violations
        .iter()
        .map(|v| {
            v.split_once(": ")
                .map_or(v.as_str(), |(k, _)| k)
                .to_string()
        })
        .collect();
    keys.sort();
    keys.dedup();
    for v in &violations {
        println!("{v}");
    }
    let path = data_dir().join(known);
    let expected = std::fs::read_to_string(&path).ok();
    let header = "# Out of specification in the default sweep (tests/it/math_sweep.rs), one\n\
                  # `device type function` a line; BLESS=1 rewrites it.\n";
    let actual: String =
        header.to_string() + &keys.iter().map(|k| format!("{k}\n")).collect::<String>();
    if full {
        let known = expected.unwrap_or_default();
        let new: Vec<&String> = keys
            .iter()
            .filter(|k| !known.lines().any(|l| l == k.as_str()))
            .collect();
        assert!(
            new.is_empty(),
            "out of specification, not in known.txt: {new:?}"
        );
        return;
    }
    if let Err(e) = compare_or_bless(&path, expected.as_deref(), &actual, || {
        actual.clone().into_bytes()
    }) {
        panic!("{e}");
    }
}
