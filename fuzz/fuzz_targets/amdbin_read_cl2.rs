// Property: reading an AMD CL2 binary never panics (a malformed file is an error), and
// whatever reads can be written again and reads back equal.
// (Stable version: crates/amdbin/tests/cl2.rs.)
#![no_main]

use kauai_amdbin::{read_cl2, write_cl2};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(bin) = read_cl2(data) {
        if let Ok(bytes) = write_cl2(&bin) {
            let again = read_cl2(&bytes).expect("written binary reads");
            assert_eq!(again, bin);
        }
    }
});
