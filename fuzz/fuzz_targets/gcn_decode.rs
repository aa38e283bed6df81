// Property: the GCN decoder and disassembler never panic on arbitrary bytes, and
// whatever decodes disassembles to text that assembles back to the same words.
// (`kauai_gcn::props`, also run by crates/gcn/tests/it/roundtrip.rs.)
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kauai_gcn::props::decode_round_trips(data));
