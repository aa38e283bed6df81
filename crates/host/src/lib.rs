//! Kauai's host reference executor: runs finalized IR kernels on the CPU.
//!
//! This is the semantic oracle that every other engine (JIT, IL emulator) is checked
//! against, so it follows OpenCL C exactly where OpenCL defines a result, and gives a
//! fixed, documented result (never a panic) where C leaves it undefined.
//!
//! # Using it
//!
//! ```no_run
//! use std::sync::Arc;
//! use kauai_host::{ArgValue, Buffer, ExecOptions, NdRange, Program};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let text = "";
//! let module = kauai_ir::parse_str("k.ir", text)?;
//! let program = Program::new(&module)?;             // translates every function once
//! let dst = Arc::new(Buffer::new(64 * 4));
//! let stats = program.run(
//!     "fill",
//!     &[ArgValue::Buffer(dst.clone()), ArgValue::Bytes(7i32.to_le_bytes().to_vec())],
//!     &NdRange::linear(64, 16),
//!     &ExecOptions::default(),
//! )?;
//! println!("{} IR instructions", stats.instructions);
//! let bytes = dst.read_bytes();
//! # Ok(()) }
//! ```
//!
//! # What it runs
//!
//! A finalized [`kauai_ir::Module`] (64-bit data layout): kernels are functions with
//! `"mux-kernel"="entry-point"`; work-item queries are calls to the `__mux_get_*`
//! builtins; `__mux_work_group_barrier(id, scope, semantics)` is a barrier;
//! `__mux_work_group_{any,all,broadcast,reduce_*,scan_*}` are collectives (they wait like
//! a barrier); `__mux_vec_group_*` combine the lanes of one vector; the
//! `__mux_dma_*` copies are done by each work-item that calls them (all work-items of a
//! group copy the same bytes) and `__mux_dma_wait` does nothing; sub-groups have one
//! work-item. Module globals in address space 2 are
//! read-only memory shared by all work-items, in space 1 shared read-write memory that
//! lives as long as the [`Program`], in space 3 per-work-group memory (zeroed at the start
//! of each group).
//!
//! Kernel arguments ([`ArgValue`]): a [`Buffer`] for `ptr1`/`ptr2`/`ptr4` parameters,
//! `Local { size }` for `ptr3` parameters (a zeroed per-group allocation), `Bytes` for
//! scalars and vectors (little-endian; a `vec3` may be given as 3 or 4 lanes; a
//! `sampler_t` as its 4 bytes of `CLK_*` bits), an [`image::Image`] for `ptr5`
//! (image) parameters, for
//! `ptr0 byval(T)` parameters (the bytes are copied into each work-item's private
//! memory), and all-zero bytes for a null pointer.
//!
//! # Execution model
//!
//! Work-groups are handed out to `threads` threads in dynamic chunks. Within a group the
//! work-items run one after another: each runs until it reaches a barrier or returns,
//! then the next one runs; when all have reached the same barrier they all continue. A
//! work-item's state is its register frames and private stack, so a suspended
//! work-item simply waits; calls use an explicit frame stack, so a barrier inside a
//! called function works too. Work-items that reach different barriers (or a barrier
//! and a return) stop the enqueue with [`ExecError::BarrierDivergence`].
//!
//! Memory is addressed by 64-bit pointers `region << 40 | offset`; regions are the null
//! region, the current work-item's private stack, each module global, and each kernel
//! argument. Every access is bounds-checked against its region: a bad access stops the
//! enqueue with [`ExecError::Fault`] naming the kernel, the work-item, the address space,
//! the offset and the region's size. Global buffers are words of atomics (see
//! [`Buffer`]), so concurrent work-groups are safe without `unsafe`, and atomic
//! instructions are really atomic across threads.
//!
//! # Checks
//!
//! [`ExecOptions::checks`] turns on checks beyond the bounds checks ([`Checks`]):
//! `memory` (each private array bounds-checked on its own; a store to a buffer created
//! read-only or a load from one created write-only, [`Buffer::access`]), `races`
//! (data races on `__global` and `__local` memory, see `exec/races.rs`) and `uninit`
//! (see [`uninit`]). A check runs the kernel on the interpreter, one work-group after
//! another; what it finds goes to [`RunStats::findings`] (each distinct finding once,
//! with a count and the source line, in Oclgrind's wording), and the run goes on: a bad
//! load reads zeros, a bad store does nothing.
//!
//! # printf
//!
//! A call to `__kauai_printf.<ID>` (see `kauai_ir::printf`) records its arguments in its
//! work-group's log. After the run, [`RunStats::printf`] holds the text,
//! formatted by `kauai_printf` (as glibc prints), in a fixed order: work-groups in
//! linear order (x fastest), and within a group in the order the work-items made the
//! calls (one after another from barrier to barrier, in local linear order). That is
//! the kauai IL emulator's order, so both print the same text, whatever the threads.
//! The printf buffer is [`ExecOptions::printf_buffer_size`] bytes (1 MiB by default):
//! records are counted as in the AMD layout (4-byte id, arguments rounded up to 4
//! bytes, `%s` strings with their NUL) after an 8-byte header; the first record that
//! does not fit, in that order, is dropped with every later one, as the AMD runtime
//! drops writes past `cb0[8].z`. printf returns -1 when the records of its own
//! work-group (itself included) do not fit, else 0; a record dropped because earlier
//! work-groups filled the buffer still got 0 (that is only known once they have run).
//!
//! # Semantics where C is undefined
//!
//! - integer division by zero gives 0, `INT_MIN / -1` gives `INT_MIN`, and the remainder
//!   of either is 0; shift amounts are taken modulo the width (as OpenCL says);
//! - float→integer conversions saturate (NaN gives 0) even without `sat`;
//! - `extract_dyn` with an out-of-range index gives 0;
//! - `atomic_rmw inc p, v` stores `old >= v ? 0 : old + 1` and `dec` stores
//!   `old == 0 || old > v ? v : old - 1` (LLVM's `uinc_wrap`/`udec_wrap`; OpenCL's
//!   `atomic_inc`/`atomic_dec` are `v = UINT_MAX`).
//!
//! Float arithmetic is IEEE single or double as the type says (`f32` is computed in
//! `f32`); `f16` is computed in `f32` and rounded. Math functions come from `libm`, so
//! results are the same on every machine.
//!
//! # Limits
//!
//! The `fuel` option is an instruction budget for the whole enqueue and `timeout` a wall
//! clock limit; both are checked every few thousand instructions and stop endless
//! kernels with an error naming a work-item. Private memory is capped at 16 MiB per
//! work-item (less in large groups that wait at barriers, where every work-item's state
//! is kept at once: 512 MiB of private memory per group), local memory at 256 MiB per
//! group, groups at 65536 work-items, calls at 4096 nested frames. With several threads
//! the instruction budget may be overrun by up to 65536 instructions per thread before
//! the run stops.
//!
//! # Inside
//!
//! - `translate.rs` turns each function, once, into `code.rs`'s pre-decoded form: a flat
//!   vector of small ops over numbered register slots (one `u64` per lane), constants
//!   placed in the frame's initial contents, block parameters turned into moves on the
//!   edges, hot scalar operations given their own ops;
//! - `exec.rs` holds [`Program`], the scheduling of work-groups over threads and of
//!   work-items over barriers, memory regions and the interpreter loop; instructions
//!   are counted per block (on the block's terminator), so counting costs one
//!   subtraction per block;
//! - lane semantics (what one lane of every operation computes) live in `kauai_ir::lanes`;
//! - `image.rs` is the software sampler: images' memory, addressing, filtering and
//!   format conversions (OpenCL 1.2 8.2, 8.3), the one implementation both executors
//!   call (the JIT through its image hook, `exec/image_ops.rs`);
//! - `printf.rs` keeps each work-group's `printf` records and merges them into
//!   [`RunStats::printf`] in work-group order (see "printf" above);
//! - `buffer.rs` is the thread-safe global memory.
//!
//! Tests are data files (`tests/data/*.ir`: a module, the launch and the expected
//! results, computed by hand, in comments; see `tests/data.rs`), a never-panic property
//! over random launches and mutated modules (`tests/robust.rs`, also the fuzz target
//! `host_run`), and unit tests of the lane semantics. `cargo bench -p kauai-host` prints
//! the interpreter's speed on a Mandelbrot kernel.

#![forbid(unsafe_code)]

mod buffer;
pub mod checks;
mod code;
mod exec;
pub mod image;
mod printf;
pub mod props;
mod translate;
pub mod uninit;

use std::sync::Arc;
use std::time::Duration;

pub use buffer::{Access, Buffer};
pub use checks::{Checks, Finding, FindingKind, RaceKind, UninitKind, CHECKS_VAR, CHECK_LOG_VAR};
pub use exec::Program;
/// Work-items the JIT runs together in a packet, at most.
pub const JIT_PACKET: usize = kauai_jit::PACKET;

// The runtime shares programs and buffers between threads.
const _: fn() = || {
    fn shareable<T: Send + Sync>() {}
    shareable::<Program>();
    shareable::<Buffer>();
    shareable::<ExecError>();
};

/// One kernel argument.
#[derive(Clone, Debug)]
pub enum ArgValue {
    /// A global or constant buffer (for `ptr1`, `ptr2` and `ptr4` parameters).
    Buffer(Arc<Buffer>),
    /// A `__local` buffer of `size` bytes, allocated for each work-group (`ptr3`).
    Local { size: u64 },
    /// A scalar or vector by value (little-endian), a `byval` struct, or a null pointer
    /// (all zeros).
    Bytes(Vec<u8>),
    /// An image for a `ptr5` parameter: its type must be the parameter's
    /// (`kernel_arg_type`); a `read_only` parameter cannot write it.
    Image(Arc<image::Image>),
}

/// The shape of an enqueue. Dimensions at or above `work_dim` are ignored (size 1).
/// A global size that is not a multiple of the local size gives a smaller last group,
/// as OpenCL 2.0's non-uniform work-groups do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NdRange {
    pub work_dim: u32,
    pub global_offset: [u64; 3],
    pub global_size: [u64; 3],
    pub local_size: [u64; 3],
}

impl NdRange {
    /// A one-dimensional range without offset.
    pub fn linear(global: u64, local: u64) -> NdRange {
        NdRange {
            work_dim: 1,
            global_offset: [0; 3],
            global_size: [global, 1, 1],
            local_size: [local, 1, 1],
        }
    }
}

#[derive(Clone, Debug)]
pub struct ExecOptions {
    /// Worker threads; 0 means one per available core.
    pub threads: usize,
    /// Wall-clock limit for the whole enqueue.
    pub timeout: Option<Duration>,
    /// Instruction budget for the whole enqueue.
    pub fuel: Option<u64>,
    /// Bytes of the printf buffer (an 8-byte header, then records in the kauai AMD
    /// layout); records past it are dropped. [`DEFAULT_PRINTF_BUFFER`] by default.
    pub printf_buffer_size: u64,
    /// Which executor runs the kernel; by default [`Executor::from_env`].
    pub executor: Executor,
    /// Let the JIT run work-items in packets where the kernel allows it (true unless
    /// `KAUAI_JIT_PACKETS=0`). Packets change the order in which work-items' accesses
    /// happen, which only kernels with data races between work-items can observe;
    /// false runs one work-item at a time in the interpreter's order.
    pub jit_packets: bool,
    /// Checks beyond the bounds checks (none by default). Any check runs the kernel
    /// on the interpreter, one work-group after another; what they find is in
    /// [`RunStats::findings`] and does not stop the run.
    pub checks: Checks,
}

/// Who runs a kernel on the host.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Executor {
    /// The JIT when it can compile the kernel and no instruction budget is set (only
    /// the interpreter counts instructions), else the interpreter.
    Auto,
    /// Compiled code only: a kernel the JIT cannot compile is an error.
    Jit,
    /// The interpreter, the reference every other executor is checked against.
    Interpreter,
}

impl Executor {
    /// The environment variable that picks the executor of every run whose options
    /// do not say: `jit`, `interp` or `auto`.
    pub const ENV: &'static str = "KAUAI_HOST_EXECUTOR";

    pub fn from_name(s: &str) -> Option<Executor> {
        Some(match s {
            "auto" => Executor::Auto,
            "jit" => Executor::Jit,
            "interp" | "interpreter" => Executor::Interpreter,
            _ => return None,
        })
    }

    /// The executor `KAUAI_HOST_EXECUTOR` names, `Auto` when it is unset or unknown.
    pub fn from_env() -> Executor {
        std::env::var(Executor::ENV)
            .ok()
            .and_then(|s| Executor::from_name(&s))
            .unwrap_or(Executor::Auto)
    }
}

/// 1 MiB: the smallest `CL_DEVICE_PRINTF_BUFFER_SIZE` OpenCL 1.2 allows a full-profile
/// device, and the size the runtime gives the kauai IL emulator.
pub const DEFAULT_PRINTF_BUFFER: u64 = 1 << 20;

impl Default for ExecOptions {
    fn default() -> ExecOptions {
        ExecOptions {
            threads: 0,
            timeout: None,
            fuel: None,
            printf_buffer_size: DEFAULT_PRINTF_BUFFER,
            executor: Executor::from_env(),
            jit_packets: std::env::var("KAUAI_JIT_PACKETS").map_or(true, |v| v != "0"),
            checks: Checks::default(),
        }
    }
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunStats {
    /// IR instructions executed (block by block: a block that was entered counts whole,
    /// constants included).
    pub instructions: u64,
    pub work_groups: u64,
    pub elapsed: Duration,
    /// What the kernel's `printf` calls printed, in the device's buffer order (empty
    /// when it printed nothing).
    pub printf: String,
    /// printf calls whose output was dropped because the printf buffer was full (the
    /// AMD rule; a tool should tell its user). 0 where the device cannot count them.
    pub printf_dropped: u64,
    /// Who ran the kernel: `jit, packets of 4 work-items`, `jit, one work-item at a
    /// time: <why>`, `interpreter`, or `interpreter (<why the JIT could not>)`.
    pub executor: String,
    /// Time the JIT spent compiling the kernel in this run (zero when it was cached).
    pub compile_time: Duration,
    /// What the checks of [`ExecOptions::checks`] found, each distinct finding once
    /// (with a count), in the order first seen.
    pub findings: Vec<Finding>,
    /// Distinct findings beyond the ones kept (only counted).
    pub findings_dropped: u64,
}

/// Why a program could not be built or an enqueue failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExecError {
    /// A bad memory access or another run-time fault of one work-item.
    #[error("fault in kernel {kernel}, work-item ({}, {}, {}): {message}{}", work_item[0], work_item[1], work_item[2], fault_at(at))]
    Fault {
        kernel: String,
        work_item: [u64; 3],
        message: String,
        /// The source line of the faulting access, when the module carries locations.
        at: Option<Box<kauai_ir::SourcePos>>,
        /// What the checks ([`ExecOptions::checks`]) found before the fault, which is
        /// often its cause (a race that left a bad index); empty without checks.
        findings: Vec<Finding>,
    },
    #[error("kernel {kernel} stopped by the {limit} (work-item ({}, {}, {}) was running)", work_item[0], work_item[1], work_item[2])]
    Timeout {
        kernel: String,
        work_item: [u64; 3],
        /// `"time limit"` or `"instruction limit"`.
        limit: String,
    },
    #[error("barrier divergence in kernel {kernel}: {message}")]
    BarrierDivergence { kernel: String, message: String },
    #[error("{0}")]
    Unsupported(String),
    #[error("invalid arguments: {0}")]
    InvalidArgs(String),
    #[error("invalid module: {0}")]
    InvalidModule(String),
}

/// ` (at file:line:col)` and the source line under it, for a fault's message.
fn fault_at(at: &Option<Box<kauai_ir::SourcePos>>) -> String {
    match at {
        None => String::new(),
        Some(p) if p.text.is_some() => format!(" (at {p})\n{}", p.snippet()),
        Some(p) => format!(" (at {p})"),
    }
}
