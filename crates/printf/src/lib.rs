//! OpenCL C `printf`: checking format strings and formatting arguments as C does, so
//! that every device prints the same text for the same kernel.
//!
//! OpenCL C 1.2 (section 6.12.13) takes C99's `printf` with a few changes, which are the
//! rules this crate checks:
//!
//! - the format is a string literal in the constant address space; `%s` arguments must be
//!   string literals too (so devices never read strings at run time);
//! - a vector specifier `vN` (N = 2, 3, 4, 8, 16) after the precision prints the N
//!   elements of a vector argument, each with the whole specification, separated by
//!   commas: `%v4hld` of `(int4)(1, 2, 3, 4)` prints `1,2,3,4`. It needs a length
//!   modifier, which gives the element type: `hh` char, `h` short (or half), `hl` int or
//!   float, `l` long or double;
//! - `hl` exists only with a vector specifier; `ll`, `j`, `z`, `t`, `L` and `%n` do not
//!   exist; `%lc` and `%ls` are not supported; neither are `*` widths or precisions;
//! - scalar arguments get C's default promotions (`char`/`short` to `int`, `float` to
//!   `double` when the device has doubles); vectors are not promoted;
//! - `printf` returns 0 on success and -1 on failure, not a character count.
//!
//! [`parse`] turns a format into [`Piece`]s (text, `%%`, conversion [`Spec`]s) with byte
//! ranges for diagnostics, and reports every problem it finds; [`Spec::arg_kind`] says
//! what argument a conversion takes. [`render`] (or [`format`], which parses too) prints
//! one call's [`Value`]s as glibc's `printf` prints them: same flags, padding,
//! `inf`/`nan` spellings (with the sign: `-nan`), `(nil)` for a null `%p`, exact decimal
//! digits for any precision, ties rounded to even, and `%a` as glibc writes it. Output is
//! bytes: `%c` and `%s` may print any byte.
//!
//! Where C leaves a conversion undefined for the given argument, the result is fixed
//! here: an integer argument is first taken at its own size (sign-extended for `%d`/`%i`,
//! zero-extended otherwise) and then converted to the conversion's size, as C converts an
//! `int` for `%hhd`. A conversion given an argument of the wrong kind (a float for `%d`)
//! is an error, never garbage.
//!
//! The expected outputs in `tests/data/` come from glibc itself (`tests/data/reference.c`,
//! run once and frozen), not from this crate.

#![forbid(unsafe_code)]

mod float;
mod render;
mod spec;

pub use render::{format, render, Value};
pub use spec::{
    conversions, parse, ArgKind, Elem, Flags, FormatError, Length, Piece, Spec, MAX_WIDTH,
};
