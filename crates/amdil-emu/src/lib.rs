//! # kauai-amdil-emu: the `kauai` emulator
//!
//! The `-mcpu` list of docs/spec/amd-runtime-abi.md has a `kauai` device, for emulator testing. This crate is that device: it
//! executes a linked AMD IL compute kernel ([`kauai_amdil::LinkedKernel`]) for an NDRange
//! on the CPU, under the runtime ABI of docs/spec/amd-runtime-abi.md:
//!
//! - every work-item has its own 4 x 32-bit typeless registers (`r`), scratch arrays
//!   (`x`), and sees its ids through `vTidInGrp`, `vAbsTid`, `vThreadGrpId` (and the flat
//!   forms);
//! - cb0 holds the reserved launch values ([`kauai_amdil::abi::cb0_ndrange`]), cb1 the
//!   arguments (built by the caller with [`kauai_amdil::abi::Cb1Builder`]), cb2.. the
//!   hardware-constant data segments;
//! - one global byte buffer ([`Memory::global`]) backs every raw and arena UAV id (the
//!   ABI aliases them, docs/spec/amd-runtime-abi.md#constant-buffers-and-uavs) and the old `g[]` register (16-byte elements); buffers live at
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
//! use kauai_amdil::device::find_device;
//! use kauai_amdil_emu::{run, Launch, Memory, Options};
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
//! let opts = Options { fuel: 10_000, device: find_device("cypress"), deadline: None };
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
//! Images: texture reads (`sample_resource(n)_sampler(m)`, `load_resource(n)`) and
//! `uav_store` to an image UAV go to the images and samplers the caller binds in
//! [`Memory::images`] ([`ImageAccess`]: the runtime's are the host device's sampler).
//!
//! Not supported yet (a clear `Unsupported` fault or load error): the graphics
//! instructions, struct GDS (`dcl_struct_gds_id`), `_divComp(unknown)`, two different
//! addresses in `lds_*_vec` on a typeless LDS.
//!
//! The crate's modules follow its seams: `memory` (global memory and the placements a
//! runtime makes in it), `regions` (the placed regions every global access must lie in),
//! `fault` (what stops a launch), `launch` (the run loop over groups and work-items,
//! barriers), `compile` (IL to a flat op list), `exec` (one work-item's instructions),
//! `alu`, `typed` (typed UAVs) and `printf`. The device table and every size limit are
//! [`kauai_amdil::device`].
//!
//! Helpers a runtime needs around [`run`]: [`kauai_amdil::device::find_device`] (limits per `-mcpu`),
//! [`place_global_data`] (the emulated-global data segment, for `cb0[8].x`),
//! [`place_rings`] (emulated private and local rings, `cb0[3]` and `cb0[4]`),
//! [`place_buffer`] and [`place_printf_buffer`] (each records its [`Region`]),
//! [`decode_printf`] (the printf buffer as text, with the kernel's `;printf_fmt` entries in
//! [`kauai_amdil::LinkedKernel::printf`]; its record layout is documented there),
//! [`printf_dropped`] (the calls whose record did not fit, counted in the buffer's
//! header, [`kauai_amdil::abi::PRINTF_HEADER_BYTES`]), and
//! [`Fault::render`] (a fault as a diagnostic at the faulting line).
mod alu;
mod compile;
mod exec;
mod fault;
mod images;
mod launch;
mod memory;
mod printf;
#[doc(hidden)]
pub mod props;
mod regions;
mod typed;

pub use fault::{Fault, FaultKind, Waiter};
pub use images::{Binding, ImageAccess, Images};
pub use kauai_amdil::device::Device;
pub use launch::{run, Launch, Options, RunReport, MAX_GROUP_ITEMS};
pub use memory::{
    place_buffer, place_constant, place_global_data, place_printf_buffer, place_rings, Memory,
    Ring, Rings, BUFFER_ALIGN, FIRST_REGION, RING_GUARD,
};
pub use printf::{decode_printf, decode_printf_in, format_c, printf_dropped};
pub use regions::{Region, Regions};
pub use typed::{ChannelType, TypedUav};
