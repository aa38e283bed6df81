//! Property: for any text that parses as IR and passes the verifier, every optimizer
//! pass, any sequence of passes chosen by the input, and both finalize pipelines leave
//! a module the verifier accepts, and never panic (a pass may return an error). Same
//! check as `crates/opt/tests/properties.rs` under `cargo test`.
#![no_main]

use kauai_ir::{parse_str, verify_module};
use kauai_opt::{finalize_pipeline, pass_names, run_passes, OptLevel};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks a pass sequence; the rest is the module text.
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let Ok(m) = parse_str("fuzz.ir", &text) else {
        return;
    };
    if verify_module(&m).is_err() {
        return;
    }
    let names = pass_names();
    let seq: Vec<&str> = (0..4)
        .map(|k| names[((pick as usize) >> k) % names.len()])
        .collect();
    for passes in [seq.clone(), names.to_vec()] {
        let mut o = m.clone();
        let _ = run_passes(&mut o, &passes);
        if let Err(e) = verify_module(&o) {
            panic!("invalid after {passes:?}: {e}");
        }
    }
    for level in [OptLevel::Default, OptLevel::None] {
        let mut o = m.clone();
        let _ = finalize_pipeline(&mut o, level);
        if let Err(e) = verify_module(&o) {
            panic!("invalid after finalize {level:?}: {e}");
        }
    }
});
