//! Every limit of the OpenCL C front end, in one place.
//!
//! Hostile input (a fuzzer's, or a generator's gone wrong) must get a diagnostic, never a
//! stack overflow, an hour of work or gigabytes of memory. Each bound below says why it
//! has its value; the diagnostic that enforces it names it (by the name of the constant)
//! and points at the input that reached it. The preprocessor's bounds are defaults of
//! [`crate::pp::PpLimits`] (tests lower them); the others are fixed.
//!
//! Recursion: the parser, sema, lowering, constant evaluation and the AST printers walk
//! expressions recursively, so the *depth* of every expression tree is bounded by
//! [`MAX_NESTING_DEPTH`], which counts parentheses, prefix and binary-right operands,
//! casts, conditionals, assignments, statements, declarators, initializers and each
//! postfix operator (`.x`, `->n`, `[i]`, `(...)`, `++`). The one shape allowed to be
//! deeper is a left-deep chain of one binary operator or comma (`a + b + c ...`,
//! generated code is full of them), which every walk folds iteratively. The AST lives in
//! arenas indexed by ids, so dropping it never recurses.

/// Deepest nesting the parser accepts (see the module docs for what counts). Recursive
/// walks need a few KiB of stack per level in unoptimized builds: at 256 levels the
/// whole front end fits a spawned thread's default 2 MiB stack
/// (`tests/lower_deep.rs` checks it on 2 MiB); C requires only 63 levels of
/// parentheses and clang's default `-fbracket-depth` is 256.
pub const MAX_NESTING_DEPTH: u32 = 256;

/// Errors the parser reports before it stops: later ones are mostly consequences, and
/// the bound keeps the work on garbage input small.
pub const MAX_PARSE_ERRORS: usize = 200;

/// Errors semantic analysis reports before it stops lowering: one mistake repeated
/// through a large file (a helper used before its declaration in a chain of thousands)
/// would otherwise print thousands of errors, each with a "did you mean" search over
/// every visible name, quadratic in the file's size.
pub const MAX_SEMA_ERRORS: usize = 200;

/// Nesting of parentheses and unary operators in a `#if` expression (the evaluator
/// recurses; as deep as the parser allows).
pub const MAX_PP_EXPR_DEPTH: u32 = 256;

/// Nested `#include`s (gcc's limit is 200).
pub const MAX_INCLUDE_DEPTH: usize = 200;

/// Nested `#if` groups being taken (an explicit stack, so this only bounds memory).
pub const MAX_IF_DEPTH: usize = 4096;

/// Tokens macro expansion may push for rescanning over the whole run. Each costs about
/// 16 bytes while on the stack and work to rescan; 4 Mi keeps a doubling macro to well
/// under a second, while real kernels use a few thousand.
pub const MAX_EXPANSION_TOKENS: u64 = 1 << 22;

/// Bytes of tokens made by `#` and `##` over the whole run (interned and kept): pasting
/// inside nested arguments doubles a token's length per level.
pub const MAX_MADE_TOKEN_BYTES: u64 = 64 << 20;

/// Tokens the preprocessor may hand to the parser. An emitted token costs about 70 bytes
/// and a few hundred more in the AST and IR later; 4 Mi tokens is a source of some
/// 20 MB, far beyond any real kernel.
pub const MAX_OUTPUT_TOKENS: usize = 1 << 22;

/// Bytes of token text the preprocessor may hand to the parser (the text of each
/// emitted token is its own string).
pub const MAX_OUTPUT_BYTES: u64 = 128 << 20;

/// Macro invocations nested inside macro arguments (argument pre-expansion recurses).
pub const MAX_ARG_NESTING: usize = 128;

/// Diagnostics the preprocessor reports before it goes quiet.
pub const MAX_PP_DIAGNOSTICS: usize = 1000;

/// Bytes `#include` may bring in over the whole run, each inclusion counted with its
/// size plus 1 KiB, so that neither huge files nor exponentially many small ones can
/// keep the preprocessor busy.
pub const MAX_INCLUDED_BYTES: u64 = 256 << 20;

/// Largest single file `#include` reads (a guard against devices and huge files).
pub const MAX_INCLUDE_FILE_BYTES: u64 = 256 << 20;

/// Largest value in `reqd_work_group_size` and `work_group_size_hint`: the runtime and
/// the devices keep work-group sizes in 32 bits (as clang does), so a larger value
/// would be truncated, not refused, later.
pub const MAX_WORK_GROUP_SIZE_ATTR: u64 = u32::MAX as u64;

/// Largest `__constant` object: its initial bytes are built in memory.
pub const MAX_CONSTANT_BYTES: u64 = 64 << 20;
