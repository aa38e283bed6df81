//! The three figures the project set itself for the host pipeline, printed as a table (`cargo bench -p kauai-runtime`):
//!
//! 1. front-end throughput: source lines per second through preprocess, parse, sema and
//!    lowering to IR, on one core (goal: 200,000 lines/s);
//! 2. compile latency of a 200-line kernel from source to finalized IR (goal: < 5 ms);
//! 3. executor speed: IR instructions per second on one core for a compute-bound kernel
//!    (goal: 100 million).
//!
//! Timings are medians of several runs; nothing here asserts a time.

use std::time::{Duration, Instant};

use kauai_runtime::{
    enqueue, Buffer, Device, ExecOptions, Kernel, KernelArg, NdRangeSpec, Program, SourceFile,
};

/// One helper function of about 20 lines; `n` copies with distinct names make a program.
fn helper(i: usize) -> String {
    format!(
        r#"
float helper_{i}(float x, int k, __global const float *t) {{
    float acc = 0.0f;
    for (int j = 0; j < k; ++j) {{
        float v = t[j & 15] * x + (float)j;
        if (v > 4.0f) {{
            acc += v * 0.5f;
        }} else {{
            acc -= v;
        }}
        switch (j & 3) {{
        case 0: acc += 1.0f; break;
        case 1: acc *= 0.99f; break;
        default: acc = fmax(acc, -8.0f); break;
        }}
    }}
    int4 q = (int4)(k, k + 1, k + 2, k + 3);
    q = q * 3 + (int4)(1);
    acc += (float)(q.x + q.y + q.z + q.w);
    return acc;
}}
"#
    )
}

fn program_source(helpers: usize) -> String {
    let mut s = String::from("#define SCALE 2.0f\n");
    for i in 0..helpers {
        s.push_str(&helper(i));
    }
    s.push_str("__kernel void k(__global const float *t, __global float *out, int k) {\n");
    s.push_str("    size_t i = get_global_id(0);\n    float x = t[i & 15];\n");
    for i in 0..helpers {
        s.push_str(&format!("    x += helper_{i}(x, k, t) * SCALE;\n"));
    }
    s.push_str("    out[i] = x;\n}\n");
    s
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn front_end_only(src: &str) -> Duration {
    let mut sm = kauai_diag::SourceMap::new();
    let f = sm.add("bench.cl", src);
    let opts = kauai_clc::CompileOptions::default();
    let t = Instant::now();
    let r = kauai_clc::compile_opencl_c(&mut sm, &[f], &opts);
    let d = t.elapsed();
    if let Err(e) = r {
        panic!("benchmark kernel does not compile:\n{}", e.render(&sm));
    }
    d
}

const MANDEL: &str = r#"
__kernel void mandel(__global int *out, int w, int h, int max_iter) {
    int px = get_global_id(0);
    int py = get_global_id(1);
    float cx = -2.0f + 3.0f * (float)px / (float)w;
    float cy = -1.5f + 3.0f * (float)py / (float)h;
    float x = 0.0f, y = 0.0f;
    int n = 0;
    while (n < max_iter && x * x + y * y <= 4.0f) {
        float xt = x * x - y * y + cx;
        y = 2.0f * x * y + cy;
        x = xt;
        n++;
    }
    out[py * w + px] = n;
}
"#;

fn main() {
    let device = Device::host();

    // 1. Front-end throughput over a large program.
    let big = program_source(500);
    let lines = big.lines().count();
    let runs: Vec<Duration> = (0..5).map(|_| front_end_only(&big)).collect();
    let fe = median(runs);
    let lines_per_s = lines as f64 / fe.as_secs_f64();

    // 2. Compile latency of a 200-line kernel, source to finalized IR.
    let small = program_source(9);
    let small_lines = small.lines().count();
    let src = [SourceFile {
        name: "k200.cl".into(),
        bytes: small.clone().into_bytes(),
    }];
    let runs: Vec<Duration> = (0..21)
        .map(|_| {
            let t = Instant::now();
            let p = Program::build(&device, &src, "");
            let d = t.elapsed();
            if let Err(e) = p {
                panic!("{e}");
            }
            d
        })
        .collect();
    let latency = median(runs);

    // 3. Interpreter speed on one core.
    let prog = Program::build(
        &device,
        &[SourceFile {
            name: "mandel.cl".into(),
            bytes: MANDEL.as_bytes().to_vec(),
        }],
        "",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let (w, h) = (64u64, 64u64);
    let mut best = 0.0f64;
    let mut instrs = 0;
    for _ in 0..3 {
        let mut k = Kernel::new(&prog, "mandel").unwrap_or_else(|e| panic!("{e}"));
        let out = std::sync::Arc::new(Buffer::new((w * h * 4) as usize));
        k.set_arg(0, KernelArg::Buffer(out))
            .unwrap_or_else(|e| panic!("{e}"));
        k.set_arg(1, KernelArg::Bytes((w as i32).to_le_bytes().to_vec()))
            .unwrap_or_else(|e| panic!("{e}"));
        k.set_arg(2, KernelArg::Bytes((h as i32).to_le_bytes().to_vec()))
            .unwrap_or_else(|e| panic!("{e}"));
        k.set_arg(3, KernelArg::Bytes(256i32.to_le_bytes().to_vec()))
            .unwrap_or_else(|e| panic!("{e}"));
        let nd = NdRangeSpec {
            work_dim: 2,
            global_offset: None,
            global_size: vec![w, h],
            local_size: Some(vec![8, 8]),
        };
        let opts = ExecOptions {
            threads: 1,
            ..ExecOptions::default()
        };
        let stats = enqueue(&k, &nd, &opts).unwrap_or_else(|e| panic!("{e}"));
        instrs = stats.instructions;
        best = best.max(stats.instructions as f64 / stats.elapsed.as_secs_f64());
    }

    println!("figure                                   measured            goal");
    println!(
        "front-end throughput ({lines} lines)      {:>10.0} lines/s   >= 200000 lines/s",
        lines_per_s
    );
    println!(
        "compile latency ({small_lines}-line kernel)     {:>10.3} ms        < 5 ms",
        latency.as_secs_f64() * 1e3
    );
    println!(
        "interpreter, 1 core ({instrs} IR instrs) {:>10.1} M instr/s  >= 100 M instr/s",
        best / 1e6
    );
}
