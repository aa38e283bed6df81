//! Operand codes: the 9-bit source space shared by scalar and vector operands.
//!
//! 0..=103 SGPRs (0..=101 on GCN 1.2+), then special registers (which ones depends on the architecture),
//! 128..=208 inline integers 0..=64 and -1..=-16, 240..=248 inline floats, 251..=254
//! status bits and LDS direct, 255 = a 32-bit literal follows, 256..=511 VGPRs.

use crate::isa::Arch;

pub const LITERAL: u16 = 255;
pub const VGPR0: u16 = 256;
pub const VCC: u16 = 106;
pub const M0: u16 = 124;
pub const EXEC: u16 = 126;
/// GCN 1.5's `null`: reads as zero, writes are dropped.
pub const NULL: u16 = 125;

/// The inline floating-point constants, by code 240.. (1/(2*pi) only on GCN 1.2+).
pub const INLINE_FLOATS: [(u16, &str, f64); 9] = [
    (240, "0.5", 0.5),
    (241, "-0.5", -0.5),
    (242, "1.0", 1.0),
    (243, "-1.0", -1.0),
    (244, "2.0", 2.0),
    (245, "-2.0", -2.0),
    (246, "4.0", 4.0),
    (247, "-4.0", -4.0),
    (248, "0.15915494", 0.15915494309189535),
];

/// Number of general SGPRs addressable by codes (before the special registers).
pub fn sgpr_limit(arch: Arch) -> u16 {
    arch.max_sgprs()
}

/// Named pairs of special registers: (first code, name, architectures where present).
fn special_pairs(arch: Arch) -> &'static [(u16, &'static str)] {
    match arch {
        Arch::Gfx6 => &[(106, "vcc"), (108, "tba"), (110, "tma"), (126, "exec")],
        Arch::Gfx7 => &[
            (104, "flat_scratch"),
            (106, "vcc"),
            (108, "tba"),
            (110, "tma"),
            (126, "exec"),
        ],
        Arch::Gfx8 => &[
            (102, "flat_scratch"),
            (104, "xnack_mask"),
            (106, "vcc"),
            (108, "tba"),
            (110, "tma"),
            (126, "exec"),
        ],
        Arch::Gfx9 | Arch::Gfx906 => &[
            (102, "flat_scratch"),
            (104, "xnack_mask"),
            (106, "vcc"),
            (126, "exec"),
        ],
        Arch::Gfx10 => &[(106, "vcc"), (126, "exec")],
    }
}

/// ttmp register range (first code, count).
pub fn ttmp_range(arch: Arch) -> (u16, u16) {
    if arch.is_gfx9() {
        (108, 16)
    } else {
        (112, 12)
    }
}

/// Text of a register or constant operand of `dwords` width at `code`, or `None`
/// when the code does not name one (e.g. a literal, which the caller prints).
pub fn format_code(arch: Arch, code: u16, dwords: u8) -> Option<String> {
    let n = dwords.max(1) as u16;
    let range = |p: &str, first: u16| {
        if n == 1 {
            format!("{p}{first}")
        } else {
            format!("{p}[{}:{}]", first, first + n - 1)
        }
    };
    if code >= VGPR0 {
        if code - VGPR0 + n > 256 {
            return None;
        }
        return Some(range("v", code - VGPR0));
    }
    if code < sgpr_limit(arch) {
        if code + n > sgpr_limit(arch) {
            return None;
        }
        return Some(range("s", code));
    }
    let (tt, tn) = ttmp_range(arch);
    if code >= tt && code < tt + tn {
        if code + n > tt + tn {
            return None;
        }
        return Some(range("ttmp", code - tt));
    }
    for &(first, name) in special_pairs(arch) {
        if code == first && n == 2 {
            return Some(name.to_string());
        }
        if n == 1 && code == first {
            return Some(format!("{name}_lo"));
        }
        if n == 1 && code == first + 1 {
            return Some(format!("{name}_hi"));
        }
    }
    if code == M0 && n == 1 {
        return Some("m0".into());
    }
    if code == NULL && arch.is_gfx10() {
        return Some("null".into());
    }
    match code {
        128..=192 => Some((code - 128).to_string()),
        193..=208 => Some(format!("-{}", code - 192)),
        235..=239 if arch.is_gfx9() => Some(
            // CLRX's names (llvm-mc adds a `src_` prefix; both are accepted).
            [
                "shared_base",
                "shared_limit",
                "private_base",
                "private_limit",
                "pops_exiting_wave_id",
            ][(code - 235) as usize]
                .into(),
        ),
        240..=247 => Some(INLINE_FLOATS[(code - 240) as usize].1.into()),
        248 if arch.is_vi_plus() => Some(INLINE_FLOATS[8].1.into()),
        251 => Some("vccz".into()),
        252 => Some("execz".into()),
        253 => Some("scc".into()),
        254 => Some("lds".into()),
        _ => None,
    }
}

/// Parse a named special register (without range syntax): returns (code, dwords).
pub fn parse_special(arch: Arch, name: &str) -> Option<(u16, u8)> {
    // Every special name is short; longer identifiers (symbols) need no lowercasing.
    if name.len() > 24 {
        return None;
    }
    let mut buf = [0u8; 24];
    for (d, c) in buf.iter_mut().zip(name.bytes()) {
        *d = c.to_ascii_lowercase();
    }
    let lower = std::str::from_utf8(&buf[..name.len()]).unwrap_or("");
    for &(first, n) in special_pairs(arch) {
        if lower == n {
            return Some((first, 2));
        }
        if let Some(rest) = lower.strip_prefix(n) {
            match rest {
                "_lo" => return Some((first, 1)),
                "_hi" => return Some((first + 1, 1)),
                _ => {}
            }
        }
    }
    Some(match lower {
        "m0" => (M0, 1),
        "null" if arch.is_gfx10() => (NULL, 1),
        "vccz" | "src_vccz" => (251, 1),
        "execz" | "src_execz" => (252, 1),
        "scc" | "src_scc" => (253, 1),
        "lds" | "lds_direct" | "src_lds_direct" => (254, 1),
        "src_shared_base" | "shared_base" if arch.is_gfx9() => (235, 1),
        "src_shared_limit" | "shared_limit" if arch.is_gfx9() => (236, 1),
        "src_private_base" | "private_base" if arch.is_gfx9() => (237, 1),
        "src_private_limit" | "private_limit" if arch.is_gfx9() => (238, 1),
        "src_pops_exiting_wave_id" | "pops_exiting_wave_id" if arch.is_gfx9() => (239, 1),
        _ => return None,
    })
}

/// The inline-constant code for an integer value, if it has one.
pub fn inline_int(v: i64) -> Option<u16> {
    match v {
        0..=64 => Some(128 + v as u16),
        -16..=-1 => Some((192 - v) as u16),
        _ => None,
    }
}

/// The inline-constant code for a float value, if it has one.
pub fn inline_float(arch: Arch, v: f64) -> Option<u16> {
    INLINE_FLOATS
        .iter()
        .take(if arch.is_vi_plus() { 9 } else { 8 })
        .find(|(_, _, f)| (*f - v).abs() < 1e-8)
        .map(|(c, _, _)| *c)
}
