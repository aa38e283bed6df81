//! The OpenCL objects other than the platform and its devices.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Weak};
use std::time::Instant;

use kauai_compiler::KernelInfo;
use kauai_host::Buffer;
use kauai_runtime::{Program, SourceFile};
use opencl_sys::*;

use crate::platform::DeviceObj;
use crate::queue::Command;
use crate::registry::{self, Kind};

/// Lock a mutex whose data stays consistent even if a holder panicked (every critical
/// section here is a plain read or a whole-value update).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A C callback and its `user_data`, as addresses; only `ffi` turns them back into a
/// function pointer and calls them.
#[derive(Clone, Copy, Debug)]
pub struct Callback {
    pub func: usize,
    pub user_data: usize,
}

pub struct Context {
    pub handle: usize,
    pub devices: Vec<Arc<DeviceObj>>,
    /// The properties as given (with their terminating 0), for `CL_CONTEXT_PROPERTIES`.
    pub properties: Vec<isize>,
    pub notify: Option<Callback>,
}

impl Context {
    pub fn has_device(&self, d: &DeviceObj) -> bool {
        self.devices.iter().any(|x| x.handle == d.handle)
    }
    /// Report an error the way the application asked (the `pfn_notify` of
    /// `clCreateContext`) and on stderr.
    pub fn report(&self, message: &str) {
        eprintln!("Kauai OpenCL: {message}");
        if let Some(cb) = self.notify {
            crate::ffi::call_context_notify(cb, message);
        }
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        registry::forget(self.handle);
    }
}

pub struct Queue {
    pub handle: usize,
    pub context: Arc<Context>,
    pub device: Arc<DeviceObj>,
    pub properties: u64,
    /// The sender to the queue's worker and the last command sent (what `clFinish` waits
    /// for), updated together so commands and `last` agree on the order.
    pub tail: Mutex<QueueTail>,
}

pub struct QueueTail {
    pub tx: std::sync::mpsc::Sender<Command>,
    pub last: Weak<Event>,
}

impl Queue {
    pub fn profiling(&self) -> bool {
        self.properties & CL_QUEUE_PROFILING_ENABLE != 0
    }
}

impl Drop for Queue {
    fn drop(&mut self) {
        registry::forget(self.handle);
    }
}

/// One `clEnqueueMap*` mapping, until its unmap.
pub struct Mapping {
    /// `(memory offset, offset from the mapped pointer, len)`: one run for a buffer, one
    /// per row for an image (whose mapped rows lie at the mapping's pitches).
    pub runs: Vec<(usize, usize, usize)>,
    /// Mapped for writing: the unmap copies the host memory back.
    pub write: bool,
    /// The host memory the pointer points into (none for `CL_MEM_USE_HOST_PTR`, whose
    /// mapping is the application's own `host_ptr`).
    pub _staging: Option<Vec<u8>>,
}

pub struct Mem {
    pub handle: usize,
    pub context: Arc<Context>,
    pub flags: u64,
    pub size: usize,
    /// The application's memory of `CL_MEM_USE_HOST_PTR` (0 otherwise).
    pub host_ptr: usize,
    pub storage: Arc<Buffer>,
    /// A sub-buffer's parent and origin. The runtime's buffers cannot alias, so a
    /// sub-buffer has its own storage, refreshed from the parent's region before each
    /// command that uses it and written back after each command that may change it
    /// (commands of one queue run one at a time, so both always agree when a command
    /// starts; overlapping use from several queues is undefined in OpenCL anyway).
    pub parent: Option<(Arc<Mem>, usize)>,
    /// For an image: the runtime's image, whose pixels are `storage`.
    pub image: Option<ImageObj>,
    /// Live mappings by the address returned to the application.
    pub maps: Mutex<HashMap<usize, Vec<Mapping>>>,
    pub destructors: Mutex<Vec<Callback>>,
}

/// What an image memory object adds to a buffer's fields.
pub struct ImageObj {
    /// The image a kernel launch gets (`KernelArg::Image`); its `buf` is the `Mem`'s
    /// `storage`, tightly packed (`kauai_host::image`).
    pub img: Arc<kauai_host::image::Image>,
    /// The pitches of the application's `host_ptr` for `CL_MEM_USE_HOST_PTR` (a mapping
    /// points into it, at these pitches), the image's own otherwise.
    pub host_row_pitch: usize,
    pub host_slice_pitch: usize,
    /// The buffer of a 1-D image buffer (`CL_IMAGE_BUFFER`), which shares its storage.
    pub buffer: Option<Arc<Mem>>,
}

impl ImageObj {
    pub fn pixel_bytes(&self) -> usize {
        self.img.pixel_bytes()
    }
    /// Bytes between rows (1-D arrays: between layers).
    pub fn row_pitch(&self) -> usize {
        self.img.dims[0] as usize * self.pixel_bytes()
    }
    /// Bytes between slices (2-D arrays: between layers).
    pub fn slice_pitch(&self) -> usize {
        self.row_pitch() * self.img.dims[1] as usize
    }
}

/// A `cl_sampler`: what `clCreateSampler` was given, and its `CLK_*` bits.
pub struct SamplerObj {
    pub handle: usize,
    pub context: Arc<Context>,
    pub normalized: bool,
    pub addressing: u32,
    pub filter: u32,
    /// The `sampler_t` value a kernel gets (`kauai_ir::image::sampler`).
    pub bits: u32,
}

impl Drop for SamplerObj {
    fn drop(&mut self) {
        registry::forget(self.handle);
    }
}

impl Mem {
    /// Refresh a sub-buffer from its parent.
    pub fn sync_in(&self) {
        if let Some((p, origin)) = &self.parent {
            let _ = self.storage.copy_from(0, &p.storage, *origin, self.size);
        }
    }
    /// Write a sub-buffer back to its parent.
    pub fn sync_out(&self) {
        if let Some((p, origin)) = &self.parent {
            let _ = p.storage.copy_from(*origin, &self.storage, 0, self.size);
        }
    }
}

impl Drop for Mem {
    fn drop(&mut self) {
        // OpenCL 1.2: destructor callbacks run in the reverse order of registration.
        let cbs = std::mem::take(&mut *lock(&self.destructors));
        for cb in cbs.into_iter().rev() {
            crate::ffi::call_mem_destructor(cb, self.handle);
        }
        registry::forget(self.handle);
    }
}

/// How the program came to be, for `CL_PROGRAM_BINARY_TYPE` and what a build does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Source,
    Binary,
    /// `clCreateProgramWithILKHR`: one SPIR-V module, the program's only source.
    Il,
}

/// The state of a program on one of its devices.
pub struct BuildSlot {
    pub device: Arc<DeviceObj>,
    pub status: cl_int,
    pub options: String,
    pub log: String,
    pub program: Option<Arc<Program>>,
    /// `CL_PROGRAM_BINARY_TYPE`.
    pub binary_type: u32,
    /// For a program from a binary: the device code it holds.
    pub from_binary: Option<crate::api::Code>,
    /// The compiled (not yet linked) object of `clCompileProgram`.
    pub compiled: Option<Arc<kauai_runtime::CompiledObject>>,
    /// Made by `clLinkProgram` (not built again by `clBuildProgram`).
    pub linked: bool,
}

pub struct ProgramObj {
    pub handle: usize,
    pub context: Arc<Context>,
    pub origin: Origin,
    pub sources: Vec<SourceFile>,
    pub slots: Mutex<Vec<BuildSlot>>,
    /// Kernels created from the program (a rebuild is `CL_INVALID_OPERATION` while any
    /// exist).
    pub kernels: AtomicUsize,
}

impl ProgramObj {
    /// The program built for `device`, if it is.
    pub fn built_for(&self, device: &DeviceObj) -> Option<Arc<Program>> {
        lock(&self.slots)
            .iter()
            .find(|s| s.device.handle == device.handle)
            .and_then(|s| s.program.clone())
    }
    /// Any built program: kernel names and argument lists are the same on every device.
    pub fn any_built(&self) -> Option<Arc<Program>> {
        lock(&self.slots).iter().find_map(|s| s.program.clone())
    }
    pub fn source_text(&self) -> String {
        self.sources
            .iter()
            .map(|s| String::from_utf8_lossy(&s.bytes).into_owned())
            .collect()
    }
}

impl Drop for ProgramObj {
    fn drop(&mut self) {
        registry::forget(self.handle);
    }
}

/// A kernel argument as `clSetKernelArg` set it.
#[derive(Clone)]
pub enum ArgVal {
    Mem(Arc<Mem>),
    /// A NULL buffer: the kernel gets an empty buffer (any access faults).
    NullMem,
    Local(u64),
    Bytes(Vec<u8>),
}

/// An argument as the kernel keeps it between `clSetKernelArg` and an enqueue: a buffer
/// only weakly, so releasing it is not delayed by a kernel that still names it (an
/// enqueue takes strong references for its command).
#[derive(Clone)]
pub enum SetArg {
    Mem(Weak<Mem>),
    Val(ArgVal),
}

pub struct KernelObj {
    pub handle: usize,
    pub program: Arc<ProgramObj>,
    pub info: KernelInfo,
    pub args: Mutex<Vec<Option<SetArg>>>,
}

impl Drop for KernelObj {
    fn drop(&mut self) {
        self.program.kernels.fetch_sub(1, Ordering::Relaxed);
        registry::forget(self.handle);
    }
}

/// The profiling clock: nanoseconds since the Unix epoch, read once and then advanced
/// by a monotonic clock (so timestamps are nonzero and never go back).
pub fn now_ns() -> u64 {
    static START: std::sync::OnceLock<(Instant, u64)> = std::sync::OnceLock::new();
    let (start, epoch) = *START.get_or_init(|| {
        let since = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| u64::try_from(d.as_nanos()).unwrap_or(1));
        (Instant::now(), since)
    });
    epoch.saturating_add(u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX))
}

pub struct EventState {
    /// `CL_QUEUED` .. `CL_COMPLETE`, or a negative error code.
    pub status: cl_int,
    /// Queued, submitted, started, ended (ns).
    pub times: [u64; 4],
    /// Callbacks waiting for a status at or below their trigger.
    pub callbacks: Vec<(cl_int, Callback)>,
}

pub struct Event {
    pub handle: usize,
    pub context: Arc<Context>,
    /// None for a user event.
    pub queue: Option<Arc<Queue>>,
    pub command_type: u32,
    pub state: Mutex<EventState>,
    pub cv: Condvar,
    /// The order events were made in (a queue runs its commands in this order).
    pub seq: u64,
    /// With `KAUAI_CHECKS`: the events the command waited for, so that the ordering
    /// check can tell which commands come before it (`api_checks::command_submitted`).
    pub deps: Mutex<Vec<Weak<Event>>>,
}

impl Event {
    pub fn new(
        context: Arc<Context>,
        queue: Option<Arc<Queue>>,
        command_type: u32,
        exposed: bool,
    ) -> Arc<Event> {
        let status = if queue.is_some() {
            CL_QUEUED
        } else {
            CL_SUBMITTED
        };
        static SEQ: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let t = now_ns();
        registry::register(Kind::Event, exposed, |handle| Event {
            handle,
            context,
            queue,
            command_type,
            state: Mutex::new(EventState {
                status,
                times: [t, 0, 0, 0],
                callbacks: Vec::new(),
            }),
            cv: Condvar::new(),
            seq: SEQ.fetch_add(1, Ordering::Relaxed),
            deps: Mutex::new(Vec::new()),
        })
    }

    pub fn status(&self) -> cl_int {
        lock(&self.state).status
    }

    /// Move to `status` (a later state or an error); runs the callbacks it triggers.
    /// A finished event does not change again.
    pub fn set_status(&self, status: cl_int) {
        let due = {
            let mut s = lock(&self.state);
            if s.status <= CL_COMPLETE {
                return;
            }
            s.status = status;
            let t = now_ns();
            match status {
                CL_SUBMITTED => s.times[1] = t,
                CL_RUNNING => s.times[2] = t,
                _ => {
                    if s.times[1] == 0 {
                        s.times[1] = t;
                    }
                    if s.times[2] == 0 {
                        s.times[2] = t;
                    }
                    s.times[3] = t;
                }
            }
            let (due, keep): (Vec<_>, Vec<_>) = std::mem::take(&mut s.callbacks)
                .into_iter()
                .partition(|(trigger, _)| status <= *trigger);
            s.callbacks = keep;
            due
        };
        if status <= CL_COMPLETE {
            self.cv.notify_all();
        }
        for (_, cb) in due {
            // The callback gets the execution status (the error code for a failure).
            crate::ffi::call_event_callback(cb, self.handle, status);
        }
    }

    /// Block until the event completes or fails; returns its final status.
    pub fn wait(&self) -> cl_int {
        let mut s = lock(&self.state);
        while s.status > CL_COMPLETE {
            s = self.cv.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        s.status
    }

    pub fn add_callback(&self, trigger: cl_int, cb: Callback) {
        let now = {
            let mut s = lock(&self.state);
            if s.status <= trigger {
                Some(s.status)
            } else {
                s.callbacks.push((trigger, cb));
                None
            }
        };
        if let Some(st) = now {
            crate::ffi::call_event_callback(cb, self.handle, st);
        }
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        registry::forget(self.handle);
    }
}
