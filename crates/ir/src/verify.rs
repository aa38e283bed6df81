//! The verifier: runs between every producer and consumer of IR.
//!
//! It checks, for every function, and reports every problem it finds (not just the first):
//! - layout: each placed block ends in exactly one terminator, the entry block has no
//!   predecessors and its parameters are the function's;
//! - SSA: each used value is defined, and its definition dominates the use (block
//!   parameters dominate their block);
//! - types: operands have the types the instruction requires, branch arguments match
//!   the target's parameters, calls match the callee's signature, returns match the
//!   function's result;
//! - printf: the table entries parse and match their callees ([`crate::printf::check`]).

use std::fmt;

use cranelift_entity::SecondaryMap;

use crate::cfg::DomTree;
use crate::function::{Body, Function, ValueDef};
use crate::inst::{BlockCall, Const, ConvOp, InstKind};
use crate::module::Module;
use crate::print::inst_to_string;
use crate::types::{AddrSpace, Scalar, Type};
use crate::{Block, Inst, Value};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifierError {
    pub function: String,
    /// The instruction at fault, printed.
    pub inst: Option<String>,
    pub block: Option<Block>,
    pub message: String,
}

impl fmt::Display for VerifierError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in @{}", self.function)?;
        if let Some(b) = self.block {
            write!(f, ", {b}")?;
        }
        if let Some(i) = &self.inst {
            write!(f, ", at `{i}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Every error found; displays one per line.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct VerifierErrors(pub Vec<VerifierError>);

impl fmt::Display for VerifierErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.0 {
            writeln!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for VerifierErrors {}

pub fn verify_module(m: &Module) -> Result<(), VerifierErrors> {
    let mut errs = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (_, f) in m.functions.iter() {
        if !seen.insert(f.name.as_str()) {
            errs.push(VerifierError {
                function: f.name.clone(),
                inst: None,
                block: None,
                message: "two functions have this name".into(),
            });
        }
        verify_function(m, f, &mut errs);
        for key in [
            crate::function::meta::REQD_WORK_GROUP_SIZE,
            crate::function::meta::WORK_GROUP_SIZE_HINT,
        ] {
            if f.metadata.contains_key(key) && f.work_group_sizes(key).is_none() {
                errs.push(VerifierError {
                    function: f.name.clone(),
                    inst: None,
                    block: None,
                    message: format!(
                        "!{key} needs three integers from 1 to {} (work-group sizes are 32-bit)",
                        u32::MAX
                    ),
                });
            }
        }
    }
    for (_, g) in m.globals.iter() {
        if g.space == crate::AddrSpace::Image {
            errs.push(VerifierError {
                function: g.name.clone(),
                inst: None,
                block: None,
                message: "no global lives in the image address space".into(),
            });
        }
        if let Some(init) = &g.init {
            for message in check_init(m, g, init) {
                errs.push(VerifierError {
                    function: g.name.clone(),
                    inst: None,
                    block: None,
                    message,
                });
            }
        }
    }
    for message in crate::printf::check(m) {
        errs.push(VerifierError {
            function: "printf table".into(),
            inst: None,
            block: None,
            message,
        });
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(VerifierErrors(errs))
    }
}

struct Ctx<'a> {
    m: &'a Module,
    f: &'a Function,
    body: &'a Body,
    errs: &'a mut Vec<VerifierError>,
}

impl Ctx<'_> {
    fn err(&mut self, block: Option<Block>, inst: Option<Inst>, msg: impl Into<String>) {
        self.errs.push(VerifierError {
            function: self.f.name.clone(),
            inst: inst.map(|i| inst_to_string(self.m, self.body, i)),
            block,
            message: msg.into(),
        });
    }
}

pub fn verify_function(m: &Module, f: &Function, errs: &mut Vec<VerifierError>) {
    let Some(body) = &f.body else {
        return;
    };
    let mut cx = Ctx { m, f, body, errs };
    let Some(entry) = body.entry() else {
        cx.err(None, None, "a defined function needs at least one block");
        return;
    };
    let want: Vec<Type> = f.params.iter().map(|p| p.ty).collect();
    let have: Vec<Type> = body.blocks[entry]
        .params
        .iter()
        .map(|v| body.value_type(*v))
        .collect();
    if want != have {
        cx.err(
            Some(entry),
            None,
            "entry block parameters differ from the signature",
        );
    }
    // Where each instruction sits, for dominance.
    let mut inst_pos: SecondaryMap<Inst, (u32, u32)> = SecondaryMap::with_default((u32::MAX, 0));
    let mut placed_blocks: SecondaryMap<Block, bool> = SecondaryMap::new();
    for &b in &body.order {
        if placed_blocks[b] {
            cx.err(Some(b), None, "block appears twice in the layout");
        }
        placed_blocks[b] = true;
        for (i, &inst) in body.blocks[b].insts.iter().enumerate() {
            if inst_pos[inst].0 != u32::MAX {
                cx.err(Some(b), Some(inst), "instruction placed twice");
            }
            inst_pos[inst] = (b.as_u32(), i as u32);
        }
    }
    let dom = DomTree::compute(body);
    let preds = body.predecessors();
    if !preds[entry].is_empty() {
        cx.err(
            Some(entry),
            None,
            "the entry block must not be a branch target",
        );
    }
    for &b in &body.order {
        let insts = &body.blocks[b].insts;
        match insts.last() {
            None => cx.err(Some(b), None, "empty block (needs a terminator)"),
            Some(&last) if !body.insts[last].kind.is_terminator() => {
                cx.err(Some(b), Some(last), "block does not end in a terminator")
            }
            _ => {}
        }
        for (idx, &inst) in insts.iter().enumerate() {
            let kind = &body.insts[inst].kind;
            if kind.is_terminator() && idx + 1 != insts.len() {
                cx.err(Some(b), Some(inst), "terminator in the middle of a block");
            }
            // Operands: defined and dominating.
            let mut ops = Vec::new();
            kind.for_each_operand(|v| ops.push(v));
            for v in ops {
                let Some(data) = body.values.get(v) else {
                    cx.err(Some(b), Some(inst), format!("{v} does not exist"));
                    continue;
                };
                let dominated = match &data.def {
                    ValueDef::None => {
                        cx.err(
                            Some(b),
                            Some(inst),
                            format!("{v} is used but never defined"),
                        );
                        continue;
                    }
                    ValueDef::Param(pb, _) => {
                        !placed_blocks[*pb] || !dom.is_reachable(b) || dom.dominates(*pb, b)
                    }
                    ValueDef::Inst(di) => {
                        let (db, di_idx) = inst_pos[*di];
                        if db == u32::MAX {
                            cx.err(
                                Some(b),
                                Some(inst),
                                format!("{v} is defined by an unplaced instruction"),
                            );
                            continue;
                        }
                        let db = Block::from_u32(db);
                        if !dom.is_reachable(b) {
                            true
                        } else if db == b {
                            (di_idx as usize) < idx
                        } else {
                            dom.is_reachable(db) && dom.dominates(db, b)
                        }
                    }
                };
                if !dominated {
                    cx.err(
                        Some(b),
                        Some(inst),
                        format!("the definition of {v} does not dominate this use"),
                    );
                }
            }
            for bc in kind.successors() {
                check_block_call(&mut cx, b, inst, bc, &placed_blocks);
            }
            check_types(&mut cx, b, inst);
        }
    }
}

fn check_block_call(
    cx: &mut Ctx,
    b: Block,
    inst: Inst,
    bc: &BlockCall,
    placed: &SecondaryMap<Block, bool>,
) {
    if bc.block.index() >= cx.body.blocks.len() || !placed[bc.block] {
        cx.err(
            Some(b),
            Some(inst),
            format!("branch to {} which is not in the layout", bc.block),
        );
        return;
    }
    let params = &cx.body.blocks[bc.block].params;
    if params.len() != bc.args.len() {
        cx.err(
            Some(b),
            Some(inst),
            format!(
                "{} takes {} arguments, {} given",
                bc.block,
                params.len(),
                bc.args.len()
            ),
        );
        return;
    }
    for (p, a) in params.iter().zip(&bc.args) {
        let (pt, at) = (cx.body.value_type(*p), cx.body.value_type(*a));
        if pt != at {
            cx.err(
                Some(b),
                Some(inst),
                format!(
                    "argument {a} is {at}, parameter {p} of {} is {pt}",
                    bc.block
                ),
            );
        }
    }
}

use cranelift_entity::EntityRef;

fn check_types(cx: &mut Ctx, b: Block, inst: Inst) {
    let body = cx.body;
    let data = &body.insts[inst];
    let rty = data
        .result
        .map(|v| body.value_type(v))
        .unwrap_or(Type::Void);
    let (m, f) = (cx.m, cx.f);
    let t = |v: Value| body.value_type(v);
    let mut bad = |msg: String| cx.err(Some(b), Some(inst), msg);
    let bool_of = |ty: Type| ty.with_elem(Scalar::I1);
    match &data.kind {
        InstKind::Const(c) => match c {
            Const::Vector(l) if l.len() as u32 != rty.lanes() || !rty.is_vector() => bad(format!(
                "vector constant has {} lanes, type {rty} has {}",
                l.len(),
                rty.lanes()
            )),
            Const::Scalar(_) if !matches!(rty, Type::Scalar(_)) => {
                bad(format!("scalar constant of type {rty}"))
            }
            _ => {}
        },
        InstKind::Unary(op, a) => {
            if t(*a) != rty {
                bad(format!("operand is {}, result is {rty}", t(*a)));
            }
            let float = op.is_float();
            if float != rty.is_float() || !(rty.is_int() || rty.is_float()) {
                bad(format!("`{}` does not apply to {rty}", op.name()));
            }
        }
        InstKind::Binary(op, a, c) => {
            if t(*a) != rty || t(*c) != rty {
                bad(format!(
                    "operands are {} and {}, result is {rty}",
                    t(*a),
                    t(*c)
                ));
            }
            let float = op.is_float();
            if float != rty.is_float() || !(rty.is_int() || rty.is_float()) {
                bad(format!("`{}` does not apply to {rty}", op.name()));
            }
        }
        InstKind::Icmp(_, a, c) | InstKind::Fcmp(_, a, c) => {
            let is_f = matches!(data.kind, InstKind::Fcmp(..));
            if t(*a) != t(*c) {
                bad(format!("compared values differ: {} and {}", t(*a), t(*c)));
            } else if rty != bool_of(t(*a)) {
                bad(format!(
                    "comparison of {} gives {}, not {rty}",
                    t(*a),
                    bool_of(t(*a))
                ));
            } else if is_f != t(*a).is_float() && (is_f || !t(*a).is_ptr()) {
                bad(format!("wrong comparison kind for {}", t(*a)));
            }
        }
        InstKind::Select(c, a, e) => {
            if t(*a) != rty || t(*e) != rty {
                bad(format!(
                    "select arms are {} and {}, result is {rty}",
                    t(*a),
                    t(*e)
                ));
            }
            if t(*c) != Type::I1 && t(*c) != bool_of(rty) {
                bad(format!("select condition is {}", t(*c)));
            }
        }
        InstKind::Convert { op, arg, .. } => {
            let from = t(*arg);
            let ok = match op {
                ConvOp::Trunc | ConvOp::Zext | ConvOp::Sext => {
                    from.is_int() && rty.is_int() && from.lanes() == rty.lanes()
                }
                ConvOp::FpTrunc | ConvOp::FpExt => {
                    from.is_float() && rty.is_float() && from.lanes() == rty.lanes()
                }
                ConvOp::FpToSi | ConvOp::FpToUi => {
                    from.is_float() && rty.is_int() && from.lanes() == rty.lanes()
                }
                ConvOp::SiToFp | ConvOp::UiToFp => {
                    from.is_int() && rty.is_float() && from.lanes() == rty.lanes()
                }
                ConvOp::Bitcast => {
                    (from.is_value() && rty.is_value())
                        && m.size_of(from) == m.size_of(rty)
                        && !from.is_ptr()
                        && !rty.is_ptr()
                        || (from.lanes() == 3 || rty.lanes() == 3)
                }
                // An image handle is no address: it converts to and from nothing.
                ConvOp::PtrToInt => {
                    from.is_mem_ptr() && matches!(rty, Type::Scalar(s) if s.is_int())
                }
                ConvOp::IntToPtr => {
                    rty.is_mem_ptr() && matches!(from, Type::Scalar(s) if s.is_int())
                }
                ConvOp::AddrSpaceCast => from.is_mem_ptr() && rty.is_mem_ptr(),
            };
            if !ok {
                bad(format!("`{}` cannot convert {from} to {rty}", op.name()));
            }
        }
        InstKind::Math(f, args) => {
            if args.len() != f.arity() {
                bad(format!("`{}` takes {} operands", f.name(), f.arity()));
            }
            for (i, a) in args.iter().enumerate() {
                // ldexp's exponent is an integer of the same shape.
                let want = if *f == crate::inst::MathFn::Ldexp && i == 1 {
                    rty.with_elem(Scalar::I32)
                } else {
                    rty
                };
                if t(*a) != want {
                    bad(format!("operand {a} is {}, expected {want}", t(*a)));
                }
            }
            if !rty.is_float() {
                bad(format!("math on {rty}"));
            }
        }
        InstKind::Extract(v, lane) => {
            let vt = t(*v);
            if !vt.is_vector() || *lane >= vt.lanes() || Some(rty) != vt.elem().map(Type::Scalar) {
                bad(format!("cannot extract lane {lane} of {vt} as {rty}"));
            }
        }
        InstKind::ExtractDyn(v, i) => {
            let vt = t(*v);
            if !vt.is_vector() || Some(rty) != vt.elem().map(Type::Scalar) || !t(*i).is_int() {
                bad(format!("cannot extract from {vt} as {rty}"));
            }
        }
        InstKind::Insert(v, s, lane) => {
            let vt = t(*v);
            if vt != rty || *lane >= vt.lanes() || vt.elem().map(Type::Scalar) != Some(t(*s)) {
                bad(format!("cannot insert {} into lane {lane} of {vt}", t(*s)));
            }
        }
        InstKind::Shuffle(a, c, mask) => {
            let (at, ct) = (t(*a), t(*c));
            if at.elem() != ct.elem() || rty.elem() != at.elem() || mask.len() as u32 != rty.lanes()
            {
                bad(format!("bad shuffle of {at} and {ct} into {rty}"));
            } else if mask.iter().any(|&i| i >= at.lanes() + ct.lanes()) {
                bad("shuffle index out of range".into());
            }
        }
        InstKind::Splat(s) => {
            if !rty.is_vector() || rty.elem().map(Type::Scalar) != Some(t(*s)) {
                bad(format!("cannot splat {} to {rty}", t(*s)));
            }
        }
        InstKind::Load { ptr, align, .. } => {
            if !t(*ptr).is_mem_ptr() {
                bad(format!("load from {}", t(*ptr)));
            }
            if !align.is_power_of_two() {
                bad("alignment must be a power of two".into());
            }
        }
        InstKind::Store {
            ptr, value, align, ..
        } => {
            if !t(*ptr).is_mem_ptr() {
                bad(format!("store to {}", t(*ptr)));
            }
            if !t(*value).is_value() {
                bad(format!("store of {}", t(*value)));
            }
            if !align.is_power_of_two() {
                bad("alignment must be a power of two".into());
            }
        }
        InstKind::AtomicRmw { ptr, value, .. } => {
            if !t(*ptr).is_mem_ptr() || t(*value) != rty || !matches!(rty, Type::Scalar(_)) {
                bad(format!("atomic on {} with {}", t(*ptr), t(*value)));
            }
        }
        InstKind::CmpXchg {
            ptr, expected, new, ..
        } => {
            if !t(*ptr).is_mem_ptr() || t(*expected) != rty || t(*new) != rty || !rty.is_int() {
                bad(
                    "cmpxchg operands must be a pointer and two integers of the result type".into(),
                );
            }
        }
        InstKind::Fence { .. } => {}
        InstKind::PtrAdd(p, o) => {
            if !t(*p).is_mem_ptr()
                || t(*p) != rty
                || !matches!(t(*o), Type::Scalar(s) if s.is_int())
            {
                bad(format!("ptradd of {} and {} to {rty}", t(*p), t(*o)));
            }
        }
        InstKind::Alloca { align, .. } => {
            if rty != Type::Ptr(crate::AddrSpace::Private) {
                bad("alloca gives a ptr0".into());
            }
            if !align.is_power_of_two() {
                bad("alignment must be a power of two".into());
            }
        }
        InstKind::GlobalAddr(g) => match m.globals.get(*g) {
            Some(gl) if Type::Ptr(gl.space) == rty => {}
            Some(gl) => bad(format!(
                "@{} lives in addrspace({}), not {rty}",
                gl.name,
                gl.space.number()
            )),
            None => bad("unknown global".into()),
        },
        InstKind::Call(fid, args) => match m.functions.get(*fid) {
            None => bad("call of an unknown function".into()),
            Some(callee) => {
                if callee.params.len() != args.len() {
                    bad(format!(
                        "@{} takes {} arguments, {} given",
                        callee.name,
                        callee.params.len(),
                        args.len()
                    ));
                } else {
                    for (p, a) in callee.params.iter().zip(args) {
                        if p.ty != t(*a) {
                            bad(format!(
                                "argument {a} is {}, @{} expects {}",
                                t(*a),
                                callee.name,
                                p.ty
                            ));
                        }
                    }
                }
                if callee.ret != rty {
                    bad(format!(
                        "@{} returns {}, not {rty}",
                        callee.name, callee.ret
                    ));
                }
            }
        },
        InstKind::Brif(c, ..) => {
            if t(*c) != Type::I1 {
                bad(format!("branch condition is {}, not i1", t(*c)));
            }
        }
        InstKind::Switch { arg, .. } => {
            if !matches!(t(*arg), Type::Scalar(s) if s.is_int()) {
                bad(format!("switch on {}", t(*arg)));
            }
        }
        InstKind::Return(v) => {
            let got = v.map(t).unwrap_or(Type::Void);
            if got != f.ret {
                bad(format!("returns {got}, the function returns {}", f.ret));
            }
        }
        InstKind::Jump(_) | InstKind::Unreachable => {}
    }
}

/// The problems of one global's initializer: its size, and each relocation's place
/// (inside the bytes, pointer-aligned, sorted, not overlapping, over zero bytes) and
/// target (an existing global with addresses, `addend` inside it or one past its end).
fn check_init(m: &Module, g: &crate::Global, init: &crate::Init) -> Vec<String> {
    let mut errs = Vec::new();
    let size = m.size_of(g.ty);
    if init.bytes.len() as u64 != size {
        errs.push(format!(
            "global initializer has {} bytes, its type needs {size}",
            init.bytes.len()
        ));
        return errs;
    }
    if g.space == AddrSpace::Local && !init.relocs.is_empty() {
        errs.push("a __local global holds no initial addresses".into());
    }
    let pb = u64::from(m.data_layout.pointer_bytes);
    let mut next_free = 0u64;
    for r in &init.relocs {
        let at = format!("relocation at byte {}", r.offset);
        match r.offset.checked_add(pb) {
            Some(end) if end <= size => {
                if r.offset % pb != 0 {
                    errs.push(format!("{at}: not aligned to the pointer size {pb}"));
                }
                if r.offset < next_free {
                    errs.push(format!(
                        "{at}: relocations must be sorted by offset and not overlap"
                    ));
                }
                let zero = init.bytes[r.offset as usize..end as usize]
                    .iter()
                    .all(|b| *b == 0);
                if !zero {
                    errs.push(format!("{at}: the bytes under an address must be zero"));
                }
                next_free = end;
            }
            _ => errs.push(format!(
                "{at}: a {pb}-byte address does not fit in the {size}-byte initializer"
            )),
        }
        match m.globals.get(r.target) {
            None => errs.push(format!("{at}: no global {}", r.target.index())),
            Some(t) => {
                if t.space == AddrSpace::Local {
                    errs.push(format!(
                        "{at}: @{} is __local, whose address differs per work-group",
                        t.name
                    ));
                }
                let tsize = m.size_of(t.ty);
                if r.addend > tsize {
                    errs.push(format!(
                        "{at}: byte {} of @{} is past its end ({tsize} bytes)",
                        r.addend, t.name
                    ));
                }
            }
        }
    }
    errs
}
