//! Lowering structured statements to IL flow control, block-parameter moves, returns,
//! calls and the ComputeMux builtins.

use super::*;

impl FnGen<'_, '_> {
    /// Translate the whole function: its IL body lines (without `func`/`endfunc`).
    pub fn run(mut self) -> R<(Vec<Line>, Facts)> {
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
        let ends_in_ret = matches!(
            self.out.last().map(|l| &l.kind),
            Some(kauai_amdil::LineKind::Inst(i)) if i.op == Opcode::Ret
        );
        if !ends_in_ret {
            self.e(b::bare(op::Ret));
        }
        let mut lines = Vec::new();
        if !self.pending.is_empty() {
            let z = self.lit(0);
            b::alu(op::Mov, Reg::r(R_PENDING).dst(Mask::X), [z]).emit(&mut lines);
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
                    let op = if direct == Opcode::Continue {
                        Opcode::ContinueLogicalz
                    } else {
                        Opcode::BreakLogicalz
                    };
                    self.e(b::cond_dyn(op, c));
                    self.seq(then)?;
                } else if let (Some(direct), true) = (self.single_br(then), !els.is_empty()) {
                    let op = if direct == Opcode::Continue {
                        Opcode::ContinueLogicalnz
                    } else {
                        Opcode::BreakLogicalnz
                    };
                    self.e(b::cond_dyn(op, c));
                    self.seq(els)?;
                } else if then.is_empty() && els.is_empty() {
                } else if then.is_empty() {
                    self.e(b::cond(op::IfLogicalz, c));
                    self.frames.push(Frame::plain_if());
                    self.seq(els)?;
                    self.frames.pop();
                    self.e(b::bare(op::Endif));
                } else {
                    self.e(b::cond(op::IfLogicalnz, c));
                    self.frames.push(Frame::plain_if());
                    self.seq(then)?;
                    if !els.is_empty() {
                        self.e(b::bare(op::Else));
                        self.seq(els)?;
                    }
                    self.frames.pop();
                    self.e(b::bare(op::Endif));
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
        self.e(b::bare(op::Whileloop));
        self.frames.push(Frame {
            kind: Some(FrameKind::Loop),
            brk,
            cont,
            in_flight: Vec::new(),
        });
        self.seq(body)?;
        // A labelled block (not a loop) ends after one pass.
        if cont.is_none() && !ends_in_transfer(body) {
            self.e(b::bare(op::Break));
        }
        self.e(b::bare(op::Endloop));
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
            self.e(b::alu(op::Mov, sel.dst(Mask::X), [z]));
            for (n, (idx, _)) in arms.iter().enumerate() {
                for k in idx {
                    let v = cases.get(*k).map(|c| c.0).unwrap_or(0);
                    let lv = self.lit4([v as u32, (v >> 32) as u32, v as u32, (v >> 32) as u32]);
                    let t = self.tmp();
                    self.e(b::alu(
                        op::I64eq,
                        t.dst(Mask::XY),
                        [x.s(0, &[0, 1, 0, 1]), lv],
                    ));
                    let nl = self.lit(n as u32 + 1);
                    self.e(b::alu(
                        op::CmovLogical,
                        sel.dst(Mask::X),
                        [t.x(), nl, sel.x()],
                    ));
                }
            }
            self.e(b::cond(op::Switch, sel.x()));
        } else {
            let x = self.ext(&x, sh, false);
            self.e(b::cond(op::Switch, x.s(0, &[0])));
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
                self.e(b::numbered(op::Case, n as i64 + 1));
            } else {
                for k in idx {
                    let v = cases.get(*k).map(|c| c.0 & mask).unwrap_or(0);
                    self.e(b::numbered(op::Case, v as i64));
                }
            }
            self.seq(body)?;
            if !ends_in_transfer(body) {
                self.e(b::bare(op::Break));
            }
        }
        self.e(b::bare(op::Default));
        self.seq(default)?;
        if !ends_in_transfer(default) {
            self.e(b::bare(op::Break));
        }
        self.e(b::bare(op::Endswitch));
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
                    self.e(b::alu(op::Ieq, t.dst(Mask::X), [Reg::r(R_PENDING).x(), cl]));
                    self.e(b::cond(op::IfLogicalnz, t.x()));
                    self.e(b::alu(op::Mov, Reg::r(R_PENDING).dst(Mask::X), [z]));
                    self.e(b::bare_dyn(word));
                    self.e(b::bare(op::Endif));
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
            self.e(b::cond(op::BreakLogicalnz, Reg::r(R_PENDING).x()));
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
    fn direct(&self, idx: usize, cont: bool) -> Option<Opcode> {
        let inside = &self.frames[idx + 1..];
        if cont {
            (!inside.iter().any(|f| f.kind == Some(FrameKind::Loop))).then_some(Opcode::Continue)
        } else {
            (!inside.iter().any(|f| f.kind.is_some())).then_some(Opcode::Break)
        }
    }

    fn single_br(&self, stmts: &[Stmt]) -> Option<Opcode> {
        let [Stmt::Br(l)] = stmts else { return None };
        let cont = matches!(l, Label::Head(_));
        let (idx, _) = self.find_frame(*l, cont).ok()?;
        self.direct(idx, cont)
    }

    fn br(&mut self, l: Label) -> R {
        let cont = matches!(l, Label::Head(_));
        let (idx, _) = self.find_frame(l, cont)?;
        if let Some(w) = self.direct(idx, cont) {
            self.e(b::bare_dyn(w));
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
        self.e(b::alu(op::Mov, Reg::r(R_PENDING).dst(Mask::X), [cl]));
        self.e(b::bare(op::Break));
        Ok(())
    }

    /// The `.x` source of the condition of `block`'s `brif`.
    fn cond_of(&mut self, block: Block) -> R<Src> {
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
            self.e(b::bare(op::Ret));
        } else {
            self.e(b::bare(op::RetDyn));
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
            let call = b::numbered(op::Call, i64::from(id));
            self.e(Line::commented(call, format!(" {name}")));
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
                let f = self.fence(true, sem);
                self.e(f);
                return Ok(());
            }
            bn::MEM_BARRIER => {
                let sem = args
                    .get(1)
                    .and_then(|v| self.const_int(*v))
                    .map(|v| v as u32);
                let f = self.fence(false, sem);
                self.e(f);
                return Ok(());
            }
            bn::ISFTZ | bn::USEFAST | bn::ISEMBEDDEDPROFILE | bn::GET_SUB_GROUP_LOCAL_ID => {
                let z = self.lit(0);
                let dd = dst()?;
                self.e(b::alu(op::Mov, dd, [z]));
                return Ok(());
            }
            bn::GET_SUB_GROUP_SIZE | bn::GET_MAX_SUB_GROUP_SIZE => {
                let o = self.lit(1);
                let dd = dst()?;
                self.e(b::alu(op::Mov, dd, [o]));
                return Ok(());
            }
            bn::GET_WORK_DIM => {
                let dd = dst()?;
                self.e(b::alu(op::Mov, dd, [Reg::cb(0, 0).w()]));
                return Ok(());
            }
            bn::GET_GLOBAL_LINEAR_ID => {
                let dd = dst()?;
                self.e(b::alu(op::Mov, dd, [Reg::special(RegFile::AbsTidFlat).x()]));
                return Ok(());
            }
            bn::GET_LOCAL_LINEAR_ID | bn::GET_SUB_GROUP_ID => {
                let dd = dst()?;
                self.e(b::alu(
                    op::Mov,
                    dd,
                    [Reg::special(RegFile::TidInGrpFlat).x()],
                ));
                return Ok(());
            }
            bn::GET_NUM_SUB_GROUPS => {
                let dd = dst()?;
                let t = self.tmp();
                self.e(b::alu(
                    op::Imul,
                    t.dst(Mask::X),
                    [Reg::cb(0, 1).x(), Reg::cb(0, 1).y()],
                ));
                self.e(b::alu(op::Imul, dd, [t.x(), Reg::cb(0, 1).z()]));
                return Ok(());
            }
            _ => {}
        }
        // The per-dimension queries: (xyz vector source, value outside 0..2).
        let (vector, outside): (Reg, u32) = match name {
            bn::GET_LOCAL_ID => (Reg::special(RegFile::TidInGrp), 0),
            bn::GET_GLOBAL_SIZE => (Reg::cb(0, 0), 1),
            bn::GET_LOCAL_SIZE | bn::GET_ENQUEUED_LOCAL_SIZE => (Reg::cb(0, 1), 1),
            bn::GET_NUM_GROUPS => (Reg::cb(0, 2), 1),
            bn::GET_GLOBAL_OFFSET => (Reg::cb(0, 6), 0),
            bn::GET_GROUP_ID => {
                let g = self.group_id();
                (g, 0)
            }
            bn::GET_GLOBAL_ID => {
                let t = self.tmp();
                if self.sh.r7xx() {
                    let g = self.group_id_raw();
                    self.e(b::alu(
                        op::Imad,
                        t.dst(Mask::XYZ),
                        [
                            g.src(),
                            Reg::cb(0, 1).src(),
                            Reg::special(RegFile::TidInGrp).src(),
                        ],
                    ));
                    self.e(b::alu(
                        op::Iadd,
                        t.dst(Mask::XYZ),
                        [t.src(), Reg::cb(0, 6).src()],
                    ));
                } else {
                    self.e(b::alu(
                        op::Iadd,
                        t.dst(Mask::XYZ),
                        [Reg::special(RegFile::AbsTid).src(), Reg::cb(0, 6).src()],
                    ));
                }
                (t, 0)
            }
            _ => {
                if let Some(g) = GroupBuiltin::parse(name) {
                    return self.group_builtin(g, args, d);
                }
                if let Some(ib) = kauai_ir::builtins::ImageBuiltin::parse(name) {
                    return self.image_builtin(ib, args, d);
                }
                return unsupported(format!("the builtin @{name} on the amdil target"));
            }
        };
        let dd = dst()?;
        let dim = args.first().copied();
        match dim.and_then(|v| self.const_int(v)) {
            Some(k) if k < 3 => {
                self.e(b::alu(op::Mov, dd, [vector.swz(Swz::one(k as u8))]));
            }
            Some(_) => {
                let o = self.lit(outside);
                self.e(b::alu(op::Mov, dd, [o]));
            }
            None => {
                let dv = self
                    .loc(dim.ok_or_else(|| GenError::Invalid("query without dimension".into()))?)?;
                let dx = dv.s(0, &[0]);
                let cur = d
                    .as_ref()
                    .map(|l| l.s(0, &[0]))
                    .ok_or_else(|| GenError::Invalid("builtin query without result".into()))?;
                let t = self.tmp();
                self.e(b::alu(op::Mov, dd, [vector.x()]));
                for k in [1u8, 2] {
                    let kl = self.lit(u32::from(k));
                    self.e(b::alu(op::Ieq, t.dst(Mask::X), [dx, kl]));
                    let v = vector.swz(Swz::one(k));
                    self.e(b::alu(op::CmovLogical, dd, [t.x(), v, cur]));
                }
                let three = self.lit(3);
                let o = self.lit(outside);
                self.e(b::alu(op::Uge, t.dst(Mask::X), [dx, three]));
                self.e(b::alu(op::CmovLogical, dd, [t.x(), o, cur]));
            }
        }
        Ok(())
    }

    /// The group id without the group offset: `vThreadGrpId`, or rebuilt from the flat id
    /// on 7XX as the historical backend did.
    fn group_id_raw(&mut self) -> Reg {
        if !self.sh.r7xx() {
            return Reg::special(RegFile::ThreadGrpId);
        }
        let t = self.tmp();
        self.e(b::alu(
            op::Umod,
            t.dst(Mask::X),
            [
                Reg::special(RegFile::ThreadGrpIdFlat).x(),
                Reg::cb(0, 2).x(),
            ],
        ));
        self.e(b::alu(
            op::Udiv,
            t.dst(Mask::Z),
            [
                Reg::special(RegFile::ThreadGrpIdFlat).x(),
                Reg::cb(0, 2).x(),
            ],
        ));
        self.e(b::alu(op::Umod, t.dst(Mask::Y), [t.z(), Reg::cb(0, 2).y()]));
        self.e(b::alu(op::Udiv, t.dst(Mask::Z), [t.z(), Reg::cb(0, 2).y()]));
        t
    }

    fn group_id(&mut self) -> Reg {
        let g = self.group_id_raw();
        let t = self.tmp();
        self.e(b::alu(
            op::Iadd,
            t.dst(Mask::XYZ),
            [g.src(), Reg::cb(0, 7).src()],
        ));
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
                    self.e(b::alu(
                        op::CmovLogical,
                        d.d(c, &comps),
                        [delta, a.r(c).src(), b.r(c).src()],
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
