//! The integration tests of `kauai-clc`, one binary (see docs/style.md):
//! each module is one former test file.

mod lower_corpus;
mod lower_deep;
mod lower_props;
mod parse_api;
mod parse_props;
mod parse_support;
mod pp_props;
