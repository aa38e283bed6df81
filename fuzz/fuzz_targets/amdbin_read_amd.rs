// Property: reading an AMD Catalyst OpenCL 1.2 binary never panics (a malformed file is
// an error); whatever reads writes back to exactly the bytes read and reads again to the
// same input, and a kernel's derived configuration writes the same bytes too.
// (`kauai_amdbin::props::amd_read_write_holds`, also run by
// crates/amdbin/tests/it/robust_amd.rs.)
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kauai_amdbin::props::amd_read_write_holds(data));
