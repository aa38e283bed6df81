//! Calls: builtins are handed to `builtins`, user functions get their arguments
//! converted to the parameter types.

use super::*;

impl Lowerer<'_> {
    pub(crate) fn call(&mut self, callee: ExprId, args: &[ExprId], span: Span) -> Opnd {
        let tu = self.tu;
        let ExprKind::Ident(sym) = tu.exprs[callee].kind else {
            let _ = self.expr(callee);
            self.err(
                span,
                "called object is not a function",
                "OpenCL C has no function pointers",
            );
            return Opnd::Err;
        };
        match self.sc.lookup(sym) {
            // A prototype of the builtin (`int printf(constant char *, ...);`).
            Some(Binding::Func(i))
                if !self.fns[i].defined && self.fns[i].variadic && self.name(sym) == "printf" =>
            {
                self.printf_call(args, span)
            }
            Some(Binding::Func(i)) => self.user_call(i, args, span),
            Some(Binding::Var(_))
            | Some(Binding::EnumConst(..))
            | Some(Binding::Typedef { .. }) => {
                let n = self.name(sym).to_string();
                self.err(span, format!("called object `{n}` is not a function"), "");
                Opnd::Err
            }
            None => {
                let n = self.name(sym).to_string();
                self.builtin_call(&n, args, span)
            }
        }
    }

    pub(crate) fn user_call(&mut self, i: usize, args: &[ExprId], span: Span) -> Opnd {
        let params = self.fns[i].params.clone();
        let ret = self.fns[i].ret;
        let fname = self.name(self.fns[i].name).to_string();
        if self.fns[i].variadic {
            self.err(span, "not supported yet: variadic user functions", "");
            return Opnd::Err;
        }
        if params.len() != args.len() {
            self.push_diag(
                kauai_diag::Diagnostic::error(format!(
                    "`{fname}` takes {} argument{}, {} given",
                    params.len(),
                    if params.len() == 1 { "" } else { "s" },
                    args.len()
                ))
                .at(span, "in this call")
                .also(self.fns[i].span, "declared here"),
            );
            for a in args {
                let _ = self.expr(*a);
            }
            return Opnd::Err;
        }
        let mut vals = Vec::new();
        let mut ok = true;
        for (k, (&a, &pt)) in args.iter().zip(&params).enumerate() {
            let asp = self.espan(a);
            if matches!(self.t.kind(pt), TyKind::Record(_)) {
                match self.expr(a) {
                    Opnd::L(lv) if lv.ty == pt => {
                        let copy = self.alloca_ty(pt);
                        self.copy_mem(copy, lv.ptr, pt);
                        vals.push(copy);
                    }
                    Opnd::Err => ok = false,
                    o => {
                        let t = self.opnd_ty(&o);
                        self.err(
                            asp,
                            format!(
                                "argument {} of `{fname}` is `{}`, expected `{}`",
                                k + 1,
                                self.tyname(t),
                                self.tyname(pt)
                            ),
                            "",
                        );
                        ok = false;
                    }
                }
                continue;
            }
            match self.rv(a) {
                Some((v, t)) => match self.implicit(
                    v,
                    t,
                    pt,
                    asp,
                    &format!("for argument {} of `{fname}`", k + 1),
                ) {
                    Some(v) => vals.push(v),
                    None => ok = false,
                },
                None => ok = false,
            }
        }
        if !ok {
            return Opnd::Err;
        }
        if self.fns[i].first_call.is_none() {
            self.fns[i].first_call = Some(span);
        }
        self.calls.push((self.fx.index, i, span));
        let f = self.user_ir_fn(i);
        if matches!(self.t.kind(ret), TyKind::Record(_)) {
            let tmp = self.alloca_ty(ret);
            vals.insert(0, tmp);
            self.ins_void(InstKind::Call(f, vals));
            return Opnd::L(LVal {
                ptr: tmp,
                ty: ret,
                space: AddrSpace::Private,
                is_const: false,
                is_volatile: false,
                align: self.t.align_of(ret) as u32,
            });
        }
        if ret == T_VOID {
            self.ins_void(InstKind::Call(f, vals));
            Opnd::Void
        } else {
            let v = self.ins(InstKind::Call(f, vals), self.vty(ret));
            Opnd::R(v, ret)
        }
    }
}
