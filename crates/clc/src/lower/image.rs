//! The image functions of OpenCL C 1.2 (6.12.14): `read_image{f,i,ui}` with and
//! without a sampler, `write_image{f,i,ui}` and the `get_image_*` queries, lowered to
//! calls of `kauai_ir::builtins::ImageBuiltin`s. Coordinates are widened to four lanes
//! (unused ones 0) and a read without a sampler passes `NO_SAMPLER`, so an executor has
//! one function per result kind whatever the image type. The checks are clang's: the
//! access qualifier must allow the call, the coordinates must have the image's
//! dimension, and a sampler is a `sampler_t` or a constant of valid `CLK_*` bits.

use kauai_diag::{Diagnostic, Span};
use kauai_ir::builtins::{ImageBuiltin, ImageQuery};
use kauai_ir::image::{sampler, ChannelKind, ImageType};
use kauai_ir::{Const, ConstScalar, InstKind, Scalar, Type, Value};

use super::builtins::Arg;
use super::Lowerer;
use crate::ast::{AccessQual, ExprId};
use crate::sema::types::{Prim, Ty};

/// The coordinate lanes of each image type.
fn coord_lanes(it: ImageType) -> u32 {
    match it {
        ImageType::Image1d | ImageType::Image1dBuffer => 1,
        ImageType::Image1dArray | ImageType::Image2d => 2,
        // OpenCL C 1.2 gives 3-D and 2-D array images 4-lane coordinates.
        ImageType::Image2dArray | ImageType::Image3d => 4,
    }
}

fn suffix(k: ChannelKind) -> &'static str {
    match k {
        ChannelKind::Float => "f",
        ChannelKind::Signed => "i",
        ChannelKind::Unsigned => "ui",
    }
}

fn data_prim(k: ChannelKind) -> Prim {
    match k {
        ChannelKind::Float => Prim::Float,
        ChannelKind::Signed => Prim::Int,
        ChannelKind::Unsigned => Prim::UInt,
    }
}

impl Lowerer<'_> {
    /// The image argument of an image function, with its type and access; diagnosed
    /// when it is not an image.
    fn image_arg(&mut self, name: &str, a: &Arg) -> Option<(ImageType, AccessQual)> {
        match self.t.as_image(a.t) {
            Some(x) => Some(x),
            None => {
                let t = self.tyname(a.t);
                self.err(
                    a.sp,
                    format!("the first argument of `{name}` must be an image, not `{t}`"),
                    "not an image",
                );
                None
            }
        }
    }

    fn call_image(&mut self, b: ImageBuiltin, args: Vec<Value>) -> Value {
        let sig = b.signature();
        let f = self.declare_fn(&b.name(), &sig.params, sig.ret);
        self.ins(InstKind::Call(f, args), sig.ret)
    }

    /// `v` (a scalar or a vector of `lanes` lanes of `elem`) widened to four lanes.
    fn widen4(&mut self, v: Value, lanes: u32, elem: Scalar) -> Value {
        let t4 = Type::vec(elem, 4);
        match lanes {
            4 => v,
            1 => {
                let z = self.ins(InstKind::Const(Const::Zero), t4);
                self.ins(InstKind::Insert(z, v, 0), t4)
            }
            _ => {
                let z = self.ins(InstKind::Const(Const::Zero), Type::vec(elem, lanes));
                // Lanes 0..lanes of v, then zeros from the second operand.
                let mask: Vec<u32> = (0..4).map(|i| if i < lanes { i } else { lanes }).collect();
                self.ins(InstKind::Shuffle(v, z, mask), t4)
            }
        }
    }

    /// Coordinates of `it` as `intN` or `floatN` (`None`, diagnosed, otherwise):
    /// the four-lane value and whether they are integers.
    fn image_coords(&mut self, name: &str, it: ImageType, a: &Arg) -> Option<(Value, bool)> {
        let n = coord_lanes(it);
        match self.t.elem_lanes(a.t) {
            Some((p @ (Prim::Int | Prim::Float), l)) if l == n => {
                let elem = if p == Prim::Int {
                    Scalar::I32
                } else {
                    Scalar::F32
                };
                Some((self.widen4(a.v, n, elem), p == Prim::Int))
            }
            _ => {
                let (i, f) = if n == 1 {
                    ("int".to_string(), "float".to_string())
                } else {
                    (format!("int{n}"), format!("float{n}"))
                };
                let t = self.tyname(a.t);
                self.err(
                    a.sp,
                    format!(
                        "the coordinates of `{name}` on `{}` must be `{i}` or `{f}`, not `{t}`",
                        it.cl_name()
                    ),
                    "wrong coordinate type",
                );
                None
            }
        }
    }

    /// A sampler argument: a `sampler_t` value, or an integer constant expression of
    /// valid `CLK_*` bits (as clang accepts).
    pub(crate) fn image_sampler(&mut self, name: &str, e: ExprId, a: &Arg) -> Option<Value> {
        if self.t.is_sampler(a.t) {
            return Some(a.v);
        }
        let t = self.tyname(a.t);
        let scalar_int =
            self.t.is_integer(a.t) && self.t.elem_lanes(a.t).is_some_and(|(_, n)| n == 1);
        if scalar_int && self.const_int(e).is_some() {
            let bits = self.sampler_constant(e)?;
            return Some(self.ins(
                InstKind::Const(Const::Scalar(ConstScalar::Int(bits as u64))),
                Type::I32,
            ));
        }
        self.err(
            a.sp,
            format!(
                "the sampler of `{name}` must be a `sampler_t` or an integer constant of CLK_* bits, not `{t}`"
            ),
            "not a sampler",
        );
        None
    }

    fn access_error(&mut self, name: &str, a: &Arg, it: ImageType, wrong: AccessQual) {
        let (has, needs) = match wrong {
            AccessQual::WriteOnly => ("write_only", "read_only"),
            _ => ("read_only", "write_only"),
        };
        self.push_diag(
            Diagnostic::error(format!(
                "`{name}` needs a {needs} image; this `{}` is {has}",
                it.cl_name()
            ))
            .at(a.sp, format!("a {has} image"))
            .note(format!("declare the parameter `{needs} {}`", it.cl_name())),
        );
    }

    /// The bits of a sampler known at compile time: an integer constant, or a sampler
    /// variable initialized by one.
    fn known_sampler(&mut self, e: ExprId) -> Option<u32> {
        if let crate::ast::ExprKind::Ident(sym) = self.tu.exprs[e].kind {
            if let Some(crate::sema::scope::Binding::Var(v)) = self.sc.lookup(sym) {
                if let crate::sema::scope::Place::Global(g) = v.place {
                    return self.sampler_bits.get(&g).copied();
                }
                return None;
            }
        }
        let v = self.const_int(e)?;
        u32::try_from(v).ok()
    }

    /// What OpenCL 1.2 (6.12.14.2) leaves undefined for a read with a sampler known at
    /// compile time: warned, as clang warns (the host device faults at run time).
    fn check_known_sampler(&mut self, name: &str, kind: ChannelKind, int_coords: bool, e: ExprId) {
        let Some(bits) = self.known_sampler(e) else {
            return;
        };
        let Ok(s) = kauai_ir::image::Sampler::decode(bits) else {
            return;
        };
        let sp = self.espan(e);
        if kind != ChannelKind::Float && s.linear {
            self.warn(
                sp,
                format!("`{name}` sampler must use CLK_FILTER_NEAREST"),
                "linear filtering of integer images is undefined",
            );
        } else if int_coords
            && (s.normalized
                || s.linear
                || matches!(
                    s.addressing,
                    kauai_ir::image::Addressing::Repeat
                        | kauai_ir::image::Addressing::MirroredRepeat
                ))
        {
            self.warn(
                sp,
                format!("`{name}` with integer coordinates needs an unnormalized, nearest sampler with CLAMP_TO_EDGE, CLAMP or NONE addressing"),
                "the result is undefined with this sampler",
            );
        }
    }

    /// `read_image{f,i,ui}`: `sampler_arg` is the sampler's expression when there is
    /// one (for a constant sampler's check).
    pub(crate) fn read_image(
        &mut self,
        name: &str,
        kind: ChannelKind,
        args: &[Arg],
        sampler_arg: Option<ExprId>,
        span: Span,
    ) -> Option<(Value, Ty)> {
        let cands = "image, sampler_t, intN or floatN coordinates; or image, intN coordinates";
        if args.len() != 2 && args.len() != 3 {
            self.push_diag(
                Diagnostic::error(format!(
                    "`{name}` takes 2 or 3 arguments, {} given",
                    args.len()
                ))
                .at(span, "in this call")
                .note(format!("candidates: {name}({cands})")),
            );
            return None;
        }
        let (it, access) = self.image_arg(name, &args[0])?;
        if access == AccessQual::WriteOnly {
            self.access_error(name, &args[0], it, access);
            return None;
        }
        let (smp, coord_arg) = match (args.len(), sampler_arg) {
            (3, Some(e)) => {
                if !it.samples() {
                    self.err(
                        args[1].sp,
                        format!("`{name}` on `{}` takes no sampler", it.cl_name()),
                        "a buffer image is read by an integer coordinate only",
                    );
                    return None;
                }
                (self.image_sampler(name, e, &args[1])?, &args[2])
            }
            _ => {
                let bits = sampler::NO_SAMPLER as u64;
                let c = self.ins(
                    InstKind::Const(Const::Scalar(ConstScalar::Int(bits))),
                    Type::I32,
                );
                (c, &args[1])
            }
        };
        let (coords, int_coords) = self.image_coords(name, it, coord_arg)?;
        if args.len() == 2 && !int_coords {
            self.err(
                coord_arg.sp,
                format!("`{name}` without a sampler takes integer coordinates"),
                "float coordinates need a sampler",
            );
            return None;
        }
        if let (3, Some(e)) = (args.len(), sampler_arg) {
            self.check_known_sampler(name, kind, int_coords, e);
        }
        let b = ImageBuiltin::Read { kind, int_coords };
        let v = self.call_image(b, vec![args[0].v, smp, coords]);
        Some((v, self.t.vector(data_prim(kind), 4)))
    }

    /// `read_imageh` (cl_khr_fp16): `read_imagef`, rounded to `half4` (to nearest even).
    pub(crate) fn read_image_half(
        &mut self,
        name: &str,
        args: &[Arg],
        sampler_arg: Option<ExprId>,
        span: Span,
    ) -> Option<(Value, Ty)> {
        let what = format!("`{name}` returns half4");
        if !self.need_fp16(span, &what, &format!("{what}, which requires cl_khr_fp16")) {
            return None;
        }
        let (v, _) = self.read_image(name, ChannelKind::Float, args, sampler_arg, span)?;
        let rt = self.t.vector(Prim::Half, 4);
        let vt = self.vty(rt);
        let h = self.ins_conv(kauai_ir::ConvOp::FpTrunc, v, kauai_ir::Rounding::Rte, vt);
        Some((h, rt))
    }

    /// `write_imageh(image, coord, half4 colour)` (cl_khr_fp16): `write_imagef` of the
    /// colour widened to `float4` (exactly).
    pub(crate) fn write_image_half(
        &mut self,
        name: &str,
        args: &[Arg],
        span: Span,
    ) -> Option<(Value, Ty)> {
        let what = format!("`{name}` takes a half4 colour");
        if !self.need_fp16(span, &what, &format!("{what}, which requires cl_khr_fp16")) {
            return None;
        }
        if !self.arity(name, args, 3, span, "image, intN coord, half4 color") {
            return None;
        }
        let want = self.t.vector(Prim::Half, 4);
        if args[2].t != want {
            let t = self.tyname(args[2].t);
            self.err(
                args[2].sp,
                format!("the colour of `{name}` must be `half4`, not `{t}`"),
                "write_imageh writes half4",
            );
            return None;
        }
        let ft = self.t.vector(Prim::Float, 4);
        let vt = self.vty(ft);
        let wide = self.ins_conv(
            kauai_ir::ConvOp::FpExt,
            args[2].v,
            kauai_ir::Rounding::Default,
            vt,
        );
        let mut wargs = args.to_vec();
        wargs[2] = Arg {
            v: wide,
            t: ft,
            sp: args[2].sp,
        };
        self.write_image(name, ChannelKind::Float, &wargs, span)
    }

    /// `write_image{f,i,ui}(image, coord, colour)`.
    pub(crate) fn write_image(
        &mut self,
        name: &str,
        kind: ChannelKind,
        args: &[Arg],
        span: Span,
    ) -> Option<(Value, Ty)> {
        let data = format!("{}4", data_prim(kind).name());
        if !self.arity(
            name,
            args,
            3,
            span,
            &format!("image, intN coord, {data} color"),
        ) {
            return None;
        }
        let (it, access) = self.image_arg(name, &args[0])?;
        if access == AccessQual::ReadOnly {
            self.access_error(name, &args[0], it, access);
            return None;
        }
        let (coords, int_coords) = self.image_coords(name, it, &args[1])?;
        if !int_coords {
            self.err(
                args[1].sp,
                format!("`{name}` takes integer coordinates"),
                "not integer coordinates",
            );
            return None;
        }
        let want = self.t.vector(data_prim(kind), 4);
        if args[2].t != want {
            let t = self.tyname(args[2].t);
            self.err(
                args[2].sp,
                format!("the colour of `{name}` must be `{data}`, not `{t}`"),
                format!("write_image{} writes {data}", suffix(kind)),
            );
            return None;
        }
        self.call_image(
            ImageBuiltin::Write(kind),
            vec![args[0].v, coords, args[2].v],
        );
        Some((args[2].v, crate::sema::types::T_VOID))
    }

    /// `get_image_<q>(image)`; `None` for `get_image_dim`.
    pub(crate) fn image_query(
        &mut self,
        name: &str,
        q: Option<ImageQuery>,
        args: &[Arg],
        span: Span,
    ) -> Option<(Value, Ty)> {
        if !self.arity(name, args, 1, span, "image") {
            return None;
        }
        let (it, _) = self.image_arg(name, &args[0])?;
        let img = args[0].v;
        let dims = it.coords() - u32::from(it.array_coord().is_some());
        let ok = match q {
            Some(ImageQuery::Height) => dims >= 2,
            Some(ImageQuery::Depth) => it == ImageType::Image3d,
            Some(ImageQuery::ArraySize) => it.array_coord().is_some(),
            None => dims >= 2,
            _ => true,
        };
        if !ok {
            self.err(
                args[0].sp,
                format!("`{name}` does not apply to `{}`", it.cl_name()),
                "wrong image type",
            );
            return None;
        }
        let int = self.t.prim(Prim::Int);
        match q {
            Some(ImageQuery::ArraySize) => {
                let v = self.call_image(ImageBuiltin::Query(ImageQuery::ArraySize), vec![img]);
                let st = self.t.prim(self.size_prim());
                let uint = self.t.prim(Prim::UInt);
                Some((self.conv(v, uint, st), st))
            }
            Some(q) => Some((self.call_image(ImageBuiltin::Query(q), vec![img]), int)),
            None => {
                // int2 (width, height), or int4 (width, height, depth, 0) for 3-D images.
                let w = self.call_image(ImageBuiltin::Query(ImageQuery::Width), vec![img]);
                let h = self.call_image(ImageBuiltin::Query(ImageQuery::Height), vec![img]);
                let n = if it == ImageType::Image3d { 4 } else { 2 };
                let vt = Type::vec(Scalar::I32, n);
                let z = self.ins(InstKind::Const(Const::Zero), vt);
                let v = self.ins(InstKind::Insert(z, w, 0), vt);
                let mut v = self.ins(InstKind::Insert(v, h, 1), vt);
                if n == 4 {
                    let d = self.call_image(ImageBuiltin::Query(ImageQuery::Depth), vec![img]);
                    v = self.ins(InstKind::Insert(v, d, 2), vt);
                }
                Some((v, self.t.vector(Prim::Int, n)))
            }
        }
    }
}
