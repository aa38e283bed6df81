//! The integration tests of `kauai-host`, in one binary so that the crate links one
//! test executable (docs/style.md); each module covers one subject.

mod jit_diff;
mod packets;
mod robust;
