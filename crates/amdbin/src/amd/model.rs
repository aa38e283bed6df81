//! What an AMD OpenCL 1.2 binary holds: [`AmdInput`] (the writer's input and the
//! reader's output) and the human form of a kernel's setup, [`AmdKernelConfig`].

use crate::config::{AddressSpace, ImageAccess, ImageType, Pointee, ValueType};
use crate::device::Device;

/// CAL note types (the `type` of an "ATI CAL" note in a kernel's inner ELF).
pub mod note {
    pub const PROGINFO: u32 = 1;
    pub const INPUTS: u32 = 2;
    pub const OUTPUTS: u32 = 3;
    pub const CONDOUT: u32 = 4;
    pub const FLOAT32CONSTS: u32 = 5;
    pub const INT32CONSTS: u32 = 6;
    pub const BOOL32CONSTS: u32 = 7;
    pub const EARLYEXIT: u32 = 8;
    pub const GLOBAL_BUFFERS: u32 = 9;
    pub const CONSTANT_BUFFERS: u32 = 10;
    pub const INPUT_SAMPLERS: u32 = 11;
    pub const PERSISTENT_BUFFERS: u32 = 12;
    pub const SCRATCH_BUFFERS: u32 = 13;
    pub const SUB_CONSTANT_BUFFERS: u32 = 14;
    pub const UAV_MAILBOX_SIZE: u32 = 15;
    pub const UAV: u32 = 16;
    pub const UAV_OP_MASK: u32 = 17;
}

/// How the binary names its driver: the `.comment` string ends with a driver-info text
/// from which the driver version is read (it decides metadata details and names).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AmdDriver {
    /// A version (major * 100 + minor, `.driver_version`, `-t`); the info text is
    /// "@(#) OpenCL 1.2 AMD-APP (M.m).  Driver version: M.m (VM)".
    Version(u32),
    /// The info text as given (`.driver_info`); the version is read from its
    /// "AMD-APP (M.m" part, 99999909 (newest) when there is none.
    Info(String),
}

impl AmdDriver {
    /// The driver-info text written into `.comment`.
    pub fn info(&self) -> String {
        match self {
            AmdDriver::Version(v) => format!(
                "@(#) OpenCL 1.2 AMD-APP ({}.{}).  Driver version: {}.{} (VM)",
                v / 100,
                v % 100,
                v / 100,
                v % 100
            ),
            AmdDriver::Info(s) => s.clone(),
        }
    }

    /// The driver version that decides the layout details.
    pub fn version(&self) -> u32 {
        match self {
            AmdDriver::Version(v) => *v,
            AmdDriver::Info(s) => version_from_info(s),
        }
    }
}

/// Read "AMD-APP (MAJOR.MINOR" from a driver-info text; 99999909 without one.
pub fn version_from_info(s: &str) -> u32 {
    const NEWEST: u32 = 99_999_909;
    let Some(pos) = s.find("AMD-APP") else {
        return NEWEST;
    };
    // Two characters (" (") follow the name before the number.
    let rest = s.as_bytes().get(pos + 9..).unwrap_or(&[]);
    let digits = |b: &[u8]| -> Option<(u32, usize)> {
        let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 {
            return None;
        }
        let v = std::str::from_utf8(&b[..n]).ok()?.parse::<u32>().ok()?;
        Some((v, n))
    };
    let Some((major, n)) = digits(rest) else {
        return NEWEST;
    };
    // One separator character, then the minor number.
    let Some((minor, _)) = rest.get(n + 1..).and_then(digits) else {
        return NEWEST;
    };
    major.wrapping_mul(100).wrapping_add(minor)
}

/// The writer's input: a whole binary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmdInput {
    pub device: Device,
    /// ELF64 outer binary with the 64-bit ABI (`-6`); the inner ELFs are always ELF32.
    pub is64: bool,
    pub driver: AmdDriver,
    /// Compile options (`.compile_options`), at the start of `.comment`.
    pub compile_options: String,
    /// Constant global data (`.globaldata`), at the start of `.rodata`.
    pub global_data: Option<Vec<u8>>,
    pub kernels: Vec<AmdKernelInput>,
}

impl AmdInput {
    pub fn new(device: Device, is64: bool, driver: AmdDriver) -> AmdInput {
        AmdInput {
            device,
            is64,
            driver,
            compile_options: String::new(),
            global_data: None,
            kernels: Vec::new(),
        }
    }
}

/// One kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmdKernelInput {
    pub name: String,
    pub code: Vec<u8>,
    /// The inner `.data` section (`.data` in the kernel); `None`: 4736 zero bytes.
    pub data: Option<Vec<u8>>,
    pub content: AmdKernelContent,
}

/// A kernel's metadata, header and CAL notes: generated from a configuration or raw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AmdKernelContent {
    Config(AmdKernelConfig),
    Raw(AmdRawKernel),
}

/// The blobs of a kernel as stored.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct AmdRawKernel {
    /// The header in `.rodata` (`.header`; 32 bytes when generated).
    pub header: Vec<u8>,
    /// The metadata text in `.rodata` (`.metadata`).
    pub metadata: Vec<u8>,
    /// The CAL notes of the inner ELF, in order (all named "ATI CAL").
    pub cal_notes: Vec<CalNote>,
}

/// One "ATI CAL" note.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CalNote {
    pub ntype: u32,
    pub data: Vec<u8>,
}

/// One PROGINFO user-data entry (`.userdata CLASS, APISLOT, REGSTART, REGSIZE`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UserData {
    pub data_class: u32,
    pub api_slot: u32,
    pub reg_start: u32,
    pub reg_size: u32,
}

/// User-data class names (CLRX's spelling, lower case) by code.
pub const USER_DATA_CLASSES: &[(&str, u32)] = &[
    ("imm_resource", 0),
    ("imm_sampler", 1),
    ("imm_const_buffer", 2),
    ("imm_vertex_buffer", 3),
    ("imm_uav", 4),
    ("imm_alu_float_const", 5),
    ("imm_alu_bool32_const", 6),
    ("imm_gds_counter_range", 7),
    ("imm_gds_memory_range", 8),
    ("imm_gws_base", 9),
    ("imm_work_item_range", 10),
    ("imm_work_group_range", 11),
    ("imm_dispatch_id", 12),
    ("imm_scratch_buffer", 13),
    ("imm_heap_buffer", 14),
    ("imm_kernel_arg", 15),
    ("sub_ptr_fetch_shader", 16),
    ("ptr_resource_table", 17),
    ("ptr_internal_resource_table", 18),
    ("ptr_sampler_table", 19),
    ("ptr_const_buffer_table", 20),
    ("ptr_vertex_buffer_table", 21),
    ("ptr_so_buffer_table", 22),
    ("ptr_uav_table", 23),
    ("ptr_internal_global_table", 24),
    ("ptr_extended_user_data", 25),
    ("ptr_indirect_resource", 26),
    ("ptr_indirect_internal_resource", 27),
    ("ptr_indirect_uav", 28),
    ("imm_context_base", 29),
    ("imm_lds_esgs_size", 30),
    ("imm_global_offset", 31),
    ("imm_generic_user_data", 32),
];

/// A kernel configuration (`.config`): the writer generates the metadata text, the
/// header and the CAL notes from it. `None` fields take the driver's default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmdKernelConfig {
    /// `.dims` mask (bit 0 = x); `None`: the dimension bits of `pgmrsrc2`.
    pub dims: Option<u8>,
    /// `.cws`; all zero = none.
    pub reqd_work_group_size: [u32; 3],
    pub sgprs_num: u32,
    pub vgprs_num: u32,
    /// `.pgmrsrc2`: bits outside the computed fields are kept.
    pub pgmrsrc2: u32,
    pub float_mode: u32,
    pub ieee_mode: bool,
    pub tg_size: bool,
    pub exceptions: u32,
    /// `.hwlocal`: local memory bytes.
    pub hw_local: u32,
    pub hw_region: Option<u32>,
    pub uav_private: Option<u32>,
    pub uav_id: Option<u32>,
    pub const_buffer_id: Option<u32>,
    pub printf_id: Option<u32>,
    pub private_id: Option<u32>,
    pub scratch_buffer: u32,
    pub cond_out: u32,
    pub early_exit: u32,
    pub use_const_data: bool,
    pub use_printf: bool,
    /// Constant samplers (`.sampler` in the configuration).
    pub samplers: Vec<u32>,
    pub user_datas: Vec<UserData>,
    pub args: Vec<AmdArg>,
}

impl AmdArgKind {
    /// Whether the argument holds a UAV (its bit in the UAV mask): global pointers,
    /// and constant ones from driver 1348.05 on.
    pub(crate) fn takes_uav(&self, driver_version: u32) -> bool {
        match self {
            AmdArgKind::Pointer {
                space: AddressSpace::Global,
                ..
            } => true,
            AmdArgKind::Pointer {
                space: AddressSpace::Constant,
                ..
            } => driver_version >= super::gen::V1348,
            _ => false,
        }
    }
}

impl Default for AmdKernelConfig {
    fn default() -> AmdKernelConfig {
        AmdKernelConfig {
            dims: None,
            reqd_work_group_size: [0; 3],
            sgprs_num: 0,
            vgprs_num: 0,
            pgmrsrc2: 0,
            float_mode: 0xC0,
            ieee_mode: false,
            tg_size: false,
            exceptions: 0,
            hw_local: 0,
            hw_region: None,
            uav_private: None,
            uav_id: None,
            const_buffer_id: None,
            printf_id: None,
            private_id: None,
            scratch_buffer: 0,
            cond_out: 0,
            early_exit: 0,
            use_const_data: false,
            use_printf: false,
            samplers: Vec::new(),
            user_datas: Vec::new(),
            args: Vec::new(),
        }
    }
}

/// One kernel argument (`.arg`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmdArg {
    pub name: String,
    /// The OpenCL type name (reflection).
    pub type_name: String,
    pub kind: AmdArgKind,
    /// Resource id (UAV id, constant-buffer id, image or counter id); `None`: the next
    /// free one.
    pub res_id: Option<u32>,
    /// False for `unused`.
    pub used: bool,
}

/// The kinds of AMD OpenCL 1.2 kernel arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AmdArgKind {
    Value(ValueType),
    Structure {
        size: u32,
    },
    Sampler,
    Counter32,
    Image {
        image: ImageType,
        access: ImageAccess,
    },
    Pointer {
        pointee: Pointee,
        space: AddressSpace,
        is_const: bool,
        is_restrict: bool,
        is_volatile: bool,
        /// Constant pointers: the constant buffer's size in bytes (0 = unknown).
        const_size: u32,
    },
}
