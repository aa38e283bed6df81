//! The IL program model: a list of lines, each a header, an instruction, a comment or a
//! blank. IL is line-oriented and the AMD runtime itself edits it as text (metadata blocks
//! and data segments live in `;` comment lines, the linker patches `;$$$$$$$$$$`), so the
//! model keeps every comment line verbatim and in place. Structure (functions, flow
//! control, metadata blocks) is computed from the lines by the validator, the metadata
//! reader and the linker, not stored twice.

use kauai_diag::Span;

use crate::opcodes::Opcode;

/// A source location that never takes part in equality, so that a program parsed from
/// printed text compares equal to the program it was printed from.
#[derive(Copy, Clone, Debug, Default)]
pub struct Loc(pub Span);

impl PartialEq for Loc {
    fn eq(&self, _: &Loc) -> bool {
        true
    }
}

impl Eq for Loc {}

/// A parsed IL compilation unit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    pub lines: Vec<Line>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub kind: LineKind,
    /// A trailing `; comment` after an instruction: the text after the `;`, verbatim.
    pub comment: Option<String>,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineKind {
    Blank,
    /// A whole-line comment: the text after the `;`, verbatim. Metadata (`;ARGSTART:`...),
    /// data segments (`;#DATASTART`...) and the link pseudo-instruction are comments.
    Comment(String),
    Header(Header),
    Inst(Inst),
    /// A line inside a `;DEBUGSTART` ... `;DEBUGEND` range, kept verbatim and not parsed:
    /// compilers put assembler-style debug directives there (`.section .debug_info`).
    Debug(String),
}

/// `il_<stage>_<major>_<minor>`, e.g. `il_cs_2_0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub stage: Stage,
    pub major: u32,
    pub minor: u32,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    Vs,
    Ps,
    Gs,
    Cs,
    Hs,
    Ds,
}

impl Stage {
    pub fn name(self) -> &'static str {
        match self {
            Stage::Vs => "vs",
            Stage::Ps => "ps",
            Stage::Gs => "gs",
            Stage::Cs => "cs",
            Stage::Hs => "hs",
            Stage::Ds => "ds",
        }
    }

    pub fn from_name(s: &str) -> Option<Stage> {
        Some(match s {
            "vs" => Stage::Vs,
            "ps" => Stage::Ps,
            "gs" => Stage::Gs,
            "cs" => Stage::Cs,
            "hs" => Stage::Hs,
            "ds" => Stage::Ds,
            _ => return None,
        })
    }
}

/// One instruction: `mnemonic[(paren)][_ctrl[(arg)]]... operands`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inst {
    pub op: Opcode,
    /// The number glued to `mdef(N)` / `mcall(N)`.
    pub paren: Option<String>,
    /// Instruction controls in source order: `id(1)`, `cached`, `relop(eq)`, `threads`...
    pub controls: Vec<Control>,
    pub operands: Vec<Operand>,
    pub loc: Loc,
}

impl Inst {
    /// The argument of a control, e.g. `control("id")` for `_id(3)` gives `Some("3")`.
    pub fn control(&self, name: &str) -> Option<&str> {
        self.controls
            .iter()
            .find(|c| c.name == name)
            .map(|c| c.arg.as_deref().unwrap_or(""))
    }

    pub fn has_control(&self, name: &str) -> bool {
        self.controls.iter().any(|c| c.name == name)
    }

    /// The resource id `_id(n)` (or `_resource(n)`), if present and numeric.
    pub fn resource_id(&self) -> Option<u32> {
        self.control("id")
            .or_else(|| self.control("resource"))
            .and_then(|s| s.trim().parse().ok())
    }

    /// The number operand of `func N`, `call N`, `case N`.
    pub fn number(&self) -> Option<i64> {
        self.operands.iter().find_map(|o| match &o.kind {
            OperandKind::Num(Number::Dec(v)) => Some(*v),
            OperandKind::Num(Number::Hex(v)) => i64::try_from(*v).ok(),
            _ => None,
        })
    }
}

/// An instruction control or an operand modifier: `name` or `name(arg)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Control {
    pub name: String,
    pub arg: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operand {
    pub kind: OperandKind,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OperandKind {
    Reg(RegOperand),
    Num(Number),
    /// A parenthesised operand list, as in `mcall(3) (r1), (r2, r3)`.
    Group(Vec<Operand>),
}

/// A number operand. Floats are stored as the bits of an `f64` so that equality is exact.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Number {
    Dec(i64),
    Hex(u64),
    Float(u64),
}

impl Number {
    /// The 32-bit pattern this number denotes in a `dcl_literal` (floats as IEEE f32).
    pub fn bits32(self) -> u32 {
        match self {
            Number::Dec(v) => v as u32,
            Number::Hex(v) => v as u32,
            Number::Float(b) => (f64::from_bits(b) as f32).to_bits(),
        }
    }
}

/// A register with its relative index, modifiers and swizzle or write mask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegOperand {
    pub file: RegFile,
    /// The number after the prefix: `r12` gives 12, `vTidInGrp0` gives 0, `g[...]` none.
    pub num: Option<u32>,
    pub index: Option<Index>,
    /// Swizzle (source) or write mask (destination), exactly as written after the `.`.
    pub swizzle: Option<String>,
    /// Source or destination modifiers: `neg(xyzw)`, `abs`, `sat`, `x2`, ...
    pub mods: Vec<Control>,
}

/// `[imm]`, `[rN.c]` or `[rN.c+imm]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Index {
    pub base: Option<IndexBase>,
    pub offset: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexBase {
    pub file: RegFile,
    pub num: u32,
    /// Component 0..=3 (x, y, z, w).
    pub comp: u8,
}

/// Register files. The prefix is what the text uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RegFile {
    Temp,
    Literal,
    ConstBuf,
    IndexedTemp,
    Global,
    Mem,
    Output,
    Input,
    Shared,
    MacroIn,
    MacroOut,
    TidInGrp,
    TidInGrpFlat,
    AbsTid,
    AbsTidFlat,
    ThreadGrpId,
    ThreadGrpIdFlat,
    ATid,
    WinCoord,
}

/// Prefix text of each register file, longest first where one prefixes another.
pub const REG_PREFIXES: &[(&str, RegFile)] = &[
    ("vThreadGrpIdFlat", RegFile::ThreadGrpIdFlat),
    ("vThreadGrpId", RegFile::ThreadGrpId),
    ("vTidInGrpFlat", RegFile::TidInGrpFlat),
    ("vTidInGrp", RegFile::TidInGrp),
    ("vAbsTidFlat", RegFile::AbsTidFlat),
    ("vAbsTid", RegFile::AbsTid),
    ("vaTid", RegFile::ATid),
    ("vWinCoord", RegFile::WinCoord),
    ("mem", RegFile::Mem),
    ("out", RegFile::MacroOut),
    ("in", RegFile::MacroIn),
    ("cb", RegFile::ConstBuf),
    ("sr", RegFile::Shared),
    ("r", RegFile::Temp),
    ("l", RegFile::Literal),
    ("x", RegFile::IndexedTemp),
    ("g", RegFile::Global),
    ("o", RegFile::Output),
    ("v", RegFile::Input),
];

impl RegFile {
    pub fn prefix(self) -> &'static str {
        REG_PREFIXES
            .iter()
            .find(|(_, f)| *f == self)
            .map(|(p, _)| *p)
            .unwrap_or("?")
    }

    /// Files that must carry a number (`r3`), as opposed to `g[...]`, `mem`, `vAbsTid`.
    pub fn needs_number(self) -> bool {
        matches!(
            self,
            RegFile::Temp
                | RegFile::Literal
                | RegFile::ConstBuf
                | RegFile::IndexedTemp
                | RegFile::Output
                | RegFile::Input
                | RegFile::Shared
                | RegFile::MacroIn
                | RegFile::MacroOut
        )
    }

    /// Files addressed with `[...]`.
    pub fn indexed(self) -> bool {
        matches!(
            self,
            RegFile::ConstBuf | RegFile::IndexedTemp | RegFile::Global
        )
    }
}

/// Known operand modifiers (source and destination).
pub const OPERAND_MODIFIERS: &[&str] = &[
    "neg", "abs", "invert", "bias", "x2", "bx2", "sign", "divComp", "sat", "x4", "x8", "d2", "d4",
    "d8",
];
