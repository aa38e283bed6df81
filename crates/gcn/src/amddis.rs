//! Disassembly of AMD Catalyst OpenCL 1.2 binaries into `.amd` CLRX source, laid out
//! as `clrxdisasm` lays it out.
//!
//! With [`Cl2DisasmOptions::all`] each kernel gets its raw header, metadata, inner
//! `.data` and CAL notes, which reassemble to the same bytes; with
//! [`Cl2DisasmOptions::config`] the human `.config` form instead, where
//! `kauai-amdbin` derives one that regenerates the blobs exactly (else the raw form
//! stays, with a comment saying why). Both forms also keep the compile options, driver
//! info and global data (clrxdisasm's `-C` leaves them out) so that the text
//! reassembles to the same file.

use std::collections::BTreeMap;
use std::fmt::Write;

use kauai_amdbin::amd::{
    derive_config, note, read_amd, AmdArg, AmdArgKind, AmdError, AmdKernelConfig, AmdKernelContent,
    CalNote, DEFAULT_DATA_SIZE, USER_DATA_CLASSES,
};
use kauai_amdbin::{AddressSpace, ImageAccess, Pointee};

use crate::asm::lex::is_name;
use crate::cl2dis::{
    config_or_raw, dims_text, flag_lines, image_type_name, quoted_with, space_name,
    Cl2DisasmOptions, Cl2Disassembly,
};
use crate::print::disassemble_with;

/// CLRX's OpenCL 1.2 listings also escape `\r` by name.
const ALSO_ESCAPED: &[u8] = b"\r";

fn escape(b: u8, o: &mut String) {
    crate::cl2dis::escape(b, ALSO_ESCAPED, o);
}

fn quoted(s: &[u8]) -> String {
    quoted_with(s, ALSO_ESCAPED)
}

/// Bytes as clrxdisasm prints them: eight a line; a run of one byte value reaching
/// over a whole line becomes `.fill N, 1, 0xVV` (up to an 8-byte boundary unless it
/// ends the data).
fn data_lines(out: &mut String, indent: &str, d: &[u8]) {
    let mut p = 0;
    while p < d.len() {
        let end = p + d[p..].iter().take_while(|b| **b == d[p]).count();
        if end >= p + 8 {
            let stop = if end != d.len() { end & !7 } else { end };
            let _ = writeln!(out, "{indent}.fill {}, 1, {:#04x}", stop - p, d[p]);
            p = stop;
            continue;
        }
        let line = (p + 8).min(d.len());
        let b: Vec<String> = d[p..line].iter().map(|x| format!("{x:#04x}")).collect();
        let _ = writeln!(out, "{indent}.byte {}", b.join(", "));
        p = line;
    }
}

/// 32-bit words as clrxdisasm prints them (four a line, `.fill N, 4, V` for runs).
fn int_lines(out: &mut String, indent: &str, w: &[u32]) {
    let mut p = 0;
    while p < w.len() {
        let end = p + w[p..].iter().take_while(|x| **x == w[p]).count();
        if end >= p + 4 {
            let stop = if end != w.len() { end & !3 } else { end };
            let _ = writeln!(out, "{indent}.fill {}, 4, {:#010x}", stop - p, w[p]);
            p = stop;
            continue;
        }
        let line = (p + 4).min(w.len());
        let v: Vec<String> = w[p..line].iter().map(|x| format!("{x:#010x}")).collect();
        let _ = writeln!(out, "{indent}.int {}", v.join(", "));
        p = line;
    }
}

/// A text as `.ascii` lines: each ends after a newline or 72 bytes (escaped, at most
/// 76 characters).
fn ascii_lines(out: &mut String, indent: &str, d: &[u8]) {
    let mut p = 0;
    while p < d.len() {
        let limit = (p + 72).min(d.len());
        let mut end = p;
        while end < limit && d[end] != b'\n' {
            end += 1;
        }
        if end < limit {
            end += 1;
        }
        let mut s = String::new();
        let mut q = p;
        while q < end {
            let mut e = String::new();
            escape(d[q], &mut e);
            if s.len() + e.len() > 76 {
                break;
            }
            s.push_str(&e);
            q += 1;
        }
        let _ = writeln!(out, "{indent}.ascii \"{s}\"");
        p = q;
    }
}

fn words(d: &[u8]) -> Vec<u32> {
    d.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

const NOTE_NAMES: [&str; 17] = [
    ".proginfo",
    ".inputs",
    ".outputs",
    ".condout",
    ".floatconsts",
    ".intconsts",
    ".boolconsts",
    ".earlyexit",
    ".globalbuffers",
    ".constantbuffers",
    ".inputsamplers",
    ".persistentbuffers",
    ".scratchbuffers",
    ".subconstantbuffers",
    ".uavmailboxsize",
    ".uav",
    ".uavopmask",
];

/// One CAL note, as clrxdisasm prints it.
fn note_lines(out: &mut String, n: &CalNote) {
    let i = "        ";
    match NOTE_NAMES.get((n.ntype as usize).wrapping_sub(1)) {
        Some(name) => {
            let _ = write!(out, "    {name}");
        }
        None => {
            let _ = write!(out, "    .calnote {:#x}", n.ntype);
        }
    }
    if n.data.is_empty() {
        out.push('\n');
        return;
    }
    let w = words(&n.data);
    // Entries of `per` words each, printed by `f`; the rest as bytes.
    let entries = |out: &mut String, per: usize, f: &dyn Fn(&[u32]) -> String| {
        out.push('\n');
        for e in w.chunks_exact(per) {
            let _ = writeln!(out, "{i}{}", f(e));
        }
        data_lines(out, i, &n.data[(w.len() / per) * per * 4..]);
    };
    match n.ntype {
        note::PROGINFO => entries(out, 2, &|e| {
            format!(".entry {:#010x}, {:#010x}", e[0], e[1])
        }),
        note::INPUTS
        | note::OUTPUTS
        | note::GLOBAL_BUFFERS
        | note::SCRATCH_BUFFERS
        | note::PERSISTENT_BUFFERS => {
            out.push('\n');
            int_lines(out, i, &w);
            data_lines(out, i, &n.data[w.len() * 4..]);
        }
        note::INT32CONSTS | note::FLOAT32CONSTS | note::BOOL32CONSTS => {
            entries(out, 2, &|e| format!(".segment {}, {}", e[0], e[1]))
        }
        note::INPUT_SAMPLERS => entries(out, 2, &|e| format!(".sampler {}, {:#x}", e[0], e[1])),
        note::CONSTANT_BUFFERS => entries(out, 2, &|e| format!(".cbmask {}, {}", e[0], e[1])),
        note::EARLYEXIT | note::CONDOUT | note::UAV_OP_MASK | note::UAV_MAILBOX_SIZE
            if n.data.len() == 4 =>
        {
            let _ = writeln!(out, " {}", w[0]);
        }
        note::UAV => entries(out, 4, &|e| {
            format!(".entry {}, {}, {}, {}", e[0], e[1], e[2], e[3])
        }),
        _ => {
            out.push('\n');
            data_lines(out, i, &n.data);
        }
    }
}

fn value_name(a: &AmdArgKind) -> String {
    match a {
        AmdArgKind::Value(v) if v.len == 1 => v.elem.name().to_string(),
        AmdArgKind::Value(v) => format!("{}{}", v.elem.name(), v.len),
        _ => String::new(),
    }
}

/// One `.arg` line in CLRX's `-C` spelling.
fn arg_line(a: &AmdArg) -> String {
    let mut s = format!(".arg {}, {}, ", a.name, quoted(a.type_name.as_bytes()));
    let res = a.res_id.map(|r| r.to_string()).unwrap_or_default();
    match &a.kind {
        AmdArgKind::Value(_) => s.push_str(&value_name(&a.kind)),
        AmdArgKind::Sampler => s.push_str("sampler"),
        AmdArgKind::Structure { size } => {
            let _ = write!(s, "structure, {size}");
        }
        AmdArgKind::Counter32 => {
            let _ = write!(s, "counter32, {res}");
        }
        AmdArgKind::Image { image, access } => {
            let t = image_type_name(*image);
            let acc = match access {
                ImageAccess::ReadOnly => "read_only",
                ImageAccess::WriteOnly => "write_only",
                ImageAccess::ReadWrite => "",
            };
            let _ = write!(s, "{t}, {acc}, {res}");
        }
        AmdArgKind::Pointer {
            pointee,
            space,
            is_const,
            is_restrict,
            is_volatile,
            const_size,
        } => {
            match pointee {
                Pointee::Value(v) => {
                    let _ = write!(s, "{}*", value_name(&AmdArgKind::Value(*v)));
                }
                Pointee::Structure { size } => {
                    let _ = write!(s, "structure*, {size}");
                }
            }
            let sp = space_name(*space);
            let _ = write!(s, ", {sp}");
            let mut q = String::new();
            for (on, n) in [
                (*is_const, " const"),
                (*is_restrict, " restrict"),
                (*is_volatile, " volatile"),
            ] {
                if on {
                    q.push_str(n);
                }
            }
            if q.is_empty() {
                s.push_str(", ");
            } else {
                let _ = write!(s, ",{q}");
            }
            if *space == AddressSpace::Constant {
                let _ = write!(s, ", {const_size}");
            }
            if *space != AddressSpace::Local {
                let _ = write!(s, ", {res}");
            }
        }
    }
    if !a.used {
        s.push_str(", unused");
    }
    s
}

/// The `.config` block in CLRX's order.
fn config_lines(out: &mut String, c: &AmdKernelConfig) {
    let i = "        ";
    let _ = writeln!(out, "    .config");
    if let Some(m) = c.dims {
        let _ = writeln!(out, "{i}.dims {}", dims_text(m));
    }
    let w = c.reqd_work_group_size;
    if w[2] != 0 {
        let _ = writeln!(out, "{i}.cws {}, {}, {}", w[0], w[1], w[2]);
    } else if w[1] != 0 {
        let _ = writeln!(out, "{i}.cws {}, {}", w[0], w[1]);
    } else if w[0] != 0 {
        let _ = writeln!(out, "{i}.cws {}", w[0]);
    }
    let _ = writeln!(out, "{i}.sgprsnum {}", c.sgprs_num);
    let _ = writeln!(out, "{i}.vgprsnum {}", c.vgprs_num);
    if let Some(r) = c.hw_region.filter(|r| *r != 0) {
        let _ = writeln!(out, "{i}.hwregion {r}");
    }
    if c.hw_local != 0 {
        let _ = writeln!(out, "{i}.hwlocal {}", c.hw_local);
    }
    let _ = writeln!(out, "{i}.floatmode {:#04x}", c.float_mode);
    if c.scratch_buffer != 0 {
        let _ = writeln!(out, "{i}.scratchbuffer {}", c.scratch_buffer);
    }
    for (v, n) in [
        (c.uav_id, ".uavid"),
        (c.uav_private, ".uavprivate"),
        (c.printf_id, ".printfid"),
        (c.private_id, ".privateid"),
        (c.const_buffer_id, ".cbid"),
    ] {
        if let Some(v) = v {
            let _ = writeln!(out, "{i}{n} {v}");
        }
    }
    let _ = writeln!(out, "{i}.earlyexit {}", c.early_exit);
    let _ = writeln!(out, "{i}.condout {}", c.cond_out);
    let _ = writeln!(out, "{i}.pgmrsrc2 {:#010x}", c.pgmrsrc2);
    flag_lines(
        out,
        &[
            (c.ieee_mode, ".ieeemode"),
            (c.tg_size, ".tgsize"),
            (c.use_printf, ".useprintf"),
            (c.use_const_data, ".useconstdata"),
        ],
    );
    if c.exceptions & 0x7F != 0 {
        let _ = writeln!(out, "{i}.exceptions {:#04x}", c.exceptions);
    }
    for u in &c.user_datas {
        let class = USER_DATA_CLASSES
            .iter()
            .find(|(_, v)| *v == u.data_class)
            .map_or("unknown", |(n, _)| n);
        let _ = writeln!(
            out,
            "{i}.userdata {class}, {}, {}, {}",
            u.api_slot, u.reg_start, u.reg_size
        );
    }
    for a in &c.args {
        let _ = writeln!(out, "{i}{}", arg_line(a));
    }
    for s in &c.samplers {
        let _ = writeln!(out, "{i}.sampler {s:#x}");
    }
}

/// Does `bytes` look like an AMD Catalyst OpenCL 1.2 binary (an ELF whose machine is a
/// GCN device code of that format)?
pub fn is_amd_binary(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x7fELF")
        && bytes.len() >= 20
        && kauai_amdbin::Device::from_amd_machine(u16::from_le_bytes([bytes[18], bytes[19]]))
            .is_some()
}

/// Disassemble an AMD Catalyst OpenCL 1.2 binary.
pub fn disassemble_amd(bytes: &[u8], opts: &Cl2DisasmOptions) -> Result<Cl2Disassembly, AmdError> {
    let input = read_amd(bytes)?;
    let mut out = String::new();
    let arch = crate::device::arch_of(input.device.arch());
    let _ = writeln!(out, ".amd\n.gpu {}", input.device.name());
    let _ = writeln!(out, "{}", if input.is64 { ".64bit" } else { ".32bit" });
    let full = opts.all || opts.config;
    if full {
        let _ = writeln!(
            out,
            ".compile_options {}",
            quoted(input.compile_options.as_bytes())
        );
        let _ = writeln!(
            out,
            ".driver_info {}",
            quoted(input.driver.info().as_bytes())
        );
        if let Some(g) = input.global_data.as_ref().filter(|g| !g.is_empty()) {
            let _ = writeln!(out, ".globaldata");
            data_lines(&mut out, "    ", g);
        }
    }
    for (n, k) in input.kernels.iter().enumerate() {
        if !is_name(&k.name) {
            return Err(AmdError::Unsupported(format!(
                "kernel name {} that is not a symbol name",
                quoted(k.name.as_bytes())
            )));
        }
        let _ = writeln!(out, ".kernel {}", k.name);
        let AmdKernelContent::Raw(raw) = &k.content else {
            return Err(AmdError::Unsupported(
                "reader gave a configured kernel".into(),
            ));
        };
        let derived = config_or_raw(
            &mut out,
            opts.config,
            || derive_config(&input, n),
            |c| c.args.iter().all(|a| is_name(&a.name)),
            "an argument name is not a symbol name",
        );
        match derived {
            Some(c) => {
                config_lines(&mut out, &c);
                if let Some(d) = &k.data {
                    let _ = writeln!(out, "    .data");
                    data_lines(&mut out, "        ", d);
                }
            }
            None if full => {
                let _ = writeln!(out, "    .header");
                data_lines(&mut out, "        ", &raw.header);
                let _ = writeln!(out, "    .metadata");
                ascii_lines(&mut out, "        ", &raw.metadata);
                // The default is printed as its 4736 zero bytes, as clrxdisasm does;
                // the assembler takes exactly those bytes for the default.
                let _ = writeln!(out, "    .data");
                match &k.data {
                    Some(d) => data_lines(&mut out, "        ", d),
                    None => data_lines(&mut out, "        ", &[0; DEFAULT_DATA_SIZE]),
                }
                for note in &raw.cal_notes {
                    note_lines(&mut out, note);
                }
            }
            None => {}
        }
        if !k.code.is_empty() {
            let _ = writeln!(out, "    .text");
            out.push_str(&disassemble_with(
                &k.code,
                arch,
                opts.code,
                n,
                &BTreeMap::new(),
            ));
        }
    }
    Ok(Cl2Disassembly {
        text: out,
        warnings: Vec::new(),
    })
}
