//! `mem2reg`: promote private stack slots to SSA values.
//!
//! The front end gives every local variable an `alloca` and reads and writes it with
//! loads and stores. A slot whose address is only ever loaded from and stored to, with
//! its own value type and no `volatile`, never escapes, so its contents can live in SSA
//! values instead. This is the classic construction (Cytron et al.): block parameters
//! go at the iterated dominance frontier of the blocks that write the slot, then a walk
//! of the dominator tree renames loads to the value reaching them. Parameters that
//! receive one value from every predecessor are removed afterwards; parameters nobody
//! reads are left to `dce`.
//!
//! The `alloca` itself counts as a write of `undef`: a slot declared inside a loop
//! starts undefined on every iteration, as the C scope rules say.

use std::collections::HashMap;

use kauai_ir::cfg::DomTree;
use kauai_ir::{Block, Body, Const, Inst, InstKind, SecondaryMap, Type, Value};

use crate::util::{
    block_call, block_call_mut, incoming_edges, remove_unreachable_blocks, ValueMap,
};

pub fn run(m: &mut kauai_ir::Module) {
    for (_, f) in m.functions.iter_mut() {
        if let Some(body) = &mut f.body {
            promote(body);
        }
    }
}

/// What each instruction is to the promotion.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Role {
    Other,
    /// The slot's `alloca` (a write of undef).
    Def(u32),
    Load(u32),
    Store(u32),
}

fn promote(body: &mut Body) {
    remove_unreachable_blocks(body);
    // 1. Candidate slots and their uses.
    let mut var_of: SecondaryMap<Value, u32> = SecondaryMap::with_default(u32::MAX);
    let mut vars: Vec<(Value, Type, Block)> = Vec::new();
    for &b in &body.order {
        for &i in &body.blocks[b].insts {
            if let InstKind::Alloca { ty, .. } = body.insts[i].kind {
                if let Some(r) = body.insts[i].result {
                    if ty.is_value() {
                        var_of[r] = vars.len() as u32;
                        vars.push((r, ty, b));
                    }
                }
            }
        }
    }
    if vars.is_empty() {
        return;
    }
    let mut ok = vec![true; vars.len()];
    for &b in &body.order {
        for &i in &body.blocks[b].insts {
            let kind = &body.insts[i].kind;
            let slot = |v: Value| {
                let x = var_of[v];
                (x != u32::MAX).then_some(x as usize)
            };
            match kind {
                InstKind::Load { ptr, volatile, .. } => {
                    if let Some(x) = slot(*ptr) {
                        let rty = body.insts[i].result.map(|r| body.value_type(r));
                        if *volatile || rty != Some(vars[x].1) {
                            ok[x] = false;
                        }
                    }
                }
                InstKind::Store {
                    ptr,
                    value,
                    volatile,
                    ..
                } => {
                    if let Some(x) = slot(*value) {
                        ok[x] = false; // the address itself escapes
                    }
                    if let Some(x) = slot(*ptr) {
                        if *volatile || body.value_type(*value) != vars[x].1 {
                            ok[x] = false;
                        }
                    }
                }
                other => other.for_each_operand(|v| {
                    if let Some(x) = slot(v) {
                        ok[x] = false;
                    }
                }),
            }
        }
    }
    // Renumber the promotable slots densely.
    let mut dense: Vec<u32> = vec![u32::MAX; vars.len()];
    let mut pvars: Vec<(Type, Block)> = Vec::new();
    for (x, (_, ty, b)) in vars.iter().enumerate() {
        if ok[x] {
            dense[x] = pvars.len() as u32;
            pvars.push((*ty, *b));
        }
    }
    if pvars.is_empty() {
        return;
    }
    let mut role: SecondaryMap<Inst, Role> = SecondaryMap::with_default(Role::Other);
    let mut def_blocks: Vec<Vec<Block>> = vec![Vec::new(); pvars.len()];
    for &b in &body.order {
        for &i in &body.blocks[b].insts {
            let r = match &body.insts[i].kind {
                InstKind::Alloca { .. } => body.insts[i]
                    .result
                    .map(|r| var_of[r])
                    .filter(|x| *x != u32::MAX && dense[*x as usize] != u32::MAX)
                    .map(|x| Role::Def(dense[x as usize])),
                InstKind::Load { ptr, .. } => Some(var_of[*ptr])
                    .filter(|x| *x != u32::MAX && dense[*x as usize] != u32::MAX)
                    .map(|x| Role::Load(dense[x as usize])),
                InstKind::Store { ptr, .. } => Some(var_of[*ptr])
                    .filter(|x| *x != u32::MAX && dense[*x as usize] != u32::MAX)
                    .map(|x| Role::Store(dense[x as usize])),
                _ => None,
            };
            if let Some(r) = r {
                role[i] = r;
                if let Role::Def(x) | Role::Store(x) = r {
                    let d = &mut def_blocks[x as usize];
                    if d.last() != Some(&b) {
                        d.push(b);
                    }
                }
            }
        }
    }

    // 2. Dominance frontiers (Cooper, Harvey and Kennedy).
    let dom = DomTree::compute(body);
    let preds = body.predecessors();
    let mut df: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    for &b in &dom.rpo {
        let ps: Vec<Block> = preds[b]
            .iter()
            .copied()
            .filter(|p| dom.is_reachable(*p))
            .collect();
        if ps.len() < 2 {
            continue;
        }
        let Some(idom) = dom.idom(b) else { continue };
        for p in ps {
            let mut runner = p;
            while runner != idom {
                if df[runner].last() != Some(&b) {
                    df[runner].push(b);
                }
                match dom.idom(runner) {
                    Some(d) => runner = d,
                    None => break,
                }
            }
        }
    }

    // 3. Block parameters at the iterated dominance frontier of each slot's writes.
    // new_params[b] = (slot, param) in parameter order.
    let mut new_params: SecondaryMap<Block, Vec<(u32, Value)>> = SecondaryMap::new();
    let mut has_param: SecondaryMap<Block, u32> = SecondaryMap::with_default(u32::MAX);
    let mut in_work: SecondaryMap<Block, u32> = SecondaryMap::with_default(u32::MAX);
    let mut created: Vec<Value> = Vec::new();
    for (x, blocks) in def_blocks.iter().enumerate() {
        let x = x as u32;
        let mut work: Vec<Block> = Vec::new();
        for &b in blocks {
            in_work[b] = x;
            work.push(b);
        }
        while let Some(b) = work.pop() {
            for i in 0..df[b].len() {
                let y = df[b][i];
                if has_param[y] != x {
                    has_param[y] = x;
                    let p = body.append_block_param(y, pvars[x as usize].0);
                    new_params[y].push((x, p));
                    created.push(p);
                    if in_work[y] != x {
                        in_work[y] = x;
                        work.push(y);
                    }
                }
            }
        }
    }

    // 4. Rename along the dominator tree (preorder, explicit stack).
    let mut children: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    for &b in dom.rpo.iter().skip(1) {
        if let Some(d) = dom.idom(b) {
            children[d].push(b);
        }
    }
    let mut undefs: HashMap<Type, Value> = HashMap::new();
    let mut undef_insts: Vec<Inst> = Vec::new();
    let mut undef = |body: &mut Body, ty: Type| -> Value {
        *undefs.entry(ty).or_insert_with(|| {
            let i = body.make_inst(InstKind::Const(Const::Undef), ty);
            undef_insts.push(i);
            body.insts[i].result.unwrap_or_else(|| Value::from_u32(0))
        })
    };
    let mut map = ValueMap::new();
    // `None` stands for undef, made into a constant only if something reads it.
    let mut stacks: Vec<Vec<Option<Value>>> = vec![Vec::new(); pvars.len()];
    let mut dead: SecondaryMap<Inst, bool> = SecondaryMap::new();
    enum Step {
        Enter(Block),
        Leave(Vec<u32>),
    }
    let mut todo: Vec<Step> = dom
        .rpo
        .first()
        .map(|e| Step::Enter(*e))
        .into_iter()
        .collect();
    while let Some(step) = todo.pop() {
        let b = match step {
            Step::Leave(pushed) => {
                for x in pushed {
                    stacks[x as usize].pop();
                }
                continue;
            }
            Step::Enter(b) => b,
        };
        let mut pushed: Vec<u32> = Vec::new();
        for &(x, p) in &new_params[b] {
            stacks[x as usize].push(Some(p));
            pushed.push(x);
        }
        let insts = body.blocks[b].insts.clone();
        for &i in &insts {
            match role[i] {
                Role::Other => {}
                Role::Def(x) => {
                    stacks[x as usize].push(None);
                    pushed.push(x);
                    dead[i] = true;
                }
                Role::Store(x) => {
                    if let InstKind::Store { value, .. } = body.insts[i].kind {
                        stacks[x as usize].push(Some(value));
                        pushed.push(x);
                    }
                    dead[i] = true;
                }
                Role::Load(x) => {
                    let cur = match stacks[x as usize].last() {
                        Some(Some(v)) => *v,
                        _ => undef(body, pvars[x as usize].0),
                    };
                    if let Some(r) = body.insts[i].result {
                        map.insert(r, cur);
                    }
                    dead[i] = true;
                }
            }
        }
        // Pass the current values to the new parameters of each successor.
        if let Some(t) = body.terminator(b) {
            let n = crate::util::num_targets(&body.insts[t].kind);
            for idx in 0..n {
                let Some(target) = block_call(&body.insts[t].kind, idx).map(|bc| bc.block) else {
                    continue;
                };
                let mut extra = Vec::with_capacity(new_params[target].len());
                for k in 0..new_params[target].len() {
                    let (x, _) = new_params[target][k];
                    let v = match stacks[x as usize].last() {
                        Some(Some(v)) => *v,
                        _ => undef(body, pvars[x as usize].0),
                    };
                    extra.push(v);
                }
                if let Some(bc) = block_call_mut(&mut body.insts[t].kind, idx) {
                    bc.args.extend(extra);
                }
            }
        }
        todo.push(Step::Leave(pushed));
        for &c in children[b].iter().rev() {
            todo.push(Step::Enter(c));
        }
    }
    for &b in &body.order {
        body.blocks[b].insts.retain(|i| !dead[*i]);
    }
    if let Some(entry) = body.entry() {
        let mut insts = undef_insts;
        insts.append(&mut body.blocks[entry].insts);
        body.blocks[entry].insts = insts;
    }

    // 5. Remove trivial parameters: those whose every incoming value is one other value
    // (or the parameter itself, around a loop).
    remove_trivial_params(body, &created, &mut map);
    map.apply(body);
}

fn remove_trivial_params(body: &mut Body, candidates: &[Value], map: &mut ValueMap) {
    let edges = incoming_edges(body);
    // Where each candidate sits, and which candidates receive each value.
    let mut pos: SecondaryMap<Value, Option<(Block, usize)>> = SecondaryMap::new();
    for &p in candidates {
        if let kauai_ir::ValueDef::Param(b, i) = body.values[p].def {
            pos[p] = Some((b, i as usize));
        }
    }
    let mut users: SecondaryMap<Value, Vec<Value>> = SecondaryMap::new();
    for &p in candidates {
        let Some((b, i)) = pos[p] else { continue };
        for e in &edges[b] {
            if let Some(t) = body.terminator(e.from) {
                if let Some(a) =
                    block_call(&body.insts[t].kind, e.idx).and_then(|bc| bc.args.get(i))
                {
                    users[map.resolve(*a)].push(p);
                }
            }
        }
    }
    let mut removed: SecondaryMap<Value, bool> = SecondaryMap::new();
    let mut work: Vec<Value> = candidates.to_vec();
    while let Some(p) = work.pop() {
        if removed[p] {
            continue;
        }
        let Some((b, i)) = pos[p] else { continue };
        let mut same: Option<Value> = None;
        let mut trivial = true;
        for e in &edges[b] {
            let Some(t) = body.terminator(e.from) else {
                continue;
            };
            let Some(a) = block_call(&body.insts[t].kind, e.idx).and_then(|bc| bc.args.get(i))
            else {
                continue;
            };
            let a = map.resolve(*a);
            if a == p || Some(a) == same {
                continue;
            }
            if same.is_some() {
                trivial = false;
                break;
            }
            same = Some(a);
        }
        if !trivial {
            continue;
        }
        let Some(to) = same else {
            // Only reached from itself: the block is a loop nobody enters; leave it.
            continue;
        };
        removed[p] = true;
        map.insert(p, to);
        let us = std::mem::take(&mut users[p]);
        for u in &us {
            if !removed[*u] {
                work.push(*u);
            }
        }
        users[to].extend(us);
    }
    // Physically drop the removed parameters and their arguments.
    let mut blocks_touched: Vec<Block> = Vec::new();
    let mut touched: SecondaryMap<Block, bool> = SecondaryMap::new();
    for &p in candidates {
        if removed[p] {
            if let Some((b, _)) = pos[p] {
                if !touched[b] {
                    touched[b] = true;
                    blocks_touched.push(b);
                }
            }
        }
    }
    for b in blocks_touched {
        let keep: Vec<bool> = body.blocks[b].params.iter().map(|p| !removed[*p]).collect();
        for e in &edges[b] {
            if let Some(t) = body.terminator(e.from) {
                if let Some(bc) = block_call_mut(&mut body.insts[t].kind, e.idx) {
                    let mut k = 0;
                    bc.args.retain(|_| {
                        let r = keep.get(k).copied().unwrap_or(true);
                        k += 1;
                        r
                    });
                }
            }
        }
        crate::util::retain_params(body, b, &keep);
    }
}
