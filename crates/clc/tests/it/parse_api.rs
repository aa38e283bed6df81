//! The parser's API beyond the dump: spans on nodes, names, declarator order, and the
//! diagnostics' positions (the dump tests do not show spans).

use crate::parse_support;

use kauai_clc::ast::*;
use kauai_clc::parse;
use kauai_diag::{Diagnostics, SourceMap, Span};

fn parse_src(src: &str) -> (TranslationUnit, Diagnostics, SourceMap) {
    let mut d = Diagnostics::new();
    let (sm, _, toks) = parse_support::preprocess_src("t.cl", src, &mut d);
    let tu = parse::parse(&toks, &mut d);
    (tu, d, sm)
}

fn text(src: &str, s: Span) -> &str {
    &src[s.range()]
}

#[test]
fn node_spans_cover_their_source() {
    let src = "kernel void f(global int *p) {\n  p[0] = a + b * 2;\n  return;\n}\n";
    let (tu, d, _) = parse_src(src);
    assert!(d.is_empty(), "{:?}", d.list);
    let ExternalDecl::Function(fid) = tu.items[0] else {
        panic!("expected a function")
    };
    let f = &tu.functions[fid];
    assert_eq!(text(src, f.span), src.trim_end());
    assert_eq!(text(src, f.specs.span), "kernel void");
    assert_eq!(text(src, f.specs.base_span), "void");
    assert_eq!(text(src, f.declarator.span), "f(global int *p)");
    let Some(Derived::Function { params, span, .. }) = f.declarator.derived.first() else {
        panic!("expected a function declarator")
    };
    assert_eq!(text(src, *span), "(global int *p)");
    assert_eq!(text(src, params[0].span), "global int *p");
    assert_eq!(
        params[0].specs.address_space.map(|a| a.0),
        Some(AddressSpace::Global)
    );
    let StmtKind::Compound(items) = &tu.stmts[f.body].kind else {
        panic!("body is a block")
    };
    assert_eq!(text(src, tu.stmts[items[0]].span), "p[0] = a + b * 2;");
    assert_eq!(text(src, tu.stmts[items[1]].span), "return;");
    let StmtKind::Expr(e) = tu.stmts[items[0]].kind else {
        panic!("expression statement")
    };
    let ExprKind::Assign { lhs, rhs, op: None } = tu.exprs[e].kind else {
        panic!("assignment")
    };
    assert_eq!(text(src, tu.exprs[lhs].span), "p[0]");
    assert_eq!(text(src, tu.exprs[rhs].span), "a + b * 2");
    let ExprKind::Binary {
        op: BinaryOp::Add,
        rhs: mul,
        ..
    } = tu.exprs[rhs].kind
    else {
        panic!("addition")
    };
    assert_eq!(text(src, tu.exprs[mul].span), "b * 2");
}

#[test]
fn names_and_declarator_order() {
    let src = "int *a[4]; float4 v = (float4)(1.0f, 2.0f, x.xy);";
    let (tu, d, _) = parse_src(src);
    assert!(d.is_empty(), "{:?}", d.list);
    let ExternalDecl::Declaration(id) = tu.items[0] else {
        panic!()
    };
    let decl = &tu.decls[id].declarators[0].declarator;
    assert_eq!(tu.name(decl.name.expect("named").name), "a");
    // Read from the name outwards: array of 4, of pointers, to int.
    assert!(matches!(
        decl.derived[0],
        Derived::Array { size: Some(_), .. }
    ));
    assert!(matches!(decl.derived[1], Derived::Pointer { .. }));
    let ExternalDecl::Declaration(id) = tu.items[1] else {
        panic!()
    };
    let d = &tu.decls[id];
    assert_eq!(
        d.specs.base,
        BaseType::Vector(Scalar::Cl(ClScalar::Float), 4)
    );
    let Some(Initializer::Expr(e)) = d.declarators[0].init else {
        panic!("expression initializer")
    };
    let ExprKind::VectorLiteral { ty, elems } = &tu.exprs[e].kind else {
        panic!("vector literal")
    };
    assert_eq!(elems.len(), 3);
    assert_eq!(text(src, tu.type_names[*ty].span), "float4");
    assert_eq!(text(src, tu.exprs[e].span), "(float4)(1.0f, 2.0f, x.xy)");
    let ExprKind::Member {
        member,
        arrow: false,
        ..
    } = tu.exprs[elems[2]].kind
    else {
        panic!("swizzle is a member access")
    };
    assert_eq!(tu.name(member.name), "xy");
}

#[test]
fn attributes_are_structured() {
    let src = "kernel __attribute__((reqd_work_group_size(8, 4, 2), vec_type_hint(float4), \
               mystery(1, (2, 3)))) void k(void) {}";
    let (tu, d, _) = parse_src(src);
    assert!(d.is_empty(), "{:?}", d.list);
    let ExternalDecl::Function(f) = tu.items[0] else {
        panic!()
    };
    let attrs = &tu.functions[f].specs.attrs;
    let AttrKind::ReqdWorkGroupSize(xyz) = attrs[0].kind else {
        panic!("reqd_work_group_size first")
    };
    let vals: Vec<u64> = xyz
        .iter()
        .map(|&e| match tu.exprs[e].kind {
            ExprKind::IntLit(l) => l.value,
            _ => panic!("integer"),
        })
        .collect();
    assert_eq!(vals, [8, 4, 2]);
    assert_eq!(text(src, attrs[0].span), "reqd_work_group_size(8, 4, 2)");
    let AttrKind::VecTypeHint(t) = attrs[1].kind else {
        panic!("vec_type_hint second")
    };
    assert_eq!(
        tu.type_names[t].specs.base,
        BaseType::Vector(Scalar::Cl(ClScalar::Float), 4)
    );
    let AttrKind::Unknown { name, arg_count } = attrs[2].kind else {
        panic!("unknown attribute kept")
    };
    assert_eq!((tu.name(name), arg_count), ("mystery", 2));
}

#[test]
fn diagnostics_point_at_the_problem_and_say_what_was_expected() {
    let src = "void f(void) {\n  x = 1\n  y = 2;\n}\n";
    let (_, d, sm) = parse_src(src);
    assert_eq!(d.error_count(), 1, "{:?}", d.list);
    let diag = &d.list[0];
    assert_eq!(diag.message, "expected `;` after expression");
    // Right after the previous token, as clang reports it (not at `y` on line 3).
    let span = diag.primary_span().expect("has a place");
    assert_eq!(sm.location(span), "t.cl:2:8");
    assert!(diag.render(&sm).contains("add `;` here"));
}

#[test]
fn unterminated_input_reports_at_the_end() {
    let src = "void f(void) { if (x) {";
    let (_, d, sm) = parse_src(src);
    assert!(d.has_errors());
    let span = d.list[0].primary_span().expect("has a place");
    assert_eq!(span.start as usize, src.len());
    assert!(d.list[0].render(&sm).contains("end of input"));
    // Each unclosed block says where it was opened (innermost first).
    let opened: Vec<usize> = d
        .iter()
        .filter_map(|d| d.labels.iter().find(|l| !l.primary))
        .map(|l| l.span.start as usize)
        .collect();
    assert_eq!(opened, [src.rfind('{').unwrap(), src.find('{').unwrap()]);
}

#[test]
fn empty_abstract_declarator_has_an_empty_span_where_it_would_be() {
    let src = "int a = (int)b; int *c = (int *)0;";
    let (tu, d, _) = parse_src(src);
    assert!(d.is_empty(), "{:?}", d.list);
    let casts: Vec<&TypeName> = tu.type_names.iter().map(|(_, t)| t).collect();
    assert_eq!(casts.len(), 2);
    let empty = casts[0].declarator.span;
    assert_eq!((empty.start, empty.end), (12, 12), "just before `)`");
    assert_eq!(text(src, casts[0].span), "int");
    assert_eq!(text(src, casts[1].declarator.span), "*");
    assert_eq!(text(src, casts[1].span), "int *");
}
