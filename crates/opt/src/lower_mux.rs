//! `lower-to-mux`: OpenCL work-item and synchronization functions → ComputeMux builtins.
//!
//! The front end calls OpenCL's functions as declarations with SPIR-mangled names
//! (`_Z13get_global_idj`); they are recognized by demangling, not by spelling. Then:
//! - the work-item queries become the matching `__mux_get_*` builtin, with the dimension
//!   passed through (the builtins give the OpenCL value, 0 for ids and 1 for sizes, for
//!   a dimension outside 0..2, per docs/spec/computemux.md#builtins); integer widths are adapted with
//!   `zext`/`trunc` if the declaration's differ from the builtin's (`size_t` follows the
//!   module's data layout);
//! - `barrier(flags)` (also `work_group_barrier(flags)`) becomes
//!   `__mux_work_group_barrier(0, MemScopeWorkGroup, SequentiallyConsistent | mem)`, where
//!   `mem` has WorkGroupMemory if `CLK_LOCAL_MEM_FENCE` (1) is set and
//!   CrossWorkGroupMemory if `CLK_GLOBAL_MEM_FENCE` (2) is set: `(flags & 3) << 8`,
//!   computed with IR operations when `flags` is not a constant. The id 0 is a
//!   placeholder that `prepare-barriers` replaces;
//! - `sub_group_barrier(flags)` (cl_khr_subgroups) becomes `__mux_sub_group_barrier` the
//!   same way, at MemScopeSubGroup;
//! - `mem_fence(flags)`, `read_mem_fence(flags)` and `write_mem_fence(flags)` become
//!   `__mux_mem_barrier(MemScopeWorkGroup, ordering | mem)` with the orderings
//!   AcquireRelease, Acquire and Release: a read fence orders the loads after it (acquire),
//!   a write fence the stores before it (release), a full fence both. The scope is the
//!   work-group because OpenCL 1.2 fences only order the work-item's accesses as seen
//!   by its work-group.
//!
//! The OpenCL declarations are removed once nothing calls them (a declaration's slot
//! is reused for the builtin, so the module keeps its order). Finally every kernel that
//! does not use sub-groups, directly or through its callees, gets `"mux-no-subgroups"`,
//! and a kernel that does loses it.

use std::collections::HashSet;

use kauai_ir::builtins::{name, scope, semantics, signature};
use kauai_ir::mangle::{demangle, MType};
use kauai_ir::{
    attr, BinaryOp, Body, Const, ConstScalar, ConvOp, FuncId, Function, Inst, InstKind, Module,
    Param, Rounding, SecondaryMap, Type, Value,
};

use crate::util::{call_graph, called_functions, remove_functions};
use crate::OptError;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Direct,
    /// A control barrier at this MemScope.
    Barrier(u32),
    /// A memory fence with this MemSemantics ordering.
    Fence(u32),
}

struct Action {
    kind: Kind,
    mux: FuncId,
    decl_ret: Type,
    mux_params: Vec<Type>,
    mux_ret: Type,
}

/// The builtin for an OpenCL function, from its demangled name and parameters.
fn recognize(mangled: &str) -> Option<(Kind, &'static str)> {
    let (n, params) = demangle(mangled)?;
    let dim = params.as_slice() == [MType::Scalar(kauai_ir::ClScalar::UInt)];
    let none = params.is_empty();
    Some(match n.as_str() {
        "get_global_id" if dim => (Kind::Direct, name::GET_GLOBAL_ID),
        "get_local_id" if dim => (Kind::Direct, name::GET_LOCAL_ID),
        "get_group_id" if dim => (Kind::Direct, name::GET_GROUP_ID),
        "get_global_size" if dim => (Kind::Direct, name::GET_GLOBAL_SIZE),
        "get_local_size" if dim => (Kind::Direct, name::GET_LOCAL_SIZE),
        "get_num_groups" if dim => (Kind::Direct, name::GET_NUM_GROUPS),
        "get_global_offset" if dim => (Kind::Direct, name::GET_GLOBAL_OFFSET),
        "get_enqueued_local_size" if dim => (Kind::Direct, name::GET_ENQUEUED_LOCAL_SIZE),
        "get_work_dim" if none => (Kind::Direct, name::GET_WORK_DIM),
        "get_global_linear_id" if none => (Kind::Direct, name::GET_GLOBAL_LINEAR_ID),
        "get_local_linear_id" if none => (Kind::Direct, name::GET_LOCAL_LINEAR_ID),
        "get_sub_group_size" if none => (Kind::Direct, name::GET_SUB_GROUP_SIZE),
        "get_max_sub_group_size" if none => (Kind::Direct, name::GET_MAX_SUB_GROUP_SIZE),
        "get_num_sub_groups" if none => (Kind::Direct, name::GET_NUM_SUB_GROUPS),
        "get_sub_group_id" if none => (Kind::Direct, name::GET_SUB_GROUP_ID),
        "get_sub_group_local_id" if none => (Kind::Direct, name::GET_SUB_GROUP_LOCAL_ID),
        "barrier" | "work_group_barrier" if dim => {
            (Kind::Barrier(scope::WORK_GROUP), name::WORK_GROUP_BARRIER)
        }
        "sub_group_barrier" if dim => (Kind::Barrier(scope::SUB_GROUP), name::SUB_GROUP_BARRIER),
        "mem_fence" if dim => (Kind::Fence(semantics::ACQUIRE_RELEASE), name::MEM_BARRIER),
        "read_mem_fence" if dim => (Kind::Fence(semantics::ACQUIRE), name::MEM_BARRIER),
        "write_mem_fence" if dim => (Kind::Fence(semantics::RELEASE), name::MEM_BARRIER),
        _ => return None,
    })
}

fn is_int_scalar(t: Type) -> bool {
    matches!(t, Type::Scalar(s) if s.is_int())
}

pub fn run(m: &mut Module) -> Result<(), OptError> {
    let dl = m.data_layout;
    // 1. Decide what each recognized declaration becomes, checking signatures first.
    let mut plan: Vec<(FuncId, Kind, &'static str)> = Vec::new();
    for (id, f) in m.functions.iter() {
        if !f.is_declaration() {
            continue;
        }
        let Some((kind, mux)) = recognize(&f.name) else {
            continue;
        };
        let sig = signature(mux, dl)
            .ok_or_else(|| OptError::Unsupported(format!("no signature for {mux}")))?;
        let ok = match kind {
            Kind::Direct => {
                f.params.len() == sig.params.len()
                    && f.params
                        .iter()
                        .zip(&sig.params)
                        .all(|(p, t)| p.ty == *t || is_int_scalar(p.ty) && is_int_scalar(*t))
                    && (f.ret == sig.ret || is_int_scalar(f.ret) && is_int_scalar(sig.ret))
            }
            Kind::Barrier(_) | Kind::Fence(_) => {
                f.params.len() == 1 && is_int_scalar(f.params[0].ty) && f.ret == Type::Void
            }
        };
        if !ok {
            return Err(OptError::Unsupported(format!(
                "@{} is declared with a signature OpenCL does not give it",
                f.name
            )));
        }
        if let Some(existing) = m.func_by_name(mux) {
            let e = &m.functions[existing];
            let have: Vec<Type> = e.params.iter().map(|p| p.ty).collect();
            if have != sig.params || e.ret != sig.ret {
                return Err(OptError::Unsupported(format!(
                    "@{mux} is declared with a signature that is not the builtin's"
                )));
            }
        }
        plan.push((id, kind, mux));
    }
    if plan.is_empty() {
        mark_subgroups(m);
        return Ok(());
    }
    // 2. Builtin declarations: reuse the slot of the first OpenCL declaration of each.
    let mut actions: SecondaryMap<FuncId, Option<usize>> = SecondaryMap::new();
    let mut table: Vec<Action> = Vec::new();
    let mut reused: HashSet<FuncId> = HashSet::new();
    for &(id, kind, mux) in &plan {
        let decl_ret = m.functions[id].ret;
        let sig = signature(mux, dl)
            .ok_or_else(|| OptError::Unsupported(format!("no signature for {mux}")))?;
        let mux_id = match m.func_by_name(mux) {
            Some(x) => x,
            None => {
                let params = sig.params.iter().map(|t| Param::new(*t, "")).collect();
                m.functions[id] = Function::new(mux, params, sig.ret);
                reused.insert(id);
                id
            }
        };
        actions[id] = Some(table.len());
        table.push(Action {
            kind,
            mux: mux_id,
            decl_ret,
            mux_params: sig.params,
            mux_ret: sig.ret,
        });
    }
    // 3. Rewrite the calls.
    for (_, f) in m.functions.iter_mut() {
        if let Some(body) = &mut f.body {
            rewrite_body(body, &actions, &table);
        }
    }
    // 4. Drop the OpenCL declarations nothing calls any more.
    let called = called_functions(m);
    let dead: HashSet<FuncId> = plan
        .iter()
        .map(|p| p.0)
        .filter(|id| !reused.contains(id) && !called.contains(id))
        .collect();
    remove_functions(m, &dead);
    mark_subgroups(m);
    Ok(())
}

struct Emitter<'a> {
    body: &'a mut Body,
    out: Vec<Inst>,
}

impl Emitter<'_> {
    fn emit(&mut self, kind: InstKind, ty: Type) -> Value {
        let i = self.body.make_inst(kind, ty);
        self.out.push(i);
        self.body.insts[i]
            .result
            .unwrap_or_else(|| Value::from_u32(u32::MAX))
    }

    fn iconst(&mut self, ty: Type, x: u64) -> Value {
        self.emit(InstKind::Const(Const::Scalar(ConstScalar::Int(x))), ty)
    }

    /// `v` as an integer of type `want` (zero-extended or truncated).
    fn coerce(&mut self, v: Value, want: Type) -> Value {
        let have = self.body.value_type(v);
        if have == want {
            return v;
        }
        let op = match (have.elem(), want.elem()) {
            (Some(h), Some(w)) if h.bits() > w.bits() => ConvOp::Trunc,
            _ => ConvOp::Zext,
        };
        self.emit(
            InstKind::Convert {
                op,
                arg: v,
                rounding: Rounding::Default,
                saturate: false,
            },
            want,
        )
    }

    fn const_int(&self, v: Value) -> Option<u64> {
        let i = self.body.value_inst(v)?;
        match &self.body.insts[i].kind {
            InstKind::Const(Const::Scalar(ConstScalar::Int(x))) => Some(*x),
            InstKind::Const(Const::Zero) => Some(0),
            _ => None,
        }
    }

    /// MemSemantics memory bits for OpenCL fence flags: `(flags & 3) << 8`.
    fn memory_bits(&mut self, flags: Value, ordering: u32) -> Value {
        let flags = self.coerce(flags, Type::I32);
        if let Some(f) = self.const_int(flags) {
            return self.iconst(Type::I32, (ordering | ((f as u32 & 3) << 8)) as u64);
        }
        let three = self.iconst(Type::I32, 3);
        let masked = self.emit(InstKind::Binary(BinaryOp::And, flags, three), Type::I32);
        let eight = self.iconst(Type::I32, 8);
        let shifted = self.emit(InstKind::Binary(BinaryOp::Shl, masked, eight), Type::I32);
        let ord = self.iconst(Type::I32, ordering as u64);
        self.emit(InstKind::Binary(BinaryOp::Or, shifted, ord), Type::I32)
    }
}

fn rewrite_body(body: &mut Body, actions: &SecondaryMap<FuncId, Option<usize>>, table: &[Action]) {
    for k in 0..body.order.len() {
        let b = body.order[k];
        let touches = body.blocks[b]
            .insts
            .iter()
            .any(|i| matches!(&body.insts[*i].kind, InstKind::Call(f, _) if actions[*f].is_some()));
        if !touches {
            continue;
        }
        let insts = std::mem::take(&mut body.blocks[b].insts);
        let mut e = Emitter {
            body,
            out: Vec::with_capacity(insts.len() + 8),
        };
        for i in insts {
            let (f, args) = match &e.body.insts[i].kind {
                InstKind::Call(f, a) => (*f, a.clone()),
                _ => {
                    e.out.push(i);
                    continue;
                }
            };
            let Some(a) = actions[f].and_then(|x| table.get(x)) else {
                e.out.push(i);
                continue;
            };
            match a.kind {
                Kind::Direct => {
                    let new_args: Vec<Value> = args
                        .iter()
                        .zip(&a.mux_params)
                        .map(|(v, t)| e.coerce(*v, *t))
                        .collect();
                    let result = e.body.insts[i].result;
                    if a.decl_ret == a.mux_ret || result.is_none() {
                        if a.decl_ret != a.mux_ret {
                            // Unused result of another width: call for nothing else.
                            let _ = e.emit(InstKind::Call(a.mux, new_args), a.mux_ret);
                            continue;
                        }
                        e.body.insts[i].kind = InstKind::Call(a.mux, new_args);
                        e.out.push(i);
                    } else {
                        let r = e.emit(InstKind::Call(a.mux, new_args), a.mux_ret);
                        let op = match (a.mux_ret.elem(), a.decl_ret.elem()) {
                            (Some(h), Some(w)) if h.bits() > w.bits() => ConvOp::Trunc,
                            _ => ConvOp::Zext,
                        };
                        e.body.insts[i].kind = InstKind::Convert {
                            op,
                            arg: r,
                            rounding: Rounding::Default,
                            saturate: false,
                        };
                        e.out.push(i);
                    }
                }
                Kind::Barrier(barrier_scope) => {
                    let Some(flags) = args.first().copied() else {
                        e.out.push(i);
                        continue;
                    };
                    let id = e.iconst(Type::I32, 0);
                    let sc = e.iconst(Type::I32, barrier_scope as u64);
                    let sem = e.memory_bits(flags, semantics::SEQUENTIALLY_CONSISTENT);
                    e.body.insts[i].kind = InstKind::Call(a.mux, vec![id, sc, sem]);
                    e.out.push(i);
                }
                Kind::Fence(ordering) => {
                    let Some(flags) = args.first().copied() else {
                        e.out.push(i);
                        continue;
                    };
                    let sc = e.iconst(Type::I32, scope::WORK_GROUP as u64);
                    let sem = e.memory_bits(flags, ordering);
                    e.body.insts[i].kind = InstKind::Call(a.mux, vec![sc, sem]);
                    e.out.push(i);
                }
            }
        }
        let out = e.out;
        body.blocks[b].insts = out;
    }
}

/// Does calling this declaration use sub-groups?
fn is_subgroup_decl(f: &Function) -> bool {
    f.is_declaration() && f.name.contains("sub_group")
}

/// Set `"mux-no-subgroups"` on kernels that use no sub-group builtin, transitively.
fn mark_subgroups(m: &mut Module) {
    let g = call_graph(m);
    let mut callers: SecondaryMap<FuncId, Vec<FuncId>> = SecondaryMap::new();
    for (id, _) in m.functions.iter() {
        for &c in &g[id] {
            callers[c].push(id);
        }
    }
    let mut uses: SecondaryMap<FuncId, bool> = SecondaryMap::new();
    let mut work: Vec<FuncId> = Vec::new();
    for (id, f) in m.functions.iter() {
        if is_subgroup_decl(f) {
            uses[id] = true;
            work.push(id);
        }
    }
    while let Some(f) = work.pop() {
        for &c in &callers[f] {
            if !uses[c] {
                uses[c] = true;
                work.push(c);
            }
        }
    }
    for (id, f) in m.functions.iter_mut() {
        if !f.is_kernel() {
            continue;
        }
        if uses[id] {
            f.attrs.remove(attr::MUX_NO_SUBGROUPS);
        } else {
            f.set_attr(attr::MUX_NO_SUBGROUPS, "");
        }
    }
}
