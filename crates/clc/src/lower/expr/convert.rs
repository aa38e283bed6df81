//! Conversions: between scalar and vector types (the usual arithmetic conversions
//! with OpenCL's vector rules), truth values, implicit conversions with their
//! diagnostics, constants seen through the emitted instructions.

use super::*;

impl Lowerer<'_> {
    pub(crate) fn convert_inst(&mut self, op: ConvOp, v: Value, to: Type) -> Value {
        self.ins(
            InstKind::Convert {
                op,
                arg: v,
                rounding: Rounding::Default,
                saturate: false,
            },
            to,
        )
    }

    /// Truth value (`i1`, or lanes of `i1`) of a scalar or vector: `x != 0`.
    pub(crate) fn truth(&mut self, v: Value, t: Ty) -> Value {
        let vt = self.vty(t);
        if vt.is_bool() {
            return v;
        }
        // `(a < b) != 0` is `a < b`: skip the round trip through int.
        if let Some(i) = self.fx.body.value_inst(v) {
            if let InstKind::Convert {
                op: ConvOp::Zext | ConvOp::Sext,
                arg,
                ..
            } = self.fx.body.insts[i].kind
            {
                if self.fx.body.value_type(arg).is_bool() {
                    return arg;
                }
            }
        }
        let z = self.ins(InstKind::Const(Const::Zero), vt);
        let bt = vt.with_elem(kauai_ir::Scalar::I1);
        if vt.is_float() {
            self.ins(InstKind::Fcmp(FloatCC::Une, v, z), bt)
        } else {
            let bt = if vt.is_ptr() { Type::I1 } else { bt };
            self.ins(InstKind::Icmp(IntCC::Ne, v, z), bt)
        }
    }

    /// Numeric conversion between arithmetic types (scalar to vector splats). No checks.
    pub(crate) fn conv(&mut self, v: Value, from: Ty, to: Ty) -> Value {
        if from == to {
            return v;
        }
        let (Some((fp, fl)), Some((tp, tl))) = (self.t.elem_lanes(from), self.t.elem_lanes(to))
        else {
            return v;
        };
        if fl == 1 && tl > 1 {
            let tpt = self.t.prim(tp);
            let s = self.conv(v, from, tpt);
            return self.ins(InstKind::Splat(s), self.vty(to));
        }
        let to_vt = self.vty(to);
        if fp == tp {
            return v;
        }
        if tp == Prim::Bool {
            return self.truth(v, from);
        }
        if fp == Prim::Bool {
            return if tp.is_float() {
                self.convert_inst(ConvOp::UiToFp, v, to_vt)
            } else {
                self.convert_inst(ConvOp::Zext, v, to_vt)
            };
        }
        if fp.is_int() && tp.is_int() && fl == 1 {
            if let Some(bits) = self.const_bits(v) {
                // Fold conversions of integer constants (array indices, literals).
                let m = if fp.bits() >= 64 {
                    u64::MAX
                } else {
                    (1u64 << fp.bits()) - 1
                };
                let mut x = bits & m;
                if fp.is_signed() && fp.bits() < 64 && (x >> (fp.bits() - 1)) & 1 == 1 {
                    x |= !m;
                }
                return self.ins(InstKind::Const(Const::Scalar(ConstScalar::Int(x))), to_vt);
            }
        }
        match (fp.is_float(), tp.is_float()) {
            (false, false) => {
                if tp.bits() < fp.bits() {
                    self.convert_inst(ConvOp::Trunc, v, to_vt)
                } else if tp.bits() > fp.bits() {
                    let op = if fp.is_signed() {
                        ConvOp::Sext
                    } else {
                        ConvOp::Zext
                    };
                    self.convert_inst(op, v, to_vt)
                } else {
                    v
                }
            }
            (false, true) => {
                let op = if fp.is_signed() {
                    ConvOp::SiToFp
                } else {
                    ConvOp::UiToFp
                };
                self.convert_inst(op, v, to_vt)
            }
            (true, false) => {
                let op = if tp.is_signed() {
                    ConvOp::FpToSi
                } else {
                    ConvOp::FpToUi
                };
                self.convert_inst(op, v, to_vt)
            }
            (true, true) => {
                let op = if tp.bits() > fp.bits() {
                    ConvOp::FpExt
                } else {
                    ConvOp::FpTrunc
                };
                self.convert_inst(op, v, to_vt)
            }
        }
    }

    /// The bits of an integer constant value.
    pub(crate) fn const_bits(&self, v: Value) -> Option<u64> {
        let i = self.fx.body.value_inst(v)?;
        match self.fx.body.insts[i].kind {
            InstKind::Const(Const::Scalar(ConstScalar::Int(b))) => Some(b),
            InstKind::Const(Const::Zero) if self.fx.body.value_type(v).is_int() => Some(0),
            _ => None,
        }
    }

    /// The bits of an integer value computed from constants only (`1 << 30`, `(int)4u * 3`),
    /// folded as the IR would run it, looking through at most `depth` instructions. The
    /// front end emits such expressions as instructions; this only reads them.
    pub(crate) fn folded_int(&self, v: Value, depth: u32) -> Option<u64> {
        if let Some(b) = self.const_bits(v) {
            return Some(b);
        }
        let Type::Scalar(sc) = self.fx.body.value_type(v) else {
            return None;
        };
        if depth == 0 || sc.is_float() {
            return None;
        }
        let body = &self.fx.body;
        let arg_scalar = |a: Value| match body.value_type(a) {
            Type::Scalar(s) if !s.is_float() => Some(s),
            _ => None,
        };
        match body.insts[body.value_inst(v)?].kind {
            InstKind::Unary(op, a) if !op.is_float() => Some(kauai_ir::lanes::unary(
                op,
                sc,
                self.folded_int(a, depth - 1)?,
            )),
            InstKind::Binary(op, a, b) if !op.is_float() => Some(kauai_ir::lanes::binary(
                op,
                sc,
                self.folded_int(a, depth - 1)?,
                self.folded_int(b, depth - 1)?,
            )),
            InstKind::Convert {
                op,
                arg,
                rounding,
                saturate,
            } => Some(kauai_ir::lanes::convert(
                op,
                Some(arg_scalar(arg)?),
                Some(sc),
                rounding,
                saturate,
                self.folded_int(arg, depth - 1)?,
            )),
            _ => None,
        }
    }

    /// The value of a float constant.
    pub(crate) fn const_float(&self, v: Value) -> Option<ConstScalar> {
        let i = self.fx.body.value_inst(v)?;
        match self.fx.body.insts[i].kind {
            InstKind::Const(Const::Scalar(c @ ConstScalar::Float(_))) => Some(c),
            _ => None,
        }
    }

    /// Is `v` a null pointer constant (`0` or `(void*)0`)?
    pub(crate) fn is_null_const(&self, v: Value, t: Ty) -> bool {
        let ok_ty = match self.t.kind(t) {
            TyKind::Prim(p) => p.is_int(),
            TyKind::Ptr(p) => self.t.kind(p.pointee) == TyKind::Void,
            _ => false,
        };
        if !ok_ty {
            return false;
        }
        let Some(i) = self.fx.body.value_inst(v) else {
            return false;
        };
        matches!(
            self.fx.body.insts[i].kind,
            InstKind::Const(Const::Zero) | InstKind::Const(Const::Scalar(ConstScalar::Int(0)))
        )
    }

    /// An implicit conversion (assignment, initialization, argument passing, return).
    pub(crate) fn implicit(
        &mut self,
        v: Value,
        from: Ty,
        to: Ty,
        span: Span,
        what: &str,
    ) -> Option<Value> {
        if from == to {
            return Some(v);
        }
        if from == T_ERROR || to == T_ERROR {
            return None;
        }
        match (self.t.kind(from), self.t.kind(to)) {
            (TyKind::Prim(_), TyKind::Prim(_)) => Some(self.conv(v, from, to)),
            (TyKind::Prim(p), TyKind::Vector(q, _)) => {
                if p.is_float() && q.is_int() {
                    self.err(
                        span,
                        format!(
                            "cannot convert `{}` to `{}` implicitly {what}",
                            self.tyname(from),
                            self.tyname(to)
                        ),
                        "a floating-point scalar does not widen to an integer vector",
                    );
                    return None;
                }
                Some(self.conv(v, from, to))
            }
            (TyKind::Vector(..), TyKind::Vector(..)) | (TyKind::Vector(..), TyKind::Prim(_)) => {
                let hint = match self.t.kind(to) {
                    TyKind::Vector(..) => format!(
                        "use convert_{}() or as_{}()",
                        self.tyname(to),
                        self.tyname(to)
                    ),
                    _ => "vectors do not convert implicitly".to_string(),
                };
                self.err(
                    span,
                    format!(
                        "cannot convert `{}` to `{}` {what}",
                        self.tyname(from),
                        self.tyname(to)
                    ),
                    hint,
                );
                None
            }
            (TyKind::Ptr(a), TyKind::Ptr(b)) => {
                if self.is_null_const(v, from) {
                    return Some(self.ins(InstKind::Const(Const::Zero), self.vty(to)));
                }
                if a.space != b.space {
                    self.err(
                        span,
                        format!(
                            "cannot convert `{}` to `{}` {what}: the address spaces differ",
                            self.tyname(from),
                            self.tyname(to)
                        ),
                        format!(
                            "this points to {} memory",
                            crate::lower::decl::space_word(a.space)
                        ),
                    );
                    return None;
                }
                let void = |l: &Self, t: Ty| l.t.kind(t) == TyKind::Void;
                if a.pointee != b.pointee && !void(self, a.pointee) && !void(self, b.pointee) {
                    self.warn(
                        span,
                        format!(
                            "incompatible pointer types: `{}` converted to `{}` {what}",
                            self.tyname(from),
                            self.tyname(to)
                        ),
                        "",
                    );
                } else if (a.is_const && !b.is_const) || (a.is_volatile && !b.is_volatile) {
                    self.warn(
                        span,
                        format!(
                            "conversion from `{}` to `{}` {what} discards qualifiers",
                            self.tyname(from),
                            self.tyname(to)
                        ),
                        "",
                    );
                }
                Some(v)
            }
            (TyKind::Prim(_), TyKind::Ptr(_)) if self.is_null_const(v, from) => {
                Some(self.ins(InstKind::Const(Const::Zero), self.vty(to)))
            }
            (TyKind::Ptr(_), TyKind::Prim(Prim::Bool)) => Some(self.truth(v, from)),
            _ => {
                self.err(
                    span,
                    format!(
                        "cannot convert `{}` to `{}` {what}",
                        self.tyname(from),
                        self.tyname(to)
                    ),
                    format!("this has type `{}`", self.tyname(from)),
                );
                None
            }
        }
    }

    /// A scalar condition as `i1`.
    pub(crate) fn cond(&mut self, e: ExprId) -> Option<Value> {
        let (v, t) = self.rv(e)?;
        if !self.t.is_scalar(t) {
            let sp = self.espan(e);
            self.err(
                sp,
                format!("a condition must be a scalar, found `{}`", self.tyname(t)),
                if self.t.is_vector(t) {
                    "use any() or all() on vectors"
                } else {
                    ""
                },
            );
            return None;
        }
        Some(self.truth(v, t))
    }

    // -- arithmetic typing ----------------------------------------------------------------

    pub(crate) fn scalar_common(a: Prim, b: Prim) -> Prim {
        if a.is_float() || b.is_float() {
            let fa = if a.is_float() { a } else { Prim::Half };
            let fb = if b.is_float() { b } else { Prim::Half };
            let r = fa.max(fb);
            return if r == Prim::Half {
                Prim::Float.min(a.max(b))
            } else {
                r
            };
        }
        let (a, b) = (a.promote(), b.promote());
        if a == b {
            return a;
        }
        if a.is_signed() == b.is_signed() {
            return if a.bits() >= b.bits() { a } else { b };
        }
        let (u, s) = if a.is_signed() { (b, a) } else { (a, b) };
        if u.bits() >= s.bits() {
            u
        } else {
            s
        }
    }

    /// The common type of two arithmetic operands (scalars widen to vectors).
    pub(crate) fn common_type(&mut self, a: Ty, b: Ty, span: Span, op: &str) -> Option<Ty> {
        match (self.t.kind(a), self.t.kind(b)) {
            (TyKind::Prim(p), TyKind::Prim(q)) => Some(self.t.prim(Self::scalar_common(p, q))),
            (TyKind::Vector(p, _), TyKind::Prim(q)) | (TyKind::Prim(q), TyKind::Vector(p, _)) => {
                if q.is_float() && p.is_int() {
                    self.err(
                        span,
                        format!(
                            "invalid operands to `{op}`: `{}` and `{}`",
                            self.tyname(a),
                            self.tyname(b)
                        ),
                        "a floating-point scalar does not widen to an integer vector",
                    );
                    return None;
                }
                Some(if self.t.is_vector(a) { a } else { b })
            }
            (TyKind::Vector(..), TyKind::Vector(..)) => {
                if a == b {
                    Some(a)
                } else {
                    self.err(
                        span,
                        format!(
                            "vector operands of `{op}` have different types: `{}` and `{}`",
                            self.tyname(a),
                            self.tyname(b)
                        ),
                        "OpenCL C has no implicit conversions between vector types",
                    );
                    None
                }
            }
            _ => {
                self.err(
                    span,
                    format!(
                        "invalid operands to `{op}`: `{}` and `{}`",
                        self.tyname(a),
                        self.tyname(b)
                    ),
                    "",
                );
                None
            }
        }
    }

    /// The integer type of comparison results: `int` for scalars, the signed integer
    /// vector of the operands' element width for vectors.
    pub(crate) fn cmp_result_ty(&mut self, t: Ty) -> Ty {
        match self.t.kind(t) {
            TyKind::Vector(p, n) => {
                let e = Prim::int_of(p.bits(), true);
                self.t.vector(e, n as u32)
            }
            _ => self.t.prim(Prim::Int),
        }
    }

    /// From `i1` lanes to the comparison result type (0/1 scalars, 0/-1 vector lanes).
    pub(crate) fn bool_to_int(&mut self, b: Value, operand_ty: Ty) -> (Value, Ty) {
        let rt = self.cmp_result_ty(operand_ty);
        let op = if self.t.is_vector(rt) {
            ConvOp::Sext
        } else {
            ConvOp::Zext
        };
        let vt = self.vty(rt);
        (self.convert_inst(op, b, vt), rt)
    }

    pub(crate) fn int_binop(op: BinaryOp, signed: bool) -> Option<IBin> {
        Some(match op {
            BinaryOp::Add => IBin::Iadd,
            BinaryOp::Sub => IBin::Isub,
            BinaryOp::Mul => IBin::Imul,
            BinaryOp::Div => {
                if signed {
                    IBin::Sdiv
                } else {
                    IBin::Udiv
                }
            }
            BinaryOp::Rem => {
                if signed {
                    IBin::Srem
                } else {
                    IBin::Urem
                }
            }
            BinaryOp::Shl => IBin::Shl,
            BinaryOp::Shr => {
                if signed {
                    IBin::Ashr
                } else {
                    IBin::Lshr
                }
            }
            BinaryOp::BitAnd => IBin::And,
            BinaryOp::BitOr => IBin::Or,
            BinaryOp::BitXor => IBin::Xor,
            _ => return None,
        })
    }
}
