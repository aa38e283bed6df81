//! The integration tests of `kauai-runtime`, in one binary so that the crate links one
//! test executable (docs/style.md); each module covers one subject.

mod il_robust;
mod math_sweep;
mod opencl_on_il;
