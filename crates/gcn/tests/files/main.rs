//! The data-driven suites of `kauai-gcn`: each data file is one named trial
//! (`cargo test -p kauai-gcn --test files -- asm/NAME`).

mod amd;
mod asm;
mod cl2;
mod common;
mod containers;

use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut suite = kauai_testkit::Suite::new();
    suite.files(&root, "asm", &["s"], asm::check);
    suite.files(&root, "amd", &["s"], amd::check);
    suite.files(&root, "cl2", &["s"], cl2::check);
    suite.files(&root, "containers", &["s"], containers::check);
    suite.run()
}
