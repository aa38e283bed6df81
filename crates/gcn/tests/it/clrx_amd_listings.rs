//! `clrxdisasm`'s listings of the AMD Catalyst OpenCL 1.2 binaries of
//! `tests/data/clrx_bins` (`NAME.a.txt` from `clrxdisasm -a`, `NAME.C.txt` from `-C`,
//! `NAME.fh.txt` from `-f -h`, table `amd_expected.txt`) against Kauai's
//! `disassemble_amd` with the same options, as `clrx_bin_listings.rs` does for AMD CL2:
//! the lines both listings share, in order, are counted per kind and compared with
//! `amd_listings.txt` (`BLESS=1` rewrites it). And the promise: the `-a` and `-C`
//! listings reassemble to the same bytes.

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, disassemble_amd, AsmOptions, Cl2DisasmOptions, DisasmOptions};
use std::fmt::Write;

fn data(name: &str) -> String {
    format!("{}/tests/data/clrx_bins/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn names() -> Vec<String> {
    std::fs::read_to_string(data("amd_expected.txt"))
        .expect("amd_expected.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
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

/// (kind, -a, -C, floats, hex) as clrxdisasm's flags set them.
const KINDS: [(&str, bool, bool, bool, bool); 3] = [
    ("a", true, false, true, true),
    ("C", false, true, false, false),
    ("fh", false, false, true, true),
];

fn listing(bytes: &[u8], all: bool, config: bool, floats: bool, hex: bool) -> String {
    let opts = Cl2DisasmOptions {
        all,
        config,
        code: DisasmOptions {
            offsets: true,
            hex,
            floats,
        },
    };
    disassemble_amd(bytes, &opts).expect("disassembles").text
}

#[test]
fn clrx_amd_listings() {
    let mut counts = String::new();
    for (kind, all, config, floats, hex) in KINDS {
        let (mut same, mut theirs_total, mut ours_total) = (0, 0, 0);
        for name in names() {
            let bytes = std::fs::read(data(&format!("{name}.bin"))).expect("binary");
            let theirs =
                std::fs::read_to_string(data(&format!("{name}.{kind}.txt"))).expect("listing");
            let ours = listing(&bytes, all, config, floats, hex);
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
    println!("clrxdisasm listings (-b amd):\n{counts}");
    let exp = std::path::PathBuf::from(data("amd_listings.txt"));
    let header =
        "# Lines of clrxdisasm's listings of the binaries in amd_expected.txt that Kauai's\n\
                  # listings share (tests/it/clrx_amd_listings.rs; BLESS=1 rewrites the counts).\n";
    let e = kauai_testkit::Expected::split(
        &exp,
        "#### EXPECTED",
        &std::fs::read_to_string(&exp).unwrap_or_else(|_| header.to_string()),
    );
    if let Err(msg) = e.check(&counts) {
        panic!("{msg}");
    }
}

#[test]
fn amd_listings_reassemble_to_the_same_bytes() {
    let mut failed = Vec::new();
    for name in names() {
        let bytes = std::fs::read(data(&format!("{name}.bin"))).expect("binary");
        for (kind, all, config, floats, hex) in KINDS.iter().take(2) {
            let text = listing(&bytes, *all, *config, *floats, *hex);
            let mut sm = SourceMap::new();
            let f = sm.add("listing.s", text.clone());
            let mut d = Diagnostics::new();
            match assemble(&mut sm, f, &AsmOptions::default(), &mut d) {
                Ok(out) if out.binary.as_deref() == Some(&bytes[..]) => {}
                Ok(out) => {
                    let ours = out.binary.unwrap_or_default();
                    let at = ours.iter().zip(&bytes).position(|(a, b)| a != b);
                    failed.push(format!(
                        "{name} -{kind}: other bytes (first difference {at:?}, lengths {} vs {})",
                        ours.len(),
                        bytes.len()
                    ));
                }
                Err(_) => failed.push(format!("{name} -{kind}: {}", d.render(&sm))),
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The `.amd` sources of the files suite (`tests/data/amd/*.s`) that assemble: their
/// binaries' `-a` and `-C` listings reassemble to the same bytes too.
#[test]
fn amd_suite_sources_reassemble_from_their_listings() {
    let dir = format!("{}/tests/data/amd", env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/data/amd")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    let mut checked = 0;
    for p in paths {
        let src = std::fs::read_to_string(&p).expect("source");
        let src = src.split("#### EXPECTED").next().unwrap_or("").to_string();
        let mut sm = SourceMap::new();
        let f = sm.add("src.s", src);
        let mut d = Diagnostics::new();
        let Ok(out) = assemble(&mut sm, f, &AsmOptions::default(), &mut d) else {
            continue;
        };
        let bytes = out.binary.expect("a binary");
        for (kind, all, config, floats, hex) in KINDS.iter().take(2) {
            let text = listing(&bytes, *all, *config, *floats, *hex);
            let mut sm = SourceMap::new();
            let f = sm.add("listing.s", text.clone());
            let mut d = Diagnostics::new();
            let again = assemble(&mut sm, f, &AsmOptions::default(), &mut d)
                .unwrap_or_else(|_| panic!("{p:?} -{kind}: {}\n{text}", d.render(&sm)));
            assert!(
                again.binary.as_deref() == Some(&bytes[..]),
                "{p:?} -{kind}: other bytes\n{text}"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 2);
}

/// The property of the fuzz target `gcn_amd_disasm` on clrxasm's binaries, mutated:
/// where a binary reads, its listings assemble back to exactly its bytes.
#[test]
fn mutated_amd_binaries_disassemble_to_what_reassembles() {
    let mut rng = kauai_testkit::Rng::new(0x2545_F491_4F6C_DD1D);
    let mut next = move || rng.next_u64();
    for fuzz in kauai_testkit::fuzz_regressions("gcn_amd_disasm") {
        kauai_gcn::props::amd_listing_round_trips(&fuzz.1);
    }
    for name in names() {
        let bin = std::fs::read(data(&format!("{name}.bin"))).expect("binary");
        kauai_gcn::props::amd_listing_round_trips(&bin);
        for _ in 0..300 {
            let mut m = bin.clone();
            for _ in 0..1 + next() % 4 {
                let i = (next() % m.len() as u64) as usize;
                m[i] ^= 1 << (next() % 8);
            }
            kauai_gcn::props::amd_listing_round_trips(&m);
        }
    }
}
