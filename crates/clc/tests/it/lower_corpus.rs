//! Every kernel of the repository (`examples/*.cl`, `filetests/run/**/*.cl`) compiles
//! without errors, and its module passes the IR verifier. Files whose name says they are
//! expected to fail (`filetests/run/errors/`) are skipped, and so are run-tests that
//! expect a failure (`// CHECK-FAIL:`), which may well be a compile error.

use std::path::{Path, PathBuf};

use kauai_clc::{compile_opencl_c, CompileOptions};
use kauai_diag::SourceMap;

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n == "errors") {
                continue;
            }
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "cl") {
            out.push(p);
        }
    }
}

/// `-cl-options '...'` and `-D...` found on `// RUN:` lines.
fn run_options(src: &str) -> CompileOptions {
    // The host device's facts: doubles, half, images, the 64-bit atomics and counters.
    let mut opts = CompileOptions {
        fp64: true,
        images: true,
        extensions: vec![
            "cl_khr_int64_base_atomics".into(),
            "cl_khr_int64_extended_atomics".into(),
            "cl_khr_fp16".into(),
            "cl_ext_atomic_counters_32".into(),
        ],
        ..CompileOptions::default()
    };
    for line in src.lines() {
        let Some(rest) = line.trim_start().strip_prefix("// RUN:") else {
            continue;
        };
        if let Some(i) = rest.find("-cl-options") {
            let tail = rest[i + "-cl-options".len()..].trim_start();
            let q = tail.chars().next().unwrap_or(' ');
            if q == '\'' || q == '"' {
                if let Some(end) = tail[1..].find(q) {
                    let _ = opts.apply_build_options(&tail[1..1 + end]);
                }
            }
        }
    }
    opts
}

/// Kernels that are not valid OpenCL C, with the reason. Each must keep failing: once
/// its owner fixes it, this test asks for the entry to be removed.
const KNOWN_INVALID: &[(&str, &str)] = &[];

#[test]
fn repository_kernels_compile() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository root");
    let mut paths = Vec::new();
    collect(&root.join("examples"), &mut paths);
    collect(&root.join("filetests/run"), &mut paths);
    paths.sort();
    let mut failures = Vec::new();
    for p in &paths {
        let src = std::fs::read_to_string(p).expect("readable");
        if src
            .lines()
            .any(|l| l.trim_start().starts_with("// CHECK-FAIL:"))
        {
            continue;
        }
        let mut sm = SourceMap::new();
        let f = sm.add(p.display().to_string(), src.as_str());
        let mut opts = run_options(&src);
        opts.include_dirs
            .push(p.parent().map(Path::to_path_buf).unwrap_or_default());
        let rel = p
            .strip_prefix(&root)
            .unwrap_or(p)
            .to_string_lossy()
            .replace('\\', "/");
        let known = KNOWN_INVALID.iter().any(|(k, _)| rel == *k);
        let result = compile_opencl_c(&mut sm, &[f], &opts);
        if known {
            if result.is_ok() {
                failures.push(format!("{rel} compiles now: remove it from KNOWN_INVALID"));
            }
            continue;
        }
        match result {
            Ok((m, _)) => {
                if let Err(e) = kauai_ir::verify_module(&m) {
                    failures.push(format!("{}: verifier:\n{e}", p.display()));
                }
            }
            Err(d) => failures.push(d.render(&sm)),
        }
    }
    assert!(
        paths.len() >= 10 || !root.join("filetests/run").exists(),
        "found only {} kernels",
        paths.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} files failed:\n{}",
        failures.len(),
        paths.len(),
        failures.join("\n")
    );
}
