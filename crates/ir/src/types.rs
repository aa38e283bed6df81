//! Types.
//!
//! Value types ([`Type`]) are small `Copy` values: scalars, vectors (fixed or scalable),
//! and opaque pointers that carry only their address space. Arrays and structs live in
//! memory only (allocas, globals, by-value kernel arguments); they are interned in the
//! module's [`TypeTable`] and referred to by [`AggRef`].

use std::fmt;

use cranelift_entity::{entity_impl, PrimaryMap};

/// Address spaces, numbered as the ComputeMux builtins and SPIR use them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AddrSpace {
    Private = 0,
    Global = 1,
    Constant = 2,
    Local = 3,
    Generic = 4,
    /// Image handles (see [`crate::image`]): opaque, never loaded, stored through or
    /// offset; only the image builtins take them.
    Image = 5,
}

impl AddrSpace {
    pub const ALL: [AddrSpace; 6] = [
        AddrSpace::Private,
        AddrSpace::Global,
        AddrSpace::Constant,
        AddrSpace::Local,
        AddrSpace::Generic,
        AddrSpace::Image,
    ];

    pub fn from_number(n: u32) -> Option<AddrSpace> {
        AddrSpace::ALL.get(n as usize).copied()
    }

    pub fn number(self) -> u32 {
        self as u32
    }

    /// The OpenCL C spelling.
    pub fn cl_name(self) -> &'static str {
        match self {
            AddrSpace::Private => "__private",
            AddrSpace::Global => "__global",
            AddrSpace::Constant => "__constant",
            AddrSpace::Local => "__local",
            AddrSpace::Generic => "__generic",
            AddrSpace::Image => "image",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scalar {
    I1,
    I8,
    I16,
    I32,
    I64,
    F16,
    F32,
    F64,
}

impl Scalar {
    pub const ALL: [Scalar; 8] = [
        Scalar::I1,
        Scalar::I8,
        Scalar::I16,
        Scalar::I32,
        Scalar::I64,
        Scalar::F16,
        Scalar::F32,
        Scalar::F64,
    ];

    pub fn bits(self) -> u32 {
        match self {
            Scalar::I1 => 1,
            Scalar::I8 => 8,
            Scalar::I16 | Scalar::F16 => 16,
            Scalar::I32 | Scalar::F32 => 32,
            Scalar::I64 | Scalar::F64 => 64,
        }
    }

    /// Size in memory (an `i1` is stored as a byte).
    pub fn bytes(self) -> u32 {
        self.bits().div_ceil(8)
    }

    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::F32 | Scalar::F64)
    }

    pub fn is_int(self) -> bool {
        !self.is_float()
    }

    pub fn name(self) -> &'static str {
        match self {
            Scalar::I1 => "i1",
            Scalar::I8 => "i8",
            Scalar::I16 => "i16",
            Scalar::I32 => "i32",
            Scalar::I64 => "i64",
            Scalar::F16 => "f16",
            Scalar::F32 => "f32",
            Scalar::F64 => "f64",
        }
    }

    pub fn from_name(s: &str) -> Option<Scalar> {
        Scalar::ALL.iter().copied().find(|t| t.name() == s)
    }

    pub fn int_of_bits(bits: u32) -> Option<Scalar> {
        Some(match bits {
            1 => Scalar::I1,
            8 => Scalar::I8,
            16 => Scalar::I16,
            32 => Scalar::I32,
            64 => Scalar::I64,
            _ => return None,
        })
    }
}

/// Vector lane counts the IR accepts (OpenCL's 2, 3, 4, 8, 16, and 1 for scalable ones).
pub const VECTOR_LANES: [u32; 5] = [2, 3, 4, 8, 16];

/// The type of an SSA value (or `Void` for a function returning nothing).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Void,
    Scalar(Scalar),
    /// `lanes` elements; a scalable vector has `vscale * lanes` elements.
    Vector {
        elem: Scalar,
        lanes: u32,
        scalable: bool,
    },
    /// An opaque pointer into one address space.
    Ptr(AddrSpace),
    /// An array or struct, interned in the module's [`TypeTable`]. Only memory holds these.
    Agg(AggRef),
}

impl Type {
    pub const I1: Type = Type::Scalar(Scalar::I1);
    pub const I8: Type = Type::Scalar(Scalar::I8);
    pub const I16: Type = Type::Scalar(Scalar::I16);
    pub const I32: Type = Type::Scalar(Scalar::I32);
    pub const I64: Type = Type::Scalar(Scalar::I64);
    pub const F16: Type = Type::Scalar(Scalar::F16);
    pub const F32: Type = Type::Scalar(Scalar::F32);
    pub const F64: Type = Type::Scalar(Scalar::F64);

    pub fn vec(elem: Scalar, lanes: u32) -> Type {
        if lanes == 1 {
            Type::Scalar(elem)
        } else {
            Type::Vector {
                elem,
                lanes,
                scalable: false,
            }
        }
    }

    /// The element type of a scalar or vector.
    pub fn elem(self) -> Option<Scalar> {
        match self {
            Type::Scalar(s) => Some(s),
            Type::Vector { elem, .. } => Some(elem),
            _ => None,
        }
    }

    /// Number of lanes: 1 for scalars, the fixed count for vectors.
    pub fn lanes(self) -> u32 {
        match self {
            Type::Vector { lanes, .. } => lanes,
            _ => 1,
        }
    }

    pub fn is_vector(self) -> bool {
        matches!(self, Type::Vector { .. })
    }

    pub fn is_int(self) -> bool {
        self.elem().is_some_and(Scalar::is_int)
    }

    pub fn is_float(self) -> bool {
        self.elem().is_some_and(Scalar::is_float)
    }

    pub fn is_bool(self) -> bool {
        self.elem() == Some(Scalar::I1)
    }

    pub fn is_ptr(self) -> bool {
        matches!(self, Type::Ptr(_))
    }

    /// A pointer to memory: any pointer but an image handle.
    pub fn is_mem_ptr(self) -> bool {
        matches!(self, Type::Ptr(a) if a != AddrSpace::Image)
    }

    /// The same shape with another element type (`v4f32` → `v4i32`).
    pub fn with_elem(self, elem: Scalar) -> Type {
        match self {
            Type::Vector {
                lanes, scalable, ..
            } => Type::Vector {
                elem,
                lanes,
                scalable,
            },
            _ => Type::Scalar(elem),
        }
    }

    /// Can an SSA value have this type?
    pub fn is_value(self) -> bool {
        matches!(self, Type::Scalar(_) | Type::Vector { .. } | Type::Ptr(_))
    }
}

/// Layout facts of a target that types need: the size of pointers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DataLayout {
    pub pointer_bytes: u32,
}

impl DataLayout {
    pub const HOST64: DataLayout = DataLayout { pointer_bytes: 8 };
    pub const GPU32: DataLayout = DataLayout { pointer_bytes: 4 };

    /// The integer type of `size_t`.
    pub fn size_type(self) -> Type {
        if self.pointer_bytes == 8 {
            Type::I64
        } else {
            Type::I32
        }
    }
}

/// An interned aggregate type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AggRef(u32);
entity_impl!(AggRef, "agg");

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Aggregate {
    Array { elem: Type, len: u64 },
    Struct(StructType),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructType {
    /// The name printed in the text form (`%name`); unique in the table.
    pub name: String,
    pub fields: Vec<Type>,
    pub packed: bool,
    /// An alignment forced by `__attribute__((aligned(N)))`, or 0.
    pub align: u32,
}

/// The interned aggregates of a module.
#[derive(Clone, Debug, Default)]
pub struct TypeTable {
    aggs: PrimaryMap<AggRef, Aggregate>,
}

impl TypeTable {
    pub fn array(&mut self, elem: Type, len: u64) -> Type {
        self.intern(Aggregate::Array { elem, len })
    }

    pub fn intern(&mut self, agg: Aggregate) -> Type {
        if let Some((r, _)) = self.aggs.iter().find(|(_, a)| **a == agg) {
            return Type::Agg(r);
        }
        Type::Agg(self.aggs.push(agg))
    }

    /// Add a struct, renaming it if the name is taken by a different struct.
    pub fn add_struct(&mut self, mut s: StructType) -> Type {
        let base = s.name.clone();
        let mut n = 1;
        loop {
            match self.struct_by_name(&s.name) {
                Some(t) if self[t_agg(t)] == Aggregate::Struct(s.clone()) => return t,
                Some(_) => {
                    s.name = format!("{base}.{n}");
                    n += 1;
                }
                None => return Type::Agg(self.aggs.push(Aggregate::Struct(s))),
            }
        }
    }

    /// Rename struct `t` to `name` unless another struct has that name; true when
    /// renamed (references are by [`AggRef`], so nothing else changes).
    pub fn rename_struct(&mut self, t: Type, name: &str) -> bool {
        let Type::Agg(r) = t else { return false };
        if self.struct_by_name(name).is_some() {
            return false;
        }
        match self.aggs.get_mut(r) {
            Some(Aggregate::Struct(s)) => {
                s.name = name.to_string();
                true
            }
            _ => false,
        }
    }

    pub fn struct_by_name(&self, name: &str) -> Option<Type> {
        self.aggs.iter().find_map(|(r, a)| match a {
            Aggregate::Struct(s) if s.name == name => Some(Type::Agg(r)),
            _ => None,
        })
    }

    pub fn get(&self, r: AggRef) -> Option<&Aggregate> {
        self.aggs.get(r)
    }

    pub fn iter(&self) -> impl Iterator<Item = (AggRef, &Aggregate)> {
        self.aggs.iter()
    }

    /// Size in bytes (vec3 occupies 4 lanes, as OpenCL requires).
    pub fn size_of(&self, ty: Type, dl: DataLayout) -> u64 {
        match ty {
            Type::Void => 0,
            Type::Scalar(s) => s.bytes() as u64,
            Type::Vector { elem, lanes, .. } => {
                let lanes = if lanes == 3 { 4 } else { lanes };
                elem.bytes() as u64 * lanes as u64
            }
            Type::Ptr(_) => dl.pointer_bytes as u64,
            Type::Agg(r) => match self.aggs.get(r) {
                Some(Aggregate::Array { elem, len }) => {
                    self.size_of(*elem, dl).saturating_mul(*len)
                }
                Some(Aggregate::Struct(s)) => {
                    let (offsets, size) = self.struct_layout(s, dl);
                    let _ = offsets;
                    size
                }
                None => 0,
            },
        }
    }

    pub fn align_of(&self, ty: Type, dl: DataLayout) -> u64 {
        match ty {
            Type::Agg(r) => match self.aggs.get(r) {
                Some(Aggregate::Array { elem, .. }) => self.align_of(*elem, dl),
                Some(Aggregate::Struct(s)) => {
                    let natural = if s.packed {
                        1
                    } else {
                        s.fields
                            .iter()
                            .map(|f| self.align_of(*f, dl))
                            .max()
                            .unwrap_or(1)
                    };
                    natural.max(s.align as u64)
                }
                None => 1,
            },
            _ => self.size_of(ty, dl).max(1),
        }
    }

    /// Field offsets and total (padded) size of a struct.
    pub fn struct_layout(&self, s: &StructType, dl: DataLayout) -> (Vec<u64>, u64) {
        let mut offsets = Vec::with_capacity(s.fields.len());
        let mut off = 0u64;
        let mut max_align = 1u64;
        for f in &s.fields {
            let a = if s.packed { 1 } else { self.align_of(*f, dl) };
            max_align = max_align.max(a);
            off = off.next_multiple_of(a);
            offsets.push(off);
            off = off.saturating_add(self.size_of(*f, dl));
        }
        let align = max_align.max(s.align as u64);
        (offsets, off.next_multiple_of(align))
    }

    /// Byte offset of field `index` of struct type `ty`.
    pub fn field_offset(&self, ty: Type, index: usize, dl: DataLayout) -> Option<u64> {
        match self.get(t_agg(ty))? {
            Aggregate::Struct(s) => self.struct_layout(s, dl).0.get(index).copied(),
            Aggregate::Array { .. } => None,
        }
    }

    /// Display adapter that prints aggregates the way the text form does.
    pub fn display(&self, ty: Type) -> TypeDisplay<'_> {
        TypeDisplay { table: self, ty }
    }
}

fn t_agg(t: Type) -> AggRef {
    match t {
        Type::Agg(r) => r,
        _ => AggRef(u32::MAX),
    }
}

impl std::ops::Index<AggRef> for TypeTable {
    type Output = Aggregate;
    fn index(&self, r: AggRef) -> &Aggregate {
        &self.aggs[r]
    }
}

pub struct TypeDisplay<'a> {
    table: &'a TypeTable,
    ty: Type,
}

impl fmt::Display for TypeDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ty {
            Type::Agg(r) => match self.table.get(r) {
                Some(Aggregate::Array { elem, len }) => {
                    write!(f, "[{} x {}]", len, self.table.display(*elem))
                }
                Some(Aggregate::Struct(s)) => write!(f, "%{}", s.name),
                None => write!(f, "{r}"),
            },
            t => write!(f, "{t}"),
        }
    }
}

impl fmt::Display for Type {
    /// Value types print without a table: `i32`, `v4f32`, `nxv2f32`, `ptr1`, `void`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Type::Void => f.write_str("void"),
            Type::Scalar(s) => f.write_str(s.name()),
            Type::Vector {
                elem,
                lanes,
                scalable,
            } => write!(
                f,
                "{}v{}{}",
                if scalable { "nx" } else { "" },
                lanes,
                elem.name()
            ),
            Type::Ptr(a) => write!(f, "ptr{}", a.number()),
            Type::Agg(r) => write!(f, "{r}"),
        }
    }
}

impl Type {
    /// Parse a value type spelling (`i32`, `v4f32`, `nxv2f32`, `ptr3`, `void`).
    pub fn parse_value(s: &str) -> Option<Type> {
        if s == "void" {
            return Some(Type::Void);
        }
        if let Some(sc) = Scalar::from_name(s) {
            return Some(Type::Scalar(sc));
        }
        if let Some(n) = s.strip_prefix("ptr") {
            return AddrSpace::from_number(n.parse().ok()?).map(Type::Ptr);
        }
        let (scalable, rest) = match s.strip_prefix("nxv") {
            Some(r) => (true, r),
            None => (false, s.strip_prefix('v')?),
        };
        let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
        let lanes: u32 = rest[..digits].parse().ok()?;
        let elem = Scalar::from_name(&rest[digits..])?;
        if lanes == 0 || (!scalable && !VECTOR_LANES.contains(&lanes)) {
            return None;
        }
        Some(Type::Vector {
            elem,
            lanes,
            scalable,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_type_spellings_round_trip() {
        for s in [
            "i1", "i64", "f16", "v3f32", "v16i8", "nxv1i32", "ptr3", "void",
        ] {
            assert_eq!(
                Type::parse_value(s).map(|t| t.to_string()).as_deref(),
                Some(s)
            );
        }
        assert_eq!(Type::parse_value("v5f32"), None);
        assert_eq!(Type::parse_value("ptr9"), None);
        assert_eq!(Type::parse_value("ptr5"), Some(Type::Ptr(AddrSpace::Image)));
    }

    #[test]
    fn struct_layout_follows_c_rules() {
        let mut t = TypeTable::default();
        let s = t.add_struct(StructType {
            name: "S".into(),
            fields: vec![Type::I8, Type::vec(Scalar::F32, 3), Type::I16],
            packed: false,
            align: 0,
        });
        let dl = DataLayout::HOST64;
        // char at 0, float3 (16 bytes, align 16) at 16, short at 32, size 48.
        assert_eq!(t.field_offset(s, 1, dl), Some(16));
        assert_eq!(t.field_offset(s, 2, dl), Some(32));
        assert_eq!(t.size_of(s, dl), 48);
        let arr = t.array(s, 4);
        assert_eq!(t.size_of(arr, dl), 192);
        assert_eq!(t.display(arr).to_string(), "[4 x %S]");
    }
}
