//! Global memory and its layout: the [`Memory`] a kernel sees besides registers and
//! constant buffers, and the placements a runtime makes in it (buffers, the data segment,
//! hardware constant arguments, the printf buffer, the private and local rings), each a
//! [`crate::Region`]. Every size here comes from the program or the launch, so it is
//! checked against the limits of [`kauai_amdil::device`] with checked arithmetic before
//! anything is allocated.

use kauai_amdil::LinkedKernel;

use kauai_amdil::device::{CONSTANT_BUFFER_BYTES, GLOBAL_MEMORY_BYTES};

use crate::exec;
use crate::{FaultKind, Launch, Regions, TypedUav};

/// Memory the kernel sees besides registers and constant buffers.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// The global buffer behind every raw and arena UAV id and `g[]`.
    pub global: Vec<u8>,
    /// Global data share, shared by all groups.
    pub gds: Vec<u8>,
    /// Append counters by counter id (`append_buf_alloc_id(n)`), with their values: the
    /// runtime sets a counter argument's initial value here and reads it back after the
    /// run; a counter nobody set starts at 0.
    pub counters: Vec<(u32, u32)>,
    /// Hardware constant buffers bound by the caller (`cb2` and up: the `hc` pointer
    /// arguments), as dwords. A buffer given here replaces the unit's data segment for
    /// the same number, so it must hold that segment too ([`place_constant`] does this).
    pub constant: Vec<(u32, Vec<u32>)>,
    /// Typed UAVs (`dcl_uav_id`) bound to regions of `global`.
    pub typed_uavs: Vec<TypedUav>,
    /// Images (texture resources and image UAVs) and samplers bound by the caller.
    pub images: crate::images::Images,
    /// The placed regions of `global`; every global access must lie inside one. Empty
    /// means no placement was recorded and the whole of `global` is one region.
    pub regions: Regions,
    /// The emulated private and local rings ([`place_rings`]): inside them a work-item
    /// may touch only its own slot (its group's, for local memory).
    pub rings: Rings,
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
    pub(crate) fn counter(&mut self, id: u32) -> &mut u32 {
        if let Some(i) = self.counters.iter().position(|(k, _)| *k == id) {
            &mut self.counters[i].1
        } else {
            self.counters.push((id, 0));
            let n = self.counters.len() - 1;
            &mut self.counters[n].1
        }
    }
}

/// Buffers start at multiples of this many bytes in [`Memory::global`].
pub const BUFFER_ALIGN: usize = 256;

/// Where the first placed region starts. Address 0 is never valid: a store through NULL
/// (or a small offset from it) falls before every region and faults, as on the host,
/// instead of landing in the first buffer.
pub const FIRST_REGION: u32 = 256;

/// Unmapped bytes before each ring: `a[-1]` in work-item 0's private array, or in group
/// 0's local memory, falls into this gap and faults instead of landing in the region
/// placed before the ring.
pub const RING_GUARD: u32 = 256;

/// Reserve `bytes` zeroed bytes at the end of `mem.global`, at least `guard` bytes after
/// the last region and `align`-aligned, record them as the region `name` and return the
/// offset. Global memory never grows past [`GLOBAL_MEMORY_BYTES`]; every size is checked
/// before anything is allocated.
fn reserve(
    mem: &mut Memory,
    align: u32,
    guard: u32,
    bytes: u64,
    name: &str,
) -> Result<u32, String> {
    let limit = u64::from(GLOBAL_MEMORY_BYTES);
    let too_big = || {
        format!(
            "{name} ({bytes} bytes) does not fit in the emulator's {limit} bytes of global memory (GLOBAL_MEMORY_BYTES)"
        )
    };
    let len = u64::try_from(mem.global.len()).map_err(|_| too_big())?;
    if mem.regions.is_empty() && len > 0 {
        // Bytes the caller put into `global` by hand before the first placement.
        let end = u32::try_from(len).map_err(|_| too_big())?;
        mem.regions.add(0, end, "memory given by the caller")?;
    }
    let start = if len == 0 {
        u64::from(FIRST_REGION)
    } else {
        len + u64::from(guard)
    };
    let at = start.next_multiple_of(u64::from(align.max(1)));
    let end = at
        .checked_add(bytes)
        .filter(|e| *e <= limit)
        .ok_or_else(too_big)?;
    // Both fit in u32 and usize: `end` is at most GLOBAL_MEMORY_BYTES.
    let (at32, end32) = (at as u32, end as u32);
    mem.global.resize(end as usize, 0);
    mem.regions.add(at32, end32, name)?;
    Ok(at32)
}

/// Place a buffer argument's bytes at the end of `mem.global` (aligned to
/// [`BUFFER_ALIGN`]), record it as the region "buffer `name`" and return its offset, the
/// pointer value for cb1.
///
/// GPU allocations are dword (in fact page) granular, and 7XX reads a byte by loading
/// its whole dword: the buffer is zero-padded to a multiple of 4 bytes, so a byte access
/// near its end stays inside it and only an access past the padded end faults. Read
/// results back from the returned offset with the buffer's own length.
pub fn place_buffer(mem: &mut Memory, name: &str, bytes: &[u8]) -> Result<u32, String> {
    let padded = (bytes.len() as u64).next_multiple_of(4);
    let at = reserve(
        mem,
        BUFFER_ALIGN as u32,
        0,
        padded,
        &format!("buffer `{name}`"),
    )?;
    let at_usize = at as usize;
    mem.global[at_usize..at_usize + bytes.len()].copy_from_slice(bytes);
    Ok(at)
}

/// Reserve `bytes` zeroed bytes at the end of `mem.global` for the printf buffer
/// ([`kauai_amdil::abi::Cb0Params::printf_offset`]), aligned to [`BUFFER_ALIGN`], and
/// return the offset.
pub fn place_printf_buffer(mem: &mut Memory, bytes: u32) -> Result<u32, String> {
    reserve(
        mem,
        BUFFER_ALIGN as u32,
        0,
        u64::from(bytes),
        "the printf buffer",
    )
}

/// Copy the emulated-global data segment (the one without a constant buffer number) to
/// the end of `mem.global`, 16-byte aligned, and return its offset: the value for
/// [`kauai_amdil::abi::Cb0Params::data_segment`] (`cb0[8].x`). `None` when the unit has no such segment.
/// Its `addr` rows get that offset added (the loader's relocation: a pointer stored in
/// constant data is the byte address a kernel computes as `cb0[8].x` plus the offset).
pub fn place_global_data(kernel: &LinkedKernel, mem: &mut Memory) -> Result<Option<u32>, String> {
    let Some(seg) = kernel.data.iter().find(|s| s.cb.is_none()) else {
        return Ok(None);
    };
    // Dword-padded like a buffer: kernels read its last bytes with whole-dword loads.
    let padded = u64::from(seg.size).next_multiple_of(4);
    let at = reserve(mem, 16, 0, padded, "the data segment")?;
    let bytes = seg.placed_bytes(at)?;
    let at_usize = at as usize;
    mem.global[at_usize..at_usize + bytes.len()].copy_from_slice(&bytes);
    Ok(Some(at))
}

/// Bind `bytes` in hardware constant buffer `cb` (an `hc` pointer argument) and return
/// its offset there, the pointer value for cb1. Arguments go after what is already in the
/// buffer, 16-byte aligned: first the unit's data segment for `cb` (docs/spec/amd-runtime-abi.md: "kernel
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
    let limit = CONSTANT_BUFFER_BYTES as usize;
    if at * 4 + bytes.len() > limit {
        return Err(format!(
            "{} bytes at offset {} of cb{cb} do not fit in a constant buffer of {limit} bytes (CONSTANT_BUFFER_BYTES)",
            bytes.len(),
            at * 4
        ));
    }
    let offset = (at * 4) as u32;
    words.resize(at, 0);
    words.extend(dwords(bytes));
    words.resize(words.len().next_multiple_of(4), 0);
    Ok(offset)
}

/// Little-endian bytes as dwords, the last one zero-padded.
pub(crate) fn dwords(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| {
            let mut b = [0u8; 4];
            b[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(b)
        })
        .collect()
}

/// Allocate the emulated private and local memory rings of docs/spec/amd-runtime-abi.md at the end of
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
    let items = launch
        .global
        .iter()
        .try_fold(1u64, |a, &g| a.checked_mul(u64::from(g)));
    let groups = (0..3).try_fold(1u64, |a, d| {
        a.checked_mul(u64::from(launch.global[d] / launch.local[d].max(1)))
    });
    let place =
        |mem: &mut Memory, per: u32, count: Option<u64>, name: &str| -> Result<Ring, String> {
            let bytes = count
                .and_then(|c| c.checked_mul(u64::from(per)))
                .unwrap_or(u64::MAX);
            let start = reserve(mem, 16, RING_GUARD, bytes, name)?;
            Ok(Ring {
                start,
                per,
                slots: count.unwrap_or(0),
            })
        };
    // Each work-item (group) may touch only its own slot of its ring: `Memory::rings`
    // lets the run loop check that, past the region check of the whole ring.
    mem.rings = Rings::default();
    if private > 0 {
        let ring = place(mem, private, items, "the private ring")?;
        launch.cb0.private_ring_offset = ring.start;
        launch.cb0.private_per_item = private;
        mem.rings.private = Some(ring);
    }
    if local > 0 {
        let ring = place(mem, local, groups, "the local ring")?;
        launch.cb0.local_ring_offset = ring.start;
        launch.cb0.local_per_group = local;
        mem.rings.local = Some(ring);
    }
    Ok(())
}

/// An emulated memory ring (docs/spec/amd-runtime-abi.md: private memory per work-item, local memory per
/// group): `slots` slots of `per` bytes from `start` of [`Memory::global`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ring {
    pub start: u32,
    pub per: u32,
    pub slots: u64,
}

impl Ring {
    /// The slot that holds byte `addr`, if the ring does.
    pub fn slot_of(&self, addr: i64) -> Option<u64> {
        let off = u64::try_from(addr.checked_sub(i64::from(self.start))?).ok()?;
        let slot = off / u64::from(self.per.max(1));
        (slot < self.slots).then_some(slot)
    }

    /// Whether bytes `addr..addr + n` lie inside slot `slot`.
    pub fn inside(&self, slot: u64, addr: i64, n: usize) -> bool {
        let per = i128::from(self.per);
        let lo = i128::from(self.start) + i128::from(slot) * per;
        let a = i128::from(addr);
        a >= lo && a + n as i128 <= lo + per
    }
}

/// The rings [`place_rings`] placed, for the per-work-item and per-group checks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rings {
    pub private: Option<Ring>,
    pub local: Option<Ring>,
}
