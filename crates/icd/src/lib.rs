//! `libkauai_opencl.so`: an OpenCL 1.2 platform over Kauai's devices, loaded through the
//! ICD loader (`libOpenCL.so.1`) by any OpenCL application.
//!
//! The platform `Kauai` exposes the host CPU (`CL_DEVICE_TYPE_CPU`) and the `kauai:<mcpu>`
//! AMD IL emulator devices (`CL_DEVICE_TYPE_GPU`); `KAUAI_DEVICES=host,cypress,...`
//! chooses which. All computation is `kauai-runtime`'s: this crate translates handles,
//! arguments and error codes.
//!
//! - `ffi`: the C entry points and the ICD dispatch table; the only `unsafe` code.
//! - `api`: the entry points' logic over Rust types, with the specification's errors;
//!   `images`: the same for images and samplers (host device only).
//! - `registry`: live objects by handle (validation without dereferencing).
//! - `objects`, `platform`: the objects; `queue`: one worker thread per command queue;
//!   `link`: `clCompileProgram`/`clLinkProgram`; `value`: `clGet*Info` results;
//!   `limits`: what the API accepts.
//! - `props` (in `ffi`): the C API's robustness property, run by the `icd_api` fuzz
//!   target and `tests/it/api_props.rs`.

mod api;
mod api_checks;
mod ffi;
mod images;
mod limits;
mod link;
mod objects;
mod platform;
mod queue;
mod registry;
mod value;

pub use api::{binaries_hold, binary_of, decode_binary, encode_binary, Binary, Code, CodeKind};
pub use ffi::props;
pub use platform::{DEFAULT_DEVICES, PLATFORM_VERSION};
