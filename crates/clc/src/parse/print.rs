//! Print an AST back as OpenCL C source.
//!
//! The output is meant for machines and tests, not for people: every compound
//! expression is parenthesized, so precedence never has to be reconstructed, and the
//! printed program parses back to the same AST (this is checked by the round-trip
//! property in `tests/parse_props.rs` and by the `clc_parse` fuzz target). Spans are not
//! preserved; neither are statement attributes (which the AST does not keep) nor the
//! arguments of unknown attributes (kept only as a count).

use std::fmt::Write;

use crate::ast::*;

/// The whole translation unit as OpenCL C source.
pub fn to_c(tu: &TranslationUnit) -> String {
    let mut p = Printer {
        tu,
        out: String::new(),
        indent: 0,
    };
    for item in &tu.items {
        match *item {
            ExternalDecl::Function(f) => p.function(f),
            ExternalDecl::Declaration(d) => {
                p.declaration(d);
                p.out.push('\n');
            }
        }
    }
    p.out
}

struct Printer<'a> {
    tu: &'a TranslationUnit,
    out: String,
    indent: usize,
}

impl Printer<'_> {
    fn name(&self, s: Symbol) -> &str {
        self.tu.name(s)
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.out.extend(std::iter::repeat_n(' ', self.indent * 4));
    }

    fn function(&mut self, id: FuncId) {
        let f = &self.tu.functions[id];
        let specs = self.specs(&f.specs);
        let decl = self.declarator(&f.declarator);
        let _ = write!(self.out, "{specs} {decl}");
        self.newline();
        self.stmt(f.body);
        self.out.push('\n');
    }

    fn declaration(&mut self, id: DeclId) {
        let d = &self.tu.decls[id];
        let mut s = self.specs(&d.specs);
        for (i, init_decl) in d.declarators.iter().enumerate() {
            s.push_str(if i == 0 { " " } else { ", " });
            s.push_str(&self.declarator(&init_decl.declarator));
            if let Some(init) = &init_decl.init {
                s.push_str(" = ");
                s.push_str(&self.init(init));
            }
        }
        s.push(';');
        self.out.push_str(&s);
    }

    fn specs(&self, s: &DeclSpecs) -> String {
        let mut w: Vec<String> = Vec::new();
        if let Some((sc, _)) = s.storage {
            w.push(
                match sc {
                    StorageClass::Typedef => "typedef",
                    StorageClass::Extern => "extern",
                    StorageClass::Static => "static",
                    StorageClass::Auto => "auto",
                    StorageClass::Register => "register",
                }
                .into(),
            );
        }
        if s.kernel.is_some() {
            w.push("__kernel".into());
        }
        if s.inline.is_some() {
            w.push("inline".into());
        }
        quals(s.quals, &mut w);
        if let Some((a, _)) = s.address_space {
            w.push(space(a).into());
        }
        if let Some((a, _)) = s.access {
            w.push(
                match a {
                    AccessQual::ReadOnly => "__read_only",
                    AccessQual::WriteOnly => "__write_only",
                    AccessQual::ReadWrite => "__read_write",
                }
                .into(),
            );
        }
        if !s.attrs.is_empty() {
            w.push(self.attrs(&s.attrs));
        }
        w.push(self.base(s.base));
        w.join(" ")
    }

    fn base(&self, b: BaseType) -> String {
        match b {
            BaseType::Void => "void".into(),
            BaseType::Bool => "bool".into(),
            BaseType::Scalar(s) => match s {
                Scalar::SChar => "signed char".into(),
                Scalar::LongLong => "long long".into(),
                Scalar::ULongLong => "unsigned long long".into(),
                Scalar::LongDouble => "long double".into(),
                s => s.name().into(),
            },
            BaseType::Vector(s, n) => format!("{}{n}", s.name()),
            BaseType::SizeT => "size_t".into(),
            BaseType::PtrdiffT => "ptrdiff_t".into(),
            BaseType::IntptrT => "intptr_t".into(),
            BaseType::UintptrT => "uintptr_t".into(),
            BaseType::Opaque(o) => o.name().into(),
            BaseType::Typedef(s) => self.name(s).into(),
            BaseType::TypeofExpr(e) => format!("__typeof__({})", self.expr(e)),
            BaseType::TypeofType(t) => format!("__typeof__({})", self.type_name(t)),
            BaseType::Record(id) => self.record(id),
            BaseType::Enum(id) => self.enum_spec(id),
            // Only reachable after a reported error; keeps the output well-formed.
            BaseType::Error => "int".into(),
        }
    }

    fn record(&self, id: RecordId) -> String {
        let r = &self.tu.records[id];
        let mut s = String::from(match r.kind {
            RecordKind::Struct => "struct",
            RecordKind::Union => "union",
        });
        if !r.attrs.is_empty() {
            s.push(' ');
            s.push_str(&self.attrs(&r.attrs));
        }
        if let Some(tag) = r.tag {
            s.push(' ');
            s.push_str(self.name(tag.name));
        }
        if let Some(fields) = &r.fields {
            s.push_str(" {");
            for f in fields {
                s.push(' ');
                s.push_str(&self.specs(&f.specs));
                for (i, d) in f.declarators.iter().enumerate() {
                    s.push_str(if i == 0 { " " } else { ", " });
                    s.push_str(&self.declarator(&d.declarator));
                    if let Some(w) = d.bit_width {
                        s.push_str(" : ");
                        s.push_str(&self.expr(w));
                    }
                }
                s.push(';');
            }
            s.push_str(" }");
        }
        s
    }

    fn enum_spec(&self, id: EnumId) -> String {
        let e = &self.tu.enums[id];
        let mut s = String::from("enum");
        if !e.attrs.is_empty() {
            s.push(' ');
            s.push_str(&self.attrs(&e.attrs));
        }
        if let Some(tag) = e.tag {
            s.push(' ');
            s.push_str(self.name(tag.name));
        }
        if let Some(list) = &e.enumerators {
            s.push_str(" { ");
            let items: Vec<String> = list
                .iter()
                .map(|en| match en.value {
                    Some(v) => format!("{} = {}", self.name(en.name.name), self.expr(v)),
                    None => self.name(en.name.name).to_string(),
                })
                .collect();
            s.push_str(&items.join(", "));
            s.push_str(" }");
        }
        s
    }

    fn attrs(&self, attrs: &[Attribute]) -> String {
        let items: Vec<String> = attrs.iter().map(|a| self.attr(a)).collect();
        format!("__attribute__(({}))", items.join(", "))
    }

    fn attr(&self, a: &Attribute) -> String {
        match &a.kind {
            AttrKind::ReqdWorkGroupSize([x, y, z]) => format!(
                "reqd_work_group_size({}, {}, {})",
                self.expr(*x),
                self.expr(*y),
                self.expr(*z)
            ),
            AttrKind::WorkGroupSizeHint([x, y, z]) => format!(
                "work_group_size_hint({}, {}, {})",
                self.expr(*x),
                self.expr(*y),
                self.expr(*z)
            ),
            AttrKind::VecTypeHint(t) => format!("vec_type_hint({})", self.type_name(*t)),
            AttrKind::Aligned(None) => "aligned".into(),
            AttrKind::Aligned(Some(n)) => format!("aligned({})", self.expr(*n)),
            AttrKind::Packed => "packed".into(),
            AttrKind::Nosvm => "nosvm".into(),
            AttrKind::Endian(Endian::Host) => "endian(host)".into(),
            AttrKind::Endian(Endian::Device) => "endian(device)".into(),
            AttrKind::Unknown { name, arg_count } => {
                if *arg_count == 0 {
                    self.name(*name).into()
                } else {
                    format!("{}({})", self.name(*name), vec!["0"; *arg_count].join(", "))
                }
            }
        }
    }

    /// C declarator syntax from the flattened steps: walk outwards from the name,
    /// parenthesizing where a suffix follows a pointer.
    fn declarator(&self, d: &Declarator) -> String {
        let mut s = d
            .name
            .map_or_else(String::new, |n| self.name(n.name).to_string());
        let mut after_pointer = false;
        for step in &d.derived {
            match step {
                Derived::Pointer {
                    quals: q,
                    address_space,
                    attrs,
                    ..
                } => {
                    let mut w = vec!["*".to_string()];
                    quals(*q, &mut w);
                    if let Some(a) = address_space {
                        w.push(space(*a).into());
                    }
                    if !attrs.is_empty() {
                        w.push(self.attrs(attrs));
                    }
                    let p = w.join(" ");
                    s = if s.is_empty() { p } else { format!("{p} {s}") };
                    after_pointer = true;
                }
                Derived::Array { size, .. } => {
                    if after_pointer {
                        s = format!("({s})");
                    }
                    match size {
                        Some(e) => {
                            let _ = write!(s, "[{}]", self.expr(*e));
                        }
                        None => s.push_str("[]"),
                    }
                    after_pointer = false;
                }
                Derived::Function {
                    params,
                    explicit_void,
                    variadic,
                    ..
                } => {
                    if after_pointer {
                        s = format!("({s})");
                    }
                    let mut ps: Vec<String> = params
                        .iter()
                        .map(|p| {
                            let d = self.declarator(&p.declarator);
                            let specs = self.specs(&p.specs);
                            if d.is_empty() {
                                specs
                            } else {
                                format!("{specs} {d}")
                            }
                        })
                        .collect();
                    if *explicit_void {
                        ps.push("void".into());
                    }
                    if *variadic {
                        ps.push("...".into());
                    }
                    let _ = write!(s, "({})", ps.join(", "));
                    after_pointer = false;
                }
            }
        }
        if !d.attrs.is_empty() {
            if !s.is_empty() {
                s.push(' ');
            }
            s.push_str(&self.attrs(&d.attrs));
        }
        s
    }

    fn type_name(&self, id: TypeNameId) -> String {
        let t = &self.tu.type_names[id];
        let specs = self.specs(&t.specs);
        let d = self.declarator(&t.declarator);
        if d.is_empty() {
            specs
        } else {
            format!("{specs} {d}")
        }
    }

    fn init(&self, i: &Initializer) -> String {
        match i {
            Initializer::Expr(e) => self.expr(*e),
            Initializer::List { items, .. } => {
                let parts: Vec<String> = items
                    .iter()
                    .map(|it| {
                        let mut s = String::new();
                        for d in &it.designators {
                            match d {
                                Designator::Field(n) => {
                                    let _ = write!(s, ".{}", self.name(n.name));
                                }
                                Designator::Index { index, .. } => {
                                    let _ = write!(s, "[{}]", self.expr(*index));
                                }
                            }
                        }
                        if !s.is_empty() {
                            s.push_str(" = ");
                        }
                        s.push_str(&self.init(&it.init));
                        s
                    })
                    .collect();
                format!("{{{}}}", parts.join(", "))
            }
        }
    }

    fn stmt(&mut self, id: StmtId) {
        match &self.tu.stmts[id].kind {
            StmtKind::Compound(items) => {
                self.out.push('{');
                self.indent += 1;
                for &s in items {
                    self.newline();
                    self.stmt(s);
                }
                self.indent -= 1;
                self.newline();
                self.out.push('}');
            }
            StmtKind::Decl(d) => self.declaration(*d),
            StmtKind::Expr(e) => {
                let e = self.expr(*e);
                let _ = write!(self.out, "{e};");
            }
            StmtKind::Empty | StmtKind::Error => self.out.push(';'),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let c = self.expr(*cond);
                let _ = write!(self.out, "if ({c}) ");
                self.stmt(*then_branch);
                if let Some(e) = else_branch {
                    self.out.push_str(" else ");
                    self.stmt(*e);
                }
            }
            StmtKind::Switch { cond, body } => {
                let c = self.expr(*cond);
                let _ = write!(self.out, "switch ({c}) ");
                self.stmt(*body);
            }
            StmtKind::Case { value, body } => {
                let v = self.expr(*value);
                let _ = write!(self.out, "case {v}: ");
                self.stmt(*body);
            }
            StmtKind::Default { body } => {
                self.out.push_str("default: ");
                self.stmt(*body);
            }
            StmtKind::While { cond, body } => {
                let c = self.expr(*cond);
                let _ = write!(self.out, "while ({c}) ");
                self.stmt(*body);
            }
            StmtKind::DoWhile { body, cond } => {
                self.out.push_str("do ");
                self.stmt(*body);
                let c = self.expr(*cond);
                let _ = write!(self.out, " while ({c});");
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.out.push_str("for (");
                match init {
                    ForInit::None => self.out.push(';'),
                    ForInit::Expr(e) => {
                        let e = self.expr(*e);
                        let _ = write!(self.out, "{e};");
                    }
                    ForInit::Decl(d) => self.declaration(*d),
                }
                if let Some(c) = cond {
                    let c = self.expr(*c);
                    let _ = write!(self.out, " {c}");
                }
                self.out.push(';');
                if let Some(s) = step {
                    let s = self.expr(*s);
                    let _ = write!(self.out, " {s}");
                }
                self.out.push_str(") ");
                self.stmt(*body);
            }
            StmtKind::Break => self.out.push_str("break;"),
            StmtKind::Continue => self.out.push_str("continue;"),
            StmtKind::Return(None) => self.out.push_str("return;"),
            StmtKind::Return(Some(e)) => {
                let e = self.expr(*e);
                let _ = write!(self.out, "return {e};");
            }
            StmtKind::Goto(l) => {
                let tu = self.tu;
                let _ = write!(self.out, "goto {};", tu.name(l.name));
            }
            StmtKind::Label { label, body } => {
                let tu = self.tu;
                let _ = write!(self.out, "{}: ", tu.name(label.name));
                self.stmt(*body);
            }
        }
    }

    /// The base of a postfix operator: parenthesized unless primary or postfix.
    fn postfix_base(&self, e: ExprId) -> String {
        let s = self.expr(e);
        match self.tu.exprs[e].kind {
            ExprKind::Ident(_)
            | ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::CharLit(_)
            | ExprKind::StringLit(_)
            | ExprKind::Call { .. }
            | ExprKind::Index { .. }
            | ExprKind::Member { .. }
            | ExprKind::VectorLiteral { .. }
            | ExprKind::CompoundLiteral { .. }
            | ExprKind::Binary { .. }
            | ExprKind::Assign { .. }
            | ExprKind::Conditional { .. }
            | ExprKind::Comma { .. } => s,
            ExprKind::Unary {
                op: UnaryOp::PostInc | UnaryOp::PostDec,
                ..
            } => s,
            _ => format!("({s})"),
        }
    }

    /// The operand of a prefix operator or cast: parenthesized unless primary or
    /// postfix (so `- -a` never prints as `--a`).
    fn prefix_operand(&self, e: ExprId) -> String {
        match self.tu.exprs[e].kind {
            ExprKind::Unary {
                op: UnaryOp::PostInc | UnaryOp::PostDec,
                ..
            }
            | ExprKind::Ident(_)
            | ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::CharLit(_)
            | ExprKind::StringLit(_)
            | ExprKind::Call { .. }
            | ExprKind::Index { .. }
            | ExprKind::Member { .. }
            | ExprKind::VectorLiteral { .. }
            | ExprKind::CompoundLiteral { .. }
            | ExprKind::Binary { .. }
            | ExprKind::Assign { .. }
            | ExprKind::Conditional { .. }
            | ExprKind::Comma { .. } => self.expr(e),
            _ => format!("({})", self.expr(e)),
        }
    }

    /// A left-deep chain of binary operators and commas, walked in a loop: such chains
    /// are not bounded by the nesting limit, so neither this printer nor the parser
    /// reading its output may nest per link. The chain gets one pair of parentheses,
    /// and inner ones only where a left operand binds more loosely than its operator
    /// (`(a + b) * c`); right operands print their own.
    fn chain(&self, id: ExprId) -> String {
        let mut links = Vec::new();
        let mut e = id;
        loop {
            match &self.tu.exprs[e].kind {
                ExprKind::Binary { op, lhs, rhs } => {
                    links.push((Some(*op), *rhs));
                    e = *lhs;
                }
                ExprKind::Comma { lhs, rhs } => {
                    links.push((None, *rhs));
                    e = *lhs;
                }
                _ => break,
            }
        }
        links.reverse(); // innermost first
        let prec = |op: Option<BinaryOp>| op.map_or(0, BinaryOp::precedence);
        let needs_parens = |i: usize| i > 0 && prec(links[i].0) > prec(links[i - 1].0);
        let opens = 1 + (0..links.len()).filter(|&i| needs_parens(i)).count();
        let mut s = "(".repeat(opens);
        s.push_str(&self.expr(e));
        for (i, &(op, rhs)) in links.iter().enumerate() {
            if needs_parens(i) {
                s.push(')');
            }
            match op {
                Some(op) => {
                    let _ = write!(s, " {} {}", op.as_str(), self.expr(rhs));
                }
                None => {
                    let _ = write!(s, ", {}", self.expr(rhs));
                }
            }
        }
        s.push(')');
        s
    }

    fn expr(&self, id: ExprId) -> String {
        match &self.tu.exprs[id].kind {
            ExprKind::Ident(s) => self.name(*s).to_string(),
            ExprKind::IntLit(l) => {
                let mut s = match l.base {
                    IntBase::Decimal => l.value.to_string(),
                    IntBase::Octal if l.value == 0 => "0".to_string(),
                    IntBase::Octal => format!("0{:o}", l.value),
                    IntBase::Hex => format!("0x{:x}", l.value),
                    IntBase::Binary => format!("0b{:b}", l.value),
                };
                if l.unsigned {
                    s.push('u');
                }
                match l.long {
                    LongSuffix::None => {}
                    LongSuffix::Long => s.push('l'),
                    LongSuffix::LongLong => s.push_str("ll"),
                }
                s
            }
            ExprKind::FloatLit(f) => f.text.to_string(),
            ExprKind::CharLit(c) => {
                let v = c.value;
                // One byte reads back sign-extended (`char` is signed); larger values
                // as a multi-character constant, big-endian, keeping a zero byte in
                // front of a high byte so that it is not sign-extended.
                let bytes: Vec<u8> = if (-128..=127).contains(&v) {
                    vec![v as u8]
                } else {
                    let b = (v as u32).to_be_bytes();
                    let mut first = b.iter().position(|&x| x != 0).unwrap_or(3);
                    if first > 0 && b[first] >= 0x80 {
                        first -= 1;
                    }
                    b[first..].to_vec()
                };
                let mut s = String::from("'");
                for b in bytes {
                    let _ = write!(s, "\\{b:03o}");
                }
                s.push('\'');
                s
            }
            ExprKind::StringLit(st) => {
                let mut s = String::from("\"");
                for &b in &st.bytes {
                    if (b.is_ascii_graphic() || b == b' ') && b != b'"' && b != b'\\' && b != b'?' {
                        s.push(b as char);
                    } else {
                        let _ = write!(s, "\\{b:03o}");
                    }
                }
                s.push('"');
                s
            }
            ExprKind::Unary { op, operand } => {
                let o = self.prefix_operand(*operand);
                match op {
                    UnaryOp::Plus => format!("+{o}"),
                    UnaryOp::Neg => format!("-{o}"),
                    UnaryOp::BitNot => format!("~{o}"),
                    UnaryOp::Not => format!("!{o}"),
                    UnaryOp::Deref => format!("*{o}"),
                    UnaryOp::AddrOf => format!("&{o}"),
                    UnaryOp::PreInc => format!("++{o}"),
                    UnaryOp::PreDec => format!("--{o}"),
                    UnaryOp::PostInc => format!("{}++", self.postfix_base(*operand)),
                    UnaryOp::PostDec => format!("{}--", self.postfix_base(*operand)),
                }
            }
            ExprKind::Binary { .. } | ExprKind::Comma { .. } => self.chain(id),
            ExprKind::Assign { op, lhs, rhs } => {
                let o = op.map_or("=".to_string(), |o| format!("{}=", o.as_str()));
                format!("({} {o} {})", self.expr(*lhs), self.expr(*rhs))
            }
            ExprKind::Conditional {
                cond,
                then_expr,
                else_expr,
            } => format!(
                "({} ? {} : {})",
                self.expr(*cond),
                self.expr(*then_expr),
                self.expr(*else_expr)
            ),
            ExprKind::Cast { ty, expr } => {
                // Binary and other loose operands print their own parentheses; a
                // parenthesized operand after a vector type would read as a vector
                // literal, so nothing else is wrapped here.
                format!("({}){}", self.type_name(*ty), self.expr(*expr))
            }
            ExprKind::VectorLiteral { ty, elems } => {
                let es: Vec<String> = elems.iter().map(|&e| self.expr(e)).collect();
                format!("({})({})", self.type_name(*ty), es.join(", "))
            }
            ExprKind::CompoundLiteral { ty, init } => {
                format!("({}){}", self.type_name(*ty), self.init(init))
            }
            ExprKind::SizeofExpr(e) => format!("sizeof({})", self.expr(*e)),
            ExprKind::SizeofType(t) => format!("sizeof({})", self.type_name(*t)),
            ExprKind::AlignofExpr(e) => format!("__alignof__({})", self.expr(*e)),
            ExprKind::AlignofType(t) => format!("_Alignof({})", self.type_name(*t)),
            ExprKind::VecStepExpr(e) => format!("vec_step({})", self.expr(*e)),
            ExprKind::VecStepType(t) => format!("vec_step({})", self.type_name(*t)),
            ExprKind::Call { callee, args } => {
                let a: Vec<String> = args.iter().map(|&e| self.expr(e)).collect();
                format!("{}({})", self.postfix_base(*callee), a.join(", "))
            }
            ExprKind::Index { base, index } => {
                format!("{}[{}]", self.postfix_base(*base), self.expr(*index))
            }
            ExprKind::Member {
                base,
                member,
                arrow,
            } => format!(
                "{}{}{}",
                self.postfix_base(*base),
                if *arrow { "->" } else { "." },
                self.name(member.name)
            ),
            ExprKind::StmtExpr(b) => {
                let mut p = Printer {
                    tu: self.tu,
                    out: String::new(),
                    indent: self.indent,
                };
                p.stmt(*b);
                format!("({})", p.out)
            }
            // Only after a reported error; `0` keeps the output well-formed.
            ExprKind::Error => "0".into(),
        }
    }
}

fn quals(q: TypeQuals, w: &mut Vec<String>) {
    if q.is_const {
        w.push("const".into());
    }
    if q.is_volatile {
        w.push("volatile".into());
    }
    if q.is_restrict {
        w.push("restrict".into());
    }
}

fn space(a: AddressSpace) -> &'static str {
    match a {
        AddressSpace::Global => "__global",
        AddressSpace::Local => "__local",
        AddressSpace::Constant => "__constant",
        AddressSpace::Private => "__private",
        AddressSpace::Generic => "__generic",
    }
}
