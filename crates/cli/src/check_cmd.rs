//! `kauai check -- COMMAND ARGS...`: run an OpenCL application with the Kauai platform
//! as the only one the ICD loader sees and the host interpreter's checks on, as
//! Oclgrind's `oclgrind COMMAND` does. The platform library reads the checks from
//! [`CHECKS_VAR`] and prints each finding on standard error; it also appends
//! them to a log ([`CHECK_LOG_VAR`]) from which this command counts them.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use clap::Args;
use kauai_runtime::{Checks, CHECKS_VAR, CHECK_LOG_VAR};

use crate::icd_cmd::{library, write_icd};
use crate::Failure;

#[derive(Args)]
pub(crate) struct CheckArgs {
    /// Checks to run on every kernel: memory (each private array bounds-checked on its
    /// own), races, uninit, all.
    #[arg(long, value_name = "LIST", default_value = "all")]
    check: String,
    /// Exit with N when the checks found anything (default: the application's own
    /// exit status, whatever they found).
    #[arg(long, value_name = "N")]
    error_exitcode: Option<u8>,
    /// The devices the platform shows, as `KAUAI_DEVICES` takes them. The checks run on
    /// the host device only, so it is the one device by default.
    #[arg(long, value_name = "LIST", default_value = "host")]
    devices: String,
    /// The platform library (default: `libkauai_opencl.so` beside this executable).
    #[arg(long, value_name = "FILE")]
    lib: Option<PathBuf>,
    /// The application and its arguments (after `--`).
    #[arg(required = true, trailing_var_arg = true, value_name = "COMMAND")]
    command: Vec<OsString>,
}

pub(crate) fn check(a: CheckArgs) -> Result<ExitCode, Failure> {
    // Refuse an unknown check here, before the application runs without it.
    Checks::parse(&a.check).map_err(|e| Failure::Usage(format!("--check {}: {e}", a.check)))?;
    let lib = library(a.lib)?;
    let dir = scratch_dir()?;
    let result = run_checked(&a.command, &a.check, &a.devices, &lib, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    let (status, found) = result?;
    if found > 0 {
        eprintln!("kauai check: {found} finding(s) in the kernels this application ran");
    }
    Ok(match (a.error_exitcode, found) {
        (Some(n), 1..) => ExitCode::from(n),
        _ => ExitCode::from(status),
    })
}

/// Run the application; its exit status (128 + the signal when one ended it, as shells
/// report it) and the number of findings logged.
fn run_checked(
    command: &[OsString],
    checks: &str,
    devices: &str,
    lib: &std::path::Path,
    dir: &std::path::Path,
) -> Result<(u8, usize), Failure> {
    let vendors = dir.join("vendors");
    write_icd(&vendors, lib)?;
    let log = dir.join("findings.log");
    let (program, args) = command.split_first().ok_or_else(|| {
        Failure::Usage("kauai check needs a command to run (kauai check -- COMMAND ARGS...)".into())
    })?;
    let status = Command::new(program)
        .args(args)
        .env("OCL_ICD_VENDORS", &vendors)
        .env("KAUAI_DEVICES", devices)
        .env(CHECKS_VAR, checks)
        .env(CHECK_LOG_VAR, &log)
        .status()
        .map_err(|e| {
            Failure::Input(format!(
                "kauai: cannot run {}: {e}",
                PathBuf::from(program).display()
            ))
        })?;
    let code = match status.code() {
        Some(c) => c.clamp(0, 255) as u8,
        None => {
            use std::os::unix::process::ExitStatusExt;
            128u8.saturating_add(status.signal().unwrap_or(0).clamp(0, 127) as u8)
        }
    };
    // Blocks are separated by blank lines; a missing log means nothing was found.
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let found = text
        .split("\n\n")
        .filter(|b| !b.trim().is_empty() && !b.starts_with("kauai: "))
        .count();
    Ok((code, found))
}

/// A fresh private directory for the vendors file and the log.
fn scratch_dir() -> Result<PathBuf, Failure> {
    let base = std::env::temp_dir();
    for n in 0..100u32 {
        let d = base.join(format!("kauai-check-{}-{n}", std::process::id()));
        match std::fs::create_dir(&d) {
            Ok(()) => return Ok(d),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(Failure::Input(format!(
                    "kauai: cannot create a directory in {}: {e}",
                    base.display()
                )))
            }
        }
    }
    Err(Failure::Input(format!(
        "kauai: cannot create a fresh directory in {}",
        base.display()
    )))
}
