//! Single-precision math functions without an IL instruction, as lane-wise sequences of
//! float instructions: argument reduction, then short series (a float needs about 24
//! bits), with the special cases OpenCL names (NaN, infinities, signed zeros).

use super::*;

impl FnGen<'_, '_> {
    /// `op` lane-wise into fresh registers.
    fn fo(&mut self, op: Opcode, srcs: &[&VLoc], sh: Shape) -> VLoc {
        let t = self.sh.alloc(sh.chunks());
        self.lanewise(op, &t, srcs, sh);
        t
    }

    fn fl(&mut self, v: f32, sh: Shape) -> VLoc {
        self.lit_chunks([v.to_bits(); 4], sh)
    }

    fn fabs(&mut self, x: &VLoc, sh: Shape) -> VLoc {
        let m = self.lit_chunks([0x7FFF_FFFF; 4], sh);
        self.fo(Opcode::Iand, &[x, &m], sh)
    }

    /// |v| with the sign of `s`.
    fn with_sign(&mut self, v: &VLoc, s: &VLoc, sh: Shape) -> VLoc {
        let m = self.lit_chunks([0x7FFF_FFFF; 4], sh);
        self.fo(Opcode::Bfi, &[&m, v, s], sh)
    }

    /// Horner in `v`, coefficients lowest first.
    fn fhorner(&mut self, v: &VLoc, c: &[f32], sh: Shape) -> VLoc {
        let mut acc = self.fl(c[c.len() - 1], sh);
        for k in (0..c.len() - 1).rev() {
            let ck = self.fl(c[k], sh);
            acc = self.fo(Opcode::Mad, &[&acc, v, &ck], sh);
        }
        acc
    }

    fn fexp(&mut self, x: &VLoc, sh: Shape) -> R<VLoc> {
        let t = self.sh.alloc(sh.chunks());
        self.math_into(MathFn::Exp, x, sh, &t)?;
        Ok(t)
    }

    fn flog(&mut self, x: &VLoc, sh: Shape) -> VLoc {
        let t = self.fo(Opcode::LogVec, &[x], sh);
        let k = self.fl(std::f32::consts::LN_2, sh);
        self.fo(Opcode::Mul, &[&t, &k], sh)
    }

    fn math_into(&mut self, f: MathFn, x: &VLoc, sh: Shape, d: &VLoc) -> R {
        self.math_locs(f, std::slice::from_ref(x), sh, d)
    }

    /// atan on [0, inf]: reduce to |t| <= tan(pi/12) (1/x above 1, then the pi/6 shift),
    /// series of degree 15.
    fn atan_pos(&mut self, a: &VLoc, sh: Shape) -> VLoc {
        let one = self.fl(1.0, sh);
        let big = self.fo(Opcode::Lt, &[&one, a], sh);
        let inv = self.fo(Opcode::Div, &[&one, a], sh);
        let y = self.fo(Opcode::CmovLogical, &[&big, &inv, a], sh);
        // y in [0, 1]: y > 2 - sqrt(3) uses atan y = pi/6 + atan((sqrt3 y - 1)/(sqrt3 + y)).
        let r3 = self.fl(3f32.sqrt(), sh);
        let lim = self.fl(0.267_949_2, sh);
        let shift = self.fo(Opcode::Lt, &[&lim, &y], sh);
        let mone = self.fl(-1.0, sh);
        let num = self.fo(Opcode::Mad, &[&r3, &y, &mone], sh);
        let den = self.fo(Opcode::Add, &[&r3, &y], sh);
        let q = self.fo(Opcode::Div, &[&num, &den], sh);
        let t = self.fo(Opcode::CmovLogical, &[&shift, &q, &y], sh);
        let t2 = self.fo(Opcode::Mul, &[&t, &t], sh);
        let c: Vec<f32> = (0..8)
            .map(|k| (if k % 2 == 0 { 1.0 } else { -1.0 }) / (2 * k + 1) as f32)
            .collect();
        let p = self.fhorner(&t2, &c, sh);
        let at = self.fo(Opcode::Mul, &[&t, &p], sh);
        let pi6 = self.fl(std::f32::consts::FRAC_PI_6, sh);
        let at2 = self.fo(Opcode::Add, &[&at, &pi6], sh);
        let r = self.fo(Opcode::CmovLogical, &[&shift, &at2, &at], sh);
        let pi2 = self.fl(std::f32::consts::FRAC_PI_2, sh);
        let rr = self.fo(Opcode::Sub, &[&pi2, &r], sh);
        self.fo(Opcode::CmovLogical, &[&big, &rr, &r], sh)
    }

    /// The single-precision functions IL has no instruction for.
    pub(super) fn float_math(&mut self, f: MathFn, xs: &[VLoc], sh: Shape, d: &VLoc) -> R {
        let x = &xs[0];
        match f {
            MathFn::Atan => {
                let a = self.fabs(x, sh);
                let r = self.atan_pos(&a, sh);
                let r = self.with_sign(&r, x, sh);
                // NaN stays NaN (the sign trick keeps it).
                self.copy(d, &r, sh);
            }
            MathFn::Asin | MathFn::Acos => {
                // asin x = atan(x / sqrt((1 - x)(1 + x))); acos x = 2 atan(sqrt((1-x)/(1+x))).
                let one = self.fl(1.0, sh);
                let a = self.fabs(x, sh);
                let om = self.fo(Opcode::Sub, &[&one, x], sh);
                let op = self.fo(Opcode::Add, &[&one, x], sh);
                let r = if f == MathFn::Asin {
                    let p = self.fo(Opcode::Mul, &[&om, &op], sh);
                    let s = self.fo(Opcode::SqrtVec, &[&p], sh);
                    let q = self.fo(Opcode::Div, &[&a, &s], sh);
                    let r = self.atan_pos(&q, sh);
                    self.with_sign(&r, x, sh)
                } else {
                    let q = self.fo(Opcode::Div, &[&om, &op], sh);
                    let s = self.fo(Opcode::SqrtVec, &[&q], sh);
                    let r = self.atan_pos(&s, sh);
                    self.fo(Opcode::Add, &[&r, &r], sh)
                };
                // |x| > 1 is NaN.
                let bad = self.fo(Opcode::Lt, &[&one, &a], sh);
                let nan = self.lit_chunks([0x7FC0_0000; 4], sh);
                self.lanewise(Opcode::CmovLogical, d, &[&bad, &nan, &r], sh);
            }
            MathFn::Atan2 => {
                // atan2(y, x): the first operand is y.
                let (y, x) = (&xs[0], &xs[1]);
                let ax = self.fabs(x, sh);
                let ay = self.fabs(y, sh);
                // atan(|y| / |x|) on the first quadrant, then mirrored.
                let q = self.fo(Opcode::Div, &[&ay, &ax], sh);
                let r = self.atan_pos(&q, sh);
                // Both infinite: pi/4 (the quotient is NaN).
                let inf = self.fl(f32::INFINITY, sh);
                let xi = self.fo(Opcode::Eq, &[&ax, &inf], sh);
                let yi = self.fo(Opcode::Eq, &[&ay, &inf], sh);
                let both = self.fo(Opcode::Iand, &[&xi, &yi], sh);
                let pi4 = self.fl(std::f32::consts::FRAC_PI_4, sh);
                let r = self.fo(Opcode::CmovLogical, &[&both, &pi4, &r], sh);
                // y = x = 0: 0 (the quotient is NaN).
                let z = self.fl(0.0, sh);
                let x0 = self.fo(Opcode::Eq, &[&ax, &z], sh);
                let y0 = self.fo(Opcode::Eq, &[&ay, &z], sh);
                let b0 = self.fo(Opcode::Iand, &[&x0, &y0], sh);
                let r = self.fo(Opcode::CmovLogical, &[&b0, &z, &r], sh);
                // x negative (sign bit): pi - r.
                let xneg = self.fo(Opcode::Ilt, &[x, &z], sh);
                let pi = self.fl(std::f32::consts::PI, sh);
                let pr = self.fo(Opcode::Sub, &[&pi, &r], sh);
                let r = self.fo(Opcode::CmovLogical, &[&xneg, &pr, &r], sh);
                // The sign of y; NaN inputs give NaN.
                let r = self.with_sign(&r, y, sh);
                let nx = self.fo(Opcode::Ne, &[x, x], sh);
                let ny = self.fo(Opcode::Ne, &[y, y], sh);
                let n = self.fo(Opcode::Ior, &[&nx, &ny], sh);
                let s = self.fo(Opcode::Add, &[x, y], sh);
                self.lanewise(Opcode::CmovLogical, d, &[&n, &s, &r], sh);
            }
            MathFn::Sinh | MathFn::Tanh | MathFn::Expm1 | MathFn::Cosh => {
                let a = self.fabs(x, sh);
                let e = self.fexp(&a, sh)?;
                let one = self.fl(1.0, sh);
                let half = self.fl(0.5, sh);
                let ie = self.fo(Opcode::Div, &[&one, &e], sh);
                let x2 = self.fo(Opcode::Mul, &[x, x], sh);
                let (large, small) = match f {
                    MathFn::Cosh => {
                        let s = self.fo(Opcode::Add, &[&e, &ie], sh);
                        let r = self.fo(Opcode::Mul, &[&s, &half], sh);
                        self.copy(d, &r, sh);
                        return Ok(());
                    }
                    MathFn::Sinh => {
                        let s = self.fo(Opcode::Sub, &[&e, &ie], sh);
                        let l = self.fo(Opcode::Mul, &[&s, &half], sh);
                        let c: Vec<f32> = (0..6)
                            .map(|k| 1.0 / (1..=(2 * k + 1)).map(|v| v as f32).product::<f32>())
                            .collect();
                        let p = self.fhorner(&x2, &c, sh);
                        let sm = self.fo(Opcode::Mul, &[x, &p], sh);
                        (self.with_sign(&l, x, sh), sm)
                    }
                    MathFn::Tanh => {
                        // 1 - 2 / (e^(2|x|) + 1); small |x|: x - x^3/3 + 2x^5/15 - ...
                        let e2 = self.fo(Opcode::Mul, &[&e, &e], sh);
                        let den = self.fo(Opcode::Add, &[&e2, &one], sh);
                        let two = self.fl(2.0, sh);
                        let q = self.fo(Opcode::Div, &[&two, &den], sh);
                        let l = self.fo(Opcode::Sub, &[&one, &q], sh);
                        let c = [
                            1.0,
                            -1.0 / 3.0,
                            2.0 / 15.0,
                            -17.0 / 315.0,
                            62.0 / 2835.0,
                            -1382.0 / 155_925.0,
                            21844.0 / 6_081_075.0,
                        ];
                        let p = self.fhorner(&x2, &c, sh);
                        let sm = self.fo(Opcode::Mul, &[x, &p], sh);
                        (self.with_sign(&l, x, sh), sm)
                    }
                    _ => {
                        // e^x - 1; small |x|: series to x^9/9!.
                        let ex = self.fexp(x, sh)?;
                        let l = self.fo(Opcode::Sub, &[&ex, &one], sh);
                        let c: Vec<f32> = (0..9)
                            .map(|k| 1.0 / (1..=(k + 1)).map(|v| v as f32).product::<f32>())
                            .collect();
                        let p = self.fhorner(x, &c, sh);
                        let sm = self.fo(Opcode::Mul, &[x, &p], sh);
                        (l, sm)
                    }
                };
                let lim = self.fl(0.5, sh);
                let is_small = self.fo(Opcode::Lt, &[&a, &lim], sh);
                self.lanewise(Opcode::CmovLogical, d, &[&is_small, &small, &large], sh);
            }
            MathFn::Asinh | MathFn::Acosh | MathFn::Atanh | MathFn::Log1p => {
                let one = self.fl(1.0, sh);
                let a = self.fabs(x, sh);
                // log(1 + u) accurately: v = 1 + u; log(v) * u / (v - 1) (v != 1).
                let log1p = |g: &mut Self, u: &VLoc| -> VLoc {
                    let v = g.fo(Opcode::Add, &[&one, u], sh);
                    let l = g.flog(&v, sh);
                    let vm = g.fo(Opcode::Sub, &[&v, &one], sh);
                    let q = g.fo(Opcode::Div, &[u, &vm], sh);
                    let r = g.fo(Opcode::Mul, &[&l, &q], sh);
                    let exact = g.fo(Opcode::Eq, &[&vm, &u.clone()], sh);
                    let r = g.fo(Opcode::CmovLogical, &[&exact, &l, &r], sh);
                    let same = g.fo(Opcode::Eq, &[&v, &one], sh);
                    g.fo(Opcode::CmovLogical, &[&same, u, &r], sh)
                };
                let r = match f {
                    MathFn::Log1p => {
                        let r = log1p(self, x);
                        // log1p(inf) = inf, below -1 NaN: log's own answers there.
                        let big = self.fl(1e30, sh);
                        let l = self.fo(Opcode::Add, &[&one, x], sh);
                        let ll = self.flog(&l, sh);
                        let out = self.fo(Opcode::Lt, &[&big, &a], sh);
                        self.fo(Opcode::CmovLogical, &[&out, &ll, &r], sh)
                    }
                    MathFn::Asinh => {
                        // sign(x) log1p(|x| + x^2 / (1 + sqrt(1 + x^2))); huge |x|: log 2|x|.
                        let x2 = self.fo(Opcode::Mul, &[&a, &a], sh);
                        let s = self.fo(Opcode::Add, &[&one, &x2], sh);
                        let s = self.fo(Opcode::SqrtVec, &[&s], sh);
                        let s = self.fo(Opcode::Add, &[&one, &s], sh);
                        let q = self.fo(Opcode::Div, &[&x2, &s], sh);
                        let u = self.fo(Opcode::Add, &[&a, &q], sh);
                        let r = log1p(self, &u);
                        let big = self.fl(1e18, sh);
                        let ln2 = self.fl(std::f32::consts::LN_2, sh);
                        let la = self.flog(&a, sh);
                        let lb = self.fo(Opcode::Add, &[&la, &ln2], sh);
                        let h = self.fo(Opcode::Lt, &[&big, &a], sh);
                        let r = self.fo(Opcode::CmovLogical, &[&h, &lb, &r], sh);
                        self.with_sign(&r, x, sh)
                    }
                    MathFn::Acosh => {
                        // log1p((x - 1) + sqrt((x - 1)(x + 1))); huge x: log 2x.
                        let xm = self.fo(Opcode::Sub, &[x, &one], sh);
                        let xp = self.fo(Opcode::Add, &[x, &one], sh);
                        let p = self.fo(Opcode::Mul, &[&xm, &xp], sh);
                        let s = self.fo(Opcode::SqrtVec, &[&p], sh);
                        let u = self.fo(Opcode::Add, &[&xm, &s], sh);
                        let r = log1p(self, &u);
                        let big = self.fl(1e18, sh);
                        let ln2 = self.fl(std::f32::consts::LN_2, sh);
                        let la = self.flog(x, sh);
                        let lb = self.fo(Opcode::Add, &[&la, &ln2], sh);
                        let h = self.fo(Opcode::Lt, &[&big, x], sh);
                        let r = self.fo(Opcode::CmovLogical, &[&h, &lb, &r], sh);
                        let bad = self.fo(Opcode::Lt, &[x, &one], sh);
                        let nan = self.lit_chunks([0x7FC0_0000; 4], sh);
                        self.fo(Opcode::CmovLogical, &[&bad, &nan, &r], sh)
                    }
                    _ => {
                        // atanh x = sign(x) log1p(2|x| / (1 - |x|)) / 2.
                        let om = self.fo(Opcode::Sub, &[&one, &a], sh);
                        let two = self.fo(Opcode::Add, &[&a, &a], sh);
                        let q = self.fo(Opcode::Div, &[&two, &om], sh);
                        let r = log1p(self, &q);
                        let half = self.fl(0.5, sh);
                        let r = self.fo(Opcode::Mul, &[&r, &half], sh);
                        let r = self.with_sign(&r, x, sh);
                        let bad = self.fo(Opcode::Lt, &[&one, &a], sh);
                        let nan = self.lit_chunks([0x7FC0_0000; 4], sh);
                        self.fo(Opcode::CmovLogical, &[&bad, &nan, &r], sh)
                    }
                };
                // NaN in, NaN out.
                let n = self.fo(Opcode::Ne, &[x, x], sh);
                self.lanewise(Opcode::CmovLogical, d, &[&n, x, &r], sh);
            }
            MathFn::Cbrt => {
                // 2^(log2|x| / 3), one Newton step, x's sign; 0, inf and NaN unchanged.
                let a = self.fabs(x, sh);
                let l = self.fo(Opcode::LogVec, &[&a], sh);
                let third = self.fl(1.0 / 3.0, sh);
                let l = self.fo(Opcode::Mul, &[&l, &third], sh);
                let y = self.fo(Opcode::ExpVec, &[&l], sh);
                let y2 = self.fo(Opcode::Mul, &[&y, &y], sh);
                let q = self.fo(Opcode::Div, &[&a, &y2], sh);
                let two = self.fl(2.0, sh);
                let t = self.fo(Opcode::Mad, &[&y, &two, &q], sh);
                let y = self.fo(Opcode::Mul, &[&t, &third], sh);
                let r = self.with_sign(&y, x, sh);
                let z = self.fl(0.0, sh);
                let inf = self.fl(f32::INFINITY, sh);
                let is0 = self.fo(Opcode::Eq, &[&a, &z], sh);
                let isi = self.fo(Opcode::Eq, &[&a, &inf], sh);
                let n = self.fo(Opcode::Ne, &[x, x], sh);
                let keep = self.fo(Opcode::Ior, &[&is0, &isi], sh);
                let keep = self.fo(Opcode::Ior, &[&keep, &n], sh);
                self.lanewise(Opcode::CmovLogical, d, &[&keep, x, &r], sh);
            }
            MathFn::Remainder => {
                // a = fmod(|x|, 2|y|) exactly; the quotient's parity decides ties.
                let y = &xs[1];
                let ax = self.fabs(x, sh);
                let ay = self.fabs(y, sh);
                let y2 = self.fo(Opcode::Add, &[&ay, &ay], sh);
                let a = self.fo(Opcode::Mod, &[&ax, &y2], sh);
                let half = self.fl(0.5, sh);
                let hy = self.fo(Opcode::Mul, &[&ay, &half], sh);
                let three = self.fl(1.5, sh);
                let h3 = self.fo(Opcode::Mul, &[&ay, &three], sh);
                let r1 = self.fo(Opcode::Sub, &[&a, &ay], sh);
                let r2 = self.fo(Opcode::Sub, &[&a, &y2], sh);
                // a <= |y|/2: a; a < 3|y|/2: a - |y|; else a - 2|y| (3|y|/2 ties go even).
                let le = self.fo(Opcode::Ge, &[&hy, &a], sh);
                let lt3 = self.fo(Opcode::Lt, &[&a, &h3], sh);
                let r = self.fo(Opcode::CmovLogical, &[&lt3, &r1, &r2], sh);
                let r = self.fo(Opcode::CmovLogical, &[&le, &a, &r], sh);
                // 2|y| overflowing: fmod(|x|, |y|) then one step.
                let inf = self.fl(f32::INFINITY, sh);
                let ov = self.fo(Opcode::Eq, &[&y2, &inf], sh);
                let b = self.fo(Opcode::Mod, &[&ax, &ay], sh);
                let bs = self.fo(Opcode::Sub, &[&b, &ay], sh);
                let gt = self.fo(Opcode::Lt, &[&hy, &b], sh);
                let rb = self.fo(Opcode::CmovLogical, &[&gt, &bs, &b], sh);
                let r = self.fo(Opcode::CmovLogical, &[&ov, &rb, &r], sh);
                // The sign of x (ixor keeps -0 results signed as C does).
                let sign = self.lit_chunks([0x8000_0000; 4], sh);
                let s = self.fo(Opcode::Iand, &[x, &sign], sh);
                let r = self.fo(Opcode::Ixor, &[&r, &s], sh);
                // NaN for y = 0, x infinite, or NaN operands (fmod gives those).
                let n = self.fo(Opcode::Ne, &[&a, &a], sh);
                self.lanewise(Opcode::CmovLogical, d, &[&n, &a, &r], sh);
            }
            other => {
                return unsupported(format!(
                    "the math function `{}` on the amdil target",
                    other.name()
                ))
            }
        }
        Ok(())
    }
}
