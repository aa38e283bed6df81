//! The integration tests of `kauai-compiler`, one binary (see docs/style.md):
//! each module is one former test file.

mod api;
mod common;
mod headers;
mod link;
