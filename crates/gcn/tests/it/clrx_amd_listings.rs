//! `clrxdisasm`'s listings of the AMD Catalyst OpenCL 1.2 binaries of
//! `tests/data/clrx_bins` (`NAME.a.txt` from `clrxdisasm -a`, `NAME.C.txt` from `-C`,
//! `NAME.fh.txt` from `-f -h`, table `amd_expected.txt`) against Kauai's
//! `disassemble_amd` with the same options, as `clrx_bin_listings.rs` does for AMD CL2:
//! the lines both listings share, in order, are counted per kind and compared with
//! `amd_listings.txt` (`BLESS=1` rewrites it). And the promise: the `-a` and `-C`
//! listings reassemble to the same bytes.

use kauai_gcn::{disassemble_amd, AsmOptions};

use crate::common::{
    assemble_binary, check_listing_counts, clrx_file, listing_options, reassembly_failure,
    table_names, LISTING_KINDS,
};

fn names() -> Vec<String> {
    table_names("amd_expected.txt")
}

fn listing(bytes: &[u8], all: bool, config: bool, words: bool) -> String {
    disassemble_amd(bytes, &listing_options(all, config, words))
        .expect("disassembles")
        .text
}

#[test]
fn clrx_amd_listings() {
    check_listing_counts(
        " (-b amd)",
        &names(),
        |_, bytes, opts| disassemble_amd(bytes, opts).expect("disassembles").text,
        "amd_listings.txt",
        "# Lines of clrxdisasm's listings of the binaries in amd_expected.txt that Kauai's\n\
         # listings share (tests/it/clrx_amd_listings.rs; BLESS=1 rewrites the counts).\n",
    );
}

#[test]
fn amd_listings_reassemble_to_the_same_bytes() {
    let mut failed = Vec::new();
    for name in names() {
        let bytes = clrx_file(&format!("{name}.bin"));
        for (kind, all, config, words) in LISTING_KINDS.iter().take(2) {
            if let Some(e) = reassembly_failure(listing(&bytes, *all, *config, *words), &bytes) {
                failed.push(format!("{name} -{kind}: {e}"));
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
        let Ok(bytes) = assemble_binary("src.s", src, &AsmOptions::default()) else {
            continue;
        };
        for (kind, all, config, words) in LISTING_KINDS.iter().take(2) {
            let text = listing(&bytes, *all, *config, *words);
            if let Some(e) = reassembly_failure(text.clone(), &bytes) {
                panic!("{p:?} -{kind}: {e}\n{text}");
            }
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
        let bin = clrx_file(&format!("{name}.bin"));
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
