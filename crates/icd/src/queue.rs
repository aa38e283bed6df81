//! Command queues: one worker thread per queue runs its commands in order.

use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex, Weak};

use kauai_host::{Checks, ExecOptions};
use kauai_runtime::{enqueue, Kernel, KernelArg, NdRangeSpec, Program, RuntimeError};
use opencl_sys::*;

use crate::objects::{lock, ArgVal, Context, Event, KernelObj, Mem, Queue, QueueTail};
use crate::platform::DeviceObj;
use crate::registry::{self, Kind};

/// What a command does.
pub enum Work {
    /// Markers, barriers, migrations: nothing but ordering.
    Nothing,
    /// Copy `len` bytes at `offset` of the buffer to the application's `dst`.
    Read {
        mem: Arc<Mem>,
        offset: usize,
        len: usize,
        dst: usize,
    },
    /// Rectangular read: `(buffer offset, host offset, len)` runs.
    ReadRect {
        mem: Arc<Mem>,
        runs: Vec<(usize, usize, usize)>,
        dst: usize,
    },
    /// Write bytes (taken from the application at enqueue time) at `offset`.
    Write {
        mem: Arc<Mem>,
        offset: usize,
        data: Vec<u8>,
    },
    /// Rectangular write: `(buffer offset, bytes)` runs.
    WriteRuns {
        mem: Arc<Mem>,
        runs: Vec<(usize, Vec<u8>)>,
    },
    /// Copy runs `(src offset, dst offset, len)` between buffers.
    Copy {
        src: Arc<Mem>,
        dst: Arc<Mem>,
        runs: Vec<(usize, usize, usize)>,
    },
    Fill {
        mem: Arc<Mem>,
        pattern: Vec<u8>,
        offset: usize,
        size: usize,
    },
    /// Fill the mapping at `ptr`: runs `(memory offset, offset from ptr, len)`.
    Map {
        mem: Arc<Mem>,
        ptr: usize,
        runs: Vec<(usize, usize, usize)>,
    },
    /// Copy the mapping at `ptr` back (if mapped for writing) and end it.
    Unmap { mem: Arc<Mem>, ptr: usize },
    Kernel {
        kernel: Arc<KernelObj>,
        /// The kernel's program as built for the queue's device.
        program: Arc<Program>,
        args: Vec<ArgVal>,
        nd: NdRangeSpec,
    },
}

pub struct Command {
    pub event: Arc<Event>,
    pub wait: Vec<Arc<Event>>,
    pub work: Work,
}

pub fn create_queue(context: Arc<Context>, device: Arc<DeviceObj>, properties: u64) -> Arc<Queue> {
    let (tx, rx) = channel::<Command>();
    let q = registry::register(Kind::Queue, true, |handle| Queue {
        handle,
        context,
        device,
        properties,
        tail: Mutex::new(QueueTail {
            tx,
            last: Weak::new(),
        }),
    });
    let name = format!("kauai-queue-{:x}", q.handle);
    let spawned = std::thread::Builder::new()
        .name(name)
        .spawn(move || worker(rx));
    let spawned = spawned.map(|h| {
        let mut w = lock(&WORKERS);
        // (The handles of workers that have ended are let go as new ones start.)
        w.retain(|h| !h.is_finished());
        w.push(h);
    });
    if let Err(e) = spawned {
        // Commands sent to a queue without a worker would never run; say why.
        q.context
            .report(&format!("cannot start the queue's worker thread: {e}"));
    }
    q
}

/// The worker threads of the queues, until they are joined.
static WORKERS: Mutex<Vec<std::thread::JoinHandle<()>>> = Mutex::new(Vec::new());

/// Wait (at most until `deadline`) for the worker threads of released queues to end,
/// thread-local storage and all: a leak checker run right after the last release
/// would otherwise see the memory of a thread still on its way out. Returns whether
/// none is left.
pub fn join_workers(deadline: std::time::Instant) -> bool {
    loop {
        let done: Vec<_> = {
            let mut w = lock(&WORKERS);
            let (done, running): (Vec<_>, Vec<_>) = w.drain(..).partition(|h| h.is_finished());
            *w = running;
            done
        };
        for h in done {
            let _ = h.join();
        }
        if lock(&WORKERS).is_empty() {
            return true;
        }
        if std::time::Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// Send a command to the queue's worker; returns its event.
pub fn submit(
    q: &Arc<Queue>,
    command_type: u32,
    wait: Vec<Arc<Event>>,
    work: Work,
    exposed: bool,
) -> Arc<Event> {
    let event = Event::new(q.context.clone(), Some(q.clone()), command_type, exposed);
    if crate::api_checks::enabled() {
        crate::api_checks::command_submitted(&event, &wait, &mem_accesses(&work), &work);
    }
    let mut tail = lock(&q.tail);
    if tail
        .tx
        .send(Command {
            event: event.clone(),
            wait,
            work,
        })
        .is_err()
    {
        event.set_status(CL_OUT_OF_RESOURCES);
    }
    tail.last = Arc::downgrade(&event);
    drop(tail);
    event
}

/// Wait for everything sent to the queue so far.
pub fn finish(q: &Queue) {
    let last = lock(&q.tail).last.upgrade();
    if let Some(e) = last {
        e.wait();
    }
}

fn worker(rx: Receiver<Command>) {
    while let Ok(Command { event, wait, work }) = rx.recv() {
        event.set_status(CL_SUBMITTED);
        let failed = wait.iter().any(|e| e.wait() < 0);
        drop(wait);
        let status = if failed {
            drop(work);
            CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
        } else {
            event.set_status(CL_RUNNING);
            execute(&event.context, work)
        };
        // Everything the command held (its buffers above all) is released before it
        // completes: a buffer released by the application is destroyed, and its
        // destructor callbacks run, by the time its last command is complete.
        event.set_status(status);
    }
}

/// Run one command; its final status.
fn execute(ctx: &Context, work: Work) -> cl_int {
    let (uses, writes) = sub_buffers(&work);
    for m in &uses {
        m.sync_in();
    }
    drop(uses);
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(work)));
    for m in &writes {
        m.sync_out();
    }
    drop(writes);
    match r {
        Ok(Ok(())) => CL_COMPLETE,
        Ok(Err((code, message))) => {
            ctx.report(&message);
            code
        }
        Err(_) => {
            ctx.report("internal error while running a command (a bug in Kauai)");
            CL_OUT_OF_RESOURCES
        }
    }
}

type Failure = (cl_int, String);

/// The memory objects a command uses, each with whether it may change it: a kernel
/// may write a buffer argument unless the buffer is `CL_MEM_READ_ONLY` or the parameter
/// `const`.
pub(crate) fn mem_accesses(work: &Work) -> Vec<(&Arc<Mem>, bool)> {
    match work {
        Work::Nothing => vec![],
        Work::Read { mem, .. } | Work::ReadRect { mem, .. } | Work::Map { mem, .. } => {
            vec![(mem, false)]
        }
        Work::Write { mem, .. }
        | Work::WriteRuns { mem, .. }
        | Work::Fill { mem, .. }
        | Work::Unmap { mem, .. } => vec![(mem, true)],
        Work::Copy { src, dst, .. } => vec![(src, false), (dst, true)],
        Work::Kernel { args, kernel, .. } => {
            args.iter()
                .enumerate()
                .filter_map(|(i, a)| match a {
                    ArgVal::Mem(m) => {
                        let constant =
                            kernel.info.args.get(i).is_some_and(|p| {
                                p.type_qual.split_whitespace().any(|w| w == "const")
                            });
                        Some((m, m.flags & CL_MEM_READ_ONLY == 0 && !constant))
                    }
                    _ => None,
                })
                .collect()
        }
    }
}

/// The sub-buffers a command uses, and those it may change (see [`Mem::parent`]).
fn sub_buffers(work: &Work) -> (Vec<Arc<Mem>>, Vec<Arc<Mem>>) {
    let all = mem_accesses(work);
    let sub = |m: &&Arc<Mem>| m.parent.is_some();
    let uses = all.iter().map(|(m, _)| *m).filter(sub).cloned().collect();
    let writes = all
        .iter()
        .filter(|(_, w)| *w)
        .map(|(m, _)| *m)
        .filter(sub)
        .cloned()
        .collect();
    (uses, writes)
}

fn bytes_of(mem: &Mem, offset: usize, len: usize) -> Vec<u8> {
    // The region was bounds-checked at enqueue.
    mem.storage.read_range(offset, len).unwrap_or_default()
}

fn write_at(mem: &Mem, offset: usize, data: &[u8]) -> Result<(), Failure> {
    mem.storage
        .write_bytes(offset, data)
        .map_err(|e| (CL_OUT_OF_RESOURCES, e.to_string()))
}

fn run(work: Work) -> Result<(), Failure> {
    match work {
        Work::Nothing => Ok(()),
        Work::Read {
            mem,
            offset,
            len,
            dst,
        } => {
            crate::ffi::copy_to_host(dst, &bytes_of(&mem, offset, len));
            Ok(())
        }
        Work::ReadRect { mem, runs, dst } => {
            for (b, h, len) in runs {
                if let Ok(src) = mem.storage.read_range(b, len) {
                    crate::ffi::copy_to_host(dst + h, &src);
                }
            }
            Ok(())
        }
        Work::Write { mem, offset, data } => write_at(&mem, offset, &data),
        Work::WriteRuns { mem, runs } => {
            for (off, data) in runs {
                write_at(&mem, off, &data)?;
            }
            Ok(())
        }
        Work::Copy { src, dst, runs } => {
            for (s, d, len) in runs {
                dst.storage
                    .copy_from(d, &src.storage, s, len)
                    .map_err(|e| (CL_OUT_OF_RESOURCES, e.to_string()))?;
            }
            Ok(())
        }
        Work::Fill {
            mem,
            pattern,
            offset,
            size,
        } => {
            let data: Vec<u8> = pattern.iter().copied().cycle().take(size).collect();
            write_at(&mem, offset, &data)
        }
        Work::Map { mem, ptr, runs } => {
            // An unmap run first (from another queue) ended the mapping and freed its
            // staging memory: copy only into a mapping that still exists, holding the
            // lock so no unmap ends it meanwhile.
            let maps = lock(&mem.maps);
            if maps.get(&ptr).is_some_and(|v| !v.is_empty()) {
                for (b, h, len) in runs {
                    crate::ffi::copy_to_host(ptr + h, &bytes_of(&mem, b, len));
                }
            }
            Ok(())
        }
        Work::Unmap { mem, ptr } => {
            let m = {
                let mut maps = lock(&mem.maps);
                let m = maps.get_mut(&ptr).and_then(Vec::pop);
                if maps.get(&ptr).is_some_and(Vec::is_empty) {
                    maps.remove(&ptr);
                }
                m
            };
            let Some(m) = m else {
                return Ok(());
            };
            if m.write {
                for &(b, h, len) in &m.runs {
                    let data = crate::ffi::copy_from_host(ptr + h, len);
                    write_at(&mem, b, &data)?;
                }
            }
            // The staging memory (if any) is freed here, after the copy.
            drop(m);
            Ok(())
        }
        Work::Kernel {
            kernel,
            program,
            args,
            nd,
        } => run_kernel(&kernel, &program, args, &nd),
    }
}

/// Faults and other launch failures end the event with this status: the kernel could
/// not complete with the resources (memory bounds, time) it had.
const FAULT_STATUS: cl_int = CL_OUT_OF_RESOURCES;

fn run_kernel(
    k: &KernelObj,
    program: &Program,
    args: Vec<ArgVal>,
    nd: &NdRangeSpec,
) -> Result<(), Failure> {
    let mut rk = Kernel::new(program, &k.info.name).map_err(|e| (FAULT_STATUS, e.to_string()))?;
    for (i, a) in args.into_iter().enumerate() {
        let v = match a {
            ArgVal::Mem(m) => match &m.image {
                Some(i) => KernelArg::Image(i.img.clone()),
                None => KernelArg::Buffer(m.storage.clone()),
            },
            // A NULL cl_mem is a null pointer in the kernel: as many zero bytes as the
            // device's pointers have.
            ArgVal::NullMem => {
                let size = rk.info.args.get(i).map_or(8, |a| a.size as usize);
                KernelArg::Bytes(vec![0; size])
            }
            ArgVal::Local(n) => KernelArg::Local(n),
            ArgVal::Bytes(b) => KernelArg::Bytes(b),
        };
        rk.set_arg(i, v)
            .map_err(|e| (FAULT_STATUS, e.to_string()))?;
    }
    match enqueue(&rk, nd, exec_options()) {
        Ok(stats) => {
            report_findings(&stats);
            if !stats.printf.is_empty() {
                use std::io::Write;
                let mut out = std::io::stdout().lock();
                let _ = out.write_all(stats.printf.as_bytes());
                let _ = out.flush();
            }
            Ok(())
        }
        Err(e) => Err((FAULT_STATUS, fault_message(&k.info.name, &e))),
    }
}

/// The options of every launch, set once per process.
static OPTS: std::sync::OnceLock<ExecOptions> = std::sync::OnceLock::new();

/// Bound every launch of this process by an instruction budget on one thread (the API
/// property, `ffi::props`, whose kernels must end whatever sizes the input asks for).
/// Only effective before the first launch; false if the options were already fixed.
pub fn bound_launches(fuel: u64) -> bool {
    OPTS.set(ExecOptions {
        threads: 1,
        fuel: Some(fuel),
        ..ExecOptions::default()
    })
    .is_ok()
}

/// The options of every launch: all cores. The thread count is computed once: asking
/// the system (cgroup quotas included) costs more than launching a small kernel.
fn exec_options() -> &'static ExecOptions {
    OPTS.get_or_init(|| ExecOptions {
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        timeout: std::env::var(crate::limits::KERNEL_TIMEOUT_VAR)
            .ok()
            .and_then(|v| v.trim().parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s > 0.0)
            .map(std::time::Duration::from_secs_f64),
        checks: checks_from_env(),
        ..ExecOptions::default()
    })
}

/// Whether kernels run with the uninit check: buffers made without contents then start
/// undefined ([`kauai_host::Buffer::with_undefined_contents`]).
pub fn uninit_checked() -> bool {
    exec_options().checks.uninit
}

/// The checks `kauai check` asked for through the environment. A list the host does not
/// know is reported once and ignored: the application still runs.
fn checks_from_env() -> Checks {
    let Some(list) = std::env::var(kauai_host::CHECKS_VAR)
        .ok()
        .filter(|v| !v.trim().is_empty())
    else {
        return Checks::default();
    };
    Checks::parse(&list).unwrap_or_else(|e| {
        eprintln!(
            "kauai: warning: {}={list}: {e}; running without checks",
            kauai_host::CHECKS_VAR
        );
        Checks::default()
    })
}

/// Each finding of a launch on standard error, a block each as Oclgrind prints them,
/// and appended to the `kauai check` log when one is named.
fn report_findings(stats: &kauai_host::RunStats) {
    let mut text = String::new();
    for f in &stats.findings {
        text.push_str(&f.to_string());
        text.push_str("\n\n");
    }
    if stats.findings_dropped > 0 {
        text.push_str(&format!(
            "kauai: {} more distinct finding(s) not shown\n\n",
            stats.findings_dropped
        ));
    }
    if !text.is_empty() {
        crate::api_checks::emit(&text);
    }
}

fn fault_message(kernel: &str, e: &RuntimeError) -> String {
    format!("kernel `{kernel}` failed: {e}")
}
