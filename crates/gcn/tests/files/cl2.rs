//! `.amdcl2` data files `tests/data/cl2/*.s`: source, then `#### EXPECTED` and a dump of
//! the writer input the assembler built (kernels, configurations, blobs, relocations),
//! or the diagnostics. `BLESS=1` rewrites the expectations; review the diff.

use std::fmt::Write;
use std::path::Path;

use kauai_amdbin::{Cl2Input, KernelContent};

use crate::common::{self, hex};

/// One data file: its output must match its expectation.
pub fn check(path: &Path) -> Result<(), String> {
    common::check(path, |name, source| {
        common::container_output(name, source, |o| {
            o.cl2.as_ref().map(dump).unwrap_or_default()
        })
    })
}

/// A readable dump of the writer input.
fn dump(i: &Cl2Input) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "device {} driver {} 64bit {} arch_minor {:?} arch_stepping {:?}",
        i.device.name(),
        i.driver_version,
        i.is64,
        i.arch_minor,
        i.arch_stepping
    );
    let _ = writeln!(s, "acl {:?} options {:?}", i.acl_version, i.compile_options);
    if !i.global_data.is_empty() {
        let _ = write!(s, "globaldata\n{}", hex(&i.global_data));
    }
    if !i.rw_data.is_empty() {
        let _ = write!(s, "rwdata\n{}", hex(&i.rw_data));
    }
    if i.bss_size != 0 || i.bss_align != 0 {
        let _ = writeln!(s, "bss size {} align {}", i.bss_size, i.bss_align);
    }
    let _ = writeln!(
        s,
        "samplers {:?} offsets {:?}",
        i.samplers, i.sampler_offsets
    );
    for k in &i.kernels {
        let _ = write!(s, "kernel {}\n  code\n{}", k.name, hex(&k.code));
        for r in &k.relocations {
            let _ = writeln!(
                s,
                "  reloc {:#x} {:?} {:?}+{}",
                r.offset, r.kind, r.target, r.addend
            );
        }
        if !k.samplers.is_empty() {
            let _ = writeln!(s, "  samplers {:?}", k.samplers);
        }
        match &k.content {
            KernelContent::Raw(r) => {
                let _ = write!(s, "  metadata\n{}", hex(&r.metadata));
                let _ = write!(s, "  setup\n{}", hex(&r.setup));
                if !r.stub.is_empty() {
                    let _ = write!(s, "  stub\n{}", hex(&r.stub));
                }
                if let Some(m) = &r.isa_metadata {
                    let _ = write!(s, "  isametadata\n{}", hex(m));
                }
            }
            KernelContent::Config(c) => {
                let mut c = (**c).clone();
                let args = std::mem::take(&mut c.args);
                let hsa = c.hsa.take();
                let _ = writeln!(s, "  config {c:?}");
                for a in args {
                    let _ = writeln!(s, "  arg {a:?}");
                }
                if let Some(h) = hsa {
                    let mut h = h.clone();
                    let cd = std::mem::take(&mut h.control_directive);
                    let _ = writeln!(s, "  hsa {h:?}");
                    if cd.iter().any(|b| *b != 0) {
                        let _ = write!(s, "  control_directive\n{}", hex(&cd));
                    }
                }
            }
        }
    }
    s
}
