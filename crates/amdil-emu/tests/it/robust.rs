//! The `amdil_emu` fuzz property ([`kauai_amdil_emu::props::run_holds`]) over the run-test
//! files and deterministic line-level mutations of them: parsing, validating, linking and
//! running with little fuel is a value (a diagnostic, a link error, a fault or a
//! report), never a panic or a hang.

use std::path::Path;

use kauai_amdil::props::{mutate_lines, Rng};
use kauai_amdil_emu::props::run_holds;

#[test]
fn mutated_run_tests_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("data")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "il"))
        .collect();
    files.sort();
    let mut rng = Rng(0xDEAD_BEEF_1234_5678);
    let mut ran = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        ran += usize::from(run_holds(&text));
        for _ in 0..60 {
            run_holds(&mutate_lines(&mut rng, &text));
        }
    }
    // Some unmutated programs run to the end under the property's fixed launch, so it is
    // not only checked on programs that stop early.
    assert!(ran >= 20, "only {ran} programs ran");
}
