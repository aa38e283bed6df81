//! Row checks. In a kernel whose packets do not split, an access whose address is
//! computed from kernel arguments, constants and work-item queries alone (`out[gid]`,
//! `tile[lid]`) can be checked once for a whole row of work-items, at the row's start:
//! its first and last work-items' offsets are computed there (the address chain is
//! lowered with the local x id at 0, then at the row's end), and if the row's elements
//! lie the stride apart, in bounds and aligned, every packet of the row skips its own
//! check (`packet_check` reads the row's flag). A row that fails goes to the packets'
//! slow path, which checks each work-item on its own and faults where it would.
//!
//! With barriers, every call of the function (one per region) checks its rows again,
//! and only for the accesses of the region the row's first work-item resumes in (the
//! other flags are 0: a packet elsewhere takes its own checks).
//! The chain's values the row start defines are defined again before any use: by the
//! body, which computes them, or by the resume after a barrier, which restores them.

use cranelift_codegen::ir::{types, InstBuilder};

use cranelift_codegen::ir::Value as CValue;
use cranelift_frontend::Switch;

use kauai_ir::{Block, InstKind, Value};

use crate::abi::*;

use super::*;

/// One access's row check: the pointer, bytes per work-item, alignment (log2) and
/// whether it loads (the limit is the region's size) or writes (its writable size).
pub(super) type RowKey = (Value, u64, u32, bool);

impl Lower<'_, '_> {
    /// The accesses of the kernel that get a row check, with the instructions (in
    /// body order) that compute their pointers.
    pub(super) fn find_row_checks(&self) -> (Vec<RowKey>, Vec<Inst>) {
        let mut keys = Vec::new();
        let mut chain: Vec<Inst> = Vec::new();
        if !self.row_checks
            || self.w < 2
            || self.callee.is_some()
            || splits(self.body, &self.varying, &self.masks)
        {
            return (keys, chain);
        }
        let mut seen = HashSet::new();
        for &b in &self.body.order {
            for &i in &self.body.blocks[b].insts {
                let Some(key) = self.access_key(i) else {
                    continue;
                };
                let mut insts = Vec::new();
                if !self.row_chain(key.0, &mut insts, 0) {
                    continue;
                }
                if !keys.contains(&key) {
                    keys.push(key);
                }
                for i in insts {
                    if seen.insert(i) {
                        chain.push(i);
                    }
                }
            }
        }
        // In body order, so that operands come before their users.
        let order = self.layout_index();
        chain.sort_by_key(|i| order[i]);
        (keys, chain)
    }

    /// The key of a load or store whose packets' check `packet_check` can do: a varying
    /// pointer with a root and a constant stride the alignment divides.
    pub(super) fn access_key(&self, i: Inst) -> Option<RowKey> {
        let d = &self.body.insts[i];
        let (ptr, ty, al, loads) = match &d.kind {
            InstKind::Load { ptr, align, .. } => {
                (*ptr, self.body.value_type(d.result?), *align, true)
            }
            InstKind::Store {
                ptr, value, align, ..
            } => (*ptr, self.body.value_type(*value), *align, false),
            _ => return None,
        };
        if !self.varying.contains(&ptr) || self.root(ptr).is_none() {
            return None;
        }
        let sc = lane_sc(ty);
        let eb = if sc == Scalar::I1 {
            1
        } else {
            sc.bytes() as u64
        };
        let len = eb * lanes_of(ty) as u64;
        let al = al.max(1).trailing_zeros();
        let stride = self.stride_of(ptr, 0)?;
        (stride != 0 && stride % (1i64 << al) == 0).then_some((ptr, len, al, loads))
    }

    /// Whether `v` is computed from arguments, constants, module globals' addresses and
    /// work-item queries by pure integer operations (collecting those instructions),
    /// none kept in SIMD vectors.
    fn row_chain(&self, v: Value, out: &mut Vec<Inst>, depth: u32) -> bool {
        if self.args.contains_key(&v) {
            return true;
        }
        if depth > 32 || self.packed.contains(&v) {
            return false;
        }
        let Some(i) = self.body.value_inst(v) else {
            return false;
        };
        let kind = &self.body.insts[i].kind;
        let pure =
            matches!(kind, InstKind::Const(_) | InstKind::GlobalAddr(_)) || self.lazy_form(i);
        if !pure {
            return false;
        }
        let mut ok = true;
        kind.for_each_operand(|o| ok &= self.row_chain(o, out, depth + 1));
        if ok && !out.contains(&i) {
            out.push(i);
        }
        ok
    }

    /// In a kernel with barriers, per region (0: from the entry; `k`: after barrier
    /// site `k`), the row checks whose accesses it can reach before the next barrier
    /// and the instructions that compute their pointers, in body order. Each call of
    /// the function then checks only the rows of the region its work-items resume in.
    pub(super) fn find_region_rows(&self) -> Vec<(Vec<usize>, Vec<Inst>)> {
        if self.row_keys.is_empty() || !self.layout.has_barrier {
            return Vec::new();
        }
        let all: Vec<usize> = (0..self.row_keys.len()).collect();
        let mut starts = vec![None; self.live.len() + 1];
        starts[0] = self.body.entry().map(|b| (b, 0));
        for (i, &k) in &self.sites {
            if let (Some(at), Some(&(b, j))) = (starts.get_mut(k as usize), self.pos.get(i)) {
                *at = Some((b, j + 1));
            }
        }
        let order = self.layout_index();
        starts
            .into_iter()
            .map(|start| {
                // A region whose start is unknown checks every row (more flags than
                // needed is only slower).
                let keys = start.map_or_else(|| all.clone(), |s| self.region_keys(s));
                let mut chain = Vec::new();
                for &k in &keys {
                    let mut insts = Vec::new();
                    self.row_chain(self.row_keys[k].0, &mut insts, 0);
                    for i in insts {
                        if !chain.contains(&i) {
                            chain.push(i);
                        }
                    }
                }
                chain.sort_by_key(|i| order[i]);
                (keys, chain)
            })
            .collect()
    }

    /// Each placed instruction's position in the body's layout.
    fn layout_index(&self) -> HashMap<Inst, usize> {
        self.body
            .order
            .iter()
            .flat_map(|&b| self.body.blocks[b].insts.iter().copied())
            .enumerate()
            .map(|(k, i)| (i, k))
            .collect()
    }

    /// The row checks reachable from `(block, index)` without passing a barrier.
    fn region_keys(&self, start: (Block, usize)) -> Vec<usize> {
        let mut found = vec![false; self.row_keys.len()];
        let mut entered = HashSet::new();
        let mut stack = vec![start];
        while let Some((b, j)) = stack.pop() {
            let insts = &self.body.blocks[b].insts;
            let mut waits = false;
            for &i in &insts[j..] {
                // Up to the barrier only.
                if self.sites.contains_key(&i) {
                    waits = true;
                    break;
                }
                self.mark_key(i, &mut found);
            }
            if waits {
                continue;
            }
            for s in kauai_ir::cfg::successors(self.body, b) {
                if entered.insert(s) {
                    stack.push((s, 0));
                }
            }
        }
        (0..found.len()).filter(|&k| found[k]).collect()
    }

    fn mark_key(&self, i: Inst, found: &mut [bool]) {
        if let Some(key) = self.access_key(i) {
            if let Some(k) = self.row_keys.iter().position(|r| *r == key) {
                found[k] = true;
            }
        }
    }

    /// At a row's start (local x id 0): each row check's flag. With barriers, only
    /// the checks of the region the row's first work-item resumes in; the others
    /// stay 0, so their accesses take the packets' own checks.
    pub(super) fn row_checks(&mut self) -> Result<(), String> {
        if self.row_keys.is_empty() {
            return Ok(());
        }
        if self.region_rows.is_empty() {
            let all: Vec<usize> = (0..self.row_keys.len()).collect();
            let chain = self.row_chain.clone();
            return self.check_rows(&all, &chain);
        }
        let slot = self.row_flags.expect("row checks have a slot");
        let zero = self.iconst(types::I8, 0);
        for k in 0..self.row_keys.len() {
            self.bx.ins().stack_store(types::I64, zero, slot, k as i32);
        }
        let i = self.use_i();
        let base = self.ctx_load(types::I64, CTX_STATE_BASE);
        let stride = self.ctx_load(types::I64, CTX_STATE_STRIDE);
        let off = self.bx.ins().imul(i, stride);
        let s = self.bx.ins().iadd(base, off);
        let site = self.bx.ins().load(types::I64, flags_ctx(), s, 0);
        let join = self.bx.create_block();
        let mut sw = Switch::new();
        let regions = self.region_rows.clone();
        let blocks: Vec<CBlock> = (0..regions.len())
            .map(|r| {
                let b = self.bx.create_block();
                sw.set_entry(r as u128, b);
                b
            })
            .collect();
        sw.emit(&mut self.bx, site, join);
        for ((keys, chain), b) in regions.iter().zip(blocks) {
            self.bx.switch_to_block(b);
            self.check_rows(keys, chain)?;
            self.bx.ins().jump(join, &[]);
        }
        self.bx.switch_to_block(join);
        Ok(())
    }

    /// The flags of row checks `keys`, whose pointers `chain` computes.
    fn check_rows(&mut self, keys: &[usize], chain: &[Inst]) -> Result<(), String> {
        let lx = self.k.lid[0].unwrap();
        let x0 = self.bx.use_var(lx);
        let mut ends: Vec<Vec<CValue>> = Vec::new();
        let last_x = self.bx.ins().iadd_imm_s(self.k.local[0].unwrap(), -1);
        for x in [x0, last_x] {
            self.bx.def_var(lx, x);
            self.lower_row_chain(chain)?;
            let offs = keys
                .iter()
                .map(|&k| {
                    let pv = self.row_keys[k].0;
                    self.fused_offset(pv).unwrap_or_else(|| self.get1(pv))
                })
                .collect();
            ends.push(offs);
        }
        self.bx.def_var(lx, x0);
        for (e, &k) in keys.iter().enumerate() {
            let (pv, len, al, loads) = self.row_keys[k];
            let stride = self.stride_of(pv, 0).unwrap_or(0);
            let [_, size, wsize] = match self.root(pv) {
                Some(Root::Param(v)) => self.roots[&v],
                Some(Root::Global(g)) => self.global_roots[&g],
                None => continue,
            };
            let limit = if loads { size } else { wsize };
            // The row's elements lie `stride` apart: its ends differ by that much per
            // work-item.
            let span = self.bx.ins().imul_imm_s(last_x, stride);
            let (ok, _) = self.span_check(ends[0][e], ends[1][e], span, stride, len, limit, al);
            let slot = self.row_flags.expect("row checks have a slot");
            self.bx.ins().stack_store(types::I64, ok, slot, k as i32);
        }
        Ok(())
    }

    /// Lower the address chains once, for lane 0 at the current local ids.
    fn lower_row_chain(&mut self, chain: &[Inst]) -> Result<(), String> {
        let next = self.next.expect("row checks exist only in kernels");
        let (pk, cur) = (self.pk, self.cur);
        self.pk = 0;
        self.cur = None;
        for &i in chain {
            let b = self.pos[&i].0;
            self.inst(i, b, next)?;
        }
        self.pk = pk;
        self.cur = cur;
        Ok(())
    }

    /// The row flag of an access (nonzero: its row is in bounds), when it has one.
    pub(super) fn row_flag(&mut self, pv: Value, len: u64, al: u32, kind: u64) -> Option<CValue> {
        let key = (pv, len, al, kind == FAULT_LOAD);
        let k = self.row_keys.iter().position(|r| *r == key)?;
        let slot = self.row_flags?;
        Some(
            self.bx
                .ins()
                .stack_load(types::I64, types::I8, slot, k as i32),
        )
    }
}
