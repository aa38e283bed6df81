//! The uninitialized-value check (`--check uninit`): an instrumentation of the finalized
//! module, which the interpreter then runs like any module.
//!
//! Every value gets a *shadow*: an `i32` per lane, zero where the lane is defined. A
//! constant's shadow is zero and `undef`'s is all ones (after `mem2reg`, a private
//! variable read before it is written is an `undef`); an operation's shadow is the OR of
//! its operands' (lane by lane where the lanes line up), which over-approximates
//! (`x & 0` of an undefined `x` stays undefined) but never misses. Memory keeps one shadow
//! byte per byte in the interpreter: loads read it and stores write it through the
//! [`CheckBuiltin`] calls this pass inserts; an `alloca` starts undefined, and so does
//! `__local` memory at the start of each work-group; global memory is defined, except
//! in buffers the platform made without contents, until something writes them.
//!
//! An undefined value is reported where it matters, as Oclgrind does: when it decides a
//! branch, forms an address, or is written to global memory.
//!
//! Not tracked: values passed into or returned from called functions (a callee sees its
//! parameters as defined; a call's result is as defined as its arguments), and 2D/3D
//! asynchronous copies (their destination keeps its shadow).

use kauai_ir::builtins::{self, CheckBuiltin, UNINIT_ADDRESS, UNINIT_CONTROL, UNINIT_GLOBAL_WRITE};
use kauai_ir::{
    AddrSpace, BinaryOp, Block, Body, Const, ConstScalar, ConvOp, FuncId, Function, Inst, InstKind,
    Module, Param, Rounding, Scalar, SecondaryMap, Type, Value,
};

/// The instrumented copy of `module`, or why it cannot be made.
pub fn instrument(module: &Module) -> Result<Module, String> {
    let mut m = module.clone();
    let decls = Decls::declare(&mut m);
    let ids: Vec<FuncId> = m.functions.keys().collect();
    for fid in ids {
        let Some(mut body) = m.functions[fid].body.take() else {
            continue;
        };
        let r = Instrument::new(&m, &decls, &mut body).run();
        m.functions[fid].body = Some(body);
        r.map_err(|e| format!("@{}: {e}", m.functions[fid].name))?;
    }
    Ok(m)
}

/// The check builtins, declared in the module.
struct Decls {
    load: FuncId,
    store: FuncId,
    report: FuncId,
}

impl Decls {
    fn declare(m: &mut Module) -> Decls {
        let mut decl = |b: CheckBuiltin| {
            if let Some(f) = m.func_by_name(b.name()) {
                return f;
            }
            let sig = b.signature();
            let params = sig
                .params
                .iter()
                .enumerate()
                .map(|(i, t)| Param::new(*t, format!("a{i}")))
                .collect();
            m.functions.push(Function::new(b.name(), params, sig.ret))
        };
        Decls {
            load: decl(CheckBuiltin::ShadowLoad),
            store: decl(CheckBuiltin::ShadowStore),
            report: decl(CheckBuiltin::Uninit),
        }
    }
}

struct Instrument<'a> {
    m: &'a Module,
    d: &'a Decls,
    body: &'a mut Body,
    shadow: SecondaryMap<Value, Option<Value>>,
    /// The shadows of each block's parameters, appended after the originals.
    params: SecondaryMap<Block, Vec<Value>>,
    /// The instructions of the block being rewritten, in their new order.
    out: Vec<Inst>,
}

impl<'a> Instrument<'a> {
    fn new(m: &'a Module, d: &'a Decls, body: &'a mut Body) -> Instrument<'a> {
        Instrument {
            m,
            d,
            body,
            shadow: SecondaryMap::new(),
            params: SecondaryMap::new(),
            out: Vec::new(),
        }
    }

    fn run(mut self) -> Result<(), String> {
        let Some(entry) = self.body.entry() else {
            return Ok(());
        };
        // Every block but the entry takes its parameters' shadows as extra parameters.
        for b in self.body.order.clone() {
            if b == entry {
                continue;
            }
            for p in self.body.blocks[b].params.clone() {
                let t = self.shadow_type(self.body.value_type(p))?;
                let s = self.body.append_block_param(b, t);
                self.params[b].push(s);
                self.shadow[p] = Some(s);
            }
        }
        // Dominators first, so that every operand's shadow exists when it is used;
        // then the unreachable blocks, whose edges must pass shadows too.
        let mut blocks = self.body.reverse_post_order();
        let seen: std::collections::HashSet<Block> = blocks.iter().copied().collect();
        blocks.extend(
            self.body
                .order
                .iter()
                .copied()
                .filter(|b| !seen.contains(b)),
        );
        for b in blocks {
            let old = std::mem::take(&mut self.body.blocks[b].insts);
            self.out = Vec::with_capacity(old.len() * 2);
            for i in old {
                self.inst(i)?;
            }
            self.body.blocks[b].insts = std::mem::take(&mut self.out);
        }
        Ok(())
    }

    /// The shadow of a value of type `t`: an `i32` per lane.
    fn shadow_type(&self, t: Type) -> Result<Type, String> {
        match t {
            Type::Vector { scalable: true, .. } => {
                Err("not supported yet: the uninit check on scalable vectors".into())
            }
            Type::Scalar(_) | Type::Ptr(_) | Type::Vector { .. } => {
                Ok(Type::vec(Scalar::I32, t.lanes()))
            }
            other => Err(format!(
                "not supported yet: the uninit check on values of type {other:?}"
            )),
        }
    }

    /// Make an instruction at the current position, stamped with `loc`'s location.
    fn emit(&mut self, kind: InstKind, ty: Type, like: Inst) -> Option<Value> {
        let i = self.body.make_inst(kind, ty);
        self.body.locs[i] = self.body.locs[like];
        self.out.push(i);
        self.body.insts[i].result
    }

    fn konst(&mut self, t: Type, c: Const, like: Inst) -> Value {
        self.emit(InstKind::Const(c), t, like)
            .expect("a constant has a result")
    }

    fn int(&mut self, t: Type, v: u64, like: Inst) -> Value {
        self.konst(t, Const::Scalar(ConstScalar::Int(v)), like)
    }

    /// The shadow of `v` (zero for a value defined outside the rewritten blocks).
    fn sh(&mut self, v: Value, like: Inst) -> Result<Value, String> {
        if let Some(s) = self.shadow[v] {
            return Ok(s);
        }
        let t = self.shadow_type(self.body.value_type(v))?;
        Ok(self.konst(t, Const::Zero, like))
    }

    fn or(&mut self, a: Value, b: Value, like: Inst) -> Value {
        let t = self.body.value_type(a);
        self.emit(InstKind::Binary(BinaryOp::Or, a, b), t, like)
            .expect("or has a result")
    }

    /// One `i32`: nonzero when any lane of shadow `s` is.
    fn any(&mut self, s: Value, like: Inst) -> Value {
        let n = self.body.value_type(s).lanes();
        if n == 1 {
            return s;
        }
        let mut acc = self
            .emit(InstKind::Extract(s, 0), Type::I32, like)
            .expect("extract has a result");
        for k in 1..n {
            let x = self
                .emit(InstKind::Extract(s, k), Type::I32, like)
                .expect("extract has a result");
            acc = self.or(acc, x, like);
        }
        acc
    }

    /// Shadow `s` with `lanes` lanes: itself when they match, else any lane's, spread.
    fn fit(&mut self, s: Value, lanes: u32, like: Inst) -> Value {
        if self.body.value_type(s).lanes() == lanes {
            return s;
        }
        let a = self.any(s, like);
        if lanes == 1 {
            return a;
        }
        self.emit(InstKind::Splat(a), Type::vec(Scalar::I32, lanes), like)
            .expect("splat has a result")
    }

    /// The OR of the operands' shadows, shaped like a result of `lanes` lanes.
    fn join(&mut self, ops: &[Value], lanes: u32, like: Inst) -> Result<Value, String> {
        let mut acc: Option<Value> = None;
        for &v in ops {
            let s = self.sh(v, like)?;
            let s = self.fit(s, lanes, like);
            acc = Some(match acc {
                Some(a) => self.or(a, s, like),
                None => s,
            });
        }
        Ok(match acc {
            Some(a) => a,
            None => {
                let t = Type::vec(Scalar::I32, lanes);
                self.konst(t, Const::Zero, like)
            }
        })
    }

    fn addr(&mut self, p: Value, like: Inst) -> Value {
        self.emit(
            InstKind::Convert {
                op: ConvOp::PtrToInt,
                arg: p,
                rounding: Rounding::Rte,
                saturate: false,
            },
            Type::I64,
            like,
        )
        .expect("ptrtoint has a result")
    }

    fn report(&mut self, s: Value, what: u32, at: Option<Value>, like: Inst) {
        let s = self.any(s, like);
        let w = self.int(Type::I32, u64::from(what), like);
        let a = match at {
            Some(p) => self.addr(p, like),
            None => self.int(Type::I64, 0, like),
        };
        self.emit(
            InstKind::Call(self.d.report, vec![s, w, a]),
            Type::Void,
            like,
        );
    }

    /// The bytes of one lane of `t` in memory.
    fn lane_bytes(&self, t: Type) -> u64 {
        match t {
            Type::Ptr(_) => u64::from(self.m.data_layout.pointer_bytes),
            _ => t.elem().map_or(1, |e| u64::from(e.bytes()).max(1)),
        }
    }

    /// `p + k * bytes` as an address, for lane `k`.
    fn lane_addr(&mut self, p: Value, off: u64, like: Inst) -> Value {
        let a = self.addr(p, like);
        if off == 0 {
            return a;
        }
        let o = self.int(Type::I64, off, like);
        self.emit(InstKind::Binary(BinaryOp::Iadd, a, o), Type::I64, like)
            .expect("iadd has a result")
    }

    /// The shadow of a load of `t` from `p`, lane by lane.
    fn load_shadow(&mut self, p: Value, t: Type, like: Inst) -> Result<Value, String> {
        let st = self.shadow_type(t)?;
        let n = t.lanes();
        let lb = self.lane_bytes(t);
        let bytes = self.int(Type::I64, lb, like);
        let mut acc = (n > 1).then(|| self.konst(st, Const::Zero, like));
        for k in 0..n {
            let a = self.lane_addr(p, u64::from(k) * lb, like);
            let s = self
                .emit(InstKind::Call(self.d.load, vec![a, bytes]), Type::I32, like)
                .expect("shadow load has a result");
            acc = Some(match acc {
                Some(v) => self
                    .emit(InstKind::Insert(v, s, k), st, like)
                    .expect("insert has a result"),
                None => s,
            });
        }
        Ok(acc.expect("at least one lane"))
    }

    /// Write shadow `s` (of a value of type `t`) for the bytes at `p`.
    fn store_shadow(&mut self, p: Value, t: Type, s: Value, like: Inst) {
        let n = t.lanes();
        let lb = self.lane_bytes(t);
        let bytes = self.int(Type::I64, lb, like);
        for k in 0..n {
            let a = self.lane_addr(p, u64::from(k) * lb, like);
            let lane = if n == 1 {
                s
            } else {
                self.emit(InstKind::Extract(s, k), Type::I32, like)
                    .expect("extract has a result")
            };
            self.emit(
                InstKind::Call(self.d.store, vec![a, bytes, lane]),
                Type::Void,
                like,
            );
        }
    }

    /// Mark `bytes` bytes at `p` with shadow `value` (0 defined, all ones undefined).
    fn mark(&mut self, p: Value, bytes: Value, value: u64, like: Inst) {
        let a = self.addr(p, like);
        let v = self.int(Type::I32, value, like);
        self.emit(
            InstKind::Call(self.d.store, vec![a, bytes, v]),
            Type::Void,
            like,
        );
    }

    fn space(&self, p: Value) -> Option<AddrSpace> {
        match self.body.value_type(p) {
            Type::Ptr(s) => Some(s),
            _ => None,
        }
    }

    fn set(&mut self, i: Inst, s: Value) {
        if let Some(r) = self.body.insts[i].result {
            self.shadow[r] = Some(s);
        }
    }

    fn inst(&mut self, i: Inst) -> Result<(), String> {
        let kind = self.body.insts[i].kind.clone();
        let rty = self.body.insts[i]
            .result
            .map(|r| self.body.value_type(r))
            .unwrap_or(Type::Void);
        let lanes = rty.lanes();
        // Checks and shadow reads go before the instruction; shadows of its result after.
        match &kind {
            InstKind::Load { ptr, .. } => {
                let sp = self.sh(*ptr, i)?;
                self.report(sp, UNINIT_ADDRESS, Some(*ptr), i);
                let s = self.load_shadow(*ptr, rty, i)?;
                self.out.push(i);
                self.set(i, s);
                return Ok(());
            }
            InstKind::Store { ptr, value, .. } => {
                let sp = self.sh(*ptr, i)?;
                self.report(sp, UNINIT_ADDRESS, Some(*ptr), i);
                let sv = self.sh(*value, i)?;
                let vt = self.body.value_type(*value);
                if self.space(*ptr) == Some(AddrSpace::Global) {
                    self.report(sv, UNINIT_GLOBAL_WRITE, Some(*ptr), i);
                }
                self.store_shadow(*ptr, vt, sv, i);
                self.out.push(i);
                return Ok(());
            }
            InstKind::AtomicRmw { ptr, value, op, .. } => {
                let sp = self.sh(*ptr, i)?;
                self.report(sp, UNINIT_ADDRESS, Some(*ptr), i);
                let old = self.load_shadow(*ptr, rty, i)?;
                let sv = self.sh(*value, i)?;
                // The memory is as defined as what was combined into it.
                let new = if *op == kauai_ir::AtomicOp::Xchg {
                    sv
                } else {
                    self.or(old, sv, i)
                };
                self.store_shadow(*ptr, rty, new, i);
                self.out.push(i);
                self.set(i, old);
                return Ok(());
            }
            InstKind::CmpXchg {
                ptr, expected, new, ..
            } => {
                let sp = self.sh(*ptr, i)?;
                self.report(sp, UNINIT_ADDRESS, Some(*ptr), i);
                let old = self.load_shadow(*ptr, rty, i)?;
                let s = self.join(&[*expected, *new], lanes, i)?;
                let s = self.or(old, s, i);
                self.store_shadow(*ptr, rty, s, i);
                self.out.push(i);
                self.set(i, old);
                return Ok(());
            }
            InstKind::Brif(c, ..) | InstKind::Switch { arg: c, .. } => {
                let s = self.sh(*c, i)?;
                self.report(s, UNINIT_CONTROL, None, i);
            }
            _ => {}
        }
        // Edges pass their arguments' shadows to the shadow parameters.
        if kind.is_terminator() {
            let mut calls: Vec<(Block, Vec<Value>)> = Vec::new();
            for bc in self.body.insts[i].kind.clone().successors_mut() {
                calls.push((bc.block, bc.args.clone()));
            }
            let mut extra = Vec::new();
            for (_, args) in &calls {
                let mut s = Vec::new();
                for &a in args {
                    s.push(self.sh(a, i)?);
                }
                extra.push(s);
            }
            for (bc, s) in self.body.insts[i]
                .kind
                .successors_mut()
                .into_iter()
                .zip(extra)
            {
                bc.args.extend(s);
            }
            self.out.push(i);
            return Ok(());
        }
        self.out.push(i);
        let s = match &kind {
            InstKind::Const(Const::Undef) => {
                let t = self.shadow_type(rty)?;
                let ones = if lanes == 1 {
                    Const::Scalar(ConstScalar::Int(u64::from(u32::MAX)))
                } else {
                    Const::Vector(vec![ConstScalar::Int(u64::from(u32::MAX)); lanes as usize])
                };
                self.konst(t, ones, i)
            }
            InstKind::Const(_) | InstKind::GlobalAddr(_) => {
                let t = self.shadow_type(rty)?;
                self.konst(t, Const::Zero, i)
            }
            InstKind::Alloca { ty, .. } => {
                // A new variable is undefined until written.
                let size = self.m.types.size_of(*ty, self.m.data_layout);
                let r = self.body.insts[i].result.expect("alloca has a result");
                let n = self.int(Type::I64, size, i);
                self.mark(r, n, u64::from(u32::MAX), i);
                self.konst(Type::I32, Const::Zero, i)
            }
            InstKind::Extract(v, k) => {
                let s = self.sh(*v, i)?;
                self.emit(InstKind::Extract(s, *k), Type::I32, i)
                    .expect("extract has a result")
            }
            InstKind::Insert(v, x, k) => {
                let (sv, sx) = (self.sh(*v, i)?, self.sh(*x, i)?);
                let t = self.body.value_type(sv);
                self.emit(InstKind::Insert(sv, sx, *k), t, i)
                    .expect("insert has a result")
            }
            InstKind::Shuffle(a, b, idx) => {
                let (sa, sb) = (self.sh(*a, i)?, self.sh(*b, i)?);
                let t = self.shadow_type(rty)?;
                self.emit(InstKind::Shuffle(sa, sb, idx.clone()), t, i)
                    .expect("shuffle has a result")
            }
            InstKind::Splat(x) => {
                let sx = self.sh(*x, i)?;
                self.fit(sx, lanes, i)
            }
            InstKind::Select(c, a, b) => {
                let (sa, sb) = (self.sh(*a, i)?, self.sh(*b, i)?);
                let t = self.shadow_type(rty)?;
                let picked = self
                    .emit(InstKind::Select(*c, sa, sb), t, i)
                    .expect("select has a result");
                let sc = self.sh(*c, i)?;
                let sc = self.fit(sc, lanes, i);
                self.or(picked, sc, i)
            }
            InstKind::Call(f, args) => {
                let name = self.m.functions[*f].name.as_str();
                if let Some(dma) = dma_bytes_arg(name) {
                    // A 1D copy defines its destination; 2D/3D ones are not tracked.
                    if let (Some(&dst), Some(&n)) = (args.first(), args.get(dma)) {
                        self.mark(dst, n, 0, i);
                    }
                }
                if rty == Type::Void {
                    return Ok(());
                }
                self.join(args, lanes, i)?
            }
            InstKind::Fence { .. } | InstKind::Unreachable => return Ok(()),
            _ => {
                if rty == Type::Void {
                    return Ok(());
                }
                let ops = kind.operands();
                self.join(&ops, lanes, i)?
            }
        };
        self.set(i, s);
        Ok(())
    }
}

/// The byte-count argument of a 1D asynchronous copy builtin.
fn dma_bytes_arg(name: &str) -> Option<usize> {
    use builtins::name::*;
    matches!(name, DMA_READ_1D | DMA_WRITE_1D).then_some(2)
}
