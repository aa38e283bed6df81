//! Property: the IR text reader never panics, and whatever it accepts prints back to text
//! that reads again into the same printed form (the text form round-trips). The verifier
//! never panics on what the reader accepts. `kauai_ir::props`, also run by
//! `crates/ir/tests/it/roundtrip.rs` under `cargo test`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kauai_ir::props::text_round_trips(data));
