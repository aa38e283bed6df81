//! ALU semantics: per-component float and integer operations, bit fields, comparisons
//! producing all-ones masks, conversions, and 64-bit integer / double operations on the
//! `.xy` pair (low word in x). Results of 64-bit operations are returned as
//! `[lo, hi, lo, hi]` so that a `.xy` or `.zw` destination mask picks the pair.

use kauai_amdil::opcodes::Opcode;

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
pub fn resolve(op: Opcode) -> Option<AluFn> {
    use Opcode::*;
    match op {
        Add => op!(a, b, c, e; map2(a, b, |x, y| fb(f(x) + f(y)))),
        Sub => op!(a, b, c, e; map2(a, b, |x, y| fb(f(x) - f(y)))),
        Mul => op!(a, b, c, e; map2(a, b, |x, y| fb(f(x) * f(y)))),
        Div => op!(a, b, c, e; map2(a, b, |x, y| fb(f(x) / f(y)))),
        Min => op!(a, b, c, e; map2(a, b, |x, y| fb(f(x).min(f(y))))),
        Max => op!(a, b, c, e; map2(a, b, |x, y| fb(f(x).max(f(y))))),
        Mod => op!(a, b, c, e; map2(a, b, |x, y| fb(f(x) % f(y)))),
        Mad => op!(a, b, c, e; map3(a, b, c, |x, y, z| fb(f(x) * f(y) + f(z)))),
        Fma => op!(a, b, c, e; map3(a, b, c, |x, y, z| fb(f(x).mul_add(f(y), f(z))))),
        Lrp => {
            op!(a, b, c, e; map3(a, b, c, |x, y, z| fb(f(x) * f(y) + (1.0 - f(x)) * f(z))))
        }
        Frc => op!(a, b, c, e; map1(a, |x| fb(f(x) - f(x).floor()))),
        Flr | RoundNeginf => op!(a, b, c, e; map1(a, |x| fb(f(x).floor()))),
        RoundPlusinf => op!(a, b, c, e; map1(a, |x| fb(f(x).ceil()))),
        Rnd | RoundNearest => op!(a, b, c, e; map1(a, |x| fb(f(x).round_ties_even()))),
        Trc | RoundZ => op!(a, b, c, e; map1(a, |x| fb(f(x).trunc()))),
        Abs => op!(a, b, c, e; map1(a, |x| x & 0x7FFF_FFFF)),
        Sgn => op!(a, b, c, e; map1(a, |x| {
            let v = f(x);
            fb(if v > 0.0 {
                1.0
            } else if v < 0.0 {
                -1.0
            } else {
                0.0
            })
        })),
        Dp2 => op!(a, b, c, e; [dot(&a, &b, 2); 4]),
        Dp3 => op!(a, b, c, e; [dot(&a, &b, 3); 4]),
        Dp4 => op!(a, b, c, e; [dot(&a, &b, 4); 4]),
        Dp2add => op!(a, b, c, e; [fb(f(dot(&a, &b, 2)) + f(c[0])); 4]),
        Exp | ExpVec => op!(a, b, c, e; map1(a, |x| fb(f(x).exp2()))),
        Log | LogVec => op!(a, b, c, e; map1(a, |x| fb(f(x).log2()))),
        Sqrt | SqrtVec => op!(a, b, c, e; map1(a, |x| fb(f(x).sqrt()))),
        Rsq | RsqVec => op!(a, b, c, e; map1(a, |x| fb(1.0 / f(x).sqrt()))),
        Rcp | RcpVec => op!(a, b, c, e; map1(a, |x| fb(1.0 / f(x)))),
        Sin | SinVec => op!(a, b, c, e; map1(a, |x| fb(f(x).sin()))),
        Cos | CosVec => op!(a, b, c, e; map1(a, |x| fb(f(x).cos()))),
        Eq => op!(a, b, c, e; map2(a, b, |x, y| mask(f(x) == f(y)))),
        Ne => op!(a, b, c, e; map2(a, b, |x, y| mask(f(x) != f(y)))),
        Lt => op!(a, b, c, e; map2(a, b, |x, y| mask(f(x) < f(y)))),
        Ge => op!(a, b, c, e; map2(a, b, |x, y| mask(f(x) >= f(y)))),
        Iadd => op!(a, b, c, e; map2(a, b, u32::wrapping_add)),
        Inegate => op!(a, b, c, e; map1(a, |x| (x as i32).wrapping_neg() as u32)),
        Imul | Umul => op!(a, b, c, e; map2(a, b, u32::wrapping_mul)),
        ImulHigh => op!(a, b, c, e; map2(a, b, |x, y| {
            ((x as i32 as i64 * y as i32 as i64) >> 32) as u32
        })),
        UmulHigh => op!(a, b, c, e; map2(a, b, |x, y| ((x as u64 * y as u64) >> 32) as u32)),
        Udiv => op!(a, b, c, e; map2(a, b, |x, y| x.checked_div(y).unwrap_or(u32::MAX))),
        Umod => op!(a, b, c, e; map2(a, b, |x, y| x.checked_rem(y).unwrap_or(u32::MAX))),
        Idiv => op!(a, b, c, e; map2(a, b, |x, y| {
            (x as i32)
                .checked_div(y as i32)
                .map(|v| v as u32)
                .unwrap_or(u32::MAX)
        })),
        Imod => op!(a, b, c, e; map2(a, b, |x, y| {
            (x as i32)
                .checked_rem(y as i32)
                .map(|v| v as u32)
                .unwrap_or(u32::MAX)
        })),
        Imin => op!(a, b, c, e; map2(a, b, |x, y| (x as i32).min(y as i32) as u32)),
        Imax => op!(a, b, c, e; map2(a, b, |x, y| (x as i32).max(y as i32) as u32)),
        Umin => op!(a, b, c, e; map2(a, b, u32::min)),
        Umax => op!(a, b, c, e; map2(a, b, u32::max)),
        Imad | Umad => {
            op!(a, b, c, e; map3(a, b, c, |x, y, z| x.wrapping_mul(y).wrapping_add(z)))
        }
        Imad24 => {
            op!(a, b, c, e; map3(a, b, c, |x, y, _| (sext24(x) * sext24(y)) as u32).map2_add(c))
        }
        Umad24 => op!(a, b, c, e; map3(a, b, c, |x, y, _| {
            ((x & 0xFF_FFFF) as u64 * (y & 0xFF_FFFF) as u64) as u32
        })
        .map2_add(c)),
        Imul24 => op!(a, b, c, e; map2(a, b, |x, y| (sext24(x) * sext24(y)) as u32)),
        Umul24 => op!(a, b, c, e; map2(a, b, |x, y| {
            ((x & 0xFF_FFFF) as u64 * (y & 0xFF_FFFF) as u64) as u32
        })),
        Imul24High => {
            op!(a, b, c, e; map2(a, b, |x, y| ((sext24(x) * sext24(y)) >> 32) as u32))
        }
        Umul24High => op!(a, b, c, e; map2(a, b, |x, y| {
            (((x & 0xFF_FFFF) as u64 * (y & 0xFF_FFFF) as u64) >> 32) as u32
        })),
        Ieq => op!(a, b, c, e; map2(a, b, |x, y| mask(x == y))),
        Ine => op!(a, b, c, e; map2(a, b, |x, y| mask(x != y))),
        Ilt => op!(a, b, c, e; map2(a, b, |x, y| mask((x as i32) < (y as i32)))),
        Ige => op!(a, b, c, e; map2(a, b, |x, y| mask((x as i32) >= (y as i32)))),
        Ult => op!(a, b, c, e; map2(a, b, |x, y| mask(x < y))),
        Uge => op!(a, b, c, e; map2(a, b, |x, y| mask(x >= y))),
        Iand | And => op!(a, b, c, e; map2(a, b, |x, y| x & y)),
        Ior => op!(a, b, c, e; map2(a, b, |x, y| x | y)),
        Ixor => op!(a, b, c, e; map2(a, b, |x, y| x ^ y)),
        Inot => op!(a, b, c, e; map1(a, |x| !x)),
        Ishl => op!(a, b, c, e; map2(a, b, |x, y| x << (y & 31))),
        Ishr => op!(a, b, c, e; map2(a, b, |x, y| ((x as i32) >> (y & 31)) as u32)),
        Ushr => op!(a, b, c, e; map2(a, b, |x, y| x >> (y & 31))),
        Icbits => op!(a, b, c, e; map1(a, u32::count_ones)),
        FfbHi => {
            op!(a, b, c, e; map1(a, |x| if x == 0 { u32::MAX } else { x.leading_zeros() }))
        }
        FfbLo => {
            op!(a, b, c, e; map1(a, |x| if x == 0 { u32::MAX } else { x.trailing_zeros() }))
        }
        FfbShi => op!(a, b, c, e; map1(a, |x| {
            let v = if (x as i32) < 0 { !x } else { x };
            if v == 0 {
                u32::MAX
            } else {
                v.leading_zeros()
            }
        })),
        UbitReverse => op!(a, b, c, e; map1(a, u32::reverse_bits)),
        UbitExtract => op!(a, b, c, e; map3(a, b, c, |w, o, x| bit_extract(w, o, x, false))),
        IbitExtract => op!(a, b, c, e; map3(a, b, c, |w, o, x| bit_extract(w, o, x, true))),
        UbitInsert => op!(a, b, c, e; {
            let mut r = [0u32; 4];
            for k in 0..4 {
                let w = a[k] & 31;
                let o = b[k] & 31;
                let m = (((1u64 << w) - 1) << o) as u32;
                r[k] = ((c[k] << o) & m) | (e[k] & !m);
            }
            r
        }),
        Bfi => op!(a, b, c, e; map3(a, b, c, |m, x, y| (x & m) | (y & !m))),
        Bfm => {
            op!(a, b, c, e; map2(a, b, |w, o| (((1u64 << (w & 31)) - 1) << (o & 31)) as u32))
        }
        Bitalign => op!(a, b, c, e; map3(a, b, c, |x, y, s| {
            ((((x as u64) << 32) | y as u64) >> (s & 31)) as u32
        })),
        Bytealign => op!(a, b, c, e; map3(a, b, c, |x, y, s| {
            ((((x as u64) << 32) | y as u64) >> ((s & 3) * 8)) as u32
        })),
        I64add => op64!(a, b, c, e, x, y; split(x.wrapping_add(y))),
        I64sub => op64!(a, b, c, e, x, y; split(x.wrapping_sub(y))),
        I64negate => op64!(a, b, c, e, x, y; split((x as i64).wrapping_neg() as u64)),
        I64mul | U64mul => op64!(a, b, c, e, x, y; split(x.wrapping_mul(y))),
        U64div => op64!(a, b, c, e, x, y; split(x.checked_div(y).unwrap_or(u64::MAX))),
        U64mod => op64!(a, b, c, e, x, y; split(x.checked_rem(y).unwrap_or(u64::MAX))),
        I64div => op64!(a, b, c, e, x, y; split(
            (x as i64)
                .checked_div(y as i64)
                .map(|v| v as u64)
                .unwrap_or(u64::MAX),
        )),
        I64mod => op64!(a, b, c, e, x, y; split(
            (x as i64)
                .checked_rem(y as i64)
                .map(|v| v as u64)
                .unwrap_or(u64::MAX),
        )),
        I64shl => op64!(a, b, c, e, x, y; split(x << (b[0] & 63))),
        I64shr => op64!(a, b, c, e, x, y; split(((x as i64) >> (b[0] & 63)) as u64)),
        U64shr => op64!(a, b, c, e, x, y; split(x >> (b[0] & 63))),
        I64eq => op64!(a, b, c, e, x, y; m64(x == y)),
        I64ne => op64!(a, b, c, e, x, y; m64(x != y)),
        I64lt => op64!(a, b, c, e, x, y; m64((x as i64) < (y as i64))),
        I64ge => op64!(a, b, c, e, x, y; m64((x as i64) >= (y as i64))),
        U64lt => op64!(a, b, c, e, x, y; m64(x < y)),
        U64ge => op64!(a, b, c, e, x, y; m64(x >= y)),
        I64min => op64!(a, b, c, e, x, y; split((x as i64).min(y as i64) as u64)),
        I64max => op64!(a, b, c, e, x, y; split((x as i64).max(y as i64) as u64)),
        U64min => op64!(a, b, c, e, x, y; split(x.min(y))),
        U64max => op64!(a, b, c, e, x, y; split(x.max(y))),
        Dadd => opd!(a, b, c, e, x, y; dd(x + y)),
        Dmul => opd!(a, b, c, e, x, y; dd(x * y)),
        Ddiv => opd!(a, b, c, e, x, y; dd(x / y)),
        Dmin => opd!(a, b, c, e, x, y; dd(x.min(y))),
        Dmax => opd!(a, b, c, e, x, y; dd(x.max(y))),
        Dmad => opd!(a, b, c, e, x, y; dd(x * y + d(c))),
        Dfma => opd!(a, b, c, e, x, y; dd(x.mul_add(y, d(c)))),
        Dldexp => opd!(a, b, c, e, x, y; {
            let k = (b[0] as i32).clamp(-2200, 2200);
            dd(x * 2f64.powi(k))
        }),
        Deq => opd!(a, b, c, e, x, y; [mask(x == y); 4]),
        Dne => opd!(a, b, c, e, x, y; [mask(x != y); 4]),
        Dlt => opd!(a, b, c, e, x, y; [mask(x < y); 4]),
        Dge => opd!(a, b, c, e, x, y; [mask(x >= y); 4]),
        Dfrac => opd!(a, b, c, e, x, y; dd(x - x.floor())),
        Dsqrt => opd!(a, b, c, e, x, y; dd(x.sqrt())),
        Drcp => opd!(a, b, c, e, x, y; dd(1.0 / x)),
        Drsq => opd!(a, b, c, e, x, y; dd(1.0 / x.sqrt())),
        Dabs => opd!(a, b, c, e, x, y; dd(x.abs())),
        Ftoi => op!(a, b, c, e; map1(a, |x| f(x) as i32 as u32)),
        Ftou => op!(a, b, c, e; map1(a, |x| f(x) as u32)),
        Itof => op!(a, b, c, e; map1(a, |x| fb(x as i32 as f32))),
        Utof => op!(a, b, c, e; map1(a, |x| fb(x as f32))),
        F2d => op!(a, b, c, e; dd(f(a[0]) as f64)),
        D2f => op!(a, b, c, e; [fb(d(a) as f32); 4]),
        D2i => op!(a, b, c, e; [d(a) as i32 as u32; 4]),
        D2u => op!(a, b, c, e; [d(a) as u32; 4]),
        I2d => op!(a, b, c, e; dd(a[0] as i32 as f64)),
        U2d => op!(a, b, c, e; dd(a[0] as f64)),
        F2f16 => op!(a, b, c, e; map1(a, |x| f32_to_f16(f(x)) as u32)),
        F162f => op!(a, b, c, e; map1(a, |x| fb(f16_to_f32(x as u16)))),
        Mov | Dmov => op!(a, b, c, e; a),
        CmovLogical => op!(a, b, c, e; map3(a, b, c, |k, x, y| if k != 0 { x } else { y })),
        _ => None,
    }
}

/// Evaluate a data-class instruction on up to 4 sources (resolving it first; the
/// emulator resolves once per instruction at load time instead).
pub fn eval(op: Opcode, s: &Srcs) -> Result<[u32; 4], FaultKind> {
    resolve(op)
        .map(|f| f(s))
        .ok_or_else(|| FaultKind::Unsupported(format!("instruction `{op}`")))
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
