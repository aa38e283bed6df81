// Property: reading an AMD CL2 binary never panics (a malformed file is an error), and
// whatever reads, if the writer accepts it, writes a binary that reads back to the same
// input: read(write(read(x))) == read(x). (Stable version: crates/amdbin/tests/robust.rs.)
#![no_main]

use kauai_amdbin::{read_cl2, write_cl2};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(bin) = read_cl2(data) {
        if let Ok(bytes) = write_cl2(&bin.input) {
            let again = read_cl2(&bytes).expect("written binary reads");
            assert_eq!(again.input, bin.input);
        }
    }
});
