//! The Gallium (Mesa clover) binary for GCN (CLRX `-b gallium`), written byte for
//! byte as CLRX writes it.
//!
//! # The format, for a newcomer
//!
//! Clover serialises a program as a little-endian list, not an ELF:
//!
//! * `u32` kernel count, then per kernel (sorted by name): `u32` name length, the name,
//!   `u32` section id (0), `u32` offset of the kernel in the code, `u32` argument
//!   count and per argument six `u32`: type ([`ARG_TYPES`]), size, target size,
//!   target alignment, sign extension (0 zext, 1 sext), semantic
//!   ([`ARG_SEMANTICS`]);
//! * `u32` section count (1), then the section: `u32` id 0, `u32` type (0; 2 =
//!   "text executable" for Mesa 17 and later), `u32` size, `u32` size + 4, `u32`
//!   size again and the section's bytes: an inner ELF (class 32 or 64, `ET_REL`).
//!   (The section type 2 comes with Mesa 17: clrxasm `-t 170200` writes it and
//!   clrxdisasm reads it back as 170000, so the threshold is taken as 170000.)
//!
//! The inner ELF holds `.text` (all kernels' code; with LLVM 4.0 and later each
//! kernel starts with its 256-byte `amd_kernel_code_t`), empty `.data` and `.bss`,
//! `.AMDGPU.config` (per kernel, by name, pairs of `u32` register address and value:
//! COMPUTE_PGM_RSRC1 0xB848, RSRC2 0xB84C, the scratch size 0xB860 and, for LLVM 3.9
//! and later, spilled SGPRs 4 and VGPRs 8), `.rodata` (global data, if any),
//! `.comment`, `.note.GNU-stack`, `.shstrtab`, the section headers, `.symtab`
//! (`EndOfTextLabel`, one symbol per section, the kernels) and `.strtab`. For Mesa
//! 17 and later the inner ELF says OS ABI 0x40 (HSA) and machine 0xE0 (AMDGPU).
//!
//! # Limits
//!
//! Only CLRX's layout: no extra sections, one code section. The reader refuses other
//! files ("not supported yet") instead of reading them approximately; everything it
//! reads writes back byte for byte.

mod reader;
mod writer;

use thiserror::Error;

/// Why a Gallium binary could not be written or read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum GalliumError {
    #[error(transparent)]
    Elf(#[from] crate::elf::ElfError),
    #[error("not a Gallium binary: {0}")]
    NotGallium(String),
    #[error("malformed Gallium binary: {0}")]
    Malformed(String),
    #[error("{0}")]
    Invalid(String),
    #[error("not supported yet: {0}")]
    Unsupported(String),
}

/// Clover argument types, by their code (CLRX `.arg` names).
pub const ARG_TYPES: &[&str] = &[
    "scalar",
    "constant",
    "global",
    "local",
    "image2d_rd",
    "image2d_wr",
    "image3d_rd",
    "image3d_wr",
    "sampler",
];

/// Clover argument semantics, by their code.
pub const ARG_SEMANTICS: &[&str] = &["general", "griddim", "gridoffset", "imgsize", "imgformat"];

/// One kernel argument, as clover stores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GalliumArg {
    /// Index into [`ARG_TYPES`].
    pub arg_type: u32,
    pub size: u32,
    pub target_size: u32,
    pub target_align: u32,
    pub sign_extended: bool,
    /// Index into [`ARG_SEMANTICS`].
    pub semantic: u32,
}

/// A kernel: its name, place in the code, arguments and `.AMDGPU.config` entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GalliumKernel {
    pub name: String,
    pub offset: u32,
    pub args: Vec<GalliumArg>,
    /// (register address, value) pairs, as written (CLRX `.proginfo`/`.entry`).
    pub proginfo: Vec<(u32, u32)>,
}

/// Everything a Gallium binary holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GalliumInput {
    /// ELF64 inner binary (`-6`).
    pub is64: bool,
    /// Mesa version (major * 10000 + minor * 100 + patch; 0 = unknown, older): from
    /// 170000 the section type is 2 and the inner ELF names the HSA ABI (the reader
    /// gives 170000 or 0).
    pub mesa_version: u32,
    /// Global data (`.rodata`); `None` = no such section.
    pub global_data: Option<Vec<u8>>,
    /// The whole `.text`.
    pub code: Vec<u8>,
    /// Kernels; written sorted by name (clover looks them up so).
    pub kernels: Vec<GalliumKernel>,
}

/// What CLRX writes into `.comment` (no terminating NUL).
pub const COMMENT: &str = "CLRX GalliumBinGenerator 0.1.9";

/// Write a Gallium binary.
pub fn write_gallium(input: &GalliumInput) -> Result<Vec<u8>, GalliumError> {
    writer::write_gallium(input)
}

/// Read a Gallium binary written in CLRX's layout (kernels come back sorted by name).
pub fn read_gallium(bytes: &[u8]) -> Result<GalliumInput, GalliumError> {
    reader::read_gallium(bytes)
}

/// The reader's robustness property, shared by the fuzz target
/// (`fuzz/fuzz_targets/amdbin_read_gallium.rs`) and the property test: reading never
/// panics, and whatever reads writes back to the same bytes and reads again equal.
#[doc(hidden)]
pub fn read_write_holds(data: &[u8]) {
    let Ok(input) = read_gallium(data) else {
        return;
    };
    let again = write_gallium(&input).expect("what reads writes");
    assert!(again == data, "read then write changed the bytes");
    assert_eq!(
        read_gallium(&again).as_ref(),
        Ok(&input),
        "second read differs"
    );
}
