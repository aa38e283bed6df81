//! Property: the OpenCL C preprocessor never panics, never hangs and never overflows the
//! stack, for any bytes: the first byte splits the input into two source strings (one
//! translation unit), the second selects options, and the input is also reachable as an
//! `#include`d file. The output always ends in exactly one Eof, `leading` is parallel to
//! `tokens`, and printing it back (`-E`) works. The same property runs under `cargo test`
//! in `crates/clc/tests/pp_props.rs`.
#![no_main]

use kauai_clc::pp::{preprocess, PpOptions};
use kauai_clc::token::TokenKind;
use kauai_diag::{Diagnostics, SourceMap};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (split, flags, rest) = match data {
        [a, b, rest @ ..] => (*a as usize, *b, rest),
        _ => (0, 0, data),
    };
    let cut = split.min(rest.len());
    let (first, second) = rest.split_at(rest.len() - cut);
    let mut opts = PpOptions::default();
    opts.limits.max_expansion_tokens = 50_000;
    opts.limits.max_include_depth = 16;
    opts.limits.max_included_bytes = 1 << 16;
    opts.fp_fast_fma = flags & 1 != 0;
    opts.image_support = flags & 2 != 0;
    opts.fast_relaxed_math = flags & 4 != 0;
    if flags & 8 != 0 {
        opts.extensions.push("cl_khr_fp64".to_string());
    }
    if flags & 16 != 0 {
        opts.defines.push(("N".to_string(), Some("f(".to_string())));
    }
    opts.virtual_files = vec![("in.h".to_string(), rest.to_vec())];
    let mut sm = SourceMap::new();
    let mut ids = vec![sm.add("a.cl", first.to_vec())];
    if !second.is_empty() {
        ids.push(sm.add("b.cl", second.to_vec()));
    }
    let mut diags = Diagnostics::new();
    let out = preprocess(&mut sm, &ids, &opts, &mut diags);
    assert_eq!(
        out.tokens.iter().filter(|t| t.kind == TokenKind::Eof).count(),
        1
    );
    assert_eq!(out.tokens.last().map(|t| t.kind), Some(TokenKind::Eof));
    assert_eq!(out.tokens.len(), out.leading.len());
    let _ = out.to_text();
    let _ = diags.render(&sm);
});
