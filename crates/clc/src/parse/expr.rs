//! Expressions, by C precedence (lowest first): comma, assignment, conditional, the binary
//! operators (precedence climbing), casts and unary operators, postfix, primary.

use kauai_diag::Span;

use super::{join, literal, PResult, Parser};
use crate::ast::*;
use crate::token::{Punct, TokenKind};

/// Binary operator of a punctuator and its precedence (higher binds tighter).
fn binary_op(p: Punct) -> Option<(BinaryOp, u8)> {
    let op = match p {
        Punct::PipePipe => BinaryOp::LogOr,
        Punct::AmpAmp => BinaryOp::LogAnd,
        Punct::Pipe => BinaryOp::BitOr,
        Punct::Caret => BinaryOp::BitXor,
        Punct::Amp => BinaryOp::BitAnd,
        Punct::EqEq => BinaryOp::Eq,
        Punct::Ne => BinaryOp::Ne,
        Punct::Lt => BinaryOp::Lt,
        Punct::Gt => BinaryOp::Gt,
        Punct::Le => BinaryOp::Le,
        Punct::Ge => BinaryOp::Ge,
        Punct::Shl => BinaryOp::Shl,
        Punct::Shr => BinaryOp::Shr,
        Punct::Plus => BinaryOp::Add,
        Punct::Minus => BinaryOp::Sub,
        Punct::Star => BinaryOp::Mul,
        Punct::Slash => BinaryOp::Div,
        Punct::Percent => BinaryOp::Rem,
        _ => return None,
    };
    Some((op, op.precedence()))
}

/// `=` gives `Some(None)`, `op=` gives `Some(Some(op))`.
fn assign_op(p: Punct) -> Option<Option<BinaryOp>> {
    Some(match p {
        Punct::Assign => None,
        Punct::StarAssign => Some(BinaryOp::Mul),
        Punct::SlashAssign => Some(BinaryOp::Div),
        Punct::PercentAssign => Some(BinaryOp::Rem),
        Punct::PlusAssign => Some(BinaryOp::Add),
        Punct::MinusAssign => Some(BinaryOp::Sub),
        Punct::ShlAssign => Some(BinaryOp::Shl),
        Punct::ShrAssign => Some(BinaryOp::Shr),
        Punct::AmpAssign => Some(BinaryOp::BitAnd),
        Punct::CaretAssign => Some(BinaryOp::BitXor),
        Punct::PipeAssign => Some(BinaryOp::BitOr),
        _ => return None,
    })
}

impl Parser<'_, '_> {
    fn mk(&mut self, kind: ExprKind, span: Span) -> ExprId {
        self.tu.exprs.alloc(Expr { kind, span })
    }

    fn espan(&self, e: ExprId) -> Span {
        self.tu.exprs[e].span
    }

    /// A full expression (with the comma operator).
    pub(crate) fn expr(&mut self) -> PResult<ExprId> {
        let mut lhs = self.assignment()?;
        while self.eat(Punct::Comma) {
            let rhs = self.assignment()?;
            let span = join(self.espan(lhs), self.espan(rhs));
            lhs = self.mk(ExprKind::Comma { lhs, rhs }, span);
        }
        Ok(lhs)
    }

    /// An assignment expression (right-associative).
    pub(crate) fn assignment(&mut self) -> PResult<ExprId> {
        let lhs = self.conditional()?;
        let TokenKind::Punct(p) = self.peek().kind else {
            return Ok(lhs);
        };
        let Some(op) = assign_op(p) else {
            return Ok(lhs);
        };
        self.bump();
        self.enter()?;
        let rhs = self.assignment();
        self.leave();
        let rhs = rhs?;
        let span = join(self.espan(lhs), self.espan(rhs));
        Ok(self.mk(ExprKind::Assign { op, lhs, rhs }, span))
    }

    /// A conditional expression (also what C calls a constant expression).
    pub(crate) fn conditional(&mut self) -> PResult<ExprId> {
        let cond = self.binary(1)?;
        if !self.eat(Punct::Question) {
            return Ok(cond);
        }
        self.enter()?;
        let r = (|| {
            let then_expr = self.expr()?;
            self.expect(Punct::Colon, "in conditional expression")?;
            let else_expr = self.conditional()?;
            Ok((then_expr, else_expr))
        })();
        self.leave();
        let (then_expr, else_expr) = r?;
        let span = join(self.espan(cond), self.espan(else_expr));
        Ok(self.mk(
            ExprKind::Conditional {
                cond,
                then_expr,
                else_expr,
            },
            span,
        ))
    }

    /// Binary operators of precedence `min` and above, left-associative.
    fn binary(&mut self, min: u8) -> PResult<ExprId> {
        let mut lhs = self.cast_expr()?;
        while let TokenKind::Punct(p) = self.peek().kind {
            let Some((op, prec)) = binary_op(p) else {
                break;
            };
            if prec < min {
                break;
            }
            self.bump();
            let rhs = self.binary(prec + 1)?;
            let span = join(self.espan(lhs), self.espan(rhs));
            lhs = self.mk(ExprKind::Binary { op, lhs, rhs }, span);
        }
        Ok(lhs)
    }

    /// Casts, compound literals, vector literals and unary expressions.
    pub(crate) fn cast_expr(&mut self) -> PResult<ExprId> {
        self.enter()?;
        let r = self.cast_expr_inner();
        self.leave();
        r
    }

    fn cast_expr_inner(&mut self) -> PResult<ExprId> {
        if self.is(Punct::LParen) && self.is_type_name_start(1) {
            let start = self.bump();
            let ty = self.type_name()?;
            self.expect(Punct::RParen, "after the type name")?;
            if self.is(Punct::LBrace) {
                let e = self.compound_literal(ty, start)?;
                return self.postfix(e);
            }
            if self.is(Punct::LParen) && self.may_be_vector_type(ty) {
                self.bump();
                let mut elems = vec![self.assignment()?];
                while self.eat(Punct::Comma) {
                    elems.push(self.assignment()?);
                }
                let end = self.expect(Punct::RParen, "to close the vector literal")?;
                let e = self.mk(ExprKind::VectorLiteral { ty, elems }, join(start, end));
                return self.postfix(e);
            }
            let expr = self.cast_expr()?;
            let span = join(start, self.espan(expr));
            return Ok(self.mk(ExprKind::Cast { ty, expr }, span));
        }
        self.unary()
    }

    /// `(T)(...)` is a vector literal when `T` is a vector type or may be one (a typedef
    /// name); for any other type it is a cast of a parenthesized expression.
    fn may_be_vector_type(&self, ty: TypeNameId) -> bool {
        let t = &self.tu.type_names[ty];
        t.declarator.derived.is_empty()
            && matches!(t.specs.base, BaseType::Vector(..) | BaseType::Typedef(_))
    }

    fn compound_literal(&mut self, ty: TypeNameId, start: Span) -> PResult<ExprId> {
        let init = self.initializer()?;
        let span = join(start, self.prev_span());
        Ok(self.mk(ExprKind::CompoundLiteral { ty, init }, span))
    }

    fn unary(&mut self) -> PResult<ExprId> {
        if self.is_kw("__extension__") {
            // GNU `__extension__ expr` (silences pedantic warnings): the expression.
            self.bump();
            return self.cast_expr();
        }
        let start = self.span();
        let t = self.peek();
        let op = match t.kind {
            TokenKind::Punct(Punct::PlusPlus) => Some(UnaryOp::PreInc),
            TokenKind::Punct(Punct::MinusMinus) => Some(UnaryOp::PreDec),
            TokenKind::Punct(Punct::Amp) => Some(UnaryOp::AddrOf),
            TokenKind::Punct(Punct::Star) => Some(UnaryOp::Deref),
            TokenKind::Punct(Punct::Plus) => Some(UnaryOp::Plus),
            TokenKind::Punct(Punct::Minus) => Some(UnaryOp::Neg),
            TokenKind::Punct(Punct::Tilde) => Some(UnaryOp::BitNot),
            TokenKind::Punct(Punct::Bang) => Some(UnaryOp::Not),
            _ => None,
        };
        if let Some(op) = op {
            self.bump();
            let operand = self.cast_expr()?;
            let span = join(start, self.espan(operand));
            return Ok(self.mk(ExprKind::Unary { op, operand }, span));
        }
        if t.kind == TokenKind::Ident {
            type Ctor = (fn(ExprId) -> ExprKind, fn(TypeNameId) -> ExprKind);
            let ctors: Option<Ctor> = match t.text.as_ref() {
                "sizeof" => Some((ExprKind::SizeofExpr, ExprKind::SizeofType)),
                "vec_step" => Some((ExprKind::VecStepExpr, ExprKind::VecStepType)),
                "_Alignof" | "__alignof__" | "__alignof" => {
                    Some((ExprKind::AlignofExpr, ExprKind::AlignofType))
                }
                _ => None,
            };
            if let Some((of_expr, of_type)) = ctors {
                self.bump();
                if self.is(Punct::LParen) && self.is_type_name_start(1) {
                    let lp = self.bump();
                    let ty = self.type_name()?;
                    self.expect(Punct::RParen, "after the type name")?;
                    if self.is(Punct::LBrace) {
                        // `sizeof (T){...}`: the operand is a compound literal.
                        let e = self.compound_literal(ty, lp)?;
                        let e = self.postfix(e)?;
                        let span = join(start, self.espan(e));
                        return Ok(self.mk(of_expr(e), span));
                    }
                    let span = join(start, self.prev_span());
                    return Ok(self.mk(of_type(ty), span));
                }
                let operand = self.cast_expr()?;
                let span = join(start, self.espan(operand));
                return Ok(self.mk(of_expr(operand), span));
            }
        }
        let e = self.primary()?;
        self.postfix(e)
    }

    /// Postfix operators applied to `e`: calls, indexing, member access, `++`, `--`.
    /// The chain is parsed in a loop, but every later walk over the tree recurses into
    /// the operand, so each operator counts as one nesting level (and operands inside
    /// the chain, like an index, sit below all of them).
    fn postfix(&mut self, e: ExprId) -> PResult<ExprId> {
        let mut levels = 0;
        let r = self.postfix_chain(e, &mut levels);
        for _ in 0..levels {
            self.leave();
        }
        r
    }

    fn postfix_chain(&mut self, mut e: ExprId, levels: &mut u32) -> PResult<ExprId> {
        loop {
            let start = self.espan(e);
            if let TokenKind::Punct(
                Punct::LBracket
                | Punct::LParen
                | Punct::Dot
                | Punct::Arrow
                | Punct::PlusPlus
                | Punct::MinusMinus,
            ) = self.peek().kind
            {
                self.enter()?;
                *levels += 1;
            }
            match self.peek().kind {
                TokenKind::Punct(Punct::LBracket) => {
                    self.bump();
                    let index = self.expr()?;
                    let end = self.expect(Punct::RBracket, "to close the index")?;
                    e = self.mk(ExprKind::Index { base: e, index }, join(start, end));
                }
                TokenKind::Punct(Punct::LParen) => {
                    self.bump();
                    let mut args = Vec::new();
                    if !self.is(Punct::RParen) {
                        loop {
                            args.push(self.assignment()?);
                            if !self.eat(Punct::Comma) {
                                break;
                            }
                        }
                    }
                    let end = self.expect(Punct::RParen, "to close the argument list")?;
                    e = self.mk(ExprKind::Call { callee: e, args }, join(start, end));
                }
                TokenKind::Punct(p @ (Punct::Dot | Punct::Arrow)) => {
                    self.bump();
                    if self.peek().kind != TokenKind::Ident {
                        let what = if p == Punct::Dot { "`.`" } else { "`->`" };
                        return Err(
                            self.error_here(&format!("expected a member name after {what}"))
                        );
                    }
                    let name = self.sym_at(0);
                    let span = self.bump();
                    let member = Ident { name, span };
                    e = self.mk(
                        ExprKind::Member {
                            base: e,
                            member,
                            arrow: p == Punct::Arrow,
                        },
                        join(start, span),
                    );
                }
                TokenKind::Punct(p @ (Punct::PlusPlus | Punct::MinusMinus)) => {
                    let end = self.bump();
                    let op = if p == Punct::PlusPlus {
                        UnaryOp::PostInc
                    } else {
                        UnaryOp::PostDec
                    };
                    e = self.mk(ExprKind::Unary { op, operand: e }, join(start, end));
                }
                _ => return Ok(e),
            }
        }
    }

    fn primary(&mut self) -> PResult<ExprId> {
        let t = self.peek();
        let span = self.span();
        match t.kind {
            TokenKind::Ident => {
                if !self.plain_ident_at(0) || self.typedef_at(0) {
                    return Err(self.error_here("expected an expression"));
                }
                let sym = self.sym_at(0);
                self.bump();
                Ok(self.mk(ExprKind::Ident(sym), span))
            }
            TokenKind::IntLit => {
                self.bump();
                match literal::int_literal(&t.text) {
                    Ok(lit) => {
                        if lit.overflowed {
                            self.literal_error(
                                span,
                                "integer literal is too large for any integer type",
                                "does not fit in 64 bits",
                            );
                        }
                        Ok(self.mk(ExprKind::IntLit(lit), span))
                    }
                    Err(msg) => {
                        self.literal_error(span, &msg, "invalid integer literal");
                        Ok(self.mk(ExprKind::Error, span))
                    }
                }
            }
            TokenKind::FloatLit => {
                self.bump();
                match literal::float_literal(&t.text) {
                    Ok((value, suffix)) => Ok(self.mk(
                        ExprKind::FloatLit(FloatLiteral {
                            value,
                            suffix,
                            text: t.text.as_ref().into(),
                        }),
                        span,
                    )),
                    Err(msg) => {
                        self.literal_error(span, &msg, "invalid floating literal");
                        Ok(self.mk(ExprKind::Error, span))
                    }
                }
            }
            TokenKind::CharLit => {
                self.bump();
                match literal::char_literal(&t.text) {
                    Ok(c) => Ok(self.mk(ExprKind::CharLit(c), span)),
                    Err(msg) => {
                        self.literal_error(span, &msg, "invalid character literal");
                        Ok(self.mk(ExprKind::Error, span))
                    }
                }
            }
            TokenKind::StringLit => {
                let mut bytes = Vec::new();
                let mut tokens = Vec::new();
                let mut end = span;
                let mut ok = true;
                while self.peek().kind == TokenKind::StringLit {
                    let t = self.peek();
                    let s = self.bump();
                    end = s;
                    tokens.push((s, t.text.as_ref().into()));
                    match literal::string_literal(&t.text) {
                        Ok(b) => bytes.extend(b),
                        Err(msg) => {
                            ok = false;
                            self.literal_error(s, &msg, "invalid string literal");
                        }
                    }
                }
                let kind = if ok {
                    ExprKind::StringLit(StringLiteral { bytes, tokens })
                } else {
                    ExprKind::Error
                };
                Ok(self.mk(kind, join(span, end)))
            }
            TokenKind::Punct(Punct::LParen) if self.nth_is(1, Punct::LBrace) => {
                // `({ ... })`: a GNU statement expression, as gcc and clang accept.
                self.bump();
                let body = self.compound_stmt()?;
                self.expect(Punct::RParen, "to close the statement expression")?;
                let end = self.prev_span();
                Ok(self.mk(ExprKind::StmtExpr(body), join(span, end)))
            }
            TokenKind::Punct(Punct::LParen) => {
                self.bump();
                let e = self.expr()?;
                self.expect(Punct::RParen, "to close the parenthesized expression")?;
                Ok(e)
            }
            _ => Err(self.error_here("expected an expression")),
        }
    }
}

/// Words that begin statements and can never be identifiers.
pub(crate) fn is_statement_keyword(w: &str) -> bool {
    matches!(
        w,
        "if" | "else"
            | "switch"
            | "case"
            | "default"
            | "while"
            | "do"
            | "for"
            | "goto"
            | "continue"
            | "break"
            | "return"
            | "sizeof"
    )
}
