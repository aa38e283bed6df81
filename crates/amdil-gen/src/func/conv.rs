//! Conversions between integer widths, floats and doubles, with rounding modes and
//! saturation, and bit casts.

use super::*;

/// The low parts of ln(2) and log10(2) after their first 12 significant bits
/// (Cody and Waite's split: n * high part is exact for the n of float exponents).
const LN2_HI: u32 = 0x3F31_7200;
const LN2_LO: u32 = 0x35BF_BE8E;
const LG2_HI: u32 = 0x3E9A_2000;
const LG2_LO: u32 = 0x369A_84FC;

impl FnGen<'_, '_> {
    pub(super) fn convert(
        &mut self,
        op: ConvOp,
        arg: Value,
        rounding: Rounding,
        sat: bool,
        r: Value,
        d: &VLoc,
    ) -> R {
        let ss = self.shape(arg)?;
        let ds = self.shape(r)?;
        let x = self.loc(arg)?;
        let (sty, dty) = (self.ty(arg), self.ty(r));
        match op {
            ConvOp::Bitcast => return self.bitcast(&x, ss, d, ds),
            ConvOp::AddrSpaceCast => {
                self.copy(d, &x, ds);
                return Ok(());
            }
            _ => {}
        }
        if ss.lanes != ds.lanes {
            return Err(GenError::Invalid(format!(
                "`{}` changes the lane count",
                op.name()
            )));
        }
        match op {
            ConvOp::Trunc | ConvOp::PtrToInt | ConvOp::IntToPtr if ds.bits >= ss.bits => {
                // A pointer to a 64-bit integer: zero-extend.
                return self.int_resize(&x, ss, d, ds, false);
            }
            ConvOp::Trunc | ConvOp::PtrToInt | ConvOp::IntToPtr => {
                return self.int_resize(&x, ss, d, ds, false)
            }
            ConvOp::Zext => return self.int_resize(&x, ss, d, ds, false),
            ConvOp::Sext => return self.int_resize(&x, ss, d, ds, true),
            _ => {}
        }
        let (se, de) = (
            sty.elem().unwrap_or(Scalar::I32),
            dty.elem().unwrap_or(Scalar::I32),
        );
        match op {
            ConvOp::FpExt => match (se, de) {
                (Scalar::F32, Scalar::F64) => {
                    self.facts.uses_doubles = true;
                    for i in 0..ds.lanes {
                        let (c, k) = ds.lane(i);
                        self.e(b::alu(op::F2d, d.d(c, &[k, k + 1]), [x.lane(ss, i)]));
                    }
                    Ok(())
                }
                (Scalar::F16, Scalar::F32) => {
                    self.lanewise(op::F162f, d, &[&x], ds);
                    Ok(())
                }
                (Scalar::F16, Scalar::F64) => {
                    self.facts.uses_doubles = true;
                    let t = self.sh.alloc(ss.chunks());
                    self.lanewise(op::F162f, &t, &[&x], ss);
                    for i in 0..ds.lanes {
                        let (c, k) = ds.lane(i);
                        self.e(b::alu(op::F2d, d.d(c, &[k, k + 1]), [t.lane(ss, i)]));
                    }
                    Ok(())
                }
                _ => Err(GenError::Invalid("fpext between these types".into())),
            },
            ConvOp::FpTrunc => match (se, de) {
                (Scalar::F64, Scalar::F32) => {
                    self.facts.uses_doubles = true;
                    for i in 0..ds.lanes {
                        let (c, k) = ds.lane(i);
                        self.e(b::alu(op::D2f, d.d(c, &[k]), [x.lane(ss, i)]));
                    }
                    if !matches!(rounding, Rounding::Default | Rounding::Rte) {
                        // Compare the nearest float with the double and step one ulp.
                        let (above, below) =
                            (self.sh.alloc(ds.chunks()), self.sh.alloc(ds.chunks()));
                        for i in 0..ds.lanes {
                            let (c, k) = ds.lane(i);
                            let t = self.tmp();
                            self.e(b::alu(op::F2d, t.dst(Mask::XY), [d.s(c, &[k])]));
                            self.e(b::alu(op::Dlt, above.d(c, &[k]), [x.lane(ss, i), t.xyxy()]));
                            self.e(b::alu(op::Dlt, below.d(c, &[k]), [t.xyxy(), x.lane(ss, i)]));
                        }
                        self.round_step(d, ds, &above, &below, rounding);
                    }
                    Ok(())
                }
                (Scalar::F32, Scalar::F16) => {
                    self.lanewise(op::F2f16, d, &[&x], ds);
                    if !matches!(rounding, Rounding::Default | Rounding::Rte) {
                        // Widen the nearest half back (exact), compare with the float
                        // and step one ulp; the sign is bit 15 of the half's bits.
                        let t = self.sh.alloc(ds.chunks());
                        self.lanewise(op::F162f, &t, &[d], ds);
                        let (above, below) =
                            (self.sh.alloc(ds.chunks()), self.sh.alloc(ds.chunks()));
                        self.lanewise(op::Lt, &above, &[&x, &t], ds);
                        self.lanewise(op::Lt, &below, &[&t, &x], ds);
                        let sign = self.lit_chunks([0x8000; 4], ds);
                        let zero = self.lit_chunks([0; 4], ds);
                        let neg = self.sh.alloc(ds.chunks());
                        self.lanewise(op::Iand, &neg, &[d, &sign], ds);
                        self.lanewise(op::Ine, &neg, &[&neg, &zero], ds);
                        self.round_step_signed(d, ds, &above, &below, &neg, rounding);
                    }
                    Ok(())
                }
                _ => unsupported(format!(
                    "conversion from {sty} to {dty} rounding {}",
                    rounding.name()
                )),
            },
            ConvOp::FpToSi | ConvOp::FpToUi => {
                let signed = op == ConvOp::FpToSi;
                self.float_to_int(&x, ss, se, d, ds, signed, rounding, sat)
            }
            ConvOp::SiToFp | ConvOp::UiToFp => {
                let signed = op == ConvOp::SiToFp;
                self.int_to_float(&x, ss, d, ds, de, signed, rounding)
            }
            _ => Err(GenError::Invalid(format!("conversion `{}`", op.name()))),
        }
    }

    /// Integer (or pointer) width changes, lane by lane where the layout changes.
    fn int_resize(&mut self, x: &VLoc, ss: Shape, d: &VLoc, ds: Shape, signed: bool) -> R {
        if ds.bits == 1 {
            // To a boolean: the low bit, as a mask.
            let one = self.lit(1);
            for i in 0..ds.lanes {
                let (c, k) = ds.lane(i);
                let (sc, sk) = ss.lane(i);
                let t = self.tmp();
                self.e(b::alu(op::Iand, t.dst(Mask::X), [x.s(sc, &[sk]), one]));
                self.e(b::alu(op::Inegate, d.d(c, &[k]), [t.x()]));
            }
            return Ok(());
        }
        if !ss.wide && !ds.wide {
            if ds.bits <= ss.bits || ss.bits == 1 && signed {
                self.copy(d, x, ds);
            } else if ss.bits == 1 {
                let one = self.lit_chunks([1; 4], ds);
                self.lanewise(op::Iand, d, &[x, &one], ds);
            } else {
                let t = self.ext(x, ss, signed);
                self.copy(d, &t, ds);
            }
            return Ok(());
        }
        if ss.wide && ds.wide {
            self.copy(d, x, ds);
            return Ok(());
        }
        if ss.wide {
            // 64 to narrower: the low words.
            for i in 0..ds.lanes {
                let (c, k) = ds.lane(i);
                let (sc, sk) = ss.lane(i);
                self.e(b::alu(op::Mov, d.d(c, &[k]), [x.s(sc, &[sk])]));
            }
            return Ok(());
        }
        // Narrow to 64: extend the low word, then the high word from its sign (or 0).
        let lo = if ss.bits == 1 {
            if signed {
                x.clone()
            } else {
                let one = self.lit_chunks([1; 4], ss);
                let t = self.sh.alloc(ss.chunks());
                self.lanewise(op::Iand, &t, &[x, &one], ss);
                t
            }
        } else {
            self.ext(x, ss, signed)
        };
        let s31 = self.lit(31);
        let zero = self.lit(0);
        for i in 0..ds.lanes {
            let (c, k) = ds.lane(i);
            let (sc, sk) = ss.lane(i);
            self.e(b::alu(op::Mov, d.d(c, &[k]), [lo.s(sc, &[sk])]));
            if signed {
                self.e(b::alu(op::Ishr, d.d(c, &[k + 1]), [lo.s(sc, &[sk]), s31]));
            } else {
                self.e(b::alu(op::Mov, d.d(c, &[k + 1]), [zero]));
            }
        }
        Ok(())
    }

    /// Step a float result one ulp where the exact value lies beyond it: `above` marks
    /// lanes where the rounded value is greater than the exact one, `below` smaller.
    fn round_step(&mut self, d: &VLoc, ds: Shape, above: &VLoc, below: &VLoc, rounding: Rounding) {
        let zero = self.lit_chunks([0; 4], ds);
        let neg = self.sh.alloc(ds.chunks());
        self.lanewise(op::Ilt, &neg, &[d, &zero], ds);
        self.round_step_signed(d, ds, above, below, &neg, rounding);
    }

    /// [`Self::round_step`] with the lanes whose rounded value is negative given
    /// (`neg`, a mask).
    fn round_step_signed(
        &mut self,
        d: &VLoc,
        ds: Shape,
        above: &VLoc,
        below: &VLoc,
        neg: &VLoc,
        rounding: Rounding,
    ) {
        let zero = self.lit_chunks([0; 4], ds);
        let one = self.lit_chunks([1; 4], ds);
        let minus = self.lit_chunks([u32::MAX; 4], ds);
        // Away from zero in magnitude is +1 on the bits, toward zero -1.
        let (take, toward_up) = match rounding {
            Rounding::Rtp => (below.clone(), true),
            Rounding::Rtn => (above.clone(), false),
            _ => {
                // Toward zero: step when |rounded| > |exact|.
                let t = self.sh.alloc(ds.chunks());
                let u = self.sh.alloc(ds.chunks());
                let pos = self.sh.alloc(ds.chunks());
                self.lanewise(op::Inot, &pos, &[neg], ds);
                self.lanewise(op::Iand, &t, &[above, &pos], ds);
                self.lanewise(op::Iand, &u, &[below, neg], ds);
                self.lanewise(op::Ior, &t, &[&t, &u], ds);
                let step = self.sh.alloc(ds.chunks());
                self.lanewise(op::CmovLogical, &step, &[&t, &minus, &zero], ds);
                self.lanewise(op::Iadd, d, &[d, &step], ds);
                return;
            }
        };
        // Up: +1 on positive bits, -1 on negative ones; down the reverse.
        let (pos_step, neg_step) = if toward_up {
            (&one, &minus)
        } else {
            (&minus, &one)
        };
        let step = self.sh.alloc(ds.chunks());
        self.lanewise(op::CmovLogical, &step, &[neg, neg_step, pos_step], ds);
        self.lanewise(op::CmovLogical, &step, &[&take, &step, &zero], ds);
        self.lanewise(op::Iadd, d, &[d, &step], ds);
    }

    #[allow(clippy::too_many_arguments)]
    fn float_to_int(
        &mut self,
        x: &VLoc,
        ss: Shape,
        se: Scalar,
        d: &VLoc,
        ds: Shape,
        signed: bool,
        rounding: Rounding,
        sat: bool,
    ) -> R {
        if ds.wide {
            // Round first (the float instructions or the double sequence), then truncate.
            let src = match (se, rounding) {
                (_, Rounding::Default | Rounding::Rtz) => x.clone(),
                (Scalar::F64, r) => {
                    self.facts.uses_doubles = true;
                    let t = self.sh.alloc(ss.chunks());
                    let op = match r {
                        Rounding::Rtp => UnaryOp::Ceil,
                        Rounding::Rtn => UnaryOp::Floor,
                        _ => UnaryOp::Rint,
                    };
                    self.double_round(op, x, ss, &t)?;
                    t
                }
                (Scalar::F32, r) => {
                    let t = self.sh.alloc(ss.chunks());
                    let name = match r {
                        Rounding::Rtp => Opcode::RoundPlusinf,
                        Rounding::Rtn => Opcode::RoundNeginf,
                        _ => Opcode::RoundNearest,
                    };
                    self.lanewise_dyn(name, &t, &[x], ss);
                    t
                }
                _ => return unsupported("conversions from half to 64-bit integers"),
            };
            if se == Scalar::F16 {
                return unsupported("conversions from half to 64-bit integers");
            }
            self.float_to_int64(d, ds, &src, ss, se == Scalar::F64, signed);
            return Ok(());
        }
        let i32sh = Shape {
            bits: 32,
            float: false,
            ..ds
        };
        // To 32 bits first (IL saturates to the 32-bit range and gives 0 for NaN).
        let t = self.sh.alloc(ds.chunks());
        match se {
            Scalar::F64 => {
                self.facts.uses_doubles = true;
                let src = if matches!(rounding, Rounding::Default | Rounding::Rtz) {
                    x.clone()
                } else {
                    let r = self.sh.alloc(ss.chunks());
                    let op = match rounding {
                        Rounding::Rtp => UnaryOp::Ceil,
                        Rounding::Rtn => UnaryOp::Floor,
                        _ => UnaryOp::Rint,
                    };
                    self.double_round(op, x, ss, &r)?;
                    r
                };
                let name = if signed { Opcode::D2i } else { Opcode::D2u };
                for i in 0..ds.lanes {
                    let (c, k) = ds.lane(i);
                    self.e(b::alu_dyn(name, t.d(c, &[k]), [src.lane(ss, i)]));
                }
            }
            Scalar::F32 | Scalar::F16 => {
                let src = if se == Scalar::F16 {
                    let h = self.sh.alloc(ss.chunks());
                    self.lanewise(op::F162f, &h, &[x], ss);
                    h
                } else {
                    x.clone()
                };
                let op = if signed { Opcode::Ftoi } else { Opcode::Ftou };
                let round = match rounding {
                    Rounding::Default | Rounding::Rtz => None,
                    Rounding::Rte => Some(b::Round::Near),
                    Rounding::Rtp => Some(b::Round::PlusInf),
                    Rounding::Rtn => Some(b::Round::NegInf),
                };
                for c in 0..i32sh.chunks() {
                    let i = b::alu_dyn(op, t.d(c, &i32sh.chunk_comps(c)), [src.r(c).src()]);
                    match round {
                        Some(r) => self.e(i.with_round(r)),
                        None => self.e(i),
                    }
                }
            }
            _ => return Err(GenError::Invalid("float conversion from an integer".into())),
        }
        if ds.bits < 32 && sat {
            let (lo, hi) = if signed {
                (
                    (-(1i64 << (ds.bits - 1))) as u32,
                    (1u32 << (ds.bits - 1)) - 1,
                )
            } else {
                (0, (1u32 << ds.bits) - 1)
            };
            let lo = self.lit_chunks([lo; 4], ds);
            let hi = self.lit_chunks([hi; 4], ds);
            if signed {
                self.lanewise(op::Imax, &t, &[&t, &lo], ds);
                self.lanewise(op::Imin, d, &[&t, &hi], ds);
            } else {
                self.lanewise(op::Umin, d, &[&t, &hi], ds);
            }
        } else if ds.bits == 1 {
            let z = self.lit_chunks([0; 4], ds);
            self.lanewise(op::Ine, d, &[&t, &z], ds);
        } else {
            self.copy(d, &t, ds);
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn int_to_float(
        &mut self,
        x: &VLoc,
        ss: Shape,
        d: &VLoc,
        ds: Shape,
        de: Scalar,
        signed: bool,
        rounding: Rounding,
    ) -> R {
        if ss.wide {
            if !matches!(de, Scalar::F32 | Scalar::F64) {
                return unsupported(format!("conversion from 64-bit integers to {de:?}"));
            }
            self.int64_to_float(x, ss, d, ds, de == Scalar::F64, signed, rounding);
            return Ok(());
        }
        // Booleans convert as 0/1 (or 0/-1 when signed, as their i1 value is -1).
        let src = if ss.bits == 1 && !signed {
            let one = self.lit_chunks([1; 4], ss);
            let t = self.sh.alloc(ss.chunks());
            self.lanewise(op::Iand, &t, &[x, &one], ss);
            t
        } else {
            self.ext(x, ss, signed)
        };
        match de {
            Scalar::F64 => {
                self.facts.uses_doubles = true;
                let name = if signed { Opcode::I2d } else { Opcode::U2d };
                for i in 0..ds.lanes {
                    let (c, k) = ds.lane(i);
                    self.e(b::alu_dyn(name, d.d(c, &[k, k + 1]), [src.lane(ss, i)]));
                }
                Ok(())
            }
            Scalar::F32 => {
                let name = if signed { Opcode::Itof } else { Opcode::Utof };
                self.lanewise_dyn(name, d, &[&src], ds);
                // Values of up to 24 bits convert exactly; others may need a step.
                if ss.bits > 24 && !matches!(rounding, Rounding::Default | Rounding::Rte) {
                    let (above, below) = self.compare_back(d, ds, &src, signed);
                    self.round_step(d, ds, &above, &below, rounding);
                }
                Ok(())
            }
            _ => unsupported(format!("conversion to {de:?} from integers")),
        }
    }

    /// Masks of lanes where the float `f` is above / below the 32-bit integer `x`.
    fn compare_back(&mut self, f: &VLoc, sh: Shape, x: &VLoc, signed: bool) -> (VLoc, VLoc) {
        let n = sh.chunks();
        let (above, below) = (self.sh.alloc(n), self.sh.alloc(n));
        let back = self.sh.alloc(n);
        let big = self.sh.alloc(n);
        // 2^31 (signed) or 2^32 (unsigned) and up are above every integer of the type.
        let limit = self.lit_chunks([if signed { 0x4F00_0000 } else { 0x4F80_0000 }; 4], sh);
        self.lanewise(op::Ge, &big, &[f, &limit], sh);
        let (to, lt) = if signed {
            (Opcode::Ftoi, Opcode::Ilt)
        } else {
            (Opcode::Ftou, Opcode::Ult)
        };
        self.lanewise_dyn(to, &back, &[f], sh);
        self.lanewise_dyn(lt, &below, &[&back, x], sh);
        self.lanewise_dyn(lt, &above, &[x, &back], sh);
        self.lanewise(op::Ior, &above, &[&above, &big], sh);
        let nb = self.sh.alloc(n);
        self.lanewise(op::Inot, &nb, &[&big], sh);
        self.lanewise(op::Iand, &below, &[&below, &nb], sh);
        (above, below)
    }

    /// Reinterpret bits: through 32-bit words when the lane layouts differ.
    fn bitcast(&mut self, x: &VLoc, ss: Shape, d: &VLoc, ds: Shape) -> R {
        let same = ss.wide == ds.wide && ss.bits >= 32 && ds.bits >= 32;
        if same || (ss.bits == ds.bits && ss.lanes == ds.lanes) {
            self.copy(d, x, ds);
            return Ok(());
        }
        // Words in memory order.
        let words = self.words_of(x, ss);
        self.fill_from_words(d, ds, &words)
    }

    /// The 32-bit words of a value as it lies in memory, as `.x`-replicable sources.
    pub(super) fn words_of(&mut self, x: &VLoc, sh: Shape) -> Vec<Src> {
        let mut out = Vec::new();
        if sh.bits >= 32 {
            for i in 0..sh.lanes {
                let (c, k) = sh.lane(i);
                out.push(x.s(c, &[k]));
                if sh.wide {
                    out.push(x.s(c, &[k + 1]));
                }
            }
            return out;
        }
        let es = sh.bits.max(8) / 8;
        let per = (4 / es) as usize;
        let m = self.lit((1u64 << (es * 8)).wrapping_sub(1) as u32);
        for w in 0..sh.lanes.div_ceil(per) {
            let t = self.tmp();
            for j in 0..per {
                let i = w * per + j;
                if i >= sh.lanes {
                    break;
                }
                let (c, k) = sh.lane(i);
                if j == 0 {
                    self.e(b::alu(op::Iand, t.dst(Mask::X), [x.s(c, &[k]), m]));
                } else {
                    let wl = self.lit(es * 8);
                    let ol = self.lit(j as u32 * es * 8);
                    self.e(b::alu(
                        op::UbitInsert,
                        t.dst(Mask::X),
                        [wl, ol, x.s(c, &[k]), t.x()],
                    ));
                }
            }
            out.push(t.x());
        }
        out
    }

    /// Fill a value from 32-bit words in memory order.
    pub(super) fn fill_from_words(&mut self, d: &VLoc, sh: Shape, words: &[Src]) -> R {
        if sh.bits >= 32 {
            let mut w = 0;
            for i in 0..sh.lanes {
                let (c, k) = sh.lane(i);
                let n = if sh.wide { 2 } else { 1 };
                for j in 0..n {
                    let src = words.get(w).cloned().ok_or_else(|| {
                        GenError::Invalid("bitcast between different sizes".into())
                    })?;
                    self.e(b::alu(op::Mov, d.d(c, &[k + j]), [src]));
                    w += 1;
                }
            }
            return Ok(());
        }
        let es = sh.bits.max(8) / 8;
        let per = (4 / es) as usize;
        for i in 0..sh.lanes {
            let (c, k) = sh.lane(i);
            let src = words
                .get(i / per)
                .cloned()
                .ok_or_else(|| GenError::Invalid("bitcast between different sizes".into()))?;
            let wl = self.lit(es * 8);
            let ol = self.lit((i % per) as u32 * es * 8);
            self.e(b::alu(op::UbitExtract, d.d(c, &[k]), [wl, ol, src]));
        }
        Ok(())
    }

    pub(super) fn math(&mut self, f: MathFn, args: &[Value], d: &VLoc) -> R {
        let Some(&a0) = args.first() else {
            return Err(GenError::Invalid("math function without arguments".into()));
        };
        let sh = self.shape(a0)?;
        let xs: Vec<VLoc> = args.iter().map(|a| self.loc(*a)).collect::<R<_>>()?;
        self.math_locs(f, &xs, sh, d)
    }

    /// [`Self::math`] on operand locations.
    pub(super) fn math_locs(&mut self, f: MathFn, xs: &[VLoc], sh: Shape, d: &VLoc) -> R {
        if sh.bits == 16 {
            return unsupported(format!("`{}` on half values", f.name()));
        }
        if sh.wide {
            self.facts.uses_doubles = true;
            let mac = match f {
                MathFn::Exp => Some(crate::dmath::EXP),
                MathFn::Exp2 => Some(crate::dmath::EXP2),
                MathFn::Exp10 => Some(crate::dmath::EXP10),
                MathFn::Log => Some(crate::dmath::LOG),
                MathFn::Log2 => Some(crate::dmath::LOG2),
                MathFn::Log10 => Some(crate::dmath::LOG10),
                MathFn::Sin | MathFn::Tan => Some(crate::dmath::SIN),
                MathFn::Cos => Some(crate::dmath::COS),
                MathFn::Pow => Some(crate::dmath::POW),
                MathFn::Hypot => Some(crate::dmath::HYPOT),
                MathFn::Cosh => Some(crate::dmath::COSH),
                MathFn::Sinh => Some(crate::dmath::SINH),
                MathFn::Tanh => Some(crate::dmath::TANH),
                MathFn::Expm1 => Some(crate::dmath::EXPM1),
                MathFn::Log1p => Some(crate::dmath::LOG1P),
                MathFn::Fdim => Some(crate::dmath::FDIM),
                MathFn::Asinh => Some(crate::dmath::ASINH),
                MathFn::Acosh => Some(crate::dmath::ACOSH),
                MathFn::Atanh => Some(crate::dmath::ATANH),
                MathFn::Atan => Some(crate::dmath::ATAN),
                MathFn::Asin => Some(crate::dmath::ASIN),
                MathFn::Acos => Some(crate::dmath::ACOS),
                MathFn::Atan2 => Some(crate::dmath::ATAN2),
                MathFn::Cbrt => Some(crate::dmath::CBRT),
                MathFn::Fmod => Some(crate::dmath::FMOD),
                MathFn::Remainder => Some(crate::dmath::REMAINDER),
                MathFn::Ldexp => Some(crate::dmath::LDEXP),
                MathFn::Erf => Some(crate::dmath::ERF),
                MathFn::Erfc => Some(crate::dmath::ERFC),
                MathFn::Tgamma => Some(crate::dmath::TGAMMA),
                MathFn::Lgamma => Some(crate::dmath::LGAMMA),
                _ => None,
            };
            if let Some(id) = mac {
                self.facts.dmacros.insert(id);
                for i in 0..sh.lanes {
                    let (c, k) = sh.lane(i);
                    // ldexp's exponent is an int vector: its own lane layout.
                    let int = Shape {
                        wide: false,
                        bits: 32,
                        float: false,
                        ..sh
                    };
                    let ins: Vec<Src> = xs
                        .iter()
                        .enumerate()
                        .map(|(j, x)| {
                            let s = if f == MathFn::Ldexp && j == 1 {
                                int
                            } else {
                                sh
                            };
                            x.lane(s, i)
                        })
                        .collect();
                    let t = self.tmp();
                    self.e(b::mcall(id, &[t.whole()], &ins));
                    if f == MathFn::Tan {
                        self.facts.dmacros.insert(crate::dmath::COS);
                        let u = self.tmp();
                        self.e(b::mcall(crate::dmath::COS, &[u.whole()], &ins[..1]));
                        self.e(b::alu(op::Ddiv, t.dst(Mask::XY), [t.xyxy(), u.xyxy()]));
                    }
                    self.e(b::alu(op::Mov, d.d(c, &[k, k + 1]), [t.xyxy()]));
                }
                return Ok(());
            }
            let name = match f {
                MathFn::Fma => Opcode::Dfma,
                MathFn::Mad => Opcode::Dmad,
                MathFn::Rsqrt => Opcode::Drsq,
                _ => return unsupported(format!("`{}` on doubles", f.name())),
            };
            let refs: Vec<&VLoc> = xs.iter().collect();
            self.pairwise_dyn(name, d, &refs, sh);
            return Ok(());
        }
        if f == MathFn::Pow && self.sh.opts.fp64 {
            // y log2 x in float loses the exponent's low bits (pow(2.5, 34) was 41 ulp
            // off, OpenCL allows 16): where the hardware has doubles, the double pow
            // rounded to float.
            self.facts.uses_doubles = true;
            self.facts.dmacros.insert(crate::dmath::POW);
            for i in 0..sh.lanes {
                let (c, k) = sh.lane(i);
                let (tx, ty, t) = (self.tmp(), self.tmp(), self.tmp());
                self.e(b::alu(op::F2d, tx.dst(Mask::XY), [xs[0].lane(sh, i)]));
                self.e(b::alu(op::F2d, ty.dst(Mask::XY), [xs[1].lane(sh, i)]));
                self.e(b::mcall(
                    crate::dmath::POW,
                    &[t.whole()],
                    &[tx.xyxy(), ty.xyxy()],
                ));
                self.e(b::alu(op::D2f, d.d(c, &[k]), [t.xyxy()]));
            }
            return Ok(());
        }
        let x = &xs[0];
        let lit = |g: &mut Self, v: f32| g.lit_chunks([v.to_bits(); 4], sh);
        match f {
            MathFn::Rsqrt => self.lanewise(op::RsqVec, d, &[x], sh),
            MathFn::Exp2 => self.lanewise(op::ExpVec, d, &[x], sh),
            MathFn::Log2 => self.lanewise(op::LogVec, d, &[x], sh),
            MathFn::Sin => self.lanewise(op::SinVec, d, &[x], sh),
            MathFn::Cos => self.lanewise(op::CosVec, d, &[x], sh),
            MathFn::Fma => self.lanewise(op::Fma, d, &[x, &xs[1], &xs[2]], sh),
            MathFn::Mad => self.lanewise(op::Mad, d, &[x, &xs[1], &xs[2]], sh),
            MathFn::Fmod => self.lanewise(op::Mod, d, &[x, &xs[1]], sh),
            MathFn::Tan => {
                let (s, c) = (self.sh.alloc(sh.chunks()), self.sh.alloc(sh.chunks()));
                self.lanewise(op::SinVec, &s, &[x], sh);
                self.lanewise(op::CosVec, &c, &[x], sh);
                self.lanewise(op::Div, d, &[&s, &c], sh);
            }
            MathFn::Exp | MathFn::Exp10 => {
                // n = rint(x * log2(b)), r = x - n / log2(b) in two pieces (Cody and
                // Waite), result = 2^n * 2^(r * log2(b)).
                let (l2b, hi, lo) = if f == MathFn::Exp {
                    (
                        std::f32::consts::LOG2_E,
                        f32::from_bits(LN2_HI),
                        f32::from_bits(LN2_LO),
                    )
                } else {
                    (
                        std::f32::consts::LOG2_10,
                        f32::from_bits(LG2_HI),
                        f32::from_bits(LG2_LO),
                    )
                };
                let n = self.sh.alloc(sh.chunks());
                let r = self.sh.alloc(sh.chunks());
                let lb = lit(self, l2b);
                let nhi = lit(self, -hi);
                let nlo = lit(self, -lo);
                self.lanewise(op::Mul, &n, &[x, &lb], sh);
                self.lanewise(op::RoundNearest, &n, &[&n], sh);
                // |n| <= 300 already overflows or underflows; an infinite n (x huge or
                // infinite) would make r = x - n ln 2 NaN. With n clamped, r carries
                // the overflow (exp(3.4e38) is +inf, exp(-inf) is 0); a NaN x stays NaN
                // through r.
                let (nmin, nmax) = (lit(self, -300.0), lit(self, 300.0));
                self.lanewise(op::Max, &n, &[&n, &nmin], sh);
                self.lanewise(op::Min, &n, &[&n, &nmax], sh);
                self.lanewise(op::Fma, &r, &[&n, &nhi, x], sh);
                self.lanewise(op::Fma, &r, &[&n, &nlo, &r], sh);
                self.lanewise(op::Mul, &r, &[&r, &lb], sh);
                self.lanewise(op::ExpVec, &r, &[&r], sh);
                // 2^n in two halves so that results near the range ends stay finite.
                let h = self.sh.alloc(sh.chunks());
                let half = lit(self, 0.5);
                self.lanewise(op::Mul, &h, &[&n, &half], sh);
                self.lanewise(op::RoundZ, &h, &[&h], sh);
                self.lanewise(op::Sub, &n, &[&n, &h], sh);
                self.lanewise(op::ExpVec, &h, &[&h], sh);
                self.lanewise(op::ExpVec, &n, &[&n], sh);
                self.lanewise(op::Mul, &r, &[&r, &h], sh);
                self.lanewise(op::Mul, d, &[&r, &n], sh);
            }
            MathFn::Log | MathFn::Log10 => {
                let k = lit(
                    self,
                    if f == MathFn::Log {
                        std::f32::consts::LN_2
                    } else {
                        std::f32::consts::LOG10_2
                    },
                );
                let t = self.sh.alloc(sh.chunks());
                self.lanewise(op::LogVec, &t, &[x], sh);
                self.lanewise(op::Mul, d, &[&t, &k], sh);
            }
            MathFn::Fdim => {
                // x > y ? x - y : +0, NaN when either is NaN.
                let y = &xs[1];
                let t = self.sh.alloc(sh.chunks());
                let c = self.sh.alloc(sh.chunks());
                let z = lit(self, 0.0);
                self.lanewise(op::Sub, &t, &[x, y], sh);
                self.lanewise(op::Lt, &c, &[y, x], sh);
                self.lanewise(op::CmovLogical, &c, &[&c, &t, &z], sh);
                // NaN operands (not inf - inf, whose fdim is +0) give NaN.
                let (nan, ny) = (self.sh.alloc(sh.chunks()), self.sh.alloc(sh.chunks()));
                self.lanewise(op::Ne, &nan, &[x, x], sh);
                self.lanewise(op::Ne, &ny, &[y, y], sh);
                self.lanewise(op::Ior, &nan, &[&nan, &ny], sh);
                self.lanewise(op::Add, &t, &[x, y], sh);
                self.lanewise(op::CmovLogical, d, &[&nan, &t, &c], sh);
            }
            MathFn::Hypot => {
                // Scaled by the larger magnitude so that squares cannot overflow.
                let y = &xs[1];
                let abs = self.lit_chunks([0x7FFF_FFFF; 4], sh);
                let (ax, ay) = (self.sh.alloc(sh.chunks()), self.sh.alloc(sh.chunks()));
                self.lanewise(op::Iand, &ax, &[x, &abs], sh);
                self.lanewise(op::Iand, &ay, &[y, &abs], sh);
                let (big, small) = (self.sh.alloc(sh.chunks()), self.sh.alloc(sh.chunks()));
                self.lanewise(op::Max, &big, &[&ax, &ay], sh);
                self.lanewise(op::Min, &small, &[&ax, &ay], sh);
                let q = self.sh.alloc(sh.chunks());
                self.lanewise(op::Div, &q, &[&small, &big], sh);
                let one = lit(self, 1.0);
                self.lanewise(op::Mad, &q, &[&q, &q, &one], sh);
                self.lanewise(op::SqrtVec, &q, &[&q], sh);
                let t = self.sh.alloc(sh.chunks());
                self.lanewise(op::Mul, &t, &[&big, &q], sh);
                // big == 0 gives 0/0; big == inf gives inf * NaN: fix both.
                let z = lit(self, 0.0);
                let c = self.sh.alloc(sh.chunks());
                self.lanewise(op::Eq, &c, &[&big, &z], sh);
                self.lanewise(op::CmovLogical, &t, &[&c, &z, &t], sh);
                // A NaN operand gives NaN (max and min skip NaNs), unless the other is
                // infinite: hypot(inf, NaN) = inf.
                let ny = self.sh.alloc(sh.chunks());
                self.lanewise(op::Ne, &c, &[x, x], sh);
                self.lanewise(op::Ne, &ny, &[y, y], sh);
                self.lanewise(op::Ior, &c, &[&c, &ny], sh);
                let nan = self.lit_chunks([0x7FC0_0000; 4], sh);
                self.lanewise(op::CmovLogical, &t, &[&c, &nan, &t], sh);
                let inf = lit(self, f32::INFINITY);
                self.lanewise(op::Eq, &c, &[&big, &inf], sh);
                self.lanewise(op::CmovLogical, d, &[&c, &inf, &t], sh);
            }
            MathFn::Pow => {
                // 2^(y log2 |x|), negative x only for integer y (odd y keeps the sign).
                let y = &xs[1];
                let abs = self.lit_chunks([0x7FFF_FFFF; 4], sh);
                let ax = self.sh.alloc(sh.chunks());
                self.lanewise(op::Iand, &ax, &[x, &abs], sh);
                let l = self.pow_pos_float(&ax, y, sh);
                // Sign: x < 0 and y an odd integer.
                let half = lit(self, 0.5);
                let h = self.sh.alloc(sh.chunks());
                self.lanewise(op::Mul, &h, &[y, &half], sh);
                let fr = self.sh.alloc(sh.chunks());
                self.lanewise(op::Frc, &fr, &[&h], sh);
                let odd = self.sh.alloc(sh.chunks());
                self.lanewise(op::Eq, &odd, &[&fr, &half], sh);
                // Only integers are odd: frc(y / 2) rounds to 1/2 for y = -0.99999994
                // too, which made pow(-0, y) -inf (found by kauai-runtime's math sweep).
                let yt = self.sh.alloc(sh.chunks());
                self.lanewise(op::RoundZ, &yt, &[y], sh);
                self.lanewise(op::Eq, &yt, &[&yt, y], sh);
                self.lanewise(op::Iand, &odd, &[&odd, &yt], sh);
                let sign = self.lit_chunks([0x8000_0000; 4], sh);
                let s = self.sh.alloc(sh.chunks());
                self.lanewise(op::Iand, &s, &[x, &sign], sh);
                self.lanewise(op::Iand, &s, &[&s, &odd], sh);
                let r = self.sh.alloc(sh.chunks());
                self.lanewise(op::Ixor, &r, &[&l, &s], sh);
                // Negative x with a non-integer y is NaN.
                let yi = self.sh.alloc(sh.chunks());
                self.lanewise(op::RoundZ, &yi, &[y], sh);
                let nonint = self.sh.alloc(sh.chunks());
                self.lanewise(op::Ne, &nonint, &[&yi, y], sh);
                let z = lit(self, 0.0);
                let negx = self.sh.alloc(sh.chunks());
                self.lanewise(op::Lt, &negx, &[x, &z], sh);
                self.lanewise(op::Iand, &negx, &[&negx, &nonint], sh);
                // ... but pow(-inf, y) is +-inf or +-0 for every y.
                let (ninf, fin) = (lit(self, f32::NEG_INFINITY), self.sh.alloc(sh.chunks()));
                self.lanewise(op::Ne, &fin, &[x, &ninf], sh);
                self.lanewise(op::Iand, &negx, &[&negx, &fin], sh);
                let nan = self.lit_chunks([0x7FC0_0000; 4], sh);
                self.lanewise(op::CmovLogical, &r, &[&negx, &nan, &r], sh);
                // pow(x, +-0) and pow(1, y) are 1 for every x and y, NaN and infinities
                // included (0 * log2 0 and inf * log2 1 are NaN above).
                let one = lit(self, 1.0);
                let (y0, x1) = (self.sh.alloc(sh.chunks()), self.sh.alloc(sh.chunks()));
                self.lanewise(op::Eq, &y0, &[y, &z], sh);
                self.lanewise(op::Eq, &x1, &[x, &one], sh);
                self.lanewise(op::Ior, &y0, &[&y0, &x1], sh);
                // pow(-1, +-inf) is 1 too (C99 F.9.4.4).
                let (xm1, yinf) = (self.sh.alloc(sh.chunks()), self.sh.alloc(sh.chunks()));
                let (mone, inf) = (lit(self, -1.0), lit(self, f32::INFINITY));
                self.lanewise(op::Eq, &xm1, &[x, &mone], sh);
                self.lanewise(op::Iand, &yinf, &[y, &abs], sh);
                self.lanewise(op::Eq, &yinf, &[&yinf, &inf], sh);
                self.lanewise(op::Iand, &xm1, &[&xm1, &yinf], sh);
                self.lanewise(op::Ior, &y0, &[&y0, &xm1], sh);
                self.lanewise(op::CmovLogical, d, &[&y0, &one, &r], sh);
            }
            MathFn::Ldexp => {
                // x * 2^n, in two steps so that 2^n stays representable.
                let n = &xs[1];
                let nf = self.sh.alloc(sh.chunks());
                let (lo, hi) = (
                    self.lit_chunks([(-300i32) as u32; 4], sh),
                    self.lit_chunks([300; 4], sh),
                );
                let c = self.sh.alloc(sh.chunks());
                self.lanewise(op::Imax, &c, &[n, &lo], sh);
                self.lanewise(op::Imin, &c, &[&c, &hi], sh);
                self.lanewise(op::Itof, &nf, &[&c], sh);
                let half = lit(self, 0.5);
                let h = self.sh.alloc(sh.chunks());
                self.lanewise(op::Mul, &h, &[&nf, &half], sh);
                self.lanewise(op::RoundZ, &h, &[&h], sh);
                self.lanewise(op::Sub, &nf, &[&nf, &h], sh);
                self.lanewise(op::ExpVec, &h, &[&h], sh);
                self.lanewise(op::ExpVec, &nf, &[&nf], sh);
                let t = self.sh.alloc(sh.chunks());
                self.lanewise(op::Mul, &t, &[x, &h], sh);
                self.lanewise(op::Mul, d, &[&t, &nf], sh);
            }
            MathFn::Nextafter => {
                // One step of the bit pattern toward y; equal or NaN inputs special.
                let y = &xs[1];
                let zero = lit(self, 0.0);
                let (up, neg) = (self.sh.alloc(sh.chunks()), self.sh.alloc(sh.chunks()));
                self.lanewise(op::Lt, &up, &[x, y], sh);
                self.lanewise(op::Ilt, &neg, &[x, &zero], sh);
                let one = self.lit_chunks([1; 4], sh);
                let minus = self.lit_chunks([u32::MAX; 4], sh);
                let step = self.sh.alloc(sh.chunks());
                // Moving up adds 1 to positive bits and subtracts from negative ones.
                let dirn = self.sh.alloc(sh.chunks());
                self.lanewise(op::Ixor, &dirn, &[&up, &neg], sh);
                self.lanewise(op::CmovLogical, &step, &[&dirn, &one, &minus], sh);
                let t = self.sh.alloc(sh.chunks());
                self.lanewise(op::Iadd, &t, &[x, &step], sh);
                // From +-0 the next value is the smallest subnormal with y's sign.
                let isz = self.sh.alloc(sh.chunks());
                self.lanewise(op::Eq, &isz, &[x, &zero], sh);
                let tiny = self.sh.alloc(sh.chunks());
                let sign = self.lit_chunks([0x8000_0000; 4], sh);
                self.lanewise(op::Iand, &tiny, &[y, &sign], sh);
                self.lanewise(op::Ior, &tiny, &[&tiny, &one], sh);
                self.lanewise(op::CmovLogical, &t, &[&isz, &tiny, &t], sh);
                let eq = self.sh.alloc(sh.chunks());
                self.lanewise(op::Eq, &eq, &[x, y], sh);
                self.lanewise(op::CmovLogical, &t, &[&eq, y, &t], sh);
                let nan = self.sh.alloc(sh.chunks());
                self.lanewise(op::Ne, &nan, &[x, x], sh);
                let nan2 = self.sh.alloc(sh.chunks());
                self.lanewise(op::Ne, &nan2, &[y, y], sh);
                self.lanewise(op::Ior, &nan, &[&nan, &nan2], sh);
                let sum = self.sh.alloc(sh.chunks());
                self.lanewise(op::Add, &sum, &[x, y], sh);
                self.lanewise(op::CmovLogical, d, &[&nan, &sum, &t], sh);
            }
            other => return self.float_math(other, xs, sh, d),
        }
        Ok(())
    }
}
