//! Register allocation of `.regvar` variables.
//!
//! An instruction that names register variables is built with placeholder registers
//! and emitted as usual; the assembler keeps, for every instruction, where it is, how
//! it moves control (falls through, branches, conditionally branches, ends the
//! program), the registers it names directly, and which of its operand slots hold which
//! variable registers, read or written (the roles come from the ISA table:
//! [`writes_slot`], [`printed_dwords`]). Once the whole source is read and the branch
//! offsets are known, each piece of code is allocated on its own: raw code per
//! section, a container's code per kernel (the instructions assembled while that
//! kernel was current).
//!
//! The steps, per piece of code:
//! 1. Basic blocks start at the first instruction, at every branch target and after
//!    every branch and `s_endpgm`; their successors follow the branches (a backward
//!    branch makes a loop). A branch goes to the piece's first instruction at or after
//!    its target (data words between instructions are no instructions), or nowhere if
//!    the piece has none there.
//! 2. Every register of a variable (a *unit*) gets its liveness: read before written
//!    in a block makes it live at the block's start, and live sets flow backwards
//!    along the edges until nothing changes.
//! 3. Two units interfere when one is written while the other is live (or both are
//!    live where code starts: read before any write; code starts at the first
//!    instruction, at blocks no branch reaches and in loops nothing else reaches). A
//!    register read by an instruction may be reused by its single-register result,
//!    but a result of two or more registers keeps apart from the other variables the
//!    instruction reads (partial overlaps are not safe for every instruction).
//! 4. Variables are placed greedily in the order of their first write (variables never
//!    written follow, in the order of their first read), each at the lowest register
//!    where its whole range fits in the register file, every SGPR operand naming it is
//!    aligned as its instruction requires ([`sgpr_range_ok`]: pairs on 2, four and more
//!    on 4, VOP3 operands within a 4-register line), and each of its units the code
//!    names sits on no register the piece names directly and on none an interfering
//!    unit of an already placed variable took (units never named are never live and
//!    constrain nothing). A variable's registers are always consecutive, which is
//!    what `.rvlin` asks for.
//! 5. The placeholders in the emitted words are replaced by the chosen registers, and
//!    a kernel's default SGPR/VGPR counts include the named units.
//!
//! `.usereg` adds reads and writes the allocator cannot see in the words (data emitted
//! with `.int`, say) at its place in the code; registers it names directly are avoided
//! as those of instructions.
//!
//! What CLRX would choose is not known (no oracle covers `.regvar`), so the rule above
//! is Kauai's own; what it guarantees is that two variables live at the same time never
//! share a register and that no variable takes a register the code names directly.
//! A vector write is taken to replace the whole register: lanes that EXEC switches off
//! are not tracked, so a value must not be expected to survive in the inactive lanes
//! of a variable another variable shares.

use std::ops::Range;

use kauai_diag::Span;
use rustc_hash::FxHashMap as HashMap;
use smallvec::SmallVec;

use super::cl2::SecKind;
use super::Asm;
use crate::inst::{
    buffer_vaddr_dwords, encode, printed_dwords, sgpr_range_ok, writes_slot, Inst, Operand,
};
use crate::isa::{def, Arch, Enc, Role};
use crate::operand::VGPR0;

/// Units (registers of variables) one piece of code may allocate, and bitset words
/// its live sets may take (blocks × units / 64): bounds on memory and time.
const MAX_UNITS: usize = 8192;
const MAX_LIVE_WORDS: usize = 1 << 22;
/// Bitset words liveness and interference may visit in all.
const MAX_WORK: usize = 1 << 28;

/// One declared register variable.
#[derive(Clone, Debug)]
pub(super) struct VarDecl {
    pub name: String,
    /// Where it was declared (allocation failures are reported there).
    pub span: Span,
    pub vector: bool,
    pub count: u32,
}

/// A reference to a register variable in the text: its registers `first..first+count`
/// and the tokens it spans.
#[derive(Clone, Debug)]
pub(super) struct RvRef {
    pub var: u32,
    pub first: u16,
    pub count: u16,
    pub toks: Range<usize>,
    pub span: Span,
}

/// A variable in an operand slot: (slot, variable, first register, registers).
pub(super) type SlotUse = (usize, u32, u16, u16);

/// How an instruction moves control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Next,
    Jump,
    CondJump,
    End,
    /// A target the code does not name (`s_setpc_b64`, calls, fork/join).
    Indirect,
}

/// Registers `first..first+count` of a variable, as one operand (or `.usereg`) uses them.
#[derive(Clone, Debug)]
struct Use {
    var: u32,
    first: u16,
    count: u16,
    read: bool,
    write: bool,
    /// The instruction's operand slot (none for `.usereg`).
    slot: Option<usize>,
}

/// One instruction or `.usereg` of the code.
#[derive(Clone, Debug)]
struct Rec {
    section: u32,
    offset: usize,
    kernel: Option<usize>,
    flow: Flow,
    span: Span,
    /// Registers named directly: (operand code, count).
    direct: SmallVec<[(u16, u8); 4]>,
    uses: Vec<Use>,
    /// The instruction as emitted with placeholders (only where `uses` has slots).
    inst: Option<Box<Inst>>,
}

/// What the allocator keeps while the source is read.
#[derive(Default)]
pub(super) struct State {
    pub vars: Vec<VarDecl>,
    /// Whether instructions are recorded: from the start if the main source mentions
    /// `regvar`, else from the first include that does or the first `.regvar`.
    pub recording: bool,
    /// Where recording started after code was already emitted (that code is unknown to
    /// the allocator).
    partial: Option<Span>,
    recs: Vec<Rec>,
    /// Placeholder register (operand code, count) of each rewritten reference of the
    /// instruction being parsed; the name `PLACEHOLDER` + index stands for it.
    pub placeholders: Vec<(u16, u8)>,
}

/// Names no source can spell (the lexer never makes this character part of a name).
pub(super) const PLACEHOLDER: char = '\u{1}';

/// Placeholder layouts: each referenced variable gets a range of its type, the unit its
/// first reference starts at aligned to 4 (so that pairs and quads pass the operand
/// rules); the second layout is the first moved by 4, so that exactly the slots that
/// hold variables differ between the two builds.
pub(super) struct Layout {
    /// Per reference: (operand code, count) in layout A.
    pub refs: Vec<(u16, u8)>,
    /// Per variable referenced: (var, placeholder code of unit `min`, min unit, units).
    pub vars: Vec<(u32, u16, u16, u16)>,
}

/// The placeholder layout of an instruction's references (`None`: they do not fit).
pub(super) fn layout(arch: Arch, vars: &[VarDecl], refs: &[RvRef]) -> Option<Layout> {
    let mut order: Vec<u32> = Vec::new();
    for r in refs {
        if !order.contains(&r.var) {
            order.push(r.var);
        }
    }
    let mut cursor = [0u32, u32::from(VGPR0)];
    let limit = [u32::from(arch.max_sgprs()), u32::from(VGPR0) + 256];
    let mut lv = Vec::new();
    for &v in &order {
        let mine = refs.iter().filter(|r| r.var == v);
        let min = mine.clone().map(|r| r.first).min()?;
        let max = mine.clone().map(|r| r.first + r.count).max()?;
        let first = refs.iter().find(|r| r.var == v)?.first;
        let t = usize::from(vars[v as usize].vector);
        // The placeholder of unit `first` sits on a multiple of 4.
        let mut start = cursor[t];
        while !(start + u32::from(first - min)).is_multiple_of(4) {
            start += 1;
        }
        let end = start + u32::from(max - min);
        // Room for layout B, 4 registers further.
        if end + 4 > limit[t] {
            return None;
        }
        cursor[t] = end;
        lv.push((v, start as u16, min, max - min));
    }
    let refs = refs
        .iter()
        .map(|r| {
            let &(_, start, min, _) = lv.iter().find(|x| x.0 == r.var)?;
            Some((start + (r.first - min), u8::try_from(r.count).ok()?))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Layout { refs, vars: lv })
}

/// Whether source text mentions `regvar` (any case): only then is the code recorded,
/// so sources without register variables pay nothing for the allocator.
pub(super) fn mentions_regvar(text: &[u8]) -> bool {
    text.windows(6).any(|w| w.eq_ignore_ascii_case(b"regvar"))
}

/// Whether `code` is a register of the SGPR or VGPR file.
fn is_file_reg(arch: Arch, code: u16) -> bool {
    code < arch.max_sgprs() || (VGPR0..VGPR0 + 256).contains(&code)
}

fn flow_of(inst: &Inst) -> Flow {
    let d = inst.def();
    let n = d.name;
    if n.starts_with("s_endpgm") {
        return Flow::End;
    }
    if matches!(
        n,
        "s_setpc_b64"
            | "s_swappc_b64"
            | "s_call_b64"
            | "s_cbranch_join"
            | "s_cbranch_g_fork"
            | "s_cbranch_i_fork"
            | "s_rfe_b64"
            | "s_rfe_restore_b64"
            | "s_subvector_loop_begin"
            | "s_subvector_loop_end"
    ) {
        return Flow::Indirect;
    }
    if d.ops.iter().any(|o| o.role == Role::Label) {
        return if n == "s_branch" {
            Flow::Jump
        } else {
            Flow::CondJump
        };
    }
    Flow::Next
}

/// Whether slot `slot`, which the instruction writes, keeps part of the old value or
/// also supplies data (so the write reads it too): atomics that return, stores whose
/// data slot `tfe` also writes, multiply-accumulate destinations, lane writes, DPP
/// (masked rows and banks keep the old value), SDWA's `dst_unused:UNUSED_PRESERVE`,
/// half-register (`d16`) loads, 16-bit VALU results on GCN 1.4+ (the other half is
/// kept), SOPK arithmetic, conditional moves and bit sets. Taking a write as a read
/// is always safe (the variable only lives longer).
fn write_reads(arch: Arch, inst: &Inst, slot: usize) -> bool {
    let d = inst.def();
    let n = d.name;
    let Some(role) = d.ops.get(slot).map(|o| o.role) else {
        return false;
    };
    let valu = matches!(
        d.enc,
        Enc::Vop1 | Enc::Vop2 | Enc::Vop3 | Enc::Vop3p | Enc::Vopc
    );
    match role {
        Role::Vdata | Role::Sdata | Role::Data => {
            n.contains("atomic") || n.contains("store") || n.contains("write")
        }
        Role::Vdst => {
            n.starts_with("v_mac_")
                || n.starts_with("v_fmac_")
                || n.starts_with("v_pk_fmac")
                || n.starts_with("v_dot2c")
                || n.starts_with("v_dot4c")
                || n.starts_with("v_dot8c")
                || n == "v_writelane_b32"
                || n.contains("_d16")
                || inst.mods.dpp.is_some()
                || inst.mods.sdwa.is_some_and(|s| s.dst_unused == 2)
                || (valu
                    && arch.is_gfx9()
                    && !n.starts_with("v_pk_")
                    && ["_f16", "_i16", "_u16", "_b16"]
                        .iter()
                        .any(|t| n.contains(t)))
        }
        Role::Sdst => matches!(
            n,
            "s_addk_i32"
                | "s_mulk_i32"
                | "s_cmovk_i32"
                | "s_cmov_b32"
                | "s_cmov_b64"
                | "s_bitset0_b32"
                | "s_bitset0_b64"
                | "s_bitset1_b32"
                | "s_bitset1_b64"
        ),
        _ => false,
    }
}

/// The register width of operand slot `i` and its role in the row (`None`: a slot
/// after the row's own, MUBUF/MTBUF's resource, offset and address, which follow the
/// general SGPR alignment rule).
fn slot_shape(arch: Arch, inst: &Inst, i: usize) -> Option<(u8, Option<Role>)> {
    let d = inst.def();
    if let Some(spec) = d.ops.get(i) {
        return Some((printed_dwords(arch, d, spec, &inst.mods), Some(spec.role)));
    }
    if !matches!(d.enc, Enc::Mubuf | Enc::Mtbuf) {
        return None;
    }
    // Stored after the row's slots as resource, offset, address.
    match i - d.ops.len() {
        0 => Some((4, None)),
        1 => Some((1, None)),
        2 => Some((buffer_vaddr_dwords(&inst.mods), None)),
        _ => None,
    }
}

/// Registers an instruction names directly: its register slots (but `skip`), GLOBAL's
/// scalar base and GCN 1.5's address list.
fn direct_regs(arch: Arch, inst: &Inst, skip: &[usize]) -> SmallVec<[(u16, u8); 4]> {
    let mut out = SmallVec::new();
    for (i, op) in inst.ops.iter().enumerate() {
        let (Operand::Code(c), Some((w, _))) = (op, slot_shape(arch, inst, i)) else {
            continue;
        };
        if skip.contains(&i) || !is_file_reg(arch, *c) {
            continue;
        }
        out.push((*c, w));
    }
    if let Some(s) = inst.mods.saddr {
        if is_file_reg(arch, s) {
            out.push((s, 2));
        }
    }
    for &v in &inst.mods.nsa[..usize::from(inst.mods.nsa_len).min(12)] {
        out.push((VGPR0 + u16::from(v), 1));
    }
    out
}

type PResult<T> = Result<T, (Span, String)>;

/// A bitset row of `w` words.
fn set(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}
fn get(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 != 0
}
fn ones(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(k, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            if w == 0 {
                return None;
            }
            let b = w.trailing_zeros() as usize;
            w &= w - 1;
            Some(k * 64 + b)
        })
    })
}

impl Asm<'_> {
    /// Match the two builds of an instruction (placeholder layouts A and B): the slots
    /// whose registers differ hold variables.
    pub(super) fn regvar_uses(
        &self,
        a: &Inst,
        b: &Inst,
        lay: &Layout,
        refs: &[RvRef],
    ) -> PResult<Vec<SlotUse>> {
        let unsupported = |span: Span| {
            (
                span,
                "not supported yet: a register variable in this place of the instruction \
                 (register allocation handles operand registers only)"
                    .to_string(),
            )
        };
        let first_span = refs.first().map(|r| r.span).unwrap_or_default();
        if a.row != b.row || a.ops.len() != b.ops.len() {
            return Err(unsupported(first_span));
        }
        let mut found = Vec::new();
        for (i, (x, y)) in a.ops.iter().zip(&b.ops).enumerate() {
            if x == y {
                continue;
            }
            let (Operand::Code(c), Some(_)) = (x, slot_shape(self.arch, a, i)) else {
                return Err(unsupported(first_span));
            };
            let Some(&(var, start, min, units)) =
                lay.vars.iter().find(|v| (v.1..v.1 + v.3).contains(c))
            else {
                return Err(unsupported(first_span));
            };
            let first = min + (c - start);
            // The registers the text names there (the operand rules made them the
            // slot's width, or a count the slot takes, as an image address).
            let Some(w) = refs
                .iter()
                .filter(|r| r.var == var && r.first == first)
                .map(|r| r.count)
                .max()
            else {
                return Err(unsupported(first_span));
            };
            if c - start + w > units {
                return Err(unsupported(first_span));
            }
            found.push((i, var, first, w));
        }
        // Every reference must have landed in a slot (not in a modifier field such as
        // GLOBAL's scalar base or an address list).
        for r in refs {
            if !found.iter().any(|f| f.1 == r.var && f.2 == r.first) {
                return Err(unsupported(r.span));
            }
        }
        if a.mods != b.mods {
            return Err(unsupported(first_span));
        }
        Ok(found)
    }

    /// Record the code from here on (see [`State::recording`]).
    pub(super) fn start_recording(&mut self, span: Span) {
        if !self.ra.recording {
            self.ra.recording = true;
            if self.code_emitted {
                self.ra.partial = Some(span);
            }
        }
    }

    /// Keep an emitted instruction for the allocator.
    pub(super) fn record_inst(
        &mut self,
        base: usize,
        inst: &Inst,
        span: Span,
        rv: Option<Vec<SlotUse>>,
    ) {
        if !self.ra.recording {
            return;
        }
        let skip: SmallVec<[usize; 4]> = rv.iter().flatten().map(|u| u.0).collect();
        let direct = direct_regs(self.arch, inst, &skip);
        let mut uses = Vec::new();
        for &(slot, var, first, count) in rv.iter().flatten() {
            let write = writes_slot(inst, slot);
            uses.push(Use {
                var,
                first,
                count,
                read: !write || write_reads(self.arch, inst, slot),
                write,
                slot: Some(slot),
            });
        }
        let rec = Rec {
            section: self.cur,
            offset: base,
            kernel: self.code_kernel(),
            flow: flow_of(inst),
            span,
            direct,
            inst: (!uses.is_empty()).then(|| Box::new(inst.clone())),
            uses,
        };
        self.ra.recs.push(rec);
    }

    /// Keep a `.usereg` for the allocator.
    pub(super) fn record_usereg(
        &mut self,
        span: Span,
        uses: Vec<(RvRef, bool, bool)>,
        direct: Vec<(u16, u8)>,
    ) -> PResult<()> {
        if !matches!(self.kinds.get(self.cur as usize), Some(SecKind::Code(_))) {
            return Err((span, "'.usereg' outside code".into()));
        }
        if !self.ra.recording {
            return Ok(());
        }
        let rec = Rec {
            section: self.cur,
            offset: self.sections[self.cur as usize].data.len(),
            kernel: self.code_kernel(),
            flow: Flow::Next,
            span,
            direct: direct.into_iter().collect(),
            uses: uses
                .into_iter()
                .map(|(r, read, write)| Use {
                    var: r.var,
                    first: r.first,
                    count: r.count,
                    read,
                    write,
                    slot: None,
                })
                .collect(),
            inst: None,
        };
        self.ra.recs.push(rec);
        Ok(())
    }

    /// Allocate every piece of code that uses register variables (after the fixups:
    /// branch offsets are in the words).
    pub(super) fn allocate_registers(&mut self) {
        if self.ra.recs.iter().all(|r| r.uses.is_empty()) {
            return;
        }
        if let Some(s) = self.ra.partial {
            self.err(
                s,
                "not supported yet: register variables in a source that first mentions \
                 .regvar after code (the allocator needs all of the code: declare them, \
                 or include their declarations, before any instruction)",
            );
            return;
        }
        let recs = std::mem::take(&mut self.ra.recs);
        let mut keys: Vec<(u32, Option<usize>)> = Vec::new();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut index: HashMap<(u32, Option<usize>), usize> = HashMap::default();
        for (i, r) in recs.iter().enumerate() {
            let k = (r.section, r.kernel);
            let g = *index.entry(k).or_insert_with(|| {
                keys.push(k);
                groups.push(Vec::new());
                groups.len() - 1
            });
            groups[g].push(i);
        }
        for (g, idx) in groups.iter().enumerate() {
            let group: Vec<&Rec> = idx.iter().map(|&i| &recs[i]).collect();
            if group.iter().all(|r| r.uses.is_empty()) {
                continue;
            }
            if let Err((s, m)) = self.allocate_group(&group, keys[g].1) {
                self.err(s, m);
            }
        }
    }

    /// Allocate one piece of code (its records in order).
    fn allocate_group(&mut self, recs: &[&Rec], kernel: Option<usize>) -> PResult<()> {
        let n = recs.len();
        if let Some(r) = recs.iter().find(|r| r.flow == Flow::Indirect) {
            return Err((
                r.span,
                "not supported yet: register variables in code with an indirect branch \
                 or call (its successors are unknown to the allocator)"
                    .into(),
            ));
        }
        // A branch lands on the first record at or after its target (a `.usereg`
        // before the instruction at the same offset belongs to the same place; data
        // words between are no records).
        let mut at: Vec<(usize, usize)> = recs
            .iter()
            .enumerate()
            .map(|(i, r)| (r.offset, i))
            .collect();
        at.sort_unstable();
        let target = |r: &Rec| -> Option<usize> {
            let data = &self.sections[r.section as usize].data;
            let w = data.get(r.offset..r.offset + 4)?;
            let simm = i64::from(u16::from_le_bytes([w[0], w[1]]) as i16);
            let t = usize::try_from(r.offset as i64 + 4 + simm * 4).ok()?;
            at.get(at.partition_point(|&(o, _)| o < t)).map(|&(_, i)| i)
        };
        // 1. Basic blocks.
        let mut leader = vec![false; n + 1];
        leader[0] = true;
        let mut targets = vec![None; n];
        for (i, r) in recs.iter().enumerate() {
            if matches!(r.flow, Flow::Jump | Flow::CondJump) {
                targets[i] = target(r);
                if let Some(t) = targets[i] {
                    leader[t] = true;
                }
            }
            if r.flow != Flow::Next {
                leader[i + 1] = true;
            }
        }
        let mut block_of = vec![0usize; n];
        let mut starts = Vec::new();
        for i in 0..n {
            if leader[i] {
                starts.push(i);
            }
            block_of[i] = starts.len() - 1;
        }
        let nb = starts.len();
        let block_range = |b: usize| starts[b]..starts.get(b + 1).copied().unwrap_or(n);
        let succs: Vec<SmallVec<[usize; 2]>> = (0..nb)
            .map(|b| {
                let last = block_range(b).end - 1;
                let next = (last + 1 < n).then(|| block_of[last + 1]);
                let t = targets[last].map(|t| block_of[t]);
                match recs[last].flow {
                    Flow::Next => next.into_iter().collect(),
                    Flow::Jump => t.into_iter().collect(),
                    Flow::CondJump => t.into_iter().chain(next).collect(),
                    Flow::End | Flow::Indirect => SmallVec::new(),
                }
            })
            .collect();
        let mut has_pred = vec![false; nb];
        for &x in succs.iter().flatten() {
            has_pred[x] = true;
        }
        // 2. Units: each variable used here, in order of first use.
        let mut vars: Vec<u32> = Vec::new();
        let mut local: HashMap<u32, usize> = HashMap::default();
        for r in recs {
            for u in &r.uses {
                local.entry(u.var).or_insert_with(|| {
                    vars.push(u.var);
                    vars.len() - 1
                });
            }
        }
        let mut base = Vec::with_capacity(vars.len());
        let mut units = 0usize;
        for &v in &vars {
            base.push(units);
            units += self.ra.vars[v as usize].count as usize;
        }
        let w = units.div_ceil(64);
        let first_span = recs.iter().find(|r| !r.uses.is_empty()).map(|r| r.span);
        if units > MAX_UNITS || nb.saturating_mul(w) > MAX_LIVE_WORDS {
            return Err((
                first_span.unwrap_or_default(),
                format!(
                    "register allocation too large: {units} variable registers in {nb} \
                     blocks (the allocator's limits: {MAX_UNITS} registers, {MAX_LIVE_WORDS} \
                     live-set words)"
                ),
            ));
        }
        let unit_range = |u: &Use| {
            let b = base[local[&u.var]] + usize::from(u.first);
            b..b + usize::from(u.count)
        };
        // Per record: units read and written.
        let mut reads: Vec<SmallVec<[usize; 8]>> = Vec::with_capacity(n);
        let mut writes: Vec<SmallVec<[usize; 8]>> = Vec::with_capacity(n);
        for r in recs {
            let mut rd = SmallVec::new();
            let mut wr = SmallVec::new();
            for u in &r.uses {
                if u.read {
                    rd.extend(unit_range(u));
                }
                if u.write {
                    wr.extend(unit_range(u));
                }
            }
            reads.push(rd);
            writes.push(wr);
        }
        // Per block: read before written (gen) and written (kill).
        let mut gen = vec![0u64; nb * w];
        let mut kill = vec![0u64; nb * w];
        for b in 0..nb {
            let (g, k) = (&mut gen[b * w..(b + 1) * w], &mut kill[b * w..(b + 1) * w]);
            for i in block_range(b) {
                for &u in &reads[i] {
                    if !get(k, u) {
                        set(g, u);
                    }
                }
                for &u in &writes[i] {
                    set(k, u);
                }
            }
        }
        // Live sets: a worklist of blocks whose successors' live-in sets grew. Sets
        // only grow, so this ends; the work (in bitset words) is bounded as well.
        let mut preds: Vec<SmallVec<[usize; 2]>> = vec![SmallVec::new(); nb];
        for (b, ss) in succs.iter().enumerate() {
            for &x in ss {
                preds[x].push(b);
            }
        }
        let mut live_in = gen.clone();
        let mut live_out = vec![0u64; nb * w];
        let mut queue: Vec<usize> = (0..nb).collect();
        let mut queued = vec![true; nb];
        let mut work = 0usize;
        let too_large = |what: &str| {
            (
                first_span.unwrap_or_default(),
                format!(
                    "register allocation too large: {units} variable registers in {nb} \
                     blocks ({what} past the allocator's limit)"
                ),
            )
        };
        while let Some(b) = queue.pop() {
            queued[b] = false;
            work += w * (succs[b].len() + 1);
            if work > MAX_WORK {
                return Err(too_large("liveness"));
            }
            let mut out = vec![0u64; w];
            for &s in &succs[b] {
                for (o, x) in out.iter_mut().zip(&live_in[s * w..(s + 1) * w]) {
                    *o |= x;
                }
            }
            let mut changed = false;
            for k in 0..w {
                let v = gen[b * w + k] | (out[k] & !kill[b * w + k]);
                if v != live_in[b * w + k] {
                    live_in[b * w + k] = v;
                    changed = true;
                }
            }
            live_out[b * w..(b + 1) * w].copy_from_slice(&out);
            if changed {
                for &p in &preds[b] {
                    if !queued[p] {
                        queued[p] = true;
                        queue.push(p);
                    }
                }
            }
        }
        // 3. Interference: a write against everything live after it (rows filled one
        // way here, made symmetric below).
        let mut interf = vec![0u64; units * w];
        for b in 0..nb {
            let mut live = live_out[b * w..(b + 1) * w].to_vec();
            for i in block_range(b).rev() {
                // Units written together interfere too.
                for &d in &writes[i] {
                    set(&mut live, d);
                }
                for &d in &writes[i] {
                    work += w;
                    for (x, y) in interf[d * w..(d + 1) * w].iter_mut().zip(&live) {
                        *x |= y;
                    }
                }
                if work > MAX_WORK {
                    return Err(too_large("interference"));
                }
                for &d in &writes[i] {
                    live[d / 64] &= !(1 << (d % 64));
                }
                for &u in &reads[i] {
                    set(&mut live, u);
                }
            }
        }
        // A destination of two or more registers keeps apart from the other variables
        // its instruction reads: a partial overlap is not safe for every instruction
        // (64-bit MADs, loads whose results arrive while the address is still read).
        for r in recs {
            for wu in r.uses.iter().filter(|u| u.write && u.count >= 2) {
                for ru in r.uses.iter().filter(|u| u.read && u.var != wu.var) {
                    for d in unit_range(wu) {
                        for x in unit_range(ru) {
                            set(&mut interf[d * w..(d + 1) * w], x);
                        }
                    }
                }
            }
        }
        // Units live where code starts (read before any write there) all interfere.
        // Code starts at the first block, at blocks no branch reaches, and (so that
        // every block is reached from a start) in loops only reached from themselves.
        let mut is_entry: Vec<bool> = (0..nb).map(|b| b == 0 || !has_pred[b]).collect();
        let mut reached = vec![false; nb];
        let mut stack: Vec<usize> = (0..nb).filter(|&b| is_entry[b]).collect();
        let mut next_unreached = 0;
        loop {
            while let Some(b) = stack.pop() {
                if !reached[b] {
                    reached[b] = true;
                    stack.extend(succs[b].iter().copied().filter(|&x| !reached[x]));
                }
            }
            while next_unreached < nb && reached[next_unreached] {
                next_unreached += 1;
            }
            if next_unreached == nb {
                break;
            }
            is_entry[next_unreached] = true;
            stack.push(next_unreached);
        }
        let mut entry = vec![0u64; w];
        for b in (0..nb).filter(|&b| is_entry[b]) {
            for (x, y) in entry.iter_mut().zip(&live_in[b * w..(b + 1) * w]) {
                *x |= y;
            }
        }
        for u in ones(&entry).collect::<Vec<_>>() {
            for (x, y) in interf[u * w..(u + 1) * w].iter_mut().zip(&entry) {
                *x |= y;
            }
        }
        for u in 0..units {
            for o in ones(&interf[u * w..(u + 1) * w]).collect::<Vec<_>>() {
                set(&mut interf[o * w..(o + 1) * w], u);
            }
        }
        // Registers named directly, per file (bit = register number).
        let mut reserved = [[0u64; 4]; 2];
        for r in recs {
            for &(c, cnt) in &r.direct {
                let (t, first) = if c >= VGPR0 { (1, c - VGPR0) } else { (0, c) };
                for k in first..(first + u16::from(cnt)).min(256) {
                    set(&mut reserved[t], usize::from(k));
                }
            }
        }
        // Units any record names, and each variable's operand alignment rules.
        let mut used = vec![0u64; w];
        let mut rules: Vec<Vec<(u16, Option<Role>, u16, u16)>> = vec![Vec::new(); vars.len()];
        for r in recs {
            for u in &r.uses {
                for x in unit_range(u) {
                    set(&mut used, x);
                }
                if let (Some(slot), Some(inst)) = (u.slot, &r.inst) {
                    let role = inst.def().ops.get(slot).map(|o| o.role);
                    let rule = (inst.row, role, u.first, u.count);
                    let l = &mut rules[local[&u.var]];
                    if !self.ra.vars[u.var as usize].vector && u.count >= 2 && !l.contains(&rule) {
                        l.push(rule);
                    }
                }
            }
        }
        // 4. Placement order: first write, then first read.
        let mut first_write = vec![usize::MAX; vars.len()];
        let mut first_any = vec![usize::MAX; vars.len()];
        for (i, r) in recs.iter().enumerate() {
            for u in &r.uses {
                let l = local[&u.var];
                if u.write {
                    first_write[l] = first_write[l].min(i);
                }
                first_any[l] = first_any[l].min(i);
            }
        }
        let mut order: Vec<usize> = (0..vars.len()).collect();
        order.sort_by_key(|&l| {
            (
                first_write[l] == usize::MAX,
                first_write[l],
                first_any[l],
                l,
            )
        });
        let mut placed: Vec<Option<u16>> = vec![None; vars.len()];
        let unit_var: Vec<usize> = (0..vars.len())
            .flat_map(|l| std::iter::repeat_n(l, self.ra.vars[vars[l] as usize].count as usize))
            .collect();
        let arch = self.arch;
        for &l in &order {
            let decl = &self.ra.vars[vars[l] as usize];
            let t = usize::from(decl.vector);
            let count = decl.count as usize;
            let limit = if decl.vector {
                256
            } else {
                usize::from(arch.max_sgprs())
            };
            // Per unit: registers interfering units of placed variables hold.
            let mut forbid: Vec<[u64; 4]> = vec![[0; 4]; count];
            let mine: Vec<usize> = (0..count).filter(|&j| get(&used, base[l] + j)).collect();
            for &j in &mine {
                let u = base[l] + j;
                for o in ones(&interf[u * w..(u + 1) * w]) {
                    let x = unit_var[o];
                    if x == l || self.ra.vars[vars[x] as usize].vector != decl.vector {
                        continue;
                    }
                    if let Some(p) = placed[x] {
                        let reg = usize::from(p) + (o - base[x]);
                        if reg < 256 {
                            set(&mut forbid[j], reg);
                        }
                    }
                }
            }
            let fits = |p: usize| {
                mine.iter()
                    .all(|&j| !get(&reserved[t], p + j) && !get(&forbid[j], p + j))
                    && rules[l].iter().all(|&(row, role, first, cnt)| {
                        let slot = role.map(|r| (def(row), r));
                        sgpr_range_ok(arch, slot, p as u16 + first, cnt).is_ok()
                    })
            };
            let Some(p) = (count <= limit)
                .then(|| (0..=limit - count).find(|&p| fits(p)))
                .flatten()
            else {
                let kind = if decl.vector { "vector" } else { "scalar" };
                let place = match kernel.and_then(|k| self.kernel_name(k)) {
                    Some(k) => format!(" in kernel '{k}'"),
                    None => String::new(),
                };
                return Err((
                    decl.span,
                    format!(
                        "cannot allocate register variable '{}' ({} {kind} register(s)){place}: \
                         no free range left (registers named directly and variables live at \
                         the same time take the rest)",
                        decl.name, decl.count
                    ),
                ));
            };
            placed[l] = Some(p as u16);
        }
        // 5. Patch the words and count the registers.
        let code_of = |var: u32, first: u16| -> u16 {
            let l = local[&var];
            let p = placed[l].unwrap_or(0);
            let off = if self.ra.vars[var as usize].vector {
                VGPR0
            } else {
                0
            };
            off + p + first
        };
        let mut patches = Vec::new();
        for r in recs {
            let Some(inst) = &r.inst else { continue };
            let mut fin = (**inst).clone();
            for u in &r.uses {
                if let Some(s) = u.slot {
                    fin.ops[s] = Operand::Code(code_of(u.var, u.first));
                }
            }
            let old = encode(arch, inst).map_err(|e| (r.span, e.to_string()))?;
            let new = encode(arch, &fin).map_err(|e| (r.span, e.to_string()))?;
            if old.len() != new.len() {
                return Err((
                    r.span,
                    "not supported yet: an allocated register that changes the \
                     instruction's length"
                        .into(),
                ));
            }
            patches.push((r.section, r.offset, old, new));
        }
        for (sec, off, old, new) in patches {
            let data = &mut self.sections[sec as usize].data;
            for (k, (a, b)) in old.iter().zip(&new).enumerate() {
                let diff = (a ^ b).to_le_bytes();
                for (j, d) in diff.iter().enumerate() {
                    if let Some(x) = data.get_mut(off + k * 4 + j) {
                        *x ^= d;
                    }
                }
            }
        }
        if let Some(k) = kernel {
            let mut regs: Vec<(u32, u32)> = Vec::new();
            for (l, &v) in vars.iter().enumerate() {
                let last = (0..self.ra.vars[v as usize].count as usize)
                    .rev()
                    .find(|&j| get(&used, base[l] + j));
                if let Some(j) = last {
                    let c = code_of(v, 0);
                    regs.push((u32::from(c), j as u32 + 1));
                }
            }
            self.note_kernel_registers(k, &regs);
        }
        Ok(())
    }
}
