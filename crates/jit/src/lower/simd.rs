//! Packed values: SIMD across the work-items of a packet.
//!
//! In a packet, a varying `f32` or `i32` computed by an operation that has a SIMD form
//! (arithmetic, a conversion, a load of consecutive elements), or carried by a block
//! parameter that only receives such values (a running sum), is kept as `w / 4`
//! Cranelift vectors of four work-items each, and computed once for the packet instead
//! of once per work-item. The operations and their roundings are the scalar ones
//! (`addps` is `addss` four times), so packed and scalar code agree bit for bit.
//!
//! Everything else still sees one value per work-item: reading a packed value for
//! work-item `k` extracts lane `k % 4` of vector `k / 4`, and writing it (a work-item
//! alone after a split, a restore after a barrier) inserts that lane. A load or store
//! of consecutive elements is one bounds check and `w / 4` vector accesses when the
//! packet's addresses are side by side at run time, and the work-items' own checked
//! accesses otherwise.

use cranelift_codegen::ir::{types, InstBuilder, MemFlagsData, Value as CValue};
use cranelift_frontend::Variable;

use kauai_ir::{BinaryOp, ConvOp, Inst, InstKind, MathFn, Rounding, Scalar, Type, UnaryOp, Value};

use crate::abi::*;

use super::*;

/// Work-items per vector.
const VLANES: usize = 4;

/// The vector type of a packed scalar.
fn vty(sc: Scalar) -> ir::Type {
    match sc {
        Scalar::F32 => types::F32X4,
        _ => types::I32X4,
    }
}

/// The packed scalar of a value type: a 32-bit scalar, or nothing.
fn packable(t: Type) -> Option<Scalar> {
    match t {
        Type::Scalar(sc @ (Scalar::F32 | Scalar::I32)) => Some(sc),
        _ => None,
    }
}

impl Lower<'_, '_> {
    /// The values of a packet function kept packed: varying 32-bit scalars whose
    /// instruction has a SIMD form (see [`Lower::simd_form`]) and that some vector
    /// operation uses (a value only scalar code reads would cost a lane extract per
    /// work-item). Not in kernels whose packets split: each work-item then runs alone,
    /// and every packed value it touches would cost a lane insert or extract.
    pub(super) fn find_packed(&self) -> HashSet<Value> {
        let mut packed = HashSet::new();
        if self.w < VLANES
            || !self.w.is_multiple_of(VLANES)
            || self.callee.is_some()
            || splits(self.body, &self.varying, &self.masks)
        {
            return packed;
        }
        let mut users: HashMap<Value, Vec<Inst>> = HashMap::new();
        // Block parameters with what each receives, and which parameters a value feeds.
        let mut incoming: HashMap<Value, Vec<Value>> = HashMap::new();
        let mut fed_params: HashMap<Value, Vec<Value>> = HashMap::new();
        for &b in &self.body.order {
            for &i in &self.body.blocks[b].insts {
                let d = &self.body.insts[i];
                d.kind
                    .for_each_operand(|v| users.entry(v).or_default().push(i));
                if let Some(r) = d.result {
                    if self.varying.contains(&r) && self.simd_form(i) {
                        packed.insert(r);
                    }
                }
                for bc in d.kind.successors() {
                    for (p, a) in self.body.blocks[bc.block].params.iter().zip(&bc.args) {
                        incoming.entry(*p).or_default().push(*a);
                        fed_params.entry(*a).or_default().push(*p);
                    }
                }
            }
        }
        // Loop-carried values (a running sum): a varying 32-bit parameter may be packed
        // when every value it receives is packed or uniform.
        for &p in incoming.keys() {
            if self.varying.contains(&p) && packable(self.body.value_type(p)).is_some() {
                packed.insert(p);
            }
        }
        // Keep what a packed instruction, a packed parameter or a consecutive store
        // uses, to a fixed point.
        loop {
            let unfit: Vec<Value> = incoming
                .iter()
                .filter(|(p, args)| {
                    packed.contains(*p)
                        && args
                            .iter()
                            .any(|a| self.varying.contains(a) && !packed.contains(a))
                })
                .map(|(p, _)| *p)
                .collect();
            let unused: Vec<Value> = packed
                .iter()
                .copied()
                .filter(|v| {
                    let by_inst = users.get(v).is_some_and(|us| {
                        us.iter().any(|&u| {
                            let d = &self.body.insts[u];
                            d.result.is_some_and(|r| packed.contains(&r))
                                || self
                                    .vector_store(u)
                                    .is_some_and(|(_, value, ..)| value == *v)
                        })
                    });
                    let by_param = fed_params
                        .get(v)
                        .is_some_and(|ps| ps.iter().any(|p| packed.contains(p)));
                    !by_inst && !by_param
                })
                .collect();
            if unfit.is_empty() && unused.is_empty() {
                return packed;
            }
            for v in unfit.into_iter().chain(unused) {
                packed.remove(&v);
            }
        }
    }

    /// Does instruction `i` (with a 32-bit scalar result) have a SIMD form?
    fn simd_form(&self, i: Inst) -> bool {
        let body = self.body;
        let Some(r) = body.insts[i].result else {
            return false;
        };
        let Some(sc) = packable(body.value_type(r)) else {
            return false;
        };
        let float = sc == Scalar::F32;
        match &body.insts[i].kind {
            InstKind::Binary(op, _, b) => {
                use BinaryOp::*;
                match op {
                    Fadd | Fsub | Fmul | Fdiv => float,
                    Iadd | Isub | Imul | And | Or | Xor => !float,
                    // SIMD shifts take one amount for every lane.
                    Shl | Lshr | Ashr => !float && !self.varying.contains(b),
                    _ => false,
                }
            }
            InstKind::Unary(op, _) => match op {
                UnaryOp::Fneg | UnaryOp::Fabs | UnaryOp::Sqrt => float,
                UnaryOp::Ineg | UnaryOp::Not => !float,
                _ => false,
            },
            InstKind::Math(MathFn::Mad, _) => float,
            InstKind::Convert {
                op,
                arg,
                rounding,
                saturate,
            } => {
                let from = packable(body.value_type(*arg));
                let near = matches!(rounding, Rounding::Default | Rounding::Rte);
                match op {
                    ConvOp::Bitcast => from.is_some(),
                    ConvOp::SiToFp | ConvOp::UiToFp => from == Some(Scalar::I32) && float && near,
                    ConvOp::FpToSi => {
                        from == Some(Scalar::F32)
                            && !float
                            && !*saturate
                            && matches!(rounding, Rounding::Default | Rounding::Rtz)
                    }
                    _ => false,
                }
            }
            InstKind::Load { ptr, .. } => self.consecutive(*ptr, sc),
            _ => false,
        }
    }

    /// `(ptr, value, align, scalar)` when `i` stores a 32-bit scalar to consecutive
    /// elements: a store the packet can make with vectors when its value is packed.
    fn vector_store(&self, i: Inst) -> Option<(Value, Value, u32, Scalar)> {
        let InstKind::Store {
            ptr, value, align, ..
        } = self.body.insts[i].kind
        else {
            return None;
        };
        let sc = packable(self.body.value_type(value))?;
        self.consecutive(ptr, sc).then_some((ptr, value, align, sc))
    }

    /// Do the packet's work-items access consecutive elements of `sc` through `ptr`?
    fn consecutive(&self, ptr: Value, sc: Scalar) -> bool {
        self.root(ptr).is_some() && self.stride_of(ptr, 0) == Some(sc.bytes() as i64)
    }

    /// The vector variables of packed value `v`.
    fn pvars(&mut self, v: Value) -> Vec<Variable> {
        if let Some(vs) = self.pvars.get(&v) {
            return vs.clone();
        }
        let t = vty(lane_sc(self.body.value_type(v)));
        let vs: Vec<Variable> = (0..self.w / VLANES)
            .map(|_| self.bx.declare_var(t))
            .collect();
        self.pvars.insert(v, vs.clone());
        vs
    }

    /// Packed value `v` for the work-item being lowered.
    pub(super) fn packed_lane(&mut self, v: Value) -> CValue {
        let var = self.pvars(v)[self.pk / VLANES];
        let x = self.bx.use_var(var);
        self.bx.ins().extractlane(x, (self.pk % VLANES) as u8)
    }

    /// Set packed value `v` for the work-item being lowered.
    pub(super) fn set_packed_lane(&mut self, v: Value, x: CValue) {
        let var = self.pvars(v)[self.pk / VLANES];
        let old = self.bx.use_var(var);
        let new = self.bx.ins().insertlane(old, x, (self.pk % VLANES) as u8);
        self.bx.def_var(var, new);
    }

    /// The packet's vectors of `v`, a 32-bit scalar: packed, splat when uniform,
    /// gathered from the work-items' values otherwise.
    pub(super) fn vget(&mut self, v: Value) -> Vec<CValue> {
        let sc = lane_sc(self.body.value_type(v));
        if self.packed.contains(&v) {
            return self
                .pvars(v)
                .into_iter()
                .map(|x| self.bx.use_var(x))
                .collect();
        }
        let home = self.pk;
        let out = if !self.varying.contains(&v) {
            self.pk = 0;
            let x = self.get1(v);
            let s = self.bx.ins().splat(vty(sc), x);
            vec![s; self.w / VLANES]
        } else {
            let xs: Vec<CValue> = (0..self.w)
                .map(|k| {
                    self.pk = k;
                    self.get1(v)
                })
                .collect();
            xs.chunks(VLANES)
                .map(|c| self.vector_of(vty(sc), c))
                .collect()
        };
        self.pk = home;
        out
    }

    /// The vector of type `t` whose lanes are `xs` (four of them).
    fn vector_of(&mut self, t: ir::Type, xs: &[CValue]) -> CValue {
        let mut vec = self.bx.ins().scalar_to_vector(t, xs[0]);
        for (l, &x) in xs.iter().enumerate().skip(1) {
            vec = self.bx.ins().insertlane(vec, x, l as u8);
        }
        vec
    }

    pub(super) fn vset(&mut self, v: Value, vecs: Vec<CValue>) {
        for (var, x) in self.pvars(v).into_iter().zip(vecs) {
            self.bx.def_var(var, x);
        }
    }

    /// Lower instruction `i`, whose result is packed, once for the whole packet.
    pub(super) fn vinst(&mut self, i: Inst) -> Result<(), String> {
        let d = &self.body.insts[i];
        let r = d.result.expect("packed values are results");
        let sc = lane_sc(self.body.value_type(r));
        let t = vty(sc);
        let n = self.w / VLANES;
        let vecs: Vec<CValue> = match d.kind.clone() {
            InstKind::Binary(op, a, b) => {
                use BinaryOp::*;
                let a = self.vget(a);
                if matches!(op, Shl | Lshr | Ashr) {
                    // One amount for the packet (the scalar form masks it the same way).
                    let home = self.pk;
                    self.pk = 0;
                    let k = self.get1(b);
                    self.pk = home;
                    a.into_iter()
                        .map(|x| match op {
                            Shl => self.bx.ins().ishl(x, k),
                            Lshr => self.bx.ins().ushr(x, k),
                            _ => self.bx.ins().sshr(x, k),
                        })
                        .collect()
                } else {
                    let b = self.vget(b);
                    a.into_iter()
                        .zip(b)
                        .map(|(x, y)| {
                            let ins = self.bx.ins();
                            match op {
                                Fadd => ins.fadd(x, y),
                                Fsub => ins.fsub(x, y),
                                Fmul => ins.fmul(x, y),
                                Fdiv => ins.fdiv(x, y),
                                Iadd => ins.iadd(x, y),
                                Isub => ins.isub(x, y),
                                Imul => ins.imul(x, y),
                                And => ins.band(x, y),
                                Or => ins.bor(x, y),
                                _ => ins.bxor(x, y),
                            }
                        })
                        .collect()
                }
            }
            InstKind::Unary(op, a) => self
                .vget(a)
                .into_iter()
                .map(|x| {
                    let ins = self.bx.ins();
                    match op {
                        UnaryOp::Fneg => ins.fneg(x),
                        UnaryOp::Fabs => ins.fabs(x),
                        UnaryOp::Sqrt => ins.sqrt(x),
                        UnaryOp::Ineg => ins.ineg(x),
                        _ => ins.bnot(x),
                    }
                })
                .collect(),
            InstKind::Math(_, args) => {
                // mad: a product rounded, then a sum rounded, as the scalar form.
                let (a, b, c) = (self.vget(args[0]), self.vget(args[1]), self.vget(args[2]));
                (0..n)
                    .map(|k| {
                        let m = self.bx.ins().fmul(a[k], b[k]);
                        self.bx.ins().fadd(m, c[k])
                    })
                    .collect()
            }
            InstKind::Convert { op, arg, .. } => {
                let bitcast_flags = MemFlagsData::new().with_endianness(ir::Endianness::Little);
                self.vget(arg)
                    .into_iter()
                    .map(|x| match op {
                        ConvOp::SiToFp => self.bx.ins().fcvt_from_sint(t, x),
                        ConvOp::UiToFp => self.bx.ins().fcvt_from_uint(t, x),
                        ConvOp::FpToSi => self.bx.ins().fcvt_to_sint_sat(t, x),
                        _ if self.bx.func.dfg.value_type(x) == t => x,
                        _ => self.bx.ins().bitcast(t, bitcast_flags, x),
                    })
                    .collect()
            }
            InstKind::Load { ptr, align, .. } => {
                let mf = MemFlagsData::new().with_notrap();
                self.packet_access(
                    ptr,
                    sc,
                    align,
                    FAULT_LOAD,
                    |l, a0| {
                        (0..n)
                            .map(|k| {
                                let at = (k * VLANES) as i32 * sc.bytes() as i32;
                                l.bx.ins().load(t, mf, a0, at)
                            })
                            .collect()
                    },
                    |l, addrs| {
                        let xs: Vec<CValue> = addrs
                            .iter()
                            .map(|&a| l.bx.ins().load(cty(sc), mf, a, 0))
                            .collect();
                        xs.chunks(VLANES).map(|c| l.vector_of(t, c)).collect()
                    },
                )
            }
            _ => return Err("internal: no SIMD form".into()),
        };
        self.vset(r, vecs);
        Ok(())
    }

    /// A store of consecutive elements by the packet, as vectors: false (nothing
    /// lowered) when store `i` is not one.
    pub(super) fn vstore(&mut self, i: Inst) -> bool {
        let Some((ptr, value, align, sc)) = self.vector_store(i) else {
            return false;
        };
        if self.w < VLANES || !self.packed.contains(&value) {
            return false;
        }
        let vecs = self.vget(value);
        let mf = MemFlagsData::new().with_notrap();
        self.packet_access(
            ptr,
            sc,
            align,
            FAULT_STORE,
            |l, a0| {
                for (k, x) in vecs.iter().enumerate() {
                    let at = (k * VLANES) as i32 * sc.bytes() as i32;
                    l.bx.ins().store(mf, *x, a0, at);
                }
                Vec::new()
            },
            |l, addrs| {
                // In the work-items' order, as the scalar form stores.
                for (k, &a) in addrs.iter().enumerate() {
                    let x = l.bx.ins().extractlane(vecs[k / VLANES], (k % VLANES) as u8);
                    l.bx.ins().store(mf, x, a, 0);
                }
                Vec::new()
            },
        );
        true
    }

    /// The packet's access of one `sc` each through `ptr`, consecutive elements by
    /// the static stride: `whole` with lane 0's host address when the packet's one
    /// check passes at run time (the elements are side by side and in bounds), and
    /// otherwise `each` with every work-item's own checked address (which faults
    /// where the work-item's access would). Both give the same vectors (none for a
    /// store).
    fn packet_access(
        &mut self,
        ptr: Value,
        sc: Scalar,
        align: u32,
        kind: u64,
        whole: impl FnOnce(&mut Self, CValue) -> Vec<CValue>,
        each: impl FnOnce(&mut Self, &[CValue]) -> Vec<CValue>,
    ) -> Vec<CValue> {
        let al = align.max(1).trailing_zeros();
        let len = sc.bytes() as u64;
        let check = self
            .packet_check(ptr, len, al, kind)
            .filter(|(_, _, stride)| *stride == len as i64);
        let Some((ok, a0, _)) = check else {
            let addrs = self.lane_addresses(ptr, len, al, kind);
            return each(self, &addrs);
        };
        let fast = self.bx.create_block();
        let slow = self.bx.create_block();
        let join = self.bx.create_block();
        self.bx.ins().brif(ok, fast, &[], slow, &[]);
        self.bx.seal_block(fast);
        self.bx.seal_block(slow);
        self.bx.switch_to_block(fast);
        let vecs = whole(self, a0);
        for x in &vecs {
            let t = self.bx.func.dfg.value_type(*x);
            self.bx.append_block_param(join, t);
        }
        let args: Vec<ir::BlockArg> = vecs.iter().map(|x| (*x).into()).collect();
        self.bx.ins().jump(join, &args);
        self.bx.set_cold_block(slow);
        self.bx.switch_to_block(slow);
        let addrs = self.lane_addresses(ptr, len, al, kind);
        let vecs = each(self, &addrs);
        let args: Vec<ir::BlockArg> = vecs.iter().map(|x| (*x).into()).collect();
        self.bx.ins().jump(join, &args);
        self.bx.seal_block(join);
        self.bx.switch_to_block(join);
        self.bx.block_params(join).to_vec()
    }
}
