//! `.amdcl2` assembly.
//!
//! * Byte equality with `clrxasm`: the binaries of xmrig's RandomX kernels (frozen by
//!   kauai-amdbin in `crates/amdbin/tests/data`) come back from a `.config` source
//!   written here from the kernels' documented configuration, with the machine code
//!   taken from the binary by `.incbin`.
//!
//! The data files `tests/data/cl2/*.s` are the `files` suite (`tests/files/cl2.rs`).

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
