//! Finalized IR kernel → one Cranelift function that runs a whole work-group.
//!
//! The function loops over the group's work-items (x fastest), running the kernel's
//! body for each. A kernel with barriers runs in regions: each call runs every
//! work-item from where it stopped up to its next barrier (or its return); the values
//! live across that barrier go into the work-item's state slots, slot 0 says where it
//! resumes, and the caller calls again until all have returned (values that are short
//! chains of integer arithmetic on ids, arguments and constants are recomputed there
//! instead of kept). This is ComputeMux's
//! work-item loops, with the region chosen by a dispatch at the top of the loop instead
//! of one copy of the body per region.
//!
//! IR values become Cranelift variables, one per lane (vectors are scalarized);
//! `cranelift-frontend` builds the SSA form, block parameters included. Every memory
//! access checks its pointer's region (`abi::RegionDesc`) and bounds; a failing check
//! records the address in the context and returns `RET_FAULT`. Back-edges count down a
//! budget and call the poll helper when it runs out, so a time limit stops endless
//! loops.
//!
//! Inside: `analysis` (what a call is, liveness at barriers, which values vary in a
//! packet), `inst` (one instruction at a time), `memory` (pointer roots, checked
//! addresses, atomics), `packets` (splits at divergent branches, barrier state),
//! `masked` (divergent branches run with a mask per work-item instead); this
//! file holds the function's skeleton: the work-item loops, edges, faults and polls.

mod analysis;
mod inst;
mod lazy;
mod masked;
mod memory;
mod packets;
mod rows;
mod simd;

use analysis::*;
use std::collections::{HashMap, HashSet};

use cranelift_codegen::ir::condcodes::IntCC as CInt;
use cranelift_codegen::ir::immediates::{Ieee32, Ieee64};
use cranelift_codegen::ir::{
    self, types, AbiParam, Block as CBlock, FuncRef, InstBuilder, MemFlagsData, Signature,
    UserFuncName, Value as CValue,
};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Switch, Variable};
use cranelift_jit::JITModule;
use cranelift_module::{Linkage, Module as _};

use kauai_ir::cfg::DomTree;
use kauai_ir::{
    AddrSpace, AtomicOp, Block, ConvOp, EntityRef, FuncId, Inst, InstKind, IntCC, Module, Scalar,
    Type, Value,
};

use crate::abi::*;
use crate::helpers::{self};

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

/// A slow path's way to `native::check_lanes`: a function of the `PreserveAll`
/// convention, so that calling it clobbers no register of the caller (a plain call
/// would make the register allocator spill the hot path's values around it).
pub(crate) const LANES_TRAMPOLINE: &str = "kauai_jit_lanes_trampoline";

fn lanes_trampoline_signature(module: &JITModule) -> Signature {
    let mut sig = module.make_signature();
    sig.call_conv = cranelift_codegen::isa::CallConv::PreserveAll;
    sig.params.push(AbiParam::new(types::I64));
    sig
}

/// The body of [`LANES_TRAMPOLINE`]: pass the argument block on to
/// `native::check_lanes` (System V).
pub(crate) fn lanes_trampoline(module: &mut JITModule) -> Result<ir::Function, String> {
    let mut helper = module.make_signature();
    helper.params.push(AbiParam::new(types::I64));
    let id = module
        .declare_function(crate::native::LANES_SYMBOL, Linkage::Import, &helper)
        .map_err(|e| e.to_string())?;
    let mut func = ir::Function::with_name_signature(
        UserFuncName::user(0, 1),
        lanes_trampoline_signature(module),
    );
    let mut fctx = FunctionBuilderContext::new();
    let mut bx = FunctionBuilder::new(&mut func, &mut fctx);
    let fr = module.declare_func_in_func(id, bx.func);
    let b = bx.create_block();
    bx.append_block_params_for_function_params(b);
    bx.switch_to_block(b);
    bx.seal_block(b);
    let args = bx.block_params(b)[0];
    bx.ins().call(fr, &[args]);
    bx.ins().return_(&[]);
    bx.finalize(module.target_config());
    Ok(func)
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

/// Instructions recomputed at a barrier's resume instead of saved, at most this many
/// per value.
const REMAT_MAX: usize = 8;

/// Append to `chain` (operands first) the instructions that recompute `v` from the
/// entry block's parameters, constants, addresses and work-item queries with a
/// constant dimension through integer operations that cannot trap; false (with
/// `chain` in an unspecified state) when `v` is not made that way or takes more
/// than [`REMAT_MAX`] instructions.
fn remat_chain(
    m: &Module,
    body: &kauai_ir::Body,
    entry_params: &[Value],
    v: Value,
    chain: &mut Vec<Inst>,
) -> bool {
    use kauai_ir::{BinaryOp as B, UnaryOp as U};
    if entry_params.contains(&v) {
        return true;
    }
    let Some(i) = body.value_inst(v) else {
        return false;
    };
    if chain.contains(&i) {
        return true;
    }
    if lanes_of(body.value_type(v)) != 1 {
        return false;
    }
    let kind = &body.insts[i].kind;
    let ok = match kind {
        // A query only with a constant dimension (the resume has no other operand).
        InstKind::Call(_, args) => {
            address_arith(m, kind) && args.iter().all(|a| int_const(body, *a).is_some())
        }
        InstKind::Const(_)
        | InstKind::GlobalAddr(_)
        | InstKind::Alloca { .. }
        | InstKind::Icmp(..)
        | InstKind::Select(..) => true,
        InstKind::Binary(op, ..) => {
            address_arith(m, kind) || matches!(op, B::Smin | B::Smax | B::Umin | B::Umax)
        }
        InstKind::Unary(op, _) => matches!(op, U::Ineg | U::Not),
        _ => address_arith(m, kind),
    };
    if !ok {
        return false;
    }
    let mut fine = true;
    if !matches!(kind, InstKind::Call(..)) {
        kind.for_each_operand(|x| {
            fine = fine && remat_chain(m, body, entry_params, x, chain);
        });
    }
    if !fine || chain.len() >= REMAT_MAX {
        return false;
    }
    chain.push(i);
    true
}

fn unsupported<T>(what: impl std::fmt::Display) -> Result<T, String> {
    Err(format!("not supported by the JIT yet: {what}"))
}

/// Translate kernel `fid` of `m` into a work-group function.
pub(crate) fn lower_kernel(
    m: &Module,
    fid: FuncId,
    jm: &mut JITModule,
    max_width: usize,
    rows_of_packets: bool,
) -> Result<Lowered, String> {
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
    // the work-item loop) and values cheaper to recompute than to keep: short chains
    // of integer arithmetic on constants, addresses and work-item queries with a
    // constant dimension (`y * width + x`), which the resume recomputes. This is
    // ComputeMux's barrier tidying; it spares a store and a load per work-item and
    // value at every barrier.
    let entry_params = &body.blocks[body.entry().ok_or("no entry block")?].params;
    let mut remat: Vec<Vec<Inst>> = Vec::new();
    for vs in &mut live {
        let mut again = Vec::new();
        vs.retain(|v| {
            if entry_params.contains(v) {
                return false;
            }
            let mut chain = Vec::new();
            if !remat_chain(m, body, entry_params, *v, &mut chain) {
                return true;
            }
            for i in chain {
                if !again.contains(&i) {
                    again.push(i);
                }
            }
            false
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
        row_checks: rows_of_packets,
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
    let no_packets: PacketPlan = Default::default();
    let (scalar, _) = build_function(m, body, jm, &plan, 1, &no_packets)?;
    let packet = match packet_plan(m, body, &layout) {
        Ok(_) if max_width < PACKET / 4 => Err(format!(
            "the groups' x size is not a multiple of {}",
            PACKET / 4
        )),
        Ok(packets) => {
            let (varying, masks) = &packets;
            // Wide packets pay off where work-items stay together; where they may
            // split, narrower ones lose less.
            // Size in lanes: a `float4` operation is four in a packet.
            let size: usize = body
                .order
                .iter()
                .flat_map(|b| body.blocks[*b].insts.iter())
                .map(|i| {
                    body.insts[*i]
                        .result
                        .map_or(1, |r| lanes_of(body.value_type(r)).max(1))
                })
                .sum();
            let w = if splits(body, varying, masks) {
                PACKET / 4
            } else if size > WIDE_PACKET_MAX_INSTS {
                max_width.min(PACKET / 2)
            } else {
                max_width.min(PACKET)
            };
            let (f, counts) = build_function(m, body, jm, &plan, w, &packets)?;
            Ok((f, w, counts))
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
/// varying value per work-item, uniform values computed once. A kernel is compiled
/// for the widest packet its groups' rows fill (`packet_width_for`); kernels with
/// branches their work-items may disagree on use a quarter as many.
pub const PACKET: usize = 16;

/// Instructions of a kernel (counted in lanes) beyond which its packets are at most
/// half of [`PACKET`]: the widest packets cost the most compile time and registers,
/// and pay off most on short, memory-bound kernels (measured: saxpy and vecadd execute
/// 30% fewer instructions in packets of 16 than of 8, transpose 19%, while n-body's
/// float4 arithmetic gained 8% for 2.6 times the compile work).
const WIDE_PACKET_MAX_INSTS: usize = 80;

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
    /// The packet form, its width and what it keeps in SIMD vectors or makes lazily,
    /// or why the kernel has none.
    pub packet: Result<(ir::Function, usize, Counts), String>,
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
    /// Whether accesses may be checked once per row of work-items (`rows`).
    row_checks: bool,
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
        row_checks: false,
    };
    let no_packets: PacketPlan = Default::default();
    build_function_as(m, body, jm, &sub, 1, &no_packets, Some(c)).map(|(f, _)| f)
}

fn build_function(
    m: &Module,
    body: &kauai_ir::Body,
    jm: &mut JITModule,
    plan: &Plan,
    w: usize,
    packets: &PacketPlan,
) -> Result<(ir::Function, Counts), String> {
    build_function_as(m, body, jm, plan, w, packets, None)
}

/// What a packet form keeps in SIMD vectors (`simd`), makes lazily (`lazy`) and
/// checks once per row (`rows`).
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Counts {
    pub simd: usize,
    pub lazy: usize,
    pub rows: usize,
}

fn build_function_as(
    m: &Module,
    body: &kauai_ir::Body,
    jm: &mut JITModule,
    plan: &Plan,
    w: usize,
    (varying, masks): &PacketPlan,
    callee: Option<FuncId>,
) -> Result<(ir::Function, Counts), String> {
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
        (crate::native::IMAGE_SYMBOL, 5, 1),
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
        row_checks: plan.row_checks,
        w,
        pk: 0,
        varying: varying.clone(),
        packet_addrs: HashMap::new(),
        packed: HashSet::new(),
        pvars: HashMap::new(),
        lazy: HashMap::new(),
        lazy_made: HashMap::new(),
        next: None,
        row_keys: Vec::new(),
        row_chain: Vec::new(),
        region_rows: Vec::new(),
        row_flags: None,
        lane: None,
        lane_blocks: HashMap::new(),
        masks: masks.clone(),
        masked: false,
        mask: None,
        dummy: None,
        lane_slots: None,
        blend_old: HashMap::new(),
        vmasks: Vec::new(),
        deferred: None,
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
                crate::native::PRINTF_SYMBOL | crate::native::IMAGE_SYMBOL => k == 1,
                _ => k < 2,
            };
            sig.params
                .push(AbiParam::new(if index { types::I32 } else { types::I64 }));
        }
        for _ in 0..nret {
            let t = match name {
                helpers::FCMP
                | crate::native::POLL_SYMBOL
                | crate::native::PRINTF_SYMBOL
                | crate::native::IMAGE_SYMBOL => types::I32,
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
    if w > 1 {
        let id = jm
            .declare_function(
                LANES_TRAMPOLINE,
                Linkage::Local,
                &lanes_trampoline_signature(jm),
            )
            .map_err(|e| e.to_string())?;
        let fr = jm.declare_func_in_func(id, l.bx.func);
        l.helpers.insert(LANES_TRAMPOLINE, fr);
    }
    if callee.is_some() {
        l.build_callee()?;
    } else {
        l.build()?;
    }
    l.bx.seal_all_blocks();
    let counts = Counts {
        simd: l.packed.len(),
        lazy: l.lazy.len(),
        rows: l.row_keys.len(),
    };
    let fc = l.fc;
    l.bx.finalize(fc);
    Ok((func, counts))
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
    /// In a kernel's work-item loop: the linear local id of the current work-item (a
    /// packet's first), counted along instead of recomputed from the ids.
    lin: Option<Variable>,
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
    /// Whether accesses may be checked once per row ([`Plan::row_checks`]).
    row_checks: bool,
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
    /// The values kept as vectors of work-items (`simd`), and their variables.
    packed: HashSet<Value>,
    pvars: HashMap<Value, Vec<Variable>>,
    /// Address computations whose middle work-items are made only where needed
    /// (`lazy`), and those made, per work-item and Cranelift block.
    lazy: HashMap<Value, (Block, lazy::LazyLanes)>,
    lazy_made: HashMap<(Value, usize, CBlock), CValue>,
    /// The block a work-item goes to when it returns or waits (for `lazy`).
    next: Option<CBlock>,
    /// The accesses checked once per row (`rows`), the instructions of their address
    /// chains, and each access's flag.
    row_keys: Vec<rows::RowKey>,
    row_chain: Vec<Inst>,
    /// With barriers: per region, its row checks and their chain (`rows`).
    region_rows: Vec<(Vec<usize>, Vec<Inst>)>,
    row_flags: Option<ir::StackSlot>,
    /// Set while lowering the copy of the body that work-item `k` of a packet runs
    /// alone, after the packet split at a divergent branch.
    lane: Option<usize>,
    lane_blocks: HashMap<(usize, Block), CBlock>,
    /// The divergent branches run masked (`masked`), and whether a masked access of
    /// one work-item (`lane`) is being lowered: values then keep their packet copies.
    masks: HashMap<Block, Masked>,
    masked: bool,
    /// While a masked access is lowered: per work-item, whether it makes it (the
    /// others' checks pass and their accesses go to `dummy`, a scratch slot).
    mask: Option<Vec<CValue>>,
    dummy: Option<ir::StackSlot>,
    /// The slots a packet's slow path checks its work-items' accesses through
    /// (`memory::called_lane_addresses`): offsets, host addresses, masks, arguments.
    lane_slots: Option<[ir::StackSlot; 4]>,
    /// In the masked region being lowered: its stores every work-item may make, with
    /// the values they blend with (`Masked::old`), and masks known as vectors.
    blend_old: HashMap<Inst, Value>,
    vmasks: Vec<(Vec<CValue>, Vec<CValue>)>,
    /// The checks collected instead of made, while a packet's work-items' addresses
    /// are checked together: `(ok, pointer, length, kind)`.
    deferred: Option<Vec<(CValue, CValue, u64, u64)>>,
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
        } else if (self.lane.is_some() && !self.masked) || self.varying.contains(&v) {
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
        if self.is_lazy_lane(v) {
            return vec![self.lazy_lane(v)];
        }
        if self.packed.contains(&v) && !self.alone() {
            return self.packed_lanes(v);
        }
        self.var(v)
            .into_iter()
            .map(|x| self.bx.use_var(x))
            .collect()
    }

    /// Is a work-item's own copy of the body being lowered (after a split), where
    /// its values, packed ones too, are scalars ([`Lower::split_here`])?
    fn alone(&self) -> bool {
        self.lane.is_some() && !self.masked
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
        if self.packed.contains(&v) && !self.alone() {
            self.set_packed_lanes(v, vals);
            return;
        }
        if self.is_lazy_lane(v) {
            let at = self.bx.current_block().expect("lowering inside a block");
            self.lazy_made.insert((v, self.pk, at), vals[0]);
            return;
        }
        for (x, val) in self.var(v).into_iter().zip(vals) {
            self.bx.def_var(x, val);
        }
    }

    fn ctx_load(&mut self, t: ir::Type, off: i32) -> CValue {
        // Generated code writes only the status fields; the rest (ids, sizes, bases,
        // strides) stay as the caller set them for the whole call, so Cranelift may
        // merge their loads and hoist them out of the work-item loops.
        let written = [
            CTX_STATUS,
            CTX_WI,
            CTX_OTHER_STATUS,
            CTX_DIVERGED,
            CTX_FAULT_PTR,
            CTX_FAULT_LEN,
            CTX_FAULT_KIND,
        ];
        let flags = if written.contains(&off) {
            flags_ctx()
        } else {
            flags_ctx().with_readonly().with_can_move()
        };
        self.bx.ins().load(t, flags, self.ctx, off)
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
        if let Some(lin) = self.k.lin {
            return self.bx.use_var(lin);
        }
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
        // (After the roots: a packed access needs one.)
        self.packed = self.find_packed();
        (self.row_keys, self.row_chain) = self.find_row_checks();
        self.region_rows = self.find_region_rows();
        self.lazy = self.find_lazy();
        // The flags live in a stack slot, written at each row's start and read by the
        // packets: as SSA values, Cranelift would recompute the checks in the packet
        // loop, where they are used.
        self.row_flags = (!self.row_keys.is_empty()).then(|| {
            self.bx.create_sized_stack_slot(ir::StackSlotData::new(
                ir::StackSlotKind::ExplicitSlot,
                self.row_keys.len() as u32,
                0,
            ))
        });
        let zero = self.iconst(i64t, 0);
        for d in 0..3 {
            let v = self.bx.declare_var(i64t);
            self.bx.def_var(v, zero);
            self.k.lid[d] = Some(v);
        }
        let lin = self.bx.declare_var(i64t);
        self.bx.def_var(lin, zero);
        self.k.lin = Some(lin);
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
        self.next = Some(next);
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
        if self.row_keys.is_empty() {
            self.bx.ins().brif(more, wi_body, &[], done, &[]);
        } else {
            let row_start = self.bx.create_block();
            self.bx.ins().brif(more, row_start, &[], done, &[]);
            self.bx.switch_to_block(row_start);
            self.row_checks()?;
            self.bx.ins().jump(wi_body, &[]);
        }

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
        // Packets never straddle rows (the x size is a multiple of the width), so the
        // linear id steps by the width to the next row too.
        let lin = self.k.lin.unwrap();
        let i = self.bx.use_var(lin);
        let i1 = self.bx.ins().iadd_imm_s(i, self.w as i64);
        self.bx.def_var(lin, i1);
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
        let loc = self
            .cur
            .and_then(|(b, i)| self.body.blocks[b].insts.get(i))
            .map(|&inst| self.body.locs[inst])
            .unwrap_or_default();
        let l = self.iconst(types::I64, len);
        let k = self.iconst(types::I64, fault_code(kind, loc));
        self.bx.ins().jump(fb, &[p.into(), l.into(), k.into()]);
    }

    /// Branch to the fault block unless `ok`; continue in a fresh block. (While a
    /// packet's slow path checks its work-items, the check is only collected:
    /// [`Lower::checked_lane_addresses`].)
    fn check(&mut self, ok: CValue, p: CValue, len: u64, kind: u64) {
        if let Some(d) = self.deferred.as_mut() {
            d.push((ok, p, len, kind));
            return;
        }
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
                self.packet_inst(inst, b, next)?;
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

    /// Lower instruction `inst` of block `b` for the packet: once when it involves
    /// only uniform values, else once per work-item (or once in SIMD vectors).
    fn packet_inst(&mut self, inst: Inst, b: Block, next: CBlock) -> Result<(), String> {
        // An instruction that involves varying values runs once per work-item
        // of the packet; terminators are uniform (the packet plan checked).
        let d = &self.body.insts[inst];
        let mut per_item = d.result.is_some_and(|r| self.varying.contains(&r));
        if !d.kind.is_terminator() {
            d.kind
                .for_each_operand(|v| per_item |= self.varying.contains(&v));
        }
        // A call of the module's own functions runs for each work-item even
        // with uniform arguments and no result: the callee may ask who it is
        // and store through that.
        if let InstKind::Call(f, _) = &d.kind {
            per_item |= matches!(call_kind(self.m, *f), Ok(CallKind::Defined(_)));
        }
        if per_item && self.w > 1 {
            // Once for the packet, in vectors (`simd`).
            if d.result.is_some_and(|r| self.packed.contains(&r)) {
                self.vinst(inst)?;
                return Ok(());
            }
            if self.vstore(inst) {
                return Ok(());
            }
        }
        let copies = if per_item { self.w } else { 1 };
        for k in 0..copies {
            self.pk = k;
            // (A lazy value's middle work-items are made where used.)
            if d.result.is_some_and(|r| self.is_lazy_lane(r)) {
                continue;
            }
            self.inst(inst, b, next)?;
        }
        self.pk = 0;
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
        let mut vmoves = Vec::new();
        let home = self.pk;
        for (p, a) in params.iter().zip(&bc.args) {
            // A packed parameter takes the packet's vectors at once.
            if self.lane.is_none() && self.packed.contains(p) {
                vmoves.push((*p, self.vget(*a)));
                continue;
            }
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
        for (p, vecs) in vmoves {
            self.vset(p, vecs);
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
