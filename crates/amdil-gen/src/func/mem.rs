//! Memory: loads, stores and atomics by address space, module-scope variables, fences.

use super::*;

/// How an address space is reached.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Space {
    /// A byte address in the global buffer behind the raw UAV.
    Uav,
    /// A byte address in LDS.
    Lds,
}

/// The offset a wrapped index is replaced with: 2 GiB, past every object.
const WRAPPED_OFFSET: u32 = 0x8000_0000;

impl FnGen<'_, '_> {
    fn space(&mut self, ptr: Value) -> R<Space> {
        let Type::Ptr(sp) = self.ty(ptr) else {
            return Err(GenError::Invalid(
                "memory access through a non-pointer".into(),
            ));
        };
        Ok(match sp {
            AddrSpace::Local if !self.sh.r7xx() => {
                self.facts.uses_lds = true;
                Space::Lds
            }
            AddrSpace::Generic => return unsupported("the generic address space"),
            _ => Space::Uav,
        })
    }

    /// A `ptradd`'s byte offset as an `.x` source. When the offset is an index scaled by
    /// a constant (`imul i, C` or `ishl i, k`, as the front end writes `p[i]`), an index
    /// whose scaled value does not fit 32 bits would wrap to an in-bounds address on
    /// these 32-bit devices; so would a `long` index the front end truncated to 32 bits
    /// (`trunc i`, scaled or not). No object is 2 GiB, so such an index is never a valid
    /// access: the offset becomes [`WRAPPED_OFFSET`], an address past every buffer,
    /// and the access faults as the host's 64-bit arithmetic would.
    pub(super) fn checked_offset(&mut self, off: Value) -> R<Src> {
        let o = self.loc(off)?.s(0, &[0]);
        let (index, scale) = self.scaled_index(off).unwrap_or((off, 1));
        let wide = self.truncated_long(index);
        if scale == 1 && wide.is_none() {
            return Ok(o);
        }
        let x = self.loc(index)?.s(0, &[0]);
        let t = self.tmp();
        // `t.x`: the index is out of range.
        if scale > 1 {
            let below = self.lit((i32::MIN / scale) as u32);
            let above = self.lit((i32::MAX / scale) as u32);
            self.e(b::alu(op::Ilt, t.dst(Mask::X), [x, below]));
            self.e(b::alu(op::Ilt, t.dst(Mask::Y), [above, x]));
            self.e(b::alu(op::Ior, t.dst(Mask::X), [t.x(), t.y()]));
        }
        if let Some(long) = wide {
            // The high word must be the low word's sign: the value fits 32 bits.
            let v = self.loc(long)?;
            let (lo, hi) = (v.s(0, &[0]), v.s(0, &[1]));
            let s31 = self.lit(31);
            let m = if scale > 1 { Mask::Y } else { Mask::X };
            let r = if scale > 1 { t.y() } else { t.x() };
            self.e(b::alu(op::Ishr, t.dst(m), [lo, s31]));
            self.e(b::alu(op::Ine, t.dst(m), [r, hi]));
            if scale > 1 {
                self.e(b::alu(op::Ior, t.dst(Mask::X), [t.x(), t.y()]));
            }
        }
        let poison = self.lit(WRAPPED_OFFSET);
        self.e(b::alu(op::CmovLogical, t.dst(Mask::X), [t.x(), poison, o]));
        Ok(t.x())
    }

    /// The 64-bit value `v` is truncated from, when it is `trunc.i32` of an `i64`.
    fn truncated_long(&self, v: Value) -> Option<Value> {
        let inst = self.body.value_inst(v)?;
        match self.body.insts[inst].kind {
            InstKind::Convert {
                op: ConvOp::Trunc,
                arg,
                ..
            } if self.ty(arg) == Type::I64 && self.ty(v) == Type::I32 => Some(arg),
            _ => None,
        }
    }

    /// `(i, C)` when `v` is a 32-bit `imul i, C` or `ishl i, log2 C` with `C` > 1.
    fn scaled_index(&self, v: Value) -> Option<(Value, i32)> {
        if self.ty(v) != Type::I32 {
            return None;
        }
        let inst = self.body.value_inst(v)?;
        let (index, scale) = match self.body.insts[inst].kind {
            InstKind::Binary(BinaryOp::Imul, a, b) => {
                match (self.const_int(a), self.const_int(b)) {
                    (_, Some(c)) => (a, c),
                    (Some(c), None) => (b, c),
                    _ => return None,
                }
            }
            InstKind::Binary(BinaryOp::Shl, a, b) => {
                let k = self.const_int(b)?;
                (a, 1u64.checked_shl(u32::try_from(k).ok()?)?)
            }
            _ => return None,
        };
        let scale = i32::try_from(scale).ok().filter(|&c| c > 1)?;
        Some((index, scale))
    }

    /// `p + off` as an `.x` source.
    fn addr(&mut self, p: Src, off: u32) -> Src {
        if off == 0 {
            return p;
        }
        let t = self.tmp();
        let o = self.lit(off);
        self.e(b::alu(op::Iadd, t.dst(Mask::X), [p, o]));
        t.x()
    }

    pub(super) fn load(&mut self, ptr: Value, align: u32, r: Value, d: &VLoc) -> R {
        let sh = self.shape(r)?;
        let space = self.space(ptr)?;
        let p = self.loc(ptr)?.s(0, &[0]);
        let es = (sh.bits.max(8) / 8) as usize;
        if es >= 4 {
            if align < 4 {
                return unsupported("loads of 32- and 64-bit values with an alignment below 4");
            }
            for c in 0..sh.chunks() {
                let dw = if sh.wide {
                    2 * sh.chunk_lanes(c)
                } else {
                    sh.chunk_lanes(c)
                };
                let a = self.addr(p, 16 * c as u32);
                let comps: Vec<usize> = (0..dw).collect();
                match space {
                    Space::Uav => self.e(b::mem(op::UavRawLoad, RAW_UAV, d.d(c, &comps), [a])),
                    Space::Lds if dw == 1 => {
                        self.e(b::mem(op::LdsLoad, LDS_ID, d.d(c, &comps), [a]))
                    }
                    Space::Lds => self.e(b::mem(op::LdsLoadVec, LDS_ID, d.d(c, &comps), [a, a])),
                }
            }
            return Ok(());
        }
        let bool_load = sh.bits == 1;
        let target = if bool_load {
            self.sh.alloc(sh.chunks())
        } else {
            d.clone()
        };
        let total = sh.lanes * es;
        if space == Space::Uav && align >= 4 && total.is_multiple_of(4) {
            // Whole dwords, then the lanes out of them.
            let words = total / 4;
            let w = self.sh.alloc(words.div_ceil(4));
            for c in 0..words.div_ceil(4) {
                let n = (words - 4 * c).min(4);
                let a = self.addr(p, 16 * c as u32);
                let comps: Vec<usize> = (0..n).collect();
                self.e(b::mem(op::UavRawLoad, RAW_UAV, w.d(c, &comps), [a]));
            }
            let wl = self.lit(es as u32 * 8);
            for i in 0..sh.lanes {
                let (c, k) = sh.lane(i);
                let byte = i * es;
                let word = byte / 4;
                let ol = self.lit((byte % 4) as u32 * 8);
                self.e(b::alu(
                    op::UbitExtract,
                    target.d(c, &[k]),
                    [wl, ol, w.s(word / 4, &[word % 4])],
                ));
            }
        } else {
            if es == 2 && align < 2 {
                return unsupported("16-bit loads with an alignment below 2");
            }
            for i in 0..sh.lanes {
                let (c, k) = sh.lane(i);
                let a = self.addr(p, (i * es) as u32);
                let dst = target.d(c, &[k]);
                match space {
                    Space::Lds => {
                        let op = if es == 1 {
                            Opcode::LdsLoadUbyte
                        } else {
                            Opcode::LdsLoadUshort
                        };
                        self.e(b::mem_dyn(op, LDS_ID, Some(dst), [a]));
                    }
                    Space::Uav if !self.sh.r7xx() => {
                        self.facts.uses_arena = true;
                        let size = if es == 1 {
                            b::Size::Byte
                        } else {
                            b::Size::Short
                        };
                        let i = b::mem(op::UavArenaLoad, ARENA_UAV, dst, [a]);
                        self.e(i.with_size(size));
                    }
                    Space::Uav => {
                        // 7XX has no arena: the containing dword, then the field.
                        let (t, s) = (self.tmp(), self.tmp());
                        let m = self.lit(!3);
                        let three = self.lit(3);
                        self.e(b::alu(op::Iand, t.dst(Mask::X), [a, m]));
                        self.e(b::mem(op::UavRawLoad, RAW_UAV, t.dst(Mask::X), [t.x()]));
                        self.e(b::alu(op::Iand, s.dst(Mask::X), [a, three]));
                        self.e(b::alu(op::Ishl, s.dst(Mask::X), [s.x(), three]));
                        let wl = self.lit(es as u32 * 8);
                        self.e(b::alu(op::UbitExtract, dst, [wl, s.x(), t.x()]));
                    }
                }
            }
        }
        if bool_load {
            let z = self.lit_chunks([0; 4], sh);
            let m = self.lit_chunks([0xFF; 4], sh);
            self.lanewise(op::Iand, &target, &[&target, &m], sh);
            self.lanewise(op::Ine, d, &[&target, &z], sh);
        }
        Ok(())
    }

    pub(super) fn store(&mut self, ptr: Value, value: Value, align: u32) -> R {
        let sh = self.shape(value)?;
        let space = self.space(ptr)?;
        if let (Space::Uav, Type::Ptr(AddrSpace::Global | AddrSpace::Constant)) =
            (space, self.ty(ptr))
        {
            self.facts.writes_global = true;
        }
        let p = self.loc(ptr)?.s(0, &[0]);
        let mut v = self.loc(value)?;
        let es = (sh.bits.max(8) / 8) as usize;
        if es >= 4 {
            if align < 4 {
                return unsupported("stores of 32- and 64-bit values with an alignment below 4");
            }
            for c in 0..sh.chunks() {
                let dw = if sh.wide {
                    2 * sh.chunk_lanes(c)
                } else {
                    sh.chunk_lanes(c)
                };
                let a = self.addr(p, 16 * c as u32);
                let comps: Vec<usize> = (0..dw).collect();
                match space {
                    Space::Uav => self.e(b::mem(
                        op::UavRawStore,
                        RAW_UAV,
                        Reg::mem(0).dst(Mask::of(&comps)),
                        [a, v.r(c).src()],
                    )),
                    Space::Lds if dw == 1 => {
                        self.e(b::mem_nodst(op::LdsStore, LDS_ID, [a, v.s(c, &[0])]))
                    }
                    Space::Lds => self.e(b::mem(
                        op::LdsStoreVec,
                        LDS_ID,
                        Reg::mem(0).dst(Mask::of(&comps)),
                        [a, a, v.r(c).src()],
                    )),
                }
            }
            return Ok(());
        }
        if sh.bits == 1 {
            let one = self.lit_chunks([1; 4], sh);
            let t = self.sh.alloc(sh.chunks());
            self.lanewise(op::Iand, &t, &[&v, &one], sh);
            v = t;
        }
        let total = sh.lanes * es;
        if align >= 4 && total.is_multiple_of(4) {
            // Whole dwords: pack the lanes and store them as 32-bit words.
            let words = self.words_of(
                &v,
                Shape {
                    bits: (es * 8) as u32,
                    ..sh
                },
            );
            let wsh = Shape {
                lanes: words.len(),
                wide: false,
                bits: 32,
                float: false,
            };
            let w = self.sh.alloc(wsh.chunks());
            for (j, src) in words.iter().enumerate() {
                let (c, k) = wsh.lane(j);
                self.e(b::alu(op::Mov, w.d(c, &[k]), [*src]));
            }
            for c in 0..wsh.chunks() {
                let comps = wsh.chunk_comps(c);
                let a = self.addr(p, 16 * c as u32);
                match space {
                    Space::Uav => self.e(b::mem(
                        op::UavRawStore,
                        RAW_UAV,
                        Reg::mem(0).dst(Mask::of(&comps)),
                        [a, w.r(c).src()],
                    )),
                    Space::Lds if comps.len() == 1 => {
                        self.e(b::mem_nodst(op::LdsStore, LDS_ID, [a, w.s(c, &[0])]))
                    }
                    Space::Lds => self.e(b::mem(
                        op::LdsStoreVec,
                        LDS_ID,
                        Reg::mem(0).dst(Mask::of(&comps)),
                        [a, a, w.r(c).src()],
                    )),
                }
            }
            return Ok(());
        }
        if es == 2 && align < 2 {
            return unsupported("16-bit stores with an alignment below 2");
        }
        for i in 0..sh.lanes {
            let (c, k) = sh.lane(i);
            let a = self.addr(p, (i * es) as u32);
            let src = v.s(c, &[k]);
            match space {
                Space::Lds => {
                    let op = if es == 1 {
                        Opcode::LdsStoreByte
                    } else {
                        Opcode::LdsStoreShort
                    };
                    self.e(b::mem_dyn(op, LDS_ID, None, [a, src]));
                }
                Space::Uav if self.sh.opts.byte_addressable_store && !self.sh.r7xx() => {
                    self.facts.uses_arena = true;
                    let size = if es == 1 {
                        b::Size::Byte
                    } else {
                        b::Size::Short
                    };
                    let i = b::mem_nodst(op::UavArenaStore, ARENA_UAV, [a, src]);
                    self.e(i.with_size(size));
                }
                Space::Uav => {
                    // Read-modify-write of the containing dword.
                    let (t, s, w) = (self.tmp(), self.tmp(), self.tmp());
                    let m = self.lit(!3);
                    let three = self.lit(3);
                    let wl = self.lit(es as u32 * 8);
                    self.e(b::alu(op::Iand, t.dst(Mask::X), [a, m]));
                    self.e(b::mem(op::UavRawLoad, RAW_UAV, w.dst(Mask::X), [t.x()]));
                    self.e(b::alu(op::Iand, s.dst(Mask::X), [a, three]));
                    self.e(b::alu(op::Ishl, s.dst(Mask::X), [s.x(), three]));
                    self.e(b::alu(
                        op::UbitInsert,
                        w.dst(Mask::X),
                        [wl, s.x(), src, w.x()],
                    ));
                    self.e(b::mem(
                        op::UavRawStore,
                        RAW_UAV,
                        Reg::mem(0).dst(Mask::X),
                        [t.x(), w.x()],
                    ));
                }
            }
        }
        Ok(())
    }

    pub(super) fn atomic(
        &mut self,
        op: Option<AtomicOp>,
        ptr: Value,
        value: Value,
        expected: Option<Value>,
        d: &VLoc,
    ) -> R {
        if let Some(id) = self.counter_id(ptr) {
            return self.counter_atomic(id, op, value, expected, d);
        }
        let sh = self.shape(value)?;
        if sh.bits != 32 || sh.lanes != 1 || sh.float && op != Some(AtomicOp::Xchg) {
            return unsupported(format!("atomic operations on {}", self.ty(value)));
        }
        let space = self.space(ptr)?;
        if space == Space::Uav {
            self.facts.writes_global = true;
        }
        let p = self.loc(ptr)?.s(0, &[0]);
        let v = self.loc(value)?.s(0, &[0]);
        use Opcode::*;
        // (UAV, LDS) opcodes of the returning forms.
        let (uav, lds) = match op {
            None => (UavReadCmpXchg, LdsReadCmpXchg),
            Some(AtomicOp::Xchg) => (UavReadXchg, LdsReadXchg),
            Some(AtomicOp::Add) => (UavReadAdd, LdsReadAdd),
            Some(AtomicOp::Sub) => (UavReadSub, LdsReadSub),
            Some(AtomicOp::And) => (UavReadAnd, LdsReadAnd),
            Some(AtomicOp::Or) => (UavReadOr, LdsReadOr),
            Some(AtomicOp::Xor) => (UavReadXor, LdsReadXor),
            Some(AtomicOp::Smin) => (UavReadMin, LdsReadMin),
            Some(AtomicOp::Smax) => (UavReadMax, LdsReadMax),
            Some(AtomicOp::Umin) => (UavReadUmin, LdsReadUmin),
            Some(AtomicOp::Umax) => (UavReadUmax, LdsReadUmax),
            Some(AtomicOp::Inc) => (UavReadUinc, LdsReadInc),
            Some(AtomicOp::Dec) => (UavReadUdec, LdsReadDec),
            Some(AtomicOp::Fadd) => return unsupported("atomic float add"),
        };
        let (opc, id) = match space {
            Space::Uav => (uav, RAW_UAV),
            Space::Lds => (lds, LDS_ID),
        };
        let dst = Some(d.d(0, &[0]));
        match expected {
            // Operands: address, new value, compare value (the historical backend's order,
            // which the emulator follows).
            Some(e) => {
                let e = self.loc(e)?.s(0, &[0]);
                self.e(b::mem_dyn(opc, id, dst, [p, v, e]));
            }
            None => self.e(b::mem_dyn(opc, id, dst, [p, v])),
        }
        Ok(())
    }

    /// The append-counter id of `v` when it is a counter parameter of the kernel itself
    /// (helpers taking counters are inlined by finalize).
    fn counter_id(&self, v: Value) -> Option<u32> {
        let entry = self.body.entry();
        match self.body.values.get(v).map(|d| &d.def) {
            Some(kauai_ir::ValueDef::Param(b, i)) if Some(*b) == entry => self
                .sh
                .images
                .get(&self.fid)?
                .counters
                .get(*i as usize)
                .copied()
                .flatten(),
            _ => None,
        }
    }

    /// `atomic_inc`/`atomic_dec` of counter `id`: `append_buf_alloc` returns the old
    /// value, `append_buf_consume` the new one, so a decrement adds 1 back to return the
    /// old value as OpenCL's `atomic_dec` does.
    fn counter_atomic(
        &mut self,
        id: u32,
        op: Option<AtomicOp>,
        value: Value,
        expected: Option<Value>,
        d: &VLoc,
    ) -> R {
        let one = self.const_int(value) == Some(1);
        let opc = match op {
            Some(AtomicOp::Add) if one && expected.is_none() => Opcode::AppendBufAlloc,
            Some(AtomicOp::Sub) if one && expected.is_none() => Opcode::AppendBufConsume,
            _ => {
                return unsupported(
                    "an atomic counter operation other than atomic_inc or atomic_dec".to_string(),
                )
            }
        };
        // Counters live outside every UAV, but SC must keep a kernel that bumps one.
        self.facts.writes_global = true;
        let dst = d.d(0, &[0]);
        self.e(b::mem_dyn(opc, id, Some(dst), []));
        if opc == Opcode::AppendBufConsume {
            let one = self.lit(1);
            self.e(b::alu(op::Iadd, dst, [d.s(0, &[0]), one]));
        }
        Ok(())
    }

    pub(super) fn global_addr(&mut self, g: kauai_ir::GlobalId, d: &VLoc) -> R {
        let gl = &self.sh.m.globals[g];
        match gl.space {
            AddrSpace::Local => {
                let off = self.sh.local_off[g];
                let o = self.lit(off);
                if self.sh.r7xx() {
                    self.e(b::alu(op::Iadd, d.d(0, &[0]), [Reg::r(R_LOCAL).x(), o]));
                } else {
                    self.facts.uses_lds = true;
                    self.e(b::alu(op::Mov, d.d(0, &[0]), [o]));
                }
            }
            AddrSpace::Constant | AddrSpace::Global => {
                self.facts.uses_data = true;
                let o = self.lit(self.sh.data_off[g]);
                self.e(b::alu(op::Iadd, d.d(0, &[0]), [Reg::cb(0, 8).x(), o]));
            }
            other => {
                return unsupported(format!(
                    "module-scope variables in the {} address space",
                    other.cl_name()
                ))
            }
        }
        Ok(())
    }

    /// The `fence` for a barrier (`threads`) or a memory fence with MemSemantics `sem`
    /// (`None`: not a constant, so everything).
    pub(super) fn fence(&self, threads: bool, sem: Option<u32>) -> kauai_amdil::Inst {
        use b::Fence;
        let (local, global, order) = match sem {
            Some(s) => (
                s & semantics::WORK_GROUP_MEMORY != 0,
                s & semantics::CROSS_WORK_GROUP_MEMORY != 0,
                s & semantics::MASK,
            ),
            None => (true, true, semantics::SEQUENTIALLY_CONSISTENT),
        };
        // 7XX emulates local memory in the global buffer: a local fence is a memory one.
        let (lds, memory) = if self.sh.r7xx() {
            (false, local || global)
        } else {
            (local, global)
        };
        let mut c = Vec::new();
        if threads {
            c.push(Fence::Threads);
            // The historical backend's spellings: memory before lds.
            if memory {
                c.push(Fence::Memory);
            }
            if lds {
                c.push(Fence::Lds);
            }
            return b::fence(&c);
        }
        if lds || !memory {
            c.push(Fence::Lds);
        }
        if memory || !lds {
            c.push(Fence::Memory);
        }
        match order {
            semantics::ACQUIRE => c.push(Fence::MemReadOnly),
            semantics::RELEASE => c.push(Fence::MemWriteOnly),
            _ => {}
        }
        b::fence(&c)
    }
}
