//! `kauai asm` and `kauai disasm`: the GCN assembler and disassembler (CLRX syntax).
//! Flags are named as `clrxasm` and `clrxdisasm` name them.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{ArgAction, Args};

use crate::{report, Failure};

/// Read an input through the GCN front doors' size cap (`kauai_gcn::limits`), so that
/// `/dev/zero` or a FIFO ends with an error naming the limit.
fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    kauai_gcn::limits::read_capped(path).map_err(|m| Failure::Input(format!("kauai: {m}")))
}

#[derive(Args)]
#[command(
    about = "Assemble GCN code in CLRX syntax into raw code or an AMD OpenCL 2.0 or 1.2, ROCm or Gallium binary",
    disable_help_flag = true,
    disable_version_flag = true
)]
pub(crate) struct AsmArgs {
    /// The assembly sources; several are read one after another as one source; none
    /// reads the source from standard input (as clrxasm).
    files: Vec<PathBuf>,
    /// Target device (CLRX names: tahiti, bonaire, tonga, fiji, gfx900, gfx906, gfx1010, ...);
    /// CLRX's default is CapeVerde (GCN 1.0).
    #[arg(short = 'g', long = "gpuType", value_name = "GPU")]
    gpu: Option<String>,
    /// Target architecture (GCN1.0, GCN1.1, GCN1.2, GCN1.4, GCN1.4.1, GCN1.5 or GFX6..GFX10).
    #[arg(short = 'A', long = "arch", value_name = "ARCH")]
    arch: Option<String>,
    /// Output format: `rawcode` (plain machine code, the default), `amdcl2` (AMD OpenCL
    /// 2.0), `amd` (AMD Catalyst OpenCL 1.2), `rocm` or `gallium`.
    #[arg(short = 'b', long = "binaryFormat", value_name = "FORMAT")]
    format: Option<String>,
    /// Write a 64-bit binary (AMD CL2).
    #[arg(short = '6', long = "64bit")]
    bits64: bool,
    /// Driver version (major * 100 + minor) whose AMD CL2 layout to write; CLRX's
    /// default without an installed driver is 0 (the oldest layout).
    #[arg(short = 't', long = "driverVersion", value_name = "VERSION")]
    driver_version: Option<u32>,
    /// ROCm: write the newer code object layout (NOTE segment first, e_flags 2).
    #[arg(long = "newROCmBinFormat")]
    new_rocm_format: bool,
    /// Gallium: the LLVM version (major * 10000 + minor * 100) whose layout to write;
    /// 40000 and later (the default) start kernels with HSA descriptors. `-t` gives
    /// the Mesa version.
    #[arg(long = "llvmVersion", value_name = "VERSION")]
    llvm_version: Option<u32>,
    /// Define a symbol: `-D NAME` (value 0) or `-D NAME=VALUE`.
    #[arg(short = 'D', long = "defsym", value_name = "SYM[=VALUE]")]
    defsyms: Vec<String>,
    /// Add a directory to the `.include` / `.incbin` search path.
    #[arg(short = 'I', long = "includePath", value_name = "DIR")]
    include: Vec<PathBuf>,
    /// Where to write the output (CLRX's default: a.out).
    #[arg(short, long, value_name = "FILE", default_value = "a.out")]
    output: PathBuf,
    /// Add all non-local symbols to the binary (not supported yet for binaries; raw
    /// code has no symbol table, so it changes nothing there).
    #[arg(short = 'S', long = "forceAddSymbols")]
    force_add_symbols: bool,
    /// Print no warnings (errors still print).
    #[arg(short = 'w', long = "noWarnings")]
    no_warnings: bool,
    /// Start in the alternate macro syntax (as `.altmacro` at the top of the source).
    #[arg(short = 'a', long = "alternate")]
    alternate: bool,
    /// Macro names are case-sensitive (as `.nomacrocase` at the top of the source).
    #[arg(short = 'm', long = "noMacroCase")]
    no_macro_case: bool,
    /// The policy version before any `.policy` (what `.get_policy` gives).
    #[arg(long = "policy", value_name = "VERSION")]
    policy: Option<u32>,
    /// CLRX 0.1.2's float literal rules (not supported yet).
    #[arg(long = "buggyFPLit")]
    buggy_fp_lit: bool,
    /// CLRX 0.1.5's modifier parameters, 0 and 1 only (not supported yet).
    #[arg(long = "oldModParam")]
    old_mod_param: bool,
    /// Print help.
    #[arg(short = '?', long, action = ArgAction::Help)]
    help: Option<bool>,
    /// Print a one-line usage.
    #[arg(long)]
    usage: bool,
    /// Print the version.
    #[arg(long)]
    version: bool,
}

#[derive(Args)]
#[command(
    about = "Disassemble GCN code or an AMD OpenCL 2.0 or 1.2, ROCm or Gallium binary into CLRX syntax that reassembles",
    disable_help_flag = true,
    disable_version_flag = true
)]
pub(crate) struct DisasmArgs {
    /// AMD OpenCL 2.0, ROCm or Gallium binaries, or raw machine code (with `-g`, `-A`
    /// or `-r`); with several, each listing starts with a `/* Disassembling 'FILE' */`
    /// line, as in clrxdisasm.
    #[arg(required_unless_present_any = ["usage", "version"])]
    files: Vec<PathBuf>,
    /// Device of raw code (CLRX names: tahiti, bonaire, tonga, fiji, gfx900, ...);
    /// required for raw code; binaries name their own, except Gallium ones (default
    /// CapeVerde, as clrxdisasm).
    #[arg(
        short = 'g',
        long = "gpuType",
        visible_alias = "gpu",
        value_name = "GPU"
    )]
    gpu: Option<String>,
    /// Architecture of raw code or Gallium binaries when `-g` is not given (its first
    /// device: GCN1.0 CapeVerde, GCN1.1 Bonaire, GCN1.2 Tonga, GCN1.4 GFX900, GCN1.4.1
    /// GFX906, GCN1.5 GFX1010).
    #[arg(short = 'A', long = "arch", value_name = "ARCH")]
    arch: Option<String>,
    /// Take the input as raw code even if it looks like a binary (device from `-g` or
    /// `-A`, else CapeVerde as clrxdisasm).
    #[arg(short = 'r', long = "raw")]
    raw: bool,
    /// Print everything needed to reassemble the same bytes (raw metadata, setup, stub).
    #[arg(short = 'a', long = "all")]
    all: bool,
    /// Print kernel configurations in the human `.config` form (blobs no configuration
    /// reproduces stay raw).
    #[arg(short = 'C', long = "config")]
    config: bool,
    /// Print the metadata (part of `-a`; with neither `-a` nor `-C` not supported yet).
    #[arg(short = 'm', long = "metadata")]
    metadata: bool,
    /// Print the global data (part of `-a` and `-C`; alone not supported yet).
    #[arg(short = 'd', long = "data")]
    data: bool,
    /// Print ATI CAL notes (part of `-a`; alone not supported yet; only AMD OpenCL 1.2
    /// binaries have them).
    #[arg(short = 'c', long = "calNotes")]
    cal_notes: bool,
    /// Print the kernel setup (part of `-a`; alone not supported yet).
    #[arg(short = 's', long = "setup")]
    setup: bool,
    /// AMD OpenCL 2.0: setup as an HSA configuration (not supported yet).
    #[arg(short = 'H', long = "HSAConfig")]
    hsa_config: bool,
    /// AMD OpenCL 2.0: code in the HSA layout, like ROCm (not supported yet).
    #[arg(short = 'L', long = "HSALayout")]
    hsa_layout: bool,
    /// Show literals of floating-point instructions as floats in comments.
    #[arg(short = 'f', long = "floats", visible_alias = "float")]
    floats: bool,
    /// Show each instruction's words in a `/*hex*/` comment.
    #[arg(short = 'h', long = "hexcode", visible_alias = "hex")]
    hex: bool,
    /// Show each instruction's byte offset in the comment (`/*000000000010*/`).
    #[arg(short = 'P', long = "codePos", visible_alias = "offsets")]
    offsets: bool,
    /// Driver version of AMD OpenCL 2.0 / Mesa version of Gallium binaries (not
    /// supported yet: Kauai reads the layout from the binary).
    #[arg(short = 't', long = "driverVersion", value_name = "VERSION")]
    driver_version: Option<u32>,
    /// LLVM version of Gallium binaries (not supported yet: Kauai reads the layout from
    /// the binary).
    #[arg(long = "llvmVersion", value_name = "VERSION")]
    llvm_version: Option<u32>,
    /// CLRX 0.1.2's float literal rules (not supported yet).
    #[arg(long = "buggyFPLit", visible_alias = "buggy-fplit")]
    buggy_fp_lit: bool,
    /// Print help (`-h` is `--hexcode`, as in clrxdisasm).
    #[arg(short = '?', long, action = ArgAction::Help)]
    help: Option<bool>,
    /// Print a one-line usage.
    #[arg(long)]
    usage: bool,
    /// Print the version.
    #[arg(long)]
    version: bool,
}

/// The version line of `kauai asm --version` / `kauai disasm --version`.
fn version_line(tool: &str) -> String {
    format!(
        "kauai {tool} {} (CLRX syntax of CLRadeonExtender 0.1.9)",
        env!("CARGO_PKG_VERSION")
    )
}

/// The usage line, every flag spelled out as clrxasm/clrxdisasm print theirs (derived
/// from the flag definitions, so it cannot go stale).
fn usage_line<A: Args>(tool: &'static str) -> String {
    let cmd = A::augment_args(clap::Command::new(tool));
    let mut line = format!("Usage: kauai {tool}");
    let mut files = String::new();
    for arg in cmd.get_arguments() {
        let value = arg
            .get_value_names()
            .and_then(|v| v.first())
            .map(|v| v.to_string());
        if arg.is_positional() {
            files = format!(
                " [{}...]",
                value.unwrap_or_else(|| "FILE".into()).to_lowercase()
            );
            continue;
        }
        let takes = arg.get_action().takes_values();
        let v = value.unwrap_or_else(|| "VALUE".into());
        let item = match (arg.get_short(), arg.get_long()) {
            (Some(c), Some(l)) if takes => format!("[-{c} {v}|--{l}={v}]"),
            (Some(c), Some(l)) => format!("[-{c}|--{l}]"),
            (None, Some(l)) if takes => format!("[--{l}={v}]"),
            (None, Some(l)) => format!("[--{l}]"),
            (Some(c), None) => format!("[-{c}]"),
            (None, None) => continue,
        };
        line.push(' ');
        line.push_str(&item);
    }
    line.push_str(&files);
    line
}

/// The first device of an architecture, which CLRX takes for `-A` without `-g`.
fn lowest_device(arch: kauai_gcn::Arch) -> &'static str {
    use kauai_gcn::Arch::*;
    match arch {
        Gfx6 => "CapeVerde",
        Gfx7 => "Bonaire",
        Gfx8 => "Tonga",
        Gfx9 => "GFX900",
        Gfx906 => "GFX906",
        Gfx10 => "GFX1010",
    }
}

fn not_supported(what: &str) -> Failure {
    Failure::Input(format!("kauai: not supported yet: {what}"))
}

pub(crate) fn gcn_device(name: &str) -> Result<kauai_gcn::Arch, Failure> {
    kauai_gcn::device(name)
        .map(|(_, arch)| arch)
        .ok_or_else(|| Failure::Usage(format!("unknown GPU `{name}`")))
}

/// `NAME` or `NAME=VALUE` (decimal, 0x hex, 0 octal, 0b binary, optional minus).
fn parse_defsym(s: &str) -> Result<(String, i64), Failure> {
    let (name, value) = s.split_once('=').unwrap_or((s, "0"));
    let bad = || Failure::Usage(format!("bad -D definition `{s}` (expected NAME[=VALUE])"));
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(bad());
    }
    let (neg, digits) = match value.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, value),
    };
    let v = if let Some(h) = digits.strip_prefix("0x").or(digits.strip_prefix("0X")) {
        u64::from_str_radix(h, 16)
    } else if let Some(b) = digits.strip_prefix("0b").or(digits.strip_prefix("0B")) {
        u64::from_str_radix(b, 2)
    } else if digits.len() > 1 && digits.starts_with('0') {
        u64::from_str_radix(&digits[1..], 8)
    } else {
        digits.parse::<u64>()
    }
    .map_err(|_| bad())? as i64;
    Ok((name.to_string(), if neg { v.wrapping_neg() } else { v }))
}

/// The assembler's input: one file as is, several through `.include` in order (so each
/// keeps its own name in diagnostics), none from standard input (as clrxasm).
fn sources(
    files: &[PathBuf],
    sm: &mut kauai_diag::SourceMap,
) -> Result<kauai_diag::FileId, Failure> {
    if files.is_empty() {
        use std::io::Read;
        let cap = kauai_gcn::limits::MAX_INPUT_BYTES;
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(cap.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::Input(format!("kauai: <stdin>: {e}")))?;
        if bytes.len() as u64 > cap {
            return Err(Failure::Input(format!(
                "kauai: <stdin>: more than {cap} bytes (the input size limit)"
            )));
        }
        return Ok(sm.add("<stdin>", bytes));
    }
    if let [one] = files {
        let bytes = read_file(one)?;
        return Ok(sm.add(one.display().to_string(), bytes));
    }
    let mut text = String::new();
    for f in files {
        read_file(f)?; // report a missing file as such, not as an include error
        let name = f.display().to_string();
        let escaped = name.replace('\\', "\\\\").replace('"', "\\\"");
        text.push_str(&format!(".include \"{escaped}\"\n"));
    }
    Ok(sm.add("<command line>", text))
}

fn write_binary(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    // Never a rename over a device such as /dev/null: the one output writer.
    crate::write_bytes(path, bytes)
}

pub(crate) fn asm(a: AsmArgs) -> Result<ExitCode, Failure> {
    if a.version {
        println!("{}", version_line("asm"));
        return Ok(ExitCode::SUCCESS);
    }
    if a.usage {
        println!("{}", usage_line::<AsmArgs>("asm"));
        return Ok(ExitCode::SUCCESS);
    }
    if a.buggy_fp_lit {
        return Err(not_supported(
            "--buggyFPLit (the float literal rules of CLRX 0.1.2)",
        ));
    }
    if a.old_mod_param {
        return Err(not_supported(
            "--oldModParam (the modifier parameters of CLRX 0.1.5, 0 and 1 only)",
        ));
    }
    if let Some(g) = &a.gpu {
        gcn_device(g)?;
    }
    let arch = match &a.arch {
        Some(n) => Some(
            kauai_gcn::Arch::from_name(n)
                .ok_or_else(|| Failure::Usage(format!("unknown architecture `{n}`")))?,
        ),
        None => None,
    };
    let format = match a.format.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("rawcode") | Some("raw") => kauai_gcn::Format::RawCode,
        Some("amdcl2") => kauai_gcn::Format::AmdCl2,
        Some("rocm") => kauai_gcn::Format::Rocm,
        Some("gallium") => kauai_gcn::Format::Gallium,
        Some("amd") => kauai_gcn::Format::Amd,
        Some(other) => {
            return Err(Failure::Usage(format!(
                "binary format `{other}` is not supported (rawcode, amdcl2, amd, rocm, gallium)"
            )))
        }
    };
    let defsyms = a
        .defsyms
        .iter()
        .map(|d| parse_defsym(d))
        .collect::<Result<Vec<_>, _>>()?;
    let mut sm = kauai_diag::SourceMap::new();
    let id = sources(&a.files, &mut sm)?;
    let mut diags = kauai_diag::Diagnostics::new();
    let opts = kauai_gcn::AsmOptions {
        gpu: a.gpu.clone(),
        arch,
        format,
        bits64: a.bits64,
        driver_version: a.driver_version,
        rocm_new_format: a.new_rocm_format,
        llvm_version: a.llvm_version,
        defsyms,
        include_dirs: a.include.clone(),
        alternate_macro: a.alternate,
        macro_case_sensitive: a.no_macro_case,
        policy: a.policy.map(i64::from),
        ..kauai_gcn::AsmOptions::default()
    };
    let result = kauai_gcn::assemble(&mut sm, id, &opts, &mut diags);
    let what = if a.files.is_empty() {
        "<stdin>".to_string()
    } else {
        a.files
            .iter()
            .map(|f| f.display().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    if a.no_warnings {
        // -w: errors (and the notes of errors) only.
        let mut kept = kauai_diag::Diagnostics::new();
        for d in diags.iter() {
            if d.severity != kauai_diag::Severity::Warning {
                kept.push(d.clone());
            }
        }
        diags = kept;
    }
    report(&sm, &diags, &what)?;
    let Ok(out) = result else {
        // An assembler failure always comes with an error diagnostic; be safe anyway.
        return Err(Failure::Input(format!("{what}: assembly failed")));
    };
    // Raw code has no symbol table, so -S changes nothing there (as in clrxasm).
    if a.force_add_symbols && out.format != kauai_gcn::Format::RawCode {
        return Err(not_supported(
            "-S (--forceAddSymbols): adding the source's global symbols to a binary",
        ));
    }
    let bytes = match (&out.binary, out.format) {
        (Some(b), _) => b.as_slice(),
        (None, kauai_gcn::Format::RawCode) => out.code(),
        (
            None,
            kauai_gcn::Format::AmdCl2
            | kauai_gcn::Format::Amd
            | kauai_gcn::Format::Rocm
            | kauai_gcn::Format::Gallium,
        ) => return Err(Failure::Input(format!("{what}: no binary was produced"))),
    };
    write_binary(&a.output, bytes)?;
    Ok(ExitCode::SUCCESS)
}

/// ELF files are AMD CL2 or OpenCL 1.2 binaries; anything else is raw code.
fn is_elf(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x7fELF")
}

pub(crate) fn disasm(a: DisasmArgs) -> Result<ExitCode, Failure> {
    if a.version {
        println!("{}", version_line("disasm"));
        return Ok(ExitCode::SUCCESS);
    }
    if a.usage {
        println!("{}", usage_line::<DisasmArgs>("disasm"));
        return Ok(ExitCode::SUCCESS);
    }
    if a.buggy_fp_lit {
        return Err(not_supported(
            "--buggyFPLit (the float literal rules of CLRX 0.1.2)",
        ));
    }
    // The device of raw code (and of Gallium binaries): -g, else -A's first device.
    let gpu: Option<String> = match (&a.gpu, &a.arch) {
        (Some(g), _) => {
            gcn_device(g)?;
            Some(g.clone())
        }
        (None, Some(n)) => {
            let arch = kauai_gcn::Arch::from_name(n)
                .ok_or_else(|| Failure::Usage(format!("unknown architecture `{n}`")))?;
            Some(lowest_device(arch).to_string())
        }
        (None, None) => None,
    };
    let several = a.files.len() > 1;
    let mut failed = false;
    for file in &a.files {
        if several {
            println!("/* Disassembling '{}' */", file.display());
        }
        match disasm_one(&a, file, gpu.as_deref()) {
            Ok(text) => print!("{text}"),
            // As clrxdisasm: with several files, a failing one is marked in the output
            // and the others still print.
            Err(Failure::Input(m)) if several => {
                println!("/* ERROR for '{}' */", file.display());
                eprintln!("kauai: error: {}", m.strip_prefix("kauai: ").unwrap_or(&m));
                failed = true;
            }
            Err(e) => return Err(e),
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// One input of `kauai disasm`: its listing (warnings go to stderr).
fn disasm_one(a: &DisasmArgs, file: &Path, gpu: Option<&str>) -> Result<String, Failure> {
    let bytes = read_file(file)?;
    // As in clrxdisasm, -a (everything) includes the words and float comments.
    let code = kauai_gcn::DisasmOptions {
        offsets: a.offsets,
        hex: a.hex || a.all,
        floats: a.floats || a.all,
    };
    let container = kauai_gcn::Cl2DisasmOptions {
        all: a.all,
        config: a.config,
        code,
    };
    let fail = |e: String| Failure::Input(format!("kauai: {}: {e}", file.display()));
    let raw = |gpu: &str| -> Result<String, Failure> {
        let arch = gcn_device(gpu)?;
        Ok(kauai_gcn::disassemble(&bytes, arch, code))
    };
    if a.raw {
        // clrxdisasm's default device is CapeVerde.
        return raw(gpu.unwrap_or("CapeVerde"));
    }
    let rocm = kauai_gcn::is_rocm(&bytes);
    let gallium = !rocm && kauai_gcn::is_gallium(&bytes);
    // An ELF whose machine is a GCN device code: AMD Catalyst OpenCL 1.2.
    let amd = !rocm && !gallium && is_elf(&bytes) && kauai_gcn::is_amd_binary(&bytes);
    let cl2 = !rocm && !gallium && !amd && is_elf(&bytes);
    if rocm || gallium || cl2 || amd {
        // Kauai prints a binary's metadata, data and setup only all together: with -a
        // (or as the .config form with -C).
        let partial = [
            (a.metadata, "-m (--metadata)"),
            (a.data, "-d (--data)"),
            (a.cal_notes, "-c (--calNotes)"),
            (a.setup, "-s (--setup)"),
        ];
        if !(a.all || a.config) {
            if let Some((_, flag)) = partial.iter().find(|(on, _)| *on) {
                return Err(not_supported(&format!(
                    "{flag} without -a or -C (Kauai prints metadata, data and setup \
                     together: use -a or -C)"
                )));
            }
        }
    }
    // The flags clrxdisasm reads only for some containers are refused there.
    if (cl2 || gallium) && a.driver_version.is_some() {
        return Err(not_supported(
            "-t (--driverVersion) in kauai disasm: the layout is read from the binary",
        ));
    }
    if gallium && a.llvm_version.is_some() {
        return Err(not_supported(
            "--llvmVersion in kauai disasm: the layout is read from the binary",
        ));
    }
    if cl2 && (a.hsa_config || a.hsa_layout) {
        return Err(not_supported(if a.hsa_config {
            "-H (--HSAConfig): AMD OpenCL 2.0 setup as an HSA configuration"
        } else {
            "-L (--HSALayout): AMD OpenCL 2.0 code in the HSA layout"
        }));
    }
    // ROCm code objects are ELF64 for the HSA ABI; Gallium binaries are not ELF and
    // are recognised by reading them (the reader accepts only CLRX's exact layout).
    let d = if amd {
        kauai_gcn::disassemble_amd(&bytes, &container).map_err(|e| fail(e.to_string()))?
    } else if rocm {
        kauai_gcn::disassemble_rocm(&bytes, &container).map_err(|e| fail(e.to_string()))?
    } else if gallium {
        kauai_gcn::disassemble_gallium(&bytes, gpu, &container).map_err(|e| fail(e.to_string()))?
    } else if cl2 {
        kauai_gcn::disassemble_cl2(&bytes, &container).map_err(|e| fail(e.to_string()))?
    } else {
        // Raw code does not say what it is for; decoding it for a guessed device prints
        // plausible garbage.
        let Some(gpu) = gpu else {
            return Err(fail(
                "not an AMD OpenCL 2.0 or 1.2, ROCm or Gallium binary; to disassemble raw \
                 GCN code, name its device with `-g GPU` (for example `-g tonga`), its \
                 architecture with `-A ARCH`, or give `-r` for CapeVerde"
                    .into(),
            ));
        };
        return raw(gpu);
    };
    for w in &d.warnings {
        eprintln!("kauai: warning: {}: {w}", file.display());
    }
    Ok(d.text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defsym_forms() {
        let ok = |s: &str| parse_defsym(s).ok();
        assert_eq!(ok("X"), Some(("X".into(), 0)));
        assert_eq!(ok("X=12"), Some(("X".into(), 12)));
        assert_eq!(ok("X=0x1f"), Some(("X".into(), 31)));
        assert_eq!(ok("X=010"), Some(("X".into(), 8)));
        assert_eq!(ok("X=-0b11"), Some(("X".into(), -3)));
        assert!(parse_defsym("=3").is_err());
        assert!(parse_defsym("1x=3").is_err());
        assert!(parse_defsym("X=zz").is_err());
    }

    #[test]
    fn clrx_flag_names_parse() {
        use clap::Parser;
        #[derive(Parser)]
        struct T {
            #[command(subcommand)]
            c: C,
        }
        #[derive(clap::Subcommand)]
        enum C {
            Asm(AsmArgs),
            Disasm(DisasmArgs),
        }
        let t = T::try_parse_from([
            "k", "asm", "-b", "amdcl2", "-6", "-t", "191205", "-D", "A=1", "-I", "inc", "-o",
            "out.bin", "-g", "bonaire", "-A", "GCN1.1", "a.s", "b.s",
        ])
        .map_err(|e| e.to_string());
        match t.map(|t| t.c) {
            Ok(C::Asm(a)) => {
                assert_eq!(a.files.len(), 2);
                assert!(a.bits64);
                assert_eq!(a.driver_version, Some(191205));
                assert_eq!(a.format.as_deref(), Some("amdcl2"));
            }
            other => panic!("{}", other.err().unwrap_or_default()),
        }
        let t = T::try_parse_from([
            "k", "disasm", "-a", "-C", "-f", "-h", "-g", "tonga", "x.bin",
        ])
        .map_err(|e| e.to_string());
        match t.map(|t| t.c) {
            Ok(C::Disasm(d)) => assert!(d.all && d.config && d.floats && d.hex),
            other => panic!("{}", other.err().unwrap_or_default()),
        }
    }
}
