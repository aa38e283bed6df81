//! Functions: signature, attributes, metadata and (for definitions) a body of blocks.

use std::collections::BTreeMap;

use cranelift_entity::{PrimaryMap, SecondaryMap};

use crate::entities::{Block, Inst, Value};
use crate::inst::{BlockCall, InstKind};
use crate::srcloc::SrcLoc;
use crate::types::Type;

/// A function parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub ty: Type,
    /// The source name, kept for diagnostics and for binding kernel arguments by name.
    pub name: String,
    /// The pointer does not alias any other pointer parameter (`restrict`).
    pub noalias: bool,
    /// The pointer points to a private copy of an aggregate passed by value.
    pub byval: Option<Type>,
}

impl Param {
    pub fn new(ty: Type, name: impl Into<String>) -> Param {
        Param {
            ty,
            name: name.into(),
            noalias: false,
            byval: None,
        }
    }
}

/// A metadata operand.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MetaValue {
    Int(i64),
    Str(String),
}

/// Attribute names of ComputeMux (docs/spec/computemux.md#metadata-and-attributes), as constants so nobody misspells them.
pub mod attr {
    pub const MUX_KERNEL: &str = "mux-kernel";
    pub const ENTRY_POINT: &str = "entry-point";
    pub const MUX_ORIG_FN: &str = "mux-orig-fn";
    pub const MUX_BASE_FN_NAME: &str = "mux-base-fn-name";
    pub const MUX_LOCAL_MEM_USAGE: &str = "mux-local-mem-usage";
    pub const MUX_WORK_ITEM_ORDER: &str = "mux-work-item-order";
    pub const MUX_BARRIER_SCHEDULE: &str = "mux-barrier-schedule";
    pub const MUX_NO_SUBGROUPS: &str = "mux-no-subgroups";
    /// Not a mux attribute: marks functions that must be inlined before barriers are
    /// scheduled (set by barrier preparation) and functions the source marked `inline`.
    pub const ALWAYS_INLINE: &str = "alwaysinline";
}

/// Function metadata names of ComputeMux (docs/spec/computemux.md#metadata-and-attributes), plus the OpenCL kernel-argument records.
pub mod meta {
    pub const REQD_WORK_GROUP_SIZE: &str = "reqd_work_group_size";
    pub const WORK_GROUP_SIZE_HINT: &str = "work_group_size_hint";
    pub const VEC_TYPE_HINT: &str = "vec_type_hint";
    pub const MAX_WORK_DIM: &str = "max_work_dim";
    pub const INTEL_REQD_SUB_GROUP_SIZE: &str = "intel_reqd_sub_group_size";
    pub const MUX_SCHEDULED_FN: &str = "mux_scheduled_fn";
    /// One string per argument: the OpenCL type name (`float*`, `int4`, `struct S`).
    pub const KERNEL_ARG_TYPE: &str = "kernel_arg_type";
    /// One string per argument: `global`, `local`, `constant`, `private`.
    pub const KERNEL_ARG_ADDR_SPACE: &str = "kernel_arg_addr_space";
    /// One string per argument: `read_only`, `write_only`, `read_write`, `none`.
    pub const KERNEL_ARG_ACCESS: &str = "kernel_arg_access_qual";
    /// One string per argument: space-separated `const`, `restrict`, `volatile`.
    pub const KERNEL_ARG_TYPE_QUAL: &str = "kernel_arg_type_qual";
    /// The [`KERNEL_ARG_TYPE`] of an atomic counter (`cl_ext_atomic_counters_32`): a
    /// `ptr1` to the counter's 32-bit value, whose only uses are `atomicrmw add`/`sub`
    /// of 1 (`atomic_inc`/`atomic_dec`).
    pub const COUNTER32_TYPE: &str = "counter32_t";
}

/// A function: a declaration if `body` is `None`.
#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub params: Vec<Param>,
    pub ret: Type,
    /// String attributes; a valueless attribute maps to `""`.
    pub attrs: BTreeMap<String, String>,
    pub metadata: BTreeMap<String, Vec<MetaValue>>,
    pub body: Option<Body>,
}

impl Function {
    pub fn new(name: impl Into<String>, params: Vec<Param>, ret: Type) -> Function {
        Function {
            name: name.into(),
            params,
            ret,
            attrs: BTreeMap::new(),
            metadata: BTreeMap::new(),
            body: None,
        }
    }

    /// A definition with an entry block whose parameters are the function's.
    pub fn new_defined(name: impl Into<String>, params: Vec<Param>, ret: Type) -> Function {
        let mut f = Function::new(name, params, ret);
        let mut body = Body::default();
        let entry = body.create_block();
        for p in &f.params {
            body.append_block_param(entry, p.ty);
        }
        f.body = Some(body);
        f
    }

    pub fn is_declaration(&self) -> bool {
        self.body.is_none()
    }

    pub fn is_kernel(&self) -> bool {
        self.attrs.contains_key(attr::MUX_KERNEL)
    }

    pub fn is_entry_point(&self) -> bool {
        self.attrs.get(attr::MUX_KERNEL).map(String::as_str) == Some(attr::ENTRY_POINT)
    }

    pub fn set_attr(&mut self, name: &str, value: impl Into<String>) {
        self.attrs.insert(name.to_string(), value.into());
    }

    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.get(name).map(String::as_str)
    }

    /// Integer metadata of exactly `N` operands, such as `reqd_work_group_size`.
    pub fn meta_ints<const N: usize>(&self, name: &str) -> Option<[i64; N]> {
        let v = self.metadata.get(name)?;
        let mut out = [0; N];
        if v.len() != N {
            return None;
        }
        for (o, m) in out.iter_mut().zip(v) {
            match m {
                MetaValue::Int(i) => *o = *i,
                MetaValue::Str(_) => return None,
            }
        }
        Some(out)
    }

    pub fn meta_strs(&self, name: &str) -> Vec<String> {
        self.metadata
            .get(name)
            .map(|v| {
                v.iter()
                    .map(|m| match m {
                        MetaValue::Str(s) => s.clone(),
                        MetaValue::Int(i) => i.to_string(),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The `reqd_work_group_size` metadata; `None` when absent or not three values in
    /// `1..=u32::MAX` (which the verifier refuses).
    pub fn reqd_work_group_size(&self) -> Option<[u32; 3]> {
        self.work_group_sizes(meta::REQD_WORK_GROUP_SIZE)
    }

    /// Three work-group sizes in `1..=u32::MAX` under metadata `key`, never truncated.
    pub fn work_group_sizes(&self, key: &str) -> Option<[u32; 3]> {
        let v = self.meta_ints::<3>(key)?;
        let mut out = [0u32; 3];
        for (o, x) in out.iter_mut().zip(v) {
            *o = u32::try_from(x).ok().filter(|&x| x > 0)?;
        }
        Some(out)
    }

    pub fn body(&self) -> Option<&Body> {
        self.body.as_ref()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ValueDef {
    /// A placeholder number kept so that parsed text keeps its numbering.
    None,
    Inst(Inst),
    Param(Block, u32),
}

#[derive(Clone, Debug, PartialEq)]
pub struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InstData {
    pub kind: InstKind,
    pub result: Option<Value>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct BlockData {
    pub params: Vec<Value>,
    pub insts: Vec<Inst>,
}

/// The body of a defined function. Blocks are laid out in `order`; the first is the
/// entry, whose parameters are the function's parameters.
#[derive(Clone, Debug, Default)]
pub struct Body {
    pub values: PrimaryMap<Value, ValueData>,
    pub insts: PrimaryMap<Inst, InstData>,
    pub blocks: PrimaryMap<Block, BlockData>,
    pub order: Vec<Block>,
    /// Where each instruction came from in the source (unknown by default).
    pub locs: SecondaryMap<Inst, SrcLoc>,
}

impl Body {
    pub fn entry(&self) -> Option<Block> {
        self.order.first().copied()
    }

    /// A new empty block placed at the end of the layout.
    pub fn create_block(&mut self) -> Block {
        let b = self.blocks.push(BlockData::default());
        self.order.push(b);
        b
    }

    pub fn append_block_param(&mut self, block: Block, ty: Type) -> Value {
        let index = self.blocks[block].params.len() as u32;
        let v = self.values.push(ValueData {
            ty,
            def: ValueDef::Param(block, index),
        });
        self.blocks[block].params.push(v);
        v
    }

    /// Make an instruction (not yet placed in a block) with a result of type `ty`
    /// unless `ty` is `Void`.
    pub fn make_inst(&mut self, kind: InstKind, ty: Type) -> Inst {
        let inst = self.insts.push(InstData { kind, result: None });
        if ty != Type::Void {
            let v = self.values.push(ValueData {
                ty,
                def: ValueDef::Inst(inst),
            });
            self.insts[inst].result = Some(v);
        }
        inst
    }

    /// Append an instruction to `block`; returns its result (if any).
    pub fn append(&mut self, block: Block, kind: InstKind, ty: Type) -> Option<Value> {
        let inst = self.make_inst(kind, ty);
        self.blocks[block].insts.push(inst);
        self.insts[inst].result
    }

    pub fn value_type(&self, v: Value) -> Type {
        self.values.get(v).map(|d| d.ty).unwrap_or(Type::Void)
    }

    pub fn inst_result(&self, inst: Inst) -> Option<Value> {
        self.insts[inst].result
    }

    /// The instruction that defines `v`, if it is an instruction result.
    pub fn value_inst(&self, v: Value) -> Option<Inst> {
        match self.values.get(v)?.def {
            ValueDef::Inst(i) => Some(i),
            _ => None,
        }
    }

    pub fn terminator(&self, block: Block) -> Option<Inst> {
        let last = *self.blocks[block].insts.last()?;
        self.insts[last].kind.is_terminator().then_some(last)
    }

    /// Successor blocks of `block`, in terminator order (may repeat); see [`crate::cfg`].
    pub fn successors(&self, block: Block) -> Vec<Block> {
        crate::cfg::successors(self, block)
    }

    /// Predecessors of every block (each listed once per edge); see [`crate::cfg`].
    pub fn predecessors(&self) -> SecondaryMap<Block, Vec<Block>> {
        crate::cfg::predecessors(self)
    }

    /// Blocks reachable from the entry, in reverse post-order; see [`crate::cfg`].
    pub fn reverse_post_order(&self) -> Vec<Block> {
        crate::cfg::reverse_post_order(self)
    }

    /// Replace every use of `from` by `to` in all instructions.
    pub fn replace_uses(&mut self, from: Value, to: Value) {
        for (_, data) in self.insts.iter_mut() {
            data.kind.map_operands(|v| if v == from { to } else { v });
        }
    }

    /// Number of uses of each value by placed instructions.
    pub fn use_counts(&self) -> SecondaryMap<Value, u32> {
        let mut counts: SecondaryMap<Value, u32> = SecondaryMap::new();
        for &b in &self.order {
            for &i in &self.blocks[b].insts {
                self.insts[i].kind.for_each_operand(|v| counts[v] += 1);
            }
        }
        counts
    }

    /// Remove the block from the layout (its instructions stay in the arena, unplaced).
    pub fn remove_block(&mut self, block: Block) {
        self.order.retain(|b| *b != block);
    }

    /// Number of placed instructions.
    pub fn inst_count(&self) -> usize {
        self.order.iter().map(|b| self.blocks[*b].insts.len()).sum()
    }
}

/// Inserts instructions at the end of a current block; the front end and passes use it.
pub struct Cursor<'a> {
    pub body: &'a mut Body,
    pub block: Block,
}

impl<'a> Cursor<'a> {
    pub fn new(body: &'a mut Body, block: Block) -> Cursor<'a> {
        Cursor { body, block }
    }

    pub fn ins(&mut self, kind: InstKind, ty: Type) -> Value {
        self.body
            .append(self.block, kind, ty)
            .unwrap_or_else(|| Value::from_u32(u32::MAX))
    }

    pub fn ins_void(&mut self, kind: InstKind) {
        self.body.append(self.block, kind, Type::Void);
    }

    pub fn jump(&mut self, to: Block, args: Vec<Value>) {
        self.ins_void(InstKind::Jump(BlockCall::new(to, args)));
    }
}
