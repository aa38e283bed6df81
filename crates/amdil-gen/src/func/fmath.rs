//! Single-precision math functions without an IL instruction, as lane-wise sequences of
//! float instructions: argument reduction, then short series (a float needs about 24
//! bits), with the special cases OpenCL names (NaN, infinities, signed zeros).

use super::*;

impl FnGen<'_, '_> {
    /// `op` lane-wise into fresh registers.
    fn fo(&mut self, op: &str, srcs: &[&VLoc], sh: Shape) -> VLoc {
        let t = self.sh.alloc(sh.chunks());
        self.lanewise(op, &t, srcs, sh);
        t
    }

    fn fl(&mut self, v: f32, sh: Shape) -> VLoc {
        self.lit_chunks([v.to_bits(); 4], sh)
    }

    fn fabs(&mut self, x: &VLoc, sh: Shape) -> VLoc {
        let m = self.lit_chunks([0x7FFF_FFFF; 4], sh);
        self.fo("iand", &[x, &m], sh)
    }

    /// |v| with the sign of `s`.
    fn with_sign(&mut self, v: &VLoc, s: &VLoc, sh: Shape) -> VLoc {
        let m = self.lit_chunks([0x7FFF_FFFF; 4], sh);
        self.fo("bfi", &[&m, v, s], sh)
    }

    /// Horner in `v`, coefficients lowest first.
    fn fhorner(&mut self, v: &VLoc, c: &[f32], sh: Shape) -> VLoc {
        let mut acc = self.fl(c[c.len() - 1], sh);
        for k in (0..c.len() - 1).rev() {
            let ck = self.fl(c[k], sh);
            acc = self.fo("mad", &[&acc, v, &ck], sh);
        }
        acc
    }

    fn fexp(&mut self, x: &VLoc, sh: Shape) -> R<VLoc> {
        let t = self.sh.alloc(sh.chunks());
        self.math_into(MathFn::Exp, x, sh, &t)?;
        Ok(t)
    }

    fn flog(&mut self, x: &VLoc, sh: Shape) -> VLoc {
        let t = self.fo("log_vec", &[x], sh);
        let k = self.fl(std::f32::consts::LN_2, sh);
        self.fo("mul", &[&t, &k], sh)
    }

    fn math_into(&mut self, f: MathFn, x: &VLoc, sh: Shape, d: &VLoc) -> R {
        self.math_locs(f, std::slice::from_ref(x), sh, d)
    }

    /// atan on [0, inf]: reduce to |t| <= tan(pi/12) (1/x above 1, then the pi/6 shift),
    /// series of degree 15.
    fn atan_pos(&mut self, a: &VLoc, sh: Shape) -> VLoc {
        let one = self.fl(1.0, sh);
        let big = self.fo("lt", &[&one, a], sh);
        let inv = self.fo("div", &[&one, a], sh);
        let y = self.fo("cmov_logical", &[&big, &inv, a], sh);
        // y in [0, 1]: y > 2 - sqrt(3) uses atan y = pi/6 + atan((sqrt3 y - 1)/(sqrt3 + y)).
        let r3 = self.fl(3f32.sqrt(), sh);
        let lim = self.fl(0.267_949_2, sh);
        let shift = self.fo("lt", &[&lim, &y], sh);
        let mone = self.fl(-1.0, sh);
        let num = self.fo("mad", &[&r3, &y, &mone], sh);
        let den = self.fo("add", &[&r3, &y], sh);
        let q = self.fo("div", &[&num, &den], sh);
        let t = self.fo("cmov_logical", &[&shift, &q, &y], sh);
        let t2 = self.fo("mul", &[&t, &t], sh);
        let c: Vec<f32> = (0..8)
            .map(|k| (if k % 2 == 0 { 1.0 } else { -1.0 }) / (2 * k + 1) as f32)
            .collect();
        let p = self.fhorner(&t2, &c, sh);
        let at = self.fo("mul", &[&t, &p], sh);
        let pi6 = self.fl(std::f32::consts::FRAC_PI_6, sh);
        let at2 = self.fo("add", &[&at, &pi6], sh);
        let r = self.fo("cmov_logical", &[&shift, &at2, &at], sh);
        let pi2 = self.fl(std::f32::consts::FRAC_PI_2, sh);
        let rr = self.fo("sub", &[&pi2, &r], sh);
        self.fo("cmov_logical", &[&big, &rr, &r], sh)
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
                let om = self.fo("sub", &[&one, x], sh);
                let op = self.fo("add", &[&one, x], sh);
                let r = if f == MathFn::Asin {
                    let p = self.fo("mul", &[&om, &op], sh);
                    let s = self.fo("sqrt_vec", &[&p], sh);
                    let q = self.fo("div", &[&a, &s], sh);
                    let r = self.atan_pos(&q, sh);
                    self.with_sign(&r, x, sh)
                } else {
                    let q = self.fo("div", &[&om, &op], sh);
                    let s = self.fo("sqrt_vec", &[&q], sh);
                    let r = self.atan_pos(&s, sh);
                    self.fo("add", &[&r, &r], sh)
                };
                // |x| > 1 is NaN.
                let bad = self.fo("lt", &[&one, &a], sh);
                let nan = self.lit_chunks([0x7FC0_0000; 4], sh);
                self.lanewise("cmov_logical", d, &[&bad, &nan, &r], sh);
            }
            MathFn::Atan2 => {
                // atan2(y, x): the first operand is y.
                let (y, x) = (&xs[0], &xs[1]);
                let ax = self.fabs(x, sh);
                let ay = self.fabs(y, sh);
                // atan(|y| / |x|) on the first quadrant, then mirrored.
                let q = self.fo("div", &[&ay, &ax], sh);
                let r = self.atan_pos(&q, sh);
                // Both infinite: pi/4 (the quotient is NaN).
                let inf = self.fl(f32::INFINITY, sh);
                let xi = self.fo("eq", &[&ax, &inf], sh);
                let yi = self.fo("eq", &[&ay, &inf], sh);
                let both = self.fo("iand", &[&xi, &yi], sh);
                let pi4 = self.fl(std::f32::consts::FRAC_PI_4, sh);
                let r = self.fo("cmov_logical", &[&both, &pi4, &r], sh);
                // y = x = 0: 0 (the quotient is NaN).
                let z = self.fl(0.0, sh);
                let x0 = self.fo("eq", &[&ax, &z], sh);
                let y0 = self.fo("eq", &[&ay, &z], sh);
                let b0 = self.fo("iand", &[&x0, &y0], sh);
                let r = self.fo("cmov_logical", &[&b0, &z, &r], sh);
                // x negative (sign bit): pi - r.
                let xneg = self.fo("ilt", &[x, &z], sh);
                let pi = self.fl(std::f32::consts::PI, sh);
                let pr = self.fo("sub", &[&pi, &r], sh);
                let r = self.fo("cmov_logical", &[&xneg, &pr, &r], sh);
                // The sign of y; NaN inputs give NaN.
                let r = self.with_sign(&r, y, sh);
                let nx = self.fo("ne", &[x, x], sh);
                let ny = self.fo("ne", &[y, y], sh);
                let n = self.fo("ior", &[&nx, &ny], sh);
                let s = self.fo("add", &[x, y], sh);
                self.lanewise("cmov_logical", d, &[&n, &s, &r], sh);
            }
            MathFn::Sinh | MathFn::Tanh | MathFn::Expm1 | MathFn::Cosh => {
                let a = self.fabs(x, sh);
                let e = self.fexp(&a, sh)?;
                let one = self.fl(1.0, sh);
                let half = self.fl(0.5, sh);
                let ie = self.fo("div", &[&one, &e], sh);
                let x2 = self.fo("mul", &[x, x], sh);
                let (large, small) = match f {
                    MathFn::Cosh => {
                        let s = self.fo("add", &[&e, &ie], sh);
                        let r = self.fo("mul", &[&s, &half], sh);
                        self.copy(d, &r, sh);
                        return Ok(());
                    }
                    MathFn::Sinh => {
                        let s = self.fo("sub", &[&e, &ie], sh);
                        let l = self.fo("mul", &[&s, &half], sh);
                        let c: Vec<f32> = (0..6)
                            .map(|k| 1.0 / (1..=(2 * k + 1)).map(|v| v as f32).product::<f32>())
                            .collect();
                        let p = self.fhorner(&x2, &c, sh);
                        let sm = self.fo("mul", &[x, &p], sh);
                        (self.with_sign(&l, x, sh), sm)
                    }
                    MathFn::Tanh => {
                        // 1 - 2 / (e^(2|x|) + 1); small |x|: x - x^3/3 + 2x^5/15 - ...
                        let e2 = self.fo("mul", &[&e, &e], sh);
                        let den = self.fo("add", &[&e2, &one], sh);
                        let two = self.fl(2.0, sh);
                        let q = self.fo("div", &[&two, &den], sh);
                        let l = self.fo("sub", &[&one, &q], sh);
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
                        let sm = self.fo("mul", &[x, &p], sh);
                        (self.with_sign(&l, x, sh), sm)
                    }
                    _ => {
                        // e^x - 1; small |x|: series to x^9/9!.
                        let ex = self.fexp(x, sh)?;
                        let l = self.fo("sub", &[&ex, &one], sh);
                        let c: Vec<f32> = (0..9)
                            .map(|k| 1.0 / (1..=(k + 1)).map(|v| v as f32).product::<f32>())
                            .collect();
                        let p = self.fhorner(x, &c, sh);
                        let sm = self.fo("mul", &[x, &p], sh);
                        (l, sm)
                    }
                };
                let lim = self.fl(0.5, sh);
                let is_small = self.fo("lt", &[&a, &lim], sh);
                self.lanewise("cmov_logical", d, &[&is_small, &small, &large], sh);
            }
            MathFn::Asinh | MathFn::Acosh | MathFn::Atanh | MathFn::Log1p => {
                let one = self.fl(1.0, sh);
                let a = self.fabs(x, sh);
                // log(1 + u) accurately: v = 1 + u; log(v) * u / (v - 1) (v != 1).
                let log1p = |g: &mut Self, u: &VLoc| -> VLoc {
                    let v = g.fo("add", &[&one, u], sh);
                    let l = g.flog(&v, sh);
                    let vm = g.fo("sub", &[&v, &one], sh);
                    let q = g.fo("div", &[u, &vm], sh);
                    let r = g.fo("mul", &[&l, &q], sh);
                    let exact = g.fo("eq", &[&vm, &u.clone()], sh);
                    let r = g.fo("cmov_logical", &[&exact, &l, &r], sh);
                    let same = g.fo("eq", &[&v, &one], sh);
                    g.fo("cmov_logical", &[&same, u, &r], sh)
                };
                let r = match f {
                    MathFn::Log1p => {
                        let r = log1p(self, x);
                        // log1p(inf) = inf, below -1 NaN: log's own answers there.
                        let big = self.fl(1e30, sh);
                        let l = self.fo("add", &[&one, x], sh);
                        let ll = self.flog(&l, sh);
                        let out = self.fo("lt", &[&big, &a], sh);
                        self.fo("cmov_logical", &[&out, &ll, &r], sh)
                    }
                    MathFn::Asinh => {
                        // sign(x) log1p(|x| + x^2 / (1 + sqrt(1 + x^2))); huge |x|: log 2|x|.
                        let x2 = self.fo("mul", &[&a, &a], sh);
                        let s = self.fo("add", &[&one, &x2], sh);
                        let s = self.fo("sqrt_vec", &[&s], sh);
                        let s = self.fo("add", &[&one, &s], sh);
                        let q = self.fo("div", &[&x2, &s], sh);
                        let u = self.fo("add", &[&a, &q], sh);
                        let r = log1p(self, &u);
                        let big = self.fl(1e18, sh);
                        let ln2 = self.fl(std::f32::consts::LN_2, sh);
                        let la = self.flog(&a, sh);
                        let lb = self.fo("add", &[&la, &ln2], sh);
                        let h = self.fo("lt", &[&big, &a], sh);
                        let r = self.fo("cmov_logical", &[&h, &lb, &r], sh);
                        self.with_sign(&r, x, sh)
                    }
                    MathFn::Acosh => {
                        // log1p((x - 1) + sqrt((x - 1)(x + 1))); huge x: log 2x.
                        let xm = self.fo("sub", &[x, &one], sh);
                        let xp = self.fo("add", &[x, &one], sh);
                        let p = self.fo("mul", &[&xm, &xp], sh);
                        let s = self.fo("sqrt_vec", &[&p], sh);
                        let u = self.fo("add", &[&xm, &s], sh);
                        let r = log1p(self, &u);
                        let big = self.fl(1e18, sh);
                        let ln2 = self.fl(std::f32::consts::LN_2, sh);
                        let la = self.flog(x, sh);
                        let lb = self.fo("add", &[&la, &ln2], sh);
                        let h = self.fo("lt", &[&big, x], sh);
                        let r = self.fo("cmov_logical", &[&h, &lb, &r], sh);
                        let bad = self.fo("lt", &[x, &one], sh);
                        let nan = self.lit_chunks([0x7FC0_0000; 4], sh);
                        self.fo("cmov_logical", &[&bad, &nan, &r], sh)
                    }
                    _ => {
                        // atanh x = sign(x) log1p(2|x| / (1 - |x|)) / 2.
                        let om = self.fo("sub", &[&one, &a], sh);
                        let two = self.fo("add", &[&a, &a], sh);
                        let q = self.fo("div", &[&two, &om], sh);
                        let r = log1p(self, &q);
                        let half = self.fl(0.5, sh);
                        let r = self.fo("mul", &[&r, &half], sh);
                        let r = self.with_sign(&r, x, sh);
                        let bad = self.fo("lt", &[&one, &a], sh);
                        let nan = self.lit_chunks([0x7FC0_0000; 4], sh);
                        self.fo("cmov_logical", &[&bad, &nan, &r], sh)
                    }
                };
                // NaN in, NaN out.
                let n = self.fo("ne", &[x, x], sh);
                self.lanewise("cmov_logical", d, &[&n, x, &r], sh);
            }
            MathFn::Cbrt => {
                // 2^(log2|x| / 3), one Newton step, x's sign; 0, inf and NaN unchanged.
                let a = self.fabs(x, sh);
                let l = self.fo("log_vec", &[&a], sh);
                let third = self.fl(1.0 / 3.0, sh);
                let l = self.fo("mul", &[&l, &third], sh);
                let y = self.fo("exp_vec", &[&l], sh);
                let y2 = self.fo("mul", &[&y, &y], sh);
                let q = self.fo("div", &[&a, &y2], sh);
                let two = self.fl(2.0, sh);
                let t = self.fo("mad", &[&y, &two, &q], sh);
                let y = self.fo("mul", &[&t, &third], sh);
                let r = self.with_sign(&y, x, sh);
                let z = self.fl(0.0, sh);
                let inf = self.fl(f32::INFINITY, sh);
                let is0 = self.fo("eq", &[&a, &z], sh);
                let isi = self.fo("eq", &[&a, &inf], sh);
                let n = self.fo("ne", &[x, x], sh);
                let keep = self.fo("ior", &[&is0, &isi], sh);
                let keep = self.fo("ior", &[&keep, &n], sh);
                self.lanewise("cmov_logical", d, &[&keep, x, &r], sh);
            }
            MathFn::Remainder => {
                // a = fmod(|x|, 2|y|) exactly; the quotient's parity decides ties.
                let y = &xs[1];
                let ax = self.fabs(x, sh);
                let ay = self.fabs(y, sh);
                let y2 = self.fo("add", &[&ay, &ay], sh);
                let a = self.fo("mod", &[&ax, &y2], sh);
                let half = self.fl(0.5, sh);
                let hy = self.fo("mul", &[&ay, &half], sh);
                let three = self.fl(1.5, sh);
                let h3 = self.fo("mul", &[&ay, &three], sh);
                let r1 = self.fo("sub", &[&a, &ay], sh);
                let r2 = self.fo("sub", &[&a, &y2], sh);
                // a <= |y|/2: a; a < 3|y|/2: a - |y|; else a - 2|y| (3|y|/2 ties go even).
                let le = self.fo("ge", &[&hy, &a], sh);
                let lt3 = self.fo("lt", &[&a, &h3], sh);
                let r = self.fo("cmov_logical", &[&lt3, &r1, &r2], sh);
                let r = self.fo("cmov_logical", &[&le, &a, &r], sh);
                // 2|y| overflowing: fmod(|x|, |y|) then one step.
                let inf = self.fl(f32::INFINITY, sh);
                let ov = self.fo("eq", &[&y2, &inf], sh);
                let b = self.fo("mod", &[&ax, &ay], sh);
                let bs = self.fo("sub", &[&b, &ay], sh);
                let gt = self.fo("lt", &[&hy, &b], sh);
                let rb = self.fo("cmov_logical", &[&gt, &bs, &b], sh);
                let r = self.fo("cmov_logical", &[&ov, &rb, &r], sh);
                // The sign of x (ixor keeps -0 results signed as C does).
                let sign = self.lit_chunks([0x8000_0000; 4], sh);
                let s = self.fo("iand", &[x, &sign], sh);
                let r = self.fo("ixor", &[&r, &s], sh);
                // NaN for y = 0, x infinite, or NaN operands (fmod gives those).
                let n = self.fo("ne", &[&a, &a], sh);
                self.lanewise("cmov_logical", d, &[&n, &a, &r], sh);
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
