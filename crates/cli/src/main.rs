//! `kauai`: compile OpenCL C with Kauai's own front end and run kernels on the host CPU.
//!
//! Exit codes: 0 success, 1 a problem with the input (diagnostics, a failed compare, a
//! kernel fault, a value or size the device cannot take), 2 bad usage. Every failure
//! ends in one line `kauai: error: MESSAGE` on standard error, after any diagnostics;
//! the message names the option and the text it refers to. Files are read and written
//! only through `kauai_diag::files` (a size cap on input; no rename over a device).

#![forbid(unsafe_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use kauai_runtime::oclc;

mod check_cmd;
mod gcn_cmd;
mod icd_cmd;
mod il_cmd;
mod ir_cmd;
mod run_cmd;
mod sim_cmd;

use check_cmd::{check, CheckArgs};
use gcn_cmd::{asm, disasm, AsmArgs, DisasmArgs};
use icd_cmd::{icd, IcdCmd};
use il_cmd::{il, IlCmd};
use ir_cmd::{ir, IrCmd};
use run_cmd::{build, clang_spellings, oclc_command, run, BuildArgs, RunArgs};
use sim_cmd::sim_command;

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
    /// Work with Kauai IR text (`--emit ir`): verify it, run passes over it, print it.
    #[command(subcommand)]
    Ir(IrCmd),
    /// Assemble GCN code in CLRX syntax into raw code or an AMD OpenCL 2.0, ROCm or Gallium binary.
    Asm(AsmArgs),
    /// Disassemble raw GCN code or an AMD OpenCL 2.0, ROCm or Gallium binary into CLRX syntax.
    Disasm(DisasmArgs),
    /// Register the Kauai OpenCL platform with the ICD loader (`kauai icd install`).
    #[command(subcommand)]
    Icd(IcdCmd),
    /// Run an OpenCL application (`kauai check -- COMMAND ARGS...`) on the Kauai platform
    /// alone, with the host interpreter's checks on every kernel it runs.
    Check(CheckArgs),
    /// Run a kernel with the oneAPI Construction Kit `oclc` command grammar.
    #[command(disable_help_flag = true)]
    Oclc {
        /// oclc options and the kernel file, as oclc takes them (see `kauai oclc -help`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Run a kernel from an Oclgrind simulator file (`oclgrind-kernel`'s `.sim` format),
    /// printing what oclgrind-kernel prints.
    #[command(disable_help_flag = true)]
    Sim {
        /// oclgrind-kernel options and the .sim file (see `kauai sim --help`).
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
    let cli = match Cli::try_parse_from(clang_spellings(std::env::args_os().collect())) {
        Ok(c) => c,
        Err(e) => {
            if !e.use_stderr() {
                // --help and --version.
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            // clap's own errors get the one message shape too.
            let text = e.render().to_string();
            match text.strip_prefix("error: ") {
                Some(rest) => eprint!("kauai: error: {rest}"),
                None => eprint!("{text}"),
            }
            return ExitCode::from(2);
        }
    };
    let r = match cli.command {
        Cmd::Build(a) => build(a),
        Cmd::Run(a) => run(a),
        Cmd::Il(c) => il(c),
        Cmd::Ir(c) => ir(c),
        Cmd::Asm(a) => asm(a),
        Cmd::Disasm(a) => disasm(a),
        Cmd::Icd(c) => icd(c),
        Cmd::Check(a) => check(a),
        Cmd::Oclc { args } => oclc_command(args),
        Cmd::Sim { args } => sim_command(args),
    };
    match r {
        Ok(code) => code,
        Err(Failure::Input(msg)) => {
            eprintln!("kauai: error: {}", message(&msg));
            ExitCode::from(1)
        }
        Err(Failure::Reported { log, msg }) => {
            eprint!("{log}");
            if !log.is_empty() && !log.ends_with('\n') {
                eprintln!();
            }
            eprintln!("kauai: error: {}", message(&msg));
            ExitCode::from(1)
        }
        Err(Failure::Usage(msg)) => {
            eprintln!("kauai: error: {}", message(&msg));
            ExitCode::from(2)
        }
    }
}

/// A message without a `kauai: ` prefix of its own (every message gets one prefix).
fn message(msg: &str) -> &str {
    let msg = msg.trim_end();
    msg.strip_prefix("kauai: ").unwrap_or(msg)
}

/// Why a command failed: every message is printed as `kauai: error: MESSAGE`.
pub(crate) enum Failure {
    /// A problem with the input (exit 1).
    Input(String),
    /// Diagnostics or a build log printed before the message (exit 1).
    Reported { log: String, msg: String },
    /// Bad usage (exit 2).
    Usage(String),
}

impl From<kauai_runtime::RuntimeError> for Failure {
    fn from(e: kauai_runtime::RuntimeError) -> Failure {
        match e {
            kauai_runtime::RuntimeError::BuildProgramFailure(log) => Failure::Reported {
                log,
                msg: "build failed".into(),
            },
            // What the checks found before a fault comes first: it often explains it.
            kauai_runtime::RuntimeError::Execution(kauai_runtime::ExecError::Fault {
                ref findings,
                ..
            }) if !findings.is_empty() => Failure::Reported {
                log: findings.iter().map(|f| format!("{f}\n\n")).collect(),
                msg: e.to_string(),
            },
            other => Failure::Input(other.to_string()),
        }
    }
}

impl From<oclc::OclcError> for Failure {
    fn from(e: oclc::OclcError) -> Failure {
        match e {
            oclc::OclcError::Usage(m) => Failure::Usage(m),
            oclc::OclcError::Runtime(r) => r.into(),
            other => Failure::Input(other.to_string()),
        }
    }
}

impl From<kauai_diag::files::FileError> for Failure {
    fn from(e: kauai_diag::files::FileError) -> Failure {
        Failure::Input(e.to_string())
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

/// Read an input file through the one size cap of every Kauai tool
/// ([`kauai_diag::files::MAX_INPUT_BYTES`]).
pub(crate) fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    Ok(kauai_diag::files::read_input(path)?)
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

/// Write text to `path`, or to standard output without one.
pub(crate) fn write_output(path: Option<&Path>, text: &str) -> Result<(), Failure> {
    match path {
        None => {
            let _ = std::io::stdout().write_all(text.as_bytes());
            Ok(())
        }
        Some(p) => write_bytes(p, text.as_bytes()),
    }
}

/// Write bytes to a file: a regular file atomically (temporary file and rename), a
/// device, FIFO or link in place ([`kauai_diag::files::write_output`]).
pub(crate) fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    Ok(kauai_diag::files::write_output(path, bytes)?)
}
