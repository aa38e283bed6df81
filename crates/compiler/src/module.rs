//! `Module`: ComputeMux's `BaseModule` (docs/spec/computemux.md#module). It owns one program on its way from source to
//! something a device can run: compile (OpenCL C through `kauai-clc`), link, finalize
//! (the ComputeMux passes of `kauai-opt`, then the target's late passes), binaries and
//! deferred kernels.

use std::collections::BTreeMap;
use std::sync::Arc;

use kauai_diag::SourceMap;
use kauai_ir::Module as IrModule;

use crate::kernel::Kernel;
use crate::link::link_into;
use crate::options::Options;
use crate::program_info::{PrintfDescriptor, ProgramInfo};
use crate::result::{Error, Result, ResultCode};
use crate::Target;

/// Where a module is in its life.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ModuleState {
    Empty,
    /// Compiled or linked IR, not yet finalized.
    Compiled,
    /// Linked as a library (`-create-library`): never finalized.
    Library,
    /// Finalized: ready for binaries and kernels.
    Executable,
}

/// A finalized program: the IR a target consumes and what the runtime must know.
#[derive(Clone, Debug)]
pub struct FinalizedProgram {
    pub module: IrModule,
    pub info: ProgramInfo,
    pub options: Options,
}

/// An in-memory header for `#include` (ComputeMux's `InputHeader`): `#include "name"` or
/// `#include <name>` in the sources finds it before any directory.
#[derive(Clone, Debug)]
pub struct InputHeader {
    pub name: String,
    pub source: String,
}

pub struct Module {
    target: Arc<dyn Target>,
    pub options: Options,
    state: ModuleState,
    ir: Option<IrModule>,
    finalized: Option<Arc<FinalizedProgram>>,
    kernels: BTreeMap<String, Arc<Kernel>>,
    /// The build log: rendered diagnostics, warnings included.
    pub log: String,
    pub num_errors: u32,
}

impl Module {
    /// `Target::createModule`.
    pub fn new(target: Arc<dyn Target>) -> Module {
        Module {
            target,
            options: Options::default(),
            state: ModuleState::Empty,
            ir: None,
            finalized: None,
            kernels: BTreeMap::new(),
            log: String::new(),
            num_errors: 0,
        }
    }

    pub fn state(&self) -> ModuleState {
        self.state
    }

    pub fn target(&self) -> &Arc<dyn Target> {
        &self.target
    }

    /// Parse build options; device options must be ones the target advertises.
    pub fn set_options(&mut self, options: &str) -> Result<()> {
        let specs = self
            .target
            .info()
            .option_specs()
            .map_err(|e| Error::new(ResultCode::InvalidCompilerOptions, e))?;
        self.options = Options::parse(options, &specs)?;
        Ok(())
    }

    /// `clear`: back to an empty module.
    pub fn clear(&mut self) {
        self.state = ModuleState::Empty;
        self.ir = None;
        self.finalized = None;
        self.kernels.clear();
        self.log.clear();
        self.num_errors = 0;
    }

    /// `compileOpenCLC` for one source string (`clCompileProgram`): a link may follow,
    /// so functions may be called here and defined by another module; [`Module::finalize`]
    /// reports those that no linked module defines.
    pub fn compile_opencl_c(
        &mut self,
        device_profile: &str,
        source: &str,
        headers: &[InputHeader],
    ) -> Result<()> {
        let mut sm = SourceMap::new();
        let f = sm.add("<source>", source);
        self.compile_sources(device_profile, sm, &[f], headers)
    }

    /// Compile one or more loaded source files (compiled together as one program, as
    /// `clCreateProgramWithSource` does with several strings), with a link to follow
    /// (`clCompileProgram`), as [`Module::compile_opencl_c`].
    pub fn compile_sources(
        &mut self,
        device_profile: &str,
        sources: SourceMap,
        files: &[kauai_diag::FileId],
        headers: &[InputHeader],
    ) -> Result<()> {
        self.compile_impl(device_profile, sources, files, headers, true)
    }

    /// The compile step of `clBuildProgram`: the sources are the whole program (no link
    /// follows), so a call to a function they never define is reported here, at the call.
    pub fn build_sources(
        &mut self,
        device_profile: &str,
        sources: SourceMap,
        files: &[kauai_diag::FileId],
        headers: &[InputHeader],
    ) -> Result<()> {
        self.compile_impl(device_profile, sources, files, headers, false)
    }

    fn compile_impl(
        &mut self,
        device_profile: &str,
        mut sources: SourceMap,
        files: &[kauai_diag::FileId],
        headers: &[InputHeader],
        compile_only: bool,
    ) -> Result<()> {
        if device_profile != "FULL_PROFILE" && device_profile != "EMBEDDED_PROFILE" {
            return Err(Error::invalid_value(format!(
                "unknown device profile `{device_profile}`"
            )));
        }
        let d = &self.target.info().device_info;
        let mut extensions = d.extensions.clone();
        extensions.sort();
        let o = &self.options;
        let copts = kauai_clc::CompileOptions {
            defines: o.defines.clone(),
            include_dirs: o.include_dirs.clone(),
            extensions,
            data_layout: d.data_layout,
            fp64: d.fp64,
            images: d.images,
            cl_options: kauai_clc::ClOptions {
                fast_relaxed_math: o.fast_relaxed_math,
                finite_math_only: o.finite_math_only,
                mad_enable: o.mad_enable,
                opt_disable: o.opt_disable,
                unsafe_math_optimizations: o.unsafe_math,
                no_signed_zeros: o.no_signed_zeros,
                denorms_are_zero: o.denorms_are_zero,
                single_precision_constant: o.single_precision_constant,
                std: Some(
                    match o.std {
                        crate::ClStd::Cl10 => "CL1.0",
                        crate::ClStd::Cl11 => "CL1.1",
                        crate::ClStd::Cl12 => "CL1.2",
                    }
                    .to_string(),
                ),
                no_warnings: o.no_warnings,
                werror: o.warnings_as_errors,
            },
            compile_only,
            headers: headers
                .iter()
                .map(|h| (h.name.clone(), h.source.clone().into_bytes()))
                .collect(),
        };
        match kauai_clc::compile_opencl_c(&mut sources, files, &copts) {
            Ok((ir, warnings)) => {
                if !self.options.no_warnings {
                    self.log.push_str(&warnings.render(&sources));
                }
                self.ir = Some(ir);
                self.state = ModuleState::Compiled;
                Ok(())
            }
            Err(diags) => {
                self.num_errors += diags.error_count() as u32;
                let text = diags.render(&sources);
                self.log.push_str(&text);
                Err(Error::new(ResultCode::CompileProgramFailure, text))
            }
        }
    }

    /// `compileSPIRV`: translate a SPIR-V module (its words), with the values of its
    /// `SpecId` constants applied now. Words that are not a module Kauai reads
    /// (`isValidSPIRV` false) give `INVALID_VALUE`; a valid module that uses something
    /// not translated yet, or whose OpenCL.std helpers fail to compile, gives
    /// `COMPILE_PROGRAM_FAILURE`. Either way the message goes to the build log.
    pub fn compile_spirv(
        &mut self,
        words: &[u32],
        spec: &kauai_spirv::SpecializationInfo,
    ) -> Result<()> {
        let mut fail = |code: ResultCode, m: String| {
            self.num_errors += 1;
            self.log.push_str(&m);
            self.log.push('\n');
            Err(Error::new(code, m))
        };
        if let Err(e) = kauai_spirv::validate(words) {
            return fail(ResultCode::InvalidValue, format!("invalid SPIR-V: {e}"));
        }
        let d = &self.target.info().device_info;
        let t = match kauai_spirv::translate(words, d.data_layout, spec) {
            Ok(t) => t,
            Err(e) => return fail(ResultCode::CompileProgramFailure, e.to_string()),
        };
        let mut ir = t.module;
        if !t.helper_source.is_empty() {
            // The OpenCL.std instructions: the C front end's own builtins.
            let mut helpers = Module::new(self.target.clone());
            helpers.compile_opencl_c("FULL_PROFILE", &t.helper_source, &[])?;
            let Some(h) = helpers.ir.as_ref() else {
                return fail(ResultCode::CompileProgramFailure, "no helpers".into());
            };
            if let Err(e) = link_into(&mut ir, h) {
                return fail(ResultCode::CompileProgramFailure, e);
            }
        }
        if let Err(e) = kauai_ir::verify_module(&ir) {
            return fail(
                ResultCode::CompileProgramFailure,
                format!("internal error: the translated SPIR-V does not verify:\n{e}"),
            );
        }
        self.ir = Some(ir);
        self.state = ModuleState::Compiled;
        Ok(())
    }

    /// Adopt an IR module directly (IR text input, or a module built by a tool).
    pub fn set_ir(&mut self, ir: IrModule) -> Result<()> {
        kauai_ir::verify_module(&ir)
            .map_err(|e| Error::new(ResultCode::CompileProgramFailure, e.to_string()))?;
        self.ir = Some(ir);
        self.state = ModuleState::Compiled;
        Ok(())
    }

    /// `link`: merge other compiled modules into this one.
    pub fn link(&mut self, inputs: &[&Module]) -> Result<()> {
        let fail = |m: String| Error::new(ResultCode::LinkProgramFailure, m);
        let mut out = match self.ir.take() {
            Some(m) => m,
            None => IrModule::new(self.target.info().device_info.data_layout),
        };
        for input in inputs {
            let Some(src) = &input.ir else {
                return Err(fail(
                    "cannot link a module that holds no compiled program".into(),
                ));
            };
            link_into(&mut out, src).map_err(fail)?;
        }
        kauai_ir::verify_module(&out).map_err(|e| fail(e.to_string()))?;
        self.ir = Some(out);
        self.state = ModuleState::Compiled;
        Ok(())
    }

    /// Mark a linked module as a library: it can be linked again but not finalized.
    pub fn make_library(&mut self) {
        if self.ir.is_some() {
            self.state = ModuleState::Library;
        }
    }

    /// `finalize`: lower to the ComputeMux form and run the target's late passes.
    ///
    /// The program is complete here: a function some module called without defining it
    /// must have been linked in, and no cycle of calls may span the linked modules.
    pub fn finalize(&mut self) -> Result<(ProgramInfo, Vec<PrintfDescriptor>)> {
        let fail = |m: String| Error::new(ResultCode::FinalizeProgramFailure, m);
        if self.state == ModuleState::Library {
            return Err(fail("a library module cannot be finalized".into()));
        }
        let Some(ir) = &self.ir else {
            return Err(fail("nothing to finalize: compile or link first".into()));
        };
        crate::complete::check_complete(ir).map_err(fail)?;
        let mut m = ir.clone();
        let level = if self.options.opt_disable {
            kauai_opt::OptLevel::None
        } else {
            kauai_opt::OptLevel::Default
        };
        kauai_opt::finalize_pipeline(&mut m, level).map_err(|e| fail(e.to_string()))?;
        self.target.late_target_passes(&mut m, &self.options)?;
        kauai_ir::verify_module(&m).map_err(|e| {
            fail(format!(
                "internal error: finalized IR does not verify:\n{e}"
            ))
        })?;
        let info = ProgramInfo::from_module(&m);
        let printf = PrintfDescriptor::from_module(&m);
        let program = FinalizedProgram {
            module: m,
            info: info.clone(),
            options: self.options.clone(),
        };
        self.finalized = Some(Arc::new(program));
        self.kernels.clear();
        self.state = ModuleState::Executable;
        Ok((info, printf))
    }

    pub fn ir(&self) -> Option<&IrModule> {
        self.ir.as_ref()
    }

    pub fn finalized(&self) -> Option<&Arc<FinalizedProgram>> {
        self.finalized.as_ref()
    }

    /// `createBinary`.
    pub fn create_binary(&self) -> Result<Vec<u8>> {
        match &self.finalized {
            Some(p) => self.target.create_binary(p),
            None => Err(Error::new(
                ResultCode::Failure,
                "create_binary needs a finalized module",
            )),
        }
    }

    /// `getKernel`: the deferred kernel of that name, created on first use; `None` when
    /// the compiler does not support deferred compilation.
    pub fn get_kernel(&mut self, name: &str) -> Result<Option<Arc<Kernel>>> {
        if let Some(k) = self.kernels.get(name) {
            return Ok(Some(k.clone()));
        }
        let info = self.target.info().clone();
        if !info.supports_deferred_compilation {
            return Ok(None);
        }
        let Some(program) = &self.finalized else {
            return Err(Error::new(
                ResultCode::Failure,
                "get_kernel needs a finalized module",
            ));
        };
        let Some(kinfo) = program.info.kernel(name) else {
            return Err(Error::invalid_value(format!("no kernel named `{name}`")));
        };
        let preferred = kinfo
            .reqd_work_group_size
            .map(|[x, y, z]| [x as usize, y as usize, z as usize])
            .unwrap_or([1, 1, 1]);
        let local = kinfo.local_memory_size as usize;
        let Some(backend) = self.target.create_kernel(program, name)? else {
            return Ok(None);
        };
        let k = Arc::new(Kernel::new(
            name,
            preferred,
            local,
            info.device_info.clone(),
            backend,
        ));
        self.kernels.insert(name.to_string(), k.clone());
        Ok(Some(k))
    }

    /// `serialize`: the module state as bytes that [`Module::deserialize`] reads back.
    pub fn serialize(&self) -> Vec<u8> {
        let (state, ir) = match (&self.finalized, &self.ir) {
            (Some(p), _) if self.state == ModuleState::Executable => {
                ("executable", Some(&p.module))
            }
            (_, Some(m)) if self.state == ModuleState::Library => ("library", Some(m)),
            (_, Some(m)) => ("compiled", Some(m)),
            _ => ("empty", None),
        };
        let mut out = format!("{MAGIC}\nstate {state}\n");
        if let Some(m) = ir {
            out.push_str(&kauai_ir::module_to_string(m));
        }
        out.into_bytes()
    }

    /// `deserialize`: restore what [`Module::serialize`] wrote; false on bad input.
    pub fn deserialize(&mut self, bytes: &[u8]) -> bool {
        let Ok(text) = std::str::from_utf8(bytes) else {
            return false;
        };
        let Some(rest) = text.strip_prefix(MAGIC).and_then(|r| r.strip_prefix('\n')) else {
            return false;
        };
        let Some((state_line, ir_text)) = rest.split_once('\n') else {
            return false;
        };
        let state = match state_line.strip_prefix("state ") {
            Some("empty") => ModuleState::Empty,
            Some("compiled") => ModuleState::Compiled,
            Some("library") => ModuleState::Library,
            Some("executable") => ModuleState::Executable,
            _ => return false,
        };
        self.clear();
        if state == ModuleState::Empty {
            return ir_text.is_empty();
        }
        let Ok(m) = kauai_ir::parse_str("<serialized module>", ir_text) else {
            return false;
        };
        if kauai_ir::verify_module(&m).is_err() {
            return false;
        }
        if state == ModuleState::Executable {
            let info = ProgramInfo::from_module(&m);
            self.finalized = Some(Arc::new(FinalizedProgram {
                module: m.clone(),
                info,
                options: self.options.clone(),
            }));
        }
        self.ir = Some(m);
        self.state = state;
        true
    }
}

const MAGIC: &str = "KAUAI-MODULE 1";
