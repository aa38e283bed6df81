//! Parsing an OpenCL C format string into text pieces and conversion specifications.

use std::ops::Range;

/// The largest field width or precision accepted. C99 only promises 4095 characters per
/// conversion; bounding both keeps every conversion cheap whatever the input.
pub const MAX_WIDTH: u32 = 4095;

/// A problem in a format string, at a byte range of it (the whole conversion, or the
/// character at fault).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FormatError {
    pub at: Range<usize>,
    pub message: String,
}

impl FormatError {
    pub(crate) fn new(at: Range<usize>, message: impl Into<String>) -> FormatError {
        FormatError {
            at,
            message: message.into(),
        }
    }
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags {
    /// `-`: left-justify.
    pub minus: bool,
    /// `+`: always print a sign for signed conversions.
    pub plus: bool,
    /// ` `: a space where a `+` would go.
    pub space: bool,
    /// `#`: the alternative form (`0x`, a leading `0`, a kept decimal point).
    pub hash: bool,
    /// `0`: pad numbers with zeros.
    pub zero: bool,
}

/// The length modifier. OpenCL C has `hh`, `h`, `l` from C99 and `hl` (32-bit elements,
/// vectors only); `ll`, `j`, `z`, `t` and `L` are not part of it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Length {
    #[default]
    None,
    Hh,
    H,
    Hl,
    L,
}

impl Length {
    pub fn spelling(self) -> &'static str {
        match self {
            Length::None => "",
            Length::Hh => "hh",
            Length::H => "h",
            Length::Hl => "hl",
            Length::L => "l",
        }
    }
}

/// One conversion specification, `%[flags][width][.precision][vN][length]conv`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    pub flags: Flags,
    pub width: Option<u32>,
    pub precision: Option<u32>,
    /// `vN`: the argument is a vector of N (2, 3, 4, 8 or 16) elements.
    pub vector: Option<u8>,
    pub length: Length,
    /// The conversion character: one of `diouxXcspfFeEgGaA`.
    pub conv: u8,
    /// Where the specification is in the format string, `%` included.
    pub at: Range<usize>,
}

/// The element type a conversion reads from its argument.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Elem {
    /// An integer of this many bytes (after C's default promotions for scalars: `int`
    /// or `long`; vectors keep `char`/`short` elements).
    Int { bytes: u8, signed: bool },
    /// A floating-point number of this many bytes (a scalar is `float` or `double`: C
    /// promotes `float` to `double`, OpenCL only when the device has doubles).
    Float { bytes: u8 },
}

/// What kind of argument a conversion takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ArgKind {
    Scalar(Elem),
    /// `%vN...`: a vector of N elements.
    Vector {
        lanes: u8,
        elem: Elem,
    },
    /// `%s`: a string literal.
    Str,
    /// `%p`: a pointer.
    Ptr,
}

impl Spec {
    pub fn is_float(&self) -> bool {
        matches!(
            self.conv,
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A'
        )
    }

    pub fn is_signed(&self) -> bool {
        matches!(self.conv, b'd' | b'i')
    }

    /// The argument this conversion expects.
    pub fn arg_kind(&self) -> ArgKind {
        let elem = if self.is_float() {
            let bytes = match (self.vector, self.length) {
                (Some(_), Length::H) => 2,
                (Some(_), Length::Hl) => 4,
                _ => 8,
            };
            Elem::Float { bytes }
        } else {
            let signed = self.is_signed();
            let bytes = match (self.vector.is_some(), self.length) {
                (_, Length::L) => 8,
                (true, Length::Hh) => 1,
                (true, Length::H) => 2,
                _ => 4,
            };
            Elem::Int { bytes, signed }
        };
        match (self.conv, self.vector) {
            (b's', _) => ArgKind::Str,
            (b'p', _) => ArgKind::Ptr,
            (_, Some(lanes)) => ArgKind::Vector { lanes, elem },
            _ => ArgKind::Scalar(elem),
        }
    }

    /// The specification as written, e.g. `%-08.3v4hlf`.
    pub fn spelling(&self) -> String {
        let mut s = String::from("%");
        let f = self.flags;
        for (on, c) in [
            (f.minus, '-'),
            (f.plus, '+'),
            (f.space, ' '),
            (f.hash, '#'),
            (f.zero, '0'),
        ] {
            if on {
                s.push(c);
            }
        }
        if let Some(w) = self.width {
            s.push_str(&w.to_string());
        }
        if let Some(p) = self.precision {
            s.push('.');
            s.push_str(&p.to_string());
        }
        if let Some(n) = self.vector {
            s.push('v');
            s.push_str(&n.to_string());
        }
        s.push_str(self.length.spelling());
        s.push(self.conv as char);
        s
    }
}

impl ArgKind {
    /// A phrase for diagnostics: "an `int`", "a `float4`", "a string literal".
    pub fn describe(self) -> String {
        fn elem_name(e: Elem) -> &'static str {
            match e {
                Elem::Int { bytes: 1, signed } => pick(signed, "char", "uchar"),
                Elem::Int { bytes: 2, signed } => pick(signed, "short", "ushort"),
                Elem::Int { bytes: 8, signed } => pick(signed, "long", "ulong"),
                Elem::Int { signed, .. } => pick(signed, "int", "uint"),
                Elem::Float { bytes: 2 } => "half",
                Elem::Float { bytes: 4 } => "float",
                Elem::Float { .. } => "double",
            }
        }
        fn pick(signed: bool, a: &'static str, b: &'static str) -> &'static str {
            if signed {
                a
            } else {
                b
            }
        }
        match self {
            ArgKind::Scalar(Elem::Float { .. }) => "a `float` or `double`".into(),
            ArgKind::Scalar(e) => with_article(elem_name(e)),
            ArgKind::Vector { lanes, elem } => with_article(&format!("{}{lanes}", elem_name(elem))),
            ArgKind::Str => "a string literal".into(),
            ArgKind::Ptr => "a pointer".into(),
        }
    }
}

/// "an `int`", "a `float4`": only the `int` types start with a vowel sound.
fn with_article(name: &str) -> String {
    let a = if name.starts_with('i') { "an" } else { "a" };
    format!("{a} `{name}`")
}

/// A piece of a parsed format string.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// Bytes copied as they are.
    Text(Range<usize>),
    /// `%%`, which prints one `%`.
    Percent(Range<usize>),
    Conv(Spec),
}

/// Parse a format string. C stops at the first NUL byte, so the format ends there.
/// Every problem is reported (the conversion at fault is skipped and parsing goes on).
pub fn parse(format: &[u8]) -> Result<Vec<Piece>, Vec<FormatError>> {
    let end = format.iter().position(|&b| b == 0).unwrap_or(format.len());
    let f = &format[..end];
    let mut pieces = Vec::new();
    let mut errors = Vec::new();
    let mut i = 0;
    while i < f.len() {
        if f[i] != b'%' {
            let start = i;
            while i < f.len() && f[i] != b'%' {
                i += 1;
            }
            pieces.push(Piece::Text(start..i));
            continue;
        }
        if f.get(i + 1) == Some(&b'%') {
            pieces.push(Piece::Percent(i..i + 2));
            i += 2;
            continue;
        }
        match parse_spec(f, i) {
            Ok(spec) => {
                i = spec.at.end;
                pieces.push(Piece::Conv(spec));
            }
            Err((e, next)) => {
                errors.push(e);
                i = next;
            }
        }
    }
    if errors.is_empty() {
        Ok(pieces)
    } else {
        Err(errors)
    }
}

/// The conversions, as a list (the pieces without the text).
pub fn conversions(pieces: &[Piece]) -> impl Iterator<Item = &Spec> {
    pieces.iter().filter_map(|p| match p {
        Piece::Conv(s) => Some(s),
        _ => None,
    })
}

/// Parse one specification starting at the `%` at `start`. On error, also returns where
/// to go on: after the conversion character if one was found, else after what was read.
fn parse_spec(f: &[u8], start: usize) -> Result<Spec, (FormatError, usize)> {
    let mut i = start + 1;
    let mut flags = Flags::default();
    let err = |at: Range<usize>, m: String, next: usize| Err((FormatError::new(at, m), next));
    while let Some(&c) = f.get(i) {
        match c {
            b'-' => flags.minus = true,
            b'+' => flags.plus = true,
            b' ' => flags.space = true,
            b'#' => flags.hash = true,
            b'0' => flags.zero = true,
            _ => break,
        }
        i += 1;
    }
    let number = |i: &mut usize| -> Option<Result<u32, Range<usize>>> {
        let s = *i;
        let mut v: u64 = 0;
        while let Some(d) = f.get(*i).filter(|c| c.is_ascii_digit()) {
            v = (v * 10 + (d - b'0') as u64).min(u64::from(u32::MAX));
            *i += 1;
        }
        if *i == s {
            None
        } else if v > MAX_WIDTH as u64 {
            Some(Err(s..*i))
        } else {
            Some(Ok(v as u32))
        }
    };
    let too_big = |r: Range<usize>, what: &str| {
        FormatError::new(
            r,
            format!("the {what} is larger than {MAX_WIDTH}, the most Kauai supports"),
        )
    };
    let mut problem: Option<FormatError> = None;
    let width = match number(&mut i) {
        Some(Ok(w)) => Some(w),
        Some(Err(r)) => {
            problem.get_or_insert(too_big(r, "field width"));
            None
        }
        None => None,
    };
    if f.get(i) == Some(&b'$') {
        return err(
            start..i + 1,
            "positional arguments (`%n$`) are not part of OpenCL C".into(),
            i + 1,
        );
    }
    if f.get(i) == Some(&b'*') {
        problem.get_or_insert(FormatError::new(
            i..i + 1,
            "a `*` field width is not supported by OpenCL C: write the width as a number",
        ));
        i += 1;
    }
    let mut precision = None;
    if f.get(i) == Some(&b'.') {
        i += 1;
        if f.get(i) == Some(&b'*') {
            problem.get_or_insert(FormatError::new(
                i..i + 1,
                "a `*` precision is not supported by OpenCL C: write the precision as a number",
            ));
            i += 1;
        }
        precision = match number(&mut i) {
            Some(Ok(p)) => Some(p),
            Some(Err(r)) => {
                problem.get_or_insert(too_big(r, "precision"));
                None
            }
            None => Some(0),
        };
    }
    let mut vector = None;
    if f.get(i) == Some(&b'v') {
        let vs = i;
        i += 1;
        let ds = i;
        while f.get(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
        let n = std::str::from_utf8(&f[ds..i])
            .ok()
            .and_then(|s| s.parse::<u32>().ok());
        match n {
            Some(n @ (2 | 3 | 4 | 8 | 16)) => vector = Some(n as u8),
            _ => {
                problem.get_or_insert(FormatError::new(
                    vs..i,
                    "a vector specifier is `v2`, `v3`, `v4`, `v8` or `v16`",
                ));
                vector = Some(4);
            }
        }
    }
    let ls = i;
    let length = match (f.get(i), f.get(i + 1)) {
        (Some(b'h'), Some(b'h')) => {
            i += 2;
            Length::Hh
        }
        (Some(b'h'), Some(b'l')) => {
            i += 2;
            Length::Hl
        }
        (Some(b'h'), _) => {
            i += 1;
            Length::H
        }
        (Some(b'l'), Some(b'l')) => {
            i += 2;
            problem.get_or_insert(FormatError::new(
                ls..i,
                "the `ll` length modifier is not part of OpenCL C: `l` is 64 bits",
            ));
            Length::L
        }
        (Some(b'l'), _) => {
            i += 1;
            Length::L
        }
        (Some(&c @ (b'j' | b'z' | b't' | b'L')), _) => {
            i += 1;
            problem.get_or_insert(FormatError::new(
                ls..i,
                format!(
                    "the `{}` length modifier is not part of OpenCL C",
                    c as char
                ),
            ));
            Length::None
        }
        _ => Length::None,
    };
    let Some(&conv) = f.get(i) else {
        return err(
            start..f.len(),
            "the format ends inside a conversion specification".into(),
            f.len(),
        );
    };
    let cs = i;
    i += 1;
    let here = start..i;
    if let Some(p) = problem {
        return Err((p, i));
    }
    let conv_at = cs..i;
    let bad_conv = |m: String| err(conv_at.clone(), m, i);
    match conv {
        b'd' | b'i' | b'o' | b'u' | b'x' | b'X' | b'c' | b's' | b'p' | b'f' | b'F' | b'e'
        | b'E' | b'g' | b'G' | b'a' | b'A' => {}
        b'n' => return bad_conv("`%n` is reserved in OpenCL C and not supported".into()),
        b'%' => {
            return err(
                here,
                "`%%` takes no flags, width, precision or modifiers".into(),
                i,
            )
        }
        c if c.is_ascii_graphic() => {
            return bad_conv(format!("unknown conversion `%{}`", c as char))
        }
        c => return bad_conv(format!("unknown conversion: byte 0x{c:02x} after `%`")),
    }
    let spec = Spec {
        flags,
        width,
        precision,
        vector,
        length,
        conv,
        at: here.clone(),
    };
    let is_float = spec.is_float();
    let lm = length.spelling();
    match conv {
        b'c' | b's' | b'p' => {
            if vector.is_some() {
                return err(
                    here,
                    format!("a vector specifier cannot be used with `%{}`", conv as char),
                    i,
                );
            }
            if length != Length::None {
                return err(
                    ls..cs,
                    format!(
                        "the `{lm}` length modifier cannot be used with `%{}` in OpenCL C",
                        conv as char
                    ),
                    i,
                );
            }
        }
        _ => {}
    }
    if vector.is_some() && length == Length::None {
        return err(
            here,
            if is_float {
                "a vector specifier needs a length modifier: `hl` for float, `l` for double elements"
            } else {
                "a vector specifier needs a length modifier: `hh`, `h`, `hl` or `l`"
            }
            .into(),
            i,
        );
    }
    if vector.is_none() && length == Length::Hl {
        return err(
            ls..cs,
            "the `hl` length modifier may only be used with a vector specifier".into(),
            i,
        );
    }
    if is_float {
        match (vector.is_some(), length) {
            (_, Length::Hh) => {
                return err(
                    ls..cs,
                    format!(
                        "the `hh` length modifier cannot be used with `%{}`",
                        conv as char
                    ),
                    i,
                )
            }
            // `%vNhf` prints a halfN (cl_khr_fp16); a scalar half is promoted like a
            // float and printed with `%f`.
            (false, Length::H) => {
                return err(
                    ls..cs,
                    format!(
                        "the `h` length modifier with `%{}` needs a vector specifier (`%v2h{}`)",
                        conv as char, conv as char
                    ),
                    i,
                )
            }
            _ => {}
        }
    }
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(f: &str) -> Spec {
        match parse(f.as_bytes()).unwrap().as_slice() {
            [Piece::Conv(s)] => s.clone(),
            other => panic!("{other:?}"),
        }
    }

    fn error(f: &str) -> (Range<usize>, String) {
        let e = parse(f.as_bytes()).unwrap_err();
        (e[0].at.clone(), e[0].message.clone())
    }

    /// cl_khr_fp16: `%vNh` with a floating conversion takes a halfN; a scalar `%hf`
    /// is refused (a half argument is promoted and printed with `%f`).
    #[test]
    fn half_vectors() {
        assert_eq!(
            one("%v2hf").arg_kind(),
            ArgKind::Vector {
                lanes: 2,
                elem: Elem::Float { bytes: 2 }
            }
        );
        let (at, msg) = error("%hf");
        assert_eq!(at, 1..2);
        assert!(msg.contains("needs a vector specifier"), "{msg}");
    }

    #[test]
    fn specs() {
        let s = one("%-+ #012.5d");
        assert!(s.flags.minus && s.flags.plus && s.flags.space && s.flags.hash && s.flags.zero);
        assert_eq!((s.width, s.precision, s.conv), (Some(12), Some(5), b'd'));
        assert_eq!(s.spelling(), "%-+ #012.5d");
        let s = one("%2.2v4hlf");
        assert_eq!((s.vector, s.length), (Some(4), Length::Hl));
        assert_eq!(
            s.arg_kind(),
            ArgKind::Vector {
                lanes: 4,
                elem: Elem::Float { bytes: 4 }
            }
        );
        assert_eq!(one("%.f").precision, Some(0));
        assert_eq!(
            one("%#v16hhx").arg_kind(),
            ArgKind::Vector {
                lanes: 16,
                elem: Elem::Int {
                    bytes: 1,
                    signed: false
                }
            }
        );
        assert_eq!(
            one("%hhd").arg_kind(),
            ArgKind::Scalar(Elem::Int {
                bytes: 4,
                signed: true
            })
        );
        assert_eq!(
            one("%lu").arg_kind(),
            ArgKind::Scalar(Elem::Int {
                bytes: 8,
                signed: false
            })
        );
        assert_eq!(
            one("%lf").arg_kind(),
            ArgKind::Scalar(Elem::Float { bytes: 8 })
        );
        assert_eq!(one("%s").arg_kind(), ArgKind::Str);
        assert_eq!(
            one("%v3lf").arg_kind().describe(),
            "a `double3`".to_string()
        );
        assert_eq!(one("%u").arg_kind().describe(), "a `uint`".to_string());
        assert_eq!(one("%d").arg_kind().describe(), "an `int`".to_string());
    }

    #[test]
    fn pieces_and_nul() {
        let p = parse(b"a%%b%dc\0%q").unwrap();
        assert_eq!(p.len(), 5);
        assert_eq!(p[0], Piece::Text(0..1));
        assert_eq!(p[1], Piece::Percent(1..3));
        assert_eq!(p[4], Piece::Text(6..7));
    }

    #[test]
    fn errors_point_at_the_fault() {
        assert_eq!(error("ab%*d").0, 3..4);
        assert_eq!(error("%.*d").0, 2..3);
        assert_eq!(error("x%lld").0, 2..4);
        assert_eq!(error("%zd").0, 1..2);
        assert_eq!(error("%n").0, 1..2);
        assert_eq!(error("%v4d").0, 0..4);
        assert_eq!(error("%v5hd").0, 1..3);
        assert_eq!(error("%hld").0, 1..3);
        assert_eq!(error("%v2hhs").0, 0..6);
        assert_eq!(error("%lc").0, 1..2);
        assert_eq!(error("%hhf").0, 1..3);
        assert_eq!(error("%hf").0, 1..2);
        assert_eq!(error("%d %").0, 3..4);
        assert_eq!(error("%5%").0, 0..3);
        assert_eq!(error("%1$d").0, 0..3);
        assert_eq!(error("%y").0, 1..2);
        assert_eq!(error("%99999d").0, 1..6);
        // Every problem is reported, and parsing goes on after each.
        assert_eq!(parse(b"%q %d %*d %y").unwrap_err().len(), 3);
    }
}
