//! `prepare-barriers`: barriers only in kernels, each with its own id.
//!
//! Executors split a kernel at its barriers (ComputeMux's work-item loops) and need to
//! tell the barriers apart, so, as ComputeMux's PrepareBarriers does:
//! 1. every function that contains a barrier, directly or through the functions it
//!    calls, is inlined into its callers; such non-kernel functions are then removed
//!    once nothing calls them. A barrier inside a recursive cycle cannot be inlined and
//!    is reported as not supported;
//! 2. in each function, the barrier calls get the ids 0, 1, 2, ... in layout order
//!    (the first argument, an `i32` constant).
//!
//! "Barrier" here means `__mux_work_group_barrier`, `__mux_sub_group_barrier` and the
//! work-group collectives `__mux_work_group_*` (any, all, broadcast, reduce, scan),
//! which also take a barrier id first and are implemented with barriers.

use std::collections::HashSet;

use kauai_ir::builtins;
use kauai_ir::{Body, Const, ConstScalar, FuncId, Function, InstKind, Module, SecondaryMap, Type};

use crate::inline::inline_into_roots;
use crate::util::{call_graph, call_sccs, remove_functions};
use crate::OptError;

/// Is this declaration a builtin that takes a barrier id as its first argument?
fn is_barrier_decl(f: &Function) -> bool {
    f.is_declaration()
        && builtins::properties(&f.name).is_some_and(|p| p.barrier)
        && f.params.first().map(|p| p.ty) == Some(Type::I32)
}

pub fn run(m: &mut Module) -> Result<(), OptError> {
    // 1. Which functions hold barriers, directly or transitively.
    let g = call_graph(m);
    let mut callers: SecondaryMap<FuncId, Vec<FuncId>> = SecondaryMap::new();
    for (id, _) in m.functions.iter() {
        for &c in &g[id] {
            callers[c].push(id);
        }
    }
    let mut has: SecondaryMap<FuncId, bool> = SecondaryMap::new();
    let mut work: Vec<FuncId> = Vec::new();
    for (id, f) in m.functions.iter() {
        if is_barrier_decl(f) {
            work.push(id);
        }
    }
    while let Some(f) = work.pop() {
        for &c in &callers[f] {
            if !has[c] {
                has[c] = true;
                work.push(c);
            }
        }
    }
    // 2. Inline them.
    let holders: HashSet<FuncId> = m
        .functions
        .iter()
        .filter(|(id, f)| has[*id] && f.body.is_some())
        .map(|(id, _)| id)
        .collect();
    // Recursion first: top-down inlining of a cycle would not end.
    let sccs = call_sccs(m, &g);
    if let Some(r) = sccs
        .iter()
        .filter(|(_, rec)| *rec)
        .flat_map(|(comp, _)| comp.iter())
        .find(|f| holders.contains(f))
    {
        return Err(OptError::Unsupported(format!(
            "a barrier in the recursive function @{}",
            m.functions[*r].name
        )));
    }
    // Inline into the kernels only (top-down): every caller of a holder is a holder or
    // a kernel, so afterwards no kernel calls a holder and the other holders are dead.
    let kernels: Vec<FuncId> = m
        .functions
        .iter()
        .filter(|(_, f)| f.is_kernel() && f.body.is_some())
        .map(|(id, _)| id)
        .collect();
    if let Err(k) = inline_into_roots(m, &kernels, &|id| holders.contains(&id)) {
        return Err(OptError::Unsupported(format!(
            "inlining the functions with barriers into kernel @{} needs more than {} instructions (MAX_REQUIRED_INLINE_INSTS)",
            m.functions[k].name,
            crate::inline::MAX_REQUIRED_INLINE_INSTS
        )));
    }
    let dead: HashSet<FuncId> = holders
        .iter()
        .copied()
        .filter(|id| !m.functions[*id].is_kernel())
        .collect();
    remove_functions(m, &dead);
    // 3. Number the barriers of each function.
    let mut barrier_decl: SecondaryMap<FuncId, bool> = SecondaryMap::new();
    for (id, f) in m.functions.iter() {
        barrier_decl[id] = is_barrier_decl(f);
    }
    for (_, f) in m.functions.iter_mut() {
        if let Some(body) = &mut f.body {
            number_barriers(body, &barrier_decl);
        }
    }
    Ok(())
}

fn number_barriers(body: &mut Body, barrier_decl: &SecondaryMap<FuncId, bool>) {
    let uses = body.use_counts();
    let mut next: u64 = 0;
    for k in 0..body.order.len() {
        let b = body.order[k];
        let insts = std::mem::take(&mut body.blocks[b].insts);
        let mut out = Vec::with_capacity(insts.len());
        for i in insts {
            let first = match &body.insts[i].kind {
                InstKind::Call(f, args) if barrier_decl[*f] => args.first().copied(),
                _ => None,
            };
            if let Some(old) = first {
                let id = InstKind::Const(Const::Scalar(ConstScalar::Int(next)));
                next += 1;
                // Reuse the old id's constant when this call is its only user.
                let own_const = body.value_inst(old).filter(|d| {
                    uses[old] == 1 && matches!(body.insts[*d].kind, InstKind::Const(_))
                });
                match own_const {
                    Some(d) => body.insts[d].kind = id,
                    None => {
                        let c = body.make_inst(id, Type::I32);
                        out.push(c);
                        if let (Some(v), InstKind::Call(_, args)) =
                            (body.insts[c].result, &mut body.insts[i].kind)
                        {
                            args[0] = v;
                        }
                    }
                }
            }
            out.push(i);
        }
        body.blocks[b].insts = out;
    }
}
