//! Disassembly of AMD OpenCL 2.0 binaries into `.amdcl2` CLRX source.
//!
//! The binary is read with `kauai-amdbin`; the output names the device, bitness and
//! driver version, holds the global data (with `.gdata`, `.rwdata` and `.bss` labels
//! that relocated literals refer to), samplers and, per kernel, its code. With
//! [`Cl2DisasmOptions::all`] each kernel also gets what reassembles to the same bytes:
//! its raw metadata, setup and (old layout) stub; with [`Cl2DisasmOptions::config`] the
//! human `.config` form instead, where the raw blobs follow from it exactly (kauai-amdbin
//! derives it and checks that it regenerates them); a kernel whose blobs no
//! configuration reproduces keeps the raw form, with a comment saying why.

use std::collections::BTreeMap;
use std::fmt::Write;

use kauai_amdbin::{
    derive_config, read_cl2, AddressSpace, ArgKind, Cl2Error, Dims, ImageAccess, ImageType,
    KernelArg, KernelConfig, KernelContent, Pointee, RelocKind, RelocTarget, SamplerInit,
    ValueType,
};

use crate::print::{disassemble_with, DisasmOptions};

/// What to print (clrxdisasm's flags).
#[derive(Clone, Copy, Debug, Default)]
pub struct Cl2DisasmOptions {
    /// `-a`: everything needed to reassemble the same bytes.
    pub all: bool,
    /// `-C`: kernel configurations in the human `.config` form.
    pub config: bool,
    /// `-f`, `-h` and code positions for the code listing.
    pub code: DisasmOptions,
}

/// The result: source text, and what could not be expressed (each a sentence).
#[derive(Clone, Debug, Default)]
pub struct Cl2Disassembly {
    pub text: String,
    pub warnings: Vec<String>,
}

/// CLRX's C-style escape of one byte. `also` holds what only some of its listings
/// escape by name: `'` (else itself) and `\r` (else octal).
pub(crate) fn escape(b: u8, also: &[u8], o: &mut String) {
    match b {
        b'"' => o.push_str("\\\""),
        b'\\' => o.push_str("\\\\"),
        b'\n' => o.push_str("\\n"),
        b'\t' => o.push_str("\\t"),
        b'\'' if also.contains(&b) => o.push_str("\\'"),
        b'\r' if also.contains(&b) => o.push_str("\\r"),
        0x20..=0x7e => o.push(b as char),
        _ => {
            let _ = write!(o, "\\{b:03o}");
        }
    }
}

/// A string in double quotes, escaped as [`escape`] says.
pub(crate) fn quoted_with(s: &[u8], also: &[u8]) -> String {
    let mut o = String::from("\"");
    for &b in s {
        escape(b, also, &mut o);
    }
    o.push('"');
    o
}

fn quoted(s: &[u8]) -> String {
    quoted_with(s, &[])
}

/// A blob as CLRX lists it: eight bytes a line, and runs of all-zero eight-byte groups
/// (with a zero tail) as one `.fill N, 1, 0x00`.
pub(crate) fn bytes_lines(out: &mut String, indent: &str, data: &[u8]) {
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

/// An image type as `.arg` spells it.
pub(crate) fn image_type_name(t: ImageType) -> &'static str {
    match t {
        ImageType::Image => "image",
        ImageType::Image1d => "image1d",
        ImageType::Image1dArray => "image1d_array",
        ImageType::Image1dBuffer => "image1d_buffer",
        ImageType::Image2d => "image2d",
        ImageType::Image2dArray => "image2d_array",
        ImageType::Image3d => "image3d",
    }
}

/// A pointer's address space as `.arg` spells it.
pub(crate) fn space_name(s: AddressSpace) -> &'static str {
    match s {
        AddressSpace::Global => "global",
        AddressSpace::Constant => "constant",
        AddressSpace::Local => "local",
    }
}

/// With `-C`, a kernel's derived configuration where `usable` says the `.config` form
/// says it all; otherwise `None`, with a comment saying why the kernel stays raw
/// (`unusable` or the derivation's error).
pub(crate) fn config_or_raw<C, E: std::fmt::Display>(
    out: &mut String,
    config: bool,
    derive: impl FnOnce() -> Result<C, E>,
    usable: impl FnOnce(&C) -> bool,
    unusable: &str,
) -> Option<C> {
    if !config {
        return None;
    }
    let why = match derive() {
        Ok(c) if usable(&c) => return Some(c),
        Ok(_) => unusable.to_string(),
        Err(e) => e.to_string(),
    };
    let _ = writeln!(out, "    # {why}: kept raw");
    None
}

fn reloc_symbol(t: RelocTarget) -> &'static str {
    match t {
        RelocTarget::GlobalData => ".gdata",
        RelocTarget::RwData => ".ddata",
        RelocTarget::Bss => ".bdata",
    }
}

/// A relocated literal as CLRX prints it: `.gdata&0xffffffff`, `(.gdata+32)>>32`.
fn reloc_expr(kind: RelocKind, target: RelocTarget, addend: i64) -> String {
    let place = match addend {
        0 => reloc_symbol(target).to_string(),
        a if a < 0 => format!("({}-{})", reloc_symbol(target), a.unsigned_abs()),
        a => format!("({}+{a})", reloc_symbol(target)),
    };
    match kind {
        RelocKind::Lo32 => format!("{place}&0xffffffff"),
        RelocKind::Hi32 => format!("{place}>>32"),
    }
}

fn value_type_name(v: ValueType) -> String {
    if v.len == 1 {
        v.elem.name().to_string()
    } else {
        format!("{}{}", v.elem.name(), v.len)
    }
}

fn used_suffix(used: u8) -> &'static str {
    match used {
        0 => "unused",
        1 => "rdonly",
        2 => "wronly",
        _ => "",
    }
}

/// One `.arg` line (type names always quoted, so nothing is re-derived).
fn arg_line(a: &KernelArg) -> String {
    let mut s = format!(".arg {}, {}, ", a.name, quoted(a.type_name.as_bytes()));
    let used = used_suffix(a.used);
    match &a.kind {
        ArgKind::Value(v) => {
            s.push_str(&value_type_name(*v));
            if !used.is_empty() {
                let _ = write!(s, ", {used}");
            }
        }
        ArgKind::Structure { size } => {
            let _ = write!(s, "structure, {size}");
            if !used.is_empty() {
                let _ = write!(s, ", {used}");
            }
        }
        ArgKind::Pointer {
            pointee,
            space,
            is_const,
            is_restrict,
            is_volatile,
        } => {
            match pointee {
                Pointee::Value(v) => {
                    let _ = write!(s, "{}*", value_type_name(*v));
                }
                Pointee::Structure { size } => {
                    let _ = write!(s, "structure*, {size}");
                }
            }
            let sp = space_name(*space);
            let _ = write!(s, ", {sp}");
            let mut quals = Vec::new();
            if *is_const {
                quals.push("const");
            }
            if *is_restrict {
                quals.push("restrict");
            }
            if *is_volatile {
                quals.push("volatile");
            }
            if !quals.is_empty() || !used.is_empty() {
                let _ = write!(s, ", {}", quals.join(" "));
            }
            if !used.is_empty() {
                let _ = write!(s, ", {used}");
            }
        }
        ArgKind::Image {
            image,
            access,
            res_id,
        } => {
            let t = image_type_name(*image);
            let acc = match access {
                ImageAccess::ReadOnly => "read_only",
                ImageAccess::WriteOnly => "write_only",
                ImageAccess::ReadWrite => "read_write",
            };
            let _ = write!(s, "{t}, {acc}");
            if let Some(r) = res_id {
                let _ = write!(s, ", {r}");
                if !used.is_empty() {
                    let _ = write!(s, ", {used}");
                }
            }
        }
        ArgKind::Sampler { res_id } => {
            s.push_str("sampler");
            if let Some(r) = res_id {
                let _ = write!(s, ", {r}");
                if !used.is_empty() {
                    let _ = write!(s, ", {used}");
                }
            }
        }
        ArgKind::Pipe | ArgKind::Queue | ArgKind::ClkEvent | ArgKind::Counter32 => {
            s.push_str(match a.kind {
                ArgKind::Pipe => "pipe",
                ArgKind::Queue => "queue",
                ArgKind::ClkEvent => "clkevent",
                _ => "counter32",
            });
            if !used.is_empty() {
                let _ = write!(s, ", {used}");
            }
        }
        ArgKind::Counter64 => s.push_str("counter64*"),
    }
    s
}

/// `x`, `y`, `z` for the bits of a dimension mask.
pub(crate) fn dims_text(m: u8) -> String {
    let mut s = String::new();
    for (bit, c) in [(1, 'x'), (2, 'y'), (4, 'z')] {
        if m & bit != 0 {
            s.push(c);
        }
    }
    s
}

/// A `.config` line for each flag that is set (8 spaces of indent).
pub(crate) fn flag_lines(out: &mut String, flags: &[(bool, &str)]) {
    for (_, name) in flags.iter().filter(|(on, _)| *on) {
        let _ = writeln!(out, "        {name}");
    }
}

/// The `.config` block of a configuration (8 spaces of indent, CLRX's layout).
fn config_lines(out: &mut String, c: &KernelConfig, samplers: &[u32]) {
    let i = "        ";
    let _ = writeln!(out, "    .config");
    match c.dims {
        Dims::FromPgmRsrc2 => {}
        Dims::Mask(m) => {
            let _ = writeln!(out, "{i}.dims {}", dims_text(m));
        }
        Dims::Split { group, local } => {
            let _ = writeln!(out, "{i}.dims {}, {}", dims_text(group), dims_text(local));
        }
    }
    let w = c.reqd_work_group_size;
    if w != [0; 3] {
        let _ = writeln!(out, "{i}.cws {}, {}, {}", w[0], w[1], w[2]);
    }
    let h = c.work_group_size_hint;
    if h != [0; 3] {
        let _ = writeln!(out, "{i}.work_group_size_hint {}, {}, {}", h[0], h[1], h[2]);
    }
    if !c.vec_type_hint.is_empty() {
        let _ = writeln!(out, "{i}.vectypehint {}", c.vec_type_hint);
    }
    let _ = writeln!(out, "{i}.sgprsnum {}", c.sgprs_num);
    let _ = writeln!(out, "{i}.vgprsnum {}", c.vgprs_num);
    if c.pgmrsrc1 != 0 {
        let _ = writeln!(out, "{i}.pgmrsrc1 {:#010x}", c.pgmrsrc1);
    }
    if c.pgmrsrc2 != 0 {
        let _ = writeln!(out, "{i}.pgmrsrc2 {:#010x}", c.pgmrsrc2);
    }
    if c.priority != 0 {
        let _ = writeln!(out, "{i}.priority {}", c.priority);
    }
    let _ = writeln!(out, "{i}.floatmode {:#04x}", c.float_mode);
    flag_lines(
        out,
        &[
            (c.ieee_mode, ".ieeemode"),
            (c.dx10_clamp, ".dx10clamp"),
            (c.debug_mode, ".debugmode"),
            (c.priv_mode, ".privmode"),
            (c.tg_size, ".tgsize"),
            (c.use_args, ".useargs"),
            (c.use_setup, ".usesetup"),
            (c.use_enqueue, ".useenqueue"),
            (c.use_generic, ".usegeneric"),
        ],
    );
    if c.exceptions != 0 {
        let _ = writeln!(out, "{i}.exceptions {:#x}", c.exceptions);
    }
    if c.local_size != 0 {
        let _ = writeln!(out, "{i}.localsize {}", c.local_size);
    }
    if c.gds_size != 0 {
        let _ = writeln!(out, "{i}.gdssize {}", c.gds_size);
    }
    if c.scratch_buffer != 0 {
        let _ = writeln!(out, "{i}.scratchbuffer {}", c.scratch_buffer);
    }
    if !samplers.is_empty() {
        let s: Vec<String> = samplers.iter().map(u32::to_string).collect();
        let _ = writeln!(out, "{i}.sampler {}", s.join(", "));
    }
    for a in &c.args {
        let _ = writeln!(out, "{i}{}", arg_line(a));
    }
}

/// Disassemble an AMD CL2 binary.
pub fn disassemble_cl2(bytes: &[u8], opts: &Cl2DisasmOptions) -> Result<Cl2Disassembly, Cl2Error> {
    let bin = read_cl2(bytes)?;
    let input = &bin.input;
    let mut out = String::new();
    let mut warnings = Vec::new();
    let arch = crate::device::arch_of(input.device.arch());
    let _ = writeln!(out, ".amdcl2");
    let _ = writeln!(out, ".gpu {}", input.device.name());
    let _ = writeln!(out, "{}", if input.is64 { ".64bit" } else { ".32bit" });
    // CLRX's order and spellings of the header and the global data.
    if let Some(m) = input.arch_minor {
        let _ = writeln!(out, ".arch_minor {m}");
    }
    if let Some(s) = input.arch_stepping {
        let _ = writeln!(out, ".arch_stepping {s}");
    }
    let _ = writeln!(out, ".driver_version {}", input.driver_version);
    // clrxdisasm prints the strings and the global data only with -a; Kauai also keeps
    // them with -C (which must reassemble to the same file) and wherever code refers to
    // the data through relocations.
    let full = opts.all || opts.config;
    if full {
        let _ = writeln!(
            out,
            ".compile_options {}",
            quoted(input.compile_options.as_bytes())
        );
        if let Some(a) = &input.acl_version {
            let _ = writeln!(out, ".acl_version {}", quoted(a.as_bytes()));
        }
    }
    let data = full
        || input.kernels.iter().any(|k| !k.relocations.is_empty())
        || input
            .hsa_code
            .as_ref()
            .is_some_and(|h| !h.relocations.is_empty());
    if data && !input.global_data.is_empty() {
        let _ = writeln!(out, ".globaldata\n.gdata:");
        bytes_lines(&mut out, "    ", &input.global_data);
    }
    if data && !input.rw_data.is_empty() {
        let _ = writeln!(out, ".data\n.ddata:");
        bytes_lines(&mut out, "    ", &input.rw_data);
    }
    if data && (input.bss_size != 0 || input.bss_align != 0) {
        // (An alignment of 0 is the default, 8.)
        let align = if input.bss_align != 0 {
            input.bss_align
        } else {
            8
        };
        let _ = writeln!(out, ".section .bss align={align}\n.bdata:");
        let _ = writeln!(out, "    .skip {}", input.bss_size);
    }
    match &input.samplers {
        SamplerInit::None => {}
        SamplerInit::Values(v) => {
            let s: Vec<String> = v.iter().map(|x| format!("{x:#x}")).collect();
            let _ = writeln!(out, ".main\n.sampler {}", s.join(", "));
        }
        SamplerInit::Raw(b) => {
            let _ = writeln!(out, ".samplerinit");
            bytes_lines(&mut out, "    ", b);
        }
    }
    for (id, off) in input.sampler_offsets.iter().enumerate() {
        let _ = writeln!(out, ".main\n.samplerreloc {off}, {id}");
    }
    for s in &input.extra_sections {
        warnings.push(format!(
            "not supported yet: extra section {} ({} bytes) is left out",
            s.name,
            s.data.len()
        ));
    }
    if !input.inner_extra_sections.is_empty()
        || !input.inner_symbols.is_empty()
        || !input.extra_symbols.is_empty()
    {
        warnings.push("not supported yet: extra sections and symbols are left out".into());
    }
    for (n, k) in input.kernels.iter().enumerate() {
        let _ = writeln!(out, ".kernel {}", k.name);
        if opts.all || opts.config {
            let raw = match &k.content {
                KernelContent::Raw(r) => r.clone(),
                KernelContent::Config(_) => {
                    return Err(Cl2Error::Unsupported(
                        "reader gave a configured kernel".into(),
                    ))
                }
            };
            let derived = config_or_raw(
                &mut out,
                opts.config,
                || derive_config(input, n),
                |c| c.hsa.is_none(),
                "setup not expressible by .config fields",
            );
            match derived {
                Some(c) => config_lines(&mut out, &c, &k.samplers),
                None => {
                    if !k.samplers.is_empty() {
                        warnings.push(format!(
                            "kernel {}: its sampler list needs the .config form",
                            k.name
                        ));
                    }
                    let _ = writeln!(out, "    .metadata");
                    bytes_lines(&mut out, "        ", &raw.metadata);
                    let _ = writeln!(out, "    .setup");
                    bytes_lines(&mut out, "        ", &raw.setup);
                    if !raw.stub.is_empty() {
                        let _ = writeln!(out, "    .stub");
                        bytes_lines(&mut out, "        ", &raw.stub);
                    }
                    if let Some(m) = &raw.isa_metadata {
                        let _ = writeln!(out, "    .isametadata");
                        bytes_lines(&mut out, "        ", m);
                    }
                }
            }
        }
        let _ = writeln!(out, "    .text");
        let lits: BTreeMap<usize, String> = k
            .relocations
            .iter()
            .map(|r| (r.offset as usize, reloc_expr(r.kind, r.target, r.addend)))
            .collect();
        out.push_str(&disassemble_with(&k.code, arch, opts.code, n, &lits));
    }
    Ok(Cl2Disassembly {
        text: out,
        warnings,
    })
}
