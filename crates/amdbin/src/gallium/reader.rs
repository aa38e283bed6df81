//! Reading a Gallium binary. What is read is written back and compared: a file laid
//! out otherwise than CLRX writes it is refused ("not supported yet").

use super::{GalliumArg, GalliumError, GalliumInput, GalliumKernel};
use crate::elf::ElfFile;
use crate::limits::MAX_BINARY_BYTES;

fn malformed(msg: impl Into<String>) -> GalliumError {
    GalliumError::Malformed(msg.into())
}

struct Cursor<'a> {
    b: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn u32(&mut self, what: &str) -> Result<u32, GalliumError> {
        let v = self
            .b
            .get(self.pos..self.pos + 4)
            .ok_or_else(|| malformed(format!("file ends in {what} at offset {:#x}", self.pos)))?;
        self.pos += 4;
        Ok(u32::from_le_bytes([v[0], v[1], v[2], v[3]]))
    }

    fn bytes(&mut self, n: u32, what: &str) -> Result<&'a [u8], GalliumError> {
        let end = self
            .pos
            .checked_add(n as usize)
            .filter(|e| *e <= self.b.len())
            .ok_or_else(|| {
                malformed(format!(
                    "{what} of {n} bytes at offset {:#x} runs past the end of the file",
                    self.pos
                ))
            })?;
        let s = &self.b[self.pos..end];
        self.pos = end;
        Ok(s)
    }
}

pub fn read_gallium(bytes: &[u8]) -> Result<GalliumInput, GalliumError> {
    if bytes.len() as u64 > MAX_BINARY_BYTES {
        return Err(malformed(format!(
            "file larger than {MAX_BINARY_BYTES} bytes (MAX_BINARY_BYTES)"
        )));
    }
    if bytes.starts_with(b"\x7fELF") {
        return Err(GalliumError::NotGallium("an ELF file".into()));
    }
    let mut c = Cursor { b: bytes, pos: 0 };
    let n = c.u32("the kernel count")?;
    let mut kernels = Vec::new();
    for i in 0..n {
        // Each kernel takes at least 16 bytes: a count larger than the file allows is
        // refused by the reads below before anything large is allocated.
        let len = c.u32("a kernel name length")?;
        let name = c.bytes(len, "a kernel name")?;
        let name = String::from_utf8(name.to_vec())
            .map_err(|_| malformed(format!("kernel {i}'s name is not UTF-8")))?;
        let sec = c.u32("a kernel's section id")?;
        if sec != 0 {
            return Err(GalliumError::Unsupported(format!(
                "kernel '{name}' in section {sec} (only section 0)"
            )));
        }
        let offset = c.u32("a kernel offset")?;
        let nargs = c.u32("an argument count")?;
        let mut args = Vec::new();
        for _ in 0..nargs {
            let mut v = [0u32; 6];
            for x in &mut v {
                *x = c.u32("a kernel argument")?;
            }
            if v[0] as usize >= super::ARG_TYPES.len()
                || v[4] > 1
                || v[5] as usize >= super::ARG_SEMANTICS.len()
            {
                return Err(GalliumError::Unsupported(format!(
                    "kernel '{name}': argument type {}, extension {} or semantic {}",
                    v[0], v[4], v[5]
                )));
            }
            args.push(GalliumArg {
                arg_type: v[0],
                size: v[1],
                target_size: v[2],
                target_align: v[3],
                sign_extended: v[4] == 1,
                semantic: v[5],
            });
        }
        kernels.push(GalliumKernel {
            name,
            offset,
            args,
            proginfo: Vec::new(),
        });
    }
    let nsec = c.u32("the section count")?;
    if nsec != 1 {
        return Err(GalliumError::Unsupported(format!(
            "{nsec} sections (only 1)"
        )));
    }
    let _id = c.u32("a section id")?;
    let stype = c.u32("a section type")?;
    let mesa_version = match stype {
        0 => 0,
        2 => 170000,
        t => return Err(GalliumError::Unsupported(format!("section type {t}"))),
    };
    let size = c.u32("a section size")?;
    let _size4 = c.u32("a section size")?;
    let _size2 = c.u32("a section size")?;
    let elf_bytes = c.bytes(size, "the inner ELF")?;
    let elf = ElfFile::read(elf_bytes)?;
    let text = elf
        .section(".text")
        .ok_or_else(|| malformed("inner ELF without .text"))?;
    let config = elf
        .section(".AMDGPU.config")
        .map(|s| s.data.as_slice())
        .unwrap_or(&[]);
    if !kernels.is_empty() {
        let per = config.len() / 8 / kernels.len();
        if per * 8 * kernels.len() != config.len() {
            return Err(malformed(format!(
                ".AMDGPU.config of {} bytes does not split into {} kernels' entries",
                config.len(),
                kernels.len()
            )));
        }
        // Kernels are stored by name and their entries in the same order.
        let mut order: Vec<usize> = (0..kernels.len()).collect();
        order.sort_by(|&a, &b| kernels[a].name.cmp(&kernels[b].name));
        for (slot, &k) in order.iter().enumerate() {
            let chunk = &config[slot * per * 8..(slot + 1) * per * 8];
            kernels[k].proginfo = chunk
                .chunks_exact(8)
                .map(|e| {
                    (
                        u32::from_le_bytes([e[0], e[1], e[2], e[3]]),
                        u32::from_le_bytes([e[4], e[5], e[6], e[7]]),
                    )
                })
                .collect();
        }
    }
    let input = GalliumInput {
        is64: elf.is64,
        mesa_version,
        global_data: elf.section(".rodata").map(|s| s.data.clone()),
        code: text.data.clone(),
        kernels,
    };
    match super::write_gallium(&input) {
        Ok(b) => match crate::first_difference(&b, bytes) {
            None => Ok(input),
            Some(at) => Err(GalliumError::Unsupported(format!(
                "a Gallium binary laid out otherwise than CLRX writes it (first difference at offset {at:#x})"
            ))),
        },
        Err(e) => Err(malformed(e.to_string())),
    }
}
