//! The `.sim` files of Oclgrind's `oclgrind-kernel`: which kernel to run, on what
//! NDRange, with what arguments (`kauai sim FILE.sim`).
//!
//! A file is read as `oclgrind-kernel` reads it (Oclgrind 21.10, `Simulation.cpp`):
//! values are C++ stream extractions over one line at a time, a `#` starts a comment,
//! and values may continue over lines. The file holds the program file, the kernel
//! name, the global and the local size (three numbers each), then one argument per
//! kernel argument: a header `<size=N TOKENS...>` (the rest of its line up to the last
//! `>`), then its data unless the header says otherwise. Header tokens: an element type
//! (`char` ... `double`; by default the kernel argument's own), `dump`, `fill=V`,
//! `range=START:INC:END`, `hex` (the data is hexadecimal, and so is the dump), `noinit`,
//! `null`, `ro`, `wo`, `size=N`. A `__local` argument takes only its size. Nothing but
//! whitespace may follow the last argument, not even a comment. An optional first line
//! `# ARGS: OPTIONS` gives `oclgrind-kernel` options (Oclgrind's own tests use it; to
//! `oclgrind-kernel` it is a comment).
//!
//! Reading happens in two steps, as in Oclgrind, because the arguments depend on the
//! kernel: [`parse_header`] reads up to the local size and gives an [`ArgReader`],
//! which reads each argument against its kernel argument ([`ArgDesc`]) and checks the
//! end of the file. Every error is a [`Diagnostic`] at the place in the file, worded as
//! Oclgrind words it (without its `Line N:` prefix, which the location replaces). Every
//! size the file gives is checked against [`crate::limits`] before anything is
//! allocated.

mod options;
mod report;
mod stream;

use std::ops::Range;

use kauai_diag::{Diagnostic, FileId, SourceMap, Span};

pub use options::{SimOptions, OCLGRIND_HARMLESS, OCLGRIND_UNSUPPORTED};
pub use report::{
    divergence_block, dump_text, errors_text, fault_block, finding_block, launch, ErrorBlock,
    Outcome,
};

use stream::{Cursor, Fail};

/// The element types of a `.sim` argument.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Elem {
    Char,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    Float,
    Double,
}

impl Elem {
    /// In Oclgrind's order (which is also the order its prefix match tries them).
    pub const ALL: [Elem; 10] = [
        Elem::Char,
        Elem::UChar,
        Elem::Short,
        Elem::UShort,
        Elem::Int,
        Elem::UInt,
        Elem::Long,
        Elem::ULong,
        Elem::Float,
        Elem::Double,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Elem::Char => "char",
            Elem::UChar => "uchar",
            Elem::Short => "short",
            Elem::UShort => "ushort",
            Elem::Int => "int",
            Elem::UInt => "uint",
            Elem::Long => "long",
            Elem::ULong => "ulong",
            Elem::Float => "float",
            Elem::Double => "double",
        }
    }

    pub fn size(self) -> u64 {
        match self {
            Elem::Char | Elem::UChar => 1,
            Elem::Short | Elem::UShort => 2,
            Elem::Int | Elem::UInt | Elem::Float => 4,
            Elem::Long | Elem::ULong | Elem::Double => 8,
        }
    }

    fn is_float(self) -> bool {
        matches!(self, Elem::Float | Elem::Double)
    }

    fn is_signed(self) -> bool {
        matches!(self, Elem::Char | Elem::Short | Elem::Int | Elem::Long)
    }

    fn by_name(s: &str) -> Option<Elem> {
        Elem::ALL.into_iter().find(|e| e.name() == s)
    }

    /// Oclgrind's default from the kernel argument's type name: the first type whose
    /// name starts it (`void*` reads as `uchar`).
    pub fn from_type_name(t: &str) -> Option<Elem> {
        if t.starts_with("void*") {
            return Some(Elem::UChar);
        }
        Elem::ALL.into_iter().find(|e| t.starts_with(e.name()))
    }
}

/// Where a kernel argument lives, as `CL_KERNEL_ARG_ADDRESS_QUALIFIER` says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Space {
    Global,
    Constant,
    Local,
    /// A value argument.
    Private,
}

/// What the reader needs to know of one kernel argument.
#[derive(Clone, Debug)]
pub struct ArgDesc {
    pub name: String,
    pub space: Space,
    /// The OpenCL type name (`float*`, `int`, `struct S`).
    pub type_name: String,
    /// Bytes the kernel takes for a value argument.
    pub size: u64,
}

/// How a dumped buffer prints.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Dump {
    pub elem: Elem,
    pub hex: bool,
}

/// One argument as the file gives it.
#[derive(Clone, Debug, PartialEq)]
pub enum SimArg {
    /// A `__global` or `__constant` buffer with its initial bytes (zeros for `noinit`).
    Buffer {
        bytes: Vec<u8>,
        dump: Option<Dump>,
        /// `ro` / `wo`: the buffer's access flag, which the memory check holds kernels to.
        read_only: bool,
        write_only: bool,
        /// `noinit`: no initial contents (the uninit check takes the bytes as undefined).
        noinit: bool,
    },
    /// `null`: a null buffer pointer.
    Null,
    /// A `__local` pointer: bytes per work-group.
    Local(u64),
    /// A value argument's bytes (the file's `size`; the kernel takes the first
    /// [`ArgDesc::size`], as Oclgrind does).
    Value(Vec<u8>),
}

/// The lines before the arguments.
#[derive(Clone, Debug)]
pub struct Header {
    /// Options of a first line `# ARGS: ...`, with the span of each.
    pub options: Vec<(String, Span)>,
    pub program: String,
    pub program_span: Span,
    pub kernel: String,
    pub kernel_span: Span,
    pub global: [u64; 3],
    pub global_span: Span,
    pub local: [u64; 3],
    pub local_span: Span,
}

/// Reads the lines of a `.sim` file as `oclgrind-kernel`'s `get` does: the current
/// line's remaining bytes, then the next line with a word on it.
struct Lines<'a> {
    file: FileId,
    text: &'a [u8],
    /// Where the next line starts (`text.len()` when there is none).
    next: usize,
    /// The current line, comment removed.
    cur: Cursor<'a>,
    /// The current line's start (for end-of-line diagnostics).
    line_start: usize,
}

impl<'a> Lines<'a> {
    fn new(file: FileId, text: &'a [u8]) -> Lines<'a> {
        Lines {
            file,
            text,
            next: 0,
            cur: Cursor::new(text, 0..0),
            line_start: 0,
        }
    }

    fn span(&self, r: Range<usize>) -> Span {
        Span::new(self.file, r.start, r.end)
    }

    fn load_next_line(&mut self) -> bool {
        if self.next >= self.text.len() {
            return false;
        }
        let start = self.next;
        let end = self.text[start..]
            .iter()
            .position(|b| *b == b'\n')
            .map_or(self.text.len(), |i| start + i);
        self.next = (end + 1).min(self.text.len());
        if end == self.text.len() {
            self.next = self.text.len();
        }
        let code_end = self.text[start..end]
            .iter()
            .position(|b| *b == b'#')
            .map_or(end, |i| start + i);
        self.cur = Cursor::new(self.text, start..code_end);
        self.line_start = start;
        true
    }

    /// Move to the next word (`get`'s loop); `Err` at the end of the file.
    fn skip_to_word(&mut self) -> Result<(), ()> {
        loop {
            self.cur.skip_ws();
            if !self.cur.exhausted() {
                return Ok(());
            }
            if !self.load_next_line() {
                return Err(());
            }
        }
    }

    /// Where the file ends, for "unexpected end" diagnostics.
    fn end_span(&self) -> Span {
        let n = self.text.len();
        // Point at the last non-blank byte when there is one: codespan shows that line.
        let at = self.text[..n]
            .iter()
            .rposition(|b| !stream::is_space(*b))
            .map_or(0, |i| i + 1);
        self.span(at..at)
    }
}

fn err(span: Span, message: impl Into<String>, label: impl Into<String>) -> Diagnostic {
    Diagnostic::error(message).at(span, label)
}

/// What the header reads, for messages ("program file", "NDRange", ...).
fn eof(lines: &Lines, parsing: &str) -> Diagnostic {
    err(
        lines.end_span(),
        format!("Unexpected EOF when parsing {parsing}"),
        format!("the file ends here; expected more: the {parsing}"),
    )
}

fn word(lines: &mut Lines, parsing: &str) -> Result<(String, Span), Diagnostic> {
    lines.skip_to_word().map_err(|_| eof(lines, parsing))?;
    let r = lines.cur.word().unwrap_or(lines.cur.pos..lines.cur.pos);
    Ok((
        String::from_utf8_lossy(&lines.text[r.clone()]).into_owned(),
        lines.span(r),
    ))
}

/// A `size_t` of the header (an `unsigned long` extraction).
fn size(lines: &mut Lines, parsing: &str) -> Result<(u64, Span), Diagnostic> {
    lines.skip_to_word().map_err(|_| eof(lines, parsing))?;
    match lines.cur.int(false, false, 64) {
        Ok((v, r)) => Ok((v as u64, lines.span(r))),
        Err((f, r)) => Err(failed(lines, r, parsing, f, "a decimal size")),
    }
}

/// Oclgrind's "Failed to parse" with what was expected.
fn failed(lines: &Lines, r: Range<usize>, parsing: &str, f: Fail, expected: &str) -> Diagnostic {
    let r = if r.is_empty() {
        // Show the word that could not be read.
        let mut c = Cursor::new(lines.text, r.start..lines.cur.end);
        c.word().unwrap_or(r)
    } else {
        r
    };
    let label = match f {
        Fail::NoValue => format!("expected {expected}"),
        Fail::Overflow => format!("out of range: expected {expected}"),
    };
    err(lines.span(r), format!("Failed to parse {parsing}"), label)
}

/// Read the lines before the arguments. Nothing is allocated from the file's numbers.
pub fn parse_header(
    sources: &SourceMap,
    file: FileId,
) -> Result<(Header, ArgReader<'_>), Diagnostic> {
    let text = &sources.file(file).bytes[..];
    let mut lines = Lines::new(file, text);
    let mut options = Vec::new();
    let first_end = text.iter().position(|b| *b == b'\n').unwrap_or(text.len());
    if let Some(rest) = text[..first_end].strip_prefix(b"# ARGS:") {
        let mut c = Cursor::new(text, 7..7 + rest.len());
        while let Some(r) = c.word() {
            options.push((
                String::from_utf8_lossy(&text[r.clone()]).into_owned(),
                lines.span(r),
            ));
        }
    }
    let (program, program_span) = word(&mut lines, "program file")?;
    let (kernel, kernel_span) = word(&mut lines, "kernel")?;
    let mut three = |parsing: &str| -> Result<([u64; 3], Span), Diagnostic> {
        let mut v = [0u64; 3];
        let mut span: Option<Span> = None;
        for x in &mut v {
            let (n, s) = size(&mut lines, parsing)?;
            *x = n;
            span = Some(span.map_or(s, |a| a.to(s)));
        }
        Ok((v, span.unwrap_or_default()))
    };
    let (global, global_span) = three("NDRange")?;
    let (local, local_span) = three("work-group size")?;
    let header = Header {
        options,
        program,
        program_span,
        kernel,
        kernel_span,
        global,
        global_span,
        local,
        local_span,
    };
    Ok((
        header,
        ArgReader {
            lines,
            index: 0,
            global_bytes: 0,
        },
    ))
}

/// Reads the arguments, one per kernel argument, in order.
pub struct ArgReader<'a> {
    lines: Lines<'a>,
    index: usize,
    /// Bytes of buffers so far, against [`crate::limits::SIM_MAX_GLOBAL_BYTES`].
    global_bytes: u64,
}

/// The header's tokens.
#[derive(Default)]
struct HeaderTokens {
    size: Option<(u64, Span)>,
    elem: Option<Elem>,
    dump: bool,
    hex: bool,
    noinit: Option<Span>,
    null: Option<Span>,
    fill: Option<(Range<usize>, Span)>,
    range: Option<(Range<usize>, Span)>,
    read_only: bool,
    write_only: bool,
}

impl<'a> ArgReader<'a> {
    /// Read the next argument for kernel argument `arg`; `limits` are the device's (its
    /// largest buffer also bounds a value argument's bytes).
    pub fn argument(
        &mut self,
        arg: &ArgDesc,
        limits: &crate::limits::DeviceLimits,
    ) -> Result<SimArg, Diagnostic> {
        let max_buffer_bytes = limits.max_buffer_bytes;
        let parsing = format!("argument {}: {}", self.index, arg.name);
        self.index += 1;
        let at = |lines: &Lines, r: Range<usize>, m: &str, label: &str| {
            err(lines.span(r), format!("{m} ({parsing})"), label.to_string())
        };
        let lines = &mut self.lines;
        lines.skip_to_word().map_err(|_| eof(lines, &parsing))?;
        let Some((c, c_at)) = lines.cur.byte() else {
            return Err(eof(lines, &parsing));
        };
        if c != b'<' {
            let mut w = Cursor::new(lines.text, c_at..lines.cur.end);
            let r = w.word().unwrap_or(c_at..c_at + 1);
            return Err(at(
                lines,
                r,
                "Expected argument header <...>",
                &format!(
                    "expected `<` to start the header of argument `{}`",
                    arg.name
                ),
            ));
        }
        let body_start = lines.cur.pos;
        let Some(close) = lines.text[body_start..lines.cur.end]
            .iter()
            .rposition(|b| *b == b'>')
            .map(|i| body_start + i)
        else {
            return Err(at(
                lines,
                c_at..lines.cur.end,
                "Missing '>' at end of argument header",
                "expected `>` on this line (a header is one line; a `#` starts a comment)",
            ));
        };
        lines.cur.pos = close + 1;
        let t = header_tokens(lines, body_start..close, arg, &parsing)?;
        let header_span = lines.span(c_at..close + 1);
        let with =
            |m: &str, label: &str| err(header_span, format!("{m} ({parsing})"), label.to_string());
        // The checks after the tokens, in Oclgrind's order.
        let size = if let Some(null_at) = t.null {
            if t.size.is_some()
                || t.fill.is_some()
                || t.range.is_some()
                || t.noinit.is_some()
                || t.dump
            {
                return Err(err(
                    null_at,
                    format!("'null' not valid with other argument descriptors ({parsing})"),
                    "`null` stands alone in its header",
                ));
            }
            0
        } else {
            match t.size {
                // `size=-1` reads as SIZE_MAX, Oclgrind's "no size" mark.
                Some((s, _)) if s != u64::MAX => s,
                _ => return Err(with("size required", "expected `size=BYTES` in the header")),
            }
        };
        let elem = match t.elem.or_else(|| Elem::from_type_name(&arg.type_name)) {
            Some(e) => e,
            None => {
                return Err(with(
                    "Invalid default kernel argument type",
                    &format!(
                        "`{}` has no default element type; name one (char, uchar, ..., double)",
                        arg.type_name
                    ),
                ))
            }
        };
        if !size.is_multiple_of(elem.size()) {
            let s = t.size.map_or(header_span, |(_, s)| s);
            return Err(err(
                s,
                format!("Initialiser type must exactly divide argument size ({parsing})"),
                format!("expected a multiple of {} ({})", elem.size(), elem.name()),
            ));
        }
        if t.dump && !matches!(arg.space, Space::Global | Space::Constant) {
            return Err(with(
                "'dump' only valid for memory objects",
                "`dump` needs a __global or __constant buffer",
            ));
        }
        if [t.noinit.is_some(), t.fill.is_some(), t.range.is_some()]
            .iter()
            .filter(|x| **x)
            .count()
            > 1
        {
            return Err(with(
                "Multiple initializers present",
                "expected one of `fill=`, `range=`, `noinit`",
            ));
        }
        if arg.space == Space::Local {
            // Only the size; the data of a `__local` argument is never read.
            return Ok(SimArg::Local(size));
        }
        if t.null.is_some() {
            return Ok(SimArg::Null);
        }
        // The one allocation sized by the file: checked first.
        let size_span = t.size.map_or(header_span, |(_, s)| s);
        if size > max_buffer_bytes {
            return Err(err(
                size_span,
                format!("argument size {size} is over the device's largest buffer ({parsing})"),
                format!("at most {max_buffer_bytes} bytes ({})", limits.buffer_name),
            ));
        }
        if arg.space != Space::Private {
            let total = self.global_bytes.saturating_add(size);
            if total > crate::limits::SIM_MAX_GLOBAL_BYTES {
                return Err(err(
                    size_span,
                    format!("Failed to allocate global memory ({parsing}): the buffers are over SIM_MAX_GLOBAL_BYTES"),
                    format!(
                        "the file's buffers would take {total} bytes; at most {} (SIM_MAX_GLOBAL_BYTES)",
                        crate::limits::SIM_MAX_GLOBAL_BYTES
                    ),
                ));
            }
            self.global_bytes = total;
        }
        let n = (size / elem.size()) as usize;
        let mut bytes = Vec::with_capacity(size as usize);
        if t.noinit.is_some() {
            bytes.resize(size as usize, 0);
        } else if let Some((r, span)) = t.fill {
            let mut c = Cursor::new(lines.text, r);
            let v = read_value(lines, &mut c, elem, t.hex, span, &parsing)?;
            if v.is_none() || !c.exhausted() {
                return Err(err(
                    span,
                    format!("Invalid fill value ({parsing})"),
                    format!("expected one {} value", elem.name()),
                ));
            }
            let v = v.unwrap_or(Num::Int(0));
            for _ in 0..n {
                encode(elem, v, &mut bytes);
            }
        } else if let Some((r, span)) = t.range {
            fill_range(lines, r, span, elem, t.hex, size, &parsing, &mut bytes)?;
        } else {
            for _ in 0..n {
                let v = data_value(lines, elem, t.hex, &parsing)?;
                encode(elem, v, &mut bytes);
            }
        }
        Ok(match arg.space {
            Space::Private => {
                if size < arg.size {
                    return Err(err(
                        size_span,
                        format!("value argument too small ({parsing})"),
                        format!("the kernel takes {} bytes ({})", arg.size, arg.type_name),
                    ));
                }
                bytes.truncate(arg.size as usize);
                SimArg::Value(bytes)
            }
            _ => SimArg::Buffer {
                bytes,
                dump: t.dump.then_some(Dump { elem, hex: t.hex }),
                read_only: t.read_only,
                write_only: t.write_only,
                noinit: t.noinit.is_some(),
            },
        })
    }

    /// After the last argument: nothing but whitespace in the rest of the file (the
    /// rest of the current line is not looked at, and a comment is not skipped).
    pub fn finish(self) -> Result<(), Diagnostic> {
        let l = &self.lines;
        let mut c = Cursor::new(l.text, l.next..l.text.len());
        match c.word() {
            None => Ok(()),
            Some(r) => {
                let w = String::from_utf8_lossy(&l.text[r.clone()]).into_owned();
                Err(err(
                    l.span(r),
                    format!("Unexpected token '{w}' (expected EOF)"),
                    "expected the end of the file: every kernel argument has its value (oclgrind-kernel reads no comment here either)",
                ))
            }
        }
    }
}

/// The tokens of one header, with the checks Oclgrind makes token by token.
fn header_tokens(
    lines: &Lines,
    body: Range<usize>,
    arg: &ArgDesc,
    parsing: &str,
) -> Result<HeaderTokens, Diagnostic> {
    let mut t = HeaderTokens::default();
    let mut c = Cursor::new(lines.text, body);
    let buffer = matches!(arg.space, Space::Global | Space::Constant);
    while let Some(r) = c.word() {
        let tok = &lines.text[r.clone()];
        let span = lines.span(r.clone());
        let bad = |m: &str, label: &str| err(span, format!("{m} ({parsing})"), label.to_string());
        let s = String::from_utf8_lossy(tok);
        if let Some(e) = Elem::by_name(&s) {
            if t.elem.is_some() {
                return Err(bad(
                    "Argument type defined multiple times",
                    "a second element type",
                ));
            }
            t.elem = Some(e);
        } else if tok.starts_with(b"dump") {
            t.dump = true;
        } else if tok.starts_with(b"fill") {
            if tok.len() < 6 || tok[4] != b'=' {
                return Err(bad("Expected =VALUE after 'fill", "expected `fill=VALUE`"));
            }
            t.fill = Some((r.start + 5..r.end, span));
        } else if tok == b"hex" {
            t.hex = true;
        } else if tok == b"noinit" {
            if !buffer {
                return Err(bad(
                    "'noinit' only valid for buffer arguments",
                    "a buffer argument only",
                ));
            }
            t.noinit = Some(span);
        } else if tok == b"null" {
            if !buffer {
                return Err(bad(
                    "'null' only valid for buffer arguments",
                    "a buffer argument only",
                ));
            }
            t.null = Some(span);
        } else if tok.starts_with(b"range") {
            if tok.len() < 7 || tok[5] != b'=' {
                return Err(bad(
                    "Expected =START:INC:END after 'range",
                    "expected `range=START:INC:END`",
                ));
            }
            t.range = Some((r.start + 6..r.end, span));
        } else if tok == b"ro" || tok == b"wo" {
            let ro = tok == b"ro";
            if (ro && t.write_only) || (!ro && t.read_only) {
                return Err(bad(
                    "'ro' and 'wo' are mutually exclusive",
                    "one of `ro`, `wo`",
                ));
            }
            if arg.space != Space::Global {
                let m = if ro {
                    "'ro' only valid for global memory buffers"
                } else {
                    "'wo' only valid for global memory buffers"
                };
                return Err(bad(m, "a __global buffer only"));
            }
            if ro {
                t.read_only = true;
            } else {
                t.write_only = true;
            }
        } else if tok.starts_with(b"size") {
            if tok.get(4) != Some(&b'=') {
                return Err(bad("Expected = after 'size'", "expected `size=BYTES`"));
            }
            let mut v = Cursor::new(lines.text, r.start + 5..r.end);
            match v.int(false, false, 64) {
                Ok((n, _)) if v.exhausted() => t.size = Some((n as u64, span)),
                _ => {
                    return Err(bad(
                        "Invalid value for 'size'",
                        "expected a decimal number of bytes",
                    ))
                }
            }
        } else {
            return Err(bad(
                &format!("Unrecognised header token '{s}'"),
                "expected a type, dump, fill=, hex, noinit, null, range=, ro, size= or wo",
            ));
        }
    }
    Ok(t)
}

/// A value read for an element type: integers exactly, floats as f64.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Num {
    Int(i128),
    Float(f64),
}

/// `readValue<T>` (fill and range): `Ok(None)` when the stream failed without an
/// error of its own (the caller reports it); chars are read as `int` and must fit.
fn read_value(
    lines: &Lines,
    c: &mut Cursor,
    elem: Elem,
    hex: bool,
    span: Span,
    parsing: &str,
) -> Result<Option<Num>, Diagnostic> {
    if elem.is_float() {
        return Ok(c.float(elem == Elem::Double).ok().map(|v| Num::Float(v.0)));
    }
    if elem.size() == 1 {
        // Read as int: on overflow the int saturates, which no char holds.
        let v = match c.int(hex, true, 32) {
            Ok((v, _)) => v,
            Err((Fail::Overflow, _)) => i128::MAX,
            Err((Fail::NoValue, _)) => return Ok(None),
        };
        check_char(lines, elem, v, span, parsing)?;
        return Ok(Some(Num::Int(v)));
    }
    Ok(c.int(hex, elem.is_signed(), (elem.size() * 8) as u32)
        .ok()
        .map(|v| Num::Int(v.0)))
}

fn check_char(
    lines: &Lines,
    elem: Elem,
    v: i128,
    span: Span,
    parsing: &str,
) -> Result<(), Diagnostic> {
    let _ = lines;
    let ok = match elem {
        Elem::Char => (-128..=127).contains(&v),
        _ => (0..=255).contains(&v),
    };
    if ok {
        Ok(())
    } else {
        Err(err(
            span,
            format!("Invalid char value ({parsing})"),
            if elem == Elem::Char {
                "expected -128 to 127"
            } else {
                "expected 0 to 255"
            },
        ))
    }
}

/// One data value (`parseArgumentData`'s `get`): the next word on this or a later line.
fn data_value(lines: &mut Lines, elem: Elem, hex: bool, parsing: &str) -> Result<Num, Diagnostic> {
    lines.skip_to_word().map_err(|_| eof(lines, parsing))?;
    let what = format!(
        "a{} {} value",
        if hex && !elem.is_float() {
            " hexadecimal"
        } else {
            ""
        },
        elem.name()
    );
    let r = if elem.is_float() {
        lines
            .cur
            .float(elem == Elem::Double)
            .map(|(v, r)| (Num::Float(v), r))
    } else if elem.size() == 1 {
        lines.cur.int(hex, true, 32).map(|(v, r)| (Num::Int(v), r))
    } else {
        lines
            .cur
            .int(hex, elem.is_signed(), (elem.size() * 8) as u32)
            .map(|(v, r)| (Num::Int(v), r))
    };
    match r {
        Ok((v, r)) => {
            if let (Num::Int(i), 1) = (v, elem.size()) {
                check_char(lines, elem, i, lines.span(r), parsing)?;
            }
            Ok(v)
        }
        Err((f, r)) => Err(failed(lines, r, parsing, f, &what)),
    }
}

/// `range=START:INC:END`: the count `(END - START + INC) / INC` (the subtraction in
/// the element type, as C++ computes it) must be a whole number of elements filling
/// the argument exactly.
#[allow(clippy::too_many_arguments)]
fn fill_range(
    lines: &Lines,
    r: Range<usize>,
    span: Span,
    elem: Elem,
    hex: bool,
    size: u64,
    parsing: &str,
    out: &mut Vec<u8>,
) -> Result<(), Diagnostic> {
    let bad_format = || {
        err(
            span,
            format!("Invalid range format ({parsing})"),
            format!("expected START:INC:END, three {} values", elem.name()),
        )
    };
    let mut c = Cursor::new(lines.text, r);
    let mut v = [Num::Int(0); 3];
    for (i, x) in v.iter_mut().enumerate() {
        *x = read_value(lines, &mut c, elem, hex, span, parsing)?.ok_or_else(bad_format)?;
        if i < 2 {
            match c.byte() {
                Some((b':', _)) => {}
                _ => return Err(bad_format()),
            }
        }
    }
    if !c.exhausted() {
        return Err(bad_format());
    }
    let n = elem.size();
    // The element count, as Oclgrind computes it.
    let num: f64 = match (v[0], v[1], v[2]) {
        (Num::Float(a), Num::Float(inc), Num::Float(b)) => {
            let top = if elem == Elem::Float {
                ((b as f32 - a as f32) + inc as f32) as f64
            } else {
                (b - a) + inc
            };
            top / inc
        }
        (Num::Int(a), Num::Int(inc), Num::Int(b)) => {
            let top = wrap(elem, wrap(elem, b - a) + inc);
            top as f64 / inc as f64
        }
        _ => return Err(bad_format()),
    };
    if num.ceil() != num || num * n as f64 != size as f64 {
        return Err(err(
            span,
            format!("Range doesn't produce correct buffer size ({parsing})"),
            format!(
                "(END - START + INC) / INC must be {} (size / {n}), a whole number",
                size / n
            ),
        ));
    }
    let mut x = v[0];
    for _ in 0..size / n {
        encode(elem, x, out);
        x = match (x, v[1]) {
            (Num::Int(a), Num::Int(inc)) => Num::Int(wrap(elem, a + inc)),
            (Num::Float(a), Num::Float(inc)) if elem == Elem::Float => {
                Num::Float((a as f32 + inc as f32) as f64)
            }
            (Num::Float(a), Num::Float(inc)) => Num::Float(a + inc),
            (a, _) => a,
        };
    }
    Ok(())
}

/// Integer arithmetic of C++ for the element type: chars and shorts promote to `int`,
/// wider types wrap at their width.
fn wrap(elem: Elem, v: i128) -> i128 {
    match elem {
        Elem::Char | Elem::UChar | Elem::Short | Elem::UShort | Elem::Int => v as i32 as i128,
        Elem::UInt => v as u32 as i128,
        Elem::Long => v as i64 as i128,
        _ => v as u64 as i128,
    }
}

/// Append one element's little-endian bytes.
fn encode(elem: Elem, v: Num, out: &mut Vec<u8>) {
    match (elem, v) {
        (Elem::Float, Num::Float(f)) => out.extend_from_slice(&(f as f32).to_le_bytes()),
        (Elem::Double, Num::Float(f)) => out.extend_from_slice(&f.to_le_bytes()),
        (_, Num::Int(i)) => {
            out.extend_from_slice(&(i as u64).to_le_bytes()[..elem.size() as usize])
        }
        (_, Num::Float(f)) => {
            out.extend_from_slice(&(f as u64).to_le_bytes()[..elem.size() as usize])
        }
    }
}

/// Property (the `sim_parse` fuzz target; `sim_files_never_panic` under `cargo test`):
/// any bytes read as a `.sim` file against any kernel arguments give arguments or a
/// located diagnostic, never a panic, and never more bytes than the bound it is given.
#[doc(hidden)]
pub fn check_sim(data: &[u8]) {
    const BOUND: u64 = 1 << 16;
    let mut sm = SourceMap::new();
    let id = sm.add("fuzz.sim", data.to_vec());
    let Ok((_, mut reader)) = parse_header(&sm, id) else {
        return;
    };
    // Arguments of every kind, picked by the input's length.
    let kinds = [
        (Space::Global, "float*", 8),
        (Space::Local, "int*", 8),
        (Space::Private, "int", 4),
        (Space::Constant, "uchar*", 8),
        (Space::Private, "struct S", 12),
        (Space::Global, "double*", 8),
        (Space::Private, "char", 1),
    ];
    let limits = crate::limits::DeviceLimits {
        max_buffer_bytes: BOUND,
        max_global_work_items: u64::MAX,
        buffer_name: "the bound",
        global_name: "the bound",
    };
    let mut total = 0u64;
    for i in 0..6 {
        let (space, ty, size) = kinds[(i + data.len()) % kinds.len()];
        let desc = ArgDesc {
            name: format!("a{i}"),
            space,
            type_name: ty.into(),
            size,
        };
        match reader.argument(&desc, &limits) {
            Ok(SimArg::Buffer { bytes, .. }) | Ok(SimArg::Value(bytes)) => {
                assert!(bytes.len() as u64 <= BOUND);
                total += bytes.len() as u64;
            }
            Ok(_) => {}
            Err(d) => {
                assert!(d.primary_span().is_some(), "{}", d.render(&sm));
                return;
            }
        }
    }
    assert!(total <= 6 * BOUND);
    let _ = reader.finish();
}

#[cfg(test)]
mod tests {
    use super::*;
    use kauai_testkit::{mutate, Rng};

    #[test]
    fn sim_files_never_panic() {
        let seeds = [
            "k.cl\nvecadd\n4 1 1\n4 1 1\n<size=16>\n1 2 3 4\n<size=16 fill=0.5>\n<size=16 dump noinit>\n",
            "# ARGS: --data-races\nk.cl k 8 1 1 4 1 1 <size=32 dump hex range=0:1:7 int> <size=16>\n<size=4> 7\n",
            "k.cl\nk\n1 1 1\n1 1 1\n<size=8 ulong hex> ffffffffffffffff\n<null>\n<size=4 char> -1 2 3 300\n",
            "a b 1 2 3 4 5 6 <size=-1> <size=18446744073709551615> <fill=1e400 size=8> <range=1:0:1 size=4>",
        ];
        for (_, bytes) in kauai_testkit::fuzz_regressions("sim_parse") {
            check_sim(&bytes);
        }
        let mut r = Rng::new(0x51A);
        for seed in seeds {
            check_sim(seed.as_bytes());
            for _ in 0..60 {
                check_sim(&mutate::bytes(
                    &mut r,
                    seed.as_bytes(),
                    b"<>=:#\n 019-.xefilnsz",
                ));
                check_sim(mutate::lines(&mut r, seed).as_bytes());
            }
        }
    }
}
