//! Linking IR modules: definitions replace declarations of the same name, types and
//! globals are carried over, and every reference inside moved functions is renumbered.
//!
//! Signatures are compared as the IR sees them (parameter and result types, with
//! aggregates compared by layout, not by name, and `byval` types): pointers are opaque
//! there, so `int *` and `float *` in the same address space are not told apart, as
//! C leaves such a mismatch between translation units undiagnosed.
//! The printf table entries of the module linked in get fresh ids (and their callees
//! the matching names), so a program's ids stay unique.

use std::collections::{HashMap, HashSet};

use kauai_ir::{Aggregate, FuncId, Function, GlobalId, InstKind, Module, Type};

/// Copy everything of `src` into `dst`.
pub fn link_into(dst: &mut Module, src: &Module) -> Result<(), String> {
    if dst.data_layout != src.data_layout {
        return Err("modules for different data layouts cannot be linked".into());
    }
    // printf ids must stay unique: the linked-in module's move past the ones in use.
    let renumbered;
    let src = match kauai_ir::printf::next_id(dst) {
        0 => src,
        by if kauai_ir::printf::next_id(src) > 0 => {
            let mut m = src.clone();
            kauai_ir::printf::renumber(&mut m, by);
            renumbered = m;
            &renumbered
        }
        _ => src,
    };
    let mut types: HashMap<Type, Type> = HashMap::new();
    let mut map_ty = |dst: &mut Module, t: Type| map_type(dst, src, t, &mut types);
    let mut globals: HashMap<GlobalId, GlobalId> = HashMap::new();
    // Relocations name globals by id, so they are renumbered once every global has its
    // new id: (id in dst, the global as src has it, whether this link added it).
    let mut placed = Vec::new();
    for (gid, g) in src.globals.iter() {
        let mut g2 = g.clone();
        g2.ty = map_ty(dst, g.ty);
        let (id, added) = match dst.global_by_name(&g.name) {
            Some(existing) => (existing, false),
            None => (dst.globals.push(g2.clone()), true),
        };
        globals.insert(gid, id);
        placed.push((id, g2, added));
    }
    for (id, mut g2, added) in placed {
        for r in g2.init.iter_mut().flat_map(|i| i.relocs.iter_mut()) {
            r.target = globals.get(&r.target).copied().unwrap_or(r.target);
        }
        if added {
            dst.globals[id] = g2;
        } else if dst.globals[id] != g2 {
            return Err(format!(
                "global `{}` is defined differently in two modules",
                g2.name
            ));
        }
    }
    // Functions: first make every name exist, so calls can be renumbered.
    let mut funcs: HashMap<FuncId, FuncId> = HashMap::new();
    // Slots this link made as placeholders; only these take a bare declaration.
    let mut created: HashSet<FuncId> = HashSet::new();
    for (fid, f) in src.functions.iter() {
        let id = match dst.func_by_name(&f.name) {
            Some(existing) => {
                let e = &dst.functions[existing];
                if !e.is_declaration() && !f.is_declaration() {
                    return Err(format!(
                        "function `{}` is defined in two modules (one definition per program)",
                        f.name
                    ));
                }
                if !same_signature(dst, e, src, f) {
                    let (decl, def) = match (e.is_declaration(), f.is_declaration()) {
                        (true, false) => ("declared", "defined"),
                        (false, true) => ("defined", "declared"),
                        _ => ("declared", "declared"),
                    };
                    return Err(format!(
                        "function `{}` is {decl} as `{}` in one module and {def} as `{}` in another",
                        f.name,
                        signature(dst, e),
                        signature(src, f)
                    ));
                }
                existing
            }
            None => {
                let id = dst
                    .functions
                    .push(kauai_ir::Function::new(f.name.clone(), vec![], f.ret));
                created.insert(id);
                id
            }
        };
        funcs.insert(fid, id);
    }
    // The source files of `src` follow those of `dst`; its locations move with them.
    let file_base = dst.source_files.len() as u32;
    dst.source_files.extend(src.source_files.iter().cloned());
    for (fid, f) in src.functions.iter() {
        let id = funcs[&fid];
        if f.is_declaration() && !created.contains(&id) {
            continue; // keep the existing declaration or definition
        }
        let mut f2 = f.clone();
        for p in &mut f2.params {
            p.ty = map_ty(dst, p.ty);
            p.byval = p.byval.map(|t| map_ty(dst, t));
        }
        f2.ret = map_ty(dst, f2.ret);
        if let Some(body) = &mut f2.body {
            for (_, v) in body.values.iter_mut() {
                v.ty = map_ty(dst, v.ty);
            }
            for (_, loc) in body.locs.iter_mut() {
                if loc.is_known() {
                    loc.file += file_base;
                }
            }
            for (_, inst) in body.insts.iter_mut() {
                match &mut inst.kind {
                    InstKind::Call(callee, _) => *callee = funcs[callee],
                    InstKind::GlobalAddr(g) => *g = globals[g],
                    InstKind::Alloca { ty, .. } => *ty = map_ty(dst, *ty),
                    _ => {}
                }
            }
        }
        dst.functions[id] = f2;
    }
    for (k, v) in &src.metadata {
        dst.metadata.entry(k.clone()).or_insert_with(|| v.clone());
    }
    Ok(())
}

fn map_type(dst: &mut Module, src: &Module, t: Type, memo: &mut HashMap<Type, Type>) -> Type {
    let Type::Agg(r) = t else { return t };
    if let Some(m) = memo.get(&t) {
        return *m;
    }
    let out = match src.types.get(r) {
        Some(Aggregate::Array { elem, len }) => {
            let e = map_type(dst, src, *elem, memo);
            dst.types.array(e, *len)
        }
        Some(Aggregate::Struct(s)) => {
            let mut s2 = s.clone();
            s2.fields = s
                .fields
                .iter()
                .map(|f| map_type(dst, src, *f, memo))
                .collect();
            dst.types.add_struct(s2)
        }
        None => t,
    };
    memo.insert(t, out);
    out
}

/// Whether two functions (each in its own module) have the same IR signature.
fn same_signature(ma: &Module, a: &Function, mb: &Module, b: &Function) -> bool {
    same_type(ma, a.ret, mb, b.ret, 0)
        && a.params.len() == b.params.len()
        && a.params.iter().zip(&b.params).all(|(p, q)| {
            same_type(ma, p.ty, mb, q.ty, 0)
                && match (p.byval, q.byval) {
                    (Some(x), Some(y)) => same_type(ma, x, mb, y, 0),
                    (None, None) => true,
                    _ => false,
                }
        })
}

/// Structural type equality across two modules' type tables.
fn same_type(ma: &Module, a: Type, mb: &Module, b: Type, depth: u32) -> bool {
    let (Type::Agg(ra), Type::Agg(rb)) = (a, b) else {
        return a == b;
    };
    if depth > 64 {
        return false; // no real type nests this deep; do not recurse without end
    }
    match (ma.types.get(ra), mb.types.get(rb)) {
        (
            Some(Aggregate::Array { elem: x, len: n }),
            Some(Aggregate::Array { elem: y, len: k }),
        ) => n == k && same_type(ma, *x, mb, *y, depth + 1),
        (Some(Aggregate::Struct(x)), Some(Aggregate::Struct(y))) => {
            x.packed == y.packed
                && x.align == y.align
                && x.fields.len() == y.fields.len()
                && x.fields
                    .iter()
                    .zip(&y.fields)
                    .all(|(p, q)| same_type(ma, *p, mb, *q, depth + 1))
        }
        _ => false,
    }
}

/// `ret (params)` in the IR text form's type names, for messages.
fn signature(m: &Module, f: &Function) -> String {
    let ty = |t: Type| m.types.display(t).to_string();
    let params: Vec<String> = f
        .params
        .iter()
        .map(|p| match p.byval {
            Some(b) => format!("{} byval({})", ty(p.ty), ty(b)),
            None => ty(p.ty),
        })
        .collect();
    format!("{} ({})", ty(f.ret), params.join(", "))
}
