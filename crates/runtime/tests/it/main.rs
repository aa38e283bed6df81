//! The integration tests of `kauai-runtime`, one binary (see docs/style.md):
//! each module is one former test file.

mod il_robust;
mod opencl_on_il;
