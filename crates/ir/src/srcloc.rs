//! Source locations: where in the OpenCL C source an instruction came from, so that a
//! fault or a check's finding can point at the line a user wrote.
//!
//! A location names a file by its index in [`crate::Module::source_files`] and a
//! 1-based line and column. The front end stamps every instruction it makes; passes keep
//! the stamp of the instruction they keep or copy (the inliner copies the callee's), and
//! an instruction a pass makes from nothing has none. Locations are not part of the IR's
//! text form: a module read from text has none, unless a [`LocationTable`] written
//! beside the text (as a program binary does) puts them back.

use std::fmt;
use std::fmt::Write as _;

use crate::Module;

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

/// A module's source files and its instructions' locations, in a text of their own
/// that travels beside the module's IR text (the IR text form has no locations):
///
/// ```text
/// file k.cl
/// fn @k 0:3:5 0:3:9 - 0:4:1
/// ```
///
/// One `file` line per source file, in index order (names are percent-free and end at
/// the line's end), and per defined function its instructions' locations in layout
/// order (`-` for none). [`LocationTable::apply`] puts them back on the same module read
/// from its text, whose layout is the same.
pub struct LocationTable;

impl LocationTable {
    pub fn write(m: &Module) -> String {
        let mut out = String::new();
        for f in &m.source_files {
            let _ = writeln!(out, "file {}", f.replace(['\n', '\r'], " "));
        }
        for f in m.functions.values() {
            let Some(body) = &f.body else { continue };
            let _ = write!(out, "fn @{}", f.name);
            for &b in &body.order {
                for &i in &body.blocks[b].insts {
                    let l = body.locs[i];
                    if l.is_known() {
                        let _ = write!(out, " {}:{}:{}", l.file, l.line, l.col);
                    } else {
                        out.push_str(" -");
                    }
                }
            }
            out.push('\n');
        }
        out
    }

    /// Put the locations of `text` on `m`; an error (and no change) when they do not
    /// fit its functions and instructions.
    pub fn apply(m: &mut Module, text: &str) -> Result<(), String> {
        let mut files = Vec::new();
        let mut per_fn: Vec<(crate::FuncId, Vec<SrcLoc>)> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let bad = |what: &str| format!("location table line {}: {what}", n + 1);
            if let Some(name) = line.strip_prefix("file ") {
                files.push(name.to_string());
                continue;
            }
            let Some(rest) = line.strip_prefix("fn @") else {
                return Err(bad("expected `file` or `fn`"));
            };
            let mut words = rest.split(' ');
            let name = words.next().unwrap_or_default();
            let fid = m
                .func_by_name(name)
                .ok_or_else(|| bad(&format!("no function @{name}")))?;
            let mut locs = Vec::new();
            for w in words {
                if w == "-" {
                    locs.push(SrcLoc::default());
                    continue;
                }
                let mut p = w.split(':').map(str::parse::<u32>);
                let (Some(Ok(file)), Some(Ok(line)), Some(Ok(col)), None) =
                    (p.next(), p.next(), p.next(), p.next())
                else {
                    return Err(bad(&format!("`{w}` is not file:line:col")));
                };
                locs.push(SrcLoc::new(file, line, col));
            }
            let body = m.functions[fid]
                .body
                .as_ref()
                .ok_or_else(|| bad(&format!("@{name} has no body")))?;
            let count: usize = body.order.iter().map(|&b| body.blocks[b].insts.len()).sum();
            if count != locs.len()
                || locs
                    .iter()
                    .any(|l| l.is_known() && l.file as usize >= files.len())
            {
                return Err(bad(&format!(
                    "{} locations for the {count} instructions of @{name}",
                    locs.len()
                )));
            }
            per_fn.push((fid, locs));
        }
        for (fid, locs) in per_fn {
            let body = m.functions[fid].body.as_mut().expect("checked above");
            let order: Vec<_> = body
                .order
                .iter()
                .flat_map(|&b| body.blocks[b].insts.clone())
                .collect();
            for (i, l) in order.into_iter().zip(locs) {
                body.locs[i] = l;
            }
        }
        m.source_files = files;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_location_table_puts_the_locations_back_on_the_parsed_text() {
        let text = "function @k(i32 \"a\") -> i32 {\nblock0(v0: i32):\n    v1 = iadd.i32 v0, v0\n    return v1\n}\n";
        let mut m = crate::parse_str("k.ir", text).unwrap();
        let f = m.func_by_name("k").unwrap();
        let body = m.functions[f].body.as_mut().unwrap();
        let insts: Vec<_> = body.blocks[body.order[0]].insts.clone();
        body.locs[insts[0]] = SrcLoc::new(0, 3, 7);
        m.source_files = vec!["k.cl".into()];
        let table = LocationTable::write(&m);
        assert_eq!(table, "file k.cl\nfn @k 0:3:7 -\n");
        let mut back = crate::parse_str("k.ir", text).unwrap();
        LocationTable::apply(&mut back, &table).unwrap();
        let body = back.functions[f].body.as_ref().unwrap();
        let insts: Vec<_> = body.blocks[body.order[0]].insts.clone();
        assert_eq!(body.locs[insts[0]], SrcLoc::new(0, 3, 7));
        assert_eq!(back.source_files, vec!["k.cl".to_string()]);
        // A table that does not fit is refused and changes nothing.
        let mut other = crate::parse_str("k.ir", text).unwrap();
        for bad in [
            "fn @k 0:3:7\n",
            "fn @nope -\n",
            "file k.cl\nfn @k 1:3:7 -\n",
            "fn @k x -\n",
            "junk\n",
        ] {
            assert!(LocationTable::apply(&mut other, bad).is_err(), "{bad:?}");
        }
        assert!(other.source_files.is_empty());
    }

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
