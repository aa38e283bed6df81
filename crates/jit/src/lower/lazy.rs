//! Lazy work-items of address computations. In a packet, `p[get_global_id(0)]` needs
//! its address in every work-item only when the packet's one bounds check fails: the
//! fast path uses lane 0's address and the constant stride. Cranelift does not sink
//! the other lanes' computations into that cold path, so a packet computed eight
//! global ids, eight scaled offsets and eight pointers to use two of them. A *lazy*
//! value is an integer or pointer computation that only feeds addresses of memory
//! accesses (directly, or through other lazy values): its first and last work-items
//! (which the packet check reads; only the first where every such access is checked
//! once per row, `rows`) are computed where the instruction stands, the others where
//! something asks for them, in that block (the slow path), from their operands, which
//! dominate it.

use kauai_ir::{Block, InstKind, Value};

use super::*;

/// Which work-items of a lazy value are made only where asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum LazyLanes {
    /// All but the first and last (the packet check reads those).
    Middle,
    /// All but the first: the value only feeds accesses checked once per row
    /// (`rows`), whose packets read the first work-item's address only.
    AllButFirst,
    /// All: a `ptradd` used only as an address (the checks read its base and offset).
    All,
}

impl Lower<'_, '_> {
    /// The lazy values of the kernel (none where packets split or run alone: there
    /// every work-item's copy is wanted). With barriers, only values used in their own
    /// block before the next barrier: a value made after a barrier has its operands
    /// only if they live across it, which only the IR's own uses decide.
    pub(super) fn find_lazy(&self) -> HashMap<Value, (Block, LazyLanes)> {
        let mut lazy = HashMap::new();
        if self.w < 3 || self.callee.is_some() || splits(self.body, &self.varying, &self.masks) {
            return lazy;
        }
        let mut users: HashMap<Value, Vec<Inst>> = HashMap::new();
        // Each instruction's block and region of it (the barriers before it there).
        let mut place: HashMap<Inst, (Block, usize)> = HashMap::new();
        for &b in &self.body.order {
            let mut region = 0;
            for &i in &self.body.blocks[b].insts {
                if self.sites.contains_key(&i) {
                    region += 1;
                }
                place.insert(i, (b, region));
                let d = &self.body.insts[i];
                d.kind
                    .for_each_operand(|v| users.entry(v).or_default().push(i));
                if let Some(r) = d.result {
                    if self.varying.contains(&r)
                        && !self.packed.contains(&r)
                        && lanes_of(self.body.value_type(r)) == 1
                        && self.lazy_form(i)
                    {
                        lazy.insert(r, (b, LazyLanes::Middle));
                    }
                }
            }
        }
        // Keep the values whose every use is an access's address or a lazy value (in
        // the same region when there are barriers).
        let same_region = |v: &Value, u: Inst| {
            !self.layout.has_barrier
                || self
                    .body
                    .value_inst(*v)
                    .is_some_and(|d| place.get(&d) == place.get(&u))
        };
        loop {
            let unfit: Vec<Value> = lazy
                .keys()
                .copied()
                .filter(|v| {
                    users.get(v).is_none_or(|us| {
                        us.iter().any(|&u| {
                            !same_region(v, u)
                                || match &self.body.insts[u].kind {
                                    InstKind::Load { ptr, .. } => ptr != v,
                                    InstKind::Store { ptr, value, .. } => ptr != v || value == v,
                                    _ => !self.body.insts[u]
                                        .result
                                        .is_some_and(|r| lazy.contains_key(&r)),
                                }
                        })
                    })
                })
                .collect();
            if unfit.is_empty() {
                break;
            }
            for v in unfit {
                lazy.remove(&v);
            }
        }
        // Whether every access `v` feeds (directly or through lazy values) is checked
        // once per row.
        fn row_only(
            l: &Lower<'_, '_>,
            v: Value,
            users: &HashMap<Value, Vec<Inst>>,
            lazy: &HashMap<Value, (Block, LazyLanes)>,
            depth: u32,
        ) -> bool {
            depth < 32
                && users.get(&v).is_some_and(|us| {
                    us.iter().all(|&u| match l.body.insts[u].result {
                        Some(r) if lazy.contains_key(&r) => row_only(l, r, users, lazy, depth + 1),
                        _ => l.access_key(u).is_some_and(|k| l.row_keys.contains(&k)),
                    })
                })
        }
        let modes: Vec<(Value, LazyLanes)> = lazy
            .keys()
            .map(|&v| {
                let i = self
                    .body
                    .value_inst(v)
                    .expect("a lazy value has an instruction");
                let only_accesses = users.get(&v).is_some_and(|us| {
                    us.iter().all(|&u| {
                        matches!(
                            self.body.insts[u].kind,
                            InstKind::Load { .. } | InstKind::Store { .. }
                        )
                    })
                });
                let mode =
                    if matches!(self.body.insts[i].kind, InstKind::PtrAdd(..)) && only_accesses {
                        LazyLanes::All
                    } else if row_only(self, v, &users, &lazy, 0) {
                        LazyLanes::AllButFirst
                    } else {
                        LazyLanes::Middle
                    };
                (v, mode)
            })
            .collect();
        for (v, mode) in modes {
            if let Some(e) = lazy.get_mut(&v) {
                e.1 = mode;
            }
        }
        // Whatever their uses: an id's work-items past the first (a query with
        // constant operands can be made anywhere, one add each), and a comparison
        // that only a masked branch reads whose first and last work-items decide
        // it (`packet_all_any`): its others are made only where the packet disagrees.
        for &b in &self.body.order {
            for &i in &self.body.blocks[b].insts {
                let d = &self.body.insts[i];
                let Some(r) = d.result else { continue };
                if !self.varying.contains(&r)
                    || self.packed.contains(&r)
                    || lanes_of(self.body.value_type(r)) != 1
                    || lazy.contains_key(&r)
                {
                    continue;
                }
                let mode = match &d.kind {
                    InstKind::Call(f, args)
                        if matches!(call_kind(self.m, *f), Ok(CallKind::Query(_)))
                            && args.iter().all(|a| int_const(self.body, *a).is_some()) =>
                    {
                        LazyLanes::AllButFirst
                    }
                    InstKind::Icmp(..)
                        if self.monotone_compare(r).is_some()
                            && users.get(&r).is_some_and(|us| {
                                us.iter().all(|&u| {
                                    matches!(self.body.insts[u].kind, InstKind::Brif(..))
                                        && place.get(&u).is_some_and(|(ub, _)| {
                                            *ub == b && self.masks.contains_key(ub)
                                        })
                                })
                            }) =>
                    {
                        LazyLanes::Middle
                    }
                    _ => continue,
                };
                lazy.insert(r, (b, mode));
            }
        }
        lazy
    }

    /// Whether instruction `i` is a computation without effects whose one work-item
    /// can be redone anywhere its operands are available.
    pub(super) fn lazy_form(&self, i: Inst) -> bool {
        address_arith(self.m, &self.body.insts[i].kind)
    }

    /// Whether `v`'s copy for the work-item being lowered is made where it is used
    /// (see [`LazyLanes`]).
    pub(super) fn is_lazy_lane(&self, v: Value) -> bool {
        if self.lane.is_some() && !self.masked {
            return false;
        }
        match self.lazy.get(&v) {
            Some(&(_, LazyLanes::All)) => true,
            Some(&(_, LazyLanes::AllButFirst)) => self.pk != 0,
            Some(&(_, LazyLanes::Middle)) => self.pk != 0 && self.pk + 1 != self.w,
            None => false,
        }
    }

    /// Lazy value `v` for the work-item being lowered, made in the current block (once
    /// per block).
    pub(super) fn lazy_lane(&mut self, v: Value) -> CValue {
        let at = self.bx.current_block().expect("lowering inside a block");
        if let Some(x) = self.lazy_made.get(&(v, self.pk, at)) {
            return *x;
        }
        let i = self
            .body
            .value_inst(v)
            .expect("a lazy value has an instruction");
        let b = self.lazy[&v].0;
        let next = self.next.expect("lazy values exist only in kernels");
        let cur = self.cur;
        // (Its forms cannot fail: `inst` only computes and `set`s the lane.)
        let _ = self.inst(i, b, next);
        self.cur = cur;
        *self
            .lazy_made
            .get(&(v, self.pk, at))
            .expect("the lazy instruction made its lane")
    }
}
