//! The reading side of `oclgrind-kernel`'s parser: a `.sim` file is read as C++
//! `istream` extractions over one line at a time (comments cut at the first `#`), so
//! this module reproduces those extractions byte for byte: whitespace as C's `isspace`,
//! integers as libstdc++'s `num_get` (a sign, `0x` accepted in hex mode, overflow a
//! failure), `short`/`int` read as `long` and range-checked, unsigned types taking a
//! `-` by wrapping, floating point as the longest `[sign]digits[.digits][e[sign]digits]`
//! prefix converted with correct rounding.

use std::ops::Range;

/// C's `isspace` in the C locale.
pub(crate) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Why an extraction failed (the stream's failbit).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fail {
    /// Nothing that reads as the type.
    NoValue,
    /// A number outside the type's range.
    Overflow,
}

/// One extracted value and where it was.
pub(crate) type Extracted<T> = Result<(T, Range<usize>), (Fail, Range<usize>)>;

/// A cursor over bytes `[pos, end)` of `text`, as one `istringstream`.
#[derive(Clone, Debug)]
pub(crate) struct Cursor<'a> {
    pub text: &'a [u8],
    pub pos: usize,
    pub end: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(text: &'a [u8], range: Range<usize>) -> Cursor<'a> {
        Cursor {
            text,
            pos: range.start,
            end: range.end.min(text.len()),
        }
    }

    fn peek(&self) -> Option<u8> {
        (self.pos < self.end).then(|| self.text[self.pos])
    }

    pub fn skip_ws(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.pos += 1;
        }
    }

    /// No byte at all is left (the stream's eofbit after an extraction).
    pub fn exhausted(&self) -> bool {
        self.pos >= self.end
    }

    /// `>> std::string`: the next whitespace-delimited word.
    pub fn word(&mut self) -> Option<Range<usize>> {
        self.skip_ws();
        let start = self.pos;
        while self.peek().is_some_and(|b| !is_space(b)) {
            self.pos += 1;
        }
        (self.pos > start).then_some(start..self.pos)
    }

    /// `>> char`: the next byte that is not whitespace.
    pub fn byte(&mut self) -> Option<(u8, usize)> {
        self.skip_ws();
        let b = self.peek()?;
        self.pos += 1;
        Some((b, self.pos - 1))
    }

    /// An integer of `bits` bits (`signed` or not), in base 16 when `hex`.
    pub fn int(&mut self, hex: bool, signed: bool, bits: u32) -> Extracted<i128> {
        self.skip_ws();
        let start = self.pos;
        let negative = match self.peek() {
            Some(b'-') => {
                self.pos += 1;
                true
            }
            Some(b'+') => {
                self.pos += 1;
                false
            }
            _ => false,
        };
        let base: u32 = if hex { 16 } else { 10 };
        let mut digits = 0usize;
        if hex && self.peek() == Some(b'0') {
            // num_get reads a leading `0` as a digit and then skips an `x` after it.
            self.pos += 1;
            digits += 1;
            if matches!(self.peek(), Some(b'x' | b'X')) {
                self.pos += 1;
            }
        }
        // The magnitude, saturated well above any 64-bit value.
        let mut mag: u128 = 0;
        while let Some(d) = self.peek().and_then(|b| (b as char).to_digit(base)) {
            mag = mag.saturating_mul(base as u128).saturating_add(d as u128);
            self.pos += 1;
            digits += 1;
        }
        let span = start..self.pos;
        if digits == 0 {
            return Err((Fail::NoValue, span));
        }
        // `short` and `int` are read as `long`, then range-checked; other types
        // directly, at their own width.
        let (read_bits, range_bits) = if signed && bits < 64 {
            (64, bits)
        } else {
            (bits, bits)
        };
        let value: i128 = if signed {
            let max = (1u128 << (read_bits - 1)) - 1;
            let lim = if negative { max + 1 } else { max };
            if mag > lim {
                return Err((Fail::Overflow, span));
            }
            if negative {
                -(mag as i128)
            } else {
                mag as i128
            }
        } else {
            let max = if read_bits == 64 {
                u64::MAX as u128
            } else {
                (1u128 << read_bits) - 1
            };
            if mag > max {
                return Err((Fail::Overflow, span));
            }
            if negative {
                // Unsigned types take a minus sign by wrapping, as strtoul does.
                ((max + 1 - mag) % (max + 1)) as i128
            } else {
                mag as i128
            }
        };
        if signed && range_bits < read_bits {
            let max = (1i128 << (range_bits - 1)) - 1;
            if value > max || value < -max - 1 {
                return Err((Fail::Overflow, span));
            }
        }
        Ok((value, span))
    }

    /// A `float` (`double` when `wide`), as the f64 it converts to.
    pub fn float(&mut self, wide: bool) -> Extracted<f64> {
        self.skip_ws();
        let start = self.pos;
        if matches!(self.peek(), Some(b'-' | b'+')) {
            self.pos += 1;
        }
        let mut mantissa = false;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
            mantissa = true;
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            while self.peek().is_some_and(|b| b.is_ascii_digit()) {
                self.pos += 1;
                mantissa = true;
            }
        }
        if mantissa && matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'-' | b'+')) {
                self.pos += 1;
            }
            while self.peek().is_some_and(|b| b.is_ascii_digit()) {
                self.pos += 1;
            }
        }
        let span = start..self.pos;
        // The accumulated text must convert as a whole ("1e" does not).
        let text = std::str::from_utf8(&self.text[span.clone()]).unwrap_or("");
        let ok_shape = mantissa
            && !text.ends_with(['e', 'E', '+', '-'])
            && text.bytes().any(|b| b.is_ascii_digit());
        if !ok_shape {
            return Err((Fail::NoValue, span));
        }
        let v = if wide {
            text.parse::<f64>().ok().filter(|v| v.is_finite())
        } else {
            text.parse::<f32>()
                .ok()
                .filter(|v| v.is_finite())
                .map(f64::from)
        };
        match v {
            Some(v) => Ok((v, span)),
            None => Err((Fail::Overflow, span)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(s: &str, hex: bool, signed: bool, bits: u32) -> Result<i128, Fail> {
        let mut c = Cursor::new(s.as_bytes(), 0..s.len());
        c.int(hex, signed, bits).map(|v| v.0).map_err(|e| e.0)
    }

    #[test]
    fn integers_read_as_libstdcxx_reads_them() {
        // Expected values: C++ `istringstream >> T` with libstdc++ (hand-checked).
        assert_eq!(int("-1", false, false, 32), Ok(4294967295));
        assert_eq!(int("-65535", false, false, 16), Ok(1));
        assert_eq!(int("-65536", false, false, 16), Err(Fail::Overflow));
        assert_eq!(int("ffffffff", true, true, 32), Err(Fail::Overflow));
        assert_eq!(int("-80", true, true, 16), Ok(-128));
        assert_eq!(int("0x7f", true, true, 32), Ok(127));
        assert_eq!(int("0x", true, true, 32), Ok(0));
        assert_eq!(int("0x10", false, true, 32), Ok(0));
        assert_eq!(
            int("9223372036854775808", false, true, 64),
            Err(Fail::Overflow)
        );
        assert_eq!(
            int("-9223372036854775808", false, true, 64),
            Ok(i64::MIN as i128)
        );
        assert_eq!(int("+", false, true, 32), Err(Fail::NoValue));
        assert_eq!(int("x", false, true, 32), Err(Fail::NoValue));
    }

    #[test]
    fn floats_take_the_longest_number_prefix() {
        let f = |s: &str| {
            let mut c = Cursor::new(s.as_bytes(), 0..s.len());
            c.float(false).map(|v| (v.0, c.pos)).map_err(|e| e.0)
        };
        assert_eq!(f("1.5x"), Ok((1.5, 3)));
        assert_eq!(f("1.2.3"), Ok((1.2f32 as f64, 3)));
        assert_eq!(f("1e"), Err(Fail::NoValue));
        assert_eq!(f(".e5"), Err(Fail::NoValue));
        assert_eq!(f("1e50"), Err(Fail::Overflow));
        assert_eq!(f("-0"), Ok((-0.0, 2)));
    }
}
