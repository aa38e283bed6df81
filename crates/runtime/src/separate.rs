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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::{enqueue, Buffer, ExecOptions, Kernel, KernelArg, NdRangeSpec};

    fn src(name: &str, text: &str) -> SourceFile {
        SourceFile {
            name: name.into(),
            bytes: text.as_bytes().to_vec(),
        }
    }

    #[test]
    fn objects_compiled_apart_link_into_a_program() {
        let dev = Device::host();
        let headers = [(
            "f.h".to_string(),
            "#define K 21\nint f(int x);\n".to_string(),
        )];
        let main = compile_object(
            &dev,
            &[src(
                "main.cl",
                "#include \"f.h\"\n__kernel void k(__global int *p) { p[0] = f(2); }\n",
            )],
            "",
            &headers,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let lib = compile_object(
            &dev,
            &[src(
                "f.cl",
                "#include \"f.h\"\nint f(int x) { return x * K; }\n",
            )],
            "",
            &headers,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        // Alone, the kernel's object calls a function nobody defines.
        assert!(link_objects(&dev, &[&main], "").is_err());
        let prog = link_objects(&dev, &[&main, &lib], "").unwrap_or_else(|e| panic!("{e}"));
        let mut k = Kernel::new(&prog, "k").unwrap_or_else(|e| panic!("{e}"));
        let buf = Arc::new(Buffer::new(4));
        k.set_arg(0, KernelArg::Buffer(buf.clone()))
            .unwrap_or_else(|e| panic!("{e}"));
        let nd = NdRangeSpec {
            work_dim: 1,
            global_offset: None,
            global_size: vec![1],
            local_size: None,
        };
        enqueue(&k, &nd, &ExecOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(buf.read_bytes(), 42i32.to_le_bytes());
        // A missing header is a compile error with the rendered diagnostics.
        let bad = compile_object(&dev, &[src("b.cl", "#include \"nope.h\"\n")], "", &[]);
        assert!(
            matches!(bad, Err(RuntimeError::BuildProgramFailure(log)) if log.contains("nope.h"))
        );
    }
}
