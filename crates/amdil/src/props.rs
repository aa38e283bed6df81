//! The IL language's robustness properties, one function each, shared by the fuzz targets
//! (`fuzz/fuzz_targets/amdil_parse.rs`, `amdil_metadata.rs`, on fuzzer-chosen bytes) and
//! the property tests (`tests/properties.rs`, on deterministic mutations of the data
//! files), so both check exactly the same thing. Each function panics when its property
//! fails: that is how a fuzzer or a test notices. Not part of the crate's API.
//!
//! - [`parse_holds`]: the parser, validator and metadata reader never panic, and whatever
//!   parses prints to text that parses back to an equal program and prints identically.
//! - [`metadata_holds`]: the metadata reader never panics, and every block it accepts
//!   without error prints back to text that reads to the same block.
//!
//! The property tests' inputs come from `kauai_testkit::{Rng, mutate}`.

use kauai_diag::{Diagnostics, FileId};

use crate::metadata::{parse_metadata_str, read_metadata};
use crate::{parse_str, validate};

/// Never panic; printing is a fixpoint and re-parses to an equal program.
pub fn parse_holds(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let mut d = Diagnostics::new();
    let p = parse_str(&text, FileId(0), &mut d);
    validate(&p, &mut d);
    read_metadata(&p, &mut d);
    let printed = p.to_string();
    let mut d2 = Diagnostics::new();
    let again = parse_str(&printed, FileId(0), &mut d2);
    assert!(
        d2.is_empty(),
        "printed text fails to parse:\n{printed}\n{d2:?}"
    );
    assert_eq!(
        again, p,
        "re-parse differs for:\n{text}\nprinted:\n{printed}"
    );
    assert_eq!(again.to_string(), printed);
}

/// Never panic; accepted metadata blocks print back to text that reads the same.
pub fn metadata_holds(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let mut d = Diagnostics::new();
    let md = parse_metadata_str(&text, FileId(0), &mut d);
    if d.has_errors() {
        return;
    }
    for k in &md.kernels {
        let printed = k.to_string();
        let mut d2 = Diagnostics::new();
        let again = parse_metadata_str(&printed, FileId(0), &mut d2);
        assert_eq!(again.kernels.len(), 1, "{printed}");
        assert_eq!(&again.kernels[0], k, "{printed}");
    }
}
