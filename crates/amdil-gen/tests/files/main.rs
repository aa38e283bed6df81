//! IL snapshots: every `filetests/amdil-gen/*.cl` names a device (`// MCPU: cypress`,
//! optionally `// MATTR: +macrodb` and `// OPTIONS: -cl-opt-disable`) and holds the IL the amdil target must produce for
//! it in a trailing `/* EXPECT: ... */` comment. The generated IL must also validate.
//! `BLESS=1 cargo test -p kauai-amdil-gen --test files` rewrites the expectations; this
//! freezes our own output, so review the diff.

// Shared with the `it` binary.
#[path = "../it/common/mod.rs"]
mod common;

use std::path::Path;

const MARK: &str = "/* EXPECT:\n";

fn directive<'a>(src: &'a str, key: &str) -> Option<&'a str> {
    src.lines()
        .find_map(|l| l.strip_prefix(&format!("// {key}:")))
        .map(str::trim)
}

/// One snapshot file: build it for its device, check the IL validates, and compare it
/// with the file's expectation.
pub fn check(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
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
        if p.to_string() != il {
            return Err(format!("{}: not canonical IL", path.display()));
        }
    }
    let expected = expected.map(|e| e.trim_end().trim_end_matches("*/").trim_end());
    kauai_testkit::compare_or_bless(path, expected, il.trim_end(), || {
        format!("{}{MARK}{}*/\n", src.trim_end().to_string() + "\n\n", il).into_bytes()
    })
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests");
    let mut suite = kauai_testkit::Suite::new();
    suite.files(&root, "amdil-gen", &["cl"], check);
    suite.run()
}
