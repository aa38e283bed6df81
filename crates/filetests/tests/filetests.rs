//! Every file under `filetests/run` and `filetests/ir` is one test.

use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if matches!(p.extension().and_then(|e| e.to_str()), Some("cl" | "ir")) {
            out.push(p);
        }
    }
}

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests");
    let mut files = Vec::new();
    collect(&root.join("run"), &mut files);
    collect(&root.join("ir"), &mut files);
    let tests = files
        .into_iter()
        .map(|p| {
            let name = p
                .strip_prefix(&root)
                .map(|r| r.display().to_string())
                .unwrap_or_else(|_| p.display().to_string());
            libtest_mimic::Trial::test(name, move || {
                kauai_filetests::run_file(&p).map_err(Into::into)
            })
        })
        .collect();
    libtest_mimic::run(&args, tests).exit();
}
