//! Tokens of one assembler statement.

use kauai_diag::{FileId, Span};

#[derive(Clone, Debug, PartialEq)]
pub enum Tok<'a> {
    /// Names: symbols, mnemonics, registers, directives (with the leading dot). Borrowed
    /// from the statement text: lexing allocates nothing but the token list.
    Ident(&'a str),
    Int(u64),
    /// Float literal and its suffix (`h` half, `s` single, `l` double), if any.
    Float(f64, Option<char>),
    Str(Vec<u8>),
    /// An integer literal too wide for 64 bits (high, low halves): only `.octa` takes it.
    Big(u64, u64),
    /// Punctuation and operators, longest match (`<<`, `>>>`, `<=@`, ...).
    Punct(&'static str),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token<'a> {
    pub tok: Tok<'a>,
    pub span: Span,
}

/// Tokens of one statement; most statements fit without a heap allocation.
pub type Tokens<'a> = smallvec::SmallVec<[Token<'a>; 24]>;

/// Byte classes: bit 0 = may start a name, bit 1 = may continue one.
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let start = b.is_ascii_alphabetic() || b == b'_' || b == b'.' || b == b'$';
        if start {
            t[c] = 3;
        } else if b.is_ascii_digit() {
            t[c] = 2;
        }
        c += 1;
    }
    t
};

/// Does `s` lex as one name (what `.kernel NAME` and `.arg NAME` take)?
pub fn is_name(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty() && is_ident_start(b[0]) && b.iter().all(|c| is_ident_char(*c))
}

#[inline]
fn is_ident_start(c: u8) -> bool {
    CLASS[c as usize] & 1 != 0
}

#[inline]
fn is_ident_char(c: u8) -> bool {
    CLASS[c as usize] & 2 != 0
}

/// `.64bit`, `.32bit`: a name, although `.64` alone is a number.
fn dotted_name(t: &[u8]) -> bool {
    let digits = t[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    t.get(1 + digits).is_some_and(|c| {
        is_ident_start(*c) && !matches!(c, b'e' | b'E' | b'h' | b's' | b'l' | b'.')
    })
}

/// The punctuation token at the start of `t` (longest match), if any.
fn punct(t: &[u8]) -> Option<&'static str> {
    let c1 = t.get(1).copied().unwrap_or(0);
    let c2 = t.get(2).copied().unwrap_or(0);
    Some(match t[0] {
        b'>' => match (c1, c2) {
            (b'>', b'>') => ">>>",
            (b'>', _) => ">>",
            (b'=', b'@') => ">=@",
            (b'=', _) => ">=",
            (b'@', _) => ">@",
            _ => ">",
        },
        b'<' => match (c1, c2) {
            (b'=', b'@') => "<=@",
            (b'<', _) => "<<",
            (b'=', _) => "<=",
            (b'>', _) => "<>",
            (b'@', _) => "<@",
            _ => "<",
        },
        b'/' if c1 == b'/' => "//",
        b'/' => "/",
        b'%' if c1 == b'%' => "%%",
        b'%' => "%",
        b'&' if c1 == b'&' => "&&",
        b'&' => "&",
        b'|' if c1 == b'|' => "||",
        b'|' => "|",
        b'=' if c1 == b'=' => "==",
        b'=' => "=",
        b'!' if c1 == b'=' => "!=",
        b'!' => "!",
        b':' if c1 == b':' => "::",
        b':' => ":",
        b'+' => "+",
        b'-' => "-",
        b'*' => "*",
        b'^' => "^",
        b'~' => "~",
        b'(' => "(",
        b')' => ")",
        b'[' => "[",
        b']' => "]",
        b',' => ",",
        b'?' => "?",
        b'@' => "@",
        _ => return None,
    })
}

/// Tokenize `text` (a statement starting at byte `base` of `file`). Comments have
/// already been removed by the statement splitter.
pub fn lex(file: FileId, base: usize, text: &[u8]) -> Result<Tokens<'_>, (Span, String)> {
    let mut out = Tokens::new();
    lex_into(file, base, text, &mut out)?;
    Ok(out)
}

/// [`lex`] into a caller's buffer (no copy of the token list on return).
pub fn lex_into<'a>(
    file: FileId,
    base: usize,
    text: &'a [u8],
    out: &mut Tokens<'a>,
) -> Result<(), (Span, String)> {
    let mut i = 0;
    let sp = |a: usize, b: usize| Span::new(file, base + a, base + b);
    // Identifier characters are ASCII, so their slices are always valid UTF-8; checking
    // the whole statement once is cheaper than checking each name.
    let whole = std::str::from_utf8(text).ok();
    let ident = |a: usize, b: usize| match whole {
        Some(w) => w.get(a..b).unwrap_or(""),
        None => std::str::from_utf8(&text[a..b]).unwrap_or(""),
    };
    while i < text.len() {
        let c = text[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if c.is_ascii_digit()
            || (c == b'.'
                && text.get(i + 1).is_some_and(|d| d.is_ascii_digit())
                && !dotted_name(&text[i..]))
        {
            let (tok, len) = lex_number(&text[i..]).map_err(|m| (sp(start, start + 1), m))?;
            i += len;
            // Local label references: 1b / 1f.
            if let Tok::Int(_) = tok {
                if i < text.len()
                    && (text[i] == b'b' || text[i] == b'f')
                    && !text.get(i + 1).is_some_and(|c| is_ident_char(*c))
                {
                    i += 1;
                    out.push(Token {
                        tok: Tok::Ident(ident(start, i)),
                        span: sp(start, i),
                    });
                    continue;
                }
            }
            out.push(Token {
                tok,
                span: sp(start, i),
            });
            continue;
        }
        if is_ident_start(c) {
            while i < text.len() && is_ident_char(text[i]) {
                i += 1;
            }
            out.push(Token {
                tok: Tok::Ident(ident(start, i)),
                span: sp(start, i),
            });
            continue;
        }
        if c == b'"' {
            let (bytes, len) = lex_string(&text[i..]).map_err(|m| (sp(start, text.len()), m))?;
            i += len;
            out.push(Token {
                tok: Tok::Str(bytes),
                span: sp(start, i),
            });
            continue;
        }
        if c == b'\'' {
            let (bytes, len) =
                lex_quoted(&text[i..], b'\'').map_err(|m| (sp(start, text.len()), m))?;
            if bytes.len() != 1 {
                return Err((
                    sp(start, start + len),
                    "character literal must hold one character".into(),
                ));
            }
            i += len;
            out.push(Token {
                tok: Tok::Int(bytes[0] as u64),
                span: sp(start, i),
            });
            continue;
        }
        match punct(&text[i..]) {
            Some(p) => {
                i += p.len();
                out.push(Token {
                    tok: Tok::Punct(p),
                    span: sp(start, i),
                });
            }
            None => {
                return Err((
                    sp(start, start + 1),
                    format!("unexpected character '{}'", (c as char).escape_default()),
                ))
            }
        }
    }
    Ok(())
}

fn lex_number(t: &[u8]) -> Result<(Tok<'static>, usize), String> {
    let mut end = 0;
    let hex = t.len() > 1 && t[0] == b'0' && (t[1] == b'x' || t[1] == b'X');
    let bin = t.len() > 1
        && t[0] == b'0'
        && (t[1] == b'b' || t[1] == b'B')
        && t.get(2).is_some_and(|c| *c == b'0' || *c == b'1');
    if hex {
        end = 2;
        while end < t.len() && t[end].is_ascii_hexdigit() {
            end += 1;
        }
        if end < t.len() && (t[end] == b'.' || t[end] == b'p' || t[end] == b'P') {
            return hex_float(t, end);
        }
        let s = std::str::from_utf8(&t[2..end]).unwrap_or("");
        return Ok((int_token(s, 16, "bad hexadecimal literal")?, end));
    }
    if bin {
        end = 2;
        while end < t.len() && (t[end] == b'0' || t[end] == b'1') {
            end += 1;
        }
        let s = std::str::from_utf8(&t[2..end]).unwrap_or("");
        return Ok((int_token(s, 2, "bad binary literal")?, end));
    }
    while end < t.len() && t[end].is_ascii_digit() {
        end += 1;
    }
    let mut is_float = false;
    if end < t.len() && t[end] == b'.' {
        is_float = true;
        end += 1;
        while end < t.len() && t[end].is_ascii_digit() {
            end += 1;
        }
    }
    if end < t.len() && (t[end] == b'e' || t[end] == b'E') {
        let mut e = end + 1;
        if e < t.len() && (t[e] == b'+' || t[e] == b'-') {
            e += 1;
        }
        if e < t.len() && t[e].is_ascii_digit() {
            while e < t.len() && t[e].is_ascii_digit() {
                e += 1;
            }
            is_float = true;
            end = e;
        }
    }
    let s = std::str::from_utf8(&t[..end]).unwrap_or("0");
    if is_float {
        let v: f64 = s.parse().map_err(|_| "bad float literal".to_string())?;
        let mut suffix = None;
        if end < t.len()
            && matches!(t[end], b'h' | b's' | b'l')
            && !t.get(end + 1).is_some_and(|c| is_ident_char(*c))
        {
            suffix = Some(t[end] as char);
            end += 1;
        }
        return Ok((Tok::Float(v, suffix), end));
    }
    let tok = if s.len() > 1 && s.starts_with('0') {
        int_token(&s[1..], 8, "bad octal literal")?
    } else {
        int_token(s, 10, "integer literal out of range")?
    };
    Ok((tok, end))
}

/// A C99 hexadecimal float (`0x1.8p1`, `0x1a2.4b5p5`; the binary exponent may be left
/// out) starting at `t`, whose integer digits end at `int_end`: the value rounded once
/// to the nearest double, then an optional `h`/`s`/`l` suffix as for decimal floats.
fn hex_float(t: &[u8], int_end: usize) -> Result<(Tok<'static>, usize), String> {
    let mut end = int_end;
    let mut frac = int_end;
    if t.get(end) == Some(&b'.') {
        end += 1;
        frac = end;
        while end < t.len() && t[end].is_ascii_hexdigit() {
            end += 1;
        }
    }
    let digits: Vec<u8> = t[2..int_end]
        .iter()
        .chain(&t[frac..end])
        .map(|&c| (c as char).to_digit(16).unwrap_or(0) as u8)
        .collect();
    if digits.is_empty() {
        return Err("bad hexadecimal float literal: no digits".into());
    }
    // Each fractional digit scales the integer read so far by 2^-4.
    let mut exp: i64 = -4 * (end - frac) as i64;
    if end < t.len() && (t[end] == b'p' || t[end] == b'P') {
        let mut e = end + 1;
        let neg = t.get(e) == Some(&b'-');
        if matches!(t.get(e), Some(b'+' | b'-')) {
            e += 1;
        }
        let start = e;
        let mut v: i64 = 0;
        while e < t.len() && t[e].is_ascii_digit() {
            // Saturate: any exponent this large gives infinity or zero anyway.
            v = (v * 10 + (t[e] - b'0') as i64).min(1 << 20);
            e += 1;
        }
        if e == start {
            return Err("bad hexadecimal float literal: expected digits after 'p'".into());
        }
        exp = exp.saturating_add(if neg { -v } else { v });
        end = e;
    }
    let v = hex_digits_to_f64(&digits, exp);
    let mut suffix = None;
    if end < t.len()
        && matches!(t[end], b'h' | b's' | b'l')
        && !t.get(end + 1).is_some_and(|c| is_ident_char(*c))
    {
        suffix = Some(t[end] as char);
        end += 1;
    }
    Ok((Tok::Float(v, suffix), end))
}

/// `digits` (hex, most significant first) times 2^`exp`, rounded to nearest even.
fn hex_digits_to_f64(digits: &[u8], mut exp: i64) -> f64 {
    // Keep the first 60 significant bits; later digits only matter as a sticky bit.
    let mut mant: u64 = 0;
    let mut sticky = false;
    for &d in digits {
        if mant >> 56 == 0 {
            mant = mant << 4 | d as u64;
        } else {
            sticky |= d != 0;
            exp += 4;
        }
    }
    if mant == 0 {
        return 0.0;
    }
    let bits = 64 - mant.leading_zeros() as i64;
    // Drop the bits below a 53-bit significand, or below 2^-1074 (subnormals).
    let drop = (bits - 53).max(-1074 - exp).max(0);
    let (mut keep, rem, half) = if drop >= 64 {
        // The whole value is below half of the smallest subnormal, or exactly half.
        let half = if drop == 64 { 1u128 << 63 } else { u128::MAX };
        (0u64, mant as u128, half)
    } else if drop > 0 {
        (
            mant >> drop,
            (mant & ((1u64 << drop) - 1)) as u128,
            1u128 << (drop - 1),
        )
    } else {
        (mant, 0, u128::MAX)
    };
    if rem > half || (rem == half && (sticky || keep & 1 == 1)) {
        keep += 1;
    }
    // keep * 2^(exp + drop) is exact (or overflows to infinity): scale in steps that
    // stay within the exponent range.
    let mut v = keep as f64;
    let mut k = exp + drop;
    while k > 0 {
        let s = k.min(1000);
        v *= f64::powi(2.0, s as i32);
        k -= s;
    }
    while k < 0 {
        let s = k.max(-1000);
        v *= f64::powi(2.0, s as i32);
        k -= s;
    }
    v
}

/// An integer token: 64-bit when it fits, else 128-bit (`.octa`), else an error.
fn int_token(digits: &str, radix: u32, err: &str) -> Result<Tok<'static>, String> {
    if let Ok(v) = u64::from_str_radix(digits, radix) {
        return Ok(Tok::Int(v));
    }
    let v = u128::from_str_radix(digits, radix).map_err(|_| err.to_string())?;
    Ok(Tok::Big((v >> 64) as u64, v as u64))
}

fn lex_string(t: &[u8]) -> Result<(Vec<u8>, usize), String> {
    lex_quoted(t, b'"')
}

fn lex_quoted(t: &[u8], q: u8) -> Result<(Vec<u8>, usize), String> {
    let mut out = Vec::new();
    let mut i = 1;
    while i < t.len() {
        let c = t[i];
        if c == q {
            return Ok((out, i + 1));
        }
        if c == b'\\' && i + 1 < t.len() {
            i += 1;
            let e = t[i];
            match e {
                b'a' => out.push(7),
                b'b' => out.push(8),
                b't' => out.push(9),
                b'n' => out.push(10),
                b'v' => out.push(11),
                b'f' => out.push(12),
                b'r' => out.push(13),
                b'x' | b'X' => {
                    let mut v: u32 = 0;
                    let mut n = 0;
                    while i + 1 < t.len() && t[i + 1].is_ascii_hexdigit() {
                        i += 1;
                        v = (v << 4) | (t[i] as char).to_digit(16).unwrap_or(0);
                        n += 1;
                    }
                    if n == 0 {
                        return Err("expected hexadecimal digits after \\x".into());
                    }
                    out.push(v as u8);
                }
                b'0'..=b'7' => {
                    let mut v: u32 = (e - b'0') as u32;
                    let mut n = 1;
                    while n < 3 && i + 1 < t.len() && (b'0'..=b'7').contains(&t[i + 1]) {
                        i += 1;
                        v = v * 8 + (t[i] - b'0') as u32;
                        n += 1;
                    }
                    out.push(v as u8);
                }
                other => out.push(other),
            }
            i += 1;
            continue;
        }
        out.push(c);
        i += 1;
    }
    Err("unterminated string or character literal".into())
}
