//! The run-test corpus (`filetests/run`) on amdil devices, compared with the host. Slow,
//! so ignored by default: `KAUAI_DEVICES=kauai:cypress,kauai:rv770 cargo test -p
//! kauai-amdil-gen --test corpus -- --ignored --nocapture` (optionally
//! `KAUAI_ONLY=substring`). The lead's device matrix (`filetests/run/devices.txt`) is
//! where the corpus runs in CI.

use std::path::Path;

#[test]
#[ignore]
fn corpus_on_devices() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests/run");
    let files = kauai_filetests::collect_files(&root, &["cl"]);
    let devices = std::env::var("KAUAI_DEVICES").unwrap_or_else(|_| "kauai:cypress".into());
    let only = std::env::var("KAUAI_ONLY").unwrap_or_default();
    let mut failed = 0;
    let mut passed = 0;
    for f in &files {
        let name = f.strip_prefix(&root).unwrap_or(f).display().to_string();
        if !name.contains(&only) {
            continue;
        }
        let host = kauai_filetests::run_cl(f, None);
        for dev in devices.split(',') {
            match kauai_filetests::run_file_on_device(f, dev, &host) {
                Ok(()) => passed += 1,
                Err(e) => {
                    failed += 1;
                    let first: String = e.lines().take(6).collect::<Vec<_>>().join("\n    ");
                    println!("FAIL {name}@{dev}:\n    {first}");
                }
            }
        }
    }
    println!("{passed} passed, {failed} failed");
}
