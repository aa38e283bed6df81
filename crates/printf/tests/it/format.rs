//! Data test: every case of `tests/data/format_expected.txt` must print what glibc
//! printed for it (the file is the output of `tests/data/reference.c`, see there), and
//! the fuzz property: no format and no arguments make parsing or formatting panic.

use kauai_printf::{conversions, format, parse, ArgKind, Elem, Value};

fn unescape(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            match b[i + 1] {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'\\' => out.push(b'\\'),
                b'x' => {
                    let h = std::str::from_utf8(&b[i + 2..i + 4]).unwrap();
                    out.push(u8::from_str_radix(h, 16).unwrap());
                    i += 2;
                }
                c => {
                    out.push(b'\\');
                    out.push(c);
                }
            }
            i += 2;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

fn float(s: &str) -> f64 {
    match s {
        "nan" => f64::NAN,
        "-nan" => -f64::NAN,
        _ => s.parse().unwrap_or_else(|_| panic!("bad float {s}")),
    }
}

fn int(s: &str) -> u64 {
    match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16).unwrap(),
        None => s
            .parse::<i64>()
            .map(|v| v as u64)
            .or_else(|_| s.parse::<u64>())
            .unwrap(),
    }
}

fn scalar(ty: &str, v: &str) -> Value {
    match ty {
        "i8" | "u8" => Value::int(int(v), 1),
        "i16" | "u16" => Value::int(int(v), 2),
        "i32" | "u32" => Value::int(int(v), 4),
        "i64" | "u64" => Value::int(int(v), 8),
        // C rounds the decimal to double, then to float.
        "f32" => Value::F32(float(v) as f32),
        "f64" => Value::F64(float(v)),
        "f64bits" => Value::F64(f64::from_bits(u64::from_str_radix(v, 16).unwrap())),
        "ptr" => Value::Ptr(int(v)),
        _ => panic!("unknown argument type {ty}"),
    }
}

fn args(text: &str) -> Vec<Value> {
    text.split(';')
        .filter(|a| !a.trim().is_empty())
        .map(|a| {
            let (ty, v) = a.split_once(' ').unwrap();
            match ty {
                "str" => Value::Str(unescape(v)),
                "v" => {
                    let (ety, list) = v.split_once(' ').unwrap();
                    Value::Vector(list.split(',').map(|e| scalar(ety, e)).collect())
                }
                _ => scalar(ty, v),
            }
        })
        .collect()
}

#[test]
fn glibc_reference_cases() {
    let text = include_str!("../data/format_expected.txt");
    let mut failures = Vec::new();
    let mut n = 0;
    for (k, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let mut parts = line.splitn(3, '\t');
        let (fmt, a, want) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let want = unescape(want.strip_prefix("=> ").unwrap());
        n += 1;
        match format(&unescape(fmt), &args(a)) {
            Ok(got) if got == want => {}
            Ok(got) => failures.push(format!(
                "line {}: {fmt}\n  want {:?}\n  got  {:?}",
                k + 1,
                String::from_utf8_lossy(&want),
                String::from_utf8_lossy(&got)
            )),
            Err(e) => failures.push(format!("line {}: {fmt}: error {e}", k + 1)),
        }
    }
    assert!(n > 50, "only {n} cases read");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A value of the kind a conversion takes, from random bits.
fn value_for(kind: ArgKind, r: &mut impl FnMut() -> u64) -> Value {
    fn elem(e: Elem, bits: u64) -> Value {
        match e {
            Elem::Int { bytes, .. } => Value::int(bits, bytes),
            Elem::Float { bytes: 2 } => Value::F16(bits as u16),
            Elem::Float { bytes: 4 } => Value::F32(f32::from_bits(bits as u32)),
            Elem::Float { .. } => Value::F64(f64::from_bits(bits)),
        }
    }
    match kind {
        ArgKind::Scalar(e) => elem(e, r()),
        ArgKind::Vector { lanes, elem: e } => {
            Value::Vector((0..lanes).map(|_| elem(e, r())).collect())
        }
        ArgKind::Str => Value::Str((0..r() % 8).map(|_| r() as u8).collect()),
        ArgKind::Ptr => Value::Ptr(r()),
    }
}

/// The property of `fuzz/fuzz_targets/printf_format.rs`: parsing and formatting never
/// panic; a format that parses, given arguments of the kinds it asks for, always
/// formats; wrong arguments give an error, not a panic.
#[test]
fn random_formats_never_panic() {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut r = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let seeds: Vec<Vec<u8>> = include_str!("../data/format_expected.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| unescape(l.split('\t').next().unwrap_or("")))
        .collect();
    const ALPHABET: &[u8] = b"%-+ #0123456789.vhlLdiouxXcspfFeEgGaAn*$%q\0\n";
    for _ in 0..3000 {
        let mut f = seeds[(r() % seeds.len() as u64) as usize].clone();
        for _ in 0..r() % 4 {
            let at = (r() % (f.len() as u64 + 1)) as usize;
            let c = ALPHABET[(r() % ALPHABET.len() as u64) as usize];
            match r() % 3 {
                0 if at < f.len() => f[at] = c,
                1 if at < f.len() => {
                    f.remove(at);
                }
                _ => f.insert(at, c),
            }
        }
        match parse(&f) {
            Ok(pieces) => {
                let kinds: Vec<ArgKind> = conversions(&pieces).map(|s| s.arg_kind()).collect();
                let good: Vec<Value> = kinds.iter().map(|k| value_for(*k, &mut r)).collect();
                let out = format(&f, &good);
                assert!(
                    out.is_ok(),
                    "{:?} failed with well-kinded arguments: {:?}",
                    String::from_utf8_lossy(&f),
                    out
                );
                // Shuffled kinds and missing arguments are errors, never panics.
                let mut bad = good.clone();
                if !bad.is_empty() {
                    bad.rotate_left(1);
                    bad.pop();
                }
                let _ = format(&f, &bad);
            }
            Err(errors) => {
                assert!(!errors.is_empty());
                for e in errors {
                    assert!(e.at.start <= e.at.end && e.at.end <= f.len());
                }
            }
        }
    }
}
