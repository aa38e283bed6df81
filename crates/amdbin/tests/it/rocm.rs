//! The ROCm code object: clrxasm's outputs (frozen under the gcn crate's
//! `tests/data/clrx_bins/`) read and write back byte for byte; damaged copies are
//! refused without a panic, and what still reads writes back the same.

use kauai_amdbin::rocm::{read_rocm, write_rocm, RocmError};

const ORACLES: &[(&str, bool, usize, (u32, u32, u32))] = &[
    ("rocm_basic.bin", false, 1, (8, 0, 3)),
    ("rocm_basic_newfmt.bin", true, 1, (8, 0, 3)),
    ("rocm_multi.bin", false, 2, (9, 0, 0)),
    ("rocm_multi_newfmt.bin", true, 2, (9, 0, 0)),
];

fn oracle(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/../gcn/tests/data/clrx_bins/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn oracles_read_and_write_back() {
    for &(name, new_format, kernels, isa) in ORACLES {
        let bytes = oracle(name);
        let input = read_rocm(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(input.new_format, new_format, "{name}");
        assert_eq!(input.kernels.len(), kernels, "{name}");
        assert_eq!(input.isa, isa, "{name}");
        assert!(write_rocm(&input).expect("writes") == bytes, "{name}");
    }
}

/// Cheap deterministic mutations (a byte flipped, the file cut) of every oracle:
/// reading never panics, and a file that reads writes back identically.
#[test]
fn mutated_oracles_never_panic() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for &(name, ..) in ORACLES {
        let bytes = oracle(name);
        for i in 0..400 {
            let mut b = bytes.clone();
            if i % 10 == 0 {
                b.truncate((next() % bytes.len() as u64) as usize);
            } else {
                let at = (next() % b.len() as u64) as usize;
                b[at] ^= 1 << (next() % 8);
            }
            kauai_amdbin::rocm::read_write_holds(&b);
        }
    }
}

#[test]
fn other_files_are_refused() {
    assert!(read_rocm(b"not an elf").is_err());
    let mut b = oracle("rocm_basic.bin");
    b[18] = 0x5a; // e_machine
    assert!(matches!(read_rocm(&b), Err(RocmError::NotRocm(_))));
}
