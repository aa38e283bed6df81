//! The integration tests of `kauai-compiler`, in one binary so that the crate links one
//! test executable (docs/style.md); each module covers one subject.

mod api;
mod common;
mod headers;
mod link;
