//! Reading an AMD OpenCL 1.2 binary back into an [`AmdInput`] whose kernels are raw.
//! A file is accepted only if writing what was read reproduces it byte for byte: any
//! other layout is refused as "not supported yet" (with the first differing offset)
//! rather than read approximately.

use super::model::{AmdDriver, AmdInput, AmdKernelContent, AmdKernelInput, AmdRawKernel, CalNote};
use super::writer::{write_amd, DEFAULT_DATA_SIZE, NOTES_OFFSET};
use super::AmdError;
use crate::device::Device;
use crate::elf::{read_symbols, ElfFile};

fn u32_at(b: &[u8], off: usize, what: &str) -> Result<u32, AmdError> {
    b.get(off..off + 4)
        .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
        .ok_or_else(|| AmdError::Malformed(format!("{what} at offset {off:#x} is truncated")))
}

fn range<'a>(b: &'a [u8], off: u64, len: u64, what: &str) -> Result<&'a [u8], AmdError> {
    off.checked_add(len)
        .and_then(|e| b.get(usize::try_from(off).ok()?..usize::try_from(e).ok()?))
        .ok_or_else(|| {
            AmdError::Malformed(format!(
                "{what} ({len} bytes at {off:#x}) lies outside its section"
            ))
        })
}

fn text(b: &[u8], what: &str) -> Result<String, AmdError> {
    String::from_utf8(b.to_vec())
        .map_err(|_| AmdError::Unsupported(format!("{what} that is not UTF-8")))
}

/// One kernel's inner ELF: (notes, code, data).
#[allow(clippy::type_complexity)]
fn read_inner(b: &[u8], k: &str) -> Result<(Vec<CalNote>, Vec<u8>, Option<Vec<u8>>), AmdError> {
    let what = |f: &str| format!("kernel {k}: inner ELF {f}");
    if b.len() < NOTES_OFFSET || &b[..4] != b"\x7fELF" {
        return Err(AmdError::Malformed(what("is too short or not an ELF")));
    }
    // The notes program header (the second) gives the notes' size.
    let notes_size = u32_at(b, 0x34 + 32 + 16, &what("notes size"))? as usize;
    let notes_end = NOTES_OFFSET
        .checked_add(notes_size)
        .filter(|e| *e <= b.len())
        .ok_or_else(|| AmdError::Malformed(what("notes run past its end")))?;
    let mut notes = Vec::new();
    let mut off = NOTES_OFFSET;
    while off < notes_end {
        let name_size = u32_at(b, off, &what("note name size"))?;
        let desc = u32_at(b, off + 4, &what("note size"))? as usize;
        let ntype = u32_at(b, off + 8, &what("note type"))?;
        if name_size != 8 || b.get(off + 12..off + 20) != Some(b"ATI CAL\0") {
            return Err(AmdError::Unsupported(what(&format!(
                "note at {off:#x} not named \"ATI CAL\""
            ))));
        }
        let data = b
            .get(off + 20..)
            .and_then(|r| r.get(..desc))
            .filter(|_| off + 20 + desc <= notes_end)
            .ok_or_else(|| AmdError::Malformed(what(&format!("note at {off:#x} is truncated"))))?;
        notes.push(CalNote {
            ntype,
            data: data.to_vec(),
        });
        off += 20 + desc;
    }
    // Section headers at 0xD0: index 2 is .text, 3 is .data.
    let sh = |i: usize, f: usize| u32_at(b, 0xD0 + i * 40 + f * 4, &what("section header"));
    let code = range(b, sh(2, 4)?.into(), sh(2, 5)?.into(), &what(".text"))?.to_vec();
    let data = range(b, sh(3, 4)?.into(), sh(3, 5)?.into(), &what(".data"))?;
    let entsize = sh(3, 9)? as usize;
    let data = if entsize == 0 && data.len() == DEFAULT_DATA_SIZE && data.iter().all(|v| *v == 0) {
        None
    } else if entsize == data.len() {
        Some(data.to_vec())
    } else {
        return Err(AmdError::Unsupported(what(
            ".data whose entry size is not its size",
        )));
    };
    Ok((notes, code, data))
}

/// Read a binary; every kernel comes back raw, so that writing it reproduces `bytes`.
pub fn read_amd(bytes: &[u8]) -> Result<AmdInput, AmdError> {
    let elf = ElfFile::read(bytes)?;
    let device = Device::from_amd_machine(elf.machine).ok_or_else(|| {
        AmdError::NotAmd(format!(
            "unknown e_machine {:#x} (not a GCN device)",
            elf.machine
        ))
    })?;
    let sec = |n: &str| {
        elf.section(n)
            .ok_or_else(|| AmdError::NotAmd(format!("no {n} section")))
    };
    let comment = &sec(".comment")?.data;
    let symtab = &sec(".symtab")?.data;
    let strtab = &sec(".strtab")?.data;
    let (rodata, textsec): (&[u8], &[u8]) = match (elf.section(".rodata"), elf.section(".text")) {
        (Some(r), Some(t)) => (&r.data, &t.data),
        _ => (&[], &[]),
    };
    let syms = read_symbols(elf.is64, symtab, strtab)?;
    let mut copts_len = 0usize;
    let mut global = None;
    let mut kernels = Vec::new();
    // Kernels may not share bytes (CLRX lays them out one after another): this also
    // bounds what the reader copies by the file's size.
    let (mut ro_used, mut text_used) = (0u64, 0u64);
    let mut i = 1;
    while i < syms.len() {
        let s = &syms[i];
        let n = s.name.as_str();
        if n == "__OpenCL_compile_options" {
            copts_len = usize::try_from(s.size)
                .ok()
                .filter(|l| *l <= comment.len())
                .ok_or_else(|| {
                    AmdError::Malformed("compile options symbol longer than .comment".into())
                })?;
            i += 1;
        } else if n == "__OpenCL_0_global" || n == "__OpenCL_2_global" {
            if global.is_some() {
                return Err(AmdError::Unsupported("two global data symbols".into()));
            }
            global = Some(range(rodata, s.value, s.size, "global data")?.to_vec());
            i += 1;
        } else if let Some(k) = n
            .strip_prefix("__OpenCL_")
            .and_then(|r| r.strip_suffix("_metadata"))
        {
            let (Some(ks), Some(hs)) = (syms.get(i + 1), syms.get(i + 2)) else {
                return Err(AmdError::Malformed(format!(
                    "kernel {k}: no kernel and header symbols after its metadata"
                )));
            };
            if ks.name != format!("__OpenCL_{k}_kernel")
                || hs.name != format!("__OpenCL_{k}_header")
            {
                return Err(AmdError::Unsupported(format!(
                    "kernel {k}: symbols in another order than metadata, kernel, header"
                )));
            }
            ro_used = ro_used.saturating_add(s.size).saturating_add(hs.size);
            text_used = text_used.saturating_add(ks.size);
            if ro_used > rodata.len() as u64 || text_used > textsec.len() as u64 {
                return Err(AmdError::Unsupported(format!(
                    "kernel {k}: blobs that overlap other kernels'"
                )));
            }
            let metadata = range(rodata, s.value, s.size, "kernel metadata")?.to_vec();
            let header = range(rodata, hs.value, hs.size, "kernel header")?.to_vec();
            let inner = range(textsec, ks.value, ks.size, "kernel binary")?;
            let (cal_notes, code, data) = read_inner(inner, k)?;
            kernels.push(AmdKernelInput {
                name: k.to_string(),
                code,
                data,
                content: AmdKernelContent::Raw(AmdRawKernel {
                    header,
                    metadata,
                    cal_notes,
                }),
            });
            i += 3;
        } else {
            return Err(AmdError::Unsupported(format!("symbol '{n}'")));
        }
    }
    let input = AmdInput {
        device,
        is64: elf.is64,
        driver: AmdDriver::Info(text(&comment[copts_len..], "driver info")?),
        compile_options: text(&comment[..copts_len], "compile options")?,
        global_data: global,
        kernels,
    };
    let again = write_amd(&input)?;
    if again != bytes {
        let at = again
            .iter()
            .zip(bytes)
            .position(|(a, b)| a != b)
            .unwrap_or(again.len().min(bytes.len()));
        return Err(AmdError::Unsupported(format!(
            "a layout other than CLRX's (first difference at offset {at:#x})"
        )));
    }
    Ok(input)
}
