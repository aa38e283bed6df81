//! `strip-async-markers`: removes the front end's markers of asynchronous copies
//! (`__kauai_async_copy`, `__kauai_async_wait`), which only the checking interpreter
//! follows, and the conversions, constants and event selections that only fed them,
//! for targets that compile the program to something else (the amdil target).

use std::collections::HashMap;

use kauai_ir::builtins::CheckBuiltin;
use kauai_ir::{InstKind, Module, Value};

pub fn run(m: &mut Module) {
    let markers: Vec<_> = m
        .functions
        .iter()
        .filter(|(_, f)| {
            f.body.is_none()
                && matches!(
                    CheckBuiltin::parse(&f.name),
                    Some(CheckBuiltin::AsyncCopy | CheckBuiltin::AsyncWait)
                )
        })
        .map(|(id, _)| id)
        .collect();
    if markers.is_empty() {
        return;
    }
    for f in m.functions.values_mut() {
        let Some(body) = f.body.as_mut() else {
            continue;
        };
        let mut fed: Vec<Value> = Vec::new();
        for b in body.order.clone() {
            body.blocks[b].insts.retain(|&i| match &body.insts[i].kind {
                InstKind::Call(c, args) if markers.contains(c) => {
                    fed.extend(args.iter().copied());
                    false
                }
                _ => true,
            });
        }
        // What fed only the markers: their conversions and constants, now unused.
        while !fed.is_empty() {
            let mut uses: HashMap<Value, usize> = HashMap::new();
            for &b in &body.order {
                for &i in &body.blocks[b].insts {
                    body.insts[i]
                        .kind
                        .for_each_operand(|v| *uses.entry(v).or_default() += 1);
                }
            }
            let dead: Vec<_> = fed
                .drain(..)
                .filter(|v| !uses.contains_key(v))
                .filter_map(|v| body.value_inst(v))
                .filter(|&i| {
                    matches!(
                        body.insts[i].kind,
                        InstKind::Convert { .. }
                            | InstKind::Const(_)
                            | InstKind::Icmp(..)
                            | InstKind::Select(..)
                    )
                })
                .collect();
            if dead.is_empty() {
                break;
            }
            for &i in &dead {
                body.insts[i].kind.for_each_operand(|v| fed.push(v));
            }
            for b in body.order.clone() {
                body.blocks[b].insts.retain(|i| !dead.contains(i));
            }
        }
    }
}
