//! Collectives: when every work-item of a group waits at the same work-group or
//! sub-group collective, its result is computed from all of their values and delivered.

use super::*;

impl RunCtx<'_> {
    /// Every work-item of the group waits at the same collective: compute and deliver.
    pub(super) fn collective(&self, group: &GroupCtx, wis: &mut [WorkItem]) {
        let Some(first) = wis.first().and_then(|w| w.coll) else {
            return;
        };
        let Some(info) = self
            .prog
            .funcs
            .get(first.func as usize)
            .and_then(|f| f.as_ref())
            .and_then(|f| f.colls.get(first.idx as usize))
        else {
            return;
        };
        let sc = info.sc;
        let vals: Vec<u64> = wis.iter().map(|w| w.coll.map_or(0, |c| c.value)).collect();
        let combine = |op: GroupOp, a: u64, b: u64| group_combine(op, sc, a, b);
        let results: Vec<u64> = match info.kind {
            GroupKind::Any => vec![vals.iter().any(|v| *v != 0) as u64; vals.len()],
            GroupKind::All => vec![vals.iter().all(|v| *v != 0) as u64; vals.len()],
            GroupKind::Broadcast => {
                let [x, y, z] = first.ids;
                let s = group.size;
                let v = if x < s[0] && y < s[1] && z < s[2] {
                    vals[((z * s[1] + y) * s[0] + x) as usize]
                } else {
                    0
                };
                vec![v; vals.len()]
            }
            GroupKind::Reduce(op) => {
                let r = vals
                    .iter()
                    .fold(group_identity(op, sc), |acc, v| combine(op, acc, *v));
                vec![r; vals.len()]
            }
            GroupKind::ScanInclusive(op) | GroupKind::ScanExclusive(op) => {
                let incl = matches!(info.kind, GroupKind::ScanInclusive(_));
                let mut acc = group_identity(op, sc);
                vals.iter()
                    .map(|v| {
                        let before = acc;
                        acc = combine(op, acc, *v);
                        if incl {
                            acc
                        } else {
                            before
                        }
                    })
                    .collect()
            }
            _ => vals.clone(),
        };
        for (w, r) in wis.iter_mut().zip(results) {
            if let Some(c) = w.coll.take() {
                if let Some(slot) = w.regs.get_mut(c.dst) {
                    *slot = r;
                }
            }
        }
    }
}

/// One step of a group reduction or scan.
pub(super) fn group_combine(op: GroupOp, sc: Scalar, a: u64, b: u64) -> u64 {
    let bin = |o| scalar::binary(o, sc, a, b);
    match op {
        GroupOp::Add => bin(BinaryOp::Iadd),
        GroupOp::Fadd => bin(BinaryOp::Fadd),
        GroupOp::Mul => bin(BinaryOp::Imul),
        GroupOp::Fmul => bin(BinaryOp::Fmul),
        GroupOp::Smin => bin(BinaryOp::Smin),
        GroupOp::Umin => bin(BinaryOp::Umin),
        GroupOp::Fmin => bin(BinaryOp::Fmin),
        GroupOp::Smax => bin(BinaryOp::Smax),
        GroupOp::Umax => bin(BinaryOp::Umax),
        GroupOp::Fmax => bin(BinaryOp::Fmax),
        GroupOp::And => a & b,
        GroupOp::Or => a | b,
        GroupOp::Xor => a ^ b,
        GroupOp::LogicalAnd => (a != 0 && b != 0) as u64,
        GroupOp::LogicalOr => (a != 0 || b != 0) as u64,
        GroupOp::LogicalXor => ((a != 0) != (b != 0)) as u64,
    }
}
