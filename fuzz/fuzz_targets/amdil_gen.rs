//! Property: compiling any OpenCL C source for an amdil device (the first byte picks the
//! `-mcpu`) through the compiler API never panics; when the build succeeds the IL text
//! validates and its metadata reads back with one `__OpenCL_<name>_kernel` block per
//! kernel holding one argument line per kernel argument. Same check as
//! `crates/amdil-gen/tests/robust.rs` under `cargo test`.
#![no_main]

use std::sync::Arc;

use kauai_amdil::metadata::{read_metadata, MdEntry};
use kauai_compiler::{Context, Module};
use kauai_diag::{Diagnostics, FileId};
use libfuzzer_sys::fuzz_target;

const CPUS: &[&str] = &[
    "rv710", "rv770", "cypress", "juniper", "barts", "cayman", "kauai",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mcpu = CPUS[pick as usize % CPUS.len()];
    let Ok(info) = kauai_amdil_gen::target_info(mcpu) else {
        return;
    };
    let Ok(target) = info.create_target(&Context::new()) else {
        return;
    };
    let mut m = Module::new(Arc::from(target));
    if m.compile_opencl_c("FULL_PROFILE", text, &[]).is_err() {
        return;
    }
    let Ok((pinfo, _)) = m.finalize() else {
        return;
    };
    let Ok(bin) = m.create_binary() else {
        return;
    };
    let il = String::from_utf8(bin).expect("IL is text");
    let mut diags = Diagnostics::new();
    let p = kauai_amdil::parse_str(&il, FileId(0), &mut diags);
    assert!(
        diags.is_empty() && kauai_amdil::validate(&p, &mut diags),
        "{il}"
    );
    let md = read_metadata(&p, &mut diags);
    assert!(!diags.has_errors());
    for k in &pinfo.kernels {
        let name = format!("__OpenCL_{}_kernel", k.name);
        let block = md
            .kernels
            .iter()
            .find(|b| b.name == name)
            .expect("wrapper block");
        let args = block
            .entries
            .iter()
            .filter(|e| matches!(e, MdEntry::Value(_) | MdEntry::Pointer(_)))
            .count();
        assert_eq!(args, k.args.len());
    }
});
