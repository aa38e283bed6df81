//! Initializers: a brace list (with designators and brace elision) is flattened into
//! leaves — (byte offset, type, expression) — which locals store one by one after
//! zeroing the object and `__constant` variables evaluate into their initial bytes.

use std::collections::BTreeMap;

use crate::limits::MAX_CONSTANT_BYTES;
use kauai_ir::{AddrSpace, Const, ConstScalar, GlobalId, Init, InstKind, Reloc, Type, Value};

use super::consteval::{cv_cast, CV};
use super::Lowerer;
use crate::ast::{BinaryOp, Designator, ExprId, ExprKind, InitItem, Initializer, UnaryOp};
use crate::lower::expr::Opnd;
use crate::sema::scope::{Binding, Place, VarInfo};
use crate::sema::types::{Prim, Ty, TyKind, T_ERROR};

pub(crate) enum LeafKind {
    Expr(ExprId),
    Str(Vec<u8>),
}

/// An address constant: byte `off` of global `g`, pointing to (or designating) a `ty`.
#[derive(Copy, Clone)]
struct AddrConst {
    g: GlobalId,
    off: i128,
    ty: Ty,
}

impl AddrConst {
    /// `i` elements of `size` bytes further.
    fn step(self, i: i128, size: u64) -> Option<AddrConst> {
        let off = self.off.checked_add(i.checked_mul(i128::from(size))?)?;
        Some(AddrConst { off, ..self })
    }
}

/// What a pointer leaf of a constant initializer is.
enum PtrInit {
    Addr(Reloc),
    /// Not an address constant (perhaps the null pointer).
    NotAddr,
    /// An address constant that cannot go there (already diagnosed).
    Failed,
}

pub(crate) struct Leaf {
    pub off: u64,
    /// For a bit-field: (bit position, width) in the unit at `off`.
    pub bits: Option<(u32, u32)>,
    pub ty: Ty,
    pub kind: LeafKind,
}

impl Lowerer<'_> {
    fn string_lit(&self, e: ExprId) -> Option<Vec<u8>> {
        match &self.tu.exprs[e].kind {
            ExprKind::StringLit(s) => Some(s.bytes.clone()),
            _ => None,
        }
    }

    fn is_char_array(&self, t: Ty) -> bool {
        matches!(self.t.kind(t), TyKind::Array(e, _) if matches!(self.t.as_prim(e), Some(Prim::Char | Prim::UChar)))
    }

    /// The length of an array of unknown size from its initializer.
    pub(crate) fn init_array_len(&mut self, elem: Ty, init: &Initializer) -> u64 {
        match init {
            Initializer::Expr(e) => match self.string_lit(*e) {
                Some(b) if matches!(self.t.as_prim(elem), Some(Prim::Char | Prim::UChar)) => {
                    b.len() as u64 + 1
                }
                _ => 1,
            },
            Initializer::List { items, .. } => {
                let t = self.t.array(elem, 0);
                let mut scratch = Vec::new();
                let mut pos = 0;
                let errs = self.errors;
                let n = self.init_list(t, 0, items, &mut pos, true, &mut scratch);
                // Problems are reported when the initializer is lowered for real.
                let _ = errs;
                n
            }
        }
    }

    pub(crate) fn flatten_init(&mut self, ty: Ty, init: &Initializer, out: &mut Vec<Leaf>) {
        match init {
            Initializer::Expr(e) => {
                if self.is_char_array(ty) {
                    if let Some(b) = self.string_lit(*e) {
                        out.push(Leaf {
                            bits: None,
                            off: 0,
                            ty,
                            kind: LeafKind::Str(b),
                        });
                        return;
                    }
                }
                if matches!(self.t.kind(ty), TyKind::Array(..)) {
                    let sp = self.espan(*e);
                    self.err(
                        sp,
                        "an array must be initialized with a brace-enclosed list",
                        "",
                    );
                    return;
                }
                out.push(Leaf {
                    bits: None,
                    off: 0,
                    ty,
                    kind: LeafKind::Expr(*e),
                });
            }
            Initializer::List { items, .. } => {
                let mut pos = 0;
                self.init_list(ty, 0, items, &mut pos, true, out);
            }
        }
    }

    /// The type of an initializer expression, without diagnostics or code.
    fn init_expr_ty(&mut self, e: ExprId) -> Ty {
        if self.in_fn {
            self.type_of_expr_quiet(e)
        } else {
            match self.ceval(e) {
                Ok(c) => self.cv_ty(&c),
                Err(()) => T_ERROR,
            }
        }
    }

    fn elem_info(&self, ty: Ty) -> Option<(Ty, u64, u64)> {
        match self.t.kind(ty) {
            TyKind::Array(e, n) => Some((e, self.t.size_of(e), n)),
            TyKind::Vector(p, n) => Some((self.t.prim(p), p.bytes() as u64, n as u64)),
            _ => None,
        }
    }

    /// Initialize the object of type `ty` at `base` from `items[*pos..]`; `braced` says
    /// the list belongs to this object (otherwise it takes only what it needs). Returns
    /// the number of array elements initialized.
    pub(crate) fn init_list(
        &mut self,
        ty: Ty,
        base: u64,
        items: &[InitItem],
        pos: &mut usize,
        braced: bool,
        out: &mut Vec<Leaf>,
    ) -> u64 {
        if let Some((elem, esz, len)) = self.elem_info(ty) {
            if self.t.is_vector(ty) {
                // `vec = {a, b, ...}`: lanes, or a whole vector.
                if let Some(it) = items.get(*pos) {
                    if let (Initializer::Expr(e), true) = (&it.init, it.designators.is_empty()) {
                        if self.init_expr_ty(*e) == ty {
                            out.push(Leaf {
                                bits: None,
                                off: base,
                                ty,
                                kind: LeafKind::Expr(*e),
                            });
                            *pos += 1;
                            return 1;
                        }
                    }
                }
            }
            let mut idx = 0u64;
            let mut max = 0u64;
            while *pos < items.len() {
                let it = &items[*pos];
                if !it.designators.is_empty() {
                    if !braced {
                        break;
                    }
                    let Designator::Index { index, span } = &it.designators[0] else {
                        self.err(it.span, "field designator in an array initializer", "");
                        *pos += 1;
                        continue;
                    };
                    match self.const_int(*index) {
                        Some(i) if i >= 0 && (len == 0 || (i as u64) < len) => idx = i as u64,
                        _ => {
                            self.err(*span, "array designator out of bounds or not constant", "");
                            *pos += 1;
                            continue;
                        }
                    }
                    self.init_designated(
                        elem,
                        base.saturating_add(idx.saturating_mul(esz)),
                        &it.designators[1..],
                        None,
                        &it.init,
                        out,
                    );
                    *pos += 1;
                    idx += 1;
                    max = max.max(idx);
                    continue;
                }
                if len != 0 && idx >= len {
                    if braced {
                        self.warn(it.span, "excess elements in initializer", "ignored");
                        *pos = items.len();
                    }
                    break;
                }
                self.init_elem(
                    elem,
                    base.saturating_add(idx.saturating_mul(esz)),
                    items,
                    pos,
                    out,
                );
                idx += 1;
                max = max.max(idx);
            }
            return max;
        }
        match self.t.kind(ty) {
            TyKind::Record(r) => {
                let rec = self.t.records[r as usize].clone();
                let mut fi = 0usize;
                while *pos < items.len() {
                    let it = &items[*pos];
                    if !it.designators.is_empty() {
                        if !braced {
                            break;
                        }
                        let Designator::Field(name) = &it.designators[0] else {
                            self.err(it.span, "array designator in a struct initializer", "");
                            *pos += 1;
                            continue;
                        };
                        match rec.fields.iter().position(|f| f.name == Some(name.name)) {
                            Some(i) => {
                                let f = &rec.fields[i];
                                self.init_designated(
                                    f.ty,
                                    base + f.offset,
                                    &it.designators[1..],
                                    f.bits,
                                    &it.init,
                                    out,
                                );
                                fi = i + 1;
                            }
                            None => {
                                let n = self.name(name.name).to_string();
                                self.err(
                                    name.span,
                                    format!("no member named `{n}` in `{}`", self.tyname(ty)),
                                    "",
                                );
                            }
                        }
                        *pos += 1;
                        continue;
                    }
                    if fi >= rec.fields.len() || (rec.is_union && fi >= 1) {
                        if braced {
                            self.warn(it.span, "excess elements in initializer", "ignored");
                            *pos = items.len();
                        }
                        break;
                    }
                    let f = &rec.fields[fi];
                    let start = out.len();
                    self.init_elem(f.ty, base + f.offset, items, pos, out);
                    if f.bits.is_some() {
                        for l in &mut out[start..] {
                            l.bits = f.bits;
                        }
                    }
                    fi += 1;
                }
                0
            }
            TyKind::Error => {
                *pos = items.len();
                0
            }
            _ => {
                // A scalar in braces: `int x = {1};`
                if *pos < items.len() {
                    self.init_elem(ty, base, items, pos, out);
                }
                if braced && *pos < items.len() {
                    let sp = items[*pos].span;
                    self.warn(sp, "excess elements in scalar initializer", "ignored");
                    *pos = items.len();
                }
                1
            }
        }
    }

    fn init_elem(
        &mut self,
        ty: Ty,
        off: u64,
        items: &[InitItem],
        pos: &mut usize,
        out: &mut Vec<Leaf>,
    ) {
        let it = &items[*pos];
        match &it.init {
            Initializer::List { items: sub, .. } => {
                *pos += 1;
                let mut p = 0;
                self.init_list(ty, off, sub, &mut p, true, out);
            }
            Initializer::Expr(e) => {
                let e = *e;
                match self.t.kind(ty) {
                    TyKind::Prim(_) | TyKind::Ptr(_) | TyKind::Error => {
                        out.push(Leaf {
                            bits: None,
                            off,
                            ty,
                            kind: LeafKind::Expr(e),
                        });
                        *pos += 1;
                    }
                    TyKind::Vector(..) => {
                        // A vector member or element without its own braces takes one
                        // initializer, a scalar being splat (clang's OpenCL rule: `long16
                        // d[] = {0, 1, 2}` has three vectors); only `{...}` lists lanes.
                        out.push(Leaf {
                            bits: None,
                            off,
                            ty,
                            kind: LeafKind::Expr(e),
                        });
                        *pos += 1;
                    }
                    TyKind::Array(..) if self.is_char_array(ty) && self.string_lit(e).is_some() => {
                        let b = self.string_lit(e).unwrap_or_default();
                        out.push(Leaf {
                            bits: None,
                            off,
                            ty,
                            kind: LeafKind::Str(b),
                        });
                        *pos += 1;
                    }
                    TyKind::Record(_) if self.in_fn && self.init_expr_ty(e) == ty => {
                        out.push(Leaf {
                            bits: None,
                            off,
                            ty,
                            kind: LeafKind::Expr(e),
                        });
                        *pos += 1;
                    }
                    TyKind::Record(_) | TyKind::Array(..) => {
                        self.init_list(ty, off, items, pos, false, out);
                    }
                    _ => {
                        self.err(
                            it.span,
                            format!("cannot initialize `{}`", self.tyname(ty)),
                            "",
                        );
                        *pos += 1;
                    }
                }
            }
        }
    }

    fn init_designated(
        &mut self,
        ty: Ty,
        off: u64,
        rest: &[Designator],
        first_bits: Option<(u32, u32)>,
        init: &Initializer,
        out: &mut Vec<Leaf>,
    ) {
        let (mut ty, mut off) = (ty, off);
        let mut bits = first_bits;
        for d in rest {
            match (d, self.t.kind(ty)) {
                (Designator::Field(name), TyKind::Record(r)) => {
                    let rec = &self.t.records[r as usize];
                    match rec.fields.iter().find(|f| f.name == Some(name.name)) {
                        Some(f) => {
                            off += f.offset;
                            ty = f.ty;
                            bits = f.bits;
                        }
                        None => {
                            let n = self.name(name.name).to_string();
                            self.err(name.span, format!("no member named `{n}`"), "");
                            return;
                        }
                    }
                }
                (Designator::Index { index, span }, TyKind::Array(e, n)) => {
                    match self.const_int(*index) {
                        Some(i) if i >= 0 && (i as u64) < n => {
                            off = off.saturating_add((i as u64).saturating_mul(self.t.size_of(e)));
                            ty = e;
                        }
                        _ => {
                            self.err(*span, "array designator out of bounds or not constant", "");
                            return;
                        }
                    }
                }
                (Designator::Field(n), _) => {
                    self.err(n.span, "field designator on a non-struct", "");
                    return;
                }
                (Designator::Index { span, .. }, _) => {
                    self.err(*span, "array designator on a non-array", "");
                    return;
                }
            }
        }
        let start = out.len();
        match init {
            Initializer::List { items, .. } => {
                let mut p = 0;
                self.init_list(ty, off, items, &mut p, true, out);
            }
            Initializer::Expr(_) => {
                let one = [InitItem {
                    designators: vec![],
                    init: init.clone(),
                    span: kauai_diag::Span::default(),
                }];
                let mut p = 0;
                self.init_elem(ty, off, &one, &mut p, out);
            }
        }
        if bits.is_some() {
            for l in &mut out[start..] {
                l.bits = bits;
            }
        }
    }

    /// Initialize a local object at `ptr`.
    pub(crate) fn init_local(&mut self, ptr: Value, ty: Ty, init: &Initializer) {
        if let Initializer::Expr(e) = init {
            let event = TyKind::Opaque(crate::ast::OpaqueType::Event);
            if self.t.kind(ty) == event && self.const_int(*e) == Some(0) {
                // `event_t e = 0;`: the "no event" value (clang accepts only a 0 here).
                let _ = self.expr(*e);
                let z = self.ins(InstKind::Const(Const::Zero), Type::I32);
                self.store_value(ptr, z, ty, false);
                return;
            }
            if !self.t.is_aggregate(ty) {
                if let Some((v, t)) = self.rv(*e) {
                    let sp = self.espan(*e);
                    if let Some(v) = self.implicit(v, t, ty, sp, "in initialization") {
                        self.store_value(ptr, v, ty, false);
                    }
                }
                return;
            }
        }
        let mut leaves = Vec::new();
        self.flatten_init(ty, init, &mut leaves);
        if self.t.is_aggregate(ty)
            || matches!(init, Initializer::List { .. }) && self.t.is_vector(ty)
        {
            let size = self.t.size_of(ty);
            let align = self.t.align_of(ty);
            // Skip the zeroing when the leaves cover every byte (they never overlap
            // unless designators repeat an element, which still covers it).
            let covered: u64 = leaves
                .iter()
                .map(|l| match l.kind {
                    LeafKind::Expr(_) if l.bits.is_none() => self.t.size_of(l.ty),
                    _ => 0,
                })
                .sum();
            let distinct = {
                let mut offs: Vec<u64> = leaves.iter().map(|l| l.off).collect();
                offs.sort_unstable();
                offs.dedup();
                offs.len() == leaves.len()
            };
            if !(distinct && covered >= size) {
                self.zero_mem(ptr, size, align);
            }
        }
        for leaf in leaves {
            let p = self.byte_offset(ptr, leaf.off, AddrSpace::Private);
            match leaf.kind {
                LeafKind::Str(bytes) => {
                    let cap = self.t.size_of(leaf.ty);
                    for (i, b) in bytes.iter().enumerate().take(cap as usize) {
                        let q = self.byte_offset(p, i as u64, AddrSpace::Private);
                        let c = self.ins(
                            InstKind::Const(Const::Scalar(ConstScalar::Int(*b as u64))),
                            Type::I8,
                        );
                        self.ins_void(InstKind::Store {
                            ptr: q,
                            value: c,
                            align: 1,
                            volatile: false,
                        });
                    }
                }
                LeafKind::Expr(e) => {
                    let sp = self.espan(e);
                    if matches!(self.t.kind(leaf.ty), TyKind::Record(_)) {
                        match self.expr(e) {
                            Opnd::L(lv) if lv.ty == leaf.ty => self.copy_mem(p, lv.ptr, leaf.ty),
                            Opnd::Err => {}
                            o => {
                                let t = self.opnd_ty(&o);
                                self.err(
                                    sp,
                                    format!(
                                        "cannot initialize `{}` with `{}`",
                                        self.tyname(leaf.ty),
                                        self.tyname(t)
                                    ),
                                    "",
                                );
                            }
                        }
                        continue;
                    }
                    if leaf.ty == T_ERROR {
                        continue;
                    }
                    if let Some((v, t)) = self.rv(e) {
                        if let Some(v) = self.implicit(v, t, leaf.ty, sp, "in initialization") {
                            match leaf.bits {
                                Some((shift, width)) => {
                                    let lv = crate::lower::expr::LVal {
                                        ptr: p,
                                        ty: leaf.ty,
                                        space: AddrSpace::Private,
                                        is_const: false,
                                        is_volatile: false,
                                        align: self.t.align_of(leaf.ty) as u32,
                                    };
                                    self.store_opnd(&Opnd::Bits(lv, shift, width), v, sp);
                                }
                                None => {
                                    let align = crate::lower::expr::member_align(
                                        self.t.align_of(ty) as u32,
                                        leaf.off,
                                        self.t.align_of(leaf.ty),
                                    );
                                    self.store_aligned(p, v, leaf.ty, false, align)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The initial contents of a `__constant` object: bytes, and relocations where a
    /// pointer holds an address constant.
    pub(crate) fn const_init_bytes(&mut self, ty: Ty, init: &Initializer) -> Option<Init> {
        if self.t.size_of(ty) > MAX_CONSTANT_BYTES {
            let sp = match init {
                Initializer::List { span, .. } => *span,
                Initializer::Expr(e) => self.espan(*e),
            };
            self.err(
                sp,
                format!(
                    "a __constant variable of {} bytes is too large",
                    self.t.size_of(ty)
                ),
                format!("the limit MAX_CONSTANT_BYTES is {MAX_CONSTANT_BYTES} bytes"),
            );
            return None;
        }
        let size = self.t.size_of(ty) as usize;
        let mut buf = vec![0u8; size];
        let mut leaves = Vec::new();
        let was_in_fn = self.in_fn;
        // Evaluate as at program scope: no code may be emitted.
        self.in_fn = false;
        self.flatten_init(ty, init, &mut leaves);
        let mut ok = true;
        // By offset: a later leaf (a repeated designator) replaces an earlier one.
        let mut relocs: BTreeMap<u64, Reloc> = BTreeMap::new();
        for leaf in leaves {
            let lsize = self.t.size_of(leaf.ty).max(1);
            relocs.retain(|&at, _| at >= leaf.off.saturating_add(lsize) || at < leaf.off);
            if let (LeafKind::Expr(e), TyKind::Ptr(pt)) = (&leaf.kind, self.t.kind(leaf.ty)) {
                match self.pointer_init(*e, pt.space, leaf.off) {
                    PtrInit::Addr(r) => {
                        relocs.insert(r.offset, r);
                        continue;
                    }
                    PtrInit::Failed => {
                        ok = false;
                        continue;
                    }
                    PtrInit::NotAddr => {}
                }
            }
            match leaf.kind {
                LeafKind::Str(b) => {
                    let end = (leaf.off as usize).saturating_add(b.len()).min(buf.len());
                    let start = (leaf.off as usize).min(end);
                    buf[start..end].copy_from_slice(&b[..end - start]);
                }
                LeafKind::Expr(e) => {
                    let sp = self.espan(e);
                    match self.ceval(e) {
                        Ok(c) if leaf.bits.is_some() => {
                            let (shift, width) = leaf.bits.unwrap_or((0, 0));
                            let p = self.t.as_prim(leaf.ty).unwrap_or(Prim::Int);
                            let CV::I(v, _) = cv_cast(&c, p) else {
                                continue;
                            };
                            let n = p.bytes() as usize;
                            let at = leaf.off as usize;
                            if let Some(dst) = buf.get_mut(at..at.saturating_add(n)) {
                                let mut unit = [0u8; 8];
                                unit[..n].copy_from_slice(dst);
                                let mut u = u64::from_le_bytes(unit);
                                let m = if width >= 64 {
                                    u64::MAX
                                } else {
                                    (1u64 << width) - 1
                                };
                                u = (u & !(m << shift)) | (((v as u64) & m) << shift);
                                dst.copy_from_slice(&u.to_le_bytes()[..n]);
                            }
                        }
                        Ok(c) => {
                            if !self.write_cv(&mut buf, leaf.off as usize, leaf.ty, &c) {
                                self.err(
                                    sp,
                                    format!(
                                        "cannot initialize `{}` with this constant",
                                        self.tyname(leaf.ty)
                                    ),
                                    "",
                                );
                                ok = false;
                            }
                        }
                        Err(()) => {
                            self.err(
                                sp,
                                "initializer element is not a compile-time constant",
                                "expected a constant expression",
                            );
                            ok = false;
                        }
                    }
                }
            }
        }
        self.in_fn = was_in_fn;
        ok.then(|| Init {
            bytes: buf,
            relocs: relocs.into_values().collect(),
        })
    }

    /// A pointer leaf of a `__constant` initializer at byte `off`: an address constant
    /// becomes a relocation (after the checks clang makes), anything else is left to the
    /// arithmetic evaluator (the null pointer).
    fn pointer_init(&mut self, e: ExprId, space: AddrSpace, off: u64) -> PtrInit {
        let Some(a) = self.addr_rvalue(e) else {
            return PtrInit::NotAddr;
        };
        let sp = self.espan(e);
        let target = &self.m.globals[a.g];
        let tspace = target.space;
        let tsize = self.m.size_of(target.ty);
        if tspace == AddrSpace::Local {
            // A `__local` variable has one address per work-group.
            self.err(
                sp,
                "initializer element is not a compile-time constant",
                "the address of a `__local` variable",
            );
            return PtrInit::Failed;
        }
        if tspace != space {
            self.err(
                sp,
                format!(
                    "initializing a `{}` pointer with the address of `{}` data changes address space",
                    space.cl_name(),
                    tspace.cl_name()
                ),
                "",
            );
            return PtrInit::Failed;
        }
        if !off.is_multiple_of(u64::from(self.m.data_layout.pointer_bytes)) {
            // Executors write addresses at pointer-aligned places only (the verifier's
            // rule); a packed struct can put a pointer elsewhere.
            self.err(
                sp,
                "not supported yet: an address in a member that is not pointer-aligned",
                format!("at byte {off}, in a packed struct"),
            );
            return PtrInit::Failed;
        }
        match u64::try_from(a.off).ok().filter(|o| *o <= tsize) {
            Some(addend) => PtrInit::Addr(Reloc {
                offset: off,
                target: a.g,
                addend,
            }),
            None => {
                self.err(
                    sp,
                    "not supported yet: an address outside the object it points into",
                    format!("byte {} of a {tsize}-byte object", a.off),
                );
                PtrInit::Failed
            }
        }
    }

    /// `e` as a pointer value that is an address constant (C99 6.6p9): an array that
    /// decays, `&lvalue`, a pointer plus or minus an integer constant, a cast to another
    /// pointer type. Gives the pointee type.
    fn addr_rvalue(&mut self, e: ExprId) -> Option<AddrConst> {
        let tu = self.tu;
        match &tu.exprs[e].kind {
            ExprKind::Unary {
                op: UnaryOp::AddrOf,
                operand,
            } => self.addr_lvalue(*operand),
            ExprKind::Binary {
                op: op @ (BinaryOp::Add | BinaryOp::Sub),
                lhs,
                rhs,
            } => {
                let (p, i) = match self.addr_rvalue(*lhs) {
                    Some(p) => (p, self.const_int(*rhs)?),
                    None if *op == BinaryOp::Add => {
                        (self.addr_rvalue(*rhs)?, self.const_int(*lhs)?)
                    }
                    None => return None,
                };
                let i = if *op == BinaryOp::Sub {
                    i.checked_neg()?
                } else {
                    i
                };
                p.step(i, self.t.size_of(p.ty))
            }
            ExprKind::Cast { ty, expr } => {
                let t = self.type_name(*ty).ty;
                let TyKind::Ptr(pt) = self.t.kind(t) else {
                    return None;
                };
                let p = self.addr_rvalue(*expr)?;
                Some(AddrConst {
                    ty: pt.pointee,
                    ..p
                })
            }
            _ => {
                let l = self.addr_lvalue(e)?;
                match self.t.kind(l.ty) {
                    TyKind::Array(elem, _) => Some(AddrConst { ty: elem, ..l }),
                    _ => None,
                }
            }
        }
    }

    /// `e` as an object of static storage whose address is a constant: a string
    /// literal, a program-scope (or hoisted) variable, an element or member of one, `*p`
    /// of an address constant `p`. Gives the object's type.
    fn addr_lvalue(&mut self, e: ExprId) -> Option<AddrConst> {
        let tu = self.tu;
        match &tu.exprs[e].kind {
            ExprKind::StringLit(s) => {
                let (g, ty) = self.intern_string(&s.bytes)?;
                Some(AddrConst { g, off: 0, ty })
            }
            ExprKind::Ident(sym) => match self.sc.lookup(*sym) {
                Some(Binding::Var(VarInfo {
                    place: Place::Global(g),
                    ty,
                    ..
                })) => Some(AddrConst { g, off: 0, ty }),
                _ => None,
            },
            ExprKind::Index { base, index } => {
                let p = self.addr_rvalue(*base)?;
                let i = self.const_int(*index)?;
                p.step(i, self.t.size_of(p.ty))
            }
            ExprKind::Member {
                base,
                member,
                arrow,
            } => {
                let b = if *arrow {
                    self.addr_rvalue(*base)?
                } else {
                    self.addr_lvalue(*base)?
                };
                let TyKind::Record(r) = self.t.kind(b.ty) else {
                    return None;
                };
                let f = self.t.records[r as usize]
                    .fields
                    .iter()
                    .find(|f| f.name == Some(member.name) && f.bits.is_none())?;
                Some(AddrConst {
                    g: b.g,
                    off: b.off.checked_add(i128::from(f.offset))?,
                    ty: f.ty,
                })
            }
            ExprKind::Unary {
                op: UnaryOp::Deref,
                operand,
            } => self.addr_rvalue(*operand),
            _ => None,
        }
    }

    fn write_cv(&mut self, buf: &mut [u8], off: usize, ty: Ty, c: &CV) -> bool {
        match self.t.kind(ty) {
            TyKind::Prim(p) => {
                let bytes: Vec<u8> = match cv_cast(c, p) {
                    CV::I(v, _) => (v as u64).to_le_bytes()[..p.bytes() as usize].to_vec(),
                    CV::F(x, Prim::Float) => (x as f32).to_le_bytes().to_vec(),
                    CV::F(x, Prim::Half) => {
                        kauai_ir::half::f16_bits_from_f64(x).to_le_bytes().to_vec()
                    }
                    CV::F(x, Prim::Double) => x.to_le_bytes().to_vec(),
                    _ => return false,
                };
                if matches!(c, CV::V(..)) {
                    return false;
                }
                match buf.get_mut(off..off.saturating_add(bytes.len())) {
                    Some(dst) => {
                        dst.copy_from_slice(&bytes);
                        true
                    }
                    None => false,
                }
            }
            TyKind::Vector(p, n) => {
                let et = self.t.prim(p);
                match c {
                    CV::V(lanes, _) if lanes.len() == n as usize => {
                        lanes.iter().enumerate().all(|(i, l)| {
                            self.write_cv(buf, off.saturating_add(i * p.bytes() as usize), et, l)
                        })
                    }
                    CV::V(..) => false,
                    s => (0..n as usize).all(|i| {
                        self.write_cv(buf, off.saturating_add(i * p.bytes() as usize), et, s)
                    }),
                }
            }
            TyKind::Ptr(_) => matches!(c, CV::I(0, _)),
            _ => false,
        }
    }
}
