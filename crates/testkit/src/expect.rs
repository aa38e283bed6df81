//! Expectations kept inside data files, compared or blessed.
//!
//! A data file holds its input, then a marker line (each suite picks one that cannot
//! occur in its input, such as `#### EXPECTED` or `; CHECK-OUTPUT`), then what the code
//! under test must produce. `BLESS=1` rewrites the part after the marker with what was
//! produced; review that diff like any other change. Blessing freezes Kauai's own output,
//! so a suite that can also check its output independently (reassembling a disassembly,
//! validating and running generated IL) does so as well.

use std::path::{Path, PathBuf};

/// True when the run was asked to rewrite expectations (`BLESS` set and not `0`).
pub fn bless_requested() -> bool {
    std::env::var_os("BLESS").is_some_and(|v| v != "0")
}

/// A unified diff of `expected` against `actual`, for failure messages.
pub fn diff(expected: &str, actual: &str) -> String {
    similar::TextDiff::from_lines(expected, actual)
        .unified_diff()
        .context_radius(3)
        .header("expected", "actual")
        .to_string()
}

/// A data file split at its marker line.
#[derive(Clone, Debug)]
pub struct Expected {
    path: PathBuf,
    marker: String,
    input: String,
    expected: Option<String>,
}

impl Expected {
    /// Read `path` and split it at the first line that starts with `marker`.
    pub fn read(path: &Path, marker: &str) -> Result<Expected, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        Ok(Expected::split(path, marker, &text))
    }

    /// Read `path`, or start from `header` where it does not exist yet (a counts file
    /// that the first `BLESS=1` run writes).
    pub fn read_or(path: &Path, marker: &str, header: &str) -> Expected {
        let text = std::fs::read_to_string(path).unwrap_or_else(|_| header.to_string());
        Expected::split(path, marker, &text)
    }

    /// Split `text` (the contents of `path`) at its marker line.
    pub fn split(path: &Path, marker: &str, text: &str) -> Expected {
        let at = text
            .match_indices(marker)
            .find(|(i, _)| *i == 0 || text.as_bytes()[i - 1] == b'\n')
            .map(|(i, _)| i);
        let (input, expected) = match at {
            Some(i) => {
                let rest = &text[i + marker.len()..];
                let rest = rest.split_once('\n').map_or("", |(_, r)| r);
                (&text[..i], Some(rest.to_string()))
            }
            None => (text, None),
        };
        Expected {
            path: path.to_path_buf(),
            marker: marker.to_string(),
            input: input.to_string(),
            expected,
        }
    }

    /// The file's input: everything before the marker line.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// The expectation, if the file has a marker.
    pub fn expected(&self) -> Option<&str> {
        self.expected.as_deref()
    }

    /// Compare `actual` with the expectation; under `BLESS=1` rewrite the file instead.
    /// A file without a marker fails (unless blessed): an empty expectation must be
    /// written down, not assumed.
    pub fn check(&self, actual: &str) -> Result<(), String> {
        compare_or_bless(&self.path, self.expected.as_deref(), actual, || {
            format!("{}{}\n{actual}", self.input, self.marker).into_bytes()
        })
    }
}

/// The one bless-or-compare step for suites with their own file framing: when `actual`
/// differs from `expected` (`None`: the file has no expectation yet), fail with a diff,
/// or under `BLESS=1` write the bytes `blessed()` makes (the file with `actual` in place of
/// its expectation) to `path`.
pub fn compare_or_bless(
    path: &Path,
    expected: Option<&str>,
    actual: &str,
    blessed: impl FnOnce() -> Vec<u8>,
) -> Result<(), String> {
    if expected == Some(actual) {
        return Ok(());
    }
    if bless_requested() {
        return std::fs::write(path, blessed())
            .map_err(|e| format!("{}: cannot bless: {e}", path.display()));
    }
    Err(format!(
        "{}: output differs from the expectation (BLESS=1 rewrites it):\n{}",
        path.display(),
        diff(expected.unwrap_or(""), actual)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_at_a_marker_at_line_start_only() {
        let e = Expected::split(
            Path::new("x"),
            "#### EXPECTED",
            "a #### EXPECTED\nb\n#### EXPECTED\nout\n",
        );
        assert_eq!(e.input(), "a #### EXPECTED\nb\n");
        assert_eq!(e.expected(), Some("out\n"));
        let none = Expected::split(Path::new("x"), "#### EXPECTED", "just input\n");
        assert_eq!(none.expected(), None);
        assert!(none.check("").is_err() || bless_requested());
    }

    #[test]
    fn a_mismatch_reports_a_diff() {
        let e = Expected::split(Path::new("x"), "--", "in\n--\none\ntwo\n");
        if !bless_requested() {
            assert!(e.check("one\ntwo\n").is_ok());
            let err = e.check("one\nthree\n").unwrap_err();
            assert!(err.contains("-two") && err.contains("+three"), "{err}");
        }
    }
}
