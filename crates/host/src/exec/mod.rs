//! Programs (translated modules) and the executor. The shared state lives here (the
//! program, one run's context, work-items and their frames); each part of running a
//! kernel has its own module:
//!
//! - `setup`: translating a module into a [`Program`], checking the ND-range, binding
//!   arguments to memory regions;
//! - `schedule`: [`Program::run`], work-groups over threads, work-items over barriers;
//! - `memory`: addresses, bounds and alignment checks, loads and stores, fault messages;
//! - `atomics`: atomic read-modify-write on every kind of memory;
//! - `collectives`: work-group and sub-group collectives, computed when the whole group
//!   waits at one;
//! - `interp`: the interpreter loop of one work-item and the work-item queries;
//! - `jit`: work-groups run by code `kauai-jit` compiled.

mod async_check;
mod atomics;
mod collectives;
mod fault_log;
mod image_ops;
mod interp;
mod jit;
mod memory;
mod races;
mod schedule;
mod setup;
mod shadow;

/// A work-item's ids, as the checks name it: global, local, group.
pub(super) type Ids = ([u64; 3], [u64; 3], [u64; 3]);

use atomics::atomic_new;
use collectives::group_combine;
use memory::{get_bits, put_bits, rd, wr, Mem};
use setup::Geometry;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use kauai_ir::builtins::{GroupKind, GroupOp};
use kauai_ir::{AddrSpace, AtomicOp, BinaryOp, EntityRef, Module, Scalar, Type};

use crate::code::*;
use crate::translate::{group_identity, translate_module};
use crate::{ArgValue, Buffer, ExecError, ExecOptions, Executor, NdRange, RunStats};
use kauai_ir::lanes::{self as scalar, mask, sext};
use std::time::Duration;

const MAX_PRIVATE: usize = 16 << 20;
/// Memory for the suspended work-items of one group (registers and private stacks).
const MAX_GROUP_STATE: u64 = 1 << 30;
const MAX_LOCAL: u64 = 256 << 20;
const MAX_FRAMES: usize = 4096;
const MAX_GROUP_ITEMS: u64 = 1 << 16;
const MAX_GLOBAL: u64 = 1 << 32;
/// Instructions between two checks of the limits.
const CHUNK: i64 = 1 << 16;

#[derive(Debug)]
enum GlobalMem {
    Shared { buf: Arc<Buffer>, writable: bool },
    Local(usize),
}

#[derive(Clone, Debug)]
enum ParamKind {
    Value {
        sc: Scalar,
        lanes: u32,
    },
    Ptr(AddrSpace),
    Byval {
        size: u64,
        align: u64,
    },
    /// A `ptr5` parameter: the image type and whether the kernel may write it.
    Image {
        ty: kauai_ir::image::ImageType,
        writable: bool,
    },
}

#[derive(Clone, Debug)]
struct KernelInfo {
    name: String,
    func: u32,
    params: Vec<(String, ParamKind, String)>,
    barrier: bool,
}

/// A translated module, ready to run any of its kernels any number of times, from any
/// number of threads.
#[derive(Debug)]
pub struct Program {
    funcs: Vec<Option<crate::code::FuncCode>>,
    kernels: Vec<KernelInfo>,
    globals: Vec<GlobalMem>,
    global_descs: Vec<String>,
    /// (size, initial bytes) of each `__local` module global.
    local_globals: Vec<(u64, Option<Vec<u8>>)>,
    /// The printf table, parsed; empty when no function calls printf.
    printf: crate::printf::Formats,
    /// The names behind the instructions' source locations.
    source_files: Vec<String>,
    /// The module, for the JIT, which compiles a kernel on its first run.
    module: Option<Module>,
    /// Whether this is the uninit check's instrumented copy of a program.
    instrumented: bool,
    /// That copy, made on the first run that asks for the check.
    uninit_copy: std::sync::OnceLock<Result<Arc<Program>, String>>,
    /// Compiled kernels (or why the JIT cannot compile them), by function index,
    /// packet width and whether rows are long (`kauai_jit::rows_are_long`).
    jit: Mutex<
        std::collections::HashMap<(u32, usize, bool), Arc<Result<kauai_jit::Kernel, String>>>,
    >,
}

#[derive(Debug)]
enum Region<'a> {
    Null,
    Private,
    Shared {
        buf: &'a Buffer,
        writable: bool,
        /// False only for a write-only buffer with the memory check on.
        readable: bool,
    },
    Local(usize),
    /// An image argument, reached only by the image builtins.
    Image {
        img: &'a crate::image::Image,
        writable: bool,
    },
}

struct RunCtx<'p> {
    prog: &'p Program,
    kernel: &'p KernelInfo,
    regions: Vec<Region<'p>>,
    descs: Vec<String>,
    template: Vec<u64>,
    private_init: Vec<u8>,
    /// Size and initial bytes of each local region.
    local_sizes: Vec<(u64, Option<&'p [u8]>)>,
    geo: Geometry,
    /// Private memory per work-item.
    private_limit: u64,
    abort: AtomicBool,
    fuel: Option<u64>,
    fuel_used: AtomicU64,
    deadline: Option<Instant>,
    next_group: AtomicU64,
    error: Mutex<Option<ExecError>>,
    /// printf buffer bytes, whether a record did not fit, and the merged output.
    printf_limit: u64,
    printf_full: AtomicBool,
    printf: Mutex<crate::printf::Merge>,
    /// Whether compiled kernels may run in packets (`ExecOptions::jit_packets`).
    packets: bool,
    /// The race check's shadow state, when it is on (one thread then: never contended).
    races: Option<Mutex<races::RaceState>>,
    /// The uninit check's state, when it is on.
    uninit: Option<Mutex<shadow::ShadowState>>,
    /// With checks on, the bad accesses that did not stop the run.
    faults: Option<Mutex<fault_log::FaultLog>>,
    /// The async check's state, when it is on.
    asyncs: Option<Mutex<async_check::AsyncState>>,
    /// Whether the `memory` check is on: private arrays are then bounds-checked one by
    /// one.
    checked: bool,
}

/// The op just executed in function `func`, whose next op is at `pc`, as one number
/// (`func << 32 | op index`): what the checks key their findings by.
fn site(func: u32, pc: usize) -> u64 {
    u64::from(func) << 32 | (pc as u64).saturating_sub(1)
}

/// Why a work-item stopped early.
enum Stop {
    Fault(String),
    Limit(&'static str),
    Unsupported(String),
    Abort,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Status {
    Returned,
    Barrier(u64),
    Collective(u64),
}

#[derive(Copy, Clone, Debug)]
struct Frame {
    func: u32,
    pc: u32,
    base: u32,
    mark: u32,
    ret: Option<(S, u32)>,
}

#[derive(Copy, Clone, Debug)]
struct PendingColl {
    func: u32,
    idx: u32,
    value: u64,
    ids: [u64; 3],
    dst: usize,
}

#[derive(Default)]
struct WorkItem {
    regs: Vec<u64>,
    frames: Vec<Frame>,
    private: Vec<u8>,
    /// The uninit check's shadow of `private` (empty without the check).
    shadow: Vec<u8>,
    /// With checks on, each private array's bytes, so that an access is checked
    /// against its own array rather than the whole of private memory.
    arrays: Vec<PrivArray>,
    lid: [u64; 3],
    gid: [u64; 3],
    coll: Option<PendingColl>,
}

/// A private array (an `alloca`) while its function runs: `start..end` in private
/// memory, with a gap of [`RED_ZONE`] bytes before it that belongs to no array.
#[derive(Copy, Clone, Debug)]
struct PrivArray {
    start: u64,
    end: u64,
    loc: kauai_ir::SrcLoc,
}

/// The gap the checks leave before each private array, so that an overrun of one
/// lands in no array (and is caught) rather than in the next.
const RED_ZONE: u64 = 16;

struct GroupCtx {
    id: [u64; 3],
    size: [u64; 3],
    /// The group's printf records.
    log: crate::printf::Log,
}

struct Meter {
    budget: i64,
    chunk: i64,
    done: u64,
}

impl Meter {
    fn new(run: &RunCtx) -> Meter {
        let c = run.fuel.map_or(CHUNK, |f| (f as i64).clamp(0, CHUNK));
        Meter {
            budget: c,
            chunk: c,
            done: 0,
        }
    }

    fn total(&self) -> u64 {
        self.done + (self.chunk - self.budget) as u64
    }

    #[cold]
    fn refuel(&mut self, run: &RunCtx) -> Result<(), Stop> {
        let used = (self.chunk - self.budget) as u64;
        self.done += used;
        self.chunk = CHUNK;
        self.budget = CHUNK;
        if run.abort.load(Ordering::Relaxed) {
            return Err(Stop::Abort);
        }
        if let Some(fuel) = run.fuel {
            let total = run.fuel_used.fetch_add(used, Ordering::Relaxed) + used;
            if total > fuel {
                return Err(Stop::Limit("instruction limit"));
            }
            let left = ((fuel - total) as i64).min(CHUNK);
            self.chunk = left;
            self.budget = left;
        }
        if run.deadline.is_some_and(|d| Instant::now() > d) {
            return Err(Stop::Limit("time limit"));
        }
        Ok(())
    }
}

impl<'p> RunCtx<'p> {
    fn fail(&self, e: ExecError) {
        self.abort.store(true, Ordering::Relaxed);
        if let Ok(mut slot) = self.error.lock() {
            if slot.is_none() {
                *slot = Some(e);
            }
        }
    }
}
