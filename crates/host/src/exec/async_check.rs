//! The async check: the front end marks each `async_work_group_(strided_)copy` a
//! work-item starts (with its arguments and the event that names it) and each
//! `wait_group_events` (with its event list). A copy and a wait belong to the whole
//! work-group, so every work-item must make the same copies and waits, in the same
//! order, with the same arguments (Oclgrind reports otherwise as work-group
//! divergence); a wait must name events of copies still outstanding; and a work-item
//! must wait for every copy before it ends, or the copy may not have happened.
//!
//! An event is the number of the copy site that made it (or the event the copy was
//! given), so a wait for the last of the events a loop's copies made also counts as a
//! wait for the earlier ones: the check misses that mistake, and reports no false one.

use std::collections::HashMap;

use super::*;
use crate::checks::{AsyncKind, Finding, FindingKind};

/// At most this many distinct findings are kept (later ones are only counted).
const MAX_FINDINGS: usize = 1000;

/// At most this many events of one wait are followed (its list is read from memory).
pub(super) const MAX_WAIT_EVENTS: u64 = 256;

#[derive(Default)]
pub(super) struct AsyncState {
    /// The copies of the group being run, as the first work-item to reach each
    /// started it: destination, source, elements, stride, event; and marker site.
    copies: Vec<([u64; 5], u64)>,
    /// The group's waits, as the first work-item to reach each made it: the events
    /// and the marker site.
    waits: Vec<(Vec<u32>, u64)>,
    /// Per work-item of the group (local linear id).
    items: Vec<Item>,
    seen: HashMap<(AsyncKind, u64), usize>,
    raws: Vec<Raw>,
    pub(super) dropped: u64,
}

#[derive(Clone, Default)]
struct Item {
    started: usize,
    waited: usize,
    /// Copies started and not waited for yet: event and marker site.
    pending: Vec<(u32, u64)>,
    /// Set when the work-item has returned.
    ended: Option<Ids>,
}

struct Raw {
    kind: AsyncKind,
    site: u64,
    wi: Ids,
    detail: String,
    count: u64,
}

impl AsyncState {
    pub(super) fn start_group(&mut self, items: usize) {
        self.copies.clear();
        self.waits.clear();
        self.items.clear();
        self.items.resize(items, Item::default());
    }

    /// Work-item `item` starts a copy with `args` at marker `site`.
    pub(super) fn copy(&mut self, item: usize, args: [u64; 5], site: u64, wi: Ids) {
        let Some(it) = self.items.get_mut(item) else {
            return;
        };
        let nth = it.started;
        it.started += 1;
        it.pending.push((args[4] as u32, site));
        match self.copies.get(nth) {
            None => self.copies.push((args, site)),
            Some((a, s)) if *a == args && *s == site => {}
            Some((a, _)) => {
                let show = |a: &[u64; 5]| {
                    format!(
                        "(dst {:#x}, src {:#x}, {} elements, stride {}, event {})",
                        a[0], a[1], a[2], a[3], a[4]
                    )
                };
                let detail = format!(
                    "copy {} of the group: this work-item's {} differs from the first work-item's {}",
                    nth + 1,
                    show(&args),
                    show(a)
                );
                self.report(AsyncKind::Divergence, site, wi, detail);
            }
        }
    }

    /// Work-item `item` waits at marker `site` for the copies of `events`.
    pub(super) fn wait(&mut self, item: usize, events: Vec<u32>, site: u64, wi: Ids) {
        let Some(it) = self.items.get_mut(item) else {
            return;
        };
        let nth = it.waited;
        it.waited += 1;
        // A work-item that skipped a copy waits for events that differ from the
        // others': the skip is the mistake, reported when the group ends.
        let behind = it.started < self.copies.len();
        let unknown: Vec<u32> = events
            .iter()
            .copied()
            .filter(|e| !it.pending.iter().any(|(p, _)| p == e))
            .collect();
        it.pending.retain(|(p, _)| !events.contains(p));
        if !unknown.is_empty() && !behind {
            let detail = format!(
                "event(s) {unknown:?}: no copy this work-item started and has not waited for was made with them"
            );
            self.report(AsyncKind::UnknownEvent, site, wi, detail);
        }
        match self.waits.get(nth) {
            None => self.waits.push((events, site)),
            Some((e, s)) if (*e == events || behind) && *s == site => {}
            Some((e, _)) => {
                let detail = format!(
                    "wait {} of the group: this work-item waits for events {events:?}, the first work-item for {e:?}",
                    nth + 1
                );
                self.report(AsyncKind::Divergence, site, wi, detail);
            }
        }
    }

    /// Work-item `item` has returned.
    pub(super) fn end_item(&mut self, item: usize, wi: Ids) {
        let Some(it) = self.items.get_mut(item) else {
            return;
        };
        it.ended = Some(wi);
        if let Some(&(_, first)) = it.pending.first() {
            let n = it.pending.len();
            let detail = format!(
                "{n} {} started without a wait_group_events for {} event after {}",
                if n == 1 { "copy" } else { "copies" },
                if n == 1 { "its" } else { "their" },
                if n == 1 { "it" } else { "them" },
            );
            self.report(AsyncKind::NotWaited, first, wi, detail);
        }
    }

    /// The group has finished: every work-item must have made all of its copies and
    /// waits (tested here, since in a kernel without barriers a work-item ends before
    /// the next one starts the copies it skipped).
    pub(super) fn end_group(&mut self) {
        let mut found = Vec::new();
        for it in &self.items {
            let Some(wi) = it.ended else { continue };
            if let Some(&(_, site)) = self.copies.get(it.started) {
                let detail = format!(
                    "this work-item started {} of the group's {} copies",
                    it.started,
                    self.copies.len()
                );
                found.push((site, wi, detail));
            }
            if let Some((_, site)) = self.waits.get(it.waited) {
                let detail = format!(
                    "this work-item made {} of the group's {} waits",
                    it.waited,
                    self.waits.len()
                );
                found.push((*site, wi, detail));
            }
        }
        for (site, wi, detail) in found {
            self.report(AsyncKind::Divergence, site, wi, detail);
        }
    }

    fn report(&mut self, kind: AsyncKind, site: u64, wi: Ids, detail: String) {
        if let Some(&i) = self.seen.get(&(kind, site)) {
            self.raws[i].count += 1;
            return;
        }
        if self.raws.len() >= MAX_FINDINGS {
            self.dropped += 1;
            return;
        }
        self.seen.insert((kind, site), self.raws.len());
        self.raws.push(Raw {
            kind,
            site,
            wi,
            detail,
            count: 1,
        });
    }

    pub(super) fn findings(&self, run: &RunCtx) -> Vec<Finding> {
        self.raws
            .iter()
            .map(|w| {
                let kind = FindingKind::Async(w.kind);
                let mut f = run.work_item_finding("async", kind, w.site, w.wi);
                f.count = w.count;
                f.detail = w.detail.clone();
                f
            })
            .collect()
    }
}
