//! Statements: structured control flow to blocks and branches.

use kauai_diag::Span;
use kauai_ir::{BlockCall, Const, ConvOp, InstKind, Rounding, Type};

use super::{Lowerer, SwitchState};
use crate::ast::{ForInit, StmtId, StmtKind};
use crate::lower::expr::Opnd;
use crate::sema::types::{Prim, TyKind, T_ERROR, T_VOID};

impl Lowerer<'_> {
    /// `({ items })`: the items in their own scope; the value is the last item's when
    /// it is an expression statement (read as an rvalue), else `void`, as in gcc.
    pub(crate) fn stmt_expr(&mut self, body: StmtId, span: Span) -> Opnd {
        let tu = self.tu;
        if !self.in_fn {
            self.err(
                span,
                "statement expression not allowed at program scope",
                "only inside a function",
            );
            return Opnd::Err;
        }
        let StmtKind::Compound(items) = &tu.stmts[body].kind else {
            return Opnd::Err;
        };
        self.sc.push();
        let mut value = Opnd::Void;
        if let Some((last, init)) = items.split_last() {
            for i in init {
                self.stmt(*i);
            }
            match &tu.stmts[*last].kind {
                StmtKind::Expr(e) => {
                    let o = self.expr(*e);
                    value = match o {
                        Opnd::Void | Opnd::Err => o,
                        Opnd::L(lv) if matches!(self.t.kind(lv.ty), TyKind::Record(_)) => {
                            Opnd::L(lv)
                        }
                        o => match self.rvalue_of(o, span) {
                            Some((v, t)) => Opnd::R(v, t),
                            None => Opnd::Err,
                        },
                    };
                }
                _ => self.stmt(*last),
            }
        }
        self.sc.pop();
        value
    }

    pub(crate) fn stmt(&mut self, s: StmtId) {
        let saved = self.enter_loc(self.tu.stmts[s].span);
        self.stmt_at(s);
        self.restore_loc(saved);
    }

    fn stmt_at(&mut self, s: StmtId) {
        let tu = self.tu;
        let st = &tu.stmts[s];
        let span = st.span;
        match &st.kind {
            StmtKind::Compound(items) => {
                self.sc.push();
                for i in items {
                    self.stmt(*i);
                }
                self.sc.pop();
            }
            StmtKind::Decl(d) => self.local_declaration(*d),
            StmtKind::Expr(e) => {
                let _ = self.expr(*e);
            }
            StmtKind::Empty | StmtKind::Error => {}
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let c = self.cond(*cond);
                let tb = self.new_block();
                let merge = self.new_block();
                let eb = if else_branch.is_some() {
                    self.new_block()
                } else {
                    merge
                };
                match c {
                    Some(c) => self.brif(c, tb, eb),
                    None => self.jump(tb, vec![]),
                }
                self.start_block(tb);
                self.stmt(*then_branch);
                if let Some(e) = else_branch {
                    self.jump_if_open(merge);
                    self.start_block(eb);
                    self.stmt(*e);
                }
                self.start_block(merge);
            }
            StmtKind::While { cond, body } => {
                let head = self.new_block();
                let bb = self.new_block();
                let exit = self.new_block();
                self.start_block(head);
                match self.cond(*cond) {
                    Some(c) => self.brif(c, bb, exit),
                    None => self.jump(bb, vec![]),
                }
                self.start_block(bb);
                self.loop_body(*body, exit, head);
                self.jump_if_open(head);
                self.start_block(exit);
            }
            StmtKind::DoWhile { body, cond } => {
                let bb = self.new_block();
                let cb = self.new_block();
                let exit = self.new_block();
                self.start_block(bb);
                self.loop_body(*body, exit, cb);
                self.start_block(cb);
                match self.cond(*cond) {
                    Some(c) => self.brif(c, bb, exit),
                    None => self.jump(exit, vec![]),
                }
                self.start_block(exit);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.sc.push();
                match init {
                    ForInit::None => {}
                    ForInit::Expr(e) => {
                        let _ = self.expr(*e);
                    }
                    ForInit::Decl(d) => self.local_declaration(*d),
                }
                let head = self.new_block();
                let bb = self.new_block();
                let cont = self.new_block();
                let exit = self.new_block();
                self.start_block(head);
                if let Some(c) = cond {
                    match self.cond(*c) {
                        Some(c) => self.brif(c, bb, exit),
                        None => self.jump(bb, vec![]),
                    }
                }
                self.start_block(bb);
                self.loop_body(*body, exit, cont);
                self.start_block(cont);
                if let Some(s) = step {
                    let _ = self.expr(*s);
                }
                self.jump(head, vec![]);
                self.start_block(exit);
                self.sc.pop();
            }
            StmtKind::Break => match self.fx.breaks.last() {
                Some(&b) => self.jump(b, vec![]),
                None => self.err(span, "`break` outside a loop or switch", ""),
            },
            StmtKind::Continue => match self.fx.conts.last() {
                Some(&b) => self.jump(b, vec![]),
                None => self.err(span, "`continue` outside a loop", ""),
            },
            StmtKind::Return(e) => self.return_stmt(*e, span),
            StmtKind::Switch { cond, body } => self.switch_stmt(*cond, *body, span),
            StmtKind::Case { value, body } => {
                let v = self.const_int(*value);
                let b = self.new_block();
                self.start_block(b);
                match (self.fx.switches.last_mut(), v) {
                    (Some(sw), Some(v)) => {
                        let p = sw.prim;
                        let bits = wrap_case(v, p);
                        if sw.cases.iter().any(|(k, _)| *k == bits) {
                            self.err(self.espan(*value), "duplicate case value", "");
                        } else if let Some(sw) = self.fx.switches.last_mut() {
                            sw.cases.push((bits, b));
                        }
                    }
                    (None, _) => self.err(span, "`case` outside a switch", ""),
                    (_, None) => {
                        let sp = self.espan(*value);
                        self.err(sp, "case value is not an integer constant expression", "");
                    }
                }
                self.stmt(*body);
            }
            StmtKind::Default { body } => {
                let b = self.new_block();
                self.start_block(b);
                match self.fx.switches.last_mut() {
                    Some(sw) if sw.default.is_none() => sw.default = Some(b),
                    Some(_) => self.err(span, "multiple `default` labels in one switch", ""),
                    None => self.err(span, "`default` outside a switch", ""),
                }
                self.stmt(*body);
            }
            StmtKind::Goto(label) => {
                let b = self.label_block(label.name, None, label.span);
                self.jump(b, vec![]);
            }
            StmtKind::Label { label, body } => {
                if let Some((_, Some(prev), _)) = self.fx.labels.get(&label.name) {
                    let prev = *prev;
                    let n = self.name(label.name).to_string();
                    self.push_diag(
                        kauai_diag::Diagnostic::error(format!("redefinition of label `{n}`"))
                            .at(label.span, "")
                            .also(prev, "first defined here"),
                    );
                } else {
                    let b = self.label_block(label.name, Some(label.span), label.span);
                    self.start_block(b);
                }
                self.stmt(*body);
            }
        }
    }

    fn label_block(
        &mut self,
        name: crate::ast::Symbol,
        def: Option<kauai_diag::Span>,
        used: kauai_diag::Span,
    ) -> kauai_ir::Block {
        if let Some(entry) = self.fx.labels.get_mut(&name) {
            if def.is_some() {
                entry.1 = def;
            }
            return entry.0;
        }
        let b = self.new_block();
        self.fx.labels.insert(name, (b, def, used));
        b
    }

    fn jump_if_open(&mut self, b: kauai_ir::Block) {
        if self.fx.cur.is_some() {
            self.jump(b, vec![]);
        }
    }

    fn loop_body(&mut self, body: StmtId, brk: kauai_ir::Block, cont: kauai_ir::Block) {
        self.fx.breaks.push(brk);
        self.fx.conts.push(cont);
        self.stmt(body);
        self.fx.breaks.pop();
        self.fx.conts.pop();
    }

    fn return_stmt(&mut self, e: Option<crate::ast::ExprId>, span: kauai_diag::Span) {
        let ret = self.fx.ret.unwrap_or(T_VOID);
        match e {
            None => {
                if ret != T_VOID && ret != T_ERROR {
                    self.err(
                        span,
                        "non-void function should return a value",
                        format!("expected a `{}`", self.tyname(ret)),
                    );
                    let u = self.ins(InstKind::Const(Const::Undef), self.vty(ret));
                    self.terminate(InstKind::Return(Some(u)));
                } else {
                    self.terminate(InstKind::Return(None));
                }
            }
            Some(x) => {
                if ret == T_VOID {
                    let o = self.expr(x);
                    if !matches!(o, Opnd::Void | Opnd::Err) {
                        self.err(span, "void function should not return a value", "");
                    }
                    self.terminate(InstKind::Return(None));
                    return;
                }
                if let (Some(dst), TyKind::Record(_)) = (self.fx.sret, self.t.kind(ret)) {
                    match self.expr(x) {
                        Opnd::L(lv) if lv.ty == ret => self.copy_mem(dst, lv.ptr, ret),
                        Opnd::Err => {}
                        o => {
                            let t = self.opnd_ty(&o);
                            self.err(
                                span,
                                format!(
                                    "cannot return `{}` from a function returning `{}`",
                                    self.tyname(t),
                                    self.tyname(ret)
                                ),
                                "",
                            );
                        }
                    }
                    self.terminate(InstKind::Return(None));
                    return;
                }
                let v = self
                    .rv(x)
                    .and_then(|(v, t)| self.implicit(v, t, ret, span, "in return"));
                match v {
                    Some(v) if ret != T_ERROR => self.terminate(InstKind::Return(Some(v))),
                    _ => {
                        let rt = if ret == T_ERROR {
                            Type::Void
                        } else {
                            self.vty(ret)
                        };
                        if rt == Type::Void {
                            self.terminate(InstKind::Return(None));
                        } else {
                            let u = self.ins(InstKind::Const(Const::Undef), rt);
                            self.terminate(InstKind::Return(Some(u)));
                        }
                    }
                }
            }
        }
    }

    fn switch_stmt(&mut self, cond: crate::ast::ExprId, body: StmtId, span: kauai_diag::Span) {
        let Some((v, t)) = self.rv(cond) else {
            return;
        };
        let p = match self.t.kind(t) {
            TyKind::Prim(p) if p.is_int() => p.promote(),
            _ => {
                let sp = self.espan(cond);
                self.err(
                    sp,
                    format!(
                        "switch condition must be an integer, found `{}`",
                        self.tyname(t)
                    ),
                    "",
                );
                return;
            }
        };
        let pt = self.t.prim(p);
        let v = self.conv(v, t, pt);
        // Compare in 64 bits so that case values are unambiguous.
        let v64 = if p.bits() < 64 {
            let op = if p.is_signed() {
                ConvOp::Sext
            } else {
                ConvOp::Zext
            };
            self.ins(
                InstKind::Convert {
                    op,
                    arg: v,
                    rounding: Rounding::Default,
                    saturate: false,
                },
                Type::I64,
            )
        } else {
            v
        };
        let from = self.blk();
        let exit = self.new_block();
        self.fx.cur = None;
        self.fx.switches.push(SwitchState {
            cases: Vec::new(),
            default: None,
            prim: p,
        });
        self.fx.breaks.push(exit);
        self.stmt(body);
        self.fx.breaks.pop();
        let sw = self.fx.switches.pop().unwrap_or(SwitchState {
            cases: vec![],
            default: None,
            prim: p,
        });
        let _ = span;
        self.start_block(exit);
        let cases = sw
            .cases
            .into_iter()
            .map(|(k, b)| (k, BlockCall::new(b, vec![])))
            .collect();
        let default = BlockCall::new(sw.default.unwrap_or(exit), vec![]);
        self.append(
            from,
            InstKind::Switch {
                arg: v64,
                cases,
                default,
            },
            Type::Void,
        );
    }
}

/// A case value converted to the switch's promoted type, as 64-bit two's complement.
fn wrap_case(v: i128, p: Prim) -> u64 {
    let bits = p.bits();
    let m = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let x = (v as u64) & m;
    if p.is_signed() && bits < 64 && x >> (bits - 1) & 1 == 1 {
        x | !m
    } else {
        x
    }
}
