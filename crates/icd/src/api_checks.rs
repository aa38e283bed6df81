//! With `KAUAI_CHECKS` set (`kauai check`), misuse of the API that the platform can see
//! is reported as a finding, beside the kernels' findings: a kernel argument never set
//! before an enqueue, an object released more often than it was retained. The call
//! still returns its error code, as without checks.

use std::collections::HashSet;
use std::io::Write;
use std::sync::{Mutex, OnceLock};

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
