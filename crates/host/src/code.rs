//! The pre-decoded form the interpreter runs.
//!
//! Every SSA value of a function owns `lanes` consecutive slots (one `u64` each) in the
//! function's register frame; operands are slot numbers. Constants and global addresses
//! are written into the frame's initial contents (`template`) once, so they cost nothing
//! at run time. Block parameters become moves on the edges that pass them. Hot scalar
//! operations have their own variants (`AddI32`, `FMulF32`, ...); everything else goes
//! through generic lane-wise variants that call [`kauai_ir::lanes`].

use kauai_ir::{AtomicOp, BinaryOp, ConvOp, FloatCC, IntCC, MathFn, Rounding, Scalar, UnaryOp};

pub(crate) type S = u32;

/// Pointer encoding: region number in the high bits, byte offset in the low 40.
pub(crate) const OFFSET_BITS: u32 = 40;
pub(crate) const OFFSET_MASK: u64 = (1 << OFFSET_BITS) - 1;
pub(crate) const REGION_NULL: u64 = 0;
pub(crate) const REGION_PRIVATE: u64 = 1;
/// Module globals are regions `REGION_GLOBALS + index`, kernel arguments follow them.
pub(crate) const REGION_GLOBALS: u64 = 2;

pub(crate) fn make_ptr(region: u64, offset: u64) -> u64 {
    (region << OFFSET_BITS) | (offset & OFFSET_MASK)
}

pub(crate) use kauai_ir::builtins::Query;

#[derive(Copy, Clone, Debug)]
pub(crate) enum Op {
    Mov {
        d: S,
        a: S,
    },
    MovN {
        d: S,
        a: S,
        n: u32,
    },
    AddI32 {
        d: S,
        a: S,
        b: S,
    },
    SubI32 {
        d: S,
        a: S,
        b: S,
    },
    MulI32 {
        d: S,
        a: S,
        b: S,
    },
    ShlI32 {
        d: S,
        a: S,
        b: S,
    },
    LshrI32 {
        d: S,
        a: S,
        b: S,
    },
    AshrI32 {
        d: S,
        a: S,
        b: S,
    },
    AddI64 {
        d: S,
        a: S,
        b: S,
    },
    SubI64 {
        d: S,
        a: S,
        b: S,
    },
    MulI64 {
        d: S,
        a: S,
        b: S,
    },
    ShlI64 {
        d: S,
        a: S,
        b: S,
    },
    LshrI64 {
        d: S,
        a: S,
        b: S,
    },
    AshrI64 {
        d: S,
        a: S,
        b: S,
    },
    /// Bitwise operations keep zero-extended lanes zero-extended, whatever the width.
    And {
        d: S,
        a: S,
        b: S,
    },
    Or {
        d: S,
        a: S,
        b: S,
    },
    Xor {
        d: S,
        a: S,
        b: S,
    },
    FAddF32 {
        d: S,
        a: S,
        b: S,
    },
    FSubF32 {
        d: S,
        a: S,
        b: S,
    },
    FMulF32 {
        d: S,
        a: S,
        b: S,
    },
    FDivF32 {
        d: S,
        a: S,
        b: S,
    },
    FAddF64 {
        d: S,
        a: S,
        b: S,
    },
    FSubF64 {
        d: S,
        a: S,
        b: S,
    },
    FMulF64 {
        d: S,
        a: S,
        b: S,
    },
    FDivF64 {
        d: S,
        a: S,
        b: S,
    },
    IcmpI32 {
        cc: IntCC,
        d: S,
        a: S,
        b: S,
    },
    IcmpI64 {
        cc: IntCC,
        d: S,
        a: S,
        b: S,
    },
    FcmpF32 {
        cc: FloatCC,
        d: S,
        a: S,
        b: S,
    },
    FcmpF64 {
        cc: FloatCC,
        d: S,
        a: S,
        b: S,
    },
    Select {
        d: S,
        c: S,
        a: S,
        b: S,
    },
    Unary {
        op: UnaryOp,
        sc: Scalar,
        n: u8,
        d: S,
        a: S,
    },
    Binary {
        op: BinaryOp,
        sc: Scalar,
        n: u8,
        d: S,
        a: S,
        b: S,
    },
    Icmp {
        cc: IntCC,
        bits: u8,
        n: u8,
        d: S,
        a: S,
        b: S,
    },
    Fcmp {
        cc: FloatCC,
        sc: Scalar,
        n: u8,
        d: S,
        a: S,
        b: S,
    },
    /// Lane-wise select; `cvec` says whether the condition is a vector.
    SelectV {
        n: u8,
        cvec: bool,
        d: S,
        c: S,
        a: S,
        b: S,
    },
    Convert(u32),
    Math(u32),
    ExtractDyn {
        n: u8,
        ibits: u8,
        d: S,
        v: S,
        i: S,
    },
    /// `al`: log2 of the instruction's alignment, which the address must honour.
    Load {
        eb: u8,
        n: u8,
        al: u8,
        d: S,
        p: S,
    },
    Store {
        eb: u8,
        n: u8,
        al: u8,
        p: S,
        v: S,
    },
    Atomic(u32),
    CmpXchg {
        eb: u8,
        d: S,
        p: S,
        e: S,
        v: S,
    },
    PtrAdd {
        obits: u8,
        d: S,
        p: S,
        o: S,
    },
    Alloca(u32),
    Fence,
    /// The uninit check's builtins (`kauai_ir::builtins::CheckBuiltin`).
    ShadowLoad {
        d: S,
        a: S,
        n: S,
    },
    ShadowStore {
        a: S,
        n: S,
        s: S,
    },
    Uninit {
        s: S,
        what: S,
        a: S,
    },
    /// The async check's markers: a copy's destination, source, element count,
    /// stride and event (index into [`FuncCode::async_copies`]); a wait's event count,
    /// list address and bytes per event.
    AsyncCopy(u32),
    AsyncWait {
        n: S,
        list: S,
        bytes: S,
    },
    Query {
        q: Query,
        bits: u8,
        d: S,
        dim: S,
    },
    Barrier {
        id: S,
    },
    Collective(u32),
    Dma(u32),
    /// A `printf` call: index into [`FuncCode::printfs`].
    Printf(u32),
    /// An image builtin: index into [`FuncCode::images`].
    Image(u32),
    VecGroup(u32),
    Call(u32),
    Ret {
        a: S,
        n: u32,
        cnt: u32,
    },
    RetVoid {
        cnt: u32,
    },
    Jump {
        t: u32,
        cnt: u32,
    },
    /// A jump that ends an edge's moves (its block was already counted).
    Goto {
        t: u32,
    },
    Brif {
        c: S,
        t: u32,
        e: u32,
        cnt: u32,
    },
    /// A compare whose only use is the block's `brif`, fused with it.
    BrIcmpI32 {
        cc: IntCC,
        cnt: u16,
        a: S,
        b: S,
        t: u32,
        e: u32,
    },
    BrIcmpI64 {
        cc: IntCC,
        cnt: u16,
        a: S,
        b: S,
        t: u32,
        e: u32,
    },
    BrFcmpF32 {
        cc: FloatCC,
        cnt: u16,
        a: S,
        b: S,
        t: u32,
        e: u32,
    },
    BrFcmpF64 {
        cc: FloatCC,
        cnt: u16,
        a: S,
        b: S,
        t: u32,
        e: u32,
    },
    Switch {
        idx: u32,
        cnt: u32,
    },
    Unreachable,
    /// Something this executor cannot do; the string says what.
    Fail(u32),
}

#[derive(Clone, Debug)]
pub(crate) struct ConvInfo {
    pub op: ConvOp,
    pub from: Option<Scalar>,
    pub to: Option<Scalar>,
    pub rounding: Rounding,
    pub sat: bool,
    pub n: u32,
    pub d: S,
    pub a: S,
    /// Bitcast between different lane shapes: source lane width and count.
    pub reshape: Option<(u32, u32, u32)>,
}

#[derive(Clone, Debug)]
pub(crate) struct MathInfo {
    pub f: MathFn,
    pub sc: Scalar,
    pub n: u32,
    pub d: S,
    pub args: Vec<(S, Scalar)>,
}

#[derive(Clone, Debug)]
pub(crate) struct AtomicInfo {
    pub op: AtomicOp,
    pub sc: Scalar,
    pub d: Option<S>,
    pub p: S,
    pub v: S,
}

#[derive(Clone, Debug)]
pub(crate) struct CallInfo {
    pub func: u32,
    /// (caller slot, callee slot, lanes) per argument.
    pub args: Vec<(S, S, u32)>,
    pub d: Option<(S, u32)>,
}

#[derive(Clone, Debug)]
pub(crate) struct SwitchInfo {
    pub arg: S,
    pub bits: u32,
    pub cases: Vec<(u64, u32)>,
    pub default: u32,
}

/// Work-group collectives (`__mux_work_group_*`).
#[derive(Clone, Debug)]
pub(crate) struct CollInfo {
    pub kind: kauai_ir::builtins::GroupKind,
    pub sc: Scalar,
    pub id: S,
    pub d: S,
    /// The value operand, then (for broadcast) the three local ids.
    pub args: Vec<(S, u8)>,
}

/// Vector-group builtins (`__mux_vec_group_*`): over the lanes of one vector.
#[derive(Clone, Debug)]
pub(crate) struct VecGroupInfo {
    pub kind: kauai_ir::builtins::GroupKind,
    pub sc: Scalar,
    pub n: u32,
    pub d: S,
    pub v: S,
    /// The lane operand of a broadcast.
    pub lane: Option<S>,
}

/// A `printf` call site (`__kauai_printf.<id>`): its arguments' slots and IR types.
#[derive(Clone, Debug)]
pub(crate) struct PrintfInfo {
    pub id: u32,
    pub args: Vec<(S, kauai_ir::Type)>,
    /// Where the result (0) goes.
    pub d: Option<S>,
}

/// `__mux_dma_{read,write}_{1,2,3}D`: a strided copy done by the work-item itself.
#[derive(Clone, Debug)]
pub(crate) struct DmaInfo {
    pub d: S,
    pub dst: S,
    pub src: S,
    pub width: S,
    /// (dst stride, src stride, count) of the rows and of the planes, when present.
    pub rows: Option<(S, S, S)>,
    pub planes: Option<(S, S, S)>,
    pub event: S,
    /// Width of `size_t`.
    pub size_bits: u8,
}

/// An image builtin's call site: the builtin, its arguments' slots (image handle,
/// then sampler and coordinates, or coordinates and colour) and the result's slot.
#[derive(Clone, Debug)]
pub(crate) struct ImageInfo {
    pub op: kauai_ir::builtins::ImageBuiltin,
    pub args: Vec<S>,
    pub d: S,
}

/// A translated function.
#[derive(Clone, Debug, Default)]
pub(crate) struct FuncCode {
    pub name: String,
    pub code: Vec<Op>,
    /// Initial frame contents: constants in place, zeros elsewhere.
    pub template: Vec<u64>,
    /// Slot and lane count of each parameter.
    pub params: Vec<(S, u32)>,
    pub convs: Vec<ConvInfo>,
    pub maths: Vec<MathInfo>,
    pub atomics: Vec<AtomicInfo>,
    pub calls: Vec<CallInfo>,
    pub switches: Vec<SwitchInfo>,
    pub colls: Vec<CollInfo>,
    pub dmas: Vec<DmaInfo>,
    pub printfs: Vec<PrintfInfo>,
    pub images: Vec<ImageInfo>,
    /// The operands of each async-copy marker.
    pub async_copies: Vec<[S; 5]>,
    pub vecgroups: Vec<VecGroupInfo>,
    /// (size, align, result slot) of each alloca.
    pub allocas: Vec<(u64, u64, S)>,
    /// Where each alloca is in the source (for the checks' per-array bounds).
    pub alloca_locs: Vec<kauai_ir::SrcLoc>,
    pub fails: Vec<String>,
    /// Does this function itself wait at barriers (or collectives)?
    pub has_barrier: bool,
    /// Functions it calls.
    pub callees: Vec<u32>,
    /// Source locations by op: `(first pc, location)`, in pc order; a location holds
    /// until the next entry.
    pub locs: Vec<(u32, kauai_ir::SrcLoc)>,
}

impl FuncCode {
    /// The source location of the op at `pc` (unknown when none was recorded).
    pub fn loc_at(&self, pc: u32) -> kauai_ir::SrcLoc {
        let i = self.locs.partition_point(|&(start, _)| start <= pc);
        i.checked_sub(1).map(|i| self.locs[i].1).unwrap_or_default()
    }

    /// Record that the ops from here on come from `loc`.
    pub fn mark_loc(&mut self, loc: kauai_ir::SrcLoc) {
        let pc = self.code.len() as u32;
        match self.locs.last_mut() {
            Some(last) if last.1 == loc => {}
            Some(last) if last.0 == pc => last.1 = loc,
            _ => self.locs.push((pc, loc)),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn ops_stay_small() {
        // The interpreter streams through ops; keep them within 20 bytes.
        assert!(
            std::mem::size_of::<super::Op>() <= 20,
            "{}",
            std::mem::size_of::<super::Op>()
        );
    }
}
