//! Packets that split at divergent branches (each work-item alone in its own copy of
//! the body) and barrier state (saving and restoring what is live across a barrier).

use cranelift_codegen::ir::condcodes::IntCC as CInt;
use cranelift_codegen::ir::{types, Block as CBlock, InstBuilder, Value as CValue};
use cranelift_frontend::Switch;

use kauai_ir::{Block, Inst, InstKind};

use crate::abi::*;

use super::*;

impl Lower<'_, '_> {
    /// The packet splits at the divergent branch ending `b`: each work-item gets its
    /// own copy of the uniform values live there, then work-item 0 takes the branch
    /// alone (and the others after it, see [`Lower::lane_copies`]).
    pub(super) fn split_here(&mut self, b: Block, term: Inst) {
        if self.lane_done.is_empty() {
            self.lane_done = (0..self.w)
                .map(|_| {
                    let b = self.bx.create_block();
                    self.bx.append_block_param(b, types::I64);
                    b
                })
                .collect();
            self.split_var = Some(self.bx.declare_var(types::I64));
            self.lane_status = Some(self.bx.declare_var(types::I64));
        }
        let site = self.splits.len();
        self.splits.push((b, term));
        let at = self.body.blocks[b].insts.len().saturating_sub(1);
        let args = self.body.blocks[self.body.entry().unwrap()].params.clone();
        for v in live_before(self.body, b, at) {
            if args.contains(&v) {
                continue;
            }
            if self.varying.contains(&v) {
                // Alone, a work-item keeps its values in scalars: a packed one's lane
                // is taken out once, here.
                if self.packed.contains(&v) {
                    for k in 0..self.w {
                        self.pk = k;
                        let vals = self.packed_lanes(v);
                        for (x, val) in self.var(v).into_iter().zip(vals) {
                            self.bx.def_var(x, val);
                        }
                    }
                    self.pk = 0;
                }
                continue;
            }
            self.pk = 0;
            let vals = self.get(v);
            for k in 1..self.w {
                self.pk = k;
                self.lane = Some(k);
                self.set(v, vals.clone());
            }
            self.lane = None;
            self.pk = 0;
        }
        let sv = self.iconst(types::I64, site as u64);
        self.bx.def_var(self.split_var.unwrap(), sv);
        let entry = self.bx.create_block();
        self.split_entries.insert((0, site), entry);
        self.bx.ins().jump(entry, &[]);
    }

    /// After the main body: the body once more for each work-item of a packet, run
    /// alone from a split on (scalar code over that work-item's copies of the values).
    pub(super) fn lane_copies(&mut self, next: CBlock, advance: CBlock) -> Result<(), String> {
        if self.splits.is_empty() {
            return Ok(());
        }
        for k in 0..self.w {
            self.lane = Some(k);
            self.pk = k;
            for site in 0..self.splits.len() {
                if k > 0 {
                    let e = self.bx.create_block();
                    self.split_entries.insert((k, site), e);
                }
            }
            for b in self.body.order.clone() {
                let cb = self.block(b);
                self.bx.switch_to_block(cb);
                for (j, &inst) in self.body.blocks[b].insts.clone().iter().enumerate() {
                    self.cur = Some((b, j));
                    if let Some(site) = self.sites.get(&inst).copied() {
                        // Alone at a barrier: keep everything live in this work-item's
                        // own state; the packet resumes together after it.
                        let st = self.save_at_barrier(inst, site, true);
                        let done = self.lane_done[k];
                        self.bx.ins().jump(done, &[st.into()]);
                        let dead = self.bx.create_block();
                        self.bx.switch_to_block(dead);
                        continue;
                    }
                    self.inst(inst, b, next)?;
                }
            }
            // Each split point of this work-item: it takes that branch alone.
            for (site, (b, term)) in self.splits.clone().into_iter().enumerate() {
                let e = self.split_entries[&(k, site)];
                self.bx.switch_to_block(e);
                self.inst(term, b, next)?;
            }
        }
        // When a work-item returns or waits, the next one resumes at the same split;
        // after the last, the packet goes on as one with the status they share (a
        // work-item that went elsewhere is barrier divergence).
        let _ = advance;
        for k in 0..self.w {
            self.lane = Some(k);
            self.bx.switch_to_block(self.lane_done[k]);
            let st = self.bx.block_params(self.lane_done[k])[0];
            let ls = self.lane_status.unwrap();
            if k == 0 {
                self.bx.def_var(ls, st);
            } else if self.layout.has_barrier {
                let st0 = self.bx.use_var(ls);
                let same = self.bx.ins().icmp(CInt::Equal, st, st0);
                let differ = self.bx.create_block();
                let go = self.bx.create_block();
                self.bx.ins().brif(same, go, &[], differ, &[]);
                self.bx.switch_to_block(differ);
                let seen = self.ctx_load(types::I64, CTX_DIVERGED);
                let first = self.bx.create_block();
                self.bx.ins().brif(seen, go, &[], first, &[]);
                self.bx.switch_to_block(first);
                let i = self.use_i();
                let i = self.bx.ins().iadd_imm_s(i, k as i64);
                self.ctx_store(i, CTX_WI);
                self.ctx_store(st, CTX_OTHER_STATUS);
                let one = self.iconst(types::I64, 1);
                self.ctx_store(one, CTX_DIVERGED);
                self.bx.ins().jump(go, &[]);
                self.bx.switch_to_block(go);
            }
            if k + 1 == self.w {
                let st0 = self.bx.use_var(ls);
                self.bx.ins().jump(next, &[st0.into()]);
                continue;
            }
            let site = self.bx.use_var(self.split_var.unwrap());
            let mut sw = Switch::new();
            for s in 0..self.splits.len() {
                sw.set_entry(s as u128, self.split_entries[&(k + 1, s)]);
            }
            let fallback = self.split_entries[&(k + 1, 0)];
            sw.emit(&mut self.bx, site, fallback);
        }
        self.lane = None;
        self.pk = 0;
        Ok(())
    }

    /// At barrier `site`: save what is live after it (a packet: varying values per
    /// work-item, uniform ones once; a work-item alone, `lane`: all of its own values
    /// in its own state), say where to resume, and return the status, `1 + id`.
    pub(super) fn save_at_barrier(&mut self, inst: Inst, site: u32, lane: bool) -> CValue {
        let s = self.bx.use_var(self.k.sbase.unwrap());
        let home = self.pk;
        for v in self.live[site as usize - 1].clone() {
            let slot = self.slot_of[&v];
            let sc = lane_sc(self.body.value_type(v));
            let lanes: Vec<usize> = if lane {
                vec![home]
            } else if self.varying.contains(&v) {
                (0..self.w).collect()
            } else {
                vec![0]
            };
            for pk in lanes {
                self.pk = pk;
                let sk = self.state_of(s, pk);
                for (l, x) in self.get(v).into_iter().enumerate() {
                    let w = self.lane_word(x, sc);
                    let at = (slot as i32 + l as i32) * 8;
                    self.bx.ins().store(flags_ctx(), w, sk, at);
                }
            }
        }
        self.pk = home;
        let kv = self.iconst(types::I64, site as u64);
        let sk = self.state_of(s, if lane { home } else { 0 });
        self.bx.ins().store(flags_ctx(), kv, sk, 0);
        let InstKind::Call(_, args) = &self.body.insts[inst].kind else {
            unreachable!("barrier sites are calls")
        };
        let id = self.get1(args[0]);
        let id = self.lane_word(id, lane_sc(self.body.value_type(args[0])));
        let id = self.bx.ins().band_imm_s(id, 0xffff_ffff);
        self.bx.ins().iadd_imm_s(id, 1)
    }

    /// The state of the packet's work-item `pk`, from its first work-item's `s`.
    pub(super) fn state_of(&mut self, s: CValue, pk: usize) -> CValue {
        if pk == 0 {
            return s;
        }
        let stride = self.ctx_load(types::I64, CTX_STATE_STRIDE);
        let off = self.bx.ins().imul_imm_s(stride, pk as i64);
        self.bx.ins().iadd(s, off)
    }
}
