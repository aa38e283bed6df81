//! The integration tests of `kauai-amdil-gen`, one binary (see docs/style.md):
//! each module is one former test file.

mod common;
mod corpus;
mod e2e;
mod metadata;
mod robust;
mod target;
