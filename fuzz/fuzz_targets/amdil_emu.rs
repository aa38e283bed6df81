//! Property: for any text, parsing, validating, linking (kernel named by a
//! `; RUN: kernel=NAME` line) and running the kauai emulator with bounded fuel returns a
//! value (diagnostics, link error, fault or report): never a panic, never a hang. The
//! same function is checked by `crates/amdil-emu/tests/robust.rs` under `cargo test`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = kauai_amdil_emu::props::run_holds(&String::from_utf8_lossy(data));
});
