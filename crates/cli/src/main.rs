//! `kauai`: compile OpenCL C with Kauai's own front end and run kernels on the host CPU.
//!
//! Exit codes: 0 success, 1 a problem with the input (diagnostics, a failed compare, a
//! kernel fault), 2 bad usage.

#![forbid(unsafe_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use kauai_runtime::oclc;

mod gcn_cmd;
mod icd_cmd;
mod il_cmd;
mod run_cmd;

use gcn_cmd::{asm, disasm, AsmArgs, DisasmArgs};
use icd_cmd::{icd, IcdCmd};
use il_cmd::{il, IlCmd};
use run_cmd::{build, oclc_command, run, BuildArgs, RunArgs};

#[derive(Parser)]
#[command(
    name = "kauai",
    version,
    about = "Compile OpenCL C kernels with Kauai's own compiler and run them on the host CPU",
    long_about = "Kauai compiles OpenCL C 1.2 kernels through its own front end and SSA IR and \
runs them on the host CPU (the default device). `kauai run` and `kauai oclc` compile and \
execute a kernel in one step; `kauai build` stops after compilation."
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Compile OpenCL C sources and report diagnostics; optionally write the IR, or the
    /// AMD IL program for a kauai device (`--target amdil --mcpu NAME`).
    Build(BuildArgs),
    /// Compile a kernel (or load an AMD IL program) and run it with the given arguments.
    Run(RunArgs),
    /// Work with AMD IL programs: check them, print them canonically, link one kernel.
    #[command(subcommand)]
    Il(IlCmd),
    /// Assemble GCN code in CLRX syntax into raw code or an AMD OpenCL 2.0 binary.
    Asm(AsmArgs),
    /// Disassemble raw GCN code or an AMD OpenCL 2.0 binary into CLRX syntax.
    Disasm(DisasmArgs),
    /// Register the Kauai OpenCL platform with the ICD loader (`kauai icd install`).
    #[command(subcommand)]
    Icd(IcdCmd),
    /// Run a kernel with the oneAPI Construction Kit `oclc` command grammar.
    #[command(disable_help_flag = true)]
    Oclc {
        /// oclc options and the kernel file, as oclc takes them (see `kauai oclc -help`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

fn main() -> ExitCode {
    // No input may crash kauai with a panic's exit code; say it is a bug instead.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("kauai: internal error: {info}\nThis is a bug in Kauai; please report it with the input that caused it.");
        std::process::exit(1);
    }));
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let r = match cli.command {
        Cmd::Build(a) => build(a),
        Cmd::Run(a) => run(a),
        Cmd::Il(c) => il(c),
        Cmd::Asm(a) => asm(a),
        Cmd::Disasm(a) => disasm(a),
        Cmd::Icd(c) => icd(c),
        Cmd::Oclc { args } => oclc_command(args),
    };
    match r {
        Ok(code) => code,
        Err(Failure::Input(msg)) => {
            eprintln!("{}", msg.trim_end());
            ExitCode::from(1)
        }
        Err(Failure::Usage(msg)) => {
            eprintln!("kauai: {}", msg.trim_end());
            ExitCode::from(2)
        }
    }
}

pub(crate) enum Failure {
    Input(String),
    Usage(String),
}

impl From<kauai_runtime::RuntimeError> for Failure {
    fn from(e: kauai_runtime::RuntimeError) -> Failure {
        Failure::Input(e.to_string())
    }
}

impl From<oclc::OclcError> for Failure {
    fn from(e: oclc::OclcError) -> Failure {
        match e {
            oclc::OclcError::Usage(m) => Failure::Usage(m),
            other => Failure::Input(other.to_string()),
        }
    }
}

/// Print the diagnostics of a step over `what` (the input's name) to standard error,
/// warnings included; with any error among them, the step fails with the error count.
pub(crate) fn report(
    sources: &kauai_diag::SourceMap,
    diags: &kauai_diag::Diagnostics,
    what: &str,
) -> Result<(), Failure> {
    eprint!("{}", diags.render(sources));
    if diags.has_errors() {
        return Err(Failure::Input(format!(
            "{what}: {} error(s)",
            diags.error_count()
        )));
    }
    Ok(())
}

pub(crate) fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path)
        .map_err(|e| Failure::Input(format!("kauai: cannot read {}: {e}", path.display())))
}

pub(crate) fn read_sources(files: &[PathBuf]) -> Result<Vec<kauai_runtime::SourceFile>, Failure> {
    files
        .iter()
        .map(|f| {
            Ok(kauai_runtime::SourceFile {
                name: f.display().to_string(),
                bytes: read_file(f)?,
            })
        })
        .collect()
}

/// Write a file atomically: a temporary file beside it, then a rename.
pub(crate) fn write_output(path: Option<&Path>, text: &str) -> Result<(), Failure> {
    match path {
        None => {
            let _ = std::io::stdout().write_all(text.as_bytes());
            Ok(())
        }
        Some(p) => {
            let tmp = p.with_extension("kauai-tmp");
            std::fs::write(&tmp, text)
                .and_then(|_| std::fs::rename(&tmp, p))
                .map_err(|e| Failure::Input(format!("kauai: cannot write {}: {e}", p.display())))
        }
    }
}
