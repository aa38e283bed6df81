//! The IR text form's robustness property, shared by the fuzz target
//! (`fuzz/fuzz_targets/ir_parse.rs`) and the property test (`tests/it/roundtrip.rs`, on
//! mutations of a sample and the kept fuzz regressions), so both check the same thing. It
//! panics when the property fails. Not part of the crate's API.

use crate::{module_to_string, parse_str, verify_module};

/// The reader never panics; whatever it accepts prints to text that reads back and
/// prints identically; the verifier never panics on it.
pub fn text_round_trips(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(m) = parse_str("fuzz.ir", &text) {
        let _ = verify_module(&m);
        let printed = module_to_string(&m);
        let again = match parse_str("printed.ir", &printed) {
            Ok(again) => again,
            Err(e) => panic!("printed IR does not read back: {e}\n{printed}"),
        };
        let reprinted = module_to_string(&again);
        if reprinted != printed {
            let line = printed
                .lines()
                .zip(reprinted.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            panic!(
                "printing is not a fixpoint at line {}:\n  first:  {:?}\n  second: {:?}",
                line + 1,
                printed.lines().nth(line).unwrap_or(""),
                reprinted.lines().nth(line).unwrap_or("")
            );
        }
    }
}
