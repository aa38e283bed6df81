//! Declarations: specifiers, declarators, struct/union/enum, attributes, initializers,
//! type names, and the top-level items.

use kauai_diag::{Diagnostic, Span};

use super::{join, PResult, Parser, Reported};
use crate::ast::*;
use crate::token::{Punct, TokenKind};

/// A keyword that can appear among declaration specifiers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum SpecKw {
    Storage(StorageClass),
    Const,
    Volatile,
    Restrict,
    Space(AddressSpace),
    Access(AccessQual),
    Kernel,
    Inline,
    Attribute,
    Struct,
    Union,
    Enum,
    Type(TypeKw),
    /// A C keyword OpenCL C does not support (`_Complex`, ...).
    Unsupported,
    /// `__typeof__` / `__typeof`.
    Typeof,
}

/// Type specifier words; the "partial" ones combine (`unsigned long int`), `Complete`
/// ones stand alone (`float4`, `size_t`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum TypeKw {
    Void,
    Char,
    Short,
    Int,
    Long,
    Float,
    Double,
    Signed,
    Unsigned,
    Bool,
    Half,
    Complete(BaseType),
}

/// Classify an identifier token as a specifier keyword.
pub(crate) fn classify(word: &str) -> Option<SpecKw> {
    use SpecKw as K;
    use TypeKw as T;
    let kw = match word {
        "typedef" => K::Storage(StorageClass::Typedef),
        "extern" => K::Storage(StorageClass::Extern),
        "static" => K::Storage(StorageClass::Static),
        "auto" => K::Storage(StorageClass::Auto),
        "register" => K::Storage(StorageClass::Register),
        "const" | "__const" | "__const__" => K::Const,
        "volatile" | "__volatile" | "__volatile__" => K::Volatile,
        "restrict" | "__restrict" | "__restrict__" => K::Restrict,
        "__global" | "global" => K::Space(AddressSpace::Global),
        "__local" | "local" => K::Space(AddressSpace::Local),
        "__constant" | "constant" => K::Space(AddressSpace::Constant),
        "__private" | "private" => K::Space(AddressSpace::Private),
        "__generic" | "generic" => K::Space(AddressSpace::Generic),
        "__read_only" | "read_only" => K::Access(AccessQual::ReadOnly),
        "__write_only" | "write_only" => K::Access(AccessQual::WriteOnly),
        "__read_write" | "read_write" => K::Access(AccessQual::ReadWrite),
        "__kernel" | "kernel" => K::Kernel,
        "inline" | "__inline" | "__inline__" => K::Inline,
        "__attribute__" | "__attribute" => K::Attribute,
        "struct" => K::Struct,
        "union" => K::Union,
        "enum" => K::Enum,
        "void" => K::Type(T::Void),
        "char" => K::Type(T::Char),
        "short" => K::Type(T::Short),
        "int" => K::Type(T::Int),
        "long" => K::Type(T::Long),
        "float" => K::Type(T::Float),
        "double" => K::Type(T::Double),
        "signed" | "__signed" | "__signed__" => K::Type(T::Signed),
        "unsigned" => K::Type(T::Unsigned),
        "bool" | "_Bool" => K::Type(T::Bool),
        "half" => K::Type(T::Half),
        "uchar" => K::Type(T::Complete(BaseType::Scalar(Scalar::Cl(ClScalar::UChar)))),
        "ushort" => K::Type(T::Complete(BaseType::Scalar(Scalar::Cl(ClScalar::UShort)))),
        "uint" => K::Type(T::Complete(BaseType::Scalar(Scalar::Cl(ClScalar::UInt)))),
        "ulong" => K::Type(T::Complete(BaseType::Scalar(Scalar::Cl(ClScalar::ULong)))),
        "size_t" => K::Type(T::Complete(BaseType::SizeT)),
        "ptrdiff_t" => K::Type(T::Complete(BaseType::PtrdiffT)),
        "intptr_t" => K::Type(T::Complete(BaseType::IntptrT)),
        "uintptr_t" => K::Type(T::Complete(BaseType::UintptrT)),
        "image1d_t" => K::Type(T::Complete(BaseType::Opaque(OpaqueType::Image1d))),
        "image1d_array_t" => K::Type(T::Complete(BaseType::Opaque(OpaqueType::Image1dArray))),
        "image1d_buffer_t" => K::Type(T::Complete(BaseType::Opaque(OpaqueType::Image1dBuffer))),
        "image2d_t" => K::Type(T::Complete(BaseType::Opaque(OpaqueType::Image2d))),
        "image2d_array_t" => K::Type(T::Complete(BaseType::Opaque(OpaqueType::Image2dArray))),
        "image3d_t" => K::Type(T::Complete(BaseType::Opaque(OpaqueType::Image3d))),
        "sampler_t" => K::Type(T::Complete(BaseType::Opaque(OpaqueType::Sampler))),
        "event_t" => K::Type(T::Complete(BaseType::Opaque(OpaqueType::Event))),
        "counter32_t" => K::Type(T::Complete(BaseType::Opaque(OpaqueType::Counter32))),
        "_Complex" | "_Imaginary" | "__complex__" => K::Unsupported,
        "__typeof__" | "__typeof" => K::Typeof,
        _ => return vector_type(word).map(|b| K::Type(T::Complete(b))),
    };
    Some(kw)
}

/// `float4`, `uchar16`, ...
fn vector_type(word: &str) -> Option<BaseType> {
    let split = word.find(|c: char| c.is_ascii_digit())?;
    let (elem, n) = word.split_at(split);
    let width = match n {
        "2" => 2,
        "3" => 3,
        "4" => 4,
        "8" => 8,
        "16" => 16,
        _ => return None,
    };
    let s = match elem {
        "char" => Scalar::Cl(ClScalar::Char),
        "uchar" => Scalar::Cl(ClScalar::UChar),
        "short" => Scalar::Cl(ClScalar::Short),
        "ushort" => Scalar::Cl(ClScalar::UShort),
        "int" => Scalar::Cl(ClScalar::Int),
        "uint" => Scalar::Cl(ClScalar::UInt),
        "long" => Scalar::Cl(ClScalar::Long),
        "ulong" => Scalar::Cl(ClScalar::ULong),
        "float" => Scalar::Cl(ClScalar::Float),
        "double" => Scalar::Cl(ClScalar::Double),
        "half" => Scalar::Cl(ClScalar::Half),
        _ => return None,
    };
    Some(BaseType::Vector(s, width))
}

/// Keywords that are not declaration specifiers: never names.
pub(crate) fn is_reserved(w: &str) -> bool {
    super::expr::is_statement_keyword(w)
        || matches!(w, "vec_step" | "_Alignof" | "__alignof__" | "__alignof")
}

/// What a declarator may be.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum DeclMode {
    /// Must have a name (variables, fields, functions).
    Named,
    /// Must not have a name (type names).
    Abstract,
    /// Parameters: either.
    Either,
}

/// Counts of the combinable type specifier words seen so far.
#[derive(Default, Clone, Copy)]
struct TypeWords {
    void: u8,
    char: u8,
    short: u8,
    int: u8,
    long: u8,
    float: u8,
    double: u8,
    signed: u8,
    unsigned: u8,
    bool: u8,
    half: u8,
    complete: Option<BaseType>,
    /// More than one complete type, or a complete type with a word.
    conflict: bool,
    any: bool,
}

impl TypeWords {
    fn add(&mut self, kw: TypeKw) {
        let slot = match kw {
            TypeKw::Void => &mut self.void,
            TypeKw::Char => &mut self.char,
            TypeKw::Short => &mut self.short,
            TypeKw::Int => &mut self.int,
            TypeKw::Long => &mut self.long,
            TypeKw::Float => &mut self.float,
            TypeKw::Double => &mut self.double,
            TypeKw::Signed => &mut self.signed,
            TypeKw::Unsigned => &mut self.unsigned,
            TypeKw::Bool => &mut self.bool,
            TypeKw::Half => &mut self.half,
            TypeKw::Complete(b) => {
                if self.any {
                    self.conflict = true;
                }
                self.complete = Some(b);
                self.any = true;
                return;
            }
        };
        *slot = slot.saturating_add(1);
        if self.complete.is_some() {
            self.conflict = true;
        }
        self.any = true;
    }

    /// The base type these words name, or `None` for an illegal combination.
    fn resolve(&self) -> Option<BaseType> {
        if self.conflict {
            return None;
        }
        if let Some(b) = self.complete {
            return Some(b);
        }
        let sign = self.signed + self.unsigned;
        if self.signed > 1 || self.unsigned > 1 || sign > 1 {
            return None;
        }
        let uns = self.unsigned == 1;
        // Every word but `int`/`long`/sign may appear once; `int` once, `long` up to twice.
        let singles = [
            self.void,
            self.char,
            self.short,
            self.float,
            self.double,
            self.bool,
            self.half,
        ];
        if singles.iter().any(|&c| c > 1) || self.int > 1 || self.long > 2 {
            return None;
        }
        let main = singles.iter().filter(|&&c| c > 0).count();
        if main > 1 {
            return None;
        }
        let s = |signed: Scalar, unsigned: Scalar| {
            BaseType::Scalar(if uns { unsigned } else { signed })
        };
        let nothing_else = self.int == 0 && self.long == 0;
        let b = if self.void == 1 {
            (sign == 0 && nothing_else).then_some(BaseType::Void)?
        } else if self.bool == 1 {
            (sign == 0 && nothing_else).then_some(BaseType::Bool)?
        } else if self.half == 1 {
            (sign == 0 && nothing_else).then_some(BaseType::Scalar(Scalar::Cl(ClScalar::Half)))?
        } else if self.float == 1 {
            (sign == 0 && nothing_else).then_some(BaseType::Scalar(Scalar::Cl(ClScalar::Float)))?
        } else if self.double == 1 {
            if sign != 0 || self.int != 0 {
                return None;
            }
            match self.long {
                0 => BaseType::Scalar(Scalar::Cl(ClScalar::Double)),
                1 => BaseType::Scalar(Scalar::LongDouble),
                _ => return None,
            }
        } else if self.char == 1 {
            if !nothing_else {
                return None;
            }
            match (self.signed, self.unsigned) {
                (1, _) => BaseType::Scalar(Scalar::SChar),
                (_, 1) => BaseType::Scalar(Scalar::Cl(ClScalar::UChar)),
                _ => BaseType::Scalar(Scalar::Cl(ClScalar::Char)),
            }
        } else if self.short == 1 {
            if self.long != 0 {
                return None;
            }
            s(Scalar::Cl(ClScalar::Short), Scalar::Cl(ClScalar::UShort))
        } else {
            match self.long {
                0 if self.int == 1 || sign == 1 => {
                    s(Scalar::Cl(ClScalar::Int), Scalar::Cl(ClScalar::UInt))
                }
                1 => s(Scalar::Cl(ClScalar::Long), Scalar::Cl(ClScalar::ULong)),
                2 => s(Scalar::LongLong, Scalar::ULongLong),
                _ => return None,
            }
        };
        Some(b)
    }
}

impl Parser<'_, '_> {
    /// Whether the current token begins declaration specifiers (so a block item is a
    /// declaration, not a statement).
    pub(crate) fn is_decl_start(&self) -> bool {
        self.spec_at(0).is_some() || self.typedef_at(0)
    }

    /// Whether token `n` ahead begins a type name (for casts and `sizeof(T)`).
    pub(crate) fn is_type_name_start(&self, n: usize) -> bool {
        match self.spec_at(n) {
            Some(SpecKw::Storage(_) | SpecKw::Kernel | SpecKw::Inline) => false,
            Some(_) => true,
            None => self.typedef_at(n),
        }
    }

    /// Declaration specifiers, in any order.
    pub(crate) fn decl_specs(&mut self) -> PResult<DeclSpecs> {
        let start = self.span();
        let start_pos = self.pos;
        let mut specs = DeclSpecs {
            storage: None,
            quals: TypeQuals::default(),
            address_space: None,
            access: None,
            kernel: None,
            inline: None,
            base: BaseType::Error,
            base_span: start,
            attrs: Vec::new(),
            span: start,
        };
        let mut words = TypeWords::default();
        // The last type keyword's position and the words before it, to recover from a
        // keyword used as a name (`size_t half = ...`).
        let mut last_word: Option<(usize, TypeWords)> = None;
        // The end of a struct/union/enum body among these specifiers, and its keyword:
        // another type keyword after it means the `;` after the definition is missing.
        let mut tag_body: Option<(Span, &'static str)> = None;
        self.missing_semi = false;
        let mut type_span: Option<Span> = None;
        loop {
            let t = self.peek();
            if t.kind != TokenKind::Ident {
                break;
            }
            let span = self.span();
            let kw = match self.spec_at(0) {
                Some(SpecKw::Struct | SpecKw::Union | SpecKw::Enum | SpecKw::Type(_))
                    if tag_body.is_some() =>
                {
                    if let Some((end, what)) = tag_body {
                        let at = Span {
                            start: end.end,
                            ..end
                        };
                        self.error(
                            at,
                            &format!("expected `;` after the {what} definition"),
                            "add `;` here",
                        );
                    }
                    // The specifiers end here; the caller acts as if the `;` was written.
                    self.missing_semi = true;
                    break;
                }
                Some(kw) => kw,
                None if !words.any && self.typedef_at(0) => {
                    let sym = self.sym_at(0);
                    self.bump();
                    words.add(TypeKw::Complete(BaseType::Typedef(sym)));
                    type_span = Some(type_span.map_or(span, |s| join(s, span)));
                    continue;
                }
                None => break,
            };
            match kw {
                SpecKw::Storage(sc) => {
                    self.bump();
                    if let Some((_, prev)) = specs.storage {
                        self.push_diag(
                            Diagnostic::error("more than one storage class in a declaration")
                                .at(span, "second storage class")
                                .also(prev, "first one here"),
                        );
                    } else {
                        specs.storage = Some((sc, span));
                    }
                }
                SpecKw::Const => {
                    self.bump();
                    specs.quals.is_const = true;
                }
                SpecKw::Volatile => {
                    self.bump();
                    specs.quals.is_volatile = true;
                }
                SpecKw::Restrict => {
                    self.bump();
                    specs.quals.is_restrict = true;
                }
                SpecKw::Space(a) => {
                    self.bump();
                    match specs.address_space {
                        Some((prev, _)) if prev != a => {
                            self.error(
                                span,
                                "conflicting address space qualifiers",
                                "second address space",
                            );
                        }
                        _ => specs.address_space = Some((a, span)),
                    }
                }
                SpecKw::Access(a) => {
                    self.bump();
                    match specs.access {
                        Some((prev, _)) if prev != a => {
                            self.error(
                                span,
                                "conflicting access qualifiers",
                                "second access qualifier",
                            );
                        }
                        _ => specs.access = Some((a, span)),
                    }
                }
                SpecKw::Kernel => {
                    self.bump();
                    specs.kernel = Some(span);
                }
                SpecKw::Inline => {
                    self.bump();
                    specs.inline = Some(span);
                }
                SpecKw::Attribute => {
                    let attrs = self.attributes()?;
                    specs.attrs.extend(attrs);
                }
                SpecKw::Struct | SpecKw::Union => {
                    let kind = if kw == SpecKw::Struct {
                        RecordKind::Struct
                    } else {
                        RecordKind::Union
                    };
                    let id = self.record_spec(kind)?;
                    let s = self.tu.records[id].span;
                    if self.tu.records[id].fields.is_some() {
                        let what = match kind {
                            RecordKind::Struct => "struct",
                            RecordKind::Union => "union",
                        };
                        tag_body = Some((s, what));
                    }
                    words.add(TypeKw::Complete(BaseType::Record(id)));
                    type_span = Some(type_span.map_or(s, |t| join(t, s)));
                }
                SpecKw::Enum => {
                    let id = self.enum_spec()?;
                    let s = self.tu.enums[id].span;
                    if self.tu.enums[id].enumerators.is_some() {
                        tag_body = Some((s, "enum"));
                    }
                    words.add(TypeKw::Complete(BaseType::Enum(id)));
                    type_span = Some(type_span.map_or(s, |t| join(t, s)));
                }
                SpecKw::Type(tk) => {
                    last_word = Some((self.pos, words));
                    self.bump();
                    words.add(tk);
                    type_span = Some(type_span.map_or(span, |s| join(s, span)));
                }
                SpecKw::Typeof => {
                    self.bump();
                    self.expect(Punct::LParen, "after `__typeof__`")?;
                    // Counted as a nesting level: `__typeof__(__typeof__(...))` recurses.
                    self.enter()?;
                    let base = if self.is_type_name_start(0) {
                        self.type_name().map(BaseType::TypeofType)
                    } else {
                        self.expr().map(BaseType::TypeofExpr)
                    };
                    self.leave();
                    let base = base?;
                    self.expect(Punct::RParen, "to close `__typeof__(`")?;
                    let s = join(span, self.prev_span());
                    words.add(TypeKw::Complete(base));
                    type_span = Some(type_span.map_or(s, |t| join(t, s)));
                }
                SpecKw::Unsupported => {
                    self.bump();
                    return Err(self.error(
                        span,
                        &format!("not supported yet: `{}`", t.text),
                        "OpenCL C does not have complex types",
                    ));
                }
            }
        }
        specs.span = join(start, self.prev_span());
        match type_span {
            None => {
                return Err(self.error_here("expected a type name"));
            }
            Some(ts) => {
                specs.base_span = ts;
                match words.resolve() {
                    Some(b) => specs.base = b,
                    None if self.keyword_used_as_name(last_word, &mut specs) => {}
                    None => {
                        let written = self.type_words_between(start_pos);
                        self.error(
                            ts,
                            &format!("invalid combination of type specifiers `{written}`"),
                            "these type specifiers do not form a type",
                        );
                    }
                }
            }
        }
        Ok(specs)
    }

    /// `size_t half = 0;`: a type keyword right where the declarator's name belongs,
    /// after specifiers that form a type without it. Report that, give the specifiers the
    /// type of the words before it, and let the declarator take the keyword as its name.
    fn keyword_used_as_name(
        &mut self,
        last_word: Option<(usize, TypeWords)>,
        specs: &mut DeclSpecs,
    ) -> bool {
        let Some((at, before)) = last_word else {
            return false;
        };
        let name_follows = matches!(
            self.peek().kind,
            TokenKind::Punct(
                Punct::Assign | Punct::Semi | Punct::Comma | Punct::LBracket | Punct::RParen
            )
        );
        let Some(base) = before.resolve().filter(|_| before.any) else {
            return false;
        };
        if at + 1 != self.pos || !name_follows {
            return false;
        }
        let word = self.toks.get(at).map_or("", |t| t.text.as_ref());
        let span = self.toks.get(at).map_or(self.eof_span, |t| t.span);
        self.error(
            span,
            &format!("`{word}` is a type keyword in OpenCL C and cannot be used as a name"),
            "rename this",
        );
        specs.base = base;
        self.pos = at;
        self.keyword_as_name = true;
        true
    }

    /// The type specifier words among the tokens from `from` to the current one, for
    /// messages (only called on the error path, so the happy path stays allocation-free).
    fn type_words_between(&self, from: usize) -> String {
        let toks = self.toks.get(from..self.pos).unwrap_or_default();
        let syms = self.syms.get(from..self.pos).unwrap_or_default();
        let words: Vec<&str> = toks
            .iter()
            .zip(syms)
            .filter(|(t, &sym)| {
                t.kind == TokenKind::Ident
                    && (matches!(classify(&t.text), Some(SpecKw::Type(_)))
                        || self.is_typedef_sym(sym))
            })
            .map(|(t, _)| t.text.as_ref())
            .collect();
        words.join(" ")
    }

    /// `__attribute__((a, b(args)))`, possibly several in a row.
    pub(crate) fn attributes(&mut self) -> PResult<Vec<Attribute>> {
        let mut out = Vec::new();
        while self.is_kw("__attribute__") || self.is_kw("__attribute") {
            let start = self.bump();
            self.expect(Punct::LParen, "after `__attribute__`")?;
            self.expect(Punct::LParen, "after `__attribute__(`")?;
            loop {
                if self.is(Punct::RParen) {
                    break;
                }
                if self.eat(Punct::Comma) {
                    continue;
                }
                out.push(self.attribute()?);
                if !self.eat(Punct::Comma) {
                    break;
                }
            }
            self.expect(Punct::RParen, "to close the attribute list")?;
            let end = self.expect(Punct::RParen, "to close `__attribute__((`")?;
            let _ = join(start, end);
        }
        Ok(out)
    }

    fn attribute(&mut self) -> PResult<Attribute> {
        let t = self.peek();
        if t.kind != TokenKind::Ident {
            return Err(self.error_here("expected an attribute name"));
        }
        let start = self.bump();
        let raw = t.text.as_ref();
        let name = raw
            .strip_prefix("__")
            .and_then(|n| n.strip_suffix("__"))
            .unwrap_or(raw);
        let kind = match name {
            "reqd_work_group_size" | "work_group_size_hint" => {
                self.expect(Punct::LParen, &format!("after `{name}`"))?;
                let x = self.assignment()?;
                self.expect(Punct::Comma, &format!("between the sizes of `{name}`"))?;
                let y = self.assignment()?;
                self.expect(Punct::Comma, &format!("between the sizes of `{name}`"))?;
                let z = self.assignment()?;
                self.expect(Punct::RParen, &format!("after the three sizes of `{name}`"))?;
                if name == "reqd_work_group_size" {
                    AttrKind::ReqdWorkGroupSize([x, y, z])
                } else {
                    AttrKind::WorkGroupSizeHint([x, y, z])
                }
            }
            "vec_type_hint" => {
                self.expect(Punct::LParen, "after `vec_type_hint`")?;
                if !self.is_type_name_start(0) {
                    return Err(self.error_here("expected a type name in `vec_type_hint`"));
                }
                let ty = self.type_name()?;
                self.expect(Punct::RParen, "after the type of `vec_type_hint`")?;
                AttrKind::VecTypeHint(ty)
            }
            "aligned" => {
                if self.eat(Punct::LParen) {
                    let e = self.assignment()?;
                    self.expect(Punct::RParen, "after the alignment")?;
                    AttrKind::Aligned(Some(e))
                } else {
                    AttrKind::Aligned(None)
                }
            }
            "packed" => AttrKind::Packed,
            "nosvm" => AttrKind::Nosvm,
            "endian" => {
                self.expect(Punct::LParen, "after `endian`")?;
                let e = if self.eat_kw("host") {
                    Endian::Host
                } else if self.eat_kw("device") {
                    Endian::Device
                } else {
                    return Err(self.error_here("expected `host` or `device` in `endian(...)`"));
                };
                self.expect(Punct::RParen, "after the endianness")?;
                AttrKind::Endian(e)
            }
            _ => {
                let name = self.intern(name);
                let mut arg_count = 0;
                if self.is(Punct::LParen) {
                    self.bump();
                    let mut depth = 1usize;
                    let mut nonempty = false;
                    loop {
                        match self.peek().kind {
                            TokenKind::Eof => {
                                return Err(self
                                    .error_here("expected `)` to close the attribute arguments"))
                            }
                            TokenKind::Punct(Punct::LParen) => depth += 1,
                            TokenKind::Punct(Punct::RParen) => {
                                depth -= 1;
                                if depth == 0 {
                                    self.bump();
                                    break;
                                }
                            }
                            TokenKind::Punct(Punct::Comma) if depth == 1 => arg_count += 1,
                            _ => {}
                        }
                        nonempty = true;
                        self.bump();
                    }
                    if nonempty {
                        arg_count += 1;
                    }
                }
                AttrKind::Unknown { name, arg_count }
            }
        };
        Ok(Attribute {
            kind,
            span: join(start, self.prev_span()),
        })
    }

    /// `struct`/`union` specifier; the current token is the keyword.
    fn record_spec(&mut self, kind: RecordKind) -> PResult<RecordId> {
        let start = self.bump();
        self.enter()?;
        let r = self.record_spec_inner(kind, start);
        self.leave();
        r
    }

    fn record_spec_inner(&mut self, kind: RecordKind, start: Span) -> PResult<RecordId> {
        let mut attrs = self.attributes()?;
        let tag = self.tag_name();
        let mut fields = None;
        if self.is(Punct::LBrace) {
            self.bump();
            let mut list = Vec::new();
            while !self.is(Punct::RBrace) && !self.at_eof() {
                if self.eat(Punct::Semi) {
                    continue;
                }
                match self.field_decl() {
                    Ok(f) => list.push(f),
                    Err(Reported) => self.recover(false),
                }
            }
            self.expect(Punct::RBrace, "to close the member list")?;
            fields = Some(list);
            attrs.extend(self.attributes()?);
        } else if tag.is_none() {
            let what = match kind {
                RecordKind::Struct => "struct",
                RecordKind::Union => "union",
            };
            return Err(self.error_here(&format!("expected a name or `{{` after `{what}`")));
        }
        Ok(self.tu.records.alloc(RecordSpec {
            kind,
            tag,
            fields,
            attrs,
            span: join(start, self.prev_span()),
        }))
    }

    fn tag_name(&mut self) -> Option<Ident> {
        if self.plain_ident_at(0) {
            let name = self.sym_at(0);
            let span = self.bump();
            Some(Ident { name, span })
        } else {
            None
        }
    }

    fn field_decl(&mut self) -> PResult<FieldDecl> {
        let start = self.span();
        if !self.is_decl_start() {
            if let Some(r) = self.unknown_type_name() {
                return Err(r);
            }
        }
        let specs = self.decl_specs()?;
        if let Some((_, s)) = specs.storage {
            self.error(
                s,
                "a struct member cannot have a storage class",
                "not allowed here",
            );
        }
        let mut declarators = Vec::new();
        let missing_semi = std::mem::take(&mut self.missing_semi);
        if !self.is(Punct::Semi) && !missing_semi {
            loop {
                let dstart = self.span();
                let declarator = if self.is(Punct::Colon) {
                    Declarator {
                        name: None,
                        derived: Vec::new(),
                        attrs: Vec::new(),
                        span: dstart,
                    }
                } else {
                    self.declarator(DeclMode::Named)?
                };
                let bit_width = if self.eat(Punct::Colon) {
                    Some(self.conditional()?)
                } else {
                    None
                };
                let mut declarator = declarator;
                declarator.attrs.extend(self.attributes()?);
                declarators.push(FieldDeclarator {
                    declarator,
                    bit_width,
                    span: join(dstart, self.prev_span()),
                });
                if !self.eat(Punct::Comma) {
                    break;
                }
            }
        }
        if !missing_semi {
            self.expect(Punct::Semi, "after struct member")?;
        }
        Ok(FieldDecl {
            specs,
            declarators,
            span: join(start, self.prev_span()),
        })
    }

    /// `enum` specifier; the current token is the keyword.
    fn enum_spec(&mut self) -> PResult<EnumId> {
        let start = self.bump();
        let mut attrs = self.attributes()?;
        let tag = self.tag_name();
        let mut enumerators = None;
        if self.eat(Punct::LBrace) {
            let mut list = Vec::new();
            while !self.is(Punct::RBrace) {
                if !self.plain_ident_at(0) {
                    return Err(self.error_here("expected an enumerator name"));
                }
                let sym = self.sym_at(0);
                let span = self.bump();
                let name = Ident { name: sym, span };
                let value = if self.eat(Punct::Assign) {
                    Some(self.conditional()?)
                } else {
                    None
                };
                self.declare(name.name, false);
                list.push(Enumerator {
                    name,
                    value,
                    span: join(span, self.prev_span()),
                });
                if !self.eat(Punct::Comma) {
                    break;
                }
            }
            self.expect(Punct::RBrace, "to close the enumerator list")?;
            enumerators = Some(list);
            attrs.extend(self.attributes()?);
        } else if tag.is_none() {
            return Err(self.error_here("expected a name or `{` after `enum`"));
        }
        Ok(self.tu.enums.alloc(EnumSpec {
            tag,
            enumerators,
            attrs,
            span: join(start, self.prev_span()),
        }))
    }

    /// A declarator (see [`Declarator::derived`] for the order of the steps).
    pub(crate) fn declarator(&mut self, mode: DeclMode) -> PResult<Declarator> {
        self.enter()?;
        let r = self.declarator_inner(mode);
        self.leave();
        r
    }

    fn declarator_inner(&mut self, mode: DeclMode) -> PResult<Declarator> {
        let start_pos = self.pos;
        let keyword_as_name = std::mem::take(&mut self.keyword_as_name);
        let mut pointers = Vec::new();
        while self.is(Punct::Star) {
            let pstart = self.bump();
            let mut quals = TypeQuals::default();
            let mut address_space = None;
            let mut attrs = Vec::new();
            loop {
                match self.spec_at(0) {
                    Some(SpecKw::Const) => quals.is_const = true,
                    Some(SpecKw::Volatile) => quals.is_volatile = true,
                    Some(SpecKw::Restrict) => quals.is_restrict = true,
                    Some(SpecKw::Space(a)) => address_space = Some(a),
                    Some(SpecKw::Attribute) => {
                        attrs.extend(self.attributes()?);
                        continue;
                    }
                    _ => break,
                }
                self.bump();
            }
            pointers.push(Derived::Pointer {
                quals,
                address_space,
                attrs,
                span: join(pstart, self.prev_span()),
            });
        }
        let mut name = None;
        let mut derived = Vec::new();
        let mut attrs = Vec::new();
        let keyword_name = keyword_as_name && self.peek().kind == TokenKind::Ident;
        let is_word = self.peek().kind == TokenKind::Ident && self.spec_at(0).is_none();
        if keyword_name && mode != DeclMode::Abstract {
            // Already diagnosed by `keyword_used_as_name`.
            let sym = self.sym_at(0);
            let span = self.bump();
            name = Some(Ident { name: sym, span });
        } else if is_word && mode != DeclMode::Abstract {
            if !self.plain_ident_at(0) {
                return Err(self.error_here("expected a name in the declaration, found a keyword"));
            }
            let sym = self.sym_at(0);
            let span = self.bump();
            name = Some(Ident { name: sym, span });
        } else if self.is(Punct::LParen) && self.nested_declarator_follows(mode) {
            self.bump();
            attrs.extend(self.attributes()?);
            let inner = self.declarator(mode)?;
            self.expect(Punct::RParen, "to close the parenthesized declarator")?;
            name = inner.name;
            derived = inner.derived;
            attrs.extend(inner.attrs);
        } else if mode == DeclMode::Named {
            return Err(self.error_here("expected a name in the declaration"));
        }
        // Suffixes bind tighter than the pointers written before the name.
        loop {
            if self.is(Punct::LBracket) {
                let s = self.bump();
                // C99 parameter forms `[static N]`, `[const N]`: accepted and ignored.
                while self.is_kw("static")
                    || matches!(
                        self.spec_at(0),
                        Some(SpecKw::Const | SpecKw::Volatile | SpecKw::Restrict)
                    )
                {
                    self.bump();
                }
                let size = if self.is(Punct::RBracket) {
                    None
                } else {
                    Some(self.assignment()?)
                };
                let e = self.expect(Punct::RBracket, "to close the array size")?;
                derived.push(Derived::Array {
                    size,
                    span: join(s, e),
                });
            } else if self.is(Punct::LParen) {
                derived.push(self.param_list()?);
            } else {
                break;
            }
        }
        derived.extend(pointers.into_iter().rev());
        attrs.extend(self.attributes()?);
        Ok(Declarator {
            name,
            derived,
            attrs,
            span: self.span_since(start_pos),
        })
    }

    /// At a `(` in a declarator: does a nested declarator follow (rather than a
    /// parameter list)?
    fn nested_declarator_follows(&self, mode: DeclMode) -> bool {
        let t = self.nth(1);
        match t.kind {
            TokenKind::Punct(Punct::Star) => true,
            TokenKind::Punct(Punct::LParen) | TokenKind::Punct(Punct::LBracket) => {
                mode == DeclMode::Named
            }
            TokenKind::Ident => match self.spec_at(1) {
                Some(SpecKw::Attribute) => true,
                Some(_) => false,
                None => mode != DeclMode::Abstract && !self.typedef_at(1),
            },
            _ => false,
        }
    }

    /// `( params )`; the current token is `(`.
    fn param_list(&mut self) -> PResult<Derived> {
        let start = self.bump();
        let mut params = Vec::new();
        let mut explicit_void = false;
        let mut variadic = false;
        self.push_scope();
        let r = (|| -> PResult<()> {
            if self.is(Punct::RParen) {
                return Ok(());
            }
            if self.is_kw("void") && self.nth_is(1, Punct::RParen) {
                self.bump();
                explicit_void = true;
                return Ok(());
            }
            loop {
                if self.is(Punct::Ellipsis) {
                    self.bump();
                    variadic = true;
                    break;
                }
                let pstart = self.span();
                if !self.is_decl_start() {
                    if let Some(r) = self.unknown_type_name() {
                        return Err(r);
                    }
                    return Err(self.error_here("expected a parameter declaration"));
                }
                let specs = self.decl_specs()?;
                let declarator = self.declarator(DeclMode::Either)?;
                if let Some(n) = declarator.name {
                    self.declare(n.name, false);
                }
                params.push(ParamDecl {
                    specs,
                    declarator,
                    span: join(pstart, self.prev_span()),
                });
                if !self.eat(Punct::Comma) {
                    break;
                }
            }
            Ok(())
        })();
        self.pop_scope();
        r?;
        let end = self.expect(Punct::RParen, "to close the parameter list")?;
        Ok(Derived::Function {
            params,
            explicit_void,
            variadic,
            span: join(start, end),
        })
    }

    /// A type name: specifiers and an abstract declarator.
    pub(crate) fn type_name(&mut self) -> PResult<TypeNameId> {
        let start = self.span();
        let specs = self.decl_specs()?;
        if let Some((_, s)) = specs.storage {
            self.error(
                s,
                "a type name cannot have a storage class",
                "not allowed here",
            );
        }
        let declarator = self.declarator(DeclMode::Abstract)?;
        Ok(self.tu.type_names.alloc(TypeName {
            specs,
            declarator,
            span: join(start, self.prev_span()),
        }))
    }

    /// An initializer: an assignment expression or a brace list.
    pub(crate) fn initializer(&mut self) -> PResult<Initializer> {
        if !self.is(Punct::LBrace) {
            return Ok(Initializer::Expr(self.assignment()?));
        }
        self.enter()?;
        let r = self.init_list();
        self.leave();
        r
    }

    fn init_list(&mut self) -> PResult<Initializer> {
        let start = self.bump();
        let mut items = Vec::new();
        while !self.is(Punct::RBrace) {
            let istart = self.span();
            let mut designators = Vec::new();
            loop {
                if self.is(Punct::Dot) {
                    self.bump();
                    if self.peek().kind != TokenKind::Ident {
                        return Err(self.error_here("expected a member name after `.`"));
                    }
                    let name = self.sym_at(0);
                    let span = self.bump();
                    designators.push(Designator::Field(Ident { name, span }));
                } else if self.is(Punct::LBracket) {
                    let s = self.bump();
                    let index = self.conditional()?;
                    let e = self.expect(Punct::RBracket, "after the array designator")?;
                    designators.push(Designator::Index {
                        index,
                        span: join(s, e),
                    });
                } else {
                    break;
                }
            }
            if !designators.is_empty() {
                self.expect(Punct::Assign, "after the designator")?;
            }
            let init = self.initializer()?;
            items.push(InitItem {
                designators,
                init,
                span: join(istart, self.prev_span()),
            });
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        let end = self.expect(Punct::RBrace, "to close the initializer list")?;
        Ok(Initializer::List {
            items,
            span: join(start, end),
        })
    }

    /// `specs ;` (the current token is the `;`): declares a tag or nothing
    /// (or, after a missing `;` already reported, nothing to consume).
    fn empty_declaration(&mut self, specs: DeclSpecs, start: Span) -> DeclId {
        if !std::mem::take(&mut self.missing_semi) {
            self.bump();
        }
        if !matches!(
            specs.base,
            BaseType::Record(_) | BaseType::Enum(_) | BaseType::Error
        ) {
            self.warning(
                specs.span,
                "declaration does not declare anything",
                "no name is declared here",
            );
        }
        self.tu.decls.alloc(Declaration {
            specs,
            declarators: Vec::new(),
            span: join(start, self.prev_span()),
        })
    }

    /// `foo bar` where `foo` is no type: report an unknown type name (instead of the
    /// less helpful "expected a declaration/expression").
    pub(crate) fn unknown_type_name(&mut self) -> Option<Reported> {
        let t = self.peek();
        let looks_like_decl =
            self.plain_ident_at(0) && self.nth(1).kind == TokenKind::Ident && !self.typedef_at(0);
        if !looks_like_decl {
            return None;
        }
        let span = self.span();
        Some(self.error(
            span,
            &format!("unknown type name `{}`", t.text),
            "expected a type name here",
        ))
    }

    /// A top-level item: a function definition or a declaration.
    pub(crate) fn external_decl(&mut self) -> PResult<ExternalDecl> {
        let start = self.span();
        if !self.is_decl_start() {
            if let Some(r) = self.unknown_type_name() {
                return Err(r);
            }
            return Err(self.error_here("expected a declaration"));
        }
        let specs = self.decl_specs()?;
        if self.is(Punct::Semi) || self.missing_semi {
            return Ok(ExternalDecl::Declaration(
                self.empty_declaration(specs, start),
            ));
        }
        let first = self.declarator(DeclMode::Named)?;
        let is_fn = matches!(first.derived.first(), Some(Derived::Function { .. }));
        if is_fn && self.is(Punct::LBrace) {
            return self
                .function_def(specs, first, start)
                .map(ExternalDecl::Function);
        }
        self.declaration_rest(specs, first, start)
            .map(ExternalDecl::Declaration)
    }

    fn function_def(
        &mut self,
        specs: DeclSpecs,
        declarator: Declarator,
        start: Span,
    ) -> PResult<FuncId> {
        if let Some(n) = declarator.name {
            self.declare(n.name, false);
        }
        self.push_scope();
        if let Some(Derived::Function { params, .. }) = declarator.derived.first() {
            let names: Vec<Symbol> = params
                .iter()
                .filter_map(|p| p.declarator.name.map(|n| n.name))
                .collect();
            for n in names {
                self.declare(n, false);
            }
        }
        let body = self.compound_stmt();
        self.pop_scope();
        let body = body?;
        Ok(self.tu.functions.alloc(FunctionDef {
            specs,
            declarator,
            body,
            span: join(start, self.prev_span()),
        }))
    }

    /// A declaration inside a block or `for` init (the current token starts specifiers).
    pub(crate) fn block_declaration(&mut self) -> PResult<DeclId> {
        let start = self.span();
        let specs = self.decl_specs()?;
        if self.is(Punct::Semi) || self.missing_semi {
            return Ok(self.empty_declaration(specs, start));
        }
        let first = self.declarator(DeclMode::Named)?;
        let is_fn = matches!(first.derived.first(), Some(Derived::Function { .. }));
        if is_fn && self.is(Punct::LBrace) {
            let span = self.span();
            return Err(self.error(
                span,
                "a function definition is not allowed here",
                "functions can only be defined at file scope",
            ));
        }
        self.declaration_rest(specs, first, start)
    }

    /// The rest of a declaration after its first declarator: `[= init] {, d [= init]} ;`.
    fn declaration_rest(
        &mut self,
        specs: DeclSpecs,
        first: Declarator,
        start: Span,
    ) -> PResult<DeclId> {
        let is_typedef = matches!(specs.storage, Some((StorageClass::Typedef, _)));
        let mut declarators = Vec::new();
        let mut next = Some(first);
        loop {
            let d = match next.take() {
                Some(d) => d,
                None => self.declarator(DeclMode::Named)?,
            };
            if let Some(n) = d.name {
                self.declare(n.name, is_typedef);
            }
            let init = if self.eat(Punct::Assign) {
                Some(self.initializer()?)
            } else {
                None
            };
            let span = join(d.span, self.prev_span());
            declarators.push(InitDeclarator {
                declarator: d,
                init,
                span,
            });
            if !self.eat(Punct::Comma) {
                break;
            }
        }
        self.expect(Punct::Semi, "after declaration")?;
        Ok(self.tu.decls.alloc(Declaration {
            specs,
            declarators,
            span: join(start, self.prev_span()),
        }))
    }
}
