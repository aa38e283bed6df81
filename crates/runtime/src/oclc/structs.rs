//! Struct arguments for the oclc grammar: a struct (by value, or the element of a buffer)
//! is listed as the values of its fields in declaration order, nested structs, arrays
//! and vectors flattened (`{int a; float b[2]; short2 c;}` takes five values: a, b[0],
//! b[1], c.x, c.y), and written at the field offsets of the kernel's own struct layout
//! (the IR types of the built program, with the device's data layout and padding).
//!
//! IR integers are signless, so an integer field takes any value that fits its width
//! as a signed or an unsigned number, and prints as a signed one. A union is what the
//! front end makes of it, its bytes (`[N x i8]`): one value per byte.

use std::sync::Arc;

use kauai_ir::{Aggregate, ClScalar, Module, Scalar, Type};

use super::values::{Num, ValueBytes};
use crate::limits::MAX_STRUCT_VALUES;

/// One value of a struct: its byte offset and its type (integers signed, see the module
/// documentation).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Field {
    pub offset: u64,
    pub elem: ClScalar,
}

/// The values of a struct in order, and its size (the stride of a buffer of them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructLayout {
    /// The OpenCL type name (`struct P`, `S`).
    pub name: String,
    pub fields: Vec<Field>,
    pub size: u64,
}

/// What oclc knows about one kernel argument's struct type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgStruct {
    /// Not a struct, nor a pointer to one.
    None,
    Layout(Arc<StructLayout>),
    /// A struct oclc cannot lay out, and why.
    Unknown(String),
}

/// For every kernel of `m` (by name), what [`ArgStruct`] each argument is.
pub fn kernel_arg_structs(m: &Module) -> Vec<(String, Vec<ArgStruct>)> {
    let mut out = Vec::new();
    for (_, f) in m.functions.iter() {
        if !f.is_kernel() {
            continue;
        }
        let types = f.meta_strs(kauai_ir::meta::KERNEL_ARG_TYPE);
        let args = f
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let tn = types.get(i).map(String::as_str).unwrap_or("").trim();
                match (p.byval, p.ty) {
                    (Some(t), _) => layout(m, t, tn),
                    (None, Type::Ptr(_)) if tn.ends_with('*') => {
                        let pointee = strip_qualifiers(tn.trim_end_matches('*'));
                        if crate::oclc::layout_of(&pointee).is_some() || pointee == "void" {
                            return ArgStruct::None;
                        }
                        match struct_type(m, &pointee) {
                            Some(t) => layout(m, t, &pointee),
                            None => ArgStruct::Unknown(format!(
                                "the layout of `{pointee}` is not known to oclc (a typedef of an anonymous struct that no kernel takes by value; name the struct, `typedef struct {pointee} {{...}} {pointee};`, or give the buffer as raw bytes)"
                            )),
                        }
                    }
                    _ => ArgStruct::None,
                }
            })
            .collect();
        out.push((f.name.clone(), args));
    }
    out
}

fn strip_qualifiers(t: &str) -> String {
    t.split_whitespace()
        .filter(|w| !matches!(*w, "const" | "volatile" | "restrict" | "__restrict"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The IR type an OpenCL struct type name stands for: `struct X` / `union X` is the IR
/// struct `X`; a typedef name is the type of a by-value kernel argument spelt the same
/// way, or an IR struct of that name (`typedef struct S {...} S`, and `typedef struct
/// {...} T`, whose IR struct the front end names `T`).
fn struct_type(m: &Module, name: &str) -> Option<Type> {
    if let Some(tag) = name
        .strip_prefix("struct ")
        .or_else(|| name.strip_prefix("union "))
    {
        return m.types.struct_by_name(tag.trim());
    }
    for (_, f) in m.functions.iter() {
        let types = f.meta_strs(kauai_ir::meta::KERNEL_ARG_TYPE);
        for (p, tn) in f.params.iter().zip(types.iter()) {
            if let Some(t) = p.byval {
                if strip_qualifiers(tn) == name {
                    return Some(t);
                }
            }
        }
    }
    m.types.struct_by_name(name)
}

fn layout(m: &Module, t: Type, name: &str) -> ArgStruct {
    let mut fields = Vec::new();
    match flatten(m, t, 0, &mut fields) {
        Ok(()) => ArgStruct::Layout(Arc::new(StructLayout {
            name: name.to_string(),
            fields,
            size: m.size_of(t),
        })),
        Err(why) => ArgStruct::Unknown(format!("`{name}` {why}")),
    }
}

fn too_many() -> String {
    format!("has more than {MAX_STRUCT_VALUES} values (MAX_STRUCT_VALUES); give it as raw bytes")
}

fn flatten(m: &Module, t: Type, at: u64, out: &mut Vec<Field>) -> Result<(), String> {
    let scalar = |s: Scalar| match s {
        Scalar::I1 => ClScalar::Bool,
        Scalar::I8 => ClScalar::Char,
        Scalar::I16 => ClScalar::Short,
        Scalar::I32 => ClScalar::Int,
        Scalar::I64 => ClScalar::Long,
        Scalar::F16 => ClScalar::Half,
        Scalar::F32 => ClScalar::Float,
        Scalar::F64 => ClScalar::Double,
    };
    let push = |out: &mut Vec<Field>, offset: u64, elem: ClScalar| {
        if out.len() >= MAX_STRUCT_VALUES {
            return Err(too_many());
        }
        out.push(Field { offset, elem });
        Ok(())
    };
    match t {
        Type::Scalar(s) => push(out, at, scalar(s)),
        Type::Vector { elem, lanes, .. } => {
            let es = u64::from(elem.bytes());
            for l in 0..u64::from(lanes) {
                push(out, at + l * es, scalar(elem))?;
            }
            Ok(())
        }
        Type::Agg(r) => match m.types.get(r) {
            Some(Aggregate::Array { elem, len }) => {
                let es = m.size_of(*elem);
                for i in 0..*len {
                    if out.len() >= MAX_STRUCT_VALUES {
                        return Err(too_many());
                    }
                    flatten(m, *elem, at.saturating_add(i.saturating_mul(es)), out)?;
                }
                Ok(())
            }
            Some(Aggregate::Struct(s)) => {
                let (offsets, _) = m.types.struct_layout(s, m.data_layout);
                for (f, o) in s.fields.iter().zip(offsets) {
                    flatten(m, *f, at.saturating_add(o), out)?;
                }
                Ok(())
            }
            None => Err("has a type the module does not define".into()),
        },
        Type::Ptr(_) => Err("holds a pointer, which oclc cannot give a value".into()),
        Type::Void => Ok(()),
    }
}

/// Write `v` into a field of type `elem`: an integer field takes the range of its
/// width, signed (negative values) or unsigned.
pub fn encode_field(elem: ClScalar, v: Num, out: &mut Vec<u8>) -> Result<(), String> {
    let unsigned = match elem {
        ClScalar::Char => ClScalar::UChar,
        ClScalar::Short => ClScalar::UShort,
        ClScalar::Int => ClScalar::UInt,
        ClScalar::Long => ClScalar::ULong,
        other => other,
    };
    if v.to_f64() >= 0.0 {
        unsigned.encode(v, out)
    } else {
        elem.encode(v, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Offsets by C's rules, worked out by hand: Inner {i8 @0, i32 @4} 8 bytes align 4;
    /// Outer {i16 @0, Inner @4, [2 x v3f32] @16 (16 bytes each), f64 @48}: 56 bytes of
    /// fields, 64 with the tail padding to its alignment, 16 (float3's).
    const IR: &str = "target pointer_bytes 4
type %Inner = struct { i8, i32 }
type %Outer = struct { i16, %Inner, [2 x v3f32], f64 }
type %anon.1 = struct { ptr1, i32 }
function @k(ptr0 byval(%Outer) \"o\", ptr1 \"p\", ptr1 \"q\", ptr1 \"r\", ptr0 byval(%anon.1) \"h\") -> void \"mux-kernel\"=\"entry-point\" !kernel_arg_type(\"struct Outer\", \"struct Inner*\", \"Hidden*\", \"const float4*\", \"HasPtr\") {
block0(v0: ptr0, v1: ptr1, v2: ptr1, v3: ptr1, v4: ptr0):
    return
}
";

    #[test]
    fn structs_flatten_to_their_fields_at_c_offsets() {
        let m = kauai_ir::parse_str("s.ir", IR).unwrap_or_else(|e| panic!("{e}"));
        let all = kernel_arg_structs(&m);
        let [(name, args)] = all.as_slice() else {
            panic!("{all:?}")
        };
        assert_eq!(name, "k");
        let ArgStruct::Layout(o) = &args[0] else {
            panic!("{:?}", args[0])
        };
        let got: Vec<(u64, ClScalar)> = o.fields.iter().map(|f| (f.offset, f.elem)).collect();
        use ClScalar::*;
        assert_eq!(
            got,
            [
                (0, Short),
                (4, Char),
                (8, Int),
                (16, Float),
                (20, Float),
                (24, Float),
                (32, Float),
                (36, Float),
                (40, Float),
                (48, Double)
            ]
        );
        assert_eq!(o.size, 64);
        let ArgStruct::Layout(inner) = &args[1] else {
            panic!("{:?}", args[1])
        };
        assert_eq!((inner.fields.len(), inner.size), (2, 8));
        assert!(matches!(&args[2], ArgStruct::Unknown(w) if w.contains("`Hidden` is not known")));
        assert_eq!(args[3], ArgStruct::None);
        assert!(matches!(&args[4], ArgStruct::Unknown(w) if w.contains("holds a pointer")));
    }

    #[test]
    fn a_struct_of_more_values_than_the_limit_is_refused() {
        let ir = "type %Big = struct { [70000 x i32] }
function @k(ptr0 byval(%Big) \"b\") -> void \"mux-kernel\"=\"entry-point\" !kernel_arg_type(\"struct Big\") {
block0(v0: ptr0):
    return
}
";
        let m = kauai_ir::parse_str("big.ir", ir).unwrap_or_else(|e| panic!("{e}"));
        let all = kernel_arg_structs(&m);
        assert!(
            matches!(&all[0].1[0], ArgStruct::Unknown(w) if w.contains("MAX_STRUCT_VALUES")),
            "{all:?}"
        );
    }

    #[test]
    fn integer_fields_take_signed_or_unsigned_values_of_their_width() {
        let enc = |v: Num| {
            let mut b = Vec::new();
            encode_field(ClScalar::Char, v, &mut b).map(|()| b)
        };
        assert_eq!(enc(Num::Int(-128)), Ok(vec![0x80]));
        assert_eq!(enc(Num::Int(255)), Ok(vec![0xff]));
        assert!(enc(Num::Int(256)).is_err());
        assert!(enc(Num::Int(-129)).is_err());
        assert!(enc(Num::Float(1.5)).is_err());
    }
}
