//! Floating-point conversions (`%f %e %g %a`), digit for digit as glibc prints them.
//!
//! Decimal digits come from the exact value: a finite `f64` is `m * 2^e`, whose decimal
//! expansion is finite (at most 767 significant digits). It is computed with a small
//! big integer, then rounded to the requested digit with ties to even, as glibc does in
//! the default rounding mode. No step goes through a shortest-representation algorithm,
//! so `%.60f` prints the same digits C does.

/// A non-negative big integer in base 2^32, least significant limb first.
struct Big(Vec<u32>);

impl Big {
    fn from_u64(v: u64) -> Big {
        Big(vec![v as u32, (v >> 32) as u32])
    }

    fn mul_small(&mut self, k: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let p = *limb as u64 * k as u64 + carry;
            *limb = p as u32;
            carry = p >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }

    fn shl(&mut self, bits: u32) {
        let (words, rem) = ((bits / 32) as usize, bits % 32);
        if rem != 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let next = *limb >> (32 - rem);
                *limb = (*limb << rem) | carry;
                carry = next;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        let mut v = vec![0u32; words];
        v.append(&mut self.0);
        self.0 = v;
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    /// Divide by `d`, returning the remainder.
    fn div_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let cur = (rem << 32) | *limb as u64;
            *limb = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        rem as u32
    }

    /// Decimal digits (ASCII), most significant first; "0" for zero.
    fn into_decimal(mut self) -> Vec<u8> {
        let mut chunks = Vec::new();
        while !self.is_zero() {
            chunks.push(self.div_small(1_000_000_000));
        }
        let mut out = Vec::new();
        for (k, c) in chunks.iter().rev().enumerate() {
            if k == 0 {
                out.extend_from_slice(c.to_string().as_bytes());
            } else {
                out.extend_from_slice(format!("{c:09}").as_bytes());
            }
        }
        if out.is_empty() {
            out.push(b'0');
        }
        out
    }
}

/// The exact decimal expansion of a finite, non-zero `|v|`: `(digits, point)` with
/// `|v| = 0.DIGITS × 10^point`, no leading or trailing zero digits.
fn exact_decimal(v: f64) -> (Vec<u8>, i32) {
    let bits = v.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), exp - 1075)
    };
    let mut n = Big::from_u64(m);
    let (digits, point) = if e >= 0 {
        n.shl(e as u32);
        let d = n.into_decimal();
        let len = d.len() as i32;
        (d, len)
    } else {
        // m / 2^k = m * 5^k / 10^k.
        let k = -e;
        let mut left = k;
        while left >= 13 {
            n.mul_small(1_220_703_125); // 5^13
            left -= 13;
        }
        for _ in 0..left {
            n.mul_small(5);
        }
        let d = n.into_decimal();
        let len = d.len() as i32;
        (d, len - k)
    };
    let mut digits = digits;
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
    (digits, point)
}

/// Round `0.DS × 10^point` to its first `keep` digits, ties to even. The result may have
/// fewer digits than `keep` (missing ones are zeros); empty digits mean zero.
fn round_digits(ds: &[u8], point: i32, keep: i64) -> (Vec<u8>, i32) {
    if keep >= ds.len() as i64 {
        return (ds.to_vec(), point);
    }
    if keep < 0 {
        return (Vec::new(), point);
    }
    let k = keep as usize;
    let next = ds[k];
    let rest_nonzero = ds.len() > k + 1;
    let prev_odd = k > 0 && (ds[k - 1] - b'0') % 2 == 1;
    let up = next > b'5' || (next == b'5' && (rest_nonzero || prev_odd));
    let mut out = ds[..k].to_vec();
    if !up {
        return (out, point);
    }
    for d in out.iter_mut().rev() {
        if *d == b'9' {
            *d = b'0';
        } else {
            *d += 1;
            return (out, point);
        }
    }
    // All nines (or nothing kept): 0.999 becomes 1.000, one more integer digit.
    out.insert(0, b'1');
    out.truncate(k.max(1));
    (out, point + 1)
}

fn digit_at(ds: &[u8], i: i64) -> u8 {
    if i < 0 {
        b'0'
    } else {
        ds.get(i as usize).copied().unwrap_or(b'0')
    }
}

/// `%f` body of `|v|` (finite): integer digits, then `.` and `prec` digits.
fn fixed(v: f64, prec: u32, hash: bool) -> Vec<u8> {
    let (ds, point) = if v == 0.0 {
        (Vec::new(), 1)
    } else {
        let (d, p) = exact_decimal(v);
        round_digits(&d, p, p as i64 + prec as i64)
    };
    let mut out = Vec::new();
    if point <= 0 || ds.is_empty() {
        out.push(b'0');
    } else {
        for i in 0..point as i64 {
            out.push(digit_at(&ds, i));
        }
    }
    if prec > 0 || hash {
        out.push(b'.');
    }
    let base = if ds.is_empty() { 1 } else { point as i64 };
    for k in 0..prec as i64 {
        out.push(if ds.is_empty() {
            b'0'
        } else {
            digit_at(&ds, base + k)
        });
    }
    out
}

/// `%e` body of `|v|` (finite): `d.ddde±XX`.
fn exponential(v: f64, prec: u32, hash: bool, upper: bool) -> Vec<u8> {
    let (ds, x) = decimal_exponent(v, prec);
    let mut out = vec![digit_at(&ds, 0)];
    if prec > 0 || hash {
        out.push(b'.');
    }
    for k in 1..=prec as i64 {
        out.push(digit_at(&ds, k));
    }
    out.push(if upper { b'E' } else { b'e' });
    out.push(if x < 0 { b'-' } else { b'+' });
    out.extend_from_slice(format!("{:02}", x.unsigned_abs()).as_bytes());
    out
}

/// The digits of `|v|` rounded to `prec + 1` significant ones, and the decimal exponent
/// of the first (0 for zero).
fn decimal_exponent(v: f64, prec: u32) -> (Vec<u8>, i32) {
    if v == 0.0 {
        return (Vec::new(), 0);
    }
    let (d, p) = exact_decimal(v);
    let (ds, point) = round_digits(&d, p, prec as i64 + 1);
    (ds, point - 1)
}

/// `%g` body of `|v|` (finite).
fn general(v: f64, prec: Option<u32>, hash: bool, upper: bool) -> Vec<u8> {
    let p = match prec {
        None => 6,
        Some(0) => 1,
        Some(p) => p,
    };
    let (_, x) = decimal_exponent(v, p - 1);
    let mut out = if (x as i64) < p as i64 && x >= -4 {
        fixed(v, (p as i64 - 1 - x as i64) as u32, hash)
    } else {
        exponential(v, p - 1, hash, upper)
    };
    if !hash {
        // Trailing zeros of the fraction go, and the point with them.
        let e = out
            .iter()
            .position(|&c| c == b'e' || c == b'E')
            .unwrap_or(out.len());
        let (mant, exp) = out.split_at(e);
        let mut mant = mant.to_vec();
        if mant.contains(&b'.') {
            while mant.last() == Some(&b'0') {
                mant.pop();
            }
            if mant.last() == Some(&b'.') {
                mant.pop();
            }
        }
        mant.extend_from_slice(exp);
        out = mant;
    }
    out
}

/// `%a` body of `|v|` (finite): `0xh.hhhp±d`, subnormals as `0x0.hhhp-1022`.
fn hex(v: f64, prec: Option<u32>, hash: bool, upper: bool) -> Vec<u8> {
    let bits = v.to_bits() & !(1u64 << 63);
    let exp = (bits >> 52) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (lead, e) = match (exp, frac) {
        (0, 0) => (0u64, 0),
        (0, _) => (0, -1022),
        _ => (1, exp - 1023),
    };
    let mut m = (lead << 52) | frac;
    let ndigits = match prec {
        Some(p) if p < 13 => {
            let shift = 4 * (13 - p);
            let rem = m & ((1u64 << shift) - 1);
            let half = 1u64 << (shift - 1);
            m >>= shift;
            if rem > half || (rem == half && m & 1 == 1) {
                m += 1;
            }
            p
        }
        _ => 13,
    };
    let lead = m >> (4 * ndigits);
    let mut frac_digits: Vec<u8> = (0..ndigits)
        .rev()
        .map(|k| hex_digit(((m >> (4 * k)) & 0xf) as u8, upper))
        .collect();
    match prec {
        None => {
            while frac_digits.last() == Some(&b'0') {
                frac_digits.pop();
            }
        }
        Some(p) => frac_digits.resize(p as usize, b'0'),
    }
    let mut out = Vec::new();
    out.extend_from_slice(if upper { b"0X" } else { b"0x" });
    out.extend_from_slice(lead.to_string().as_bytes());
    if !frac_digits.is_empty() || hash {
        out.push(b'.');
    }
    out.extend_from_slice(&frac_digits);
    out.push(if upper { b'P' } else { b'p' });
    out.push(if e < 0 { b'-' } else { b'+' });
    out.extend_from_slice(e.unsigned_abs().to_string().as_bytes());
    out
}

fn hex_digit(d: u8, upper: bool) -> u8 {
    match (d, upper) {
        (0..=9, _) => b'0' + d,
        (_, false) => b'a' + d - 10,
        (_, true) => b'A' + d - 10,
    }
}

/// The body of a floating conversion of `|v|` without sign or padding, and whether it
/// is a number (infinities and NaNs are not zero-padded).
pub(crate) fn body(v: f64, conv: u8, prec: Option<u32>, hash: bool) -> (Vec<u8>, bool) {
    let upper = conv.is_ascii_uppercase();
    if !v.is_finite() {
        let s: &[u8] = match (v.is_nan(), upper) {
            (true, false) => b"nan",
            (true, true) => b"NAN",
            (false, false) => b"inf",
            (false, true) => b"INF",
        };
        return (s.to_vec(), false);
    }
    let a = v.abs();
    let b = match conv {
        b'f' | b'F' => fixed(a, prec.unwrap_or(6), hash),
        b'e' | b'E' => exponential(a, prec.unwrap_or(6), hash, upper),
        b'g' | b'G' => general(a, prec, hash, upper),
        _ => hex(a, prec, hash, upper),
    };
    (b, true)
}

/// An IEEE half's value (through the `half` crate, the workspace's one conversion).
pub(crate) fn half_to_f64(h: u16) -> f64 {
    half::f16::from_bits(h).to_f64()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: Vec<u8>) -> String {
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn exact_digits() {
        assert_eq!(exact_decimal(0.5), (b"5".to_vec(), 0));
        assert_eq!(exact_decimal(1234.0), (b"1234".to_vec(), 4));
        // 0.1 is 0.1000000000000000055511151231257827021181583404541015625 exactly.
        let (d, p) = exact_decimal(0.1);
        assert_eq!(p, 0);
        assert_eq!(
            s(d),
            "1000000000000000055511151231257827021181583404541015625"
        );
        // 2^-1074 has 751 significant digits, the first being 4940656458412465441765.
        let (d, p) = exact_decimal(f64::from_bits(1));
        assert_eq!((d.len(), p), (751, -323));
        assert!(d.starts_with(b"4940656458412465441765"));
    }

    #[test]
    fn rounding_is_ties_to_even() {
        assert_eq!(round_digits(b"125", 0, 2), (b"12".to_vec(), 0));
        assert_eq!(round_digits(b"135", 0, 2), (b"14".to_vec(), 0));
        assert_eq!(round_digits(b"1251", 0, 2), (b"13".to_vec(), 0));
        assert_eq!(round_digits(b"999", 1, 2), (b"10".to_vec(), 2));
        assert_eq!(round_digits(b"5", 0, 0), (b"".to_vec(), 0));
        assert_eq!(round_digits(b"6", 0, 0), (b"1".to_vec(), 1));
        assert_eq!(round_digits(b"5", -1, -1), (b"".to_vec(), -1));
    }

    #[test]
    fn halves() {
        assert_eq!(half_to_f64(0x3c00), 1.0);
        assert_eq!(half_to_f64(0xc000), -2.0);
        assert_eq!(half_to_f64(0x0001), 2f64.powi(-24));
        assert!(half_to_f64(0x7e00).is_nan());
        assert_eq!(half_to_f64(0xfc00), f64::NEG_INFINITY);
    }
}
