//! Global memory and its layout: the [`Memory`] a kernel sees besides registers and
//! constant buffers, and the placements a runtime makes in it (buffers, the data segment,
//! hardware constant arguments, the printf buffer, the private and local rings), each a
//! [`crate::Region`]. Every size here comes from the program or the launch, so it is
//! checked against the limits of [`kauai_amdil::device`] with checked arithmetic before
//! anything is allocated.

use kauai_amdil::LinkedKernel;

use crate::exec;
use crate::{FaultKind, Launch, Regions, TypedUav};

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
/// ([`kauai_amdil::abi::Cb0Params::printf_offset`]), aligned to [`BUFFER_ALIGN`], and return the offset.
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
/// [`kauai_amdil::abi::Cb0Params::data_segment`] (`cb0[8].x`). `None` when the unit has no such segment.
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
