//! The run loop: a launch's checks against the program and the device, constant buffers
//! and LDS set up, then every work-group in order, its work-items one after another up to
//! each barrier.

use kauai_amdil::abi::{cb0_ndrange, Cb0Params};
use kauai_amdil::device::{
    Device, GDS_BYTES, GROUP_STATE_BYTES, MAX_SCRATCH_SLOTS, MAX_SHARED_BYTES,
};
use kauai_amdil::LinkedKernel;

use crate::fault::Waiter;
use crate::memory::dwords;
use crate::{compile, exec, Fault, FaultKind, Memory};

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
    /// `clEnqueueTask`: a single work-item, cb0 as the task column of docs/spec/amd-runtime-abi.md.
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

pub use kauai_amdil::device::MAX_GROUP_ITEMS;

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
    let items_per_group = launch
        .local
        .iter()
        .fold(1u64, |a, &l| a.saturating_mul(u64::from(l)));
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
        lds_total = lds_total.saturating_add(size.checked_next_multiple_of(4).unwrap_or(u32::MAX));
    }
    // Every group allocates its LDS: the device's size bounds it, or, with no device,
    // MAX_SHARED_BYTES over all ids together.
    let (lds_limit, whose) = match opts.device {
        Some(dev) => (dev.local_bytes, dev.name),
        None => (
            MAX_SHARED_BYTES,
            "the emulator without a device (MAX_SHARED_BYTES)",
        ),
    };
    if lds_total > lds_limit {
        return Err(load_fault(format!(
            "the kernel declares {lds_total} bytes of LDS; {whose} has {lds_limit}"
        )));
    }
    if let Some(dev) = opts.device {
        if !dev.fp64 && code.uses_doubles {
            return Err(load_fault(format!(
                "the kernel uses double-precision instructions; {} has no fp64",
                dev.name
            )));
        }
        if !dev.family.atomic_counters() && code.uses_counters {
            return Err(load_fault(format!(
                "the kernel uses append counters; {} ({}) has none",
                dev.name,
                dev.family.name()
            )));
        }
    }
    // A group's work-items hold their registers and scratch arrays at once: bounded by
    // GROUP_STATE_BYTES (a program naming many registers, times many work-items).
    let per_item = (code.temps as u64)
        .saturating_add(
            code.xarrays
                .values()
                .fold(0u64, |a, &n| a.saturating_add(u64::from(n))),
        )
        .saturating_mul(16);
    let group_state = per_item.saturating_mul(items_per_group);
    if group_state > GROUP_STATE_BYTES {
        return Err(load_fault(format!(
            "a work-group of {items_per_group} work-items needs {group_state} bytes of registers and scratch ({per_item} each); the emulator allows {GROUP_STATE_BYTES} (GROUP_STATE_BYTES)"
        )));
    }
    // Every work-item allocates its scratch arrays: at most MAX_SCRATCH_SLOTS together.
    let slots = code
        .xarrays
        .values()
        .fold(0u64, |a, &n| a.saturating_add(u64::from(n)));
    if slots > u64::from(MAX_SCRATCH_SLOTS) {
        return Err(load_fault(format!(
            "the kernel declares {slots} scratch slots (dcl_indexed_temp_array); a work-item has {MAX_SCRATCH_SLOTS} (MAX_SCRATCH_SLOTS)"
        )));
    }
    let gds_total = code.gds.values().fold(0u32, |a, &n| a.saturating_add(n));
    if gds_total > GDS_BYTES {
        return Err(load_fault(format!(
            "the kernel declares {gds_total} bytes of GDS; the devices have {GDS_BYTES} (GDS_BYTES)"
        )));
    }
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
                // vThreadGrpIdFlat is a 32-bit register: it wraps as the hardware's would.
                let group_flat = gx.wrapping_add(
                    groups[0].wrapping_mul(gy.wrapping_add(groups[1].wrapping_mul(gz))),
                );
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
                                barrier: None,
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
                    item_flat: 0,
                };
                loop {
                    let mut at_barrier = 0usize;
                    for it in items.iter_mut() {
                        if it.done {
                            continue;
                        }
                        if let exec::Stop::Barrier = ctx.run(it)? {
                            at_barrier += 1;
                        }
                    }
                    if at_barrier == 0 {
                        break;
                    }
                    // Every work-item must wait at the same barrier: one that finished,
                    // or waits at another barrier (both arms of a divergent `if`), is
                    // barrier divergence; the fault names both work-items and barriers.
                    let first = &items[0];
                    if let Some(other) = items
                        .iter()
                        .find(|i| i.done != first.done || i.barrier != first.barrier)
                    {
                        let waiter = |i: &exec::Item| Waiter {
                            work_item: i.global,
                            barrier: i.barrier.map(|pc| {
                                let inst = code.ops.get(pc).and_then(|o| o.inst.as_ref());
                                (
                                    inst.map_or_else(|| "barrier".to_string(), |i| i.to_string()),
                                    inst.map(|i| i.loc.0),
                                )
                            }),
                        };
                        return Err(Box::new(Fault {
                            kernel: kernel.name.clone(),
                            work_item: Some(other.global),
                            instruction: None,
                            span: None,
                            kind: FaultKind::BarrierDivergence {
                                first: waiter(first),
                                other: waiter(other),
                            },
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
