//! Property: the compiler-metadata reader never panics on any text, and every block it
//! accepts without error prints back to text that reads to the same block. The same
//! function is checked by `crates/amdil/tests/properties.rs` under `cargo test`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    kauai_amdil::props::metadata_holds(data);
});
