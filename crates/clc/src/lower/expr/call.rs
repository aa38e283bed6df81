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
            Some(Binding::Func(i)) => match self.overloads.get(&sym).cloned() {
                Some(set) => {
                    // Each argument is lowered once, its type then picks the overload
                    // (lowering nested overloaded calls twice would be exponential).
                    let ops = self.lower_args(args);
                    let tys: Vec<Ty> = ops.iter().map(|(o, _)| self.opnd_ty(o)).collect();
                    if tys.contains(&T_ERROR) {
                        return Opnd::Err;
                    }
                    match self.resolve_overload(sym, &set, &tys, span) {
                        Some(j) => self.user_call_ops(j, ops, span),
                        None => Opnd::Err,
                    }
                }
                None => self.user_call(i, args, span),
            },
            Some(Binding::Var(_))
            | Some(Binding::EnumConst(..))
            | Some(Binding::Typedef { .. }) => {
                let n = self.name(sym).to_string();
                self.err(span, format!("called object `{n}` is not a function"), "");
                Opnd::Err
            }
            None if self.name(sym) == "__builtin_expect" && args.len() == 2 => {
                match self.builtin_expect(args[0], args[1]) {
                    Some((v, t)) => Opnd::R(v, t),
                    None => Opnd::Err,
                }
            }
            None => {
                let n = self.name(sym).to_string();
                self.builtin_call(&n, args, span)
            }
        }
    }

    /// Pick the overload of `sym` for these arguments as clang does for C with
    /// `overloadable`: each argument ranks as an exact match, a promotion or a
    /// conversion; the best candidate must be at least as good on every argument as
    /// each other one and better on one. Diagnoses a call with no or several best ones.
    fn resolve_overload(
        &mut self,
        sym: crate::ast::Symbol,
        set: &[usize],
        arg_tys: &[Ty],
        span: Span,
    ) -> Option<usize> {
        let mut viable: Vec<(usize, Vec<u8>)> = Vec::new();
        for &f in set {
            let params = &self.fns[f].params;
            if params.len() != arg_tys.len() {
                continue;
            }
            let ranks: Option<Vec<u8>> = params
                .iter()
                .zip(arg_tys)
                .map(|(&p, &a)| self.conversion_rank(a, p))
                .collect();
            if let Some(r) = ranks {
                viable.push((f, r));
            }
        }
        let better = |a: &[u8], b: &[u8]| a.iter().zip(b).all(|(x, y)| x <= y) && a != b;
        let best: Vec<usize> = viable
            .iter()
            .filter(|(f, r)| viable.iter().all(|(g, q)| g == f || better(r, q)))
            .map(|(f, _)| *f)
            .collect();
        if let [one] = best.as_slice() {
            return Some(*one);
        }
        let n = self.name(sym).to_string();
        let (msg, cands): (String, Vec<usize>) = if viable.is_empty() {
            (
                format!("no matching function for call to `{n}`"),
                set.to_vec(),
            )
        } else {
            (
                format!("call to `{n}` is ambiguous"),
                viable.iter().map(|(f, _)| *f).collect(),
            )
        };
        let mut d = kauai_diag::Diagnostic::error(msg).at(span, "");
        for f in cands {
            let sig: Vec<String> = self.fns[f].params.iter().map(|&p| self.tyname(p)).collect();
            d = d.also(
                self.fns[f].span,
                format!("candidate `{n}({})`", sig.join(", ")),
            );
        }
        self.push_diag(d);
        None
    }

    /// How well an argument of type `from` fits a parameter of type `to`: 0 exact,
    /// 1 promotion (integer promotion, `float` to `double`, adding qualifiers to a
    /// pointee), 2 conversion; `None` when it cannot be passed.
    fn conversion_rank(&self, from: Ty, to: Ty) -> Option<u8> {
        if from == to {
            return Some(0);
        }
        match (self.t.kind(from), self.t.kind(to)) {
            (TyKind::Prim(a), TyKind::Prim(b)) => {
                let promoted = a.promote() == b || (a == Prim::Float && b == Prim::Double);
                Some(if promoted { 1 } else { 2 })
            }
            (TyKind::Prim(_), TyKind::Vector(..)) => Some(2),
            (TyKind::Array(e, _), TyKind::Ptr(q)) => (e == q.pointee || q.pointee == T_VOID)
                .then_some(if e == q.pointee { 0 } else { 2 }),
            (TyKind::Ptr(p), TyKind::Ptr(q)) => {
                if p.space != q.space {
                    return None;
                }
                let adds = (!p.is_const || q.is_const) && (!p.is_volatile || q.is_volatile);
                if p.pointee == q.pointee && adds {
                    Some(1)
                } else if q.pointee == T_VOID && adds {
                    Some(2)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// `long __builtin_expect(long v, long expected)` is `v`; the hint is only evaluated.
    fn builtin_expect(&mut self, v: ExprId, hint: ExprId) -> Option<(Value, Ty)> {
        let long = self.t.prim(Prim::Long);
        let (x, t) = self.rv(v)?;
        let _ = self.rv(hint);
        let asp = self.espan(v);
        let x = self.implicit(x, t, long, asp, "for argument 1 of `__builtin_expect`")?;
        Some((x, long))
    }

    /// The arguments of a call, lowered left to right with their places: each read
    /// as an rvalue right away (arrays decay), except struct objects, which the call
    /// copies.
    fn lower_args(&mut self, args: &[ExprId]) -> Vec<(Opnd, Span)> {
        args.iter()
            .map(|&a| {
                let sp = self.espan(a);
                let o = match self.expr(a) {
                    o @ (Opnd::Void | Opnd::Err | Opnd::R(..)) => o,
                    Opnd::L(lv) if matches!(self.t.kind(lv.ty), TyKind::Record(_)) => Opnd::L(lv),
                    o => match self.rvalue_of(o, sp) {
                        Some((v, t)) => Opnd::R(v, t),
                        None => Opnd::Err,
                    },
                };
                (o, sp)
            })
            .collect()
    }

    pub(crate) fn user_call(&mut self, i: usize, args: &[ExprId], span: Span) -> Opnd {
        let ops = self.lower_args(args);
        self.user_call_ops(i, ops, span)
    }

    /// A call of user function `i` with its arguments already lowered.
    fn user_call_ops(&mut self, i: usize, args: Vec<(Opnd, Span)>, span: Span) -> Opnd {
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
            return Opnd::Err;
        }
        let mut vals = Vec::new();
        let mut ok = true;
        for (k, ((o, asp), &pt)) in args.into_iter().zip(&params).enumerate() {
            if matches!(self.t.kind(pt), TyKind::Record(_)) {
                match o {
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
            match self.rvalue_of(o, asp) {
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
