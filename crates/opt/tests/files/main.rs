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
//! compared like any output. `BLESS=1 cargo test -p kauai-opt --test files` rewrites
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

/// One pass file: its RUN line's passes must turn the input into the expectation.
fn check(f: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
    let case = split(&text)?;
    if case.passes.is_empty() {
        return Err("no passes on the RUN line".into());
    }
    let actual = run(&case)?;
    kauai_testkit::compare_or_bless(f, Some(&case.expected), &actual, || {
        bless_text(&case, &actual).into_bytes()
    })
}

fn main() {
    let mut suite = kauai_testkit::Suite::new();
    suite.files(&dir().join(".."), "opt", &["ir"], check);
    suite.run()
}
