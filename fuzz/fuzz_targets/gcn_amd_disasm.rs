// Property: disassembling arbitrary bytes as an AMD Catalyst OpenCL 1.2 binary never
// panics, and where the binary reads, its `-a` and `-C` listings assemble back to
// exactly its bytes. (`kauai_gcn::props::amd_listing_round_trips`, also run by
// crates/gcn/tests/it/clrx_amd_listings.rs.)
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kauai_gcn::props::amd_listing_round_trips(data));
