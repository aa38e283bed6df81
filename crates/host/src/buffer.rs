//! Global-memory buffers whose contents many threads may read and write at once.
//!
//! The bytes live in `AtomicU64` words. Plain loads and stores use `Relaxed` accesses
//! (ordinary moves on x86); a store of part of a word merges its bytes with a
//! compare-exchange loop so that the neighbouring bytes another work-item writes at the
//! same time survive. Real atomics (`atomic_rmw`, `cmpxchg`) work on the containing word
//! in the same way, so they are atomic with respect to every other access.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use crate::ExecError;

/// A global (or constant) memory buffer, shared through an `Arc` between the host and
/// the threads running an enqueue.
#[derive(Debug)]
pub struct Buffer {
    words: Vec<AtomicU64>,
    len: u64,
    access: Access,
    /// For the uninit check: a byte per byte, 1 where nothing has written the buffer
    /// yet. Only a buffer the platform creates without contents while the check is on
    /// has one (see [`Buffer::with_undefined_contents`]); the others are defined.
    undefined: Option<Mutex<Vec<u8>>>,
}

/// What the platform allows kernels to do with a buffer (`CL_MEM_READ_ONLY`,
/// `CL_MEM_WRITE_ONLY`). Only the memory check looks at it: a write to a read-only
/// buffer or a read of a write-only one is then a finding (OpenCL leaves it undefined,
/// so a run without checks does the access).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Access {
    #[default]
    ReadWrite,
    ReadOnly,
    WriteOnly,
}

/// `len` bytes at `off`, clipped to `size`, as a range of indexes.
fn clip(off: u64, len: u64, size: usize) -> (usize, usize) {
    let a = off.min(size as u64) as usize;
    let b = off.saturating_add(len).min(size as u64) as usize;
    (a, b)
}

fn mask(bytes: u32) -> u64 {
    if bytes >= 8 {
        u64::MAX
    } else {
        (1u64 << (bytes * 8)) - 1
    }
}

impl Buffer {
    /// A zero-filled buffer of `len` bytes.
    pub fn new(len: usize) -> Buffer {
        let words = (0..len.div_ceil(8)).map(|_| AtomicU64::new(0)).collect();
        Buffer {
            words,
            len: len as u64,
            access: Access::ReadWrite,
            undefined: None,
        }
    }

    /// The same buffer, its contents undefined until something writes them: the
    /// uninit check then reports a kernel's use of bytes nothing wrote, as it does for
    /// private and `__local` memory. (OpenCL leaves a buffer created without a host
    /// pointer uninitialized; Kauai's holds zeros.)
    pub fn with_undefined_contents(mut self) -> Buffer {
        self.undefined = Some(Mutex::new(vec![1; self.len()]));
        self
    }

    /// Whether any of the `len` bytes at `off` is undefined (bytes past the end are
    /// not: the access itself is bounds-checked).
    pub(crate) fn any_undefined(&self, off: u64, len: u64) -> bool {
        let Some(u) = &self.undefined else {
            return false;
        };
        let u = u.lock().unwrap_or_else(|e| e.into_inner());
        let (a, b) = clip(off, len, u.len());
        u[a..b].iter().any(|&x| x != 0)
    }

    /// Mark the `len` bytes at `off` undefined or defined.
    pub(crate) fn set_undefined(&self, off: u64, len: u64, undefined: bool) {
        if let Some(u) = &self.undefined {
            let mut u = u.lock().unwrap_or_else(|e| e.into_inner());
            let (a, b) = clip(off, len, u.len());
            u[a..b].fill(u8::from(undefined));
        }
    }

    /// Copy `len` bytes at `src_off` of `src` to `off` of this buffer, with what the
    /// uninit check knows of them.
    pub fn copy_from(
        &self,
        off: usize,
        src: &Buffer,
        src_off: usize,
        len: usize,
    ) -> Result<(), ExecError> {
        let bytes = src.read_range(src_off, len)?;
        self.write_bytes(off, &bytes)?;
        if let (Some(d), Some(s)) = (&self.undefined, &src.undefined) {
            let s = s.lock().unwrap_or_else(|e| e.into_inner())[src_off..src_off + len].to_vec();
            d.lock().unwrap_or_else(|e| e.into_inner())[off..off + len].copy_from_slice(&s);
        }
        Ok(())
    }

    /// A kernel that the uninit check does not follow wrote who knows what: from now
    /// on every byte counts as defined (a later check could otherwise report bytes
    /// that kernel did write).
    pub fn define_all(&self) {
        if let Some(u) = &self.undefined {
            u.lock().unwrap_or_else(|e| e.into_inner()).fill(0);
        }
    }

    /// The same buffer, created with the platform's access flag `access`.
    pub fn with_access(mut self, access: Access) -> Buffer {
        self.access = access;
        self
    }

    /// The access the platform created the buffer with.
    pub fn access(&self) -> Access {
        self.access
    }

    pub fn from_bytes(bytes: &[u8]) -> Buffer {
        let b = Buffer::new(bytes.len());
        for (w, chunk) in b.words.iter().zip(bytes.chunks(8)) {
            let mut le = [0u8; 8];
            le[..chunk.len()].copy_from_slice(chunk);
            w.store(u64::from_le_bytes(le), Ordering::Relaxed);
        }
        b
    }

    /// The words behind the bytes, for compiled code that addresses them directly.
    pub(crate) fn words(&self) -> &[AtomicU64] {
        &self.words
    }

    /// Size in bytes.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// A copy of the contents.
    pub fn read_bytes(&self) -> Vec<u8> {
        self.read_range(0, self.len())
            .expect("the whole buffer is in bounds")
    }

    /// A copy of `len` bytes at `offset`, reading only the words they lie in.
    pub fn read_range(&self, offset: usize, len: usize) -> Result<Vec<u8>, ExecError> {
        let end = offset.checked_add(len);
        let Some(end) = end.filter(|e| *e <= self.len()) else {
            return Err(ExecError::InvalidArgs(format!(
                "read of {len} bytes at offset {offset} from a buffer of {} bytes",
                self.len()
            )));
        };
        let mut out = Vec::with_capacity(len + 16);
        for w in &self.words[offset / 8..end.div_ceil(8)] {
            out.extend_from_slice(&w.load(Ordering::Relaxed).to_le_bytes());
        }
        let skip = offset % 8;
        out.truncate(skip + len);
        out.drain(..skip);
        Ok(out)
    }

    /// Overwrite `bytes.len()` bytes starting at `offset`.
    pub fn write_bytes(&self, offset: usize, bytes: &[u8]) -> Result<(), ExecError> {
        let end = offset.checked_add(bytes.len());
        if end.is_none_or(|e| e > self.len()) {
            return Err(ExecError::InvalidArgs(format!(
                "write of {} bytes at offset {offset} into a buffer of {} bytes",
                bytes.len(),
                self.len()
            )));
        }
        // Whole words are stored as words (a transfer runs at memory speed); only the
        // partial words at either end merge their bytes with the neighbours'.
        let head = ((8 - offset % 8) % 8).min(bytes.len());
        let (first, rest) = bytes.split_at(head);
        for (i, b) in first.iter().enumerate() {
            self.store((offset + i) as u64, 1, *b as u64);
        }
        let at = offset + head;
        let mut words = rest.chunks_exact(8);
        for (k, chunk) in words.by_ref().enumerate() {
            let mut le = [0u8; 8];
            le.copy_from_slice(chunk);
            self.words[at / 8 + k].store(u64::from_le_bytes(le), Ordering::Relaxed);
        }
        let tail = words.remainder();
        let tail_at = offset + bytes.len() - tail.len();
        for (i, b) in tail.iter().enumerate() {
            self.store((tail_at + i) as u64, 1, *b as u64);
        }
        self.set_undefined(offset as u64, bytes.len() as u64, false);
        Ok(())
    }

    /// Load `bytes` (1..=8) little-endian bytes at `off`; the caller checked the bounds.
    #[inline]
    pub(crate) fn load(&self, off: u64, bytes: u32) -> u64 {
        let w = (off / 8) as usize;
        let sh = (off % 8) as u32;
        let lo = self.words[w].load(Ordering::Relaxed) >> (sh * 8);
        if sh + bytes <= 8 {
            lo & mask(bytes)
        } else {
            let hi = self.words[w + 1].load(Ordering::Relaxed) << ((8 - sh) * 8);
            (lo | hi) & mask(bytes)
        }
    }

    /// Store the low `bytes` (1..=8) bytes of `v` at `off`; the caller checked the bounds.
    #[inline]
    pub(crate) fn store(&self, off: u64, bytes: u32, v: u64) {
        let w = (off / 8) as usize;
        let sh = (off % 8) as u32;
        if sh == 0 && bytes == 8 {
            self.words[w].store(v, Ordering::Relaxed);
            return;
        }
        let first = bytes.min(8 - sh);
        self.merge(w, sh, first, v);
        if first < bytes {
            self.merge(w + 1, 0, bytes - first, v >> (first * 8));
        }
    }

    fn merge(&self, w: usize, sh: u32, bytes: u32, v: u64) {
        let m = mask(bytes) << (sh * 8);
        let bits = (v << (sh * 8)) & m;
        let _ = self.words[w].fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| {
            Some((old & !m) | bits)
        });
    }

    /// Atomically replace the naturally aligned `bytes`-wide value at `off` by
    /// `f(old)` (when `f` gives `Some`); returns the old value.
    pub(crate) fn atomic_update(
        &self,
        off: u64,
        bytes: u32,
        mut f: impl FnMut(u64) -> Option<u64>,
    ) -> u64 {
        let w = (off / 8) as usize;
        let sh = (off % 8) as u32 * 8;
        let m = mask(bytes);
        let r = self.words[w].fetch_update(Ordering::SeqCst, Ordering::SeqCst, |word| {
            let old = (word >> sh) & m;
            f(old).map(|new| (word & !(m << sh)) | ((new & m) << sh))
        });
        let word = match r {
            Ok(x) | Err(x) => x,
        };
        (word >> sh) & m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unaligned_accesses_read_back_and_keep_neighbours() {
        let b = Buffer::from_bytes(&[0xaa; 20]);
        b.store(6, 4, 0x1122_3344);
        assert_eq!(b.load(6, 4), 0x1122_3344);
        assert_eq!(b.load(5, 1), 0xaa);
        assert_eq!(b.load(10, 1), 0xaa);
        assert_eq!(b.load(4, 8), 0xaaaa_1122_3344_aaaa);
        assert_eq!(b.len(), 20);
        assert_eq!(b.read_bytes().len(), 20);
        assert!(b.write_bytes(18, &[1, 2, 3]).is_err());
        assert!(b.write_bytes(usize::MAX, &[1]).is_err());
        b.write_bytes(17, &[1, 2, 3]).expect("in bounds");
        assert_eq!(&b.read_bytes()[16..], &[0xaa, 1, 2, 3]);
        assert!(b.read_range(18, 3).is_err());
        assert!(b.read_range(usize::MAX, 2).is_err());
        assert_eq!(b.read_range(15, 3).expect("in bounds"), [0xaa, 0xaa, 1]);
        assert_eq!(b.read_range(20, 0).expect("in bounds"), [0u8; 0]);
        // Every offset and length: a partial word at either end, whole words between.
        for off in 0..12 {
            for n in 0..(20 - off) {
                let b = Buffer::from_bytes(&[0xaa; 20]);
                let data: Vec<u8> = (1..=n as u8).collect();
                b.write_bytes(off, &data).expect("in bounds");
                let mut want = vec![0xaa; 20];
                want[off..off + n].copy_from_slice(&data);
                assert_eq!(b.read_bytes(), want, "offset {off}, {n} bytes");
                let got = b.read_range(off, n).expect("in bounds");
                assert_eq!(got, data, "read back at offset {off}, {n} bytes");
            }
        }
    }

    #[test]
    fn concurrent_byte_stores_do_not_lose_each_other() {
        let b = Buffer::new(4096);
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let b = &b;
                s.spawn(move || {
                    for i in (t..4096).step_by(4) {
                        b.store(i, 1, i & 0xff);
                    }
                });
            }
        });
        let bytes = b.read_bytes();
        assert!(bytes
            .iter()
            .enumerate()
            .all(|(i, x)| *x == (i & 0xff) as u8));
    }

    #[test]
    fn atomic_updates_on_sub_words_are_exact() {
        let b = Buffer::new(8);
        std::thread::scope(|s| {
            for half in 0..2u64 {
                let b = &b;
                s.spawn(move || {
                    for _ in 0..10_000 {
                        b.atomic_update(half * 4, 4, |old| Some(old + 1));
                    }
                });
            }
        });
        assert_eq!(b.load(0, 4), 10_000);
        assert_eq!(b.load(4, 4), 10_000);
    }
}
