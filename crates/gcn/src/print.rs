//! Instruction text in CLRX syntax, and whole-code disassembly with labels.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use crate::inst::{decode, is_ds2, Inst, Operand};
use crate::isa::{Arch, Enc, Role};
use crate::operand::format_code;

/// MTBUF data-format names by value (CLRX spelling).
pub const DFMT_NAMES: [&str; 16] = [
    "invalid",
    "8",
    "16",
    "8_8",
    "32",
    "16_16",
    "10_11_11",
    "11_11_10",
    "10_10_10_2",
    "2_10_10_10",
    "8_8_8_8",
    "32_32",
    "16_16_16_16",
    "32_32_32",
    "32_32_32_32",
    "reserved",
];
/// MTBUF number-format names by value.
pub const NFMT_NAMES: [&str; 8] = [
    "unorm",
    "snorm",
    "uscaled",
    "sscaled",
    "uint",
    "sint",
    "snorm_ogl",
    "float",
];
/// SDWA operand selects by value.
pub const SDWA_SEL_NAMES: [&str; 7] = [
    "byte0", "byte1", "byte2", "byte3", "word0", "word1", "dword",
];
/// SDWA `dst_unused` names by value.
pub const SDWA_UNUSED_NAMES: [&str; 3] = ["pad", "sext", "preserve"];
/// `hwreg` register names by id (index = id); id 0 has none.
pub const HWREG_NAMES: [&str; 23] = [
    "",
    "mode",
    "status",
    "trapsts",
    "hw_id",
    "gpr_alloc",
    "lds_alloc",
    "ib_sts",
    "pc_lo",
    "pc_hi",
    "inst_dw0",
    "inst_dw1",
    "ib_dbg0",
    "ib_dbg1",
    "flush_ib",
    "sh_mem_bases",
    "sq_shader_tba_lo",
    "sq_shader_tba_hi",
    "sq_shader_tma_lo",
    "sq_shader_tma_hi",
    "flat_scr_lo",
    "flat_scr_hi",
    "xnack_mask",
];

/// A source with its neg bit: `-x` for a register or a named operand (`-v1`, `-lds`,
/// `-private_limit`, `-abs(...)`, as CLRX prints them); `neg(x)` for a number, where `-`
/// would negate the value instead.
fn neg_text(t: String, abs: bool) -> String {
    let number = t.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '.')
        || t.starts_with("lit(");
    if abs || !number {
        format!("-{t}")
    } else {
        format!("neg({t})")
    }
}

fn code_text(arch: Arch, op: Operand, dwords: u8) -> String {
    match op {
        Operand::Code(c) => format_code(arch, c, dwords).unwrap_or_else(|| format!("@{c}")),
        // A literal holding a value the assembler would encode inline (a non-canonical
        // but valid encoding) must say `lit()` to reassemble to the same bytes; CLRX
        // writes the value as a signed decimal (`lit(-16)` for 0xfffffff0).
        Operand::Lit(v) if crate::operand::inline_int(i64::from(v as i32)).is_some() => {
            format!("lit({})", v as i32)
        }
        Operand::Lit(v) | Operand::Imm(v) => format!("{v:#x}"),
        Operand::Absent => "off".into(),
    }
}

/// Name of a branch target label at a byte offset of code number `n` (CLRX's
/// `.L<offset>_<n>`; one number per kernel keeps the names apart).
pub fn label_name(target: i64) -> String {
    label_name_in(target, 0)
}

pub fn label_name_in(target: i64, n: usize) -> String {
    // A target before the code wraps around as an unsigned 64-bit offset, as in CLRX
    // (`.L18446744073709551608_0` is 8 bytes before the start).
    format!(".L{}_{n}", target as u64)
}

/// Byte offset a branch at `pc` with immediate `imm` jumps to.
pub fn branch_target(pc: u64, imm: u32) -> i64 {
    pc as i64 + 4 + (imm as u16 as i16 as i64) * 4
}

fn waitcnt_text(arch: Arch, v: u32) -> String {
    let (vm_max, lgkm_max) = arch.waitcnt_max();
    let vm = (v & 15) | ((v >> 10) & 0x30 & vm_max);
    let exp = (v >> 4) & 7;
    let lgkm = (v >> 8) & lgkm_max;
    let known = (vm_max & 15) | (vm_max & 0x30) << 10 | 7 << 4 | lgkm_max << 8;
    // CLRX leaves out counters at their maximum, unless all are.
    let all_max = vm == vm_max && exp == 7 && lgkm == lgkm_max;
    if all_max && v & !known != 0 {
        // Nothing to wait for, with bits outside the counters: CLRX prints the value
        // alone (`s_waitcnt 0xffff`).
        return format!("{v:#x}");
    }
    let mut parts = Vec::new();
    if vm != vm_max || all_max {
        parts.push(format!("vmcnt({vm})"));
    }
    if exp != 7 || all_max {
        parts.push(format!("expcnt({exp})"));
    }
    if lgkm != lgkm_max || all_max {
        parts.push(format!("lgkmcnt({lgkm})"));
    }
    let mut s = parts.join(" & ");
    if v & !known != 0 {
        let _ = write!(s, " :{v:#x}");
    }
    s
}

/// Whether hardware register `id` has its name on `arch`: CLRX names id 13 (ib_dbg1)
/// from GCN 1.2, ids 14-19 from GCN 1.4 and ids 20-22 on GCN 1.5 only.
pub fn hwreg_named(arch: Arch, id: usize) -> bool {
    id <= 12 || (id == 13 && arch.is_vi_plus()) || (id <= 19 && arch.is_gfx9()) || arch.is_gfx10()
}

fn hwreg_text(arch: Arch, v: u32) -> String {
    let id = (v & 63) as usize;
    let off = (v >> 6) & 31;
    let size = ((v >> 11) & 31) + 1;
    // Unnamed ids print as CLRX does: `@N` (the `@` makes the rest an expression).
    let name = match HWREG_NAMES.get(id) {
        Some(n) if !n.is_empty() && hwreg_named(arch, id) => n.to_string(),
        _ => format!("@{id}"),
    };
    format!("hwreg({name}, {off}, {size})")
}

/// Message names by id (GCN 1.4 adds 4-10).
/// The name of message `msg` on `arch`, if it has one there.
pub fn sendmsg_name(arch: Arch, msg: u32) -> Option<&'static str> {
    Some(match msg {
        1 => "interrupt",
        2 => "gs",
        3 => "gs_done",
        15 => "system",
        4 if arch.is_vi_plus() => "savewave",
        5 if arch.is_gfx9() => "stall_wave_gen",
        6 if arch.is_gfx9() => "halt_waves",
        7 if arch.is_gfx9() => "ordered_ps_done",
        8 if arch.is_gfx9() => "early_prim_dealloc",
        9 if arch.is_gfx9() => "gs_alloc_req",
        10 if arch.is_gfx9() => "get_doorbell",
        _ => return None,
    })
}

fn sendmsg_text(arch: Arch, v: u32) -> String {
    let msg = v & 15;
    let op = (v >> 4) & 7;
    let sid = (v >> 8) & 3;
    // CLRX's spelling of operation 3 (its assembler reads it).
    let ops = ["nop", "cut", "emit", "emit-cut"];
    // Bit 7 and bits 10 up belong to no field: a value using them prints as a number,
    // which reassembles to the same bits.
    if v >> 10 != 0 || v & 0x80 != 0 {
        return format!("{v:#x}");
    }
    // CLRX names an unknown message `@N` and then always gives its operation, as for
    // the GS messages (but not for 0).
    let named = sendmsg_name(arch, msg);
    let name = named.map_or_else(|| format!("@{msg}"), str::to_string);
    let op_always = matches!(msg, 2 | 3) || (named.is_none() && msg != 0);
    if v >> 4 == 0 && !op_always {
        format!("sendmsg({name})")
    } else if v >> 4 == 0 {
        format!("sendmsg({name}, nop)")
    } else {
        let op_text = ops.get(op as usize).map(|s| s.to_string());
        format!(
            "sendmsg({name}, {}, {sid})",
            op_text.unwrap_or(op.to_string())
        )
    }
}

/// Whether a VOP3 instruction could have been written in a shorter encoding, in which
/// case the text needs the `vop3` keyword to reassemble to the same words.
pub fn needs_vop3_keyword(arch: Arch, inst: &Inst) -> bool {
    crate::asm::instr::shorter_form(arch, inst).is_some() || vintrp_form(arch, inst)
}

/// Whether a VOP3 `v_interp_p1_f32`/`v_interp_p2_f32` without modifiers reading a VGPR
/// has a VINTRP form too (which the assembler picks without `vop3`).
fn vintrp_form(arch: Arch, inst: &Inst) -> bool {
    let d = inst.def();
    d.enc == Enc::Vop3
        && inst.mods == crate::inst::Mods::default()
        && matches!(inst.op(Role::Src1), Operand::Code(c) if c >= crate::operand::VGPR0)
        && crate::isa::rows_by_name(d.name).iter().any(|&r| {
            let s = crate::isa::def(r);
            s.enc == Enc::Vintrp && s.opcode(arch).is_some()
        })
}

/// Text of one instruction (mnemonic padded to CLRX's column, operands, modifiers).
/// `pc` is the byte offset of the instruction, used for branch labels.
pub fn format_inst(arch: Arch, inst: &Inst, pc: u64) -> String {
    format_inst_with(arch, inst, pc, &InstText::default())
}

/// Choices for the text of one instruction beyond its own fields.
#[derive(Clone, Debug, Default)]
pub struct InstText {
    /// Print this expression instead of the literal's value (a relocation,
    /// `(.gdata+8)>>32`).
    pub lit_expr: Option<String>,
    /// Add the literal as a float in a comment for floating-point instructions (`-f`).
    pub float_comment: bool,
    /// Number of the code blob, for branch-target label names.
    pub label_n: usize,
}

/// The float a literal means for a floating-point instruction, as CLRX's comment shows
/// it (`2f`, `1.5h`; a double literal is the high half of the value).
fn float_comment(name: &str, x: u32) -> Option<String> {
    let kind = crate::asm::instr::float_kind(name)?;
    Some(match kind {
        'h' => format!("{}h", half::f16::from_bits(x as u16).to_f32()),
        'l' => format!("{}l", f64::from_bits((x as u64) << 32)),
        _ => format!("{}f", f32::from_bits(x)),
    })
}

/// [`format_inst`] with the choices of `lit`.
pub fn format_inst_with(arch: Arch, inst: &Inst, pc: u64, lit: &InstText) -> String {
    let d = inst.def();
    let m = &inst.mods;
    let mut ops: Vec<String> = Vec::new();
    for (i, spec) in d.ops.iter().enumerate() {
        let v = inst.ops.get(i).copied().unwrap_or(Operand::Absent);
        let text = match spec.role {
            Role::Gds => continue,
            Role::Vcc => code_text(arch, v, 2),
            Role::Label => label_name_in(branch_target(pc, imm(v)), lit.label_n),
            Role::Waitcnt => waitcnt_text(arch, imm(v)),
            Role::Hwreg => hwreg_text(arch, imm(v)),
            Role::Sendmsg => sendmsg_text(arch, imm(v)),
            Role::Simm16 | Role::Simm4 | Role::SdataK | Role::Lit => format!("{:#x}", imm(v)),
            Role::Offset => match v {
                Operand::Imm(x) => format!("{x:#x}"),
                // Small literal offsets only come from an explicit lit() (CLRX: decimal).
                Operand::Lit(x) if x <= 255 => format!("lit({x})"),
                Operand::Lit(x) => format!("{x:#x}"),
                _ => code_text(arch, v, 1),
            },
            Role::Src0 | Role::Src1 | Role::Src2 if d.enc == Enc::Vop3 => {
                // abs/neg bit k belongs to source field k (`v_interp_*_f16` has no src0).
                let k = match spec.role {
                    Role::Src0 => 0,
                    Role::Src1 => 1,
                    _ => 2,
                };
                let mut t = code_text(arch, v, spec.dwords);
                if m.abs >> k & 1 != 0 {
                    t = format!("abs({t})");
                }
                if m.neg >> k & 1 != 0 {
                    t = neg_text(t, m.abs >> k & 1 != 0);
                }
                t
            }
            Role::Src0 | Role::Vsrc1 if m.sdwa.is_some() || m.dpp.is_some() || m.dpp8.is_some() => {
                let k = usize::from(spec.role == Role::Vsrc1);
                let mut t = code_text(arch, v, spec.dwords);
                if m.abs >> k & 1 != 0 {
                    t = format!("abs({t})");
                }
                if m.neg >> k & 1 != 0 {
                    t = neg_text(t, m.abs >> k & 1 != 0);
                }
                // CLRX puts sext outermost: `sext(-abs(v2))`.
                if m.sdwa.is_some_and(|s| s.sext >> k & 1 != 0) {
                    t = format!("sext({t})");
                }
                t
            }
            Role::Attr => {
                let a = imm(v);
                format!("attr{}.{}", a >> 2, ["x", "y", "z", "w"][(a & 3) as usize])
            }
            Role::ExpTgt => match imm(v) {
                t @ 0..=7 => format!("mrt{t}"),
                8 => "mrtz".into(),
                9 => "null".into(),
                t @ 12..=15 => format!("pos{}", t - 12),
                t => format!("param{}", t.saturating_sub(32)),
            },
            Role::Param => ["p10", "p20", "p0"]
                .get(imm(v) as usize)
                .copied()
                .unwrap_or("p0")
                .to_string(),
            Role::Vdst if v == Operand::Absent => continue,
            // Scratch with an SGPR base.
            Role::Addr if v == Operand::Absent => "off".into(),
            Role::Addr if d.enc == Enc::Global && m.saddr.is_some() => code_text(arch, v, 1),
            Role::Vaddr if d.enc == Enc::Mimg && m.nsa_len > 0 => {
                let mut t = format!("[{}", code_text(arch, v, 1));
                for &r in &m.nsa[..usize::from(m.nsa_len.min(12))] {
                    let _ = write!(t, ",v{r}");
                }
                t.push(']');
                t
            }
            _ => code_text(arch, v, crate::inst::printed_dwords(arch, d, spec, m)),
        };
        let lit_value = match (v, spec.role) {
            (Operand::Lit(x), _) | (Operand::Imm(x), Role::Lit) => Some(x),
            _ => None,
        };
        let text = match lit_value {
            Some(x) => {
                let hex = format!("{x:#x}");
                let mut t = match &lit.lit_expr {
                    Some(e) => text.replacen(&hex, e, 1),
                    None => text,
                };
                if lit.float_comment && lit.lit_expr.is_none() {
                    if let Some(c) = float_comment(d.name, x) {
                        t = format!("{t} /* {c} */");
                    }
                }
                t
            }
            None => text,
        };
        ops.push(text);
    }
    let mut mods: Vec<String> = Vec::new();
    match d.enc {
        Enc::Mubuf | Enc::Mtbuf => {
            let n = d.ops.len();
            let srsrc = inst.ops.get(n).copied().unwrap_or(Operand::Code(0));
            let soff = inst.ops.get(n + 1).copied().unwrap_or(Operand::Code(128));
            let vaddr = inst.ops.get(n + 2).copied().unwrap_or(Operand::Absent);
            let vw = crate::inst::buffer_vaddr_dwords(m);
            let bare = d.ops.is_empty()
                && vaddr == Operand::Absent
                && srsrc == Operand::Code(0)
                && soff == Operand::Code(0)
                && *m == Default::default();
            // buffer_wbinvl1 and friends are written without operands.
            if !bare {
                // Without offen/idxen/addr64 the address field is unused; CLRX prints
                // its register (v0 when zero), never `off`.
                let vaddr = match vaddr {
                    Operand::Absent => Operand::Code(crate::operand::VGPR0),
                    v => v,
                };
                ops.push(code_text(arch, vaddr, vw));
                ops.push(code_text(arch, srsrc, 4));
                ops.push(code_text(arch, soff, 1));
            }
            // CLRX's order: offen idxen offset: glc slc addr64 lds tfe format:[...].
            for (on, t) in [(m.offen, "offen"), (m.idxen, "idxen")] {
                if on {
                    mods.push(t.into());
                }
            }
            if m.offset != 0 {
                mods.push(format!("offset:{}", m.offset));
            }
            for (on, t) in [
                (m.glc, "glc"),
                (m.slc, "slc"),
                (m.dlc, "dlc"),
                (m.addr64, "addr64"),
                (m.lds, "lds"),
                (m.tfe, "tfe"),
            ] {
                if on {
                    mods.push(t.into());
                }
            }
            if arch.is_gfx10() && d.enc == Enc::Mtbuf && m.dfmt != 0 {
                // GCN 1.5's unified format; 0, the assembler's default, is left out
                // (CLRX's way).
                mods.push(format!("format:{}", m.dfmt));
            }
            // The defaults (data format 8, number format unorm) are left out.
            let fmt: Vec<&str> = [
                (m.dfmt != 1).then(|| DFMT_NAMES[m.dfmt as usize & 15]),
                (m.nfmt != 0).then(|| NFMT_NAMES[m.nfmt as usize & 7]),
            ]
            .into_iter()
            .flatten()
            .collect();
            if d.enc == Enc::Mtbuf && !fmt.is_empty() && !arch.is_gfx10() {
                mods.push(format!("format:[{}]", fmt.join(",")));
            }
        }
        Enc::Ds => {
            if is_ds2(d) {
                if m.offset0 != 0 {
                    mods.push(format!("offset0:{}", m.offset0));
                }
                if m.offset1 != 0 {
                    mods.push(format!("offset1:{}", m.offset1));
                }
            } else if m.offset != 0 {
                mods.push(format!("offset:{}", m.offset));
            }
            if m.gds {
                mods.push("gds".into());
            }
        }
        Enc::Global | Enc::Scratch => {
            ops.push(match m.saddr {
                Some(s) => code_text(
                    arch,
                    Operand::Code(s),
                    if d.enc == Enc::Global { 2 } else { 1 },
                ),
                None => "off".into(),
            });
            if m.offset != 0 {
                mods.push(format!("inst_offset:{}", m.offset));
            }
        }
        Enc::Flat if m.offset != 0 => mods.push(format!("inst_offset:{}", m.offset)),
        _ => {}
    }
    let generic = !matches!(d.enc, Enc::Mimg | Enc::Mubuf | Enc::Mtbuf);
    // CLRX puts lds first in FLAT/GLOBAL/SCRATCH.
    let flat = matches!(d.enc, Enc::Flat | Enc::Global | Enc::Scratch);
    if m.lds && flat {
        mods.push("lds".into());
    }
    // GCN 1.5: CLRX puts dlc first in FLAT/GLOBAL/SCRATCH.
    if m.dlc && flat {
        mods.push("dlc".into());
    }
    for (on, t) in [
        (m.glc && generic, "glc"),
        (m.slc && generic, "slc"),
        (m.lds && generic && !flat && d.enc != Enc::Smem, "lds"),
        (m.tfe && generic, "tfe"),
        (m.nv, "nv"),
        (m.dlc && d.enc == Enc::Smem, "dlc"),
    ] {
        if on {
            mods.push(t.into());
        }
    }
    if let Some(sd) = m.sdwa {
        // CLRX's form: omod and clamp first, then the selects that differ from their
        // defaults; a bare `sdwa` when no select says SDWA (clamp, omod and abs exist
        // in VOP3 too, which the assembler would pick; sext implies SDWA).
        let sel = |v: u8| SDWA_SEL_NAMES.get(v as usize).copied().unwrap_or("dword");
        push_omod_clamp(&mut mods, m.omod, m.clamp);
        let start = mods.len();
        // Before GCN 1.4 a VOPC word carries dst_sel/dst_unused too (CLRX prints them);
        // the assembler's default there is byte0 (0), not dword.
        let vopc = d.enc == Enc::Vopc;
        if !vopc || !arch.is_gfx9() {
            if sd.dst_sel != if vopc { 0 } else { 6 } {
                mods.push(format!("dst_sel:{}", sel(sd.dst_sel)));
            }
            if sd.dst_unused != 0 {
                mods.push(format!(
                    "dst_unused:{}",
                    SDWA_UNUSED_NAMES
                        .get(sd.dst_unused as usize)
                        .copied()
                        .unwrap_or("pad")
                ));
            }
        }
        if sd.src0_sel != 6 {
            mods.push(format!("src0_sel:{}", sel(sd.src0_sel)));
        }
        if d.enc != Enc::Vop1 && sd.src1_sel != 6 {
            mods.push(format!("src1_sel:{}", sel(sd.src1_sel)));
        }
        if mods.len() == start && sd.sext == 0 {
            mods.push("sdwa".into());
        }
    }
    if let Some(dp) = m.dpp {
        let c = dp.ctrl;
        mods.push(match c {
            0..=0xFF => format!(
                "quad_perm:[{},{},{},{}]",
                c & 3,
                (c >> 2) & 3,
                (c >> 4) & 3,
                (c >> 6) & 3
            ),
            0x101..=0x10F => format!("row_shl:{}", c & 15),
            0x111..=0x11F => format!("row_shr:{}", c & 15),
            0x121..=0x12F => format!("row_ror:{}", c & 15),
            0x130 => "wave_shl".into(),
            0x134 => "wave_rol".into(),
            0x138 => "wave_shr".into(),
            0x13C => "wave_ror".into(),
            0x140 => "row_mirror".into(),
            0x141 => "row_half_mirror".into(),
            0x142 => "row_bcast15".into(),
            0x150..=0x15F => format!("row_share:{}", c & 15),
            0x160..=0x16F => format!("row_xmask:{}", c & 15),
            _ => "row_bcast31".into(),
        });
        if dp.bound_ctrl {
            mods.push("bound_ctrl".into());
        }
        // CLRX always prints both masks, bank first.
        mods.push(format!("bank_mask:{}", dp.bank_mask));
        mods.push(format!("row_mask:{}", dp.row_mask));
        if dp.fi {
            mods.push("fi".into());
        }
    }
    if let Some(d8) = m.dpp8 {
        let lanes: Vec<String> = (0..8)
            .map(|i| ((d8.sel >> (3 * i)) & 7).to_string())
            .collect();
        mods.push(format!("dpp8:[{}]", lanes.join(",")));
        if d8.fi {
            mods.push("fi".into());
        }
    }
    if d.enc == Enc::Vop3p {
        let nsrc = d
            .ops
            .iter()
            .filter(|o| matches!(o.role, Role::Src0 | Role::Src1 | Role::Src2))
            .count();
        let list = |bits: u8, n: usize| {
            let v: Vec<String> = (0..n).map(|i| ((bits >> i) & 1).to_string()).collect();
            format!("[{}]", v.join(","))
        };
        // CLRX default: all three op_sel_hi bits set, whatever the source count.
        if m.op_sel != 0 {
            mods.push(format!("op_sel:{}", list(m.op_sel, nsrc)));
        }
        if m.op_sel_hi != 7 {
            let n = if m.op_sel_hi >> nsrc != 0 { 3 } else { nsrc };
            mods.push(format!("op_sel_hi:{}", list(m.op_sel_hi, n)));
        }
        if m.neg != 0 {
            mods.push(format!("neg_lo:{}", list(m.neg, nsrc)));
        }
        if m.neg_hi != 0 {
            mods.push(format!("neg_hi:{}", list(m.neg_hi, nsrc)));
        }
        if m.clamp {
            mods.push("clamp".into());
        }
    }
    if let Some(o) = m.soe {
        mods.push(format!("offset:{o:#x}"));
    }
    if d.enc == Enc::Mimg {
        // CLRX leaves out the default dmask (1) and prints the others in decimal.
        if m.dmask != 1 {
            mods.push(format!("dmask:{}", m.dmask));
        }
        if arch.is_gfx10() {
            let dim = crate::asm::instr::MIMG_DIMS[usize::from(m.dim & 7)];
            mods.push(format!("dim:{dim}"));
        }
        for (on, t) in [
            (m.unorm, "unorm"),
            (m.dlc, "dlc"),
            (m.glc, "glc"),
            (m.slc, "slc"),
            (
                m.r128,
                if arch.is_gfx9() && !arch.is_gfx10() {
                    "a16"
                } else {
                    "r128"
                },
            ),
            (m.tfe, "tfe"),
            (m.lwe, "lwe"),
            (m.da, "da"),
            (m.d16, "d16"),
        ] {
            if on {
                mods.push(t.into());
            }
        }
    }
    if d.enc == Enc::Exp {
        if m.done {
            mods.push("done".into());
        }
        if m.compr {
            mods.push("compr".into());
        }
        if m.vm {
            mods.push("vm".into());
        }
    }
    if d.enc == Enc::Vop3 {
        // CLRX's order: high, op_sel, omod, clamp.
        if m.high {
            mods.push("high".into());
        }
        if m.op_sel != 0 {
            // (The attribute of `v_interp_*_f16` counts as source 0.)
            let nsrc = d
                .ops
                .iter()
                .filter(|o| matches!(o.role, Role::Src0 | Role::Src1 | Role::Src2 | Role::Attr))
                .count();
            let bits: Vec<String> = (0..=nsrc)
                .map(|i| {
                    let bit = if i == nsrc { 3 } else { i };
                    ((m.op_sel >> bit) & 1).to_string()
                })
                .collect();
            mods.push(format!("op_sel:[{}]", bits.join(",")));
        }
        push_omod_clamp(&mut mods, m.omod, m.clamp);
        if needs_vop3_keyword(arch, inst) {
            mods.push("vop3".into());
        }
    }
    let mut s = String::with_capacity(48);
    s.push_str(d.name);
    if !ops.is_empty() || !mods.is_empty() {
        while s.len() < 15 {
            s.push(' ');
        }
        s.push(' ');
    }
    s.push_str(&ops.join(", "));
    if !mods.is_empty() {
        if !ops.is_empty() {
            s.push(' ');
        }
        s.push_str(&mods.join(" "));
    }
    s.trim_end().to_string()
}

fn imm(v: Operand) -> u32 {
    match v {
        Operand::Imm(x) | Operand::Lit(x) => x,
        _ => 0,
    }
}

/// Disassembly options.
#[derive(Clone, Copy, Debug, Default)]
pub struct DisasmOptions {
    /// Prefix each line with its byte offset (`/*000000000010*/`).
    pub offsets: bool,
    /// Prefix each line with the instruction words (`/*xxxxxxxx yyyyyyyy*/`); with
    /// `offsets` both go in one comment as CLRX prints them (`/*000000000010: ...*/`).
    pub hex: bool,
    /// Show literals of floating-point instructions as floats in comments.
    pub floats: bool,
}

/// Disassemble raw code into CLRX-syntax source that reassembles to the same bytes.
/// Words that do not decode are printed as `.int 0x...` (and trailing bytes as `.byte`).
pub fn disassemble(code: &[u8], arch: Arch, opts: DisasmOptions) -> String {
    disassemble_with(code, arch, opts, 0, &BTreeMap::new())
}

/// [`disassemble`] for code number `n` (its labels are `.L<offset>_<n>`), with the
/// literals at the given byte offsets printed as the given expressions (relocations).
pub fn disassemble_with(
    code: &[u8],
    arch: Arch,
    opts: DisasmOptions,
    n: usize,
    lit_exprs: &BTreeMap<usize, String>,
) -> String {
    disassemble_region(code, 0, arch, opts, n, lit_exprs, false)
}

/// [`disassemble_with`] for code that starts at byte `base` of its section (positions
/// and labels are the section's); with `zero_fill`, runs of zero words print as
/// `.fill N, 4, 0`, as clrxdisasm prints them in ROCm and Gallium code.
pub fn disassemble_region(
    code: &[u8],
    base: u64,
    arch: Arch,
    opts: DisasmOptions,
    n: usize,
    lit_exprs: &BTreeMap<usize, String>,
    zero_fill: bool,
) -> String {
    let words: Vec<u32> = code
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    // First pass: decode and collect branch targets and where instructions start.
    // Nothing else is kept (the second pass decodes again): memory stays a few bytes
    // per word of code, not an instruction record per word.
    let mut labels = BTreeSet::new();
    let mut starts = vec![false; words.len()];
    let mut i = 0;
    while i < words.len() {
        starts[i] = true;
        match decode(arch, &words[i..]) {
            Ok((inst, len)) => {
                for (k, spec) in inst.def().ops.iter().enumerate() {
                    if spec.role == Role::Label {
                        let t = branch_target(base + i as u64 * 4, imm(inst.ops[k]));
                        labels.insert(t);
                    }
                }
                i += len;
            }
            Err(_) => i += 1,
        }
    }
    let mut out = String::new();
    let is_start = |l: i64| {
        let r = l.wrapping_sub(base as i64);
        r >= 0 && r % 4 == 0 && starts.get((r / 4) as usize).copied().unwrap_or(false)
    };
    // Labels that point between instructions or outside the code become symbol
    // definitions so that the text still assembles.
    for &l in &labels {
        if !is_start(l) {
            let _ = writeln!(out, "{} = {}", label_name_in(l, n), l);
        }
    }
    let mut pos = 0;
    while pos < words.len() {
        let pc = base + pos as u64 * 4;
        if labels.contains(&(pc as i64)) {
            let _ = writeln!(out, "{}:", label_name_in(pc as i64, n));
        }
        if zero_fill && words[pos] == 0 {
            let mut run = 1;
            while pos + run < words.len()
                && words[pos + run] == 0
                && !labels.contains(&((pc + run as u64 * 4) as i64))
            {
                run += 1;
            }
            let _ = writeln!(out, ".fill {run}, 4, 0");
            pos += run;
            continue;
        }
        let res = decode(arch, &words[pos..]).map_err(|_| ());
        let len = match &res {
            Ok((_, l)) => *l,
            Err(()) => 1,
        };
        let hex: Vec<String> = words[pos..pos + len]
            .iter()
            .map(|w| format!("{w:08x}"))
            .collect();
        let prefix = match (opts.offsets, opts.hex) {
            (true, true) => format!("/*{pc:012x}: {:<17}*/ ", hex.join(" ")),
            (true, false) => format!("/*{pc:012x}*/ "),
            (false, true) => format!("/*{:<17}*/ ", hex.join(" ")),
            (false, false) => String::new(),
        };
        match res {
            Ok((inst, len)) => {
                let text = InstText {
                    lit_expr: (len > 1)
                        .then(|| lit_exprs.get(&(pos * 4 + 4)).cloned())
                        .flatten(),
                    float_comment: opts.floats,
                    label_n: n,
                };
                let _ = writeln!(out, "{prefix}{}", format_inst_with(arch, &inst, pc, &text));
            }
            Err(()) => {
                let _ = writeln!(out, "{prefix}.int {:#010x}", words[pos]);
            }
        }
        pos += len;
    }
    let rest = &code[words.len() * 4..];
    if !rest.is_empty() {
        let bytes: Vec<String> = rest.iter().map(|b| format!("{b:#04x}")).collect();
        let _ = writeln!(out, ".byte {}", bytes.join(", "));
    }
    out
}

/// The output modifier and clamp, in CLRX's order (both VOP3 and SDWA print them so).
fn push_omod_clamp(mods: &mut Vec<String>, omod: u8, clamp: bool) {
    match omod {
        1 => mods.push("mul:2".into()),
        2 => mods.push("mul:4".into()),
        3 => mods.push("div:2".into()),
        _ => {}
    }
    if clamp {
        mods.push("clamp".into());
    }
}
