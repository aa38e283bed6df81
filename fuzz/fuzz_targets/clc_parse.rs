//! Property: the OpenCL C front end up to the AST never panics, never hangs and never
//! overflows the stack, for any input: (1) bytes as a source file, preprocessed then
//! parsed; (2) bytes read as an arbitrary token sequence (which the preprocessor would
//! never produce, e.g. without the final Eof) handed straight to the parser. Every
//! diagnostic the parser reports points inside the input, and whatever parses without
//! errors prints (`parse::to_c`) to C that parses back to the same AST. The same
//! properties run under `cargo test` in `crates/clc/tests/parse_props.rs`.
#![no_main]

use kauai_clc::parse;
use kauai_clc::pp::{preprocess, PpOptions};
use kauai_clc::token::{Punct, Token, TokenKind};
use kauai_diag::{Diagnostics, FileId, SourceMap, Span};
use libfuzzer_sys::fuzz_target;

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
    "if",
    "else",
    "for",
    "while",
    "do",
    "switch",
    "case",
    "default",
    "break",
    "return",
    "goto",
    "sizeof",
    "vec_step",
    "x",
    "y",
    "T",
];
const LITS: &[(TokenKind, &str)] = &[
    (TokenKind::IntLit, "0"),
    (TokenKind::IntLit, "0x1Fu"),
    (TokenKind::IntLit, "08"),
    (TokenKind::FloatLit, "1.5f"),
    (TokenKind::FloatLit, "0x1p-3"),
    (TokenKind::CharLit, "'\\n'"),
    (TokenKind::CharLit, "''"),
    (TokenKind::StringLit, "\"a\\x41\""),
];

fn check_spans(diags: &Diagnostics, limit: u32) {
    for d in diags.iter() {
        for l in &d.labels {
            assert!(l.span.end <= limit, "diagnostic outside the input: {d:?}");
        }
    }
}

/// Print, re-preprocess and re-parse a cleanly parsed unit: the AST must not change.
fn check_round_trip(tu: &kauai_clc::ast::TranslationUnit) {
    let printed = parse::to_c(tu);
    let mut sources = SourceMap::new();
    let file = sources.add("printed.cl", printed.clone().into_bytes());
    let mut diags = Diagnostics::new();
    let out = preprocess(&mut sources, &[file], &PpOptions::default(), &mut diags);
    let again = parse::parse(&out.tokens, &mut diags);
    assert!(
        !diags.has_errors(),
        "printed C does not parse: {:?}\n{printed}",
        diags.list
    );
    assert_eq!(parse::dump(&again), parse::dump(tu), "printed:\n{printed}");
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode & 1 == 0 {
        let mut sources = SourceMap::new();
        let file = sources.add("fuzz.cl", rest.to_vec());
        let mut diags = Diagnostics::new();
        let out = preprocess(&mut sources, &[file], &PpOptions::default(), &mut diags);
        let tu = parse::parse(&out.tokens, &mut diags);
        if !diags.has_errors() {
            check_round_trip(&tu);
        }
    } else {
        let tokens: Vec<Token> = rest
            .iter()
            .enumerate()
            .map(|(i, &b)| {
                let span = Span::new(FileId(0), i, i + 1);
                let (kind, text) = match b as usize {
                    n if n < WORDS.len() => (TokenKind::Ident, WORDS[n]),
                    n if n < WORDS.len() + LITS.len() => LITS[n - WORDS.len()],
                    n => {
                        let (s, p) = Punct::ALL[n % Punct::ALL.len()];
                        (TokenKind::Punct(p), s)
                    }
                };
                Token {
                    kind,
                    text: text.to_string(),
                    span,
                }
            })
            .collect();
        let mut diags = Diagnostics::new();
        let tu = parse::parse(&tokens, &mut diags);
        check_spans(&diags, rest.len() as u32);
        if !diags.has_errors() {
            check_round_trip(&tu);
        }
    }
});
