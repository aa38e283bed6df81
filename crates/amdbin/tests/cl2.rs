//! AMD CL2 outer container: device codes against the reference tables, the layout of a
//! written file, read/write round trips, and robustness against malformed input.

use kauai_amdbin::elf::{read_symbols, ElfFile, Section, SHT_PROGBITS};
use kauai_amdbin::{device_code, device_from_code, read_cl2, write_cl2, Cl2Binary, Cl2Kernel};

#[test]
fn device_codes_follow_the_driver_ranges() {
    // Values from the reference table (CLRX AmdCL2BinGen), by range.
    assert_eq!(device_code("Bonaire", 0), Some(6));
    assert_eq!(device_code("bonaire", 258000), Some(6));
    assert_eq!(device_code("Fiji", 191204), Some(16));
    assert_eq!(device_code("Fiji", 191205), Some(17));
    assert_eq!(device_code("Fiji", 200406), Some(16));
    assert_eq!(device_code("Fiji", 203603), Some(14));
    assert_eq!(device_code("Fiji", 258000), Some(13));
    assert_eq!(device_code("Ellesmere", 200405), None);
    assert_eq!(device_code("Ellesmere", 200406), Some(12));
    assert_eq!(device_code("Ellesmere", 248200), Some(18));
    assert_eq!(device_code("GFX900", 223599), None);
    assert_eq!(device_code("GFX900", 223600), Some(17));
    assert_eq!(device_code("GFX906", 257999), None);
    assert_eq!(device_code("GFX906", 258000), Some(28));
    assert_eq!(device_code("Tahiti", 258000), None);
    assert_eq!(device_from_code(12, 200406), Some("Horse"));
    assert_eq!(device_from_code(13, 200406), Some("Goose"));
    assert_eq!(device_from_code(9, 100), Some("Tonga"));
}

fn sample(is64: bool) -> Cl2Binary {
    Cl2Binary {
        is64,
        device_code: 9,
        compile_options: "-O2".into(),
        acl_version: "ACL".into(),
        kernels: vec![
            Cl2Kernel {
                name: "first".into(),
                metadata: (1..=8).collect(),
            },
            Cl2Kernel {
                name: "second".into(),
                metadata: vec![0xEE; 5],
            },
        ],
        text: vec![0xAA; 7],
        extra_sections: vec![Section {
            name: ".brig".into(),
            stype: SHT_PROGBITS,
            align: 1,
            data: b"BRIG".to_vec(),
            ..Section::default()
        }],
        extra_symbols: Vec::new(),
    }
}

#[test]
fn written_layout_matches_the_reference() {
    for is64 in [false, true] {
        let bin = sample(is64);
        let bytes = write_cl2(&bin).expect("writes");
        assert_eq!(&bytes[..4], b"\x7fELF");
        assert_eq!(bytes[4], if is64 { 2 } else { 1 });
        assert_eq!(bytes[7], 0, "OSABI SYSV");
        assert_eq!(&bytes[16..18], &[2, 0], "ET_EXEC");
        assert_eq!(
            &bytes[18..20],
            if is64 { &[0x5B, 0xAF] } else { &[0x5A, 0xAF] }
        );
        let flags_at = if is64 { 48 } else { 36 };
        assert_eq!(&bytes[flags_at..flags_at + 4], &[9, 0, 0, 0]);
        let elf = ElfFile::read(&bytes).expect("reads");
        let names: Vec<&str> = elf.sections.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                ".shstrtab",
                ".strtab",
                ".symtab",
                ".comment",
                ".rodata",
                ".text",
                ".brig"
            ]
        );
        // Contents follow the ELF header without padding.
        let first_off = if is64 { 64 } else { 52 };
        let shstr = &elf.sections[0].data;
        assert_eq!(&bytes[first_off..first_off + shstr.len()], &shstr[..]);
        assert_eq!(
            elf.section(".comment").map(|s| s.data.clone()),
            Some(b"-O2ACL".to_vec())
        );
        let rodata: Vec<u8> = (1..=8).chain([0xEE; 5]).collect();
        assert_eq!(elf.section(".rodata").map(|s| s.data.clone()), Some(rodata));
        assert_eq!(elf.section(".rodata").map(|s| s.flags), Some(2));
        assert_eq!(elf.section(".text").map(|s| s.flags), Some(6));
        let st = elf.section(".symtab").expect("symtab");
        assert_eq!(st.align, 8);
        assert_eq!(st.info, 0);
        let syms = read_symbols(
            is64,
            &st.data,
            &elf.section(".strtab").expect("strtab").data,
        )
        .expect("symbols");
        let got: Vec<(&str, u64, u64, u16)> = syms
            .iter()
            .map(|s| (s.name.as_str(), s.value, s.size, s.shndx))
            .collect();
        assert_eq!(
            got,
            [
                ("__OpenCL_compiler_options", 0, 3, 4),
                ("__OpenCL_&__OpenCL_first_kernel_metadata", 0, 8, 5),
                ("__OpenCL_&__OpenCL_second_kernel_metadata", 8, 5, 5),
                ("acl_version_string", 3, 3, 4),
            ]
        );
        assert!(syms.iter().all(|s| s.info == 1), "local objects");
    }
}

#[test]
fn read_write_round_trip() {
    for is64 in [false, true] {
        let bin = sample(is64);
        let bytes = write_cl2(&bin).expect("writes");
        let back = read_cl2(&bytes).expect("reads");
        assert_eq!(back, bin);
        assert_eq!(write_cl2(&back).expect("writes again"), bytes);
    }
    let mut empty = sample(true);
    empty.kernels.clear();
    empty.compile_options.clear();
    let bytes = write_cl2(&empty).expect("writes");
    assert!(ElfFile::read(&bytes)
        .expect("reads")
        .section(".rodata")
        .is_none());
    assert_eq!(read_cl2(&bytes).expect("reads"), empty);
}

#[test]
fn malformed_input_is_an_error_never_a_panic() {
    assert!(read_cl2(b"").is_err());
    assert!(read_cl2(b"\x7fELF").is_err());
    let good = write_cl2(&sample(true)).expect("writes");
    for n in 0..good.len() {
        let _ = read_cl2(&good[..n]);
    }
    // Deterministic bit flips and byte overwrites (xorshift).
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..20000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mut b = good.clone();
        let i = (x % b.len() as u64) as usize;
        if x & 0x100 != 0 {
            b[i] ^= 1 << ((x >> 8) % 8);
        } else {
            b[i] = (x >> 16) as u8;
        }
        if let Ok(bin) = read_cl2(&b) {
            // Whatever reads must write again.
            let _ = write_cl2(&bin);
        }
    }
    let mut wrong_machine = good.clone();
    wrong_machine[18] = 0x3E;
    assert!(read_cl2(&wrong_machine).is_err());
}
