//! The front end's robustness properties, one function each, shared by the fuzz targets
//! (`fuzz/fuzz_targets/clc_*.rs`, on fuzzer-chosen bytes) and the property tests
//! (`tests/*_props.rs`, on deterministic generated and mutated inputs), so both check
//! exactly the same thing. Each function panics when its property fails: that is how a
//! fuzzer or a test notices. Not part of the compiler's API.
//!
//! - [`preprocess_holds`]: the preprocessor never panics, hangs or overflows the stack,
//!   and its output is well formed.
//! - [`parse_tokens_holds`] / [`parse_source_holds`]: the parser never panics on any
//!   token sequence, its diagnostics point inside the input, and a cleanly parsed unit
//!   prints to C that parses back to the same AST.
//! - [`compile_holds`]: `compile_opencl_c` never panics, and a module it returns passes
//!   the IR verifier.

use kauai_diag::{Diagnostics, FileId, SourceMap, Span};

use crate::parse;
use crate::pp::{preprocess, PpOptions};
use crate::token::{Punct, Token, TokenKind};
use crate::{compile_opencl_c, CompileOptions};

// -- preprocessor ----------------------------------------------------------------------

/// A header that includes itself and leaves a function-like macro named like its use.
const SELF_INCLUDING: &[u8] = b"#define f(x) x f\n#include \"a.h\"\nA_H\n";
const INCLUDES_TWICE: &[u8] = b"#include \"twice.h\"\n#include \"twice.h\"\n";

/// Property: preprocessing `sources` (one translation unit of several strings) with the
/// options `flags` selects never fails to end, and the output ends in exactly one Eof,
/// with `leading` parallel to `tokens`, pragma indices inside it, and printing (`-E`) and
/// rendering the diagnostics working. The first source is also reachable as the
/// `#include`d files `b.h` (on the virtual disk) and `hdr.h` (an input header).
///
/// `flags`: 1 `FP_FAST_FMA`, 2 image support, 4 fast relaxed math, 8 `cl_khr_fp64`,
/// 16 `-D N=f(` (an unbalanced macro).
pub fn preprocess_holds(sources: &[&[u8]], flags: u8) {
    let mut opts = PpOptions::default();
    opts.limits.max_expansion_tokens = 20_000;
    opts.limits.max_include_depth = 16;
    opts.limits.max_included_bytes = 1 << 16;
    opts.fp_fast_fma = flags & 1 != 0;
    opts.image_support = flags & 2 != 0;
    opts.fast_relaxed_math = flags & 4 != 0;
    if flags & 8 != 0 {
        opts.extensions.push("cl_khr_fp64".to_string());
    }
    if flags & 16 != 0 {
        opts.defines.push(("N".to_string(), Some("f(".to_string())));
    }
    let first = sources.first().copied().unwrap_or_default();
    opts.virtual_files = vec![
        ("a.h".to_string(), SELF_INCLUDING.to_vec()),
        ("b.h".to_string(), first.to_vec()),
        ("twice.h".to_string(), INCLUDES_TWICE.to_vec()),
    ];
    opts.input_headers = vec![("hdr.h".to_string(), first.to_vec())];
    let mut sm = SourceMap::new();
    let ids: Vec<FileId> = sources
        .iter()
        .enumerate()
        .map(|(i, s)| sm.add(format!("s{i}.cl"), s.to_vec()))
        .collect();
    let mut diags = Diagnostics::new();
    let out = preprocess(&mut sm, &ids, &opts, &mut diags);
    let eofs = out
        .tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Eof)
        .count();
    assert_eq!(eofs, 1, "input {:?}", String::from_utf8_lossy(first));
    assert_eq!(out.tokens.last().map(|t| t.kind), Some(TokenKind::Eof));
    assert_eq!(out.tokens.len(), out.leading.len());
    assert!(out.pragmas.iter().all(|p| p.token_index < out.tokens.len()));
    let _ = out.to_text();
    let _ = diags.render(&sm);
}

/// The fuzz target's reading of bytes for [`preprocess_holds`]: the first byte says how
/// many of the last bytes form a second source string, the second byte is `flags`.
pub fn preprocess_fuzz(data: &[u8]) {
    let (split, flags, rest) = match data {
        [a, b, rest @ ..] => (*a as usize, *b, rest),
        _ => (0, 0, data),
    };
    let cut = split.min(rest.len());
    let (first, second) = rest.split_at(rest.len() - cut);
    if second.is_empty() {
        preprocess_holds(&[first], flags);
    } else {
        preprocess_holds(&[first, second], flags);
    }
}

// -- parser ----------------------------------------------------------------------------

/// Identifiers the token-level generator picks from: type and qualifier keywords,
/// attributes, statements, and a few plain names (`T` and `S` often become typedefs).
pub const WORDS: &[&str] = &[
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

/// Literals, valid and not (bad suffixes and digits, empty and unterminated quotes).
pub const LITS: &[(TokenKind, &str)] = &[
    (TokenKind::IntLit, "0"),
    (TokenKind::IntLit, "1"),
    (TokenKind::IntLit, "42"),
    (TokenKind::IntLit, "0x1Fu"),
    (TokenKind::IntLit, "017"),
    (TokenKind::IntLit, "08"),
    (TokenKind::IntLit, "10UL"),
    (TokenKind::IntLit, "1abc"),
    (TokenKind::IntLit, "99999999999999999999"),
    (TokenKind::FloatLit, "1.5f"),
    (TokenKind::FloatLit, ".5"),
    (TokenKind::FloatLit, "0x1p-3"),
    (TokenKind::FloatLit, "1e"),
    (TokenKind::FloatLit, "2.h"),
    (TokenKind::FloatLit, "0x1.0"),
    (TokenKind::CharLit, "'a'"),
    (TokenKind::CharLit, "'\\n'"),
    (TokenKind::CharLit, "''"),
    (TokenKind::CharLit, "'\\q'"),
    (TokenKind::CharLit, "'"),
    (TokenKind::CharLit, "L'a'"),
    (TokenKind::StringLit, "\"a\\x41\""),
    (TokenKind::StringLit, "\"\\x\""),
    (TokenKind::StringLit, "\""),
    (TokenKind::StringLit, "u8\"x\""),
];

/// Bytes as tokens, one each (byte `i` spans `i..i+1` of file 0): a word, a literal or a
/// punctuator. Sequences the preprocessor would never produce are the point.
pub fn tokens_from_bytes(bytes: &[u8]) -> Vec<Token> {
    bytes
        .iter()
        .enumerate()
        .map(|(i, &b)| {
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
                text: text.into(),
                span: Span::new(FileId(0), i, i + 1),
            }
        })
        .collect()
}

/// Property: parsing any token sequence returns; every diagnostic lies within the
/// tokens' spans; a sequence that parses without errors prints to C that parses back to
/// the same AST. Returns the parser's diagnostics.
pub fn parse_tokens_holds(tokens: &[Token]) -> Diagnostics {
    let mut diags = Diagnostics::new();
    let tu = parse::parse(tokens, &mut diags);
    let end = tokens.iter().map(|t| t.span.end).max().unwrap_or(0);
    for d in diags.iter() {
        for l in &d.labels {
            assert!(l.span.end <= end, "diagnostic outside the input: {d:?}");
        }
    }
    if !diags.has_errors() {
        round_trip_holds(&tu);
    }
    diags
}

/// Property: source bytes, preprocessed then parsed, never make the front end fail to
/// return, and a clean parse round-trips through printed C. True if it parsed cleanly.
pub fn parse_source_holds(src: &[u8]) -> bool {
    let mut sources = SourceMap::new();
    let file = sources.add("input.cl", src.to_vec());
    let mut diags = Diagnostics::new();
    let out = preprocess(&mut sources, &[file], &PpOptions::default(), &mut diags);
    let tu = parse::parse(&out.tokens, &mut diags);
    if diags.has_errors() {
        return false;
    }
    round_trip_holds(&tu);
    true
}

/// Print, re-preprocess and re-parse a cleanly parsed unit: no errors, the same AST.
fn round_trip_holds(tu: &crate::ast::TranslationUnit) {
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
    assert_eq!(
        parse::dump(&again),
        parse::dump(tu),
        "round trip changed the AST; printed:\n{printed}"
    );
}

/// The fuzz target's reading of bytes: the first byte's low bit picks source text
/// ([`parse_source_holds`]) or a token sequence ([`tokens_from_bytes`], then
/// [`parse_tokens_holds`]; bit 1 appends the Eof the preprocessor always ends with).
pub fn parse_fuzz(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode & 1 == 0 {
        parse_source_holds(rest);
    } else {
        let mut tokens = tokens_from_bytes(rest);
        if mode & 2 != 0 {
            tokens.push(Token {
                kind: TokenKind::Eof,
                text: "".into(),
                span: Span::new(FileId(0), rest.len(), rest.len()),
            });
        }
        parse_tokens_holds(&tokens);
    }
}

// -- whole front end -------------------------------------------------------------------

/// Property: `compile_opencl_c` returns whatever the source, and a module it returns
/// passes the IR verifier (a failure would be a lowering bug). `mode`: 1 `double`
/// support, 2 32-bit pointers, 4 compile only (a link follows), 8 image support, 16
/// `cl_khr_fp16` offered. True if it compiled.
pub fn compile_holds(src: &[u8], mode: u8) -> bool {
    let mut opts = CompileOptions {
        fp64: mode & 1 != 0,
        compile_only: mode & 4 != 0,
        images: mode & 8 != 0,
        ..CompileOptions::default()
    };
    if mode & 2 != 0 {
        opts.data_layout = kauai_ir::DataLayout::GPU32;
    }
    if mode & 16 != 0 {
        opts.extensions.push("cl_khr_fp16".to_string());
    }
    let mut sources = SourceMap::new();
    let file = sources.add("input.cl", src.to_vec());
    match compile_opencl_c(&mut sources, &[file], &opts) {
        Ok((m, _)) => {
            if let Err(e) = kauai_ir::verify_module(&m) {
                panic!(
                    "compiled IR does not verify:\n{e}\n--- input\n{}",
                    String::from_utf8_lossy(src)
                );
            }
            true
        }
        Err(_) => false,
    }
}

/// The fuzz target's reading of bytes: the first byte is `mode`, the rest the source.
pub fn compile_fuzz(data: &[u8]) {
    if let Some((&mode, rest)) = data.split_first() {
        compile_holds(rest, mode);
    }
}
