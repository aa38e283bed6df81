//! Lexer and parser for IL text.
//!
//! IL is read a line at a time. A line is blank, a `;` comment (kept verbatim: metadata
//! lives there), or code with an optional trailing `; comment`. Code is split into words
//! separated by blanks and commas, where parentheses and brackets protect their contents
//! (`dcl_resource_id(0)_type(2d,unnorm)`, `cb1[r0.x + 2]`). Several instructions may share
//! a line, as in AMD's IL slides (docs/spec/amd-il.md#programs-and-lines): an instruction's operand list ends at the first
//! word that is not preceded by a comma. Errors become diagnostics; the line is skipped and
//! parsing goes on, so one run reports every bad line.
//!
//! IL code is ASCII; only comments (which hold metadata and free text) may hold other
//! characters. A line whose code part holds a non-ASCII character is reported and skipped
//! before it is tokenized, so every byte offset the lexer and the operand parsers slice at
//! is a character boundary.

use kauai_diag::{Diagnostic, Diagnostics, FileId, SourceMap, Span};

use crate::ast::*;
use crate::opcodes::{self, Needs};

/// Controls that contain an underscore and must not be split at it.
const MULTIWORD_CONTROLS: &[&str] = &["neg_inf", "plus_inf", "mem_read_only", "mem_write_only"];

/// Parse the IL text of `file`, a whole program. Problems are pushed to `diags`; the
/// returned program holds every line that parsed. A file without a single IL line (empty,
/// or only comments) is an error: it is no program.
pub fn parse(sources: &SourceMap, file: FileId, diags: &mut Diagnostics) -> Program {
    let text = match sources.get(file) {
        Some(f) => f.text(),
        None => {
            diags.push(Diagnostic::error(format!("no source file {}", file.0)));
            return Program::default();
        }
    };
    let before = diags.error_count();
    let program = parse_str(text, file, diags);
    let has_code = program
        .lines
        .iter()
        .any(|l| matches!(l.kind, LineKind::Header(_) | LineKind::Inst(_)));
    if !has_code && diags.error_count() == before {
        diags.push(Diagnostic::error("empty IL program").at(
            Span::new(file, 0, 0),
            "expected an IL header such as `il_cs_2_0`, then instructions",
        ));
    }
    program
}

/// Parse IL text directly; spans refer to `file`.
pub fn parse_str(text: &str, file: FileId, diags: &mut Diagnostics) -> Program {
    let mut p = Parser {
        file,
        diags,
        lines: Vec::new(),
    };
    let mut start = 0usize;
    let mut in_debug = false;
    let mut pieces: Vec<&str> = text.split('\n').collect();
    // The piece after a final newline is not a line.
    if pieces.last() == Some(&"") {
        pieces.pop();
    }
    for raw in pieces {
        // Every carriage return before the newline is line-ending noise (a CRLF file, or
        // stray CRs): dropping them all keeps the printed text a fixpoint.
        let line = raw.trim_end_matches('\r');
        let marker = line.trim().strip_prefix(';').map(str::trim_end);
        if in_debug && marker != Some("DEBUGEND") {
            // Debug ranges hold assembler directives, not IL: keep them as they are.
            p.lines.push(Line {
                kind: LineKind::Debug(line.to_string()),
                comment: None,
                loc: Loc(Span::new(file, start, start + line.len())),
            });
        } else {
            in_debug = match marker {
                Some("DEBUGSTART") => true,
                Some("DEBUGEND") => false,
                _ => in_debug,
            };
            p.line(line, start);
        }
        start += raw.len() + 1;
    }
    Program { lines: p.lines }
}

struct Parser<'d> {
    file: FileId,
    diags: &'d mut Diagnostics,
    lines: Vec<Line>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok<'a> {
    Word(&'a str, usize),
    Comma(usize),
}

impl Parser<'_> {
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, start, end)
    }

    fn err(&mut self, start: usize, end: usize, msg: impl Into<String>, label: impl Into<String>) {
        let span = self.span(start, end);
        self.diags.push(Diagnostic::error(msg).at(span, label));
    }

    fn line(&mut self, line: &str, base: usize) {
        let loc = Loc(self.span(base, base + line.len()));
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if trimmed.trim_end().is_empty() {
            self.lines.push(Line {
                kind: LineKind::Blank,
                comment: None,
                loc,
            });
            return;
        }
        if let Some(text) = trimmed.strip_prefix(';') {
            self.lines.push(Line {
                kind: LineKind::Comment(text.to_string()),
                comment: None,
                loc,
            });
            return;
        }
        let (code, comment) = match line.find(';') {
            Some(i) => (&line[..i], Some(line[i + 1..].to_string())),
            None => (line, None),
        };
        if let Some((at, c)) = code.char_indices().find(|(_, c)| !c.is_ascii()) {
            self.err(
                base + at,
                base + at + c.len_utf8(),
                format!("non-ASCII character `{}` in IL code", c.escape_debug()),
                "IL code is ASCII; only `;` comments may hold other characters",
            );
            return;
        }
        let first = self.lines.len();
        let toks = match self.tokenize(code, base) {
            Some(t) => t,
            None => return,
        };
        let _ = indent;
        self.instructions(&toks, base, line.len());
        if self.lines.len() > first {
            if let Some(last) = self.lines.last_mut() {
                last.comment = comment;
            }
        } else if comment.is_some() {
            // The code part failed to parse; the error is already reported.
        }
    }

    fn tokenize<'a>(&mut self, code: &'a str, base: usize) -> Option<Vec<Tok<'a>>> {
        let b = code.as_bytes();
        let mut toks = Vec::new();
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c == b' ' || c == b'\t' {
                i += 1;
                continue;
            }
            if c == b',' {
                toks.push(Tok::Comma(base + i));
                i += 1;
                continue;
            }
            let start = i;
            let mut depth: i32 = 0;
            while i < b.len() {
                let c = b[i];
                match c {
                    b'(' | b'[' => depth += 1,
                    b')' | b']' => {
                        depth -= 1;
                        if depth < 0 {
                            self.err(
                                base + i,
                                base + i + 1,
                                "unbalanced closing bracket",
                                "no matching opening bracket",
                            );
                            return None;
                        }
                    }
                    b' ' | b'\t' | b',' if depth == 0 => break,
                    _ => {}
                }
                i += 1;
            }
            if depth != 0 {
                self.err(
                    base + start,
                    base + i,
                    "unbalanced bracket",
                    "expected a closing `)` or `]`",
                );
                return None;
            }
            toks.push(Tok::Word(&code[start..i], base + start));
        }
        Some(toks)
    }

    fn instructions(&mut self, toks: &[Tok<'_>], line_base: usize, line_len: usize) {
        let mut i = 0;
        while i < toks.len() {
            let (word, at) = match toks[i] {
                Tok::Word(w, at) => (w, at),
                Tok::Comma(at) => {
                    self.err(at, at + 1, "unexpected `,`", "expected an instruction");
                    return;
                }
            };
            i += 1;
            if let Some(rest) = word.strip_prefix("il_") {
                match parse_header(rest) {
                    Some(h) => self.lines.push(Line {
                        kind: LineKind::Header(h),
                        comment: None,
                        loc: Loc(self.span(at, at + word.len())),
                    }),
                    None => {
                        self.err(
                            at,
                            at + word.len(),
                            format!("malformed IL header `{word}`"),
                            "expected `il_<vs|ps|gs|cs|hs|ds>_<major>_<minor>`, e.g. `il_cs_2_0`",
                        );
                        return;
                    }
                }
                continue;
            }
            let Some((info, n)) = opcodes::split_mnemonic(word) else {
                self.err(
                    at,
                    at + word.len(),
                    format!("unknown IL opcode `{word}`"),
                    "not an instruction in the opcode table",
                );
                return;
            };
            let Some((paren, controls)) = self.controls(&word[n..], at + n) else {
                return;
            };
            // Operands: the first word if the opcode takes any, then `, word` repeatedly.
            let takes = info.dst + info.src_max > 0 || info.needs == Needs::Number;
            let mut operands = Vec::new();
            let mut end = at + word.len();
            if takes {
                if let Some(Tok::Word(w, wat)) = toks.get(i) {
                    i += 1;
                    match self.operand(w, *wat, true) {
                        Some(o) => operands.push(o),
                        None => return,
                    }
                    end = wat + w.len();
                    while let Some(Tok::Comma(cat)) = toks.get(i) {
                        match toks.get(i + 1) {
                            Some(Tok::Word(w, wat)) => {
                                i += 2;
                                match self.operand(w, *wat, true) {
                                    Some(o) => operands.push(o),
                                    None => return,
                                }
                                end = wat + w.len();
                            }
                            _ => {
                                self.err(
                                    *cat,
                                    cat + 1,
                                    "trailing `,`",
                                    "expected an operand after `,`",
                                );
                                return;
                            }
                        }
                    }
                }
            }
            let _ = (line_base, line_len);
            self.lines.push(Line {
                kind: LineKind::Inst(Inst {
                    op: info,
                    paren,
                    controls,
                    operands,
                    loc: Loc(self.span(at, end)),
                }),
                comment: None,
                loc: Loc(self.span(at, end)),
            });
        }
    }

    /// `(paren)` then `_ctrl`, `_ctrl(arg)`...
    fn controls(&mut self, s: &str, at: usize) -> Option<(Option<String>, Vec<Control>)> {
        let mut rest = s;
        let mut pos = at;
        let mut paren = None;
        if rest.starts_with('(') {
            let close = match rest.find(')') {
                Some(c) => c,
                None => {
                    self.err(pos, pos + rest.len(), "unclosed `(`", "expected `)`");
                    return None;
                }
            };
            paren = Some(rest[1..close].to_string());
            rest = &rest[close + 1..];
            pos += close + 1;
        }
        let mut controls = Vec::new();
        while !rest.is_empty() {
            let Some(r) = rest.strip_prefix('_') else {
                self.err(
                    pos,
                    pos + rest.len(),
                    format!("unexpected `{rest}` after the mnemonic"),
                    "expected `_control` or `_control(value)`",
                );
                return None;
            };
            let (c, used) = match split_control(r) {
                Some(x) => x,
                None => {
                    self.err(
                        pos,
                        pos + rest.len(),
                        format!("malformed control `{rest}`"),
                        "expected `_name` or `_name(value)`",
                    );
                    return None;
                }
            };
            controls.push(c);
            rest = &r[used..];
            pos += used + 1;
        }
        Some((paren, controls))
    }

    fn operand(&mut self, w: &str, at: usize, allow_group: bool) -> Option<Operand> {
        let loc = Loc(self.span(at, at + w.len()));
        let first = w.as_bytes()[0];
        if first == b'(' {
            if !allow_group {
                self.err(
                    at,
                    at + w.len(),
                    "nested operand group",
                    "groups do not nest",
                );
                return None;
            }
            let Some(inner) = w.strip_prefix('(').and_then(|r| r.strip_suffix(')')) else {
                self.err(
                    at,
                    at + w.len(),
                    "malformed operand group",
                    "expected `(...)`",
                );
                return None;
            };
            let mut items = Vec::new();
            let mut off = at + 1;
            for piece in inner.split(',') {
                let lead = piece.len() - piece.trim_start().len();
                let t = piece.trim();
                if t.is_empty() {
                    if inner.trim().is_empty() {
                        break;
                    }
                    self.err(
                        off,
                        off + piece.len(),
                        "empty operand",
                        "expected an operand",
                    );
                    return None;
                }
                items.push(self.operand(t, off + lead, false)?);
                off += piece.len() + 1;
            }
            return Some(Operand {
                kind: OperandKind::Group(items),
                loc,
            });
        }
        if first.is_ascii_digit()
            || ((first == b'-' || first == b'+' || first == b'.') && w.len() > 1)
        {
            return match parse_number(w) {
                Ok(n) => Some(Operand {
                    kind: OperandKind::Num(n),
                    loc,
                }),
                Err(NumberError::Malformed) => {
                    self.err(
                        at,
                        at + w.len(),
                        format!("malformed number `{w}`"),
                        "expected a decimal, `0x` hex or finite float number",
                    );
                    None
                }
                Err(NumberError::TooWide) => {
                    self.err(
                        at,
                        at + w.len(),
                        format!("number `{w}` does not fit in 32 bits"),
                        "IL literals are 32 bits: integers from -2147483648 to 4294967295 (0xFFFFFFFF), finite floats",
                    );
                    None
                }
            };
        }
        match parse_register(w) {
            Ok(r) => Some(Operand {
                kind: OperandKind::Reg(r),
                loc,
            }),
            Err((off, msg, label)) => {
                self.err(at + off, at + w.len(), msg, label);
                None
            }
        }
    }
}

fn parse_header(rest: &str) -> Option<Header> {
    let mut parts = rest.split('_');
    let stage = Stage::from_name(parts.next()?)?;
    let major = parse_small(parts.next()?)?;
    let minor = parse_small(parts.next()?)?;
    if parts.next().is_some() {
        return None;
    }
    Some(Header {
        stage,
        major,
        minor,
    })
}

fn parse_small(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 6 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// One control after its `_`: the name, an optional `(arg)`, and the bytes used.
fn split_control(r: &str) -> Option<(Control, usize)> {
    for m in MULTIWORD_CONTROLS {
        if let Some(after) = r.strip_prefix(m) {
            if after.is_empty() || after.starts_with('_') {
                return Some((
                    Control {
                        name: m.to_string(),
                        arg: None,
                    },
                    m.len(),
                ));
            }
        }
    }
    let name_len = r
        .bytes()
        .position(|b| b == b'_' || b == b'(')
        .unwrap_or(r.len());
    if name_len == 0 || !r[..name_len].bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    let name = r[..name_len].to_string();
    if r[name_len..].starts_with('(') {
        let close = name_len + r[name_len..].find(')')?;
        let arg = r[name_len + 1..close].to_string();
        if arg.contains('(') {
            return None;
        }
        Some((
            Control {
                name,
                arg: Some(arg),
            },
            close + 1,
        ))
    } else {
        Some((Control { name, arg: None }, name_len))
    }
}

/// Why a word is not an IL number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// Not a decimal, `0x` hex or float number at all.
    Malformed,
    /// An integer outside -2^31 ..= 2^32 - 1 or a float that is not a finite 32-bit
    /// float: IL registers and literals are 32 bits a lane.
    TooWide,
}

/// Decimal (optionally signed), `0x` hex, or a finite float (`1.5`, `-2e3`, `1.0f`), each
/// fitting 32 bits: integers in -2^31 ..= 2^32 - 1 (signed or unsigned patterns), floats
/// finite as `f32`.
pub fn parse_number(w: &str) -> Result<Number, NumberError> {
    use NumberError::{Malformed, TooWide};
    let body = w.strip_prefix('+').unwrap_or(w);
    if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        if h.is_empty() || !h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(Malformed);
        }
        let digits = h.trim_start_matches('0');
        if digits.len() > 8 {
            return Err(TooWide);
        }
        return u64::from_str_radix(h, 16)
            .map(Number::Hex)
            .map_err(|_| TooWide);
    }
    let digits = body.strip_prefix('-').unwrap_or(body);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return match body.parse::<i64>() {
            Ok(v) if (i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(&v) => Ok(Number::Dec(v)),
            _ => Err(TooWide),
        };
    }
    let f = body.strip_suffix('f').unwrap_or(body);
    if !f
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'))
        || !f.bytes().any(|b| b.is_ascii_digit())
    {
        return Err(Malformed);
    }
    let v: f64 = f.parse().map_err(|_| Malformed)?;
    if !(v as f32).is_finite() {
        return Err(TooWide);
    }
    Ok(Number::Float(v.to_bits()))
}

type RegErr = (usize, String, String);

/// `prefix[num][[index]]` then any of `.swizzle`, `_mod`, `_mod(arg)`.
pub fn parse_register(w: &str) -> Result<RegOperand, RegErr> {
    let letters = w
        .bytes()
        .position(|b| !b.is_ascii_alphabetic())
        .unwrap_or(w.len());
    let prefix = &w[..letters];
    let file = REG_PREFIXES
        .iter()
        .find(|(p, _)| *p == prefix)
        .map(|(_, f)| *f)
        .ok_or_else(|| {
            (
                0,
                format!("unknown register `{prefix}`"),
                "expected a register such as `r0`, `l1`, `cb0[2]`, `x0[r1.x]`, `g[0]`, `mem0`, `vAbsTid`"
                    .to_string(),
            )
        })?;
    let mut i = letters;
    let b = w.as_bytes();
    let dstart = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let num = if i > dstart {
        if i - dstart > 9 {
            return Err((
                dstart,
                "register number too large".into(),
                "at most 9 digits".into(),
            ));
        }
        Some(w[dstart..i].parse::<u32>().map_err(|_| {
            (
                dstart,
                "malformed register number".to_string(),
                "expected digits".to_string(),
            )
        })?)
    } else {
        None
    };
    if num.is_none() && file.needs_number() {
        return Err((
            0,
            format!("register `{prefix}` needs a number"),
            format!("expected e.g. `{prefix}0`"),
        ));
    }
    let mut index = None;
    if i < b.len() && b[i] == b'[' {
        let close = match w[i..].find(']') {
            Some(c) => i + c,
            None => return Err((i, "unclosed `[`".into(), "expected `]`".into())),
        };
        index = Some(parse_index(&w[i + 1..close]).map_err(|(o, m, l)| (i + 1 + o, m, l))?);
        i = close + 1;
    }
    if index.is_some() && !file.indexed() {
        return Err((
            0,
            format!("register `{prefix}` cannot be indexed"),
            "remove the `[...]`".into(),
        ));
    }
    if index.is_none() && file.indexed() {
        return Err((
            0,
            format!("register `{prefix}` needs an index"),
            "expected `[...]`".into(),
        ));
    }
    let mut swizzle = None;
    let mut mods = Vec::new();
    while i < b.len() {
        if b[i] == b'.' {
            if swizzle.is_some() {
                return Err((
                    i,
                    "second swizzle".into(),
                    "only one `.mask` per operand".into(),
                ));
            }
            let s = i + 1;
            let mut j = s;
            while j < b.len()
                && j - s < 4
                && matches!(b[j], b'x' | b'y' | b'z' | b'w' | b'0' | b'1' | b'_')
            {
                if b[j] == b'_' && starts_modifier(&w[j + 1..]) {
                    break;
                }
                j += 1;
            }
            // A letter or digit right after the components is a component we do not know
            // (`r1.q`, `r1.xq`), not the start of something else.
            if j < b.len() && j - s < 4 && b[j].is_ascii_alphanumeric() {
                return Err((
                    j,
                    format!("`{}` is not a swizzle component", b[j] as char),
                    "expected components from `xyzw01_`".into(),
                ));
            }
            if j == s {
                return Err((
                    i,
                    "empty swizzle".into(),
                    "expected components from `xyzw01_`".into(),
                ));
            }
            swizzle = Some(w[s..j].to_string());
            i = j;
        } else if b[i] == b'_' {
            let (c, used) = split_control(&w[i + 1..]).ok_or_else(|| {
                (
                    i,
                    "malformed modifier".to_string(),
                    "expected `_name` or `_name(arg)`".to_string(),
                )
            })?;
            if !OPERAND_MODIFIERS.contains(&c.name.as_str()) {
                return Err((
                    i,
                    format!("unknown operand modifier `{}`", c.name),
                    format!("expected one of {}", OPERAND_MODIFIERS.join(", ")),
                ));
            }
            mods.push(c);
            i += 1 + used;
        } else {
            return Err((
                i,
                format!("unexpected `{}` in operand", &w[i..]),
                "expected `.swizzle` or `_modifier`".into(),
            ));
        }
    }
    Ok(RegOperand {
        file,
        num,
        index,
        swizzle,
        mods,
    })
}

fn starts_modifier(s: &str) -> bool {
    OPERAND_MODIFIERS.iter().any(|m| {
        s.strip_prefix(m)
            .is_some_and(|r| r.is_empty() || r.starts_with(['(', '_', '.']))
    })
}

fn parse_index(s: &str) -> Result<Index, RegErr> {
    let t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    if t.is_empty() {
        return Err((
            0,
            "empty index".into(),
            "expected `[n]` or `[rN.c+n]`".into(),
        ));
    }
    match parse_number(&t) {
        Ok(Number::Dec(v)) => {
            return Ok(Index {
                base: None,
                offset: v,
            })
        }
        Err(NumberError::TooWide) => {
            return Err((
                0,
                format!("index `{t}` does not fit in 32 bits"),
                "expected an index from -2147483648 to 4294967295".into(),
            ))
        }
        _ => {}
    }
    let (reg, off) = match t.find(['+', '-']) {
        Some(p) => (&t[..p], Some(&t[p..])),
        None => (&t[..], None),
    };
    let r = parse_register(reg).map_err(|(_, m, _)| (0, m, "expected `[rN.c+n]`".to_string()))?;
    let comp = match r.swizzle.as_deref() {
        Some("x") => 0,
        Some("y") => 1,
        Some("z") => 2,
        Some("w") => 3,
        _ => {
            return Err((
                0,
                "relative index needs one component".into(),
                "expected e.g. `r1.x`".into(),
            ))
        }
    };
    if r.index.is_some() || !r.mods.is_empty() || r.num.is_none() {
        return Err((
            0,
            "relative index must be a plain register".into(),
            "expected e.g. `r1.x`".into(),
        ));
    }
    let offset = match off {
        None => 0,
        Some(o) => match parse_number(o.strip_prefix('+').unwrap_or(o)) {
            Ok(Number::Dec(v)) => v,
            _ => {
                return Err((
                    0,
                    "malformed index offset".into(),
                    "expected `+n` or `-n`".into(),
                ))
            }
        },
    };
    Ok(Index {
        base: Some(IndexBase {
            file: r.file,
            num: r.num.unwrap_or(0),
            comp,
        }),
        offset,
    })
}
