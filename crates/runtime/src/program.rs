use std::sync::Arc;

use kauai_compiler::{KernelInfo, Module, ProgramInfo, ResultCode};
use kauai_diag::SourceMap;

use crate::device::Device;
use crate::error::RuntimeError;

/// One source file of a program (several are compiled together, in order).
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Compile OpenCL C to IR without finalizing it (the front end's output, for `--emit ir`).
/// Returns the module and the build log (warnings).
pub fn compile_to_ir(
    device: &Device,
    sources: &[SourceFile],
    options: &str,
) -> Result<(kauai_ir::Module, String), RuntimeError> {
    let module = compile(device, sources, options)?;
    match module.ir() {
        Some(ir) => Ok((ir.clone(), module.log.clone())),
        None => Err(RuntimeError::BuildProgramFailure(
            "nothing was compiled".into(),
        )),
    }
}

/// An empty compiler module for the device's target.
fn new_module(device: &Device) -> Result<Module, RuntimeError> {
    let target = device.info.create_target(&kauai_compiler::Context::new())?;
    Ok(Module::new(Arc::from(target)))
}

fn compile(device: &Device, sources: &[SourceFile], options: &str) -> Result<Module, RuntimeError> {
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
    if let Err(e) = module.compile_sources("FULL_PROFILE", sm, &files, &[]) {
        return Err(match e.code {
            ResultCode::CompileProgramFailure => {
                RuntimeError::BuildProgramFailure(module.log.clone())
            }
            _ => RuntimeError::Compiler(e),
        });
    }
    Ok(module)
}

/// A program built for one device.
pub struct Program {
    pub device: Device,
    pub info: ProgramInfo,
    /// Warnings and other build messages.
    pub build_log: String,
    pub(crate) module: kauai_ir::Module,
    pub(crate) exec: Arc<kauai_host::Program>,
}

impl Program {
    /// Compile and finalize OpenCL C sources (`clBuildProgram`).
    pub fn build(
        device: &Device,
        sources: &[SourceFile],
        options: &str,
    ) -> Result<Program, RuntimeError> {
        let module = compile(device, sources, options)?;
        Self::finish(device, module)
    }

    /// Build from IR text (a finalized or unfinalized module in Kauai's text form).
    pub fn from_ir(device: &Device, ir: kauai_ir::Module) -> Result<Program, RuntimeError> {
        let mut module = new_module(device)?;
        module.set_ir(ir)?;
        Self::finish(device, module)
    }

    fn finish(device: &Device, mut module: Module) -> Result<Program, RuntimeError> {
        let (info, _printf) = module.finalize()?;
        let Some(fin) = module.finalized() else {
            return Err(RuntimeError::BuildProgramFailure(
                "finalize produced nothing".into(),
            ));
        };
        let exec = kauai_host::Program::new(&fin.module)?;
        Ok(Program {
            device: device.clone(),
            info,
            build_log: module.log.clone(),
            module: fin.module.clone(),
            exec: Arc::new(exec),
        })
    }

    pub fn kernel_info(&self, name: &str) -> Result<&KernelInfo, RuntimeError> {
        self.info
            .kernel(name)
            .ok_or_else(|| RuntimeError::InvalidKernelName {
                name: name.to_string(),
                available: self
                    .info
                    .kernels
                    .iter()
                    .map(|k| k.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The finalized IR (what the device runs).
    pub fn finalized_ir(&self) -> &kauai_ir::Module {
        &self.module
    }
}
