//! Operations generated code calls instead of inlining: the ones whose exact result is
//! long to spell in machine code (math functions, directed roundings, `f16`, saturating
//! and high-half integer arithmetic). Each calls `kauai_ir::lanes`, the definition the
//! interpreter runs, so both executors agree to the bit. Lanes travel as `u64` in the
//! interpreter's canonical form; operations travel as their index in the IR's `ALL`
//! tables.

use kauai_ir::lanes;
use kauai_ir::{BinaryOp, ConvOp, FloatCC, MathFn, Rounding, Scalar, UnaryOp};

pub(crate) const UNARY: &str = "kauai_jit_unary";
pub(crate) const BINARY: &str = "kauai_jit_binary";
pub(crate) const CONVERT: &str = "kauai_jit_convert";
pub(crate) const MATH: &str = "kauai_jit_math";
pub(crate) const FCMP: &str = "kauai_jit_fcmp";

pub(crate) fn index<T: PartialEq>(all: &[T], x: T) -> u32 {
    all.iter().position(|y| *y == x).unwrap_or(0) as u32
}

fn sc(i: u32) -> Scalar {
    Scalar::ALL[(i as usize).min(Scalar::ALL.len() - 1)]
}

extern "C" fn unary(op: u32, s: u32, a: u64) -> u64 {
    lanes::unary(UnaryOp::ALL[op as usize % UnaryOp::ALL.len()], sc(s), a)
}

extern "C" fn binary(op: u32, s: u32, a: u64, b: u64) -> u64 {
    lanes::binary(
        BinaryOp::ALL[op as usize % BinaryOp::ALL.len()],
        sc(s),
        a,
        b,
    )
}

/// `how` packs the operation, the two lane types (`0xff`: a pointer), the rounding and
/// the saturation flag: see [`convert_how`].
extern "C" fn convert(how: u64, a: u64) -> u64 {
    let op = ConvOp::ALL[(how & 0xff) as usize % ConvOp::ALL.len()];
    let ty = |b: u64| (b != 0xff).then(|| sc(b as u32));
    let from = ty((how >> 8) & 0xff);
    let to = ty((how >> 16) & 0xff);
    let r = Rounding::ALL[((how >> 24) & 0xff) as usize % Rounding::ALL.len()];
    lanes::convert(op, from, to, r, (how >> 32) & 1 == 1, a)
}

pub(crate) fn convert_how(
    op: ConvOp,
    from: Option<Scalar>,
    to: Option<Scalar>,
    r: Rounding,
    sat: bool,
) -> u64 {
    let ty = |s: Option<Scalar>| s.map_or(0xff, |s| index(&Scalar::ALL, s) as u64);
    index(ConvOp::ALL, op) as u64
        | ty(from) << 8
        | ty(to) << 16
        | (index(Rounding::ALL, r) as u64) << 24
        | (sat as u64) << 32
}

extern "C" fn math(f: u32, s: u32, a: u64, b: u64, c: u64) -> u64 {
    let f = MathFn::ALL[f as usize % MathFn::ALL.len()];
    lanes::math(f, sc(s), &[a, b, c][..f.arity()])
}

extern "C" fn fcmp(cc: u32, s: u32, a: u64, b: u64) -> u32 {
    let cc = FloatCC::ALL[cc as usize % FloatCC::ALL.len()];
    let s = sc(s);
    lanes::fcmp_f64(cc, lanes::to_f64(s, a), lanes::to_f64(s, b)) as u32
}

/// The helpers' symbols for the JIT's linker.
pub(crate) fn symbols() -> Vec<(&'static str, *const u8)> {
    vec![
        (UNARY, unary as *const u8),
        (BINARY, binary as *const u8),
        (CONVERT, convert as *const u8),
        (MATH, math as *const u8),
        (FCMP, fcmp as *const u8),
    ]
}
