//! `kauai il`: check, format and link AMD IL programs.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;

use crate::{read_file, report, write_output, Failure};

#[derive(Subcommand)]
pub(crate) enum IlCmd {
    /// Parse and validate an IL program and its metadata; list its kernels.
    Check {
        /// The IL file.
        file: PathBuf,
    },
    /// Print an IL program in canonical form (comments and metadata kept).
    Fmt {
        /// The IL file.
        file: PathBuf,
        /// Where to write it (default: standard output).
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Link one kernel out of a (multi-kernel) program as the AMD runtime does: `main`
    /// with `;$$$$$$$$$$` replaced by `call <id>`, then only the functions and macros the
    /// kernel reaches (intrinsics from Kauai's macro library).
    Link {
        /// The IL file.
        file: PathBuf,
        /// The kernel: its OpenCL name or its metadata block name.
        #[arg(long, short = 'k')]
        kernel: String,
        /// Where to write it (default: standard output).
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
}

pub(crate) fn il(c: IlCmd) -> Result<ExitCode, Failure> {
    let file = match &c {
        IlCmd::Check { file } | IlCmd::Fmt { file, .. } | IlCmd::Link { file, .. } => file.clone(),
    };
    let bytes = read_file(&file)?;
    let mut sources = kauai_diag::SourceMap::new();
    let id = sources.add(file.display().to_string(), bytes);
    let mut diags = kauai_diag::Diagnostics::new();
    let program = kauai_amdil::parse(&sources, id, &mut diags);
    // Validate what parsed even after parse errors, so one run reports both (a line that
    // failed to parse is absent, which validation may notice as well).
    kauai_amdil::validate(&program, &mut diags);
    let meta = kauai_amdil::metadata::read_metadata(&program, &mut diags);
    report(&sources, &diags, &file.display().to_string())?;
    match c {
        IlCmd::Check { .. } => {
            let names: Vec<&str> = meta.kernels.iter().map(|k| k.name.as_str()).collect();
            println!(
                "{}: valid; {} metadata block(s): {}; {} data segment(s)",
                file.display(),
                names.len(),
                names.join(", "),
                meta.data.len()
            );
        }
        IlCmd::Fmt { output, .. } => write_output(output.as_deref(), &program.to_string())?,
        IlCmd::Link { kernel, output, .. } => {
            let linked = kauai_amdil::link(&program, &kernel, &kauai_amdil::intrinsics::library())
                .map_err(|e| Failure::Input(format!("{}: {e}", file.display())))?;
            write_output(output.as_deref(), &linked.program.to_string())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
