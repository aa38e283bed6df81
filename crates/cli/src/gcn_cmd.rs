//! `kauai asm` and `kauai disasm`: the GCN assembler and disassembler (CLRX syntax).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::{read_file, Failure};

#[derive(Args)]
pub(crate) struct AsmArgs {
    /// The assembly source.
    file: PathBuf,
    /// Target device (CLRX names: tahiti, bonaire, tonga, fiji, gfx900, gfx906, ...).
    #[arg(short = 'g', long, default_value = "capeverde")]
    gpu: String,
    /// Add a directory to the `.include` search path.
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<PathBuf>,
    /// Where to write the machine code (required: it is binary).
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
}

#[derive(Args)]
pub(crate) struct DisasmArgs {
    /// Raw machine code (little-endian 32-bit words).
    file: PathBuf,
    /// Device whose encoding to use (CLRX names).
    #[arg(short = 'g', long, default_value = "capeverde")]
    gpu: String,
    /// Prefix each line with its byte offset.
    #[arg(long)]
    offsets: bool,
    /// Prefix each line with its instruction words in hex.
    #[arg(long)]
    hex: bool,
}

pub(crate) fn gcn_device(name: &str) -> Result<kauai_gcn::Arch, Failure> {
    kauai_gcn::device(name)
        .map(|(_, arch)| arch)
        .ok_or_else(|| Failure::Usage(format!("unknown GPU `{name}`")))
}

pub(crate) fn asm(a: AsmArgs) -> Result<ExitCode, Failure> {
    gcn_device(&a.gpu)?;
    let bytes = read_file(&a.file)?;
    let mut sources = kauai_diag::SourceMap::new();
    let id = sources.add(a.file.display().to_string(), bytes);
    let mut diags = kauai_diag::Diagnostics::new();
    let opts = kauai_gcn::AsmOptions {
        gpu: Some(a.gpu.clone()),
        include_dirs: a.include.clone(),
        ..kauai_gcn::AsmOptions::default()
    };
    let result = kauai_gcn::assemble(&mut sources, id, &opts, &mut diags);
    eprint!("{}", diags.render(&sources));
    match result {
        Ok(out) if !diags.has_errors() => {
            let tmp = a.output.with_extension("kauai-tmp");
            std::fs::write(&tmp, out.code())
                .and_then(|_| std::fs::rename(&tmp, &a.output))
                .map_err(|e| {
                    Failure::Input(format!("kauai: cannot write {}: {e}", a.output.display()))
                })?;
            Ok(ExitCode::SUCCESS)
        }
        Ok(_) | Err(_) => Err(Failure::Input(format!(
            "{}: {} error(s)",
            a.file.display(),
            diags.error_count()
        ))),
    }
}

pub(crate) fn disasm(a: DisasmArgs) -> Result<ExitCode, Failure> {
    let arch = gcn_device(&a.gpu)?;
    let bytes = read_file(&a.file)?;
    let opts = kauai_gcn::DisasmOptions {
        offsets: a.offsets,
        hex: a.hex,
    };
    print!("{}", kauai_gcn::disassemble(&bytes, arch, opts));
    Ok(ExitCode::SUCCESS)
}
