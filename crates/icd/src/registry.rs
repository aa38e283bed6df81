//! The live OpenCL objects, by handle.
//!
//! A handle is the address of a small `#[repr(C)]` header owned by this registry whose
//! first (only) field is the ICD dispatch pointer, as the loader requires. Every entry
//! point looks a handle up here before using it, so a stale, foreign or garbage handle
//! is rejected with the specified error code without ever being dereferenced.
//!
//! Lifetimes: the API reference count (`clRetain*`/`clRelease*`) keeps one strong
//! reference to the object; internal users (a kernel its program, a queued command its
//! buffers and events) hold their own `Arc`s. The handle stays valid until the object is
//! really dropped (its `Drop` calls [`forget`]), so the handle an info query returns for
//! a parent is always live, and the header memory is freed only then (kept, with the
//! API check on, after the application released the object: see `api_checks`).

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, Weak};

/// What kind of object a handle names (the `CL_INVALID_*` code follows from it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Platform,
    Device,
    Context,
    Queue,
    Mem,
    Program,
    Kernel,
    Event,
    Sampler,
}

/// The memory a handle points at: the loader reads the dispatch table pointer from the
/// first word of every object.
#[repr(C)]
pub struct IcdHeader {
    pub dispatch: usize,
}

type AnyArc = Arc<dyn Any + Send + Sync>;

struct Entry {
    /// Owned here so its address (the handle) is stable and freed with the entry.
    header: Box<IcdHeader>,
    kind: Kind,
    api_refs: u32,
    strong: Option<AnyArc>,
    weak: Weak<dyn Any + Send + Sync>,
}

static REGISTRY: Mutex<Option<HashMap<usize, Entry>>> = Mutex::new(None);

fn lock() -> MutexGuard<'static, Option<HashMap<usize, Entry>>> {
    // A panic while holding the lock cannot leave the map half-updated (every update is
    // one insert or remove), so a poisoned lock is still usable.
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
}

/// Register a new object. `make` receives the handle; with `exposed` the API holds one
/// reference (the object was returned to the application), otherwise it lives only as
/// long as internal users hold it (an event nobody asked for).
pub fn register<T: Any + Send + Sync>(
    kind: Kind,
    exposed: bool,
    make: impl FnOnce(usize) -> T,
) -> Arc<T> {
    let header = Box::new(IcdHeader {
        dispatch: crate::ffi::dispatch_address(),
    });
    let handle = &*header as *const IcdHeader as usize;
    let obj = Arc::new(make(handle));
    let any: AnyArc = obj.clone();
    let weak = Arc::downgrade(&any);
    let entry = Entry {
        header,
        kind,
        api_refs: u32::from(exposed),
        strong: exposed.then_some(any),
        weak,
    };
    lock()
        .get_or_insert_with(HashMap::new)
        .insert(handle, entry);
    crate::api_checks::note_registered(handle);
    obj
}

/// The object behind `handle` if it is a live object of `kind`.
pub fn get<T: Any + Send + Sync>(handle: usize, kind: Kind) -> Option<Arc<T>> {
    let any = {
        let g = lock();
        let e = g.as_ref()?.get(&handle)?;
        if e.kind != kind {
            return None;
        }
        e.weak.upgrade()?
    };
    // Dropped (if the downcast fails) after the lock is released: dropping the last
    // reference runs `forget`, which takes the lock.
    any.downcast::<T>().ok()
}

/// `clRetain*`: false if `handle` is not a live object of `kind`.
pub fn retain(handle: usize, kind: Kind) -> bool {
    let mut g = lock();
    let Some(e) = g.as_mut().and_then(|m| m.get_mut(&handle)) else {
        return false;
    };
    if e.kind != kind {
        return false;
    }
    if e.strong.is_none() {
        // Held only internally (released by the application, or never exposed): the
        // application may still own it through a returned handle, so take it back.
        match e.weak.upgrade() {
            Some(a) => e.strong = Some(a),
            None => return false,
        }
    }
    e.api_refs = e.api_refs.saturating_add(1);
    true
}

/// `clRelease*`: false if `handle` is not a live object of `kind` or has no API
/// reference left.
pub fn release(handle: usize, kind: Kind) -> bool {
    let dropped = {
        let mut g = lock();
        let Some(e) = g.as_mut().and_then(|m| m.get_mut(&handle)) else {
            return false;
        };
        if e.kind != kind || e.api_refs == 0 {
            return false;
        }
        e.api_refs -= 1;
        if e.api_refs == 0 {
            crate::api_checks::note_released(handle);
            e.strong.take()
        } else {
            None
        }
    };
    // Outside the lock: this may be the last reference, whose `Drop` calls `forget`.
    drop(dropped);
    true
}

/// The API reference count (`CL_*_REFERENCE_COUNT`).
pub fn ref_count(handle: usize) -> u32 {
    lock()
        .as_ref()
        .and_then(|m| m.get(&handle))
        .map_or(0, |e| e.api_refs)
}

/// Remove a dropped object's handle (called from its `Drop`).
pub fn forget(handle: usize) {
    let removed = lock().as_mut().and_then(|m| m.remove(&handle));
    if let Some(e) = removed {
        // The ICD loader reads a handle's dispatch pointer before calling us: with the
        // API check on, a released object's header stays, so a second release reaches
        // the check instead of freed memory.
        crate::api_checks::keep_header(handle, e.header);
    }
}

/// The kinds and API reference counts of the objects [`live_objects`] counts (for a
/// leak report).
pub fn live_kinds() -> Vec<(Kind, u32)> {
    lock().as_ref().map_or(Vec::new(), |m| {
        m.values()
            .filter(|e| !matches!(e.kind, Kind::Platform | Kind::Device))
            .filter(|e| e.weak.strong_count() > 0)
            .map(|e| (e.kind, e.api_refs))
            .collect()
    })
}

/// How many objects the application can still reach or commands still use, platform
/// and devices aside (the leak check of `clGetLiveObjectCountKAUAI`).
pub fn live_objects() -> usize {
    lock().as_ref().map_or(0, |m| {
        m.values()
            .filter(|e| !matches!(e.kind, Kind::Platform | Kind::Device))
            .filter(|e| e.weak.strong_count() > 0)
            .count()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Obj(usize);
    impl Drop for Obj {
        fn drop(&mut self) {
            forget(self.0);
        }
    }

    #[test]
    fn handles_live_until_the_last_reference() {
        let o = register(Kind::Mem, true, Obj);
        let h = o.0;
        assert!(get::<Obj>(h, Kind::Mem).is_some());
        assert!(get::<Obj>(h, Kind::Event).is_none(), "wrong kind");
        assert!(retain(h, Kind::Mem));
        assert_eq!(ref_count(h), 2);
        assert!(release(h, Kind::Mem));
        assert!(release(h, Kind::Mem));
        assert!(!release(h, Kind::Mem), "no API reference left");
        // An internal user still holds it: the handle stays valid.
        assert!(get::<Obj>(h, Kind::Mem).is_some());
        drop(o);
        assert!(get::<Obj>(h, Kind::Mem).is_none());
        assert!(!retain(h, Kind::Mem));
        assert!(get::<Obj>(12345, Kind::Mem).is_none(), "garbage handle");
    }
}
