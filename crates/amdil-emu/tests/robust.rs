//! Short version of `fuzz/fuzz_targets/amdil_emu.rs`: programs made by mutating the
//! run-test files are parsed, validated, linked and, when all that succeeds, executed
//! with little fuel on a small launch. Whatever happens must be a value (a diagnostic, a
//! link error, a fault or a report), never a panic or a hang.

use std::path::Path;

use kauai_amdil::abi::Cb0Params;
use kauai_amdil::{link, parse_str, validate, Program};
use kauai_amdil_emu::{run, Launch, Memory, Options};
use kauai_diag::{Diagnostics, FileId};

/// Run one candidate program; the property is that this returns.
pub fn exercise(text: &str) {
    let mut d = Diagnostics::new();
    let p = parse_str(text, FileId(0), &mut d);
    if !validate(&p, &mut d) || d.has_errors() {
        return;
    }
    let Some(kernel) = text
        .lines()
        .find_map(|l| l.strip_prefix("; RUN: kernel="))
        .and_then(|r| r.split_whitespace().next())
    else {
        return;
    };
    let Ok(k) = link(&p, kernel, &Program::default()) else {
        return;
    };
    let mut mem = Memory {
        global: vec![0; 512],
        ..Memory::default()
    };
    let launch = Launch {
        work_dim: 1,
        global: [4, 1, 1],
        local: [2, 1, 1],
        cb0: Cb0Params::default(),
        lds_min: Vec::new(),
    };
    let cb1 = [0u32, 0, 0, 0, 64, 0, 0, 0, 128, 0, 0, 0, 192, 0, 0, 0];
    let _ = run(
        &k,
        &cb1,
        &mut mem,
        &launch,
        &Options {
            fuel: 20_000,
            device: None,
            deadline: None,
        },
    );
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Replace one token-ish piece of a line by another piece from the same file, so that
/// most mutants still parse and reach the emulator.
fn mutate(rng: &mut Rng, lines: &[&str]) -> String {
    let mut out: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
    for _ in 0..1 + rng.below(3) {
        let i = rng.below(out.len());
        let j = rng.below(out.len());
        let words_j: Vec<String> = out[j].split([' ', ',']).map(str::to_string).collect();
        let words_i: Vec<String> = out[i].split(' ').map(str::to_string).collect();
        if words_i.is_empty() || words_j.is_empty() {
            continue;
        }
        let wi = rng.below(words_i.len());
        let mut w = words_i.clone();
        w[wi] = words_j[rng.below(words_j.len())].clone();
        out[i] = w.join(" ");
    }
    out.join("\n")
}

#[test]
fn mutated_run_tests_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("data")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "il"))
        .collect();
    files.sort();
    let mut rng = Rng(0xDEAD_BEEF_1234_5678);
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        exercise(&text);
        let lines: Vec<&str> = text.lines().collect();
        for _ in 0..60 {
            exercise(&mutate(&mut rng, &lines));
        }
    }
}
