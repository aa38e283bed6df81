//! # kauai-amdil-gen: the `amdil` compiler target
//!
//! This crate turns a finalized Kauai IR module (the output of `kauai-opt`'s finalize
//! pipeline: `__mux_*` builtins, numbered barriers) into an AMD IL program with the
//! compiler metadata of docs/spec/amd-runtime-abi.md, for one of the TeraScale GPUs its `-mcpu`
//! list names (rv710 … cayman, plus `kauai`, the emulator, and `test`).
//!
//! What comes out is what the historical AMD OpenCL compiler handed to the runtime: one
//! text holding a `main` with the `;$$$$$$$$$$` link point, then for every kernel a
//! wrapper function that copies the arguments from constant buffer 1 into registers and
//! calls the kernel's body, each function followed by its `;ARGSTART`…`;ARGEND` metadata
//! block, and the `__constant` data as a `;#DATASTART` segment. The runtime (or
//! [`kauai_amdil::link()`]) cuts one kernel out and runs it.
//!
//! Inside, per function: the control-flow graph becomes IL's structured flow control
//! (`structurize`: loops, `if`/`else`, `switch`; irreducible graphs are refused), then
//! every instruction becomes IL instructions on registers that the value owns alone
//! (`func`: memory by address space and GPU family, 64-bit values on `.xy` pairs, math
//! as instructions, inline sequences or embedded macros, `printf` records). The program
//! generator (`program`) lays out private and local memory, the data segment, the
//! wrappers' cb1 argument copies and the metadata. Every line is made by
//! [`kauai_amdil::build`] (opcodes as types, so operand counts are checked when this
//! crate compiles) into a [`kauai_amdil::Program`], printed by `kauai_amdil`'s printer. `ARCHITECTURE.md` ("The amdil
//! target") records the decisions where AMD's 2009 ABI text and the historical backend disagree (also docs/spec/amd-runtime-abi.md#where-kauai-departs-from-the-2009-text).
//!
//! Entry points:
//! - [`TargetOptions`] parses `-mcpu` and `-mattr` with the validity rules of docs/spec/amd-runtime-abi.md#devices--mcpu-and-features--mattr
//!   (`help` for either gives the list as [`OptionsError::Help`]); [`mcpu_help`] and
//!   [`mattr_help`] are those texts.
//! - [`generate`] translates a finalized module (32-bit pointers) to IL text.
//! - [`target_info`] registers the target with the ComputeMux compiler API as device
//!   `kauai:<mcpu>` (features through the build option `--mattr=<list>`); its binaries
//!   are the IL text, and a program whose metadata carries `;error:` fails to build.

#![forbid(unsafe_code)]

mod dmath;
mod func;
mod il;
pub mod images;
pub mod options;
mod program;
mod structurize;
mod target;

pub use options::{
    find_device, mattr_help, mcpu_help, Device, Family, OptionsError, TargetOptions, DEVICES,
};
pub use target::{target_info, DEVICE_PREFIX, MATTR_OPTION};

use thiserror::Error;

/// Why a module could not be translated.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum GenError {
    /// Something the target does not translate yet; the message names it.
    #[error("not supported yet: {0}")]
    Unsupported(String),
    /// Control flow that IL's structured constructs cannot express.
    #[error("function `{func}`: irreducible control flow (the edge from {from} to {to} enters a loop other than through its header); IL flow control must be structured")]
    Irreducible {
        func: String,
        from: String,
        to: String,
    },
    /// The input breaks a rule of finalized IR (a bug in an earlier stage).
    #[error("invalid input: {0}")]
    Invalid(String),
}

/// Translate a finalized module into an IL program for `opts`.
pub fn generate(module: &kauai_ir::Module, opts: &TargetOptions) -> Result<String, GenError> {
    program::generate(module, opts)
}

/// The `;error:` lines of every metadata block of `il`, as `name: message`.
pub fn metadata_errors(il: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut block = "";
    for line in il.lines() {
        if let Some(n) = line.strip_prefix(";ARGSTART:") {
            block = n;
        } else if let Some(m) = line.strip_prefix(";error:") {
            out.push(format!("{block}: {m}"));
        }
    }
    out
}
