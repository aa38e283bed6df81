//! The ROCm code object (CLRX `-b rocm`): an ELF64 shared object for the AMD HSA
//! runtime, written byte for byte as CLRX writes it.
//!
//! # The format, for a newcomer
//!
//! A ROCm code object is an ELF64 (machine 0xE0 `EM_AMDGPU`, OS ABI 0x40 HSA, type
//! `ET_DYN`) laid out like a tiny shared library:
//!
//! * program headers: PHDR, three LOADs (read-only data, code, `.dynamic`), DYNAMIC,
//!   GNU_RELRO, GNU_STACK (and NOTE in the newer layout);
//! * `.rodata` (the global data, if any), `.dynsym`/`.hash`/`.dynstr` (one global
//!   symbol of type 10, `STT_AMDGPU_HSA_KERNEL`, per kernel), all in the first page;
//! * `.text` on its own page: every kernel is a 256-byte `amd_kernel_code_t` (see
//!   [`crate::HsaConfig`]) followed by its code; a kernel symbol points at its
//!   descriptor;
//! * `.dynamic` on the next page (SYMTAB, SYMENT, STRTAB, STRSZ, HASH, NULL);
//! * `.note` with three "AMD" notes: the code object version (2.1), the ISA version
//!   (vendor "AMD", architecture "AMDGPU", major.minor.stepping) and the runtime
//!   metadata ([`metadata`]: YAML text, `Version: [ 1, 0 ]`);
//! * `.comment`, `.symtab` (`_DYNAMIC` and the kernels), `.shstrtab`, `.strtab`.
//!
//! The older layout ([`RocmInput::new_format`] false) puts `.note` after `.dynamic`
//! with an empty `.AMDGPU.config`; the newer one (`--newROCmBinFormat`) puts `.note`
//! first, maps it with a NOTE program header, sets `e_entry` to the code's address
//! and `e_flags` (CLRX writes 2 unless told otherwise).
//!
//! # Limits
//!
//! Only what CLRX writes: no extra sections, no GOT, no global-data symbols, no
//! msgpack (code object v3) metadata. The reader accepts binaries of this layout and
//! refuses others with "not supported yet" rather than reading them approximately.

pub mod metadata;
mod reader;
mod writer;

use thiserror::Error;

pub use metadata::{ArgMd, KernelMd, RocmMetadata};

/// Why a ROCm binary could not be written or read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RocmError {
    /// The ELF container itself is broken.
    #[error(transparent)]
    Elf(#[from] crate::elf::ElfError),
    /// An ELF, but not a ROCm code object.
    #[error("not a ROCm code object: {0}")]
    NotRocm(String),
    /// A ROCm code object with inconsistent content.
    #[error("malformed ROCm code object: {0}")]
    Malformed(String),
    /// The writer's input breaks a rule of the format.
    #[error("{0}")]
    Invalid(String),
    /// A part of the format not built yet.
    #[error("not supported yet: {0}")]
    Unsupported(String),
}

/// A kernel: its name and where its `amd_kernel_code_t` starts in the code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RocmKernel {
    pub name: String,
    /// Offset in [`RocmInput::code`]; a multiple of 256 is what the runtime expects.
    pub offset: u64,
}

/// Everything a ROCm code object holds (what [`write_rocm`] takes and [`read_rocm`]
/// gives back).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RocmInput {
    /// ISA version of the note (and of a kernel descriptor's `.machine`): major
    /// (7 = GCN 1.1, 8 = GCN 1.2, 9 = GCN 1.4), minor, stepping.
    pub isa: (u32, u32, u32),
    /// The newer layout (`--newROCmBinFormat`).
    pub new_format: bool,
    /// `e_flags`.
    pub eflags: u32,
    /// Global data (`.rodata`); `None` = no such section.
    pub global_data: Option<Vec<u8>>,
    /// The whole `.text`: kernel descriptors and code.
    pub code: Vec<u8>,
    pub kernels: Vec<RocmKernel>,
    /// The metadata note's text, as written (normally [`RocmMetadata::to_yaml`]).
    pub metadata: Vec<u8>,
}

impl RocmInput {
    /// An empty object for ISA `isa` in the older layout.
    pub fn new(isa: (u32, u32, u32)) -> RocmInput {
        RocmInput {
            isa,
            new_format: false,
            eflags: 0,
            global_data: None,
            code: Vec::new(),
            kernels: Vec::new(),
            metadata: Vec::new(),
        }
    }
}

/// `e_machine` of AMD GPU code objects.
pub const EM_AMDGPU: u16 = 0xE0;
/// `EI_OSABI` of HSA code objects.
pub const ELFOSABI_AMDGPU_HSA: u8 = 0x40;
/// Symbol type of a kernel.
pub const STT_AMDGPU_HSA_KERNEL: u8 = 10;
/// What CLRX writes into `.comment` (no terminating NUL).
pub const COMMENT: &str = "CLRX ROCmBinGenerator 0.1.9";

/// Write a ROCm code object.
pub fn write_rocm(input: &RocmInput) -> Result<Vec<u8>, RocmError> {
    writer::write_rocm(input)
}

/// Read a ROCm code object written in CLRX's layout.
pub fn read_rocm(bytes: &[u8]) -> Result<RocmInput, RocmError> {
    reader::read_rocm(bytes)
}

/// Is this (by its header) a ROCm code object rather than another AMD container?
pub fn is_rocm(bytes: &[u8]) -> bool {
    bytes.len() >= 20
        && &bytes[..4] == b"\x7fELF"
        && bytes[4] == 2
        && bytes[7] == ELFOSABI_AMDGPU_HSA
        && u16::from_le_bytes([bytes[18], bytes[19]]) == EM_AMDGPU
}

/// The ROCm reader's robustness property, shared by the fuzz target
/// (`fuzz/fuzz_targets/amdbin_read_rocm.rs`) and the property test
/// (`tests/it/rocm.rs`): reading any bytes never panics, and whatever reads writes
/// back to exactly those bytes (the reader checks that itself) and reads again to the
/// same input. Panics when the property fails. Not part of the crate's API.
#[doc(hidden)]
pub fn read_write_holds(data: &[u8]) {
    let Ok(input) = read_rocm(data) else {
        return;
    };
    let again = write_rocm(&input).expect("what reads writes");
    assert!(again == data, "read then write changed the bytes");
    assert_eq!(
        read_rocm(&again).as_ref(),
        Ok(&input),
        "second read differs"
    );
}
