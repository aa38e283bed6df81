//! The integration tests of `kauai-amdil-emu`, one binary (see docs/style.md):
//! each module is one former test file.

mod robust;
mod run;
