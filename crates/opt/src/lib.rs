//! Kauai's optimizer: passes that rewrite a [`kauai_ir::Module`] in place.
//!
//! Each pass is a unit with a name, its own file-driven tests (`filetests/opt/*.ir`) and
//! one promise: a module the verifier accepts before the pass is still accepted after.
//!
//! General-purpose passes, which make the front end's simple output fast:
//! - `mem2reg` turns local variables (an `alloca` read and written by loads and stores)
//!   into SSA values with block parameters;
//! - `inline` copies the body of every called function into its caller (OpenCL C has
//!   no recursion; recursive cycles are left alone);
//! - `constfold` evaluates instructions whose operands are constants, bit-exactly, and
//!   turns branches on constants into jumps;
//! - `dce` deletes unused side-effect-free instructions, unreachable blocks and block
//!   parameters nobody reads;
//! - `simplifycfg` merges straight-line blocks and skips blocks that only jump;
//! - `globaldce` removes the functions, declarations and globals no kernel reaches
//!   (only for a complete program: the finalize pipelines run it, compiling does not).
//!
//! ComputeMux passes (docs/spec/computemux.md), which every pipeline runs because the executors
//! depend on them:
//! - `lower-to-mux` replaces the OpenCL work-item and synchronization functions (calls to
//!   SPIR-mangled declarations such as `_Z13get_global_idj`) by the `__mux_*` builtins,
//!   and marks kernels that use no sub-group builtin with `"mux-no-subgroups"`;
//! - `prepare-barriers` inlines every function that contains a work-group barrier, so
//!   barriers only appear in kernels, and numbers the barriers of each kernel.
//!
//! Target passes, which a target runs in its late passes when it needs them:
//! - `split-unaligned` turns loads and stores whose alignment is below their element
//!   size (packed struct members) into aligned pieces, for dword-addressed memories;
//! - `strip-async-markers` removes the markers of asynchronous copies that only the
//!   checking interpreter follows.
//!
//! [`run_passes`] runs passes by name (as `muxc --passes` does in the ComputeMux tree;
//! [`run_passes_checked`] also verifies after each pass);
//! [`finalize_pipeline`] is the fixed order the compiler uses when it finalizes a
//! program. No pass recurses on the IR's structure (hostile input cannot overflow the
//! stack), and every pass is linear or close to it in the size of a function.

#![forbid(unsafe_code)]

mod barriers;
mod constfold;
mod dce;
mod globaldce;
mod inline;
pub use inline::{MAX_INLINE_CALLEE_INSTS, MAX_INLINE_CALLER_INSTS};
mod lower_mux;
mod mem2reg;
mod simplifycfg;
mod split_unaligned;
mod strip_markers;
mod util;

use kauai_ir::Module;

/// Why a pass could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptError {
    #[error("unknown pass `{name}` (known passes: {known})")]
    UnknownPass { name: String, known: String },
    #[error("not supported yet: {0}")]
    Unsupported(String),
    /// Only from [`run_passes_checked`]: a pass broke the module (a bug in the pass).
    #[error("the module is invalid after pass `{pass}`:\n{errors}")]
    Invalid { pass: String, errors: String },
}

/// How hard the finalize pipeline works.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum OptLevel {
    /// `-cl-opt-disable`: only the passes the executors rely on.
    None,
    /// The default: clean up the front end's output.
    #[default]
    Default,
}

/// Pass names accepted by [`run_passes`], in the order of the crate docs.
pub fn pass_names() -> &'static [&'static str] {
    &[
        "mem2reg",
        "inline",
        "constfold",
        "dce",
        "simplifycfg",
        "globaldce",
        "lower-to-mux",
        "prepare-barriers",
        "split-unaligned",
        "strip-async-markers",
    ]
}

/// Run the named passes in order. Unknown names are rejected before anything runs.
pub fn run_passes(m: &mut Module, names: &[&str]) -> Result<(), OptError> {
    check_names(names)?;
    for n in names {
        run_pass(m, n)?;
    }
    Ok(())
}

/// [`run_passes`], running the verifier before the first pass and after each one, for
/// tests and debugging tools. An input the verifier rejects is reported as invalid
/// before pass `(input)`.
pub fn run_passes_checked(m: &mut Module, names: &[&str]) -> Result<(), OptError> {
    let check = |m: &Module, pass: &str| {
        kauai_ir::verify_module(m).map_err(|e| OptError::Invalid {
            pass: pass.to_string(),
            errors: e.to_string(),
        })
    };
    check_names(names)?;
    check(m, "(input)")?;
    for n in names {
        run_pass(m, n)?;
        check(m, n)?;
    }
    Ok(())
}

fn check_names(names: &[&str]) -> Result<(), OptError> {
    match names.iter().find(|n| !pass_names().contains(n)) {
        Some(n) => Err(OptError::UnknownPass {
            name: n.to_string(),
            known: pass_names().join(", "),
        }),
        None => Ok(()),
    }
}

fn run_pass(m: &mut Module, name: &str) -> Result<(), OptError> {
    match name {
        "mem2reg" => mem2reg::run(m),
        "inline" => inline::run(m)?,
        "constfold" => constfold::run(m),
        "dce" => dce::run(m),
        "simplifycfg" => simplifycfg::run(m),
        "globaldce" => globaldce::run(m),
        "lower-to-mux" => lower_mux::run(m)?,
        "prepare-barriers" => barriers::run(m)?,
        "split-unaligned" => split_unaligned::run(m),
        "strip-async-markers" => strip_markers::run(m),
        other => {
            return Err(OptError::UnknownPass {
                name: other.to_string(),
                known: pass_names().join(", "),
            })
        }
    }
    Ok(())
}

/// The passes of [`finalize_pipeline`] at each level.
///
/// `globaldce` runs before anything else works on the functions, so no pass spends time
/// on (or fails on) a function no kernel calls, and again at the end for the helpers
/// inlining and branch folding left without callers.
pub fn finalize_passes(level: OptLevel) -> &'static [&'static str] {
    match level {
        OptLevel::None => &["lower-to-mux", "globaldce", "prepare-barriers"],
        OptLevel::Default => &[
            "lower-to-mux",
            "globaldce",
            "inline",
            "mem2reg",
            "constfold",
            "simplifycfg",
            "dce",
            "prepare-barriers",
            "constfold",
            "simplifycfg",
            "dce",
            "globaldce",
        ],
    }
}

/// Finalize a program's module: lower to the ComputeMux builtins, remove what no
/// kernel reaches, optimize unless `level` is [`OptLevel::None`], and prepare barriers
/// (every executor needs unique barrier ids, even with `-cl-opt-disable`).
pub fn finalize_pipeline(m: &mut Module, level: OptLevel) -> Result<(), OptError> {
    run_passes(m, finalize_passes(level))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_pass_names_are_rejected_before_anything_runs() {
        let text = "declare @_Z13get_global_idj(i32) -> i64\n";
        let mut m = kauai_ir::parse_str("t.ir", text).unwrap_or_else(|e| panic!("{e}"));
        let err = run_passes(&mut m, &["lower-to-mux", "mem2regg"]).expect_err("unknown");
        assert_eq!(
            err.to_string(),
            "unknown pass `mem2regg` (known passes: mem2reg, inline, constfold, dce, \
             simplifycfg, globaldce, lower-to-mux, prepare-barriers, split-unaligned, \
             strip-async-markers)"
        );
        // lower-to-mux did not run: the declaration is still there.
        assert!(m.func_by_name("_Z13get_global_idj").is_some());
    }

    #[test]
    fn checked_runs_report_invalid_input() {
        let text = "function @f() -> i32 {\nblock0:\n    return\n}\n";
        let mut m = kauai_ir::parse_str("t.ir", text).unwrap_or_else(|e| panic!("{e}"));
        match run_passes_checked(&mut m, &["dce"]) {
            Err(OptError::Invalid { pass, errors }) => {
                assert_eq!(pass, "(input)");
                assert!(errors.contains("returns void"), "{errors}");
            }
            other => panic!("{other:?}"),
        }
        let ok = "function @f() -> void {\nblock0:\n    return\n}\n";
        let mut m = kauai_ir::parse_str("t.ir", ok).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(run_passes_checked(&mut m, pass_names()), Ok(()));
    }

    #[test]
    fn pipelines_use_known_passes_and_always_prepare_barriers() {
        for level in [OptLevel::None, OptLevel::Default] {
            let p = finalize_passes(level);
            assert!(p.iter().all(|n| pass_names().contains(n)));
            assert_eq!(p.first(), Some(&"lower-to-mux"));
            assert!(p.contains(&"prepare-barriers"));
        }
        assert_eq!(
            finalize_passes(OptLevel::None),
            ["lower-to-mux", "globaldce", "prepare-barriers"]
        );
    }
}
