//! Instruction selection and the lowering of structured control flow for one function.
//!
//! Every IR value gets its own registers (IL registers are virtual; the shader compiler
//! allocates), numbered program-wide because IL functions share one register file: a
//! callee must not clobber its caller, and OpenCL has no recursion, so disjoint numbers
//! are enough. Constants are literals (`lN`), not registers.
//!
//! Values narrower than 32 bits live in a 32-bit component whose upper bits are
//! undefined; operations that look at those bits (division, right shifts, comparisons,
//! conversions) sign- or zero-extend their operands first. Booleans are masks (0 or all
//! ones), as IL comparisons produce them.
//!
//! Pointers are 32-bit byte addresses: global, constant and private pointers address
//! the global buffer behind the raw UAV (private memory is the emulated private ring,
//! `r1` holding the work-item's slot), local pointers address LDS on Evergreen and later
//! and the emulated local ring (`r2` the group's slot) on 7XX.

use std::collections::{BTreeSet, HashMap};

use kauai_ir::builtins::{self, name as bn, semantics, GroupBuiltin, GroupKind, GroupScope};
use kauai_ir::{
    AddrSpace, AtomicOp, BinaryOp, Block, Body, Const, ConstScalar, ConvOp, FloatCC, FuncId,
    Function, Inst, InstKind, IntCC, MathFn, Module, Rounding, Scalar, SecondaryMap, Type, UnaryOp,
    Value,
};

use kauai_amdil::build::{self as b, Mask, Reg, Src, Swz};
use kauai_amdil::opcodes::{op, OpSpec, Opcode};
use kauai_amdil::Line;
use kauai_amdil::RegFile;

use crate::il::{Emit, Lits, Shape, VLoc};
use crate::structurize::{self, Label, Stmt, StructError};

mod conv;
mod flow;
mod fmath;
mod image;
mod mem;
mod ops;
mod printf;
mod wide;
use crate::{GenError, TargetOptions};

/// The register holding the work-item's private-ring slot.
pub(crate) const R_PRIVATE: u32 = 1;
/// The register holding the group's local-ring slot (7XX).
pub(crate) const R_LOCAL: u32 = 2;
/// The register carrying a branch that leaves several constructs at once.
pub(crate) const R_PENDING: u32 = 3;
/// The first register for values.
pub(crate) const FIRST_REG: u32 = 4;
/// The raw UAV (docs/spec/amd-runtime-abi.md#constant-buffers-and-uavs: ordinary accesses use raw UAV 1).
pub(crate) const RAW_UAV: u32 = 1;
/// The arena UAV of Evergreen and later (docs/spec/amd-runtime-abi.md#constant-buffers-and-uavs: the arena is UAV 0).
pub(crate) const ARENA_UAV: u32 = 0;
/// The LDS resource id.
pub(crate) const LDS_ID: u32 = 1;

/// Intrinsic ids of the kauai library (`kauai_amdil::intrinsics`).
const INTR_CLZ: u32 = 1;
const INTR_ROTATE: u32 = 3;
const INTR_ADD_SAT: u32 = 4;

/// What the program generator knows about every function before any is translated.
pub(crate) struct Shared<'a> {
    pub m: &'a Module,
    pub opts: &'a TargetOptions,
    pub lits: Lits,
    pub next_reg: u32,
    /// IL function id of each defined function (a kernel's body, not its wrapper).
    pub ids: SecondaryMap<FuncId, u32>,
    /// Registers of each defined function's parameters and return value.
    pub params: SecondaryMap<FuncId, Vec<VLoc>>,
    pub rets: SecondaryMap<FuncId, Option<VLoc>>,
    /// Offset of every `alloca` in the private ring slot.
    pub allocas: HashMap<(FuncId, Inst), u32>,
    /// Offsets of `__local` globals (LDS or local ring) and of data-segment globals.
    pub local_off: SecondaryMap<kauai_ir::GlobalId, u32>,
    pub data_off: SecondaryMap<kauai_ir::GlobalId, u32>,
    /// The images and samplers of each kernel (constant samplers are added as the
    /// kernel's body is translated).
    pub images: HashMap<FuncId, crate::images::KernelImages>,
}

impl Shared<'_> {
    pub fn alloc(&mut self, n: usize) -> VLoc {
        let first = self.next_reg;
        self.next_reg += n.max(1) as u32;
        VLoc::regs((first..self.next_reg).collect())
    }

    pub fn r7xx(&self) -> bool {
        !self.opts.device.family.evergreen_or_later()
    }
}

/// What translating one function found out (for its metadata and its kernel's).
#[derive(Default, Debug, Clone)]
pub(crate) struct Facts {
    pub uses_lds: bool,
    pub uses_arena: bool,
    pub uses_data: bool,
    pub writes_global: bool,
    pub uses_doubles: bool,
    pub barriers: u32,
    pub callees: BTreeSet<FuncId>,
    pub intrinsics: BTreeSet<u32>,
    /// `;printf_fmt` entries of the printf calls in the function.
    pub printf: Vec<kauai_amdil::metadata::PrintfFmt>,
    /// Double math macros (`dmath`) the function calls.
    pub dmacros: BTreeSet<u32>,
}

pub(crate) struct FnGen<'s, 'a> {
    pub sh: &'s mut Shared<'a>,
    fid: FuncId,
    f: &'a Function,
    body: &'a Body,
    locs: SecondaryMap<Value, Option<VLoc>>,
    out: Vec<Line>,
    pub facts: Facts,
    frames: Vec<Frame>,
    pending: Vec<(Label, bool)>,
    depth: usize,
    /// The source location of the last `;@` comment written in this function.
    src: kauai_ir::SrcLoc,
}

#[derive(Clone, Debug)]
struct Frame {
    /// `None` for an `if` (transparent to `break`/`continue`).
    kind: Option<FrameKind>,
    brk: Option<Block>,
    cont: Option<Block>,
    /// Pending branches (codes) leaving through this construct.
    in_flight: Vec<u32>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum FrameKind {
    Loop,
    Switch,
}

type R<T = ()> = Result<T, GenError>;

fn unsupported<T>(what: impl Into<String>) -> R<T> {
    Err(GenError::Unsupported(what.into()))
}

fn lit_lane(elem: Scalar, c: ConstScalar) -> u64 {
    match (elem, c) {
        (Scalar::I1, ConstScalar::Int(v)) => {
            if v & 1 != 0 {
                u64::from(u32::MAX)
            } else {
                0
            }
        }
        (Scalar::F32, ConstScalar::Float(f)) => u64::from((f as f32).to_bits()),
        (Scalar::F64, ConstScalar::Float(f)) => f.to_bits(),
        // Rounded once, from the double, as the host rounds it.
        (Scalar::F16, ConstScalar::Float(f)) => u64::from(kauai_ir::half::f16_bits_from_f64(f)),
        (s, ConstScalar::Int(v)) => {
            if s.bits() >= 64 {
                v
            } else {
                v & ((1u64 << s.bits()) - 1)
            }
        }
        (_, ConstScalar::Float(f)) => f as i64 as u64,
    }
}

impl<'s, 'a> FnGen<'s, 'a> {
    pub fn new(sh: &'s mut Shared<'a>, fid: FuncId) -> R<FnGen<'s, 'a>> {
        let f = &sh.m.functions[fid];
        let Some(body) = f.body.as_ref() else {
            return Err(GenError::Invalid(format!("@{} has no body", f.name)));
        };
        let mut g = FnGen {
            sh,
            fid,
            f,
            body,
            locs: SecondaryMap::new(),
            out: Vec::new(),
            facts: Facts::default(),
            frames: Vec::new(),
            pending: Vec::new(),
            depth: 0,
            src: kauai_ir::SrcLoc::default(),
        };
        // The entry block's parameters live where callers put the arguments.
        if let Some(entry) = body.entry() {
            let params = g.sh.params[fid].clone();
            for (v, l) in body.blocks[entry].params.iter().zip(params) {
                g.locs[*v] = Some(l);
            }
        }
        Ok(g)
    }

    fn e(&mut self, x: impl Emit) {
        x.emit(&mut self.out);
    }

    /// A literal holding `v` in every component, as a `.x` source.
    fn lit(&mut self, v: u32) -> Src {
        self.sh.lits.splat(v)
    }

    /// A literal holding `v`, as a whole-register source.
    fn lit4(&mut self, v: [u32; 4]) -> Src {
        Reg::l(self.sh.lits.get(v)).src()
    }

    /// A fresh temporary register.
    fn tmp(&mut self) -> Reg {
        self.sh.alloc(1).r(0)
    }

    fn ty(&self, v: Value) -> Type {
        self.body.value_type(v)
    }

    fn shape(&self, v: Value) -> R<Shape> {
        Shape::of(self.ty(v))
    }

    /// The location of a value: its registers, or literals for a constant.
    fn loc(&mut self, v: Value) -> R<VLoc> {
        if let Some(l) = &self.locs[v] {
            return Ok(l.clone());
        }
        let ty = self.ty(v);
        let sh = Shape::of(ty)?;
        let l = match self.body.value_inst(v).map(|i| &self.body.insts[i].kind) {
            Some(InstKind::Const(c)) => self.const_loc(ty, sh, c)?,
            _ => self.sh.alloc(sh.chunks()),
        };
        self.locs[v] = Some(l.clone());
        Ok(l)
    }

    fn const_loc(&mut self, ty: Type, sh: Shape, c: &Const) -> R<VLoc> {
        let elem = ty.elem().unwrap_or(Scalar::I32);
        let lanes: Vec<u64> = match c {
            Const::Zero | Const::Undef => vec![0; sh.lanes],
            Const::Scalar(s) => vec![lit_lane(elem, *s); sh.lanes],
            Const::Vector(v) => v.iter().map(|s| lit_lane(elem, *s)).collect(),
        };
        let scalar = sh.lanes == 1;
        let mut nums = Vec::new();
        for ch in 0..sh.chunks() {
            let mut w = [0u32; 4];
            if scalar {
                let v = lanes.first().copied().unwrap_or(0);
                w = if sh.wide {
                    [v as u32, (v >> 32) as u32, v as u32, (v >> 32) as u32]
                } else {
                    [v as u32; 4]
                };
            } else {
                for k in 0..sh.chunk_lanes(ch) {
                    let v = lanes.get(ch * sh.per_chunk() + k).copied().unwrap_or(0);
                    if sh.wide {
                        w[2 * k] = v as u32;
                        w[2 * k + 1] = (v >> 32) as u32;
                    } else {
                        w[k] = v as u32;
                    }
                }
            }
            nums.push(self.sh.lits.get(w));
        }
        Ok(VLoc { lit: true, nums })
    }

    /// A constant operand's integer value, when it is one.
    fn const_int(&self, v: Value) -> Option<u64> {
        match self.body.value_inst(v).map(|i| &self.body.insts[i].kind) {
            Some(InstKind::Const(Const::Scalar(ConstScalar::Int(x)))) => Some(*x),
            Some(InstKind::Const(Const::Zero)) => Some(0),
            _ => None,
        }
    }

    /// Copy `src` to `dst` (same shape).
    fn copy(&mut self, dst: &VLoc, src: &VLoc, sh: Shape) {
        if dst == src {
            return;
        }
        for c in 0..sh.chunks() {
            let comps = sh.chunk_comps(c);
            self.e(b::alu(op::Mov, dst.d(c, &comps), [src.r(c).src()]));
        }
    }

    /// Sign- or zero-extended copy of a narrow integer value (upper bits defined).
    fn ext(&mut self, v: &VLoc, sh: Shape, signed: bool) -> VLoc {
        if sh.bits >= 32 || sh.bits == 1 || sh.float {
            return v.clone();
        }
        let bits = sh.bits;
        let fix = |x: u32| -> u32 {
            let m = (1u32 << bits) - 1;
            if signed {
                (((x & m) << (32 - bits)) as i32 >> (32 - bits)) as u32
            } else {
                x & m
            }
        };
        if v.lit {
            let nums = v
                .nums
                .iter()
                .map(|n| {
                    let w = self.sh.lits.value(*n);
                    self.sh.lits.get(w.map(fix))
                })
                .collect();
            return VLoc { lit: true, nums };
        }
        let t = self.sh.alloc(sh.chunks());
        for c in 0..sh.chunks() {
            let comps = sh.chunk_comps(c);
            if signed {
                let w = self.lit(bits);
                let z = self.lit(0);
                self.e(b::alu(
                    op::IbitExtract,
                    t.d(c, &comps),
                    [w, z, v.r(c).src()],
                ));
            } else {
                let m = self.lit((1u32 << bits) - 1);
                self.e(b::alu(op::Iand, t.d(c, &comps), [v.r(c).src(), m]));
            }
        }
        t
    }

    /// One instruction per chunk over lane-aligned operands.
    /// The operand count is checked when this is compiled.
    fn lanewise<O: OpSpec, const N: usize>(
        &mut self,
        o: O,
        d: &VLoc,
        srcs: &[&VLoc; N],
        sh: Shape,
    ) {
        for c in 0..sh.chunks() {
            let comps = sh.chunk_comps(c);
            self.e(b::alu(o, d.d(c, &comps), srcs.map(|x| x.r(c).src())));
        }
    }

    /// [`Self::lanewise`] for an opcode chosen at run time.
    fn lanewise_dyn(&mut self, op: Opcode, d: &VLoc, srcs: &[&VLoc], sh: Shape) {
        for c in 0..sh.chunks() {
            let comps = sh.chunk_comps(c);
            let srcs = srcs.iter().map(|x| x.r(c).src());
            self.e(b::alu_dyn(op, d.d(c, &comps), srcs));
        }
    }

    /// One instruction per 64-bit lane (IL's 64-bit instructions read `.xy`).
    fn pairwise<O: OpSpec, const N: usize>(
        &mut self,
        o: O,
        d: &VLoc,
        srcs: &[&VLoc; N],
        sh: Shape,
    ) {
        for i in 0..sh.lanes {
            let (c, k) = sh.lane(i);
            self.e(b::alu(o, d.d(c, &[k, k + 1]), srcs.map(|x| x.lane(sh, i))));
        }
    }

    /// [`Self::pairwise`] for an opcode chosen at run time.
    fn pairwise_dyn(&mut self, op: Opcode, d: &VLoc, srcs: &[&VLoc], sh: Shape) {
        for i in 0..sh.lanes {
            let (c, k) = sh.lane(i);
            let srcs = srcs.iter().map(|x| x.lane(sh, i));
            self.e(b::alu_dyn(op, d.d(c, &[k, k + 1]), srcs));
        }
    }

    // ----------------------------------------------------------------------------------
    // Instructions

    pub fn inst(&mut self, i: Inst) -> R {
        self.note_source_line(i);
        let data = &self.body.insts[i];
        let res = data.result;
        let kind = data.kind.clone();
        let d = match res {
            Some(r) => Some(self.loc(r)?),
            None => None,
        };
        let dd = || {
            d.clone()
                .ok_or_else(|| GenError::Invalid("missing result".into()))
        };
        match &kind {
            InstKind::Const(_) => {}
            InstKind::Unary(op, a) => self.unary(*op, *a, &dd()?)?,
            InstKind::Binary(op, a, b) => self.binary(*op, *a, *b, &dd()?)?,
            InstKind::Icmp(cc, a, b) => self.icmp(*cc, *a, *b, &dd()?)?,
            InstKind::Fcmp(cc, a, b) => self.fcmp(*cc, *a, *b, &dd()?)?,
            InstKind::Select(c, a, b) => self.select(*c, *a, *b, &dd()?)?,
            InstKind::Convert {
                op,
                arg,
                rounding,
                saturate,
            } => {
                let r = res.ok_or_else(|| GenError::Invalid("convert without result".into()))?;
                self.convert(*op, *arg, *rounding, *saturate, r, &dd()?)?
            }
            InstKind::Math(f, args) => self.math(*f, args, &dd()?)?,
            InstKind::Extract(v, lane) => {
                let sh = self.shape(*v)?;
                let s = self.loc(*v)?;
                let d = dd()?;
                self.extract_lane(&d, &s, sh, *lane as usize);
            }
            InstKind::Insert(v, x, lane) => {
                let sh = self.shape(*v)?;
                let s = self.loc(*v)?;
                let xs = self.loc(*x)?;
                let d = dd()?;
                self.copy(&d, &s, sh);
                let (c, k) = sh.lane(*lane as usize);
                let comps: Vec<usize> = if sh.wide { vec![k, k + 1] } else { vec![k] };
                let src = if sh.wide {
                    xs.s(0, &[0, 1, 0, 1])
                } else {
                    xs.s(0, &[0])
                };
                self.e(b::alu(op::Mov, d.d(c, &comps), [src]));
            }
            InstKind::Shuffle(a, b, idx) => self.shuffle(*a, *b, idx, &dd()?, res)?,
            InstKind::Splat(s) => {
                let r = res.ok_or_else(|| GenError::Invalid("splat without result".into()))?;
                let sh = self.shape(r)?;
                let x = self.loc(*s)?;
                let d = dd()?;
                let src = if sh.wide {
                    x.s(0, &[0, 1, 0, 1])
                } else {
                    x.s(0, &[0])
                };
                for c in 0..sh.chunks() {
                    let comps = sh.chunk_comps(c);
                    self.e(b::alu(op::Mov, d.d(c, &comps), [src]));
                }
            }
            InstKind::ExtractDyn(v, idx) => {
                let sh = self.shape(*v)?;
                let s = self.loc(*v)?;
                let ix = self.loc(*idx)?;
                let d = dd()?;
                self.extract_lane(&d, &s, sh, 0);
                for k in 1..sh.lanes {
                    let t = self.tmp();
                    let kl = self.lit(k as u32);
                    self.e(b::alu(op::Ieq, t.dst(Mask::X), [ix.s(0, &[0]), kl]));
                    let comps: Vec<usize> = if sh.wide { vec![0, 1] } else { vec![0] };
                    let src = s.lane(sh, k);
                    let cur = if sh.wide {
                        d.s(0, &[0, 1, 0, 1])
                    } else {
                        d.s(0, &[0])
                    };
                    self.e(b::alu(op::CmovLogical, d.d(0, &comps), [t.x(), src, cur]));
                }
            }
            InstKind::Load { ptr, align, .. } => {
                let r = res.ok_or_else(|| GenError::Invalid("load without result".into()))?;
                self.load(*ptr, *align, r, &dd()?)?
            }
            InstKind::Store {
                ptr, value, align, ..
            } => self.store(*ptr, *value, *align)?,
            InstKind::AtomicRmw { op, ptr, value, .. } => {
                self.atomic(Some(*op), *ptr, *value, None, &dd()?)?
            }
            InstKind::CmpXchg {
                ptr, expected, new, ..
            } => self.atomic(None, *ptr, *new, Some(*expected), &dd()?)?,
            InstKind::Fence { semantics, .. } => {
                let f = self.fence(false, Some(*semantics));
                self.e(f);
            }
            InstKind::PtrAdd(p, off) => {
                let p = self.loc(*p)?;
                let o = self.checked_offset(*off)?;
                let d = dd()?;
                self.e(b::alu(op::Iadd, d.d(0, &[0]), [p.s(0, &[0]), o]));
            }
            InstKind::Alloca { .. } => {
                let off = *self.sh.allocas.get(&(self.fid, i)).ok_or_else(|| {
                    GenError::Invalid("an alloca without a private frame slot".into())
                })?;
                let d = dd()?;
                let o = self.lit(off);
                self.e(b::alu(op::Iadd, d.d(0, &[0]), [Reg::r(R_PRIVATE).x(), o]));
            }
            InstKind::GlobalAddr(g) => self.global_addr(*g, &dd()?)?,
            InstKind::Call(callee, args) => self.call(*callee, args, res)?,
            InstKind::Jump(_)
            | InstKind::Brif(..)
            | InstKind::Switch { .. }
            | InstKind::Return(_)
            | InstKind::Unreachable => {}
        }
        Ok(())
    }

    /// A `;@ file:line:col` comment before the code of `i` when its source location
    /// differs from the last one written, so that the emulator's faults can name it.
    fn note_source_line(&mut self, i: Inst) {
        let loc = self.body.locs[i];
        if !loc.is_known() || loc == self.src {
            return;
        }
        self.src = loc;
        let Some(file) = self.sh.m.source_files.get(loc.file as usize) else {
            return;
        };
        // A location no code followed is replaced, not kept.
        let last_is_loc = self.out.last().is_some_and(|l| {
            matches!(&l.kind, kauai_amdil::LineKind::Comment(t) if kauai_amdil::build::read_source_line(t).is_some())
        });
        if last_is_loc {
            self.out.pop();
        }
        self.out.push(Line::source_line(file, loc.line, loc.col));
    }

    fn extract_lane(&mut self, d: &VLoc, s: &VLoc, sh: Shape, lane: usize) {
        let (c, k) = sh.lane(lane);
        if sh.wide {
            self.e(b::alu(op::Mov, d.d(0, &[0, 1]), [s.s(c, &[k, k + 1])]));
        } else {
            self.e(b::alu(op::Mov, d.d(0, &[0]), [s.s(c, &[k])]));
        }
    }

    fn unary(&mut self, op: UnaryOp, a: Value, d: &VLoc) -> R {
        let sh = self.shape(a)?;
        let x = self.loc(a)?;
        if sh.float && sh.bits == 16 {
            return unsupported(format!("`{}` on half values", op.name()));
        }
        match op {
            UnaryOp::Ineg if sh.wide => self.pairwise(op::I64negate, d, &[&x], sh),
            UnaryOp::Ineg => self.lanewise(op::Inegate, d, &[&x], sh),
            UnaryOp::Not => self.lanewise(op::Inot, d, &[&x], sh),
            UnaryOp::Iabs if sh.wide => {
                let t = self.sh.alloc(sh.chunks());
                self.pairwise(op::I64negate, &t, &[&x], sh);
                self.pairwise(op::I64max, d, &[&x, &t], sh);
            }
            UnaryOp::Iabs => {
                let xs = self.ext(&x, sh, true);
                let t = self.sh.alloc(sh.chunks());
                self.lanewise(op::Inegate, &t, &[&xs], sh);
                self.lanewise(op::Imax, d, &[&xs, &t], sh);
            }
            UnaryOp::Clz | UnaryOp::Ctz | UnaryOp::Popcount => self.bitcount(op, &x, sh, d)?,
            UnaryOp::Fneg | UnaryOp::Fabs => {
                let (m, inst) = match (op, sh.wide) {
                    (UnaryOp::Fneg, false) => ([0x8000_0000u32; 4], Opcode::Ixor),
                    (UnaryOp::Fneg, true) => ([0, 0x8000_0000, 0, 0x8000_0000], Opcode::Ixor),
                    (_, false) => ([0x7FFF_FFFF; 4], Opcode::Iand),
                    (_, true) => ([u32::MAX, 0x7FFF_FFFF, u32::MAX, 0x7FFF_FFFF], Opcode::Iand),
                };
                let l = self.lit4(m);
                let lv = VLoc {
                    lit: true,
                    nums: vec![self.sh.lits.get(m); sh.chunks()],
                };
                let _ = l;
                self.lanewise_dyn(inst, d, &[&x, &lv], sh);
            }
            UnaryOp::Sqrt if sh.wide => {
                self.facts.uses_doubles = true;
                self.pairwise(op::Dsqrt, d, &[&x], sh)
            }
            UnaryOp::Sqrt => self.lanewise(op::SqrtVec, d, &[&x], sh),
            UnaryOp::Floor | UnaryOp::Ceil | UnaryOp::Trunc | UnaryOp::Rint | UnaryOp::Round
                if sh.wide =>
            {
                self.facts.uses_doubles = true;
                self.double_round(op, &x, sh, d)?
            }
            UnaryOp::Floor => self.lanewise(op::Flr, d, &[&x], sh),
            UnaryOp::Ceil => self.lanewise(op::RoundPlusinf, d, &[&x], sh),
            UnaryOp::Trunc => self.lanewise(op::RoundZ, d, &[&x], sh),
            UnaryOp::Rint => self.lanewise(op::RoundNearest, d, &[&x], sh),
            UnaryOp::Round => {
                // trunc(x), plus sign(x) when |x - trunc(x)| >= 0.5 (exact).
                let t = self.sh.alloc(sh.chunks());
                let f = self.sh.alloc(sh.chunks());
                let s = self.sh.alloc(sh.chunks());
                let half = self.lit_chunks([0x3F00_0000; 4], sh);
                let abs = self.lit_chunks([0x7FFF_FFFF; 4], sh);
                let one = self.lit_chunks([0x3F80_0000; 4], sh);
                let sign = self.lit_chunks([0x8000_0000; 4], sh);
                self.lanewise(op::RoundZ, &t, &[&x], sh);
                self.lanewise(op::Sub, &f, &[&x, &t], sh);
                self.lanewise(op::Iand, &f, &[&f, &abs], sh);
                self.lanewise(op::Ge, &f, &[&f, &half], sh);
                self.lanewise(op::Bfi, &s, &[&abs, &one, &x], sh);
                self.lanewise(op::Add, &s, &[&t, &s], sh);
                // Keep trunc(x) itself (and its sign, -0.0 included) when not adjusting.
                self.lanewise(op::CmovLogical, d, &[&f, &s, &t], sh);
                let _ = sign;
            }
        }
        Ok(())
    }

    /// A literal location holding `v` in every chunk of shape `sh`.
    fn lit_chunks(&mut self, v: [u32; 4], sh: Shape) -> VLoc {
        let n = self.sh.lits.get(v);
        VLoc {
            lit: true,
            nums: vec![n; sh.chunks()],
        }
    }

    fn double_round(&mut self, op: UnaryOp, x: &VLoc, sh: Shape, d: &VLoc) -> R {
        // floor(x) = x - frac(x), where IL's dfrac is x - floor(x).
        let neg = self.lit_chunks([0, 0x8000_0000, 0, 0x8000_0000], sh);
        let floor = |g: &mut Self, src: &VLoc, dst: &VLoc| {
            let t = g.sh.alloc(sh.chunks());
            g.pairwise(op::Dfrac, &t, &[src], sh);
            g.lanewise(op::Ixor, &t, &[&t, &neg], sh);
            g.pairwise(op::Dadd, dst, &[src, &t], sh);
        };
        match op {
            UnaryOp::Floor => floor(self, x, d),
            UnaryOp::Ceil => {
                let n = self.sh.alloc(sh.chunks());
                self.lanewise(op::Ixor, &n, &[x, &neg], sh);
                let f = self.sh.alloc(sh.chunks());
                floor(self, &n, &f);
                self.lanewise(op::Ixor, d, &[&f, &neg], sh);
            }
            _ => {
                // trunc: floor(|x|) with x's sign; rint and round adjust from there.
                let abs = self.lit_chunks([u32::MAX, 0x7FFF_FFFF, u32::MAX, 0x7FFF_FFFF], sh);
                let sign = self.lit_chunks([0, 0x8000_0000, 0, 0x8000_0000], sh);
                let a = self.sh.alloc(sh.chunks());
                self.lanewise(op::Iand, &a, &[x, &abs], sh);
                let t = self.sh.alloc(sh.chunks());
                floor(self, &a, &t);
                if op != UnaryOp::Trunc {
                    // frac = |x| - trunc(|x|) in [0, 1): round up when frac > 0.5, or
                    // == 0.5 and (round: always; rint: when trunc is odd).
                    let f = self.sh.alloc(sh.chunks());
                    self.lanewise(op::Ixor, &f, &[&t, &neg], sh);
                    self.pairwise(op::Dadd, &f, &[&a, &f], sh);
                    let half = self.lit_chunks([0, 0x3FE0_0000, 0, 0x3FE0_0000], sh);
                    let one = self.lit_chunks([0, 0x3FF0_0000, 0, 0x3FF0_0000], sh);
                    let up = self.sh.alloc(sh.chunks());
                    let t1 = self.sh.alloc(sh.chunks());
                    self.pairwise(op::Dadd, &t1, &[&t, &one], sh);
                    for i in 0..sh.lanes {
                        let (c, k) = sh.lane(i);
                        let ul = up.s(c, &[k]);
                        let gt = self.tmp();
                        let eqr = self.tmp();
                        self.e(b::alu(
                            op::Dlt,
                            gt.dst(Mask::X),
                            [half.lane(sh, i), f.lane(sh, i)],
                        ));
                        self.e(b::alu(
                            op::Deq,
                            eqr.dst(Mask::X),
                            [f.lane(sh, i), half.lane(sh, i)],
                        ));
                        if op == UnaryOp::Rint {
                            // trunc is odd when trunc/2 has a fraction.
                            let h = self.tmp();
                            let hl = self.lit4([0, 0x3FE0_0000, 0, 0x3FE0_0000]);
                            self.e(b::alu(op::Dmul, h.dst(Mask::XY), [t.lane(sh, i), hl]));
                            self.e(b::alu(op::Dfrac, h.dst(Mask::XY), [h.src()]));
                            let z = self.lit4([0; 4]);
                            self.e(b::alu(op::Dne, h.dst(Mask::X), [h.src(), z]));
                            self.e(b::alu(op::Iand, eqr.dst(Mask::X), [eqr.x(), h.x()]));
                        }
                        self.e(b::alu(op::Ior, up.d(c, &[k]), [gt.x(), eqr.x()]));
                        let dst = t.d(c, &[k, k + 1]);
                        self.e(b::alu(
                            op::CmovLogical,
                            dst,
                            [up.s(c, &[k, k, k, k]), t1.lane(sh, i), t.lane(sh, i)],
                        ));
                        let _ = ul;
                    }
                }
                // Put the sign back (-0.0 for negative inputs that round to zero).
                let s = self.sh.alloc(sh.chunks());
                self.lanewise(op::Iand, &s, &[x, &sign], sh);
                self.lanewise(op::Ior, d, &[&t, &s], sh);
            }
        }
        // +-inf are their own floor, ceil, trunc, rint and round (x - frac(x) is NaN
        // there; found by kauai-runtime's math sweep).
        let abs = self.lit_chunks([u32::MAX, 0x7FFF_FFFF, u32::MAX, 0x7FFF_FFFF], sh);
        let inf = self.lit_chunks([0, 0x7FF0_0000, 0, 0x7FF0_0000], sh);
        let a = self.sh.alloc(sh.chunks());
        self.lanewise(op::Iand, &a, &[x, &abs], sh);
        let m = self.sh.alloc(sh.chunks());
        for i in 0..sh.lanes {
            let (c, k) = sh.lane(i);
            self.e(b::alu(
                op::Deq,
                m.d(c, &[k]),
                [a.lane(sh, i), inf.lane(sh, i)],
            ));
            self.e(b::alu(
                op::CmovLogical,
                d.d(c, &[k, k + 1]),
                [m.s(c, &[k, k, k, k]), x.lane(sh, i), d.lane(sh, i)],
            ));
        }
        Ok(())
    }
}
