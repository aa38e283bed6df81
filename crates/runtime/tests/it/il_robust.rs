//! Property (also the `runtime_il` fuzz target): IL programs given to a `kauai:` device
//! build and run to a value, never a panic, whatever their bytes ([`probe_il`]). Checked
//! on the `filetests/il` programs and deterministic line-level mutations of them
//! ([`mutate_lines`]: words swapped, lines dropped or duplicated, numbers changed, bytes
//! replaced).

use kauai_runtime::probe_il;
use kauai_testkit::{mutate, Rng};

#[test]
fn il_programs_never_panic_the_runtime() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests/il");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("filetests/il")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "il"))
        .collect();
    files.sort();
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut ran = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read");
        ran += probe_il(text.as_bytes());
        for _ in 0..40 {
            probe_il(mutate::lines(&mut rng, &text).as_bytes());
        }
    }
    // The unmutated programs do run (so the property is not checked on errors alone).
    assert!(ran >= 8, "only {ran} kernels ran");
}
