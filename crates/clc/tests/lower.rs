//! Data-driven lowering tests.
//!
//! - `tests/data/lower/*.cl`: OpenCL C followed by a trailing `/* EXPECTED ... */` block
//!   holding the IR text (`kauai_ir::module_to_string`, before any optimization). Every
//!   module must also pass the IR verifier and print/parse back to the same text.
//! - `tests/data/diag/*.cl` and `filetests/diag/*.cl` (at the repository root): OpenCL C
//!   whose compilation fails; the trailing block holds the rendered diagnostics.
//!
//! `BLESS=1 cargo test -p kauai-clc --test lower` rewrites the expectations; review the
//! diff by hand (the IR must be right, not just stable).

use std::path::{Path, PathBuf};

use kauai_clc::{compile_opencl_c, CompileOptions};
use kauai_diag::SourceMap;

const MARKER: &str = "/* EXPECTED\n";

fn options_for(src: &str) -> CompileOptions {
    let mut opts = CompileOptions::default();
    // `// OPTIONS: fp64 gpu32 int64_atomics -cl-mad-enable` on the first line picks options.
    if let Some(line) = src
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// OPTIONS:"))
    {
        for w in line.split_whitespace() {
            match w {
                "fp64" => opts.fp64 = true,
                "int64_atomics" => opts.extensions.push("cl_khr_int64_base_atomics".into()),
                "gpu32" => opts.data_layout = kauai_ir::DataLayout::GPU32,
                other => opts.apply_build_options(other).expect("valid test option"),
            }
        }
    }
    opts
}

/// Compile `src`; `Ok(ir text)` or `Err(rendered diagnostics)`.
fn compile(path: &Path, src: &str) -> Result<String, String> {
    let mut sm = SourceMap::new();
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let file = sm.add(name, src);
    let opts = options_for(src);
    match compile_opencl_c(&mut sm, &[file], &opts) {
        Ok((m, warnings)) => {
            if let Err(e) = kauai_ir::verify_module(&m) {
                return Err(format!(
                    "VERIFIER FAILED:\n{e}\n{}",
                    kauai_ir::module_to_string(&m)
                ));
            }
            let text = kauai_ir::module_to_string(&m);
            match kauai_ir::parse_str("lowered.ir", &text) {
                Ok(back) => {
                    let again = kauai_ir::module_to_string(&back);
                    if again != text {
                        return Err(format!(
                            "IR text does not round-trip:\n{text}\n---\n{again}"
                        ));
                    }
                }
                Err(e) => return Err(format!("IR text does not parse back: {e}\n{text}")),
            }
            let mut out = text;
            if !warnings.is_empty() {
                out.push_str("--- warnings\n");
                out.push_str(&warnings.render(&sm));
            }
            Ok(out)
        }
        Err(d) => Err(d.render(&sm)),
    }
}

fn files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|x| x == "cl"));
    v.sort();
    v
}

fn check_dir(dir: &str, want_ok: bool) {
    let bless = std::env::var_os("BLESS").is_some();
    let mut failures = Vec::new();
    let paths = files(dir);
    assert!(!paths.is_empty(), "no test files in {dir}");
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("readable test file");
        let (src, expected) = match text.rfind(MARKER) {
            Some(i) => (
                &text[..i],
                Some(text[i + MARKER.len()..].trim_end().trim_end_matches("*/")),
            ),
            None => (&text[..], None),
        };
        let src = src.trim_end().to_string() + "\n";
        let actual = match (compile(&path, &src), want_ok) {
            (Ok(ir), true) => ir,
            (Err(d), false) => d,
            (Ok(ir), false) => {
                failures.push(format!(
                    "{}: expected errors, compiled to\n{ir}",
                    path.display()
                ));
                continue;
            }
            (Err(d), true) => {
                failures.push(format!("{}: failed to compile:\n{d}", path.display()));
                continue;
            }
        };
        if expected == Some(actual.as_str()) {
            continue;
        }
        if bless {
            let new = format!("{src}\n{MARKER}{actual}*/\n");
            std::fs::write(&path, new).expect("writable test file");
        } else {
            failures.push(format!(
                "{}: output differs (BLESS=1 rewrites)\n--- expected\n{}\n--- actual\n{actual}",
                path.display(),
                expected.unwrap_or("<none>")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn lower_data_files() {
    check_dir("tests/data/lower", true);
}

#[test]
fn diag_data_files() {
    check_dir("tests/data/diag", false);
}

#[test]
fn filetests_diag_files() {
    check_dir("../../filetests/diag", false);
}
