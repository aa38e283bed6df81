//! Reading input files and writing output files, the same way for every Kauai tool.
//!
//! Every input goes through [`read_capped`] with [`MAX_INPUT_BYTES`], so `/dev/zero`, a
//! FIFO that never ends or a runaway file is refused quickly with the file's name
//! instead of being read to exhaustion. Every output goes through [`write_output`]:
//! a regular file (or a new path) is replaced atomically through a temporary file in
//! the same directory, anything else (a device such as `/dev/null`, a FIFO, a symbolic
//! link) is written in place, so a rename never replaces a special file.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// The largest input file a Kauai tool reads: 64 MiB. Spans are 32-bit, so no reader
/// could address more than 4 GiB anyway; 64 MiB is far beyond any real kernel, IL
/// program, GCN source or binary and value list, and a reader's few copies of it stay
/// within a few hundred MB, so an endless input is refused in well under a second.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// Why a file could not be read or written; `Display` names the file.
#[derive(Debug)]
pub enum FileError {
    Read { path: PathBuf, error: io::Error },
    TooLarge { path: PathBuf, cap: u64 },
    Write { path: PathBuf, error: io::Error },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Read { path, error } => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            FileError::TooLarge { path, cap } => write!(
                f,
                "{} is larger than the input size limit of {} bytes ({} MiB, MAX_INPUT_BYTES)",
                path.display(),
                cap,
                cap >> 20
            ),
            FileError::Write { path, error } => {
                write!(f, "cannot write {}: {error}", path.display())
            }
        }
    }
}

impl std::error::Error for FileError {}

/// Read a whole file, refusing one longer than `cap` bytes after reading at most
/// `cap + 1` of them (use [`MAX_INPUT_BYTES`] unless a reader has a smaller limit).
pub fn read_capped(path: &Path, cap: u64) -> Result<Vec<u8>, FileError> {
    let read_err = |error| FileError::Read {
        path: path.to_path_buf(),
        error,
    };
    let file = File::open(path).map_err(read_err)?;
    let mut bytes = Vec::new();
    file.take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(read_err)?;
    if bytes.len() as u64 > cap {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            cap,
        });
    }
    Ok(bytes)
}

/// [`read_capped`] with [`MAX_INPUT_BYTES`].
pub fn read_input(path: &Path) -> Result<Vec<u8>, FileError> {
    read_capped(path, MAX_INPUT_BYTES)
}

/// Write `bytes` to `path`. A regular file or a path that does not exist yet is
/// replaced atomically: the bytes go to a temporary file beside it, which is renamed
/// over it (keeping the old file's permissions). Anything else that exists (a character
/// device such as `/dev/null`, a FIFO, a symbolic link) is opened and written in place,
/// because a rename would replace the device or link itself.
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    let write_err = |error| FileError::Write {
        path: path.to_path_buf(),
        error,
    };
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_file() => replace_regular(path, bytes, Some(m.permissions())),
        Ok(m) if m.is_dir() => Err(write_err(io::Error::other("it is a directory"))),
        Ok(_) => OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut f| f.write_all(bytes).and_then(|_| f.flush()))
            .map_err(write_err),
        Err(e) if e.kind() == io::ErrorKind::NotFound => replace_regular(path, bytes, None),
        Err(e) => Err(write_err(e)),
    }
}

/// Write a regular file through a temporary file in its directory and a rename.
fn replace_regular(
    path: &Path,
    bytes: &[u8],
    permissions: Option<fs::Permissions>,
) -> Result<(), FileError> {
    let write_err = |error| FileError::Write {
        path: path.to_path_buf(),
        error,
    };
    let name = path
        .file_name()
        .ok_or_else(|| write_err(io::Error::other("it names no file")))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".kauai-tmp-{}", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let result = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| {
            f.write_all(bytes)?;
            if let Some(p) = permissions {
                f.set_permissions(p)?;
            }
            f.sync_all()
        })
        .and_then(|_| fs::rename(&tmp, path));
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(write_err(e));
    }
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("kauai-diag-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).expect("temp dir");
        d
    }

    #[test]
    fn reads_are_capped_and_name_the_file() {
        let d = temp_dir("cap");
        let f = d.join("in.txt");
        fs::write(&f, b"12345").expect("write");
        assert_eq!(read_capped(&f, 5).expect("fits"), b"12345");
        let e = read_capped(&f, 4).expect_err("too large").to_string();
        assert!(
            e.contains("in.txt") && e.contains("limit of 4 bytes"),
            "{e}"
        );
        // An endless input stops at the cap.
        let e = read_capped(Path::new("/dev/zero"), 1000).expect_err("endless");
        assert!(matches!(e, FileError::TooLarge { cap: 1000, .. }), "{e}");
        let e = read_input(&d.join("missing"))
            .expect_err("missing")
            .to_string();
        assert!(
            e.starts_with("cannot read ") && e.contains("missing"),
            "{e}"
        );
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn regular_files_are_replaced_and_keep_their_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let d = temp_dir("regular");
        let f = d.join("out.txt");
        write_output(&f, b"one").expect("new file");
        fs::set_permissions(&f, fs::Permissions::from_mode(0o640)).expect("chmod");
        write_output(&f, b"two").expect("replace");
        assert_eq!(fs::read(&f).expect("read"), b"two");
        let m = fs::metadata(&f).expect("metadata");
        assert_eq!(m.permissions().mode() & 0o777, 0o640);
        // No temporary file is left behind.
        assert_eq!(fs::read_dir(&d).expect("dir").count(), 1);
        assert!(write_output(&d, b"x").is_err());
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn a_fifo_is_written_in_place_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let d = temp_dir("fifo");
        let fifo = d.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("mkfifo is not available; skipped");
            return;
        }
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(&fifo).expect("read the fifo"))
        };
        write_output(&fifo, b"through the pipe").expect("write the fifo");
        assert_eq!(reader.join().expect("reader"), b"through the pipe");
        let kind = fs::symlink_metadata(&fifo).expect("metadata").file_type();
        assert!(kind.is_fifo(), "the FIFO was replaced: {kind:?}");
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn a_symlink_is_written_through() {
        let d = temp_dir("link");
        let target = d.join("target.txt");
        fs::write(&target, b"old").expect("write");
        let link = d.join("link.txt");
        std::os::unix::fs::symlink(&target, &link).expect("symlink");
        write_output(&link, b"new").expect("write");
        assert!(fs::symlink_metadata(&link)
            .expect("metadata")
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&target).expect("read"), b"new");
        let _ = fs::remove_dir_all(&d);
    }
}
