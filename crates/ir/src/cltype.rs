//! OpenCL C's scalar types, the one enum every crate uses for them: the front end's
//! types (`kauai_clc`'s `Prim` is this type) and syntax, builtin mangling
//! ([`crate::mangle::MType::Scalar`]), and any reader of OpenCL values (the runtime's
//! oclc value lists can name element types with [`ClScalar::from_name`] and size them
//! with [`ClScalar::bytes`]).
//!
//! IR types are signless; these keep signedness. The order is C's conversion rank
//! within the integer and the floating group (`Bool` < `Char` < ... < `ULong`, then
//! `Half` < `Float` < `Double`), so `Ord` compares ranks.

use crate::types::Scalar;

/// An OpenCL C scalar type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ClScalar {
    Bool,
    Char,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    Half,
    Float,
    Double,
}

impl ClScalar {
    pub const ALL: [ClScalar; 12] = [
        ClScalar::Bool,
        ClScalar::Char,
        ClScalar::UChar,
        ClScalar::Short,
        ClScalar::UShort,
        ClScalar::Int,
        ClScalar::UInt,
        ClScalar::Long,
        ClScalar::ULong,
        ClScalar::Half,
        ClScalar::Float,
        ClScalar::Double,
    ];

    /// The OpenCL C spelling (`uint`, `half`, ...).
    pub fn name(self) -> &'static str {
        match self {
            ClScalar::Bool => "bool",
            ClScalar::Char => "char",
            ClScalar::UChar => "uchar",
            ClScalar::Short => "short",
            ClScalar::UShort => "ushort",
            ClScalar::Int => "int",
            ClScalar::UInt => "uint",
            ClScalar::Long => "long",
            ClScalar::ULong => "ulong",
            ClScalar::Half => "half",
            ClScalar::Float => "float",
            ClScalar::Double => "double",
        }
    }

    pub fn from_name(s: &str) -> Option<ClScalar> {
        ClScalar::ALL.iter().copied().find(|p| p.name() == s)
    }

    /// The other spellings of the unsigned types: OpenCL C's `unsigned char` ...
    /// `unsigned long` (the spec's table of built-in scalar types) and C's bare
    /// `unsigned`. Kernel argument type names may use them.
    pub const ALIASES: [(&'static str, ClScalar); 5] = [
        ("unsigned char", ClScalar::UChar),
        ("unsigned short", ClScalar::UShort),
        ("unsigned int", ClScalar::UInt),
        ("unsigned", ClScalar::UInt),
        ("unsigned long", ClScalar::ULong),
    ];

    /// The type of a name or one of its [`ClScalar::ALIASES`].
    pub fn from_spelling(s: &str) -> Option<ClScalar> {
        ClScalar::from_name(s).or_else(|| {
            ClScalar::ALIASES
                .iter()
                .find(|(a, _)| *a == s)
                .map(|&(_, p)| p)
        })
    }

    /// The Itanium/SPIR mangling (`j` for `uint`, `Dh` for `half`).
    pub fn mangle_code(self) -> &'static str {
        match self {
            ClScalar::Bool => "b",
            ClScalar::Char => "c",
            ClScalar::UChar => "h",
            ClScalar::Short => "s",
            ClScalar::UShort => "t",
            ClScalar::Int => "i",
            ClScalar::UInt => "j",
            ClScalar::Long => "l",
            ClScalar::ULong => "m",
            ClScalar::Half => "Dh",
            ClScalar::Float => "f",
            ClScalar::Double => "d",
        }
    }

    /// The type of a mangling code; `a` (`signed char`) reads as `char`.
    pub fn from_mangle_code(c: &str) -> Option<ClScalar> {
        if c == "a" {
            return Some(ClScalar::Char);
        }
        ClScalar::ALL.iter().copied().find(|p| p.mangle_code() == c)
    }

    pub fn is_float(self) -> bool {
        matches!(self, ClScalar::Half | ClScalar::Float | ClScalar::Double)
    }

    pub fn is_int(self) -> bool {
        !self.is_float()
    }

    /// Signed integers and the floating types.
    pub fn is_signed(self) -> bool {
        matches!(
            self,
            ClScalar::Char
                | ClScalar::Short
                | ClScalar::Int
                | ClScalar::Long
                | ClScalar::Half
                | ClScalar::Float
                | ClScalar::Double
        )
    }

    /// Bits of a value (`bool` has one).
    pub fn bits(self) -> u32 {
        match self {
            ClScalar::Bool => 1,
            ClScalar::Char | ClScalar::UChar => 8,
            ClScalar::Short | ClScalar::UShort | ClScalar::Half => 16,
            ClScalar::Int | ClScalar::UInt | ClScalar::Float => 32,
            ClScalar::Long | ClScalar::ULong | ClScalar::Double => 64,
        }
    }

    /// Bytes in memory (`bool` takes one).
    pub fn bytes(self) -> u32 {
        self.bits().div_ceil(8)
    }

    /// The IR scalar of a value of this type.
    pub fn scalar(self) -> Scalar {
        match self {
            ClScalar::Bool => Scalar::I1,
            ClScalar::Char | ClScalar::UChar => Scalar::I8,
            ClScalar::Short | ClScalar::UShort => Scalar::I16,
            ClScalar::Int | ClScalar::UInt => Scalar::I32,
            ClScalar::Long | ClScalar::ULong => Scalar::I64,
            ClScalar::Half => Scalar::F16,
            ClScalar::Float => Scalar::F32,
            ClScalar::Double => Scalar::F64,
        }
    }

    /// The IR scalar in memory (`bool` is a byte).
    pub fn mem_scalar(self) -> Scalar {
        if self == ClScalar::Bool {
            Scalar::I8
        } else {
            self.scalar()
        }
    }

    /// The integer type of the same width and the given signedness.
    pub fn int_of(bits: u32, signed: bool) -> ClScalar {
        match (bits, signed) {
            (8, true) => ClScalar::Char,
            (8, false) => ClScalar::UChar,
            (16, true) => ClScalar::Short,
            (16, false) => ClScalar::UShort,
            (64, true) => ClScalar::Long,
            (64, false) => ClScalar::ULong,
            (1, _) => ClScalar::Bool,
            (_, true) => ClScalar::Int,
            (_, false) => ClScalar::UInt,
        }
    }

    pub fn to_unsigned(self) -> ClScalar {
        if self.is_float() {
            self
        } else {
            ClScalar::int_of(self.bits(), false)
        }
    }

    pub fn to_signed(self) -> ClScalar {
        if self.is_float() {
            self
        } else {
            ClScalar::int_of(self.bits(), true)
        }
    }

    /// Integer promotion (C99 6.3.1.1).
    pub fn promote(self) -> ClScalar {
        if self.is_int() && self.bits() < 32 {
            ClScalar::Int
        } else {
            self
        }
    }

    /// Smallest and largest value of an integer type, as i128.
    pub fn int_range(self) -> (i128, i128) {
        let b = self.bits();
        if self == ClScalar::Bool {
            (0, 1)
        } else if self.is_signed() {
            (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1)
        } else {
            (0, (1i128 << b) - 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_mangling_codes_round_trip() {
        for p in ClScalar::ALL {
            assert_eq!(ClScalar::from_name(p.name()), Some(p));
            assert_eq!(ClScalar::from_mangle_code(p.mangle_code()), Some(p));
        }
        assert_eq!(ClScalar::from_mangle_code("a"), Some(ClScalar::Char));
        assert_eq!(ClScalar::from_spelling("uint"), Some(ClScalar::UInt));
        assert_eq!(ClScalar::from_spelling("unsigned"), Some(ClScalar::UInt));
        assert_eq!(
            ClScalar::from_spelling("unsigned long"),
            Some(ClScalar::ULong)
        );
        assert_eq!(ClScalar::from_spelling("unsigned  int"), None);
        assert_eq!(ClScalar::UInt.mangle_code(), "j");
        assert_eq!(ClScalar::Short.int_range(), (-32768, 32767));
    }
}
