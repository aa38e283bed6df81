//! Translation of IR functions into the pre-decoded [`FuncCode`] form, once per program.

use kauai_ir::builtins::{self, GroupKind, GroupOp, GroupScope};
use kauai_ir::{
    BinaryOp, BlockCall, Const, ConstScalar, ConvOp, EntityRef, Function, InstKind, Module, Scalar,
    Type, Value,
};

use crate::code::*;
use kauai_ir::lanes as scalar;

/// The identity of a reduction (the result of an exclusive scan's first element).
pub(crate) fn group_identity(op: GroupOp, sc: Scalar) -> u64 {
    let bits = sc.bits();
    let m = scalar::mask(bits);
    match op {
        GroupOp::Add | GroupOp::Or | GroupOp::Xor | GroupOp::Umax => 0,
        GroupOp::LogicalOr | GroupOp::LogicalXor => 0,
        GroupOp::Mul | GroupOp::LogicalAnd => 1,
        GroupOp::And | GroupOp::Umin => m,
        GroupOp::Smin => m >> 1,
        GroupOp::Smax => 1u64 << (bits - 1),
        // +0 (not the strict identity -0) so that an exclusive scan starts at 0.0.
        GroupOp::Fadd => scalar::from_f64(sc, 0.0),
        GroupOp::Fmul => scalar::from_f64(sc, 1.0),
        GroupOp::Fmin => scalar::from_f64(sc, f64::INFINITY),
        GroupOp::Fmax => scalar::from_f64(sc, f64::NEG_INFINITY),
    }
}

/// Lanes a value of this type occupies.
fn lanes_of(t: Type) -> u32 {
    match t {
        Type::Void | Type::Agg(_) => 0,
        Type::Vector { lanes, .. } => lanes,
        _ => 1,
    }
}

/// Lane scalar of a value type (pointers are 64-bit integers here).
fn lane_scalar(t: Type) -> Scalar {
    match t {
        Type::Scalar(s) | Type::Vector { elem: s, .. } => s,
        _ => Scalar::I64,
    }
}

const BLOCK_LABEL: u32 = 1 << 31;
const STUB_LABEL: u32 = 1 << 30;

struct Tx<'a> {
    m: &'a Module,
    body: &'a kauai_ir::Body,
    out: FuncCode,
    slot: Vec<S>,
    nslots: u32,
    stubs: Vec<Op>,
    /// Per block of the arena: where its code starts.
    block_pc: Vec<u32>,
    /// Uses of each value, and the value the previous instruction of the block defined
    /// (for fusing a compare into the branch that is its only use).
    uses: Vec<u32>,
    last_def: Option<Value>,
}

/// Translate every defined function; `None` for declarations.
pub(crate) fn translate_module(m: &Module, global_ptrs: &[u64]) -> Vec<Option<FuncCode>> {
    m.functions
        .iter()
        .map(|(_, f)| {
            f.body
                .as_ref()
                .map(|_| translate_function(m, f, global_ptrs))
        })
        .collect()
}

fn translate_function(m: &Module, f: &Function, global_ptrs: &[u64]) -> FuncCode {
    let Some(body) = f.body.as_ref() else {
        return FuncCode::default();
    };
    let mut slot = Vec::with_capacity(body.values.len());
    let mut nslots = 0u32;
    for (_, v) in body.values.iter() {
        slot.push(nslots);
        nslots = nslots.saturating_add(lanes_of(v.ty).max(1));
    }
    let mut tx = Tx {
        m,
        body,
        out: FuncCode {
            name: f.name.clone(),
            ..FuncCode::default()
        },
        slot,
        nslots,
        stubs: Vec::new(),
        block_pc: vec![u32::MAX; body.blocks.len()],
        uses: {
            let counts = body.use_counts();
            (0..body.values.len())
                .map(|i| counts[Value::new(i)])
                .collect()
        },
        last_def: None,
    };
    tx.out.template = vec![0; nslots as usize];
    if let Some(entry) = body.entry() {
        for &p in &body.blocks[entry].params {
            let s = tx.s(p);
            tx.out.params.push((s, tx.lanes(p)));
        }
    }
    for &b in &body.order {
        tx.block_pc[b.index()] = tx.out.code.len() as u32;
        let insts = &body.blocks[b].insts;
        let cnt = insts.len() as u32;
        tx.last_def = None;
        for &i in insts {
            tx.out.mark_loc(body.locs[i]);
            tx.inst(i, cnt, global_ptrs);
            tx.last_def = body.insts[i].result;
        }
        if !insts
            .last()
            .is_some_and(|i| body.insts[*i].kind.is_terminator())
        {
            tx.fail(format!("block {b} of @{} has no terminator", f.name));
        }
    }
    // Edge stubs go after the blocks; then every label becomes a pc.
    let stub_base = tx.out.code.len() as u32;
    tx.out.mark_loc(kauai_ir::SrcLoc::default());
    let stubs = std::mem::take(&mut tx.stubs);
    tx.out.code.extend(stubs);
    let block_pc = std::mem::take(&mut tx.block_pc);
    let unreachable_pc = tx.out.code.len() as u32;
    tx.out.code.push(Op::Unreachable);
    let fix = |t: &mut u32| {
        if *t & BLOCK_LABEL != 0 {
            let pc = block_pc
                .get((*t & !BLOCK_LABEL) as usize)
                .copied()
                .unwrap_or(u32::MAX);
            *t = if pc == u32::MAX { unreachable_pc } else { pc };
        } else if *t & STUB_LABEL != 0 {
            *t = stub_base + (*t & !STUB_LABEL);
        }
    };
    for op in &mut tx.out.code {
        match op {
            Op::Jump { t, .. } | Op::Goto { t } => fix(t),
            Op::Brif { t, e, .. }
            | Op::BrIcmpI32 { t, e, .. }
            | Op::BrIcmpI64 { t, e, .. }
            | Op::BrFcmpF32 { t, e, .. }
            | Op::BrFcmpF64 { t, e, .. } => {
                fix(t);
                fix(e)
            }
            _ => {}
        }
    }
    for sw in &mut tx.out.switches {
        fix(&mut sw.default);
        for (_, t) in &mut sw.cases {
            fix(t);
        }
    }
    tx.out.template.resize(tx.nslots as usize, 0);
    tx.out.callees.sort_unstable();
    tx.out.callees.dedup();
    tx.out
}

impl Tx<'_> {
    fn s(&self, v: Value) -> S {
        self.slot.get(v.index()).copied().unwrap_or(0)
    }

    fn ty(&self, v: Value) -> Type {
        self.body.value_type(v)
    }

    fn lanes(&self, v: Value) -> u32 {
        lanes_of(self.ty(v))
    }

    fn emit(&mut self, op: Op) {
        self.out.code.push(op);
    }

    fn fail(&mut self, msg: String) {
        let i = self.out.fails.len() as u32;
        self.out.fails.push(msg);
        self.emit(Op::Fail(i));
    }

    fn temp(&mut self, n: u32) -> S {
        let s = self.nslots;
        self.nslots += n;
        s
    }

    /// The moves that pass `bc`'s arguments to its block's parameters, with
    /// parallel-move semantics (a destination may be read by another move).
    fn edge_moves(&mut self, bc: &BlockCall) -> Vec<Op> {
        let Some(data) = self.body.blocks.get(bc.block) else {
            return Vec::new();
        };
        let moves: Vec<(S, S, u32)> = data
            .params
            .iter()
            .zip(&bc.args)
            .map(|(p, a)| (self.s(*p), self.s(*a), self.lanes(*p).max(1)))
            .filter(|(d, s, _)| d != s)
            .collect();
        let overlaps = moves
            .iter()
            .any(|&(_, s, sn)| moves.iter().any(|&(d, _, dn)| s < d + dn && d < s + sn));
        let mv = |d: S, a: S, n: u32| {
            if n == 1 {
                Op::Mov { d, a }
            } else {
                Op::MovN { d, a, n }
            }
        };
        let mut ops = Vec::new();
        if overlaps {
            let total: u32 = moves.iter().map(|m| m.2).sum();
            let tmp = self.temp(total);
            let mut off = tmp;
            for &(_, s, n) in &moves {
                ops.push(mv(off, s, n));
                off += n;
            }
            let mut off = tmp;
            for &(d, _, n) in &moves {
                ops.push(mv(d, off, n));
                off += n;
            }
        } else {
            for &(d, s, n) in &moves {
                ops.push(mv(d, s, n));
            }
        }
        ops
    }

    /// The label of a conditional branch to `bc`: the block itself, or a stub that does
    /// the edge's moves and jumps there.
    fn edge(&mut self, bc: &BlockCall) -> u32 {
        let target = BLOCK_LABEL | bc.block.index() as u32;
        let moves = self.edge_moves(bc);
        if moves.is_empty() {
            return target;
        }
        let label = STUB_LABEL | self.stubs.len() as u32;
        self.stubs.extend(moves);
        self.stubs.push(Op::Goto { t: target });
        label
    }

    fn set_const(&mut self, d: S, ty: Type, c: &Const) {
        let sc = lane_scalar(ty);
        let n = lanes_of(ty) as usize;
        let lane = |c: &ConstScalar| scalar::const_bits(*c, sc);
        let d = d as usize;
        let t = &mut self.out.template;
        match c {
            Const::Scalar(c) => {
                let v = lane(c);
                for l in 0..n {
                    t[d + l] = v;
                }
            }
            Const::Vector(l) => {
                for (i, c) in l.iter().take(n).enumerate() {
                    t[d + i] = lane(c);
                }
            }
            Const::Zero | Const::Undef => {}
        }
    }

    fn inst(&mut self, inst: kauai_ir::Inst, cnt: u32, global_ptrs: &[u64]) {
        let data = &self.body.insts[inst];
        let rty = data.result.map(|v| self.ty(v)).unwrap_or(Type::Void);
        let d = data.result.map(|v| self.s(v)).unwrap_or(0);
        let rn = lanes_of(rty);
        let rsc = lane_scalar(rty);
        let n8 = rn.min(255) as u8;
        match &data.kind {
            InstKind::Const(c) => self.set_const(d, rty, c),
            InstKind::Unary(op, a) => {
                let a = self.s(*a);
                self.emit(Op::Unary {
                    op: *op,
                    sc: rsc,
                    n: n8,
                    d,
                    a,
                })
            }
            InstKind::Binary(op, a, b) => {
                let (a, b) = (self.s(*a), self.s(*b));
                let scalar = rn == 1;
                use BinaryOp::*;
                let op = match (op, rsc, scalar) {
                    (Iadd, Scalar::I32, true) => Op::AddI32 { d, a, b },
                    (Isub, Scalar::I32, true) => Op::SubI32 { d, a, b },
                    (Imul, Scalar::I32, true) => Op::MulI32 { d, a, b },
                    (Shl, Scalar::I32, true) => Op::ShlI32 { d, a, b },
                    (Lshr, Scalar::I32, true) => Op::LshrI32 { d, a, b },
                    (Ashr, Scalar::I32, true) => Op::AshrI32 { d, a, b },
                    (Iadd, Scalar::I64, true) => Op::AddI64 { d, a, b },
                    (Isub, Scalar::I64, true) => Op::SubI64 { d, a, b },
                    (Imul, Scalar::I64, true) => Op::MulI64 { d, a, b },
                    (Shl, Scalar::I64, true) => Op::ShlI64 { d, a, b },
                    (Lshr, Scalar::I64, true) => Op::LshrI64 { d, a, b },
                    (Ashr, Scalar::I64, true) => Op::AshrI64 { d, a, b },
                    (And, s, true) if s.is_int() => Op::And { d, a, b },
                    (Or, s, true) if s.is_int() => Op::Or { d, a, b },
                    (Xor, s, true) if s.is_int() => Op::Xor { d, a, b },
                    (Fadd, Scalar::F32, true) => Op::FAddF32 { d, a, b },
                    (Fsub, Scalar::F32, true) => Op::FSubF32 { d, a, b },
                    (Fmul, Scalar::F32, true) => Op::FMulF32 { d, a, b },
                    (Fdiv, Scalar::F32, true) => Op::FDivF32 { d, a, b },
                    (Fadd, Scalar::F64, true) => Op::FAddF64 { d, a, b },
                    (Fsub, Scalar::F64, true) => Op::FSubF64 { d, a, b },
                    (Fmul, Scalar::F64, true) => Op::FMulF64 { d, a, b },
                    (Fdiv, Scalar::F64, true) => Op::FDivF64 { d, a, b },
                    (op, sc, _) => Op::Binary {
                        op: *op,
                        sc,
                        n: n8,
                        d,
                        a,
                        b,
                    },
                };
                self.emit(op)
            }
            InstKind::Icmp(cc, a, b) => {
                let at = self.ty(*a);
                let (a, b) = (self.s(*a), self.s(*b));
                let sc = lane_scalar(at);
                let op = match (sc, rn) {
                    (Scalar::I32, 1) => Op::IcmpI32 { cc: *cc, d, a, b },
                    (Scalar::I64, 1) => Op::IcmpI64 { cc: *cc, d, a, b },
                    _ => Op::Icmp {
                        cc: *cc,
                        bits: sc.bits() as u8,
                        n: n8,
                        d,
                        a,
                        b,
                    },
                };
                self.emit(op)
            }
            InstKind::Fcmp(cc, a, b) => {
                let sc = lane_scalar(self.ty(*a));
                let (a, b) = (self.s(*a), self.s(*b));
                let op = match (sc, rn) {
                    (Scalar::F32, 1) => Op::FcmpF32 { cc: *cc, d, a, b },
                    (Scalar::F64, 1) => Op::FcmpF64 { cc: *cc, d, a, b },
                    _ => Op::Fcmp {
                        cc: *cc,
                        sc,
                        n: n8,
                        d,
                        a,
                        b,
                    },
                };
                self.emit(op)
            }
            InstKind::Select(c, a, b) => {
                let cvec = self.ty(*c).is_vector();
                let (c, a, b) = (self.s(*c), self.s(*a), self.s(*b));
                if rn == 1 {
                    self.emit(Op::Select { d, c, a, b })
                } else {
                    self.emit(Op::SelectV {
                        n: n8,
                        cvec,
                        d,
                        c,
                        a,
                        b,
                    })
                }
            }
            InstKind::Convert {
                op,
                arg,
                rounding,
                saturate,
            } => {
                let fty = self.ty(*arg);
                let a = self.s(*arg);
                let elem = |t: Type| match t {
                    Type::Ptr(_) => None,
                    t => Some(lane_scalar(t)),
                };
                let reshape = (*op == ConvOp::Bitcast && lanes_of(fty) != rn)
                    .then(|| (lane_scalar(fty).bytes() * 8, lanes_of(fty), rsc.bytes() * 8));
                let i = self.out.convs.len() as u32;
                self.out.convs.push(ConvInfo {
                    op: *op,
                    from: elem(fty),
                    to: elem(rty),
                    rounding: *rounding,
                    sat: *saturate,
                    n: rn,
                    d,
                    a,
                    reshape,
                });
                self.emit(Op::Convert(i))
            }
            InstKind::Math(f, args) => {
                let args = args
                    .iter()
                    .map(|a| (self.s(*a), lane_scalar(self.ty(*a))))
                    .collect();
                let i = self.out.maths.len() as u32;
                self.out.maths.push(MathInfo {
                    f: *f,
                    sc: rsc,
                    n: rn,
                    d,
                    args,
                });
                self.emit(Op::Math(i))
            }
            InstKind::Extract(v, lane) => {
                let a = self.s(*v) + lane.min(&(self.lanes(*v).saturating_sub(1)));
                self.emit(Op::Mov { d, a })
            }
            InstKind::Insert(v, s, lane) => {
                let (a, s) = (self.s(*v), self.s(*s));
                self.emit(Op::MovN { d, a, n: rn });
                if *lane < rn {
                    self.emit(Op::Mov { d: d + lane, a: s })
                }
            }
            InstKind::Shuffle(a, b, mask) => {
                let an = self.lanes(*a);
                let bn = self.lanes(*b);
                let (sa, sb) = (self.s(*a), self.s(*b));
                for (i, &k) in mask.iter().enumerate().take(rn as usize) {
                    let src = if k < an {
                        sa + k
                    } else if k - an < bn {
                        sb + (k - an)
                    } else {
                        continue;
                    };
                    self.emit(Op::Mov {
                        d: d + i as u32,
                        a: src,
                    })
                }
            }
            InstKind::Splat(a) => {
                let a = self.s(*a);
                for i in 0..rn {
                    self.emit(Op::Mov { d: d + i, a })
                }
            }
            InstKind::ExtractDyn(v, i) => {
                let n = self.lanes(*v).min(255) as u8;
                let ibits = lane_scalar(self.ty(*i)).bits() as u8;
                let (v, i) = (self.s(*v), self.s(*i));
                self.emit(Op::ExtractDyn { n, ibits, d, v, i })
            }
            InstKind::Load { ptr, align, .. } => {
                let p = self.s(*ptr);
                self.emit(Op::Load {
                    al: align_log2(*align),
                    // 0 marks i1 lanes: one byte in memory, of which the low bit counts.
                    eb: if rsc == Scalar::I1 {
                        0
                    } else {
                        rsc.bytes() as u8
                    },
                    n: n8,
                    d,
                    p,
                })
            }
            InstKind::Store {
                ptr, value, align, ..
            } => {
                let vt = self.ty(*value);
                let (p, v) = (self.s(*ptr), self.s(*value));
                self.emit(Op::Store {
                    al: align_log2(*align),
                    eb: lane_scalar(vt).bytes() as u8,
                    n: lanes_of(vt).min(255) as u8,
                    p,
                    v,
                })
            }
            InstKind::AtomicRmw { op, ptr, value, .. } => {
                let i = self.out.atomics.len() as u32;
                let info = AtomicInfo {
                    op: *op,
                    sc: rsc,
                    d: data.result.map(|_| d),
                    p: self.s(*ptr),
                    v: self.s(*value),
                };
                self.out.atomics.push(info);
                self.emit(Op::Atomic(i))
            }
            InstKind::CmpXchg {
                ptr, expected, new, ..
            } => {
                let op = Op::CmpXchg {
                    eb: rsc.bytes() as u8,
                    d,
                    p: self.s(*ptr),
                    e: self.s(*expected),
                    v: self.s(*new),
                };
                self.emit(op)
            }
            InstKind::Fence { .. } => self.emit(Op::Fence),
            InstKind::PtrAdd(p, o) => {
                let obits = lane_scalar(self.ty(*o)).bits() as u8;
                let (p, o) = (self.s(*p), self.s(*o));
                self.emit(Op::PtrAdd { obits, d, p, o })
            }
            InstKind::Alloca { ty, align } => {
                let i = self.out.allocas.len() as u32;
                let size = self.m.size_of(*ty);
                let align = (*align as u64).max(self.m.align_of(*ty)).max(1);
                self.out.allocas.push((size, align, d));
                self.out.alloca_locs.push(self.body.locs[inst]);
                self.emit(Op::Alloca(i))
            }
            InstKind::GlobalAddr(g) => {
                let p = global_ptrs.get(g.index()).copied().unwrap_or(0);
                self.out.template[d as usize] = p;
            }
            InstKind::Call(fid, args) => self.call(*fid, args, data.result, d, rty),
            InstKind::Jump(bc) => {
                // An unconditional edge does its moves in place.
                let moves = self.edge_moves(bc);
                self.out.code.extend(moves);
                let t = BLOCK_LABEL | bc.block.index() as u32;
                self.emit(Op::Jump { t, cnt })
            }
            InstKind::Brif(cv, t, e) => {
                let c = self.s(*cv);
                let (t, e) = (self.edge(t), self.edge(e));
                // Fuse with the compare just before when the branch is its only use.
                let fusable = self.uses.get(cv.index()).copied() == Some(1)
                    && cnt <= u16::MAX as u32
                    && self.last_def == Some(*cv);
                let n = cnt as u16;
                let fused = match self.out.code.last() {
                    Some(&Op::IcmpI32 { cc, d, a, b }) if fusable && d == c => {
                        Some(Op::BrIcmpI32 {
                            cc,
                            cnt: n,
                            a,
                            b,
                            t,
                            e,
                        })
                    }
                    Some(&Op::IcmpI64 { cc, d, a, b }) if fusable && d == c => {
                        Some(Op::BrIcmpI64 {
                            cc,
                            cnt: n,
                            a,
                            b,
                            t,
                            e,
                        })
                    }
                    Some(&Op::FcmpF32 { cc, d, a, b }) if fusable && d == c => {
                        Some(Op::BrFcmpF32 {
                            cc,
                            cnt: n,
                            a,
                            b,
                            t,
                            e,
                        })
                    }
                    Some(&Op::FcmpF64 { cc, d, a, b }) if fusable && d == c => {
                        Some(Op::BrFcmpF64 {
                            cc,
                            cnt: n,
                            a,
                            b,
                            t,
                            e,
                        })
                    }
                    _ => None,
                };
                match fused {
                    Some(op) => {
                        self.out.code.pop();
                        self.emit(op)
                    }
                    None => self.emit(Op::Brif { c, t, e, cnt }),
                }
            }
            InstKind::Switch {
                arg,
                cases,
                default,
            } => {
                let bits = lane_scalar(self.ty(*arg)).bits();
                let cases = cases
                    .iter()
                    .map(|(k, bc)| (k & scalar::mask(bits), self.edge(bc)))
                    .collect();
                let default = self.edge(default);
                let idx = self.out.switches.len() as u32;
                let arg = self.s(*arg);
                self.out.switches.push(SwitchInfo {
                    arg,
                    bits,
                    cases,
                    default,
                });
                self.emit(Op::Switch { idx, cnt })
            }
            InstKind::Return(Some(v)) => {
                let (a, n) = (self.s(*v), self.lanes(*v));
                self.emit(Op::Ret { a, n, cnt })
            }
            InstKind::Return(None) => self.emit(Op::RetVoid { cnt }),
            InstKind::Unreachable => self.emit(Op::Unreachable),
        }
    }

    fn call(&mut self, fid: kauai_ir::FuncId, args: &[Value], res: Option<Value>, d: S, rty: Type) {
        let Some(callee) = self.m.functions.get(fid) else {
            return self.fail("call of an unknown function".into());
        };
        let a: Vec<S> = args.iter().map(|v| self.s(*v)).collect();
        let abits: Vec<u8> = args
            .iter()
            .map(|v| lane_scalar(self.ty(*v)).bits() as u8)
            .collect();
        let bits = lane_scalar(rty).bits() as u8;
        if callee.body.is_some() {
            let cargs = callee
                .params
                .iter()
                .zip(args)
                .map(|(_, v)| (self.s(*v), 0, self.lanes(*v)))
                .collect();
            let i = self.out.calls.len() as u32;
            self.out.calls.push(CallInfo {
                func: fid.index() as u32,
                args: cargs,
                d: res.map(|_| (d, lanes_of(rty))),
            });
            self.out.callees.push(fid.index() as u32);
            return self.emit(Op::Call(i));
        }
        let name = callee.name.as_str();
        if let Some(id) = kauai_ir::printf::printf_id(name) {
            if kauai_ir::printf::printf_entry(self.m, id).is_none() {
                return self.fail(format!("@{name} has no entry in the printf table"));
            }
            let i = self.out.printfs.len() as u32;
            let args = args.iter().map(|v| (self.s(*v), self.ty(*v))).collect();
            self.out.printfs.push(PrintfInfo {
                id,
                args,
                d: res.map(|_| d),
            });
            return self.emit(Op::Printf(i));
        }
        use builtins::name::*;
        // A builtin declared with another signature would be misread: refuse it.
        if let Some(sig) = builtins::signature(name, self.m.data_layout) {
            let declared: Vec<Type> = callee.params.iter().map(|p| p.ty).collect();
            if declared != sig.params || callee.ret != sig.ret {
                return self.fail(format!(
                    "@{name} is declared with a signature that differs from the builtin's"
                ));
            }
        }
        if let Some(q) = builtins::query(name) {
            let dim = a.first().copied().unwrap_or(0);
            return self.emit(Op::Query { q, bits, d, dim });
        }
        if let Some(cb) = builtins::CheckBuiltin::parse(name) {
            let at = |k: usize| a.get(k).copied().unwrap_or(0);
            let op = match cb {
                builtins::CheckBuiltin::ShadowLoad => Op::ShadowLoad {
                    d,
                    a: at(0),
                    n: at(1),
                },
                builtins::CheckBuiltin::ShadowStore => Op::ShadowStore {
                    a: at(0),
                    n: at(1),
                    s: at(2),
                },
                builtins::CheckBuiltin::Uninit => Op::Uninit {
                    s: at(0),
                    what: at(1),
                    a: at(2),
                },
                builtins::CheckBuiltin::AsyncCopy => {
                    self.out
                        .async_copies
                        .push([at(0), at(1), at(2), at(3), at(4)]);
                    Op::AsyncCopy(self.out.async_copies.len() as u32 - 1)
                }
                builtins::CheckBuiltin::AsyncWait => Op::AsyncWait {
                    n: at(0),
                    list: at(1),
                    bytes: at(2),
                },
            };
            return self.emit(op);
        }
        if let Some(op) = builtins::ImageBuiltin::parse(name) {
            let i = self.out.images.len() as u32;
            self.out.images.push(ImageInfo { op, args: a, d });
            return self.emit(Op::Image(i));
        }
        match name {
            WORK_GROUP_BARRIER => {
                self.out.has_barrier = true;
                let id = a.first().copied().unwrap_or(0);
                return self.emit(Op::Barrier { id });
            }
            MEM_BARRIER => return self.emit(Op::Fence),
            SUB_GROUP_BARRIER | DMA_WAIT => return,
            DMA_READ_1D | DMA_WRITE_1D | DMA_READ_2D | DMA_WRITE_2D | DMA_READ_3D
            | DMA_WRITE_3D => {
                let i = self.out.dmas.len() as u32;
                let at = |k: usize| a.get(k).copied().unwrap_or(0);
                let (rows, planes) = match a.len() {
                    7 => (Some((at(3), at(4), at(5))), None),
                    10 => (Some((at(3), at(4), at(5))), Some((at(6), at(7), at(8)))),
                    _ => (None, None),
                };
                self.out.dmas.push(DmaInfo {
                    d,
                    dst: at(0),
                    src: at(1),
                    width: at(2),
                    rows,
                    planes,
                    event: at(a.len().saturating_sub(1)),
                    size_bits: abits.get(2).copied().unwrap_or(64),
                });
                return self.emit(Op::Dma(i));
            }
            _ => {}
        }
        if let Some(g) = builtins::GroupBuiltin::parse(name) {
            let sc = lane_scalar(g.ty);
            match g.scope {
                // Sub-groups have one work-item: every collective is the identity
                // on the work-item's own value.
                GroupScope::Sub => {
                    let v = a.first().copied().unwrap_or(0);
                    match g.kind {
                        GroupKind::ScanExclusive(op) => {
                            self.out.template[d as usize] = group_identity(op, sc);
                        }
                        GroupKind::ShuffleDown => {
                            // (cur, next, delta): delta 0 gives cur, 1 gives next.
                            self.emit(Op::Select {
                                d,
                                c: a[2],
                                a: a[1],
                                b: a[0],
                            })
                        }
                        GroupKind::ShuffleUp => self.emit(Op::Select {
                            d,
                            c: a[2],
                            a: a[0],
                            b: a[1],
                        }),
                        _ => self.emit(Op::Mov { d, a: v }),
                    }
                    return;
                }
                GroupScope::Work => {
                    self.out.has_barrier = true;
                    let i = self.out.colls.len() as u32;
                    self.out.colls.push(CollInfo {
                        kind: g.kind,
                        sc,
                        id: a.first().copied().unwrap_or(0),
                        d,
                        args: a[1..]
                            .iter()
                            .copied()
                            .zip(abits[1..].iter().copied())
                            .collect(),
                    });
                    return self.emit(Op::Collective(i));
                }
                // Vector groups combine the lanes of one work-item's vector.
                GroupScope::Vec => {
                    let i = self.out.vecgroups.len() as u32;
                    self.out.vecgroups.push(VecGroupInfo {
                        kind: g.kind,
                        sc,
                        n: lanes_of(g.ty),
                        d,
                        v: a.first().copied().unwrap_or(0),
                        lane: a.get(1).copied(),
                    });
                    return self.emit(Op::VecGroup(i));
                }
            }
        }
        self.fail(format!(
            "not supported yet: call to external function @{name}"
        ))
    }
}

/// log2 of a load's or store's alignment (0 and non-powers of two count as their
/// largest power-of-two factor, at least 1 byte).
fn align_log2(align: u32) -> u8 {
    align.max(1).trailing_zeros() as u8
}
