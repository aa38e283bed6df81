//! IL snapshots: every `filetests/amdil-gen/*.cl` names a device (`// MCPU: cypress`,
//! optionally `// MATTR: +macrodb` and `// OPTIONS: -cl-opt-disable`) and holds the IL the amdil target must produce for
//! it in a trailing `/* EXPECT: ... */` comment. The generated IL must also validate.
//! `BLESS=1` rewrites the expectations; review the diff.

mod common;

use std::path::{Path, PathBuf};

const MARK: &str = "/* EXPECT:\n";

fn files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests/amdil-gen");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|e| e == "cl"));
    v.sort();
    v
}

fn directive<'a>(src: &'a str, key: &str) -> Option<&'a str> {
    src.lines()
        .find_map(|l| l.strip_prefix(&format!("// {key}:")))
        .map(str::trim)
}

#[test]
fn snapshots() {
    let bless = std::env::var_os("BLESS").is_some();
    let mut failures = Vec::new();
    let all = files();
    assert!(
        all.len() >= 8,
        "expected the snapshot files, found {}",
        all.len()
    );
    for path in all {
        let text = std::fs::read_to_string(&path).expect("readable");
        let (src, expected) = match text.find(MARK) {
            Some(at) => (&text[..at], Some(&text[at + MARK.len()..])),
            None => (text.as_str(), None),
        };
        let mcpu = directive(src, "MCPU").unwrap_or("cypress");
        let mattr = directive(src, "MATTR").unwrap_or("");
        let build = directive(src, "OPTIONS").unwrap_or("");
        let il = match common::compile_with(src, mcpu, mattr, build) {
            Ok(il) => il,
            Err(e) => format!("; build failed: {e}\n"),
        };
        if !il.starts_with("; build failed") {
            // The generator prints a built program with amdil's printer: the text is
            // canonical, so reading and printing it again changes nothing.
            let p = common::parse_valid(&il);
            assert_eq!(p.to_string(), il, "{}: not canonical IL", path.display());
        }
        let expected = expected.map(|e| e.trim_end().trim_end_matches("*/").trim_end());
        if bless {
            let out = format!("{}{MARK}{}*/\n", src.trim_end().to_string() + "\n\n", il);
            std::fs::write(&path, out).expect("writable");
        } else if expected != Some(il.trim_end()) {
            failures.push(path.display().to_string());
        }
    }
    assert!(
        failures.is_empty(),
        "IL differs from the snapshot (BLESS=1 to update): {failures:#?}"
    );
}
