//! Formatting one call's arguments with a parsed format, as glibc's `printf` does.

use crate::float;
use crate::spec::{parse, ArgKind, Elem, FormatError, Length, Piece, Spec};

/// One argument of a printf call, as the device recorded it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// An integer: its two's complement bits (zero-extended to 64) and its size in bytes.
    Int {
        bits: u64,
        bytes: u8,
    },
    /// An IEEE half, by its bits.
    F16(u16),
    F32(f32),
    F64(f64),
    /// A pointer's bits.
    Ptr(u64),
    /// The bytes of a `%s` string (a NUL, if any, ends it).
    Str(Vec<u8>),
    /// A vector of scalar values.
    Vector(Vec<Value>),
}

impl Value {
    pub fn i32(v: i32) -> Value {
        Value::Int {
            bits: v as u32 as u64,
            bytes: 4,
        }
    }

    pub fn i64(v: i64) -> Value {
        Value::Int {
            bits: v as u64,
            bytes: 8,
        }
    }

    /// An integer of `bytes` (1, 2, 4 or 8) bytes from its bits (higher bits ignored).
    pub fn int(bits: u64, bytes: u8) -> Value {
        let bytes = bytes.clamp(1, 8);
        let mask = if bytes == 8 {
            u64::MAX
        } else {
            (1u64 << (bytes * 8)) - 1
        };
        Value::Int {
            bits: bits & mask,
            bytes,
        }
    }

    /// Read a value of the given kind from little-endian bytes, as a device's printf
    /// buffer holds it: a scalar at the size it was given (1, 2, 4 or 8 bytes; a
    /// floating one of 4 bytes is a `float`, of 8 a `double`), vector elements at the
    /// size the conversion names, a string up to its first NUL. `None` when there are
    /// too few bytes.
    pub fn from_le_bytes(kind: ArgKind, b: &[u8]) -> Option<Value> {
        fn elem(e: Elem, b: &[u8]) -> Option<Value> {
            let (Elem::Int { bytes, .. } | Elem::Float { bytes }) = e;
            let n = bytes as usize;
            let raw = b.get(..n)?;
            let mut w = [0u8; 8];
            w[..n].copy_from_slice(raw);
            let bits = u64::from_le_bytes(w);
            Some(match e {
                Elem::Int { .. } => Value::int(bits, bytes),
                Elem::Float { bytes: 2 } => Value::F16(bits as u16),
                Elem::Float { bytes: 4 } => Value::F32(f32::from_bits(bits as u32)),
                Elem::Float { .. } => Value::F64(f64::from_bits(bits)),
            })
        }
        // A scalar is read at the size the buffer gives it (1, 2, 4 or 8 bytes).
        let fit = match b.len() {
            0 => return None,
            1 => 1,
            2..=3 => 2,
            4..=7 => 4,
            _ => 8,
        };
        match kind {
            ArgKind::Scalar(Elem::Float { .. }) if fit >= 2 => elem(Elem::Float { bytes: fit }, b),
            ArgKind::Scalar(Elem::Float { .. }) => None,
            ArgKind::Scalar(Elem::Int { signed, .. }) => elem(Elem::Int { bytes: fit, signed }, b),
            ArgKind::Ptr if b.len() < 8 => elem(
                Elem::Int {
                    bytes: 4,
                    signed: false,
                },
                b,
            )
            .map(|v| match v {
                Value::Int { bits, .. } => Value::Ptr(bits),
                v => v,
            }),
            ArgKind::Ptr => Some(Value::Ptr(u64::from_le_bytes(b.get(..8)?.try_into().ok()?))),
            ArgKind::Str => {
                let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
                Some(Value::Str(b[..end].to_vec()))
            }
            ArgKind::Vector { lanes, elem: e } => {
                let (Elem::Int { bytes, .. } | Elem::Float { bytes }) = e;
                let n = bytes as usize;
                (0..lanes as usize)
                    .map(|k| elem(e, b.get(k * n..)?))
                    .collect::<Option<Vec<_>>>()
                    .map(Value::Vector)
            }
        }
    }

    fn what(&self) -> &'static str {
        match self {
            Value::Int { .. } => "an integer",
            Value::F16(_) | Value::F32(_) | Value::F64(_) => "a floating-point number",
            Value::Ptr(_) => "a pointer",
            Value::Str(_) => "a string",
            Value::Vector(_) => "a vector",
        }
    }
}

/// Format `args` with `format` (parse and render). The error of an unparsable format is
/// its first problem.
pub fn format(format: &[u8], args: &[Value]) -> Result<Vec<u8>, FormatError> {
    let pieces = parse(format).map_err(|mut e| e.swap_remove(0))?;
    let mut out = Vec::new();
    render(format, &pieces, args, &mut out)?;
    Ok(out)
}

/// Append what one printf call prints to `out`. Extra arguments are ignored (C evaluates
/// and ignores them); a missing argument or one of the wrong kind is an error, and what
/// was printed before it stays in `out`.
pub fn render(
    format: &[u8],
    pieces: &[Piece],
    args: &[Value],
    out: &mut Vec<u8>,
) -> Result<(), FormatError> {
    let mut next = args.iter();
    for p in pieces {
        match p {
            Piece::Text(r) => out.extend_from_slice(format.get(r.clone()).unwrap_or(&[])),
            Piece::Percent(_) => out.push(b'%'),
            Piece::Conv(spec) => {
                let arg = next.next().ok_or_else(|| {
                    FormatError::new(
                        spec.at.clone(),
                        format!("no argument left for `{}`", spec.spelling()),
                    )
                })?;
                conversion(spec, arg, out)?;
            }
        }
    }
    Ok(())
}

fn conversion(spec: &Spec, arg: &Value, out: &mut Vec<u8>) -> Result<(), FormatError> {
    let mismatch = || {
        FormatError::new(
            spec.at.clone(),
            format!(
                "`{}` needs {}, the argument is {}",
                spec.spelling(),
                spec.arg_kind().describe(),
                arg.what()
            ),
        )
    };
    match (spec.arg_kind(), arg) {
        (ArgKind::Vector { lanes, .. }, Value::Vector(vs)) => {
            if vs.len() != lanes as usize {
                return Err(FormatError::new(
                    spec.at.clone(),
                    format!(
                        "`{}` needs {} elements, the vector has {}",
                        spec.spelling(),
                        lanes,
                        vs.len()
                    ),
                ));
            }
            for (k, v) in vs.iter().enumerate() {
                if k > 0 {
                    out.push(b',');
                }
                scalar(spec, v, out).ok_or_else(mismatch)?;
            }
            Ok(())
        }
        (ArgKind::Vector { .. }, _) | (_, Value::Vector(_)) => Err(mismatch()),
        _ => scalar(spec, arg, out).ok_or_else(mismatch),
    }
}

/// One scalar conversion; `None` when the value is not of the conversion's kind.
fn scalar(spec: &Spec, v: &Value, out: &mut Vec<u8>) -> Option<()> {
    let f = spec.flags;
    match spec.conv {
        b'd' | b'i' | b'o' | b'u' | b'x' | b'X' => {
            let Value::Int { bits, bytes } = *v else {
                return None;
            };
            let width = match (spec.vector.is_some(), spec.length) {
                (_, Length::L) => 64,
                (_, Length::Hh) => 8,
                (_, Length::H) => 16,
                _ => 32,
            };
            let signed = spec.is_signed();
            // Take the value at its own size, then at the conversion's (C converts
            // `int` to `char` for `%hhd`).
            let own = (bytes as u32 * 8).clamp(8, 64);
            let x = if signed {
                sext(bits, own)
            } else {
                bits & mask(own)
            };
            let (neg, mag) = if signed {
                let s = sext(x, width) as i64;
                (s < 0, s.unsigned_abs())
            } else {
                (false, x & mask(width))
            };
            integer(spec, neg, mag, out);
        }
        b'c' => {
            let Value::Int { bits, .. } = *v else {
                return None;
            };
            pad(spec, &[], &[bits as u8], false, out);
        }
        b's' => {
            let Value::Str(s) = v else { return None };
            let end = s.iter().position(|&c| c == 0).unwrap_or(s.len());
            let take = spec.precision.map_or(end, |p| end.min(p as usize));
            pad(spec, &[], &s[..take], false, out);
        }
        b'p' => {
            let Value::Ptr(p) = *v else { return None };
            if p == 0 {
                // glibc spells the null pointer `(nil)`, padded but never zero-filled.
                pad(spec, &[], b"(nil)", false, out);
            } else {
                let digits = digits(p, 16, false, spec.precision);
                let sign: &[u8] = if f.plus {
                    b"+0x"
                } else if f.space {
                    b" 0x"
                } else {
                    b"0x"
                };
                pad(spec, sign, &digits, spec.precision.is_none(), out);
            }
        }
        _ => {
            let x = match *v {
                Value::F16(h) => float::half_to_f64(h),
                Value::F32(x) => x as f64,
                Value::F64(x) => x,
                _ => return None,
            };
            let (body, numeric) = float::body(x, spec.conv, spec.precision, f.hash);
            let sign: &[u8] = if x.is_sign_negative() {
                b"-"
            } else if f.plus {
                b"+"
            } else if f.space {
                b" "
            } else {
                b""
            };
            if numeric && matches!(spec.conv, b'a' | b'A') {
                // Zeros go between `0x` and the digits.
                let mut prefix = sign.to_vec();
                prefix.extend_from_slice(&body[..2]);
                pad(spec, &prefix, &body[2..], true, out);
            } else {
                pad(spec, sign, &body, numeric, out);
            }
        }
    }
    Some(())
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

fn sext(v: u64, bits: u32) -> u64 {
    if bits >= 64 {
        v
    } else {
        let sh = 64 - bits;
        (((v << sh) as i64) >> sh) as u64
    }
}

/// The digits of `v` in `base`, at least `precision` of them (default 1; a zero with
/// precision 0 has none).
fn digits(v: u64, base: u64, upper: bool, precision: Option<u32>) -> Vec<u8> {
    let mut d = Vec::new();
    let mut x = v;
    while x > 0 {
        let r = (x % base) as u8;
        d.push(match r {
            0..=9 => b'0' + r,
            _ if upper => b'A' + r - 10,
            _ => b'a' + r - 10,
        });
        x /= base;
    }
    let min = precision.unwrap_or(1) as usize;
    while d.len() < min {
        d.push(b'0');
    }
    d.reverse();
    d
}

fn integer(spec: &Spec, neg: bool, mag: u64, out: &mut Vec<u8>) {
    let f = spec.flags;
    let (base, upper) = match spec.conv {
        b'o' => (8, false),
        b'x' => (16, false),
        b'X' => (16, true),
        _ => (10, false),
    };
    let mut d = digits(mag, base, upper, spec.precision);
    if spec.conv == b'o' && f.hash && d.first() != Some(&b'0') {
        d.insert(0, b'0');
    }
    let prefix: &[u8] = match spec.conv {
        b'd' | b'i' if neg => b"-",
        b'd' | b'i' if f.plus => b"+",
        b'd' | b'i' if f.space => b" ",
        b'x' if f.hash && mag != 0 => b"0x",
        b'X' if f.hash && mag != 0 => b"0X",
        _ => b"",
    };
    // A precision turns the `0` flag off for integers.
    pad(spec, prefix, &d, spec.precision.is_none(), out);
}

/// Write `prefix` (sign, `0x`) and `body` padded to the field width: spaces on the left,
/// spaces on the right with `-`, or zeros after the prefix with `0` when `zero_ok`.
fn pad(spec: &Spec, prefix: &[u8], body: &[u8], zero_ok: bool, out: &mut Vec<u8>) {
    let w = spec.width.unwrap_or(0) as usize;
    let len = prefix.len() + body.len();
    let fill = w.saturating_sub(len);
    let f = spec.flags;
    if f.minus {
        out.extend_from_slice(prefix);
        out.extend_from_slice(body);
        out.resize(out.len() + fill, b' ');
    } else if f.zero && zero_ok {
        out.extend_from_slice(prefix);
        out.resize(out.len() + fill, b'0');
        out.extend_from_slice(body);
    } else {
        out.resize(out.len() + fill, b' ');
        out.extend_from_slice(prefix);
        out.extend_from_slice(body);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, args: &[Value]) -> String {
        String::from_utf8(format(fmt.as_bytes(), args).unwrap()).unwrap()
    }

    #[test]
    fn basics() {
        assert_eq!(
            f(
                "%d|%5d|%-5d|%05d",
                &[
                    Value::i32(-42),
                    Value::i32(7),
                    Value::i32(7),
                    Value::i32(-7)
                ]
            ),
            "-42|    7|7    |-0007"
        );
        assert_eq!(
            f("%hhd %hu", &[Value::i32(300), Value::i32(-1)]),
            "44 65535"
        );
        assert_eq!(f("%ld", &[Value::i32(-1)]), "-1");
        assert_eq!(f("%lu", &[Value::i32(-1)]), "4294967295");
        assert_eq!(
            f(
                "%v3hd",
                &[Value::Vector(vec![
                    Value::int(1, 2),
                    Value::int(0xffff, 2),
                    Value::int(3, 2)
                ])]
            ),
            "1,-1,3"
        );
        assert_eq!(
            f(
                "%s|%.2s|%4s",
                &[
                    Value::Str(b"abc".to_vec()),
                    Value::Str(b"abc".to_vec()),
                    Value::Str(b"a\0b".to_vec())
                ]
            ),
            "abc|ab|   a"
        );
    }

    #[test]
    fn argument_problems() {
        let e = format(b"%d %d", &[Value::i32(1)]).unwrap_err();
        assert_eq!(e.at, 3..5);
        let e = format(b"%f", &[Value::i32(1)]).unwrap_err();
        assert!(e.message.contains("is an integer"), "{}", e.message);
        let e = format(b"%v2hld", &[Value::Vector(vec![Value::i32(1)])]).unwrap_err();
        assert!(e.message.contains("2 elements"), "{}", e.message);
        assert!(format(b"%v2hld", &[Value::i32(1)]).is_err());
        assert!(format(b"%d", &[Value::Vector(vec![])]).is_err());
        // Extra arguments are ignored.
        assert_eq!(f("x", &[Value::i32(1)]), "x");
    }

    #[test]
    fn buffer_reading() {
        let k = |s: &str| {
            crate::spec::conversions(&parse(s.as_bytes()).unwrap())
                .next()
                .unwrap()
                .arg_kind()
        };
        assert_eq!(
            Value::from_le_bytes(k("%f"), &1.5f32.to_le_bytes()),
            Some(Value::F32(1.5))
        );
        assert_eq!(
            Value::from_le_bytes(k("%f"), &1.5f64.to_le_bytes()),
            Some(Value::F64(1.5))
        );
        assert_eq!(
            Value::from_le_bytes(k("%d"), &[1, 0]),
            Some(Value::int(1, 2))
        );
        assert_eq!(Value::from_le_bytes(k("%d"), &[]), None);
        assert_eq!(Value::from_le_bytes(k("%f"), &[0]), None);
        assert_eq!(
            Value::from_le_bytes(k("%f"), &[0, 0x3c]),
            Some(Value::F16(0x3c00))
        );
        assert_eq!(
            Value::from_le_bytes(k("%s"), b"hi\0xx"),
            Some(Value::Str(b"hi".to_vec()))
        );
        assert_eq!(
            Value::from_le_bytes(k("%v2hhx"), &[1, 2, 3]),
            Some(Value::Vector(vec![Value::int(1, 1), Value::int(2, 1)]))
        );
        assert_eq!(Value::from_le_bytes(k("%v4hhx"), &[1, 2, 3]), None);
        assert_eq!(
            Value::from_le_bytes(k("%p"), &[1, 0, 0, 0]),
            Some(Value::Ptr(1))
        );
    }
}
