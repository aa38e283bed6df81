//! Finding a suite's data files.

use std::path::{Path, PathBuf};

/// Every file below `dir` whose extension is one of `exts`, in sorted path order
/// (directories walked depth-first, also sorted), so trial order and names are stable.
/// A missing directory gives no files; a suite that expects files checks for that.
pub fn collect_files(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    fn walk(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, exts, out);
            } else if p
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| exts.contains(&e))
            {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, exts, &mut out);
    out
}

/// `path` relative to `root` with `/` separators: the name a file's trial gets.
pub fn relative_name(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .map(|r| r.display().to_string().replace('\\', "/"))
        .unwrap_or_else(|_| path.display().to_string())
}

/// The inputs kept in `fuzz/regressions/<target>/`: each once made that fuzz target
/// fail, so the crate's property test replays them all (named by file).
pub fn fuzz_regressions(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/regressions")
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            let bytes = std::fs::read(&p).ok()?;
            Some((p.file_name()?.to_string_lossy().into_owned(), bytes))
        })
        .collect()
}
