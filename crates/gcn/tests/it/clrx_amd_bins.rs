//! Byte equality with `clrxasm -b amd` (AMD Catalyst OpenCL 1.2 binaries), frozen
//! under `tests/data/clrx_bins/` (table `amd_expected.txt`: binary, source, bitness,
//! driver version), and the reader's round trip on the same files. Each binary is its
//! own named trial in the failure message.

use kauai_amdbin::amd::{read_amd, write_amd};
use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, AsmOptions, Format};

fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/clrx_bins/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// (binary, source, 64-bit, driver version) rows of the table.
fn rows() -> Vec<(String, String, bool, u32)> {
    let table = String::from_utf8(data("amd_expected.txt")).expect("utf-8");
    table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let c: Vec<&str> = line.split_whitespace().collect();
            let [name, source, bits, driver] = c[..] else {
                panic!("bad row: {line}");
            };
            (
                name.to_string(),
                source.to_string(),
                bits == "64",
                driver.parse().expect("driver version"),
            )
        })
        .collect()
}

fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    a.iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .or((a.len() != b.len()).then(|| a.len().min(b.len())))
}

#[test]
fn amd_binaries_match_clrxasm() {
    let mut failed = Vec::new();
    let all = rows();
    for (name, source, bits64, driver) in &all {
        let src = String::from_utf8(data(source)).expect("utf-8");
        let mut sm = SourceMap::new();
        let f = sm.add(source, src);
        let mut d = Diagnostics::new();
        let opts = AsmOptions {
            format: Format::Amd,
            bits64: *bits64,
            driver_version: Some(*driver),
            ..AsmOptions::default()
        };
        let out = match assemble(&mut sm, f, &opts, &mut d) {
            Ok(o) => o,
            Err(_) => {
                failed.push(format!("{name}: {}", d.render(&sm)));
                continue;
            }
        };
        let ours = out.binary.expect("a binary");
        let theirs = data(&format!("{name}.bin"));
        if let Some(at) = first_difference(&ours, &theirs) {
            failed.push(format!(
                "{name}: first difference at byte {at:#x} (lengths {} vs {})",
                ours.len(),
                theirs.len()
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    assert_eq!(all.len(), 5);
}

#[test]
fn amd_binaries_read_and_write_back() {
    for (name, ..) in rows() {
        let bytes = data(&format!("{name}.bin"));
        let input = read_amd(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let again = write_amd(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(again == bytes, "{name}: written back differently");
    }
}
