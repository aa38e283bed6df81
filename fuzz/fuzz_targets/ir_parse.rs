//! Property: the IR text reader never panics, and whatever it accepts prints back to text
//! that reads again into the same printed form (the text form round-trips). The verifier
//! never panics on what the reader accepts. `crates/ir/tests/roundtrip.rs` runs the same
//! property briefly under `cargo test`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(m) = kauai_ir::parse_str("fuzz.ir", &text) {
        let _ = kauai_ir::verify_module(&m);
        let printed = kauai_ir::module_to_string(&m);
        let again = kauai_ir::parse_str("printed.ir", &printed).expect("printed IR must read back");
        assert_eq!(kauai_ir::module_to_string(&again), printed);
    }
});
