//! The integration tests of `kauai-cli`, in one binary so that the crate links one
//! test executable (docs/style.md); each module covers one subject.

mod arguments;
mod behaviour;
mod cli;
mod common;
mod gcn_flags;
mod gcn_robust;
mod il_cli;
mod spirv_cli;
