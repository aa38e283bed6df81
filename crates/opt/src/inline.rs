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
//! `prepare-barriers` needs for correctness ([`inline_where`]) has no budget.

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

pub fn run(m: &mut Module) -> Result<(), OptError> {
    inline_impl(m, &|_, _| true, true);
    Ok(())
}

/// Inline every call from a defined function to a defined, non-recursive function for
/// which `want(module, callee)` holds, whatever the sizes. Returns the recursive
/// functions (never inlined).
pub fn inline_where(m: &mut Module, want: &dyn Fn(&Module, FuncId) -> bool) -> HashSet<FuncId> {
    inline_impl(m, want, false)
}

/// Instructions in the blocks of a body.
fn body_size(b: &Body) -> usize {
    b.order.iter().map(|&x| b.blocks[x].insts.len()).sum()
}

fn inline_impl(
    m: &mut Module,
    want: &dyn Fn(&Module, FuncId) -> bool,
    budget: bool,
) -> HashSet<FuncId> {
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
            s[id] = f.body.is_some() && !recursive.contains(&id) && want(m, id);
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
            inline_into(m, &mut body, &inlinable, budget);
            m.functions[caller].body = Some(body);
        }
    }
    recursive
}

fn inline_into(m: &Module, body: &mut Body, inlinable: &SecondaryMap<FuncId, bool>, budget: bool) {
    // Callees are final (processed before their callers): measure each once.
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
            if budget && (csize > MAX_INLINE_CALLEE_INSTS || size + csize > MAX_INLINE_CALLER_INSTS)
            {
                k += 1;
                continue;
            }
            size += csize + 1;
            let ret = m.functions[callee].ret;
            let cont = inline_call(body, b, k, cbody, ret, &mut map, &mut after, &mut hoisted);
            // The rest of the block now lives in `cont`.
            work.push(cont);
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
