//! Packed values: SIMD across the work-items of a packet.
//!
//! In a packet, a varying `f32` or `i32` computed by an operation that has a SIMD form
//! (arithmetic, `rsqrt`, a conversion, a select, a load of consecutive elements), a
//! varying boolean (a comparison, logic on booleans; kept as a lane mask, all ones or
//! all zeros, as SIMD compares make it and `bitselect` reads it), or carried by
//! a block parameter that only receives such values (a running sum), is kept as `w / 4`
//! Cranelift vectors of four work-items each, and computed once for the packet instead
//! of once per work-item. A vector of two to four of them (`float4`) is kept component
//! by component, so its arithmetic is the same SIMD code, and taking a component out,
//! putting one in, splatting and swizzling only pick vectors. The operations and their roundings are the scalar ones
//! (`addps` is `addss` four times), so packed and scalar code agree bit for bit.
//!
//! Everything else still sees one value per work-item: reading a packed value for
//! work-item `k` extracts lane `k % 4` of vector `k / 4`, and writing it (a work-item
//! alone after a split, a restore after a barrier) inserts that lane. A load or store
//! of consecutive elements is one bounds check and `w / 4` vector accesses when the
//! packet's addresses are side by side at run time, and the work-items' own checked
//! accesses otherwise. Elements are consecutive by the analysis (`p[gid]`), or through
//! a packed `i32` index it cannot follow (`p[i ^ j]`), which a SIMD compare with lane
//! 0's index plus 0, 1, 2, ... checks at run time.

use cranelift_codegen::ir::{types, InstBuilder, MemFlagsData, Value as CValue};
use cranelift_frontend::Variable;

use kauai_ir::{BinaryOp, ConvOp, Inst, InstKind, MathFn, Rounding, Scalar, Type, UnaryOp, Value};

use crate::abi::*;

use super::*;

/// Work-items per vector.
pub(super) const VLANES: usize = 4;

/// The vector type of a packed scalar.
fn vty(sc: Scalar) -> ir::Type {
    match sc {
        Scalar::F32 => types::F32X4,
        _ => types::I32X4,
    }
}

/// A work-item's value as a vector lane: a boolean (`i8` 0 or 1 in scalar code) is
/// a lane mask, all ones or all zeros, as SIMD compares make and `bitselect` reads.
fn to_lane(bx: &mut FunctionBuilder<'_>, sc: Scalar, x: CValue) -> CValue {
    if sc != Scalar::I1 {
        return x;
    }
    let w = bx.ins().uextend(types::I32, x);
    bx.ins().ineg(w)
}

/// [`to_lane`] back: a vector lane as the work-item's scalar value.
fn from_lane(bx: &mut FunctionBuilder<'_>, sc: Scalar, x: CValue) -> CValue {
    if sc != Scalar::I1 {
        return x;
    }
    let b = bx.ins().ireduce(types::I8, x);
    bx.ins().band_imm_s(b, 1)
}

/// The packed scalar of a value type: a 32-bit scalar or a vector of two to four of
/// them (each component packed on its own), or nothing.
fn packable(t: Type) -> Option<Scalar> {
    match t {
        Type::Scalar(sc @ (Scalar::F32 | Scalar::I32 | Scalar::I1)) => Some(sc),
        Type::Vector {
            lanes: 2..=4,
            scalable: false,
            ..
        } => t
            .elem()
            .filter(|sc| matches!(sc, Scalar::F32 | Scalar::I32)),
        _ => None,
    }
}

/// [`packable`] for a 32-bit scalar only (what one vector access moves per
/// work-item).
pub(super) fn packable_scalar(t: Type) -> Option<Scalar> {
    match t {
        Type::Scalar(_) => packable(t).filter(|sc| *sc != Scalar::I1),
        _ => None,
    }
}

impl Lower<'_, '_> {
    /// The values of a packet function kept packed: varying 32-bit scalars whose
    /// instruction has a SIMD form (see [`Lower::simd_form`]) and that some vector
    /// operation, a blended store or a branch uses (a value only scalar code reads
    /// would cost a lane extract per work-item). Where a packet splits, each
    /// work-item takes its lanes out once and goes on in scalars
    /// ([`Lower::split_here`]).
    pub(super) fn find_packed(&self) -> HashSet<Value> {
        let mut packed = HashSet::new();
        if self.w < VLANES || !self.w.is_multiple_of(VLANES) || self.callee.is_some() {
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
        // Values a masked region's stores blend (`masked::blend_store`): as vectors.
        let mut blended: HashSet<Value> = HashSet::new();
        for mk in self.masks.values() {
            for (&st, &old) in &mk.old {
                if let InstKind::Store { value, .. } = self.body.insts[st].kind {
                    blended.insert(value);
                    blended.insert(old);
                }
            }
        }
        // Keep what a packed instruction, a packed parameter, a consecutive or
        // blended store or a branch (all or any work-items, of vectors) uses, to a
        // fixed point.
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
                                || matches!(d.kind, InstKind::Brif(c, ..) if c == *v)
                        })
                    });
                    let by_param = fed_params
                        .get(v)
                        .is_some_and(|ps| ps.iter().any(|p| packed.contains(p)));
                    !by_inst && !by_param && !blended.contains(v)
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
        let boolean = sc == Scalar::I1;
        let scalar = |v: &Value| matches!(body.value_type(*v), Type::Scalar(_));
        match &body.insts[i].kind {
            // Booleans are lane masks: logic works on them, arithmetic would not.
            InstKind::Binary(BinaryOp::And | BinaryOp::Or | BinaryOp::Xor, ..) if boolean => true,
            _ if boolean && !scalar(&r) => false,
            InstKind::Icmp(_, a, _) => {
                scalar(a) && packable(body.value_type(*a)).is_some_and(|s| s != Scalar::F32)
            }
            InstKind::Select(c, a, _) => scalar(c) && scalar(a),
            InstKind::Unary(UnaryOp::Not, _) if boolean => true,
            _ if boolean => false,
            InstKind::Binary(op, _, b) => {
                use BinaryOp::*;
                match op {
                    Fadd | Fsub | Fmul | Fdiv => float,
                    Iadd | Isub | Imul | And | Or | Xor => !float,
                    // SIMD shifts take one amount for every lane (of a scalar: a
                    // vector's components may each have their own).
                    Shl | Lshr | Ashr => {
                        !float
                            && !self.varying.contains(b)
                            && matches!(body.value_type(r), Type::Scalar(_))
                    }
                    _ => false,
                }
            }
            InstKind::Unary(op, _) => match op {
                UnaryOp::Fneg | UnaryOp::Fabs | UnaryOp::Sqrt => float,
                UnaryOp::Ineg | UnaryOp::Not => !float,
                _ => false,
            },
            InstKind::Math(MathFn::Mad | MathFn::Rsqrt, _) => float,
            // Components moved between vectors: no instruction at all.
            InstKind::Extract(a, _) | InstKind::Splat(a) => packable(body.value_type(*a)).is_some(),
            InstKind::Insert(a, b, _) | InstKind::Shuffle(a, b, _) => {
                packable(body.value_type(*a)).is_some() && packable(body.value_type(*b)).is_some()
            }
            InstKind::Convert {
                op,
                arg,
                rounding,
                saturate,
            } => {
                let from = packable(body.value_type(*arg));
                let near = matches!(rounding, Rounding::Default | Rounding::Rte);
                if from == Some(Scalar::I1) {
                    // A mask widened: `zext` keeps its low bit, `sext` is the mask.
                    return sc == Scalar::I32
                        && scalar(arg)
                        && matches!(op, ConvOp::Zext | ConvOp::Sext);
                }
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
            // A vector per work-item: gathered once where it is loaded.
            InstKind::Load { ptr, .. } => match body.value_type(r) {
                Type::Scalar(_) => self.consecutive(*ptr, sc),
                _ => self.root(*ptr).is_some(),
            },
            _ => false,
        }
    }

    /// `(ptr, value, align, scalar)` when `i` stores a 32-bit scalar to consecutive
    /// elements: a store the packet can make with vectors when its value is packed.
    pub(super) fn vector_store(&self, i: Inst) -> Option<(Value, Value, u32, Scalar)> {
        let InstKind::Store {
            ptr, value, align, ..
        } = self.body.insts[i].kind
        else {
            return None;
        };
        let sc = packable_scalar(self.body.value_type(value))?;
        self.consecutive(ptr, sc).then_some((ptr, value, align, sc))
    }

    /// Do the packet's work-items access consecutive elements of `sc` through `ptr`?
    fn consecutive(&self, ptr: Value, sc: Scalar) -> bool {
        let len = sc.bytes() as u64;
        self.root(ptr).is_some()
            && (self.stride_of(ptr, 0) == Some(len as i64)
                || element_index(self.body, &self.varying, ptr, len).is_some())
    }

    /// The vector variables of packed value `v`.
    fn pvars(&mut self, v: Value) -> Vec<Variable> {
        if let Some(vs) = self.pvars.get(&v) {
            return vs.clone();
        }
        let ty = self.body.value_type(v);
        let t = vty(lane_sc(ty));
        let vs: Vec<Variable> = (0..lanes_of(ty).max(1) * self.w / VLANES)
            .map(|_| self.bx.declare_var(t))
            .collect();
        self.pvars.insert(v, vs.clone());
        vs
    }

    /// Packed value `v` for the work-item being lowered (its components).
    pub(super) fn packed_lanes(&mut self, v: Value) -> Vec<CValue> {
        let n = self.w / VLANES;
        let vars = self.pvars(v);
        let sc = lane_sc(self.body.value_type(v));
        (0..vars.len() / n)
            .map(|c| {
                let x = self.bx.use_var(vars[c * n + self.pk / VLANES]);
                let x = self.bx.ins().extractlane(x, (self.pk % VLANES) as u8);
                from_lane(&mut self.bx, sc, x)
            })
            .collect()
    }

    /// Set packed value `v` for the work-item being lowered.
    pub(super) fn set_packed_lanes(&mut self, v: Value, xs: Vec<CValue>) {
        let n = self.w / VLANES;
        let vars = self.pvars(v);
        let sc = lane_sc(self.body.value_type(v));
        for (c, x) in xs.into_iter().enumerate() {
            let x = to_lane(&mut self.bx, sc, x);
            let var = vars[c * n + self.pk / VLANES];
            let old = self.bx.use_var(var);
            let new = self.bx.ins().insertlane(old, x, (self.pk % VLANES) as u8);
            self.bx.def_var(var, new);
        }
    }

    /// The packet's vectors of `v`, a 32-bit scalar or a vector of them (component
    /// by component, `w / 4` vectors each): packed, splat when uniform, gathered
    /// from the work-items' values otherwise.
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
        let n = self.w / VLANES;
        let out = if !self.varying.contains(&v) {
            self.pk = 0;
            let comps = self.get(v);
            let mut out = Vec::new();
            for x in comps {
                let x = to_lane(&mut self.bx, sc, x);
                let s = self.bx.ins().splat(vty(sc), x);
                out.extend(std::iter::repeat_n(s, n));
            }
            out
        } else if let Some(step) = self.affine_i32(v) {
            // Lane 0 and steps: no work-item's own copy needed.
            self.pk = 0;
            let x0 = self.get1(v);
            let s = self.bx.ins().splat(types::I32X4, x0);
            (0..n)
                .map(|k| {
                    let steps = self.lane_steps(step, k);
                    self.bx.ins().iadd(s, steps)
                })
                .collect()
        } else {
            let items: Vec<Vec<CValue>> = (0..self.w)
                .map(|k| {
                    self.pk = k;
                    self.get(v)
                })
                .collect();
            let mut out = Vec::new();
            for c in 0..items[0].len() {
                let xs: Vec<CValue> = items
                    .iter()
                    .map(|it| to_lane(&mut self.bx, sc, it[c]))
                    .collect();
                for chunk in xs.chunks(VLANES) {
                    out.push(self.vector_of(vty(sc), chunk));
                }
            }
            out
        };
        self.pk = home;
        out
    }

    /// For a varying `i32` whose lanes step by a known constant, modulo 2^32
    /// ([`analysis::step_of`]): the step.
    fn affine_i32(&self, v: Value) -> Option<i64> {
        if self.body.value_type(v) != Type::Scalar(Scalar::I32) {
            return None;
        }
        match analysis::step_of(self.m, self.body, &self.varying, v, 0)? {
            (step, true) => Some(step),
            (_, false) => None,
        }
    }

    /// The `i32x4` constant of the steps of vector `k` of a packet: lane `l` holds
    /// `(4k + l) * step`, wrapped to 32 bits.
    pub(super) fn lane_steps(&mut self, step: i64, k: usize) -> CValue {
        let bytes: Vec<u8> = (0..VLANES as i64)
            .flat_map(|l| ((VLANES as i64 * k as i64 + l).wrapping_mul(step) as i32).to_le_bytes())
            .collect();
        let c = self.bx.func.dfg.constants.insert(bytes.into());
        self.bx.ins().vconst(types::I32X4, c)
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
            InstKind::Icmp(cc, a, b) => {
                let (a, b) = (self.vget(a), self.vget(b));
                a.into_iter()
                    .zip(b)
                    .map(|(x, y)| self.bx.ins().icmp(int_cc(cc), x, y))
                    .collect()
            }
            InstKind::Select(c, a, b) => {
                let (c, a, b) = (self.vget(c), self.vget(a), self.vget(b));
                self.blend(&c, &a, &b)
            }
            InstKind::Convert {
                op: ConvOp::Zext,
                arg,
                ..
            } if lane_sc(self.body.value_type(arg)) == Scalar::I1 => {
                let one = self.bx.ins().iconst(types::I32, 1);
                let one = self.bx.ins().splat(t, one);
                self.vget(arg)
                    .into_iter()
                    .map(|x| self.bx.ins().band(x, one))
                    .collect()
            }
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
            InstKind::Math(MathFn::Rsqrt, args) => {
                // As the scalar form: the square root rounded, then 1 over it.
                let one = self.bx.ins().f32const(1.0);
                let one = self.bx.ins().splat(t, one);
                self.vget(args[0])
                    .into_iter()
                    .map(|x| {
                        let r = self.bx.ins().sqrt(x);
                        self.bx.ins().fdiv(one, r)
                    })
                    .collect()
            }
            InstKind::Math(_, args) => {
                // mad: a product rounded, then a sum rounded, as the scalar form.
                let (a, b, c) = (self.vget(args[0]), self.vget(args[1]), self.vget(args[2]));
                (0..a.len())
                    .map(|k| {
                        let m = self.bx.ins().fmul(a[k], b[k]);
                        self.bx.ins().fadd(m, c[k])
                    })
                    .collect()
            }
            InstKind::Extract(a, idx) => {
                let a = self.vget(a);
                a[idx as usize * n..(idx as usize + 1) * n].to_vec()
            }
            InstKind::Splat(a) => {
                let a = self.vget(a);
                let comps = lanes_of(self.body.value_type(r));
                (0..comps).flat_map(|_| a.iter().copied()).collect()
            }
            InstKind::Insert(a, x, idx) => {
                let mut a = self.vget(a);
                let x = self.vget(x);
                a.splice(idx as usize * n..(idx as usize + 1) * n, x);
                a
            }
            InstKind::Shuffle(a, b, idxs) => {
                let a = self.vget(a);
                let b = self.vget(b);
                let la = a.len() / n;
                idxs.iter()
                    .flat_map(|&j| {
                        let j = j as usize;
                        if j < la {
                            a[j * n..(j + 1) * n].to_vec()
                        } else {
                            b[(j - la) * n..(j - la + 1) * n].to_vec()
                        }
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
            InstKind::Load { ptr, align, .. }
                if !matches!(self.body.value_type(r), Type::Scalar(_)) =>
            {
                // A vector per work-item (`pos[i]` of float4s): each work-item's own
                // checked load (one check for the packet when they lie side by side),
                // its components gathered into vectors once, here.
                let mf = MemFlagsData::new().with_notrap();
                let comps = lanes_of(self.body.value_type(r));
                let len = (comps * sc.bytes() as usize) as u64;
                let al = align.max(1).trailing_zeros();
                let home = self.pk;
                let items: Vec<Vec<CValue>> = (0..self.w)
                    .map(|k| {
                        self.pk = k;
                        let a = self.address_of(ptr, len, al, FAULT_LOAD);
                        (0..comps)
                            .map(|c| {
                                self.bx
                                    .ins()
                                    .load(cty(sc), mf, a, (c * sc.bytes() as usize) as i32)
                            })
                            .collect()
                    })
                    .collect();
                self.pk = home;
                // Through a stack slot, component by component: the vectors are then
                // loads, which stay where they are made (Cranelift would place a chain
                // of lane inserts at its uses, inside the loops that read them).
                let esz = sc.bytes() as usize;
                let slot = self.bx.create_sized_stack_slot(ir::StackSlotData::new(
                    ir::StackSlotKind::ExplicitSlot,
                    (comps * self.w * esz) as u32,
                    4,
                ));
                for (k, it) in items.iter().enumerate() {
                    for (c, &x) in it.iter().enumerate() {
                        self.bx.ins().stack_store(
                            types::I64,
                            x,
                            slot,
                            ((c * self.w + k) * esz) as i32,
                        );
                    }
                }
                (0..comps * self.w / VLANES)
                    .map(|j| {
                        self.bx
                            .ins()
                            .stack_load(types::I64, t, slot, (j * VLANES * esz) as i32)
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
        self.vstore_vecs(ptr, align, sc, vecs);
        true
    }

    /// Store the packet's vectors `vecs` of `sc` to consecutive elements through
    /// `ptr` (a [`Lower::vector_store`]'s).
    pub(super) fn vstore_vecs(&mut self, ptr: Value, align: u32, sc: Scalar, vecs: Vec<CValue>) {
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
    }

    /// The lane masks of per-work-item booleans `bits` (`i8` 0 or 1), four
    /// work-items a vector: the masked branch's own (`vmasks`) when `bits` are
    /// one of its edges', else built lane by lane.
    pub(super) fn mask_vectors(&mut self, bits: &[CValue]) -> Vec<CValue> {
        if let Some((_, v)) = self.vmasks.iter().find(|(b, _)| b == bits) {
            return v.clone();
        }
        let lanes: Vec<CValue> = bits
            .iter()
            .map(|&b| to_lane(&mut self.bx, Scalar::I1, b))
            .collect();
        lanes
            .chunks(VLANES)
            .map(|c| self.vector_of(types::I32X4, c))
            .collect()
    }

    /// Per vector of four work-items: `new`'s lanes where `mask` is set, `old`'s
    /// elsewhere.
    pub(super) fn blend(&mut self, mask: &[CValue], new: &[CValue], old: &[CValue]) -> Vec<CValue> {
        let flags = MemFlagsData::new().with_endianness(ir::Endianness::Little);
        (0..new.len())
            .map(|k| {
                let t = self.bx.func.dfg.value_type(new[k]);
                let m = mask[k % mask.len()];
                let m = if t == types::I32X4 {
                    m
                } else {
                    self.bx.ins().bitcast(t, flags, m)
                };
                self.bx.ins().bitselect(m, new[k], old[k])
            })
            .collect()
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
