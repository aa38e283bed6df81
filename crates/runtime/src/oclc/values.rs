//! Argument value lists of the oclc grammar and the element types they fill.
//!
//! ```text
//! <list> ::= <el> | <el> "," <list>
//! <el>   ::= number | repeat(N,<list>) | rand(min,max) | randint(min,max)
//!          | range(a,b) | range(a,b,step)
//! ```
//!
//! A list is parsed once into a small tree ([`List`]) whose length is known without
//! expanding it (checked arithmetic: `repeat(1e18,...)` is a number, not an
//! allocation), so the caller can hold it against the buffer it describes before any
//! element is made. Numbers are kept exact (integers as `i128`, so every `long` and
//! `ulong` value survives) and written straight into the element type's bytes
//! ([`List::encode`]); a value the type cannot hold exactly (`1.5` or `99999999999`
//! into an `int`) is refused with the reason. Element types are OpenCL C's scalar
//! types ([`ClScalar`], shared with the front end); [`ValueBytes`] adds their bytes.

use std::fmt;

use half::f16;
use kauai_ir::ClScalar;

/// The scalar type a kernel argument's type name spells: an OpenCL C name or alias
/// ([`ClScalar::from_spelling`]), or one of the address-sized types, which are 64-bit
/// on every Kauai device.
pub fn scalar_of_type_name(s: &str) -> Option<ClScalar> {
    ClScalar::from_spelling(s).or(match s {
        "size_t" | "uintptr_t" => Some(ClScalar::ULong),
        "ptrdiff_t" | "intptr_t" => Some(ClScalar::Long),
        _ => None,
    })
}

/// How the values of a list are written to and read from an element type's bytes.
pub trait ValueBytes: Copy {
    /// Bytes of one element.
    fn size(self) -> usize;

    /// `char` or `uchar`: the types `-char-error` tolerates.
    fn is_char(self) -> bool;

    /// Append the little-endian bytes of `n` as this type, or say why this type cannot
    /// hold it: integer types take whole numbers within their range, floating-point
    /// types any finite number within theirs (rounded to nearest) and infinities or
    /// NaN written as such.
    fn encode(self, n: Num, out: &mut Vec<u8>) -> Result<(), String>;

    /// The element at the start of `b` as printable text (exact for every type).
    fn decode(self, b: &[u8]) -> Value;
}

impl ValueBytes for ClScalar {
    fn size(self) -> usize {
        self.bytes() as usize
    }

    fn is_char(self) -> bool {
        matches!(self, ClScalar::Char | ClScalar::UChar)
    }

    fn encode(self, n: Num, out: &mut Vec<u8>) -> Result<(), String> {
        let cl = self.name();
        match (self, n) {
            (ClScalar::Half, _) => {
                let x = n.to_f64();
                let h = kauai_ir::half::f16_from_f64(x);
                if h.is_infinite() && x.is_finite() {
                    return Err(format!("`{n}` is out of range for `half`"));
                }
                out.extend(h.to_le_bytes());
            }
            (ClScalar::Float, _) => {
                let x = n.to_f64();
                let f = x as f32;
                if f.is_infinite() && x.is_finite() {
                    return Err(format!("`{n}` is out of range for `float`"));
                }
                out.extend(f.to_le_bytes());
            }
            (ClScalar::Double, _) => out.extend(n.to_f64().to_le_bytes()),
            (_, Num::Float(x)) => {
                if x.fract() != 0.0 || !x.is_finite() {
                    return Err(format!("`{n}` is not a whole number, as `{cl}` needs"));
                }
                // A whole f64 beyond i128 is out of every integer range anyway.
                let i = if x.abs() < 1e38 { x as i128 } else { i128::MAX };
                return self
                    .encode(Num::Int(i), out)
                    .map_err(|_| out_of_range(self, n));
            }
            (_, Num::Int(i)) => {
                let (lo, hi) = self.int_range();
                if i < lo || i > hi {
                    return Err(out_of_range(self, n));
                }
                out.extend(&(i as u64).to_le_bytes()[..self.size()]);
            }
        }
        Ok(())
    }

    fn decode(self, b: &[u8]) -> Value {
        let mut w = [0u8; 8];
        w[..self.size()].copy_from_slice(&b[..self.size()]);
        let u = u64::from_le_bytes(w);
        match self {
            ClScalar::Half => Value::F16(f16::from_le_bytes([w[0], w[1]])),
            ClScalar::Float => Value::F32(f32::from_le_bytes([w[0], w[1], w[2], w[3]])),
            ClScalar::Double => Value::F64(f64::from_bits(u)),
            ClScalar::Bool | ClScalar::UChar => Value::U(u & 0xff),
            ClScalar::UShort => Value::U(u & 0xffff),
            ClScalar::UInt => Value::U(u & 0xffff_ffff),
            ClScalar::ULong => Value::U(u),
            ClScalar::Char => Value::I(u as u8 as i8 as i64),
            ClScalar::Short => Value::I(u as u16 as i16 as i64),
            ClScalar::Int => Value::I(u as u32 as i32 as i64),
            ClScalar::Long => Value::I(u as i64),
        }
    }
}

/// Only for integer types (a floating type's range is not an `int_range`).
fn out_of_range(e: ClScalar, n: Num) -> String {
    let (lo, hi) = e.int_range();
    format!("`{n}` is out of range for `{}` ({lo} to {hi})", e.name())
}

/// A number as written in a list: integers exactly, anything with a point or an
/// exponent as a double.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Num {
    Int(i128),
    Float(f64),
}

impl Num {
    pub fn to_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(x) => x,
        }
    }
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Num::Int(i) => write!(f, "{i}"),
            // Debug is the shortest text that reads back as the same double (`1e300`).
            Num::Float(x) => write!(f, "{x:?}"),
        }
    }
}

/// A decoded element.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Value {
    I(i64),
    U(u64),
    F16(f16),
    F32(f32),
    F64(f64),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::I(i) => write!(f, "{i}"),
            Value::U(u) => write!(f, "{u}"),
            // Five significant digits read back as the same half, as seven nearly do
            // for a float.
            Value::F16(x) => f.write_str(&format_g(x.to_f64(), 5)),
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

/// How deeply `repeat(...)` may nest in one list: a hand-written list nests two or
/// three levels; the limit keeps the recursive parser's stack small.
pub const MAX_NESTING: u32 = 64;

/// A parsed list element; random elements draw a new value each time they expand.
#[derive(Clone, Debug)]
enum El {
    Num(Num),
    /// `repeat(n, list)`, with the length of `list` (`None`: beyond `u64`).
    Repeat(u64, Vec<El>, Option<u64>),
    Rand(f64, f64),
    RandInt(i128, i128),
    /// `range(a, b, step)` with `step > 0` and the number of elements.
    Range(Num, Num, Num, u64),
}

/// A parsed value list: its elements are made only by [`List::encode`].
#[derive(Clone, Debug)]
pub struct List {
    els: Vec<El>,
    len: Option<u64>,
}

fn len_of(els: &[El]) -> Option<u64> {
    els.iter().try_fold(0u64, |acc, el| {
        let n = match el {
            El::Num(_) | El::Rand(..) | El::RandInt(..) => 1,
            El::Repeat(n, _, inner) => n.checked_mul((*inner)?)?,
            El::Range(.., count) => *count,
        };
        acc.checked_add(n)
    })
}

impl List {
    /// The number of elements the list expands to; an error if it is beyond `u64`.
    pub fn len(&self) -> Result<u64, String> {
        self.len
            .ok_or_else(|| "the list has more than 2^64 elements".to_string())
    }

    pub fn is_empty(&self) -> bool {
        self.len == Some(0)
    }

    /// Expand the list into `elem`'s little-endian bytes, appended to `out`. A list
    /// longer than `max` elements is refused before anything is made (`what_max` says
    /// what the bound is); so is an element `elem` cannot hold.
    pub fn encode(
        &self,
        elem: ClScalar,
        rng: &mut Rng,
        max: u64,
        what_max: &str,
        out: &mut Vec<u8>,
    ) -> Result<(), String> {
        let n = self.len()?;
        if n > max {
            return Err(format!("{n} values, more than {what_max}"));
        }
        out.reserve((n as usize).saturating_mul(elem.size()));
        let mut one = Vec::with_capacity(8);
        self.for_each_run(rng, &mut |v, count| {
            one.clear();
            elem.encode(v, &mut one)?;
            // A run of one value (`repeat(N,0)`) is written as a fill, not N pushes.
            let start = out.len();
            out.resize(start + one.len() * count as usize, one[0]);
            if one.iter().any(|b| *b != one[0]) {
                for chunk in out[start..].chunks_exact_mut(one.len()) {
                    chunk.copy_from_slice(&one);
                }
            }
            Ok(())
        })
    }

    /// Call `f` on each element in order.
    pub fn for_each(
        &self,
        rng: &mut Rng,
        f: &mut dyn FnMut(Num) -> Result<(), String>,
    ) -> Result<(), String> {
        self.for_each_run(rng, &mut |v, count| {
            for _ in 0..count {
                f(v)?;
            }
            Ok(())
        })
    }

    /// Call `f(value, count)` on each run of equal elements in order: `repeat(N, x)`
    /// of a plain number is one run, so it can be written or compared in bulk. Only
    /// call with a list whose length was checked (a run's count is at most it).
    pub fn for_each_run(
        &self,
        rng: &mut Rng,
        f: &mut dyn FnMut(Num, u64) -> Result<(), String>,
    ) -> Result<(), String> {
        expand(&self.els, rng, f)
    }
}

fn expand(
    list: &[El],
    rng: &mut Rng,
    f: &mut dyn FnMut(Num, u64) -> Result<(), String>,
) -> Result<(), String> {
    for el in list {
        match el {
            El::Num(x) => f(*x, 1)?,
            El::Repeat(n, l, _) if *n > 0 && matches!(l.as_slice(), [El::Num(_)]) => {
                if let [El::Num(x)] = l.as_slice() {
                    f(*x, *n)?;
                }
            }
            El::Repeat(n, l, inner) => {
                // Repeating nothing makes nothing, however often (`repeat(1e18,repeat(0,1))`).
                if *inner != Some(0) {
                    for _ in 0..*n {
                        expand(l, rng, f)?;
                    }
                }
            }
            El::Rand(a, b) => f(Num::Float(a + (b - a) * rng.unit()), 1)?,
            El::RandInt(lo, hi) => {
                let span = hi - lo + 1;
                let v = if span <= 1 << 53 {
                    // The offset drawn as before 64-bit ranges were exact: keeps seeded
                    // lists; added in integers so a 64-bit `lo` stays exact.
                    lo + ((span as f64 * rng.unit()).floor() as i128).min(span - 1)
                } else {
                    lo + (u128::from(rng.next()) % span as u128) as i128
                };
                f(Num::Int(v), 1)?
            }
            El::Range(a, b, step, count) => match (a, b, step) {
                (Num::Int(a), Num::Int(b), Num::Int(step)) => {
                    // Exact: every 64-bit value is an i128.
                    let dir = if b >= a { 1 } else { -1 };
                    for i in 0..*count {
                        f(Num::Int(a + dir * step * i as i128), 1)?;
                    }
                }
                _ => {
                    let (a, b, step) = (a.to_f64(), b.to_f64(), step.to_f64());
                    let dir = if b >= a { 1.0 } else { -1.0 };
                    // a + i*step, not repeated addition, so decimals do not drift.
                    for i in 0..*count {
                        f(Num::Float(a + dir * step * i as f64), 1)?;
                    }
                }
            },
        }
    }
    Ok(())
}

/// Parse a list (nothing is expanded yet).
pub fn parse_list(text: &str) -> Result<List, String> {
    let mut p = ListParser {
        s: text.as_bytes(),
        i: 0,
        depth: 0,
    };
    let els = p.list()?;
    p.ws();
    if p.i != p.s.len() {
        return Err(format!(
            "unexpected `{}` at column {}",
            String::from_utf8_lossy(&p.s[p.i..]),
            p.i + 1
        ));
    }
    let len = len_of(&els);
    Ok(List { els, len })
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
        } else if self.i >= self.s.len() {
            Err(format!("expected `{}` at the end", c as char))
        } else {
            Err(format!("expected `{}` at column {}", c as char, self.i + 1))
        }
    }

    fn list(&mut self) -> Result<Vec<El>, String> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(format!(
                "the list nests deeper than {MAX_NESTING} levels (MAX_NESTING)"
            ));
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

    fn number(&mut self) -> Result<Num, String> {
        self.ws();
        let st = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || b"+-.".contains(&self.s[self.i]))
        {
            self.i += 1;
        }
        let t = String::from_utf8_lossy(&self.s[st..self.i]);
        if t.is_empty() {
            return Err(if st >= self.s.len() {
                "expected a number at the end".to_string()
            } else {
                format!("expected a number at column {}", st + 1)
            });
        }
        parse_number(&t).ok_or_else(|| format!("`{t}` (column {}) is not a number", st + 1))
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
                let n = match a {
                    Num::Int(n) => u64::try_from(n).ok(),
                    Num::Float(x) if x.fract() == 0.0 && (0.0..1.8e19).contains(&x) => {
                        Some(x as u64)
                    }
                    Num::Float(_) => None,
                };
                let n = n.ok_or_else(|| {
                    format!("repeat count `{a}` is not a whole number from 0 to 2^64-1")
                })?;
                let list = self.list()?;
                let inner = len_of(&list);
                Ok(El::Repeat(n, list, inner))
            }
            "rand" => {
                let b = self.number()?;
                let (x, y) = (a.to_f64(), b.to_f64());
                if x > y || !x.is_finite() || !y.is_finite() {
                    return Err(format!("rand({a},{b}): min must be a number up to max"));
                }
                Ok(El::Rand(x, y))
            }
            "randint" => {
                let b = self.number()?;
                let whole = |n: Num| match n {
                    Num::Int(i) => Some(i),
                    Num::Float(x) if x.is_finite() && x.abs() < 1e38 => Some(x.ceil() as i128),
                    Num::Float(_) => None,
                };
                let lo = whole(a);
                let hi = match b {
                    Num::Float(x) if x.is_finite() && x.abs() < 1e38 => Some(x.floor() as i128),
                    _ => whole(b),
                };
                match (lo, hi) {
                    (Some(lo), Some(hi)) if lo <= hi => Ok(El::RandInt(lo, hi)),
                    _ => Err(format!(
                        "randint({a},{b}): min and max must be numbers with a whole number between them"
                    )),
                }
            }
            _ => {
                let b = self.number()?;
                let step = if self.eat(b',') {
                    match self.number()? {
                        Num::Int(s) => Num::Int(s.abs()),
                        Num::Float(s) => Num::Float(s.abs()),
                    }
                } else {
                    Num::Int(1)
                };
                let count =
                    range_len(a, b, step).map_err(|e| format!("range({a},{b},{step}): {e}"))?;
                Ok(El::Range(a, b, step, count))
            }
        }
    }
}

/// The number of elements of `range(a, b, step)` (`step` positive), or why there is
/// none: a zero or non-finite step or bounds, or a count beyond `u64`.
fn range_len(a: Num, b: Num, step: Num) -> Result<u64, String> {
    let too_many = || "more than 2^64 elements".to_string();
    match (a, b, step) {
        (Num::Int(a), Num::Int(b), Num::Int(s)) => {
            if s == 0 {
                return Err("the step must not be 0".into());
            }
            u64::try_from((b - a).abs() / s)
                .ok()
                .and_then(|n| n.checked_add(1))
                .ok_or_else(too_many)
        }
        _ => {
            let (a, b, s) = (a.to_f64(), b.to_f64(), step.to_f64());
            if s == 0.0 || !s.is_finite() || !a.is_finite() || !b.is_finite() {
                return Err("the step must be a nonzero number and the bounds finite".into());
            }
            // The tolerance lets decimal steps reach a bound they hit on paper.
            let n = ((b - a).abs() / s + 1e-9).floor();
            if n >= 1.8e19 {
                return Err(too_many());
            }
            (n as u64).checked_add(1).ok_or_else(too_many)
        }
    }
}

/// An integer (decimal or hex; no octal), or a decimal or exponent number; `f` may end
/// a floating-point one.
pub fn parse_number(t: &str) -> Option<Num> {
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        Num::Int(i128::from(u64::from_str_radix(h, 16).ok()?))
    } else {
        if body.is_empty() || !body.bytes().next()?.is_ascii_digit() && !body.starts_with('.') {
            return None;
        }
        if body.bytes().all(|c| c.is_ascii_digit()) {
            // Integers beyond 2^65 are beyond every type (the range check says so);
            // the cap keeps range arithmetic on them far from i128's limits.
            Num::Int(body.parse::<i128>().unwrap_or(i128::MAX).min(1 << 65))
        } else {
            Num::Float(body.trim_end_matches(['f', 'F']).parse::<f64>().ok()?)
        }
    };
    Some(match (neg, v) {
        (false, v) => v,
        (true, Num::Int(i)) => Num::Int(-i),
        (true, Num::Float(x)) => Num::Float(-x),
    })
}

/// Property (the `oclc_values` fuzz target; `value_lists_never_panic` under `cargo
/// test`): any text parses to a list or an error; a list's length is known without
/// expanding it; expanding it as any element type within a bound makes exactly that
/// many elements or an error, and never more than the bound, whatever the text.
#[doc(hidden)]
pub fn check_value_list(data: &[u8]) {
    const BOUND: u64 = 4096;
    let text = String::from_utf8_lossy(data);
    let Ok(list) = parse_list(&text) else {
        return;
    };
    for elem in ClScalar::ALL {
        let mut out = Vec::new();
        let size = elem.size() as u64;
        match list.encode(elem, &mut Rng::new(1), BOUND, "the bound", &mut out) {
            Ok(()) => assert_eq!(Ok(out.len() as u64 / size), list.len(), "{text}"),
            Err(_) => assert!(out.len() as u64 <= BOUND * size, "{text}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list expanded as `elem`'s values, printed.
    fn expand_as(s: &str, elem: ClScalar) -> Result<Vec<String>, String> {
        let l = parse_list(s)?;
        let mut bytes = Vec::new();
        l.encode(elem, &mut Rng::new(1), u64::MAX, "", &mut bytes)?;
        Ok(bytes
            .chunks_exact(elem.size())
            .map(|b| elem.decode(b).to_string())
            .collect())
    }

    fn list(s: &str) -> Vec<String> {
        expand_as(s, ClScalar::Double).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn grammar_examples_from_the_oclc_documentation() {
        assert_eq!(list("repeat(3,2,4)"), ["2", "4", "2", "4", "2", "4"]);
        assert_eq!(list("range(-4,21,5)"), ["-4", "1", "6", "11", "16", "21"]);
        assert_eq!(list("range(0,3)"), ["0", "1", "2", "3"]);
        assert_eq!(list("range(3,0)"), ["3", "2", "1", "0"]);
        assert_eq!(list("1, 0x10,-2.5,1e3"), ["1", "16", "-2.5", "1000"]);
        assert_eq!(list("repeat(2,range(1,2)),9"), ["1", "2", "1", "2", "9"]);
        let r = expand_as("range(-0.666363,-0.666414,-0.000017)", ClScalar::Float).expect("list");
        assert_eq!(r.len(), 4);
        assert_eq!(r[3], "-0.666414");
    }

    #[test]
    fn sixty_four_bit_values_are_exact() {
        // The issue's reproduction: four elements, each exact.
        assert_eq!(
            expand_as(
                "range(9223372036854775807,9223372036854775804,-1)",
                ClScalar::Long
            )
            .expect("long"),
            [
                "9223372036854775807",
                "9223372036854775806",
                "9223372036854775805",
                "9223372036854775804"
            ]
        );
        assert_eq!(
            expand_as(
                "18446744073709551615,0xffffffffffffffff,9007199254740993",
                ClScalar::ULong
            )
            .expect("ulong"),
            [
                "18446744073709551615",
                "18446744073709551615",
                "9007199254740993"
            ]
        );
        assert_eq!(
            expand_as(
                "-9223372036854775808,repeat(2,9007199254740993)",
                ClScalar::Long
            )
            .expect("long"),
            [
                "-9223372036854775808",
                "9007199254740993",
                "9007199254740993"
            ]
        );
    }

    #[test]
    fn lossy_or_out_of_range_values_are_refused_with_the_reason() {
        for (text, elem, want) in [
            (
                "repeat(8,1.5)",
                ClScalar::Int,
                "`1.5` is not a whole number, as `int` needs",
            ),
            (
                "99999999999",
                ClScalar::Int,
                "`99999999999` is out of range for `int` (-2147483648 to 2147483647)",
            ),
            ("-1", ClScalar::UInt, "out of range for `uint`"),
            ("256", ClScalar::UChar, "out of range for `uchar`"),
            (
                "18446744073709551616",
                ClScalar::ULong,
                "out of range for `ulong`",
            ),
            (
                "9223372036854775808",
                ClScalar::Long,
                "out of range for `long`",
            ),
            (
                "1e300",
                ClScalar::Float,
                "`1e300` is out of range for `float`",
            ),
            ("1e30", ClScalar::Long, "out of range for `long`"),
            (
                "range(0,1,0.5)",
                ClScalar::Short,
                "`0.5` is not a whole number",
            ),
            ("rand(0,1)", ClScalar::Int, "is not a whole number"),
        ] {
            let e = expand_as(text, elem).expect_err(text);
            assert!(e.contains(want), "{text}: {e}");
        }
        // Whole numbers written as decimals are fine; floats round to nearest.
        assert_eq!(
            expand_as("2.0,1e3,-0.0", ClScalar::Int).expect("int"),
            ["2", "1000", "0"]
        );
        assert_eq!(
            expand_as("0.1,1e300,16777217", ClScalar::Double).expect("double")[2],
            "16777217"
        );
    }

    #[test]
    fn lengths_are_known_before_expansion_and_bounded() {
        let l = parse_list("repeat(67108864,0)").expect("parse");
        assert_eq!(l.len(), Ok(67108864));
        let mut out = Vec::new();
        let e = l
            .encode(
                ClScalar::Int,
                &mut Rng::new(1),
                16,
                "the 16 values of the buffer",
                &mut out,
            )
            .expect_err("bounded");
        assert_eq!(e, "67108864 values, more than the 16 values of the buffer");
        assert!(out.is_empty());
        // Overflowing lengths are errors, not wrapped numbers; empty repeats cost nothing.
        let big = parse_list("repeat(18446744073709551615,repeat(18446744073709551615,1))")
            .expect("parse");
        assert!(big.len().is_err());
        assert_eq!(
            parse_list("repeat(1000000000000000000,repeat(0,1)),5")
                .expect("parse")
                .len(),
            Ok(1)
        );
        assert_eq!(
            expand_as("repeat(1000000000000000000,repeat(0,1)),5", ClScalar::Int).expect("int"),
            ["5"]
        );
        let e = parse_list("range(0,1e300,1e-300)").expect_err("too long");
        assert!(e.contains("more than 2^64 elements"), "{e}");
    }

    #[test]
    fn random_values_stay_in_range_and_follow_the_seed() {
        let draw = |seed| {
            let mut v = Vec::new();
            parse_list("repeat(100,randint(-3,3))")
                .expect("parse")
                .for_each(&mut Rng::new(seed), &mut |n| {
                    v.push(n);
                    Ok(())
                })
                .expect("expand");
            v
        };
        let a = draw(7);
        assert!(a.iter().all(|x| matches!(x, Num::Int(-3..=3))));
        assert!(a.contains(&Num::Int(-3)) && a.contains(&Num::Int(3)));
        assert_eq!(a, draw(7));
        let f = expand_as("repeat(50,rand(1.5,2))", ClScalar::Double).expect("rand");
        assert!(f
            .iter()
            .all(|x| (1.5..=2.0).contains(&x.parse::<f64>().expect("number"))));
        // A 64-bit randint range draws within it.
        let big = expand_as(
            "repeat(20,randint(9223372036854775000,9223372036854775807))",
            ClScalar::Long,
        )
        .expect("randint");
        assert!(big
            .iter()
            .all(|x| x.parse::<i64>().expect("long") >= 9223372036854775000));
    }

    #[test]
    fn bad_lists_are_errors() {
        for (bad, want) in [
            ("", "expected a number at the end"),
            ("1,,2", "expected a number at column 3"),
            ("repeat(2,1", "expected `)` at the end"),
            ("range(0", "expected `,` at the end"),
            ("abc", "`abc` (column 1) is not a number"),
            ("range(1,2,0)", "the step must not be 0"),
            ("range(1,2,0.0)", "the step must be a nonzero number"),
            ("rand(3,1)", "min must be a number up to max"),
            ("repeat(1.5,1)", "repeat count `1.5` is not a whole number"),
            ("repeat(-1,1)", "repeat count `-1`"),
            ("1)", "unexpected `)` at column 2"),
        ] {
            let e = parse_list(bad).expect_err(bad);
            assert!(e.contains(want), "{bad}: {e}");
        }
        let deep = format!("{}1{}", "repeat(1,".repeat(70), ")".repeat(70));
        assert!(parse_list(&deep).expect_err("deep").contains("MAX_NESTING"));
    }

    /// A deterministic generator for the properties below (SplitMix64 through [`Rng`]).
    fn pick(r: &mut Rng, lo: i128, hi: i128) -> i128 {
        lo + (u128::from(r.next()) % (hi - lo + 1) as u128) as i128
    }

    /// The reference model of `range(a, b, step)`: count by repeated addition, in
    /// `i128`, from `a` towards `b`.
    fn model_range(a: i128, b: i128, step: i128) -> Vec<i128> {
        let mut out = Vec::new();
        let mut x = a;
        while (a <= b && x <= b) || (a > b && x >= b) {
            out.push(x);
            x = if a <= b { x + step } else { x - step };
        }
        out
    }

    fn ints(s: &str, elem: ClScalar) -> Vec<i128> {
        expand_as(s, elem)
            .unwrap_or_else(|e| panic!("{s}: {e}"))
            .iter()
            .map(|x| x.parse::<i128>().expect("integer"))
            .collect()
    }

    #[test]
    fn ranges_and_repeats_match_a_reference_model_for_i64_and_u64() {
        let mut r = Rng::new(0xC0FFEE);
        for case in 0..400 {
            // Ends near the extremes of each type, a short span, a step up to the span.
            let (elem, lo, hi) = if case % 2 == 0 {
                (ClScalar::Long, i64::MIN as i128, i64::MAX as i128)
            } else {
                (ClScalar::ULong, 0, u64::MAX as i128)
            };
            let a = if r.next().is_multiple_of(2) {
                pick(&mut r, lo, lo + 40)
            } else {
                pick(&mut r, hi - 40, hi)
            };
            let a = if r.next().is_multiple_of(4) {
                pick(&mut r, lo, hi)
            } else {
                a
            };
            let b = (a + pick(&mut r, -40, 40)).clamp(lo, hi);
            let step = pick(&mut r, 1, 7);
            let text = format!(
                "range({a},{b},{})",
                if r.next().is_multiple_of(2) {
                    step
                } else {
                    -step
                }
            );
            assert_eq!(ints(&text, elem), model_range(a, b, step), "{text}");
            let n = pick(&mut r, 0, 5);
            let rep = format!("repeat({n},{a},{text})");
            let mut want = Vec::new();
            for _ in 0..n {
                want.push(a);
                want.extend(model_range(a, b, step));
            }
            assert_eq!(ints(&rep, elem), want, "{rep}");
        }
    }

    /// The list expanded as `float`s, decoded exactly.
    fn floats(s: &str) -> Vec<f32> {
        let mut bytes = Vec::new();
        parse_list(s)
            .and_then(|l| l.encode(ClScalar::Float, &mut Rng::new(1), u64::MAX, "", &mut bytes))
            .unwrap_or_else(|e| panic!("{s}: {e}"));
        bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect()
    }

    #[test]
    fn float_ranges_match_a_reference_model() {
        // Integral ranges within 2^24 are exact in f32; decimal ranges with three
        // decimals count as their scaled integer range does.
        let mut r = Rng::new(0xF10A7);
        for _ in 0..300 {
            let a = pick(&mut r, -(1 << 24), 1 << 24);
            let b = (a + pick(&mut r, -50, 50)).clamp(-(1 << 24), 1 << 24);
            let step = pick(&mut r, 1, 9);
            let text = format!("range({a},{b},{step})");
            let got = floats(&text);
            let want: Vec<f32> = model_range(a, b, step).iter().map(|x| *x as f32).collect();
            assert_eq!(got, want, "{text}");
            let (a3, b3, s3) = (
                pick(&mut r, -5000, 5000),
                pick(&mut r, -5000, 5000),
                pick(&mut r, 1, 900),
            );
            let dec = |x: i128| {
                format!(
                    "{}{}.{:03}",
                    if x < 0 { "-" } else { "" },
                    x.abs() / 1000,
                    x.abs() % 1000
                )
            };
            let text = format!("range({},{},{})", dec(a3), dec(b3), dec(s3));
            let got = floats(&text);
            let want = model_range(a3, b3, s3);
            assert_eq!(got.len(), want.len(), "{text}");
            for (g, w) in got.iter().zip(&want) {
                let w = *w as f64 / 1000.0;
                assert!(
                    (*g as f64 - w).abs() <= 1e-6 * w.abs().max(1.0),
                    "{text}: {g} vs {w}"
                );
            }
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
    fn half_values_round_once_and_print_five_digits() {
        // Expected bits from Python's `struct.pack('<e', x)` (IEEE binary16, rounded
        // to nearest even straight from the double).
        let bits = |s: &str| -> Vec<u16> {
            let mut b = Vec::new();
            parse_list(s)
                .and_then(|l| l.encode(ClScalar::Half, &mut Rng::new(1), u64::MAX, "", &mut b))
                .unwrap_or_else(|e| panic!("{s}: {e}"));
            b.chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect()
        };
        assert_eq!(
            bits("1,0.5,-2,65504,0.1,65519,-0.0,1e999"),
            [15360, 14336, 49152, 31743, 11878, 31743, 32768, 0x7c00]
        );
        // Just above the midpoint of 1 and the next half: rounding through a float
        // first would land on the midpoint and round down to 1 (15360).
        assert_eq!(bits("1.0004882812500009"), [15361]);
        // Ties to even (1 + 2^-11, 1 + 3 * 2^-11), subnormals (2^-25 + 2^-60 rounds
        // up to the smallest, 2^-25 ties down to 0), the midpoint below 65520.
        assert_eq!(
            bits("1.00048828125,1.00146484375,2.9802322388562674e-08,2.9802322387695312e-08,65519.99,-65519.99"),
            [15360, 15362, 1, 0, 31743, 64511]
        );
        let e = expand_as("65520", ClScalar::Half).expect_err("too big");
        assert_eq!(e, "`65520` is out of range for `half`");
        // Printed as C's `%.5g` (Python's `'%.5g' % x` of the half's exact value).
        assert_eq!(
            expand_as("0.1,65504,0.3333333,6e-8,-0.0,1e999", ClScalar::Half).expect("half"),
            ["0.099976", "65504", "0.33325", "5.9605e-08", "-0", "inf"]
        );
        assert_eq!(ClScalar::Half.decode(&[0x00, 0x7e]).to_string(), "nan");
        assert_eq!(scalar_of_type_name("half"), Some(ClScalar::Half));
    }

    #[test]
    fn type_names_with_aliases_and_address_sized_types() {
        for (name, want) in [
            ("unsigned int", ClScalar::UInt),
            ("unsigned", ClScalar::UInt),
            ("unsigned char", ClScalar::UChar),
            ("size_t", ClScalar::ULong),
            ("uintptr_t", ClScalar::ULong),
            ("ptrdiff_t", ClScalar::Long),
            ("intptr_t", ClScalar::Long),
            ("bool", ClScalar::Bool),
        ] {
            assert_eq!(scalar_of_type_name(name), Some(want), "{name}");
        }
        assert_eq!(scalar_of_type_name("float2"), None);
        assert_eq!(scalar_of_type_name("image2d_t"), None);
    }

    #[test]
    fn decode_reads_each_type() {
        let mut b = Vec::new();
        ClScalar::UChar
            .encode(Num::Int(255), &mut b)
            .expect("uchar");
        ClScalar::Char.encode(Num::Int(-1), &mut b).expect("char");
        assert_eq!(b, vec![255, 255]);
        assert_eq!(ClScalar::Char.decode(&[255]), Value::I(-1));
        assert_eq!(
            ClScalar::UInt.decode(&[255, 255, 255, 255]),
            Value::U(4294967295)
        );
    }

    #[test]
    fn value_lists_never_panic() {
        let seeds = [
            "range(9223372036854775807,9223372036854775804,-1)",
            "repeat(18446744073709551615,repeat(18446744073709551615,1))",
            "repeat(1000000000000000000,repeat(0,1)),5",
            "randint(-170141183460469231731687303715884105728,5)",
            "range(-340282366920938463463374607431768211455,0,1)",
            "range(0,1e308,1e-308),rand(-1e308,1e308),0x,1e999,-0.0,.5f",
            "repeat(3,range(1.5,-2.5,0.5),randint(0.5,0.6))",
            "18446744073709551616,-9223372036854775809,99999999999999999999999999999999999999999",
        ];
        let alphabet = b"0123456789,()-+.exfrangepatdi ";
        let mut r = Rng::new(0x5EED);
        for seed in seeds {
            check_value_list(seed.as_bytes());
            for _ in 0..300 {
                let mut b = seed.as_bytes().to_vec();
                for _ in 0..1 + r.next() % 4 {
                    let at = (r.next() as usize) % (b.len() + 1);
                    let c = alphabet[(r.next() as usize) % alphabet.len()];
                    match r.next() % 3 {
                        0 if at < b.len() => {
                            b.remove(at);
                        }
                        1 if at < b.len() => b[at] = c,
                        _ => b.insert(at, c),
                    }
                }
                check_value_list(&b);
            }
        }
    }
}
