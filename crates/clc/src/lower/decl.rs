//! Declarations: type specifiers and declarators to C types, records and enums,
//! program-scope variables, function definitions with their kernel metadata, and local
//! declarations.

use crate::limits::MAX_WORK_GROUP_SIZE_ATTR;
use kauai_diag::{Diagnostic, Span};
use kauai_ir::{
    attr, meta, AddrSpace, Function, Global, InstKind, MetaValue, Param, StructType, Type,
};

use super::consteval::CV;
use super::{FnState, Lowerer, UserFn};
use crate::ast::{
    self, AttrKind, BaseType, DeclSpecs, Declarator, Derived, ExprId, RecordKind, StorageClass,
};
use crate::sema::scope::{Binding, Place, Tag, VarInfo};
use crate::sema::types::{Field, FnSig, Prim, Record, Ty, TyKind, T_ERROR, T_VOID};

/// The type of a declared name with the qualifiers of the object itself.
#[derive(Copy, Clone, Debug)]
pub(crate) struct DeclTy {
    pub ty: Ty,
    /// The object's own address space, when written (or given by a typedef).
    pub space: Option<AddrSpace>,
    pub is_const: bool,
    pub is_volatile: bool,
    pub is_restrict: bool,
}

/// Whether `__attribute__((overloadable))` is among `attrs`.
fn has_overloadable<'a>(
    l: &Lowerer<'_>,
    mut attrs: impl Iterator<Item = &'a ast::Attribute>,
) -> bool {
    attrs
        .any(|a| matches!(a.kind, AttrKind::Unknown { name, .. } if l.name(name) == "overloadable"))
}

pub(crate) fn space_of(a: ast::AddressSpace) -> AddrSpace {
    match a {
        ast::AddressSpace::Global => AddrSpace::Global,
        ast::AddressSpace::Local => AddrSpace::Local,
        ast::AddressSpace::Constant => AddrSpace::Constant,
        ast::AddressSpace::Private => AddrSpace::Private,
        ast::AddressSpace::Generic => AddrSpace::Generic,
    }
}

pub(crate) fn space_word(a: AddrSpace) -> &'static str {
    match a {
        AddrSpace::Global => "global",
        AddrSpace::Local => "local",
        AddrSpace::Constant => "constant",
        AddrSpace::Private => "private",
        AddrSpace::Generic => "generic",
        AddrSpace::Image => "image",
    }
}

impl Lowerer<'_> {
    // -- types ------------------------------------------------------------------------

    fn need_fp64(&mut self, span: Span) {
        if !self.opts.fp64 && !self.fp64_reported {
            self.fp64_reported = true;
            self.err(
                span,
                "double precision is not supported by this device",
                "`double` needs the cl_khr_fp64 extension",
            );
        }
    }

    /// Does `t` hold half values (`half`, `halfN`, or arrays of them)?
    pub(crate) fn is_half(&self, t: Ty) -> bool {
        match self.t.kind(t) {
            TyKind::Array(e, _) => self.is_half(e),
            _ => self.t.elem_lanes(t).is_some_and(|(p, _)| p == Prim::Half),
        }
    }

    /// May half values be computed with here? Without `cl_khr_fp16` enabled, `disabled`
    /// is clang's error; a device without the extension says what is not supported.
    /// Reported once per unit, as `double` is.
    pub(crate) fn need_fp16(&mut self, span: Span, what: &str, disabled: &str) -> bool {
        if self.opts.fp16 == super::Extension::Enabled {
            return true;
        }
        if std::mem::replace(&mut self.fp16_reported, true) {
            return false;
        }
        match self.opts.fp16 {
            super::Extension::Enabled => true,
            super::Extension::Disabled => {
                self.push_diag(
                    Diagnostic::error(disabled.to_string())
                        .at(span, "half needs cl_khr_fp16")
                        .note("enable it with `#pragma OPENCL EXTENSION cl_khr_fp16 : enable`"),
                );
                false
            }
            super::Extension::Unavailable => {
                self.push_diag(
                    Diagnostic::error(format!(
                        "not supported yet: {what} (cl_khr_fp16) on this device"
                    ))
                    .at(span, "this device does not offer cl_khr_fp16")
                    .note("read and write half data with vload_half/vstore_half"),
                );
                false
            }
        }
    }

    /// May `counter32_t` be used here (`cl_ext_atomic_counters_32`)? Reported once per
    /// unit, as `half` is.
    fn need_counters(&mut self, span: Span) -> bool {
        let state = self.opts.atomic_counters;
        if state == super::Extension::Enabled {
            return true;
        }
        if std::mem::replace(&mut self.counters_reported, true) {
            return false;
        }
        let d = if state == super::Extension::Disabled {
            Diagnostic::error(
                "use of type 'counter32_t' requires cl_ext_atomic_counters_32 support",
            )
            .at(span, "counter32_t needs cl_ext_atomic_counters_32")
            .note("enable it with `#pragma OPENCL EXTENSION cl_ext_atomic_counters_32 : enable`")
        } else {
            Diagnostic::error(
                "not supported yet: atomic counters (cl_ext_atomic_counters_32) on this device",
            )
            .at(span, "this device does not offer cl_ext_atomic_counters_32")
        };
        self.push_diag(d);
        false
    }

    fn scalar_prim(&mut self, s: ast::Scalar, span: Span) -> Option<Prim> {
        use ast::Scalar as S;
        Some(match s {
            S::Cl(Prim::Double) => {
                self.need_fp64(span);
                Prim::Double
            }
            S::Cl(p) => p,
            S::SChar => Prim::Char,
            S::LongLong | S::ULongLong | S::LongDouble => {
                self.err(
                    span,
                    format!("`{}` is reserved in OpenCL C", s.name()),
                    "use `long`, `ulong` or `double`",
                );
                return None;
            }
        })
    }

    /// The base type of declaration specifiers, with qualifiers and address space
    /// (including those a typedef carries).
    pub(crate) fn base_type(&mut self, specs: &DeclSpecs) -> DeclTy {
        let mut dt = DeclTy {
            ty: T_ERROR,
            space: specs.address_space.map(|(a, _)| space_of(a)),
            is_const: specs.quals.is_const,
            is_volatile: specs.quals.is_volatile,
            is_restrict: specs.quals.is_restrict,
        };
        let span = specs.base_span;
        dt.ty = match specs.base {
            BaseType::Void => T_VOID,
            BaseType::Bool => self.t.prim(Prim::Bool),
            BaseType::Scalar(s) => match self.scalar_prim(s, span) {
                Some(p) => self.t.prim(p),
                None => T_ERROR,
            },
            BaseType::Vector(s, n) => match self.scalar_prim(s, span) {
                Some(p) => self.t.vector(p, n as u32),
                None => T_ERROR,
            },
            BaseType::SizeT | BaseType::UintptrT => self.t.prim(self.size_prim()),
            BaseType::PtrdiffT | BaseType::IntptrT => self.t.prim(self.ptrdiff_prim()),
            BaseType::Opaque(ast::OpaqueType::Counter32) => {
                if self.need_counters(span) {
                    self.t.intern(TyKind::Opaque(ast::OpaqueType::Counter32))
                } else {
                    T_ERROR
                }
            }
            BaseType::Opaque(o) if o != ast::OpaqueType::Event && !self.opts.images => {
                self.type_err(
                    span,
                    format!("not supported yet: images on this device (`{}`)", o.name()),
                    "the device reports no image support",
                );
                T_ERROR
            }
            BaseType::Opaque(o) => match crate::sema::types::image_type(o) {
                Some(it) => {
                    let access = match specs.access {
                        Some((ast::AccessQual::ReadWrite, sp)) => {
                            self.type_err(
                                sp,
                                format!("access qualifier read_write cannot be used for `{}` before OpenCL C 2.0", it.cl_name()),
                                "use read_only or write_only",
                            );
                            ast::AccessQual::ReadOnly
                        }
                        Some((a, _)) => a,
                        None => ast::AccessQual::ReadOnly,
                    };
                    self.t.intern(TyKind::Image(it, access))
                }
                None => self.t.intern(TyKind::Opaque(o)),
            },
            BaseType::Record(r) => self.record_type(r),
            BaseType::Enum(e) => self.enum_type(e),
            BaseType::Typedef(sym) => match self.sc.lookup(sym) {
                Some(Binding::Typedef {
                    ty,
                    space,
                    is_const,
                    is_volatile,
                }) => {
                    dt.space = dt.space.or(space);
                    dt.is_const |= is_const;
                    dt.is_volatile |= is_volatile;
                    ty
                }
                _ => {
                    let n = self.name(sym).to_string();
                    self.err(span, format!("unknown type name `{n}`"), "not a type here");
                    T_ERROR
                }
            },
            BaseType::TypeofExpr(e) => {
                if self.in_fn {
                    self.type_of_expr(e)
                } else {
                    match self.static_type(e) {
                        Some(t) => t,
                        None => {
                            let sp = self.espan(e);
                            self.err(
                                sp,
                                "not supported yet: `__typeof__` of this expression at program scope",
                                "",
                            );
                            T_ERROR
                        }
                    }
                }
            }
            BaseType::TypeofType(tn) => {
                let t = self.type_name(tn);
                dt.space = dt.space.or(t.space);
                dt.is_const |= t.is_const;
                dt.is_volatile |= t.is_volatile;
                t.ty
            }
            BaseType::Error => T_ERROR,
        };
        // A qualifier on a typedef of an image type qualifies that image.
        if let (Some((a, sp)), false) = (specs.access, matches!(specs.base, BaseType::Opaque(_))) {
            match self.t.kind(dt.ty) {
                TyKind::Image(it, _) if a != ast::AccessQual::ReadWrite => {
                    dt.ty = self.t.intern(TyKind::Image(it, a));
                }
                TyKind::Error | TyKind::Image(..) => {}
                _ => self.type_err(
                    sp,
                    "access qualifiers can only be used for image types",
                    format!("`{}` is not an image type", self.t.name(dt.ty)),
                ),
            }
        }
        if let (Some((_, sp)), BaseType::Opaque(o)) = (specs.access, specs.base) {
            if crate::sema::types::image_type(o).is_none() {
                self.type_err(
                    sp,
                    "access qualifiers can only be used for image types",
                    format!("`{}` is not an image type", o.name()),
                );
            }
        }
        dt
    }

    /// Apply a declarator's derivations to a base type. Function steps give a function
    /// type whose parameters are resolved (and decayed).
    pub(crate) fn derive(&mut self, base: DeclTy, d: &Declarator) -> DeclTy {
        self.derive_steps(base, &d.derived)
    }

    pub(crate) fn derive_steps(&mut self, base: DeclTy, steps: &[Derived]) -> DeclTy {
        let mut dt = base;
        for step in steps.iter().rev() {
            if dt.ty == T_ERROR {
                return dt;
            }
            match step {
                Derived::Pointer {
                    quals,
                    address_space,
                    span,
                    ..
                } => {
                    if matches!(self.t.kind(dt.ty), TyKind::Func(_)) {
                        self.err(*span, "function pointers are not allowed in OpenCL C", "");
                        dt.ty = T_ERROR;
                        return dt;
                    }
                    if self.is_image_or_sampler(dt.ty) {
                        self.type_err(
                            *span,
                            format!(
                                "pointer to type `{}` is invalid in OpenCL C",
                                self.t.name(dt.ty)
                            ),
                            if self.t.is_counter(dt.ty) {
                                "counters are passed by value"
                            } else {
                                "images and samplers are passed by value"
                            },
                        );
                        dt.ty = T_ERROR;
                        return dt;
                    }
                    let space = dt.space.unwrap_or(AddrSpace::Private);
                    dt.ty = self.t.ptr(dt.ty, space, dt.is_const, dt.is_volatile);
                    dt.space = address_space.map(space_of);
                    dt.is_const = quals.is_const;
                    dt.is_volatile = quals.is_volatile;
                    dt.is_restrict = quals.is_restrict;
                }
                Derived::Array { size, span } => {
                    let len = match size {
                        Some(e) => match self.const_int(*e) {
                            // `[0]` is the GNU zero-length array clang accepts (size 0,
                            // mostly a struct's trailing member).
                            Some(n) if n >= 0 => u64::try_from(n).unwrap_or(1),
                            Some(_) => {
                                self.err(*span, "array size is negative", "");
                                1
                            }
                            None => {
                                let sp = self.tu.exprs[*e].span;
                                self.err(
                                    sp,
                                    "array size is not an integer constant expression",
                                    "variable-length arrays are not allowed in OpenCL C",
                                );
                                1
                            }
                        },
                        // `[]`: completed by an initializer or decayed as a parameter.
                        None => 0,
                    };
                    if matches!(self.t.kind(dt.ty), TyKind::Void | TyKind::Func(_))
                        || self.is_image_or_sampler(dt.ty)
                    {
                        self.err(*span, "array of an invalid element type", "");
                        dt.ty = T_ERROR;
                        return dt;
                    }
                    dt.ty = self.t.array(dt.ty, len);
                }
                Derived::Function {
                    params,
                    variadic,
                    span,
                    ..
                } => {
                    let mut ps = Vec::new();
                    for p in params {
                        let pt = self.param_type(p);
                        ps.push(pt.ty);
                    }
                    if matches!(self.t.kind(dt.ty), TyKind::Array(..) | TyKind::Func(_)) {
                        self.err(*span, "a function cannot return an array or a function", "");
                    }
                    if self.is_image_or_sampler(dt.ty) {
                        self.type_err(
                            *span,
                            format!("a function cannot return `{}`", self.t.name(dt.ty)),
                            if self.t.is_counter(dt.ty) {
                                "counters are only parameters"
                            } else {
                                "images and samplers are only parameters"
                            },
                        );
                    }
                    dt.ty = self.t.func(FnSig {
                        ret: dt.ty,
                        params: ps,
                        variadic: *variadic,
                    });
                    dt.space = None;
                }
            }
        }
        dt
    }

    /// Images, samplers and counters: handles that are only ever parameters (samplers
    /// also constants), never pointed to, stored in arrays or returned.
    pub(crate) fn is_image_or_sampler(&self, t: Ty) -> bool {
        self.t.as_image(t).is_some() || self.t.is_sampler(t) || self.t.is_counter(t)
    }

    /// A parameter's type, arrays decayed to pointers.
    pub(crate) fn param_type(&mut self, p: &ast::ParamDecl) -> DeclTy {
        let base = self.base_type(&p.specs);
        let mut dt = self.derive(base, &p.declarator);
        if let TyKind::Array(e, _) = self.t.kind(dt.ty) {
            let space = base_space_of_array(&dt);
            dt.ty = self.t.ptr(e, space, dt.is_const, dt.is_volatile);
            dt.space = None;
        }
        if dt.ty == T_VOID && p.declarator.name.is_some() {
            self.err(p.span, "a parameter cannot have type void", "");
            dt.ty = T_ERROR;
        }
        dt
    }

    fn attr_aligned(&mut self, attrs: &[ast::Attribute]) -> (bool, u64) {
        let mut packed = false;
        let mut align = 0u64;
        for a in attrs {
            match &a.kind {
                AttrKind::Packed => packed = true,
                AttrKind::Aligned(Some(e)) => match self.const_int(*e) {
                    Some(n) if n > 0 && (n as u64).is_power_of_two() => align = align.max(n as u64),
                    _ => self.err(a.span, "alignment must be a power of two", ""),
                },
                AttrKind::Aligned(None) => align = align.max(128),
                _ => {}
            }
        }
        (packed, align)
    }

    fn record_type(&mut self, rid: ast::RecordId) -> Ty {
        let tu = self.tu;
        let spec = &tu.records[rid];
        let is_union = spec.kind == RecordKind::Union;
        let Some(fields) = &spec.fields else {
            // A reference: find the tag or declare it incomplete.
            let Some(tag) = spec.tag else {
                return T_ERROR;
            };
            if let Some((Tag::Record(r), _)) = self.sc.lookup_tag(tag.name) {
                return self.t.intern(TyKind::Record(r));
            }
            let r = self.new_record(is_union, Some(tag.name));
            self.sc.declare_tag(tag.name, Tag::Record(r));
            return self.t.intern(TyKind::Record(r));
        };
        // A definition: complete a forward declaration of this scope or make a new one.
        let r = match spec.tag {
            Some(tag) => match self.sc.lookup_tag(tag.name) {
                Some((Tag::Record(r), true)) if !self.t.records[r as usize].complete => r,
                Some((Tag::Record(_), true)) => {
                    let n = self.name(tag.name).to_string();
                    self.err(tag.span, format!("redefinition of `struct {n}`"), "");
                    return T_ERROR;
                }
                _ => {
                    let r = self.new_record(is_union, Some(tag.name));
                    self.sc.declare_tag(tag.name, Tag::Record(r));
                    r
                }
            },
            None => self.new_record(is_union, None),
        };
        let mut flds: Vec<Field> = Vec::new();
        for fd in fields {
            let base = self.base_type(&fd.specs);
            if fd.declarators.is_empty() {
                // An anonymous struct/union member.
                if matches!(self.t.kind(base.ty), TyKind::Record(_)) {
                    flds.push(Field {
                        name: None,
                        ty: base.ty,
                        offset: 0,
                        bits: None,
                    });
                }
                continue;
            }
            for d in &fd.declarators {
                let dt = self.derive(base, &d.declarator);
                if dt.ty == T_ERROR {
                    continue;
                }
                if let Some(w) = d.bit_width {
                    // A bit-field: an integer type and a constant width that fits it.
                    let Some(p) = self.t.as_prim(dt.ty).filter(|p| p.is_int()) else {
                        self.err(
                            d.span,
                            format!("a bit-field cannot have type `{}`", self.tyname(dt.ty)),
                            "expected an integer type",
                        );
                        continue;
                    };
                    let width = match self.const_int(w) {
                        Some(n) if n >= 0 && n <= p.bits() as i128 => n as u32,
                        _ => {
                            let sp = self.tu.exprs[w].span;
                            self.err(
                                sp,
                                format!(
                                    "invalid bit-field width (`{}` has {} bits)",
                                    p.name(),
                                    p.bits()
                                ),
                                "expected a constant in range",
                            );
                            continue;
                        }
                    };
                    let name = d.declarator.name.map(|i| i.name);
                    if width == 0 && name.is_some() {
                        self.err(d.span, "a named bit-field cannot have zero width", "");
                        continue;
                    }
                    flds.push(Field {
                        name,
                        ty: dt.ty,
                        offset: 0,
                        bits: Some((0, width)),
                    });
                    continue;
                }
                if self.is_image_or_sampler(dt.ty) {
                    self.err(
                        d.span,
                        format!(
                            "a struct or union cannot have a field of type `{}`",
                            self.tyname(dt.ty)
                        ),
                        "",
                    );
                    continue;
                }
                // A zero-length (or flexible, `[]`) array member adds no bytes.
                if !self.is_sized(dt.ty) {
                    self.err(
                        d.span,
                        format!("field has incomplete type `{}`", self.tyname(dt.ty)),
                        "",
                    );
                    continue;
                }
                if let Some(a) = dt.space {
                    if a != AddrSpace::Private {
                        self.err(d.span, "struct members cannot have an address space", "");
                    }
                }
                flds.push(Field {
                    name: d.declarator.name.map(|i| i.name),
                    ty: dt.ty,
                    offset: 0,
                    bits: None,
                });
            }
        }
        let (packed, forced) = self.attr_aligned(&spec.attrs);
        // Layout: the C rules, as the IR type table computes them; bit-fields as the
        // System V ABI places them (in a unit of their type, never straddling one).
        let mut bit_off = 0u64;
        let mut max_align = 1u64;
        let mut size = 0u64;
        let has_bits = flds.iter().any(|f| f.bits.is_some());
        if has_bits && packed {
            self.err(
                spec.span,
                "not supported yet: bit-fields in packed structs",
                "",
            );
            return T_ERROR;
        }
        for f in &mut flds {
            let a = if packed { 1 } else { self.t.align_of(f.ty) };
            let sz = self.t.size_of(f.ty);
            if let Some((_, width)) = f.bits {
                let unit_bits = sz * 8;
                let (start, unit) = if is_union {
                    (0, 0)
                } else if width == 0 {
                    // `int : 0;` closes the current unit.
                    bit_off = bit_off.next_multiple_of(a * 8);
                    continue;
                } else {
                    let mut unit = (bit_off / (a * 8)) * a * 8;
                    if bit_off + width as u64 > unit + unit_bits {
                        bit_off = bit_off.next_multiple_of(a * 8);
                        unit = bit_off;
                    }
                    (bit_off, unit)
                };
                if width > 0 && f.name.is_some() {
                    max_align = max_align.max(a);
                }
                f.offset = unit / 8;
                f.bits = Some(((start - unit) as u32, width));
                if is_union {
                    size = size.max(sz);
                } else {
                    bit_off = start + width as u64;
                    size = size.max(bit_off.div_ceil(8));
                }
                continue;
            }
            max_align = max_align.max(a);
            if is_union {
                f.offset = 0;
                size = size.max(sz);
            } else {
                let off = bit_off.div_ceil(8).next_multiple_of(a);
                f.offset = off;
                bit_off = (off + sz) * 8;
                size = off + sz;
            }
        }
        // Unnamed bit-fields are padding, not members.
        flds.retain(|f| !(f.bits.is_some() && f.name.is_none()));
        let align = max_align.max(forced);
        let size = size.next_multiple_of(align);
        let rec_name = self.t.records[r as usize].name.clone();
        let ir = if is_union || has_bits {
            let bytes = self.m.types.array(Type::I8, size);
            self.m.types.add_struct(StructType {
                name: if is_union {
                    format!("union.{rec_name}")
                } else {
                    rec_name.clone()
                },
                fields: if size > 0 { vec![bytes] } else { vec![] },
                packed: false,
                align: align as u32,
            })
        } else {
            let mut ftys = Vec::new();
            for f in &flds {
                ftys.push(self.t.mem_type(&mut self.m.types, f.ty));
            }
            self.m.types.add_struct(StructType {
                name: rec_name.clone(),
                fields: ftys,
                packed,
                align: forced as u32,
            })
        };
        let rec = &mut self.t.records[r as usize];
        rec.fields = flds;
        rec.size = size;
        rec.align = align;
        rec.complete = true;
        rec.ir = ir;
        self.t.intern(TyKind::Record(r))
    }

    fn new_record(&mut self, is_union: bool, tag: Option<crate::ast::Symbol>) -> u32 {
        let name = match tag {
            Some(s) => self.name(s).to_string(),
            None => {
                self.anon += 1;
                format!("anon.{}", self.anon)
            }
        };
        self.t.records.push(Record {
            is_union,
            name,
            fields: Vec::new(),
            complete: false,
            size: 0,
            align: 1,
            ir: Type::I8,
            typedef_name: None,
        });
        (self.t.records.len() - 1) as u32
    }

    fn enum_type(&mut self, eid: ast::EnumId) -> Ty {
        let tu = self.tu;
        let spec = &tu.enums[eid];
        let int = self.t.prim(Prim::Int);
        if let Some(items) = &spec.enumerators {
            if let Some(tag) = spec.tag {
                self.sc.declare_tag(tag.name, Tag::Enum);
            }
            let mut next: i64 = 0;
            for it in items {
                if let Some(v) = it.value {
                    match self.const_int(v) {
                        Some(n) => next = n as i64,
                        None => self.err(
                            tu.exprs[v].span,
                            "enumerator value is not an integer constant expression",
                            "",
                        ),
                    }
                }
                if let Some((_, s)) =
                    self.sc
                        .declare(it.name.name, Binding::EnumConst(next, int), it.span)
                {
                    let n = self.name(it.name.name).to_string();
                    self.push_diag(
                        kauai_diag::Diagnostic::error(format!("redefinition of `{n}`"))
                            .at(it.name.span, "")
                            .also(s, "first defined here"),
                    );
                }
                next = next.wrapping_add(1);
            }
        } else if let Some(tag) = spec.tag {
            if self.sc.lookup_tag(tag.name).is_none() {
                let n = self.name(tag.name).to_string();
                self.err(tag.span, format!("unknown enum `{n}`"), "");
            }
        }
        int
    }

    /// Has a size, counting arrays of length 0 (`T b[0]`, size 0): what `sizeof` and
    /// struct members need. [`Self::is_complete`] treats them as `T b[]`, not yet sized.
    pub(crate) fn is_sized(&self, t: Ty) -> bool {
        match self.t.kind(t) {
            TyKind::Array(e, _) => self.is_sized(e),
            _ => self.is_complete(t),
        }
    }

    pub(crate) fn is_complete(&self, t: Ty) -> bool {
        match self.t.kind(t) {
            TyKind::Record(r) => self.t.records[r as usize].complete,
            TyKind::Array(e, n) => n > 0 && self.is_complete(e),
            TyKind::Void | TyKind::Func(_) => false,
            _ => true,
        }
    }

    /// The type of a type name (casts, sizeof).
    pub(crate) fn type_name(&mut self, id: ast::TypeNameId) -> DeclTy {
        let tu = self.tu;
        let tn = &tu.type_names[id];
        let base = self.base_type(&tn.specs);
        self.derive(base, &tn.declarator)
    }

    // -- program scope ----------------------------------------------------------------

    pub(crate) fn global_declaration(&mut self, id: ast::DeclId) {
        let tu = self.tu;
        let d = &tu.decls[id];
        let base = self.base_type(&d.specs);
        for idecl in &d.declarators {
            let Some(name) = idecl.declarator.name else {
                continue;
            };
            let dt = self.derive(base, &idecl.declarator);
            if let Some((StorageClass::Typedef, _)) = d.specs.storage {
                self.bind_typedef(name, dt, idecl.span);
                continue;
            }
            if let TyKind::Func(sig) = self.t.kind(dt.ty) {
                let o = has_overloadable(self, d.specs.attrs.iter().chain(&idecl.declarator.attrs));
                self.declare_function(name, sig, d.specs.kernel.is_some(), idecl.span, o);
                continue;
            }
            if dt.ty == T_ERROR {
                continue;
            }
            if self.image_or_sampler_variable(name, dt, idecl, None) {
                continue;
            }
            if dt.space != Some(AddrSpace::Constant) {
                self.err(
                    idecl.span,
                    "program scope variables must be declared in the __constant address space",
                    "add `__constant` (OpenCL C 1.2 has no other program-scope variables)",
                );
                continue;
            }
            if self.is_half(dt.ty) {
                self.need_fp16(
                    idecl.span,
                    "half variables",
                    "declaring variable of type 'half' is not allowed",
                );
            }
            self.constant_global(name, dt, idecl.init.as_ref(), idecl.span, None);
        }
    }

    fn bind_typedef(&mut self, name: ast::Ident, dt: DeclTy, span: Span) {
        if let TyKind::Record(r) = self.t.kind(dt.ty) {
            let tn = self.name(name.name).to_string();
            let rec = &mut self.t.records[r as usize];
            if rec.name.starts_with("anon.") && rec.typedef_name.is_none() {
                rec.typedef_name = Some(tn.clone());
                // The IR struct of `typedef struct {...} T` is called `T` (`union.T`
                // for a union), so tools that know the type by that name find it.
                if rec.complete {
                    let ir = rec.ir;
                    let ir_name = if rec.is_union {
                        format!("union.{tn}")
                    } else {
                        tn
                    };
                    self.m.types.rename_struct(ir, &ir_name);
                }
            }
        }
        let b = Binding::Typedef {
            ty: dt.ty,
            space: dt.space,
            is_const: dt.is_const,
            is_volatile: dt.is_volatile,
        };
        if let Some((old, _)) = self.sc.declare(name.name, b, span) {
            let same = matches!(old, Binding::Typedef { ty, .. } if ty == dt.ty);
            if !same {
                let n = self.name(name.name).to_string();
                self.err(
                    name.span,
                    format!("redefinition of `{n}` with a different type"),
                    "",
                );
            }
        }
    }

    /// Declarations of image and sampler variables; true when `dt` is one of those
    /// types (the declaration is then handled or diagnosed). An image is only ever a
    /// parameter (OpenCL C 1.2 6.9). A sampler variable (program or function scope,
    /// `const` or `__constant`) must be initialized by an integer constant expression of
    /// `CLK_*` bits, checked here; it becomes a constant `i32` global, so every use
    /// reads the same bits.
    fn image_or_sampler_variable(
        &mut self,
        name: ast::Ident,
        dt: DeclTy,
        idecl: &ast::InitDeclarator,
        prefix: Option<String>,
    ) -> bool {
        if self.t.as_image(dt.ty).is_some() || self.t.is_counter(dt.ty) {
            self.err(
                idecl.span,
                format!("variables cannot have type `{}`", self.tyname(dt.ty)),
                if self.t.is_counter(dt.ty) {
                    "counters can only be function parameters"
                } else {
                    "images can only be function parameters"
                },
            );
            return true;
        }
        if !self.t.is_sampler(dt.ty) {
            return false;
        }
        let bits = match &idecl.init {
            Some(ast::Initializer::Expr(e)) => self.sampler_constant(*e),
            Some(_) => {
                self.err(
                    idecl.span,
                    "a sampler is initialized by one integer constant expression",
                    "",
                );
                None
            }
            None => {
                self.err(
                    idecl.span,
                    "a sampler variable needs an initializer",
                    "e.g. `= CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST`",
                );
                None
            }
        };
        let Some(bits) = bits else {
            return true;
        };
        let sname = self.name(name.name).to_string();
        let gname = self.unique_global_name(match prefix {
            Some(p) => format!("{p}.{sname}"),
            None => sname,
        });
        let g = self.m.globals.push(Global {
            name: gname,
            ty: Type::I32,
            space: AddrSpace::Constant,
            align: 4,
            init: Some(kauai_ir::Init::bytes(bits.to_le_bytes().to_vec())),
            constant: true,
        });
        self.sampler_bits.insert(g, bits);
        self.bind_var(
            name,
            VarInfo {
                place: Place::Global(g),
                ty: dt.ty,
                space: AddrSpace::Constant,
                is_const: true,
                is_volatile: false,
            },
            idecl.span,
        );
        true
    }

    /// The `CLK_*` bits of a sampler written as an integer constant expression, checked
    /// (located diagnostics when they are not a valid sampler).
    pub(crate) fn sampler_constant(&mut self, e: ExprId) -> Option<u32> {
        let sp = self.espan(e);
        let was_in_fn = self.in_fn;
        self.in_fn = false;
        let v = self.const_int(e);
        self.in_fn = was_in_fn;
        let Some(v) = v else {
            self.err(
                sp,
                "a sampler must be an integer constant expression",
                "e.g. CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST",
            );
            return None;
        };
        let bits = match u32::try_from(v) {
            Ok(b) => b,
            Err(_) => {
                self.err(sp, format!("{v} is not a sampler value"), "not CLK_* bits");
                return None;
            }
        };
        match kauai_ir::image::Sampler::decode(bits) {
            Ok(_) => Some(bits),
            Err(m) => {
                self.err(sp, format!("invalid sampler: {m}"), "this sampler value");
                None
            }
        }
    }

    /// A `__constant` variable with its initial bytes, at program or kernel scope.
    pub(crate) fn constant_global(
        &mut self,
        name: ast::Ident,
        mut dt: DeclTy,
        init: Option<&ast::Initializer>,
        span: Span,
        prefix: Option<String>,
    ) {
        let Some(init) = init else {
            self.err(span, "a __constant variable needs an initializer", "");
            return;
        };
        if let TyKind::Array(e, 0) = self.t.kind(dt.ty) {
            let n = self.init_array_len(e, init);
            dt.ty = self.t.array(e, n.max(1));
        }
        if !self.is_complete(dt.ty) {
            self.err(
                span,
                format!("variable has incomplete type `{}`", self.tyname(dt.ty)),
                "",
            );
            return;
        }
        let bytes = self.const_init_bytes(dt.ty, init);
        let value = self.const_scalar_value(dt.ty, init);
        let sname = self.name(name.name).to_string();
        let gname = self.unique_global_name(match prefix {
            Some(p) => format!("{p}.{sname}"),
            None => sname,
        });
        let ty = self.t.mem_type(&mut self.m.types, dt.ty);
        let g = self.m.globals.push(Global {
            name: gname,
            ty,
            space: AddrSpace::Constant,
            align: self.t.align_of(dt.ty) as u32,
            init: bytes,
            constant: true,
        });
        if let Some(v) = value {
            self.const_values.insert(g, v);
        }
        self.bind_var(
            name,
            VarInfo {
                place: Place::Global(g),
                ty: dt.ty,
                space: AddrSpace::Constant,
                // Only a written `const`: as in clang, `__constant` alone does not make
                // `&table[i]` a pointer to const (writes are refused by address space).
                is_const: dt.is_const,
                is_volatile: dt.is_volatile,
            },
            span,
        );
    }

    /// The value of a scalar or vector `__constant` variable initialized by one
    /// constant expression (`= e` or `= { e }`), for later constant expressions.
    fn const_scalar_value(&mut self, ty: Ty, init: &ast::Initializer) -> Option<CV> {
        if !matches!(self.t.kind(ty), TyKind::Prim(_) | TyKind::Vector(..)) {
            return None;
        }
        let e = match init {
            ast::Initializer::Expr(e) => *e,
            ast::Initializer::List { items, .. } => match items.as_slice() {
                [ast::InitItem {
                    designators,
                    init: ast::Initializer::Expr(e),
                    ..
                }] if designators.is_empty() => *e,
                _ => return None,
            },
        };
        let was_in_fn = self.in_fn;
        self.in_fn = false;
        let c = self.ceval(e);
        self.in_fn = was_in_fn;
        self.cv_convert(&c.ok()?, ty).ok()
    }

    /// `name`, or `name.N` if a global of that name exists (two kernel-scope variables
    /// of one name in different blocks).
    pub(crate) fn unique_global_name(&self, name: String) -> String {
        if self.m.global_by_name(&name).is_none() {
            return name;
        }
        (1..)
            .map(|i| format!("{name}.{i}"))
            .find(|n| self.m.global_by_name(n).is_none())
            .unwrap_or(name)
    }

    pub(crate) fn bind_var(&mut self, name: ast::Ident, v: VarInfo, span: Span) {
        if let Some((_, first)) = self.sc.declare(name.name, Binding::Var(v), span) {
            let n = self.name(name.name).to_string();
            self.push_diag(
                kauai_diag::Diagnostic::error(format!("redefinition of `{n}`"))
                    .at(name.span, "defined again here")
                    .also(first, "first defined here"),
            );
        }
    }

    fn declare_function(
        &mut self,
        name: ast::Ident,
        sig: u32,
        kernel: bool,
        span: Span,
        overloadable: bool,
    ) -> usize {
        let s = self.t.sigs[sig as usize].clone();
        if let Some(Binding::Func(first)) = self.sc.lookup(name.name) {
            let set = self
                .overloads
                .get(&name.name)
                .cloned()
                .unwrap_or_else(|| vec![first]);
            let same = set
                .iter()
                .copied()
                .find(|&j| self.fns[j].params == s.params);
            let i = match same {
                Some(j) => j,
                None if overloadable && set.iter().all(|&j| self.fns[j].overloadable) => {
                    // Another overload: a new function under the same name.
                    let i = self.fns.len();
                    self.fns.push(UserFn {
                        name: name.name,
                        params: s.params,
                        ret: s.ret,
                        variadic: s.variadic,
                        is_kernel: kernel,
                        ir: None,
                        defined: false,
                        span,
                        first_call: None,
                        overloadable,
                    });
                    self.overloads
                        .entry(name.name)
                        .or_insert_with(|| vec![first])
                        .push(i);
                    return i;
                }
                None => first,
            };
            if overloadable != self.fns[i].overloadable {
                let n = self.name(name.name).to_string();
                let first = self.fns[i].span;
                self.push_diag(
                    kauai_diag::Diagnostic::error(format!(
                        "redeclaration of `{n}` must {}have the `overloadable` attribute",
                        if self.fns[i].overloadable { "" } else { "not " }
                    ))
                    .at(name.span, "")
                    .also(first, "previous declaration is here"),
                );
            }
            let f = &self.fns[i];
            if f.params != s.params || f.ret != s.ret {
                let n = self.name(name.name).to_string();
                let first = f.span;
                self.push_diag(
                    kauai_diag::Diagnostic::error(format!("conflicting types for `{n}`"))
                        .at(name.span, "declared again here with another type")
                        .also(first, "first declared here"),
                );
            }
            self.fns[i].is_kernel |= kernel;
            return i;
        }
        let i = self.fns.len();
        self.fns.push(UserFn {
            name: name.name,
            params: s.params,
            ret: s.ret,
            variadic: s.variadic,
            is_kernel: kernel,
            ir: None,
            defined: false,
            span,
            first_call: None,
            overloadable,
        });
        if let Some((_, first)) = self.sc.declare(name.name, Binding::Func(i), span) {
            let n = self.name(name.name).to_string();
            self.push_diag(
                kauai_diag::Diagnostic::error(format!(
                    "`{n}` redeclared as a different kind of symbol"
                ))
                .at(name.span, "")
                .also(first, "first declared here"),
            );
        }
        i
    }

    /// The IR signature of a user function: struct parameters are passed as a pointer
    /// to a private copy (`byval`).
    fn ir_params(&mut self, params: &[Ty], names: &[String], ret: Ty) -> Vec<Param> {
        let mut out = Vec::new();
        if self.returns_record(ret) {
            // A struct result is written through a hidden first parameter.
            out.push(Param::new(Type::Ptr(AddrSpace::Private), "sret"));
        }
        for (i, &p) in params.iter().enumerate() {
            let name = names.get(i).cloned().unwrap_or_default();
            let mut param = Param::new(self.vty(p), name);
            if matches!(self.t.kind(p), TyKind::Record(_)) {
                param.ty = Type::Ptr(AddrSpace::Private);
                param.byval = Some(self.t.mem_type(&mut self.m.types, p));
            }
            out.push(param);
        }
        out
    }

    pub(crate) fn returns_record(&self, ret: Ty) -> bool {
        matches!(self.t.kind(ret), TyKind::Record(_))
    }

    /// The IR result type of a function returning C type `ret`.
    fn ir_ret(&self, ret: Ty) -> Type {
        if ret == T_VOID || ret == T_ERROR || self.returns_record(ret) {
            Type::Void
        } else {
            self.vty(ret)
        }
    }

    /// The IR function of user function `i`, created (as a declaration) on first use.
    pub(crate) fn user_ir_fn(&mut self, i: usize) -> kauai_ir::FuncId {
        if let Some(f) = self.fns[i].ir {
            return f;
        }
        let params = self.fns[i].params.clone();
        let ret = self.fns[i].ret;
        let ps = self.ir_params(&params, &[], ret);
        let rt = self.ir_ret(ret);
        let name = self.user_fn_ir_name(i);
        let f = self.m.functions.push(Function::new(name, ps, rt));
        self.fns[i].ir = Some(f);
        f
    }

    /// The IR name of user function `i`: its own, or mangled (Itanium, as clang) when
    /// it is `overloadable`.
    fn user_fn_ir_name(&self, i: usize) -> String {
        let f = &self.fns[i];
        let name = self.name(f.name).to_string();
        if !f.overloadable {
            return name;
        }
        let ms: Vec<_> = f.params.iter().map(|&p| self.t.mtype(p)).collect();
        if ms.is_empty() {
            kauai_ir::mangle::mangle(&name, &[kauai_ir::mangle::MType::Void])
        } else {
            kauai_ir::mangle::mangle(&name, &ms)
        }
    }

    pub(crate) fn function_def(&mut self, id: crate::ast::FuncId) {
        let tu = self.tu;
        let fd = &tu.functions[id];
        let Some(name) = fd.declarator.name else {
            return;
        };
        let Some(Derived::Function { params, .. }) = fd.declarator.derived.first() else {
            return;
        };
        let base = self.base_type(&fd.specs);
        let dt = self.derive(base, &fd.declarator);
        let TyKind::Func(sig) = self.t.kind(dt.ty) else {
            return;
        };
        let is_kernel = fd.specs.kernel.is_some();
        let overloadable =
            has_overloadable(self, fd.specs.attrs.iter().chain(&fd.declarator.attrs));
        let idx = self.declare_function(name, sig, is_kernel, fd.declarator.span, overloadable);
        if self.fns[idx].defined {
            let n = self.name(name.name).to_string();
            self.err(name.span, format!("redefinition of function `{n}`"), "");
            return;
        }
        self.fns[idx].defined = true;
        let ret = self.fns[idx].ret;
        let fname = self.name(name.name).to_string();
        if let Some((StorageClass::Extern, sp)) = fd.specs.storage {
            self.err(sp, "extern function definitions are not supported", "");
        }
        if is_kernel && ret != T_VOID {
            self.err(fd.specs.base_span, "a kernel must return void", "");
        }
        // Parameter types and names.
        let mut ptys = Vec::new();
        let mut pnames = Vec::new();
        let mut pinfo = Vec::new();
        for p in params {
            let dt = self.param_type(p);
            ptys.push(dt.ty);
            pnames.push(
                p.declarator
                    .name
                    .map(|n| self.name(n.name).to_string())
                    .unwrap_or_default(),
            );
            pinfo.push((dt, p.declarator.name, p.span));
        }
        let mut irps = self.ir_params(&ptys, &pnames, ret);
        let sret = self.returns_record(ret);
        let rt = self.ir_ret(ret);
        let mut func = Function::new(self.user_fn_ir_name(idx), Vec::new(), rt);
        if is_kernel {
            func.set_attr(attr::MUX_KERNEL, attr::ENTRY_POINT);
            if !sret {
                self.kernel_metadata(&mut func, &pinfo, &mut irps);
            }
        } else if fd.specs.inline.is_some() {
            func.set_attr(attr::ALWAYS_INLINE, "");
        }
        for a in fd.specs.attrs.iter().chain(&fd.declarator.attrs) {
            self.function_attr(&mut func, a, is_kernel);
        }
        func.params = irps;
        // Body.
        self.fx = FnState {
            ret: Some(ret),
            is_kernel,
            name: fname,
            index: idx,
            ..FnState::default()
        };
        let entry = self.new_block();
        self.fx.entry = Some(entry);
        self.fx.body.order.push(entry);
        self.fx.cur = Some(entry);
        let mut pvals = Vec::new();
        for p in &func.params {
            pvals.push(self.fx.body.append_block_param(entry, p.ty));
        }
        if sret {
            self.fx.sret = pvals.first().copied();
            pvals.remove(0);
        }
        let first_param = usize::from(sret);
        self.in_fn = true;
        self.sc.push();
        for (i, (dt, pname, span)) in pinfo.iter().enumerate() {
            let Some(pname) = pname else {
                continue;
            };
            if dt.ty == T_ERROR {
                continue;
            }
            let place = if func.params[i + first_param].byval.is_some() {
                pvals[i]
            } else {
                let a = self.alloca_ty(dt.ty);
                let v = pvals[i];
                self.store_value(a, v, dt.ty, false);
                a
            };
            self.bind_var(
                *pname,
                VarInfo {
                    place: Place::Ptr(place),
                    ty: dt.ty,
                    space: AddrSpace::Private,
                    is_const: dt.is_const,
                    is_volatile: dt.is_volatile,
                },
                *span,
            );
        }
        // The body's outer block shares the parameters' scope (C99 6.2.1).
        if let crate::ast::StmtKind::Compound(items) = &tu.stmts[fd.body].kind {
            for s in items {
                self.stmt(*s);
            }
        } else {
            self.stmt(fd.body);
        }
        self.sc.pop();
        self.in_fn = false;
        if let Some(last) = self.fx.cur {
            if rt == Type::Void {
                self.terminate(InstKind::Return(None));
            } else {
                // Falling off the end is fine when it cannot happen (the open block has
                // no predecessors); otherwise C makes using the result undefined.
                let reachable =
                    Some(last) == self.fx.entry || !self.fx.body.predecessors()[last].is_empty();
                if reachable {
                    let end = tu.stmts[fd.body].span;
                    let close = kauai_diag::Span {
                        start: end.end.saturating_sub(1),
                        ..end
                    };
                    self.warn(
                        close,
                        format!(
                            "control reaches the end of non-void function `{}`",
                            self.fx.name
                        ),
                        "a return statement is missing on some path",
                    );
                }
                let u = self.ins(InstKind::Const(kauai_ir::Const::Undef), rt);
                self.terminate(InstKind::Return(Some(u)));
            }
        }
        let labels: Vec<_> = self.fx.labels.iter().map(|(s, v)| (*s, *v)).collect();
        for (sym, (_, def, used)) in labels {
            if def.is_none() {
                let n = self.name(sym).to_string();
                self.err(used, format!("use of undeclared label `{n}`"), "");
            }
        }
        let state = std::mem::take(&mut self.fx);
        func.body = Some(state.body);
        match self.fns[idx].ir {
            Some(f) => {
                let old = &self.m.functions[f];
                if old.params.len() != func.params.len() {
                    // The earlier declaration had a different shape (already diagnosed).
                    return;
                }
                self.m.functions[f] = func;
            }
            None => {
                let f = self.m.functions.push(func);
                self.fns[idx].ir = Some(f);
            }
        }
    }

    fn kernel_metadata(
        &mut self,
        func: &mut Function,
        params: &[(DeclTy, Option<ast::Ident>, Span)],
        irps: &mut [Param],
    ) {
        let mut types = Vec::new();
        let mut spaces = Vec::new();
        let mut access = Vec::new();
        let mut quals = Vec::new();
        for (i, (dt, _, span)) in params.iter().enumerate() {
            let t = dt.ty;
            let mut space = "private";
            let mut acc = "none";
            let mut q: Vec<&str> = Vec::new();
            match self.t.kind(t) {
                TyKind::Ptr(p) => {
                    if p.space == AddrSpace::Private || p.space == AddrSpace::Generic {
                        self.err(
                            *span,
                            "kernel pointer arguments must point to __global, __constant or __local memory",
                            "add an address space qualifier",
                        );
                    }
                    if matches!(self.t.kind(p.pointee), TyKind::Ptr(_)) {
                        self.err(*span, "kernel arguments cannot be pointers to pointers", "");
                    }
                    space = super::decl::space_word(p.space);
                    if p.is_const || p.space == AddrSpace::Constant {
                        q.push("const");
                    }
                    if p.is_volatile {
                        q.push("volatile");
                    }
                    if dt.is_restrict {
                        q.push("restrict");
                        if let Some(ip) = irps.get_mut(i) {
                            ip.noalias = true;
                        }
                    }
                }
                TyKind::Prim(Prim::Half) => {
                    self.need_fp16(
                        *span,
                        "half kernel arguments",
                        "declaring function parameter of type 'half' is not allowed; did you forget * ?",
                    );
                }
                TyKind::Prim(Prim::Bool) => {
                    self.err(
                        *span,
                        format!("kernel arguments cannot have type `{}`", self.tyname(t)),
                        "",
                    );
                }
                TyKind::Prim(_) | TyKind::Vector(..) | TyKind::Record(_) | TyKind::Error => {}
                TyKind::Opaque(ast::OpaqueType::Sampler) => {}
                // A counter's value lives in global memory (a 4-byte buffer on the host).
                TyKind::Opaque(ast::OpaqueType::Counter32) => space = "global",
                // Images are memory objects in global memory, as clang records them.
                TyKind::Image(_, a) => {
                    space = "global";
                    acc = match a {
                        ast::AccessQual::ReadOnly => "read_only",
                        ast::AccessQual::WriteOnly => "write_only",
                        ast::AccessQual::ReadWrite => "read_write",
                    };
                }
                _ => self.err(
                    *span,
                    format!("kernel arguments cannot have type `{}`", self.tyname(t)),
                    "",
                ),
            }
            if let Some(s) = dt.space {
                if s != AddrSpace::Private && !matches!(self.t.kind(t), TyKind::Ptr(_)) {
                    self.err(
                        *span,
                        "a kernel argument that is not a pointer must be private",
                        "",
                    );
                }
            }
            types.push(MetaValue::Str(self.t.arg_type_name(t)));
            spaces.push(MetaValue::Str(space.to_string()));
            access.push(MetaValue::Str(acc.to_string()));
            quals.push(MetaValue::Str(q.join(" ")));
        }
        func.metadata.insert(meta::KERNEL_ARG_TYPE.into(), types);
        func.metadata
            .insert(meta::KERNEL_ARG_ADDR_SPACE.into(), spaces);
        func.metadata.insert(meta::KERNEL_ARG_ACCESS.into(), access);
        func.metadata
            .insert(meta::KERNEL_ARG_TYPE_QUAL.into(), quals);
    }

    fn function_attr(&mut self, func: &mut Function, a: &ast::Attribute, is_kernel: bool) {
        let three = |l: &mut Self, es: &[ExprId; 3]| -> Option<Vec<MetaValue>> {
            let mut v = Vec::new();
            for e in es {
                match l.const_int(*e) {
                    Some(n) if n > i128::from(MAX_WORK_GROUP_SIZE_ATTR) => {
                        let sp = l.tu.exprs[*e].span;
                        l.err(
                            sp,
                            format!("work-group size {n} is too large"),
                            format!(
                                "the limit MAX_WORK_GROUP_SIZE_ATTR is {MAX_WORK_GROUP_SIZE_ATTR}"
                            ),
                        );
                        return None;
                    }
                    Some(n) if n > 0 => v.push(MetaValue::Int(n as i64)),
                    _ => {
                        let sp = l.tu.exprs[*e].span;
                        l.err(sp, "expected a positive integer constant", "");
                        return None;
                    }
                }
            }
            Some(v)
        };
        match &a.kind {
            AttrKind::ReqdWorkGroupSize(es) | AttrKind::WorkGroupSizeHint(es) => {
                if !is_kernel {
                    self.warn(
                        a.span,
                        "this attribute applies to kernels only; ignored",
                        "",
                    );
                    return;
                }
                if let Some(v) = three(self, es) {
                    let key = if matches!(a.kind, AttrKind::ReqdWorkGroupSize(_)) {
                        meta::REQD_WORK_GROUP_SIZE
                    } else {
                        meta::WORK_GROUP_SIZE_HINT
                    };
                    func.metadata.insert(key.into(), v);
                }
            }
            AttrKind::VecTypeHint(tn) => {
                let dt = self.type_name(*tn);
                if !self.t.is_arith(dt.ty) || self.t.as_prim(dt.ty) == Some(Prim::Bool) {
                    self.err(a.span, "vec_type_hint needs a scalar or vector type", "");
                } else {
                    func.metadata.insert(
                        meta::VEC_TYPE_HINT.into(),
                        vec![MetaValue::Str(self.tyname(dt.ty))],
                    );
                }
            }
            AttrKind::Unknown { name, .. } => {
                let n = self.name(*name).to_string();
                if !matches!(
                    n.as_str(),
                    "always_inline" | "noinline" | "overloadable" | "const" | "pure"
                ) {
                    self.warn(a.span, format!("unknown attribute `{n}` ignored"), "");
                }
            }
            _ => {}
        }
    }

    // -- function scope ---------------------------------------------------------------

    pub(crate) fn local_declaration(&mut self, id: ast::DeclId) {
        let tu = self.tu;
        let d = &tu.decls[id];
        let base = self.base_type(&d.specs);
        for idecl in &d.declarators {
            let Some(name) = idecl.declarator.name else {
                continue;
            };
            let mut dt = self.derive(base, &idecl.declarator);
            if let Some((StorageClass::Typedef, _)) = d.specs.storage {
                self.bind_typedef(name, dt, idecl.span);
                continue;
            }
            if let TyKind::Func(sig) = self.t.kind(dt.ty) {
                let o = has_overloadable(self, d.specs.attrs.iter().chain(&idecl.declarator.attrs));
                self.declare_function(name, sig, d.specs.kernel.is_some(), idecl.span, o);
                continue;
            }
            if dt.ty == T_ERROR {
                // Bind the name anyway so that uses are not reported as undeclared.
                self.bind_var(
                    name,
                    VarInfo {
                        place: Place::Ptr(kauai_ir::Value::from_u32(u32::MAX - 1)),
                        ty: T_ERROR,
                        space: AddrSpace::Private,
                        is_const: false,
                        is_volatile: false,
                    },
                    idecl.span,
                );
                continue;
            }
            let prefix = Some(self.fx.name.clone());
            if self.image_or_sampler_variable(name, dt, idecl, prefix) {
                continue;
            }
            match d.specs.storage {
                Some((StorageClass::Extern, sp)) => {
                    self.err(sp, "extern variables are not supported in OpenCL C", "");
                    continue;
                }
                Some((StorageClass::Static, sp)) if dt.space != Some(AddrSpace::Constant) => {
                    self.err(
                        sp,
                        "static local variables are not allowed in OpenCL C 1.2",
                        "",
                    );
                    continue;
                }
                _ => {}
            }
            let space = dt.space.unwrap_or(AddrSpace::Private);
            match space {
                AddrSpace::Constant => {
                    if !self.fx.is_kernel {
                        self.err(idecl.span, "__constant variables can be declared only at program scope or kernel scope", "");
                        continue;
                    }
                    let prefix = Some(self.fx.name.clone());
                    self.constant_global(name, dt, idecl.init.as_ref(), idecl.span, prefix);
                    continue;
                }
                AddrSpace::Local => {
                    self.local_global(name, dt, idecl);
                    continue;
                }
                AddrSpace::Global | AddrSpace::Generic | AddrSpace::Image => {
                    self.err(
                        idecl.span,
                        format!(
                            "function-scope variables cannot be in the {} address space",
                            space.cl_name()
                        ),
                        "",
                    );
                    continue;
                }
                AddrSpace::Private => {}
            }
            let zero_len = matches!(
                idecl.declarator.derived.first(),
                Some(ast::Derived::Array { size: Some(_), .. })
            );
            if let (TyKind::Array(e, 0), false) = (self.t.kind(dt.ty), zero_len) {
                match &idecl.init {
                    Some(init) => {
                        let n = self.init_array_len(e, init);
                        dt.ty = self.t.array(e, n.max(1));
                    }
                    None => {
                        self.err(idecl.span, "array needs a size or an initializer", "");
                        continue;
                    }
                }
            }
            if !self.is_sized(dt.ty) {
                self.err(
                    idecl.span,
                    format!("variable has incomplete type `{}`", self.tyname(dt.ty)),
                    "",
                );
                continue;
            }
            if self.is_half(dt.ty) {
                // Declared anyway (refused once), so its uses do not cascade.
                self.need_fp16(
                    idecl.span,
                    "half variables",
                    "declaring variable of type 'half' is not allowed",
                );
            }
            let ptr = self.alloca_ty(dt.ty);
            let info = VarInfo {
                place: Place::Ptr(ptr),
                ty: dt.ty,
                space: AddrSpace::Private,
                is_const: dt.is_const,
                is_volatile: dt.is_volatile,
            };
            // The name is visible in its own initializer (C99 6.2.1p7).
            self.bind_var(name, info, idecl.span);
            if let Some(init) = &idecl.init {
                self.init_local(ptr, dt.ty, init);
            }
        }
    }

    fn local_global(&mut self, name: ast::Ident, dt: DeclTy, idecl: &ast::InitDeclarator) {
        if !self.fx.is_kernel {
            self.err(
                idecl.span,
                "__local variables can be declared only at kernel function scope",
                "",
            );
            return;
        }
        if idecl.init.is_some() {
            self.err(idecl.span, "__local variables cannot be initialized", "");
        }
        if !self.is_complete(dt.ty) {
            self.err(
                idecl.span,
                format!("variable has incomplete type `{}`", self.tyname(dt.ty)),
                "",
            );
            return;
        }
        let gname = self.unique_global_name(format!("{}.{}", self.fx.name, self.name(name.name)));
        let ty = self.t.mem_type(&mut self.m.types, dt.ty);
        let g = self.m.globals.push(Global {
            name: gname,
            ty,
            space: AddrSpace::Local,
            align: self.t.align_of(dt.ty) as u32,
            init: None,
            constant: false,
        });
        self.bind_var(
            name,
            VarInfo {
                place: Place::Global(g),
                ty: dt.ty,
                space: AddrSpace::Local,
                is_const: dt.is_const,
                is_volatile: dt.is_volatile,
            },
            idecl.span,
        );
    }

    // -- end of program ---------------------------------------------------------------

    pub(crate) fn finish_program(&mut self) {
        // Called but never defined: an error for a whole program; with a link to come,
        // the declaration stays for the linker (and finalize) to resolve.
        for i in 0..self.fns.len() {
            if self.fns[i].defined {
                continue;
            }
            let Some(sp) = self.fns[i].first_call else {
                continue;
            };
            if self.opts.compile_only {
                if let Some(f) = self.fns[i].ir {
                    self.m.functions[f]
                        .attrs
                        .insert(super::EXTERNAL_FN_ATTR.to_string(), String::new());
                }
            } else {
                let n = self.name(self.fns[i].name).to_string();
                self.err(
                    sp,
                    format!("function `{n}` is declared but never defined"),
                    "no source of this program defines it",
                );
            }
        }
        self.check_recursion();
    }

    /// OpenCL C forbids recursion: report every call that closes a cycle.
    fn check_recursion(&mut self) {
        let n = self.fns.len();
        let mut adj: Vec<Vec<(usize, Span)>> = vec![Vec::new(); n];
        for &(a, b, sp) in &self.calls {
            adj[a].push((b, sp));
        }
        // Iterative DFS with colors: 0 new, 1 on stack, 2 done.
        let mut color = vec![0u8; n];
        let mut reported: Vec<Span> = Vec::new();
        for s in 0..n {
            if color[s] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(s, 0)];
            color[s] = 1;
            while let Some((v, i)) = stack.pop() {
                if i < adj[v].len() {
                    stack.push((v, i + 1));
                    let (w, sp) = adj[v][i];
                    match color[w] {
                        0 => {
                            color[w] = 1;
                            stack.push((w, 0));
                        }
                        1 => reported.push(sp),
                        _ => {}
                    }
                } else {
                    color[v] = 2;
                }
            }
        }
        for sp in reported {
            self.err(
                sp,
                "recursion is not allowed in OpenCL C",
                "this call closes a cycle of calls",
            );
        }
    }
}

fn base_space_of_array(dt: &DeclTy) -> AddrSpace {
    dt.space.unwrap_or(AddrSpace::Private)
}
