// Property: reading, validating and translating any bytes as a SPIR-V module never
// panics and stays within the limits of `kauai_spirv::limits` (run with
// `-malloc_limit_mb=512`); a module that translates verifies as IR.
// (`kauai_spirv::props`, also run by crates/spirv/tests/robust.rs over mutated modules.)
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kauai_spirv::props::read_translate_holds(data));
