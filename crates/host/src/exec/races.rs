//! Data-race detection (`Checks::races`). Every byte of `__global` and `__local` memory a
//! kernel touches gets a shadow cell: its last writer and up to two readers, each with
//! its work-group, its barrier interval (epoch) in that group and its local id. Two
//! accesses to one byte race when at least one writes, not both are atomic, and they
//! are not ordered: different work-groups (global memory only; local memory belongs to
//! one group), or one group, the same epoch and different work-items.
//!
//! Work-groups run one after another on one thread when this check is on, so a cell
//! from another group is always from an earlier one, and the state needs no locking.
//! Shadow cells are allocated per page of memory touched, up to [`MAX_SHADOW_BYTES`];
//! a cell covers a whole aligned 4-byte word until an access covers only part of it
//! (most kernels never do), then each byte of that word gets its own, with the word's
//! state so far.
//! The accesses of the `__mux_dma_*` copies are not checked (every work-item of the
//! group does the group's copy in this interpreter).

use rustc_hash::FxHashMap as HashMap;

use super::*;
use crate::checks::{Entity, Finding, FindingKind, RaceKind};

/// Bytes a cell covers while every access covers them all (a whole aligned word); a
/// word that something accesses in part gets a cell per byte from then on.
const WORD: usize = 4;
/// Words per shadow page: shadow is allocated only for the pages touched.
const PAGE: usize = 64;
/// Shadow memory of one run at most: 10 bytes per byte tracked in whole words (40 per
/// byte of a split word), so 1 GiB tracks about 100 million bytes, far beyond the
/// kernels one debugs with this check.
pub(super) const MAX_SHADOW_BYTES: usize = 1 << 30;
/// Distinct races kept with their details; later distinct ones are only counted, so
/// a kernel racing everywhere cannot fill memory with reports.
const MAX_FINDINGS: usize = 1000;

/// How a work-item touched a byte.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum AccessKind {
    Load,
    Store,
    Atomic,
}

impl AccessKind {
    fn name(self) -> &'static str {
        match self {
            AccessKind::Load => "load",
            AccessKind::Store => "store",
            AccessKind::Atomic => "atomic",
        }
    }
}

/// One access, packed so that a cell costs 24 bytes: the linear group index plus one
/// (bits 32..64; 0: no access), the local linear id (bits 16..32: groups have at most
/// 65536 work-items), the epoch modulo [`EPOCHS`] (bits 2..16) and the kind (bits 0..2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Access(u64);

/// Epochs are kept modulo this; when a group's epoch wraps, its accesses are forgotten
/// (see [`RaceState::barrier`]), so an access 16384 barriers old never seems current.
const EPOCHS: u32 = 1 << 14;

const NONE: Access = Access(0);

impl Access {
    fn new(group: u64, epoch: u32, lid: u16, kind: AccessKind) -> Access {
        let k = match kind {
            AccessKind::Load => 0,
            AccessKind::Store => 1,
            AccessKind::Atomic => 2,
        };
        Access(group << 32 | (lid as u64) << 16 | ((epoch % EPOCHS) as u64) << 2 | k)
    }
    fn group(self) -> u64 {
        self.0 >> 32
    }
    fn lid(self) -> u16 {
        (self.0 >> 16) as u16
    }
    /// Group, epoch and work-item: the access without its kind.
    fn who(self) -> u64 {
        self.0 >> 2
    }
    fn kind(self) -> AccessKind {
        match self.0 & 3 {
            0 => AccessKind::Load,
            1 => AccessKind::Store,
            _ => AccessKind::Atomic,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Cell {
    write: Access,
    /// The latest reader, and the earlier reader that races with the most.
    read: [Access; 2],
    /// The instructions of `write`, `read[0]` and `read[1]`, as site ids (0: none), so
    /// that both sides of a race can be quoted from the source.
    sites: [u32; 3],
}

const EMPTY: Cell = Cell {
    write: NONE,
    read: [NONE; 2],
    sites: [0; 3],
};

/// The `write` of a word cell whose bytes have their own cells (`Shadow::split`): kind
/// bits 3 (no access has them) in group 0 (which races with nothing).
const SPLIT: Access = Access(3);

/// The shadow of one region: a cell per word, by pages, and the words split in bytes.
#[derive(Clone)]
struct Shadow {
    pages: Vec<Option<Box<[Cell]>>>,
    split: HashMap<usize, [Cell; WORD]>,
}

/// A race seen, before its work-items are turned into ids.
struct Raw {
    kind: RaceKind,
    region: usize,
    /// The later access's instruction (`function << 32 | op index`).
    site: u64,
    /// The earlier access's site id (0: unknown).
    first_site: u32,
    offset: u64,
    address: u64,
    first: Access,
    second: Access,
    count: u64,
}

#[derive(Default)]
pub(super) struct RaceState {
    /// The shadow of each region, by region index (`None`: not touched).
    shadow: Vec<Option<Shadow>>,
    shadow_bytes: usize,
    group: u64,
    epoch: u32,
    raws: Vec<Raw>,
    /// (kind, region, function << 32 | op index) → index in `raws`.
    seen: HashMap<(RaceKind, usize, u64), usize>,
    /// Distinct races beyond [`MAX_FINDINGS`].
    pub(super) dropped: u64,
    /// Instructions by site id (id `i + 1` is `sites[i]`), and their ids.
    sites: Vec<u64>,
    site_ids: HashMap<u64, u32>,
}

impl Access {
    /// Same group and epoch (the bits above the kind, below the local id).
    #[inline]
    fn same_interval(self, x: Access) -> bool {
        self.group() == x.group()
            && (self.0 >> 2) & (EPOCHS as u64 - 1) == (x.0 >> 2) & (EPOCHS as u64 - 1)
    }

    /// Whether `self`, an earlier access, races with `x`.
    #[inline]
    fn races_with(self, x: Access, local: bool) -> bool {
        self.group() != 0
            && !(self.kind() == AccessKind::Atomic && x.kind() == AccessKind::Atomic)
            && if self.group() != x.group() {
                // Local memory is per group: a cell of an earlier group is stale.
                !local
            } else {
                self.same_interval(x) && self.lid() != x.lid()
            }
    }

    /// How much a reader can still race with later accesses than `x`, the latest
    /// reader: 2 for another group's (races with every later group and with `x`'s own
    /// writes), 1 for another work-item of `x`'s interval, 0 for nothing `x` would not.
    fn rank(self, x: Access, local: bool) -> u8 {
        if self.group() == 0 {
            0
        } else if self.group() != x.group() {
            if local {
                0
            } else {
                2
            }
        } else if self.same_interval(x) && self.lid() != x.lid() {
            1
        } else {
            0
        }
    }
}

/// Record access `x` (site id `sid`) in `cell`, the state of byte (or whole word)
/// `b`: the first race of each kind goes to `found` (read-write, write-write). The
/// cells of one access mostly share their state, so the new state and what was found
/// follow from the old state alone (`memo`).
fn update(
    cell: &mut Cell,
    x: Access,
    sid: u32,
    local: bool,
    found: &mut [Option<(Access, u32, usize)>; 2],
    memo: &mut Option<(Cell, Cell)>,
    b: usize,
) {
    if let Some((old, new)) = *memo {
        if *cell == old {
            *cell = new;
            return;
        }
    }
    let old = *cell;
    if x.kind() == AccessKind::Load {
        if found[0].is_none() && cell.write.races_with(x, local) {
            found[0] = Some((cell.write, cell.sites[0], b));
        }
        let [r0, r1] = cell.read;
        if r0.who() != x.who() {
            let (keep, keep_site) = if r0.rank(x, local) >= r1.rank(x, local) {
                (r0, cell.sites[1])
            } else {
                (r1, cell.sites[2])
            };
            let kept = keep.rank(x, local) > 0;
            cell.read = [x, if kept { keep } else { NONE }];
            cell.sites[1] = sid;
            cell.sites[2] = if kept { keep_site } else { 0 };
        }
    } else {
        if found[1].is_none() && cell.write.races_with(x, local) {
            found[1] = Some((cell.write, cell.sites[0], b));
        }
        if found[0].is_none() {
            if let Some(i) = cell.read.iter().position(|a| a.races_with(x, local)) {
                found[0] = Some((cell.read[i], cell.sites[1 + i], b));
            }
        }
        cell.write = x;
        cell.sites[0] = sid;
    }
    *memo = Some((old, *cell));
}

fn shadow_limit(bytes: usize) -> Stop {
    Stop::Unsupported(format!(
        "not supported yet: checking races on more memory than the shadow limit of {MAX_SHADOW_BYTES} bytes allows (the next {bytes} bytes of shadow)"
    ))
}

impl RaceState {
    /// A work-group starts.
    pub(super) fn start_group(&mut self, g: u64) {
        self.group = g + 1;
        self.epoch = 0;
    }

    /// The group passed a barrier (or a collective, which waits like one). When the
    /// epoch wraps, the group's own accesses are forgotten: a cell's epoch could
    /// otherwise look current (that may miss a race of those accesses with a later
    /// group, never report a false one).
    pub(super) fn barrier(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch.is_multiple_of(EPOCHS) {
            let g = self.group;
            let forget = |a: &mut Access| {
                if a.group() == g {
                    *a = NONE;
                }
            };
            for sh in self.shadow.iter_mut().flatten() {
                let words = sh.pages.iter_mut().flatten().flat_map(|p| p.iter_mut());
                let bytes = sh.split.values_mut().flat_map(|c| c.iter_mut());
                for c in words.chain(bytes) {
                    if c.write != SPLIT {
                        forget(&mut c.write);
                    }
                    c.read.iter_mut().for_each(forget);
                }
            }
        }
    }

    /// Check and record an access of `len` bytes at `p`, which the caller already
    /// bounds-checked. `site` names the instruction (`function << 32 | op index`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn access(
        &mut self,
        regions: &[Region],
        local_sizes: &[(u64, Option<&[u8]>)],
        p: u64,
        len: u64,
        lid: u16,
        kind: AccessKind,
        site: u64,
    ) -> Result<(), Stop> {
        let r = (p >> OFFSET_BITS) as usize;
        let off = (p & OFFSET_MASK) as usize;
        let (size, local) = match regions.get(r) {
            Some(Region::Shared {
                buf,
                writable: true,
                ..
            }) => (buf.len(), false),
            Some(Region::Local(k)) => (local_sizes.get(*k).map_or(0, |l| l.0 as usize), true),
            // Private memory is one work-item's; read-only memory cannot race.
            _ => return Ok(()),
        };
        if self.shadow.len() <= r {
            self.shadow.resize_with(r + 1, || None);
        }
        let x = Access::new(self.group, self.epoch, lid, kind);
        let sid = match self.site_ids.get(&site) {
            Some(&id) => id,
            None => {
                self.sites.push(site);
                let id = u32::try_from(self.sites.len()).unwrap_or(0);
                self.site_ids.insert(site, id);
                id
            }
        };
        let shadow = self.shadow[r].get_or_insert_with(|| Shadow {
            pages: vec![None; size.div_ceil(WORD * PAGE)],
            split: HashMap::default(),
        });
        let mut found: [Option<(Access, u32, usize)>; 2] = [None, None];
        let mut memo: Option<(Cell, Cell)> = None;
        let end = off + len as usize;
        // Whole words keep one cell while every access covers them whole.
        let whole = off.is_multiple_of(WORD) && end.is_multiple_of(WORD);
        for w in off / WORD..end.div_ceil(WORD) {
            let Some(slot) = shadow.pages.get_mut(w / PAGE) else {
                continue;
            };
            if slot.is_none() {
                let bytes = PAGE * std::mem::size_of::<Cell>();
                if self.shadow_bytes + bytes > MAX_SHADOW_BYTES {
                    return Err(shadow_limit(bytes));
                }
                self.shadow_bytes += bytes;
                *slot = Some(vec![EMPTY; PAGE].into_boxed_slice());
            }
            let Some(cell) = slot.as_mut().and_then(|s| s.get_mut(w % PAGE)) else {
                continue;
            };
            if cell.write != SPLIT {
                if whole {
                    update(cell, x, sid, local, &mut found, &mut memo, w * WORD);
                    continue;
                }
                // A part of the word: its bytes go their own ways from here.
                let bytes = std::mem::size_of::<[Cell; WORD]>();
                if self.shadow_bytes + bytes > MAX_SHADOW_BYTES {
                    return Err(shadow_limit(bytes));
                }
                self.shadow_bytes += bytes;
                shadow.split.insert(w, [*cell; WORD]);
                *cell = Cell {
                    write: SPLIT,
                    ..EMPTY
                };
            }
            let Some(cells) = shadow.split.get_mut(&w) else {
                continue;
            };
            for b in (w * WORD).max(off)..((w + 1) * WORD).min(end) {
                update(
                    &mut cells[b % WORD],
                    x,
                    sid,
                    local,
                    &mut found,
                    &mut memo,
                    b,
                );
            }
        }
        let base = p & !OFFSET_MASK;
        for (i, f) in found.into_iter().enumerate() {
            if let Some((first, first_site, b)) = f {
                let kind = if i == 0 {
                    RaceKind::ReadWrite
                } else {
                    RaceKind::WriteWrite
                };
                self.record(
                    kind,
                    r,
                    (site, first_site),
                    b as u64,
                    base | b as u64,
                    first,
                    x,
                );
            }
        }
        Ok(())
    }

    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn record(
        &mut self,
        kind: RaceKind,
        region: usize,
        (site, first_site): (u64, u32),
        offset: u64,
        address: u64,
        first: Access,
        second: Access,
    ) {
        if let Some(&i) = self.seen.get(&(kind, region, site)) {
            self.raws[i].count += 1;
            return;
        }
        if self.raws.len() >= MAX_FINDINGS {
            self.dropped += 1;
            return;
        }
        self.seen.insert((kind, region, site), self.raws.len());
        self.raws.push(Raw {
            kind,
            region,
            site,
            first_site,
            offset,
            address,
            first,
            second,
            count: 1,
        });
    }

    /// The findings, in the order they were first seen.
    pub(super) fn findings(&self, run: &RunCtx) -> Vec<Finding> {
        let entity = |a: &Access, at: Option<kauai_ir::SourcePos>| {
            let (id, size) = run.geo.group(a.group().saturating_sub(1));
            let l = a.lid() as u64;
            let local = [
                l % size[0],
                (l / size[0]) % size[1],
                l / (size[0] * size[1]),
            ];
            Entity {
                global: std::array::from_fn(|d| {
                    (id[d] * run.geo.local[d] + local[d]).wrapping_add(run.geo.offset[d])
                }),
                local,
                group: id,
                access: a.kind().name(),
                at,
            }
        };
        // The instructions of both accesses, from the sites the shadow cells keep.
        let site_pos = |site: u64| run.site_pos(site);
        self.raws
            .iter()
            .map(|w| Finding {
                check: "races",
                kind: FindingKind::Race(w.kind),
                kernel: run.kernel.name.clone(),
                space: if matches!(run.regions.get(w.region), Some(Region::Local(_))) {
                    "local"
                } else {
                    "global"
                },
                address: w.address,
                memory: run.descs.get(w.region).cloned().unwrap_or_default(),
                offset: w.offset,
                first: entity(
                    &w.first,
                    self.sites
                        .get((w.first_site as usize).wrapping_sub(1))
                        .and_then(|&s| site_pos(s)),
                ),
                second: Some(entity(&w.second, site_pos(w.site))),
                count: w.count,
                detail: String::new(),
            })
            .collect()
    }
}
