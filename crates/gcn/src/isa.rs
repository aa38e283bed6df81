//! Instruction table types. The rows themselves live in `isa/gcn.isa` (the one data
//! source) and are turned into `isa_table.rs` by `gcn-tablegen`.

use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;

/// A GCN architecture generation. The discriminant indexes per-arch opcode columns.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Arch {
    /// GCN 1.0 (Southern Islands).
    Gfx6 = 0,
    /// GCN 1.1 (Sea Islands).
    Gfx7 = 1,
    /// GCN 1.2 (Volcanic Islands).
    Gfx8 = 2,
    /// GCN 1.4 (Vega).
    Gfx9 = 3,
    /// GCN 1.4.1 (Vega 20).
    Gfx906 = 4,
    /// GCN 1.5 (Navi, GFX10).
    Gfx10 = 5,
}

impl Arch {
    pub const ALL: [Arch; 6] = [
        Arch::Gfx6,
        Arch::Gfx7,
        Arch::Gfx8,
        Arch::Gfx9,
        Arch::Gfx906,
        Arch::Gfx10,
    ];

    /// GCN 1.2 and later use the VI encodings (SMEM, 10-bit VOP3 opcodes, ...).
    pub fn is_vi_plus(self) -> bool {
        self >= Arch::Gfx8
    }

    pub fn is_gfx9(self) -> bool {
        self >= Arch::Gfx9
    }

    /// GCN 1.5 (GFX10): its own encodings of the memory, VOP3 and scalar-memory
    /// instructions, 106 SGPRs, `null` and VOP3 literals.
    pub fn is_gfx10(self) -> bool {
        self == Arch::Gfx10
    }

    /// CLRX architecture name.
    pub fn clrx_name(self) -> &'static str {
        match self {
            Arch::Gfx6 => "GCN1.0",
            Arch::Gfx7 => "GCN1.1",
            Arch::Gfx8 => "GCN1.2",
            Arch::Gfx9 => "GCN1.4",
            Arch::Gfx906 => "GCN1.4.1",
            Arch::Gfx10 => "GCN1.5",
        }
    }

    /// Parse an `-A`/`.arch` name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Arch> {
        Some(match name.to_ascii_lowercase().as_str() {
            "gcn1.0" | "gfx6" | "si" => Arch::Gfx6,
            "gcn1.1" | "gfx7" | "ci" => Arch::Gfx7,
            "gcn1.2" | "gfx8" | "vi" => Arch::Gfx8,
            "gcn1.4" | "gfx9" | "vega" => Arch::Gfx9,
            "gcn1.4.1" | "gfx906" | "vega20" => Arch::Gfx906,
            "gcn1.5" | "gfx10" | "navi" => Arch::Gfx10,
            _ => return None,
        })
    }

    /// `s_waitcnt` fields: the largest vmcnt (GCN 1.4+: six bits, the top two at bits
    /// 14-15) and lgkmcnt (GCN 1.5: six bits at 8-13); expcnt is three bits at 4-6.
    pub fn waitcnt_max(self) -> (u32, u32) {
        (
            if self.is_gfx9() { 63 } else { 15 },
            if self.is_gfx10() { 63 } else { 15 },
        )
    }

    /// Number of general SGPRs (codes below it are `sN`): GCN 1.2 and 1.4 put
    /// `flat_scratch` at 102-103; GCN 1.5 has no such registers there.
    pub fn max_sgprs(self) -> u16 {
        if self.is_gfx10() {
            106
        } else if self.is_vi_plus() {
            102
        } else {
            104
        }
    }
}

/// Instruction encodings (formats).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Enc {
    Sop2,
    Sopk,
    Sop1,
    Sopc,
    Sopp,
    Smrd,
    Smem,
    Vop2,
    Vop1,
    Vopc,
    Vop3,
    Vop3p,
    Vintrp,
    Exp,
    Mimg,
    Ds,
    Mubuf,
    Mtbuf,
    Flat,
    Global,
    Scratch,
}

impl Enc {
    pub fn from_name(s: &str) -> Option<Enc> {
        Some(match s {
            "SOP2" => Enc::Sop2,
            "SOPK" => Enc::Sopk,
            "SOP1" => Enc::Sop1,
            "SOPC" => Enc::Sopc,
            "SOPP" => Enc::Sopp,
            "SMRD" => Enc::Smrd,
            "SMEM" => Enc::Smem,
            "VOP2" => Enc::Vop2,
            "VOP1" => Enc::Vop1,
            "VOPC" => Enc::Vopc,
            "VOP3" => Enc::Vop3,
            "VOP3P" => Enc::Vop3p,
            "VINTRP" => Enc::Vintrp,
            "EXP" => Enc::Exp,
            "MIMG" => Enc::Mimg,
            "DS" => Enc::Ds,
            "MUBUF" => Enc::Mubuf,
            "MTBUF" => Enc::Mtbuf,
            "FLAT" => Enc::Flat,
            "GLOBAL" => Enc::Global,
            "SCRATCH" => Enc::Scratch,
            _ => return None,
        })
    }
}

/// What an operand is and which encoding field holds it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Scalar destination (SOP*, SMRD `sdata`, VOP3b carry-out `sdst`).
    Sdst,
    /// Scalar source 0 (SOP*); 8-bit operand code, 255 = literal.
    Ssrc0,
    Ssrc1,
    /// 16-bit immediate (SOPK/SOPP).
    Simm16,
    /// Branch target, encoded as a signed dword offset from the next instruction.
    Label,
    /// `hwreg(reg, offset, size)` (SOPK getreg/setreg).
    Hwreg,
    /// `s_waitcnt` counters.
    Waitcnt,
    /// `s_sendmsg` message.
    Sendmsg,
    /// An always-present 32-bit literal (v_madmk/v_madak, s_setreg_imm32).
    Lit,
    /// 4-bit immediate in the SOPC ssrc1 field (s_set_gpr_idx_on).
    Simm4,
    /// SMRD/SMEM data register(s).
    Sdata,
    /// SMRD/SMEM base register pair/quad.
    Sbase,
    /// SMRD/SMEM offset (immediate or SGPR).
    Offset,
    /// 7-bit immediate in the SMEM sdata field (s_atc_probe).
    SdataK,
    /// Vector destination.
    Vdst,
    /// Scalar destination stored in a VOP vdst field (v_readlane, VOP3 compares).
    Sdstv,
    Src0,
    Src1,
    Src2,
    /// VGPR-only source 1 (VOP2/VOPC).
    Vsrc1,
    /// Scalar source 1 in the VOP2 vsrc1 field (v_readlane/v_writelane on GCN 1.0/1.1).
    Ssrc1v,
    /// Implicit `vcc` written in the text (VOP2 carry, VOPC destination).
    Vcc,
    /// DS/FLAT address.
    Addr,
    Data0,
    Data1,
    /// FLAT store/atomic data.
    Data,
    /// MUBUF/MTBUF data.
    Vdata,
    /// `gds` keyword required (ds_gws_*).
    Gds,
    /// VINTRP source VGPR.
    Vsrc,
    /// VINTRP attribute and channel (`attr3.y`): attr << 2 | channel.
    Attr,
    /// VINTRP `v_interp_mov_f32` parameter: 0 `p10`, 1 `p20`, 2 `p0`.
    Param,
    /// EXP target: mrt0-7 (0-7), mrtz (8), null (9), pos0-3 (12-15), param0-31 (32-63).
    ExpTgt,
    /// MIMG address VGPRs (any count 1-16 in the text; the row gives the usual one).
    Vaddr,
    /// MIMG resource descriptor (8 SGPRs, 4 with `r128`) and sampler (4 SGPRs).
    Srsrc,
    Ssamp,
}

impl Role {
    pub fn from_name(s: &str) -> Option<Role> {
        Some(match s {
            "sdst" => Role::Sdst,
            "ssrc0" => Role::Ssrc0,
            "ssrc1" => Role::Ssrc1,
            "simm16" => Role::Simm16,
            "label" => Role::Label,
            "hwreg" => Role::Hwreg,
            "waitcnt" => Role::Waitcnt,
            "sendmsg" => Role::Sendmsg,
            "lit" => Role::Lit,
            "simm4" => Role::Simm4,
            "sdata" => Role::Sdata,
            "sbase" => Role::Sbase,
            "offset" => Role::Offset,
            "sdatak" => Role::SdataK,
            "vdst" => Role::Vdst,
            "sdstv" => Role::Sdstv,
            "src0" => Role::Src0,
            "src1" => Role::Src1,
            "src2" => Role::Src2,
            "vsrc1" => Role::Vsrc1,
            "ssrc1v" => Role::Ssrc1v,
            "vcc" => Role::Vcc,
            "addr" => Role::Addr,
            "data0" => Role::Data0,
            "data1" => Role::Data1,
            "data" => Role::Data,
            "vdata" => Role::Vdata,
            "gds" => Role::Gds,
            "vsrc" => Role::Vsrc,
            "attr" => Role::Attr,
            "param" => Role::Param,
            "exptgt" => Role::ExpTgt,
            "vaddr" => Role::Vaddr,
            "srsrc" => Role::Srsrc,
            "ssamp" => Role::Ssamp,
            _ => return None,
        })
    }
}

/// One operand slot of an instruction form.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OpSpec {
    pub role: Role,
    /// Register width in dwords.
    pub dwords: u8,
}

/// One row of the instruction table.
#[derive(Clone, Debug)]
pub struct InstrDef {
    pub enc: Enc,
    pub name: &'static str,
    /// Opcode per [`Arch`] (index = discriminant); -1 = not on that architecture.
    pub opcodes: [i16; 6],
    /// Operands in assembly text order.
    pub ops: &'static [OpSpec],
}

impl InstrDef {
    pub fn opcode(&self, arch: Arch) -> Option<u16> {
        let op = self.opcodes[arch as usize];
        (op >= 0).then_some(op as u16)
    }
}

pub use crate::isa_table::INSTRS;

struct Index {
    by_name: HashMap<&'static str, Vec<u16>>,
    /// (arch, enc, opcode) -> row.
    by_opcode: HashMap<(Arch, Enc, u16), u16>,
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut by_name: HashMap<&'static str, Vec<u16>> = HashMap::default();
        let mut by_opcode = HashMap::default();
        for (i, d) in INSTRS.iter().enumerate() {
            by_name.entry(d.name).or_default().push(i as u16);
            for arch in Arch::ALL {
                if let Some(op) = d.opcode(arch) {
                    // First row wins: the table lists the preferred spelling first.
                    by_opcode.entry((arch, d.enc, op)).or_insert(i as u16);
                }
            }
        }
        Index { by_name, by_opcode }
    })
}

/// Rows with this mnemonic (any architecture), in table order.
pub fn rows_by_name(name: &str) -> &'static [u16] {
    index().by_name.get(name).map(Vec::as_slice).unwrap_or(&[])
}

/// The row for an opcode of an encoding on an architecture.
pub fn row_by_opcode(arch: Arch, enc: Enc, opcode: u16) -> Option<u16> {
    index().by_opcode.get(&(arch, enc, opcode)).copied()
}

pub fn def(row: u16) -> &'static InstrDef {
    &INSTRS[row as usize]
}
