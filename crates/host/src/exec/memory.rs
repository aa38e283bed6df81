//! Memory as one work-item sees it: addresses are `region << 40 | offset`; every load
//! and store is checked against its region's bounds (and the instruction's alignment,
//! by the interpreter), and a fault names the region as the source does.

use super::*;

/// Memory as one work-item sees it.
pub(super) struct Mem<'a, 'p> {
    pub(super) regions: &'a [Region<'p>],
    pub(super) descs: &'a [String],
    pub(super) local: &'a mut [Vec<u8>],
    pub(super) private: &'a mut Vec<u8>,
    /// With checks on: the private arrays, each access must stay within one (or
    /// within the first `byval` bytes, the by-value arguments), and the names of the
    /// source files their locations index.
    pub(super) arrays: Option<(&'a mut Vec<PrivArray>, u64, &'a [String])>,
}

/// Write the low `n` (1..=64) bits of `v` at bit `off` of a little-endian bit string.
pub(super) fn put_bits(buf: &mut [u64], off: u32, n: u32, v: u64) {
    let v = v & mask(n);
    let (w, b) = ((off / 64) as usize, off % 64);
    if let Some(x) = buf.get_mut(w) {
        *x |= v << b;
    }
    if b + n > 64 {
        if let Some(x) = buf.get_mut(w + 1) {
            *x |= v >> (64 - b);
        }
    }
}

/// Read `n` (1..=64) bits at bit `off` of a little-endian bit string.
pub(super) fn get_bits(buf: &[u64], off: u32, n: u32) -> u64 {
    let (w, b) = ((off / 64) as usize, off % 64);
    let lo = buf.get(w).copied().unwrap_or(0) >> b;
    let hi = if b + n > 64 && b > 0 {
        buf.get(w + 1).copied().unwrap_or(0) << (64 - b)
    } else {
        0
    };
    (lo | hi) & mask(n)
}

#[inline]
pub(super) fn rd(bytes: &[u8], off: usize, eb: usize) -> u64 {
    let mut w = [0u8; 8];
    w[..eb].copy_from_slice(&bytes[off..off + eb]);
    u64::from_le_bytes(w)
}

#[inline]
pub(super) fn wr(bytes: &mut [u8], off: usize, eb: usize, v: u64) {
    bytes[off..off + eb].copy_from_slice(&v.to_le_bytes()[..eb]);
}

/// Where an address points: its region and its offset there, negative when the address
/// lies below the region's start (`ptradd` wraps the offset within the region, and
/// regions are far smaller than half the offset space, so an offset in the upper half
/// is one that went below 0).
pub(super) fn locate(p: u64) -> (usize, i64) {
    let r = (p >> OFFSET_BITS) as usize;
    let off = p & OFFSET_MASK;
    if off >= 1 << (OFFSET_BITS - 1) {
        (r, -(((1u64 << OFFSET_BITS) - off) as i64))
    } else {
        (r, off as i64)
    }
}

/// Whether `len` bytes at private offset `off` lie in the by-value arguments (the
/// first `byval` bytes) or within one array.
fn in_array(arrays: &[PrivArray], byval: u64, off: u64, len: u64) -> bool {
    let end = off.saturating_add(len);
    if end <= byval {
        return true;
    }
    let i = arrays.partition_point(|a| a.start <= off);
    i > 0 && end <= arrays[i - 1].end
}

/// "at offset 8" or "4 bytes before the start".
pub(super) fn place(off: i64) -> String {
    if off < 0 {
        format!("{} bytes before the start", off.unsigned_abs())
    } else {
        format!("at offset {off}")
    }
}

impl Mem<'_, '_> {
    /// An access whose address breaks the instruction's alignment (OpenCL C requires
    /// every object to be accessed at its natural alignment).
    #[cold]
    pub(super) fn misaligned(&self, what: &str, p: u64, align: u64) -> Stop {
        let (r, off) = locate(p);
        let region = self
            .descs
            .get(r)
            .map_or("an invalid region", |s| s.as_str());
        Stop::Fault(format!(
            "misaligned {what} {} of {region}: the address must be a multiple of {align} (address 0x{p:x})",
            place(off)
        ))
    }

    #[cold]
    pub(super) fn fault(&self, what: &str, p: u64, len: u64) -> Stop {
        let (r, off) = locate(p);
        let size = match self.regions.get(r) {
            Some(Region::Null) => {
                return Stop::Fault(format!(
                    "{what} of {len} bytes through a null pointer (address 0x{p:x})"
                ))
            }
            None => {
                return Stop::Fault(format!(
                    "{what} of {len} bytes through an invalid pointer 0x{p:x}"
                ))
            }
            Some(Region::Image { .. }) => {
                return Stop::Fault(format!(
                    "{what} of {len} bytes through an image handle (address 0x{p:x}): images are read and written only by the image functions"
                ))
            }
            Some(Region::Private) => {
                if let Some(m) = self.array_overrun(what, off, len, p) {
                    return Stop::Fault(m);
                }
                self.private.len() as u64
            }
            Some(Region::Local(k)) => self.local.get(*k).map_or(0, |l| l.len() as u64),
            Some(Region::Shared {
                buf,
                writable,
                readable,
            }) => {
                if !writable && what != "load" {
                    let flag = if buf.access() == crate::Access::ReadOnly {
                        " (created CL_MEM_READ_ONLY)"
                    } else {
                        ""
                    };
                    return Stop::Fault(format!(
                        "{what} of {len} bytes {} of read-only {}{flag}",
                        place(off),
                        self.descs[r]
                    ));
                }
                if !readable && what != "store" {
                    return Stop::Fault(format!(
                        "{what} of {len} bytes {} of write-only {} (created CL_MEM_WRITE_ONLY)",
                        place(off),
                        self.descs[r]
                    ));
                }
                buf.len() as u64
            }
        };
        let d = &self.descs[r];
        Stop::Fault(if off < 0 {
            format!(
                "{what} of {len} bytes {} of {d} ({size} bytes; address 0x{p:x})",
                place(off)
            )
        } else {
            format!(
                "{what} of {len} bytes at offset {off} is out of bounds of {d} ({size} bytes; address 0x{p:x})"
            )
        })
    }

    /// With checks on, why an access of private memory that stays within private
    /// memory is still wrong: it leaves the array it started in.
    fn array_overrun(&self, what: &str, off: i64, len: u64, p: u64) -> Option<String> {
        let (arrays, byval, files) = self.arrays.as_ref()?;
        let off = u64::try_from(off).ok()?;
        let end = off.checked_add(len)?;
        if end > self.private.len() as u64 || in_array(arrays, *byval, off, len) {
            return None;
        }
        // The array the access starts in or after (the overrun's likely source).
        let a = arrays
            .iter()
            .rev()
            .find(|a| a.start <= off)
            .or(arrays.first())?;
        let at = a
            .loc
            .resolve(files)
            .map(|p| format!(", declared at {p}"))
            .unwrap_or_default();
        Some(format!(
            "{what} of {len} bytes at private offset {off} overruns the private array at offset {} ({} bytes{at}; address 0x{p:x})",
            a.start,
            a.end - a.start
        ))
    }

    /// Private or local bytes and the offset, bounds-checked.
    #[inline]
    pub(super) fn bytes(&mut self, r: usize, off: u64, len: u64) -> Option<&mut Vec<u8>> {
        let mem = match self.regions.get(r)? {
            Region::Private => {
                if let Some((arrays, byval, _)) = &self.arrays {
                    if !in_array(arrays, *byval, off, len) {
                        return None;
                    }
                }
                &mut *self.private
            }
            Region::Local(k) => self.local.get_mut(*k)?,
            _ => return None,
        };
        (off + len <= mem.len() as u64).then_some(mem)
    }

    #[inline]
    pub(super) fn load(&mut self, p: u64, eb: u32, out: &mut [u64]) -> Result<(), Stop> {
        let r = (p >> OFFSET_BITS) as usize;
        let off = p & OFFSET_MASK;
        let len = eb as u64 * out.len() as u64;
        if let Some(Region::Shared { buf, readable, .. }) = self.regions.get(r) {
            if !readable || off + len > buf.len() as u64 {
                return Err(self.fault("load", p, len));
            }
            for (i, o) in out.iter_mut().enumerate() {
                *o = buf.load(off + i as u64 * eb as u64, eb);
            }
            return Ok(());
        }
        match self.bytes(r, off, len) {
            Some(mem) => {
                for (i, o) in out.iter_mut().enumerate() {
                    *o = rd(mem, off as usize + i * eb as usize, eb as usize);
                }
                Ok(())
            }
            None => Err(self.fault("load", p, len)),
        }
    }

    /// The string a printf `%s` pointer points to: its bytes up to the NUL, or up to
    /// the end of its region. Its first byte must be readable, as for a load (a bad
    /// pointer faults here; the JIT checks the same byte in the generated code).
    pub(super) fn c_string(&mut self, p: u64) -> Result<Vec<u8>, Stop> {
        let mut b = [0u64];
        self.load(p, 1, &mut b)?;
        // `__constant` data lives in shared regions; a `ptr2` into private or local
        // memory (which OpenCL C cannot make) reads as the empty string, as on the JIT,
        // whose host side sees only the shared regions.
        if !matches!(self.regions.get(locate(p).0), Some(Region::Shared { .. })) {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        let mut q = p;
        while b[0] != 0 {
            out.push(b[0] as u8);
            q = q.wrapping_add(1);
            if self.load(q, 1, &mut b).is_err() {
                break;
            }
        }
        Ok(out)
    }

    #[inline]
    pub(super) fn store(&mut self, p: u64, eb: u32, vals: &[u64]) -> Result<(), Stop> {
        let r = (p >> OFFSET_BITS) as usize;
        let off = p & OFFSET_MASK;
        let len = eb as u64 * vals.len() as u64;
        if let Some(Region::Shared { buf, writable, .. }) = self.regions.get(r) {
            if !writable || off + len > buf.len() as u64 {
                return Err(self.fault("store", p, len));
            }
            for (i, v) in vals.iter().enumerate() {
                buf.store(off + i as u64 * eb as u64, eb, *v);
            }
            return Ok(());
        }
        match self.bytes(r, off, len) {
            Some(mem) => {
                for (i, v) in vals.iter().enumerate() {
                    wr(mem, off as usize + i * eb as usize, eb as usize, *v);
                }
                Ok(())
            }
            None => Err(self.fault("store", p, len)),
        }
    }
}
