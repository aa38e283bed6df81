//! Memory accesses: pointer roots and their regions, the checked address of an
//! access (one work-item's, or a packet's at once), atomics.

use cranelift_codegen::ir::condcodes::IntCC as CInt;
use cranelift_codegen::ir::{self, types, AtomicRmwOp, InstBuilder, MemFlagsData, Value as CValue};

use kauai_ir::{AddrSpace, AtomicOp, BinaryOp, EntityRef, Inst, InstKind, Scalar, Type, Value};

use crate::abi::*;

use super::*;

impl Lower<'_, '_> {
    /// Base, size and writable size (0 if read-only) of region `r` (an `i64`); an
    /// empty region when `r` is out of range, so every access through it faults.
    pub(super) fn region_desc(&mut self, r: CValue) -> [CValue; 3] {
        let i64t = types::I64;
        let inside = self
            .bx
            .ins()
            .icmp(CInt::UnsignedLessThan, r, self.k.nregions.unwrap());
        let zero = self.iconst(i64t, 0);
        let r = self.bx.ins().select(inside, r, zero);
        let e = self.bx.ins().imul_imm_s(r, REGION_DESC_BYTES);
        let e = self.bx.ins().iadd(self.k.regions.unwrap(), e);
        let tf = MemFlagsData::trusted().with_readonly();
        let base = self.bx.ins().load(i64t, tf, e, REGION_BASE);
        let size = self.bx.ins().load(i64t, tf, e, REGION_SIZE);
        let w = self.bx.ins().load(i64t, tf, e, REGION_WRITABLE);
        // (Outside the table, `r` became 0: the null region, which is empty.)
        let writable = self.bx.ins().icmp_imm_s(CInt::NotEqual, w, 0);
        let wsize = self.bx.ins().select(writable, size, zero);
        [base, size, wsize]
    }

    /// Load the regions of pointer arguments and of the globals the body addresses.
    pub(super) fn load_roots(&mut self) {
        let entry = self.body.entry().unwrap();
        for p in self.body.blocks[entry].params.clone() {
            // Private pointers (by-value arguments) move with the work-item.
            let ty = self.body.value_type(p);
            if ty.is_ptr() && ty != Type::Ptr(AddrSpace::Private) {
                let v = self.get1(p);
                let r = self.bx.ins().ushr_imm_s(v, OFFSET_BITS as i64);
                let d = self.region_desc(r);
                self.roots.insert(p, d);
            }
        }
        let mut globals: Vec<kauai_ir::GlobalId> = Vec::new();
        for &b in &self.body.order {
            for &i in &self.body.blocks[b].insts {
                if let InstKind::GlobalAddr(g) = self.body.insts[i].kind {
                    if !globals.contains(&g) {
                        globals.push(g);
                    }
                }
            }
        }
        for g in globals {
            let r = self.iconst(types::I64, REGION_GLOBALS + g.index() as u64);
            let d = self.region_desc(r);
            self.global_roots.insert(g, d);
        }
    }

    pub(super) fn root(&self, mut v: Value) -> Option<Root> {
        for _ in 0..10_000 {
            if self.roots.contains_key(&v) {
                return Some(Root::Param(v));
            }
            let i = self.body.value_inst(v)?;
            match &self.body.insts[i].kind {
                InstKind::PtrAdd(p, _) => v = *p,
                InstKind::GlobalAddr(g) => return Some(Root::Global(*g)),
                _ => return None,
            }
        }
        None
    }

    /// The base of the region of `pv`'s root (loaded at entry) and the limit an access
    /// of `kind` is checked against: its size, or for writes the size that counts for
    /// them, 0 when the region is read-only.
    fn root_bounds(&self, pv: Value, kind: u64) -> Option<(CValue, CValue)> {
        let [base, size, wsize] = match self.root(pv)? {
            Root::Param(v) => self.roots.get(&v).copied(),
            Root::Global(g) => self.global_roots.get(&g).copied(),
        }?;
        Some((base, if kind == FAULT_LOAD { size } else { wsize }))
    }

    /// The host address of `len` bytes at IR pointer `pv` (whose value is `p`), checked.
    pub(super) fn address(&mut self, pv: Value, p: CValue, len: u64, al: u32, kind: u64) -> CValue {
        if self.w > 1 && self.lane.is_none() && self.varying.contains(&pv) {
            if let Some(a) = self.packet_address(pv, len, al, kind) {
                return a;
            }
        }
        self.lane_address(pv, p, len, al, kind)
    }

    /// [`Self::address`] that reads the pointer's value only when the packet's check
    /// does not cover the access (a lazy pointer's middle work-items are then not made
    /// on the fast path).
    pub(super) fn address_of(&mut self, pv: Value, len: u64, al: u32, kind: u64) -> CValue {
        if self.w > 1 && self.lane.is_none() && self.varying.contains(&pv) {
            if let Some(a) = self.packet_address(pv, len, al, kind) {
                return a;
            }
        }
        let p = self.get1(pv);
        self.lane_address(pv, p, len, al, kind)
    }

    /// In a packet, the work-items' accesses often lie a constant distance apart
    /// (`p[get_global_id(0)]`, a tile's column): then one check covers the packet.
    /// Whether they do is decided at run time (lane `w-1` must be `(w-1) * stride`
    /// bytes from lane 0, the farther end in bounds), so the fast path is only an
    /// optimization: otherwise every lane is checked on its own. Returns this
    /// work-item's address.
    pub(super) fn packet_address(
        &mut self,
        pv: Value,
        len: u64,
        al: u32,
        kind: u64,
    ) -> Option<CValue> {
        let key = self.cur?;
        if let Some(addrs) = self.packet_addrs.get(&key) {
            return addrs.get(self.pk).copied();
        }
        if self.pk != 0 {
            return None;
        }
        let (ok, a0, stride) = self.packet_check(pv, len, al, kind)?;
        let addrs = self.fast_or_slow(
            ok,
            |l| {
                (0..l.w)
                    .map(|k| l.bx.ins().iadd_imm_s(a0, (k as i64).wrapping_mul(stride)))
                    .collect()
            },
            |l| l.lane_addresses(pv, len, al, kind),
        );
        self.packet_addrs.insert(key, addrs.clone());
        Some(addrs[0])
    }

    /// The packet's one check of an access through `pv` whose work-items lie a
    /// constant `stride` apart: whether lane `w-1` is `(w-1) * stride` bytes from lane
    /// 0, the farther end is in bounds and lane 0 is aligned; then lane `k`'s host
    /// address is `a0 + k * stride`. Returns `(ok, a0, stride)`; `None` when the
    /// stride is not known or the pointer has no root.
    pub(super) fn packet_check(
        &mut self,
        pv: Value,
        len: u64,
        al: u32,
        kind: u64,
    ) -> Option<(CValue, CValue, i64)> {
        let home = self.pk;
        // Any constant distance works (rows of a tile are `width` apart) as long as the
        // work-items share lane 0's alignment. An element index the analysis cannot
        // follow (`data[i ^ j]`) may still be consecutive: checked at run time.
        let (stride, index) = match self.stride_of(pv, 0) {
            Some(s) => (s, None),
            None => {
                let x = self.element_index(pv, len)?;
                (len as i64, Some(x))
            }
        };
        if stride == 0 || stride % (1i64 << al) != 0 {
            return None;
        }
        let (base, limit) = self.root_bounds(pv, kind)?;
        let w = self.w;
        let row = match index {
            None => self.row_flag(pv, len, al, kind),
            Some(_) => None,
        };
        if let Some(ok) = row {
            // Checked for the whole row at its start (`rows`): lane 0's address only.
            self.pk = 0;
            let first = self.fused_offset(pv).unwrap_or_else(|| self.get1(pv));
            self.pk = home;
            let off0 = self.bx.ins().band_imm_s(first, OFFSET_MASK as i64);
            let a0 = self.bx.ins().iadd(base, off0);
            return Some((ok, a0, stride));
        }
        // (The packet has a root, so its pointers' offsets can skip the rebuild.)
        self.pk = 0;
        let first = self.fused_offset(pv).unwrap_or_else(|| self.get1(pv));
        self.pk = w - 1;
        let last = self.fused_offset(pv).unwrap_or_else(|| self.get1(pv));
        self.pk = home;
        let span = self
            .bx
            .ins()
            .iconst(types::I64, (w as i64 - 1).wrapping_mul(stride));
        let (mut ok, off0) = self.span_check(first, last, span, stride, len, limit, al);
        if let Some(x) = index {
            let inner = self.consecutive_lanes(x);
            ok = self.bx.ins().band(ok, inner);
        }
        let a0 = self.bx.ins().iadd(base, off0);
        Some((ok, a0, stride))
    }

    /// For a pointer `ptradd b, ext(x) * len` (or `<< log2 len`) with `b` the same for
    /// the packet and `x` a packed `i32`: `x`.
    pub(super) fn element_index(&self, pv: Value, len: u64) -> Option<Value> {
        self.element_index_ext(pv, len).map(|(x, _)| x)
    }

    /// [`Self::element_index`], and whether the index is sign-extended.
    fn element_index_ext(&self, pv: Value, len: u64) -> Option<(Value, bool)> {
        let (x, signed) = element_index(self.body, &self.varying, pv, len)?;
        (self.packed.contains(&x) && self.w.is_multiple_of(simd::VLANES)).then_some((x, signed))
    }

    /// Whether packed `i32` `x` counts up by one from lane 0 across the packet (the
    /// ends of its span are checked apart, so a wrap-around fails there).
    fn consecutive_lanes(&mut self, x: Value) -> CValue {
        let xv = self.vget(x);
        let x0 = self.bx.ins().extractlane(xv[0], 0);
        let s = self.bx.ins().splat(types::I32X4, x0);
        let mut acc = None;
        for (k, &v) in xv.iter().enumerate() {
            let steps = self.lane_steps(1, k);
            let want = self.bx.ins().iadd(s, steps);
            let eq = self.bx.ins().icmp(CInt::Equal, v, want);
            acc = Some(acc.map_or(eq, |a| self.bx.ins().band(a, eq)));
        }
        self.bx.ins().vall_true(acc.expect("a packet has vectors"))
    }

    /// Whether the accesses of `len` bytes from the work-item at offset bits `first`
    /// to the one at `last` lie side by side: the two are `span` bytes apart (a
    /// wrap-around between them breaks this), the farther end is within `limit` and
    /// `first` is aligned to `2^al` (`stride`'s sign says which end is farther).
    /// Returns that and `first`'s offset.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn span_check(
        &mut self,
        first: CValue,
        last: CValue,
        span: CValue,
        stride: i64,
        len: u64,
        limit: CValue,
        al: u32,
    ) -> (CValue, CValue) {
        let off0 = self.bx.ins().band_imm_s(first, OFFSET_MASK as i64);
        let offl = self.bx.ins().band_imm_s(last, OFFSET_MASK as i64);
        let apart = self.bx.ins().isub(offl, off0);
        let side_by_side = self.bx.ins().icmp(CInt::Equal, apart, span);
        // Offsets are never negative, so the farther end bounds them all.
        let hi = if stride > 0 { offl } else { off0 };
        let end = self.bx.ins().iadd_imm_s(hi, len as i64);
        let inside = self
            .bx
            .ins()
            .icmp(CInt::UnsignedLessThanOrEqual, end, limit);
        let mut ok = self.bx.ins().band(side_by_side, inside);
        if al > 0 {
            let low = self.bx.ins().band_imm_s(first, (1i64 << al) - 1);
            let aligned = self.bx.ins().icmp_imm_s(CInt::Equal, low, 0);
            ok = self.bx.ins().band(ok, aligned);
        }
        (ok, off0)
    }

    /// How `v` grows from one work-item of a packet to the next ([`stride_of`]).
    pub(super) fn stride_of(&self, v: Value, depth: u32) -> Option<i64> {
        stride_of(self.m, self.body, &self.varying, v, depth)
    }

    /// Lane `pk`'s pointer `pv` (whose value is `p`), as far as its offset and low bits
    /// go, for a pointer in a known region. The offset of `ptradd b, o` is that of `b`
    /// plus `o`, wrapped: one add and one mask instead of rebuilding the pointer first;
    /// the low bits (alignment) are the same. (Not across a barrier: `b` and `o` need
    /// not be live after one.)
    fn offset_bits(&mut self, pv: Value, p: CValue) -> CValue {
        self.fused_offset(pv).unwrap_or(p)
    }

    /// [`Self::offset_bits`] of a `ptradd` in its base's region, without the pointer's
    /// own value (which a lazy pointer does not have on the fast path).
    pub(super) fn fused_offset(&mut self, pv: Value) -> Option<CValue> {
        let def = self.body.value_inst(pv).filter(|d| self.same_region(*d))?;
        let InstKind::PtrAdd(b, o) = self.body.insts[def].kind else {
            return None;
        };
        let bv = self.get1(b);
        let ov = self.offset_i64(o);
        Some(self.bx.ins().iadd(bv, ov))
    }

    /// Every work-item's own checked address of its access through `pv` (the slow
    /// path of a packet's access).
    pub(super) fn lane_addresses(
        &mut self,
        pv: Value,
        len: u64,
        al: u32,
        kind: u64,
    ) -> Vec<CValue> {
        if let Some(addrs) = self.indexed_addresses(pv, len, al, kind) {
            return addrs;
        }
        self.checked_lane_addresses(pv, len, al, kind)
    }

    /// Store `vals`, one scalar per work-item, through `pv`, in the work-items'
    /// order; under a mask (`self.mask`) the left-out work-items' go to the scratch
    /// slot.
    pub(super) fn store_lanes(&mut self, pv: Value, align: u32, vals: Vec<CValue>) {
        let t = self.bx.func.dfg.value_type(vals[0]);
        let al = align.max(1).trailing_zeros();
        let addrs = self.store_addresses(pv, t.bytes() as u64, al);
        let mf = ir::MemFlagsData::new().with_notrap();
        for (x, a) in vals.into_iter().zip(addrs) {
            self.bx.ins().store(mf, x, a, 0);
        }
    }

    /// The addresses of a store through `pv` by the work-items of `self.mask` (the
    /// others get the scratch slot's), or by all without one: one packet check when
    /// the work-items' elements lie a constant distance apart or are indexed
    /// ([`Self::indexed_addresses`]), else each one's own check.
    fn store_addresses(&mut self, pv: Value, len: u64, al: u32) -> Vec<CValue> {
        let Some((ok, a0, stride)) = self.packet_check(pv, len, al, FAULT_STORE) else {
            return self.lane_addresses(pv, len, al, FAULT_STORE);
        };
        self.fast_or_slow(
            ok,
            |l| {
                (0..l.w)
                    .map(|k| {
                        let a = l.bx.ins().iadd_imm_s(a0, (k as i64).wrapping_mul(stride));
                        let on = l.mask.as_ref().map(|m| m[k]);
                        l.masked_address(on, a)
                    })
                    .collect()
            },
            |l| l.lane_addresses(pv, len, al, FAULT_STORE),
        )
    }

    /// The packet's `w` addresses: `fast`'s where `ok` holds, else (a cold path)
    /// `slow`'s.
    fn fast_or_slow(
        &mut self,
        ok: CValue,
        fast: impl FnOnce(&mut Self) -> Vec<CValue>,
        slow: impl FnOnce(&mut Self) -> Vec<CValue>,
    ) -> Vec<CValue> {
        let fast_b = self.bx.create_block();
        let slow_b = self.bx.create_block();
        let join = self.bx.create_block();
        for _ in 0..self.w {
            self.bx.append_block_param(join, types::I64);
        }
        self.bx.ins().brif(ok, fast_b, &[], slow_b, &[]);
        self.bx.seal_block(fast_b);
        self.bx.seal_block(slow_b);
        self.bx.switch_to_block(fast_b);
        let args: Vec<ir::BlockArg> = fast(self).into_iter().map(Into::into).collect();
        self.bx.ins().jump(join, &args);
        self.bx.set_cold_block(slow_b);
        self.bx.switch_to_block(slow_b);
        let args: Vec<ir::BlockArg> = slow(self).into_iter().map(Into::into).collect();
        self.bx.ins().jump(join, &args);
        self.bx.seal_block(join);
        self.bx.switch_to_block(join);
        self.bx.block_params(join).to_vec()
    }

    /// Every work-item's own checked address. In a packet the checks are made as
    /// one: a packet that faults is run again one work-item at a time
    /// (`Runner::run`), which finds the work-item to name.
    fn checked_lane_addresses(&mut self, pv: Value, len: u64, al: u32, kind: u64) -> Vec<CValue> {
        let home = self.pk;
        let together = self.lane.is_none() && self.w > 1 && self.deferred.is_none();
        if together {
            if let Some(addrs) = self.called_lane_addresses(pv, len, al, kind) {
                return addrs;
            }
            self.deferred = Some(Vec::new());
        }
        let addrs = (0..self.w)
            .map(|k| {
                self.pk = k;
                let p = self.get1(pv);
                self.lane_address(pv, p, len, al, kind)
            })
            .collect();
        self.pk = home;
        if together {
            let checks = self.deferred.take().unwrap_or_default();
            if let Some(&(_, p, l, k)) = checks.first() {
                let ok = checks[1..]
                    .iter()
                    .fold(checks[0].0, |a, c| self.bx.ins().band(a, c.0));
                self.check(ok, p, l, k);
            }
        }
        addrs
    }

    /// [`Self::checked_lane_addresses`] for a pointer in a known region, out of line:
    /// each work-item's offset bits (and mask) go to a stack array, and one call of
    /// `native::check_lanes` checks them all and writes their host addresses (this
    /// path is cold; one copy of the checks per work-item cost most of a kernel's
    /// compile time). The call goes through [`LANES_TRAMPOLINE`], which clobbers no
    /// register: a plain call, or a loop here, made the register allocator spill more
    /// on the hot path.
    fn called_lane_addresses(
        &mut self,
        pv: Value,
        len: u64,
        al: u32,
        kind: u64,
    ) -> Option<Vec<CValue>> {
        let (base, limit) = self.root_bounds(pv, kind)?;
        let tramp = *self.helpers.get(LANES_TRAMPOLINE)?;
        let (i64t, w) = (types::I64, self.w);
        let [sums, out, on, args] = *self.lane_slots.get_or_insert_with(|| {
            [8 * PACKET as u32, 8 * PACKET as u32, PACKET as u32, 80].map(|bytes| {
                self.bx.create_sized_stack_slot(ir::StackSlotData::new(
                    ir::StackSlotKind::ExplicitSlot,
                    bytes,
                    3,
                ))
            })
        });
        let home = self.pk;
        // Lane 0's pointer, for the packet's fault (which the rerun names anew).
        self.pk = 0;
        let p0 = self.get1(pv);
        let mask = self.mask.clone();
        for k in 0..w {
            self.pk = k;
            let sum = match self.fused_offset(pv) {
                Some(s) => s,
                None => self.get1(pv),
            };
            self.bx.ins().stack_store(i64t, sum, sums, 8 * k as i32);
            if let Some(m) = &mask {
                self.bx.ins().stack_store(i64t, m[k], on, k as i32);
            }
        }
        self.pk = home;
        let scratch = self.scratch_address();
        let vals = [
            self.bx.ins().stack_addr(i64t, sums, 0),
            match mask {
                Some(_) => self.bx.ins().stack_addr(i64t, on, 0),
                None => self.iconst(i64t, 0),
            },
            self.iconst(i64t, w as u64),
            base,
            limit,
            self.iconst(i64t, len),
            self.iconst(i64t, (1u64 << al) - 1),
            scratch,
            self.bx.ins().stack_addr(i64t, out, 0),
        ];
        for (k, v) in vals.into_iter().enumerate() {
            self.bx.ins().stack_store(i64t, v, args, 8 * k as i32);
        }
        let at = self.bx.ins().stack_addr(i64t, args, 0);
        self.bx.ins().call(tramp, &[at]);
        let ok = self.bx.ins().stack_load(i64t, i64t, args, 72);
        let ok = self.bx.ins().icmp_imm_s(CInt::NotEqual, ok, 0);
        // A packet that faults runs again one work-item at a time, which names it.
        self.check(ok, p0, len, kind);
        Some(
            (0..w)
                .map(|k| self.bx.ins().stack_load(i64t, i64t, out, 8 * k as i32))
                .collect(),
        )
    }

    /// [`Self::lane_addresses`] of `p[x]` with a packed `i32` index `x`
    /// ([`Self::element_index`]) when the elements are scattered: one SIMD compare of
    /// the indices with the last one in bounds checks the packet (work-items a mask
    /// leaves out take index 0, in bounds too), then each address is an extract, a
    /// shift and an add. Otherwise every work-item's own check.
    fn indexed_addresses(
        &mut self,
        pv: Value,
        len: u64,
        al: u32,
        kind: u64,
    ) -> Option<Vec<CValue>> {
        let def = self.body.value_inst(pv).filter(|d| self.same_region(*d))?;
        let InstKind::PtrAdd(b, _) = self.body.insts[def].kind else {
            return None;
        };
        if self.lane.is_some() || !len.is_power_of_two() || !len.is_multiple_of(1u64 << al) {
            return None;
        }
        let (x, signed) = self.element_index_ext(pv, len)?;
        let (base, limit) = self.root_bounds(pv, kind)?;
        let home = self.pk;
        self.pk = 0;
        let bp = self.fused_offset(b).unwrap_or_else(|| self.get1(b));
        self.pk = home;
        let i64t = types::I64;
        let boff = self.bx.ins().band_imm_s(bp, OFFSET_MASK as i64);
        // The largest index in bounds: (limit - boff - len) / len, none if negative.
        let room = self.bx.ins().isub(limit, boff);
        let room = self.bx.ins().iadd_imm_s(room, -(len as i64));
        let fits = self
            .bx
            .ins()
            .icmp_imm_s(CInt::SignedGreaterThanOrEqual, room, 0);
        let last = self.bx.ins().sshr_imm_s(room, len.trailing_zeros() as i64);
        // (A sign-extended index must also not be negative: below 2^31 unsigned.)
        let cap = self.iconst(
            i64t,
            if signed {
                i32::MAX as u64
            } else {
                u32::MAX as u64
            },
        );
        let big = self.bx.ins().icmp(CInt::SignedGreaterThan, last, cap);
        let last = self.bx.ins().select(big, cap, last);
        let last = self.bx.ins().ireduce(types::I32, last);
        let last = self.bx.ins().splat(types::I32X4, last);
        let mut xv = self.vget(x);
        if let Some(mask) = self.mask.clone() {
            let m = self.mask_vectors(&mask);
            xv = xv
                .iter()
                .zip(&m)
                .map(|(&v, &m)| self.bx.ins().band(v, m))
                .collect();
        }
        let mut inside = None;
        for &v in &xv {
            let c = self.bx.ins().icmp(CInt::UnsignedLessThanOrEqual, v, last);
            inside = Some(inside.map_or(c, |a| self.bx.ins().band(a, c)));
        }
        let inside = self.bx.ins().vall_true(inside?);
        let mut ok = self.bx.ins().band(inside, fits);
        if al > 0 {
            let low = self.bx.ins().band_imm_s(boff, (1i64 << al) - 1);
            let aligned = self.bx.ins().icmp_imm_s(CInt::Equal, low, 0);
            ok = self.bx.ins().band(ok, aligned);
        }
        let shift = len.trailing_zeros() as i64;
        Some(self.fast_or_slow(
            ok,
            |l| {
                let a0 = l.bx.ins().iadd(base, boff);
                (0..l.w)
                    .map(|k| {
                        let xk =
                            l.bx.ins()
                                .extractlane(xv[k / simd::VLANES], (k % simd::VLANES) as u8);
                        let xk = if signed {
                            l.bx.ins().sextend(i64t, xk)
                        } else {
                            l.bx.ins().uextend(i64t, xk)
                        };
                        let o = l.bx.ins().ishl_imm_s(xk, shift);
                        let a = l.bx.ins().iadd(a0, o);
                        // A left-out work-item's store goes to the scratch slot.
                        let on = l.mask.as_ref().map(|m| m[k]);
                        if kind == FAULT_LOAD {
                            a
                        } else {
                            l.masked_address(on, a)
                        }
                    })
                    .collect()
            },
            |l| l.checked_lane_addresses(pv, len, al, kind),
        ))
    }

    /// The host address of one work-item's access, checked on its own.
    pub(super) fn lane_address(
        &mut self,
        pv: Value,
        p: CValue,
        len: u64,
        al: u32,
        kind: u64,
    ) -> CValue {
        let i64t = types::I64;
        // A work-item a masked access leaves out passes its checks and gets the
        // scratch slot's address.
        let on = self.mask.as_ref().map(|m| m[self.pk]);
        // `ptradd` keeps a pointer's region, so one derived from an argument or a
        // global is in that root's region, loaded once at entry.
        let known = self.root_bounds(pv, kind);
        // In a known region, the offset and alignment need not rebuild the pointer.
        let sum = if known.is_some() {
            self.offset_bits(pv, p)
        } else {
            p
        };
        if al > 0 {
            let low = self.bx.ins().band_imm_s(sum, (1i64 << al) - 1);
            let ok = self.bx.ins().icmp_imm_s(CInt::Equal, low, 0);
            let mis = match kind {
                FAULT_STORE => FAULT_MISALIGNED_STORE,
                FAULT_ATOMIC => FAULT_MISALIGNED_ATOMIC,
                _ => FAULT_MISALIGNED_LOAD,
            };
            // A misaligned access reports the alignment it needed.
            let ok = self.unless_masked(on, ok);
            self.check(ok, p, 1 << al, mis);
        }
        if let Some((base, limit)) = known {
            let off = self.bx.ins().band_imm_s(sum, OFFSET_MASK as i64);
            let end = self.bx.ins().iadd_imm_s(off, len as i64);
            let ok = self
                .bx
                .ins()
                .icmp(CInt::UnsignedLessThanOrEqual, end, limit);
            let ok = self.unless_masked(on, ok);
            self.check(ok, p, len, kind);
            let a = self.bx.ins().iadd(base, off);
            return self.masked_address(on, a);
        }
        let r = self.bx.ins().ushr_imm_s(p, OFFSET_BITS as i64);
        let ok = self
            .bx
            .ins()
            .icmp(CInt::UnsignedLessThan, r, self.k.nregions.unwrap());
        let ok = self.unless_masked(on, ok);
        self.check(ok, p, len, kind);
        // (A work-item left out reads region 0's entry, not past the table; so does
        // one whose check is collected for later.)
        let r = match on {
            Some(m) => {
                let z = self.iconst(i64t, 0);
                self.bx.ins().select(m, r, z)
            }
            None => r,
        };
        let r = if self.deferred.is_some() {
            let z = self.iconst(i64t, 0);
            self.bx.ins().select(ok, r, z)
        } else {
            r
        };
        // The table does not change while the function runs, except the private
        // region's base, which moves per work-item in kernels with barriers.
        let tf = if self.layout.has_barrier {
            MemFlagsData::trusted().with_readonly()
        } else {
            MemFlagsData::trusted().with_readonly().with_can_move()
        };
        let e = self.bx.ins().imul_imm_s(r, REGION_DESC_BYTES);
        let e = self.bx.ins().iadd(self.k.regions.unwrap(), e);
        let base = self.bx.ins().load(i64t, tf, e, REGION_BASE);
        let size = self.bx.ins().load(i64t, tf, e, REGION_SIZE);
        let off = self.bx.ins().band_imm_s(p, OFFSET_MASK as i64);
        let end = self.bx.ins().iadd_imm_s(off, len as i64);
        let mut ok = self.bx.ins().icmp(CInt::UnsignedLessThanOrEqual, end, size);
        if kind != FAULT_LOAD {
            let w = self.bx.ins().load(i64t, tf, e, REGION_WRITABLE);
            let w = self.bx.ins().icmp_imm_s(CInt::NotEqual, w, 0);
            ok = self.bx.ins().band(ok, w);
        }
        let ok = self.unless_masked(on, ok);
        self.check(ok, p, len, kind);
        let a = self.bx.ins().iadd(base, off);
        self.masked_address(on, a)
    }

    /// `ok`, or true for a work-item a masked access leaves out (`on` clear).
    fn unless_masked(&mut self, on: Option<CValue>, ok: CValue) -> CValue {
        match on {
            Some(m) => {
                let off = self.bx.ins().bxor_imm_u(m, 1);
                self.bx.ins().bor(ok, off)
            }
            None => ok,
        }
    }

    /// Host address `a`, or the scratch slot's ([`Self::scratch_address`]) for a
    /// work-item a masked access leaves out (`on` clear).
    pub(super) fn masked_address(&mut self, on: Option<CValue>, a: CValue) -> CValue {
        let Some(m) = on else {
            return a;
        };
        let d = self.scratch_address();
        self.bx.ins().select(m, a, d)
    }

    /// The address of the scratch slot where the accesses of work-items a mask leaves
    /// out go. The slot holds the widest access (16 lanes of 8).
    fn scratch_address(&mut self) -> CValue {
        let slot = *self.dummy.get_or_insert_with(|| {
            self.bx.create_sized_stack_slot(ir::StackSlotData::new(
                ir::StackSlotKind::ExplicitSlot,
                128,
                4,
            ))
        });
        self.bx.ins().stack_addr(types::I64, slot, 0)
    }

    /// Is `def` certainly executed since the last barrier the current instruction
    /// passed? (Then its operands are still in their variables.)
    pub(super) fn same_region(&self, def: Inst) -> bool {
        if !self.layout.has_barrier {
            return true;
        }
        let (Some(&(b0, i0)), Some((b1, i1))) = (self.pos.get(&def), self.cur) else {
            return false;
        };
        b0 == b1
            && i0 < i1
            && self.body.blocks[b0].insts[i0..i1]
                .iter()
                .all(|i| !self.sites.contains_key(i))
    }

    /// A `ptradd` offset as a signed 64-bit number.
    pub(super) fn offset_i64(&mut self, o: Value) -> CValue {
        let osc = lane_sc(self.body.value_type(o));
        let v = self.get1(o);
        match osc {
            Scalar::I64 => v,
            // An i1 offset is 0 or -1 as a signed number.
            Scalar::I1 => {
                let n = self.bx.ins().ineg(v);
                self.bx.ins().sextend(types::I64, n)
            }
            _ => self.bx.ins().sextend(types::I64, v),
        }
    }

    pub(super) fn atomic_address(&mut self, pv: Value, p: CValue, sc: Scalar) -> CValue {
        let eb = if sc == Scalar::I1 {
            1
        } else {
            sc.bytes() as u64
        };
        // Atomics must be aligned to their size (checked on the offset, as the
        // interpreter does).
        self.address(pv, p, eb, eb.trailing_zeros(), FAULT_ATOMIC)
    }

    pub(super) fn atomic_rmw(
        &mut self,
        op: AtomicOp,
        sc: Scalar,
        pv: Value,
        p: CValue,
        v: CValue,
    ) -> CValue {
        let addr = self.atomic_address(pv, p, sc);
        let it = if sc.is_float() {
            ir::Type::int_with_byte_size(sc.bytes() as u16).unwrap()
        } else {
            cty(sc)
        };
        let mf = MemFlagsData::new().with_notrap();
        let vi = self.lane_int(v, sc);
        let native = match op {
            AtomicOp::Xchg => Some(AtomicRmwOp::Xchg),
            AtomicOp::Add => Some(AtomicRmwOp::Add),
            AtomicOp::Sub => Some(AtomicRmwOp::Sub),
            AtomicOp::And => Some(AtomicRmwOp::And),
            AtomicOp::Or => Some(AtomicRmwOp::Or),
            AtomicOp::Xor => Some(AtomicRmwOp::Xor),
            AtomicOp::Smin => Some(AtomicRmwOp::Smin),
            AtomicOp::Smax => Some(AtomicRmwOp::Smax),
            AtomicOp::Umin => Some(AtomicRmwOp::Umin),
            AtomicOp::Umax => Some(AtomicRmwOp::Umax),
            AtomicOp::Inc | AtomicOp::Dec | AtomicOp::Fadd => None,
        };
        if let Some(o) =
            native.filter(|_| sc != Scalar::I1 && !sc.is_float() || op == AtomicOp::Xchg)
        {
            let old = self.bx.ins().atomic_rmw(it, mf, o, addr, vi);
            return self.int_lane(old, sc);
        }
        // A compare-and-swap loop computing the new value natively.
        let head = self.bx.create_block();
        let done = self.bx.create_block();
        self.bx.append_block_param(head, it);
        self.bx.append_block_param(done, it);
        let first = self.bx.ins().atomic_load(it, mf, addr);
        self.bx.ins().jump(head, &[first.into()]);
        self.bx.switch_to_block(head);
        let old = self.bx.block_params(head)[0];
        let new = match op {
            AtomicOp::Inc => {
                let ge = self
                    .bx
                    .ins()
                    .icmp(CInt::UnsignedGreaterThanOrEqual, old, vi);
                let z = self.bx.ins().iconst(it, 0);
                let o1 = self.bx.ins().iadd_imm_s(old, 1);
                self.bx.ins().select(ge, z, o1)
            }
            AtomicOp::Dec => {
                let z = self.bx.ins().icmp_imm_s(CInt::Equal, old, 0);
                let gt = self.bx.ins().icmp(CInt::UnsignedGreaterThan, old, vi);
                let c = self.bx.ins().bor(z, gt);
                let o1 = self.bx.ins().iadd_imm_s(old, -1);
                self.bx.ins().select(c, vi, o1)
            }
            AtomicOp::Fadd => {
                let fo = self.int_lane(old, sc);
                let s = self.binary(BinaryOp::Fadd, sc, fo, v);
                self.lane_int(s, sc)
            }
            other => {
                // Remaining ops on i1 lanes.
                let bin = match other {
                    AtomicOp::Add => BinaryOp::Iadd,
                    AtomicOp::Sub => BinaryOp::Isub,
                    AtomicOp::And | AtomicOp::Smax | AtomicOp::Umin => BinaryOp::And,
                    AtomicOp::Or | AtomicOp::Smin | AtomicOp::Umax => BinaryOp::Or,
                    _ => BinaryOp::Xor,
                };
                let r = self.helper_binary(bin, sc, old, vi);
                self.bx.ins().band_imm_s(r, 1)
            }
        };
        let prev = self.bx.ins().atomic_cas(mf, addr, old, new);
        let same = self.bx.ins().icmp(CInt::Equal, prev, old);
        self.bx
            .ins()
            .brif(same, done, &[old.into()], head, &[prev.into()]);
        self.bx.switch_to_block(done);
        let r = self.bx.block_params(done)[0];
        self.int_lane(r, sc)
    }
}
