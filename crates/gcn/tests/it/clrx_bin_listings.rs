//! `clrxdisasm`'s listings of the AMD CL2 binaries of `tests/data/clrx_bins` (frozen
//! from `../shared/oracles/clrx/bin`: `NAME.a.txt` from `clrxdisasm -a`, `NAME.C.txt`
//! from `-C`, `NAME.fh.txt` from `-f -h`), against Kauai's `disassemble_cl2` with the
//! same options (and CLRX's position comments). Each listing's header comment (the
//! file name) is left out; the lines the two listings share, in order (a longest common
//! subsequence), are counted per listing kind and compared exactly with
//! `listings.txt`, so that a regression and an improvement both show (`BLESS=1`
//! rewrites it). The listings are not identical (Kauai's -C also keeps the strings and
//! the global data so that it reassembles to the same file, and some config lines are
//! spelled otherwise), so these counts measure how far the listings are from CLRX's.

use kauai_gcn::{disassemble_cl2, Cl2DisasmOptions, DisasmOptions};
use std::fmt::Write;

fn data(name: &str) -> String {
    format!("{}/tests/data/clrx_bins/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Lines two texts share in order (the length of a longest common subsequence).
fn common_lines(a: &[&str], b: &[&str]) -> usize {
    let mut prev = vec![0usize; b.len() + 1];
    for x in a {
        let mut cur = vec![0usize; b.len() + 1];
        for (j, y) in b.iter().enumerate() {
            cur[j + 1] = if x == y {
                prev[j] + 1
            } else {
                cur[j].max(prev[j + 1])
            };
        }
        prev = cur;
    }
    prev[b.len()]
}

#[test]
fn clrx_binary_listings() {
    let table = std::fs::read_to_string(data("expected.txt")).expect("expected.txt");
    let kinds: [(&str, bool, bool, bool, bool); 3] = [
        // clrxdisasm's -a also prints the words and float comments (-h -f).
        ("a", true, false, true, true),
        ("C", false, true, false, false),
        ("fh", false, false, true, true),
    ];
    let mut counts = String::new();
    for (kind, all, config, floats, hex) in kinds {
        let (mut same, mut theirs_total, mut ours_total) = (0, 0, 0);
        for name in table
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| l.split_whitespace().next())
        {
            let bytes = std::fs::read(data(&format!("{name}.bin"))).expect("binary");
            let theirs =
                std::fs::read_to_string(data(&format!("{name}.{kind}.txt"))).expect("listing");
            let opts = Cl2DisasmOptions {
                all,
                config,
                code: DisasmOptions {
                    offsets: true,
                    hex,
                    floats,
                },
            };
            let ours = disassemble_cl2(&bytes, &opts)
                .unwrap_or_else(|e| panic!("{name}: {e}"))
                .text;
            let t: Vec<&str> = theirs.lines().skip(1).collect();
            let o: Vec<&str> = ours.lines().collect();
            same += common_lines(&t, &o);
            theirs_total += t.len();
            ours_total += o.len();
        }
        let _ = writeln!(
            counts,
            "-{kind}: {same} lines as clrxdisasm's of {theirs_total} ({ours_total} printed)"
        );
    }
    println!("clrxdisasm listings:\n{counts}");
    let exp = std::path::PathBuf::from(data("listings.txt"));
    let header = "# Lines of clrxdisasm's listings of the binaries in expected.txt that Kauai's\n\
                  # listings share (tests/it/clrx_bin_listings.rs; BLESS=1 rewrites the counts).\n";
    let e = kauai_testkit::Expected::split(
        &exp,
        "#### EXPECTED",
        &std::fs::read_to_string(&exp).unwrap_or_else(|_| header.to_string()),
    );
    if let Err(msg) = e.check(&counts) {
        panic!("{msg}");
    }
}
