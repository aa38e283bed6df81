//! With checks on, a bad access does not end the run: it is kept here, once per
//! instruction with a count, and the work-item goes on (a load reads zeros, a store
//! or an atomic does nothing), so that the outputs can still be printed, as in
//! Oclgrind.

use std::collections::HashMap;

use super::*;
use crate::checks::{Finding, FindingKind};

/// At most this many distinct faults are kept (later ones are only counted).
const MAX_FAULTS: usize = 1000;

#[derive(Default)]
pub(super) struct FaultLog {
    seen: HashMap<u64, usize>,
    raws: Vec<Raw>,
    pub(super) dropped: u64,
}

struct Raw {
    site: u64,
    message: String,
    wi: ([u64; 3], [u64; 3], [u64; 3]),
    count: u64,
}

impl FaultLog {
    /// A fault of the instruction `site` (`function << 32 | op index`) by the
    /// work-item `wi` (global, local and group ids).
    pub(super) fn record(
        &mut self,
        site: u64,
        message: String,
        wi: ([u64; 3], [u64; 3], [u64; 3]),
    ) {
        if let Some(&i) = self.seen.get(&site) {
            self.raws[i].count += 1;
            return;
        }
        if self.raws.len() >= MAX_FAULTS {
            self.dropped += 1;
            return;
        }
        self.seen.insert(site, self.raws.len());
        self.raws.push(Raw {
            site,
            message,
            wi,
            count: 1,
        });
    }

    pub(super) fn findings(&self, run: &RunCtx) -> Vec<Finding> {
        self.raws
            .iter()
            .map(|w| {
                let mut f = run.work_item_finding("memory", FindingKind::Fault, w.site, w.wi);
                f.count = w.count;
                f.detail = w.message.clone();
                f
            })
            .collect()
    }
}
