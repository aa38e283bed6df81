//! The integration tests of `kauai-amdil`, one binary (see docs/style.md):
//! each module is one former test file.

mod properties;
