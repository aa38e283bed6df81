//! `globaldce`: remove the functions and globals no kernel can reach (LLVM's GlobalDCE).
//!
//! The roots are the kernels. A function is live if a live function calls it, a global
//! if a live function takes its address; everything else goes, declarations included,
//! so a target never sees (and never has to compile) a helper nothing calls, such as
//! the inline functions of a header a program includes. Only instructions placed in a
//! block count: the arena may still hold instructions an earlier pass unlinked.
//!
//! This is only correct for a complete program, so only the finalize pipeline runs it:
//! a module compiled on its own (`clCompileProgram`) may define functions another
//! module calls after linking. A live global keeps alive the globals its initializer
//! holds addresses of (its relocations), and those theirs.

use std::collections::HashSet;

use kauai_ir::{FuncId, GlobalId, InstKind, Module, PrimaryMap, SecondaryMap};

use crate::util::remove_functions;

pub fn run(m: &mut Module) {
    let mut live_fn: SecondaryMap<FuncId, bool> = SecondaryMap::new();
    let mut live_global: SecondaryMap<GlobalId, bool> = SecondaryMap::new();
    let mut work: Vec<FuncId> = m.kernels().map(|(id, _)| id).collect();
    for &k in &work {
        live_fn[k] = true;
    }
    while let Some(f) = work.pop() {
        let Some(body) = &m.functions[f].body else {
            continue;
        };
        for &b in &body.order {
            for &i in &body.blocks[b].insts {
                match &body.insts[i].kind {
                    InstKind::Call(c, _) if m.functions.get(*c).is_some() && !live_fn[*c] => {
                        live_fn[*c] = true;
                        work.push(*c);
                    }
                    InstKind::GlobalAddr(g) if m.globals.get(*g).is_some() => {
                        live_global[*g] = true;
                    }
                    _ => {}
                }
            }
        }
    }
    let mut pending: Vec<GlobalId> = m.globals.keys().filter(|g| live_global[*g]).collect();
    while let Some(g) = pending.pop() {
        let Some(init) = &m.globals[g].init else {
            continue;
        };
        for r in &init.relocs {
            if m.globals.get(r.target).is_some() && !live_global[r.target] {
                live_global[r.target] = true;
                pending.push(r.target);
            }
        }
    }
    let dead: HashSet<FuncId> = m.functions.keys().filter(|id| !live_fn[*id]).collect();
    remove_functions(m, &dead);
    remove_globals(m, &live_global);
}

/// Keep only the live globals, renumbering them in every `global_addr` and relocation.
fn remove_globals(m: &mut Module, live: &SecondaryMap<GlobalId, bool>) {
    if m.globals.keys().all(|g| live[g]) {
        return;
    }
    let old = std::mem::take(&mut m.globals);
    let mut remap: SecondaryMap<GlobalId, Option<GlobalId>> = SecondaryMap::new();
    let mut fresh = PrimaryMap::new();
    for (id, g) in old.into_iter() {
        if live[id] {
            remap[id] = Some(fresh.push(g));
        }
    }
    for (_, f) in m.functions.iter_mut() {
        let Some(body) = &mut f.body else { continue };
        for (_, data) in body.insts.iter_mut() {
            if let InstKind::GlobalAddr(g) = &mut data.kind {
                if let Some(n) = remap[*g] {
                    *g = n;
                }
            }
        }
    }
    for (_, g) in fresh.iter_mut() {
        for r in g.init.iter_mut().flat_map(|i| i.relocs.iter_mut()) {
            if let Some(n) = remap[r.target] {
                r.target = n;
            }
        }
    }
    m.globals = fresh;
}
