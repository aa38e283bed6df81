//! The integration tests of `kauai-amdil-gen`, in one binary so that the crate links one
//! test executable (docs/style.md); each module covers one subject.

mod common;
mod corpus;
mod e2e;
mod metadata;
mod robust;
mod scale;
mod target;
