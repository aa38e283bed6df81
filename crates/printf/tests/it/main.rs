//! The integration tests of `kauai-printf`, one binary (see docs/style.md):
//! each module is one former test file.

mod format;
