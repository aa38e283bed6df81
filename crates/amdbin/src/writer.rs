//! The AMD CL2 writer: checks the input, generates per-kernel blobs, builds the inner
//! HSA ELF (1912 and 16.3 layouts) or the old stub-based `.text`, then the outer ELF.

use crate::config::KernelConfig;
use crate::device::GpuArch;
use crate::elf::{
    ElfGen, GenData, GenNote, GenPhdr, GenSection, GenSymbol, Region, RegionKind, SHF_ALLOC,
    SHF_EXECINSTR, SHF_MERGE, SHF_STRINGS, SHT_NOBITS, SHT_NOTE, SHT_PROGBITS, SHT_RELA,
    SHT_STRTAB,
};
use crate::gen::{self, Target};
use crate::model::{
    Cl2Input, CodeReloc, ExtraSection, InnerSection, KernelContent, Layout, RelocKind, RelocTarget,
    SamplerInit,
};
use crate::Cl2Error;

/// ELF machine numbers of the outer file.
pub const EM_AMD_CL2_32: u16 = 0xAF5A;
pub const EM_AMD_CL2_64: u16 = 0xAF5B;
/// Default ACL version strings.
pub const ACL_VERSION_NEW: &str = "AMD-COMP-LIB-v0.8 (0.0.SC_BUILD_NUMBER)";
pub const ACL_VERSION_OLD: &str = "AMD-COMP-LIB-v0.8 (0.0.326)";
/// Section flags of the inner global data and code sections (AMDGPU HSA flags).
const HSA_GLOBAL_FLAGS: u64 = 0x90_0003;
const HSA_READONLY_FLAGS: u64 = 0xA0_0003;
const HSA_CODE_FLAGS: u64 = 0xC0_0007;
const PT_LOOS: u32 = 0x6000_0000;
const PF_X: u32 = 1;
const PF_W: u32 = 2;
const PF_R: u32 = 4;
/// Symbol infos.
const LOCAL_OBJECT: u8 = 1;
const LOCAL_FUNC: u8 = 2;
const LOCAL_SECTION: u8 = 3;
const GLOBAL_HSA_KERNEL: u8 = 0x10 | 10;
const LOCAL_SAMPLER_INIT: u8 = 12;

/// Per-kernel blobs ready to lay out.
struct KernelBlobs {
    metadata: Vec<u8>,
    setup: Vec<u8>,
    stub: Vec<u8>,
    isa_metadata: Vec<u8>,
}

fn invalid(msg: &str) -> Cl2Error {
    Cl2Error::Invalid(msg.to_string())
}

/// Tag a rule broken by kernel `kernel` with its index.
fn in_kernel(kernel: usize) -> impl Fn(Cl2Error) -> Cl2Error {
    move |e| match e {
        Cl2Error::Invalid(msg) => Cl2Error::InKernel { kernel, msg },
        e => e,
    }
}

fn check(input: &Cl2Input) -> Result<(Target, u32), Cl2Error> {
    let arch = input.device.arch();
    if arch == GpuArch::Gcn10 {
        return Err(invalid("OpenCL 2.0 supported only for GCN1.1 or later"));
    }
    let code = input
        .device
        .code(input.driver_version)
        .ok_or_else(|| invalid("Unsupported GPU device type by driver version"))?;
    let layout = input.layout();
    let samplers = input.samplers_num();
    let has_samplers = !input.sampler_offsets.is_empty() || samplers != 0;
    if layout == Layout::Old {
        if !input.global_data.is_empty() || !input.rw_data.is_empty() || has_samplers {
            return Err(invalid(
                "Old driver binaries doesn't support global/atomic data or samplers",
            ));
        }
    } else {
        if input.global_data.is_empty() && has_samplers {
            return Err(invalid("Global data must be defined if samplers present"));
        }
        for off in &input.sampler_offsets {
            if off
                .checked_add(8)
                .is_none_or(|e| e > input.global_data.len() as u64)
            {
                return Err(invalid("Sampler offset outside global data"));
            }
        }
    }
    if !input.sampler_offsets.is_empty() && input.sampler_offsets.len() != samplers {
        return Err(invalid(
            "SamplerOffset number doesn't match to samplers number",
        ));
    }
    if input.sampler_offsets.is_empty() && (samplers as u64) * 8 > input.global_data.len() as u64 {
        return Err(invalid("Global data too small for the samplers' slots"));
    }
    if !matches!(input.bss_align, 0) && !input.bss_align.is_power_of_two() {
        return Err(invalid("bss alignment must be a power of two"));
    }
    let aligns = std::iter::once(input.bss_align).chain(
        input
            .extra_sections
            .iter()
            .chain(&input.inner_extra_sections)
            .map(|s| s.align),
    );
    for a in aligns {
        if !crate::limits::align_ok(a) {
            return Err(Cl2Error::Invalid(format!(
                "alignment {a} is not a power of two up to {} (MAX_ALIGN)",
                crate::limits::MAX_ALIGN
            )));
        }
    }
    if input.kernels.is_empty() && !input.inner_symbols.is_empty() {
        // Without kernels no inner symbol table is written (as in CLRX), so the
        // symbols would be lost while still shifting relocation symbol indices.
        return Err(invalid("Inner symbols need at least one kernel"));
    }
    for (i, k) in input.kernels.iter().enumerate() {
        check_kernel(input, k, layout, samplers).map_err(in_kernel(i))?;
    }
    if let Some(h) = &input.hsa_code {
        if layout == Layout::Old {
            return Err(invalid("HSALayout mode is illegal in old binary format"));
        }
        if h.offsets.len() != input.kernels.len() {
            return Err(invalid("HSA layout needs one code offset per kernel"));
        }
        if let Some(i) = input
            .kernels
            .iter()
            .position(|k| !k.code.is_empty() || !k.relocations.is_empty())
        {
            return Err(in_kernel(i)(invalid(
                "In HSA layout the code and relocations of a kernel belong to the one code section",
            )));
        }
        for r in &h.relocations {
            check_reloc(input, r, h.code.len())?;
        }
    }
    Ok((
        Target {
            layout,
            is64: input.is64,
            arch,
            driver_version: input.driver_version,
        },
        code,
    ))
}

/// The rules one kernel's input must follow.
fn check_kernel(
    input: &Cl2Input,
    k: &crate::Cl2KernelInput,
    layout: Layout,
    samplers: usize,
) -> Result<(), Cl2Error> {
    if let KernelContent::Raw(r) = &k.content {
        // Raw blobs must describe their own extent, or no reader can split them.
        if layout == Layout::Old {
            let stub_len = r
                .stub
                .get(0..4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
            if stub_len != Some(r.stub.len() as u32) {
                return Err(invalid(
                    "Kernel stub must begin with its own size (the offset of the setup)",
                ));
            }
            if r.setup.len() != 256 {
                return Err(invalid(
                    "Kernel setup of old driver binaries must be 256 bytes",
                ));
            }
        } else if !(input.hsa_code.is_some() && r.setup.is_empty()) {
            // (In HSA layout a kernel without a setup keeps the code's bytes.)
            let blob = [r.setup.as_slice(), k.code.as_slice()].concat();
            if crate::reader::setup_len(&blob) != r.setup.len() {
                return Err(invalid(
                    "Kernel setup must give its own size at offset 16 (kernel_code_entry_byte_offset), or be 256 bytes",
                ));
            }
        }
        if layout != Layout::Old && r.isa_metadata.is_some() {
            return Err(invalid("ISA metadata allowed for old driver binaries"));
        }
        if layout != Layout::Old && !r.stub.is_empty() {
            return Err(invalid("Kernel stub allowed for old driver binaries"));
        }
    }
    if layout == Layout::Old && !k.relocations.is_empty() {
        return Err(invalid("Old driver binaries doesn't support relocations"));
    }
    for r in &k.relocations {
        check_reloc(input, r, k.code.len())?;
    }
    for s in &k.samplers {
        if *s as usize >= samplers {
            return Err(invalid("SamplerId out of range"));
        }
    }
    Ok(())
}

/// A relocation must lie inside its code and point into a section that exists.
fn check_reloc(input: &Cl2Input, r: &CodeReloc, code_len: usize) -> Result<(), Cl2Error> {
    if u64::from(r.offset) + 4 > code_len as u64 {
        return Err(invalid("Relocation offset outside code size"));
    }
    let present = match r.target {
        RelocTarget::GlobalData => !input.global_data.is_empty(),
        RelocTarget::RwData => !input.rw_data.is_empty(),
        RelocTarget::Bss => input.bss_size != 0,
    };
    if !present {
        return Err(invalid(
            "Relocation against a global data section that is empty",
        ));
    }
    Ok(())
}

/// The inner `.hsatext`: its bytes, each kernel's extent (offset, setup + code bytes)
/// in kernel order, and every relocated literal with its offset in the section.
struct TextLayout {
    bytes: Vec<u8>,
    kernels: Vec<(u64, u64)>,
    relocs: Vec<(u64, CodeReloc)>,
}

fn text_layout(input: &Cl2Input, blobs: &[KernelBlobs]) -> Result<TextLayout, Cl2Error> {
    let Some(h) = &input.hsa_code else {
        // Per kernel: setup and code, each kernel 256-aligned (zero padding).
        let mut bytes = Vec::new();
        let mut kernels = Vec::with_capacity(input.kernels.len());
        let mut relocs = Vec::new();
        for (k, b) in input.kernels.iter().zip(blobs) {
            bytes.resize(align256(bytes.len() as u64) as usize, 0);
            let start = bytes.len() as u64;
            bytes.extend_from_slice(&b.setup);
            let code_start = bytes.len() as u64;
            bytes.extend_from_slice(&k.code);
            kernels.push((start, bytes.len() as u64 - start));
            relocs.extend(
                k.relocations
                    .iter()
                    .map(|r| (code_start + u64::from(r.offset), *r)),
            );
        }
        return Ok(TextLayout {
            bytes,
            kernels,
            relocs,
        });
    };
    // HSA layout: the code as given, each setup put at its kernel's offset; a kernel
    // runs up to the next offset (in offset order) or the end of the code.
    let mut bytes = h.code.clone();
    let len = bytes.len() as u64;
    let mut order: Vec<usize> = (0..h.offsets.len()).collect();
    order.sort_by_key(|&i| h.offsets[i]);
    let mut kernels = vec![(0u64, 0u64); h.offsets.len()];
    for (n, &i) in order.iter().enumerate() {
        let start = h.offsets[i];
        let end = order.get(n + 1).map_or(len, |&j| h.offsets[j]);
        let setup = &blobs[i].setup;
        let setup_len = if setup.is_empty() {
            256
        } else {
            setup.len() as u64
        };
        if start > len || end - start < setup_len {
            return Err(in_kernel(i)(invalid(&format!(
                "Kernel '{}' size is too small",
                input.kernels[i].name
            ))));
        }
        bytes[start as usize..(start + setup.len() as u64) as usize].copy_from_slice(setup);
        kernels[i] = (start, end - start);
    }
    let relocs = h
        .relocations
        .iter()
        .map(|r| (u64::from(r.offset), *r))
        .collect();
    Ok(TextLayout {
        bytes,
        kernels,
        relocs,
    })
}

fn blobs(input: &Cl2Input, t: &Target) -> Result<Vec<KernelBlobs>, Cl2Error> {
    let old = t.layout == Layout::Old;
    let mut out = Vec::with_capacity(input.kernels.len());
    for (i, k) in input.kernels.iter().enumerate() {
        out.push(match &k.content {
            KernelContent::Raw(r) => KernelBlobs {
                metadata: r.metadata.clone(),
                setup: r.setup.clone(),
                stub: r.stub.clone(),
                isa_metadata: if old {
                    r.isa_metadata
                        .clone()
                        .unwrap_or_else(|| gen::DEFAULT_ISA_METADATA.to_vec())
                } else {
                    Vec::new()
                },
            },
            KernelContent::Config(cfg) => config_blobs(t, i, cfg, &k.code).map_err(in_kernel(i))?,
        });
    }
    Ok(out)
}

fn config_blobs(
    t: &Target,
    index: usize,
    cfg: &KernelConfig,
    code: &[u8],
) -> Result<KernelBlobs, Cl2Error> {
    let old = t.layout == Layout::Old;
    Ok(KernelBlobs {
        metadata: gen::metadata(t, index, cfg)?,
        setup: match &cfg.hsa {
            Some(h) => h.to_bytes(),
            None => gen::setup(t, cfg),
        },
        stub: if old {
            gen::stub(t.arch, cfg, code)
        } else {
            Vec::new()
        },
        isa_metadata: if old {
            gen::DEFAULT_ISA_METADATA.to_vec()
        } else {
            Vec::new()
        },
    })
}

fn align256(v: u64) -> u64 {
    v.div_ceil(256) * 256
}

/// The bytes of the inner `.note` entries for this input.
fn notes(input: &Cl2Input, layout: Layout) -> Vec<GenNote> {
    let note = |ntype: u32, desc: Vec<u8>| GenNote {
        name: "AMD".into(),
        ntype,
        desc,
    };
    let (major, mut minor, mut stepping) = input.device.isa_version();
    if layout == Layout::V1912 && input.device == crate::Device::Fiji {
        stepping = 1;
    }
    if let Some(m) = input.arch_minor {
        minor = m;
    }
    if let Some(s) = input.arch_stepping {
        stepping = s;
    }
    let t1 = vec![1, 0, 0, 0, 0, 0, 0, 0];
    let t2 = vec![1, 0, 0, 0, 0, 0, 0, 0, 1, u8::from(input.is64), 1, 0];
    let mut t3 = vec![4, 0, 7, 0];
    for v in [major, minor, stepping] {
        t3.extend_from_slice(&v.to_le_bytes());
    }
    t3.extend_from_slice(b"AMD\0AMDGPU");
    let call_conv = b"-hsa_call_convention=";
    let with_len = |s: &[u8], len: u16, total: usize| {
        let mut v = len.to_le_bytes().to_vec();
        v.extend_from_slice(s);
        v.resize(total, 0);
        v
    };
    if layout == Layout::V163 {
        let mut t4 = vec![0x19, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0];
        t4.extend_from_slice(b"AMD HSA Runtime Finalizer");
        t4.resize(41, 0);
        let gpu_pro = matches!(input.driver_version, 203603 | 207903);
        let t5 = if gpu_pro {
            let mut v = with_len(b"-hsa_call_convention=0", 0x16, 26);
            v[25] = b't';
            v
        } else if input.is64 {
            with_len(b"-hsa_call_convention=0", 0x16, 26)
        } else {
            let mut v = with_len(
                b"-hsa_call_convention=0 -use-buffer-for-hsa-global ",
                0x32,
                54,
            );
            v[53] = b'R';
            v
        };
        vec![
            note(1, t1),
            note(2, t2),
            note(3, t3),
            note(4, t4),
            note(5, t5),
        ]
    } else {
        t3.resize(30, 0);
        let t5 = if input.is64 {
            with_len(call_conv, 0x16, 25)
        } else {
            with_len(
                b"-hsa_call_convention=0 -use-buffer-for-hsa-globa",
                0x31,
                52,
            )
        };
        let t4 = if input.is64 {
            vec![0xF0, 0x83, 0x17, 0xFB, 0xFC, 0x7F, 0x00, 0x00]
        } else {
            vec![0xB0, 0xA6, 0xF2, 0x00]
        };
        vec![
            note(1, t1),
            note(2, t2),
            note(5, t5),
            note(3, t3),
            note(4, t4),
        ]
    }
}

fn section(align: u64, s: GenSection) -> Region {
    Region {
        align,
        kind: RegionKind::Section(s),
    }
}

fn extra_region(e: &ExtraSection) -> Region {
    let mut s = GenSection::new(
        &e.name,
        e.stype,
        e.flags,
        if e.stype == SHT_NOBITS {
            GenData::Nobits(e.data.len() as u64)
        } else {
            GenData::Bytes(e.data.clone())
        },
    );
    s.link = e.link;
    s.info = e.info;
    s.entsize = e.entsize;
    section(e.align, s)
}

fn rela(out: &mut Vec<u8>, offset: u64, sym: u64, rtype: u64, addend: i64) {
    out.extend_from_slice(&offset.to_le_bytes());
    out.extend_from_slice(&((sym << 32) | rtype).to_le_bytes());
    out.extend_from_slice(&addend.to_le_bytes());
}

/// The inner HSA ELF of the 1912 and 16.3 layouts.
fn inner_elf(input: &Cl2Input, t: &Target, blobs: &[KernelBlobs]) -> Result<Vec<u8>, Cl2Error> {
    let v163 = t.layout == Layout::V163;
    let has_rw = !input.rw_data.is_empty();
    let has_bss = input.bss_size != 0;
    let has_gdata = !input.global_data.is_empty();
    let has_kernels = !input.kernels.is_empty();
    let samplers_num = input.samplers_num();
    let has_samplers = !input.sampler_offsets.is_empty() || samplers_num != 0;
    let (n_rw, n_bss, n_g) = (u32::from(has_rw), u32::from(has_bss), u32::from(has_gdata));
    // Section indices as CLRX computes them for the relocation sections' links.
    let (symtab_id, gdata_id, text_id) = if v163 {
        (
            5 + n_rw + n_g + n_bss,
            4 + n_rw + n_bss,
            4 + n_rw + n_g + n_bss,
        )
    } else {
        (
            4 + if has_samplers { 2 } else { 0 }
                + n_rw
                + n_g
                + n_bss
                + u32::from(has_rw || has_gdata || has_bss),
            1 + n_rw + n_bss,
            1 + n_rw + n_g + n_bss,
        )
    };

    let mut regions = vec![Region {
        align: 8,
        kind: RegionKind::ProgramHeaders,
    }];
    // Section index of each named section, in ELF numbering.
    let idx = |name: &str, regions: &[Region]| -> u16 {
        let mut i = 0u16;
        for r in regions {
            if let RegionKind::Section(s) = &r.kind {
                i += 1;
                if s.name == name {
                    return i;
                }
            }
        }
        0
    };
    if v163 {
        regions.push(section(
            8,
            GenSection::new(".shstrtab", SHT_STRTAB, SHF_STRINGS, GenData::ShStrTab),
        ));
        regions.push(section(
            8,
            GenSection::new(".strtab", SHT_STRTAB, SHF_STRINGS, GenData::StrTab),
        ));
        regions.push(section(
            8,
            GenSection::new(".note", SHT_NOTE, 0, GenData::Notes),
        ));
    }
    let first_data_region = regions.len();
    let hsa = |name: &str, stype: u32, flags: u64, data: GenData| {
        let mut s = GenSection::new(name, stype, flags, data);
        s.addressed = true;
        s
    };
    if has_rw {
        regions.push(section(
            8,
            hsa(
                ".hsadata_global_agent",
                SHT_PROGBITS,
                HSA_GLOBAL_FLAGS,
                GenData::Bytes(input.rw_data.clone()),
            ),
        ));
    }
    if has_bss {
        regions.push(section(
            if input.bss_align != 0 {
                input.bss_align
            } else {
                8
            },
            GenSection {
                zero_offset: true,
                ..hsa(
                    ".hsabss_global_agent",
                    SHT_NOBITS,
                    HSA_GLOBAL_FLAGS,
                    GenData::Nobits(input.bss_size),
                )
            },
        ));
    }
    if has_gdata {
        let mut g = input.global_data.clone();
        if !v163 {
            // 1912: rw + bss + readonly sizes total a multiple of 256.
            let rw = input.rw_data.len() as u64;
            let want = (g.len() as u64)
                .checked_add(input.bss_size)
                .and_then(|n| n.checked_add(rw))
                .and_then(|n| n.checked_add(255))
                .map(|n| n & !255)
                .map(|all| all - rw - input.bss_size)
                .ok_or_else(|| invalid("bss size too large"))?;
            // At most 255 bytes of padding.
            g.resize(want as usize, 0);
        }
        regions.push(section(
            8,
            hsa(
                ".hsadata_readonly_agent",
                SHT_PROGBITS,
                HSA_READONLY_FLAGS,
                GenData::Bytes(g),
            ),
        ));
    }
    let layout = text_layout(input, blobs)?;
    if has_kernels {
        let text = layout.bytes.clone();
        regions.push(section(
            256,
            hsa(
                ".hsatext",
                SHT_PROGBITS,
                HSA_CODE_FLAGS,
                GenData::Bytes(text),
            ),
        ));
    }
    if v163 {
        regions.push(section(8, GenSection::symtab(GenData::SymTab)));
    }

    // Symbols (only when there are kernels, as CLRX does).
    let gdata_sec = idx(".hsadata_readonly_agent", &regions);
    let rw_sec = idx(".hsadata_global_agent", &regions);
    let bss_sec = idx(".hsabss_global_agent", &regions);
    let text_sec = idx(".hsatext", &regions);
    // Sampler-init comes after .symtab (16.3) or after .hsatext (1912).
    let sampinit_sec = {
        let base = regions
            .iter()
            .filter(|r| matches!(r.kind, RegionKind::Section(_)))
            .count() as u16;
        if has_samplers {
            base + 1
        } else {
            0
        }
    };
    let inner_index = |s: InnerSection| -> u16 {
        match s {
            InnerSection::GlobalData => gdata_sec,
            InnerSection::RwData => rw_sec,
            InnerSection::Bss => bss_sec,
            InnerSection::Text => text_sec,
            InnerSection::Index(i) => i,
        }
    };
    // A raw section index must not name, in this layout, a section the model knows by
    // name: it would read back as that section, not as the index it was.
    for s in &input.inner_symbols {
        if let InnerSection::Index(i) = s.section {
            let named = [gdata_sec, rw_sec, bss_sec, text_sec];
            if i != 0 && named.contains(&i) {
                return Err(Cl2Error::Invalid(format!(
                    "inner symbol `{}` refers to section index {i}, which this layout gives \
                     to a section it writes itself",
                    s.name
                )));
            }
        }
    }
    let is_data = |s: InnerSection| {
        matches!(
            s,
            InnerSection::GlobalData | InnerSection::RwData | InnerSection::Bss
        )
    };
    let data_symbols = input
        .inner_symbols
        .iter()
        .filter(|s| is_data(s.section))
        .count();
    let mut symbols = Vec::new();
    if has_kernels {
        for s in input.inner_symbols.iter().filter(|s| is_data(s.section)) {
            symbols.push(GenSymbol {
                name: format!("&input_bc::&{}", s.name),
                value: s.value,
                size: s.size,
                info: LOCAL_OBJECT,
                other: 0,
                shndx: inner_index(s.section),
            });
        }
        let g_len = input.global_data.len() as u64;
        // CLRX's default sampler symbol values: (global size - count) + 8 * id.
        let sampler_value = |id: usize| -> u64 {
            match input.sampler_offsets.get(id) {
                Some(o) => *o,
                None => g_len
                    .wrapping_sub(samplers_num as u64)
                    .wrapping_add(8 * id as u64),
            }
        };
        let mut placed = vec![false; samplers_num];
        let sampler_sym = |id: usize| GenSymbol {
            name: format!("&input_bc::&_.Samp{id}"),
            value: sampler_value(id),
            size: 8,
            info: LOCAL_OBJECT,
            other: 0,
            shndx: gdata_sec,
        };
        for (k, &(code_pos, size)) in input.kernels.iter().zip(&layout.kernels) {
            for s in &k.samplers {
                let s = *s as usize;
                if !placed[s] {
                    symbols.push(sampler_sym(s));
                    placed[s] = true;
                }
            }
            symbols.push(GenSymbol {
                name: format!("&__OpenCL_{}_kernel", k.name),
                value: code_pos,
                size,
                info: GLOBAL_HSA_KERNEL,
                other: 0,
                shndx: text_sec,
            });
        }
        for (s, p) in placed.iter().enumerate() {
            if !p {
                symbols.push(sampler_sym(s));
            }
        }
        let sect_sym = |name: &str, shndx: u16| GenSymbol {
            name: name.into(),
            value: 0,
            size: 0,
            info: LOCAL_SECTION,
            other: 0,
            shndx,
        };
        if has_rw {
            symbols.push(sect_sym("__hsa_section.hsadata_global_agent", rw_sec));
        }
        if has_bss {
            symbols.push(sect_sym("__hsa_section.hsabss_global_agent", bss_sec));
        }
        if has_gdata {
            symbols.push(sect_sym("__hsa_section.hsadata_readonly_agent", gdata_sec));
        }
        symbols.push(sect_sym("__hsa_section.hsatext", text_sec));
        for i in 0..samplers_num {
            symbols.push(GenSymbol {
                name: String::new(),
                value: 8 * i as u64,
                size: 0,
                info: LOCAL_SAMPLER_INIT,
                other: 0,
                shndx: sampinit_sec,
            });
        }
        for s in &input.inner_symbols {
            symbols.push(GenSymbol {
                name: s.name.clone(),
                value: s.value,
                size: s.size,
                info: s.info,
                other: s.other,
                shndx: inner_index(s.section),
            });
        }
    }

    let null = u64::from(v163);
    let base = (input.kernels.len() + samplers_num + data_symbols) as u64 + null;
    if has_samplers {
        let init = match &input.samplers {
            SamplerInit::None => Vec::new(),
            SamplerInit::Values(v) => v
                .iter()
                .flat_map(|s| [0x10008u32.to_le_bytes(), s.to_le_bytes()].concat())
                .collect(),
            SamplerInit::Raw(b) => b.clone(),
        };
        let mut s = GenSection::new(
            ".hsaimage_samplerinit",
            SHT_PROGBITS,
            SHF_MERGE,
            GenData::Bytes(init),
        );
        s.entsize = 8;
        regions.push(section(if v163 { 8 } else { 1 }, s));
        let first = base + 2 + u64::from(has_rw) + u64::from(has_bss);
        let mut rel = Vec::new();
        if !input.sampler_offsets.is_empty() {
            for (i, off) in input.sampler_offsets.iter().enumerate() {
                rela(&mut rel, *off, first + i as u64, 4, 0);
            }
        } else {
            let g = (input.global_data.len() as u64 - 8 * samplers_num as u64) & !7;
            for i in 0..samplers_num as u64 {
                rela(&mut rel, g + 8 * i, first + i, 4, 0);
            }
        }
        let mut s = GenSection::new(
            ".rela.hsadata_readonly_agent",
            SHT_RELA,
            0,
            GenData::Bytes(rel),
        );
        s.link = symtab_id;
        s.info = gdata_id;
        s.entsize = 24;
        regions.push(section(8, s));
    }
    let mut text_rel = Vec::new();
    {
        let mut gdata_sym = base;
        let mut bss_sym = base;
        let mut rw_sym = 0;
        if has_rw {
            rw_sym = gdata_sym;
            gdata_sym += 1;
        }
        if has_bss {
            bss_sym = gdata_sym;
            gdata_sym += 1;
        }
        for (offset, r) in &layout.relocs {
            let sym = match r.target {
                RelocTarget::RwData => rw_sym,
                RelocTarget::Bss => bss_sym,
                RelocTarget::GlobalData => gdata_sym,
            };
            let rtype = match r.kind {
                RelocKind::Lo32 => 1,
                RelocKind::Hi32 => 2,
            };
            rela(&mut text_rel, *offset, sym, rtype, r.addend);
        }
    }
    if !text_rel.is_empty() {
        let mut s = GenSection::new(".rela.hsatext", SHT_RELA, 0, GenData::Bytes(text_rel));
        s.link = symtab_id;
        s.info = text_id;
        s.entsize = 24;
        regions.push(section(8, s));
    }
    if !v163 {
        regions.push(section(
            8,
            GenSection::new(".note", SHT_NOTE, 0, GenData::Notes),
        ));
        regions.push(section(
            1,
            GenSection::new(".strtab", SHT_STRTAB, SHF_STRINGS, GenData::StrTab),
        ));
        regions.push(section(8, GenSection::symtab(GenData::SymTab)));
        regions.push(section(
            1,
            GenSection::new(".shstrtab", SHT_STRTAB, SHF_STRINGS, GenData::ShStrTab),
        ));
    }
    for e in &input.inner_extra_sections {
        regions.push(extra_region(e));
    }
    regions.push(Region {
        align: 8,
        kind: RegionKind::SectionHeaders,
    });

    let mut phdrs = Vec::new();
    if has_kernels {
        let mut reg = first_data_region;
        let rw_regions = usize::from(has_rw) + usize::from(has_bss);
        if rw_regions != 0 {
            phdrs.push(GenPhdr {
                ptype: PT_LOOS + 1,
                flags: PF_W | PF_R,
                first: reg,
                count: rw_regions,
                vaddr_from_region: false,
            });
            reg += rw_regions;
        }
        if has_gdata {
            phdrs.push(GenPhdr {
                ptype: PT_LOOS + 2,
                flags: PF_W | PF_R,
                first: reg,
                count: 1,
                vaddr_from_region: true,
            });
            reg += 1;
        }
        phdrs.push(GenPhdr {
            ptype: PT_LOOS + 3,
            flags: if v163 { PF_X | PF_R } else { PF_R | PF_W },
            first: reg,
            count: 1,
            vaddr_from_region: true,
        });
    }
    let gen = ElfGen {
        is64: true,
        osabi: 0x40,
        etype: 1,
        machine: 0xE0,
        flags: 0,
        add_null_sym: v163,
        addr_start_region: first_data_region,
        regions,
        phdrs,
        symbols,
        notes: notes(input, t.layout),
    };
    Ok(gen.write()?)
}

/// Write an AMD CL2 binary.
pub fn write_cl2(input: &Cl2Input) -> Result<Vec<u8>, Cl2Error> {
    let (t, code) = check(input)?;
    let blobs = blobs(input, &t)?;
    let old = t.layout == Layout::Old;
    let has_kernels = !input.kernels.is_empty();
    let acl = match &input.acl_version {
        Some(a) => a.clone(),
        _ => if old {
            ACL_VERSION_OLD
        } else {
            ACL_VERSION_NEW
        }
        .to_string(),
    };
    let text = if old {
        let mut text = Vec::new();
        for (k, b) in input.kernels.iter().zip(&blobs) {
            text.extend_from_slice(&b.stub);
            text.extend_from_slice(&b.setup);
            text.extend_from_slice(&k.code);
        }
        text
    } else {
        inner_elf(input, &t, &blobs)?
    };

    // Outer string and symbol tables, in CLRX's order.
    struct Sym {
        name: String,
        value: u64,
        size: u64,
        info: u8,
        other: u8,
        shndx: u16,
    }
    let mut syms: Vec<Sym> = Vec::new();
    let obj = |name: String, shndx: u16, value: u64, size: u64| Sym {
        name,
        value,
        size,
        info: LOCAL_OBJECT,
        other: 0,
        shndx,
    };
    if !input.compile_options.is_empty() {
        syms.push(obj(
            "__OpenCL_compiler_options".into(),
            4,
            0,
            input.compile_options.len() as u64,
        ));
    }
    let mut rodata_pos = 0u64;
    for (k, b) in input.kernels.iter().zip(&blobs) {
        syms.push(obj(
            format!("__OpenCL_&__OpenCL_{}_kernel_metadata", k.name),
            5,
            rodata_pos,
            b.metadata.len() as u64,
        ));
        rodata_pos += b.metadata.len() as u64;
    }
    if let Some(bi) = input.extra_sections.iter().position(|s| s.name == ".brig") {
        syms.push(obj(
            "__BRIG__".into(),
            7 + bi as u16,
            0,
            input.extra_sections[bi].data.len() as u64,
        ));
    }
    if old {
        let mut text_pos = 0u64;
        for (k, b) in input.kernels.iter().zip(&blobs) {
            let size = (b.stub.len() + b.setup.len() + k.code.len()) as u64;
            syms.push(Sym {
                name: format!("__ISA_&__OpenCL_{}_kernel_binary", k.name),
                value: text_pos,
                size,
                info: LOCAL_FUNC,
                other: 0,
                shndx: 6,
            });
            text_pos += size;
            syms.push(obj(
                format!("__ISA_&__OpenCL_{}_kernel_metadata", k.name),
                5,
                rodata_pos,
                b.isa_metadata.len() as u64,
            ));
            rodata_pos += b.isa_metadata.len() as u64;
        }
    }
    syms.push(obj(
        "acl_version_string".into(),
        4,
        input.compile_options.len() as u64,
        acl.len() as u64,
    ));
    for s in &input.extra_symbols {
        syms.push(Sym {
            name: s.name.clone(),
            value: s.value,
            size: s.size,
            info: s.info,
            other: s.other,
            shndx: s.section,
        });
    }
    let mut strtab = vec![0u8];
    let mut symtab = vec![0u8; if input.is64 { 24 } else { 16 }];
    for s in &syms {
        let name_off = strtab.len() as u32;
        strtab.extend_from_slice(s.name.as_bytes());
        strtab.push(0);
        symtab.extend_from_slice(&name_off.to_le_bytes());
        if input.is64 {
            symtab.push(s.info);
            symtab.push(s.other);
            symtab.extend_from_slice(&s.shndx.to_le_bytes());
            symtab.extend_from_slice(&s.value.to_le_bytes());
            symtab.extend_from_slice(&s.size.to_le_bytes());
        } else {
            symtab.extend_from_slice(&(s.value as u32).to_le_bytes());
            symtab.extend_from_slice(&(s.size as u32).to_le_bytes());
            symtab.push(s.info);
            symtab.push(s.other);
            symtab.extend_from_slice(&s.shndx.to_le_bytes());
        }
    }

    let mut regions = vec![
        section(
            1,
            GenSection::new(".shstrtab", SHT_STRTAB, SHF_STRINGS, GenData::ShStrTab),
        ),
        section(
            1,
            GenSection::new(".strtab", SHT_STRTAB, SHF_STRINGS, GenData::Bytes(strtab)),
        ),
        section(8, GenSection::symtab(GenData::Bytes(symtab))),
        section(
            1,
            GenSection::new(
                ".comment",
                SHT_PROGBITS,
                0,
                GenData::Bytes([input.compile_options.as_bytes(), acl.as_bytes()].concat()),
            ),
        ),
    ];
    if has_kernels {
        let mut rodata = Vec::new();
        for b in &blobs {
            rodata.extend_from_slice(&b.metadata);
        }
        for b in &blobs {
            rodata.extend_from_slice(&b.isa_metadata);
        }
        regions.push(section(
            1,
            GenSection::new(".rodata", SHT_PROGBITS, SHF_ALLOC, GenData::Bytes(rodata)),
        ));
    }
    if has_kernels || !old {
        regions.push(section(
            1,
            GenSection::new(
                ".text",
                SHT_PROGBITS,
                SHF_ALLOC | SHF_EXECINSTR,
                GenData::Bytes(text),
            ),
        ));
    }
    for e in &input.extra_sections {
        regions.push(extra_region(e));
    }
    regions.push(Region {
        align: if input.is64 { 8 } else { 4 },
        kind: RegionKind::SectionHeaders,
    });
    let gen = ElfGen {
        is64: input.is64,
        osabi: 0,
        etype: 2,
        machine: if input.is64 {
            EM_AMD_CL2_64
        } else {
            EM_AMD_CL2_32
        },
        flags: code,
        add_null_sym: true,
        addr_start_region: 0,
        regions,
        phdrs: Vec::new(),
        symbols: Vec::new(),
        notes: Vec::new(),
    };
    Ok(gen.write()?)
}
