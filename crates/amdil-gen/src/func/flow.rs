//! Lowering structured statements to IL flow control, block-parameter moves, returns,
//! calls and the ComputeMux builtins.

use super::*;

impl FnGen<'_, '_> {
    /// Translate the whole function: its IL body lines (without `func`/`endfunc`).
    pub fn run(mut self) -> R<(Vec<String>, Facts)> {
        let stmts = structurize::structurize(self.body).map_err(|e| match e {
            StructError::Irreducible(from, to) => GenError::Irreducible {
                func: self.f.name.clone(),
                from: from.to_string(),
                to: to.to_string(),
            },
            StructError::TooDeep => GenError::Unsupported(format!(
                "control flow nested more than {} levels deep (in @{})",
                structurize::MAX_DEPTH,
                self.f.name
            )),
        })?;
        self.seq(&stmts)?;
        if self.out.last().map(String::as_str) != Some("ret") {
            self.e("ret");
        }
        let mut lines = Vec::new();
        if !self.pending.is_empty() {
            let z = self.lit(0);
            lines.push(format!("mov r{R_PENDING}.x___, {z}"));
        }
        lines.append(&mut self.out);
        Ok((lines, self.facts))
    }

    fn seq(&mut self, stmts: &[Stmt]) -> R {
        self.depth += 1;
        if self.depth > structurize::MAX_DEPTH {
            return unsupported("control flow nested too deeply");
        }
        for s in stmts {
            self.stmt(s)?;
        }
        self.depth -= 1;
        Ok(())
    }

    fn stmt(&mut self, s: &Stmt) -> R {
        match s {
            Stmt::Code(b) => {
                let insts = self.body.blocks[*b].insts.clone();
                for i in insts {
                    self.inst(i)?;
                }
            }
            Stmt::Edge { from, succ } => self.edge(*from, *succ)?,
            Stmt::Return(b) => self.ret(*b)?,
            Stmt::Br(l) => self.br(*l)?,
            Stmt::If { block, then, els } => {
                let c = self.cond_of(*block)?;
                if let (Some(direct), true) = (self.single_br(els), !then.is_empty()) {
                    self.e(format!("{direct}_logicalz {c}"));
                    self.seq(then)?;
                } else if let (Some(direct), true) = (self.single_br(then), !els.is_empty()) {
                    self.e(format!("{direct}_logicalnz {c}"));
                    self.seq(els)?;
                } else if then.is_empty() && els.is_empty() {
                } else if then.is_empty() {
                    self.e(format!("if_logicalz {c}"));
                    self.frames.push(Frame::plain_if());
                    self.seq(els)?;
                    self.frames.pop();
                    self.e("endif");
                } else {
                    self.e(format!("if_logicalnz {c}"));
                    self.frames.push(Frame::plain_if());
                    self.seq(then)?;
                    if !els.is_empty() {
                        self.e("else");
                        self.seq(els)?;
                    }
                    self.frames.pop();
                    self.e("endif");
                }
            }
            Stmt::Switch {
                block,
                arms,
                default,
            } => self.switch(*block, arms, default, None)?,
            Stmt::Loop { header, body } => self.il_loop(Some(*header), None, body)?,
            Stmt::Wrap { label, body } => {
                let uses = count_brs(body, Label::Exit(*label));
                if uses == 0 {
                    return self.seq(body);
                }
                if let Some((last, rest)) = body.split_last() {
                    let tail_uses = count_brs(std::slice::from_ref(last), Label::Exit(*label));
                    if tail_uses == uses {
                        match last {
                            Stmt::Loop { header, body: lb } => {
                                self.seq(rest)?;
                                return self.il_loop(Some(*header), Some(*label), lb);
                            }
                            Stmt::Switch {
                                block,
                                arms,
                                default,
                            } => {
                                self.seq(rest)?;
                                return self.switch(*block, arms, default, Some(*label));
                            }
                            _ => {}
                        }
                    }
                }
                self.il_loop(None, Some(*label), body)?;
            }
        }
        Ok(())
    }

    /// `whileloop` … `endloop` for a loop (`cont`), a labelled block (`brk`) or both.
    fn il_loop(&mut self, cont: Option<Block>, brk: Option<Block>, body: &[Stmt]) -> R {
        self.e("whileloop");
        self.frames.push(Frame {
            kind: Some(FrameKind::Loop),
            brk,
            cont,
            in_flight: Vec::new(),
        });
        self.seq(body)?;
        // A labelled block (not a loop) ends after one pass.
        if cont.is_none() && !ends_in_transfer(body) {
            self.e("break");
        }
        self.e("endloop");
        self.close_frame()
    }

    fn switch(
        &mut self,
        block: Block,
        arms: &[(Vec<usize>, Vec<Stmt>)],
        default: &[Stmt],
        brk: Option<Block>,
    ) -> R {
        let Some(t) = self.body.terminator(block) else {
            return Err(GenError::Invalid("switch without terminator".into()));
        };
        let InstKind::Switch { arg, cases, .. } = self.body.insts[t].kind.clone() else {
            return Err(GenError::Invalid("switch statement without switch".into()));
        };
        let sh = self.shape(arg)?;
        let x = self.loc(arg)?;
        // A 64-bit selector becomes the number of the matching arm (0 for the default).
        let wide_sel = sh.wide;
        if wide_sel {
            let sel = self.tmp();
            let z = self.lit(0);
            self.e(format!("mov {sel}.x___, {z}"));
            for (n, (idx, _)) in arms.iter().enumerate() {
                for k in idx {
                    let v = cases.get(*k).map(|c| c.0).unwrap_or(0);
                    let lv = self.lit4([v as u32, (v >> 32) as u32, v as u32, (v >> 32) as u32]);
                    let t = self.tmp();
                    self.e(format!("i64eq {t}.xy__, {}, {lv}", x.s(0, &[0, 1, 0, 1])));
                    let nl = self.lit(n as u32 + 1);
                    self.e(format!("cmov_logical {sel}.x___, {t}.x, {nl}, {sel}.x"));
                }
            }
            self.e(format!("switch {sel}.x"));
        } else {
            let x = self.ext(&x, sh, false);
            self.e(format!("switch {}", x.s(0, &[0])));
        }
        let mask = if sh.bits >= 32 {
            u64::from(u32::MAX)
        } else {
            (1u64 << sh.bits) - 1
        };
        self.frames.push(Frame {
            kind: Some(FrameKind::Switch),
            brk,
            cont: None,
            in_flight: Vec::new(),
        });
        for (n, (idx, body)) in arms.iter().enumerate() {
            if wide_sel {
                self.e(format!("case {}", n + 1));
            } else {
                for k in idx {
                    let v = cases.get(*k).map(|c| c.0 & mask).unwrap_or(0);
                    self.e(format!("case {v}"));
                }
            }
            self.seq(body)?;
            if !ends_in_transfer(body) {
                self.e("break");
            }
        }
        self.e("default");
        self.seq(default)?;
        if !ends_in_transfer(default) {
            self.e("break");
        }
        self.e("endswitch");
        self.close_frame()
    }

    /// Pop a loop or switch frame and dispatch the branches that left through it.
    fn close_frame(&mut self) -> R {
        let f = self
            .frames
            .pop()
            .ok_or_else(|| GenError::Invalid("unbalanced constructs".into()))?;
        if f.in_flight.is_empty() {
            return Ok(());
        }
        let mut propagate = false;
        for code in f.in_flight {
            let (label, cont) = self.pending[code as usize - 1];
            let (idx, _) = self.find_frame(label, cont)?;
            match self.direct(idx, cont) {
                Some(word) => {
                    let t = self.tmp();
                    let cl = self.lit(code);
                    let z = self.lit(0);
                    self.e(format!("ieq {t}.x___, r{R_PENDING}.x, {cl}"));
                    self.e(format!("if_logicalnz {t}.x"));
                    self.e(format!("mov r{R_PENDING}.x___, {z}"));
                    self.e(word);
                    self.e("endif");
                }
                None => {
                    let inner = self.innermost_breakable()?;
                    if !self.frames[inner].in_flight.contains(&code) {
                        self.frames[inner].in_flight.push(code);
                    }
                    propagate = true;
                }
            }
        }
        if propagate {
            self.e(format!("break_logicalnz r{R_PENDING}.x"));
        }
        Ok(())
    }

    fn innermost_breakable(&self) -> R<usize> {
        self.frames
            .iter()
            .rposition(|f| f.kind.is_some())
            .ok_or_else(|| GenError::Invalid("a branch leaves every construct".into()))
    }

    /// The frame a label refers to, and whether the branch continues it.
    fn find_frame(&self, label: Label, cont: bool) -> R<(usize, bool)> {
        let idx = self.frames.iter().rposition(|f| match label {
            Label::Exit(b) => !cont && f.brk == Some(b),
            Label::Head(b) => cont && f.cont == Some(b),
        });
        idx.map(|i| (i, cont))
            .ok_or_else(|| GenError::Invalid(format!("branch to {label:?} outside its construct")))
    }

    /// `break` or `continue` when it reaches frame `idx` directly from here.
    fn direct(&self, idx: usize, cont: bool) -> Option<String> {
        let inside = &self.frames[idx + 1..];
        if cont {
            (!inside.iter().any(|f| f.kind == Some(FrameKind::Loop))).then(|| "continue".into())
        } else {
            (!inside.iter().any(|f| f.kind.is_some())).then(|| "break".into())
        }
    }

    fn single_br(&self, stmts: &[Stmt]) -> Option<&'static str> {
        let [Stmt::Br(l)] = stmts else { return None };
        let cont = matches!(l, Label::Head(_));
        let (idx, _) = self.find_frame(*l, cont).ok()?;
        self.direct(idx, cont)
            .map(|w| if w == "continue" { "continue" } else { "break" })
    }

    fn br(&mut self, l: Label) -> R {
        let cont = matches!(l, Label::Head(_));
        let (idx, _) = self.find_frame(l, cont)?;
        if let Some(w) = self.direct(idx, cont) {
            self.e(w);
            return Ok(());
        }
        // Leave several constructs: note where to, break out, dispatch after each end.
        let code = match self.pending.iter().position(|p| *p == (l, cont)) {
            Some(i) => i as u32 + 1,
            None => {
                self.pending.push((l, cont));
                self.pending.len() as u32
            }
        };
        let inner = self.innermost_breakable()?;
        if !self.frames[inner].in_flight.contains(&code) {
            self.frames[inner].in_flight.push(code);
        }
        let cl = self.lit(code);
        self.e(format!("mov r{R_PENDING}.x___, {cl}"));
        self.e("break");
        Ok(())
    }

    /// The `.x` source of the condition of `block`'s `brif`.
    fn cond_of(&mut self, block: Block) -> R<String> {
        let t = self
            .body
            .terminator(block)
            .ok_or_else(|| GenError::Invalid("if without terminator".into()))?;
        let InstKind::Brif(c, ..) = self.body.insts[t].kind else {
            return Err(GenError::Invalid("if statement without brif".into()));
        };
        Ok(self.loc(c)?.s(0, &[0]))
    }

    /// Block-parameter moves of one edge, as a parallel copy.
    fn edge(&mut self, from: Block, succ: usize) -> R {
        let Some(t) = self.body.terminator(from) else {
            return Ok(());
        };
        let Some(bc) = self.body.insts[t]
            .kind
            .successors()
            .get(succ)
            .map(|b| (*b).clone())
        else {
            return Ok(());
        };
        let params = self.body.blocks[bc.block].params.clone();
        let mut moves = Vec::new();
        for (p, a) in params.iter().zip(&bc.args) {
            let sh = self.shape(*p)?;
            let dst = self.loc(*p)?;
            let src = self.loc(*a)?;
            if dst != src {
                moves.push((dst, src, sh));
            }
        }
        let written: BTreeSet<u32> = moves.iter().flat_map(|m| m.0.nums.clone()).collect();
        let clash = moves
            .iter()
            .any(|(_, s, _)| !s.lit && s.nums.iter().any(|n| written.contains(n)));
        if clash {
            let temps: Vec<VLoc> = moves
                .iter()
                .map(|(_, s, sh)| {
                    let t = self.sh.alloc(sh.chunks());
                    self.copy(&t, s, *sh);
                    t
                })
                .collect();
            for ((d, _, sh), t) in moves.iter().zip(temps) {
                self.copy(d, &t, *sh);
            }
        } else {
            for (d, s, sh) in &moves {
                self.copy(d, s, *sh);
            }
        }
        Ok(())
    }

    fn ret(&mut self, b: Block) -> R {
        if let Some(t) = self.body.terminator(b) {
            if let InstKind::Return(Some(v)) = self.body.insts[t].kind {
                if let Some(r) = self.sh.rets[self.fid].clone() {
                    let sh = self.shape(v)?;
                    let s = self.loc(v)?;
                    self.copy(&r, &s, sh);
                }
            }
        }
        if self.frames.is_empty() {
            self.e("ret");
        } else {
            self.e("ret_dyn");
        }
        Ok(())
    }

    pub(super) fn call(&mut self, callee: FuncId, args: &[Value], res: Option<Value>) -> R {
        let cf = &self.sh.m.functions[callee];
        if cf.body.is_some() {
            if callee == self.fid {
                return unsupported(format!("recursion (@{} calls itself)", cf.name));
            }
            self.facts.callees.insert(callee);
            let params = self.sh.params[callee].clone();
            for (a, p) in args.iter().zip(params) {
                let sh = self.shape(*a)?;
                let s = self.loc(*a)?;
                self.copy(&p, &s, sh);
            }
            let id = self.sh.ids[callee];
            let name = cf.name.clone();
            self.e(format!("call {id} ; {name}"));
            if let (Some(r), Some(rl)) = (res, self.sh.rets[callee].clone()) {
                let sh = self.shape(r)?;
                let d = self.loc(r)?;
                self.copy(&d, &rl, sh);
            }
            return Ok(());
        }
        let name = cf.name.clone();
        if let Some(id) = kauai_ir::printf::printf_id(&name) {
            return self.printf(id, args, res);
        }
        if let Some(sig) = builtins::signature(&name, self.sh.m.data_layout) {
            let declared: Vec<Type> = cf.params.iter().map(|p| p.ty).collect();
            if declared != sig.params || cf.ret != sig.ret {
                return Err(GenError::Invalid(format!(
                    "@{name} is declared with a signature that differs from the builtin's"
                )));
            }
        } else {
            return unsupported(format!("call to the external function @{name}"));
        }
        let d = match res {
            Some(r) => Some(self.loc(r)?),
            None => None,
        };
        self.builtin(&name, args, d)
    }

    fn builtin(&mut self, name: &str, args: &[Value], d: Option<VLoc>) -> R {
        let dst = || {
            d.clone()
                .map(|l| l.d(0, &[0]))
                .ok_or_else(|| GenError::Invalid("builtin query without result".into()))
        };
        match name {
            bn::WORK_GROUP_BARRIER => {
                let sem = args
                    .get(2)
                    .and_then(|v| self.const_int(*v))
                    .map(|v| v as u32);
                self.facts.barriers += 1;
                let f = self.fence_name(true, sem);
                self.e(f);
                return Ok(());
            }
            bn::MEM_BARRIER => {
                let sem = args
                    .get(1)
                    .and_then(|v| self.const_int(*v))
                    .map(|v| v as u32);
                let f = self.fence_name(false, sem);
                self.e(f);
                return Ok(());
            }
            bn::ISFTZ | bn::USEFAST | bn::ISEMBEDDEDPROFILE | bn::GET_SUB_GROUP_LOCAL_ID => {
                let z = self.lit(0);
                let dd = dst()?;
                self.e(format!("mov {dd}, {z}"));
                return Ok(());
            }
            bn::GET_SUB_GROUP_SIZE | bn::GET_MAX_SUB_GROUP_SIZE => {
                let o = self.lit(1);
                let dd = dst()?;
                self.e(format!("mov {dd}, {o}"));
                return Ok(());
            }
            bn::GET_WORK_DIM => {
                let dd = dst()?;
                self.e(format!("mov {dd}, cb0[0].w"));
                return Ok(());
            }
            bn::GET_GLOBAL_LINEAR_ID => {
                let dd = dst()?;
                self.e(format!("mov {dd}, vAbsTidFlat.x"));
                return Ok(());
            }
            bn::GET_LOCAL_LINEAR_ID | bn::GET_SUB_GROUP_ID => {
                let dd = dst()?;
                self.e(format!("mov {dd}, vTidInGrpFlat.x"));
                return Ok(());
            }
            bn::GET_NUM_SUB_GROUPS => {
                let dd = dst()?;
                let t = self.tmp();
                self.e(format!("imul {t}.x___, cb0[1].x, cb0[1].y"));
                self.e(format!("imul {dd}, {t}.x, cb0[1].z"));
                return Ok(());
            }
            _ => {}
        }
        // The per-dimension queries: (xyz vector source, value outside 0..2).
        let (vector, outside): (String, u32) = match name {
            bn::GET_LOCAL_ID => ("vTidInGrp".into(), 0),
            bn::GET_GLOBAL_SIZE => ("cb0[0]".into(), 1),
            bn::GET_LOCAL_SIZE | bn::GET_ENQUEUED_LOCAL_SIZE => ("cb0[1]".into(), 1),
            bn::GET_NUM_GROUPS => ("cb0[2]".into(), 1),
            bn::GET_GLOBAL_OFFSET => ("cb0[6]".into(), 0),
            bn::GET_GROUP_ID => {
                let g = self.group_id();
                (g, 0)
            }
            bn::GET_GLOBAL_ID => {
                let t = self.tmp();
                if self.sh.r7xx() {
                    let g = self.group_id_raw();
                    self.e(format!("imad {t}.xyz_, {g}, cb0[1], vTidInGrp"));
                    self.e(format!("iadd {t}.xyz_, {t}, cb0[6]"));
                } else {
                    self.e(format!("iadd {t}.xyz_, vAbsTid, cb0[6]"));
                }
                (t, 0)
            }
            _ => {
                if let Some(g) = GroupBuiltin::parse(name) {
                    return self.group_builtin(g, args, d);
                }
                return unsupported(format!("the builtin @{name} on the amdil target"));
            }
        };
        let dd = dst()?;
        let dim = args.first().copied();
        match dim.and_then(|v| self.const_int(v)) {
            Some(k) if k < 3 => {
                let c = crate::il::COMP[k as usize];
                self.e(format!("mov {dd}, {vector}.{c}"));
            }
            Some(_) => {
                let o = self.lit(outside);
                self.e(format!("mov {dd}, {o}"));
            }
            None => {
                let dv = self
                    .loc(dim.ok_or_else(|| GenError::Invalid("query without dimension".into()))?)?;
                let dx = dv.s(0, &[0]);
                let cur = d.clone().map(|l| l.s(0, &[0])).unwrap_or_default();
                let t = self.tmp();
                self.e(format!("mov {dd}, {vector}.x"));
                for (k, c) in [(1u32, 'y'), (2, 'z')] {
                    let kl = self.lit(k);
                    self.e(format!("ieq {t}.x___, {dx}, {kl}"));
                    self.e(format!("cmov_logical {dd}, {t}.x, {vector}.{c}, {cur}"));
                }
                let three = self.lit(3);
                let o = self.lit(outside);
                self.e(format!("uge {t}.x___, {dx}, {three}"));
                self.e(format!("cmov_logical {dd}, {t}.x, {o}, {cur}"));
            }
        }
        Ok(())
    }

    /// The group id without the group offset: `vThreadGrpId`, or rebuilt from the flat id
    /// on 7XX as the historical backend did.
    fn group_id_raw(&mut self) -> String {
        if !self.sh.r7xx() {
            return "vThreadGrpId".into();
        }
        let t = self.tmp();
        self.e(format!("umod {t}.x___, vThreadGrpIdFlat.x, cb0[2].x"));
        self.e(format!("udiv {t}.__z_, vThreadGrpIdFlat.x, cb0[2].x"));
        self.e(format!("umod {t}._y__, {t}.z, cb0[2].y"));
        self.e(format!("udiv {t}.__z_, {t}.z, cb0[2].y"));
        t
    }

    fn group_id(&mut self) -> String {
        let g = self.group_id_raw();
        let t = self.tmp();
        self.e(format!("iadd {t}.xyz_, {g}, cb0[7]"));
        t
    }

    /// Sub-groups of one work-item, as on the host: every collective is the identity.
    fn group_builtin(&mut self, g: GroupBuiltin, args: &[Value], d: Option<VLoc>) -> R {
        if g.scope != GroupScope::Sub {
            return unsupported(format!("the builtin @{} on the amdil target", g.name()));
        }
        let d = d.ok_or_else(|| GenError::Invalid("group builtin without result".into()))?;
        let Some(&v) = args.first() else {
            return Err(GenError::Invalid("group builtin without operand".into()));
        };
        let sh = Shape::of(g.ty)?;
        let src = match g.kind {
            GroupKind::ShuffleUp | GroupKind::ShuffleDown => {
                // (cur, next, delta): delta 0 gives cur, otherwise the neighbour's value.
                let pick = if g.kind == GroupKind::ShuffleDown {
                    1
                } else {
                    0
                };
                let other = if pick == 1 { 0 } else { 1 };
                let delta = self.loc(args[2])?.s(0, &[0]);
                let a = self.loc(args[pick])?;
                let b = self.loc(args[other])?;
                for c in 0..sh.chunks() {
                    let comps = sh.chunk_comps(c);
                    self.e(format!(
                        "cmov_logical {}, {delta}, {}, {}",
                        d.d(c, &comps),
                        a.r(c),
                        b.r(c)
                    ));
                }
                return Ok(());
            }
            GroupKind::ScanExclusive(_) => {
                return unsupported("exclusive sub-group scans on the amdil target")
            }
            _ => self.loc(v)?,
        };
        self.copy(&d, &src, sh);
        Ok(())
    }
}

impl Frame {
    fn plain_if() -> Frame {
        Frame {
            kind: None,
            brk: None,
            cont: None,
            in_flight: Vec::new(),
        }
    }
}

/// Branches to `l` anywhere inside `stmts`.
fn count_brs(stmts: &[Stmt], l: Label) -> usize {
    stmts
        .iter()
        .map(|s| match s {
            Stmt::Br(x) => usize::from(*x == l),
            Stmt::If { then, els, .. } => count_brs(then, l) + count_brs(els, l),
            Stmt::Switch { arms, default, .. } => {
                arms.iter().map(|(_, b)| count_brs(b, l)).sum::<usize>() + count_brs(default, l)
            }
            Stmt::Wrap { body, .. } | Stmt::Loop { body, .. } => count_brs(body, l),
            _ => 0,
        })
        .sum()
}

/// Does control never fall off the end of `stmts`?
fn ends_in_transfer(stmts: &[Stmt]) -> bool {
    match stmts.last() {
        Some(Stmt::Br(_) | Stmt::Return(_)) => true,
        Some(Stmt::If { then, els, .. }) => ends_in_transfer(then) && ends_in_transfer(els),
        _ => false,
    }
}
