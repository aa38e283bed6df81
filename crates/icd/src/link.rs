//! `clCompileProgram` and `clLinkProgram` over the runtime's separate compilation.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use kauai_runtime::{compile_object, link_objects, RuntimeError};
use opencl_sys::*;

use crate::api::{self, R};
use crate::objects::{lock, Origin, ProgramObj};

pub fn compile_program(
    p: &ProgramObj,
    devices: Option<&[usize]>,
    options: &str,
    headers: Vec<(String, String)>,
) -> R<()> {
    if p.origin != Origin::Source {
        return Err(CL_INVALID_OPERATION);
    }
    if p.kernels.load(Ordering::Relaxed) > 0 {
        return Err(CL_INVALID_OPERATION);
    }
    let devs: Vec<usize> = match devices {
        Some(d) => d.to_vec(),
        None => p.context.devices.iter().map(|d| d.handle).collect(),
    };
    let mut result = Ok(());
    for dh in devs {
        let d = api::device(dh)?;
        if !p.context.has_device(&d) {
            return Err(CL_INVALID_DEVICE);
        }
        let r = std::panic::catch_unwind(|| compile_object(&d.rt, &p.sources, options, &headers));
        let mut slots = lock(&p.slots);
        let Some(s) = slots.iter_mut().find(|s| s.device.handle == dh) else {
            continue;
        };
        s.options = options.to_string();
        s.program = None;
        s.compiled = None;
        match r {
            Ok(Ok(obj)) => {
                s.status = CL_BUILD_SUCCESS;
                s.log = obj.log.clone();
                s.binary_type = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
                s.compiled = Some(Arc::new(obj));
            }
            Ok(Err(e)) => {
                s.status = CL_BUILD_ERROR;
                let code = match &e {
                    RuntimeError::InvalidBuildOptions(_) => CL_INVALID_COMPILER_OPTIONS,
                    _ => CL_COMPILE_PROGRAM_FAILURE,
                };
                s.log = match e {
                    RuntimeError::BuildProgramFailure(log) => log,
                    other => other.to_string(),
                };
                if result.is_ok() {
                    result = Err(code);
                }
            }
            Err(_) => {
                s.status = CL_BUILD_ERROR;
                s.log = "internal compiler error (a bug in Kauai)".into();
                result = Err(CL_COMPILE_PROGRAM_FAILURE);
            }
        }
    }
    result
}

/// Options of `clLinkProgram` that only select what linking makes: dropped before the
/// link (a library links the same way here).
const LINK_ONLY: &[&str] = &["-create-library", "-enable-link-options"];

/// Link: the new program's handle and the link's result (a failed link still makes a
/// program, whose build log says why).
pub fn link_program(
    ctx: usize,
    devices: Option<&[usize]>,
    options: &str,
    inputs: &[usize],
) -> R<(usize, R<()>)> {
    let c = api::context(ctx)?;
    let mut progs = Vec::new();
    for &h in inputs {
        let p = api::program(h)?;
        if p.context.handle != c.handle {
            return Err(CL_INVALID_PROGRAM);
        }
        progs.push(p);
    }
    let devs: Vec<usize> = match devices {
        Some(d) => d.to_vec(),
        None => c.devices.iter().map(|d| d.handle).collect(),
    };
    let link_opts: String = options
        .split_whitespace()
        .filter(|w| !LINK_ONLY.contains(w))
        .collect::<Vec<_>>()
        .join(" ");
    let mut slots = Vec::new();
    let mut result = Ok(());
    for dh in devs {
        let d = api::device(dh)?;
        if !c.has_device(&d) {
            return Err(CL_INVALID_DEVICE);
        }
        let mut objects = Vec::new();
        for p in &progs {
            let ps = lock(&p.slots);
            let Some(o) = ps
                .iter()
                .find(|s| s.device.handle == dh)
                .and_then(|s| s.compiled.clone())
            else {
                return Err(CL_INVALID_OPERATION);
            };
            objects.push(o);
        }
        let refs: Vec<_> = objects.iter().map(|o| o.as_ref()).collect();
        let mut slot = api::empty_slot(&d);
        slot.options = options.to_string();
        slot.linked = true;
        match std::panic::catch_unwind(|| link_objects(&d.rt, &refs, &link_opts)) {
            Ok(Ok(prog)) => {
                slot.status = CL_BUILD_SUCCESS;
                slot.log = prog.build_log.clone();
                slot.program = Some(Arc::new(prog));
                slot.binary_type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
            }
            Ok(Err(e)) => {
                slot.status = CL_BUILD_ERROR;
                slot.log = e.to_string();
                result = Err(match e {
                    RuntimeError::InvalidBuildOptions(_) => CL_INVALID_LINKER_OPTIONS,
                    _ => CL_LINK_PROGRAM_FAILURE,
                });
            }
            Err(_) => {
                slot.status = CL_BUILD_ERROR;
                slot.log = "internal compiler error (a bug in Kauai)".into();
                result = Err(CL_LINK_PROGRAM_FAILURE);
            }
        }
        slots.push(slot);
    }
    let h = api::create_program(c, Vec::new(), Origin::Source, slots);
    Ok((h, result))
}
