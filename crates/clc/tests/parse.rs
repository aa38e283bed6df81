//! Data-driven parser tests: every `tests/data/parse/*.cl` holds OpenCL C source followed
//! by a trailing `/* EXPECTED ... */` comment with the expected AST dump and diagnostics
//! (preprocessor diagnostics included). The source goes through the real preprocessor.
//! `BLESS=1 cargo test -p kauai-clc --test parse` rewrites the expectations (review the
//! diff!).

mod parse_support;

use std::path::Path;

use kauai_clc::parse;
use kauai_diag::Diagnostics;

const MARKER: &str = "/* EXPECTED\n";

fn run_file(path: &Path) -> Result<(), String> {
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
    if expected == Some(actual.as_str()) {
        return Ok(());
    }
    if std::env::var_os("BLESS").is_some() {
        let new = format!(
            "{}{MARKER}{actual}*/\n",
            src.trim_end().to_string() + "\n\n"
        );
        std::fs::write(path, new).map_err(|e| e.to_string())?;
        return Ok(());
    }
    Err(format!(
        "{}: AST dump differs (BLESS=1 rewrites)\n--- expected\n{}\n--- actual\n{}",
        path.display(),
        expected.unwrap_or("<no EXPECTED block>"),
        actual
    ))
}

#[test]
fn parse_data_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/parse");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/data/parse exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cl"))
        .collect();
    paths.sort();
    assert!(
        paths.len() >= 10,
        "expected the parser test corpus in {}",
        dir.display()
    );
    let failures: Vec<String> = paths.iter().filter_map(|p| run_file(p).err()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} files failed:\n{}",
        failures.len(),
        paths.len(),
        failures.join("\n")
    );
}
