//! The limits of the AMD CL2 reader and writer, in one place. No size or alignment
//! field of a binary is trusted: the reader refuses what is outside these bounds, and
//! the writer plans the file's layout with checked arithmetic and refuses to allocate
//! past them, so that whatever the reader accepts writes back within bounded memory.

/// Largest section alignment read or written (`sh_addralign`, `.bssdata` alignment).
/// Alignment pads the file, so an unchecked one sizes an allocation; real CL2 binaries
/// align sections to at most 256 bytes, and 64 KiB is the largest page size a GPU
/// driver maps.
pub const MAX_ALIGN: u64 = 1 << 16;

/// Largest binary read or written. A real CL2 binary is at most a few MB (all kernels
/// of a program with their code and data); 256 MiB keeps a written file, the inner
/// ELF it embeds and the reader's copies within a few hundred MB.
pub const MAX_BINARY_BYTES: u64 = 256 << 20;

/// Bytes of NOBITS extra sections the reader materialises (as zeros, so that writing
/// reproduces them) in one ELF, all together: a section header of 64 bytes could
/// otherwise ask for gigabytes, and many headers for many times that.
pub const MAX_NOBITS_BYTES: u64 = 16 << 20;

/// Is `align` a usable alignment: 0 or 1 (none), or a power of two up to
/// [`MAX_ALIGN`]?
pub fn align_ok(align: u64) -> bool {
    align <= 1 || (align.is_power_of_two() && align <= MAX_ALIGN)
}
