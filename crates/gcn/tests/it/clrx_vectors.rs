//! CLRX's own encoder and decoder expectations (frozen from its C test tables by
//! `tools/clrx_vectors.py`; each file names its origin).
//!
//! * `asm_*.txt`: `ok WORDS | SOURCE` must assemble to exactly WORDS on the table's
//!   device; `err | SOURCE | MESSAGE` must be rejected (CLRX's message is kept for
//!   reference: ours are worded differently).
//! * `disasm_*.txt`: `WORDS | TEXT` is CLRX's disassembly. Our decoder must accept the
//!   words, our text must reassemble to them, CLRX's text must assemble to them with our
//!   assembler, and our text must equal CLRX's (spacing aside). CLRX prints undecodable
//!   words as `..._ill_N`; those must be refused by our decoder, and so must words whose
//!   CLRX text cannot read back to them (`CLRX_LOSSY`, `CLRX_LOSSY_TEXT`).

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, decode, format_inst, Arch, AsmOptions};

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.next() {
                Some('n') => out.push('\n'),
                Some(o) => out.push(o),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn words(hex: &str) -> Vec<u32> {
    hex.split_whitespace()
        .map(|w| u32::from_str_radix(w, 16).expect("hex word"))
        .collect()
}

pub(crate) fn asm(gpu: &str, src: &str) -> Result<Vec<u32>, String> {
    let mut sm = SourceMap::new();
    let f = sm.add("test.s", format!("{src}\n"));
    let mut d = Diagnostics::new();
    let opts = AsmOptions {
        gpu: Some(gpu.to_string()),
        ..AsmOptions::default()
    };
    match assemble(&mut sm, f, &opts, &mut d) {
        Ok(o) => Ok(o
            .code()
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c.get(3).copied().unwrap_or(0)]))
            .collect()),
        Err(_) => Err(d.render(&sm)),
    }
}

/// Compare texts without spacing differences and without comments (CLRX adds float
/// comments to literals by default; ours are optional).
pub(crate) fn norm(s: &str) -> String {
    let mut t = String::new();
    let mut rest = s;
    while let Some(i) = rest.find("/*") {
        t.push_str(&rest[..i]);
        rest = rest[i..]
            .find("*/")
            .map(|j| &rest[i + j + 2..])
            .unwrap_or("");
    }
    t.push_str(rest);
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Words whose CLRX text does not read back to the same words (CLRX prints fields its
/// syntax has no place for); our decoder refuses them instead of printing lossy text.
const CLRX_LOSSY: &[(&str, &str)] = &[
    (
        "c0004c9d b6000000",
        "SMEM soe with a zero immediate printed as a plain SGPR offset",
    ),
    (
        "c0a00c9d 0000005b",
        "non-zero SDATA of s_dcache_discard printed as `sdata=`",
    ),
    (
        "7c2192f9 0404424e",
        "SDWA VOPC selecting vcc with bits left in the SDST field",
    ),
    (
        "c0020c9d 01d1345b",
        "GCN 1.2 SMEM offset with bits above its 20-bit field, printed without them",
    ),
    // Two SGPRs read (VCC counts): clrxasm refuses such text with "More than one SGPR
    // to read in instruction" (rows of ../shared/oracles/clrx/asm/*.messages.tsv).
    (
        "0134d6f9 0080003d",
        "SDWA v_cndmask_b32 reading s61 and VCC",
    ),
    (
        "0134d6f9 8080003d",
        "SDWA v_cndmask_b32 reading s61 and VCC",
    ),
    (
        "d11c0737 4066b41b",
        "v_addc_co_u32 reading s27 and s[25:26]",
    ),
    ("d11c6a37 01aab41b", "v_addc_co_u32 reading s27 and VCC"),
    ("d11c6a37 41aab41b", "v_addc_co_u32 reading s27 and VCC"),
    (
        "d11d0737 4066b41b",
        "v_subb_co_u32 reading s27 and s[25:26]",
    ),
    (
        "d11e0737 4066b41b",
        "v_subbrev_co_u32 reading s27 and s[25:26]",
    ),
    // Scalar-memory data starting on an odd SGPR: clrxasm refuses such text with
    // "Unaligned scalar register range" (`s_memtime s[77:78]` in
    // ../shared/oracles/clrx/asm/*.messages.tsv).
    ("c0900cc0 00000000", "s_memtime into s[51:52]"),
    ("c0910cc0 00000000", "s_memtime into s[51:52]"),
    ("c0940cc0 00000000", "s_memrealtime into s[51:52]"),
];

/// Kinds of CLRX text that cannot read back to their words, recognised by shape (our
/// decoder must refuse every word whose CLRX text matches, like the list above).
const CLRX_LOSSY_TEXT: &[(fn(&str) -> bool, &str)] = &[
    (
        unaligned_smem_quad_base,
        "SMEM resource base not on a 4-register boundary (`s[58:61]`): CLRX's assembler \
         rejects the unaligned range it prints",
    ),
    (
        unaligned_scalar_range,
        "a scalar instruction's SGPR pair on an odd register or wider range off a \
         4-register boundary (`s_load_dwordx4 s[50:53]`, `s_cbranch_i_fork s[43:44]`): \
         clrxasm refuses the text (\"Unaligned scalar register range\" for \
         `s_load_dwordx4 s[42:45], ...` and `s_call_b64 s[71:72], ...` in \
         ../shared/oracles/clrx/asm/*.messages.tsv)",
    ),
    (
        has_raw_field,
        "fields CLRX's syntax has no place for, printed as `sdata=`, `sbase=`, `offset=`, \
         `imm=`, `sdst=`",
    ),
];

fn unaligned_smem_quad_base(text: &str) -> bool {
    let mut it = text.split_whitespace();
    let name = it.next().unwrap_or("");
    if !(name.starts_with("s_buffer_") || name == "s_atc_probe_buffer") {
        return false;
    }
    let rest: String = it.collect::<Vec<_>>().join(" ");
    let base = rest.split(", ").nth(1).unwrap_or("");
    let first = base
        .strip_prefix("s[")
        .and_then(|r| r.split(':').next())
        .and_then(|n| n.parse::<u32>().ok());
    matches!(first, Some(n) if n % 4 != 0)
}

fn unaligned_scalar_range(text: &str) -> bool {
    text.starts_with("s_")
        && text.match_indices("s[").any(|(i, _)| {
            let r = &text[i + 2..];
            let mut parts = r.split(']').next().unwrap_or("").split(':');
            let a = parts.next().and_then(|n| n.parse::<u32>().ok());
            let b = parts.next().and_then(|n| n.parse::<u32>().ok());
            // `ttmp[...]`/`vcc` etc. do not start with `s[` after a letter.
            let own = i == 0 || !text.as_bytes()[i - 1].is_ascii_alphabetic();
            match (a, b) {
                (Some(a), Some(b)) if own && b > a => a % if b - a == 1 { 2 } else { 4 } != 0,
                _ => false,
            }
        })
}

fn has_raw_field(text: &str) -> bool {
    text.split_whitespace().any(|t| {
        ["sdata=", "sbase=", "offset=", "imm=", "sdst="]
            .iter()
            .any(|f| t.starts_with(f))
    })
}

/// Branch-target labels (`.L<offset>_0`) become symbols, as in a whole disassembly.
pub(crate) fn with_labels(text: &str) -> String {
    let mut defs = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(".L") {
        let digits: String = rest[i + 2..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if !digits.is_empty() && rest[i + 2 + digits.len()..].starts_with("_0") {
            defs.push_str(&format!(".L{digits}_0 = {digits}\n"));
        }
        rest = &rest[i + 2..];
    }
    format!("{defs}{text}")
}

fn arch_of(gpu: &str) -> Arch {
    kauai_gcn::device(gpu).expect("device").1
}

fn files(prefix: &str) -> Vec<(String, String)> {
    let dir = format!("{}/tests/data/clrx", env!("CARGO_MANIFEST_DIR"));
    let mut v: Vec<_> = std::fs::read_dir(&dir)
        .expect("data dir")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(prefix) && n.ends_with(".txt"))
        })
        .map(|p| {
            let name = p
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("")
                .to_string();
            (name, std::fs::read_to_string(&p).expect("read"))
        })
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no {prefix}* files");
    v
}

#[test]
fn clrx_asm_vectors() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (name, text) in files("asm_") {
        let mut gpu = String::new();
        for (n, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if let Some(g) = line.strip_prefix("@gpu ") {
                gpu = g.split_whitespace().next().unwrap_or("").to_string();
                continue;
            }
            count += 1;
            let at = format!("{name}:{}", n + 1);
            if let Some(rest) = line.strip_prefix("ok ") {
                let (w, src) = rest.split_once(" | ").expect("ok line");
                let want = words(w);
                match asm(&gpu, &unescape(src)) {
                    Ok(got) if got == want => {}
                    Ok(got) => {
                        failures.push(format!("{at}: {src}: got {got:08x?}, want {want:08x?}"))
                    }
                    Err(e) => failures.push(format!("{at}: {src}: rejected:\n{e}")),
                }
            } else if let Some(rest) = line.strip_prefix("err | ") {
                let (src, _msg) = rest.split_once(" | ").unwrap_or((rest, ""));
                if let Ok(got) = asm(&gpu, &unescape(src)) {
                    failures.push(format!(
                        "{at}: {src}: accepted as {got:08x?}, CLRX rejects it"
                    ));
                }
            } else {
                panic!("{at}: bad line");
            }
        }
    }
    assert!(count > 0);
    assert!(
        failures.is_empty(),
        "{} of {count} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn clrx_disasm_vectors() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (name, text) in files("disasm_") {
        let mut gpu = String::new();
        for (n, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if let Some(g) = line.strip_prefix("@gpu ") {
                gpu = g.split_whitespace().next().unwrap_or("").to_string();
                continue;
            }
            count += 1;
            let at = format!("{name}:{}", n + 1);
            let (w, clrx) = line.split_once(" | ").expect("disasm line");
            let want = words(w);
            let clrx = unescape(clrx);
            let arch = arch_of(&gpu);
            let decoded = decode(arch, &want);
            if CLRX_LOSSY.iter().any(|(x, _)| *x == w)
                || CLRX_LOSSY_TEXT.iter().any(|(f, _)| f(&clrx))
            {
                if decoded.is_ok() {
                    failures.push(format!("{at}: {w} is listed as CLRX-lossy but decodes"));
                }
                continue;
            }
            if clrx.contains("_ill_") {
                if decoded.is_ok() {
                    failures.push(format!("{at}: CLRX calls {w} illegal, we decode it"));
                }
                continue;
            }
            let (inst, len) = match decoded {
                Ok(x) => x,
                Err(e) => {
                    failures.push(format!("{at}: {w}: not decoded ({e}); CLRX: {clrx}"));
                    continue;
                }
            };
            if len != want.len() {
                failures.push(format!("{at}: {w}: decoded length {len}"));
                continue;
            }
            let ours = format_inst(arch, &inst, 0);
            match asm(&gpu, &with_labels(&ours)) {
                Ok(got) if got == want => {}
                other => failures.push(format!(
                    "{at}: our text `{ours}` reassembles to {other:08x?}"
                )),
            }
            match asm(&gpu, &with_labels(&clrx)) {
                Ok(got) if got == want => {}
                other => failures.push(format!(
                    "{at}: CLRX text `{clrx}` assembles to {other:08x?}"
                )),
            }
            if norm(&ours) != norm(&clrx) {
                failures.push(format!(
                    "{at}: text differs\n  ours: {ours}\n  CLRX: {clrx}"
                ));
            }
        }
    }
    assert!(count > 0);
    assert!(
        failures.is_empty(),
        "{} of {count} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
