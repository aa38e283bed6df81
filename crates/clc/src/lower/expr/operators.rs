//! The operators as expressions: unary, binary (left-deep chains folded in a loop),
//! logical with short circuit, assignment and compound assignment, conditional and
//! vector select.

use super::*;

impl Lowerer<'_> {
    pub(crate) fn unary(&mut self, op: UnaryOp, x: ExprId, span: Span) -> Opnd {
        match op {
            UnaryOp::Deref => {
                let Some((v, t)) = self.rv(x) else {
                    return Opnd::Err;
                };
                match self.t.kind(t) {
                    TyKind::Ptr(p) => {
                        if self.t.kind(p.pointee) == TyKind::Void {
                            self.err(span, "cannot dereference a void pointer", "");
                            return Opnd::Err;
                        }
                        Opnd::L(LVal {
                            ptr: v,
                            ty: p.pointee,
                            space: p.space,
                            is_const: p.is_const,
                            is_volatile: p.is_volatile,
                            align: self.t.align_of(p.pointee) as u32,
                        })
                    }
                    _ => {
                        self.err(
                            span,
                            format!("cannot dereference `{}`", self.tyname(t)),
                            "expected a pointer",
                        );
                        Opnd::Err
                    }
                }
            }
            UnaryOp::AddrOf => match self.expr(x) {
                Opnd::L(lv) => {
                    let pt = self.t.ptr(lv.ty, lv.space, lv.is_const, lv.is_volatile);
                    Opnd::R(lv.ptr, pt)
                }
                Opnd::Swz(..) => {
                    self.err(span, "cannot take the address of a vector component", "");
                    Opnd::Err
                }
                Opnd::Bits(..) => {
                    self.err(span, "cannot take the address of a bit-field", "");
                    Opnd::Err
                }
                Opnd::Err => Opnd::Err,
                _ => {
                    self.err(
                        span,
                        "cannot take the address of this expression",
                        "expected an lvalue",
                    );
                    Opnd::Err
                }
            },
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let target = self.expr(x);
                if !self.check_assignable(&target, span, "increment or decrement") {
                    return Opnd::Err;
                }
                let tt = self.opnd_ty(&target);
                let Some((old, t)) = self.rvalue_of(target.clone(), span) else {
                    return Opnd::Err;
                };
                let dec = matches!(op, UnaryOp::PreDec | UnaryOp::PostDec);
                let new = match self.t.kind(t) {
                    TyKind::Ptr(p) => {
                        let it = self.t.prim(Prim::Int);
                        let one = self.iconst(it, 1);
                        self.ptr_offset(old, p, one, it, dec, span)
                    }
                    TyKind::Prim(p) | TyKind::Vector(p, _) if p != Prim::Bool => {
                        let one = if p.is_float() {
                            self.fconst(t, 1.0)
                        } else {
                            self.iconst(t, 1)
                        };
                        let bop = match (p.is_float(), dec) {
                            (true, false) => IBin::Fadd,
                            (true, true) => IBin::Fsub,
                            (false, false) => IBin::Iadd,
                            (false, true) => IBin::Isub,
                        };
                        self.arith_op(bop, old, one, t)
                    }
                    _ => {
                        self.err(
                            span,
                            format!("cannot increment or decrement `{}`", self.tyname(tt)),
                            "",
                        );
                        return Opnd::Err;
                    }
                };
                self.store_opnd(&target, new, span);
                let r = if matches!(op, UnaryOp::PreInc | UnaryOp::PreDec) {
                    new
                } else {
                    old
                };
                Opnd::R(r, t)
            }
            UnaryOp::Plus | UnaryOp::Neg | UnaryOp::BitNot | UnaryOp::Not => {
                let Some((v, t)) = self.rv(x) else {
                    return Opnd::Err;
                };
                let Some((p, n)) = self.t.elem_lanes(t) else {
                    if op == UnaryOp::Not && self.t.as_ptr(t).is_some() {
                        let z = self.zero(t);
                        let c = self.ins(InstKind::Icmp(IntCC::Eq, v, z), Type::I1);
                        let it = self.t.prim(Prim::Int);
                        return self.bool_opnd(c, it);
                    }
                    self.err(
                        span,
                        format!(
                            "invalid operand to unary `{}`: `{}`",
                            op.as_str(),
                            self.tyname(t)
                        ),
                        "",
                    );
                    return Opnd::Err;
                };
                let pt = if n == 1 { self.t.prim(p.promote()) } else { t };
                match op {
                    UnaryOp::Plus => {
                        let v = self.conv(v, t, pt);
                        Opnd::R(v, pt)
                    }
                    UnaryOp::Neg => {
                        let v = self.conv(v, t, pt);
                        let u = if p.is_float() { IUn::Fneg } else { IUn::Ineg };
                        Opnd::R(self.ins(InstKind::Unary(u, v), self.vty(pt)), pt)
                    }
                    UnaryOp::BitNot => {
                        if p.is_float() {
                            self.err(
                                span,
                                format!("invalid operand to `~`: `{}`", self.tyname(t)),
                                "needs an integer",
                            );
                            return Opnd::Err;
                        }
                        let v = self.conv(v, t, pt);
                        Opnd::R(self.ins(InstKind::Unary(IUn::Not, v), self.vty(pt)), pt)
                    }
                    _ => {
                        let z = self.zero(t);
                        let bt = self.vty(t).with_elem(kauai_ir::Scalar::I1);
                        let c = if p.is_float() {
                            self.ins(InstKind::Fcmp(FloatCC::Oeq, v, z), bt)
                        } else {
                            self.ins(InstKind::Icmp(IntCC::Eq, v, z), bt)
                        };
                        let (r, rt) = self.bool_to_int(c, t);
                        Opnd::R(r, rt)
                    }
                }
            }
        }
    }

    pub(crate) fn bool_opnd(&mut self, c: Value, t: Ty) -> Opnd {
        let (r, rt) = self.bool_to_int(c, t);
        Opnd::R(r, rt)
    }

    pub(crate) fn binary(&mut self, op: BinaryOp, l: ExprId, r: ExprId, span: Span) -> Opnd {
        if matches!(op, BinaryOp::LogAnd | BinaryOp::LogOr) {
            return self.logical(op, l, r, span);
        }
        // A left-deep chain (`a + b + c + ...`) is folded iteratively: the parser builds
        // such chains without a depth limit, so recursion could overflow the stack.
        let tu = self.tu;
        if !matches!(tu.exprs[l].kind, ExprKind::Binary { .. }) {
            // The common case, without the chain bookkeeping.
            let Some(a) = self.rv(l) else {
                let _ = self.expr(r);
                return Opnd::Err;
            };
            let Some(b) = self.rv(r) else {
                return Opnd::Err;
            };
            return match self.binop_values(op, a, b, span) {
                Some((v, t)) => Opnd::R(v, t),
                None => Opnd::Err,
            };
        }
        let mut spine = vec![(op, r, span)];
        let mut leftmost = l;
        while let ExprKind::Binary { op, lhs, rhs } = &tu.exprs[leftmost].kind {
            if matches!(op, BinaryOp::LogAnd | BinaryOp::LogOr) {
                break;
            }
            spine.push((*op, *rhs, tu.exprs[leftmost].span));
            leftmost = *lhs;
        }
        let mut acc = self.rv(leftmost);
        for (op, rhs, sp) in spine.into_iter().rev() {
            let Some(a) = acc else {
                let _ = self.expr(rhs);
                continue;
            };
            let Some(b) = self.rv(rhs) else {
                acc = None;
                continue;
            };
            acc = self.binop_values(op, a, b, sp);
        }
        match acc {
            Some((v, t)) => Opnd::R(v, t),
            None => Opnd::Err,
        }
    }

    /// `&&` and `||`: short-circuit on scalars, lane-wise on vectors.
    pub(crate) fn logical(&mut self, op: BinaryOp, l: ExprId, r: ExprId, span: Span) -> Opnd {
        // `a && b && c` is left-deep: walk the chain of the same operator iteratively.
        let tu = self.tu;
        let mut spine = vec![r];
        let mut leftmost = l;
        while let ExprKind::Binary { op: o, lhs, rhs } = &tu.exprs[leftmost].kind {
            if *o != op {
                break;
            }
            spine.push(*rhs);
            leftmost = *lhs;
        }
        let Some((a, at)) = self.rv(leftmost) else {
            return Opnd::Err;
        };
        if self.t.is_vector(at) {
            // Lane-wise, every operand evaluated.
            let mut acc = Some((a, at));
            for rhs in spine.into_iter().rev() {
                let Some(x) = acc else { break };
                let Some(b) = self.rv(rhs) else {
                    return Opnd::Err;
                };
                acc = self.binop_values(op, x, b, span);
            }
            return match acc {
                Some((v, t)) => Opnd::R(v, t),
                None => Opnd::Err,
            };
        }
        if !self.t.is_scalar(at) {
            self.err(
                span,
                format!(
                    "invalid operand to `{}`: `{}`",
                    op.as_str(),
                    self.tyname(at)
                ),
                "",
            );
            return Opnd::Err;
        }
        let mut acc = self.truth(a, at);
        for rhs in spine.into_iter().rev() {
            acc = self.short_circuit_step(op, acc, rhs);
        }
        let it = self.t.prim(Prim::Int);
        self.bool_opnd(acc, it)
    }

    /// One step of `acc && r` / `acc || r` on scalars: `r` is evaluated only when needed.
    pub(crate) fn short_circuit_step(&mut self, op: BinaryOp, ca: Value, r: ExprId) -> Value {
        let rhs_b = self.new_block();
        let merge = self.new_block();
        let res = self.fx.body.append_block_param(merge, Type::I1);
        // a && b: if a goto rhs else merge(false); a || b: if a goto merge(true) else rhs.
        let (t_call, e_call) = if op == BinaryOp::LogAnd {
            (
                kauai_ir::BlockCall::new(rhs_b, vec![]),
                kauai_ir::BlockCall::new(merge, vec![ca]),
            )
        } else {
            (
                kauai_ir::BlockCall::new(merge, vec![ca]),
                kauai_ir::BlockCall::new(rhs_b, vec![]),
            )
        };
        self.terminate(InstKind::Brif(ca, t_call, e_call));
        self.start_block(rhs_b);
        let cb = match self.rv(r) {
            Some((b, bt)) if self.t.is_scalar(bt) => self.truth(b, bt),
            Some((_, bt)) => {
                let sp = self.espan(r);
                self.err(
                    sp,
                    format!(
                        "invalid operand to `{}`: `{}`",
                        op.as_str(),
                        self.tyname(bt)
                    ),
                    "expected a scalar",
                );
                self.ins(InstKind::Const(Const::Zero), Type::I1)
            }
            None => self.ins(InstKind::Const(Const::Zero), Type::I1),
        };
        self.jump(merge, vec![cb]);
        self.start_block(merge);
        res
    }

    pub(crate) fn assign(
        &mut self,
        op: Option<BinaryOp>,
        l: ExprId,
        r: ExprId,
        span: Span,
    ) -> Opnd {
        let target = self.expr(l);
        let lspan = self.espan(l);
        if !self.check_assignable(&target, lspan, "assign to") {
            let _ = self.expr(r);
            return Opnd::Err;
        }
        let lt = self.opnd_ty(&target);
        if let (None, TyKind::Record(_), Opnd::L(dst)) = (op, self.t.kind(lt), &target) {
            let src = self.expr(r);
            return match src {
                Opnd::L(s) if s.ty == lt => {
                    self.copy_mem(dst.ptr, s.ptr, lt);
                    Opnd::L(*dst)
                }
                Opnd::Err => Opnd::Err,
                other => {
                    let st = self.opnd_ty(&other);
                    self.err(
                        span,
                        format!(
                            "cannot assign `{}` to `{}`",
                            self.tyname(st),
                            self.tyname(lt)
                        ),
                        "",
                    );
                    Opnd::Err
                }
            };
        }
        let value = match op {
            None => {
                let Some((v, t)) = self.rv(r) else {
                    return Opnd::Err;
                };
                self.implicit(v, t, lt, span, "in assignment")
            }
            Some(bop) => {
                let Some(cur) = self.rvalue_of(target.clone(), lspan) else {
                    return Opnd::Err;
                };
                let Some(b) = self.rv(r) else {
                    return Opnd::Err;
                };
                match self.binop_values(bop, cur, b, span) {
                    Some((v, t)) => {
                        if self.t.as_ptr(t).is_some() {
                            Some(v)
                        } else {
                            self.implicit(v, t, lt, span, "in compound assignment")
                        }
                    }
                    None => None,
                }
            }
        };
        let Some(v) = value else { return Opnd::Err };
        self.store_opnd(&target, v, span);
        Opnd::R(v, lt)
    }

    pub(crate) fn conditional(&mut self, c: ExprId, a: ExprId, b: ExprId, span: Span) -> Opnd {
        let Some((cv, ct)) = self.rv(c) else {
            return Opnd::Err;
        };
        if self.t.is_vector(ct) {
            return self.vector_select_expr((cv, ct), a, b, span);
        }
        if !self.t.is_scalar(ct) {
            self.err(
                self.espan(c),
                format!("a condition must be a scalar, found `{}`", self.tyname(ct)),
                "",
            );
            return Opnd::Err;
        }
        let cb = self.truth(cv, ct);
        let tb = self.new_block();
        let eb = self.new_block();
        let merge = self.new_block();
        self.brif(cb, tb, eb);
        self.start_block(tb);
        let x = self.expr(a);
        let x_end = self.blk();
        self.fx.cur = None;
        self.start_block(eb);
        let y = self.expr(b);
        let y_end = self.blk();
        self.fx.cur = None;
        let (xt, yt) = (self.opnd_ty(&x), self.opnd_ty(&y));
        if matches!(x, Opnd::Err) || matches!(y, Opnd::Err) {
            for blk in [x_end, y_end] {
                self.fx.cur = Some(blk);
                self.jump(merge, vec![]);
            }
            self.start_block(merge);
            return Opnd::Err;
        }
        // Records: merge the addresses.
        if let (Opnd::L(lx), Opnd::L(ly), TyKind::Record(_)) = (&x, &y, self.t.kind(xt)) {
            if xt == yt && lx.space == ly.space {
                let p = self.fx.body.append_block_param(merge, Type::Ptr(lx.space));
                self.fx.cur = Some(x_end);
                self.jump(merge, vec![lx.ptr]);
                self.fx.cur = Some(y_end);
                self.jump(merge, vec![ly.ptr]);
                self.start_block(merge);
                return Opnd::L(LVal { ptr: p, ..*lx });
            }
        }
        if xt == T_VOID || yt == T_VOID {
            for blk in [x_end, y_end] {
                self.fx.cur = Some(blk);
                self.jump(merge, vec![]);
            }
            self.start_block(merge);
            if xt != yt {
                self.err(span, "one arm of `?:` is void and the other is not", "");
                return Opnd::Err;
            }
            return Opnd::Void;
        }
        // Values: load in each arm, convert to the result type there.
        self.fx.cur = Some(x_end);
        let xv = self.rvalue_of(x, span);
        let x_end = self.blk();
        self.fx.cur = Some(y_end);
        let yv = self.rvalue_of(y, span);
        let y_end = self.blk();
        self.fx.cur = None;
        let (Some((xv, xt)), Some((yv, yt))) = (xv, yv) else {
            for blk in [x_end, y_end] {
                self.fx.cur = Some(blk);
                self.jump(merge, vec![]);
            }
            self.start_block(merge);
            return Opnd::Err;
        };
        let rt = match (self.t.kind(xt), self.t.kind(yt)) {
            (TyKind::Ptr(_), _) if xt == yt => Some(xt),
            (TyKind::Ptr(_), TyKind::Ptr(_)) => {
                if self.is_null_const(yv, yt) {
                    Some(xt)
                } else if self.is_null_const(xv, xt) {
                    Some(yt)
                } else {
                    Some(xt)
                }
            }
            (TyKind::Ptr(_), _) => Some(xt),
            (_, TyKind::Ptr(_)) => Some(yt),
            _ => self.common_type(xt, yt, span, "?:"),
        };
        let Some(rt) = rt else {
            for blk in [x_end, y_end] {
                self.fx.cur = Some(blk);
                self.jump(merge, vec![]);
            }
            self.start_block(merge);
            return Opnd::Err;
        };
        let res = self.fx.body.append_block_param(merge, self.vty(rt));
        let mut ok = true;
        for (blk, v, t) in [(x_end, xv, xt), (y_end, yv, yt)] {
            self.fx.cur = Some(blk);
            match self.implicit(v, t, rt, span, "in `?:`") {
                Some(v) => self.jump(merge, vec![v]),
                None => {
                    ok = false;
                    let u = self.ins(InstKind::Const(Const::Undef), self.vty(rt));
                    self.jump(merge, vec![u]);
                }
            }
        }
        self.start_block(merge);
        if ok {
            Opnd::R(res, rt)
        } else {
            Opnd::Err
        }
    }

    /// `c ? a : b` with a vector condition: lane-wise on the most significant bit of `c`.
    pub(crate) fn vector_select_expr(
        &mut self,
        (cv, ct): (Value, Ty),
        a: ExprId,
        b: ExprId,
        span: Span,
    ) -> Opnd {
        let Some((x, xt)) = self.rv(a) else {
            return Opnd::Err;
        };
        let Some((y, yt)) = self.rv(b) else {
            return Opnd::Err;
        };
        let Some(rt) = self.common_type(xt, yt, span, "?:") else {
            return Opnd::Err;
        };
        let rt = if self.t.is_vector(rt) {
            rt
        } else {
            let (p, _) = self.t.elem_lanes(rt).unwrap_or((Prim::Int, 1));
            let n = self.t.elem_lanes(ct).map(|x| x.1).unwrap_or(1);
            self.t.vector(p, n)
        };
        let (Some((cp, cn)), Some((rp, rn))) = (self.t.elem_lanes(ct), self.t.elem_lanes(rt))
        else {
            return Opnd::Err;
        };
        if cp.is_float() || cn != rn || cp.bits() != rp.bits() {
            self.err(
                span,
                format!(
                    "vector condition `{}` does not match the result type `{}`",
                    self.tyname(ct),
                    self.tyname(rt)
                ),
                "the condition must be an integer vector with as many lanes of the same width",
            );
            return Opnd::Err;
        }
        let x = self.conv(x, xt, rt);
        let y = self.conv(y, yt, rt);
        let z = self.zero(ct);
        let bt = self.vty(ct).with_elem(kauai_ir::Scalar::I1);
        let m = self.ins(InstKind::Icmp(IntCC::Slt, cv, z), bt);
        Opnd::R(self.ins(InstKind::Select(m, x, y), self.vty(rt)), rt)
    }
}
