//! `.amd` data files `tests/data/amd/*.s`: source, then `#### EXPECTED` and a dump of
//! the writer input the assembler built (kernels, configurations, raw blobs and CAL
//! notes), or the diagnostics. `BLESS=1` rewrites the expectations; review the diff.

use std::fmt::Write;
use std::path::Path;

use kauai_amdbin::amd::{AmdInput, AmdKernelContent};
use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, AsmOptions};
use kauai_testkit::Expected;

const MARKER: &str = "#### EXPECTED";

/// One data file: its output must match its expectation.
pub fn check(path: &Path) -> Result<(), String> {
    let file = Expected::read(path, MARKER)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
    file.check(&run_file(name, file.input()))
}

fn hex(b: &[u8]) -> String {
    let mut s = String::new();
    for (i, c) in b.chunks(16).enumerate() {
        let h: Vec<String> = c.iter().map(|x| format!("{x:02x}")).collect();
        let _ = writeln!(s, "    {:04x}: {}", i * 16, h.join(" "));
    }
    s
}

fn dump(i: &AmdInput) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "device {} 64bit {} driver {:?} options {:?}",
        i.device.name(),
        i.is64,
        i.driver,
        i.compile_options
    );
    if let Some(g) = &i.global_data {
        let _ = write!(s, "globaldata\n{}", hex(g));
    }
    for k in &i.kernels {
        let _ = write!(s, "kernel {}\n  code\n{}", k.name, hex(&k.code));
        if let Some(d) = &k.data {
            let _ = write!(s, "  data\n{}", hex(d));
        }
        match &k.content {
            AmdKernelContent::Raw(r) => {
                let _ = write!(s, "  header\n{}", hex(&r.header));
                let _ = write!(s, "  metadata\n{}", hex(&r.metadata));
                for n in &r.cal_notes {
                    let _ = write!(s, "  calnote {}\n{}", n.ntype, hex(&n.data));
                }
            }
            AmdKernelContent::Config(c) => {
                let mut c = c.clone();
                let args = std::mem::take(&mut c.args);
                let _ = writeln!(s, "  config {c:?}");
                for a in args {
                    let _ = writeln!(s, "  arg {a:?}");
                }
            }
        }
    }
    s
}

fn run_file(name: &str, source: &str) -> String {
    let mut sm = SourceMap::new();
    let f = sm.add(name, source.to_string());
    let mut diags = Diagnostics::new();
    let res = assemble(&mut sm, f, &AsmOptions::default(), &mut diags);
    let mut out = String::new();
    for d in diags.iter() {
        let loc = d.primary_span().map(|s| sm.location(s)).unwrap_or_default();
        let _ = writeln!(out, "{}: {loc}: {}", d.severity, d.message);
    }
    if let Ok(o) = res {
        if let Some(i) = &o.amd {
            out.push_str(&dump(i));
        }
        if let Some(b) = &o.binary {
            let _ = writeln!(out, "binary {} bytes", b.len());
        }
    }
    out
}
