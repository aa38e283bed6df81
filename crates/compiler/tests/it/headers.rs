//! `compileOpenCLC`'s input headers: in-memory files that `#include` finds by name.

use crate::common;

use common::{empty_module, run_ints};
use kauai_compiler::*;

fn header(name: &str, source: &str) -> InputHeader {
    InputHeader {
        name: name.into(),
        source: source.into(),
    }
}

#[test]
fn sources_include_headers_by_name_and_run() {
    let headers = [
        header(
            "util/poly.h",
            "#ifndef POLY_H\n#define POLY_H\n#include \"coef.h\"\n\
             inline int poly(int x) { return A * x * x + B; }\n#endif\n",
        ),
        // Found beside `util/poly.h`, which includes it as "coef.h".
        header("util/coef.h", "#define A 3\n#define B (-5)\n"),
        header("scale.h", "#define SCALE 2\n"),
    ];
    let src = "#include \"util/poly.h\"\n\
               #include <scale.h>\n\
               #include \"util/poly.h\"\n\
               __kernel void k(__global int *out) {\n\
                   int i = get_global_id(0);\n\
                   out[i] = SCALE * poly(i);\n\
               }\n";
    let mut m = empty_module();
    m.compile_opencl_c("FULL_PROFILE", src, &headers)
        .unwrap_or_else(|e| panic!("{e}"));
    let got = run_ints(&mut m, "k", 8, &[]);
    let want: Vec<i32> = (0..8).map(|i| 2 * (3 * i * i - 5)).collect();
    assert_eq!(got, want);
}

#[test]
fn a_missing_header_is_a_located_error() {
    let mut m = empty_module();
    let e = m
        .compile_opencl_c(
            "FULL_PROFILE",
            "#include \"there.h\"\n#include \"nope.h\"\n",
            &[header("there.h", "\n")],
        )
        .expect_err("nope.h is not given");
    assert_eq!(e.code, ResultCode::CompileProgramFailure);
    assert!(
        e.message.contains("'nope.h' file not found") && e.message.contains("<source>:2:1"),
        "{}",
        e.message
    );
}

#[test]
fn errors_inside_a_header_point_into_it() {
    let mut m = empty_module();
    let e = m
        .compile_opencl_c(
            "FULL_PROFILE",
            "#include \"bad.h\"\n__kernel void k() {}\n",
            &[header("bad.h", "int f() { return 1 +; }\n")],
        )
        .expect_err("syntax error in the header");
    assert!(e.message.contains("bad.h:1:"), "{}", e.message);
    assert!(
        e.message.contains("int f() { return 1 +; }"),
        "{}",
        e.message
    );
}
