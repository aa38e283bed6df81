//! Data-driven assembler tests: each `tests/data/asm/*.s` holds the source, then a
//! `#### EXPECTED` line and the expected result (code bytes, symbols, prints,
//! diagnostics with file:line:col, and the disassembly when the source asks for it with
//! `# test: disasm`). `BLESS=1 cargo test -p kauai-gcn --test files` rewrites the
//! expectations, which freezes our own output: review the diff. A disassembly must also
//! assemble back to the same bytes, which needs no expectation.

use std::fmt::Write;
use std::path::Path;

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, disassemble, AsmOptions, DisasmOptions};

use crate::common;

fn run_file(name: &str, source: &str) -> Result<String, String> {
    // Includes resolve against the data directory, as `-I` would.
    let opts = AsmOptions {
        include_dirs: vec![format!("{}/tests/data/asm", env!("CARGO_MANIFEST_DIR")).into()],
        ..AsmOptions::default()
    };
    let (mut out, res) = common::assemble_source(name, source, &opts);
    if let Some(o) = res {
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
            let text = disassemble(o.code(), o.arch, DisasmOptions::default());
            reassembles(&text, o.arch, o.code())?;
            out.push_str(&text);
        }
    }
    Ok(out)
}

/// The check that does not rest on a blessed expectation: a disassembly assembles back
/// to exactly the bytes it came from.
fn reassembles(text: &str, arch: kauai_gcn::Arch, code: &[u8]) -> Result<(), String> {
    let mut sm = SourceMap::new();
    let f = sm.add("<disassembly>", text.to_string());
    let mut diags = Diagnostics::new();
    let opts = AsmOptions {
        arch: Some(arch),
        ..AsmOptions::default()
    };
    match assemble(&mut sm, f, &opts, &mut diags) {
        Ok(again) if again.code() == code => Ok(()),
        Ok(again) => {
            let (a, b) = (again.code(), code);
            let at = a
                .iter()
                .zip(b)
                .position(|(x, y)| x != y)
                .unwrap_or(a.len().min(b.len()));
            Err(format!(
                "the disassembly assembles to other bytes from byte {at} ({} bytes against {}):\n{text}",
                a.len(),
                b.len()
            ))
        }
        Err(_) => Err(format!(
            "the disassembly does not assemble:\n{}\n{text}",
            diags.render(&sm)
        )),
    }
}

/// One data file: its output must match its expectation.
pub fn check(path: &Path) -> Result<(), String> {
    common::check(path, run_file)
}
