//! Byte equality with binaries `clrxasm` wrote: xmrig's RandomX kernels
//! (`src/backend/opencl/cl/rx/randomx_run_gfx803.{asm,h}` in xmrig/xmrig), frozen in
//! `tests/data`. The kernel code is taken from the file; everything else (outer ELF,
//! metadata, setup, inner ELF, notes, symbols) is generated from the `.config` of the
//! source and must match byte for byte.

use kauai_amdbin::{
    derive_config, read_cl2, write_cl2, AddressSpace, ArgKind, Cl2Input, Cl2KernelInput, Device,
    Dims, Elem, KernelArg, KernelConfig, KernelContent, Pointee, ValueType,
};

fn value(name: &str, type_name: &str, elem: Elem) -> KernelArg {
    KernelArg {
        name: name.into(),
        type_name: type_name.into(),
        kind: ArgKind::Value(ValueType::scalar(elem)),
        used: 3,
    }
}

fn global_ptr(name: &str, type_name: &str, elem: Elem, is_const: bool, used: u8) -> KernelArg {
    KernelArg {
        name: name.into(),
        type_name: type_name.into(),
        kind: ArgKind::Pointer {
            pointee: Pointee::Value(ValueType::scalar(elem)),
            space: AddressSpace::Global,
            is_const,
            is_restrict: false,
            is_volatile: false,
        },
        used,
    }
}

/// The `.config` of randomx_run_gfx803.asm / randomx_run_gfx900.asm (same in both).
fn randomx_config() -> KernelConfig {
    KernelConfig {
        dims: Dims::Mask(1),
        reqd_work_group_size: [64, 1, 1],
        sgprs_num: 96,
        vgprs_num: 128,
        local_size: 256,
        float_mode: 0xC0,
        pgmrsrc1: 0x00AC035F,
        pgmrsrc2: 0x0000008C,
        dx10_clamp: true,
        ieee_mode: true,
        use_args: true,
        priority: 0,
        args: vec![
            value("_.global_offset_0", "size_t", Elem::Long),
            value("_.global_offset_1", "size_t", Elem::Long),
            value("_.global_offset_2", "size_t", Elem::Long),
            global_ptr("_.printf_buffer", "size_t", Elem::Void, false, 1),
            value("_.vqueue_pointer", "size_t", Elem::Long),
            value("_.aqlwrap_pointer", "size_t", Elem::Long),
            global_ptr("dataset", "uchar*", Elem::UChar, true, 1),
            global_ptr("scratchpad", "uchar*", Elem::UChar, false, 3),
            global_ptr("registers", "ulong*", Elem::ULong, false, 3),
            global_ptr("rounding_modes", "uint*", Elem::UInt, false, 3),
            global_ptr("programs", "uint*", Elem::UInt, false, 3),
            value("batch_size", "uint", Elem::UInt),
            value("rx_parameters", "uint", Elem::UInt),
        ],
        ..KernelConfig::default()
    }
}

/// The code of the single kernel: in `.hsatext` of the inner ELF, after the setup.
fn code_of(file: &[u8], text_off: usize, hsatext_off: usize, hsatext_size: usize) -> Vec<u8> {
    let start = text_off + hsatext_off + 256;
    file[start..text_off + hsatext_off + hsatext_size].to_vec()
}

fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    a.iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .or((a.len() != b.len()).then(|| a.len().min(b.len())))
}

fn check_randomx(file_name: &str, device: Device, driver: u32, text_off: usize, code_end: usize) {
    let path = format!("{}/tests/data/{file_name}", env!("CARGO_MANIFEST_DIR"));
    let file = std::fs::read(path).expect("oracle file");
    let code = code_of(&file, text_off, 0x200, code_end);
    let mut input = Cl2Input::new(device, driver, true);
    input.arch_minor = Some(0);
    input.arch_stepping = Some(0);
    input.kernels.push(Cl2KernelInput {
        name: "randomx_run".into(),
        code,
        relocations: Vec::new(),
        samplers: Vec::new(),
        content: KernelContent::Config(Box::new(randomx_config())),
    });
    let out = write_cl2(&input).expect("writes");
    assert_eq!(
        first_difference(&out, &file),
        None,
        "{file_name}: lengths {} {}",
        out.len(),
        file.len()
    );
}

// Offsets of `.text` and the inner `.hsatext` size were read from the section headers
// (readelf) when the files were frozen.
#[test]
fn randomx_gfx803_driver_203603_is_byte_exact() {
    check_randomx("randomx_run_gfx803.bin", Device::Fiji, 203603, 0x862, 0xBB4);
}

#[test]
fn randomx_gfx900_driver_223600_is_byte_exact() {
    check_randomx(
        "randomx_run_gfx900.bin",
        Device::Gfx900,
        223600,
        0x85F,
        0xB74,
    );
}

/// `-C` on the oracles gives back the source's configuration, up to register fields
/// that the computed PGMRSRC values already hold.
#[test]
fn randomx_configs_derive_from_the_binaries() {
    for file in ["randomx_run_gfx803.bin", "randomx_run_gfx900.bin"] {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let bin = read_cl2(&std::fs::read(path).expect("oracle")).expect("reads");
        let cfg = derive_config(&bin.input, 0).expect("derives");
        let mut src = randomx_config();
        // `void*` and `char*` write the same bytes; the type name ("size_t") does not
        // tell them apart, so the reader says char.
        src.args[3] = global_ptr("_.printf_buffer", "size_t", Elem::Char, false, 1);
        assert_eq!(cfg.args, src.args, "{file}");
        assert_eq!(cfg.dims, Dims::Mask(1), "{file}");
        assert_eq!(cfg.reqd_work_group_size, [64, 1, 1]);
        assert_eq!(
            (cfg.sgprs_num, cfg.vgprs_num, cfg.local_size),
            (96, 128, 256)
        );
        assert!(cfg.use_args && cfg.ieee_mode && cfg.dx10_clamp && !cfg.use_enqueue);
        assert_eq!(cfg.float_mode, 0xC0);
        assert_eq!(cfg.hsa, None, "{file}: setup expressible by .config fields");
        // 0x00AC035F has SGPR granule 13 where 98 SGPRs give 12: the extra bit stays.
        assert_eq!(cfg.pgmrsrc1, 0x40, "{file}");
        assert_eq!(cfg.pgmrsrc2, 0, "{file}");
    }
}
