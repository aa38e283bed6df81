//! The fuzz properties of `fuzz/fuzz_targets/amdil_parse.rs` and `amdil_metadata.rs`
//! ([`kauai_amdil::props`]) over the data files and deterministic byte-level mutations of
//! them: the IL parser, validator and metadata reader never panic, whatever parses prints
//! to a fixpoint that parses back to an equal program, and accepted metadata blocks print
//! back to text that reads to the same blocks.

use std::path::Path;

use kauai_amdil::props::{metadata_holds, mutate_bytes, parse_holds, Rng};

#[test]
fn mutated_data_files_hold_the_properties() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("data dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    for f in files {
        let src = std::fs::read(&f).expect("readable");
        for m in std::iter::once(src.clone()).chain((0..300).map(|_| mutate_bytes(&mut rng, &src)))
        {
            parse_holds(&m);
            metadata_holds(&m);
        }
    }
}
