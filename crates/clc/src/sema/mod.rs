//! Semantic facts the lowering needs: C types ([`types`]) and name lookup ([`scope`]).
//!
//! Type checking itself happens while lowering (see [`crate::lower`]): one walk over the
//! AST both checks an expression and emits its IR, which keeps the front end fast and
//! free of a second tree.

pub mod scope;
pub mod types;
