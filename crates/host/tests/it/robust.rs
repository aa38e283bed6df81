//! Property: whatever the arguments, ND-range or (verified) module, `Program::new` and
//! `Program::run` return `Ok` or `Err` and never panic. The same property is the fuzz
//! target `fuzz/fuzz_targets/host_run.rs`; here it runs briefly over deterministic
//! pseudo-random launches of every data file and mutations of their text.

use std::path::Path;
use std::sync::Arc;

use kauai_host::{ArgValue, Buffer, ExecOptions, NdRange, Program};
use kauai_testkit::Rng;

fn random_args(rng: &mut Rng, n: usize) -> Vec<ArgValue> {
    (0..n)
        .map(|_| match rng.below(4) {
            0 | 1 => {
                let len = [0, 1, 4, 7, 16, 64, 256][rng.below(7)];
                ArgValue::Buffer(Arc::new(Buffer::new(len)))
            }
            2 => ArgValue::Local {
                size: [0, 4, 64, u64::MAX][rng.below(4)],
            },
            _ => ArgValue::Bytes(vec![rng.below(256) as u8; [0, 1, 4, 8, 16][rng.below(5)]]),
        })
        .collect()
}

fn random_nd(rng: &mut Rng) -> NdRange {
    let mut pick = |choices: &[u64]| choices[rng.below(choices.len())];
    NdRange {
        work_dim: pick(&[0, 1, 1, 2, 3, 4]) as u32,
        global_offset: [pick(&[0, 3, u64::MAX]), pick(&[0, 1]), 0],
        global_size: [pick(&[0, 1, 5, 16]), pick(&[1, 2]), pick(&[1, 3])],
        local_size: [pick(&[0, 1, 4, 16]), pick(&[1, 2]), 1],
    }
}

fn exercise(program: &Program, rng: &mut Rng, nparams: &[usize]) {
    for (k, name) in program.kernel_names().iter().enumerate() {
        for _ in 0..6 {
            let n = if rng.below(4) == 0 {
                rng.below(5)
            } else {
                nparams.get(k).copied().unwrap_or(0)
            };
            let args = random_args(rng, n);
            let nd = random_nd(rng);
            let opts = ExecOptions {
                threads: 1 + rng.below(2),
                fuel: Some(20_000),
                ..ExecOptions::default()
            };
            let _ = program.run(name, &args, &nd, &opts);
        }
    }
}

fn data_files() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/data")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ir"))
        .map(|p| {
            let t = std::fs::read_to_string(&p).expect("read");
            (p.display().to_string(), t)
        })
        .collect();
    v.sort();
    v
}

fn kernel_param_counts(m: &kauai_ir::Module) -> Vec<usize> {
    m.kernels()
        .filter(|(_, f)| f.body.is_some())
        .map(|(_, f)| f.params.len())
        .collect()
}

#[test]
fn random_launches_never_panic() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    for (name, text) in data_files() {
        let m = kauai_ir::parse_str(&name, &text).expect("data files parse");
        let p = Program::new(&m).expect("data files translate");
        exercise(&p, &mut rng, &kernel_param_counts(&m));
    }
}

#[test]
fn mutated_modules_never_panic() {
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    let words = [
        "0",
        "1",
        "-1",
        "3",
        "64",
        "i8",
        "i64",
        "f32",
        "v4i32",
        "ptr3",
        "ptr0",
        "block1",
        "v1",
        "v2",
        "2147483647",
        "-9223372036854775808",
        "align",
        "nan",
    ];
    let mut ran = 0;
    // ROBUST_ITERS raises the count for a longer local search.
    let iters: usize = std::env::var("ROBUST_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    for (name, text) in data_files() {
        let toks: Vec<&str> = text.split(' ').collect();
        for _ in 0..iters {
            let mut t: Vec<&str> = toks.clone();
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(t.len());
                t[i] = words[rng.below(words.len())];
            }
            let mutated = t.join(" ");
            let Ok(m) = kauai_ir::parse_str(&name, &mutated) else {
                continue;
            };
            let Ok(p) = Program::new(&m) else {
                continue;
            };
            ran += 1;
            exercise(&p, &mut rng, &kernel_param_counts(&m));
        }
    }
    assert!(ran > 50, "only {ran} mutated modules were accepted");
}
