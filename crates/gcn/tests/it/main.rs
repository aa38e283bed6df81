//! The integration tests of `kauai-gcn`, one binary (see docs/style.md):
//! each module is one former test file.

mod cl2;
mod cl2_roundtrip;
mod clrx_vectors;
mod llvm_vectors;
mod roundtrip;
mod tablegen;
