//! Lowering of a linked IL program to a flat list of [`Op`]s with resolved jump targets.
//! Structured flow control becomes jumps once, here, so that execution is a simple loop.

use std::collections::HashMap;

use kauai_amdil::build::{self, Relop};
use kauai_amdil::opcodes::{Class, Opcode};
use kauai_amdil::{Inst, LineKind, Number, OperandKind, Program, RegFile, RegOperand};

/// Where a source or destination lives.
#[derive(Clone, Debug)]
pub enum Loc {
    Temp(usize),
    Lit(usize),
    Cb {
        buf: u32,
        index: Idx,
    },
    X {
        arr: u32,
        index: Idx,
    },
    G {
        index: Idx,
    },
    Mem,
    Special(RegFile),
    /// `0`/`1` for unused macro inputs and the like are not modelled; kept for errors.
    Unsupported(String),
}

/// `[base.c + offset]`.
#[derive(Clone, Debug)]
pub struct Idx {
    pub base: Option<(IdxBase, u8)>,
    pub offset: i64,
}

#[derive(Clone, Debug)]
pub enum IdxBase {
    Temp(usize),
    Lit(usize),
}

/// A source operand: where, which component feeds each lane (0-3, 4 = 0.0, 5 = 1.0),
/// and modifiers.
#[derive(Clone, Debug)]
pub struct Src {
    pub loc: Loc,
    pub swz: [u8; 4],
    /// Per lane: `x & and ^ xor` applies `_abs` (clear the sign) then `_neg` (flip it).
    pub and: [u32; 4],
    pub xor: [u32; 4],
    /// `.xyzw` with no modifier: the register as it is.
    pub plain: bool,
    /// Only a swizzle of the four components (no 0/1 selects, no modifier): the fast
    /// path of the interpreter.
    pub swizzle_only: bool,
    /// On integer instructions `_neg` and `_abs` are integer negation and absolute value
    /// (observed behaviour of the AMD IL compiler), not sign-bit operations.
    pub int: Option<IntMods>,
    /// The float-only source modifiers, applied after the swizzle and before `_abs` and
    /// `_neg`.
    pub float: Option<Box<FloatMods>>,
}

/// `_invert`, `_bias`, `_x2` (`_bx2` is `_bias` then `_x2`), `_sign` and `_divComp`, in
/// the order the IL specification applies them (table 2.10, as `libcg/grvk`'s
/// IL compiler cites it): swizzle, invert, bias, x2, sign, divComp, abs, neg. Their
/// meanings are the Direct3D pixel-shader source modifiers IL inherits: invert `1 - x`,
/// bias `x - 0.5`, x2 `2x`; sign is the sign, -1.0, 0.0 or 1.0 (docs/spec/amd-il.md#swizzles-masks-and-modifiers:
/// NaN gives 0.0); divComp(y|z|w) is the projective divide: the components
/// before the named one are divided by it (`y`: x/y; `z`: x/z, y/z; `w`: x/w, y/w, z/w).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FloatMods {
    pub invert: bool,
    pub bias: bool,
    pub x2: bool,
    pub sign: bool,
    /// The component divided by (1 = y, 2 = z, 3 = w).
    pub div_comp: Option<usize>,
}

impl FloatMods {
    pub fn apply(&self, v: &mut [u32; 4]) {
        let mut f = v.map(f32::from_bits);
        for x in &mut f {
            if self.invert {
                *x = 1.0 - *x;
            }
            if self.bias {
                *x -= 0.5;
            }
            if self.x2 {
                *x *= 2.0;
            }
            if self.sign {
                *x = if *x > 0.0 {
                    1.0
                } else if *x < 0.0 {
                    -1.0
                } else {
                    0.0
                };
            }
        }
        if let Some(c) = self.div_comp {
            let d = f[c & 3];
            for x in f.iter_mut().take(c & 3) {
                *x /= d;
            }
        }
        *v = f.map(f32::to_bits);
    }
}

#[derive(Clone, Debug)]
pub struct IntMods {
    pub abs: bool,
    pub neg: [bool; 4],
}

impl Src {
    pub fn new(loc: Loc, swz: [u8; 4], abs: bool, neg: [bool; 4]) -> Src {
        let and = [if abs { 0x7FFF_FFFF } else { u32::MAX }; 4];
        let xor = neg.map(|n| if n { 0x8000_0000 } else { 0 });
        let mut s = Src {
            loc,
            swz,
            and,
            xor,
            plain: false,
            swizzle_only: false,
            int: None,
            float: None,
        };
        s.classify();
        s
    }

    /// Set `plain` and `swizzle_only` from the modifiers and the swizzle.
    pub fn classify(&mut self) {
        let unmodified = self.and == [u32::MAX; 4]
            && self.xor == [0; 4]
            && self.int.is_none()
            && self.float.is_none();
        self.plain = unmodified && self.swz == [0, 1, 2, 3];
        self.swizzle_only = unmodified && self.swz.iter().all(|&c| c < 4);
    }

    /// Re-interpret `_neg`/`_abs` as integer operations.
    fn integer(mut self) -> Src {
        let abs = self.and[0] != u32::MAX;
        let neg = self.xor.map(|x| x != 0);
        if abs || neg.contains(&true) {
            self.and = [u32::MAX; 4];
            self.xor = [0; 4];
            self.int = Some(IntMods { abs, neg });
            self.classify();
        }
        self
    }
}

/// A destination: where, and for each component what to write (lane of the result, or a
/// constant 0.0/1.0).
#[derive(Clone, Debug)]
pub struct Dst {
    pub loc: Loc,
    pub plan: [Write; 4],
    pub sat: bool,
    pub scale: f32,
    /// A temporary written lane for lane with no constant and no modifier: which lanes
    /// (the fast path of the interpreter).
    pub lanes: Option<[bool; 4]>,
}

impl Dst {
    pub fn new(loc: Loc, plan: [Write; 4], sat: bool, scale: f32) -> Dst {
        let direct = plan
            .iter()
            .enumerate()
            .all(|(k, w)| matches!(w, Write::Skip) || *w == Write::Lane(k as u8));
        let lanes = (matches!(loc, Loc::Temp(_)) && !sat && scale == 1.0 && direct)
            .then(|| plan.map(|w| w != Write::Skip));
        Dst {
            loc,
            plan,
            sat,
            scale,
            lanes,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Write {
    Skip,
    Lane(u8),
    Zero,
    One,
}

#[derive(Clone, Debug)]
pub enum Cond {
    Nz(Src),
    Z(Src),
    /// Float comparison; `negate` inverts the result.
    Rel(Relop, Src, Src, bool),
}

#[derive(Clone, Debug)]
pub enum OpKind {
    /// Any data instruction: ALU, conversion, memory, atomics.
    Data {
        op: Opcode,
        dst: Option<Dst>,
        src: Vec<Src>,
        /// The semantics, resolved once; `None` for memory ops and for ALU ops whose
        /// controls change the result (rounding modes, `div_zeroop`).
        alu: Option<crate::alu::AluFn>,
    },
    /// The common case of [`OpKind::Data`], decoded for speed: an ALU instruction whose
    /// sources are temporaries or literals read through a plain swizzle and whose
    /// destination is a temporary written through a plain mask.
    Fast {
        f: crate::alu::AluFn,
        dst: usize,
        /// All-ones for each written lane, zero for the others.
        lanes: [u32; 4],
        srcs: [FastSrc; 4],
        n: u8,
    },
    /// `JumpIf` on `Nz`/`Z` of one lane of a temporary (loop breaks, `if_logical*`).
    FastJump {
        reg: usize,
        lane: u8,
        /// Jump when the lane is nonzero (else when it is zero).
        nonzero: bool,
        target: usize,
    },
    Jump(usize),
    /// Jump when the condition holds.
    JumpIf(Cond, usize),
    Switch {
        src: Src,
        cases: Vec<(u32, usize)>,
        default: usize,
    },
    Call(u32, Option<Cond>),
    /// `mcall(N)`: the arguments were copied by the preceding ops.
    CallMacro(u32),
    Ret(Option<Cond>),
    Barrier,
    Nop,
    Halt,
}

/// A source of [`OpKind::Fast`]: temporary or literal `index`, and the lane feeding
/// each component.
#[derive(Copy, Clone, Debug, Default)]
pub struct FastSrc {
    pub literal: bool,
    pub index: usize,
    pub swz: [u8; 4],
    pub shape: Shape,
}

/// How a fast source's swizzle moves lanes.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Shape {
    /// `.xyzw`.
    #[default]
    Identity,
    /// One lane everywhere (`.x`, `.yyyy`).
    Replicate,
    Swizzle,
}

fn shape(swz: [u8; 4]) -> Shape {
    if swz == [0, 1, 2, 3] {
        Shape::Identity
    } else if swz.iter().all(|&c| c == swz[0]) {
        Shape::Replicate
    } else {
        Shape::Swizzle
    }
}

impl OpKind {
    /// The fast form of a data op, when it has one.
    fn fast(&self) -> Option<OpKind> {
        if let OpKind::JumpIf(c @ (Cond::Nz(s) | Cond::Z(s)), target) = self {
            return match s.loc {
                Loc::Temp(reg) if s.swizzle_only => Some(OpKind::FastJump {
                    reg,
                    lane: s.swz[0],
                    nonzero: matches!(c, Cond::Nz(_)),
                    target: *target,
                }),
                _ => None,
            };
        }
        let OpKind::Data {
            dst: Some(d),
            src,
            alu: Some(f),
            ..
        } = self
        else {
            return None;
        };
        let (Loc::Temp(dst), Some(lanes)) = (&d.loc, d.lanes) else {
            return None;
        };
        if src.len() > 4 {
            return None;
        }
        let mut srcs = [FastSrc::default(); 4];
        for (k, s) in src.iter().enumerate() {
            if !s.swizzle_only {
                return None;
            }
            srcs[k] = match s.loc {
                Loc::Temp(i) => FastSrc {
                    literal: false,
                    index: i,
                    swz: s.swz,
                    shape: shape(s.swz),
                },
                Loc::Lit(i) => FastSrc {
                    literal: true,
                    index: i,
                    swz: s.swz,
                    shape: shape(s.swz),
                },
                _ => return None,
            };
        }
        Some(OpKind::Fast {
            f: *f,
            dst: *dst,
            lanes: lanes.map(|on| if on { u32::MAX } else { 0 }),
            srcs,
            n: src.len() as u8,
        })
    }
}

#[derive(Clone, Debug)]
pub struct Op {
    pub kind: OpKind,
    /// The instruction, for fault messages.
    pub inst: Option<Inst>,
}

/// A program ready to execute.
#[derive(Clone, Debug, Default)]
pub struct Compiled {
    pub ops: Vec<Op>,
    pub funcs: HashMap<u32, usize>,
    pub macros: HashMap<u32, usize>,
    /// Number of distinct `r` registers (dense indices).
    pub temps: usize,
    pub literals: Vec<[u32; 4]>,
    /// `x` arrays: number -> size in vec4.
    pub xarrays: HashMap<u32, u32>,
    /// LDS declarations: id -> bytes.
    pub lds: HashMap<u32, u32>,
    /// Struct LDS declarations (`dcl_struct_lds_id(n) stride, count`): id -> stride.
    pub lds_stride: HashMap<u32, u32>,
    /// Typed UAV declarations (`dcl_uav_id(n)_type(t)_fmtx(f)`): id -> (coordinates, f).
    pub typed_uavs: HashMap<u32, (usize, String)>,
    pub gds: HashMap<u32, u32>,
    pub cb_sizes: HashMap<u32, u32>,
    pub threads_per_group: Option<[u32; 3]>,
    /// Any double-precision instruction (needs an fp64 device).
    pub uses_doubles: bool,
    /// Any append-counter instruction (needs a device with counters).
    pub uses_counters: bool,
    /// `dcl_max_thread_per_group N`.
    pub max_threads_per_group: Option<u32>,
}

enum Frame {
    If {
        jump: usize,
        else_jump: Option<usize>,
    },
    Loop {
        start: usize,
        breaks: Vec<usize>,
    },
    Switch {
        at: usize,
        breaks: Vec<usize>,
        cases: Vec<(u32, usize)>,
        default: Option<usize>,
    },
}

pub fn compile(p: &Program) -> Result<Compiled, String> {
    let mut c = Compiled::default();
    let temps: std::cell::RefCell<Temps> = Default::default();
    let mut lits: HashMap<u32, usize> = HashMap::new();
    // Literals first: they may be declared anywhere.
    for l in &p.lines {
        if let LineKind::Inst(i) = &l.kind {
            if i.op == Opcode::DclLiteral {
                let n = match i.operands.first().map(|o| &o.kind) {
                    Some(OperandKind::Reg(r)) => r.num.unwrap_or(0),
                    _ => return Err("malformed dcl_literal".into()),
                };
                let mut v = [0u32; 4];
                for (k, o) in i.operands.iter().skip(1).take(4).enumerate() {
                    if let OperandKind::Num(num) = &o.kind {
                        v[k] = num.bits32();
                    }
                }
                let idx = *lits.entry(n).or_insert_with(|| {
                    c.literals.push([0; 4]);
                    c.literals.len() - 1
                });
                c.literals[idx] = v;
            }
        }
    }
    let mut stack: Vec<Frame> = Vec::new();
    for l in &p.lines {
        let LineKind::Inst(i) = &l.kind else { continue };
        let op = i.op;
        let at = c.ops.len();
        let push = |c: &mut Compiled, kind: OpKind| {
            c.ops.push(Op {
                kind,
                inst: Some(i.clone()),
            })
        };
        let src = |k: usize, c: &mut Compiled| -> Result<Src, String> {
            match i.operands.get(k).map(|o| &o.kind) {
                Some(OperandKind::Reg(r)) => lower_src(r, &mut temps.borrow_mut(), &lits, c),
                _ => Err(format!("`{i}`: operand {} is not a register", k + 1)),
            }
        };
        match i.op.class {
            Class::Decl => {
                decl(i, &mut c)?;
                continue;
            }
            Class::Flow | Class::Func | Class::Fence => {}
            Class::Macro => {
                macro_op(i, &mut c, &mut temps.borrow_mut(), &lits)?;
                continue;
            }
            Class::Graphics => {
                return Err(format!("not supported yet: graphics instruction `{i}`"))
            }
            _ => {
                let n_dst = i.op.dst as usize;
                let dst = if n_dst == 1 {
                    match i.operands.first().map(|o| &o.kind) {
                        Some(OperandKind::Reg(r)) => {
                            Some(lower_dst(r, &mut temps.borrow_mut(), &lits, &mut c)?)
                        }
                        _ => return Err(format!("`{i}`: missing destination")),
                    }
                } else {
                    None
                };
                let mut srcs = Vec::new();
                let int = matches!(i.op.class, Class::Int | Class::IntCmp | Class::Bit);
                for k in n_dst..i.operands.len() {
                    let s = src(k, &mut c)?;
                    srcs.push(if int { s.integer() } else { s });
                }
                if i.op.class == Class::Double
                    || matches!(
                        op,
                        Opcode::F2d
                            | Opcode::D2f
                            | Opcode::D2i
                            | Opcode::D2u
                            | Opcode::I2d
                            | Opcode::U2d
                    )
                {
                    c.uses_doubles = true;
                }
                if i.op.class == Class::Append {
                    c.uses_counters = true;
                }
                let special = (matches!(op, Opcode::Ftoi | Opcode::Ftou) && !i.controls.is_empty())
                    || (op == Opcode::Div && i.control("zeroop").is_some());
                let alu = match i.op.class {
                    Class::Memory | Class::Atomic | Class::Append | Class::Image => None,
                    _ if special => None,
                    _ => Some(crate::alu::resolve(op).ok_or_else(|| {
                        format!("not supported yet: instruction `{i}` in the emulator")
                    })?),
                };
                push(
                    &mut c,
                    OpKind::Data {
                        op,
                        dst,
                        src: srcs,
                        alu,
                    },
                );
                continue;
            }
        }
        let relop = || -> Result<Relop, String> {
            i.control("relop")
                .and_then(Relop::from_name)
                .ok_or_else(|| format!("`{i}`: missing or unknown relop"))
        };
        use Opcode::*;
        match op {
            IfLogicalnz | IfLogicalz | Ifc => {
                let cond = match op {
                    IfLogicalnz => Cond::Z(src(0, &mut c)?),
                    IfLogicalz => Cond::Nz(src(0, &mut c)?),
                    _ => Cond::Rel(relop()?, src(0, &mut c)?, src(1, &mut c)?, true),
                };
                push(&mut c, OpKind::JumpIf(cond, usize::MAX));
                stack.push(Frame::If {
                    jump: at,
                    else_jump: None,
                });
            }
            Else => match stack.last_mut() {
                Some(Frame::If {
                    jump,
                    else_jump: e @ None,
                }) => {
                    let j = *jump;
                    *e = Some(at);
                    push(&mut c, OpKind::Jump(usize::MAX));
                    set_target(&mut c, j, at + 1);
                }
                _ => return Err(format!("`else` without `if` (`{i}`)")),
            },
            Endif => match stack.pop() {
                Some(Frame::If { jump, else_jump }) => match else_jump {
                    Some(e) => set_target(&mut c, e, at),
                    None => set_target(&mut c, jump, at),
                },
                _ => return Err("`endif` without `if`".into()),
            },
            Whileloop | Loop => stack.push(Frame::Loop {
                start: at,
                breaks: Vec::new(),
            }),
            Endloop => match stack.pop() {
                Some(Frame::Loop { start, breaks }) => {
                    push(&mut c, OpKind::Jump(start));
                    for b in breaks {
                        set_target(&mut c, b, at + 1);
                    }
                }
                _ => return Err("`endloop` without `whileloop`".into()),
            },
            Break | BreakLogicalnz | BreakLogicalz | Breakc => {
                let kind = match op {
                    Break => OpKind::Jump(usize::MAX),
                    BreakLogicalnz => OpKind::JumpIf(Cond::Nz(src(0, &mut c)?), usize::MAX),
                    BreakLogicalz => OpKind::JumpIf(Cond::Z(src(0, &mut c)?), usize::MAX),
                    _ => OpKind::JumpIf(
                        Cond::Rel(relop()?, src(0, &mut c)?, src(1, &mut c)?, false),
                        usize::MAX,
                    ),
                };
                push(&mut c, kind);
                let frame = stack
                    .iter_mut()
                    .rev()
                    .find(|f| matches!(f, Frame::Loop { .. } | Frame::Switch { .. }));
                match frame {
                    Some(Frame::Loop { breaks, .. }) | Some(Frame::Switch { breaks, .. }) => {
                        breaks.push(at)
                    }
                    _ => return Err(format!("`{i}` outside a loop or switch")),
                }
            }
            Continue | ContinueLogicalnz | ContinueLogicalz | Continuec => {
                let start = stack.iter().rev().find_map(|f| match f {
                    Frame::Loop { start, .. } => Some(*start),
                    _ => None,
                });
                let Some(start) = start else {
                    return Err(format!("`{i}` outside a loop"));
                };
                let kind = match op {
                    Continue => OpKind::Jump(start),
                    ContinueLogicalnz => OpKind::JumpIf(Cond::Nz(src(0, &mut c)?), start),
                    ContinueLogicalz => OpKind::JumpIf(Cond::Z(src(0, &mut c)?), start),
                    _ => OpKind::JumpIf(
                        Cond::Rel(relop()?, src(0, &mut c)?, src(1, &mut c)?, false),
                        start,
                    ),
                };
                push(&mut c, kind);
            }
            Switch => {
                let s = src(0, &mut c)?;
                push(
                    &mut c,
                    OpKind::Switch {
                        src: s,
                        cases: Vec::new(),
                        default: usize::MAX,
                    },
                );
                stack.push(Frame::Switch {
                    at,
                    breaks: Vec::new(),
                    cases: Vec::new(),
                    default: None,
                });
            }
            Case => match stack.last_mut() {
                Some(Frame::Switch { cases, .. }) => {
                    let v = i
                        .number()
                        .ok_or_else(|| format!("`{i}`: case needs a number"))?;
                    cases.push((v as u32, at));
                }
                _ => return Err("`case` outside `switch`".into()),
            },
            Default => match stack.last_mut() {
                Some(Frame::Switch { default, .. }) => *default = Some(at),
                _ => return Err("`default` outside `switch`".into()),
            },
            Endswitch => match stack.pop() {
                Some(Frame::Switch {
                    at: sw,
                    breaks,
                    cases: cs,
                    default,
                }) => {
                    if let OpKind::Switch {
                        cases, default: d, ..
                    } = &mut c.ops[sw].kind
                    {
                        *cases = cs;
                        *d = default.unwrap_or(at);
                    }
                    for b in breaks {
                        set_target(&mut c, b, at);
                    }
                }
                _ => return Err("`endswitch` without `switch`".into()),
            },
            Func => {
                let id = i.number().ok_or("func without id")?;
                c.funcs.insert(id as u32, at);
            }
            Endfunc | Ret | RetDyn => push(&mut c, OpKind::Ret(None)),
            RetLogicalnz => {
                let s = src(0, &mut c)?;
                push(&mut c, OpKind::Ret(Some(Cond::Nz(s))))
            }
            RetLogicalz => {
                let s = src(0, &mut c)?;
                push(&mut c, OpKind::Ret(Some(Cond::Z(s))))
            }
            Call => {
                let id = i.number().ok_or("call without id")?;
                push(&mut c, OpKind::Call(id as u32, None));
            }
            CallLogicalnz | CallLogicalz => {
                let id = i.number().ok_or("call without id")?;
                let s = src(1, &mut c)?;
                let cond = if op == CallLogicalnz {
                    Cond::Nz(s)
                } else {
                    Cond::Z(s)
                };
                push(&mut c, OpKind::Call(id as u32, Some(cond)));
            }
            Endmain | End => push(&mut c, OpKind::Halt),
            Fence => {
                if i.has_control(build::Fence::Threads.name()) {
                    push(&mut c, OpKind::Barrier);
                } else {
                    // Memory ordering only: the emulator runs work-items one at a time and
                    // every access is immediately visible.
                    push(&mut c, OpKind::Nop);
                }
            }
            _ => return Err(format!("not supported yet: `{i}` in the emulator")),
        }
        let _ = l;
    }
    if !stack.is_empty() {
        return Err("unbalanced flow control".into());
    }
    for op in &c.ops {
        if let OpKind::Call(id, _) = &op.kind {
            if !c.funcs.contains_key(id) {
                return Err(format!("call to undefined function {id}"));
            }
        }
        if let OpKind::CallMacro(id) = &op.kind {
            if !c.macros.contains_key(id) {
                return Err(format!("call to undefined macro {id}"));
            }
        }
    }
    for op in &mut c.ops {
        if let Some(f) = op.kind.fast() {
            op.kind = f;
        }
    }
    c.temps = temps.borrow().map.len();
    Ok(c)
}

fn macro_op(
    i: &Inst,
    c: &mut Compiled,
    temps: &mut Temps,
    lits: &HashMap<u32, usize>,
) -> Result<(), String> {
    let id = || -> Result<u32, String> {
        i.paren
            .as_deref()
            .and_then(|p| p.parse().ok())
            .ok_or_else(|| format!("`{i}`: macro needs a number"))
    };
    match i.op {
        Opcode::Mdef => {
            let id = id()?;
            if c.macros.insert(id, c.ops.len()).is_some() {
                return Err(format!("macro {id} is defined twice"));
            }
            temps.scope = id + 1;
        }
        Opcode::Mend => {
            c.ops.push(Op {
                kind: OpKind::Ret(None),
                inst: Some(i.clone()),
            });
            temps.scope = 0;
        }
        _ => {
            // mcall(N) (outs...), (ins...)
            let id = id()?;
            let group = |k: usize| -> Vec<&RegOperand> {
                match i.operands.get(k).map(|o| &o.kind) {
                    Some(OperandKind::Group(g)) => g
                        .iter()
                        .filter_map(|o| match &o.kind {
                            OperandKind::Reg(r) => Some(r),
                            _ => None,
                        })
                        .collect(),
                    _ => Vec::new(),
                }
            };
            let callee = id + 1;
            let all = [
                Write::Lane(0),
                Write::Lane(1),
                Write::Lane(2),
                Write::Lane(3),
            ];
            for (k, r) in group(1).into_iter().enumerate() {
                let src = lower_src(r, temps, lits, c)?;
                let dst = Dst::new(Loc::Temp(temps.get(callee, 1, k as u32)), all, false, 1.0);
                c.ops.push(Op {
                    kind: OpKind::Data {
                        op: Opcode::Mov,
                        dst: Some(dst),
                        src: vec![src],
                        alu: crate::alu::resolve(Opcode::Mov),
                    },
                    inst: Some(i.clone()),
                });
            }
            c.ops.push(Op {
                kind: OpKind::CallMacro(id),
                inst: Some(i.clone()),
            });
            for (k, r) in group(0).into_iter().enumerate() {
                let dst = lower_dst(r, temps, lits, c)?;
                let src = Src::new(
                    Loc::Temp(temps.get(callee, 2, k as u32)),
                    [0, 1, 2, 3],
                    false,
                    [false; 4],
                );
                c.ops.push(Op {
                    kind: OpKind::Data {
                        op: Opcode::Mov,
                        dst: Some(dst),
                        src: vec![src],
                        alu: crate::alu::resolve(Opcode::Mov),
                    },
                    inst: Some(i.clone()),
                });
            }
        }
    }
    Ok(())
}

fn set_target(c: &mut Compiled, at: usize, to: usize) {
    match &mut c.ops[at].kind {
        OpKind::Jump(t) | OpKind::JumpIf(_, t) => *t = to,
        _ => {}
    }
}

use kauai_amdil::device::{MAX_SCRATCH_SLOTS as MAX_X, MAX_SHARED_BYTES as MAX_SHARED};

fn decl(i: &Inst, c: &mut Compiled) -> Result<(), String> {
    let first = i.operands.first().map(|o| &o.kind);
    let num = |k: usize| -> Option<i64> {
        match i.operands.get(k).map(|o| &o.kind) {
            Some(OperandKind::Num(Number::Dec(v))) => Some(*v),
            Some(OperandKind::Num(Number::Hex(v))) => Some(*v as i64),
            _ => None,
        }
    };
    use Opcode::*;
    match i.op {
        DclCb => {
            if let Some(OperandKind::Reg(r)) = first {
                let size = r.index.as_ref().map(|x| x.offset).unwrap_or(0);
                c.cb_sizes.insert(r.num.unwrap_or(0), size.max(0) as u32);
            }
        }
        DclIndexedTempArray | DclIndexTempArray => {
            if let Some(OperandKind::Reg(r)) = first {
                let size = r.index.as_ref().map(|x| x.offset).unwrap_or(0);
                if size > i64::from(MAX_X) {
                    return Err(format!(
                        "`{i}`: scratch arrays hold at most {MAX_X} vec4 slots"
                    ));
                }
                c.xarrays
                    .insert(r.num.unwrap_or(0), size.clamp(0, i64::from(MAX_X)) as u32);
            }
        }
        DclLds => {
            let id = i.resource_id().unwrap_or(0);
            c.lds.insert(id, shared_size(i, num(0))?);
        }
        DclGds => {
            let id = i.resource_id().unwrap_or(0);
            c.gds.insert(id, shared_size(i, num(0))?);
        }
        DclNumThreadPerBlk => {
            c.threads_per_group =
                Some([num(0).unwrap_or(1).clamp(0, u32::MAX as i64) as u32, 1, 1]);
        }
        DclMaxThreadPerGroup => {
            c.max_threads_per_group = Some(num(0).unwrap_or(0).clamp(0, u32::MAX as i64) as u32);
        }
        DclNumThreadPerGroup => {
            let mut t = [1u32; 3];
            for (k, v) in t.iter_mut().enumerate() {
                if let Some(n) = num(k) {
                    *v = n as u32;
                }
            }
            c.threads_per_group = Some(t);
        }
        DclStructLds => {
            let id = i.resource_id().unwrap_or(0);
            let (stride, count) = (num(0).unwrap_or(0), num(1).unwrap_or(0));
            if !(1..=i64::from(MAX_SHARED)).contains(&stride) || stride % 4 != 0 {
                return Err(format!(
                    "`{i}`: the stride must be a multiple of 4 from 4 to {MAX_SHARED} bytes"
                ));
            }
            let bytes = stride.saturating_mul(count.max(0));
            c.lds.insert(id, shared_size(i, Some(bytes))?);
            c.lds_stride.insert(id, stride as u32);
        }
        DclStructGds => return Err(format!("not supported yet: `{i}` in the emulator")),
        DclUav => {
            let id = i.resource_id().unwrap_or(0);
            let ty = i.control("type").unwrap_or("");
            let dims = crate::typed::dims_of_type(ty.split(',').next().unwrap_or("").trim())
                .ok_or_else(|| {
                    format!("not supported yet: typed UAV type `{ty}` in the emulator (`{i}`)")
                })?;
            let fmt = i.control("fmtx").unwrap_or("unknown").to_string();
            c.typed_uavs.insert(id, (dims, fmt));
        }
        _ => {}
    }
    Ok(())
}

/// Dense register numbering. Macro bodies get their own scope, so their `r`, `in` and
/// `out` registers never clash with the caller's (macros do not recurse).
#[derive(Default)]
pub struct Temps {
    map: HashMap<u64, usize>,
    pub scope: u32,
}

impl Temps {
    pub fn get(&mut self, scope: u32, kind: u8, n: u32) -> usize {
        let key = (scope as u64) << 34 | (kind as u64) << 32 | n as u64;
        let next = self.map.len();
        *self.map.entry(key).or_insert(next)
    }
}

fn shared_size(i: &Inst, n: Option<i64>) -> Result<u32, String> {
    let n = n.unwrap_or(0);
    if !(0..=i64::from(MAX_SHARED)).contains(&n) {
        return Err(format!("`{i}`: size must be 0 to {MAX_SHARED} bytes"));
    }
    Ok(n as u32)
}

fn temp(n: u32, temps: &mut Temps) -> usize {
    let scope = temps.scope;
    temps.get(scope, 0, n)
}

fn lower_loc(r: &RegOperand, temps: &mut Temps, lits: &HashMap<u32, usize>) -> Result<Loc, String> {
    let index = |temps: &mut Temps| -> Result<Idx, String> {
        let ix = r.index.as_ref().ok_or("missing index")?;
        let base = match &ix.base {
            None => None,
            Some(b) => Some((
                match b.file {
                    RegFile::Temp => IdxBase::Temp(temp(b.num, temps)),
                    RegFile::Literal => IdxBase::Lit(
                        *lits
                            .get(&b.num)
                            .ok_or_else(|| format!("undeclared literal l{}", b.num))?,
                    ),
                    f => {
                        return Err(format!(
                            "not supported yet: index register `{}`",
                            f.prefix()
                        ))
                    }
                },
                b.comp,
            )),
        };
        Ok(Idx {
            base,
            offset: ix.offset,
        })
    };
    Ok(match r.file {
        RegFile::Temp => Loc::Temp(temp(r.num.unwrap_or(0), temps)),
        RegFile::Literal => {
            let n = r.num.unwrap_or(0);
            Loc::Lit(
                *lits
                    .get(&n)
                    .ok_or_else(|| format!("undeclared literal l{n}"))?,
            )
        }
        RegFile::ConstBuf => Loc::Cb {
            buf: r.num.unwrap_or(0),
            index: index(temps)?,
        },
        RegFile::IndexedTemp => Loc::X {
            arr: r.num.unwrap_or(0),
            index: index(temps)?,
        },
        RegFile::Global => Loc::G {
            index: index(temps)?,
        },
        RegFile::Mem => Loc::Mem,
        f @ (RegFile::TidInGrp
        | RegFile::TidInGrpFlat
        | RegFile::AbsTid
        | RegFile::AbsTidFlat
        | RegFile::ThreadGrpId
        | RegFile::ThreadGrpIdFlat
        | RegFile::ATid) => Loc::Special(f),
        RegFile::MacroIn => {
            let scope = temps.scope;
            Loc::Temp(temps.get(scope, 1, r.num.unwrap_or(0)))
        }
        RegFile::MacroOut => {
            let scope = temps.scope;
            Loc::Temp(temps.get(scope, 2, r.num.unwrap_or(0)))
        }
        f => Loc::Unsupported(format!("`{}` registers", f.prefix())),
    })
}

fn lower_src(
    r: &RegOperand,
    temps: &mut Temps,
    lits: &HashMap<u32, usize>,
    _c: &mut Compiled,
) -> Result<Src, String> {
    let loc = lower_loc(r, temps, lits)?;
    if let Loc::Unsupported(what) = &loc {
        return Err(format!("not supported yet: reading {what}"));
    }
    let mut swz = [0u8, 1, 2, 3];
    if let Some(s) = &r.swizzle {
        let b = s.as_bytes();
        let lane = |ch: u8, pos: usize| -> u8 {
            match ch {
                b'x' => 0,
                b'y' => 1,
                b'z' => 2,
                b'w' => 3,
                b'0' => 4,
                b'1' => 5,
                _ => pos as u8,
            }
        };
        if b.len() == 1 {
            swz = [lane(b[0], 0); 4];
        } else {
            for (p, s) in swz.iter_mut().enumerate() {
                *s = b.get(p).map(|&ch| lane(ch, p)).unwrap_or(p as u8);
            }
        }
    }
    let mut abs = false;
    let mut neg = [false; 4];
    let mut fm = FloatMods::default();
    for m in &r.mods {
        match m.name.as_str() {
            "abs" => abs = true,
            "neg" => {
                let comps = m.arg.as_deref().unwrap_or("xyzw");
                for ch in comps.chars() {
                    if let Some(k) = "xyzw".find(ch) {
                        neg[k] = true;
                    }
                }
            }
            "invert" => fm.invert = true,
            "bias" => fm.bias = true,
            "x2" => fm.x2 = true,
            "bx2" => {
                fm.bias = true;
                fm.x2 = true;
            }
            "sign" => fm.sign = true,
            "divComp" => {
                fm.div_comp = match m.arg.as_deref() {
                    Some("y") => Some(1),
                    Some("z") => Some(2),
                    Some("w") => Some(3),
                    other => {
                        return Err(format!(
                            "not supported yet: source modifier `_divComp({})`",
                            other.unwrap_or("")
                        ))
                    }
                }
            }
            other => return Err(format!("not supported yet: source modifier `_{other}`")),
        }
    }
    let mut src = Src::new(loc, swz, abs, neg);
    if fm != FloatMods::default() {
        src.float = Some(Box::new(fm));
        src.classify();
    }
    Ok(src)
}

fn lower_dst(
    r: &RegOperand,
    temps: &mut Temps,
    lits: &HashMap<u32, usize>,
    _c: &mut Compiled,
) -> Result<Dst, String> {
    let loc = lower_loc(r, temps, lits)?;
    match &loc {
        Loc::Temp(_) | Loc::X { .. } | Loc::G { .. } | Loc::Mem => {}
        _ => return Err(format!("not supported yet: writing `{}`", r.file.prefix())),
    }
    let mut plan = [
        Write::Lane(0),
        Write::Lane(1),
        Write::Lane(2),
        Write::Lane(3),
    ];
    if let Some(m) = &r.swizzle {
        plan = [Write::Skip; 4];
        for (pos, ch) in m.chars().enumerate() {
            match ch {
                'x' | 'y' | 'z' | 'w' => {
                    let k = "xyzw".find(ch).unwrap_or(0);
                    plan[k] = Write::Lane(k as u8);
                }
                '0' if pos < 4 => plan[pos] = Write::Zero,
                '1' if pos < 4 => plan[pos] = Write::One,
                _ => {}
            }
        }
    }
    let mut sat = false;
    let mut scale = 1.0f32;
    for m in &r.mods {
        match m.name.as_str() {
            "sat" => sat = true,
            "x2" => scale = 2.0,
            "x4" => scale = 4.0,
            "x8" => scale = 8.0,
            "d2" => scale = 0.5,
            "d4" => scale = 0.25,
            "d8" => scale = 0.125,
            other => {
                return Err(format!(
                    "not supported yet: destination modifier `_{other}`"
                ))
            }
        }
    }
    Ok(Dst::new(loc, plan, sat, scale))
}
