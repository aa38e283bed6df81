//! The outer ELF of an AMD OpenCL 2.0 ("CL2") binary: the compile options and ACL
//! version in `.comment`, per-kernel metadata blobs in `.rodata` (found through
//! `__OpenCL_&__OpenCL_<K>_kernel_metadata` symbols) and the code container in `.text`
//! (the inner HSA ELF for drivers >= 191205), plus extra sections such as `.brig`
//! carried through unchanged.

use thiserror::Error;

use crate::elf::{
    read_symbols, string_table, symtab_bytes, ElfError, ElfFile, Section, Symbol, SHT_PROGBITS,
    SHT_STRTAB, SHT_SYMTAB,
};

const EM_AMD_CL2_32: u16 = 0xAF5A;
const EM_AMD_CL2_64: u16 = 0xAF5B;
const SHF_ALLOC: u64 = 2;
const SHF_EXEC: u64 = 4;
const STT_OBJECT: u8 = 1;
const META_PREFIX: &str = "__OpenCL_&__OpenCL_";
const META_SUFFIX: &str = "_kernel_metadata";
const STANDARD: [&str; 6] = [
    ".shstrtab",
    ".strtab",
    ".symtab",
    ".comment",
    ".rodata",
    ".text",
];

#[derive(Debug, Error, PartialEq, Eq)]
pub enum Cl2Error {
    #[error(transparent)]
    Elf(#[from] ElfError),
    #[error("not an AMD OpenCL 2.0 binary: {0}")]
    NotCl2(String),
    #[error("malformed AMD CL2 binary: {0}")]
    Malformed(String),
    #[error("not supported yet: {0}")]
    Unsupported(&'static str),
}

/// One kernel of the outer binary.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Cl2Kernel {
    pub name: String,
    /// The kernel metadata blob (header, names, argument entries).
    pub metadata: Vec<u8>,
}

/// An AMD CL2 binary at the level of the outer ELF.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Cl2Binary {
    pub is64: bool,
    /// GPU device code (`e_flags`), see [`crate::device_code`].
    pub device_code: u32,
    pub compile_options: String,
    pub acl_version: String,
    pub kernels: Vec<Cl2Kernel>,
    /// Contents of `.text`: the inner ELF (driver >= 191205).
    pub text: Vec<u8>,
    /// Sections after `.text` (e.g. `.brig`), kept as read.
    pub extra_sections: Vec<Section>,
    /// Symbols other than the ones this layout defines, kept as read (section indices
    /// as in the file).
    pub extra_symbols: Vec<Symbol>,
}

/// Write the outer ELF in the section order of the 1912/16.3 layouts: `.shstrtab`,
/// `.strtab`, `.symtab`, `.comment`, `.rodata` (if kernels), `.text`, extras.
pub fn write_cl2(bin: &Cl2Binary) -> Result<Vec<u8>, Cl2Error> {
    if bin.device_code == 0 {
        return Err(Cl2Error::Malformed("device code 0 is not valid".into()));
    }
    let has_rodata = !bin.kernels.is_empty();
    let mut names: Vec<&str> = vec![".shstrtab", ".strtab", ".symtab", ".comment"];
    if has_rodata {
        names.push(".rodata");
    }
    names.push(".text");
    for s in &bin.extra_sections {
        names.push(&s.name);
    }
    let (shstr, _) = string_table(&names);
    // Symbols.
    let mut syms: Vec<Symbol> = Vec::new();
    let comment_idx = 4u16;
    let rodata_idx = 5u16;
    if !bin.compile_options.is_empty() {
        syms.push(Symbol {
            name: "__OpenCL_compiler_options".into(),
            value: 0,
            size: bin.compile_options.len() as u64,
            info: STT_OBJECT,
            other: 0,
            shndx: comment_idx,
        });
    }
    let mut rodata = Vec::new();
    for k in &bin.kernels {
        syms.push(Symbol {
            name: format!("{META_PREFIX}{}{META_SUFFIX}", k.name),
            value: rodata.len() as u64,
            size: k.metadata.len() as u64,
            info: STT_OBJECT,
            other: 0,
            shndx: rodata_idx,
        });
        rodata.extend_from_slice(&k.metadata);
    }
    syms.push(Symbol {
        name: "acl_version_string".into(),
        value: bin.compile_options.len() as u64,
        size: bin.acl_version.len() as u64,
        info: STT_OBJECT,
        other: 0,
        shndx: comment_idx,
    });
    syms.extend(bin.extra_symbols.iter().cloned());
    let sym_names: Vec<&str> = syms.iter().map(|s| s.name.as_str()).collect();
    let (strtab, offs) = string_table(&sym_names);
    let symtab = symtab_bytes(bin.is64, &syms, &offs);
    let mut sections = vec![
        Section {
            name: ".shstrtab".into(),
            stype: SHT_STRTAB,
            align: 1,
            data: shstr,
            ..Section::default()
        },
        Section {
            name: ".strtab".into(),
            stype: SHT_STRTAB,
            align: 1,
            data: strtab,
            ..Section::default()
        },
        Section {
            name: ".symtab".into(),
            stype: SHT_SYMTAB,
            link: 2,
            info: 0,
            align: 8,
            entsize: if bin.is64 { 24 } else { 16 },
            data: symtab,
            ..Section::default()
        },
        Section {
            name: ".comment".into(),
            stype: SHT_PROGBITS,
            align: 1,
            data: [bin.compile_options.as_bytes(), bin.acl_version.as_bytes()].concat(),
            ..Section::default()
        },
    ];
    if has_rodata {
        sections.push(Section {
            name: ".rodata".into(),
            stype: SHT_PROGBITS,
            flags: SHF_ALLOC,
            align: 1,
            data: rodata,
            ..Section::default()
        });
    }
    sections.push(Section {
        name: ".text".into(),
        stype: SHT_PROGBITS,
        flags: SHF_ALLOC | SHF_EXEC,
        align: 1,
        data: bin.text.clone(),
        ..Section::default()
    });
    sections.extend(bin.extra_sections.iter().cloned());
    let elf = ElfFile {
        is64: bin.is64,
        osabi: 0,
        etype: 2,
        machine: if bin.is64 {
            EM_AMD_CL2_64
        } else {
            EM_AMD_CL2_32
        },
        flags: bin.device_code,
        entry: 0,
        sections,
        shstrndx: 1,
    };
    Ok(elf.write()?)
}

/// Read the outer ELF of an AMD CL2 binary.
pub fn read_cl2(bytes: &[u8]) -> Result<Cl2Binary, Cl2Error> {
    let elf = ElfFile::read(bytes)?;
    let want = if elf.is64 {
        EM_AMD_CL2_64
    } else {
        EM_AMD_CL2_32
    };
    if elf.machine != want {
        return Err(Cl2Error::NotCl2(format!(
            "machine {:#x}, expected {want:#x}",
            elf.machine
        )));
    }
    if elf.flags == 0 {
        return Err(Cl2Error::NotCl2("device code (e_flags) is 0".into()));
    }
    let symtab = elf
        .section(".symtab")
        .ok_or_else(|| Cl2Error::Malformed("no .symtab".into()))?;
    let strtab = elf
        .section(".strtab")
        .ok_or_else(|| Cl2Error::Malformed("no .strtab".into()))?;
    let syms = read_symbols(elf.is64, &symtab.data, &strtab.data)?;
    let comment = elf
        .section(".comment")
        .map(|s| s.data.as_slice())
        .unwrap_or(&[]);
    let rodata = elf
        .section(".rodata")
        .map(|s| s.data.as_slice())
        .unwrap_or(&[]);
    let slice = |data: &[u8], s: &Symbol, what: &str| -> Result<Vec<u8>, Cl2Error> {
        let end = s
            .value
            .checked_add(s.size)
            .ok_or_else(|| Cl2Error::Malformed(format!("{what} out of range")))?;
        data.get(s.value as usize..end as usize)
            .map(<[u8]>::to_vec)
            .ok_or_else(|| Cl2Error::Malformed(format!("{what} out of range")))
    };
    let mut bin = Cl2Binary {
        is64: elf.is64,
        device_code: elf.flags,
        ..Cl2Binary::default()
    };
    for s in &syms {
        if s.name.starts_with("__ISA_&__OpenCL_") {
            return Err(Cl2Error::Unsupported(
                "old-format (driver < 191205) AMD CL2 binaries",
            ));
        }
        if s.name == "__OpenCL_compiler_options" {
            bin.compile_options =
                String::from_utf8_lossy(&slice(comment, s, "compile options")?).into_owned();
        } else if s.name == "acl_version_string" {
            bin.acl_version =
                String::from_utf8_lossy(&slice(comment, s, "ACL version")?).into_owned();
        } else if let Some(k) = s
            .name
            .strip_prefix(META_PREFIX)
            .and_then(|r| r.strip_suffix(META_SUFFIX))
        {
            bin.kernels.push(Cl2Kernel {
                name: k.to_string(),
                metadata: slice(rodata, s, "kernel metadata")?,
            });
        } else {
            bin.extra_symbols.push(s.clone());
        }
    }
    bin.text = elf
        .section(".text")
        .map(|s| s.data.clone())
        .unwrap_or_default();
    bin.extra_sections = elf
        .sections
        .iter()
        .filter(|s| !STANDARD.contains(&s.name.as_str()))
        .cloned()
        .collect();
    Ok(bin)
}
