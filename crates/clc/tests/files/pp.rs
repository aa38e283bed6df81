//! Data-driven preprocessor tests: every `tests/data/pp/*.cl` file is preprocessed and
//! the result compared with the expectation stored at its end.
//!
//! File format:
//!
//! ```text
//! // ARGS: -DNAME=V -UNAME -IDIR --ext=NAME --fast-relaxed-math --image-support
//! //       --fp-fast-fma --kinds --spans --max-expansion=N --max-include-depth=N
//!       --max-included-bytes=N --max-if-depth=N
//! <main source: everything up to the first section marker>
//! //--- inc/a.h              (a virtual file for #include, up to the next marker)
//! //--- SOURCE second.cl     (another source string, compiled after the main one)
//! //--- HEADER a.h           (an input header: found by name before any directory)
//! // ---- EXPECT ----
//! // <preprocessed text, one "// " line per output line>
//! // ---- DIAGNOSTICS ----
//! // error: <message> @ <file>:<line>:<col>
//! ```
//!
//! `--kinds` prints one token per line with its kind; `--spans` adds each token's
//! location. `BLESS=1 cargo test -p kauai-clc --test files` rewrites the expectations
//! (review the diff!).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use kauai_testkit::compare_or_bless;

use kauai_clc::pp::{preprocess, PpOptions};
use kauai_diag::{Diagnostics, SourceMap};

const EXPECT: &str = "// ---- EXPECT ----";
const DIAGS: &str = "// ---- DIAGNOSTICS ----";

struct Case {
    /// Everything before the EXPECT marker, as written.
    input: Vec<u8>,
    expected: String,
    main: Vec<u8>,
    files: Vec<(String, Vec<u8>)>,
    sources: Vec<(String, Vec<u8>)>,
    headers: Vec<(String, Vec<u8>)>,
}

fn split_case(bytes: &[u8]) -> Case {
    let mut input_end = bytes.len();
    let mut at = 0;
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        if line.starts_with(EXPECT.as_bytes()) {
            input_end = at;
            break;
        }
        at += line.len();
    }
    let input = bytes[..input_end].to_vec();
    let expected = String::from_utf8_lossy(&bytes[input_end..]).into_owned();
    let mut main = Vec::new();
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut sources: Vec<(String, Vec<u8>)> = Vec::new();
    let mut headers: Vec<(String, Vec<u8>)> = Vec::new();
    // 0: main, 1: file, 2: source, 3: header
    let mut target = 0;
    for line in input.split_inclusive(|&b| b == b'\n') {
        if let Some(rest) = line.strip_prefix(b"//--- ") {
            let name = String::from_utf8_lossy(rest).trim().to_string();
            if let Some(src) = name.strip_prefix("SOURCE ") {
                sources.push((src.trim().to_string(), Vec::new()));
                target = 2;
            } else if let Some(h) = name.strip_prefix("HEADER ") {
                headers.push((h.trim().to_string(), Vec::new()));
                target = 3;
            } else {
                files.push((name, Vec::new()));
                target = 1;
            }
            continue;
        }
        match target {
            0 => main.extend_from_slice(line),
            1 => files.last_mut().unwrap().1.extend_from_slice(line),
            2 => sources.last_mut().unwrap().1.extend_from_slice(line),
            _ => headers.last_mut().unwrap().1.extend_from_slice(line),
        }
    }
    Case {
        input,
        expected,
        main,
        files,
        sources,
        headers,
    }
}

fn run_case(name: &str, case: &Case) -> String {
    let mut opts = PpOptions::default();
    let (mut kinds, mut spans) = (false, false);
    let main_text = String::from_utf8_lossy(&case.main).into_owned();
    for line in main_text.lines() {
        let Some(args) = line.strip_prefix("// ARGS:") else {
            continue;
        };
        for a in args.split_whitespace() {
            if let Some(d) = a.strip_prefix("-D") {
                match d.split_once('=') {
                    Some((n, v)) => opts.defines.push((n.to_string(), Some(v.to_string()))),
                    None => opts.defines.push((d.to_string(), None)),
                }
            } else if let Some(u) = a.strip_prefix("-U") {
                opts.undefines.push(u.to_string());
            } else if let Some(i) = a.strip_prefix("-I") {
                opts.include_dirs.push(PathBuf::from(i));
            } else if let Some(e) = a.strip_prefix("--ext=") {
                opts.extensions.push(e.to_string());
            } else if let Some(n) = a.strip_prefix("--max-expansion=") {
                opts.limits.max_expansion_tokens = n.parse().unwrap();
            } else if let Some(n) = a.strip_prefix("--max-include-depth=") {
                opts.limits.max_include_depth = n.parse().unwrap();
            } else if let Some(n) = a.strip_prefix("--max-included-bytes=") {
                opts.limits.max_included_bytes = n.parse().unwrap();
            } else if let Some(n) = a.strip_prefix("--max-if-depth=") {
                opts.limits.max_if_depth = n.parse().unwrap();
            } else {
                match a {
                    "--fast-relaxed-math" => opts.fast_relaxed_math = true,
                    "--image-support" => opts.image_support = true,
                    "--fp-fast-fma" => opts.fp_fast_fma = true,
                    "--kinds" => kinds = true,
                    "--spans" => spans = true,
                    _ => panic!("{name}: unknown ARGS option {a}"),
                }
            }
        }
    }
    opts.virtual_files = case.files.clone();
    opts.input_headers = case.headers.clone();
    let mut sm = SourceMap::new();
    let mut ids = vec![sm.add(name, case.main.clone())];
    for (n, b) in &case.sources {
        ids.push(sm.add(n.clone(), b.clone()));
    }
    let mut diags = Diagnostics::new();
    let out = preprocess(&mut sm, &ids, &opts, &mut diags);
    assert_eq!(
        out.tokens
            .iter()
            .filter(|t| t.kind == kauai_clc::token::TokenKind::Eof)
            .count(),
        1,
        "{name}: exactly one Eof"
    );
    assert_eq!(out.tokens.len(), out.leading.len());
    let mut s = String::new();
    s.push_str(EXPECT);
    s.push('\n');
    let body = if kinds || spans {
        let mut b = String::new();
        for t in &out.tokens {
            let _ = write!(b, "{:?} {}", t.kind, t.text);
            if spans {
                let _ = write!(b, " @ {}", sm.location(t.span));
            }
            b.push('\n');
        }
        for p in &out.pragmas {
            let _ = writeln!(
                b,
                "pragma {:?} at token {}: {}",
                p.kind, p.token_index, p.text
            );
        }
        b
    } else {
        out.to_text()
    };
    for line in body.lines() {
        if line.is_empty() {
            s.push_str("//\n");
        } else {
            let _ = writeln!(s, "// {line}");
        }
    }
    s.push_str(DIAGS);
    s.push('\n');
    for d in diags.iter() {
        let loc = d
            .primary_span()
            .map(|sp| sm.location(sp))
            .unwrap_or_else(|| "-".to_string());
        let _ = writeln!(s, "// {}: {} @ {}", d.severity, d.message, loc);
    }
    s
}

/// One preprocessor file: its output and diagnostics must match the trailing section.
pub fn check(path: &Path) -> Result<(), String> {
    let name = path
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let case = split_case(&bytes);
    let actual = run_case(&name, &case);
    compare_or_bless(path, Some(&case.expected), &actual, || {
        let mut new = case.input.clone();
        new.extend_from_slice(actual.as_bytes());
        new
    })
}
