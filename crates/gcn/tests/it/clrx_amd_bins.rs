//! Byte equality with `clrxasm -b amd` (AMD Catalyst OpenCL 1.2 binaries), frozen
//! under `tests/data/clrx_bins/` (table `amd_expected.txt`: binary, source, bitness,
//! driver version), and the reader's round trip on the same files. Each binary is its
//! own named trial in the failure message.

use kauai_amdbin::amd::{read_amd, write_amd};
use kauai_gcn::{AsmOptions, Format};

use crate::common::{binaries_match_clrxasm, clrx_file, table_names};

#[test]
fn amd_binaries_match_clrxasm() {
    // Columns: bitness, driver version.
    binaries_match_clrxasm("amd_expected.txt", 5, |cols| AsmOptions {
        format: Format::Amd,
        bits64: cols[0] == "64",
        driver_version: Some(cols[1].parse().expect("driver version")),
        ..AsmOptions::default()
    });
}

#[test]
fn amd_binaries_read_and_write_back() {
    for name in table_names("amd_expected.txt") {
        let bytes = clrx_file(&format!("{name}.bin"));
        let input = read_amd(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let again = write_amd(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(again == bytes, "{name}: written back differently");
    }
}
