//! Finalized IR kernel → one Cranelift function that runs a whole work-group.
//!
//! The function loops over the group's work-items (x fastest), running the kernel's
//! body for each. A kernel with barriers runs in regions: each call runs every
//! work-item from where it stopped up to its next barrier (or its return); the values
//! live across that barrier go into the work-item's state slots, slot 0 says where it
//! resumes, and the caller calls again until all have returned. This is ComputeMux's
//! work-item loops, with the region chosen by a dispatch at the top of the loop instead
//! of one copy of the body per region.
//!
//! IR values become Cranelift variables, one per lane (vectors are scalarized);
//! `cranelift-frontend` builds the SSA form, block parameters included. Every memory
//! access checks its pointer's region (`abi::RegionDesc`) and bounds; a failing check
//! records the address in the context and returns `RET_FAULT`. Back-edges count down a
//! budget and call the poll helper when it runs out, so a time limit stops endless
//! loops.

use std::collections::{HashMap, HashSet};

use cranelift_codegen::ir::condcodes::{FloatCC as CFloat, IntCC as CInt};
use cranelift_codegen::ir::immediates::{Ieee32, Ieee64};
use cranelift_codegen::ir::{
    self, types, AbiParam, AtomicRmwOp, Block as CBlock, FuncRef, InstBuilder, MemFlagsData,
    Signature, UserFuncName, Value as CValue,
};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Switch, Variable};
use cranelift_jit::JITModule;
use cranelift_module::{Linkage, Module as _};

use kauai_ir::builtins::{self, name, Query};
use kauai_ir::cfg::DomTree;
use kauai_ir::lanes;
use kauai_ir::{
    AddrSpace, AtomicOp, BinaryOp, Block, Const, ConvOp, EntityRef, FloatCC, FuncId, Inst,
    InstKind, IntCC, MathFn, Module, Rounding, Scalar, Type, UnaryOp, Value,
};

use crate::abi::*;
use crate::helpers::{self, convert_how, index};

/// What the caller must know to run the compiled function.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Bytes of one work-item's private frame: by-value arguments, then allocas.
    pub frame: u64,
    /// Bytes of the by-value arguments at the frame's start.
    pub byval: u64,
    /// Bytes of one work-item's state (0 without barriers).
    pub state: u64,
    pub has_barrier: bool,
    /// `u64` lanes of the arguments, in parameter order.
    pub param_lanes: Vec<u32>,
}

pub(crate) fn signature(module: &JITModule) -> Signature {
    let mut sig = module.make_signature();
    sig.params.push(AbiParam::new(types::I64));
    sig.returns.push(AbiParam::new(types::I64));
    sig
}

fn cty(sc: Scalar) -> ir::Type {
    match sc {
        Scalar::I1 | Scalar::I8 => types::I8,
        Scalar::I16 | Scalar::F16 => types::I16,
        Scalar::I32 => types::I32,
        Scalar::I64 => types::I64,
        Scalar::F32 => types::F32,
        Scalar::F64 => types::F64,
    }
}

/// The lane scalar of a value type (pointers are 64-bit integers).
fn lane_sc(t: Type) -> Scalar {
    match t {
        Type::Ptr(_) => Scalar::I64,
        t => t.elem().unwrap_or(Scalar::I64),
    }
}

fn lanes_of(t: Type) -> usize {
    match t {
        Type::Scalar(_) | Type::Ptr(_) => 1,
        Type::Vector { lanes, .. } => lanes as usize,
        _ => 0,
    }
}

fn unsupported<T>(what: impl std::fmt::Display) -> Result<T, String> {
    Err(format!("not supported by the JIT yet: {what}"))
}

/// What a call turns into.
enum CallKind {
    /// A function of the module with a body: compiled as a function of its own.
    Defined(FuncId),
    Query(Query),
    Printf(u32),
    Barrier,
    Fence,
    Nothing,
}

fn call_kind(m: &Module, f: FuncId) -> Result<CallKind, String> {
    let callee = &m.functions[f];
    if callee.body.is_some() {
        return Ok(CallKind::Defined(f));
    }
    let n = callee.name.as_str();
    if let Some(id) = kauai_ir::printf::printf_id(n) {
        return Ok(CallKind::Printf(id));
    }
    if let Some(sig) = builtins::signature(n, m.data_layout) {
        let declared: Vec<Type> = callee.params.iter().map(|p| p.ty).collect();
        if declared != sig.params || callee.ret != sig.ret {
            return Err(format!(
                "@{n} is declared with a signature that differs from the builtin's"
            ));
        }
    }
    if let Some(q) = builtins::query(n) {
        return Ok(CallKind::Query(q));
    }
    Ok(match n {
        name::WORK_GROUP_BARRIER => CallKind::Barrier,
        name::MEM_BARRIER => CallKind::Fence,
        name::SUB_GROUP_BARRIER | name::DMA_WAIT => CallKind::Nothing,
        _ => return unsupported(format!("calls to @{n}")),
    })
}

/// Live values after each barrier, by a backward data-flow over the blocks.
fn barrier_liveness(body: &kauai_ir::Body, sites: &[(Block, usize)]) -> Vec<Vec<Value>> {
    let nv = body.values.len();
    let words = nv.div_ceil(64);
    let set = |s: &mut [u64], v: Value| s[v.index() / 64] |= 1 << (v.index() % 64);
    let clear = |s: &mut [u64], v: Value| s[v.index() / 64] &= !(1 << (v.index() % 64));
    let mut live_in: HashMap<Block, Vec<u64>> = HashMap::new();
    // Transfer a block's instructions from index `from` on, backwards, onto `live`.
    let transfer = |b: Block, from: usize, live: &mut Vec<u64>| {
        let insts = &body.blocks[b].insts;
        for &i in insts[from..].iter().rev() {
            if let Some(r) = body.insts[i].result {
                clear(live, r);
            }
            body.insts[i].kind.for_each_operand(|v| set(live, v));
        }
    };
    let live_out = |b: Block, live_in: &HashMap<Block, Vec<u64>>| {
        let mut out = vec![0u64; words];
        for s in body.successors(b) {
            if let Some(li) = live_in.get(&s) {
                for (o, x) in out.iter_mut().zip(li) {
                    *o |= x;
                }
            }
        }
        out
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &b in body.order.iter().rev() {
            let mut live = live_out(b, &live_in);
            transfer(b, 0, &mut live);
            for &p in &body.blocks[b].params {
                clear(&mut live, p);
            }
            if live_in.get(&b) != Some(&live) {
                live_in.insert(b, live);
                changed = true;
            }
        }
    }
    sites
        .iter()
        .map(|&(b, j)| {
            let mut live = live_out(b, &live_in);
            transfer(b, j + 1, &mut live);
            (0..nv)
                .filter(|i| live[i / 64] >> (i % 64) & 1 == 1)
                .map(Value::new)
                .collect()
        })
        .collect()
}

/// The values live just before instruction `at` of block `b`.
fn live_before(body: &kauai_ir::Body, b: Block, at: usize) -> Vec<Value> {
    let mut live = if at == 0 {
        // Live after the first instruction, plus what it uses.
        barrier_liveness(body, &[(b, 0)]).pop().unwrap_or_default()
    } else {
        barrier_liveness(body, &[(b, at - 1)])
            .pop()
            .unwrap_or_default()
    };
    if at == 0 {
        body.insts[body.blocks[b].insts[0]]
            .kind
            .for_each_operand(|x| {
                if !live.contains(&x) {
                    live.push(x)
                }
            });
    }
    live
}

/// Translate kernel `fid` of `m` into a work-group function.
pub(crate) fn lower_kernel(m: &Module, fid: FuncId, jm: &mut JITModule) -> Result<Lowered, String> {
    let f = &m.functions[fid];
    let body = f.body.as_ref().ok_or("the kernel has no body")?;
    if m.data_layout.pointer_bytes != 8 {
        return unsupported("32-bit pointers");
    }
    // Check what the kernel uses and lay out its private frame.
    let mut frame = 0u64;
    let mut param_lanes = Vec::new();
    for p in &f.params {
        if let (Type::Ptr(AddrSpace::Private), Some(t)) = (p.ty, p.byval) {
            frame = frame.next_multiple_of(m.align_of(t).max(1)) + m.size_of(t);
        }
        if !p.ty.is_value() || matches!(p.ty, Type::Vector { scalable: true, .. }) {
            return unsupported(format!("a parameter of type {}", m.types.display(p.ty)));
        }
        param_lanes.push(lanes_of(p.ty) as u32);
    }
    let byval = frame;
    let mut allocas = HashMap::new();
    let mut sites = Vec::new();
    for &b in &body.order {
        for (j, &i) in body.blocks[b].insts.iter().enumerate() {
            let d = &body.insts[i];
            if let Some(r) = d.result {
                let t = body.value_type(r);
                if matches!(t, Type::Vector { scalable: true, .. }) {
                    return unsupported("scalable vectors");
                }
            }
            match &d.kind {
                InstKind::Alloca { ty, align } => {
                    // Aligned as the interpreter aligns it: the larger of the
                    // instruction's and the type's alignment.
                    let al = (*align as u64).max(m.align_of(*ty)).max(1);
                    let off = frame.next_multiple_of(al);
                    allocas.insert(i, off);
                    frame = off + m.size_of(*ty);
                }
                InstKind::Call(c, _) => {
                    if let CallKind::Barrier = call_kind(m, *c)? {
                        sites.push((b, j));
                    }
                }
                InstKind::Convert {
                    op: ConvOp::Bitcast,
                    arg,
                    ..
                } => {
                    let (a, r) = (body.value_type(*arg), body.value_type(d.result.unwrap()));
                    if lanes_of(a) != lanes_of(r)
                        && (lane_sc(a) == Scalar::I1 || lane_sc(r) == Scalar::I1)
                    {
                        return unsupported("bitcasts of boolean vectors");
                    }
                }
                InstKind::AtomicRmw {
                    op: AtomicOp::Fadd,
                    value,
                    ..
                } if lane_sc(body.value_type(*value)) == Scalar::F16 => {
                    return unsupported("atomic add of half");
                }
                _ => {}
            }
        }
    }
    // The functions the kernel calls, each with its own static frame after the
    // kernel's (OpenCL has no recursion, so a frame per function is enough).
    let mut callees: Vec<FuncId> = Vec::new();
    let mut callee_allocas: HashMap<(FuncId, Inst), u64> = HashMap::new();
    let mut stack = vec![(fid, 0usize)];
    let mut on_path = vec![fid];
    let calls_of = |g: FuncId| -> Vec<FuncId> {
        let Some(b) = m.functions[g].body.as_ref() else {
            return Vec::new();
        };
        let mut v = Vec::new();
        for &blk in &b.order {
            for &i in &b.blocks[blk].insts {
                if let InstKind::Call(c, _) = &b.insts[i].kind {
                    if m.functions[*c].body.is_some() && !v.contains(c) {
                        v.push(*c);
                    }
                }
            }
        }
        v
    };
    while let Some((g, k)) = stack.pop() {
        let next = calls_of(g).get(k).copied();
        match next {
            None => {
                on_path.pop();
            }
            Some(c) => {
                stack.push((g, k + 1));
                if on_path.contains(&c) {
                    return unsupported(format!("recursion (@{})", m.functions[c].name));
                }
                if !callees.contains(&c) {
                    callees.push(c);
                    on_path.push(c);
                    stack.push((c, 0));
                }
            }
        }
    }
    for &c in &callees {
        let cb = m.functions[c].body.as_ref().unwrap();
        for &blk in &cb.order {
            for &i in &cb.blocks[blk].insts {
                match &cb.insts[i].kind {
                    InstKind::Alloca { ty, align } => {
                        let al = (*align as u64).max(m.align_of(*ty)).max(1);
                        let off = frame.next_multiple_of(al);
                        callee_allocas.insert((c, i), off);
                        frame = off + m.size_of(*ty);
                    }
                    InstKind::Call(k, _) => {
                        if let CallKind::Barrier = call_kind(m, *k)? {
                            return unsupported(format!(
                                "barriers in called functions (@{})",
                                m.functions[c].name
                            ));
                        }
                    }
                    _ => {}
                }
                if let Some(r) = cb.insts[i].result {
                    if matches!(cb.value_type(r), Type::Vector { scalable: true, .. }) {
                        return unsupported("scalable vectors");
                    }
                }
            }
        }
        let f = &m.functions[c];
        if f.params.iter().any(|p| !p.ty.is_value()) || !(f.ret.is_value() || f.ret == Type::Void) {
            return unsupported(format!("the signature of @{}", f.name));
        }
    }
    if frame > 16 << 20 {
        return unsupported(format!("{frame} bytes of private memory per work-item"));
    }
    let mut live = barrier_liveness(body, &sites);
    // What need not be saved at a barrier: arguments (defined once per call, before
    // the work-item loop) and values cheaper to recompute than to keep (constants,
    // addresses, work-item queries with a constant dimension), which the resume
    // recomputes: ComputeMux's barrier tidying.
    let entry_params = &body.blocks[body.entry().ok_or("no entry block")?].params;
    let mut remat: Vec<Vec<Inst>> = Vec::new();
    for vs in &mut live {
        let mut again = Vec::new();
        vs.retain(|v| {
            if entry_params.contains(v) {
                return false;
            }
            let Some(i) = body.value_inst(*v) else {
                return true;
            };
            let cheap = match &body.insts[i].kind {
                InstKind::Const(_) | InstKind::GlobalAddr(_) | InstKind::Alloca { .. } => true,
                InstKind::Call(c, args) => {
                    matches!(call_kind(m, *c), Ok(CallKind::Query(_)))
                        && args.iter().all(|a| {
                            body.value_inst(*a).is_some_and(|d| {
                                matches!(
                                    body.insts[d].kind,
                                    InstKind::Const(Const::Scalar(kauai_ir::ConstScalar::Int(_)))
                                )
                            })
                        })
                }
                _ => false,
            };
            if cheap {
                again.push(i);
            }
            !cheap
        });
        remat.push(again);
    }
    // State slot 0 is the resume point; then one slot per live lane of any barrier.
    let mut slot_of: HashMap<Value, u32> = HashMap::new();
    let mut next_slot = 1u32;
    for vs in &live {
        for v in vs {
            if !slot_of.contains_key(v) {
                slot_of.insert(*v, next_slot);
                next_slot += lanes_of(body.value_type(*v)) as u32;
            }
        }
    }
    let has_barrier = !sites.is_empty();
    let layout = Layout {
        frame,
        byval,
        state: if has_barrier { next_slot as u64 * 8 } else { 0 },
        has_barrier,
        param_lanes,
    };

    let mut plan = Plan {
        allocas,
        sites,
        live,
        remat,
        slot_of,
        layout: layout.clone(),
        callees: HashMap::new(),
    };
    // Declare every callee first (they may call each other), then build them.
    for &c in &callees {
        let sig = callee_signature(m, c, jm);
        let id = jm
            .declare_function(&format!("kauai_fn{}", c.index()), Linkage::Local, &sig)
            .map_err(|e| e.to_string())?;
        plan.callees.insert(c, id);
    }
    let mut callee_fns = Vec::new();
    for &c in &callees {
        let allocas: HashMap<Inst, u64> = callee_allocas
            .iter()
            .filter(|((g, _), _)| *g == c)
            .map(|((_, i), off)| (*i, *off))
            .collect();
        let f = build_callee(m, c, jm, &plan, allocas)?;
        callee_fns.push((plan.callees[&c], f));
    }
    let scalar = build_function(m, body, jm, &plan, 1, &HashSet::new())?;
    let packet = match packet_plan(m, body, &layout) {
        Ok(varying) => {
            // Wide packets pay off where work-items stay together; where they may
            // split, narrower ones lose less.
            let w = if diverges(body, &varying) {
                PACKET / 2
            } else {
                PACKET
            };
            Ok((build_function(m, body, jm, &plan, w, &varying)?, w))
        }
        Err(why) => Err(why),
    };
    Ok(Lowered {
        scalar,
        packet,
        callees: callee_fns,
        layout,
    })
}

/// A called function's signature: the context, the work-item's local ids, where its
/// result's lanes go (8 bytes each), its arguments' lanes; it returns a status (0, or
/// the `RET_*` that ends the run).
fn callee_signature(m: &Module, c: FuncId, jm: &JITModule) -> Signature {
    let f = &m.functions[c];
    let mut sig = jm.make_signature();
    for _ in 0..5 {
        sig.params.push(AbiParam::new(types::I64));
    }
    for p in &f.params {
        for _ in 0..lanes_of(p.ty) {
            sig.params.push(AbiParam::new(cty(lane_sc(p.ty))));
        }
    }
    sig.returns.push(AbiParam::new(types::I64));
    sig
}

/// Work-items per packet at most: consecutive x ids run together, one copy of every
/// varying value per work-item, uniform values computed once. Kernels with branches
/// their work-items may disagree on use half as many.
pub const PACKET: usize = 8;

/// Values that differ between work-items because of where they went rather than what
/// they computed: for each branch on a varying value, the parameters of its join
/// point and of the blocks up to it, and every value made in those blocks and used
/// beyond them (a loop's counter when the work-items leave it at different times).
fn sync_dependent(body: &kauai_ir::Body, varying: &HashSet<Value>) -> Vec<Value> {
    let blocks: Vec<Block> = body.order.clone();
    let ix: HashMap<Block, usize> = blocks.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let n = blocks.len();
    let succ: Vec<Vec<usize>> = blocks
        .iter()
        .map(|b| {
            body.successors(*b)
                .iter()
                .filter_map(|s| ix.get(s).copied())
                .collect()
        })
        .collect();
    // Post-dominator sets, by iteration to a fixpoint.
    let full: Vec<bool> = vec![true; n];
    let mut pdom: Vec<Vec<bool>> = (0..n)
        .map(|i| {
            if succ[i].is_empty() {
                (0..n).map(|j| j == i).collect()
            } else {
                full.clone()
            }
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for i in (0..n).rev() {
            if succ[i].is_empty() {
                continue;
            }
            let mut set = full.clone();
            for &s in &succ[i] {
                for j in 0..n {
                    set[j] &= pdom[s][j];
                }
            }
            set[i] = true;
            if set != pdom[i] {
                pdom[i] = set;
                changed = true;
            }
        }
    }
    let mut out = Vec::new();
    for (bi, &b) in blocks.iter().enumerate() {
        let Some(t) = body.terminator(b) else {
            continue;
        };
        let InstKind::Brif(c, ..) = &body.insts[t].kind else {
            continue;
        };
        if !varying.contains(c) {
            continue;
        }
        // The join: the strict post-dominator all others post-dominate.
        let strict: Vec<usize> = (0..n).filter(|&j| j != bi && pdom[bi][j]).collect();
        let join = strict
            .iter()
            .copied()
            .find(|&j| strict.iter().all(|&k| pdom[j][k]));
        // The region: blocks reachable from the branch before the join.
        let mut region = vec![false; n];
        let mut stack: Vec<usize> = succ[bi].clone();
        while let Some(x) = stack.pop() {
            if Some(x) == join || region[x] {
                continue;
            }
            region[x] = true;
            stack.extend(succ[x].iter().copied());
        }
        let mut params = |k: usize| out.extend(body.blocks[blocks[k]].params.iter().copied());
        if let Some(j) = join {
            params(j);
        }
        for k in (0..n).filter(|&k| region[k]) {
            params(k);
        }
        // Values made in the region and used outside it.
        let mut defined: HashSet<Value> = HashSet::new();
        for k in (0..n).filter(|&k| region[k]) {
            for &i in &body.blocks[blocks[k]].insts {
                if let Some(r) = body.insts[i].result {
                    defined.insert(r);
                }
            }
        }
        for k in (0..n).filter(|&k| !region[k]) {
            for &i in &body.blocks[blocks[k]].insts {
                body.insts[i].kind.for_each_operand(|v| {
                    if defined.contains(&v) {
                        out.push(v);
                    }
                });
            }
        }
    }
    out
}

/// Does the kernel branch on a value that varies between work-items?
fn diverges(body: &kauai_ir::Body, varying: &HashSet<Value>) -> bool {
    body.order.iter().any(|&b| {
        body.terminator(b).is_some_and(
            |t| matches!(&body.insts[t].kind, InstKind::Brif(c, ..) if varying.contains(c)),
        )
    })
}

/// Instructions of a kernel beyond which it gets no packet form (compile time: a
/// divergent kernel holds `PACKET + 1` copies of its body).
const MAX_PACKET_BODY: usize = 4000;

/// Blocks of a kernel beyond which it gets no packet form (the divergence analysis
/// keeps a post-dominator set per block).
const MAX_PACKET_BLOCKS: usize = 512;

/// The compiled forms of a kernel.
pub(crate) struct Lowered {
    pub scalar: ir::Function,
    /// The functions the kernel calls, with their ids in the module.
    pub callees: Vec<(cranelift_module::FuncId, ir::Function)>,
    /// The packet form and its width, or why the kernel has none.
    pub packet: Result<(ir::Function, usize), String>,
    pub layout: Layout,
}

/// What the analysis of a kernel found, shared by its scalar and packet forms.
struct Plan {
    allocas: HashMap<Inst, u64>,
    sites: Vec<(Block, usize)>,
    live: Vec<Vec<Value>>,
    remat: Vec<Vec<Inst>>,
    slot_of: HashMap<Value, u32>,
    layout: Layout,
    /// The functions the kernel reaches, declared in the JIT module.
    callees: HashMap<FuncId, cranelift_module::FuncId>,
}

/// Can the kernel run in packets, and which values vary between the work-items of a
/// packet? A packet runs its work-items in lockstep, so every branch must be uniform
/// (then all reach the same barriers together), and nothing may observe the order of
/// work-items (atomics, printf and private memory are left to the scalar form).
fn packet_plan(
    m: &Module,
    body: &kauai_ir::Body,
    layout: &Layout,
) -> Result<HashSet<Value>, String> {
    if layout.frame > 0 {
        return Err("private memory".into());
    }
    // The divergence analysis is quadratic in blocks (post-dominator sets).
    if body.order.len() > MAX_PACKET_BLOCKS {
        return Err(format!(
            "{} blocks (packets up to {MAX_PACKET_BLOCKS})",
            body.order.len()
        ));
    }
    // Work-items that split may reach different barriers; they rejoin only where the
    // ids tell the barriers apart (prepare-barriers gives each its own constant id).
    let mut ids = HashSet::new();
    for &b in &body.order {
        for &i in &body.blocks[b].insts {
            if let InstKind::Call(c, args) = &body.insts[i].kind {
                if let Ok(CallKind::Barrier) = call_kind(m, *c) {
                    let id = args.first().and_then(|a| match body.value_inst(*a) {
                        Some(d) => match &body.insts[d].kind {
                            InstKind::Const(Const::Scalar(kauai_ir::ConstScalar::Int(k))) => {
                                Some(*k)
                            }
                            _ => None,
                        },
                        None => None,
                    });
                    if !id.is_some_and(|k| ids.insert(k)) {
                        return Err("barriers without distinct constant ids".into());
                    }
                }
            }
        }
    }
    let mut varying: HashSet<Value> = HashSet::new();
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &body.order {
            for &i in &body.blocks[b].insts {
                let d = &body.insts[i];
                let seed = match &d.kind {
                    InstKind::AtomicRmw { .. } | InstKind::CmpXchg { .. } => {
                        return Err("atomics".into())
                    }
                    InstKind::Alloca { .. } => return Err("private memory".into()),
                    InstKind::Call(c, args) => match call_kind(m, *c)? {
                        CallKind::Printf(_) => return Err("printf".into()),
                        // Each work-item calls on its own (the callee may ask who it is).
                        CallKind::Defined(_) => true,
                        CallKind::Query(q) => {
                            let x_dim = args.first().is_none_or(|a| {
                                match body.value_inst(*a).map(|i| &body.insts[i].kind) {
                                    Some(InstKind::Const(Const::Scalar(
                                        kauai_ir::ConstScalar::Int(k),
                                    ))) => *k == 0,
                                    _ => true,
                                }
                            });
                            matches!(
                                q,
                                Query::LocalLinearId | Query::GlobalLinearId | Query::SubGroupId
                            ) || (x_dim && matches!(q, Query::GlobalId | Query::LocalId))
                        }
                        _ => false,
                    },
                    _ => false,
                };
                let mut vary = seed;
                d.kind.for_each_operand(|v| vary |= varying.contains(&v));
                if let Some(r) = d.result {
                    if vary && varying.insert(r) {
                        changed = true;
                    }
                }
                // Values passed to a block make its parameters vary.
                for bc in d.kind.successors() {
                    for (p, a) in body.blocks[bc.block].params.iter().zip(&bc.args) {
                        if varying.contains(a) && varying.insert(*p) {
                            changed = true;
                        }
                    }
                }
            }
        }
        // With barriers, a packet comes back together after a split: what the
        // work-items computed apart may differ even from uniform inputs.
        if layout.has_barrier {
            for v in sync_dependent(body, &varying) {
                if varying.insert(v) {
                    changed = true;
                }
            }
        }
    }
    let mut size = 0;
    for &b in &body.order {
        size += body.blocks[b].insts.len();
        let Some(t) = body.terminator(b) else {
            continue;
        };
        match &body.insts[t].kind {
            // Where the work-items of a packet disagree at a branch, they go on one at
            // a time: that needs no barrier ahead.
            InstKind::Switch { arg, .. } if varying.contains(arg) => {
                return Err("a switch that differs between work-items".into())
            }
            _ => {}
        }
    }
    // Divergent kernels hold a copy of the body per work-item of the packet.
    if size > MAX_PACKET_BODY {
        return Err(format!(
            "{size} instructions (packets up to {MAX_PACKET_BODY})"
        ));
    }
    Ok(varying)
}

fn build_callee(
    m: &Module,
    c: FuncId,
    jm: &mut JITModule,
    plan: &Plan,
    allocas: HashMap<Inst, u64>,
) -> Result<ir::Function, String> {
    let body = m.functions[c].body.as_ref().ok_or("no body")?;
    let sub = Plan {
        allocas,
        sites: Vec::new(),
        live: Vec::new(),
        remat: Vec::new(),
        slot_of: HashMap::new(),
        layout: plan.layout.clone(),
        callees: plan.callees.clone(),
    };
    build_function_as(m, body, jm, &sub, 1, &HashSet::new(), Some(c))
}

fn build_function(
    m: &Module,
    body: &kauai_ir::Body,
    jm: &mut JITModule,
    plan: &Plan,
    w: usize,
    varying: &HashSet<Value>,
) -> Result<ir::Function, String> {
    build_function_as(m, body, jm, plan, w, varying, None)
}

fn build_function_as(
    m: &Module,
    body: &kauai_ir::Body,
    jm: &mut JITModule,
    plan: &Plan,
    w: usize,
    varying: &HashSet<Value>,
    callee: Option<FuncId>,
) -> Result<ir::Function, String> {
    let sig = match callee {
        Some(c) => callee_signature(m, c, jm),
        None => signature(jm),
    };
    let mut func = ir::Function::with_name_signature(UserFuncName::user(0, 0), sig);
    let mut fctx = FunctionBuilderContext::new();
    let bx = FunctionBuilder::new(&mut func, &mut fctx);
    let helper_ids = [
        (helpers::UNARY, 3, 1),
        (helpers::BINARY, 4, 1),
        (helpers::CONVERT, 2, 1),
        (helpers::MATH, 5, 1),
        (helpers::FCMP, 4, 1),
        (crate::native::POLL_SYMBOL, 1, 1),
        (crate::native::PRINTF_SYMBOL, 4, 1),
    ];
    let mut l = Lower {
        m,
        body,
        bx,
        vars: HashMap::new(),
        blocks: HashMap::new(),
        dom: DomTree::compute(body),
        allocas: plan.allocas.clone(),
        sites: HashMap::new(),
        live: plan.live.clone(),
        pos: body
            .order
            .iter()
            .flat_map(|&b| {
                body.blocks[b]
                    .insts
                    .iter()
                    .enumerate()
                    .map(move |(j, &i)| (i, (b, j)))
            })
            .collect(),
        cur: None,
        remat: plan.remat.clone(),
        slot_of: plan.slot_of.clone(),
        layout: plan.layout.clone(),
        w,
        pk: 0,
        varying: varying.clone(),
        packet_addrs: HashMap::new(),
        lane: None,
        lane_blocks: HashMap::new(),
        splits: Vec::new(),
        split_var: None,
        split_entries: HashMap::new(),
        lane_done: Vec::new(),
        lane_status: None,
        helpers: HashMap::new(),
        ctx: CValue::from_u32(0),
        k: Default::default(),
        fault_block: None,
        stop_block: None,
        fc: jm.target_config(),
        roots: HashMap::new(),
        global_roots: HashMap::new(),
        callee,
        callee_refs: HashMap::new(),
        propagate: None,
        ret_area: None,
        args: HashMap::new(),
    };
    for (&c, &id) in &plan.callees {
        let fr = jm.declare_func_in_func(id, l.bx.func);
        l.callee_refs.insert(c, fr);
    }
    for (s, (b, j)) in plan.sites.iter().enumerate() {
        l.sites.insert(body.blocks[*b].insts[*j], s as u32 + 1);
    }
    for (name, nparams, nret) in helper_ids {
        let mut sig = jm.make_signature();
        for k in 0..nparams {
            // The lane helpers start with two `u32` indices; printf's id is a `u32`.
            let index = match name {
                crate::native::POLL_SYMBOL | helpers::CONVERT => false,
                crate::native::PRINTF_SYMBOL => k == 1,
                _ => k < 2,
            };
            sig.params
                .push(AbiParam::new(if index { types::I32 } else { types::I64 }));
        }
        for _ in 0..nret {
            let t = match name {
                helpers::FCMP | crate::native::POLL_SYMBOL | crate::native::PRINTF_SYMBOL => {
                    types::I32
                }
                _ => types::I64,
            };
            sig.returns.push(AbiParam::new(t));
        }
        let id = jm
            .declare_function(name, Linkage::Import, &sig)
            .map_err(|e| e.to_string())?;
        let fr = jm.declare_func_in_func(id, l.bx.func);
        l.helpers.insert(name, fr);
    }
    if callee.is_some() {
        l.build_callee()?;
    } else {
        l.build()?;
    }
    l.bx.seal_all_blocks();
    let fc = l.fc;
    l.bx.finalize(fc);
    Ok(func)
}

/// Values the whole function uses, defined in its entry block.
#[derive(Default)]
struct Known {
    regions: Option<CValue>,
    nregions: Option<CValue>,
    /// group_id * enqueued_local + offset, per dimension.
    gbase: [Option<CValue>; 3],
    local: [Option<CValue>; 3],
    n: Option<CValue>,
    lid: [Option<Variable>; 3],
    budget: Option<Variable>,
    sbase: Option<Variable>,
    pbase: Option<Variable>,
}

struct Lower<'a, 'b> {
    m: &'a Module,
    body: &'a kauai_ir::Body,
    bx: FunctionBuilder<'b>,
    vars: HashMap<Value, Vec<Variable>>,
    blocks: HashMap<Block, CBlock>,
    dom: DomTree,
    allocas: HashMap<Inst, u64>,
    /// Barrier calls and their site numbers (from 1).
    sites: HashMap<Inst, u32>,
    live: Vec<Vec<Value>>,
    /// Each instruction's block and index, and the instruction being lowered.
    pos: HashMap<Inst, (Block, usize)>,
    cur: Option<(Block, usize)>,
    /// Per barrier: the instructions whose values the resume recomputes.
    remat: Vec<Vec<Inst>>,
    slot_of: HashMap<Value, u32>,
    layout: Layout,
    helpers: HashMap<&'static str, FuncRef>,
    ctx: CValue,
    k: Known,
    fault_block: Option<CBlock>,
    stop_block: Option<CBlock>,
    fc: cranelift_codegen::isa::TargetFrontendConfig,
    /// Work-items per call of the body (1, or [`PACKET`]), the one being lowered, and
    /// the values that differ between them.
    w: usize,
    pk: usize,
    varying: HashSet<Value>,
    /// The packet's addresses of the access at a position, once computed for lane 0.
    packet_addrs: HashMap<(Block, usize), Vec<CValue>>,
    /// Set while lowering the copy of the body that work-item `k` of a packet runs
    /// alone, after the packet split at a divergent branch.
    lane: Option<usize>,
    lane_blocks: HashMap<(usize, Block), CBlock>,
    /// The divergent branches (block, terminator), the branch a packet split at, and
    /// per (work-item, branch) the block where that work-item resumes.
    splits: Vec<(Block, Inst)>,
    split_var: Option<Variable>,
    split_entries: HashMap<(usize, usize), CBlock>,
    /// Where each work-item's copy goes when it returns or waits (with its status),
    /// and the status of the packet's first work-item.
    lane_done: Vec<CBlock>,
    lane_status: Option<Variable>,
    /// Set when lowering a called function rather than a kernel.
    callee: Option<FuncId>,
    callee_refs: HashMap<FuncId, FuncRef>,
    /// The block that returns a callee's non-zero status up the call chain.
    propagate: Option<CBlock>,
    /// In a called function: where its result goes.
    ret_area: Option<CValue>,
    /// The arguments' values (the kernel's, or a called function's).
    args: HashMap<Value, Vec<CValue>>,
    /// The region (base, size, writable size) of each pointer root, a kernel argument or a
    /// module global: loaded once in the entry block, so accesses through pointers
    /// derived from them skip the region lookup.
    roots: HashMap<Value, [CValue; 3]>,
    global_roots: HashMap<kauai_ir::GlobalId, [CValue; 3]>,
}

/// Where a pointer comes from, when `ptradd` chains lead back to it.
#[derive(Copy, Clone)]
enum Root {
    Param(Value),
    Global(kauai_ir::GlobalId),
}

fn flags_ctx() -> MemFlagsData {
    MemFlagsData::trusted()
}

impl Lower<'_, '_> {
    /// The variables of `v`'s lanes for the work-item being lowered (a varying value
    /// has one set per work-item of the packet).
    fn var(&mut self, v: Value) -> Vec<Variable> {
        let t = self.body.value_type(v);
        let n = lanes_of(t);
        // In a packet function every value has a copy per work-item: varying values
        // use them in the packet, and every value does in the work-items' own copies
        // of the body after a split. Kernel arguments never change: one copy.
        let is_arg = self
            .body
            .entry()
            .is_some_and(|e| self.body.blocks[e].params.contains(&v));
        let copies = if is_arg { 1 } else { self.w };
        if !self.vars.contains_key(&v) {
            let sc = lane_sc(t);
            let vs: Vec<Variable> = (0..n * copies)
                .map(|_| self.bx.declare_var(cty(sc)))
                .collect();
            self.vars.insert(v, vs);
        }
        let k = if copies == 1 {
            0
        } else if self.lane.is_some() || self.varying.contains(&v) {
            self.pk
        } else {
            0
        };
        self.vars[&v][k * n..(k + 1) * n].to_vec()
    }

    fn get(&mut self, v: Value) -> Vec<CValue> {
        if let Some(vals) = self.args.get(&v) {
            return vals.clone();
        }
        self.var(v)
            .into_iter()
            .map(|x| self.bx.use_var(x))
            .collect()
    }

    fn get1(&mut self, v: Value) -> CValue {
        self.get(v)[0]
    }

    fn set(&mut self, v: Value, vals: Vec<CValue>) {
        // Arguments are set once, in the function's entry block, which dominates
        // everything: plain SSA values, so that no loop carries them as parameters.
        let is_arg = self
            .body
            .entry()
            .is_some_and(|e| self.body.blocks[e].params.contains(&v));
        if is_arg {
            self.args.insert(v, vals);
            return;
        }
        for (x, val) in self.var(v).into_iter().zip(vals) {
            self.bx.def_var(x, val);
        }
    }

    fn ctx_load(&mut self, t: ir::Type, off: i32) -> CValue {
        self.bx.ins().load(t, flags_ctx(), self.ctx, off)
    }

    fn ctx_store(&mut self, v: CValue, off: i32) {
        self.bx.ins().store(flags_ctx(), v, self.ctx, off);
    }

    fn iconst(&mut self, t: ir::Type, v: u64) -> CValue {
        self.bx.ins().iconst(t, v as i64)
    }

    fn block(&mut self, b: Block) -> CBlock {
        if let Some(k) = self.lane {
            if let Some(x) = self.lane_blocks.get(&(k, b)) {
                return *x;
            }
            let x = self.bx.create_block();
            self.lane_blocks.insert((k, b), x);
            return x;
        }
        if let Some(x) = self.blocks.get(&b) {
            return *x;
        }
        let x = self.bx.create_block();
        self.blocks.insert(b, x);
        x
    }

    /// The work-item's local linear index, from its local ids.
    fn use_i(&mut self) -> CValue {
        let lid: [CValue; 3] = std::array::from_fn(|d| {
            let v = self.k.lid[d].unwrap();
            self.bx.use_var(v)
        });
        let ls: [CValue; 3] = std::array::from_fn(|d| self.k.local[d].unwrap());
        let a = self.bx.ins().imul(lid[2], ls[1]);
        let a = self.bx.ins().iadd(a, lid[1]);
        let a = self.bx.ins().imul(a, ls[0]);
        self.bx.ins().iadd(a, lid[0])
    }

    fn build(&mut self) -> Result<(), String> {
        let entry = self.bx.create_block();
        self.bx.append_block_params_for_function_params(entry);
        self.bx.switch_to_block(entry);
        self.ctx = self.bx.block_params(entry)[0];
        let i64t = types::I64;
        self.load_group();
        // Kernel arguments: loaded once, they dominate every block.
        let params = self.ctx_load(i64t, CTX_PARAMS);
        let mut at = 0i32;
        for (pi, &pv) in self.body.blocks[self.body.entry().ok_or("no entry block")?]
            .params
            .clone()
            .iter()
            .enumerate()
        {
            let sc = lane_sc(self.body.value_type(pv));
            let lanes = self.layout.param_lanes.get(pi).copied().unwrap_or(1);
            let mut vals = Vec::new();
            for _ in 0..lanes {
                let w = self.bx.ins().load(i64t, flags_ctx(), params, at * 8);
                vals.push(self.word_lane(w, sc));
                at += 1;
            }
            self.set(pv, vals);
        }
        self.load_roots();
        let zero = self.iconst(i64t, 0);
        for d in 0..3 {
            let v = self.bx.declare_var(i64t);
            self.bx.def_var(v, zero);
            self.k.lid[d] = Some(v);
        }
        let budget = self.bx.declare_var(i64t);
        let b0 = self.iconst(i64t, POLL_EVERY as u64);
        self.bx.def_var(budget, b0);
        self.k.budget = Some(budget);
        let sbase = self.bx.declare_var(i64t);
        self.bx.def_var(sbase, zero);
        self.k.sbase = Some(sbase);
        let pbase = self.bx.declare_var(i64t);
        self.bx.def_var(pbase, zero);
        self.k.pbase = Some(pbase);

        let head = self.bx.create_block();
        let wi_body = self.bx.create_block();
        let done = self.bx.create_block();
        let next = self.bx.create_block();
        self.bx.append_block_param(next, types::I64);
        self.bx.ins().jump(head, &[]);

        // head: a new row of work-items, while z is inside the group. Groups are never
        // empty, so the first row exists.
        self.bx.switch_to_block(head);
        let z = self.bx.use_var(self.k.lid[2].unwrap());
        let more = self
            .bx
            .ins()
            .icmp(CInt::UnsignedLessThan, z, self.k.local[2].unwrap());
        self.bx.ins().brif(more, wi_body, &[], done, &[]);

        // done: every work-item reached the same place.
        self.bx.switch_to_block(done);
        let st = self.ctx_load(i64t, CTX_STATUS);
        let r = self.iconst(i64t, RET_BARRIER);
        let r0 = self.iconst(i64t, RET_DONE);
        let is_ret = self.bx.ins().icmp_imm_s(CInt::Equal, st, 0);
        let ret = self.bx.ins().select(is_ret, r0, r);
        let div = self.ctx_load(i64t, CTX_DIVERGED);
        let rd = self.iconst(i64t, RET_DIVERGE);
        let ret = self.bx.ins().select(div, rd, ret);
        self.bx.ins().return_(&[ret]);

        // The work-item's private frame and state.
        self.bx.switch_to_block(wi_body);
        let i = self.use_i();
        if self.layout.frame > 0 {
            let base = self.ctx_load(i64t, CTX_PRIVATE_BASE);
            let stride = self.ctx_load(i64t, CTX_PRIVATE_STRIDE);
            let off = self.bx.ins().imul(i, stride);
            let p = self.bx.ins().iadd(base, off);
            self.bx.def_var(pbase, p);
            let regions = self.k.regions.unwrap();
            let slot = REGION_PRIVATE as i32 * REGION_DESC_BYTES as i32 + REGION_BASE;
            self.bx.ins().store(flags_ctx(), p, regions, slot);
        }
        let entry_body = self.block(self.body.entry().unwrap());
        let first_run = self.bx.create_block();
        if self.layout.has_barrier {
            let base = self.ctx_load(i64t, CTX_STATE_BASE);
            let stride = self.ctx_load(i64t, CTX_STATE_STRIDE);
            let off = self.bx.ins().imul(i, stride);
            let s = self.bx.ins().iadd(base, off);
            self.bx.def_var(sbase, s);
            let site = self.bx.ins().load(i64t, flags_ctx(), s, 0);
            let mut sw = Switch::new();
            sw.set_entry(0, first_run);
            let mut resumes = Vec::new();
            for k in 1..=self.live.len() {
                let rb = self.bx.create_block();
                sw.set_entry(k as u128, rb);
                resumes.push(rb);
            }
            sw.emit(&mut self.bx, site, first_run);
            // Each resume block restores the barrier's live values and continues
            // after it.
            let sites: Vec<(Inst, u32)> = self.sites.iter().map(|(a, b)| (*a, *b)).collect();
            let mut conts = HashMap::new();
            for (inst, k) in sites {
                let rb = resumes[k as usize - 1];
                self.bx.switch_to_block(rb);
                let s = self.bx.use_var(sbase);
                for v in self.live[k as usize - 1].clone() {
                    let slot = self.slot_of[&v];
                    let sc = lane_sc(self.body.value_type(v));
                    // A varying value was kept in each work-item's own state.
                    let copies = if self.varying.contains(&v) { self.w } else { 1 };
                    for pk in 0..copies {
                        self.pk = pk;
                        let sk = self.state_of(s, pk);
                        let mut vals = Vec::new();
                        for l in 0..lanes_of(self.body.value_type(v)) {
                            let at = (slot as i32 + l as i32) * 8;
                            let w = self.bx.ins().load(i64t, flags_ctx(), sk, at);
                            vals.push(self.word_lane(w, sc));
                        }
                        self.set(v, vals);
                    }
                    self.pk = 0;
                }
                for d in self.remat[k as usize - 1].clone() {
                    let b = self.body.entry().unwrap();
                    let vary = self.body.insts[d]
                        .result
                        .is_some_and(|r| self.varying.contains(&r));
                    for pk in 0..if vary { self.w } else { 1 } {
                        self.pk = pk;
                        self.inst(d, b, next)?;
                    }
                    self.pk = 0;
                }
                let cont = self.bx.create_block();
                self.bx.ins().jump(cont, &[]);
                conts.insert(inst, cont);
            }
            self.build_body(next, first_run, entry_body, &conts)?;
        } else {
            self.bx.ins().jump(first_run, &[]);
            self.build_body(next, first_run, entry_body, &HashMap::new())?;
        }

        // next(status): with barriers, compare with the first work-item's status; then
        // the next work-item: x fastest, a poll at the end of each row.
        self.bx.switch_to_block(next);
        let st = self.bx.block_params(next)[0];
        let advance = self.bx.create_block();
        if self.layout.has_barrier {
            let i = self.use_i();
            let first = self.bx.create_block();
            let later = self.bx.create_block();
            let diverge = self.bx.create_block();
            let is_first = self.bx.ins().icmp_imm_s(CInt::Equal, i, 0);
            self.bx.ins().brif(is_first, first, &[], later, &[]);
            self.bx.switch_to_block(first);
            self.ctx_store(st, CTX_STATUS);
            self.bx.ins().jump(advance, &[]);
            self.bx.switch_to_block(later);
            let st0 = self.ctx_load(i64t, CTX_STATUS);
            let same = self.bx.ins().icmp(CInt::Equal, st, st0);
            self.bx.ins().brif(same, advance, &[], diverge, &[]);
            // Note the first work-item that went elsewhere and go on: a later fault is
            // what the interpreter would report.
            self.bx.switch_to_block(diverge);
            let seen = self.ctx_load(i64t, CTX_DIVERGED);
            let first_div = self.bx.create_block();
            self.bx.ins().brif(seen, advance, &[], first_div, &[]);
            self.bx.switch_to_block(first_div);
            let i = self.use_i();
            self.ctx_store(i, CTX_WI);
            self.ctx_store(st, CTX_OTHER_STATUS);
            let one = self.iconst(i64t, 1);
            self.ctx_store(one, CTX_DIVERGED);
            self.bx.ins().jump(advance, &[]);
        } else {
            // Without barriers every work-item returns: nothing to compare.
            self.bx.ins().jump(advance, &[]);
        }
        self.bx.switch_to_block(advance);
        let [lx, ly, lz] = [0, 1, 2].map(|d| self.k.lid[d].unwrap());
        let [sx, sy] = [0, 1].map(|d| self.k.local[d].unwrap());
        let x = self.bx.use_var(lx);
        let x1 = self.bx.ins().iadd_imm_s(x, self.w as i64);
        let row_end = self.bx.create_block();
        let in_row = self.bx.ins().icmp(CInt::UnsignedLessThan, x1, sx);
        let step = self.bx.create_block();
        self.bx.ins().brif(in_row, step, &[], row_end, &[]);
        self.bx.switch_to_block(step);
        self.bx.def_var(lx, x1);
        self.bx.ins().jump(wi_body, &[]);
        self.bx.switch_to_block(row_end);
        self.bx.def_var(lx, zero);
        let y = self.bx.use_var(ly);
        let y1 = self.bx.ins().iadd_imm_s(y, 1);
        let wrap = self.bx.ins().icmp(CInt::Equal, y1, sy);
        let y2 = self.bx.ins().select(wrap, zero, y1);
        self.bx.def_var(ly, y2);
        let z = self.bx.use_var(lz);
        let carry = self.bx.ins().uextend(i64t, wrap);
        let z1 = self.bx.ins().iadd(z, carry);
        self.bx.def_var(lz, z1);
        self.poll_then(head);
        self.lane_copies(next, advance)?;
        self.finish_side_blocks();
        Ok(())
    }

    /// Base, size and writable size (0 if read-only) of region `r` (an `i64`); an
    /// empty region when `r` is out of range, so every access through it faults.
    fn region_desc(&mut self, r: CValue) -> [CValue; 3] {
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
    fn load_roots(&mut self) {
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

    fn root(&self, mut v: Value) -> Option<Root> {
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

    /// The packet splits at the divergent branch ending `b`: each work-item gets its
    /// own copy of the uniform values live there, then work-item 0 takes the branch
    /// alone (and the others after it, see [`Lower::lane_copies`]).
    fn split_here(&mut self, b: Block, term: Inst) {
        if self.lane_done.is_empty() {
            self.lane_done = (0..self.w)
                .map(|_| {
                    let b = self.bx.create_block();
                    self.bx.append_block_param(b, types::I64);
                    b
                })
                .collect();
            self.split_var = Some(self.bx.declare_var(types::I64));
            self.lane_status = Some(self.bx.declare_var(types::I64));
        }
        let site = self.splits.len();
        self.splits.push((b, term));
        let at = self.body.blocks[b].insts.len().saturating_sub(1);
        let args = self.body.blocks[self.body.entry().unwrap()].params.clone();
        for v in live_before(self.body, b, at) {
            if self.varying.contains(&v) || args.contains(&v) {
                continue;
            }
            self.pk = 0;
            let vals = self.get(v);
            for k in 1..self.w {
                self.pk = k;
                self.lane = Some(k);
                self.set(v, vals.clone());
            }
            self.lane = None;
            self.pk = 0;
        }
        let sv = self.iconst(types::I64, site as u64);
        self.bx.def_var(self.split_var.unwrap(), sv);
        let entry = self.bx.create_block();
        self.split_entries.insert((0, site), entry);
        self.bx.ins().jump(entry, &[]);
    }

    /// After the main body: the body once more for each work-item of a packet, run
    /// alone from a split on (scalar code over that work-item's copies of the values).
    fn lane_copies(&mut self, next: CBlock, advance: CBlock) -> Result<(), String> {
        if self.splits.is_empty() {
            return Ok(());
        }
        for k in 0..self.w {
            self.lane = Some(k);
            self.pk = k;
            for site in 0..self.splits.len() {
                if k > 0 {
                    let e = self.bx.create_block();
                    self.split_entries.insert((k, site), e);
                }
            }
            for b in self.body.order.clone() {
                let cb = self.block(b);
                self.bx.switch_to_block(cb);
                for (j, &inst) in self.body.blocks[b].insts.clone().iter().enumerate() {
                    self.cur = Some((b, j));
                    if let Some(site) = self.sites.get(&inst).copied() {
                        // Alone at a barrier: keep everything live in this work-item's
                        // own state; the packet resumes together after it.
                        let st = self.save_at_barrier(inst, site, true);
                        let done = self.lane_done[k];
                        self.bx.ins().jump(done, &[st.into()]);
                        let dead = self.bx.create_block();
                        self.bx.switch_to_block(dead);
                        continue;
                    }
                    self.inst(inst, b, next)?;
                }
            }
            // Each split point of this work-item: it takes that branch alone.
            for (site, (b, term)) in self.splits.clone().into_iter().enumerate() {
                let e = self.split_entries[&(k, site)];
                self.bx.switch_to_block(e);
                self.inst(term, b, next)?;
            }
        }
        // When a work-item returns or waits, the next one resumes at the same split;
        // after the last, the packet goes on as one with the status they share (a
        // work-item that went elsewhere is barrier divergence).
        let _ = advance;
        for k in 0..self.w {
            self.lane = Some(k);
            self.bx.switch_to_block(self.lane_done[k]);
            let st = self.bx.block_params(self.lane_done[k])[0];
            let ls = self.lane_status.unwrap();
            if k == 0 {
                self.bx.def_var(ls, st);
            } else if self.layout.has_barrier {
                let st0 = self.bx.use_var(ls);
                let same = self.bx.ins().icmp(CInt::Equal, st, st0);
                let differ = self.bx.create_block();
                let go = self.bx.create_block();
                self.bx.ins().brif(same, go, &[], differ, &[]);
                self.bx.switch_to_block(differ);
                let seen = self.ctx_load(types::I64, CTX_DIVERGED);
                let first = self.bx.create_block();
                self.bx.ins().brif(seen, go, &[], first, &[]);
                self.bx.switch_to_block(first);
                let i = self.use_i();
                let i = self.bx.ins().iadd_imm_s(i, k as i64);
                self.ctx_store(i, CTX_WI);
                self.ctx_store(st, CTX_OTHER_STATUS);
                let one = self.iconst(types::I64, 1);
                self.ctx_store(one, CTX_DIVERGED);
                self.bx.ins().jump(go, &[]);
                self.bx.switch_to_block(go);
            }
            if k + 1 == self.w {
                let st0 = self.bx.use_var(ls);
                self.bx.ins().jump(next, &[st0.into()]);
                continue;
            }
            let site = self.bx.use_var(self.split_var.unwrap());
            let mut sw = Switch::new();
            for s in 0..self.splits.len() {
                sw.set_entry(s as u128, self.split_entries[&(k + 1, s)]);
            }
            let fallback = self.split_entries[&(k + 1, 0)];
            sw.emit(&mut self.bx, site, fallback);
        }
        self.lane = None;
        self.pk = 0;
        Ok(())
    }

    /// At barrier `site`: save what is live after it (a packet: varying values per
    /// work-item, uniform ones once; a work-item alone, `lane`: all of its own values
    /// in its own state), say where to resume, and return the status, `1 + id`.
    fn save_at_barrier(&mut self, inst: Inst, site: u32, lane: bool) -> CValue {
        let s = self.bx.use_var(self.k.sbase.unwrap());
        let home = self.pk;
        for v in self.live[site as usize - 1].clone() {
            let slot = self.slot_of[&v];
            let sc = lane_sc(self.body.value_type(v));
            let lanes: Vec<usize> = if lane {
                vec![home]
            } else if self.varying.contains(&v) {
                (0..self.w).collect()
            } else {
                vec![0]
            };
            for pk in lanes {
                self.pk = pk;
                let sk = self.state_of(s, pk);
                for (l, x) in self.get(v).into_iter().enumerate() {
                    let w = self.lane_word(x, sc);
                    let at = (slot as i32 + l as i32) * 8;
                    self.bx.ins().store(flags_ctx(), w, sk, at);
                }
            }
        }
        self.pk = home;
        let kv = self.iconst(types::I64, site as u64);
        let sk = self.state_of(s, if lane { home } else { 0 });
        self.bx.ins().store(flags_ctx(), kv, sk, 0);
        let InstKind::Call(_, args) = &self.body.insts[inst].kind else {
            unreachable!("barrier sites are calls")
        };
        let id = self.get1(args[0]);
        let id = self.lane_word(id, lane_sc(self.body.value_type(args[0])));
        let id = self.bx.ins().band_imm_s(id, 0xffff_ffff);
        self.bx.ins().iadd_imm_s(id, 1)
    }

    /// The state of the packet's work-item `pk`, from its first work-item's `s`.
    fn state_of(&mut self, s: CValue, pk: usize) -> CValue {
        if pk == 0 {
            return s;
        }
        let stride = self.ctx_load(types::I64, CTX_STATE_STRIDE);
        let off = self.bx.ins().imul_imm_s(stride, pk as i64);
        self.bx.ins().iadd(s, off)
    }

    /// What every function reads from the context once, in its entry block: the region
    /// table, and the group's shape and first global ids.
    fn load_group(&mut self) {
        let i64t = types::I64;
        self.k.regions = Some(self.ctx_load(i64t, CTX_REGIONS));
        self.k.nregions = Some(self.ctx_load(i64t, CTX_NREGIONS));
        let mut n = self.iconst(i64t, 1);
        for d in 0..3 {
            let gid = self.ctx_load(i64t, CTX_GROUP_ID + 8 * d as i32);
            let enq = self.ctx_load(i64t, CTX_ENQUEUED_LOCAL + 8 * d as i32);
            let off = self.ctx_load(i64t, CTX_GLOBAL_OFFSET + 8 * d as i32);
            let ls = self.ctx_load(i64t, CTX_LOCAL_SIZE + 8 * d as i32);
            let g = self.bx.ins().imul(gid, enq);
            self.k.gbase[d] = Some(self.bx.ins().iadd(g, off));
            self.k.local[d] = Some(ls);
            n = self.bx.ins().imul(n, ls);
        }
        self.k.n = Some(n);
    }

    /// A called function: the context, the caller's local ids and the arguments come
    /// in; the body returns (0, result) or, after a fault or a stop, its status.
    fn build_callee(&mut self) -> Result<(), String> {
        let i64t = types::I64;
        let entry = self.bx.create_block();
        self.bx.append_block_params_for_function_params(entry);
        self.bx.switch_to_block(entry);
        let ps = self.bx.block_params(entry).to_vec();
        self.ctx = ps[0];
        self.load_group();
        for d in 0..3 {
            let v = self.bx.declare_var(i64t);
            self.bx.def_var(v, ps[1 + d]);
            self.k.lid[d] = Some(v);
        }
        self.ret_area = Some(ps[4]);
        let ir_entry = self.body.entry().ok_or("no entry block")?;
        let mut at = 5;
        for pv in self.body.blocks[ir_entry].params.clone() {
            let k = lanes_of(self.body.value_type(pv));
            self.set(pv, ps[at..at + k].to_vec());
            at += k;
        }
        self.load_roots();
        let budget = self.bx.declare_var(i64t);
        let b0 = self.iconst(i64t, POLL_EVERY as u64);
        self.bx.def_var(budget, b0);
        self.k.budget = Some(budget);
        let cb = self.block(ir_entry);
        self.bx.ins().jump(cb, &[]);
        self.bx.seal_block(entry);
        let dummy = self.bx.create_block();
        self.bx.append_block_param(dummy, i64t);
        for b in self.body.order.clone() {
            let cb = self.block(b);
            self.bx.switch_to_block(cb);
            for (j, &inst) in self.body.blocks[b].insts.clone().iter().enumerate() {
                self.cur = Some((b, j));
                self.inst(inst, b, dummy)?;
            }
        }
        // `dummy` stands for the kernel's per-work-item continuation; nothing jumps
        // to it in a callee.
        self.bx.switch_to_block(dummy);
        let z = self.iconst(i64t, 0);
        self.callee_return(z, &[]);
        self.finish_side_blocks();
        Ok(())
    }

    /// Return from a called function: the result's lanes into the caller's area, the
    /// status as the value.
    fn callee_return(&mut self, status: CValue, vals: &[CValue]) {
        if let Some(area) = self.ret_area {
            for (k, v) in vals.iter().enumerate() {
                self.bx.ins().store(flags_ctx(), *v, area, k as i32 * 8);
            }
        }
        self.bx.ins().return_(&[status]);
    }

    /// Count down the poll budget, then jump to `to` (or stop).
    fn poll_then(&mut self, to: CBlock) {
        let budget = self.k.budget.unwrap();
        let b = self.bx.use_var(budget);
        let b1 = self.bx.ins().iadd_imm_s(b, -1);
        self.bx.def_var(budget, b1);
        let pollb = self.bx.create_block();
        let out = self.bx.ins().icmp_imm_s(CInt::SignedLessThanOrEqual, b1, 0);
        self.bx.ins().brif(out, pollb, &[], to, &[]);
        self.bx.seal_block(pollb);
        self.bx.set_cold_block(pollb);
        self.bx.switch_to_block(pollb);
        let fr = self.helpers[crate::native::POLL_SYMBOL];
        let call = self.bx.ins().call(fr, &[self.ctx]);
        let r = self.bx.inst_results(call)[0];
        let fresh = self.iconst(types::I64, POLL_EVERY as u64);
        self.bx.def_var(budget, fresh);
        let stop = self.stop_block();
        self.bx.ins().brif(r, stop, &[], to, &[]);
    }

    fn propagate_block(&mut self) -> CBlock {
        if let Some(b) = self.propagate {
            return b;
        }
        let b = self.bx.create_block();
        self.bx.append_block_param(b, types::I64);
        self.bx.set_cold_block(b);
        self.propagate = Some(b);
        b
    }

    fn stop_block(&mut self) -> CBlock {
        if let Some(b) = self.stop_block {
            return b;
        }
        let b = self.bx.create_block();
        self.bx.set_cold_block(b);
        self.stop_block = Some(b);
        b
    }

    fn fault_block(&mut self) -> CBlock {
        if let Some(b) = self.fault_block {
            return b;
        }
        let b = self.bx.create_block();
        for _ in 0..3 {
            self.bx.append_block_param(b, types::I64);
        }
        self.bx.set_cold_block(b);
        self.fault_block = Some(b);
        b
    }

    fn finish_side_blocks(&mut self) {
        if let Some(b) = self.stop_block {
            self.bx.switch_to_block(b);
            let i = self.use_i();
            self.ctx_store(i, CTX_WI);
            let r = self.iconst(types::I64, RET_STOP);
            self.callee_return(r, &[]);
        }
        if let Some(b) = self.propagate {
            self.bx.switch_to_block(b);
            let st = self.bx.block_params(b)[0];
            self.callee_return(st, &[]);
        }
        if let Some(b) = self.fault_block {
            self.bx.switch_to_block(b);
            let p = self.bx.block_params(b).to_vec();
            self.ctx_store(p[0], CTX_FAULT_PTR);
            self.ctx_store(p[1], CTX_FAULT_LEN);
            self.ctx_store(p[2], CTX_FAULT_KIND);
            let i = self.use_i();
            self.ctx_store(i, CTX_WI);
            let r = self.iconst(types::I64, RET_FAULT);
            self.callee_return(r, &[]);
        }
    }

    fn fault(&mut self, p: CValue, len: u64, kind: u64) {
        let fb = self.fault_block();
        let l = self.iconst(types::I64, len);
        let k = self.iconst(types::I64, kind);
        self.bx.ins().jump(fb, &[p.into(), l.into(), k.into()]);
    }

    /// Branch to the fault block unless `ok`; continue in a fresh block.
    fn check(&mut self, ok: CValue, p: CValue, len: u64, kind: u64) {
        let cont = self.bx.create_block();
        let bad = self.bx.create_block();
        self.bx.ins().brif(ok, cont, &[], bad, &[]);
        self.bx.seal_block(cont);
        self.bx.seal_block(bad);
        self.bx.set_cold_block(bad);
        self.bx.switch_to_block(bad);
        self.fault(p, len, kind);
        self.bx.switch_to_block(cont);
    }

    /// The host address of `len` bytes at IR pointer `pv` (whose value is `p`), checked.
    fn address(&mut self, pv: Value, p: CValue, len: u64, al: u32, kind: u64) -> CValue {
        if self.w > 1 && self.lane.is_none() && self.varying.contains(&pv) {
            if let Some(a) = self.packet_address(pv, len, al, kind) {
                return a;
            }
        }
        self.lane_address(pv, p, len, al, kind)
    }

    /// In a packet, the work-items' accesses often lie a constant distance apart
    /// (`p[get_global_id(0)]`, a tile's column): then one check covers the packet.
    /// Whether they do is decided at run time (lane `w-1` must be `(w-1) * stride`
    /// bytes from lane 0, the farther end in bounds), so the fast path is only an
    /// optimization: otherwise every lane is checked on its own. Returns this
    /// work-item's address.
    fn packet_address(&mut self, pv: Value, len: u64, al: u32, kind: u64) -> Option<CValue> {
        let key = self.cur?;
        if let Some(addrs) = self.packet_addrs.get(&key) {
            return addrs.get(self.pk).copied();
        }
        if self.pk != 0 {
            return None;
        }
        // Any constant distance works (rows of a tile are `width` apart) as long as the
        // work-items share lane 0's alignment.
        let stride = self
            .stride_of(pv, 0)
            .filter(|s| *s != 0 && s % (1i64 << al) == 0)?;
        let [base, size, wsize] = match self.root(pv)? {
            Root::Param(v) => self.roots.get(&v).copied()?,
            Root::Global(g) => self.global_roots.get(&g).copied()?,
        };
        let i64t = types::I64;
        let w = self.w;
        let first = self.get1(pv);
        self.pk = w - 1;
        let last = self.get1(pv);
        self.pk = 0;
        let limit = if kind == FAULT_LOAD { size } else { wsize };
        let off0 = self.bx.ins().band_imm_s(first, OFFSET_MASK as i64);
        let offl = self.bx.ins().band_imm_s(last, OFFSET_MASK as i64);
        let span = self.bx.ins().isub(offl, off0);
        let side_by_side =
            self.bx
                .ins()
                .icmp_imm_s(CInt::Equal, span, (w as i64 - 1).wrapping_mul(stride));
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
        let fast = self.bx.create_block();
        let slow = self.bx.create_block();
        let join = self.bx.create_block();
        for _ in 0..w {
            self.bx.append_block_param(join, i64t);
        }
        self.bx.ins().brif(ok, fast, &[], slow, &[]);
        self.bx.seal_block(fast);
        self.bx.seal_block(slow);
        self.bx.switch_to_block(fast);
        let a0 = self.bx.ins().iadd(base, off0);
        let fast_addrs: Vec<ir::BlockArg> = (0..w)
            .map(|k| {
                self.bx
                    .ins()
                    .iadd_imm_s(a0, (k as i64).wrapping_mul(stride))
                    .into()
            })
            .collect();
        self.bx.ins().jump(join, &fast_addrs);
        self.bx.set_cold_block(slow);
        self.bx.switch_to_block(slow);
        let mut slow_addrs: Vec<ir::BlockArg> = Vec::new();
        for k in 0..w {
            self.pk = k;
            let p = self.get1(pv);
            slow_addrs.push(self.lane_address(pv, p, len, al, kind).into());
        }
        self.pk = 0;
        self.bx.ins().jump(join, &slow_addrs);
        self.bx.seal_block(join);
        self.bx.switch_to_block(join);
        let addrs = self.bx.block_params(join).to_vec();
        self.packet_addrs.insert(key, addrs.clone());
        Some(addrs[0])
    }

    /// How `v` grows from one work-item of a packet to the next (0: uniform), when
    /// that is a known constant; wrapping aside, which the run-time check catches.
    fn stride_of(&self, v: Value, depth: u32) -> Option<i64> {
        if !self.varying.contains(&v) {
            return Some(0);
        }
        if depth > 32 {
            return None;
        }
        let i = self.body.value_inst(v)?;
        let c = |x: Value| self.const_int(x);
        match &self.body.insts[i].kind {
            InstKind::Call(f, args) => match call_kind(self.m, *f).ok()? {
                CallKind::Query(
                    Query::GlobalId
                    | Query::LocalId
                    | Query::LocalLinearId
                    | Query::GlobalLinearId
                    | Query::SubGroupId,
                ) => {
                    let x = args.first().is_none_or(|a| c(*a) == Some(0));
                    x.then_some(1)
                }
                _ => None,
            },
            InstKind::Binary(BinaryOp::Iadd, a, b) => self
                .stride_of(*a, depth + 1)?
                .checked_add(self.stride_of(*b, depth + 1)?),
            InstKind::Binary(BinaryOp::Isub, a, b) => self
                .stride_of(*a, depth + 1)?
                .checked_sub(self.stride_of(*b, depth + 1)?),
            InstKind::Binary(BinaryOp::Imul, a, b) => match (c(*a), c(*b)) {
                (_, Some(k)) => self.stride_of(*a, depth + 1)?.checked_mul(k),
                (Some(k), _) => self.stride_of(*b, depth + 1)?.checked_mul(k),
                _ => None,
            },
            InstKind::Binary(BinaryOp::Shl, a, b) => {
                let k = c(*b).filter(|k| (0..32).contains(k))?;
                self.stride_of(*a, depth + 1)?.checked_mul(1 << k)
            }
            InstKind::Convert {
                op: ConvOp::Sext | ConvOp::Zext | ConvOp::Trunc,
                arg,
                ..
            } => self.stride_of(*arg, depth + 1),
            InstKind::PtrAdd(a, b) => self
                .stride_of(*a, depth + 1)?
                .checked_add(self.stride_of(*b, depth + 1)?),
            _ => None,
        }
    }

    /// The value of a scalar integer constant (sign-extended from its width).
    fn const_int(&self, v: Value) -> Option<i64> {
        let i = self.body.value_inst(v)?;
        match &self.body.insts[i].kind {
            InstKind::Const(Const::Scalar(kauai_ir::ConstScalar::Int(x))) => {
                let bits = lane_sc(self.body.value_type(v)).bits();
                Some(lanes::sext(*x & lanes::mask(bits), bits))
            }
            _ => None,
        }
    }

    /// The host address of one work-item's access, checked on its own.
    fn lane_address(&mut self, pv: Value, p: CValue, len: u64, al: u32, kind: u64) -> CValue {
        let i64t = types::I64;
        // `ptradd` keeps a pointer's region, so one derived from an argument or a
        // global is in that root's region, loaded once at entry.
        let known = match self.root(pv) {
            Some(Root::Param(v)) => self.roots.get(&v).copied(),
            Some(Root::Global(g)) => self.global_roots.get(&g).copied(),
            None => None,
        };
        // The offset of `ptradd b, o` is that of `b` plus `o`, wrapped: one add and one
        // mask instead of rebuilding the pointer first; the low bits (alignment) are
        // the same. (Not across a barrier: `b` and `o` need not be live after one.)
        let fused = match (known, self.body.value_inst(pv)) {
            (Some(_), Some(def)) if self.same_region(def) => Some(&self.body.insts[def].kind),
            _ => None,
        };
        let sum = match fused {
            Some(InstKind::PtrAdd(b, o)) => {
                let (b, o) = (*b, *o);
                let bv = self.get1(b);
                let ov = self.offset_i64(o);
                self.bx.ins().iadd(bv, ov)
            }
            _ => p,
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
            self.check(ok, p, 1 << al, mis);
        }
        if let Some([base, size, wsize]) = known {
            let off = self.bx.ins().band_imm_s(sum, OFFSET_MASK as i64);
            let end = self.bx.ins().iadd_imm_s(off, len as i64);
            // Writes are checked against the size that counts for them: 0 when the
            // region is read-only.
            let limit = if kind == FAULT_LOAD { size } else { wsize };
            let ok = self
                .bx
                .ins()
                .icmp(CInt::UnsignedLessThanOrEqual, end, limit);
            self.check(ok, p, len, kind);
            return self.bx.ins().iadd(base, off);
        }
        let r = self.bx.ins().ushr_imm_s(p, OFFSET_BITS as i64);
        let ok = self
            .bx
            .ins()
            .icmp(CInt::UnsignedLessThan, r, self.k.nregions.unwrap());
        self.check(ok, p, len, kind);
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
        self.check(ok, p, len, kind);
        self.bx.ins().iadd(base, off)
    }

    /// A lane in canonical `u64` form (for helpers and state slots).
    fn lane_word(&mut self, v: CValue, sc: Scalar) -> CValue {
        let i64t = types::I64;
        match sc {
            Scalar::F32 => {
                let b = self.bx.ins().bitcast(types::I32, MemFlagsData::new(), v);
                self.bx.ins().uextend(i64t, b)
            }
            Scalar::F64 => self.bx.ins().bitcast(i64t, MemFlagsData::new(), v),
            Scalar::I64 => v,
            _ => self.bx.ins().uextend(i64t, v),
        }
    }

    fn word_lane(&mut self, w: CValue, sc: Scalar) -> CValue {
        match sc {
            Scalar::F32 => {
                let b = self.bx.ins().ireduce(types::I32, w);
                self.bx.ins().bitcast(types::F32, MemFlagsData::new(), b)
            }
            Scalar::F64 => self.bx.ins().bitcast(types::F64, MemFlagsData::new(), w),
            Scalar::I64 => w,
            s => self.bx.ins().ireduce(cty(s), w),
        }
    }

    fn call_helper(&mut self, name: &'static str, args: &[CValue]) -> CValue {
        let fr = self.helpers[name];
        let c = self.bx.ins().call(fr, args);
        self.bx.inst_results(c)[0]
    }

    fn const_lane(&mut self, sc: Scalar, bits: u64) -> CValue {
        match sc {
            Scalar::F32 => self.bx.ins().f32const(Ieee32::with_bits(bits as u32)),
            Scalar::F64 => self.bx.ins().f64const(Ieee64::with_bits(bits)),
            s => self.iconst(cty(s), bits),
        }
    }

    /// Lower the kernel's blocks. `next` takes the work-item's status; `first_run`
    /// starts the body; barrier calls continue in `conts`.
    fn build_body(
        &mut self,
        next: CBlock,
        first_run: CBlock,
        entry_body: CBlock,
        conts: &HashMap<Inst, CBlock>,
    ) -> Result<(), String> {
        self.bx.switch_to_block(first_run);
        if self.layout.frame > 0 {
            // Every frame starts as the by-value arguments followed by zeros.
            let p = self.bx.use_var(self.k.pbase.unwrap());
            let fc = self.frontend_config();
            if self.layout.byval > 0 {
                let src = self.ctx_load(types::I64, CTX_PRIVATE_INIT);
                let n = self.iconst(types::I64, self.layout.byval);
                self.bx.call_memcpy(fc, p, src, n);
            }
            let rest = self.layout.frame - self.layout.byval;
            if rest > 0 {
                let at = self.bx.ins().iadd_imm_s(p, self.layout.byval as i64);
                let zero = self.iconst(types::I8, 0);
                let n = self.iconst(types::I64, rest);
                self.bx.call_memset(fc, at, zero, n);
            }
        }
        self.bx.ins().jump(entry_body, &[]);
        // A block is sealed (its predecessors all known) once the last block branching
        // to it is lowered, so the SSA builder adds no needless parameters.
        let mut preds_left: HashMap<Block, usize> = HashMap::new();
        for &b in &self.body.order {
            let mut succ = self.body.successors(b);
            succ.sort_by_key(|s| s.index());
            succ.dedup();
            for s in succ {
                *preds_left.entry(s).or_default() += 1;
            }
        }
        let entry = self.body.entry().unwrap();
        if preds_left.get(&entry).copied().unwrap_or(0) == 0 {
            self.bx.seal_block(entry_body);
        }
        let order = self.body.order.clone();
        for b in order {
            let cb = self.block(b);
            self.bx.switch_to_block(cb);
            for (j, &inst) in self.body.blocks[b].insts.clone().iter().enumerate() {
                self.cur = Some((b, j));
                if let Some(k) = self.sites.get(&inst).copied() {
                    let st = self.save_at_barrier(inst, k, false);
                    self.bx.ins().jump(next, &[st.into()]);
                    let cont = conts[&inst];
                    self.bx.seal_block(cont);
                    self.bx.switch_to_block(cont);
                    continue;
                }
                // An instruction that involves varying values runs once per work-item
                // of the packet; terminators are uniform (the packet plan checked).
                let d = &self.body.insts[inst];
                let mut per_item = d.result.is_some_and(|r| self.varying.contains(&r));
                if !d.kind.is_terminator() {
                    d.kind
                        .for_each_operand(|v| per_item |= self.varying.contains(&v));
                }
                let copies = if per_item { self.w } else { 1 };
                for k in 0..copies {
                    self.pk = k;
                    self.inst(inst, b, next)?;
                }
                self.pk = 0;
            }
            let mut succ = self.body.successors(b);
            succ.sort_by_key(|s| s.index());
            succ.dedup();
            for s in succ {
                let left = preds_left.entry(s).or_default();
                *left = left.saturating_sub(1);
                if *left == 0 && s != entry {
                    let cs = self.block(s);
                    self.bx.seal_block(cs);
                }
            }
        }
        Ok(())
    }

    fn frontend_config(&self) -> cranelift_codegen::isa::TargetFrontendConfig {
        self.fc
    }

    /// Jump along an IR edge: pass the block arguments, and count back-edges.
    fn edge(&mut self, from: Block, bc: &kauai_ir::BlockCall) {
        // All arguments are read before any parameter is written (a parallel copy),
        // once per work-item of the packet for parameters that vary.
        let params = self.body.blocks[bc.block].params.clone();
        let mut moves = Vec::new();
        let home = self.pk;
        for (p, a) in params.iter().zip(&bc.args) {
            // A work-item's own copy moves only its values.
            let lanes: Vec<usize> = match self.lane {
                Some(k) => vec![k],
                None if self.varying.contains(p) => (0..self.w).collect(),
                None => vec![0],
            };
            for k in lanes {
                self.pk = k;
                moves.push((*p, k, self.get(*a)));
            }
        }
        for (p, k, vals) in moves {
            self.pk = k;
            self.set(p, vals);
        }
        self.pk = home;
        let to = self.block(bc.block);
        if self.dom.is_back_edge(from, bc.block) {
            self.poll_then(to);
        } else {
            self.bx.ins().jump(to, &[]);
        }
    }

    /// A block that takes the edge; used where a branch has several targets. It is
    /// filled after the branch (a block must end before the next one starts).
    fn edge_block(
        &mut self,
        from: Block,
        bc: &kauai_ir::BlockCall,
        pending: &mut Vec<(CBlock, kauai_ir::BlockCall)>,
    ) -> CBlock {
        if bc.args.is_empty() && !self.dom.is_back_edge(from, bc.block) {
            return self.block(bc.block);
        }
        let eb = self.bx.create_block();
        pending.push((eb, bc.clone()));
        eb
    }

    fn fill_edges(&mut self, from: Block, pending: Vec<(CBlock, kauai_ir::BlockCall)>) {
        for (eb, bc) in pending {
            self.bx.seal_block(eb);
            self.bx.switch_to_block(eb);
            self.edge(from, &bc);
        }
    }

    fn inst(&mut self, inst: Inst, b: Block, next: CBlock) -> Result<(), String> {
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
                    let slot = self.bx.create_sized_stack_slot(ir::StackSlotData::new(
                        ir::StackSlotKind::ExplicitSlot,
                        bytes.max(8),
                        3,
                    ));
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
                                    self.lane_word(x, sc)
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
                let p = self.get1(*ptr);
                let al = (*align).max(1).trailing_zeros();
                let addr = self.address(*ptr, p, eb * rn as u64, al, FAULT_LOAD);
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
                let p = self.get1(*ptr);
                let al = (*align).max(1).trailing_zeros();
                let addr = self.address(*ptr, p, eb * vals.len() as u64, al, FAULT_STORE);
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
                // as a packet; otherwise the packet splits.
                let mut all = self.get1(*c);
                let mut any = all;
                for k in 1..self.w {
                    self.pk = k;
                    let ck = self.get1(*c);
                    all = self.bx.ins().band(all, ck);
                    any = self.bx.ins().bor(any, ck);
                }
                self.pk = 0;
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
                self.split_here(b, inst);
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

    /// Is `def` certainly executed since the last barrier the current instruction
    /// passed? (Then its operands are still in their variables.)
    fn same_region(&self, def: Inst) -> bool {
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
    fn offset_i64(&mut self, o: Value) -> CValue {
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

    fn query(&mut self, q: Query, dim: Option<Value>) -> CValue {
        let i64t = types::I64;
        // A constant dimension picks statically; any other is chosen at run time.
        let dims: Vec<CValue>;
        let per = |l: &mut Self, vals: [CValue; 3], outside: u64| -> CValue {
            let Some(d) = dim else { return vals[0] };
            if let Some(c) = l.const_of(d) {
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
    fn const_of(&self, v: Value) -> Option<u64> {
        let i = self.body.value_inst(v)?;
        match &self.body.insts[i].kind {
            InstKind::Const(Const::Scalar(kauai_ir::ConstScalar::Int(x))) => {
                Some(x & lanes::mask(lane_sc(self.body.value_type(v)).bits()) & 0xffff_ffff)
            }
            _ => None,
        }
    }

    fn helper_unary(&mut self, op: UnaryOp, sc: Scalar, a: CValue) -> CValue {
        let w = self.lane_word(a, sc);
        let o = self.iconst(types::I32, index(UnaryOp::ALL, op) as u64);
        let s = self.iconst(types::I32, index(&Scalar::ALL, sc) as u64);
        let r = self.call_helper(helpers::UNARY, &[o, s, w]);
        self.word_lane(r, sc)
    }

    fn helper_binary(&mut self, op: BinaryOp, sc: Scalar, a: CValue, b: CValue) -> CValue {
        let (wa, wb) = (self.lane_word(a, sc), self.lane_word(b, sc));
        let o = self.iconst(types::I32, index(BinaryOp::ALL, op) as u64);
        let s = self.iconst(types::I32, index(&Scalar::ALL, sc) as u64);
        let r = self.call_helper(helpers::BINARY, &[o, s, wa, wb]);
        self.word_lane(r, sc)
    }

    fn unary(&mut self, op: UnaryOp, sc: Scalar, a: CValue) -> CValue {
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

    fn binary(&mut self, op: BinaryOp, sc: Scalar, a: CValue, b: CValue) -> CValue {
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

    fn fcmp(&mut self, cc: FloatCC, sc: Scalar, a: CValue, b: CValue) -> CValue {
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

    fn convert(
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

    fn lane_int(&mut self, v: CValue, sc: Scalar) -> CValue {
        match sc {
            Scalar::F32 => self.bx.ins().bitcast(types::I32, MemFlagsData::new(), v),
            Scalar::F64 => self.bx.ins().bitcast(types::I64, MemFlagsData::new(), v),
            _ => v,
        }
    }

    fn int_lane(&mut self, v: CValue, sc: Scalar) -> CValue {
        match sc {
            Scalar::F32 => self.bx.ins().bitcast(types::F32, MemFlagsData::new(), v),
            Scalar::F64 => self.bx.ins().bitcast(types::F64, MemFlagsData::new(), v),
            _ => v,
        }
    }

    fn atomic_address(&mut self, pv: Value, p: CValue, sc: Scalar) -> CValue {
        let eb = if sc == Scalar::I1 {
            1
        } else {
            sc.bytes() as u64
        };
        // Atomics must be aligned to their size (checked on the offset, as the
        // interpreter does).
        self.address(pv, p, eb, eb.trailing_zeros(), FAULT_ATOMIC)
    }

    fn atomic_rmw(&mut self, op: AtomicOp, sc: Scalar, pv: Value, p: CValue, v: CValue) -> CValue {
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

fn int_cc(cc: IntCC) -> CInt {
    match cc {
        IntCC::Eq => CInt::Equal,
        IntCC::Ne => CInt::NotEqual,
        IntCC::Slt => CInt::SignedLessThan,
        IntCC::Sle => CInt::SignedLessThanOrEqual,
        IntCC::Sgt => CInt::SignedGreaterThan,
        IntCC::Sge => CInt::SignedGreaterThanOrEqual,
        IntCC::Ult => CInt::UnsignedLessThan,
        IntCC::Ule => CInt::UnsignedLessThanOrEqual,
        IntCC::Ugt => CInt::UnsignedGreaterThan,
        IntCC::Uge => CInt::UnsignedGreaterThanOrEqual,
    }
}
