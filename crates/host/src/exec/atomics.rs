//! Atomics: read-modify-write of one naturally aligned value in any region, and the
//! new value of each atomic operation.

use super::*;

impl Mem<'_, '_> {
    /// Atomically replace the value at `p` by `f(old)` when that is `Some`; gives `old`.
    pub(super) fn atomic(
        &mut self,
        p: u64,
        eb: u32,
        f: impl FnMut(u64) -> Option<u64>,
    ) -> Result<u64, Stop> {
        let r = (p >> OFFSET_BITS) as usize;
        let off = p & OFFSET_MASK;
        let len = eb as u64;
        if !off.is_multiple_of(len) {
            return Err(self.misaligned_atomic(p, len));
        }
        let mut f = f;
        if let Some(Region::Shared {
            buf,
            writable,
            readable,
        }) = self.regions.get(r)
        {
            if !writable || !readable || off + len > buf.len() as u64 {
                return Err(self.fault("atomic", p, len));
            }
            return Ok(buf.atomic_update(off, eb, f));
        }
        match self.bytes(r, off, len) {
            Some(mem) => {
                let old = rd(mem, off as usize, eb as usize);
                if let Some(new) = f(old) {
                    wr(mem, off as usize, eb as usize, new);
                }
                Ok(old)
            }
            None => Err(self.fault("atomic", p, len)),
        }
    }
}

impl Mem<'_, '_> {
    #[cold]
    pub(super) fn misaligned_atomic(&self, p: u64, len: u64) -> Stop {
        let (r, off) = ((p >> OFFSET_BITS) as usize, p & OFFSET_MASK);
        Stop::Fault(format!(
            "misaligned atomic of {len} bytes at offset {off} of {} (address 0x{p:x})",
            self.descs
                .get(r)
                .map_or("an invalid region", |s| s.as_str())
        ))
    }
}

pub(super) fn atomic_new(op: AtomicOp, sc: Scalar, old: u64, v: u64) -> u64 {
    let bits = sc.bits();
    let m = mask(bits);
    let r = match op {
        AtomicOp::Xchg => v,
        AtomicOp::Add => old.wrapping_add(v),
        AtomicOp::Sub => old.wrapping_sub(v),
        AtomicOp::And => old & v,
        AtomicOp::Or => old | v,
        AtomicOp::Xor => old ^ v,
        AtomicOp::Smin => sext(old, bits).min(sext(v, bits)) as u64,
        AtomicOp::Smax => sext(old, bits).max(sext(v, bits)) as u64,
        AtomicOp::Umin => old.min(v),
        AtomicOp::Umax => old.max(v),
        AtomicOp::Inc => {
            if old >= v {
                0
            } else {
                old + 1
            }
        }
        AtomicOp::Dec => {
            if old == 0 || old > v {
                v
            } else {
                old - 1
            }
        }
        AtomicOp::Fadd => scalar::binary(BinaryOp::Fadd, sc, old, v),
    };
    r & m
}
