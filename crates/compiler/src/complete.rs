//! Checks that only make sense once a program is complete (after the last link, at
//! finalize): every function a module called without defining it
//! ([`kauai_clc::EXTERNAL_FN_ATTR`]) must have been defined by some linked module, and
//! the calls must not form a cycle (OpenCL C has no recursion; each front-end run only
//! sees the cycles inside its own sources).

use std::collections::VecDeque;

use kauai_ir::{EntityRef, FuncId, InstKind, Module};

/// Every problem found, one per line; `Ok` when the program is complete.
pub fn check_complete(m: &Module) -> Result<(), String> {
    let graph = CallGraph::new(m);
    let mut problems = Vec::new();
    for (id, f) in m.functions.iter() {
        if !(f.is_declaration() && f.attrs.contains_key(kauai_clc::EXTERNAL_FN_ATTR)) {
            continue;
        }
        let Some(&caller) = graph.callers[id.index()].first() else {
            continue; // a declaration nobody calls any more does no harm
        };
        let by = match graph.kernel_reaching(m, id) {
            Some(k) => format!("kernel `{}`", m.functions[k].name),
            None => format!("function `{}`", m.functions[caller].name),
        };
        problems.push(format!(
            "function `{}` is declared but never defined: no linked module defines it \
             (it is called by {by})",
            f.name
        ));
    }
    if let Some(cycle) = graph.cycle() {
        let names: Vec<String> = cycle
            .iter()
            .map(|&f| format!("`{}`", m.functions[f].name))
            .collect();
        problems.push(format!(
            "recursion is not allowed in OpenCL C: the calls {} form a cycle",
            names.join(" -> ")
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// Who calls whom among the module's functions (each edge once, in first-call order).
struct CallGraph {
    callees: Vec<Vec<FuncId>>,
    callers: Vec<Vec<FuncId>>,
}

impl CallGraph {
    fn new(m: &Module) -> CallGraph {
        let n = m.functions.len();
        let mut callees: Vec<Vec<FuncId>> = vec![Vec::new(); n];
        let mut callers: Vec<Vec<FuncId>> = vec![Vec::new(); n];
        for (id, f) in m.functions.iter() {
            let Some(body) = &f.body else { continue };
            for (_, inst) in body.insts.iter() {
                if let InstKind::Call(callee, _) = &inst.kind {
                    let (a, b) = (id.index(), callee.index());
                    if b < n && !callees[a].contains(callee) {
                        callees[a].push(*callee);
                        callers[b].push(id);
                    }
                }
            }
        }
        CallGraph { callees, callers }
    }

    /// The first kernel (in module order) from which `target` is reachable by calls.
    fn kernel_reaching(&self, m: &Module, target: FuncId) -> Option<FuncId> {
        let mut seen = vec![false; self.callers.len()];
        let mut queue = VecDeque::from([target]);
        seen[target.index()] = true;
        let mut kernels = Vec::new();
        while let Some(f) = queue.pop_front() {
            if m.functions[f].is_kernel() {
                kernels.push(f);
            }
            for &c in &self.callers[f.index()] {
                if !std::mem::replace(&mut seen[c.index()], true) {
                    queue.push_back(c);
                }
            }
        }
        kernels.into_iter().min_by_key(|k| k.index())
    }

    /// One cycle of calls, from its first function back to it, if there is any.
    fn cycle(&self) -> Option<Vec<FuncId>> {
        let n = self.callees.len();
        // Iterative DFS, colors: 0 new, 1 on the stack, 2 done.
        let mut color = vec![0u8; n];
        for s in 0..n {
            if color[s] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(s, 0)];
            color[s] = 1;
            while let Some(&mut (v, ref mut i)) = stack.last_mut() {
                match self.callees[v].get(*i) {
                    Some(w) => {
                        *i += 1;
                        let w = w.index();
                        match color[w] {
                            0 => {
                                color[w] = 1;
                                stack.push((w, 0));
                            }
                            1 => {
                                let start = stack.iter().position(|&(f, _)| f == w)?;
                                let mut cyc: Vec<FuncId> = stack[start..]
                                    .iter()
                                    .map(|&(f, _)| FuncId::new(f))
                                    .collect();
                                cyc.push(FuncId::new(w));
                                return Some(cyc);
                            }
                            _ => {}
                        }
                    }
                    None => {
                        color[v] = 2;
                        stack.pop();
                    }
                }
            }
        }
        None
    }
}
