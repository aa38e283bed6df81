//! The integration tests of `kauai-amdbin`, in one binary so that the crate links one
//! test executable (docs/style.md); each module covers one subject.

mod common;
mod derive;
mod device;
mod gallium;
mod layout;
mod oracle;
mod robust;
mod robust_amd;
mod rocm;
mod roundtrip;
mod roundtrip_amd;
