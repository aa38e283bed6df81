//! Constant evaluation: integer constant expressions (array sizes, case labels,
//! enumerators, attribute arguments) and the initializers of `__constant` variables.

use crate::ast::{BinaryOp, ExprId, ExprKind, FloatSuffix, UnaryOp};
use crate::lower::expr::int_literal_prim;
use crate::lower::Lowerer;
use crate::sema::scope::Binding;
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
    if p == Prim::Float || p == Prim::Half {
        x as f32 as f64
    } else {
        x
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
                    _ => return Err(()),
                };
                Ok(CV::F(round_to(l.value, p), p))
            }
            ExprKind::CharLit(c) => Ok(CV::I(c.value as i128, Prim::Int)),
            ExprKind::Ident(s) => match self.sc.lookup(*s) {
                Some(Binding::EnumConst(v, _)) => Ok(CV::I(v as i128, Prim::Int)),
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
                if !self.is_complete(t) {
                    return Err(());
                }
                Ok(CV::I(self.t.size_of(t) as i128, self.size_prim()))
            }
            ExprKind::SizeofExpr(x) => {
                if !self.in_fn {
                    return Err(());
                }
                let t = self.type_of_expr(*x);
                if !self.is_complete(t) {
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

fn truth(c: &CV) -> Result<bool, ()> {
    match c {
        CV::I(v, _) => Ok(*v != 0),
        CV::F(x, _) => Ok(*x != 0.0),
        CV::V(..) => Err(()),
    }
}

fn const_binop(op: BinaryOp, a: &CV, b: &CV) -> Result<CV, ()> {
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
