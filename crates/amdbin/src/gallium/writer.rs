//! Writing a Gallium binary in CLRX's layout (see the module docs of [`super`]).

use super::{GalliumError, GalliumInput, GalliumKernel, COMMENT};
use crate::elf::{
    SHF_ALLOC, SHF_EXECINSTR, SHF_MERGE, SHF_STRINGS, SHF_WRITE, SHT_NOBITS, SHT_PROGBITS,
    SHT_STRTAB, SHT_SYMTAB,
};
use crate::limits::MAX_BINARY_BYTES;

fn pad(v: usize, a: usize) -> usize {
    v.div_ceil(a) * a
}

fn put32(o: &mut Vec<u8>, v: u32) {
    o.extend_from_slice(&v.to_le_bytes());
}

/// The kernels in the order they are written: by name.
pub(crate) fn sorted(input: &GalliumInput) -> Vec<&GalliumKernel> {
    let mut k: Vec<&GalliumKernel> = input.kernels.iter().collect();
    k.sort_by(|a, b| a.name.cmp(&b.name));
    k
}

fn inner_elf(input: &GalliumInput, kernels: &[&GalliumKernel]) -> Vec<u8> {
    let is64 = input.is64;
    let word = |o: &mut Vec<u8>, v: u64| {
        if is64 {
            o.extend_from_slice(&v.to_le_bytes());
        } else {
            put32(o, v as u32);
        }
    };
    let mut config = Vec::new();
    for k in kernels {
        for &(a, v) in &k.proginfo {
            put32(&mut config, a);
            put32(&mut config, v);
        }
    }
    // (name, type, flags, align, entsize, data, nobits)
    let mut secs: Vec<(&str, u32, u64, usize, u64, Vec<u8>)> = vec![
        (
            ".text",
            SHT_PROGBITS,
            SHF_ALLOC | SHF_EXECINSTR,
            256,
            0,
            input.code.clone(),
        ),
        (
            ".data",
            SHT_PROGBITS,
            SHF_WRITE | SHF_ALLOC,
            4,
            0,
            Vec::new(),
        ),
        (".bss", SHT_NOBITS, SHF_WRITE | SHF_ALLOC, 4, 0, Vec::new()),
        (".AMDGPU.config", SHT_PROGBITS, 0, 1, 0, config),
    ];
    if let Some(g) = &input.global_data {
        secs.push((".rodata", SHT_PROGBITS, SHF_ALLOC, 4, 0, g.clone()));
    }
    secs.push((
        ".comment",
        SHT_PROGBITS,
        SHF_MERGE | SHF_STRINGS,
        1,
        1,
        COMMENT.as_bytes().to_vec(),
    ));
    secs.push((".note.GNU-stack", SHT_PROGBITS, 0, 1, 0, Vec::new()));
    let symbolled = secs.len();
    let mut shstrtab = vec![0u8];
    let mut names = Vec::new();
    for s in secs
        .iter()
        .map(|s| s.0)
        .chain([".shstrtab", ".symtab", ".strtab"])
    {
        names.push(shstrtab.len() as u32);
        shstrtab.extend_from_slice(s.as_bytes());
        shstrtab.push(0);
    }
    secs.push((".shstrtab", SHT_STRTAB, 0, 1, 0, shstrtab));
    let shstrndx = secs.len();
    // Symbols: EndOfTextLabel, one per section before .shstrtab, the kernels.
    let (symsize, align) = if is64 { (24, 8) } else { (16, 4) };
    let mut strtab = b"\0EndOfTextLabel\0".to_vec();
    let mut symtab = vec![0u8; symsize];
    let sym = |o: &mut Vec<u8>, name: u32, info: u8, shndx: u16, value: u64| {
        put32(o, name);
        if is64 {
            o.push(info);
            o.push(0);
            o.extend_from_slice(&shndx.to_le_bytes());
            o.extend_from_slice(&value.to_le_bytes());
            o.extend_from_slice(&0u64.to_le_bytes());
        } else {
            put32(o, value as u32);
            put32(o, 0);
            o.push(info);
            o.push(0);
            o.extend_from_slice(&shndx.to_le_bytes());
        }
    };
    sym(&mut symtab, 1, 0, 1, input.code.len() as u64);
    for i in 0..symbolled {
        sym(&mut symtab, 0, 3, (i + 1) as u16, 0);
    }
    for k in kernels {
        let n = strtab.len() as u32;
        strtab.extend_from_slice(k.name.as_bytes());
        strtab.push(0);
        sym(&mut symtab, n, 0x10, 1, u64::from(k.offset));
    }
    let shnum = secs.len() + 3;
    let (ehsize, shentsize) = if is64 { (64, 64) } else { (52, 40) };
    // Offsets: sections up to .shstrtab, the headers, .symtab, .strtab.
    let mut offs = Vec::new();
    let mut pos = ehsize;
    for s in &secs {
        pos = pad(pos, s.3);
        offs.push(pos);
        if s.1 != SHT_NOBITS {
            pos += s.5.len();
        }
    }
    let shoff = pad(pos, align);
    pos = shoff + shnum * shentsize;
    let symoff = pad(pos, align);
    let stroff = symoff + symtab.len();
    secs.push((".symtab", SHT_SYMTAB, 0, align, symsize as u64, symtab));
    offs.push(symoff);
    secs.push((".strtab", SHT_STRTAB, 0, 1, 0, strtab));
    offs.push(stroff);

    let mut o = Vec::with_capacity(stroff + 64);
    o.extend_from_slice(b"\x7fELF");
    o.push(if is64 { 2 } else { 1 });
    o.extend_from_slice(&[1, 1]);
    let hsa = input.mesa_version >= 170000;
    o.push(if hsa { 0x40 } else { 0 });
    o.extend_from_slice(&[0; 8]);
    o.extend_from_slice(&1u16.to_le_bytes());
    o.extend_from_slice(&(if hsa { 0xE0u16 } else { 0 }).to_le_bytes());
    put32(&mut o, 1);
    word(&mut o, 0);
    word(&mut o, 0);
    word(&mut o, shoff as u64);
    put32(&mut o, 0);
    for v in [
        ehsize as u16,
        0,
        0,
        shentsize as u16,
        shnum as u16,
        shstrndx as u16,
    ] {
        o.extend_from_slice(&v.to_le_bytes());
    }
    for (i, s) in secs.iter().enumerate() {
        if offs[i] == symoff {
            o.resize(shoff, 0);
            o.extend_from_slice(&vec![0u8; shentsize]);
            for (j, t) in secs.iter().enumerate() {
                put32(&mut o, names[j]);
                put32(&mut o, t.1);
                word(&mut o, t.2);
                word(&mut o, 0);
                word(&mut o, offs[j] as u64);
                word(&mut o, t.5.len() as u64);
                let link = if t.0 == ".symtab" {
                    shnum as u32 - 1
                } else {
                    0
                };
                put32(&mut o, link);
                put32(&mut o, 0);
                word(&mut o, t.3 as u64);
                word(&mut o, t.4);
            }
        }
        o.resize(offs[i], 0);
        if s.1 != SHT_NOBITS {
            o.extend_from_slice(&s.5);
        }
    }
    o
}

pub fn write_gallium(input: &GalliumInput) -> Result<Vec<u8>, GalliumError> {
    let mut seen = std::collections::HashSet::new();
    let mut total = input.code.len() + input.global_data.as_ref().map_or(0, Vec::len);
    for k in &input.kernels {
        if !seen.insert(k.name.as_str()) {
            return Err(GalliumError::Invalid(format!(
                "kernel '{}' is defined twice",
                k.name
            )));
        }
        if k.name.contains('\0') {
            return Err(GalliumError::Invalid("a kernel name holds a NUL".into()));
        }
        if k.offset as usize > input.code.len() {
            return Err(GalliumError::Invalid(format!(
                "kernel '{}' starts at {:#x}, past the end of the code ({:#x} bytes)",
                k.name,
                k.offset,
                input.code.len()
            )));
        }
        total += k.name.len() * 2 + k.args.len() * 24 + k.proginfo.len() * 8 + 64;
    }
    if total as u64 + 4096 > MAX_BINARY_BYTES {
        return Err(GalliumError::Invalid(format!(
            "the binary would be larger than {MAX_BINARY_BYTES} bytes (MAX_BINARY_BYTES)"
        )));
    }
    let kernels = sorted(input);
    let elf = inner_elf(input, &kernels);
    let mut o = Vec::with_capacity(elf.len() + total);
    put32(&mut o, kernels.len() as u32);
    for k in &kernels {
        put32(&mut o, k.name.len() as u32);
        o.extend_from_slice(k.name.as_bytes());
        put32(&mut o, 0);
        put32(&mut o, k.offset);
        put32(&mut o, k.args.len() as u32);
        for a in &k.args {
            for v in [
                a.arg_type,
                a.size,
                a.target_size,
                a.target_align,
                u32::from(a.sign_extended),
                a.semantic,
            ] {
                put32(&mut o, v);
            }
        }
    }
    put32(&mut o, 1);
    put32(&mut o, 0);
    put32(&mut o, if input.mesa_version >= 170000 { 2 } else { 0 });
    put32(&mut o, elf.len() as u32);
    put32(&mut o, elf.len() as u32 + 4);
    put32(&mut o, elf.len() as u32);
    o.extend_from_slice(&elf);
    Ok(o)
}
