//! Printing preprocessed tokens back as text (`kauai build -E`, the pp tests).
//!
//! One output line per source line that produced tokens; a single space where the
//! source had whitespace, and also wherever two adjacent tokens would otherwise lex as
//! one (`-` `-` from different macros prints as `- -`, as `cc -E` does). Pragmas are
//! printed as `#pragma ...` lines at their place in the token stream.

use super::{Leading, PpOutput};
use crate::lex;
use crate::token::{Token, TokenKind};

impl PpOutput {
    /// The tokens as preprocessed source text, ending in a newline (empty if no tokens).
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let mut prev: Option<&Token> = None;
        let mut pragmas = self.pragmas.iter().peekable();
        for (i, t) in self.tokens.iter().enumerate() {
            while let Some(p) = pragmas.next_if(|p| p.token_index <= i) {
                if !s.is_empty() && !s.ends_with('\n') {
                    s.push('\n');
                }
                s.push_str("#pragma ");
                s.push_str(&p.text);
                s.push('\n');
                prev = None;
            }
            if t.kind == TokenKind::Eof {
                break;
            }
            if let Some(p) = prev {
                match self.leading.get(i).copied().unwrap_or(Leading::Space) {
                    Leading::Newline => s.push('\n'),
                    Leading::Space => s.push(' '),
                    Leading::None => {
                        if would_merge(p, t) {
                            s.push(' ');
                        }
                    }
                }
            }
            s.push_str(&t.text);
            prev = Some(t);
        }
        if !s.is_empty() && !s.ends_with('\n') {
            s.push('\n');
        }
        s
    }
}

/// Whether `a` immediately followed by `b` would lex differently.
fn would_merge(a: &Token, b: &Token) -> bool {
    let joined = format!("{}{}", a.text, b.text);
    lex::tokenize(joined.as_bytes())
        .next()
        .is_some_and(|t| t.end as usize != a.text.len())
}
