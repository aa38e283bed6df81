//! Data-driven tests: every `tests/data/*.il` file is parsed, validated and its metadata
//! read. The file ends with a `; ==== expected ====` section listing the diagnostics
//! (`; line:col severity: message`), the metadata blocks and the data segments found;
//! `BLESS=1 cargo test -p kauai-amdil --test files` rewrites that section. Independently of the expectations, every
//! file must print to a fixpoint, re-parse to an equal program, and every metadata block
//! and data segment must print back exactly as its source lines. A `; LINK: name` line
//! links that kernel out of the file and lists the linked program (`; | ` lines) or the error.

use std::fmt::Write as _;
use std::path::Path;

use kauai_amdil::metadata::{read_metadata, ProgramMetadata};
use kauai_amdil::{parse_str, validate, LineKind, Program};
use kauai_diag::{Diagnostics, FileId, SourceMap};
use kauai_testkit::Expected;

const SEP: &str = "; ==== expected ====";

fn source_of_block(p: &Program, start: &str, end_prefix: &str) -> Vec<String> {
    // The comment lines from `start` through the next line beginning with `end_prefix`.
    let mut out = Vec::new();
    let mut on = false;
    for l in &p.lines {
        if let LineKind::Comment(c) = &l.kind {
            if c.as_str() == start {
                on = true;
            }
            if on {
                out.push(format!(";{c}"));
                if c.starts_with(end_prefix) {
                    break;
                }
            }
        }
    }
    out
}

fn check_roundtrips(name: &str, p: &Program, md: &ProgramMetadata) {
    let printed = p.to_string();
    let mut d = Diagnostics::new();
    let again = parse_str(&printed, FileId(0), &mut d);
    assert!(
        d.is_empty(),
        "{name}: printed text does not parse:\n{printed}\n{d:?}"
    );
    assert_eq!(&again, p, "{name}: re-parsed program differs");
    assert_eq!(
        again.to_string(),
        printed,
        "{name}: printing is not a fixpoint"
    );
    for k in &md.kernels {
        let text = k.to_string();
        let src = source_of_block(p, &format!("ARGSTART:{}", k.name), "ARGEND:");
        let src: String = src.iter().map(|l| format!("{l}\n")).collect();
        assert_eq!(
            text, src,
            "{name}: metadata block `{}` does not print back",
            k.name
        );
    }
    for s in &md.data {
        let text = s.to_string();
        let first = text.lines().next().unwrap_or("").trim_start_matches(';');
        let src = source_of_block(p, first, "#DATAEND");
        let src: String = src.iter().map(|l| format!("{l}\n")).collect();
        assert_eq!(text, src, "{name}: data segment does not print back");
    }
}

/// One data file: parse, validate, read metadata, check the round trips, and compare the
/// report with the file's expectation.
pub fn check(path: &Path) -> Result<(), String> {
    let name = path.display().to_string();
    let expected = Expected::read(path, SEP)?;
    let input = expected.input();
    let mut sm = SourceMap::new();
    let file = sm.add(name.clone(), input);
    let mut diags = Diagnostics::new();
    let program = kauai_amdil::parse(&sm, file, &mut diags);
    validate(&program, &mut diags);
    let md = read_metadata(&program, &mut diags);
    if diags.has_errors() {
        // Still the printer must be a fixpoint over what parsed.
        let printed = program.to_string();
        let mut d = Diagnostics::new();
        let again = parse_str(&printed, FileId(0), &mut d);
        assert_eq!(again, program, "{name}: re-parsed program differs");
        assert_eq!(
            again.to_string(),
            printed,
            "{name}: printing is not a fixpoint"
        );
    } else {
        check_roundtrips(&name, &program, &md);
    }

    let mut out = String::new();
    for d in diags.iter() {
        let (l, c) = d
            .primary_span()
            .map(|s| sm.file(file).line_col(s.start as usize))
            .unwrap_or((0, 0));
        let _ = writeln!(out, "; {l}:{c} {}: {}", d.severity, d.message);
    }
    for k in &md.kernels {
        let _ = writeln!(
            out,
            "; kernel {} id={:?} entries={}",
            k.name,
            k.unique_id(),
            k.entries.len()
        );
        for e in &k.entries {
            let _ = writeln!(out, ";   {e:?}");
        }
    }
    for s in &md.data {
        match s.bytes() {
            Ok(b) => {
                let hex: Vec<String> = b.iter().map(|x| format!("{x:02x}")).collect();
                let _ = writeln!(
                    out,
                    "; data cb={:?} size={} bytes={}",
                    s.cb,
                    s.size,
                    hex.join("")
                );
            }
            Err(e) => {
                let _ = writeln!(out, "; data cb={:?} error: {e}", s.cb);
            }
        }
    }
    // `; LINK: name` lines: link that kernel and show the result.
    for l in input.lines() {
        if let Some(k) = l.strip_prefix("; LINK: ") {
            match kauai_amdil::link(&program, k.trim(), &Program::default()) {
                Ok(lk) => {
                    let _ = writeln!(out, "; linked {} entry={}", lk.name, lk.entry);
                    for pl in lk.program.to_string().lines() {
                        let _ = writeln!(out, "; | {pl}");
                    }
                }
                Err(e) => {
                    let _ = writeln!(out, "; link {} error: {e}", k.trim());
                }
            }
        }
    }
    expected.check(&out)
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut suite = kauai_testkit::Suite::new();
    suite.files(&root, "data", &["il"], check);
    suite.run()
}
