//! Test-only helpers for the parser tests: source to tokens through the real
//! preprocessor, a small stand-alone tokenizer (for token-level property tests that should
//! not depend on the preprocessor), and a compact rendering of diagnostics.
#![allow(dead_code)]

use kauai_clc::pp::{preprocess, PpOptions};
use kauai_clc::token::{Punct, Token, TokenKind};
use kauai_diag::{Diagnostics, FileId, SourceMap, Span};

/// Preprocess `src` (as file `name`) with default options: the tokens the parser sees in
/// the real pipeline. Preprocessor diagnostics go to `diags`.
pub fn preprocess_src(
    name: &str,
    src: &str,
    diags: &mut Diagnostics,
) -> (SourceMap, FileId, Vec<Token>) {
    let mut sm = SourceMap::new();
    let file = sm.add(name, src);
    let out = preprocess(&mut sm, &[file], &PpOptions::default(), diags);
    (sm, file, out.tokens)
}

/// Split C source into tokens the way the preprocessor would hand them over (no
/// directives, no macros). Panics on characters C does not use: test inputs are ours.
pub fn tokenize(src: &str, file: FileId) -> Vec<Token> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if b[i..].starts_with(b"/*") {
            let end = src[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
            i = end;
            continue;
        }
        let start = i;
        let kind = if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            TokenKind::Ident
        } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            // A pp-number: digits, letters, `.`, and a sign right after an exponent letter.
            i += 1;
            while i < b.len() {
                let d = b[i];
                let sign =
                    (d == b'+' || d == b'-') && matches!(b[i - 1], b'e' | b'E' | b'p' | b'P');
                if sign || d.is_ascii_alphanumeric() || d == b'.' || d == b'_' {
                    i += 1;
                } else {
                    break;
                }
            }
            let t = &src[start..i];
            let hex = t.starts_with("0x") || t.starts_with("0X");
            let float = if hex {
                t.contains(['.', 'p', 'P'])
            } else {
                t.contains(['.', 'e', 'E'])
            };
            if float {
                TokenKind::FloatLit
            } else {
                TokenKind::IntLit
            }
        } else if c == b'\'' || c == b'"' {
            i += 1;
            while i < b.len() && b[i] != c {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i = (i + 1).min(b.len());
            if c == b'"' {
                TokenKind::StringLit
            } else {
                TokenKind::CharLit
            }
        } else {
            let (s, p) = Punct::ALL
                .iter()
                .find(|(s, _)| b[i..].starts_with(s.as_bytes()))
                .unwrap_or_else(|| panic!("test tokenizer: unexpected character {:?}", c as char));
            i += s.len();
            TokenKind::Punct(*p)
        };
        out.push(Token {
            kind,
            text: src[start..i].into(),
            span: Span::new(file, start, i),
        });
    }
    out.push(Token {
        kind: TokenKind::Eof,
        text: "".into(),
        span: Span::new(file, b.len(), b.len()),
    });
    out
}

/// One line per diagnostic: `error 3:5: message [label]`.
pub fn render_diags(diags: &Diagnostics, sm: &SourceMap) -> String {
    let mut out = String::new();
    for d in diags.iter() {
        let (pos, label) = match d.labels.iter().find(|l| l.primary) {
            Some(l) => {
                let f = sm.file(l.span.file);
                let (line, col) = f.line_col(l.span.start as usize);
                (format!("{line}:{col}"), format!(" [{}]", l.message))
            }
            None => ("?".to_string(), String::new()),
        };
        out.push_str(&format!("{} {pos}: {}{label}\n", d.severity, d.message));
    }
    out
}
