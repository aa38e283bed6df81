//! With `KAUAI_CHECKS` set (`kauai check`), misuse of the API that the platform can see
//! is reported as a finding, beside the kernels' findings: a kernel argument never set
//! before an enqueue, an object released more often than it was retained, commands on
//! two queues that access one buffer (one of them writing) with no event ordering them.
//! The call still returns its error code, as without checks.

use std::collections::HashSet;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use opencl_sys::*;

use crate::objects::{lock, Event, Mem};
use crate::queue::Work;

/// Whether `KAUAI_CHECKS` asks for any check (read once: `kauai check` sets it before
/// the application starts).
pub fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var(kauai_host::CHECKS_VAR).is_ok_and(|v| !v.trim().is_empty()))
}

/// Handles the application released to zero references, so that a further release is
/// known for a double release rather than a garbage handle (an address reused by a new
/// object leaves the set when that object is registered).
static RELEASED: Mutex<Option<HashSet<usize>>> = Mutex::new(None);

fn released() -> std::sync::MutexGuard<'static, Option<HashSet<usize>>> {
    RELEASED.lock().unwrap_or_else(|e| e.into_inner())
}

/// Headers of objects dropped after the application released them (see
/// [`crate::registry::forget`]), kept while the check is on, at most
/// [`crate::limits::MAX_RELEASED_HANDLES`] of them.
// Boxed: each header's address is a handle and must not move.
#[allow(clippy::vec_box)]
static KEPT: Mutex<Vec<Box<crate::registry::IcdHeader>>> = Mutex::new(Vec::new());

/// An object was dropped: keep its header when the application released it and the
/// check is on (dropping it otherwise).
pub fn keep_header(handle: usize, header: Box<crate::registry::IcdHeader>) {
    if !enabled() || !released().as_ref().is_some_and(|s| s.contains(&handle)) {
        return;
    }
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if kept.len() < crate::limits::MAX_RELEASED_HANDLES {
        kept.push(header);
    }
}

/// The application released `handle` to zero references.
pub fn note_released(handle: usize) {
    if !enabled() {
        return;
    }
    let mut g = released();
    let set = g.get_or_insert_with(HashSet::new);
    if set.len() < crate::limits::MAX_RELEASED_HANDLES {
        set.insert(handle);
    }
}

/// A new object now owns `handle`.
pub fn note_registered(handle: usize) {
    if let Some(set) = released().as_mut() {
        set.remove(&handle);
    }
}

/// A `clRelease*` call failed: report it when `handle` was already released to zero.
pub fn release_failed(call: &str, handle: usize) {
    if !enabled() {
        return;
    }
    let twice = released().as_ref().is_some_and(|s| s.contains(&handle));
    if twice {
        report(
            &format!("Object released more often than retained (handle 0x{handle:x})"),
            &format!("{call} (returns an invalid-object error)"),
        );
    }
}

/// An enqueue of `kernel` found argument `index` (`name`) never set.
pub fn unset_argument(kernel: &str, index: usize, name: &str) {
    if enabled() {
        report(
            &format!("Kernel argument {index} `{name}` of kernel `{kernel}` never set"),
            "clEnqueueNDRangeKernel (returns CL_INVALID_KERNEL_ARGS)",
        );
    }
}

/// One finding's block: standard error, and the `kauai check` log when one is named.
fn report(headline: &str, call: &str) {
    emit(&format!("{headline}\n    Check: api; call: {call}\n\n"));
}

/// Write finding blocks to standard error and append them to `KAUAI_CHECK_LOG`.
pub fn emit(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
    if let Some(path) = std::env::var_os(kauai_host::CHECK_LOG_VAR) {
        let log = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&path);
        match log {
            Ok(mut f) => {
                let _ = f.write_all(text.as_bytes());
            }
            Err(e) => eprintln!(
                "kauai: warning: cannot append to {}: {e}",
                std::path::Path::new(&path).display()
            ),
        }
    }
}

/// A command's access to a buffer, kept while the command may not have completed.
struct Access {
    event: std::sync::Weak<Event>,
    /// The buffer (a sub-buffer's parent) and the byte range.
    root: usize,
    range: (usize, usize),
    writes: bool,
    what: String,
}

/// The accesses of commands not yet seen complete.
static PENDING: Mutex<Vec<Access>> = Mutex::new(Vec::new());

/// The most accesses kept (the oldest are forgotten first).
const MAX_PENDING: usize = 4096;

/// How deep the ordering check follows events' wait lists.
const MAX_DEPTH: u32 = 64;

/// A command with `event`, waiting for `wait`, is submitted and will access `mems`:
/// report each access that conflicts (one of the two writes) with a command that may
/// still be running on another queue and that nothing orders before this one: no event
/// of its wait list (followed through their own wait lists) is that command or comes
/// after it on its queue. Such commands may run at the same time on a real device;
/// here the queues' threads may run them in either order.
pub fn command_submitted(
    event: &Arc<Event>,
    wait: &[Arc<Event>],
    mems: &[(&Arc<Mem>, bool)],
    work: &Work,
) {
    *lock(&event.deps) = wait.iter().map(Arc::downgrade).collect();
    let what = describe(event.command_type, work);
    let mut pending = PENDING.lock().unwrap_or_else(|e| e.into_inner());
    pending.retain(|a| a.event.upgrade().is_some_and(|e| e.status() > CL_COMPLETE));
    let mut found = Vec::new();
    for &(m, writes) in mems {
        let (root, range) = match &m.parent {
            Some((p, origin)) => (p.handle, (*origin, origin + m.size)),
            None => (m.handle, (0, m.size)),
        };
        for a in pending.iter() {
            let overlaps = a.root == root && a.range.0 < range.1 && range.0 < a.range.1;
            if !overlaps || !(a.writes || writes) {
                continue;
            }
            let Some(other) = a.event.upgrade() else {
                continue;
            };
            if Arc::ptr_eq(&other, event) || ordered_before(&other, event, wait, MAX_DEPTH) {
                continue;
            }
            found.push(format!(
                "Commands on different queues access buffer 0x{root:x} with no event between them\n    Check: api; call: {what} ({}) after {} ({}), still running on another queue",
                if writes { "writes" } else { "reads" },
                a.what,
                if a.writes { "writes" } else { "reads" },
            ));
        }
        if pending.len() >= MAX_PENDING {
            pending.remove(0);
        }
        pending.push(Access {
            event: Arc::downgrade(event),
            root,
            range,
            writes,
            what: what.clone(),
        });
    }
    drop(pending);
    for f in found {
        emit(&format!("{f}\n\n"));
    }
}

/// Whether `first` comes before the command of `event` (which waits for `wait`): on
/// the same queue (in order) or before an event of the wait list.
fn ordered_before(first: &Event, event: &Event, wait: &[Arc<Event>], depth: u32) -> bool {
    let same_queue = match (&first.queue, &event.queue) {
        (Some(a), Some(b)) => a.handle == b.handle,
        _ => false,
    };
    if same_queue && first.seq < event.seq {
        return true;
    }
    if depth == 0 {
        // Too deep to follow: assume ordered rather than report a false race.
        return true;
    }
    wait.iter().any(|w| {
        std::ptr::eq(first, &**w) || {
            let deps: Vec<Arc<Event>> = lock(&w.deps).iter().filter_map(|d| d.upgrade()).collect();
            ordered_before(first, w, &deps, depth - 1)
        }
    })
}

/// The C call that made a command, and its kernel's name.
fn describe(command_type: u32, work: &Work) -> String {
    let call = match command_type {
        CL_COMMAND_NDRANGE_KERNEL => "clEnqueueNDRangeKernel",
        CL_COMMAND_TASK => "clEnqueueTask",
        CL_COMMAND_READ_BUFFER => "clEnqueueReadBuffer",
        CL_COMMAND_WRITE_BUFFER => "clEnqueueWriteBuffer",
        CL_COMMAND_COPY_BUFFER => "clEnqueueCopyBuffer",
        CL_COMMAND_READ_BUFFER_RECT => "clEnqueueReadBufferRect",
        CL_COMMAND_WRITE_BUFFER_RECT => "clEnqueueWriteBufferRect",
        CL_COMMAND_COPY_BUFFER_RECT => "clEnqueueCopyBufferRect",
        CL_COMMAND_FILL_BUFFER => "clEnqueueFillBuffer",
        CL_COMMAND_MAP_BUFFER => "clEnqueueMapBuffer",
        CL_COMMAND_UNMAP_MEM_OBJECT => "clEnqueueUnmapMemObject",
        _ => "a command",
    };
    match work {
        Work::Kernel { kernel, .. } => format!("{call} of kernel `{}`", kernel.info.name),
        _ => call.to_string(),
    }
}
