//! Separate compilation (`clCompileProgram` + `clLinkProgram`): sources compiled on their
//! own call functions that other sources define; linking resolves the calls, finalize
//! checks the program is complete, and the result runs on the host executor. Expected
//! values are closed forms computed here, never by Kauai.

use crate::common;

use common::{empty_module, run_ints};
use kauai_compiler::*;
use kauai_diag::SourceMap;
use kauai_host::ArgValue;

/// `clCompileProgram` of one source.
fn compiled(src: &str) -> Module {
    let mut m = empty_module();
    m.compile_opencl_c("FULL_PROFILE", src, &[])
        .unwrap_or_else(|e| panic!("compile failed: {e}\n{src}"));
    assert_eq!(m.state(), ModuleState::Compiled);
    m
}

/// `clLinkProgram` of the sources, each compiled on its own, into a new module.
fn linked(srcs: &[&str]) -> Result<Module> {
    let inputs: Vec<Module> = srcs.iter().map(|s| compiled(s)).collect();
    let refs: Vec<&Module> = inputs.iter().collect();
    let mut out = empty_module();
    out.link(&refs)?;
    Ok(out)
}

const KERNEL_CALLS_HELPERS: &str = "int square(int x);\n\
     int add3(int);\n\
     __kernel void k(__global int *out) {\n\
         int i = get_global_id(0);\n\
         out[i] = square(i) + add3(i);\n\
     }\n";

const HELPERS: &str = "int square(int x) { return x * x; }\n\
                       int add3(int x) { return x + 3; }\n";

#[test]
fn kernel_calls_functions_of_another_module() {
    let mut m = linked(&[KERNEL_CALLS_HELPERS, HELPERS]).expect("link");
    let got = run_ints(&mut m, "k", 16, &[]);
    let want: Vec<i32> = (0..16).map(|i| i * i + i + 3).collect();
    assert_eq!(got, want);
}

#[test]
fn link_order_does_not_matter() {
    let mut m = linked(&[HELPERS, KERNEL_CALLS_HELPERS]).expect("link");
    let got = run_ints(&mut m, "k", 8, &[]);
    let want: Vec<i32> = (0..8).map(|i| i * i + i + 3).collect();
    assert_eq!(got, want);
    // Linking into a module that already holds a compiled program works the same way.
    let mut main = compiled(KERNEL_CALLS_HELPERS);
    main.link(&[&compiled(HELPERS)]).expect("link");
    assert_eq!(run_ints(&mut main, "k", 8, &[]), want);
}

#[test]
fn calls_chain_through_three_modules_and_back() {
    // The kernel's module calls `mid` (module 2), which calls `leaf` (module 3), which
    // calls `scale`, defined back in the kernel's module.
    let main = "int mid(int);\n\
                int scale(int x) { return 10 * x; }\n\
                __kernel void k(__global int *out, int bias) {\n\
                    int i = get_global_id(0);\n\
                    out[i] = mid(i) + bias;\n\
                }\n";
    let mid = "int leaf(int);\nint mid(int x) { return leaf(x) - 1; }\n";
    let leaf = "int scale(int);\nint leaf(int x) { return scale(x) + x; }\n";
    let mut m = linked(&[main, mid, leaf]).expect("link");
    let bias = ArgValue::Bytes(100i32.to_le_bytes().to_vec());
    let got = run_ints(&mut m, "k", 12, &[bias]);
    let want: Vec<i32> = (0..12).map(|i| 10 * i + i - 1 + 100).collect();
    assert_eq!(got, want);
}

#[test]
fn structs_pass_by_value_and_return_across_modules() {
    let decls = "typedef struct { int a; float b; int c[3]; } S;\n";
    let main = format!(
        "{decls}S make(int i);\nint fold(S s);\n\
         __kernel void k(__global int *out) {{\n\
             int i = get_global_id(0);\n\
             out[i] = fold(make(i));\n\
         }}\n"
    );
    let lib = format!(
        "{decls}S make(int i) {{ S s; s.a = i; s.b = 0.5f * i; s.c[0] = 1; s.c[1] = 2; s.c[2] = i; return s; }}\n\
         int fold(S s) {{ return s.a * 100 + (int)(s.b * 2.0f) + s.c[0] + s.c[1] * s.c[2]; }}\n"
    );
    let mut m = linked(&[&main, &lib]).expect("link");
    let got = run_ints(&mut m, "k", 8, &[]);
    let want: Vec<i32> = (0..8).map(|i| i * 100 + i + 1 + 2 * i).collect();
    assert_eq!(got, want);
}

#[test]
fn kernels_of_both_modules_are_kept() {
    let a =
        "int twice(int);\n__kernel void ka(__global int *o) { o[get_global_id(0)] = twice(7); }\n";
    let b = "int twice(int x) { return 2 * x; }\n\
             __kernel void kb(__global int *o) { o[get_global_id(0)] = twice(-4); }\n";
    let mut m = linked(&[a, b]).expect("link");
    let (info, _) = m.finalize().expect("finalize");
    let names: Vec<&str> = info.kernels.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(names, ["ka", "kb"]);
    assert_eq!(run_ints(&mut m, "ka", 4, &[]), [14; 4]);
    assert_eq!(run_ints(&mut m, "kb", 4, &[]), [-8; 4]);
}

#[test]
fn compile_keeps_the_declaration_for_the_linker() {
    let m = compiled(KERNEL_CALLS_HELPERS);
    let ir = m.ir().expect("ir");
    let f = ir.func_by_name("square").expect("declared");
    let f = &ir.functions[f];
    assert!(f.is_declaration());
    assert!(f.attrs.contains_key(kauai_clc::EXTERNAL_FN_ATTR));
    // A prototype nobody calls leaves nothing behind.
    let m = compiled("int unused(int);\n__kernel void k(__global int *o) { o[0] = 1; }\n");
    assert!(m.ir().expect("ir").func_by_name("unused").is_none());
}

/// A failure: the step that fails, the code it fails with, and words its message holds.
struct Bad {
    srcs: &'static [&'static str],
    step: ResultCode,
    words: &'static [&'static str],
}

const BAD: &[Bad] = &[
    // Nothing defines `add3`: finalize names it and the kernel that needs it.
    Bad {
        srcs: &[KERNEL_CALLS_HELPERS, "int square(int x) { return x * x; }\n"],
        step: ResultCode::FinalizeProgramFailure,
        words: &["function `add3` is declared but never defined", "kernel `k`"],
    },
    // Reached only through a helper: the kernel above it is named.
    Bad {
        srcs: &[
            "int ext(int);\nint helper(int x) { return ext(x) + 1; }\n\
              __kernel void top(__global int *o) { o[0] = helper(1); }\n",
        ],
        step: ResultCode::FinalizeProgramFailure,
        words: &["function `ext` is declared but never defined", "kernel `top`"],
    },
    // Called from a function no kernel calls: that function is named.
    Bad {
        srcs: &["int ext(int);\nint lonely(int x) { return ext(x); }\n"],
        step: ResultCode::FinalizeProgramFailure,
        words: &["function `ext` is declared but never defined", "function `lonely`"],
    },
    Bad {
        srcs: &[HELPERS, "int square(int x) { return x; }\n"],
        step: ResultCode::LinkProgramFailure,
        words: &["function `square` is defined in two modules"],
    },
    Bad {
        srcs: &[
            "__kernel void k(__global int *o) { o[0] = 1; }\n",
            "__kernel void k(__global int *o) { o[0] = 2; }\n",
        ],
        step: ResultCode::LinkProgramFailure,
        words: &["function `k` is defined in two modules"],
    },
    // The declaration's result type disagrees with the definition.
    Bad {
        srcs: &[
            "float square(int);\n__kernel void k(__global float *o) { o[0] = square(2); }\n",
            HELPERS,
        ],
        step: ResultCode::LinkProgramFailure,
        words: &[
            "function `square` is declared as `f32 (i32)` in one module and defined as `i32 (i32)` in another",
        ],
    },
    // Parameter count.
    Bad {
        srcs: &[
            HELPERS,
            "int add3(int, int);\n__kernel void k(__global int *o) { o[0] = add3(1, 2); }\n",
        ],
        step: ResultCode::LinkProgramFailure,
        words: &["function `add3` is defined as `i32 (i32)` in one module and declared as `i32 (i32, i32)`"],
    },
    // Address space of a pointer parameter.
    Bad {
        srcs: &[
            "int get(__global int *p) { return *p; }\n",
            "int get(__local int *p);\n__kernel void k(__global int *o, __local int *l) { o[0] = get(l); }\n",
        ],
        step: ResultCode::LinkProgramFailure,
        words: &["function `get` is defined as `i32 (ptr1)`", "declared as `i32 (ptr3)`"],
    },
    // Structs passed by value must have the same layout.
    Bad {
        srcs: &[
            "struct P { int a; int b; };\nint f(struct P p) { return p.a + p.b; }\n",
            "struct P { int a; float b; };\nint f(struct P p);\n\
              __kernel void k(__global int *o) { struct P p = {1, 2.0f}; o[0] = f(p); }\n",
        ],
        step: ResultCode::LinkProgramFailure,
        words: &["function `f` is defined as", "byval(%"],
    },
    // A cycle of calls that only exists once the modules are linked.
    Bad {
        srcs: &[
            "int pong(int);\nint ping(int n) { return n ? pong(n - 1) : 0; }\n\
              __kernel void k(__global int *o) { o[0] = ping(3); }\n",
            "int ping(int);\nint pong(int n) { return ping(n); }\n",
        ],
        step: ResultCode::FinalizeProgramFailure,
        words: &[
            "recursion is not allowed in OpenCL C",
            "`ping` -> `pong`",
            "`pong` -> `ping`",
        ],
    },
];

#[test]
fn bad_programs_fail_at_the_right_step_with_a_clear_message() {
    let mut failures = Vec::new();
    for (i, bad) in BAD.iter().enumerate() {
        let result = linked(bad.srcs).and_then(|mut m| m.finalize().map(|_| ()));
        match result {
            Ok(()) => failures.push(format!("case {i}: no error")),
            Err(e) => {
                if e.code != bad.step {
                    failures.push(format!(
                        "case {i}: {:?} instead of {:?}: {}",
                        e.code, bad.step, e.message
                    ));
                }
                for w in bad.words {
                    if !e.message.contains(w) {
                        failures.push(format!("case {i}: `{w}` missing in: {}", e.message));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_whole_program_build_reports_the_missing_function_at_the_call() {
    let mut m = empty_module();
    let mut sm = SourceMap::new();
    let f = sm.add("prog.cl", KERNEL_CALLS_HELPERS);
    let e = m
        .build_sources("FULL_PROFILE", sm, &[f], &[])
        .expect_err("square is never defined");
    assert_eq!(e.code, ResultCode::CompileProgramFailure);
    // Both calls are on line 5: `square` at column 10, `add3` at column 22.
    for want in [
        "function `square` is declared but never defined",
        "prog.cl:5:10",
        "function `add3` is declared but never defined",
        "prog.cl:5:22",
        "out[i] = square(i) + add3(i);",
    ] {
        assert!(m.log.contains(want), "`{want}` missing in:\n{}", m.log);
    }
    assert_eq!(m.num_errors, 2);
}

#[test]
fn a_compile_then_finalize_without_link_still_fails() {
    // `clCompileProgram` followed directly by finalize (what a build does when it goes
    // through the compile-only entry point): the missing function is still reported.
    let mut m = compiled(KERNEL_CALLS_HELPERS);
    let e = m.finalize().expect_err("incomplete");
    assert_eq!(e.code, ResultCode::FinalizeProgramFailure);
    assert!(
        e.message
            .contains("function `square` is declared but never defined"),
        "{}",
        e.message
    );
    assert!(
        e.message
            .contains("function `add3` is declared but never defined"),
        "{}",
        e.message
    );
}

#[test]
fn only_finalize_removes_what_no_kernel_calls() {
    // A compiled module keeps every function (another module may call it after
    // linking); finalize keeps what a kernel reaches. -cl-opt-disable keeps calls, so
    // the helper the kernel calls stays a function of its own.
    let helpers = compiled(&format!("{HELPERS}int unused(int x) {{ return x - 1; }}\n"));
    let names = |m: &kauai_ir::Module| -> Vec<String> {
        m.functions.values().map(|f| f.name.clone()).collect()
    };
    let ir = helpers.ir().expect("ir");
    for f in ["square", "add3", "unused"] {
        assert!(names(ir).iter().any(|n| n == f), "{f}: {:?}", names(ir));
    }
    let mut main = empty_module();
    main.set_options("-cl-opt-disable").expect("options");
    main.compile_opencl_c("FULL_PROFILE", KERNEL_CALLS_HELPERS, &[])
        .expect("compile");
    main.link(&[&helpers]).expect("link");
    let got = run_ints(&mut main, "k", 8, &[]);
    let want: Vec<i32> = (0..8).map(|i| i * i + i + 3).collect();
    assert_eq!(got, want);
    let fin = names(&main.finalized().expect("finalized").module);
    assert!(fin.iter().any(|n| n == "square"), "{fin:?}");
    assert!(!fin.iter().any(|n| n == "unused"), "{fin:?}");
}

#[test]
fn relocations_follow_their_globals_into_the_linked_module() {
    // The table's relocations name the strings by global id; in the linked module the
    // second module's globals come after @bias, so the ids must be renumbered.
    let a = "__constant int bias[2] = {100, 200};\n\
             int pick(int i);\n\
             __kernel void k(__global int *out) {\n\
                 int i = get_global_id(0);\n\
                 out[i] = pick(i) + bias[i & 1];\n\
             }\n";
    let b = "__constant char *__constant names[] = {\"ab\", \"cd\", \"ef\", \"gh\"};\n\
             int pick(int i) { return names[i & 3][1]; }\n";
    let mut m = linked(&[a, b]).expect("link");
    let got = run_ints(&mut m, "k", 8, &[]);
    // The second letters b d f h are 98 100 102 104.
    let want: Vec<i32> = (0..8)
        .map(|i| [98, 100, 102, 104][i & 3] + [100, 200][i & 1])
        .collect();
    assert_eq!(got, want);
}
