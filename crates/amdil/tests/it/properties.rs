//! The fuzz properties of `fuzz/fuzz_targets/amdil_parse.rs` and `amdil_metadata.rs`
//! ([`kauai_amdil::props`]) over the data files and deterministic byte-level mutations of
//! them: the IL parser, validator and metadata reader never panic, whatever parses prints
//! to a fixpoint that parses back to an equal program, and accepted metadata blocks print
//! back to text that reads to the same blocks.

use std::path::Path;

use kauai_amdil::props::{metadata_holds, parse_holds};
use kauai_testkit::{mutate, Rng};

/// Characters IL text is made of, for byte-level mutations.
const IL_ALPHABET: &[u8] = b" ,;:._()[]+-0123456789abcxyzw\n#$ilrvgmemcbx_neg";

#[test]
fn mutated_data_files_hold_the_properties() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("data dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    for f in files {
        let src = std::fs::read(&f).expect("readable");
        for m in std::iter::once(src.clone())
            .chain((0..300).map(|_| mutate::bytes(&mut rng, &src, IL_ALPHABET)))
        {
            parse_holds(&m);
            metadata_holds(&m);
        }
    }
}

#[test]
fn fuzz_regressions_hold_the_properties() {
    for (name, bytes) in kauai_testkit::fuzz_regressions("amdil_parse") {
        eprintln!("fuzz/regressions/amdil_parse/{name}");
        parse_holds(&bytes);
        metadata_holds(&bytes);
    }
}
