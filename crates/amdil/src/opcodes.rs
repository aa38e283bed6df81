//! The IL opcode table: the one place that says which mnemonics exist, how many
//! destination and source operands each takes, and what kind of operation it is.
//! Everything else is generated from its rows by the `opcodes!` macro: the [`Opcode`]
//! enum (with [`Opcode::mnemonic`] and [`Opcode::from_mnemonic`]), [`OPCODES`] indexed
//! by it, and the types of [`op`] that let `build` check operand counts at compile time.
//!
//! The parser splits a mnemonic such as `uav_raw_load_id(1)_cached` into the longest
//! table name that prefixes it (`uav_raw_load`) and its instruction controls (`id(1)`,
//! `cached`). The validator checks operand counts and required controls from here and
//! matches on [`Opcode`], as the emulator does. Operand counts follow the AMD IL
//! reference as summarised in docs/spec/amd-il.md#instructions.

/// What an opcode does, coarsely: used by the validator (which operands are registers)
/// and by the emulator (which executor handles it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// `dcl_*`: declarations, executed once at load time.
    Decl,
    /// Per-component 32-bit float arithmetic.
    Float,
    /// Float comparisons producing all-ones masks.
    FloatCmp,
    /// Per-component 32-bit integer arithmetic.
    Int,
    /// Integer comparisons producing all-ones masks.
    IntCmp,
    /// Bitwise and bit-field operations.
    Bit,
    /// 64-bit integer operations on `.xy` (low word in x).
    Int64,
    /// Double operations on `.xy` (low word in x).
    Double,
    /// Conversions between int, float, double and half.
    Convert,
    /// `mov`, `cmov_logical`, `dmov`.
    Move,
    /// Structured flow control (`if`, loops, `switch`, `break`, `continue`).
    Flow,
    /// Functions: `func`, `endfunc`, `call`, `ret`, `endmain`, `end`.
    Func,
    /// Macros: `mdef`, `mend`, `mcall`.
    Macro,
    /// UAV, arena, LDS, GDS loads and stores.
    Memory,
    /// Atomics on UAV, LDS and GDS memory.
    Atomic,
    /// `fence` with its `_threads`, `_lds`, ... controls.
    Fence,
    /// Append/consume counters.
    Append,
    /// Reads of texture resources (`sample_resource(n)_sampler(m)`, `load_resource(n)`):
    /// OpenCL's read-only images.
    Image,
    /// Pixel-shader only operations (parsed, not executed).
    Graphics,
}

/// A resource id control `_id(n)` (or the legacy `_resource(n)`) that the opcode needs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Needs {
    Nothing,
    /// `_id(n)`
    Id,
    /// `_relop(op)`
    Relop,
    /// A number right after the mnemonic: `func 3`, `call 3`, `case 2`.
    Number,
    /// A parenthesised number glued to the mnemonic: `mdef(3)`, `mcall(3)`.
    Paren,
}

/// One row of the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OpInfo {
    pub opcode: Opcode,
    /// The mnemonic without controls: `uav_raw_load` of `uav_raw_load_id(1)_cached`.
    pub name: &'static str,
    /// Destination operands (written).
    pub dst: u8,
    /// Fewest source operands.
    pub src: u8,
    /// Most source operands (equal to `src` except for variadic declarations).
    pub src_max: u8,
    pub class: Class,
    pub needs: Needs,
}

/// Picks the second value when given, the first otherwise (optional row columns).
macro_rules! or_default {
    ($d:expr) => {
        $d
    };
    ($d:expr, $x:expr) => {
        $x
    };
}

/// The table: one row per opcode, `Variant = "mnemonic", dst, src[..=src_max], Class
/// [, Needs];`. The [`Opcode`] enum, [`OPCODES`] (indexed by the enum) and the mnemonic
/// lookups are all generated from these rows, so a mnemonic is written exactly once.
macro_rules! opcodes {
    ($(
        $(#[$doc:meta])*
        $v:ident = $name:literal, $dst:literal, $src:literal $(..= $max:literal)?,
        $class:ident $(, $needs:ident)?;
    )*) => {
        /// An IL opcode: one variant per row of the table ([`OPCODES`]).
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Opcode {
            $( $(#[$doc])* $v, )*
        }

        /// One type per opcode, for the builder's compile-time operand checks
        /// ([`OpSpec`]): `build::alu(op::Iadd, d, [a, b])` does not compile with one source.
        pub mod op {
            $(
                #[doc = concat!("`", $name, "`")]
                #[derive(Copy, Clone, Debug)]
                pub struct $v;
                impl super::OpSpec for $v {
                    const OPCODE: super::Opcode = super::Opcode::$v;
                    const DST: u8 = $dst;
                    const SRC: u8 = $src;
                    const SRC_MAX: u8 = or_default!($src $(, $max)?);
                    const NEEDS: super::Needs = or_default!(super::Needs::Nothing $(, super::$needs)?);
                    const CLASS: super::Class = super::Class::$class;
                }
            )*
        }

        /// Every opcode the toolkit knows, in [`Opcode`] order (`OPCODES[op as usize]`
        /// is `op`'s row). Kept grouped for reading.
        pub static OPCODES: &[OpInfo] = &[
            $( OpInfo {
                opcode: Opcode::$v,
                name: $name,
                dst: $dst,
                src: $src,
                src_max: or_default!($src $(, $max)?),
                class: $class,
                needs: or_default!(Needs::Nothing $(, $needs)?),
            }, )*
        ];
    };
}

use Class::*;
use Needs::{Id, Number, Paren, Relop};

opcodes! {
    // Declarations. Their operands are declaration operands (registers or numbers).
    DclCb = "dcl_cb", 0, 1, Decl;
    DclLiteral = "dcl_literal", 0, 5, Decl;
    DclNumThreadPerGroup = "dcl_num_thread_per_group", 0, 1..=3, Decl;
    DclMaxThreadPerGroup = "dcl_max_thread_per_group", 0, 1, Decl;
    DclNumThreadPerBlk = "dcl_num_thread_per_blk", 0, 1, Decl;
    DclLds = "dcl_lds", 0, 1, Decl, Id;
    DclStructLds = "dcl_struct_lds", 0, 2, Decl, Id;
    DclLdsSizePerThread = "dcl_lds_size_per_thread", 0, 1, Decl;
    DclLdsSharingMode = "dcl_lds_sharing_mode", 0, 0, Decl;
    DclGds = "dcl_gds", 0, 1, Decl, Id;
    DclStructGds = "dcl_struct_gds", 0, 2, Decl, Id;
    DclRawUav = "dcl_raw_uav", 0, 0, Decl, Id;
    DclArenaUav = "dcl_arena_uav", 0, 0, Decl, Id;
    DclUav = "dcl_uav", 0, 0, Decl, Id;
    DclTypelessUav = "dcl_typeless_uav", 0, 0, Decl, Id;
    DclStructUav = "dcl_struct_uav", 0, 1, Decl, Id;
    DclIndexedTempArray = "dcl_indexed_temp_array", 0, 1, Decl;
    DclIndexTempArray = "dcl_index_temp_array", 0, 1, Decl;
    DclResource = "dcl_resource", 0, 0, Decl, Id;
    DclInput = "dcl_input", 0, 1, Decl;
    DclInputGeneric = "dcl_input_generic", 0, 1, Decl;
    DclInputPosition = "dcl_input_position", 0, 1, Decl;
    DclOutput = "dcl_output", 0, 1, Decl;
    DclOutputGeneric = "dcl_output_generic", 0, 1, Decl;
    DclGlobalFlags = "dcl_global_flags", 0, 0, Decl;
    DclSharedTemp = "dcl_shared_temp", 0, 1, Decl;
    // Float ALU.
    Add = "add", 1, 2, Float;
    Sub = "sub", 1, 2, Float;
    Mul = "mul", 1, 2, Float;
    Div = "div", 1, 2, Float;
    Min = "min", 1, 2, Float;
    Max = "max", 1, 2, Float;
    Mod = "mod", 1, 2, Float;
    Mad = "mad", 1, 3, Float;
    Fma = "fma", 1, 3, Float;
    Lrp = "lrp", 1, 3, Float;
    Frc = "frc", 1, 1, Float;
    Flr = "flr", 1, 1, Float;
    Rnd = "rnd", 1, 1, Float;
    RoundNearest = "round_nearest", 1, 1, Float;
    RoundNeginf = "round_neginf", 1, 1, Float;
    RoundPlusinf = "round_plusinf", 1, 1, Float;
    RoundZ = "round_z", 1, 1, Float;
    Trc = "trc", 1, 1, Float;
    Abs = "abs", 1, 1, Float;
    Sgn = "sgn", 1, 1, Float;
    Dp2 = "dp2", 1, 2, Float;
    Dp3 = "dp3", 1, 2, Float;
    Dp4 = "dp4", 1, 2, Float;
    Dp2add = "dp2add", 1, 3, Float;
    ExpVec = "exp_vec", 1, 1, Float;
    LogVec = "log_vec", 1, 1, Float;
    SqrtVec = "sqrt_vec", 1, 1, Float;
    RsqVec = "rsq_vec", 1, 1, Float;
    SinVec = "sin_vec", 1, 1, Float;
    CosVec = "cos_vec", 1, 1, Float;
    Rcp = "rcp", 1, 1, Float;
    RcpVec = "rcp_vec", 1, 1, Float;
    Exp = "exp", 1, 1, Float;
    Log = "log", 1, 1, Float;
    Sqrt = "sqrt", 1, 1, Float;
    Rsq = "rsq", 1, 1, Float;
    Sin = "sin", 1, 1, Float;
    Cos = "cos", 1, 1, Float;
    Eq = "eq", 1, 2, FloatCmp;
    Ne = "ne", 1, 2, FloatCmp;
    Lt = "lt", 1, 2, FloatCmp;
    Ge = "ge", 1, 2, FloatCmp;
    // Integer ALU.
    Iadd = "iadd", 1, 2, Int;
    Inegate = "inegate", 1, 1, Int;
    Imul = "imul", 1, 2, Int;
    ImulHigh = "imul_high", 1, 2, Int;
    Umul = "umul", 1, 2, Int;
    UmulHigh = "umul_high", 1, 2, Int;
    Idiv = "idiv", 1, 2, Int;
    Udiv = "udiv", 1, 2, Int;
    Imod = "imod", 1, 2, Int;
    Umod = "umod", 1, 2, Int;
    Imin = "imin", 1, 2, Int;
    Imax = "imax", 1, 2, Int;
    Umin = "umin", 1, 2, Int;
    Umax = "umax", 1, 2, Int;
    Imad = "imad", 1, 3, Int;
    Umad = "umad", 1, 3, Int;
    Imad24 = "imad24", 1, 3, Int;
    Umad24 = "umad24", 1, 3, Int;
    Imul24 = "imul24", 1, 2, Int;
    Umul24 = "umul24", 1, 2, Int;
    Imul24High = "imul24_high", 1, 2, Int;
    Umul24High = "umul24_high", 1, 2, Int;
    Ieq = "ieq", 1, 2, IntCmp;
    Ine = "ine", 1, 2, IntCmp;
    Ilt = "ilt", 1, 2, IntCmp;
    Ige = "ige", 1, 2, IntCmp;
    Ult = "ult", 1, 2, IntCmp;
    Uge = "uge", 1, 2, IntCmp;
    // Bitwise.
    Iand = "iand", 1, 2, Bit;
    And = "and", 1, 2, Bit;
    Ior = "ior", 1, 2, Bit;
    Ixor = "ixor", 1, 2, Bit;
    Inot = "inot", 1, 1, Bit;
    Ishl = "ishl", 1, 2, Bit;
    Ishr = "ishr", 1, 2, Bit;
    Ushr = "ushr", 1, 2, Bit;
    Icbits = "icbits", 1, 1, Bit;
    FfbHi = "ffb_hi", 1, 1, Bit;
    FfbLo = "ffb_lo", 1, 1, Bit;
    FfbShi = "ffb_shi", 1, 1, Bit;
    UbitReverse = "ubit_reverse", 1, 1, Bit;
    UbitExtract = "ubit_extract", 1, 3, Bit;
    IbitExtract = "ibit_extract", 1, 3, Bit;
    UbitInsert = "ubit_insert", 1, 4, Bit;
    Bfi = "bfi", 1, 3, Bit;
    Bfm = "bfm", 1, 2, Bit;
    Bitalign = "bitalign", 1, 3, Bit;
    Bytealign = "bytealign", 1, 3, Bit;
    // 64-bit integers on .xy.
    I64add = "i64add", 1, 2, Int64;
    I64sub = "i64sub", 1, 2, Int64;
    I64negate = "i64negate", 1, 1, Int64;
    I64mul = "i64mul", 1, 2, Int64;
    U64mul = "u64mul", 1, 2, Int64;
    I64div = "i64div", 1, 2, Int64;
    U64div = "u64div", 1, 2, Int64;
    I64mod = "i64mod", 1, 2, Int64;
    U64mod = "u64mod", 1, 2, Int64;
    I64shl = "i64shl", 1, 2, Int64;
    I64shr = "i64shr", 1, 2, Int64;
    U64shr = "u64shr", 1, 2, Int64;
    I64eq = "i64eq", 1, 2, Int64;
    I64ne = "i64ne", 1, 2, Int64;
    I64lt = "i64lt", 1, 2, Int64;
    I64ge = "i64ge", 1, 2, Int64;
    U64lt = "u64lt", 1, 2, Int64;
    U64ge = "u64ge", 1, 2, Int64;
    I64min = "i64min", 1, 2, Int64;
    I64max = "i64max", 1, 2, Int64;
    U64min = "u64min", 1, 2, Int64;
    U64max = "u64max", 1, 2, Int64;
    // Doubles on .xy.
    Dadd = "dadd", 1, 2, Double;
    Dmul = "dmul", 1, 2, Double;
    Ddiv = "ddiv", 1, 2, Double;
    Dmin = "dmin", 1, 2, Double;
    Dmax = "dmax", 1, 2, Double;
    Dldexp = "dldexp", 1, 2, Double;
    Deq = "deq", 1, 2, Double;
    Dne = "dne", 1, 2, Double;
    Dlt = "dlt", 1, 2, Double;
    Dge = "dge", 1, 2, Double;
    Dmad = "dmad", 1, 3, Double;
    Dfma = "dfma", 1, 3, Double;
    Dfrac = "dfrac", 1, 1, Double;
    Dfrexp = "dfrexp", 1, 1, Double;
    Dsqrt = "dsqrt", 1, 1, Double;
    Drcp = "drcp", 1, 1, Double;
    Drsq = "drsq", 1, 1, Double;
    Dabs = "dabs", 1, 1, Double;
    // Conversions.
    Ftoi = "ftoi", 1, 1, Convert;
    Ftou = "ftou", 1, 1, Convert;
    Itof = "itof", 1, 1, Convert;
    Utof = "utof", 1, 1, Convert;
    F2d = "f2d", 1, 1, Convert;
    D2f = "d2f", 1, 1, Convert;
    D2i = "d2i", 1, 1, Convert;
    D2u = "d2u", 1, 1, Convert;
    I2d = "i2d", 1, 1, Convert;
    U2d = "u2d", 1, 1, Convert;
    F2f16 = "f2f16", 1, 1, Convert;
    F162f = "f162f", 1, 1, Convert;
    // Moves.
    Mov = "mov", 1, 1, Move;
    Dmov = "dmov", 1, 1, Move;
    CmovLogical = "cmov_logical", 1, 3, Move;
    Cmov = "cmov", 1, 3, Move;
    // Structured flow control.
    IfLogicalnz = "if_logicalnz", 0, 1, Flow;
    IfLogicalz = "if_logicalz", 0, 1, Flow;
    Ifc = "ifc", 0, 2, Flow, Relop;
    Else = "else", 0, 0, Flow;
    Endif = "endif", 0, 0, Flow;
    Whileloop = "whileloop", 0, 0, Flow;
    Loop = "loop", 0, 0, Flow;
    Endloop = "endloop", 0, 0, Flow;
    Break = "break", 0, 0, Flow;
    BreakLogicalnz = "break_logicalnz", 0, 1, Flow;
    BreakLogicalz = "break_logicalz", 0, 1, Flow;
    Breakc = "breakc", 0, 2, Flow, Relop;
    Continue = "continue", 0, 0, Flow;
    ContinueLogicalnz = "continue_logicalnz", 0, 1, Flow;
    ContinueLogicalz = "continue_logicalz", 0, 1, Flow;
    Continuec = "continuec", 0, 2, Flow, Relop;
    Switch = "switch", 0, 1, Flow;
    Case = "case", 0, 0, Flow, Number;
    Default = "default", 0, 0, Flow;
    Endswitch = "endswitch", 0, 0, Flow;
    DiscardLogicalnz = "discard_logicalnz", 0, 1, Graphics;
    DiscardLogicalz = "discard_logicalz", 0, 1, Graphics;
    // Functions.
    Func = "func", 0, 0, Func, Number;
    Endfunc = "endfunc", 0, 0, Func;
    Call = "call", 0, 0, Func, Number;
    CallLogicalnz = "call_logicalnz", 0, 1, Func, Number;
    CallLogicalz = "call_logicalz", 0, 1, Func, Number;
    Ret = "ret", 0, 0, Func;
    RetDyn = "ret_dyn", 0, 0, Func;
    RetLogicalnz = "ret_logicalnz", 0, 1, Func;
    RetLogicalz = "ret_logicalz", 0, 1, Func;
    Endmain = "endmain", 0, 0, Func;
    End = "end", 0, 0, Func;
    // Macros; operands of mcall are parenthesised groups.
    Mdef = "mdef", 0, 0, Macro, Paren;
    Mend = "mend", 0, 0, Macro;
    Mcall = "mcall", 0, 2, Macro, Paren;
    // Memory.
    UavRawLoad = "uav_raw_load", 1, 1, Memory, Id;
    UavRawStore = "uav_raw_store", 1, 2, Memory, Id;
    UavArenaLoad = "uav_arena_load", 1, 1, Memory, Id;
    UavArenaStore = "uav_arena_store", 0, 2, Memory, Id;
    UavLoad = "uav_load", 1, 1, Memory, Id;
    UavStore = "uav_store", 0, 2, Memory, Id;
    UavByteLoad = "uav_byte_load", 1, 1, Memory, Id;
    UavUbyteLoad = "uav_ubyte_load", 1, 1, Memory, Id;
    UavShortLoad = "uav_short_load", 1, 1, Memory, Id;
    UavUshortLoad = "uav_ushort_load", 1, 1, Memory, Id;
    UavByteStore = "uav_byte_store", 0, 2, Memory, Id;
    UavShortStore = "uav_short_store", 0, 2, Memory, Id;
    LdsLoad = "lds_load", 1, 1, Memory, Id;
    LdsLoadByte = "lds_load_byte", 1, 1, Memory, Id;
    LdsLoadUbyte = "lds_load_ubyte", 1, 1, Memory, Id;
    LdsLoadShort = "lds_load_short", 1, 1, Memory, Id;
    LdsLoadUshort = "lds_load_ushort", 1, 1, Memory, Id;
    LdsStore = "lds_store", 0, 2, Memory, Id;
    LdsStoreByte = "lds_store_byte", 0, 2, Memory, Id;
    LdsStoreShort = "lds_store_short", 0, 2, Memory, Id;
    LdsLoadVec = "lds_load_vec", 1, 2, Memory, Id;
    LdsStoreVec = "lds_store_vec", 1, 3, Memory, Id;
    GdsLoad = "gds_load", 1, 1, Memory, Id;
    GdsStore = "gds_store", 0, 2, Memory, Id;
    // Atomics without return (address, value) and with return (dst, address, value).
    UavAdd = "uav_add", 0, 2, Atomic, Id;
    UavSub = "uav_sub", 0, 2, Atomic, Id;
    UavRsub = "uav_rsub", 0, 2, Atomic, Id;
    UavAnd = "uav_and", 0, 2, Atomic, Id;
    UavOr = "uav_or", 0, 2, Atomic, Id;
    UavXor = "uav_xor", 0, 2, Atomic, Id;
    UavMin = "uav_min", 0, 2, Atomic, Id;
    UavMax = "uav_max", 0, 2, Atomic, Id;
    UavUmin = "uav_umin", 0, 2, Atomic, Id;
    UavUmax = "uav_umax", 0, 2, Atomic, Id;
    UavUinc = "uav_uinc", 0, 2, Atomic, Id;
    UavUdec = "uav_udec", 0, 2, Atomic, Id;
    UavCmp = "uav_cmp", 0, 3, Atomic, Id;
    UavReadAdd = "uav_read_add", 1, 2, Atomic, Id;
    UavReadSub = "uav_read_sub", 1, 2, Atomic, Id;
    UavReadRsub = "uav_read_rsub", 1, 2, Atomic, Id;
    UavReadAnd = "uav_read_and", 1, 2, Atomic, Id;
    UavReadOr = "uav_read_or", 1, 2, Atomic, Id;
    UavReadXor = "uav_read_xor", 1, 2, Atomic, Id;
    UavReadMin = "uav_read_min", 1, 2, Atomic, Id;
    UavReadMax = "uav_read_max", 1, 2, Atomic, Id;
    UavReadUmin = "uav_read_umin", 1, 2, Atomic, Id;
    UavReadUmax = "uav_read_umax", 1, 2, Atomic, Id;
    UavReadUinc = "uav_read_uinc", 1, 2, Atomic, Id;
    UavReadUdec = "uav_read_udec", 1, 2, Atomic, Id;
    UavReadXchg = "uav_read_xchg", 1, 2, Atomic, Id;
    UavReadCmpXchg = "uav_read_cmp_xchg", 1, 3, Atomic, Id;
    LdsAdd = "lds_add", 0, 2, Atomic, Id;
    LdsSub = "lds_sub", 0, 2, Atomic, Id;
    LdsRsub = "lds_rsub", 0, 2, Atomic, Id;
    LdsAnd = "lds_and", 0, 2, Atomic, Id;
    LdsOr = "lds_or", 0, 2, Atomic, Id;
    LdsXor = "lds_xor", 0, 2, Atomic, Id;
    LdsMin = "lds_min", 0, 2, Atomic, Id;
    LdsMax = "lds_max", 0, 2, Atomic, Id;
    LdsUmin = "lds_umin", 0, 2, Atomic, Id;
    LdsUmax = "lds_umax", 0, 2, Atomic, Id;
    LdsInc = "lds_inc", 0, 2, Atomic, Id;
    LdsDec = "lds_dec", 0, 2, Atomic, Id;
    LdsCmp = "lds_cmp", 0, 3, Atomic, Id;
    LdsMskor = "lds_mskor", 0, 3, Atomic, Id;
    LdsReadAdd = "lds_read_add", 1, 2, Atomic, Id;
    LdsReadSub = "lds_read_sub", 1, 2, Atomic, Id;
    LdsReadRsub = "lds_read_rsub", 1, 2, Atomic, Id;
    LdsReadAnd = "lds_read_and", 1, 2, Atomic, Id;
    LdsReadOr = "lds_read_or", 1, 2, Atomic, Id;
    LdsReadXor = "lds_read_xor", 1, 2, Atomic, Id;
    LdsReadMin = "lds_read_min", 1, 2, Atomic, Id;
    LdsReadMax = "lds_read_max", 1, 2, Atomic, Id;
    LdsReadUmin = "lds_read_umin", 1, 2, Atomic, Id;
    LdsReadUmax = "lds_read_umax", 1, 2, Atomic, Id;
    LdsReadInc = "lds_read_inc", 1, 2, Atomic, Id;
    LdsReadDec = "lds_read_dec", 1, 2, Atomic, Id;
    LdsReadXchg = "lds_read_xchg", 1, 2, Atomic, Id;
    LdsReadCmpXchg = "lds_read_cmp_xchg", 1, 3, Atomic, Id;
    LdsReadMskor = "lds_read_mskor", 1, 3, Atomic, Id;
    GdsAdd = "gds_add", 0, 2, Atomic, Id;
    GdsSub = "gds_sub", 0, 2, Atomic, Id;
    GdsAnd = "gds_and", 0, 2, Atomic, Id;
    GdsOr = "gds_or", 0, 2, Atomic, Id;
    GdsXor = "gds_xor", 0, 2, Atomic, Id;
    GdsMin = "gds_min", 0, 2, Atomic, Id;
    GdsMax = "gds_max", 0, 2, Atomic, Id;
    GdsUmin = "gds_umin", 0, 2, Atomic, Id;
    GdsUmax = "gds_umax", 0, 2, Atomic, Id;
    GdsReadAdd = "gds_read_add", 1, 2, Atomic, Id;
    GdsReadXchg = "gds_read_xchg", 1, 2, Atomic, Id;
    GdsReadCmpXchg = "gds_read_cmp_xchg", 1, 3, Atomic, Id;
    Fence = "fence", 0, 0, Fence;
    AppendBufAlloc = "append_buf_alloc", 1, 0, Append, Id;
    AppendBufConsume = "append_buf_consume", 1, 0, Append, Id;
    // Texture reads: the resource is `_resource(n)`; `sample` takes `_sampler(m)` and
    // float coordinates, `load` integer ones (docs/spec/amd-il.md#images).
    Sample = "sample", 1, 1, Image, Id;
    Load = "load", 1, 1, Image, Id;
    // Graphics: parsed and validated for counts, not executed by the emulator.
    Discard = "discard", 0, 0, Graphics;

}

impl Opcode {
    /// The opcode's row of the table.
    pub fn info(self) -> &'static OpInfo {
        &OPCODES[self as usize]
    }

    /// The mnemonic as IL text spells it (without controls).
    pub fn mnemonic(self) -> &'static str {
        self.info().name
    }

    pub fn class(self) -> Class {
        self.info().class
    }

    /// The opcode spelled exactly `name` (no controls), if any.
    pub fn from_mnemonic(name: &str) -> Option<Opcode> {
        index().get(name).copied()
    }

    /// Memory instructions whose destination is `memN` (stores).
    pub fn is_store(self) -> bool {
        self.class() == Memory && {
            let n = self.mnemonic();
            n.ends_with("_store") || n.ends_with("_store_vec")
        }
    }

    /// The kind of resource whose `_id(n)` the instruction names, when it uses one.
    pub fn resource(self) -> Option<Resource> {
        if self.class() == Decl {
            return None;
        }
        let n = self.mnemonic();
        if n.starts_with("append_buf") {
            Some(Resource::Counter)
        } else if n.starts_with("uav_") {
            Some(Resource::Uav)
        } else if n.starts_with("lds_") {
            Some(Resource::Lds)
        } else if n.starts_with("gds_") {
            Some(Resource::Gds)
        } else if self.class() == Image {
            Some(Resource::Texture)
        } else {
            None
        }
    }

    /// Does the instruction write a 64-bit result (a component pair, `.xy` or `.zw`)?
    pub fn writes_pair(self) -> bool {
        use Opcode::*;
        match self.class() {
            Int64 => true,
            Double => !matches!(self, Deq | Dne | Dlt | Dge),
            Convert => matches!(self, F2d | I2d | U2d),
            Move => self == Dmov,
            _ => false,
        }
    }
}

/// An opcode known at compile time (a type of [`op`]), with its row of the table as
/// constants, so that the builder can check operand counts when it is compiled.
pub trait OpSpec: Copy {
    const OPCODE: Opcode;
    const DST: u8;
    const SRC: u8;
    const SRC_MAX: u8;
    const NEEDS: Needs;
    const CLASS: Class;
}

/// The resource kinds that `_id(n)` names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Resource {
    Uav,
    Lds,
    Gds,
    /// Texture resources (`dcl_resource_id(n)`).
    Texture,
    /// Append (atomic) counters, `append_buf_alloc_id(n)`: ids 0–7 of their own (the
    /// `;counter:` line's ID; seed 003 gives counters the resource range 0–7), kept by
    /// the hardware in GDS and bound by the runtime, so nothing declares them.
    Counter,
}

impl std::fmt::Display for Opcode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.mnemonic())
    }
}

/// An opcode reads as its row of the table (`op.name`, `op.class`, `op.dst`).
impl std::ops::Deref for Opcode {
    type Target = OpInfo;
    fn deref(&self) -> &OpInfo {
        self.info()
    }
}

/// Look a base mnemonic up in the table.
pub fn lookup(name: &str) -> Option<Opcode> {
    Opcode::from_mnemonic(name)
}

/// The longest table mnemonic that `word` starts with, where the rest is empty or
/// begins with `_` or `(` (a control). Returns the opcode and the length matched.
pub fn split_mnemonic(word: &str) -> Option<(Opcode, usize)> {
    let index = index();
    // Candidate ends: the whole word and every `_` or `(`, longest first.
    let ends = word
        .bytes()
        .enumerate()
        .filter(|(_, b)| *b == b'_' || *b == b'(')
        .map(|(i, _)| i)
        .chain(std::iter::once(word.len()));
    let mut best: Option<(Opcode, usize)> = None;
    for end in ends {
        if let Some(o) = index.get(&word[..end]) {
            best = Some((*o, end));
        }
    }
    best
}

fn index() -> &'static std::collections::HashMap<&'static str, Opcode> {
    static INDEX: std::sync::OnceLock<std::collections::HashMap<&'static str, Opcode>> =
        std::sync::OnceLock::new();
    INDEX.get_or_init(|| OPCODES.iter().map(|o| (o.name, o.opcode)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        for (i, a) in OPCODES.iter().enumerate() {
            for b in &OPCODES[i + 1..] {
                assert_ne!(a.name, b.name, "duplicate opcode");
            }
        }
    }

    #[test]
    fn the_enum_indexes_the_table() {
        for (i, o) in OPCODES.iter().enumerate() {
            assert_eq!(o.opcode as usize, i);
            assert_eq!(Opcode::from_mnemonic(o.name), Some(o.opcode));
            assert_eq!(o.opcode.mnemonic(), o.name);
            assert!(o.src <= o.src_max, "{}", o.name);
        }
        assert_eq!(Opcode::UavRawLoad.mnemonic(), "uav_raw_load");
        assert_eq!(Opcode::from_mnemonic("uav_raw_load_id(1)"), None);
    }

    #[test]
    fn longest_prefix_wins() {
        let (o, n) = split_mnemonic("uav_raw_load_id(1)_cached").unwrap();
        assert_eq!((o.name, n), ("uav_raw_load", 12));
        assert_eq!(
            split_mnemonic("lds_load_vec_id(1)").unwrap().0.name,
            "lds_load_vec"
        );
        assert_eq!(split_mnemonic("ifc_relop(eq)").unwrap().0.name, "ifc");
        assert_eq!(
            split_mnemonic("break_logicalnz").unwrap().0.name,
            "break_logicalnz"
        );
        assert_eq!(split_mnemonic("mdef(3)_out(1)").unwrap().0.name, "mdef");
        assert!(split_mnemonic("addx").is_none());
    }
}
