//! From a control-flow graph to IL's structured flow control.
//!
//! IL has no branches, only `if`/`else`, loops with `break`/`continue` and `switch`. The
//! translation follows Norman Ramsey's "Beyond Relooper" (ICFP 2022), which works for
//! every reducible graph: the dominator tree gives the nesting, a loop header opens a
//! loop, and a node with several forward predecessors (a merge node) is placed right after
//! a labelled block that the branches to it leave. Two changes fit IL better:
//!
//! - children of a loop header that lie outside the loop (its exits) are placed after
//!   the loop, so that the rest of a function does not nest inside it;
//! - a branch to where control would fall through anyway is dropped, and labelled blocks
//!   nobody leaves vanish when lowered (see `func.rs`).
//!
//! An edge that enters a loop other than through its header (irreducible flow) is an
//! error: IL cannot express it without duplicating code.

use kauai_ir::cfg::{self, DomTree};
use kauai_ir::{Block, Body, InstKind, SecondaryMap};

/// Where a branch goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Label {
    /// After the labelled block of this merge (or loop exit) node: its code follows.
    Exit(Block),
    /// The top of the loop this node heads.
    Head(Block),
}

/// A structured statement.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Stmt {
    /// The non-terminator instructions of a block.
    Code(Block),
    /// The block-parameter moves of successor `succ` of this block's terminator.
    Edge {
        from: Block,
        succ: usize,
    },
    /// The `brif` ending this block.
    If {
        block: Block,
        then: Vec<Stmt>,
        els: Vec<Stmt>,
    },
    /// The `switch` ending this block: arms hold successor indices (cases share an arm
    /// when they branch identically), then the default's body.
    Switch {
        block: Block,
        arms: Vec<(Vec<usize>, Vec<Stmt>)>,
        default: Vec<Stmt>,
    },
    /// A labelled block; leaving it (`Br(Exit(label))`) continues after it.
    Wrap {
        label: Block,
        body: Vec<Stmt>,
    },
    /// A loop headed by `header`; `Br(Head(header))` starts the next iteration, falling
    /// off the end of the body does too.
    Loop {
        header: Block,
        body: Vec<Stmt>,
    },
    Br(Label),
    /// The `return` (or `unreachable`) ending this block.
    Return(Block),
}

/// The deepest nesting the translation accepts (it recurses over the nesting).
pub(crate) const MAX_DEPTH: usize = 2000;

#[derive(Debug)]
pub(crate) enum StructError {
    /// The edge `from -> to` enters a loop not through its header.
    Irreducible(Block, Block),
    TooDeep,
}

struct Cfg<'a> {
    body: &'a Body,
    dom: DomTree,
    /// Dominator-tree children, highest reverse-postorder number first.
    children: SecondaryMap<Block, Vec<Block>>,
    header: SecondaryMap<Block, bool>,
    /// `in_loop[b]` holds the headers of every loop containing `b`.
    in_loop: SecondaryMap<Block, Vec<Block>>,
    forward_in: SecondaryMap<Block, u32>,
    depth: usize,
}

/// Translate the body's control flow into structured statements.
pub(crate) fn structurize(body: &Body) -> Result<Vec<Stmt>, StructError> {
    // The CFG analyses are `ir`'s (one implementation for the verifier, `opt` and here).
    let dom = DomTree::compute(body);
    let Some(&entry) = dom.rpo.first() else {
        return Ok(Vec::new());
    };
    let preds = cfg::predecessors(body);
    let mut header: SecondaryMap<Block, bool> = SecondaryMap::new();
    let mut forward_in: SecondaryMap<Block, u32> = SecondaryMap::new();
    let mut back_sources: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    for &u in &dom.rpo {
        for v in cfg::successors(body, u) {
            if dom.rpo_index(v) <= dom.rpo_index(u) {
                if !dom.is_back_edge(u, v) {
                    return Err(StructError::Irreducible(u, v));
                }
                header[v] = true;
                back_sources[v].push(u);
            } else {
                forward_in[v] += 1;
            }
        }
    }
    // Natural loops: everything that reaches a back-edge source without passing the
    // header (unreachable predecessors are no part of any loop).
    let mut in_loop: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    for &h in &dom.rpo {
        if !header[h] {
            continue;
        }
        let mut seen: SecondaryMap<Block, bool> = SecondaryMap::new();
        seen[h] = true;
        in_loop[h].push(h);
        let mut work: Vec<Block> = back_sources[h].clone();
        while let Some(b) = work.pop() {
            if seen[b] {
                continue;
            }
            seen[b] = true;
            in_loop[b].push(h);
            for &p in &preds[b] {
                if !seen[p] && dom.is_reachable(p) {
                    work.push(p);
                }
            }
        }
    }
    // `DomTree::children` lists them in reverse post-order; the nesting wants the
    // highest number first.
    let mut children = dom.children();
    for &b in &dom.rpo {
        children[b].reverse();
    }
    let mut cfg = Cfg {
        body,
        dom,
        children,
        header,
        in_loop,
        forward_in,
        depth: 0,
    };
    let mut out = Vec::new();
    cfg.do_tree(&mut out, entry, None)?;
    Ok(out)
}

impl Cfg<'_> {
    fn is_merge(&self, b: Block) -> bool {
        self.forward_in[b] >= 2
    }

    fn loop_contains(&self, h: Block, b: Block) -> bool {
        self.in_loop[b].contains(&h)
    }

    /// Is `c`, a dominator-tree child of `x`, placed after a labelled block (so that
    /// branches to it leave that block) rather than inline at its single branch?
    fn is_target(&self, x: Block, c: Block) -> bool {
        self.is_merge(c) || (self.header[x] && !self.loop_contains(x, c))
    }

    /// The statements for the dominator subtree of `x`, appended to `out`. The last
    /// merge child is a tail, handled by the loop rather than by recursion.
    fn do_tree(
        &mut self,
        out: &mut Vec<Stmt>,
        mut x: Block,
        ft: Option<Label>,
    ) -> Result<(), StructError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(StructError::TooDeep);
        }
        loop {
            let kids: Vec<Block> = self.children[x]
                .iter()
                .copied()
                .filter(|c| self.is_target(x, *c))
                .collect();
            let (outside, inside): (Vec<Block>, Vec<Block>) = if self.header[x] {
                kids.iter().partition(|c| !self.loop_contains(x, **c))
            } else {
                (kids, Vec::new())
            };
            // Nest: Wrap(y1){ Wrap(y2){ ... core ... }; tree(y2) }; tree(y1), with y1 the
            // child of highest reverse-postorder number.
            let core_ft = match outside.last() {
                Some(y) => Some(Label::Exit(*y)),
                None => ft,
            };
            let mut body = if self.header[x] {
                let mut lb = Vec::new();
                self.node_within(&mut lb, x, &inside, Some(Label::Head(x)))?;
                vec![Stmt::Loop {
                    header: x,
                    body: lb,
                }]
            } else {
                let mut v = Vec::new();
                self.node_within(&mut v, x, &[], core_ft)?;
                v
            };
            // Wrap from the innermost (lowest number) outwards; every wrap but the
            // outermost is followed by its node's tree inside the next wrap.
            let n = outside.len();
            if n == 0 {
                out.extend(body);
                self.depth -= 1;
                return Ok(());
            }
            for k in (1..n).rev() {
                let y = outside[k];
                let mut seq = vec![Stmt::Wrap { label: y, body }];
                self.do_tree(&mut seq, y, Some(Label::Exit(outside[k - 1])))?;
                body = seq;
            }
            out.push(Stmt::Wrap {
                label: outside[0],
                body,
            });
            x = outside[0];
        }
    }

    /// `x`'s code and terminator inside labelled blocks for its merge children `ys`
    /// (highest number first); used for loop bodies and plain nodes alike.
    fn node_within(
        &mut self,
        out: &mut Vec<Stmt>,
        x: Block,
        ys: &[Block],
        ft: Option<Label>,
    ) -> Result<(), StructError> {
        if ys.is_empty() {
            out.push(Stmt::Code(x));
            return self.terminator(out, x, ft);
        }
        let n = ys.len();
        let mut body = Vec::new();
        self.node_within(&mut body, x, &[], Some(Label::Exit(ys[n - 1])))?;
        for k in (1..n).rev() {
            let y = ys[k];
            let mut seq = vec![Stmt::Wrap { label: y, body }];
            self.do_tree(&mut seq, y, Some(Label::Exit(ys[k - 1])))?;
            body = seq;
        }
        out.push(Stmt::Wrap { label: ys[0], body });
        self.do_tree(out, ys[0], ft)
    }

    fn terminator(
        &mut self,
        out: &mut Vec<Stmt>,
        x: Block,
        ft: Option<Label>,
    ) -> Result<(), StructError> {
        let Some(t) = self.body.terminator(x) else {
            out.push(Stmt::Return(x));
            return Ok(());
        };
        match &self.body.insts[t].kind {
            InstKind::Jump(_) => self.branch(out, x, 0, ft),
            InstKind::Brif(..) => {
                let mut then = Vec::new();
                self.branch(&mut then, x, 0, ft)?;
                let mut els = Vec::new();
                self.branch(&mut els, x, 1, ft)?;
                out.push(Stmt::If {
                    block: x,
                    then,
                    els,
                });
                Ok(())
            }
            InstKind::Switch { cases, default, .. } => {
                let mut arms: Vec<(Vec<usize>, Vec<Stmt>)> = Vec::new();
                let mut firsts: Vec<usize> = Vec::new();
                for (k, (_, bc)) in cases.iter().enumerate() {
                    // Cases branching identically share one arm (one `case` line each).
                    if *bc == *default {
                        continue;
                    }
                    if let Some(a) = firsts.iter().position(|&f| cases[f].1 == *bc) {
                        arms[a].0.push(k);
                        continue;
                    }
                    let mut body = Vec::new();
                    self.branch(&mut body, x, k, ft)?;
                    firsts.push(k);
                    arms.push((vec![k], body));
                }
                let mut def = Vec::new();
                self.branch(&mut def, x, cases.len(), ft)?;
                out.push(Stmt::Switch {
                    block: x,
                    arms,
                    default: def,
                });
                Ok(())
            }
            _ => {
                out.push(Stmt::Return(x));
                Ok(())
            }
        }
    }

    /// The branch along successor `succ` of `x`: block-parameter moves, then leave or
    /// continue a construct, or the target's code in place.
    fn branch(
        &mut self,
        out: &mut Vec<Stmt>,
        x: Block,
        succ: usize,
        ft: Option<Label>,
    ) -> Result<(), StructError> {
        let Some(t) = self.body.terminator(x) else {
            return Ok(());
        };
        let target = match self.body.insts[t].kind.successors().get(succ) {
            Some(bc) => bc.block,
            None => return Ok(()),
        };
        if !self.body.blocks[target].params.is_empty() {
            out.push(Stmt::Edge { from: x, succ });
        }
        let label = if self.dom.rpo_index(target) <= self.dom.rpo_index(x) {
            Some(Label::Head(target))
        } else if self
            .dom
            .idom(target)
            .is_some_and(|p| self.is_target(p, target))
        {
            Some(Label::Exit(target))
        } else {
            None
        };
        match label {
            Some(l) if Some(l) == ft => Ok(()),
            Some(l) => {
                out.push(Stmt::Br(l));
                Ok(())
            }
            None => self.do_tree(out, target, ft),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(text: &str) -> String {
        let m = kauai_ir::parse_str("t.ir", text).unwrap_or_else(|e| panic!("{e}"));
        let f = m.functions.values().next().expect("one function");
        let stmts = structurize(f.body().expect("body")).expect("reducible");
        let mut s = String::new();
        fmt(&stmts, &mut s);
        s
    }

    fn fmt(stmts: &[Stmt], s: &mut String) {
        for st in stmts {
            match st {
                Stmt::Code(b) => s.push_str(&format!("{b} ")),
                Stmt::Edge { from, succ } => s.push_str(&format!("mv({from}.{succ}) ")),
                Stmt::If { then, els, .. } => {
                    s.push_str("if{ ");
                    fmt(then, s);
                    s.push_str("} else{ ");
                    fmt(els, s);
                    s.push_str("} ");
                }
                Stmt::Switch { arms, default, .. } => {
                    s.push_str("switch{ ");
                    for (c, b) in arms {
                        s.push_str(&format!("case{c:?}: "));
                        fmt(b, s);
                    }
                    s.push_str("default: ");
                    fmt(default, s);
                    s.push_str("} ");
                }
                Stmt::Wrap { label, body } => {
                    s.push_str(&format!("wrap[{label}]{{ "));
                    fmt(body, s);
                    s.push_str("} ");
                }
                Stmt::Loop { header, body } => {
                    s.push_str(&format!("loop[{header}]{{ "));
                    fmt(body, s);
                    s.push_str("} ");
                }
                Stmt::Br(Label::Exit(b)) => s.push_str(&format!("exit({b}) ")),
                Stmt::Br(Label::Head(b)) => s.push_str(&format!("cont({b}) ")),
                Stmt::Return(_) => s.push_str("ret "),
            }
        }
    }

    #[test]
    fn diamond_falls_through_to_its_merge() {
        let s = shape(
            "function @f(i1 \"c\") -> void {
block0(v0: i1):
    brif v0, block1, block2
block1:
    jump block3
block2:
    jump block3
block3:
    return
}
",
        );
        assert_eq!(
            s,
            "wrap[block3]{ block0 if{ block1 } else{ block2 } } block3 ret "
        );
    }

    #[test]
    fn while_loop_exit_is_placed_after_the_loop() {
        let s = shape(
            "function @f(i32 \"n\") -> void {
block0(v0: i32):
    v1 = const.i32 0
    jump block1(v1)
block1(v2: i32):
    v3 = icmp.i1 slt v2, v0
    brif v3, block2, block3
block2:
    v4 = const.i32 1
    v5 = iadd.i32 v2, v4
    jump block1(v5)
block3:
    return
}
",
        );
        assert_eq!(
            s,
            "block0 mv(block0.0) wrap[block3]{ loop[block1]{ block1 if{ block2 mv(block2.0) } else{ exit(block3) } } } block3 ret "
        );
    }

    #[test]
    fn irreducible_flow_is_refused() {
        let m = kauai_ir::parse_str(
            "t.ir",
            "function @f(i1 \"c\") -> void {
block0(v0: i1):
    brif v0, block1, block2
block1:
    jump block2
block2:
    jump block1
}
",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let f = m.functions.values().next().expect("one");
        assert!(matches!(
            structurize(f.body().expect("body")),
            Err(StructError::Irreducible(..))
        ));
    }
}
