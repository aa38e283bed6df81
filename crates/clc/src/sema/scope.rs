//! Block-structured name lookup without copying scopes.
//!
//! Each name maps to a stack of bindings; entering a scope records a mark in an undo
//! log, leaving it pops exactly the bindings made since. Lookup and both scope
//! operations cost O(1) per binding, so deep nesting or many declarations never turn
//! quadratic.

use std::collections::HashMap;

use kauai_diag::Span;
use kauai_ir::{AddrSpace, GlobalId, Value};

use super::types::Ty;
use crate::ast::Symbol;

/// An object in memory that a name denotes.
#[derive(Copy, Clone, Debug)]
pub struct VarInfo {
    /// Where the object lives: an alloca, a by-value parameter's pointer, or a global.
    pub place: Place,
    pub ty: Ty,
    pub space: AddrSpace,
    pub is_const: bool,
    pub is_volatile: bool,
}

#[derive(Copy, Clone, Debug)]
pub enum Place {
    /// A pointer value of the current function.
    Ptr(Value),
    /// A module-scope variable (its address is taken where it is used).
    Global(GlobalId),
}

#[derive(Copy, Clone, Debug)]
pub enum Binding {
    Var(VarInfo),
    /// Index into the lowerer's user-function table.
    Func(usize),
    Typedef {
        ty: Ty,
        space: Option<AddrSpace>,
        is_const: bool,
        is_volatile: bool,
    },
    EnumConst(i64, Ty),
}

#[derive(Copy, Clone, Debug)]
pub enum Tag {
    Record(u32),
    Enum,
}

#[derive(Default)]
pub struct Scopes {
    names: HashMap<Symbol, Vec<(u32, Binding, Span)>>,
    tags: HashMap<Symbol, Vec<(u32, Tag)>>,
    /// (is a tag, name) in binding order.
    log: Vec<(bool, Symbol)>,
    marks: Vec<usize>,
}

impl Scopes {
    pub fn depth(&self) -> u32 {
        self.marks.len() as u32
    }

    pub fn push(&mut self) {
        self.marks.push(self.log.len());
    }

    pub fn pop(&mut self) {
        let mark = self.marks.pop().unwrap_or(0);
        while self.log.len() > mark {
            if let Some((is_tag, sym)) = self.log.pop() {
                if is_tag {
                    if let Some(v) = self.tags.get_mut(&sym) {
                        v.pop();
                    }
                } else if let Some(v) = self.names.get_mut(&sym) {
                    v.pop();
                }
            }
        }
    }

    /// Bind `sym` in the innermost scope. Returns the span of a binding of the same name
    /// already made in this scope (a redeclaration), without replacing it.
    pub fn declare(&mut self, sym: Symbol, b: Binding, span: Span) -> Option<(Binding, Span)> {
        let depth = self.depth();
        let stack = self.names.entry(sym).or_default();
        if let Some((d, old, s)) = stack.last() {
            if *d == depth {
                return Some((*old, *s));
            }
        }
        stack.push((depth, b, span));
        self.log.push((false, sym));
        None
    }

    /// Replace the binding of `sym` in the innermost scope (a function prototype made
    /// into a definition).
    pub fn rebind(&mut self, sym: Symbol, b: Binding) {
        let depth = self.depth();
        if let Some(stack) = self.names.get_mut(&sym) {
            if let Some(last) = stack.last_mut() {
                if last.0 == depth {
                    last.1 = b;
                }
            }
        }
    }

    pub fn lookup(&self, sym: Symbol) -> Option<Binding> {
        self.names.get(&sym)?.last().map(|(_, b, _)| *b)
    }

    /// Every name with a binding visible now (for "did you mean" hints).
    pub fn visible(&self) -> impl Iterator<Item = Symbol> + '_ {
        self.names
            .iter()
            .filter(|(_, v)| !v.is_empty())
            .map(|(s, _)| *s)
    }

    pub fn declare_tag(&mut self, sym: Symbol, t: Tag) {
        let d = self.depth();
        self.tags.entry(sym).or_default().push((d, t));
        self.log.push((true, sym));
    }

    /// The tag binding and whether it was made in the innermost scope.
    pub fn lookup_tag(&self, sym: Symbol) -> Option<(Tag, bool)> {
        let depth = self.depth();
        self.tags.get(&sym)?.last().map(|(d, t)| (*t, *d == depth))
    }
}
