//! Properties: the parser never panics, never loops forever and never overflows the
//! stack, whatever tokens it gets; every diagnostic points inside the input; and a
//! program that parses cleanly prints (`parse::to_c`) to C that parses back to the same
//! AST. Deterministic (a fixed-seed generator), well under two seconds. The property
//! itself is `kauai_clc::props::parse_tokens_holds` / `parse_source_holds`, which the
//! fuzz target `fuzz/fuzz_targets/clc_parse.rs` runs on fuzzer-chosen input.

use crate::parse_support;

use kauai_clc::parse::{self, MAX_NESTING_DEPTH};
use kauai_clc::props::{parse_fuzz, parse_source_holds, parse_tokens_holds};
use kauai_clc::token::Token;
use kauai_diag::FileId;
use kauai_testkit::Rng;

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
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        for round in 0..3000 {
            // Token mode; most inputs end in Eof as the preprocessor guarantees.
            let mode = if round % 7 == 0 { 1u8 } else { 3 };
            let len = rng.below(120);
            let data: Vec<u8> = std::iter::once(mode)
                .chain((0..len).map(|_| rng.next_u64() as u8))
                .collect();
            parse_fuzz(&data);
        }
        parse_tokens_holds(&[]);
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
        let mut rng = Rng::new(12345);
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
            parse_tokens_holds(&toks);
        }
    });
}

#[test]
fn corpus_round_trips_through_printed_c() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/parse");
    let mut checked = 0;
    for e in std::fs::read_dir(dir).expect("corpus dir").flatten() {
        let text = std::fs::read_to_string(e.path()).expect("read corpus file");
        let src = text.split("/* EXPECTED").next().unwrap_or("");
        if parse_source_holds(src.as_bytes()) {
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} corpus files parse cleanly");
}

fn tokens_of(src: &str) -> Vec<Token> {
    parse_support::tokenize(src, FileId(0))
}

fn assert_too_deep(src: String) {
    on_small_stack(move || {
        let diags = parse_tokens_holds(&tokens_of(&src));
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
    let depth = MAX_NESTING_DEPTH as usize - 8;
    let src = format!(
        "void f(void) {{ y = {}x{}; }}",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    on_small_stack(move || {
        let diags = parse_tokens_holds(&tokens_of(&src));
        assert!(diags.is_empty(), "{:?}", diags.list);
    });
}

#[test]
fn error_flood_is_capped() {
    let src = "void f(void) { x = ; }\n".repeat(1000);
    let diags = parse_tokens_holds(&tokens_of(&src));
    assert_eq!(
        diags.error_count(),
        parse::MAX_PARSE_ERRORS + 1,
        "{:?}",
        diags.list.last()
    );
    assert!(diags
        .list
        .last()
        .is_some_and(|d| d.message.contains("too many errors")));
}
