//! Kauai's data-driven tests: files whose expectations sit inside them.
//!
//! - `filetests/run/**/*.cl`: run-tests. Each `// RUN:` line holds an oclc command
//!   (`kauai oclc ...` or `oclc ...`, `%s` standing for the file); the outputs of all
//!   RUN lines, in order, must contain the `// CHECK:` lines in order (each CHECK matches
//!   a whole output line; `// CHECK-NEXT:` must match the line right after the previous
//!   match). `// CHECK-FAIL: text` expects the command to fail with a message containing
//!   `text`; `// CHECK-WARNING: text` expects a run to warn exactly `text` (what `kauai`
//!   prints after `kauai: warning: `, e.g. dropped printf output); `// CHECK-FINDING:
//!   line` must match a line of what the checks (`-check races`) found, in order (each
//!   finding a block of lines; leading spaces do not count), and a test without
//!   CHECK-FINDING lines must have no finding. Expected values come from hand
//!   computation or closed forms, never from Kauai.
//! - `filetests/ir/*.ir`: IR files that must verify and print back exactly as written.
//!
//! Each file is one named test of `cargo test -p kauai-filetests`.

#![forbid(unsafe_code)]

use std::path::Path;

mod devices;

pub use devices::{check_on_device, DeviceMatrix, Expectation};

pub use kauai_testkit::collect_files;

/// Run one test file on the host; `Err` holds a readable report.
pub fn run_file(path: &Path) -> Result<(), String> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("cl") => run_cl(path, None).map(|_| ()),
        Some("ir") => ir_test(path, &read(path)?),
        _ => Err(format!("{}: unknown test kind", path.display())),
    }
}

/// Run a run-test on `device` (the host when `None`), holding it to its CHECK lines;
/// returns what it printed.
pub fn run_cl(path: &Path, device: Option<&str>) -> Result<String, String> {
    run_test(path, &read(path)?, device, true, None).map(|o| o.output)
}

/// Run a run-test's RUN lines with `%s` standing for `source` (a path relative to the
/// test's directory, e.g. the test compiled to SPIR-V) instead of the test itself, held
/// to the test's CHECK lines.
pub fn run_cl_as(path: &Path, source: &str, device: Option<&str>) -> Result<String, String> {
    run_test(path, &read(path)?, device, true, Some(source)).map(|o| o.output)
}

/// Run a run-test on `device` and require the host's outcome (`host`, from
/// [`run_cl`] with no device): the CHECK lines hold on both, and the outputs agree line
/// for line (except in tests with an `-ulp-error` tolerance, where each device only has
/// to pass its compares within the tolerance).
pub fn run_file_on_device(
    path: &Path,
    device: &str,
    host: &Result<String, String>,
) -> Result<(), String> {
    let host = host
        .as_ref()
        .map_err(|e| format!("the host run fails, so the device is not compared:\n{e}"))?;
    let text = read(path)?;
    let dev = run_test(path, &text, Some(device), true, None)?;
    if *host != dev.output && !text.contains("-ulp-error") {
        return Err(format!(
            "{}: {device} prints something else than the host:\n{}",
            path.display(),
            diff(host, &dev.output)
        ));
    }
    Ok(())
}

/// Run the RUN lines of a run-test on `device` and require only that they succeed (the
/// CHECK lines are not applied).
pub fn run_file_unchecked(path: &Path, device: &str) -> Result<(), String> {
    run_test(path, &read(path)?, Some(device), false, None).map(|_| ())
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn ir_test(path: &Path, text: &str) -> Result<(), String> {
    let m = kauai_ir::parse_str(&path.display().to_string(), text)?;
    kauai_ir::verify_module(&m).map_err(|e| e.to_string())?;
    let printed = kauai_ir::module_to_string(&m);
    // Comments and blank lines are not part of the printed form.
    let canonical: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with(';') && !l.trim().is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    if printed != canonical {
        return Err(diff(&canonical, &printed));
    }
    Ok(())
}

fn diff(expected: &str, actual: &str) -> String {
    similar::TextDiff::from_lines(expected, actual)
        .unified_diff()
        .header("expected", "actual")
        .to_string()
}

enum Check {
    Line(String),
    Next(String),
    Fail(String),
    Warning(String),
    Finding(String),
}

/// What a run-test printed.
struct RunOutcome {
    output: String,
}

/// Run the RUN lines of `text`; with `checks_on`, hold the output to its CHECK lines.
fn run_test(
    path: &Path,
    text: &str,
    device: Option<&str>,
    checks_on: bool,
    source: Option<&str>,
) -> Result<RunOutcome, String> {
    let mut runs = Vec::new();
    let mut checks = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let l = line.trim_start();
        let Some(rest) = l.strip_prefix("//") else {
            continue;
        };
        let rest = rest.trim_start();
        if let Some(cmd) = rest.strip_prefix("RUN:") {
            runs.push((n + 1, cmd.trim().to_string()));
        } else if let Some(c) = rest.strip_prefix("CHECK-NEXT:") {
            checks.push(Check::Next(c.trim().to_string()));
        } else if let Some(c) = rest.strip_prefix("CHECK-FAIL:") {
            checks.push(Check::Fail(c.trim().to_string()));
        } else if let Some(c) = rest.strip_prefix("CHECK-WARNING:") {
            checks.push(Check::Warning(c.trim().to_string()));
        } else if let Some(c) = rest.strip_prefix("CHECK-FINDING:") {
            checks.push(Check::Finding(c.trim().to_string()));
        } else if let Some(c) = rest.strip_prefix("CHECK:") {
            checks.push(Check::Line(c.trim().to_string()));
        }
    }
    if runs.is_empty() {
        return Err(format!("{}: no `// RUN:` line", path.display()));
    }
    if !checks_on {
        checks.clear();
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    let file_name = match source {
        Some(s) => s.to_string(),
        None => path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    let mut output = String::new();
    let mut warnings = Vec::new();
    let mut findings: Vec<String> = Vec::new();
    let mut failure: Option<String> = None;
    for (line, cmd) in &runs {
        let cmd = cmd.replace("%s", &file_name);
        let words = kauai_runtime::oclc::split_command_line(&cmd)
            .map_err(|e| format!("{}:{line}: {e}", path.display()))?;
        let words: Vec<String> = match words.first().map(String::as_str) {
            Some("kauai") if words.get(1).map(String::as_str) == Some("oclc") => {
                words[2..].to_vec()
            }
            Some("oclc") => words[1..].to_vec(),
            _ => {
                return Err(format!(
                    "{}:{line}: a RUN line starts with `kauai oclc` or `oclc`",
                    path.display()
                ))
            }
        };
        let words = match device {
            Some(d) => ["-device".to_string(), d.to_string()]
                .into_iter()
                .chain(words)
                .collect(),
            None => words,
        };
        let result = kauai_runtime::oclc::Command::parse(&words)
            .and_then(|c| kauai_runtime::oclc::run(&c, dir, &mut output));
        match result {
            Ok(report) => {
                warnings.extend(report.warnings);
                for f in &report.findings {
                    findings.extend(f.to_string().lines().map(|l| l.trim().to_string()));
                }
            }
            Err(e) => {
                // What the checks found before a fault counts too.
                if let kauai_runtime::oclc::OclcError::Runtime(
                    kauai_runtime::RuntimeError::Execution(kauai_runtime::ExecError::Fault {
                        findings: fs,
                        ..
                    }),
                ) = &e
                {
                    for f in fs {
                        findings.extend(f.to_string().lines().map(|l| l.trim().to_string()));
                    }
                }
                failure = Some(e.to_string());
                break;
            }
        }
    }
    let mut finding_pos = 0usize;
    if checks_on && !findings.is_empty() && !checks.iter().any(|c| matches!(c, Check::Finding(_))) {
        return Err(format!(
            "{}: the checks found what no CHECK-FINDING expects:\n{}",
            path.display(),
            findings.join("\n")
        ));
    }
    let lines: Vec<&str> = output.lines().map(str::trim).collect();
    let mut pos = 0usize;
    let mut last: Option<usize> = None;
    for c in &checks {
        match c {
            Check::Fail(want) => match &failure {
                Some(msg) if msg.contains(want.as_str()) => {}
                Some(msg) => {
                    return Err(format!(
                        "{}: expected a failure containing `{want}`, got:\n{msg}",
                        path.display()
                    ))
                }
                None => {
                    return Err(format!(
                    "{}: expected a failure containing `{want}`, but the run succeeded:\n{output}",
                    path.display()
                ))
                }
            },
            Check::Warning(want) => {
                if !warnings.iter().any(|w| w == want) {
                    return Err(format!(
                        "{}: expected the warning `{want}`, got {warnings:?}",
                        path.display()
                    ));
                }
            }
            Check::Finding(want) => match findings[finding_pos..].iter().position(|l| l == want) {
                Some(i) => finding_pos += i + 1,
                None => {
                    return Err(format!(
                        "{}: CHECK-FINDING `{want}` not found in what the checks found:\n{}{}",
                        path.display(),
                        findings.join("\n"),
                        failure
                            .as_deref()
                            .map(|f| format!("\nthe run failed: {f}"))
                            .unwrap_or_default()
                    ))
                }
            },
            Check::Line(want) => match lines[pos..].iter().position(|l| l == want) {
                Some(i) => {
                    last = Some(pos + i);
                    pos += i + 1;
                }
                None => return Err(not_found(path, want, &output, failure.as_deref())),
            },
            Check::Next(want) => {
                let at = last.map(|l| l + 1).unwrap_or(0);
                if lines.get(at) == Some(&want.as_str()) {
                    last = Some(at);
                    pos = at + 1;
                } else {
                    return Err(format!(
                        "{}: CHECK-NEXT `{want}` does not match the next line `{}`\noutput:\n{output}",
                        path.display(),
                        lines.get(at).unwrap_or(&"<end of output>")
                    ));
                }
            }
        }
    }
    if let Some(msg) = failure {
        if !checks.iter().any(|c| matches!(c, Check::Fail(_))) {
            return Err(format!("{}: the run failed:\n{msg}", path.display()));
        }
    }
    Ok(RunOutcome { output })
}

fn not_found(path: &Path, want: &str, output: &str, failure: Option<&str>) -> String {
    let mut s = format!(
        "{}: CHECK `{want}` not found in the output:\n{output}",
        path.display()
    );
    if let Some(f) = failure {
        s.push_str(&format!("\nthe run failed:\n{f}"));
    }
    s
}
