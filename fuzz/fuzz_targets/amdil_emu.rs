//! Property: for any text, parsing, validating, linking (kernel named by a
//! `; RUN: kernel=NAME` line) and running the kauai emulator with bounded fuel returns a
//! value (diagnostics, link error, fault or report): never a panic, never a hang. Same
//! check as `crates/amdil-emu/tests/robust.rs` under `cargo test`.
#![no_main]

use kauai_amdil::abi::Cb0Params;
use kauai_amdil::{link, parse_str, validate, Program};
use kauai_amdil_emu::{run, Launch, Memory, Options};
use kauai_diag::{Diagnostics, FileId};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut d = Diagnostics::new();
    let p = parse_str(&text, FileId(0), &mut d);
    if !validate(&p, &mut d) || d.has_errors() {
        return;
    }
    let Some(kernel) = text
        .lines()
        .find_map(|l| l.strip_prefix("; RUN: kernel="))
        .and_then(|r| r.split_whitespace().next())
    else {
        return;
    };
    let Ok(k) = link(&p, kernel, &Program::default()) else {
        return;
    };
    let mut mem = Memory {
        global: vec![0; 512],
        ..Memory::default()
    };
    let launch = Launch {
        work_dim: 1,
        global: [4, 1, 1],
        local: [2, 1, 1],
        cb0: Cb0Params::default(),
        lds_min: Vec::new(),
    };
    let cb1 = [0u32, 0, 0, 0, 64, 0, 0, 0, 128, 0, 0, 0, 192, 0, 0, 0];
    let _ = run(
        &k,
        &cb1,
        &mut mem,
        &launch,
        &Options {
            fuel: 20_000,
            device: None,
            deadline: None,
        },
    );
});
