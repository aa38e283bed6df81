//! What is decided before code is emitted: what a call is, what is live across a
//! barrier, and which values vary between the work-items of a packet.

use std::collections::{HashMap, HashSet};

use kauai_ir::builtins::{self, name, Query};
use kauai_ir::{BinaryOp, Block, Const, ConvOp, EntityRef, FuncId, InstKind, Module, Type, Value};

use kauai_ir::lanes;

use super::*;

/// What a call turns into.
pub(super) enum CallKind {
    /// A function of the module with a body: compiled as a function of its own.
    Defined(FuncId),
    Query(Query),
    Printf(u32),
    /// An image builtin: the host's sampler runs it, through the image helper.
    Image(builtins::ImageBuiltin),
    Barrier,
    Fence,
    Nothing,
}

pub(super) fn call_kind(m: &Module, f: FuncId) -> Result<CallKind, String> {
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
    if let Some(op) = builtins::ImageBuiltin::parse(n) {
        return Ok(CallKind::Image(op));
    }
    // Only the checking interpreter follows the async copies.
    if let Some(builtins::CheckBuiltin::AsyncCopy | builtins::CheckBuiltin::AsyncWait) =
        builtins::CheckBuiltin::parse(n)
    {
        return Ok(CallKind::Nothing);
    }
    Ok(match n {
        name::WORK_GROUP_BARRIER => CallKind::Barrier,
        name::MEM_BARRIER => CallKind::Fence,
        name::SUB_GROUP_BARRIER | name::DMA_WAIT => CallKind::Nothing,
        _ => return unsupported(format!("calls to @{n}")),
    })
}

/// Live values after each barrier, by a backward data-flow over the blocks.
pub(super) fn barrier_liveness(body: &kauai_ir::Body, sites: &[(Block, usize)]) -> Vec<Vec<Value>> {
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
pub(super) fn live_before(body: &kauai_ir::Body, b: Block, at: usize) -> Vec<Value> {
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

/// The blocks in body order with their successors (as indices) and post-dominator
/// sets (`pdom[i][j]`: block `j` post-dominates block `i`).
struct PostDom {
    blocks: Vec<Block>,
    ix: HashMap<Block, usize>,
    succ: Vec<Vec<usize>>,
    pdom: Vec<Vec<bool>>,
}

fn post_dominators(body: &kauai_ir::Body) -> PostDom {
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
    PostDom {
        blocks,
        ix,
        succ,
        pdom,
    }
}

/// The join of the branch ending block index `bi`: the strict post-dominator that
/// all its other strict post-dominators post-dominate.
fn join_of(pd: &PostDom, bi: usize) -> Option<usize> {
    let n = pd.blocks.len();
    let strict: Vec<usize> = (0..n).filter(|&j| j != bi && pd.pdom[bi][j]).collect();
    strict
        .iter()
        .copied()
        .find(|&j| strict.iter().all(|&k| pd.pdom[j][k]))
}

/// The blocks reachable from the branch ending block index `bi` before its join.
fn region_of(pd: &PostDom, bi: usize, join: Option<usize>) -> Vec<bool> {
    let mut region = vec![false; pd.blocks.len()];
    let mut stack: Vec<usize> = pd.succ[bi].clone();
    while let Some(x) = stack.pop() {
        if Some(x) == join || region[x] {
            continue;
        }
        region[x] = true;
        stack.extend(pd.succ[x].iter().copied());
    }
    region
}

/// A divergent branch a packet runs through masked instead of splitting: the
/// blocks up to its join (in body order, each after the blocks that jump to it)
/// and the join.
///
/// `old`: the region's stores that may be made by every work-item of the packet
/// (`masked::blend`), each with the value the branch's block loaded from the same
/// address.
#[derive(Clone, Debug)]
pub(super) struct Masked {
    pub blocks: Vec<Block>,
    pub join: Block,
    pub old: HashMap<Inst, Value>,
}

/// For each store of `region` whose address block `b` loaded the same type from,
/// with nothing after that load in `b` that may write memory: the loaded value.
///
/// A work-item the mask leaves out of the store's block then writes what it loaded
/// there back, which changes nothing: it read that memory without synchronizing
/// since, so any other work-item writing it would be a data race (undefined in
/// OpenCL); and it made no store of its own in the region before, because the region
/// stores nowhere but in the store's block, where the mask leaves it out of every
/// store. So the packet may store for all its work-items, blending new and loaded
/// values, with vector stores. (With stores in two blocks, an if/else that stores
/// on both sides, a work-item's store on one side would be undone by its write-back
/// on the other.)
fn stores_to_loaded(
    body: &kauai_ir::Body,
    varying: &HashSet<Value>,
    b: Block,
    region: &[Block],
) -> HashMap<Inst, Value> {
    let insts = &body.blocks[b].insts;
    let term = insts.len().saturating_sub(1);
    // The loads of `b` after which `b` writes no memory.
    let quiet = insts[..term]
        .iter()
        .rposition(|&i| {
            let k = &body.insts[i].kind;
            !k.cannot_trap() && !matches!(k, InstKind::Load { .. })
        })
        .map_or(0, |p| p + 1);
    let loads: Vec<(Value, Value)> = insts[quiet..term]
        .iter()
        .filter_map(|&i| match body.insts[i].kind {
            InstKind::Load { ptr, .. } => Some((ptr, body.insts[i].result?)),
            _ => None,
        })
        .collect();
    let mut out = HashMap::new();
    let stores_in = |x: Block| {
        body.blocks[x]
            .insts
            .iter()
            .any(|&i| matches!(body.insts[i].kind, InstKind::Store { .. }))
    };
    if region.iter().filter(|&&x| stores_in(x)).count() > 1 {
        return out;
    }
    for &x in region {
        for &i in &body.blocks[x].insts {
            let InstKind::Store { ptr, value, .. } = body.insts[i].kind else {
                continue;
            };
            let t = body.value_type(value);
            if !varying.contains(&ptr) || !matches!(t, Type::Scalar(_)) {
                continue;
            }
            if let Some(&(_, old)) = loads
                .iter()
                .find(|(p, old)| body.value_type(*old) == t && same_value(body, *p, ptr, 8))
            {
                out.insert(i, old);
            }
        }
    }
    out
}

/// Do `a` and `b` compute the same value: the same value, or the same pure
/// instruction (constants equal) of operands that are, at most `depth` deep?
fn same_value(body: &kauai_ir::Body, a: Value, b: Value, depth: u32) -> bool {
    if a == b {
        return true;
    }
    let (Some(ia), Some(ib)) = (body.value_inst(a), body.value_inst(b)) else {
        return false;
    };
    let (ka, kb) = (&body.insts[ia].kind, &body.insts[ib].kind);
    if depth == 0 || body.value_type(a) != body.value_type(b) || !ka.cannot_trap() {
        return false;
    }
    if let (InstKind::Const(x), InstKind::Const(y)) = (ka, kb) {
        return x == y;
    }
    // Same instruction but for the operands, whose lists must then match.
    let (mut oa, mut ob) = (Vec::new(), Vec::new());
    ka.for_each_operand(|v| oa.push(v));
    kb.for_each_operand(|v| ob.push(v));
    let mut shape = ka.clone();
    let mut it = ob.iter();
    shape.map_operands(|_| *it.next().unwrap_or(&a));
    oa.len() == ob.len()
        && shape == *kb
        && !matches!(ka, InstKind::Const(_))
        && oa
            .iter()
            .zip(&ob)
            .all(|(&x, &y)| same_value(body, x, y, depth - 1))
}

/// Can a work-item run `kind` whether or not it took the path `kind` is on (a
/// memory access then runs only for the work-items that did)?
fn maskable_inst(m: &Module, kind: &InstKind) -> bool {
    match kind {
        InstKind::Load { .. } | InstKind::Store { .. } | InstKind::Jump(_) | InstKind::Brif(..) => {
            true
        }
        InstKind::Call(f, _) => matches!(call_kind(m, *f), Ok(CallKind::Query(_))),
        _ => kind.cannot_trap(),
    }
}

/// The divergent branches (by the block they end) whose paths up to their join are
/// acyclic, entered only through the branch, and hold only instructions that
/// [`maskable_inst`] allows (no barrier, call, return or division): a packet whose
/// work-items disagree there runs every block of the region with a mask per
/// work-item, loads and stores only where the mask is set, and meets again at the
/// join (what vecz calls linearization; ComputeMux's packets do not split there).
pub(super) fn masked_regions(
    m: &Module,
    body: &kauai_ir::Body,
    varying: &HashSet<Value>,
) -> HashMap<Block, Masked> {
    let mut out = HashMap::new();
    let mut divergent = diverges_at(body, varying).peekable();
    if divergent.peek().is_none() {
        return out;
    }
    let pd = post_dominators(body);
    let n = pd.blocks.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, ss) in pd.succ.iter().enumerate() {
        for &s in ss {
            preds[s].push(i);
        }
    }
    for b in divergent {
        // Where the work-items of a row take the branch in runs (a comparison of an
        // id's affine function with a uniform value: `lid < s`, `gid == 0`), a
        // packet rarely disagrees, and one that does is a row's edge. Where the
        // condition is data (`a > b`), nearly every packet disagrees: masking every
        // access there costs more than splitting into narrower packets, unless the
        // region only stores where the branch's block loaded (`stores_to_loaded`).
        let affine = affine_condition(m, body, varying, b);
        let Some(&bi) = pd.ix.get(&b) else { continue };
        let Some(j) = join_of(&pd, bi) else { continue };
        // (A region's blocks leave it only for the join, by construction.)
        let region = region_of(&pd, bi, Some(j));
        let blocks: Vec<Block> = (0..n)
            .filter(|&k| region[k])
            .map(|k| pd.blocks[k])
            .collect();
        let old = stores_to_loaded(body, varying, b, &blocks);
        let blends_all = || {
            blocks.iter().all(|&x| {
                body.blocks[x]
                    .insts
                    .iter()
                    .all(|&i| match body.insts[i].kind {
                        InstKind::Load { .. } => false,
                        InstKind::Store { .. } => old.contains_key(&i),
                        _ => true,
                    })
            })
        };
        if !affine && !blends_all() {
            continue;
        }
        let fits = (0..n).filter(|&k| region[k]).all(|k| {
            // Entered only from the branch or the region, each block after the
            // blocks that jump to it (so after the branch) and before those it jumps
            // to in the region: acyclic, in body order.
            preds[k].iter().all(|&p| (p == bi || region[p]) && p < k)
                && pd.succ[k].iter().all(|&s| s > k || s == j)
                && body.blocks[pd.blocks[k]]
                    .insts
                    .iter()
                    .all(|&i| maskable_inst(m, &body.insts[i].kind))
        });
        if fits {
            out.insert(
                b,
                Masked {
                    blocks,
                    join: pd.blocks[j],
                    old,
                },
            );
        }
    }
    out
}

/// Does block `b` end in a branch on an integer comparison of two values that
/// each are uniform or grow by a known stride from one work-item to the next?
fn affine_condition(m: &Module, body: &kauai_ir::Body, varying: &HashSet<Value>, b: Block) -> bool {
    let Some(t) = body.terminator(b) else {
        return false;
    };
    let InstKind::Brif(c, ..) = &body.insts[t].kind else {
        return false;
    };
    let Some(ci) = body.value_inst(*c) else {
        return false;
    };
    let InstKind::Icmp(_, x, y) = &body.insts[ci].kind else {
        return false;
    };
    [x, y]
        .iter()
        .all(|v| stride_of(m, body, varying, **v, 0).is_some())
}

/// The blocks that end in a branch on a varying value.
fn diverges_at<'a>(
    body: &'a kauai_ir::Body,
    varying: &'a HashSet<Value>,
) -> impl Iterator<Item = Block> + 'a {
    body.order.iter().copied().filter(move |&b| {
        body.terminator(b).is_some_and(
            |t| matches!(&body.insts[t].kind, InstKind::Brif(c, ..) if varying.contains(c)),
        )
    })
}

/// Values that differ between work-items because of where they went rather than what
/// they computed: for each branch on a varying value that `rejoins` (the packet comes
/// back together after it), the parameters of its join
/// point and of the blocks up to it, and every value made in those blocks and used
/// beyond them (a loop's counter when the work-items leave it at different times).
pub(super) fn sync_dependent(
    body: &kauai_ir::Body,
    varying: &HashSet<Value>,
    rejoins: impl Fn(Block) -> bool,
) -> Vec<Value> {
    let pd = post_dominators(body);
    let n = pd.blocks.len();
    let blocks = &pd.blocks;
    let mut out = Vec::new();
    for (bi, &b) in blocks.iter().enumerate() {
        let Some(t) = body.terminator(b) else {
            continue;
        };
        let InstKind::Brif(c, ..) = &body.insts[t].kind else {
            continue;
        };
        if !varying.contains(c) || !rejoins(b) {
            continue;
        }
        let join = join_of(&pd, bi);
        let region = region_of(&pd, bi, join);
        // A parameter of the join differs by path unless every edge into it from
        // the branch or the region passes the same value; those of the region's
        // blocks may differ by how often a work-item went round a loop.
        let mut params = |k: usize, at_join: bool| {
            let mut args: Vec<Option<Value>> = vec![None; body.blocks[blocks[k]].params.len()];
            let mut same = vec![true; args.len()];
            for src in (0..n).filter(|&x| x == bi || region[x]) {
                let Some(t) = body.terminator(blocks[src]) else {
                    continue;
                };
                for bc in body.insts[t].kind.successors() {
                    if bc.block != blocks[k] {
                        continue;
                    }
                    for (pi, a) in bc.args.iter().enumerate() {
                        match args[pi] {
                            None => args[pi] = Some(*a),
                            Some(x) => same[pi] &= x == *a,
                        }
                    }
                }
            }
            for (pi, p) in body.blocks[blocks[k]].params.iter().enumerate() {
                if !at_join || !same[pi] || varying.contains(&args[pi].unwrap_or(*p)) {
                    out.push(*p);
                }
            }
        };
        if let Some(j) = join.filter(|&j| !region[j]) {
            params(j, true);
        }
        for k in (0..n).filter(|&k| region[k]) {
            params(k, false);
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

/// Can a packet split: does the kernel branch on a value that varies between
/// work-items other than where the packet runs masked?
pub(super) fn splits(
    body: &kauai_ir::Body,
    varying: &HashSet<Value>,
    masked: &HashMap<Block, Masked>,
) -> bool {
    diverges_at(body, varying).any(|b| !masked.contains_key(&b))
}

/// What [`packet_plan`] finds: the values that vary between a packet's work-items and
/// the divergent branches it runs masked.
pub(super) type PacketPlan = (HashSet<Value>, HashMap<Block, Masked>);

/// Can the kernel run in packets, which values vary between the work-items of a
/// packet, and which divergent branches run masked ([`masked_regions`])? A packet runs its work-items in lockstep, so every branch must be uniform
/// (then all reach the same barriers together), and nothing may observe the order of
/// work-items (atomics, printf, image builtins and private memory are left to the
/// scalar form).
pub(super) fn packet_plan(
    m: &Module,
    body: &kauai_ir::Body,
    layout: &Layout,
) -> Result<PacketPlan, String> {
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
                    let id = args.first().and_then(|a| int_const(body, *a));
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
                        // The sampler's faults name the work-item that made them.
                        CallKind::Image(_) => return Err("image builtins".into()),
                        // Each work-item calls on its own (the callee may ask who it is).
                        CallKind::Defined(_) => true,
                        CallKind::Query(q) => {
                            let x_dim = args
                                .first()
                                .is_none_or(|a| dim_const(body, *a).is_none_or(|k| k == 0));
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
        // A packet comes back together after a split at a barrier, or after a
        // masked branch at its join: what the work-items computed apart may differ
        // even from uniform inputs. (Without barriers, work-items that split never
        // rejoin.)
        let masked = (!layout.has_barrier).then(|| masked_regions(m, body, &varying));
        let rejoins = |b: Block| masked.as_ref().is_none_or(|mk| mk.contains_key(&b));
        for v in sync_dependent(body, &varying, rejoins) {
            if varying.insert(v) {
                changed = true;
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
    let masks = masked_regions(m, body, &varying);
    Ok((varying, masks))
}

/// Integer arithmetic of addresses and indices: add, subtract, multiply, bitwise and
/// shifts, width and pointer conversions, `ptradd` and work-item queries. None traps or
/// touches memory, so a work-item's value can be made again anywhere its operands are
/// (the lazy address lanes and the recomputation at a barrier's resume).
pub(super) fn address_arith(m: &Module, kind: &InstKind) -> bool {
    use kauai_ir::{BinaryOp as B, ConvOp as C};
    match kind {
        InstKind::Binary(op, ..) => matches!(
            op,
            B::Iadd | B::Isub | B::Imul | B::And | B::Or | B::Xor | B::Shl | B::Lshr | B::Ashr
        ),
        InstKind::Convert { op, .. } => {
            matches!(op, C::Trunc | C::Zext | C::Sext | C::PtrToInt | C::IntToPtr)
        }
        InstKind::PtrAdd(..) => true,
        InstKind::Call(f, _) => matches!(call_kind(m, *f), Ok(CallKind::Query(_))),
        _ => false,
    }
}

/// How `v` grows from one work-item of a packet to the next (0: uniform), when
/// that is a known constant; wrapping aside, which the run-time check catches.
pub(super) fn stride_of(
    m: &Module,
    body: &kauai_ir::Body,
    varying: &HashSet<Value>,
    v: Value,
    depth: u32,
) -> Option<i64> {
    step_of(m, body, varying, v, depth).map(|(stride, _)| stride)
}

/// [`stride_of`] `v`, and whether it holds modulo `v`'s width even where lanes wrap:
/// true unless the chain extends a type narrower than 32 bits (whose wrap-around an
/// extension does not carry over). Then lane `k` of an `i32` is lane 0's plus
/// `k * stride`, wrapped, and a vector of it is a splat plus steps.
pub(super) fn step_of(
    m: &Module,
    body: &kauai_ir::Body,
    varying: &HashSet<Value>,
    v: Value,
    depth: u32,
) -> Option<(i64, bool)> {
    if !varying.contains(&v) {
        return Some((0, true));
    }
    if depth > 32 {
        return None;
    }
    let i = body.value_inst(v)?;
    let c = |x: Value| {
        let bits = lane_sc(body.value_type(x)).bits();
        int_const(body, x).map(|k| lanes::sext(k, bits))
    };
    let step = |x: Value| step_of(m, body, varying, x, depth + 1);
    let both = |a: Value, b: Value, f: fn(i64, i64) -> Option<i64>| {
        let ((sa, ma), (sb, mb)) = (step(a)?, step(b)?);
        Some((f(sa, sb)?, ma && mb))
    };
    let scaled = |x: Value, k: i64| {
        let (s, modular) = step(x)?;
        Some((s.checked_mul(k)?, modular))
    };
    match &body.insts[i].kind {
        InstKind::Call(f, args) => match call_kind(m, *f).ok()? {
            CallKind::Query(
                Query::GlobalId
                | Query::LocalId
                | Query::LocalLinearId
                | Query::GlobalLinearId
                | Query::SubGroupId,
            ) => {
                let x = args.first().is_none_or(|a| c(*a) == Some(0));
                x.then_some((1, true))
            }
            _ => None,
        },
        InstKind::Binary(BinaryOp::Iadd, a, b) | InstKind::PtrAdd(a, b) => {
            both(*a, *b, i64::checked_add)
        }
        InstKind::Binary(BinaryOp::Isub, a, b) => both(*a, *b, i64::checked_sub),
        InstKind::Binary(BinaryOp::Imul, a, b) => match (c(*a), c(*b)) {
            (_, Some(k)) => scaled(*a, k),
            (Some(k), _) => scaled(*b, k),
            _ => None,
        },
        InstKind::Binary(BinaryOp::Shl, a, b) => {
            let k = c(*b).filter(|k| (0..32).contains(k))?;
            scaled(*a, 1 << k)
        }
        InstKind::Convert {
            op: op @ (ConvOp::Sext | ConvOp::Zext | ConvOp::Trunc),
            arg,
            ..
        } => {
            let (s, modular) = step(*arg)?;
            let wide = *op == ConvOp::Trunc || lane_sc(body.value_type(*arg)).bits() >= 32;
            Some((s, modular && wide))
        }
        _ => None,
    }
}

/// For a pointer `ptradd b, ext(x) * len` (or `<< log2 len`, `ext` a zero or sign
/// extension) with `b` uniform and `x` a varying `i32` (`data[i ^ j]`): `x`, an element
/// index whose lanes may be consecutive at run time, and whether it is sign-extended.
pub(super) fn element_index(
    body: &kauai_ir::Body,
    varying: &HashSet<Value>,
    pv: Value,
    len: u64,
) -> Option<(Value, bool)> {
    let i = body.value_inst(pv)?;
    let InstKind::PtrAdd(b, off) = body.insts[i].kind else {
        return None;
    };
    let oi = body.value_inst(off)?;
    let e = match body.insts[oi].kind {
        InstKind::Binary(BinaryOp::Imul, e, c) if int_const(body, c) == Some(len) => e,
        InstKind::Binary(BinaryOp::Shl, e, c)
            if len.is_power_of_two() && int_const(body, c) == Some(len.trailing_zeros() as u64) =>
        {
            e
        }
        _ => return None,
    };
    let ei = body.value_inst(e)?;
    let InstKind::Convert {
        op: op @ (ConvOp::Zext | ConvOp::Sext),
        arg,
        ..
    } = body.insts[ei].kind
    else {
        return None;
    };
    (!varying.contains(&b)
        && varying.contains(&arg)
        && body.value_type(arg) == Type::Scalar(Scalar::I32))
    .then_some((arg, op == ConvOp::Sext))
}

/// The value of an integer constant, masked to its width.
pub(super) fn int_const(body: &kauai_ir::Body, v: Value) -> Option<u64> {
    let i = body.value_inst(v)?;
    match &body.insts[i].kind {
        InstKind::Const(Const::Scalar(kauai_ir::ConstScalar::Int(x))) => {
            Some(x & lanes::mask(lane_sc(body.value_type(v)).bits()))
        }
        _ => None,
    }
}

/// A constant work-item query dimension, as the queries read it (its low 32 bits).
pub(super) fn dim_const(body: &kauai_ir::Body, v: Value) -> Option<u64> {
    int_const(body, v).map(|k| k & 0xffff_ffff)
}
