//! What the assembler suites share: the marker, reading a data file and checking its
//! output, assembling its source with its diagnostics as text, and the hex dumps.

use std::fmt::Write;
use std::path::Path;

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, AsmOptions, AsmOutput};
use kauai_testkit::Expected;

pub const MARKER: &str = "#### EXPECTED";

/// One data file: what `run` makes of its name and source must match its expectation.
pub fn check(
    path: &Path,
    run: impl FnOnce(&str, &str) -> Result<String, String>,
) -> Result<(), String> {
    let file = Expected::read(path, MARKER)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
    file.check(&run(name, file.input())?)
}

/// Assemble `source`: its diagnostics, a `severity: file:line:col: message` line each,
/// and the output when it assembled.
pub fn assemble_source(name: &str, source: &str, opts: &AsmOptions) -> (String, Option<AsmOutput>) {
    let mut sm = SourceMap::new();
    let f = sm.add(name, source.to_string());
    let mut diags = Diagnostics::new();
    let res = assemble(&mut sm, f, opts, &mut diags);
    let mut out = String::new();
    for d in diags.iter() {
        let loc = d.primary_span().map(|s| sm.location(s)).unwrap_or_default();
        let _ = writeln!(out, "{}: {loc}: {}", d.severity, d.message);
    }
    (out, res.ok())
}

/// The container suites' output: the diagnostics, then for a source that assembled
/// `dump`'s text of the writer input and the binary's size.
pub fn container_output(
    name: &str,
    source: &str,
    dump: impl FnOnce(&AsmOutput) -> String,
) -> Result<String, String> {
    let (mut out, res) = assemble_source(name, source, &AsmOptions::default());
    if let Some(o) = res {
        out.push_str(&dump(&o));
        if let Some(b) = &o.binary {
            let _ = writeln!(out, "binary {} bytes", b.len());
        }
    }
    Ok(out)
}

/// Sixteen bytes a line, indented under the blob's name.
pub fn hex(b: &[u8]) -> String {
    let mut s = String::new();
    for (i, c) in b.chunks(16).enumerate() {
        let h: Vec<String> = c.iter().map(|x| format!("{x:02x}")).collect();
        let _ = writeln!(s, "    {:04x}: {}", i * 16, h.join(" "));
    }
    s
}
