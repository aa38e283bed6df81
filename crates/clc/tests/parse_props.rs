//! Properties: the parser never panics, never loops forever and never overflows the
//! stack, whatever tokens it gets; every diagnostic points inside the input; and a
//! program that parses cleanly prints (`parse::to_c`) to C that parses back to the same
//! AST. Deterministic (a
//! fixed-seed generator), well under two seconds. The fuzz target
//! `fuzz/fuzz_targets/clc_parse.rs` checks the same property on fuzzer-chosen input.

mod parse_support;

use kauai_clc::parse::{self, MAX_DEPTH};
use kauai_clc::token::{Punct, Token, TokenKind};
use kauai_diag::{Diagnostics, FileId, Span};

/// xorshift64*: small, deterministic, good enough to pick tokens.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const WORDS: &[&str] = &[
    "int",
    "float4",
    "unsigned",
    "long",
    "char",
    "void",
    "struct",
    "union",
    "enum",
    "typedef",
    "static",
    "const",
    "__global",
    "local",
    "__kernel",
    "__attribute__",
    "aligned",
    "packed",
    "reqd_work_group_size",
    "vec_type_hint",
    "endian",
    "host",
    "if",
    "else",
    "for",
    "while",
    "do",
    "switch",
    "case",
    "default",
    "break",
    "continue",
    "return",
    "goto",
    "sizeof",
    "vec_step",
    "_Alignof",
    "x",
    "y",
    "T",
    "S",
    "restrict",
    "read_only",
    "image2d_t",
    "inline",
];
const INTS: &[&str] = &[
    "0",
    "1",
    "42",
    "0x1F",
    "017",
    "08",
    "10UL",
    "1abc",
    "99999999999999999999",
];
const FLOATS: &[&str] = &["1.0f", ".5", "0x1p4", "1e", "2.h", "0x1.0"];
const CHARS: &[&str] = &["'a'", "'\\n'", "''", "'\\q'", "'", "L'a'"];
const STRINGS: &[&str] = &["\"s\"", "\"\\x\"", "\"", "u8\"x\""];

fn token(kind: TokenKind, text: &str, i: usize) -> Token {
    Token {
        kind,
        text: text.to_string(),
        span: Span::new(FileId(0), i * 4, i * 4 + 3),
    }
}

fn random_token(rng: &mut Rng, i: usize) -> Token {
    let pick = |rng: &mut Rng, list: &[&'static str]| list[rng.below(list.len())];
    match rng.below(10) {
        0..=2 => token(TokenKind::Ident, pick(rng, WORDS), i),
        3 => token(TokenKind::IntLit, pick(rng, INTS), i),
        4 => match rng.below(3) {
            0 => token(TokenKind::FloatLit, pick(rng, FLOATS), i),
            1 => token(TokenKind::CharLit, pick(rng, CHARS), i),
            _ => token(TokenKind::StringLit, pick(rng, STRINGS), i),
        },
        _ => {
            let (s, p) = Punct::ALL[rng.below(Punct::ALL.len())];
            token(TokenKind::Punct(p), s, i)
        }
    }
}

/// Parse and check the diagnostics stay inside the token spans.
fn check(tokens: &[Token]) -> Diagnostics {
    let mut diags = Diagnostics::new();
    let _tu = parse::parse(tokens, &mut diags);
    let end = tokens.iter().map(|t| t.span.end).max().unwrap_or(0);
    for d in diags.iter() {
        for l in &d.labels {
            assert!(l.span.end <= end, "diagnostic outside the input: {d:?}");
        }
    }
    diags
}

/// Run `f` on a thread with a modest stack, as a small-stack host would.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("parser panicked or overflowed");
}

#[test]
fn random_token_sequences_never_panic() {
    on_small_stack(|| {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for round in 0..3000 {
            let len = rng.below(120);
            let mut tokens: Vec<Token> = (0..len).map(|i| random_token(&mut rng, i)).collect();
            // Most inputs end in Eof as the preprocessor guarantees; some do not.
            if round % 7 != 0 {
                tokens.push(token(TokenKind::Eof, "", len));
            }
            check(&tokens);
        }
        check(&[]);
    });
}

/// Realistic broken programs: the data corpus with tokens deleted, duplicated or swapped.
#[test]
fn mutated_corpus_never_panics() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/parse");
    let mut sources = Vec::new();
    for e in std::fs::read_dir(dir).expect("corpus dir").flatten() {
        let text = std::fs::read_to_string(e.path()).expect("read corpus file");
        let src = text.split("/* EXPECTED").next().unwrap_or("").to_string();
        sources.push(parse_support::tokenize(&src, FileId(0)));
    }
    on_small_stack(move || {
        let mut rng = Rng(12345);
        for _ in 0..1500 {
            let mut toks = sources[rng.below(sources.len())].clone();
            for _ in 0..1 + rng.below(4) {
                let body = toks.len() - 1; // keep the Eof last
                let i = rng.below(body.max(1));
                match rng.below(3) {
                    0 if toks.len() > 1 => {
                        toks.remove(i);
                    }
                    1 => {
                        let t = toks[i].clone();
                        toks.insert(i, t);
                    }
                    _ => {
                        let j = rng.below(body.max(1));
                        toks.swap(i, j);
                    }
                }
            }
            let diags = check(&toks);
            if !diags.has_errors() {
                assert_round_trip(&toks);
            }
        }
    });
}

/// Property: a program that parses without errors prints (`parse::to_c`) to C that
/// parses back, without errors, to the same AST.
fn assert_round_trip(tokens: &[Token]) {
    let mut d = Diagnostics::new();
    let tu = parse::parse(tokens, &mut d);
    let printed = parse::to_c(&tu);
    let mut d2 = Diagnostics::new();
    let again = parse::parse(&tokens_of(&printed), &mut d2);
    assert!(
        !d2.has_errors(),
        "printed C does not parse: {:?}\n{printed}",
        d2.list
    );
    assert_eq!(
        parse::dump(&again),
        parse::dump(&tu),
        "round trip changed the AST; printed:\n{printed}"
    );
}

#[test]
fn corpus_round_trips_through_printed_c() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/parse");
    let mut checked = 0;
    for e in std::fs::read_dir(dir).expect("corpus dir").flatten() {
        let text = std::fs::read_to_string(e.path()).expect("read corpus file");
        let src = text.split("/* EXPECTED").next().unwrap_or("");
        let mut d = Diagnostics::new();
        let (_, _, tokens) = parse_support::preprocess_src("t.cl", src, &mut d);
        let _ = parse::parse(&tokens, &mut d);
        if d.has_errors() {
            continue;
        }
        assert_round_trip(&tokens);
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} corpus files parse cleanly");
}

fn tokens_of(src: &str) -> Vec<Token> {
    parse_support::tokenize(src, FileId(0))
}

fn assert_too_deep(src: String) {
    on_small_stack(move || {
        let diags = check(&tokens_of(&src));
        let deep = diags
            .iter()
            .filter(|d| d.message.contains("nesting is too deep"))
            .count();
        assert_eq!(
            deep,
            1,
            "expected one nesting diagnostic for {}...: {:?}",
            &src[..60],
            diags.list
        );
    });
}

#[test]
fn deep_nesting_is_a_diagnostic_not_a_crash() {
    let n = 20_000;
    let wrap = |pre: &str, open: &str, close: &str, post: &str| {
        format!("{pre}{}x{}{post}", open.repeat(n), close.repeat(n))
    };
    assert_too_deep(wrap("void f(void) { y = ", "(", ")", "; }"));
    assert_too_deep(wrap("void f(void) { y = ", "-", "", "; }"));
    assert_too_deep(wrap("void f(void) { y = ", "(int)", "", "; }"));
    assert_too_deep(wrap("void f(void) { y = ", "x = ", "", "; }"));
    assert_too_deep(wrap("void f(void) { y = ", "x ? x : ", "", "; }"));
    assert_too_deep(wrap("void f(void) { y = ", "f(", ")", "; }"));
    assert_too_deep(wrap("void f(void) { y = ", "a[", "]", "; }"));
    assert_too_deep(wrap("void f(void) ", "{", "}", ""));
    assert_too_deep(wrap("void f(void) { ", "if (x) ", "", "; }"));
    assert_too_deep(wrap("void f(void) { ", "while (x) ", "", "; }"));
    assert_too_deep(wrap("int a = ", "{", "}", ";"));
    assert_too_deep(wrap("int ", "(", ")", ";"));
    assert_too_deep(wrap("int ", "*(", ")", ";"));
    assert_too_deep(format!(
        "{}int x;{}",
        "struct { ".repeat(n),
        "} a;".repeat(n)
    ));
    assert_too_deep(format!("void f({}int);", "int (*)(".repeat(n)));
}

#[test]
fn nesting_just_below_the_limit_parses() {
    // Paren nesting costs one level per `(`; leave room for the statement and block.
    let depth = MAX_DEPTH as usize - 8;
    let src = format!(
        "void f(void) {{ y = {}x{}; }}",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    on_small_stack(move || {
        let diags = check(&tokens_of(&src));
        assert!(diags.is_empty(), "{:?}", diags.list);
    });
}

#[test]
fn error_flood_is_capped() {
    let src = "void f(void) { x = ; }\n".repeat(1000);
    let diags = check(&tokens_of(&src));
    assert_eq!(
        diags.error_count(),
        parse::MAX_ERRORS + 1,
        "{:?}",
        diags.list.last()
    );
    assert!(diags
        .list
        .last()
        .is_some_and(|d| d.message.contains("too many errors")));
}
