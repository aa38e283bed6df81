//! Data-driven assembler tests: each `tests/data/asm/*.s` holds the source, then a
//! `#### EXPECTED` line and the expected result (code bytes, symbols, prints,
//! diagnostics with file:line:col, and the disassembly when the source asks for it with
//! `# test: disasm`). `BLESS=1 cargo test -p kauai-gcn --test asm_files` rewrites the
//! expectations; review the diff.

use std::fmt::Write;

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, disassemble, AsmOptions, DisasmOptions};

const MARKER: &str = "#### EXPECTED";

fn run_file(name: &str, source: &str) -> String {
    let mut sm = SourceMap::new();
    let f = sm.add(name, source.to_string());
    let mut diags = Diagnostics::new();
    // Includes resolve against the data directory, as `-I` would.
    let opts = AsmOptions {
        include_dirs: vec![format!("{}/tests/data/asm", env!("CARGO_MANIFEST_DIR")).into()],
        ..AsmOptions::default()
    };
    let res = assemble(&mut sm, f, &opts, &mut diags);
    let mut out = String::new();
    for d in diags.iter() {
        let loc = d.primary_span().map(|s| sm.location(s)).unwrap_or_default();
        let _ = writeln!(out, "{}: {loc}: {}", d.severity, d.message);
    }
    if let Ok(o) = res {
        let _ = writeln!(out, "arch {}", o.arch.clrx_name());
        for (i, chunk) in o.code().chunks(16).enumerate() {
            let hex: Vec<String> = chunk.iter().map(|b| format!("{b:02x}")).collect();
            let _ = writeln!(out, "{:04x}: {}", i * 16, hex.join(" "));
        }
        for (n, sec, v) in &o.symbols {
            match sec {
                Some(s) => _ = writeln!(out, "sym {n} = {s}+{v}"),
                None => _ = writeln!(out, "sym {n} = {v}"),
            }
        }
        for p in &o.prints {
            let _ = writeln!(out, "print {p}");
        }
        if source.contains("# test: disasm") {
            out.push_str(&disassemble(o.code(), o.arch, DisasmOptions::default()));
        }
    }
    out
}

#[test]
fn asm_files() {
    let dir = format!("{}/tests/data/asm", env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("BLESS").is_some();
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .expect("data dir")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "s"))
        .collect();
    entries.sort();
    assert!(!entries.is_empty());
    let mut failed = Vec::new();
    for path in entries {
        let text = std::fs::read_to_string(&path).expect("read");
        let (source, expected) = match text.find(MARKER) {
            Some(i) => (
                &text[..i],
                text[i + MARKER.len()..].trim_start_matches('\n'),
            ),
            None => (text.as_str(), ""),
        };
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        let actual = run_file(name, source);
        if bless {
            std::fs::write(&path, format!("{source}{MARKER}\n{actual}")).expect("write");
        } else if actual != expected {
            failed.push(format!("{name}: expected\n{expected}\ngot\n{actual}"));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
