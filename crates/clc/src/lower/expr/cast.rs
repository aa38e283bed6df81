//! Casts, vector literals and the conversions they share.

use super::*;

impl Lowerer<'_> {
    pub(crate) fn cast_expr(&mut self, tn: crate::ast::TypeNameId, x: ExprId, span: Span) -> Opnd {
        let to = self.type_name(tn).ty;
        if to == T_ERROR {
            let _ = self.expr(x);
            return Opnd::Err;
        }
        if to == T_VOID {
            let _ = self.expr(x);
            return Opnd::Void;
        }
        let Some((v, from)) = self.rv(x) else {
            return Opnd::Err;
        };
        match self.cast_value(v, from, to, span) {
            Some(v) => Opnd::R(v, to),
            None => Opnd::Err,
        }
    }

    /// An explicit cast `(to) v`.
    pub(crate) fn cast_value(&mut self, v: Value, from: Ty, to: Ty, span: Span) -> Option<Value> {
        if from == to {
            return Some(v);
        }
        match (self.t.kind(from), self.t.kind(to)) {
            (TyKind::Prim(_), TyKind::Prim(_)) | (TyKind::Prim(_), TyKind::Vector(..)) => {
                Some(self.conv(v, from, to))
            }
            (TyKind::Vector(..), TyKind::Vector(..)) => {
                self.err(
                    span,
                    format!("cannot cast `{}` to `{}`", self.tyname(from), self.tyname(to)),
                    format!("explicit casts between vector types are not allowed; use convert_{0}() or as_{0}()", self.tyname(to)),
                );
                None
            }
            (TyKind::Ptr(a), TyKind::Ptr(b)) => {
                if a.space != b.space {
                    if self.is_null_const(v, from) {
                        return Some(self.ins(InstKind::Const(Const::Zero), self.vty(to)));
                    }
                    self.err(
                        span,
                        format!(
                            "cannot cast `{}` to `{}`",
                            self.tyname(from),
                            self.tyname(to)
                        ),
                        "casts cannot change the address space of a pointer",
                    );
                    return None;
                }
                Some(v)
            }
            (TyKind::Prim(p), TyKind::Ptr(_)) if p.is_int() => {
                if self.is_null_const(v, from) {
                    return Some(self.ins(InstKind::Const(Const::Zero), self.vty(to)));
                }
                let sz = self.t.prim(self.size_prim());
                let i = self.conv(v, from, sz);
                Some(self.convert_inst(ConvOp::IntToPtr, i, self.vty(to)))
            }
            // `(event_t)0`, the "no event" value clang accepts (and no other integer).
            (TyKind::Prim(p), TyKind::Opaque(crate::ast::OpaqueType::Event))
                if p.is_int() && self.is_null_const(v, from) =>
            {
                Some(self.ins(InstKind::Const(Const::Zero), Type::I32))
            }
            (TyKind::Ptr(_), TyKind::Prim(Prim::Bool)) => Some(self.truth(v, from)),
            (TyKind::Ptr(_), TyKind::Prim(p)) if p.is_int() => {
                let sz = self.t.prim(self.size_prim());
                let i = self.convert_inst(ConvOp::PtrToInt, v, self.vty(sz));
                Some(self.conv(i, sz, to))
            }
            _ => {
                self.err(
                    span,
                    format!(
                        "cannot cast `{}` to `{}`",
                        self.tyname(from),
                        self.tyname(to)
                    ),
                    "",
                );
                None
            }
        }
    }

    pub(crate) fn vector_literal(
        &mut self,
        tn: crate::ast::TypeNameId,
        elems: &[ExprId],
        span: Span,
    ) -> Opnd {
        let to = self.type_name(tn).ty;
        let Some((p, n)) = self.t.elem_lanes(to).filter(|_| self.t.is_vector(to)) else {
            if to != T_ERROR && elems.len() == 1 {
                return self.cast_like(to, elems[0], span);
            }
            if to != T_ERROR {
                self.err(
                    span,
                    format!("`({})(...)` is not a vector literal", self.tyname(to)),
                    "expected a vector type",
                );
            }
            return Opnd::Err;
        };
        let mut parts = Vec::new();
        for &e in elems {
            let Some(x) = self.rv(e) else {
                return Opnd::Err;
            };
            parts.push((x, self.espan(e)));
        }
        if parts.len() == 1 {
            let ((v, t), sp) = parts[0];
            if self.t.is_scalar_arith(t) {
                return Opnd::R(self.conv(v, t, to), to);
            }
            if t == to {
                return Opnd::R(v, to);
            }
            self.err(
                sp,
                format!(
                    "cannot make `{}` from `{}`",
                    self.tyname(to),
                    self.tyname(t)
                ),
                "",
            );
            return Opnd::Err;
        }
        let ep = self.t.prim(p);
        let vt = self.vty(to);
        // All components constant scalars: one vector constant.
        if parts.len() == n as usize {
            let mut lanes = Vec::new();
            for &((v, t), _) in &parts {
                let c = match self.t.kind(t) {
                    TyKind::Prim(q) if q.is_int() && p.is_int() => {
                        let cv = self.conv(v, t, ep);
                        self.const_bits(cv).map(ConstScalar::Int)
                    }
                    TyKind::Prim(q) if q.is_float() && p.is_float() => self.const_float(v),
                    _ => None,
                };
                match c {
                    Some(c) => lanes.push(c),
                    None => break,
                }
            }
            if lanes.len() == n as usize {
                let lanes = lanes
                    .into_iter()
                    .map(|c| match c {
                        ConstScalar::Float(x) if p == Prim::Float => {
                            ConstScalar::Float(x as f32 as f64)
                        }
                        c => c,
                    })
                    .collect();
                return Opnd::R(self.ins(InstKind::Const(Const::Vector(lanes)), vt), to);
            }
        }
        let mut acc = self.ins(InstKind::Const(Const::Undef), vt);
        let mut lane = 0u32;
        for ((v, t), sp) in parts {
            match self.t.kind(t) {
                TyKind::Prim(_) => {
                    let s = self.conv(v, t, ep);
                    if lane < n {
                        acc = self.ins(InstKind::Insert(acc, s, lane), vt);
                    }
                    lane += 1;
                }
                TyKind::Vector(q, k) if q == p => {
                    for i in 0..k as u32 {
                        if lane < n {
                            let s = self.ins(InstKind::Extract(v, i), Type::Scalar(p.scalar()));
                            acc = self.ins(InstKind::Insert(acc, s, lane), vt);
                        }
                        lane += 1;
                    }
                }
                _ => {
                    self.err(
                        sp,
                        format!(
                            "a `{}` cannot be a component of a `{}` literal",
                            self.tyname(t),
                            self.tyname(to)
                        ),
                        format!("components must be scalars or vectors of {}", p.name()),
                    );
                    return Opnd::Err;
                }
            }
        }
        if lane != n {
            self.err(
                span,
                format!(
                    "`{}` literal has {} components, expected {}",
                    self.tyname(to),
                    lane,
                    n
                ),
                "",
            );
            return Opnd::Err;
        }
        Opnd::R(acc, to)
    }

    pub(crate) fn cast_like(&mut self, to: Ty, e: ExprId, span: Span) -> Opnd {
        let Some((v, from)) = self.rv(e) else {
            return Opnd::Err;
        };
        match self.cast_value(v, from, to, span) {
            Some(v) => Opnd::R(v, to),
            None => Opnd::Err,
        }
    }
}
