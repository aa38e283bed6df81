// Property: disassembling arbitrary bytes as an AMD OpenCL 2.0 binary never panics (a
// malformed binary is an error), and assembling whatever it prints (`-a` and `-C`
// forms) never panics either. (Stable version: crates/gcn/tests/cl2_roundtrip.rs.)
#![no_main]

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, disassemble_cl2, AsmOptions, Cl2DisasmOptions, DisasmOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for (all, config) in [(true, false), (false, true)] {
        let opts = Cl2DisasmOptions { all, config, code: DisasmOptions::default() };
        if let Ok(d) = disassemble_cl2(data, &opts) {
            let mut sm = SourceMap::new();
            let f = sm.add("d.s", d.text);
            let mut diags = Diagnostics::new();
            let _ = assemble(&mut sm, f, &AsmOptions::default(), &mut diags);
        }
    }
});
