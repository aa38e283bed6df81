//! The executors' agreement property, shared by the fuzz target `jit_diff` and the
//! crate's tests: for any verified module and launch, the JIT (one work-item at a
//! time) and the interpreter give the same outcome: the same bytes in every buffer and
//! the same printf output when both finish, the same error when the interpreter faults
//! or finds barrier divergence (in private memory up to its size, which the executors
//! count differently). The JIT's packets give the same success or error, unless the
//! race check finds work-items racing, and the same buffers where it finds no race:
//! kernels with races between work-items (which random kernels often have, and OpenCL
//! leaves undefined) may see the reordering.
//! Runs the interpreter stops at its instruction budget, and kernels the JIT cannot
//! compile yet, are not compared.

use std::sync::Arc;

use kauai_ir::Module;

use crate::{ArgValue, Buffer, ExecError, ExecOptions, Executor, NdRange, Program};

/// The launch an 8-byte configuration picks: sizes, and per parameter a buffer of
/// patterned bytes, a `__local` allocation or by-value bytes.
pub fn launch(cfg: [u8; 8], m: &Module, kernel: &str) -> (NdRange, Vec<ArgValue>) {
    let nd = NdRange {
        work_dim: 1 + (cfg[0] % 2) as u32,
        global_offset: [(cfg[1] % 4) as u64, 0, 0],
        global_size: [1 + (cfg[2] % 40) as u64, 1 + (cfg[3] % 3) as u64, 1],
        local_size: [1 + (cfg[4] % 8) as u64, 1 + (cfg[5] % 2) as u64, 1],
    };
    let params = m
        .func_by_name(kernel)
        .map(|f| m.functions[f].params.clone())
        .unwrap_or_default();
    let args = params
        .iter()
        .enumerate()
        .map(|(i, p)| match p.ty {
            kauai_ir::Type::Ptr(kauai_ir::AddrSpace::Local) => ArgValue::Local {
                size: 64 + 64 * (cfg[6] % 4) as u64,
            },
            kauai_ir::Type::Ptr(kauai_ir::AddrSpace::Private) => {
                let size = p.byval.map_or(8, |t| m.size_of(t)) as usize;
                ArgValue::Bytes((0..size).map(|b| (b as u8).wrapping_mul(cfg[7])).collect())
            }
            kauai_ir::Type::Ptr(_) => {
                let len = 256 + 32 * (i + cfg[6] as usize % 3);
                let bytes: Vec<u8> = (0..len)
                    .map(|b| (b as u8).wrapping_mul(31).wrapping_add(cfg[7] ^ i as u8))
                    .collect();
                ArgValue::Buffer(Arc::new(Buffer::from_bytes(&bytes)))
            }
            t => {
                let size = t.elem().map_or(8, |s| s.bytes().max(1)) * t.lanes();
                ArgValue::Bytes(
                    (0..size)
                        .map(|b| (b as u8).wrapping_add(cfg[7]).wrapping_mul(7))
                        .collect(),
                )
            }
        })
        .collect();
    (nd, args)
}

/// Fresh copies of the arguments (buffers are written by a run).
fn copy(args: &[ArgValue]) -> Vec<ArgValue> {
    args.iter()
        .map(|a| match a {
            ArgValue::Buffer(b) => ArgValue::Buffer(Arc::new(Buffer::from_bytes(&b.read_bytes()))),
            a => a.clone(),
        })
        .collect()
}

fn buffers(args: &[ArgValue]) -> Vec<Vec<u8>> {
    args.iter()
        .filter_map(|a| match a {
            ArgValue::Buffer(b) => Some(b.read_bytes()),
            _ => None,
        })
        .collect()
}

/// Run every kernel of `m` on both executors with each launch the `cfgs` pick (one
/// compile serves them all); `Err` describes the first disagreement.
pub fn executors_agree(cfgs: &[[u8; 8]], m: &Module) -> Result<(), String> {
    let Ok(program) = Program::new(m) else {
        return Ok(());
    };
    for (cfg, kernel) in cfgs
        .iter()
        .flat_map(|c| program.kernel_names().into_iter().map(move |k| (*c, k)))
    {
        let (nd, args) = launch(cfg, m, kernel);
        let interp_args = copy(&args);
        let jit_args = copy(&args);
        // One thread each, so both meet the same first fault.
        let interp = program.run(
            kernel,
            &interp_args,
            &nd,
            &ExecOptions {
                threads: 1,
                fuel: Some(200_000),
                executor: Executor::Interpreter,
                ..ExecOptions::default()
            },
        );
        // What the interpreter's budget stopped may never end: not compared.
        if matches!(interp, Err(ExecError::Timeout { .. })) {
            continue;
        }
        // The race check only watches: the same outcome, memory and instruction count.
        let checked_args = copy(&args);
        let checked = program.run(
            kernel,
            &checked_args,
            &nd,
            &ExecOptions {
                threads: 1,
                fuel: Some(200_000),
                executor: Executor::Interpreter,
                checks: crate::Checks {
                    races: true,
                    ..Default::default()
                },
                ..ExecOptions::default()
            },
        );
        match (&interp, &checked) {
            (_, Err(ExecError::Unsupported(m))) if m.contains("shadow limit") => {}
            (Ok(a), Ok(b)) => {
                if a.instructions != b.instructions
                    || a.printf != b.printf
                    || buffers(&interp_args) != buffers(&checked_args)
                {
                    return Err(format!(
                        "kernel {kernel}: the race check changed the run's results"
                    ));
                }
            }
            (Err(a), Err(b)) if same_error(a, b) => {}
            // With checks on, the first bad access is a finding and the run goes on.
            (Err(ExecError::Fault { message, .. }), Ok(b))
                if b.findings
                    .iter()
                    .any(|f| f.check == "memory" && f.detail == *message) => {}
            // Going on past it, the run may end another way (a work-item that faulted
            // before a barrier now reaches it, or not): nothing left to compare.
            (Err(ExecError::Fault { .. }), Err(_)) => {}
            (a, b) => {
                return Err(format!(
                    "kernel {kernel}: the interpreter gives {a:?}, with the race check {b:?}"
                ))
            }
        }
        // The uninit check runs an instrumented copy of the module: it must verify, and
        // where the plain run succeeds it must compute the same memory and printf.
        if let Ok(a) = &interp {
            let uninit_args = copy(&args);
            let checked = program.run(
                kernel,
                &uninit_args,
                &nd,
                &ExecOptions {
                    threads: 1,
                    fuel: Some(2_000_000),
                    executor: Executor::Interpreter,
                    checks: crate::Checks {
                        uninit: true,
                        ..Default::default()
                    },
                    ..ExecOptions::default()
                },
            );
            match &checked {
                Ok(b) => {
                    if a.printf != b.printf || buffers(&interp_args) != buffers(&uninit_args) {
                        return Err(format!(
                            "kernel {kernel}: the uninit check changed the run's results"
                        ));
                    }
                }
                // The instrumented code runs more instructions: its budget may end first.
                Err(ExecError::Timeout { .. }) => {}
                Err(ExecError::Unsupported(m))
                    if m.starts_with("the uninit check: not supported yet") => {}
                Err(e) => {
                    return Err(format!(
                        "kernel {kernel}: the interpreter succeeds, with the uninit check {e:?}"
                    ))
                }
            }
        }
        let jit_opts = ExecOptions {
            threads: 1,
            timeout: Some(std::time::Duration::from_secs(2)),
            executor: Executor::Jit,
            jit_packets: false,
            ..ExecOptions::default()
        };
        let jit = program.run(kernel, &jit_args, &nd, &jit_opts);
        // Packets reorder the work-items' accesses, which kernels with races can
        // observe: they must fail as the interpreter fails, and finish where it does.
        let packet_args = copy(&args);
        let packet = program.run(
            kernel,
            &packet_args,
            &nd,
            &ExecOptions {
                jit_packets: true,
                ..jit_opts
            },
        );
        // The JIT's limit is wall-clock time (it counts no instructions): on a starved
        // machine a run may meet it anywhere, so such a run is not compared.
        let timed_out =
            |r: &Result<crate::RunStats, ExecError>| matches!(r, Err(ExecError::Timeout { .. }));
        if timed_out(&jit) || timed_out(&packet) {
            continue;
        }
        // Whether the race check saw work-items race (then the order of their accesses,
        // which packets change, may decide even whether the run faults).
        let races = |f: &[crate::Finding]| f.iter().any(|f| f.check == "races");
        let racy = match &checked {
            Ok(s) => races(&s.findings) || s.findings_dropped > 0,
            Err(ExecError::Fault { findings, .. }) => races(findings),
            // The checked run goes on past bad accesses (a load reads zeros), which can
            // turn a loop endless: out of budget, it cannot say the kernel is race-free.
            Err(ExecError::Timeout { .. }) => true,
            Err(_) => false,
        };
        // Without races the order cannot show: packets must write the same bytes.
        let race_free =
            matches!(&checked, Ok(s) if s.findings.is_empty() && s.findings_dropped == 0);
        match (&jit, &packet) {
            (Ok(_), Ok(_)) if race_free && buffers(&jit_args) != buffers(&packet_args) => {
                return Err(format!(
                    "kernel {kernel}: packets write other bytes than one work-item at a time, and the race check finds no race"
                ))
            }
            (Ok(_), Ok(_)) => {}
            (Err(a), Err(b)) if same_error(a, b) => {}
            _ if racy => {}
            // Private memory is sized differently (see `same_error`): an access past
            // the arrays allocated so far but inside the whole frame faults on the
            // interpreter only, and the JIT goes on (to succeed or fault elsewhere).
            // Neither checks each private array on its own yet.
            (Err(e), _) if e.to_string().contains("of __private memory (") => {}
            (a, b) => {
                return Err(format!(
                    "kernel {kernel}: one work-item at a time gives {a:?}, packets {b:?}"
                ))
            }
        }
        match (&interp, &jit) {
            (_, Err(ExecError::Unsupported(m))) if m.contains("not supported") => {}
            (Ok(a), Ok(b)) => {
                let (want, got) = (buffers(&interp_args), buffers(&jit_args));
                if want != got {
                    let at = want.iter().zip(&got).enumerate().find_map(|(i, (a, b))| {
                        a.iter().zip(b).position(|(x, y)| x != y).map(|o| (i, o))
                    });
                    return Err(format!(
                        "kernel {kernel}: the buffers differ after the run (buffer, byte): {at:?}"
                    ));
                }
                if a.printf != b.printf {
                    return Err(format!(
                        "kernel {kernel}: printf differs:\n{}\n---\n{}",
                        a.printf, b.printf
                    ));
                }
            }
            (Err(a), Err(b)) if same_error(a, b) => {}
            // Private memory is sized differently (see `same_error`): an access past
            // the arrays allocated so far but inside the whole frame faults on the
            // interpreter only, and the JIT goes on (to succeed or fault elsewhere).
            // Neither checks each private array on its own yet.
            (Err(e), _) if e.to_string().contains("of __private memory (") => {}
            (a, b) => {
                return Err(format!(
                    "kernel {kernel}: the interpreter gives {:?}, the JIT {:?}",
                    a.as_ref().map(|_| "success"),
                    b.as_ref().map(|_| "success")
                ))
            }
        }
    }
    Ok(())
}

/// Do two errors say the same? Private memory is the one region whose size the two
/// executors count differently: the interpreter grows it alloca by alloca, compiled
/// code sets the whole frame aside at once; a fault there must agree on the rest.
fn same_error(a: &ExecError, b: &ExecError) -> bool {
    let (a, b) = (a.to_string(), b.to_string());
    let private = |s: &str| -> Option<String> {
        let at = s.find(" of __private memory (")?;
        Some(s[..at].to_string())
    };
    a == b || (private(&a).is_some() && private(&a) == private(&b))
}

/// The fuzz target's entry: 8 bytes of launch configuration, then IR text.
pub fn jit_diff_fuzz(data: &[u8]) {
    if data.len() < 8 {
        return;
    }
    let (cfg, text) = data.split_at(8);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let Ok(module) = kauai_ir::parse_str("fuzz.ir", text) else {
        return;
    };
    let cfg: [u8; 8] = cfg.try_into().unwrap_or([0; 8]);
    if let Err(e) = executors_agree(&[cfg], &module) {
        panic!("{e}");
    }
}
