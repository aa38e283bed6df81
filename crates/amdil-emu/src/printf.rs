//! Decoding the printf buffer into text with the `;printf_fmt` metadata.
//!
//! docs/spec/amd-runtime-abi.md#printf fixes where the buffer is (`cb0[8].y`, size `cb0[8].z`) and that writes past its
//! size are dropped, but not the record layout. The kauai layout has ROCm's header shape
//! (an 8-byte header, records from byte 8: [`kauai_amdil::abi::PRINTF_HEADER_BYTES`]):
//!
//! - bytes 0..4 ([`PRINTF_USED`]): the number of record bytes written after the header
//!   (kernels reserve space on it with a compare-and-swap that only succeeds when the
//!   record fits, or simply with an atomic add, e.g.
//!   `uav_read_add_id(n) r0.x, cb0[8].y, size`);
//! - bytes 4..8 ([`PRINTF_DROPPED`]): the number of printf calls whose record did not
//!   fit and was dropped (kernels add 1 with `uav_add` when the reservation fails; ROCm
//!   keeps the buffer size here, which kauai kernels read from `cb0[8].z`); the runtime
//!   reports it ([`printf_dropped`]), as the host device reports its own count;
//! - then records: the format id (u32), then each argument, its size from the metadata
//!   rounded up to 4 bytes. A scalar is little-endian at its size (a floating argument
//!   of 4 bytes is a `float`, of 8 a `double`); a vector's elements follow each other at
//!   the element size its conversion names (`%v4hlf`: four 4-byte floats); a `%s`
//!   argument is the string's bytes, ending at a NUL or at the argument's size. A `%s`
//!   of size 0 (no literal has size 0: it always has its NUL) is a string only known at
//!   run time: the field is its 32-bit byte address in the global buffer (4 bytes), and
//!   the string is read there when the buffer is printed ([`decode_printf_in`]);
//!   `amdil-gen`'s printf says why this is exact for `__constant` strings.
//!
//! A record that does not fit in the buffer is ignored (the kernel should not have
//! written it). Formatting goes through `kauai_printf`, as on the host device, so both
//! print the same text: every OpenCL C conversion, flag, width, precision and vector
//! specifier, exactly as glibc prints it. Arguments past the format's conversions are
//! skipped, as C ignores them.

use kauai_amdil::abi::{PRINTF_DROPPED, PRINTF_HEADER_BYTES, PRINTF_USED};
use kauai_amdil::metadata::PrintfFmt;
use kauai_printf::{conversions, parse, ArgKind, Piece, Value};

fn word(buf: &[u8], at: usize) -> Option<u32> {
    buf.get(at..at + 4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// The number of printf calls whose record did not fit in the buffer (its bytes, header
/// included): word 1 of the header.
pub fn printf_dropped(buf: &[u8]) -> Result<u32, String> {
    word(buf, PRINTF_DROPPED as usize).ok_or_else(too_small)
}

fn too_small() -> String {
    format!("the printf buffer is smaller than its {PRINTF_HEADER_BYTES}-byte header")
}

/// Decode the printf buffer (its bytes, header included) of a kernel that prints no
/// run-time strings (a record with one is an error: see [`decode_printf_in`]).
pub fn decode_printf(buf: &[u8], formats: &[PrintfFmt]) -> Result<String, String> {
    decode_printf_in(buf, formats, &[])
}

/// The NUL-terminated string at byte address `addr` of global memory, its NUL included
/// (so that the empty string is one byte, as a `%s` field is never empty).
fn c_string(global: &[u8], addr: u32) -> Result<&[u8], String> {
    if addr == 0 {
        return Err("`%s` of the null pointer".into());
    }
    let rest = global
        .get(addr as usize..)
        .filter(|r| !r.is_empty())
        .ok_or_else(|| format!("`%s` of address 0x{addr:x}, outside global memory"))?;
    let n = rest.iter().position(|b| *b == 0).ok_or_else(|| {
        format!("`%s` of address 0x{addr:x}: no NUL before the end of global memory")
    })?;
    Ok(&rest[..=n])
}

/// Decode the printf buffer `buf` (its bytes, header included); run-time `%s` strings
/// are read from `global`, the global memory the kernel ran with (after the run:
/// `__constant` data cannot have changed).
pub fn decode_printf_in(
    buf: &[u8],
    formats: &[PrintfFmt],
    global: &[u8],
) -> Result<String, String> {
    let word = |at: usize| word(buf, at);
    let header = PRINTF_HEADER_BYTES as usize;
    if buf.len() < header {
        return Err(too_small());
    }
    let used = word(PRINTF_USED as usize).ok_or_else(too_small)? as usize;
    let end = header.saturating_add(used).min(buf.len());
    let mut at = header;
    let mut out = Vec::new();
    // Formats are parsed once per id.
    let mut parsed: Vec<Option<(Vec<u8>, Vec<Piece>)>> = vec![None; formats.len()];
    while at + 4 <= end {
        let id = word(at).unwrap_or(0);
        let k = formats
            .iter()
            .position(|f| f.id == id)
            .ok_or_else(|| format!("printf record at byte {at} has unknown format id {id}"))?;
        let fmt = &formats[k];
        if parsed[k].is_none() {
            let text = fmt.format().into_bytes();
            let pieces = parse(&text).map_err(|e| {
                let first = e.first().map_or("", |x| x.message.as_str());
                format!("printf format {id}: {first}")
            })?;
            parsed[k] = Some((text, pieces));
        }
        let Some((text, pieces)) = &parsed[k] else {
            continue;
        };
        at += 4;
        let mut strs = conversions(pieces).map(|s| s.arg_kind() == ArgKind::Str);
        let mut fields = Vec::with_capacity(fmt.arg_sizes.len());
        for &size in &fmt.arg_sizes {
            let is_str = strs.next().unwrap_or(false);
            // A run-time string's field is its 4-byte address.
            let padded = if size == 0 && is_str {
                4
            } else {
                (size as usize).next_multiple_of(4)
            };
            let bytes = buf
                .get(at..at + padded)
                .filter(|_| at + padded <= end)
                .ok_or_else(|| format!("printf record for format {id} is cut off"))?;
            if size == 0 && is_str {
                let addr = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
                fields.push(
                    c_string(global, addr)
                        .map_err(|m| format!("printf record for format {id}: {m}"))?,
                );
            } else {
                fields.push(&bytes[..(size as usize).min(padded)]);
            }
            at += padded;
        }
        let args =
            values(pieces, &fields).map_err(|m| format!("printf record for format {id}: {m}"))?;
        kauai_printf::render(text, pieces, &args, &mut out)
            .map_err(|e| format!("printf record for format {id}: {}", e.message))?;
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// The values of a record's fields, read as the format's conversions say.
fn values(pieces: &[Piece], fields: &[&[u8]]) -> Result<Vec<Value>, String> {
    let mut out = Vec::new();
    let mut next = fields.iter();
    for spec in conversions(pieces) {
        let field = next
            .next()
            .ok_or_else(|| format!("no argument for `{}`", spec.spelling()))?;
        let v = Value::from_le_bytes(spec.arg_kind(), field).ok_or_else(|| {
            format!(
                "`{}` needs {}, the argument has {} bytes",
                spec.spelling(),
                spec.arg_kind().describe(),
                field.len()
            )
        })?;
        out.push(v);
    }
    Ok(out)
}

/// Format like C `printf`, each argument given as (size in bytes, little-endian bits).
pub fn format_c(fmt: &str, args: &[(u32, u64)]) -> Result<String, String> {
    let pieces = parse(fmt.as_bytes())
        .map_err(|e| e.first().map_or_else(String::new, |x| x.message.clone()))?;
    let raw: Vec<[u8; 8]> = args.iter().map(|(_, v)| v.to_le_bytes()).collect();
    let fields: Vec<&[u8]> = args
        .iter()
        .zip(&raw)
        .map(|((size, _), b)| &b[..(*size as usize).min(8)])
        .collect();
    let vals = values(&pieces, &fields)?;
    let mut out = Vec::new();
    kauai_printf::render(fmt.as_bytes(), &pieces, &vals, &mut out).map_err(|e| e.message)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, args: &[(u32, u64)]) -> String {
        format_c(fmt, args).unwrap()
    }

    #[test]
    fn c_conversions() {
        assert_eq!(
            f(
                "%d|%5d|%-5d|%05d",
                &[
                    (4, (-42i32) as u32 as u64),
                    (4, 7),
                    (4, 7),
                    (4, (-7i32) as u32 as u64)
                ]
            ),
            "-42|    7|7    |-0007"
        );
        assert_eq!(
            f(
                "%u %x %X %#x %o",
                &[(4, u32::MAX as u64), (4, 255), (4, 255), (4, 255), (4, 8)]
            ),
            "4294967295 ff FF 0xff 10"
        );
        assert_eq!(
            f(
                "%f %.2f %e",
                &[
                    (4, 1.5f32.to_bits() as u64),
                    (4, 1.23456f32.to_bits() as u64),
                    (8, 12345.678f64.to_bits())
                ]
            ),
            "1.500000 1.23 1.234568e+04"
        );
        assert_eq!(
            f(
                "%g %g %g %g",
                &[
                    (8, 100000.0f64.to_bits()),
                    (8, 1e6f64.to_bits()),
                    (8, 0.0001f64.to_bits()),
                    (8, 0.5f64.to_bits())
                ]
            ),
            "100000 1e+06 0.0001 0.5"
        );
        assert_eq!(
            f("%c%c 100%%", &[(1, b'o' as u64), (1, b'k' as u64)]),
            "ok 100%"
        );
        assert_eq!(f("%ld", &[(8, (-5i64) as u64)]), "-5");
        assert_eq!(
            f("%s|", &[(4, u64::from_le_bytes(*b"hi\0\0\0\0\0\0"))]),
            "hi|"
        );
        assert!(format_c("100%", &[]).is_err());
        assert!(format_c("%d %d", &[(4, 0)]).is_err());
    }

    /// A buffer as a kernel writes it: the header (bytes used, 2 calls dropped), then
    /// records.
    fn buffer(records: &[&[u8]]) -> Vec<u8> {
        let body: Vec<u8> = records.concat();
        let mut b = (body.len() as u32).to_le_bytes().to_vec();
        b.extend(2u32.to_le_bytes());
        b.extend(body);
        b
    }

    #[test]
    fn records_decode_through_the_shared_formatter() {
        let fmts = vec![
            PrintfFmt {
                id: 3,
                arg_sizes: vec![16, 8, 4],
                raw: "%v4hlf|%s|%+.1e\\n".into(),
            },
            PrintfFmt {
                id: 4,
                arg_sizes: vec![4, 4],
                raw: "%#v4hhx\\n".into(),
            },
        ];
        let mut r1 = 3u32.to_le_bytes().to_vec();
        for x in [1.0f32, 2.5, -3.0, 0.1] {
            r1.extend(x.to_le_bytes());
        }
        r1.extend(b"str\0\0\0\0\0");
        r1.extend(0.25f32.to_le_bytes());
        // An extra argument past the conversions is skipped.
        let mut r2 = 4u32.to_le_bytes().to_vec();
        r2.extend([0xfa, 0xfb, 0, 1]);
        r2.extend(7u32.to_le_bytes());
        let text = decode_printf(&buffer(&[&r1, &r2]), &fmts).unwrap();
        assert_eq!(
            text,
            "1.000000,2.500000,-3.000000,0.100000|str|+2.5e-01\n0xfa,0xfb,0,0x1\n"
        );
        // Word 1 of the header counts the dropped calls; records start at byte 8.
        assert_eq!(printf_dropped(&buffer(&[&r1])), Ok(2));
        assert!(printf_dropped(&[0; 7])
            .unwrap_err()
            .contains("8-byte header"));
        assert!(decode_printf(&[0; 7], &fmts)
            .unwrap_err()
            .contains("8-byte header"));
        assert_eq!(decode_printf(&[0; 8], &fmts), Ok(String::new()));
        // A record cut by the end of the written bytes is reported.
        let mut cut = buffer(&[&r1]);
        cut.truncate(cut.len() - 2);
        let used = (cut.len() - 8) as u32;
        cut[..4].copy_from_slice(&used.to_le_bytes());
        assert!(decode_printf(&cut, &fmts).unwrap_err().contains("cut off"));
        // Too few fields for the conversions.
        let short = vec![PrintfFmt {
            id: 0,
            arg_sizes: vec![4],
            raw: "%d %d".into(),
        }];
        let r = [0u8, 0, 0, 0, 5, 0, 0, 0];
        assert!(decode_printf(&buffer(&[&r]), &short)
            .unwrap_err()
            .contains("no argument"));
    }

    #[test]
    fn runtime_strings_are_read_from_global_memory() {
        // Each `%s` of size 0 is a 4-byte address into global memory.
        let fmts = vec![PrintfFmt {
            id: 1,
            arg_sizes: vec![0, 4, 0],
            raw: "<%s> %d <%s>".into(),
        }];
        let mut global = vec![0u8; 32];
        global[16..22].copy_from_slice(b"hello\0");
        let rec = |a: u32, b: u32| {
            let mut r = 1u32.to_le_bytes().to_vec();
            r.extend(a.to_le_bytes());
            r.extend(7u32.to_le_bytes());
            r.extend(b.to_le_bytes());
            r
        };
        // At "hello", one past its start, and at its NUL (the empty string).
        let text = decode_printf_in(&buffer(&[&rec(16, 17), &rec(21, 16)]), &fmts, &global);
        assert_eq!(text.unwrap(), "<hello> 7 <ello><> 7 <hello>");
        for (addr, why) in [
            (0, "`%s` of the null pointer"),
            (32, "outside global memory"),
            (30, "no NUL before the end"),
        ] {
            global[30..].fill(b'x');
            let e = decode_printf_in(&buffer(&[&rec(16, addr)]), &fmts, &global).unwrap_err();
            assert!(e.contains(why), "{e}");
        }
        // Without global memory (`decode_printf`), a run-time string is an error.
        assert!(decode_printf(&buffer(&[&rec(16, 16)]), &fmts).is_err());
    }

    #[test]
    fn random_buffers_decode_without_panicking() {
        let fmts = vec![
            PrintfFmt {
                id: 0,
                arg_sizes: vec![4, 8, 2],
                raw: "%d %g %x\\n".into(),
            },
            PrintfFmt {
                id: 1,
                arg_sizes: vec![],
                raw: "%%%5.2f".into(),
            },
            PrintfFmt {
                id: 2,
                arg_sizes: vec![12, 3],
                raw: "%v3hlx %s".into(),
            },
        ];
        let mut x = 0x1234_5678_9ABC_DEF0u64;
        for len in 0..200usize {
            let mut buf = Vec::with_capacity(len);
            for _ in 0..len {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                buf.push((x % 7) as u8);
            }
            let _ = decode_printf(&buf, &fmts);
        }
    }
}
