//! CLRX's disassembly of random instruction words, one file per GPU
//! (`tests/data/clrx_oracle/<gpu>.tsv`, `HEXWORDS<TAB>TEXT` as `clrxdisasm -r -g GPU`
//! printed it; the README there says where they came from).
//!
//! Every row is decoded on its own. A row matches when our text equals CLRX's under the
//! rules of `clrx_vectors::norm` (spacing and comments aside) and, for a decoded row,
//! reassembles to the row's words. Words we do not decode print as `.int`, as in
//! `kauai disasm`. A branch row's text also holds CLRX's `.org`/label lines: only its
//! first line (the instruction) is compared. How many rows match per GPU is kept in
//! `expected.txt` and compared exactly, so that a regression and an improvement both
//! show (`BLESS=1` rewrites it). Independently of the text, every row we decode must
//! reassemble to its words (the crate's invariant).
//!
//! `CLRX_ORACLE_REPORT=DIR` writes each GPU's mismatching rows to `DIR/<gpu>.txt`, to
//! find the biggest classes of difference.

use super::clrx_vectors::{asm, norm, with_labels};
use kauai_gcn::{decode, format_inst, Arch};
use std::fmt::Write;

/// The GPUs of the oracle, in the order of `expected.txt`. Of gfx1010 (GCN 1.5) Kauai
/// decodes only some encodings so far; the others print as `.int`.
const GPUS: &[&str] = &[
    "pitcairn", "bonaire", "tonga", "gfx900", "gfx906", "gfx1010",
];

fn dir() -> String {
    format!("{}/tests/data/clrx_oracle", env!("CARGO_MANIFEST_DIR"))
}

fn words(hex: &str) -> Vec<u32> {
    hex.split(' ')
        .map(|w| u32::from_str_radix(w, 16).expect("hex word"))
        .collect()
}

/// Our text for the row's words and whether they decoded, or an error when a decoded
/// instruction does not reassemble to its words.
fn ours(arch: Arch, w: &[u32]) -> Result<(String, bool), String> {
    match decode(arch, w) {
        Ok((inst, len)) if len == w.len() => {
            match kauai_gcn::props::decoded_words_round_trip(arch, w) {
                Ok(Some(_)) => Ok((format_inst(arch, &inst, 0), true)),
                Ok(None) => Err(format!("{w:08x?}: decodes, then does not")),
                Err(e) => Err(e),
            }
        }
        // Fewer words (CLRX read a literal we do not) or more (we would read past the
        // row): either way not CLRX's instruction.
        Ok((inst, len)) => Ok((
            format!("{} /* {len} words */", format_inst(arch, &inst, 0)),
            true,
        )),
        Err(_) if w.len() == 1 => Ok((format!(".int {:#010x}", w[0]), false)),
        Err(_) => Ok((format!(".int {}", hexlist(w)), false)),
    }
}

fn hexlist(w: &[u32]) -> String {
    w.iter()
        .map(|x| format!("{x:#010x}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Kinds of CLRX text that do not read back to their words: `clrxasm` refuses them
/// (their rows in `../shared/oracles/clrx/asm/*.messages.tsv`: "Unknown instruction",
/// "Unknown VOP modifier", "Some garbages at ... modifier place", "Unaligned scalar
/// register range", ...). Kauai prints such words as `.int` (or, where it decodes them,
/// as text that reassembles) on purpose; `CLRX_LOSSY.md` beside the data says why for
/// each. A row whose CLRX text has one of these shapes is counted as lossy, not compared.
const LOSSY: &[(&str, fn(&str) -> bool)] = &[
    ("ill_mnemonic", |t| {
        t.split_whitespace()
            .next()
            .is_some_and(|m| m.contains("_ill_"))
    }),
    ("ill_operand", |t| {
        // `-ill_217`: a negated operand code with no name is no more a name.
        t.contains("&ill!")
            || tokens(t).any(|w| {
                w.trim_start_matches('-')
                    .strip_prefix("ill_")
                    .is_some_and(is_num)
            })
    }),
    ("field_dump", |t| {
        tokens(t).any(|w| {
            w.split_once('=')
                .is_some_and(|(k, v)| !k.is_empty() && v.starts_with(|c: char| c.is_ascii_digit()))
        })
    }),
    ("wrapped_range", |t| ranges(t).any(|(_, a, b)| b < a)),
    ("invalid_name", |t| tokens(t).any(|w| w.contains("invalid"))),
    ("unnamed_register", |t| tokens(t).any(|w| w.ends_with('!'))),
    ("raw_dpp_ctrl", |t| t.contains("dppctrl:")),
    // MTBUF data format 15: `format:[reserved,sint]`.
    ("reserved_data_format", |t| t.contains("format:[reserved")),
    // `sendmsg(gs, emit, 1) :0xe162`: bits outside the fields after the call.
    ("sendmsg_extra_bits", |t| t.contains(") :0x")),
    ("stray_modifier_bits", |t| {
        tokens(t).skip(1).any(|w| {
            ["neg", "abs", "sext"]
                .iter()
                .any(|p| w.strip_prefix(p).is_some_and(is_num))
        })
    }),
    ("unaligned_scalar_range", |t| {
        t.starts_with("s_")
            && ranges(t).any(|(r, a, b)| r == "s" && b > a && a % (b - a + 1).min(4) != 0)
    }),
    // GCN 1.4 FLAT words with SEG=3 (a reserved segment): clrxdisasm names them by the
    // scalar compares of the same opcode (`s_cmp_eq_u32 v210, v[65:66], v0
    // inst_offset:1348`); clrxasm reads no such line.
    ("flat_seg3_scalar_name", |t| {
        t.starts_with("s_") && tokens(t).any(|w| w.starts_with("inst_offset:"))
    }),
    // GCN 1.4 SDWA with a scalar pair off its alignment (`s[7:8] src0_sel:byte3`).
    ("unaligned_sdwa_scalar_pair", |t| {
        t.contains("_sel:") && ranges(t).any(|(r, a, b)| r == "s" && b == a + 1 && a % 2 != 0)
    }),
];

/// Kinds of CLRX text that break one of CLRX's own operand rules, recognised by the rule
/// our assembler names when it refuses the text (the same rule: clrxasm's message for
/// such lines in `../shared/oracles/clrx/asm/*.messages.tsv` follows each).
const LOSSY_BY_RULE: &[(&str, &str)] = &[
    // "More than one SGPR to read in instruction"
    ("two_sgprs_read", "more than one SGPR read"),
    // "No SGPR can be readed in vccImplRead"
    (
        "sgpr_with_implicit_vcc",
        "no SGPR can be read by v_div_fmas",
    ),
    // "Idxen and offen must be zero in 64-bit address mode"
    ("offen_idxen_with_addr64", "idxen and offen must be zero"),
    // "Only one literal can be used in instruction" (also for two equal literals)
    (
        "two_literals",
        "only one literal is allowed per instruction",
    ),
    // "Both LDS and TFE is illegal"
    ("lds_with_tfe", "lds and tfe cannot be used together"),
    // GCN 1.5: "Unknown FLAT modifier" (nv)
    ("gcn15_flat_nv", "modifier 'nv' is not allowed"),
    // "Unaligned scalar register range": an odd GLOBAL base pair (GCN 1.4, 1.5), GCN 1.5
    // SMEM data
    ("unaligned_base_pair", "unaligned scalar register range"),
    // "Scalar register range cross two register lines" (`v_cmpx_gt_f64 vcc, s[43:44], ...`)
    ("sgpr_range_across_lines", "crosses two 4-register lines"),
    // "Zero in dmask is illegal"
    ("mimg_zero_dmask", "dmask must be a constant 1-15"),
    // "Garbages at end of line" (`s_endpgm 0x5`, `s_barrier 0x1`, ...)
    ("operand_of_operandless_sopp", "takes 0 operand(s)"),
    // "Some TTMPRegister number out of range (0-11)"
    ("ttmp_past_end", "TTMP register number out of range"),
    // "Some scalar register number out of range"
    ("sgpr_past_end", "SGPR number out of range"),
    // "Literal in VOP3 is illegal": a negated constant printed as `-22`
    (
        "negated_constant_as_literal",
        "a literal is not allowed in this operand",
    ),
    // "Expected 1 scalar register": `v_readlane_b32 lds, ...`, `v_readfirstlane_b32 0x0, ...`
    ("constant_as_destination", "expected a register"),
    // clrxasm refuses SDWA/DPP v_madmk/v_madak (their literal) and their VOP3 forms
    // ("Expected operator", "Some garbages at VOP modifier place")
    ("madmk_madak_sdwa_dpp", "without literal"),
    ("madmk_madak_vop3", "no form of 'v_mad"),
    // GCN 1.5: the same for v_fmamk/v_fmaak in VOP3 ("Literal in VOP3 encoding is
    // illegal", "Unterminated bit array") and for all four with DPP8 ("Literal with SDWA
    // or DPP word is illegal")
    ("fmaak_vop3", "no form of 'v_fmaak"),
    ("fmamk_vop3", "no form of 'v_fmamk"),
    ("literal_k_dpp8", "with 32-bit operands and no literal"),
    // "DPP encoding is illegal for this instruction": DPP of an instruction with 64-bit
    // operands (`v_rndne_f64 v[6:7], v[122:123] quad_perm:[0,0,0,0]`)
    ("dpp_64bit_operands", "it takes only 32-bit operands"),
    // "Unresolved symbol 'lds'": LDS direct in a scalar instruction, a lane select or
    // a VOP3P source (`s_sub_i32 s3, lds, s0`, `v_writelane_b32 v249, s94, lds`)
    (
        "lds_direct_misplaced",
        "lds (LDS direct) is only a vector ALU source",
    ),
    // "Expected 2 scalar registers": VGPRs as the carry-in or v_cndmask mask of VOP3
    // (`v_cndmask_b32 v203, v58, s26, v[2:3]`)
    ("vector_lane_mask", "is a scalar register pair"),
    // "SDWA encoding is illegal for this instruction", "DPP encoding is illegal for
    // this instruction": `v_swap_b32 v254, v95 dst_sel:byte3`, GCN 1.4 `v_mac_f16 ...
    // src0_sel:byte0`, GCN 1.5 `v_readfirstlane_b32 s13, v243 dpp8:[...]`
    ("no_sdwa_dpp_form", "has no SDWA"),
    // GCN 1.4: "LDS is allowed only for SCRATCH and GLOBAL instructions"
    ("flat_lds", "lds is only allowed on GLOBAL and SCRATCH"),
    // GCN 1.2: "Store/Atomic SMEM instructions accepts only M0 register"
    ("smem_store_sgpr_offset", "take only M0 as SGPR offset"),
];

/// Kinds of CLRX text recognised by its shape and the rule our assembler names when it
/// refuses it (clrxasm's message for such lines follows each).
const LOSSY_BY_SHAPE_AND_RULE: &[(&str, fn(&str, &str) -> bool)] = &[
    // GCN 1.5 SDWA `v_cmpx_*` with a scalar destination (`v_cmpx_lg_f32 s[70:71], ...`):
    // v_cmpx writes EXEC only there; clrxasm: "Required 1 scalar register" (it takes the
    // pair for the first source).
    ("gcn15_cmpx_sdwa_sdst", |clrx, e| {
        clrx.starts_with("v_cmpx_")
            && clrx.contains("_sel:")
            && e.contains("takes 2 operand(s), got 3")
    }),
    // An SMEM offset field holding the code of an inline float constant, printed as
    // the float (`s_load_dwordx2 s[52:53], s[90:91], 2.0`); clrxasm reads `2` as the
    // offset and stops at `.0`: "Unknown SMEM modifier".
    ("smem_float_offset", |clrx, e| {
        clrx.starts_with("s_") && e.contains("a float literal is not allowed here")
    }),
];

/// Words Kauai prints otherwise on purpose, though CLRX's text would reassemble: the
/// test recognises each by our text and CLRX's (see `CLRX_LOSSY.md`).
const DELIBERATE: &[(&str, fn(&str, &str) -> bool)] = &[(
    // A GCN 1.2 SDWA compare without dst_sel: our assembler writes byte0 there as
    // llvm-mc does (tests/data/llvm), clrxasm writes dword; so the words clrxasm wrote
    // print with `dst_sel:dword`.
    "vopc_sdwa_dst_sel_default",
    |ours, clrx| {
        ours.contains(" dst_sel:dword")
            && !clrx.contains("dst_sel")
            && norm(&ours.replace(" dst_sel:dword", "")) == norm(clrx)
    },
)];

/// Operand rules Kauai applies where clrxasm does not (or has no evidence in the
/// oracle), recognised by the rule our assembler names when it refuses CLRX's text.
const DELIBERATE_BY_RULE: &[(&str, &str)] = &[
    // GCN 1.5 reads at most two scalar values per vector instruction (three SGPR pairs,
    // or two SGPRs and a literal, are refused); clrxdisasm prints such words.
    ("gcn15_three_scalars", "more than two scalar values read"),
];

fn is_num(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The words of a text, without the commas and brackets around them.
fn tokens(t: &str) -> impl Iterator<Item = &str> {
    t.split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
        .filter(|w| !w.is_empty())
}

/// Register ranges `x[a:b]` in a text: (prefix letters, a, b).
fn ranges(t: &str) -> impl Iterator<Item = (&str, u32, u32)> {
    t.match_indices('[').filter_map(move |(i, _)| {
        let pre = t[..i].rsplit(|c: char| !c.is_ascii_alphabetic()).next()?;
        let (a, rest) = t[i + 1..].split_once(':')?;
        let b = rest.split(']').next()?;
        Some((pre, a.parse().ok()?, b.parse().ok()?))
    })
}

#[test]
fn clrx_disasm_oracle() {
    let report = std::env::var_os("CLRX_ORACLE_REPORT");
    let mut counts = String::new();
    let mut broken = Vec::new();
    for gpu in GPUS {
        let path = format!("{}/{gpu}.tsv", dir());
        let data = std::fs::read_to_string(&path).expect("oracle rows");
        let arch = kauai_gcn::device(gpu).map(|d| d.1);
        let (mut total, mut matched) = (0usize, 0usize);
        let mut lossy =
            vec![0usize; LOSSY.len() + LOSSY_BY_RULE.len() + LOSSY_BY_SHAPE_AND_RULE.len() + 1];
        let mut other_words = 0usize;
        let mut deliberate = vec![0usize; DELIBERATE.len() + DELIBERATE_BY_RULE.len()];
        let mut mismatches = String::new();
        for line in data.lines() {
            let (hex, clrx) = line.split_once('\t').expect("HEXWORDS<TAB>TEXT");
            total += 1;
            let clrx = clrx.split("\\n").next().unwrap_or("");
            let Some(arch) = arch else {
                continue;
            };
            let w = words(hex);
            let (text, _) = match ours(arch, &w) {
                Ok(x) => x,
                Err(e) => {
                    broken.push(format!("{gpu}: {e}"));
                    continue;
                }
            };
            if norm(&text) == norm(clrx) {
                matched += 1;
                continue;
            }
            if let Some(k) = DELIBERATE.iter().position(|(_, f)| f(&text, clrx)) {
                deliberate[k] += 1;
                continue;
            }
            if let Some(k) = LOSSY.iter().position(|(_, f)| f(clrx)) {
                lossy[k] += 1;
                continue;
            }
            match asm(gpu, &with_labels(clrx)) {
                // CLRX's text leaves bits out (reserved fields, a forced literal printed
                // as its inline value): by our assembler it means other words.
                Ok(got) if got != w => {
                    other_words += 1;
                    if report.is_some() {
                        let _ = writeln!(mismatches, "{hex}\t{text}\t{clrx}\t\tother_words");
                    }
                    continue;
                }
                Err(e) => {
                    if let Some(k) = LOSSY_BY_RULE.iter().position(|(_, m)| e.contains(m)) {
                        lossy[LOSSY.len() + k] += 1;
                        continue;
                    }
                    let n = LOSSY.len() + LOSSY_BY_RULE.len();
                    if let Some(k) = LOSSY_BY_SHAPE_AND_RULE
                        .iter()
                        .position(|(_, f)| f(clrx, &e))
                    {
                        lossy[n + k] += 1;
                        continue;
                    }
                    let n = n + LOSSY_BY_SHAPE_AND_RULE.len();
                    // clrxdisasm 0.1.9 counts a GCN 1.5 image instruction as one word:
                    // its text takes vaddr, srsrc and ssamp from words the row does not
                    // hold (every gfx1010 `image_*` row has one word).
                    if arch.is_gfx10() && w.len() == 1 && clrx.starts_with("image_") {
                        lossy[n] += 1;
                        continue;
                    }
                    if let Some(k) = DELIBERATE_BY_RULE.iter().position(|(_, m)| e.contains(m)) {
                        deliberate[DELIBERATE.len() + k] += 1;
                        continue;
                    }
                }
                Ok(_) => {}
            }
            if report.is_some() {
                let why = decode(arch, &w)
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default();
                let back = match asm(gpu, &with_labels(clrx)) {
                    Ok(got) if got == w => "same".to_string(),
                    Ok(got) => format!("other {got:08x?}"),
                    Err(e) => format!("error {}", e.lines().next().unwrap_or("")),
                };
                let _ = writeln!(mismatches, "{hex}\t{text}\t{clrx}\t{why}\t{back}");
            }
        }
        let l: usize = lossy.iter().sum();
        let dl: usize = deliberate.iter().sum();
        let _ = writeln!(
            counts,
            "{gpu}: {matched} / {total} match, {l} CLRX-lossy, {dl} deliberate, {other_words} \
             CLRX text means other words, {} other",
            total - matched - l - dl - other_words
        );
        let names = DELIBERATE
            .iter()
            .map(|x| x.0)
            .chain(DELIBERATE_BY_RULE.iter().map(|x| x.0));
        for (name, n) in names.zip(&deliberate) {
            let _ = writeln!(counts, "  deliberate {name}: {n}");
        }
        let names = LOSSY
            .iter()
            .map(|x| x.0)
            .chain(LOSSY_BY_RULE.iter().map(|x| x.0))
            .chain(LOSSY_BY_SHAPE_AND_RULE.iter().map(|x| x.0))
            .chain(["gcn15_mimg_one_word"]);
        for (name, n) in names.zip(&lossy) {
            let _ = writeln!(counts, "  lossy {name}: {n}");
        }
        if let Some(r) = &report {
            let p = std::path::Path::new(r).join(format!("{gpu}.txt"));
            std::fs::write(p, mismatches).expect("write report");
        }
    }
    println!("CLRX disassembly rows matched:\n{counts}");
    assert!(
        broken.is_empty(),
        "{} decoded rows do not reassemble:\n{}",
        broken.len(),
        broken[..broken.len().min(40)].join("\n")
    );
    let exp = std::path::PathBuf::from(format!("{}/expected.txt", dir()));
    let header =
        "# Rows of <gpu>.tsv whose text Kauai prints as CLRX does (tests/it/clrx_oracle.rs;\n\
                  # BLESS=1 rewrites the counts after the marker).\n";
    if let Err(msg) = kauai_testkit::Expected::read_or(&exp, "#### EXPECTED", header).check(&counts)
    {
        panic!("{msg}");
    }
}
