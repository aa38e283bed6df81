//! Name mangling of OpenCL builtins: SPIR 1.2 Appendix A, an extension of Itanium C++.
//!
//! `get_global_id(uint)` is `_Z13get_global_idj`; `vload4(size_t, const __global float*)`
//! is `_Z6vload4mPU3AS1Kf`; fixed vectors are `Dv4_f`; scalable vectors use the vendor
//! extension of docs/spec/computemux.md#mangling: `u5nxv1j`. Repeated compound types use Itanium substitutions
//! (`S_`, `S0_`, ...): `max(float4, float4)` is `_Z3maxDv4_fS_`.
//!
//! Types here carry signedness, which IR types do not: scalars are
//! [`crate::ClScalar`]s, the one OpenCL scalar-type enum.

use std::fmt;

pub use crate::cltype::ClScalar;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MType {
    Void,
    Scalar(ClScalar),
    Vector(Box<MType>, u32),
    Scalable(Box<MType>, u32),
    Ptr(Box<Pointee>),
    /// A struct or opaque type by name (`ocl_image2d_ro`, `S`).
    Named(String),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pointee {
    pub ty: MType,
    /// 0 private (not printed), 1 global, 2 constant, 3 local, 4 generic.
    pub addr_space: u32,
    pub is_const: bool,
    pub is_volatile: bool,
    pub is_restrict: bool,
}

impl MType {
    pub fn ptr(ty: MType, addr_space: u32, is_const: bool) -> MType {
        MType::Ptr(Box::new(Pointee {
            ty,
            addr_space,
            is_const,
            is_volatile: false,
            is_restrict: false,
        }))
    }

    fn builtin_code(&self) -> Option<&'static str> {
        match self {
            MType::Void => Some("v"),
            MType::Scalar(s) => Some(s.mangle_code()),
            _ => None,
        }
    }

    fn from_code(c: &str) -> Option<MType> {
        if c == "v" {
            return Some(MType::Void);
        }
        ClScalar::from_mangle_code(c).map(MType::Scalar)
    }

    fn cl_name(&self) -> &'static str {
        match self {
            MType::Void => "void",
            MType::Scalar(s) => s.name(),
            _ => "",
        }
    }
}

impl fmt::Display for MType {
    /// OpenCL C spelling: `float4`, `__global const float*`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MType::Vector(e, n) => write!(f, "{e}{n}"),
            MType::Scalable(e, n) => write!(f, "{e} __scalable({n})"),
            MType::Ptr(p) => {
                let sp = ["", "__global ", "__constant ", "__local ", "__generic "];
                write!(f, "{}", sp.get(p.addr_space as usize).unwrap_or(&""))?;
                if p.is_const {
                    f.write_str("const ")?;
                }
                if p.is_volatile {
                    f.write_str("volatile ")?;
                }
                write!(f, "{}*", p.ty)?;
                if p.is_restrict {
                    f.write_str(" restrict")?;
                }
                Ok(())
            }
            MType::Named(n) => f.write_str(n),
            b => f.write_str(b.cl_name()),
        }
    }
}

struct Mangler {
    out: String,
    subs: Vec<String>,
}

fn seq_id(i: usize) -> String {
    if i == 0 {
        return "S_".into();
    }
    let mut n = i - 1;
    let mut digits = Vec::new();
    loop {
        let d = (n % 36) as u8;
        digits.push(if d < 10 { b'0' + d } else { b'A' + d - 10 });
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.reverse();
    format!("S{}_", String::from_utf8_lossy(&digits))
}

impl Mangler {
    /// The mangling of `t` without substitutions: the identity of a candidate.
    fn canon(t: &MType) -> String {
        if let Some(code) = t.builtin_code() {
            return code.to_string();
        }
        match t {
            MType::Vector(e, n) => format!("Dv{}_{}", n, Self::canon(e)),
            MType::Scalable(e, n) => {
                let inner = format!("nxv{}{}", n, Self::canon(e));
                format!("u{}{}", inner.len(), inner)
            }
            MType::Named(n) => format!("{}{}", n.len(), n),
            MType::Ptr(p) => format!("P{}{}", Self::quals(p), Self::canon(&p.ty)),
            _ => String::new(),
        }
    }

    fn quals(p: &Pointee) -> String {
        let mut quals = String::new();
        if p.addr_space != 0 {
            let q = format!("AS{}", p.addr_space);
            quals.push_str(&format!("U{}{}", q.len(), q));
        }
        if p.is_restrict {
            quals.push('r');
        }
        if p.is_volatile {
            quals.push('V');
        }
        if p.is_const {
            quals.push('K');
        }
        quals
    }

    fn find(&self, canon: &str) -> Option<String> {
        self.subs.iter().position(|x| x == canon).map(seq_id)
    }

    /// Mangle `t`, using and registering substitution candidates as Itanium does:
    /// components first, then the compound type itself.
    fn ty(&mut self, t: &MType) -> String {
        if let Some(code) = t.builtin_code() {
            return code.to_string();
        }
        let canon = Self::canon(t);
        if let Some(s) = self.find(&canon) {
            return s;
        }
        let out = match t {
            MType::Vector(e, n) => format!("Dv{}_{}", n, self.ty(e)),
            MType::Scalable(e, n) => {
                // The vendor type is one unit: its inside is not substituted.
                let inner = format!("nxv{}{}", n, Self::canon(e));
                format!("u{}{}", inner.len(), inner)
            }
            MType::Named(_) => canon.clone(),
            MType::Ptr(p) => {
                let quals = Self::quals(p);
                if quals.is_empty() {
                    format!("P{}", self.ty(&p.ty))
                } else {
                    let qcanon = format!("{quals}{}", Self::canon(&p.ty));
                    match self.find(&qcanon) {
                        Some(s) => format!("P{s}"),
                        None => {
                            let inner = self.ty(&p.ty);
                            self.subs.push(qcanon);
                            format!("P{quals}{inner}")
                        }
                    }
                }
            }
            _ => String::new(),
        };
        self.subs.push(canon);
        out
    }
}

/// `_Z<len><name><param types>`; no parameters mangles as `v`.
pub fn mangle(name: &str, params: &[MType]) -> String {
    let mut m = Mangler {
        out: format!("_Z{}{}", name.len(), name),
        subs: Vec::new(),
    };
    if params.is_empty() {
        m.out.push('v');
    }
    for p in params {
        let s = m.ty(p);
        m.out.push_str(&s);
    }
    m.out
}

struct Demangler<'a> {
    s: &'a [u8],
    i: usize,
    subs: Vec<MType>,
    depth: u32,
}

impl Demangler<'_> {
    fn number(&mut self) -> Option<usize> {
        let st = self.i;
        while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[st..self.i]).ok()?.parse().ok()
    }

    fn take(&mut self, n: usize) -> Option<&str> {
        let end = self.i.checked_add(n)?;
        let s = std::str::from_utf8(self.s.get(self.i..end)?).ok()?;
        self.i = end;
        Some(s)
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn ty(&mut self) -> Option<MType> {
        self.depth += 1;
        if self.depth > 64 {
            return None;
        }
        let c = self.peek()?;
        let t = match c {
            b'D' => {
                self.i += 1;
                match self.peek()? {
                    b'h' => {
                        self.i += 1;
                        MType::Scalar(ClScalar::Half)
                    }
                    b'v' => {
                        self.i += 1;
                        let n = self.number()? as u32;
                        if self.peek()? != b'_' {
                            return None;
                        }
                        self.i += 1;
                        let e = self.ty()?;
                        let t = MType::Vector(Box::new(e), n);
                        self.subs.push(t.clone());
                        t
                    }
                    _ => return None,
                }
            }
            b'u' => {
                self.i += 1;
                let len = self.number()?;
                let body_end = self.i + len;
                if self.take(3)? != "nxv" {
                    return None;
                }
                let n = self.number()? as u32;
                let e = self.ty()?;
                if self.i != body_end {
                    return None;
                }
                let t = MType::Scalable(Box::new(e), n);
                self.subs.push(t.clone());
                t
            }
            b'P' => {
                self.i += 1;
                let mut p = Pointee {
                    ty: MType::Void,
                    addr_space: 0,
                    is_const: false,
                    is_volatile: false,
                    is_restrict: false,
                };
                let mut qualified = false;
                if self.peek()? == b'U' {
                    self.i += 1;
                    let len = self.number()?;
                    let q = self.take(len)?;
                    p.addr_space = q.strip_prefix("AS")?.parse().ok()?;
                    qualified = true;
                }
                while let Some(q @ (b'r' | b'V' | b'K')) = self.peek() {
                    self.i += 1;
                    qualified = true;
                    match q {
                        b'r' => p.is_restrict = true,
                        b'V' => p.is_volatile = true,
                        _ => p.is_const = true,
                    }
                }
                if qualified && self.peek() == Some(b'S') {
                    // The whole qualified pointee was substituted.
                    return None;
                }
                p.ty = self.ty()?;
                if qualified {
                    // The qualified pointee is a candidate of its own; keep the slot.
                    self.subs.push(MType::Named(String::new()));
                }
                let t = MType::Ptr(Box::new(p));
                self.subs.push(t.clone());
                t
            }
            b'S' => {
                self.i += 1;
                let idx = if self.peek()? == b'_' {
                    0
                } else {
                    let st = self.i;
                    while self.peek()?.is_ascii_alphanumeric() {
                        self.i += 1;
                    }
                    let digits = std::str::from_utf8(&self.s[st..self.i]).ok()?;
                    usize::from_str_radix(digits, 36).ok()? + 1
                };
                if self.peek()? != b'_' {
                    return None;
                }
                self.i += 1;
                let t = self.subs.get(idx)?.clone();
                if t == MType::Named(String::new()) {
                    return None;
                }
                t
            }
            b'0'..=b'9' => {
                let len = self.number()?;
                let n = self.take(len)?.to_string();
                let t = MType::Named(n);
                self.subs.push(t.clone());
                t
            }
            _ => {
                self.i += 1;
                MType::from_code(std::str::from_utf8(&[c]).ok()?)?
            }
        };
        self.depth -= 1;
        Some(t)
    }
}

/// Split a mangled name into its source name and parameter types. Gives `None` for
/// anything this scheme does not produce (never panics).
pub fn demangle(s: &str) -> Option<(String, Vec<MType>)> {
    let rest = s.strip_prefix("_Z")?;
    let mut d = Demangler {
        s: rest.as_bytes(),
        i: 0,
        subs: Vec::new(),
        depth: 0,
    };
    let len = d.number()?;
    let name = d.take(len)?.to_string();
    if name.is_empty() {
        return None;
    }
    let mut params = Vec::new();
    while d.i < d.s.len() {
        d.depth = 0;
        params.push(d.ty()?);
    }
    if params == [MType::Void] {
        params.clear();
    }
    if params.contains(&MType::Void) || params.is_empty() && !rest.ends_with('v') {
        return None;
    }
    Some((name, params))
}

#[cfg(test)]
mod tests {
    use super::*;
    use MType::*;
    const FLOAT: MType = Scalar(ClScalar::Float);
    const UINT: MType = Scalar(ClScalar::UInt);
    const ULONG: MType = Scalar(ClScalar::ULong);
    const INT: MType = Scalar(ClScalar::Int);
    const DOUBLE: MType = Scalar(ClScalar::Double);
    const HALF: MType = Scalar(ClScalar::Half);

    fn v(t: MType, n: u32) -> MType {
        Vector(Box::new(t), n)
    }

    #[test]
    fn known_manglings() {
        let global_const_float = MType::ptr(FLOAT, 1, true);
        let cases: Vec<(&str, Vec<MType>, &str)> = vec![
            ("get_global_id", vec![UINT], "_Z13get_global_idj"),
            ("get_work_dim", vec![], "_Z12get_work_dimv"),
            ("max", vec![v(FLOAT, 4), v(FLOAT, 4)], "_Z3maxDv4_fS_"),
            (
                "vload4",
                vec![ULONG, global_const_float.clone()],
                "_Z6vload4mPU3AS1Kf",
            ),
            (
                "vstore4",
                vec![v(FLOAT, 4), ULONG, MType::ptr(FLOAT, 1, false)],
                "_Z7vstore4Dv4_fmPU3AS1f",
            ),
            (
                "atomic_add",
                vec![MType::ptr(INT, 3, false).with_volatile(), INT],
                "_Z10atomic_addPU3AS3Vii",
            ),
            ("f", vec![Scalable(Box::new(UINT), 1)], "_Z1fu5nxv1j"),
            ("f", vec![Scalable(Box::new(FLOAT), 2)], "_Z1fu5nxv2f"),
            ("f", vec![Scalable(Box::new(DOUBLE), 16)], "_Z1fu6nxv16d"),
            ("f", vec![v(INT, 2), v(DOUBLE, 32)], "_Z1fDv2_iDv32_d"),
            ("g", vec![HALF, v(HALF, 8)], "_Z1gDhDv8_Dh"),
            (
                "h",
                vec![global_const_float.clone(), global_const_float],
                "_Z1hPU3AS1KfS0_",
            ),
        ];
        for (name, params, want) in cases {
            assert_eq!(mangle(name, &params), want, "{name}");
            assert_eq!(demangle(want), Some((name.to_string(), params)), "{want}");
        }
    }

    #[test]
    fn seed_scalable_pointer_vector_example() {
        // <vscale x 4 x i32 addrspace(1)*>: a scalable vector of pointers to uint.
        let t = Scalable(Box::new(MType::ptr(UINT, 1, false)), 4);
        assert_eq!(mangle("x", &[t]), "_Z1xu11nxv4PU3AS1j");
    }

    #[test]
    fn demangle_rejects_garbage_without_panicking() {
        for s in [
            "",
            "_Z",
            "_Z99x",
            "_Z1f",
            "_Z1fDv",
            "_Z1fS_",
            "_Z1fPU9AS",
            "_Z1fu99nxv",
            "abc",
            "_Z1fDv4_",
        ] {
            assert_eq!(demangle(s), None, "{s}");
        }
    }

    #[test]
    fn display_is_opencl_spelling() {
        assert_eq!(v(FLOAT, 4).to_string(), "float4");
        assert_eq!(
            MType::ptr(FLOAT, 1, true).to_string(),
            "__global const float*"
        );
    }

    impl MType {
        fn with_volatile(self) -> MType {
            match self {
                MType::Ptr(mut p) => {
                    p.is_volatile = true;
                    MType::Ptr(p)
                }
                t => t,
            }
        }
    }
}
