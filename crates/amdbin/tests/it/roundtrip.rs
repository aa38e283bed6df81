//! Read/write round trips: every file the writer produces (all layouts, both
//! bitnesses, every optional part) and the clrxasm oracles read back to an input that
//! writes the same bytes; raw inputs read back equal.

use kauai_amdbin::{
    read_cl2, write_cl2, AddressSpace, ArgKind, Cl2Input, Cl2KernelInput, CodeReloc, Device, Dims,
    Elem, ExtraSection, ExtraSymbol, ImageAccess, ImageType, InnerSection, KernelArg, KernelConfig,
    KernelContent, Layout, Pointee, RawKernel, RelocKind, RelocTarget, SamplerInit, ValueType,
};

fn arg(name: &str, type_name: &str, kind: ArgKind) -> KernelArg {
    KernelArg {
        name: name.into(),
        type_name: type_name.into(),
        kind,
        used: 3,
    }
}

fn config(i: usize) -> KernelConfig {
    KernelConfig {
        dims: [
            Dims::Mask(3),
            Dims::Split { group: 7, local: 1 },
            Dims::FromPgmRsrc2,
        ][i % 3],
        reqd_work_group_size: [16 * i as u32, 1, 1],
        work_group_size_hint: [8, 0, 0],
        vec_type_hint: if i.is_multiple_of(2) {
            "float4".into()
        } else {
            String::new()
        },
        sgprs_num: 10 + i as u32,
        vgprs_num: 7 + i as u32,
        local_size: 512 * (i as u32 % 2),
        scratch_buffer: 64 * (i as u32 % 3),
        use_args: true,
        use_setup: i % 2 == 1,
        use_enqueue: i == 2,
        use_generic: i == 3,
        tg_size: i.is_multiple_of(2),
        exceptions: 0x11,
        pgmrsrc2: 0x1B80,
        args: vec![
            arg("n", "uint", ArgKind::Value(ValueType::scalar(Elem::UInt))),
            arg("s", "short", ArgKind::Value(ValueType::scalar(Elem::Short))),
            arg(
                "v",
                "float3",
                ArgKind::Value(ValueType {
                    elem: Elem::Float,
                    len: 3,
                }),
            ),
            arg(
                "p",
                "int4*",
                ArgKind::Pointer {
                    pointee: Pointee::Value(ValueType {
                        elem: Elem::Int,
                        len: 4,
                    }),
                    space: AddressSpace::Global,
                    is_const: true,
                    is_restrict: true,
                    is_volatile: false,
                },
            ),
            arg(
                "l",
                "float*",
                ArgKind::Pointer {
                    pointee: Pointee::Value(ValueType::scalar(Elem::Float)),
                    space: AddressSpace::Local,
                    is_const: false,
                    is_restrict: false,
                    is_volatile: true,
                },
            ),
            arg(
                "st",
                "struct S*",
                ArgKind::Pointer {
                    pointee: Pointee::Structure { size: 24 },
                    space: AddressSpace::Constant,
                    is_const: false,
                    is_restrict: false,
                    is_volatile: false,
                },
            ),
            arg(
                "img",
                "image2d_t",
                ArgKind::Image {
                    image: ImageType::Image2d,
                    access: ImageAccess::ReadOnly,
                    res_id: None,
                },
            ),
            arg(
                "wimg",
                "image3d_t",
                ArgKind::Image {
                    image: ImageType::Image3d,
                    access: ImageAccess::WriteOnly,
                    res_id: Some(5),
                },
            ),
            arg("smp", "sampler_t", ArgKind::Sampler { res_id: None }),
            arg("str", "struct T", ArgKind::Structure { size: 40 }),
            arg("pp", "pipe", ArgKind::Pipe),
            arg("q", "queue_t", ArgKind::Queue),
            arg("ev", "clk_event_t", ArgKind::ClkEvent),
        ],
        ..KernelConfig::default()
    }
}

fn code(i: usize) -> Vec<u8> {
    // s_mov_b32 s0, literal; v_mov_b32 v0, literal; s_endpgm — two literal slots.
    let mut c = vec![
        0xFF, 0x00, 0x80, 0xBE, 0, 0, 0, 0, 0xFF, 0x02, 0x00, 0x7E, 0, 0, 0, 0,
    ];
    c.extend(std::iter::repeat_n(0u8, 4 * i));
    c.extend_from_slice(&[0x00, 0x00, 0x81, 0xBF]);
    c
}

/// A family of inputs covering each layout, bitness and optional part.
fn inputs() -> Vec<(String, Cl2Input)> {
    let mut out = Vec::new();
    for (driver, device) in [
        (180005, Device::Bonaire),
        (191205, Device::Tonga),
        (200406, Device::Ellesmere),
        (203603, Device::Fiji),
        (223600, Device::Gfx900),
        (258000, Device::Gfx906),
    ] {
        for is64 in [false, true] {
            let old = Layout::for_driver(driver) == Layout::Old;
            for variant in 0..5 {
                let mut inp = Cl2Input::new(device, driver, is64);
                inp.compile_options = if variant % 2 == 0 {
                    "-O2 -cl-std=CL2.0".into()
                } else {
                    String::new()
                };
                if variant == 3 {
                    inp.acl_version = Some("my ACL".into());
                }
                if variant == 1 {
                    // An empty ACL string is kept, not replaced by the default.
                    inp.acl_version = Some(String::new());
                }
                // Variant 4: no kernels at all.
                let nk = [1, 1, 2, 3, 0][variant];
                for k in 0..nk {
                    let content = if (k + variant) % 2 == 0 {
                        KernelContent::Config(Box::new(config(k + variant)))
                    } else {
                        KernelContent::Raw(RawKernel {
                            metadata: (0..(40 + k as u8)).collect(),
                            setup: {
                                let mut s = vec![0u8; 256];
                                s[16] = 0; // entry offset 256
                                s[17] = 1;
                                s[48] = k as u8;
                                s
                            },
                            stub: if old {
                                vec![8, 0, 0, 0, 9, 9, 9, 9]
                            } else {
                                Vec::new()
                            },
                            isa_metadata: if old && k == 1 {
                                Some(vec![1, 2, 3])
                            } else {
                                None
                            },
                        })
                    };
                    let mut kernel = Cl2KernelInput {
                        name: format!("kernel{k}"),
                        code: code(k + variant),
                        relocations: Vec::new(),
                        samplers: Vec::new(),
                        content,
                    };
                    if !old && variant >= 2 {
                        kernel.relocations = vec![
                            CodeReloc {
                                offset: 4,
                                kind: RelocKind::Lo32,
                                target: RelocTarget::GlobalData,
                                addend: 16,
                            },
                            CodeReloc {
                                offset: 12,
                                kind: RelocKind::Hi32,
                                target: RelocTarget::RwData,
                                addend: -8,
                            },
                        ];
                        if variant == 3 {
                            kernel.relocations.push(CodeReloc {
                                offset: 4,
                                kind: RelocKind::Hi32,
                                target: RelocTarget::Bss,
                                addend: 0,
                            });
                        }
                        if k == 1 {
                            kernel.samplers = vec![1];
                        }
                    }
                    inp.kernels.push(kernel);
                }
                if !old && (2..4).contains(&variant) {
                    inp.global_data = (0..64u8).collect();
                    inp.rw_data = vec![7; 12];
                    if variant == 3 {
                        inp.bss_size = 100;
                        inp.bss_align = 32;
                        inp.samplers = SamplerInit::Raw(vec![
                            8, 0, 1, 0, 0x10, 0, 0, 0, 8, 0, 1, 0, 0x22, 0, 0, 0,
                        ]);
                        inp.sampler_offsets = vec![0, 16];
                        inp.inner_symbols = if nk == 0 {
                            Vec::new()
                        } else {
                            vec![ExtraSymbol {
                                name: "table".into(),
                                value: 8,
                                size: 16,
                                section: InnerSection::GlobalData,
                                info: 1,
                                other: 0,
                            }]
                        };
                        inp.inner_extra_sections = vec![ExtraSection {
                            name: ".inner_extra".into(),
                            stype: 1,
                            align: 4,
                            data: b"xyz".to_vec(),
                            ..ExtraSection::default()
                        }];
                    } else {
                        inp.samplers = SamplerInit::Values(vec![0x31, 0x32]);
                    }
                }
                if variant == 1 || variant == 3 {
                    inp.extra_sections = vec![ExtraSection {
                        name: ".brig".into(),
                        stype: 1,
                        align: 1,
                        data: b"BRIG data".to_vec(),
                        ..ExtraSection::default()
                    }];
                    inp.extra_symbols = vec![ExtraSymbol {
                        name: "extra_sym".into(),
                        value: 2,
                        size: 3,
                        section: 4,
                        info: 1,
                        other: 0,
                    }];
                }
                out.push((
                    format!(
                        "{driver}/{device}/{}bit/v{variant}",
                        if is64 { 64 } else { 32 }
                    ),
                    inp,
                ));
            }
        }
    }
    out
}

#[test]
fn written_files_read_back_and_write_the_same_bytes() {
    for (name, inp) in inputs() {
        let bytes = write_cl2(&inp).unwrap_or_else(|e| panic!("{name}: write: {e}"));
        let back = read_cl2(&bytes).unwrap_or_else(|e| panic!("{name}: read: {e}"));
        assert_eq!(back.layout, inp.layout(), "{name}");
        assert_eq!(back.input.device.arch(), inp.device.arch(), "{name}");
        assert_eq!(back.input.is64, inp.is64, "{name}");
        let again = write_cl2(&back.input).unwrap_or_else(|e| panic!("{name}: rewrite: {e}"));
        if again != bytes && std::env::var_os("AMDBIN_DUMP").is_some() {
            std::fs::write("/tmp/amdbin_a.bin", &bytes).ok();
            std::fs::write("/tmp/amdbin_b.bin", &again).ok();
            eprintln!("{:#?}\n{:#?}", inp, back.input);
        }
        assert!(again == bytes, "{name}: rewritten bytes differ");
        // Parts written raw come back as they were given.
        assert_eq!(back.input.compile_options, inp.compile_options, "{name}");
        if inp.acl_version.is_some() {
            assert_eq!(back.input.acl_version, inp.acl_version, "{name}");
        }
        // The 1912 layout pads global data; the padding stays when it cannot be told apart.
        assert!(
            back.input.global_data.starts_with(&inp.global_data),
            "{name}"
        );
        assert_eq!(back.input.rw_data, inp.rw_data, "{name}");
        assert_eq!(back.input.extra_sections, inp.extra_sections, "{name}");
        assert_eq!(back.input.extra_symbols, inp.extra_symbols, "{name}");
        assert_eq!(back.input.inner_symbols, inp.inner_symbols, "{name}");
        assert_eq!(
            back.input.inner_extra_sections, inp.inner_extra_sections,
            "{name}"
        );
        assert_eq!(back.input.sampler_offsets, inp.sampler_offsets, "{name}");
        for (a, b) in back.input.kernels.iter().zip(&inp.kernels) {
            assert_eq!(a.name, b.name, "{name}");
            assert_eq!(a.code, b.code, "{name}");
            assert_eq!(a.relocations, b.relocations, "{name}");
            assert_eq!(a.samplers, b.samplers, "{name}");
            if let (KernelContent::Raw(x), KernelContent::Raw(y)) = (&a.content, &b.content) {
                assert_eq!(x.metadata, y.metadata, "{name}");
                assert_eq!(x.setup, y.setup, "{name}");
                assert_eq!(x.stub, y.stub, "{name}");
            }
        }
    }
}

#[test]
fn oracles_read_back_to_the_same_bytes() {
    for (file, device, driver) in [
        ("randomx_run_gfx803.bin", Device::Fiji, 203603),
        ("randomx_run_gfx900.bin", Device::Gfx900, 223600),
    ] {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(path).expect("oracle");
        let bin = read_cl2(&bytes).expect("reads");
        assert_eq!(bin.layout, Layout::V163);
        assert_eq!(bin.input.device, device, "{file}");
        assert_eq!(bin.input.driver_version, driver, "{file}");
        assert_eq!(bin.input.arch_stepping, Some(0));
        assert_eq!(bin.input.kernels.len(), 1);
        assert_eq!(bin.input.kernels[0].name, "randomx_run");
        assert!(write_cl2(&bin.input).expect("writes") == bytes, "{file}");
    }
}

/// The `-C` path: every kernel the writer generated from a configuration, read back
/// raw, derives a configuration that writes the same file again.
#[test]
fn derived_configs_write_the_same_bytes() {
    let mut checked = 0;
    let mut files: Vec<(String, Vec<u8>)> = inputs()
        .into_iter()
        .map(|(n, i)| (n, write_cl2(&i).expect("writes")))
        .collect();
    for f in ["randomx_run_gfx803.bin", "randomx_run_gfx900.bin"] {
        let path = format!("{}/tests/data/{f}", env!("CARGO_MANIFEST_DIR"));
        files.push((f.into(), std::fs::read(path).expect("oracle")));
    }
    for (name, bytes) in files {
        let bin = read_cl2(&bytes).expect("reads");
        let mut input = bin.input.clone();
        for i in 0..input.kernels.len() {
            match kauai_amdbin::derive_config(&bin.input, i) {
                Ok(cfg) => {
                    input.kernels[i].content = KernelContent::Config(Box::new(cfg));
                    checked += 1;
                }
                // Raw test blobs (arbitrary bytes) are not expected to derive.
                Err(kauai_amdbin::Cl2Error::NotDerivable(_)) => {}
                Err(e) => panic!("{name}: kernel {i}: {e}"),
            }
        }
        let again = write_cl2(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(again == bytes, "{name}: config form writes different bytes");
    }
    // 3 configuration kernels per layout, device and bitness, and the oracles.
    assert_eq!(checked, 3 * 12 + 2, "kernels derived");
}
