//! The runtime: one API over Kauai's devices.
//!
//! A [`Device`] wraps a compiler [`Info`](kauai_compiler::Info) and an [`Executor`]:
//!
//! - `host`, the default: the host CPU runs finalized IR in the reference interpreter of
//!   `kauai-host`;
//! - `kauai:<mcpu>` (`kauai:cypress`, `kauai:rv770`, ... the `-mcpu` list of docs/spec/amd-runtime-abi.md):
//!   the `kauai` emulator runs AMD IL under the AMD runtime ABI, with that GPU's limits.
//!
//! A [`Program`] is built for one device from OpenCL C sources ([`Program::build`]),
//! from IR ([`Program::from_ir`]) or, on a `kauai:` device, from AMD IL text with its
//! compiler metadata ([`Program::from_il`]). Either way it lists its kernels as
//! [`KernelInfo`](kauai_compiler::KernelInfo)s (for IL, read from the `;value` /
//! `;pointer` metadata lines), so a [`Kernel`] binds arguments by index or name the same
//! way on every device; [`enqueue`] validates the launch like `clEnqueueNDRangeKernel`
//! in OpenCL 1.2 and runs it. On a `kauai:` device the runtime places buffers in the
//! emulator's global (UAV) memory, fills cb1 from the metadata, gives `__local`
//! pointers LDS after the compiler's own local memory, and decodes the printf buffer into
//! [`RunStats::printf`]; faults name the kernel, the work-item, the IL instruction and
//! its line.
//!
//! [`oclc`] implements the oneAPI Construction Kit's `oclc` command grammar on top of this
//! API; the `kauai oclc` command and the run-tests of `filetests/` both use it. [`sim`]
//! reads the `.sim` files of Oclgrind's `oclgrind-kernel` (`kauai sim`).

#![forbid(unsafe_code)]

mod device;
mod error;
mod host_target;
mod il;
mod il_probe;
mod kernel;
pub mod limits;
pub mod oclc;
mod program;
mod separate;
pub mod sim;

pub use device::{Device, Executor, DEFAULT_IL_DEVICE};
pub use error::RuntimeError;
pub use host_target::host_info;
pub use il::PRINTF_BUFFER_BYTES;
pub use il_probe::probe_il;
pub use kauai_host::{
    Access, Buffer, Checks, ExecError, ExecOptions, Finding, RunStats, CHECKS_VAR, CHECK_LOG_VAR,
};
pub use kernel::{enqueue, Kernel, KernelArg, NdRangeSpec};
pub use program::{
    compile_to_ir, is_il_source, is_ir_source, is_spirv_source, parse_ir, Program, SourceFile,
};
pub use separate::{compile_object, link_objects, CompiledObject};
