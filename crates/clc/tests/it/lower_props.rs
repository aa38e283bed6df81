//! Property: whatever the input, `compile_opencl_c` returns (no panic), and a module it
//! returns passes the IR verifier. Inputs are the lowering test files mutated by a
//! deterministic generator (byte-range deletions, duplications and splices of C
//! fragments), so the run is stable. The property itself is
//! `kauai_clc::props::compile_holds`, which the fuzz target `clc_compile` runs on
//! arbitrary bytes.

use std::path::Path;

use kauai_clc::props::{compile_fuzz, compile_holds};
use kauai_testkit::Rng;

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
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut compiled = 0;
    for round in 0..600 {
        let seed = &seeds[round % seeds.len()];
        let input = mutate(seed, &mut rng);
        // Alternate `double` support and image support; every third program is
        // compiled for a link.
        let images = if round % 4 >= 2 { 8 } else { 0 };
        let mode = (round % 2) as u8 | if round % 3 == 0 { 4 } else { 0 } | images;
        if compile_holds(input.as_bytes(), mode) {
            compiled += 1;
        }
        if round % 50 == 0 {
            // The fuzz target's own reading of bytes.
            compile_fuzz(&[&[mode | 2][..], input.as_bytes()].concat());
        }
    }
    // Some mutations keep the program valid; all of them failing would mean the test
    // no longer exercises the lowering.
    assert!(compiled > 10, "only {compiled} mutated programs compiled");
}
