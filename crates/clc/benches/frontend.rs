//! Front-end throughput: preprocess + parse + sema/lowering of a generated program of
//! many realistic kernels (loops, vectors, local memory, builtins). Divan reports the
//! time per run; lines per second = LINES / time (the program is printed once).
//!
//! `cargo bench -p kauai-clc --features bench --bench frontend`

use kauai_clc::{compile_opencl_c, CompileOptions};
use kauai_diag::SourceMap;

const PRELUDE: &str = "typedef struct { float4 pos; int id; } Particle;\n";

const KERNEL: &str = r#"
inline float weight_NAME(float x, float y) { return mad(x, y, 0.5f) * native_sqrt(fabs(x)); }

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void kernel_NAME(__global const float *a, __global float *b, __global Particle *ps,
                 __local float *tile, uint n)
{
    size_t gid = get_global_id(0);
    size_t lid = get_local_id(0);
    float acc = 0.0f;
    tile[lid] = gid < n ? a[gid] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < 64; i++) {
        float v = tile[(lid + i) & 63];
        if (v > 1.0f && i % 3 != 0)
            acc += weight_NAME(v, (float)i);
        else
            acc -= v * 0.25f;
    }
    float4 p = ps[gid].pos;
    p.xyz = p.zyx * (float3)(acc, 1.0f, 2.0f);
    ps[gid].pos = clamp(p, -1.0f, 1.0f);
    switch (ps[gid].id & 3) {
    case 0: acc = sqrt(acc); break;
    case 1: acc = exp(acc); break;
    default: acc = convert_float(convert_int_sat(acc));
    }
    b[gid] = acc + dot(p, p);
}
"#;

fn program(copies: usize) -> String {
    let mut s = String::from(PRELUDE);
    for i in 0..copies {
        s.push_str(&KERNEL.replace("NAME", &i.to_string()));
    }
    s
}

fn main() {
    let src = program(400);
    println!("front end: {} lines per run", src.lines().count());
    divan::main();
}

#[divan::bench]
fn compile_400_kernels(bencher: divan::Bencher) {
    let src = program(400);
    bencher.bench(|| {
        let mut sm = SourceMap::new();
        let f = sm.add("bench.cl", src.as_str());
        let r = compile_opencl_c(&mut sm, &[f], &CompileOptions::default());
        assert!(r.is_ok());
        r
    });
}
