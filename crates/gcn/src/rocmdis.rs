//! Disassembly of ROCm code objects and Gallium (Mesa clover) binaries into `.rocm` /
//! `.gallium` CLRX source, laid out as clrxdisasm prints them.
//!
//! ROCm: the header (device from the ISA note, `.arch_minor`, `.arch_stepping`, and
//! for the newer layout `.eflags` and `.newbinfmt`), then with `-a` the global data and
//! the metadata note's text (`.metadata` with one `.ascii` line per text line), one
//! `.kernel` line per kernel and `.text`: each kernel's label, its 256-byte descriptor
//! as bytes (with `-a`) and its code. Without `-a` the descriptors are left out, as
//! clrxdisasm does (that listing shows the code, it does not reassemble). With `-C`
//! each descriptor prints as a `.config` of HSA pseudo-ops and `.control_directive`,
//! the metadata as `.md_version` and per kernel a second `.config` of `.md_*` and
//! `.arg` lines (metadata the model does not hold stays raw), the code after `.skip
//! 256`; Kauai checks that this listing reassembles to the same bytes and otherwise
//! prints the `-a` form with a warning. Unlike clrxdisasm, `-C` keeps the global data.
//!
//! Gallium: the binary does not name its device (`-g`, CLRX's default CapeVerde). The
//! header, with `-a` the global data, `.llvm_version 30900` when kernels have five
//! `.AMDGPU.config` entries (with `-a` otherwise `.llvm_version 30800`, since Kauai's
//! default is the LLVM 4.0 layout) and `.driver_version` for the Mesa 17 layout; per
//! kernel (by name) `.kernel` and, with `-a`, `.args` and `.proginfo` with its raw
//! entries (with `-C` a `.config` form of them, checked to reassemble); then `.text` with each
//! kernel's label and code (descriptors of the LLVM 4.0 layout decode as code, as in
//! clrxdisasm, and reassemble to the same words); zero words print as `.fill`.

use std::collections::BTreeMap;
use std::fmt::Write;

use kauai_amdbin::gallium::{read_gallium, GalliumError, ARG_SEMANTICS, ARG_TYPES};
use kauai_amdbin::rocm::metadata::{self, ArgMd, KernelMd, RocmMetadata};
use kauai_amdbin::rocm::{read_rocm, RocmError, RocmInput};
use kauai_amdbin::Device;
use kauai_amdbin::HsaConfig;

use crate::cl2dis::{
    bytes_lines, dims_text, flag_lines, quoted_with, Cl2DisasmOptions, Cl2Disassembly,
};
use crate::print::disassemble_region;

/// A string as CLRX's ROCm and Gallium listings quote it: `'` escaped too.
fn ascii(s: &[u8]) -> String {
    quoted_with(s, b"'")
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

/// Disassemble a ROCm code object. With `-C` the kernels' descriptors and metadata
/// print as `.config` pseudo-ops; that listing is assembled and compared with the
/// binary, and when it does not give the same bytes the `-a` form is printed instead
/// (with a warning saying so).
pub fn disassemble_rocm(
    bytes: &[u8],
    opts: &Cl2DisasmOptions,
) -> Result<Cl2Disassembly, RocmError> {
    let input = read_rocm(bytes)?;
    config_or_all(bytes, opts, |o, config| rocm_listing(&input, o, config))
}

/// With `-C`, the configuration form when it reassembles to `bytes`, else the `-a`
/// form with a warning saying so; without, the listing `opts` ask for.
fn config_or_all<E>(
    bytes: &[u8],
    opts: &Cl2DisasmOptions,
    listing: impl Fn(&Cl2DisasmOptions, bool) -> Result<Cl2Disassembly, E>,
) -> Result<Cl2Disassembly, E> {
    if !opts.config {
        return listing(opts, false);
    }
    let d = listing(opts, true)?;
    if reassembles_to(&d.text, bytes) {
        return Ok(d);
    }
    let a = Cl2DisasmOptions {
        all: true,
        config: false,
        code: opts.code,
    };
    let mut d = listing(&a, false)?;
    d.warnings.push(
        "the configuration form does not reassemble to the same bytes: printed the -a form".into(),
    );
    Ok(d)
}

/// Does `text` assemble to exactly `bytes`?
fn reassembles_to(text: &str, bytes: &[u8]) -> bool {
    let mut sm = kauai_diag::SourceMap::new();
    let f = sm.add("listing.s", text.to_string());
    let mut d = kauai_diag::Diagnostics::new();
    crate::assemble(&mut sm, f, &crate::AsmOptions::default(), &mut d)
        .ok()
        .and_then(|o| o.binary)
        .is_some_and(|b| b == bytes)
}

/// An `.arg` line of the ROCm form.
fn rocm_arg_line(a: &ArgMd) -> Option<String> {
    let kind = metadata::keyword(metadata::VALUE_KINDS, &a.value_kind)?;
    let vt = metadata::keyword(metadata::VALUE_TYPES, &a.value_type)?;
    let mut l = format!(
        ".arg {}, {}, {}, {}, {kind}, {vt}",
        a.name,
        ascii(a.type_name.as_bytes()),
        a.size,
        a.align
    );
    if a.pointee_align != 0 {
        let _ = write!(l, ", {}", a.pointee_align);
    }
    if let Some(s) = &a.addr_space {
        let _ = write!(l, ", {}", metadata::keyword(metadata::ADDR_SPACES, s)?);
    }
    for q in [&a.acc_qual, &a.actual_acc_qual].into_iter().flatten() {
        let _ = write!(l, ", {}", metadata::keyword(metadata::ACCESS, q)?);
    }
    for (f, name) in [
        (a.is_const, "const"),
        (a.is_restrict, "restrict"),
        (a.is_volatile, "volatile"),
        (a.is_pipe, "pipe"),
    ] {
        if f {
            let _ = write!(l, " {name}");
        }
    }
    Some(l)
}

/// The metadata pseudo-ops of one kernel; `None` if an argument has no `.arg` form.
fn md_lines(out: &mut String, k: &KernelMd) -> Option<()> {
    let i = "        ";
    let _ = writeln!(out, "{i}.md_symname {}", ascii(k.symbol_name.as_bytes()));
    match k.language_version {
        Some((a, b)) => {
            let _ = writeln!(
                out,
                "{i}.md_language {}, {a}, {b}",
                ascii(k.language.as_bytes())
            );
        }
        None => {
            let _ = writeln!(out, "{i}.md_language {}", ascii(k.language.as_bytes()));
        }
    }
    for (n, v) in [
        ("md_kernarg_segment_size", k.kernarg_segment_size),
        ("md_kernarg_segment_align", k.kernarg_segment_align),
        ("md_group_segment_fixed_size", k.group_segment_fixed_size),
        (
            "md_private_segment_fixed_size",
            k.private_segment_fixed_size,
        ),
        ("md_wavefront_size", k.wavefront_size),
        ("md_sgprsnum", k.num_sgprs),
        ("md_vgprsnum", k.num_vgprs),
        ("max_flat_work_group_size", k.max_flat_work_group_size),
    ] {
        let _ = writeln!(out, "{i}.{n} {v}");
    }
    let w = k.reqd_work_group_size;
    if w != [0; 3] {
        let _ = writeln!(out, "{i}.cws {}, {}, {}", w[0], w[1], w[2]);
    }
    let w = k.work_group_size_hint;
    if w != [0; 3] {
        let _ = writeln!(out, "{i}.work_group_size_hint {}, {}, {}", w[0], w[1], w[2]);
    }
    if !k.vec_type_hint.is_empty() {
        let _ = writeln!(out, "{i}.vectypehint {}", k.vec_type_hint);
    }
    for a in &k.args {
        let _ = writeln!(out, "{i}{}", rocm_arg_line(a)?);
    }
    Some(())
}

/// The `.config` lines PGMRSRC1 and PGMRSRC2 give (ROCm descriptors and Gallium's
/// entries alike); `lds_block` is the LDS_SIZE granule in bytes.
fn pgmrsrc_lines(out: &mut String, r1: u32, r2: u32, lds_block: u32) {
    let i = "        ";
    let tgid = ((r2 >> 7) & 7) as u8;
    let tidig = (r2 >> 11) & 3;
    let highest = |m: u8| {
        if m & 4 != 0 {
            2
        } else if m & 2 != 0 {
            1
        } else {
            0
        }
    };
    if tgid != 0 && highest(tgid) == tidig {
        let _ = writeln!(out, "{i}.dims {}", dims_text(tgid));
    } else if tgid != 0 && tidig < 3 {
        let local = (1u8 << (tidig + 1)) - 1;
        let _ = writeln!(out, "{i}.dims {}, {}", dims_text(tgid), dims_text(local));
    }
    let _ = writeln!(out, "{i}.sgprsnum {}", ((r1 >> 6) & 15) * 8 + 8);
    let _ = writeln!(out, "{i}.vgprsnum {}", (r1 & 63) * 4 + 4);
    let _ = writeln!(out, "{i}.floatmode {:#04x}", (r1 >> 12) & 0xff);
    let _ = writeln!(out, "{i}.priority {}", (r1 >> 10) & 3);
    let lds = ((r2 >> 15) & 0x1ff) * lds_block;
    if lds != 0 {
        let _ = writeln!(out, "{i}.localsize {lds}");
    }
    let _ = writeln!(out, "{i}.userdatanum {}", (r2 >> 1) & 31);
    let _ = writeln!(out, "{i}.pgmrsrc1 {r1:#010x}");
    let _ = writeln!(out, "{i}.pgmrsrc2 {r2:#010x}");
}

/// `.NAME VALUE` (in hex or decimal) for each descriptor field that is not zero:
/// clrxdisasm leaves those at zero out.
fn nonzero_lines(out: &mut String, hex: bool, fields: &[(&str, u64)]) {
    for &(n, v) in fields.iter().filter(|(_, v)| *v != 0) {
        let _ = if hex {
            writeln!(out, "        .{n} {v:#x}")
        } else {
            writeln!(out, "        .{n} {v}")
        };
    }
}

/// A kernel descriptor as `.config` pseudo-ops, in clrxdisasm's order.
fn hsa_lines(out: &mut String, h: &HsaConfig) {
    let i = "        ";
    pgmrsrc_lines(out, h.pgmrsrc1, h.pgmrsrc2, 512);
    let _ = writeln!(
        out,
        "{i}.codeversion {}, {}",
        h.code_version_major, h.code_version_minor
    );
    let _ = writeln!(
        out,
        "{i}.machine {}, {}, {}, {}",
        h.machine_kind, h.machine_major, h.machine_minor, h.machine_stepping
    );
    let _ = writeln!(
        out,
        "{i}.kernel_code_entry_offset {:#x}",
        h.kernel_code_entry_offset
    );
    nonzero_lines(
        out,
        true,
        &[
            ("kernel_code_prefetch_offset", h.kernel_code_prefetch_offset),
            ("kernel_code_prefetch_size", h.kernel_code_prefetch_size),
            ("max_scratch_backing_memory", h.max_scratch_backing_memory),
        ],
    );
    let p = h.kernel_code_properties;
    let bit = |b: u32| p & (1 << b) != 0;
    flag_lines(
        out,
        &[
            (bit(0), ".use_private_segment_buffer"),
            (bit(1), ".use_dispatch_ptr"),
            (bit(2), ".use_queue_ptr"),
            (bit(3), ".use_kernarg_segment_ptr"),
            (bit(4), ".use_dispatch_id"),
            (bit(5), ".use_flat_scratch_init"),
            (bit(6), ".use_private_segment_size"),
        ],
    );
    let grid = ((p >> 7) & 7) as u8;
    if grid != 0 {
        let _ = writeln!(out, "{i}.use_grid_workgroup_count {}", dims_text(grid));
    }
    if p & (1 << 16) != 0 {
        let _ = writeln!(out, "{i}.use_ordered_append_gds");
    }
    let _ = writeln!(out, "{i}.private_elem_size {}", 2u32 << ((p >> 17) & 3));
    flag_lines(
        out,
        &[
            (bit(19), ".use_ptr64"),
            (bit(20), ".use_dynamic_call_stack"),
            (bit(21), ".use_debug_enabled"),
            (bit(22), ".use_xnack_enabled"),
        ],
    );
    nonzero_lines(
        out,
        false,
        &[
            (
                "workitem_private_segment_size",
                h.workitem_private_segment_size.into(),
            ),
            (
                "workgroup_group_segment_size",
                h.workgroup_group_segment_size.into(),
            ),
            ("gds_segment_size", h.gds_segment_size.into()),
        ],
    );
    let _ = writeln!(out, "{i}.kernarg_segment_size {}", h.kernarg_segment_size);
    nonzero_lines(
        out,
        false,
        &[(
            "workgroup_fbarrier_count",
            h.workgroup_fbarrier_count.into(),
        )],
    );
    let _ = writeln!(out, "{i}.wavefront_sgpr_count {}", h.wavefront_sgpr_count);
    let _ = writeln!(out, "{i}.workitem_vgpr_count {}", h.workitem_vgpr_count);
    for (n, first, count) in [
        (
            "reserved_vgprs",
            h.reserved_vgpr_first,
            h.reserved_vgpr_count,
        ),
        (
            "reserved_sgprs",
            h.reserved_sgpr_first,
            h.reserved_sgpr_count,
        ),
    ] {
        if count != 0 {
            let last = u32::from(first) + u32::from(count) - 1;
            let _ = writeln!(out, "{i}.{n} {first}, {last}");
        }
    }
    nonzero_lines(
        out,
        false,
        &[
            (
                "debug_wavefront_private_segment_offset_sgpr",
                h.debug_wavefront_private_segment_offset_sgpr.into(),
            ),
            (
                "debug_private_segment_buffer_sgpr",
                h.debug_private_segment_buffer_sgpr.into(),
            ),
        ],
    );
    for (n, v) in [
        ("kernarg_segment_align", h.kernarg_segment_align_log2),
        ("group_segment_align", h.group_segment_align_log2),
        ("private_segment_align", h.private_segment_align_log2),
        ("wavefront_size", h.wavefront_size_log2),
    ] {
        let _ = writeln!(out, "{i}.{n} {}", 1u64 << (v & 63));
    }
    let _ = writeln!(out, "{i}.call_convention {:#x}", h.call_convention);
    if h.runtime_loader_kernel_symbol != 0 {
        let _ = writeln!(
            out,
            "{i}.runtime_loader_kernel_symbol {:#x}",
            h.runtime_loader_kernel_symbol
        );
    }
}

fn rocm_listing(
    input: &RocmInput,
    opts: &Cl2DisasmOptions,
    config: bool,
) -> Result<Cl2Disassembly, RocmError> {
    let warnings = Vec::new();
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
    let all = opts.all || config;
    // The metadata as pseudo-ops when the model holds all of it and its kernels are
    // the code object's, in order.
    let md = if config {
        std::str::from_utf8(&input.metadata)
            .ok()
            .and_then(RocmMetadata::from_yaml)
            .filter(|m| m.to_yaml().as_bytes() == input.metadata.as_slice())
            .filter(|m| {
                m.kernels.len() == input.kernels.len()
                    && m.kernels
                        .iter()
                        .zip(&input.kernels)
                        .all(|(a, b)| a.name == b.name)
            })
            // Every argument must have an `.arg` spelling.
            .filter(|m| {
                m.kernels
                    .iter()
                    .all(|k| k.args.iter().all(|a| rocm_arg_line(a).is_some()))
            })
    } else {
        None
    };
    if let Some(m) = &md {
        let _ = writeln!(out, ".md_version {}, {}", m.version.0, m.version.1);
    }
    if all {
        // clrxdisasm -C leaves the global data out; Kauai keeps it, so that the
        // listing reassembles to the same file.
        if let Some(g) = &input.global_data {
            let _ = writeln!(out, ".globaldata\n.gdata:");
            bytes_lines(&mut out, "    ", g);
        }
        if md.is_none() {
            let _ = writeln!(out, ".metadata");
            for line in input.metadata.split_inclusive(|&b| b == b'\n') {
                let _ = writeln!(out, "    .ascii {}", ascii(line));
            }
        }
    }
    // Kernels whose whole descriptor lies in the code print it as configuration.
    let mut configured = vec![false; input.kernels.len()];
    for (n, k) in input.kernels.iter().enumerate() {
        let _ = writeln!(out, ".kernel {}", k.name);
        if !config {
            continue;
        }
        let start = k.offset as usize;
        if let Some(d) = input.code.get(start..start + 256) {
            let h = HsaConfig::from_bytes(d);
            let _ = writeln!(out, "    .config");
            hsa_lines(&mut out, &h);
            let _ = writeln!(out, "    .control_directive");
            bytes_lines(&mut out, "        ", &h.control_directive);
            configured[n] = true;
        }
        if let Some(m) = &md {
            let _ = writeln!(out, "    .config");
            // (Checked above: every argument has a spelling.)
            let _ = md_lines(&mut out, &m.kernels[n]);
        }
    }
    let mut order: Vec<usize> = (0..input.kernels.len()).collect();
    order.sort_by_key(|&i| input.kernels[i].offset);
    let offsets: Vec<usize> = input.kernels.iter().map(|k| k.offset as usize).collect();
    let names: Vec<&str> = input.kernels.iter().map(|k| k.name.as_str()).collect();
    text_lines(
        &mut out,
        &input.code,
        (&names, &offsets, &order),
        arch,
        opts,
        |out, i, start, end| {
            let desc_end = (start + 256).min(end);
            if configured[i] && desc_end == start + 256 {
                // The configuration writes the descriptor over these bytes.
                let _ = writeln!(out, ".skip 256");
            } else if all {
                bytes_lines(out, "        ", &input.code[start..desc_end]);
            }
            desc_end
        },
    );
    Ok(Cl2Disassembly {
        text: out,
        warnings,
    })
}

/// Disassemble a Gallium binary for device `gpu` (CLRX's default: CapeVerde). With
/// `-C` a kernel whose `.AMDGPU.config` entries are CLRX's (RSRC1, RSRC2, scratch and
/// for LLVM 3.9 the spilled counts) prints them as `.config`; the listing is
/// assembled and compared, and the `-a` form printed (with a warning) when it does
/// not give the same bytes.
pub fn disassemble_gallium(
    bytes: &[u8],
    gpu: Option<&str>,
    opts: &Cl2DisasmOptions,
) -> Result<Cl2Disassembly, GalliumError> {
    let input = read_gallium(bytes)?;
    config_or_all(bytes, opts, |o, config| {
        gallium_listing(&input, gpu, o, config)
    })
}

/// A kernel's `.AMDGPU.config` entries as `.config` pseudo-ops, if they are CLRX's.
fn gallium_config_lines(out: &mut String, proginfo: &[(u32, u32)], gcn10: bool) -> bool {
    let regs: Vec<u32> = proginfo.iter().map(|e| e.0).collect();
    let five = regs == [0xB848, 0xB84C, 0xB860, 4, 8];
    if !five && regs != [0xB848, 0xB84C, 0xB860] || proginfo[2].1 != 0 {
        return false;
    }
    let (r1, r2) = (proginfo[0].1, proginfo[1].1);
    let i = "        ";
    let _ = writeln!(out, "    .config");
    pgmrsrc_lines(out, r1, r2, if gcn10 { 256 } else { 512 });
    if five {
        let _ = writeln!(out, "{i}.spilledsgprs {}", proginfo[3].1);
        let _ = writeln!(out, "{i}.spilledvgprs {}", proginfo[4].1);
    }
    true
}

fn gallium_listing(
    input: &kauai_amdbin::gallium::GalliumInput,
    gpu: Option<&str>,
    opts: &Cl2DisasmOptions,
    config: bool,
) -> Result<Cl2Disassembly, GalliumError> {
    let warnings = Vec::new();
    let name = gpu.unwrap_or("CapeVerde");
    let device = Device::from_name(name)
        .ok_or_else(|| GalliumError::Invalid(format!("unknown GPU device '{name}'")))?;
    let arch = crate::device::arch_of(device.arch());
    let mut out = String::new();
    let _ = writeln!(out, ".gallium\n.gpu {}", device.name());
    let _ = writeln!(out, "{}", if input.is64 { ".64bit" } else { ".32bit" });
    let all = opts.all || config;
    if all {
        // clrxdisasm -C leaves the global data out; Kauai keeps it (to reassemble).
        if let Some(g) = &input.global_data {
            let _ = writeln!(out, ".rodata");
            bytes_lines(&mut out, "    ", g);
        }
    }
    if input.mesa_version != 0 {
        let _ = writeln!(out, ".driver_version {}", input.mesa_version);
    }
    let five = input.kernels.first().is_some_and(|k| k.proginfo.len() == 5);
    if five {
        let _ = writeln!(out, ".llvm_version 30900");
    } else if all {
        // Kauai's default layout is LLVM 4.0's: say that the code holds no descriptors.
        let _ = writeln!(out, ".llvm_version 30800");
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
        if config
            && gallium_config_lines(
                &mut out,
                &k.proginfo,
                device.arch() == kauai_amdbin::GpuArch::Gcn10,
            )
        {
            continue;
        }
        let _ = writeln!(out, "    .proginfo");
        for (r, v) in &k.proginfo {
            let _ = writeln!(out, "        .entry {r:#010x}, {v:#010x}");
        }
    }
    let mut order = by_name.clone();
    order.sort_by_key(|&i| input.kernels[i].offset);
    let offsets: Vec<usize> = input.kernels.iter().map(|k| k.offset as usize).collect();
    let names: Vec<&str> = input.kernels.iter().map(|k| k.name.as_str()).collect();
    text_lines(
        &mut out,
        &input.code,
        (&names, &offsets, &order),
        arch,
        opts,
        |_, _, start, _| start,
    );
    Ok(Cl2Disassembly {
        text: out,
        warnings,
    })
}

/// `.text`: the code before the first kernel, then each kernel's label and code up to
/// the next kernel's offset, kernels in `order` (indices into `names` and `offsets`).
/// `head` prints what stands at a kernel's start before its code (its descriptor)
/// and says where the code begins.
fn text_lines(
    out: &mut String,
    code: &[u8],
    (names, offsets, order): (&[&str], &[usize], &[usize]),
    arch: crate::Arch,
    opts: &Cl2DisasmOptions,
    mut head: impl FnMut(&mut String, usize, usize, usize) -> usize,
) {
    let _ = writeln!(out, ".text");
    let no_lits = BTreeMap::new();
    let first = order.first().map_or(code.len(), |&i| offsets[i]);
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
        let start = offsets[i];
        let end = order.get(n + 1).map_or(code.len(), |&j| offsets[j]);
        let _ = writeln!(out, "{}:", names[i]);
        let from = head(out, i, start, end);
        out.push_str(&disassemble_region(
            &code[from..end],
            from as u64,
            arch,
            opts.code,
            n,
            &no_lits,
            true,
        ));
    }
}

/// Is this a ROCm code object (by its ELF header)?
pub fn is_rocm(bytes: &[u8]) -> bool {
    kauai_amdbin::rocm::is_rocm(bytes)
}

/// Is this a Gallium binary in CLRX's layout (it reads)?
pub fn is_gallium(bytes: &[u8]) -> bool {
    !bytes.starts_with(b"\x7fELF") && read_gallium(bytes).is_ok()
}
