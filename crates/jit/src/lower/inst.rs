//! One IR instruction at a time: arithmetic, conversions, comparisons, vector lanes,
//! memory, calls and queries, terminators.

use cranelift_codegen::ir::condcodes::{FloatCC as CFloat, IntCC as CInt};
use cranelift_codegen::ir::{
    self, types, Block as CBlock, InstBuilder, MemFlagsData, Value as CValue,
};
use cranelift_frontend::Switch;

use kauai_ir::builtins::Query;
use kauai_ir::lanes;
use kauai_ir::{
    BinaryOp, Block, Const, ConvOp, EntityRef, FloatCC, Inst, InstKind, MathFn, Rounding, Scalar,
    Type, UnaryOp, Value,
};

use crate::abi::*;
use crate::helpers::{self, convert_how, index};

use super::*;

impl Lower<'_, '_> {
    pub(super) fn inst(&mut self, inst: Inst, b: Block, next: CBlock) -> Result<(), String> {
        let data = &self.body.insts[inst];
        let res = data.result;
        let rty = res.map(|v| self.body.value_type(v)).unwrap_or(Type::Void);
        let rsc = lane_sc(rty);
        let rn = lanes_of(rty);
        let i64t = types::I64;
        match &data.kind {
            InstKind::Const(c) => {
                let vals = match c {
                    Const::Scalar(c) => {
                        let bits = lanes::const_bits(*c, rsc);
                        (0..rn).map(|_| self.const_lane(rsc, bits)).collect()
                    }
                    Const::Vector(l) => (0..rn)
                        .map(|i| {
                            let bits = l.get(i).map_or(0, |c| lanes::const_bits(*c, rsc));
                            self.const_lane(rsc, bits)
                        })
                        .collect(),
                    Const::Zero | Const::Undef => {
                        (0..rn).map(|_| self.const_lane(rsc, 0)).collect()
                    }
                };
                self.set(res.unwrap(), vals);
            }
            InstKind::Unary(op, a) => {
                let a = self.get(*a);
                let vals = a.into_iter().map(|x| self.unary(*op, rsc, x)).collect();
                self.set(res.unwrap(), vals);
            }
            InstKind::Binary(op, a, c) => {
                let (a, c) = (self.get(*a), self.get(*c));
                let vals = a
                    .into_iter()
                    .zip(c)
                    .map(|(x, y)| self.binary(*op, rsc, x, y))
                    .collect();
                self.set(res.unwrap(), vals);
            }
            InstKind::Icmp(cc, a, c) => {
                let (a, c) = (self.get(*a), self.get(*c));
                let vals = a
                    .into_iter()
                    .zip(c)
                    .map(|(x, y)| self.bx.ins().icmp(int_cc(*cc), x, y))
                    .collect();
                self.set(res.unwrap(), vals);
            }
            InstKind::Fcmp(cc, a, c) => {
                let sc = lane_sc(self.body.value_type(*a));
                let (a, c) = (self.get(*a), self.get(*c));
                let vals = a
                    .into_iter()
                    .zip(c)
                    .map(|(x, y)| self.fcmp(*cc, sc, x, y))
                    .collect();
                self.set(res.unwrap(), vals);
            }
            InstKind::Select(c, a, d) => {
                let (c, a, d) = (self.get(*c), self.get(*a), self.get(*d));
                let vals = (0..rn)
                    .map(|i| {
                        let ci = if c.len() == 1 { c[0] } else { c[i] };
                        self.bx.ins().select(ci, a[i], d[i])
                    })
                    .collect();
                self.set(res.unwrap(), vals);
            }
            InstKind::Convert {
                op,
                arg,
                rounding,
                saturate,
            } => {
                let aty = self.body.value_type(*arg);
                if *op == ConvOp::Bitcast && lanes_of(aty) != rn {
                    // Reinterpret the bytes through a stack slot.
                    let a = self.get(*arg);
                    let asc = lane_sc(aty);
                    let bytes = (a.len() as u32 * asc.bytes()).max(rn as u32 * rsc.bytes());
                    let size = bytes.max(8).next_multiple_of(8);
                    let slot = self.bx.create_sized_stack_slot(ir::StackSlotData::new(
                        ir::StackSlotKind::ExplicitSlot,
                        size,
                        3,
                    ));
                    // Bits the source does not cover read as zeros, as in the
                    // interpreter.
                    let zero = self.iconst(types::I64, 0);
                    for at in (0..size).step_by(8) {
                        self.bx.ins().stack_store(types::I64, zero, slot, at as i32);
                    }
                    for (k, x) in a.into_iter().enumerate() {
                        self.bx.ins().stack_store(
                            types::I64,
                            x,
                            slot,
                            (k as u32 * asc.bytes()) as i32,
                        );
                    }
                    let vals = (0..rn)
                        .map(|k| {
                            self.bx.ins().stack_load(
                                types::I64,
                                cty(rsc),
                                slot,
                                (k as u32 * rsc.bytes()) as i32,
                            )
                        })
                        .collect();
                    self.set(res.unwrap(), vals);
                    return Ok(());
                }
                let from = (!aty.is_ptr()).then(|| lane_sc(aty));
                let to = (!rty.is_ptr()).then_some(rsc);
                let a = self.get(*arg);
                let vals = a
                    .into_iter()
                    .map(|x| self.convert(*op, from, to, *rounding, *saturate, x))
                    .collect();
                self.set(res.unwrap(), vals);
            }
            InstKind::Math(f, args) => {
                let sc = rsc;
                let args: Vec<Vec<CValue>> = args.iter().map(|a| self.get(*a)).collect();
                let fi = index(MathFn::ALL, *f);
                let lane = |a: &Vec<CValue>, l: usize| if a.len() == 1 { a[0] } else { a[l] };
                if matches!(sc, Scalar::F32 | Scalar::F64)
                    && matches!(f, MathFn::Rsqrt | MathFn::Mad | MathFn::Fma)
                {
                    // What `lanes::math` computes, rounded the same way.
                    let vals = (0..rn)
                        .map(|l| match f {
                            MathFn::Rsqrt => {
                                let r = self.bx.ins().sqrt(lane(&args[0], l));
                                let one = self.const_lane(sc, lanes::from_f64(sc, 1.0));
                                self.bx.ins().fdiv(one, r)
                            }
                            MathFn::Mad => {
                                let m = self.bx.ins().fmul(lane(&args[0], l), lane(&args[1], l));
                                self.bx.ins().fadd(m, lane(&args[2], l))
                            }
                            _ => self.bx.ins().fma(
                                lane(&args[0], l),
                                lane(&args[1], l),
                                lane(&args[2], l),
                            ),
                        })
                        .collect();
                    self.set(res.unwrap(), vals);
                    return Ok(());
                }
                let vals = (0..rn)
                    .map(|l| {
                        let mut w = [CValue::from_u32(0); 3];
                        let zero = self.iconst(i64t, 0);
                        for (k, slot) in w.iter_mut().enumerate() {
                            *slot = match args.get(k) {
                                Some(a) => {
                                    let x = if a.len() == 1 { a[0] } else { a[l] };
                                    // ldexp's exponent is an int, whatever the result.
                                    let asc = if *f == MathFn::Ldexp && k == 1 {
                                        Scalar::I32
                                    } else {
                                        sc
                                    };
                                    self.lane_word(x, asc)
                                }
                                None => zero,
                            };
                        }
                        let fv = self.iconst(types::I32, fi as u64);
                        let sv = self.iconst(types::I32, index(&Scalar::ALL, sc) as u64);
                        let r = self.call_helper(helpers::MATH, &[fv, sv, w[0], w[1], w[2]]);
                        self.word_lane(r, sc)
                    })
                    .collect();
                self.set(res.unwrap(), vals);
            }
            InstKind::Extract(v, lane) => {
                let v = self.get(*v);
                let x = v[*lane as usize];
                self.set(res.unwrap(), vec![x]);
            }
            InstKind::Insert(v, s, lane) => {
                let mut v = self.get(*v);
                v[*lane as usize] = self.get1(*s);
                self.set(res.unwrap(), v);
            }
            InstKind::Shuffle(a, c, idx) => {
                let mut all = self.get(*a);
                all.extend(self.get(*c));
                let vals = idx
                    .iter()
                    .map(|i| all.get(*i as usize).copied())
                    .collect::<Option<Vec<_>>>()
                    .ok_or("shuffle index out of range")?;
                self.set(res.unwrap(), vals);
            }
            InstKind::Splat(s) => {
                let x = self.get1(*s);
                self.set(res.unwrap(), vec![x; rn]);
            }
            InstKind::ExtractDyn(v, i) => {
                let v = self.get(*v);
                let ix = self.get1(*i);
                let mut r = self.const_lane(rsc, 0);
                for (k, x) in v.into_iter().enumerate() {
                    let hit = self.bx.ins().icmp_imm_s(CInt::Equal, ix, k as i64);
                    r = self.bx.ins().select(hit, x, r);
                }
                self.set(res.unwrap(), vec![r]);
            }
            InstKind::Load { ptr, align, .. } => {
                let eb = if rsc == Scalar::I1 {
                    1
                } else {
                    rsc.bytes() as u64
                };
                let al = (*align).max(1).trailing_zeros();
                let addr = self.address_of(*ptr, eb * rn as u64, al, FAULT_LOAD);
                let mf = MemFlagsData::new().with_notrap();
                let vals = (0..rn)
                    .map(|l| {
                        let x = self
                            .bx
                            .ins()
                            .load(cty(rsc), mf, addr, (l as u64 * eb) as i32);
                        if rsc == Scalar::I1 {
                            self.bx.ins().band_imm_s(x, 1)
                        } else {
                            x
                        }
                    })
                    .collect();
                self.set(res.unwrap(), vals);
            }
            InstKind::Store {
                ptr, value, align, ..
            } => {
                let sc = lane_sc(self.body.value_type(*value));
                let eb = if sc == Scalar::I1 {
                    1
                } else {
                    sc.bytes() as u64
                };
                let vals = self.get(*value);
                let al = (*align).max(1).trailing_zeros();
                let addr = self.address_of(*ptr, eb * vals.len() as u64, al, FAULT_STORE);
                let mf = MemFlagsData::new().with_notrap();
                for (l, x) in vals.into_iter().enumerate() {
                    self.bx.ins().store(mf, x, addr, (l as u64 * eb) as i32);
                }
            }
            InstKind::AtomicRmw { op, ptr, value, .. } => {
                let sc = lane_sc(self.body.value_type(*value));
                let v = self.get1(*value);
                let p = self.get1(*ptr);
                let old = self.atomic_rmw(*op, sc, *ptr, p, v);
                if let Some(r) = res {
                    self.set(r, vec![old]);
                }
            }
            InstKind::CmpXchg {
                ptr, expected, new, ..
            } => {
                let sc = lane_sc(self.body.value_type(*new));
                let (p, e, n) = (self.get1(*ptr), self.get1(*expected), self.get1(*new));
                let addr = self.atomic_address(*ptr, p, sc);
                let (e, n) = (self.lane_int(e, sc), self.lane_int(n, sc));
                let old = self
                    .bx
                    .ins()
                    .atomic_cas(MemFlagsData::new().with_notrap(), addr, e, n);
                let old = self.int_lane(old, sc);
                self.set(res.unwrap(), vec![old]);
            }
            InstKind::Fence { .. } => {
                self.bx.ins().fence();
            }
            InstKind::PtrAdd(p, o) => {
                let p = self.get1(*p);
                let o = self.offset_i64(*o);
                let sum = self.bx.ins().iadd(p, o);
                let off = self.bx.ins().band_imm_s(sum, OFFSET_MASK as i64);
                let hi = self.bx.ins().band_imm_s(p, !(OFFSET_MASK as i64));
                let r = self.bx.ins().bor(hi, off);
                self.set(res.unwrap(), vec![r]);
            }
            InstKind::Alloca { .. } => {
                let off = self.allocas[&inst];
                let r = self.iconst(i64t, REGION_PRIVATE << OFFSET_BITS | off);
                self.set(res.unwrap(), vec![r]);
            }
            InstKind::GlobalAddr(g) => {
                let r = self.iconst(i64t, (REGION_GLOBALS + g.index() as u64) << OFFSET_BITS);
                self.set(res.unwrap(), vec![r]);
            }
            InstKind::Call(c, args) => match call_kind(self.m, *c)? {
                CallKind::Query(q) => {
                    let dim = args.first().copied();
                    let r = self.query(q, dim);
                    let r = if rsc == Scalar::I64 {
                        r
                    } else {
                        self.bx.ins().ireduce(cty(rsc), r)
                    };
                    if let Some(v) = res {
                        self.set(v, vec![r]);
                    }
                }
                CallKind::Printf(id) => {
                    // A run-time `%s` string is read by the host where the pointer
                    // points: its first byte is checked here as a load's, so a bad
                    // pointer faults with this work-item, as on the interpreter.
                    let strings = kauai_ir::printf::printf_entry(self.m, id)
                        .map(|e| e.strings)
                        .unwrap_or_default();
                    for s in &strings {
                        if let kauai_ir::printf::StrArg::Arg(k) = s {
                            if let Some(a) = args.get(*k as usize) {
                                let p = self.get1(*a);
                                self.address(*a, p, 1, 0, FAULT_LOAD);
                            }
                        }
                    }
                    // The lanes go to the host through a stack slot.
                    let mut lanes = Vec::new();
                    for a in args {
                        let sc = lane_sc(self.body.value_type(*a));
                        for x in self.get(*a) {
                            lanes.push(self.lane_word(x, sc));
                        }
                    }
                    let slot = self.bx.create_sized_stack_slot(ir::StackSlotData::new(
                        ir::StackSlotKind::ExplicitSlot,
                        (lanes.len() as u32 * 8).max(8),
                        3,
                    ));
                    for (k, w) in lanes.iter().enumerate() {
                        self.bx
                            .ins()
                            .stack_store(types::I64, *w, slot, k as i32 * 8);
                    }
                    let addr = self.bx.ins().stack_addr(i64t, slot, 0);
                    let idv = self.iconst(types::I32, id as u64);
                    let n = self.iconst(i64t, lanes.len() as u64);
                    let fits =
                        self.call_helper(crate::native::PRINTF_SYMBOL, &[self.ctx, idv, addr, n]);
                    if let Some(v) = res {
                        // 0 when the record was written, -1 when not.
                        let fits = self.bx.ins().ireduce(types::I8, fits);
                        let zero = self.iconst(cty(rsc), 0);
                        let m1 = self.iconst(cty(rsc), lanes::mask(rsc.bits()));
                        let r = self.bx.ins().select(fits, zero, m1);
                        self.set(v, vec![r]);
                    }
                }
                CallKind::Image(op) => {
                    // The lanes go to the host's sampler through a stack slot, the
                    // result's four lanes come back through another.
                    let mut lanes = Vec::new();
                    for a in args {
                        let sc = lane_sc(self.body.value_type(*a));
                        for x in self.get(*a) {
                            lanes.push(self.lane_word(x, sc));
                        }
                    }
                    let slot = self.bx.create_sized_stack_slot(ir::StackSlotData::new(
                        ir::StackSlotKind::ExplicitSlot,
                        (lanes.len() as u32 * 8).max(8),
                        3,
                    ));
                    for (k, w) in lanes.iter().enumerate() {
                        self.bx
                            .ins()
                            .stack_store(types::I64, *w, slot, k as i32 * 8);
                    }
                    let out = self.bx.create_sized_stack_slot(ir::StackSlotData::new(
                        ir::StackSlotKind::ExplicitSlot,
                        32,
                        3,
                    ));
                    let addr = self.bx.ins().stack_addr(i64t, slot, 0);
                    let oaddr = self.bx.ins().stack_addr(i64t, out, 0);
                    let opv = self.iconst(
                        types::I32,
                        kauai_ir::builtins::ImageBuiltin::all()
                            .position(|b| b == op)
                            .unwrap_or(0) as u64,
                    );
                    let n = self.iconst(i64t, lanes.len() as u64);
                    let ok = self.call_helper(
                        crate::native::IMAGE_SYMBOL,
                        &[self.ctx, opv, addr, n, oaddr],
                    );
                    let z = self.iconst(i64t, 0);
                    self.check(ok, z, 0, FAULT_IMAGE);
                    if let Some(v) = res {
                        let vals = (0..rn)
                            .map(|k| {
                                let w = self.bx.ins().stack_load(i64t, i64t, out, k as i32 * 8);
                                self.word_lane(w, rsc)
                            })
                            .collect();
                        self.set(v, vals);
                    }
                }
                CallKind::Defined(f) => {
                    let fr = self.callee_refs[&f];
                    let mut cargs = vec![self.ctx];
                    for d in 0..3 {
                        let v = self.k.lid[d].unwrap();
                        let mut x = self.bx.use_var(v);
                        if d == 0 && self.pk > 0 {
                            x = self.bx.ins().iadd_imm_s(x, self.pk as i64);
                        }
                        cargs.push(x);
                    }
                    // The result comes back through a stack slot, 8 bytes a lane.
                    let slot = self.bx.create_sized_stack_slot(ir::StackSlotData::new(
                        ir::StackSlotKind::ExplicitSlot,
                        (rn as u32 * 8).max(8),
                        3,
                    ));
                    let area = self.bx.ins().stack_addr(i64t, slot, 0);
                    cargs.push(area);
                    for a in args {
                        cargs.extend(self.get(*a));
                    }
                    let call = self.bx.ins().call(fr, &cargs);
                    let rs = self.bx.inst_results(call).to_vec();
                    // A fault or stop in the callee ends the run: pass it up.
                    let prop = self.propagate_block();
                    let cont = self.bx.create_block();
                    self.bx.ins().brif(rs[0], prop, &[rs[0].into()], cont, &[]);
                    self.bx.seal_block(cont);
                    self.bx.switch_to_block(cont);
                    if let Some(v) = res {
                        let t = cty(rsc);
                        let vals = (0..rn)
                            .map(|k| self.bx.ins().stack_load(i64t, t, slot, k as i32 * 8))
                            .collect();
                        self.set(v, vals);
                    }
                }
                CallKind::Fence => {
                    self.bx.ins().fence();
                }
                CallKind::Nothing => {}
                CallKind::Barrier => unreachable!("barriers are sites"),
            },
            InstKind::Jump(bc) => self.edge(b, bc),
            InstKind::Brif(c, t, e) if self.lane.is_none() && self.varying.contains(c) => {
                // The packet's work-items may disagree: all true or all false go on
                // as a packet; otherwise it runs masked or splits.
                let (all, any) = self.packet_all_any(*c);
                let mut pending = Vec::new();
                let tb = self.edge_block(b, t, &mut pending);
                let eb = self.edge_block(b, e, &mut pending);
                let mixed = self.bx.create_block();
                let split = self.bx.create_block();
                self.bx.ins().brif(all, tb, &[], mixed, &[]);
                self.bx.seal_block(mixed);
                self.bx.switch_to_block(mixed);
                self.bx.ins().brif(any, split, &[], eb, &[]);
                self.bx.seal_block(split);
                self.bx.set_cold_block(split);
                self.bx.switch_to_block(split);
                match self.masks.get(&b).cloned() {
                    Some(mk) => self.run_masked(b, inst, &mk, next)?,
                    None => self.split_here(b, inst),
                }
                self.fill_edges(b, pending);
            }
            InstKind::Brif(c, t, e) => {
                let c = self.get1(*c);
                let mut pending = Vec::new();
                let tb = self.edge_block(b, t, &mut pending);
                let eb = self.edge_block(b, e, &mut pending);
                self.bx.ins().brif(c, tb, &[], eb, &[]);
                self.fill_edges(b, pending);
            }
            InstKind::Switch {
                arg,
                cases,
                default,
            } => {
                let asc = lane_sc(self.body.value_type(*arg));
                let a = self.get1(*arg);
                let mut sw = Switch::new();
                let mut seen = std::collections::HashSet::new();
                let mut pending = Vec::new();
                for (k, bc) in cases {
                    let key = k & lanes::mask(asc.bits());
                    if seen.insert(key) {
                        let eb = self.edge_block(b, bc, &mut pending);
                        sw.set_entry(key as u128, eb);
                    }
                }
                let db = self.edge_block(b, default, &mut pending);
                sw.emit(&mut self.bx, a, db);
                self.fill_edges(b, pending);
            }
            InstKind::Return(v) if self.callee.is_some() => {
                let vals = match v {
                    Some(v) => self.get(*v),
                    None => Vec::new(),
                };
                let z = self.iconst(i64t, 0);
                self.callee_return(z, &vals);
            }
            InstKind::Return(_) => match self.lane {
                // A work-item alone after a split: the next one of its packet.
                Some(k) => {
                    let done = self.lane_done[k];
                    let z = self.iconst(i64t, 0);
                    self.bx.ins().jump(done, &[z.into()]);
                }
                None => {
                    let z = self.iconst(i64t, 0);
                    self.bx.ins().jump(next, &[z.into()]);
                }
            },
            InstKind::Unreachable => {
                let z = self.iconst(i64t, 0);
                self.fault(z, 0, FAULT_UNREACHABLE);
            }
        }
        Ok(())
    }

    pub(super) fn query(&mut self, q: Query, dim: Option<Value>) -> CValue {
        let i64t = types::I64;
        // A constant dimension picks statically; any other is chosen at run time.
        let dims: Vec<CValue>;
        let per = |l: &mut Self, vals: [CValue; 3], outside: u64| -> CValue {
            let Some(d) = dim else { return vals[0] };
            if let Some(c) = dim_const(l.body, d) {
                return if c < 3 {
                    vals[c as usize]
                } else {
                    l.iconst(i64t, outside)
                };
            }
            let dv = l.get1(d);
            let dsc = lane_sc(l.body.value_type(d));
            let dv = l.lane_word(dv, dsc);
            let dv = l.bx.ins().band_imm_s(dv, 0xffff_ffff);
            let mut r = l.iconst(i64t, outside);
            for (k, v) in vals.iter().enumerate() {
                let hit = l.bx.ins().icmp_imm_s(CInt::Equal, dv, k as i64);
                r = l.bx.ins().select(hit, *v, r);
            }
            r
        };
        let mut lid: [CValue; 3] = std::array::from_fn(|d| {
            let v = self.k.lid[d].unwrap();
            self.bx.use_var(v)
        });
        if self.pk > 0 {
            // The packet's work-item `pk` is `pk` to the right of its first.
            lid[0] = self.bx.ins().iadd_imm_s(lid[0], self.pk as i64);
        }
        let ls: [CValue; 3] = std::array::from_fn(|d| self.k.local[d].unwrap());
        let field = |l: &mut Self, off: i32| -> [CValue; 3] {
            std::array::from_fn(|d| l.ctx_load(i64t, off + 8 * d as i32))
        };
        match q {
            Query::GlobalId => {
                dims = (0..3)
                    .map(|d| self.bx.ins().iadd(self.k.gbase[d].unwrap(), lid[d]))
                    .collect();
                per(self, [dims[0], dims[1], dims[2]], 0)
            }
            Query::LocalId => per(self, lid, 0),
            Query::GroupId => {
                let v = field(self, CTX_GROUP_ID);
                per(self, v, 0)
            }
            Query::GlobalSize => {
                let v = field(self, CTX_GLOBAL_SIZE);
                per(self, v, 1)
            }
            Query::LocalSize => per(self, ls, 1),
            Query::EnqueuedLocalSize => {
                let v = field(self, CTX_ENQUEUED_LOCAL);
                per(self, v, 1)
            }
            Query::NumGroups => {
                let v = field(self, CTX_NUM_GROUPS);
                per(self, v, 1)
            }
            Query::GlobalOffset => {
                let v = field(self, CTX_GLOBAL_OFFSET);
                per(self, v, 0)
            }
            Query::WorkDim => self.ctx_load(i64t, CTX_WORK_DIM),
            Query::GlobalLinearId => {
                let gs = field(self, CTX_GLOBAL_SIZE);
                let off = field(self, CTX_GLOBAL_OFFSET);
                let rel: Vec<CValue> = (0..3)
                    .map(|d| {
                        let g = self.bx.ins().iadd(self.k.gbase[d].unwrap(), lid[d]);
                        self.bx.ins().isub(g, off[d])
                    })
                    .collect();
                let a = self.bx.ins().imul(rel[2], gs[1]);
                let a = self.bx.ins().iadd(a, rel[1]);
                let a = self.bx.ins().imul(a, gs[0]);
                self.bx.ins().iadd(a, rel[0])
            }
            Query::LocalLinearId | Query::SubGroupId => {
                let a = self.bx.ins().imul(lid[2], ls[1]);
                let a = self.bx.ins().iadd(a, lid[1]);
                let a = self.bx.ins().imul(a, ls[0]);
                self.bx.ins().iadd(a, lid[0])
            }
            Query::NumSubGroups => self.k.n.unwrap(),
            Query::One => self.iconst(i64t, 1),
            Query::Zero => self.iconst(i64t, 0),
        }
    }

    /// The value of an IR constant scalar integer, if `v` is one.
    pub(super) fn helper_unary(&mut self, op: UnaryOp, sc: Scalar, a: CValue) -> CValue {
        let w = self.lane_word(a, sc);
        let o = self.iconst(types::I32, index(UnaryOp::ALL, op) as u64);
        let s = self.iconst(types::I32, index(&Scalar::ALL, sc) as u64);
        let r = self.call_helper(helpers::UNARY, &[o, s, w]);
        self.word_lane(r, sc)
    }

    pub(super) fn helper_binary(
        &mut self,
        op: BinaryOp,
        sc: Scalar,
        a: CValue,
        b: CValue,
    ) -> CValue {
        let (wa, wb) = (self.lane_word(a, sc), self.lane_word(b, sc));
        let o = self.iconst(types::I32, index(BinaryOp::ALL, op) as u64);
        let s = self.iconst(types::I32, index(&Scalar::ALL, sc) as u64);
        let r = self.call_helper(helpers::BINARY, &[o, s, wa, wb]);
        self.word_lane(r, sc)
    }

    pub(super) fn unary(&mut self, op: UnaryOp, sc: Scalar, a: CValue) -> CValue {
        use UnaryOp::*;
        let native_float = matches!(sc, Scalar::F32 | Scalar::F64);
        let native_int = matches!(sc, Scalar::I32 | Scalar::I64 | Scalar::I8 | Scalar::I16);
        let ins = self.bx.ins();
        match op {
            Ineg if native_int => ins.ineg(a),
            Not if native_int => ins.bnot(a),
            Not if sc == Scalar::I1 => ins.bxor_imm_s(a, 1),
            Iabs if native_int => ins.iabs(a),
            Clz if native_int => ins.clz(a),
            Ctz if native_int => ins.ctz(a),
            Popcount if native_int => ins.popcnt(a),
            Fneg if native_float => ins.fneg(a),
            Fabs if native_float => ins.fabs(a),
            Sqrt if native_float => ins.sqrt(a),
            Floor if native_float => ins.floor(a),
            Ceil if native_float => ins.ceil(a),
            Trunc if native_float => ins.trunc(a),
            Rint if native_float => ins.nearest(a),
            _ => self.helper_unary(op, sc, a),
        }
    }

    pub(super) fn binary(&mut self, op: BinaryOp, sc: Scalar, a: CValue, b: CValue) -> CValue {
        use BinaryOp::*;
        let native_float = matches!(sc, Scalar::F32 | Scalar::F64);
        let native_int = matches!(sc, Scalar::I32 | Scalar::I64 | Scalar::I8 | Scalar::I16);
        let t = cty(sc);
        if sc == Scalar::I1 {
            return match op {
                And => self.bx.ins().band(a, b),
                Or => self.bx.ins().bor(a, b),
                Xor => self.bx.ins().bxor(a, b),
                _ => self.helper_binary(op, sc, a, b),
            };
        }
        if native_int {
            let ins = self.bx.ins();
            return match op {
                Iadd => ins.iadd(a, b),
                Isub => ins.isub(a, b),
                Imul => ins.imul(a, b),
                And => ins.band(a, b),
                Or => ins.bor(a, b),
                Xor => ins.bxor(a, b),
                Shl => ins.ishl(a, b),
                Lshr => ins.ushr(a, b),
                Ashr => ins.sshr(a, b),
                Rotl => ins.rotl(a, b),
                Smin => ins.smin(a, b),
                Smax => ins.smax(a, b),
                Umin => ins.umin(a, b),
                Umax => ins.umax(a, b),
                Udiv | Urem => {
                    // x / 0 and x % 0 are 0.
                    let z = ins.icmp_imm_s(CInt::Equal, b, 0);
                    let one = self.bx.ins().iconst(t, 1);
                    let d = self.bx.ins().select(z, one, b);
                    let q = if op == Udiv {
                        self.bx.ins().udiv(a, d)
                    } else {
                        self.bx.ins().urem(a, d)
                    };
                    let zero = self.bx.ins().iconst(t, 0);
                    self.bx.ins().select(z, zero, q)
                }
                Sdiv | Srem => {
                    // x / 0 is 0, MIN / -1 is MIN; both remainders are 0.
                    let z = ins.icmp_imm_s(CInt::Equal, b, 0);
                    let m1 = self.bx.ins().icmp_imm_s(CInt::Equal, b, -1);
                    let one = self.bx.ins().iconst(t, 1);
                    let bad = self.bx.ins().bor(z, m1);
                    let d = self.bx.ins().select(bad, one, b);
                    if op == Sdiv {
                        let q = self.bx.ins().sdiv(a, d);
                        let zero = self.bx.ins().iconst(t, 0);
                        let neg = self.bx.ins().ineg(a);
                        let q = self.bx.ins().select(m1, neg, q);
                        self.bx.ins().select(z, zero, q)
                    } else {
                        let r = self.bx.ins().srem(a, d);
                        let zero = self.bx.ins().iconst(t, 0);
                        self.bx.ins().select(bad, zero, r)
                    }
                }
                UmulHi if sc != Scalar::I8 => ins.umulhi(a, b),
                SmulHi if sc != Scalar::I8 => ins.smulhi(a, b),
                _ => self.helper_binary(op, sc, a, b),
            };
        }
        if native_float {
            return match op {
                Fadd => self.bx.ins().fadd(a, b),
                Fsub => self.bx.ins().fsub(a, b),
                Fmul => self.bx.ins().fmul(a, b),
                Fdiv => self.bx.ins().fdiv(a, b),
                Copysign => self.bx.ins().fcopysign(a, b),
                Fmin | Fmax => {
                    // NaN-propagating min/max with -0 < +0, then "a NaN operand gives
                    // the other" (lanes::binary's rule).
                    let m = if op == Fmin {
                        self.bx.ins().fmin(a, b)
                    } else {
                        self.bx.ins().fmax(a, b)
                    };
                    let bn = self.bx.ins().fcmp(CFloat::Unordered, b, b);
                    let m = self.bx.ins().select(bn, a, m);
                    let an = self.bx.ins().fcmp(CFloat::Unordered, a, a);
                    self.bx.ins().select(an, b, m)
                }
                _ => self.helper_binary(op, sc, a, b),
            };
        }
        self.helper_binary(op, sc, a, b)
    }

    pub(super) fn fcmp(&mut self, cc: FloatCC, sc: Scalar, a: CValue, b: CValue) -> CValue {
        if matches!(sc, Scalar::F32 | Scalar::F64) {
            let c = match cc {
                FloatCC::Oeq => CFloat::Equal,
                FloatCC::One => CFloat::OrderedNotEqual,
                FloatCC::Olt => CFloat::LessThan,
                FloatCC::Ole => CFloat::LessThanOrEqual,
                FloatCC::Ogt => CFloat::GreaterThan,
                FloatCC::Oge => CFloat::GreaterThanOrEqual,
                FloatCC::Une => CFloat::NotEqual,
                FloatCC::Ord => CFloat::Ordered,
                FloatCC::Uno => CFloat::Unordered,
            };
            return self.bx.ins().fcmp(c, a, b);
        }
        let (wa, wb) = (self.lane_word(a, sc), self.lane_word(b, sc));
        let c = self.iconst(types::I32, index(FloatCC::ALL, cc) as u64);
        let s = self.iconst(types::I32, index(&Scalar::ALL, sc) as u64);
        let r = self.call_helper(helpers::FCMP, &[c, s, wa, wb]);
        self.bx.ins().ireduce(types::I8, r)
    }

    pub(super) fn convert(
        &mut self,
        op: ConvOp,
        from: Option<Scalar>,
        to: Option<Scalar>,
        r: Rounding,
        sat: bool,
        a: CValue,
    ) -> CValue {
        let fsc = from.unwrap_or(Scalar::I64);
        let tsc = to.unwrap_or(Scalar::I64);
        let (ft, tt) = (cty(fsc), cty(tsc));
        let plain_int =
            |s: Scalar| matches!(s, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64);
        let default = matches!(r, Rounding::Default);
        let near = matches!(r, Rounding::Default | Rounding::Rte);
        let resize = |l: &mut Self, a: CValue, signed: bool| -> CValue {
            use std::cmp::Ordering::*;
            match tt.bits().cmp(&ft.bits()) {
                Equal => a,
                Less => l.bx.ins().ireduce(tt, a),
                Greater if signed => l.bx.ins().sextend(tt, a),
                Greater => l.bx.ins().uextend(tt, a),
            }
        };
        let native: Option<CValue> = match op {
            ConvOp::Trunc
            | ConvOp::Zext
            | ConvOp::PtrToInt
            | ConvOp::IntToPtr
            | ConvOp::AddrSpaceCast
                if !fsc.is_float() && !tsc.is_float() =>
            {
                let x = resize(self, a, false);
                Some(if tsc == Scalar::I1 {
                    self.bx.ins().band_imm_s(x, 1)
                } else {
                    x
                })
            }
            ConvOp::Sext if fsc == Scalar::I1 => {
                let n = self.bx.ins().ineg(a);
                Some(resize(self, n, true))
            }
            ConvOp::Sext if plain_int(fsc) && !tsc.is_float() => {
                let x = resize(self, a, true);
                Some(if tsc == Scalar::I1 {
                    self.bx.ins().band_imm_s(x, 1)
                } else {
                    x
                })
            }
            ConvOp::Bitcast if ft.bits() == tt.bits() && fsc != Scalar::I1 && tsc != Scalar::I1 => {
                Some(if ft == tt {
                    a
                } else {
                    self.bx.ins().bitcast(tt, MemFlagsData::new(), a)
                })
            }
            ConvOp::FpExt if fsc == Scalar::F32 && tsc == Scalar::F64 => {
                Some(self.bx.ins().fpromote(tt, a))
            }
            ConvOp::FpTrunc if fsc == Scalar::F64 && tsc == Scalar::F32 && near => {
                Some(self.bx.ins().fdemote(tt, a))
            }
            ConvOp::SiToFp | ConvOp::UiToFp
                if plain_int(fsc) && matches!(tsc, Scalar::F32 | Scalar::F64) && near =>
            {
                let signed = op == ConvOp::SiToFp;
                let x = if ft.bits() < 32 {
                    if signed {
                        self.bx.ins().sextend(types::I32, a)
                    } else {
                        self.bx.ins().uextend(types::I32, a)
                    }
                } else {
                    a
                };
                Some(if signed {
                    self.bx.ins().fcvt_from_sint(tt, x)
                } else {
                    self.bx.ins().fcvt_from_uint(tt, x)
                })
            }
            ConvOp::FpToSi | ConvOp::FpToUi
                if matches!(fsc, Scalar::F32 | Scalar::F64)
                    && matches!(tsc, Scalar::I32 | Scalar::I64)
                    && (default || r == Rounding::Rtz) =>
            {
                Some(if op == ConvOp::FpToSi {
                    self.bx.ins().fcvt_to_sint_sat(tt, a)
                } else {
                    self.bx.ins().fcvt_to_uint_sat(tt, a)
                })
            }
            _ => None,
        };
        if let Some(v) = native {
            return v;
        }
        let w = self.lane_word(a, fsc);
        let how = self.iconst(types::I64, convert_how(op, from, to, r, sat));
        let out = self.call_helper(helpers::CONVERT, &[how, w]);
        self.word_lane(out, tsc)
    }

    pub(super) fn lane_int(&mut self, v: CValue, sc: Scalar) -> CValue {
        match sc {
            Scalar::F32 => self.bx.ins().bitcast(types::I32, MemFlagsData::new(), v),
            Scalar::F64 => self.bx.ins().bitcast(types::I64, MemFlagsData::new(), v),
            _ => v,
        }
    }

    pub(super) fn int_lane(&mut self, v: CValue, sc: Scalar) -> CValue {
        match sc {
            Scalar::F32 => self.bx.ins().bitcast(types::F32, MemFlagsData::new(), v),
            Scalar::F64 => self.bx.ins().bitcast(types::F64, MemFlagsData::new(), v),
            _ => v,
        }
    }
}
