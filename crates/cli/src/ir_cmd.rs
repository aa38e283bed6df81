//! `kauai ir`: Kauai IR text as a tool reads it (as Cranelift's `clif-util` does for
//! CLIF): verify a module, run passes over it, print it canonically. The pass tests of
//! `filetests/opt/` can be reproduced with `kauai ir opt --passes ...`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;

use crate::{read_file, report, write_output, Failure};

#[derive(Subcommand)]
pub(crate) enum IrCmd {
    /// Parse and verify a module (layout, SSA dominance, types); list its functions.
    Verify {
        /// The IR file (`kauai build --emit ir` writes one).
        file: PathBuf,
    },
    /// Run optimizer passes in order, verifying the input and the output of each pass,
    /// and print the result.
    Opt {
        /// The IR file.
        file: PathBuf,
        /// Comma-separated pass names (`kauai ir opt --passes help` lists them).
        #[arg(long, value_name = "LIST", required = true)]
        passes: String,
        /// Where to write it (default: standard output).
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Print a module in canonical form.
    Print {
        /// The IR file.
        file: PathBuf,
        /// Where to write it (default: standard output).
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
}

/// Parse an IR file; errors are printed at `file:line:col`.
fn parse(file: &Path) -> Result<kauai_ir::Module, Failure> {
    let bytes = read_file(file)?;
    let mut sources = kauai_diag::SourceMap::new();
    let id = sources.add(file.display().to_string(), bytes);
    match kauai_ir::parse_module(&sources, id) {
        Ok(m) => Ok(m),
        Err(d) => {
            let mut diags = kauai_diag::Diagnostics::new();
            diags.push(d);
            report(&sources, &diags, &file.display().to_string())?;
            Err(Failure::Input(format!(
                "{}: does not parse",
                file.display()
            )))
        }
    }
}

fn verify(file: &Path, m: &kauai_ir::Module) -> Result<(), Failure> {
    kauai_ir::verify_module(m).map_err(|e| Failure::Reported {
        log: e.to_string(),
        msg: format!("{}: the module does not verify", file.display()),
    })
}

pub(crate) fn ir(c: IrCmd) -> Result<ExitCode, Failure> {
    match c {
        IrCmd::Verify { file } => {
            let m = parse(&file)?;
            verify(&file, &m)?;
            let names: Vec<&str> = m.functions.iter().map(|(_, f)| f.name.as_str()).collect();
            println!(
                "{}: valid; {} function(s): {}",
                file.display(),
                names.len(),
                names.join(", ")
            );
        }
        IrCmd::Opt {
            file,
            passes,
            output,
        } => {
            if passes == "help" {
                println!("{}", kauai_opt::pass_names().join("\n"));
                return Ok(ExitCode::SUCCESS);
            }
            let names: Vec<&str> = passes
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .collect();
            let mut m = parse(&file)?;
            kauai_opt::run_passes_checked(&mut m, &names).map_err(|e| match e {
                kauai_opt::OptError::UnknownPass { .. } => {
                    Failure::Usage(format!("--passes {passes}: {e}"))
                }
                other => Failure::Input(format!("{}: {other}", file.display())),
            })?;
            write_output(output.as_deref(), &kauai_ir::module_to_string(&m))?;
        }
        IrCmd::Print { file, output } => {
            let m = parse(&file)?;
            write_output(output.as_deref(), &kauai_ir::module_to_string(&m))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
