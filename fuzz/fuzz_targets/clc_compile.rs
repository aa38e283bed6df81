//! Property: `compile_opencl_c` (preprocess, parse, sema and lowering) never panics on
//! any input, and any module it returns passes the IR verifier (a verifier failure
//! would be a lowering bug). Inputs are bytes taken as an OpenCL C source file; the
//! first byte picks options (fp64, 32-bit pointers, compile only). The property is
//! `kauai_clc::props::compile_holds`; `crates/clc/tests/lower_props.rs` runs it too, on
//! mutated test programs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kauai_clc::props::compile_fuzz(data));
