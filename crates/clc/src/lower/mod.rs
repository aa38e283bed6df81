//! Lowering of a checked OpenCL C translation unit to Kauai IR.
//!
//! One walk over the AST type-checks and emits IR at once. The conventions the optimizer
//! and the executors rely on:
//!
//! - every local variable and parameter lives in an `alloca` (entry block, in order) and
//!   is accessed with loads and stores; `mem2reg` promotes them later;
//! - `bool` is `i1` in registers and a byte in memory;
//! - pointer arithmetic is `ptradd` by a byte offset of the `size_t` type;
//! - kernels carry `"mux-kernel"="entry-point"` and the `kernel_arg_*` metadata;
//!   kernel-scope `__local` variables become module globals named `<kernel>.<var>`;
//! - work-item and barrier functions are calls to declared functions with their SPIR
//!   mangled names (`_Z13get_global_idj`); math and integer builtins become IR operations.
//!
//! Errors are reported as diagnostics and lowering goes on (with the `T_ERROR` type
//! standing for anything that failed), so one run reports many problems.
//!
//! # Where things are
//!
//! - `decl`: type specifiers and declarators to C types, records and enums, program-scope
//!   `__constant` variables, function definitions with the kernel metadata, locals;
//! - `expr`: expressions (the usual arithmetic conversions with the OpenCL vector rules,
//!   swizzles as values and as assignment targets, pointer arithmetic, short-circuit
//!   operators); `stmt`: control flow; `init`: initializers flattened to leaves;
//! - `consteval`: integer constant expressions and `__constant` initial bytes;
//! - `builtins`: the OpenCL library functions, resolved by family;
//! - `printf`: format checking and per-format calls (`__kauai_printf.<ID>`, see
//!   `kauai_ir::printf`).
//!
//! More conventions: struct and union values live in memory (assignment copies bytes;
//! parameters are `byval` pointers to a private copy; results go through a hidden first
//! `sret` pointer); `switch` compares in 64 bits (the operand is sign- or zero-extended
//! and case values are 64-bit two's complement); `event_t` is an `i32`, `sampler_t` an
//! `i32` of `CLK_*` bits, an image a `ptr5` handle (`kauai_ir::image`); image functions
//! are calls to `kauai_ir::builtins::ImageBuiltin`s; a `counter32_t` a `ptr1` to its
//! value, whose `atomic_inc`/`atomic_dec` are `atomicrmw add`/`sub` of 1 (the old
//! value). A string literal
//! used as a value is a `__constant` global named `.str` (one per distinct content). An
//! `overloadable` user function is named as clang mangles it (`_Z1fi`), and a call picks
//! the overload by argument ranks (exact, promotion, conversion).
//!
//! # Not supported yet (each gives a "not supported yet" diagnostic)
//!
//! Bit-fields in packed structs; images and samplers on devices without image support; `half` values (only `half*` pointers,
//! read and written with `vload_half`/`vstore_half`); `counter32_t` on devices without
//! `cl_ext_atomic_counters_32` (7XX); 64-bit atomics without `cl_khr_int64_base_atomics`; variadic user functions; `%s` with a
//! string only known at run time (the printf table carries `%s` strings); and the library
//! functions listed in `builtins::unsupported` (e.g. `nextafter`,
//! `vec_step`).

mod builtins;
mod consteval;
mod decl;
mod expr;
mod half;
mod image;
mod init;
mod printf;
mod stmt;

use std::collections::HashMap;

use kauai_diag::{Diagnostic, Diagnostics, Span};
use kauai_ir::function::BlockData;
use kauai_ir::{AddrSpace, Block, Body, Const, ConstScalar, FuncId, InstKind, Module, Type, Value};

use crate::ast::{Symbol, TranslationUnit};
use crate::sema::scope::Scopes;
use crate::sema::types::{Prim, Ty, TyTable};

/// What the lowering needs to know about the device and the build options.
#[derive(Clone, Debug, Default)]
pub struct LowerOptions {
    /// `double` is available (the device has `cl_khr_fp64`).
    pub fp64: bool,
    /// The device supports images (without, image and sampler types are refused).
    pub images: bool,
    /// `-cl-mad-enable` / `-cl-fast-relaxed-math`: `a*b+c` may fuse (kept as written).
    pub mad_enable: bool,
    /// `-cl-single-precision-constant`: unsuffixed floating literals are `float`.
    pub single_precision_constant: bool,
    /// The device has `cl_khr_int64_base_atomics`: `atom_*` on `long`/`ulong`.
    pub int64_atomics: bool,
    /// A link step follows (`clCompileProgram`): a function called here but only
    /// declared stays an IR declaration marked [`EXTERNAL_FN_ATTR`] instead of being an
    /// error, since another module may define it.
    pub compile_only: bool,
    /// Whether `half` is an arithmetic type here (`cl_khr_fp16`): variables,
    /// arithmetic, literals, builtins beyond storage.
    pub fp16: Extension,
    /// Whether `counter32_t` and its `atomic_inc`/`atomic_dec` exist here
    /// (`cl_ext_atomic_counters_32`).
    pub atomic_counters: Extension,
}

/// An optional extension whose use the source must enable with its pragma.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Extension {
    /// The device does not offer it: its types are refused as not supported (e.g.
    /// `cl_khr_fp16` on the kauai IL devices).
    #[default]
    Unavailable,
    /// The device offers it but the source did not enable it: refused with clang's
    /// wording, pointing at the pragma.
    Disabled,
    /// `#pragma OPENCL EXTENSION <name> : enable` (or `all : enable`) on a device
    /// that offers it.
    Enabled,
}

/// The attribute on the IR declaration of a user function that a module calls but does
/// not define (see [`LowerOptions::compile_only`]): linking must supply a definition,
/// and finalizing a program in which one is still missing fails.
pub const EXTERNAL_FN_ATTR: &str = "kauai-external";

/// A user function (defined or only declared).
pub(crate) struct UserFn {
    pub name: Symbol,
    pub params: Vec<Ty>,
    pub ret: Ty,
    pub variadic: bool,
    pub is_kernel: bool,
    pub ir: Option<FuncId>,
    pub defined: bool,
    pub span: Span,
    /// Where it was first called (for "declared but never defined").
    pub first_call: Option<Span>,
    /// `__attribute__((overloadable))`: one of a set of functions sharing the name,
    /// chosen by argument types; its IR name is mangled as clang mangles it.
    pub overloadable: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct SwitchState {
    pub cases: Vec<(u64, Block)>,
    pub default: Option<Block>,
    pub prim: Prim,
}

/// Per-function lowering state.
#[derive(Default)]
pub(crate) struct FnState {
    pub body: Body,
    pub entry: Option<Block>,
    /// The block being filled; `None` after a terminator (code there is unreachable, a
    /// block is made for it on demand).
    pub cur: Option<Block>,
    pub n_allocas: usize,
    pub ret: Option<Ty>,
    pub breaks: Vec<Block>,
    pub conts: Vec<Block>,
    pub switches: Vec<SwitchState>,
    pub labels: HashMap<Symbol, (Block, Option<Span>, Span)>,
    pub is_kernel: bool,
    pub name: String,
    pub index: usize,
    /// Where a struct result is written (the hidden first parameter).
    pub sret: Option<Value>,
    /// The source location stamped on the instructions made now: the innermost
    /// expression or statement being lowered.
    pub loc: kauai_ir::SrcLoc,
}

pub struct Lowerer<'a> {
    pub(crate) tu: &'a TranslationUnit,
    /// The sources, for the line and column of each instruction's location.
    pub(crate) sources: &'a kauai_diag::SourceMap,
    pub(crate) m: Module,
    pub(crate) t: TyTable,
    pub(crate) diags: &'a mut Diagnostics,
    pub(crate) opts: LowerOptions,
    pub(crate) sc: Scopes,
    pub(crate) fns: Vec<UserFn>,
    pub(crate) decls: HashMap<String, FuncId>,
    pub(crate) calls: Vec<(usize, usize, Span)>,
    pub(crate) fx: FnState,
    pub(crate) in_fn: bool,
    pub(crate) anon: u32,
    pub(crate) fp64_reported: bool,
    pub(crate) fp16_reported: bool,
    /// `counter32_t` without its extension was reported (once per unit, as `half`).
    pub(crate) counters_reported: bool,
    pub(crate) errors: usize,
    /// The values of scalar and vector `__constant` variables, which later constant
    /// expressions may read (clang folds them too).
    pub(crate) const_values: HashMap<kauai_ir::GlobalId, consteval::CV>,
    /// The `__constant` object of each distinct string literal used as a value.
    pub(crate) str_globals: HashMap<Vec<u8>, kauai_ir::GlobalId>,
    /// The user functions of each overloaded name (an `overloadable` name declared with
    /// a second signature), in declaration order.
    pub(crate) overloads: HashMap<Symbol, Vec<usize>>,
    /// Where image and sampler type errors were reported: a function's parameter types
    /// are resolved twice (for its type, then for its parameters), and each error is
    /// reported once.
    pub(crate) type_errors_at: std::collections::HashSet<Span>,
    /// The `CLK_*` bits of each sampler variable (a constant `i32` global), for the
    /// checks of the reads that use it.
    pub(crate) sampler_bits: HashMap<kauai_ir::GlobalId, u32>,
    /// How many asynchronous copies were lowered: each copy made without an event
    /// returns its own number as its event (see `async_copy`).
    pub(crate) async_copies: u32,
}

/// Lower a parsed translation unit. The module is complete only if no error was pushed
/// to `diags`.
pub fn lower_translation_unit(
    tu: &TranslationUnit,
    sources: &kauai_diag::SourceMap,
    dl: kauai_ir::DataLayout,
    opts: &LowerOptions,
    diags: &mut Diagnostics,
) -> Module {
    let mut l = Lowerer {
        tu,
        sources,
        m: Module::new(dl),
        t: TyTable::new(dl),
        diags,
        opts: opts.clone(),
        sc: Scopes::default(),
        fns: Vec::new(),
        decls: HashMap::new(),
        calls: Vec::new(),
        fx: FnState::default(),
        in_fn: false,
        type_errors_at: Default::default(),
        sampler_bits: HashMap::new(),
        async_copies: 0,
        anon: 0,
        fp64_reported: false,
        fp16_reported: false,
        counters_reported: false,
        errors: 0,
        const_values: HashMap::new(),
        str_globals: HashMap::new(),
        overloads: HashMap::new(),
    };
    l.m.metadata.insert(
        kauai_ir::module::OPENCL_VERSION.to_string(),
        vec![kauai_ir::MetaValue::Int(1), kauai_ir::MetaValue::Int(2)],
    );
    for (i, item) in tu.items.iter().enumerate() {
        if l.errors >= crate::limits::MAX_SEMA_ERRORS {
            let span = match *item {
                crate::ast::ExternalDecl::Function(f) => tu.functions[f].span,
                crate::ast::ExternalDecl::Declaration(d) => tu.decls[d].span,
            };
            l.diags.push(
                Diagnostic::error(format!(
                    "too many errors: {} reported, the limit MAX_SEMA_ERRORS is {}; the {} \
                 declaration(s) from here on were not checked",
                    l.errors,
                    crate::limits::MAX_SEMA_ERRORS,
                    tu.items.len() - i
                ))
                .at(span, "checking stopped here"),
            );
            break;
        }
        match *item {
            crate::ast::ExternalDecl::Function(f) => l.function_def(f),
            crate::ast::ExternalDecl::Declaration(d) => l.global_declaration(d),
        }
    }
    l.finish_program();
    l.m.source_files = (0..sources.len())
        .map(|i| sources.file(kauai_diag::FileId(i as u32)).name.clone())
        .collect();
    l.m
}

impl Lowerer<'_> {
    // -- diagnostics ----------------------------------------------------------------

    pub(crate) fn err(&mut self, span: Span, msg: impl Into<String>, label: impl Into<String>) {
        self.errors += 1;
        self.diags.push(Diagnostic::error(msg).at(span, label));
    }

    /// An error about a type written at `span`, reported once however often the
    /// declaration is resolved.
    pub(crate) fn type_err(
        &mut self,
        span: Span,
        msg: impl Into<String>,
        label: impl Into<String>,
    ) {
        if self.type_errors_at.insert(span) {
            self.err(span, msg, label);
        }
    }

    pub(crate) fn warn(&mut self, span: Span, msg: impl Into<String>, label: impl Into<String>) {
        self.diags.push(Diagnostic::warning(msg).at(span, label));
    }

    pub(crate) fn push_diag(&mut self, d: Diagnostic) {
        if d.is_error() {
            self.errors += 1;
        }
        self.diags.push(d);
    }

    /// The closest visible name (or builtin, for calls) to a misspelled one.
    pub(crate) fn suggest(&self, wrong: &str, builtins: bool) -> Option<String> {
        if wrong.len() < 3 || self.errors >= crate::limits::MAX_SEMA_ERRORS {
            // Any short name is one edit away from another: no useful hint. Past the
            // error limit the search over every visible name is not worth its cost.
            return None;
        }
        let limit = (wrong.len() / 3).clamp(1, 3);
        let mut best: Option<(usize, String)> = None;
        let mut consider = |cand: &str| {
            if cand == wrong || cand.is_empty() {
                return;
            }
            let d = edit_distance(wrong, cand, limit);
            if d <= limit
                && best
                    .as_ref()
                    .is_none_or(|(bd, bn)| d < *bd || (d == *bd && cand < bn.as_str()))
            {
                best = Some((d, cand.to_string()));
            }
        };
        for sym in self.sc.visible() {
            consider(self.tu.name(sym));
        }
        if builtins {
            for n in builtins::known_names().chain(builtins::OTHER_NAMES.iter().copied()) {
                consider(n);
            }
            for f in kauai_ir::MathFn::ALL {
                consider(f.name());
            }
        }
        best.map(|(_, n)| n)
    }

    pub(crate) fn name(&self, s: Symbol) -> &str {
        self.tu.name(s)
    }

    pub(crate) fn tyname(&self, t: Ty) -> String {
        self.t.name(t)
    }

    // -- IR building ----------------------------------------------------------------

    /// A block not yet in the layout; [`Self::start_block`] places it.
    pub(crate) fn new_block(&mut self) -> Block {
        self.fx.body.blocks.push(BlockData::default())
    }

    /// Continue emitting in `b` (placing it in the layout); an unterminated current
    /// block falls through into it.
    pub(crate) fn start_block(&mut self, b: Block) {
        if let Some(c) = self.fx.cur {
            if !self.is_terminated(c) {
                self.append(
                    c,
                    InstKind::Jump(kauai_ir::BlockCall::new(b, vec![])),
                    Type::Void,
                );
            }
        }
        self.fx.body.order.push(b);
        self.fx.cur = Some(b);
    }

    pub(crate) fn is_terminated(&self, b: Block) -> bool {
        self.fx.body.terminator(b).is_some()
    }

    /// The current block, making a fresh (unreachable) one after a terminator.
    pub(crate) fn blk(&mut self) -> Block {
        match self.fx.cur {
            Some(b) => b,
            None => {
                let b = self.new_block();
                self.fx.body.order.push(b);
                self.fx.cur = Some(b);
                b
            }
        }
    }

    /// Append an instruction to `b`, stamped with the current source location.
    pub(crate) fn append(&mut self, b: Block, kind: InstKind, ty: Type) -> Option<Value> {
        let r = self.fx.body.append(b, kind, ty);
        if let Some(&inst) = self.fx.body.blocks[b].insts.last() {
            self.fx.body.locs[inst] = self.fx.loc;
        }
        r
    }

    /// The location of the start of `span`, as instructions carry it.
    pub(crate) fn src_loc(&self, span: Span) -> kauai_ir::SrcLoc {
        match self.sources.get(span.file) {
            Some(f) => {
                let (line, col) = f.line_col(span.start as usize);
                kauai_ir::SrcLoc::new(span.file.0, line as u32, col as u32)
            }
            None => kauai_ir::SrcLoc::default(),
        }
    }

    /// Make `span` the location of the instructions made until [`Self::restore_loc`]
    /// puts back the one this returns.
    pub(crate) fn enter_loc(&mut self, span: Span) -> kauai_ir::SrcLoc {
        let loc = self.src_loc(span);
        std::mem::replace(&mut self.fx.loc, loc)
    }

    pub(crate) fn restore_loc(&mut self, saved: kauai_ir::SrcLoc) {
        self.fx.loc = saved;
    }

    pub(crate) fn ins(&mut self, kind: InstKind, ty: Type) -> Value {
        let b = self.blk();
        self.append(b, kind, ty)
            .unwrap_or_else(|| Value::from_u32(u32::MAX - 1))
    }

    /// An IR conversion instruction, without saturation.
    pub(crate) fn ins_conv(
        &mut self,
        op: kauai_ir::ConvOp,
        arg: Value,
        rounding: kauai_ir::Rounding,
        ty: Type,
    ) -> Value {
        self.ins(
            InstKind::Convert {
                op,
                arg,
                rounding,
                saturate: false,
            },
            ty,
        )
    }

    pub(crate) fn ins_void(&mut self, kind: InstKind) {
        let b = self.blk();
        self.append(b, kind, Type::Void);
    }

    /// Emit a terminator; what follows is unreachable until a block is started.
    pub(crate) fn terminate(&mut self, kind: InstKind) {
        let b = self.blk();
        self.append(b, kind, Type::Void);
        self.fx.cur = None;
    }

    pub(crate) fn jump(&mut self, to: Block, args: Vec<Value>) {
        self.terminate(InstKind::Jump(kauai_ir::BlockCall::new(to, args)));
    }

    pub(crate) fn brif(&mut self, c: Value, t: Block, e: Block) {
        self.terminate(InstKind::Brif(
            c,
            kauai_ir::BlockCall::new(t, vec![]),
            kauai_ir::BlockCall::new(e, vec![]),
        ));
    }

    /// An `alloca` in the entry block, after the ones made before it.
    pub(crate) fn alloca(&mut self, ty: Type, align: u64) -> Value {
        let align = (align.max(1) as u32).next_power_of_two();
        let inst = self.fx.body.make_inst(
            InstKind::Alloca { ty, align },
            Type::Ptr(AddrSpace::Private),
        );
        self.fx.body.locs[inst] = self.fx.loc;
        let Some(entry) = self.fx.entry else {
            return Value::from_u32(u32::MAX - 1);
        };
        let at = self
            .fx
            .n_allocas
            .min(self.fx.body.blocks[entry].insts.len());
        self.fx.body.blocks[entry].insts.insert(at, inst);
        self.fx.n_allocas += 1;
        self.fx
            .body
            .inst_result(inst)
            .unwrap_or_else(|| Value::from_u32(u32::MAX - 1))
    }

    /// An alloca for an object of C type `t`.
    pub(crate) fn alloca_ty(&mut self, t: Ty) -> Value {
        let mt = self.t.mem_type(&mut self.m.types, t);
        let align = self.t.align_of(t);
        self.alloca(mt, align)
    }

    pub(crate) fn vty(&self, t: Ty) -> Type {
        self.t.value_type(t).unwrap_or(Type::I32)
    }

    /// An integer constant of C type `t` (scalar or vector: splatted).
    pub(crate) fn iconst(&mut self, t: Ty, v: i128) -> Value {
        let vt = self.vty(t);
        let c = if vt.is_vector() {
            Const::Vector(vec![ConstScalar::Int(v as u64); vt.lanes() as usize])
        } else {
            Const::Scalar(ConstScalar::Int(v as u64))
        };
        self.ins(InstKind::Const(c), vt)
    }

    pub(crate) fn fconst(&mut self, t: Ty, v: f64) -> Value {
        let vt = self.vty(t);
        let c = if vt.is_vector() {
            Const::Vector(vec![ConstScalar::Float(v); vt.lanes() as usize])
        } else {
            Const::Scalar(ConstScalar::Float(v))
        };
        self.ins(InstKind::Const(c), vt)
    }

    /// Zero of any arithmetic or pointer type.
    pub(crate) fn zero(&mut self, t: Ty) -> Value {
        let vt = self.vty(t);
        self.ins(InstKind::Const(Const::Zero), vt)
    }

    pub(crate) fn size_const(&mut self, v: u64) -> Value {
        let st = self.m.data_layout.size_type();
        self.ins(InstKind::Const(Const::Scalar(ConstScalar::Int(v))), st)
    }

    pub(crate) fn size_prim(&self) -> Prim {
        if self.m.data_layout.pointer_bytes == 8 {
            Prim::ULong
        } else {
            Prim::UInt
        }
    }

    pub(crate) fn ptrdiff_prim(&self) -> Prim {
        self.size_prim().to_signed()
    }

    /// The declared builtin function `name` (created on first use).
    pub(crate) fn declare_fn(&mut self, name: &str, params: &[Type], ret: Type) -> FuncId {
        if let Some(&f) = self.decls.get(name) {
            return f;
        }
        let f = self.m.declare(name, params, ret);
        self.decls.insert(name.to_string(), f);
        f
    }
}

/// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
fn edit_distance(a: &str, b: &str, limit: usize) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len().abs_diff(b.len()) > limit {
        return limit + 1;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        let mut row_min = cur[0];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            row_min = row_min.min(cur[j]);
        }
        if row_min > limit {
            return limit + 1;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    #[test]
    fn edit_distance_with_cutoff() {
        assert_eq!(super::edit_distance("get_global_id", "get_globl_id", 3), 1);
        assert_eq!(super::edit_distance("abc", "abc", 1), 0);
        assert_eq!(super::edit_distance("kitten", "sitting", 3), 3);
        assert_eq!(super::edit_distance("a", "abcdef", 2), 3);
    }
}
