//! The ROCm code object: clrxasm's outputs (frozen under the gcn crate's
//! `tests/data/clrx_bins/`) read and write back byte for byte; damaged copies are
//! refused without a panic, and what still reads writes back the same.

use kauai_amdbin::rocm::{read_rocm, write_rocm, RocmError};

use crate::common::{clrx_oracle, damaged};

const ORACLES: &[(&str, bool, usize, (u32, u32, u32))] = &[
    ("rocm_basic.bin", false, 1, (8, 0, 3)),
    ("rocm_basic_newfmt.bin", true, 1, (8, 0, 3)),
    ("rocm_multi.bin", false, 2, (9, 0, 0)),
    ("rocm_multi_newfmt.bin", true, 2, (9, 0, 0)),
];

#[test]
fn oracles_read_and_write_back() {
    for &(name, new_format, kernels, isa) in ORACLES {
        let bytes = clrx_oracle(name);
        let input = read_rocm(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(input.new_format, new_format, "{name}");
        assert_eq!(input.kernels.len(), kernels, "{name}");
        assert_eq!(input.isa, isa, "{name}");
        assert!(write_rocm(&input).expect("writes") == bytes, "{name}");
    }
}

/// Deterministic damage (the file cut, a bit or bytes overwritten) of every oracle:
/// reading never panics, and a file that reads writes back identically.
#[test]
fn mutated_oracles_never_panic() {
    for &(name, ..) in ORACLES {
        let bytes = clrx_oracle(name);
        for b in damaged(&bytes, 0x2545_f491_4f6c_dd1d, 400) {
            kauai_amdbin::rocm::read_write_holds(&b);
        }
    }
}

#[test]
fn other_files_are_refused() {
    assert!(read_rocm(b"not an elf").is_err());
    let mut b = clrx_oracle("rocm_basic.bin");
    b[18] = 0x5a; // e_machine
    assert!(matches!(read_rocm(&b), Err(RocmError::NotRocm(_))));
}
