//! Every limit of the SPIR-V reader and translator, in one place. Each diagnostic that
//! hits one names the constant and the word offset of the instruction.

/// The most words a module may have: 16 Mi words (64 MiB), the size cap every Kauai
/// input shares (`kauai_diag::files::MAX_INPUT_BYTES`).
pub const MAX_MODULE_WORDS: usize = 16 << 20;

/// The largest id bound accepted: 4 Mi ids. A module needs at most one id per four
/// words of instructions in practice; the bound only sizes hash maps, never a vector.
pub const MAX_ID_BOUND: u32 = 4 << 20;

/// The most bytes one type may occupy (an array of arrays), and so the largest
/// initializer allocated for a module-scope variable: 16 MiB, far above any device's
/// constant memory (64 KiB on every Kauai device).
pub const MAX_TYPE_BYTES: u64 = 16 << 20;

/// The most members of a struct, and the most parameters of a function: OpenCL C
/// programs stay far below (the IR limits kernel arguments to what a device takes).
pub const MAX_MEMBERS: usize = 4096;

/// The deepest nesting of aggregate types walked by an access chain or an initializer:
/// each level is one recursion.
pub const MAX_TYPE_DEPTH: usize = 64;

/// The most OpenCL.std helper functions one module may need (one per distinct
/// instruction and signature): each is compiled as OpenCL C.
pub const MAX_HELPERS: usize = 4096;

/// The largest OpCopyMemorySized unrolled: a constant-size copy up to this size becomes
/// one load and store per piece, so it bounds the code one copy makes (4 KiB: a struct
/// or a small array); larger copies, and sizes known only at run time, are loops.
pub const MAX_COPY_BYTES: u64 = 4096;
