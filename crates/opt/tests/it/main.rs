//! The integration tests of `kauai-opt`, one binary (see docs/style.md):
//! each module is one former test file.

mod properties;
