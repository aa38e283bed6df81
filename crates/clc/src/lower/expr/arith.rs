//! Arithmetic on values: the binary operators on scalars and vectors, and pointer
//! arithmetic (offsets in bytes, differences, comparisons).

use super::*;

impl Lowerer<'_> {
    /// `a op b` of type `t`. Half operands are computed in float and rounded once to
    /// half: exact for `+ - * /` (float's 24 bits are at least 2 * 11 + 2), so the IR
    /// has no half arithmetic for an executor to get wrong.
    pub(crate) fn arith_op(&mut self, op: IBin, a: Value, b: Value, t: Ty) -> Value {
        match self.t.elem_lanes(t) {
            Some((Prim::Half, n)) if op.is_float() => {
                let ft = self.t.vector(Prim::Float, n);
                let fa = self.conv(a, t, ft);
                let fb = self.conv(b, t, ft);
                let r = self.ins(InstKind::Binary(op, fa, fb), self.vty(ft));
                self.conv(r, ft, t)
            }
            _ => {
                let vt = self.vty(t);
                self.ins(InstKind::Binary(op, a, b), vt)
            }
        }
    }

    /// A binary operator on two register values (also used by compound assignment).
    pub(crate) fn binop_values(
        &mut self,
        op: BinaryOp,
        (a, at): (Value, Ty),
        (b, bt): (Value, Ty),
        span: Span,
    ) -> Option<(Value, Ty)> {
        let opname = op.as_str();
        let (ak, bk) = (self.t.kind(at), self.t.kind(bt));
        // Pointers.
        if let (TyKind::Ptr(p), _) | (_, TyKind::Ptr(p)) = (ak, bk) {
            return self.pointer_binop(op, (a, at, ak), (b, bt, bk), p, span);
        }
        if at == T_ERROR || bt == T_ERROR {
            return None;
        }
        match op {
            BinaryOp::Shl | BinaryOp::Shr => {
                if !self.t.is_integer(at) || !self.t.is_integer(bt) {
                    self.err(
                        span,
                        format!(
                            "invalid operands to `{opname}`: `{}` and `{}`",
                            self.tyname(at),
                            self.tyname(bt)
                        ),
                        "shifts need integer operands",
                    );
                    return None;
                }
                let rt = match self.t.kind(at) {
                    TyKind::Prim(p) => self.t.prim(p.promote()),
                    _ => at,
                };
                if self.t.is_vector(bt) && !self.t.is_vector(at) {
                    self.err(span, "a scalar cannot be shifted by a vector", "");
                    return None;
                }
                if self.t.is_vector(bt) && bt != at {
                    self.err(
                        span,
                        format!(
                            "vector operands of `{opname}` have different types: `{}` and `{}`",
                            self.tyname(at),
                            self.tyname(bt)
                        ),
                        "",
                    );
                    return None;
                }
                let a = self.conv(a, at, rt);
                let b = self.conv(b, bt, rt);
                let signed = self.t.elem_lanes(rt).is_some_and(|(p, _)| p.is_signed());
                let iop = Self::int_binop(op, signed)?;
                let vt = self.vty(rt);
                return Some((self.ins(InstKind::Binary(iop, a, b), vt), rt));
            }
            _ => {}
        }
        let ct = self.common_type(at, bt, span, opname)?;
        let (p, _) = self.t.elem_lanes(ct)?;
        if p == Prim::Half
            && !self.need_fp16(
                span,
                "half arithmetic",
                &format!("`{opname}` on type 'half' requires cl_khr_fp16"),
            )
        {
            return None;
        }
        let a = self.conv(a, at, ct);
        let b = self.conv(b, bt, ct);
        let vt = self.vty(ct);
        match op {
            BinaryOp::Lt
            | BinaryOp::Gt
            | BinaryOp::Le
            | BinaryOp::Ge
            | BinaryOp::Eq
            | BinaryOp::Ne => {
                let bty = vt.with_elem(kauai_ir::Scalar::I1);
                let c = if p.is_float() {
                    let cc = match op {
                        BinaryOp::Lt => FloatCC::Olt,
                        BinaryOp::Gt => FloatCC::Ogt,
                        BinaryOp::Le => FloatCC::Ole,
                        BinaryOp::Ge => FloatCC::Oge,
                        BinaryOp::Eq => FloatCC::Oeq,
                        _ => FloatCC::Une,
                    };
                    self.ins(InstKind::Fcmp(cc, a, b), bty)
                } else {
                    let s = p.is_signed();
                    let cc = match op {
                        BinaryOp::Lt => {
                            if s {
                                IntCC::Slt
                            } else {
                                IntCC::Ult
                            }
                        }
                        BinaryOp::Gt => {
                            if s {
                                IntCC::Sgt
                            } else {
                                IntCC::Ugt
                            }
                        }
                        BinaryOp::Le => {
                            if s {
                                IntCC::Sle
                            } else {
                                IntCC::Ule
                            }
                        }
                        BinaryOp::Ge => {
                            if s {
                                IntCC::Sge
                            } else {
                                IntCC::Uge
                            }
                        }
                        BinaryOp::Eq => IntCC::Eq,
                        _ => IntCC::Ne,
                    };
                    self.ins(InstKind::Icmp(cc, a, b), bty)
                };
                Some(self.bool_to_int(c, ct))
            }
            BinaryOp::LogAnd | BinaryOp::LogOr => {
                // Vectors only (scalars short-circuit elsewhere): lane-wise, no short circuit.
                let ta = self.truth(a, ct);
                let tb = self.truth(b, ct);
                let bop = if op == BinaryOp::LogAnd {
                    IBin::And
                } else {
                    IBin::Or
                };
                let bty = vt.with_elem(kauai_ir::Scalar::I1);
                let c = self.ins(InstKind::Binary(bop, ta, tb), bty);
                Some(self.bool_to_int(c, ct))
            }
            _ => {
                let iop = if p.is_float() {
                    match op {
                        BinaryOp::Add => IBin::Fadd,
                        BinaryOp::Sub => IBin::Fsub,
                        BinaryOp::Mul => IBin::Fmul,
                        BinaryOp::Div => IBin::Fdiv,
                        _ => {
                            self.err(
                                span,
                                format!(
                                    "invalid operands to `{opname}`: `{}` and `{}`",
                                    self.tyname(at),
                                    self.tyname(bt)
                                ),
                                "this operator needs integer operands",
                            );
                            return None;
                        }
                    }
                } else {
                    Self::int_binop(op, p.is_signed())?
                };
                Some((self.arith_op(iop, a, b, ct), ct))
            }
        }
    }

    pub(crate) fn pointer_binop(
        &mut self,
        op: BinaryOp,
        (a, at, ak): (Value, Ty, TyKind),
        (b, bt, bk): (Value, Ty, TyKind),
        p: PtrTo,
        span: Span,
    ) -> Option<(Value, Ty)> {
        let int = |k: TyKind| matches!(k, TyKind::Prim(q) if q.is_int());
        match (op, ak, bk) {
            (BinaryOp::Add, TyKind::Ptr(_), k) if int(k) => {
                Some((self.ptr_offset(a, p, b, bt, false, span), at))
            }
            (BinaryOp::Add, k, TyKind::Ptr(_)) if int(k) => {
                Some((self.ptr_offset(b, p, a, at, false, span), bt))
            }
            (BinaryOp::Sub, TyKind::Ptr(_), k) if int(k) => {
                Some((self.ptr_offset(a, p, b, bt, true, span), at))
            }
            (BinaryOp::Sub, TyKind::Ptr(pa), TyKind::Ptr(pb)) => {
                if pa.space != pb.space || pa.pointee != pb.pointee {
                    self.err(
                        span,
                        format!(
                            "cannot subtract `{}` and `{}`",
                            self.tyname(at),
                            self.tyname(bt)
                        ),
                        "pointers must have the same type",
                    );
                    return None;
                }
                let st = self.m.data_layout.size_type();
                let ia = self.convert_inst(ConvOp::PtrToInt, a, st);
                let ib = self.convert_inst(ConvOp::PtrToInt, b, st);
                let d = self.ins(InstKind::Binary(IBin::Isub, ia, ib), st);
                let size = self.t.size_of(pa.pointee).max(1);
                let s = self.size_const(size);
                let q = self.ins(InstKind::Binary(IBin::Sdiv, d, s), st);
                let pd = self.ptrdiff_prim();
                Some((q, self.t.prim(pd)))
            }
            (
                BinaryOp::Lt
                | BinaryOp::Gt
                | BinaryOp::Le
                | BinaryOp::Ge
                | BinaryOp::Eq
                | BinaryOp::Ne,
                _,
                _,
            ) => {
                // Pointer against pointer of the same space, or against a null constant.
                let (a, b) = match (ak, bk) {
                    (TyKind::Ptr(pa), TyKind::Ptr(pb)) => {
                        if pa.space != pb.space {
                            if self.is_null_const(b, bt) {
                                (
                                    a,
                                    self.ins(InstKind::Const(Const::Zero), Type::Ptr(pa.space)),
                                )
                            } else if self.is_null_const(a, at) {
                                (
                                    self.ins(InstKind::Const(Const::Zero), Type::Ptr(pb.space)),
                                    b,
                                )
                            } else {
                                self.err(
                                    span,
                                    format!(
                                        "cannot compare `{}` and `{}`",
                                        self.tyname(at),
                                        self.tyname(bt)
                                    ),
                                    "the address spaces differ",
                                );
                                return None;
                            }
                        } else {
                            (a, b)
                        }
                    }
                    (TyKind::Ptr(pa), _) if self.is_null_const(b, bt) => (
                        a,
                        self.ins(InstKind::Const(Const::Zero), Type::Ptr(pa.space)),
                    ),
                    (_, TyKind::Ptr(pb)) if self.is_null_const(a, at) => (
                        self.ins(InstKind::Const(Const::Zero), Type::Ptr(pb.space)),
                        b,
                    ),
                    _ => {
                        self.err(
                            span,
                            format!(
                                "cannot compare `{}` and `{}`",
                                self.tyname(at),
                                self.tyname(bt)
                            ),
                            "",
                        );
                        return None;
                    }
                };
                let cc = match op {
                    BinaryOp::Lt => IntCC::Ult,
                    BinaryOp::Gt => IntCC::Ugt,
                    BinaryOp::Le => IntCC::Ule,
                    BinaryOp::Ge => IntCC::Uge,
                    BinaryOp::Eq => IntCC::Eq,
                    _ => IntCC::Ne,
                };
                let c = self.ins(InstKind::Icmp(cc, a, b), Type::I1);
                let int = self.t.prim(Prim::Int);
                Some(self.bool_to_int(c, int))
            }
            (BinaryOp::LogAnd | BinaryOp::LogOr, _, _) => None,
            _ => {
                self.err(
                    span,
                    format!(
                        "invalid operands to `{}`: `{}` and `{}`",
                        op.as_str(),
                        self.tyname(at),
                        self.tyname(bt)
                    ),
                    "",
                );
                None
            }
        }
    }

    /// `p + i` (or `p - i`) in units of the pointee. A constant offset whose bytes do not
    /// fit `ptrdiff_t` is an error at `span`: no object is that large, and on a device with
    /// 32-bit addresses the sum would wrap back into the buffer, where no executor can
    /// tell it from a valid access.
    pub(crate) fn ptr_offset(
        &mut self,
        p: Value,
        pt: PtrTo,
        i: Value,
        it: Ty,
        negate: bool,
        span: Span,
    ) -> Value {
        let sp = self.t.prim(self.ptrdiff_prim());
        let idx = self.conv(i, it, sp);
        let size = self.t.size_of(pt.pointee).max(1);
        let st = self.m.data_layout.size_type();
        let mut off = if size == 1 {
            idx
        } else if let Some(k) = self.folded_int(idx, 16) {
            let bits = self.m.data_layout.pointer_bytes * 8;
            let k = ((k << (64 - bits)) as i64) >> (64 - bits);
            let bytes = (k as i128) * (size as i128) * if negate { -1 } else { 1 };
            let limit = 1i128 << (bits - 1);
            if bytes < -limit || bytes >= limit {
                self.err(
                    span,
                    format!(
                        "this pointer offset is {bytes} bytes, beyond the {bits}-bit addresses of the device"
                    ),
                    format!("offsets must fit `ptrdiff_t` ({bits} bits)"),
                );
            }
            let c = bytes as i64;
            let c = self.size_const(c as u64);
            return self.ins(InstKind::PtrAdd(p, c), Type::Ptr(pt.space));
        } else {
            let s = self.size_const(size);
            self.ins(InstKind::Binary(IBin::Imul, idx, s), st)
        };
        if negate {
            off = self.ins(InstKind::Unary(IUn::Ineg, off), st);
        }
        self.ins(InstKind::PtrAdd(p, off), Type::Ptr(pt.space))
    }

    pub(crate) fn byte_offset(&mut self, p: Value, off: u64, space: AddrSpace) -> Value {
        if off == 0 {
            return p;
        }
        let o = self.size_const(off);
        self.ins(InstKind::PtrAdd(p, o), Type::Ptr(space))
    }

    // -- expressions ----------------------------------------------------------------------
}
