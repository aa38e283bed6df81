//! A plain throughput measurement of the preprocessor (not a test):
//! `cargo run --release -p kauai-clc --example pp_throughput [FILE.cl ...]`.
//! Without files it uses a synthetic kernel source with typical macro use. Reports
//! source lines and output tokens per second over several runs on one core.

use std::time::Instant;

use kauai_clc::pp::{preprocess, PpOptions};
use kauai_diag::{Diagnostics, SourceMap};

fn synthetic(copies: usize) -> String {
    let mut s = String::from(
        "#define TILE 16\n\
         #define IDX(r, c, w) ((r) * (w) + (c))\n\
         #define MAD(a, b, c) ((a) * (b) + (c))\n\
         #define CAT(a, b) a ## b\n\
         #define STR(x) #x\n\
         #ifdef cl_khr_fp64\n\
         #pragma OPENCL EXTENSION cl_khr_fp64 : enable\n\
         typedef double real;\n\
         #else\n\
         typedef float real;\n\
         #endif\n",
    );
    for i in 0..copies {
        s.push_str(&format!(
            "/* kernel {i}: tiled matrix multiply */\n\
             __kernel void CAT(matmul_, {i})(__global const real *a, __global const real *b,\n\
             \x20                         __global real *c, int n) {{\n\
             \x20   __local real ta[TILE][TILE];\n\
             \x20   __local real tb[TILE][TILE];\n\
             \x20   int row = get_global_id(1), col = get_global_id(0);\n\
             \x20   int lr = get_local_id(1), lc = get_local_id(0);\n\
             \x20   real acc = 0.0f; // accumulator\n\
             \x20   for (int t = 0; t < n / TILE; ++t) {{\n\
             \x20       ta[lr][lc] = a[IDX(row, t * TILE + lc, n)];\n\
             \x20       tb[lr][lc] = b[IDX(t * TILE + lr, col, n)];\n\
             \x20       barrier(CLK_LOCAL_MEM_FENCE);\n\
             #pragma unroll\n\
             \x20       for (int k = 0; k < TILE; ++k)\n\
             \x20           acc = MAD(ta[lr][k], tb[k][lc], acc);\n\
             \x20       barrier(CLK_LOCAL_MEM_FENCE);\n\
             \x20   }}\n\
             #if __OPENCL_VERSION__ >= 120 && defined(TILE)\n\
             \x20   c[IDX(row, col, n)] = acc;\n\
             #else\n\
             \x20   #error unreachable\n\
             #endif\n\
             }}\n"
        ));
    }
    s
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let sources: Vec<(String, Vec<u8>)> = if args.is_empty() {
        vec![("synthetic.cl".to_string(), synthetic(4000).into_bytes())]
    } else {
        args.iter()
            .map(|p| (p.clone(), std::fs::read(p).unwrap_or_default()))
            .collect()
    };
    let lines: usize = sources
        .iter()
        .map(|(_, b)| b.iter().filter(|&&c| c == b'\n').count())
        .sum();
    let opts = PpOptions {
        extensions: vec!["cl_khr_fp64".to_string()],
        ..PpOptions::default()
    };
    let runs = 5;
    let mut best = f64::MAX;
    let mut tokens = 0;
    for _ in 0..runs {
        let mut sm = SourceMap::new();
        let ids: Vec<_> = sources
            .iter()
            .map(|(n, b)| sm.add(n.clone(), b.clone()))
            .collect();
        let mut diags = Diagnostics::new();
        let t = Instant::now();
        let out = preprocess(&mut sm, &ids, &opts, &mut diags);
        best = best.min(t.elapsed().as_secs_f64());
        tokens = out.tokens.len();
        if diags.has_errors() {
            eprint!("{}", diags.render(&sm));
        }
    }
    println!(
        "{lines} lines, {tokens} tokens: best of {runs} {:.2} ms = {:.0} lines/s, {:.0} tokens/s",
        best * 1e3,
        lines as f64 / best,
        tokens as f64 / best
    );
}
