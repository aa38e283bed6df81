//! Access to parts of objects: subscripts, members and swizzles, and whole-object
//! copies and zeroing (loops over memory for large objects).

use super::*;

impl Lowerer<'_> {
    pub(crate) fn index(&mut self, base: ExprId, index: ExprId, span: Span) -> Opnd {
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
                let ptr = self.ptr_offset(lv.ptr, pt, i, it, false, span);
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
        let ptr = self.ptr_offset(p, pt, i, it, false, span);
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
    pub(crate) fn find_field(
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

    pub(crate) fn member(
        &mut self,
        base: ExprId,
        member: crate::ast::Ident,
        arrow: bool,
        span: Span,
    ) -> Opnd {
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
            // `pv->x` on a pointer to a vector is a swizzle of `*pv`, as clang takes it.
            TyKind::Vector(p, n) => {
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
    pub(crate) fn mem_loop(&mut self, dst: Value, src: Option<Value>, size: u64, align: u64) {
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
                self.copy_chunk(dst, dspace, src.zip(sspace), off, chunk, ct);
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
        self.copy_chunk(dst, dspace, src.zip(sspace), i, chunk, ct);
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

    /// One chunk of [`Lowerer::mem_loop`]: store the `ct` at `src + off` (or zero) to
    /// `dst + off`.
    fn copy_chunk(
        &mut self,
        dst: Value,
        dspace: Type,
        src: Option<(Value, Type)>,
        off: Value,
        chunk: u64,
        ct: Type,
    ) {
        let d = self.ins(InstKind::PtrAdd(dst, off), dspace);
        let v = match src {
            Some((s, st)) => {
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
            None => self.ins(InstKind::Const(Const::Zero), ct),
        };
        self.ins_void(InstKind::Store {
            ptr: d,
            value: v,
            align: chunk as u32,
            volatile: false,
        });
    }
}
