//! AMD GPU binary containers, byte for byte as CLRX writes them: the AMD OpenCL 2.0
//! ("CL2") binary that AMD's Catalyst-era OpenCL drivers (and CLRX's `clrxasm`) write,
//! described below; the older AMD Catalyst OpenCL 1.2 binary ([`amd`]); the ROCm code
//! object ([`rocm`]); the Mesa clover (Gallium) binary ([`gallium`]). Each has a model,
//! a writer, and a reader that refuses what it cannot write back byte for byte.
//!
//! # The format, for a newcomer
//!
//! An AMD CL2 binary is an ELF (class 32 or 64, machine 0xAF5A / 0xAF5B, no program
//! headers) whose `e_flags` is a GPU device code that depends on the driver version
//! ([`Device::code`]). Its sections, in order:
//!
//! * `.shstrtab`, `.strtab`, `.symtab`: names and symbols; every symbol is local and
//!   names a blob (`__OpenCL_&__OpenCL_<kernel>_kernel_metadata`, ...);
//! * `.comment`: the compile options immediately followed by the ACL version string;
//! * `.rodata`: one metadata blob per kernel (argument names, types, sizes, flags);
//! * `.text`: for drivers >= 191205 an inner HSA ELF (always ELF64) holding notes, the
//!   global data sections, `.hsatext` (per kernel a 256-byte setup, the
//!   `amd_kernel_code_t`, followed by the code), symbols and relocations; for older
//!   drivers per kernel a 0xA60-byte stub, the setup and the code;
//! * extra sections such as `.brig`, carried through.
//!
//! Three layouts ([`Layout`]) follow the driver version: old (< 191205), 1912
//! (191205..200405) and 16.3 (>= 200406).
//!
//! # Using it
//!
//! Fill a [`Cl2Input`] (device, driver version, kernels with code and either raw
//! blobs or a [`KernelConfig`]) and call [`write_cl2`]. [`read_cl2`] gives back a
//! [`Cl2Binary`] whose `input` holds every blob raw, so `write_cl2(&read_cl2(b)?.input)`
//! reproduces `b`. [`derive_config`] turns a kernel's raw metadata and setup into a
//! [`KernelConfig`] that generates the same bytes (a disassembler's `-C` form), or says
//! why it cannot.
//!
//! # Limits
//!
//! * The reader accepts the layouts this writer (and CLRX) produce; files laid out
//!   otherwise (kernels not at consecutive 256-byte boundaries, inner symbols in
//!   another order, unknown device codes) are refused with "not supported yet" rather
//!   than read approximately. Binaries written by AMD's own drivers read when they
//!   follow that layout, but their random 1912 note values and `.brig` symbol placement
//!   are regenerated the CLRX way, so they do not always write back byte for byte.
//! * CLRX's "HSA layout" (one `.hsatext` blob with explicit kernel offsets) is not
//!   modelled.
//! * Raw setups and stubs must describe their own extent (the stub's first word is its
//!   size; a setup's `kernel_code_entry_byte_offset` its size, or it is 256 bytes), so
//!   that a reader can split them; CLRX also writes shorter, unreadable blobs.
//!
//! The ELF writing is hand-written ([`elf`]) rather than built on the `object` crate:
//! byte equality with CLRX needs its exact region order, alignment padding, address
//! counting from a chosen section and symbol-table quirks (no null symbol and no
//! leading NUL in the 1912 inner string table), which a general ELF writer does not
//! lay out.

pub mod amd;
pub mod config;
mod derive;
pub mod device;
pub mod elf;
pub mod gallium;
pub mod gen;
pub mod limits;
pub mod model;
pub mod props;
mod reader;
pub mod rocm;
mod writer;

pub use config::{
    AddressSpace, ArgKind, Dims, Elem, HsaConfig, ImageAccess, ImageType, KernelArg, KernelConfig,
    Pointee, ValueType,
};
pub use device::{device_code, device_from_code, driver_range, Device, GpuArch, DEVICES};
pub use model::{
    Cl2Binary, Cl2Input, Cl2KernelInput, CodeReloc, ExtraSection, ExtraSymbol, HsaCode,
    InnerSection, KernelContent, Layout, RawKernel, RelocKind, RelocTarget, SamplerInit,
};

use thiserror::Error;

/// Why a binary could not be written, read or turned into a configuration.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum Cl2Error {
    /// The ELF container itself is broken.
    #[error(transparent)]
    Elf(#[from] elf::ElfError),
    /// An ELF, but not an AMD CL2 binary.
    #[error("not an AMD OpenCL 2.0 binary: {0}")]
    NotCl2(String),
    /// An AMD CL2 binary with inconsistent content.
    #[error("malformed AMD CL2 binary: {0}")]
    Malformed(String),
    /// The writer's input breaks a rule of the format.
    #[error("{0}")]
    Invalid(String),
    /// The writer's input for kernel `kernel` (an index into `Cl2Input::kernels`)
    /// breaks a rule of the format: an assembler points at that kernel.
    #[error("{msg}")]
    InKernel { kernel: usize, msg: String },
    /// Raw metadata or setup that no configuration reproduces.
    #[error("cannot express as a configuration: {0}")]
    NotDerivable(String),
    /// A part of the format not built yet.
    #[error("not supported yet: {0}")]
    Unsupported(String),
}

/// Where `written` first differs from `bytes` (the shorter one's length when one is
/// the other's start), `None` when they are the same: the readers that accept only
/// what their writer reproduces name that offset, to find the field.
pub(crate) fn first_difference(written: &[u8], bytes: &[u8]) -> Option<usize> {
    (written != bytes).then(|| {
        written
            .iter()
            .zip(bytes)
            .position(|(x, y)| x != y)
            .unwrap_or(written.len().min(bytes.len()))
    })
}

/// Write an AMD CL2 binary.
pub fn write_cl2(input: &Cl2Input) -> Result<Vec<u8>, Cl2Error> {
    writer::write_cl2(input)
}

/// Read an AMD CL2 binary; every kernel comes back in [`KernelContent::Raw`] form.
pub fn read_cl2(bytes: &[u8]) -> Result<Cl2Binary, Cl2Error> {
    reader::read_cl2(bytes)
}

/// The configuration that generates kernel `index`'s raw metadata and setup exactly
/// (what cannot be derived, such as extra PGMRSRC bits, is kept in the configuration's
/// raw fields, or the whole setup in [`KernelConfig::hsa`]).
pub fn derive_config(input: &Cl2Input, index: usize) -> Result<KernelConfig, Cl2Error> {
    derive::derive_config(input, index)
}
