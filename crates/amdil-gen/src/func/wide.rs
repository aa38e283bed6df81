//! 64-bit integer operations IL has no instruction for: the high half of a 64 x 64-bit
//! product and conversions between 64-bit integers and floating point (with OpenCL's
//! rounding modes and saturation), built from 32- and 64-bit integer instructions so
//! that devices without doubles can run them.

use super::*;

impl FnGen<'_, '_> {
    /// A fresh register for one 64-bit value in `.xy`.
    fn t64(&mut self) -> Reg {
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
            self.e(b::alu(op::Iand, a0.dst(Mask::XY), [a, lo_mask]));
            self.e(b::alu(op::U64shr, a1.dst(Mask::XY), [a, s32]));
            self.e(b::alu(op::Iand, b0.dst(Mask::XY), [b, lo_mask]));
            self.e(b::alu(op::U64shr, b1.dst(Mask::XY), [b, s32]));
            let [p00, p01, p10, p11] = [self.t64(), self.t64(), self.t64(), self.t64()];
            self.e(b::alu(
                op::U64mul,
                p00.dst(Mask::XY),
                [a0.xyxy(), b0.xyxy()],
            ));
            self.e(b::alu(
                op::U64mul,
                p01.dst(Mask::XY),
                [a0.xyxy(), b1.xyxy()],
            ));
            self.e(b::alu(
                op::U64mul,
                p10.dst(Mask::XY),
                [a1.xyxy(), b0.xyxy()],
            ));
            self.e(b::alu(
                op::U64mul,
                p11.dst(Mask::XY),
                [a1.xyxy(), b1.xyxy()],
            ));
            // mid = (p00 >> 32) + lo(p01) + lo(p10); hi = p11 + (p01 >> 32) + (p10 >> 32)
            // + (mid >> 32).
            let (mid, t, h) = (self.t64(), self.t64(), self.t64());
            self.e(b::alu(op::U64shr, mid.dst(Mask::XY), [p00.xyxy(), s32]));
            self.e(b::alu(op::Iand, t.dst(Mask::XY), [p01.xyxy(), lo_mask]));
            self.e(b::alu(
                op::I64add,
                mid.dst(Mask::XY),
                [mid.xyxy(), t.xyxy()],
            ));
            self.e(b::alu(op::Iand, t.dst(Mask::XY), [p10.xyxy(), lo_mask]));
            self.e(b::alu(
                op::I64add,
                mid.dst(Mask::XY),
                [mid.xyxy(), t.xyxy()],
            ));
            self.e(b::alu(op::U64shr, h.dst(Mask::XY), [p01.xyxy(), s32]));
            self.e(b::alu(op::I64add, h.dst(Mask::XY), [h.xyxy(), p11.xyxy()]));
            self.e(b::alu(op::U64shr, t.dst(Mask::XY), [p10.xyxy(), s32]));
            self.e(b::alu(op::I64add, h.dst(Mask::XY), [h.xyxy(), t.xyxy()]));
            self.e(b::alu(op::U64shr, t.dst(Mask::XY), [mid.xyxy(), s32]));
            self.e(b::alu(op::I64add, h.dst(Mask::XY), [h.xyxy(), t.xyxy()]));
            if signed {
                // Signed high half = unsigned one - (a < 0 ? b : 0) - (b < 0 ? a : 0).
                let z = self.lit4([0; 4]);
                let n = self.t64();
                self.e(b::alu(op::I64lt, n.dst(Mask::XY), [a, z]));
                self.e(b::alu(op::Iand, n.dst(Mask::XY), [n.xyxy(), b]));
                self.e(b::alu(op::I64sub, h.dst(Mask::XY), [h.xyxy(), n.xyxy()]));
                self.e(b::alu(op::I64lt, n.dst(Mask::XY), [b, z]));
                self.e(b::alu(op::Iand, n.dst(Mask::XY), [n.xyxy(), a]));
                self.e(b::alu(op::I64sub, h.dst(Mask::XY), [h.xyxy(), n.xyxy()]));
            }
            self.e(b::alu(op::Mov, d.d(c, &[k, k + 1]), [h.xyxy()]));
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
                self.e(b::alu(op::Mov, sign.dst(Mask::X), [hi]));
                self.e(b::alu(op::UbitExtract, e.dst(Mask::X), [w, o, hi]));
                self.e(b::alu(op::Iadd, e.dst(Mask::X), [e.x(), bias]));
                let (mm, one) = (self.lit(0xF_FFFF), self.lit(0x10_0000));
                self.e(b::alu(op::Iand, m.dst(Mask::Y), [hi, mm]));
                self.e(b::alu(op::Ior, m.dst(Mask::Y), [m.y(), one]));
                self.e(b::alu(op::Mov, m.dst(Mask::X), [lo]));
                let b = self.lit(-52i32 as u32);
                self.e(b::alu(op::Iadd, shift.dst(Mask::X), [e.x(), b]));
            } else {
                let v = x.s(sc, &[sk]);
                let (w, o, bias) = (self.lit(8), self.lit(23), self.lit(-127i32 as u32));
                self.e(b::alu(op::Mov, sign.dst(Mask::X), [v]));
                self.e(b::alu(op::UbitExtract, e.dst(Mask::X), [w, o, v]));
                self.e(b::alu(op::Iadd, e.dst(Mask::X), [e.x(), bias]));
                let (mm, one) = (self.lit(0x7F_FFFF), self.lit(0x80_0000));
                self.e(b::alu(op::Iand, m.dst(Mask::X), [v, mm]));
                self.e(b::alu(op::Ior, m.dst(Mask::X), [m.x(), one]));
                let zz = self.lit(0);
                self.e(b::alu(op::Mov, m.dst(Mask::Y), [zz]));
                let b = self.lit(-23i32 as u32);
                self.e(b::alu(op::Iadd, shift.dst(Mask::X), [e.x(), b]));
            }
            // T = (M << max(shift, 0)) >> max(-shift, 0)
            let (sl, sr, t) = (self.tmp(), self.tmp(), self.t64());
            let zl = self.lit(0);
            self.e(b::alu(op::Imax, sl.dst(Mask::X), [shift.x(), zl]));
            self.e(b::alu(op::Inegate, sr.dst(Mask::X), [shift.x()]));
            self.e(b::alu(op::Imax, sr.dst(Mask::X), [sr.x(), zl]));
            self.e(b::alu(op::I64shl, t.dst(Mask::XY), [m.xyxy(), sl.x()]));
            self.e(b::alu(op::U64shr, t.dst(Mask::XY), [t.xyxy(), sr.x()]));
            let (neg, nt) = (self.tmp(), self.t64());
            self.e(b::alu(op::Ilt, neg.dst(Mask::X), [sign.x(), zl]));
            self.e(b::alu(op::I64negate, nt.dst(Mask::XY), [t.xyxy()]));
            if signed {
                self.e(b::alu(
                    op::CmovLogical,
                    t.dst(Mask::XY),
                    [neg.x(), nt.xyxy(), t.xyxy()],
                ));
            } else {
                self.e(b::alu(
                    op::CmovLogical,
                    t.dst(Mask::XY),
                    [neg.x(), z, t.xyxy()],
                ));
            }
            // |x| < 1 gives 0; |x| >= 2^63 (2^64 unsigned), infinities included,
            // saturate; NaN gives 0.
            let small = self.tmp();
            self.e(b::alu(op::Ilt, small.dst(Mask::X), [e.x(), zl]));
            self.e(b::alu(
                op::CmovLogical,
                t.dst(Mask::XY),
                [small.x(), z, t.xyxy()],
            ));
            let big = self.tmp();
            let lim = self.lit(if signed { 63 } else { 64 });
            self.e(b::alu(op::Ige, big.dst(Mask::X), [e.x(), lim]));
            let sat = if signed {
                let (mx, mn) = (
                    self.lit4([u32::MAX, 0x7FFF_FFFF, u32::MAX, 0x7FFF_FFFF]),
                    self.lit4([0, 0x8000_0000, 0, 0x8000_0000]),
                );
                let s = self.t64();
                self.e(b::alu(op::CmovLogical, s.dst(Mask::XY), [neg.x(), mn, mx]));
                s.xyxy()
            } else {
                let mx = self.lit4([u32::MAX; 4]);
                let s = self.t64();
                self.e(b::alu(op::CmovLogical, s.dst(Mask::XY), [neg.x(), z, mx]));
                s.xyxy()
            };
            self.e(b::alu(
                op::CmovLogical,
                t.dst(Mask::XY),
                [big.x(), sat, t.xyxy()],
            ));
            let nan = self.tmp();
            if double {
                let hi = x.s(sc, &[sk + 1]);
                let lo = x.s(sc, &[sk]);
                let (am, inf) = (self.lit(0x7FFF_FFFF), self.lit(0x7FF0_0000));
                let (a, q) = (self.tmp(), self.tmp());
                self.e(b::alu(op::Iand, a.dst(Mask::X), [hi, am]));
                self.e(b::alu(op::Ult, nan.dst(Mask::X), [inf, a.x()]));
                self.e(b::alu(op::Ieq, q.dst(Mask::X), [a.x(), inf]));
                self.e(b::alu(op::Ine, a.dst(Mask::X), [lo, zl]));
                self.e(b::alu(op::Iand, q.dst(Mask::X), [q.x(), a.x()]));
                self.e(b::alu(op::Ior, nan.dst(Mask::X), [nan.x(), q.x()]));
            } else {
                let v = x.s(sc, &[sk]);
                let (am, inf) = (self.lit(0x7FFF_FFFF), self.lit(0x7F80_0000));
                let a = self.tmp();
                self.e(b::alu(op::Iand, a.dst(Mask::X), [v, am]));
                self.e(b::alu(op::Ult, nan.dst(Mask::X), [inf, a.x()]));
            }
            self.e(b::alu(
                op::CmovLogical,
                d.d(c, &[k, k + 1]),
                [nan.x(), z, t.xyxy()],
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
                self.e(b::alu(op::I64lt, neg.dst(Mask::XY), [xv, z]));
                self.e(b::alu(op::I64negate, a.dst(Mask::XY), [xv]));
                self.e(b::alu(
                    op::CmovLogical,
                    a.dst(Mask::XY),
                    [neg.x(), a.xyxy(), xv],
                ));
            } else {
                self.e(b::alu(op::Mov, neg.dst(Mask::XY), [z]));
                self.e(b::alu(op::Mov, a.dst(Mask::XY), [xv]));
            }
            // Leading zeros of the 64-bit magnitude (IL's ffb_hi counts from the top).
            let (lz, t, q) = (self.tmp(), self.tmp(), self.tmp());
            let l32 = self.lit(32);
            self.e(b::alu(op::FfbHi, lz.dst(Mask::X), [a.y()]));
            self.e(b::alu(op::FfbHi, t.dst(Mask::X), [a.x()]));
            self.e(b::alu(op::Iadd, t.dst(Mask::X), [t.x(), l32]));
            self.e(b::alu(op::Ieq, q.dst(Mask::X), [a.y(), zl]));
            self.e(b::alu(
                op::CmovLogical,
                lz.dst(Mask::X),
                [q.x(), t.x(), lz.x()],
            ));
            let (n, m, rest) = (self.t64(), self.t64(), self.t64());
            self.e(b::alu(op::I64shl, n.dst(Mask::XY), [a.xyxy(), lz.x()]));
            let sh_m = self.lit(64 - p);
            let sh_r = self.lit(p);
            self.e(b::alu(op::U64shr, m.dst(Mask::XY), [n.xyxy(), sh_m]));
            self.e(b::alu(op::I64shl, rest.dst(Mask::XY), [n.xyxy(), sh_r]));
            let up = self.tmp();
            let inexact = self.tmp();
            self.e(b::alu(op::Ior, inexact.dst(Mask::X), [rest.x(), rest.y()]));
            self.e(b::alu(op::Ine, inexact.dst(Mask::X), [inexact.x(), zl]));
            match rounding {
                Rounding::Rtz => self.e(b::alu(op::Mov, up.dst(Mask::X), [zl])),
                Rounding::Rtp => {
                    self.e(b::alu(op::Inot, up.dst(Mask::X), [neg.x()]));
                    self.e(b::alu(op::Iand, up.dst(Mask::X), [up.x(), inexact.x()]));
                }
                Rounding::Rtn => self.e(b::alu(op::Iand, up.dst(Mask::X), [neg.x(), inexact.x()])),
                _ => {
                    // Nearest even: rest > half, or rest == half and m odd.
                    let half = self.lit4([0, 0x8000_0000, 0, 0x8000_0000]);
                    let (gt, eq, odd) = (self.t64(), self.t64(), self.tmp());
                    self.e(b::alu(op::U64lt, gt.dst(Mask::XY), [half, rest.xyxy()]));
                    self.e(b::alu(op::I64eq, eq.dst(Mask::XY), [rest.xyxy(), half]));
                    let one = self.lit(1);
                    self.e(b::alu(op::Iand, odd.dst(Mask::X), [m.x(), one]));
                    self.e(b::alu(op::Ine, odd.dst(Mask::X), [odd.x(), zl]));
                    self.e(b::alu(op::Iand, eq.dst(Mask::X), [eq.x(), odd.x()]));
                    self.e(b::alu(op::Ior, up.dst(Mask::X), [gt.x(), eq.x()]));
                }
            }
            let (e, upv) = (self.tmp(), self.t64());
            let one = self.lit(1);
            self.e(b::alu(op::Iand, upv.dst(Mask::X), [up.x(), one]));
            self.e(b::alu(op::Mov, upv.dst(Mask::Y), [zl]));
            self.e(b::alu(op::I64add, m.dst(Mask::XY), [m.xyxy(), upv.xyxy()]));
            // 63 - lz is the exponent; a carry out of the p bits adds one.
            let l63 = self.lit(63);
            self.e(b::alu(op::Inegate, e.dst(Mask::X), [lz.x()]));
            self.e(b::alu(op::Iadd, e.dst(Mask::X), [e.x(), l63]));
            let (carry, top) = (
                self.t64(),
                self.lit4(if p > 32 {
                    [0, 1 << (p - 32), 0, 1 << (p - 32)]
                } else {
                    [1 << p, 0, 1 << p, 0]
                }),
            );
            self.e(b::alu(op::I64eq, carry.dst(Mask::XY), [m.xyxy(), top]));
            let s1 = self.lit4([1, 0, 1, 0]);
            let (mh, ep) = (self.t64(), self.tmp());
            self.e(b::alu(op::U64shr, mh.dst(Mask::XY), [m.xyxy(), s1]));
            self.e(b::alu(
                op::CmovLogical,
                m.dst(Mask::XY),
                [carry.x(), mh.xyxy(), m.xyxy()],
            ));
            self.e(b::alu(op::Iadd, ep.dst(Mask::X), [e.x(), one]));
            self.e(b::alu(
                op::CmovLogical,
                e.dst(Mask::X),
                [carry.x(), ep.x(), e.x()],
            ));
            let sign = self.lit(0x8000_0000);
            let (bits, s) = (self.tmp(), self.tmp());
            self.e(b::alu(op::Iand, s.dst(Mask::X), [neg.x(), sign]));
            if double {
                let (bias, sh20, mm) = (self.lit(1023), self.lit(20), self.lit(0xF_FFFF));
                self.e(b::alu(op::Iadd, bits.dst(Mask::Y), [e.x(), bias]));
                self.e(b::alu(op::Ishl, bits.dst(Mask::Y), [bits.y(), sh20]));
                self.e(b::alu(op::Ior, bits.dst(Mask::Y), [bits.y(), s.x()]));
                self.e(b::alu(op::Iand, t.dst(Mask::X), [m.y(), mm]));
                self.e(b::alu(op::Ior, bits.dst(Mask::Y), [bits.y(), t.x()]));
                self.e(b::alu(op::Mov, bits.dst(Mask::X), [m.x()]));
            } else {
                let (bias, sh23, mm) = (self.lit(127), self.lit(23), self.lit(0x7F_FFFF));
                self.e(b::alu(op::Iadd, bits.dst(Mask::X), [e.x(), bias]));
                self.e(b::alu(op::Ishl, bits.dst(Mask::X), [bits.x(), sh23]));
                self.e(b::alu(op::Ior, bits.dst(Mask::X), [bits.x(), s.x()]));
                self.e(b::alu(op::Iand, t.dst(Mask::X), [m.x(), mm]));
                self.e(b::alu(op::Ior, bits.dst(Mask::X), [bits.x(), t.x()]));
            }
            // Zero stays +0.
            let isz = self.t64();
            self.e(b::alu(op::I64eq, isz.dst(Mask::XY), [a.xyxy(), z]));
            if double {
                self.e(b::alu(
                    op::CmovLogical,
                    d.d(c, &[k, k + 1]),
                    [isz.x(), z, bits.xyxy()],
                ));
            } else {
                self.e(b::alu(
                    op::CmovLogical,
                    d.d(c, &[k]),
                    [isz.x(), z, bits.x()],
                ));
            }
        }
    }
}
