//! The IL opcode table: the one place that says which mnemonics exist, how many
//! destination and source operands each takes, and what kind of operation it is.
//!
//! The parser splits a mnemonic such as `uav_raw_load_id(1)_cached` into the longest
//! table name that prefixes it (`uav_raw_load`) and its instruction controls (`id(1)`,
//! `cached`). The validator checks operand counts and required controls from here, and the
//! emulator dispatches on [`Class`] and the name. Operand counts follow the AMD IL
//! reference as summarised in `shared/reference/amdil.md` section 5.

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
    /// Texture sampling and pixel-shader only operations (parsed, not executed).
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

const fn op(name: &'static str, dst: u8, src: u8, class: Class) -> OpInfo {
    OpInfo {
        name,
        dst,
        src,
        src_max: src,
        class,
        needs: Needs::Nothing,
    }
}

const fn opn(name: &'static str, dst: u8, src: u8, class: Class, needs: Needs) -> OpInfo {
    OpInfo {
        name,
        dst,
        src,
        src_max: src,
        class,
        needs,
    }
}

const fn opv(name: &'static str, src: u8, src_max: u8, needs: Needs) -> OpInfo {
    OpInfo {
        name,
        dst: 0,
        src,
        src_max,
        class: Class::Decl,
        needs,
    }
}

use Class::*;
use Needs::{Id, Number, Paren, Relop};

/// Every opcode the toolkit knows. Kept sorted by group for reading; lookups go through
/// [`lookup`], which does not depend on the order.
pub static OPCODES: &[OpInfo] = &[
    // Declarations. Their operands are declaration operands (registers or numbers).
    opv("dcl_cb", 1, 1, Needs::Nothing),
    opv("dcl_literal", 5, 5, Needs::Nothing),
    opv("dcl_num_thread_per_group", 1, 3, Needs::Nothing),
    opv("dcl_max_thread_per_group", 1, 1, Needs::Nothing),
    opv("dcl_num_thread_per_blk", 1, 1, Needs::Nothing),
    opv("dcl_lds", 1, 1, Id),
    opv("dcl_struct_lds", 2, 2, Id),
    opv("dcl_lds_size_per_thread", 1, 1, Needs::Nothing),
    opv("dcl_lds_sharing_mode", 0, 0, Needs::Nothing),
    opv("dcl_gds", 1, 1, Id),
    opv("dcl_struct_gds", 2, 2, Id),
    opv("dcl_raw_uav", 0, 0, Id),
    opv("dcl_arena_uav", 0, 0, Id),
    opv("dcl_uav", 0, 0, Id),
    opv("dcl_typeless_uav", 0, 0, Id),
    opv("dcl_struct_uav", 1, 1, Id),
    opv("dcl_indexed_temp_array", 1, 1, Needs::Nothing),
    opv("dcl_index_temp_array", 1, 1, Needs::Nothing),
    opv("dcl_resource", 0, 0, Id),
    opv("dcl_input", 1, 1, Needs::Nothing),
    opv("dcl_input_generic", 1, 1, Needs::Nothing),
    opv("dcl_input_position", 1, 1, Needs::Nothing),
    opv("dcl_output", 1, 1, Needs::Nothing),
    opv("dcl_output_generic", 1, 1, Needs::Nothing),
    opv("dcl_global_flags", 0, 0, Needs::Nothing),
    opv("dcl_shared_temp", 1, 1, Needs::Nothing),
    // Float ALU.
    op("add", 1, 2, Float),
    op("sub", 1, 2, Float),
    op("mul", 1, 2, Float),
    op("div", 1, 2, Float),
    op("min", 1, 2, Float),
    op("max", 1, 2, Float),
    op("mod", 1, 2, Float),
    op("mad", 1, 3, Float),
    op("fma", 1, 3, Float),
    op("lrp", 1, 3, Float),
    op("frc", 1, 1, Float),
    op("flr", 1, 1, Float),
    op("rnd", 1, 1, Float),
    op("round_nearest", 1, 1, Float),
    op("round_neginf", 1, 1, Float),
    op("round_plusinf", 1, 1, Float),
    op("round_z", 1, 1, Float),
    op("trc", 1, 1, Float),
    op("abs", 1, 1, Float),
    op("sgn", 1, 1, Float),
    op("dp2", 1, 2, Float),
    op("dp3", 1, 2, Float),
    op("dp4", 1, 2, Float),
    op("dp2add", 1, 3, Float),
    op("exp_vec", 1, 1, Float),
    op("log_vec", 1, 1, Float),
    op("sqrt_vec", 1, 1, Float),
    op("rsq_vec", 1, 1, Float),
    op("sin_vec", 1, 1, Float),
    op("cos_vec", 1, 1, Float),
    op("rcp", 1, 1, Float),
    op("rcp_vec", 1, 1, Float),
    op("exp", 1, 1, Float),
    op("log", 1, 1, Float),
    op("sqrt", 1, 1, Float),
    op("rsq", 1, 1, Float),
    op("sin", 1, 1, Float),
    op("cos", 1, 1, Float),
    op("eq", 1, 2, FloatCmp),
    op("ne", 1, 2, FloatCmp),
    op("lt", 1, 2, FloatCmp),
    op("ge", 1, 2, FloatCmp),
    // Integer ALU.
    op("iadd", 1, 2, Int),
    op("inegate", 1, 1, Int),
    op("imul", 1, 2, Int),
    op("imul_high", 1, 2, Int),
    op("umul", 1, 2, Int),
    op("umul_high", 1, 2, Int),
    op("idiv", 1, 2, Int),
    op("udiv", 1, 2, Int),
    op("imod", 1, 2, Int),
    op("umod", 1, 2, Int),
    op("imin", 1, 2, Int),
    op("imax", 1, 2, Int),
    op("umin", 1, 2, Int),
    op("umax", 1, 2, Int),
    op("imad", 1, 3, Int),
    op("umad", 1, 3, Int),
    op("imad24", 1, 3, Int),
    op("umad24", 1, 3, Int),
    op("imul24", 1, 2, Int),
    op("umul24", 1, 2, Int),
    op("imul24_high", 1, 2, Int),
    op("umul24_high", 1, 2, Int),
    op("ieq", 1, 2, IntCmp),
    op("ine", 1, 2, IntCmp),
    op("ilt", 1, 2, IntCmp),
    op("ige", 1, 2, IntCmp),
    op("ult", 1, 2, IntCmp),
    op("uge", 1, 2, IntCmp),
    // Bitwise.
    op("iand", 1, 2, Bit),
    op("and", 1, 2, Bit),
    op("ior", 1, 2, Bit),
    op("ixor", 1, 2, Bit),
    op("inot", 1, 1, Bit),
    op("ishl", 1, 2, Bit),
    op("ishr", 1, 2, Bit),
    op("ushr", 1, 2, Bit),
    op("icbits", 1, 1, Bit),
    op("ffb_hi", 1, 1, Bit),
    op("ffb_lo", 1, 1, Bit),
    op("ffb_shi", 1, 1, Bit),
    op("ubit_reverse", 1, 1, Bit),
    op("ubit_extract", 1, 3, Bit),
    op("ibit_extract", 1, 3, Bit),
    op("ubit_insert", 1, 4, Bit),
    op("bfi", 1, 3, Bit),
    op("bfm", 1, 2, Bit),
    op("bitalign", 1, 3, Bit),
    op("bytealign", 1, 3, Bit),
    // 64-bit integers on .xy.
    op("i64add", 1, 2, Int64),
    op("i64sub", 1, 2, Int64),
    op("i64negate", 1, 1, Int64),
    op("i64mul", 1, 2, Int64),
    op("u64mul", 1, 2, Int64),
    op("i64div", 1, 2, Int64),
    op("u64div", 1, 2, Int64),
    op("i64mod", 1, 2, Int64),
    op("u64mod", 1, 2, Int64),
    op("i64shl", 1, 2, Int64),
    op("i64shr", 1, 2, Int64),
    op("u64shr", 1, 2, Int64),
    op("i64eq", 1, 2, Int64),
    op("i64ne", 1, 2, Int64),
    op("i64lt", 1, 2, Int64),
    op("i64ge", 1, 2, Int64),
    op("u64lt", 1, 2, Int64),
    op("u64ge", 1, 2, Int64),
    op("i64min", 1, 2, Int64),
    op("i64max", 1, 2, Int64),
    op("u64min", 1, 2, Int64),
    op("u64max", 1, 2, Int64),
    // Doubles on .xy.
    op("dadd", 1, 2, Double),
    op("dmul", 1, 2, Double),
    op("ddiv", 1, 2, Double),
    op("dmin", 1, 2, Double),
    op("dmax", 1, 2, Double),
    op("dldexp", 1, 2, Double),
    op("deq", 1, 2, Double),
    op("dne", 1, 2, Double),
    op("dlt", 1, 2, Double),
    op("dge", 1, 2, Double),
    op("dmad", 1, 3, Double),
    op("dfma", 1, 3, Double),
    op("dfrac", 1, 1, Double),
    op("dfrexp", 1, 1, Double),
    op("dsqrt", 1, 1, Double),
    op("drcp", 1, 1, Double),
    op("drsq", 1, 1, Double),
    op("dabs", 1, 1, Double),
    // Conversions.
    op("ftoi", 1, 1, Convert),
    op("ftou", 1, 1, Convert),
    op("itof", 1, 1, Convert),
    op("utof", 1, 1, Convert),
    op("f2d", 1, 1, Convert),
    op("d2f", 1, 1, Convert),
    op("d2i", 1, 1, Convert),
    op("d2u", 1, 1, Convert),
    op("i2d", 1, 1, Convert),
    op("u2d", 1, 1, Convert),
    op("f2f16", 1, 1, Convert),
    op("f162f", 1, 1, Convert),
    // Moves.
    op("mov", 1, 1, Move),
    op("dmov", 1, 1, Move),
    op("cmov_logical", 1, 3, Move),
    op("cmov", 1, 3, Move),
    // Structured flow control.
    op("if_logicalnz", 0, 1, Flow),
    op("if_logicalz", 0, 1, Flow),
    opn("ifc", 0, 2, Flow, Relop),
    op("else", 0, 0, Flow),
    op("endif", 0, 0, Flow),
    op("whileloop", 0, 0, Flow),
    op("loop", 0, 0, Flow),
    op("endloop", 0, 0, Flow),
    op("break", 0, 0, Flow),
    op("break_logicalnz", 0, 1, Flow),
    op("break_logicalz", 0, 1, Flow),
    opn("breakc", 0, 2, Flow, Relop),
    op("continue", 0, 0, Flow),
    op("continue_logicalnz", 0, 1, Flow),
    op("continue_logicalz", 0, 1, Flow),
    opn("continuec", 0, 2, Flow, Relop),
    op("switch", 0, 1, Flow),
    opn("case", 0, 0, Flow, Number),
    op("default", 0, 0, Flow),
    op("endswitch", 0, 0, Flow),
    op("discard_logicalnz", 0, 1, Graphics),
    op("discard_logicalz", 0, 1, Graphics),
    // Functions.
    opn("func", 0, 0, Func, Number),
    op("endfunc", 0, 0, Func),
    opn("call", 0, 0, Func, Number),
    opn("call_logicalnz", 0, 1, Func, Number),
    opn("call_logicalz", 0, 1, Func, Number),
    op("ret", 0, 0, Func),
    op("ret_dyn", 0, 0, Func),
    op("ret_logicalnz", 0, 1, Func),
    op("ret_logicalz", 0, 1, Func),
    op("endmain", 0, 0, Func),
    op("end", 0, 0, Func),
    // Macros; operands of mcall are parenthesised groups.
    opn("mdef", 0, 0, Macro, Paren),
    op("mend", 0, 0, Macro),
    opn("mcall", 0, 2, Macro, Paren),
    // Memory.
    opn("uav_raw_load", 1, 1, Memory, Id),
    opn("uav_raw_store", 1, 2, Memory, Id),
    opn("uav_arena_load", 1, 1, Memory, Id),
    opn("uav_arena_store", 0, 2, Memory, Id),
    opn("uav_load", 1, 1, Memory, Id),
    opn("uav_store", 0, 2, Memory, Id),
    opn("uav_byte_load", 1, 1, Memory, Id),
    opn("uav_ubyte_load", 1, 1, Memory, Id),
    opn("uav_short_load", 1, 1, Memory, Id),
    opn("uav_ushort_load", 1, 1, Memory, Id),
    opn("uav_byte_store", 0, 2, Memory, Id),
    opn("uav_short_store", 0, 2, Memory, Id),
    opn("lds_load", 1, 1, Memory, Id),
    opn("lds_load_byte", 1, 1, Memory, Id),
    opn("lds_load_ubyte", 1, 1, Memory, Id),
    opn("lds_load_short", 1, 1, Memory, Id),
    opn("lds_load_ushort", 1, 1, Memory, Id),
    opn("lds_store", 0, 2, Memory, Id),
    opn("lds_store_byte", 0, 2, Memory, Id),
    opn("lds_store_short", 0, 2, Memory, Id),
    opn("lds_load_vec", 1, 2, Memory, Id),
    opn("lds_store_vec", 1, 3, Memory, Id),
    opn("gds_load", 1, 1, Memory, Id),
    opn("gds_store", 0, 2, Memory, Id),
    // Atomics without return (address, value) and with return (dst, address, value).
    opn("uav_add", 0, 2, Atomic, Id),
    opn("uav_sub", 0, 2, Atomic, Id),
    opn("uav_rsub", 0, 2, Atomic, Id),
    opn("uav_and", 0, 2, Atomic, Id),
    opn("uav_or", 0, 2, Atomic, Id),
    opn("uav_xor", 0, 2, Atomic, Id),
    opn("uav_min", 0, 2, Atomic, Id),
    opn("uav_max", 0, 2, Atomic, Id),
    opn("uav_umin", 0, 2, Atomic, Id),
    opn("uav_umax", 0, 2, Atomic, Id),
    opn("uav_uinc", 0, 2, Atomic, Id),
    opn("uav_udec", 0, 2, Atomic, Id),
    opn("uav_cmp", 0, 3, Atomic, Id),
    opn("uav_read_add", 1, 2, Atomic, Id),
    opn("uav_read_sub", 1, 2, Atomic, Id),
    opn("uav_read_rsub", 1, 2, Atomic, Id),
    opn("uav_read_and", 1, 2, Atomic, Id),
    opn("uav_read_or", 1, 2, Atomic, Id),
    opn("uav_read_xor", 1, 2, Atomic, Id),
    opn("uav_read_min", 1, 2, Atomic, Id),
    opn("uav_read_max", 1, 2, Atomic, Id),
    opn("uav_read_umin", 1, 2, Atomic, Id),
    opn("uav_read_umax", 1, 2, Atomic, Id),
    opn("uav_read_uinc", 1, 2, Atomic, Id),
    opn("uav_read_udec", 1, 2, Atomic, Id),
    opn("uav_read_xchg", 1, 2, Atomic, Id),
    opn("uav_read_cmp_xchg", 1, 3, Atomic, Id),
    opn("lds_add", 0, 2, Atomic, Id),
    opn("lds_sub", 0, 2, Atomic, Id),
    opn("lds_rsub", 0, 2, Atomic, Id),
    opn("lds_and", 0, 2, Atomic, Id),
    opn("lds_or", 0, 2, Atomic, Id),
    opn("lds_xor", 0, 2, Atomic, Id),
    opn("lds_min", 0, 2, Atomic, Id),
    opn("lds_max", 0, 2, Atomic, Id),
    opn("lds_umin", 0, 2, Atomic, Id),
    opn("lds_umax", 0, 2, Atomic, Id),
    opn("lds_inc", 0, 2, Atomic, Id),
    opn("lds_dec", 0, 2, Atomic, Id),
    opn("lds_cmp", 0, 3, Atomic, Id),
    opn("lds_mskor", 0, 3, Atomic, Id),
    opn("lds_read_add", 1, 2, Atomic, Id),
    opn("lds_read_sub", 1, 2, Atomic, Id),
    opn("lds_read_rsub", 1, 2, Atomic, Id),
    opn("lds_read_and", 1, 2, Atomic, Id),
    opn("lds_read_or", 1, 2, Atomic, Id),
    opn("lds_read_xor", 1, 2, Atomic, Id),
    opn("lds_read_min", 1, 2, Atomic, Id),
    opn("lds_read_max", 1, 2, Atomic, Id),
    opn("lds_read_umin", 1, 2, Atomic, Id),
    opn("lds_read_umax", 1, 2, Atomic, Id),
    opn("lds_read_inc", 1, 2, Atomic, Id),
    opn("lds_read_dec", 1, 2, Atomic, Id),
    opn("lds_read_xchg", 1, 2, Atomic, Id),
    opn("lds_read_cmp_xchg", 1, 3, Atomic, Id),
    opn("lds_read_mskor", 1, 3, Atomic, Id),
    opn("gds_add", 0, 2, Atomic, Id),
    opn("gds_sub", 0, 2, Atomic, Id),
    opn("gds_and", 0, 2, Atomic, Id),
    opn("gds_or", 0, 2, Atomic, Id),
    opn("gds_xor", 0, 2, Atomic, Id),
    opn("gds_min", 0, 2, Atomic, Id),
    opn("gds_max", 0, 2, Atomic, Id),
    opn("gds_umin", 0, 2, Atomic, Id),
    opn("gds_umax", 0, 2, Atomic, Id),
    opn("gds_read_add", 1, 2, Atomic, Id),
    opn("gds_read_xchg", 1, 2, Atomic, Id),
    opn("gds_read_cmp_xchg", 1, 3, Atomic, Id),
    op("fence", 0, 0, Fence),
    opn("append_buf_alloc", 1, 0, Append, Id),
    opn("append_buf_consume", 1, 0, Append, Id),
    // Graphics: parsed and validated for counts, not executed by the emulator.
    op("sample", 1, 1, Graphics),
    op("load", 1, 1, Graphics),
    op("discard", 0, 0, Graphics),
];

/// Look a base mnemonic up in the table.
pub fn lookup(name: &str) -> Option<&'static OpInfo> {
    OPCODES.iter().find(|o| o.name == name)
}

/// The longest table mnemonic that `word` starts with, where the rest is empty or
/// begins with `_` or `(` (a control). Returns the entry and the length matched.
pub fn split_mnemonic(word: &str) -> Option<(&'static OpInfo, usize)> {
    let index = INDEX.get_or_init(|| OPCODES.iter().map(|o| (o.name, o)).collect());
    // Candidate ends: the whole word and every `_` or `(`, longest first.
    let ends = word
        .bytes()
        .enumerate()
        .filter(|(_, b)| *b == b'_' || *b == b'(')
        .map(|(i, _)| i)
        .chain(std::iter::once(word.len()));
    let mut best: Option<(&'static OpInfo, usize)> = None;
    for end in ends {
        if let Some(o) = index.get(&word[..end]) {
            best = Some((*o, end));
        }
    }
    best
}

static INDEX: std::sync::OnceLock<std::collections::HashMap<&'static str, &'static OpInfo>> =
    std::sync::OnceLock::new();

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
