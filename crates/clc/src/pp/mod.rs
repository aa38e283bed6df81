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
//! examples (`f(2)(9)` → `2*9*g`). Names are painted when read, also while collecting
//! arguments, so a context that ends inside an argument list still protects its tokens.
//!
//! Macro arguments are fully expanded in isolation before substitution (except operands
//! of `#` and `##`), with placemarkers for empty operands of `##`. A skipped `#if` group
//! is never turned into preprocessing tokens or checked: only lines starting with `#`
//! are looked at, to track nesting.
//!
//! Hostile input gets a diagnostic, never a hang or stack overflow: see [`PpLimits`].
//!
//! The preprocessor reports bytes that form no token (`@`, a stray `\`); whether a
//! literal is valid (suffix, digits, escapes, closing quote) is left to the parser, which
//! sees every literal token. pp-numbers are classified as `IntLit`/`FloatLit` by shape.
//!
//! Tokens produced by a macro expansion carry the span of the outermost invocation
//! (name through closing parenthesis); tokens that came from an argument keep their own.
//! Bytes that are not UTF-8 inside string and character literals appear in
//! [`Token::text`] as octal escapes (`\377`), which denote the same bytes. `#line`
//! changes what `__LINE__` and `__FILE__` say and, through a [`kauai_diag::LineMark`] in
//! the source map, the file and line diagnostics report; spans stay on the real bytes,
//! so the source line shown is the real one.
//!
//! # Layout
//!
//! `mod.rs`: options, output, state, files. `expand.rs`: reading and macro expansion.
//! `directive.rs`: every `#` directive and `_Pragma`. `expr.rs`: the `#if` evaluator.
//! `print.rs`: tokens back to text (`-E`).

mod directive;
mod expand;
mod expr;
mod print;

use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use kauai_diag::{Diagnostic, Diagnostics, FileId, SourceMap, Span};

use crate::lex::{self, RawKind};
use crate::limits;
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
    /// In-memory headers given with the sources (`clCompileProgram`'s input headers):
    /// `#include "NAME"` and `#include <NAME>` find the header called `NAME` from any
    /// file, before anything else; inside one, quoted includes also look beside it
    /// (a header `inc/b.h` is found by `#include "b.h"` in `inc/a.h`).
    pub input_headers: Vec<(String, Vec<u8>)>,
    pub limits: PpLimits,
}

/// Bounds that keep hostile input from exhausting the stack, memory or time. The
/// defaults, and why they are what they are, are in [`crate::limits`]; tests lower them.
#[derive(Clone, Copy, Debug)]
pub struct PpLimits {
    /// Nested `#include`s ([`limits::MAX_INCLUDE_DEPTH`]).
    pub max_include_depth: usize,
    /// Nested `#if` groups that are being taken ([`limits::MAX_IF_DEPTH`]).
    pub max_if_depth: usize,
    /// Tokens that macro expansion may push for rescanning in total
    /// ([`limits::MAX_EXPANSION_TOKENS`]); past it macros are no longer expanded.
    pub max_expansion_tokens: u64,
    /// Bytes of tokens made by `#` and `##` in total ([`limits::MAX_MADE_TOKEN_BYTES`]);
    /// past it macros are no longer expanded.
    pub max_made_token_bytes: u64,
    /// Tokens handed to the parser ([`limits::MAX_OUTPUT_TOKENS`]); past it
    /// preprocessing stops.
    pub max_output_tokens: usize,
    /// Bytes of token text handed to the parser ([`limits::MAX_OUTPUT_BYTES`]); past it
    /// preprocessing stops.
    pub max_output_bytes: u64,
    /// Macro invocations nested inside macro arguments (each level recurses).
    pub max_arg_nesting: usize,
    /// Diagnostics reported before the preprocessor goes quiet.
    pub max_diagnostics: usize,
    /// Bytes `#include` may bring in over the whole run, each inclusion counted with its
    /// size plus 1 KiB (re-including a file with an include guard that is defined costs
    /// nothing).
    pub max_included_bytes: u64,
}

impl Default for PpLimits {
    fn default() -> PpLimits {
        PpLimits {
            max_include_depth: limits::MAX_INCLUDE_DEPTH,
            max_if_depth: limits::MAX_IF_DEPTH,
            max_expansion_tokens: limits::MAX_EXPANSION_TOKENS,
            max_made_token_bytes: limits::MAX_MADE_TOKEN_BYTES,
            max_output_tokens: limits::MAX_OUTPUT_TOKENS,
            max_output_bytes: limits::MAX_OUTPUT_BYTES,
            max_arg_nesting: limits::MAX_ARG_NESTING,
            max_diagnostics: limits::MAX_PP_DIAGNOSTICS,
            max_included_bytes: limits::MAX_INCLUDED_BYTES,
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
    /// An expansion or output limit was reached (and reported): the tokens are a
    /// truncated or unexpanded rest of the unit, not worth parsing.
    pub limit_hit: bool,
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
/// `opts.virtual_files` is consulted before the disk. `opts.input_headers` come first.
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
        if pp.output_full {
            break;
        }
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
        text: "".into(),
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
    map: FxMap<Arc<str>, Sym>,
    /// Shared with the output tokens, so a spelling is stored once however often it
    /// appears.
    strs: Vec<Arc<str>>,
}

impl Interner {
    fn intern(&mut self, s: &str) -> Sym {
        if let Some(&id) = self.map.get(s) {
            return id;
        }
        let id = Sym(self.strs.len() as u32);
        let rc: Arc<str> = s.into();
        self.strs.push(rc.clone());
        self.map.insert(rc, id);
        id
    }

    fn get(&self, s: Sym) -> &str {
        self.strs.get(s.0 as usize).map_or("", |r| r)
    }

    fn shared(&self, s: Sym) -> Arc<str> {
        self.strs
            .get(s.0 as usize)
            .cloned()
            .unwrap_or_else(|| "".into())
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

/// A file's bytes and raw tokens, lexed once per run.
struct Lexed {
    bytes: Rc<[u8]>,
    toks: Vec<FTok>,
    /// Directory for `#include "..."`.
    dir: String,
    /// The macro of an include guard wrapping the whole file (`#ifndef G` ... `#endif`):
    /// while it is defined, including the file again has no effect.
    guard: Option<Sym>,
}

struct FileState {
    id: FileId,
    /// Same as `lexed.bytes`, kept for short borrows.
    bytes: Rc<[u8]>,
    lexed: Rc<Lexed>,
    pos: usize,
    /// `conds.len()` when the file was entered: its own `#if`s are above.
    cond_base: usize,
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
    /// Bytes of tokens made by `#` and `##` so far.
    made_bytes: u64,
    /// Bytes of token text emitted so far.
    out_bytes: u64,
    /// An output limit was reached: preprocessing stops.
    output_full: bool,
    expansion_off: bool,
    arg_nesting: usize,
    reported: usize,
    quiet: bool,
    /// A dropped token started a line: the next emitted token does.
    pending_bol: bool,
    file_cache: FxMap<String, FileId>,
    lexed: FxMap<FileId, Rc<Lexed>>,
    /// Bytes (plus a fixed cost per file) brought in by `#include` so far.
    included: u64,
    include_budget_hit: bool,
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
            made_bytes: 0,
            out_bytes: 0,
            output_full: false,
            expansion_off: false,
            arg_nesting: 0,
            reported: 0,
            quiet: false,
            pending_bol: false,
            file_cache: FxMap::default(),
            lexed: FxMap::default(),
            included: 0,
            include_budget_hit: false,
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
                "too many preprocessor diagnostics; stopped reporting after {} (the limit MAX_PP_DIAGNOSTICS)",
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

    /// Lex a file once; later `#include`s of it reuse the tokens.
    fn lexed(&mut self, id: FileId) -> Option<Rc<Lexed>> {
        if let Some(l) = self.lexed.get(&id) {
            return Some(l.clone());
        }
        let file = self.sources.get(id)?;
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
        let guard = include_guard(&bytes, &toks).map(|g| self.names.intern(&g));
        let l = Rc::new(Lexed {
            bytes,
            toks,
            dir,
            guard,
        });
        self.lexed.insert(id, l.clone());
        Some(l)
    }

    fn load_file(&mut self, id: FileId, top_level: bool) {
        let Some(l) = self.lexed(id) else { return };
        self.files.push(FileState {
            id,
            bytes: l.bytes.clone(),
            lexed: l,
            pos: 0,
            cond_base: if top_level { 0 } else { self.conds.len() },
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
                // Keep the line structure of the printed output.
                self.pending_bol |= t.flags & BOL != 0;
                return;
            }
            PKind::Placemarker => return,
        };
        let bol = t.flags & BOL != 0 || std::mem::take(&mut self.pending_bol);
        let leading = if bol {
            Leading::Newline
        } else if t.flags & SPACE != 0 {
            Leading::Space
        } else {
            Leading::None
        };
        let text = self.names.shared(t.sym);
        self.out_bytes += text.len() as u64;
        let lim = &self.opts.limits;
        if self.out.tokens.len() >= lim.max_output_tokens || self.out_bytes > lim.max_output_bytes {
            let msg = if self.out.tokens.len() >= lim.max_output_tokens {
                format!(
                    "the preprocessed program is too large (the limit MAX_OUTPUT_TOKENS is {} tokens); preprocessing stopped",
                    lim.max_output_tokens
                )
            } else {
                format!(
                    "the preprocessed program is too large (the limit MAX_OUTPUT_BYTES is {} bytes of tokens); preprocessing stopped",
                    lim.max_output_bytes
                )
            };
            self.error(t.span, msg, "here");
            self.output_full = true;
            self.out.limit_hit = true;
            return;
        }
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
}

/// The guard macro if the whole file is `#ifndef G` ... `#endif` (only trivia outside).
fn include_guard(bytes: &[u8], toks: &[FTok]) -> Option<String> {
    let text = |t: &FTok| {
        lex::spelling(
            bytes
                .get(t.start as usize..t.end as usize)
                .unwrap_or_default(),
        )
    };
    let is_hash = |t: &FTok| t.flags & BOL != 0 && t.kind == RawKind::Punct(Punct::Hash);
    let [h, d, g, rest @ ..] = toks else {
        return None;
    };
    if !is_hash(h) || &*text(d) != b"ifndef" || g.kind != RawKind::Ident {
        return None;
    }
    if rest.first().is_some_and(|t| t.flags & BOL == 0) {
        return None;
    }
    let mut depth = 1usize;
    for (i, t) in rest.iter().enumerate() {
        if !is_hash(t) {
            continue;
        }
        let Some(n) = rest.get(i + 1).filter(|n| n.flags & BOL == 0) else {
            continue;
        };
        match &*text(n) {
            b"if" | b"ifdef" | b"ifndef" => depth += 1,
            b"elif" | b"else" if depth == 1 => return None,
            b"endif" => {
                depth -= 1;
                if depth == 0 {
                    // The #endif must end the file.
                    let after = &rest[i + 1..];
                    return after
                        .iter()
                        .all(|t| t.flags & BOL == 0)
                        .then(|| String::from_utf8_lossy(&text(g)).into_owned());
                }
            }
            _ => {}
        }
    }
    None
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
