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
