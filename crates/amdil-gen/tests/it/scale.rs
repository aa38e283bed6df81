//! Programs with many functions build and run in time linear in their size (a
//! chain of 500 helpers took 22 s on kauai:cypress). No timing is asserted: with a
//! quadratic stage these take minutes instead of about a second.

use std::path::PathBuf;

/// `f0` calls `f1` ... calls `f{n-1}`, each adding one; kernel `k{j}` (`kernels` of them)
/// stores `f0(o[0]) + j`.
fn chain(n: usize, kernels: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!("int f{i}(int x);\n"));
    }
    for i in 0..n - 1 {
        s.push_str(&format!(
            "int f{i}(int x) {{ return f{}(x) + 1; }}\n",
            i + 1
        ));
    }
    s.push_str(&format!("int f{}(int x) {{ return x + 1; }}\n", n - 1));
    for j in 0..kernels {
        s.push_str(&format!(
            "__kernel void k{j}(__global int *o) {{ o[0] = f0(o[0]) + {j}; }}\n"
        ));
    }
    s
}

/// Run the last kernel of [`chain`] (starting from 5) on the host and on kauai:cypress
/// with `options`; both must print `5 + n + kernels - 1`.
fn run_chain(n: usize, kernels: usize, options: &str) {
    let dir: PathBuf = std::env::temp_dir().join(format!(
        "kauai-amdil-gen-scale-{}-{n}-{kernels}-{}",
        std::process::id(),
        options.len()
    ));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let path = dir.join("chain.cl");
    let text = format!(
        "// RUN: kauai oclc -cl-options '{options}' -execute -enqueue k{} -arg o,5 -print o,1 -global 1 %s\n// CHECK: o,{}\n{}",
        kernels - 1,
        5 + n + kernels - 1,
        chain(n, kernels)
    );
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let host = kauai_filetests::run_cl(&path, None);
    let dev = kauai_filetests::run_file_on_device(&path, "kauai:cypress", &host);
    let _ = std::fs::remove_dir_all(&dir);
    dev.unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_chain_of_2000_helpers_builds_and_runs_on_cypress() {
    run_chain(2000, 1, "");
}

#[test]
fn a_chain_of_1000_calls_left_in_place_runs_on_cypress() {
    // At -cl-opt-disable every call stays a call (the emulator allows 1,024 nested ones).
    run_chain(1000, 1, "-cl-opt-disable");
}

#[test]
fn a_thousand_kernels_sharing_a_chain_of_1000_calls_run_on_cypress() {
    // Each kernel's needs (private frame, LDS, barriers...) cover every function it
    // reaches: summarised once per function, not walked again per kernel.
    run_chain(1000, 1000, "-cl-opt-disable");
}
