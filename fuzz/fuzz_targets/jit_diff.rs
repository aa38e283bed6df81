//! Property: the host JIT and the interpreter agree (`kauai_host::props::executors_agree`):
//! the same buffers and printf output, or the same error, for any verified module and
//! launch. The input's first 8 bytes choose the launch, the rest is IR text. The same
//! property runs under `cargo test` in `crates/host/tests/it/jit_diff.rs`. This target
//! also runs the JIT's generated code (and its `unsafe` calls) under the fuzzer.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kauai_host::props::jit_diff_fuzz(data));
