//! The decoder's and disassembler's robustness property, shared by the fuzz target
//! (`fuzz/fuzz_targets/gcn_decode.rs`) and the tests (`tests/it/roundtrip.rs`, which
//! also replays the kept fuzz regressions), so both check the same thing. It panics when
//! the property fails. Not part of the crate's API.

use kauai_diag::{Diagnostics, SourceMap};

use crate::{assemble, decode, disassemble, Arch, AsmOptions, DisasmOptions};

/// For any bytes (the first picks the architecture): disassembling never panics, and an
/// instruction that decodes disassembles to text that assembles back to its words.
pub fn decode_round_trips(data: &[u8]) {
    let Some((&sel, code)) = data.split_first() else {
        return;
    };
    let arch = Arch::ALL[sel as usize % Arch::ALL.len()];
    let words: Vec<u32> = code
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let _ = disassemble(
        code,
        arch,
        DisasmOptions {
            offsets: true,
            hex: true,
            floats: true,
        },
    );
    if let Ok((_, len)) = decode(arch, &words) {
        let bytes: Vec<u8> = words[..len].iter().flat_map(|w| w.to_le_bytes()).collect();
        let text = disassemble(&bytes, arch, DisasmOptions::default());
        let mut sm = SourceMap::new();
        let f = sm.add("d.s", text.clone());
        let mut d = Diagnostics::new();
        let opts = AsmOptions {
            arch: Some(arch),
            ..AsmOptions::default()
        };
        let out = assemble(&mut sm, f, &opts, &mut d)
            .unwrap_or_else(|_| panic!("disassembly does not assemble: {text}\n{}", d.render(&sm)));
        assert_eq!(
            out.code(),
            &bytes[..],
            "round trip changed the words: {text}"
        );
    }
}
