//! Frozen llvm-mc 14 encodings (tests/data/llvm/*.vec, made by tools/gen_llvm_vectors.py):
//! every CLRX-syntax text must assemble to llvm-mc's words, and the words must
//! disassemble to text that assembles back to the same words.

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, decode, disassemble, Arch, AsmOptions, DisasmOptions};

fn assemble_one(arch: Arch, text: &str) -> Result<Vec<u32>, String> {
    let mut sm = SourceMap::new();
    let f = sm.add("t.s", text.to_string());
    let mut d = Diagnostics::new();
    let opts = AsmOptions {
        arch: Some(arch),
        ..AsmOptions::default()
    };
    match assemble(&mut sm, f, &opts, &mut d) {
        Ok(o) => Ok(o
            .code()
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()),
        Err(_) => Err(d
            .list
            .iter()
            .map(|x| x.message.clone())
            .collect::<Vec<_>>()
            .join("; ")),
    }
}

/// Vectors llvm-mc 14 accepts but the hardware forbids (LLVM's own source notes the
/// missing check: "Forbid non-M0 register offsets for GFX8 stores and atomics"); CLRX
/// rejects them, and so must our assembler and decoder.
const LLVM_LAXER: &[(&str, &str)] = &[
    ("gfx8.vec", "s_store_dword s8, s[4:5], s3"),
    ("gfx8.vec", "s_store_dwordx2 s[8:9], s[4:5], s3"),
    ("gfx8.vec", "s_store_dwordx4 s[8:11], s[4:5], s3"),
    ("gfx8.vec", "s_buffer_store_dword s8, s[4:7], s3"),
    ("gfx8.vec", "s_buffer_store_dwordx2 s[8:9], s[4:7], s3"),
    ("gfx8.vec", "s_buffer_store_dwordx4 s[8:11], s[4:7], s3"),
    ("gfx8.vec", "s_atc_probe 7, s[4:5], s3"),
];

fn check(file: &str, arch: Arch) -> (usize, Vec<String>) {
    let path = format!("{}/tests/data/llvm/{file}", env!("CARGO_MANIFEST_DIR"));
    let data = std::fs::read_to_string(&path).expect("vector file");
    let mut failures = Vec::new();
    let mut n = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let Some((text, hex)) = line.rsplit_once(" | ") else {
            failures.push(format!("bad line: {line}"));
            continue;
        };
        n += 1;
        let want: Vec<u32> = hex
            .split_whitespace()
            .map(|h| u32::from_str_radix(h, 16).expect("hex"))
            .collect();
        if LLVM_LAXER.contains(&(file, text)) {
            if assemble_one(arch, text).is_ok() || decode(arch, &want).is_ok() {
                failures.push(format!("laxer {text}: accepted, the hardware forbids it"));
            }
            continue;
        }
        match assemble_one(arch, text) {
            Ok(got) if got == want => {}
            Ok(got) => failures.push(format!("asm  {text}: got {got:08x?}, llvm-mc {want:08x?}")),
            Err(e) => failures.push(format!("asm  {text}: error {e}")),
        }
        match decode(arch, &want) {
            Ok((_, len)) if len == want.len() => {
                let bytes: Vec<u8> = want.iter().flat_map(|w| w.to_le_bytes()).collect();
                let dis = disassemble(&bytes, arch, DisasmOptions::default());
                match assemble_one(arch, &dis) {
                    Ok(got) if got == want => {}
                    Ok(got) => failures.push(format!(
                        "dis  {text}: '{dis}' -> {got:08x?}, want {want:08x?}"
                    )),
                    Err(e) => failures.push(format!("dis  {text}: '{dis}' error {e}")),
                }
            }
            Ok((_, len)) => failures.push(format!("dec  {text}: length {len}")),
            Err(e) => failures.push(format!("dec  {text}: {e}")),
        }
    }
    (n, failures)
}

fn run(file: &str, arch: Arch) {
    let (n, failures) = check(file, arch);
    assert!(n > 1000, "{file}: only {n} vectors");
    if !failures.is_empty() {
        let shown: Vec<_> = failures.iter().take(60).cloned().collect();
        panic!(
            "{file}: {} of {n} vectors fail:\n{}",
            failures.len(),
            shown.join("\n")
        );
    }
}

#[test]
fn gfx6() {
    run("gfx6.vec", Arch::Gfx6);
}

#[test]
fn gfx7() {
    run("gfx7.vec", Arch::Gfx7);
}

#[test]
fn gfx8() {
    run("gfx8.vec", Arch::Gfx8);
}

#[test]
fn gfx9() {
    run("gfx9.vec", Arch::Gfx9);
}

#[test]
fn gfx906() {
    run("gfx906.vec", Arch::Gfx906);
}

/// Hand-picked forms (`_e64`/`_e32`, two-source VOP3P, MTBUF slc) frozen from llvm-mc 14.
#[test]
fn gfx9_forms() {
    let (n, failures) = check("gfx9_forms.vec", Arch::Gfx9);
    assert!(n >= 20, "only {n} vectors");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
