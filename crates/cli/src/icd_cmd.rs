//! `kauai icd install`: register the Kauai OpenCL platform (`libkauai_opencl.so`) with
//! the ICD loader by writing a `kauai.icd` file that names the library.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand};

use crate::Failure;

/// The library's file name (the `kauai-icd` crate's cdylib).
const LIBRARY: &str = "libkauai_opencl.so";
/// The loader's system-wide vendors directory.
const SYSTEM_VENDORS: &str = "/etc/OpenCL/vendors";

#[derive(Subcommand)]
pub(crate) enum IcdCmd {
    /// Write `kauai.icd`, naming the built library, into an ICD vendors directory.
    Install(InstallArgs),
}

#[derive(Args)]
pub(crate) struct InstallArgs {
    /// The vendors directory (default: a per-user one, `$XDG_DATA_HOME/kauai/vendors`,
    /// used by setting `OCL_ICD_VENDORS` to it).
    #[arg(long, value_name = "DIR", conflicts_with = "system")]
    dir: Option<PathBuf>,
    /// Install for every user, into /etc/OpenCL/vendors (needs root).
    #[arg(long)]
    system: bool,
    /// The library to register (default: `libkauai_opencl.so` beside the `kauai`
    /// executable, where `cargo build` puts both).
    #[arg(long, value_name = "FILE")]
    lib: Option<PathBuf>,
}

pub(crate) fn icd(c: IcdCmd) -> Result<ExitCode, Failure> {
    match c {
        IcdCmd::Install(a) => install(a),
    }
}

fn default_dir() -> Result<PathBuf, Failure> {
    let data =
        match std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
            Some(d) => PathBuf::from(d),
            None => match std::env::var_os("HOME") {
                Some(h) => Path::new(&h).join(".local/share"),
                None => return Err(Failure::Usage(
                    "neither XDG_DATA_HOME nor HOME is set: give the vendors directory with --dir"
                        .into(),
                )),
            },
        };
    Ok(data.join("kauai/vendors"))
}

/// The platform library: `lib` if given, else `libkauai_opencl.so` beside the `kauai`
/// executable; its canonical path (the loader needs an absolute one).
pub(crate) fn library(lib: Option<PathBuf>) -> Result<PathBuf, Failure> {
    let lib = match lib {
        Some(l) => l,
        None => std::env::current_exe()
            .ok()
            .and_then(|e| Some(e.parent()?.join(LIBRARY)))
            .ok_or_else(|| Failure::Input("kauai: cannot find the kauai executable's directory; give the library with --lib".into()))?,
    };
    std::fs::canonicalize(&lib).map_err(|e| {
        Failure::Input(format!(
            "kauai: {}: {e} (build it with `cargo build -p kauai-icd`, or name it with --lib)",
            lib.display()
        ))
    })
}

/// Write `kauai.icd`, naming `lib`, into the vendors directory `dir`.
pub(crate) fn write_icd(dir: &Path, lib: &Path) -> Result<PathBuf, Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::Input(format!("kauai: cannot create {}: {e}", dir.display())))?;
    let icd = dir.join("kauai.icd");
    // The loader reads one line: the library's path.
    std::fs::write(&icd, format!("{}\n", lib.display()))
        .map_err(|e| Failure::Input(format!("kauai: cannot write {}: {e}", icd.display())))?;
    Ok(icd)
}

fn install(a: InstallArgs) -> Result<ExitCode, Failure> {
    let lib = library(a.lib)?;
    let dir = if a.system {
        PathBuf::from(SYSTEM_VENDORS)
    } else {
        match a.dir {
            Some(d) => d,
            None => default_dir()?,
        }
    };
    let icd = write_icd(&dir, &lib)?;
    println!("wrote {} (-> {})", icd.display(), lib.display());
    if !a.system {
        println!("use it with: export OCL_ICD_VENDORS={}", dir.display());
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn install_writes_the_library_path() {
        let dir = std::env::temp_dir().join(format!("kauai-icd-install-{}", std::process::id()));
        // Any existing file stands in for the library.
        let lib = std::env::current_exe().expect("test executable");
        let r = install(InstallArgs {
            dir: Some(dir.clone()),
            system: false,
            lib: Some(lib.clone()),
        });
        assert!(matches!(r, Ok(c) if c == ExitCode::SUCCESS));
        let text = std::fs::read_to_string(dir.join("kauai.icd")).expect("kauai.icd");
        let canonical = std::fs::canonicalize(&lib).expect("canonical");
        assert_eq!(text, format!("{}\n", canonical.display()));
        let missing = install(InstallArgs {
            dir: Some(dir.clone()),
            system: false,
            lib: Some(dir.join("no-such-library.so")),
        });
        assert!(matches!(missing, Err(Failure::Input(m)) if m.contains("no-such-library.so")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
