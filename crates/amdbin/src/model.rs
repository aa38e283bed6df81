//! The input model of an AMD CL2 binary: everything the writer needs, and what the
//! reader gives back. An assembler fills it from `.amdcl2` source (`.kernel`, `.config`,
//! `.arg`, `.globaldata`, ...); [`crate::read_cl2`] fills it from a file with every
//! per-kernel blob kept raw, so that writing what was read gives the same bytes.

use crate::config::KernelConfig;
use crate::device::Device;

/// Which of the three binary layouts a driver version writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Layout {
    /// Drivers before 191205: `.text` holds, per kernel, a 0xA60-byte stub, the
    /// 256-byte setup and the code; `.rodata` also holds 20-byte "ISA metadata" blobs.
    /// No global data, relocations or samplers.
    Old,
    /// Drivers 191205..200405: `.text` holds an inner HSA ELF; section order rw, bss,
    /// readonly, `.hsatext`, ..., `.note`, `.strtab`, `.symtab`, `.shstrtab`; no null
    /// symbol in the inner symbol table.
    V1912,
    /// Drivers 200406 and later: inner ELF with `.shstrtab`, `.strtab`, `.note` first,
    /// a null inner symbol, the 16.3 metadata header (work-group size hint, vector type
    /// hint) and signed scalar argument codes.
    V163,
}

impl Layout {
    /// The layout a driver of this version writes.
    pub fn for_driver(driver_version: u32) -> Layout {
        if driver_version < 191205 {
            Layout::Old
        } else if driver_version < 200406 {
            Layout::V1912
        } else {
            Layout::V163
        }
    }
}

/// Everything needed to write one AMD CL2 binary (CLRX's `AmdCL2Input`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cl2Input {
    /// Driver version as `major * 100 + minor` (`.driver_version`, `-t`); picks the
    /// [`Layout`], the device-code table and a few version-specific bytes. CLRX's
    /// default without a driver is 0, i.e. the old layout.
    pub driver_version: u32,
    /// ELF64 outer file (`.64bit`, `-6`); otherwise ELF32. Also changes the metadata
    /// field widths, pointer sizes and the setup's `is_ptr64` bit. The inner ELF is
    /// always ELF64.
    pub is64: bool,
    /// Target device (`.gpu`); must be GCN 1.1 or later and known to the driver.
    pub device: Device,
    /// Overrides the ISA minor version written to the inner `.note` (`.arch_minor`).
    pub arch_minor: Option<u32>,
    /// Overrides the ISA stepping written to the inner `.note` (`.arch_stepping`).
    pub arch_stepping: Option<u32>,
    /// ACL version string stored in `.comment` (`.acl_version`), written as given;
    /// `None` writes the default of the layout (`AMD-COMP-LIB-v0.8
    /// (0.0.SC_BUILD_NUMBER)`, old: `AMD-COMP-LIB-v0.8 (0.0.326)`). An empty string is
    /// written empty, so that a binary with one reads and writes back the same (clrxasm
    /// writes its default for `.acl_version ""`, which no source could then express).
    pub acl_version: Option<String>,
    /// Compile options stored in `.comment` (`.compile_options`).
    pub compile_options: String,
    /// Constant global data (`.globaldata` / `.rodata`): the inner
    /// `.hsadata_readonly_agent` section; empty = no section. The 1912 layout pads it
    /// with zeros so that rw + bss + readonly sizes total a multiple of 256.
    pub global_data: Vec<u8>,
    /// Read-write global data (`.rwdata` / `.data`): `.hsadata_global_agent`.
    pub rw_data: Vec<u8>,
    /// Size of the zero-initialised global data (`.bssdata` / `.bss`):
    /// `.hsabss_global_agent`; 0 = no section.
    pub bss_size: u64,
    /// Alignment of the bss section (`.bssdata align=N`); 0 = the default, 8.
    pub bss_align: u64,
    /// Sampler initialisers (`.sampler` outside kernels, or raw `.samplerinit`).
    pub samplers: SamplerInit,
    /// Offsets in global data of the sampler slots (`.samplerreloc OFFSET, ID`), one
    /// per sampler in id order; empty = the default, the last `8 * samplers` bytes of
    /// global data (8-aligned).
    pub sampler_offsets: Vec<u64>,
    /// Kernels, in order.
    pub kernels: Vec<Cl2KernelInput>,
    /// CLRX's HSA layout (`.hsalayout`): the code of every kernel in one blob instead
    /// of per kernel ([`Cl2KernelInput::code`] and `relocations` then stay empty).
    /// New layouts only.
    pub hsa_code: Option<HsaCode>,
    /// Symbols of the inner ELF beyond the ones this layout defines (`.inner` symbols).
    /// Those in a data section are also announced as `&input_bc::&<name>` objects
    /// before the kernel symbols, as AMD's compiler does.
    pub inner_symbols: Vec<ExtraSymbol<InnerSection>>,
    /// Sections of the inner ELF after the standard ones (`.inner` + `.section`).
    pub inner_extra_sections: Vec<ExtraSection>,
    /// Sections of the outer ELF after `.text` (real driver binaries carry `.brig`,
    /// which also gets a `__BRIG__` symbol).
    pub extra_sections: Vec<ExtraSection>,
    /// Symbols of the outer ELF after the standard ones; `section` is the ELF section
    /// index written as is.
    pub extra_symbols: Vec<ExtraSymbol<u16>>,
}

impl Cl2Input {
    /// An input with no kernels and every optional part empty.
    pub fn new(device: Device, driver_version: u32, is64: bool) -> Cl2Input {
        Cl2Input {
            driver_version,
            is64,
            device,
            arch_minor: None,
            arch_stepping: None,
            acl_version: None,
            compile_options: String::new(),
            global_data: Vec::new(),
            rw_data: Vec::new(),
            bss_size: 0,
            bss_align: 0,
            samplers: SamplerInit::None,
            sampler_offsets: Vec::new(),
            kernels: Vec::new(),
            hsa_code: None,
            inner_symbols: Vec::new(),
            inner_extra_sections: Vec::new(),
            extra_sections: Vec::new(),
            extra_symbols: Vec::new(),
        }
    }

    /// The layout [`Cl2Input::driver_version`] selects.
    pub fn layout(&self) -> Layout {
        Layout::for_driver(self.driver_version)
    }

    /// Number of samplers (entries of `.hsaimage_samplerinit`).
    pub fn samplers_num(&self) -> usize {
        match &self.samplers {
            SamplerInit::None => 0,
            SamplerInit::Values(v) => v.len(),
            SamplerInit::Raw(b) => b.len() / 8,
        }
    }
}

/// The inner `.hsatext` of CLRX's HSA layout, written as given: each kernel begins
/// at its offset with its setup, which the writer puts over the bytes there (a raw
/// kernel without a setup keeps the 256 bytes the code has there), and runs up to the
/// next kernel's offset or the end.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct HsaCode {
    /// The section's bytes.
    pub code: Vec<u8>,
    /// Offset of each kernel's setup in `code`, in kernel order.
    pub offsets: Vec<u64>,
    /// Relocations of 32-bit literals, at offsets in `code`.
    pub relocations: Vec<CodeReloc>,
}

/// Content of the inner `.hsaimage_samplerinit` section.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum SamplerInit {
    /// No samplers.
    #[default]
    None,
    /// Sampler values (`.sampler V, ...`); each is written as the 8-byte entry
    /// `{u32 0x10008, u32 value}`.
    Values(Vec<u32>),
    /// Raw section content (`.samplerinit`); its length / 8 is the sampler count.
    Raw(Vec<u8>),
}

/// One kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cl2KernelInput {
    /// Kernel name as in the OpenCL source.
    pub name: String,
    /// Machine code (without the setup).
    pub code: Vec<u8>,
    /// Relocations of 32-bit literals in `code` against the global data sections.
    pub relocations: Vec<CodeReloc>,
    /// Ids of samplers (indices into [`Cl2Input::samplers`]) this kernel uses
    /// (`.sampler` inside `.config`): their `&input_bc::&_.Samp<N>` symbols are placed
    /// just before the kernel's symbol instead of after all kernels.
    pub samplers: Vec<u32>,
    /// Metadata, setup and stub: raw bytes or generated from a configuration.
    pub content: KernelContent,
}

/// Where a kernel's metadata, setup and (old layout) stub come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KernelContent {
    /// Bytes as given (`.metadata`, `.setup`, `.stub`, `.isametadata`): what a
    /// disassembler's `-a` output carries, and what the reader returns.
    Raw(RawKernel),
    /// Generated from a human configuration (`.config` or `.hsaconfig`).
    Config(Box<KernelConfig>),
}

/// Raw per-kernel blobs.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RawKernel {
    /// The metadata blob stored in outer `.rodata` (header, names, argument entries).
    pub metadata: Vec<u8>,
    /// The kernel setup (`amd_kernel_code_t`, normally 256 bytes) placed before the
    /// code.
    pub setup: Vec<u8>,
    /// Old layout only: the stub placed before the setup in `.text` (normally 0xA60
    /// bytes). Must be empty for newer layouts.
    pub stub: Vec<u8>,
    /// Old layout only: the "ISA metadata" blob; `None` writes CLRX's default 20 bytes.
    /// Must be `None` for newer layouts.
    pub isa_metadata: Option<Vec<u8>>,
}

/// A relocation of one 32-bit literal in kernel code.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CodeReloc {
    /// Byte offset of the literal in the kernel's code.
    pub offset: u32,
    /// Which half of the 64-bit address the literal receives.
    pub kind: RelocKind,
    /// Which global data section the address points into.
    pub target: RelocTarget,
    /// Offset inside that section.
    pub addend: i64,
}

/// Part of the address a relocated literal receives.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RelocKind {
    /// Low 32 bits (`place`, `place&0xffffffff`, `place%0x100000000`): ELF type 1.
    Lo32,
    /// High 32 bits (`place>>32`, `place/0x100000000`): ELF type 2.
    Hi32,
}

/// The section a relocation points into.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RelocTarget {
    /// Constant global data (`.hsadata_readonly_agent`).
    GlobalData,
    /// Read-write global data (`.hsadata_global_agent`).
    RwData,
    /// Zero-initialised data (`.hsabss_global_agent`).
    Bss,
}

/// Sections of the inner ELF an inner symbol can be defined in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum InnerSection {
    /// Constant global data.
    GlobalData,
    /// Read-write global data.
    RwData,
    /// Zero-initialised data.
    Bss,
    /// Kernel code.
    Text,
    /// An ELF section index written as is (e.g. an inner extra section, or 0xFFF1 for
    /// absolute symbols).
    Index(u16),
}

/// A section carried through unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ExtraSection {
    pub name: String,
    /// `sh_type`.
    pub stype: u32,
    /// `sh_flags`.
    pub flags: u64,
    /// `sh_addralign`; also aligns the section's file offset.
    pub align: u64,
    /// `sh_link` (an ELF section index).
    pub link: u32,
    /// `sh_info`.
    pub info: u32,
    /// `sh_entsize`.
    pub entsize: u64,
    /// Contents.
    pub data: Vec<u8>,
}

/// A symbol carried through unchanged; `S` says how its section is named.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ExtraSymbol<S> {
    pub name: String,
    pub value: u64,
    pub size: u64,
    pub section: S,
    /// `st_info`: binding << 4 | type.
    pub info: u8,
    /// `st_other`.
    pub other: u8,
}

/// What [`crate::read_cl2`] returns: the input that writes the same bytes, plus what
/// the reader inferred.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cl2Binary {
    /// The binary as writer input, every kernel in [`KernelContent::Raw`] form.
    /// Writing it gives the bytes that were read (for files laid out as CLRX and this
    /// writer lay them out).
    pub input: Cl2Input,
    /// The layout found in the file.
    pub layout: Layout,
    /// The outer `e_flags` (device code).
    pub device_code: u32,
    /// ISA version (major, minor, stepping) from the inner `.note`, if present.
    pub isa_version: Option<(u32, u32, u32)>,
}
