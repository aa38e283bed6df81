//! Byte equality with `clrxasm` on AMD CL2 binaries it wrote from small sources
//! (`tests/data/clrx_bins/`, frozen from `../shared/oracles/clrx/bin`): each row of
//! `expected.txt` names a binary, its source, and whether every byte or the container
//! before the inner ELF must match (with the known difference written beside it). The
//! driver version and bitness come from the name (`NAME_DRIVER_BITS`).

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, AsmOptions, Format};

fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/clrx_bins/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn cl2_binaries_match_clrxasm() {
    let table = String::from_utf8(data("expected.txt")).expect("utf-8");
    let mut checked = 0;
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split_whitespace().collect();
        let [name, source, compare] = cols[..] else {
            panic!("bad row: {line}");
        };
        let mut parts = name.rsplit('_');
        let bits64 = parts.next() == Some("64");
        let driver: u32 = parts.next().and_then(|d| d.parse().ok()).expect("driver");
        let src = String::from_utf8(data(source)).expect("utf-8");
        let mut sm = SourceMap::new();
        let f = sm.add(source, src);
        let mut d = Diagnostics::new();
        let opts = AsmOptions {
            format: Format::AmdCl2,
            bits64,
            driver_version: Some(driver),
            ..AsmOptions::default()
        };
        let out = assemble(&mut sm, f, &opts, &mut d)
            .unwrap_or_else(|_| panic!("{name}: {}", d.render(&sm)));
        let ours = out.binary.expect("a binary");
        let theirs = data(&format!("{name}.bin"));
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

/// The first differing byte of two files, or the length difference, for a message.
fn first_difference(ours: &[u8], theirs: &[u8]) -> Option<usize> {
    ours.iter()
        .zip(theirs)
        .position(|(a, b)| a != b)
        .or((ours.len() != theirs.len()).then(|| ours.len().min(theirs.len())))
}

#[test]
fn rocm_binaries_match_clrxasm() {
    let table = String::from_utf8(data("expected_rocm.txt")).expect("utf-8");
    let mut checked = 0;
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split_whitespace().collect();
        let [name, source, options] = cols[..] else {
            panic!("bad row: {line}");
        };
        let src = String::from_utf8(data(source)).expect("utf-8");
        let mut sm = SourceMap::new();
        let f = sm.add(source, src);
        let mut d = Diagnostics::new();
        let opts = AsmOptions {
            format: Format::Rocm,
            rocm_new_format: options == "new",
            ..AsmOptions::default()
        };
        let out = assemble(&mut sm, f, &opts, &mut d)
            .unwrap_or_else(|_| panic!("{name}: {}", d.render(&sm)));
        let ours = out.binary.expect("a binary");
        let theirs = data(&format!("{name}.bin"));
        if let Some(at) = first_difference(&ours, &theirs) {
            std::fs::write(format!("/tmp/{name}.ours.bin"), &ours).ok();
            panic!(
                "{name}: first difference at byte {at:#x} ({} vs {} bytes)",
                ours.len(),
                theirs.len()
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 4);
}

#[test]
fn gallium_binaries_match_clrxasm() {
    let table = String::from_utf8(data("expected_gallium.txt")).expect("utf-8");
    let mut checked = 0;
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split_whitespace().collect();
        let [name, source, options] = cols[..] else {
            panic!("bad row: {line}");
        };
        let mut opts = AsmOptions {
            format: Format::Gallium,
            ..AsmOptions::default()
        };
        for o in options.split(',').filter(|o| *o != "-") {
            match o.split_once('=') {
                Some(("llvm", v)) => opts.llvm_version = Some(v.parse().expect("llvm")),
                Some(("mesa", v)) => opts.driver_version = Some(v.parse().expect("mesa")),
                None if o == "64" => opts.bits64 = true,
                _ => panic!("bad option {o} in: {line}"),
            }
        }
        let src = String::from_utf8(data(source)).expect("utf-8");
        let mut sm = SourceMap::new();
        let f = sm.add(source, src);
        let mut d = Diagnostics::new();
        let out = assemble(&mut sm, f, &opts, &mut d)
            .unwrap_or_else(|_| panic!("{name}: {}", d.render(&sm)));
        let ours = out.binary.expect("a binary");
        let theirs = data(&format!("{name}.bin"));
        if let Some(at) = first_difference(&ours, &theirs) {
            std::fs::write(format!("/tmp/{name}.ours.bin"), &ours).ok();
            panic!(
                "{name}: first difference at byte {at:#x} ({} vs {} bytes)",
                ours.len(),
                theirs.len()
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 5);
}
