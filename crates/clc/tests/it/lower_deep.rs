//! Long left-associative operator chains (the parser builds them iteratively, so they
//! can be far deeper than the nesting limit) must not overflow the stack in lowering
//! or constant evaluation.

use kauai_clc::{compile_opencl_c, CompileOptions};
use kauai_diag::SourceMap;

#[test]
fn long_operator_chains_compile_without_stack_overflow() {
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
            compile_opencl_c(&mut sm, &[f], &CompileOptions::default())
                .map(|_| ())
                .map_err(|d| d.render(&sm))
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
