//! `simplifycfg`: tidy the control-flow graph.
//!
//! - a `brif` (or `switch`) whose targets are all the same block with the same
//!   arguments becomes a `jump`;
//! - a branch to a block that only jumps on (an "empty" block) goes straight to where
//!   that block jumps, with the arguments substituted, as long as the empty block's
//!   parameters are not used anywhere else;
//! - a block whose single predecessor jumps unconditionally to it is merged into that
//!   predecessor (its parameters become the jump's arguments);
//! - blocks that cannot be reached from the entry are removed;
//! - a `brif` whose sides are short runs of arithmetic that cannot trap and rejoin
//!   at one block (`c ? 1.0f - x : x`) computes both sides and picks the merge's
//!   arguments with `select`: work-items of a packet (and GPU lanes) then never part
//!   over it. Short-circuit conditions (an `i1` merged) keep their branches.
//!
//! The rules repeat a few rounds until nothing changes.

use kauai_ir::{Block, Body, InstKind, Module, SecondaryMap, Value};

use crate::util::{
    block_call, block_call_mut, incoming_edges, num_targets, remove_unreachable_blocks, ValueMap,
};

/// Rounds before giving up on reaching a fixed point (each round is linear).
const MAX_ROUNDS: usize = 8;
/// Longest chain of empty blocks followed from one branch in one round.
const MAX_THREAD: usize = 16;

pub fn run(m: &mut Module) {
    for (_, f) in m.functions.iter_mut() {
        if let Some(body) = &mut f.body {
            for _ in 0..MAX_ROUNDS {
                if !round(body) {
                    break;
                }
            }
        }
    }
}

fn round(body: &mut Body) -> bool {
    let mut changed = remove_unreachable_blocks(body);
    changed |= same_target_branches(body);
    changed |= thread_empty_blocks(body);
    changed |= remove_unreachable_blocks(body);
    changed |= merge_blocks(body);
    changed |= speculate_arms(body);
    changed
}

/// Instructions at most per side of a branch made into selects.
const MAX_SPECULATED: usize = 8;

/// Can `kind` run whatever its operands, with no effect but its result? (Math
/// functions aside: they may cost more than the branch saves.)
fn speculatable(kind: &InstKind) -> bool {
    kind.cannot_trap() && !matches!(kind, InstKind::Math(..))
}

/// The side of a branch that goes to `merge`: `None` when it jumps there directly
/// (with `args`), `Some(block)` when it runs `block`'s speculatable instructions and
/// jumps on; `Err` when neither.
fn arm(
    body: &Body,
    preds: &SecondaryMap<Block, Vec<Block>>,
    call: &kauai_ir::BlockCall,
) -> Result<(Block, Option<Block>, Vec<Value>), ()> {
    let b = call.block;
    let data = &body.blocks[b];
    let single_pred = preds[b].len() == 1;
    if single_pred && call.args.is_empty() && data.params.is_empty() {
        let (&last, rest) = data.insts.split_last().ok_or(())?;
        if let InstKind::Jump(j) = &body.insts[last].kind {
            if rest.len() <= MAX_SPECULATED
                && j.block != b
                && rest.iter().all(|&i| speculatable(&body.insts[i].kind))
            {
                return Ok((j.block, Some(b), j.args.clone()));
            }
        }
    }
    Ok((b, None, call.args.clone()))
}

fn speculate_arms(body: &mut Body) -> bool {
    let mut changed = false;
    // Each change alters predecessors: recompute them, a bounded number of times.
    for _ in 0..MAX_SPECULATED_BRANCHES {
        if !speculate_one(body) {
            break;
        }
        changed = true;
    }
    changed
}

/// Branches made into selects per function and round at most.
const MAX_SPECULATED_BRANCHES: usize = 64;

fn speculate_one(body: &mut Body) -> bool {
    let preds = body.predecessors();
    for k in 0..body.order.len() {
        let b = body.order[k];
        let Some(t) = body.terminator(b) else {
            continue;
        };
        let InstKind::Brif(c, yes, no) = &body.insts[t].kind else {
            continue;
        };
        let c = *c;
        let (Ok((m1, a1, args1)), Ok((m2, a2, args2))) =
            (arm(body, &preds, yes), arm(body, &preds, no))
        else {
            continue;
        };
        // Both sides reach the same merge, at least one through an arm; the merge is
        // neither an arm nor this block (a loop).
        if m1 != m2
            || (a1.is_none() && a2.is_none())
            || a1 == a2
            || m1 == b
            || Some(m1) == a1
            || Some(m1) == a2
            || args1.len() != body.blocks[m1].params.len()
            || args2.len() != args1.len()
        {
            continue;
        }
        // A short-circuit condition (`a && b`: the merge takes an `i1` for a branch)
        // stays branches: both executors branch on a compare faster than on a logical
        // combination of two (Mandelbrot's loop ran 6% more instructions).
        if args1
            .iter()
            .zip(&args2)
            .any(|(x, y)| x != y && body.value_type(*x) == kauai_ir::Type::I1)
        {
            continue;
        }
        // Move the arms' instructions before the branch, then pick each argument.
        let loc = body.locs[t];
        body.blocks[b].insts.pop();
        for a in [a1, a2].into_iter().flatten() {
            let mut moved = std::mem::take(&mut body.blocks[a].insts);
            moved.pop();
            body.blocks[b].insts.extend(moved);
            body.remove_block(a);
        }
        let mut args = Vec::new();
        for (x, y) in args1.into_iter().zip(args2) {
            if x == y {
                args.push(x);
                continue;
            }
            let ty = body.value_type(x);
            let sel = body.make_inst(InstKind::Select(c, x, y), ty);
            body.locs[sel] = loc;
            body.blocks[b].insts.push(sel);
            args.push(body.insts[sel].result.expect("a select has a result"));
        }
        let jump = body.make_inst(
            InstKind::Jump(kauai_ir::BlockCall::new(m1, args)),
            kauai_ir::Type::Void,
        );
        body.locs[jump] = loc;
        body.blocks[b].insts.push(jump);
        return true;
    }
    false
}

fn same_target_branches(body: &mut Body) -> bool {
    let mut changed = false;
    for k in 0..body.order.len() {
        let b = body.order[k];
        let Some(t) = body.terminator(b) else {
            continue;
        };
        let kind = &body.insts[t].kind;
        let n = num_targets(kind);
        if n < 2 || matches!(kind, InstKind::Jump(_)) {
            continue;
        }
        let Some(first) = block_call(kind, 0).cloned() else {
            continue;
        };
        if (1..n).all(|i| block_call(kind, i) == Some(&first)) {
            body.insts[t].kind = InstKind::Jump(first);
            changed = true;
        }
    }
    changed
}

fn thread_empty_blocks(body: &mut Body) -> bool {
    let uses = body.use_counts();
    let entry = body.entry();
    // threadable[b]: b holds only a jump elsewhere, and its parameters are used by
    // nothing but that jump.
    let mut threadable: SecondaryMap<Block, bool> = SecondaryMap::new();
    for &b in &body.order {
        if Some(b) == entry || body.blocks[b].insts.len() != 1 {
            continue;
        }
        let i = body.blocks[b].insts[0];
        let InstKind::Jump(bc) = &body.insts[i].kind else {
            continue;
        };
        if bc.block == b {
            continue;
        }
        let own = body.blocks[b].params.iter().all(|p| {
            let in_jump = bc.args.iter().filter(|a| *a == p).count() as u32;
            uses[*p] == in_jump
        });
        threadable[b] = own;
    }
    let mut changed = false;
    for k in 0..body.order.len() {
        let p = body.order[k];
        let Some(t) = body.terminator(p) else {
            continue;
        };
        for idx in 0..num_targets(&body.insts[t].kind) {
            let Some(mut cur) = block_call(&body.insts[t].kind, idx).cloned() else {
                continue;
            };
            let mut steps = 0;
            while threadable[cur.block] && steps < MAX_THREAD {
                let e = cur.block;
                let ei = body.blocks[e].insts[0];
                let InstKind::Jump(next) = &body.insts[ei].kind else {
                    break;
                };
                let params = &body.blocks[e].params;
                let args = next
                    .args
                    .iter()
                    .map(|a| match params.iter().position(|p| p == a) {
                        Some(pos) => cur.args.get(pos).copied().unwrap_or(*a),
                        None => *a,
                    })
                    .collect();
                cur = kauai_ir::BlockCall::new(next.block, args);
                steps += 1;
            }
            if steps > 0 {
                if let Some(bc) = block_call_mut(&mut body.insts[t].kind, idx) {
                    *bc = cur;
                    changed = true;
                }
            }
        }
    }
    changed
}

fn merge_blocks(body: &mut Body) -> bool {
    let edges = incoming_edges(body);
    let entry = body.entry();
    let mut merged_into: SecondaryMap<Block, Option<Block>> = SecondaryMap::new();
    let mut removed: SecondaryMap<Block, bool> = SecondaryMap::new();
    let mut map = ValueMap::new();
    let mut changed = false;
    for b in body.reverse_post_order() {
        if Some(b) == entry || edges[b].len() != 1 {
            continue;
        }
        let mut p = edges[b][0].from;
        let mut guard = 0;
        while let Some(q) = merged_into[p] {
            p = q;
            guard += 1;
            if guard > body.order.len() {
                break;
            }
        }
        if p == b || removed[p] {
            continue;
        }
        let Some(t) = body.terminator(p) else {
            continue;
        };
        let InstKind::Jump(bc) = &body.insts[t].kind else {
            continue;
        };
        if bc.block != b {
            continue;
        }
        for (param, arg) in body.blocks[b].params.iter().zip(&bc.args) {
            map.insert(*param, *arg);
        }
        body.blocks[p].insts.pop();
        let moved = std::mem::take(&mut body.blocks[b].insts);
        body.blocks[p].insts.extend(moved);
        merged_into[b] = Some(p);
        removed[b] = true;
        changed = true;
    }
    if changed {
        body.order.retain(|b| !removed[*b]);
        map.apply(body);
    }
    changed
}
