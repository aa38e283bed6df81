//! `.amdcl2` assembly.
//!
//! * Byte equality with `clrxasm`: the binaries of xmrig's RandomX kernels (frozen by
//!   kauai-amdbin in `crates/amdbin/tests/data`) come back from a `.config` source
//!   written here from the kernels' documented configuration, with the machine code
//!   taken from the binary by `.incbin`.
//! * Data files `tests/data/cl2/*.s`: source, then `#### EXPECTED` and a dump of the
//!   writer input the assembler built (kernels, configurations, blobs, relocations),
//!   or the diagnostics. `BLESS=1` rewrites the expectations; review the diff.

use std::fmt::Write;

use kauai_amdbin::{Cl2Input, KernelContent};
use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, AsmOptions};

fn amdbin_data(name: &str) -> Vec<u8> {
    let path = format!("{}/../amdbin/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(path).expect("amdbin oracle file")
}

fn assemble_text(src: &str, opts: &AsmOptions) -> Result<kauai_gcn::AsmOutput, String> {
    let mut sm = SourceMap::new();
    let f = sm.add("test.s", src.to_string());
    let mut d = Diagnostics::new();
    assemble(&mut sm, f, opts, &mut d).map_err(|_| d.render(&sm))
}

/// The configuration of xmrig's randomx_run kernels (the same for gfx803 and gfx900).
const RANDOMX_CONFIG: &str = "
.kernel randomx_run
    .config
        .dims x
        .cws 64, 1, 1
        .sgprsnum 96
        .vgprsnum 128
        .localsize 256
        .floatmode 0xc0
        .pgmrsrc1 0x00ac035f
        .pgmrsrc2 0x0000008c
        .dx10clamp
        .ieeemode
        .useargs
        .priority 0
        .setupargs
        .arg dataset, \"uchar*\", uchar*, global, const, rdonly
        .arg scratchpad, \"uchar*\", uchar*, global
        .arg registers, \"ulong*\", ulong*, global
        .arg rounding_modes, \"uint*\", uint*, global
        .arg programs, \"uint*\", uint*, global
        .arg batch_size, \"uint\", uint
        .arg rx_parameters, \"uint\", uint
    .text
        .incbin \"code.bin\"
";

fn randomx(file: &str, gpu: &str, driver: u32, text_off: usize, code_end: usize) {
    let bin = amdbin_data(file);
    // The code follows the 256-byte setup at .hsatext (0x200 into the inner ELF).
    let code = &bin[text_off + 0x200 + 256..text_off + 0x200 + code_end];
    let dir = std::env::temp_dir().join(format!("kauai-gcn-cl2-{}-{file}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("code.bin"), code).expect("write code");
    let src = format!(
        ".amdcl2\n.gpu {gpu}\n.64bit\n.driver_version {driver}\n.arch_minor 0\n.arch_stepping 0\n{RANDOMX_CONFIG}"
    );
    let opts = AsmOptions {
        include_dirs: vec![dir.clone()],
        ..AsmOptions::default()
    };
    let out = assemble_text(&src, &opts).unwrap_or_else(|e| panic!("{file}: {e}"));
    let _ = std::fs::remove_dir_all(&dir);
    let ours = out.binary.expect("binary");
    let first = ours.iter().zip(&bin).position(|(a, b)| a != b);
    assert!(
        first.is_none() && ours.len() == bin.len(),
        "{file}: first difference at {first:?}, lengths {} vs {}",
        ours.len(),
        bin.len()
    );
}

#[test]
fn randomx_gfx803_source_assembles_to_clrxasm_bytes() {
    randomx("randomx_run_gfx803.bin", "gfx803", 203603, 0x862, 0xBB4);
}

#[test]
fn randomx_gfx900_source_assembles_to_clrxasm_bytes() {
    randomx("randomx_run_gfx900.bin", "GFX900", 223600, 0x85F, 0xB74);
}

fn hex(b: &[u8]) -> String {
    let mut s = String::new();
    for (i, c) in b.chunks(16).enumerate() {
        let h: Vec<String> = c.iter().map(|x| format!("{x:02x}")).collect();
        let _ = writeln!(s, "    {:04x}: {}", i * 16, h.join(" "));
    }
    s
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
        if let Some(i) = &o.cl2 {
            out.push_str(&dump(i));
        }
        if let Some(b) = &o.binary {
            let _ = writeln!(out, "binary {} bytes", b.len());
        }
    }
    out
}

#[test]
fn cl2_files() {
    const MARKER: &str = "#### EXPECTED";
    let dir = format!("{}/tests/data/cl2", env!("CARGO_MANIFEST_DIR"));
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
