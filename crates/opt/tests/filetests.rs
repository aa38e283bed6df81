//! Pass filetests: every `filetests/opt/*.ir` file is
//!
//! ```text
//! ; RUN: mem2reg,dce
//! <input module>
//! ; EXPECT:
//! ; <expected printed module, each line prefixed by "; ">
//! ```
//!
//! The input must verify; each pass runs in turn and the module must still verify after
//! it, and the printed result must parse back. A pass error prints as `error: ...` and is
//! compared like any output. `BLESS=1 cargo test -p kauai-opt --test filetests` rewrites
//! the expectations (review the diff: it must be what the pass should produce).

use std::path::{Path, PathBuf};

use kauai_ir::{module_to_string, parse_str, verify_module};

const EXPECT: &str = "; EXPECT:";

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests/opt")
}

struct Case {
    passes: Vec<String>,
    /// The file up to and including the `; EXPECT:` line.
    head: String,
    expected: String,
}

fn split(text: &str) -> Result<Case, String> {
    let first = text.lines().next().unwrap_or("");
    let passes = first
        .strip_prefix("; RUN:")
        .ok_or("the first line must be `; RUN: pass[,pass...]`")?
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let at = text
        .find(&format!("\n{EXPECT}\n"))
        .ok_or("missing a `; EXPECT:` line")?;
    let head = text[..at + EXPECT.len() + 2].to_string();
    let expected = text[at + EXPECT.len() + 2..]
        .lines()
        .map(|l| {
            l.strip_prefix("; ")
                .or_else(|| l.strip_prefix(';'))
                .unwrap_or(l)
        })
        .map(|l| format!("{l}\n"))
        .collect();
    Ok(Case {
        passes,
        head,
        expected,
    })
}

/// The printed result, or a hard failure (bad input, invalid output).
fn run(case: &Case) -> Result<String, String> {
    let input = &case.head[..case.head.len() - EXPECT.len() - 1];
    let mut m = parse_str("input.ir", input).map_err(|e| format!("input does not parse:\n{e}"))?;
    verify_module(&m).map_err(|e| format!("input does not verify:\n{e}"))?;
    for p in &case.passes {
        if let Err(e) = kauai_opt::run_passes(&mut m, &[p.as_str()]) {
            return Ok(format!("error: {e}\n"));
        }
        verify_module(&m)
            .map_err(|e| format!("module invalid after `{p}`:\n{e}\n{}", module_to_string(&m)))?;
    }
    let out = module_to_string(&m);
    let back = parse_str("output.ir", &out).map_err(|e| format!("output does not parse:\n{e}"))?;
    if module_to_string(&back) != out {
        return Err("output does not print back identically".into());
    }
    Ok(out)
}

fn bless_text(case: &Case, actual: &str) -> String {
    let mut s = case.head.clone();
    for l in actual.lines() {
        if l.is_empty() {
            s.push_str(";\n");
        } else {
            s.push_str("; ");
            s.push_str(l);
            s.push('\n');
        }
    }
    s
}

#[test]
fn opt_filetests() {
    let bless = std::env::var_os("BLESS").is_some_and(|v| v == "1");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("filetests/opt exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ir"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for f in &files {
        let name = f
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(f).expect("readable");
        let case = match split(&text) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        if case.passes.is_empty() {
            failures.push(format!("{name}: no passes on the RUN line"));
            continue;
        }
        match run(&case) {
            Err(e) => failures.push(format!("{name}: {e}")),
            Ok(actual) if actual == case.expected => {}
            Ok(actual) => {
                if bless {
                    std::fs::write(f, bless_text(&case, &actual)).expect("writable");
                } else {
                    let diff = similar::TextDiff::from_lines(&case.expected, &actual)
                        .unified_diff()
                        .header("expected", "actual")
                        .to_string();
                    failures.push(format!("{name}: output differs\n{diff}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        files.len() >= 20,
        "too few filetests found: {}",
        files.len()
    );
}
