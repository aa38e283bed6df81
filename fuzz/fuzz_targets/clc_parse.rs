//! Property: the OpenCL C front end up to the AST never panics, never hangs and never
//! overflows the stack, for any input: (1) bytes as a source file, preprocessed then
//! parsed; (2) bytes read as an arbitrary token sequence (which the preprocessor would
//! never produce, e.g. without the final Eof) handed straight to the parser. Every
//! diagnostic the parser reports points inside the input, and whatever parses without
//! errors prints (`parse::to_c`) to C that parses back to the same AST. The property is
//! `kauai_clc::props::parse_tokens_holds` / `parse_source_holds`;
//! `crates/clc/tests/parse_props.rs` runs it too.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kauai_clc::props::parse_fuzz(data));
