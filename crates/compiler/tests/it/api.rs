//! The ComputeMux compiler API rules of docs/spec/computemux.md, one test per rule, against a small
//! test target whose kernels record how they were called.

use std::sync::{Arc, Mutex};

use crate::common;

use common::TestTarget;
use kauai_compiler::*;
use kauai_ir::DataLayout;

fn device(sub_groups: Vec<u32>, custom_buffers: u32) -> DeviceInfo {
    DeviceInfo {
        name: "test".into(),
        vendor: "Kauai".into(),
        data_layout: DataLayout::HOST64,
        compute_units: 1,
        max_work_group_size: 256,
        max_work_item_sizes: [256, 256, 64],
        max_work_width: 8,
        local_mem_size: 32768,
        sub_group_sizes: sub_groups,
        fp64: true,
        fp16: false,
        images: false,
        extensions: vec!["cl_khr_fp64".into()],
        custom_buffer_capabilities: custom_buffers,
    }
}

/// Records the local sizes it was asked to precache; fails code generation on demand.
struct TestKernel {
    calls: Arc<Mutex<Vec<[usize; 3]>>>,
    fail_codegen: bool,
}

impl KernelBackend for TestKernel {
    fn precache_local_size(&self, local: [usize; 3]) -> Result<()> {
        self.calls.lock().expect("lock").push(local);
        Ok(())
    }
    fn dynamic_work_width(&self, local: [usize; 3]) -> Result<u32> {
        Ok(local[0].min(8) as u32)
    }
    fn create_specialized_kernel(&self, _o: &NdRangeOptions) -> Result<Vec<u8>> {
        if self.fail_codegen {
            Err(Error::new(
                ResultCode::Failure,
                "register allocation failed",
            ))
        } else {
            Ok(b"binary".to_vec())
        }
    }
    fn sub_group_size(&self) -> Result<u32> {
        Ok(4)
    }
}

/// The deferred kernels of the test target: they record their calls.
fn recording_kernel(name: &str) -> Option<Box<dyn KernelBackend>> {
    Some(Box::new(TestKernel {
        calls: Arc::new(Mutex::new(Vec::new())),
        fail_codegen: name == "broken",
    }))
}

fn info(sub_groups: Vec<u32>, deferred: bool, options: &str) -> Arc<Info> {
    Arc::new(Info {
        device_info: device(sub_groups, 0),
        supports_deferred_compilation: deferred,
        compilation_options: options.into(),
        vectorizable: true,
        dma_optimizable: false,
        scalable_vector_support: false,
        factory: |info| {
            Ok(Box::new(TestTarget {
                info,
                kernel: recording_kernel,
            }))
        },
    })
}

fn module_with(info: &Arc<Info>, src: &str) -> Module {
    let target: Arc<dyn Target> = Arc::from(info.create_target(&Context::new()).expect("target"));
    let mut m = Module::new(target);
    m.compile_opencl_c("FULL_PROFILE", src, &[])
        .unwrap_or_else(|e| panic!("{e}"));
    m
}

const SRC: &str = "__kernel void k(__global int *p) { p[get_global_id(0)] = 1; }\n\
                   __kernel void broken(__global int *p) { p[0] = 2; }\n";

fn kernel(sub_groups: Vec<u32>, name: &str) -> Arc<Kernel> {
    let i = info(sub_groups, true, "");
    let mut m = module_with(&i, SRC);
    m.finalize().expect("finalize");
    m.get_kernel(name)
        .expect("get_kernel")
        .expect("deferred kernel")
}

fn code<T: std::fmt::Debug>(r: Result<T>) -> ResultCode {
    r.expect_err("must fail").code
}

#[test]
fn precache_local_size_rejects_zero_in_each_dimension() {
    let k = kernel(vec![], "k");
    assert_eq!(
        code(k.precache_local_size(0, 1, 1)),
        ResultCode::InvalidValue
    );
    assert_eq!(
        code(k.precache_local_size(1, 0, 1)),
        ResultCode::InvalidValue
    );
    assert_eq!(
        code(k.precache_local_size(1, 1, 0)),
        ResultCode::InvalidValue
    );
    assert!(k.precache_local_size(256, 1, 1).is_ok());
}

#[test]
fn dynamic_work_width_rules() {
    let k = kernel(vec![], "k");
    assert_eq!(
        code(k.get_dynamic_work_width(0, 1, 1)),
        ResultCode::InvalidValue
    );
    assert_eq!(
        code(k.get_dynamic_work_width(1, 0, 1)),
        ResultCode::InvalidValue
    );
    assert_eq!(
        code(k.get_dynamic_work_width(1, 1, 0)),
        ResultCode::InvalidValue
    );
    assert_eq!(k.get_dynamic_work_width(1, 1, 1).expect("width"), 1);
    let w = k.get_dynamic_work_width(64, 1, 1).expect("width");
    assert!((1..=8).contains(&w));
}

#[test]
fn create_specialized_kernel_rules() {
    let k = kernel(vec![], "k");
    let ok = NdRangeOptions::new(&[64], [8, 1, 1]);
    assert_eq!(k.create_specialized_kernel(&ok).expect("binary"), b"binary");
    let desc = DescriptorInfo {
        kind: DescriptorKind::Buffer,
        size: 8,
    };
    let cases: Vec<(&str, NdRangeOptions)> = vec![
        (
            "descriptors with length 0",
            NdRangeOptions {
                descriptors: Some(vec![desc.clone()]),
                descriptors_length: 0,
                ..ok.clone()
            },
        ),
        (
            "no descriptors with length 1",
            NdRangeOptions {
                descriptors: None,
                descriptors_length: 1,
                ..ok.clone()
            },
        ),
        (
            "local size 0",
            NdRangeOptions {
                local_size: [8, 0, 1],
                ..ok.clone()
            },
        ),
        (
            "no global offset",
            NdRangeOptions {
                global_offset: None,
                ..ok.clone()
            },
        ),
        (
            "no global size",
            NdRangeOptions {
                global_size: None,
                ..ok.clone()
            },
        ),
        (
            "length 0",
            NdRangeOptions {
                length: 0,
                ..ok.clone()
            },
        ),
        (
            "length 4",
            NdRangeOptions {
                length: 4,
                ..ok.clone()
            },
        ),
        (
            "custom buffer without capability",
            NdRangeOptions {
                descriptors: Some(vec![DescriptorInfo {
                    kind: DescriptorKind::CustomBuffer,
                    size: 0,
                }]),
                descriptors_length: 1,
                ..ok.clone()
            },
        ),
    ];
    for (what, o) in cases {
        assert_eq!(
            code(k.create_specialized_kernel(&o)),
            ResultCode::InvalidValue,
            "{what}"
        );
    }
    let broken = kernel(vec![], "broken");
    assert_eq!(
        code(broken.create_specialized_kernel(&ok)),
        ResultCode::FinalizeProgramFailure
    );
}

#[test]
fn sub_group_queries_without_sub_groups_are_unsupported() {
    let k = kernel(vec![], "k");
    assert_eq!(code(k.get_sub_group_size()), ResultCode::FeatureUnsupported);
    assert_eq!(
        code(k.query_sub_group_size_for_local_size(8, 1, 1)),
        ResultCode::FeatureUnsupported
    );
    assert_eq!(
        code(k.query_local_size_for_sub_group_count(2)),
        ResultCode::FeatureUnsupported
    );
    assert_eq!(
        code(k.query_max_sub_group_count()),
        ResultCode::FeatureUnsupported
    );
}

#[test]
fn sub_group_queries_with_sub_groups() {
    let k = kernel(vec![4], "k");
    assert_eq!(k.get_sub_group_size().expect("size"), 4);
    assert_eq!(
        k.query_sub_group_size_for_local_size(2, 1, 1)
            .expect("size"),
        2
    );
    assert_eq!(
        k.query_sub_group_size_for_local_size(16, 1, 1)
            .expect("size"),
        4
    );
    assert_eq!(
        code(k.query_sub_group_size_for_local_size(0, 1, 1)),
        ResultCode::InvalidValue
    );
    let l = k.query_local_size_for_sub_group_count(3).expect("local");
    assert_eq!(l, [12, 1, 1]);
    assert_eq!(
        k.query_local_size_for_sub_group_count(1000).expect("local"),
        [0, 0, 0]
    );
    assert_eq!(k.query_max_sub_group_count().expect("count"), 64);
}

#[test]
fn compile_errors_give_compile_program_failure_and_a_log() {
    let i = info(vec![], true, "");
    let target: Arc<dyn Target> = Arc::from(i.create_target(&Context::new()).expect("target"));
    let mut m = Module::new(target);
    let e = m
        .compile_opencl_c("FULL_PROFILE", "__kernel void k() { int x = ; }", &[])
        .expect_err("must fail");
    assert_eq!(e.code, ResultCode::CompileProgramFailure);
    assert!(m.num_errors >= 1);
    assert!(m.log.contains("<source>:1:"), "{}", m.log);
    assert_eq!(
        code(m.compile_opencl_c("NO_PROFILE", "", &[])),
        ResultCode::InvalidValue
    );
}

#[test]
fn finalize_rules() {
    let i = info(vec![], true, "");
    let target: Arc<dyn Target> = Arc::from(i.create_target(&Context::new()).expect("target"));
    let mut empty = Module::new(target);
    assert_eq!(code(empty.finalize()), ResultCode::FinalizeProgramFailure);
    let mut lib = module_with(&i, SRC);
    lib.make_library();
    assert_eq!(code(lib.finalize()), ResultCode::FinalizeProgramFailure);
    let mut m = module_with(&i, SRC);
    let (pinfo, printf) = m.finalize().expect("finalize");
    assert!(printf.is_empty());
    let names: Vec<&str> = pinfo.kernels.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(names, ["k", "broken"]);
    assert_eq!(
        pinfo.kernels[0].args[0].kind,
        ArgKind::Buffer(kauai_ir::AddrSpace::Global)
    );
    assert_eq!(pinfo.kernels[0].args[0].name, "p");
    assert_eq!(m.state(), ModuleState::Executable);
    let bin = m.create_binary().expect("binary");
    assert!(String::from_utf8_lossy(&bin).contains("__mux_get_global_id"));
    assert_eq!(code(m.get_kernel("nope")), ResultCode::InvalidValue);
}

#[test]
fn get_kernel_without_deferred_compilation_is_none() {
    let i = info(vec![], false, "");
    let mut m = module_with(&i, SRC);
    m.finalize().expect("finalize");
    assert!(m.get_kernel("k").expect("no error").is_none());
}

#[test]
fn link_merges_and_rejects_duplicates() {
    let i = info(vec![], true, "");
    // Modules that do not call across: merging is what is tested here (calls across
    // modules are in tests/link.rs).
    let lib = module_with(&i, "__kernel void a(__global int *p) { p[0] = 1; }\n");
    let mut main = module_with(&i, "__kernel void b(__global int *p) { p[0] = 2; }\n");
    main.link(&[&lib]).expect("link");
    let (pinfo, _) = main.finalize().expect("finalize");
    let names: Vec<&str> = pinfo.kernels.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(names, ["b", "a"]);
    let again = module_with(&i, "int twice(int x) { return x + x; }\n");
    let mut dup = module_with(&i, "int twice(int x) { return 2 * x; }\n");
    assert_eq!(code(dup.link(&[&again])), ResultCode::LinkProgramFailure);
}

#[test]
fn link_renumbers_printf_ids_and_finalize_describes_them() {
    let i = info(vec![], true, "");
    let lib = module_with(
        &i,
        "__kernel void a(int x) { printf(\"a %d %s\\n\", x, \"lib\"); printf(\"b\\n\"); }\n",
    );
    let mut main = module_with(
        &i,
        "__kernel void b(float f) { printf(\"f=%.2f\\n\", f); }\n",
    );
    main.link(&[&lib]).expect("link");
    let (_, printf) = main.finalize().expect("finalize");
    let got: Vec<(u32, &str, Vec<&str>, Vec<&str>)> = printf
        .iter()
        .map(|d| {
            (
                d.id,
                d.format.as_str(),
                d.arg_types.iter().map(String::as_str).collect(),
                d.strings.iter().filter_map(|s| s.literal()).collect(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (0, "f=%.2f\n", vec!["f64"], vec![]),
            (1, "a %d %s\n", vec!["i32"], vec!["lib"]),
            (2, "b\n", vec![], vec![]),
        ]
    );
    // The finalized kernels call the renumbered callees.
    let ir = kauai_ir::module_to_string(&main.finalized().expect("finalized").module);
    for call in [
        "@__kauai_printf.0(",
        "@__kauai_printf.1(",
        "@__kauai_printf.2(",
    ] {
        assert!(
            ir.contains(&format!("call.i32 {call}")),
            "{call} missing in\n{ir}"
        );
    }
}

#[test]
fn serialize_round_trips() {
    let i = info(vec![], true, "");
    let mut m = module_with(&i, SRC);
    m.finalize().expect("finalize");
    let bytes = m.serialize();
    let target: Arc<dyn Target> = Arc::from(i.create_target(&Context::new()).expect("target"));
    let mut back = Module::new(target);
    assert!(back.deserialize(&bytes));
    assert_eq!(back.state(), ModuleState::Executable);
    assert_eq!(back.serialize(), bytes);
    assert!(!back.deserialize(b"not a module"));
    assert!(!back.deserialize(b"KAUAI-MODULE 1\nstate compiled\nfunction @f("));
}

#[test]
fn build_options_are_checked_against_the_device() {
    let i = info(vec![], true, "--dummy-device-option,1,takes an integer value;--dummy-device-flag,0,enables device optimization");
    let target: Arc<dyn Target> = Arc::from(i.create_target(&Context::new()).expect("target"));
    let mut m = Module::new(target);
    m.set_options("--dummy-device-option 3 --dummy-device-flag -cl-mad-enable")
        .expect("valid");
    assert_eq!(
        code(m.set_options("--other")),
        ResultCode::InvalidBuildOptions
    );
    let bad = info(vec![], true, "dummy,1,no dashes");
    let target: Arc<dyn Target> = Arc::from(bad.create_target(&Context::new()).expect("target"));
    let mut m = Module::new(target);
    assert_eq!(code(m.set_options("")), ResultCode::InvalidCompilerOptions);
}

#[test]
fn builtin_capabilities_follow_the_device() {
    let i = info(vec![], true, "");
    let caps = i.builtin_capabilities();
    assert!(caps.contains(BuiltinCapabilities::BITS64) && caps.contains(BuiltinCapabilities::FP64));
    assert!(!caps.contains(BuiltinCapabilities::FP16));
}

fn spirv_words(path: &str) -> Vec<u32> {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    kauai_spirv::words_from_bytes(&std::fs::read(p).expect("frozen module")).expect("words")
}

#[test]
fn compile_spirv_rules() {
    let i = info(vec![], true, "");
    let target: Arc<dyn Target> = Arc::from(i.create_target(&Context::new()).expect("target"));
    let spec = kauai_spirv::SpecializationInfo::new();
    // Not a module Kauai reads (isValidSPIRV false): INVALID_VALUE, in the log.
    let mut m = Module::new(target.clone());
    let e = m
        .compile_spirv(&[0x0723_0203, 0x0001_0000, 0, 0, 0], &spec)
        .expect_err("bound 0");
    assert_eq!(e.code, ResultCode::InvalidValue);
    assert_eq!(m.num_errors, 1);
    assert!(m.log.contains("word 3: the id bound 0"), "{}", m.log);
    // Valid but not translated yet (the mad of saxpy made a printf of a float format):
    // COMPILE_PROGRAM_FAILURE.
    let mut words = spirv_words("../../filetests/spirv/algorithms_saxpy.spv");
    words[239] = 184;
    let mut m = Module::new(target.clone());
    let e = m.compile_spirv(&words, &spec).expect_err("printf");
    assert_eq!(e.code, ResultCode::CompileProgramFailure);
    assert!(
        m.log.contains(
            "not supported yet: a printf format that is not a constant string at word 235"
        ),
        "{}",
        m.log
    );
    // OpenCL.std instructions compile through the C front end's builtins and finalize.
    let mut m = Module::new(target.clone());
    m.compile_spirv(
        &spirv_words("../../filetests/spirv/builtins_math_builtins.spv"),
        &spec,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.state(), ModuleState::Compiled);
    let (info, _) = m.finalize().unwrap_or_else(|e| panic!("{e}"));
    assert!(!info.kernels.is_empty());
}

#[test]
fn compile_spirv_applies_specialization_constants() {
    let i = info(vec![], true, "");
    let target: Arc<dyn Target> = Arc::from(i.create_target(&Context::new()).expect("target"));
    let words = spirv_words("../spirv/tests/data/spec_constant.spv");
    let spec = kauai_spirv::SpecializationInfo::from([(3, 42u32.to_le_bytes().to_vec())]);
    let mut m = Module::new(target);
    m.compile_spirv(&words, &spec)
        .unwrap_or_else(|e| panic!("{e}"));
    m.finalize().unwrap_or_else(|e| panic!("{e}"));
    let text = kauai_ir::module_to_string(&m.finalized().expect("finalized").module);
    // out[0] = 42 (given), out[1] = 100 (the flag keeps its default, true).
    assert!(text.contains("const.i32 42\n"), "{text}");
    assert!(text.contains("const.i32 100\n"), "{text}");
    assert!(!text.contains("const.i32 7\n"), "{text}");
}

#[test]
fn context_reads_spirv_modules() {
    let c = Context::new();
    let words = spirv_words("../spirv/tests/data/spec_constant.spv");
    assert!(c.is_valid_spirv(&words));
    assert!(!c.is_valid_spirv(&words[..4]));
    let spec = c.get_specializable_constants(&words).expect("valid");
    // SpecId 3: a 32-bit int; SpecId 5: a bool (one byte).
    assert_eq!(spec.into_iter().collect::<Vec<_>>(), vec![(3, 4), (5, 1)]);
    let e = c
        .get_specializable_constants(&[0; 5])
        .expect_err("no magic number");
    assert!(e.contains("magic number"), "{e}");
}
