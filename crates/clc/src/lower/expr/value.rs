//! Values and places: reading an operand as a value (loads, swizzles, bit-fields),
//! storing to one, and the type of an expression without emitting it.

use super::*;

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

    /// The value of an operand; an lvalue is loaded, and the load carries the location
    /// of the expression that named it (`p[i]`, not the statement around it).
    pub(crate) fn rvalue_of(&mut self, o: Opnd, span: Span) -> Option<(Value, Ty)> {
        let saved = self.enter_loc(span);
        let r = self.rvalue_of_at(o, span);
        self.restore_loc(saved);
        r
    }

    fn rvalue_of_at(&mut self, o: Opnd, span: Span) -> Option<(Value, Ty)> {
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
            _ if self.is_half(lv.ty) && !self.need_fp16(span, "loads of half values", "loading directly from pointer to type 'half' requires cl_khr_fp16; use vector data load builtin functions instead") => {
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
            | TyKind::Image(..)
            | TyKind::Opaque(
                crate::ast::OpaqueType::Event
                | crate::ast::OpaqueType::Sampler
                | crate::ast::OpaqueType::Counter32,
            ) => {
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
                if self.is_half(lv.ty)
                    && !self.need_fp16(span, "stores of half values", "assigning directly to pointer to type 'half' requires cl_khr_fp16; use vector data store builtin functions instead")
                {
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

    pub(crate) fn type_of_expr_impl(&mut self, e: ExprId, _quiet: bool) -> Ty {
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
}
