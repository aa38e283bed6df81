//! Separate compilation (`clCompileProgram` and `clLinkProgram`): compile sources with
//! a link to follow (a function may be called here and defined in another object), then
//! link compiled objects into a program.

use kauai_compiler::{InputHeader, ResultCode};
use kauai_diag::SourceMap;

use crate::device::Device;
use crate::error::RuntimeError;
use crate::program::{new_module, Program, SourceFile};

/// A compiled, not yet linked, object: its IR and its build log.
pub struct CompiledObject {
    pub ir: kauai_ir::Module,
    pub log: String,
}

/// Compile sources for `device` with `headers` available to `#include` by name.
pub fn compile_object(
    device: &Device,
    sources: &[SourceFile],
    options: &str,
    headers: &[(String, String)],
) -> Result<CompiledObject, RuntimeError> {
    let mut module = new_module(device)?;
    module.set_options(options).map_err(|e| match e.code {
        ResultCode::InvalidBuildOptions | ResultCode::InvalidCompilerOptions => {
            RuntimeError::InvalidBuildOptions(e.message)
        }
        _ => RuntimeError::Compiler(e),
    })?;
    let mut sm = SourceMap::new();
    let files: Vec<_> = sources
        .iter()
        .map(|s| sm.add(s.name.clone(), s.bytes.clone()))
        .collect();
    let headers: Vec<InputHeader> = headers
        .iter()
        .map(|(name, source)| InputHeader {
            name: name.clone(),
            source: source.clone(),
        })
        .collect();
    if let Err(e) = module.compile_sources("FULL_PROFILE", sm, &files, &headers) {
        return Err(match e.code {
            ResultCode::CompileProgramFailure => RuntimeError::BuildProgramFailure(module.log),
            _ => RuntimeError::Compiler(e),
        });
    }
    match module.ir() {
        Some(ir) => Ok(CompiledObject {
            ir: ir.clone(),
            log: module.log.clone(),
        }),
        None => Err(RuntimeError::BuildProgramFailure(
            "nothing was compiled".into(),
        )),
    }
}

/// Link compiled objects into a program for `device` (finalized as a build is).
pub fn link_objects(
    device: &Device,
    objects: &[&CompiledObject],
    options: &str,
) -> Result<Program, RuntimeError> {
    let mut inputs = Vec::with_capacity(objects.len());
    for o in objects {
        let mut m = new_module(device)?;
        m.set_ir(o.ir.clone())?;
        inputs.push(m);
    }
    let mut module = new_module(device)?;
    module
        .set_options(options)
        .map_err(|e| RuntimeError::InvalidBuildOptions(e.message))?;
    let refs: Vec<_> = inputs.iter().collect();
    module
        .link(&refs)
        .map_err(|e| RuntimeError::BuildProgramFailure(e.message))?;
    Program::finish(device, module)
}
