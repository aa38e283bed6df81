//! Long left-associative operator chains (the parser builds them iteratively, so they
//! can be far deeper than the nesting limit) must not overflow the stack in lowering
//! or constant evaluation.

use kauai_clc::{compile_opencl_c, CompileOptions};
use kauai_diag::SourceMap;

#[test]
fn long_operator_chains_compile_and_print_without_stack_overflow() {
    let n = 50_000;
    let chain = vec!["1"; n].join(" + ");
    let src = format!(
        "__kernel void k(__global int *o) {{ o[0] = {chain}; int a[{chain}]; o[1] = sizeof(a); o[2] = {ands}; o[3] = ({commas}); }}\n",
        ands = vec!["o[0]"; n / 10].join(" && "),
        commas = vec!["o[1]"; n / 10].join(", "),
    );
    // Run on a thread with a small stack: recursion proportional to the chain length
    // would overflow it.
    let handle = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            let mut sm = SourceMap::new();
            let f = sm.add("deep.cl", src.as_str());
            let r = compile_opencl_c(&mut sm, &[f], &CompileOptions::default())
                .map(|_| ())
                .map_err(|d| d.render(&sm));
            // Printing back to C and dumping the tree walk it too.
            assert!(kauai_clc::props::parse_source_holds(src.as_bytes()));
            r
        })
        .expect("thread");
    let r = handle.join();
    assert!(r.is_ok(), "lowering overflowed the stack or panicked");
}

#[test]
fn nesting_up_to_the_parser_limit_fits_a_small_stack() {
    // Nested unary operators, subscripts, calls and conditionals, as deep as the parser
    // accepts (it stops at 256 levels; `-(` counts twice).
    let d = 100;
    let neg = format!("{}x{}", "-(".repeat(d), ")".repeat(d));
    let idx = format!("{}0{}", "o[".repeat(d), "]".repeat(d));
    let call = format!("{}x{}", "abs(".repeat(d), ")".repeat(d));
    let cond = format!("{}0{}", "x ? 1 : (".repeat(d), ")".repeat(d));
    let src = format!(
        "__kernel void k(__global int *o, int x) {{ o[1] = {neg}; o[2] = {idx}; o[3] = {call}; o[4] = {cond}; }}\n"
    );
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let mut sm = SourceMap::new();
            let f = sm.add("nested.cl", src.as_str());
            compile_opencl_c(&mut sm, &[f], &CompileOptions::default())
                .map(|_| ())
                .map_err(|d| d.render(&sm))
        })
        .expect("thread");
    match handle.join() {
        Ok(r) => assert!(r.is_ok(), "{r:?}"),
        Err(_) => panic!("lowering panicked"),
    }
}

/// Compile `src` on a thread with the default 2 MiB stack of spawned threads, then (if
/// it parses) print it back and dump it, the other walks over the tree. `Err` when the
/// thread died (stack overflow aborts the process, so in practice: a panic).
fn front_end_on_2mib(name: &'static str, src: String) -> Result<Result<(), String>, ()> {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let mut sm = SourceMap::new();
            let f = sm.add(name, src.as_str());
            let r = compile_opencl_c(&mut sm, &[f], &CompileOptions::default())
                .map(|_| ())
                .map_err(|d| d.render(&sm));
            kauai_clc::props::parse_source_holds(src.as_bytes());
            r
        })
        .expect("thread")
        .join()
        .map_err(|_| ())
}

/// Kernels whose one expression is a postfix chain of `n` operators of each kind.
fn postfix_chains(n: usize) -> Vec<(&'static str, String)> {
    vec![
        ("swizzle.cl", format!("__kernel void k(__global float4 *o) {{ float4 v = o[0]; o[1] = v{}; }}\n", ".xyzw".repeat(n))),
        ("arrow.cl", format!("struct S {{ struct S *n; int x; }};\n__kernel void k(__global struct S *s, __global int *o) {{ o[0] = s{}->x; }}\n", "->n".repeat(n))),
        ("index.cl", format!("struct S {{ __global struct S *n; int x; }};\n__kernel void k(__global struct S *s, __global int *o) {{ o[0] = s{}[0].x; }}\n", "[0].n".repeat(n / 2))),
        ("call.cl", format!("int f(void);\n__kernel void k(__global int *o) {{ o[0] = f{}; }}\n", "()".repeat(n))),
        ("inc.cl", format!("__kernel void k(__global int *o) {{ int x = 0; o[0] = x{}; }}\n", "++".repeat(n))),
        ("member.cl", format!("struct S {{ int x; }};\n__kernel void k(__global int *o) {{ struct S s; o[0] = s{}; }}\n", ".x".repeat(n))),
    ]
}

#[test]
fn long_postfix_chains_are_a_diagnostic_on_a_normal_stack() {
    for (name, src) in postfix_chains(20_000) {
        let r = front_end_on_2mib(name, src);
        let Ok(r) = r else {
            panic!("{name}: the front end panicked");
        };
        let err = r.expect_err(name);
        assert!(
            err.contains("the limit MAX_NESTING_DEPTH is 256") && err.contains(&format!("{name}:")),
            "{name}: {err}"
        );
    }
}

#[test]
fn valid_postfix_chains_just_below_the_limit_compile_on_a_normal_stack() {
    for (name, src) in postfix_chains(240) {
        if matches!(name, "call.cl" | "inc.cl" | "member.cl") {
            continue; // not valid OpenCL C at any length beyond 1
        }
        let r = front_end_on_2mib(name, src);
        assert_eq!(r, Ok(Ok(())), "{name}");
    }
}

#[test]
fn long_declarator_chains_fit_a_normal_stack() {
    // Pointer and array declarators are loops in the parser and in the type table; a
    // walk that recursed per level would overflow here.
    let n = 20_000;
    let cases = [
        (
            "stars.cl",
            format!(
                "__kernel void k(__global int *o) {{ int {}p = 0; o[0] = 1; }}\n",
                "*".repeat(n)
            ),
        ),
        (
            "dims.cl",
            format!(
                "__kernel void k(__global int *o) {{ int a{}; o[0] = sizeof(a); }}\n",
                "[1]".repeat(n)
            ),
        ),
        (
            "typename.cl",
            format!(
                "__kernel void k(__global int *o) {{ o[0] = sizeof(int{}); }}\n",
                "*".repeat(n)
            ),
        ),
    ];
    for (name, src) in cases {
        let r = front_end_on_2mib(name, src);
        assert!(r.is_ok(), "{name}: the front end panicked");
    }
}

#[test]
fn an_error_repeated_through_a_large_file_stops_at_the_limit() {
    // Each helper calls the next before it is declared: one error per function. 5,000
    // of them took seconds (a "did you mean" search over every name per error).
    let n = 5000;
    let mut src: String = (0..n)
        .map(|i| format!("int f{i}(int x) {{ return f{}(x) + 1; }}\n", i + 1))
        .collect();
    src.push_str(&format!("int f{n}(int x) {{ return x; }}\n"));
    let mut sm = SourceMap::new();
    let f = sm.add("chain.cl", src);
    let Err(d) = compile_opencl_c(&mut sm, &[f], &CompileOptions::default()) else {
        panic!("calls to undeclared functions must fail");
    };
    let limit = kauai_clc::limits::MAX_SEMA_ERRORS;
    assert!(d.error_count() <= limit + 1, "{} errors", d.error_count());
    let last = d.iter().last().expect("a diagnostic");
    assert!(last.message.contains("MAX_SEMA_ERRORS"), "{}", last.message);
}
