//! Expressions: type checking (usual arithmetic conversions with the OpenCL vector
//! rules, address-space checks) and IR emission in one walk.

use kauai_diag::Span;
use kauai_ir::{
    AddrSpace, BinaryOp as IBin, Const, ConstScalar, ConvOp, FloatCC, InstKind, IntCC, Rounding,
    Type, UnaryOp as IUn, Value,
};

use super::Lowerer;
use crate::ast::{BinaryOp, ExprId, ExprKind, FloatSuffix, IntBase, LongSuffix, UnaryOp};
use crate::sema::scope::{Binding, Place};
use crate::sema::types::{Prim, PtrTo, Ty, TyKind, T_ERROR, T_VOID};

/// An object in memory.
#[derive(Copy, Clone, Debug)]
pub(crate) struct LVal {
    pub ptr: Value,
    pub ty: Ty,
    pub space: AddrSpace,
    pub is_const: bool,
    pub is_volatile: bool,
    /// The alignment the place is known to have: its type's, or less inside a packed
    /// struct (loads and stores must not claim more, or targets that split unaligned
    /// accesses cannot know to).
    pub align: u32,
}

/// The result of lowering an expression.
#[derive(Clone, Debug)]
pub(crate) enum Opnd {
    /// A value in a register.
    R(Value, Ty),
    /// An object in memory (also how struct and array values travel).
    L(LVal),
    /// Lanes of a vector object in memory (`v.xz`); lane indices past the end of a
    /// 3-vector stand for the undefined fourth lane.
    Swz(LVal, Vec<u32>),
    /// A bit-field: its storage unit (an integer object), bit position and width.
    Bits(LVal, u32, u32),
    Void,
    /// Already diagnosed.
    Err,
}

impl Lowerer<'_> {
    pub(crate) fn espan(&self, e: ExprId) -> Span {
        self.tu.exprs[e].span
    }

    /// Lower an expression to a register value (lvalues are loaded, arrays decay).
    /// `None` when it failed (diagnosed).
    pub(crate) fn rv(&mut self, e: ExprId) -> Option<(Value, Ty)> {
        let o = self.expr(e);
        let span = self.espan(e);
        self.rvalue_of(o, span)
    }

    pub(crate) fn rvalue_of(&mut self, o: Opnd, span: Span) -> Option<(Value, Ty)> {
        match o {
            Opnd::R(v, t) => Some((v, t)),
            Opnd::L(lv) => match self.t.kind(lv.ty) {
                TyKind::Array(e, _) => {
                    let pt = self.t.ptr(e, lv.space, lv.is_const, lv.is_volatile);
                    Some((lv.ptr, pt))
                }
                TyKind::Record(_) => {
                    self.err(
                        span,
                        format!(
                            "expected a scalar or vector, found `{}`",
                            self.tyname(lv.ty)
                        ),
                        "a struct or union value cannot be used here",
                    );
                    None
                }
                TyKind::Error => None,
                _ => self.load(&lv, span).map(|v| (v, lv.ty)),
            },
            Opnd::Swz(lv, lanes) => {
                let v = self.load(&lv, span)?;
                let (p, n) = self.t.elem_lanes(lv.ty)?;
                Some(self.swizzle_value(v, p, n, &lanes))
            }
            Opnd::Bits(lv, shift, width) => {
                let unit = self.load(&lv, span)?;
                Some((self.extract_bits(unit, lv.ty, shift, width), lv.ty))
            }
            Opnd::Void => {
                self.err(
                    span,
                    "a void value is not ignored as it ought to be",
                    "this has type void",
                );
                None
            }
            Opnd::Err => None,
        }
    }

    pub(crate) fn swizzle_value(
        &mut self,
        v: Value,
        p: Prim,
        n: u32,
        lanes: &[u32],
    ) -> (Value, Ty) {
        let clamp = |l: u32| l.min(n - 1);
        if lanes.len() == 1 {
            let t = self.t.prim(p);
            let r = self.ins(
                InstKind::Extract(v, clamp(lanes[0])),
                Type::Scalar(p.scalar()),
            );
            (r, t)
        } else {
            let t = self.t.vector(p, lanes.len() as u32);
            let mask: Vec<u32> = lanes.iter().map(|&l| clamp(l)).collect();
            let r = self.ins(InstKind::Shuffle(v, v, mask), self.vty(t));
            (r, t)
        }
    }

    pub(crate) fn load(&mut self, lv: &LVal, span: Span) -> Option<Value> {
        match self.t.kind(lv.ty) {
            TyKind::Prim(Prim::Half) => {
                self.err(
                    span,
                    "not supported yet: loads and stores of half values",
                    "half is a storage-only type; vload_half/vstore_half come later",
                );
                None
            }
            TyKind::Prim(Prim::Bool) => {
                let b = self.ins(
                    InstKind::Load {
                        ptr: lv.ptr,
                        align: 1,
                        volatile: lv.is_volatile,
                    },
                    Type::I8,
                );
                let z = self.ins(InstKind::Const(Const::Zero), Type::I8);
                Some(self.ins(InstKind::Icmp(IntCC::Ne, b, z), Type::I1))
            }
            TyKind::Prim(_)
            | TyKind::Vector(..)
            | TyKind::Ptr(_)
            | TyKind::Opaque(crate::ast::OpaqueType::Event) => {
                let align = lv.align.min(self.t.align_of(lv.ty) as u32).max(1);
                let vt = self.vty(lv.ty);
                Some(self.ins(
                    InstKind::Load {
                        ptr: lv.ptr,
                        align,
                        volatile: lv.is_volatile,
                    },
                    vt,
                ))
            }
            TyKind::Error => None,
            _ => {
                self.err(
                    span,
                    format!("cannot load a value of type `{}`", self.tyname(lv.ty)),
                    "",
                );
                None
            }
        }
    }

    /// Store a register value of C type `t` (bool as a byte).
    pub(crate) fn store_value(&mut self, ptr: Value, v: Value, t: Ty, volatile: bool) {
        let align = self.t.align_of(t) as u32;
        self.store_aligned(ptr, v, t, volatile, align);
    }

    /// Store into an lvalue, with the alignment its place is known to have.
    pub(crate) fn store_lval(&mut self, lv: &LVal, v: Value) {
        let align = lv.align.min(self.t.align_of(lv.ty) as u32).max(1);
        self.store_aligned(lv.ptr, v, lv.ty, lv.is_volatile, align);
    }

    pub(crate) fn store_aligned(
        &mut self,
        ptr: Value,
        v: Value,
        t: Ty,
        volatile: bool,
        align: u32,
    ) {
        if self.t.as_prim(t) == Some(Prim::Bool) {
            let b = self.ins(
                InstKind::Convert {
                    op: ConvOp::Zext,
                    arg: v,
                    rounding: Rounding::Default,
                    saturate: false,
                },
                Type::I8,
            );
            self.ins_void(InstKind::Store {
                ptr,
                value: b,
                align: 1,
                volatile,
            });
        } else {
            self.ins_void(InstKind::Store {
                ptr,
                value: v,
                align,
                volatile,
            });
        }
    }

    /// Store into an lvalue operand (plain or swizzled), checking const.
    pub(crate) fn store_opnd(&mut self, target: &Opnd, v: Value, span: Span) {
        match target {
            Opnd::L(lv) => {
                if self.t.as_prim(lv.ty) == Some(Prim::Half) {
                    self.err(
                        span,
                        "not supported yet: loads and stores of half values",
                        "",
                    );
                    return;
                }
                self.store_lval(lv, v)
            }
            Opnd::Bits(lv, shift, width) => {
                let Some(unit) = self.load(lv, span) else {
                    return;
                };
                let new = self.insert_bits(unit, v, lv.ty, *shift, *width);
                self.store_lval(lv, new);
            }
            Opnd::Swz(lv, lanes) => {
                let Some(old) = self.load(lv, span) else {
                    return;
                };
                let Some((_, n)) = self.t.elem_lanes(lv.ty) else {
                    return;
                };
                let new = if lanes.len() == 1 {
                    self.ins(InstKind::Insert(old, v, lanes[0]), self.vty(lv.ty))
                } else {
                    let mut mask: Vec<u32> = (0..n).collect();
                    for (i, &l) in lanes.iter().enumerate() {
                        if l < n {
                            mask[l as usize] = n + i as u32;
                        }
                    }
                    self.ins(InstKind::Shuffle(old, v, mask), self.vty(lv.ty))
                };
                self.store_lval(lv, new);
            }
            _ => {}
        }
    }

    /// The C type of an lvalue-or-value operand.
    pub(crate) fn opnd_ty(&mut self, o: &Opnd) -> Ty {
        match o {
            Opnd::R(_, t) => *t,
            Opnd::L(lv) => lv.ty,
            Opnd::Swz(lv, lanes) => match self.t.elem_lanes(lv.ty) {
                Some((p, _)) => self.t.vector(p, lanes.len() as u32),
                None => T_ERROR,
            },
            Opnd::Bits(lv, ..) => lv.ty,
            Opnd::Void => T_VOID,
            Opnd::Err => T_ERROR,
        }
    }

    /// The value of bits `shift..shift + width` of `unit` (sign-extended for signed
    /// types).
    pub(crate) fn extract_bits(&mut self, unit: Value, t: Ty, shift: u32, width: u32) -> Value {
        let Some(p) = self.t.as_prim(t) else {
            return unit;
        };
        let bits = p.bits();
        let vt = self.vty(t);
        let up = bits - shift - width;
        let up_c = self.iconst(t, up as i128);
        let hi = self.ins(InstKind::Binary(IBin::Shl, unit, up_c), vt);
        let down = self.iconst(t, (bits - width) as i128);
        let op = if p.is_signed() {
            IBin::Ashr
        } else {
            IBin::Lshr
        };
        self.ins(InstKind::Binary(op, hi, down), vt)
    }

    /// `unit` with bits `shift..shift + width` replaced by the low bits of `v`.
    pub(crate) fn insert_bits(
        &mut self,
        unit: Value,
        v: Value,
        t: Ty,
        shift: u32,
        width: u32,
    ) -> Value {
        let Some(p) = self.t.as_prim(t) else {
            return v;
        };
        let vt = self.vty(t);
        let field_mask: u128 = if width >= 128 {
            u128::MAX
        } else {
            (1u128 << width) - 1
        };
        let mask = (field_mask << shift)
            & if p.bits() >= 64 {
                u64::MAX as u128
            } else {
                (1u128 << p.bits()) - 1
            };
        let keep = self.iconst(t, !(mask as i128));
        let cleared = self.ins(InstKind::Binary(IBin::And, unit, keep), vt);
        let sh = self.iconst(t, shift as i128);
        let moved = self.ins(InstKind::Binary(IBin::Shl, v, sh), vt);
        let m = self.iconst(t, mask as i128);
        let part = self.ins(InstKind::Binary(IBin::And, moved, m), vt);
        self.ins(InstKind::Binary(IBin::Or, cleared, part), vt)
    }

    /// The type of an expression without keeping its code (for `sizeof`).
    pub(crate) fn type_of_expr(&mut self, e: ExprId) -> Ty {
        self.type_of_expr_impl(e, false)
    }

    /// Like [`Self::type_of_expr`], dropping diagnostics (the expression is lowered
    /// for real later, which reports them).
    pub(crate) fn type_of_expr_quiet(&mut self, e: ExprId) -> Ty {
        let (n, errs) = (self.diags.list.len(), self.errors);
        let t = self.type_of_expr_impl(e, true);
        self.diags.list.truncate(n);
        self.errors = errs;
        t
    }

    fn type_of_expr_impl(&mut self, e: ExprId, _quiet: bool) -> Ty {
        if !self.in_fn {
            return match self.ceval(e) {
                Ok(c) => self.cv_ty(&c),
                Err(()) => {
                    let sp = self.espan(e);
                    self.err(
                        sp,
                        "not supported yet: this expression at program scope",
                        "",
                    );
                    T_ERROR
                }
            };
        }
        let saved = self.fx.cur;
        let n = self.fx.body.order.len();
        let b = self.new_block();
        self.fx.body.order.push(b);
        self.fx.cur = Some(b);
        let o = self.expr(e);
        let t = self.opnd_ty(&o);
        self.fx.body.order.truncate(n);
        self.fx.cur = saved;
        t
    }

    // -- conversions ------------------------------------------------------------------

    fn convert_inst(&mut self, op: ConvOp, v: Value, to: Type) -> Value {
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
                        format!("this points to {} memory", super::decl::space_word(a.space)),
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
                Some((self.ins(InstKind::Binary(iop, a, b), vt), ct))
            }
        }
    }

    fn pointer_binop(
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
                Some((self.ptr_offset(a, p, b, bt, false), at))
            }
            (BinaryOp::Add, k, TyKind::Ptr(_)) if int(k) => {
                Some((self.ptr_offset(b, p, a, at, false), bt))
            }
            (BinaryOp::Sub, TyKind::Ptr(_), k) if int(k) => {
                Some((self.ptr_offset(a, p, b, bt, true), at))
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

    /// `p + i` (or `p - i`) in units of the pointee.
    pub(crate) fn ptr_offset(
        &mut self,
        p: Value,
        pt: PtrTo,
        i: Value,
        it: Ty,
        negate: bool,
    ) -> Value {
        let sp = self.t.prim(self.ptrdiff_prim());
        let idx = self.conv(i, it, sp);
        let size = self.t.size_of(pt.pointee).max(1);
        let st = self.m.data_layout.size_type();
        let mut off = if size == 1 {
            idx
        } else if let Some(k) = self.const_bits(idx) {
            let c = if negate {
                (k as i64).wrapping_mul(size as i64).wrapping_neg()
            } else {
                (k as i64).wrapping_mul(size as i64)
            };
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

    pub(crate) fn expr(&mut self, e: ExprId) -> Opnd {
        let tu = self.tu;
        let ex = &tu.exprs[e];
        let span = ex.span;
        match &ex.kind {
            ExprKind::Error => Opnd::Err,
            ExprKind::IntLit(lit) => {
                let p = int_literal_prim(lit.value, lit.base, lit.unsigned, lit.long);
                let t = self.t.prim(p);
                Opnd::R(self.iconst(t, lit.value as i128), t)
            }
            ExprKind::FloatLit(lit) => {
                let p = match lit.suffix {
                    FloatSuffix::F => Prim::Float,
                    FloatSuffix::None if self.opts.fp64 && !self.opts.single_precision_constant => {
                        Prim::Double
                    }
                    FloatSuffix::None => Prim::Float,
                    FloatSuffix::H => {
                        self.err(span, "not supported yet: half literals", "");
                        return Opnd::Err;
                    }
                    FloatSuffix::L => {
                        self.err(span, "`long double` is reserved in OpenCL C", "");
                        return Opnd::Err;
                    }
                };
                let t = self.t.prim(p);
                let v = if p == Prim::Float {
                    lit.value as f32 as f64
                } else {
                    lit.value
                };
                Opnd::R(self.fconst(t, v), t)
            }
            ExprKind::CharLit(c) => {
                let t = self.t.prim(Prim::Int);
                Opnd::R(self.iconst(t, c.value as i128), t)
            }
            ExprKind::StringLit(_) => {
                self.err(
                    span,
                    "not supported yet: string literals outside initializers",
                    "",
                );
                Opnd::Err
            }
            ExprKind::Ident(sym) => self.ident(*sym, span),
            ExprKind::Unary { op, operand } => self.unary(*op, *operand, span),
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, *lhs, *rhs, span),
            ExprKind::Assign { op, lhs, rhs } => self.assign(*op, *lhs, *rhs, span),
            ExprKind::Conditional {
                cond,
                then_expr,
                else_expr,
            } => self.conditional(*cond, *then_expr, *else_expr, span),
            ExprKind::Comma { lhs, rhs } => {
                // Left-deep chains of commas, iteratively.
                let mut rights = vec![*rhs];
                let mut leftmost = *lhs;
                while let ExprKind::Comma { lhs, rhs } = &tu.exprs[leftmost].kind {
                    rights.push(*rhs);
                    leftmost = *lhs;
                }
                let _ = self.expr(leftmost);
                let last = rights.remove(0);
                for r in rights.into_iter().rev() {
                    let _ = self.expr(r);
                }
                self.expr(last)
            }
            ExprKind::Cast { ty, expr } => self.cast_expr(*ty, *expr, span),
            ExprKind::VectorLiteral { ty, elems } => self.vector_literal(*ty, elems, span),
            ExprKind::CompoundLiteral { ty, init } => {
                let dt = self.type_name(*ty);
                let mut t = dt.ty;
                if t == T_ERROR {
                    return Opnd::Err;
                }
                if let TyKind::Array(el, 0) = self.t.kind(t) {
                    let n = self.init_array_len(el, init);
                    t = self.t.array(el, n.max(1));
                }
                let p = self.alloca_ty(t);
                self.init_local(p, t, init);
                Opnd::L(LVal {
                    ptr: p,
                    ty: t,
                    space: AddrSpace::Private,
                    is_const: dt.is_const,
                    is_volatile: false,
                    align: self.t.align_of(t) as u32,
                })
            }
            ExprKind::SizeofExpr(x) => {
                let t = self.type_of_expr(*x);
                self.sizeof_result(t, span)
            }
            ExprKind::SizeofType(tn) => {
                let t = self.type_name(*tn).ty;
                self.sizeof_result(t, span)
            }
            ExprKind::AlignofExpr(x) => {
                let t = self.type_of_expr(*x);
                let st = self.t.prim(self.size_prim());
                let a = self.t.align_of(t);
                Opnd::R(self.iconst(st, a as i128), st)
            }
            ExprKind::AlignofType(tn) => {
                let t = self.type_name(*tn).ty;
                let st = self.t.prim(self.size_prim());
                let a = self.t.align_of(t);
                Opnd::R(self.iconst(st, a as i128), st)
            }
            ExprKind::VecStepExpr(x) => {
                let t = self.type_of_expr(*x);
                self.vec_step_result(t, span)
            }
            ExprKind::VecStepType(tn) => {
                let t = self.type_name(*tn).ty;
                self.vec_step_result(t, span)
            }
            ExprKind::Call { callee, args } => self.call(*callee, args, span),
            ExprKind::Index { base, index } => self.index(*base, *index, span),
            ExprKind::Member {
                base,
                member,
                arrow,
            } => self.member(*base, *member, *arrow, span),
        }
    }

    fn sizeof_result(&mut self, t: Ty, span: Span) -> Opnd {
        if t == T_ERROR {
            return Opnd::Err;
        }
        if !self.is_complete(t) {
            self.err(
                span,
                format!("sizeof of incomplete type `{}`", self.tyname(t)),
                "",
            );
            return Opnd::Err;
        }
        let st = self.t.prim(self.size_prim());
        let s = self.t.size_of(t);
        Opnd::R(self.iconst(st, s as i128), st)
    }

    fn vec_step_result(&mut self, t: Ty, span: Span) -> Opnd {
        let n = match self.t.kind(t) {
            TyKind::Vector(_, 3) => 4,
            TyKind::Vector(_, n) => n as i128,
            TyKind::Prim(_) => 1,
            TyKind::Error => return Opnd::Err,
            _ => {
                self.err(
                    span,
                    format!("vec_step of `{}`", self.tyname(t)),
                    "expected a scalar or vector type",
                );
                return Opnd::Err;
            }
        };
        let it = self.t.prim(Prim::Int);
        Opnd::R(self.iconst(it, n), it)
    }

    pub(crate) fn place_ptr(&mut self, place: Place) -> Value {
        match place {
            Place::Ptr(p) => p,
            Place::Global(g) => {
                let space = self.m.globals[g].space;
                self.ins(InstKind::GlobalAddr(g), Type::Ptr(space))
            }
        }
    }

    fn ident(&mut self, sym: crate::ast::Symbol, span: Span) -> Opnd {
        match self.sc.lookup(sym) {
            Some(Binding::Var(v)) => {
                if v.ty == T_ERROR {
                    return Opnd::Err;
                }
                let ptr = self.place_ptr(v.place);
                Opnd::L(LVal {
                    ptr,
                    ty: v.ty,
                    space: v.space,
                    is_const: v.is_const,
                    is_volatile: v.is_volatile,
                    align: self.t.align_of(v.ty) as u32,
                })
            }
            Some(Binding::EnumConst(val, t)) => Opnd::R(self.iconst(t, val as i128), t),
            Some(Binding::Func(_)) => {
                let n = self.name(sym).to_string();
                self.err(
                    span,
                    format!("function `{n}` used as a value"),
                    "function pointers are not allowed in OpenCL C",
                );
                Opnd::Err
            }
            Some(Binding::Typedef { .. }) => {
                let n = self.name(sym).to_string();
                self.err(
                    span,
                    format!("unexpected type name `{n}`"),
                    "expected an expression",
                );
                Opnd::Err
            }
            None => {
                let n = self.name(sym).to_string();
                let mut d =
                    kauai_diag::Diagnostic::error(format!("use of undeclared identifier `{n}`"))
                        .at(span, "not declared in this scope");
                if let Some(s) = self.suggest(&n, false) {
                    d = d.note(format!("did you mean `{s}`?"));
                }
                self.push_diag(d);
                Opnd::Err
            }
        }
    }

    fn check_assignable(&mut self, o: &Opnd, span: Span, what: &str) -> bool {
        match o {
            Opnd::L(lv) | Opnd::Swz(lv, _) | Opnd::Bits(lv, ..) => {
                if lv.is_const || lv.space == AddrSpace::Constant {
                    self.err(
                        span,
                        format!("cannot {what} a const-qualified object"),
                        "this is read-only",
                    );
                    return false;
                }
                if matches!(self.t.kind(lv.ty), TyKind::Array(..)) {
                    self.err(
                        span,
                        format!("cannot {what} an array"),
                        "arrays are not assignable",
                    );
                    return false;
                }
                if let Opnd::Swz(_, lanes) = o {
                    let n = self.t.elem_lanes(lv.ty).map(|x| x.1).unwrap_or(0);
                    let mut seen = 0u32;
                    for &l in lanes {
                        if l >= n || seen & (1 << l) != 0 {
                            self.err(
                                span,
                                format!("cannot {what} this swizzle"),
                                "its lanes must be distinct and defined",
                            );
                            return false;
                        }
                        seen |= 1 << l;
                    }
                }
                true
            }
            Opnd::Err => false,
            _ => {
                self.err(
                    span,
                    format!("cannot {what} this expression"),
                    "expected an lvalue",
                );
                false
            }
        }
    }

    fn unary(&mut self, op: UnaryOp, x: ExprId, span: Span) -> Opnd {
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
                        self.ptr_offset(old, p, one, it, dec)
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
                        self.ins(InstKind::Binary(bop, old, one), self.vty(t))
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

    fn bool_opnd(&mut self, c: Value, t: Ty) -> Opnd {
        let (r, rt) = self.bool_to_int(c, t);
        Opnd::R(r, rt)
    }

    fn binary(&mut self, op: BinaryOp, l: ExprId, r: ExprId, span: Span) -> Opnd {
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
    fn logical(&mut self, op: BinaryOp, l: ExprId, r: ExprId, span: Span) -> Opnd {
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
    fn short_circuit_step(&mut self, op: BinaryOp, ca: Value, r: ExprId) -> Value {
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

    fn assign(&mut self, op: Option<BinaryOp>, l: ExprId, r: ExprId, span: Span) -> Opnd {
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

    fn conditional(&mut self, c: ExprId, a: ExprId, b: ExprId, span: Span) -> Opnd {
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
    fn vector_select_expr(
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

    fn cast_expr(&mut self, tn: crate::ast::TypeNameId, x: ExprId, span: Span) -> Opnd {
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

    fn vector_literal(&mut self, tn: crate::ast::TypeNameId, elems: &[ExprId], span: Span) -> Opnd {
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

    fn cast_like(&mut self, to: Ty, e: ExprId, span: Span) -> Opnd {
        let Some((v, from)) = self.rv(e) else {
            return Opnd::Err;
        };
        match self.cast_value(v, from, to, span) {
            Some(v) => Opnd::R(v, to),
            None => Opnd::Err,
        }
    }

    fn index(&mut self, base: ExprId, index: ExprId, span: Span) -> Opnd {
        let bo = self.expr(base);
        // A vector in memory: index its elements directly.
        if let Opnd::L(lv) = &bo {
            if let TyKind::Vector(p, _) = self.t.kind(lv.ty) {
                let lv = *lv;
                let Some((i, it)) = self.rv(index) else {
                    return Opnd::Err;
                };
                if !self.t.is_integer(it) || self.t.is_vector(it) {
                    self.err(self.espan(index), "a subscript must be an integer", "");
                    return Opnd::Err;
                }
                let et = self.t.prim(p);
                let pt = PtrTo {
                    pointee: et,
                    space: lv.space,
                    is_const: lv.is_const,
                    is_volatile: lv.is_volatile,
                };
                let ptr = self.ptr_offset(lv.ptr, pt, i, it, false);
                let align = lv.align.min(self.t.align_of(et) as u32);
                return Opnd::L(LVal {
                    ptr,
                    ty: et,
                    align,
                    ..lv
                });
            }
        }
        let bspan = self.espan(base);
        let Some((b, bt)) = self.rvalue_of(bo, bspan) else {
            return Opnd::Err;
        };
        let Some((i, it)) = self.rv(index) else {
            return Opnd::Err;
        };
        let (p, pt, i, it) = match (self.t.kind(bt), self.t.kind(it)) {
            (TyKind::Ptr(pt), TyKind::Prim(q)) if q.is_int() => (b, pt, i, it),
            (TyKind::Prim(q), TyKind::Ptr(pt)) if q.is_int() => (i, pt, b, bt),
            (TyKind::Vector(p, _), TyKind::Prim(q)) if q.is_int() => {
                let r = self.ins(InstKind::ExtractDyn(b, i), Type::Scalar(p.scalar()));
                return Opnd::R(r, self.t.prim(p));
            }
            _ => {
                self.err(
                    span,
                    format!(
                        "cannot subscript `{}` with `{}`",
                        self.tyname(bt),
                        self.tyname(it)
                    ),
                    "expected a pointer or array and an integer",
                );
                return Opnd::Err;
            }
        };
        if !self.is_complete(pt.pointee) {
            self.err(
                span,
                format!(
                    "subscript of a pointer to incomplete type `{}`",
                    self.tyname(pt.pointee)
                ),
                "",
            );
            return Opnd::Err;
        }
        let ptr = self.ptr_offset(p, pt, i, it, false);
        Opnd::L(LVal {
            ptr,
            ty: pt.pointee,
            space: pt.space,
            is_const: pt.is_const,
            is_volatile: pt.is_volatile,
            align: self.t.align_of(pt.pointee) as u32,
        })
    }

    /// Find a field by name, looking into anonymous members: (offset, type).
    fn find_field(
        &self,
        rec: u32,
        name: crate::ast::Symbol,
    ) -> Option<(u64, Ty, Option<(u32, u32)>)> {
        for f in &self.t.records[rec as usize].fields {
            if f.name == Some(name) {
                return Some((f.offset, f.ty, f.bits));
            }
            if f.name.is_none() {
                if let TyKind::Record(r) = self.t.kind(f.ty) {
                    if let Some((o, t, b)) = self.find_field(r, name) {
                        return Some((f.offset + o, t, b));
                    }
                }
            }
        }
        None
    }

    fn member(&mut self, base: ExprId, member: crate::ast::Ident, arrow: bool, span: Span) -> Opnd {
        let bo = if arrow {
            let Some((p, pt)) = self.rv(base) else {
                return Opnd::Err;
            };
            match self.t.kind(pt) {
                TyKind::Ptr(pp) => Opnd::L(LVal {
                    ptr: p,
                    ty: pp.pointee,
                    space: pp.space,
                    is_const: pp.is_const,
                    is_volatile: pp.is_volatile,
                    align: self.t.align_of(pp.pointee) as u32,
                }),
                _ => {
                    self.err(
                        span,
                        format!("`->` on `{}`", self.tyname(pt)),
                        "expected a pointer to a struct or union",
                    );
                    return Opnd::Err;
                }
            }
        } else {
            self.expr(base)
        };
        let bt = self.opnd_ty(&bo);
        let mname = self.name(member.name).to_string();
        match self.t.kind(bt) {
            TyKind::Record(r) => {
                if !self.t.records[r as usize].complete {
                    self.err(
                        span,
                        format!("member access into incomplete type `{}`", self.tyname(bt)),
                        "",
                    );
                    return Opnd::Err;
                }
                let Some((off, ft, bits)) = self.find_field(r, member.name) else {
                    self.err(
                        member.span,
                        format!("no member named `{mname}` in `{}`", self.tyname(bt)),
                        "",
                    );
                    return Opnd::Err;
                };
                match bo {
                    Opnd::L(lv) => {
                        let ptr = self.byte_offset(lv.ptr, off, lv.space);
                        let align = member_align(lv.align, off, self.t.align_of(ft));
                        let lv = LVal {
                            ptr,
                            ty: ft,
                            align,
                            ..lv
                        };
                        match bits {
                            Some((shift, width)) => Opnd::Bits(lv, shift, width),
                            None => Opnd::L(lv),
                        }
                    }
                    _ => Opnd::Err,
                }
            }
            TyKind::Vector(p, n) if !arrow => {
                let lanes = match swizzle_lanes(&mname, n as u32) {
                    Ok(l) => l,
                    Err(msg) => {
                        self.err(
                            member.span,
                            format!("invalid swizzle `.{mname}` on `{}`", self.tyname(bt)),
                            msg,
                        );
                        return Opnd::Err;
                    }
                };
                if !matches!(lanes.len(), 1 | 2 | 3 | 4 | 8 | 16) {
                    self.err(
                        member.span,
                        format!("swizzle `.{mname}` selects {} components", lanes.len()),
                        "a vector has 2, 3, 4, 8 or 16",
                    );
                    return Opnd::Err;
                }
                match bo {
                    Opnd::L(lv) => Opnd::Swz(lv, lanes),
                    Opnd::Swz(lv, outer) => {
                        let composed: Vec<u32> = lanes
                            .iter()
                            .map(|&i| outer.get(i as usize).copied().unwrap_or(3))
                            .collect();
                        Opnd::Swz(lv, composed)
                    }
                    Opnd::R(v, _) => {
                        let (r, t) = self.swizzle_value(v, p, n as u32, &lanes);
                        Opnd::R(r, t)
                    }
                    _ => Opnd::Err,
                }
            }
            TyKind::Error => Opnd::Err,
            _ => {
                self.err(
                    span,
                    format!(
                        "member reference `{}{mname}` on `{}`",
                        if arrow { "->" } else { "." },
                        self.tyname(bt)
                    ),
                    "expected a struct, union or vector",
                );
                Opnd::Err
            }
        }
    }

    /// Copy an object of type `t` byte-for-byte (struct assignment).
    pub(crate) fn copy_mem(&mut self, dst: Value, src: Value, t: Ty) {
        let size = self.t.size_of(t);
        let align = self.t.align_of(t);
        self.mem_loop(dst, Some(src), size, align);
    }

    /// Zero `size` bytes at `dst`.
    pub(crate) fn zero_mem(&mut self, dst: Value, size: u64, align: u64) {
        self.mem_loop(dst, None, size, align);
    }

    /// Copy from `src` (or store zeros) in the widest chunks the alignment allows:
    /// unrolled for small objects, a loop for large ones.
    fn mem_loop(&mut self, dst: Value, src: Option<Value>, size: u64, align: u64) {
        let chunk = [8u64, 4, 2, 1]
            .into_iter()
            .find(|c| align >= *c && size.is_multiple_of(*c))
            .unwrap_or(1);
        let ct = Type::Scalar(
            kauai_ir::Scalar::int_of_bits(chunk as u32 * 8).unwrap_or(kauai_ir::Scalar::I8),
        );
        let n = size / chunk;
        let dspace = self.fx.body.value_type(dst);
        let sspace = src.map(|s| self.fx.body.value_type(s));
        if n <= 16 {
            for i in 0..n {
                let off = self.size_const(i * chunk);
                let d = self.ins(InstKind::PtrAdd(dst, off), dspace);
                let v = match (src, sspace) {
                    (Some(s), Some(st)) => {
                        let sp = self.ins(InstKind::PtrAdd(s, off), st);
                        self.ins(
                            InstKind::Load {
                                ptr: sp,
                                align: chunk as u32,
                                volatile: false,
                            },
                            ct,
                        )
                    }
                    _ => self.ins(InstKind::Const(Const::Zero), ct),
                };
                self.ins_void(InstKind::Store {
                    ptr: d,
                    value: v,
                    align: chunk as u32,
                    volatile: false,
                });
            }
            return;
        }
        let st = self.m.data_layout.size_type();
        let lp = self.new_block();
        let exit = self.new_block();
        let i = self.fx.body.append_block_param(lp, st);
        let z = self.size_const(0);
        self.jump(lp, vec![z]);
        self.start_block(lp);
        let d = self.ins(InstKind::PtrAdd(dst, i), dspace);
        let v = match (src, sspace) {
            (Some(s), Some(sty)) => {
                let sp = self.ins(InstKind::PtrAdd(s, i), sty);
                self.ins(
                    InstKind::Load {
                        ptr: sp,
                        align: chunk as u32,
                        volatile: false,
                    },
                    ct,
                )
            }
            _ => self.ins(InstKind::Const(Const::Zero), ct),
        };
        self.ins_void(InstKind::Store {
            ptr: d,
            value: v,
            align: chunk as u32,
            volatile: false,
        });
        let step = self.size_const(chunk);
        let next = self.ins(InstKind::Binary(IBin::Iadd, i, step), st);
        let total = self.size_const(size);
        let c = self.ins(InstKind::Icmp(IntCC::Ult, next, total), Type::I1);
        self.terminate(InstKind::Brif(
            c,
            kauai_ir::BlockCall::new(lp, vec![next]),
            kauai_ir::BlockCall::new(exit, vec![]),
        ));
        self.start_block(exit);
    }

    fn call(&mut self, callee: ExprId, args: &[ExprId], span: Span) -> Opnd {
        let tu = self.tu;
        let ExprKind::Ident(sym) = tu.exprs[callee].kind else {
            let _ = self.expr(callee);
            self.err(
                span,
                "called object is not a function",
                "OpenCL C has no function pointers",
            );
            return Opnd::Err;
        };
        match self.sc.lookup(sym) {
            // A prototype of the builtin (`int printf(constant char *, ...);`).
            Some(Binding::Func(i))
                if !self.fns[i].defined && self.fns[i].variadic && self.name(sym) == "printf" =>
            {
                self.printf_call(args, span)
            }
            Some(Binding::Func(i)) => self.user_call(i, args, span),
            Some(Binding::Var(_))
            | Some(Binding::EnumConst(..))
            | Some(Binding::Typedef { .. }) => {
                let n = self.name(sym).to_string();
                self.err(span, format!("called object `{n}` is not a function"), "");
                Opnd::Err
            }
            None => {
                let n = self.name(sym).to_string();
                self.builtin_call(&n, args, span)
            }
        }
    }

    fn user_call(&mut self, i: usize, args: &[ExprId], span: Span) -> Opnd {
        let params = self.fns[i].params.clone();
        let ret = self.fns[i].ret;
        let fname = self.name(self.fns[i].name).to_string();
        if self.fns[i].variadic {
            self.err(span, "not supported yet: variadic user functions", "");
            return Opnd::Err;
        }
        if params.len() != args.len() {
            self.push_diag(
                kauai_diag::Diagnostic::error(format!(
                    "`{fname}` takes {} argument{}, {} given",
                    params.len(),
                    if params.len() == 1 { "" } else { "s" },
                    args.len()
                ))
                .at(span, "in this call")
                .also(self.fns[i].span, "declared here"),
            );
            for a in args {
                let _ = self.expr(*a);
            }
            return Opnd::Err;
        }
        let mut vals = Vec::new();
        let mut ok = true;
        for (k, (&a, &pt)) in args.iter().zip(&params).enumerate() {
            let asp = self.espan(a);
            if matches!(self.t.kind(pt), TyKind::Record(_)) {
                match self.expr(a) {
                    Opnd::L(lv) if lv.ty == pt => {
                        let copy = self.alloca_ty(pt);
                        self.copy_mem(copy, lv.ptr, pt);
                        vals.push(copy);
                    }
                    Opnd::Err => ok = false,
                    o => {
                        let t = self.opnd_ty(&o);
                        self.err(
                            asp,
                            format!(
                                "argument {} of `{fname}` is `{}`, expected `{}`",
                                k + 1,
                                self.tyname(t),
                                self.tyname(pt)
                            ),
                            "",
                        );
                        ok = false;
                    }
                }
                continue;
            }
            match self.rv(a) {
                Some((v, t)) => match self.implicit(
                    v,
                    t,
                    pt,
                    asp,
                    &format!("for argument {} of `{fname}`", k + 1),
                ) {
                    Some(v) => vals.push(v),
                    None => ok = false,
                },
                None => ok = false,
            }
        }
        if !ok {
            return Opnd::Err;
        }
        if self.fns[i].first_call.is_none() {
            self.fns[i].first_call = Some(span);
        }
        self.calls.push((self.fx.index, i, span));
        let f = self.user_ir_fn(i);
        if matches!(self.t.kind(ret), TyKind::Record(_)) {
            let tmp = self.alloca_ty(ret);
            vals.insert(0, tmp);
            self.ins_void(InstKind::Call(f, vals));
            return Opnd::L(LVal {
                ptr: tmp,
                ty: ret,
                space: AddrSpace::Private,
                is_const: false,
                is_volatile: false,
                align: self.t.align_of(ret) as u32,
            });
        }
        if ret == T_VOID {
            self.ins_void(InstKind::Call(f, vals));
            Opnd::Void
        } else {
            let v = self.ins(InstKind::Call(f, vals), self.vty(ret));
            Opnd::R(v, ret)
        }
    }
}

/// C99 6.4.4.1: the type of an integer literal (OpenCL has no `long long`: `ll` is `long`).
pub(crate) fn int_literal_prim(
    value: u64,
    base: IntBase,
    unsigned: bool,
    long: LongSuffix,
) -> Prim {
    let decimal = base == IntBase::Decimal;
    let fits_int = value <= i32::MAX as u64;
    let fits_uint = value <= u32::MAX as u64;
    let fits_long = value <= i64::MAX as u64;
    match (unsigned, long) {
        (false, LongSuffix::None) => {
            if fits_int {
                Prim::Int
            } else if !decimal && fits_uint {
                Prim::UInt
            } else if fits_long || decimal {
                Prim::Long
            } else {
                Prim::ULong
            }
        }
        (true, LongSuffix::None) => {
            if fits_uint {
                Prim::UInt
            } else {
                Prim::ULong
            }
        }
        (false, _) => {
            if fits_long || decimal {
                Prim::Long
            } else {
                Prim::ULong
            }
        }
        (true, _) => Prim::ULong,
    }
}

/// Lane indices of a swizzle name on an `n`-lane vector.
pub(crate) fn swizzle_lanes(name: &str, n: u32) -> Result<Vec<u32>, String> {
    let half = n.div_ceil(2).max(1);
    let n4 = if n == 3 { 4 } else { n };
    match name {
        "lo" => return Ok((0..n4 / 2).collect()),
        "hi" => return Ok((n4 / 2..n4).collect()),
        "even" => return Ok((0..n4).step_by(2).collect()),
        "odd" => return Ok((1..n4).step_by(2).collect()),
        _ => {}
    }
    let _ = half;
    let b = name.as_bytes();
    if let Some(rest) = name.strip_prefix('s').or_else(|| name.strip_prefix('S')) {
        if rest.is_empty() {
            return Err("expected lane numbers after `s`".into());
        }
        let mut out = Vec::new();
        for c in rest.chars() {
            let Some(d) = c.to_digit(16) else {
                return Err(format!("`{c}` is not a hexadecimal lane number"));
            };
            if d >= n {
                return Err(format!("lane {d} is out of range for {n} lanes"));
            }
            out.push(d);
        }
        return Ok(out);
    }
    let mut out = Vec::new();
    for &c in b {
        let d = match c {
            b'x' => 0,
            b'y' => 1,
            b'z' => 2,
            b'w' => 3,
            _ => {
                return Err(format!(
                    "`{}` is not a component name (x, y, z, w, s0..sF, lo, hi, even, odd)",
                    c as char
                ))
            }
        };
        if d >= n || n > 4 {
            return Err(format!(
                "component `{}` is out of range for {n} lanes",
                c as char
            ));
        }
        out.push(d);
    }
    Ok(out)
}

/// The alignment of a member at byte `off` of a place aligned to `base`, for a member
/// type whose own alignment is `natural`.
pub(crate) fn member_align(base: u32, off: u64, natural: u64) -> u32 {
    let by_offset = if off == 0 {
        u32::MAX
    } else {
        1u32 << off.trailing_zeros().min(31)
    };
    base.min(by_offset)
        .min(natural.min(u32::MAX as u64) as u32)
        .max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swizzle_names() {
        assert_eq!(swizzle_lanes("xyzw", 4), Ok(vec![0, 1, 2, 3]));
        assert_eq!(swizzle_lanes("s0F", 16), Ok(vec![0, 15]));
        assert_eq!(swizzle_lanes("S31", 4), Ok(vec![3, 1]));
        assert_eq!(swizzle_lanes("hi", 8), Ok(vec![4, 5, 6, 7]));
        assert_eq!(swizzle_lanes("odd", 4), Ok(vec![1, 3]));
        // A 3-vector's halves are those of a 4-vector; lane 3 is undefined.
        assert_eq!(swizzle_lanes("hi", 3), Ok(vec![2, 3]));
        assert!(swizzle_lanes("w", 3).is_err());
        assert!(swizzle_lanes("x", 8).is_err());
        assert!(swizzle_lanes("s4", 4).is_err());
        assert!(swizzle_lanes("xq", 4).is_err());
    }

    #[test]
    fn integer_literal_types_follow_c99() {
        use IntBase::*;
        use LongSuffix as L;
        assert_eq!(int_literal_prim(7, Decimal, false, L::None), Prim::Int);
        assert_eq!(
            int_literal_prim(0x8000_0000, Decimal, false, L::None),
            Prim::Long
        );
        assert_eq!(
            int_literal_prim(0x8000_0000, Hex, false, L::None),
            Prim::UInt
        );
        assert_eq!(
            int_literal_prim(0xffff_ffff_ffff_ffff, Hex, false, L::None),
            Prim::ULong
        );
        assert_eq!(int_literal_prim(1, Decimal, true, L::None), Prim::UInt);
        assert_eq!(int_literal_prim(1, Decimal, false, L::Long), Prim::Long);
        assert_eq!(int_literal_prim(1, Octal, true, L::LongLong), Prim::ULong);
    }

    #[test]
    fn usual_arithmetic_conversions() {
        use Prim::*;
        let c = Lowerer::scalar_common;
        assert_eq!(c(Char, UChar), Int);
        assert_eq!(c(Int, UInt), UInt);
        assert_eq!(c(Long, UInt), Long);
        assert_eq!(c(ULong, Long), ULong);
        assert_eq!(c(Int, Float), Float);
        assert_eq!(c(Float, Double), Double);
        assert_eq!(c(Bool, Bool), Int);
    }
}
