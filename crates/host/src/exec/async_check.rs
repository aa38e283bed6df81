//! The async check: the front end marks each `async_work_group_(strided_)copy` a
//! work-item starts (with its arguments) and each `wait_group_events`. A copy belongs
//! to the whole work-group, so every work-item must start the same copies, in the same
//! order, with the same arguments; and a work-item must wait before it ends, or the
//! copy may not have happened. Oclgrind reports the first as work-group divergence.
//! (Which event a wait names is not followed: the events carry nothing.)

use std::collections::HashMap;

use super::*;
use crate::checks::{AsyncKind, Finding, FindingKind};

/// At most this many distinct findings are kept (later ones are only counted).
const MAX_FINDINGS: usize = 1000;

#[derive(Default)]
pub(super) struct AsyncState {
    /// The copies of the group being run, as the first work-item to reach each
    /// started it: arguments and marker site.
    copies: Vec<([u64; 4], u64)>,
    /// Per work-item of the group (local linear id): copies started, copies started
    /// since its last wait, and the site of the first of those.
    items: Vec<(usize, usize, u64)>,
    seen: HashMap<(AsyncKind, u64), usize>,
    raws: Vec<Raw>,
    pub(super) dropped: u64,
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
        self.items.clear();
        self.items.resize(items, (0, 0, 0));
    }

    /// Work-item `item` starts a copy with `args` at marker `site`.
    pub(super) fn copy(&mut self, item: usize, args: [u64; 4], site: u64, wi: Ids) {
        let Some(&(started, pending, first)) = self.items.get(item) else {
            return;
        };
        match self.copies.get(started) {
            None => self.copies.push((args, site)),
            Some((a, s)) if *a == args && *s == site => {}
            Some((a, _)) => {
                let detail = format!(
                    "copy {} of the group: this work-item's (dst {:#x}, src {:#x}, {} elements, stride {}) differs from the first work-item's (dst {:#x}, src {:#x}, {} elements, stride {})",
                    started + 1,
                    args[0], args[1], args[2], args[3], a[0], a[1], a[2], a[3]
                );
                self.report(AsyncKind::Divergence, site, wi, detail);
            }
        }
        let first = if pending == 0 { site } else { first };
        self.items[item] = (started + 1, pending + 1, first);
    }

    /// Work-item `item` waits for the group's copies.
    pub(super) fn wait(&mut self, item: usize) {
        if let Some(it) = self.items.get_mut(item) {
            it.1 = 0;
        }
    }

    /// Work-item `item` has returned.
    pub(super) fn end_item(&mut self, item: usize, wi: Ids) {
        let Some(&(started, pending, first)) = self.items.get(item) else {
            return;
        };
        if pending > 0 {
            let detail = format!("{pending} copies started without a wait_group_events after them");
            self.report(AsyncKind::NotWaited, first, wi, detail);
        }
        if started < self.copies.len() {
            let (_, site) = self.copies[started];
            let detail = format!(
                "this work-item started {started} of the group's {} copies",
                self.copies.len()
            );
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
