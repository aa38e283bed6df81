// Property: the GCN decoder and disassembler never panic on arbitrary bytes, and
// whatever decodes disassembles to text that assembles back to the same words.
// (Stable version: crates/gcn/tests/roundtrip.rs.)
#![no_main]

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, decode, disassemble, Arch, AsmOptions, DisasmOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, code)) = data.split_first() else { return };
    let arch = Arch::ALL[sel as usize % Arch::ALL.len()];
    let words: Vec<u32> = code.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let _ = disassemble(code, arch, DisasmOptions { offsets: true, hex: true, floats: true });
    if let Ok((_, len)) = decode(arch, &words) {
        let bytes: Vec<u8> = words[..len].iter().flat_map(|w| w.to_le_bytes()).collect();
        let text = disassemble(&bytes, arch, DisasmOptions::default());
        let mut sm = SourceMap::new();
        let f = sm.add("d.s", text.clone());
        let mut d = Diagnostics::new();
        let out = assemble(&mut sm, f, &AsmOptions { arch: Some(arch), ..AsmOptions::default() }, &mut d)
            .unwrap_or_else(|_| panic!("disassembly does not assemble: {text}\n{}", d.render(&sm)));
        assert_eq!(out.code(), &bytes[..], "round trip changed the words: {text}");
    }
});
