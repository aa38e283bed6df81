//! `clrxdisasm`'s listings of the ROCm and Gallium binaries of `tests/data/clrx_bins`
//! (the rows of `expected_rocm.txt` and `expected_gallium.txt`; `NAME.a.txt` from
//! `clrxdisasm -a`, `NAME.C.txt` from `-C`, `NAME.fh.txt` from `-f -h`) against
//! Kauai's `disassemble_rocm` / `disassemble_gallium` with the same options. As in
//! `clrx_bin_listings.rs`, the lines shared in order are counted per listing kind and
//! compared with `listings_rocm_gallium.txt` (`BLESS=1` rewrites it). And the `-a`
//! and `-C` listings of every binary reassemble to the same bytes.

use kauai_gcn::{
    disassemble_gallium, disassemble_rocm, AsmOptions, Cl2DisasmOptions, DisasmOptions,
};

use crate::common::{
    assemble_binary, check_listing_counts, clrx_file, listing_options, reassembly_failure,
    table_names,
};

/// The binaries: the first column of both tables.
fn names() -> Vec<String> {
    let mut out = table_names("expected_rocm.txt");
    out.extend(table_names("expected_gallium.txt"));
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

#[test]
fn rocm_gallium_listings() {
    check_listing_counts(
        "",
        &names(),
        listing,
        "listings_rocm_gallium.txt",
        "# Lines of clrxdisasm's listings of the ROCm and Gallium binaries that Kauai's\n\
         # listings share (tests/it/container_listings.rs; BLESS=1 rewrites the counts).\n",
    );
}

#[test]
fn all_listings_reassemble_to_the_same_bytes() {
    for name in names() {
        let bytes = clrx_file(&format!("{name}.bin"));
        for (all, config, kind) in [(true, false, "-a"), (false, true, "-C")] {
            let text = listing(&name, &bytes, &listing_options(all, config, true));
            if let Some(e) = reassembly_failure(text, &bytes) {
                panic!("{name} {kind}: {e}");
            }
        }
    }
}

/// Mutated oracles (a bit flipped anywhere) that still read: their `-a` and `-C`
/// listings reassemble to the same bytes (the `-C` form falls back to `-a` where it
/// cannot say everything).
#[test]
fn mutated_binaries_listings_reassemble() {
    let mut rng = kauai_testkit::Rng::new(0x0123_4567_89ab_cdef);
    let mut next = move || rng.next_u64();
    let mut read = 0;
    for name in names() {
        let bytes = clrx_file(&format!("{name}.bin"));
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
                if let Some(e) = reassembly_failure(text.clone(), &b) {
                    panic!("{name} #{i} (bit flipped at {at:#x}) -C {config}: {e}\n{text}");
                }
            }
        }
    }
    assert!(read > 100, "only {read} mutated binaries read");
}

/// The ROCm and Gallium sources, mutated by lines (one dropped, duplicated or moved, a
/// number made huge or negative), assemble or fail with diagnostics: never a panic.
#[test]
fn mutated_sources_never_panic() {
    let mut rng = kauai_testkit::Rng::new(0x5851_f42d_4c95_7f2d);
    let mut next = move || rng.next_u64();
    for (source, opts) in [
        ("rocm_basic.s", kauai_gcn::Format::Rocm),
        ("rocm_multi.s", kauai_gcn::Format::Rocm),
        ("gallium_basic.s", kauai_gcn::Format::Gallium),
        ("gallium_hsa.s", kauai_gcn::Format::Gallium),
    ] {
        let src = String::from_utf8(clrx_file(source)).expect("source");
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
            let o = AsmOptions {
                format: opts,
                ..AsmOptions::default()
            };
            let _ = assemble_binary(source, text, &o);
        }
    }
}
