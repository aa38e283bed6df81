//! Source files, spans and diagnostics.
//!
//! Every reader in Kauai (OpenCL C, IR text, AMD IL, GCN assembly) reports problems the
//! same way: a [`Diagnostic`] names a [`Span`] in a file held by a [`SourceMap`], says what
//! went wrong and, where it can, what was expected. Readers collect many diagnostics per
//! run in a [`Diagnostics`] list instead of stopping at the first one; the CLI renders them
//! at the edge (`file:line:col`, the source line, a caret) through codespan-reporting.
//!
//! Sources are bytes, not `str`: OpenCL C allows arbitrary bytes inside comments and
//! string literals, so files are kept as read and only rendered lossily.
//!
//! A file may carry [`LineMark`]s (from C's `#line N "name"`): from a mark on,
//! locations are reported under the presumed name and line number, while the source line
//! shown under a diagnostic is still the file's own text.

use std::fmt;
use std::ops::Range;

pub mod files;

use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term;

/// Index of a file in a [`SourceMap`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A byte range in one file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span {
            file,
            start: start as u32,
            end: end.max(start) as u32,
        }
    }

    /// The smallest span covering both (same file assumed; otherwise `self`).
    pub fn to(self, other: Span) -> Span {
        if self.file != other.file {
            return self;
        }
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// One loaded source file.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub bytes: Vec<u8>,
    /// The bytes as text for rendering: invalid UTF-8 is replaced byte for byte by `?`
    /// so that byte offsets stay valid.
    text: String,
    line_starts: Vec<usize>,
    /// Sorted by offset, at most one per offset.
    line_marks: Vec<LineMark>,
}

/// A `#line` directive's effect: from byte `offset` of a file on, locations are reported
/// as in file `name`, with line numbers moved by `line_delta`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMark {
    pub offset: usize,
    pub name: String,
    pub line_delta: i64,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, bytes: impl Into<Vec<u8>>) -> SourceFile {
        let bytes = bytes.into();
        let text = lossy_same_length(&bytes);
        let mut line_starts = vec![0];
        line_starts.extend(
            bytes
                .iter()
                .enumerate()
                .filter(|(_, b)| **b == b'\n')
                .map(|(i, _)| i + 1),
        );
        SourceFile {
            name: name.into(),
            bytes,
            text,
            line_starts,
            line_marks: Vec::new(),
        }
    }

    /// Record a `#line` mark; a later mark at the same offset replaces the earlier one.
    pub fn add_line_mark(&mut self, mark: LineMark) {
        match self
            .line_marks
            .binary_search_by_key(&mark.offset, |m| m.offset)
        {
            Ok(i) => self.line_marks[i] = mark,
            Err(i) => self.line_marks.insert(i, mark),
        }
    }

    /// The mark in effect at a byte offset (index into the marks).
    fn mark_at(&self, offset: usize) -> Option<usize> {
        match self.line_marks.binary_search_by_key(&offset, |m| m.offset) {
            Ok(i) => Some(i),
            Err(0) => None,
            Err(i) => Some(i - 1),
        }
    }

    /// The reported name and 1-based line of a 1-based physical line under a mark.
    fn presumed(&self, mark: Option<usize>, line: usize) -> (&str, usize) {
        match mark.and_then(|i| self.line_marks.get(i)) {
            Some(m) => (
                &m.name,
                (line as i64).saturating_add(m.line_delta).max(1) as usize,
            ),
            None => (&self.name, line),
        }
    }

    /// `name`, line and column of a byte offset as diagnostics report them (after
    /// `#line` marks; the column is the real one).
    pub fn presumed_line_col(&self, offset: usize) -> (&str, usize, usize) {
        let (line, col) = self.line_col(offset);
        let (name, line) = self.presumed(self.mark_at(offset), line);
        (name, line, col)
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// 1-based line and column (in bytes) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let line = match self.line_starts.binary_search(&offset) {
            Ok(l) => l,
            Err(l) => l - 1,
        };
        (line + 1, offset - self.line_starts[line] + 1)
    }

    /// The text of a 1-based line without its newline.
    pub fn line_text(&self, line: usize) -> &str {
        let Some(&start) = self.line_starts.get(line.wrapping_sub(1)) else {
            return "";
        };
        let end = self
            .line_starts
            .get(line)
            .map(|e| e - 1)
            .unwrap_or(self.text.len());
        self.text[start..end.max(start)].trim_end_matches('\r')
    }
}

/// Replace every byte of an invalid UTF-8 sequence by `?`, keeping offsets.
fn lossy_same_length(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                return out;
            }
            Err(e) => {
                let good = e.valid_up_to();
                // SAFETY-free: the prefix was just validated.
                out.push_str(std::str::from_utf8(&rest[..good]).unwrap_or_default());
                let bad = e.error_len().unwrap_or(rest.len() - good);
                out.extend(std::iter::repeat_n('?', bad));
                rest = &rest[good + bad..];
            }
        }
    }
}

/// All files of one compilation or assembly run.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    pub fn add(&mut self, name: impl Into<String>, bytes: impl Into<Vec<u8>>) -> FileId {
        self.files.push(SourceFile::new(name, bytes));
        FileId(self.files.len() as u32 - 1)
    }

    pub fn get(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id.0 as usize)
    }

    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// Record a `#line` mark in a file (ignored for an unknown file).
    pub fn add_line_mark(&mut self, id: FileId, mark: LineMark) {
        if let Some(f) = self.files.get_mut(id.0 as usize) {
            f.add_line_mark(mark);
        }
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// `name:line:col` of the start of a span.
    pub fn location(&self, span: Span) -> String {
        match self.get(span.file) {
            Some(f) => {
                let (name, l, c) = f.presumed_line_col(span.start as usize);
                format!("{name}:{l}:{c}")
            }
            None => "<unknown>".to_string(),
        }
    }
}

impl<'a> Files<'a> for SourceMap {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        self.get(id)
            .map(|f| f.name.as_str())
            .ok_or(FilesError::FileMissing)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        self.get(id)
            .map(|f| f.text.as_str())
            .ok_or(FilesError::FileMissing)
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, FilesError> {
        let f = self.get(id).ok_or(FilesError::FileMissing)?;
        Ok(f.line_col(byte_index.min(f.bytes.len())).0 - 1)
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, FilesError> {
        let f = self.get(id).ok_or(FilesError::FileMissing)?;
        let start = *f
            .line_starts
            .get(line_index)
            .ok_or(FilesError::LineTooLarge {
                given: line_index,
                max: f.line_starts.len() - 1,
            })?;
        let end = f
            .line_starts
            .get(line_index + 1)
            .copied()
            .unwrap_or(f.bytes.len());
        Ok(start..end)
    }
}

/// The files as diagnostics show them: a file id plus the `#line` mark in effect (if
/// any), so that names and line numbers are the presumed ones while the text is real.
struct Presumed<'a>(&'a SourceMap);

type PresumedId = (FileId, Option<usize>);

impl<'a> Files<'a> for Presumed<'a> {
    type FileId = PresumedId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, (id, mark): PresumedId) -> Result<&'a str, FilesError> {
        let f = self.0.get(id).ok_or(FilesError::FileMissing)?;
        Ok(f.presumed(mark, 1).0)
    }

    fn source(&'a self, (id, _): PresumedId) -> Result<&'a str, FilesError> {
        self.0.source(id)
    }

    fn line_index(&'a self, (id, _): PresumedId, byte_index: usize) -> Result<usize, FilesError> {
        self.0.line_index(id, byte_index)
    }

    fn line_number(
        &'a self,
        (id, mark): PresumedId,
        line_index: usize,
    ) -> Result<usize, FilesError> {
        let f = self.0.get(id).ok_or(FilesError::FileMissing)?;
        Ok(f.presumed(mark, line_index + 1).1)
    }

    fn line_range(
        &'a self,
        (id, _): PresumedId,
        line_index: usize,
    ) -> Result<Range<usize>, FilesError> {
        self.0.line_range(id, line_index)
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Note,
    Warning,
    Error,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub message: String,
    pub primary: bool,
}

/// One problem found in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    pub labels: Vec<Label>,
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            labels: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn warning(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(message)
        }
    }

    pub fn note_diag(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Note,
            ..Diagnostic::error(message)
        }
    }

    /// The primary place: where the problem is.
    pub fn at(mut self, span: Span, label: impl Into<String>) -> Diagnostic {
        self.labels.push(Label {
            span,
            message: label.into(),
            primary: true,
        });
        self
    }

    /// A secondary place that explains the first.
    pub fn also(mut self, span: Span, label: impl Into<String>) -> Diagnostic {
        self.labels.push(Label {
            span,
            message: label.into(),
            primary: false,
        });
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    pub fn primary_span(&self) -> Option<Span> {
        self.labels.iter().find(|l| l.primary).map(|l| l.span)
    }

    fn to_codespan(&self, sources: &SourceMap) -> cs::Diagnostic<PresumedId> {
        let d = match self.severity {
            Severity::Error => cs::Diagnostic::error(),
            Severity::Warning => cs::Diagnostic::warning(),
            Severity::Note => cs::Diagnostic::note(),
        };
        d.with_message(&self.message)
            .with_labels(
                self.labels
                    .iter()
                    .map(|l| {
                        let style = if l.primary {
                            cs::LabelStyle::Primary
                        } else {
                            cs::LabelStyle::Secondary
                        };
                        let mark = sources
                            .get(l.span.file)
                            .and_then(|f| f.mark_at(l.span.start as usize));
                        cs::Label::new(style, (l.span.file, mark), l.span.range())
                            .with_message(&l.message)
                    })
                    .collect(),
            )
            .with_notes(self.notes.clone())
    }

    /// Render as text: `error: msg`, then `--> file:line:col`, the source line and a caret.
    pub fn render(&self, sources: &SourceMap) -> String {
        let mut out = String::new();
        // Labels that point outside the known files would make codespan fail; keep the
        // message and drop those labels.
        let mut d = self.clone();
        d.labels.retain(|l| {
            sources
                .get(l.span.file)
                .is_some_and(|f| l.span.end as usize <= f.bytes.len())
        });
        let config = term::Config::default();
        let files = Presumed(sources);
        if term::emit_to_string(&mut out, &config, &files, &d.to_codespan(sources)).is_err() {
            out = format!("{}: {}\n", d.severity, d.message);
        }
        out
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// Many diagnostics collected over a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics {
    pub list: Vec<Diagnostic>,
}

impl Diagnostics {
    pub fn new() -> Diagnostics {
        Diagnostics::default()
    }

    pub fn push(&mut self, d: Diagnostic) {
        self.list.push(d);
    }

    pub fn extend(&mut self, other: Diagnostics) {
        self.list.extend(other.list);
    }

    pub fn has_errors(&self) -> bool {
        self.list.iter().any(Diagnostic::is_error)
    }

    pub fn error_count(&self) -> usize {
        self.list.iter().filter(|d| d.is_error()).count()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.list.iter()
    }

    /// Render every diagnostic, in the order found.
    pub fn render(&self, sources: &SourceMap) -> String {
        self.list.iter().map(|d| d.render(sources)).collect()
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Diagnostics {
        Diagnostics { list: vec![d] }
    }
}

/// A failed run: the diagnostics that explain it, with the sources they point into.
#[derive(Clone, Debug)]
pub struct Failure {
    pub sources: SourceMap,
    pub diagnostics: Diagnostics,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.diagnostics.render(&self.sources).trim_end())
    }
}

impl std::error::Error for Failure {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_file_line_col_and_source_line() {
        let mut sm = SourceMap::new();
        let f = sm.add("k.cl", "kernel void f() {\n  int x = ;\n}\n");
        let start = 28;
        let d = Diagnostic::error("expected expression").at(
            Span::new(f, start, start + 1),
            "expected an expression here",
        );
        let text = d.render(&sm);
        assert!(text.contains("error: expected expression"), "{text}");
        assert!(text.contains("k.cl:2:11"), "{text}");
        assert!(text.contains("  int x = ;"), "{text}");
        assert_eq!(sm.location(Span::new(f, start, start)), "k.cl:2:11");
    }

    #[test]
    fn invalid_utf8_keeps_offsets() {
        let mut sm = SourceMap::new();
        let f = sm.add("a", b"// \xff\xfe\nx".to_vec());
        let file = sm.file(f);
        assert_eq!(file.text().len(), file.bytes.len());
        assert_eq!(file.line_col(6), (2, 1));
        assert_eq!(file.line_text(2), "x");
    }

    #[test]
    fn line_marks_rename_and_renumber_but_show_the_real_text() {
        let mut sm = SourceMap::new();
        let f = sm.add("real.cl", "a\n#line 70 \"gen.y\"\nbad here\nfine\n");
        // From the line after the directive (offset 19), physical line 3 is gen.y:70.
        sm.add_line_mark(
            f,
            LineMark {
                offset: 19,
                name: "gen.y".into(),
                line_delta: 67,
            },
        );
        assert_eq!(sm.location(Span::new(f, 0, 1)), "real.cl:1:1");
        assert_eq!(sm.location(Span::new(f, 23, 27)), "gen.y:70:5");
        assert_eq!(sm.location(Span::new(f, 28, 29)), "gen.y:71:1");
        let text = Diagnostic::error("boom")
            .at(Span::new(f, 23, 27), "here")
            .render(&sm);
        assert!(text.contains("gen.y:70:5"), "{text}");
        assert!(text.contains("70 │ bad here"), "{text}");
        // A mark at the same offset replaces the earlier one.
        sm.add_line_mark(
            f,
            LineMark {
                offset: 19,
                name: "other.y".into(),
                line_delta: -2,
            },
        );
        assert_eq!(sm.location(Span::new(f, 23, 27)), "other.y:1:5");
    }

    #[test]
    fn out_of_range_labels_do_not_fail_rendering() {
        let sm = SourceMap::new();
        let d = Diagnostic::error("boom").at(Span::new(FileId(7), 0, 3), "here");
        assert!(d.render(&sm).contains("boom"));
    }
}
