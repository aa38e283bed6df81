//! The Gallium binary: clrxasm's outputs (frozen under the gcn crate's
//! `tests/data/clrx_bins/`) read and write back byte for byte; damaged copies are
//! refused without a panic, and what still reads writes back the same.

use kauai_amdbin::gallium::{read_gallium, read_write_holds, write_gallium};

use crate::common::{clrx_oracle, damaged};

const ORACLES: &[(&str, bool, u32, usize)] = &[
    ("gallium_basic_llvm38.bin", false, 0, 3),
    ("gallium_basic_llvm38_64.bin", true, 0, 3),
    ("gallium_hsa_default.bin", false, 0, 5),
    ("gallium_hsa_llvm40_64.bin", true, 0, 5),
    ("gallium_hsa_mesa1702_llvm50.bin", false, 170000, 5),
];

#[test]
fn oracles_read_and_write_back() {
    for &(name, is64, mesa, entries) in ORACLES {
        let bytes = clrx_oracle(name);
        let input = read_gallium(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(input.is64, is64, "{name}");
        assert_eq!(input.mesa_version, mesa, "{name}");
        assert_eq!(input.kernels.len(), 2, "{name}");
        assert_eq!(input.kernels[0].proginfo.len(), entries, "{name}");
        assert!(write_gallium(&input).expect("writes") == bytes, "{name}");
    }
}

/// Deterministic damage (the file cut, a bit or bytes overwritten) of every oracle: reading
/// never panics, and a file that reads writes back identically.
#[test]
fn mutated_oracles_never_panic() {
    for &(name, ..) in ORACLES {
        let bytes = clrx_oracle(name);
        for b in damaged(&bytes, 0x9e37_79b9_7f4a_7c15, 400) {
            read_write_holds(&b);
        }
    }
}
