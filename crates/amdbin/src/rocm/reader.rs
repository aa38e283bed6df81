//! Reading a ROCm code object. What is read is written back and compared: a file in
//! another layout than CLRX's is refused ("not supported yet") rather than read
//! approximately, so whatever reads also writes back byte for byte.

use super::{
    RocmError, RocmInput, RocmKernel, ELFOSABI_AMDGPU_HSA, EM_AMDGPU, STT_AMDGPU_HSA_KERNEL,
};
use crate::elf::{read_symbols, ElfFile};

fn malformed(msg: impl Into<String>) -> RocmError {
    RocmError::Malformed(msg.into())
}

fn u32_at(b: &[u8], off: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(off..off + 4)?.try_into().ok()?))
}

/// The notes of a `.note` section: (name, type, desc).
fn parse_notes(data: &[u8], base: u64) -> Result<Vec<(Vec<u8>, u32, Vec<u8>)>, RocmError> {
    let mut out = Vec::new();
    let mut pos = 0usize;
    while pos < data.len() {
        let at = base + pos as u64;
        let (Some(namesz), Some(descsz), Some(ntype)) = (
            u32_at(data, pos),
            u32_at(data, pos + 4),
            u32_at(data, pos + 8),
        ) else {
            return Err(malformed(format!(
                "truncated note header at offset {at:#x}"
            )));
        };
        let name_start = pos + 12;
        let name_end = name_start
            .checked_add(namesz as usize)
            .filter(|e| *e <= data.len())
            .ok_or_else(|| {
                malformed(format!(
                    "note name size {namesz} at offset {at:#x} runs past the section"
                ))
            })?;
        let desc_start = name_end.div_ceil(4) * 4;
        let desc_end = desc_start
            .checked_add(descsz as usize)
            .filter(|e| *e <= data.len())
            .ok_or_else(|| {
                malformed(format!(
                    "note desc size {descsz} at offset {:#x} runs past the section",
                    at + 4
                ))
            })?;
        out.push((
            data[name_start..name_end].to_vec(),
            ntype,
            data[desc_start..desc_end].to_vec(),
        ));
        pos = desc_end.div_ceil(4) * 4;
    }
    Ok(out)
}

pub fn read_rocm(bytes: &[u8]) -> Result<RocmInput, RocmError> {
    let elf = ElfFile::read(bytes)?;
    if !elf.is64 || elf.machine != EM_AMDGPU || elf.osabi != ELFOSABI_AMDGPU_HSA {
        return Err(RocmError::NotRocm(format!(
            "class {}, machine {:#x}, OS ABI {:#x} (want ELF64, 0xe0, 0x40)",
            if elf.is64 { 64 } else { 32 },
            elf.machine,
            elf.osabi
        )));
    }
    let need = |name: &str| {
        elf.section(name)
            .ok_or_else(|| malformed(format!("no {name} section")))
    };
    let text = need(".text")?;
    let note = need(".note")?;
    let dynsym = need(".dynsym")?;
    let dynstr = need(".dynstr")?;
    let new_format = elf.index_of(".note") < elf.index_of(".text");
    let mut isa = None;
    let mut metadata = None;
    for (name, ntype, desc) in parse_notes(&note.data, note.offset)? {
        if name != b"AMD\0" {
            return Err(RocmError::Unsupported(format!(
                "a note named '{}'",
                String::from_utf8_lossy(&name).escape_default()
            )));
        }
        match ntype {
            1 => {}
            3 => {
                let g = |o| u32_at(&desc, o);
                match (g(4), g(8), g(12)) {
                    (Some(a), Some(b), Some(c)) => isa = Some((a, b, c)),
                    _ => return Err(malformed("ISA note shorter than 16 bytes")),
                }
            }
            10 => metadata = Some(desc),
            t => return Err(RocmError::Unsupported(format!("a note of type {t}"))),
        }
    }
    let isa = isa.ok_or_else(|| malformed("no ISA version note (type 3)"))?;
    let metadata = metadata.ok_or_else(|| {
        RocmError::Unsupported("a code object without a metadata note (type 10)".into())
    })?;
    let syms = read_symbols(true, &dynsym.data, &dynstr.data)?;
    let mut kernels = Vec::new();
    for s in syms.iter().skip(1) {
        if s.info & 15 != STT_AMDGPU_HSA_KERNEL {
            return Err(RocmError::Unsupported(format!(
                "dynamic symbol '{}' of type {}",
                s.name,
                s.info & 15
            )));
        }
        let offset = s
            .value
            .checked_sub(text.addr)
            .filter(|o| *o <= text.data.len() as u64);
        let Some(offset) = offset else {
            return Err(malformed(format!(
                "kernel '{}' at {:#x} is outside .text",
                s.name, s.value
            )));
        };
        kernels.push(RocmKernel {
            name: s.name.clone(),
            offset,
        });
    }
    let input = RocmInput {
        isa,
        new_format,
        eflags: elf.flags,
        global_data: elf.section(".rodata").map(|s| s.data.clone()),
        code: text.data.clone(),
        kernels,
        metadata,
    };
    match super::write_rocm(&input) {
        Ok(b) => match crate::first_difference(&b, bytes) {
            None => Ok(input),
            Some(at) => Err(RocmError::Unsupported(format!(
                "a code object laid out otherwise than CLRX writes it (first difference at offset {at:#x})"
            ))),
        },
        Err(e) => Err(malformed(e.to_string())),
    }
}
