//! An S-expression dump of the AST, for tests and debugging.
//!
//! A node prints on one line when it fits in [`WIDTH`] columns; otherwise its head stays
//! on the first line and each child goes on its own line, indented by two spaces.
//! Operators print as written (`(+ a b)`, `(+= x 1)`, `(post++ i)`); statements and
//! declarations by name (`(if ...)`, `(decl ...)`). Spans are not printed.
//!
//! Left-deep chains of binary operators and commas are not bounded by the parser's
//! nesting limit, so everything here that follows such a chain (building, measuring,
//! rendering and dropping the S-expression) works with loops, not recursion.

use std::fmt::Write;

use crate::ast::*;

/// Line width the dump aims for.
pub const WIDTH: usize = 88;

/// Indentation stops growing here, so that a deep tree (a long operator chain) dumps in
/// linear, not quadratic, space.
const MAX_INDENT: usize = 40;

enum S {
    Atom(String),
    List(Vec<S>),
}

impl Drop for S {
    /// Iterative, so that a deep tree does not overflow the stack when dropped.
    fn drop(&mut self) {
        let S::List(v) = self else { return };
        let mut stack = std::mem::take(v);
        while let Some(mut s) = stack.pop() {
            if let S::List(v) = &mut s {
                stack.append(v);
            }
        }
    }
}

fn atom(s: impl Into<String>) -> S {
    S::Atom(s.into())
}

macro_rules! list {
    ($($e:expr),* $(,)?) => { S::List(vec![$($e),*]) };
}

/// Dump a whole translation unit, one top-level item after another.
pub fn dump(tu: &TranslationUnit) -> String {
    let d = Dumper { tu };
    let mut out = String::new();
    for item in &tu.items {
        let s = match *item {
            ExternalDecl::Function(f) => d.function(f),
            ExternalDecl::Declaration(id) => d.decl(id),
        };
        render(&s, 0, &mut out);
        out.push('\n');
    }
    out
}

/// Dump one expression (for unit tests of expressions).
pub fn dump_expr(tu: &TranslationUnit, e: ExprId) -> String {
    let mut out = String::new();
    render(&Dumper { tu }.expr(e), 0, &mut out);
    out
}

/// Whether `s` printed on one line is longer than `max` (stops counting past `max`, so
/// asking at every level of a deep tree stays linear).
fn longer_than(s: &S, max: usize) -> bool {
    let mut len = 0usize;
    let mut stack = vec![s];
    while let Some(s) = stack.pop() {
        match s {
            S::Atom(a) => len += a.len(),
            S::List(v) => {
                len += 2 + v.len().saturating_sub(1);
                stack.extend(v.iter().rev());
            }
        }
        if len > max {
            return true;
        }
    }
    false
}

/// What is left to print of a node that is being rendered.
enum Step<'a> {
    /// Print this node at this indentation (flat if it fits).
    Node(&'a S, usize),
    /// Print this node on one line.
    Flat(&'a S),
    Text(&'static str),
    /// A line break and this indentation.
    Newline(usize),
}

fn render(s: &S, indent: usize, out: &mut String) {
    let mut todo = vec![Step::Node(s, indent.min(MAX_INDENT))];
    while let Some(step) = todo.pop() {
        match step {
            Step::Text(t) => out.push_str(t),
            Step::Newline(indent) => {
                out.push('\n');
                out.extend(std::iter::repeat_n(' ', indent));
            }
            Step::Flat(S::Atom(a)) => out.push_str(a),
            Step::Flat(S::List(v)) => {
                out.push('(');
                todo.push(Step::Text(")"));
                for (i, c) in v.iter().enumerate().rev() {
                    todo.push(Step::Flat(c));
                    if i > 0 {
                        todo.push(Step::Text(" "));
                    }
                }
            }
            Step::Node(s @ S::List(v), indent)
                if v.len() > 1 && longer_than(s, WIDTH.saturating_sub(indent)) =>
            {
                out.push('(');
                // Keep leading atoms (the head and short operands) on the first line.
                let mut i = 0;
                while i < v.len() && matches!(v[i], S::Atom(_)) {
                    if i > 0 {
                        out.push(' ');
                    }
                    if let S::Atom(a) = &v[i] {
                        out.push_str(a);
                    }
                    i += 1;
                }
                let mut steps = Vec::new();
                if i == 0 {
                    steps.push(Step::Node(&v[0], (indent + 1).min(MAX_INDENT)));
                    i = 1;
                }
                let inner = (indent + 2).min(MAX_INDENT);
                for c in &v[i..] {
                    steps.push(Step::Newline(inner));
                    steps.push(Step::Node(c, inner));
                }
                steps.push(Step::Text(")"));
                todo.extend(steps.into_iter().rev());
            }
            Step::Node(s, _) => todo.push(Step::Flat(s)),
        }
    }
}

struct Dumper<'a> {
    tu: &'a TranslationUnit,
}

impl Dumper<'_> {
    fn name(&self, s: Symbol) -> S {
        atom(self.tu.name(s))
    }

    fn function(&self, id: FuncId) -> S {
        let f = &self.tu.functions[id];
        let mut v = vec![atom("function")];
        v.push(self.specs(&f.specs));
        v.push(self.declarator(&f.declarator));
        v.push(self.stmt(f.body));
        S::List(v)
    }

    fn decl(&self, id: DeclId) -> S {
        let d = &self.tu.decls[id];
        let mut v = vec![atom("decl"), self.specs(&d.specs)];
        for i in &d.declarators {
            let mut dv = self.declarator_parts(&i.declarator);
            if let Some(init) = &i.init {
                dv.push(list![atom("="), self.init(init)]);
            }
            v.push(S::List(dv));
        }
        S::List(v)
    }

    fn specs(&self, s: &DeclSpecs) -> S {
        let mut v = vec![atom("specs")];
        if let Some((sc, _)) = s.storage {
            v.push(atom(format!("{sc:?}").to_lowercase()));
        }
        if s.kernel.is_some() {
            v.push(atom("kernel"));
        }
        if s.inline.is_some() {
            v.push(atom("inline"));
        }
        self.quals(s.quals, &mut v);
        if let Some((a, _)) = s.address_space {
            v.push(atom(space(a)));
        }
        if let Some((a, _)) = s.access {
            v.push(atom(match a {
                AccessQual::ReadOnly => "read_only",
                AccessQual::WriteOnly => "write_only",
                AccessQual::ReadWrite => "read_write",
            }));
        }
        v.push(self.base(s.base));
        for a in &s.attrs {
            v.push(self.attr(a));
        }
        S::List(v)
    }

    fn quals(&self, q: TypeQuals, v: &mut Vec<S>) {
        if q.is_const {
            v.push(atom("const"));
        }
        if q.is_volatile {
            v.push(atom("volatile"));
        }
        if q.is_restrict {
            v.push(atom("restrict"));
        }
    }

    fn base(&self, b: BaseType) -> S {
        match b {
            BaseType::Void => atom("void"),
            BaseType::Bool => atom("bool"),
            BaseType::Scalar(s) => atom(s.name().replace(' ', "_")),
            BaseType::Vector(s, n) => atom(format!("{}{n}", s.name())),
            BaseType::SizeT => atom("size_t"),
            BaseType::PtrdiffT => atom("ptrdiff_t"),
            BaseType::IntptrT => atom("intptr_t"),
            BaseType::UintptrT => atom("uintptr_t"),
            BaseType::Opaque(o) => atom(o.name()),
            BaseType::Typedef(s) => list![atom("typedef-name"), self.name(s)],
            BaseType::TypeofExpr(e) => list![atom("typeof"), self.expr(e)],
            BaseType::TypeofType(t) => list![atom("typeof"), self.type_name(t)],
            BaseType::Record(id) => self.record(id),
            BaseType::Enum(id) => self.enum_spec(id),
            BaseType::Error => atom("<error>"),
        }
    }

    fn record(&self, id: RecordId) -> S {
        let r = &self.tu.records[id];
        let mut v = vec![atom(match r.kind {
            RecordKind::Struct => "struct",
            RecordKind::Union => "union",
        })];
        v.push(match r.tag {
            Some(t) => self.name(t.name),
            None => atom("_"),
        });
        for a in &r.attrs {
            v.push(self.attr(a));
        }
        if let Some(fields) = &r.fields {
            let mut fv = vec![atom("fields")];
            for f in fields {
                let mut m = vec![atom("field"), self.specs(&f.specs)];
                for d in &f.declarators {
                    let mut dv = self.declarator_parts(&d.declarator);
                    if let Some(w) = d.bit_width {
                        dv.push(list![atom(":"), self.expr(w)]);
                    }
                    m.push(S::List(dv));
                }
                fv.push(S::List(m));
            }
            v.push(S::List(fv));
        }
        S::List(v)
    }

    fn enum_spec(&self, id: EnumId) -> S {
        let e = &self.tu.enums[id];
        let mut v = vec![atom("enum")];
        v.push(match e.tag {
            Some(t) => self.name(t.name),
            None => atom("_"),
        });
        for a in &e.attrs {
            v.push(self.attr(a));
        }
        if let Some(list) = &e.enumerators {
            let mut ev = vec![atom("enumerators")];
            for en in list {
                match en.value {
                    Some(x) => ev.push(list![self.name(en.name.name), self.expr(x)]),
                    None => ev.push(list![self.name(en.name.name)]),
                }
            }
            v.push(S::List(ev));
        }
        S::List(v)
    }

    fn attr(&self, a: &Attribute) -> S {
        let mut v = vec![atom("attr")];
        match &a.kind {
            AttrKind::ReqdWorkGroupSize(xyz) | AttrKind::WorkGroupSizeHint(xyz) => {
                v.push(atom(if matches!(a.kind, AttrKind::ReqdWorkGroupSize(_)) {
                    "reqd_work_group_size"
                } else {
                    "work_group_size_hint"
                }));
                v.extend(xyz.iter().map(|&e| self.expr(e)));
            }
            AttrKind::VecTypeHint(t) => {
                v.push(atom("vec_type_hint"));
                v.push(self.type_name(*t));
            }
            AttrKind::Aligned(n) => {
                v.push(atom("aligned"));
                if let Some(n) = n {
                    v.push(self.expr(*n));
                }
            }
            AttrKind::Packed => v.push(atom("packed")),
            AttrKind::Nosvm => v.push(atom("nosvm")),
            AttrKind::Endian(e) => {
                v.push(atom("endian"));
                v.push(atom(match e {
                    Endian::Host => "host",
                    Endian::Device => "device",
                }));
            }
            AttrKind::Unknown { name, arg_count } => {
                v.push(atom("unknown"));
                v.push(self.name(*name));
                v.push(atom(arg_count.to_string()));
            }
        }
        S::List(v)
    }

    /// `(name derived... attrs...)` without a head word.
    fn declarator_parts(&self, d: &Declarator) -> Vec<S> {
        let mut v = vec![match d.name {
            Some(n) => self.name(n.name),
            None => atom("_"),
        }];
        for step in &d.derived {
            v.push(self.derived(step));
        }
        for a in &d.attrs {
            v.push(self.attr(a));
        }
        v
    }

    fn declarator(&self, d: &Declarator) -> S {
        S::List(self.declarator_parts(d))
    }

    fn derived(&self, step: &Derived) -> S {
        match step {
            Derived::Pointer {
                quals,
                address_space,
                attrs,
                ..
            } => {
                let mut v = vec![atom("ptr")];
                self.quals(*quals, &mut v);
                if let Some(a) = address_space {
                    v.push(atom(space(*a)));
                }
                for a in attrs {
                    v.push(self.attr(a));
                }
                S::List(v)
            }
            Derived::Array { size, .. } => match size {
                Some(e) => list![atom("array"), self.expr(*e)],
                None => list![atom("array")],
            },
            Derived::Function {
                params,
                explicit_void,
                variadic,
                ..
            } => {
                let mut v = vec![atom("fn")];
                if *explicit_void {
                    v.push(atom("void"));
                }
                for p in params {
                    let mut pv = vec![atom("param"), self.specs(&p.specs)];
                    pv.extend(self.declarator_parts(&p.declarator));
                    v.push(S::List(pv));
                }
                if *variadic {
                    v.push(atom("..."));
                }
                S::List(v)
            }
        }
    }

    fn type_name(&self, id: TypeNameId) -> S {
        let t = &self.tu.type_names[id];
        let mut v = vec![atom("type"), self.specs(&t.specs)];
        for step in &t.declarator.derived {
            v.push(self.derived(step));
        }
        for a in &t.declarator.attrs {
            v.push(self.attr(a));
        }
        S::List(v)
    }

    fn init(&self, i: &Initializer) -> S {
        match i {
            Initializer::Expr(e) => self.expr(*e),
            Initializer::List { items, .. } => {
                let mut v = vec![atom("init-list")];
                for it in items {
                    if it.designators.is_empty() {
                        v.push(self.init(&it.init));
                    } else {
                        let mut dv = vec![atom("designated")];
                        for d in &it.designators {
                            dv.push(match d {
                                Designator::Field(n) => atom(format!(".{}", self.tu.name(n.name))),
                                Designator::Index { index, .. } => {
                                    list![atom("[]"), self.expr(*index)]
                                }
                            });
                        }
                        dv.push(self.init(&it.init));
                        v.push(S::List(dv));
                    }
                }
                S::List(v)
            }
        }
    }

    fn stmt(&self, id: StmtId) -> S {
        match &self.tu.stmts[id].kind {
            StmtKind::Compound(items) => {
                let mut v = vec![atom("block")];
                v.extend(items.iter().map(|&s| self.stmt(s)));
                S::List(v)
            }
            StmtKind::Decl(d) => self.decl(*d),
            StmtKind::Expr(e) => list![atom("expr"), self.expr(*e)],
            StmtKind::Empty => atom("empty"),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let mut v = vec![atom("if"), self.expr(*cond), self.stmt(*then_branch)];
                if let Some(e) = else_branch {
                    v.push(self.stmt(*e));
                }
                S::List(v)
            }
            StmtKind::Switch { cond, body } => {
                list![atom("switch"), self.expr(*cond), self.stmt(*body)]
            }
            StmtKind::Case { value, body } => {
                list![atom("case"), self.expr(*value), self.stmt(*body)]
            }
            StmtKind::Default { body } => list![atom("default"), self.stmt(*body)],
            StmtKind::While { cond, body } => {
                list![atom("while"), self.expr(*cond), self.stmt(*body)]
            }
            StmtKind::DoWhile { body, cond } => {
                list![atom("do"), self.stmt(*body), self.expr(*cond)]
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                let init = match init {
                    ForInit::None => atom("_"),
                    ForInit::Expr(e) => self.expr(*e),
                    ForInit::Decl(d) => self.decl(*d),
                };
                let opt = |e: &Option<ExprId>| e.map_or_else(|| atom("_"), |e| self.expr(e));
                list![atom("for"), init, opt(cond), opt(step), self.stmt(*body)]
            }
            StmtKind::Break => atom("break"),
            StmtKind::Continue => atom("continue"),
            StmtKind::Return(None) => list![atom("return")],
            StmtKind::Return(Some(e)) => list![atom("return"), self.expr(*e)],
            StmtKind::Goto(l) => list![atom("goto"), self.name(l.name)],
            StmtKind::Label { label, body } => {
                list![atom("label"), self.name(label.name), self.stmt(*body)]
            }
            StmtKind::Error => atom("<error>"),
        }
    }

    /// A left-deep chain of binary operators and commas, built bottom-up in a loop.
    fn chain(&self, id: ExprId) -> S {
        let mut rights = Vec::new();
        let mut e = id;
        loop {
            match &self.tu.exprs[e].kind {
                ExprKind::Binary { op, lhs, rhs } => {
                    rights.push((op.as_str(), *rhs));
                    e = *lhs;
                }
                ExprKind::Comma { lhs, rhs } => {
                    rights.push((",", *rhs));
                    e = *lhs;
                }
                _ => break,
            }
        }
        let mut acc = self.expr(e);
        for (op, rhs) in rights.into_iter().rev() {
            acc = list![atom(op), acc, self.expr(rhs)];
        }
        acc
    }

    fn expr(&self, id: ExprId) -> S {
        match &self.tu.exprs[id].kind {
            ExprKind::Ident(s) => self.name(*s),
            ExprKind::IntLit(l) => {
                // `0` is octal in C; printing its base would only add noise.
                let plain = (l.base == IntBase::Decimal || l.value == 0)
                    && !l.unsigned
                    && l.long == LongSuffix::None;
                if plain {
                    atom(l.value.to_string())
                } else {
                    let mut v = vec![atom("int"), atom(l.value.to_string())];
                    if l.base != IntBase::Decimal {
                        v.push(atom(format!("{:?}", l.base).to_lowercase()));
                    }
                    if l.unsigned {
                        v.push(atom("u"));
                    }
                    match l.long {
                        LongSuffix::None => {}
                        LongSuffix::Long => v.push(atom("l")),
                        LongSuffix::LongLong => v.push(atom("ll")),
                    }
                    S::List(v)
                }
            }
            ExprKind::FloatLit(f) => {
                let suffix = match f.suffix {
                    FloatSuffix::None => "",
                    FloatSuffix::F => "f",
                    FloatSuffix::H => "h",
                    FloatSuffix::L => "l",
                };
                atom(format!("{:?}{suffix}", f.value))
            }
            ExprKind::CharLit(c) => list![atom("char"), atom(c.value.to_string())],
            ExprKind::StringLit(s) => {
                let mut text = String::from("\"");
                for &b in &s.bytes {
                    let _ = write!(text, "{}", std::ascii::escape_default(b));
                }
                text.push('"');
                list![atom("string"), atom(text)]
            }
            ExprKind::Unary { op, operand } => list![atom(op.as_str()), self.expr(*operand)],
            ExprKind::Binary { .. } | ExprKind::Comma { .. } => self.chain(id),
            ExprKind::Assign { op, lhs, rhs } => {
                let o = match op {
                    None => "=".to_string(),
                    Some(op) => format!("{}=", op.as_str()),
                };
                list![atom(o), self.expr(*lhs), self.expr(*rhs)]
            }
            ExprKind::Conditional {
                cond,
                then_expr,
                else_expr,
            } => list![
                atom("?:"),
                self.expr(*cond),
                self.expr(*then_expr),
                self.expr(*else_expr)
            ],
            ExprKind::Cast { ty, expr } => {
                list![atom("cast"), self.type_name(*ty), self.expr(*expr)]
            }
            ExprKind::VectorLiteral { ty, elems } => {
                let mut v = vec![atom("vector-literal"), self.type_name(*ty)];
                v.extend(elems.iter().map(|&e| self.expr(e)));
                S::List(v)
            }
            ExprKind::CompoundLiteral { ty, init } => {
                list![
                    atom("compound-literal"),
                    self.type_name(*ty),
                    self.init(init)
                ]
            }
            ExprKind::SizeofExpr(e) => list![atom("sizeof"), self.expr(*e)],
            ExprKind::SizeofType(t) => list![atom("sizeof"), self.type_name(*t)],
            ExprKind::AlignofExpr(e) => list![atom("alignof"), self.expr(*e)],
            ExprKind::AlignofType(t) => list![atom("alignof"), self.type_name(*t)],
            ExprKind::VecStepExpr(e) => list![atom("vec_step"), self.expr(*e)],
            ExprKind::VecStepType(t) => list![atom("vec_step"), self.type_name(*t)],
            ExprKind::Call { callee, args } => {
                let mut v = vec![atom("call"), self.expr(*callee)];
                v.extend(args.iter().map(|&e| self.expr(e)));
                S::List(v)
            }
            ExprKind::Index { base, index } => {
                list![atom("index"), self.expr(*base), self.expr(*index)]
            }
            ExprKind::Member {
                base,
                member,
                arrow,
            } => list![
                atom(if *arrow { "->" } else { "." }),
                self.expr(*base),
                self.name(member.name)
            ],
            ExprKind::StmtExpr(b) => list![atom("stmt-expr"), self.stmt(*b)],
            ExprKind::Error => atom("<error>"),
        }
    }
}

fn space(a: AddressSpace) -> &'static str {
    match a {
        AddressSpace::Global => "global",
        AddressSpace::Local => "local",
        AddressSpace::Constant => "constant",
        AddressSpace::Private => "private",
        AddressSpace::Generic => "generic",
    }
}
