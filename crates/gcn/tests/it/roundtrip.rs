//! Properties over generated inputs (the fuzz targets `gcn_decode` and `gcn_asm` check
//! the same on arbitrary input):
//! * the decoder never panics, and whatever it decodes disassembles to text that
//!   assembles back to the same words (random bit flips of valid encodings explore
//!   operand codes, modifiers and opcodes; GCN 1.5, which has no llvm-mc vectors here,
//!   mutates the CLRX oracle's random words, and every oracle word of every GPU that
//!   decodes must round-trip unmutated);
//! * the assembler never panics on mangled source.

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, decode, disassemble, Arch, AsmOptions, DisasmOptions};
use kauai_testkit::Rng;

fn vectors(file: &str) -> Vec<Vec<u32>> {
    let path = format!("{}/tests/data/llvm/{file}", env!("CARGO_MANIFEST_DIR"));
    let data = std::fs::read_to_string(path).expect("vector file");
    data.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.rsplit_once(" | "))
        .map(|(_, h)| {
            h.split_whitespace()
                .filter_map(|x| u32::from_str_radix(x, 16).ok())
                .collect()
        })
        .collect()
}

/// The words of the CLRX disassembly oracle rows of one GPU (random words of every
/// encoding family, `tests/data/clrx_oracle`).
fn oracle_words(gpu: &str) -> Vec<Vec<u32>> {
    let path = format!(
        "{}/tests/data/clrx_oracle/{gpu}.tsv",
        env!("CARGO_MANIFEST_DIR")
    );
    let data = std::fs::read_to_string(path).expect("oracle file");
    data.lines()
        .filter_map(|l| l.split_once('\t'))
        .map(|(h, _)| {
            h.split_whitespace()
                .filter_map(|x| u32::from_str_radix(x, 16).ok())
                .collect()
        })
        .collect()
}

fn roundtrip(file: &str, arch: Arch, seed: u64) {
    roundtrip_from(file, vectors(file), arch, seed);
}

fn roundtrip_from(file: &str, base: Vec<Vec<u32>>, arch: Arch, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut decoded = 0;
    let mut failures = Vec::new();
    for _ in 0..3000 {
        let mut w = base[rng.below(base.len())].clone();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(w.len());
            w[i] ^= 1 << rng.below(32);
        }
        w.push(rng.next_u64() as u32); // a possible literal
        match kauai_gcn::props::decoded_words_round_trip(arch, &w) {
            Ok(None) => {}
            Ok(Some(_)) => decoded += 1,
            Err(e) => {
                decoded += 1;
                failures.push(e);
            }
        }
    }
    assert!(
        decoded > 500,
        "{file}: only {decoded} mutated words decoded"
    );
    assert!(
        failures.is_empty(),
        "{file}: {} round-trip failures:\n{}",
        failures.len(),
        failures[..failures.len().min(40)].join("\n")
    );
}

/// Literal values the assembler would otherwise encode inline: integers 0..64 and
/// -16..-1, and the inline floats as f32, f16 and f64 (high word) bits.
const SMALL_LITERALS: &[u32] = &[
    0,
    1,
    2,
    16,
    63,
    64,
    0xffff_ffff,
    0xffff_fff0,
    0xffff_fff8,
    0x3f00_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x4000_0000,
    0xc080_0000,
    0x3e22_f983,
    0x3800,
    0x3c00,
    0xbc00,
    0x4400,
    0x3118,
    0x3fe0_0000,
    0x3ff0_0000,
    0xc010_0000,
    0x3fc4_5f30,
];

/// Every vector with a literal, its literal replaced by each value that has an inline
/// encoding: such a (forced, `lit()`) literal must disassemble to text that assembles
/// back to the literal, not to the shorter inline form.
fn small_literals(file: &str, arch: Arch) {
    let mut tried = 0;
    let mut failures = Vec::new();
    for w in vectors(file) {
        let Ok((inst, _)) = decode(arch, &w) else {
            continue;
        };
        if !inst
            .ops
            .iter()
            .any(|o| matches!(o, kauai_gcn::Operand::Lit(_)))
        {
            continue;
        }
        for &v in SMALL_LITERALS {
            let mut forced = inst.clone();
            for o in forced.ops.iter_mut() {
                if let kauai_gcn::Operand::Lit(x) = o {
                    *x = v;
                }
            }
            let Ok(words) = kauai_gcn::encode(arch, &forced) else {
                continue;
            };
            tried += 1;
            if let Err(e) = kauai_gcn::props::decoded_words_round_trip(arch, &words) {
                failures.push(e);
            }
        }
    }
    assert!(tried > 500, "{file}: only {tried} forced literals");
    assert!(
        failures.is_empty(),
        "{file}: {} forced literals do not round-trip:\n{}",
        failures.len(),
        failures[..failures.len().min(40)].join("\n")
    );
}

#[test]
fn forced_small_literals_round_trip() {
    small_literals("gfx6.vec", Arch::Gfx6);
    small_literals("gfx8.vec", Arch::Gfx8);
    small_literals("gfx9.vec", Arch::Gfx9);
}

#[test]
fn decode_roundtrip_gfx6() {
    roundtrip("gfx6.vec", Arch::Gfx6, 1);
}

#[test]
fn decode_roundtrip_gfx7() {
    roundtrip("gfx7.vec", Arch::Gfx7, 2);
}

#[test]
fn decode_roundtrip_gfx8() {
    roundtrip("gfx8.vec", Arch::Gfx8, 3);
}

#[test]
fn decode_roundtrip_gfx9() {
    roundtrip("gfx9.vec", Arch::Gfx9, 4);
}

#[test]
fn decode_roundtrip_gfx906() {
    roundtrip("gfx906.vec", Arch::Gfx906, 5);
}

/// GCN 1.5 has no frozen llvm-mc vectors here; the oracle's random words of every
/// encoding family serve as the valid encodings to mutate.
#[test]
fn decode_roundtrip_gfx10() {
    roundtrip_from("gfx1010.tsv", oracle_words("gfx1010"), Arch::Gfx10, 6);
}

/// GCN 1.5 MIMG words (the CLRX oracle has none: clrxdisasm 0.1.9 reads one word of
/// them): random fields with the reserved bits of word 1 clear, and random address
/// dwords after them; whatever decodes must reassemble to its words.
#[test]
fn gfx10_mimg_round_trip() {
    let mut rng = Rng::new(7);
    let (mut decoded, mut nsa) = (0, 0);
    let mut failures = Vec::new();
    for _ in 0..20000 {
        let w0 = 0xF000_0000 | (rng.next_u64() as u32 & 0x03FF_FFFE);
        let w1 = rng.next_u64() as u32 & !(0x1F << 26);
        let mut w = vec![w0, w1];
        w.extend((0..3).map(|_| rng.next_u64() as u32));
        match kauai_gcn::props::decoded_words_round_trip(Arch::Gfx10, &w) {
            Ok(None) => {}
            Ok(Some(len)) => {
                decoded += 1;
                nsa += usize::from(len > 2);
            }
            Err(e) => {
                decoded += 1;
                failures.push(e);
            }
        }
    }
    assert!(
        decoded > 400 && nsa > 80,
        "only {decoded} decoded, {nsa} with addresses lists"
    );
    assert!(
        failures.is_empty(),
        "{} round-trip failures:\n{}",
        failures.len(),
        failures[..failures.len().min(40)].join("\n")
    );
}

/// Every oracle word of every GPU that Kauai decodes, unmutated, reassembles to itself.
#[test]
fn oracle_words_round_trip() {
    for (gpu, arch) in [
        ("pitcairn", Arch::Gfx6),
        ("bonaire", Arch::Gfx7),
        ("tonga", Arch::Gfx8),
        ("gfx900", Arch::Gfx9),
        ("gfx906", Arch::Gfx906),
        ("gfx1010", Arch::Gfx10),
    ] {
        let mut decoded = 0;
        let mut failures = Vec::new();
        for w in oracle_words(gpu) {
            match kauai_gcn::props::decoded_words_round_trip(arch, &w) {
                Ok(None) => {}
                Ok(Some(_)) => decoded += 1,
                Err(e) => {
                    decoded += 1;
                    failures.push(e);
                }
            }
        }
        // About 6000 of each GPU's ~19,800 random words are valid encodings.
        assert!(decoded > 5000, "{gpu}: only {decoded} oracle words decoded");
        assert!(
            failures.is_empty(),
            "{gpu}: {} round-trip failures:\n{}",
            failures.len(),
            failures[..failures.len().min(40)].join("\n")
        );
    }
}

#[test]
fn decoder_never_panics_on_random_words() {
    let mut rng = Rng::new(99);
    for arch in Arch::ALL {
        for _ in 0..20000 {
            let n = 1 + rng.below(3);
            let w: Vec<u32> = (0..n).map(|_| rng.next_u64() as u32).collect();
            let _ = decode(arch, &w);
        }
        let bytes: Vec<u8> = (0..4003).map(|_| rng.next_u64() as u8).collect();
        let _ = disassemble(
            &bytes,
            arch,
            DisasmOptions {
                offsets: true,
                hex: true,
                floats: true,
            },
        );
    }
}

#[test]
fn assembler_never_panics_on_mangled_source() {
    let src = include_str!("../data/asm/directives.s");
    let pieces = [
        "(",
        ")",
        "[",
        "]",
        ",",
        ":",
        "=",
        ".macro m a\n",
        ".endm\n",
        ".rept 2\n",
        ".endr\n",
        ".if 1\n",
        ".else\n",
        ".endif\n",
        "\\",
        "\"",
        "'",
        "/*",
        "*/",
        "#",
        ";",
        "\n",
        "s[",
        "v[0:",
        "0x",
        "1f",
        "1b",
        "-",
        "|",
        "abs(",
        "lit(",
        "1.5",
        "@",
        "::",
        ".irp x,1,2\n",
        ".for i=0,i<3,i+1\n",
        ".while 0\n",
        "x=x+1\n",
        ".include \"nonexistent\"\n",
    ];
    let mut rng = Rng::new(7);
    let bytes = src.as_bytes();
    for _ in 0..120 {
        let mut s = bytes.to_vec();
        for _ in 0..1 + rng.below(6) {
            let at = rng.below(s.len() + 1);
            match rng.below(3) {
                0 => {
                    let p = pieces[rng.below(pieces.len())];
                    s.splice(at..at, p.bytes());
                }
                1 if at < s.len() => {
                    let end = (at + 1 + rng.below(8)).min(s.len());
                    s.drain(at..end);
                }
                _ => s.insert(at.min(s.len()), rng.next_u64() as u8),
            }
        }
        let mut sm = SourceMap::new();
        if std::env::var_os("DEBUG_MANGLE").is_some() {
            eprintln!(
                "=== case\n{}",
                String::from_utf8_lossy(&s[..s.len().min(3000)])
            );
        }
        let f = sm.add("m.s", s);
        let mut d = Diagnostics::new();
        let arch = Arch::ALL[rng.below(Arch::ALL.len())];
        let _ = assemble(
            &mut sm,
            f,
            &AsmOptions {
                arch: Some(arch),
                ..AsmOptions::default()
            },
            &mut d,
        );
        let _ = d.render(&sm);
    }
}

#[test]
fn fuzz_regressions_round_trip() {
    for (name, bytes) in kauai_testkit::fuzz_regressions("gcn_decode") {
        eprintln!("fuzz/regressions/gcn_decode/{name}");
        kauai_gcn::props::decode_round_trips(&bytes);
    }
}

/// The VOP3 `v_interp_*_f16` (attribute in the src0 field, `high` in its bit 8):
/// mutated words of each form, on every architecture that has them, that decode print
/// text that assembles back to the same words.
#[test]
fn vop3_interp_f16_round_trip() {
    let lines = [
        "v_interp_p1ll_f16 v5, v2, attr37.y high",
        "v_interp_p1lv_f16 v5, -|v2|, attr0.x, |v3| clamp mul:2",
        "v_interp_p2_f16 v5, s2, attr63.w, 1.0 high",
    ];
    for (arch, seed) in [
        (Arch::Gfx8, 81),
        (Arch::Gfx9, 91),
        (Arch::Gfx906, 96),
        (Arch::Gfx10, 101),
    ] {
        let mut base = Vec::new();
        for line in lines {
            let mut sm = SourceMap::new();
            let f = sm.add("t.s", line.to_string());
            let mut d = Diagnostics::new();
            let opts = AsmOptions {
                arch: Some(arch),
                ..AsmOptions::default()
            };
            let out = assemble(&mut sm, f, &opts, &mut d)
                .unwrap_or_else(|_| panic!("{arch:?}: {line}: {}", d.render(&sm)));
            base.push(
                out.code()
                    .chunks(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect(),
            );
        }
        roundtrip_from("v_interp_*_f16", base, arch, seed);
    }
}
