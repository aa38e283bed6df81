//! Kauai's host JIT: a finalized IR kernel becomes one native function that runs a
//! whole work-group, compiled with Cranelift.
//!
//! [`compile`] translates a kernel (see `lower` for the shape of the generated code)
//! or says why it cannot yet ("not supported by the JIT yet: ..."), in which case the
//! host device runs the kernel on its interpreter. A [`Runner`] ([`Kernel::runner`])
//! runs a launch's work-groups, one call each, over memory the caller lends it as
//! [`Mem`] regions; a group's run returns when every work-item has returned, or with
//! the first fault, divergence or stop.
//!
//! The generated code follows the interpreter's semantics to the bit
//! (`kauai_ir::lanes`): pointers are `region << 40 | offset` in both, every access is
//! checked against its region's bounds and the instruction's alignment, and what is
//! long to spell in machine code (math functions, `f16`, directed roundings) calls the
//! interpreter's own lane functions. Floating-point operations are never contracted:
//! `a * b + c` rounds twice, as in the interpreter; `fma`/`mad` are what the source
//! asked for.
//!
//! Calls to the module's functions become compiled functions (the context and the
//! caller's local ids come in, a status goes out so that a fault or a stop ends the
//! run; each function's allocas get a static frame after the kernel's).
//!
//! Packets: where a kernel allows it, a second form runs [`PACKET`] (or half or a
//! quarter as many, the widest that fills a group's rows; a quarter where they may
//! split) consecutive work-items of a row together (ComputeMux's
//! vectorization across work-items): uniform values are computed once; varying 32-bit
//! values of arithmetic, consecutive loads and loops' running values are SIMD vectors of four
//! work-items (`lower::simd`), and other varying values get one copy per work-item.
//! Accesses whose work-items touch neighbouring elements get one bounds check per
//! packet (and are vector loads and stores when packed); the offsets and pointers
//! that only serve such addresses are made per work-item only where that check fails
//! (`lower::lazy`; there the work-items' offset bits go to a stack array that one
//! call checks, `native::check_lanes`, through a `PreserveAll` trampoline so that the
//! call clobbers no register of the packet), and an address made of arguments and ids alone is checked once for
//! a whole row of work-items (`lower::rows`). A branch on ids against uniform values
//! (`lid < s`, `gid < n`) that the work-items disagree on runs masked: every block up
//! to the join runs for the packet, loads and stores only for the work-items that
//! took the path (`lower::masked`). Another branch they disagree on splits the packet:
//! each work-item then runs alone in its own copy of the body, to its return or the
//! next barrier, where the packet comes back together (values that differ by the path
//! taken are kept per work-item). Atomics, printf, image builtins and private memory
//! keep a kernel in the scalar form (their order of work-items is observable, and an
//! image fault must name the interpreter's work-item). A fault in a packet
//! reruns the group in the scalar form, so the fault names the work-item the
//! interpreter names; a kernel with packets gets its scalar form compiled only then,
//! at its first use (or for a group its packets do not fill). On kernels with data races between work-items (which OpenCL
//! leaves undefined) the two forms may disagree.
//!
//! Image builtins call the caller's [`ImageHook`] (the host's software sampler, the
//! one implementation both executors use); kernels that call them run one work-item
//! at a time.
//!
//! Safety: `unsafe` lives only in `native` (mapping code, calling it, and the poll,
//! printf and image helpers). The memory a call may touch is exactly the regions of its
//! [`Launch`], which a [`Runner`] borrows while it runs groups.

mod abi;
mod helpers;
mod lower;
mod native;

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::{Duration, Instant};

use kauai_ir::{FuncId, Module};

pub use abi::{OFFSET_BITS, OFFSET_MASK, REGION_GLOBALS, REGION_PRIVATE};
pub use lower::{Layout, PACKET};

use abi::*;

/// A compiled kernel.
pub struct Kernel {
    code: native::Code,
    layout: Layout,
    /// Why the kernel has no packet form (`None`: it has one), and its packets' width.
    why_scalar: Option<String>,
    width: usize,
    /// How many of the packet form's values are SIMD vectors of work-items, and how
    /// many are made per work-item only where a packet's bounds check fails.
    counts: lower::Counts,
    /// Time spent translating and compiling.
    pub compile_time: Duration,
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kernel")
            .field("layout", &self.layout)
            .field("compile_time", &self.compile_time)
            .finish()
    }
}

/// Compile the kernel `func` of a finalized module.
///
/// `max_width` bounds the packets' width ([`packet_width_for`] of the groups' x size;
/// below 4, the kernel gets no packet form). `long_rows`: the groups' rows hold more
/// than `max_width` work-items, so that checking an access once per row (rather than
/// once per packet) pays; [`rows_are_long`] says it of an x size.
pub fn compile(
    module: &Module,
    func: FuncId,
    max_width: usize,
    long_rows: bool,
) -> Result<Kernel, String> {
    // A bug in the translation must not take the host process down: the caller
    // falls back to the interpreter.
    std::panic::catch_unwind(|| compile_inner(module, func, max_width, long_rows))
        .unwrap_or_else(|_| Err("internal error: the JIT panicked while compiling".into()))
}

/// The widest packet the work-items of a row of `local_x` fill exactly: [`PACKET`],
/// half or a quarter of it, or 1 (no packets).
pub fn packet_width_for(local_x: u64) -> usize {
    [PACKET, PACKET / 2, PACKET / 4]
        .into_iter()
        .find(|&w| local_x.is_multiple_of(w as u64))
        .unwrap_or(1)
}

/// Do groups `local_x` work-items wide hold more than one widest packet per row?
/// (Where a row is one packet, a check per row is one per packet, made at more cost.)
pub fn rows_are_long(local_x: u64) -> bool {
    local_x > packet_width_for(local_x) as u64
}

fn compile_inner(
    module: &Module,
    func: FuncId,
    max_width: usize,
    long_rows: bool,
) -> Result<Kernel, String> {
    let start = Instant::now();
    let mut jm = native::new_module()?;
    let lowered = lower::lower_kernel(module, func, &mut jm, max_width, long_rows)?;
    let (packet, width, counts, why_scalar) = match lowered.packet {
        Ok((f, w, counts)) => (Some(f), w, counts, None),
        Err(why) => (None, 1, Default::default(), Some(why)),
    };
    let code = native::Code::compile(jm, lowered.scalar, packet, lowered.callees)?;
    Ok(Kernel {
        code,
        layout: lowered.layout,
        why_scalar,
        width,
        counts,
        compile_time: start.elapsed(),
    })
}

/// One memory region lent to a run, indexed as the pointers' region numbers are.
pub enum Mem<'a> {
    /// Region 0: every access faults.
    Null,
    /// Region 1: the work-item's private frame, which the JIT provides.
    Private,
    /// Global or constant memory shared with other threads.
    Shared {
        words: &'a [AtomicU64],
        len: u64,
        writable: bool,
    },
    /// Memory of this group only (`__local`), and what it holds when the group starts
    /// (zeros when `None`).
    Local {
        mem: &'a mut [u8],
        init: Option<&'a [u8]>,
    },
}

/// One launch's work-groups, as a thread runs them (see [`Kernel::runner`]).
pub struct Launch<'a, 'm> {
    /// The regions, indexed by region number. Local memories are reset (to their
    /// initial bytes, or zeros) at each group's start.
    pub regions: &'a mut [Mem<'m>],
    /// Run packets where the kernel has them (false: one work-item at a time, in the
    /// interpreter's order, whatever the kernel).
    pub packets: bool,
    /// The arguments, one `u64` per lane (canonical form), in parameter order.
    pub params: &'a [u64],
    /// The by-value arguments' bytes, which every private frame starts with.
    pub private_init: &'a [u8],
    pub enqueued_local: [u64; 3],
    pub global_size: [u64; 3],
    pub global_offset: [u64; 3],
    pub num_groups: [u64; 3],
    pub work_dim: u32,
}

/// A local memory as at a group's start: its initial bytes, or zeros.
fn reset_local(mem: &mut [u8], init: Option<&[u8]>) {
    match init {
        Some(b) if b.len() == mem.len() => mem.copy_from_slice(b),
        _ => mem.fill(0),
    }
}

/// Buffers a thread reuses from group to group.
#[derive(Default)]
pub struct Scratch {
    private: Vec<u64>,
    state: Vec<u64>,
    table: Vec<RegionDesc>,
}

/// Why a fault happened.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FaultKind {
    Load,
    Store,
    MisalignedLoad {
        align: u64,
    },
    MisalignedStore {
        align: u64,
    },
    Atomic,
    MisalignedAtomic,
    Unreachable,
    /// An image builtin failed: the [`ImageHook`] said why when it returned `false`.
    Image,
}

/// Runs one image builtin for generated code (the host's software sampler): `args` are
/// the call's lanes in canonical form (the image handle first), the result's lanes go
/// to `out`. `false` is a fault, which ends the run as [`FaultKind::Image`].
pub type ImageHook<'a> =
    &'a dyn Fn(kauai_ir::builtins::ImageBuiltin, &[u64], &mut [u64; 4]) -> bool;

/// How a group's run ended. Work-items are local linear indices.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Done,
    Fault {
        wi: u64,
        ptr: u64,
        len: u64,
        kind: FaultKind,
        /// The faulting instruction's source location (unknown when the module has
        /// none), indexing the module's `source_files`.
        loc: kauai_ir::SrcLoc,
    },
    /// The deadline passed or `abort` was set.
    Stopped {
        wi: u64,
    },
    /// Work-item 0 reached `first` and work-item `wi` reached `other` (0: returned,
    /// `1 + id`: barrier `id`).
    Diverged {
        first: u64,
        wi: u64,
        other: u64,
    },
    /// The run needs more memory than its limit allows.
    TooLarge(u64),
    /// The group needed the one-work-item form, which could not be compiled
    /// ([`Kernel::uncompiled_reason`] says why).
    Uncompiled,
}

impl Kernel {
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Why the one-work-item form, compiled on first use when the kernel has packets,
    /// could not be compiled (after [`Outcome::Uncompiled`]).
    pub fn uncompiled_reason(&self) -> Option<&str> {
        self.code.entry_error()
    }

    /// Do groups whose x size is `local_x` run in packets?
    pub fn packets_for(&self, local_x: u64) -> bool {
        self.code.has_packet() && local_x.is_multiple_of(self.width as u64)
    }

    /// Work-items per packet (1: the kernel runs one at a time).
    pub fn packet_width(&self) -> usize {
        self.width
    }

    /// How the kernel runs: in packets of [`Kernel::packet_width`] work-items (groups whose x size
    /// is a multiple of it), or one work-item at a time and why.
    pub fn describe(&self) -> String {
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        match &self.why_scalar {
            None => {
                let mut s = format!("packets of {} work-items", self.width);
                let c = self.counts;
                if c.simd > 0 {
                    s += &format!(", {} value{} in SIMD vectors", c.simd, plural(c.simd));
                }
                if c.lazy > 0 {
                    s += &format!(
                        ", {} address value{} made per work-item only on slow paths",
                        c.lazy,
                        plural(c.lazy)
                    );
                }
                if c.rows > 0 {
                    s += &format!(
                        ", {} access{} checked once per row",
                        c.rows,
                        if c.rows == 1 { "" } else { "es" }
                    );
                }
                s
            }
            Some(why) => format!("one work-item at a time: {why}"),
        }
    }

    /// Bytes of private frames and barrier state a group of `items` work-items needs.
    pub fn group_bytes(&self, items: u64) -> Option<u64> {
        let frame = self.layout.frame.next_multiple_of(16);
        let per = if self.layout.has_barrier {
            frame.checked_add(self.layout.state)?
        } else {
            0
        };
        items.checked_mul(per)?.checked_add(frame)
    }

    /// A thread's runner of `launch`'s groups: the regions' table, the private frames
    /// and the context are set up here once, so that a group costs little more than
    /// the call of its code. `Err` when the launch cannot run at all.
    pub fn runner<'k, 'a, 'm>(
        &'k self,
        launch: Launch<'a, 'm>,
        scratch: &'a mut Scratch,
    ) -> Result<Runner<'k, 'a, 'm>, Outcome> {
        let lay = &self.layout;
        if lay.byval > launch.private_init.len() as u64 {
            return Err(Outcome::TooLarge(lay.byval));
        }
        let needed: u32 = lay.param_lanes.iter().sum();
        if (launch.params.len() as u64) < needed as u64 {
            return Err(Outcome::TooLarge(needed as u64));
        }
        scratch.table.clear();
        for r in launch.regions.iter_mut() {
            scratch.table.push(match r {
                Mem::Null => RegionDesc {
                    base: std::ptr::null_mut(),
                    size: 0,
                    writable: 0,
                },
                // Its base is set at each group's start, by `Runner::fresh_group`.
                Mem::Private => RegionDesc {
                    base: std::ptr::null_mut(),
                    size: lay.frame,
                    writable: 1,
                },
                Mem::Shared {
                    words,
                    len,
                    writable,
                } => RegionDesc {
                    base: words.as_ptr() as *mut u8,
                    size: (*len).min(words.len() as u64 * 8),
                    writable: *writable as u64,
                },
                Mem::Local { mem, .. } => RegionDesc {
                    base: std::ptr::null_mut(),
                    size: mem.len() as u64,
                    writable: 1,
                },
            });
        }
        let ctx = Ctx {
            regions: scratch.table.as_mut_ptr(),
            nregions: scratch.table.len() as u64,
            private_base: std::ptr::null_mut(),
            private_stride: 0,
            private_init: launch.private_init.as_ptr(),
            private_init_len: launch.private_init.len() as u64,
            state_base: std::ptr::null_mut(),
            state_stride: lay.state,
            group_id: [0; 3],
            local_size: [0; 3],
            enqueued_local: launch.enqueued_local,
            global_size: launch.global_size,
            global_offset: launch.global_offset,
            num_groups: launch.num_groups,
            work_dim: launch.work_dim as u64,
            params: launch.params.as_ptr(),
            status: 0,
            fault_ptr: 0,
            fault_len: 0,
            fault_kind: 0,
            wi: 0,
            other_status: 0,
            diverged: 0,
            poll: std::ptr::null(),
        };
        Ok(Runner {
            kernel: self,
            regions: launch.regions,
            scratch,
            ctx,
            packets: launch.packets,
            items: None,
        })
    }

    fn fault_outcome(&self, ctx: &Ctx) -> Outcome {
        let (code, loc) = split_fault_code(ctx.fault_kind);
        let kind = match code {
            FAULT_LOAD => FaultKind::Load,
            FAULT_STORE => FaultKind::Store,
            FAULT_MISALIGNED_LOAD => FaultKind::MisalignedLoad {
                align: ctx.fault_len,
            },
            FAULT_MISALIGNED_STORE => FaultKind::MisalignedStore {
                align: ctx.fault_len,
            },
            FAULT_ATOMIC => FaultKind::Atomic,
            FAULT_MISALIGNED_ATOMIC => FaultKind::MisalignedAtomic,
            FAULT_IMAGE => FaultKind::Image,
            _ => FaultKind::Unreachable,
        };
        Outcome::Fault {
            wi: ctx.wi,
            ptr: ctx.fault_ptr,
            len: ctx.fault_len,
            kind,
            loc,
        }
    }
}

/// Runs the work-groups of one launch on one thread (made by [`Kernel::runner`]). It
/// borrows the launch's memory, so generated code can touch nothing else while it
/// lives.
pub struct Runner<'k, 'a, 'm> {
    kernel: &'k Kernel,
    regions: &'a mut [Mem<'m>],
    scratch: &'a mut Scratch,
    /// Points into `scratch` and at the launch's arguments, both borrowed for `'a`.
    ctx: Ctx,
    packets: bool,
    /// The group size the private frames and barrier state are sized for.
    items: Option<u64>,
}

impl Runner<'_, '_, '_> {
    /// Make the group's memory fresh, as at its start: private frames and barrier
    /// state zeroed (sized for groups of `items` work-items), local memories reset.
    /// The context and the regions' table then take their pointers anew, from the
    /// borrows just used.
    fn fresh_group(&mut self, items: u64) -> Result<(), Outcome> {
        let lay = &self.kernel.layout;
        let scratch = &mut *self.scratch;
        if self.items != Some(items) {
            let frame = lay.frame.next_multiple_of(16);
            let (pstride, nframes) = if lay.has_barrier {
                (frame, items)
            } else {
                (0, 1)
            };
            let Some(pwords) = nframes.checked_mul(frame / 8) else {
                return Err(Outcome::TooLarge(u64::MAX));
            };
            let swords = if lay.has_barrier {
                items * (lay.state / 8)
            } else {
                0
            };
            scratch.private.clear();
            scratch.private.resize(pwords.max(1) as usize, 0);
            scratch.state.clear();
            scratch.state.resize(swords.max(1) as usize, 0);
            self.ctx.private_stride = pstride;
            self.items = Some(items);
        } else {
            scratch.private.fill(0);
            if lay.has_barrier {
                scratch.state.fill(0);
            }
        }
        self.ctx.private_base = scratch.private.as_mut_ptr() as *mut u8;
        self.ctx.state_base = scratch.state.as_mut_ptr() as *mut u8;
        for (r, desc) in self.regions.iter_mut().zip(scratch.table.iter_mut()) {
            match r {
                Mem::Private => desc.base = self.ctx.private_base,
                Mem::Local { mem, init } => {
                    reset_local(mem, *init);
                    desc.base = mem.as_mut_ptr();
                }
                Mem::Null | Mem::Shared { .. } => {}
            }
        }
        // (The table was just written through a fresh borrow: its pointer too.)
        self.ctx.regions = scratch.table.as_mut_ptr();
        Ok(())
    }

    /// Run the group `group_id` of `local_size` work-items to its end. `printf`
    /// records a call to format `id` (its lanes, one `u64` each, in argument order)
    /// and says whether it fit.
    pub fn run(
        &mut self,
        group_id: [u64; 3],
        local_size: [u64; 3],
        deadline: Option<Instant>,
        abort: &AtomicBool,
        printf: &dyn Fn(u32, &[u64]) -> bool,
        image: ImageHook<'_>,
    ) -> Outcome {
        let items: u64 = local_size.iter().product();
        if let Err(o) = self.fresh_group(items) {
            return o;
        }
        let ctx = &mut self.ctx;
        ctx.group_id = group_id;
        ctx.local_size = local_size;
        (ctx.status, ctx.diverged, ctx.wi, ctx.other_status) = (0, 0, 0, 0);
        (ctx.fault_ptr, ctx.fault_len, ctx.fault_kind) = (0, 0, 0);
        let kernel = self.kernel;
        let packets = self.packets && kernel.packets_for(local_size[0]);
        let mut packet_fault = None;
        loop {
            let r = kernel.code.call(
                &mut self.ctx,
                deadline,
                abort,
                printf,
                image,
                packets && packet_fault.is_none(),
            );
            let ctx = &mut self.ctx;
            if r == RET_FAULT && packets && packet_fault.is_none() {
                // The work-items of a packet run interleaved, so the first to fault
                // may not be the one the interpreter names: run the group again one
                // work-item at a time to find it. (The group ends in an error
                // anyway; should the rerun not fault, the packet's fault stands.)
                // The rerun starts the group afresh: its local memory and state as at
                // its start.
                packet_fault = Some((ctx.wi, ctx.fault_ptr, ctx.fault_len, ctx.fault_kind));
                ctx.status = 0;
                ctx.diverged = 0;
                if let Err(o) = self.fresh_group(items) {
                    return o;
                }
                continue;
            }
            if r == RET_DONE || r == RET_UNCOMPILED {
                if let Some((wi, p, len, kind)) = packet_fault {
                    (ctx.wi, ctx.fault_ptr, ctx.fault_len, ctx.fault_kind) = (wi, p, len, kind);
                    return kernel.fault_outcome(ctx);
                }
            }
            match r {
                RET_DONE => return Outcome::Done,
                // Each call starts with a fresh poll budget, so a loop around a barrier
                // may never poll inside the code: the time limit and the abort flag are
                // checked here, between the calls.
                RET_BARRIER
                    if deadline.is_some_and(|d| Instant::now() > d)
                        || abort.load(std::sync::atomic::Ordering::Relaxed) =>
                {
                    return Outcome::Stopped { wi: ctx.wi }
                }
                RET_BARRIER => continue,
                RET_FAULT => return kernel.fault_outcome(ctx),
                RET_STOP => return Outcome::Stopped { wi: ctx.wi },
                RET_UNCOMPILED => return Outcome::Uncompiled,
                _ => {
                    return Outcome::Diverged {
                        first: ctx.status,
                        wi: ctx.wi,
                        other: ctx.other_status,
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows are long (worth one check per row) when they hold more than one packet of
    /// the widest width that fills them.
    #[test]
    fn rows_are_long_past_one_packet() {
        for (local_x, width, long) in [
            (4, 4, false),
            (8, 8, false),
            (16, 16, false),
            (12, 4, true),
            (24, 8, true),
            (32, 16, true),
            (256, 16, true),
        ] {
            assert_eq!(packet_width_for(local_x), width, "{local_x}");
            assert_eq!(rows_are_long(local_x), long, "{local_x}");
        }
    }
}
