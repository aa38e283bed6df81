//! `dce`: dead-code elimination.
//!
//! Removes blocks unreachable from the entry, then keeps only what something with an
//! effect depends on: instructions with side effects (stores, atomics, fences, calls,
//! volatile loads, terminators) are live, and so is everything their operands are
//! computed from. A block parameter is live only if a live instruction reads it other
//! than by passing it along to another block, so values that just circulate around a
//! loop (as `mem2reg` leaves for variables nobody reads after the loop) disappear too,
//! together with the branch arguments feeding them. Calls to builtins whose record says
//! they are pure ([`kauai_ir::builtins::Props::pure`]: the work-item queries such as
//! `__mux_get_global_id`) have no effect and are removable.

use kauai_ir::builtins;
use kauai_ir::{Body, FuncId, Inst, InstKind, Module, SecondaryMap, Value, ValueDef};

use crate::util::{block_call_mut, incoming_edges, remove_unreachable_blocks, retain_params};

pub fn run(m: &mut Module) {
    let mut pure: SecondaryMap<FuncId, bool> = SecondaryMap::new();
    for (id, f) in m.functions.iter() {
        pure[id] = f.is_declaration() && builtins::properties(&f.name).is_some_and(|p| p.pure);
    }
    for (_, f) in m.functions.iter_mut() {
        if let Some(body) = &mut f.body {
            dce_body(body, &pure);
        }
    }
}

fn has_effect(kind: &InstKind, pure: &SecondaryMap<FuncId, bool>) -> bool {
    match kind {
        InstKind::Call(f, _) => !pure[*f],
        k => k.has_side_effects(),
    }
}

/// Operands of an instruction other than branch arguments.
fn direct_operands(kind: &InstKind, mut f: impl FnMut(Value)) {
    match kind {
        InstKind::Jump(_) => {}
        InstKind::Brif(c, ..) => f(*c),
        InstKind::Switch { arg, .. } => f(*arg),
        k => k.for_each_operand(f),
    }
}

fn dce_body(body: &mut Body, pure: &SecondaryMap<FuncId, bool>) {
    remove_unreachable_blocks(body);
    let edges = incoming_edges(body);
    let mut placed: SecondaryMap<Inst, bool> = SecondaryMap::new();
    for &b in &body.order {
        for &i in &body.blocks[b].insts {
            placed[i] = true;
        }
    }
    let mut live_inst: SecondaryMap<Inst, bool> = SecondaryMap::new();
    let mut live_val: SecondaryMap<Value, bool> = SecondaryMap::new();
    let mut work: Vec<Value> = Vec::new();
    for &b in &body.order {
        for &i in &body.blocks[b].insts {
            let kind = &body.insts[i].kind;
            if has_effect(kind, pure) {
                live_inst[i] = true;
                direct_operands(kind, |v| work.push(v));
            }
        }
    }
    while let Some(v) = work.pop() {
        if live_val[v] {
            continue;
        }
        live_val[v] = true;
        match body.values.get(v).map(|d| d.def.clone()) {
            Some(ValueDef::Inst(i)) if placed[i] && !live_inst[i] => {
                live_inst[i] = true;
                body.insts[i].kind.for_each_operand(|x| work.push(x));
            }
            Some(ValueDef::Param(b, idx)) => {
                for e in &edges[b] {
                    if let Some(t) = body.terminator(e.from) {
                        if let Some(a) = crate::util::block_call(&body.insts[t].kind, e.idx)
                            .and_then(|bc| bc.args.get(idx as usize))
                        {
                            work.push(*a);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    for k in 0..body.order.len() {
        let b = body.order[k];
        body.blocks[b].insts.retain(|i| live_inst[*i]);
    }
    let entry = body.entry();
    for k in 0..body.order.len() {
        let b = body.order[k];
        if Some(b) == entry {
            continue;
        }
        let keep: Vec<bool> = body.blocks[b].params.iter().map(|p| live_val[*p]).collect();
        if keep.iter().all(|k| *k) {
            continue;
        }
        for e in &edges[b] {
            if let Some(t) = body.terminator(e.from) {
                if let Some(bc) = block_call_mut(&mut body.insts[t].kind, e.idx) {
                    let mut n = 0;
                    bc.args.retain(|_| {
                        let r = keep.get(n).copied().unwrap_or(true);
                        n += 1;
                        r
                    });
                }
            }
        }
        retain_params(body, b, &keep);
    }
}
