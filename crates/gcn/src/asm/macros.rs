//! CLRX's macro modes (doc/ClrxAsmPseudoOps.md): `.macrocase`/`.nomacrocase` (macro
//! names ignore case by default) and the alternate syntax of `.altmacro`/`.noaltmacro`:
//! parameters named without a backslash, `%EXPR` arguments replaced by their value,
//! arguments quoted by `<...>` or `'...'` with `!` escaping the next character, and
//! `local NAME` giving a name unique to one expansion. `\%EXPR` evaluates in either mode.

use std::borrow::Cow;

use kauai_diag::{FileId, Span};

use super::lex;
use super::Asm;

/// The state of the macro modes.
#[derive(Clone, Copy, Debug)]
pub(super) struct MacroModes {
    /// `.macrocase` (the default): macro names ignore letter case.
    pub ignore_case: bool,
    /// `.altmacro`.
    pub alternate: bool,
}

impl Default for MacroModes {
    fn default() -> MacroModes {
        MacroModes {
            ignore_case: true,
            alternate: false,
        }
    }
}

impl Asm<'_> {
    /// A statement that does not lex may still be a macro call whose arguments are
    /// text; call it if so (true).
    pub(super) fn call_unlexed_macro(&mut self, file: FileId, start: usize, text: &[u8]) -> bool {
        if self.macros.is_empty() {
            return false;
        }
        let lead = text.iter().take_while(|c| c.is_ascii_whitespace()).count();
        let len = text[lead..]
            .iter()
            .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$'))
            .count();
        let Ok(name) = std::str::from_utf8(&text[lead..lead + len]) else {
            return false;
        };
        let Some(m) = self.macros.get(self.macro_key(name).as_ref()).cloned() else {
            return false;
        };
        let span = Span::new(file, start + lead, start + lead + len);
        self.invoke_macro(name, &m, file, span, start, text);
        true
    }

    /// The key a macro named `name` is stored and found under.
    pub(super) fn macro_key<'n>(&self, name: &'n str) -> Cow<'n, str> {
        if self.macro_modes.ignore_case && name.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(name.to_ascii_lowercase())
        } else {
            Cow::Borrowed(name)
        }
    }

    /// One macro argument as the body receives it: `%EXPR` (alternate syntax) and
    /// `\%EXPR` become the expression's value in decimal, `<...>` and `'...'`
    /// (alternate syntax) lose their quotes and `!` escapes. `at` locates the argument
    /// for diagnostics.
    pub(super) fn macro_argument(
        &mut self,
        arg: &str,
        file: FileId,
        at: usize,
        stmt_end: usize,
    ) -> Option<String> {
        // A span past the statement (only if its text was not valid UTF-8) points at its end.
        let inside = |s: Span| {
            if s.end as usize > stmt_end {
                Span::new(file, stmt_end, stmt_end)
            } else {
                s
            }
        };
        let alt = self.macro_modes.alternate;
        let expr = if alt {
            arg.strip_prefix('%').map(|e| (e, 1))
        } else {
            None
        }
        .or_else(|| arg.strip_prefix("\\%").map(|e| (e, 2)));
        if let Some((e, skip)) = expr {
            let base = at + skip;
            let end = Span::new(file, base + e.len(), base + e.len());
            let toks = match lex::lex(file, base, e.as_bytes()) {
                Ok(t) => t,
                Err((s, m)) => {
                    self.err(inside(s), m);
                    return None;
                }
            };
            let mut p = super::Parser::new(&toks, end);
            let v = p.expr().and_then(|x| {
                if p.at_end() {
                    self.abs_now(&x)
                } else {
                    Err((p.span(), "unexpected text after expression".into()))
                }
            });
            return match v {
                Ok(v) => Some(v.to_string()),
                Err((s, m)) => {
                    self.err(inside(s), m);
                    None
                }
            };
        }
        if alt {
            let quoted = match arg.as_bytes().first() {
                Some(b'<') => Some('>'),
                Some(b'\'') => Some('\''),
                _ => None,
            };
            if let Some(close) = quoted {
                let mut out = String::new();
                let mut it = arg[1..].chars();
                let mut closed = false;
                while let Some(c) = it.next() {
                    match c {
                        '!' => out.extend(it.next()),
                        c if c == close => {
                            closed = true;
                            break;
                        }
                        c => out.push(c),
                    }
                }
                if !closed {
                    let s = inside(Span::new(file, at, at + arg.len()));
                    self.err(
                        s,
                        format!("missing '{close}' at the end of a quoted argument"),
                    );
                    return None;
                }
                return Some(out);
            }
        }
        Some(arg.to_string())
    }
}

/// Split macro arguments in the alternate syntax: as [`super::split_args`], but `<...>`
/// and `'...'` at the start of an argument quote commas and spaces (`!` escapes).
pub(super) fn split_alt_args(s: &str) -> Vec<String> {
    let s = s.trim();
    if s.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = s.chars().peekable();
    let mut depth = 0i32;
    let mut has_comma = false;
    // Spaces separate arguments only when there are no commas (as in standard mode).
    let commas = {
        let mut q: Option<char> = None;
        let mut bang = false;
        let mut found = false;
        for c in s.chars() {
            match q {
                Some(close) => {
                    if bang {
                        bang = false;
                    } else if c == '!' && close != '"' {
                        bang = true;
                    } else if c == close {
                        q = None;
                    }
                }
                None => match c {
                    '<' | '\'' | '"' => q = Some(if c == '<' { '>' } else { c }),
                    ',' => found = true,
                    _ => {}
                },
            }
        }
        found
    };
    while let Some(c) = chars.next() {
        let at_start = cur.trim().is_empty();
        match c {
            '<' | '\'' | '"' if at_start || c == '"' => {
                let close = if c == '<' { '>' } else { c };
                cur.push(c);
                while let Some(d) = chars.next() {
                    cur.push(d);
                    if d == '!' && close != '"' {
                        cur.extend(chars.next());
                    } else if d == close {
                        break;
                    }
                }
            }
            '(' | '[' => {
                depth += 1;
                cur.push(c);
            }
            ')' | ']' => {
                depth -= 1;
                cur.push(c);
            }
            ',' if depth == 0 => {
                has_comma = true;
                out.push(cur.trim().to_string());
                cur.clear();
            }
            c if c.is_whitespace() && !commas && depth == 0 => {
                if !cur.trim().is_empty() {
                    out.push(cur.trim().to_string());
                    cur.clear();
                }
            }
            c => cur.push(c),
        }
    }
    if has_comma || !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// `local NAME, ...` lines of a body (alternate syntax): each name gets a unique
/// replacement `.LL<n>`, counted by `next`; the lines themselves are removed.
pub(super) fn local_names(body: &str, next: &mut u64) -> (String, Vec<(String, String)>) {
    let mut names = Vec::new();
    let mut out = String::with_capacity(body.len());
    for line in body.split_inclusive('\n') {
        let t = line.trim_start();
        let tb = t.as_bytes();
        let rest = match tb.get(..6) {
            Some(w) if w[..5].eq_ignore_ascii_case(b"local") && w[5].is_ascii_whitespace() => {
                // Byte 6 follows an ASCII byte: a character boundary.
                t.get(6..).unwrap_or("")
            }
            _ => {
                out.push_str(line);
                continue;
            }
        };
        for n in rest.split(|c: char| c == ',' || c.is_whitespace()) {
            if !n.is_empty() {
                names.push((n.to_string(), format!(".LL{next}")));
                *next += 1;
            }
        }
        // Keep the line count, so later lines keep their numbers.
        if line.ends_with('\n') {
            out.push('\n');
        }
    }
    (out, names)
}
