//! Property: the preprocessor never panics (nor hangs, nor overflows the stack) on
//! arbitrary bytes or on mutated versions of the pp test files, and its output always
//! ends in exactly one Eof. A deterministic loop, so failures reproduce; the same
//! property is the fuzz target `fuzz/fuzz_targets/clc_preprocess.rs`.

use std::path::Path;

use kauai_clc::pp::{preprocess, PpOptions};
use kauai_clc::token::TokenKind;
use kauai_diag::{Diagnostics, SourceMap};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

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

fn check(bytes: &[u8], extra: Option<&[u8]>) {
    let mut opts = PpOptions::default();
    opts.limits.max_expansion_tokens = 20_000;
    opts.limits.max_include_depth = 16;
    opts.limits.max_included_bytes = 1 << 16;
    opts.virtual_files = vec![
        (
            "a.h".to_string(),
            b"#define f(x) x f\n#include \"a.h\"\nA_H\n".to_vec(),
        ),
        ("b.h".to_string(), bytes.to_vec()),
        (
            "twice.h".to_string(),
            b"#include \"twice.h\"\n#include \"twice.h\"\n".to_vec(),
        ),
    ];
    opts.extensions = vec!["cl_khr_fp64".to_string()];
    let mut sm = SourceMap::new();
    let mut ids = vec![sm.add("t.cl", bytes.to_vec())];
    if let Some(e) = extra {
        ids.push(sm.add("u.cl", e.to_vec()));
    }
    let mut diags = Diagnostics::new();
    let out = preprocess(&mut sm, &ids, &opts, &mut diags);
    let eofs = out
        .tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Eof)
        .count();
    assert_eq!(eofs, 1, "input {:?}", String::from_utf8_lossy(bytes));
    assert_eq!(out.tokens.last().map(|t| t.kind), Some(TokenKind::Eof));
    assert_eq!(out.tokens.len(), out.leading.len());
    assert!(out.pragmas.iter().all(|p| p.token_index < out.tokens.len()));
    let _ = out.to_text();
    let _ = diags.render(&sm);
}

fn random_input(rng: &mut Rng) -> Vec<u8> {
    let mut v = Vec::new();
    for _ in 0..rng.below(80) {
        if rng.below(4) == 0 {
            v.push(rng.next() as u8);
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
            0 if at < v.len() => v[at] = rng.next() as u8,
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
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..600 {
        let a = random_input(&mut rng);
        check(&a, None);
        let b = random_input(&mut rng);
        check(&a, Some(&b));
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
        check(&src, None);
        for _ in 0..40 {
            let m = mutate(&mut rng, &src);
            check(&m, None);
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
        check(s.as_bytes(), None);
    }
}
