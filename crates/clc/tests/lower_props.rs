//! Property: whatever the input, `compile_opencl_c` returns (no panic), and a module it
//! returns passes the IR verifier. Inputs are the lowering test files mutated by a
//! deterministic generator (byte-range deletions, duplications and splices of C
//! fragments), so the run is stable. The fuzz target `clc_compile` checks the same
//! property on arbitrary bytes.

use std::path::Path;

use kauai_clc::{compile_opencl_c, CompileOptions};
use kauai_diag::SourceMap;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const FRAGMENTS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ",",
    "*",
    "&",
    "->",
    ".",
    ".xyz",
    ".s01",
    "?",
    ":",
    "=",
    "+=",
    "<<",
    "0",
    "1.5f",
    "-1",
    "int",
    "float4",
    "__global",
    "__local",
    "__constant",
    "struct S",
    "return",
    "break",
    "goto L;",
    "L:",
    "case 1:",
    "switch (x)",
    "if (1)",
    "else",
    "for (;;)",
    "sizeof(int)",
    "(float4)(1.0f, 2.0f)",
    "get_global_id(0)",
    "barrier(1)",
    "convert_int4_sat",
    "as_float",
    "vload4",
    "atomic_add",
    "x",
    "p",
    "const",
    "void",
    "typedef",
    "(char)",
    "\"s\"",
    "'c'",
    "=",
    "{1, 2, [3] = 4}",
];

fn mutate(src: &str, rng: &mut Rng) -> String {
    let mut s: Vec<u8> = src.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        let len = s.len();
        let a = rng.below(len + 1);
        let b = (a + rng.below(24)).min(len);
        match rng.below(3) {
            0 => {
                s.drain(a..b);
            }
            1 => {
                let piece = s[a..b].to_vec();
                let at = rng.below(s.len() + 1);
                s.splice(at..at, piece);
            }
            _ => {
                let f = FRAGMENTS[rng.below(FRAGMENTS.len())];
                s.splice(a..a, f.bytes());
            }
        }
    }
    String::from_utf8_lossy(&s).into_owned()
}

#[test]
fn mutated_programs_never_panic_and_results_verify() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut seeds = Vec::new();
    for sub in ["lower", "diag"] {
        let Ok(rd) = std::fs::read_dir(dir.join(sub)) else {
            continue;
        };
        let mut paths: Vec<_> = rd.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if let Ok(t) = std::fs::read_to_string(&p) {
                // Drop the expectations: only the program matters.
                let prog = t.split("/* EXPECTED").next().unwrap_or("").to_string();
                seeds.push(prog);
            }
        }
    }
    assert!(!seeds.is_empty());
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut compiled = 0;
    for round in 0..600 {
        let seed = &seeds[round % seeds.len()];
        let input = mutate(seed, &mut rng);
        let mut sm = SourceMap::new();
        let f = sm.add("mutated.cl", input.as_str());
        let opts = CompileOptions {
            fp64: round % 2 == 0,
            ..CompileOptions::default()
        };
        if let Ok((m, _)) = compile_opencl_c(&mut sm, &[f], &opts) {
            compiled += 1;
            if let Err(e) = kauai_ir::verify_module(&m) {
                panic!(
                    "mutated input compiled to IR that does not verify:\n{e}\n--- input\n{input}"
                );
            }
        }
    }
    // Some mutations keep the program valid; all of them failing would mean the test
    // no longer exercises the lowering.
    assert!(compiled > 10, "only {compiled} mutated programs compiled");
}
