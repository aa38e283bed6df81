//! Instructions.
//!
//! Each instruction has at most one result; its type is stored on the result value, and
//! the text form prints it as a suffix (`v3 = iadd.i32 v1, v2`). Arithmetic works on
//! scalars and lane-wise on vectors of the same type. Control flow passes values to
//! block parameters ([`BlockCall`]) instead of using phi nodes.

use crate::entities::{Block, FuncId, GlobalId, Value};
use crate::types::Type;

/// A branch target with the arguments for its parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockCall {
    pub block: Block,
    pub args: Vec<Value>,
}

impl BlockCall {
    pub fn new(block: Block, args: Vec<Value>) -> BlockCall {
        BlockCall { block, args }
    }
}

/// A constant scalar.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ConstScalar {
    /// Integer bits, truncated to the type's width.
    Int(u64),
    /// A float; converted to the type's precision when used.
    Float(f64),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Const {
    Scalar(ConstScalar),
    /// One entry a lane.
    Vector(Vec<ConstScalar>),
    /// All-zero bits of any value type (null pointers included).
    Zero,
    /// An unspecified value.
    Undef,
}

macro_rules! op_enum {
    ($(#[$m:meta])* $name:ident { $($var:ident = $s:literal),* $(,)? }) => {
        $(#[$m])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($var),* }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$var),*];
            pub fn name(self) -> &'static str { match self { $($name::$var => $s),* } }
            pub fn from_name(s: &str) -> Option<$name> {
                match s { $($s => Some($name::$var),)* _ => None }
            }
        }
    };
}

op_enum! {
    /// One-operand operations; the result type equals the operand type.
    UnaryOp {
        Ineg = "ineg", Not = "bnot", Iabs = "iabs", Clz = "clz", Ctz = "ctz", Popcount = "popcnt",
        Fneg = "fneg", Fabs = "fabs", Sqrt = "sqrt", Floor = "floor", Ceil = "ceil",
        Trunc = "ftrunc", Rint = "rint", Round = "round",
    }
}

op_enum! {
    /// Two-operand operations; operands and result have one type. Shifts take the
    /// amount modulo the bit width, as OpenCL C requires.
    BinaryOp {
        Iadd = "iadd", Isub = "isub", Imul = "imul", Sdiv = "sdiv", Udiv = "udiv",
        Srem = "srem", Urem = "urem", And = "band", Or = "bor", Xor = "bxor",
        Shl = "ishl", Lshr = "ushr", Ashr = "sshr", Rotl = "rotl",
        Smin = "smin", Smax = "smax", Umin = "umin", Umax = "umax",
        SmulHi = "smulhi", UmulHi = "umulhi",
        SaddSat = "sadd_sat", UaddSat = "uadd_sat", SsubSat = "ssub_sat", UsubSat = "usub_sat",
        Fadd = "fadd", Fsub = "fsub", Fmul = "fmul", Fdiv = "fdiv", Frem = "frem",
        Fmin = "fmin", Fmax = "fmax", Copysign = "copysign",
    }
}

impl UnaryOp {
    /// Does the operation work on floats (and only on floats)?
    pub fn is_float(self) -> bool {
        use UnaryOp::*;
        matches!(
            self,
            Fneg | Fabs | Sqrt | Floor | Ceil | Trunc | Rint | Round
        )
    }
}

impl BinaryOp {
    /// Does the operation work on floats (and only on floats)?
    pub fn is_float(self) -> bool {
        use BinaryOp::*;
        matches!(
            self,
            Fadd | Fsub | Fmul | Fdiv | Frem | Fmin | Fmax | Copysign
        )
    }
}

op_enum! {
    /// Integer comparisons. The result is `i1` or a vector of `i1`.
    IntCC {
        Eq = "eq", Ne = "ne", Slt = "slt", Sle = "sle", Sgt = "sgt", Sge = "sge",
        Ult = "ult", Ule = "ule", Ugt = "ugt", Uge = "uge",
    }
}

op_enum! {
    /// Float comparisons: ordered (false on NaN) except `une`/`uno` and `ord`.
    FloatCC {
        Oeq = "oeq", One = "one", Olt = "olt", Ole = "ole", Ogt = "ogt", Oge = "oge",
        Une = "une", Ord = "ord", Uno = "uno",
    }
}

op_enum! {
    /// Type conversions. `Trunc`/`Zext`/`Sext` change integer width; float↔int
    /// conversions take a [`Rounding`] and may saturate (OpenCL `convert_T_sat_rte`).
    ConvOp {
        Trunc = "trunc", Zext = "zext", Sext = "sext", FpTrunc = "fptrunc", FpExt = "fpext",
        FpToSi = "fptosi", FpToUi = "fptoui", SiToFp = "sitofp", UiToFp = "uitofp",
        Bitcast = "bitcast", PtrToInt = "ptrtoint", IntToPtr = "inttoptr",
        AddrSpaceCast = "addrspacecast",
    }
}

op_enum! {
    /// Rounding of a conversion. `Default` is the language default: toward zero for
    /// float→int, to nearest even otherwise.
    Rounding { Default = "default", Rte = "rte", Rtz = "rtz", Rtp = "rtp", Rtn = "rtn" }
}

op_enum! {
    /// Atomic read-modify-write operations (result: the old value).
    AtomicOp {
        Xchg = "xchg", Add = "add", Sub = "sub", And = "and", Or = "or", Xor = "xor",
        Smin = "smin", Smax = "smax", Umin = "umin", Umax = "umax",
        Inc = "inc", Dec = "dec", Fadd = "fadd",
    }
}

op_enum! {
    /// Math functions with OpenCL semantics, lane-wise on float scalars and vectors.
    MathFn {
        Rsqrt = "rsqrt", Exp = "exp", Exp2 = "exp2", Exp10 = "exp10", Expm1 = "expm1",
        Log = "log", Log2 = "log2", Log10 = "log10", Log1p = "log1p",
        Sin = "sin", Cos = "cos", Tan = "tan", Asin = "asin", Acos = "acos", Atan = "atan",
        Sinh = "sinh", Cosh = "cosh", Tanh = "tanh", Asinh = "asinh", Acosh = "acosh", Atanh = "atanh",
        Cbrt = "cbrt", Erf = "erf", Erfc = "erfc", Tgamma = "tgamma", Lgamma = "lgamma",
        Pow = "pow", Atan2 = "atan2", Hypot = "hypot", Fmod = "fmod", Fdim = "fdim",
        Nextafter = "nextafter", Remainder = "remainder", Ldexp = "ldexp",
        Fma = "fma", Mad = "mad",
    }
}

impl MathFn {
    /// Number of operands.
    pub fn arity(self) -> usize {
        use MathFn::*;
        match self {
            Pow | Atan2 | Hypot | Fmod | Fdim | Nextafter | Remainder | Ldexp => 2,
            Fma | Mad => 3,
            _ => 1,
        }
    }
}

/// Memory-ordering of atomics (C11 names).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ordering {
    Relaxed,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

impl Ordering {
    pub const ALL: [Ordering; 5] = [
        Ordering::Relaxed,
        Ordering::Acquire,
        Ordering::Release,
        Ordering::AcqRel,
        Ordering::SeqCst,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Ordering::Relaxed => "relaxed",
            Ordering::Acquire => "acquire",
            Ordering::Release => "release",
            Ordering::AcqRel => "acq_rel",
            Ordering::SeqCst => "seq_cst",
        }
    }
    pub fn from_name(s: &str) -> Option<Ordering> {
        Ordering::ALL.iter().copied().find(|o| o.name() == s)
    }
}

/// What an instruction does.
#[derive(Clone, Debug, PartialEq)]
pub enum InstKind {
    Const(Const),
    Unary(UnaryOp, Value),
    Binary(BinaryOp, Value, Value),
    Icmp(IntCC, Value, Value),
    Fcmp(FloatCC, Value, Value),
    /// `cond ? a : b`, lane-wise when `cond` is a vector of `i1`.
    Select(Value, Value, Value),
    Convert {
        op: ConvOp,
        arg: Value,
        rounding: Rounding,
        saturate: bool,
    },
    Math(MathFn, Vec<Value>),
    /// Lane `lane` of a vector.
    Extract(Value, u32),
    /// The vector with lane `lane` replaced by a scalar.
    Insert(Value, Value, u32),
    /// Lanes picked from the concatenation of `a` and `b` (indices into `a ++ b`).
    Shuffle(Value, Value, Vec<u32>),
    /// A vector whose every lane is the scalar operand.
    Splat(Value),
    /// Lane `index` of a vector, with a dynamic index (out of range gives undef).
    ExtractDyn(Value, Value),
    Load {
        ptr: Value,
        align: u32,
        volatile: bool,
    },
    Store {
        ptr: Value,
        value: Value,
        align: u32,
        volatile: bool,
    },
    AtomicRmw {
        op: AtomicOp,
        ptr: Value,
        value: Value,
        ordering: Ordering,
    },
    /// Compare-exchange; the result is the old value.
    CmpXchg {
        ptr: Value,
        expected: Value,
        new: Value,
        ordering: Ordering,
    },
    /// A memory fence with ComputeMux MemScope/MemSemantics encodings.
    Fence {
        scope: u32,
        semantics: u32,
    },
    /// Pointer plus a signed byte offset (of any integer type).
    PtrAdd(Value, Value),
    /// Private stack memory for one value of `ty`; the result is a `ptr0`.
    Alloca {
        ty: Type,
        align: u32,
    },
    /// The address of a module-scope variable.
    GlobalAddr(GlobalId),
    Call(FuncId, Vec<Value>),
    Jump(BlockCall),
    Brif(Value, BlockCall, BlockCall),
    Switch {
        arg: Value,
        cases: Vec<(u64, BlockCall)>,
        default: BlockCall,
    },
    Return(Option<Value>),
    Unreachable,
}

impl InstKind {
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            InstKind::Jump(_)
                | InstKind::Brif(..)
                | InstKind::Switch { .. }
                | InstKind::Return(_)
                | InstKind::Unreachable
        )
    }

    /// Is the result made from the operands alone, with no effect and no trap
    /// whatever they hold (no division, float-to-int conversion, memory, call or
    /// control flow), so that it may run on a path that would not have run it?
    pub fn cannot_trap(&self) -> bool {
        match self {
            InstKind::Const(_)
            | InstKind::Unary(..)
            | InstKind::Icmp(..)
            | InstKind::Fcmp(..)
            | InstKind::Select(..)
            | InstKind::Math(..)
            | InstKind::Extract(..)
            | InstKind::Insert(..)
            | InstKind::Shuffle(..)
            | InstKind::Splat(..)
            | InstKind::PtrAdd(..)
            | InstKind::GlobalAddr(_) => true,
            InstKind::Binary(op, ..) => !matches!(
                op,
                BinaryOp::Sdiv | BinaryOp::Udiv | BinaryOp::Srem | BinaryOp::Urem
            ),
            InstKind::Convert { op, .. } => !matches!(op, ConvOp::FpToSi | ConvOp::FpToUi),
            _ => false,
        }
    }

    /// Does this instruction touch memory or have other effects, so that it must stay
    /// even when its result is unused?
    pub fn has_side_effects(&self) -> bool {
        matches!(
            self,
            InstKind::Store { .. }
                | InstKind::AtomicRmw { .. }
                | InstKind::CmpXchg { .. }
                | InstKind::Fence { .. }
                | InstKind::Call(..)
                | InstKind::Load { volatile: true, .. }
        ) || self.is_terminator()
    }

    /// The value operands, in order (block-call arguments included).
    pub fn operands(&self) -> Vec<Value> {
        let mut v = Vec::new();
        self.for_each_operand(|x| v.push(x));
        v
    }

    pub fn for_each_operand(&self, mut f: impl FnMut(Value)) {
        use InstKind::*;
        match self {
            Const(_) | Fence { .. } | Alloca { .. } | GlobalAddr(_) | Unreachable => {}
            Unary(_, a) | Convert { arg: a, .. } | Extract(a, _) | Splat(a) => f(*a),
            Binary(_, a, b)
            | Icmp(_, a, b)
            | Fcmp(_, a, b)
            | Insert(a, b, _)
            | Shuffle(a, b, _)
            | ExtractDyn(a, b)
            | PtrAdd(a, b) => {
                f(*a);
                f(*b)
            }
            Select(a, b, c) => {
                f(*a);
                f(*b);
                f(*c)
            }
            Math(_, args) | Call(_, args) => args.iter().copied().for_each(f),
            Load { ptr, .. } => f(*ptr),
            Store { ptr, value, .. } | AtomicRmw { ptr, value, .. } => {
                f(*ptr);
                f(*value)
            }
            CmpXchg {
                ptr, expected, new, ..
            } => {
                f(*ptr);
                f(*expected);
                f(*new)
            }
            Jump(bc) => bc.args.iter().copied().for_each(f),
            Brif(c, t, e) => {
                f(*c);
                t.args.iter().copied().for_each(&mut f);
                e.args.iter().copied().for_each(f)
            }
            Switch {
                arg,
                cases,
                default,
            } => {
                f(*arg);
                for (_, bc) in cases {
                    bc.args.iter().copied().for_each(&mut f);
                }
                default.args.iter().copied().for_each(f)
            }
            Return(v) => {
                if let Some(v) = v {
                    f(*v)
                }
            }
        }
    }

    /// Rewrite every value operand in place.
    pub fn map_operands(&mut self, mut f: impl FnMut(Value) -> Value) {
        use InstKind::*;
        let bc = |b: &mut BlockCall, f: &mut dyn FnMut(Value) -> Value| {
            for a in &mut b.args {
                *a = f(*a);
            }
        };
        match self {
            Const(_) | Fence { .. } | Alloca { .. } | GlobalAddr(_) | Unreachable => {}
            Unary(_, a) | Convert { arg: a, .. } | Extract(a, _) | Splat(a) => *a = f(*a),
            Binary(_, a, b)
            | Icmp(_, a, b)
            | Fcmp(_, a, b)
            | Insert(a, b, _)
            | Shuffle(a, b, _)
            | ExtractDyn(a, b)
            | PtrAdd(a, b) => {
                *a = f(*a);
                *b = f(*b)
            }
            Select(a, b, c) => {
                *a = f(*a);
                *b = f(*b);
                *c = f(*c)
            }
            Math(_, args) | Call(_, args) => args.iter_mut().for_each(|a| *a = f(*a)),
            Load { ptr, .. } => *ptr = f(*ptr),
            Store { ptr, value, .. } | AtomicRmw { ptr, value, .. } => {
                *ptr = f(*ptr);
                *value = f(*value)
            }
            CmpXchg {
                ptr, expected, new, ..
            } => {
                *ptr = f(*ptr);
                *expected = f(*expected);
                *new = f(*new)
            }
            Jump(b) => bc(b, &mut f),
            Brif(c, t, e) => {
                *c = f(*c);
                bc(t, &mut f);
                bc(e, &mut f)
            }
            Switch {
                arg,
                cases,
                default,
            } => {
                *arg = f(*arg);
                for (_, b) in cases {
                    bc(b, &mut f);
                }
                bc(default, &mut f)
            }
            Return(v) => {
                if let Some(v) = v {
                    *v = f(*v)
                }
            }
        }
    }

    /// The branch targets of a terminator.
    pub fn successors(&self) -> Vec<&BlockCall> {
        match self {
            InstKind::Jump(b) => vec![b],
            InstKind::Brif(_, t, e) => vec![t, e],
            InstKind::Switch { cases, default, .. } => {
                cases.iter().map(|(_, b)| b).chain(Some(default)).collect()
            }
            _ => vec![],
        }
    }

    pub fn successors_mut(&mut self) -> Vec<&mut BlockCall> {
        match self {
            InstKind::Jump(b) => vec![b],
            InstKind::Brif(_, t, e) => vec![t, e],
            InstKind::Switch { cases, default, .. } => cases
                .iter_mut()
                .map(|(_, b)| b)
                .chain(Some(default))
                .collect(),
            _ => vec![],
        }
    }
}
