//! The integration tests of `kauai-cli`, one binary (see docs/style.md):
//! each module is one former test file.

mod cli;
mod common;
mod il_cli;
