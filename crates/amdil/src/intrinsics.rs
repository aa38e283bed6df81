//! The kauai intrinsic library: IL macros (`mdef(N)` ... `mend`) that kernels name in
//! `;intrinsic:` metadata and call with `mcall(N)`. The multi-kernel linker copies the
//! macros a kernel needs from here (docs/spec/amd-runtime-abi.md#multi-kernel-programs-and-linking: intrinsics come
//! from a library outside the unit). The table of ids is at the top of
//! `intrinsics.il`.

use kauai_diag::{Diagnostics, FileId};

use crate::ast::Program;

/// The library's IL text.
pub const SOURCE: &str = include_str!("intrinsics.il");

/// The library parsed. It is checked by this crate's tests, so parse errors cannot occur
/// in a released build; should they, the macros that parsed are returned.
pub fn library() -> Program {
    let mut diags = Diagnostics::new();
    crate::parser::parse_str(SOURCE, FileId(u32::MAX), &mut diags)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn library_parses_and_validates() {
        let mut diags = Diagnostics::new();
        let p = crate::parser::parse_str(SOURCE, FileId(0), &mut diags);
        // The library is macros only: validate it behind a header.
        let mut with_header = crate::parser::parse_str("il_cs_2_0\n", FileId(0), &mut diags);
        with_header.lines.extend(p.lines);
        crate::validate::validate(&with_header, &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
    }
}
