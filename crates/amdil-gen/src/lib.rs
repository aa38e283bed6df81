//! The `amdil` compiler target: finalized Kauai IR to AMD IL text with the compiler
//! metadata of seed `000_…`, for the `-mcpu` devices of the historical AMD compiler.
//!
//! Under construction (issue 5); nothing here is usable yet.

#![forbid(unsafe_code)]
