//! Masked divergent branches: where a packet's work-items disagree on a branch that
//! `analysis::masked_regions` allows, the packet runs every block up to the join
//! with a mask per work-item instead of splitting. Computation runs for all
//! work-items (it cannot trap); loads and stores run only for the work-items whose
//! mask is set, each alone with its own checks (a uniform access once, if any
//! work-item's mask is set); block parameters take, per work-item, the value of the
//! edge its mask chose. The packet then goes on together from the join, so kernels
//! with such branches keep wide packets, SIMD vectors and packet checks.
//!
//! A store to an address the branch's block loaded (`Masked::old`) is made by every
//! work-item instead: the ones left out write back what they loaded, so the packet
//! stores blended vectors (`bitselect`), with its one check when the elements are
//! consecutive. That is what makes data-dependent branches such as a bitonic
//! compare-exchange (`if ((a > b) == up) { d[i] = b; d[ixj] = a; }`) worth masking.

use cranelift_codegen::ir::condcodes::IntCC as CInt;
use cranelift_codegen::ir::{types, Block as CBlock, InstBuilder, Value as CValue};

use kauai_ir::{Block, Inst, InstKind, Value};

use super::*;

/// A mask: per work-item of the packet, 1 where it runs, else 0 (`i8`).
type Mask = Vec<CValue>;

/// The edges into a block met so far: each one's mask and arguments.
type Incoming = HashMap<Block, Vec<(Mask, Vec<Value>)>>;

impl Lower<'_, '_> {
    /// At divergent branch `term` ending `b` (the packet's work-items disagree):
    /// run `mk`'s blocks masked, then jump to the join.
    pub(super) fn run_masked(
        &mut self,
        b: Block,
        term: Inst,
        mk: &Masked,
        next: CBlock,
    ) -> Result<(), String> {
        let InstKind::Brif(c, t, e) = self.body.insts[term].kind.clone() else {
            unreachable!("masked regions start at a brif")
        };
        // Packet addresses made here must not serve the unmasked blocks.
        let saved = std::mem::take(&mut self.packet_addrs);
        self.blend_old = mk.old.clone();
        let r = self.run_masked_blocks(b, c, t, e, mk, next);
        self.blend_old.clear();
        self.vmasks.clear();
        self.packet_addrs = saved;
        r
    }

    fn run_masked_blocks(
        &mut self,
        b: Block,
        c: Value,
        t: kauai_ir::BlockCall,
        e: kauai_ir::BlockCall,
        mk: &Masked,
        next: CBlock,
    ) -> Result<(), String> {
        let taken = self.lane_bits(c);
        let not_taken = self.negate(&taken);
        if self.packed.contains(&c) {
            // The two edges' masks as vectors, for blending stores.
            let v = self.vget(c);
            let nv = v.iter().map(|&x| self.bx.ins().bnot(x)).collect();
            self.vmasks = vec![(taken.clone(), v), (not_taken.clone(), nv)];
        }
        let mut incoming = Incoming::new();
        incoming.entry(t.block).or_default().push((taken, t.args));
        incoming
            .entry(e.block)
            .or_default()
            .push((not_taken, e.args));
        for &x in &mk.blocks {
            let ins = incoming.remove(&x).unwrap_or_default();
            let mask = self.union(&ins);
            self.take_params(x, &ins);
            let insts = self.body.blocks[x].insts.clone();
            for (j, &i) in insts.iter().enumerate() {
                self.cur = Some((x, j));
                match self.body.insts[i].kind.clone() {
                    InstKind::Load { .. } | InstKind::Store { .. } => {
                        self.masked_access(i, x, &mask, next)?
                    }
                    InstKind::Jump(bc) => {
                        incoming
                            .entry(bc.block)
                            .or_default()
                            .push((mask.clone(), bc.args));
                    }
                    InstKind::Brif(c2, t2, e2) => {
                        let bits = self.lane_bits(c2);
                        let on: Mask = mask
                            .iter()
                            .zip(&bits)
                            .map(|(&m, &x)| self.bx.ins().band(m, x))
                            .collect();
                        let off: Mask = mask
                            .iter()
                            .zip(&bits)
                            .map(|(&m, &x)| self.bx.ins().band_not(m, x))
                            .collect();
                        incoming.entry(t2.block).or_default().push((on, t2.args));
                        incoming.entry(e2.block).or_default().push((off, e2.args));
                    }
                    _ => self.packet_inst(i, x, next)?,
                }
            }
        }
        let ins = incoming.remove(&mk.join).unwrap_or_default();
        self.take_params(mk.join, &ins);
        let to = self.block(mk.join);
        if self.dom.is_back_edge(b, mk.join) {
            self.poll_then(to);
        } else {
            self.bx.ins().jump(to, &[]);
        }
        Ok(())
    }

    /// Whether `c` holds for all and for any of the packet's work-items. For an
    /// ordered comparison of a value that grows by a known stride with a uniform one
    /// ([`Lower::monotone_compare`]), the first and last work-items decide, once a
    /// run-time check shows the value did not wrap around inside the packet.
    pub(super) fn packet_all_any(&mut self, c: Value) -> (CValue, CValue) {
        let Some((x, stride, signed)) = self.monotone_compare(c) else {
            return self.lanes_all_any(c);
        };
        let last = self.w - 1;
        self.pk = 0;
        let (c0, x0) = (self.get1(c), self.get1(x));
        self.pk = last;
        let (cl, xl) = (self.get1(c), self.get1(x));
        self.pk = 0;
        let t = self.bx.func.dfg.value_type(x0);
        let apart = self.bx.ins().isub(xl, x0);
        let span = self.bx.ins().iconst(t, stride * last as i64);
        let linear = self.bx.ins().icmp(CInt::Equal, apart, span);
        let cc = match (stride > 0, signed) {
            (true, true) => CInt::SignedLessThanOrEqual,
            (true, false) => CInt::UnsignedLessThanOrEqual,
            (false, true) => CInt::SignedGreaterThanOrEqual,
            (false, false) => CInt::UnsignedGreaterThanOrEqual,
        };
        let ordered = self.bx.ins().icmp(cc, x0, xl);
        let fine = self.bx.ins().band(linear, ordered);
        let ends = self.bx.create_block();
        let each = self.bx.create_block();
        let join = self.bx.create_block();
        self.bx.append_block_param(join, types::I8);
        self.bx.append_block_param(join, types::I8);
        self.bx.ins().brif(fine, ends, &[], each, &[]);
        self.bx.seal_block(ends);
        self.bx.seal_block(each);
        self.bx.switch_to_block(ends);
        let all = self.bx.ins().band(c0, cl);
        let any = self.bx.ins().bor(c0, cl);
        self.bx.ins().jump(join, &[all.into(), any.into()]);
        self.bx.set_cold_block(each);
        self.bx.switch_to_block(each);
        let (all, any) = self.lanes_all_any(c);
        self.bx.ins().jump(join, &[all.into(), any.into()]);
        self.bx.seal_block(join);
        self.bx.switch_to_block(join);
        let p = self.bx.block_params(join);
        (p[0], p[1])
    }

    /// [`Lower::packet_all_any`] work-item by work-item, or on the lane masks of a
    /// packed condition.
    fn lanes_all_any(&mut self, c: Value) -> (CValue, CValue) {
        if self.packed.contains(&c) {
            let v = self.vget(c);
            let all = v[1..].iter().fold(v[0], |a, &x| self.bx.ins().band(a, x));
            let any = v[1..].iter().fold(v[0], |a, &x| self.bx.ins().bor(a, x));
            let all = self.bx.ins().vall_true(all);
            let any = self.bx.ins().vany_true(any);
            return (all, any);
        }
        let home = self.pk;
        self.pk = 0;
        let mut all = self.get1(c);
        let mut any = all;
        for k in 1..self.w {
            self.pk = k;
            let ck = self.get1(c);
            all = self.bx.ins().band(all, ck);
            any = self.bx.ins().bor(any, ck);
        }
        self.pk = home;
        (all, any)
    }

    /// For `c = icmp cc a, b` with an order `cc`, one side uniform and the other, `x`,
    /// growing by a constant `stride` per work-item (by less than 2^31 over the
    /// packet, in 32 or 64 bits): `(x, stride, signed)`. Which work-items such a
    /// comparison holds for is a run at one end of the packet.
    pub(super) fn monotone_compare(&self, c: Value) -> Option<(Value, i64, bool)> {
        use kauai_ir::IntCC as I;
        let i = self.body.value_inst(c)?;
        let InstKind::Icmp(cc, a, b) = self.body.insts[i].kind else {
            return None;
        };
        let signed = match cc {
            I::Eq | I::Ne => return None,
            I::Slt | I::Sle | I::Sgt | I::Sge => true,
            _ => false,
        };
        let (sa, sb) = (self.stride_of(a, 0)?, self.stride_of(b, 0)?);
        let (x, stride) = match (sa, sb) {
            (0, s) if s != 0 => (b, s),
            (s, 0) if s != 0 => (a, s),
            _ => return None,
        };
        let bits = lane_sc(self.body.value_type(x)).bits();
        let span = stride.checked_mul(self.w as i64 - 1)?;
        (bits >= 32 && span.unsigned_abs() < 1 << 31).then_some((x, stride, signed))
    }

    /// `c` (an `i1`) per work-item of the packet, as 0 or 1.
    fn lane_bits(&mut self, c: Value) -> Mask {
        let home = self.pk;
        let bits = (0..self.w)
            .map(|k| {
                self.pk = k;
                let x = self.get1(c);
                self.bx.ins().icmp_imm_u(CInt::NotEqual, x, 0)
            })
            .collect();
        self.pk = home;
        bits
    }

    fn negate(&mut self, m: &Mask) -> Mask {
        m.iter().map(|&x| self.bx.ins().bxor_imm_u(x, 1)).collect()
    }

    /// Who reaches a block: the union of its incoming edges' masks.
    fn union(&mut self, ins: &[(Mask, Vec<Value>)]) -> Mask {
        let mut it = ins.iter();
        let first = it.next().expect("a masked block has an edge in").0.clone();
        it.fold(first, |acc, (m, _)| {
            acc.iter()
                .zip(m)
                .map(|(&a, &x)| self.bx.ins().bor(a, x))
                .collect()
        })
    }

    /// Block `x`'s parameters: each work-item takes the argument of the edge its
    /// mask chose (all arguments are read before any parameter is written). A
    /// parameter that does not vary gets the same value on every such edge
    /// (`analysis::sync_dependent`): it is set once.
    fn take_params(&mut self, x: Block, ins: &[(Mask, Vec<Value>)]) {
        let params = self.body.blocks[x].params.clone();
        if params.is_empty() || ins.is_empty() {
            return;
        }
        let home = self.pk;
        let mut moves = Vec::new();
        for (pi, &p) in params.iter().enumerate() {
            if !self.varying.contains(&p) {
                self.pk = 0;
                moves.push((p, 0, self.get(ins[0].1[pi])));
                continue;
            }
            for k in 0..self.w {
                self.pk = k;
                let mut acc = self.get(ins[0].1[pi]);
                for (m, args) in &ins[1..] {
                    let v = self.get(args[pi]);
                    acc = acc
                        .iter()
                        .zip(v)
                        .map(|(&a, v)| self.bx.ins().select(m[k], v, a))
                        .collect();
                }
                moves.push((p, k, acc));
            }
        }
        for (p, k, vals) in moves {
            self.pk = k;
            self.set(p, vals);
        }
        self.pk = home;
    }

    /// Load or store `i` of block `x` for the work-items of `mask`; once for all
    /// when every work-item would make the same access.
    fn masked_access(
        &mut self,
        i: Inst,
        x: Block,
        mask: &Mask,
        next: CBlock,
    ) -> Result<(), String> {
        let (ptr, value, align) = match &self.body.insts[i].kind {
            InstKind::Load { ptr, align, .. } => (*ptr, None, *align),
            InstKind::Store {
                ptr, value, align, ..
            } => (*ptr, Some(*value), *align),
            _ => unreachable!("masked accesses are loads and stores"),
        };
        if let Some(&old) = self.blend_old.get(&i) {
            return self.blend_store(i, mask, old);
        }
        let same = !self.varying.contains(&ptr) && value.is_none_or(|v| !self.varying.contains(&v));
        if same {
            let any = mask[1..]
                .iter()
                .fold(mask[0], |a, &m| self.bx.ins().bor(a, m));
            return self.only_if(any, |l| l.inst(i, x, next));
        }
        // Loads take the packet's path (a work-item left out may load anything in
        // bounds); stores go one work-item at a time, in order, the left-out ones to
        // the scratch slot: no branch per work-item, and no write where a work-item
        // does not write.
        self.mask = Some(mask.clone());
        let scalar_store = value.filter(|v| {
            matches!(self.body.value_type(*v), kauai_ir::Type::Scalar(sc) if sc != kauai_ir::Scalar::I1)
        });
        let r = if value.is_none() {
            self.packet_inst(i, x, next)
        } else if let Some(v) = scalar_store {
            // One packet check for the addresses where it holds, then each work-item's
            // store, in order (a left-out one's to the scratch slot).
            let vals = (0..self.w)
                .map(|k| {
                    self.pk = k;
                    self.get1(v)
                })
                .collect();
            self.pk = 0;
            self.store_lanes(ptr, align, vals);
            Ok(())
        } else {
            (0..self.w).try_for_each(|k| {
                self.lane = Some(k);
                self.masked = true;
                self.pk = k;
                let r = self.inst(i, x, next);
                self.lane = None;
                self.masked = false;
                self.pk = 0;
                r
            })
        };
        self.mask = None;
        r
    }

    /// Store `i` made by every work-item of the packet: those of `mask` store
    /// their value, the others `old`, what they loaded from the same address
    /// (`analysis::stores_to_loaded`). Packed values blend as vectors, and a store
    /// to consecutive elements is then vector stores.
    fn blend_store(&mut self, i: Inst, mask: &Mask, old: Value) -> Result<(), String> {
        let InstKind::Store {
            ptr, value, align, ..
        } = self.body.insts[i].kind
        else {
            unreachable!("blended accesses are stores")
        };
        let t = self.body.value_type(value);
        let sc = lane_sc(t);
        let vector = simd::packable_scalar(t).is_some()
            && self.w.is_multiple_of(simd::VLANES)
            && (self.packed.contains(&value) || self.packed.contains(&old));
        let lanes: Vec<CValue> = if vector {
            let m = self.mask_vectors(mask);
            let (new, was) = (self.vget(value), self.vget(old));
            let vecs = self.blend(&m, &new, &was);
            if self.vector_store(i).is_some() {
                self.vstore_vecs(ptr, align, sc, vecs);
                return Ok(());
            }
            (0..self.w)
                .map(|k| {
                    self.bx
                        .ins()
                        .extractlane(vecs[k / simd::VLANES], (k % simd::VLANES) as u8)
                })
                .collect()
        } else {
            (0..self.w)
                .map(|k| {
                    self.pk = k;
                    let (new, was) = (self.get1(value), self.get1(old));
                    self.bx.ins().select(mask[k], new, was)
                })
                .collect()
        };
        self.pk = 0;
        // In the work-items' order, as the scalar form stores.
        self.store_lanes(ptr, align, lanes);
        Ok(())
    }

    /// Lower `f` in a block run only where `cond` is set.
    fn only_if(
        &mut self,
        cond: CValue,
        f: impl FnOnce(&mut Self) -> Result<(), String>,
    ) -> Result<(), String> {
        let run = self.bx.create_block();
        let after = self.bx.create_block();
        self.bx.ins().brif(cond, run, &[], after, &[]);
        self.bx.seal_block(run);
        self.bx.switch_to_block(run);
        f(self)?;
        self.bx.ins().jump(after, &[]);
        self.bx.seal_block(after);
        self.bx.switch_to_block(after);
        Ok(())
    }
}
