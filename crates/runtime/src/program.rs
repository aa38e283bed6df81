use std::sync::Arc;

use kauai_compiler::{KernelInfo, Module, ProgramInfo, ResultCode};
use kauai_diag::SourceMap;

use crate::device::{Device, Executor};
use crate::error::RuntimeError;
use crate::il::IlProgram;

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
pub(crate) fn new_module(device: &Device) -> Result<Module, RuntimeError> {
    let target = device
        .info
        .create_target(&kauai_compiler::Context::new())
        .map_err(|e| match e.code {
            ResultCode::FeatureUnsupported => RuntimeError::NotSupported(e.message),
            _ => RuntimeError::Compiler(e),
        })?;
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
    // A SPIR-V module (found by its magic number) is a whole program of its own.
    if let Some(spv) = sources.iter().find(|s| is_spirv_source(&s.bytes)) {
        if sources.len() != 1 {
            return Err(RuntimeError::BuildProgramFailure(format!(
                "{}: a SPIR-V module is one file; it cannot be combined with other files",
                spv.name
            )));
        }
        let words = kauai_spirv::words_from_bytes(&spv.bytes)
            .map_err(|e| RuntimeError::BuildProgramFailure(format!("{}: {e}", spv.name)))?;
        module
            .compile_spirv(&words, &kauai_spirv::SpecializationInfo::new())
            .map_err(|e| {
                RuntimeError::BuildProgramFailure(format!("{}: {}", spv.name, e.message))
            })?;
        return Ok(module);
    }
    let mut sm = SourceMap::new();
    let files: Vec<_> = sources
        .iter()
        .map(|s| sm.add(s.name.clone(), s.bytes.clone()))
        .collect();
    if let Err(e) = module.build_sources("FULL_PROFILE", sm, &files, &[]) {
        return Err(match e.code {
            ResultCode::CompileProgramFailure => {
                RuntimeError::BuildProgramFailure(module.log.clone())
            }
            _ => RuntimeError::Compiler(e),
        });
    }
    Ok(module)
}

/// What a program's device executes.
pub(crate) enum Code {
    /// Finalized IR for the host interpreter.
    Host {
        module: kauai_ir::Module,
        exec: Arc<kauai_host::Program>,
    },
    /// An IL program with its kernels linked, for the `kauai` emulator.
    Il(Arc<IlProgram>),
}

/// A program built for one device.
pub struct Program {
    pub device: Device,
    pub info: ProgramInfo,
    /// Warnings and other build messages.
    pub build_log: String,
    pub(crate) code: Code,
    /// The struct types of each kernel's arguments, for oclc (empty for an IL program,
    /// whose metadata gives a struct's size only).
    pub(crate) arg_structs: Vec<(String, Vec<crate::oclc::structs::ArgStruct>)>,
    /// The OpenCL C sources it was built from, to quote the line of a fault.
    pub(crate) sources: Vec<SourceFile>,
}

impl Program {
    /// Put the text of its line into a fault's source position.
    pub(crate) fn quote_line(&self, pos: &mut kauai_ir::SourcePos) {
        let Some(src) = self.sources.iter().find(|s| s.name == pos.file) else {
            return;
        };
        let text = String::from_utf8_lossy(&src.bytes);
        if let Some(line) = text.lines().nth(pos.line.saturating_sub(1) as usize) {
            pos.text = Some(line.trim_end().to_string());
        }
    }

    /// [`Self::quote_line`] for every entity of the checks' findings.
    pub(crate) fn quote_findings(&self, findings: &mut [kauai_host::Finding]) {
        for f in findings {
            for e in std::iter::once(&mut f.first).chain(f.second.as_mut()) {
                if let Some(pos) = &mut e.at {
                    self.quote_line(pos);
                }
            }
        }
    }
}

/// Whether a source file holds AMD IL rather than OpenCL C: its name ends in `.il`.
pub fn is_il_source(name: &str) -> bool {
    std::path::Path::new(name)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("il"))
}

/// Whether a source file holds a SPIR-V module: its first word is SPIR-V's magic
/// number (in either byte order), whatever its name.
pub fn is_spirv_source(bytes: &[u8]) -> bool {
    kauai_spirv::has_magic(bytes)
}

/// Whether a source file holds Kauai IR text (`--emit ir`, `--emit finalized`): its
/// name ends in `.ir`.
pub fn is_ir_source(name: &str) -> bool {
    std::path::Path::new(name)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ir"))
}

/// Parse IR text, with errors rendered at `file:line:col` for `BuildProgramFailure`.
pub fn parse_ir(source: &SourceFile) -> Result<kauai_ir::Module, RuntimeError> {
    let mut sm = SourceMap::new();
    let id = sm.add(source.name.clone(), source.bytes.clone());
    kauai_ir::parse_module(&sm, id).map_err(|d| RuntimeError::BuildProgramFailure(d.render(&sm)))
}

impl Program {
    /// Compile and finalize OpenCL C sources (`clBuildProgram`).
    pub fn build(
        device: &Device,
        sources: &[SourceFile],
        options: &str,
    ) -> Result<Program, RuntimeError> {
        let module = compile(device, sources, options)?;
        let mut p = Self::finish(device, module)?;
        p.sources = sources.to_vec();
        Ok(p)
    }

    /// Build from IR text (a finalized or unfinalized module in Kauai's text form).
    pub fn from_ir(device: &Device, ir: kauai_ir::Module) -> Result<Program, RuntimeError> {
        let mut module = new_module(device)?;
        module.set_ir(ir).map_err(|e| match e.code {
            ResultCode::CompileProgramFailure => {
                RuntimeError::BuildProgramFailure(format!("the IR does not verify:\n{}", e.message))
            }
            _ => RuntimeError::Compiler(e),
        })?;
        Self::finish(device, module)
    }

    /// Build from a SPIR-V module (`clCreateProgramWithIL`): translated by the compiler's
    /// `compileSPIRV`, then finalized for the device like any program, with the build
    /// `options` that still mean something (`-cl-opt-disable`, ...; `-D` has no effect).
    pub fn from_spirv(
        device: &Device,
        source: &SourceFile,
        options: &str,
    ) -> Result<Program, RuntimeError> {
        Self::build(device, std::slice::from_ref(source), options)
    }

    /// Build from AMD IL text with its compiler metadata (`clCreateProgramWithBinary` of
    /// the AMD runtime): the program is parsed, validated and every kernel linked. Only
    /// `kauai:<mcpu>` devices run IL.
    pub fn from_il(device: &Device, source: &SourceFile) -> Result<Program, RuntimeError> {
        if matches!(device.executor, Executor::Host) {
            return Err(RuntimeError::NotSupported(format!(
                "not supported yet: running AMD IL ({}) on the host device; use a kauai:<mcpu> device such as {}",
                source.name,
                crate::device::DEFAULT_IL_DEVICE
            )));
        }
        let (il, info, log) = crate::il::build(&source.name, &source.bytes)
            .map_err(RuntimeError::BuildProgramFailure)?;
        Ok(Program {
            device: device.clone(),
            info,
            build_log: log,
            code: Code::Il(Arc::new(il)),
            arg_structs: Vec::new(),
            sources: Vec::new(),
        })
    }

    pub(crate) fn finish(device: &Device, mut module: Module) -> Result<Program, RuntimeError> {
        let (info, _printf) = module.finalize()?;
        let Some(fin) = module.finalized() else {
            return Err(RuntimeError::BuildProgramFailure(
                "finalize produced nothing".into(),
            ));
        };
        let arg_structs = crate::oclc::structs::kernel_arg_structs(&fin.module);
        match device.executor {
            Executor::Host => {
                let exec = kauai_host::Program::new(&fin.module)?;
                Ok(Program {
                    device: device.clone(),
                    info,
                    build_log: module.log.clone(),
                    code: Code::Host {
                        module: fin.module.clone(),
                        exec: Arc::new(exec),
                    },
                    arg_structs,
                    sources: Vec::new(),
                })
            }
            Executor::Il(_) => {
                // The amdil target's binary is the IL text with its metadata.
                let bytes = module.create_binary().map_err(|e| {
                    if e.message.starts_with("not supported yet") {
                        RuntimeError::NotSupported(e.message)
                    } else {
                        RuntimeError::BuildProgramFailure(e.message)
                    }
                })?;
                let name = format!("<{} binary>", device.name());
                let mut p = Program::from_il(
                    device,
                    &SourceFile {
                        name,
                        bytes: bytes.clone(),
                    },
                )?;
                p.build_log = format!("{}{}", module.log, p.build_log);
                p.arg_structs = arg_structs;
                Ok(p)
            }
        }
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

    /// What oclc knows of the struct type of each argument of `kernel` (nothing for an
    /// IL program).
    pub fn arg_structs(&self, kernel: &str) -> &[crate::oclc::structs::ArgStruct] {
        self.arg_structs
            .iter()
            .find(|(k, _)| k == kernel)
            .map(|(_, a)| a.as_slice())
            .unwrap_or(&[])
    }

    /// The finalized IR (what the host device runs); `None` for an IL program.
    /// The sources it was built from (empty for IR or IL read from elsewhere), which a
    /// program binary carries so that faults still quote their lines.
    pub fn sources(&self) -> &[SourceFile] {
        &self.sources
    }

    /// The same program, quoting its faults' lines from `sources` (those of a program
    /// binary).
    pub fn with_sources(mut self, sources: Vec<SourceFile>) -> Program {
        self.sources = sources;
        self
    }

    pub fn finalized_ir(&self) -> Option<&kauai_ir::Module> {
        match &self.code {
            Code::Host { module, .. } => Some(module),
            Code::Il(_) => None,
        }
    }

    /// The IL text a `kauai:<mcpu>` device runs (as given or as the amdil target made
    /// it); `None` on the host.
    pub fn il_text(&self) -> Option<&str> {
        match &self.code {
            Code::Il(p) => Some(&p.text),
            Code::Host { .. } => None,
        }
    }

    /// The linked single-kernel IL program of `kernel` (the runtime link step of docs/spec/amd-runtime-abi.md#multi-kernel-programs-and-linking:
    /// `main` calling the kernel, then every function and macro it reaches).
    pub fn linked_il(&self, kernel: &str) -> Result<&kauai_amdil::LinkedKernel, RuntimeError> {
        match &self.code {
            Code::Il(p) => p
                .kernels
                .iter()
                .find(|k| k.name == kernel)
                .ok_or_else(|| RuntimeError::InvalidKernelName {
                    name: kernel.to_string(),
                    available: p
                        .kernels
                        .iter()
                        .map(|k| k.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                })
                .and_then(|k| p.linked(k).map_err(RuntimeError::BuildProgramFailure)),
            Code::Host { .. } => Err(RuntimeError::NotSupported(
                "not supported yet: linked IL of a host program".into(),
            )),
        }
    }
}
