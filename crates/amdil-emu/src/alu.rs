//! ALU semantics: per-component float and integer operations, bit fields, comparisons
//! producing all-ones masks, conversions, and 64-bit integer / double operations on the
//! `.xy` pair (low word in x). Results of 64-bit operations are returned as
//! `[lo, hi, lo, hi]` so that a `.xy` or `.zw` destination mask picks the pair.

use kauai_amdil::opcodes::Class;

use crate::FaultKind;

fn f(v: u32) -> f32 {
    f32::from_bits(v)
}

fn fb(v: f32) -> u32 {
    v.to_bits()
}

fn mask(b: bool) -> u32 {
    if b {
        u32::MAX
    } else {
        0
    }
}

fn map1(a: [u32; 4], g: impl Fn(u32) -> u32) -> [u32; 4] {
    [g(a[0]), g(a[1]), g(a[2]), g(a[3])]
}

fn map2(a: [u32; 4], b: [u32; 4], g: impl Fn(u32, u32) -> u32) -> [u32; 4] {
    [g(a[0], b[0]), g(a[1], b[1]), g(a[2], b[2]), g(a[3], b[3])]
}

fn map3(a: [u32; 4], b: [u32; 4], c: [u32; 4], g: impl Fn(u32, u32, u32) -> u32) -> [u32; 4] {
    [
        g(a[0], b[0], c[0]),
        g(a[1], b[1], c[1]),
        g(a[2], b[2], c[2]),
        g(a[3], b[3], c[3]),
    ]
}

fn pair(v: [u32; 4]) -> u64 {
    v[0] as u64 | (v[1] as u64) << 32
}

fn split(v: u64) -> [u32; 4] {
    [v as u32, (v >> 32) as u32, v as u32, (v >> 32) as u32]
}

fn d(v: [u32; 4]) -> f64 {
    f64::from_bits(pair(v))
}

fn dd(v: f64) -> [u32; 4] {
    split(v.to_bits())
}

/// Up to 4 source operands, already swizzled and modified.
pub type Srcs = [[u32; 4]; 4];
/// One instruction's semantics.
pub type AluFn = fn(&Srcs) -> [u32; 4];

/// An arm of [`resolve`]: a non-capturing closure over the sources `a b c e`.
macro_rules! op {
    ($a:ident, $b:ident, $c:ident, $e:ident; $body:expr) => {
        Some(
            (|s: &Srcs| -> [u32; 4] {
                #[allow(unused_variables)]
                let [$a, $b, $c, $e] = *s;
                $body
            }) as AluFn,
        )
    };
}

/// An arm on 64-bit integers: `x`, `y` are the `.xy` pairs of the first two sources.
macro_rules! op64 {
    ($a:ident, $b:ident, $c:ident, $e:ident, $x:ident, $y:ident; $body:expr) => {
        Some(
            (|s: &Srcs| -> [u32; 4] {
                #[allow(unused_variables)]
                let [$a, $b, $c, $e] = *s;
                #[allow(unused_variables)]
                let ($x, $y) = (pair($a), pair($b));
                $body
            }) as AluFn,
        )
    };
}

/// An arm on doubles: `x`, `y` are the first two sources as f64.
macro_rules! opd {
    ($a:ident, $b:ident, $c:ident, $e:ident, $x:ident, $y:ident; $body:expr) => {
        Some(
            (|s: &Srcs| -> [u32; 4] {
                #[allow(unused_variables)]
                let [$a, $b, $c, $e] = *s;
                #[allow(unused_variables)]
                let ($x, $y) = (d($a), d($b));
                $body
            }) as AluFn,
        )
    };
}

fn m64(v: bool) -> [u32; 4] {
    split(if v { u64::MAX } else { 0 })
}

fn dot(a: &[u32; 4], b: &[u32; 4], n: usize) -> u32 {
    let mut acc = 0.0f32;
    for k in 0..n {
        acc += f(a[k]) * f(b[k]);
    }
    fb(acc)
}

fn sext24(v: u32) -> i64 {
    ((v << 8) as i32 >> 8) as i64
}

fn bit_extract(width: u32, offset: u32, src: u32, signed: bool) -> u32 {
    let w = width & 31;
    let o = offset & 31;
    if w == 0 {
        return 0;
    }
    if w + o < 32 {
        if signed {
            (((src << (32 - w - o)) as i32) >> (32 - w)) as u32
        } else {
            (src << (32 - w - o)) >> (32 - w)
        }
    } else if signed {
        ((src as i32) >> o) as u32
    } else {
        src >> o
    }
}

/// f32 to IEEE half bits through the `half` crate, the project's one half-float
/// conversion: round to nearest even, and a NaN becomes a quiet NaN keeping the top
/// payload bits (the same rule as the host device).
pub fn f32_to_f16(x: f32) -> u16 {
    half::f16::from_f32(x).to_bits()
}

/// IEEE half bits to f32 through the `half` crate (exact; a NaN comes back quiet).
pub fn f16_to_f32(h: u16) -> f32 {
    half::f16::from_bits(h).to_f32()
}

/// The semantics of a data-class instruction as a function of its (up to 4) sources, or
/// `None` when the emulator does not implement it.
pub fn resolve(name: &str, class: Class) -> Option<AluFn> {
    match class {
        Class::Float | Class::FloatCmp => match name {
            "add" => op!(a, b, c, e; map2(a, b, |x, y| fb(f(x) + f(y)))),
            "sub" => op!(a, b, c, e; map2(a, b, |x, y| fb(f(x) - f(y)))),
            "mul" => op!(a, b, c, e; map2(a, b, |x, y| fb(f(x) * f(y)))),
            "div" => op!(a, b, c, e; map2(a, b, |x, y| fb(f(x) / f(y)))),
            "min" => op!(a, b, c, e; map2(a, b, |x, y| fb(f(x).min(f(y))))),
            "max" => op!(a, b, c, e; map2(a, b, |x, y| fb(f(x).max(f(y))))),
            "mod" => op!(a, b, c, e; map2(a, b, |x, y| fb(f(x) % f(y)))),
            "mad" => op!(a, b, c, e; map3(a, b, c, |x, y, z| fb(f(x) * f(y) + f(z)))),
            "fma" => op!(a, b, c, e; map3(a, b, c, |x, y, z| fb(f(x).mul_add(f(y), f(z))))),
            "lrp" => {
                op!(a, b, c, e; map3(a, b, c, |x, y, z| fb(f(x) * f(y) + (1.0 - f(x)) * f(z))))
            }
            "frc" => op!(a, b, c, e; map1(a, |x| fb(f(x) - f(x).floor()))),
            "flr" | "round_neginf" => op!(a, b, c, e; map1(a, |x| fb(f(x).floor()))),
            "round_plusinf" => op!(a, b, c, e; map1(a, |x| fb(f(x).ceil()))),
            "rnd" | "round_nearest" => op!(a, b, c, e; map1(a, |x| fb(f(x).round_ties_even()))),
            "trc" | "round_z" => op!(a, b, c, e; map1(a, |x| fb(f(x).trunc()))),
            "abs" => op!(a, b, c, e; map1(a, |x| x & 0x7FFF_FFFF)),
            "sgn" => op!(a, b, c, e; map1(a, |x| {
                let v = f(x);
                fb(if v > 0.0 {
                    1.0
                } else if v < 0.0 {
                    -1.0
                } else {
                    0.0
                })
            })),
            "dp2" => op!(a, b, c, e; [dot(&a, &b, 2); 4]),
            "dp3" => op!(a, b, c, e; [dot(&a, &b, 3); 4]),
            "dp4" => op!(a, b, c, e; [dot(&a, &b, 4); 4]),
            "dp2add" => op!(a, b, c, e; [fb(f(dot(&a, &b, 2)) + f(c[0])); 4]),
            "exp" | "exp_vec" => op!(a, b, c, e; map1(a, |x| fb(f(x).exp2()))),
            "log" | "log_vec" => op!(a, b, c, e; map1(a, |x| fb(f(x).log2()))),
            "sqrt" | "sqrt_vec" => op!(a, b, c, e; map1(a, |x| fb(f(x).sqrt()))),
            "rsq" | "rsq_vec" => op!(a, b, c, e; map1(a, |x| fb(1.0 / f(x).sqrt()))),
            "rcp" | "rcp_vec" => op!(a, b, c, e; map1(a, |x| fb(1.0 / f(x)))),
            "sin" | "sin_vec" => op!(a, b, c, e; map1(a, |x| fb(f(x).sin()))),
            "cos" | "cos_vec" => op!(a, b, c, e; map1(a, |x| fb(f(x).cos()))),
            "eq" => op!(a, b, c, e; map2(a, b, |x, y| mask(f(x) == f(y)))),
            "ne" => op!(a, b, c, e; map2(a, b, |x, y| mask(f(x) != f(y)))),
            "lt" => op!(a, b, c, e; map2(a, b, |x, y| mask(f(x) < f(y)))),
            "ge" => op!(a, b, c, e; map2(a, b, |x, y| mask(f(x) >= f(y)))),
            _ => None,
        },
        Class::Int | Class::IntCmp => match name {
            "iadd" => op!(a, b, c, e; map2(a, b, u32::wrapping_add)),
            "inegate" => op!(a, b, c, e; map1(a, |x| (x as i32).wrapping_neg() as u32)),
            "imul" | "umul" => op!(a, b, c, e; map2(a, b, u32::wrapping_mul)),
            "imul_high" => op!(a, b, c, e; map2(a, b, |x, y| {
                ((x as i32 as i64 * y as i32 as i64) >> 32) as u32
            })),
            "umul_high" => op!(a, b, c, e; map2(a, b, |x, y| ((x as u64 * y as u64) >> 32) as u32)),
            "udiv" => op!(a, b, c, e; map2(a, b, |x, y| x.checked_div(y).unwrap_or(u32::MAX))),
            "umod" => op!(a, b, c, e; map2(a, b, |x, y| x.checked_rem(y).unwrap_or(u32::MAX))),
            "idiv" => op!(a, b, c, e; map2(a, b, |x, y| {
                (x as i32)
                    .checked_div(y as i32)
                    .map(|v| v as u32)
                    .unwrap_or(u32::MAX)
            })),
            "imod" => op!(a, b, c, e; map2(a, b, |x, y| {
                (x as i32)
                    .checked_rem(y as i32)
                    .map(|v| v as u32)
                    .unwrap_or(u32::MAX)
            })),
            "imin" => op!(a, b, c, e; map2(a, b, |x, y| (x as i32).min(y as i32) as u32)),
            "imax" => op!(a, b, c, e; map2(a, b, |x, y| (x as i32).max(y as i32) as u32)),
            "umin" => op!(a, b, c, e; map2(a, b, u32::min)),
            "umax" => op!(a, b, c, e; map2(a, b, u32::max)),
            "imad" | "umad" => {
                op!(a, b, c, e; map3(a, b, c, |x, y, z| x.wrapping_mul(y).wrapping_add(z)))
            }
            "imad24" => {
                op!(a, b, c, e; map3(a, b, c, |x, y, _| (sext24(x) * sext24(y)) as u32).map2_add(c))
            }
            "umad24" => op!(a, b, c, e; map3(a, b, c, |x, y, _| {
                ((x & 0xFF_FFFF) as u64 * (y & 0xFF_FFFF) as u64) as u32
            })
            .map2_add(c)),
            "imul24" => op!(a, b, c, e; map2(a, b, |x, y| (sext24(x) * sext24(y)) as u32)),
            "umul24" => op!(a, b, c, e; map2(a, b, |x, y| {
                ((x & 0xFF_FFFF) as u64 * (y & 0xFF_FFFF) as u64) as u32
            })),
            "imul24_high" => {
                op!(a, b, c, e; map2(a, b, |x, y| ((sext24(x) * sext24(y)) >> 32) as u32))
            }
            "umul24_high" => op!(a, b, c, e; map2(a, b, |x, y| {
                (((x & 0xFF_FFFF) as u64 * (y & 0xFF_FFFF) as u64) >> 32) as u32
            })),
            "ieq" => op!(a, b, c, e; map2(a, b, |x, y| mask(x == y))),
            "ine" => op!(a, b, c, e; map2(a, b, |x, y| mask(x != y))),
            "ilt" => op!(a, b, c, e; map2(a, b, |x, y| mask((x as i32) < (y as i32)))),
            "ige" => op!(a, b, c, e; map2(a, b, |x, y| mask((x as i32) >= (y as i32)))),
            "ult" => op!(a, b, c, e; map2(a, b, |x, y| mask(x < y))),
            "uge" => op!(a, b, c, e; map2(a, b, |x, y| mask(x >= y))),
            _ => None,
        },
        Class::Bit => match name {
            "iand" | "and" => op!(a, b, c, e; map2(a, b, |x, y| x & y)),
            "ior" => op!(a, b, c, e; map2(a, b, |x, y| x | y)),
            "ixor" => op!(a, b, c, e; map2(a, b, |x, y| x ^ y)),
            "inot" => op!(a, b, c, e; map1(a, |x| !x)),
            "ishl" => op!(a, b, c, e; map2(a, b, |x, y| x << (y & 31))),
            "ishr" => op!(a, b, c, e; map2(a, b, |x, y| ((x as i32) >> (y & 31)) as u32)),
            "ushr" => op!(a, b, c, e; map2(a, b, |x, y| x >> (y & 31))),
            "icbits" => op!(a, b, c, e; map1(a, u32::count_ones)),
            "ffb_hi" => {
                op!(a, b, c, e; map1(a, |x| if x == 0 { u32::MAX } else { x.leading_zeros() }))
            }
            "ffb_lo" => {
                op!(a, b, c, e; map1(a, |x| if x == 0 { u32::MAX } else { x.trailing_zeros() }))
            }
            "ffb_shi" => op!(a, b, c, e; map1(a, |x| {
                let v = if (x as i32) < 0 { !x } else { x };
                if v == 0 {
                    u32::MAX
                } else {
                    v.leading_zeros()
                }
            })),
            "ubit_reverse" => op!(a, b, c, e; map1(a, u32::reverse_bits)),
            "ubit_extract" => op!(a, b, c, e; map3(a, b, c, |w, o, x| bit_extract(w, o, x, false))),
            "ibit_extract" => op!(a, b, c, e; map3(a, b, c, |w, o, x| bit_extract(w, o, x, true))),
            "ubit_insert" => op!(a, b, c, e; {
                let mut r = [0u32; 4];
                for k in 0..4 {
                    let w = a[k] & 31;
                    let o = b[k] & 31;
                    let m = (((1u64 << w) - 1) << o) as u32;
                    r[k] = ((c[k] << o) & m) | (e[k] & !m);
                }
                r
            }),
            "bfi" => op!(a, b, c, e; map3(a, b, c, |m, x, y| (x & m) | (y & !m))),
            "bfm" => {
                op!(a, b, c, e; map2(a, b, |w, o| (((1u64 << (w & 31)) - 1) << (o & 31)) as u32))
            }
            "bitalign" => op!(a, b, c, e; map3(a, b, c, |x, y, s| {
                ((((x as u64) << 32) | y as u64) >> (s & 31)) as u32
            })),
            "bytealign" => op!(a, b, c, e; map3(a, b, c, |x, y, s| {
                ((((x as u64) << 32) | y as u64) >> ((s & 3) * 8)) as u32
            })),
            _ => None,
        },
        Class::Int64 => match name {
            "i64add" => op64!(a, b, c, e, x, y; split(x.wrapping_add(y))),
            "i64sub" => op64!(a, b, c, e, x, y; split(x.wrapping_sub(y))),
            "i64negate" => op64!(a, b, c, e, x, y; split((x as i64).wrapping_neg() as u64)),
            "i64mul" | "u64mul" => op64!(a, b, c, e, x, y; split(x.wrapping_mul(y))),
            "u64div" => op64!(a, b, c, e, x, y; split(x.checked_div(y).unwrap_or(u64::MAX))),
            "u64mod" => op64!(a, b, c, e, x, y; split(x.checked_rem(y).unwrap_or(u64::MAX))),
            "i64div" => op64!(a, b, c, e, x, y; split(
                (x as i64)
                    .checked_div(y as i64)
                    .map(|v| v as u64)
                    .unwrap_or(u64::MAX),
            )),
            "i64mod" => op64!(a, b, c, e, x, y; split(
                (x as i64)
                    .checked_rem(y as i64)
                    .map(|v| v as u64)
                    .unwrap_or(u64::MAX),
            )),
            "i64shl" => op64!(a, b, c, e, x, y; split(x << (b[0] & 63))),
            "i64shr" => op64!(a, b, c, e, x, y; split(((x as i64) >> (b[0] & 63)) as u64)),
            "u64shr" => op64!(a, b, c, e, x, y; split(x >> (b[0] & 63))),
            "i64eq" => op64!(a, b, c, e, x, y; m64(x == y)),
            "i64ne" => op64!(a, b, c, e, x, y; m64(x != y)),
            "i64lt" => op64!(a, b, c, e, x, y; m64((x as i64) < (y as i64))),
            "i64ge" => op64!(a, b, c, e, x, y; m64((x as i64) >= (y as i64))),
            "u64lt" => op64!(a, b, c, e, x, y; m64(x < y)),
            "u64ge" => op64!(a, b, c, e, x, y; m64(x >= y)),
            "i64min" => op64!(a, b, c, e, x, y; split((x as i64).min(y as i64) as u64)),
            "i64max" => op64!(a, b, c, e, x, y; split((x as i64).max(y as i64) as u64)),
            "u64min" => op64!(a, b, c, e, x, y; split(x.min(y))),
            "u64max" => op64!(a, b, c, e, x, y; split(x.max(y))),
            _ => None,
        },
        Class::Double => match name {
            "dadd" => opd!(a, b, c, e, x, y; dd(x + y)),
            "dmul" => opd!(a, b, c, e, x, y; dd(x * y)),
            "ddiv" => opd!(a, b, c, e, x, y; dd(x / y)),
            "dmin" => opd!(a, b, c, e, x, y; dd(x.min(y))),
            "dmax" => opd!(a, b, c, e, x, y; dd(x.max(y))),
            "dmad" => opd!(a, b, c, e, x, y; dd(x * y + d(c))),
            "dfma" => opd!(a, b, c, e, x, y; dd(x.mul_add(y, d(c)))),
            "dldexp" => opd!(a, b, c, e, x, y; {
                let k = (b[0] as i32).clamp(-2200, 2200);
                dd(x * 2f64.powi(k))
            }),
            "deq" => opd!(a, b, c, e, x, y; [mask(x == y); 4]),
            "dne" => opd!(a, b, c, e, x, y; [mask(x != y); 4]),
            "dlt" => opd!(a, b, c, e, x, y; [mask(x < y); 4]),
            "dge" => opd!(a, b, c, e, x, y; [mask(x >= y); 4]),
            "dfrac" => opd!(a, b, c, e, x, y; dd(x - x.floor())),
            "dsqrt" => opd!(a, b, c, e, x, y; dd(x.sqrt())),
            "drcp" => opd!(a, b, c, e, x, y; dd(1.0 / x)),
            "drsq" => opd!(a, b, c, e, x, y; dd(1.0 / x.sqrt())),
            "dabs" => opd!(a, b, c, e, x, y; dd(x.abs())),
            _ => None,
        },
        Class::Convert => match name {
            "ftoi" => op!(a, b, c, e; map1(a, |x| f(x) as i32 as u32)),
            "ftou" => op!(a, b, c, e; map1(a, |x| f(x) as u32)),
            "itof" => op!(a, b, c, e; map1(a, |x| fb(x as i32 as f32))),
            "utof" => op!(a, b, c, e; map1(a, |x| fb(x as f32))),
            "f2d" => op!(a, b, c, e; dd(f(a[0]) as f64)),
            "d2f" => op!(a, b, c, e; [fb(d(a) as f32); 4]),
            "d2i" => op!(a, b, c, e; [d(a) as i32 as u32; 4]),
            "d2u" => op!(a, b, c, e; [d(a) as u32; 4]),
            "i2d" => op!(a, b, c, e; dd(a[0] as i32 as f64)),
            "u2d" => op!(a, b, c, e; dd(a[0] as f64)),
            "f2f16" => op!(a, b, c, e; map1(a, |x| f32_to_f16(f(x)) as u32)),
            "f162f" => op!(a, b, c, e; map1(a, |x| fb(f16_to_f32(x as u16)))),
            _ => None,
        },
        Class::Move => match name {
            "mov" | "dmov" => op!(a, b, c, e; a),
            "cmov_logical" => op!(a, b, c, e; map3(a, b, c, |k, x, y| if k != 0 { x } else { y })),
            _ => None,
        },
        _ => None,
    }
}

/// Evaluate a data-class instruction on up to 4 sources (resolving it first; the
/// emulator resolves once per instruction at load time instead).
pub fn eval(name: &str, class: Class, s: &Srcs) -> Result<[u32; 4], FaultKind> {
    resolve(name, class)
        .map(|f| f(s))
        .ok_or_else(|| FaultKind::Unsupported(format!("instruction `{name}`")))
}

trait AddLanes {
    fn map2_add(self, c: [u32; 4]) -> [u32; 4];
}

impl AddLanes for [u32; 4] {
    fn map2_add(self, c: [u32; 4]) -> [u32; 4] {
        map2(self, c, u32::wrapping_add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_conversions_round_trip_exact_values() {
        for v in [0.0f32, 1.0, -2.5, 65504.0, 0.000_061_035_156, 0.5] {
            assert_eq!(f16_to_f32(f32_to_f16(v)), v, "{v}");
        }
        assert_eq!(f32_to_f16(1.0), 0x3C00);
        assert_eq!(f32_to_f16(1e6), 0x7C00);
        assert_eq!(f16_to_f32(0x0001), 2f32.powi(-24));
    }

    #[test]
    fn a_nan_becomes_a_quiet_nan_keeping_its_top_payload_bits() {
        // Half: sign 1, exponent 5, mantissa 10 (quiet bit 0x200); float: 1, 8, 23 (quiet
        // bit 0x40_0000). Expected patterns are built from those fields by hand.
        // Signalling half NaN with payload 1 -> quiet float NaN, payload shifted up 13.
        assert_eq!(
            f16_to_f32(0x7C01).to_bits(),
            0x7F80_0000 | 0x40_0000 | (1 << 13)
        );
        assert_eq!(
            f16_to_f32(0xFD55).to_bits(),
            0xFF80_0000 | 0x40_0000 | (0x155 << 13)
        );
        // Signalling float NaN whose payload has only low bits -> the bare quiet half NaN.
        assert_eq!(f32_to_f16(f32::from_bits(0x7F80_0001)), 0x7C00 | 0x200);
        // The top 10 payload bits survive: 0x20_0000 is mantissa bit 21 -> half bit 8.
        assert_eq!(
            f32_to_f16(f32::from_bits(0x7FA0_0000)),
            0x7C00 | 0x200 | 0x100
        );
        assert_eq!(f32_to_f16(f32::from_bits(0xFFC0_0000)), 0xFE00);
        // Infinities stay infinities, not NaNs.
        assert_eq!(f32_to_f16(f32::NEG_INFINITY), 0xFC00);
        assert_eq!(f16_to_f32(0x7C00), f32::INFINITY);
    }

    #[test]
    fn bit_extract_matches_the_definition() {
        assert_eq!(bit_extract(8, 4, 0xABCD, false), 0xBC);
        assert_eq!(bit_extract(4, 4, 0xF0, true), 0xFFFF_FFFF);
        assert_eq!(bit_extract(0, 4, 0xF0, false), 0);
        assert_eq!(bit_extract(8, 28, 0xF000_0000, false), 0xF);
    }
}
