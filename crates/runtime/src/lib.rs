//! The runtime: one API over Kauai's devices.
//!
//! A [`Device`] wraps a compiler [`Info`](kauai_compiler::Info) and an executor. Today the
//! device is the host CPU (the reference interpreter of `kauai-host`); the `kauai:<mcpu>`
//! IL-emulator devices plug in the same way. A [`Program`] is built from OpenCL C
//! sources for one device; a [`Kernel`] binds arguments by index or name; [`enqueue`]
//! validates the launch like `clEnqueueNDRangeKernel` in OpenCL 1.2 and runs it.
//!
//! [`oclc`] implements the oneAPI Construction Kit's `oclc` command grammar on top of this
//! API; the `kauai oclc` command and the run-tests of `filetests/` both use it.

#![forbid(unsafe_code)]

mod device;
mod error;
mod host_target;
mod kernel;
pub mod oclc;
mod program;

pub use device::Device;
pub use error::RuntimeError;
pub use host_target::host_info;
pub use kauai_host::{Buffer, ExecOptions, RunStats};
pub use kernel::{enqueue, Kernel, KernelArg, NdRangeSpec};
pub use program::{compile_to_ir, Program, SourceFile};
