//! Byte equality with `clrxasm` on AMD CL2 binaries it wrote from small sources
//! (`tests/data/clrx_bins/`, frozen from `../shared/oracles/clrx/bin`): each row of
//! `expected.txt` names a binary, its source, and whether every byte or the container
//! before the inner ELF must match (with the known difference written beside it). The
//! driver version and bitness come from the name (`NAME_DRIVER_BITS`).

use kauai_gcn::{AsmOptions, Format};

use crate::common::{assemble_binary, binaries_match_clrxasm, clrx_file, table_rows};

#[test]
fn cl2_binaries_match_clrxasm() {
    let mut checked = 0;
    for line in table_rows("expected.txt") {
        let cols: Vec<&str> = line.split_whitespace().collect();
        let [name, source, compare] = cols[..] else {
            panic!("bad row: {line}");
        };
        let mut parts = name.rsplit('_');
        let bits64 = parts.next() == Some("64");
        let driver: u32 = parts.next().and_then(|d| d.parse().ok()).expect("driver");
        let src = String::from_utf8(clrx_file(source)).expect("utf-8");
        let opts = AsmOptions {
            format: Format::AmdCl2,
            bits64,
            driver_version: Some(driver),
            ..AsmOptions::default()
        };
        let ours = assemble_binary(source, src, &opts).unwrap_or_else(|e| panic!("{name}: {e}"));
        let theirs = clrx_file(&format!("{name}.bin"));
        let end = match compare {
            "all" => {
                assert_eq!(ours.len(), theirs.len(), "{name}: length");
                theirs.len()
            }
            // The inner ELF starts at the second ELF magic.
            "outer" => theirs
                .windows(4)
                .skip(1)
                .position(|w| w == b"\x7fELF")
                .map_or(theirs.len(), |i| i + 1),
            _ => panic!("bad compare column: {line}"),
        };
        let first = ours[..end.min(ours.len())]
            .iter()
            .zip(&theirs[..end])
            .position(|(a, b)| a != b);
        assert!(
            first.is_none() && ours.len() >= end,
            "{name}: first difference at byte {first:?} of {end} compared"
        );
        checked += 1;
    }
    assert_eq!(checked, 16);
}

#[test]
fn rocm_binaries_match_clrxasm() {
    binaries_match_clrxasm("expected_rocm.txt", 4, |cols| AsmOptions {
        format: Format::Rocm,
        rocm_new_format: cols == ["new"],
        ..AsmOptions::default()
    });
}

#[test]
fn gallium_binaries_match_clrxasm() {
    binaries_match_clrxasm("expected_gallium.txt", 5, |cols| {
        let mut opts = AsmOptions {
            format: Format::Gallium,
            ..AsmOptions::default()
        };
        for o in cols.join(" ").split(',').filter(|o| *o != "-") {
            match o.split_once('=') {
                Some(("llvm", v)) => opts.llvm_version = Some(v.parse().expect("llvm")),
                Some(("mesa", v)) => opts.driver_version = Some(v.parse().expect("mesa")),
                None if o == "64" => opts.bits64 = true,
                _ => panic!("bad option {o} in: {cols:?}"),
            }
        }
        opts
    });
}
