//! Little-endian ELF32/ELF64, as much as AMD CL2 binaries need: a reader on the
//! `object` crate that keeps every field the writer needs to reproduce a file, and
//! [`ElfGen`], a writer that lays regions out the way CLRX's ELF
//! generator does (each region aligned in the file, section addresses counted from a
//! chosen region, string and symbol tables built from the section and symbol lists).

use object::elf::{FileHeader32, FileHeader64, Sym32, Sym64};
use object::read::elf::{FileHeader, ProgramHeader as _, SectionHeader as _, Sym};
use object::read::StringTable;
use object::Endianness;
use thiserror::Error;

use crate::limits;

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

pub const SHT_PROGBITS: u32 = 1;
pub const SHT_SYMTAB: u32 = 2;
pub const SHT_STRTAB: u32 = 3;
pub const SHT_RELA: u32 = 4;
pub const SHT_HASH: u32 = 5;
pub const SHT_DYNAMIC: u32 = 6;
pub const SHT_NOTE: u32 = 7;
pub const SHT_NOBITS: u32 = 8;
pub const SHT_DYNSYM: u32 = 11;
pub const SHF_WRITE: u64 = 1;
pub const SHF_ALLOC: u64 = 2;
pub const SHF_EXECINSTR: u64 = 4;
pub const SHF_MERGE: u64 = 0x10;
pub const SHF_STRINGS: u64 = 0x20;
pub const PT_LOAD: u32 = 1;
pub const PT_DYNAMIC: u32 = 2;
pub const PT_NOTE: u32 = 4;
pub const PT_PHDR: u32 = 6;
pub const PT_GNU_STACK: u32 = 0x6474_e551;
pub const PT_GNU_RELRO: u32 = 0x6474_e552;

/// One section as read (index 0, the null section, is not listed).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Section {
    pub name: String,
    pub stype: u32,
    pub flags: u64,
    pub addr: u64,
    pub offset: u64,
    /// `sh_size` (for NOBITS sections the memory size; `data` is then empty).
    pub size: u64,
    pub link: u32,
    pub info: u32,
    pub align: u64,
    pub entsize: u64,
    pub data: Vec<u8>,
}

/// A program header as read.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ProgramHeader {
    pub ptype: u32,
    pub flags: u32,
    pub offset: u64,
    pub vaddr: u64,
    pub paddr: u64,
    pub filesz: u64,
    pub memsz: u64,
    pub align: u64,
}

/// A whole file as read.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ElfFile {
    pub is64: bool,
    pub osabi: u8,
    pub etype: u16,
    pub machine: u16,
    pub flags: u32,
    pub entry: u64,
    pub phoff: u64,
    pub shoff: u64,
    pub program_headers: Vec<ProgramHeader>,
    pub sections: Vec<Section>,
    /// ELF index of the section-name table (0 = none).
    pub shstrndx: u16,
}

/// The bytes `[off, off + len)` of `b`, or an error naming `what`.
pub fn slice<'a>(
    b: &'a [u8],
    off: u64,
    len: u64,
    what: &'static str,
) -> Result<&'a [u8], ElfError> {
    let end = off.checked_add(len).ok_or(ElfError::OutOfRange(what))?;
    let (s, e) = (
        usize::try_from(off).map_err(|_| ElfError::OutOfRange(what))?,
        usize::try_from(end).map_err(|_| ElfError::OutOfRange(what))?,
    );
    b.get(s..e).ok_or(ElfError::OutOfRange(what))
}

/// An error of the `object` crate's ELF reader, as ours.
fn malformed(e: object::read::Error) -> ElfError {
    ElfError::Malformed(e.to_string())
}

/// Parse with the `object` crate's ELF reader: `H` is the ELF32 or ELF64 header.
fn read_as<H>(bytes: &[u8], is64: bool) -> Result<ElfFile, ElfError>
where
    H: FileHeader<Endian = Endianness>,
{
    let h = H::parse(bytes).map_err(malformed)?;
    let e = h.endian().map_err(malformed)?;
    let mut file = ElfFile {
        is64,
        osabi: h.e_ident().os_abi.0,
        etype: h.e_type(e).0,
        machine: h.e_machine(e).0,
        flags: h.e_flags(e).0,
        entry: h.e_entry(e).into(),
        phoff: h.e_phoff(e).into(),
        shoff: h.e_shoff(e).into(),
        program_headers: Vec::new(),
        sections: Vec::new(),
        shstrndx: h.e_shstrndx(e).0,
    };
    for p in h.program_headers(e, bytes).map_err(malformed)? {
        file.program_headers.push(ProgramHeader {
            ptype: p.p_type(e).0,
            flags: p.p_flags(e).0,
            offset: p.p_offset(e).into(),
            vaddr: p.p_vaddr(e).into(),
            paddr: p.p_paddr(e).into(),
            filesz: p.p_filesz(e).into(),
            memsz: p.p_memsz(e).into(),
            align: p.p_align(e).into(),
        });
    }
    let headers = h.section_headers(e, bytes).map_err(malformed)?;
    let names = if file.shstrndx != 0 && !headers.is_empty() {
        Some(
            h.section_strings(e, bytes, headers)
                .map_err(|_| ElfError::Malformed("bad section-name table index".into()))?,
        )
    } else {
        None
    };
    // Index 0, the null section, is not listed.
    for sh in headers.iter().skip(1) {
        let align: u64 = sh.sh_addralign(e).into();
        if !limits::align_ok(align) {
            return Err(ElfError::Malformed(format!(
                "section alignment {align} is not a power of two up to {} (MAX_ALIGN)",
                limits::MAX_ALIGN
            )));
        }
        let name = match &names {
            Some(t) => {
                let n = t
                    .get(sh.sh_name(e))
                    .map_err(|_| ElfError::OutOfRange("section name"))?;
                String::from_utf8_lossy(n).into_owned()
            }
            None => String::new(),
        };
        let stype = sh.sh_type(e).0;
        let offset: u64 = sh.sh_offset(e).into();
        let size: u64 = sh.sh_size(e).into();
        let data = if stype == SHT_NOBITS {
            Vec::new()
        } else {
            slice(bytes, offset, size, "section contents")?.to_vec()
        };
        file.sections.push(Section {
            name,
            stype,
            flags: sh.sh_flags(e).0,
            addr: sh.sh_addr(e).into(),
            offset,
            size,
            link: sh.sh_link(e),
            info: sh.sh_info(e),
            align,
            entsize: sh.sh_entsize(e).into(),
            data,
        });
    }
    Ok(file)
}

impl ElfFile {
    /// Parse (with the `object` crate); every offset and size is checked against the
    /// file, and alignments against [`limits::MAX_ALIGN`].
    pub fn read(bytes: &[u8]) -> Result<ElfFile, ElfError> {
        if bytes.len() < 16 || &bytes[..4] != b"\x7fELF" {
            return Err(ElfError::NotElf);
        }
        if bytes.len() as u64 > limits::MAX_BINARY_BYTES {
            return Err(ElfError::Malformed(format!(
                "file larger than {} bytes (MAX_BINARY_BYTES)",
                limits::MAX_BINARY_BYTES
            )));
        }
        let is64 = match bytes[4] {
            1 => false,
            2 => true,
            c => return Err(ElfError::BadClass(c)),
        };
        if bytes[5] != 1 {
            return Err(ElfError::BigEndian);
        }
        if is64 {
            read_as::<FileHeader64<Endianness>>(bytes, true)
        } else {
            read_as::<FileHeader32<Endianness>>(bytes, false)
        }
    }

    /// The first section with this name.
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// ELF index (1-based) of the first section with this name.
    pub fn index_of(&self, name: &str) -> Option<u16> {
        self.sections
            .iter()
            .position(|s| s.name == name)
            .and_then(|i| u16::try_from(i + 1).ok())
    }
}

/// NUL-terminated string at an offset.
pub fn cstr(data: &[u8], off: usize) -> Option<String> {
    let rest = data.get(off..)?;
    let end = rest.iter().position(|b| *b == 0)?;
    Some(String::from_utf8_lossy(&rest[..end]).into_owned())
}

/// A symbol-table entry.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Symbol {
    pub name: String,
    /// `st_name` as stored.
    pub name_offset: u32,
    pub value: u64,
    pub size: u64,
    /// Binding << 4 | type.
    pub info: u8,
    pub other: u8,
    pub shndx: u16,
}

/// Decode a whole symbol table (entry 0 included) with names from `strtab`.
pub fn read_symbols(is64: bool, symtab: &[u8], strtab: &[u8]) -> Result<Vec<Symbol>, ElfError> {
    if is64 {
        symbols_as::<Sym64<Endianness>>(symtab, strtab)
    } else {
        symbols_as::<Sym32<Endianness>>(symtab, strtab)
    }
}

fn symbols_as<S: Sym<Endian = Endianness>>(
    symtab: &[u8],
    strtab: &[u8],
) -> Result<Vec<Symbol>, ElfError> {
    let n = std::mem::size_of::<S>();
    if !symtab.len().is_multiple_of(n) {
        return Err(ElfError::Malformed(
            "symbol table size is not a multiple of the entry size".into(),
        ));
    }
    let (syms, _) = object::pod::slice_from_bytes::<S>(symtab, symtab.len() / n)
        .map_err(|_| ElfError::OutOfRange("symbol table"))?;
    let names = StringTable::new(strtab, 0, strtab.len() as u64);
    let e = Endianness::Little;
    syms.iter()
        .map(|s| {
            let name_offset = s.st_name(e);
            let name = names
                .get(name_offset)
                .map_err(|_| ElfError::OutOfRange("symbol name"))?;
            Ok(Symbol {
                name: String::from_utf8_lossy(name).into_owned(),
                name_offset,
                value: s.st_value(e).into(),
                size: s.st_size(e).into(),
                info: s.st_info().0,
                other: s.st_other().0,
                shndx: s.st_shndx(e).0,
            })
        })
        .collect()
}

// ---------------------------------------------------------------------------------
// Writer

/// Contents of a generated section.
#[derive(Clone, Debug)]
pub enum GenData {
    Bytes(Vec<u8>),
    /// A NOBITS section of this many bytes.
    Nobits(u64),
    /// The section-name table, built from the sections' names.
    ShStrTab,
    /// The symbol-name table, built from [`ElfGen::symbols`].
    StrTab,
    /// The symbol table, built from [`ElfGen::symbols`].
    SymTab,
    /// Notes, built from [`ElfGen::notes`].
    Notes,
}

/// A generated section.
#[derive(Clone, Debug)]
pub struct GenSection {
    pub name: String,
    pub stype: u32,
    pub flags: u64,
    pub link: u32,
    pub info: u32,
    pub entsize: u64,
    /// The section's address is its counted address (CLRX `addrBase = nobase`);
    /// otherwise `sh_addr` is 0.
    pub addressed: bool,
    /// The writer's own symbol table: its `sh_link` is the string table's index. Marked
    /// here, not recognised by name, because an extra section may also be called
    /// `.symtab` and must keep its own link.
    pub links_strtab: bool,
    /// `sh_offset` is written as 0 whatever the section's place (CLRX writes the AMD CL2
    /// inner `.hsabss_global_agent` so).
    pub zero_offset: bool,
    pub data: GenData,
}

impl GenSection {
    pub fn new(name: &str, stype: u32, flags: u64, data: GenData) -> GenSection {
        GenSection {
            name: name.to_string(),
            stype,
            flags,
            link: 0,
            info: 0,
            entsize: 0,
            addressed: false,
            links_strtab: false,
            zero_offset: false,
            data,
        }
    }

    /// The writer's symbol table, linked to the string table.
    pub fn symtab(data: GenData) -> GenSection {
        GenSection {
            links_strtab: true,
            ..GenSection::new(".symtab", SHT_SYMTAB, 0, data)
        }
    }
}

#[derive(Clone, Debug)]
pub enum RegionKind {
    ProgramHeaders,
    SectionHeaders,
    Section(GenSection),
}

/// A region of the file: aligned to `align` (file offset and counted address).
#[derive(Clone, Debug)]
pub struct Region {
    pub align: u64,
    pub kind: RegionKind,
}

/// A program header over `count` regions starting at region `first`.
#[derive(Clone, Debug)]
pub struct GenPhdr {
    pub ptype: u32,
    pub flags: u32,
    pub first: usize,
    pub count: usize,
    /// `p_vaddr` is the first region's counted address; otherwise 0.
    pub vaddr_from_region: bool,
}

/// A generated symbol; `name` empty = no name.
#[derive(Clone, Debug)]
pub struct GenSymbol {
    pub name: String,
    pub value: u64,
    pub size: u64,
    pub info: u8,
    pub other: u8,
    pub shndx: u16,
}

/// A note (name "AMD" in CL2 binaries).
#[derive(Clone, Debug)]
pub struct GenNote {
    pub name: String,
    pub ntype: u32,
    pub desc: Vec<u8>,
}

/// An ELF file to generate. Regions are laid out in order, each aligned; a region's
/// counted address starts at 0 and grows by the sizes of the sections from region
/// `addr_start_region` on.
#[derive(Clone, Debug)]
pub struct ElfGen {
    pub is64: bool,
    pub osabi: u8,
    pub etype: u16,
    pub machine: u16,
    pub flags: u32,
    /// Put a null symbol first (and a NUL first in the name table).
    pub add_null_sym: bool,
    pub addr_start_region: usize,
    pub regions: Vec<Region>,
    pub phdrs: Vec<GenPhdr>,
    pub symbols: Vec<GenSymbol>,
    pub notes: Vec<GenNote>,
}

fn pad_to(v: u64, align: u64) -> u64 {
    checked_pad_to(v, align).unwrap_or(u64::MAX)
}

/// `v` rounded up to a multiple of `align`, `None` on overflow.
fn checked_pad_to(v: u64, align: u64) -> Option<u64> {
    if align > 1 && !v.is_multiple_of(align) {
        v.checked_add(align - v % align)
    } else {
        Some(v)
    }
}

fn too_large(what: &str) -> ElfError {
    ElfError::Malformed(format!(
        "{what} would be larger than {} bytes (MAX_BINARY_BYTES)",
        crate::limits::MAX_BINARY_BYTES
    ))
}

impl ElfGen {
    fn sym_size(&self) -> u64 {
        symbol_size(self.is64)
    }

    fn shstrtab_bytes(&self) -> Vec<u8> {
        let mut out = vec![0u8];
        for r in &self.regions {
            if let RegionKind::Section(s) = &r.kind {
                if !s.name.is_empty() {
                    out.extend_from_slice(s.name.as_bytes());
                    out.push(0);
                }
            }
        }
        out
    }

    fn strtab_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        if self.add_null_sym {
            out.push(0);
        }
        for s in &self.symbols {
            if !s.name.is_empty() {
                out.extend_from_slice(s.name.as_bytes());
                out.push(0);
            }
        }
        out
    }

    fn symtab_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut name_off: u32 = 0;
        if self.add_null_sym {
            out.resize(self.sym_size() as usize, 0);
            name_off = 1;
        }
        // Without a null symbol, an unnamed symbol points at the NUL ending the first
        // name, as CLRX's generator does.
        let unnamed = if self.add_null_sym {
            0
        } else {
            self.symbols.first().map_or(0, |s| s.name.len() as u32)
        };
        for s in &self.symbols {
            let n = if s.name.is_empty() { unnamed } else { name_off };
            out.extend_from_slice(&n.to_le_bytes());
            if self.is64 {
                out.push(s.info);
                out.push(s.other);
                out.extend_from_slice(&s.shndx.to_le_bytes());
                out.extend_from_slice(&s.value.to_le_bytes());
                out.extend_from_slice(&s.size.to_le_bytes());
            } else {
                out.extend_from_slice(&(s.value as u32).to_le_bytes());
                out.extend_from_slice(&(s.size as u32).to_le_bytes());
                out.push(s.info);
                out.push(s.other);
                out.extend_from_slice(&s.shndx.to_le_bytes());
            }
            if !s.name.is_empty() {
                name_off += s.name.len() as u32 + 1;
            }
        }
        out
    }

    fn notes_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for n in &self.notes {
            let mut name = n.name.as_bytes().to_vec();
            name.push(0);
            out.extend_from_slice(&(name.len() as u32).to_le_bytes());
            out.extend_from_slice(&(n.desc.len() as u32).to_le_bytes());
            out.extend_from_slice(&n.ntype.to_le_bytes());
            name.resize(pad_to(name.len() as u64, 4) as usize, 0);
            out.extend_from_slice(&name);
            let mut desc = n.desc.clone();
            desc.resize(pad_to(desc.len() as u64, 4) as usize, 0);
            out.extend_from_slice(&desc);
        }
        out
    }

    /// Generate the file.
    pub fn write(&self) -> Result<Vec<u8>, ElfError> {
        let is64 = self.is64;
        let (ehsize, phentsize, shentsize) = if is64 { (64, 56, 64) } else { (52, 32, 40) };
        let sections_num = 1 + self
            .regions
            .iter()
            .filter(|r| matches!(r.kind, RegionKind::Section(_)))
            .count();
        // Materialise section contents.
        let contents: Vec<Option<Vec<u8>>> = self
            .regions
            .iter()
            .map(|r| match &r.kind {
                RegionKind::Section(s) => match &s.data {
                    GenData::Bytes(b) => Some(b.clone()),
                    GenData::Nobits(_) => None,
                    GenData::ShStrTab => Some(self.shstrtab_bytes()),
                    GenData::StrTab => Some(self.strtab_bytes()),
                    GenData::SymTab => Some(self.symtab_bytes()),
                    GenData::Notes => Some(self.notes_bytes()),
                },
                _ => None,
            })
            .collect();
        // Layout: offsets, counted addresses and sizes.
        let n = self.regions.len();
        let mut offsets = vec![0u64; n];
        let mut addrs = vec![0u64; n];
        let mut sizes = vec![0u64; n];
        // Every size and alignment is checked before anything is allocated: the
        // regions may come from a binary that was read.
        let mut size = ehsize as u64;
        let mut address = 0u64;
        for (i, r) in self.regions.iter().enumerate() {
            if !crate::limits::align_ok(r.align) {
                return Err(ElfError::Malformed(format!(
                    "alignment {} is not a power of two up to {} (MAX_ALIGN)",
                    r.align,
                    crate::limits::MAX_ALIGN
                )));
            }
            size = checked_pad_to(size, r.align).ok_or_else(|| too_large("the file"))?;
            address = checked_pad_to(address, r.align).ok_or_else(|| too_large("an address"))?;
            offsets[i] = size;
            addrs[i] = address;
            match &r.kind {
                RegionKind::ProgramHeaders => {
                    sizes[i] = (self.phdrs.len() * phentsize) as u64;
                    size = size
                        .checked_add(sizes[i])
                        .ok_or_else(|| too_large("the file"))?;
                }
                RegionKind::SectionHeaders => {
                    sizes[i] = (sections_num * shentsize) as u64;
                    size = size
                        .checked_add(sizes[i])
                        .ok_or_else(|| too_large("the file"))?;
                }
                RegionKind::Section(s) => {
                    sizes[i] = match (&s.data, &contents[i]) {
                        (GenData::Nobits(m), _) => *m,
                        (_, Some(c)) => c.len() as u64,
                        _ => 0,
                    };
                    if !matches!(s.data, GenData::Nobits(_)) {
                        size = size
                            .checked_add(sizes[i])
                            .ok_or_else(|| too_large("the file"))?;
                    }
                    if i >= self.addr_start_region {
                        address = address
                            .checked_add(sizes[i])
                            .ok_or_else(|| too_large("an address"))?;
                    }
                }
            }
            if size > crate::limits::MAX_BINARY_BYTES {
                return Err(too_large("the file"));
            }
        }
        if self.phdrs.len() > usize::from(u16::MAX) || sections_num > usize::from(u16::MAX) {
            return Err(ElfError::Malformed(
                "too many sections or program headers".into(),
            ));
        }
        let find = |pred: fn(&RegionKind) -> bool| self.regions.iter().position(|r| pred(&r.kind));
        let shdr_region = find(|k| matches!(k, RegionKind::SectionHeaders))
            .ok_or_else(|| ElfError::Malformed("no section header table region".into()))?;
        let phdr_region = find(|k| matches!(k, RegionKind::ProgramHeaders));
        let section_index = |name: &str| -> u16 {
            let mut idx = 0u16;
            for r in &self.regions {
                if let RegionKind::Section(s) = &r.kind {
                    idx += 1;
                    if s.name == name {
                        return idx;
                    }
                }
            }
            0
        };
        let shstrndx = section_index(".shstrtab");
        let strtab_idx = section_index(".strtab");

        let mut out: Vec<u8> = Vec::with_capacity(size as usize);
        let word = |out: &mut Vec<u8>, v: u64| {
            if is64 {
                out.extend_from_slice(&v.to_le_bytes());
            } else {
                out.extend_from_slice(&(v as u32).to_le_bytes());
            }
        };
        // ELF header.
        out.extend_from_slice(b"\x7fELF");
        out.push(if is64 { 2 } else { 1 });
        out.push(1);
        out.push(1);
        out.push(self.osabi);
        out.extend_from_slice(&[0; 8]);
        out.extend_from_slice(&self.etype.to_le_bytes());
        out.extend_from_slice(&self.machine.to_le_bytes());
        out.extend_from_slice(&1u32.to_le_bytes());
        word(&mut out, 0);
        let have_ph = !self.phdrs.is_empty();
        word(
            &mut out,
            match (have_ph, phdr_region) {
                (true, Some(p)) => offsets[p],
                _ => 0,
            },
        );
        word(&mut out, offsets[shdr_region]);
        out.extend_from_slice(&self.flags.to_le_bytes());
        out.extend_from_slice(&(ehsize as u16).to_le_bytes());
        out.extend_from_slice(&(if have_ph { phentsize as u16 } else { 0 }).to_le_bytes());
        out.extend_from_slice(&(self.phdrs.len() as u16).to_le_bytes());
        out.extend_from_slice(&(shentsize as u16).to_le_bytes());
        out.extend_from_slice(&(sections_num as u16).to_le_bytes());
        out.extend_from_slice(&shstrndx.to_le_bytes());

        for (i, r) in self.regions.iter().enumerate() {
            out.resize(offsets[i] as usize, 0);
            match &r.kind {
                RegionKind::ProgramHeaders => {
                    for p in &self.phdrs {
                        let last = p.first + p.count.max(1) - 1;
                        if last >= n || p.first >= n {
                            return Err(ElfError::Malformed("program header region".into()));
                        }
                        let start_align = self.regions[p.first].align;
                        let (filesz, memsz) = if p.count == 0 {
                            (0, 0)
                        } else {
                            let last_file = match &self.regions[last].kind {
                                RegionKind::Section(GenSection {
                                    data: GenData::Nobits(_),
                                    ..
                                }) => 0,
                                _ => sizes[last],
                            };
                            let span = |end: Option<u64>, start: u64| {
                                end.and_then(|e| e.checked_sub(start)).ok_or_else(|| {
                                    ElfError::Malformed("program header region".into())
                                })
                            };
                            (
                                span(offsets[last].checked_add(last_file), offsets[p.first])?,
                                span(addrs[last].checked_add(sizes[last]), addrs[p.first])?,
                            )
                        };
                        let vaddr = if p.vaddr_from_region {
                            addrs[p.first]
                        } else {
                            0
                        };
                        out.extend_from_slice(&p.ptype.to_le_bytes());
                        if is64 {
                            out.extend_from_slice(&p.flags.to_le_bytes());
                        }
                        word(&mut out, offsets[p.first]);
                        word(&mut out, vaddr);
                        word(&mut out, 0);
                        word(&mut out, filesz);
                        word(&mut out, memsz);
                        if !is64 {
                            out.extend_from_slice(&p.flags.to_le_bytes());
                        }
                        word(&mut out, start_align);
                    }
                }
                RegionKind::SectionHeaders => {
                    out.resize(out.len() + shentsize, 0);
                    let mut name_off: u32 = 1;
                    for (j, r2) in self.regions.iter().enumerate() {
                        let RegionKind::Section(s) = &r2.kind else {
                            continue;
                        };
                        out.extend_from_slice(
                            &(if s.name.is_empty() { 0 } else { name_off }).to_le_bytes(),
                        );
                        out.extend_from_slice(&s.stype.to_le_bytes());
                        word(&mut out, s.flags);
                        word(&mut out, if s.addressed { addrs[j] } else { 0 });
                        word(&mut out, if s.zero_offset { 0 } else { offsets[j] });
                        // A region without alignment whose successor starts later
                        // spans the gap (CLRX rule).
                        let sh_size = if r2.align != 0
                            || j + 1 >= n
                            || offsets[j] + sizes[j] == offsets[j + 1]
                            || matches!(s.data, GenData::Nobits(_))
                        {
                            sizes[j]
                        } else {
                            offsets[j + 1] - offsets[j]
                        };
                        word(&mut out, sh_size);
                        let link = if s.links_strtab {
                            u32::from(strtab_idx)
                        } else {
                            s.link
                        };
                        out.extend_from_slice(&link.to_le_bytes());
                        out.extend_from_slice(&s.info.to_le_bytes());
                        word(&mut out, r2.align);
                        let entsize = if s.stype == SHT_SYMTAB {
                            self.sym_size()
                        } else {
                            s.entsize
                        };
                        word(&mut out, entsize);
                        if !s.name.is_empty() {
                            name_off += s.name.len() as u32 + 1;
                        }
                    }
                }
                RegionKind::Section(_) => {
                    if let Some(c) = &contents[i] {
                        out.extend_from_slice(c);
                    }
                }
            }
        }
        out.resize(size as usize, 0);
        Ok(out)
    }
}

/// Bytes of one symbol-table entry: the `sh_entsize` every written `SHT_SYMTAB` section
/// gets, whatever the section it was read from said (as CLRX writes it).
pub(crate) fn symbol_size(is64: bool) -> u64 {
    if is64 {
        24
    } else {
        16
    }
}
