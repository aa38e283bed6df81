//! Values of literal tokens: integers (value, base, suffix), floats (decimal and hex),
//! character and string literals with C escapes.
//!
//! Each function returns the value or a message saying what is wrong; the parser turns the
//! message into a diagnostic at the token.

use crate::ast::{CharLiteral, FloatSuffix, IntBase, IntLiteral, LongSuffix};

/// Parse an integer literal such as `42`, `0x1Fu`, `07`, `10UL`, `0b11`.
pub fn int_literal(text: &str) -> Result<IntLiteral, String> {
    let bytes = text.as_bytes();
    // As in C, a lone `0` is an octal constant.
    let (base, digits_start) = if bytes.first() == Some(&b'0') {
        match bytes.get(1) {
            Some(b'x' | b'X') => (IntBase::Hex, 2),
            Some(b'b' | b'B') => (IntBase::Binary, 2),
            _ => (IntBase::Octal, 1),
        }
    } else {
        (IntBase::Decimal, 0)
    };
    let radix: u32 = match base {
        IntBase::Decimal => 10,
        IntBase::Octal => 8,
        IntBase::Hex => 16,
        IntBase::Binary => 2,
    };
    // Digits run until the first character that cannot continue the number in this base
    // (for octal, `8` and `9` are taken as digits so that they get a precise message).
    let mut end = digits_start;
    while end < bytes.len() {
        let c = bytes[end];
        let is_digit = match base {
            IntBase::Hex => c.is_ascii_hexdigit(),
            IntBase::Decimal | IntBase::Octal => c.is_ascii_digit(),
            IntBase::Binary => c == b'0' || c == b'1',
        };
        if !is_digit {
            break;
        }
        end += 1;
    }
    let digits = &text[digits_start..end];
    if digits.is_empty() && base != IntBase::Octal {
        return Err(format!("integer literal `{text}` has no digits"));
    }
    let mut value: u64 = 0;
    let mut overflowed = false;
    for c in digits.chars() {
        let d = c.to_digit(16).unwrap_or(0);
        if d >= radix {
            return Err(format!("invalid digit `{c}` in octal literal `{text}`"));
        }
        match value
            .checked_mul(radix as u64)
            .and_then(|v| v.checked_add(d as u64))
        {
            Some(v) => value = v,
            None => {
                overflowed = true;
                value = value.wrapping_mul(radix as u64).wrapping_add(d as u64);
            }
        }
    }
    let suffix = &text[end..];
    let (unsigned, long) = match int_suffix(suffix) {
        Some(s) => s,
        None => return Err(format!("invalid suffix `{suffix}` on integer literal")),
    };
    Ok(IntLiteral {
        value,
        base,
        unsigned,
        long,
        overflowed,
    })
}

fn int_suffix(s: &str) -> Option<(bool, LongSuffix)> {
    let (unsigned, rest) = if let Some(r) = s.strip_prefix(['u', 'U']) {
        (true, r)
    } else if let Some(r) = s.strip_suffix(['u', 'U']) {
        (true, r)
    } else {
        (false, s)
    };
    let long = match rest {
        "" => LongSuffix::None,
        "l" | "L" => LongSuffix::Long,
        "ll" | "LL" => LongSuffix::LongLong,
        _ => return None,
    };
    Some((unsigned, long))
}

/// Parse a floating literal such as `1.0f`, `.5`, `1e-3`, `0x1p4`, `2.h`.
pub fn float_literal(text: &str) -> Result<(f64, FloatSuffix), String> {
    let is_hex = text.starts_with("0x") || text.starts_with("0X");
    let (body, suffix) = match text.as_bytes().last() {
        Some(b'f' | b'F') if !is_hex || has_binary_exponent(text) => {
            (&text[..text.len() - 1], FloatSuffix::F)
        }
        Some(b'h' | b'H') => (&text[..text.len() - 1], FloatSuffix::H),
        Some(b'l' | b'L') => (&text[..text.len() - 1], FloatSuffix::L),
        _ => (text, FloatSuffix::None),
    };
    let value = if is_hex {
        hex_float(&body[2..])
            .ok_or_else(|| format!("invalid hexadecimal floating literal `{text}`"))?
    } else {
        let ok = !body.is_empty()
            && body
                .bytes()
                .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'E' | b'+' | b'-'));
        match body.parse::<f64>() {
            Ok(v) if ok => v,
            _ => return Err(format!("invalid floating literal `{text}`")),
        }
    };
    Ok((value, suffix))
}

fn has_binary_exponent(text: &str) -> bool {
    text.bytes().any(|c| c == b'p' || c == b'P')
}

/// `h.hhhp±d` without the `0x` prefix, rounded to nearest.
fn hex_float(s: &str) -> Option<f64> {
    let p = s.find(['p', 'P'])?;
    let (mant, exp) = (&s[..p], &s[p + 1..]);
    let exp: i64 = {
        let (neg, digits) = match exp.as_bytes().first() {
            Some(b'-') => (true, &exp[1..]),
            Some(b'+') => (false, &exp[1..]),
            _ => (false, exp),
        };
        if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        // Saturate: anything this large is infinity or zero anyway.
        let v = digits.parse::<i64>().unwrap_or(100_000).min(100_000);
        if neg {
            -v
        } else {
            v
        }
    };
    let mut m: u64 = 0;
    let mut scale: i64 = 0; // binary exponent adjustment from digit positions
    let mut sticky = false;
    let mut seen_dot = false;
    let mut any = false;
    for c in mant.chars() {
        if c == '.' {
            if seen_dot {
                return None;
            }
            seen_dot = true;
            continue;
        }
        let d = c.to_digit(16)? as u64;
        any = true;
        if m >> 60 == 0 {
            m = (m << 4) | d;
            if seen_dot {
                scale -= 4;
            }
        } else {
            // The mantissa is full: further digits only shift or set the sticky bit.
            sticky |= d != 0;
            if !seen_dot {
                scale += 4;
            }
        }
    }
    if !any {
        return None;
    }
    if sticky {
        m |= 1; // m has > 53 significant bits here, so bit 0 only breaks ties correctly
    }
    Some(ldexp(m as f64, exp + scale))
}

/// `x * 2^e` in steps that do not overflow the intermediate power.
fn ldexp(mut x: f64, mut e: i64) -> f64 {
    while e > 1000 {
        x *= 2f64.powi(1000);
        e -= 1000;
        if x.is_infinite() {
            return x;
        }
    }
    while e < -1000 {
        x *= 2f64.powi(-1000);
        e += 1000;
        if x == 0.0 {
            return x;
        }
    }
    x * 2f64.powi(e as i32)
}

/// Decode a character literal token (`'a'`, `'\n'`, `'ab'`).
pub fn char_literal(text: &str) -> Result<CharLiteral, String> {
    if !text.starts_with('\'') {
        return Err(format!(
            "not supported yet: prefixed character literal `{text}`"
        ));
    }
    let inner = text
        .strip_prefix('\'')
        .and_then(|t| t.strip_suffix('\''))
        .filter(|_| text.len() >= 2)
        .ok_or_else(|| format!("unterminated character literal `{text}`"))?;
    let bytes = unescape(inner.as_bytes())?;
    match bytes.len() {
        0 => Err("empty character literal".to_string()),
        1 => Ok(CharLiteral {
            value: bytes[0] as i8 as i32,
        }),
        n if n <= 4 => Ok(CharLiteral {
            value: bytes.iter().fold(0u32, |v, &b| (v << 8) | b as u32) as i32,
        }),
        _ => Err(format!("character literal `{text}` is too long")),
    }
}

/// Decode one string literal token (with its quotes) to bytes.
pub fn string_literal(text: &str) -> Result<Vec<u8>, String> {
    if !text.starts_with('"') {
        return Err(format!(
            "not supported yet: prefixed string literal `{text}`"
        ));
    }
    let inner = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .filter(|_| text.len() >= 2)
        .ok_or_else(|| "unterminated string literal".to_string())?;
    unescape(inner.as_bytes())
}

/// Where each decoded byte of a string literal token starts in the token's text (quotes
/// included), plus one entry for the closing quote; `None` if the token is invalid.
pub fn string_literal_offsets(text: &str) -> Option<Vec<usize>> {
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    let mut starts = Vec::new();
    unescape_tracking(inner.as_bytes(), &mut starts).ok()?;
    let mut v: Vec<usize> = starts.iter().map(|s| s + 1).collect();
    v.push(text.len() - 1);
    Some(v)
}

/// Resolve C escapes in the bytes between the quotes.
fn unescape(s: &[u8]) -> Result<Vec<u8>, String> {
    unescape_tracking(s, &mut Vec::new())
}

/// [`unescape`], also pushing to `starts` the offset where each output byte begins.
fn unescape_tracking(s: &[u8], starts: &mut Vec<usize>) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        starts.push(i);
        i += 1;
        if c != b'\\' {
            out.push(c);
            continue;
        }
        let Some(&e) = s.get(i) else {
            return Err("a backslash ends the literal".to_string());
        };
        i += 1;
        let v = match e {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'a' => 0x07,
            b'b' => 0x08,
            b'f' => 0x0c,
            b'v' => 0x0b,
            b'\\' | b'\'' | b'"' | b'?' => e,
            b'0'..=b'7' => {
                let mut v = (e - b'0') as u32;
                let mut n = 1;
                while n < 3 && i < s.len() && (b'0'..=b'7').contains(&s[i]) {
                    v = v * 8 + (s[i] - b'0') as u32;
                    i += 1;
                    n += 1;
                }
                if v > 0xff {
                    return Err(format!("octal escape `\\{v:o}` is out of range"));
                }
                v as u8
            }
            b'x' => {
                let start = i;
                let mut v: u32 = 0;
                while i < s.len() && s[i].is_ascii_hexdigit() {
                    v = v
                        .saturating_mul(16)
                        .saturating_add((s[i] as char).to_digit(16).unwrap_or(0));
                    i += 1;
                }
                if i == start {
                    return Err("`\\x` escape without hex digits".to_string());
                }
                if v > 0xff {
                    return Err("hex escape is out of range".to_string());
                }
                v as u8
            }
            other => {
                return Err(format!(
                    "unknown escape sequence `\\{}`",
                    (other as char).escape_default()
                ))
            }
        };
        out.push(v);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers() {
        let l = int_literal("0x1Fu").unwrap();
        assert_eq!(
            (l.value, l.base, l.unsigned, l.long),
            (31, IntBase::Hex, true, LongSuffix::None)
        );
        let l = int_literal("017").unwrap();
        assert_eq!((l.value, l.base), (15, IntBase::Octal));
        let l = int_literal("0").unwrap();
        assert_eq!((l.value, l.base), (0, IntBase::Octal));
        let l = int_literal("10UL").unwrap();
        assert_eq!((l.value, l.unsigned, l.long), (10, true, LongSuffix::Long));
        let l = int_literal("7llu").unwrap();
        assert_eq!(
            (l.value, l.unsigned, l.long),
            (7, true, LongSuffix::LongLong)
        );
        assert_eq!(int_literal("18446744073709551615").unwrap().value, u64::MAX);
        assert!(int_literal("18446744073709551616").unwrap().overflowed);
        assert!(int_literal("08").is_err());
        assert!(int_literal("1lL").is_err());
        assert!(int_literal("0x").is_err());
        assert!(int_literal("12abc").is_err());
    }

    #[test]
    fn floats() {
        assert_eq!(float_literal("1.5f").unwrap(), (1.5, FloatSuffix::F));
        assert_eq!(float_literal(".5").unwrap(), (0.5, FloatSuffix::None));
        assert_eq!(float_literal("1e-3").unwrap(), (0.001, FloatSuffix::None));
        assert_eq!(float_literal("2.h").unwrap(), (2.0, FloatSuffix::H));
        assert_eq!(float_literal("0x1p4").unwrap(), (16.0, FloatSuffix::None));
        assert_eq!(float_literal("0x1.8p-1f").unwrap(), (0.75, FloatSuffix::F));
        assert_eq!(float_literal("0xA.8P1").unwrap(), (21.0, FloatSuffix::None));
        // 2^-1074: the smallest subnormal.
        assert_eq!(float_literal("0x1p-1074").unwrap().0, f64::from_bits(1));
        assert!(float_literal("0x1.0").is_err());
        assert!(float_literal("1.0q").is_err());
        assert!(float_literal("inf").is_err());
    }

    /// Property: arbitrary token text never panics the literal readers (the preprocessor
    /// only guarantees the token kind, not a well-formed spelling).
    #[test]
    fn arbitrary_text_never_panics() {
        const ALPHABET: &[&str] = &[
            "0",
            "1",
            "7",
            "8",
            "9",
            "x",
            "X",
            "b",
            "p",
            "P",
            "e",
            "E",
            "+",
            "-",
            ".",
            "f",
            "h",
            "l",
            "L",
            "u",
            "U",
            "'",
            "\\",
            "\"",
            "n",
            "é",
            "\u{1F600}",
            "a",
            "F",
        ];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            let mut text = String::new();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = (state % 9) as usize;
            let mut r = state;
            for _ in 0..len {
                text.push_str(ALPHABET[(r % ALPHABET.len() as u64) as usize]);
                r /= ALPHABET.len() as u64;
                if r == 0 {
                    r = state.rotate_left(17);
                }
            }
            let _ = int_literal(&text);
            let _ = float_literal(&text);
            let _ = char_literal(&text);
            let _ = string_literal(&text);
        }
    }

    #[test]
    fn chars_and_strings() {
        assert_eq!(char_literal("'a'").unwrap().value, 97);
        assert_eq!(char_literal("'\\n'").unwrap().value, 10);
        assert_eq!(char_literal("'\\xff'").unwrap().value, -1);
        assert_eq!(char_literal("'\\101'").unwrap().value, 65);
        assert_eq!(char_literal("'ab'").unwrap().value, 0x6162);
        assert!(char_literal("''").is_err());
        assert!(char_literal("L'a'").is_err());
        assert_eq!(string_literal("\"a\\tb\\0\"").unwrap(), b"a\tb\0");
        assert!(string_literal("\"\\q\"").is_err());
        // Found by the fuzzer: a long hex escape overflowed the accumulator.
        assert!(char_literal("'\\xfffffffffffffff'").is_err());
        assert!(string_literal("\"\\x00000000000041\"").is_ok_and(|b| b == b"A"));
        // `"a\tb%d"`: a at 1, the tab escape at 2..4, b at 4, % at 5, d at 6, quote at 7.
        assert_eq!(
            string_literal_offsets("\"a\\tb%d\""),
            Some(vec![1, 2, 4, 5, 6, 7])
        );
        assert_eq!(string_literal_offsets("\"\\q\""), None);
    }
}
