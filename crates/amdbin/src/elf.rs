//! A small ELF32/ELF64 (little-endian) container: sections as raw bytes plus their
//! header fields, written contiguously (no padding between section contents, as AMD CL2
//! writers do) with the section header table at the end, and read back with every
//! offset checked.

use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum ElfError {
    #[error("not an ELF file")]
    NotElf,
    #[error("only little-endian ELF is supported")]
    BigEndian,
    #[error("bad ELF class {0}")]
    BadClass(u8),
    #[error("truncated or out-of-range {0}")]
    OutOfRange(&'static str),
    #[error("{0}")]
    Malformed(String),
}

/// One section (index 0, the null section, is implicit).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Section {
    pub name: String,
    pub stype: u32,
    pub flags: u64,
    pub addr: u64,
    pub link: u32,
    pub info: u32,
    pub align: u64,
    pub entsize: u64,
    /// Contents; for NOBITS sections only `nobits_size` counts.
    pub data: Vec<u8>,
    pub nobits_size: u64,
}

pub const SHT_PROGBITS: u32 = 1;
pub const SHT_SYMTAB: u32 = 2;
pub const SHT_STRTAB: u32 = 3;
pub const SHT_RELA: u32 = 4;
pub const SHT_NOTE: u32 = 7;
pub const SHT_NOBITS: u32 = 8;

/// A whole file. Section names live in the section named `.shstrtab`, which the
/// writer regenerates from `sections` (in order of first appearance).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ElfFile {
    pub is64: bool,
    pub osabi: u8,
    pub etype: u16,
    pub machine: u16,
    pub flags: u32,
    pub entry: u64,
    pub sections: Vec<Section>,
    /// Index (into `sections` + 1, ELF numbering) of the section-name table.
    pub shstrndx: u16,
}

struct W {
    out: Vec<u8>,
}

impl W {
    fn u8(&mut self, v: u8) {
        self.out.push(v);
    }
    fn u16(&mut self, v: u16) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }
    /// Address-sized field.
    fn addr(&mut self, is64: bool, v: u64) {
        if is64 {
            self.u64(v)
        } else {
            self.u32(v as u32)
        }
    }
}

/// Build a string table: returns the bytes and the offset of each name.
pub fn string_table(names: &[&str]) -> (Vec<u8>, Vec<u32>) {
    let mut data = vec![0u8];
    let mut offs = Vec::with_capacity(names.len());
    for n in names {
        if n.is_empty() {
            offs.push(0);
            continue;
        }
        offs.push(data.len() as u32);
        data.extend_from_slice(n.as_bytes());
        data.push(0);
    }
    (data, offs)
}

impl ElfFile {
    /// Serialize. `.shstrtab` contents are taken as given (see [`string_table`]); each
    /// section's name must be present in it.
    pub fn write(&self) -> Result<Vec<u8>, ElfError> {
        let is64 = self.is64;
        let ehsize: usize = if is64 { 64 } else { 52 };
        let shentsize: usize = if is64 { 64 } else { 40 };
        let shstr = self
            .sections
            .get((self.shstrndx as usize).wrapping_sub(1))
            .ok_or_else(|| ElfError::Malformed("no section-name table".into()))?;
        let name_off = |name: &str| -> Result<u32, ElfError> {
            if name.is_empty() {
                return Ok(0);
            }
            let pat: Vec<u8> = name.bytes().chain(std::iter::once(0)).collect();
            shstr
                .data
                .windows(pat.len())
                .enumerate()
                .find(|(i, w)| *w == &pat[..] && (*i == 0 || shstr.data[i - 1] == 0))
                .map(|(i, _)| i as u32)
                .ok_or_else(|| {
                    ElfError::Malformed(format!("section name '{name}' not in .shstrtab"))
                })
        };
        let mut offsets = Vec::with_capacity(self.sections.len());
        let mut pos = ehsize;
        for s in &self.sections {
            offsets.push(pos);
            if s.stype != SHT_NOBITS {
                pos += s.data.len();
            }
        }
        let align = if is64 { 8 } else { 4 };
        let shoff = pos.div_ceil(align) * align;
        let mut w = W {
            out: Vec::with_capacity(shoff + shentsize * (self.sections.len() + 1)),
        };
        w.out.extend_from_slice(b"\x7fELF");
        w.u8(if is64 { 2 } else { 1 });
        w.u8(1);
        w.u8(1);
        w.u8(self.osabi);
        w.out.extend_from_slice(&[0; 8]);
        w.u16(self.etype);
        w.u16(self.machine);
        w.u32(1);
        w.addr(is64, self.entry);
        w.addr(is64, 0);
        w.addr(is64, shoff as u64);
        w.u32(self.flags);
        w.u16(ehsize as u16);
        w.u16(if is64 { 56 } else { 32 });
        w.u16(0);
        w.u16(shentsize as u16);
        w.u16(self.sections.len() as u16 + 1);
        w.u16(self.shstrndx);
        for s in &self.sections {
            if s.stype != SHT_NOBITS {
                w.out.extend_from_slice(&s.data);
            }
        }
        w.out.resize(shoff, 0);
        w.out.extend_from_slice(&vec![0u8; shentsize]);
        for (s, off) in self.sections.iter().zip(offsets) {
            w.u32(name_off(&s.name)?);
            w.u32(s.stype);
            w.addr(is64, s.flags);
            w.addr(is64, s.addr);
            w.addr(is64, off as u64);
            let size = if s.stype == SHT_NOBITS {
                s.nobits_size
            } else {
                s.data.len() as u64
            };
            w.addr(is64, size);
            w.u32(s.link);
            w.u32(s.info);
            w.addr(is64, s.align);
            w.addr(is64, s.entsize);
        }
        Ok(w.out)
    }

    /// Parse; every offset and size is checked against the file.
    pub fn read(bytes: &[u8]) -> Result<ElfFile, ElfError> {
        if bytes.len() < 16 || &bytes[..4] != b"\x7fELF" {
            return Err(ElfError::NotElf);
        }
        let is64 = match bytes[4] {
            1 => false,
            2 => true,
            c => return Err(ElfError::BadClass(c)),
        };
        if bytes[5] != 1 {
            return Err(ElfError::BigEndian);
        }
        let r = R { b: bytes };
        let ehsize = if is64 { 64 } else { 52 };
        if bytes.len() < ehsize {
            return Err(ElfError::OutOfRange("ELF header"));
        }
        let (shoff, flags_off) = if is64 {
            (r.u64(40)?, 48)
        } else {
            (r.u32(32)? as u64, 36)
        };
        let flags = r.u32(flags_off)?;
        let shentsize = r.u16(flags_off + 10)? as usize;
        let shnum = r.u16(flags_off + 12)? as usize;
        let shstrndx = r.u16(flags_off + 14)?;
        let want_ent = if is64 { 64 } else { 40 };
        if shnum > 0 && shentsize != want_ent {
            return Err(ElfError::Malformed(format!(
                "section header size {shentsize}, expected {want_ent}"
            )));
        }
        let entry = if is64 { r.u64(24)? } else { r.u32(24)? as u64 };
        let mut file = ElfFile {
            is64,
            osabi: bytes[7],
            etype: r.u16(16)?,
            machine: r.u16(18)?,
            flags,
            entry,
            sections: Vec::new(),
            shstrndx,
        };
        let mut raw = Vec::new();
        for i in 1..shnum {
            let h = (shoff as usize)
                .checked_add(i * shentsize)
                .ok_or(ElfError::OutOfRange("section header"))?;
            let f = |k: usize| -> Result<u64, ElfError> {
                // Field k of the header in address-size units after the two u32s.
                if is64 {
                    r.u64(h + 8 + 8 * k)
                } else {
                    r.u32(h + 8 + 4 * k).map(u64::from)
                }
            };
            let name = r.u32(h)?;
            let stype = r.u32(h + 4)?;
            let (flags, addr, off, size) = (f(0)?, f(1)?, f(2)?, f(3)?);
            let lo = if is64 { h + 40 } else { h + 24 };
            let link = r.u32(lo)?;
            let info = r.u32(lo + 4)?;
            let (align, entsize) = if is64 {
                (r.u64(h + 48)?, r.u64(h + 56)?)
            } else {
                (r.u32(h + 32)? as u64, r.u32(h + 36)? as u64)
            };
            let data = if stype == SHT_NOBITS {
                Vec::new()
            } else {
                let end = off
                    .checked_add(size)
                    .ok_or(ElfError::OutOfRange("section contents"))?;
                bytes
                    .get(off as usize..end as usize)
                    .ok_or(ElfError::OutOfRange("section contents"))?
                    .to_vec()
            };
            raw.push(name);
            file.sections.push(Section {
                name: String::new(),
                stype,
                flags,
                addr,
                link,
                info,
                align,
                entsize,
                data,
                nobits_size: if stype == SHT_NOBITS { size } else { 0 },
            });
        }
        if shstrndx as usize > file.sections.len() || shstrndx == 0 && !file.sections.is_empty() {
            return Err(ElfError::Malformed("bad section-name table index".into()));
        }
        if shstrndx != 0 {
            let names = file.sections[shstrndx as usize - 1].data.clone();
            for (s, n) in file.sections.iter_mut().zip(raw) {
                s.name = cstr(&names, n as usize).ok_or(ElfError::OutOfRange("section name"))?;
            }
        }
        Ok(file)
    }

    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// ELF index (1-based) of a section.
    pub fn index_of(&self, name: &str) -> Option<u16> {
        self.sections
            .iter()
            .position(|s| s.name == name)
            .map(|i| i as u16 + 1)
    }
}

/// NUL-terminated string at an offset.
pub fn cstr(data: &[u8], off: usize) -> Option<String> {
    let rest = data.get(off..)?;
    let end = rest.iter().position(|b| *b == 0)?;
    Some(String::from_utf8_lossy(&rest[..end]).into_owned())
}

struct R<'a> {
    b: &'a [u8],
}

impl R<'_> {
    fn get<const N: usize>(&self, off: usize) -> Result<[u8; N], ElfError> {
        self.b
            .get(off..off.checked_add(N).ok_or(ElfError::OutOfRange("field"))?)
            .and_then(|s| s.try_into().ok())
            .ok_or(ElfError::OutOfRange("field"))
    }
    fn u16(&self, off: usize) -> Result<u16, ElfError> {
        self.get::<2>(off).map(u16::from_le_bytes)
    }
    fn u32(&self, off: usize) -> Result<u32, ElfError> {
        self.get::<4>(off).map(u32::from_le_bytes)
    }
    fn u64(&self, off: usize) -> Result<u64, ElfError> {
        self.get::<8>(off).map(u64::from_le_bytes)
    }
}

/// A symbol-table entry.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Symbol {
    pub name: String,
    pub value: u64,
    pub size: u64,
    /// Binding << 4 | type.
    pub info: u8,
    pub other: u8,
    pub shndx: u16,
}

/// Encode symbols (the null symbol first is added here) with names into `strtab`
/// offsets given by [`string_table`].
pub fn symtab_bytes(is64: bool, syms: &[Symbol], name_offs: &[u32]) -> Vec<u8> {
    let mut w = W { out: Vec::new() };
    let n = if is64 { 24 } else { 16 };
    w.out.extend_from_slice(&vec![0u8; n]);
    for (s, off) in syms.iter().zip(name_offs) {
        w.u32(*off);
        if is64 {
            w.u8(s.info);
            w.u8(s.other);
            w.u16(s.shndx);
            w.u64(s.value);
            w.u64(s.size);
        } else {
            w.u32(s.value as u32);
            w.u32(s.size as u32);
            w.u8(s.info);
            w.u8(s.other);
            w.u16(s.shndx);
        }
    }
    w.out
}

/// Decode a symbol table (skipping the null symbol) with names from `strtab`.
pub fn read_symbols(is64: bool, symtab: &[u8], strtab: &[u8]) -> Result<Vec<Symbol>, ElfError> {
    let n = if is64 { 24 } else { 16 };
    if !symtab.len().is_multiple_of(n) {
        return Err(ElfError::Malformed(
            "symbol table size is not a multiple of the entry size".into(),
        ));
    }
    let r = R { b: symtab };
    let mut out = Vec::new();
    for i in 1..symtab.len() / n {
        let o = i * n;
        let name_off = r.u32(o)? as usize;
        let name = if name_off == 0 {
            String::new()
        } else {
            cstr(strtab, name_off).ok_or(ElfError::OutOfRange("symbol name"))?
        };
        let s = if is64 {
            Symbol {
                name,
                info: symtab[o + 4],
                other: symtab[o + 5],
                shndx: r.u16(o + 6)?,
                value: r.u64(o + 8)?,
                size: r.u64(o + 16)?,
            }
        } else {
            Symbol {
                name,
                value: r.u32(o + 4)? as u64,
                size: r.u32(o + 8)? as u64,
                info: symtab[o + 12],
                other: symtab[o + 13],
                shndx: r.u16(o + 14)?,
            }
        };
        out.push(s);
    }
    Ok(out)
}
