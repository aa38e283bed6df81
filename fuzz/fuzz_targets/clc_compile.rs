//! Property: `compile_opencl_c` (preprocess, parse, sema and lowering) never panics on
//! any input, and any module it returns passes the IR verifier (a verifier failure
//! would be a lowering bug). Inputs are bytes taken as an OpenCL C source file; the
//! first byte picks options (fp64, 32-bit pointers). The same property runs under
//! `cargo test` in `crates/clc/tests/lower_props.rs` on mutated test programs.
#![no_main]

use kauai_clc::{compile_opencl_c, CompileOptions};
use kauai_diag::SourceMap;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let mut opts = CompileOptions {
        fp64: mode & 1 != 0,
        ..CompileOptions::default()
    };
    if mode & 2 != 0 {
        opts.data_layout = kauai_ir::DataLayout::GPU32;
    }
    let mut sources = SourceMap::new();
    let file = sources.add("fuzz.cl", rest.to_vec());
    if let Ok((m, _)) = compile_opencl_c(&mut sources, &[file], &opts) {
        if let Err(e) = kauai_ir::verify_module(&m) {
            panic!("lowered IR does not verify:\n{e}");
        }
    }
});
