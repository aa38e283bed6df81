//! Source locations: where in the OpenCL C source an instruction came from, so that a
//! fault or a check's finding can point at the line a user wrote.
//!
//! A location names a file by its index in [`crate::Module::source_files`] and a
//! 1-based line and column. The front end stamps every instruction it makes; passes keep
//! the stamp of the instruction they keep or copy (the inliner copies the callee's), and
//! an instruction a pass makes from nothing has none. Locations are not part of the IR's
//! text form: a module read from text has none.

use std::fmt;

/// Where an instruction came from. The default (line 0) means "unknown".
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SrcLoc {
    /// Index into the module's `source_files`.
    pub file: u32,
    /// 1-based; 0 when unknown.
    pub line: u32,
    /// 1-based column, in bytes.
    pub col: u32,
}

impl SrcLoc {
    pub fn new(file: u32, line: u32, col: u32) -> SrcLoc {
        SrcLoc { file, line, col }
    }

    pub fn is_known(self) -> bool {
        self.line != 0
    }

    /// This location with its file renamed through `files` (the module's names), as a
    /// user would quote it: `name:line:col`.
    pub fn resolve(self, files: &[String]) -> Option<SourcePos> {
        if !self.is_known() {
            return None;
        }
        let file = files.get(self.file as usize)?.clone();
        Some(SourcePos {
            file,
            line: self.line,
            col: self.col,
            text: None,
        })
    }
}

/// A resolved location, independent of any module: what an executor reports.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourcePos {
    pub file: String,
    pub line: u32,
    pub col: u32,
    /// The line's text, when whoever reports it has the sources at hand.
    pub text: Option<String>,
}

impl SourcePos {
    /// The line and a caret under the column, as compiler diagnostics show them
    /// (`   10 |     o[i] = 7;` then `      |     ^`); empty without the text.
    pub fn snippet(&self) -> String {
        let Some(text) = &self.text else {
            return String::new();
        };
        let num = self.line.to_string();
        let pad = " ".repeat(num.len());
        // The caret follows the line's own tabs so that it lines up.
        let lead: String = text
            .chars()
            .take(self.col.saturating_sub(1) as usize)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        format!(" {num} | {text}\n {pad} | {lead}^")
    }
}

impl fmt::Display for SourcePos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_locations_do_not_resolve() {
        let files = vec!["k.cl".to_string()];
        assert_eq!(SrcLoc::default().resolve(&files), None);
        assert_eq!(SrcLoc::new(1, 3, 4).resolve(&files), None);
        let p = SrcLoc::new(0, 3, 4).resolve(&files).unwrap();
        assert_eq!(p.to_string(), "k.cl:3:4");
        assert_eq!(p.snippet(), "");
    }

    #[test]
    fn the_caret_sits_under_the_column() {
        let mut p = SrcLoc::new(0, 12, 6).resolve(&["k.cl".into()]).unwrap();
        p.text = Some("\tx = o[i];".into());
        assert_eq!(p.snippet(), " 12 | \tx = o[i];\n    | \t    ^");
    }
}
