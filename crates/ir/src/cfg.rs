//! Control-flow analyses over a function body: successors and predecessors, reverse
//! post-order, and the dominator tree. One implementation, used by the verifier (SSA
//! dominance), `opt` (`mem2reg`, `constfold`, `simplifycfg`) and fit for a structurizer
//! (`amdil-gen`'s needs RPO numbers, immediate dominators, dominator-tree children and
//! back edges: [`DomTree::rpo_index`], [`DomTree::idom`], [`DomTree::children`],
//! [`DomTree::is_back_edge`]). Everything here is iterative: hostile input must not
//! overflow the stack.

use cranelift_entity::SecondaryMap;

use crate::function::Body;
use crate::Block;

/// Successor blocks of `block`, in terminator order (may repeat).
pub fn successors(body: &Body, block: Block) -> Vec<Block> {
    match body.terminator(block) {
        Some(t) => body.insts[t]
            .kind
            .successors()
            .iter()
            .map(|bc| bc.block)
            .collect(),
        None => vec![],
    }
}

/// Predecessors of every block in the layout (each listed once per edge).
pub fn predecessors(body: &Body) -> SecondaryMap<Block, Vec<Block>> {
    let mut preds: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    for &b in &body.order {
        for s in successors(body, b) {
            preds[s].push(b);
        }
    }
    preds
}

/// Blocks reachable from the entry, in reverse post-order.
pub fn reverse_post_order(body: &Body) -> Vec<Block> {
    let Some(entry) = body.entry() else {
        return vec![];
    };
    let mut seen: SecondaryMap<Block, bool> = SecondaryMap::new();
    let mut post = Vec::new();
    // Each stack entry holds its block's successors, computed once.
    let mut stack: Vec<(Block, Vec<Block>, usize)> = vec![(entry, successors(body, entry), 0)];
    seen[entry] = true;
    while let Some((b, succs, i)) = stack.last_mut() {
        if let Some(&s) = succs.get(*i) {
            *i += 1;
            if !seen[s] {
                seen[s] = true;
                let ss = successors(body, s);
                stack.push((s, ss, 0));
            }
        } else {
            post.push(*b);
            stack.pop();
        }
    }
    post.reverse();
    post
}

/// Immediate dominators over the blocks reachable from the entry (Cooper, Harvey and
/// Kennedy's iterative algorithm on reverse post-order).
pub struct DomTree {
    rpo_index: SecondaryMap<Block, u32>,
    idom: SecondaryMap<Block, Option<Block>>,
    /// Entry and exit times of each reachable block in a depth-first walk of the
    /// dominator tree: `a` dominates `b` exactly when `b`'s interval lies inside `a`'s.
    /// That makes [`DomTree::dominates`] O(1); walking the idom chain instead made the
    /// verifier quadratic on a long run of loops (a deep dominator tree).
    enter: SecondaryMap<Block, u32>,
    exit: SecondaryMap<Block, u32>,
    /// The reachable blocks in reverse post-order (the entry first).
    pub rpo: Vec<Block>,
}

impl DomTree {
    pub fn compute(body: &Body) -> DomTree {
        let rpo = reverse_post_order(body);
        let mut rpo_index: SecondaryMap<Block, u32> = SecondaryMap::with_default(u32::MAX);
        for (i, b) in rpo.iter().enumerate() {
            rpo_index[*b] = i as u32;
        }
        let preds = predecessors(body);
        let mut idom: SecondaryMap<Block, Option<Block>> = SecondaryMap::new();
        if let Some(&entry) = rpo.first() {
            idom[entry] = Some(entry);
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new: Option<Block> = None;
                for &p in &preds[b] {
                    if idom[p].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(n) => intersect(&idom, &rpo_index, p, n),
                    });
                }
                if new.is_some() && idom[b] != new {
                    idom[b] = new;
                    changed = true;
                }
            }
        }
        let mut tree = DomTree {
            rpo_index,
            idom,
            enter: SecondaryMap::with_default(u32::MAX),
            exit: SecondaryMap::with_default(u32::MAX),
            rpo,
        };
        tree.number_intervals();
        tree
    }

    /// Fill `enter`/`exit` by an iterative depth-first walk (no recursion: the tree can
    /// be as deep as the function is long).
    fn number_intervals(&mut self) {
        let Some(&entry) = self.rpo.first() else {
            return;
        };
        let children = self.children();
        let mut clock = 0u32;
        let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
        self.enter[entry] = clock;
        while let Some((b, next)) = stack.last_mut() {
            let b = *b;
            if let Some(&c) = children[b].get(*next) {
                *next += 1;
                clock += 1;
                self.enter[c] = clock;
                stack.push((c, 0));
            } else {
                clock += 1;
                self.exit[b] = clock;
                stack.pop();
            }
        }
    }

    /// Position of `b` in [`DomTree::rpo`] (`None` when unreachable).
    pub fn rpo_index(&self, b: Block) -> Option<u32> {
        Some(self.rpo_index[b]).filter(|&i| i != u32::MAX)
    }

    /// The children of every block in the dominator tree, in reverse post-order.
    pub fn children(&self) -> SecondaryMap<Block, Vec<Block>> {
        let mut children: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
        for &b in self.rpo.iter().skip(1) {
            if let Some(p) = self.idom(b) {
                children[p].push(b);
            }
        }
        children
    }

    /// An edge `from -> to` that goes back to a block dominating its source: a loop's
    /// back edge. (An edge to an earlier block in reverse post-order that is not a back
    /// edge makes the graph irreducible.)
    pub fn is_back_edge(&self, from: Block, to: Block) -> bool {
        self.dominates(to, from)
    }

    pub fn is_reachable(&self, b: Block) -> bool {
        self.rpo_index[b] != u32::MAX
    }

    pub fn idom(&self, b: Block) -> Option<Block> {
        self.idom[b].filter(|d| *d != b)
    }

    /// Does `a` dominate `b`? (A block dominates itself; an unreachable block is
    /// dominated only by itself.)
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        if a == b {
            return true;
        }
        let (ea, eb) = (self.enter[a], self.enter[b]);
        ea != u32::MAX && eb != u32::MAX && ea <= eb && self.exit[b] <= self.exit[a]
    }
}

fn intersect(
    idom: &SecondaryMap<Block, Option<Block>>,
    idx: &SecondaryMap<Block, u32>,
    mut a: Block,
    mut b: Block,
) -> Block {
    while a != b {
        while idx[a] > idx[b] {
            a = idom[a].unwrap_or(a);
            if idom[a] == Some(a) {
                break;
            }
        }
        while idx[b] > idx[a] {
            b = idom[b].unwrap_or(b);
            if idom[b] == Some(b) {
                break;
            }
        }
        if idx[a] == idx[b] && a != b {
            // Only possible on malformed input; stop rather than loop forever.
            return a;
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_str;

    #[test]
    fn diamond_inside_a_loop() {
        // 0 -> 1; 1 -> 2 | 3; 2 -> 4; 3 -> 4; 4 -> 1 | 5; 6 unreachable.
        let text = "function @f(i1 \"c\") -> void {
block0(v0: i1):
    jump block1
block1:
    brif v0, block2, block3
block2:
    jump block4
block3:
    jump block4
block4:
    brif v0, block1, block5
block5:
    return
block6:
    return
}
";
        let m = parse_str("cfg.ir", text).unwrap_or_else(|e| panic!("{e}"));
        let f = m.func_by_name("f").expect("f");
        let body = m.functions[f].body.as_ref().expect("body");
        let b = |i: usize| body.order[i];
        let dom = DomTree::compute(body);
        assert_eq!(dom.rpo.len(), 6);
        assert_eq!(dom.rpo[0], b(0));
        assert!(!dom.is_reachable(b(6)));
        assert_eq!(dom.rpo_index(b(6)), None);
        assert_eq!(dom.idom(b(4)), Some(b(1)));
        assert_eq!(dom.idom(b(5)), Some(b(4)));
        assert_eq!(dom.idom(b(0)), None);
        assert!(dom.is_back_edge(b(4), b(1)));
        assert!(!dom.is_back_edge(b(2), b(4)));
        let mut kids = dom.children()[b(1)].clone();
        kids.sort();
        assert_eq!(kids, vec![b(2), b(3), b(4)]);
        assert_eq!(predecessors(body)[b(4)], vec![b(2), b(3)]);
        assert_eq!(predecessors(body)[b(1)], vec![b(0), b(4)]);
        // Dominance by hand: 0 dominates all reachable blocks, 1 dominates 1..=5, 4
        // dominates 5; 2 and 3 dominate only themselves; 6 only itself.
        let by_hand = |x: usize, y: usize| {
            x == y || (x == 0 && y <= 5) || (x == 1 && (1..=5).contains(&y)) || (x, y) == (4, 5)
        };
        for x in 0..7 {
            for y in 0..7 {
                assert_eq!(dom.dominates(b(x), b(y)), by_hand(x, y), "{x} dom {y}");
            }
        }
    }
}
