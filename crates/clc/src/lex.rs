//! The raw OpenCL C lexer: bytes in, `(kind, start, end)` out.
//!
//! Like `rustc_lexer`, this layer is pure: it never fails and never allocates. It is
//! lossless — every input byte belongs to exactly one [`RawToken`], whitespace and comments
//! included — because the preprocessor needs to see newlines (directives end at them),
//! whitespace (for `#` stringizing and `-E` spacing) and the exact spelling. Problems are
//! flags on the token (`terminated: false`, [`RawKind::Unknown`]) that the preprocessor
//! turns into diagnostics only where the token matters (not inside a skipped `#if` group).
//!
//! Input is bytes, not `str`: OpenCL C allows any byte inside comments and string or
//! character literals. Outside them a byte that starts no token becomes
//! [`RawKind::Unknown`].
//!
//! Line splices (backslash-newline) are removed in translation phase 2, before
//! tokenization; here the cursor steps over them wherever they occur, so a token may
//! contain splices in its byte range. [`spelling`] gives the text without them.
//!
//! This module also holds the literal classifiers shared by the preprocessor's `#if`
//! evaluator and the parser: [`classify_number`], [`parse_int_literal`] and
//! [`parse_char_literal`].

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::token::{Punct, TokenKind};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RawKind {
    /// Spaces, tabs, vertical tab, form feed, carriage returns (and splices between them).
    Whitespace,
    /// One `\n`.
    Newline,
    /// `// ...` up to, not including, the newline.
    LineComment,
    BlockComment {
        terminated: bool,
    },
    Ident,
    /// A C preprocessing number (`pp-number`): digits, letters, `_`, `.` and signed
    /// exponents. Whether it is a valid integer or floating literal is decided later
    /// by [`classify_number`].
    Number,
    CharLit {
        terminated: bool,
    },
    StringLit {
        terminated: bool,
    },
    Punct(Punct),
    /// A byte, or one UTF-8 encoded character, that starts no token (`@`, a stray `\`,
    /// `é` outside a literal, an invalid byte).
    Unknown,
}

impl RawKind {
    /// Whitespace or a comment: no preprocessing token.
    pub fn is_trivia(self) -> bool {
        matches!(
            self,
            RawKind::Whitespace | RawKind::LineComment | RawKind::BlockComment { .. }
        )
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawToken {
    pub kind: RawKind,
    /// Byte offsets into the input; `start..end` never empty.
    pub start: u32,
    pub end: u32,
}

/// Iterate over all tokens of `src`. Their ranges tile the input exactly.
///
/// Offsets are `u32`; inputs longer than 4 GiB are cut (callers limit file sizes).
pub fn tokenize(src: &[u8]) -> Lexer<'_> {
    Lexer {
        src: &src[..src.len().min(u32::MAX as usize)],
        pos: 0,
    }
}

/// The tokenizer; see [`tokenize`].
pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
}

/// Length of the line splice at `i` (`\` newline or `\` CR LF), or 0.
#[inline]
fn splice_len(src: &[u8], i: usize) -> usize {
    if src.get(i) != Some(&b'\\') {
        return 0;
    }
    match src.get(i + 1) {
        Some(b'\n') => 2,
        Some(b'\r') if src.get(i + 2) == Some(&b'\n') => 3,
        _ => 0,
    }
}

impl Lexer<'_> {
    /// Index of the next logical byte at or after `i` (splices skipped).
    #[inline]
    fn skip_splices(&self, mut i: usize) -> usize {
        while i < self.src.len() && self.src[i] == b'\\' {
            let n = splice_len(self.src, i);
            if n == 0 {
                break;
            }
            i += n;
        }
        i
    }

    /// The next logical byte without consuming it.
    #[inline]
    fn peek(&self) -> Option<u8> {
        let b = *self.src.get(self.pos)?;
        if b != b'\\' {
            return Some(b);
        }
        self.src.get(self.skip_splices(self.pos)).copied()
    }

    /// The logical byte `n` places ahead (0 = [`Self::peek`]).
    fn peek_nth(&self, n: usize) -> Option<u8> {
        let mut i = self.skip_splices(self.pos);
        for _ in 0..n {
            if i >= self.src.len() {
                return None;
            }
            i = self.skip_splices(i + 1);
        }
        self.src.get(i).copied()
    }

    /// Consume the next logical byte (and the splices before it).
    #[inline]
    fn bump(&mut self) -> Option<u8> {
        let i = self.skip_splices(self.pos);
        let b = *self.src.get(i)?;
        self.pos = i + 1;
        Some(b)
    }

    fn token_kind(&mut self) -> RawKind {
        let Some(c) = self.bump() else {
            // Only splices were left: they join nothing, count them as whitespace.
            return RawKind::Whitespace;
        };
        match c {
            b'\n' => RawKind::Newline,
            b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => {
                while matches!(self.peek(), Some(b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')) {
                    self.bump();
                }
                RawKind::Whitespace
            }
            b'/' if self.peek() == Some(b'/') => {
                while !matches!(self.peek(), None | Some(b'\n')) {
                    self.bump();
                }
                RawKind::LineComment
            }
            b'/' if self.peek() == Some(b'*') => {
                self.bump();
                let mut prev_star = false;
                loop {
                    match self.bump() {
                        None => return RawKind::BlockComment { terminated: false },
                        Some(b'/') if prev_star => {
                            return RawKind::BlockComment { terminated: true }
                        }
                        Some(b) => prev_star = b == b'*',
                    }
                }
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'$' => {
                while matches!(
                    self.peek(),
                    Some(b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' | b'$')
                ) {
                    self.bump();
                }
                RawKind::Ident
            }
            b'0'..=b'9' => self.number(),
            b'.' if matches!(self.peek(), Some(b'0'..=b'9')) => self.number(),
            b'\'' => RawKind::CharLit {
                terminated: self.quoted(b'\''),
            },
            b'"' => RawKind::StringLit {
                terminated: self.quoted(b'"'),
            },
            0x80..=0xff => {
                // One UTF-8 character if well formed, else the single byte.
                let start = self.pos - 1;
                let len = match c {
                    0xc2..=0xdf => 2,
                    0xe0..=0xef => 3,
                    0xf0..=0xf4 => 4,
                    _ => 1,
                };
                let end = (start + len).min(self.src.len());
                if len > 1 && std::str::from_utf8(&self.src[start..end]).is_ok() {
                    self.pos = end;
                }
                RawKind::Unknown
            }
            _ => self.punct(c),
        }
    }

    fn number(&mut self) -> RawKind {
        while let Some(c) = self.peek() {
            match c {
                b'e' | b'E' | b'p' | b'P' => {
                    self.bump();
                    if matches!(self.peek(), Some(b'+' | b'-')) {
                        self.bump();
                    }
                }
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' | b'.' => {
                    self.bump();
                }
                _ => break,
            }
        }
        RawKind::Number
    }

    /// Rest of a character or string literal; true if the closing quote was found.
    /// An unterminated literal stops before the newline.
    fn quoted(&mut self, quote: u8) -> bool {
        loop {
            match self.peek() {
                None | Some(b'\n') => return false,
                Some(b'\\') => {
                    self.bump();
                    if !matches!(self.peek(), None | Some(b'\n')) {
                        self.bump();
                    }
                }
                Some(c) => {
                    self.bump();
                    if c == quote {
                        return true;
                    }
                }
            }
        }
    }

    fn punct(&mut self, first: u8) -> RawKind {
        let cands = &punct_table()[first as usize];
        if cands.is_empty() {
            return RawKind::Unknown;
        }
        // Longest first: compare the following logical bytes.
        for &(spelling, p) in cands {
            let rest = &spelling.as_bytes()[1..];
            if rest
                .iter()
                .enumerate()
                .all(|(k, &b)| self.peek_nth(k) == Some(b))
            {
                for _ in 0..rest.len() {
                    self.bump();
                }
                return RawKind::Punct(p);
            }
        }
        RawKind::Unknown
    }
}

/// Punctuators by first byte, longest first (from [`Punct::ALL`]).
fn punct_table() -> &'static [Vec<(&'static str, Punct)>; 256] {
    static TABLE: OnceLock<[Vec<(&'static str, Punct)>; 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t: [Vec<(&'static str, Punct)>; 256] = std::array::from_fn(|_| Vec::new());
        for &(s, p) in Punct::ALL {
            t[s.as_bytes()[0] as usize].push((s, p));
        }
        for v in t.iter_mut() {
            v.sort_by_key(|(s, _)| std::cmp::Reverse(s.len()));
        }
        t
    })
}

impl Iterator for Lexer<'_> {
    type Item = RawToken;

    fn next(&mut self) -> Option<RawToken> {
        if self.pos >= self.src.len() {
            return None;
        }
        let start = self.pos;
        let kind = self.token_kind();
        if self.pos == start {
            // Cannot happen (every branch consumes); keep the iterator finite anyway.
            self.pos = self.src.len();
        }
        Some(RawToken {
            kind,
            start: start as u32,
            end: self.pos as u32,
        })
    }
}

/// The bytes of `src[start..end]` with line splices removed.
pub fn spelling(src: &[u8]) -> Cow<'_, [u8]> {
    if !src.contains(&b'\\') {
        return Cow::Borrowed(src);
    }
    let mut out = Vec::with_capacity(src.len());
    let mut i = 0;
    while i < src.len() {
        let n = splice_len(src, i);
        if n > 0 {
            i += n;
        } else {
            out.push(src[i]);
            i += 1;
        }
    }
    Cow::Owned(out)
}

/// Turn bytes into text; bytes that are not UTF-8 become octal escapes (`\377`), which
/// mean the same byte inside a string or character literal. At most three digits, so a
/// following digit can never extend the escape.
pub fn bytes_to_text(b: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(b) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => {
            let mut out = String::with_capacity(b.len() + 8);
            let mut rest = b;
            while !rest.is_empty() {
                match std::str::from_utf8(rest) {
                    Ok(s) => {
                        out.push_str(s);
                        break;
                    }
                    Err(e) => {
                        let good = e.valid_up_to();
                        out.push_str(std::str::from_utf8(&rest[..good]).unwrap_or_default());
                        let bad = e.error_len().unwrap_or(rest.len() - good);
                        for &byte in &rest[good..good + bad] {
                            out.push_str(&format!("\\{byte:03o}"));
                        }
                        rest = &rest[good + bad..];
                    }
                }
            }
            Cow::Owned(out)
        }
    }
}

/// Whether a preprocessing number is an integer or a floating literal, or `None` if it
/// is neither (`09`, `1x`, `0x1.0` without exponent, `1e`, `1.2.3`, `1f`).
///
/// Integers: decimal, octal (`0` prefix) or hex (`0x`), with suffixes `u`, `l`, `ll` in
/// any order/case (`ll` not mixed case). Floats: decimal with `.` and/or exponent, or hex
/// with a `p` exponent; suffix one of `f F h H l L`.
pub fn classify_number(text: &str) -> Option<TokenKind> {
    let b = text.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize, hex: bool| {
        let s = *i;
        while *i < b.len() && (b[*i].is_ascii_digit() || (hex && b[*i].is_ascii_hexdigit())) {
            *i += 1;
        }
        *i - s
    };
    let hex = b.len() >= 2 && b[0] == b'0' && (b[1] | 0x20) == b'x';
    if hex {
        i = 2;
    }
    let int_digits = digits(&mut i, hex);
    let mut frac_digits = 0;
    let mut dot = false;
    if i < b.len() && b[i] == b'.' {
        dot = true;
        i += 1;
        frac_digits = digits(&mut i, hex);
    }
    if int_digits + frac_digits == 0 {
        return None;
    }
    let mut exp = false;
    if i < b.len() && ((hex && (b[i] | 0x20) == b'p') || (!hex && (b[i] | 0x20) == b'e')) {
        exp = true;
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if digits(&mut i, false) == 0 {
            return None;
        }
    }
    let rest = &text[i..];
    if dot || exp {
        if hex && !exp {
            return None;
        }
        return matches!(rest, "" | "f" | "F" | "h" | "H" | "l" | "L")
            .then_some(TokenKind::FloatLit);
    }
    if !hex && b[0] == b'0' && !text[..i].bytes().all(|c| (b'0'..=b'7').contains(&c)) {
        return None;
    }
    int_suffix(rest).map(|_| TokenKind::IntLit)
}

/// `(unsigned, longs)` for a valid integer suffix.
fn int_suffix(s: &str) -> Option<(bool, u8)> {
    let lower = s.to_ascii_lowercase();
    let (u, l) = match lower.as_str() {
        "" => (false, ""),
        "u" => (true, ""),
        "l" | "ll" => (false, s),
        "ul" | "ull" => (true, &s[1..]),
        "lu" | "llu" => (true, &s[..s.len() - 1]),
        _ => return None,
    };
    match l {
        "" => Some((u, 0)),
        "l" | "L" => Some((u, 1)),
        "ll" | "LL" => Some((u, 2)),
        _ => None,
    }
}

/// A decoded integer literal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IntLiteral {
    pub value: u64,
    /// A `u`/`U` suffix was written.
    pub unsigned_suffix: bool,
    /// Number of `l`/`L` in the suffix (0, 1 or 2).
    pub longs: u8,
    /// 8, 10 or 16.
    pub radix: u32,
    /// The value does not fit in 64 bits (`value` holds the low bits).
    pub overflow: bool,
}

/// Decode an integer literal; `None` if [`classify_number`] would not say `IntLit`.
pub fn parse_int_literal(text: &str) -> Option<IntLiteral> {
    if classify_number(text)? != TokenKind::IntLit {
        return None;
    }
    let b = text.as_bytes();
    let (radix, start) = if b.len() >= 2 && b[0] == b'0' && (b[1] | 0x20) == b'x' {
        (16, 2)
    } else if b[0] == b'0' {
        (8, 0)
    } else {
        (10, 0)
    };
    let end = b
        .iter()
        .skip(start)
        .position(|c| !c.is_ascii_hexdigit() || (radix != 16 && !c.is_ascii_digit()))
        .map_or(b.len(), |p| p + start);
    let mut value: u64 = 0;
    let mut overflow = false;
    for &c in &b[start..end] {
        let d = (c as char).to_digit(16).unwrap_or(0) as u64;
        match value
            .checked_mul(radix as u64)
            .and_then(|v| v.checked_add(d))
        {
            Some(v) => value = v,
            None => {
                overflow = true;
                value = value.wrapping_mul(radix as u64).wrapping_add(d);
            }
        }
    }
    let (unsigned_suffix, longs) = int_suffix(&text[end..])?;
    Some(IntLiteral {
        value,
        unsigned_suffix,
        longs,
        radix,
        overflow,
    })
}

/// Decode a character literal such as `'a'`, `'\n'`, `'\x41'`, `'\101'`: the bytes it
/// denotes (a multi-character constant gives several). `Err` names the problem.
pub fn parse_char_literal(text: &str) -> Result<Vec<u8>, String> {
    let inner = text
        .strip_prefix('\'')
        .and_then(|t| t.strip_suffix('\''))
        .filter(|_| text.len() >= 2)
        .ok_or_else(|| "missing terminating ' character".to_string())?;
    let bytes = unescape(inner)?;
    if bytes.is_empty() {
        return Err("empty character constant".to_string());
    }
    Ok(bytes)
}

/// Decode the escapes of a string or character literal body (no quotes).
pub fn unescape(body: &str) -> Result<Vec<u8>, String> {
    let b = body.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        i += 1;
        let Some(&e) = b.get(i) else {
            return Err("incomplete escape sequence".to_string());
        };
        i += 1;
        let v = match e {
            b'n' => b'\n',
            b't' => b'\t',
            b'v' => 0x0b,
            b'b' => 0x08,
            b'r' => b'\r',
            b'f' => 0x0c,
            b'a' => 0x07,
            b'\\' | b'\'' | b'"' | b'?' => e,
            b'0'..=b'7' => {
                let mut v = (e - b'0') as u32;
                for _ in 0..2 {
                    match b.get(i) {
                        Some(&d @ b'0'..=b'7') => {
                            v = v * 8 + (d - b'0') as u32;
                            i += 1;
                        }
                        _ => break,
                    }
                }
                if v > 0xff {
                    return Err("octal escape sequence out of range".to_string());
                }
                v as u8
            }
            b'x' => {
                let s = i;
                let mut v: u32 = 0;
                while let Some(d) = b.get(i).and_then(|c| (*c as char).to_digit(16)) {
                    v = v.saturating_mul(16).saturating_add(d);
                    i += 1;
                }
                if i == s {
                    return Err("\\x used with no following hex digits".to_string());
                }
                if v > 0xff {
                    return Err("hex escape sequence out of range".to_string());
                }
                v as u8
            }
            _ => return Err(format!("unknown escape sequence '\\{}'", e as char)),
        };
        out.push(v);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(RawKind, String)> {
        tokenize(src.as_bytes())
            .map(|t| {
                (
                    t.kind,
                    String::from_utf8_lossy(&spelling(
                        &src.as_bytes()[t.start as usize..t.end as usize],
                    ))
                    .into_owned(),
                )
            })
            .filter(|(k, _)| !k.is_trivia())
            .collect()
    }

    #[test]
    fn tiles_input_and_handles_splices() {
        let src = "a\\\nb <\\\n<= /\\\n/ c\n\"s\\\"\" 'x'";
        let toks: Vec<_> = tokenize(src.as_bytes()).collect();
        let mut at = 0;
        for t in &toks {
            assert_eq!(t.start, at);
            assert!(t.end > t.start);
            at = t.end;
        }
        assert_eq!(at as usize, src.len());
        let k = kinds(src);
        assert_eq!(k[0], (RawKind::Ident, "ab".to_string()));
        assert_eq!(k[1], (RawKind::Punct(Punct::ShlAssign), "<<=".to_string()));
        assert_eq!(k[2].0, RawKind::Newline);
        assert_eq!(
            k[3],
            (
                RawKind::StringLit { terminated: true },
                "\"s\\\"\"".to_string()
            )
        );
    }

    #[test]
    fn non_utf8_inside_literals_and_comments() {
        let src = b"/* \xff */ \"\xfe\" '\xfd' // \xfc\n\xfb";
        let k: Vec<_> = tokenize(src)
            .map(|t| t.kind)
            .filter(|k| !k.is_trivia())
            .collect();
        assert_eq!(
            k,
            vec![
                RawKind::StringLit { terminated: true },
                RawKind::CharLit { terminated: true },
                RawKind::Newline,
                RawKind::Unknown
            ]
        );
        assert_eq!(bytes_to_text(b"\"\xfe1\""), "\"\\3761\"");
    }

    #[test]
    fn numbers_classify() {
        use TokenKind::{FloatLit as F, IntLit as I};
        for (t, k) in [
            ("0", Some(I)),
            ("42u", Some(I)),
            ("0x1Fu", Some(I)),
            ("07", Some(I)),
            ("09", None),
            ("10UL", Some(I)),
            ("10uLL", Some(I)),
            ("10lL", None),
            ("1.0f", Some(F)),
            (".5", Some(F)),
            ("1e-3", Some(F)),
            ("1e", None),
            ("0x1p4", Some(F)),
            ("0x1.8p-1h", Some(F)),
            ("0x1.8", None),
            ("2.h", Some(F)),
            ("1f", None),
            ("1.2.3", None),
            ("0x", None),
            ("0x1e+1", None),
        ] {
            assert_eq!(classify_number(t), k, "{t}");
        }
        let v = parse_int_literal("0xFFFFFFFFFFFFFFFFu").unwrap();
        assert_eq!(
            (v.value, v.unsigned_suffix, v.overflow),
            (u64::MAX, true, false)
        );
        assert!(parse_int_literal("18446744073709551616").unwrap().overflow);
        assert_eq!(parse_int_literal("017").unwrap().value, 15);
        assert_eq!(parse_char_literal(r"'\x41'"), Ok(vec![0x41]));
        assert_eq!(parse_char_literal(r"'\101'"), Ok(vec![0x41]));
        assert!(parse_char_literal("''").is_err());
    }

    #[test]
    fn unterminated_things() {
        assert_eq!(
            kinds("\"abc\nx")[0].0,
            RawKind::StringLit { terminated: false }
        );
        assert_eq!(
            tokenize(b"/* abc").next().map(|t| t.kind),
            Some(RawKind::BlockComment { terminated: false })
        );
        assert_eq!(kinds("'")[0].0, RawKind::CharLit { terminated: false });
        assert_eq!(kinds("\\")[0].0, RawKind::Unknown);
    }
}
