//! The uninitialized-value check's state while a kernel runs (`crate::uninit` makes the
//! module that calls into it): one shadow byte per byte of private and `__local`
//! memory, 0 where defined, and what the check found. A global buffer keeps its own
//! shadow when the platform made it without contents (`Buffer::with_undefined_contents`);
//! other global memory is always defined.

use std::collections::HashMap;

use super::*;
use crate::checks::{Entity, Finding, FindingKind, UninitKind};

/// At most this many distinct findings are kept (later ones are only counted).
const MAX_FINDINGS: usize = 1000;

#[derive(Default)]
pub(super) struct ShadowState {
    /// Per local region: its shadow for the running group.
    local: Vec<Vec<u8>>,
    seen: HashMap<(u64, u64), usize>,
    raws: Vec<Raw>,
    pub(super) dropped: u64,
}

struct Raw {
    what: u64,
    site: u64,
    address: u64,
    global: [u64; 3],
    local: [u64; 3],
    group: [u64; 3],
    count: u64,
}

/// The global buffer `p` points into, and the offset.
fn shared<'r>(regions: &'r [Region], p: u64) -> Option<(&'r Buffer, u64)> {
    let (r, off) = memory::locate(p);
    match regions.get(r) {
        Some(Region::Shared { buf, .. }) => Some((buf, u64::try_from(off).ok()?)),
        _ => None,
    }
}

impl ShadowState {
    /// A group starts: `__local` memory without initial bytes is undefined.
    pub(super) fn start_group(&mut self, sizes: &[(u64, Option<&[u8]>)]) {
        self.local.resize_with(sizes.len(), Vec::new);
        for (sh, (size, init)) in self.local.iter_mut().zip(sizes) {
            sh.clear();
            sh.resize(*size as usize, u8::from(init.is_none()));
        }
    }

    /// The shadow bytes behind `len` bytes at `p`, clipped to the memory that exists
    /// (the access itself is bounds-checked right after); `None` for memory that is
    /// always defined.
    fn bytes<'s>(
        &'s mut self,
        regions: &[Region],
        private: &'s mut Vec<u8>,
        private_limit: u64,
        p: u64,
        len: u64,
    ) -> Option<&'s mut [u8]> {
        let (r, off) = memory::locate(p);
        let off = u64::try_from(off).ok()?;
        let sh: &mut Vec<u8> = match regions.get(r) {
            Some(Region::Private) => {
                let end = off.saturating_add(len).min(private_limit) as usize;
                if private.len() < end {
                    private.resize(end, 0);
                }
                private
            }
            Some(Region::Local(k)) => self.local.get_mut(*k)?,
            _ => return None,
        };
        let start = (off as usize).min(sh.len());
        let end = (off.saturating_add(len) as usize).min(sh.len());
        Some(&mut sh[start..end])
    }

    /// `__kauai_shadow_load`: 1 when any of the bytes is undefined.
    pub(super) fn load(
        &mut self,
        regions: &[Region],
        private: &mut Vec<u8>,
        private_limit: u64,
        p: u64,
        len: u64,
    ) -> u64 {
        if let Some((buf, off)) = shared(regions, p) {
            return buf.any_undefined(off, len) as u64;
        }
        self.bytes(regions, private, private_limit, p, len)
            .is_some_and(|b| b.iter().any(|&x| x != 0)) as u64
    }

    /// `__kauai_shadow_store`.
    pub(super) fn store(
        &mut self,
        regions: &[Region],
        private: &mut Vec<u8>,
        private_limit: u64,
        p: u64,
        len: u64,
        undefined: bool,
    ) {
        if let Some((buf, off)) = shared(regions, p) {
            return buf.set_undefined(off, len, undefined);
        }
        if let Some(b) = self.bytes(regions, private, private_limit, p, len) {
            b.fill(u8::from(undefined));
        }
    }

    /// `__kauai_uninit` with a nonzero shadow: keep the finding once per place.
    pub(super) fn report(
        &mut self,
        what: u64,
        site: u64,
        address: u64,
        wi: ([u64; 3], [u64; 3], [u64; 3]),
    ) {
        if let Some(&i) = self.seen.get(&(what, site)) {
            self.raws[i].count += 1;
            return;
        }
        if self.raws.len() >= MAX_FINDINGS {
            self.dropped += 1;
            return;
        }
        self.seen.insert((what, site), self.raws.len());
        let (global, local, group) = wi;
        self.raws.push(Raw {
            what,
            site,
            address,
            global,
            local,
            group,
            count: 1,
        });
    }

    /// The findings, in the order they were first seen.
    pub(super) fn findings(&self, run: &RunCtx) -> Vec<Finding> {
        self.raws
            .iter()
            .map(|w| {
                let kind = match w.what as u32 {
                    kauai_ir::builtins::UNINIT_ADDRESS => UninitKind::Address,
                    kauai_ir::builtins::UNINIT_GLOBAL_WRITE => UninitKind::GlobalWrite,
                    _ => UninitKind::Control,
                };
                let at = run.site_pos(w.site);
                let with_memory = kind == UninitKind::GlobalWrite;
                let (r, off) = memory::locate(w.address);
                Finding {
                    check: "uninit",
                    kind: FindingKind::Uninit(kind),
                    kernel: run.kernel.name.clone(),
                    space: if with_memory { "global" } else { "" },
                    address: w.address,
                    memory: if with_memory {
                        run.descs.get(r).cloned().unwrap_or_default()
                    } else {
                        String::new()
                    },
                    offset: off.max(0) as u64,
                    first: Entity {
                        global: w.global,
                        local: w.local,
                        group: w.group,
                        access: "",
                        at,
                    },
                    second: None,
                    count: w.count,
                    detail: String::new(),
                }
            })
            .collect()
    }
}
