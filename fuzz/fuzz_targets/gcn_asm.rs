// Property: the GCN assembler never panics on arbitrary source text, and its
// diagnostics always render. (Stable version: crates/gcn/tests/roundtrip.rs.)
#![no_main]

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, Arch, AsmOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, src)) = data.split_first() else { return };
    let arch = Arch::ALL[sel as usize % Arch::ALL.len()];
    let mut sm = SourceMap::new();
    let f = sm.add("f.s", src.to_vec());
    let mut d = Diagnostics::new();
    let opts = AsmOptions { arch: Some(arch), max_expansion_bytes: 1 << 20, ..AsmOptions::default() };
    let _ = assemble(&mut sm, f, &opts, &mut d);
    let _ = d.render(&sm);
});
