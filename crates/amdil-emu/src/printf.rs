//! Decoding the printf buffer into text with the `;printf_fmt` metadata.
//!
//! The seed fixes where the buffer is (`cb0[8].y`, size `cb0[8].z`) and that writes past its
//! size are dropped, but not the record layout. The kauai layout is:
//!
//! - bytes 0..4: the number of record bytes written after this header (kernels reserve
//!   space with an atomic add on it, e.g. `uav_read_add_id(n) r0.x, cb0[8].y, size`);
//! - then records: the format id (u32), then each argument, its size from the metadata
//!   rounded up to 4 bytes.
//!
//! A record that does not fit in the buffer is ignored (the kernel should not have
//! written it). Conversions: `%d %i %u %x %X %o %c %f %F %e %E %g %G %%` with flags
//! `- + 0 space #`, width and precision; anything else is reported as unsupported.

use kauai_amdil::metadata::PrintfFmt;

/// Decode the printf buffer (its bytes, header included).
pub fn decode_printf(buf: &[u8], formats: &[PrintfFmt]) -> Result<String, String> {
    let word = |at: usize| -> Option<u32> {
        buf.get(at..at + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let used = word(0).ok_or("the printf buffer is smaller than its 4-byte header")? as usize;
    let end = (4usize.saturating_add(used)).min(buf.len());
    let mut at = 4;
    let mut out = String::new();
    while at + 4 <= end {
        let id = word(at).unwrap_or(0);
        let fmt = formats
            .iter()
            .find(|f| f.id == id)
            .ok_or_else(|| format!("printf record at byte {at} has unknown format id {id}"))?;
        at += 4;
        let mut args = Vec::new();
        for &size in &fmt.arg_sizes {
            let padded = (size as usize).next_multiple_of(4);
            let bytes = buf
                .get(at..at + padded)
                .filter(|_| at + padded <= end)
                .ok_or_else(|| format!("printf record for format {id} is cut off"))?;
            let mut v = [0u8; 8];
            let n = (size as usize).min(8);
            v[..n].copy_from_slice(&bytes[..n]);
            args.push((size, u64::from_le_bytes(v)));
            at += padded;
        }
        out.push_str(&format_c(&fmt.format(), &args)?);
    }
    Ok(out)
}

struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    zero: bool,
    alt: bool,
    width: usize,
    prec: Option<usize>,
}

fn pad(s: String, sp: &Spec, numeric: bool) -> String {
    if s.len() >= sp.width {
        return s;
    }
    let fill = sp.width - s.len();
    if sp.left {
        format!("{s}{}", " ".repeat(fill))
    } else if sp.zero && numeric {
        let (sign, digits) = match s.chars().next() {
            Some(c @ ('-' | '+' | ' ')) => (c.to_string(), s[1..].to_string()),
            _ => (String::new(), s),
        };
        format!("{sign}{}{digits}", "0".repeat(fill))
    } else {
        format!("{}{s}", " ".repeat(fill))
    }
}

fn sign(neg: bool, sp: &Spec) -> &'static str {
    if neg {
        "-"
    } else if sp.plus {
        "+"
    } else if sp.space {
        " "
    } else {
        ""
    }
}

/// `d.ddddde±XX` as C prints it.
fn exp_form(v: f64, prec: usize, upper: bool) -> String {
    let s = format!("{:.*e}", prec, v);
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let es = if e < 0 { '-' } else { '+' };
    let r = format!("{m}e{es}{:02}", e.abs());
    if upper {
        r.to_uppercase()
    } else {
        r
    }
}

fn float(v: f64, conv: char, sp: &Spec) -> String {
    if v.is_nan() {
        return "nan".into();
    }
    if v.is_infinite() {
        return format!("{}inf", sign(v < 0.0, sp));
    }
    let p = sp.prec.unwrap_or(6);
    let neg = v.is_sign_negative() && v != 0.0 || (v == 0.0 && v.is_sign_negative());
    let a = v.abs();
    let body = match conv {
        'f' | 'F' => format!("{a:.p$}"),
        'e' | 'E' => exp_form(a, p, conv == 'E'),
        _ => {
            let p = if p == 0 { 1 } else { p };
            let x = if a == 0.0 {
                0
            } else {
                let s = exp_form(a, p - 1, false);
                s.split_once('e')
                    .and_then(|(_, e)| e.parse::<i32>().ok())
                    .unwrap_or(0)
            };
            let mut s = if (x as i64) < p as i64 && x >= -4 {
                format!("{a:.*}", (p as i64 - 1 - x as i64).max(0) as usize)
            } else {
                exp_form(a, p - 1, conv == 'G')
            };
            if !sp.alt {
                let (m, e) = match s.find(['e', 'E']) {
                    Some(i) => (s[..i].to_string(), s[i..].to_string()),
                    None => (s.clone(), String::new()),
                };
                let m = if m.contains('.') {
                    m.trim_end_matches('0').trim_end_matches('.').to_string()
                } else {
                    m
                };
                s = format!("{m}{e}");
            }
            s
        }
    };
    format!("{}{body}", sign(neg, sp))
}

/// Format like C `printf` for the supported conversions.
pub fn format_c(fmt: &str, args: &[(u32, u64)]) -> Result<String, String> {
    let mut out = String::new();
    let mut it = fmt.chars().peekable();
    let mut next = args.iter();
    while let Some(c) = it.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut sp = Spec {
            left: false,
            plus: false,
            space: false,
            zero: false,
            alt: false,
            width: 0,
            prec: None,
        };
        while let Some(&f) = it.peek() {
            match f {
                '-' => sp.left = true,
                '+' => sp.plus = true,
                ' ' => sp.space = true,
                '0' => sp.zero = true,
                '#' => sp.alt = true,
                _ => break,
            }
            it.next();
        }
        while let Some(d) = it.peek().and_then(|c| c.to_digit(10)) {
            sp.width = sp
                .width
                .saturating_mul(10)
                .saturating_add(d as usize)
                .min(4096);
            it.next();
        }
        if it.peek() == Some(&'.') {
            it.next();
            let mut p = 0usize;
            while let Some(d) = it.peek().and_then(|c| c.to_digit(10)) {
                p = p.saturating_mul(10).saturating_add(d as usize).min(4096);
                it.next();
            }
            sp.prec = Some(p);
        }
        while matches!(it.peek(), Some('h' | 'l')) {
            it.next();
        }
        let conv = it.next().ok_or("format ends inside a conversion")?;
        if conv == '%' {
            out.push('%');
            continue;
        }
        let &(size, raw) = next
            .next()
            .ok_or_else(|| format!("format `{fmt}` needs more arguments than the record has"))?;
        let signed = match size {
            1 => raw as u8 as i8 as i64,
            2 => raw as u16 as i16 as i64,
            4 => raw as u32 as i32 as i64,
            _ => raw as i64,
        };
        let unsigned = match size {
            1 => raw as u8 as u64,
            2 => raw as u16 as u64,
            4 => raw as u32 as u64,
            _ => raw,
        };
        let fval = if size == 8 {
            f64::from_bits(raw)
        } else {
            f32::from_bits(raw as u32) as f64
        };
        let s = match conv {
            'd' | 'i' => format!("{}{}", sign(signed < 0, &sp), signed.unsigned_abs()),
            'u' => unsigned.to_string(),
            'x' => format!(
                "{}{unsigned:x}",
                if sp.alt && unsigned != 0 { "0x" } else { "" }
            ),
            'X' => format!(
                "{}{unsigned:X}",
                if sp.alt && unsigned != 0 { "0X" } else { "" }
            ),
            'o' => format!("{}{unsigned:o}", if sp.alt { "0" } else { "" }),
            'c' => ((unsigned as u8) as char).to_string(),
            'f' | 'F' | 'e' | 'E' | 'g' | 'G' => float(fval, conv, &sp),
            other => return Err(format!("not supported yet: printf conversion `%{other}`")),
        };
        let numeric = conv != 'c';
        out.push_str(&pad(s, &sp, numeric));
    }
    Ok(out)
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
        assert!(format_c("%s", &[(4, 0)]).is_err());
        assert!(format_c("100%", &[]).is_err());
        assert!(format_c("%d %d", &[(4, 0)]).is_err());
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
