//! The AMD Catalyst OpenCL 1.2 binary (`clrxasm -b amd`), byte for byte as CLRX
//! writes it.
//!
//! # The format, for a newcomer
//!
//! An outer ELF (class 32 or 64 = the 64-bit ABI; `e_machine` is the GPU device code,
//! [`crate::Device::amd_codes`]) with the sections `.shstrtab`, `.strtab`, `.symtab`,
//! `.rodata`, `.text` and `.comment`:
//!
//! * `.comment`: the compile options, then the driver-info text ("@(#) OpenCL 1.2
//!   AMD-APP (M.m) ..."), from which readers take the driver version;
//! * `.rodata`: the constant global data (symbol `__OpenCL_0_global`, `_2_` before
//!   driver 1348.05), then per kernel its metadata text (`__OpenCL_K_metadata`:
//!   `;ARGSTART:`, argument lines, resource ids, `;ARGEND:`) and a 32-byte header
//!   (`__OpenCL_K_header`);
//! * `.text`: per kernel an inner ELF32 (`__OpenCL_K_kernel`, OS/ABI 0x64, machine
//!   0x7D) holding a CAL encoding entry, "ATI CAL" notes (PROGINFO with register counts,
//!   user data and PGM_RSRC2; UAVs; constant buffers; samplers; ...), the code in
//!   `.text` and a `.data` section (4736 zero bytes by default).
//!
//! The metadata, header and notes are either given raw or generated from an
//! [`AmdKernelConfig`]; what is generated depends on the driver version (thresholds
//! 1124.02, 1348.05, 1598.05, 1642.05).
//!
//! # Using it
//!
//! Fill an [`AmdInput`] and call [`write_amd`]; [`read_amd`] gives back an input
//! (kernels raw) that writes the same bytes, and refuses any file it could not
//! reproduce; [`derive_config`] turns a raw kernel into the configuration that
//! generates the same blobs (a disassembler's `-C` form), or says why it cannot.

mod derive;
mod gen;
pub mod model;
mod reader;
mod writer;

pub use derive::derive_config;
pub use model::{
    note, version_from_info, AmdArg, AmdArgKind, AmdDriver, AmdInput, AmdKernelConfig,
    AmdKernelContent, AmdKernelInput, AmdRawKernel, CalNote, UserData, USER_DATA_CLASSES,
};
pub use reader::read_amd;
pub use writer::{write_amd, DEFAULT_DATA_SIZE};

use thiserror::Error;

/// Why an AMD OpenCL 1.2 binary could not be written or read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum AmdError {
    #[error(transparent)]
    Elf(#[from] crate::elf::ElfError),
    /// An ELF, but not an AMD OpenCL 1.2 binary.
    #[error("not an AMD OpenCL 1.2 binary: {0}")]
    NotAmd(String),
    #[error("malformed AMD OpenCL 1.2 binary: {0}")]
    Malformed(String),
    /// The writer's input breaks a rule of the format.
    #[error("{0}")]
    Invalid(String),
    /// The writer's input for kernel `kernel` breaks a rule of the format.
    #[error("{msg}")]
    InKernel { kernel: usize, msg: String },
    /// Raw blobs that no configuration reproduces.
    #[error("cannot express as a configuration: {0}")]
    NotDerivable(String),
    #[error("not supported yet: {0}")]
    Unsupported(String),
}
