//! `.amd` data files `tests/data/amd/*.s`: source, then `#### EXPECTED` and a dump of
//! the writer input the assembler built (kernels, configurations, raw blobs and CAL
//! notes), or the diagnostics. `BLESS=1` rewrites the expectations; review the diff.

use std::fmt::Write;
use std::path::Path;

use kauai_amdbin::amd::{AmdInput, AmdKernelContent};

use crate::common::{self, hex};

/// One data file: its output must match its expectation.
pub fn check(path: &Path) -> Result<(), String> {
    common::check(path, |name, source| {
        common::container_output(name, source, |o| {
            o.amd.as_ref().map(dump).unwrap_or_default()
        })
    })
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
