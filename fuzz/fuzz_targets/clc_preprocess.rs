//! Property: the OpenCL C preprocessor never panics, never hangs and never overflows the
//! stack, for any bytes: the first byte splits the input into two source strings (one
//! translation unit), the second selects options, and the input is also reachable as an
//! `#include`d file and as an input header. The output always ends in exactly one Eof,
//! `leading` is parallel to `tokens`, and printing it back (`-E`) works. The property is
//! `kauai_clc::props::preprocess_holds`; `crates/clc/tests/pp_props.rs` runs it too.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kauai_clc::props::preprocess_fuzz(data));
