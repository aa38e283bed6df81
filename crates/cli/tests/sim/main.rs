//! `kauai sim` against the real `oclgrind-kernel`: each `tests/data/sim/NAME.sim` runs
//! through the `kauai` binary (from that folder, as `kauai sim NAME.sim`), and
//!
//! - `NAME.oclgrind`, what `oclgrind-kernel` 21.10 printed for the same file (frozen by
//!   `record.py`, never blessed), must agree with it where the two must agree: the exit
//!   status, standard output (the dumps) byte for byte, the first lines of the error
//!   blocks (as a set, addresses masked: each tool numbers memory its own way, and
//!   Oclgrind reports a race once per address where Kauai reports it once with a
//!   count), and for a file it refuses, its message (without `Line N:`, which must be
//!   the diagnostic's line);
//! - `NAME.kauai` is Kauai's whole output (its detail lines and diagnostics included),
//!   rewritten by `BLESS=1`.
//!
//! A file whose comment says `KAUAI-DIFFERS: why` is a known difference: only its
//! `NAME.kauai` is checked.

use std::path::Path;
use std::process::Command;

use kauai_testkit::{compare_or_bless, Suite};

/// One tool's run: exit status, standard output, standard error.
#[derive(Debug, PartialEq)]
struct Run {
    exit: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    /// The framing `record.py` writes: `#### exit N`, then each stream with its length.
    fn frame(&self) -> String {
        format!(
            "#### exit {}\n#### stdout {} bytes\n{}\n#### stderr {} bytes\n{}\n",
            self.exit,
            self.stdout.len(),
            self.stdout,
            self.stderr.len(),
            self.stderr
        )
    }

    fn parse(bytes: &[u8]) -> Result<Run, String> {
        let mut rest = bytes;
        let mut line = || -> Result<String, String> {
            let n = rest
                .iter()
                .position(|b| *b == b'\n')
                .ok_or("a truncated record")?;
            let l = String::from_utf8_lossy(&rest[..n]).into_owned();
            rest = &rest[n + 1..];
            Ok(l)
        };
        let exit = line()?
            .strip_prefix("#### exit ")
            .and_then(|n| n.parse().ok())
            .ok_or("expected `#### exit N`")?;
        let mut part = |name: &str| -> Result<String, String> {
            let head = {
                let n = rest
                    .iter()
                    .position(|b| *b == b'\n')
                    .ok_or("a truncated record")?;
                let l = String::from_utf8_lossy(&rest[..n]).into_owned();
                rest = &rest[n + 1..];
                l
            };
            let len: usize = head
                .strip_prefix(&format!("#### {name} "))
                .and_then(|l| l.strip_suffix(" bytes"))
                .and_then(|n| n.parse().ok())
                .ok_or(format!("expected `#### {name} N bytes`, got `{head}`"))?;
            let body = rest.get(..len).ok_or("a truncated record")?;
            let text = String::from_utf8_lossy(body).into_owned();
            rest = rest.get(len + 1..).unwrap_or(&[]);
            Ok(text)
        };
        let stdout = part("stdout")?;
        let stderr = part("stderr")?;
        Ok(Run {
            exit,
            stdout,
            stderr,
        })
    }
}

fn kauai(dir: &Path, sim: &str) -> Result<Run, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_kauai"))
        .current_dir(dir)
        .args(["sim", sim])
        .output()
        .map_err(|e| format!("cannot run kauai: {e}"))?;
    Ok(Run {
        exit: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    })
}

/// The first lines of the error blocks (a non-blank line after a blank one, not
/// indented), addresses masked, sorted and deduplicated.
fn headlines(stderr: &str) -> Vec<String> {
    let lines: Vec<&str> = stderr.lines().collect();
    let mut h: Vec<String> = lines
        .windows(2)
        .filter(|w| w[0].is_empty() && !w[1].is_empty() && !w[1].starts_with('\t'))
        .map(|w| match w[1].rfind(" 0x") {
            Some(i) => format!("{} 0x...", &w[1][..i]),
            None => w[1].to_string(),
        })
        .collect();
    h.sort();
    h.dedup();
    h
}

/// Where Kauai must agree with Oclgrind.
fn agree(o: &Run, k: &Run) -> Result<(), String> {
    if o.exit != k.exit {
        return Err(format!(
            "exit {} where oclgrind-kernel exits {}",
            k.exit, o.exit
        ));
    }
    if o.stdout != k.stdout {
        return Err(format!(
            "standard output differs from oclgrind-kernel's:\n{}",
            kauai_testkit::diff(&o.stdout, &k.stdout)
        ));
    }
    if o.exit == 0 {
        let (ho, hk) = (headlines(&o.stderr), headlines(&k.stderr));
        if ho != hk {
            return Err(format!(
                "error blocks: oclgrind-kernel {ho:?}, kauai {hk:?}"
            ));
        }
        return Ok(());
    }
    if o.stderr.contains("Build failure:") {
        return match k.stderr.contains("kauai: error: build failed") {
            true => Ok(()),
            false => Err("a build failure, which kauai does not report".into()),
        };
    }
    // `Line N: MESSAGE` or `MESSAGE`: the diagnostic says MESSAGE, at line N.
    let first = o.stderr.lines().next().unwrap_or_default();
    let (line, message) = match first.strip_prefix("Line ").and_then(|r| r.split_once(": ")) {
        Some((n, m)) => (Some(n), m),
        None => (None, first),
    };
    let wanted = format!("error: {message}");
    if !k.stderr.lines().any(|l| l.starts_with(&wanted)) {
        return Err(format!("no diagnostic starting `{wanted}`:\n{}", k.stderr));
    }
    if let Some(n) = line {
        if !k.stderr.contains(&format!(".sim:{n}:")) {
            return Err(format!("the diagnostic is not at line {n}:\n{}", k.stderr));
        }
    }
    Ok(())
}

fn check(path: &Path) -> Result<(), String> {
    let dir = path.parent().ok_or("no folder")?;
    let name = path
        .file_name()
        .ok_or("no name")?
        .to_string_lossy()
        .into_owned();
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let k = kauai(dir, &name)?;
    let kauai_file = path.with_extension("kauai");
    let expected = std::fs::read(&kauai_file).ok().map(|b| Run::parse(&b));
    let expected = match expected {
        Some(Ok(r)) => Some(r.frame()),
        Some(Err(e)) => return Err(format!("{}: {e}", kauai_file.display())),
        None => None,
    };
    let framed = k.frame();
    compare_or_bless(&kauai_file, expected.as_deref(), &framed, || {
        framed.clone().into_bytes()
    })?;
    if text.contains("KAUAI-DIFFERS:") {
        return Ok(());
    }
    let record = path.with_extension("oclgrind");
    let bytes = std::fs::read(&record).map_err(|e| {
        format!(
            "{}: {e} (run record.py with oclgrind-kernel installed)",
            record.display()
        )
    })?;
    let o = Run::parse(&bytes).map_err(|e| format!("{}: {e}", record.display()))?;
    agree(&o, &k).map_err(|e| format!("{name}: {e}"))
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut s = Suite::new();
    s.files(&root, "sim", &["sim"], check);
    let data = root.join("sim");
    s.test("sim/command_line_options", move || {
        let run = |args: &[&str]| {
            Command::new(env!("CARGO_BIN_EXE_kauai"))
                .current_dir(&data)
                .arg("sim")
                .args(args)
                .output()
                .map_err(|e| e.to_string())
        };
        // The command line's --data-races, with harmless options beside it.
        let o = run(&[
            "--num-threads",
            "2",
            "--data-races",
            "--max-errors",
            "5",
            "reduce.sim",
        ])?;
        if o.status.code() != Some(0) || !o.stderr.is_empty() {
            return Err(format!("a race-free kernel: {o:?}"));
        }
        let o = run(&["--data-races", "e_build.sim"])?;
        if o.status.code() != Some(1) {
            return Err(format!("a build failure exits 1: {o:?}"));
        }
        for (args, says) in [
            (
                &["-q", "vecadd.sim"][..],
                "kauai: error: not supported yet: oclgrind-kernel's -q",
            ),
            (
                &["--bogus", "vecadd.sim"][..],
                "kauai: error: Unrecognised option '--bogus'",
            ),
            (
                &["vecadd.sim", "more.sim"][..],
                "kauai: error: Unexpected positional argument 'more.sim'",
            ),
        ] {
            let o = run(args)?;
            let err = String::from_utf8_lossy(&o.stderr);
            if o.status.code() != Some(1) || !err.starts_with(says) {
                return Err(format!("{args:?}: expected exit 1 and `{says}`, got {o:?}"));
            }
        }
        let o = run(&[])?;
        if o.status.code() != Some(2) {
            return Err(format!("no file is a usage error: {o:?}"));
        }
        Ok(())
    });
    s.test("sim/headlines_mask_addresses", || {
        let h =
            headlines("\nInvalid write of size 4 at global memory address 0x10\n\tKernel: k\n\t\n");
        match h.as_slice() {
            [one] if one == "Invalid write of size 4 at global memory address 0x..." => Ok(()),
            _ => Err(format!("{h:?}")),
        }
    });
    s.run()
}
