//! `constfold`: evaluate instructions whose operands are all constants.
//!
//! Results must be exactly what the executors compute at run time, so folding is only
//! done where the answer is fully defined:
//! - integers wrap at their width (shift amounts are taken modulo the width, as OpenCL
//!   says); division by zero and `INT_MIN / -1` are left for run time;
//! - `f32` arithmetic is done in `f32` and `f64` in `f64` (IEEE round to nearest even);
//!   an operation with a NaN operand or result is not folded (NaN payloads differ
//!   between devices), nor are `fmin`/`fmax` of two zeros (the sign is unspecified),
//!   `f16` values, or the math library (only `fma`, which is exactly rounded);
//! - conversions fold when the rounding mode is the default or the result is exact;
//!   float→int out of range folds only with `sat`.
//!
//! Integer identities that hold whatever the other operand is are used too (`x + 0`,
//! `x * 1`, `x * 0`, `x & -1`, `x - x`, `x == x`, shifts by 0, `ptradd p, 0`); float
//! ones are not (`x + 0.0` is not `x` for `x = -0.0`).
//!
//! A `brif` or `switch` on a constant becomes a `jump`; a `select` with a constant
//! condition (or equal arms) is replaced by the chosen operand. Folded instructions
//! become `const` instructions in place, so value numbers stay as they were; `dce`
//! removes whatever becomes unused.
//!
//! Folded integers are stored sign-extended from their width (`i1` as 0 or 1), so the
//! text form shows their signed value.

use kauai_ir::lanes;
use kauai_ir::{
    BinaryOp, Body, Const, ConstScalar, ConvOp, FloatCC, InstKind, IntCC, MathFn, Module, Rounding,
    Scalar, Type, UnaryOp, Value,
};

use crate::util::ValueMap;

pub fn run(m: &mut Module) {
    for (_, f) in m.functions.iter_mut() {
        if let Some(body) = &mut f.body {
            fold_body(body);
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq)]
enum Lane {
    /// Integer bits, masked to the width.
    I(u64),
    /// A float exactly representable in the element type.
    F(f64),
}

/// A constant of a scalar or fixed vector type.
#[derive(Clone, Debug, PartialEq)]
struct CVal {
    elem: Scalar,
    lanes: Vec<Lane>,
}

fn mask(bits: u32, x: u64) -> u64 {
    if bits >= 64 {
        x
    } else {
        x & ((1u64 << bits) - 1)
    }
}

fn sext(bits: u32, x: u64) -> i64 {
    if bits >= 64 {
        x as i64
    } else {
        let s = 64 - bits;
        ((x << s) as i64) >> s
    }
}

fn round_to(elem: Scalar, x: f64) -> f64 {
    match elem {
        Scalar::F32 => (x as f32) as f64,
        _ => x,
    }
}

fn read_const(c: &Const, ty: Type) -> Option<CVal> {
    let elem = ty.elem()?;
    if elem == Scalar::F16 || matches!(ty, Type::Vector { scalable: true, .. }) {
        return None;
    }
    let lane = |s: &ConstScalar| -> Option<Lane> {
        match (s, elem.is_float()) {
            (ConstScalar::Int(x), false) => Some(Lane::I(mask(elem.bits(), *x))),
            (ConstScalar::Float(x), true) => Some(Lane::F(round_to(elem, *x))),
            _ => None,
        }
    };
    let lanes = match c {
        Const::Scalar(s) if !ty.is_vector() => vec![lane(s)?],
        Const::Vector(l) if ty.is_vector() && l.len() as u32 == ty.lanes() => {
            l.iter().map(lane).collect::<Option<Vec<_>>>()?
        }
        Const::Zero => {
            let z = if elem.is_float() {
                Lane::F(0.0)
            } else {
                Lane::I(0)
            };
            vec![z; ty.lanes() as usize]
        }
        _ => return None,
    };
    Some(CVal { elem, lanes })
}

fn write_lane(elem: Scalar, l: Lane) -> ConstScalar {
    match l {
        Lane::I(x) if elem == Scalar::I1 => ConstScalar::Int(x & 1),
        Lane::I(x) => ConstScalar::Int(sext(elem.bits(), x) as u64),
        Lane::F(x) => ConstScalar::Float(x),
    }
}

fn write_const(c: &CVal, ty: Type) -> Const {
    if ty.is_vector() {
        Const::Vector(c.lanes.iter().map(|l| write_lane(c.elem, *l)).collect())
    } else {
        match c.lanes.first() {
            Some(l) => Const::Scalar(write_lane(c.elem, *l)),
            None => Const::Undef,
        }
    }
}

enum Folded {
    Const(CVal),
    Alias(Value),
    Jump(kauai_ir::BlockCall),
    /// The instruction becomes another one with the same result type.
    Rewrite(InstKind),
}

fn fold_body(body: &mut Body) {
    let mut map = ValueMap::new();
    for b in body.reverse_post_order() {
        for k in 0..body.blocks[b].insts.len() {
            let i = body.blocks[b].insts[k];
            let rty = body.insts[i].result.map(|r| body.value_type(r));
            let mut kind = body.insts[i].kind.clone();
            kind.map_operands(|v| map.resolve(v));
            let konst = |v: Value| -> Option<CVal> {
                let d = body.value_inst(v)?;
                match &body.insts[d].kind {
                    InstKind::Const(c) => read_const(c, body.value_type(v)),
                    _ => None,
                }
            };
            let ty = |v: Value| body.value_type(v);
            let folded = fold(&kind, rty.unwrap_or(Type::Void), &konst, &ty)
                .or_else(|| bool_compare(body, &map, &kind));
            match folded {
                Some(Folded::Const(c)) => {
                    if let Some(rt) = rty {
                        body.insts[i].kind = InstKind::Const(write_const(&c, rt));
                    }
                }
                Some(Folded::Alias(v)) => {
                    if let Some(r) = body.insts[i].result {
                        map.insert(r, v);
                    }
                }
                Some(Folded::Jump(bc)) => body.insts[i].kind = InstKind::Jump(bc),
                Some(Folded::Rewrite(k)) => body.insts[i].kind = k,
                None => {}
            }
        }
    }
    map.apply(body);
}

/// Booleans widened only to be compared, as the front end writes `(a > b) == flag`
/// for a `bool flag`: `zext(x) != 0` is `x`, and `zext(x) == zext(y)` (or `!=`) compares
/// the booleans themselves. Vector executors keep booleans as lane masks, which
/// the widened forms would leave.
fn bool_compare(body: &Body, map: &ValueMap, kind: &InstKind) -> Option<Folded> {
    let InstKind::Icmp(cc @ (IntCC::Eq | IntCC::Ne), a, b) = *kind else {
        return None;
    };
    let widened_bool = |v: Value| -> Option<Value> {
        let d = body.value_inst(v)?;
        match body.insts[d].kind {
            InstKind::Convert {
                op: ConvOp::Zext,
                arg,
                ..
            } => {
                let arg = map.resolve(arg);
                (body.value_type(arg) == Type::Scalar(Scalar::I1)).then_some(arg)
            }
            _ => None,
        }
    };
    let is_zero = |v: Value| -> bool {
        body.value_inst(v)
            .is_some_and(|d| match &body.insts[d].kind {
                InstKind::Const(c) => read_const(c, body.value_type(v))
                    .is_some_and(|c| c.lanes.iter().all(|l| *l == Lane::I(0))),
                _ => false,
            })
    };
    let (x, y) = (widened_bool(a)?, b);
    if cc == IntCC::Ne && is_zero(y) {
        return Some(Folded::Alias(x));
    }
    let y = widened_bool(y)?;
    Some(Folded::Rewrite(InstKind::Icmp(cc, x, y)))
}

fn is_nan(l: &Lane) -> bool {
    matches!(l, Lane::F(x) if x.is_nan())
}

fn fold(
    kind: &InstKind,
    rty: Type,
    konst: &dyn Fn(Value) -> Option<CVal>,
    ty: &dyn Fn(Value) -> Type,
) -> Option<Folded> {
    if matches!(rty, Type::Vector { scalable: true, .. }) {
        // Lane counts of scalable vectors are only known at run time.
        return None;
    }
    let relem = rty.elem();
    match kind {
        InstKind::Unary(op, a) => {
            let a = konst(*a)?;
            let elem = a.elem;
            let lanes = a
                .lanes
                .iter()
                .map(|l| unary(*op, elem, *l))
                .collect::<Option<Vec<_>>>()?;
            Some(Folded::Const(CVal { elem, lanes }))
        }
        InstKind::Binary(op, va, vb) => {
            let (Some(a), Some(b)) = (konst(*va), konst(*vb)) else {
                return int_identity(*op, *va, *vb, rty, konst);
            };
            let elem = a.elem;
            let lanes = a
                .lanes
                .iter()
                .zip(&b.lanes)
                .map(|(x, y)| binary(*op, elem, *x, *y))
                .collect::<Option<Vec<_>>>()?;
            Some(Folded::Const(CVal { elem, lanes }))
        }
        InstKind::PtrAdd(p, off) => match konst(*off)?.lanes.first()? {
            Lane::I(0) => Some(Folded::Alias(*p)),
            _ => None,
        },
        InstKind::Icmp(cc, a, b) if a == b && rty.is_int() => {
            // Integer comparisons of a value with itself are decided by the condition.
            let r = matches!(
                cc,
                IntCC::Eq | IntCC::Sle | IntCC::Sge | IntCC::Ule | IntCC::Uge
            );
            Some(Folded::Const(CVal {
                elem: Scalar::I1,
                lanes: vec![Lane::I(r as u64); rty.lanes() as usize],
            }))
        }
        InstKind::Icmp(cc, a, b) => {
            let (a, b) = (konst(*a)?, konst(*b)?);
            let w = a.elem.bits();
            let lanes = a
                .lanes
                .iter()
                .zip(&b.lanes)
                .map(|(x, y)| match (x, y) {
                    (Lane::I(x), Lane::I(y)) => Some(Lane::I(icmp(*cc, w, *x, *y) as u64)),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Folded::Const(CVal {
                elem: Scalar::I1,
                lanes,
            }))
        }
        InstKind::Fcmp(cc, a, b) => {
            let (a, b) = (konst(*a)?, konst(*b)?);
            let lanes = a
                .lanes
                .iter()
                .zip(&b.lanes)
                .map(|(x, y)| match (x, y) {
                    (Lane::F(x), Lane::F(y)) => Some(Lane::I(fcmp(*cc, *x, *y) as u64)),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Folded::Const(CVal {
                elem: Scalar::I1,
                lanes,
            }))
        }
        InstKind::Select(c, a, b) => {
            if a == b {
                return Some(Folded::Alias(*a));
            }
            let cv = konst(*c)?;
            if !ty(*c).is_vector() {
                return match cv.lanes.first()? {
                    Lane::I(x) => Some(Folded::Alias(if *x & 1 == 1 { *a } else { *b })),
                    Lane::F(_) => None,
                };
            }
            let (av, bv) = (konst(*a)?, konst(*b)?);
            let lanes = cv
                .lanes
                .iter()
                .zip(av.lanes.iter().zip(&bv.lanes))
                .map(|(c, (x, y))| match c {
                    Lane::I(c) => Some(if c & 1 == 1 { *x } else { *y }),
                    Lane::F(_) => None,
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Folded::Const(CVal {
                elem: av.elem,
                lanes,
            }))
        }
        InstKind::Convert {
            op,
            arg,
            rounding,
            saturate,
        } => {
            let a = konst(*arg)?;
            let to = relem?;
            if to == Scalar::F16 {
                return None;
            }
            if *op == ConvOp::Bitcast {
                return bitcast(&a, rty).map(Folded::Const);
            }
            let lanes = a
                .lanes
                .iter()
                .map(|l| convert(*op, a.elem, to, *l, *rounding, *saturate))
                .collect::<Option<Vec<_>>>()?;
            Some(Folded::Const(CVal { elem: to, lanes }))
        }
        InstKind::Math(MathFn::Fma, args) if args.len() == 3 => {
            let (a, b, c) = (konst(args[0])?, konst(args[1])?, konst(args[2])?);
            let elem = a.elem;
            let mut lanes = Vec::with_capacity(a.lanes.len());
            for k in 0..a.lanes.len() {
                let (Lane::F(x), Lane::F(y), Lane::F(z)) =
                    (*a.lanes.get(k)?, *b.lanes.get(k)?, *c.lanes.get(k)?)
                else {
                    return None;
                };
                let r = match elem {
                    Scalar::F32 => (x as f32).mul_add(y as f32, z as f32) as f64,
                    Scalar::F64 => x.mul_add(y, z),
                    _ => return None,
                };
                if x.is_nan() || y.is_nan() || z.is_nan() || r.is_nan() {
                    return None;
                }
                lanes.push(Lane::F(r));
            }
            Some(Folded::Const(CVal { elem, lanes }))
        }
        InstKind::Extract(v, lane) => {
            let v = konst(*v)?;
            let l = *v.lanes.get(*lane as usize)?;
            Some(Folded::Const(CVal {
                elem: v.elem,
                lanes: vec![l],
            }))
        }
        InstKind::ExtractDyn(v, idx) => {
            let (v, idx) = (konst(*v)?, konst(*idx)?);
            let Lane::I(k) = *idx.lanes.first()? else {
                return None;
            };
            let l = *v.lanes.get(usize::try_from(k).ok()?)?;
            Some(Folded::Const(CVal {
                elem: v.elem,
                lanes: vec![l],
            }))
        }
        InstKind::Insert(v, s, lane) => {
            let (mut v, s) = (konst(*v)?, konst(*s)?);
            *v.lanes.get_mut(*lane as usize)? = *s.lanes.first()?;
            Some(Folded::Const(v))
        }
        InstKind::Shuffle(a, b, idx) => {
            let (a, b) = (konst(*a)?, konst(*b)?);
            let all: Vec<Lane> = a.lanes.iter().chain(&b.lanes).copied().collect();
            let lanes = idx
                .iter()
                .map(|k| all.get(*k as usize).copied())
                .collect::<Option<Vec<_>>>()?;
            Some(Folded::Const(CVal {
                elem: a.elem,
                lanes,
            }))
        }
        InstKind::Splat(s) => {
            let s = konst(*s)?;
            let l = *s.lanes.first()?;
            Some(Folded::Const(CVal {
                elem: s.elem,
                lanes: vec![l; rty.lanes() as usize],
            }))
        }
        InstKind::Brif(c, t, e) => {
            let c = konst(*c)?;
            match c.lanes.first()? {
                Lane::I(x) => Some(Folded::Jump(if x & 1 == 1 { t.clone() } else { e.clone() })),
                Lane::F(_) => None,
            }
        }
        InstKind::Switch {
            arg,
            cases,
            default,
        } => {
            let a = konst(*arg)?;
            let Lane::I(x) = *a.lanes.first()? else {
                return None;
            };
            let w = a.elem.bits();
            let target = cases
                .iter()
                .find(|(k, _)| mask(w, *k) == x)
                .map(|(_, bc)| bc)
                .unwrap_or(default);
            Some(Folded::Jump(target.clone()))
        }
        _ => None,
    }
}

/// Integer identities with one constant operand (or the same operand twice), which
/// hold for every value of the other operand: `x + 0`, `x * 1`, `x * 0`, `x & -1`,
/// `x - x`, shifts by 0, ...
fn int_identity(
    op: BinaryOp,
    a: Value,
    b: Value,
    rty: Type,
    konst: &dyn Fn(Value) -> Option<CVal>,
) -> Option<Folded> {
    let elem = rty.elem().filter(|e| e.is_int())?;
    let ones = mask(elem.bits(), u64::MAX);
    let zero = || {
        Some(Folded::Const(CVal {
            elem,
            lanes: vec![Lane::I(0); rty.lanes() as usize],
        }))
    };
    if a == b {
        return match op {
            BinaryOp::Isub | BinaryOp::Xor => zero(),
            BinaryOp::And | BinaryOp::Or => Some(Folded::Alias(a)),
            _ => None,
        };
    }
    // The constant, if every lane holds the same one.
    let splat = |v: Value| -> Option<u64> {
        let c = konst(v)?;
        let first = *c.lanes.first()?;
        match first {
            Lane::I(x) if c.lanes.iter().all(|l| *l == first) => Some(x),
            _ => None,
        }
    };
    if let Some(y) = splat(b) {
        match (op, y) {
            (
                BinaryOp::Iadd
                | BinaryOp::Isub
                | BinaryOp::Or
                | BinaryOp::Xor
                | BinaryOp::Shl
                | BinaryOp::Lshr
                | BinaryOp::Ashr
                | BinaryOp::Rotl,
                0,
            ) => return Some(Folded::Alias(a)),
            (BinaryOp::Imul | BinaryOp::Udiv | BinaryOp::Sdiv, 1) => return Some(Folded::Alias(a)),
            (BinaryOp::Imul | BinaryOp::And, 0) => return zero(),
            (BinaryOp::And, y) if y == ones => return Some(Folded::Alias(a)),
            _ => {}
        }
    }
    if let Some(x) = splat(a) {
        match (op, x) {
            (BinaryOp::Iadd | BinaryOp::Or | BinaryOp::Xor, 0) => return Some(Folded::Alias(b)),
            (BinaryOp::Imul, 1) => return Some(Folded::Alias(b)),
            (BinaryOp::Imul | BinaryOp::And | BinaryOp::Shl | BinaryOp::Lshr, 0) => return zero(),
            (BinaryOp::And, x) if x == ones => return Some(Folded::Alias(b)),
            _ => {}
        }
    }
    None
}

/// A float lane in `kauai_ir::lanes`' canonical bits, and back.
fn float_bits(elem: Scalar, x: f64) -> u64 {
    lanes::from_f64(elem, x)
}

fn float_of(elem: Scalar, bits: u64) -> f64 {
    lanes::to_f64(elem, bits)
}

/// One lane of a unary operation, as every executor computes it (`kauai_ir::lanes`);
/// NaN in or out is not folded (its payload is the hardware's business).
fn unary(op: UnaryOp, elem: Scalar, l: Lane) -> Option<Lane> {
    match l {
        Lane::I(x) if elem.is_int() => Some(Lane::I(lanes::unary(op, elem, x))),
        Lane::F(x) if matches!(elem, Scalar::F32 | Scalar::F64) && !x.is_nan() => {
            if !op.is_float() {
                return None;
            }
            let r = float_of(elem, lanes::unary(op, elem, float_bits(elem, x)));
            (!r.is_nan()).then_some(Lane::F(r))
        }
        _ => None,
    }
}

/// One lane of a binary operation, as every executor computes it (`kauai_ir::lanes`),
/// except what C leaves undefined, which is not folded: division by zero, `MIN / -1`,
/// NaN in or out, and `fmin`/`fmax` of two zeros.
fn binary(op: BinaryOp, elem: Scalar, a: Lane, b: Lane) -> Option<Lane> {
    let w = elem.bits();
    match (a, b) {
        (Lane::I(x), Lane::I(y)) if elem.is_int() => {
            let (sx, sy) = (sext(w, x), sext(w, y));
            let smin = if w >= 64 {
                i64::MIN
            } else {
                -(1i64 << (w - 1))
            };
            let undefined = match op {
                BinaryOp::Udiv | BinaryOp::Urem => y == 0,
                BinaryOp::Sdiv | BinaryOp::Srem => sy == 0 || (sx == smin && sy == -1),
                _ => op.is_float(),
            };
            (!undefined).then(|| Lane::I(lanes::binary(op, elem, x, y)))
        }
        (Lane::F(x), Lane::F(y)) if matches!(elem, Scalar::F32 | Scalar::F64) => {
            if x.is_nan() || y.is_nan() {
                return None;
            }
            if matches!(op, BinaryOp::Fmin | BinaryOp::Fmax) && x == 0.0 && y == 0.0 {
                return None;
            }
            if !op.is_float() {
                return None;
            }
            let bits = lanes::binary(op, elem, float_bits(elem, x), float_bits(elem, y));
            let r = float_of(elem, bits);
            (!r.is_nan()).then_some(Lane::F(r))
        }
        _ => None,
    }
}

fn icmp(cc: IntCC, w: u32, x: u64, y: u64) -> bool {
    lanes::icmp(cc, w, x, y)
}

fn fcmp(cc: FloatCC, x: f64, y: f64) -> bool {
    lanes::fcmp_f64(cc, x, y)
}

fn convert(
    op: ConvOp,
    from: Scalar,
    to: Scalar,
    l: Lane,
    rounding: Rounding,
    saturate: bool,
) -> Option<Lane> {
    let (fw, tw) = (from.bits(), to.bits());
    let nearest = matches!(rounding, Rounding::Default | Rounding::Rte);
    match (op, l) {
        (ConvOp::Trunc | ConvOp::Zext | ConvOp::Sext, Lane::I(x)) => {
            if saturate || !to.is_int() {
                return None;
            }
            let r = match op {
                ConvOp::Sext => sext(fw, x) as u64,
                _ => x,
            };
            Some(Lane::I(mask(tw, r)))
        }
        (ConvOp::FpTrunc | ConvOp::FpExt, Lane::F(x)) => {
            if x.is_nan() || !to.is_float() {
                return None;
            }
            let r = round_to(to, x);
            (nearest || r == x).then_some(Lane::F(r))
        }
        (ConvOp::FpToSi | ConvOp::FpToUi, Lane::F(x)) => {
            if !to.is_int() {
                return None;
            }
            let signed = op == ConvOp::FpToSi;
            if x.is_nan() {
                return saturate.then_some(Lane::I(0));
            }
            let r = match rounding {
                Rounding::Default | Rounding::Rtz => x.trunc(),
                Rounding::Rte => x.round_ties_even(),
                Rounding::Rtp => x.ceil(),
                Rounding::Rtn => x.floor(),
            };
            // The representable range [lo, hi) as exact powers of two.
            let (lo, hi) = if signed {
                (-(2f64.powi(tw as i32 - 1)), 2f64.powi(tw as i32 - 1))
            } else {
                (0.0, 2f64.powi(tw as i32))
            };
            let v: i128 = if r >= lo && r < hi {
                r as i128
            } else if saturate {
                if r < lo {
                    lo as i128
                } else {
                    hi as i128 - 1
                }
            } else {
                return None;
            };
            Some(Lane::I(mask(tw, v as u64)))
        }
        (ConvOp::SiToFp | ConvOp::UiToFp, Lane::I(x)) => {
            if !to.is_float() {
                return None;
            }
            let v: i128 = if op == ConvOp::SiToFp {
                sext(fw, x) as i128
            } else {
                x as i128
            };
            let r = match to {
                Scalar::F32 => {
                    if op == ConvOp::SiToFp {
                        (v as i64) as f32 as f64
                    } else {
                        (v as u64) as f32 as f64
                    }
                }
                Scalar::F64 => {
                    if op == ConvOp::SiToFp {
                        (v as i64) as f64
                    } else {
                        (v as u64) as f64
                    }
                }
                _ => return None,
            };
            let exact = r.is_finite() && r.abs() < 1.8e19 && r as i128 == v;
            (nearest || exact).then_some(Lane::F(r))
        }
        _ => None,
    }
}

fn bitcast(a: &CVal, rty: Type) -> Option<CVal> {
    let to = rty.elem()?;
    if a.lanes.len() == 3
        || rty.lanes() == 3
        || to == Scalar::F16
        || to == Scalar::I1
        || a.elem == Scalar::I1
        || matches!(rty, Type::Vector { scalable: true, .. })
    {
        return None;
    }
    let mut bits: Vec<u8> = Vec::new();
    for l in &a.lanes {
        let (raw, n) = match (a.elem, l) {
            (Scalar::F32, Lane::F(x)) => ((*x as f32).to_bits() as u64, 4),
            (Scalar::F64, Lane::F(x)) => (x.to_bits(), 8),
            (e, Lane::I(x)) if e.is_int() => (*x, e.bytes() as usize),
            _ => return None,
        };
        if is_nan(l) {
            return None;
        }
        bits.extend_from_slice(&raw.to_le_bytes()[..n]);
    }
    let n = to.bytes() as usize;
    if n == 0 || bits.len() != n * rty.lanes() as usize {
        return None;
    }
    let mut lanes = Vec::new();
    for chunk in bits.chunks(n) {
        let mut buf = [0u8; 8];
        buf[..n].copy_from_slice(chunk);
        let raw = u64::from_le_bytes(buf);
        let l = match to {
            Scalar::F32 => Lane::F(f32::from_bits(raw as u32) as f64),
            Scalar::F64 => Lane::F(f64::from_bits(raw)),
            _ => Lane::I(raw),
        };
        if is_nan(&l) {
            return None;
        }
        lanes.push(l);
    }
    Some(CVal { elem: to, lanes })
}
