//! The integration tests of `kauai-amdil-emu`, in one binary so that the crate links one
//! test executable (docs/style.md); each module covers one subject.

mod images;
mod robust;
mod run;
