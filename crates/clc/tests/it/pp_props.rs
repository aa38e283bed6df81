//! Property: the preprocessor never panics (nor hangs, nor overflows the stack) on
//! arbitrary bytes or on mutated versions of the pp test files, and its output always
//! ends in exactly one Eof. A deterministic loop, so failures reproduce; the property
//! itself is `kauai_clc::props::preprocess_holds`, which the fuzz target
//! `fuzz/fuzz_targets/clc_preprocess.rs` runs too.

use std::path::Path;

use kauai_clc::props::{preprocess_fuzz, preprocess_holds};
use kauai_testkit::Rng;

const FRAGMENTS: &[&str] = &[
    "#define ",
    "#undef ",
    "#if ",
    "#ifdef ",
    "#elif ",
    "#else\n",
    "#endif\n",
    "#include \"a.h\"\n",
    "#line ",
    "#pragma unroll ",
    "#pragma OPENCL EXTENSION ",
    "_Pragma(",
    "(",
    ")",
    ",",
    "##",
    "#",
    "__VA_ARGS__",
    "...",
    "\n",
    "\\\n",
    "\"",
    "'",
    "/*",
    "*/",
    "//",
    "f",
    "x",
    "g(",
    "0x",
    "1",
    "1.5e",
    "defined",
    "__LINE__",
    "__FILE__",
    " ",
    "<",
    ">",
    "?",
    ":",
    "/",
    "%",
    "-",
    "\u{e9}",
    "\u{ff}",
];

fn random_input(rng: &mut Rng) -> Vec<u8> {
    let mut v = Vec::new();
    for _ in 0..rng.below(80) {
        if rng.below(4) == 0 {
            v.push(rng.next_u64() as u8);
        } else {
            v.extend_from_slice(FRAGMENTS[rng.below(FRAGMENTS.len())].as_bytes());
        }
    }
    v
}

fn mutate(rng: &mut Rng, src: &[u8]) -> Vec<u8> {
    let mut v = src.to_vec();
    for _ in 0..1 + rng.below(6) {
        let at = rng.below(v.len() + 1);
        match rng.below(6) {
            0 if at < v.len() => v[at] = rng.next_u64() as u8,
            1 if at < v.len() => {
                v.remove(at);
            }
            2 => {
                let f = FRAGMENTS[rng.below(FRAGMENTS.len())].as_bytes();
                v.splice(at..at, f.iter().copied());
            }
            3 => v.truncate(at),
            4 if at < v.len() => {
                // Duplicate a chunk (repeats directives, macro definitions, groups).
                let end = (at + rng.below(200)).min(v.len());
                let chunk = v[at..end].to_vec();
                v.splice(at..at, chunk);
            }
            _ => v.insert(at.min(v.len()), b'\n'),
        }
    }
    v
}

#[test]
fn never_panics_on_random_or_mutated_input() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    for _ in 0..600 {
        let flags = rng.next_u64() as u8;
        let a = random_input(&mut rng);
        preprocess_holds(&[&a], flags);
        let b = random_input(&mut rng);
        preprocess_holds(&[&a, &b], flags);
        // The fuzz target's own reading of bytes.
        let mut raw = vec![rng.next_u64() as u8, flags];
        raw.extend_from_slice(&a);
        raw.extend_from_slice(&b);
        preprocess_fuzz(&raw);
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pp");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cl"))
        .collect();
    paths.sort();
    for p in paths {
        let src = std::fs::read(&p).unwrap();
        preprocess_holds(&[&src], 8);
        for _ in 0..40 {
            let m = mutate(&mut rng, &src);
            preprocess_holds(&[&m], rng.next_u64() as u8);
        }
    }
}

#[test]
fn hostile_shapes_are_bounded() {
    // Deep nesting of every kind the preprocessor recurses or loops on.
    let deep_args = format!(
        "#define f(x) x\n{}1{}\n",
        "f(".repeat(5000),
        ")".repeat(5000)
    );
    let deep_parens = format!(
        "#if {}1{}\n#endif\n",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    let deep_ifs = "#if 1\n".repeat(20_000);
    let chain: String = (0..20_000)
        .map(|i| format!("#define m{i} m{}\n", i + 1))
        .collect::<String>()
        + "m0\n";
    let blowup: String = (1..40)
        .map(|i| format!("#define e{i} e{0} e{0}\n", i - 1))
        .collect::<String>()
        + "e39\n";
    let self_include = "#include __FILE__\n".to_string();
    for s in [
        deep_args,
        deep_parens,
        deep_ifs,
        chain,
        blowup,
        self_include,
    ] {
        preprocess_holds(&[s.as_bytes()], 0);
    }
}
