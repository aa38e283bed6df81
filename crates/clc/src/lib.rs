//! The OpenCL C 1.2 front end.
//!
//! Source text flows through four stages, each in its own module:
//!
//! 1. `pp`: the preprocessor (our own; C99 plus the OpenCL predefined macros) turns one
//!    or more source strings into a flat token list ([`token::Token`]).
//! 2. `parse`: a recursive-descent parser with a typedef table builds the AST (`ast`).
//! 3. `sema` + `lower`: types are resolved, the usual arithmetic conversions (with the
//!    OpenCL vector rules) applied, builtins recognized, and SSA IR built.
//!
//! Every stage reports [`kauai_diag::Diagnostic`]s and keeps going where it can.
//!
//! A run compiles one translation unit. With [`CompileOptions::compile_only`] it is one
//! part of a program that is linked later (`clCompileProgram`): calls to functions it
//! only declares stay declarations marked [`EXTERNAL_FN_ATTR`], for the linker to
//! resolve. `props` (hidden from the docs) holds the robustness properties that the fuzz
//! targets and the property tests share.

#![forbid(unsafe_code)]

pub mod ast;
pub mod compile;
pub mod lex;
pub mod limits;
pub mod lower;
pub mod parse;
pub mod pp;
#[doc(hidden)]
pub mod props;
pub mod sema;
pub mod token;

pub use compile::{compile_opencl_c, ClOptions, CompileOptions};
pub use lower::EXTERNAL_FN_ATTR;
