//! Property: any bytes given to the runtime as an IL program for `kauai:cypress` build,
//! bind default arguments and run with bounded fuel to a value (build error, argument
//! error, fault or report): never a panic, never a hang. Same check as
//! `crates/runtime/tests/il_robust.rs` under `cargo test`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = kauai_runtime::probe_il(data);
});
