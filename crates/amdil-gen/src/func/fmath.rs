//! Single-precision math functions without an IL instruction, as lane-wise sequences of
//! float instructions: argument reduction, then short series (a float needs about 24
//! bits), with the special cases OpenCL names (NaN, infinities, signed zeros).

use super::*;

/// erfc(a) e^(a^2) on [lo, hi), as a polynomial in a - mid (lowest degree first):
/// degree-8 Chebyshev fits made with mpmath (`chebyfit`), rounded to float; with
/// float Horner they are within 2 ulp of the function.
const ERFC_SCALED: [(f32, f32, [f32; 9]); 6] = [
    (
        0.5,
        0.75,
        [
            5.069376e-1,
            -3.679727e-1,
            2.3095813e-1,
            -1.2983617e-1,
            6.679058e-2,
            -3.1890973e-2,
            1.42868785e-2,
            -6.1851516e-3,
            2.4869626e-3,
        ],
    ),
    (
        1.0,
        1.375,
        [
            3.432959e-1,
            -1.8431547e-1,
            8.9862116e-2,
            -4.0503517e-2,
            1.7085038e-2,
            -6.800888e-3,
            2.5750226e-3,
            -9.670742e-4,
            3.3493896e-4,
        ],
    ),
    (
        1.75,
        2.25,
        [
            2.3108725e-1,
            -8.84865e-2,
            3.1992625e-2,
            -1.1002122e-2,
            3.6190122e-3,
            -1.142838e-3,
            3.4829514e-4,
            -1.0743064e-4,
            3.0624597e-5,
        ],
    ),
    (
        2.75,
        3.375,
        [
            1.6063108e-1,
            -4.411946e-2,
            1.17279e-2,
            -3.0252119e-3,
            7.58934e-4,
            -1.8538155e-4,
            4.4233486e-5,
            -1.0799114e-5,
            2.4604547e-6,
        ],
    ),
    (
        4.0,
        5.0,
        [
            1.1070464e-1,
            -2.133279e-2,
            4.0406887e-3,
            -7.5290835e-4,
            1.3810437e-4,
            -2.4912564e-5,
            4.437362e-6,
            -8.349948e-7,
            1.4447004e-7,
        ],
    ),
    (
        6.0,
        8.0,
        [
            6.9985166e-2,
            -8.616504e-3,
            1.0531028e-3,
            -1.2780039e-4,
            1.539913e-5,
            -1.83196e-6,
            2.1778055e-7,
            -2.9314254e-8,
            3.4333048e-9,
        ],
    ),
];

/// Γ on [1, 2] as a polynomial in x - 3/2 (lowest degree first): a degree-10
/// Chebyshev fit made with mpmath (`chebyfit`), rounded to float; with float Horner
/// within 1.1 ulp of Γ.
const GAMMA_1_2: [f32; 11] = [
    8.8622695e-1,
    3.2338288e-2,
    4.1481352e-1,
    -1.0728597e-1,
    1.4463946e-1,
    -7.7718124e-2,
    5.874045e-2,
    -3.6269315e-2,
    2.4681618e-2,
    -2.3729136e-2,
    1.5863866e-2,
];

impl FnGen<'_, '_> {
    /// `op` lane-wise into fresh registers.
    fn fo<O: OpSpec, const N: usize>(&mut self, o: O, srcs: &[&VLoc; N], sh: Shape) -> VLoc {
        let t = self.sh.alloc(sh.chunks());
        self.lanewise(o, &t, srcs, sh);
        t
    }

    fn fl(&mut self, v: f32, sh: Shape) -> VLoc {
        self.lit_chunks([v.to_bits(); 4], sh)
    }

    fn fabs(&mut self, x: &VLoc, sh: Shape) -> VLoc {
        let m = self.lit_chunks([0x7FFF_FFFF; 4], sh);
        self.fo(op::Iand, &[x, &m], sh)
    }

    /// -x (the sign bit flipped).
    fn fneg(&mut self, x: &VLoc, sh: Shape) -> VLoc {
        let m = self.lit_chunks([0x8000_0000; 4], sh);
        self.fo(op::Ixor, &[x, &m], sh)
    }

    /// |v| with the sign of `s`.
    fn with_sign(&mut self, v: &VLoc, s: &VLoc, sh: Shape) -> VLoc {
        let m = self.lit_chunks([0x7FFF_FFFF; 4], sh);
        self.fo(op::Bfi, &[&m, v, s], sh)
    }

    /// Horner in `v`, coefficients lowest first.
    fn fhorner(&mut self, v: &VLoc, c: &[f32], sh: Shape) -> VLoc {
        let mut acc = self.fl(c[c.len() - 1], sh);
        for k in (0..c.len() - 1).rev() {
            let ck = self.fl(c[k], sh);
            acc = self.fo(op::Mad, &[&acc, v, &ck], sh);
        }
        acc
    }

    fn fexp(&mut self, x: &VLoc, sh: Shape) -> R<VLoc> {
        let t = self.sh.alloc(sh.chunks());
        self.math_into(MathFn::Exp, x, sh, &t)?;
        Ok(t)
    }

    fn flog(&mut self, x: &VLoc, sh: Shape) -> VLoc {
        let t = self.fo(op::LogVec, &[x], sh);
        let k = self.fl(std::f32::consts::LN_2, sh);
        self.fo(op::Mul, &[&t, &k], sh)
    }

    /// 2^(y log2 a) for a >= 0 in float only (devices without doubles): log2 a as a
    /// float pair (e + 2/ln2 atanh(s), s = (m - 1)/(m + 1) with its division's
    /// residual, m in [sqrt(1/2), sqrt(2))), y times it as a pair by fma, then
    /// 2^n 2^(f + tail). Plain exp2(y log2 a) lost the exponent's low bits (68-105 ulp
    /// on the math sweep); a = 0, inf or NaN take that plain form, which gets them right.
    pub(super) fn pow_pos_float(&mut self, a: &VLoc, y: &VLoc, sh: Shape) -> VLoc {
        let plain = self.fo(op::LogVec, &[a], sh);
        let plain = self.fo(op::Mul, &[&plain, y], sh);
        let plain = self.fo(op::ExpVec, &[&plain], sh);
        // Subnormals: scaled by 2^24 first.
        let tiny = self.fl(f32::MIN_POSITIVE, sh);
        let small = self.fo(op::Lt, &[a, &tiny], sh);
        let k24 = self.fl(16_777_216.0, sh);
        let as_ = self.fo(op::Mul, &[a, &k24], sh);
        let v = self.fo(op::CmovLogical, &[&small, &as_, a], sh);
        let (w8, o23) = (self.lit_chunks([8; 4], sh), self.lit_chunks([23; 4], sh));
        let eb = self.fo(op::UbitExtract, &[&w8, &o23, &v], sh);
        let bias = self.lit_chunks([(-127i32) as u32; 4], sh);
        let e = self.fo(op::Iadd, &[&eb, &bias], sh);
        let m24 = self.lit_chunks([(-24i32) as u32; 4], sh);
        let z = self.lit_chunks([0; 4], sh);
        let adj = self.fo(op::CmovLogical, &[&small, &m24, &z], sh);
        let e = self.fo(op::Iadd, &[&e, &adj], sh);
        let mm = self.lit_chunks([0x007F_FFFF; 4], sh);
        let one_b = self.lit_chunks([0x3F80_0000; 4], sh);
        let m = self.fo(op::Iand, &[&v, &mm], sh);
        let m = self.fo(op::Ior, &[&m, &one_b], sh);
        let sqrt2 = self.fl(std::f32::consts::SQRT_2, sh);
        let big = self.fo(op::Lt, &[&sqrt2, &m], sh);
        let half = self.fl(0.5, sh);
        let mh = self.fo(op::Mul, &[&m, &half], sh);
        let m = self.fo(op::CmovLogical, &[&big, &mh, &m], sh);
        let one_i = self.lit_chunks([1; 4], sh);
        let e1 = self.fo(op::Iadd, &[&e, &one_i], sh);
        let e = self.fo(op::CmovLogical, &[&big, &e1, &e], sh);
        let ef = self.fo(op::Itof, &[&e], sh);
        // s = f / d as a pair, f = m - 1 exact, d = m + 1 as a pair (two-sum).
        let one = self.fl(1.0, sh);
        let f = self.fo(op::Sub, &[&m, &one], sh);
        let dh = self.fo(op::Add, &[&m, &one], sh);
        let bv = self.fo(op::Sub, &[&dh, &m], sh);
        let av = self.fo(op::Sub, &[&dh, &bv], sh);
        let eb1 = self.fo(op::Sub, &[&one, &bv], sh);
        let ea1 = self.fo(op::Sub, &[&m, &av], sh);
        let dl = self.fo(op::Add, &[&ea1, &eb1], sh);
        let sh_ = self.fo(op::Div, &[&f, &dh], sh);
        let nsh = self.fneg(&sh_, sh);
        let r = self.fo(op::Fma, &[&nsh, &dh, &f], sh);
        let r = self.fo(op::Fma, &[&nsh, &dl, &r], sh);
        let sl = self.fo(op::Div, &[&r, &dh], sh);
        // atanh s = s + s^3 (1/3 + s^2/5 + ... + s^12/15), the tail in float.
        let s2 = self.fo(op::Mul, &[&sh_, &sh_], sh);
        let q: Vec<f32> = (1..=7).map(|k| 1.0 / (2 * k + 1) as f32).collect();
        let q = self.fhorner(&s2, &q, sh);
        let s3 = self.fo(op::Mul, &[&s2, &sh_], sh);
        let tl = self.fo(op::Fma, &[&s3, &q, &sl], sh);
        // log2 m = K (s + tail), K = 2/ln 2 as a pair.
        let k = 2.0 / std::f64::consts::LN_2;
        let kh = k as f32;
        let kl = (k - f64::from(kh)) as f32;
        let (khv, klv) = (self.fl(kh, sh), self.fl(kl, sh));
        let lh = self.fo(op::Mul, &[&khv, &sh_], sh);
        let nlh = self.fneg(&lh, sh);
        let ll = self.fo(op::Fma, &[&khv, &sh_, &nlh], sh);
        let ll = self.fo(op::Fma, &[&khv, &tl, &ll], sh);
        let ll = self.fo(op::Fma, &[&klv, &sh_, &ll], sh);
        // + e (|e| >= |lh| or e = 0: a fast two-sum).
        let hh = self.fo(op::Add, &[&ef, &lh], sh);
        let t = self.fo(op::Sub, &[&ef, &hh], sh);
        let t = self.fo(op::Add, &[&t, &lh], sh);
        let hl = self.fo(op::Add, &[&t, &ll], sh);
        // y (hh + hl) as a pair.
        let ph = self.fo(op::Mul, &[y, &hh], sh);
        let nph = self.fneg(&ph, sh);
        let pl = self.fo(op::Fma, &[y, &hh, &nph], sh);
        let pl = self.fo(op::Fma, &[y, &hl, &pl], sh);
        // 2^n 2^(f + pl), n = rint(ph) clamped (past +-300 the result is 0 or inf).
        let n = self.fo(op::RoundNearest, &[&ph], sh);
        let (nmin, nmax) = (self.fl(-300.0, sh), self.fl(300.0, sh));
        let n = self.fo(op::Max, &[&n, &nmin], sh);
        let n = self.fo(op::Min, &[&n, &nmax], sh);
        let fr = self.fo(op::Sub, &[&ph, &n], sh);
        let inf = self.fl(f32::INFINITY, sh);
        // An infinite ph (y huge) leaves pl infinite or NaN: f alone then.
        let apl = self.fabs(&pl, sh);
        let plok = self.fo(op::Lt, &[&apl, &inf], sh);
        let pl = self.fo(op::CmovLogical, &[&plok, &pl, &z], sh);
        let g = self.fo(op::Add, &[&fr, &pl], sh);
        let ev = self.fo(op::ExpVec, &[&g], sh);
        let h = self.fo(op::Mul, &[&n, &half], sh);
        let h = self.fo(op::RoundZ, &[&h], sh);
        let n2 = self.fo(op::Sub, &[&n, &h], sh);
        let h = self.fo(op::ExpVec, &[&h], sh);
        let n2 = self.fo(op::ExpVec, &[&n2], sh);
        let ev = self.fo(op::Mul, &[&ev, &h], sh);
        let ev = self.fo(op::Mul, &[&ev, &n2], sh);
        // a = 0, inf, NaN: the plain form.
        let zf = self.fl(0.0, sh);
        let pos = self.fo(op::Lt, &[&zf, a], sh);
        let fin = self.fo(op::Lt, &[a, &inf], sh);
        let ok = self.fo(op::Iand, &[&pos, &fin], sh);
        self.fo(op::CmovLogical, &[&ok, &ev, &plain], sh)
    }

    fn math_into(&mut self, f: MathFn, x: &VLoc, sh: Shape, d: &VLoc) -> R {
        self.math_locs(f, std::slice::from_ref(x), sh, d)
    }

    /// atan on [0, inf]: reduce to |t| <= tan(pi/12) (1/x above 1, then the pi/6 shift),
    /// series of degree 15.
    fn atan_pos(&mut self, a: &VLoc, sh: Shape) -> VLoc {
        let one = self.fl(1.0, sh);
        let big = self.fo(op::Lt, &[&one, a], sh);
        let inv = self.fo(op::Div, &[&one, a], sh);
        let y = self.fo(op::CmovLogical, &[&big, &inv, a], sh);
        // y in [0, 1]: y > 2 - sqrt(3) uses atan y = pi/6 + atan((sqrt3 y - 1)/(sqrt3 + y)).
        let r3 = self.fl(3f32.sqrt(), sh);
        let lim = self.fl(0.267_949_2, sh);
        let shift = self.fo(op::Lt, &[&lim, &y], sh);
        let mone = self.fl(-1.0, sh);
        let num = self.fo(op::Mad, &[&r3, &y, &mone], sh);
        let den = self.fo(op::Add, &[&r3, &y], sh);
        let q = self.fo(op::Div, &[&num, &den], sh);
        let t = self.fo(op::CmovLogical, &[&shift, &q, &y], sh);
        let t2 = self.fo(op::Mul, &[&t, &t], sh);
        let c: Vec<f32> = (0..8)
            .map(|k| (if k % 2 == 0 { 1.0 } else { -1.0 }) / (2 * k + 1) as f32)
            .collect();
        let p = self.fhorner(&t2, &c, sh);
        let at = self.fo(op::Mul, &[&t, &p], sh);
        let pi6 = self.fl(std::f32::consts::FRAC_PI_6, sh);
        let at2 = self.fo(op::Add, &[&at, &pi6], sh);
        let r = self.fo(op::CmovLogical, &[&shift, &at2, &at], sh);
        let pi2 = self.fl(std::f32::consts::FRAC_PI_2, sh);
        let rr = self.fo(op::Sub, &[&pi2, &r], sh);
        self.fo(op::CmovLogical, &[&big, &rr, &r], sh)
    }

    /// erf (`erf`) or erfc of `x`. |x| < 1/2: erf = x P(x^2) (Taylor series, 9 terms,
    /// the last under 2^-30) and erfc = 1 - erf. Above: erfc(|x|) = e^(-x^2) g(|x|)
    /// with g from [`ERFC_SCALED`]; e^(-x^2) as e^(-h^2) e^(-l (|x| + h)) for
    /// |x| = h + l, h with 12 significant bits (h^2 exact), so the square's rounding
    /// (up to 100 ulp of e^(-x^2) at |x| = 10) is not lost; erf = 1 - erfc, and
    /// erfc(-a) = 2 - erfc(a). Past |x| = 10 erfc is 0 (below the subnormals the device
    /// keeps) and erf is +-1.
    fn erf_erfc(&mut self, x: &VLoc, erf: bool, sh: Shape) -> R<VLoc> {
        let a = self.fabs(x, sh);
        let x2 = self.fo(op::Mul, &[x, x], sh);
        let c: Vec<f32> = (0..9)
            .map(|n| {
                let fact: f64 = (1..=n).map(|k| k as f64).product();
                let s = if n % 2 == 0 { 1.0 } else { -1.0 };
                (std::f64::consts::FRAC_2_SQRT_PI * s / (fact * (2 * n + 1) as f64)) as f32
            })
            .collect();
        let p = self.fhorner(&x2, &c, sh);
        let erf_small = self.fo(op::Mul, &[x, &p], sh);
        let ten = self.fl(10.0, sh);
        let past = self.fo(op::Lt, &[&ten, &a], sh);
        let ac = self.fo(op::CmovLogical, &[&past, &ten, &a], sh);
        let mut g = self.fl(0.0, sh);
        for (lo, mid, cs) in ERFC_SCALED {
            let m = self.fl(mid, sh);
            let t = self.fo(op::Sub, &[&ac, &m], sh);
            let pk = self.fhorner(&t, &cs, sh);
            let l = self.fl(lo, sh);
            let inside = self.fo(op::Ge, &[&ac, &l], sh);
            g = self.fo(op::CmovLogical, &[&inside, &pk, &g], sh);
        }
        let mask = self.lit_chunks([0xFFFF_F000; 4], sh);
        let h = self.fo(op::Iand, &[&ac, &mask], sh);
        let l = self.fo(op::Sub, &[&ac, &h], sh);
        let mone = self.fl(-1.0, sh);
        let hh = self.fo(op::Mul, &[&h, &h], sh);
        let hh = self.fo(op::Mul, &[&hh, &mone], sh);
        let e1 = self.fexp(&hh, sh)?;
        let s = self.fo(op::Add, &[&ac, &h], sh);
        let ls = self.fo(op::Mul, &[&l, &s], sh);
        let ls = self.fo(op::Mul, &[&ls, &mone], sh);
        let e2 = self.fexp(&ls, sh)?;
        let e = self.fo(op::Mul, &[&e1, &e2], sh);
        let erfc_a = self.fo(op::Mul, &[&e, &g], sh);
        let zero = self.fl(0.0, sh);
        let erfc_a = self.fo(op::CmovLogical, &[&past, &zero, &erfc_a], sh);
        let one = self.fl(1.0, sh);
        let half = self.fl(0.5, sh);
        let small = self.fo(op::Lt, &[&a, &half], sh);
        let r = if erf {
            let big = self.fo(op::Sub, &[&one, &erfc_a], sh);
            let big = self.with_sign(&big, x, sh);
            self.fo(op::CmovLogical, &[&small, &erf_small, &big], sh)
        } else {
            let two = self.fl(2.0, sh);
            let neg = self.fo(op::Lt, &[x, &zero], sh);
            let mirrored = self.fo(op::Sub, &[&two, &erfc_a], sh);
            let big = self.fo(op::CmovLogical, &[&neg, &mirrored, &erfc_a], sh);
            let sm = self.fo(op::Sub, &[&one, &erf_small], sh);
            self.fo(op::CmovLogical, &[&small, &sm, &big], sh)
        };
        // NaN in, NaN out.
        let n = self.fo(op::Ne, &[x, x], sh);
        Ok(self.fo(op::CmovLogical, &[&n, x, &r], sh))
    }

    /// The parts Γ(x) and log|Γ(x)| are made of, for -39 <= x <= 36: `g1 g2` = Γ(y) for
    /// y = |x| + 1 (|x| < 1) or |x|, by y = (y - 1)(y - 2)...Γ(frac) down
    /// to [1, 2) (each y - k exact) and [`GAMMA_1_2`]; `s` = sin(pi x) for x < 0
    /// (from x - floor(x), folded to [0, 1/2] so that pi r keeps its precision);
    /// `neg` (x < 0) and `small` (|x| < 1). Γ(1 - x) for x < 0 is then |x| g1 g2
    /// (or g1 g2 when small): forming 1 - x would round, and cost up to 100 ulp.
    fn gamma_parts(&mut self, x: &VLoc, sh: Shape) -> (VLoc, VLoc, VLoc, VLoc, VLoc) {
        let zero = self.fl(0.0, sh);
        let one = self.fl(1.0, sh);
        let two = self.fl(2.0, sh);
        let neg = self.fo(op::Lt, &[x, &zero], sh);
        let a = self.fabs(x, sh);
        let y0 = self.fo(op::CmovLogical, &[&neg, &a, x], sh);
        let small = self.fo(op::Lt, &[&y0, &one], sh);
        let y1 = self.fo(op::Add, &[&y0, &one], sh);
        let y = self.fo(op::CmovLogical, &[&small, &y1, &y0], sh);
        let k40 = self.fl(40.0, sh);
        let mut y = self.fo(op::Min, &[&y, &k40], sh);
        // Two products of at most 20 and 19 factors (each below 1e30), so that Γ(y) past
        // the float range (1 - x up to 40, where Γ(x) may still be a normal float)
        // stays usable as g1 g2.
        let mut prods = [self.fl(1.0, sh), self.fl(1.0, sh)];
        for i in 0..39 {
            let prod = &prods[i / 20];
            let c = self.fo(op::Ge, &[&y, &two], sh);
            let ym = self.fo(op::Sub, &[&y, &one], sh);
            let p = self.fo(op::Mul, &[prod, &ym], sh);
            prods[i / 20] = self.fo(op::CmovLogical, &[&c, &p, prod], sh);
            y = self.fo(op::CmovLogical, &[&c, &ym, &y], sh);
        }
        let mid = self.fl(1.5, sh);
        let t = self.fo(op::Sub, &[&y, &mid], sh);
        let p = self.fhorner(&t, &GAMMA_1_2, sh);
        let [p1, g2] = prods;
        let g1 = self.fo(op::Mul, &[&p1, &p], sh);
        // sin(pi x) = (-1)^k sin(pi r) for k = x rounded, r = x - k in [-1/2, 1/2]
        // (exact; x - floor(x) would round -1e-10 to 1).
        let fl = self.fo(op::RoundNearest, &[x], sh);
        let r = self.fo(op::Sub, &[x, &fl], sh);
        let pi = self.fl(std::f32::consts::PI, sh);
        let pr = self.fo(op::Mul, &[&pi, &r], sh);
        let sn = self.fo(op::SinVec, &[&pr], sh);
        let half = self.fl(0.5, sh);
        let h = self.fo(op::Mul, &[&fl, &half], sh);
        let hf = self.fo(op::Flr, &[&h], sh);
        let odd = self.fo(op::Ne, &[&h, &hf], sh);
        let msn = self.fo(op::Sub, &[&zero, &sn], sh);
        let s = self.fo(op::CmovLogical, &[&odd, &msn, &sn], sh);
        (g1, g2, s, neg, small)
    }

    /// tgamma: Γ(x) = g for x >= 1, g / x below 1 (g = Γ(x + 1); ±0 gives ±inf),
    /// pi / (sin(pi x) g) for x < 0 (reflection; negative integers and -inf are
    /// NaN); past 36 inf (Γ overflows float from 35.04).
    fn tgamma(&mut self, x: &VLoc, sh: Shape) -> VLoc {
        let (g1, g2, s, neg, small) = self.gamma_parts(x, sh);
        let g = self.fo(op::Mul, &[&g1, &g2], sh);
        let q = self.fo(op::Div, &[&g, x], sh);
        let r = self.fo(op::CmovLogical, &[&small, &q, &g], sh);
        let a = self.fabs(x, sh);
        let ag1 = self.fo(op::Mul, &[&a, &g1], sh);
        let g1r = self.fo(op::CmovLogical, &[&small, &g1, &ag1], sh);
        let sg = self.fo(op::Mul, &[&s, &g1r], sh);
        let pi = self.fl(std::f32::consts::PI, sh);
        let refl = self.fo(op::Div, &[&pi, &sg], sh);
        let refl = self.fo(op::Div, &[&refl, &g2], sh);
        // Below -39 |Γ(x)| < 1e-40: a zero of Γ's sign (the sign of sin(pi x)).
        let km39 = self.fl(-39.0, sh);
        let tiny = self.fo(op::Lt, &[x, &km39], sh);
        let z = self.fl(0.0, sh);
        let sz = self.with_sign(&z, &s, sh);
        let refl = self.fo(op::CmovLogical, &[&tiny, &sz, &refl], sh);
        let r = self.fo(op::CmovLogical, &[&neg, &refl, &r], sh);
        let k36 = self.fl(36.0, sh);
        let big = self.fo(op::Lt, &[&k36, x], sh);
        let inf = self.fl(f32::INFINITY, sh);
        let r = self.fo(op::CmovLogical, &[&big, &inf, &r], sh);
        // Poles: negative integers (sin(pi x) = 0) and -inf.
        let zero = self.fl(0.0, sh);
        let s0 = self.fo(op::Eq, &[&s, &zero], sh);
        let ninf = self.fl(f32::NEG_INFINITY, sh);
        let isninf = self.fo(op::Eq, &[x, &ninf], sh);
        let pole = self.fo(op::Iand, &[&neg, &s0], sh);
        let pole = self.fo(op::Ior, &[&pole, &isninf], sh);
        let nan = self.lit_chunks([0x7FC0_0000; 4], sh);
        let r = self.fo(op::CmovLogical, &[&pole, &nan, &r], sh);
        let n = self.fo(op::Ne, &[x, x], sh);
        self.fo(op::CmovLogical, &[&n, x, &r], sh)
    }

    /// lgamma: log|Γ(x)| from [`Self::gamma_parts`] for |x| <= 36 (log g1 g2 - log x
    /// below 1; log pi - log|sin(pi x)| - log g for x < 0), Stirling's series for
    /// x > 36 ((x - 1/2) log x - x + log(2 pi)/2 + 1/(12x) - 1/(360x^3)), and the
    /// reflection of it below -36. Poles (0, negative integers) and infinities are
    /// +inf. OpenCL bounds lgamma's error nowhere (Table 7.1).
    fn lgamma(&mut self, x: &VLoc, sh: Shape) -> VLoc {
        let (g1, g2, s, neg, small) = self.gamma_parts(x, sh);
        let a = self.fabs(x, sh);
        let one = self.fl(1.0, sh);
        let lg1 = self.flog(&g1, sh);
        let lg2 = self.flog(&g2, sh);
        let lg = self.fo(op::Add, &[&lg1, &lg2], sh);
        // log Γ(1 - x) for x < 0: log |x| + log g (log g alone when |x| < 1).
        let la0 = self.flog(&a, sh);
        let lgn = self.fo(op::Add, &[&lg, &la0], sh);
        let lgn = self.fo(op::CmovLogical, &[&small, &lg, &lgn], sh);
        let la = self.flog(&a, sh);
        let q = self.fo(op::Sub, &[&lg, &la], sh);
        let pos = self.fo(op::CmovLogical, &[&small, &q, &lg], sh);
        // Stirling at z = |x| (x > 36) or 1 - x (x < -36).
        let omx = self.fo(op::Sub, &[&one, x], sh);
        let z = self.fo(op::CmovLogical, &[&neg, &omx, x], sh);
        let lz = self.flog(&z, sh);
        let half = self.fl(0.5, sh);
        let zh = self.fo(op::Sub, &[&z, &half], sh);
        let t = self.fo(op::Mul, &[&zh, &lz], sh);
        let t = self.fo(op::Sub, &[&t, &z], sh);
        let c0 = self.fl(0.918_938_5, sh);
        let t = self.fo(op::Add, &[&t, &c0], sh);
        let iz = self.fo(op::Div, &[&one, &z], sh);
        let iz2 = self.fo(op::Mul, &[&iz, &iz], sh);
        let corr = self.fhorner(&iz2, &[1.0 / 12.0, -1.0 / 360.0, 1.0 / 1260.0], sh);
        let corr = self.fo(op::Mul, &[&corr, &iz], sh);
        let st = self.fo(op::Add, &[&t, &corr], sh);
        let k36 = self.fl(36.0, sh);
        let far = self.fo(op::Lt, &[&k36, &a], sh);
        let lgz = self.fo(op::CmovLogical, &[&far, &st, &lgn], sh);
        let pos = self.fo(op::CmovLogical, &[&far, &st, &pos], sh);
        // x < 0: log pi - log|sin(pi x)| - log Γ(1 - x).
        let as_ = self.fabs(&s, sh);
        let ls = self.flog(&as_, sh);
        let lpi = self.fl(std::f32::consts::PI.ln(), sh);
        let r = self.fo(op::Sub, &[&lpi, &ls], sh);
        let r = self.fo(op::Sub, &[&r, &lgz], sh);
        let r = self.fo(op::CmovLogical, &[&neg, &r, &pos], sh);
        // Poles and infinities: +inf (log 0 is -inf above, so mask them).
        let zero = self.fl(0.0, sh);
        let s0 = self.fo(op::Eq, &[&s, &zero], sh);
        let pole = self.fo(op::Iand, &[&neg, &s0], sh);
        let x0 = self.fo(op::Eq, &[x, &zero], sh);
        let inf = self.fl(f32::INFINITY, sh);
        let xi = self.fo(op::Eq, &[&a, &inf], sh);
        let pole = self.fo(op::Ior, &[&pole, &x0], sh);
        let pole = self.fo(op::Ior, &[&pole, &xi], sh);
        let r = self.fo(op::CmovLogical, &[&pole, &inf, &r], sh);
        let n = self.fo(op::Ne, &[x, x], sh);
        self.fo(op::CmovLogical, &[&n, x, &r], sh)
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
                let om = self.fo(op::Sub, &[&one, x], sh);
                let op = self.fo(op::Add, &[&one, x], sh);
                let r = if f == MathFn::Asin {
                    let p = self.fo(op::Mul, &[&om, &op], sh);
                    let s = self.fo(op::SqrtVec, &[&p], sh);
                    let q = self.fo(op::Div, &[&a, &s], sh);
                    let r = self.atan_pos(&q, sh);
                    self.with_sign(&r, x, sh)
                } else {
                    let q = self.fo(op::Div, &[&om, &op], sh);
                    let s = self.fo(op::SqrtVec, &[&q], sh);
                    let r = self.atan_pos(&s, sh);
                    self.fo(op::Add, &[&r, &r], sh)
                };
                // |x| > 1 is NaN.
                let bad = self.fo(op::Lt, &[&one, &a], sh);
                let nan = self.lit_chunks([0x7FC0_0000; 4], sh);
                self.lanewise(op::CmovLogical, d, &[&bad, &nan, &r], sh);
            }
            MathFn::Atan2 => {
                // atan2(y, x): the first operand is y.
                let (y, x) = (&xs[0], &xs[1]);
                let ax = self.fabs(x, sh);
                let ay = self.fabs(y, sh);
                // atan(|y| / |x|) on the first quadrant, then mirrored.
                let q = self.fo(op::Div, &[&ay, &ax], sh);
                let r = self.atan_pos(&q, sh);
                // Both infinite: pi/4 (the quotient is NaN).
                let inf = self.fl(f32::INFINITY, sh);
                let xi = self.fo(op::Eq, &[&ax, &inf], sh);
                let yi = self.fo(op::Eq, &[&ay, &inf], sh);
                let both = self.fo(op::Iand, &[&xi, &yi], sh);
                let pi4 = self.fl(std::f32::consts::FRAC_PI_4, sh);
                let r = self.fo(op::CmovLogical, &[&both, &pi4, &r], sh);
                // y = x = 0: 0 (the quotient is NaN).
                let z = self.fl(0.0, sh);
                let x0 = self.fo(op::Eq, &[&ax, &z], sh);
                let y0 = self.fo(op::Eq, &[&ay, &z], sh);
                let b0 = self.fo(op::Iand, &[&x0, &y0], sh);
                let r = self.fo(op::CmovLogical, &[&b0, &z, &r], sh);
                // x negative (sign bit): pi - r.
                let xneg = self.fo(op::Ilt, &[x, &z], sh);
                let pi = self.fl(std::f32::consts::PI, sh);
                let pr = self.fo(op::Sub, &[&pi, &r], sh);
                let r = self.fo(op::CmovLogical, &[&xneg, &pr, &r], sh);
                // The sign of y; NaN inputs give NaN.
                let r = self.with_sign(&r, y, sh);
                let nx = self.fo(op::Ne, &[x, x], sh);
                let ny = self.fo(op::Ne, &[y, y], sh);
                let n = self.fo(op::Ior, &[&nx, &ny], sh);
                let s = self.fo(op::Add, &[x, y], sh);
                self.lanewise(op::CmovLogical, d, &[&n, &s, &r], sh);
            }
            MathFn::Sinh | MathFn::Tanh | MathFn::Expm1 | MathFn::Cosh => {
                let a = self.fabs(x, sh);
                let e = self.fexp(&a, sh)?;
                let one = self.fl(1.0, sh);
                let half = self.fl(0.5, sh);
                let ie = self.fo(op::Div, &[&one, &e], sh);
                let x2 = self.fo(op::Mul, &[x, x], sh);
                // Past |x| = 88.72 e^|x| overflows while e^|x| / 2 (cosh, sinh) does not
                // until 89.42: there, (e^(|x|/2) / 2) e^(|x|/2).
                let huge = |g: &mut Self| -> R<(VLoc, VLoc)> {
                    let hx = g.fo(op::Mul, &[&a, &half], sh);
                    let eh = g.fexp(&hx, sh)?;
                    let ehh = g.fo(op::Mul, &[&eh, &half], sh);
                    let k80 = g.fl(80.0, sh);
                    Ok((
                        g.fo(op::Mul, &[&ehh, &eh], sh),
                        g.fo(op::Lt, &[&k80, &a], sh),
                    ))
                };
                let (large, small) = match f {
                    MathFn::Cosh => {
                        let s = self.fo(op::Add, &[&e, &ie], sh);
                        let r = self.fo(op::Mul, &[&s, &half], sh);
                        let (huge, is_huge) = huge(self)?;
                        self.lanewise(op::CmovLogical, d, &[&is_huge, &huge, &r], sh);
                        return Ok(());
                    }
                    MathFn::Sinh => {
                        let s = self.fo(op::Sub, &[&e, &ie], sh);
                        let l = self.fo(op::Mul, &[&s, &half], sh);
                        let (huge, is_huge) = huge(self)?;
                        let l = self.fo(op::CmovLogical, &[&is_huge, &huge, &l], sh);
                        let c: Vec<f32> = (0..6)
                            .map(|k| 1.0 / (1..=(2 * k + 1)).map(|v| v as f32).product::<f32>())
                            .collect();
                        let p = self.fhorner(&x2, &c, sh);
                        let sm = self.fo(op::Mul, &[x, &p], sh);
                        (self.with_sign(&l, x, sh), sm)
                    }
                    MathFn::Tanh => {
                        // 1 - 2 / (e^(2|x|) + 1); small |x|: x - x^3/3 + 2x^5/15 - ...
                        let e2 = self.fo(op::Mul, &[&e, &e], sh);
                        let den = self.fo(op::Add, &[&e2, &one], sh);
                        let two = self.fl(2.0, sh);
                        let q = self.fo(op::Div, &[&two, &den], sh);
                        let l = self.fo(op::Sub, &[&one, &q], sh);
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
                        let sm = self.fo(op::Mul, &[x, &p], sh);
                        (self.with_sign(&l, x, sh), sm)
                    }
                    _ => {
                        // e^x - 1; small |x|: series to x^9/9!.
                        let ex = self.fexp(x, sh)?;
                        let l = self.fo(op::Sub, &[&ex, &one], sh);
                        let c: Vec<f32> = (0..9)
                            .map(|k| 1.0 / (1..=(k + 1)).map(|v| v as f32).product::<f32>())
                            .collect();
                        let p = self.fhorner(x, &c, sh);
                        let sm = self.fo(op::Mul, &[x, &p], sh);
                        (l, sm)
                    }
                };
                let lim = self.fl(0.5, sh);
                let is_small = self.fo(op::Lt, &[&a, &lim], sh);
                self.lanewise(op::CmovLogical, d, &[&is_small, &small, &large], sh);
            }
            MathFn::Asinh | MathFn::Acosh | MathFn::Atanh | MathFn::Log1p => {
                let one = self.fl(1.0, sh);
                let a = self.fabs(x, sh);
                // log(1 + u) accurately: v = 1 + u rounded, log(v) + (u - (v - 1)) / v,
                // the first-order correction for the rounding (v - 1 and u - (v - 1) are
                // exact). The former log(v) u / (v - 1) rounded three more times: 2.65
                // ulp for log1p, past its 2 (found by kauai-runtime's math sweep).
                let log1p = |g: &mut Self, u: &VLoc| -> VLoc {
                    let v = g.fo(op::Add, &[&one, u], sh);
                    let l = g.flog(&v, sh);
                    let vm = g.fo(op::Sub, &[&v, &one], sh);
                    let du = g.fo(op::Sub, &[u, &vm], sh);
                    let c = g.fo(op::Div, &[&du, &v], sh);
                    // u = -1 (0 / 0) or inf (inf - inf): log(v) alone.
                    let cn = g.fo(op::Ne, &[&c, &c], sh);
                    let z = g.fl(0.0, sh);
                    let c = g.fo(op::CmovLogical, &[&cn, &z, &c], sh);
                    let r = g.fo(op::Add, &[&l, &c], sh);
                    let same = g.fo(op::Eq, &[&v, &one], sh);
                    g.fo(op::CmovLogical, &[&same, u, &r], sh)
                };
                let r = match f {
                    MathFn::Log1p => {
                        let r = log1p(self, x);
                        // log1p(inf) = inf, below -1 NaN: log's own answers there.
                        let big = self.fl(1e30, sh);
                        let l = self.fo(op::Add, &[&one, x], sh);
                        let ll = self.flog(&l, sh);
                        let out = self.fo(op::Lt, &[&big, &a], sh);
                        self.fo(op::CmovLogical, &[&out, &ll, &r], sh)
                    }
                    MathFn::Asinh => {
                        // sign(x) log1p(|x| + x^2 / (1 + sqrt(1 + x^2))); huge |x|: log 2|x|.
                        let x2 = self.fo(op::Mul, &[&a, &a], sh);
                        let s = self.fo(op::Add, &[&one, &x2], sh);
                        let s = self.fo(op::SqrtVec, &[&s], sh);
                        let s = self.fo(op::Add, &[&one, &s], sh);
                        let q = self.fo(op::Div, &[&x2, &s], sh);
                        let u = self.fo(op::Add, &[&a, &q], sh);
                        let r = log1p(self, &u);
                        let big = self.fl(1e18, sh);
                        let ln2 = self.fl(std::f32::consts::LN_2, sh);
                        let la = self.flog(&a, sh);
                        let lb = self.fo(op::Add, &[&la, &ln2], sh);
                        let h = self.fo(op::Lt, &[&big, &a], sh);
                        let r = self.fo(op::CmovLogical, &[&h, &lb, &r], sh);
                        self.with_sign(&r, x, sh)
                    }
                    MathFn::Acosh => {
                        // log1p((x - 1) + sqrt((x - 1)(x + 1))); huge x: log 2x.
                        let xm = self.fo(op::Sub, &[x, &one], sh);
                        let xp = self.fo(op::Add, &[x, &one], sh);
                        let p = self.fo(op::Mul, &[&xm, &xp], sh);
                        let s = self.fo(op::SqrtVec, &[&p], sh);
                        let u = self.fo(op::Add, &[&xm, &s], sh);
                        let r = log1p(self, &u);
                        let big = self.fl(1e18, sh);
                        let ln2 = self.fl(std::f32::consts::LN_2, sh);
                        let la = self.flog(x, sh);
                        let lb = self.fo(op::Add, &[&la, &ln2], sh);
                        let h = self.fo(op::Lt, &[&big, x], sh);
                        let r = self.fo(op::CmovLogical, &[&h, &lb, &r], sh);
                        let bad = self.fo(op::Lt, &[x, &one], sh);
                        let nan = self.lit_chunks([0x7FC0_0000; 4], sh);
                        self.fo(op::CmovLogical, &[&bad, &nan, &r], sh)
                    }
                    _ => {
                        // atanh x = sign(x) log1p(2|x| / (1 - |x|)) / 2.
                        let om = self.fo(op::Sub, &[&one, &a], sh);
                        let two = self.fo(op::Add, &[&a, &a], sh);
                        let q = self.fo(op::Div, &[&two, &om], sh);
                        let r = log1p(self, &q);
                        let half = self.fl(0.5, sh);
                        let r = self.fo(op::Mul, &[&r, &half], sh);
                        let r = self.with_sign(&r, x, sh);
                        let bad = self.fo(op::Lt, &[&one, &a], sh);
                        let nan = self.lit_chunks([0x7FC0_0000; 4], sh);
                        self.fo(op::CmovLogical, &[&bad, &nan, &r], sh)
                    }
                };
                // NaN in, NaN out.
                let n = self.fo(op::Ne, &[x, x], sh);
                self.lanewise(op::CmovLogical, d, &[&n, x, &r], sh);
            }
            MathFn::Cbrt => {
                // 2^(log2|x| / 3), one Newton step, x's sign; 0, inf and NaN unchanged.
                let a = self.fabs(x, sh);
                let l = self.fo(op::LogVec, &[&a], sh);
                let third = self.fl(1.0 / 3.0, sh);
                let l = self.fo(op::Mul, &[&l, &third], sh);
                let y = self.fo(op::ExpVec, &[&l], sh);
                let y2 = self.fo(op::Mul, &[&y, &y], sh);
                let q = self.fo(op::Div, &[&a, &y2], sh);
                let two = self.fl(2.0, sh);
                let t = self.fo(op::Mad, &[&y, &two, &q], sh);
                let y = self.fo(op::Mul, &[&t, &third], sh);
                let r = self.with_sign(&y, x, sh);
                let z = self.fl(0.0, sh);
                let inf = self.fl(f32::INFINITY, sh);
                let is0 = self.fo(op::Eq, &[&a, &z], sh);
                let isi = self.fo(op::Eq, &[&a, &inf], sh);
                let n = self.fo(op::Ne, &[x, x], sh);
                let keep = self.fo(op::Ior, &[&is0, &isi], sh);
                let keep = self.fo(op::Ior, &[&keep, &n], sh);
                self.lanewise(op::CmovLogical, d, &[&keep, x, &r], sh);
            }
            MathFn::Remainder => {
                // a = fmod(|x|, 2|y|) exactly; the quotient's parity decides ties.
                let y = &xs[1];
                let ax = self.fabs(x, sh);
                let ay = self.fabs(y, sh);
                let y2 = self.fo(op::Add, &[&ay, &ay], sh);
                let a = self.fo(op::Mod, &[&ax, &y2], sh);
                let half = self.fl(0.5, sh);
                let hy = self.fo(op::Mul, &[&ay, &half], sh);
                let three = self.fl(1.5, sh);
                let h3 = self.fo(op::Mul, &[&ay, &three], sh);
                let r1 = self.fo(op::Sub, &[&a, &ay], sh);
                let r2 = self.fo(op::Sub, &[&a, &y2], sh);
                // a <= |y|/2: a; a < 3|y|/2: a - |y|; else a - 2|y| (3|y|/2 ties go even).
                let le = self.fo(op::Ge, &[&hy, &a], sh);
                let lt3 = self.fo(op::Lt, &[&a, &h3], sh);
                let r = self.fo(op::CmovLogical, &[&lt3, &r1, &r2], sh);
                let r = self.fo(op::CmovLogical, &[&le, &a, &r], sh);
                // 2|y| overflowing: fmod(|x|, |y|) then one step.
                let inf = self.fl(f32::INFINITY, sh);
                let ov = self.fo(op::Eq, &[&y2, &inf], sh);
                let b = self.fo(op::Mod, &[&ax, &ay], sh);
                let bs = self.fo(op::Sub, &[&b, &ay], sh);
                let gt = self.fo(op::Lt, &[&hy, &b], sh);
                let rb = self.fo(op::CmovLogical, &[&gt, &bs, &b], sh);
                let r = self.fo(op::CmovLogical, &[&ov, &rb, &r], sh);
                // The sign of x (ixor keeps -0 results signed as C does).
                let sign = self.lit_chunks([0x8000_0000; 4], sh);
                let s = self.fo(op::Iand, &[x, &sign], sh);
                let r = self.fo(op::Ixor, &[&r, &s], sh);
                // NaN for y = 0, x infinite, or NaN operands (fmod gives those).
                let n = self.fo(op::Ne, &[&a, &a], sh);
                self.lanewise(op::CmovLogical, d, &[&n, &a, &r], sh);
            }
            MathFn::Tgamma => {
                let r = self.tgamma(x, sh);
                self.copy(d, &r, sh);
            }
            MathFn::Lgamma => {
                let r = self.lgamma(x, sh);
                self.copy(d, &r, sh);
            }
            MathFn::Erf | MathFn::Erfc => {
                let r = self.erf_erfc(x, f == MathFn::Erf, sh)?;
                self.copy(d, &r, sh);
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
