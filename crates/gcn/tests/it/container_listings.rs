//! `clrxdisasm`'s listings of the ROCm and Gallium binaries of `tests/data/clrx_bins`
//! (the rows of `expected_rocm.txt` and `expected_gallium.txt`; `NAME.a.txt` from
//! `clrxdisasm -a`, `NAME.C.txt` from `-C`, `NAME.fh.txt` from `-f -h`) against
//! Kauai's `disassemble_rocm` / `disassemble_gallium` with the same options. As in
//! `clrx_bin_listings.rs`, the lines shared in order are counted per listing kind and
//! compared with `listings_rocm_gallium.txt` (`BLESS=1` rewrites it). And the `-a`
//! and `-C` listings of every binary reassemble to the same bytes.

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{
    assemble, disassemble_gallium, disassemble_rocm, AsmOptions, Cl2DisasmOptions, DisasmOptions,
};
use std::fmt::Write;

fn data(name: &str) -> String {
    format!("{}/tests/data/clrx_bins/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The binaries: the first column of both tables.
fn names() -> Vec<String> {
    let mut out = Vec::new();
    for t in ["expected_rocm.txt", "expected_gallium.txt"] {
        let table = std::fs::read_to_string(data(t)).expect("table");
        out.extend(
            table
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .filter_map(|l| l.split_whitespace().next().map(str::to_string)),
        );
    }
    out
}

fn listing(name: &str, bytes: &[u8], opts: &Cl2DisasmOptions) -> String {
    if name.starts_with("rocm") {
        disassemble_rocm(bytes, opts)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .text
    } else {
        disassemble_gallium(bytes, None, opts)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .text
    }
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
fn rocm_gallium_listings() {
    let kinds: [(&str, bool, bool, bool); 3] = [
        // clrxdisasm's -a also prints the words and float comments (-h -f).
        ("a", true, false, true),
        ("C", false, true, false),
        ("fh", false, false, true),
    ];
    let mut counts = String::new();
    for (kind, all, config, words) in kinds {
        let (mut same, mut theirs_total, mut ours_total) = (0, 0, 0);
        for name in names() {
            let bytes = std::fs::read(data(&format!("{name}.bin"))).expect("binary");
            let theirs =
                std::fs::read_to_string(data(&format!("{name}.{kind}.txt"))).expect("listing");
            let opts = Cl2DisasmOptions {
                all,
                config,
                code: DisasmOptions {
                    offsets: true,
                    hex: words,
                    floats: words,
                },
            };
            let ours = listing(&name, &bytes, &opts);
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
    let exp = std::path::PathBuf::from(data("listings_rocm_gallium.txt"));
    let header = "# Lines of clrxdisasm's listings of the ROCm and Gallium binaries that Kauai's\n\
                  # listings share (tests/it/container_listings.rs; BLESS=1 rewrites the counts).\n";
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
fn all_listings_reassemble_to_the_same_bytes() {
    for name in names() {
        let bytes = std::fs::read(data(&format!("{name}.bin"))).expect("binary");
        for (all, config, kind) in [(true, false, "-a"), (false, true, "-C")] {
            let opts = Cl2DisasmOptions {
                all,
                config,
                code: DisasmOptions {
                    offsets: true,
                    hex: true,
                    floats: true,
                },
            };
            let text = listing(&name, &bytes, &opts);
            let mut sm = SourceMap::new();
            let f = sm.add("listing.s", text);
            let mut d = Diagnostics::new();
            let out = assemble(&mut sm, f, &AsmOptions::default(), &mut d)
                .unwrap_or_else(|_| panic!("{name} {kind}: {}", d.render(&sm)));
            assert!(
                out.binary.as_deref() == Some(bytes.as_slice()),
                "{name}: the {kind} listing reassembles to other bytes"
            );
        }
    }
}

/// Mutated oracles (a bit flipped anywhere) that still read: their `-a` and `-C`
/// listings reassemble to the same bytes (the `-C` form falls back to `-a` where it
/// cannot say everything).
#[test]
fn mutated_binaries_listings_reassemble() {
    let mut state = 0x0123_4567_89ab_cdefu64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut read = 0;
    for name in names() {
        let bytes = std::fs::read(data(&format!("{name}.bin"))).expect("binary");
        for i in 0..300 {
            let mut b = bytes.clone();
            let at = (next() % b.len() as u64) as usize;
            b[at] ^= 1 << (next() % 8);
            let readable = if name.starts_with("rocm") {
                kauai_amdbin::rocm::read_rocm(&b).is_ok()
            } else {
                kauai_amdbin::gallium::read_gallium(&b).is_ok()
            };
            if !readable {
                continue;
            }
            read += 1;
            for (all, config) in [(true, false), (false, true)] {
                let opts = Cl2DisasmOptions {
                    all,
                    config,
                    code: DisasmOptions::default(),
                };
                // A binary the disassembler refuses (an ISA version no device has)
                // is fine; one it prints must reassemble.
                let text = if name.starts_with("rocm") {
                    disassemble_rocm(&b, &opts)
                        .map(|d| d.text)
                        .map_err(|e| e.to_string())
                } else {
                    disassemble_gallium(&b, None, &opts)
                        .map(|d| d.text)
                        .map_err(|e| e.to_string())
                };
                let text = match text {
                    Ok(t) => t,
                    Err(e) if e.contains("not supported yet") => continue,
                    Err(e) => panic!("{name} #{i}: {e}"),
                };
                let mut sm = SourceMap::new();
                let f = sm.add("listing.s", text.clone());
                let mut d = Diagnostics::new();
                let out = assemble(&mut sm, f, &AsmOptions::default(), &mut d);
                let ok = out.ok().and_then(|o| o.binary).as_deref() == Some(b.as_slice());
                assert!(
                    ok,
                    "{name} #{i} (bit flipped at {at:#x}) -C {config}: {}\n{text}",
                    d.render(&sm)
                );
            }
        }
    }
    assert!(read > 100, "only {read} mutated binaries read");
}

/// The ROCm and Gallium sources, mutated by lines (one dropped, duplicated or moved, a
/// number made huge or negative), assemble or fail with diagnostics: never a panic.
#[test]
fn mutated_sources_never_panic() {
    let mut state = 0x5851_f42d_4c95_7f2du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for (source, opts) in [
        ("rocm_basic.s", kauai_gcn::Format::Rocm),
        ("rocm_multi.s", kauai_gcn::Format::Rocm),
        ("gallium_basic.s", kauai_gcn::Format::Gallium),
        ("gallium_hsa.s", kauai_gcn::Format::Gallium),
    ] {
        let src = std::fs::read_to_string(data(source)).expect("source");
        let lines: Vec<&str> = src.lines().collect();
        for _ in 0..300 {
            let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            let at = (next() % l.len() as u64) as usize;
            match next() % 4 {
                0 => {
                    l.remove(at);
                }
                1 => l.insert(at, l[at].clone()),
                2 => {
                    let to = (next() % l.len() as u64) as usize;
                    let x = l.remove(at);
                    l.insert(to.min(l.len()), x);
                }
                _ => {
                    let big =
                        ["4294967295", "-1", "0x7fffffffffffffff", "0"][(next() % 4) as usize];
                    l[at] = l[at]
                        .split(", ")
                        .map(|p| {
                            if p.trim().parse::<i64>().is_ok() {
                                big
                            } else {
                                p
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(", ");
                }
            }
            let text = l.join("\n");
            let mut sm = SourceMap::new();
            let f = sm.add(source, text);
            let mut d = Diagnostics::new();
            let o = AsmOptions {
                format: opts,
                ..AsmOptions::default()
            };
            let _ = assemble(&mut sm, f, &o, &mut d);
        }
    }
}
