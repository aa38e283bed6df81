//! Property: the host executor never panics and never hangs, for any module that parses
//! and verifies and any launch: `Program::new` and `Program::run` (with an instruction
//! budget) return `Ok` or `Err`. The input's first 8 bytes choose the ND-range and the
//! arguments, the rest is IR text. The same property runs under `cargo test` in
//! `crates/host/tests/robust.rs`.
#![no_main]

use std::sync::Arc;

use kauai_host::{ArgValue, Buffer, ExecOptions, NdRange, Program};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let (cfg, text) = data.split_at(8);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let Ok(module) = kauai_ir::parse_str("fuzz.ir", text) else {
        return;
    };
    let Ok(program) = Program::new(&module) else {
        return;
    };
    let nd = NdRange {
        work_dim: (cfg[0] % 4) as u32,
        global_offset: [cfg[1] as u64, 0, 0],
        global_size: [(cfg[2] % 64) as u64, (cfg[3] % 4) as u64, 1],
        local_size: [(cfg[4] % 17) as u64, 1 + (cfg[5] % 2) as u64, 1],
    };
    let args: Vec<ArgValue> = (0..cfg[6] % 6)
        .map(|i| match (cfg[7] >> i) & 3 {
            0 | 1 => ArgValue::Buffer(Arc::new(Buffer::new(64))),
            2 => ArgValue::Local { size: 64 },
            _ => ArgValue::Bytes(vec![i; 4]),
        })
        .collect();
    let opts = ExecOptions {
        threads: 2,
        fuel: Some(100_000),
        timeout: None,
        // New options take their defaults, so adding one cannot break this target again.
        ..ExecOptions::default()
    };
    for name in program.kernel_names() {
        let _ = program.run(name, &args, &nd, &opts);
    }
});
