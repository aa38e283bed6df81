//! # kauai-amdil-emu: the `kauai` emulator
//!
//! Seed 000 lists a `kauai` device, "Emulator testing". This crate is that device: it
//! executes a linked AMD IL compute kernel ([`kauai_amdil::LinkedKernel`]) for an NDRange
//! on the CPU, under the runtime ABI the seed describes:
//!
//! - every work-item has its own 4 x 32-bit typeless registers (`r`), scratch arrays
//!   (`x`), and sees its ids through `vTidInGrp`, `vAbsTid`, `vThreadGrpId` (and the flat
//!   forms);
//! - cb0 holds the reserved launch values ([`kauai_amdil::abi::cb0_ndrange`]), cb1 the
//!   arguments (built by the caller with [`kauai_amdil::abi::Cb1Builder`]), cb2.. the
//!   hardware-constant data segments;
//! - one global byte buffer ([`Memory::global`]) backs every raw and arena UAV id (the
//!   seed aliases them) and the old `g[]` register (16-byte elements); buffers live at
//!   offsets inside it ([`place_buffer`]: 256-byte aligned, zero-padded to whole dwords
//!   as GPU allocations are) and pointer arguments are those offsets;
//! - every placement (buffers, the data segment, the printf buffer, the rings) is a
//!   [`Region`] in [`Memory::regions`], and a global access must lie inside one region:
//!   overrunning a buffer into the gap after it or into the next buffer faults;
//! - each work-group gets zeroed LDS (one region per `dcl_lds_id`), GDS is shared;
//! - `fence_threads*` is a barrier: every work-item of the group must reach it before any
//!   goes on (work-items run one after the other between barriers);
//! - every access is bounds-checked, and execution has fuel. A problem is a [`Fault`]
//!   value naming the kernel, the work-item, the instruction and the address; never a panic.
//!
//! Entry point: [`run`]. The whole path from IL text to results, as a runtime drives it:
//!
//! ```
//! use kauai_amdil::abi::{Cb0Params, Cb1Builder};
//! use kauai_amdil::metadata::MdEntry;
//! use kauai_amdil::{link, parse_str, validate, Program};
//! use kauai_amdil_emu::{device, run, Launch, Memory, Options};
//! use kauai_diag::{Diagnostics, FileId};
//!
//! let il = "il_cs_2_0
//! dcl_cb `cb0[9]`
//! ;$$$$$$$$$$
//! endmain
//! func 1024 ; __OpenCL_twice_kernel
//! dcl_cb `cb1[1]`
//! dcl_raw_uav_id(11)
//! dcl_literal l0, 4, 0, 0, 0
//! imul r0.x, vAbsTidFlat.x, l0.x
//! iadd r0.x, r0.x, `cb1[0].x`
//! uav_raw_load_id(11) r1.x, r0.x
//! iadd r1.x, r1.x, r1.x
//! uav_raw_store_id(11) mem0.x___, r0.x, r1.x
//! ret
//! endfunc
//! ;ARGSTART:__OpenCL_twice_kernel
//! ;uniqueid:1024
//! ;pointer:buf:i32:1:1:0:uav:11:4
//! ;ARGEND:__OpenCL_twice_kernel
//! end
//! ";
//! let mut diags = Diagnostics::new();
//! let program = parse_str(il, FileId(0), &mut diags);
//! assert!(validate(&program, &mut diags));
//! // Link the kernel out of the unit (no intrinsic library needed here).
//! let kernel = link(&program, "twice", &Program::default()).unwrap();
//! // Place the buffer at offset 0 of global memory and pass that offset in cb1.
//! let mut mem = Memory { global: [1u32, 2, 3, 4].iter().flat_map(|v| v.to_le_bytes()).collect(), ..Memory::default() };
//! let mut cb1 = Cb1Builder::new();
//! for e in &kernel.metadata.entries {
//!     if let MdEntry::Pointer(p) = e {
//!         cb1.pointer(p, 0);
//!     }
//! }
//! let launch = Launch::ndrange(1, [4, 1, 1], [4, 1, 1], Cb0Params::default());
//! let opts = Options { fuel: 10_000, device: device("cypress"), deadline: None };
//! run(&kernel, &cb1.dwords(), &mut mem, &launch, &opts).unwrap();
//! assert_eq!(mem.global[12], 8);
//! ```
//!
//! Also modelled: the float source modifiers (`_invert`, `_bias`, `_x2`, `_bx2`, `_sign`,
//! `_divComp`), struct LDS (`dcl_struct_lds_id`, addressed by element index and offset,
//! which is what the two address operands of `lds_load_vec`/`lds_store_vec` are), and
//! typed UAVs (`dcl_uav_id(n)_type(buffer|1d|2d|3d|1darray|2darray)`, `uav_load`,
//! `uav_store`) over images the caller binds in [`Memory::typed_uavs`] ([`TypedUav`]).
//!
//! Not supported yet (a clear `Unsupported` fault or load error): read-only images
//! (`dcl_resource_id`, `sample`, `load` and the other graphics instructions) and
//! samplers, struct GDS (`dcl_struct_gds_id`), `_divComp(unknown)`, two different
//! addresses in `lds_*_vec` on a typeless LDS.
//!
//! Helpers a runtime needs around [`run`]: [`device`] (limits per `-mcpu`),
//! [`place_global_data`] (the emulated-global data segment, for `cb0[8].x`),
//! [`place_rings`] (emulated private and local rings, `cb0[3]` and `cb0[4]`),
//! [`place_buffer`] and [`place_printf_buffer`] (each records its [`Region`]),
//! [`decode_printf`] (the printf buffer as text, with the kernel's `;printf_fmt` entries in
//! [`kauai_amdil::LinkedKernel::printf`]; its record layout is documented there), and
//! [`Fault::render`] (a fault as a diagnostic at the faulting line).

mod alu;
mod compile;
mod exec;
mod printf;
#[doc(hidden)]
pub mod props;
mod regions;
mod typed;

use std::fmt;

use kauai_amdil::abi::{cb0_ndrange, Cb0Params};
use kauai_amdil::LinkedKernel;
use kauai_diag::Span;

pub use alu::{f16_to_f32, f32_to_f16};
pub use printf::{decode_printf, format_c};
pub use regions::{Region, Regions};
pub use typed::{ChannelType, TypedUav};

/// Device parameters per `-mcpu`, from the seed's device list and the historical
/// backend's device classes (see `shared/reference/amdil.md` section 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Device {
    pub name: &'static str,
    pub wavefront: u32,
    /// Bytes of LDS per group.
    pub lds_bytes: u32,
    pub max_uavs: u32,
    pub fp64: bool,
}

const DEVICES: &[Device] = &[
    Device {
        name: "rv710",
        wavefront: 16,
        lds_bytes: 16 << 10,
        max_uavs: 1,
        fp64: false,
    },
    Device {
        name: "rv730",
        wavefront: 32,
        lds_bytes: 16 << 10,
        max_uavs: 1,
        fp64: false,
    },
    Device {
        name: "rv770",
        wavefront: 64,
        lds_bytes: 16 << 10,
        max_uavs: 1,
        fp64: true,
    },
    Device {
        name: "cedar",
        wavefront: 16,
        lds_bytes: 32 << 10,
        max_uavs: 12,
        fp64: false,
    },
    Device {
        name: "redwood",
        wavefront: 32,
        lds_bytes: 32 << 10,
        max_uavs: 12,
        fp64: false,
    },
    Device {
        name: "juniper",
        wavefront: 64,
        lds_bytes: 32 << 10,
        max_uavs: 12,
        fp64: false,
    },
    Device {
        name: "cypress",
        wavefront: 64,
        lds_bytes: 32 << 10,
        max_uavs: 12,
        fp64: true,
    },
    Device {
        name: "barts",
        wavefront: 64,
        lds_bytes: 32 << 10,
        max_uavs: 12,
        fp64: false,
    },
    Device {
        name: "turks",
        wavefront: 64,
        lds_bytes: 32 << 10,
        max_uavs: 12,
        fp64: false,
    },
    Device {
        name: "caicos",
        wavefront: 64,
        lds_bytes: 32 << 10,
        max_uavs: 12,
        fp64: false,
    },
    Device {
        name: "cayman",
        wavefront: 64,
        lds_bytes: 32 << 10,
        max_uavs: 12,
        fp64: true,
    },
    Device {
        name: "kauai",
        wavefront: 64,
        lds_bytes: 32 << 10,
        max_uavs: 12,
        fp64: true,
    },
    Device {
        name: "test",
        wavefront: 64,
        lds_bytes: 32 << 10,
        max_uavs: 12,
        fp64: true,
    },
];

/// Other names of a device in the seed's list: "rv770 - also includes rv740, 790 and 700";
/// its `-mattr` example also says `-mcpu=atir700`.
pub const ALIASES: &[(&str, &str)] = &[
    ("rv740", "rv770"),
    ("rv790", "rv770"),
    ("rv700", "rv770"),
    ("atir700", "rv770"),
];

/// The device for an `-mcpu` name or one of its [`ALIASES`].
pub fn device(mcpu: &str) -> Option<&'static Device> {
    let name = ALIASES
        .iter()
        .find(|(alias, _)| *alias == mcpu)
        .map_or(mcpu, |(_, to)| *to);
    DEVICES.iter().find(|d| d.name == name)
}

/// All known devices.
pub fn devices() -> &'static [Device] {
    DEVICES
}

/// Memory the kernel sees besides registers and constant buffers.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// The global buffer behind every raw and arena UAV id and `g[]`.
    pub global: Vec<u8>,
    /// Global data share, shared by all groups.
    pub gds: Vec<u8>,
    /// Append counters by UAV id.
    pub counters: Vec<(u32, u32)>,
    /// Hardware constant buffers bound by the caller (`cb2` and up: the `hc` pointer
    /// arguments), as dwords. A buffer given here replaces the unit's data segment for
    /// the same number, so it must hold that segment too ([`place_constant`] does this).
    pub constant: Vec<(u32, Vec<u32>)>,
    /// Typed UAVs (`dcl_uav_id`) bound to regions of `global`.
    pub typed_uavs: Vec<TypedUav>,
    /// The placed regions of `global`; every global access must lie inside one. Empty
    /// means no placement was recorded and the whole of `global` is one region.
    pub regions: Regions,
}

impl Memory {
    /// The index in `global` of an access of `n` bytes at `addr`, which must lie inside
    /// one region and be `n`-aligned.
    #[inline(always)]
    fn global_at(&self, space: &str, addr: i64, n: usize) -> Result<usize, FaultKind> {
        if !self.regions.is_empty() && !self.regions.contains(addr, n) {
            return Err(self.regions.miss(space, addr, n));
        }
        // Also guards a region list that claims more than `global` holds.
        exec::check(self.global.len(), space, addr, n)
    }
    #[inline(always)]
    pub(crate) fn load32(&self, space: &str, addr: i64) -> Result<u32, FaultKind> {
        self.load_n(space, addr, 4)
    }
    #[inline(always)]
    pub(crate) fn store32(&mut self, space: &str, addr: i64, v: u32) -> Result<(), FaultKind> {
        self.store_n(space, addr, 4, v)
    }
    #[inline(always)]
    pub(crate) fn load_n(&self, space: &str, addr: i64, n: usize) -> Result<u32, FaultKind> {
        let a = self.global_at(space, addr, n)?;
        let mut b = [0u8; 4];
        b[..n].copy_from_slice(&self.global[a..a + n]);
        Ok(u32::from_le_bytes(b))
    }
    #[inline(always)]
    pub(crate) fn store_n(
        &mut self,
        space: &str,
        addr: i64,
        n: usize,
        v: u32,
    ) -> Result<(), FaultKind> {
        let a = self.global_at(space, addr, n)?;
        self.global[a..a + n].copy_from_slice(&v.to_le_bytes()[..n]);
        Ok(())
    }
    fn counter(&mut self, id: u32) -> &mut u32 {
        if let Some(i) = self.counters.iter().position(|(k, _)| *k == id) {
            &mut self.counters[i].1
        } else {
            self.counters.push((id, 0));
            let n = self.counters.len() - 1;
            &mut self.counters[n].1
        }
    }
}

/// The launch: an NDRange (`clEnqueueNDRangeKernel`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    pub work_dim: u32,
    pub global: [u32; 3],
    pub local: [u32; 3],
    /// Values of cb0 not derived from the sizes (ring offsets, data segment, printf).
    pub cb0: Cb0Params,
    /// Least bytes of LDS per `dcl_lds_id`: `__local` pointer arguments live after the
    /// space the kernel declares, so the runtime may need more than the declaration.
    pub lds_min: Vec<(u32, u32)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Instructions the whole launch may execute before it faults with `OutOfFuel`.
    pub fuel: u64,
    /// The device whose limits apply (LDS size, fp64); `None` means no limits.
    pub device: Option<&'static Device>,
    /// Wall-clock limit: the launch faults with `Timeout` once this instant has passed
    /// (checked every few thousand instructions).
    pub deadline: Option<std::time::Instant>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            fuel: 100_000_000,
            device: None,
            deadline: None,
        }
    }
}

impl Launch {
    /// `clEnqueueTask`: a single work-item, cb0 as the seed's task column.
    pub fn task(cb0: Cb0Params) -> Launch {
        Launch {
            work_dim: 0,
            global: [1; 3],
            local: [1; 3],
            cb0,
            lds_min: Vec::new(),
        }
    }

    /// `clEnqueueNDRangeKernel`: `work_dim` dimensions of `global` work-items in groups of
    /// `local` (unused dimensions 1).
    pub fn ndrange(work_dim: u32, global: [u32; 3], local: [u32; 3], cb0: Cb0Params) -> Launch {
        Launch {
            work_dim,
            global,
            local,
            cb0,
            lds_min: Vec::new(),
        }
    }
}

/// What a successful run reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunReport {
    /// IL instructions executed over all work-items.
    pub instructions: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FaultKind {
    OutOfBounds {
        space: String,
        address: i64,
        size: u64,
    },
    /// A global access not inside one placed [`Region`]; `place` says which region it
    /// overran or which gap it fell into.
    OutsideRegions {
        space: String,
        address: i64,
        place: String,
    },
    Misaligned {
        space: String,
        address: i64,
        align: u32,
    },
    /// A typed UAV coordinate outside the bound image.
    OutOfImage {
        id: u32,
        dim: usize,
        coord: i64,
        size: u32,
    },
    OutOfFuel,
    /// The wall-clock limit ([`Options::deadline`]) passed.
    Timeout,
    CallDepth,
    /// Some work-items of a group finished while others wait at a barrier.
    BarrierDivergence,
    Unsupported(String),
    /// The program cannot be prepared for execution (before any work-item runs).
    Load(String),
}

/// A kernel failure: which kernel, which work-item (global id), which instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub kernel: String,
    pub work_item: Option<[u32; 3]>,
    pub instruction: Option<String>,
    /// Where the instruction is in its source file.
    pub span: Option<Span>,
    pub kind: FaultKind,
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FaultKind::OutOfBounds {
                space,
                address,
                size,
            } => write!(
                f,
                "{space} access at byte {address} is outside its {size} bytes"
            ),
            FaultKind::OutsideRegions {
                space,
                address,
                place,
            } => write!(f, "{space} access at byte {address} {place}"),
            FaultKind::Misaligned {
                space,
                address,
                align,
            } => write!(
                f,
                "{space} access at byte {address} is not {align}-byte aligned"
            ),
            FaultKind::OutOfImage {
                id,
                dim,
                coord,
                size,
            } => write!(
                f,
                "typed UAV {id}: coordinate {coord} in dimension {dim} is outside its {size} elements"
            ),
            FaultKind::OutOfFuel => f.write_str("out of fuel (endless loop?)"),
            FaultKind::Timeout => f.write_str("stopped by the time limit"),
            FaultKind::CallDepth => f.write_str("call depth exceeds 1024"),
            FaultKind::BarrierDivergence => {
                f.write_str("some work-items of the group finished while others wait at a barrier")
            }
            FaultKind::Unsupported(w) => write!(f, "not supported yet: {w}"),
            FaultKind::Load(w) => write!(f, "cannot load the program: {w}"),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "kernel `{}`", self.kernel)?;
        if let Some(w) = self.work_item {
            write!(f, ", work-item ({}, {}, {})", w[0], w[1], w[2])?;
        }
        if let Some(i) = &self.instruction {
            write!(f, ", at `{i}`")?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl std::error::Error for Fault {}

impl Fault {
    /// The fault as a diagnostic pointing at the faulting instruction's line (when the
    /// program came from a file in `sources`).
    pub fn render(&self, sources: &kauai_diag::SourceMap) -> String {
        let d = kauai_diag::Diagnostic::error(self.to_string());
        let d = match self.span {
            Some(span) => d.at(span, "this instruction faulted"),
            None => d,
        };
        d.render(sources)
    }
}

/// Buffers start at multiples of this many bytes in [`Memory::global`].
pub const BUFFER_ALIGN: usize = 256;

/// Place a buffer argument's bytes at the end of `mem.global` (aligned to
/// [`BUFFER_ALIGN`]), record it as the region "buffer `name`" and return its offset, the
/// pointer value for cb1.
///
/// GPU allocations are dword (in fact page) granular, and 7XX reads a byte by loading
/// its whole dword: the buffer is zero-padded to a multiple of 4 bytes, so a byte access
/// near its end stays inside it and only an access past the padded end faults. Read
/// results back from the returned offset with the buffer's own length.
pub fn place_buffer(mem: &mut Memory, name: &str, bytes: &[u8]) -> Result<u32, String> {
    let at = region_start(mem, BUFFER_ALIGN)?;
    let end = at as usize + bytes.len().next_multiple_of(4);
    let end32 =
        u32::try_from(end).map_err(|_| "the buffers exceed 4 GiB of global memory".to_string())?;
    mem.global.resize(at as usize, 0);
    mem.global.extend_from_slice(bytes);
    mem.global.resize(end, 0);
    mem.regions.add(at, end32, format!("buffer `{name}`"))?;
    Ok(at)
}

/// Reserve `bytes` zeroed bytes at the end of `mem.global` for the printf buffer
/// ([`Cb0Params::printf_offset`]), aligned to [`BUFFER_ALIGN`], and return the offset.
pub fn place_printf_buffer(mem: &mut Memory, bytes: u32) -> Result<u32, String> {
    let at = region_start(mem, BUFFER_ALIGN)?;
    let end = at
        .checked_add(bytes)
        .ok_or("the printf buffer exceeds 4 GiB of global memory")?;
    mem.global.resize(end as usize, 0);
    mem.regions.add(at, end, "the printf buffer")?;
    Ok(at)
}

/// The `align`-aligned offset where the next region starts. Bytes the caller put into
/// `global` by hand before the first placement become one region first.
fn region_start(mem: &mut Memory, align: usize) -> Result<u32, String> {
    let too_big = || "global memory exceeds 4 GiB".to_string();
    let len = u32::try_from(mem.global.len()).map_err(|_| too_big())?;
    if mem.regions.is_empty() && len > 0 {
        mem.regions.add(0, len, "memory given by the caller")?;
    }
    u32::try_from(mem.global.len().next_multiple_of(align)).map_err(|_| too_big())
}

/// Copy the emulated-global data segment (the one without a constant buffer number) to
/// the end of `mem.global`, 16-byte aligned, and return its offset: the value for
/// [`Cb0Params::data_segment`] (`cb0[8].x`). `None` when the unit has no such segment.
pub fn place_global_data(kernel: &LinkedKernel, mem: &mut Memory) -> Result<Option<u32>, String> {
    let Some(seg) = kernel.data.iter().find(|s| s.cb.is_none()) else {
        return Ok(None);
    };
    let bytes = seg.bytes()?;
    let at = region_start(mem, 16)?;
    // Dword-padded like a buffer: kernels read its last bytes with whole-dword loads.
    let end = at as usize + bytes.len().next_multiple_of(4);
    let end32 = u32::try_from(end).map_err(|_| "global memory is larger than 4 GiB".to_string())?;
    mem.global.resize(at as usize, 0);
    mem.global.extend_from_slice(&bytes);
    mem.global.resize(end, 0);
    mem.regions.add(at, end32, "the data segment")?;
    Ok(Some(at))
}

/// Bind `bytes` in hardware constant buffer `cb` (an `hc` pointer argument) and return
/// its offset there, the pointer value for cb1. Arguments go after what is already in the
/// buffer, 16-byte aligned: first the unit's data segment for `cb` (seed 000: "kernel
/// parameter offsets go after the value specified in the kernel"), then earlier arguments.
pub fn place_constant(
    kernel: &LinkedKernel,
    mem: &mut Memory,
    cb: u32,
    bytes: &[u8],
) -> Result<u32, String> {
    if cb < 2 {
        return Err(format!(
            "cb{cb} is reserved for the runtime ABI; constant arguments live in cb2 and up"
        ));
    }
    let i = match mem.constant.iter().position(|(n, _)| *n == cb) {
        Some(i) => i,
        None => {
            let mut words = Vec::new();
            if let Some(seg) = kernel.data.iter().find(|s| s.cb == Some(cb)) {
                words = dwords(&seg.bytes()?);
            }
            mem.constant.push((cb, words));
            mem.constant.len() - 1
        }
    };
    let words = &mut mem.constant[i].1;
    let at = words.len().next_multiple_of(4);
    let offset = u32::try_from(at * 4).map_err(|_| format!("cb{cb} is larger than 4 GiB"))?;
    words.resize(at, 0);
    words.extend(dwords(bytes));
    words.resize(words.len().next_multiple_of(4), 0);
    Ok(offset)
}

/// Little-endian bytes as dwords, the last one zero-padded.
fn dwords(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| {
            let mut b = [0u8; 4];
            b[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(b)
        })
        .collect()
}

/// Allocate the emulated private and local memory rings of seed 000 at the end of
/// `mem.global` and fill their cb0 entries in `launch.cb0`: private bytes per work-item
/// are the sum of the kernel's `;memory:private` entries, local bytes per group the sum of
/// `;memory:local` (both rounded up to 16). Kernels address them as
/// `vAbsTidFlat * cb0[3].y + cb0[3].x` and `vThreadGrpIdFlat * cb0[4].y + cb0[4].x`.
/// `local_bytes` replaces the local bytes per group when emulated `__local` pointer
/// arguments need more ([`kauai_amdil::abi::LocalArgs::emulated_total`]).
pub fn place_rings(
    kernel: &LinkedKernel,
    launch: &mut Launch,
    mem: &mut Memory,
    local_bytes: Option<u32>,
) -> Result<(), String> {
    use kauai_amdil::metadata::Memory as M;
    let private = kernel
        .metadata
        .memory_total(|m| match m {
            M::Private(n) => Some(*n),
            _ => None,
        })
        .checked_next_multiple_of(16)
        .ok_or("the private memory per work-item overflows 32 bits")?;
    let local = local_bytes
        .unwrap_or_else(|| {
            kernel.metadata.memory_total(|m| match m {
                M::Local(n) => Some(*n),
                _ => None,
            })
        })
        .checked_next_multiple_of(16)
        .ok_or("the local memory per group overflows 32 bits")?;
    let items: u64 = launch.global.iter().map(|&g| g as u64).product();
    let groups: u64 = (0..3)
        .map(|d| (launch.global[d] / launch.local[d].max(1)) as u64)
        .product();
    let mut place = |bytes: u64, name: &str| -> Result<u32, String> {
        let at = region_start(mem, 16)?;
        let end = at as u64 + bytes;
        if end > u32::MAX as u64 {
            return Err(format!(
                "a ring of {bytes} bytes does not fit in 4 GiB of global memory"
            ));
        }
        mem.global.resize(end as usize, 0);
        mem.regions.add(at, end as u32, name)?;
        Ok(at)
    };
    // One region per ring: an item overrunning its own slot into a neighbour's is not
    // caught, running off either end of the ring is.
    if private > 0 {
        launch.cb0.private_ring_offset = place(private as u64 * items, "the private ring")?;
        launch.cb0.private_per_item = private;
    }
    if local > 0 {
        launch.cb0.local_ring_offset = place(local as u64 * groups, "the local ring")?;
        launch.cb0.local_per_group = local;
    }
    Ok(())
}

/// The largest work-group the emulator accepts (the hardware limit is 1024 or less).
pub const MAX_GROUP_ITEMS: u64 = 1024;

/// Run `kernel` over `launch`. `cb1` holds the arguments as laid out by the metadata;
/// data segments without a constant buffer must already be copied into `mem.global` at
/// `launch.cb0.data_segment` by the caller (the runtime owns global memory layout).
pub fn run(
    kernel: &LinkedKernel,
    cb1: &[u32],
    mem: &mut Memory,
    launch: &Launch,
    opts: &Options,
) -> Result<RunReport, Box<Fault>> {
    let load_fault = |msg: String| {
        Box::new(Fault {
            kernel: kernel.name.clone(),
            work_item: None,
            instruction: None,
            span: None,
            kind: FaultKind::Load(msg),
        })
    };
    let code = compile::compile(&kernel.program).map_err(load_fault)?;
    let cb0 = if launch.work_dim == 0 {
        if launch.global != [1; 3] || launch.local != [1; 3] {
            return Err(load_fault(
                "a task (work_dim 0) has exactly one work-item".into(),
            ));
        }
        kauai_amdil::abi::cb0_task(&launch.cb0)
    } else {
        cb0_ndrange(launch.work_dim, launch.global, launch.local, &launch.cb0)
            .map_err(|e| load_fault(e.to_string()))?
    };
    if let Some(t) = code.threads_per_group {
        if t != launch.local {
            return Err(load_fault(format!(
                "the kernel declares {}x{}x{} work-items per group but the launch uses {}x{}x{}",
                t[0], t[1], t[2], launch.local[0], launch.local[1], launch.local[2]
            )));
        }
    }
    for e in &kernel.metadata.entries {
        match e {
            kauai_amdil::metadata::MdEntry::Cws(c)
                if *c != launch.local && launch.work_dim != 0 =>
            {
                return Err(load_fault(format!(
                    "the kernel requires work-groups of {}x{}x{} (;cws) but the launch uses {}x{}x{}",
                    c[0], c[1], c[2], launch.local[0], launch.local[1], launch.local[2]
                )));
            }
            kauai_amdil::metadata::MdEntry::Memory(kauai_amdil::metadata::Memory::Abi64Bit) => {
                return Err(load_fault(
                    "not supported yet: the 64-bit pointer ABI (;memory:64bitABI)".into(),
                ));
            }
            _ => {}
        }
    }
    for (id, (_, fmt)) in &code.typed_uavs {
        if let Some(u) = mem.typed_uavs.iter().find(|u| u.id == *id) {
            let fits = match fmt.as_str() {
                "uint" | "sint" => u.channel_type.integer(),
                "float" | "unorm" | "snorm" => !u.channel_type.integer(),
                _ => true,
            };
            if !fits {
                return Err(load_fault(format!(
                    "typed UAV {id} is declared _fmtx({fmt}) but bound to {:?} data",
                    u.channel_type
                )));
            }
        }
    }
    let items_per_group = launch.local.iter().map(|&l| l as u64).product::<u64>();
    if items_per_group > MAX_GROUP_ITEMS {
        return Err(load_fault(format!(
            "a work-group of {items_per_group} work-items is larger than {MAX_GROUP_ITEMS}"
        )));
    }
    if let Some(max) = code.max_threads_per_group {
        if items_per_group > max as u64 {
            return Err(load_fault(format!(
                "the kernel allows at most {max} work-items per group (dcl_max_thread_per_group) but the launch uses {items_per_group}"
            )));
        }
    }
    let mut cbs: Vec<(u32, Vec<u32>)> = vec![(0, cb0.to_vec()), (1, cb1.to_vec())];
    for seg in &kernel.data {
        if let Some(n) = seg.cb {
            if mem.constant.iter().any(|(k, _)| *k == n) {
                continue;
            }
            let mut words = dwords(&seg.bytes().map_err(load_fault)?);
            words.resize(words.len().next_multiple_of(4), 0);
            cbs.push((n, words));
        }
    }
    for (n, words) in &mem.constant {
        if *n < 2 {
            return Err(load_fault(format!("cb{n} is reserved for the runtime ABI")));
        }
        cbs.push((*n, words.clone()));
    }
    // LDS regions, one per declared id, laid out in id order; `__local` arguments may
    // ask for more than the declaration.
    let mut lds_ids: Vec<(u32, u32)> = code.lds.iter().map(|(k, v)| (*k, *v)).collect();
    for &(id, min) in &launch.lds_min {
        match lds_ids.iter_mut().find(|(k, _)| *k == id) {
            Some((_, size)) => *size = (*size).max(min),
            None => lds_ids.push((id, min)),
        }
    }
    lds_ids.sort();
    let mut lds_base = Vec::new();
    let mut lds_total = 0u32;
    for (id, size) in &lds_ids {
        let stride = code.lds_stride.get(id).copied().unwrap_or(0);
        lds_base.push((*id, lds_total, stride));
        lds_total = lds_total.saturating_add(size.next_multiple_of(4));
    }
    if let Some(dev) = opts.device {
        if lds_total > dev.lds_bytes {
            return Err(load_fault(format!(
                "the kernel declares {lds_total} bytes of LDS; {} has {}",
                dev.name, dev.lds_bytes
            )));
        }
        if !dev.fp64 && code.uses_doubles {
            return Err(load_fault(format!(
                "the kernel uses double-precision instructions; {} has no fp64",
                dev.name
            )));
        }
    }
    let gds_total: u32 = code.gds.values().sum();
    if mem.gds.len() < gds_total as usize {
        mem.gds.resize(gds_total as usize, 0);
    }
    let mut fuel = opts.fuel;
    let mut executed = 0u64;
    let groups = [
        launch.global[0] / launch.local[0],
        launch.global[1] / launch.local[1],
        launch.global[2] / launch.local[2],
    ];
    let entry_pc = 0usize;
    let xarrays: Vec<(u32, u32)> = {
        let mut v: Vec<_> = code.xarrays.iter().map(|(k, v)| (*k, *v)).collect();
        v.sort();
        v
    };
    for gz in 0..groups[2] {
        for gy in 0..groups[1] {
            for gx in 0..groups[0] {
                let group = [gx, gy, gz];
                let group_flat = gx + groups[0] * (gy + groups[1] * gz);
                let mut lds = vec![0u8; lds_total as usize];
                let mut items = Vec::new();
                for lz in 0..launch.local[2] {
                    for ly in 0..launch.local[1] {
                        for lx in 0..launch.local[0] {
                            let local = [lx, ly, lz];
                            let global = [
                                gx * launch.local[0] + lx,
                                gy * launch.local[1] + ly,
                                gz * launch.local[2] + lz,
                            ];
                            items.push(exec::Item {
                                pc: entry_pc,
                                regs: vec![[0; 4]; code.temps],
                                x: xarrays
                                    .iter()
                                    .map(|(n, s)| (*n, vec![[0u32; 4]; *s as usize]))
                                    .collect(),
                                calls: Vec::new(),
                                done: false,
                                local,
                                global,
                            });
                        }
                    }
                }
                let mut ctx = exec::Ctx {
                    code: &code,
                    cbs: &cbs,
                    mem,
                    lds: &mut lds,
                    lds_base: &lds_base,
                    group,
                    group_flat,
                    global_size: launch.global,
                    local_size: launch.local,
                    fuel: &mut fuel,
                    deadline: opts.deadline,
                    executed: &mut executed,
                    kernel: &kernel.name,
                };
                loop {
                    let mut at_barrier = 0usize;
                    let mut done = 0usize;
                    for it in items.iter_mut() {
                        if it.done {
                            done += 1;
                            continue;
                        }
                        match ctx.run(it)? {
                            exec::Stop::Done => done += 1,
                            exec::Stop::Barrier => at_barrier += 1,
                        }
                    }
                    if at_barrier == 0 {
                        break;
                    }
                    if done > 0 {
                        let waiting = items.iter().find(|i| !i.done).map(|i| i.global);
                        return Err(Box::new(Fault {
                            kernel: kernel.name.clone(),
                            work_item: waiting,
                            instruction: None,
                            span: None,
                            kind: FaultKind::BarrierDivergence,
                        }));
                    }
                }
            }
        }
    }
    Ok(RunReport {
        instructions: executed,
    })
}
