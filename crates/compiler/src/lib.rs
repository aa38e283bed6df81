//! The ComputeMux compiler API (docs/spec/computemux.md), in Rust.
//!
//! The shapes follow ComputeMux's, translated to Rust ownership:
//!
//! - [`Info`] describes one compiler configuration for one device (device facts,
//!   `supports_deferred_compilation`, `compilation_options`, `vectorizable`, ...) and
//!   creates [`Target`]s. A [`Registry`] lists the infos a program can choose from.
//! - A [`Target`] is the compiler for one device: ComputeMux's `BaseTarget` plus the hooks a
//!   `BaseModule` subclass implements (`getLateTargetPasses`, `createBinary`,
//!   `createKernel`).
//! - [`Module`] is ComputeMux's `BaseModule`: it drives compilation (OpenCL C through our
//!   front end), linking and finalization (the ComputeMux passes of `kauai-opt`, then the
//!   target's late passes), and hands out deferred [`Kernel`]s.
//! - [`Kernel`] is `BaseKernel`: the argument rules of docs/spec/computemux.md#kernel are checked here, once,
//!   before the target's [`KernelBackend`] sees a call.
//!
//! Every fallible call returns [`Result`], whose error carries a [`ResultCode`] named as in
//! ComputeMux (docs/spec/computemux.md#result-codes: `INVALID_VALUE`, `FEATURE_UNSUPPORTED`, `FINALIZE_PROGRAM_FAILURE`, ...).

#![forbid(unsafe_code)]

/// A tiny bitflags: enough for one capability set without another dependency.
macro_rules! bitflags_lite {
    ($(#[$m:meta])* $name:ident { $($flag:ident = $v:expr),* $(,)? }) => {
        $(#[$m])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
        pub struct $name(pub u32);
        impl $name {
            $(pub const $flag: $name = $name($v);)*
            pub fn contains(self, other: $name) -> bool { self.0 & other.0 == other.0 }
        }
        impl std::ops::BitOr for $name {
            type Output = $name;
            fn bitor(self, o: $name) -> $name { $name(self.0 | o.0) }
        }
        impl std::ops::BitOrAssign for $name {
            fn bitor_assign(&mut self, o: $name) { self.0 |= o.0 }
        }
    };
}

mod complete;
mod kernel;
mod link;
mod module;
pub mod options;
mod program_info;
mod result;

use std::sync::{Arc, Mutex, MutexGuard};

pub use kernel::{DescriptorInfo, DescriptorKind, Kernel, KernelBackend, NdRangeOptions};
pub use module::{FinalizedProgram, InputHeader, Module, ModuleState};
pub use options::{parse_compilation_options, ClStd, OptionSpec, Options};
pub use program_info::{ArgInfo, ArgKind, KernelInfo, PrintfDescriptor, ProgramInfo};
pub use result::{Error, Result, ResultCode};

use kauai_ir::DataLayout;

/// What the compiler needs to know about the device (ComputeMux's `mux_device_info_t`,
/// reduced to the facts compilation depends on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceInfo {
    pub name: String,
    pub vendor: String,
    pub data_layout: DataLayout,
    pub compute_units: u32,
    pub max_work_group_size: u64,
    pub max_work_item_sizes: [u64; 3],
    /// The widest number of work-items run together (the vector width).
    pub max_work_width: u32,
    pub local_mem_size: u64,
    /// Sub-group sizes the device supports; empty when it has no sub-groups.
    pub sub_group_sizes: Vec<u32>,
    pub fp64: bool,
    pub fp16: bool,
    pub images: bool,
    /// OpenCL extension names, each also defined as a macro for kernels.
    pub extensions: Vec<String>,
    /// Nonzero if the device accepts custom-buffer descriptors.
    pub custom_buffer_capabilities: u32,
}

bitflags_lite! {
    /// Builtin capabilities (ComputeMux's `builtins::file::capabilities_bitfield`).
    BuiltinCapabilities {
        BITS32 = 1 << 0,
        BITS64 = 1 << 1,
        FP64 = 1 << 2,
        FP16 = 1 << 3,
    }
}

/// A compiler configuration for one device.
pub struct Info {
    pub device_info: DeviceInfo,
    /// True if this compiler implements deferred kernels ([`Module::get_kernel`]).
    pub supports_deferred_compilation: bool,
    /// Semicolon-separated `name,[1|0],help` tuples; see [`parse_compilation_options`].
    pub compilation_options: String,
    pub vectorizable: bool,
    pub dma_optimizable: bool,
    pub scalable_vector_support: bool,
    /// Makes this compiler's targets.
    pub factory: fn(Arc<Info>) -> Result<Box<dyn Target>>,
}

impl std::fmt::Debug for Info {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Info")
            .field("device", &self.device_info.name)
            .finish()
    }
}

impl Info {
    /// `Info::createTarget`: a target bound to `context`.
    pub fn create_target(self: &Arc<Info>, _context: &Context) -> Result<Box<dyn Target>> {
        (self.factory)(self.clone())
    }

    /// `Info::getBuiltinCapabilities`, derived from the device facts.
    pub fn builtin_capabilities(&self) -> BuiltinCapabilities {
        let d = &self.device_info;
        let mut caps = if d.data_layout.pointer_bytes == 8 {
            BuiltinCapabilities::BITS64
        } else {
            BuiltinCapabilities::BITS32
        };
        if d.fp64 {
            caps |= BuiltinCapabilities::FP64;
        }
        if d.fp16 {
            caps |= BuiltinCapabilities::FP16;
        }
        caps
    }

    /// The device options, validated against the syntax of docs/spec/computemux.md#info.
    pub fn option_specs(&self) -> std::result::Result<Vec<OptionSpec>, String> {
        parse_compilation_options(&self.compilation_options)
    }
}

/// ComputeMux's `Context`: guards compiler state that must not be used concurrently.
/// Kauai's compiler has no global state, so the lock only serializes callers that ask.
#[derive(Debug, Default)]
pub struct Context {
    lock: Mutex<()>,
}

impl Context {
    pub fn new() -> Context {
        Context::default()
    }

    pub fn lock(&self) -> MutexGuard<'_, ()> {
        self.lock.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn try_lock(&self) -> Option<MutexGuard<'_, ()>> {
        self.lock.try_lock().ok()
    }

    /// `isValidSPIRV`: would `compileSPIRV` read this module (the checks of
    /// `kauai_spirv::validate`: layout, version, capabilities, models)?
    pub fn is_valid_spirv(&self, code: &[u32]) -> bool {
        kauai_spirv::is_valid_spirv(code)
    }

    /// `getSpecializableConstants`: each `SpecId` of the module and the size in bytes
    /// its value takes, or why the module cannot be read.
    pub fn get_specializable_constants(
        &self,
        code: &[u32],
    ) -> std::result::Result<std::collections::BTreeMap<u32, u32>, String> {
        kauai_spirv::specializable_constants(code).map_err(|e| e.to_string())
    }
}

/// A compiler for one device.
pub trait Target: Send + Sync {
    fn info(&self) -> &Arc<Info>;

    /// `initWithBuiltins`: Kauai's builtins live in the front end and the executor, so
    /// a target only takes note of an optional extra builtin module.
    fn init_with_builtins(&mut self, _builtins: Option<kauai_ir::Module>) -> Result<()> {
        Ok(())
    }

    /// `getLateTargetPasses`: target passes at the end of finalize.
    fn late_target_passes(&self, _module: &mut kauai_ir::Module, _options: &Options) -> Result<()> {
        Ok(())
    }

    /// `createBinary`: the executable form of a finalized program.
    fn create_binary(&self, program: &FinalizedProgram) -> Result<Vec<u8>>;

    /// `createKernel`: a deferred kernel, or `None` without deferred compilation.
    fn create_kernel(
        &self,
        program: &Arc<FinalizedProgram>,
        name: &str,
    ) -> Result<Option<Box<dyn KernelBackend>>>;
}

/// The compilers a program can pick from, by device name.
#[derive(Default)]
pub struct Registry {
    infos: Vec<Arc<Info>>,
}

impl Registry {
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Register a compiler (ComputeMux's `AddCompilerFn`).
    pub fn add(&mut self, info: Arc<Info>) {
        self.infos.push(info);
    }

    pub fn find(&self, device_name: &str) -> Option<&Arc<Info>> {
        self.infos
            .iter()
            .find(|i| i.device_info.name == device_name)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Arc<Info>> {
        self.infos.iter()
    }
}
