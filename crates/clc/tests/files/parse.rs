//! Data-driven parser tests: every `tests/data/parse/*.cl` holds OpenCL C source followed
//! by a trailing `/* EXPECTED ... */` comment with the expected AST dump and diagnostics
//! (preprocessor diagnostics included). The source goes through the real preprocessor.
//! `BLESS=1 cargo test -p kauai-clc --test files` rewrites the expectations (review the
//! diff!).

use std::path::Path;

use kauai_clc::parse;

use crate::parse_support;
use kauai_diag::Diagnostics;

const MARKER: &str = "/* EXPECTED\n";

/// One parser file: its AST dump and diagnostics must match the trailing block.
pub fn check(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let (src, expected) = match text.rfind(MARKER) {
        Some(i) => (&text[..i], Some(&text[i + MARKER.len()..])),
        None => (&text[..], None),
    };
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut diags = Diagnostics::new();
    let (sm, _, tokens) = parse_support::preprocess_src(&name, src, &mut diags);
    let tu = parse::parse(&tokens, &mut diags);
    let mut actual = parse::dump(&tu);
    actual.push_str("--- diagnostics\n");
    actual.push_str(&parse_support::render_diags(&diags, &sm));
    let expected = expected.map(|e| e.trim_end().strip_suffix("*/").unwrap_or(e));
    kauai_testkit::compare_or_bless(path, expected, &actual, || {
        format!(
            "{}{MARKER}{actual}*/\n",
            src.trim_end().to_string() + "\n\n"
        )
        .into_bytes()
    })
}
