//! What every Kauai test suite shares, so that no suite writes it again:
//!
//! - [`collect_files`]: the data files of a suite, in a stable order;
//! - [`Expected`]: a data file whose expectation sits inside it after a marker line,
//!   compared with what the code under test produced, or rewritten when `BLESS=1`;
//! - [`Suite`]: one named trial per data file (`cargo test -p CRATE --test files NAME`
//!   runs one), plus plain trials, run by libtest-mimic;
//! - [`Rng`]: the one deterministic generator of the property tests, and [`mutate`]:
//!   byte- and line-level mutations of text inputs.
//!
//! A dev-dependency only: nothing here ships in the `kauai` binary.

#![forbid(unsafe_code)]

mod expect;
mod files;
pub mod mutate;
mod rng;
mod suite;

pub use expect::{bless_requested, compare_or_bless, diff, Expected};
pub use files::{collect_files, fuzz_regressions, relative_name};
pub use rng::Rng;
pub use suite::Suite;
