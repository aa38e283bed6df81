// Property: reading a ROCm code object never panics (a malformed file is an error), and
// whatever reads writes back to the same bytes and reads again to the same input
// (`kauai_amdbin::rocm::read_write_holds`, also run by crates/amdbin/tests/it/rocm.rs).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kauai_amdbin::rocm::read_write_holds(data));
