// Property: reading an AMD CL2 binary never panics (a malformed file is an error), and
// whatever reads is written back within bounded memory: the writer refuses layouts over
// `MAX_BINARY_BYTES` before allocating (run with `-malloc_limit_mb=512` to catch any
// allocation that is not checked first), and a binary it writes reads back to the same
// input: read(write(read(x))) == read(x). (`kauai_amdbin::props`, also run by crates/amdbin/tests/it/robust.rs.)
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kauai_amdbin::props::read_write_holds(data));
