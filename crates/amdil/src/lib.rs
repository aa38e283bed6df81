//! # kauai-amdil: the AMD IL language
//!
//! AMD IL ("intermediate language") is the text that AMD's OpenCL compiler handed to the
//! driver's shader compiler on HD4xxx-HD6xxx GPUs. A compute program starts with a header
//! (`il_cs_2_0`), declares its resources (`dcl_cb cb0[9]`, `dcl_raw_uav_id(1)`,
//! `dcl_literal l0, 1, 2, 3, 4`), and then runs instructions on 4 x 32-bit typeless
//! registers (`iadd r0.x, r1.x, l0.y`). Functions are `func N` ... `endfunc`, called with
//! `call N`; flow control is structured (`if_logicalnz`, `whileloop`, `switch`).
//!
//! Between compiler and runtime travels more than code (docs/spec/amd-runtime-abi.md): after each function
//! a `;ARGSTART:name` ... `;ARGEND:name` block of `;` comment lines says where every
//! kernel argument sits in constant buffer 1, how much private and local memory the
//! kernel needs, which functions and intrinsics it calls, and how to decode printf
//! output. Constant data travels as `;#DATASTART` segments.
//!
//! This crate is the language alone, with no dependency on the Kauai IR:
//!
//! - [`parse`] / [`parse_str`] read text into a [`Program`] (a list of [`Line`]s: header,
//!   instruction, comment, blank); comments and metadata are kept verbatim. `Program`
//!   implements `Display`, the canonical printer; printing is a fixpoint and
//!   `parse(print(p)) == p`.
//! - [`validate()`] checks operand counts, declarations, masks, swizzles and flow control
//!   against the single opcode table in [`opcodes`], whose rows generate the
//!   [`opcodes::Opcode`] enum that every instruction carries.
//! - [`build`] makes instructions from typed registers, masks, swizzles and opcodes
//!   (what a compiler emits through), printed by the same printer.
//! - [`metadata`] reads and writes metadata blocks and data segments
//!   ([`metadata::read_metadata`], [`metadata::KernelMetadata`] implements `Display`).
//! - [`abi`] builds cb0 ([`abi::cb0_ndrange`], [`abi::cb0_task`]) and cb1
//!   ([`abi::Cb1Builder`]) as the runtime ABI lays them out.
//! - [`device`] is the table of `-mcpu` devices and the limits every size derived from a
//!   program is checked against, shared by the compiler target and the emulator.
//! - [`link()`] cuts one kernel out of a multi-kernel program ([`LinkedKernel`]), taking
//!   `;intrinsic:` macros from a library such as [`intrinsics::library`].
//!
//! ```
//! use kauai_diag::{Diagnostics, FileId};
//! let mut diags = Diagnostics::new();
//! let p = kauai_amdil::parse_str("il_cs_2_0\nmov r0.x, r1.y ; copy\nend\n", FileId(0), &mut diags);
//! assert!(diags.is_empty() && kauai_amdil::validate(&p, &mut diags));
//! assert_eq!(p.to_string(), "il_cs_2_0\nmov r0.x, r1.y ; copy\nend\n");
//! ```
//!
//! The `kauai-amdil-emu` crate executes linked kernels.

pub mod abi;
pub mod ast;
pub mod build;
pub mod device;
pub mod intrinsics;
pub mod link;
pub mod metadata;
pub mod opcodes;
pub mod parser;
mod print;
#[doc(hidden)]
pub mod props;
pub mod validate;

pub use ast::*;
pub use link::{link, LinkError, LinkedKernel, Linker};
pub use parser::{parse, parse_str};
pub use validate::validate;
