//! The OpenCL C builtin library that this version supports, and the lowering of each
//! function: work-item and synchronization functions become calls to declared functions
//! with SPIR-mangled names; math, integer, common, relational, conversion,
//! reinterpretation, vector load/store and atomic functions become IR operations.
//!
//! Overloads on `gentype` are resolved by family (all float math functions behave
//! alike) instead of through a table of thousands of signatures.

use kauai_diag::{Diagnostic, Span};
use kauai_ir::mangle::{mangle, MType};
use kauai_ir::{
    AtomicOp, BinaryOp as IBin, Const, ConvOp, FloatCC, InstKind, IntCC, MathFn, Ordering,
    Rounding, Type, UnaryOp as IUn, Value,
};

use kauai_ir::builtins::ImageQuery;
use kauai_ir::image::ChannelKind;

use super::expr::Opnd;
use super::Lowerer;
use crate::ast::ExprId;
use crate::sema::types::{Prim, Ty, TyKind};

#[derive(Copy, Clone)]
pub(crate) struct Arg {
    pub v: Value,
    pub t: Ty,
    pub sp: Span,
}

#[derive(Copy, Clone, Debug)]
pub(super) enum Kind {
    WorkItem(&'static str),
    WorkDim,
    Fence(&'static str),
    FUnary(IUn),
    FBinary(IBin),
    FMath(MathFn),
    Recip,
    Divide,
    Common(&'static str),
    MinMax(bool),
    Int(&'static str),
    Rel(Option<FloatCC>, &'static str),
    AnyAll(bool),
    Select,
    Bitselect,
    Convert(Prim, u32, bool, Rounding),
    As(Prim, u32),
    VLoad(u32),
    VStore(u32),
    /// `vload_halfN` / `vloada_halfN` (aligned: a 3-vector takes 4 elements).
    VLoadHalf(u32, bool),
    /// `vstore[a]_halfN[_rounding]`.
    VStoreHalf(u32, bool, Rounding),
    Atomic(Option<AtomicOp>, &'static str),
    Geometric(&'static str),
    /// shuffle, shuffle2, pown, maxmag, minmag, sincos, modf, fract, nan.
    Extra(&'static str),
    /// async_work_group_copy, async_work_group_strided_copy, wait_group_events, prefetch.
    Async(&'static str),
    /// `read_image{f,i,ui}` (lowered in `image.rs`).
    ReadImage(ChannelKind),
    WriteImage(ChannelKind),
    /// `read_imageh`/`write_imageh` (cl_khr_fp16): the float forms, with the colour
    /// converted to or from `half4`.
    ReadImageH,
    WriteImageH,
    /// `get_image_*`; `None` is `get_image_dim`.
    ImageQuery(Option<ImageQuery>),
}

fn parse_type_suffix(s: &str) -> Option<(Prim, u32)> {
    let digits = s.chars().rev().take_while(|c| c.is_ascii_digit()).count();
    let (base, n) = s.split_at(s.len() - digits);
    let p = Prim::from_name(base).filter(|p| *p != Prim::Bool)?;
    let n = if n.is_empty() { 1 } else { n.parse().ok()? };
    matches!(n, 1 | 2 | 3 | 4 | 8 | 16).then_some((p, n))
}

/// The argument types a builtin's overloads range over (OpenCL's `gentype` sets), as
/// the candidates of a diagnostic name them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Gen {
    /// One signature (work-item functions, barriers, fences).
    Fixed,
    /// `floatn` (and `doublen` with `cl_khr_fp64`).
    Float,
    /// The integer types and vectors.
    Int,
    /// Integer and floating types alike.
    Any,
    /// The image functions (their own checks name the candidates).
    Image,
}

impl Gen {
    fn candidates(self) -> &'static str {
        match self {
            Gen::Fixed | Gen::Float => FLOAT_CANDIDATES,
            Gen::Int => INT_CANDIDATES,
            Gen::Any => ANY_CANDIDATES,
            Gen::Image => IMAGE_CANDIDATES,
        }
    }
}

/// One builtin of the table: its name, how it is lowered, and its overloads.
struct Row {
    name: &'static str,
    kind: Kind,
    gen: Gen,
}

const fn row(name: &'static str, kind: Kind, gen: Gen) -> Row {
    Row { name, kind, gen }
}

/// The overloads of `name` as a diagnostic lists them: the table's, or the float
/// math functions' for the pattern families that reach an arity check.
fn candidates(name: &str) -> &'static str {
    BUILTINS
        .iter()
        .find(|r| r.name == name)
        .map_or(FLOAT_CANDIDATES, |r| r.gen.candidates())
}

/// Every builtin with a name of its own, once (in the spirit of clang's
/// `OpenCLBuiltins.td`): classification, "did you mean" hints and the candidates of
/// arity errors read this table. No named builtin needs an extension beyond its
/// gentype (doubles need `cl_khr_fp64` wherever they appear). Families named by a pattern are recognized in [`classify`]: the
/// math functions of `MathFn` (with the `native_`/`half_` variants OpenCL defines),
/// `convert_<type>[_sat][_<rounding>]`, `as_<type>`, `vloadN`/`vstoreN` and
/// `atomic_<op>`/`atom_<op>` (64-bit `atom_` needs `cl_khr_int64_base_atomics`).
const BUILTINS: &[Row] = &[
    row("get_global_id", Kind::WorkItem("get_global_id"), Gen::Fixed),
    row("get_local_id", Kind::WorkItem("get_local_id"), Gen::Fixed),
    row("get_group_id", Kind::WorkItem("get_group_id"), Gen::Fixed),
    row(
        "get_global_size",
        Kind::WorkItem("get_global_size"),
        Gen::Fixed,
    ),
    row(
        "get_local_size",
        Kind::WorkItem("get_local_size"),
        Gen::Fixed,
    ),
    row(
        "get_num_groups",
        Kind::WorkItem("get_num_groups"),
        Gen::Fixed,
    ),
    row(
        "get_global_offset",
        Kind::WorkItem("get_global_offset"),
        Gen::Fixed,
    ),
    row("get_work_dim", Kind::WorkDim, Gen::Fixed),
    row("barrier", Kind::Fence("barrier"), Gen::Fixed),
    row("mem_fence", Kind::Fence("mem_fence"), Gen::Fixed),
    row("read_mem_fence", Kind::Fence("read_mem_fence"), Gen::Fixed),
    row(
        "write_mem_fence",
        Kind::Fence("write_mem_fence"),
        Gen::Fixed,
    ),
    row("fabs", Kind::FUnary(IUn::Fabs), Gen::Float),
    row("sqrt", Kind::FUnary(IUn::Sqrt), Gen::Float),
    row("native_sqrt", Kind::FUnary(IUn::Sqrt), Gen::Float),
    row("half_sqrt", Kind::FUnary(IUn::Sqrt), Gen::Float),
    row("floor", Kind::FUnary(IUn::Floor), Gen::Float),
    row("ceil", Kind::FUnary(IUn::Ceil), Gen::Float),
    row("trunc", Kind::FUnary(IUn::Trunc), Gen::Float),
    row("rint", Kind::FUnary(IUn::Rint), Gen::Float),
    row("round", Kind::FUnary(IUn::Round), Gen::Float),
    row("fmin", Kind::FBinary(IBin::Fmin), Gen::Float),
    row("fmax", Kind::FBinary(IBin::Fmax), Gen::Float),
    row("copysign", Kind::FBinary(IBin::Copysign), Gen::Float),
    row("native_recip", Kind::Recip, Gen::Float),
    row("half_recip", Kind::Recip, Gen::Float),
    row("native_divide", Kind::Divide, Gen::Float),
    row("half_divide", Kind::Divide, Gen::Float),
    row("powr", Kind::Extra("powr"), Gen::Float),
    row("native_powr", Kind::Extra("powr"), Gen::Float),
    row("half_powr", Kind::Extra("powr"), Gen::Float),
    row("lgamma_r", Kind::Extra("lgamma_r"), Gen::Float),
    row("remquo", Kind::Extra("remquo"), Gen::Float),
    row("clamp", Kind::Common("clamp"), Gen::Any),
    row("degrees", Kind::Common("degrees"), Gen::Float),
    row("radians", Kind::Common("radians"), Gen::Float),
    row("mix", Kind::Common("mix"), Gen::Float),
    row("step", Kind::Common("step"), Gen::Float),
    row("smoothstep", Kind::Common("smoothstep"), Gen::Float),
    row("sign", Kind::Common("sign"), Gen::Float),
    row("max", Kind::MinMax(true), Gen::Any),
    row("min", Kind::MinMax(false), Gen::Any),
    row("abs", Kind::Int("abs"), Gen::Int),
    row("abs_diff", Kind::Int("abs_diff"), Gen::Int),
    row("add_sat", Kind::Int("add_sat"), Gen::Int),
    row("sub_sat", Kind::Int("sub_sat"), Gen::Int),
    row("hadd", Kind::Int("hadd"), Gen::Int),
    row("rhadd", Kind::Int("rhadd"), Gen::Int),
    row("clz", Kind::Int("clz"), Gen::Int),
    row("popcount", Kind::Int("popcount"), Gen::Int),
    row("mad_hi", Kind::Int("mad_hi"), Gen::Int),
    row("mad_sat", Kind::Int("mad_sat"), Gen::Int),
    row("mul_hi", Kind::Int("mul_hi"), Gen::Int),
    row("rotate", Kind::Int("rotate"), Gen::Int),
    row("upsample", Kind::Int("upsample"), Gen::Int),
    row("mad24", Kind::Int("mad24"), Gen::Int),
    row("mul24", Kind::Int("mul24"), Gen::Int),
    row(
        "isequal",
        Kind::Rel(Some(FloatCC::Oeq), "isequal"),
        Gen::Float,
    ),
    row(
        "isnotequal",
        Kind::Rel(Some(FloatCC::Une), "isnotequal"),
        Gen::Float,
    ),
    row(
        "isgreater",
        Kind::Rel(Some(FloatCC::Ogt), "isgreater"),
        Gen::Float,
    ),
    row(
        "isgreaterequal",
        Kind::Rel(Some(FloatCC::Oge), "isgreaterequal"),
        Gen::Float,
    ),
    row(
        "isless",
        Kind::Rel(Some(FloatCC::Olt), "isless"),
        Gen::Float,
    ),
    row(
        "islessequal",
        Kind::Rel(Some(FloatCC::Ole), "islessequal"),
        Gen::Float,
    ),
    row(
        "islessgreater",
        Kind::Rel(Some(FloatCC::One), "islessgreater"),
        Gen::Float,
    ),
    row(
        "isordered",
        Kind::Rel(Some(FloatCC::Ord), "isordered"),
        Gen::Float,
    ),
    row(
        "isunordered",
        Kind::Rel(Some(FloatCC::Uno), "isunordered"),
        Gen::Float,
    ),
    row("isnan", Kind::Rel(None, "isnan"), Gen::Float),
    row("isinf", Kind::Rel(None, "isinf"), Gen::Float),
    row("isfinite", Kind::Rel(None, "isfinite"), Gen::Float),
    row("isnormal", Kind::Rel(None, "isnormal"), Gen::Float),
    row("signbit", Kind::Rel(None, "signbit"), Gen::Float),
    row("any", Kind::AnyAll(true), Gen::Int),
    row("all", Kind::AnyAll(false), Gen::Int),
    row("select", Kind::Select, Gen::Any),
    row("bitselect", Kind::Bitselect, Gen::Any),
    row("shuffle", Kind::Extra("shuffle"), Gen::Any),
    row("shuffle2", Kind::Extra("shuffle2"), Gen::Any),
    row("pown", Kind::Extra("pown"), Gen::Float),
    row("maxmag", Kind::Extra("maxmag"), Gen::Float),
    row("minmag", Kind::Extra("minmag"), Gen::Float),
    row("sincos", Kind::Extra("sincos"), Gen::Float),
    row("modf", Kind::Extra("modf"), Gen::Float),
    row("fract", Kind::Extra("fract"), Gen::Float),
    row("nan", Kind::Extra("nan"), Gen::Float),
    row("sinpi", Kind::Extra("sinpi"), Gen::Float),
    row("cospi", Kind::Extra("cospi"), Gen::Float),
    row("tanpi", Kind::Extra("tanpi"), Gen::Float),
    row("asinpi", Kind::Extra("asinpi"), Gen::Float),
    row("acospi", Kind::Extra("acospi"), Gen::Float),
    row("atanpi", Kind::Extra("atanpi"), Gen::Float),
    row("atan2pi", Kind::Extra("atan2pi"), Gen::Float),
    row("frexp", Kind::Extra("frexp"), Gen::Float),
    row("ilogb", Kind::Extra("ilogb"), Gen::Float),
    row("logb", Kind::Extra("logb"), Gen::Float),
    row("rootn", Kind::Extra("rootn"), Gen::Float),
    row(
        "async_work_group_copy",
        Kind::Async("async_work_group_copy"),
        Gen::Any,
    ),
    row(
        "async_work_group_strided_copy",
        Kind::Async("async_work_group_strided_copy"),
        Gen::Any,
    ),
    row(
        "wait_group_events",
        Kind::Async("wait_group_events"),
        Gen::Any,
    ),
    row("prefetch", Kind::Async("prefetch"), Gen::Any),
    row("dot", Kind::Geometric("dot"), Gen::Float),
    row("length", Kind::Geometric("length"), Gen::Float),
    row("distance", Kind::Geometric("distance"), Gen::Float),
    row("normalize", Kind::Geometric("normalize"), Gen::Float),
    row("fast_length", Kind::Geometric("fast_length"), Gen::Float),
    row(
        "fast_distance",
        Kind::Geometric("fast_distance"),
        Gen::Float,
    ),
    row(
        "fast_normalize",
        Kind::Geometric("fast_normalize"),
        Gen::Float,
    ),
    row("cross", Kind::Geometric("cross"), Gen::Float),
    row(
        "read_imagef",
        Kind::ReadImage(ChannelKind::Float),
        Gen::Image,
    ),
    row(
        "read_imagei",
        Kind::ReadImage(ChannelKind::Signed),
        Gen::Image,
    ),
    row(
        "read_imageui",
        Kind::ReadImage(ChannelKind::Unsigned),
        Gen::Image,
    ),
    row(
        "write_imagef",
        Kind::WriteImage(ChannelKind::Float),
        Gen::Image,
    ),
    row(
        "write_imagei",
        Kind::WriteImage(ChannelKind::Signed),
        Gen::Image,
    ),
    row(
        "write_imageui",
        Kind::WriteImage(ChannelKind::Unsigned),
        Gen::Image,
    ),
    row("read_imageh", Kind::ReadImageH, Gen::Image),
    row("write_imageh", Kind::WriteImageH, Gen::Image),
    row(
        "get_image_width",
        Kind::ImageQuery(Some(ImageQuery::Width)),
        Gen::Image,
    ),
    row(
        "get_image_height",
        Kind::ImageQuery(Some(ImageQuery::Height)),
        Gen::Image,
    ),
    row(
        "get_image_depth",
        Kind::ImageQuery(Some(ImageQuery::Depth)),
        Gen::Image,
    ),
    row(
        "get_image_channel_data_type",
        Kind::ImageQuery(Some(ImageQuery::ChannelDataType)),
        Gen::Image,
    ),
    row(
        "get_image_channel_order",
        Kind::ImageQuery(Some(ImageQuery::ChannelOrder)),
        Gen::Image,
    ),
    row("get_image_dim", Kind::ImageQuery(None), Gen::Image),
    row(
        "get_image_array_size",
        Kind::ImageQuery(Some(ImageQuery::ArraySize)),
        Gen::Image,
    ),
];

/// The atomic operations of `atomic_<op>` and `atom_<op>` (`None`: compare-exchange).
const ATOMIC_OPS: &[(&str, Option<AtomicOp>)] = &[
    ("add", Some(AtomicOp::Add)),
    ("sub", Some(AtomicOp::Sub)),
    ("xchg", Some(AtomicOp::Xchg)),
    ("inc", Some(AtomicOp::Add)),
    ("dec", Some(AtomicOp::Sub)),
    ("min", Some(AtomicOp::Smin)),
    ("max", Some(AtomicOp::Smax)),
    ("and", Some(AtomicOp::And)),
    ("or", Some(AtomicOp::Or)),
    ("xor", Some(AtomicOp::Xor)),
    ("cmpxchg", None),
];

fn classify(name: &str) -> Option<Kind> {
    use Kind::*;
    if let Some(r) = BUILTINS.iter().find(|r| r.name == name) {
        return Some(r.kind);
    }
    let base = name
        .strip_prefix("native_")
        .or_else(|| name.strip_prefix("half_"))
        .unwrap_or(name);
    if let Some(f) = MathFn::from_name(base) {
        // `native_`/`half_` variants exist only for some functions; accept the
        // names OpenCL defines.
        let native_ok = matches!(
            base,
            "sin" | "cos" | "tan" | "exp" | "exp2" | "exp10" | "log" | "log2" | "log10" | "rsqrt"
        );
        if base != name && !native_ok {
            return None;
        }
        return Some(FMath(f));
    }
    if let Some(rest) = name.strip_prefix("convert_") {
        let mut parts: Vec<&str> = rest.split('_').collect();
        let mut rounding = Rounding::Default;
        if let Some(r) = parts.last().and_then(|l| Rounding::from_name(l)) {
            if r != Rounding::Default {
                rounding = r;
                parts.pop();
            }
        }
        let mut sat = false;
        if parts.last() == Some(&"sat") {
            sat = true;
            parts.pop();
        }
        if parts.len() != 1 {
            return None;
        }
        let (p, n) = parse_type_suffix(parts[0])?;
        return Some(Convert(p, n, sat, rounding));
    }
    if let Some(rest) = name.strip_prefix("as_") {
        let (p, n) = parse_type_suffix(rest)?;
        return Some(As(p, n));
    }
    if let Some(k) = classify_half(name) {
        return Some(k);
    }
    if let Some(n) = name.strip_prefix("vload") {
        return n
            .parse()
            .ok()
            .filter(|n| matches!(n, 2 | 3 | 4 | 8 | 16))
            .map(VLoad);
    }
    if let Some(n) = name.strip_prefix("vstore") {
        return n
            .parse()
            .ok()
            .filter(|n| matches!(n, 2 | 3 | 4 | 8 | 16))
            .map(VStore);
    }
    let at = name
        .strip_prefix("atomic_")
        .or_else(|| name.strip_prefix("atom_"))?;
    let &(op_name, op) = ATOMIC_OPS.iter().find(|(n, _)| *n == at)?;
    Some(Atomic(op, op_name))
}

/// `vload_half`, `vloada_half`, `vstore_half`, `vstorea_half` with their vector size
/// (none for a scalar) and, for stores, a rounding suffix.
fn classify_half(name: &str) -> Option<Kind> {
    let (store, aligned, rest) = if let Some(r) = name.strip_prefix("vloada_half") {
        (false, true, r)
    } else if let Some(r) = name.strip_prefix("vload_half") {
        (false, false, r)
    } else if let Some(r) = name.strip_prefix("vstorea_half") {
        (true, true, r)
    } else if let Some(r) = name.strip_prefix("vstore_half") {
        (true, false, r)
    } else {
        return None;
    };
    let (digits, mode) = match rest.split_once('_') {
        Some((d, m)) if store => (
            d,
            Rounding::from_name(m).filter(|r| *r != Rounding::Default)?,
        ),
        Some(_) => return None,
        // Without a suffix the stores round to nearest even (not the current mode).
        None => (rest, Rounding::Rte),
    };
    let n = if digits.is_empty() {
        1
    } else {
        digits
            .parse()
            .ok()
            .filter(|n| matches!(n, 2 | 3 | 4 | 8 | 16))?
    };
    Some(if store {
        Kind::VStoreHalf(n, aligned, mode)
    } else {
        Kind::VLoadHalf(n, aligned)
    })
}

/// Builtin names offered as "did you mean" hints: the table's.
pub(crate) fn known_names() -> impl Iterator<Item = &'static str> {
    BUILTINS.iter().map(|r| r.name)
}

/// More names for hints: members of the pattern families.
pub(crate) const OTHER_NAMES: &[&str] = &[
    "native_exp",
    "native_log",
    "native_sin",
    "native_cos",
    "vload2",
    "vload4",
    "vstore2",
    "vstore4",
    "convert_int",
    "convert_float",
    "as_int",
    "as_float",
    "atomic_add",
    "atomic_inc",
];

/// OpenCL 1.2 library functions this version does not implement yet.
fn unsupported(name: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "atomic_",
        "atom_",
        "convert_",
        "as_",
        "vload",
        "vstore",
        "native_",
        "half_",
        "sub_group_",
        "work_group_",
        "get_sub_group",
    ];
    const NAMES: &[&str] = &[
        "get_enqueued_local_size",
        "get_global_linear_id",
        "get_local_linear_id",
        "vec_step",
        "nextafter",
    ];
    // The half loads and stores are all implemented: another name of theirs (a
    // misspelt rounding mode) is an undeclared function, not a later version's.
    let half = ["vload_half", "vloada_half", "vstore_half", "vstorea_half"];
    if half.iter().any(|p| name.starts_with(p)) {
        return false;
    }
    NAMES.contains(&name) || PREFIXES.iter().any(|p| name.starts_with(p))
}

const IMAGE_CANDIDATES: &str = "an image of the right type and access, a sampler_t, coordinates";
const FLOAT_CANDIDATES: &str = "floatn (or doublen with cl_khr_fp64), n = 1, 2, 3, 4, 8, 16";
const INT_CANDIDATES: &str =
    "charn, ucharn, shortn, ushortn, intn, uintn, longn, ulongn; n = 1, 2, 3, 4, 8, 16";
const ANY_CANDIDATES: &str = "charn, ucharn, shortn, ushortn, intn, uintn, longn, ulongn, floatn (or doublen with cl_khr_fp64); n = 1, 2, 3, 4, 8, 16";

impl Lowerer<'_> {
    pub(crate) fn builtin_call(&mut self, name: &str, args: &[ExprId], span: Span) -> Opnd {
        if name == "printf" {
            return self.printf_call(args, span);
        }
        let Some(kind) = classify(name) else {
            if unsupported(name) {
                self.err(
                    span,
                    format!("not supported yet: {name}"),
                    "this OpenCL builtin comes in a later version",
                );
                return Opnd::Err;
            } else {
                self.push_diag(
                    Diagnostic::error(format!("call to undeclared function `{name}`"))
                        .at(span, "not declared")
                        .note(match self.suggest(name, true) {
                            Some(s) => format!("did you mean `{s}`? (OpenCL C has no implicit function declarations)"),
                            None => "OpenCL C has no implicit function declarations".to_string(),
                        }),
                );
            }
            for a in args {
                let _ = self.expr(*a);
            }
            return Opnd::Err;
        };
        let mut av = Vec::with_capacity(args.len());
        for &a in args {
            let sp = self.espan(a);
            match self.rv(a) {
                Some((v, t)) => av.push(Arg { v, t, sp }),
                None => return Opnd::Err,
            }
        }
        let res = match kind {
            // The sampler's expression, for a constant sampler's check.
            Kind::ReadImage(k) => {
                let smp = (args.len() == 3).then(|| args[1]);
                self.read_image(name, k, &av, smp, span)
            }
            Kind::ReadImageH => {
                let smp = (args.len() == 3).then(|| args[1]);
                self.read_image_half(name, &av, smp, span)
            }
            _ => self.lower_builtin(name, kind, &av, span),
        };
        match res {
            Some((v, t)) => {
                if t == crate::sema::types::T_VOID {
                    Opnd::Void
                } else {
                    Opnd::R(v, t)
                }
            }
            None => Opnd::Err,
        }
    }

    pub(crate) fn arity(
        &mut self,
        name: &str,
        args: &[Arg],
        n: usize,
        span: Span,
        cands: &str,
    ) -> bool {
        if args.len() == n {
            return true;
        }
        self.push_diag(
            Diagnostic::error(format!(
                "`{name}` takes {n} argument{}, {} given",
                if n == 1 { "" } else { "s" },
                args.len()
            ))
            .at(span, "in this call")
            .note(format!("candidates: {name}({cands})")),
        );
        false
    }

    fn bad_args(&mut self, name: &str, args: &[Arg], span: Span, cands: &str) {
        let tys: Vec<String> = args.iter().map(|a| self.tyname(a.t)).collect();
        self.push_diag(
            Diagnostic::error(format!(
                "no matching overload of `{name}` for ({})",
                tys.join(", ")
            ))
            .at(span, "in this call")
            .note(format!("candidates: {name}({cands})")),
        );
    }

    /// The `gentype` of a call: the vector argument's type if any (scalars widen to
    /// it), else the common type of the scalars.
    fn gentype(&mut self, args: &[Arg]) -> Option<Ty> {
        let mut vec: Option<Ty> = None;
        let mut prim: Option<Prim> = None;
        for a in args {
            match self.t.kind(a.t) {
                TyKind::Vector(..) => match vec {
                    None => vec = Some(a.t),
                    Some(v) if v == a.t => {}
                    Some(_) => return None,
                },
                TyKind::Prim(p) => {
                    prim = Some(match prim {
                        None => p,
                        Some(q) if q == p => p,
                        Some(q) => Self::scalar_common(q, p),
                    })
                }
                _ => return None,
            }
        }
        if let Some(v) = vec {
            let (vp, _) = self.t.elem_lanes(v)?;
            if let Some(p) = prim {
                if p.is_float() && vp.is_int() {
                    return None;
                }
            }
            return Some(v);
        }
        prim.map(|p| self.t.prim(p))
    }

    /// The float gentype (integer scalars convert to float) with all arguments
    /// converted to it.
    fn float_args(&mut self, name: &str, args: &[Arg], span: Span) -> Option<(Vec<Value>, Ty)> {
        let g = self.gentype(args);
        let g = match g.and_then(|g| self.t.elem_lanes(g).map(|(p, n)| (g, p, n))) {
            Some((g, p, _)) if p.is_float() && p != Prim::Half => g,
            // Only integer arguments: with `cl_khr_fp64` they convert as well to the
            // double overload as to the float one, which clang reports as ambiguous.
            Some((_, p, 1)) if p.is_int() && self.opts.fp64 => {
                self.push_diag(
                    Diagnostic::error(format!("call to `{name}` is ambiguous"))
                        .at(
                            span,
                            "integer arguments convert equally well to float and double",
                        )
                        .note("make one argument floating, e.g. `2.0f` or `(float)x`"),
                );
                return None;
            }
            Some((_, p, 1)) if p.is_int() => self.t.prim(Prim::Float),
            _ => {
                self.bad_args(name, args, span, FLOAT_CANDIDATES);
                return None;
            }
        };
        let vals = args.iter().map(|a| self.conv(a.v, a.t, g)).collect();
        Some((vals, g))
    }

    fn int_args(&mut self, name: &str, args: &[Arg], span: Span) -> Option<(Vec<Value>, Ty, Prim)> {
        let g = self.gentype(args);
        match g.and_then(|g| self.t.elem_lanes(g).map(|(p, _)| (g, p))) {
            Some((g, p)) if p.is_int() && p != Prim::Bool => {
                let vals = args.iter().map(|a| self.conv(a.v, a.t, g)).collect();
                Some((vals, g, p))
            }
            _ => {
                self.bad_args(name, args, span, INT_CANDIDATES);
                None
            }
        }
    }

    fn bin(&mut self, op: IBin, a: Value, b: Value, t: Ty) -> Value {
        let vt = self.vty(t);
        self.ins(InstKind::Binary(op, a, b), vt)
    }

    fn un(&mut self, op: IUn, a: Value, t: Ty) -> Value {
        let vt = self.vty(t);
        self.ins(InstKind::Unary(op, a), vt)
    }

    fn fcmp(&mut self, cc: FloatCC, a: Value, b: Value, t: Ty) -> Value {
        let bt = self.vty(t).with_elem(kauai_ir::Scalar::I1);
        self.ins(InstKind::Fcmp(cc, a, b), bt)
    }

    fn icmp(&mut self, cc: IntCC, a: Value, b: Value, t: Ty) -> Value {
        let bt = self.vty(t).with_elem(kauai_ir::Scalar::I1);
        self.ins(InstKind::Icmp(cc, a, b), bt)
    }

    fn select_v(&mut self, c: Value, a: Value, b: Value, t: Ty) -> Value {
        let vt = self.vty(t);
        self.ins(InstKind::Select(c, a, b), vt)
    }

    fn lower_builtin(
        &mut self,
        name: &str,
        kind: Kind,
        args: &[Arg],
        span: Span,
    ) -> Option<(Value, Ty)> {
        let void = crate::sema::types::T_VOID;
        if super::half::promotes(kind) && self.has_half_arg(args) {
            return self.half_builtin(name, kind, args, span, Self::lower_builtin);
        }
        match kind {
            Kind::WorkItem(n) => {
                if !self.arity(name, args, 1, span, "uint dimindx") {
                    return None;
                }
                let ut = self.t.prim(Prim::UInt);
                let d = self.implicit(args[0].v, args[0].t, ut, args[0].sp, "for the dimension")?;
                let st = self.m.data_layout.size_type();
                let f = self.declare_fn(
                    &mangle(n, &[MType::Scalar(kauai_ir::ClScalar::UInt)]),
                    &[Type::I32],
                    st,
                );
                let v = self.ins(InstKind::Call(f, vec![d]), st);
                Some((v, self.t.prim(self.size_prim())))
            }
            Kind::WorkDim => {
                if !self.arity(name, args, 0, span, "void") {
                    return None;
                }
                let f = self.declare_fn(&mangle("get_work_dim", &[]), &[], Type::I32);
                let v = self.ins(InstKind::Call(f, vec![]), Type::I32);
                Some((v, self.t.prim(Prim::UInt)))
            }
            Kind::Fence(n) => {
                if !self.arity(name, args, 1, span, "cl_mem_fence_flags flags") {
                    return None;
                }
                let ut = self.t.prim(Prim::UInt);
                let d =
                    self.implicit(args[0].v, args[0].t, ut, args[0].sp, "for the fence flags")?;
                let f = self.declare_fn(
                    &mangle(n, &[MType::Scalar(kauai_ir::ClScalar::UInt)]),
                    &[Type::I32],
                    Type::Void,
                );
                self.ins_void(InstKind::Call(f, vec![d]));
                Some((d, void))
            }
            Kind::FUnary(op) => {
                if !self.arity(name, args, 1, span, candidates(name)) {
                    return None;
                }
                let (v, g) = self.float_args(name, args, span)?;
                Some((self.un(op, v[0], g), g))
            }
            Kind::FBinary(op) => {
                if !self.arity(name, args, 2, span, candidates(name)) {
                    return None;
                }
                let (v, g) = self.float_args(name, args, span)?;
                Some((self.bin(op, v[0], v[1], g), g))
            }
            Kind::Recip => {
                if !self.arity(name, args, 1, span, candidates(name)) {
                    return None;
                }
                let (v, g) = self.float_args(name, args, span)?;
                let one = self.fconst(g, 1.0);
                Some((self.bin(IBin::Fdiv, one, v[0], g), g))
            }
            Kind::Divide => {
                if !self.arity(name, args, 2, span, candidates(name)) {
                    return None;
                }
                let (v, g) = self.float_args(name, args, span)?;
                Some((self.bin(IBin::Fdiv, v[0], v[1], g), g))
            }
            Kind::FMath(f) => {
                if !self.arity(name, args, f.arity(), span, candidates(name)) {
                    return None;
                }
                if f == MathFn::Ldexp {
                    let (v, g) = self.float_args(name, &args[..1], span)?;
                    let (_, n) = self.t.elem_lanes(g)?;
                    let it = self.t.vector(Prim::Int, n);
                    let k =
                        self.implicit(args[1].v, args[1].t, it, args[1].sp, "for the exponent")?;
                    let vt = self.vty(g);
                    return Some((self.ins(InstKind::Math(f, vec![v[0], k]), vt), g));
                }
                let (v, g) = self.float_args(name, args, span)?;
                let vt = self.vty(g);
                Some((self.ins(InstKind::Math(f, v), vt), g))
            }
            Kind::Common(n) => self.common_fn(name, n, args, span),
            Kind::MinMax(is_max) => {
                if !self.arity(name, args, 2, span, "gentype x, gentype y (or a scalar y)") {
                    return None;
                }
                let g = self.gentype(args);
                if g.is_some_and(|g| self.t.is_float(g)) {
                    let (v, g) = self.float_args(name, args, span)?;
                    let op = if is_max { IBin::Fmax } else { IBin::Fmin };
                    return Some((self.bin(op, v[0], v[1], g), g));
                }
                let (v, g, p) = self.int_args(name, args, span)?;
                let op = match (is_max, p.is_signed()) {
                    (true, true) => IBin::Smax,
                    (true, false) => IBin::Umax,
                    (false, true) => IBin::Smin,
                    (false, false) => IBin::Umin,
                };
                Some((self.bin(op, v[0], v[1], g), g))
            }
            Kind::Int(n) => self.int_fn(name, n, args, span),
            Kind::Rel(cc, n) => self.relational(name, cc, n, args, span),
            Kind::AnyAll(is_any) => {
                if !self.arity(name, args, 1, span, "igentype x (signed integer)") {
                    return None;
                }
                let a = args[0];
                let Some((p, n)) = self
                    .t
                    .elem_lanes(a.t)
                    .filter(|(p, _)| p.is_int() && p.is_signed())
                else {
                    self.bad_args(name, args, span, "charn, shortn, intn, longn");
                    return None;
                };
                let z = self.zero(a.t);
                let m = self.icmp(IntCC::Slt, a.v, z, a.t);
                let mut acc = if n == 1 {
                    m
                } else {
                    self.ins(InstKind::Extract(m, 0), Type::I1)
                };
                for i in 1..n {
                    let l = self.ins(InstKind::Extract(m, i), Type::I1);
                    let op = if is_any { IBin::Or } else { IBin::And };
                    acc = self.ins(InstKind::Binary(op, acc, l), Type::I1);
                }
                let _ = p;
                let it = self.t.prim(Prim::Int);
                let r = self.conv(acc, self.t.prim(Prim::Bool), it);
                Some((r, it))
            }
            Kind::Select => {
                if !self.arity(
                    name,
                    args,
                    3,
                    span,
                    "gentype a, gentype b, igentype/ugentype c",
                ) {
                    return None;
                }
                let (a, b, c) = (args[0], args[1], args[2]);
                let g = self.gentype(&args[..2]);
                let (Some(g), Some((cp, cn))) = (g, self.t.elem_lanes(c.t)) else {
                    self.bad_args(
                        name,
                        args,
                        span,
                        "gentype a, gentype b, igentype/ugentype c",
                    );
                    return None;
                };
                let (gp, gn) = self.t.elem_lanes(g)?;
                if cp.is_float() || cn != gn || (gn > 1 && cp.bits() != gp.bits()) {
                    self.bad_args(name, args, span, "gentype a, gentype b, igentype/ugentype c with as many lanes of the same width");
                    return None;
                }
                let av = self.conv(a.v, a.t, g);
                let bv = self.conv(b.v, b.t, g);
                let z = self.zero(c.t);
                let m = if gn == 1 {
                    self.icmp(IntCC::Ne, c.v, z, c.t)
                } else {
                    self.icmp(IntCC::Slt, c.v, z, c.t)
                };
                Some((self.select_v(m, bv, av, g), g))
            }
            Kind::Bitselect => {
                if !self.arity(name, args, 3, span, "gentype a, gentype b, gentype c") {
                    return None;
                }
                let g = self.gentype(args)?;
                let (p, n) = self.t.elem_lanes(g)?;
                let it = self.t.vector(Prim::int_of(p.bits(), false), n);
                let mut v = Vec::new();
                for a in args {
                    let x = self.conv(a.v, a.t, g);
                    let x = if p.is_float() {
                        let vt = self.vty(it);
                        self.ins_conv(ConvOp::Bitcast, x, Rounding::Default, vt)
                    } else {
                        x
                    };
                    v.push(x);
                }
                let nc = self.un(IUn::Not, v[2], it);
                let l = self.bin(IBin::And, v[0], nc, it);
                let r = self.bin(IBin::And, v[1], v[2], it);
                let mut res = self.bin(IBin::Or, l, r, it);
                if p.is_float() {
                    let vt = self.vty(g);
                    res = self.ins_conv(ConvOp::Bitcast, res, Rounding::Default, vt);
                }
                Some((res, g))
            }
            Kind::Convert(p, n, sat, rounding) => {
                if !self.arity(name, args, 1, span, "a scalar or vector of the same width") {
                    return None;
                }
                self.convert_fn(name, p, n, sat, rounding, args[0], span)
            }
            Kind::As(p, n) => {
                if !self.arity(name, args, 1, span, "a type of the same size") {
                    return None;
                }
                let a = args[0];
                let to = self.t.vector(p, n);
                if p == Prim::Double {
                    self.need_fp64_at(span);
                }
                if (p == Prim::Half || self.is_half(a.t))
                    && !self.need_fp16(
                        span,
                        "reinterpretations of half values",
                        &format!("`{name}` needs cl_khr_fp16"),
                    )
                {
                    return None;
                }
                if !self.t.is_arith(a.t) || self.t.as_prim(a.t) == Some(Prim::Bool) {
                    self.bad_args(name, args, span, "a scalar or vector type");
                    return None;
                }
                if self.t.size_of(a.t) != self.t.size_of(to) {
                    self.err(
                        span,
                        format!(
                            "`{name}` needs an operand of {} bytes, `{}` has {}",
                            self.t.size_of(to),
                            self.tyname(a.t),
                            self.t.size_of(a.t)
                        ),
                        "as_T reinterprets bits and cannot change the size",
                    );
                    return None;
                }
                if a.t == to {
                    return Some((a.v, to));
                }
                let vt = self.vty(to);
                let v = self.ins_conv(ConvOp::Bitcast, a.v, Rounding::Default, vt);
                Some((v, to))
            }
            Kind::VLoad(n) => {
                if !self.arity(
                    name,
                    args,
                    2,
                    span,
                    "size_t offset, const __space gentype *p",
                ) {
                    return None;
                }
                let (off, p) = (args[0], args[1]);
                let Some(pt) = self.t.as_ptr(p.t).filter(|pt| {
                    self.t.as_prim(pt.pointee).is_some_and(|q| {
                        q != Prim::Bool
                            && (q != Prim::Half || self.opts.fp16 == super::Extension::Enabled)
                    })
                }) else {
                    self.bad_args(
                        name,
                        args,
                        span,
                        "size_t offset, const __space gentype *p (gentype a scalar type)",
                    );
                    return None;
                };
                let ep = self.t.as_prim(pt.pointee)?;
                let (addr, _) = self.vec_addr(off, p.v, pt, n)?;
                let rt = self.t.vector(ep, n);
                let vt = self.vty(rt);
                let v = self.ins(
                    InstKind::Load {
                        ptr: addr,
                        align: ep.bytes(),
                        volatile: pt.is_volatile,
                    },
                    vt,
                );
                Some((v, rt))
            }
            Kind::VStore(n) => {
                if !self.arity(
                    name,
                    args,
                    3,
                    span,
                    "gentypen data, size_t offset, __space gentype *p",
                ) {
                    return None;
                }
                let (data, off, p) = (args[0], args[1], args[2]);
                let Some(pt) = self.t.as_ptr(p.t) else {
                    self.bad_args(
                        name,
                        args,
                        span,
                        "gentypen data, size_t offset, __space gentype *p",
                    );
                    return None;
                };
                let ep = self.t.as_prim(pt.pointee);
                if ep.is_none() || self.t.elem_lanes(data.t) != ep.map(|e| (e, n)) {
                    self.bad_args(name, args, span, &format!("gentype{n} data, size_t offset, __space gentype *p (same element type)"));
                    return None;
                }
                if pt.is_const || pt.space == kauai_ir::AddrSpace::Constant {
                    self.err(
                        p.sp,
                        format!("`{name}` stores through a pointer to const"),
                        "",
                    );
                    return None;
                }
                let ep = ep?;
                let (addr, _) = self.vec_addr(off, p.v, pt, n)?;
                self.ins_void(InstKind::Store {
                    ptr: addr,
                    value: data.v,
                    align: ep.bytes(),
                    volatile: pt.is_volatile,
                });
                Some((data.v, void))
            }
            Kind::VLoadHalf(n, aligned) => self.vload_half(name, n, aligned, args, span),
            Kind::VStoreHalf(n, aligned, mode) => {
                self.vstore_half(name, n, aligned, mode, args, span)
            }
            Kind::Atomic(op, n) => self.atomic(name, op, n, args, span),
            Kind::Geometric(n) => self.geometric(name, n, args, span),
            Kind::Extra(n) => self.extra(name, n, args, span),
            Kind::Async(n) => self.async_copy(name, n, args, span),
            Kind::ReadImage(k) => self.read_image(name, k, args, None, span),
            Kind::ReadImageH => self.read_image_half(name, args, None, span),
            Kind::WriteImage(k) => self.write_image(name, k, args, span),
            Kind::WriteImageH => self.write_image_half(name, args, span),
            Kind::ImageQuery(q) => self.image_query(name, q, args, span),
        }
    }

    fn need_fp64_at(&mut self, span: Span) {
        if !self.opts.fp64 && !self.fp64_reported {
            self.fp64_reported = true;
            self.err(
                span,
                "double precision is not supported by this device",
                "`double` needs the cl_khr_fp64 extension",
            );
        }
    }

    /// `p + offset * n` elements.
    fn vec_addr(
        &mut self,
        off: Arg,
        p: Value,
        pt: crate::sema::types::PtrTo,
        n: u32,
    ) -> Option<(Value, ())> {
        let st = self.t.prim(self.size_prim());
        let o = self.implicit(off.v, off.t, st, off.sp, "for the offset")?;
        let size = self.t.size_of(pt.pointee) * n as u64;
        let s = self.size_const(size);
        let stv = self.m.data_layout.size_type();
        let bytes = self.ins(InstKind::Binary(IBin::Imul, o, s), stv);
        Some((
            self.ins(InstKind::PtrAdd(p, bytes), Type::Ptr(pt.space)),
            (),
        ))
    }

    fn common_fn(&mut self, name: &str, n: &str, args: &[Arg], span: Span) -> Option<(Value, Ty)> {
        let want = match n {
            "clamp" | "mix" | "smoothstep" => 3,
            "step" => 2,
            _ => 1,
        };
        if !self.arity(name, args, want, span, candidates(name)) {
            return None;
        }
        if n == "clamp" {
            let g = self.gentype(args);
            if g.is_some_and(|g| self.t.is_integer(g)) {
                let (v, g, p) = self.int_args(name, args, span)?;
                let (mx, mn) = if p.is_signed() {
                    (IBin::Smax, IBin::Smin)
                } else {
                    (IBin::Umax, IBin::Umin)
                };
                let a = self.bin(mx, v[0], v[1], g);
                return Some((self.bin(mn, a, v[2], g), g));
            }
        }
        let (v, g) = self.float_args(name, args, span)?;
        let r = match n {
            "clamp" => {
                let a = self.bin(IBin::Fmax, v[0], v[1], g);
                self.bin(IBin::Fmin, a, v[2], g)
            }
            "degrees" => {
                let k = self.fconst(g, 180.0 / std::f64::consts::PI);
                self.bin(IBin::Fmul, v[0], k, g)
            }
            "radians" => {
                let k = self.fconst(g, std::f64::consts::PI / 180.0);
                self.bin(IBin::Fmul, v[0], k, g)
            }
            "mix" => {
                let d = self.bin(IBin::Fsub, v[1], v[0], g);
                let m = self.bin(IBin::Fmul, d, v[2], g);
                self.bin(IBin::Fadd, v[0], m, g)
            }
            "step" => {
                let c = self.fcmp(FloatCC::Olt, v[1], v[0], g);
                let z = self.fconst(g, 0.0);
                let one = self.fconst(g, 1.0);
                self.select_v(c, z, one, g)
            }
            "smoothstep" => {
                let num = self.bin(IBin::Fsub, v[2], v[0], g);
                let den = self.bin(IBin::Fsub, v[1], v[0], g);
                let q = self.bin(IBin::Fdiv, num, den, g);
                let z = self.fconst(g, 0.0);
                let one = self.fconst(g, 1.0);
                let a = self.bin(IBin::Fmax, q, z, g);
                let t = self.bin(IBin::Fmin, a, one, g);
                let two = self.fconst(g, 2.0);
                let three = self.fconst(g, 3.0);
                let tt = self.bin(IBin::Fmul, t, t, g);
                let t2 = self.bin(IBin::Fmul, two, t, g);
                let s = self.bin(IBin::Fsub, three, t2, g);
                self.bin(IBin::Fmul, tt, s, g)
            }
            _ => {
                // sign: 1.0, -1.0, the zero itself, or 0.0 for NaN.
                let z = self.fconst(g, 0.0);
                let one = self.fconst(g, 1.0);
                let mone = self.fconst(g, -1.0);
                let gt = self.fcmp(FloatCC::Ogt, v[0], z, g);
                let a = self.select_v(gt, one, v[0], g);
                let lt = self.fcmp(FloatCC::Olt, v[0], z, g);
                let b = self.select_v(lt, mone, a, g);
                let nan = self.fcmp(FloatCC::Uno, v[0], v[0], g);
                self.select_v(nan, z, b, g)
            }
        };
        Some((r, g))
    }

    fn int_fn(&mut self, name: &str, n: &str, args: &[Arg], span: Span) -> Option<(Value, Ty)> {
        let want = match n {
            "abs" | "clz" | "popcount" => 1,
            "mad_hi" | "mad_sat" | "mad24" => 3,
            _ => 2,
        };
        if !self.arity(name, args, want, span, candidates(name)) {
            return None;
        }
        if n == "upsample" {
            return self.upsample(name, args, span);
        }
        let (v, g, p) = self.int_args(name, args, span)?;
        let s = p.is_signed();
        let (_, lanes) = self.t.elem_lanes(g)?;
        let ug = self.t.vector(p.to_unsigned(), lanes);
        let r = match n {
            "abs" => {
                let r = if s { self.un(IUn::Iabs, v[0], g) } else { v[0] };
                return Some((r, ug));
            }
            "abs_diff" => {
                let (mx, mn) = if s {
                    (IBin::Smax, IBin::Smin)
                } else {
                    (IBin::Umax, IBin::Umin)
                };
                let a = self.bin(mx, v[0], v[1], g);
                let b = self.bin(mn, v[0], v[1], g);
                return Some((self.bin(IBin::Isub, a, b, g), ug));
            }
            "add_sat" => self.bin(if s { IBin::SaddSat } else { IBin::UaddSat }, v[0], v[1], g),
            "sub_sat" => self.bin(if s { IBin::SsubSat } else { IBin::UsubSat }, v[0], v[1], g),
            "hadd" | "rhadd" => {
                let one = self.iconst(g, 1);
                let sh = if s { IBin::Ashr } else { IBin::Lshr };
                let a = self.bin(sh, v[0], one, g);
                let b = self.bin(sh, v[1], one, g);
                let sum = self.bin(IBin::Iadd, a, b, g);
                let low = if n == "hadd" {
                    self.bin(IBin::And, v[0], v[1], g)
                } else {
                    self.bin(IBin::Or, v[0], v[1], g)
                };
                let bit = self.bin(IBin::And, low, one, g);
                self.bin(IBin::Iadd, sum, bit, g)
            }
            "clz" => self.un(IUn::Clz, v[0], g),
            "popcount" => self.un(IUn::Popcount, v[0], g),
            "mul_hi" => self.bin(if s { IBin::SmulHi } else { IBin::UmulHi }, v[0], v[1], g),
            "mad_hi" => {
                let h = self.bin(if s { IBin::SmulHi } else { IBin::UmulHi }, v[0], v[1], g);
                self.bin(IBin::Iadd, h, v[2], g)
            }
            "rotate" => self.bin(IBin::Rotl, v[0], v[1], g),
            "mad24" => {
                let m = self.bin(IBin::Imul, v[0], v[1], g);
                self.bin(IBin::Iadd, m, v[2], g)
            }
            "mul24" => self.bin(IBin::Imul, v[0], v[1], g),
            _ => {
                // mad_sat: exact in twice the width, then clamped.
                if p.bits() >= 64 {
                    return Some((self.mad_sat64(v[0], v[1], v[2], g, s), g));
                }
                let wp = Prim::int_of(p.bits() * 2, s);
                let wg = self.t.vector(wp, lanes);
                let a = self.conv(v[0], g, wg);
                let b = self.conv(v[1], g, wg);
                let c = self.conv(v[2], g, wg);
                let m = self.bin(IBin::Imul, a, b, wg);
                let r = self.bin(if s { IBin::SaddSat } else { IBin::UaddSat }, m, c, wg);
                return Some((self.int_saturate(r, wp, p, wg, g), g));
            }
        };
        Some((r, g))
    }

    /// 64-bit `mad_sat`: a * b + c exact in 128 bits as two words (the high word from
    /// `mul_hi`, the carry of the low addition), then clamped.
    fn mad_sat64(&mut self, a: Value, b: Value, c: Value, g: Ty, signed: bool) -> Value {
        let hi = self.bin(if signed { IBin::SmulHi } else { IBin::UmulHi }, a, b, g);
        let lo = self.bin(IBin::Imul, a, b, g);
        let sum = self.bin(IBin::Iadd, lo, c, g);
        let carry = self.icmp(IntCC::Ult, sum, lo, g);
        let one = self.iconst(g, 1);
        let zero = self.iconst(g, 0);
        let carry = self.select_v(carry, one, zero, g);
        let (min, max) = if signed {
            (i64::MIN as i128, i64::MAX as i128)
        } else {
            (0, u64::MAX as i128)
        };
        let (kmin, kmax) = (self.iconst(g, min), self.iconst(g, max));
        if !signed {
            // Fits when the high word is 0 and the addition did not carry.
            let h = self.bin(IBin::Or, hi, carry, g);
            let over = self.icmp(IntCC::Ne, h, zero, g);
            return self.select_v(over, kmax, sum, g);
        }
        // The 128-bit sum's high word: hi + (c < 0 ? -1 : 0) + carry.
        let k63 = self.iconst(g, 63);
        let csign = self.bin(IBin::Ashr, c, k63, g);
        let h = self.bin(IBin::Iadd, hi, csign, g);
        let h = self.bin(IBin::Iadd, h, carry, g);
        // It fits in 64 bits when the high word is the low word's sign.
        let lsign = self.bin(IBin::Ashr, sum, k63, g);
        let fits = self.icmp(IntCC::Eq, h, lsign, g);
        let neg = self.icmp(IntCC::Slt, h, zero, g);
        let clamped = self.select_v(neg, kmin, kmax, g);
        self.select_v(fits, sum, clamped, g)
    }

    /// Clamp an integer value of type `from` (C type `ft`) to the range of `to`, then
    /// convert it to `tt`.
    fn int_saturate(&mut self, v: Value, from: Prim, to: Prim, ft: Ty, tt: Ty) -> Value {
        let (flo, fhi) = from.int_range();
        let (tlo, thi) = to.int_range();
        let s = from.is_signed();
        let mut v = v;
        if tlo > flo {
            let k = self.iconst(ft, tlo);
            v = self.bin(if s { IBin::Smax } else { IBin::Umax }, v, k, ft);
        }
        if thi < fhi {
            let k = self.iconst(ft, thi);
            v = self.bin(if s { IBin::Smin } else { IBin::Umin }, v, k, ft);
        }
        self.conv(v, ft, tt)
    }

    fn upsample(&mut self, name: &str, args: &[Arg], span: Span) -> Option<(Value, Ty)> {
        let (hi, lo) = (args[0], args[1]);
        let cands = "charn hi, ucharn lo; ucharn, ucharn; shortn, ushortn; ...; uintn, uintn";
        let (Some((hp, hn)), Some((lp, ln))) = (self.t.elem_lanes(hi.t), self.t.elem_lanes(lo.t))
        else {
            self.bad_args(name, args, span, cands);
            return None;
        };
        if hp.is_float()
            || lp.is_float()
            || hp.bits() != lp.bits()
            || hn != ln
            || lp.is_signed()
            || hp.bits() > 32
            || hp == Prim::Bool
        {
            self.bad_args(name, args, span, cands);
            return None;
        }
        let wp = Prim::int_of(hp.bits() * 2, hp.is_signed());
        let wt = self.t.vector(wp, hn);
        let uw = self.t.vector(wp.to_unsigned(), hn);
        let h = self.conv(hi.v, hi.t, uw);
        let l = self.conv(lo.v, lo.t, uw);
        let k = self.iconst(uw, hp.bits() as i128);
        let hs = self.bin(IBin::Shl, h, k, uw);
        let r = self.bin(IBin::Or, hs, l, uw);
        Some((r, wt))
    }

    fn relational(
        &mut self,
        name: &str,
        cc: Option<FloatCC>,
        n: &str,
        args: &[Arg],
        span: Span,
    ) -> Option<(Value, Ty)> {
        let want = if cc.is_some() { 2 } else { 1 };
        if !self.arity(name, args, want, span, candidates(name)) {
            return None;
        }
        let (v, g) = self.float_args(name, args, span)?;
        let m = match cc {
            Some(cc) => self.fcmp(cc, v[0], v[1], g),
            None => match n {
                "isnan" => self.fcmp(FloatCC::Uno, v[0], v[0], g),
                "isnormal" => {
                    let a = self.un(IUn::Fabs, v[0], g);
                    let (p, _) = self.t.elem_lanes(g)?;
                    let min = if p == Prim::Double {
                        f64::MIN_POSITIVE
                    } else {
                        f32::MIN_POSITIVE as f64
                    };
                    let lo = self.fconst(g, min);
                    let inf = self.fconst(g, f64::INFINITY);
                    let c1 = self.fcmp(FloatCC::Oge, a, lo, g);
                    let c2 = self.fcmp(FloatCC::Olt, a, inf, g);
                    let bt = self.vty(g).with_elem(kauai_ir::Scalar::I1);
                    self.ins(InstKind::Binary(IBin::And, c1, c2), bt)
                }
                "isinf" | "isfinite" => {
                    let a = self.un(IUn::Fabs, v[0], g);
                    let inf = self.fconst(g, f64::INFINITY);
                    let c = if n == "isinf" {
                        FloatCC::Oeq
                    } else {
                        FloatCC::Olt
                    };
                    self.fcmp(c, a, inf, g)
                }
                _ => {
                    // signbit
                    let (p, lanes) = self.t.elem_lanes(g)?;
                    let it = self.t.vector(Prim::int_of(p.bits(), true), lanes);
                    let vt = self.vty(it);
                    let b = self.ins_conv(ConvOp::Bitcast, v[0], Rounding::Default, vt);
                    let z = self.zero(it);
                    self.icmp(IntCC::Slt, b, z, it)
                }
            },
        };
        Some(self.bool_to_int(m, g))
    }

    fn convert_fn(
        &mut self,
        name: &str,
        p: Prim,
        n: u32,
        sat: bool,
        rounding: Rounding,
        a: Arg,
        span: Span,
    ) -> Option<(Value, Ty)> {
        let to = self.t.vector(p, n);
        if p == Prim::Double {
            self.need_fp64_at(span);
        }
        if (p == Prim::Half || self.is_half(a.t))
            && !self.need_fp16(
                span,
                "conversions of half values",
                &format!("`{name}` needs cl_khr_fp16"),
            )
        {
            return None;
        }
        let Some((fp, fnl)) = self.t.elem_lanes(a.t).filter(|(q, _)| *q != Prim::Bool) else {
            self.bad_args(
                name,
                &[a],
                span,
                &format!("a scalar or vector of {n} lane(s)"),
            );
            return None;
        };
        if fnl != n {
            self.err(
                span,
                format!(
                    "`{name}` converts {n}-lane values, the operand `{}` has {fnl}",
                    self.tyname(a.t)
                ),
                "",
            );
            return None;
        }
        if sat && p.is_float() {
            self.err(
                span,
                format!("`{name}`: _sat is not allowed for floating-point destinations"),
                "",
            );
            return None;
        }
        let vt = self.vty(to);
        let mk = |l: &mut Self, op: ConvOp, rounding: Rounding, saturate: bool| -> Value {
            l.ins(
                InstKind::Convert {
                    op,
                    arg: a.v,
                    rounding,
                    saturate,
                },
                vt,
            )
        };
        let v = match (fp.is_float(), p.is_float()) {
            (false, false) => {
                if sat {
                    self.int_saturate(a.v, fp, p, a.t, to)
                } else {
                    self.conv(a.v, a.t, to)
                }
            }
            (false, true) => mk(
                self,
                if fp.is_signed() {
                    ConvOp::SiToFp
                } else {
                    ConvOp::UiToFp
                },
                rounding,
                false,
            ),
            (true, false) => mk(
                self,
                if p.is_signed() {
                    ConvOp::FpToSi
                } else {
                    ConvOp::FpToUi
                },
                rounding,
                sat,
            ),
            (true, true) => {
                if fp == p {
                    a.v
                } else {
                    mk(
                        self,
                        if p.bits() > fp.bits() {
                            ConvOp::FpExt
                        } else {
                            ConvOp::FpTrunc
                        },
                        rounding,
                        false,
                    )
                }
            }
        };
        Some((v, to))
    }

    fn atomic(
        &mut self,
        name: &str,
        op: Option<AtomicOp>,
        n: &str,
        args: &[Arg],
        span: Span,
    ) -> Option<(Value, Ty)> {
        let want = match n {
            "inc" | "dec" => 1,
            "cmpxchg" => 3,
            _ => 2,
        };
        let cands = "volatile __global int *p, ... or __local; int or uint";
        if !self.arity(name, args, want, span, cands) {
            return None;
        }
        let p = args[0];
        if self.t.is_counter(p.t) {
            return self.counter_atomic(name, op, n, args, span);
        }
        let Some(pt) = self.t.as_ptr(p.t) else {
            self.bad_args(name, args, span, cands);
            return None;
        };
        let ep = self.t.as_prim(pt.pointee);
        let ok_ty = match ep {
            Some(Prim::Int | Prim::UInt) => true,
            Some(Prim::Float) => n == "xchg",
            Some(Prim::Long | Prim::ULong) => {
                if !(self.opts.int64_atomics && name.starts_with("atom_")) {
                    self.err(
                        span,
                        format!(
                            "64-bit atomics ({name}) need the cl_khr_int64_base_atomics extension"
                        ),
                        "use atom_* on a device that has it",
                    );
                    return None;
                }
                true
            }
            _ => false,
        };
        if !ok_ty
            || !matches!(
                pt.space,
                kauai_ir::AddrSpace::Global | kauai_ir::AddrSpace::Local
            )
        {
            self.bad_args(name, args, span, cands);
            return None;
        }
        if pt.is_const {
            self.err(p.sp, format!("`{name}` on a pointer to const"), "");
            return None;
        }
        let ep = ep?;
        let et = pt.pointee;
        let mut vals = Vec::new();
        for a in &args[1..] {
            vals.push(self.implicit(a.v, a.t, et, a.sp, &format!("for `{name}`"))?);
        }
        let vt = self.vty(et);
        let v = match op {
            None => self.ins(
                InstKind::CmpXchg {
                    ptr: p.v,
                    expected: vals[0],
                    new: vals[1],
                    ordering: Ordering::SeqCst,
                },
                vt,
            ),
            Some(mut op) => {
                let value = if matches!(n, "inc" | "dec") {
                    self.iconst(et, 1)
                } else {
                    vals[0]
                };
                if !ep.is_signed() {
                    op = match op {
                        AtomicOp::Smin => AtomicOp::Umin,
                        AtomicOp::Smax => AtomicOp::Umax,
                        o => o,
                    };
                }
                self.ins(
                    InstKind::AtomicRmw {
                        op,
                        ptr: p.v,
                        value,
                        ordering: Ordering::SeqCst,
                    },
                    vt,
                )
            }
        };
        Some((v, et))
    }

    /// `atomic_inc`/`atomic_dec` of a `counter32_t` (`cl_ext_atomic_counters_32`): an
    /// atomic add or subtract of 1 on the counter's 32-bit value, returning the old
    /// value as a `uint`. The extension defines no other function on counters (and no
    /// `atom_` spelling).
    fn counter_atomic(
        &mut self,
        name: &str,
        op: Option<AtomicOp>,
        n: &str,
        args: &[Arg],
        span: Span,
    ) -> Option<(Value, Ty)> {
        let op = match (name, op) {
            ("atomic_inc" | "atomic_dec", Some(op)) if matches!(n, "inc" | "dec") => op,
            _ => {
                let cands = "volatile __global int *p, ... or __local; int or uint (a counter32_t only with atomic_inc and atomic_dec)";
                self.bad_args(name, args, span, cands);
                return None;
            }
        };
        let ut = self.t.prim(Prim::UInt);
        let one = self.iconst(ut, 1);
        let v = self.ins(
            InstKind::AtomicRmw {
                op,
                ptr: args[0].v,
                value: one,
                ordering: Ordering::SeqCst,
            },
            Type::I32,
        );
        Some((v, ut))
    }

    /// `rootn` of a subnormal `|x|` (`ax`) loses the Newton step that corrects the
    /// rounded `1/n` (94 ulp in double, kauai-runtime's sweep), so `|x|` is first scaled
    /// into the normal range by `2^e`, `e = |n| s` with `s = ceil(B / |n|)` (B = 54 in
    /// double, 25 in float: enough for the smallest subnormal), and `rootn(x 2^e) =
    /// rootn(x) 2^(e/n)`. Returns the operand to root and the exact power of two the
    /// root is multiplied by afterwards (`2^(-e/n)`, 1 where nothing was scaled). Roots
    /// with `|n|` above the largest `e` (1022, 126) are not scaled: their error from the
    /// rounded `1/n` is at most `|ln x| / |n|` ulp, under 1.
    fn rootn_scale_subnormal(
        &mut self,
        ax: Value,
        k: Value,
        g: Ty,
        it: Ty,
    ) -> Option<(Value, Value)> {
        let (ep, lanes) = self.t.elem_lanes(g)?;
        let (bits, max_e, bias, mant, ip) = if ep == Prim::Double {
            (54, 1022, 1023, 52, Prim::Long)
        } else {
            (25, 126, 127, 23, Prim::Int)
        };
        let wt = self.t.vector(ip, lanes);
        let bt = self.vty(g).with_elem(kauai_ir::Scalar::I1);
        let izero = self.zero(it);
        let neg_k = self.icmp(IntCC::Slt, k, izero, it);
        let minus_k = self.un(IUn::Ineg, k, it);
        let an = self.select_v(neg_k, minus_k, k, it);
        let ione = self.iconst(it, 1);
        let positive = self.icmp(IntCC::Sgt, an, izero, it);
        let max = self.iconst(it, max_e);
        let fits = self.icmp(IntCC::Sle, an, max, it);
        let min_normal = if ep == Prim::Double {
            f64::MIN_POSITIVE
        } else {
            f32::MIN_POSITIVE as f64
        };
        let mn = self.fconst(g, min_normal);
        let tiny = self.fcmp(FloatCC::Olt, ax, mn, g);
        let fzero = self.fconst(g, 0.0);
        let nonzero = self.fcmp(FloatCC::One, ax, fzero, g);
        let scale = self.ins(InstKind::Binary(IBin::And, positive, fits), bt);
        let scale = self.ins(InstKind::Binary(IBin::And, scale, tiny), bt);
        let scale = self.ins(InstKind::Binary(IBin::And, scale, nonzero), bt);
        // s = ceil(B / |n|), with |n| kept at 1 or more where nothing is scaled.
        let safe_n = self.select_v(positive, an, ione, it);
        let b = self.iconst(it, bits - 1);
        let num = self.bin(IBin::Iadd, safe_n, b, it);
        let sc = self.bin(IBin::Sdiv, num, safe_n, it);
        let e = self.bin(IBin::Imul, sc, safe_n, it);
        let e = self.select_v(scale, e, izero, it);
        // e / n: s for positive n, -s for negative n; 0 where nothing is scaled.
        let minus_s = self.un(IUn::Ineg, sc, it);
        let sn = self.select_v(neg_k, minus_s, sc, it);
        let back = self.un(IUn::Ineg, sn, it);
        let back = self.select_v(scale, back, izero, it);
        let pow2 = |l: &mut Self, x: Value| {
            let w = l.conv(x, it, wt);
            let bias = l.iconst(wt, bias);
            let w = l.bin(IBin::Iadd, w, bias, wt);
            let m = l.iconst(wt, mant);
            let w = l.bin(IBin::Shl, w, m, wt);
            let vt = l.vty(g);
            l.ins_conv(ConvOp::Bitcast, w, Rounding::Default, vt)
        };
        let up = pow2(self, e);
        let down = pow2(self, back);
        let scaled = self.bin(IBin::Fmul, ax, up, g);
        Some((scaled, down))
    }

    fn geometric(&mut self, name: &str, n: &str, args: &[Arg], span: Span) -> Option<(Value, Ty)> {
        let want = match n {
            "dot" | "distance" | "fast_distance" | "cross" => 2,
            _ => 1,
        };
        let cands = "floatn (n = 1, 2, 3, 4) or doublen";
        if !self.arity(name, args, want, span, cands) {
            return None;
        }
        let (v, g) = self.float_args(name, args, span)?;
        let (p, lanes) = self.t.elem_lanes(g)?;
        if lanes > 4 {
            self.bad_args(name, args, span, cands);
            return None;
        }
        let st = self.t.prim(p);
        let et = Type::Scalar(p.scalar());
        let dot = |l: &mut Self, a: Value, b: Value| -> Value {
            let m = l.bin(IBin::Fmul, a, b, g);
            if lanes == 1 {
                return m;
            }
            let mut acc = l.ins(InstKind::Extract(m, 0), et);
            for i in 1..lanes {
                let x = l.ins(InstKind::Extract(m, i), et);
                acc = l.bin(IBin::Fadd, acc, x, st);
            }
            acc
        };
        match n {
            "dot" => Some((dot(self, v[0], v[1]), st)),
            "length" | "fast_length" => {
                let d = dot(self, v[0], v[0]);
                Some((self.un(IUn::Sqrt, d, st), st))
            }
            "distance" | "fast_distance" => {
                let d = self.bin(IBin::Fsub, v[0], v[1], g);
                let s = dot(self, d, d);
                Some((self.un(IUn::Sqrt, s, st), st))
            }
            "normalize" | "fast_normalize" => {
                let d = dot(self, v[0], v[0]);
                let r = self.ins(InstKind::Math(MathFn::Rsqrt, vec![d]), et);
                let rv = if lanes == 1 {
                    r
                } else {
                    self.ins(InstKind::Splat(r), self.vty(g))
                };
                Some((self.bin(IBin::Fmul, v[0], rv, g), g))
            }
            _ => {
                // cross(a, b) for 3- and 4-lane vectors (w = 0).
                if lanes != 3 && lanes != 4 {
                    self.bad_args(name, args, span, "float3, float3 or float4, float4");
                    return None;
                }
                let vt = self.vty(g);
                let (a, b) = (v[0], v[1]);
                let m1a: Vec<u32> = if lanes == 3 {
                    vec![1, 2, 0]
                } else {
                    vec![1, 2, 0, 3]
                };
                let m2a: Vec<u32> = if lanes == 3 {
                    vec![2, 0, 1]
                } else {
                    vec![2, 0, 1, 3]
                };
                let a1 = self.ins(InstKind::Shuffle(a, a, m1a.clone()), vt);
                let b2 = self.ins(InstKind::Shuffle(b, b, m2a.clone()), vt);
                let a2 = self.ins(InstKind::Shuffle(a, a, m2a), vt);
                let b1 = self.ins(InstKind::Shuffle(b, b, m1a), vt);
                let x = self.bin(IBin::Fmul, a1, b2, g);
                let y = self.bin(IBin::Fmul, a2, b1, g);
                let mut r = self.bin(IBin::Fsub, x, y, g);
                if lanes == 4 {
                    let z = self.ins(InstKind::Const(Const::Zero), et);
                    r = self.ins(InstKind::Insert(r, z, 3), vt);
                }
                Some((r, g))
            }
        }
    }
}

impl Lowerer<'_> {
    /// The `half *` argument of a half load or store and the address of element
    /// `offset * n` (`n` is 4 for the aligned 3-vectors), as an `i16` pointer.
    fn half_addr(&mut self, off: Arg, p: Arg, n: u32) -> Option<Value> {
        let pt = self.t.as_ptr(p.t)?;
        let (addr, _) = self.vec_addr(off, p.v, pt, n)?;
        Some(addr)
    }

    fn is_half_ptr(&self, t: Ty) -> Option<crate::sema::types::PtrTo> {
        self.t
            .as_ptr(t)
            .filter(|pt| self.t.as_prim(pt.pointee) == Some(Prim::Half))
    }

    /// `vload_halfN(offset, p)`: N halves read as 16-bit integers, reinterpreted and
    /// widened to float (exact).
    fn vload_half(
        &mut self,
        name: &str,
        n: u32,
        aligned: bool,
        args: &[Arg],
        span: Span,
    ) -> Option<(Value, Ty)> {
        let cands = "size_t offset, const __space half *p";
        if !self.arity(name, args, 2, span, cands) {
            return None;
        }
        let Some(pt) = self.is_half_ptr(args[1].t) else {
            self.bad_args(name, args, span, cands);
            return None;
        };
        let step = if aligned && n == 3 { 4 } else { n };
        let addr = self.half_addr(args[0], args[1], step)?;
        let ft = self.t.vector(Prim::Float, n);
        let vt = self.vty(ft);
        let align = if aligned { 2 * step } else { 2 };
        let bits = self.ins(
            InstKind::Load {
                ptr: addr,
                align,
                volatile: pt.is_volatile,
            },
            vt.with_elem(kauai_ir::Scalar::I16),
        );
        let h = self.ins_conv(
            ConvOp::Bitcast,
            bits,
            Rounding::Default,
            vt.with_elem(kauai_ir::Scalar::F16),
        );
        let v = self.ins_conv(ConvOp::FpExt, h, Rounding::Default, vt);
        Some((v, ft))
    }

    /// `vstore_halfN_R(data, offset, p)`: float or double data rounded once to half in
    /// mode `mode`. A double goes through float rounded to odd (toward zero, then the
    /// last bit set when inexact): with 13 more bits than half, that float rounds to
    /// the same half as the double in every mode, so only float-to-half conversions
    /// with a rounding mode are needed on every device.
    #[allow(clippy::too_many_arguments)]
    fn vstore_half(
        &mut self,
        name: &str,
        n: u32,
        aligned: bool,
        mode: Rounding,
        args: &[Arg],
        span: Span,
    ) -> Option<(Value, Ty)> {
        let cands = if n == 1 {
            "float or double data, size_t offset, __space half *p".to_string()
        } else {
            format!("float{n} or double{n} data, size_t offset, __space half *p")
        };
        if !self.arity(name, args, 3, span, &cands) {
            return None;
        }
        let (data, off, p) = (args[0], args[1], args[2]);
        let pt = self.is_half_ptr(p.t);
        let dp = self.t.elem_lanes(data.t);
        let ok_data = match dp {
            Some((Prim::Float | Prim::Double, l)) => l == n,
            // A scalar of another arithmetic type converts to float (clang accepts it
            // for the scalar form).
            Some((q, 1)) => n == 1 && q != Prim::Half && q != Prim::Bool,
            _ => false,
        };
        let Some(pt) = pt.filter(|_| ok_data) else {
            self.bad_args(name, args, span, &cands);
            return None;
        };
        if pt.is_const || pt.space == kauai_ir::AddrSpace::Constant {
            self.err(
                p.sp,
                format!("`{name}` stores through a pointer to const"),
                "",
            );
            return None;
        }
        let ft = self.t.vector(Prim::Float, n);
        let fvt = self.vty(ft);
        let x = match dp {
            Some((Prim::Double, _)) => {
                let dt = data.t;
                let y = self.ins_conv(ConvOp::FpTrunc, data.v, Rounding::Rtz, fvt);
                let back = self.conv(y, ft, dt);
                let inexact = self.fcmp(FloatCC::Une, back, data.v, dt);
                let ut = self.t.vector(Prim::UInt, n);
                let uvt = self.vty(ut);
                let yb = self.ins_conv(ConvOp::Bitcast, y, Rounding::Default, uvt);
                let one = self.iconst(ut, 1);
                let zero = self.iconst(ut, 0);
                let sticky = self.select_v(inexact, one, zero, ut);
                let odd = self.bin(IBin::Or, yb, sticky, ut);
                self.ins_conv(ConvOp::Bitcast, odd, Rounding::Default, fvt)
            }
            _ => self.conv(data.v, data.t, ft),
        };
        let h = self.ins_conv(
            ConvOp::FpTrunc,
            x,
            mode,
            fvt.with_elem(kauai_ir::Scalar::F16),
        );
        let bits = self.ins_conv(
            ConvOp::Bitcast,
            h,
            Rounding::Default,
            fvt.with_elem(kauai_ir::Scalar::I16),
        );
        let step = if aligned && n == 3 { 4 } else { n };
        let addr = self.half_addr(off, p, step)?;
        self.ins_void(InstKind::Store {
            ptr: addr,
            value: bits,
            align: if aligned { 2 * step } else { 2 },
            volatile: pt.is_volatile,
        });
        Some((data.v, crate::sema::types::T_VOID))
    }

    /// `name(dim)` of the work-item functions (`get_local_id`, ...), of size type.
    fn work_item_query(&mut self, name: &str, dim: u32) -> Value {
        let st = self.m.data_layout.size_type();
        let f = self.declare_fn(
            &mangle(name, &[MType::Scalar(kauai_ir::ClScalar::UInt)]),
            &[Type::I32],
            st,
        );
        let d = self.ins(
            InstKind::Const(Const::Scalar(kauai_ir::ConstScalar::Int(dim as u64))),
            Type::I32,
        );
        self.ins(InstKind::Call(f, vec![d]), st)
    }

    /// The work-item's linear id in its group and the group's size.
    fn local_linear_id_and_size(&mut self) -> (Value, Value) {
        let st = self.m.data_layout.size_type();
        let (mut id, mut size) = (None::<Value>, None::<Value>);
        for dim in 0..3 {
            let l = self.work_item_query("get_local_id", dim);
            let n = self.work_item_query("get_local_size", dim);
            id = Some(match (id, size) {
                (Some(i), Some(s)) => {
                    let t = self.ins(InstKind::Binary(IBin::Imul, l, s), st);
                    self.ins(InstKind::Binary(IBin::Iadd, i, t), st)
                }
                _ => l,
            });
            size = Some(match size {
                Some(s) => self.ins(InstKind::Binary(IBin::Imul, s, n), st),
                None => n,
            });
        }
        (
            id.expect("three dimensions"),
            size.expect("three dimensions"),
        )
    }

    /// The asynchronous copies between global and local memory, per work-group as
    /// ComputeMux's DMA builtins are: the work-items of the group share the copy (item
    /// `lid` copies elements `lid, lid + local size, ...`) and `wait_group_events` is a
    /// barrier over local and global memory, after which the whole copy is visible to
    /// every work-item of the group. A copy made without an event returns its copy
    /// site's number (from 1) as its event, one made with an event returns that event:
    /// the events only tell the async check which copies a wait names.
    fn async_copy(&mut self, name: &str, n: &str, args: &[Arg], span: Span) -> Option<(Value, Ty)> {
        let event = self.t.intern(TyKind::Opaque(crate::ast::OpaqueType::Event));
        let void = crate::sema::types::T_VOID;
        match n {
            "wait_group_events" => {
                if !self.arity(name, args, 2, span, "int num_events, event_t *event_list") {
                    return None;
                }
                let ok = self.t.is_integer(args[0].t)
                    && self.t.as_ptr(args[1].t).is_some_and(|p| p.pointee == event);
                if !ok {
                    self.bad_args(name, args, span, "int num_events, event_t *event_list");
                    return None;
                }
                let marker = vec![
                    self.marker_i64(args[0].v, args[0].t, false),
                    self.marker_i64(args[1].v, args[1].t, true),
                    self.ins(
                        InstKind::Const(Const::Scalar(kauai_ir::ConstScalar::Int(4))),
                        Type::I64,
                    ),
                ];
                self.async_marker(kauai_ir::builtins::CheckBuiltin::AsyncWait, marker);
                // CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE: the copies go both ways.
                let flags = self.ins(
                    InstKind::Const(Const::Scalar(kauai_ir::ConstScalar::Int(3))),
                    Type::I32,
                );
                let f = self.declare_fn(
                    &mangle("barrier", &[MType::Scalar(kauai_ir::ClScalar::UInt)]),
                    &[Type::I32],
                    Type::Void,
                );
                self.ins_void(InstKind::Call(f, vec![flags]));
                Some((args[0].v, void))
            }
            "prefetch" => {
                if !self.arity(
                    name,
                    args,
                    2,
                    span,
                    "const __global gentype *p, size_t num_elements",
                ) {
                    return None;
                }
                let ok = self
                    .t
                    .as_ptr(args[0].t)
                    .is_some_and(|p| p.space == kauai_ir::AddrSpace::Global)
                    && self.t.is_integer(args[1].t);
                if !ok {
                    self.bad_args(
                        name,
                        args,
                        span,
                        "const __global gentype *p, size_t num_elements",
                    );
                    return None;
                }
                Some((args[1].v, void))
            }
            _ => {
                let strided = n == "async_work_group_strided_copy";
                let cands = if strided {
                    "__local gentype *dst, const __global gentype *src, size_t num_elements, size_t stride, event_t event (or __global dst, __local src)"
                } else {
                    "__local gentype *dst, const __global gentype *src, size_t num_elements, event_t event (or __global dst, __local src)"
                };
                if !self.arity(name, args, if strided { 5 } else { 4 }, span, cands) {
                    return None;
                }
                let (dst, src) = (args[0], args[1]);
                let (Some(dp), Some(sp)) = (self.t.as_ptr(dst.t), self.t.as_ptr(src.t)) else {
                    self.bad_args(name, args, span, cands);
                    return None;
                };
                use kauai_ir::AddrSpace::{Global, Local};
                let spaces_ok = matches!((dp.space, sp.space), (Local, Global) | (Global, Local));
                let elem_ok = dp.pointee == sp.pointee
                    && self.t.is_arith(dp.pointee)
                    && self.t.as_prim(dp.pointee) != Some(Prim::Bool);
                let ev = args[args.len() - 1];
                // The event argument may be `0` ("no event").
                let ev_ok = ev.t == event || self.is_null_const(ev.v, ev.t);
                if !spaces_ok || !elem_ok || dp.is_const || !ev_ok {
                    self.bad_args(name, args, span, cands);
                    return None;
                }
                let st = self.t.prim(self.size_prim());
                let num = self.implicit(
                    args[2].v,
                    args[2].t,
                    st,
                    args[2].sp,
                    "for the element count",
                )?;
                let stride = if strided {
                    Some(self.implicit(args[3].v, args[3].t, st, args[3].sp, "for the stride")?)
                } else {
                    None
                };
                // This copy's event: the one it was given, else its own number.
                self.async_copies += 1;
                let own = self.iconst(event, i128::from(self.async_copies));
                let ev_val = if ev.t == event {
                    let zero = self.iconst(event, 0);
                    let given = self.ins(InstKind::Icmp(IntCC::Ne, ev.v, zero), Type::I1);
                    self.ins(InstKind::Select(given, ev.v, own), Type::I32)
                } else {
                    own
                };
                // The checks follow each copy (the amdil target drops the marker).
                let stv = self.m.data_layout.size_type();
                let marker = vec![
                    self.marker_i64(dst.v, dst.t, true),
                    self.marker_i64(src.v, src.t, true),
                    self.marker_i64(num, st, false),
                    match stride {
                        Some(s) => self.marker_i64(s, st, false),
                        None => self.ins(
                            InstKind::Const(Const::Scalar(kauai_ir::ConstScalar::Int(1))),
                            Type::I64,
                        ),
                    },
                    self.marker_i64(ev_val, event, false),
                ];
                self.async_marker(kauai_ir::builtins::CheckBuiltin::AsyncCopy, marker);
                // for (i = lid; i < num; i += local size)
                //     dst[i (* stride)] = src[i (* stride)];
                let (lid, lsize) = self.local_linear_id_and_size();
                let head = self.new_block();
                let body = self.new_block();
                let exit = self.new_block();
                let i = self.fx.body.append_block_param(head, stv);
                self.jump(head, vec![lid]);
                self.start_block(head);
                let c = self.ins(InstKind::Icmp(IntCC::Ult, i, num), Type::I1);
                self.brif(c, body, exit);
                self.start_block(body);
                let far = match stride {
                    Some(s) => self.ins(InstKind::Binary(IBin::Imul, i, s), stv),
                    None => i,
                };
                let (di, si) = if dp.space == Global {
                    (far, i)
                } else {
                    (i, far)
                };
                let sa = self.ptr_offset(src.v, sp, si, st, false, span);
                let da = self.ptr_offset(dst.v, dp, di, st, false, span);
                let align = self.t.align_of(dp.pointee) as u32;
                let vt = self.vty(dp.pointee);
                let x = self.ins(
                    InstKind::Load {
                        ptr: sa,
                        align,
                        volatile: false,
                    },
                    vt,
                );
                self.ins_void(InstKind::Store {
                    ptr: da,
                    value: x,
                    align,
                    volatile: false,
                });
                let next = self.ins(InstKind::Binary(IBin::Iadd, i, lsize), stv);
                self.jump(head, vec![next]);
                self.start_block(exit);
                Some((ev_val, event))
            }
        }
    }

    /// `v` (a pointer, or an unsigned integer of type `t`) as the `i64` the async
    /// check's markers take.
    fn marker_i64(&mut self, v: Value, t: Ty, ptr: bool) -> Value {
        use kauai_ir::ConvOp;
        let op = if ptr {
            ConvOp::PtrToInt
        } else if self.vty(t) == Type::I64 {
            return v;
        } else {
            ConvOp::Zext
        };
        self.ins_conv(op, v, kauai_ir::Rounding::Default, Type::I64)
    }

    /// A call of the async check's marker `b` (see `CheckBuiltin`).
    fn async_marker(&mut self, b: kauai_ir::builtins::CheckBuiltin, args: Vec<Value>) {
        let sig = b.signature();
        let f = self.declare_fn(b.name(), &sig.params, sig.ret);
        self.ins_void(InstKind::Call(f, args));
    }

    /// The `intn` pointer argument of `lgamma_r`/`remquo`/... for the float gentype `g`,
    /// or a diagnostic.
    fn int_out_ptr(&mut self, name: &str, args: &[Arg], g: Ty, span: Span) -> Option<Ty> {
        let (_, lanes) = self.t.elem_lanes(g)?;
        let it = self.t.vector(Prim::Int, lanes);
        let p = args[args.len() - 1];
        let ok = self.t.as_ptr(p.t).is_some_and(|pt| {
            pt.pointee == it && !pt.is_const && pt.space != kauai_ir::AddrSpace::Constant
        });
        if !ok {
            let gn = self.tyname(g);
            let lead = ["x", "y"][..args.len() - 1]
                .iter()
                .map(|v| format!("{gn} {v}"))
                .collect::<Vec<_>>()
                .join(", ");
            self.bad_args(
                name,
                args,
                span,
                &format!("{lead}, __space {} *out", self.tyname(it)),
            );
            return None;
        }
        Some(it)
    }

    fn or_mask(&mut self, a: Value, b: Value, g: Ty) -> Value {
        let bt = self.vty(g).with_elem(kauai_ir::Scalar::I1);
        self.ins(InstKind::Binary(IBin::Or, a, b), bt)
    }

    fn and_mask(&mut self, a: Value, b: Value, g: Ty) -> Value {
        let bt = self.vty(g).with_elem(kauai_ir::Scalar::I1);
        self.ins(InstKind::Binary(IBin::And, a, b), bt)
    }

    /// `powr(x, y)`: `pow` for x >= 0, with powr's own special values (OpenCL 1.2
    /// 7.5.1): NaN for x < 0, for a NaN operand, for 0^0, inf^0 and 1^inf; -0 is +0.
    fn powr(&mut self, x: Value, y: Value, g: Ty) -> Value {
        let ax = self.un(IUn::Fabs, x, g);
        let vt = self.vty(g);
        let r = self.ins(InstKind::Math(MathFn::Pow, vec![ax, y]), vt);
        let zero = self.fconst(g, 0.0);
        let one = self.fconst(g, 1.0);
        let inf = self.fconst(g, f64::INFINITY);
        let nan_in = self.fcmp(FloatCC::Uno, x, y, g);
        let neg = self.fcmp(FloatCC::Olt, x, zero, g);
        let x0 = self.fcmp(FloatCC::Oeq, ax, zero, g);
        let xinf = self.fcmp(FloatCC::Oeq, ax, inf, g);
        let y0 = self.fcmp(FloatCC::Oeq, y, zero, g);
        let x1 = self.fcmp(FloatCC::Oeq, x, one, g);
        let ay = self.un(IUn::Fabs, y, g);
        let yinf = self.fcmp(FloatCC::Oeq, ay, inf, g);
        let edge = self.or_mask(x0, xinf, g);
        let c_zero = self.and_mask(edge, y0, g);
        let c_one = self.and_mask(x1, yinf, g);
        let c = self.or_mask(nan_in, neg, g);
        let c = self.or_mask(c, c_zero, g);
        let c = self.or_mask(c, c_one, g);
        let nan = self.fconst(g, f64::NAN);
        self.select_v(c, nan, r, g)
    }

    /// The sign of Γ(x) as `lgamma_r` gives it (C's `signgam`): -1 for -0 and for
    /// negative non-integers with an odd floor (Γ < 0 on (-1, 0), (-3, -2), ...), else 1.
    fn gamma_sign(&mut self, x: Value, g: Ty, it: Ty) -> Value {
        let zero = self.fconst(g, 0.0);
        let half = self.fconst(g, 0.5);
        let fl = self.un(IUn::Floor, x, g);
        let h = self.bin(IBin::Fmul, fl, half, g);
        let hf = self.un(IUn::Floor, h, g);
        let odd = self.fcmp(FloatCC::One, h, hf, g);
        let neg = self.fcmp(FloatCC::Olt, x, zero, g);
        let nonint = self.fcmp(FloatCC::One, x, fl, g);
        let a = self.and_mask(neg, nonint, g);
        let a = self.and_mask(a, odd, g);
        // -0: equal to zero with the sign bit set (copysign(1, x) < 0).
        let one = self.fconst(g, 1.0);
        let s = self.bin(IBin::Copysign, one, x, g);
        let sneg = self.fcmp(FloatCC::Olt, s, zero, g);
        let isz = self.fcmp(FloatCC::Oeq, x, zero, g);
        let b = self.and_mask(isz, sneg, g);
        let c = self.or_mask(a, b, g);
        let m1 = self.iconst(it, -1);
        let p1 = self.iconst(it, 1);
        self.select_v(c, m1, p1, it)
    }

    /// `remquo(x, y, &q)`: `remainder(x, y)`, and in q the low 7 bits of the integral
    /// quotient with the sign of x / y. The quotient's low bits come from
    /// t = fmod(|x|, 128 |y|) (exact, and t ≡ |x| modulo 128 |y|): t / |y| < 129 is
    /// rounded to the integer n2 = (t - remainder(t, |y|)) / |y|, whose parity (so
    /// the remainder's tie rule) is n's.
    fn remquo(&mut self, x: Value, y: Value, g: Ty, it: Ty) -> (Value, Value) {
        let vt = self.vty(g);
        let r = self.ins(InstKind::Math(MathFn::Remainder, vec![x, y]), vt);
        let ax = self.un(IUn::Fabs, x, g);
        let ay = self.un(IUn::Fabs, y, g);
        let k128 = self.fconst(g, 128.0);
        let big = self.bin(IBin::Fmul, ay, k128, g);
        let t = self.ins(InstKind::Math(MathFn::Fmod, vec![ax, big]), vt);
        let rt = self.ins(InstKind::Math(MathFn::Remainder, vec![t, ay]), vt);
        let d = self.bin(IBin::Fsub, t, rt, g);
        let q = self.bin(IBin::Fdiv, d, ay, g);
        let q = self.un(IUn::Rint, q, g);
        // NaN and infinite quotients (y = 0, x infinite) give 0, not whatever the
        // conversion makes of them.
        let fin = self.fcmp(FloatCC::Olt, q, k128, g);
        let zero = self.fconst(g, 0.0);
        let q = self.select_v(fin, q, zero, g);
        let qi = self.conv(q, g, it);
        let m = self.iconst(it, 127);
        let qi = self.bin(IBin::And, qi, m, it);
        // Negative when x and y differ in sign.
        let one = self.fconst(g, 1.0);
        let sx = self.bin(IBin::Copysign, one, x, g);
        let sxy = self.bin(IBin::Fmul, sx, y, g);
        let sy = self.bin(IBin::Copysign, one, sxy, g);
        let negq = self.fcmp(FloatCC::Olt, sy, zero, g);
        let nq = self.un(IUn::Ineg, qi, it);
        (r, self.select_v(negq, nq, qi, it))
    }

    fn extra(&mut self, name: &str, n: &str, args: &[Arg], span: Span) -> Option<(Value, Ty)> {
        match n {
            "powr" => {
                if !self.arity(name, args, 2, span, candidates(name)) {
                    return None;
                }
                let (v, g) = self.float_args(name, args, span)?;
                Some((self.powr(v[0], v[1], g), g))
            }
            "lgamma_r" | "remquo" => {
                let want = if n == "remquo" { 3 } else { 2 };
                if !self.arity(name, args, want, span, candidates(name)) {
                    return None;
                }
                let (v, g) = self.float_args(name, &args[..want - 1], span)?;
                let it = self.int_out_ptr(name, args, g, span)?;
                let (r, out) = if n == "remquo" {
                    self.remquo(v[0], v[1], g, it)
                } else {
                    let vt = self.vty(g);
                    let r = self.ins(InstKind::Math(MathFn::Lgamma, vec![v[0]]), vt);
                    (r, self.gamma_sign(v[0], g, it))
                };
                self.store_value(args[want - 1].v, out, it, false);
                Some((r, g))
            }
            "shuffle" | "shuffle2" => self.shuffle_fn(name, n == "shuffle2", args, span),
            "pown" => {
                if !self.arity(name, args, 2, span, "floatn x, intn y") {
                    return None;
                }
                let (v, g) = self.float_args(name, &args[..1], span)?;
                let (_, lanes) = self.t.elem_lanes(g)?;
                let it = self.t.vector(Prim::Int, lanes);
                let k = self.implicit(args[1].v, args[1].t, it, args[1].sp, "for the exponent")?;
                let kf = self.conv(k, it, g);
                let vt = self.vty(g);
                Some((self.ins(InstKind::Math(MathFn::Pow, vec![v[0], kf]), vt), g))
            }
            "maxmag" | "minmag" => {
                if !self.arity(name, args, 2, span, candidates(name)) {
                    return None;
                }
                let (v, g) = self.float_args(name, args, span)?;
                let ax = self.un(IUn::Fabs, v[0], g);
                let ay = self.un(IUn::Fabs, v[1], g);
                let (first, second, tie) = if n == "maxmag" {
                    (FloatCC::Ogt, FloatCC::Olt, IBin::Fmax)
                } else {
                    (FloatCC::Olt, FloatCC::Ogt, IBin::Fmin)
                };
                let t = self.bin(tie, v[0], v[1], g);
                let c2 = self.fcmp(second, ax, ay, g);
                let r = self.select_v(c2, v[1], t, g);
                let c1 = self.fcmp(first, ax, ay, g);
                Some((self.select_v(c1, v[0], r, g), g))
            }
            "sinpi" | "cospi" | "tanpi" => {
                if !self.arity(name, args, 1, span, candidates(name)) {
                    return None;
                }
                let (v, g) = self.float_args(name, args, span)?;
                let r = match n {
                    "sinpi" => self.sinpi(v[0], g),
                    "cospi" => self.cospi(v[0], g),
                    _ => {
                        let s = self.sinpi(v[0], g);
                        let c = self.cospi(v[0], g);
                        self.bin(IBin::Fdiv, s, c, g)
                    }
                };
                Some((r, g))
            }
            "frexp" | "ilogb" | "logb" => {
                let want = if n == "frexp" { 2 } else { 1 };
                if !self.arity(name, args, want, span, candidates(name)) {
                    return None;
                }
                let (v, g) = self.float_args(name, &args[..1], span)?;
                let (p, lanes) = self.t.elem_lanes(g)?;
                let it = self.t.vector(Prim::Int, lanes);
                let (m, e, ilogb) = self.decompose(v[0], g, p, lanes);
                match n {
                    "frexp" => {
                        let ok = self.t.as_ptr(args[1].t).is_some_and(|pt| {
                            pt.pointee == it
                                && !pt.is_const
                                && pt.space != kauai_ir::AddrSpace::Constant
                        });
                        if !ok {
                            self.bad_args(
                                name,
                                args,
                                span,
                                &format!("{} x, __space {} *exp", self.tyname(g), self.tyname(it)),
                            );
                            return None;
                        }
                        self.store_value(args[1].v, e, it, false);
                        Some((m, g))
                    }
                    "ilogb" => Some((ilogb, it)),
                    _ => {
                        // logb: the exponent as a float; 0 gives -inf, inf gives +inf,
                        // NaN stays NaN.
                        let f = self.conv(ilogb, it, g);
                        let ax = self.un(IUn::Fabs, v[0], g);
                        let zero = self.fconst(g, 0.0);
                        let inf = self.fconst(g, f64::INFINITY);
                        let ninf = self.fconst(g, f64::NEG_INFINITY);
                        let is_zero = self.fcmp(FloatCC::Oeq, ax, zero, g);
                        let finite = self.fcmp(FloatCC::Olt, ax, inf, g);
                        let r = self.select_v(finite, f, ax, g);
                        Some((self.select_v(is_zero, ninf, r, g), g))
                    }
                }
            }
            "rootn" => {
                if !self.arity(name, args, 2, span, "floatn x, intn y") {
                    return None;
                }
                let (v, g) = self.float_args(name, &args[..1], span)?;
                let (_, lanes) = self.t.elem_lanes(g)?;
                let it = self.t.vector(Prim::Int, lanes);
                let k = self.implicit(args[1].v, args[1].t, it, args[1].sp, "for the root")?;
                // |x|^(1/n) with the sign of x for odd n; NaN for n == 0 or x < 0 with
                // even n.
                let kf = self.conv(k, it, g);
                let one = self.fconst(g, 1.0);
                let inv = self.bin(IBin::Fdiv, one, kf, g);
                let ax = self.un(IUn::Fabs, v[0], g);
                let (ax, unscale) = self.rootn_scale_subnormal(ax, k, g, it)?;
                let vt = self.vty(g);
                let r = self.ins(InstKind::Math(MathFn::Pow, vec![ax, inv]), vt);
                // 1/n is rounded, which moves |x|^(1/n) by up to |ln x| ulp / n (105
                // ulp in double, found by kauai-runtime's math sweep): one Newton step,
                // r (1 - (r^n / |x| - 1) / n), kept where it is a small correction (not
                // at 0, infinities, or where r^n leaves the range).
                let p = self.ins(InstKind::Math(MathFn::Pow, vec![r, kf]), vt);
                let q = self.bin(IBin::Fdiv, p, ax, g);
                let q = self.bin(IBin::Fsub, q, one, g);
                let e = self.bin(IBin::Fdiv, q, kf, g);
                let re = self.bin(IBin::Fmul, r, e, g);
                let r2 = self.bin(IBin::Fsub, r, re, g);
                let are = self.un(IUn::Fabs, re, g);
                let tiny = self.fconst(g, 1.0 / 1048576.0);
                let lim = self.bin(IBin::Fmul, r, tiny, g);
                let small = self.fcmp(FloatCC::Olt, are, lim, g);
                // A subnormal |x| or r^n has too few bits to correct with.
                let min_normal = if self.t.elem_lanes(g)?.0 == Prim::Double {
                    f64::MIN_POSITIVE
                } else {
                    f32::MIN_POSITIVE as f64
                };
                let mn = self.fconst(g, min_normal);
                let xn = self.fcmp(FloatCC::Oge, ax, mn, g);
                let pn = self.fcmp(FloatCC::Oge, p, mn, g);
                let bt = self.vty(g).with_elem(kauai_ir::Scalar::I1);
                let ok = self.ins(InstKind::Binary(IBin::And, xn, pn), bt);
                let ok = self.ins(InstKind::Binary(IBin::And, ok, small), bt);
                let r = self.select_v(ok, r2, r, g);
                let r = self.bin(IBin::Fmul, r, unscale, g);
                let ione = self.iconst(it, 1);
                let odd_bits = self.bin(IBin::And, k, ione, it);
                let izero = self.zero(it);
                let odd = self.icmp(IntCC::Ne, odd_bits, izero, it);
                let signed = self.bin(IBin::Copysign, r, v[0], g);
                let r = self.select_v(odd, signed, r, g);
                let fzero = self.fconst(g, 0.0);
                let neg = self.fcmp(FloatCC::Olt, v[0], fzero, g);
                let even = self.icmp(IntCC::Eq, odd_bits, izero, it);
                let bt = self.vty(g).with_elem(kauai_ir::Scalar::I1);
                let bad_neg = self.ins(InstKind::Binary(IBin::And, neg, even), bt);
                let n_zero = self.icmp(IntCC::Eq, k, izero, it);
                let bad = self.ins(InstKind::Binary(IBin::Or, bad_neg, n_zero), bt);
                let nan = self.fconst(g, f64::NAN);
                Some((self.select_v(bad, nan, r, g), g))
            }
            "asinpi" | "acospi" | "atanpi" | "atan2pi" => {
                let (f, k) = match n {
                    "asinpi" => (MathFn::Asin, 1),
                    "acospi" => (MathFn::Acos, 1),
                    "atanpi" => (MathFn::Atan, 1),
                    _ => (MathFn::Atan2, 2),
                };
                if !self.arity(name, args, k, span, candidates(name)) {
                    return None;
                }
                let (v, g) = self.float_args(name, args, span)?;
                let vt = self.vty(g);
                let a = self.ins(InstKind::Math(f, v), vt);
                let inv_pi = self.fconst(g, std::f64::consts::FRAC_1_PI);
                Some((self.bin(IBin::Fmul, a, inv_pi, g), g))
            }
            "nan" => {
                if !self.arity(name, args, 1, span, "uintn nancode (or ulongn)") {
                    return None;
                }
                let a = args[0];
                let Some((p, lanes)) = self.t.elem_lanes(a.t).filter(|(p, _)| {
                    p.is_int()
                        && !p.is_signed()
                        && (p.bits() >= 32
                            || (p.bits() == 16 && self.opts.fp16 == super::Extension::Enabled))
                }) else {
                    self.bad_args(name, args, span, "uintn nancode (or ulongn)");
                    return None;
                };
                let (fp, quiet): (Prim, i128) = match p.bits() {
                    64 => (Prim::Double, 0x7ff8_0000_0000_0000),
                    16 => (Prim::Half, 0x7e00),
                    _ => (Prim::Float, 0x7fc0_0000),
                };
                let g = self.t.vector(fp, lanes);
                let q = self.iconst(a.t, quiet);
                let bits = self.bin(IBin::Or, a.v, q, a.t);
                let vt = self.vty(g);
                let r = self.ins_conv(ConvOp::Bitcast, bits, Rounding::Default, vt);
                Some((r, g))
            }
            _ => {
                // sincos, modf, fract: a result and a value stored through a pointer.
                if !self.arity(name, args, 2, span, "floatn x, __space floatn *out") {
                    return None;
                }
                let (v, g) = self.float_args(name, &args[..1], span)?;
                let p = args[1];
                let ok = self.t.as_ptr(p.t).is_some_and(|pt| {
                    pt.pointee == g && !pt.is_const && pt.space != kauai_ir::AddrSpace::Constant
                });
                if !ok {
                    self.bad_args(
                        name,
                        args,
                        span,
                        &format!("{0} x, __global/__local/__private {0} *out", self.tyname(g)),
                    );
                    return None;
                }
                let x = v[0];
                let (res, out) = match n {
                    "sincos" => {
                        let vt = self.vty(g);
                        let s = self.ins(InstKind::Math(MathFn::Sin, vec![x]), vt);
                        let c = self.ins(InstKind::Math(MathFn::Cos, vec![x]), vt);
                        (s, c)
                    }
                    "modf" => {
                        let t = self.un(IUn::Trunc, x, g);
                        let d = self.bin(IBin::Fsub, x, t, g);
                        let ax = self.un(IUn::Fabs, x, g);
                        let inf = self.fconst(g, f64::INFINITY);
                        let is_inf = self.fcmp(FloatCC::Oeq, ax, inf, g);
                        let z = self.fconst(g, 0.0);
                        let f = self.select_v(is_inf, z, d, g);
                        (self.bin(IBin::Copysign, f, x, g), t)
                    }
                    _ => {
                        // fract: min(x - floor(x), largest value below 1); NaN stays NaN,
                        // infinities give a zero of their sign.
                        let (p, _) = self.t.elem_lanes(g)?;
                        let below_one = if p == Prim::Double {
                            1.0 - f64::EPSILON / 2.0
                        } else {
                            1.0 - (f32::EPSILON / 2.0) as f64
                        };
                        let fl = self.un(IUn::Floor, x, g);
                        let d = self.bin(IBin::Fsub, x, fl, g);
                        let k = self.fconst(g, below_one);
                        let m = self.bin(IBin::Fmin, d, k, g);
                        let ax = self.un(IUn::Fabs, x, g);
                        let inf = self.fconst(g, f64::INFINITY);
                        let is_inf = self.fcmp(FloatCC::Oeq, ax, inf, g);
                        let z = self.fconst(g, 0.0);
                        let zs = self.bin(IBin::Copysign, z, x, g);
                        let m = self.select_v(is_inf, zs, m, g);
                        let nan = self.fcmp(FloatCC::Uno, x, x, g);
                        (self.select_v(nan, x, m, g), fl)
                    }
                };
                let pt = self.t.as_ptr(p.t)?;
                self.store_value(p.v, out, g, pt.is_volatile);
                Some((res, g))
            }
        }
    }

    /// Split a float into (mantissa in [0.5, 1), frexp exponent, ilogb exponent), all
    /// lane-wise; subnormals are scaled up first. Zero, infinity and NaN give the value
    /// itself with exponent 0 (frexp), and INT_MIN, INT_MAX, INT_MIN (ilogb).
    fn decompose(&mut self, x: Value, g: Ty, p: Prim, lanes: u32) -> (Value, Value, Value) {
        let dbl = p == Prim::Double;
        let (mant_bits, bias, exp_mask, k): (i128, i128, i128, i32) = if dbl {
            (52, 1023, 0x7ff, 54)
        } else {
            (23, 127, 0xff, 24)
        };
        let wp = if dbl { Prim::ULong } else { Prim::UInt };
        let wt = self.t.vector(wp, lanes);
        let it = self.t.vector(Prim::Int, lanes);
        let ax = self.un(IUn::Fabs, x, g);
        let min_normal = self.fconst(
            g,
            if dbl {
                f64::MIN_POSITIVE
            } else {
                f32::MIN_POSITIVE as f64
            },
        );
        let is_sub = self.fcmp(FloatCC::Olt, ax, min_normal, g);
        let scale = self.fconst(g, 2f64.powi(k));
        let scaled = self.bin(IBin::Fmul, x, scale, g);
        let xs = self.select_v(is_sub, scaled, x, g);
        let wvt = self.vty(wt);
        let bits = self.ins_conv(ConvOp::Bitcast, xs, Rounding::Default, wvt);
        let sh = self.iconst(wt, mant_bits);
        let shifted = self.bin(IBin::Lshr, bits, sh, wt);
        let em = self.iconst(wt, exp_mask);
        let ex = self.bin(IBin::And, shifted, em, wt);
        let ex = self.conv(ex, wt, it);
        let kk = self.iconst(it, k as i128);
        let z = self.zero(it);
        let adj = self.select_v(is_sub, kk, z, it);
        let b1 = self.iconst(it, bias - 1);
        let e0 = self.bin(IBin::Isub, ex, b1, it);
        let e = self.bin(IBin::Isub, e0, adj, it);
        let one = self.iconst(it, 1);
        let il = self.bin(IBin::Isub, e, one, it);
        let clear = self.iconst(
            wt,
            !(exp_mask << mant_bits)
                & if dbl {
                    u64::MAX as i128
                } else {
                    u32::MAX as i128
                },
        );
        let keep = self.bin(IBin::And, bits, clear, wt);
        let half_exp = self.iconst(wt, (bias - 1) << mant_bits);
        let mb = self.bin(IBin::Or, keep, half_exp, wt);
        let gvt = self.vty(g);
        let m = self.ins_conv(ConvOp::Bitcast, mb, Rounding::Default, gvt);
        let fzero = self.fconst(g, 0.0);
        let inf = self.fconst(g, f64::INFINITY);
        let is_zero = self.fcmp(FloatCC::Oeq, ax, fzero, g);
        let finite = self.fcmp(FloatCC::Olt, ax, inf, g);
        let is_nan = self.fcmp(FloatCC::Uno, x, x, g);
        let regular = self.fcmp(FloatCC::One, ax, fzero, g);
        let bt = gvt.with_elem(kauai_ir::Scalar::I1);
        let regular = self.ins(InstKind::Binary(IBin::And, regular, finite), bt);
        let m = self.select_v(regular, m, x, g);
        let e = self.select_v(regular, e, z, it);
        let imin = self.iconst(it, i32::MIN as i128);
        let imax = self.iconst(it, i32::MAX as i128);
        let special = self.select_v(is_nan, imin, imax, it);
        let special = self.select_v(is_zero, imin, special, it);
        let il = self.select_v(regular, il, special, it);
        (m, e, il)
    }

    /// `x - 2 * rint(x / 2)` (exact, in [-1, 1]) and its magnitude.
    fn reduce_pi(&mut self, x: Value, g: Ty) -> (Value, Value) {
        let half = self.fconst(g, 0.5);
        let two = self.fconst(g, 2.0);
        let h = self.bin(IBin::Fmul, x, half, g);
        let k = self.un(IUn::Rint, h, g);
        let k2 = self.bin(IBin::Fmul, k, two, g);
        let r = self.bin(IBin::Fsub, x, k2, g);
        let a = self.un(IUn::Fabs, r, g);
        (r, a)
    }

    fn math1(&mut self, f: MathFn, x: Value, g: Ty) -> Value {
        let vt = self.vty(g);
        self.ins(InstKind::Math(f, vec![x]), vt)
    }

    fn times_pi(&mut self, x: Value, g: Ty) -> Value {
        let pi = self.fconst(g, std::f64::consts::PI);
        self.bin(IBin::Fmul, x, pi, g)
    }

    /// sin(pi x) with the argument kept in [0, pi/2] (where `pi * a` stays exact to an
    /// ulp); integers give a zero of the sign of x.
    fn sinpi(&mut self, x: Value, g: Ty) -> Value {
        let (r, a) = self.reduce_pi(x, g);
        let half = self.fconst(g, 0.5);
        let one = self.fconst(g, 1.0);
        let big = self.fcmp(FloatCC::Ogt, a, half, g);
        let one_minus = self.bin(IBin::Fsub, one, a, g);
        let a2 = self.select_v(big, one_minus, a, g);
        let arg = self.times_pi(a2, g);
        let sv = self.math1(MathFn::Sin, arg, g);
        let signed = self.bin(IBin::Copysign, sv, r, g);
        let zero = self.fconst(g, 0.0);
        let is_zero = self.fcmp(FloatCC::Oeq, sv, zero, g);
        let zx = self.bin(IBin::Copysign, zero, x, g);
        self.select_v(is_zero, zx, signed, g)
    }

    /// cos(pi x) by octants of the reduced argument, each exact to an ulp.
    fn cospi(&mut self, x: Value, g: Ty) -> Value {
        let (_, a) = self.reduce_pi(x, g);
        let quarter = self.fconst(g, 0.25);
        let three_q = self.fconst(g, 0.75);
        let half = self.fconst(g, 0.5);
        let one = self.fconst(g, 1.0);
        let pa = self.times_pi(a, g);
        let c_low = self.math1(MathFn::Cos, pa, g);
        let m = self.bin(IBin::Fsub, half, a, g);
        let pm = self.times_pi(m, g);
        let c_mid = self.math1(MathFn::Sin, pm, g);
        let h = self.bin(IBin::Fsub, one, a, g);
        let ph = self.times_pi(h, g);
        let ch = self.math1(MathFn::Cos, ph, g);
        let c_high = self.un(IUn::Fneg, ch, g);
        let is_low = self.fcmp(FloatCC::Ole, a, quarter, g);
        let is_high = self.fcmp(FloatCC::Ogt, a, three_q, g);
        let t = self.select_v(is_high, c_high, c_mid, g);
        self.select_v(is_low, c_low, t, g)
    }

    /// `shuffle(x, mask)` / `shuffle2(x, y, mask)`: lanes picked by the low bits of each
    /// mask lane; a constant mask becomes one `shuffle` instruction.
    fn shuffle_fn(
        &mut self,
        name: &str,
        two: bool,
        args: &[Arg],
        span: Span,
    ) -> Option<(Value, Ty)> {
        let cands = if two {
            "gentypen x, gentypen y, ugentypem mask"
        } else {
            "gentypen x, ugentypem mask"
        };
        if !self.arity(name, args, if two { 3 } else { 2 }, span, cands) {
            return None;
        }
        let x = args[0];
        let y = if two { args[1] } else { args[0] };
        let mask = args[args.len() - 1];
        let (Some((xp, n)), Some((mp, m))) = (self.t.elem_lanes(x.t), self.t.elem_lanes(mask.t))
        else {
            self.bad_args(name, args, span, cands);
            return None;
        };
        let ok = self.t.is_vector(x.t)
            && n != 3
            && y.t == x.t
            && self.t.is_vector(mask.t)
            && m != 3
            && mp.is_int()
            && !mp.is_signed()
            && mp.bits() == xp.bits();
        if !ok {
            self.bad_args(name, args, span, cands);
            return None;
        }
        let rt = self.t.vector(xp, m);
        let vt = self.vty(rt);
        let width = if two { 2 * n } else { n };
        // Constant mask: one shuffle.
        if let Some(i) = self.fx.body.value_inst(mask.v) {
            if let InstKind::Const(Const::Vector(lanes)) = &self.fx.body.insts[i].kind {
                let idx: Option<Vec<u32>> = lanes
                    .iter()
                    .map(|l| match l {
                        kauai_ir::ConstScalar::Int(b) => Some((*b as u32) & (width - 1)),
                        _ => None,
                    })
                    .collect();
                if let Some(idx) = idx {
                    return Some((self.ins(InstKind::Shuffle(x.v, y.v, idx), vt), rt));
                }
            }
        }
        let et = Type::Scalar(xp.scalar());
        let mt = Type::Scalar(mp.scalar());
        let mut acc = self.ins(InstKind::Const(Const::Undef), vt);
        let lane_mask = self.ins(
            InstKind::Const(Const::Scalar(kauai_ir::ConstScalar::Int((n - 1) as u64))),
            mt,
        );
        let high = self.ins(
            InstKind::Const(Const::Scalar(kauai_ir::ConstScalar::Int(n as u64))),
            mt,
        );
        let zero = self.ins(InstKind::Const(Const::Zero), mt);
        for i in 0..m {
            let k = self.ins(InstKind::Extract(mask.v, i), mt);
            let lane = self.ins(InstKind::Binary(IBin::And, k, lane_mask), mt);
            let mut e = self.ins(InstKind::ExtractDyn(x.v, lane), et);
            if two {
                let e2 = self.ins(InstKind::ExtractDyn(y.v, lane), et);
                let hb = self.ins(InstKind::Binary(IBin::And, k, high), mt);
                let from_y = self.ins(InstKind::Icmp(IntCC::Ne, hb, zero), Type::I1);
                e = self.ins(InstKind::Select(from_y, e2, e), et);
            }
            acc = self.ins(InstKind::Insert(acc, e, i), vt);
        }
        Some((acc, rt))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every family member maps to its own spelling (`static_name` would give "?" for a
    /// name missing from its table, silently lowering the wrong function).
    #[test]
    fn every_classified_name_keeps_its_spelling() {
        let names = [
            "get_global_id",
            "get_local_id",
            "get_group_id",
            "get_global_size",
            "get_local_size",
            "get_num_groups",
            "get_global_offset",
            "barrier",
            "mem_fence",
            "read_mem_fence",
            "write_mem_fence",
            "clamp",
            "degrees",
            "radians",
            "mix",
            "step",
            "smoothstep",
            "sign",
            "abs",
            "abs_diff",
            "add_sat",
            "sub_sat",
            "hadd",
            "rhadd",
            "clz",
            "popcount",
            "mad_hi",
            "mad_sat",
            "mul_hi",
            "rotate",
            "upsample",
            "mad24",
            "mul24",
            "isnan",
            "isinf",
            "isfinite",
            "isnormal",
            "signbit",
            "dot",
            "length",
            "distance",
            "normalize",
            "fast_length",
            "fast_distance",
            "fast_normalize",
            "cross",
            "shuffle",
            "shuffle2",
            "pown",
            "maxmag",
            "minmag",
            "sincos",
            "modf",
            "fract",
            "nan",
            "atomic_add",
            "atomic_sub",
            "atomic_xchg",
            "atomic_inc",
            "atomic_dec",
            "atomic_min",
            "atomic_max",
            "atomic_and",
            "atomic_or",
            "atomic_xor",
            "atomic_cmpxchg",
            "atom_add",
        ];
        for n in names {
            let k = classify(n).unwrap_or_else(|| panic!("{n} is not classified"));
            let s = match k {
                Kind::WorkItem(s) | Kind::Fence(s) | Kind::Common(s) | Kind::Int(s) => s,
                Kind::Rel(None, s)
                | Kind::Geometric(s)
                | Kind::Extra(s)
                | Kind::Atomic(_, s)
                | Kind::Async(s) => s,
                _ => continue,
            };
            assert_ne!(s, "?", "{n}");
            assert!(n.ends_with(s), "{n} classified as {s}");
        }
    }

    #[test]
    fn conversion_and_reinterpretation_names() {
        assert!(matches!(
            classify("convert_uchar4_sat_rte"),
            Some(Kind::Convert(Prim::UChar, 4, true, Rounding::Rte))
        ));
        assert!(matches!(
            classify("convert_float"),
            Some(Kind::Convert(Prim::Float, 1, false, Rounding::Default))
        ));
        assert!(matches!(classify("as_int3"), Some(Kind::As(Prim::Int, 3))));
        assert!(classify("convert_int5").is_none());
        assert!(classify("convert_bool").is_none());
        assert!(matches!(classify("vload16"), Some(Kind::VLoad(16))));
        assert!(classify("vload5").is_none());
        assert!(matches!(
            classify("native_exp"),
            Some(Kind::FMath(MathFn::Exp))
        ));
        assert!(classify("native_erf").is_none());
        assert!(unsupported("nextafter") && !unsupported("printf") && !unsupported("read_imagef"));
        assert!(matches!(
            classify("read_imageui"),
            Some(Kind::ReadImage(ChannelKind::Unsigned))
        ));
        // Every image builtin of the IR table has its OpenCL C row.
        for q in ImageQuery::ALL {
            let n = format!("get_image_{}", q.name());
            assert!(
                matches!(classify(&n), Some(Kind::ImageQuery(Some(x))) if x == q),
                "{n}"
            );
        }
    }

    #[test]
    fn each_builtin_name_is_in_the_table_once() {
        let mut names: Vec<&str> = known_names().collect();
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n, "a name appears twice in BUILTINS");
        // Pattern families must not shadow the table or be shadowed by it.
        for r in BUILTINS {
            assert!(
                !r.name.starts_with("convert_") && !r.name.starts_with("as_"),
                "{}",
                r.name
            );
        }
    }
}
