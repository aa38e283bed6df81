//! Constant evaluation: integer constant expressions (array sizes, case labels,
//! enumerators, attribute arguments) and the initializers of `__constant` variables.

use crate::ast::{BinaryOp, ExprId, ExprKind, FloatSuffix, UnaryOp};
use crate::lower::expr::int_literal_prim;
use crate::lower::Lowerer;
use crate::sema::scope::{Binding, Place, VarInfo};
use crate::sema::types::{Prim, Ty, TyKind};

/// A constant value with its C type.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum CV {
    I(i128, Prim),
    F(f64, Prim),
    V(Vec<CV>, Ty),
}

/// Truncate `v` to the width of `p` and sign- or zero-extend it back.
pub(crate) fn wrap(v: i128, p: Prim) -> i128 {
    if p == Prim::Bool {
        return (v != 0) as i128;
    }
    let bits = p.bits();
    let m = (1i128 << bits) - 1;
    let x = v & m;
    if p.is_signed() && x >> (bits - 1) & 1 == 1 {
        x - (1i128 << bits)
    } else {
        x
    }
}

pub(crate) fn cv_cast(c: &CV, p: Prim) -> CV {
    match *c {
        CV::I(v, _) => {
            if p.is_float() {
                CV::F(round_to(v as f64, p), p)
            } else {
                CV::I(wrap(v, p), p)
            }
        }
        CV::F(x, _) => {
            if p.is_float() {
                CV::F(round_to(x, p), p)
            } else if p == Prim::Bool {
                CV::I((x != 0.0) as i128, p)
            } else {
                // Out of range is undefined in C; saturate like the hardware usually does.
                let (lo, hi) = p.int_range();
                let t = x.trunc();
                let v = if t.is_nan() {
                    0
                } else if t <= lo as f64 {
                    lo
                } else if t >= hi as f64 {
                    hi
                } else {
                    t as i128
                };
                CV::I(v, p)
            }
        }
        CV::V(ref l, _) => l.first().map(|e| cv_cast(e, p)).unwrap_or(CV::I(0, p)),
    }
}

fn round_to(x: f64, p: Prim) -> f64 {
    match p {
        Prim::Float => x as f32 as f64,
        Prim::Half => kauai_ir::half::f16_from_f64(x).to_f64(),
        _ => x,
    }
}

impl Lowerer<'_> {
    /// An integer constant expression, or `None` (not diagnosed here).
    pub(crate) fn const_int(&mut self, e: ExprId) -> Option<i128> {
        match self.ceval(e).ok()? {
            CV::I(v, _) => Some(v),
            _ => None,
        }
    }

    pub(crate) fn cv_ty(&mut self, c: &CV) -> Ty {
        match c {
            CV::I(_, p) | CV::F(_, p) => self.t.prim(*p),
            CV::V(_, t) => *t,
        }
    }

    pub(crate) fn ceval(&mut self, e: ExprId) -> Result<CV, ()> {
        let tu = self.tu;
        match &tu.exprs[e].kind {
            ExprKind::IntLit(l) => {
                let p = int_literal_prim(l.value, l.base, l.unsigned, l.long);
                Ok(CV::I(wrap(l.value as i128, p), p))
            }
            ExprKind::FloatLit(l) => {
                let p = match l.suffix {
                    FloatSuffix::F => Prim::Float,
                    FloatSuffix::None if self.opts.fp64 && !self.opts.single_precision_constant => {
                        Prim::Double
                    }
                    FloatSuffix::None => Prim::Float,
                    FloatSuffix::H => {
                        let sp = tu.exprs[e].span;
                        // Refused (once) but evaluated, so nothing cascades.
                        self.need_fp16(
                            sp,
                            "half literals",
                            "half precision constant requires cl_khr_fp16",
                        );
                        Prim::Half
                    }
                    _ => return Err(()),
                };
                Ok(CV::F(round_to(l.value, p), p))
            }
            ExprKind::CharLit(c) => Ok(CV::I(c.value as i128, Prim::Int)),
            ExprKind::Ident(s) => match self.sc.lookup(*s) {
                Some(Binding::EnumConst(v, _)) => Ok(CV::I(v as i128, Prim::Int)),
                Some(Binding::Var(VarInfo {
                    place: Place::Global(g),
                    ..
                })) => self.const_values.get(&g).cloned().ok_or(()),
                _ => Err(()),
            },
            ExprKind::Unary { op, operand } => {
                let c = self.ceval(*operand)?;
                match (op, c) {
                    (UnaryOp::Plus, CV::I(v, p)) => Ok(CV::I(v, p.promote())),
                    (UnaryOp::Plus, c @ CV::F(..)) => Ok(c),
                    (UnaryOp::Neg, CV::I(v, p)) => {
                        let p = p.promote();
                        Ok(CV::I(wrap(-v, p), p))
                    }
                    (UnaryOp::Neg, CV::F(x, p)) => Ok(CV::F(-x, p)),
                    (UnaryOp::BitNot, CV::I(v, p)) => {
                        let p = p.promote();
                        Ok(CV::I(wrap(!v, p), p))
                    }
                    (UnaryOp::Not, CV::I(v, _)) => Ok(CV::I((v == 0) as i128, Prim::Int)),
                    (UnaryOp::Not, CV::F(x, _)) => Ok(CV::I((x == 0.0) as i128, Prim::Int)),
                    _ => Err(()),
                }
            }
            ExprKind::Binary { op, .. } if !matches!(op, BinaryOp::LogAnd | BinaryOp::LogOr) => {
                // Fold left-deep chains iteratively (no recursion proportional to length).
                let mut spine = Vec::new();
                let mut leftmost = e;
                while let ExprKind::Binary { op, lhs, rhs } = &tu.exprs[leftmost].kind {
                    if matches!(op, BinaryOp::LogAnd | BinaryOp::LogOr) {
                        break;
                    }
                    spine.push((*op, *rhs));
                    leftmost = *lhs;
                }
                let mut acc = self.ceval(leftmost)?;
                for (op, rhs) in spine.into_iter().rev() {
                    let b = self.ceval(rhs)?;
                    acc = const_binop(op, &acc, &b)?;
                }
                Ok(acc)
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let a = self.ceval(*lhs)?;
                if matches!(op, BinaryOp::LogAnd | BinaryOp::LogOr) {
                    let ta = truth(&a)?;
                    if (*op == BinaryOp::LogAnd && !ta) || (*op == BinaryOp::LogOr && ta) {
                        return Ok(CV::I(ta as i128, Prim::Int));
                    }
                    let b = self.ceval(*rhs)?;
                    return Ok(CV::I(truth(&b)? as i128, Prim::Int));
                }
                let b = self.ceval(*rhs)?;
                const_binop(*op, &a, &b)
            }
            ExprKind::Conditional {
                cond,
                then_expr,
                else_expr,
            } => {
                let c = self.ceval(*cond)?;
                if truth(&c)? {
                    self.ceval(*then_expr)
                } else {
                    self.ceval(*else_expr)
                }
            }
            ExprKind::Cast { ty, expr } => {
                let t = self.type_name(*ty).ty;
                let c = self.ceval(*expr)?;
                self.cv_convert(&c, t)
            }
            ExprKind::VectorLiteral { ty, elems } => {
                let t = self.type_name(*ty).ty;
                let TyKind::Vector(p, n) = self.t.kind(t) else {
                    if elems.len() == 1 {
                        let c = self.ceval(elems[0])?;
                        return self.cv_convert(&c, t);
                    }
                    return Err(());
                };
                let mut lanes = Vec::new();
                for &x in elems {
                    match self.ceval(x)? {
                        CV::V(l, _) => lanes.extend(l.iter().map(|c| cv_cast(c, p))),
                        c => lanes.push(cv_cast(&c, p)),
                    }
                }
                if lanes.len() == 1 {
                    lanes = vec![lanes[0].clone(); n as usize];
                }
                if lanes.len() != n as usize {
                    return Err(());
                }
                Ok(CV::V(lanes, t))
            }
            ExprKind::SizeofType(tn) => {
                let t = self.type_name(*tn).ty;
                if !self.is_sized(t) {
                    return Err(());
                }
                Ok(CV::I(self.t.size_of(t) as i128, self.size_prim()))
            }
            ExprKind::SizeofExpr(x) => {
                let t = if self.in_fn {
                    self.type_of_expr(*x)
                } else {
                    self.static_type(*x).ok_or(())?
                };
                if !self.is_sized(t) {
                    return Err(());
                }
                Ok(CV::I(self.t.size_of(t) as i128, self.size_prim()))
            }
            ExprKind::AlignofType(tn) => {
                let t = self.type_name(*tn).ty;
                Ok(CV::I(self.t.align_of(t) as i128, self.size_prim()))
            }
            ExprKind::VecStepType(tn) => {
                let t = self.type_name(*tn).ty;
                match self.t.kind(t) {
                    TyKind::Vector(_, 3) => Ok(CV::I(4, Prim::Int)),
                    TyKind::Vector(_, n) => Ok(CV::I(n as i128, Prim::Int)),
                    TyKind::Prim(_) => Ok(CV::I(1, Prim::Int)),
                    _ => Err(()),
                }
            }
            ExprKind::Comma { .. } => Err(()),
            _ => Err(()),
        }
    }

    /// The type of `e` where no code may be emitted (program scope, `__constant`
    /// initializers): what `sizeof` needs of the forms real code uses there
    /// (`sizeof(tab) / sizeof(tab[0])`, `sizeof(s.f)`, `sizeof(*p)`), else the type of
    /// a constant value. `None` when it is none of these.
    pub(crate) fn static_type(&mut self, e: ExprId) -> Option<Ty> {
        let tu = self.tu;
        match &tu.exprs[e].kind {
            ExprKind::Ident(s) => match self.sc.lookup(*s) {
                Some(Binding::Var(v)) => Some(v.ty),
                Some(Binding::EnumConst(..)) => Some(self.t.prim(Prim::Int)),
                _ => None,
            },
            ExprKind::StringLit(l) => {
                let n = (l.bytes.len() as u64).checked_add(1)?;
                let c = self.t.prim(Prim::Char);
                Some(self.t.array(c, n))
            }
            ExprKind::Index { base, index } => {
                let b = self.static_type(*base)?;
                let i = self.static_type(*index)?;
                // `i[a]` is `a[i]`.
                self.element_type(b).or_else(|| self.element_type(i))
            }
            ExprKind::Unary {
                op: UnaryOp::Deref,
                operand,
            } => {
                let b = self.static_type(*operand)?;
                self.element_type(b)
            }
            ExprKind::Member {
                base,
                member,
                arrow,
            } => {
                let mut b = self.static_type(*base)?;
                if *arrow {
                    b = self.element_type(b)?;
                }
                match self.t.kind(b) {
                    TyKind::Record(r) => self.find_field(r, member.name).map(|(_, t, _)| t),
                    _ => None,
                }
            }
            ExprKind::Binary { .. } => {
                // Left-deep chains iteratively (no recursion proportional to length).
                let mut spine = Vec::new();
                let mut leftmost = e;
                while let ExprKind::Binary { op, lhs, rhs } = &tu.exprs[leftmost].kind {
                    spine.push((*op, *rhs));
                    leftmost = *lhs;
                }
                let mut acc = self.static_type(leftmost)?;
                for (op, rhs) in spine.into_iter().rev() {
                    let b = self.static_type(rhs)?;
                    acc = self.binary_static_type(op, acc, b)?;
                }
                Some(acc)
            }
            _ => {
                let c = self.ceval(e).ok()?;
                Some(self.cv_ty(&c))
            }
        }
    }

    /// The type of `a op b` for arithmetic operands (the usual conversions, with
    /// OpenCL's scalar-to-vector widening); `None` for anything else.
    fn binary_static_type(&mut self, op: BinaryOp, a: Ty, b: Ty) -> Option<Ty> {
        let int = self.t.prim(Prim::Int);
        match (op, self.t.kind(a), self.t.kind(b)) {
            (
                BinaryOp::Lt
                | BinaryOp::Gt
                | BinaryOp::Le
                | BinaryOp::Ge
                | BinaryOp::Eq
                | BinaryOp::Ne
                | BinaryOp::LogAnd
                | BinaryOp::LogOr,
                TyKind::Prim(_),
                TyKind::Prim(_),
            ) => Some(int),
            (BinaryOp::Shl | BinaryOp::Shr, TyKind::Prim(p), TyKind::Prim(_)) => {
                Some(self.t.prim(p.promote()))
            }
            (_, TyKind::Prim(p), TyKind::Prim(q)) => {
                Some(self.t.prim(Lowerer::scalar_common(p, q)))
            }
            (_, TyKind::Vector(..), TyKind::Prim(_) | TyKind::Vector(..)) => Some(a),
            (_, TyKind::Prim(_), TyKind::Vector(..)) => Some(b),
            _ => None,
        }
    }

    /// What `x[i]` or `*x` has as type when `x` has type `t`.
    fn element_type(&self, t: Ty) -> Option<Ty> {
        match self.t.kind(t) {
            TyKind::Array(el, _) => Some(el),
            TyKind::Ptr(p) => Some(p.pointee),
            _ => None,
        }
    }

    pub(crate) fn cv_convert(&mut self, c: &CV, t: Ty) -> Result<CV, ()> {
        match self.t.kind(t) {
            TyKind::Prim(p) => Ok(cv_cast(c, p)),
            TyKind::Vector(p, n) => match c {
                CV::V(l, vt) if *vt == t => Ok(CV::V(l.clone(), t)),
                CV::V(..) => Err(()),
                s => Ok(CV::V(vec![cv_cast(s, p); n as usize], t)),
            },
            _ => Err(()),
        }
    }
}

/// A lane result back in the lane's type (C promotes `char` lanes to `int`).
fn lane(r: Result<CV, ()>, like: &CV) -> Result<CV, ()> {
    r.map(|r| cv_cast(&r, cv_prim(like)))
}

fn cv_prim(c: &CV) -> Prim {
    match c {
        CV::I(_, p) | CV::F(_, p) => *p,
        CV::V(l, _) => l.first().map_or(Prim::Int, cv_prim),
    }
}

fn truth(c: &CV) -> Result<bool, ()> {
    match c {
        CV::I(v, _) => Ok(*v != 0),
        CV::F(x, _) => Ok(*x != 0.0),
        CV::V(..) => Err(()),
    }
}

fn const_binop(op: BinaryOp, a: &CV, b: &CV) -> Result<CV, ()> {
    // Vectors: lane by lane, a scalar operand converted to the lane type first (the
    // OpenCL rule), each result wrapped to the lane type; comparisons (which give -1/0
    // lanes of another type) and shifts (counted modulo the lane width) are not folded.
    match (a, b) {
        (CV::V(..), _) | (_, CV::V(..))
            if matches!(
                op,
                BinaryOp::Shl
                    | BinaryOp::Shr
                    | BinaryOp::Lt
                    | BinaryOp::Gt
                    | BinaryOp::Le
                    | BinaryOp::Ge
                    | BinaryOp::Eq
                    | BinaryOp::Ne
            ) =>
        {
            return Err(());
        }
        (CV::V(x, t), CV::V(y, u)) => {
            if t != u || x.len() != y.len() {
                return Err(());
            }
            let lanes = x
                .iter()
                .zip(y)
                .map(|(p, q)| lane(const_binop(op, p, q), p))
                .collect::<Result<Vec<_>, ()>>()?;
            return Ok(CV::V(lanes, *t));
        }
        (CV::V(x, t), s) => {
            let lanes = x
                .iter()
                .map(|p| lane(const_binop(op, p, &cv_cast(s, cv_prim(p))), p))
                .collect::<Result<Vec<_>, ()>>()?;
            return Ok(CV::V(lanes, *t));
        }
        (s, CV::V(y, t)) => {
            let lanes = y
                .iter()
                .map(|q| lane(const_binop(op, &cv_cast(s, cv_prim(q)), q), q))
                .collect::<Result<Vec<_>, ()>>()?;
            return Ok(CV::V(lanes, *t));
        }
        _ => {}
    }
    let (pa, pb) = match (a, b) {
        (CV::I(_, p) | CV::F(_, p), CV::I(_, q) | CV::F(_, q)) => (*p, *q),
        _ => return Err(()),
    };
    if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
        let (CV::I(x, _), CV::I(y, _)) = (a, b) else {
            return Err(());
        };
        let p = pa.promote();
        let sh = (*y as u32) & (p.bits() - 1);
        let x = wrap(*x, p);
        let r = if op == BinaryOp::Shl {
            x << sh
        } else if p.is_signed() {
            x >> sh
        } else {
            (x & ((1i128 << p.bits()) - 1)) >> sh
        };
        return Ok(CV::I(wrap(r, p), p));
    }
    let p = Lowerer::scalar_common(pa, pb);
    let (a, b) = (cv_cast(a, p), cv_cast(b, p));
    let cmp = |o: std::cmp::Ordering| -> CV {
        use std::cmp::Ordering::*;
        let r = match op {
            BinaryOp::Lt => o == Less,
            BinaryOp::Gt => o == Greater,
            BinaryOp::Le => o != Greater,
            BinaryOp::Ge => o != Less,
            BinaryOp::Eq => o == Equal,
            _ => o != Equal,
        };
        CV::I(r as i128, Prim::Int)
    };
    match (a, b) {
        (CV::I(x, _), CV::I(y, _)) => {
            let r = match op {
                BinaryOp::Add => x + y,
                BinaryOp::Sub => x - y,
                BinaryOp::Mul => x.wrapping_mul(y),
                BinaryOp::Div => {
                    if y == 0 {
                        return Err(());
                    }
                    x / y
                }
                BinaryOp::Rem => {
                    if y == 0 {
                        return Err(());
                    }
                    x % y
                }
                BinaryOp::BitAnd => x & y,
                BinaryOp::BitOr => x | y,
                BinaryOp::BitXor => x ^ y,
                BinaryOp::Lt
                | BinaryOp::Gt
                | BinaryOp::Le
                | BinaryOp::Ge
                | BinaryOp::Eq
                | BinaryOp::Ne => return Ok(cmp(x.cmp(&y))),
                _ => return Err(()),
            };
            Ok(CV::I(wrap(r, p), p))
        }
        (CV::F(x, _), CV::F(y, _)) => {
            let r = match op {
                BinaryOp::Add => x + y,
                BinaryOp::Sub => x - y,
                BinaryOp::Mul => x * y,
                BinaryOp::Div => x / y,
                BinaryOp::Lt
                | BinaryOp::Gt
                | BinaryOp::Le
                | BinaryOp::Ge
                | BinaryOp::Eq
                | BinaryOp::Ne => {
                    return match x.partial_cmp(&y) {
                        Some(o) => Ok(cmp(o)),
                        None => Ok(CV::I((op == BinaryOp::Ne) as i128, Prim::Int)),
                    }
                }
                _ => return Err(()),
            };
            Ok(CV::F(round_to(r, p), p))
        }
        _ => Err(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_and_casts() {
        assert_eq!(wrap(255, Prim::Char), -1);
        assert_eq!(wrap(-1, Prim::UInt), 0xffff_ffff);
        assert_eq!(wrap(1 << 40, Prim::Int), 0);
        assert_eq!(
            cv_cast(&CV::F(-1.7, Prim::Float), Prim::Int),
            CV::I(-1, Prim::Int)
        );
        assert_eq!(
            cv_cast(&CV::F(1e20, Prim::Float), Prim::Int),
            CV::I(i32::MAX as i128, Prim::Int)
        );
        assert_eq!(
            cv_cast(&CV::I(3, Prim::Int), Prim::Float),
            CV::F(3.0, Prim::Float)
        );
        assert_eq!(
            const_binop(BinaryOp::Shl, &CV::I(1, Prim::Int), &CV::I(33, Prim::Int)),
            Ok(CV::I(2, Prim::Int))
        );
        assert_eq!(
            const_binop(BinaryOp::Div, &CV::I(7, Prim::UInt), &CV::I(-1, Prim::Int)),
            Ok(CV::I(0, Prim::UInt))
        );
        assert_eq!(
            const_binop(BinaryOp::Div, &CV::I(7, Prim::Int), &CV::I(0, Prim::Int)),
            Err(())
        );
        assert_eq!(
            const_binop(BinaryOp::Lt, &CV::I(-1, Prim::Int), &CV::I(1, Prim::UInt)),
            Ok(CV::I(0, Prim::Int))
        );
    }
}
