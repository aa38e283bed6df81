//! The integration tests of `kauai-gcn`, in one binary so that the crate links one
//! test executable (docs/style.md); each module covers one subject.

mod cl2;
mod cl2_roundtrip;
mod clrx_amd_bins;
mod clrx_amd_listings;
mod clrx_asm_oracle;
mod clrx_bin_listings;
mod clrx_bins;
mod clrx_oracle;
mod clrx_vectors;
mod common;
mod container_listings;
mod limits;
mod llvm_vectors;
mod regalloc;
mod roundtrip;
mod tablegen;
