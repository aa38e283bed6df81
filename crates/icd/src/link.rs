//! `clCompileProgram` and `clLinkProgram` over the runtime's whole-program build.
//!
//! Compiling checks the sources (the front end runs, errors go to the build log) and
//! keeps them with their options; linking builds the compiled objects' sources
//! together, which is what the runtime's multi-source build does. Input headers are
//! written to a private directory that the compile's `-I` names.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use kauai_runtime::{compile_to_ir, Program, SourceFile};
use opencl_sys::*;

use crate::api::{self, R};
use crate::objects::{lock, Origin, ProgramObj};

/// A directory of input headers, removed when the last program using it is gone.
pub struct HeaderDir(pub PathBuf);

impl Drop for HeaderDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn header_dir(headers: &[(String, String)]) -> R<Option<Arc<HeaderDir>>> {
    if headers.is_empty() {
        return Ok(None);
    }
    static N: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "kauai-cl-headers-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let guard = HeaderDir(dir.clone());
    for (name, text) in headers {
        let rel = std::path::Path::new(name);
        // An include name stays inside the directory.
        if rel.is_absolute() || rel.components().any(|c| !matches!(c, std::path::Component::Normal(_))) {
            return Err(CL_INVALID_VALUE);
        }
        let path = dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|_| CL_OUT_OF_HOST_MEMORY)?;
        }
        std::fs::write(&path, text).map_err(|_| CL_OUT_OF_HOST_MEMORY)?;
    }
    Ok(Some(Arc::new(guard)))
}

pub fn compile_program(p: &ProgramObj, devices: Option<&[usize]>, options: &str, headers: Vec<(String, String)>) -> R<()> {
    if p.origin != Origin::Source {
        return Err(CL_INVALID_OPERATION);
    }
    if p.kernels.load(Ordering::Relaxed) > 0 {
        return Err(CL_INVALID_OPERATION);
    }
    let dir = header_dir(&headers)?;
    let opts = match &dir {
        Some(d) => format!("{options} -I{}", d.0.display()),
        None => options.to_string(),
    };
    if let Some(d) = dir {
        lock(&p.header_dirs).push(d);
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
        let r = std::panic::catch_unwind(|| compile_to_ir(&d.rt, &p.sources, &opts));
        let mut slots = lock(&p.slots);
        let Some(s) = slots.iter_mut().find(|s| s.device.handle == dh) else {
            continue;
        };
        s.options = options.to_string();
        s.program = None;
        match r {
            Ok(Ok((_, log))) => {
                s.status = CL_BUILD_SUCCESS;
                s.log = log;
                s.binary_type = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
                s.compiled = Some((p.sources.clone(), opts.clone()));
            }
            Ok(Err(e)) => {
                s.status = CL_BUILD_ERROR;
                s.log = e.to_string();
                s.compiled = None;
                if result.is_ok() {
                    result = Err(match e {
                        kauai_runtime::RuntimeError::InvalidBuildOptions(_) => CL_INVALID_COMPILER_OPTIONS,
                        _ => CL_COMPILE_PROGRAM_FAILURE,
                    });
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
/// build (a library is linked the same way here).
const LINK_ONLY: &[&str] = &["-create-library", "-enable-link-options"];

/// Link: the new program's handle (0 if none was made) and the link's result.
pub fn link_program(ctx: usize, devices: Option<&[usize]>, options: &str, inputs: &[usize]) -> R<(usize, R<()>)> {
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
    let mut all_sources: Vec<SourceFile> = Vec::new();
    for dh in devs {
        let d = api::device(dh)?;
        if !c.has_device(&d) {
            return Err(CL_INVALID_DEVICE);
        }
        let mut sources = Vec::new();
        let mut opts = Vec::new();
        for p in &progs {
            let ps = lock(&p.slots);
            let Some((src, o)) = ps.iter().find(|s| s.device.handle == dh).and_then(|s| s.compiled.clone()) else {
                return Err(CL_INVALID_OPERATION);
            };
            sources.extend(src);
            if !opts.contains(&o) {
                opts.push(o);
            }
        }
        opts.push(link_opts.clone());
        let opts = opts.join(" ");
        let mut slot = api::empty_slot(&d);
        slot.options = options.to_string();
        match std::panic::catch_unwind(|| Program::build(&d.rt, &sources, &opts)) {
            Ok(Ok(prog)) => {
                slot.status = CL_BUILD_SUCCESS;
                slot.log = prog.build_log.clone();
                slot.program = Some(Arc::new(prog));
                slot.binary_type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
                slot.from_binary = Some((sources.clone(), opts));
            }
            Ok(Err(e)) => {
                slot.status = CL_BUILD_ERROR;
                slot.log = e.to_string();
                result = Err(CL_LINK_PROGRAM_FAILURE);
            }
            Err(_) => {
                slot.status = CL_BUILD_ERROR;
                slot.log = "internal compiler error (a bug in Kauai)".into();
                result = Err(CL_LINK_PROGRAM_FAILURE);
            }
        }
        if all_sources.is_empty() {
            all_sources = sources;
        }
        slots.push(slot);
    }
    let h = api::create_program(c, all_sources, Origin::Source, slots);
    if let Ok(p) = api::program(h) {
        let mut dirs = lock(&p.header_dirs);
        for q in &progs {
            dirs.extend(lock(&q.header_dirs).iter().cloned());
        }
    }
    Ok((h, result))
}
