//! Tokens: the contract between the preprocessor and the parser.
//!
//! The preprocessor hands the parser a flat `Vec<Token>` ending in one [`TokenKind::Eof`].
//! Keywords are not separate kinds: they arrive as [`TokenKind::Ident`] and the parser
//! classifies them, because the preprocessor must treat them as identifiers anyway
//! (`#define float double` is legal) and OpenCL adds many keyword-like names
//! (`float4`, `__global`) that are easier to recognize in one place.

use kauai_diag::Span;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    /// The spelling after preprocessing: identifier name, literal text as written
    /// (with suffixes and quotes), or the punctuator. Shared between the tokens of
    /// one spelling.
    pub text: std::sync::Arc<str>,
    /// Where the token came from; for a token produced by macro expansion, the span of
    /// the macro invocation (so diagnostics point at what the user wrote).
    pub span: Span,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    Ident,
    /// An integer literal such as `42`, `0x1Fu`, `07`, `10UL`.
    IntLit,
    /// A floating literal such as `1.0f`, `.5`, `1e-3`, `0x1p4`, `2.h`.
    FloatLit,
    /// A character literal such as `'a'` or `'\n'`.
    CharLit,
    /// A string literal such as `"abc"` (its bytes may be any except an unescaped quote).
    StringLit,
    Punct(Punct),
    Eof,
}

/// C punctuators. `#` and `##` only reach the parser when they are stray (an error).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Punct {
    LBracket,
    RBracket,
    LParen,
    RParen,
    LBrace,
    RBrace,
    Dot,
    Arrow,
    PlusPlus,
    MinusMinus,
    Amp,
    Star,
    Plus,
    Minus,
    Tilde,
    Bang,
    Slash,
    Percent,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    EqEq,
    Ne,
    Caret,
    Pipe,
    AmpAmp,
    PipePipe,
    Question,
    Colon,
    Semi,
    Ellipsis,
    Assign,
    StarAssign,
    SlashAssign,
    PercentAssign,
    PlusAssign,
    MinusAssign,
    ShlAssign,
    ShrAssign,
    AmpAssign,
    CaretAssign,
    PipeAssign,
    Comma,
    Hash,
    HashHash,
}

impl Punct {
    /// Every punctuator with its spelling, longest first, for a maximal-munch lexer.
    pub const ALL: &'static [(&'static str, Punct)] = &[
        ("...", Punct::Ellipsis),
        ("<<=", Punct::ShlAssign),
        (">>=", Punct::ShrAssign),
        ("->", Punct::Arrow),
        ("++", Punct::PlusPlus),
        ("--", Punct::MinusMinus),
        ("<<", Punct::Shl),
        (">>", Punct::Shr),
        ("<=", Punct::Le),
        (">=", Punct::Ge),
        ("==", Punct::EqEq),
        ("!=", Punct::Ne),
        ("&&", Punct::AmpAmp),
        ("||", Punct::PipePipe),
        ("*=", Punct::StarAssign),
        ("/=", Punct::SlashAssign),
        ("%=", Punct::PercentAssign),
        ("+=", Punct::PlusAssign),
        ("-=", Punct::MinusAssign),
        ("&=", Punct::AmpAssign),
        ("^=", Punct::CaretAssign),
        ("|=", Punct::PipeAssign),
        ("##", Punct::HashHash),
        ("[", Punct::LBracket),
        ("]", Punct::RBracket),
        ("(", Punct::LParen),
        (")", Punct::RParen),
        ("{", Punct::LBrace),
        ("}", Punct::RBrace),
        (".", Punct::Dot),
        ("&", Punct::Amp),
        ("*", Punct::Star),
        ("+", Punct::Plus),
        ("-", Punct::Minus),
        ("~", Punct::Tilde),
        ("!", Punct::Bang),
        ("/", Punct::Slash),
        ("%", Punct::Percent),
        ("<", Punct::Lt),
        (">", Punct::Gt),
        ("^", Punct::Caret),
        ("|", Punct::Pipe),
        ("?", Punct::Question),
        (":", Punct::Colon),
        (";", Punct::Semi),
        ("=", Punct::Assign),
        (",", Punct::Comma),
        ("#", Punct::Hash),
    ];

    pub fn as_str(self) -> &'static str {
        Punct::ALL
            .iter()
            .find(|(_, p)| *p == self)
            .map(|(s, _)| *s)
            .unwrap_or("?")
    }
}

impl Token {
    pub fn is_punct(&self, p: Punct) -> bool {
        self.kind == TokenKind::Punct(p)
    }

    pub fn is_ident(&self, name: &str) -> bool {
        self.kind == TokenKind::Ident && &*self.text == name
    }
}
