//! The emulator's robustness property, shared by the `amdil_emu` fuzz target (on
//! fuzzer-chosen bytes) and `tests/robust.rs` (on deterministic mutations of the
//! run-test files), so both check exactly the same thing. Not part of the crate's API.

use kauai_amdil::abi::Cb0Params;
use kauai_amdil::{link, parse_str, validate, Program};
use kauai_diag::{Diagnostics, FileId};

use crate::{run, Launch, Memory, Options};

/// Parse, validate, link (the kernel a `; RUN: kernel=NAME` line names) and, when all
/// that succeeds, run `text` with little fuel on 4 work-items in groups of 2, pointer
/// arguments at 0, 64, 128 and 192 of a 512-byte global memory. The property is that
/// this returns: whatever happens is a value (a diagnostic, a link error, a fault or a
/// report), never a panic or a hang. Returns whether the kernel ran to completion.
pub fn run_holds(text: &str) -> bool {
    let mut d = Diagnostics::new();
    let p = parse_str(text, FileId(0), &mut d);
    if !validate(&p, &mut d) || d.has_errors() {
        return false;
    }
    let Some(kernel) = text
        .lines()
        .find_map(|l| l.strip_prefix("; RUN: kernel="))
        .and_then(|r| r.split_whitespace().next())
    else {
        return false;
    };
    let Ok(k) = link(&p, kernel, &Program::default()) else {
        return false;
    };
    let mut mem = Memory {
        global: vec![0; 512],
        ..Memory::default()
    };
    let launch = Launch::ndrange(1, [4, 1, 1], [2, 1, 1], Cb0Params::default());
    let cb1 = [0u32, 0, 0, 0, 64, 0, 0, 0, 128, 0, 0, 0, 192, 0, 0, 0];
    let opts = Options {
        fuel: 20_000,
        device: None,
        deadline: None,
    };
    run(&k, &cb1, &mut mem, &launch, &opts).is_ok()
}
