//! Data-driven lowering tests.
//!
//! - `tests/data/lower/*.cl`: OpenCL C followed by a trailing `/* EXPECTED ... */` block
//!   holding the IR text (`kauai_ir::module_to_string`, before any optimization). Every
//!   module must also pass the IR verifier and print/parse back to the same text.
//! - `tests/data/diag/*.cl` and `filetests/diag/*.cl` (at the repository root): OpenCL C
//!   whose compilation fails; the trailing block holds the rendered diagnostics.
//!
//! `BLESS=1 cargo test -p kauai-clc --test files` rewrites the expectations; review the
//! diff by hand (the IR must be right, not just stable).

use std::path::Path;

use kauai_clc::{compile_opencl_c, CompileOptions};
use kauai_diag::SourceMap;

const MARKER: &str = "/* EXPECTED\n";

fn options_for(src: &str) -> CompileOptions {
    let mut opts = CompileOptions::default();
    // `// OPTIONS: fp64 fp16 gpu32 images int64_atomics counters -cl-mad-enable` on the first line picks
    // options.
    if let Some(line) = src
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// OPTIONS:"))
    {
        for w in line.split_whitespace() {
            match w {
                "fp64" => opts.fp64 = true,
                "images" => opts.images = true,
                "int64_atomics" => opts.extensions.push("cl_khr_int64_base_atomics".into()),
                "fp16" => opts.extensions.push("cl_khr_fp16".into()),
                "counters" => opts.extensions.push("cl_ext_atomic_counters_32".into()),
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

/// One lowering or diagnostics file: it must compile (`want_ok`) or fail, and its IR or
/// rendered diagnostics must match the trailing block.
pub fn check(path: &Path, want_ok: bool) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (src, expected) = match text.rfind(MARKER) {
        Some(i) => (
            &text[..i],
            Some(text[i + MARKER.len()..].trim_end().trim_end_matches("*/")),
        ),
        None => (&text[..], None),
    };
    let src = src.trim_end().to_string() + "\n";
    let actual = match (compile(path, &src), want_ok) {
        (Ok(ir), true) => ir,
        (Err(d), false) => d,
        (Ok(ir), false) => {
            return Err(format!(
                "{}: expected errors, compiled to\n{ir}",
                path.display()
            ))
        }
        (Err(d), true) => return Err(format!("{}: failed to compile:\n{d}", path.display())),
    };
    kauai_testkit::compare_or_bless(path, expected, &actual, || {
        format!("{src}\n{MARKER}{actual}*/\n").into_bytes()
    })
}
