//! The clrxasm/clrxdisasm flags of `kauai asm` / `kauai disasm`, one row of
//! `tests/data/gcn_flags/flags.txt` each (its header says the format): run as a user
//! runs them, every failing row reported by its name.

use crate::common;

use std::path::PathBuf;

/// One check of a row's stdout or stderr; `None` when the cell is empty.
fn check(cell: &str, text: &str) -> Option<String> {
    let cell = cell.replace("\\n", "\n");
    if cell.is_empty() {
        None
    } else if let Some(t) = cell.strip_prefix('!') {
        text.contains(t).then(|| format!("must not contain {t:?}"))
    } else if let Some(t) = cell.strip_prefix('=') {
        (text != t).then(|| format!("must be exactly {t:?}"))
    } else {
        (!text.contains(&cell)).then(|| format!("must contain {cell:?}"))
    }
}

/// The cells of a row: `|` with whitespace (or the line's end) on both sides
/// separates, so `[-w|--noWarnings]` stays one cell.
fn cells(line: &str) -> Vec<&str> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        let before = i == 0 || b[i - 1].is_ascii_whitespace();
        let after = i + 1 == b.len() || b[i + 1].is_ascii_whitespace();
        if c == b'|' && before && after {
            out.push(line[start..i].trim());
            start = i + 1;
        }
    }
    out.push(line[start..].trim());
    out
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn clrx_flags_table() {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let data = root.join("crates/cli/tests/data/gcn_flags");
    let bins = root.join("crates/gcn/tests/data/clrx_bins");
    let tmp = std::env::temp_dir().join(format!("kauai-gcn-flags-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    let table = std::fs::read_to_string(data.join("flags.txt")).expect("flags.txt");
    let expand = |s: &str| {
        s.replace("{data}", data.to_str().expect("utf-8 path"))
            .replace("{bins}", bins.to_str().expect("utf-8 path"))
            .replace("{tmp}", tmp.to_str().expect("utf-8 path"))
    };
    let mut rows = 0;
    let mut failures = Vec::new();
    for line in table.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let row = cells(line);
        let [name, args, code, out_check, err_check, file_check] = row[..] else {
            failures.push(format!("bad row (6 cells expected): {line}"));
            continue;
        };
        rows += 1;
        let args = expand(args);
        let argv: Vec<&str> = args.split_whitespace().collect();
        let (got, out, err) = common::kauai(&argv);
        let mut why = Vec::new();
        if code.parse::<i32>().ok() != Some(got) {
            why.push(format!("exit {got}, expected {code}"));
        }
        if let Some(w) = check(&expand(out_check), &out) {
            why.push(format!("stdout {w}"));
        }
        if let Some(w) = check(&expand(err_check), &err) {
            why.push(format!("stderr {w}"));
        }
        if let Some((file, want)) = file_check.split_once('=') {
            let got = std::fs::read(expand(file))
                .map(|b| hex(&b))
                .unwrap_or_default();
            if got != want {
                why.push(format!("{file} holds {got}, expected {want}"));
            }
        }
        if !why.is_empty() {
            failures.push(format!(
                "{name}: kauai {args}: {}\n--- stdout\n{out}--- stderr\n{err}",
                why.join("; ")
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(rows >= 40, "only {rows} rows read");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// No input file: the source comes from standard input, as in clrxasm.
#[test]
fn asm_reads_standard_input() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let out = std::env::temp_dir().join(format!("kauai-gcn-stdin-{}.bin", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_kauai"))
        .args(["asm", "-o", out.to_str().expect("utf-8 path")])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kauai runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"s_endpgm\nfoo\n")
        .expect("write");
    let o = child.wait_with_output().expect("kauai ends");
    let err = String::from_utf8_lossy(&o.stderr);
    // The bad line is named as a line of <stdin>.
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("<stdin>:2:1"), "{err}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_kauai"))
        .args(["asm", "-o", out.to_str().expect("utf-8 path")])
        .stdin(Stdio::piped())
        .spawn()
        .expect("kauai runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"s_endpgm\n")
        .expect("write");
    assert!(child.wait().expect("kauai ends").success());
    assert_eq!(std::fs::read(&out).expect("output"), [0, 0, 0x81, 0xbf]);
    let _ = std::fs::remove_file(&out);
}
