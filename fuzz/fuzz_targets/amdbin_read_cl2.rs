// Property: reading an AMD CL2 binary never panics (a malformed file is an error), and
// whatever reads is written back within bounded memory: the writer refuses layouts over
// `MAX_BINARY_BYTES` before allocating (run with `-malloc_limit_mb=512` to catch any
// allocation that is not checked first), and a binary it writes reads back to the same
// input: read(write(read(x))) == read(x). (Stable version: crates/amdbin/tests/robust.rs.)
#![no_main]

use kauai_amdbin::limits::MAX_BINARY_BYTES;
use kauai_amdbin::{read_cl2, write_cl2};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(bin) = read_cl2(data) {
        if let Ok(bytes) = write_cl2(&bin.input) {
            assert!(bytes.len() as u64 <= MAX_BINARY_BYTES);
            let again = read_cl2(&bytes).expect("written binary reads");
            assert_eq!(again.input, bin.input);
        }
    }
});
