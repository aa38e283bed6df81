//! The OpenCL C preprocessor: C99 translation phases 1–4 plus the OpenCL predefined
//! macros, producing the flat token list the parser reads ([`crate::token`]).
//!
//! # How it works
//!
//! Each file is tokenized once by [`crate::lex`] into a vector of raw tokens with two flags:
//! *at beginning of line* (a `#` there starts a directive) and *whitespace before*. The
//! preprocessor then pulls tokens from a stack of sources:
//!
//! * the **file stack** (`#include` pushes; several source strings given to
//!   [`preprocess`] are chained as one translation unit, as `clCreateProgramWithSource`
//!   with `count > 1` concatenates them);
//! * above it, a stack of **expansion contexts**, one per macro being rescanned.
//!
//! The no-recursion rule (C99 6.10.3.4) is implemented as gcc and clang do: a macro is
//! *disabled* while its context is on the stack, and an identifier that names a disabled
//! macro is marked "never expand" for good (painted blue). Contexts are popped lazily, when
//! a read runs past their end, which gives the standard's results for the classic
//! examples (`f(2)(9)` → `2*9*g`).
//!
//! Macro arguments are fully expanded in isolation before substitution (except operands
//! of `#` and `##`), with placemarkers for empty operands of `##`. A skipped `#if` group
//! is not tokenized into preprocessing tokens at all: only lines starting with `#` are
//! looked at, to track nesting.
//!
//! Hostile input gets a diagnostic, never a hang or stack overflow: see [`PpLimits`].
//!
//! The preprocessor reports bytes that form no token (`@`, a stray `\`); whether a
//! literal is valid (suffix, digits, escapes, closing quote) is left to the parser, which
//! sees every literal token. pp-numbers are classified as `IntLit`/`FloatLit` by shape.
//!
//! Tokens produced by a macro expansion carry the span of the outermost invocation
//! (name through closing parenthesis); tokens that came from an argument keep their own.

mod expr;
mod print;

use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use kauai_diag::{Diagnostic, Diagnostics, FileId, SourceMap, Span};

use crate::lex::{self, RawKind};
use crate::token::{Punct, Token, TokenKind};

/// What the preprocessor is told from outside: `-D`, `-U`, `-I`, device properties.
#[derive(Clone, Debug, Default)]
pub struct PpOptions {
    /// `-D NAME` (`None`: defined to `1`) and `-D NAME=VALUE`. `NAME(a,b)=...` defines a
    /// function-like macro.
    pub defines: Vec<(String, Option<String>)>,
    /// `-U NAME`, applied after all `defines`.
    pub undefines: Vec<String>,
    /// `-I DIR`, searched in order after the including file's directory.
    pub include_dirs: Vec<PathBuf>,
    /// Extension names the device supports; each is defined to `1` (`cl_khr_fp64`, ...).
    pub extensions: Vec<String>,
    /// Define `FP_FAST_FMA` and `FP_FAST_FMAF`.
    pub fp_fast_fma: bool,
    /// Define `__IMAGE_SUPPORT__`.
    pub image_support: bool,
    /// `-cl-fast-relaxed-math`: define `__FAST_RELAXED_MATH__`.
    pub fast_relaxed_math: bool,
    /// In-memory files for `#include`, looked up before the disk under the same path
    /// rules (e.g. `("inc/a.h", bytes)` is found by `#include "a.h"` with `-I inc`).
    pub virtual_files: Vec<(String, Vec<u8>)>,
    pub limits: PpLimits,
}

/// Bounds that keep hostile input from exhausting the stack, memory or time.
#[derive(Clone, Copy, Debug)]
pub struct PpLimits {
    /// Nested `#include`s (gcc uses 200).
    pub max_include_depth: usize,
    /// Nested `#if` groups that are being taken.
    pub max_if_depth: usize,
    /// Tokens that macro expansion may produce in total; past it expansion stops.
    pub max_expansion_tokens: u64,
    /// Macro invocations nested inside macro arguments (each level recurses).
    pub max_arg_nesting: usize,
    /// Diagnostics reported before the preprocessor goes quiet.
    pub max_diagnostics: usize,
}

impl Default for PpLimits {
    fn default() -> PpLimits {
        PpLimits {
            max_include_depth: 200,
            max_if_depth: 4096,
            max_expansion_tokens: 1 << 24,
            max_arg_nesting: 128,
            max_diagnostics: 1000,
        }
    }
}

/// The result: tokens for the parser, plus what the parser cannot see in them.
#[derive(Clone, Debug, Default)]
pub struct PpOutput {
    /// Ends with exactly one [`TokenKind::Eof`].
    pub tokens: Vec<Token>,
    /// Parallel to `tokens`: what separated each token from the one before, for printing.
    pub leading: Vec<Leading>,
    /// Every `#pragma` (and `_Pragma`) in source order.
    pub pragmas: Vec<Pragma>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Leading {
    None,
    Space,
    /// The token started a line in the source (or its macro invocation did).
    Newline,
}

/// One `#pragma` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pragma {
    /// The whole directive.
    pub span: Span,
    /// The text after `pragma`, tokens separated by single spaces where the source had
    /// whitespace (e.g. `OPENCL EXTENSION cl_khr_fp64 : enable`).
    pub text: String,
    /// Index into [`PpOutput::tokens`] of the first token after the pragma: a
    /// `#pragma unroll` applies to the loop starting there.
    pub token_index: usize,
    pub kind: PragmaKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PragmaKind {
    /// `#pragma OPENCL EXTENSION name : enable|disable` (`name` may be `all`).
    Extension { name: String, enable: bool },
    /// `#pragma unroll` (`None`: unroll fully) or `#pragma unroll N` (N macro-expanded and
    /// evaluated as in `#if`).
    Unroll(Option<u32>),
    /// Any other pragma: recorded, otherwise ignored.
    Other,
}

/// Preprocess `files` (several source strings are one translation unit, in order) into
/// tokens. Included files are added to `sources`; problems go to `diags`.
///
/// The source strings behave as if concatenated: a `#if` group or a macro invocation may
/// continue from one into the next, and macros stay defined. Each string starts a new
/// line. `#include "x"` looks in the directory part of the including file's name, then
/// in `opts.include_dirs`; `#include <x>` only in the latter; in each place
/// `opts.virtual_files` is consulted before the disk.
pub fn preprocess(
    sources: &mut SourceMap,
    files: &[FileId],
    opts: &PpOptions,
    diags: &mut Diagnostics,
) -> PpOutput {
    let mut pp = Pp::new(sources, diags, opts);
    let predefs = pp.predefined_source();
    let id = pp.sources.add("<built-in>", predefs.into_bytes());
    pp.load_file(id, false);
    pp.queue.extend(files.iter().copied());
    while let Some(t) = pp.next_expanded() {
        pp.emit(t);
    }
    let span = files
        .last()
        .and_then(|&f| {
            pp.sources
                .get(f)
                .map(|s| Span::new(f, s.bytes.len(), s.bytes.len()))
        })
        .unwrap_or_default();
    pp.out.tokens.push(Token {
        kind: TokenKind::Eof,
        text: String::new(),
        span,
    });
    pp.out.leading.push(Leading::Newline);
    pp.out
}

// ---------------------------------------------------------------------------------------
// Interned names

/// FxHash (rustc's hasher): fast for the short keys we intern.
#[derive(Default)]
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for c in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

impl FxHasher {
    #[inline]
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Sym(u32);

#[derive(Default)]
struct Interner {
    map: FxMap<Rc<str>, Sym>,
    strs: Vec<Rc<str>>,
}

impl Interner {
    fn intern(&mut self, s: &str) -> Sym {
        if let Some(&id) = self.map.get(s) {
            return id;
        }
        let id = Sym(self.strs.len() as u32);
        let rc: Rc<str> = s.into();
        self.strs.push(rc.clone());
        self.map.insert(rc, id);
        id
    }

    fn get(&self, s: Sym) -> &str {
        self.strs.get(s.0 as usize).map_or("", |r| r)
    }
}

// ---------------------------------------------------------------------------------------
// Tokens inside the preprocessor

const SPACE: u8 = 1;
const BOL: u8 = 2;
/// Painted blue: named a disabled macro once, never expands again.
const NOEXP: u8 = 4;
/// A character or string literal without its closing quote.
const UNTERM: u8 = 8;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum PKind {
    Ident,
    Number,
    Char,
    Str,
    Punct(Punct),
    /// A byte that starts no token; an error if it reaches the output.
    Other,
    /// The empty operand of `##` (C99 6.10.3.3); removed after pasting.
    Placemarker,
}

#[derive(Copy, Clone, Debug)]
struct PTok {
    kind: PKind,
    sym: Sym,
    span: Span,
    flags: u8,
}

/// A token as lexed from a file, not yet interned.
#[derive(Copy, Clone, Debug)]
struct FTok {
    kind: RawKind,
    start: u32,
    end: u32,
    flags: u8,
}

fn raw_to_pkind(k: RawKind) -> (PKind, u8) {
    match k {
        RawKind::Ident => (PKind::Ident, 0),
        RawKind::Number => (PKind::Number, 0),
        RawKind::CharLit { terminated } => (PKind::Char, if terminated { 0 } else { UNTERM }),
        RawKind::StringLit { terminated } => (PKind::Str, if terminated { 0 } else { UNTERM }),
        RawKind::Punct(p) => (PKind::Punct(p), 0),
        _ => (PKind::Other, 0),
    }
}

fn make_ptok(
    names: &mut Interner,
    punct_syms: &[Sym],
    bytes: &[u8],
    file: FileId,
    ft: FTok,
) -> PTok {
    let (kind, f) = raw_to_pkind(ft.kind);
    let span = Span::new(file, ft.start as usize, ft.end as usize);
    let sym = match kind {
        PKind::Punct(p) => punct_syms[p as usize],
        _ => {
            let raw = bytes
                .get(ft.start as usize..ft.end as usize)
                .unwrap_or_default();
            let sp = lex::spelling(raw);
            names.intern(&lex::bytes_to_text(&sp))
        }
    };
    PTok {
        kind,
        sym,
        span,
        flags: ft.flags | f,
    }
}

// ---------------------------------------------------------------------------------------
// Macros

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum MacroKind {
    Object,
    Function { nparams: usize, variadic: bool },
    Line,
    File,
}

#[derive(Copy, Clone, Debug)]
enum BodyItem {
    Tok(PTok),
    /// A parameter use; the flags are those of the parameter token (spacing).
    Param(usize, u8),
    /// `# param`.
    Str(usize, u8),
    /// `##`.
    Paste,
}

#[derive(Debug)]
struct Macro {
    name: Sym,
    kind: MacroKind,
    params: Vec<Sym>,
    body: Vec<BodyItem>,
    def_span: Span,
}

impl Macro {
    /// C99 6.10.3p2: a redefinition must be identical (spelling and whitespace).
    fn same_as(&self, o: &Macro) -> bool {
        self.kind == o.kind
            && self.params == o.params
            && self.body.len() == o.body.len()
            && self.body.iter().zip(&o.body).all(|(a, b)| match (a, b) {
                (BodyItem::Tok(x), BodyItem::Tok(y)) => {
                    x.kind == y.kind && x.sym == y.sym && (x.flags & SPACE) == (y.flags & SPACE)
                }
                (BodyItem::Param(x, fx), BodyItem::Param(y, fy))
                | (BodyItem::Str(x, fx), BodyItem::Str(y, fy)) => {
                    x == y && (fx & SPACE) == (fy & SPACE)
                }
                (BodyItem::Paste, BodyItem::Paste) => true,
                _ => false,
            })
    }
}

// ---------------------------------------------------------------------------------------
// State

struct FileState {
    id: FileId,
    bytes: Rc<[u8]>,
    toks: Vec<FTok>,
    pos: usize,
    /// `conds.len()` when the file was entered: its own `#if`s are above.
    cond_base: usize,
    /// Directory for `#include "..."`.
    dir: String,
    /// `#line`: reported line = physical line + `line_delta`.
    line_delta: i64,
    presumed_name: Option<String>,
    /// One of the source strings (not an `#include`d file or the built-in prelude).
    top_level: bool,
}

struct Ctx {
    toks: Vec<PTok>,
    pos: usize,
    /// The macro this context is the expansion of (disabled while the context lives).
    mac: Option<Sym>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum CondState {
    /// In the group being taken.
    Taking,
    /// No group taken yet; looking for a true `#elif` or an `#else`.
    Waiting,
    /// A group was taken; skip the rest.
    Done,
}

struct Cond {
    span: Span,
    state: CondState,
    else_span: Option<Span>,
}

struct Known {
    defined: Sym,
    va_args: Sym,
    pragma_op: Sym,
    one: Sym,
    zero: Sym,
    empty: Sym,
}

struct Pp<'a> {
    sources: &'a mut SourceMap,
    diags: &'a mut Diagnostics,
    opts: &'a PpOptions,
    names: Interner,
    punct_syms: Vec<Sym>,
    k: Known,
    /// By symbol.
    macros: Vec<Option<Rc<Macro>>>,
    /// By symbol: how many contexts of this macro are on the stack.
    disabled: Vec<u32>,
    ctx: Vec<Ctx>,
    /// Expanding an isolated token list (argument, `#if` line): `ctx[0]` is that list
    /// and reading never reaches the files.
    list_mode: bool,
    files: Vec<FileState>,
    /// Source strings not started yet.
    queue: VecDeque<FileId>,
    conds: Vec<Cond>,
    out: PpOutput,
    budget: u64,
    expansion_off: bool,
    arg_nesting: usize,
    reported: usize,
    quiet: bool,
    file_cache: FxMap<String, FileId>,
    once: HashSet<FileId>,
}

fn macro_name_ok(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && (b[0].is_ascii_alphabetic() || b[0] == b'_')
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
}

fn normalize_path(p: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for c in p.split('/') {
        match c {
            "" | "." => {}
            ".." if parts.last().is_some_and(|l| *l != "..") => {
                parts.pop();
            }
            _ => parts.push(c),
        }
    }
    let joined = parts.join("/");
    if p.starts_with('/') {
        format!("/{joined}")
    } else {
        joined
    }
}

fn join_path(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{}/{}", dir.trim_end_matches('/'), name)
    }
}

/// Largest file `#include` reads (a guard against devices and huge files).
const MAX_INCLUDE_BYTES: u64 = 256 << 20;

impl<'a> Pp<'a> {
    fn new(sources: &'a mut SourceMap, diags: &'a mut Diagnostics, opts: &'a PpOptions) -> Pp<'a> {
        let mut names = Interner::default();
        let mut punct_syms = vec![Sym(0); 64];
        for &(s, p) in Punct::ALL {
            punct_syms[p as usize] = names.intern(s);
        }
        let k = Known {
            defined: names.intern("defined"),
            va_args: names.intern("__VA_ARGS__"),
            pragma_op: names.intern("_Pragma"),
            one: names.intern("1"),
            zero: names.intern("0"),
            empty: names.intern(""),
        };
        let mut pp = Pp {
            sources,
            diags,
            opts,
            names,
            punct_syms,
            k,
            macros: Vec::new(),
            disabled: Vec::new(),
            ctx: Vec::new(),
            list_mode: false,
            files: Vec::new(),
            queue: VecDeque::new(),
            conds: Vec::new(),
            out: PpOutput::default(),
            budget: opts.limits.max_expansion_tokens,
            expansion_off: false,
            arg_nesting: 0,
            reported: 0,
            quiet: false,
            file_cache: FxMap::default(),
            once: HashSet::new(),
        };
        for (name, kind) in [("__LINE__", MacroKind::Line), ("__FILE__", MacroKind::File)] {
            let sym = pp.names.intern(name);
            pp.set_macro(
                sym,
                Some(Rc::new(Macro {
                    name: sym,
                    kind,
                    params: Vec::new(),
                    body: Vec::new(),
                    def_span: Span::default(),
                })),
            );
        }
        pp
    }

    /// The prelude: OpenCL predefined macros, then `-D` and `-U`.
    fn predefined_source(&self) -> String {
        let o = self.opts;
        let mut s = String::from(
            "#define __OPENCL_VERSION__ 120\n\
             #define CL_VERSION_1_0 100\n\
             #define CL_VERSION_1_1 110\n\
             #define CL_VERSION_1_2 120\n\
             #define __OPENCL_C_VERSION__ 120\n\
             #define __ENDIAN_LITTLE__ 1\n\
             #define __kernel_exec(X, typen) __kernel __attribute__((work_group_size_hint(X, 1, 1))) __attribute__((vec_type_hint(typen)))\n\
             #define kernel_exec(X, typen) __kernel __attribute__((work_group_size_hint(X, 1, 1))) __attribute__((vec_type_hint(typen)))\n\
             #define NULL ((void*)0)\n",
        );
        if o.fp_fast_fma {
            s.push_str("#define FP_FAST_FMA 1\n#define FP_FAST_FMAF 1\n");
        }
        if o.image_support {
            s.push_str("#define __IMAGE_SUPPORT__ 1\n");
        }
        if o.fast_relaxed_math {
            s.push_str("#define __FAST_RELAXED_MATH__ 1\n");
        }
        let one_line = |v: &str| v.replace(['\n', '\r'], " ");
        for e in &o.extensions {
            if macro_name_ok(e) {
                s.push_str(&format!("#define {e} 1\n"));
            }
        }
        for (name, value) in &o.defines {
            let v = value.as_deref().unwrap_or("1");
            s.push_str(&format!("#define {} {}\n", one_line(name), one_line(v)));
        }
        for name in &o.undefines {
            s.push_str(&format!("#undef {}\n", one_line(name)));
        }
        s
    }

    // -- diagnostics ----------------------------------------------------------------

    fn report(&mut self, d: Diagnostic) {
        if self.quiet {
            return;
        }
        self.reported += 1;
        if self.reported > self.opts.limits.max_diagnostics {
            self.quiet = true;
            self.diags.push(Diagnostic::error(format!(
                "too many preprocessor diagnostics; stopped reporting after {}",
                self.opts.limits.max_diagnostics
            )));
            return;
        }
        self.diags.push(d);
    }

    fn error(&mut self, span: Span, msg: impl Into<String>, label: &str) {
        self.report(Diagnostic::error(msg).at(span, label));
    }

    fn warning(&mut self, span: Span, msg: impl Into<String>, label: &str) {
        self.report(Diagnostic::warning(msg).at(span, label));
    }

    // -- macro table --------------------------------------------------------------------

    fn macro_def(&self, s: Sym) -> Option<Rc<Macro>> {
        self.macros.get(s.0 as usize).and_then(|m| m.clone())
    }

    fn is_macro(&self, s: Sym) -> bool {
        self.macros.get(s.0 as usize).is_some_and(|m| m.is_some())
    }

    fn set_macro(&mut self, s: Sym, m: Option<Rc<Macro>>) {
        let i = s.0 as usize;
        if self.macros.len() <= i {
            self.macros.resize(i + 1, None);
        }
        self.macros[i] = m;
    }

    fn is_disabled(&self, s: Sym) -> bool {
        self.disabled.get(s.0 as usize).is_some_and(|&c| c > 0)
    }

    // -- files ----------------------------------------------------------------------

    fn load_file(&mut self, id: FileId, top_level: bool) {
        let Some(file) = self.sources.get(id) else {
            return;
        };
        let bytes: Rc<[u8]> = file.bytes.as_slice().into();
        let dir = Path::new(&file.name)
            .parent()
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut toks = Vec::with_capacity(bytes.len() / 3 + 1);
        let mut flags = BOL;
        let mut unterminated = Vec::new();
        // A UTF-8 byte order mark at the very start is not part of the source.
        let bom = if bytes.starts_with(b"\xef\xbb\xbf") {
            3
        } else {
            0
        };
        for t in lex::tokenize(&bytes) {
            if t.end <= bom {
                continue;
            }
            match t.kind {
                RawKind::Newline => flags = BOL,
                RawKind::Whitespace | RawKind::LineComment => flags |= SPACE,
                RawKind::BlockComment { terminated } => {
                    if !terminated {
                        unterminated.push(Span::new(id, t.start as usize, t.start as usize + 2));
                    }
                    flags |= SPACE;
                }
                kind => {
                    toks.push(FTok {
                        kind,
                        start: t.start,
                        end: t.end,
                        flags,
                    });
                    flags = 0;
                }
            }
        }
        for span in unterminated {
            self.error(
                span,
                "unterminated comment",
                "this comment has no closing `*/`",
            );
        }
        self.files.push(FileState {
            id,
            bytes,
            toks,
            pos: 0,
            cond_base: if top_level { 0 } else { self.conds.len() },
            dir,
            line_delta: 0,
            presumed_name: None,
            top_level,
        });
    }

    /// Leave the current file: report its unterminated `#if`s (for the chained source
    /// strings, only at the end of the last one).
    fn end_file(&mut self) {
        let Some(f) = self.files.pop() else { return };
        if !f.top_level || self.queue.is_empty() {
            while self.conds.len() > f.cond_base {
                if let Some(c) = self.conds.pop() {
                    self.error(
                        c.span,
                        "unterminated conditional directive",
                        "this `#if` has no matching `#endif`",
                    );
                }
            }
        }
    }

    /// Start the next source string, if any. Returns false when all input is done.
    fn next_source(&mut self) -> bool {
        let Some(id) = self.queue.pop_front() else {
            return false;
        };
        self.load_file(id, true);
        // A group left open by the previous source string may be a skipped one.
        if self
            .conds
            .last()
            .is_some_and(|c| c.state != CondState::Taking)
        {
            self.skip_group();
        }
        true
    }

    // -- reading tokens -------------------------------------------------------------

    /// The next token before macro expansion. `in_args`: collecting macro arguments,
    /// which may not run out of an included file.
    fn next_tok(&mut self, in_args: bool) -> Option<PTok> {
        loop {
            if let Some(c) = self.ctx.last_mut() {
                if c.pos < c.toks.len() {
                    let t = c.toks[c.pos];
                    c.pos += 1;
                    return Some(t);
                }
                if self.list_mode && self.ctx.len() == 1 {
                    return None;
                }
                self.pop_ctx();
                continue;
            }
            if self.list_mode {
                return None;
            }
            return self.next_file_tok(in_args);
        }
    }

    fn next_file_tok(&mut self, in_args: bool) -> Option<PTok> {
        loop {
            let Some(f) = self.files.last_mut() else {
                if !self.next_source() {
                    return None;
                }
                continue;
            };
            let Some(&ft) = f.toks.get(f.pos) else {
                if in_args && !f.top_level {
                    return None;
                }
                self.end_file();
                continue;
            };
            if ft.flags & BOL != 0 && ft.kind == RawKind::Punct(Punct::Hash) {
                self.directive(in_args);
                continue;
            }
            f.pos += 1;
            let (id, bytes) = (f.id, &f.bytes);
            return Some(make_ptok(&mut self.names, &self.punct_syms, bytes, id, ft));
        }
    }

    fn pop_ctx(&mut self) {
        if let Some(c) = self.ctx.pop() {
            if let Some(m) = c.mac {
                if let Some(d) = self.disabled.get_mut(m.0 as usize) {
                    *d = d.saturating_sub(1);
                }
            }
        }
    }

    fn push_ctx(&mut self, mac: Sym, toks: Vec<PTok>) {
        let n = toks.len() as u64;
        if n > self.budget {
            self.budget = 0;
            self.expansion_limit_hit(toks.first().map(|t| t.span).unwrap_or_default());
            return;
        }
        self.budget -= n;
        let i = mac.0 as usize;
        if self.disabled.len() <= i {
            self.disabled.resize(i + 1, 0);
        }
        self.disabled[i] += 1;
        self.ctx.push(Ctx {
            toks,
            pos: 0,
            mac: Some(mac),
        });
    }

    fn expansion_limit_hit(&mut self, span: Span) {
        if !self.expansion_off {
            self.expansion_off = true;
            self.report(
                Diagnostic::error(format!(
                    "macro expansion produces too many tokens (limit {}); macros are no longer expanded",
                    self.opts.limits.max_expansion_tokens
                ))
                .at(span, "while expanding this"),
            );
        }
    }

    /// Whether the next token is `(`, for a function-like macro name. Exhausted
    /// contexts are popped on the way (their macros end before the `(`).
    fn peek_lparen(&mut self) -> bool {
        loop {
            match self.ctx.last() {
                Some(c) if c.pos < c.toks.len() => {
                    return c.toks[c.pos].kind == PKind::Punct(Punct::LParen)
                }
                Some(_) => {
                    if self.list_mode && self.ctx.len() == 1 {
                        return false;
                    }
                    self.pop_ctx();
                }
                None => break,
            }
        }
        if self.list_mode {
            return false;
        }
        loop {
            let Some(f) = self.files.last() else {
                return false;
            };
            match f.toks.get(f.pos) {
                Some(ft) => {
                    // A directive line (`#` at line start) is never `(`.
                    return ft.kind == RawKind::Punct(Punct::LParen);
                }
                None if f.top_level && !self.queue.is_empty() => {
                    self.end_file();
                    if !self.next_source() {
                        return false;
                    }
                }
                None => return false,
            }
        }
    }

    /// The next fully macro-expanded token.
    fn next_expanded(&mut self) -> Option<PTok> {
        loop {
            let mut t = self.next_tok(false)?;
            if t.kind != PKind::Ident || t.flags & NOEXP != 0 {
                return Some(t);
            }
            let Some(m) = self.macro_def(t.sym) else {
                if t.sym == self.k.pragma_op && !self.list_mode && self.pragma_operator(t) {
                    continue;
                }
                return Some(t);
            };
            if self.is_disabled(t.sym) {
                t.flags |= NOEXP;
                return Some(t);
            }
            if self.expansion_off {
                return Some(t);
            }
            match m.kind {
                MacroKind::Line | MacroKind::File => return Some(self.builtin(&m, t)),
                MacroKind::Object => {
                    let toks = self.subst(&m, &[], t.span, t.flags);
                    self.push_ctx(m.name, toks);
                }
                MacroKind::Function { .. } => {
                    if !self.peek_lparen() {
                        return Some(t);
                    }
                    self.next_tok(true);
                    if let Some((args, end)) = self.collect_args(&m, t) {
                        let span = t.span.to(end);
                        let toks = self.subst(&m, &args, span, t.flags);
                        self.push_ctx(m.name, toks);
                    }
                }
            }
        }
    }

    /// Arguments of a function-like macro invocation, after its `(`. `None` after an
    /// error (reported).
    fn collect_args(&mut self, m: &Macro, name: PTok) -> Option<(Vec<Vec<PTok>>, Span)> {
        let MacroKind::Function { nparams, variadic } = m.kind else {
            return None;
        };
        let mut args: Vec<Vec<PTok>> = vec![Vec::new()];
        let mut depth = 0usize;
        let end = loop {
            let Some(mut t) = self.next_tok(true) else {
                self.report(
                    Diagnostic::error(format!(
                        "unterminated argument list invoking macro '{}'",
                        self.names.get(m.name)
                    ))
                    .at(name.span, "this invocation has no closing `)`"),
                );
                return None;
            };
            if t.flags & BOL != 0 {
                t.flags = (t.flags & !BOL) | SPACE;
            }
            // Painted when read, as gcc and clang do: an argument token naming a macro
            // that is being expanded stays unexpanded even if that expansion ends
            // before the argument is rescanned (`#define r q(r` then `r))` gives `r)`).
            if t.kind == PKind::Ident && self.is_disabled(t.sym) {
                t.flags |= NOEXP;
            }
            match t.kind {
                PKind::Punct(Punct::LParen) => depth += 1,
                PKind::Punct(Punct::RParen) => {
                    if depth == 0 {
                        break t.span;
                    }
                    depth -= 1;
                }
                PKind::Punct(Punct::Comma)
                    if depth == 0 && !(variadic && args.len() >= nparams) =>
                {
                    args.push(Vec::new());
                    continue;
                }
                _ => {}
            }
            if let Some(a) = args.last_mut() {
                a.push(t);
            }
        };
        if nparams == 0 && args.len() == 1 && args[0].is_empty() {
            args.clear();
        }
        if variadic && args.len() + 1 == nparams {
            args.push(Vec::new());
        }
        if args.len() != nparams {
            let want = if variadic {
                format!("at least {}", nparams - 1)
            } else {
                nparams.to_string()
            };
            let plural = if want == "1" { "" } else { "s" };
            self.report(
                Diagnostic::error(format!(
                    "macro '{}' requires {want} argument{plural}, but {} given",
                    self.names.get(m.name),
                    args.len()
                ))
                .at(name.span.to(end), "in this invocation")
                .also(m.def_span, "macro defined here"),
            );
            return None;
        }
        Some((args, end))
    }

    /// Expand a token list on its own (a macro argument, an `#if` line).
    fn expand_list(&mut self, toks: Vec<PTok>) -> Vec<PTok> {
        let needs = toks.iter().any(|t| {
            t.kind == PKind::Ident
                && t.flags & NOEXP == 0
                && (self.is_macro(t.sym) || t.sym == self.k.pragma_op)
        });
        if !needs || self.expansion_off {
            return toks;
        }
        if self.arg_nesting >= self.opts.limits.max_arg_nesting {
            let span = toks.first().map(|t| t.span).unwrap_or_default();
            self.report(
                Diagnostic::error(format!(
                    "macro invocations nested too deeply in arguments (limit {})",
                    self.opts.limits.max_arg_nesting
                ))
                .at(span, "here"),
            );
            self.expansion_off = true;
            return toks;
        }
        self.arg_nesting += 1;
        let saved = std::mem::take(&mut self.ctx);
        let saved_mode = std::mem::replace(&mut self.list_mode, true);
        self.ctx.push(Ctx {
            toks,
            pos: 0,
            mac: None,
        });
        let mut out = Vec::new();
        while let Some(t) = self.next_expanded() {
            out.push(t);
        }
        while !self.ctx.is_empty() {
            self.pop_ctx();
        }
        self.ctx = saved;
        self.list_mode = saved_mode;
        self.arg_nesting -= 1;
        out
    }

    /// The replacement list with arguments substituted, `#` and `##` applied.
    fn subst(&mut self, m: &Macro, args: &[Vec<PTok>], span: Span, name_flags: u8) -> Vec<PTok> {
        let mut out: Vec<PTok> = Vec::with_capacity(m.body.len());
        let mut expanded: Vec<Option<Vec<PTok>>> = vec![None; args.len()];
        let variadic_idx = match m.kind {
            MacroKind::Function {
                nparams,
                variadic: true,
            } => Some(nparams - 1),
            _ => None,
        };
        let placemarker = PTok {
            kind: PKind::Placemarker,
            sym: self.k.empty,
            span,
            flags: 0,
        };
        let budget = self.budget;
        let mut i = 0;
        while i < m.body.len() {
            if out.len() as u64 > budget {
                self.budget = 0;
                self.expansion_limit_hit(span);
                return Vec::new();
            }
            match m.body[i] {
                BodyItem::Tok(mut t) => {
                    t.span = span;
                    out.push(t);
                    i += 1;
                }
                BodyItem::Str(p, fl) => {
                    let mut s = self.stringize(args.get(p).map_or(&[][..], |a| a), span);
                    s.flags = fl & SPACE;
                    out.push(s);
                    i += 1;
                }
                BodyItem::Param(p, fl) => {
                    let arg = args.get(p).map_or(&[][..], |a| a);
                    let start = out.len();
                    if matches!(m.body.get(i + 1), Some(BodyItem::Paste)) {
                        if arg.is_empty() {
                            out.push(placemarker);
                        } else {
                            out.extend_from_slice(arg);
                        }
                    } else {
                        if expanded[p].is_none() {
                            expanded[p] = Some(self.expand_list(arg.to_vec()));
                        }
                        if let Some(e) = &expanded[p] {
                            out.extend_from_slice(e);
                        }
                    }
                    if let Some(f) = out.get_mut(start) {
                        f.flags = (f.flags & !(SPACE | BOL)) | (fl & SPACE);
                    }
                    i += 1;
                }
                BodyItem::Paste => {
                    let Some(&rhs_item) = m.body.get(i + 1) else {
                        break;
                    };
                    i += 2;
                    let mut rhs: Vec<PTok> = match rhs_item {
                        BodyItem::Tok(mut t) => {
                            t.span = span;
                            vec![t]
                        }
                        BodyItem::Param(p, _) => {
                            let arg = args.get(p).map_or(&[][..], |a| a);
                            // GNU `, ## __VA_ARGS__`: an empty variable argument
                            // swallows the comma; a non-empty one is not pasted to it.
                            let after_comma = out
                                .last()
                                .is_some_and(|t| t.kind == PKind::Punct(Punct::Comma));
                            if Some(p) == variadic_idx && after_comma {
                                if arg.is_empty() {
                                    out.pop();
                                } else {
                                    out.extend_from_slice(arg);
                                }
                                continue;
                            }
                            if arg.is_empty() {
                                vec![placemarker]
                            } else {
                                arg.to_vec()
                            }
                        }
                        BodyItem::Str(p, _) => {
                            vec![self.stringize(args.get(p).map_or(&[][..], |a| a), span)]
                        }
                        BodyItem::Paste => Vec::new(),
                    };
                    if rhs.is_empty() {
                        continue;
                    }
                    let first = rhs.remove(0);
                    match out.pop() {
                        Some(lhs) => {
                            let (a, b) = self.paste(lhs, first, span);
                            out.push(a);
                            out.extend(b);
                        }
                        None => out.push(first),
                    }
                    out.extend(rhs);
                }
            }
        }
        out.retain(|t| t.kind != PKind::Placemarker);
        if let Some(f) = out.first_mut() {
            f.flags = (f.flags & !(SPACE | BOL)) | (name_flags & (SPACE | BOL));
        }
        out
    }

    /// `# param`: the argument's spelling as a string literal (C99 6.10.3.2).
    fn stringize(&mut self, arg: &[PTok], span: Span) -> PTok {
        let mut s = String::from("\"");
        for (i, t) in arg.iter().enumerate() {
            if i > 0 && t.flags & (SPACE | BOL) != 0 {
                s.push(' ');
            }
            let text = self.names.get(t.sym);
            if matches!(t.kind, PKind::Str | PKind::Char) {
                for c in text.chars() {
                    if c == '"' || c == '\\' {
                        s.push('\\');
                    }
                    s.push(c);
                }
            } else {
                s.push_str(text);
            }
        }
        s.push('"');
        PTok {
            kind: PKind::Str,
            sym: self.names.intern(&s),
            span,
            flags: 0,
        }
    }

    /// `lhs ## rhs`. If the result is not one token: an error, and both are kept.
    fn paste(&mut self, lhs: PTok, rhs: PTok, span: Span) -> (PTok, Option<PTok>) {
        if lhs.kind == PKind::Placemarker {
            return (rhs, None);
        }
        if rhs.kind == PKind::Placemarker {
            return (lhs, None);
        }
        let joined = format!("{}{}", self.names.get(lhs.sym), self.names.get(rhs.sym));
        let mut it = lex::tokenize(joined.as_bytes());
        let whole = it
            .next()
            .filter(|t| t.end as usize == joined.len())
            .map(|t| raw_to_pkind(t.kind))
            .filter(|&(k, f)| f == 0 && k != PKind::Other && !joined.starts_with("//"))
            .filter(|_| !joined.starts_with("/*"));
        match whole {
            Some((kind, _)) => (
                PTok {
                    kind,
                    sym: self.names.intern(&joined),
                    span,
                    flags: lhs.flags & (SPACE | BOL),
                },
                None,
            ),
            None => {
                let msg = format!(
                    "pasting \"{}\" and \"{}\" does not give a valid preprocessing token",
                    self.names.get(lhs.sym),
                    self.names.get(rhs.sym)
                );
                self.error(span, msg, "in this expansion");
                (lhs, Some(rhs))
            }
        }
    }

    fn builtin(&mut self, m: &Macro, t: PTok) -> PTok {
        let (kind, text) = match m.kind {
            MacroKind::Line => {
                let line = self
                    .sources
                    .get(t.span.file)
                    .map_or(0, |f| f.line_col(t.span.start as usize).0)
                    as i64;
                let delta = self
                    .files
                    .iter()
                    .rev()
                    .find(|f| f.id == t.span.file)
                    .map_or(0, |f| f.line_delta);
                (PKind::Number, (line + delta).max(0).to_string())
            }
            _ => {
                let name = self
                    .files
                    .last()
                    .and_then(|f| {
                        f.presumed_name
                            .clone()
                            .or_else(|| self.sources.get(f.id).map(|s| s.name.clone()))
                    })
                    .unwrap_or_default();
                let mut s = String::from("\"");
                for c in name.chars() {
                    if c == '"' || c == '\\' {
                        s.push('\\');
                    }
                    s.push(c);
                }
                s.push('"');
                (PKind::Str, s)
            }
        };
        PTok {
            kind,
            sym: self.names.intern(&text),
            span: t.span,
            flags: t.flags & (SPACE | BOL),
        }
    }

    // -- output ---------------------------------------------------------------------

    fn emit(&mut self, t: PTok) {
        let text = self.names.get(t.sym);
        // Literal validity (suffixes, digits, escapes, termination) is the parser's to
        // check: it sees every literal token, and one report per problem is enough.
        let kind = match t.kind {
            PKind::Ident => TokenKind::Ident,
            PKind::Punct(p) => TokenKind::Punct(p),
            PKind::Number => number_kind(text),
            PKind::Char => TokenKind::CharLit,
            PKind::Str => TokenKind::StringLit,
            PKind::Other => {
                let msg = format!("invalid character '{text}' in program");
                self.error(t.span, msg, "not part of any token");
                return;
            }
            PKind::Placemarker => return,
        };
        let leading = if t.flags & BOL != 0 {
            Leading::Newline
        } else if t.flags & SPACE != 0 {
            Leading::Space
        } else {
            Leading::None
        };
        let text = self.names.get(t.sym).to_string();
        self.out.tokens.push(Token {
            kind,
            text,
            span: t.span,
        });
        self.out.leading.push(leading);
    }

    /// Spell tokens with single spaces where there was whitespace.
    fn spell(&self, toks: &[PTok]) -> String {
        let mut s = String::new();
        for (i, t) in toks.iter().enumerate() {
            if i > 0 && t.flags & (SPACE | BOL) != 0 {
                s.push(' ');
            }
            s.push_str(self.names.get(t.sym));
        }
        s
    }

    // -- directives -----------------------------------------------------------------

    /// Handle the directive whose `#` is the current file token.
    fn directive(&mut self, in_args: bool) {
        let Some(f) = self.files.last_mut() else {
            return;
        };
        let Some(&hash) = f.toks.get(f.pos) else {
            return;
        };
        let start = f.pos + 1;
        let mut end = start;
        while end < f.toks.len() && f.toks[end].flags & BOL == 0 {
            end += 1;
        }
        f.pos = end;
        let id = f.id;
        let bytes = f.bytes.clone();
        let raw: Vec<FTok> = f.toks[start.min(end)..end].to_vec();
        let dir_end = raw.last().map_or(hash.end, |t| t.end);
        let dir_span = Span::new(id, hash.start as usize, dir_end as usize);
        let Some(&name_ft) = raw.first() else {
            return; // the null directive
        };
        let mut line: Vec<PTok> = raw
            .iter()
            .map(|&ft| make_ptok(&mut self.names, &self.punct_syms, &bytes, id, ft))
            .collect();
        let name = line.remove(0);
        if name_ft.kind == RawKind::Number {
            // GNU line marker `# 33 "file"`: same as #line.
            line.insert(0, name);
            self.line_directive(line, dir_span, dir_end);
            return;
        }
        let nm = self.names.get(name.sym).to_string();
        if name.kind != PKind::Ident {
            let msg = format!("invalid preprocessing directive '#{nm}'");
            self.error(name.span, msg, "expected a directive name");
            return;
        }
        match nm.as_str() {
            "define" => self.define(&line, dir_span),
            "undef" => self.undef(&line, dir_span),
            "include" => {
                if in_args {
                    self.error(
                        dir_span,
                        "#include inside macro arguments is not supported",
                        "move this out of the macro invocation",
                    );
                } else {
                    self.include(&raw[1..], &bytes, line, dir_span);
                }
            }
            "if" => {
                let v = self.eval_if(line, dir_span);
                self.push_cond(dir_span, v);
            }
            "ifdef" | "ifndef" => {
                let v = match line.first() {
                    Some(t) if t.kind == PKind::Ident => {
                        if line.len() > 1 {
                            let msg = format!("extra tokens at end of #{nm} directive");
                            self.warning(line[1].span, msg, "ignored");
                        }
                        self.is_macro(t.sym) == (nm == "ifdef")
                    }
                    Some(t) => {
                        self.error(
                            t.span,
                            "macro names must be identifiers",
                            "not an identifier",
                        );
                        false
                    }
                    None => {
                        let msg = format!("no macro name given in #{nm} directive");
                        self.error(dir_span, msg, "expected a macro name");
                        false
                    }
                };
                self.push_cond(dir_span, v);
            }
            "elif" => self.elif(line, dir_span),
            "else" => self.else_(&line, dir_span),
            "endif" => {
                if !line.is_empty() {
                    self.warning(
                        line[0].span,
                        "extra tokens at end of #endif directive",
                        "ignored",
                    );
                }
                if self.cond_top().is_some() {
                    self.conds.pop();
                } else {
                    self.error(dir_span, "#endif without #if", "no open conditional");
                }
            }
            "line" => self.line_directive(line, dir_span, dir_end),
            "error" => {
                let msg = format!("#error {}", self.spell(&line));
                self.error(dir_span, msg, "#error directive");
            }
            "warning" => {
                let msg = format!("#warning {}", self.spell(&line));
                self.warning(dir_span, msg, "#warning directive");
            }
            "pragma" => self.pragma(&line, dir_span),
            _ => {
                let msg = format!("invalid preprocessing directive '#{nm}'");
                self.error(name.span, msg, "unknown directive");
            }
        }
    }

    fn cond_top(&self) -> Option<usize> {
        let base = self.files.last().map_or(0, |f| f.cond_base);
        (self.conds.len() > base).then(|| self.conds.len() - 1)
    }

    fn push_cond(&mut self, span: Span, taken: bool) {
        if self.conds.len() >= self.opts.limits.max_if_depth {
            let msg = format!(
                "#if nested too deeply (limit {})",
                self.opts.limits.max_if_depth
            );
            self.error(span, msg, "this group is skipped");
            self.conds.push(Cond {
                span,
                state: CondState::Done,
                else_span: None,
            });
            self.skip_group();
            return;
        }
        self.conds.push(Cond {
            span,
            state: if taken {
                CondState::Taking
            } else {
                CondState::Waiting
            },
            else_span: None,
        });
        if !taken {
            self.skip_group();
        }
    }

    fn elif(&mut self, line: Vec<PTok>, span: Span) {
        let Some(top) = self.cond_top() else {
            self.error(span, "#elif without #if", "no open conditional");
            return;
        };
        if let Some(e) = self.conds[top].else_span {
            self.report(
                Diagnostic::error("#elif after #else")
                    .at(span, "this #elif")
                    .also(e, "follows this #else"),
            );
        }
        match self.conds[top].state {
            CondState::Taking | CondState::Done => {
                self.conds[top].state = CondState::Done;
                self.skip_group();
            }
            CondState::Waiting => {
                if self.eval_if(line, span) {
                    self.conds[top].state = CondState::Taking;
                } else {
                    self.skip_group();
                }
            }
        }
    }

    fn else_(&mut self, line: &[PTok], span: Span) {
        let Some(top) = self.cond_top() else {
            self.error(span, "#else without #if", "no open conditional");
            return;
        };
        if let Some(t) = line.first() {
            self.warning(t.span, "extra tokens at end of #else directive", "ignored");
        }
        if let Some(e) = self.conds[top].else_span {
            self.report(
                Diagnostic::error("#else after #else")
                    .at(span, "this #else")
                    .also(e, "follows this #else"),
            );
        }
        self.conds[top].else_span = Some(span);
        match self.conds[top].state {
            CondState::Taking | CondState::Done => {
                self.conds[top].state = CondState::Done;
                self.skip_group();
            }
            CondState::Waiting => self.conds[top].state = CondState::Taking,
        }
    }

    /// Skip lines until the `#elif`, `#else` or `#endif` that ends this group (left for
    /// the caller to read) or the end of the file. Only directive names are looked at.
    fn skip_group(&mut self) {
        let Some(f) = self.files.last_mut() else {
            return;
        };
        let mut depth = 0usize;
        let mut i = f.pos;
        while i < f.toks.len() {
            let t = f.toks[i];
            if t.flags & BOL != 0 && t.kind == RawKind::Punct(Punct::Hash) {
                if let Some(n) = f.toks.get(i + 1).filter(|n| n.flags & BOL == 0) {
                    let raw = f
                        .bytes
                        .get(n.start as usize..n.end as usize)
                        .unwrap_or_default();
                    match &*lex::spelling(raw) {
                        b"if" | b"ifdef" | b"ifndef" => depth += 1,
                        b"endif" if depth > 0 => depth -= 1,
                        b"endif" | b"elif" | b"else" if depth == 0 => {
                            f.pos = i;
                            return;
                        }
                        _ => {}
                    }
                }
            }
            i += 1;
        }
        f.pos = i;
    }

    fn eval_if(&mut self, line: Vec<PTok>, span: Span) -> bool {
        if line.is_empty() {
            self.error(span, "#if with no expression", "expected an expression");
            return false;
        }
        // `defined X` / `defined ( X )` before expansion (C99 6.10.1p1).
        let mut toks = Vec::with_capacity(line.len());
        let mut i = 0;
        while i < line.len() {
            let t = line[i];
            if t.kind == PKind::Ident && t.sym == self.k.defined {
                let paren = line
                    .get(i + 1)
                    .is_some_and(|p| p.kind == PKind::Punct(Punct::LParen));
                let ni = if paren { i + 2 } else { i + 1 };
                let Some(n) = line.get(ni).filter(|n| n.kind == PKind::Ident) else {
                    self.error(
                        t.span,
                        "macro name missing after 'defined'",
                        "expected an identifier",
                    );
                    return false;
                };
                let mut next = ni + 1;
                if paren {
                    if !line
                        .get(next)
                        .is_some_and(|p| p.kind == PKind::Punct(Punct::RParen))
                    {
                        self.error(
                            n.span,
                            "missing ')' after 'defined'",
                            "expected `)` after this",
                        );
                        return false;
                    }
                    next += 1;
                }
                let sym = if self.is_macro(n.sym) {
                    self.k.one
                } else {
                    self.k.zero
                };
                toks.push(PTok {
                    kind: PKind::Number,
                    sym,
                    span: t.span,
                    flags: t.flags,
                });
                i = next;
                continue;
            }
            toks.push(t);
            i += 1;
        }
        let toks = self.expand_list(toks);
        let end = Span::new(span.file, span.end as usize, span.end as usize);
        let macros = &self.macros;
        let is_defined = |s: Sym| macros.get(s.0 as usize).is_some_and(|m| m.is_some());
        match expr::eval(&toks, &self.names, &is_defined, end) {
            Ok(v) => v.v != 0,
            Err((sp, msg)) => {
                self.error(sp, msg, "in this #if expression");
                false
            }
        }
    }

    fn define(&mut self, line: &[PTok], dir_span: Span) {
        let Some(&name) = line.first() else {
            self.error(
                dir_span,
                "macro name missing in #define",
                "expected a macro name",
            );
            return;
        };
        if name.kind != PKind::Ident {
            self.error(
                name.span,
                "macro names must be identifiers",
                "not an identifier",
            );
            return;
        }
        if name.sym == self.k.defined {
            self.error(
                name.span,
                "'defined' cannot be used as a macro name",
                "reserved",
            );
            return;
        }
        let mut i = 1;
        let mut params: Vec<Sym> = Vec::new();
        let mut variadic = false;
        let function = line
            .get(1)
            .is_some_and(|t| t.kind == PKind::Punct(Punct::LParen) && t.flags & SPACE == 0);
        if function {
            i = 2;
            loop {
                let Some(&t) = line.get(i) else {
                    self.error(
                        dir_span,
                        "missing ')' in macro parameter list",
                        "expected `)`",
                    );
                    return;
                };
                i += 1;
                match t.kind {
                    PKind::Punct(Punct::RParen) if params.is_empty() => break,
                    PKind::Punct(Punct::Ellipsis) => {
                        variadic = true;
                        params.push(self.k.va_args);
                        if line
                            .get(i)
                            .is_some_and(|t| t.kind == PKind::Punct(Punct::RParen))
                        {
                            i += 1;
                            break;
                        }
                        self.error(
                            t.span,
                            "missing ')' after '...' in macro parameter list",
                            "expected `)` after this",
                        );
                        return;
                    }
                    PKind::Ident => {
                        if t.sym == self.k.va_args {
                            self.error(
                                t.span,
                                "__VA_ARGS__ can not be used as a parameter name",
                                "reserved",
                            );
                            return;
                        }
                        if params.contains(&t.sym) {
                            let msg =
                                format!("duplicate macro parameter '{}'", self.names.get(t.sym));
                            self.error(t.span, msg, "already a parameter");
                            return;
                        }
                        params.push(t.sym);
                        match line.get(i).map(|t| t.kind) {
                            Some(PKind::Punct(Punct::Comma)) => i += 1,
                            Some(PKind::Punct(Punct::RParen)) => {
                                i += 1;
                                break;
                            }
                            _ => {
                                self.error(
                                    t.span,
                                    "expected ',' or ')' after macro parameter",
                                    "after this",
                                );
                                return;
                            }
                        }
                    }
                    _ => {
                        self.error(
                            t.span,
                            "expected a parameter name in macro parameter list",
                            "not an identifier",
                        );
                        return;
                    }
                }
            }
        }
        let body_toks = line.get(i..).unwrap_or_default();
        let mut body = Vec::with_capacity(body_toks.len());
        let param_of = |t: &PTok| {
            if function && t.kind == PKind::Ident {
                params.iter().position(|p| *p == t.sym)
            } else {
                None
            }
        };
        let mut j = 0;
        while j < body_toks.len() {
            let mut t = body_toks[j];
            t.flags &= !BOL;
            if j == 0 {
                t.flags &= !SPACE;
            }
            if function && t.kind == PKind::Punct(Punct::Hash) {
                match body_toks.get(j + 1).and_then(param_of) {
                    Some(p) => {
                        body.push(BodyItem::Str(p, t.flags));
                        j += 2;
                        continue;
                    }
                    None => {
                        self.error(
                            t.span,
                            "'#' is not followed by a macro parameter",
                            "expected a parameter name after this",
                        );
                        return;
                    }
                }
            }
            if t.kind == PKind::Punct(Punct::HashHash) {
                if body.is_empty() || j + 1 == body_toks.len() {
                    self.error(
                        t.span,
                        "'##' cannot appear at either end of a macro expansion",
                        "nothing to paste with",
                    );
                    return;
                }
                body.push(BodyItem::Paste);
                j += 1;
                continue;
            }
            if t.sym == self.k.va_args && !variadic {
                self.error(
                    t.span,
                    "__VA_ARGS__ can only appear in the expansion of a variadic macro",
                    "not allowed here",
                );
                return;
            }
            match param_of(&t) {
                Some(p) => body.push(BodyItem::Param(p, t.flags)),
                None => body.push(BodyItem::Tok(t)),
            }
            j += 1;
        }
        let kind = if function {
            MacroKind::Function {
                nparams: params.len(),
                variadic,
            }
        } else {
            MacroKind::Object
        };
        let m = Macro {
            name: name.sym,
            kind,
            params,
            body,
            def_span: dir_span,
        };
        if let Some(old) = self.macro_def(name.sym) {
            if !old.same_as(&m) {
                let msg = format!("'{}' macro redefined", self.names.get(name.sym));
                let mut d = Diagnostic::warning(msg).at(name.span, "redefined here");
                if old.def_span != Span::default() {
                    d = d.also(old.def_span, "previous definition");
                }
                self.report(d);
            }
        }
        self.set_macro(name.sym, Some(Rc::new(m)));
    }

    fn undef(&mut self, line: &[PTok], dir_span: Span) {
        match line.first() {
            Some(t) if t.kind == PKind::Ident => {
                if t.sym == self.k.defined {
                    self.error(
                        t.span,
                        "'defined' cannot be used as a macro name",
                        "reserved",
                    );
                    return;
                }
                if let Some(x) = line.get(1) {
                    self.warning(x.span, "extra tokens at end of #undef directive", "ignored");
                }
                let s = t.sym;
                self.set_macro(s, None);
            }
            Some(t) => self.error(
                t.span,
                "macro names must be identifiers",
                "not an identifier",
            ),
            None => self.error(
                dir_span,
                "no macro name given in #undef directive",
                "expected a macro name",
            ),
        }
    }

    fn include(&mut self, raw: &[FTok], bytes: &[u8], line: Vec<PTok>, dir_span: Span) {
        let text = |ft: &FTok| {
            let b = bytes
                .get(ft.start as usize..ft.end as usize)
                .unwrap_or_default();
            String::from_utf8_lossy(&lex::spelling(b)).into_owned()
        };
        let target = match raw.first() {
            Some(ft) if ft.kind == (RawKind::StringLit { terminated: true }) => {
                let t = text(ft);
                if raw.len() > 1 {
                    self.warning(
                        line[1].span,
                        "extra tokens at end of #include directive",
                        "ignored",
                    );
                }
                Some((t[1..t.len() - 1].to_string(), false))
            }
            Some(ft) if ft.kind == RawKind::Punct(Punct::Lt) => {
                let end = raw.last().map_or(ft.end, |l| l.end) as usize;
                let rest = bytes.get(ft.end as usize..end).unwrap_or_default();
                match rest.iter().position(|&b| b == b'>') {
                    Some(p) => Some((
                        String::from_utf8_lossy(&lex::spelling(&rest[..p])).into_owned(),
                        true,
                    )),
                    None => {
                        self.error(
                            dir_span,
                            "missing terminating '>' character",
                            "in this #include",
                        );
                        return;
                    }
                }
            }
            Some(_) => {
                // Computed include (C99 6.10.2p4).
                let toks = self.expand_list(line);
                match toks.first() {
                    Some(t) if t.kind == PKind::Str && t.flags & UNTERM == 0 => {
                        let s = self.names.get(t.sym);
                        Some((s[1..s.len() - 1].to_string(), false))
                    }
                    Some(t) if t.kind == PKind::Punct(Punct::Lt) => {
                        match toks.iter().position(|t| t.kind == PKind::Punct(Punct::Gt)) {
                            Some(gt) => Some((self.spell(&toks[1..gt]), true)),
                            None => {
                                self.error(
                                    dir_span,
                                    "missing terminating '>' character",
                                    "in this #include",
                                );
                                return;
                            }
                        }
                    }
                    _ => None,
                }
            }
            None => None,
        };
        let Some((name, angled)) = target else {
            self.error(
                dir_span,
                "#include expects \"FILENAME\" or <FILENAME>",
                "in this #include",
            );
            return;
        };
        if name.is_empty() {
            self.error(dir_span, "empty filename in #include", "in this #include");
            return;
        }
        let depth = self.files.iter().filter(|f| !f.top_level).count();
        if depth >= self.opts.limits.max_include_depth {
            let msg = format!(
                "#include nested too deeply (limit {})",
                self.opts.limits.max_include_depth
            );
            self.error(dir_span, msg, "not included");
            return;
        }
        let dir = self.files.last().map(|f| f.dir.clone()).unwrap_or_default();
        match self.resolve(&name, angled, &dir) {
            Some(id) => {
                if !self.once.contains(&id) {
                    self.load_file(id, false);
                }
            }
            None => {
                let mut d = Diagnostic::error(format!("'{name}' file not found"))
                    .at(dir_span, "in this #include");
                if !angled {
                    d = d.note(format!(
                        "searched the including file's directory ('{}') and the -I directories",
                        if dir.is_empty() { "." } else { &dir }
                    ));
                } else {
                    d = d.note("searched the -I directories");
                }
                self.report(d);
            }
        }
    }

    fn resolve(&mut self, name: &str, angled: bool, dir: &str) -> Option<FileId> {
        let mut cands = Vec::new();
        if name.starts_with('/') {
            cands.push(name.to_string());
        } else {
            if !angled {
                cands.push(join_path(dir, name));
            }
            for d in &self.opts.include_dirs {
                cands.push(join_path(&d.to_string_lossy(), name));
            }
        }
        for c in cands {
            let key = normalize_path(&c);
            if let Some(&id) = self.file_cache.get(&key) {
                return Some(id);
            }
            let bytes = match self
                .opts
                .virtual_files
                .iter()
                .find(|(n, _)| normalize_path(n) == key)
            {
                Some((_, b)) => Some(b.clone()),
                None => std::fs::metadata(&c)
                    .ok()
                    .filter(|m| m.is_file() && m.len() <= MAX_INCLUDE_BYTES)
                    .and_then(|_| std::fs::read(&c).ok()),
            };
            if let Some(b) = bytes {
                let id = self.sources.add(key.clone(), b);
                self.file_cache.insert(key, id);
                return Some(id);
            }
        }
        None
    }

    fn line_directive(&mut self, line: Vec<PTok>, dir_span: Span, dir_end: u32) {
        let toks = self.expand_list(line);
        let num = toks.first().and_then(|t| {
            let s = self.names.get(t.sym);
            (t.kind == PKind::Number && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse::<i64>().ok())
                .flatten()
                .filter(|n| (0..=2_147_483_647).contains(n))
        });
        let Some(n) = num else {
            let span = toks.first().map_or(dir_span, |t| t.span);
            self.error(
                span,
                "#line directive requires a simple digit sequence",
                "expected a line number",
            );
            return;
        };
        let mut presumed = None;
        if let Some(t) = toks.get(1) {
            let s = self.names.get(t.sym);
            if t.kind == PKind::Str && t.flags & UNTERM == 0 {
                match lex::unescape(&s[1..s.len() - 1]) {
                    Ok(b) => presumed = Some(String::from_utf8_lossy(&b).into_owned()),
                    Err(m) => {
                        self.error(t.span, m, "in this file name");
                        return;
                    }
                }
            } else if name_is_flag(s) {
                // GNU line marker flags are ignored.
            } else {
                self.error(
                    t.span,
                    "invalid filename in #line directive",
                    "expected a string literal",
                );
                return;
            }
        }
        let Some(f) = self.files.last_mut() else {
            return;
        };
        let (phys, _) = self
            .sources
            .get(f.id)
            .map_or((0, 0), |s| s.line_col(dir_end as usize));
        f.line_delta = n - (phys as i64 + 1);
        if presumed.is_some() {
            f.presumed_name = presumed;
        }
    }

    fn pragma(&mut self, line: &[PTok], dir_span: Span) {
        let text = self.spell(line);
        let words: Vec<String> = line
            .iter()
            .take(5)
            .map(|t| self.names.get(t.sym).to_string())
            .collect();
        let word = |i: usize| words.get(i).map(String::as_str);
        let kind = match (word(0), word(1)) {
            (Some("OPENCL"), Some("EXTENSION")) => {
                let ok = line.len() == 5
                    && line[2].kind == PKind::Ident
                    && line[3].kind == PKind::Punct(Punct::Colon)
                    && matches!(word(4), Some("enable" | "disable"));
                if ok {
                    let name = words[2].clone();
                    if name != "all" && !self.opts.extensions.contains(&name) {
                        let msg = format!("unsupported OpenCL extension '{name}' - ignoring");
                        self.warning(line[2].span, msg, "not supported by this device");
                    }
                    PragmaKind::Extension {
                        name,
                        enable: word(4) == Some("enable"),
                    }
                } else {
                    self.warning(
                        dir_span,
                        "malformed #pragma OPENCL EXTENSION; expected 'name : enable' or 'name : disable'",
                        "ignored",
                    );
                    PragmaKind::Other
                }
            }
            (Some("unroll"), None) => PragmaKind::Unroll(None),
            (Some("unroll"), Some(_)) => {
                let toks = self.expand_list(line[1..].to_vec());
                let end = Span::new(dir_span.file, dir_span.end as usize, dir_span.end as usize);
                let macros = &self.macros;
                let is_defined = |s: Sym| macros.get(s.0 as usize).is_some_and(|m| m.is_some());
                match expr::eval(&toks, &self.names, &is_defined, end) {
                    Ok(v) if !v.unsigned && (v.v as i64) >= 0 && v.v <= u32::MAX as u64 => {
                        PragmaKind::Unroll(Some(v.v as u32))
                    }
                    Ok(v) if v.unsigned && v.v <= u32::MAX as u64 => {
                        PragmaKind::Unroll(Some(v.v as u32))
                    }
                    _ => {
                        self.warning(dir_span, "invalid #pragma unroll count; expected a non-negative integer constant", "ignored");
                        PragmaKind::Other
                    }
                }
            }
            (Some("once"), None) => {
                // Consumed here: not a pragma for later stages.
                if let Some(f) = self.files.last() {
                    let id = f.id;
                    self.once.insert(id);
                }
                return;
            }
            _ => PragmaKind::Other,
        };
        self.out.pragmas.push(Pragma {
            span: dir_span,
            text,
            token_index: self.out.tokens.len(),
            kind,
        });
    }

    /// `_Pragma ( "text" )` (C99 6.10.9). False if not followed by `(` (then it is an
    /// ordinary identifier).
    fn pragma_operator(&mut self, t: PTok) -> bool {
        if !self.peek_lparen() {
            return false;
        }
        self.next_tok(true);
        let s = self.next_expanded_str();
        let close = self.next_tok(true);
        let Some(s) = s.filter(|_| close.is_some_and(|c| c.kind == PKind::Punct(Punct::RParen)))
        else {
            self.error(
                t.span,
                "_Pragma takes a parenthesized string literal",
                "here",
            );
            return true;
        };
        let text = self.names.get(s.sym).to_string();
        let body = text[1..text.len() - 1]
            .replace("\\\"", "\"")
            .replace("\\\\", "\\");
        let span = t.span.to(s.span);
        let toks = self.lex_text(&body, span);
        self.pragma(&toks, span);
        true
    }

    fn next_expanded_str(&mut self) -> Option<PTok> {
        self.next_tok(true)
            .filter(|t| t.kind == PKind::Str && t.flags & UNTERM == 0)
    }

    /// Tokens of a string (for `_Pragma`), all with `span`.
    fn lex_text(&mut self, text: &str, span: Span) -> Vec<PTok> {
        let mut out = Vec::new();
        let mut flags = 0;
        for t in lex::tokenize(text.as_bytes()) {
            if t.kind.is_trivia() || t.kind == RawKind::Newline {
                flags |= SPACE;
                continue;
            }
            let ft = FTok {
                kind: t.kind,
                start: t.start,
                end: t.end,
                flags,
            };
            let mut p = make_ptok(
                &mut self.names,
                &self.punct_syms,
                text.as_bytes(),
                span.file,
                ft,
            );
            p.span = span;
            out.push(p);
            flags = 0;
        }
        out
    }
}

/// `IntLit` or `FloatLit` for a pp-number; an invalid one is classified by its shape
/// (the parser reports it): floating if it has a `.` or an exponent letter.
fn number_kind(text: &str) -> TokenKind {
    if let Some(k) = lex::classify_number(text) {
        return k;
    }
    let b = text.as_bytes();
    let hex = b.len() >= 2 && b[0] == b'0' && (b[1] | 0x20) == b'x';
    let float = text.contains('.')
        || if hex {
            text.contains(['p', 'P'])
        } else {
            text.contains(['e', 'E'])
        };
    if float {
        TokenKind::FloatLit
    } else {
        TokenKind::IntLit
    }
}

/// GNU line-marker flags (`# 1 "f" 1 3`) are plain numbers.
fn name_is_flag(s: &str) -> bool {
    matches!(s, "1" | "2" | "3" | "4")
}
