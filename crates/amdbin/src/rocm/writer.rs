//! Writing a ROCm code object in CLRX's layout (see the module docs of [`super`]).

use super::{RocmError, RocmInput, COMMENT, ELFOSABI_AMDGPU_HSA, EM_AMDGPU, STT_AMDGPU_HSA_KERNEL};
use crate::elf::{
    PT_DYNAMIC, PT_GNU_RELRO, PT_GNU_STACK, PT_LOAD, PT_NOTE, PT_PHDR, SHF_ALLOC, SHF_EXECINSTR,
    SHF_MERGE, SHF_STRINGS, SHF_WRITE, SHT_DYNAMIC, SHT_DYNSYM, SHT_HASH, SHT_NOTE, SHT_PROGBITS,
    SHT_STRTAB, SHT_SYMTAB,
};
use crate::limits::MAX_BINARY_BYTES;

const PAGE: u64 = 0x1000;

fn pad(v: u64, a: u64) -> u64 {
    v.div_ceil(a) * a
}

/// The SysV symbol hash of ELF `.hash` sections.
pub(crate) fn elf_hash(name: &[u8]) -> u32 {
    let mut h: u32 = 0;
    for &c in name {
        h = (h << 4).wrapping_add(u32::from(c));
        let g = h & 0xf000_0000;
        if g != 0 {
            h ^= g >> 24;
        }
        h &= !g;
    }
    h
}

/// One section to place: name, type, flags, alignment, link/info/entsize, contents,
/// whether `sh_addr` is its place (allocated sections), whether it starts a page.
struct Sec {
    name: &'static str,
    stype: u32,
    flags: u64,
    align: u64,
    link: &'static str,
    info: u32,
    entsize: u64,
    data: Vec<u8>,
    addressed: bool,
    page: bool,
}

fn sec(name: &'static str, stype: u32, flags: u64, align: u64, data: Vec<u8>) -> Sec {
    Sec {
        name,
        stype,
        flags,
        align,
        link: "",
        info: 0,
        entsize: 0,
        data,
        addressed: flags & SHF_ALLOC != 0,
        page: false,
    }
}

fn note(out: &mut Vec<u8>, ntype: u32, desc: &[u8]) {
    out.extend_from_slice(&4u32.to_le_bytes());
    out.extend_from_slice(&(desc.len() as u32).to_le_bytes());
    out.extend_from_slice(&ntype.to_le_bytes());
    out.extend_from_slice(b"AMD\0");
    out.extend_from_slice(desc);
    out.resize(pad(out.len() as u64, 4) as usize, 0);
}

/// The three notes: code object version 2.1, ISA version, metadata.
pub(crate) fn notes(input: &RocmInput) -> Vec<u8> {
    let mut out = Vec::new();
    let mut ver = 2u32.to_le_bytes().to_vec();
    ver.extend_from_slice(&1u32.to_le_bytes());
    note(&mut out, 1, &ver);
    let mut isa = Vec::new();
    isa.extend_from_slice(&4u16.to_le_bytes());
    isa.extend_from_slice(&7u16.to_le_bytes());
    for v in [input.isa.0, input.isa.1, input.isa.2] {
        isa.extend_from_slice(&v.to_le_bytes());
    }
    isa.extend_from_slice(b"AMD\0AMDGPU\0");
    note(&mut out, 3, &isa);
    note(&mut out, 10, &input.metadata);
    out
}

fn sym(out: &mut Vec<u8>, name: u32, info: u8, other: u8, shndx: u16, value: u64) {
    out.extend_from_slice(&name.to_le_bytes());
    out.push(info);
    out.push(other);
    out.extend_from_slice(&shndx.to_le_bytes());
    out.extend_from_slice(&value.to_le_bytes());
    out.extend_from_slice(&0u64.to_le_bytes());
}

pub fn write_rocm(input: &RocmInput) -> Result<Vec<u8>, RocmError> {
    let code_len = input.code.len() as u64;
    let mut seen = std::collections::HashSet::new();
    for k in &input.kernels {
        if k.name.is_empty() || k.name.contains('\0') {
            return Err(RocmError::Invalid(format!(
                "kernel name '{}' is empty or holds a NUL",
                k.name.escape_default()
            )));
        }
        if !seen.insert(k.name.as_str()) {
            return Err(RocmError::Invalid(format!(
                "kernel '{}' is defined twice",
                k.name
            )));
        }
        if k.offset > code_len {
            return Err(RocmError::Invalid(format!(
                "kernel '{}' starts at {:#x}, past the end of the code ({:#x} bytes)",
                k.name, k.offset, code_len
            )));
        }
    }
    let total = code_len
        + input.metadata.len() as u64
        + input.global_data.as_ref().map_or(0, |g| g.len() as u64)
        + input
            .kernels
            .iter()
            .map(|k| k.name.len() as u64 * 2 + 64)
            .sum::<u64>();
    if total + 4 * PAGE > MAX_BINARY_BYTES {
        return Err(RocmError::Invalid(format!(
            "the code object would be larger than {MAX_BINARY_BYTES} bytes (MAX_BINARY_BYTES)"
        )));
    }

    // Section list in CLRX's order.
    let mut secs: Vec<Sec> = Vec::new();
    let note_data = notes(input);
    if input.new_format {
        secs.push(sec(".note", SHT_NOTE, 0, 4, note_data.clone()));
    }
    if let Some(g) = &input.global_data {
        secs.push(sec(".rodata", SHT_PROGBITS, SHF_ALLOC, 4, g.clone()));
    }
    let mut dynstr = vec![0u8];
    let mut name_offs = Vec::new();
    for k in &input.kernels {
        name_offs.push(dynstr.len() as u32);
        dynstr.extend_from_slice(k.name.as_bytes());
        dynstr.push(0);
    }
    let nsyms = input.kernels.len() + 1;
    // Hash: one bucket per kernel (at least one), chains in symbol order.
    let nbucket = input.kernels.len().max(1);
    let mut buckets = vec![0u32; nbucket];
    let mut chains = vec![0u32; nsyms];
    for (i, k) in input.kernels.iter().enumerate() {
        let h = elf_hash(k.name.as_bytes()) as usize % nbucket;
        chains[i + 1] = buckets[h];
        buckets[h] = (i + 1) as u32;
    }
    let mut hash = Vec::new();
    for v in [nbucket as u32, nsyms as u32]
        .into_iter()
        .chain(buckets)
        .chain(chains)
    {
        hash.extend_from_slice(&v.to_le_bytes());
    }
    secs.push(Sec {
        link: ".dynstr",
        info: 1,
        entsize: 24,
        ..sec(".dynsym", SHT_DYNSYM, SHF_ALLOC, 8, Vec::new())
    });
    secs.push(Sec {
        link: ".dynsym",
        ..sec(".hash", SHT_HASH, SHF_ALLOC, 4, hash)
    });
    let dynstr_len = dynstr.len() as u64;
    secs.push(sec(".dynstr", SHT_STRTAB, SHF_ALLOC, 1, dynstr));
    secs.push(Sec {
        page: true,
        ..sec(
            ".text",
            SHT_PROGBITS,
            SHF_ALLOC | SHF_EXECINSTR,
            256,
            input.code.clone(),
        )
    });
    secs.push(Sec {
        link: ".dynstr",
        entsize: 16,
        page: true,
        ..sec(
            ".dynamic",
            SHT_DYNAMIC,
            SHF_ALLOC | SHF_WRITE,
            8,
            Vec::new(),
        )
    });
    if !input.new_format {
        secs.push(sec(".note", SHT_NOTE, 0, 4, note_data));
        secs.push(sec(".AMDGPU.config", SHT_PROGBITS, 0, 1, Vec::new()));
    }
    secs.push(Sec {
        entsize: 1,
        ..sec(
            ".comment",
            SHT_PROGBITS,
            SHF_MERGE | SHF_STRINGS,
            1,
            COMMENT.as_bytes().to_vec(),
        )
    });
    secs.push(Sec {
        link: ".strtab",
        info: 2,
        entsize: 24,
        ..sec(".symtab", SHT_SYMTAB, 0, 8, Vec::new())
    });
    let mut shstrtab = vec![0u8];
    let mut sh_names = Vec::new();
    for s in &secs {
        sh_names.push(shstrtab.len() as u32);
        shstrtab.extend_from_slice(s.name.as_bytes());
        shstrtab.push(0);
    }
    sh_names.push(shstrtab.len() as u32);
    shstrtab.extend_from_slice(b".shstrtab\0");
    sh_names.push(shstrtab.len() as u32);
    shstrtab.extend_from_slice(b".strtab\0");
    secs.push(sec(".shstrtab", SHT_STRTAB, 0, 1, shstrtab));
    let mut strtab = b"\0_DYNAMIC\0".to_vec();
    for k in &input.kernels {
        strtab.extend_from_slice(k.name.as_bytes());
        strtab.push(0);
    }
    secs.push(sec(".strtab", SHT_STRTAB, 0, 1, strtab));

    let names: Vec<&'static str> = secs.iter().map(|s| s.name).collect();
    let index = |name: &str| -> u16 {
        names
            .iter()
            .position(|s| *s == name)
            .map_or(0, |i| (i + 1) as u16)
    };
    let phnum: u64 = if input.new_format { 8 } else { 7 };
    // Offsets (= addresses of allocated sections). The dynamic tables' contents
    // depend on addresses but not their sizes, so sizes are known first.
    let sizes: Vec<u64> = secs
        .iter()
        .map(|s| match s.name {
            ".dynsym" => nsyms as u64 * 24,
            ".dynamic" => 6 * 16,
            ".symtab" => (2 + input.kernels.len() as u64) * 24,
            _ => s.data.len() as u64,
        })
        .collect();
    let mut offs = Vec::with_capacity(secs.len());
    let mut pos = 64 + phnum * 56;
    for (s, size) in secs.iter().zip(&sizes) {
        pos = pad(pos, if s.page { PAGE } else { s.align.max(1) });
        offs.push(pos);
        pos += size;
    }
    let shoff = pad(pos, 8);
    let off_of = |name: &str| offs[usize::from(index(name)) - 1];
    let size_of = |name: &str| sizes[usize::from(index(name)) - 1];
    let text_addr = off_of(".text");
    let dyn_addr = off_of(".dynamic");
    let text_idx = index(".text");

    // Contents that need addresses.
    let mut dynsym = vec![0u8; 24];
    let mut symtab = vec![0u8; 24];
    sym(&mut symtab, 1, 0, 2, index(".dynamic"), dyn_addr);
    let mut strtab_off = 10u32;
    for (k, &n) in input.kernels.iter().zip(&name_offs) {
        let info = 0x10 | STT_AMDGPU_HSA_KERNEL;
        sym(&mut dynsym, n, info, 0, text_idx, text_addr + k.offset);
        sym(
            &mut symtab,
            strtab_off,
            info,
            0,
            text_idx,
            text_addr + k.offset,
        );
        strtab_off += k.name.len() as u32 + 1;
    }
    let mut dynamic = Vec::new();
    for (tag, v) in [
        (6u64, off_of(".dynsym")),
        (11, 24),
        (5, off_of(".dynstr")),
        (10, dynstr_len),
        (4, off_of(".hash")),
        (0, 0),
    ] {
        dynamic.extend_from_slice(&tag.to_le_bytes());
        dynamic.extend_from_slice(&v.to_le_bytes());
    }
    for s in &mut secs {
        match s.name {
            ".dynsym" => s.data = std::mem::take(&mut dynsym),
            ".symtab" => s.data = std::mem::take(&mut symtab),
            ".dynamic" => s.data = std::mem::take(&mut dynamic),
            _ => {}
        }
    }

    let shnum = secs.len() as u64 + 1;
    let mut out = Vec::with_capacity((shoff + shnum * 64) as usize);
    out.extend_from_slice(b"\x7fELF\x02\x01\x01");
    out.push(ELFOSABI_AMDGPU_HSA);
    out.extend_from_slice(&[0; 8]);
    out.extend_from_slice(&3u16.to_le_bytes());
    out.extend_from_slice(&EM_AMDGPU.to_le_bytes());
    out.extend_from_slice(&1u32.to_le_bytes());
    let entry = if input.new_format { text_addr } else { 0 };
    for v in [entry, 64, shoff] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&input.eflags.to_le_bytes());
    for v in [
        64u16,
        56,
        phnum as u16,
        64,
        shnum as u16,
        index(".shstrtab"),
    ] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    // Program headers.
    let first_end = off_of(".dynstr") + dynstr_len;
    let ph = |out: &mut Vec<u8>, t: u32, f: u32, off: u64, size: u64, align: u64| {
        out.extend_from_slice(&t.to_le_bytes());
        out.extend_from_slice(&f.to_le_bytes());
        for v in [off, off, off, size, size, align] {
            out.extend_from_slice(&v.to_le_bytes());
        }
    };
    let dyn_size = size_of(".dynamic");
    ph(&mut out, PT_PHDR, 4, 64, phnum * 56, 8);
    ph(&mut out, PT_LOAD, 4, 0, first_end, PAGE);
    ph(&mut out, PT_LOAD, 5, text_addr, code_len, PAGE);
    ph(&mut out, PT_LOAD, 6, dyn_addr, dyn_size, PAGE);
    ph(&mut out, PT_DYNAMIC, 6, dyn_addr, dyn_size, 8);
    ph(&mut out, PT_GNU_RELRO, 4, dyn_addr, dyn_size, 1);
    ph(&mut out, PT_GNU_STACK, 6, 0, 0, 0);
    if input.new_format {
        ph(&mut out, PT_NOTE, 4, off_of(".note"), size_of(".note"), 4);
    }
    for (s, &off) in secs.iter().zip(&offs) {
        out.resize(off as usize, 0);
        out.extend_from_slice(&s.data);
    }
    out.resize(shoff as usize, 0);
    out.extend_from_slice(&[0; 64]);
    for (i, s) in secs.iter().enumerate() {
        out.extend_from_slice(&sh_names[i].to_le_bytes());
        out.extend_from_slice(&s.stype.to_le_bytes());
        let addr = if s.addressed { offs[i] } else { 0 };
        let link = if s.link.is_empty() {
            0
        } else {
            u32::from(index(s.link))
        };
        for v in [s.flags, addr, offs[i], sizes[i]] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&link.to_le_bytes());
        out.extend_from_slice(&s.info.to_le_bytes());
        out.extend_from_slice(&s.align.to_le_bytes());
        out.extend_from_slice(&s.entsize.to_le_bytes());
    }
    Ok(out)
}
