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
    about = "Assemble GCN code in CLRX syntax into raw code, an AMD OpenCL 2.0 or an AMD OpenCL 1.2 binary",
    disable_help_flag = true
)]
pub(crate) struct AsmArgs {
    /// The assembly sources; several are read one after another as one source.
    #[arg(required = true)]
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
    /// Print help.
    #[arg(long, action = ArgAction::Help)]
    help: Option<bool>,
}

#[derive(Args)]
#[command(
    about = "Disassemble GCN code or an AMD OpenCL 2.0 or 1.2, ROCm or Gallium binary into CLRX syntax that reassembles",
    disable_help_flag = true
)]
pub(crate) struct DisasmArgs {
    /// An AMD OpenCL 2.0, ROCm or Gallium binary, or raw machine code (with `-g`).
    file: PathBuf,
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
    /// Print everything needed to reassemble the same bytes (raw metadata, setup, stub).
    #[arg(short = 'a', long = "all")]
    all: bool,
    /// Print kernel configurations in the human `.config` form (blobs no configuration
    /// reproduces stay raw).
    #[arg(short = 'C', long = "config")]
    config: bool,
    /// Show literals of floating-point instructions as floats in comments.
    #[arg(short = 'f', long = "floats")]
    floats: bool,
    /// Show each instruction's words in a `/*hex*/` comment.
    #[arg(short = 'h', long = "hexcode", visible_alias = "hex")]
    hex: bool,
    /// Show each instruction's byte offset in the comment (`/*000000000010*/`).
    #[arg(short = 'P', long = "codePos", visible_alias = "offsets")]
    offsets: bool,
    /// Print help (`-h` is `--hexcode`, as in clrxdisasm).
    #[arg(long, action = ArgAction::Help)]
    help: Option<bool>,
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
/// keeps its own name in diagnostics).
fn sources(
    files: &[PathBuf],
    sm: &mut kauai_diag::SourceMap,
) -> Result<kauai_diag::FileId, Failure> {
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
        ..kauai_gcn::AsmOptions::default()
    };
    let result = kauai_gcn::assemble(&mut sm, id, &opts, &mut diags);
    let what = a
        .files
        .iter()
        .map(|f| f.display().to_string())
        .collect::<Vec<_>>()
        .join(" ");
    report(&sm, &diags, &what)?;
    let Ok(out) = result else {
        // An assembler failure always comes with an error diagnostic; be safe anyway.
        return Err(Failure::Input(format!("{what}: assembly failed")));
    };
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
    let bytes = read_file(&a.file)?;
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
    // ROCm code objects are ELF64 for the HSA ABI; Gallium binaries are not ELF and
    // are recognised by reading them (the reader accepts only CLRX's exact layout).
    let other = if kauai_gcn::is_rocm(&bytes) {
        Some(kauai_gcn::disassemble_rocm(&bytes, &container).map_err(|e| e.to_string()))
    } else if kauai_gcn::is_gallium(&bytes) {
        Some(
            kauai_gcn::disassemble_gallium(&bytes, a.gpu.as_deref(), &container)
                .map_err(|e| e.to_string()),
        )
    } else {
        None
    };
    if let Some(d) = other {
        let d = d.map_err(|e| Failure::Input(format!("kauai: {}: {e}", a.file.display())))?;
        for w in &d.warnings {
            eprintln!("kauai: warning: {}: {w}", a.file.display());
        }
        print!("{}", d.text);
        return Ok(ExitCode::SUCCESS);
    }
    if is_elf(&bytes) {
        let opts = kauai_gcn::Cl2DisasmOptions {
            all: a.all,
            config: a.config,
            code,
        };
        // An ELF whose machine is a GCN device code: AMD Catalyst OpenCL 1.2.
        if kauai_gcn::is_amd_binary(&bytes) {
            let d = kauai_gcn::disassemble_amd(&bytes, &opts)
                .map_err(|e| Failure::Input(format!("kauai: {}: {e}", a.file.display())))?;
            print!("{}", d.text);
            return Ok(ExitCode::SUCCESS);
        }
        let d = kauai_gcn::disassemble_cl2(&bytes, &opts)
            .map_err(|e| Failure::Input(format!("kauai: {}: {e}", a.file.display())))?;
        for w in &d.warnings {
            eprintln!("kauai: warning: {}: {w}", a.file.display());
        }
        print!("{}", d.text);
        return Ok(ExitCode::SUCCESS);
    }
    // Raw code does not say what it is for; decoding it for a guessed device prints
    // plausible garbage.
    let Some(gpu) = a.gpu.as_deref() else {
        return Err(Failure::Input(format!(
            "kauai: {}: not an AMD OpenCL 2.0, ROCm or Gallium binary; to disassemble raw \
             GCN code, name its device with `-g GPU` (for example `-g tonga`)",
            a.file.display()
        )));
    };
    let arch = gcn_device(gpu)?;
    print!("{}", kauai_gcn::disassemble(&bytes, arch, code));
    Ok(ExitCode::SUCCESS)
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
