//! Property: the compiler-metadata reader never panics on any text, and every block it
//! accepts without error prints back to text that reads to the same block.
#![no_main]

use kauai_amdil::metadata::parse_metadata_str;
use kauai_diag::{Diagnostics, FileId};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut d = Diagnostics::new();
    let md = parse_metadata_str(&text, FileId(0), &mut d);
    if d.has_errors() {
        return;
    }
    for k in &md.kernels {
        let printed = k.to_string();
        let mut d2 = Diagnostics::new();
        let again = parse_metadata_str(&printed, FileId(0), &mut d2);
        assert_eq!(again.kernels.len(), 1);
        assert_eq!(&again.kernels[0], k);
    }
});
