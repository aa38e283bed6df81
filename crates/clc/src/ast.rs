//! The OpenCL C abstract syntax tree, as produced by [`crate::parse`].
//!
//! # Shape
//!
//! A [`TranslationUnit`] owns everything. Nodes live in arenas (one per node kind) and
//! refer to each other by typed indices ([`ExprId`], [`StmtId`], [`DeclId`], ...), in the
//! style of naga: the tree is plain data, cheap to walk, and free of lifetimes. Every node
//! carries a [`Span`] so that semantic analysis can point at the source.
//!
//! Identifiers are interned: a [`Symbol`] is an index into [`TranslationUnit::names`];
//! `tu.name(sym)` gives the text back.
//!
//! # What the parser decides and what it leaves to sema
//!
//! The AST is *syntactic*: it keeps what was written, resolved only as far as the grammar
//! needs.
//!
//! - Type specifiers are combined into one [`BaseType`] (`unsigned long int` becomes
//!   [`Scalar::ULong`]); illegal combinations are reported by the parser. Typedef names are
//!   recognized (the parser keeps a scoped typedef table — the "lexer hack") but not
//!   expanded: they appear as [`BaseType::Typedef`].
//! - A declarator is flattened into the name plus a list of [`Derived`] steps; see
//!   [`Declarator::derived`] for the order.
//! - `a.xyzw` and `a.s01` are plain [`ExprKind::Member`]; sema decides whether the base
//!   is a vector (swizzle) or a struct (field).
//! - `(float4)(a, b)` is [`ExprKind::VectorLiteral`]; `(float4)(a)` — a single element —
//!   is also a `VectorLiteral` with one element (sema treats it as a splat/conversion,
//!   exactly like a cast).
//!   For a type that cannot be a vector (`int`, `float *`), `(int)(x)` is a
//!   [`ExprKind::Cast`] of `x`.
//! - Parentheses around expressions leave no node; operator precedence is in the tree.
//! - Literals carry their values: integers as `u64` with base and suffix (C's type
//!   rules need both), floats as `f64` with suffix and the text as written, character
//!   literals decoded, adjacent string literals concatenated and decoded to bytes.
//! - Attributes OpenCL defines are parsed into [`AttrKind`]; unknown attributes are kept
//!   by name ([`AttrKind::Unknown`]) for sema to warn about.
//! - After a syntax error the parser substitutes [`ExprKind::Error`] / [`StmtKind::Error`]
//!   / [`BaseType::Error`] and continues; later stages should skip such nodes silently
//!   (the error was already reported).
//!
//! # Stability
//!
//! Sema and lowering are written against this module. Changes are additive only.

use std::collections::HashMap;
use std::fmt;
use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

use kauai_diag::Span;

// ---------------------------------------------------------------------------------------
// Arenas and typed indices
// ---------------------------------------------------------------------------------------

/// A typed index into an [`Arena<T>`].
pub struct Id<T> {
    raw: u32,
    _marker: PhantomData<fn() -> T>,
}

impl<T> Id<T> {
    /// The position in its arena (0-based).
    pub fn index(self) -> usize {
        self.raw as usize
    }
}

impl<T> Clone for Id<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Id<T> {}
impl<T> PartialEq for Id<T> {
    fn eq(&self, other: &Self) -> bool {
        self.raw == other.raw
    }
}
impl<T> Eq for Id<T> {}
impl<T> std::hash::Hash for Id<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.raw.hash(state)
    }
}
impl<T> PartialOrd for Id<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Id<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.raw.cmp(&other.raw)
    }
}
impl<T> fmt::Debug for Id<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.raw)
    }
}

/// Append-only storage of nodes of one kind.
#[derive(Clone, Debug)]
pub struct Arena<T> {
    items: Vec<T>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { items: Vec::new() }
    }
}

impl<T> Arena<T> {
    pub fn new() -> Self {
        Arena::default()
    }

    pub fn alloc(&mut self, item: T) -> Id<T> {
        let raw = self.items.len() as u32;
        self.items.push(item);
        Id {
            raw,
            _marker: PhantomData,
        }
    }

    pub fn get(&self, id: Id<T>) -> Option<&T> {
        self.items.get(id.index())
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Every node with its index, in allocation order.
    pub fn iter(&self) -> impl Iterator<Item = (Id<T>, &T)> {
        self.items.iter().enumerate().map(|(i, t)| {
            (
                Id {
                    raw: i as u32,
                    _marker: PhantomData,
                },
                t,
            )
        })
    }
}

impl<T> Index<Id<T>> for Arena<T> {
    type Output = T;
    fn index(&self, id: Id<T>) -> &T {
        &self.items[id.index()]
    }
}

impl<T> IndexMut<Id<T>> for Arena<T> {
    fn index_mut(&mut self, id: Id<T>) -> &mut T {
        &mut self.items[id.index()]
    }
}

pub type ExprId = Id<Expr>;
pub type StmtId = Id<Stmt>;
pub type DeclId = Id<Declaration>;
pub type FuncId = Id<FunctionDef>;
pub type TypeNameId = Id<TypeName>;
pub type RecordId = Id<RecordSpec>;
pub type EnumId = Id<EnumSpec>;

// ---------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------

/// An interned identifier; `TranslationUnit::name` gives its text.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(pub u32);

impl fmt::Debug for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sym{}", self.0)
    }
}

/// A fast, non-cryptographic hasher for the small keys of the front end (names and
/// symbols); the input is not adversarial enough for hash flooding to matter.
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

impl std::hash::Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    fn write_usize(&mut self, i: usize) {
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

pub(crate) type FxMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<FxHasher>>;

/// The identifier table of one translation unit.
#[derive(Clone, Debug, Default)]
pub struct Interner {
    names: Vec<Box<str>>,
    map: FxMap<Box<str>, Symbol>,
}

impl Interner {
    pub fn new() -> Self {
        Interner::default()
    }

    pub fn intern(&mut self, name: &str) -> Symbol {
        if let Some(&s) = self.map.get(name) {
            return s;
        }
        let s = Symbol(self.names.len() as u32);
        self.names.push(name.into());
        self.map.insert(name.into(), s);
        s
    }

    /// The symbol of `name` if it was ever interned.
    pub fn lookup(&self, name: &str) -> Option<Symbol> {
        self.map.get(name).copied()
    }

    /// The text of a symbol (empty for a symbol from another table).
    pub fn resolve(&self, sym: Symbol) -> &str {
        self.names.get(sym.0 as usize).map(|s| &**s).unwrap_or("")
    }

    /// How many distinct names were interned (symbols are `0..len`).
    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

/// A name with the place it was written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: Symbol,
    pub span: Span,
}

// ---------------------------------------------------------------------------------------
// Translation unit
// ---------------------------------------------------------------------------------------

/// One parsed OpenCL C program (after preprocessing).
#[derive(Clone, Debug, Default)]
pub struct TranslationUnit {
    /// The top-level declarations and function definitions, in source order.
    pub items: Vec<ExternalDecl>,
    pub names: Interner,
    pub exprs: Arena<Expr>,
    pub stmts: Arena<Stmt>,
    pub decls: Arena<Declaration>,
    pub functions: Arena<FunctionDef>,
    pub type_names: Arena<TypeName>,
    pub records: Arena<RecordSpec>,
    pub enums: Arena<EnumSpec>,
}

impl TranslationUnit {
    /// The text of an interned name.
    pub fn name(&self, sym: Symbol) -> &str {
        self.names.resolve(sym)
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ExternalDecl {
    /// A function with a body.
    Function(FuncId),
    /// Anything else at file scope: variables, prototypes, typedefs, tag definitions.
    Declaration(DeclId),
}

/// `specs declarator { body }`.
///
/// Function attributes (`reqd_work_group_size`, ...) may be written before the name
/// (then they are in `specs.attrs`) or after the parameter list (`declarator.attrs`);
/// both places mean the same.
#[derive(Clone, Debug)]
pub struct FunctionDef {
    pub specs: DeclSpecs,
    /// Its first `derived` step is always [`Derived::Function`].
    pub declarator: Declarator,
    /// A [`StmtKind::Compound`].
    pub body: StmtId,
    pub span: Span,
}

/// `specs declarator [= init], ... ;` — at file scope, in a block, or in a `for` init.
/// A declaration with no declarators (`struct S { int x; };`) only declares its tag.
#[derive(Clone, Debug)]
pub struct Declaration {
    pub specs: DeclSpecs,
    pub declarators: Vec<InitDeclarator>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct InitDeclarator {
    pub declarator: Declarator,
    pub init: Option<Initializer>,
    pub span: Span,
}

// ---------------------------------------------------------------------------------------
// Declaration specifiers
// ---------------------------------------------------------------------------------------

/// Everything before the declarators: storage class, qualifiers, the base type, the
/// OpenCL qualifiers and attributes.
#[derive(Clone, Debug)]
pub struct DeclSpecs {
    pub storage: Option<(StorageClass, Span)>,
    pub quals: TypeQuals,
    /// `__global`, `local`, ...: applies to the declared object (for `__global float *p`,
    /// to the base type `float`, i.e. to what `p` points at).
    pub address_space: Option<(AddressSpace, Span)>,
    /// `__read_only`, `write_only`, ... (for image parameters).
    pub access: Option<(AccessQual, Span)>,
    /// `__kernel` / `kernel`.
    pub kernel: Option<Span>,
    /// `inline` / `__inline` / `__inline__`.
    pub inline: Option<Span>,
    pub base: BaseType,
    pub base_span: Span,
    /// `__attribute__((...))` written among the specifiers.
    pub attrs: Vec<Attribute>,
    pub span: Span,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StorageClass {
    Typedef,
    Extern,
    Static,
    Auto,
    Register,
}

/// `const`, `volatile`, `restrict` (any spelling: `__restrict`, `__const`, ...).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct TypeQuals {
    pub is_const: bool,
    pub is_volatile: bool,
    pub is_restrict: bool,
}

impl TypeQuals {
    pub fn is_empty(&self) -> bool {
        !(self.is_const || self.is_volatile || self.is_restrict)
    }
}

/// OpenCL address space qualifiers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AddressSpace {
    Global,
    Local,
    Constant,
    Private,
    Generic,
}

/// OpenCL access qualifiers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AccessQual {
    ReadOnly,
    WriteOnly,
    ReadWrite,
}

pub use kauai_ir::ClScalar;

/// The element type the scalar type specifiers name (the combination already
/// resolved): an OpenCL scalar type ([`ClScalar`], the one enum of them), or one of the
/// C spellings that OpenCL C distinguishes or reserves, kept so that sema can say so
/// and the printer can spell them back.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// Never `bool`, which is [`BaseType::Bool`].
    Cl(ClScalar),
    /// `signed char` (the type of `char`, but a distinct type in C).
    SChar,
    /// `long long`: reserved in OpenCL C.
    LongLong,
    ULongLong,
    /// `long double`: reserved in OpenCL C.
    LongDouble,
}

impl Scalar {
    /// The spelling (`uint`, `half`, `signed char`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Scalar::Cl(s) => s.name(),
            Scalar::SChar => "signed char",
            Scalar::LongLong => "long long",
            Scalar::ULongLong => "unsigned long long",
            Scalar::LongDouble => "long double",
        }
    }
}

/// Built-in opaque OpenCL types.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpaqueType {
    Image1d,
    Image1dArray,
    Image1dBuffer,
    Image2d,
    Image2dArray,
    Image3d,
    Sampler,
    Event,
    /// `counter32_t` of `cl_ext_atomic_counters_32`: a 32-bit atomic counter, only a
    /// kernel (or inlined helper) parameter, only used by `atomic_inc`/`atomic_dec`.
    Counter32,
}

impl OpaqueType {
    pub fn name(self) -> &'static str {
        match self {
            OpaqueType::Image1d => "image1d_t",
            OpaqueType::Image1dArray => "image1d_array_t",
            OpaqueType::Image1dBuffer => "image1d_buffer_t",
            OpaqueType::Image2d => "image2d_t",
            OpaqueType::Image2dArray => "image2d_array_t",
            OpaqueType::Image3d => "image3d_t",
            OpaqueType::Sampler => "sampler_t",
            OpaqueType::Event => "event_t",
            OpaqueType::Counter32 => kauai_ir::meta::COUNTER32_TYPE,
        }
    }
}

/// The type named by the type specifiers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BaseType {
    Void,
    /// `bool` / `_Bool`.
    Bool,
    Scalar(Scalar),
    /// `float4`, `uchar16`, ...: element type and width (2, 3, 4, 8 or 16).
    Vector(Scalar, u8),
    SizeT,
    PtrdiffT,
    IntptrT,
    UintptrT,
    Opaque(OpaqueType),
    /// `struct`/`union` specifier (a definition or a reference to a tag).
    Record(RecordId),
    Enum(EnumId),
    /// A name the typedef table knew at this point.
    Typedef(Symbol),
    /// `__typeof__(expr)` (a GNU extension clang accepts): the expression's type; the
    /// expression is not evaluated.
    TypeofExpr(ExprId),
    /// `__typeof__(type-name)`.
    TypeofType(TypeNameId),
    /// No valid type could be formed (already diagnosed).
    Error,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RecordKind {
    Struct,
    Union,
}

/// `struct tag { fields }`, `union { ... }`, or a reference `struct tag`.
#[derive(Clone, Debug)]
pub struct RecordSpec {
    pub kind: RecordKind,
    pub tag: Option<Ident>,
    /// `None` for a reference or forward declaration (`struct S;`, `struct S *p`);
    /// `Some` (possibly empty) when a brace body was written.
    pub fields: Option<Vec<FieldDecl>>,
    /// Attributes after the keyword or after the closing brace (`packed`, `aligned`).
    pub attrs: Vec<Attribute>,
    pub span: Span,
}

/// One member declaration: `specs a, *b, c : 3;`. Anonymous struct/union members have no
/// declarators.
#[derive(Clone, Debug)]
pub struct FieldDecl {
    pub specs: DeclSpecs,
    pub declarators: Vec<FieldDeclarator>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct FieldDeclarator {
    /// Its `name` is `None` for an unnamed bit-field (`int : 4;`).
    pub declarator: Declarator,
    pub bit_width: Option<ExprId>,
    pub span: Span,
}

/// `enum tag { A, B = 3 }` or a reference `enum tag`.
#[derive(Clone, Debug)]
pub struct EnumSpec {
    pub tag: Option<Ident>,
    /// `None` for a reference; `Some` when a brace body was written.
    pub enumerators: Option<Vec<Enumerator>>,
    pub attrs: Vec<Attribute>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Enumerator {
    pub name: Ident,
    pub value: Option<ExprId>,
    pub span: Span,
}

// ---------------------------------------------------------------------------------------
// Declarators
// ---------------------------------------------------------------------------------------

/// A (possibly abstract) declarator, flattened.
#[derive(Clone, Debug)]
pub struct Declarator {
    /// `None` for abstract declarators (casts, `sizeof`, unnamed parameters).
    pub name: Option<Ident>,
    /// The type derivations, read **from the name outwards**, i.e. in the order C's
    /// "declaration mirrors use" rule reads them. `int *a[4]` gives
    /// `[Array(4), Pointer]`: "a is an array of 4 pointers to int". To build the type,
    /// start from the base type and apply the steps from the **last** to the first.
    pub derived: Vec<Derived>,
    /// Attributes written after the declarator (e.g. `int x __attribute__((aligned(16)))`
    /// or after a function's parameter list).
    pub attrs: Vec<Attribute>,
    pub span: Span,
}

impl DeclSpecs {
    /// Whether the storage class is `typedef`.
    pub fn is_typedef(&self) -> bool {
        matches!(self.storage, Some((StorageClass::Typedef, _)))
    }
}

impl Declarator {
    /// The parameter list if this declares a function (its first step is a function
    /// declarator): `(params, explicit_void, variadic)`.
    pub fn function_params(&self) -> Option<(&[ParamDecl], bool, bool)> {
        match self.derived.first() {
            Some(Derived::Function {
                params,
                explicit_void,
                variadic,
                ..
            }) => Some((params, *explicit_void, *variadic)),
            _ => None,
        }
    }
}

impl Derived {
    pub fn span(&self) -> Span {
        match self {
            Derived::Pointer { span, .. }
            | Derived::Array { span, .. }
            | Derived::Function { span, .. } => *span,
        }
    }
}

#[derive(Clone, Debug)]
pub enum Derived {
    /// `* quals`: the qualifiers apply to the pointer itself (`float *const p`); an
    /// address space written here is the pointer's own (`int *__private p`).
    Pointer {
        quals: TypeQuals,
        address_space: Option<AddressSpace>,
        attrs: Vec<Attribute>,
        span: Span,
    },
    /// `[size]` or `[]`.
    Array { size: Option<ExprId>, span: Span },
    /// `(params)`.
    Function {
        params: Vec<ParamDecl>,
        /// `(void)` was written (then `params` is empty).
        explicit_void: bool,
        /// A trailing `, ...`.
        variadic: bool,
        span: Span,
    },
}

/// One parameter: `__global const float *restrict a`, `int`, `float v[4]`.
#[derive(Clone, Debug)]
pub struct ParamDecl {
    pub specs: DeclSpecs,
    /// Abstract when the parameter is unnamed.
    pub declarator: Declarator,
    pub span: Span,
}

/// A type written in an expression: casts, `sizeof(T)`, `vec_step(T)`, compound and
/// vector literals, `vec_type_hint(T)`.
#[derive(Clone, Debug)]
pub struct TypeName {
    pub specs: DeclSpecs,
    /// Always abstract (`name` is `None`).
    pub declarator: Declarator,
    pub span: Span,
}

// ---------------------------------------------------------------------------------------
// Attributes
// ---------------------------------------------------------------------------------------

/// One attribute out of `__attribute__((a, b(1)))`.
#[derive(Clone, Debug)]
pub struct Attribute {
    pub kind: AttrKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum AttrKind {
    /// `reqd_work_group_size(X, Y, Z)`.
    ReqdWorkGroupSize([ExprId; 3]),
    /// `work_group_size_hint(X, Y, Z)`.
    WorkGroupSizeHint([ExprId; 3]),
    /// `vec_type_hint(T)`.
    VecTypeHint(TypeNameId),
    /// `aligned` (target maximum) or `aligned(N)`.
    Aligned(Option<ExprId>),
    Packed,
    /// `endian(host)` / `endian(device)`.
    Endian(Endian),
    Nosvm,
    /// Any other attribute, kept by name (without `__` decoration); its arguments, if
    /// any, were skipped. `arg_count` counts the top-level comma-separated arguments.
    Unknown {
        name: Symbol,
        arg_count: usize,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Endian {
    Host,
    Device,
}

// ---------------------------------------------------------------------------------------
// Initializers
// ---------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub enum Initializer {
    Expr(ExprId),
    /// `{ items }` (a trailing comma is allowed and not recorded).
    List {
        items: Vec<InitItem>,
        span: Span,
    },
}

impl Initializer {
    pub fn span(&self, tu: &TranslationUnit) -> Span {
        match self {
            Initializer::Expr(e) => tu.exprs[*e].span,
            Initializer::List { span, .. } => *span,
        }
    }
}

/// `designators = init` or just `init` inside a brace list.
#[derive(Clone, Debug)]
pub struct InitItem {
    /// `.a[2].b =` gives `[Field(a), Index(2), Field(b)]`; empty when not designated.
    pub designators: Vec<Designator>,
    pub init: Initializer,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Designator {
    Field(Ident),
    Index { index: ExprId, span: Span },
}

// ---------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    /// `{ items }`: declarations ([`StmtKind::Decl`]) and statements, in order.
    Compound(Vec<StmtId>),
    Decl(DeclId),
    Expr(ExprId),
    /// `;`
    Empty,
    If {
        cond: ExprId,
        then_branch: StmtId,
        else_branch: Option<StmtId>,
    },
    Switch {
        cond: ExprId,
        body: StmtId,
    },
    /// `case value: body` (`body` is the statement the label is attached to).
    Case {
        value: ExprId,
        body: StmtId,
    },
    Default {
        body: StmtId,
    },
    While {
        cond: ExprId,
        body: StmtId,
    },
    DoWhile {
        body: StmtId,
        cond: ExprId,
    },
    For {
        init: ForInit,
        cond: Option<ExprId>,
        step: Option<ExprId>,
        body: StmtId,
    },
    Break,
    Continue,
    Return(Option<ExprId>),
    Goto(Ident),
    Label {
        label: Ident,
        body: StmtId,
    },
    /// A statement that failed to parse (already diagnosed).
    Error,
}

#[derive(Copy, Clone, Debug)]
pub enum ForInit {
    None,
    Expr(ExprId),
    Decl(DeclId),
}

// ---------------------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Ident(Symbol),
    IntLit(IntLiteral),
    FloatLit(FloatLiteral),
    CharLit(CharLiteral),
    /// Adjacent string literals already concatenated.
    StringLit(StringLiteral),
    Unary {
        op: UnaryOp,
        operand: ExprId,
    },
    /// Arithmetic, bitwise, shift, comparison and logical (`&&`, `||`) operators.
    Binary {
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    },
    /// `lhs = rhs` (`op == None`) or `lhs op= rhs`.
    Assign {
        op: Option<BinaryOp>,
        lhs: ExprId,
        rhs: ExprId,
    },
    /// `cond ? then_expr : else_expr`.
    Conditional {
        cond: ExprId,
        then_expr: ExprId,
        else_expr: ExprId,
    },
    /// `lhs , rhs`.
    Comma {
        lhs: ExprId,
        rhs: ExprId,
    },
    /// `(T) expr`.
    Cast {
        ty: TypeNameId,
        expr: ExprId,
    },
    /// `(T)(e1, e2, ...)`: an OpenCL vector literal. The parser builds it when `T` is a
    /// vector type or a typedef name (which may name a vector type); for other types
    /// `(T)(x)` is a [`ExprKind::Cast`]. When sema finds the typedef names a non-vector
    /// type, the elements are a comma expression being cast: `(T)(a, b)` is `(T)b` after
    /// evaluating `a`.
    VectorLiteral {
        ty: TypeNameId,
        elems: Vec<ExprId>,
    },
    /// `(T){ init }`.
    CompoundLiteral {
        ty: TypeNameId,
        init: Initializer,
    },
    SizeofExpr(ExprId),
    SizeofType(TypeNameId),
    /// `__alignof__ expr` (a GNU extension).
    AlignofExpr(ExprId),
    /// `_Alignof(T)` / `__alignof__(T)`.
    AlignofType(TypeNameId),
    VecStepExpr(ExprId),
    VecStepType(TypeNameId),
    Call {
        callee: ExprId,
        args: Vec<ExprId>,
    },
    Index {
        base: ExprId,
        index: ExprId,
    },
    /// `base.member` or `base->member` (`arrow`); also swizzles such as `v.xy`.
    Member {
        base: ExprId,
        member: Ident,
        arrow: bool,
    },
    /// `({ items })`: a GNU statement expression (a [`StmtKind::Compound`]); its value
    /// is the last item's when that is an expression statement, else `void`.
    StmtExpr(StmtId),
    /// An expression that failed to parse (already diagnosed).
    Error,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `+e`
    Plus,
    /// `-e`
    Neg,
    /// `~e`
    BitNot,
    /// `!e`
    Not,
    /// `*e`
    Deref,
    /// `&e`
    AddrOf,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

impl UnaryOp {
    pub fn as_str(self) -> &'static str {
        match self {
            UnaryOp::Plus => "+",
            UnaryOp::Neg => "-",
            UnaryOp::BitNot => "~",
            UnaryOp::Not => "!",
            UnaryOp::Deref => "*",
            UnaryOp::AddrOf => "&",
            UnaryOp::PreInc => "pre++",
            UnaryOp::PreDec => "pre--",
            UnaryOp::PostInc => "post++",
            UnaryOp::PostDec => "post--",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LogAnd,
    LogOr,
}

impl BinaryOp {
    /// C's binding strength (higher binds tighter; 1 is `||`, the comma would be 0).
    pub fn precedence(self) -> u8 {
        use BinaryOp::*;
        match self {
            LogOr => 1,
            LogAnd => 2,
            BitOr => 3,
            BitXor => 4,
            BitAnd => 5,
            Eq | Ne => 6,
            Lt | Gt | Le | Ge => 7,
            Shl | Shr => 8,
            Add | Sub => 9,
            Mul | Div | Rem => 10,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::Lt => "<",
            BinaryOp::Gt => ">",
            BinaryOp::Le => "<=",
            BinaryOp::Ge => ">=",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::BitAnd => "&",
            BinaryOp::BitXor => "^",
            BinaryOp::BitOr => "|",
            BinaryOp::LogAnd => "&&",
            BinaryOp::LogOr => "||",
        }
    }
}

/// How an integer literal was written; C's type rules differ for decimal and for
/// octal/hex literals.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntBase {
    Decimal,
    Octal,
    Hex,
    /// `0b101` (an extension some kernels use).
    Binary,
}

/// `l`/`L` suffix count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LongSuffix {
    None,
    /// `l` / `L`
    Long,
    /// `ll` / `LL`
    LongLong,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IntLiteral {
    /// The value, modulo 2^64 if it overflowed.
    pub value: u64,
    pub base: IntBase,
    /// `u`/`U` suffix.
    pub unsigned: bool,
    pub long: LongSuffix,
    /// The value did not fit in 64 bits (already diagnosed).
    pub overflowed: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FloatSuffix {
    /// No suffix: `double`.
    None,
    /// `f` / `F`: `float`.
    F,
    /// `h` / `H`: `half`.
    H,
    /// `l` / `L`: `long double` (reserved in OpenCL).
    L,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FloatLiteral {
    /// The value, rounded to the nearest `f64` (sema rounds again for `float`/`half`).
    pub value: f64,
    pub suffix: FloatSuffix,
    /// The literal as written, for exact re-rounding or messages.
    pub text: Box<str>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CharLiteral {
    /// The decoded value as C gives it to an `int` (`'\xff'` is -1 since `char` is
    /// signed); multi-character constants combine bytes big-endian, as GCC/Clang do.
    pub value: i32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StringLiteral {
    /// The decoded bytes, escapes resolved, without the terminating NUL.
    pub bytes: Vec<u8>,
    /// The tokens it was made of, as written (quotes included) with their spans, so a
    /// diagnostic can point inside the literal (printf formats).
    pub tokens: Vec<(Span, Box<str>)>,
}
