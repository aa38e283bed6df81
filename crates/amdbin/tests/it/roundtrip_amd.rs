//! AMD Catalyst OpenCL 1.2 binaries written from configurations with every kind of
//! argument, for drivers on both sides of each threshold the generator knows (1124.02,
//! 1348.05, 1445.05, 1526.03, 1598.05, 1642.05) and both bitnesses: each reads back to
//! an input that writes the same bytes, and each kernel's derived configuration writes
//! the same bytes too.

use kauai_amdbin::amd::{
    derive_config, read_amd, write_amd, AmdArg, AmdArgKind, AmdDriver, AmdInput, AmdKernelConfig,
    AmdKernelContent, AmdKernelInput, UserData,
};
use kauai_amdbin::{AddressSpace, Device, Elem, ImageAccess, ImageType, Pointee, ValueType};

fn arg(name: &str, type_name: &str, kind: AmdArgKind) -> AmdArg {
    AmdArg {
        name: name.into(),
        type_name: type_name.into(),
        kind,
        res_id: None,
        used: true,
    }
}

fn ptr(pointee: Pointee, space: AddressSpace, is_const: bool) -> AmdArgKind {
    AmdArgKind::Pointer {
        pointee,
        space,
        is_const,
        is_restrict: false,
        is_volatile: false,
        const_size: 0,
    }
}

fn config(variant: u32) -> AmdKernelConfig {
    let v = |elem, len| ValueType { elem, len };
    let mut args = vec![
        arg(
            "a",
            "float*",
            ptr(
                Pointee::Value(v(Elem::Float, 1)),
                AddressSpace::Global,
                true,
            ),
        ),
        arg(
            "b",
            "int4*",
            ptr(Pointee::Value(v(Elem::Int, 4)), AddressSpace::Global, false),
        ),
        arg(
            "c",
            "uchar*",
            ptr(
                Pointee::Value(v(Elem::UChar, 1)),
                AddressSpace::Local,
                false,
            ),
        ),
        arg(
            "d",
            "short*",
            ptr(
                Pointee::Value(v(Elem::Short, 1)),
                AddressSpace::Constant,
                false,
            ),
        ),
        arg(
            "e",
            "struct s*",
            ptr(Pointee::Structure { size: 12 }, AddressSpace::Global, false),
        ),
        arg("f", "double2", AmdArgKind::Value(v(Elem::Double, 2))),
        arg("g", "ulong", AmdArgKind::Value(v(Elem::ULong, 1))),
        arg("h", "char3", AmdArgKind::Value(v(Elem::Char, 3))),
        arg("i", "struct t", AmdArgKind::Structure { size: 40 }),
        arg("j", "sampler_t", AmdArgKind::Sampler),
        arg(
            "k",
            "image2d_t",
            AmdArgKind::Image {
                image: ImageType::Image2d,
                access: ImageAccess::ReadOnly,
            },
        ),
        arg(
            "l",
            "image3d_t",
            AmdArgKind::Image {
                image: ImageType::Image3d,
                access: ImageAccess::WriteOnly,
            },
        ),
        arg("m", "counter32_t", AmdArgKind::Counter32),
    ];
    if variant & 1 != 0 {
        // An unused global pointer and explicit resource ids.
        args[1].used = false;
        args[10].res_id = Some(3);
        args[12].res_id = Some(2);
    }
    AmdKernelConfig {
        dims: Some(if variant & 2 != 0 { 7 } else { 1 }),
        reqd_work_group_size: if variant & 4 != 0 { [8, 4, 2] } else { [0; 3] },
        sgprs_num: 20,
        vgprs_num: 9,
        hw_local: if variant & 8 != 0 { 2048 } else { 0 },
        scratch_buffer: if variant & 8 != 0 { 64 } else { 0 },
        samplers: if variant & 2 != 0 {
            vec![0x13]
        } else {
            Vec::new()
        },
        user_datas: vec![
            UserData {
                data_class: 23,
                api_slot: 0,
                reg_start: 2,
                reg_size: 2,
            },
            UserData {
                data_class: 2,
                api_slot: 1,
                reg_start: 4,
                reg_size: 4,
            },
        ],
        args,
        ..AmdKernelConfig::default()
    }
}

#[test]
fn configured_binaries_read_derive_and_write_back() {
    let mut derived = 0;
    let mut total = 0;
    for driver in [0, 112402, 134805, 144506, 152603, 159805, 164205, 191205] {
        for is64 in [false, true] {
            for variant in 0..16 {
                let mut input = AmdInput::new(Device::Bonaire, is64, AmdDriver::Version(driver));
                if variant & 1 != 0 {
                    input.global_data = Some(vec![7; 40]);
                    input.compile_options = "-O3".into();
                }
                for n in ["k0", "k1"] {
                    input.kernels.push(AmdKernelInput {
                        name: n.into(),
                        code: vec![0x00, 0x00, 0x81, 0xBF],
                        data: (variant & 8 != 0).then(|| vec![1, 2, 3]),
                        content: AmdKernelContent::Config(config(variant)),
                    });
                }
                let what = format!("driver {driver}, 64-bit {is64}, variant {variant}");
                let bytes = write_amd(&input).unwrap_or_else(|e| panic!("{what}: {e}"));
                let read = read_amd(&bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert!(write_amd(&read).expect("writes") == bytes, "{what}");
                for k in 0..read.kernels.len() {
                    total += 1;
                    if let Ok(c) = derive_config(&read, k) {
                        derived += 1;
                        let mut with = read.clone();
                        with.kernels[k].content = AmdKernelContent::Config(c);
                        assert!(write_amd(&with).expect("writes") == bytes, "{what}");
                    }
                }
            }
        }
    }
    // Every configured kernel has a configuration that gives it back.
    assert_eq!(derived, total);
}
