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
    if let Err(e) = decoded_words_round_trip(arch, &words) {
        panic!("{e}");
    }
}

/// Decode one instruction from `words`: `Ok(None)` when it does not decode,
/// `Ok(Some(len))` when its disassembly assembles back to its `len` words, and `Err` with
/// the text when it does not.
pub fn decoded_words_round_trip(arch: Arch, words: &[u32]) -> Result<Option<usize>, String> {
    let Ok((_, len)) = decode(arch, words) else {
        return Ok(None);
    };
    let words = &words[..len];
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let text = disassemble(&bytes, arch, DisasmOptions::default());
    let mut sm = SourceMap::new();
    let f = sm.add("d.s", text.clone());
    let mut d = Diagnostics::new();
    let opts = AsmOptions {
        arch: Some(arch),
        ..AsmOptions::default()
    };
    match assemble(&mut sm, f, &opts, &mut d) {
        Ok(out) if out.code() == &bytes[..] => Ok(Some(len)),
        Ok(out) => Err(format!(
            "{words:08x?}: '{}' assembles to other words: {:02x?}",
            text.trim(),
            out.code()
        )),
        Err(_) => Err(format!(
            "{words:08x?}: '{}' does not assemble:\n{}",
            text.trim(),
            d.render(&sm)
        )),
    }
}

/// For any bytes read as an AMD Catalyst OpenCL 1.2 binary: disassembling never panics,
/// and where the binary reads, its `-a` and `-C` listings assemble back to exactly its
/// bytes (fuzz target `fuzz/fuzz_targets/gcn_amd_disasm.rs`, test
/// `tests/it/clrx_amd_listings.rs`). The one documented exception: an explicit kernel
/// `.data` of exactly the default 4736 zero bytes reassembles as the default.
pub fn amd_listing_round_trips(data: &[u8]) {
    use crate::{disassemble_amd, Cl2DisasmOptions};
    use kauai_amdbin::amd::{read_amd, DEFAULT_DATA_SIZE};
    let Ok(input) = read_amd(data) else {
        return;
    };
    let zero_data = input.kernels.iter().any(|k| {
        k.data
            .as_ref()
            .is_some_and(|d| d.len() == DEFAULT_DATA_SIZE && d.iter().all(|b| *b == 0))
    });
    for (all, config) in [(true, false), (false, true)] {
        let opts = Cl2DisasmOptions {
            all,
            config,
            code: DisasmOptions::default(),
        };
        let text = match disassemble_amd(data, &opts) {
            Ok(d) => d.text,
            // Refused with a reason (a kernel name no source can spell).
            Err(kauai_amdbin::amd::AmdError::Unsupported(_)) => return,
            Err(e) => panic!("a binary that reads does not disassemble: {e}"),
        };
        let mut sm = SourceMap::new();
        let f = sm.add("d.s", text.clone());
        let mut diags = Diagnostics::new();
        let out = match assemble(&mut sm, f, &AsmOptions::default(), &mut diags) {
            Ok(o) => o,
            Err(_) => panic!(
                "listing (-a {all}, -C {config}) does not assemble: {}\n{text}",
                diags.render(&sm)
            ),
        };
        if !zero_data && out.binary.as_deref() != Some(data) {
            panic!("listing (-a {all}, -C {config}) assembles to other bytes\n{text}");
        }
    }
}
