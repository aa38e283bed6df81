//! `inline`: copy callee bodies into their callers.
//!
//! Functions are processed callees first (strongly connected components of the call
//! graph in Tarjan's order), so a body is fully inlined before it is copied anywhere.
//! Calls inside a recursive cycle are left as calls (OpenCL C forbids recursion, but the
//! IR does not).
//!
//! At a call site the block is split: the instructions after the call move to a new
//! continuation block, which takes the call's result as a block parameter; the caller
//! jumps to a copy of the callee's entry block (whose parameters are replaced by the
//! call's arguments), and every `return v` in the copy becomes `jump continuation(v)`.
//! The callee's `alloca`s go to the top of the caller's entry block, so a call inside a
//! loop does not allocate on every iteration.
//!
//! The `inline` pass has a growth budget: a callee is copied only while its body (already
//! inlined into) has at most [`MAX_INLINE_CALLEE_INSTS`] instructions, and a caller takes
//! copies only until it has [`MAX_INLINE_CALLER_INSTS`]. Without it a chain of N helpers
//! (`f0` calls `f1` ... calls `fN`) grew every `fi` to hold the whole rest of the chain,
//! N²/2 instructions in all (2,000 helpers took 3.6 GB); with it every function stays
//! within a fixed size, so inlining and every later pass are linear in the program.
//! Calls left in place are ordinary calls, which every executor runs. The inlining that
//! `prepare-barriers` needs for correctness ([`inline_into_roots`]) is top-down into
//! the kernels, bounded by [`MAX_REQUIRED_INLINE_INSTS`] (past it: an error).

use std::collections::HashSet;

use kauai_ir::{Block, BlockCall, Body, FuncId, Inst, InstKind, Module, SecondaryMap, Type, Value};

use crate::util::{call_graph, call_sccs, ValueMap};
use crate::OptError;

/// Largest callee (instructions, after inlining into it) the `inline` pass copies. About
/// LLVM's default threshold (225), counted before `mem2reg`: typical OpenCL helpers are
/// far smaller, and a chain of helpers is cut into pieces of this size.
pub const MAX_INLINE_CALLEE_INSTS: usize = 200;

/// A caller stops taking copies once it has this many instructions, so that many calls
/// of mid-sized helpers (or helpers calling helpers several times each, which doubles
/// per level) cannot blow one body up.
pub const MAX_INLINE_CALLER_INSTS: usize = 20_000;

/// Instructions a function may grow to when calls must be inlined for correctness
/// ([`inline_into_roots`], used for functions holding barriers): some 50 MB of IR.
/// Helpers calling helpers twice each double per level, so only a bound stops them.
pub const MAX_REQUIRED_INLINE_INSTS: usize = 500_000;

/// How much a body may grow.
#[derive(Copy, Clone)]
enum Limit {
    /// The `inline` pass's growth budget: calls over it stay calls.
    Budget,
    /// Top-down: the copies are inlined into as well, up to this many instructions.
    TopDown(usize),
}

pub fn run(m: &mut Module) -> Result<(), OptError> {
    inline_bottom_up(m);
    Ok(())
}

/// Inline into each function of `roots` every call to a defined function for which
/// `want` holds, and then the calls in the copies, until none is left: top-down, so
/// only the roots grow (bottom-up would first grow every callee, quadratic for a
/// chain). The callees must not be recursive (check with the call graph first). Fails
/// with the root that would pass [`MAX_REQUIRED_INLINE_INSTS`].
pub fn inline_into_roots(
    m: &mut Module,
    roots: &[FuncId],
    want: &dyn Fn(FuncId) -> bool,
) -> Result<(), FuncId> {
    let mut inlinable: SecondaryMap<FuncId, bool> = SecondaryMap::new();
    for (id, f) in m.functions.iter() {
        inlinable[id] = f.body.is_some() && want(id);
    }
    for &root in roots {
        let Some(mut body) = m.functions[root].body.take() else {
            continue;
        };
        let r = inline_into(
            m,
            &mut body,
            &inlinable,
            Limit::TopDown(MAX_REQUIRED_INLINE_INSTS),
        );
        m.functions[root].body = Some(body);
        r.map_err(|()| root)?;
    }
    Ok(())
}

/// Instructions in the blocks of a body.
fn body_size(b: &Body) -> usize {
    b.order.iter().map(|&x| b.blocks[x].insts.len()).sum()
}

/// Inline calls from defined functions to defined, non-recursive ones within the growth
/// budget, callees first (strongly connected components in Tarjan's order).
fn inline_bottom_up(m: &mut Module) {
    let g = call_graph(m);
    let sccs = call_sccs(m, &g);
    let mut recursive: HashSet<FuncId> = HashSet::new();
    for (comp, rec) in &sccs {
        if *rec {
            recursive.extend(comp.iter().copied());
        }
    }
    let inlinable: SecondaryMap<FuncId, bool> = {
        let mut s = SecondaryMap::new();
        for (id, f) in m.functions.iter() {
            s[id] = f.body.is_some() && !recursive.contains(&id);
        }
        s
    };
    for (comp, _) in &sccs {
        for &caller in comp {
            let needs = g[caller].iter().any(|c| inlinable[*c]);
            if !needs {
                continue;
            }
            let Some(mut body) = m.functions[caller].body.take() else {
                continue;
            };
            // Only `Limit::TopDown` can fail.
            let _ = inline_into(m, &mut body, &inlinable, Limit::Budget);
            m.functions[caller].body = Some(body);
        }
    }
}

fn inline_into(
    m: &Module,
    body: &mut Body,
    inlinable: &SecondaryMap<FuncId, bool>,
    limit: Limit,
) -> Result<(), ()> {
    // Callees do not change while one body is inlined into: measure each once.
    let mut sizes: SecondaryMap<FuncId, Option<usize>> = SecondaryMap::new();
    let mut size = body_size(body);
    let mut map = ValueMap::new();
    let mut after: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    let mut hoisted: Vec<Inst> = Vec::new();
    let mut work: Vec<Block> = body.order.iter().rev().copied().collect();
    while let Some(b) = work.pop() {
        let mut k = 0;
        while k < body.blocks[b].insts.len() {
            let i = body.blocks[b].insts[k];
            let callee = match &body.insts[i].kind {
                InstKind::Call(f, _) if inlinable[*f] => *f,
                _ => {
                    k += 1;
                    continue;
                }
            };
            let Some(cbody) = m.functions[callee]
                .body
                .as_ref()
                .filter(|c| !c.order.is_empty())
            else {
                k += 1;
                continue;
            };
            let csize = *sizes[callee].get_or_insert_with(|| body_size(cbody));
            match limit {
                Limit::Budget
                    if csize > MAX_INLINE_CALLEE_INSTS
                        || size + csize > MAX_INLINE_CALLER_INSTS =>
                {
                    k += 1;
                    continue;
                }
                Limit::TopDown(max) if size + csize > max => return Err(()),
                _ => {}
            }
            size += csize + 1;
            let ret = m.functions[callee].ret;
            let cont = inline_call(body, b, k, cbody, ret, &mut map, &mut after, &mut hoisted);
            if let Limit::TopDown(_) = limit {
                // The copy is the callee as written: its calls are inlined in turn.
                work.extend(after[b].iter().rev().copied());
            } else {
                // The rest of the block now lives in `cont`.
                work.push(cont);
            }
            break;
        }
    }
    // Lay the new blocks out right after the block they came from.
    let mut order = Vec::with_capacity(body.order.len());
    let mut stack: Vec<Block> = Vec::new();
    for &b in &body.order {
        stack.push(b);
        while let Some(x) = stack.pop() {
            order.push(x);
            for &y in after[x].iter().rev() {
                stack.push(y);
            }
        }
    }
    body.order = order;
    if let Some(entry) = body.entry() {
        hoisted.append(&mut body.blocks[entry].insts);
        body.blocks[entry].insts = hoisted;
    }
    map.apply(body);
    Ok(())
}

/// Inline the call at `body.blocks[b].insts[k]`; returns the continuation block.
fn inline_call(
    body: &mut Body,
    b: Block,
    k: usize,
    cbody: &Body,
    ret: Type,
    map: &mut ValueMap,
    after: &mut SecondaryMap<Block, Vec<Block>>,
    hoisted: &mut Vec<Inst>,
) -> Block {
    let call = body.blocks[b].insts[k];
    let (args, result) = match &body.insts[call].kind {
        InstKind::Call(_, a) => (a.clone(), body.insts[call].result),
        _ => (Vec::new(), None),
    };
    // Split the block.
    let cont = body.blocks.push(Default::default());
    let rest: Vec<Inst> = body.blocks[b].insts.split_off(k + 1);
    body.blocks[b].insts.pop();
    body.blocks[cont].insts = rest;
    if let Some(r) = result {
        let p = body.append_block_param(cont, ret);
        map.insert(r, p);
    }
    // Blocks and values of the copy.
    let mut bmap: SecondaryMap<Block, Option<Block>> = SecondaryMap::new();
    let mut vmap: SecondaryMap<Value, Option<Value>> = SecondaryMap::new();
    let centry = cbody.entry();
    let mut new_blocks = Vec::with_capacity(cbody.order.len());
    for &cb in &cbody.order {
        let nb = body.blocks.push(Default::default());
        bmap[cb] = Some(nb);
        new_blocks.push(nb);
        if Some(cb) == centry {
            for (p, a) in cbody.blocks[cb].params.iter().zip(&args) {
                vmap[*p] = Some(*a);
            }
        } else {
            for &p in &cbody.blocks[cb].params {
                let np = body.append_block_param(nb, cbody.value_type(p));
                vmap[p] = Some(np);
            }
        }
    }
    // Instructions, first with their old operands so that forward references resolve.
    let mut copies: Vec<(Inst, Block)> = Vec::new();
    for &cb in &cbody.order {
        let nb = bmap[cb].unwrap_or(b);
        for &ci in &cbody.blocks[cb].insts {
            let data = &cbody.insts[ci];
            let ty = data
                .result
                .map(|r| cbody.value_type(r))
                .unwrap_or(Type::Void);
            let ni = body.make_inst(data.kind.clone(), ty);
            body.locs[ni] = cbody.locs[ci];
            if let (Some(old), Some(new)) = (data.result, body.insts[ni].result) {
                vmap[old] = Some(new);
            }
            copies.push((ni, nb));
        }
    }
    for (ni, nb) in copies {
        let kind = &mut body.insts[ni].kind;
        kind.map_operands(|v| vmap[v].unwrap_or(v));
        for bc in kind.successors_mut() {
            if let Some(t) = bmap[bc.block] {
                bc.block = t;
            }
        }
        if let InstKind::Return(v) = kind {
            *kind = InstKind::Jump(BlockCall::new(cont, v.iter().copied().collect()));
        }
        if matches!(kind, InstKind::Alloca { .. }) {
            hoisted.push(ni);
        } else {
            body.blocks[nb].insts.push(ni);
        }
    }
    if let Some(first) = new_blocks.first() {
        let j = body.make_inst(InstKind::Jump(BlockCall::new(*first, vec![])), Type::Void);
        body.blocks[b].insts.push(j);
    }
    after[b].extend(new_blocks);
    after[b].push(cont);
    cont
}
