//! Property: any text given as an oclc value list (`-arg NAME,LIST`, `--arg NAME=LIST`)
//! parses to a list or an error, and expanding it as any element type within a bound
//! makes exactly its length in elements or an error, never more than the bound: never a
//! panic, a hang or an allocation sized by the text. Same check as
//! `value_lists_never_panic` in `crates/runtime/src/oclc/values.rs` under `cargo test`.
//! The same text is also tried as an image or sampler argument
//! (`oclc::images::check_image_arg`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    kauai_runtime::oclc::values::check_value_list(data);
    kauai_runtime::oclc::images::check_image_arg(data);
});
