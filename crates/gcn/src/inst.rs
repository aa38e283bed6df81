//! A decoded instruction ([`Inst`]) and its binary form: [`encode`] and [`decode`].
//!
//! `Inst` holds one value per operand slot of its table row plus the modifier bits, so
//! both directions are plain field packing. The decoder accepts only canonical words:
//! it re-encodes what it read and refuses anything that would not come back bit for bit
//! (reserved bits set, unnamed fields), so a disassembly always reassembles.

use thiserror::Error;

use crate::isa::{def, row_by_opcode, Arch, Enc, InstrDef, OpSpec, Role};
use crate::operand::{LITERAL, M0, VGPR0};

/// Value of one operand slot.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    /// Operand code (see [`crate::operand`]): register, inline constant or special.
    Code(u16),
    /// A 32-bit literal (operand code 255 followed by this dword).
    Lit(u32),
    /// An immediate field value (simm16, offsets, hwreg, waitcnt, branch offset).
    Imm(u32),
    /// No value: an optional operand left out (returning-atomic destination, `off`).
    Absent,
}

/// Modifier bits; which ones an encoding has is fixed by the encoding.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Mods {
    /// VOP3 abs/neg bit per source.
    pub abs: u8,
    /// VOP3 `v_interp_*_f16`: the high half of the attribute (bit 8 of the src0 field).
    pub high: bool,
    pub neg: u8,
    pub clamp: bool,
    /// VOP3 output modifier: 0 none, 1 mul:2, 2 mul:4, 3 div:2.
    pub omod: u8,
    pub glc: bool,
    pub slc: bool,
    pub tfe: bool,
    pub lds: bool,
    pub offen: bool,
    pub idxen: bool,
    pub addr64: bool,
    pub gds: bool,
    /// GFX9 SMEM/FLAT `nv`.
    pub nv: bool,
    /// GCN 1.5 `dlc` (device level coherent) of memory instructions.
    pub dlc: bool,
    /// EXP `done`, `vm` and `compr` (16-bit halves: two registers carry four values;
    /// the text keeps four operands, the first and third name the registers).
    pub done: bool,
    pub vm: bool,
    pub compr: bool,
    /// MIMG: channel mask, and the `unorm da r128(a16) lwe d16` bits (`glc slc tfe` above).
    pub dmask: u8,
    pub unorm: bool,
    pub da: bool,
    pub r128: bool,
    pub lwe: bool,
    pub d16: bool,
    /// DS/MUBUF/MTBUF/FLAT/SMEM immediate offset (FLAT on GFX9 may be negative).
    pub offset: i32,
    pub offset0: u8,
    pub offset1: u8,
    /// MTBUF data and number format.
    pub dfmt: u8,
    pub nfmt: u8,
    /// GLOBAL/SCRATCH scalar address (operand code), `None` = `off`.
    pub saddr: Option<u16>,
    /// VOP3P: select the high half of each source for the low result (`op_sel`), and for
    /// the high result (`op_sel_hi`); `neg_hi` negates high halves (`neg` = `neg_lo`).
    pub op_sel: u8,
    pub op_sel_hi: u8,
    /// GCN 1.4 SMEM immediate offset used together with an SGPR offset (`soe`).
    pub soe: Option<u32>,
    pub neg_hi: u8,
    /// GCN 1.2+ SDWA form of a VOP1/VOP2/VOPC instruction (sub-dword selects); `neg`,
    /// `abs` and `clamp` then apply to it.
    pub sdwa: Option<Sdwa>,
    /// GCN 1.2+ DPP form (data-parallel lane moves); `neg`/`abs` apply to it.
    pub dpp: Option<Dpp>,
    /// GCN 1.5 DPP8 form: each lane of a group of eight reads the lane `sel` names.
    pub dpp8: Option<Dpp8>,
    /// GCN 1.5 MIMG: the DIM field (0-7), and the addresses after the first of a
    /// non-sequential address list (NSA), one VGPR number each.
    pub dim: u8,
    pub nsa: [u8; 12],
    pub nsa_len: u8,
}

/// DPP8 fields: `sel` holds eight 3-bit lane numbers (lane 0 lowest); `fi` fetches
/// inactive lanes (source operand code 0xEA instead of 0xE9).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Dpp8 {
    pub sel: u32,
    pub fi: bool,
}

/// The source-0 codes that announce a DPP8 word (without and with `fi`).
pub const DPP8: u32 = 0xE9;
pub const DPP8_FI: u32 = 0xEA;

/// DPP fields: `ctrl` is the 9-bit dpp_ctrl (quad_perm, row shifts, ...).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Dpp {
    pub ctrl: u16,
    pub bound_ctrl: bool,
    pub bank_mask: u8,
    pub row_mask: u8,
    /// GCN 1.5: fetch inactive lanes (bit 18).
    pub fi: bool,
}

/// Whether a row has an operand wider than 32 bits (VCC aside), which DPP cannot move
/// between lanes: CLRX refuses DPP on such rows ("DPP encoding is illegal for this
/// instruction"), so the encoder and decoder do too.
/// On GCN 1.5 clrxasm takes DPP and DPP8 on such rows too.
pub fn dpp_wide_operand(arch: Arch, d: &InstrDef) -> bool {
    !arch.is_gfx10() && d.ops.iter().any(|o| o.dwords > 1 && o.role != Role::Vcc)
}

/// Whether a dpp_ctrl value has a name on `arch` (others are reserved): GCN 1.5 drops
/// the wave shifts and row broadcasts and adds row_share (0x150+) and row_xmask
/// (0x160+).
pub fn dpp_ctrl_valid(arch: Arch, c: u16) -> bool {
    let common =
        matches!(c, 0..=0xFF | 0x101..=0x10F | 0x111..=0x11F | 0x121..=0x12F | 0x140 | 0x141);
    if arch.is_gfx10() {
        common || matches!(c, 0x150..=0x16F)
    } else {
        common || matches!(c, 0x130 | 0x134 | 0x138 | 0x13C | 0x142 | 0x143)
    }
}

/// SDWA fields: selects are 0-3 byte0..byte3, 4-5 word0..word1, 6 dword; `dst_unused`
/// is 0 pad, 1 sext, 2 preserve; `sext` has a bit per source.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Sdwa {
    pub dst_sel: u8,
    pub dst_unused: u8,
    pub src0_sel: u8,
    pub src1_sel: u8,
    pub sext: u8,
}

/// Operand values of one instruction (inline: no allocation per instruction).
pub type Operands = smallvec::SmallVec<[Operand; 8]>;

/// The dwords of one encoded instruction.
pub type Words = smallvec::SmallVec<[u32; 4]>;

/// One instruction: a table row, operand values (parallel to the row's operands) and
/// modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inst {
    pub row: u16,
    pub ops: Operands,
    pub mods: Mods,
}

impl Inst {
    pub fn def(&self) -> &'static InstrDef {
        def(self.row)
    }

    /// Operand value of the first slot with this role.
    pub fn op(&self, role: Role) -> Operand {
        self.def()
            .ops
            .iter()
            .position(|o| o.role == role)
            .and_then(|i| self.ops.get(i).copied())
            .unwrap_or(Operand::Absent)
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum EncodeError {
    #[error("instruction {0} does not exist on {1}")]
    NotOnArch(&'static str, &'static str),
    #[error("operand {0} out of range for its field")]
    Field(&'static str),
    #[error("only one literal is allowed per instruction")]
    TwoLiterals,
    #[error("not supported yet: {0}")]
    Unsupported(&'static str),
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum DecodeError {
    #[error("truncated instruction")]
    Truncated,
    #[error("unknown opcode {opcode} in {enc:?} encoding")]
    UnknownOpcode { enc: Enc, opcode: u16 },
    #[error("unknown encoding")]
    UnknownEncoding,
    #[error("not supported yet: {0}")]
    Unsupported(&'static str),
    #[error("non-canonical encoding (reserved bits or unrepresentable fields)")]
    NonCanonical,
}

/// Which encoding the first word belongs to, with its opcode.
pub fn classify(arch: Arch, w: u32) -> Option<(Enc, u16)> {
    let vi = arch.is_vi_plus();
    Some(if w >> 23 == 0b1_0111_1101 {
        (Enc::Sop1, ((w >> 8) & 0xFF) as u16)
    } else if w >> 23 == 0b1_0111_1110 {
        (Enc::Sopc, ((w >> 16) & 0x7F) as u16)
    } else if w >> 23 == 0b1_0111_1111 {
        (Enc::Sopp, ((w >> 16) & 0x7F) as u16)
    } else if w >> 28 == 0b1011 {
        (Enc::Sopk, ((w >> 23) & 0x1F) as u16)
    } else if w >> 30 == 0b10 {
        (Enc::Sop2, ((w >> 23) & 0x7F) as u16)
    } else if w >> 25 == 0b011_1111 {
        (Enc::Vop1, ((w >> 9) & 0xFF) as u16)
    } else if w >> 25 == 0b011_1110 {
        (Enc::Vopc, ((w >> 17) & 0xFF) as u16)
    } else if w >> 31 == 0 {
        (Enc::Vop2, ((w >> 25) & 0x3F) as u16)
    } else if arch.is_gfx10() {
        return classify_gfx10(w);
    } else if !vi && w >> 27 == 0b11000 {
        (Enc::Smrd, ((w >> 22) & 0x1F) as u16)
    } else if vi && w >> 26 == 0b11_0000 {
        (Enc::Smem, ((w >> 18) & 0xFF) as u16)
    } else if arch.is_gfx9() && w >> 23 == 0b1_1010_0111 {
        (Enc::Vop3p, ((w >> 16) & 0x7F) as u16)
    } else if w >> 26 == 0b11_0100 {
        let op = if vi {
            (w >> 16) & 0x3FF
        } else {
            (w >> 17) & 0x1FF
        };
        (Enc::Vop3, op as u16)
    } else if w >> 26 == 0b11_1100 {
        (Enc::Mimg, ((w >> 18) & 0x7F) as u16)
    } else if (!vi && w >> 26 == 0b11_1110) || (vi && w >> 26 == 0b11_0001) {
        (Enc::Exp, 0)
    } else if (!vi && w >> 26 == 0b11_0010) || (vi && w >> 26 == 0b11_0101) {
        (Enc::Vintrp, ((w >> 16) & 3) as u16)
    } else if w >> 26 == 0b11_0110 {
        let op = if vi {
            (w >> 17) & 0xFF
        } else {
            (w >> 18) & 0xFF
        };
        (Enc::Ds, op as u16)
    } else if w >> 26 == 0b11_1000 {
        (Enc::Mubuf, ((w >> 18) & 0x7F) as u16)
    } else if w >> 26 == 0b11_1010 {
        let op = if vi { (w >> 15) & 0xF } else { (w >> 16) & 0x7 };
        (Enc::Mtbuf, op as u16)
    } else if w >> 26 == 0b11_0111 && arch >= Arch::Gfx7 {
        let seg = if arch.is_gfx9() { (w >> 14) & 3 } else { 0 };
        let enc = match seg {
            0 => Enc::Flat,
            1 => Enc::Scratch,
            2 => Enc::Global,
            _ => return None,
        };
        (enc, ((w >> 18) & 0x7F) as u16)
    } else {
        return None;
    })
}

/// GCN 1.5's encodings beyond the scalar ALU and 32-bit vector ones (which it shares
/// with the earlier generations): VINTRP and EXP keep GCN 1.0's places; VOP3 has GCN
/// 1.4's fields under its own prefix.
fn classify_gfx10(w: u32) -> Option<(Enc, u16)> {
    Some(match w >> 26 {
        0b11_0010 => (Enc::Vintrp, ((w >> 16) & 3) as u16),
        0b11_1110 => (Enc::Exp, 0),
        0b11_0101 => (Enc::Vop3, ((w >> 16) & 0x3FF) as u16),
        0b11_1101 => (Enc::Smem, ((w >> 18) & 0xFF) as u16),
        0b11_1000 => (Enc::Mubuf, ((w >> 18) & 0x7F) as u16),
        // DS keeps GCN 1.0's places (gds at bit 17).
        0b11_0110 => (Enc::Ds, ((w >> 18) & 0xFF) as u16),
        0b11_0011 => (Enc::Vop3p, ((w >> 16) & 0x7F) as u16),
        0b11_0111 => {
            let enc = match (w >> 14) & 3 {
                0 => Enc::Flat,
                1 => Enc::Scratch,
                2 => Enc::Global,
                _ => return None,
            };
            (enc, ((w >> 18) & 0x7F) as u16)
        }
        // MTBUF's opcode: three bits in word 0 and a fourth in word 1 (bit 21), which
        // the decoder adds (classification sees only word 0).
        0b11_1010 => (Enc::Mtbuf, ((w >> 16) & 7) as u16),
        0b11_1100 => (Enc::Mimg, ((w >> 18) & 0x7F) as u16),
        _ => return None,
    })
}

/// Whether this encoding is 64 bits long (before any literal).
pub fn is_64bit(enc: Enc) -> bool {
    !matches!(
        enc,
        Enc::Sop2
            | Enc::Sopk
            | Enc::Sop1
            | Enc::Sopc
            | Enc::Sopp
            | Enc::Smrd
            | Enc::Vop1
            | Enc::Vop2
            | Enc::Vopc
            | Enc::Vintrp
    )
}

/// An image instruction's `srsrc` and `ssamp` (0 without one), as encoded: aligned
/// SGPR groups, no literal.
fn image_resources(inst: &Inst) -> Result<(u32, u32), EncodeError> {
    let mut lit = None;
    let srsrc = code_of(inst.op(Role::Srsrc), &mut lit)?;
    let ssamp = if has(inst.def(), Role::Ssamp) {
        code_of(inst.op(Role::Ssamp), &mut lit)?
    } else {
        0
    };
    if srsrc % 4 != 0 || srsrc >= 128 || ssamp % 4 != 0 || ssamp >= 128 || lit.is_some() {
        return Err(EncodeError::Field(
            "srsrc/ssamp must be aligned SGPR groups",
        ));
    }
    Ok((srsrc, ssamp))
}

/// A MUBUF/MTBUF instruction's operands kept after its row's own: `srsrc` (the
/// quad's first SGPR), `soffset` (both as encoded) and `vaddr`; no literal, an aligned
/// quad.
fn buffer_operands(inst: &Inst) -> Result<(u32, u32, Operand), EncodeError> {
    let d = inst.def();
    let at = |k: usize, default: Operand| inst.ops.get(d.ops.len() + k).copied().unwrap_or(default);
    let mut lit = None;
    let srsrc = code_of(at(0, Operand::Code(0)), &mut lit)?;
    if srsrc % 4 != 0 || srsrc >= 128 {
        return Err(EncodeError::Field("srsrc must be an aligned SGPR quad"));
    }
    let soff = fits(code_of(at(1, Operand::Code(128)), &mut lit)?, 8, "soffset")?;
    if lit.is_some() {
        return Err(EncodeError::Field("buffer instructions take no literal"));
    }
    Ok((srsrc, soff, at(2, Operand::Absent)))
}

fn code_of(op: Operand, lit: &mut Option<u32>) -> Result<u32, EncodeError> {
    match op {
        Operand::Code(c) => Ok(c as u32),
        Operand::Lit(v) => {
            // Two literal operands share the one literal dword; clrxasm refuses them even
            // when equal ("Only one literal can be used in instruction").
            if lit.is_some() {
                return Err(EncodeError::TwoLiterals);
            }
            *lit = Some(v);
            Ok(LITERAL as u32)
        }
        Operand::Imm(_) | Operand::Absent => Err(EncodeError::Field("register expected")),
    }
}

fn vgpr(op: Operand) -> Result<u32, EncodeError> {
    match op {
        Operand::Code(c) if c >= VGPR0 => Ok((c - VGPR0) as u32),
        Operand::Absent => Ok(0),
        _ => Err(EncodeError::Field("VGPR expected")),
    }
}

fn fits(v: u32, bits: u32, what: &'static str) -> Result<u32, EncodeError> {
    if bits < 32 && v >> bits != 0 {
        Err(EncodeError::Field(what))
    } else {
        Ok(v)
    }
}

fn b(v: bool, bit: u32) -> u32 {
    (v as u32) << bit
}

/// Encode an instruction for `arch` into dwords (including any literal).
pub fn encode(arch: Arch, inst: &Inst) -> Result<Words, EncodeError> {
    let d = inst.def();
    let opc = d
        .opcode(arch)
        .ok_or(EncodeError::NotOnArch(d.name, arch.clrx_name()))? as u32;
    let m = &inst.mods;
    let mut lit: Option<u32> = None;
    let vi = arch.is_vi_plus();
    let get = |r: Role| inst.op(r);
    let imm = |r: Role| match inst.op(r) {
        Operand::Imm(v) => v,
        _ => 0,
    };
    let mut words = match d.enc {
        Enc::Sop2 => {
            let sdst = if has(d, Role::Sdst) {
                fits(code_of(get(Role::Sdst), &mut lit)?, 7, "sdst")?
            } else {
                0
            };
            let s0 = code_of(get(Role::Ssrc0), &mut lit)?;
            let s1 = code_of(get(Role::Ssrc1), &mut lit)?;
            smallvec::smallvec![
                0x8000_0000
                    | opc << 23
                    | sdst << 16
                    | fits(s1, 8, "ssrc1")? << 8
                    | fits(s0, 8, "ssrc0")?,
            ]
        }
        Enc::Sopk => {
            let sdst = if has(d, Role::Sdst) {
                fits(code_of(get(Role::Sdst), &mut lit)?, 7, "sdst")?
            } else {
                0
            };
            let k = if has(d, Role::Hwreg) {
                imm(Role::Hwreg)
            } else if has(d, Role::Label) {
                imm(Role::Label)
            } else {
                imm(Role::Simm16)
            };
            let mut w =
                smallvec::smallvec![0xB000_0000 | opc << 23 | sdst << 16 | fits(k, 16, "simm16")?];
            if has(d, Role::Lit) {
                w.push(imm(Role::Lit));
            }
            w
        }
        Enc::Sop1 => {
            let sdst = if has(d, Role::Sdst) {
                fits(code_of(get(Role::Sdst), &mut lit)?, 7, "sdst")?
            } else {
                0
            };
            let s0 = if has(d, Role::Ssrc0) {
                code_of(get(Role::Ssrc0), &mut lit)?
            } else {
                0
            };
            smallvec::smallvec![0xBE80_0000 | sdst << 16 | opc << 8 | fits(s0, 8, "ssrc0")?]
        }
        Enc::Sopc => {
            let s0 = code_of(get(Role::Ssrc0), &mut lit)?;
            let s1 = if has(d, Role::Simm4) {
                // The mode has 4 bits, but CLRX reads and writes the whole 8-bit field
                // (`s_set_gpr_idx_on s87, 0x39`).
                fits(imm(Role::Simm4), 8, "simm4")?
            } else {
                code_of(get(Role::Ssrc1), &mut lit)?
            };
            smallvec::smallvec![
                0xBF00_0000 | opc << 16 | fits(s1, 8, "ssrc1")? << 8 | fits(s0, 8, "ssrc0")?
            ]
        }
        Enc::Sopp => {
            let k = d.ops.first().map(|o| imm(o.role)).unwrap_or(0);
            smallvec::smallvec![0xBF80_0000 | opc << 16 | fits(k, 16, "simm16")?]
        }
        Enc::Smrd => {
            let sdata = if has(d, Role::Sdata) {
                fits(code_of(get(Role::Sdata), &mut lit)?, 7, "sdata")?
            } else {
                0
            };
            let sbase = if has(d, Role::Sbase) {
                code_of(get(Role::Sbase), &mut lit)?
            } else {
                0
            };
            if sbase & 1 != 0 || sbase >= 128 {
                return Err(EncodeError::Field("sbase must be an aligned SGPR pair"));
            }
            let (immb, off) = match get(Role::Offset) {
                Operand::Imm(v) => (1, fits(v, 8, "offset")?),
                Operand::Code(c) if c < 128 => (0, c as u32),
                Operand::Lit(v) if arch == Arch::Gfx7 => {
                    lit = Some(v);
                    (0, 255)
                }
                Operand::Absent => (0, 0),
                _ => return Err(EncodeError::Field("offset")),
            };
            smallvec::smallvec![
                0xC000_0000 | opc << 22 | sdata << 15 | (sbase >> 1) << 9 | immb << 8 | off
            ]
        }
        Enc::Smem => {
            let sdata = if has(d, Role::SdataK) {
                fits(imm(Role::SdataK), 7, "sdata")?
            } else if has(d, Role::Sdata) {
                fits(code_of(get(Role::Sdata), &mut lit)?, 7, "sdata")?
            } else {
                0
            };
            let sbase = if has(d, Role::Sbase) {
                code_of(get(Role::Sbase), &mut lit)?
            } else {
                0
            };
            if sbase & 1 != 0 || sbase >= 128 {
                return Err(EncodeError::Field("sbase must be an aligned SGPR pair"));
            }
            if arch.is_gfx10() {
                // GCN 1.5: an immediate offset (20 bits) with `null` as the SGPR
                // offset, or an SGPR offset with a zero immediate.
                if m.soe.is_some() {
                    return Err(EncodeError::Field("GCN 1.5 SMEM has no soe"));
                }
                let off = match get(Role::Offset) {
                    Operand::Imm(v) => fits(v, 20, "offset")? | (crate::operand::NULL as u32) << 25,
                    Operand::Code(c) if c < 128 => (c as u32) << 25,
                    Operand::Absent => 0,
                    _ => return Err(EncodeError::Field("offset")),
                };
                if lit.is_some() {
                    return Err(EncodeError::Field("SMEM takes no literal"));
                }
                return Ok(smallvec::smallvec![
                    0xF400_0000
                        | opc << 18
                        | b(m.glc, 16)
                        | b(m.nv, 15)
                        | b(m.dlc, 14)
                        | sdata << 6
                        | (sbase >> 1),
                    off,
                ]);
            }
            let (immb, off) = match (get(Role::Offset), m.soe) {
                (Operand::Code(c), Some(o)) if c < 128 && arch.is_gfx9() => {
                    (1 | 2, fits(o, 21, "offset")? | (c as u32) << 25)
                }
                (_, Some(_)) => {
                    return Err(EncodeError::Field(
                        "an extra SMEM offset needs an SGPR offset on GCN 1.4",
                    ))
                }
                (Operand::Imm(v), None) => {
                    (1, fits(v, if arch.is_gfx9() { 21 } else { 20 }, "offset")?)
                }
                (Operand::Code(c), None) if c < 128 => {
                    if c != M0 && smem_offset_m0_only(arch, d) {
                        return Err(EncodeError::Field(
                            "GCN 1.2 SMEM stores, atomics and probes take only M0 as SGPR offset",
                        ));
                    }
                    (0, c as u32)
                }
                (Operand::Absent, None) => (0, 0),
                _ => return Err(EncodeError::Field("offset")),
            };
            // Bit 1 of immb marks soe (bit 14 of the first word).
            let soe_bit = (immb >> 1) << 14;
            let immb = immb & 1;
            if lit.is_some() {
                return Err(EncodeError::Field("SMEM takes no literal"));
            }
            let nv = if arch.is_gfx9() { b(m.nv, 15) } else { 0 };
            smallvec::smallvec![
                0xC000_0000
                    | soe_bit
                    | opc << 18
                    | immb << 17
                    | b(m.glc, 16)
                    | nv
                    | sdata << 6
                    | (sbase >> 1),
                off,
            ]
        }
        Enc::Vop2 => {
            let vdst = if has(d, Role::Sdstv) {
                fits(code_of(get(Role::Sdstv), &mut lit)?, 8, "sdst")?
            } else {
                vgpr(get(Role::Vdst))?
            };
            let s0 = code_of(get(Role::Src0), &mut lit)?;
            let s1 = if has(d, Role::Ssrc1v) {
                fits(code_of(get(Role::Ssrc1v), &mut lit)?, 8, "ssrc1")?
            } else {
                sdwa_vsrc1(arch, m, get(Role::Vsrc1))?
            };
            if has(d, Role::Lit) {
                // v_madmk/v_madak: a literal src0 reads the same dword as the constant,
                // so it must be the same value (clrxasm silently keeps src0's).
                let k = imm(Role::Lit);
                if lit.is_some_and(|v| v != k) {
                    return Err(EncodeError::TwoLiterals);
                }
                lit = Some(k);
            }
            smallvec::smallvec![opc << 25 | vdst << 17 | s1 << 9 | s0]
        }
        Enc::Vop1 => {
            let vdst = if has(d, Role::Sdstv) {
                fits(code_of(get(Role::Sdstv), &mut lit)?, 8, "sdst")?
            } else if has(d, Role::Vdst) {
                vgpr(get(Role::Vdst))?
            } else {
                0
            };
            let s0 = if has(d, Role::Src0) {
                code_of(get(Role::Src0), &mut lit)?
            } else {
                0
            };
            smallvec::smallvec![0x7E00_0000 | vdst << 17 | opc << 9 | s0]
        }
        Enc::Vopc => {
            let s0 = code_of(get(Role::Src0), &mut lit)?;
            let s1 = sdwa_vsrc1(arch, m, get(Role::Vsrc1))?;
            smallvec::smallvec![0x7C00_0000 | opc << 17 | s1 << 9 | s0]
        }
        Enc::Vop3 => {
            let vdst = if has(d, Role::Sdstv) {
                fits(code_of(get(Role::Sdstv), &mut lit)?, 8, "sdst")?
            } else if has(d, Role::Vdst) {
                vgpr(get(Role::Vdst))?
            } else {
                0
            };
            let mut src = [0u32; 3];
            for (i, r) in [Role::Src0, Role::Src1, Role::Src2].into_iter().enumerate() {
                if has(d, r) {
                    src[i] = code_of(get(r), &mut lit)?;
                }
            }
            // VOP3 `v_interp_*_f16`: the attribute takes the src0 field (attribute in
            // bits 0-5, channel in 6-7, `high` in 8).
            if has(d, Role::Attr) {
                let a = fits(imm(Role::Attr), 8, "attr")?;
                src[0] = a >> 2 | (a & 3) << 6 | u32::from(m.high) << 8;
            } else if m.high {
                return Err(EncodeError::Field("high needs an attribute operand"));
            }
            // GCN 1.5 reads a 32-bit literal after a VOP3 instruction too.
            if lit.is_some() && !vop3_literal_ok(arch, d) {
                return Err(EncodeError::Field("VOP3 takes no literal"));
            }
            let sdst = if has(d, Role::Sdst) {
                Some(fits(code_of(get(Role::Sdst), &mut lit)?, 7, "sdst")?)
            } else {
                None
            };
            let prefix = if arch.is_gfx10() {
                0xD400_0000
            } else {
                0xD000_0000
            };
            let mut w0 = prefix | vdst;
            if vi {
                w0 |= opc << 16 | b(m.clamp, 15);
            } else if sdst.is_some() {
                // GCN 1.0/1.1 VOP3b: the carry-out SGPRs use the clamp bit.
                if m.clamp {
                    return Err(EncodeError::Field(
                        "clamp is not available with a scalar destination on GCN 1.0/1.1",
                    ));
                }
                w0 |= opc << 17;
            } else {
                w0 |= opc << 17 | b(m.clamp, 11);
            }
            match sdst {
                Some(s) => w0 |= s << 8,
                None => w0 |= fits(m.abs as u32, 3, "abs")? << 8,
            }
            if m.op_sel != 0 {
                // GCN 1.4 VOP3A op_sel: bits for src0-src2 and the destination (bit 3).
                if !arch.is_gfx9() || sdst.is_some() {
                    return Err(EncodeError::Field("op_sel needs GCN 1.4 VOP3A"));
                }
                w0 |= fits(m.op_sel as u32, 4, "op_sel")? << 11;
            }
            if sdst.is_some() && m.abs != 0 {
                return Err(EncodeError::Field(
                    "abs is not allowed with a scalar destination",
                ));
            }
            let w1 = src[0]
                | src[1] << 9
                | src[2] << 18
                | fits(m.omod as u32, 2, "omod")? << 27
                | fits(m.neg as u32, 3, "neg")? << 29;
            smallvec::smallvec![w0, w1]
        }
        Enc::Mimg if m.dmask == 0 => {
            return Err(EncodeError::Field("dmask (zero)"));
        }
        Enc::Mimg if arch.is_gfx10() => {
            let (srsrc, ssamp) = image_resources(inst)?;
            let nsa = &m.nsa[..usize::from(m.nsa_len.min(12))];
            let nsa_dwords = nsa.len().div_ceil(4) as u32;
            let w0 = 0xF000_0000
                | b(m.slc, 25)
                | opc << 18
                | b(m.lwe, 17)
                | b(m.tfe, 16)
                | b(m.r128, 15)
                | b(m.glc, 13)
                | b(m.unorm, 12)
                | fits(m.dmask as u32, 4, "dmask")? << 8
                | b(m.dlc, 7)
                | fits(m.dim as u32, 3, "dim")? << 3
                | nsa_dwords << 1;
            let w1 = vgpr(get(Role::Vaddr))?
                | vgpr(get(Role::Vdata))? << 8
                | (srsrc >> 2) << 16
                | (ssamp >> 2) << 21
                | b(m.d16, 31);
            let mut words: Words = smallvec::smallvec![w0, w1];
            for chunk in nsa.chunks(4) {
                words.push(
                    chunk
                        .iter()
                        .enumerate()
                        .fold(0u32, |w, (i, &r)| w | u32::from(r) << (8 * i)),
                );
            }
            words
        }
        Enc::Mimg => {
            let w0 = 0xF000_0000
                | b(m.slc, 25)
                | opc << 18
                | b(m.lwe, 17)
                | b(m.tfe, 16)
                | b(m.r128, 15)
                | b(m.da, 14)
                | b(m.glc, 13)
                | b(m.unorm, 12)
                | fits(m.dmask as u32, 4, "dmask")? << 8;
            let (srsrc, ssamp) = image_resources(inst)?;
            if m.d16 && !vi {
                return Err(EncodeError::Field("d16 needs GCN 1.2 or later"));
            }
            let w1 = vgpr(get(Role::Vaddr))?
                | vgpr(get(Role::Vdata))? << 8
                | (srsrc >> 2) << 16
                | (ssamp >> 2) << 21
                | b(m.d16, 31);
            smallvec::smallvec![w0, w1]
        }
        Enc::Exp => {
            let tgt = fits(imm(Role::ExpTgt), 6, "target")?;
            let mut en = 0;
            let mut w1 = 0;
            for (k, v) in inst.ops.iter().skip(1).take(4).enumerate() {
                if *v != Operand::Absent {
                    en |= 1 << k;
                    // compr: operands 0/1 share VSRC0 and 2/3 share VSRC1; CLRX takes the
                    // register from the first of each pair only.
                    if !m.compr {
                        w1 |= vgpr(*v)? << (8 * k);
                    } else if k % 2 == 0 {
                        w1 |= vgpr(*v)? << (4 * k);
                    }
                }
            }
            let prefix = if vi && !arch.is_gfx10() {
                0xC400_0000
            } else {
                0xF800_0000
            };
            let w0 = prefix | b(m.vm, 12) | b(m.done, 11) | b(m.compr, 10) | tgt << 4 | en;
            smallvec::smallvec![w0, w1]
        }
        Enc::Vintrp => {
            let vdst = vgpr(get(Role::Vdst))?;
            let src = if has(d, Role::Param) {
                fits(imm(Role::Param), 2, "param")?
            } else {
                vgpr(get(Role::Vsrc))?
            };
            let attr = fits(imm(Role::Attr), 8, "attr")?;
            let prefix = if vi && !arch.is_gfx10() {
                0xD400_0000
            } else {
                0xC800_0000
            };
            smallvec::smallvec![prefix | vdst << 18 | opc << 16 | attr << 8 | src]
        }
        Enc::Vop3p => {
            let vdst = vgpr(get(Role::Vdst))?;
            let mut src = [0u32; 3];
            for (i, r) in [Role::Src0, Role::Src1, Role::Src2].into_iter().enumerate() {
                if has(d, r) {
                    src[i] = code_of(get(r), &mut lit)?;
                }
            }
            if lit.is_some() && !vop3_literal_ok(arch, d) {
                return Err(EncodeError::Field("VOP3P takes no literal"));
            }
            let (os, oh, nh, nl) = (
                m.op_sel as u32,
                m.op_sel_hi as u32,
                m.neg_hi as u32,
                m.neg as u32,
            );
            let prefix = if arch.is_gfx10() {
                0xCC00_0000
            } else {
                0xD380_0000
            };
            let w0 = prefix
                | opc << 16
                | b(m.clamp, 15)
                | ((oh >> 2) & 1) << 14
                | fits(os, 3, "op_sel")? << 11
                | fits(nh, 3, "neg_hi")? << 8
                | vdst;
            let w1 = src[0]
                | src[1] << 9
                | src[2] << 18
                | (fits(oh, 3, "op_sel_hi")? & 3) << 27
                | fits(nl, 3, "neg_lo")? << 29;
            smallvec::smallvec![w0, w1]
        }
        Enc::Ds => {
            let off = if is_ds2(d) {
                m.offset0 as u32 | (m.offset1 as u32) << 8
            } else {
                fits(m.offset as u32, 16, "offset")?
            };
            let mut w0 = 0xD800_0000 | off;
            if vi && !arch.is_gfx10() {
                w0 |= opc << 17 | b(m.gds, 16);
            } else {
                w0 |= opc << 18 | b(m.gds, 17);
            }
            let w1 = vgpr(get(Role::Addr))?
                | vgpr(get(Role::Data0))? << 8
                | vgpr(get(Role::Data1))? << 16
                | vgpr(get(Role::Vdst))? << 24;
            smallvec::smallvec![w0, w1]
        }
        Enc::Mubuf if m.lds && m.tfe => {
            // clrxasm: "Both LDS and TFE is illegal".
            return Err(EncodeError::Field("lds and tfe together"));
        }
        Enc::Mubuf | Enc::Mtbuf if arch.is_gfx10() => {
            // GCN 1.5: GCN 1.0's fields with dlc where addr64 was, MTBUF's unified
            // 7-bit format (in `dfmt`) and its opcode's bit 3 in word 1.
            if m.addr64 || m.nfmt != 0 {
                return Err(EncodeError::Field(
                    "addr64 and nfmt are not available on GCN 1.5",
                ));
            }
            let off = fits(m.offset as u32, 12, "offset")?;
            let mut w0 = off | b(m.offen, 12) | b(m.idxen, 13) | b(m.glc, 14) | b(m.dlc, 15);
            let mut op_hi = 0;
            if d.enc == Enc::Mubuf {
                w0 |= 0xE000_0000 | opc << 18 | b(m.lds, 16);
            } else {
                w0 |= 0xE800_0000 | (opc & 7) << 16 | fits(m.dfmt as u32, 7, "format")? << 19;
                op_hi = (opc >> 3) << 21;
            }
            let (srsrc, soff, vaddr) = buffer_operands(inst)?;
            let w1 = vgpr(vaddr)?
                | vgpr(get(Role::Vdata))? << 8
                | (srsrc >> 2) << 16
                | op_hi
                | b(m.slc, 22)
                | b(m.tfe, 23)
                | soff << 24;
            smallvec::smallvec![w0, w1]
        }
        Enc::Mubuf | Enc::Mtbuf => {
            let off = fits(m.offset as u32, 12, "offset")?;
            let mut w0 = off | b(m.offen, 12) | b(m.idxen, 13) | b(m.glc, 14);
            if d.enc == Enc::Mubuf {
                w0 |= 0xE000_0000 | opc << 18 | b(m.lds, 16);
                if vi {
                    w0 |= b(m.slc, 17);
                } else {
                    w0 |= b(m.addr64, 15);
                }
            } else {
                w0 |= 0xE800_0000
                    | fits(m.dfmt as u32, 4, "dfmt")? << 19
                    | fits(m.nfmt as u32, 3, "nfmt")? << 23;
                if vi {
                    w0 |= opc << 15;
                } else {
                    w0 |= opc << 16 | b(m.addr64, 15);
                }
            }
            if vi && m.addr64 {
                return Err(EncodeError::Field("addr64 is not available on GCN 1.2+"));
            }
            let (srsrc, soff, vaddr) = buffer_operands(inst)?;
            // GCN 1.2+ moved MUBUF's SLC into word 0; MTBUF's stays at word 1 bit 22.
            let slc_hi = if vi && d.enc == Enc::Mubuf {
                0
            } else {
                b(m.slc, 22)
            };
            let w1 = vgpr(vaddr)?
                | vgpr(get(Role::Vdata))? << 8
                | (srsrc >> 2) << 16
                | slc_hi
                | b(m.tfe, 23)
                | soff << 24;
            smallvec::smallvec![w0, w1]
        }
        Enc::Flat | Enc::Global | Enc::Scratch => {
            if arch == Arch::Gfx6 {
                return Err(EncodeError::NotOnArch(d.name, arch.clrx_name()));
            }
            let mut w0 = 0xDC00_0000 | opc << 18 | b(m.slc, 17) | b(m.glc, 16);
            if arch.is_gfx10() {
                // GCN 1.5 (as clrxasm writes it): an 11-bit offset, dlc at bit 12,
                // `null` (0x7D) as the absent SGPR base.
                if m.lds {
                    return Err(EncodeError::Field("lds is not available on GCN 1.5 FLAT"));
                }
                let seg = match d.enc {
                    Enc::Flat => 0,
                    Enc::Scratch => 1,
                    _ => 2,
                };
                w0 |= seg << 14 | b(m.dlc, 12) | fits(m.offset as u32, 11, "offset")?;
                let saddr = match (d.enc, m.saddr) {
                    (Enc::Flat, _) | (_, None) => crate::operand::NULL as u32,
                    (_, Some(s)) => fits(s as u32, 7, "saddr")?,
                };
                let w1 = vgpr(get(Role::Addr))?
                    | vgpr(get(Role::Data))? << 8
                    | saddr << 16
                    | vgpr(get(Role::Vdst))? << 24;
                return Ok(smallvec::smallvec![w0, w1]);
            }
            if arch.is_gfx9() {
                let seg = match d.enc {
                    Enc::Flat => 0,
                    Enc::Scratch => 1,
                    _ => 2,
                };
                let off = if d.enc == Enc::Flat {
                    fits(m.offset as u32, 12, "offset")?
                } else {
                    if !(-4096..4096).contains(&m.offset) {
                        return Err(EncodeError::Field("offset"));
                    }
                    (m.offset as u32) & 0x1FFF
                };
                w0 |= seg << 14 | b(m.lds, 13) | off;
            } else if m.offset != 0 {
                return Err(EncodeError::Field("offset is only available on GCN 1.4"));
            }
            let saddr = if arch.is_gfx9() && d.enc != Enc::Flat {
                match m.saddr {
                    Some(s) => fits(s as u32, 7, "saddr")?,
                    None => 0x7F,
                }
            } else {
                0
            };
            let hi = if arch.is_gfx9() {
                b(m.nv, 23)
            } else {
                b(m.tfe, 23)
            };
            let w1 = vgpr(get(Role::Addr))?
                | vgpr(get(Role::Data))? << 8
                | saddr << 16
                | hi
                | vgpr(get(Role::Vdst))? << 24;
            smallvec::smallvec![w0, w1]
        }
    };
    if let Some(l) = lit {
        words.push(l);
    }
    if let Some(sd) = m.sdwa {
        return encode_sdwa(arch, inst, &sd, words);
    }
    if let Some(dp) = m.dpp {
        if !arch.is_vi_plus()
            || !matches!(d.enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc)
            || words.len() != 1
        {
            return Err(EncodeError::Field(
                "DPP needs a GCN 1.2+ VOP1/VOP2/VOPC instruction without literal",
            ));
        }
        if dpp_wide_operand(arch, d) {
            return Err(EncodeError::Field("DPP takes only 32-bit operands"));
        }
        let w0 = words[0];
        let src0 = w0 & 0x1FF;
        if src0 < VGPR0 as u32 || !dpp_ctrl_valid(arch, dp.ctrl) {
            return Err(EncodeError::Field(
                "DPP needs a VGPR source and a valid control",
            ));
        }
        if dp.fi && !arch.is_gfx10() {
            return Err(EncodeError::Field("fi needs GCN 1.5"));
        }
        let w1 = (src0 - VGPR0 as u32)
            | (dp.ctrl as u32) << 8
            | b(dp.fi, 18)
            | b(dp.bound_ctrl, 19)
            | ((m.neg & 1) as u32) << 20
            | ((m.abs & 1) as u32) << 21
            | ((m.neg >> 1 & 1) as u32) << 22
            | ((m.abs >> 1 & 1) as u32) << 23
            | fits(dp.bank_mask as u32, 4, "bank_mask")? << 24
            | fits(dp.row_mask as u32, 4, "row_mask")? << 28;
        return Ok(smallvec::smallvec![(w0 & !0x1FF) | 250, w1]);
    }
    if let Some(d8) = m.dpp8 {
        if !arch.is_gfx10()
            || !matches!(d.enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc)
            || words.len() != 1
            || dpp_wide_operand(arch, d)
        {
            return Err(EncodeError::Field(
                "DPP8 needs a GCN 1.5 VOP1/VOP2/VOPC instruction with 32-bit operands and no literal",
            ));
        }
        if m.neg != 0 || m.abs != 0 {
            return Err(EncodeError::Field("DPP8 has no neg/abs"));
        }
        let w0 = words[0];
        let src0 = w0 & 0x1FF;
        if src0 < VGPR0 as u32 {
            return Err(EncodeError::Field("DPP8 needs a VGPR source"));
        }
        let w1 = (src0 - VGPR0 as u32) | fits(d8.sel, 24, "dpp8 lanes")? << 8;
        let code = if d8.fi { DPP8_FI } else { DPP8 };
        return Ok(smallvec::smallvec![(w0 & !0x1FF) | code, w1]);
    }
    Ok(words)
}

const SDWA: u32 = 249;

/// VOP2/VOPC vsrc1 field: a VGPR, or on GCN 1.4 SDWA also a scalar operand code.
fn sdwa_vsrc1(arch: Arch, m: &Mods, op: Operand) -> Result<u32, EncodeError> {
    match op {
        Operand::Code(c) if c < VGPR0 && c != LITERAL && m.sdwa.is_some() && arch.is_gfx9() => {
            Ok(c as u32)
        }
        _ => vgpr(op),
    }
}

fn encode_sdwa(arch: Arch, inst: &Inst, sd: &Sdwa, words: Words) -> Result<Words, EncodeError> {
    let d = inst.def();
    let m = &inst.mods;
    if !arch.is_vi_plus() || !matches!(d.enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc) || words.len() != 1
    {
        return Err(EncodeError::Field(
            "SDWA needs a GCN 1.2+ VOP1/VOP2/VOPC instruction without literal",
        ));
    }
    let w0 = words[0];
    let src0 = w0 & 0x1FF;
    let gfx9 = arch.is_gfx9();
    // GCN 1.4 adds scalar/constant sources (S0/S1 bits), omod and a VOPC destination.
    let (src0_field, s0) = if src0 >= VGPR0 as u32 {
        (src0 - VGPR0 as u32, 0)
    } else if gfx9 && src0 != LITERAL as u32 {
        (src0, 1)
    } else {
        return Err(EncodeError::Field("SDWA sources are VGPRs before GCN 1.4"));
    };
    let s1 = u32::from(gfx9 && matches!(inst.op(Role::Vsrc1), Operand::Code(c) if c < VGPR0));
    let mut dst = if d.enc == Enc::Vopc && gfx9 {
        0
    } else {
        fits(sd.dst_sel as u32, 3, "dst_sel")? << 8
            | fits(sd.dst_unused as u32, 2, "dst_unused")? << 11
    };
    if gfx9 && d.enc != Enc::Vopc {
        dst |= fits(m.omod as u32, 2, "omod")? << 14;
    } else if m.omod != 0 {
        return Err(EncodeError::Field(
            "SDWA omod needs GCN 1.4 and a VOP1/VOP2 instruction",
        ));
    }
    if d.enc == Enc::Vopc && gfx9 && m.clamp {
        // A GCN 1.4 SDWA compare has no clamp: bit 13 is part of its sdst.
        return Err(EncodeError::Field("clamp"));
    }
    if d.enc == Enc::Vopc {
        // GCN 1.5 v_cmpx_* (no destination): clrxasm sets the SDST-enable bit with
        // SDST 0.
        if arch.is_gfx10() && !has(d, Role::Vcc) {
            dst |= 1 << 15;
        }
        if let Operand::Code(c) = inst.op(Role::Vcc) {
            if c != crate::operand::VCC {
                if !gfx9 {
                    return Err(EncodeError::Field(
                        "an SDWA compare writes vcc before GCN 1.4",
                    ));
                }
                dst |= 1 << 15 | fits(c as u32, 7, "sdst")? << 8;
            }
        }
    }
    let w1 = src0_field
        | s0 << 23
        | s1 << 31
        | dst
        | b(m.clamp, 13)
        | fits(sd.src0_sel as u32, 3, "src0_sel")? << 16
        | ((sd.sext & 1) as u32) << 19
        | ((m.neg & 1) as u32) << 20
        | ((m.abs & 1) as u32) << 21
        | fits(sd.src1_sel as u32, 3, "src1_sel")? << 24
        | ((sd.sext >> 1 & 1) as u32) << 27
        | ((m.neg >> 1 & 1) as u32) << 28
        | ((m.abs >> 1 & 1) as u32) << 29;
    Ok(smallvec::smallvec![(w0 & !0x1FF) | SDWA, w1])
}

/// GCN 1.0-1.4 vector instructions read at most one scalar value (SGPR, special
/// register or literal) through the constant bus; the same register counts once.
/// CLRX does not enforce this, so the assembler only warns and the decoder accepts it.
pub fn constant_bus_ok(inst: &Inst) -> bool {
    let d = inst.def();
    if !matches!(
        d.enc,
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3 | Enc::Vop3p
    ) {
        return true;
    }
    let mut reads: Vec<u32> = Vec::new();
    let mut seen_src = false;
    for (spec, v) in d.ops.iter().zip(&inst.ops) {
        let read = match spec.role {
            Role::Src0 | Role::Src1 | Role::Src2 | Role::Vsrc1 | Role::Ssrc1v => {
                seen_src = true;
                true
            }
            // vcc after a source is read (carry-in, v_cndmask); before, it is written.
            Role::Vcc => seen_src,
            _ => false,
        };
        if !read {
            continue;
        }
        let key = match *v {
            Operand::Code(c) if c < 128 => c as u32,
            Operand::Lit(x) => 0x1_0000_0000u64.wrapping_add(x as u64) as u32 | 0x8000_0000,
            _ => continue,
        };
        if !reads.contains(&key) {
            reads.push(key);
        }
    }
    if matches!(d.enc, Enc::Vop2) && d.ops.iter().any(|o| o.role == Role::Lit) {
        // v_madmk/v_madak: the literal is the one scalar read.
        return reads.is_empty();
    }
    reads.len() <= 1
}

/// The scalar-read rule CLRX enforces on GCN 1.0-1.4 VALU instructions (laxer than the
/// hardware's one-value constant bus, which [`constant_bus_ok`] checks): at most one
/// SGPR (s0..s101/s103, FLAT_SCRATCH, XNACK_MASK or VCC, the implicit VCC of VOP2
/// carry/`v_cndmask` and of `v_div_fmas_*` included; TTMP, TBA/TMA, M0, EXEC and the
/// like are not counted: clrxasm takes `v_mad_u32_u24 v15, ttmp9, s61, v112` but not
/// `v_mad_f32 v53, -abs(v44), s38, -abs(flat_scratch_lo)`), and no
/// literal next to an SGPR or M0 (the `v_madak`/`v_madmk` constant aside). The
/// message for the first broken rule, as clrxasm words it.
pub fn scalar_reads_error(arch: Arch, inst: &Inst) -> Option<&'static str> {
    let d = inst.def();
    if !matches!(
        d.enc,
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3 | Enc::Vop3p
    ) {
        return None;
    }
    let vcc = crate::operand::VCC;
    // FLAT_SCRATCH and XNACK_MASK (codes 102-105) lie just below VCC.
    let is_sgpr = |c: u16| c < arch.max_sgprs() || (102..=vcc + 1).contains(&c);
    let mut sgprs: smallvec::SmallVec<[u16; 4]> = smallvec::SmallVec::new();
    let (mut lit, mut explicit_scalar) = (false, false);
    let mut seen_src = false;
    for (spec, v) in d.ops.iter().zip(&inst.ops) {
        let src = matches!(
            spec.role,
            Role::Src0 | Role::Src1 | Role::Src2 | Role::Vsrc1 | Role::Ssrc1v
        );
        seen_src |= src;
        // vcc after a source is read (carry-in, v_cndmask); before, it is written.
        let implicit_vcc = spec.role == Role::Vcc && seen_src;
        if !(src || implicit_vcc) {
            continue;
        }
        match *v {
            Operand::Code(c) if is_sgpr(c) => {
                // vcc_hi lies in the VCC pair (read implicitly by carries and v_cndmask).
                let key = if c == vcc + 1 { vcc } else { c };
                if !sgprs.contains(&key) {
                    sgprs.push(key);
                }
                explicit_scalar |= src;
            }
            Operand::Code(M0) => explicit_scalar |= src,
            Operand::Lit(_) => lit = true,
            _ => {}
        }
    }
    if d.name.starts_with("v_div_fmas_") && !sgprs.is_empty() {
        return Some("no SGPR can be read by v_div_fmas_*, which reads VCC");
    }
    if arch.is_gfx10() {
        // GCN 1.5 reads two scalar values (SGPRs or a literal) per instruction.
        if sgprs.len() + usize::from(lit) > 2 {
            return Some("more than two scalar values read in this instruction");
        }
        return None;
    }
    if sgprs.len() > 1 {
        return Some("more than one SGPR read in this instruction");
    }
    if lit && explicit_scalar {
        return Some("a literal with an SGPR or M0 is illegal");
    }
    None
}

/// Whether an SGPR range of `n` registers may start at `start` in this slot. clrxasm
/// wants pairs aligned to 2 and larger ranges to 4 in scalar-instruction sources and
/// bases; scalar-memory data needs an even start register whatever its size
/// (`s_load_dwordx4 s[50:53]` is taken, `s_store_dwordx2 s[59:60]` refused as
/// "Unaligned scalar register range"; GCN 1.5: the general rule); vector-instruction
/// operands (VOP3, and the first source of VOP1/VOP2/VOPC: `v_fract_f64 v[15:16],
/// s[33:34]`) may start anywhere within one 4-register line (`s[43:44]` is refused,
/// "Scalar register range cross two register lines"; GCN 1.5: anywhere); SOPK
/// destinations and the carry-in pair of a VOP3b carry (`v_addc_u32 ..., s[7:8]`)
/// anywhere. `slot`: the row and operand slot, `None` for a register outside the row's
/// slots (buffer resources and offsets: the general rule). `Err` names the rule broken.
pub fn sgpr_range_ok(
    arch: Arch,
    slot: Option<(&InstrDef, Role)>,
    start: u16,
    n: u16,
) -> Result<(), &'static str> {
    let (enc, role) = slot.map_or((Enc::Sop2, Role::Ssrc0), |(d, r)| (d.enc, r));
    let carry_in =
        slot.is_some_and(|(d, r)| d.enc == Enc::Vop3 && r == Role::Src2 && has(d, Role::Sdst));
    if n < 2 || carry_in {
        return Ok(());
    }
    // (An SDWA compare's scalar destination, `Vcc` of VOPC, follows the operand rule.)
    if matches!(enc, Enc::Vop3 | Enc::Vop3p)
        || (matches!(enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc) && role == Role::Src0)
        || (enc == Enc::Vopc && role == Role::Vcc)
    {
        if arch.is_gfx10() || start / 4 == (start + n - 1) / 4 {
            return Ok(());
        }
        return Err("scalar register range crosses two 4-register lines");
    }
    // Pairs on an even register, wider ranges on a multiple of 4 (scalar memory data
    // too: clrxasm refuses `s_load_dwordx4 s[42:45], ...`, "Unaligned scalar register
    // range").
    let align = if n == 2 { 2 } else { 4 };
    if start.is_multiple_of(align) {
        Ok(())
    } else {
        Err("unaligned scalar register range")
    }
}

fn has(d: &InstrDef, r: Role) -> bool {
    d.ops.iter().any(|o| o.role == r)
}

/// DS instructions with two 8-bit offsets (`offset0:`/`offset1:`).
pub fn is_ds2(d: &InstrDef) -> bool {
    d.enc == Enc::Ds
        && ["read2", "write2", "wrxchg2"]
            .iter()
            .any(|p| d.name.contains(p))
}

/// GCN 1.2 SMEM instructions that write or probe memory (stores, atomics,
/// `s_atc_probe*`) take an SGPR offset only in M0; loads and GCN 1.4 take any SGPR.
/// (CLRX: "Store/Atomic SMEM instructions accepts only M0 register".)
/// Whether a GCN 1.0/1.1 VOP3 `v_readlane_b32`/`v_writelane_b32` names a VGPR as its
/// lane select, which the hardware reads from an SGPR, M0 or a constant only (clrxasm
/// there takes such a `v1` for a symbol; llvm-mc: "invalid operand"). From GCN 1.2,
/// where only the VOP3 form exists, clrxasm writes the VGPR and clrxdisasm prints it;
/// Kauai follows them (`CLRX_LOSSY.md`).
pub fn vgpr_lane_select(arch: Arch, d: &InstrDef, ops: &[Operand]) -> bool {
    !arch.is_vi_plus()
        && d.enc == Enc::Vop3
        && matches!(d.name, "v_readlane_b32" | "v_writelane_b32")
        && d.ops
            .iter()
            .zip(ops)
            .any(|(o, v)| o.role == Role::Src1 && matches!(v, Operand::Code(c) if *c >= VGPR0))
}

/// Whether an operand slot holds LDS direct (code 254) where the hardware does not read
/// it: it feeds vector ALU sources only, so not scalar instructions, a buffer's
/// soffset, the lane select of `v_readlane`/`v_writelane` or VOP3P sources (clrxasm:
/// "Unresolved symbol 'lds'", "Literal in MUBUF is illegal"; clrxdisasm prints such
/// words).
pub fn lds_direct_misplaced(d: &InstrDef, ops: &[Operand]) -> bool {
    let lane = matches!(d.name, "v_readlane_b32" | "v_writelane_b32");
    // A buffer's soffset (after the row's operands: srsrc, soffset, vaddr).
    let soffset = matches!(d.enc, Enc::Mubuf | Enc::Mtbuf)
        && ops.get(d.ops.len() + 1) == Some(&Operand::Code(254));
    soffset
        || d.ops.iter().zip(ops).any(|(o, v)| {
            *v == Operand::Code(254)
                && (matches!(
                    d.enc,
                    Enc::Sop1
                        | Enc::Sop2
                        | Enc::Sopc
                        | Enc::Sopk
                        | Enc::Smrd
                        | Enc::Smem
                        | Enc::Vop3p
                ) || o.role == Role::Ssrc1v
                    || (lane && o.role == Role::Src1))
        })
}

/// Whether a VOP3 `v_interp_p1_f32`/`v_interp_p2_f32` reads something other than a VGPR
/// or M0: it reads M0 implicitly, so no other scalar value fits the constant bus
/// (llvm-mc: "violates constant bus restrictions"; clrxasm: "Unknown operand").
pub fn interp_f32_scalar_source(d: &InstrDef, ops: &[Operand]) -> bool {
    d.enc == Enc::Vop3
        && matches!(d.name, "v_interp_p1_f32" | "v_interp_p2_f32")
        && d.ops.iter().zip(ops).any(|(o, v)| {
            o.role == Role::Src1 && !matches!(v, Operand::Code(c) if *c >= VGPR0 || *c == M0)
        })
}

/// Whether a VOP3 carry-in (`v_addc_u32`, `v_subb*`, `*_co_ci_*`) or `v_cndmask_b32`
/// mask is no scalar register: the lane mask lives in scalar registers (llvm-mc:
/// "invalid operand"; clrxasm: "Expected 2 scalar registers" for VGPRs, "Some garbages
/// at register name place" for constants).
pub fn vector_lane_mask(d: &InstrDef, ops: &[Operand]) -> bool {
    d.enc == Enc::Vop3
        && (d.name == "v_cndmask_b32"
            || d.name.contains("addc")
            || d.name.contains("subb")
            || d.name.contains("_co_ci_"))
        && d.ops
            .iter()
            .zip(ops)
            .any(|(o, v)| o.role == Role::Src2 && !matches!(v, Operand::Code(c) if *c < 128))
}

/// Whether an SDWA instruction reads LDS direct, which SDWA cannot (llvm-mc: "lds_direct
/// cannot be used with this instruction"; clrxasm takes `lds` there for a literal:
/// "Literal with SDWA or DPP word is illegal").
pub fn lds_direct_in_sdwa(inst: &Inst) -> bool {
    inst.mods.sdwa.is_some() && inst.ops.contains(&Operand::Code(254))
}

/// Why an instruction has no SDWA/DPP form although its encoding would hold one:
/// `v_swap_b32`, `v_swaprel_b32` and `v_readfirstlane_b32` have none, and from GCN 1.4
/// `v_mac_*`/`v_fmac_f32` have no SDWA (llvm-mc likewise; clrxasm: "SDWA/DPP encoding
/// is illegal for this instruction", though clrxdisasm prints such words).
pub fn ext_form_illegal(arch: Arch, d: &InstrDef, m: &Mods) -> Option<&'static str> {
    let sdwa = m.sdwa.is_some();
    let dpp = m.dpp.is_some() || m.dpp8.is_some();
    if (sdwa || dpp)
        && matches!(
            d.name,
            "v_swap_b32" | "v_swaprel_b32" | "v_readfirstlane_b32"
        )
    {
        return Some("has no SDWA or DPP form");
    }
    if sdwa && arch.is_gfx9() && matches!(d.name, "v_mac_f16" | "v_mac_f32" | "v_fmac_f32") {
        return Some("has no SDWA form on GCN 1.4 and later");
    }
    None
}

pub fn smem_offset_m0_only(arch: Arch, d: &InstrDef) -> bool {
    arch == Arch::Gfx8
        && d.enc == Enc::Smem
        && !(d.name.contains("_load_") || d.name.starts_with("s_mem"))
}

/// Whether a VOP3/VOP3P row reads a 32-bit literal: only on GCN 1.5, and (as clrxasm
/// has it: "Literal in VOP3 encoding is illegal") not in the VOP3 form of an
/// instruction that also has a VOP1/VOP2/VOPC form there.
pub fn vop3_literal_ok(arch: Arch, d: &InstrDef) -> bool {
    arch.is_gfx10()
        && match d.enc {
            Enc::Vop3p => true,
            Enc::Vop3 => !crate::isa::rows_by_name(d.name).iter().any(|&r| {
                let o = def(r);
                matches!(o.enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc) && o.opcode(arch).is_some()
            }),
            _ => false,
        }
}

/// Atomics whose destination is present only with `glc` (FLAT/GLOBAL/MUBUF).
pub fn is_returning_atomic(d: &InstrDef) -> bool {
    d.name.contains("_atomic_")
}

/// Does the instruction write the registers of operand slot `slot`? This is what
/// clrxasm counts for a kernel's default `.sgprsnum`/`.vgprsnum`: destinations only,
/// never the registers an instruction reads. Memory data registers are written by
/// loads, by atomics that return (`glc`) and with `tfe`, but not when the data goes to
/// LDS (`lds`).
pub fn writes_slot(inst: &Inst, slot: usize) -> bool {
    let d = inst.def();
    let Some(spec) = d.ops.get(slot) else {
        return false;
    };
    let m = &inst.mods;
    let loads = !(d.name.contains("store") || d.name.contains("write"));
    let returns = if d.name.contains("atomic") {
        m.glc
    } else {
        loads
    };
    match spec.role {
        Role::Sdst | Role::Sdstv | Role::Vdst => true,
        Role::Sdata => returns,
        Role::Vdata => (returns || m.tfe) && !m.lds,
        _ => false,
    }
}

fn take(words: &[u32], i: usize) -> Result<u32, DecodeError> {
    words.get(i).copied().ok_or(DecodeError::Truncated)
}

/// Decode one instruction from the start of `words`; returns it and its length in dwords.
pub fn decode(arch: Arch, words: &[u32]) -> Result<(Inst, usize), DecodeError> {
    let w0 = take(words, 0)?;
    let (enc, mut opc) = classify(arch, w0).ok_or(DecodeError::UnknownEncoding)?;
    if arch.is_gfx10() && enc == Enc::Mtbuf {
        opc |= (((take(words, 1)? >> 21) & 1) << 3) as u16;
    }
    let row =
        row_by_opcode(arch, enc, opc).ok_or(DecodeError::UnknownOpcode { enc, opcode: opc })?;
    let d = def(row);
    let w1 = if is_64bit(enc) { take(words, 1)? } else { 0 };
    let mut len = if is_64bit(enc) { 2 } else { 1 };
    let mut m = Mods::default();
    let vi = arch.is_vi_plus();
    let mut lit_used = false;
    let code = |c: u32, lit_used: &mut bool| -> Result<Operand, DecodeError> {
        if c == LITERAL as u32 {
            *lit_used = true;
            Ok(Operand::Lit(take(words, len_literal(enc))?))
        } else {
            Ok(Operand::Code(c as u16))
        }
    };
    let mut ops = Vec::with_capacity(d.ops.len() + 3);
    let vg = |f: u32| Operand::Code(VGPR0 + (f & 0xFF) as u16);
    let mut extra = Vec::new();
    let mut exp_src = 0u32;
    if vi && matches!(enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc) && (w0 & 0x1FF) == SDWA {
        let w1 = take(words, 1)?;
        let gfx9 = arch.is_gfx9();
        if !gfx9 && w1 & (1 << 23 | 1 << 31 | 3 << 14) != 0 {
            return Err(DecodeError::NonCanonical);
        }
        // Selects above dword, dst_unused 3, and source-1 fields of VOP1 have no spelling.
        // A GCN 1.4 compare has its sdst in bits 8-14 instead of dst_sel/dst_unused.
        let (s0, s1, du) = ((w1 >> 16) & 7, (w1 >> 24) & 7, (w1 >> 11) & 3);
        let dst_fields = !(gfx9 && enc == Enc::Vopc);
        if s0 > 6
            || s1 > 6
            || (dst_fields && ((w1 >> 8) & 7 > 6 || du > 2))
            || (enc == Enc::Vop1 && w1 & (0x3F << 24) != 0)
        {
            return Err(DecodeError::NonCanonical);
        }
        let base = (w0 & !0x1FF) | (VGPR0 as u32 + (w1 & 0xFF));
        let (mut inst, _) = decode(arch, &[base])?;
        inst.mods.sdwa = Some(Sdwa {
            dst_sel: ((w1 >> 8) & 7) as u8,
            dst_unused: ((w1 >> 11) & 3) as u8,
            src0_sel: ((w1 >> 16) & 7) as u8,
            src1_sel: ((w1 >> 24) & 7) as u8,
            sext: (((w1 >> 19) & 1) | ((w1 >> 27) & 1) << 1) as u8,
        });
        inst.mods.neg = (((w1 >> 20) & 1) | ((w1 >> 28) & 1) << 1) as u8;
        inst.mods.abs = (((w1 >> 21) & 1) | ((w1 >> 29) & 1) << 1) as u8;
        // GCN 1.4 SDWA compares have no clamp: bit 13 belongs to their scalar
        // destination (as clrxdisasm and llvm-mc read it).
        inst.mods.clamp = w1 & (1 << 13) != 0 && !(gfx9 && enc == Enc::Vopc);
        if gfx9 {
            let d = inst.def();
            // Scalar pairs are aligned as in the short encodings (the assembler asks it).
            let named = |c: u16, n: u8| {
                crate::operand::format_code(arch, c, n).is_some()
                    && c != LITERAL
                    && (c >= arch.max_sgprs()
                        || n < 2
                        || c.is_multiple_of(if n == 2 { 2 } else { 4 }))
            };
            let slot = |r: Role| {
                d.ops
                    .iter()
                    .position(|o| o.role == r)
                    .ok_or(DecodeError::NonCanonical)
            };
            if w1 & (1 << 23) != 0 {
                let c = (w1 & 0xFF) as u16;
                let i = slot(Role::Src0)?;
                if !named(c, d.ops[i].dwords) {
                    return Err(DecodeError::NonCanonical);
                }
                inst.ops[i] = Operand::Code(c);
            }
            if w1 & (1 << 31) != 0 {
                let c = ((w0 >> 9) & 0xFF) as u16;
                let i = slot(Role::Vsrc1)?;
                if !named(c, d.ops[i].dwords) {
                    return Err(DecodeError::NonCanonical);
                }
                inst.ops[i] = Operand::Code(c);
            }
            if enc == Enc::Vopc {
                if w1 & (1 << 15) != 0 && has(inst.def(), Role::Vcc) {
                    let c = ((w1 >> 8) & 0x7F) as u16;
                    // Any pair within one 4-register line (any pair on GCN 1.5), as
                    // clrxasm takes it.
                    if crate::operand::format_code(arch, c, 2).is_none()
                        || (c < arch.max_sgprs()
                            && sgpr_range_ok(arch, Some((inst.def(), Role::Vcc)), c, 2).is_err())
                    {
                        return Err(DecodeError::NonCanonical);
                    }
                    inst.ops[slot(Role::Vcc)?] = Operand::Code(c);
                }
            } else {
                inst.mods.omod = ((w1 >> 14) & 3) as u8;
            }
        }
        if scalar_reads_error(arch, &inst).is_some() {
            return Err(DecodeError::NonCanonical);
        }
        if ext_form_illegal(arch, inst.def(), &inst.mods).is_some() || lds_direct_in_sdwa(&inst) {
            return Err(DecodeError::NonCanonical);
        }
        return match encode(arch, &inst) {
            Ok(w) if w[..] == words[..2] => Ok((inst, 2)),
            _ => Err(DecodeError::NonCanonical),
        };
    }
    if arch.is_gfx10()
        && matches!(enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc)
        && matches!(w0 & 0x1FF, DPP8 | DPP8_FI)
    {
        let w1 = take(words, 1)?;
        let base = (w0 & !0x1FF) | (VGPR0 as u32 + (w1 & 0xFF));
        let (mut inst, _) = decode(arch, &[base])?;
        inst.mods.dpp8 = Some(Dpp8 {
            sel: w1 >> 8,
            fi: w0 & 0x1FF == DPP8_FI,
        });
        if ext_form_illegal(arch, inst.def(), &inst.mods).is_some() || lds_direct_in_sdwa(&inst) {
            return Err(DecodeError::NonCanonical);
        }
        return match encode(arch, &inst) {
            Ok(w) if w[..] == words[..2] => Ok((inst, 2)),
            _ => Err(DecodeError::NonCanonical),
        };
    }
    if vi && matches!(enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc) && (w0 & 0x1FF) == 250 {
        let w1 = take(words, 1)?;
        let ctrl = ((w1 >> 8) & 0x1FF) as u16;
        if !dpp_ctrl_valid(arch, ctrl) || (enc == Enc::Vop1 && w1 & (3 << 22) != 0) {
            return Err(DecodeError::NonCanonical);
        }
        let base = (w0 & !0x1FF) | (VGPR0 as u32 + (w1 & 0xFF));
        let (mut inst, _) = decode(arch, &[base])?;
        inst.mods.dpp = Some(Dpp {
            ctrl,
            bound_ctrl: w1 & (1 << 19) != 0,
            bank_mask: ((w1 >> 24) & 15) as u8,
            row_mask: (w1 >> 28) as u8,
            fi: arch.is_gfx10() && w1 & (1 << 18) != 0,
        });
        inst.mods.neg = (((w1 >> 20) & 1) | ((w1 >> 22) & 1) << 1) as u8;
        inst.mods.abs = (((w1 >> 21) & 1) | ((w1 >> 23) & 1) << 1) as u8;
        if ext_form_illegal(arch, inst.def(), &inst.mods).is_some() || lds_direct_in_sdwa(&inst) {
            return Err(DecodeError::NonCanonical);
        }
        return match encode(arch, &inst) {
            Ok(w) if w[..] == words[..2] => Ok((inst, 2)),
            _ => Err(DecodeError::NonCanonical),
        };
    }
    for spec in d.ops {
        let v = match (enc, spec.role) {
            (_, Role::Vcc) => Operand::Code(crate::operand::VCC),
            (Enc::Sop2 | Enc::Sop1 | Enc::Sopk, Role::Sdst) => {
                Operand::Code(((w0 >> 16) & 0x7F) as u16)
            }
            (Enc::Sop2 | Enc::Sop1 | Enc::Sopc, Role::Ssrc0) => code(w0 & 0xFF, &mut lit_used)?,
            (Enc::Sop2 | Enc::Sopc, Role::Ssrc1) => code((w0 >> 8) & 0xFF, &mut lit_used)?,
            (Enc::Sopc, Role::Simm4) => Operand::Imm((w0 >> 8) & 0xFF),
            (
                Enc::Sopk | Enc::Sopp,
                Role::Simm16 | Role::Label | Role::Hwreg | Role::Waitcnt | Role::Sendmsg,
            ) => Operand::Imm(w0 & 0xFFFF),
            (Enc::Sopk, Role::Lit) => {
                lit_used = true;
                Operand::Imm(take(words, 1)?)
            }
            (Enc::Smrd, Role::Sdata) => Operand::Code(((w0 >> 15) & 0x7F) as u16),
            (Enc::Smrd, Role::Sbase) => Operand::Code((((w0 >> 9) & 0x3F) << 1) as u16),
            (Enc::Smrd, Role::Offset) => {
                if w0 & 0x100 != 0 {
                    Operand::Imm(w0 & 0xFF)
                } else if w0 & 0xFF == 255 && arch == Arch::Gfx7 {
                    lit_used = true;
                    Operand::Lit(take(words, 1)?)
                } else {
                    Operand::Code((w0 & 0xFF) as u16)
                }
            }
            (Enc::Smem, Role::Sdata) => Operand::Code(((w0 >> 6) & 0x7F) as u16),
            (Enc::Smem, Role::SdataK) => Operand::Imm((w0 >> 6) & 0x7F),
            (Enc::Smem, Role::Sbase) => Operand::Code(((w0 & 0x3F) << 1) as u16),
            (Enc::Smem, Role::Offset) if arch.is_gfx10() => {
                let soff = (w1 >> 25) as u16;
                if soff == crate::operand::NULL {
                    Operand::Imm(w1 & 0xF_FFFF)
                } else {
                    Operand::Code(soff)
                }
            }
            (Enc::Smem, Role::Offset) => {
                if arch.is_gfx9() && w0 & (1 << 14) != 0 {
                    // soe: SGPR offset in the high bits plus an immediate.
                    m.soe = Some(w1 & 0x1F_FFFF);
                    Operand::Code((w1 >> 25) as u16)
                } else if w0 & (1 << 17) != 0 {
                    Operand::Imm(w1 & if arch.is_gfx9() { 0x1F_FFFF } else { 0xF_FFFF })
                } else {
                    Operand::Code((w1 & 0x7F) as u16)
                }
            }
            (Enc::Vop2 | Enc::Vop1, Role::Vdst) => vg(w0 >> 17),
            (Enc::Vop2 | Enc::Vop1, Role::Sdstv) => Operand::Code(((w0 >> 17) & 0xFF) as u16),
            (Enc::Vop2 | Enc::Vop1 | Enc::Vopc, Role::Src0) => code(w0 & 0x1FF, &mut lit_used)?,
            (Enc::Vop2 | Enc::Vopc, Role::Vsrc1) => vg(w0 >> 9),
            (Enc::Vop2, Role::Ssrc1v) => code((w0 >> 9) & 0xFF, &mut lit_used)?,
            (Enc::Vop2, Role::Lit) => {
                lit_used = true;
                Operand::Imm(take(words, 1)?)
            }
            (Enc::Vop3 | Enc::Vop3p, Role::Vdst) => vg(w0),
            (Enc::Vop3 | Enc::Vop3p, Role::Src0 | Role::Src1 | Role::Src2) => {
                let shift = match spec.role {
                    Role::Src0 => 0,
                    Role::Src1 => 9,
                    _ => 18,
                };
                let c = (w1 >> shift) & 0x1FF;
                // (GCN 1.5 takes a literal there.)
                if arch.is_gfx10() {
                    code(c, &mut lit_used)?
                } else {
                    Operand::Code(c as u16)
                }
            }
            (Enc::Vop3, Role::Attr) => {
                let c = w1 & 0x1FF;
                m.high = c & 0x100 != 0;
                Operand::Imm((c & 0x3F) << 2 | (c >> 6) & 3)
            }
            (Enc::Vop3, Role::Sdstv) => Operand::Code((w0 & 0xFF) as u16),
            (Enc::Vop3, Role::Sdst) => Operand::Code(((w0 >> 8) & 0x7F) as u16),
            (Enc::Exp, Role::ExpTgt) => {
                let t = (w0 >> 4) & 63;
                if matches!(t, 10 | 11 | 16..=31) {
                    // Reserved targets.
                    return Err(DecodeError::NonCanonical);
                }
                Operand::Imm(t)
            }
            (Enc::Exp, Role::Vsrc) => {
                let k = exp_src;
                exp_src += 1;
                // compr: both operands of a pair show the pair's register.
                let field = if w0 & (1 << 10) != 0 { k / 2 } else { k };
                if w0 >> k & 1 != 0 {
                    vg(w1 >> (8 * field))
                } else {
                    Operand::Absent
                }
            }
            (Enc::Mimg, Role::Vdata) => vg(w1 >> 8),
            (Enc::Mimg, Role::Vaddr) => vg(w1),
            (Enc::Mimg, Role::Srsrc) => Operand::Code((((w1 >> 16) & 0x1F) << 2) as u16),
            (Enc::Mimg, Role::Ssamp) => Operand::Code((((w1 >> 21) & 0x1F) << 2) as u16),
            (Enc::Vintrp, Role::Vdst) => vg(w0 >> 18),
            (Enc::Vintrp, Role::Vsrc) => vg(w0),
            (Enc::Vintrp, Role::Param) => {
                if w0 & 0xFF > 2 {
                    return Err(DecodeError::NonCanonical);
                }
                Operand::Imm(w0 & 0xFF)
            }
            (Enc::Vintrp, Role::Attr) => Operand::Imm((w0 >> 8) & 0xFF),
            (Enc::Ds, Role::Addr) => vg(w1),
            (Enc::Ds, Role::Data0) => vg(w1 >> 8),
            (Enc::Ds, Role::Data1) => vg(w1 >> 16),
            (Enc::Ds, Role::Vdst) => vg(w1 >> 24),
            (Enc::Ds, Role::Gds) => Operand::Absent,
            (Enc::Mubuf | Enc::Mtbuf, Role::Vdata) => vg(w1 >> 8),
            // Scratch with an SGPR base reads no VGPR address (printed `off`); a
            // non-zero address field then has no spelling.
            (Enc::Scratch, Role::Addr)
                if (w1 >> 16) & 0x7F
                    != if arch.is_gfx10() {
                        crate::operand::NULL as u32
                    } else {
                        0x7F
                    } =>
            {
                if w1 & 0xFF != 0 {
                    return Err(DecodeError::NonCanonical);
                }
                Operand::Absent
            }
            (Enc::Flat | Enc::Global | Enc::Scratch, Role::Addr) => vg(w1),
            (Enc::Flat | Enc::Global | Enc::Scratch, Role::Data) => vg(w1 >> 8),
            // Atomics return a value only with glc, but the field is always there and
            // CLRX always names it.
            (Enc::Flat | Enc::Global | Enc::Scratch, Role::Vdst) => vg(w1 >> 24),
            _ => return Err(DecodeError::Unsupported("operand kind in this encoding")),
        };
        if matches!(v, Operand::Code(LITERAL)) {
            return Err(DecodeError::NonCanonical);
        }
        ops.push(v);
    }
    match enc {
        Enc::Vop3 => {
            if vi {
                m.clamp = w0 & (1 << 15) != 0;
            } else if !has(d, Role::Sdst) {
                m.clamp = w0 & (1 << 11) != 0;
            }
            if arch.is_gfx9() && !has(d, Role::Sdst) {
                m.op_sel = ((w0 >> 11) & 15) as u8;
            }
            if !has(d, Role::Sdst) {
                m.abs = ((w0 >> 8) & 7) as u8;
            }
            m.omod = ((w1 >> 27) & 3) as u8;
            m.neg = ((w1 >> 29) & 7) as u8;
        }
        Enc::Mimg if arch.is_gfx10() => {
            m.dmask = ((w0 >> 8) & 15) as u8;
            m.unorm = w0 & (1 << 12) != 0;
            m.glc = w0 & (1 << 13) != 0;
            m.r128 = w0 & (1 << 15) != 0;
            m.tfe = w0 & (1 << 16) != 0;
            m.lwe = w0 & (1 << 17) != 0;
            m.slc = w0 & (1 << 25) != 0;
            m.dlc = w0 & (1 << 7) != 0;
            m.dim = ((w0 >> 3) & 7) as u8;
            m.d16 = w1 & (1 << 31) != 0;
            if !m.unorm && crate::asm::instr::mimg_needs_unorm(d.name) {
                // Text the assembler refuses (clrxasm's rule).
                return Err(DecodeError::NonCanonical);
            }
            // Address list: as many addresses as the instruction reads at least, the
            // ones after the first in the NSA dwords (the re-encoding checks the count).
            let nsa_dwords = ((w0 >> 1) & 3) as usize;
            if nsa_dwords > 0 {
                let n = usize::from(crate::asm::instr::mimg_min_addresses(d.name, m.dim)) - 1;
                if n == 0 || n > 12 {
                    return Err(DecodeError::NonCanonical);
                }
                for i in 0..n {
                    let w = take(words, 2 + i / 4)?;
                    m.nsa[i] = (w >> (8 * (i % 4))) as u8;
                }
                m.nsa_len = n as u8;
                len += nsa_dwords;
            }
        }
        Enc::Mimg => {
            m.dmask = ((w0 >> 8) & 15) as u8;
            m.unorm = w0 & (1 << 12) != 0;
            m.glc = w0 & (1 << 13) != 0;
            m.da = w0 & (1 << 14) != 0;
            m.r128 = w0 & (1 << 15) != 0;
            m.tfe = w0 & (1 << 16) != 0;
            m.lwe = w0 & (1 << 17) != 0;
            m.slc = w0 & (1 << 25) != 0;
            m.d16 = vi && w1 & (1 << 31) != 0;
        }
        Enc::Exp => {
            m.done = w0 & (1 << 11) != 0;
            m.vm = w0 & (1 << 12) != 0;
            m.compr = w0 & (1 << 10) != 0;
        }
        Enc::Vop3p => {
            m.clamp = w0 & (1 << 15) != 0;
            m.op_sel = ((w0 >> 11) & 7) as u8;
            m.neg_hi = ((w0 >> 8) & 7) as u8;
            m.op_sel_hi = (((w1 >> 27) & 3) | ((w0 >> 14) & 1) << 2) as u8;
            m.neg = ((w1 >> 29) & 7) as u8;
        }
        Enc::Smem => {
            m.glc = w0 & (1 << 16) != 0;
            m.nv = arch.is_gfx9() && w0 & (1 << 15) != 0;
            m.dlc = arch.is_gfx10() && w0 & (1 << 14) != 0;
        }
        Enc::Ds => {
            if is_ds2(d) {
                m.offset0 = (w0 & 0xFF) as u8;
                m.offset1 = ((w0 >> 8) & 0xFF) as u8;
            } else {
                m.offset = (w0 & 0xFFFF) as i32;
            }
            m.gds = if vi && !arch.is_gfx10() {
                w0 & (1 << 16) != 0
            } else {
                w0 & (1 << 17) != 0
            };
            // The assembler always sets gds for GWS instructions.
            if d.name.contains("_gws_") && !m.gds {
                return Err(DecodeError::NonCanonical);
            }
        }
        Enc::Mubuf | Enc::Mtbuf => {
            m.offset = (w0 & 0xFFF) as i32;
            m.offen = w0 & (1 << 12) != 0;
            m.idxen = w0 & (1 << 13) != 0;
            m.glc = w0 & (1 << 14) != 0;
            m.tfe = w1 & (1 << 23) != 0;
            if arch.is_gfx10() {
                m.dlc = w0 & (1 << 15) != 0;
                m.slc = w1 & (1 << 22) != 0;
            } else if vi {
                if enc == Enc::Mubuf {
                    m.slc = w0 & (1 << 17) != 0;
                } else {
                    m.slc = w1 & (1 << 22) != 0;
                }
            } else {
                m.addr64 = w0 & (1 << 15) != 0;
                m.slc = w1 & (1 << 22) != 0;
            }
            if enc == Enc::Mubuf {
                m.lds = w0 & (1 << 16) != 0;
            } else if arch.is_gfx10() {
                m.dfmt = ((w0 >> 19) & 0x7F) as u8;
            } else {
                m.dfmt = ((w0 >> 19) & 0xF) as u8;
                m.nfmt = ((w0 >> 23) & 7) as u8;
                // Data format 15 is reserved (the assembler refuses it, as clrxasm).
                if m.dfmt == 15 {
                    return Err(DecodeError::NonCanonical);
                }
            }
            extra.push(Operand::Code((((w1 >> 16) & 0x1F) << 2) as u16));
            extra.push(Operand::Code((w1 >> 24) as u16));
            if m.addr64 && (m.offen || m.idxen) {
                return Err(DecodeError::NonCanonical);
            }
            // CLRX also encodes an address VGPR without offen/idxen/addr64; `off` is v0.
            extra.push(if m.offen || m.idxen || m.addr64 || w1 & 0xFF != 0 {
                vg(w1)
            } else {
                Operand::Absent
            });
        }
        Enc::Flat | Enc::Global | Enc::Scratch => {
            m.glc = w0 & (1 << 16) != 0;
            m.slc = w0 & (1 << 17) != 0;
            if arch.is_gfx10() {
                // (clrxasm takes no nv here: bit 23 stays clear.)
                m.dlc = w0 & (1 << 12) != 0;
                m.offset = (w0 & 0x7FF) as i32;
                let s = ((w1 >> 16) & 0x7F) as u16;
                if enc == Enc::Global && s < arch.max_sgprs() && !s.is_multiple_of(2) {
                    return Err(DecodeError::NonCanonical);
                }
                m.saddr = (s != crate::operand::NULL && enc != Enc::Flat).then_some(s);
            } else if arch.is_gfx9() {
                m.lds = w0 & (1 << 13) != 0;
                // (FLAT proper has no LDS form: the assembler refuses it.)
                if m.lds && enc == Enc::Flat {
                    return Err(DecodeError::NonCanonical);
                }
                m.nv = w1 & (1 << 23) != 0;
                let off = (w0 & 0x1FFF) as i32;
                m.offset = if enc == Enc::Flat {
                    off
                } else {
                    (off << 19) >> 19
                };
                let s = ((w1 >> 16) & 0x7F) as u16;
                // (An odd base pair: the assembler refuses it, as clrxasm.)
                if enc == Enc::Global && s < arch.max_sgprs() && !s.is_multiple_of(2) {
                    return Err(DecodeError::NonCanonical);
                }
                m.saddr = (s != 0x7F && enc != Enc::Flat).then_some(s);
            } else {
                m.tfe = w1 & (1 << 23) != 0;
            }
        }
        _ => {}
    }
    // Operand codes the text cannot name, unaligned SGPR ranges and modifier bits of
    // absent sources have no spelling: refuse them (the disassembler prints `.int`).
    for (spec, v) in d.ops.iter().zip(&ops) {
        if let Operand::Code(c) = *v {
            if spec.role == Role::Vcc {
                continue;
            }
            if crate::operand::format_code(arch, c, printed_dwords(arch, d, spec, &m)).is_none() {
                return Err(DecodeError::NonCanonical);
            }
            let dest = matches!(
                spec.role,
                Role::Sdst | Role::Sdstv | Role::Sdata | Role::Sbase
            );
            if dest && c >= 128 {
                return Err(DecodeError::NonCanonical);
            }
            let n = spec.dwords as u16;
            if c < arch.max_sgprs() && sgpr_range_ok(arch, Some((d, spec.role)), c, n).is_err() {
                return Err(DecodeError::NonCanonical);
            }
        }
    }
    if vgpr_lane_select(arch, d, &ops)
        || lds_direct_misplaced(d, &ops)
        || interp_f32_scalar_source(d, &ops)
        || vector_lane_mask(d, &ops)
        // (32-bit interpolations have no halves: no op_sel, no `high`.)
        || (matches!(d.name, "v_interp_p1_f32" | "v_interp_p2_f32") && (m.op_sel != 0 || m.high))
    {
        return Err(DecodeError::NonCanonical);
    }
    if enc == Enc::Vop3p {
        let nsrc = d
            .ops
            .iter()
            .filter(|o| matches!(o.role, Role::Src0 | Role::Src1 | Role::Src2))
            .count();
        let mask = (1u8 << nsrc) - 1;
        if (m.op_sel | m.neg | m.neg_hi) & !mask != 0 {
            return Err(DecodeError::NonCanonical);
        }
    }
    if enc == Enc::Vop3 {
        // abs/neg bit k is source field k; op_sel also has one for the attribute of
        // `v_interp_*_f16` (in the src0 field, which takes no abs/neg).
        let mask = d.ops.iter().fold(0u8, |a, o| match o.role {
            Role::Src0 => a | 1,
            Role::Src1 => a | 2,
            Role::Src2 => a | 4,
            _ => a,
        });
        let sel = if has(d, Role::Attr) { mask | 1 } else { mask };
        if m.neg & !mask != 0 || m.abs & !mask != 0 || m.op_sel & !(sel | 8) != 0 {
            return Err(DecodeError::NonCanonical);
        }
    }
    // Fields outside the row's operands must be nameable too.
    let sgpr_ok = |c: u16, n: u16| {
        c < 128
            && crate::operand::format_code(arch, c, n as u8).is_some()
            && (c >= arch.max_sgprs() || n < 2 || c.is_multiple_of(if n == 2 { 2 } else { 4 }))
    };
    if let [_, _, Operand::Code(vaddr)] = extra[..] {
        if crate::operand::format_code(arch, vaddr, buffer_vaddr_dwords(&m)).is_none() {
            return Err(DecodeError::NonCanonical);
        }
    }
    if let [Operand::Code(srsrc), Operand::Code(soff), _] = extra[..] {
        if !sgpr_ok(srsrc, 4)
            || crate::operand::format_code(arch, soff, 1).is_none()
            || soff == LITERAL
        {
            return Err(DecodeError::NonCanonical);
        }
    }
    // A GLOBAL base pair may start on an odd SGPR: CLRX prints it (`s[17:18]`) and
    // both assemblers take it.
    if let Some(s) = m.saddr {
        let n = if enc == Enc::Global { 2 } else { 1 };
        if s >= 128 || crate::operand::format_code(arch, s, n).is_none() {
            return Err(DecodeError::NonCanonical);
        }
    }
    ops.extend(extra);
    // (Checked again with the buffer operands in place.)
    if lds_direct_misplaced(d, &ops) {
        return Err(DecodeError::NonCanonical);
    }
    if lit_used {
        len += 1;
    }
    let inst = Inst {
        row,
        ops: ops.into(),
        mods: m,
    };
    // Words whose text the assembler refuses (two SGPRs, literal with SGPR) do not decode.
    if scalar_reads_error(arch, &inst).is_some() {
        return Err(DecodeError::NonCanonical);
    }
    // Only canonical words decode: anything the encoder would not reproduce (reserved
    // bits, fields this model does not carry) is refused rather than silently changed.
    match encode(arch, &inst) {
        Ok(w) if w.len() == len && w[..] == words[..len] => Ok((inst, len)),
        _ => Err(DecodeError::NonCanonical),
    }
}

/// VGPRs in a MUBUF/MTBUF address: an index and an offset, or a 64-bit address, take
/// two. The decoder and the printer agree through this one rule (an address range past
/// v255 has no spelling, so such words do not decode).
/// The register width an operand has in text: the row's width, except where the
/// modifiers widen it (tfe returns one more VGPR; an image's data follows its dmask;
/// r128 halves a resource). The decoder refuses a register range past the file's end
/// at this width, so what it accepts always prints as registers.
pub fn printed_dwords(arch: Arch, d: &InstrDef, spec: &OpSpec, m: &Mods) -> u8 {
    match spec.role {
        Role::Vdata if matches!(d.enc, Enc::Mubuf | Enc::Mtbuf) => spec.dwords + u8::from(m.tfe),
        Role::Vdst if d.enc == Enc::Flat => spec.dwords + u8::from(m.tfe),
        // With an SGPR base, GLOBAL's address is a 32-bit VGPR offset.
        Role::Addr if d.enc == Enc::Global && m.saddr.is_some() => 1,
        Role::Vdata if d.enc == Enc::Mimg => {
            crate::asm::instr::mimg_vdata_width(arch, d.name, m.dmask, m.tfe, m.d16)
        }
        // GCN 1.5: the addresses the instruction reads (an address list prints apart).
        Role::Vaddr if d.enc == Enc::Mimg && arch.is_gfx10() => {
            if m.nsa_len > 0 {
                1
            } else {
                crate::asm::instr::mimg_min_addresses(d.name, m.dim)
            }
        }
        // On GCN 1.4 the r128 bit means a16 and the resource keeps 8 registers.
        Role::Srsrc => {
            if m.r128 && (!arch.is_gfx9() || arch.is_gfx10()) {
                4
            } else {
                8
            }
        }
        _ => spec.dwords,
    }
}

pub fn buffer_vaddr_dwords(m: &Mods) -> u8 {
    if (m.offen && m.idxen) || m.addr64 {
        2
    } else {
        1
    }
}

fn len_literal(enc: Enc) -> usize {
    if is_64bit(enc) {
        2
    } else {
        1
    }
}
