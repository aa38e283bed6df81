//! The data-driven suites of `kauai-clc`: each data file is one named trial
//! (`cargo test -p kauai-clc --test files -- data/parse/NAME`).

mod lower;
mod parse;
mod pp;

// Shared with the `it` binary.
#[path = "../it/parse_support/mod.rs"]
mod parse_support;

use std::path::Path;

fn main() {
    let krate = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = krate.join("tests");
    let mut suite = kauai_testkit::Suite::new();
    suite.files(&root, "data/lower", &["cl"], |p| lower::check(p, true));
    suite.files(&root, "data/diag", &["cl"], |p| lower::check(p, false));
    suite.files(&krate.join("../.."), "filetests/diag", &["cl"], |p| {
        lower::check(p, false)
    });
    suite.files(&root, "data/parse", &["cl"], parse::check);
    suite.files(&root, "data/pp", &["cl"], pp::check);
    suite.run()
}
