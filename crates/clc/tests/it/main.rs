//! The integration tests of `kauai-clc`, in one binary so that the crate links one
//! test executable (docs/style.md); each module covers one subject.

mod builtin_overloads;
mod lower_corpus;
mod lower_deep;
mod lower_props;
mod parse_api;
mod parse_props;
mod parse_support;
mod pp_props;
