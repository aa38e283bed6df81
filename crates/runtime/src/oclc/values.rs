//! Argument value lists of the oclc grammar and the element types they fill.
//!
//! ```text
//! <list> ::= <el> | <el> "," <list>
//! <el>   ::= number | repeat(N,<list>) | rand(min,max) | randint(min,max)
//!          | range(a,b) | range(a,b,step)
//! ```

use std::fmt;

/// A scalar element type of an argument or buffer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Elem {
    Bool,
    Char,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    Float,
    Double,
}

impl Elem {
    pub fn from_cl_name(s: &str) -> Option<Elem> {
        Some(match s {
            "bool" => Elem::Bool,
            "char" => Elem::Char,
            "uchar" | "unsigned char" => Elem::UChar,
            "short" => Elem::Short,
            "ushort" | "unsigned short" => Elem::UShort,
            "int" => Elem::Int,
            "uint" | "unsigned int" | "unsigned" => Elem::UInt,
            "long" => Elem::Long,
            "ulong" | "unsigned long" | "size_t" | "uintptr_t" => Elem::ULong,
            "ptrdiff_t" | "intptr_t" => Elem::Long,
            "float" => Elem::Float,
            "double" => Elem::Double,
            _ => return None,
        })
    }

    pub fn size(self) -> usize {
        match self {
            Elem::Bool | Elem::Char | Elem::UChar => 1,
            Elem::Short | Elem::UShort => 2,
            Elem::Int | Elem::UInt | Elem::Float => 4,
            Elem::Long | Elem::ULong | Elem::Double => 8,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Elem::Float | Elem::Double)
    }

    pub fn is_char(self) -> bool {
        matches!(self, Elem::Char | Elem::UChar)
    }

    /// Little-endian bytes of a value of this type (integers wrap, as a C cast would).
    pub fn encode(self, v: f64, out: &mut Vec<u8>) {
        match self {
            Elem::Float => out.extend((v as f32).to_le_bytes()),
            Elem::Double => out.extend(v.to_le_bytes()),
            _ => {
                let i = if v < 0.0 { v as i64 as u64 } else { v as u64 };
                out.extend(&i.to_le_bytes()[..self.size()]);
            }
        }
    }

    /// The element at the start of `b`, widened to f64 (exact for every integer type
    /// up to 2^53) and as printable text.
    pub fn decode(self, b: &[u8]) -> Value {
        let mut w = [0u8; 8];
        w[..self.size()].copy_from_slice(&b[..self.size()]);
        let u = u64::from_le_bytes(w);
        match self {
            Elem::Float => Value::F32(f32::from_le_bytes([w[0], w[1], w[2], w[3]])),
            Elem::Double => Value::F64(f64::from_bits(u)),
            Elem::Bool | Elem::UChar => Value::U(u & 0xff),
            Elem::UShort => Value::U(u & 0xffff),
            Elem::UInt => Value::U(u & 0xffff_ffff),
            Elem::ULong => Value::U(u),
            Elem::Char => Value::I(u as u8 as i8 as i64),
            Elem::Short => Value::I(u as u16 as i16 as i64),
            Elem::Int => Value::I(u as u32 as i32 as i64),
            Elem::Long => Value::I(u as i64),
        }
    }
}

/// A decoded element.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Value {
    I(i64),
    U(u64),
    F32(f32),
    F64(f64),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::I(i) => write!(f, "{i}"),
            Value::U(u) => write!(f, "{u}"),
            Value::F32(x) => f.write_str(&format_g(*x as f64, 7)),
            Value::F64(x) => f.write_str(&format_g(*x, 16)),
        }
    }
}

/// C's `%.{precision}g`.
pub fn format_g(x: f64, precision: usize) -> String {
    if x.is_nan() {
        return if x.is_sign_negative() { "-nan" } else { "nan" }.into();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf" } else { "inf" }.into();
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0" } else { "0" }.into();
    }
    let p = precision.max(1);
    // The exponent after rounding to p significant digits decides the style.
    let sci = format!("{:.*e}", p - 1, x);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if exp < -4 || exp >= p as i32 {
        let m = strip_zeros(mantissa);
        format!("{}e{}{:02}", m, if exp < 0 { '-' } else { '+' }, exp.abs())
    } else {
        let decimals = (p as i32 - 1 - exp).max(0) as usize;
        strip_zeros(&format!("{:.*}", decimals, x)).to_string()
    }
}

fn strip_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

/// A deterministic random source for `rand`/`randint` (SplitMix64).
pub struct Rng(u64);

impl Rng {
    pub const DEFAULT_SEED: u64 = 5489;

    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The largest list one argument may expand to (guards `repeat(1e12, ...)`).
pub const MAX_ELEMENTS: usize = 1 << 26;

/// A parsed list element; random elements draw a new value each time they expand.
#[derive(Clone, Debug)]
enum El {
    Num(f64),
    Repeat(usize, Vec<El>),
    Rand(f64, f64),
    RandInt(f64, f64),
    Range(f64, f64, f64),
}

/// Expand a list into numbers.
pub fn parse_list(text: &str, rng: &mut Rng) -> Result<Vec<f64>, String> {
    let mut p = ListParser {
        s: text.as_bytes(),
        i: 0,
        depth: 0,
    };
    let list = p.list()?;
    p.ws();
    if p.i != p.s.len() {
        return Err(format!(
            "unexpected `{}` in value list `{text}`",
            &text[p.i..]
        ));
    }
    let mut out = Vec::new();
    expand(&list, rng, &mut out)?;
    Ok(out)
}

fn expand(list: &[El], rng: &mut Rng, out: &mut Vec<f64>) -> Result<(), String> {
    let too_long = || format!("value list longer than {MAX_ELEMENTS} elements");
    for el in list {
        match el {
            El::Num(x) => out.push(*x),
            El::Repeat(n, l) => {
                for _ in 0..*n {
                    expand(l, rng, out)?;
                    if out.len() > MAX_ELEMENTS {
                        return Err(too_long());
                    }
                }
            }
            El::Rand(a, b) => out.push(a + (b - a) * rng.unit()),
            El::RandInt(a, b) => {
                let (lo, hi) = (a.ceil(), b.floor());
                out.push((lo + ((hi - lo + 1.0) * rng.unit()).floor()).min(hi));
            }
            El::Range(a, b, step) => {
                let dir = if b >= a { 1.0 } else { -1.0 };
                let count = ((b - a).abs() / step + 1e-9).floor() as usize + 1;
                if out.len().saturating_add(count) > MAX_ELEMENTS {
                    return Err(too_long());
                }
                // a + i*step, not repeated addition, so decimals do not drift.
                out.extend((0..count).map(|i| a + dir * step * i as f64));
            }
        }
        if out.len() > MAX_ELEMENTS {
            return Err(too_long());
        }
    }
    Ok(())
}

struct ListParser<'a> {
    s: &'a [u8],
    i: usize,
    depth: u32,
}

impl ListParser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8) -> Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(format!("expected `{}` at column {}", c as char, self.i + 1))
        }
    }

    fn list(&mut self) -> Result<Vec<El>, String> {
        self.depth += 1;
        if self.depth > 64 {
            return Err("value list nested too deeply".into());
        }
        let mut out = Vec::new();
        loop {
            out.push(self.el()?);
            if !self.eat(b',') {
                break;
            }
        }
        self.depth -= 1;
        Ok(out)
    }

    fn number(&mut self) -> Result<f64, String> {
        self.ws();
        let st = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || b"+-.".contains(&self.s[self.i]))
        {
            self.i += 1;
        }
        let t = std::str::from_utf8(&self.s[st..self.i]).unwrap_or("");
        parse_number(t).ok_or_else(|| {
            if t.is_empty() {
                format!("expected a number at column {}", st + 1)
            } else {
                format!("`{t}` is not a number")
            }
        })
    }

    fn el(&mut self) -> Result<El, String> {
        self.ws();
        let rest = &self.s[self.i..];
        for func in ["repeat", "randint", "rand", "range"] {
            if rest.starts_with(func.as_bytes()) && rest.get(func.len()) == Some(&b'(') {
                self.i += func.len() + 1;
                let el = self.call(func)?;
                self.expect(b')')?;
                return Ok(el);
            }
        }
        Ok(El::Num(self.number()?))
    }

    fn call(&mut self, func: &str) -> Result<El, String> {
        let a = self.number()?;
        self.expect(b',')?;
        match func {
            "repeat" => {
                if a < 0.0 || a.fract() != 0.0 || a > MAX_ELEMENTS as f64 {
                    return Err(format!(
                        "repeat count `{a}` must be a whole number up to {MAX_ELEMENTS}"
                    ));
                }
                Ok(El::Repeat(a as usize, self.list()?))
            }
            "rand" | "randint" => {
                let b = self.number()?;
                if a > b {
                    return Err(format!("{func}({a},{b}): min is above max"));
                }
                Ok(if func == "rand" {
                    El::Rand(a, b)
                } else {
                    El::RandInt(a, b)
                })
            }
            _ => {
                let b = self.number()?;
                let step = if self.eat(b',') {
                    self.number()?.abs()
                } else {
                    1.0
                };
                if step == 0.0 || !step.is_finite() {
                    return Err("range step must be a nonzero number".into());
                }
                if ((b - a).abs() / step) > MAX_ELEMENTS as f64 {
                    return Err(format!("value list longer than {MAX_ELEMENTS} elements"));
                }
                Ok(El::Range(a, b, step))
            }
        }
    }
}

/// Integer (decimal, hex, octal-free), decimal or exponent notation.
pub fn parse_number(t: &str) -> Option<f64> {
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()? as f64
    } else {
        if body.is_empty() || !body.bytes().next()?.is_ascii_digit() && !body.starts_with('.') {
            return None;
        }
        body.trim_end_matches(['f', 'F']).parse::<f64>().ok()?
    };
    Some(if neg { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(s: &str) -> Vec<f64> {
        parse_list(s, &mut Rng::new(1)).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn grammar_examples_from_the_oclc_documentation() {
        assert_eq!(list("repeat(3,2,4)"), vec![2.0, 4.0, 2.0, 4.0, 2.0, 4.0]);
        assert_eq!(
            list("range(-4,21,5)"),
            vec![-4.0, 1.0, 6.0, 11.0, 16.0, 21.0]
        );
        assert_eq!(list("range(0,3)"), vec![0.0, 1.0, 2.0, 3.0]);
        assert_eq!(list("range(3,0)"), vec![3.0, 2.0, 1.0, 0.0]);
        assert_eq!(list("1, 0x10,-2.5,1e3"), vec![1.0, 16.0, -2.5, 1000.0]);
        assert_eq!(
            list("repeat(2,range(1,2)),9"),
            vec![1.0, 2.0, 1.0, 2.0, 9.0]
        );
        let r = list("range(-0.666363,-0.666414,-0.000017)");
        assert_eq!(r.len(), 4);
        assert_eq!(format_g(r[3] as f32 as f64, 7), "-0.666414");
    }

    #[test]
    fn random_values_stay_in_range_and_follow_the_seed() {
        let a = parse_list("repeat(100,randint(-3,3))", &mut Rng::new(7)).expect("list");
        assert!(a
            .iter()
            .all(|x| (-3.0..=3.0).contains(x) && x.fract() == 0.0));
        assert!(a.contains(&-3.0) && a.contains(&3.0));
        let b = parse_list("repeat(100,randint(-3,3))", &mut Rng::new(7)).expect("list");
        assert_eq!(a, b);
        let f = parse_list("repeat(50,rand(1.5,2))", &mut Rng::new(3)).expect("list");
        assert!(f.iter().all(|x| (1.5..=2.0).contains(x)));
    }

    #[test]
    fn bad_lists_are_errors() {
        for bad in [
            "",
            "1,,2",
            "repeat(2,1",
            "abc",
            "range(1,2,0)",
            "rand(3,1)",
            "repeat(1e12,1)",
            "1)",
        ] {
            assert!(parse_list(bad, &mut Rng::new(1)).is_err(), "{bad}");
        }
    }

    #[test]
    fn percent_g_matches_c() {
        // Values checked against C's printf("%.7g") by hand.
        assert_eq!(format_g(96.6f32 as f64, 7), "96.6");
        assert_eq!(format_g(1.333637f32 as f64, 7), "1.333637");
        assert_eq!(format_g(2.33362f32 as f64, 7), "2.33362");
        assert_eq!(format_g(13.0, 7), "13");
        assert_eq!(format_g(1e7, 7), "1e+07");
        assert_eq!(format_g(123456789.0, 7), "1.234568e+08");
        assert_eq!(format_g(0.0001, 7), "0.0001");
        assert_eq!(format_g(0.00001, 7), "1e-05");
        assert_eq!(format_g(-0.5, 7), "-0.5");
        assert_eq!(format_g(0.1, 16), "0.1");
        assert_eq!(format_g(1.0 / 3.0, 16), "0.3333333333333333");
        assert_eq!(format_g(9999999.5, 7), "1e+07");
    }

    #[test]
    fn encode_decode_wrap_like_c() {
        let mut b = Vec::new();
        Elem::UChar.encode(300.0, &mut b);
        Elem::Char.encode(-1.0, &mut b);
        assert_eq!(b, vec![44, 255]);
        assert_eq!(Elem::Char.decode(&[255]), Value::I(-1));
        assert_eq!(
            Elem::UInt.decode(&[255, 255, 255, 255]),
            Value::U(4294967295)
        );
    }
}
