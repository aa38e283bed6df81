//! `.rocm` and `.gallium` data files `tests/data/containers/*.s`: source, then
//! `#### EXPECTED` and a dump of the writer input the assembler built (kernels, code,
//! metadata or clover arguments and `.AMDGPU.config` entries), or the diagnostics.
//! `BLESS=1` rewrites the expectations; review the diff.

use std::fmt::Write;
use std::path::Path;

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, AsmOptions};
use kauai_testkit::Expected;

const MARKER: &str = "#### EXPECTED";

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
    let Ok(o) = res else {
        return out;
    };
    if let Some(r) = &o.rocm {
        let _ = writeln!(
            out,
            "rocm isa {:?} new_format {} eflags {}",
            r.isa, r.new_format, r.eflags
        );
        if let Some(g) = &r.global_data {
            let _ = write!(out, "globaldata\n{}", hex(g));
        }
        for k in &r.kernels {
            let _ = writeln!(out, "kernel {} at {:#x}", k.name, k.offset);
        }
        let _ = write!(out, "code\n{}", hex(&r.code));
        let _ = write!(out, "metadata\n{}", String::from_utf8_lossy(&r.metadata));
    }
    if let Some(g) = &o.gallium {
        let _ = writeln!(out, "gallium 64bit {} mesa {}", g.is64, g.mesa_version);
        if let Some(d) = &g.global_data {
            let _ = write!(out, "globaldata\n{}", hex(d));
        }
        for k in &g.kernels {
            let _ = writeln!(out, "kernel {} at {:#x}", k.name, k.offset);
            for a in &k.args {
                let _ = writeln!(out, "  arg {a:?}");
            }
            let e: Vec<String> = k
                .proginfo
                .iter()
                .map(|(r, v)| format!("{r:#x}={v:#x}"))
                .collect();
            let _ = writeln!(out, "  proginfo {}", e.join(" "));
        }
        let _ = write!(out, "code\n{}", hex(&g.code));
    }
    if let Some(b) = &o.binary {
        let _ = writeln!(out, "binary {} bytes", b.len());
    }
    out
}
