//! Expressions: type checking (usual arithmetic conversions with the OpenCL vector
//! rules, address-space checks) and IR emission in one walk.
//!
//! This module holds the operand types and the dispatcher ([`Lowerer::expr`]), with
//! identifiers, `sizeof` and `vec_step`; the rest by subject: `value` (reading and
//! storing operands), `convert` (type conversions), `arith` (binary arithmetic and
//! pointer arithmetic), `operators` (unary, binary, logical, assignment,
//! conditional), `cast` (casts and vector literals), `access` (subscripts, members,
//! swizzles, object copies), `call` (calls).

mod access;
mod arith;
mod call;
mod cast;
mod convert;
mod operators;
mod value;

use kauai_diag::Span;
use kauai_ir::{
    AddrSpace, BinaryOp as IBin, Const, ConstScalar, ConvOp, FloatCC, InstKind, IntCC, Rounding,
    Type, UnaryOp as IUn, Value,
};

use super::Lowerer;
use crate::ast::{BinaryOp, ExprId, ExprKind, FloatSuffix, IntBase, LongSuffix, UnaryOp};
use crate::sema::scope::{Binding, Place};
use crate::sema::types::{Prim, PtrTo, Ty, TyKind, T_ERROR, T_VOID};

/// An object in memory.
#[derive(Copy, Clone, Debug)]
pub(crate) struct LVal {
    pub ptr: Value,
    pub ty: Ty,
    pub space: AddrSpace,
    pub is_const: bool,
    pub is_volatile: bool,
    /// The alignment the place is known to have: its type's, or less inside a packed
    /// struct (loads and stores must not claim more, or targets that split unaligned
    /// accesses cannot know to).
    pub align: u32,
}

/// The result of lowering an expression.
#[derive(Clone, Debug)]
pub(crate) enum Opnd {
    /// A value in a register.
    R(Value, Ty),
    /// An object in memory (also how struct and array values travel).
    L(LVal),
    /// Lanes of a vector object in memory (`v.xz`); lane indices past the end of a
    /// 3-vector stand for the undefined fourth lane.
    Swz(LVal, Vec<u32>),
    /// A bit-field: its storage unit (an integer object), bit position and width.
    Bits(LVal, u32, u32),
    Void,
    /// Already diagnosed.
    Err,
}

impl Lowerer<'_> {
    pub(crate) fn expr(&mut self, e: ExprId) -> Opnd {
        let saved = self.enter_loc(self.tu.exprs[e].span);
        let r = self.expr_at(e);
        self.restore_loc(saved);
        r
    }

    fn expr_at(&mut self, e: ExprId) -> Opnd {
        let tu = self.tu;
        let ex = &tu.exprs[e];
        let span = ex.span;
        match &ex.kind {
            ExprKind::Error => Opnd::Err,
            ExprKind::StmtExpr(body) => self.stmt_expr(*body, span),
            ExprKind::IntLit(lit) => {
                let p = int_literal_prim(lit.value, lit.base, lit.unsigned, lit.long);
                let t = self.t.prim(p);
                Opnd::R(self.iconst(t, lit.value as i128), t)
            }
            ExprKind::FloatLit(lit) => {
                let p = match lit.suffix {
                    FloatSuffix::F => Prim::Float,
                    FloatSuffix::None if self.opts.fp64 && !self.opts.single_precision_constant => {
                        Prim::Double
                    }
                    FloatSuffix::None => Prim::Float,
                    FloatSuffix::H => {
                        if !self.need_fp16(
                            span,
                            "half literals",
                            "half precision constant requires cl_khr_fp16",
                        ) {
                            return Opnd::Err;
                        }
                        Prim::Half
                    }
                    FloatSuffix::L => {
                        self.err(span, "`long double` is reserved in OpenCL C", "");
                        return Opnd::Err;
                    }
                };
                let t = self.t.prim(p);
                let v = match p {
                    Prim::Float => lit.value as f32 as f64,
                    Prim::Half => kauai_ir::half::f16_from_f64(lit.value).to_f64(),
                    _ => lit.value,
                };
                Opnd::R(self.fconst(t, v), t)
            }
            ExprKind::CharLit(c) => {
                let t = self.t.prim(Prim::Int);
                Opnd::R(self.iconst(t, c.value as i128), t)
            }
            ExprKind::StringLit(l) => self.string_literal(&l.bytes, span),
            ExprKind::Ident(sym) => self.ident(*sym, span),
            ExprKind::Unary { op, operand } => self.unary(*op, *operand, span),
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, *lhs, *rhs, span),
            ExprKind::Assign { op, lhs, rhs } => self.assign(*op, *lhs, *rhs, span),
            ExprKind::Conditional {
                cond,
                then_expr,
                else_expr,
            } => self.conditional(*cond, *then_expr, *else_expr, span),
            ExprKind::Comma { lhs, rhs } => {
                // Left-deep chains of commas, iteratively.
                let mut rights = vec![*rhs];
                let mut leftmost = *lhs;
                while let ExprKind::Comma { lhs, rhs } = &tu.exprs[leftmost].kind {
                    rights.push(*rhs);
                    leftmost = *lhs;
                }
                let _ = self.expr(leftmost);
                let last = rights.remove(0);
                for r in rights.into_iter().rev() {
                    let _ = self.expr(r);
                }
                self.expr(last)
            }
            ExprKind::Cast { ty, expr } => self.cast_expr(*ty, *expr, span),
            ExprKind::VectorLiteral { ty, elems } => self.vector_literal(*ty, elems, span),
            ExprKind::CompoundLiteral { ty, init } => {
                let dt = self.type_name(*ty);
                let mut t = dt.ty;
                if t == T_ERROR {
                    return Opnd::Err;
                }
                if let TyKind::Array(el, 0) = self.t.kind(t) {
                    let n = self.init_array_len(el, init);
                    t = self.t.array(el, n.max(1));
                }
                let p = self.alloca_ty(t);
                self.init_local(p, t, init);
                Opnd::L(LVal {
                    ptr: p,
                    ty: t,
                    space: AddrSpace::Private,
                    is_const: dt.is_const,
                    is_volatile: false,
                    align: self.t.align_of(t) as u32,
                })
            }
            ExprKind::SizeofExpr(x) => {
                let t = self.type_of_expr(*x);
                self.sizeof_result(t, span)
            }
            ExprKind::SizeofType(tn) => {
                let t = self.type_name(*tn).ty;
                self.sizeof_result(t, span)
            }
            ExprKind::AlignofExpr(x) => {
                let t = self.type_of_expr(*x);
                let st = self.t.prim(self.size_prim());
                let a = self.t.align_of(t);
                Opnd::R(self.iconst(st, a as i128), st)
            }
            ExprKind::AlignofType(tn) => {
                let t = self.type_name(*tn).ty;
                let st = self.t.prim(self.size_prim());
                let a = self.t.align_of(t);
                Opnd::R(self.iconst(st, a as i128), st)
            }
            ExprKind::VecStepExpr(x) => {
                let t = self.type_of_expr(*x);
                self.vec_step_result(t, span)
            }
            ExprKind::VecStepType(tn) => {
                let t = self.type_name(*tn).ty;
                self.vec_step_result(t, span)
            }
            ExprKind::Call { callee, args } => self.call(*callee, args, span),
            ExprKind::Index { base, index } => self.index(*base, *index, span),
            ExprKind::Member {
                base,
                member,
                arrow,
            } => self.member(*base, *member, *arrow, span),
        }
    }

    pub(crate) fn sizeof_result(&mut self, t: Ty, span: Span) -> Opnd {
        if t == T_ERROR {
            return Opnd::Err;
        }
        if !self.is_sized(t) {
            self.err(
                span,
                format!("sizeof of incomplete type `{}`", self.tyname(t)),
                "",
            );
            return Opnd::Err;
        }
        let st = self.t.prim(self.size_prim());
        let s = self.t.size_of(t);
        Opnd::R(self.iconst(st, s as i128), st)
    }

    pub(crate) fn vec_step_result(&mut self, t: Ty, span: Span) -> Opnd {
        let n = match self.t.kind(t) {
            TyKind::Vector(_, 3) => 4,
            TyKind::Vector(_, n) => n as i128,
            TyKind::Prim(_) => 1,
            TyKind::Error => return Opnd::Err,
            _ => {
                self.err(
                    span,
                    format!("vec_step of `{}`", self.tyname(t)),
                    "expected a scalar or vector type",
                );
                return Opnd::Err;
            }
        };
        let it = self.t.prim(Prim::Int);
        Opnd::R(self.iconst(it, n), it)
    }

    pub(crate) fn place_ptr(&mut self, place: Place) -> Value {
        match place {
            Place::Ptr(p) => p,
            Place::Global(g) => {
                let space = self.m.globals[g].space;
                self.ins(InstKind::GlobalAddr(g), Type::Ptr(space))
            }
        }
    }

    /// A string literal as a value: a `__constant char[N]` object (OpenCL C 1.2 puts
    /// string literals in the constant address space), one per distinct content.
    fn string_literal(&mut self, bytes: &[u8], span: Span) -> Opnd {
        if !self.in_fn {
            // Only an initializer may take a string's address at program scope (through
            // `const_addr`, as a relocation); code cannot run there.
            self.err(
                span,
                "not supported yet: a string literal's address at program scope",
                "",
            );
            return Opnd::Err;
        }
        let Some((g, ty)) = self.intern_string(bytes) else {
            return Opnd::Err;
        };
        let ptr = self.place_ptr(Place::Global(g));
        Opnd::L(LVal {
            ptr,
            ty,
            space: AddrSpace::Constant,
            // `char[N]` as in C (no qualifier warnings); `__constant` keeps it read-only.
            is_const: false,
            is_volatile: false,
            align: 1,
        })
    }

    /// The `__constant char[N]` global holding a string literal's bytes and its NUL, one
    /// per distinct content; `None` only for a length that overflows.
    pub(crate) fn intern_string(&mut self, bytes: &[u8]) -> Option<(kauai_ir::GlobalId, Ty)> {
        let n = (bytes.len() as u64).checked_add(1)?;
        let ch = self.t.prim(Prim::Char);
        let ty = self.t.array(ch, n);
        let g = match self.str_globals.get(bytes) {
            Some(&g) => g,
            None => {
                let mut init = bytes.to_vec();
                init.push(0);
                let name = self.unique_global_name(".str".to_string());
                let mty = self.t.mem_type(&mut self.m.types, ty);
                let g = self.m.globals.push(kauai_ir::Global {
                    name,
                    ty: mty,
                    space: AddrSpace::Constant,
                    align: 1,
                    init: Some(kauai_ir::Init::bytes(init)),
                    constant: true,
                });
                self.str_globals.insert(bytes.to_vec(), g);
                g
            }
        };
        Some((g, ty))
    }

    pub(crate) fn ident(&mut self, sym: crate::ast::Symbol, span: Span) -> Opnd {
        match self.sc.lookup(sym) {
            Some(Binding::Var(v)) => {
                if v.ty == T_ERROR {
                    return Opnd::Err;
                }
                let ptr = self.place_ptr(v.place);
                Opnd::L(LVal {
                    ptr,
                    ty: v.ty,
                    space: v.space,
                    is_const: v.is_const,
                    is_volatile: v.is_volatile,
                    align: self.t.align_of(v.ty) as u32,
                })
            }
            Some(Binding::EnumConst(val, t)) => Opnd::R(self.iconst(t, val as i128), t),
            Some(Binding::Func(_)) => {
                let n = self.name(sym).to_string();
                self.err(
                    span,
                    format!("function `{n}` used as a value"),
                    "function pointers are not allowed in OpenCL C",
                );
                Opnd::Err
            }
            Some(Binding::Typedef { .. }) => {
                let n = self.name(sym).to_string();
                self.err(
                    span,
                    format!("unexpected type name `{n}`"),
                    "expected an expression",
                );
                Opnd::Err
            }
            None => {
                let n = self.name(sym).to_string();
                let mut d =
                    kauai_diag::Diagnostic::error(format!("use of undeclared identifier `{n}`"))
                        .at(span, "not declared in this scope");
                if let Some(s) = self.suggest(&n, false) {
                    d = d.note(format!("did you mean `{s}`?"));
                }
                self.push_diag(d);
                Opnd::Err
            }
        }
    }

    pub(crate) fn check_assignable(&mut self, o: &Opnd, span: Span, what: &str) -> bool {
        match o {
            Opnd::L(lv) | Opnd::Swz(lv, _) | Opnd::Bits(lv, ..) => {
                if lv.is_const || lv.space == AddrSpace::Constant {
                    self.err(
                        span,
                        format!("cannot {what} a const-qualified object"),
                        "this is read-only",
                    );
                    return false;
                }
                if matches!(self.t.kind(lv.ty), TyKind::Array(..)) {
                    self.err(
                        span,
                        format!("cannot {what} an array"),
                        "arrays are not assignable",
                    );
                    return false;
                }
                if let Opnd::Swz(_, lanes) = o {
                    let n = self.t.elem_lanes(lv.ty).map(|x| x.1).unwrap_or(0);
                    let mut seen = 0u32;
                    for &l in lanes {
                        if l >= n || seen & (1 << l) != 0 {
                            self.err(
                                span,
                                format!("cannot {what} this swizzle"),
                                "its lanes must be distinct and defined",
                            );
                            return false;
                        }
                        seen |= 1 << l;
                    }
                }
                true
            }
            Opnd::Err => false,
            _ => {
                self.err(
                    span,
                    format!("cannot {what} this expression"),
                    "expected an lvalue",
                );
                false
            }
        }
    }
}

/// C99 6.4.4.1: the type of an integer literal (OpenCL has no `long long`: `ll` is `long`).
pub(crate) fn int_literal_prim(
    value: u64,
    base: IntBase,
    unsigned: bool,
    long: LongSuffix,
) -> Prim {
    let decimal = base == IntBase::Decimal;
    let fits_int = value <= i32::MAX as u64;
    let fits_uint = value <= u32::MAX as u64;
    let fits_long = value <= i64::MAX as u64;
    match (unsigned, long) {
        (false, LongSuffix::None) => {
            if fits_int {
                Prim::Int
            } else if !decimal && fits_uint {
                Prim::UInt
            } else if fits_long || decimal {
                Prim::Long
            } else {
                Prim::ULong
            }
        }
        (true, LongSuffix::None) => {
            if fits_uint {
                Prim::UInt
            } else {
                Prim::ULong
            }
        }
        (false, _) => {
            if fits_long || decimal {
                Prim::Long
            } else {
                Prim::ULong
            }
        }
        (true, _) => Prim::ULong,
    }
}

/// Lane indices of a swizzle name on an `n`-lane vector.
pub(crate) fn swizzle_lanes(name: &str, n: u32) -> Result<Vec<u32>, String> {
    let half = n.div_ceil(2).max(1);
    let n4 = if n == 3 { 4 } else { n };
    match name {
        "lo" => return Ok((0..n4 / 2).collect()),
        "hi" => return Ok((n4 / 2..n4).collect()),
        "even" => return Ok((0..n4).step_by(2).collect()),
        "odd" => return Ok((1..n4).step_by(2).collect()),
        _ => {}
    }
    let _ = half;
    let b = name.as_bytes();
    if let Some(rest) = name.strip_prefix('s').or_else(|| name.strip_prefix('S')) {
        if rest.is_empty() {
            return Err("expected lane numbers after `s`".into());
        }
        let mut out = Vec::new();
        for c in rest.chars() {
            let Some(d) = c.to_digit(16) else {
                return Err(format!("`{c}` is not a hexadecimal lane number"));
            };
            if d >= n {
                return Err(format!("lane {d} is out of range for {n} lanes"));
            }
            out.push(d);
        }
        return Ok(out);
    }
    let mut out = Vec::new();
    for &c in b {
        let d = match c {
            b'x' => 0,
            b'y' => 1,
            b'z' => 2,
            b'w' => 3,
            _ => {
                return Err(format!(
                    "`{}` is not a component name (x, y, z, w, s0..sF, lo, hi, even, odd)",
                    c as char
                ))
            }
        };
        if d >= n || n > 4 {
            return Err(format!(
                "component `{}` is out of range for {n} lanes",
                c as char
            ));
        }
        out.push(d);
    }
    Ok(out)
}

/// The alignment of a member at byte `off` of a place aligned to `base`, for a member
/// type whose own alignment is `natural`.
pub(crate) fn member_align(base: u32, off: u64, natural: u64) -> u32 {
    let by_offset = if off == 0 {
        u32::MAX
    } else {
        1u32 << off.trailing_zeros().min(31)
    };
    base.min(by_offset)
        .min(natural.min(u32::MAX as u64) as u32)
        .max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swizzle_names() {
        assert_eq!(swizzle_lanes("xyzw", 4), Ok(vec![0, 1, 2, 3]));
        assert_eq!(swizzle_lanes("s0F", 16), Ok(vec![0, 15]));
        assert_eq!(swizzle_lanes("S31", 4), Ok(vec![3, 1]));
        assert_eq!(swizzle_lanes("hi", 8), Ok(vec![4, 5, 6, 7]));
        assert_eq!(swizzle_lanes("odd", 4), Ok(vec![1, 3]));
        // A 3-vector's halves are those of a 4-vector; lane 3 is undefined.
        assert_eq!(swizzle_lanes("hi", 3), Ok(vec![2, 3]));
        assert!(swizzle_lanes("w", 3).is_err());
        assert!(swizzle_lanes("x", 8).is_err());
        assert!(swizzle_lanes("s4", 4).is_err());
        assert!(swizzle_lanes("xq", 4).is_err());
    }

    #[test]
    fn integer_literal_types_follow_c99() {
        use IntBase::*;
        use LongSuffix as L;
        assert_eq!(int_literal_prim(7, Decimal, false, L::None), Prim::Int);
        assert_eq!(
            int_literal_prim(0x8000_0000, Decimal, false, L::None),
            Prim::Long
        );
        assert_eq!(
            int_literal_prim(0x8000_0000, Hex, false, L::None),
            Prim::UInt
        );
        assert_eq!(
            int_literal_prim(0xffff_ffff_ffff_ffff, Hex, false, L::None),
            Prim::ULong
        );
        assert_eq!(int_literal_prim(1, Decimal, true, L::None), Prim::UInt);
        assert_eq!(int_literal_prim(1, Decimal, false, L::Long), Prim::Long);
        assert_eq!(int_literal_prim(1, Octal, true, L::LongLong), Prim::ULong);
    }

    #[test]
    fn usual_arithmetic_conversions() {
        use Prim::*;
        let c = Lowerer::scalar_common;
        assert_eq!(c(Char, UChar), Int);
        assert_eq!(c(Int, UInt), UInt);
        assert_eq!(c(Long, UInt), Long);
        assert_eq!(c(ULong, Long), ULong);
        assert_eq!(c(Int, Float), Float);
        assert_eq!(c(Float, Double), Double);
        assert_eq!(c(Bool, Bool), Int);
    }
}
