//! Disassembly of ROCm code objects and Gallium (Mesa clover) binaries into `.rocm` /
//! `.gallium` CLRX source, laid out as clrxdisasm prints them.
//!
//! ROCm: the header (device from the ISA note, `.arch_minor`, `.arch_stepping`, and
//! for the newer layout `.eflags` and `.newbinfmt`), then with `-a` the global data and
//! the metadata note's text (`.metadata` with one `.ascii` line per text line), one
//! `.kernel` line per kernel and `.text`: each kernel's label, its 256-byte descriptor
//! as bytes (with `-a`) and its code. Without `-a` the descriptors are left out, as
//! clrxdisasm does (that listing shows the code, it does not reassemble). `-C` (the
//! human configuration form) is not built yet: it prints the `-a` form, with a warning.
//!
//! Gallium: the binary does not name its device (`-g`, CLRX's default CapeVerde). The
//! header, with `-a` the global data, `.llvm_version 30900` when kernels have five
//! `.AMDGPU.config` entries (with `-a` otherwise `.llvm_version 30800`, since Kauai's
//! default is the LLVM 4.0 layout) and `.driver_version` for the Mesa 17 layout; per
//! kernel (by name) `.kernel` and, with `-a`, `.args` and `.proginfo` with its raw
//! entries; then `.text` with each
//! kernel's label and code (descriptors of the LLVM 4.0 layout decode as code, as in
//! clrxdisasm, and reassemble to the same words); zero words print as `.fill`.

use std::collections::BTreeMap;
use std::fmt::Write;

use kauai_amdbin::gallium::{read_gallium, GalliumError, ARG_SEMANTICS, ARG_TYPES};
use kauai_amdbin::rocm::{read_rocm, RocmError};
use kauai_amdbin::Device;

use crate::cl2dis::{Cl2DisasmOptions, Cl2Disassembly};
use crate::print::disassemble_region;

/// A string as CLRX's `.ascii` prints it.
fn ascii(s: &[u8]) -> String {
    let mut o = String::from("\"");
    for &b in s {
        match b {
            b'"' => o.push_str("\\\""),
            b'\'' => o.push_str("\\'"),
            b'\\' => o.push_str("\\\\"),
            b'\n' => o.push_str("\\n"),
            b'\t' => o.push_str("\\t"),
            0x20..=0x7e => o.push(b as char),
            _ => {
                let _ = write!(o, "\\{b:03o}");
            }
        }
    }
    o.push('"');
    o
}

/// Eight bytes a line, runs of zero groups as one `.fill N, 1, 0x00`.
fn bytes_lines(out: &mut String, indent: &str, data: &[u8]) {
    let chunks: Vec<&[u8]> = data.chunks(8).collect();
    let mut i = 0;
    while i < chunks.len() {
        if chunks[i].iter().all(|&b| b == 0) {
            let mut n = 0;
            while i < chunks.len() && chunks[i].iter().all(|&b| b == 0) {
                n += chunks[i].len();
                i += 1;
            }
            let _ = writeln!(out, "{indent}.fill {n}, 1, 0x00");
            continue;
        }
        let b: Vec<String> = chunks[i].iter().map(|x| format!("{x:#04x}")).collect();
        let _ = writeln!(out, "{indent}.byte {}", b.join(", "));
        i += 1;
    }
}

/// The device CLRX names for a ROCm ISA version (major.minor.stepping).
fn rocm_device(isa: (u32, u32, u32)) -> Option<Device> {
    let named = match isa {
        (7, 0, 0) => Some("Bonaire"),
        (7, 0, 1) => Some("Hawaii"),
        (8, 0, 0) => Some("Iceland"),
        (8, 0, 1) => Some("Carrizo"),
        (8, 0, 2) => Some("Tonga"),
        (8, 0, 3) => Some("Fiji"),
        (8, 0, 4) => Some("GFX804"),
        (8, 1, 0) => Some("Stoney"),
        _ => None,
    };
    named.and_then(Device::from_name).or_else(|| {
        let ds = kauai_amdbin::DEVICES;
        ds.iter()
            .copied()
            .find(|d| d.isa_version() == isa)
            .or_else(|| ds.iter().copied().find(|d| d.isa_version().0 == isa.0))
    })
}

/// Disassemble a ROCm code object.
pub fn disassemble_rocm(
    bytes: &[u8],
    opts: &Cl2DisasmOptions,
) -> Result<Cl2Disassembly, RocmError> {
    let input = read_rocm(bytes)?;
    let mut warnings = Vec::new();
    let device = rocm_device(input.isa).ok_or_else(|| {
        RocmError::Unsupported(format!(
            "ISA version {}.{}.{}",
            input.isa.0, input.isa.1, input.isa.2
        ))
    })?;
    let arch = crate::device::arch_of(device.arch());
    let mut out = String::new();
    let _ = writeln!(out, ".rocm\n.gpu {}", device.name());
    let _ = writeln!(
        out,
        ".arch_minor {}\n.arch_stepping {}",
        input.isa.1, input.isa.2
    );
    if input.new_format {
        let _ = writeln!(out, ".eflags {}\n.newbinfmt", input.eflags);
    } else if input.eflags != 0 {
        let _ = writeln!(out, ".eflags {}", input.eflags);
    }
    let all = opts.all || opts.config;
    if opts.config {
        warnings
            .push("not supported yet: -C for ROCm code objects (the -a form is printed)".into());
    }
    if all {
        if let Some(g) = &input.global_data {
            let _ = writeln!(out, ".globaldata\n.gdata:");
            bytes_lines(&mut out, "    ", g);
        }
        let _ = writeln!(out, ".metadata");
        for line in input.metadata.split_inclusive(|&b| b == b'\n') {
            let _ = writeln!(out, "    .ascii {}", ascii(line));
        }
    }
    for k in &input.kernels {
        let _ = writeln!(out, ".kernel {}", k.name);
    }
    let _ = writeln!(out, ".text");
    let mut order: Vec<usize> = (0..input.kernels.len()).collect();
    order.sort_by_key(|&i| input.kernels[i].offset);
    let code = &input.code;
    let no_lits = BTreeMap::new();
    // Bytes before the first kernel.
    let first = order
        .first()
        .map_or(code.len(), |&i| input.kernels[i].offset as usize);
    if first > 0 {
        out.push_str(&disassemble_region(
            &code[..first],
            0,
            arch,
            opts.code,
            usize::MAX,
            &no_lits,
            true,
        ));
    }
    for (n, &i) in order.iter().enumerate() {
        let k = &input.kernels[i];
        let start = k.offset as usize;
        let end = order
            .get(n + 1)
            .map_or(code.len(), |&j| input.kernels[j].offset as usize);
        let _ = writeln!(out, "{}:", k.name);
        let desc_end = (start + 256).min(end);
        if all {
            bytes_lines(&mut out, "        ", &code[start..desc_end]);
        }
        out.push_str(&disassemble_region(
            &code[desc_end..end],
            desc_end as u64,
            arch,
            opts.code,
            n,
            &no_lits,
            true,
        ));
    }
    Ok(Cl2Disassembly {
        text: out,
        warnings,
    })
}

/// Disassemble a Gallium binary for device `gpu` (CLRX's default: CapeVerde).
pub fn disassemble_gallium(
    bytes: &[u8],
    gpu: Option<&str>,
    opts: &Cl2DisasmOptions,
) -> Result<Cl2Disassembly, GalliumError> {
    let input = read_gallium(bytes)?;
    let mut warnings = Vec::new();
    let name = gpu.unwrap_or("CapeVerde");
    let device = Device::from_name(name)
        .ok_or_else(|| GalliumError::Invalid(format!("unknown GPU device '{name}'")))?;
    let arch = crate::device::arch_of(device.arch());
    let mut out = String::new();
    let _ = writeln!(out, ".gallium\n.gpu {}", device.name());
    let _ = writeln!(out, "{}", if input.is64 { ".64bit" } else { ".32bit" });
    let all = opts.all || opts.config;
    if opts.config {
        warnings.push("not supported yet: -C for Gallium binaries (the -a form is printed)".into());
    }
    if all {
        if let Some(g) = &input.global_data {
            let _ = writeln!(out, ".rodata");
            bytes_lines(&mut out, "    ", g);
        }
    }
    let five = input.kernels.first().is_some_and(|k| k.proginfo.len() == 5);
    if five {
        let _ = writeln!(out, ".llvm_version 30900");
    } else if all {
        // Kauai's default layout is LLVM 4.0's: say that the code holds no descriptors.
        let _ = writeln!(out, ".llvm_version 30800");
    }
    if input.mesa_version != 0 {
        let _ = writeln!(out, ".driver_version {}", input.mesa_version);
    }
    let mut by_name: Vec<usize> = (0..input.kernels.len()).collect();
    by_name.sort_by(|&a, &b| input.kernels[a].name.cmp(&input.kernels[b].name));
    for &i in &by_name {
        let k = &input.kernels[i];
        let _ = writeln!(out, ".kernel {}", k.name);
        if !all {
            continue;
        }
        let _ = writeln!(out, "    .args");
        for a in &k.args {
            let _ = writeln!(
                out,
                "        .arg {}, {}, {}, {}, {}, {}",
                ARG_TYPES[a.arg_type as usize],
                a.size,
                a.target_size,
                a.target_align,
                if a.sign_extended { "sext" } else { "zext" },
                ARG_SEMANTICS[a.semantic as usize]
            );
        }
        let _ = writeln!(out, "    .proginfo");
        for (r, v) in &k.proginfo {
            let _ = writeln!(out, "        .entry {r:#010x}, {v:#010x}");
        }
    }
    let _ = writeln!(out, ".text");
    let mut order = by_name.clone();
    order.sort_by_key(|&i| input.kernels[i].offset);
    let code = &input.code;
    let no_lits = BTreeMap::new();
    let first = order
        .first()
        .map_or(code.len(), |&i| input.kernels[i].offset as usize);
    if first > 0 {
        out.push_str(&disassemble_region(
            &code[..first],
            0,
            arch,
            opts.code,
            usize::MAX,
            &no_lits,
            true,
        ));
    }
    for (n, &i) in order.iter().enumerate() {
        let k = &input.kernels[i];
        let start = k.offset as usize;
        let end = order
            .get(n + 1)
            .map_or(code.len(), |&j| input.kernels[j].offset as usize);
        let _ = writeln!(out, "{}:", k.name);
        out.push_str(&disassemble_region(
            &code[start..end],
            start as u64,
            arch,
            opts.code,
            n,
            &no_lits,
            true,
        ));
    }
    Ok(Cl2Disassembly {
        text: out,
        warnings,
    })
}

/// Is this a ROCm code object (by its ELF header)?
pub fn is_rocm(bytes: &[u8]) -> bool {
    kauai_amdbin::rocm::is_rocm(bytes)
}

/// Is this a Gallium binary in CLRX's layout (it reads)?
pub fn is_gallium(bytes: &[u8]) -> bool {
    !bytes.starts_with(b"\x7fELF") && read_gallium(bytes).is_ok()
}
