//! The integration tests of `kauai-host`, one binary (see docs/style.md):
//! each module is one former test file.

mod robust;
