// Property: any bytes given to `clCreateProgramWithBinary` are refused as not a Kauai
// program binary, or load into a program or a build error, without a panic
// (`kauai_opencl::binaries_hold`, also run by crates/icd/tests/it/binaries.rs).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kauai_opencl::binaries_hold(data));
