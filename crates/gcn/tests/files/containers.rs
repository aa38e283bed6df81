//! `.rocm` and `.gallium` data files `tests/data/containers/*.s`: source, then
//! `#### EXPECTED` and a dump of the writer input the assembler built (kernels, code,
//! metadata or clover arguments and `.AMDGPU.config` entries), or the diagnostics.
//! `BLESS=1` rewrites the expectations; review the diff.

use std::fmt::Write;
use std::path::Path;

use kauai_gcn::AsmOutput;

use crate::common::{self, hex};

/// One data file: its output must match its expectation.
pub fn check(path: &Path) -> Result<(), String> {
    common::check(path, |name, source| {
        common::container_output(name, source, dump)
    })
}

/// The ROCm or Gallium writer input.
fn dump(o: &AsmOutput) -> String {
    let mut out = String::new();
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
    out
}
