//! The human form of a kernel's metadata and setup: [`KernelConfig`] (CLRX `.config`
//! with its `.arg` list) and [`HsaConfig`] (every field of `amd_kernel_code_t`, CLRX
//! `.hsaconfig`).

/// A kernel configuration (`.config`): the writer generates the metadata blob, the
/// 256-byte setup and (old layout) the stub from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelConfig {
    /// Which dimensions the kernel uses (`.dims`): sets TGID_X/Y/Z_EN and
    /// TIDIG_COMP_CNT of PGMRSRC2.
    pub dims: Dims,
    /// `reqd_work_group_size` (`.cws`); all zero = none.
    pub reqd_work_group_size: [u32; 3],
    /// `work_group_size_hint` (16.3 layout metadata only).
    pub work_group_size_hint: [u32; 3],
    /// `vec_type_hint` type name (16.3 layout metadata only); empty = none.
    pub vec_type_hint: String,
    /// SGPRs the code uses (`.sgprsnum`), without VCC and FLAT_SCRATCH, which the
    /// writer adds.
    pub sgprs_num: u32,
    /// VGPRs the code uses (`.vgprsnum`).
    pub vgprs_num: u32,
    /// Bits ORed into the computed COMPUTE_PGM_RSRC1 (`.pgmrsrc1`).
    pub pgmrsrc1: u32,
    /// COMPUTE_PGM_RSRC2 bits (`.pgmrsrc2`): bits under 0xFFFFE440 are kept (trap,
    /// TG_SIZE, LDS, exceptions, ...); the dimension bits 0x1B80 are used only when
    /// `dims` is [`Dims::FromPgmRsrc2`]; the rest is computed.
    pub pgmrsrc2: u32,
    /// Wave priority 0..3 (`.priority`): PGMRSRC1 bits 10-11.
    pub priority: u32,
    /// FLOAT_MODE (`.floatmode`, CLRX default 0xC0): PGMRSRC1 bits 12-19.
    pub float_mode: u32,
    /// IEEE mode (`.ieeemode`): PGMRSRC1 bit 23.
    pub ieee_mode: bool,
    /// DX10_CLAMP (`.dx10clamp`): PGMRSRC1 bit 21 (always set for 1912 and later).
    pub dx10_clamp: bool,
    /// DEBUG_MODE (`.debugmode`): PGMRSRC1 bit 22.
    pub debug_mode: bool,
    /// PRIV (`.privmode`): PGMRSRC1 bit 20.
    pub priv_mode: bool,
    /// TG_SIZE_EN (`.tgsize`): PGMRSRC2 bit 10.
    pub tg_size: bool,
    /// Exception enable mask, 7 bits (`.exceptions`): PGMRSRC2 bits 24-30.
    pub exceptions: u32,
    /// Local (LDS) memory in bytes (`.localsize`).
    pub local_size: u32,
    /// GDS memory in bytes (`.gdssize`).
    pub gds_size: u32,
    /// Private (scratch) memory per work-item in bytes (`.scratchbuffer`).
    pub scratch_buffer: u32,
    /// The kernel reads its arguments (`.useargs`): kernarg pointer in user SGPRs.
    pub use_args: bool,
    /// The kernel uses the setup (dispatch) pointer (`.usesetup`).
    pub use_setup: bool,
    /// The kernel enqueues kernels (`.useenqueue`).
    pub use_enqueue: bool,
    /// The kernel uses generic (FLAT) pointers (`.usegeneric`).
    pub use_generic: bool,
    /// Kernel arguments (`.arg`, `.setupargs`), in order.
    pub args: Vec<KernelArg>,
    /// `.hsaconfig`: the setup is written from these fields exactly, instead of being
    /// computed from the fields above (which still make the metadata).
    pub hsa: Option<HsaConfig>,
}

impl Default for KernelConfig {
    /// CLRX's defaults: no dimensions given, float mode 0xC0, everything else off.
    fn default() -> KernelConfig {
        KernelConfig {
            dims: Dims::FromPgmRsrc2,
            reqd_work_group_size: [0; 3],
            work_group_size_hint: [0; 3],
            vec_type_hint: String::new(),
            sgprs_num: 0,
            vgprs_num: 0,
            pgmrsrc1: 0,
            pgmrsrc2: 0,
            priority: 0,
            float_mode: 0xC0,
            ieee_mode: false,
            dx10_clamp: false,
            debug_mode: false,
            priv_mode: false,
            tg_size: false,
            exceptions: 0,
            local_size: 0,
            gds_size: 0,
            scratch_buffer: 0,
            use_args: false,
            use_setup: false,
            use_enqueue: false,
            use_generic: false,
            args: Vec::new(),
            hsa: None,
        }
    }
}

/// The `.dims` setting. Masks use bit 0 = x, 1 = y, 2 = z.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dims {
    /// No `.dims`: TGID and TIDIG bits are taken from [`KernelConfig::pgmrsrc2`].
    FromPgmRsrc2,
    /// `.dims xyz` (one field): enables TGID for these dimensions and sets
    /// TIDIG_COMP_CNT to the highest one (2 whenever the kernel enqueues).
    Mask(u8),
    /// `.dims GROUP, LOCAL` (two fields): TGID from `group`, TIDIG_COMP_CNT from the
    /// highest dimension of `local`.
    Split { group: u8, local: u8 },
}

/// One kernel argument (`.arg`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelArg {
    /// Argument name.
    pub name: String,
    /// Type name as written in the OpenCL source (`"float*"`, `"size_t"`).
    pub type_name: String,
    /// What kind of argument it is.
    pub kind: ArgKind,
    /// AMD's usage flags for pointers, clk_events and pipes (the `.arg` trailing
    /// `unused`/`rdonly`/`wronly`): 0 unused, 1 read only, 2 write only, 3 read and
    /// written (CLRX's default).
    pub used: u8,
}

/// The element type of a scalar or vector value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Elem {
    Void,
    UChar,
    Char,
    UShort,
    Short,
    UInt,
    Int,
    ULong,
    Long,
    Float,
    Double,
}

impl Elem {
    /// Size in bytes (void counts as 1, as in AMD's tables).
    pub fn size(self) -> u32 {
        match self {
            Elem::Void | Elem::UChar | Elem::Char => 1,
            Elem::UShort | Elem::Short => 2,
            Elem::UInt | Elem::Int | Elem::Float => 4,
            Elem::ULong | Elem::Long | Elem::Double => 8,
        }
    }

    /// AMD metadata type code (the 1912 codes; 16.3 writes signed scalars minus 4).
    pub fn code(self) -> u32 {
        match self {
            Elem::Void | Elem::UChar | Elem::Char => 6,
            Elem::UShort | Elem::Short => 7,
            Elem::UInt | Elem::Int => 8,
            Elem::ULong | Elem::Long => 9,
            Elem::Float => 11,
            Elem::Double => 12,
        }
    }

    /// True for the signed integer types.
    pub fn is_signed_int(self) -> bool {
        matches!(self, Elem::Char | Elem::Short | Elem::Int | Elem::Long)
    }

    /// CLRX / OpenCL spelling.
    pub fn name(self) -> &'static str {
        match self {
            Elem::Void => "void",
            Elem::UChar => "uchar",
            Elem::Char => "char",
            Elem::UShort => "ushort",
            Elem::Short => "short",
            Elem::UInt => "uint",
            Elem::Int => "int",
            Elem::ULong => "ulong",
            Elem::Long => "long",
            Elem::Float => "float",
            Elem::Double => "double",
        }
    }
}

/// A scalar (`len == 1`) or vector (`len` 2, 3, 4, 8, 16) value type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ValueType {
    pub elem: Elem,
    pub len: u8,
}

impl ValueType {
    pub fn scalar(elem: Elem) -> ValueType {
        ValueType { elem, len: 1 }
    }
}

/// Address space a pointer argument points into.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AddressSpace {
    Global,
    Constant,
    Local,
}

impl AddressSpace {
    /// AMD metadata code: local 3, global 4, constant 5.
    pub fn code(self) -> u32 {
        match self {
            AddressSpace::Local => 3,
            AddressSpace::Global => 4,
            AddressSpace::Constant => 5,
        }
    }
}

/// What a pointer argument points to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pointee {
    Value(ValueType),
    /// A structure of `size` bytes (`structure*, SIZE`).
    Structure {
        size: u32,
    },
}

/// Image types.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ImageType {
    Image,
    Image1d,
    Image1dArray,
    Image1dBuffer,
    Image2d,
    Image2dArray,
    Image3d,
}

/// Image access qualifier.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ImageAccess {
    ReadOnly,
    WriteOnly,
    ReadWrite,
}

/// The kinds of `.arg`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// A scalar or vector by value (`float`, `uint4`).
    Value(ValueType),
    /// A structure by value of `size` bytes (`structure, SIZE`).
    Structure { size: u32 },
    /// A pointer (`float*, global, const restrict`).
    Pointer {
        pointee: Pointee,
        space: AddressSpace,
        is_const: bool,
        is_restrict: bool,
        is_volatile: bool,
    },
    /// An image; `res_id` = `None` assigns the next free id of its access class.
    Image {
        image: ImageType,
        access: ImageAccess,
        res_id: Option<u32>,
    },
    /// A sampler; `res_id` = `None` assigns the next free id (0..15).
    Sampler { res_id: Option<u32> },
    /// A pipe (uses [`KernelArg::used`]).
    Pipe,
    /// A device queue (`queue`).
    Queue,
    /// A clk_event_t (`clkevent`).
    ClkEvent,
    /// A 32-bit atomic counter (`counter32`).
    Counter32,
    /// A 64-bit atomic counter (`counter64`).
    Counter64,
}

/// `amd_kernel_code_t`, the 256-byte kernel setup, field by field (`.hsaconfig`).
/// [`HsaConfig::to_bytes`] and [`HsaConfig::from_bytes`] convert losslessly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HsaConfig {
    /// `.codeversion MAJOR, MINOR` (offsets 0, 4).
    pub code_version_major: u32,
    pub code_version_minor: u32,
    /// `.machine KIND, MAJOR, MINOR, STEPPING` (offsets 8..16, u16 each).
    pub machine_kind: u16,
    pub machine_major: u16,
    pub machine_minor: u16,
    pub machine_stepping: u16,
    /// `.kernel_code_entry_offset` (16), normally 256.
    pub kernel_code_entry_offset: u64,
    /// `.kernel_code_prefetch_offset` (24).
    pub kernel_code_prefetch_offset: u64,
    /// `.kernel_code_prefetch_size` (32).
    pub kernel_code_prefetch_size: u64,
    /// `.max_scratch_backing_memory` (40).
    pub max_scratch_backing_memory: u64,
    /// COMPUTE_PGM_RSRC1 (48).
    pub pgmrsrc1: u32,
    /// COMPUTE_PGM_RSRC2 (52).
    pub pgmrsrc2: u32,
    /// kernel_code_properties (56): `enable_sgpr_*` bits 0-9 (`.use_*`), ordered
    /// append GDS bit 16, private element size bits 17-18, is_ptr64 bit 19, dynamic
    /// call stack 20, debug enabled 21, xnack enabled 22.
    pub kernel_code_properties: u32,
    /// `.workitem_private_segment_size` (60).
    pub workitem_private_segment_size: u32,
    /// `.workgroup_group_segment_size` (64).
    pub workgroup_group_segment_size: u32,
    /// `.gds_segment_size` (68).
    pub gds_segment_size: u32,
    /// `.kernarg_segment_size` (72).
    pub kernarg_segment_size: u64,
    /// `.workgroup_fbarrier_count` (80).
    pub workgroup_fbarrier_count: u32,
    /// `.wavefront_sgpr_count` (84).
    pub wavefront_sgpr_count: u16,
    /// `.workitem_vgpr_count` (86).
    pub workitem_vgpr_count: u16,
    /// `.reserved_vgprs FIRST, LAST` as first and count (88, 90).
    pub reserved_vgpr_first: u16,
    pub reserved_vgpr_count: u16,
    /// `.reserved_sgprs FIRST, LAST` as first and count (92, 94).
    pub reserved_sgpr_first: u16,
    pub reserved_sgpr_count: u16,
    /// `.debug_wavefront_private_segment_offset_sgpr` (96).
    pub debug_wavefront_private_segment_offset_sgpr: u16,
    /// `.debug_private_segment_buffer_sgpr` (98).
    pub debug_private_segment_buffer_sgpr: u16,
    /// log2 alignments (100..103): `.kernarg_segment_align`, `.group_segment_align`,
    /// `.private_segment_align`, `.wavefront_size`.
    pub kernarg_segment_align_log2: u8,
    pub group_segment_align_log2: u8,
    pub private_segment_align_log2: u8,
    pub wavefront_size_log2: u8,
    /// `.call_convention` (104).
    pub call_convention: u32,
    /// Reserved bytes 108..120, kept as found.
    pub reserved: [u8; 12],
    /// `.runtime_loader_kernel_symbol` (120).
    pub runtime_loader_kernel_symbol: u64,
    /// `.control_directive` content (128..256).
    pub control_directive: Vec<u8>,
}

fn rd<const N: usize>(b: &[u8], off: usize) -> [u8; N] {
    let mut out = [0u8; N];
    if let Some(s) = b.get(off..off + N) {
        out.copy_from_slice(s);
    }
    out
}

impl HsaConfig {
    /// Decode the first 256 bytes of a setup (missing bytes read as zero).
    pub fn from_bytes(b: &[u8]) -> HsaConfig {
        let u16_ = |o| u16::from_le_bytes(rd(b, o));
        let u32_ = |o| u32::from_le_bytes(rd(b, o));
        let u64_ = |o| u64::from_le_bytes(rd(b, o));
        HsaConfig {
            code_version_major: u32_(0),
            code_version_minor: u32_(4),
            machine_kind: u16_(8),
            machine_major: u16_(10),
            machine_minor: u16_(12),
            machine_stepping: u16_(14),
            kernel_code_entry_offset: u64_(16),
            kernel_code_prefetch_offset: u64_(24),
            kernel_code_prefetch_size: u64_(32),
            max_scratch_backing_memory: u64_(40),
            pgmrsrc1: u32_(48),
            pgmrsrc2: u32_(52),
            kernel_code_properties: u32_(56),
            workitem_private_segment_size: u32_(60),
            workgroup_group_segment_size: u32_(64),
            gds_segment_size: u32_(68),
            kernarg_segment_size: u64_(72),
            workgroup_fbarrier_count: u32_(80),
            wavefront_sgpr_count: u16_(84),
            workitem_vgpr_count: u16_(86),
            reserved_vgpr_first: u16_(88),
            reserved_vgpr_count: u16_(90),
            reserved_sgpr_first: u16_(92),
            reserved_sgpr_count: u16_(94),
            debug_wavefront_private_segment_offset_sgpr: u16_(96),
            debug_private_segment_buffer_sgpr: u16_(98),
            kernarg_segment_align_log2: rd::<1>(b, 100)[0],
            group_segment_align_log2: rd::<1>(b, 101)[0],
            private_segment_align_log2: rd::<1>(b, 102)[0],
            wavefront_size_log2: rd::<1>(b, 103)[0],
            call_convention: u32_(104),
            reserved: rd(b, 108),
            runtime_loader_kernel_symbol: u64_(120),
            control_directive: rd::<128>(b, 128).to_vec(),
        }
    }

    /// Encode as the 256-byte `amd_kernel_code_t` (the control directive is padded
    /// with zeros or cut to 128 bytes).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut o = Vec::with_capacity(256);
        o.extend_from_slice(&self.code_version_major.to_le_bytes());
        o.extend_from_slice(&self.code_version_minor.to_le_bytes());
        for v in [
            self.machine_kind,
            self.machine_major,
            self.machine_minor,
            self.machine_stepping,
        ] {
            o.extend_from_slice(&v.to_le_bytes());
        }
        for v in [
            self.kernel_code_entry_offset,
            self.kernel_code_prefetch_offset,
            self.kernel_code_prefetch_size,
            self.max_scratch_backing_memory,
        ] {
            o.extend_from_slice(&v.to_le_bytes());
        }
        for v in [
            self.pgmrsrc1,
            self.pgmrsrc2,
            self.kernel_code_properties,
            self.workitem_private_segment_size,
            self.workgroup_group_segment_size,
            self.gds_segment_size,
        ] {
            o.extend_from_slice(&v.to_le_bytes());
        }
        o.extend_from_slice(&self.kernarg_segment_size.to_le_bytes());
        o.extend_from_slice(&self.workgroup_fbarrier_count.to_le_bytes());
        for v in [
            self.wavefront_sgpr_count,
            self.workitem_vgpr_count,
            self.reserved_vgpr_first,
            self.reserved_vgpr_count,
            self.reserved_sgpr_first,
            self.reserved_sgpr_count,
            self.debug_wavefront_private_segment_offset_sgpr,
            self.debug_private_segment_buffer_sgpr,
        ] {
            o.extend_from_slice(&v.to_le_bytes());
        }
        o.extend_from_slice(&[
            self.kernarg_segment_align_log2,
            self.group_segment_align_log2,
            self.private_segment_align_log2,
            self.wavefront_size_log2,
        ]);
        o.extend_from_slice(&self.call_convention.to_le_bytes());
        o.extend_from_slice(&self.reserved);
        o.extend_from_slice(&self.runtime_loader_kernel_symbol.to_le_bytes());
        let mut cd = self.control_directive.clone();
        cd.resize(128, 0);
        o.extend_from_slice(&cd);
        o
    }
}
