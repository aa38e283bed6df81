//! The placed regions of global memory: every buffer, the data segment, the printf
//! buffer and the rings. A global access must lie inside one of them; an access that
//! overruns a buffer into the alignment gap or the next buffer faults like one past the
//! end of memory, and the fault says which region it overran.

use std::cell::Cell;
use std::fmt;

use crate::FaultKind;

/// One placed region: bytes `start..end` of [`crate::Memory::global`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub start: u32,
    pub end: u32,
    /// What it holds, as faults name it: "buffer `out`", "the data segment", ...
    pub name: String,
}

impl Region {
    #[inline(always)]
    fn covers(&self, addr: i64, n: usize) -> bool {
        addr >= self.start as i64 && addr + n as i64 <= self.end as i64
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}..{})", self.name, self.start, self.end)
    }
}

/// The regions of global memory, sorted by start and disjoint.
///
/// Empty means the caller built [`crate::Memory::global`] by hand: then the whole of it
/// is one region. The `place_*` functions of this crate record what they place; bytes a
/// caller put into `global` by hand before the first placement become one region,
/// "memory given by the caller".
#[derive(Clone, Debug, Default)]
pub struct Regions {
    list: Vec<Region>,
    /// The region the last access hit: kernels mostly stay in one buffer for a while.
    hint: Cell<usize>,
}

impl Regions {
    /// Record bytes `start..end` as a region named `name`. Regions may not overlap.
    pub fn add(&mut self, start: u32, end: u32, name: impl Into<String>) -> Result<(), String> {
        let name = name.into();
        if end < start {
            return Err(format!(
                "region {name} ends ({end}) before it starts ({start})"
            ));
        }
        let i = self.list.partition_point(|r| r.start <= start);
        let new = Region { start, end, name };
        // Empty regions overlap nothing (an access of at least one byte never fits one).
        let overlaps = |r: &Region| r.start < end && start < r.end;
        if let Some(r) = [i.checked_sub(1), Some(i)]
            .into_iter()
            .flatten()
            .filter_map(|k| self.list.get(k))
            .find(|r| overlaps(r))
        {
            return Err(format!("{new} overlaps {r}"));
        }
        self.list.insert(i, new);
        Ok(())
    }

    pub fn iter(&self) -> impl Iterator<Item = &Region> {
        self.list.iter()
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Whether bytes `addr..addr + n` lie inside one region.
    #[inline(always)]
    pub(crate) fn contains(&self, addr: i64, n: usize) -> bool {
        match self.list.get(self.hint.get()) {
            Some(r) if r.covers(addr, n) => true,
            _ => self.contains_slow(addr, n),
        }
    }

    #[inline(never)]
    fn contains_slow(&self, addr: i64, n: usize) -> bool {
        // The first region that ends after `addr` is the only one that can hold it.
        let i = self.list.partition_point(|r| (r.end as i64) <= addr);
        match self.list.get(i) {
            Some(r) if r.covers(addr, n) => {
                self.hint.set(i);
                true
            }
            _ => false,
        }
    }

    /// The fault for an access of `n` bytes at `addr` that [`Regions::contains`] refused:
    /// which region it overran, or which gap it fell into.
    #[cold]
    pub(crate) fn miss(&self, space: &str, addr: i64, n: usize) -> FaultKind {
        // The last region starting at or before `addr`, and the one after it.
        let i = self.list.partition_point(|r| (r.start as i64) <= addr);
        let prev = i.checked_sub(1).and_then(|k| self.list.get(k));
        let next = self.list.get(i);
        let place = match (prev, next) {
            (Some(p), _) if addr < p.end as i64 => {
                format!("({n} bytes) runs past the end of {p}")
            }
            (Some(p), Some(q)) => format!("is past the end of {p}, in the gap before {q}"),
            (Some(p), None) => format!("is past the end of {p}"),
            (None, Some(q)) if addr >= 0 && addr < i64::from(crate::FIRST_REGION) => format!(
                "is a NULL pointer access (the first {} bytes are never mapped; {q} is the first placed region)",
                crate::FIRST_REGION
            ),
            (None, Some(q)) => format!("is before {q}, the first placed region"),
            (None, None) => "is in no region".to_string(),
        };
        FaultKind::OutsideRegions {
            space: space.to_string(),
            address: addr,
            place,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Regions {
        let mut r = Regions::default();
        // Added out of order on purpose: the list keeps itself sorted.
        r.add(256, 264, "buffer `b`").unwrap();
        r.add(0, 16, "buffer `a`").unwrap();
        r.add(512, 512, "buffer `empty`").unwrap();
        r.add(512, 1024, "the printf buffer").unwrap();
        r
    }

    #[test]
    fn an_access_fits_only_inside_one_region() {
        let r = sample();
        // Hand-derived from the layout above.
        assert!(r.contains(0, 4));
        assert!(r.contains(12, 4));
        assert!(!r.contains(16, 4)); // just past `a`
        assert!(!r.contains(14, 4)); // straddles the end of `a`
        assert!(!r.contains(200, 1)); // in the gap
        assert!(r.contains(260, 4));
        assert!(!r.contains(264, 1));
        assert!(r.contains(512, 4)); // the printf buffer, not the empty buffer
        assert!(r.contains(1020, 4));
        assert!(!r.contains(1024, 1));
        assert!(!r.contains(-4, 4));
        // The hint must not make a later miss succeed.
        assert!(r.contains(0, 4));
        assert!(!r.contains(16, 1));
    }

    #[test]
    fn placements_record_their_regions() {
        use crate::{place_buffer, place_printf_buffer, Memory};
        // 10 bytes put in by hand, then a 5-byte buffer (256-aligned, padded to 8) and a
        // 64-byte printf buffer (256-aligned).
        let mut mem = Memory {
            global: vec![1; 10],
            ..Memory::default()
        };
        assert_eq!(place_buffer(&mut mem, "a", &[1, 2, 3, 4, 5]), Ok(256));
        assert_eq!(place_printf_buffer(&mut mem, 64), Ok(512));
        let got: Vec<_> = mem
            .regions
            .iter()
            .map(|r| (r.start, r.end, r.name.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (0, 10, "memory given by the caller"),
                (256, 264, "buffer `a`"),
                (512, 576, "the printf buffer")
            ]
        );
        assert_eq!(mem.global.len(), 576);
    }

    #[test]
    fn overlapping_regions_are_refused() {
        let mut r = sample();
        assert!(r.add(8, 20, "x").is_err());
        assert!(r.add(260, 300, "x").is_err());
        assert!(r.add(100, 300, "x").is_err());
        assert!(r.add(10, 5, "x").is_err());
        assert!(r.add(16, 256, "x").is_ok());
    }

    #[test]
    fn a_miss_names_the_region_it_overran() {
        let r = sample();
        let msg = |a, n| r.miss("uav", a, n).to_string();
        assert_eq!(
            msg(16, 4),
            "uav access at byte 16 is past the end of buffer `a` (0..16), in the gap before buffer `b` (256..264)"
        );
        assert_eq!(
            msg(262, 4),
            "uav access at byte 262 (4 bytes) runs past the end of buffer `b` (256..264)"
        );
        assert_eq!(
            msg(1024, 4),
            "uav access at byte 1024 is past the end of the printf buffer (512..1024)"
        );
        assert_eq!(
            msg(-4, 4),
            "uav access at byte -4 is before buffer `a` (0..16), the first placed region"
        );
    }
}
