//! Writing an AMD OpenCL 1.2 binary: the outer ELF (through [`crate::elf::ElfGen`])
//! and each kernel's inner ELF32, laid out by hand (its layout is fixed).

use super::gen;
use super::model::{AmdInput, AmdKernelContent, CalNote};
use super::AmdError;
use crate::elf::{
    ElfGen, GenData, GenSection, GenSymbol, Region, RegionKind, SHF_ALLOC, SHF_EXECINSTR,
    SHF_STRINGS, SHT_PROGBITS, SHT_STRTAB,
};
use crate::limits::MAX_BINARY_BYTES;

/// Bytes of a kernel's `.data` when none is given.
pub const DEFAULT_DATA_SIZE: usize = 4736;
/// Offset of the CAL notes in an inner ELF (after header, 3 program headers, the
/// encoding entry, `.shstrtab` and 6 section headers).
pub const NOTES_OFFSET: usize = 0x1C0;
/// The inner ELF's section-name table (40 bytes: CLRX pads it to the section headers).
pub const INNER_SHSTRTAB: &[u8; 40] = b"\0.shstrtab\0.text\0.data\0.symtab\0.strtab\0\0";

/// The generated (or raw) blobs of one kernel.
pub(super) struct KernelBlobs {
    pub metadata: Vec<u8>,
    pub header: Vec<u8>,
    pub notes: Vec<CalNote>,
}

fn too_large() -> AmdError {
    AmdError::Invalid(format!(
        "binary would be larger than {MAX_BINARY_BYTES} bytes (MAX_BINARY_BYTES)"
    ))
}

/// Unique ids and function ids named by raw metadata (generated kernels skip them).
fn used_unique_ids(input: &AmdInput) -> Vec<u32> {
    let mut ids = Vec::new();
    let num = |b: &[u8]| -> Option<u32> {
        let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
        std::str::from_utf8(&b[..n]).ok()?.parse().ok()
    };
    let find = |h: &[u8], n: &[u8]| h.windows(n.len()).position(|w| w == n);
    for k in &input.kernels {
        if let AmdKernelContent::Raw(r) = &k.content {
            let m = &r.metadata[..];
            let Some(p) = find(m, b"\n;uniqueid:") else {
                continue;
            };
            if let Some(v) = num(&m[p + 11..]) {
                ids.push(v);
            }
            let Some(q) = find(&m[p..], b"\n;function:") else {
                continue;
            };
            let rest = &m[p + q + 11..];
            if let Some(c) = rest.iter().position(|b| *b == b':') {
                if let Some(v) = num(&rest[c + 1..]) {
                    ids.push(v);
                }
            }
        }
    }
    ids.sort_unstable();
    ids
}

/// Each kernel's metadata, header and notes (generated from configurations).
pub(super) fn kernel_blobs(input: &AmdInput) -> Result<Vec<KernelBlobs>, AmdError> {
    let dv = input.driver.version();
    let used = used_unique_ids(input);
    let mut unique = 1024u32;
    let mut out = Vec::with_capacity(input.kernels.len());
    for (k, kern) in input.kernels.iter().enumerate() {
        match &kern.content {
            AmdKernelContent::Raw(r) => {
                if r.metadata.is_empty() {
                    return Err(AmdError::InKernel {
                        kernel: k,
                        msg: "No metadata for kernel".into(),
                    });
                }
                if r.header.is_empty() {
                    return Err(AmdError::InKernel {
                        kernel: k,
                        msg: "No header for kernel".into(),
                    });
                }
                out.push(KernelBlobs {
                    metadata: r.metadata.clone(),
                    header: r.header.clone(),
                    notes: r.cal_notes.clone(),
                });
            }
            AmdKernelContent::Config(c) => {
                gen::check_args(k, c)?;
                while used.binary_search(&unique).is_ok() {
                    unique += 1;
                }
                let r = gen::resolve(input, k, c, dv)?;
                let (m, space) = gen::metadata(input, k, c, &r, dv, unique)?;
                out.push(KernelBlobs {
                    metadata: m.into_bytes(),
                    header: gen::header(input, c, &r, dv),
                    notes: gen::cal_notes(input, c, &r, dv, space),
                });
                unique += 1;
            }
        }
    }
    Ok(out)
}

fn u32s(out: &mut Vec<u8>, ws: &[u32]) {
    for w in ws {
        out.extend_from_slice(&w.to_le_bytes());
    }
}

/// One kernel's inner ELF32.
fn inner_elf(machine: u32, code: &[u8], data: Option<&[u8]>, notes: &[CalNote]) -> Vec<u8> {
    let notes_size: usize = notes.iter().map(|n| 20 + n.data.len()).sum();
    let text_off = NOTES_OFFSET + notes_size;
    let data_len = data.map_or(DEFAULT_DATA_SIZE, <[u8]>::len);
    let data_off = text_off + code.len();
    let symtab_off = data_off + data_len;
    let strtab_off = symtab_off + 16;
    let total = strtab_off + 2;
    let mut o = Vec::with_capacity(total);
    // ELF header: OS/ABI 0x64, ABI version 1, machine 0x7D, flags 1.
    o.extend_from_slice(b"\x7fELF\x01\x01\x01\x64\x01\0\0\0\0\0\0\0");
    o.extend_from_slice(&2u16.to_le_bytes());
    o.extend_from_slice(&0x7Du16.to_le_bytes());
    u32s(&mut o, &[1, 0, 0x34, 0xD0, 1]);
    for h in [52u16, 32, 3, 40, 6, 1] {
        o.extend_from_slice(&h.to_le_bytes());
    }
    // Program headers: the CAL encoding dictionary, the notes, the loaded part.
    let load = (total - text_off) as u32;
    u32s(&mut o, &[0x7000_0002, 0x94, 0, 0, 20, 0, 0, 0]);
    u32s(
        &mut o,
        &[4, NOTES_OFFSET as u32, 0, 0, notes_size as u32, 0, 0, 0],
    );
    u32s(&mut o, &[1, text_off as u32, 0, 0, load, load, 0, 0]);
    // The encoding entry: machine, type 4, where the notes start and how much follows.
    u32s(
        &mut o,
        &[
            machine,
            4,
            NOTES_OFFSET as u32,
            (total - NOTES_OFFSET) as u32,
            0,
        ],
    );
    o.extend_from_slice(INNER_SHSTRTAB);
    // Section headers (name, type, flags, addr, offset, size, link, info, align, entsize).
    o.resize(o.len() + 40, 0);
    let data_ent = data.map_or(0, <[u8]>::len) as u32;
    u32s(&mut o, &[1, SHT_STRTAB, 0, 0, 0xA8, 40, 0, 0, 0, 0]);
    u32s(
        &mut o,
        &[
            11,
            SHT_PROGBITS,
            0,
            0,
            text_off as u32,
            code.len() as u32,
            0,
            0,
            0,
            0,
        ],
    );
    u32s(
        &mut o,
        &[
            17,
            SHT_PROGBITS,
            0,
            0,
            data_off as u32,
            data_len as u32,
            0,
            0,
            0,
            data_ent,
        ],
    );
    u32s(&mut o, &[23, 2, 0, 0, symtab_off as u32, 16, 5, 1, 0, 16]);
    u32s(
        &mut o,
        &[31, SHT_STRTAB, 0, 0, strtab_off as u32, 2, 0, 0, 0, 0],
    );
    debug_assert_eq!(o.len(), NOTES_OFFSET);
    for n in notes {
        u32s(&mut o, &[8, n.data.len() as u32, n.ntype]);
        o.extend_from_slice(b"ATI CAL\0");
        o.extend_from_slice(&n.data);
    }
    o.extend_from_slice(code);
    match data {
        Some(d) => o.extend_from_slice(d),
        None => o.resize(o.len() + DEFAULT_DATA_SIZE, 0),
    }
    o.resize(total, 0);
    o
}

/// Write the binary.
pub fn write_amd(input: &AmdInput) -> Result<Vec<u8>, AmdError> {
    let (machine, inner_machine) = input.device.amd_codes().ok_or_else(|| {
        AmdError::Invalid(format!(
            "Unsupported GPU device type by OpenCL 1.2 binary format: {}",
            input.device
        ))
    })?;
    // Bound the planned size before building anything large.
    let mut planned: u64 = input.compile_options.len() as u64
        + input.global_data.as_ref().map_or(0, |g| g.len() as u64);
    for k in &input.kernels {
        planned += k.code.len() as u64;
        planned += k.data.as_ref().map_or(DEFAULT_DATA_SIZE, Vec::len) as u64;
        // The inner ELF's fixed parts and the symbol names.
        planned += (NOTES_OFFSET + 18) as u64 + 3 * (k.name.len() as u64 + 40);
        if let AmdKernelContent::Config(c) = &k.content {
            // Generated notes and metadata: a fixed part and some per argument.
            planned += 2048 + 256 * c.args.len() as u64 + 16 * c.samplers.len() as u64;
        }
        if let AmdKernelContent::Raw(r) = &k.content {
            planned += (r.metadata.len() + r.header.len()) as u64;
            planned += r
                .cal_notes
                .iter()
                .map(|n| 20 + n.data.len() as u64)
                .sum::<u64>();
        }
    }
    if planned > MAX_BINARY_BYTES {
        return Err(too_large());
    }
    let dv = input.driver.version();
    let blobs = kernel_blobs(input)?;
    let mut rodata = Vec::new();
    let mut text = Vec::new();
    let mut symbols = Vec::new();
    let sym = |name: String, value: usize, size: usize, info: u8, shndx: u16| GenSymbol {
        name,
        value: value as u64,
        size: size as u64,
        info,
        other: 0,
        shndx,
    };
    let have_kernels = !input.kernels.is_empty();
    if !input.compile_options.is_empty() {
        symbols.push(sym(
            "__OpenCL_compile_options".into(),
            0,
            input.compile_options.len(),
            1,
            if have_kernels { 6 } else { 4 },
        ));
    }
    if let Some(g) = &input.global_data {
        let n = if dv >= gen::V1348 { 0 } else { 2 };
        symbols.push(sym(format!("__OpenCL_{n}_global"), 0, g.len(), 1, 4));
        rodata.extend_from_slice(g);
    }
    for (k, b) in input.kernels.iter().zip(&blobs) {
        let inner = inner_elf(inner_machine, &k.code, k.data.as_deref(), &b.notes);
        if (text.len() + inner.len()) as u64 > MAX_BINARY_BYTES {
            return Err(too_large());
        }
        symbols.push(sym(
            format!("__OpenCL_{}_metadata", k.name),
            rodata.len(),
            b.metadata.len(),
            1,
            4,
        ));
        rodata.extend_from_slice(&b.metadata);
        symbols.push(sym(
            format!("__OpenCL_{}_kernel", k.name),
            text.len(),
            inner.len(),
            2,
            5,
        ));
        text.extend_from_slice(&inner);
        symbols.push(sym(
            format!("__OpenCL_{}_header", k.name),
            rodata.len(),
            b.header.len(),
            1,
            4,
        ));
        rodata.extend_from_slice(&b.header);
    }
    let mut comment = input.compile_options.as_bytes().to_vec();
    comment.extend_from_slice(input.driver.info().as_bytes());
    let sec = |align: u64, s: GenSection| Region {
        align,
        kind: RegionKind::Section(s),
    };
    let mut regions = vec![
        sec(
            1,
            GenSection::new(".shstrtab", SHT_STRTAB, SHF_STRINGS, GenData::ShStrTab),
        ),
        sec(
            1,
            GenSection::new(".strtab", SHT_STRTAB, SHF_STRINGS, GenData::StrTab),
        ),
        sec(8, GenSection::symtab(GenData::SymTab)),
    ];
    if have_kernels {
        regions.push(sec(
            1,
            GenSection::new(".rodata", SHT_PROGBITS, SHF_ALLOC, GenData::Bytes(rodata)),
        ));
        regions.push(sec(
            1,
            GenSection::new(
                ".text",
                SHT_PROGBITS,
                SHF_ALLOC | SHF_EXECINSTR,
                GenData::Bytes(text),
            ),
        ));
    }
    regions.push(sec(
        1,
        GenSection::new(".comment", SHT_PROGBITS, 0, GenData::Bytes(comment)),
    ));
    regions.push(Region {
        align: if input.is64 { 8 } else { 4 },
        kind: RegionKind::SectionHeaders,
    });
    let g = ElfGen {
        is64: input.is64,
        osabi: 0,
        etype: 2,
        machine,
        flags: 0,
        add_null_sym: true,
        addr_start_region: usize::MAX,
        regions,
        phdrs: Vec::new(),
        symbols,
        notes: Vec::new(),
    };
    Ok(g.write()?)
}
