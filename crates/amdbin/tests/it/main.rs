//! The integration tests of `kauai-amdbin`, one binary (see docs/style.md):
//! each module is one former test file.

mod derive;
mod device;
mod layout;
mod oracle;
mod robust;
mod roundtrip;
