//! Property: parsing a printf format and formatting arguments never panic; a format that
//! parses, given arguments of the kinds its conversions ask for (built from the rest of
//! the input), always formats; arguments of other kinds give an error, not a panic.
//! `crates/printf/tests/format.rs` (`random_formats_never_panic`) runs the same property
//! briefly under `cargo test`.
#![no_main]

use kauai_printf::{conversions, format, parse, ArgKind, Elem, Value};
use libfuzzer_sys::fuzz_target;

fn value(kind: ArgKind, bits: &mut impl Iterator<Item = u64>) -> Value {
    let mut next = || bits.next().unwrap_or(0);
    let elem = |e: Elem, b: u64| match e {
        Elem::Int { bytes, .. } => Value::int(b, bytes),
        Elem::Float { bytes: 2 } => Value::F16(b as u16),
        Elem::Float { bytes: 4 } => Value::F32(f32::from_bits(b as u32)),
        Elem::Float { .. } => Value::F64(f64::from_bits(b)),
    };
    match kind {
        ArgKind::Scalar(e) => elem(e, next()),
        ArgKind::Vector { lanes, elem: e } => {
            Value::Vector((0..lanes).map(|_| elem(e, next())).collect())
        }
        ArgKind::Str => Value::Str(next().to_le_bytes().to_vec()),
        ArgKind::Ptr => Value::Ptr(next()),
    }
}

fuzz_target!(|data: &[u8]| {
    // The format is the input up to the first 0xff byte; the rest feeds the arguments.
    let cut = data.iter().position(|&b| b == 0xff).unwrap_or(data.len());
    let (fmt, rest) = data.split_at(cut);
    let mut bits = rest
        .chunks(8)
        .map(|c| c.iter().rev().fold(0u64, |a, &b| a << 8 | b as u64))
        .collect::<Vec<_>>()
        .into_iter();
    if let Ok(pieces) = parse(fmt) {
        let args: Vec<Value> = conversions(&pieces)
            .map(|s| value(s.arg_kind(), &mut bits))
            .collect();
        assert!(format(fmt, &args).is_ok());
        let mut wrong = args.clone();
        wrong.reverse();
        let _ = format(fmt, &wrong);
    }
});
