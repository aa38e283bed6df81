//! The ComputeMux registration: device facts per `-mcpu`, the `--mattr` device option,
//! and build failures with clear messages.

use std::sync::Arc;

use kauai_compiler::{Context, Module, ResultCode};

fn module(mcpu: &str) -> Module {
    let info = kauai_amdil_gen::target_info(mcpu).expect("known cpu");
    let target = info.create_target(&Context::new()).expect("target");
    Module::new(Arc::from(target))
}

#[test]
fn device_facts_follow_the_cpu() {
    let info = kauai_amdil_gen::target_info("cypress").expect("known");
    let d = &info.device_info;
    assert_eq!(d.name, "kauai:cypress");
    assert_eq!(d.data_layout, kauai_ir::DataLayout::GPU32);
    assert!(d.fp64 && d.extensions.iter().any(|e| e == "cl_khr_fp64"));
    assert_eq!(d.local_mem_size, 32 * 1024);
    let specs = info.option_specs().expect("valid compilation_options");
    assert_eq!(specs.len(), 1);
    assert_eq!(specs[0].name, "--mattr");
    assert!(specs[0].takes_value);

    let d = kauai_amdil_gen::target_info("rv740")
        .expect("alias")
        .device_info
        .clone();
    assert_eq!(d.name, "kauai:rv770", "aliases name the canonical device");
    assert_eq!(d.local_mem_size, 16 * 1024);
    assert!(!d
        .extensions
        .iter()
        .any(|e| e == "cl_khr_byte_addressable_store"));
    let d = kauai_amdil_gen::target_info("barts")
        .expect("known")
        .device_info
        .clone();
    assert!(!d.fp64);
    assert!(kauai_amdil_gen::target_info("bogus").is_err());
}

#[test]
fn bad_mattr_is_a_build_option_error() {
    let mut m = module("rv770");
    m.set_options("--mattr=+byte_addressable_store")
        .expect("syntax ok");
    m.compile_opencl_c(
        "FULL_PROFILE",
        "__kernel void k(__global int *p) { p[0] = 1; }",
        &[],
    )
    .expect("compiles");
    let e = m.finalize().expect_err("7XX has no byte stores");
    assert_eq!(e.code, ResultCode::InvalidBuildOptions);
    assert!(e.message.contains("Evergreen"), "{}", e.message);
    let mut m = module("cypress");
    let e = m.set_options("--mcpu=cypress").expect_err("only --mattr");
    assert_eq!(e.code, ResultCode::InvalidBuildOptions);
}
