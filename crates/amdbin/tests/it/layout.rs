//! File layouts against the tables of docs/spec/amdcl2.md (the outer ELF, inner ELF, metadata blob, setup and stub),
//! for the layouts and bitnesses the clrxasm oracles do not cover: 1912, 16.3 32-bit
//! and the old stub format. Expected values are those tables', written out by hand.

use kauai_amdbin::elf::{read_symbols, ElfFile};
use kauai_amdbin::{
    write_cl2, ArgKind, Cl2Input, Cl2KernelInput, CodeReloc, Device, Dims, Elem, KernelArg,
    KernelConfig, KernelContent, RelocKind, RelocTarget, SamplerInit, ValueType,
};

fn cfg(enqueue: bool) -> KernelConfig {
    KernelConfig {
        dims: Dims::Mask(1),
        sgprs_num: 10,
        vgprs_num: 6,
        local_size: 100,
        use_args: true,
        use_enqueue: enqueue,
        args: vec![
            KernelArg {
                name: "n".into(),
                type_name: "uint".into(),
                kind: ArgKind::Value(ValueType::scalar(Elem::UInt)),
                used: 3,
            },
            KernelArg {
                name: "x".into(),
                type_name: "int".into(),
                kind: ArgKind::Value(ValueType::scalar(Elem::Int)),
                used: 3,
            },
        ],
        ..KernelConfig::default()
    }
}

/// s_mov_b32 s0, 0x12345678 (a literal slot at byte 4); s_endpgm.
const CODE: [u8; 12] = [
    0xFF, 0x00, 0x80, 0xBE, 0x78, 0x56, 0x34, 0x12, 0x00, 0x00, 0x81, 0xBF,
];

fn input(device: Device, driver: u32, is64: bool, data: bool) -> Cl2Input {
    let mut inp = Cl2Input::new(device, driver, is64);
    inp.kernels.push(Cl2KernelInput {
        name: "k".into(),
        code: CODE.to_vec(),
        relocations: if data {
            vec![CodeReloc {
                offset: 4,
                kind: RelocKind::Lo32,
                target: RelocTarget::RwData,
                addend: 4,
            }]
        } else {
            Vec::new()
        },
        samplers: Vec::new(),
        content: KernelContent::Config(Box::new(cfg(false))),
    });
    if data {
        inp.rw_data = vec![1; 10];
        inp.bss_size = 20;
        inp.global_data = vec![2; 30];
        inp.samplers = SamplerInit::Values(vec![0x1234]);
    }
    inp
}

fn names(elf: &ElfFile) -> Vec<&str> {
    elf.sections.iter().map(|s| s.name.as_str()).collect()
}

fn inner(bytes: &[u8]) -> ElfFile {
    let outer = ElfFile::read(bytes).expect("outer");
    ElfFile::read(&outer.section(".text").expect(".text").data).expect("inner")
}

fn u32_at(b: &[u8], o: usize) -> u32 {
    u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]])
}

#[test]
fn layout_1912_64bit_with_global_data() {
    let bytes = write_cl2(&input(Device::Tonga, 191205, true, true)).expect("writes");
    let outer = ElfFile::read(&bytes).expect("reads");
    assert_eq!(outer.machine, 0xAF5B);
    assert_eq!(outer.flags, 9, "Tonga");
    assert_eq!(
        names(&outer),
        [
            ".shstrtab",
            ".strtab",
            ".symtab",
            ".comment",
            ".rodata",
            ".text"
        ]
    );
    let inn = inner(&bytes);
    assert_eq!(
        (inn.osabi, inn.etype, inn.machine, inn.flags),
        (0x40, 1, 0xE0, 0)
    );
    assert_eq!(
        names(&inn),
        [
            ".hsadata_global_agent",
            ".hsabss_global_agent",
            ".hsadata_readonly_agent",
            ".hsatext",
            ".hsaimage_samplerinit",
            ".rela.hsadata_readonly_agent",
            ".rela.hsatext",
            ".note",
            ".strtab",
            ".symtab",
            ".shstrtab"
        ]
    );
    let flags: Vec<(u64, u64)> = inn.sections[..5]
        .iter()
        .map(|s| (s.flags, s.align))
        .collect();
    assert_eq!(
        flags,
        [
            (0x900003, 8),
            (0x900003, 8),
            (0xA00003, 8),
            (0xC00007, 256),
            (0x10, 1)
        ]
    );
    assert_eq!(inn.sections[4].entsize, 8);
    // Readonly data padded so that rw + bss + readonly sizes total 256.
    assert_eq!(10 + 20 + inn.sections[2].size, 256);
    // Addresses counted from the first data section.
    assert_eq!(inn.sections[0].addr, 0);
    // Program headers: LOOS+1 over rw/bss, LOOS+2 over readonly, LOOS+3 over the code
    // with R+W flags in the 1912 layout.
    let ph: Vec<(u32, u32)> = inn
        .program_headers
        .iter()
        .map(|p| (p.ptype, p.flags))
        .collect();
    assert_eq!(ph, [(0x6000_0001, 6), (0x6000_0002, 6), (0x6000_0003, 6)]);
    assert_eq!(inn.program_headers[2].offset, inn.sections[3].offset);
    // Notes in the order 1, 2, 5, 3, 4 with these description sizes.
    let note = &inn.section(".note").expect("note").data;
    let mut o = 0;
    let mut seen = Vec::new();
    while o < note.len() {
        let (nsz, dsz, ty) = (u32_at(note, o), u32_at(note, o + 4), u32_at(note, o + 8));
        assert_eq!(&note[o + 12..o + 16], b"AMD\0");
        seen.push((ty, dsz));
        o += 12 + nsz.div_ceil(4) as usize * 4 + dsz.div_ceil(4) as usize * 4;
    }
    assert_eq!(seen, [(1, 8), (2, 12), (5, 25), (3, 30), (4, 8)]);
    // No null symbol: the first inner symbol is the kernel's... after its sampler.
    let syms = read_symbols(
        true,
        &inn.section(".symtab").expect("symtab").data,
        &inn.section(".strtab").expect("strtab").data,
    )
    .expect("symbols");
    let got: Vec<(&str, u8)> = syms.iter().map(|s| (s.name.as_str(), s.info)).collect();
    assert_eq!(
        got,
        [
            ("&__OpenCL_k_kernel", 0x1A),
            ("&input_bc::&_.Samp0", 1),
            ("__hsa_section.hsadata_global_agent", 3),
            ("__hsa_section.hsabss_global_agent", 3),
            ("__hsa_section.hsadata_readonly_agent", 3),
            ("__hsa_section.hsatext", 3),
            ("", 12),
        ]
    );
    // The code relocation: offset inside .hsatext (256-byte setup + 4), type 1,
    // against the rw data section symbol (index 2), addend 4.
    let rel = &inn.section(".rela.hsatext").expect("rela").data;
    assert_eq!(u32_at(rel, 0), 256 + 4);
    assert_eq!(u32_at(rel, 8), 1);
    assert_eq!(u32_at(rel, 12), 2);
    assert_eq!(u32_at(rel, 16), 4);
    // Sampler init entry {0x10008, value} and its relocation (type 4) at the last 8
    // bytes of the (unpadded) global data, 8-aligned: (30 - 8) & !7 = 16.
    let si = &inn.section(".hsaimage_samplerinit").expect("si").data;
    assert_eq!((u32_at(si, 0), u32_at(si, 4)), (0x10008, 0x1234));
    let srel = &inn
        .section(".rela.hsadata_readonly_agent")
        .expect("srel")
        .data;
    assert_eq!((u32_at(srel, 0), u32_at(srel, 8)), (16, 4));
    // Setup: version 1.1, GCN 1.2 at driver 191205 sets the XNACK property bit (0x40
    // in the high half), 64-bit sets is_ptr64 (0xA).
    let text = &inn.section(".hsatext").expect("text").data;
    assert_eq!((u32_at(text, 0), u32_at(text, 4)), (1, 1));
    assert_eq!(u32_at(text, 56), 0x4A << 16 | 0x9);
    assert_eq!(u32_at(text, 100), 0x0604_0404);
    // Metadata blob, 1912 64-bit: 254 + 88 * (2 + 1) + names "n\0uint\0x\0int\0" + 48.
    let md = &outer.section(".rodata").expect("rodata").data;
    assert_eq!(md.len(), 254 + 88 * 3 + 13 + 48);
    assert_eq!(u32_at(md, 0), 0xE0);
}

#[test]
fn layout_163_32bit() {
    let bytes = write_cl2(&input(Device::Bonaire, 200406, false, true)).expect("writes");
    let outer = ElfFile::read(&bytes).expect("reads");
    assert!(!outer.is64);
    assert_eq!(outer.machine, 0xAF5A);
    let inn = inner(&bytes);
    assert!(inn.is64, "the inner ELF is always ELF64");
    assert_eq!(
        names(&inn),
        [
            ".shstrtab",
            ".strtab",
            ".note",
            ".hsadata_global_agent",
            ".hsabss_global_agent",
            ".hsadata_readonly_agent",
            ".hsatext",
            ".symtab",
            ".hsaimage_samplerinit",
            ".rela.hsadata_readonly_agent",
            ".rela.hsatext"
        ]
    );
    assert_eq!(inn.section(".hsaimage_samplerinit").expect("si").align, 8);
    // No padding of readonly data in 16.3.
    assert_eq!(inn.section(".hsadata_readonly_agent").expect("ro").size, 30);
    assert_eq!(inn.program_headers.last().expect("ph").flags, 5, "R+X");
    let note = &inn.section(".note").expect("note").data;
    let mut o = 0;
    let mut seen = Vec::new();
    while o < note.len() {
        let (nsz, dsz, ty) = (u32_at(note, o), u32_at(note, o + 4), u32_at(note, o + 8));
        seen.push((ty, dsz));
        if ty == 2 {
            assert_eq!(&note[o + 16..o + 28], &[1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0]);
        }
        if ty == 3 {
            // u16 4, u16 7, major 7, minor 0, stepping 0 for Bonaire.
            assert_eq!(
                &note[o + 16..o + 32],
                &[4, 0, 7, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
            );
        }
        o += 12 + nsz.div_ceil(4) as usize * 4 + dsz.div_ceil(4) as usize * 4;
    }
    assert_eq!(seen, [(1, 8), (2, 12), (3, 26), (4, 41), (5, 54)]);
    // A null symbol first.
    let syms = read_symbols(
        true,
        &inn.section(".symtab").expect("symtab").data,
        &inn.section(".strtab").expect("strtab").data,
    )
    .expect("symbols");
    assert_eq!(syms[0].name, "");
    assert_eq!(syms[0].info, 0);
    // 32-bit 16.3 metadata: header 0xA4, 195 + 64 * 3 + names + 24; the signed int
    // scalar is coded 8 - 4 = 4.
    let md = &outer.section(".rodata").expect("rodata").data;
    assert_eq!(md.len(), 195 + 64 * 3 + 13 + 24);
    assert_eq!(u32_at(md, 0), 0xA4);
    let second_arg = 195 + 64;
    assert_eq!(u32_at(md, second_arg + 32), 4);
    // Setup: 32-bit sets only the private element size (0x2 in the high half).
    let text = &inn.section(".hsatext").expect("text").data;
    assert_eq!(u32_at(text, 56) >> 16, 0x2);
}

#[test]
fn layout_old_32bit_stub() {
    let mut inp = input(Device::Bonaire, 180005, false, false);
    inp.compile_options = "-O1".into();
    let bytes = write_cl2(&inp).expect("writes");
    let outer = ElfFile::read(&bytes).expect("reads");
    assert_eq!(outer.flags, 6, "Bonaire");
    let syms = read_symbols(
        false,
        &outer.section(".symtab").expect("symtab").data,
        &outer.section(".strtab").expect("strtab").data,
    )
    .expect("symbols");
    let got: Vec<(&str, u8, u16, u64, u64)> = syms
        .iter()
        .skip(1)
        .map(|s| (s.name.as_str(), s.info, s.shndx, s.value, s.size))
        .collect();
    let md_len = 166 + 64 * 3 + 13 + 24;
    let blob = 0xA60 + 256 + CODE.len() as u64;
    assert_eq!(
        got,
        [
            ("__OpenCL_compiler_options", 1, 4, 0, 3),
            ("__OpenCL_&__OpenCL_k_kernel_metadata", 1, 5, 0, md_len),
            ("__ISA_&__OpenCL_k_kernel_binary", 2, 6, 0, blob),
            ("__ISA_&__OpenCL_k_kernel_metadata", 1, 5, md_len, 20),
            ("acl_version_string", 1, 4, 3, 27),
        ]
    );
    let comment = &outer.section(".comment").expect("comment").data;
    assert_eq!(comment.as_slice(), b"-O1AMD-COMP-LIB-v0.8 (0.0.326)");
    let rodata = &outer.section(".rodata").expect("rodata").data;
    assert_eq!(u32_at(rodata, 0), 0x88);
    // Old metadata: options 0x100 with local memory; pipes/scratch field 0.
    assert_eq!(u32_at(rodata, 20), 0x100);
    assert_eq!(
        &rodata[md_len as usize..],
        &[0, 0, 0x68, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0x42, 9, 0, 0, 0, 0, 0, 0]
    );
    let text = &outer.section(".text").expect("text").data;
    let stub = &text[..0xA60];
    assert_eq!(u32_at(stub, 0), 0xA60);
    assert_eq!(
        u32_at(stub, 4),
        2,
        "two instructions (s_mov with literal, s_endpgm)"
    );
    assert_eq!(u32_at(stub, 8), 6, "vgprs");
    assert_eq!(u32_at(stub, 36), 2);
    assert_eq!(u32_at(stub, 52), 10 + 6, "sgprs + vgprs");
    assert_eq!(u32_at(stub, 60), 10 + 2, "sgprs + VCC");
    assert_eq!(u32_at(stub, 0xB8), 0xA60);
    assert_eq!(
        (u32_at(stub, 0x164), u32_at(stub, 0x168)),
        (3, 13),
        "13: local memory"
    );
    assert_eq!(u32_at(stub, 0x9A0), 0xA60);
    assert_eq!(u32_at(stub, 0x9A8), 0x100);
    assert_eq!(u32_at(stub, 0x9AC), CODE.len() as u32 + 0x100);
    assert_eq!(u32_at(stub, 0x9B8), 0x200);
    assert_eq!(u32_at(stub, 0x9C0), CODE.len() as u32 + 0xB60);
    assert_eq!(u32_at(stub, 0x9D0), CODE.len() as u32 + 0xB60);
    // End block fields at 0x9A0 + (0x38 vgprs, 0x3C sgprs + 2, 0x50 float mode,
    // 0x58 one, 0x68 scratch dwords, 0x6C local size, 0x70 all ones).
    assert_eq!(u32_at(stub, 0x9D8), 6);
    assert_eq!(u32_at(stub, 0x9DC), 12);
    assert_eq!(u32_at(stub, 0x9F0), 0xC0, "float mode");
    assert_eq!(u32_at(stub, 0x9F8), 1);
    assert_eq!(u32_at(stub, 0xA08), 0, "scratch dwords");
    assert_eq!(u32_at(stub, 0xA0C), 100, "local size");
    assert_eq!(u32_at(stub, 0xA10), 0xFFFF_FFFF);
    // RSRC2 with the LDS size (100 bytes -> one 512-byte granule) at 0xA48.
    let rsrc2 = u32_at(stub, 0xA48);
    assert_eq!((rsrc2 >> 15) & 0x1FF, 1);
    assert_eq!(rsrc2 & 0x3E, 6 << 1, "useargs: 6 user SGPRs");
    // Setup after the stub: version 1.0, old property word, old u32 at 100.
    let setup = &text[0xA60..0xA60 + 256];
    assert_eq!((u32_at(setup, 0), u32_at(setup, 4)), (1, 0));
    assert_eq!(u32_at(setup, 56) >> 16, 0x2);
    assert_eq!(u32_at(setup, 100), 0x0600_0003 | 0x200, "local memory bit");
    assert_eq!(&text[0xA60 + 256..], &CODE);
}

#[test]
fn user_sgprs_and_sgpr_counts_follow_the_use_flags() {
    // (device, flags) -> (enable_sgpr word, user SGPRs in RSRC2, wavefront_sgpr_count)
    type Flags = (bool, bool, bool, bool);
    let cases: [(Device, Flags, u32, u32, u32); 7] = [
        (Device::Tonga, (false, false, false, false), 0x01, 4, 12),
        (Device::Tonga, (true, false, false, false), 0x09, 6, 12),
        (Device::Tonga, (true, true, false, false), 0x0B, 8, 12),
        (Device::Tonga, (true, false, true, false), 0x2B, 10, 16),
        (Device::Bonaire, (true, false, false, true), 0x2F, 12, 14),
        (Device::Gfx900, (true, false, false, false), 0x29, 8, 12),
        (Device::Gfx900, (false, true, false, false), 0x2B, 10, 12),
    ];
    for (device, (args, setup, enqueue, generic), props, user, sgprs) in cases {
        let mut inp = input(device, 258000, true, false);
        let KernelContent::Config(c) = &mut inp.kernels[0].content else {
            unreachable!()
        };
        c.use_args = args;
        c.use_setup = setup;
        c.use_enqueue = enqueue;
        c.use_generic = generic;
        let bytes = write_cl2(&inp).expect("writes");
        let inn = inner(&bytes);
        let s = &inn.section(".hsatext").expect("text").data;
        assert_eq!(
            u32_at(s, 56) & 0xFFFF,
            props,
            "{device} {args} {setup} {enqueue} {generic}"
        );
        assert_eq!((u32_at(s, 52) >> 1) & 0x1F, user, "{device}");
        assert_eq!(u32_at(s, 84) & 0xFFFF, sgprs, "{device}");
    }
}
