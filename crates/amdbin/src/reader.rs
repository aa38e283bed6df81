//! The AMD CL2 reader: outer ELF, then the inner HSA ELF (new layouts) or the
//! stub-based `.text` (old layout), into a [`Cl2Input`] whose kernels are raw, so that
//! writing it reproduces the file. Every offset is checked; what does not follow the
//! layout the writer produces is reported as an error, never guessed around.

use crate::device::{device_from_code, Device};
use crate::elf::{read_symbols, slice, ElfFile, Section, Symbol, SHT_NOBITS};
use crate::limits::MAX_NOBITS_BYTES;
use crate::model::{
    Cl2Binary, Cl2Input, Cl2KernelInput, CodeReloc, ExtraSection, ExtraSymbol, InnerSection,
    KernelContent, Layout, RawKernel, RelocKind, RelocTarget, SamplerInit,
};
use crate::writer::{EM_AMD_CL2_32, EM_AMD_CL2_64};
use crate::Cl2Error;

const META_PREFIX: &str = "__OpenCL_&__OpenCL_";
const META_SUFFIX: &str = "_kernel_metadata";
const ISA_PREFIX: &str = "__ISA_&__OpenCL_";
const BINARY_SUFFIX: &str = "_kernel_binary";
const OUTER_STANDARD: [&str; 6] = [
    ".shstrtab",
    ".strtab",
    ".symtab",
    ".comment",
    ".rodata",
    ".text",
];
const INNER_STANDARD: [&str; 11] = [
    ".shstrtab",
    ".strtab",
    ".symtab",
    ".note",
    ".hsadata_global_agent",
    ".hsabss_global_agent",
    ".hsadata_readonly_agent",
    ".hsatext",
    ".hsaimage_samplerinit",
    ".rela.hsadata_readonly_agent",
    ".rela.hsatext",
];

fn malformed(msg: impl Into<String>) -> Cl2Error {
    Cl2Error::Malformed(msg.into())
}

fn unsupported(msg: impl Into<String>) -> Cl2Error {
    Cl2Error::Unsupported(msg.into())
}

fn sym_bytes<'a>(data: &'a [u8], s: &Symbol, what: &'static str) -> Result<&'a [u8], Cl2Error> {
    Ok(slice(data, s.value, s.size, what)?)
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `nobits`: bytes of NOBITS sections materialised so far in this file.
fn extra_section(s: &Section, is64: bool, nobits: &mut u64) -> Result<ExtraSection, Cl2Error> {
    let data = if s.stype == SHT_NOBITS {
        *nobits = nobits.saturating_add(s.size);
        if *nobits > MAX_NOBITS_BYTES {
            return Err(unsupported(format!(
                "NOBITS section '{}' of {} bytes: NOBITS extra sections of more than \
                 {MAX_NOBITS_BYTES} bytes in all (MAX_NOBITS_BYTES)",
                s.name, s.size
            )));
        }
        vec![0; s.size as usize]
    } else {
        s.data.clone()
    };
    Ok(ExtraSection {
        name: s.name.clone(),
        stype: s.stype,
        flags: s.flags,
        // ELF gives 0 and 1 the same meaning (no alignment); the writer reads 0 as
        // CLRX's "size spans the gap to the next section", which would grow the data
        // on every round trip.
        align: s.align.max(1),
        link: s.link,
        info: s.info,
        // The writer gives a symbol table the entry size of its ELF class; reading it
        // so keeps a read-write-read round trip stable.
        entsize: if s.stype == crate::elf::SHT_SYMTAB {
            crate::elf::symbol_size(is64)
        } else {
            s.entsize
        },
        data,
    })
}

/// The sections without a standard name. A standard name given twice is refused: which
/// of the two is the real one is ambiguous, and a writer that leaves out an unused
/// standard section (no kernels, no code) would turn the second into the first.
fn extra_sections(elf: &ElfFile, standard: &[&str]) -> Result<Vec<ExtraSection>, Cl2Error> {
    let mut seen = vec![false; standard.len()];
    let mut out = Vec::new();
    let mut nobits = 0;
    for s in &elf.sections {
        match standard.iter().position(|n| *n == s.name) {
            Some(i) if seen[i] => {
                return Err(unsupported(format!(
                    "a second `{}` section: each standard section may appear once",
                    s.name
                )))
            }
            Some(i) => seen[i] = true,
            None => out.push(extra_section(s, elf.is64, &mut nobits)?),
        }
    }
    Ok(out)
}

/// One kernel as found in the outer file, before its code is located.
struct OuterKernel {
    name: String,
    metadata: Vec<u8>,
    isa_metadata: Option<Vec<u8>>,
    /// Old layout: the stub + setup + code blob.
    binary: Option<Vec<u8>>,
}

/// Read an AMD CL2 binary.
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
        .ok_or_else(|| malformed("no .symtab"))?;
    let strtab = elf
        .section(".strtab")
        .ok_or_else(|| malformed("no .strtab"))?;
    let syms = read_symbols(elf.is64, &symtab.data, &strtab.data)?;
    let empty: &[u8] = &[];
    let comment = elf.section(".comment").map_or(empty, |s| &s.data);
    let rodata = elf.section(".rodata").map_or(empty, |s| &s.data);
    let text = elf.section(".text").map(|s| s.data.as_slice());

    let mut compile_options = String::new();
    let mut acl_version: Option<String> = None;
    let mut kernels: Vec<OuterKernel> = Vec::new();
    let mut extra_symbols = Vec::new();
    let mut old = false;
    for s in syms.iter().skip(1) {
        let name = s.name.as_str();
        if acl_version.is_some() {
            extra_symbols.push(outer_extra(s));
        } else if name == "__OpenCL_compiler_options" {
            compile_options = lossy(sym_bytes(comment, s, "compile options")?);
        } else if name == "acl_version_string" {
            acl_version = Some(lossy(sym_bytes(comment, s, "ACL version")?));
        } else if name == "__BRIG__" {
            // Regenerated by the writer from the `.brig` section.
        } else if let Some(k) = name
            .strip_prefix(META_PREFIX)
            .and_then(|r| r.strip_suffix(META_SUFFIX))
        {
            kernels.push(OuterKernel {
                name: k.to_string(),
                metadata: sym_bytes(rodata, s, "kernel metadata")?.to_vec(),
                isa_metadata: None,
                binary: None,
            });
        } else if let Some(k) = name
            .strip_prefix(ISA_PREFIX)
            .and_then(|r| r.strip_suffix(BINARY_SUFFIX))
        {
            old = true;
            let t = text.ok_or_else(|| malformed("kernel binary symbol without .text"))?;
            let blob = sym_bytes(t, s, "kernel binary")?.to_vec();
            let kernel = kernels
                .iter_mut()
                .find(|o| o.name == k && o.binary.is_none())
                .ok_or_else(|| malformed(format!("kernel binary '{k}' without metadata")))?;
            kernel.binary = Some(blob);
        } else if let Some(k) = name
            .strip_prefix(ISA_PREFIX)
            .and_then(|r| r.strip_suffix(META_SUFFIX))
        {
            old = true;
            let blob = sym_bytes(rodata, s, "ISA metadata")?.to_vec();
            let kernel = kernels
                .iter_mut()
                .find(|o| o.name == k && o.isa_metadata.is_none())
                .ok_or_else(|| malformed(format!("ISA metadata '{k}' without metadata")))?;
            kernel.isa_metadata = Some(blob);
        } else {
            extra_symbols.push(outer_extra(s));
        }
    }
    // Old binaries without kernels have no `.text`.
    let layout_old = old || text.is_none();

    let mut input = Cl2Input::new(Device::Bonaire, 0, elf.is64);
    input.compile_options = compile_options;
    input.acl_version = acl_version;
    input.extra_sections = extra_sections(&elf, &OUTER_STANDARD)?;
    input.extra_symbols = extra_symbols;

    let (layout, isa_version, gpu_pro) = if layout_old {
        for k in &kernels {
            let blob = k.binary.as_ref().ok_or_else(|| {
                malformed(format!("old-layout kernel '{}' without binary", k.name))
            })?;
            // The stub's first word is the offset of the setup (0xA60).
            let stub_len = blob
                .get(0..4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
                .filter(|l| *l >= 4)
                .ok_or_else(|| malformed("kernel binary shorter than its stub header"))?;
            let setup_end = stub_len
                .checked_add(256)
                .filter(|e| *e <= blob.len())
                .ok_or_else(|| malformed("kernel binary shorter than stub + setup"))?;
            input.kernels.push(Cl2KernelInput {
                name: k.name.clone(),
                code: blob[setup_end..].to_vec(),
                relocations: Vec::new(),
                samplers: Vec::new(),
                content: KernelContent::Raw(RawKernel {
                    metadata: k.metadata.clone(),
                    setup: blob[stub_len..setup_end].to_vec(),
                    stub: blob[..stub_len].to_vec(),
                    // Without a symbol the writer writes its default blob: say so.
                    isa_metadata: Some(
                        k.isa_metadata
                            .clone()
                            .unwrap_or_else(|| crate::gen::DEFAULT_ISA_METADATA.to_vec()),
                    ),
                }),
            });
        }
        (Layout::Old, None, false)
    } else {
        let t = text.unwrap_or(empty);
        read_inner(t, &kernels, &mut input)?
    };

    // The driver version is not stored; pick one that writes the same bytes.
    let gfx_word = kernels
        .iter()
        .any(|k| metadata_has_gfx_word(&k.metadata, elf.is64));
    let candidates: &[u32] = match layout {
        Layout::Old => &[180005],
        Layout::V1912 => &[191205],
        Layout::V163 if gpu_pro => &[203603],
        // 203604 stands for the non-"GPU PRO" drivers of range D.
        Layout::V163 if gfx_word => &[223600, 226400, 234800, 244200, 248200, 252700, 258000],
        Layout::V163 => &[
            200406, 203604, 223600, 226400, 234800, 244200, 248200, 252700, 258000,
        ],
    };
    let major = isa_version.map(|v: (u32, u32, u32)| v.0);
    let found = candidates.iter().find_map(|dv| {
        device_from_code(elf.flags, *dv)
            .filter(|d| major.is_none_or(|m| d.isa_version().0 == m))
            .map(|d| (*dv, d))
    });
    let (driver, device) = found.ok_or_else(|| {
        unsupported(format!(
            "device code {} in a {:?} binary matches no known device",
            elf.flags, layout
        ))
    })?;
    input.driver_version = driver;
    input.device = device;
    if input.acl_version.is_none() {
        // The writer always writes one; say which.
        input.acl_version = Some(
            if layout == Layout::Old {
                crate::writer::ACL_VERSION_OLD
            } else {
                crate::writer::ACL_VERSION_NEW
            }
            .to_string(),
        );
    }
    if let Some((_, minor, stepping)) = isa_version {
        input.arch_minor = Some(minor);
        input.arch_stepping = Some(stepping);
    } else if layout != Layout::Old {
        // No readable ISA note: state what the writer will put there, so that reading
        // the written file gives the same input.
        let (_, minor, mut stepping) = device.isa_version();
        if layout == Layout::V1912 && device == Device::Fiji {
            stepping = 1;
        }
        input.arch_minor = Some(minor);
        input.arch_stepping = Some(stepping);
    }
    Ok(Cl2Binary {
        input,
        layout,
        device_code: elf.flags,
        isa_version,
    })
}

fn outer_extra(s: &Symbol) -> ExtraSymbol<u16> {
    ExtraSymbol {
        name: s.name.clone(),
        value: s.value,
        size: s.size,
        section: s.shndx,
        info: s.info,
        other: s.other,
    }
}

/// True if the metadata blob names the architecture ("GFX<n>") instead of "generic":
/// drivers from 223600 on.
fn metadata_has_gfx_word(md: &[u8], is64: bool) -> bool {
    let word = |o: usize| -> Option<u64> {
        if is64 {
            md.get(o..o + 8)
                .map(|b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
        } else {
            md.get(o..o + 4)
                .map(|b| u64::from(u32::from_le_bytes(b.try_into().unwrap_or([0; 4]))))
        }
    };
    let Some(header) = word(0).and_then(|h| usize::try_from(h).ok()) else {
        return false;
    };
    // The architecture word follows the header and "__OpenCL_dummy_kernel\0".
    let start = header.saturating_add(22);
    md.get(start..start.saturating_add(3)) == Some(b"GFX".as_slice())
}

/// Where the code starts in a kernel's setup + code blob: at the setup's
/// `kernel_code_entry_byte_offset` (offset 16) when that lies inside the blob and past
/// the field itself, else after 256 bytes (or the whole blob, if shorter).
pub(crate) fn setup_len(blob: &[u8]) -> usize {
    let entry = blob
        .get(16..24)
        .map(|b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])));
    match entry {
        Some(e) if e >= 24 && e <= blob.len() as u64 => e as usize,
        _ => blob.len().min(256),
    }
}

/// Values of the `&input_bc::&_.Samp<N>` symbols, by id.
fn sampler_symbol_values(inner: &ElfFile) -> Result<Vec<(u32, u64)>, Cl2Error> {
    let (Some(symtab), Some(strtab)) = (inner.section(".symtab"), inner.section(".strtab")) else {
        return Ok(Vec::new());
    };
    Ok(read_symbols(true, &symtab.data, &strtab.data)?
        .iter()
        .filter_map(|s| {
            s.name
                .strip_prefix("&input_bc::&_.Samp")
                .and_then(|n| n.parse::<u32>().ok())
                .map(|id| (id, s.value))
        })
        .collect())
}

/// The 1912 layout pads global data to a 256-byte total with rw and bss data, and
/// places default sampler symbols at `(unpadded size - count) + 8 * id`: recover the
/// unpadded size from them so that the default sampler placement writes again.
fn trim_1912_padding(input: &mut Cl2Input, values: &[(u32, u64)], offsets: &[u64], n: u64) {
    // Explicit placements: symbol values are the relocation offsets.
    let explicit = values
        .iter()
        .all(|(id, v)| offsets.get(*id as usize) == Some(v));
    if explicit {
        return;
    }
    let Some((id, v)) = values.first() else {
        return;
    };
    let Some(g) = v
        .checked_sub(8 * u64::from(*id))
        .and_then(|x| x.checked_add(n))
    else {
        return;
    };
    let padded = input.global_data.len() as u64;
    let (rw, bss) = (input.rw_data.len() as u64, input.bss_size);
    let all = (g + rw + bss).div_ceil(256) * 256;
    let zeros = input
        .global_data
        .get(g as usize..)
        .is_some_and(|t| t.iter().all(|b| *b == 0));
    // Only when the default placement, computed from the unpadded size, explains both
    // the relocations and every sampler symbol.
    let default_offsets: Vec<u64> = (0..n)
        .map(|i| (g.wrapping_sub(8 * n) & !7).wrapping_add(8 * i))
        .collect();
    let symbols_default = values
        .iter()
        .all(|(id, v)| *v == g.wrapping_sub(n).wrapping_add(8 * u64::from(*id)));
    if g <= padded
        && all.checked_sub(rw + bss) == Some(padded)
        && zeros
        && offsets == default_offsets.as_slice()
        && symbols_default
        && 8 * n <= g
    {
        input.global_data.truncate(g as usize);
    }
}

/// Parse the inner ELF into `input`; returns the layout, the note's ISA version and
/// whether the note marks a "GPU PRO" driver.
fn read_inner(
    text: &[u8],
    kernels: &[OuterKernel],
    input: &mut Cl2Input,
) -> Result<(Layout, Option<(u32, u32, u32)>, bool), Cl2Error> {
    let inner = ElfFile::read(text)?;
    if !inner.is64 || inner.machine != 0xE0 {
        return Err(malformed("inner binary is not an ELF64 AMDGPU file"));
    }
    let v163 = inner
        .sections
        .first()
        .is_some_and(|s| s.name == ".shstrtab");
    let layout = if v163 { Layout::V163 } else { Layout::V1912 };
    let sec = |name: &str| inner.section(name);
    let idx = |name: &str| inner.index_of(name).unwrap_or(0);

    if let Some(s) = sec(".hsadata_global_agent") {
        input.rw_data = s.data.clone();
    }
    if let Some(s) = sec(".hsabss_global_agent") {
        input.bss_size = s.size;
        input.bss_align = if s.align == 8 { 0 } else { s.align };
    }
    if let Some(s) = sec(".hsadata_readonly_agent") {
        input.global_data = s.data.clone();
        let total = (s.data.len() as u64)
            .wrapping_add(input.rw_data.len() as u64)
            .wrapping_add(input.bss_size);
        if !v163 && !total.is_multiple_of(256) {
            return Err(unsupported(
                "1912-layout global data not padded to a 256-byte total with rw and bss data",
            ));
        }
    }
    if let Some(s) = sec(".hsaimage_samplerinit") {
        let d = &s.data;
        let entries: Vec<(u32, u32)> = d
            .chunks_exact(8)
            .map(|c| {
                (
                    u32::from_le_bytes([c[0], c[1], c[2], c[3]]),
                    u32::from_le_bytes([c[4], c[5], c[6], c[7]]),
                )
            })
            .collect();
        input.samplers = if d.len().is_multiple_of(8) && entries.iter().all(|(k, _)| *k == 0x10008)
        {
            SamplerInit::Values(entries.iter().map(|(_, v)| *v).collect())
        } else {
            SamplerInit::Raw(d.clone())
        };
        if d.is_empty() {
            input.samplers = SamplerInit::Raw(Vec::new());
        }
    }
    let samplers_num = input.samplers_num();
    let sampler_values = sampler_symbol_values(&inner)?;
    if let Some(s) = sec(".rela.hsadata_readonly_agent") {
        let offsets: Vec<u64> = s
            .data
            .chunks_exact(24)
            .map(|c| u64::from_le_bytes(c[0..8].try_into().unwrap_or([0; 8])))
            .collect();
        let n = samplers_num as u64;
        if !v163 && !sampler_values.is_empty() {
            trim_1912_padding(input, &sampler_values, &offsets, n);
        }
        let g = input.global_data.len() as u64;
        let default: Vec<u64> = (0..n)
            .map(|i| (g.wrapping_sub(8 * n) & !7).wrapping_add(8 * i))
            .collect();
        if offsets != default {
            input.sampler_offsets = offsets;
        }
    }

    // Notes: the ISA version (type 3) and the GPU PRO mark (type 5 ending in 't').
    let mut isa = None;
    let mut gpu_pro = false;
    if let Some(s) = sec(".note") {
        let d = &s.data;
        let mut o = 0usize;
        while o + 12 <= d.len() {
            let rd = |p: usize| u32::from_le_bytes([d[p], d[p + 1], d[p + 2], d[p + 3]]);
            let (namesz, descsz, ntype) = (rd(o) as usize, rd(o + 4) as usize, rd(o + 8));
            let desc_off = o + 12 + namesz.div_ceil(4) * 4;
            let Some(desc) = desc_off
                .checked_add(descsz)
                .and_then(|e| d.get(desc_off..e))
            else {
                break;
            };
            if ntype == 3 && desc.len() >= 16 {
                let r =
                    |p: usize| u32::from_le_bytes([desc[p], desc[p + 1], desc[p + 2], desc[p + 3]]);
                isa = Some((r(4), r(8), r(12)));
            }
            if ntype == 5 && desc.len() == 26 && desc[25] == b't' {
                gpu_pro = true;
            }
            o = desc_off + descsz.div_ceil(4) * 4;
        }
    }

    // Symbols.
    let symtab = sec(".symtab").ok_or_else(|| malformed("inner binary without .symtab"))?;
    let strtab = sec(".strtab").ok_or_else(|| malformed("inner binary without .strtab"))?;
    let mut syms = read_symbols(true, &symtab.data, &strtab.data)?;
    if v163 && !syms.is_empty() {
        syms.remove(0);
    }
    let text_sec = sec(".hsatext");
    let hsatext: &[u8] = text_sec.map_or(&[], |s| s.data.as_slice());
    let (gdata_idx, rw_idx, bss_idx, text_idx) = (
        idx(".hsadata_readonly_agent"),
        idx(".hsadata_global_agent"),
        idx(".hsabss_global_agent"),
        idx(".hsatext"),
    );
    let section_of = |shndx: u16| -> InnerSection {
        if shndx != 0 && shndx == gdata_idx {
            InnerSection::GlobalData
        } else if shndx != 0 && shndx == rw_idx {
            InnerSection::RwData
        } else if shndx != 0 && shndx == bss_idx {
            InnerSection::Bss
        } else if shndx != 0 && shndx == text_idx {
            InnerSection::Text
        } else {
            InnerSection::Index(shndx)
        }
    };
    let mut pos = 0usize;
    let mut data_prefix = Vec::new();
    while pos < syms.len()
        && syms[pos].name.starts_with("&input_bc::&")
        && !syms[pos].name.starts_with("&input_bc::&_.Samp")
    {
        data_prefix.push(syms[pos].clone());
        pos += 1;
    }
    let sampler_id = |name: &str| -> Option<u32> {
        name.strip_prefix("&input_bc::&_.Samp")
            .and_then(|n| n.parse::<u32>().ok())
    };
    let mut placed_samplers = Vec::new();
    let mut code_pos = 0u64;
    for k in kernels {
        let mut samplers = Vec::new();
        while pos < syms.len() {
            match sampler_id(&syms[pos].name) {
                Some(id) => {
                    samplers.push(id);
                    placed_samplers.push(id);
                    pos += 1;
                }
                None => break,
            }
        }
        let s = syms
            .get(pos)
            .ok_or_else(|| malformed(format!("no inner symbol for kernel '{}'", k.name)))?;
        let want = format!("&__OpenCL_{}_kernel", k.name);
        if s.name != want {
            return Err(unsupported(format!(
                "inner symbol '{}' where '{want}' was expected (kernels out of order)",
                s.name
            )));
        }
        pos += 1;
        code_pos = code_pos.div_ceil(256) * 256;
        if s.value != code_pos {
            return Err(unsupported(format!(
                "kernel '{}' code at {:#x}, not at the next 256-byte boundary {code_pos:#x}",
                k.name, s.value
            )));
        }
        let blob = slice(hsatext, s.value, s.size, "kernel code")?;
        let setup_len = setup_len(blob);
        code_pos = s.value + s.size;
        input.kernels.push(Cl2KernelInput {
            name: k.name.clone(),
            code: blob[setup_len..].to_vec(),
            relocations: Vec::new(),
            samplers,
            content: KernelContent::Raw(RawKernel {
                metadata: k.metadata.clone(),
                setup: blob[..setup_len].to_vec(),
                stub: Vec::new(),
                isa_metadata: None,
            }),
        });
    }
    if code_pos != hsatext.len() as u64 && !kernels.is_empty() {
        return Err(unsupported(".hsatext holds bytes after the last kernel"));
    }
    // Remaining samplers in id order, then section symbols, then sampler-init symbols.
    let mut rest_ids = Vec::new();
    while pos < syms.len() {
        match sampler_id(&syms[pos].name) {
            Some(id) => {
                rest_ids.push(id);
                pos += 1;
            }
            None => break,
        }
    }
    let mut section_syms: Vec<(String, usize)> = Vec::new();
    while pos < syms.len() && syms[pos].name.starts_with("__hsa_section.") {
        section_syms.push((syms[pos].name.clone(), pos + usize::from(v163)));
        pos += 1;
    }
    while pos < syms.len() && syms[pos].name.is_empty() && syms[pos].info == 12 {
        pos += 1;
    }
    for s in &syms[pos..] {
        input.inner_symbols.push(ExtraSymbol {
            name: s.name.clone(),
            value: s.value,
            size: s.size,
            section: section_of(s.shndx),
            info: s.info,
            other: s.other,
        });
    }
    // The data symbols announced first must be the ones the writer derives.
    let derived: Vec<(String, u64, u64, InnerSection)> = input
        .inner_symbols
        .iter()
        .filter(|s| {
            matches!(
                s.section,
                InnerSection::GlobalData | InnerSection::RwData | InnerSection::Bss
            )
        })
        .map(|s| {
            (
                format!("&input_bc::&{}", s.name),
                s.value,
                s.size,
                s.section,
            )
        })
        .collect();
    let found: Vec<(String, u64, u64, InnerSection)> = data_prefix
        .iter()
        .map(|s| (s.name.clone(), s.value, s.size, section_of(s.shndx)))
        .collect();
    if !kernels.is_empty() && derived != found {
        return Err(unsupported(
            "inner data symbols do not match the inner extra symbols",
        ));
    }
    let mut expected_rest: Vec<u32> = (0..samplers_num as u32)
        .filter(|i| !placed_samplers.contains(i))
        .collect();
    expected_rest.sort_unstable();
    if !kernels.is_empty() && rest_ids != expected_rest {
        return Err(unsupported("sampler symbols not in id order"));
    }

    // Relocations of the code.
    if let Some(rel) = sec(".rela.hsatext") {
        let sym_pos = |name: &str| {
            section_syms
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, i)| *i as u64)
        };
        let rw_sym = sym_pos("__hsa_section.hsadata_global_agent");
        let bss_sym = sym_pos("__hsa_section.hsabss_global_agent");
        let g_sym = sym_pos("__hsa_section.hsadata_readonly_agent");
        // Code offsets as the writer counts them: setup, then code rounded to 256.
        let mut starts = Vec::new();
        let mut off = 0u64;
        for k in &input.kernels {
            let setup_len = match &k.content {
                KernelContent::Raw(r) => r.setup.len() as u64,
                KernelContent::Config(_) => 256,
            };
            off += setup_len;
            starts.push((off, off + (k.code.len() as u64).div_ceil(256) * 256));
            off += (k.code.len() as u64).div_ceil(256) * 256;
        }
        for c in rel.data.chunks_exact(24) {
            let r_offset = u64::from_le_bytes(c[0..8].try_into().unwrap_or([0; 8]));
            let info = u64::from_le_bytes(c[8..16].try_into().unwrap_or([0; 8]));
            let addend = i64::from_le_bytes(c[16..24].try_into().unwrap_or([0; 8]));
            let (sym, rtype) = (info >> 32, info & 0xFFFF_FFFF);
            let kind = match rtype {
                1 => RelocKind::Lo32,
                2 => RelocKind::Hi32,
                t => return Err(unsupported(format!("code relocation type {t}"))),
            };
            let target = if Some(sym) == rw_sym {
                RelocTarget::RwData
            } else if Some(sym) == bss_sym {
                RelocTarget::Bss
            } else if Some(sym) == g_sym {
                RelocTarget::GlobalData
            } else {
                return Err(unsupported(format!("code relocation against symbol {sym}")));
            };
            let ki = starts
                .iter()
                .position(|(s, e)| r_offset >= *s && r_offset < *e)
                .ok_or_else(|| {
                    malformed(format!("relocation at {r_offset:#x} outside kernel code"))
                })?;
            let offset = u32::try_from(r_offset - starts[ki].0)
                .map_err(|_| malformed("relocation offset too large"))?;
            input.kernels[ki].relocations.push(CodeReloc {
                offset,
                kind,
                target,
                addend,
            });
        }
    }
    input.inner_extra_sections = extra_sections(&inner, &INNER_STANDARD)?;
    Ok((layout, isa, gpu_pro))
}
