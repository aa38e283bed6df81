//! C types as OpenCL C sees them, interned so that a type is a small `Copy` handle.
//!
//! IR types are signless and pointers are opaque; C types keep what the language needs:
//! signedness, the pointee type with its address space and qualifiers, array lengths and
//! record layouts. [`TyTable`] maps them to IR value types (registers) and memory types
//! (allocas, globals), and knows sizes and alignments through the module's data layout.

use std::collections::HashMap;

use kauai_ir::mangle::MType;
use kauai_ir::{AddrSpace, DataLayout, Type, TypeTable};

use kauai_ir::image::ImageType;

use crate::ast::{AccessQual, OpaqueType, Symbol};

/// A scalar C type: the one OpenCL scalar-type enum, from the IR crate (rank order within
/// the integer and floating groups).
pub use kauai_ir::ClScalar as Prim;

/// An interned C type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ty(pub u32);

/// A pointer's target: the pointee type, the address space it lives in, and its
/// qualifiers (`const float *` has a const pointee).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PtrTo {
    pub pointee: Ty,
    pub space: AddrSpace,
    pub is_const: bool,
    pub is_volatile: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TyKind {
    /// Stands for an expression or declaration that already failed; never diagnosed again.
    Error,
    Void,
    Prim(Prim),
    Vector(Prim, u8),
    Ptr(PtrTo),
    /// Element type and length; element qualifiers live on the object.
    Array(Ty, u64),
    /// Index into [`TyTable::records`].
    Record(u32),
    /// Index into [`TyTable::sigs`].
    Func(u32),
    /// `event_t` and `sampler_t` (never an image: see `Image`).
    Opaque(OpaqueType),
    /// An image type with its access qualifier (`read_only` when none is written).
    Image(ImageType, AccessQual),
}

#[derive(Clone, Debug)]
pub struct Field {
    pub name: Option<Symbol>,
    pub ty: Ty,
    /// Byte offset; for a bit-field, of its storage unit (an object of type `ty`).
    pub offset: u64,
    /// For a bit-field: (bit position in the unit, width in bits).
    pub bits: Option<(u32, u32)>,
}

#[derive(Clone, Debug)]
pub struct Record {
    pub is_union: bool,
    pub name: String,
    pub fields: Vec<Field>,
    pub complete: bool,
    pub size: u64,
    pub align: u64,
    /// The IR memory type (a struct of the module's type table).
    pub ir: Type,
    /// For an anonymous record, the first typedef naming it (`typedef struct {..} T`).
    pub typedef_name: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FnSig {
    pub ret: Ty,
    pub params: Vec<Ty>,
    pub variadic: bool,
}

/// The type interner with record and signature tables.
pub struct TyTable {
    kinds: Vec<TyKind>,
    map: HashMap<TyKind, Ty>,
    pub records: Vec<Record>,
    pub sigs: Vec<FnSig>,
    sig_map: HashMap<FnSig, u32>,
    mem: Vec<Option<Type>>,
    pub dl: DataLayout,
}

pub const T_ERROR: Ty = Ty(0);
pub const T_VOID: Ty = Ty(1);

impl TyTable {
    pub fn new(dl: DataLayout) -> TyTable {
        let mut t = TyTable {
            kinds: Vec::new(),
            map: HashMap::new(),
            records: Vec::new(),
            sigs: Vec::new(),
            sig_map: HashMap::new(),
            mem: Vec::new(),
            dl,
        };
        t.intern(TyKind::Error);
        t.intern(TyKind::Void);
        for p in Prim::ALL {
            t.intern(TyKind::Prim(p));
        }
        t
    }

    pub fn intern(&mut self, k: TyKind) -> Ty {
        if let Some(&t) = self.map.get(&k) {
            return t;
        }
        let t = Ty(self.kinds.len() as u32);
        self.kinds.push(k);
        self.mem.push(None);
        self.map.insert(k, t);
        t
    }

    pub fn kind(&self, t: Ty) -> TyKind {
        self.kinds
            .get(t.0 as usize)
            .copied()
            .unwrap_or(TyKind::Error)
    }

    pub fn prim(&self, p: Prim) -> Ty {
        // Interned in `new` in `Prim::ALL` order right after Error and Void.
        Ty(2 + p as u32)
    }

    pub fn vector(&mut self, p: Prim, n: u32) -> Ty {
        if n == 1 {
            self.prim(p)
        } else {
            self.intern(TyKind::Vector(p, n as u8))
        }
    }

    pub fn ptr(&mut self, pointee: Ty, space: AddrSpace, is_const: bool, is_volatile: bool) -> Ty {
        self.intern(TyKind::Ptr(PtrTo {
            pointee,
            space,
            is_const,
            is_volatile,
        }))
    }

    pub fn array(&mut self, elem: Ty, len: u64) -> Ty {
        self.intern(TyKind::Array(elem, len))
    }

    pub fn func(&mut self, sig: FnSig) -> Ty {
        let i = match self.sig_map.get(&sig) {
            Some(&i) => i,
            None => {
                let i = self.sigs.len() as u32;
                self.sigs.push(sig.clone());
                self.sig_map.insert(sig, i);
                i
            }
        };
        self.intern(TyKind::Func(i))
    }

    pub fn is_error(&self, t: Ty) -> bool {
        t == T_ERROR
    }

    pub fn as_prim(&self, t: Ty) -> Option<Prim> {
        match self.kind(t) {
            TyKind::Prim(p) => Some(p),
            _ => None,
        }
    }

    pub fn as_ptr(&self, t: Ty) -> Option<PtrTo> {
        match self.kind(t) {
            TyKind::Ptr(p) => Some(p),
            _ => None,
        }
    }

    /// Element type and lane count of a scalar (1) or vector.
    pub fn elem_lanes(&self, t: Ty) -> Option<(Prim, u32)> {
        match self.kind(t) {
            TyKind::Prim(p) => Some((p, 1)),
            TyKind::Vector(p, n) => Some((p, n as u32)),
            _ => None,
        }
    }

    pub fn is_vector(&self, t: Ty) -> bool {
        matches!(self.kind(t), TyKind::Vector(..))
    }

    pub fn is_arith(&self, t: Ty) -> bool {
        matches!(self.kind(t), TyKind::Prim(_) | TyKind::Vector(..))
    }

    pub fn is_scalar_arith(&self, t: Ty) -> bool {
        matches!(self.kind(t), TyKind::Prim(_))
    }

    /// Scalars usable as a condition: arithmetic scalars and pointers.
    pub fn is_scalar(&self, t: Ty) -> bool {
        matches!(self.kind(t), TyKind::Prim(_) | TyKind::Ptr(_))
    }

    pub fn is_aggregate(&self, t: Ty) -> bool {
        matches!(self.kind(t), TyKind::Array(..) | TyKind::Record(_))
    }

    pub fn is_integer(&self, t: Ty) -> bool {
        self.elem_lanes(t).is_some_and(|(p, _)| p.is_int())
    }

    pub fn is_float(&self, t: Ty) -> bool {
        self.elem_lanes(t).is_some_and(|(p, _)| p.is_float())
    }

    /// The IR type of a value of this C type (registers). `None` for aggregates, void,
    /// functions and opaque types.
    pub fn value_type(&self, t: Ty) -> Option<Type> {
        Some(match self.kind(t) {
            TyKind::Prim(p) => Type::Scalar(p.scalar()),
            TyKind::Vector(p, n) => Type::vec(p.scalar(), n as u32),
            TyKind::Ptr(p) => Type::Ptr(p.space),
            // An event is a number (copies complete when they are issued); a sampler
            // is its `CLK_*` bits (kauai_ir::image).
            TyKind::Opaque(OpaqueType::Event | OpaqueType::Sampler) => Type::I32,
            TyKind::Image(..) => Type::Ptr(AddrSpace::Image),
            // A counter is the global address of its 32-bit value (the host's buffer);
            // the amdil target turns its atomics into append-counter instructions.
            TyKind::Opaque(OpaqueType::Counter32) => Type::Ptr(AddrSpace::Global),
            _ => return None,
        })
    }

    /// The IR type of an object of this type in memory.
    pub fn mem_type(&mut self, types: &mut TypeTable, t: Ty) -> Type {
        if let Some(Some(m)) = self.mem.get(t.0 as usize) {
            return *m;
        }
        let m = match self.kind(t) {
            TyKind::Prim(p) => Type::Scalar(p.mem_scalar()),
            TyKind::Vector(p, n) => Type::vec(p.scalar(), n as u32),
            TyKind::Ptr(p) => Type::Ptr(p.space),
            TyKind::Array(e, n) => {
                let em = self.mem_type(types, e);
                types.array(em, n)
            }
            TyKind::Record(r) => self.records[r as usize].ir,
            TyKind::Opaque(OpaqueType::Event | OpaqueType::Sampler) => Type::I32,
            TyKind::Image(..) => Type::Ptr(AddrSpace::Image),
            TyKind::Opaque(OpaqueType::Counter32) => Type::Ptr(AddrSpace::Global),
            TyKind::Error | TyKind::Void | TyKind::Func(_) | TyKind::Opaque(_) => Type::I8,
        };
        if let Some(slot) = self.mem.get_mut(t.0 as usize) {
            *slot = Some(m);
        }
        m
    }

    pub fn size_of(&self, t: Ty) -> u64 {
        match self.kind(t) {
            TyKind::Prim(p) => p.bytes() as u64,
            TyKind::Vector(p, n) => p.bytes() as u64 * if n == 3 { 4 } else { n as u64 },
            TyKind::Ptr(_) => self.dl.pointer_bytes as u64,
            TyKind::Array(e, n) => self.size_of(e).saturating_mul(n),
            TyKind::Record(r) => self.records[r as usize].size,
            TyKind::Opaque(OpaqueType::Event | OpaqueType::Sampler) => 4,
            TyKind::Opaque(_) | TyKind::Image(..) => self.dl.pointer_bytes as u64,
            TyKind::Void => 1,
            TyKind::Error | TyKind::Func(_) => 1,
        }
    }

    pub fn align_of(&self, t: Ty) -> u64 {
        match self.kind(t) {
            TyKind::Array(e, _) => self.align_of(e),
            TyKind::Record(r) => self.records[r as usize].align,
            _ => self.size_of(t).max(1),
        }
    }

    /// The OpenCL spelling, as kernel argument metadata and diagnostics use it.
    pub fn name(&self, t: Ty) -> String {
        match self.kind(t) {
            TyKind::Error => "<error>".into(),
            TyKind::Void => "void".into(),
            TyKind::Prim(p) => p.name().into(),
            TyKind::Vector(p, n) => format!("{}{}", p.name(), n),
            TyKind::Ptr(p) => {
                let mut s = String::new();
                if p.space != AddrSpace::Private {
                    s.push_str(p.space.cl_name());
                    s.push(' ');
                }
                if p.is_const {
                    s.push_str("const ");
                }
                if p.is_volatile {
                    s.push_str("volatile ");
                }
                s.push_str(&self.name(p.pointee));
                s.push('*');
                s
            }
            TyKind::Array(e, n) => format!("{}[{}]", self.name(e), n),
            TyKind::Record(r) => {
                let rec = &self.records[r as usize];
                if let Some(n) = &rec.typedef_name {
                    return n.clone();
                }
                format!(
                    "{} {}",
                    if rec.is_union { "union" } else { "struct" },
                    rec.name
                )
            }
            TyKind::Func(i) => {
                let s = &self.sigs[i as usize];
                let ps: Vec<String> = s.params.iter().map(|p| self.name(*p)).collect();
                format!("{} ({})", self.name(s.ret), ps.join(", "))
            }
            TyKind::Opaque(o) => o.name().into(),
            TyKind::Image(t, a) => format!("{} {}", access_name(a), t.cl_name()),
        }
    }

    pub fn as_image(&self, t: Ty) -> Option<(ImageType, AccessQual)> {
        match self.kind(t) {
            TyKind::Image(i, a) => Some((i, a)),
            _ => None,
        }
    }

    pub fn is_sampler(&self, t: Ty) -> bool {
        self.kind(t) == TyKind::Opaque(OpaqueType::Sampler)
    }

    pub fn is_counter(&self, t: Ty) -> bool {
        self.kind(t) == TyKind::Opaque(OpaqueType::Counter32)
    }

    /// The name `kernel_arg_type` records: no address space or qualifiers
    /// (`__global const float*` is `float*`).
    pub fn arg_type_name(&self, t: Ty) -> String {
        match self.kind(t) {
            TyKind::Ptr(p) => format!("{}*", self.arg_type_name(p.pointee)),
            TyKind::Image(i, _) => i.cl_name().into(),
            _ => self.name(t),
        }
    }

    /// The SPIR mangling type of a C type.
    pub fn mtype(&self, t: Ty) -> MType {
        match self.kind(t) {
            TyKind::Prim(p) => MType::Scalar(p),
            TyKind::Vector(p, n) => MType::Vector(Box::new(MType::Scalar(p)), n as u32),
            TyKind::Ptr(p) => MType::Ptr(Box::new(kauai_ir::mangle::Pointee {
                ty: self.mtype(p.pointee),
                addr_space: p.space.number(),
                is_const: p.is_const,
                is_volatile: p.is_volatile,
                is_restrict: false,
            })),
            TyKind::Record(r) => MType::Named(self.records[r as usize].name.clone()),
            TyKind::Opaque(o) => MType::Named(o.name().into()),
            TyKind::Image(i, _) => MType::Named(i.cl_name().into()),
            _ => MType::Void,
        }
    }
}

/// The qualifier as clang spells it in types (`__read_only`).
pub fn access_name(a: AccessQual) -> &'static str {
    match a {
        AccessQual::ReadOnly => "__read_only",
        AccessQual::WriteOnly => "__write_only",
        AccessQual::ReadWrite => "__read_write",
    }
}

/// The image type an opaque type specifier names, if it names one.
pub fn image_type(o: OpaqueType) -> Option<ImageType> {
    Some(match o {
        OpaqueType::Image1d => ImageType::Image1d,
        OpaqueType::Image1dArray => ImageType::Image1dArray,
        OpaqueType::Image1dBuffer => ImageType::Image1dBuffer,
        OpaqueType::Image2d => ImageType::Image2d,
        OpaqueType::Image2dArray => ImageType::Image2dArray,
        OpaqueType::Image3d => ImageType::Image3d,
        OpaqueType::Sampler | OpaqueType::Event | OpaqueType::Counter32 => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primitives_are_preinterned_in_order() {
        let mut t = TyTable::new(DataLayout::HOST64);
        for p in Prim::ALL {
            assert_eq!(t.intern(TyKind::Prim(p)), t.prim(p));
        }
        let f3 = t.vector(Prim::Float, 3);
        assert_eq!(t.size_of(f3), 16);
        assert_eq!(t.name(f3), "float3");
        let p = t.ptr(f3, AddrSpace::Global, true, false);
        assert_eq!(t.name(p), "__global const float3*");
        assert_eq!(t.arg_type_name(p), "float3*");
    }
}
