//! Property: any bytes read as an Oclgrind `.sim` file, against kernel arguments of
//! every kind, give arguments or a located diagnostic: never a panic, a hang, or more
//! bytes than the bound the reader is given. Same check as `sim_files_never_panic` in
//! `crates/runtime/src/sim/mod.rs` under `cargo test`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    kauai_runtime::sim::check_sim(data);
});
