//! The integration tests of `kauai-ir`, one binary (see docs/style.md):
//! each module is one former test file.

mod roundtrip;
