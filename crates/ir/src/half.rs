//! The one conversion of a double to a half (`vstore_half` of a double, `half`
//! constants, half values given to a kernel): rounded once, to nearest with ties to
//! even, as OpenCL requires. Not `half::f16::from_f64`, which in half 2.7 rounds through
//! a float where the CPU has F16C (rounding twice) and otherwise drops the double's low
//! 32 bits first: `1 + 2^-11 + 2^-50` became 1, not `1 + 2^-10`. Conversions from a float
//! (exact in a double) and from a half use the `half` crate directly; a NaN follows its
//! rule (quiet, sign and top payload bits kept).

use ::half::f16;

/// `x` rounded once to the nearest half (ties to even); too large a magnitude gives the
/// infinity of its sign.
pub fn f16_from_f64(x: f64) -> f16 {
    if !x.is_finite() || x == 0.0 {
        return f16::from_f64(x);
    }
    let exp = ((x.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    if exp > 15 {
        // At least 2^16: beyond the largest half and its rounding midpoint.
        return if x > 0.0 {
            f16::INFINITY
        } else {
            f16::NEG_INFINITY
        };
    }
    // The spacing of halves near `x` (2^-24 for subnormals); scaling by a power of two
    // is exact, so only `round_ties_even` rounds, and the result is a half (or 2^16,
    // which converts to infinity as it should).
    let quantum = f64::from_bits(((exp.max(-14) - 10 + 1023) as u64) << 52);
    f16::from_f64((x / quantum).round_ties_even() * quantum)
}

/// [`f16_from_f64`] as bits.
pub fn f16_bits_from_f64(x: f64) -> u16 {
    f16_from_f64(x).to_bits()
}

#[cfg(test)]
mod tests {
    use super::f16_bits_from_f64 as h;

    #[test]
    fn rounds_once_to_nearest_even() {
        let p = |e: i32| 2f64.powi(e);
        // Bits by hand from the binary16 layout (sign, 5-bit exponent biased 15, 10-bit
        // fraction).
        assert_eq!(h(1.0 + p(-11) + p(-50)), 0x3C01); // just above the midpoint: up
        assert_eq!(h(1.0 + p(-11)), 0x3C00); // the midpoint: to even
        assert_eq!(h(1.0 + 3.0 * p(-11)), 0x3C02); // the midpoint above an odd: up
        assert_eq!(h(65504.0), 0x7BFF);
        assert_eq!(h(65519.99), 0x7BFF);
        assert_eq!(h(65520.0), 0x7C00);
        assert_eq!(h(-1e300), 0xFC00);
        assert_eq!(h(p(-24)), 0x0001); // the smallest subnormal
        assert_eq!(h(p(-25)), 0x0000); // half of it: a tie, to even (zero)
        assert_eq!(h(p(-25) + p(-60)), 0x0001);
        assert_eq!(h(-0.0), 0x8000);
        assert_eq!(h(f64::INFINITY), 0x7C00);
        let nan = h(f64::NAN);
        assert!(nan & 0x7C00 == 0x7C00 && nan & 0x03FF != 0, "{nan:#x}");
    }
}
