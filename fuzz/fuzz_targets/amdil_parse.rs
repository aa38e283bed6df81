//! Property: for any bytes, the AMD IL parser, validator and metadata reader never panic,
//! and whatever parses prints to text that parses back to an equal program and prints
//! identically (the printer is a fixpoint). Same check as
//! `crates/amdil/tests/properties.rs` under `cargo test`.
#![no_main]

use kauai_amdil::{metadata::read_metadata, parse_str, validate};
use kauai_diag::{Diagnostics, FileId};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut d = Diagnostics::new();
    let p = parse_str(&text, FileId(0), &mut d);
    validate(&p, &mut d);
    read_metadata(&p, &mut d);
    let printed = p.to_string();
    let mut d2 = Diagnostics::new();
    let again = parse_str(&printed, FileId(0), &mut d2);
    assert!(d2.is_empty());
    assert_eq!(again, p);
    assert_eq!(again.to_string(), printed);
});
