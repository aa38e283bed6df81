//! The OpenCL C parser: preprocessed tokens in, [`crate::ast::TranslationUnit`] out.
//!
//! A hand-written recursive-descent parser. Points worth knowing:
//!
//! - **Keywords** arrive as identifiers (see [`crate::token`]) and are classified here.
//! - **The typedef table** (the "lexer hack"): whether `T * x;` is a declaration depends on
//!   whether `T` names a type, so the parser keeps a stack of scopes mapping names to
//!   "typedef" or "ordinary identifier" (an inner variable may shadow an outer typedef).
//! - **Errors** are reported as diagnostics saying what was expected; the parser then
//!   skips to the next `;` or `}` of the current level and continues, so one run reports
//!   several problems. Internally a failed production returns `Err(Reported)`.
//! - **Nesting** of expressions (each postfix operator included), statements,
//!   declarators and initializers is limited to [`MAX_NESTING_DEPTH`]; deeper input gets
//!   one diagnostic and parsing stops (instead of overflowing the stack here or in a
//!   later walk over the tree).
//! - **Expressions** use precedence climbing for the binary operators; casts, compound
//!   literals and OpenCL vector literals `(float4)(a, b)` are told apart after a
//!   parenthesized type name by the next token.
//! - **Output helpers**: [`dump()`] renders the AST as S-expressions (the test
//!   expectations in `tests/data/parse`), [`to_c`] prints it back as C that parses to
//!   the same AST.

mod decl;
pub mod dump;
mod expr;
pub mod literal;
pub mod print;
mod stmt;

use kauai_diag::{Diagnostic, Diagnostics, Span};

use crate::ast::{FxMap, Symbol, TranslationUnit};
use crate::token::{Punct, Token, TokenKind};
use decl::SpecKw;

pub use dump::dump;
pub use print::to_c;

pub use crate::limits::{MAX_NESTING_DEPTH, MAX_PARSE_ERRORS};

/// Parse a whole translation unit. `tokens` normally ends in one [`TokenKind::Eof`] (as
/// the preprocessor produces); a missing end marker is tolerated. Problems are pushed to
/// `diags`; the returned AST holds everything that could be parsed.
pub fn parse(tokens: &[Token], diags: &mut Diagnostics) -> TranslationUnit {
    let mut p = Parser::new(tokens, diags);
    p.translation_unit();
    p.tu
}

/// A production failed and its diagnostic was already pushed.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Reported;

pub(crate) type PResult<T> = Result<T, Reported>;

pub(crate) struct Parser<'t, 'd> {
    toks: &'t [Token],
    pos: usize,
    /// Where the input ends (for diagnostics at end of input).
    eof_span: Span,
    pub(crate) tu: TranslationUnit,
    diags: &'d mut Diagnostics,
    /// The interned symbol of each identifier token (`NO_SYM` for other tokens), so
    /// every identifier is hashed once.
    syms: Vec<Symbol>,
    /// What each interned name is as a word of the language (indexed by symbol).
    words: Vec<Word>,
    /// The typedef table: innermost scope last; `true` marks a typedef name.
    scopes: Vec<FxMap<Symbol, bool>>,
    depth: u32,
    /// Set when the nesting limit or the error limit was hit: parsing stops.
    aborted: bool,
    /// Errors this parser reported (towards [`MAX_PARSE_ERRORS`]).
    errors: usize,
    /// The next declarator may take a type keyword as its name (already diagnosed).
    keyword_as_name: bool,
    /// Declaration specifiers ended at a tag definition missing its `;` (already
    /// diagnosed): the caller proceeds as if the `;` was there.
    missing_semi: bool,
}

impl<'t, 'd> Parser<'t, 'd> {
    fn new(toks: &'t [Token], diags: &'d mut Diagnostics) -> Self {
        let end = toks.last().map(|t| t.span).unwrap_or_default();
        let eof_span = Span {
            start: end.end,
            ..end
        };
        let mut tu = TranslationUnit::default();
        let mut words = Vec::new();
        let syms = toks
            .iter()
            .map(|t| {
                if t.kind != TokenKind::Ident {
                    return NO_SYM;
                }
                let sym = tu.names.intern(&t.text);
                if sym.0 as usize == words.len() {
                    words.push(Word {
                        spec: decl::classify(&t.text),
                        reserved: decl::is_reserved(&t.text),
                    });
                }
                sym
            })
            .collect();
        Parser {
            toks,
            pos: 0,
            syms,
            words,
            eof_span,
            tu,
            diags,
            scopes: vec![FxMap::default()],
            depth: 0,
            aborted: false,
            errors: 0,
            keyword_as_name: false,
            missing_semi: false,
        }
    }

    // ---- token access -----------------------------------------------------------------

    pub(crate) fn peek(&self) -> &'t Token {
        self.nth(0)
    }

    pub(crate) fn nth(&self, n: usize) -> &'t Token {
        if self.aborted {
            return &EOF;
        }
        let toks: &'t [Token] = self.toks;
        match toks.get(self.pos + n) {
            Some(t) => t,
            None => &EOF,
        }
    }

    pub(crate) fn at_eof(&self) -> bool {
        self.peek().kind == TokenKind::Eof
    }

    pub(crate) fn span(&self) -> Span {
        let t = self.peek();
        if t.kind == TokenKind::Eof {
            self.eof_span
        } else {
            t.span
        }
    }

    /// Span of the token before the current one (the end of what was just parsed).
    pub(crate) fn prev_span(&self) -> Span {
        if self.pos == 0 {
            return self.span();
        }
        self.toks
            .get(self.pos - 1)
            .map(|t| t.span)
            .unwrap_or(self.eof_span)
    }

    /// The span of the tokens consumed since position `start_pos`; an empty span at the
    /// current token if none were (an empty abstract declarator).
    pub(crate) fn span_since(&self, start_pos: usize) -> Span {
        if self.pos > start_pos {
            let first = self.toks.get(start_pos).map_or(self.eof_span, |t| t.span);
            join(first, self.prev_span())
        } else {
            let here = self.span();
            Span {
                end: here.start,
                ..here
            }
        }
    }

    pub(crate) fn bump(&mut self) -> Span {
        let s = self.span();
        if !self.at_eof() {
            self.pos += 1;
        }
        s
    }

    pub(crate) fn is(&self, p: Punct) -> bool {
        self.peek().kind == TokenKind::Punct(p)
    }

    pub(crate) fn nth_is(&self, n: usize, p: Punct) -> bool {
        self.nth(n).kind == TokenKind::Punct(p)
    }

    pub(crate) fn eat(&mut self, p: Punct) -> bool {
        if self.is(p) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub(crate) fn is_kw(&self, kw: &str) -> bool {
        let t = self.peek();
        t.kind == TokenKind::Ident && &*t.text == kw
    }

    pub(crate) fn eat_kw(&mut self, kw: &str) -> bool {
        if self.is_kw(kw) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Consume `p` or report "expected `p` <context>".
    pub(crate) fn expect(&mut self, p: Punct, context: &str) -> PResult<Span> {
        if self.is(p) {
            return Ok(self.bump());
        }
        let msg = format!("expected `{}` {context}", p.as_str());
        if p == Punct::Semi && self.pos > 0 && !self.aborted {
            // As clang: a missing `;` is reported right after the previous token (not
            // at the next line's first token). When what follows can begin the next
            // item, parsing goes on as if the `;` were there, so that item is neither
            // lost nor reported again; otherwise the caller's recovery skips it.
            let prev = self.prev_span();
            let at = Span {
                start: prev.end,
                ..prev
            };
            let found = describe(self.peek());
            let goes_on = self.can_begin_next_item();
            let label = if goes_on {
                "add `;` here".to_string()
            } else {
                format!("found {found}")
            };
            self.error(at, &msg, &label);
            return if goes_on { Ok(at) } else { Err(Reported) };
        }
        Err(self.error_here(&msg))
    }

    /// Whether the current token can begin what follows a missing `;`: a declaration
    /// (at program scope), or a statement or the block's `}` (inside a function).
    fn can_begin_next_item(&self) -> bool {
        if self.spec_at(0).is_some() || self.typedef_at(0) {
            return true;
        }
        if self.scopes.len() <= 1 {
            return false;
        }
        match self.peek().kind {
            TokenKind::Ident
            | TokenKind::IntLit
            | TokenKind::FloatLit
            | TokenKind::CharLit
            | TokenKind::StringLit => true,
            TokenKind::Punct(p) => matches!(
                p,
                Punct::LBrace
                    | Punct::RBrace
                    | Punct::LParen
                    | Punct::Star
                    | Punct::Minus
                    | Punct::Plus
                    | Punct::Bang
                    | Punct::Tilde
                    | Punct::Amp
                    | Punct::PlusPlus
                    | Punct::MinusMinus
            ),
            _ => false,
        }
    }

    /// Report `msg` at the current token, naming what was found.
    pub(crate) fn error_here(&mut self, msg: &str) -> Reported {
        let found = describe(self.peek());
        let span = self.span();
        self.error(span, msg, &format!("found {found}"))
    }

    pub(crate) fn error(&mut self, span: Span, msg: &str, label: &str) -> Reported {
        if self.aborted {
            return Reported;
        }
        self.push_diag(Diagnostic::error(msg).at(span, label));
        Reported
    }

    /// Report a malformed literal unless an earlier stage (the preprocessor validates
    /// literal spellings too) already reported an error at exactly this token.
    pub(crate) fn literal_error(&mut self, span: Span, msg: &str, label: &str) {
        let known = self
            .diags
            .iter()
            .any(|d| d.is_error() && d.primary_span() == Some(span));
        if !known {
            self.error(span, msg, label);
        }
    }

    /// Push a ready-made diagnostic (one with several labels); errors count towards
    /// [`MAX_PARSE_ERRORS`] like those from [`Parser::error`].
    pub(crate) fn push_diag(&mut self, d: Diagnostic) {
        if self.aborted {
            return;
        }
        let is_error = d.is_error();
        let span = d.primary_span().unwrap_or_default();
        self.diags.push(d);
        if is_error {
            self.errors += 1;
            if self.errors >= MAX_PARSE_ERRORS {
                self.diags.push(
                    Diagnostic::error(format!("too many errors (the limit MAX_PARSE_ERRORS is {MAX_PARSE_ERRORS}); parsing stopped"))
                        .at(span, "the last error reported"),
                );
                self.aborted = true;
            }
        }
    }

    pub(crate) fn warning(&mut self, span: Span, msg: &str, label: &str) {
        if !self.aborted {
            self.diags.push(Diagnostic::warning(msg).at(span, label));
        }
    }

    pub(crate) fn intern(&mut self, name: &str) -> Symbol {
        self.tu.names.intern(name)
    }

    // ---- nesting limit ------------------------------------------------------------------

    /// Enter one nesting level; past [`MAX_NESTING_DEPTH`] report once and stop parsing.
    pub(crate) fn enter(&mut self) -> PResult<()> {
        if self.aborted {
            return Err(Reported);
        }
        self.depth += 1;
        if self.depth > MAX_NESTING_DEPTH {
            let span = self.span();
            self.error(
                span,
                &format!(
                    "nesting is too deep (the limit MAX_NESTING_DEPTH is {MAX_NESTING_DEPTH} levels; each postfix operator counts as one)"
                ),
                "this is nested too deeply",
            );
            self.aborted = true;
            self.depth -= 1;
            return Err(Reported);
        }
        Ok(())
    }

    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    // ---- typedef scopes -----------------------------------------------------------------

    pub(crate) fn push_scope(&mut self) {
        self.scopes.push(FxMap::default());
    }

    pub(crate) fn pop_scope(&mut self) {
        if self.scopes.len() > 1 {
            self.scopes.pop();
        }
    }

    pub(crate) fn declare(&mut self, name: Symbol, is_typedef: bool) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name, is_typedef);
        }
    }

    /// The symbol of the identifier `n` tokens ahead (`NO_SYM` if it is no identifier).
    pub(crate) fn sym_at(&self, n: usize) -> Symbol {
        if self.aborted {
            return NO_SYM;
        }
        self.syms.get(self.pos + n).copied().unwrap_or(NO_SYM)
    }

    fn word(&self, sym: Symbol) -> Option<&Word> {
        self.words.get(sym.0 as usize)
    }

    /// The specifier keyword `n` tokens ahead, if it is one.
    pub(crate) fn spec_at(&self, n: usize) -> Option<SpecKw> {
        self.word(self.sym_at(n)).and_then(|w| w.spec)
    }

    /// Whether the token `n` ahead is an identifier that can name something: not a
    /// keyword of any kind.
    pub(crate) fn plain_ident_at(&self, n: usize) -> bool {
        self.word(self.sym_at(n))
            .is_some_and(|w| w.spec.is_none() && !w.reserved)
    }

    /// Whether the token `n` ahead is an identifier currently naming a typedef.
    pub(crate) fn typedef_at(&self, n: usize) -> bool {
        self.plain_ident_at(n) && self.is_typedef_sym(self.sym_at(n))
    }

    /// Whether the symbol currently names a typedef.
    pub(crate) fn is_typedef_sym(&self, sym: Symbol) -> bool {
        for s in self.scopes.iter().rev() {
            if let Some(&t) = s.get(&sym) {
                return t;
            }
        }
        false
    }

    // ---- recovery -----------------------------------------------------------------------

    /// Skip past the next `;` of this nesting level, or past a `{...}` group that began
    /// while skipping (then also past a `;` right after it if `eat_semi_after_group`, as
    /// in `struct {...};`), or up to — not past — a `}` closing the current block.
    pub(crate) fn recover(&mut self, eat_semi_after_group: bool) {
        let mut depth = 0usize;
        loop {
            match self.peek().kind {
                TokenKind::Eof => return,
                TokenKind::Punct(Punct::Semi) if depth == 0 => {
                    self.bump();
                    return;
                }
                TokenKind::Punct(Punct::LBrace) => depth += 1,
                TokenKind::Punct(Punct::RBrace) => {
                    if depth == 0 {
                        return;
                    }
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        if eat_semi_after_group {
                            self.eat(Punct::Semi);
                        }
                        return;
                    }
                }
                _ => {}
            }
            self.bump();
        }
    }

    // ---- top level ----------------------------------------------------------------------

    fn translation_unit(&mut self) {
        while !self.at_eof() {
            let start = self.pos;
            if self.eat(Punct::Semi) {
                // A stray `;` at file scope is accepted (C11 allows it, kernels have it).
                continue;
            }
            match self.external_decl() {
                Ok(item) => self.tu.items.push(item),
                Err(Reported) => self.recover(true),
            }
            if self.pos == start && !self.at_eof() {
                // Never loop without progress (e.g. a stray `}`).
                self.error_here("expected a declaration");
                self.bump();
            }
        }
    }
}

/// The symbol slot of a token that is no identifier.
pub(crate) const NO_SYM: Symbol = Symbol(u32::MAX);

/// An identifier's role as a word of the language, computed once per distinct name.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Word {
    pub(crate) spec: Option<SpecKw>,
    /// A keyword that is not a specifier (`if`, `sizeof`, ...).
    pub(crate) reserved: bool,
}

/// Stands in for every token past the end of the input.
static EOF: std::sync::LazyLock<Token> = std::sync::LazyLock::new(|| Token {
    kind: TokenKind::Eof,
    text: "".into(),
    span: Span {
        file: kauai_diag::FileId(0),
        start: 0,
        end: 0,
    },
});

/// How a token is named in "found ..." labels.
pub(crate) fn describe(t: &Token) -> String {
    match t.kind {
        TokenKind::Eof => "end of input".to_string(),
        TokenKind::Ident => format!("`{}`", t.text),
        TokenKind::IntLit | TokenKind::FloatLit => format!("number `{}`", t.text),
        TokenKind::CharLit => format!("character literal {}", t.text),
        TokenKind::StringLit => "string literal".to_string(),
        TokenKind::Punct(p) => format!("`{}`", p.as_str()),
    }
}

/// Merge two spans.
pub(crate) fn join(a: Span, b: Span) -> Span {
    a.to(b)
}
