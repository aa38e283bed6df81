//! The executors' agreement property (`kauai_host::props::executors_agree`, also the
//! fuzz target `jit_diff`), run briefly: every data file under several launches, and
//! mutations of their text.

use std::path::Path;

use kauai_host::props::executors_agree;
use kauai_testkit::Rng;

fn data_files() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    kauai_testkit::collect_files(&dir, &["ir"])
        .into_iter()
        .map(|p| {
            let t = std::fs::read_to_string(&p).expect("read");
            (p.display().to_string(), t)
        })
        .collect()
}

#[test]
fn data_files_agree_on_both_executors() {
    let mut rng = Rng::new(0x5eed_0f71);
    for (name, text) in data_files() {
        let m = kauai_ir::parse_str(&name, &text).expect("data files parse");
        let cfgs: Vec<[u8; 8]> = (0..4).map(|_| rng.bytes(8).try_into().unwrap()).collect();
        if let Err(e) = executors_agree(&cfgs, &m) {
            panic!("{name} with launches {cfgs:?}: {e}");
        }
    }
}

#[test]
fn mutated_modules_agree_on_both_executors() {
    let mut rng = Rng::new(0xd1ff_e7e4);
    let words = [
        "0",
        "1",
        "-1",
        "3",
        "7",
        "64",
        "i8",
        "i16",
        "i64",
        "f32",
        "f64",
        "v4i32",
        "iadd",
        "isub",
        "imul",
        "sdiv",
        "urem",
        "ishl",
        "sshr",
        "smin",
        "fmin",
        "fmax",
        "fdiv",
        "2147483647",
        "-2147483648",
        "nan",
        "inf",
        "-0.0",
    ];
    let mut compared = 0;
    for (name, text) in data_files() {
        let toks: Vec<&str> = text.split(' ').collect();
        for _ in 0..20 {
            let mut t = toks.clone();
            for _ in 0..1 + rng.below(2) {
                let i = rng.below(t.len());
                t[i] = words[rng.below(words.len())];
            }
            let mutated = t.join(" ");
            let Ok(m) = kauai_ir::parse_str(&name, &mutated) else {
                continue;
            };
            compared += 1;
            let cfg: [u8; 8] = rng.bytes(8).try_into().unwrap();
            if let Err(e) = executors_agree(&[cfg], &m) {
                panic!("{name} mutated, launch {cfg:?}: {e}\n{mutated}");
            }
        }
    }
    assert!(compared > 40, "only {compared} mutated modules parsed");
}

#[test]
fn fuzz_regressions_agree() {
    let cases = kauai_testkit::fuzz_regressions("jit_diff");
    assert!(!cases.is_empty(), "fuzz/regressions/jit_diff is empty");
    for (name, bytes) in cases {
        if let Err(e) = std::panic::catch_unwind(|| kauai_host::props::jit_diff_fuzz(&bytes)) {
            panic!("{name}: {e:?}");
        }
    }
}
