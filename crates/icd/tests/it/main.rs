//! The integration tests of `kauai-icd`, in one binary so that the crate links one
//! test executable (docs/style.md); each module covers one subject.

mod api_props;
mod binaries;
