//! IL run-tests: every `filetests/il/*.il` is an AMD IL program (with its compiler
//! metadata) whose `;` comment lines say how to run it through the oclc grammar and what
//! the output must be. Each `; RUN: kauai oclc ... %s` line is followed by its checks:
//!
//! ```text
//! ; CHECK: LINE          an output line of this run, in order (whole line)
//! ; CHECK-NEXT: LINE     the line right after the previous match
//! ; CHECK-FAIL: TEXT     the run fails with a message containing TEXT
//! ```
//!
//! Expected values are hand-computed or closed forms (`-compare` lists), never taken from
//! the emulator. `BLESS=1` rewrites the `CHECK:` lines of passing runs from the actual
//! output (review the diff: only the RUN lines' `-compare` lists are independent).

use std::path::Path;

use kauai_runtime::oclc;

enum Check {
    Line(String),
    Next(String),
    Fail(String),
}

struct Run {
    line: usize,
    cmd: String,
    checks: Vec<Check>,
}

fn parse(text: &str) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    for (n, l) in text.lines().enumerate() {
        let Some(rest) = l.trim_start().strip_prefix(';') else {
            continue;
        };
        let rest = rest.trim_start();
        if let Some(cmd) = rest.strip_prefix("RUN:") {
            runs.push(Run {
                line: n + 1,
                cmd: cmd.trim().to_string(),
                checks: Vec::new(),
            });
        } else if let Some(run) = runs.last_mut() {
            if let Some(c) = rest.strip_prefix("CHECK-NEXT:") {
                run.checks.push(Check::Next(c.trim().to_string()));
            } else if let Some(c) = rest.strip_prefix("CHECK-FAIL:") {
                run.checks.push(Check::Fail(c.trim().to_string()));
            } else if let Some(c) = rest.strip_prefix("CHECK:") {
                run.checks.push(Check::Line(c.trim().to_string()));
            }
        }
    }
    runs
}

/// Run one command; `Ok` holds the output or the failure message.
fn execute(path: &Path, cmd: &str) -> Result<Result<String, String>, String> {
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let words = oclc::split_command_line(&cmd.replace("%s", &file))?;
    let words = match words.as_slice() {
        [k, o, rest @ ..] if k == "kauai" && o == "oclc" => rest.to_vec(),
        _ => return Err("a RUN line starts with `kauai oclc`".into()),
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut out = String::new();
    Ok(oclc::Command::parse(&words)
        .and_then(|c| oclc::run(&c, dir, &mut out))
        .map(|_| out)
        .map_err(|e| e.to_string()))
}

fn check_run(run: &Run, result: &Result<String, String>) -> Result<(), String> {
    let expects_failure = run.checks.iter().any(|c| matches!(c, Check::Fail(_)));
    match result {
        Err(msg) => {
            if !expects_failure {
                return Err(format!("the run failed:\n{msg}"));
            }
            for c in &run.checks {
                if let Check::Fail(want) = c {
                    if !msg.contains(want.as_str()) {
                        return Err(format!(
                            "expected a failure containing `{want}`, got:\n{msg}"
                        ));
                    }
                }
            }
            Ok(())
        }
        Ok(output) => {
            if expects_failure {
                return Err(format!(
                    "expected a failure, but the run succeeded:\n{output}"
                ));
            }
            let lines: Vec<&str> = output.lines().map(str::trim).collect();
            let mut pos = 0usize;
            for c in &run.checks {
                match c {
                    Check::Line(want) => match lines[pos..].iter().position(|l| l == want) {
                        Some(i) => pos += i + 1,
                        None => return Err(format!("CHECK `{want}` not found in:\n{output}")),
                    },
                    Check::Next(want) => {
                        if lines.get(pos).copied() != Some(want.as_str()) {
                            return Err(format!(
                                "CHECK-NEXT `{want}` is not the next line of:\n{output}"
                            ));
                        }
                        pos += 1;
                    }
                    Check::Fail(_) => {}
                }
            }
            Ok(())
        }
    }
}

/// The RUN line whose checks include line `n`.
fn run_owning(runs: &[Run], n: usize) -> Option<usize> {
    runs.iter().rev().find(|r| r.line < n).map(|r| r.line)
}

fn run_file(path: &Path, bless: bool) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let runs = parse(&text);
    if runs.is_empty() {
        return Err(format!("{}: no `; RUN:` line", path.display()));
    }
    let mut blessed: Vec<(usize, String)> = Vec::new();
    let mut errors = Vec::new();
    for run in &runs {
        let result =
            execute(path, &run.cmd).map_err(|e| format!("{}:{}: {e}", path.display(), run.line))?;
        if bless {
            if let Ok(out) = &result {
                blessed.push((run.line, out.clone()));
                continue;
            }
        }
        if let Err(e) = check_run(run, &result) {
            errors.push(format!("{}:{}: {e}", path.display(), run.line));
        }
    }
    if bless && !blessed.is_empty() {
        let mut out = String::new();
        for (n, l) in text.lines().enumerate() {
            let t = l.trim_start();
            let is_check = t.starts_with("; CHECK:") || t.starts_with("; CHECK-NEXT:");
            let owner = run_owning(&runs, n + 1);
            if is_check && blessed.iter().any(|(r, _)| Some(*r) == owner) {
                continue;
            }
            out.push_str(l);
            out.push('\n');
            if let Some((_, o)) = blessed.iter().find(|(r, _)| *r == n + 1) {
                for line in o.lines() {
                    out.push_str(&format!("; CHECK: {line}\n"));
                }
            }
        }
        std::fs::write(path, out).map_err(|e| e.to_string())?;
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n\n"))
    }
}

fn the_check_grammar_catches_mismatches() -> Result<(), String> {
    // The runner itself must be able to fail.
    let runs = parse("; RUN: kauai oclc x\n; CHECK: a\n; CHECK-NEXT: b\n");
    assert!(check_run(&runs[0], &Ok("a\nb\n".into())).is_ok());
    assert!(check_run(&runs[0], &Ok("a\nc\nb\n".into())).is_err());
    assert!(check_run(&runs[0], &Ok("b\n".into())).is_err());
    assert!(check_run(&runs[0], &Err("boom".into())).is_err());
    let runs = parse("; RUN: kauai oclc x\n; CHECK-FAIL: boom\n");
    assert!(check_run(&runs[0], &Err("it went boom".into())).is_ok());
    assert!(check_run(&runs[0], &Err("fizzle".into())).is_err());
    assert!(check_run(&runs[0], &Ok(String::new())).is_err());
    Ok(())
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests");
    let bless = kauai_testkit::bless_requested();
    let mut suite = kauai_testkit::Suite::new();
    suite.files(&root, "il", &["il"], move |p| run_file(p, bless));
    suite.test(
        "the_check_grammar_catches_mismatches",
        the_check_grammar_catches_mismatches,
    );
    suite.run()
}
