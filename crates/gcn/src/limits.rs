//! The limits of the assembler and the disassembler, in one place: every depth, size,
//! expansion and input bound a source or a binary can run into. Each diagnostic that a
//! limit causes names the constant, so a user who hits one knows which and why.
//!
//! The values keep any real kernel source (hand-written GCN, CLRX's own tests, generated
//! unrolled code of a few MB) well inside, while a hostile input stops within
//! milliseconds to seconds and a few hundred MB.

use std::path::Path;

/// Nesting of one expression: parentheses, unary operators and `?:` arms. The parser
/// and evaluator recurse once per level; 256 levels is far beyond hand-written
/// expressions and keeps the recursion well inside a 2 MiB thread stack in a debug
/// build. Long chains of one precedence (`1+1+...`) do not nest and are not counted.
pub const MAX_EXPR_DEPTH: u32 = 256;

/// The expansion budget of one run, in bytes: every macro call, `.irp`/`.irpc` item
/// and `.include` costs [`expansion_cost`] (it becomes a new source kept for
/// diagnostics), every `.rept` iteration its body's length plus one and every
/// `.for`/`.while` iteration its body's length plus [`LOOP_CONDITION_COST`] (loops
/// reuse their source, so only time is spent). 16 MiB is a few hundred thousand
/// lines of unrolled code, read in well under a second, and bounds the memory the
/// kept sources take; a doubling macro or `.rept 1000000000` stops at it (`.rept` is
/// charged for all its iterations before the first one runs).
pub const MAX_EXPANSION_BYTES: u64 = 16 << 20;

/// What a new source costs besides its text: its record and line table, so that
/// empty bodies expanded without end still exhaust [`MAX_EXPANSION_BYTES`].
pub const EXPANSION_ITEM_COST: u64 = 160;

/// What one `.for`/`.while` iteration costs besides its body: it evaluates the
/// condition and the step, some hundred times the work of an empty `.rept` iteration
/// (which costs one byte), so an endless empty loop ends within a second.
pub const LOOP_CONDITION_COST: u64 = 64;

/// Kernels in one `.amdcl2` binary. Each costs some 15 KB while the binary is built
/// (sections, configuration, metadata); programs have tens of kernels, and 4096 keeps
/// a file of repeated `.kernel` lines within about 64 MB.
pub const MAX_KERNELS: usize = 4096;

/// Sampler ids of `.samplerreloc` (the id sizes the offset table). OpenCL devices have
/// at most a few dozen samplers; 65536 is far beyond any program.
pub const MAX_SAMPLERS: usize = 1 << 16;

/// The budget a new source of `text` bytes named `name_len` bytes takes: the source
/// map keeps its bytes and a text copy of them, and its name.
pub fn expansion_cost(name_len: usize, text: usize) -> u64 {
    EXPANSION_ITEM_COST + name_len as u64 + 2 * text as u64
}

/// Nesting of macro calls and loops (frames on the input stack).
pub const MAX_MACRO_DEPTH: usize = 256;

/// Nesting of `.include`.
pub const MAX_INCLUDE_DEPTH: usize = 64;

/// Bytes of all output sections together. A GCN binary of a few MB is large; 64 MiB
/// keeps `.fill`, `.skip`, `.align`, `.org` and `.incbin` in loops from exhausting
/// memory.
pub const MAX_OUTPUT_BYTES: u64 = 64 << 20;

/// Bytes of any one file read: an assembler source, an `.include`, an `.incbin`, a
/// binary or raw code to disassemble. Files are read through this cap, so `/dev/zero`
/// or a FIFO ends with an error instead of exhausting memory. Disassembling 16 MiB of
/// raw code prints about 200 MB of text.
pub const MAX_INPUT_BYTES: u64 = 16 << 20;

/// Errors reported before the assembler stops: later ones are mostly consequences.
pub const MAX_ERRORS: usize = 1000;

/// Read `path` whole through the one capped reader, refusing more than
/// [`MAX_INPUT_BYTES`] (the message names the file and the limit).
pub fn read_capped(path: &Path) -> Result<Vec<u8>, String> {
    kauai_diag::files::read_capped(path, MAX_INPUT_BYTES).map_err(|e| e.to_string())
}
