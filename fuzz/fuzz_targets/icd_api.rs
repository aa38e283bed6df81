// Property: any sequence of OpenCL calls through libkauai_opencl's C entry points (the
// functions the ICD loader calls), with handles picked from live, released, NULL and
// garbage values and host pointers always valid for their sizes, returns a CL status from
// every call (no panic, abort or crash; a bad handle is rejected without being
// dereferenced), and once everything is released no object is left alive. Runs are
// bounded (calls, builds, launches, kernel fuel). (`kauai_opencl::props`, also run by
// crates/icd/tests/api_props.rs.)
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kauai_opencl::props::api_calls_hold(data));
