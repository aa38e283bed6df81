//! Executor throughput on a compute-bound kernel: a Mandelbrot loop of f32 mul/add,
//! compares and branches, written in IR. Prints IR instructions per second on one thread
//! (the per-core figure) and on all threads; then the same for a barrier-heavy tree
//! reduction in local memory (`tests/data/barrier_reduce.ir`), which measures the cost
//! of suspending and resuming work-items.
//!
//! Run with `cargo bench -p kauai-host --bench interp`.

use std::sync::Arc;
use std::time::Instant;

use kauai_host::{ArgValue, Buffer, ExecOptions, NdRange, Program};

const MANDEL: &str = r#"
declare @__mux_get_global_id(i32) -> i64
function @mandel(ptr1 "out", i32 "width", i32 "maxit") -> void "mux-kernel"="entry-point" {
block0(v0: ptr1, v1: i32, v2: i32):
    v3 = const.i32 0
    v4 = call.i64 @__mux_get_global_id(v3)
    v5 = const.i32 1
    v6 = call.i64 @__mux_get_global_id(v5)
    v7 = trunc.i32 v4
    v8 = trunc.i32 v6
    v9 = sitofp.f32 v7
    v10 = sitofp.f32 v8
    v11 = sitofp.f32 v1
    v12 = const.f32 3.0
    v13 = fdiv.f32 v12, v11
    v14 = fmul.f32 v9, v13
    v15 = const.f32 -2.0
    v16 = fadd.f32 v14, v15
    v17 = fmul.f32 v10, v13
    v18 = const.f32 -1.5
    v19 = fadd.f32 v17, v18
    v20 = const.f32 0.0
    v21 = const.f32 4.0
    v22 = const.f32 2.0
    jump block1(v20, v20, v3)
block1(v23: f32, v24: f32, v25: i32):
    v26 = fmul.f32 v23, v23
    v27 = fmul.f32 v24, v24
    v28 = fadd.f32 v26, v27
    v29 = fcmp.i1 olt v28, v21
    v30 = icmp.i1 slt v25, v2
    v31 = band.i1 v29, v30
    brif v31, block2, block3
block2:
    v32 = fsub.f32 v26, v27
    v33 = fadd.f32 v32, v16
    v34 = fmul.f32 v23, v24
    v35 = fmul.f32 v34, v22
    v36 = fadd.f32 v35, v19
    v37 = iadd.i32 v25, v5
    jump block1(v33, v36, v37)
block3:
    v38 = imul.i32 v8, v1
    v39 = iadd.i32 v38, v7
    v40 = sext.i64 v39
    v41 = const.i64 4
    v42 = imul.i64 v40, v41
    v43 = ptradd.ptr1 v0, v42
    store v43, v25 align 4
    return
}
"#;

fn parse(name: &str, text: &str) -> Program {
    let module = match kauai_ir::parse_str(name, text) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    match Program::new(&module) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}

fn measure(label: &str, program: &Program, kernel: &str, args: &[ArgValue], nd: &NdRange) {
    for (what, threads) in [("1 thread", 1usize), ("all threads", 0)] {
        let opts = ExecOptions {
            threads,
            ..ExecOptions::default()
        };
        let mut best = f64::MAX;
        let mut insts = 0;
        for _ in 0..3 {
            let t = Instant::now();
            match program.run(kernel, args, nd, &opts) {
                Ok(s) => insts = s.instructions,
                Err(e) => {
                    eprintln!("{e}");
                    std::process::exit(1);
                }
            }
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!(
            "{label}, {what}: {insts} IR instructions in {best:.3} s = {:.1} M instructions/s",
            insts as f64 / best / 1e6
        );
    }
}

fn main() {
    mandelbrot();
    let program = parse("reduce.ir", include_str!("../tests/data/barrier_reduce.ir"));
    let n = 1u64 << 16;
    let args = [
        ArgValue::Buffer(Arc::new(Buffer::new(n as usize * 4))),
        ArgValue::Buffer(Arc::new(Buffer::new(n as usize / 2))),
        ArgValue::Local { size: 32 },
        ArgValue::Bytes(1i32.to_le_bytes().to_vec()),
    ];
    let label = format!("tree reduction, {n} work-items in groups of 8, 5 barriers each");
    measure(&label, &program, "reduce", &args, &NdRange::linear(n, 8));
}

fn mandelbrot() {
    let program = parse("mandel.ir", MANDEL);
    let (w, h, maxit) = (256u64, 256u64, 256i32);
    let out = Arc::new(Buffer::new((w * h * 4) as usize));
    let args = [
        ArgValue::Buffer(out.clone()),
        ArgValue::Bytes((w as i32).to_le_bytes().to_vec()),
        ArgValue::Bytes(maxit.to_le_bytes().to_vec()),
    ];
    let nd = NdRange {
        work_dim: 2,
        global_offset: [0; 3],
        global_size: [w, h, 1],
        local_size: [16, 16, 1],
    };
    let label = format!("mandelbrot {w}x{h}, {maxit} iterations");
    measure(&label, &program, "mandel", &args, &nd);
    // Pixel (128, 128) is c = -0.5 + 0i, inside the set; pixel (0, 0) is c = -2 - 1.5i,
    // which escapes after one iteration.
    let bytes = out.read_bytes();
    let at = |x: u64, y: u64| {
        let i = ((y * w + x) * 4) as usize;
        i32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]])
    };
    if at(128, 128) != maxit || at(0, 0) != 1 {
        eprintln!("wrong Mandelbrot result: {} and {}", at(128, 128), at(0, 0));
        std::process::exit(1);
    }
}
