//! A typed builder for IL: registers, write masks, swizzles and instructions as values,
//! assembled into the same [`Inst`]s and [`Line`]s the parser produces and printed by
//! the one printer (`Display for Program`). A compiler that emits IL through here
//! cannot misspell a mnemonic (opcodes are [`Opcode`] variants or [`op`] types), a
//! component or a register file; operand counts and required controls are checked
//! against the opcode table when the call is compiled ([`op`] types) or by a debug
//! assertion when the instruction is built (`_dyn` forms, for opcodes chosen at run
//! time).
//!
//! ```
//! use kauai_amdil::build::{self, Mask, Reg};
//! use kauai_amdil::opcodes::op;
//! let i = build::alu(op::Iadd, Reg::r(4).dst(Mask::X), [Reg::r(5).x(), Reg::l(0).x()]);
//! assert_eq!(i.to_string(), "iadd r4.x___, r5.x, l0.x");
//! ```
//!
//! With a known opcode the operand count is checked when the call is compiled:
//!
//! ```compile_fail
//! use kauai_amdil::build::{self, Mask, Reg};
//! use kauai_amdil::opcodes::op;
//! let i = build::alu(op::Iadd, Reg::r(4).dst(Mask::X), [Reg::r(5).x()]);
//! ```
//!
//! Opcodes chosen at run time go through the `_dyn` forms, checked by a debug assertion.

use crate::ast::*;
#[cfg(doc)]
use crate::opcodes::op;
use crate::opcodes::{Class, Needs, OpSpec, Opcode};

/// The component letters in order.
const COMP: [char; 4] = ['x', 'y', 'z', 'w'];

/// A destination write mask: which of x, y, z, w are written, printed positionally
/// (`x_z_`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mask(u8);

impl Mask {
    pub const X: Mask = Mask(0b0001);
    pub const Y: Mask = Mask(0b0010);
    pub const Z: Mask = Mask(0b0100);
    pub const W: Mask = Mask(0b1000);
    pub const XY: Mask = Mask(0b0011);
    pub const ZW: Mask = Mask(0b1100);
    pub const XYZ: Mask = Mask(0b0111);
    pub const XYZW: Mask = Mask(0b1111);

    /// The components listed (0 to 3; higher bits are ignored): `[0, 2]` is `x_z_`.
    pub fn of(comps: &[usize]) -> Mask {
        Mask(comps.iter().fold(0, |m, &c| m | 1 << (c & 3)))
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn text(self) -> String {
        (0..4)
            .map(|k| if self.0 & 1 << k != 0 { COMP[k] } else { '_' })
            .collect()
    }
}

/// A source swizzle: one to four components, in order (`.x`, `.xyxy`, `.zwzw`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Swz {
    comps: [u8; 4],
    len: u8,
}

impl Swz {
    pub const X: Swz = Swz::one(0);
    pub const Y: Swz = Swz::one(1);
    pub const Z: Swz = Swz::one(2);
    pub const W: Swz = Swz::one(3);
    /// A 64-bit value in `.xy`, replicated so that both halves of a pair see it.
    pub const XYXY: Swz = Swz {
        comps: [0, 1, 0, 1],
        len: 4,
    };

    /// One component, `0..=3` (masked).
    pub const fn one(c: u8) -> Swz {
        Swz {
            comps: [c & 3, 0, 0, 0],
            len: 1,
        }
    }

    /// The components in order; one to four of them (more are dropped, none gives `.x`).
    pub fn of(comps: &[usize]) -> Swz {
        let mut s = Swz {
            comps: [0; 4],
            len: comps.len().clamp(1, 4) as u8,
        };
        for (k, &c) in comps.iter().take(4).enumerate() {
            s.comps[k] = (c & 3) as u8;
        }
        s
    }

    fn text(self) -> String {
        self.comps[..self.len as usize]
            .iter()
            .map(|&c| COMP[c as usize])
            .collect()
    }
}

/// A register: file, number and an immediate index (`r4`, `l0`, `cb0[3]`, `mem0`,
/// `vAbsTidFlat`, `in0`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reg {
    file: RegFile,
    num: Option<u32>,
    index: Option<i64>,
}

impl Reg {
    /// Temporary `rN`.
    pub const fn r(n: u32) -> Reg {
        Reg::numbered(RegFile::Temp, n)
    }

    /// Literal `lN`.
    pub const fn l(n: u32) -> Reg {
        Reg::numbered(RegFile::Literal, n)
    }

    /// Constant buffer element `cbN[slot]`.
    pub const fn cb(n: u32, slot: u32) -> Reg {
        Reg {
            file: RegFile::ConstBuf,
            num: Some(n),
            index: Some(slot as i64),
        }
    }

    /// `memN`, the destination of a store.
    pub const fn mem(n: u32) -> Reg {
        Reg::numbered(RegFile::Mem, n)
    }

    /// A macro's input `inN`.
    pub const fn macro_in(n: u32) -> Reg {
        Reg::numbered(RegFile::MacroIn, n)
    }

    /// A macro's output `outN`.
    pub const fn macro_out(n: u32) -> Reg {
        Reg::numbered(RegFile::MacroOut, n)
    }

    /// A register of a numbered file (`r`, `l`, `x`, `o`, `v`, `sr`, `in`, `out`, `mem`).
    pub const fn numbered(file: RegFile, n: u32) -> Reg {
        Reg {
            file,
            num: Some(n),
            index: None,
        }
    }

    /// A system value without a number: `vAbsTidFlat`, `vTidInGrp`, `vThreadGrpId`...
    pub const fn special(file: RegFile) -> Reg {
        Reg {
            file,
            num: None,
            index: None,
        }
    }

    /// The whole register as a source (no swizzle: `.xyzw`).
    pub fn src(self) -> Src {
        Src {
            reg: self,
            swz: None,
            mods: 0,
        }
    }

    /// The register read through `swz`.
    pub fn swz(self, swz: Swz) -> Src {
        Src {
            reg: self,
            swz: Some(swz),
            mods: 0,
        }
    }

    /// `.x` (likewise `y`, `z`, `w`).
    pub fn x(self) -> Src {
        self.swz(Swz::X)
    }
    pub fn y(self) -> Src {
        self.swz(Swz::Y)
    }
    pub fn z(self) -> Src {
        self.swz(Swz::Z)
    }
    pub fn w(self) -> Src {
        self.swz(Swz::W)
    }

    /// A 64-bit value in `.xy`, as a source replicated to `.xyxy`.
    pub fn xyxy(self) -> Src {
        self.swz(Swz::XYXY)
    }

    /// The register as a destination writing `mask`.
    pub fn dst(self, mask: Mask) -> Dst {
        debug_assert!(!mask.is_empty(), "an empty write mask");
        Dst {
            reg: self,
            mask: Some(mask),
        }
    }

    /// The register as a destination without a mask (all components; macro outputs).
    pub fn whole(self) -> Dst {
        Dst {
            reg: self,
            mask: None,
        }
    }

    fn operand(self, swizzle: Option<String>, mods: Vec<Control>) -> Operand {
        Operand {
            kind: OperandKind::Reg(RegOperand {
                file: self.file,
                num: self.num,
                index: self.index.map(|offset| Index { base: None, offset }),
                swizzle,
                mods,
            }),
            loc: Loc::default(),
        }
    }
}

/// Source modifiers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SrcMod {
    Neg,
    Abs,
}

/// A source operand: a register, its swizzle and modifiers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Src {
    reg: Reg,
    swz: Option<Swz>,
    mods: u8,
}

impl Src {
    /// The source with modifier `m` (`_neg`, `_abs`) added.
    pub fn with(mut self, m: SrcMod) -> Src {
        self.mods |= 1 << m as u8;
        self
    }

    fn operand(self) -> Operand {
        let mut mods = Vec::new();
        for (bit, name) in [(SrcMod::Neg, "neg"), (SrcMod::Abs, "abs")] {
            if self.mods & 1 << bit as u8 != 0 {
                mods.push(Control {
                    name: name.into(),
                    arg: None,
                });
            }
        }
        self.reg.operand(self.swz.map(Swz::text), mods)
    }
}

impl From<Reg> for Src {
    fn from(r: Reg) -> Src {
        r.src()
    }
}

/// A destination operand: a register and its write mask.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Dst {
    reg: Reg,
    mask: Option<Mask>,
}

impl Dst {
    fn operand(self) -> Operand {
        self.reg.operand(self.mask.map(Mask::text), Vec::new())
    }
}

/// Operands print as IL text (`r4.x___`, `l0.xyxy`, `cb0[3]`).
impl std::fmt::Display for Reg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.operand(None, Vec::new()))
    }
}

impl std::fmt::Display for Src {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.operand())
    }
}

impl std::fmt::Display for Dst {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.operand())
    }
}

/// Comparisons of `ifc`, `breakc`, `continuec` (`_relop(op)`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Relop {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
}

impl Relop {
    /// The comparison a `_relop(...)` control names (`eq`, `ne`, `gt`, `ge`, `lt`, `le`).
    pub fn from_name(s: &str) -> Option<Relop> {
        Some(match s {
            "eq" => Relop::Eq,
            "ne" => Relop::Ne,
            "gt" => Relop::Gt,
            "ge" => Relop::Ge,
            "lt" => Relop::Lt,
            "le" => Relop::Le,
            _ => return None,
        })
    }
}

/// The controls of `fence`, in the order they are printed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fence {
    Threads,
    Memory,
    Lds,
    Gds,
    Sr,
    MemReadOnly,
    MemWriteOnly,
}

impl Fence {
    /// The control as IL spells it (`threads` of `fence_threads`).
    pub fn name(self) -> &'static str {
        match self {
            Fence::Threads => "threads",
            Fence::Memory => "memory",
            Fence::Lds => "lds",
            Fence::Gds => "gds",
            Fence::Sr => "sr",
            Fence::MemReadOnly => "mem_read_only",
            Fence::MemWriteOnly => "mem_write_only",
        }
    }
}

fn control(name: &str, arg: Option<String>) -> Control {
    Control {
        name: name.into(),
        arg,
    }
}

fn num(v: i64) -> Operand {
    Operand {
        kind: OperandKind::Num(Number::Dec(v)),
        loc: Loc::default(),
    }
}

fn inst(op: Opcode, paren: Option<u32>, controls: Vec<Control>, operands: Vec<Operand>) -> Inst {
    Inst {
        op,
        paren: paren.map(|p| p.to_string()),
        controls,
        operands,
        loc: Loc::default(),
    }
}

/// The operand-count rule of the table: `dst` destinations and `srcs` sources.
fn check(op: Opcode, dst: usize, srcs: usize) {
    let i = op.info();
    debug_assert!(
        dst == i.dst as usize && (i.src as usize..=i.src_max as usize).contains(&srcs),
        "`{}` takes {} destination(s) and {}..={} source(s), built with {dst} and {srcs}",
        i.name,
        i.dst,
        i.src,
        i.src_max
    );
}

/// Does opcode `O` take `dst` destinations and `n` sources?
const fn arity_ok<O: OpSpec>(dst: usize, n: usize) -> bool {
    O::DST as usize == dst && O::SRC as usize <= n && n <= O::SRC_MAX as usize
}

/// Compile-time check of a use of opcode `O` with `dst` destinations and `n` sources.
macro_rules! arity {
    ($o:ty, $dst:expr, $n:expr) => {
        const {
            assert!(
                arity_ok::<$o>($dst, $n),
                "the operand count does not match the opcode table"
            )
        }
    };
}

/// An instruction with one destination and its sources, no controls: ALU operations,
/// moves, comparisons, conversions (`iadd d, a, b`). The opcode is a type of
/// [`op`]: a wrong operand count does not compile.
pub fn alu<O: OpSpec, const N: usize>(_: O, dst: Dst, srcs: [Src; N]) -> Inst {
    arity!(O, 1, N);
    const {
        assert!(
            matches!(O::NEEDS, Needs::Nothing) && !matches!(O::CLASS, Class::Decl | Class::Memory),
            "not a plain ALU instruction"
        )
    };
    alu_dyn(O::OPCODE, dst, srcs)
}

/// [`alu`] for an opcode chosen at run time; the operand count is a debug assertion.
pub fn alu_dyn(op: Opcode, dst: Dst, srcs: impl IntoIterator<Item = Src>) -> Inst {
    let mut ops = vec![dst.operand()];
    ops.extend(srcs.into_iter().map(Src::operand));
    check(op, 1, ops.len() - 1);
    debug_assert!(
        op.needs == Needs::Nothing && !matches!(op.class(), Class::Decl | Class::Memory),
        "`{op}` is not a plain ALU instruction"
    );
    inst(op, None, Vec::new(), ops)
}

/// A memory or atomic instruction with a destination on resource `id`
/// (`uav_raw_load_id(1) d, addr`, `uav_raw_store_id(1) mem0.x___, addr, v`).
pub fn mem<O: OpSpec, const N: usize>(_: O, id: u32, dst: Dst, srcs: [Src; N]) -> Inst {
    arity!(O, 1, N);
    const { assert!(matches!(O::NEEDS, Needs::Id), "takes no resource id") };
    mem_dyn(O::OPCODE, id, Some(dst), srcs)
}

/// A memory or atomic instruction without a destination (`lds_store_id(1) addr, v`).
pub fn mem_nodst<O: OpSpec, const N: usize>(_: O, id: u32, srcs: [Src; N]) -> Inst {
    arity!(O, 0, N);
    const { assert!(matches!(O::NEEDS, Needs::Id), "takes no resource id") };
    mem_dyn(O::OPCODE, id, None, srcs)
}

/// [`mem`] and [`mem_nodst`] for an opcode chosen at run time.
pub fn mem_dyn(op: Opcode, id: u32, dst: Option<Dst>, srcs: impl IntoIterator<Item = Src>) -> Inst {
    let n_dst = usize::from(dst.is_some());
    let mut ops: Vec<Operand> = dst.map(Dst::operand).into_iter().collect();
    ops.extend(srcs.into_iter().map(Src::operand));
    check(op, n_dst, ops.len() - n_dst);
    debug_assert!(op.needs == Needs::Id, "`{op}` takes no resource id");
    inst(op, None, vec![control("id", Some(id.to_string()))], ops)
}

/// A texture read of resource `res` (OpenCL's read-only images): `sample_resource(n)_sampler(m)
/// dst, coord` at float coordinates with sampler `m`, or `load_resource(n)[_sampler(m)] dst,
/// coord` at integer coordinates (docs/spec/amd-il.md#images).
pub fn image_read<O: OpSpec>(_: O, res: u32, sampler: Option<u32>, dst: Dst, coord: Src) -> Inst {
    const { assert!(matches!(O::CLASS, Class::Image), "not a texture read") };
    let op = O::OPCODE;
    let mut controls = vec![control("resource", Some(res.to_string()))];
    if let Some(m) = sampler {
        controls.push(control("sampler", Some(m.to_string())));
    }
    inst(op, None, controls, vec![dst.operand(), coord.operand()])
}

/// Access sizes of arena UAV loads and stores (`_size(byte)`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Size {
    Byte,
    Short,
}

impl Size {
    /// The argument of `_size(...)` as IL spells it.
    pub fn name(self) -> &'static str {
        match self {
            Size::Byte => "byte",
            Size::Short => "short",
        }
    }

    /// The size a `_size(...)` argument names.
    pub fn from_name(s: &str) -> Option<Size> {
        [Size::Byte, Size::Short]
            .into_iter()
            .find(|z| z.name() == s)
    }
}

/// Rounding controls of float-to-integer conversions (`ftoi_near`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Round {
    Near,
    PlusInf,
    NegInf,
}

impl Round {
    /// The control as IL spells it (`near` of `ftoi_near`).
    pub fn name(self) -> &'static str {
        match self {
            Round::Near => "near",
            Round::PlusInf => "plus_inf",
            Round::NegInf => "neg_inf",
        }
    }
}

impl Inst {
    /// The conversion with a rounding control instead of truncation.
    pub fn with_round(mut self, r: Round) -> Inst {
        debug_assert!(matches!(self.op, Opcode::Ftoi | Opcode::Ftou));
        self.controls.push(control(r.name(), None));
        self
    }

    /// The instruction with the `_size(...)` control of arena accesses added.
    pub fn with_size(mut self, size: Size) -> Inst {
        debug_assert!(matches!(
            self.op,
            Opcode::UavArenaLoad | Opcode::UavArenaStore
        ));
        self.controls
            .push(control("size", Some(size.name().into())));
        self
    }
}

/// An instruction without operands: `else`, `endif`, `whileloop`, `endloop`, `break`,
/// `continue`, `default`, `endswitch`, `ret`, `ret_dyn`, `endfunc`, `endmain`, `end`,
/// `mend`.
pub fn bare<O: OpSpec>(_: O) -> Inst {
    arity!(O, 0, 0);
    const {
        assert!(
            matches!(O::NEEDS, Needs::Nothing),
            "needs a control or number"
        )
    };
    bare_dyn(O::OPCODE)
}

/// [`bare`] for an opcode chosen at run time.
pub fn bare_dyn(op: Opcode) -> Inst {
    check(op, 0, 0);
    debug_assert!(
        op.needs == Needs::Nothing,
        "`{op}` needs a control or number"
    );
    inst(op, None, Vec::new(), Vec::new())
}

/// Flow control on one source: `if_logicalnz c`, `break_logicalz c`, `switch s`.
pub fn cond<O: OpSpec>(_: O, src: Src) -> Inst {
    arity!(O, 0, 1);
    const { assert!(matches!(O::NEEDS, Needs::Nothing), "needs a control") };
    cond_dyn(O::OPCODE, src)
}

/// [`cond`] for an opcode chosen at run time.
pub fn cond_dyn(op: Opcode, src: Src) -> Inst {
    check(op, 0, 1);
    debug_assert!(op.needs == Needs::Nothing, "`{op}` needs a control");
    inst(op, None, Vec::new(), vec![src.operand()])
}

/// Flow control comparing two sources: `ifc_relop(lt) a, b`, `breakc_relop(eq) a, b`.
pub fn cmp<O: OpSpec>(_: O, relop: Relop, a: Src, b: Src) -> Inst {
    arity!(O, 0, 2);
    const { assert!(matches!(O::NEEDS, Needs::Relop), "takes no comparison") };
    let r = format!("{relop:?}").to_ascii_lowercase();
    let ops = vec![a.operand(), b.operand()];
    inst(O::OPCODE, None, vec![control("relop", Some(r))], ops)
}

/// An instruction naming a number: `func 1024`, `call 1024`, `case 3`.
pub fn numbered<O: OpSpec>(_: O, n: i64) -> Inst {
    arity!(O, 0, 0);
    const { assert!(matches!(O::NEEDS, Needs::Number), "takes no number") };
    inst(O::OPCODE, None, Vec::new(), vec![num(n)])
}

/// `fence` with its controls in the order given (`fence_threads_memory`).
pub fn fence(controls: &[Fence]) -> Inst {
    let cs = controls.iter().map(|c| control(c.name(), None)).collect();
    inst(Opcode::Fence, None, cs, Vec::new())
}

/// `mdef(id)_out(outs)_in(ins)`: the start of a macro.
pub fn mdef(id: u32, outs: u32, ins: u32) -> Inst {
    inst(
        Opcode::Mdef,
        Some(id),
        vec![
            control("out", Some(outs.to_string())),
            control("in", Some(ins.to_string())),
        ],
        Vec::new(),
    )
}

/// `mcall(id) (outs...), (ins...)`: a macro call.
pub fn mcall(id: u32, outs: &[Dst], ins: &[Src]) -> Inst {
    let group = |items: Vec<Operand>| Operand {
        kind: OperandKind::Group(items),
        loc: Loc::default(),
    };
    inst(
        Opcode::Mcall,
        Some(id),
        Vec::new(),
        vec![
            group(outs.iter().map(|d| d.operand()).collect()),
            group(ins.iter().map(|s| s.operand()).collect()),
        ],
    )
}

/// Declarations.
pub mod dcl {
    use super::*;

    /// `dcl_cb cbN[slots]`.
    pub fn cb(n: u32, slots: u32) -> Inst {
        inst(
            Opcode::DclCb,
            None,
            Vec::new(),
            vec![Reg::cb(n, slots).operand(None, Vec::new())],
        )
    }

    /// `dcl_literal lN, 0x..., 0x..., 0x..., 0x...`.
    pub fn literal(n: u32, v: [u32; 4]) -> Inst {
        let mut ops = vec![Reg::l(n).operand(None, Vec::new())];
        ops.extend(v.iter().map(|&w| Operand {
            kind: OperandKind::Num(Number::Hex(u64::from(w))),
            loc: Loc::default(),
        }));
        inst(Opcode::DclLiteral, None, Vec::new(), ops)
    }

    /// A resource declaration without operands: `dcl_raw_uav_id(1)`,
    /// `dcl_arena_uav_id(0)`.
    pub fn resource<O: OpSpec>(_: O, id: u32) -> Inst {
        arity!(O, 0, 0);
        const {
            assert!(
                matches!(O::CLASS, Class::Decl) && matches!(O::NEEDS, Needs::Id),
                "not a resource declaration"
            )
        };
        let id = control("id", Some(id.to_string()));
        inst(O::OPCODE, None, vec![id], Vec::new())
    }

    /// A texture resource of an image whose format the kernel does not know:
    /// `dcl_resource_id(n)_type(2d)_fmtx(unknown)_fmty(unknown)_fmtz(unknown)_fmtw(unknown)`.
    pub fn texture(id: u32, ty: &str) -> Inst {
        let mut controls = vec![
            control("id", Some(id.to_string())),
            control("type", Some(ty.to_string())),
        ];
        for c in ["fmtx", "fmty", "fmtz", "fmtw"] {
            controls.push(control(c, Some("unknown".into())));
        }
        inst(Opcode::DclResource, None, controls, Vec::new())
    }

    /// A typed UAV (a write-only image): `dcl_uav_id(n)_type(2d)_fmtx(uint)`.
    pub fn typed_uav(id: u32, ty: &str) -> Inst {
        let controls = vec![
            control("id", Some(id.to_string())),
            control("type", Some(ty.to_string())),
            control("fmtx", Some("uint".into())),
        ];
        inst(Opcode::DclUav, None, controls, Vec::new())
    }

    /// `dcl_lds_id(id) bytes`.
    pub fn lds(id: u32, bytes: u32) -> Inst {
        inst(
            Opcode::DclLds,
            None,
            vec![control("id", Some(id.to_string()))],
            vec![num(i64::from(bytes))],
        )
    }

    /// `dcl_max_thread_per_group n`.
    pub fn max_thread_per_group(n: u32) -> Inst {
        inst(
            Opcode::DclMaxThreadPerGroup,
            None,
            Vec::new(),
            vec![num(i64::from(n))],
        )
    }

    /// `dcl_num_thread_per_group x, y, z`.
    pub fn num_thread_per_group(size: [u32; 3]) -> Inst {
        let ops = size.iter().map(|&v| num(i64::from(v))).collect();
        inst(Opcode::DclNumThreadPerGroup, None, Vec::new(), ops)
    }
}

impl From<Inst> for Line {
    fn from(i: Inst) -> Line {
        Line {
            kind: LineKind::Inst(i),
            comment: None,
            loc: Loc::default(),
        }
    }
}

impl Line {
    /// A whole-line comment `;text`.
    pub fn comment(text: impl Into<String>) -> Line {
        Line {
            kind: LineKind::Comment(text.into()),
            comment: None,
            loc: Loc::default(),
        }
    }

    /// A comment naming where the code after it came from in the OpenCL C source:
    /// `;@ file:line:col`. Kauai's compiler writes one wherever the source line changes,
    /// so that a fault in the emulator can name the line ([`read_source_line`]).
    pub fn source_line(file: &str, line: u32, col: u32) -> Line {
        Line::comment(format!("@ {file}:{line}:{col}"))
    }

    /// An instruction with a trailing comment: `func 1024 ; name` from `" name"`.
    pub fn commented(i: Inst, text: impl Into<String>) -> Line {
        Line {
            comment: Some(text.into()),
            ..Line::from(i)
        }
    }

    /// The `il_<stage>_<major>_<minor>` header.
    pub fn header(stage: Stage, major: u32, minor: u32) -> Line {
        Line {
            kind: LineKind::Header(Header {
                stage,
                major,
                minor,
            }),
            comment: None,
            loc: Loc::default(),
        }
    }

    /// Comment lines from text whose every line starts with `;` (a metadata block or a
    /// data segment as their `Display` prints them).
    pub fn comments(text: &str) -> impl Iterator<Item = Line> + '_ {
        text.lines().map(|l| {
            debug_assert!(l.starts_with(';'), "not a comment line: {l}");
            Line::comment(l.strip_prefix(';').unwrap_or(l))
        })
    }
}

/// The file, line and column of a comment [`Line::source_line`] wrote (the text after
/// its `;`).
pub fn read_source_line(comment: &str) -> Option<(&str, u32, u32)> {
    let rest = comment.strip_prefix("@ ")?;
    let mut parts = rest.rsplitn(3, ':');
    let col = parts.next()?.parse().ok()?;
    let line = parts.next()?.parse().ok()?;
    let file = parts.next()?;
    Some((file, line, col))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opcodes::op::*;

    #[test]
    fn source_lines_read_back() {
        let l = Line::source_line("dir:x/k.cl", 12, 3);
        let LineKind::Comment(text) = &l.kind else {
            panic!("not a comment")
        };
        assert_eq!(text, "@ dir:x/k.cl:12:3");
        assert_eq!(read_source_line(text), Some(("dir:x/k.cl", 12, 3)));
        assert_eq!(read_source_line(" Kernel arg setup: o"), None);
    }
    use kauai_diag::{Diagnostics, FileId};

    /// Relop and size controls read back as what the builder printed them from.
    #[test]
    fn controls_read_back() {
        let all = [
            (Relop::Eq, "eq"),
            (Relop::Ne, "ne"),
            (Relop::Gt, "gt"),
            (Relop::Ge, "ge"),
            (Relop::Lt, "lt"),
            (Relop::Le, "le"),
        ];
        for (r, text) in all {
            let i = cmp(Ifc, r, Reg::r(0).x(), Reg::r(1).x());
            assert_eq!(i.control("relop"), Some(text));
            assert_eq!(Relop::from_name(text), Some(r));
        }
        assert_eq!(Relop::from_name("gte"), None);
        for (z, text) in [(Size::Byte, "byte"), (Size::Short, "short")] {
            let i = mem(UavArenaLoad, 8, Reg::r(0).dst(Mask::X), [Reg::r(1).x()]).with_size(z);
            assert_eq!(i.control("size"), Some(text));
            assert_eq!(Size::from_name(text), Some(z));
        }
        assert_eq!(Size::from_name("word"), None);
    }

    /// What the builder makes prints as expected and parses back to itself.
    #[test]
    fn built_lines_print_and_parse_back() {
        let t = Reg::r(7);
        let lines: Vec<(Line, &str)> = vec![
            (Line::header(Stage::Cs, 2, 0), "il_cs_2_0"),
            (dcl::cb(0, 9).into(), "dcl_cb cb0[9]"),
            (
                dcl::literal(3, [1, 0xFFFF_FFFF, 0, 16]).into(),
                "dcl_literal l3, 0x00000001, 0xFFFFFFFF, 0x00000000, 0x00000010",
            ),
            (dcl::resource(DclRawUav, 1).into(), "dcl_raw_uav_id(1)"),
            (dcl::lds(1, 256).into(), "dcl_lds_id(1) 256"),
            (
                dcl::num_thread_per_group([64, 2, 1]).into(),
                "dcl_num_thread_per_group 64, 2, 1",
            ),
            (Line::commented(numbered(Func, 1024), " k"), "func 1024 ; k"),
            (
                alu(
                    Imad,
                    Reg::r(1).dst(Mask::X),
                    [
                        Reg::special(RegFile::AbsTidFlat).x(),
                        Reg::cb(0, 3).y(),
                        Reg::cb(0, 3).x(),
                    ],
                )
                .into(),
                "imad r1.x___, vAbsTidFlat.x, cb0[3].y, cb0[3].x",
            ),
            (
                alu(
                    CmovLogical,
                    t.dst(Mask::of(&[2, 3])),
                    [t.x(), Reg::l(0).swz(Swz::of(&[0, 1, 0, 1])), t.src()],
                )
                .into(),
                "cmov_logical r7.__zw, r7.x, l0.xyxy, r7",
            ),
            (
                alu(Add, t.dst(Mask::XY), [t.x().with(SrcMod::Neg), t.y()]).into(),
                "add r7.xy__, r7.x_neg, r7.y",
            ),
            (
                mem(UavRawStore, 1, Reg::mem(0).dst(Mask::X), [t.x(), t.y()]).into(),
                "uav_raw_store_id(1) mem0.x___, r7.x, r7.y",
            ),
            (
                mem(LdsLoad, 1, t.dst(Mask::X), [t.y()]).into(),
                "lds_load_id(1) r7.x___, r7.y",
            ),
            (
                dcl::texture(2, "2d").into(),
                "dcl_resource_id(2)_type(2d)_fmtx(unknown)_fmty(unknown)_fmtz(unknown)_fmtw(unknown)",
            ),
            (dcl::typed_uav(3, "3d").into(), "dcl_uav_id(3)_type(3d)_fmtx(uint)"),
            (
                image_read(Sample, 2, Some(1), t.whole(), t.src()).into(),
                "sample_resource(2)_sampler(1) r7, r7",
            ),
            (
                image_read(Load, 0, None, t.whole(), t.src()).into(),
                "load_resource(0) r7, r7",
            ),
            (cond(IfLogicalnz, t.x()).into(), "if_logicalnz r7.x"),
            (
                cmp(Breakc, Relop::Ge, t.x(), t.y()).into(),
                "breakc_relop(ge) r7.x, r7.y",
            ),
            (bare(Endif).into(), "endif"),
            (
                alu(Ftoi, t.dst(Mask::X), [t.y()])
                    .with_round(Round::PlusInf)
                    .into(),
                "ftoi_plus_inf r7.x___, r7.y",
            ),
            (
                fence(&[super::Fence::Threads, super::Fence::Lds]).into(),
                "fence_threads_lds",
            ),
            (mdef(500, 1, 2).into(), "mdef(500)_out(1)_in(2)"),
            (
                mcall(4, &[t.whole()], &[t.x(), Reg::macro_in(0).y()]).into(),
                "mcall(4) (r7), (r7.x, in0.y)",
            ),
            (Line::comment("ARGSTART:k"), ";ARGSTART:k"),
        ];
        assert_eq!(t.dst(Mask::of(&[1])).to_string(), "r7._y__");
        assert_eq!(
            Reg::cb(1, 2).swz(Swz::of(&[0, 0, 1, 1])).to_string(),
            "cb1[2].xxyy"
        );
        for (line, text) in lines {
            assert_eq!(line.to_string(), text);
            let mut d = Diagnostics::new();
            let p = crate::parse_str(text, FileId(0), &mut d);
            assert!(d.is_empty(), "{text}: {d:?}");
            assert_eq!(p.lines, vec![line], "{text}");
        }
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "`iadd` takes 1 destination(s) and 2..=2 source(s)")]
    fn a_wrong_operand_count_is_caught_where_it_is_built() {
        let _ = alu_dyn(Opcode::Iadd, Reg::r(1).dst(Mask::X), [Reg::r(2).x()]);
    }
}
