//! Configuration derivation (`-C`): lossless fallback for setups the `.config` fields
//! cannot express, and clear refusals where the metadata cannot be regenerated.

use kauai_amdbin::{
    derive_config, read_cl2, write_cl2, ArgKind, Cl2Error, Cl2Input, Cl2KernelInput, Device, Dims,
    Elem, KernelArg, KernelConfig, KernelContent, ValueType,
};

fn input(driver: u32, is64: bool) -> Cl2Input {
    let mut inp = Cl2Input::new(Device::Bonaire, driver, is64);
    let cfg = KernelConfig {
        dims: Dims::Mask(1),
        sgprs_num: 12,
        vgprs_num: 5,
        use_args: true,
        args: vec![KernelArg {
            name: "n".into(),
            type_name: "uint".into(),
            kind: ArgKind::Value(ValueType::scalar(Elem::UInt)),
            used: 3,
        }],
        ..KernelConfig::default()
    };
    inp.kernels.push(Cl2KernelInput {
        name: "k".into(),
        code: vec![0x00, 0x00, 0x81, 0xBF],
        relocations: Vec::new(),
        samplers: Vec::new(),
        content: KernelContent::Config(Box::new(cfg)),
    });
    inp
}

fn raw_setup(inp: &mut Cl2Input) -> &mut Vec<u8> {
    match &mut inp.kernels[0].content {
        KernelContent::Raw(r) => &mut r.setup,
        KernelContent::Config(_) => panic!("reader returns raw kernels"),
    }
}

#[test]
fn setup_bits_no_field_explains_are_kept_in_hsa_form() {
    for (driver, is64) in [(191205, true), (200406, false)] {
        let bytes = write_cl2(&input(driver, is64)).expect("writes");
        let mut bin = read_cl2(&bytes).expect("reads").input;
        // A reserved byte and a call convention no `.config` field sets.
        raw_setup(&mut bin)[110] = 0x5A;
        raw_setup(&mut bin)[104] = 3;
        let changed = write_cl2(&bin).expect("writes");
        let cfg = derive_config(&bin, 0).expect("derives");
        let hsa = cfg.hsa.clone().expect("setup kept whole");
        assert_eq!(hsa.call_convention, 3);
        assert_eq!(hsa.reserved[2], 0x5A);
        // The metadata still comes from the configuration.
        assert_eq!(cfg.args.len(), 1);
        bin.kernels[0].content = KernelContent::Config(Box::new(cfg));
        assert!(write_cl2(&bin).expect("writes") == changed);
    }
}

#[test]
fn extra_pgmrsrc_bits_stay_in_the_raw_fields() {
    let bytes = write_cl2(&input(200406, true)).expect("writes");
    let mut bin = read_cl2(&bytes).expect("reads").input;
    // Trap handler present (RSRC2 bit 6) and an LDS size in RSRC2: kept, not dropped.
    let s = raw_setup(&mut bin);
    let r2 = u32::from_le_bytes([s[52], s[53], s[54], s[55]]) | 0x40 | (3 << 15);
    s[52..56].copy_from_slice(&r2.to_le_bytes());
    let changed = write_cl2(&bin).expect("writes");
    let cfg = derive_config(&bin, 0).expect("derives");
    assert_eq!(cfg.hsa, None);
    assert_eq!(cfg.pgmrsrc2, 0x40 | (3 << 15));
    bin.kernels[0].content = KernelContent::Config(Box::new(cfg));
    assert!(write_cl2(&bin).expect("writes") == changed);
}

#[test]
fn metadata_no_configuration_generates_is_refused() {
    let bytes = write_cl2(&input(200406, true)).expect("writes");
    let mut bin = read_cl2(&bytes).expect("reads").input;
    if let KernelContent::Raw(r) = &mut bin.kernels[0].content {
        // An unknown "unknown1" value in the header.
        r.metadata[16] = 9;
    }
    assert!(matches!(
        derive_config(&bin, 0),
        Err(Cl2Error::NotDerivable(_))
    ));
    assert!(matches!(derive_config(&bin, 5), Err(Cl2Error::Invalid(_))));
}
