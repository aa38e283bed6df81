//! Property: for any bytes, the AMD IL parser, validator and metadata reader never panic,
//! and whatever parses prints to text that parses back to an equal program and prints
//! identically (the printer is a fixpoint). The same function is checked by
//! `crates/amdil/tests/properties.rs` under `cargo test`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    kauai_amdil::props::parse_holds(data);
});
