//! Kauai's intermediate representation.
//!
//! A [`Module`] holds functions, module-scope variables and interned aggregate types.
//! A defined [`Function`] has a [`Body`]: arenas of values, instructions and blocks, with
//! the block order kept separately. Values are in SSA form: each is defined once, by an
//! instruction or as a block parameter; control-flow merges pass values to block
//! parameters instead of using phi nodes (as Cranelift does).
//!
//! Pointers are opaque and carry their address space (0 private, 1 global, 2 constant,
//! 3 local, 4 generic: the numbering of SPIR and the ComputeMux builtins; 5 holds image
//! handles, see [`image`]); pointer
//! arithmetic is in bytes ([`InstKind::PtrAdd`]). Kernels and ComputeMux facts are plain
//! function attributes (`"mux-kernel"="entry-point"`, ...) and metadata
//! (`!reqd_work_group_size(16, 1, 1)`), as in docs/spec/computemux.md#metadata-and-attributes; the `__mux_*` builtins are calls
//! to declared functions whose signatures [`builtins::signature`] gives.
//!
//! The text form ([`print`], [`parse`]) prints and reads back exactly, so every pass is
//! tested from text files; [`verify`] checks a module between every producer and
//! consumer and reports every problem at once.
//!
//! `printf` calls are calls to declared per-format functions `__kauai_printf.<ID>`, whose
//! parameters are the promoted argument types; the formats live in the module's printf
//! table (metadata `!kauai.printf.<ID>`). [`printf`] documents the contract and reads the
//! table ([`printf::printf_table`]).

#![forbid(unsafe_code)]

pub mod builtins;
pub mod cfg;
pub mod cltype;
mod entities;
pub mod function;
pub mod half;
pub mod image;
pub mod inst;
pub mod lanes;
pub mod mangle;
pub mod module;
pub mod parse;
pub mod print;
pub mod printf;
pub mod props;
pub mod srcloc;
pub mod types;
pub mod verify;

pub use cltype::ClScalar;
pub use cranelift_entity::{EntityRef, PrimaryMap, SecondaryMap};
pub use entities::{Block, FuncId, GlobalId, Inst, Value};
pub use function::{attr, meta, Body, Cursor, Function, MetaValue, Param, ValueDef};
pub use inst::{
    AtomicOp, BinaryOp, BlockCall, Const, ConstScalar, ConvOp, FloatCC, InstKind, IntCC, MathFn,
    Ordering, Rounding, UnaryOp,
};
pub use module::{Global, Init, Module, Reloc};
pub use parse::{parse_module, parse_str};
pub use print::module_to_string;
pub use srcloc::{LocationTable, SourcePos, SrcLoc};
pub use types::{AddrSpace, Aggregate, DataLayout, Scalar, StructType, Type, TypeTable};
pub use verify::{verify_module, VerifierError, VerifierErrors};
