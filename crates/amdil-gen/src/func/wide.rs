//! 64-bit integer operations IL has no instruction for: the high half of a 64 x 64-bit
//! product and conversions between 64-bit integers and floating point (with OpenCL's
//! rounding modes and saturation), built from 32- and 64-bit integer instructions so
//! that devices without doubles can run them.

use super::*;

impl FnGen<'_, '_> {
    /// A fresh register for one 64-bit value in `.xy`.
    fn t64(&mut self) -> String {
        self.tmp()
    }

    /// `mul_hi` on 64-bit lanes: the high 64 bits of the 128-bit product.
    pub(super) fn mulhi64(&mut self, d: &VLoc, x: &VLoc, y: &VLoc, sh: Shape, signed: bool) {
        let lo_mask = self.lit4([u32::MAX, 0, u32::MAX, 0]);
        let s32 = self.lit4([32, 0, 32, 0]);
        for i in 0..sh.lanes {
            let (c, k) = sh.lane(i);
            let a = x.lane(sh, i);
            let b = y.lane(sh, i);
            let [a0, a1, b0, b1] = [self.t64(), self.t64(), self.t64(), self.t64()];
            self.e(format!("iand {a0}.xy__, {a}, {lo_mask}"));
            self.e(format!("u64shr {a1}.xy__, {a}, {s32}"));
            self.e(format!("iand {b0}.xy__, {b}, {lo_mask}"));
            self.e(format!("u64shr {b1}.xy__, {b}, {s32}"));
            let [p00, p01, p10, p11] = [self.t64(), self.t64(), self.t64(), self.t64()];
            self.e(format!("u64mul {p00}.xy__, {a0}.xyxy, {b0}.xyxy"));
            self.e(format!("u64mul {p01}.xy__, {a0}.xyxy, {b1}.xyxy"));
            self.e(format!("u64mul {p10}.xy__, {a1}.xyxy, {b0}.xyxy"));
            self.e(format!("u64mul {p11}.xy__, {a1}.xyxy, {b1}.xyxy"));
            // mid = (p00 >> 32) + lo(p01) + lo(p10); hi = p11 + (p01 >> 32) + (p10 >> 32)
            // + (mid >> 32).
            let (mid, t, h) = (self.t64(), self.t64(), self.t64());
            self.e(format!("u64shr {mid}.xy__, {p00}.xyxy, {s32}"));
            self.e(format!("iand {t}.xy__, {p01}.xyxy, {lo_mask}"));
            self.e(format!("i64add {mid}.xy__, {mid}.xyxy, {t}.xyxy"));
            self.e(format!("iand {t}.xy__, {p10}.xyxy, {lo_mask}"));
            self.e(format!("i64add {mid}.xy__, {mid}.xyxy, {t}.xyxy"));
            self.e(format!("u64shr {h}.xy__, {p01}.xyxy, {s32}"));
            self.e(format!("i64add {h}.xy__, {h}.xyxy, {p11}.xyxy"));
            self.e(format!("u64shr {t}.xy__, {p10}.xyxy, {s32}"));
            self.e(format!("i64add {h}.xy__, {h}.xyxy, {t}.xyxy"));
            self.e(format!("u64shr {t}.xy__, {mid}.xyxy, {s32}"));
            self.e(format!("i64add {h}.xy__, {h}.xyxy, {t}.xyxy"));
            if signed {
                // Signed high half = unsigned one - (a < 0 ? b : 0) - (b < 0 ? a : 0).
                let z = self.lit4([0; 4]);
                let n = self.t64();
                self.e(format!("i64lt {n}.xy__, {a}, {z}"));
                self.e(format!("iand {n}.xy__, {n}.xyxy, {b}"));
                self.e(format!("i64sub {h}.xy__, {h}.xyxy, {n}.xyxy"));
                self.e(format!("i64lt {n}.xy__, {b}, {z}"));
                self.e(format!("iand {n}.xy__, {n}.xyxy, {a}"));
                self.e(format!("i64sub {h}.xy__, {h}.xyxy, {n}.xyxy"));
            }
            self.e(format!("mov {}, {h}.xyxy", d.d(c, &[k, k + 1])));
        }
    }

    /// Float or double lanes to 64-bit integers: truncate (after the rounding the caller
    /// applied), saturate out-of-range values, NaN to 0.
    pub(super) fn float_to_int64(
        &mut self,
        d: &VLoc,
        ds: Shape,
        x: &VLoc,
        ss: Shape,
        double: bool,
        signed: bool,
    ) {
        let z = self.lit4([0; 4]);
        for i in 0..ds.lanes {
            let (c, k) = ds.lane(i);
            let (sc, sk) = ss.lane(i);
            // The sign word, the unbiased exponent and the integer mantissa M.
            let (sign, e, m, shift) = (self.tmp(), self.tmp(), self.t64(), self.tmp());
            if double {
                let lo = x.s(sc, &[sk]);
                let hi = x.s(sc, &[sk + 1]);
                let (w, o, bias) = (self.lit(11), self.lit(20), self.lit(-1023i32 as u32));
                self.e(format!("mov {sign}.x___, {hi}"));
                self.e(format!("ubit_extract {e}.x___, {w}, {o}, {hi}"));
                self.e(format!("iadd {e}.x___, {e}.x, {bias}"));
                let (mm, one) = (self.lit(0xF_FFFF), self.lit(0x10_0000));
                self.e(format!("iand {m}._y__, {hi}, {mm}"));
                self.e(format!("ior {m}._y__, {m}.y, {one}"));
                self.e(format!("mov {m}.x___, {lo}"));
                let b = self.lit(-52i32 as u32);
                self.e(format!("iadd {shift}.x___, {e}.x, {b}"));
            } else {
                let v = x.s(sc, &[sk]);
                let (w, o, bias) = (self.lit(8), self.lit(23), self.lit(-127i32 as u32));
                self.e(format!("mov {sign}.x___, {v}"));
                self.e(format!("ubit_extract {e}.x___, {w}, {o}, {v}"));
                self.e(format!("iadd {e}.x___, {e}.x, {bias}"));
                let (mm, one) = (self.lit(0x7F_FFFF), self.lit(0x80_0000));
                self.e(format!("iand {m}.x___, {v}, {mm}"));
                self.e(format!("ior {m}.x___, {m}.x, {one}"));
                let zz = self.lit(0);
                self.e(format!("mov {m}._y__, {zz}"));
                let b = self.lit(-23i32 as u32);
                self.e(format!("iadd {shift}.x___, {e}.x, {b}"));
            }
            // T = (M << max(shift, 0)) >> max(-shift, 0)
            let (sl, sr, t) = (self.tmp(), self.tmp(), self.t64());
            let zl = self.lit(0);
            self.e(format!("imax {sl}.x___, {shift}.x, {zl}"));
            self.e(format!("inegate {sr}.x___, {shift}.x"));
            self.e(format!("imax {sr}.x___, {sr}.x, {zl}"));
            self.e(format!("i64shl {t}.xy__, {m}.xyxy, {sl}.x"));
            self.e(format!("u64shr {t}.xy__, {t}.xyxy, {sr}.x"));
            let (neg, nt) = (self.tmp(), self.t64());
            self.e(format!("ilt {neg}.x___, {sign}.x, {zl}"));
            self.e(format!("i64negate {nt}.xy__, {t}.xyxy"));
            if signed {
                self.e(format!(
                    "cmov_logical {t}.xy__, {neg}.x, {nt}.xyxy, {t}.xyxy"
                ));
            } else {
                self.e(format!("cmov_logical {t}.xy__, {neg}.x, {z}, {t}.xyxy"));
            }
            // |x| < 1 gives 0; |x| >= 2^63 (2^64 unsigned), infinities included,
            // saturate; NaN gives 0.
            let small = self.tmp();
            self.e(format!("ilt {small}.x___, {e}.x, {zl}"));
            self.e(format!("cmov_logical {t}.xy__, {small}.x, {z}, {t}.xyxy"));
            let big = self.tmp();
            let lim = self.lit(if signed { 63 } else { 64 });
            self.e(format!("ige {big}.x___, {e}.x, {lim}"));
            let sat = if signed {
                let (mx, mn) = (
                    self.lit4([u32::MAX, 0x7FFF_FFFF, u32::MAX, 0x7FFF_FFFF]),
                    self.lit4([0, 0x8000_0000, 0, 0x8000_0000]),
                );
                let s = self.t64();
                self.e(format!("cmov_logical {s}.xy__, {neg}.x, {mn}, {mx}"));
                format!("{s}.xyxy")
            } else {
                let mx = self.lit4([u32::MAX; 4]);
                let s = self.t64();
                self.e(format!("cmov_logical {s}.xy__, {neg}.x, {z}, {mx}"));
                format!("{s}.xyxy")
            };
            self.e(format!("cmov_logical {t}.xy__, {big}.x, {sat}, {t}.xyxy"));
            let nan = self.tmp();
            if double {
                let hi = x.s(sc, &[sk + 1]);
                let lo = x.s(sc, &[sk]);
                let (am, inf) = (self.lit(0x7FFF_FFFF), self.lit(0x7FF0_0000));
                let (a, q) = (self.tmp(), self.tmp());
                self.e(format!("iand {a}.x___, {hi}, {am}"));
                self.e(format!("ult {nan}.x___, {inf}, {a}.x"));
                self.e(format!("ieq {q}.x___, {a}.x, {inf}"));
                self.e(format!("ine {a}.x___, {lo}, {zl}"));
                self.e(format!("iand {q}.x___, {q}.x, {a}.x"));
                self.e(format!("ior {nan}.x___, {nan}.x, {q}.x"));
            } else {
                let v = x.s(sc, &[sk]);
                let (am, inf) = (self.lit(0x7FFF_FFFF), self.lit(0x7F80_0000));
                let a = self.tmp();
                self.e(format!("iand {a}.x___, {v}, {am}"));
                self.e(format!("ult {nan}.x___, {inf}, {a}.x"));
            }
            self.e(format!(
                "cmov_logical {}, {nan}.x, {z}, {t}.xyxy",
                d.d(c, &[k, k + 1])
            ));
        }
    }

    /// 64-bit integer lanes to float or double, rounded as asked: normalise, keep the
    /// top 24 or 53 bits, decide from the rest, assemble the bits.
    pub(super) fn int64_to_float(
        &mut self,
        x: &VLoc,
        ss: Shape,
        d: &VLoc,
        ds: Shape,
        double: bool,
        signed: bool,
        rounding: Rounding,
    ) {
        let p: u32 = if double { 53 } else { 24 };
        let z = self.lit4([0; 4]);
        let zl = self.lit(0);
        for i in 0..ds.lanes {
            let (c, k) = ds.lane(i);
            let xv = x.lane(ss, i);
            let (neg, a) = (self.t64(), self.t64());
            if signed {
                self.e(format!("i64lt {neg}.xy__, {xv}, {z}"));
                self.e(format!("i64negate {a}.xy__, {xv}"));
                self.e(format!("cmov_logical {a}.xy__, {neg}.x, {a}.xyxy, {xv}"));
            } else {
                self.e(format!("mov {neg}.xy__, {z}"));
                self.e(format!("mov {a}.xy__, {xv}"));
            }
            // Leading zeros of the 64-bit magnitude (IL's ffb_hi counts from the top).
            let (lz, t, q) = (self.tmp(), self.tmp(), self.tmp());
            let l32 = self.lit(32);
            self.e(format!("ffb_hi {lz}.x___, {a}.y"));
            self.e(format!("ffb_hi {t}.x___, {a}.x"));
            self.e(format!("iadd {t}.x___, {t}.x, {l32}"));
            self.e(format!("ieq {q}.x___, {a}.y, {zl}"));
            self.e(format!("cmov_logical {lz}.x___, {q}.x, {t}.x, {lz}.x"));
            let (n, m, rest) = (self.t64(), self.t64(), self.t64());
            self.e(format!("i64shl {n}.xy__, {a}.xyxy, {lz}.x"));
            let sh_m = self.lit(64 - p);
            let sh_r = self.lit(p);
            self.e(format!("u64shr {m}.xy__, {n}.xyxy, {sh_m}"));
            self.e(format!("i64shl {rest}.xy__, {n}.xyxy, {sh_r}"));
            let up = self.tmp();
            let inexact = self.tmp();
            self.e(format!("ior {inexact}.x___, {rest}.x, {rest}.y"));
            self.e(format!("ine {inexact}.x___, {inexact}.x, {zl}"));
            match rounding {
                Rounding::Rtz => self.e(format!("mov {up}.x___, {zl}")),
                Rounding::Rtp => {
                    self.e(format!("inot {up}.x___, {neg}.x"));
                    self.e(format!("iand {up}.x___, {up}.x, {inexact}.x"));
                }
                Rounding::Rtn => self.e(format!("iand {up}.x___, {neg}.x, {inexact}.x")),
                _ => {
                    // Nearest even: rest > half, or rest == half and m odd.
                    let half = self.lit4([0, 0x8000_0000, 0, 0x8000_0000]);
                    let (gt, eq, odd) = (self.t64(), self.t64(), self.tmp());
                    self.e(format!("u64lt {gt}.xy__, {half}, {rest}.xyxy"));
                    self.e(format!("i64eq {eq}.xy__, {rest}.xyxy, {half}"));
                    let one = self.lit(1);
                    self.e(format!("iand {odd}.x___, {m}.x, {one}"));
                    self.e(format!("ine {odd}.x___, {odd}.x, {zl}"));
                    self.e(format!("iand {eq}.x___, {eq}.x, {odd}.x"));
                    self.e(format!("ior {up}.x___, {gt}.x, {eq}.x"));
                }
            }
            let (e, upv) = (self.tmp(), self.t64());
            let one = self.lit(1);
            self.e(format!("iand {upv}.x___, {up}.x, {one}"));
            self.e(format!("mov {upv}._y__, {zl}"));
            self.e(format!("i64add {m}.xy__, {m}.xyxy, {upv}.xyxy"));
            // 63 - lz is the exponent; a carry out of the p bits adds one.
            let l63 = self.lit(63);
            self.e(format!("inegate {e}.x___, {lz}.x"));
            self.e(format!("iadd {e}.x___, {e}.x, {l63}"));
            let (carry, top) = (
                self.t64(),
                self.lit4(if p > 32 {
                    [0, 1 << (p - 32), 0, 1 << (p - 32)]
                } else {
                    [1 << p, 0, 1 << p, 0]
                }),
            );
            self.e(format!("i64eq {carry}.xy__, {m}.xyxy, {top}"));
            let s1 = self.lit4([1, 0, 1, 0]);
            let (mh, ep) = (self.t64(), self.tmp());
            self.e(format!("u64shr {mh}.xy__, {m}.xyxy, {s1}"));
            self.e(format!(
                "cmov_logical {m}.xy__, {carry}.x, {mh}.xyxy, {m}.xyxy"
            ));
            self.e(format!("iadd {ep}.x___, {e}.x, {one}"));
            self.e(format!("cmov_logical {e}.x___, {carry}.x, {ep}.x, {e}.x"));
            let sign = self.lit(0x8000_0000);
            let (bits, s) = (self.tmp(), self.tmp());
            self.e(format!("iand {s}.x___, {neg}.x, {sign}"));
            if double {
                let (bias, sh20, mm) = (self.lit(1023), self.lit(20), self.lit(0xF_FFFF));
                self.e(format!("iadd {bits}._y__, {e}.x, {bias}"));
                self.e(format!("ishl {bits}._y__, {bits}.y, {sh20}"));
                self.e(format!("ior {bits}._y__, {bits}.y, {s}.x"));
                self.e(format!("iand {t}.x___, {m}.y, {mm}"));
                self.e(format!("ior {bits}._y__, {bits}.y, {t}.x"));
                self.e(format!("mov {bits}.x___, {m}.x"));
            } else {
                let (bias, sh23, mm) = (self.lit(127), self.lit(23), self.lit(0x7F_FFFF));
                self.e(format!("iadd {bits}.x___, {e}.x, {bias}"));
                self.e(format!("ishl {bits}.x___, {bits}.x, {sh23}"));
                self.e(format!("ior {bits}.x___, {bits}.x, {s}.x"));
                self.e(format!("iand {t}.x___, {m}.x, {mm}"));
                self.e(format!("ior {bits}.x___, {bits}.x, {t}.x"));
            }
            // Zero stays +0.
            let isz = self.t64();
            self.e(format!("i64eq {isz}.xy__, {a}.xyxy, {z}"));
            if double {
                self.e(format!(
                    "cmov_logical {}, {isz}.x, {z}, {bits}.xyxy",
                    d.d(c, &[k, k + 1])
                ));
            } else {
                self.e(format!(
                    "cmov_logical {}, {isz}.x, {z}, {bits}.x",
                    d.d(c, &[k])
                ));
            }
        }
    }
}
