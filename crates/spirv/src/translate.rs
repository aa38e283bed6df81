//! SPIR-V (Kernel execution model) to Kauai IR, in the form the OpenCL C front end
//! produces: kernels marked `mux-kernel`, their argument metadata, work-item functions
//! and barriers as calls to their SPIR-mangled names (`_Z13get_global_idj`), which
//! `lower-to-mux` turns into `__mux_*` builtins. OpenCL.std instructions become calls to
//! helpers written in OpenCL C (see [`crate::helpers`]), so they compute exactly what
//! the C front end's builtins compute.
//!
//! SPIR-V's phis become block parameters; blocks keep their order (SPIR-V puts a block
//! after its dominators, so every value but a phi operand is defined before it is used).

use std::collections::{BTreeMap, HashMap, HashSet};

use kauai_ir::builtins::CheckBuiltin;
use kauai_ir::{
    attr, meta, AddrSpace, BinaryOp, Block, BlockCall, Const, ConstScalar, ConvOp, DataLayout,
    FloatCC, FuncId, Function, Global, GlobalId, Init, InstKind, IntCC, MetaValue, Module,
    Ordering, Param, Rounding, Scalar, StructType, Type, UnaryOp, Value,
};
use spirv::{BuiltIn, Decoration, FPRoundingMode, FunctionParameterAttribute, Op, StorageClass};

use crate::error::{Error, Result};
use crate::helpers::{CType, Helpers};
use crate::limits::{MAX_COPY_BYTES, MAX_MEMBERS, MAX_TYPE_BYTES, MAX_TYPE_DEPTH};
use crate::reader::Instruction;
use crate::validate::validate;

/// Values for `SpecId` specialization constants (`SpecializationInfo`): the id, and
/// the constant's bytes (little-endian, exactly its size).
pub type SpecializationInfo = BTreeMap<u32, Vec<u8>>;

/// A translated module and the OpenCL C source of the OpenCL.std helpers it calls
/// (empty when it calls none): the caller compiles that with the C front end and links
/// it in.
#[derive(Clone, Debug)]
pub struct Translated {
    pub module: Module,
    pub helper_source: String,
}

#[derive(Clone, Debug, PartialEq)]
enum SpvType {
    Void,
    Bool,
    Int(u32),
    Float(u32),
    Vector(u32, u32),
    Array(u32, u64),
    Struct(Vec<u32>, bool),
    Pointer(StorageClass, u32),
    Function(u32, Vec<u32>),
    /// OpTypeEvent: `event_t` (pointer-sized in memory, as LLVM makes it).
    Event,
    /// Other opaque types: values only passed around.
    Opaque,
}

#[derive(Clone, Debug)]
struct Constant {
    ty: u32,
    kind: ConstKind,
}

#[derive(Clone, Debug)]
enum ConstKind {
    /// Raw bits (integers, floats, booleans as 0/1).
    Bits(u64),
    Null,
    Undef,
    Composite(Vec<u32>),
    /// OpSpecConstantOp of an access chain into a module-scope variable (a pointer in a
    /// `__constant` initializer): the variable, whether an element index comes first,
    /// and the index ids.
    Address(u32, bool, Vec<u32>),
}

#[derive(Default)]
struct Decorations {
    builtin: Option<BuiltIn>,
    alignment: Option<u32>,
    spec_id: Option<u32>,
    rounding: Option<FPRoundingMode>,
    saturated: bool,
    param_attrs: Vec<FunctionParameterAttribute>,
    linkage_name: Option<String>,
    packed: bool,
}

/// A module-scope name an id stands for.
#[derive(Copy, Clone)]
enum Global_ {
    Var(GlobalId),
    Builtin(BuiltIn),
}

struct Translator<'a> {
    insts: &'a [Instruction<'a>],
    types: HashMap<u32, SpvType>,
    consts: HashMap<u32, Constant>,
    names: HashMap<u32, String>,
    decos: HashMap<u32, Decorations>,
    globals: HashMap<u32, Global_>,
    funcs: HashMap<u32, FuncId>,
    /// Physical64 addressing: LLVM's events (pointers) take 8 bytes.
    ptr64: bool,
    /// Functions declared or defined, by name (the module's own lookup is a scan).
    declared: HashMap<String, FuncId>,
    global_names: HashSet<String>,
    /// The pointer type of each module-scope variable.
    var_types: HashMap<u32, u32>,
    /// OpExecutionMode instructions by entry point.
    exec_modes: HashMap<u32, Vec<Instruction<'a>>>,
    ext_opencl: HashSet<u32>,
    /// `kernel_arg_type.<kernel>.<t>,<t>,` strings, by kernel name.
    arg_types: HashMap<String, Vec<String>>,
    arg_quals: HashMap<String, Vec<String>>,
    /// Structs whose last member is LLVM's explicit tail padding, left out of the IR
    /// struct: that member's index and byte offset.
    tail_pad: HashMap<u32, (usize, u64)>,
    m: Module,
    helpers: Helpers,
    spec: &'a SpecializationInfo,
}

/// The words of a module (validated here) to IR for a device with data layout `dl`.
pub fn translate(words: &[u32], dl: DataLayout, spec: &SpecializationInfo) -> Result<Translated> {
    let b = validate(words)?;
    let mut t = Translator {
        insts: &b.insts,
        types: HashMap::new(),
        consts: HashMap::new(),
        names: HashMap::new(),
        decos: HashMap::new(),
        globals: HashMap::new(),
        funcs: HashMap::new(),
        ptr64: true,
        var_types: HashMap::new(),
        declared: HashMap::new(),
        global_names: HashSet::new(),
        exec_modes: HashMap::new(),
        ext_opencl: HashSet::new(),
        arg_types: HashMap::new(),
        arg_quals: HashMap::new(),
        tail_pad: HashMap::new(),
        m: Module::new(dl),
        helpers: Helpers::default(),
        spec,
    };
    t.m.metadata.insert(
        kauai_ir::module::OPENCL_VERSION.to_string(),
        vec![MetaValue::Int(1), MetaValue::Int(2)],
    );
    t.run()?;
    // What SPIR-V's own rules require and the translation does not check one by one
    // (a definition dominates its uses, operand types agree) the IR verifier does.
    if let Err(e) = kauai_ir::verify_module(&t.m) {
        let first = e.to_string();
        let first = first.lines().next().unwrap_or("");
        return Err(Error::module(format!(
            "the module breaks a rule of SPIR-V (its IR does not verify): {first}"
        )));
    }
    Ok(Translated {
        module: t.m,
        helper_source: t.helpers.source(),
    })
}

/// The specialization constants of a module (`getSpecializableConstants`): spec id to
/// size in bytes.
pub fn specializable_constants(words: &[u32]) -> Result<BTreeMap<u32, u32>> {
    let b = validate(words)?;
    let mut ids: HashMap<u32, u32> = HashMap::new();
    let mut types: HashMap<u32, u32> = HashMap::new();
    let mut out = BTreeMap::new();
    for i in &b.insts {
        match i.op() {
            Some(Op::Decorate) if Decoration::from_u32(i.word(1)?) == Some(Decoration::SpecId) => {
                ids.insert(i.word(0)?, i.word(2)?);
            }
            Some(Op::TypeInt | Op::TypeFloat) => {
                types.insert(i.word(0)?, i.word(1)?.div_ceil(8));
            }
            Some(Op::TypeBool) => {
                types.insert(i.word(0)?, 1);
            }
            Some(Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse) => {
                if let Some(&sid) = ids.get(&i.word(1)?) {
                    let size = types.get(&i.word(0)?).copied().unwrap_or(0);
                    out.insert(sid, size);
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

fn scalar_of(t: Type) -> Option<Scalar> {
    t.elem()
}

impl<'a> Translator<'a> {
    fn run(&mut self) -> Result<()> {
        let insts = self.insts;
        let mut first_fn = insts.len();
        // Decorations by decoration group (OpDecorationGroup's target), for
        // OpGroupDecorate.
        let mut groups: HashMap<u32, Vec<Instruction>> = HashMap::new();
        let group_ids: HashSet<u32> = insts
            .iter()
            .filter(|i| i.op() == Some(Op::DecorationGroup))
            .filter_map(|i| i.operands.first().copied())
            .collect();
        for i in insts.iter().take_while(|i| i.op() != Some(Op::Function)) {
            if i.op() == Some(Op::Decorate) && group_ids.contains(&i.word(0)?) {
                groups.entry(i.word(0)?).or_default().push(*i);
            }
        }
        // Debug names and decorations first: types and globals need them.
        for (n, i) in insts.iter().enumerate() {
            match i.op() {
                Some(Op::Name) => {
                    let (s, _) = i.string(1)?;
                    self.names.insert(i.word(0)?, s);
                }
                Some(Op::String) => {
                    let (s, _) = i.string(1)?;
                    self.kernel_arg_string(&s);
                }
                Some(Op::Decorate) => self.decorate(i, i.word(0)?, 1)?,
                Some(Op::MemberDecorate)
                    if Decoration::from_u32(i.word(2)?) == Some(Decoration::Offset) =>
                {
                    return Err(Error::unsupported(
                        i.offset,
                        "explicit struct member offsets",
                    ));
                }
                Some(Op::GroupDecorate) => {
                    // Copy the group's decorations to each target.
                    let from = groups.get(&i.word(0)?).cloned().unwrap_or_default();
                    for k in 1..i.operands.len() {
                        for j in &from {
                            self.decorate(j, i.word(k)?, 1)?;
                        }
                    }
                }
                Some(Op::ExecutionMode) => {
                    self.exec_modes.entry(i.word(0)?).or_default().push(*i);
                }
                Some(Op::Function) => {
                    first_fn = n;
                    break;
                }
                _ => {}
            }
        }
        for i in &insts[..first_fn] {
            self.global_inst(i)?;
        }
        // Every struct type, used by value or not: oclc lays out buffers of structs
        // by the name a kernel argument's type gives.
        let structs: Vec<(u32, usize)> = insts[..first_fn]
            .iter()
            .filter(|i| i.op() == Some(Op::TypeStruct))
            .filter_map(|i| Some((*i.operands.first()?, i.offset)))
            .collect();
        for (id, o) in structs {
            self.ir_type(id, o)?;
        }
        // Declare every function before any body: calls may go forward.
        let mut bodies = Vec::new();
        let mut n = first_fn;
        let entry_names = self.entry_points()?;
        let mut used_names: HashSet<String> = entry_names.values().cloned().collect();
        while n < insts.len() {
            let i = &insts[n];
            if i.op() != Some(Op::Function) {
                return Err(Error::at(
                    i.offset,
                    format!("{} outside a function", i.name()),
                ));
            }
            let start = n;
            while n < insts.len() && insts[n].op() != Some(Op::FunctionEnd) {
                n += 1;
            }
            if n == insts.len() {
                return Err(Error::at(i.offset, "OpFunction without OpFunctionEnd"));
            }
            n += 1;
            let id = i.word(1)?;
            let fid = self.declare_function(&insts[start..n], &entry_names, &mut used_names)?;
            self.funcs.insert(id, fid);
            bodies.push((start, n));
        }
        for (start, end) in bodies {
            let fid = self.funcs[&insts[start].word(1)?];
            self.function_body(&insts[start..end], fid)?;
        }
        Ok(())
    }

    fn kernel_arg_string(&mut self, s: &str) {
        for (prefix, map) in [
            ("kernel_arg_type.", &mut self.arg_types),
            ("kernel_arg_type_qual.", &mut self.arg_quals),
        ] {
            if let Some(rest) = s.strip_prefix(prefix) {
                if let Some((k, list)) = rest.split_once('.') {
                    let mut v: Vec<String> = list.split(',').map(str::to_string).collect();
                    v.pop(); // the list ends with `,`
                    map.insert(k.to_string(), v);
                }
            }
        }
    }

    fn decorate(&mut self, i: &Instruction, target: u32, at: usize) -> Result<()> {
        let d = self.decos.entry(target).or_default();
        let Some(deco) = Decoration::from_u32(i.word(at)?) else {
            return Err(Error::at(
                i.offset,
                format!("unknown decoration {}", i.word(at)?),
            ));
        };
        match deco {
            Decoration::BuiltIn => {
                d.builtin = Some(
                    BuiltIn::from_u32(i.word(at + 1)?)
                        .ok_or_else(|| Error::at(i.offset, "unknown built-in"))?,
                )
            }
            Decoration::Alignment => d.alignment = Some(i.word(at + 1)?),
            Decoration::SpecId => d.spec_id = Some(i.word(at + 1)?),
            Decoration::FPRoundingMode => d.rounding = FPRoundingMode::from_u32(i.word(at + 1)?),
            Decoration::SaturatedConversion => d.saturated = true,
            Decoration::FuncParamAttr => {
                if let Some(a) = FunctionParameterAttribute::from_u32(i.word(at + 1)?) {
                    d.param_attrs.push(a)
                }
            }
            Decoration::LinkageAttributes => d.linkage_name = Some(i.string(at + 1)?.0),
            Decoration::CPacked => d.packed = true,
            _ => {}
        }
        Ok(())
    }

    fn entry_points(&self) -> Result<HashMap<u32, String>> {
        let mut out = HashMap::new();
        for i in self.insts {
            if i.op() == Some(Op::EntryPoint) {
                let (name, _) = i.string(2)?;
                if out.values().any(|n| *n == name) {
                    return Err(Error::at(
                        i.offset,
                        format!("a second entry point named `{name}`"),
                    ));
                }
                out.insert(i.word(1)?, name);
            }
        }
        Ok(out)
    }

    fn ty(&self, id: u32, offset: usize) -> Result<&SpvType> {
        self.types
            .get(&id)
            .ok_or_else(|| Error::at(offset, format!("%{id} is not a type")))
    }

    /// The IR type of a SPIR-V type (aggregates interned).
    fn ir_type(&mut self, id: u32, offset: usize) -> Result<Type> {
        self.ir_type_depth(id, offset, 0)
    }

    fn ir_type_depth(&mut self, id: u32, offset: usize, depth: usize) -> Result<Type> {
        if depth > MAX_TYPE_DEPTH {
            return Err(Error::at(
                offset,
                format!("types nest deeper than MAX_TYPE_DEPTH ({MAX_TYPE_DEPTH})"),
            ));
        }
        let t = self.ty(id, offset)?.clone();
        let ty = match t {
            SpvType::Void => Type::Void,
            SpvType::Bool => Type::I1,
            SpvType::Int(w) => Type::Scalar(
                Scalar::int_of_bits(w)
                    .filter(|_| w != 1)
                    .ok_or_else(|| Error::unsupported(offset, format!("{w}-bit integers")))?,
            ),
            SpvType::Float(16) => Type::F16,
            SpvType::Float(32) => Type::F32,
            SpvType::Float(64) => Type::F64,
            SpvType::Float(w) => return Err(Error::unsupported(offset, format!("{w}-bit floats"))),
            SpvType::Vector(e, n) => {
                let e = self.ir_type_depth(e, offset, depth + 1)?;
                match e {
                    Type::Scalar(s) if kauai_ir::types::VECTOR_LANES.contains(&n) => {
                        Type::vec(s, n)
                    }
                    _ => return Err(Error::unsupported(offset, format!("a vector of {n} lanes"))),
                }
            }
            SpvType::Pointer(sc, _) => Type::Ptr(space(sc, offset)?),
            SpvType::Array(e, n) => {
                let e = self.ir_type_depth(e, offset, depth + 1)?;
                let t = self.m.types.array(e, n);
                self.check_size(t, offset)?;
                t
            }
            SpvType::Struct(members, packed) => {
                let mut fields = Vec::new();
                for &m in &members {
                    fields.push(self.ir_type_depth(m, offset, depth + 1)?);
                }
                // A last member of bytes that lies in the tail padding C's layout gives
                // the others is the padding LLVM makes explicit (clang writes `float4
                // a; int b;` as `{ <4 x float>, i32, [12 x i8] }`): it is left out, so
                // the struct is the C one (oclc lists its fields as for the OpenCL C
                // source), and an access to it is the byte offset where it lies. (A
                // trailing `char` array of the source that fits in such padding is
                // indistinguishable from it and is left out too: only oclc's list of
                // values shows the difference.)
                let pad = match (packed, members.last().map(|&m| self.ty(m, offset))) {
                    (false, Some(Ok(SpvType::Array(e, len)))) if fields.len() >= 2 => {
                        let (e, len) = (*e, *len);
                        (self.ty(e, offset)? == &SpvType::Int(8)).then_some(len)
                    }
                    _ => None,
                };
                // LLVM names C's `struct S` `struct.S`; the IR (and oclc) use the tag.
                let name = self
                    .names
                    .get(&id)
                    .map(|n| {
                        n.strip_prefix("struct.")
                            .or_else(|| n.strip_prefix("union."))
                            .unwrap_or(n)
                            .to_string()
                    })
                    .unwrap_or_else(|| format!("spirv.{id}"))
                    .replace(
                        |c: char| !c.is_ascii_alphanumeric() && c != '_' && c != '.',
                        "_",
                    );
                if let Some(len) = pad {
                    let last = fields.pop();
                    let t = self.m.types.add_struct(StructType {
                        name: name.clone(),
                        fields: fields.clone(),
                        packed,
                        align: 0,
                    });
                    let k = fields.len() - 1;
                    let end = self
                        .m
                        .types
                        .field_offset(t, k, self.m.data_layout)
                        .map(|f| f + self.m.size_of(fields[k]));
                    match end {
                        Some(end) if end.saturating_add(len) <= self.m.size_of(t) => {
                            self.check_size(t, offset)?;
                            self.tail_pad.insert(id, (fields.len(), end));
                            return Ok(t);
                        }
                        _ => fields.extend(last),
                    }
                }
                let t = self.m.types.add_struct(StructType {
                    name,
                    fields,
                    packed,
                    align: 0,
                });
                self.check_size(t, offset)?;
                t
            }
            SpvType::Event => {
                if self.ptr64 {
                    Type::I64
                } else {
                    Type::I32
                }
            }
            SpvType::Opaque => Type::Ptr(AddrSpace::Private),
            SpvType::Function(..) => {
                return Err(Error::at(
                    offset,
                    format!("%{id} is a function type, not a value type"),
                ))
            }
        };
        Ok(ty)
    }

    /// The byte offset of member `n` of the SPIR-V struct `id` (IR type `st`).
    fn member_offset(&self, id: u32, st: Type, n: usize) -> Option<u64> {
        match self.tail_pad.get(&id) {
            Some(&(k, end)) if k == n => Some(end),
            _ => self.m.types.field_offset(st, n, self.m.data_layout),
        }
    }

    fn check_size(&self, t: Type, offset: usize) -> Result<()> {
        // Sizes are computed by the IR in u64; an array type's length is checked against
        // the limit before any product of lengths can grow large.
        if self.m.size_of(t) > MAX_TYPE_BYTES {
            return Err(Error::at(
                offset,
                format!("a type of more than MAX_TYPE_BYTES ({MAX_TYPE_BYTES}) bytes"),
            ));
        }
        Ok(())
    }

    fn global_inst(&mut self, i: &Instruction) -> Result<()> {
        let Some(op) = i.op() else { return Ok(()) };
        let o = i.offset;
        match op {
            Op::MemoryModel => {
                self.ptr64 = spirv::AddressingModel::from_u32(i.word(0)?)
                    == Some(spirv::AddressingModel::Physical64);
            }
            Op::ExtInstImport => {
                let (name, _) = i.string(1)?;
                if name == "OpenCL.std" {
                    self.ext_opencl.insert(i.word(0)?);
                }
            }
            Op::TypeVoid => self.def_type(i, SpvType::Void)?,
            Op::TypeBool => self.def_type(i, SpvType::Bool)?,
            Op::TypeInt => self.def_type(i, SpvType::Int(i.word(1)?))?,
            Op::TypeFloat => self.def_type(i, SpvType::Float(i.word(1)?))?,
            Op::TypeVector => self.def_type(i, SpvType::Vector(i.word(1)?, i.word(2)?))?,
            Op::TypeArray => {
                let len = self.const_int(i.word(2)?, o)?;
                if len > MAX_TYPE_BYTES {
                    return Err(Error::at(o, format!("an array of {len} elements is larger than MAX_TYPE_BYTES ({MAX_TYPE_BYTES})")));
                }
                self.def_type(i, SpvType::Array(i.word(1)?, len))?
            }
            Op::TypeStruct => {
                if i.operands.len() > MAX_MEMBERS + 1 {
                    return Err(Error::at(
                        o,
                        format!("a struct of more than MAX_MEMBERS ({MAX_MEMBERS}) members"),
                    ));
                }
                let packed = self.decos.get(&i.word(0)?).is_some_and(|d| d.packed);
                self.def_type(i, SpvType::Struct(i.operands[1..].to_vec(), packed))?
            }
            Op::TypePointer => {
                let sc = StorageClass::from_u32(i.word(1)?)
                    .ok_or_else(|| Error::at(o, "unknown storage class"))?;
                self.def_type(i, SpvType::Pointer(sc, i.word(2)?))?
            }
            Op::TypeFunction => {
                if i.operands.len() > MAX_MEMBERS + 2 {
                    return Err(Error::at(
                        o,
                        format!("a function of more than MAX_MEMBERS ({MAX_MEMBERS}) parameters"),
                    ));
                }
                self.def_type(i, SpvType::Function(i.word(1)?, i.operands[2..].to_vec()))?
            }
            Op::TypeEvent => self.def_type(i, SpvType::Event)?,
            Op::TypeOpaque | Op::TypeDeviceEvent | Op::TypeReserveId | Op::TypeQueue => {
                self.def_type(i, SpvType::Opaque)?
            }
            Op::Constant | Op::SpecConstant => {
                let (ty, id) = (i.word(0)?, i.word(1)?);
                let lo = u64::from(i.word(2)?);
                let hi = u64::from(i.operands.get(3).copied().unwrap_or(0));
                let mut bits = lo | hi << 32;
                if op == Op::SpecConstant {
                    if let Some(v) = self.spec_value(id, ty, o)? {
                        bits = v;
                    }
                }
                self.def_const(i, ty, ConstKind::Bits(bits))?
            }
            Op::ConstantTrue | Op::ConstantFalse | Op::SpecConstantTrue | Op::SpecConstantFalse => {
                let (ty, id) = (i.word(0)?, i.word(1)?);
                let mut v = matches!(op, Op::ConstantTrue | Op::SpecConstantTrue) as u64;
                if matches!(op, Op::SpecConstantTrue | Op::SpecConstantFalse) {
                    if let Some(x) = self.spec_value(id, ty, o)? {
                        v = (x != 0) as u64;
                    }
                }
                self.def_const(i, ty, ConstKind::Bits(v))?
            }
            Op::ConstantNull => self.def_const(i, i.word(0)?, ConstKind::Null)?,
            Op::Undef => self.def_const(i, i.word(0)?, ConstKind::Undef)?,
            Op::ConstantComposite | Op::SpecConstantComposite => self.def_const(
                i,
                i.word(0)?,
                ConstKind::Composite(i.operands[2.min(i.operands.len())..].to_vec()),
            )?,
            Op::SpecConstantOp => {
                let op = Op::from_u32(i.word(2)?);
                if op == Some(Op::Bitcast) {
                    // Pointers are opaque in the IR: a cast address is the address.
                    let x = i.word(3)?;
                    let kind = match (self.globals.get(&x), self.consts.get(&x)) {
                        (Some(Global_::Var(_)), _) => ConstKind::Address(x, false, Vec::new()),
                        (_, Some(c)) if matches!(c.kind, ConstKind::Address(..)) => c.kind.clone(),
                        _ => {
                            return Err(Error::unsupported(
                                o,
                                "an OpSpecConstantOp bitcast of something other than an address",
                            ))
                        }
                    };
                    return self.def_const(i, i.word(0)?, kind);
                }
                let chain = match op {
                    Some(Op::PtrAccessChain | Op::InBoundsPtrAccessChain) => true,
                    Some(Op::AccessChain | Op::InBoundsAccessChain) => false,
                    other => {
                        return Err(Error::unsupported(
                            o,
                            format!(
                                "OpSpecConstantOp of {}",
                                other.map_or("an unknown opcode".into(), |x| format!("Op{x:?}"))
                            ),
                        ))
                    }
                };
                let base = i.word(3)?;
                if !matches!(self.globals.get(&base), Some(Global_::Var(_))) {
                    return Err(Error::unsupported(o, "an OpSpecConstantOp address of something other than a module-scope variable"));
                }
                let idx = i.operands.get(4..).unwrap_or(&[]).to_vec();
                self.def_const(i, i.word(0)?, ConstKind::Address(base, chain, idx))?
            }
            Op::Variable => self.global_variable(i)?,
            Op::Capability
            | Op::Extension
            | Op::EntryPoint
            | Op::ExecutionMode
            | Op::String
            | Op::SourceExtension
            | Op::Source
            | Op::SourceContinued
            | Op::Name
            | Op::MemberName
            | Op::ModuleProcessed
            | Op::Decorate
            | Op::MemberDecorate
            | Op::DecorationGroup
            | Op::GroupDecorate
            | Op::GroupMemberDecorate
            | Op::Line
            | Op::NoLine
            | Op::Nop => {}
            _ => return Err(Error::unsupported(o, i.name())),
        }
        Ok(())
    }

    fn spec_value(&self, id: u32, ty: u32, o: usize) -> Result<Option<u64>> {
        let Some(sid) = self.decos.get(&id).and_then(|d| d.spec_id) else {
            return Ok(None);
        };
        let Some(bytes) = self.spec.get(&sid) else {
            return Ok(None);
        };
        let size = match self.ty(ty, o)? {
            SpvType::Bool => 1,
            SpvType::Int(w) | SpvType::Float(w) => w.div_ceil(8) as usize,
            _ => {
                return Err(Error::at(
                    o,
                    "a specialization constant of a non-scalar type",
                ))
            }
        };
        if bytes.len() != size {
            return Err(Error::at(
                o,
                format!(
                    "specialization constant {sid} takes {size} bytes; {} were given",
                    bytes.len()
                ),
            ));
        }
        let mut b = [0u8; 8];
        b[..size].copy_from_slice(bytes);
        Ok(Some(u64::from_le_bytes(b)))
    }

    fn def_type(&mut self, i: &Instruction, t: SpvType) -> Result<()> {
        let id = i.word(0)?;
        if self.types.insert(id, t).is_some() {
            return Err(Error::at(i.offset, format!("%{id} is defined twice")));
        }
        Ok(())
    }

    fn def_const(&mut self, i: &Instruction, ty: u32, kind: ConstKind) -> Result<()> {
        let id = i.word(1)?;
        self.ty(ty, i.offset)?;
        if self.consts.insert(id, Constant { ty, kind }).is_some() {
            return Err(Error::at(i.offset, format!("%{id} is defined twice")));
        }
        Ok(())
    }

    fn const_int(&self, id: u32, o: usize) -> Result<u64> {
        match self.consts.get(&id) {
            Some(Constant {
                kind: ConstKind::Bits(b),
                ..
            }) => Ok(*b),
            Some(Constant {
                kind: ConstKind::Null,
                ..
            }) => Ok(0),
            _ => Err(Error::at(o, format!("%{id} is not an integer constant"))),
        }
    }

    fn global_variable(&mut self, i: &Instruction) -> Result<()> {
        let o = i.offset;
        let (ptr_ty, id) = (i.word(0)?, i.word(1)?);
        self.var_types.insert(id, ptr_ty);
        let sc = StorageClass::from_u32(i.word(2)?)
            .ok_or_else(|| Error::at(o, "unknown storage class"))?;
        let SpvType::Pointer(_, pointee) = self.ty(ptr_ty, o)?.clone() else {
            return Err(Error::at(o, "OpVariable's type is not a pointer"));
        };
        if sc == StorageClass::Input {
            let Some(b) = self.decos.get(&id).and_then(|d| d.builtin) else {
                return Err(Error::unsupported(
                    o,
                    "an Input variable that is not a built-in",
                ));
            };
            self.globals.insert(id, Global_::Builtin(b));
            return Ok(());
        }
        let space = match sc {
            StorageClass::UniformConstant => AddrSpace::Constant,
            StorageClass::Workgroup => AddrSpace::Local,
            StorageClass::CrossWorkgroup => AddrSpace::Global,
            _ => {
                return Err(Error::unsupported(
                    o,
                    format!("a module-scope variable in storage class {sc:?}"),
                ))
            }
        };
        let ty = self.ir_type(pointee, o)?;
        let init = match i.operands.get(3) {
            Some(&c) => {
                let size = self.m.size_of(ty);
                let mut bytes = vec![0u8; size as usize];
                let mut relocs = Vec::new();
                self.const_bytes(c, &mut bytes, &mut relocs, 0, o, 0)?;
                relocs.sort_by_key(|r: &kauai_ir::Reloc| r.offset);
                Some(Init { bytes, relocs })
            }
            None => None,
        };
        let align = self
            .decos
            .get(&id)
            .and_then(|d| d.alignment)
            .unwrap_or_else(|| self.m.align_of(ty) as u32);
        let base = self
            .names
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("spirv.global.{id}"));
        let mut name = base.clone();
        let mut n = 1;
        while self.global_names.contains(&name) {
            name = format!("{base}.{n}");
            n += 1;
        }
        self.global_names.insert(name.clone());
        let g = self.m.globals.push(Global {
            name,
            ty,
            space,
            align: align.max(1),
            init,
            constant: sc == StorageClass::UniformConstant,
        });
        self.globals.insert(id, Global_::Var(g));
        Ok(())
    }

    /// Write constant `id` into `out` at `at`.
    fn const_bytes(
        &mut self,
        id: u32,
        out: &mut [u8],
        relocs: &mut Vec<kauai_ir::Reloc>,
        at: u64,
        o: usize,
        depth: usize,
    ) -> Result<()> {
        if depth > MAX_TYPE_DEPTH {
            return Err(Error::at(
                o,
                format!("constants nest deeper than MAX_TYPE_DEPTH ({MAX_TYPE_DEPTH})"),
            ));
        }
        // A variable's address (`__constant char *__constant *p = &a;`).
        if let Some(Global_::Var(target)) = self.globals.get(&id).copied() {
            relocs.push(kauai_ir::Reloc {
                offset: at,
                target,
                addend: 0,
            });
            return Ok(());
        }
        let c = self
            .consts
            .get(&id)
            .cloned()
            .ok_or_else(|| Error::at(o, format!("%{id} is not a constant")))?;
        let ir = self.ir_type(c.ty, o)?;
        let size = self.m.size_of(ir);
        let end = at.checked_add(size).filter(|&e| e <= out.len() as u64);
        let Some(end) = end else {
            return Err(Error::at(o, "an initializer does not fit its variable"));
        };
        match c.kind {
            ConstKind::Null | ConstKind::Undef => {}
            ConstKind::Address(base, chain, idx) => {
                let (target, addend) = self.static_address(base, chain, &idx, o)?;
                relocs.push(kauai_ir::Reloc {
                    offset: at,
                    target,
                    addend,
                });
            }
            ConstKind::Bits(b) => {
                // A scalar's bytes; a malformed module may give a wider type, whose
                // other bytes stay zero.
                let n = ((end - at) as usize).min(8);
                let at = at as usize;
                out[at..at + n].copy_from_slice(&b.to_le_bytes()[..n]);
            }
            ConstKind::Composite(parts) => {
                let t = self.ty(c.ty, o)?.clone();
                for (k, p) in parts.iter().enumerate() {
                    let off = match (&t, ir) {
                        (SpvType::Vector(..), Type::Vector { elem, .. }) => {
                            u64::from(elem.bytes()) * k as u64
                        }
                        (SpvType::Array(e, _), _) => {
                            let e = self.ir_type(*e, o)?;
                            self.m.size_of(e) * k as u64
                        }
                        (SpvType::Struct(..), _) => self
                            .member_offset(c.ty, ir, k)
                            .ok_or_else(|| Error::at(o, "too many members in a constant struct"))?,
                        _ => return Err(Error::at(o, "a composite constant of a scalar type")),
                    };
                    self.const_bytes(*p, out, relocs, at + off, o, depth + 1)?;
                }
            }
        }
        Ok(())
    }

    fn declare_function(
        &mut self,
        insts: &[Instruction],
        entries: &HashMap<u32, String>,
        used: &mut HashSet<String>,
    ) -> Result<FuncId> {
        let f = &insts[0];
        let o = f.offset;
        let (ret_ty, id, fn_ty) = (f.word(0)?, f.word(1)?, f.word(3)?);
        let SpvType::Function(_, param_tys) = self.ty(fn_ty, o)?.clone() else {
            return Err(Error::at(o, "OpFunction's type is not a function type"));
        };
        let ret = self.ir_type(ret_ty, o)?;
        let mut params = Vec::new();
        let mut param_ids = Vec::new();
        for p in insts[1..]
            .iter()
            .take_while(|p| p.op() == Some(Op::FunctionParameter))
        {
            let (pty, pid) = (p.word(0)?, p.word(1)?);
            let t = self.ir_type(pty, p.offset)?;
            let mut param = Param::new(t, self.names.get(&pid).cloned().unwrap_or_default());
            if let Some(d) = self.decos.get(&pid) {
                param.noalias = d.param_attrs.contains(&FunctionParameterAttribute::NoAlias);
                if d.param_attrs.contains(&FunctionParameterAttribute::ByVal) {
                    let SpvType::Pointer(_, pointee) = self.ty(pty, p.offset)?.clone() else {
                        return Err(Error::at(p.offset, "a ByVal parameter is not a pointer"));
                    };
                    param.byval = Some(self.ir_type(pointee, p.offset)?);
                }
            }
            params.push(param);
            param_ids.push(pty);
        }
        if param_ids != param_tys {
            return Err(Error::at(
                o,
                "the function's parameters do not match its type",
            ));
        }
        let name = match entries.get(&id) {
            Some(n) => n.clone(),
            None => {
                let base = self
                    .decos
                    .get(&id)
                    .and_then(|d| d.linkage_name.clone())
                    .or_else(|| self.names.get(&id).cloned())
                    .unwrap_or_else(|| "spirv.fn".to_string());
                let mut name = base.clone();
                if used.contains(&name) {
                    name = format!("{base}.{id}");
                }
                name
            }
        };
        used.insert(name.clone());
        let mut func = Function::new(name.clone(), params, ret);
        if entries.contains_key(&id) {
            func.set_attr(attr::MUX_KERNEL, attr::ENTRY_POINT);
            self.kernel_metadata(&mut func, &name, id, &param_ids, o)?;
        }
        let fid = self.m.functions.push(func);
        self.declared.insert(name, fid);
        Ok(fid)
    }

    fn kernel_metadata(
        &mut self,
        f: &mut Function,
        name: &str,
        fn_id: u32,
        tys: &[u32],
        o: usize,
    ) -> Result<()> {
        let mut spaces = Vec::new();
        let mut types = Vec::new();
        for (k, &t) in tys.iter().enumerate() {
            let (space, cty) = match self.ty(t, o)?.clone() {
                SpvType::Pointer(sc, pointee) => {
                    let s = match sc {
                        StorageClass::CrossWorkgroup => "global",
                        StorageClass::Workgroup => "local",
                        StorageClass::UniformConstant => "constant",
                        _ => "private",
                    };
                    let byval = f.params.get(k).is_some_and(|p| p.byval.is_some());
                    let inner = self.c_type_name(pointee, o);
                    (
                        if byval { "private" } else { s },
                        if byval { inner } else { format!("{inner}*") },
                    )
                }
                _ => ("private", self.c_type_name(t, o)),
            };
            spaces.push(MetaValue::Str(space.to_string()));
            let given = self.arg_types.get(name).and_then(|v| v.get(k)).cloned();
            types.push(MetaValue::Str(given.unwrap_or(cty)));
        }
        let quals: Vec<MetaValue> = (0..tys.len())
            .map(|k| {
                MetaValue::Str(
                    self.arg_quals
                        .get(name)
                        .and_then(|v| v.get(k))
                        .cloned()
                        .unwrap_or_default(),
                )
            })
            .collect();
        let n = tys.len();
        f.metadata
            .insert(meta::KERNEL_ARG_ADDR_SPACE.into(), spaces);
        f.metadata.insert(meta::KERNEL_ARG_TYPE.into(), types);
        f.metadata.insert(meta::KERNEL_ARG_TYPE_QUAL.into(), quals);
        f.metadata.insert(
            meta::KERNEL_ARG_ACCESS.into(),
            vec![MetaValue::Str("none".into()); n],
        );
        // Execution modes of this entry point.
        for i in self.exec_modes.get(&fn_id).cloned().unwrap_or_default() {
            let key = match spirv::ExecutionMode::from_u32(i.word(1)?) {
                Some(spirv::ExecutionMode::LocalSize) => meta::REQD_WORK_GROUP_SIZE,
                Some(spirv::ExecutionMode::LocalSizeHint) => meta::WORK_GROUP_SIZE_HINT,
                _ => continue,
            };
            let v = (2..5)
                .map(|k| i.word(k).map(|w| MetaValue::Int(i64::from(w))))
                .collect::<Result<Vec<_>>>()?;
            f.metadata.insert(key.into(), v);
        }
        Ok(())
    }

    /// An OpenCL C spelling of a type, for argument metadata when the module carries none.
    fn c_type_name(&self, t: u32, o: usize) -> String {
        self.c_type_name_depth(t, o, 0)
    }

    fn c_type_name_depth(&self, t: u32, o: usize, depth: usize) -> String {
        if depth > MAX_TYPE_DEPTH {
            return "void".into();
        }
        match self.ty(t, o) {
            Ok(SpvType::Int(8)) => "char".into(),
            Ok(SpvType::Int(16)) => "short".into(),
            Ok(SpvType::Int(32)) => "int".into(),
            Ok(SpvType::Int(64)) => "long".into(),
            Ok(SpvType::Float(16)) => "half".into(),
            Ok(SpvType::Float(32)) => "float".into(),
            Ok(SpvType::Float(64)) => "double".into(),
            Ok(SpvType::Bool) => "bool".into(),
            Ok(SpvType::Vector(e, n)) => format!("{}{n}", self.c_type_name_depth(*e, o, depth + 1)),
            Ok(SpvType::Struct(..)) => match self.names.get(&t) {
                Some(n) => n
                    .strip_prefix("struct.")
                    .map(|s| format!("struct {s}"))
                    .unwrap_or(n.clone()),
                None => format!("struct spirv.{t}"),
            },
            Ok(SpvType::Pointer(_, p)) => format!("{}*", self.c_type_name_depth(*p, o, depth + 1)),
            _ => "void".into(),
        }
    }

    fn function_body(&mut self, insts: &'a [Instruction<'a>], fid: FuncId) -> Result<()> {
        let f = &insts[0];
        let params = self.m.functions[fid].params.clone();
        let ret = self.m.functions[fid].ret;
        let nparams = params.len();
        let body_insts = &insts[1 + nparams..insts.len() - 1];
        if body_insts.is_empty() {
            // A declaration (an imported function).
            return Ok(());
        }
        let mut func = Function::new_defined(self.m.functions[fid].name.clone(), params, ret);
        let mut fb = FnBuilder {
            body: func.body.take().unwrap_or_default(),
            values: HashMap::new(),
            value_types: HashMap::new(),
            blocks: HashMap::new(),
            labels: HashMap::new(),
            block: Block::from_u32(0),
            phis: HashMap::new(),
            terms: Vec::new(),
            builtin_loads: HashMap::new(),
            pending: HashMap::new(),
            global_starts: HashMap::new(),
            placeholders: Vec::new(),
        };
        let entry = fb
            .body
            .entry()
            .ok_or_else(|| Error::at(f.offset, "no entry block"))?;
        for (k, p) in insts[1..1 + nparams].iter().enumerate() {
            let v = fb.body.blocks[entry].params[k];
            fb.values.insert(p.word(1)?, v);
            fb.value_types.insert(p.word(1)?, p.word(0)?);
        }
        // Blocks and their phis first: branches go forward and backward.
        let mut first = true;
        let mut cur: Option<Block> = None;
        for i in body_insts {
            match i.op() {
                Some(Op::Label) => {
                    let b = if first { entry } else { fb.body.create_block() };
                    first = false;
                    fb.labels.insert(b, i.word(0)?);
                    if fb.blocks.insert(i.word(0)?, b).is_some() {
                        return Err(Error::at(i.offset, "a label defined twice"));
                    }
                    cur = Some(b);
                }
                Some(Op::Phi) => {
                    let b = cur.ok_or_else(|| Error::at(i.offset, "OpPhi outside a block"))?;
                    if b == entry {
                        return Err(Error::at(i.offset, "OpPhi in the entry block"));
                    }
                    let t = self.ir_type(i.word(0)?, i.offset)?;
                    let v = fb.body.append_block_param(b, t);
                    fb.values.insert(i.word(1)?, v);
                    fb.value_types.insert(i.word(1)?, i.word(0)?);
                    fb.phis.entry(b).or_default().push(*i);
                }
                _ => {}
            }
        }
        if first {
            return Err(Error::at(f.offset, "a function body without a block"));
        }
        // Result types of the function's ids: a use may come before its definition in
        // the binary (llvm-spirv-14 emits blocks after blocks they dominate), so such a
        // use gets a placeholder, replaced once the definition is translated.
        for i in body_insts {
            let no_result = matches!(
                i.op(),
                None | Some(
                    Op::Store
                        | Op::Branch
                        | Op::BranchConditional
                        | Op::Switch
                        | Op::Return
                        | Op::ReturnValue
                        | Op::Unreachable
                        | Op::ControlBarrier
                        | Op::MemoryBarrier
                        | Op::AtomicStore
                        | Op::CopyMemory
                        | Op::CopyMemorySized
                        | Op::LifetimeStart
                        | Op::LifetimeStop
                        | Op::SelectionMerge
                        | Op::LoopMerge
                        | Op::Line
                        | Op::NoLine
                        | Op::Nop
                        | Op::Label
                )
            );
            if !no_result {
                if let (Some(&t), Some(&id)) = (i.operands.first(), i.operands.get(1)) {
                    if self.types.contains_key(&t) {
                        fb.pending.insert(id, t);
                    }
                }
            }
        }
        for i in body_insts {
            self.body_inst(&mut fb, i)?;
        }
        let terms = std::mem::take(&mut fb.terms);
        for (b, i) in terms {
            fb.block = b;
            self.terminator(&mut fb, &i)?;
        }
        for (id, ph) in std::mem::take(&mut fb.placeholders) {
            match fb.values.get(&id) {
                Some(&v) if v != ph => fb.body.replace_uses(ph, v),
                _ => {
                    return Err(Error::at(
                        f.offset,
                        format!("%{id} is used but never defined in this function"),
                    ))
                }
            }
        }
        func.body = Some(fb.body);
        let slot = &mut self.m.functions[fid];
        slot.body = func.body;
        Ok(())
    }

    fn body_inst(&mut self, fb: &mut FnBuilder<'a>, i: &Instruction<'a>) -> Result<()> {
        let o = i.offset;
        let Some(op) = i.op() else {
            return Err(Error::at(o, format!("unknown opcode {}", i.opcode)));
        };
        use Op::*;
        match op {
            Label => fb.block = fb.blocks[&i.word(0)?],
            Phi | SelectionMerge | LoopMerge | Line | NoLine | Nop | LifetimeStart
            | LifetimeStop => {}
            Branch | BranchConditional | Switch | Return | ReturnValue | Unreachable => {
                fb.terms.push((fb.block, *i));
            }
            Variable => {
                let (pty, id) = (i.word(0)?, i.word(1)?);
                let SpvType::Pointer(sc, pointee) = self.ty(pty, o)?.clone() else {
                    return Err(Error::at(o, "OpVariable's type is not a pointer"));
                };
                if sc != StorageClass::Function {
                    return Err(Error::at(
                        o,
                        "a variable inside a function must be in storage class Function",
                    ));
                }
                let ty = self.ir_type(pointee, o)?;
                let align = self
                    .decos
                    .get(&id)
                    .and_then(|d| d.alignment)
                    .unwrap_or_else(|| self.m.align_of(ty) as u32);
                let v = fb.ins(
                    InstKind::Alloca {
                        ty,
                        align: align.max(1),
                    },
                    Type::Ptr(AddrSpace::Private),
                );
                if let Some(&init) = i.operands.get(3) {
                    let x = self.value(fb, init, o)?;
                    fb.ins_void(InstKind::Store {
                        ptr: v,
                        value: x,
                        align: align.max(1),
                        volatile: false,
                    });
                }
                fb.def(id, pty, v);
            }
            Undef => {
                let t = self.ir_type(i.word(0)?, o)?;
                let v = fb.ins(InstKind::Const(Const::Undef), t);
                fb.def(i.word(1)?, i.word(0)?, v);
            }
            Load => self.load(fb, i)?,
            Store => {
                let (p, x) = (i.word(0)?, i.word(1)?);
                let ptr = self.value(fb, p, o)?;
                let value = self.value(fb, x, o)?;
                let (align, volatile) = self.mem_operands(i, 2, fb.body.value_type(value))?;
                fb.ins_void(InstKind::Store {
                    ptr,
                    value,
                    align,
                    volatile,
                });
            }
            PtrAccessChain | InBoundsPtrAccessChain | AccessChain | InBoundsAccessChain => {
                self.access_chain(fb, i, matches!(op, PtrAccessChain | InBoundsPtrAccessChain))?
            }
            CopyMemorySized => self.copy_memory(fb, i)?,
            GroupAsyncCopy => {
                // OpenCL C's strided copy: the stride applies to the global side, as
                // SPIR-V's does (a stride of 1 is the plain copy).
                // Events are pointer-sized in memory (LLVM's), `event_t` an `i32` in
                // the helper: the event goes in and out through a conversion.
                let (rt, id) = (i.word(0)?, i.word(1)?);
                let t = self.ir_type(rt, o)?;
                let args: Vec<(u32, bool)> = (3..7)
                    .map(|k| i.word(k).map(|a| (a, true)))
                    .collect::<Result<_>>()?;
                let ev = self.value(fb, i.word(7)?, o)?;
                let ev = fb.resize_int(ev, Type::I32);
                let v = self.call_expr_with(
                    fb,
                    Type::I32,
                    &CType::Event,
                    &args,
                    Some((ev, CType::Event)),
                    "async_work_group_strided_copy(a0, a1, a2, a3, a4)",
                    o,
                )?;
                let v = fb.resize_int(v, t);
                fb.def(id, rt, v);
            }
            // As `clc` lowers wait_group_events: the async check's marker (with the
            // list's pointer-sized events), then a barrier over both memories, which
            // completes the copies the work-items of the group made.
            GroupWaitEvents => {
                let n = self.value(fb, i.word(1)?, o)?;
                let n = fb.resize_int(n, Type::I64);
                let list = self.value(fb, i.word(2)?, o)?;
                let list = fb.ins(
                    InstKind::Convert {
                        op: ConvOp::PtrToInt,
                        arg: list,
                        rounding: Rounding::Default,
                        saturate: false,
                    },
                    Type::I64,
                );
                let bytes = self.m.data_layout.pointer_bytes;
                let bytes = fb.iconst(Type::I64, u64::from(bytes));
                let w = CheckBuiltin::AsyncWait;
                let sig = w.signature();
                let f = self.declare(w.name(), &sig.params, sig.ret);
                fb.ins_void(InstKind::Call(f, vec![n, list, bytes]));
                self.call_builtin(fb, "_Z7barrierj", 3)?
            }
            FunctionCall => {
                let (rt, id, callee) = (i.word(0)?, i.word(1)?, i.word(2)?);
                let Some(&f) = self.funcs.get(&callee) else {
                    return Err(Error::at(o, format!("%{callee} is not a function")));
                };
                let mut args = Vec::new();
                for &a in &i.operands[3..] {
                    args.push(self.value(fb, a, o)?);
                }
                let ret = self.m.functions[f].ret;
                let v = fb.ins(InstKind::Call(f, args), ret);
                if ret != Type::Void {
                    fb.def(id, rt, v);
                }
            }
            ExtInst => self.ext_inst(fb, i)?,
            ControlBarrier => {
                let sem = self.const_int(i.word(2)?, o)?;
                self.call_builtin(fb, "_Z7barrierj", fence_flags(sem))?;
            }
            MemoryBarrier => {
                let sem = self.const_int(i.word(1)?, o)?;
                self.call_builtin(fb, "_Z9mem_fencej", fence_flags(sem))?;
            }
            AtomicIAdd | AtomicISub | AtomicExchange | AtomicSMin | AtomicSMax | AtomicUMin
            | AtomicUMax | AtomicAnd | AtomicOr | AtomicXor | AtomicIIncrement
            | AtomicIDecrement | AtomicLoad => {
                let (rt, id) = (i.word(0)?, i.word(1)?);
                let t = self.ir_type(rt, o)?;
                let ptr = self.value(fb, i.word(2)?, o)?;
                let (aop, value) = match op {
                    AtomicIIncrement => (kauai_ir::AtomicOp::Add, fb.iconst(t, 1)),
                    AtomicIDecrement => (kauai_ir::AtomicOp::Sub, fb.iconst(t, 1)),
                    AtomicLoad => (kauai_ir::AtomicOp::Add, fb.iconst(t, 0)),
                    _ => {
                        let aop = match op {
                            AtomicIAdd => kauai_ir::AtomicOp::Add,
                            AtomicISub => kauai_ir::AtomicOp::Sub,
                            AtomicExchange => kauai_ir::AtomicOp::Xchg,
                            AtomicSMin => kauai_ir::AtomicOp::Smin,
                            AtomicSMax => kauai_ir::AtomicOp::Smax,
                            AtomicUMin => kauai_ir::AtomicOp::Umin,
                            AtomicUMax => kauai_ir::AtomicOp::Umax,
                            AtomicAnd => kauai_ir::AtomicOp::And,
                            AtomicOr => kauai_ir::AtomicOp::Or,
                            _ => kauai_ir::AtomicOp::Xor,
                        };
                        (aop, self.value(fb, i.word(5)?, o)?)
                    }
                };
                if !t.is_int() && aop != kauai_ir::AtomicOp::Xchg {
                    return Err(Error::unsupported(
                        o,
                        format!("{} on a non-integer", i.name()),
                    ));
                }
                let v = fb.ins(
                    InstKind::AtomicRmw {
                        op: aop,
                        ptr,
                        value,
                        ordering: Ordering::SeqCst,
                    },
                    t,
                );
                fb.def(id, rt, v);
            }
            AtomicStore => {
                let ptr = self.value(fb, i.word(0)?, o)?;
                let value = self.value(fb, i.word(3)?, o)?;
                let t = fb.body.value_type(value);
                fb.ins(
                    InstKind::AtomicRmw {
                        op: kauai_ir::AtomicOp::Xchg,
                        ptr,
                        value,
                        ordering: Ordering::SeqCst,
                    },
                    t,
                );
            }
            AtomicCompareExchange | AtomicCompareExchangeWeak => {
                let (rt, id) = (i.word(0)?, i.word(1)?);
                let t = self.ir_type(rt, o)?;
                let ptr = self.value(fb, i.word(2)?, o)?;
                let new = self.value(fb, i.word(6)?, o)?;
                let expected = self.value(fb, i.word(7)?, o)?;
                let v = fb.ins(
                    InstKind::CmpXchg {
                        ptr,
                        expected,
                        new,
                        ordering: Ordering::SeqCst,
                    },
                    t,
                );
                fb.def(id, rt, v);
            }
            _ => self.value_inst(fb, i, op)?,
        }
        Ok(())
    }

    /// OpCopyMemorySized (clang's `memcpy`): of a constant size up to MAX_COPY_BYTES,
    /// loads and stores of the widest piece the alignment allows; otherwise (a size
    /// known only at run time, or a large one) a loop of such pieces and a loop of the
    /// remaining bytes.
    fn copy_memory(&mut self, fb: &mut FnBuilder, i: &Instruction) -> Result<()> {
        let o = i.offset;
        let dst = self.value(fb, i.word(0)?, o)?;
        let src = self.value(fb, i.word(1)?, o)?;
        let (align, volatile) = self.mem_operands(i, 3, Type::I8)?;
        let piece = u64::from(align.min(8));
        let size = match self.const_int(i.word(2)?, o) {
            Ok(size) if size <= MAX_COPY_BYTES => size,
            _ => {
                let n = self.value(fb, i.word(2)?, o)?;
                if !matches!(fb.body.value_type(n), Type::Scalar(s) if s.is_int()) {
                    return Err(Error::at(o, "OpCopyMemorySized's size is not an integer"));
                }
                let n = fb.resize_int(n, Type::I64);
                let mut at = fb.iconst(Type::I64, 0);
                at = copy_loop(fb, dst, src, at, n, piece, volatile);
                if piece > 1 {
                    copy_loop(fb, dst, src, at, n, 1, volatile);
                }
                return Ok(());
            }
        };
        let mut at = 0;
        while at < size {
            let mut p = piece;
            while p > size - at {
                p /= 2;
            }
            let off = fb.iconst(Type::I64, at);
            copy_piece(fb, dst, src, off, p, volatile);
            at += p;
        }
        Ok(())
    }

    /// The function named `name`, declared with this signature if new.
    fn declare(&mut self, name: &str, params: &[Type], ret: Type) -> FuncId {
        if let Some(&f) = self.declared.get(name) {
            return f;
        }
        let params = params.iter().map(|t| Param::new(*t, "")).collect();
        let f = self.m.functions.push(Function::new(name, params, ret));
        self.declared.insert(name.to_string(), f);
        f
    }

    fn call_builtin(&mut self, fb: &mut FnBuilder, name: &str, flags: u64) -> Result<()> {
        let f = self.declare(name, &[Type::I32], Type::Void);
        let c = fb.iconst(Type::I32, flags);
        fb.ins_void(InstKind::Call(f, vec![c]));
        Ok(())
    }

    fn mem_operands(&self, i: &Instruction, at: usize, ty: Type) -> Result<(u32, bool)> {
        let mask = i.operands.get(at).copied().unwrap_or(0);
        let volatile = mask & 1 != 0;
        let align = if mask & 2 != 0 { i.word(at + 1)? } else { 0 };
        let natural = match ty {
            Type::Void | Type::Agg(_) => 1,
            t => self.m.align_of(t) as u32,
        };
        let align = if align == 0 { natural } else { align };
        if !align.is_power_of_two() {
            return Err(Error::at(
                i.offset,
                format!("alignment {align} is not a power of two"),
            ));
        }
        Ok((align, volatile))
    }

    fn load(&mut self, fb: &mut FnBuilder, i: &Instruction) -> Result<()> {
        let o = i.offset;
        let (rt, id, p) = (i.word(0)?, i.word(1)?, i.word(2)?);
        let t = self.ir_type(rt, o)?;
        if let Some(Global_::Builtin(b)) = self.globals.get(&p) {
            fb.builtin_loads.insert(id, (*b, rt));
            return Ok(());
        }
        if !t.is_value() {
            return Err(Error::unsupported(o, "an OpLoad of an aggregate"));
        }
        let ptr = self.value(fb, p, o)?;
        let (align, volatile) = self.mem_operands(i, 3, t)?;
        let v = fb.ins(
            InstKind::Load {
                ptr,
                align,
                volatile,
            },
            t,
        );
        fb.def(id, rt, v);
        Ok(())
    }

    /// One lane of a built-in variable, through the work-item function that gives it.
    fn builtin_lane(
        &mut self,
        fb: &mut FnBuilder,
        b: BuiltIn,
        lane: u32,
        ty: Type,
        o: usize,
    ) -> Result<Value> {
        let name = match b {
            BuiltIn::GlobalInvocationId => "_Z13get_global_idj",
            BuiltIn::LocalInvocationId => "_Z12get_local_idj",
            BuiltIn::WorkgroupId => "_Z12get_group_idj",
            BuiltIn::GlobalSize => "_Z15get_global_sizej",
            BuiltIn::WorkgroupSize | BuiltIn::EnqueuedWorkgroupSize => "_Z14get_local_sizej",
            BuiltIn::NumWorkgroups => "_Z14get_num_groupsj",
            BuiltIn::GlobalOffset => "_Z17get_global_offsetj",
            BuiltIn::WorkDim => "_Z12get_work_dimv",
            BuiltIn::GlobalLinearId => "_Z20get_global_linear_idv",
            BuiltIn::LocalInvocationIndex => "_Z19get_local_linear_idv",
            _ => {
                return Err(Error::unsupported(
                    o,
                    format!("the built-in variable {b:?}"),
                ))
            }
        };
        // Declared as OpenCL C declares them for the device (`size_t`, `uint` for
        // get_work_dim), so they link with the helpers `clc` compiles; the value is
        // then resized to the module's type (a spir64 module on a 32-bit device).
        let rt = if b == BuiltIn::WorkDim {
            Type::I32
        } else {
            self.m.data_layout.size_type()
        };
        let v = if name.ends_with('v') {
            let f = self.declare(name, &[], rt);
            fb.ins(InstKind::Call(f, vec![]), rt)
        } else {
            let f = self.declare(name, &[Type::I32], rt);
            let d = fb.iconst(Type::I32, u64::from(lane));
            fb.ins(InstKind::Call(f, vec![d]), rt)
        };
        Ok(fb.resize_int(v, ty))
    }

    fn access_chain(
        &mut self,
        fb: &mut FnBuilder,
        i: &Instruction,
        has_element: bool,
    ) -> Result<()> {
        let o = i.offset;
        let (rt, id, base) = (i.word(0)?, i.word(1)?, i.word(2)?);
        let base_ty = fb
            .type_of(base)
            .or_else(|| self.global_type(base))
            .ok_or_else(|| Error::at(o, format!("%{base} is not a pointer value")))?;
        let SpvType::Pointer(_, mut cur) = self.ty(base_ty, o)?.clone() else {
            return Err(Error::at(o, "the base of an access chain is not a pointer"));
        };
        let mut ptr = self.value(fb, base, o)?;
        let mut idx = &i.operands[3.min(i.operands.len())..];
        if has_element {
            let Some((&e, rest)) = idx.split_first() else {
                return Err(Error::at(o, "an OpPtrAccessChain without an element"));
            };
            idx = rest;
            let t = self.ir_type(cur, o)?;
            let size = self.m.size_of(t);
            ptr = self.offset_by(fb, ptr, e, size, o)?;
        }
        if idx.len() > MAX_TYPE_DEPTH {
            return Err(Error::at(
                o,
                format!("an access chain deeper than MAX_TYPE_DEPTH ({MAX_TYPE_DEPTH})"),
            ));
        }
        for &k in idx {
            match self.ty(cur, o)?.clone() {
                SpvType::Struct(members, _) => {
                    let n = self.const_int(k, o)? as usize;
                    let st = self.ir_type(cur, o)?;
                    let off = self
                        .member_offset(cur, st, n)
                        .ok_or_else(|| Error::at(o, format!("struct member {n} does not exist")))?;
                    let c = fb.iconst(Type::I64, off);
                    ptr = fb.ins(InstKind::PtrAdd(ptr, c), fb.body.value_type(ptr));
                    cur = members[n];
                }
                SpvType::Array(e, _) | SpvType::Vector(e, _) => {
                    let t = self.ir_type(e, o)?;
                    let size = self.m.size_of(t);
                    ptr = self.offset_by(fb, ptr, k, size, o)?;
                    cur = e;
                }
                _ => return Err(Error::at(o, "an access chain indexes into a scalar")),
            }
        }
        // The start of a module-scope constant (a printf format): all indices zero.
        if let Some(Global_::Var(g)) = self.globals.get(&base).copied() {
            let zero = |k: &u32| self.const_int(*k, o).ok() == Some(0);
            if i.operands.get(3..).unwrap_or(&[]).iter().all(zero) {
                fb.global_starts.insert(id, g);
            }
        }
        fb.def(id, rt, ptr);
        Ok(())
    }

    fn global_type(&self, id: u32) -> Option<u32> {
        self.var_types.get(&id).copied()
    }

    /// The global and byte offset an OpSpecConstantOp access chain names; it must lie
    /// within the variable (0 to its size: one past the end is an address too).
    fn static_address(
        &mut self,
        base: u32,
        chain: bool,
        idx: &[u32],
        o: usize,
    ) -> Result<(GlobalId, u64)> {
        let Some(Global_::Var(g)) = self.globals.get(&base).copied() else {
            return Err(Error::at(
                o,
                format!("%{base} is not a module-scope variable"),
            ));
        };
        let SpvType::Pointer(_, mut cur) = self.ty(self.global_type(base).unwrap_or(0), o)?.clone()
        else {
            return Err(Error::at(o, "a variable whose type is not a pointer"));
        };
        if idx.len() > MAX_TYPE_DEPTH {
            return Err(Error::at(
                o,
                format!("an access chain deeper than MAX_TYPE_DEPTH ({MAX_TYPE_DEPTH})"),
            ));
        }
        let mut off: i128 = 0;
        for (k, &x) in idx.iter().enumerate() {
            let v = i128::from(self.const_int(x, o)? as i64);
            if k == 0 && chain {
                let t = self.ir_type(cur, o)?;
                off += v * i128::from(self.m.size_of(t));
                continue;
            }
            match self.ty(cur, o)?.clone() {
                SpvType::Struct(members, _) => {
                    let st = self.ir_type(cur, o)?;
                    let n = usize::try_from(v).unwrap_or(usize::MAX);
                    let f = self
                        .member_offset(cur, st, n)
                        .ok_or_else(|| Error::at(o, format!("struct member {v} does not exist")))?;
                    off += i128::from(f);
                    cur = members[n];
                }
                SpvType::Array(e, _) | SpvType::Vector(e, _) => {
                    let t = self.ir_type(e, o)?;
                    off += v * i128::from(self.m.size_of(t));
                    cur = e;
                }
                _ => return Err(Error::at(o, "an access chain indexes into a scalar")),
            }
        }
        let size = self.m.size_of(self.m.globals[g].ty);
        match u64::try_from(off) {
            Ok(a) if a <= size => Ok((g, a)),
            _ => Err(Error::at(
                o,
                format!("the address {off} bytes into a variable of {size} bytes is outside it"),
            )),
        }
    }

    fn offset_by(
        &mut self,
        fb: &mut FnBuilder,
        ptr: Value,
        index: u32,
        size: u64,
        o: usize,
    ) -> Result<Value> {
        let x = self.value(fb, index, o)?;
        let xt = fb.body.value_type(x);
        let x = match xt {
            Type::Scalar(s) if s.is_int() && s != Scalar::I64 => fb.ins(
                InstKind::Convert {
                    op: ConvOp::Sext,
                    arg: x,
                    rounding: Rounding::Default,
                    saturate: false,
                },
                Type::I64,
            ),
            Type::I64 => x,
            _ => return Err(Error::at(o, "an access-chain index is not an integer")),
        };
        let s = fb.iconst(Type::I64, size);
        let off = fb.ins(InstKind::Binary(BinaryOp::Imul, x, s), Type::I64);
        let pt = fb.body.value_type(ptr);
        Ok(fb.ins(InstKind::PtrAdd(ptr, off), pt))
    }

    /// The IR value of id `id` in the current block.
    fn value(&mut self, fb: &mut FnBuilder, id: u32, o: usize) -> Result<Value> {
        if let Some(&v) = fb.values.get(&id) {
            return Ok(v);
        }
        if let Some(&(b, ty)) = fb.builtin_loads.get(&id) {
            let t = self.ir_type(ty, o)?;
            let elem = Type::Scalar(
                scalar_of(t).ok_or_else(|| Error::at(o, "a built-in of a non-numeric type"))?,
            );
            let mut v = fb.ins(InstKind::Const(Const::Undef), t);
            if t.is_vector() {
                for lane in 0..t.lanes() {
                    let x = self.builtin_lane(fb, b, lane, elem, o)?;
                    v = fb.ins(InstKind::Insert(v, x, lane), t);
                }
            } else {
                v = self.builtin_lane(fb, b, 0, t, o)?;
            }
            return Ok(v);
        }
        if let Some(g) = self.globals.get(&id).copied() {
            return match g {
                Global_::Var(g) => {
                    let sp = self.m.globals[g].space;
                    Ok(fb.ins(InstKind::GlobalAddr(g), Type::Ptr(sp)))
                }
                Global_::Builtin(..) => Err(Error::unsupported(
                    o,
                    "a built-in variable used other than by OpLoad",
                )),
            };
        }
        if let Some(c) = self.consts.get(&id).cloned() {
            let t = self.ir_type(c.ty, o)?;
            if let ConstKind::Address(base, chain, idx) = &c.kind {
                let (g, addend) = self.static_address(*base, *chain, idx, o)?;
                let sp = self.m.globals[g].space;
                let p = fb.ins(InstKind::GlobalAddr(g), Type::Ptr(sp));
                let off = fb.iconst(Type::I64, addend);
                return Ok(fb.ins(InstKind::PtrAdd(p, off), Type::Ptr(sp)));
            }
            let k = self.ir_const(&c, t, o)?;
            return Ok(fb.ins(InstKind::Const(k), t));
        }
        if let Some(&t) = fb.pending.get(&id) {
            let ty = self.ir_type(t, o)?;
            if ty.is_value() {
                let ph = fb.body.values.push(kauai_ir::function::ValueData {
                    ty,
                    def: kauai_ir::ValueDef::None,
                });
                fb.values.insert(id, ph);
                fb.placeholders.push((id, ph));
                return Ok(ph);
            }
        }
        Err(Error::at(
            o,
            format!("%{id} is used but not defined before this instruction"),
        ))
    }

    fn ir_const(&self, c: &Constant, t: Type, o: usize) -> Result<Const> {
        let scalar = |bits: u64, s: Scalar| -> ConstScalar {
            match s {
                Scalar::F16 => ConstScalar::Float(half::f16::from_bits(bits as u16).to_f64()),
                Scalar::F32 => ConstScalar::Float(f64::from(f32::from_bits(bits as u32))),
                Scalar::F64 => ConstScalar::Float(f64::from_bits(bits)),
                _ => ConstScalar::Int(bits),
            }
        };
        Ok(match &c.kind {
            ConstKind::Address(..) => {
                return Err(Error::unsupported(
                    o,
                    "an address constant inside a composite value",
                ))
            }
            ConstKind::Null => Const::Zero,
            ConstKind::Undef => Const::Undef,
            ConstKind::Bits(b) => match t {
                Type::Scalar(s) => Const::Scalar(scalar(*b, s)),
                _ => return Err(Error::at(o, "a scalar constant of a non-scalar type")),
            },
            ConstKind::Composite(parts) => {
                let Type::Vector { elem, .. } = t else {
                    return Err(Error::unsupported(
                        o,
                        "a struct or array constant used as a value",
                    ));
                };
                let mut lanes = Vec::new();
                for p in parts {
                    match self.consts.get(p).map(|c| &c.kind) {
                        Some(ConstKind::Bits(b)) => lanes.push(scalar(*b, elem)),
                        Some(ConstKind::Null | ConstKind::Undef) => lanes.push(scalar(0, elem)),
                        _ => return Err(Error::at(o, format!("%{p} is not a scalar constant"))),
                    }
                }
                if lanes.len() != t.lanes() as usize {
                    return Err(Error::at(
                        o,
                        "a vector constant with the wrong number of lanes",
                    ));
                }
                Const::Vector(lanes)
            }
        })
    }

    fn terminator(&mut self, fb: &mut FnBuilder, i: &Instruction) -> Result<()> {
        let o = i.offset;
        let kind = match i.op() {
            Some(Op::Branch) => InstKind::Jump(self.edge(fb, i.word(0)?, o)?),
            Some(Op::BranchConditional) => {
                let c = self.value(fb, i.word(0)?, o)?;
                let t = self.edge(fb, i.word(1)?, o)?;
                let e = self.edge(fb, i.word(2)?, o)?;
                InstKind::Brif(c, t, e)
            }
            Some(Op::Switch) => {
                let sel = i.word(0)?;
                let arg = self.value(fb, sel, o)?;
                let wide = fb.body.value_type(arg) == Type::I64;
                let default = self.edge(fb, i.word(1)?, o)?;
                let step = if wide { 3 } else { 2 };
                let mut cases = Vec::new();
                let mut k = 2;
                while k < i.operands.len() {
                    let lo = u64::from(i.word(k)?);
                    let lit = if wide {
                        lo | u64::from(i.word(k + 1)?) << 32
                    } else {
                        lo
                    };
                    let target = i.word(k + step - 1)?;
                    cases.push((lit, self.edge(fb, target, o)?));
                    k += step;
                }
                InstKind::Switch {
                    arg,
                    cases,
                    default,
                }
            }
            Some(Op::Return) => InstKind::Return(None),
            Some(Op::ReturnValue) => InstKind::Return(Some(self.value(fb, i.word(0)?, o)?)),
            _ => InstKind::Unreachable,
        };
        fb.ins_void(kind);
        Ok(())
    }

    /// A branch from the current block to label `to`, with its phis' values.
    fn edge(&mut self, fb: &mut FnBuilder, to: u32, o: usize) -> Result<BlockCall> {
        let Some(&target) = fb.blocks.get(&to) else {
            return Err(Error::at(
                o,
                format!("%{to} is not a label of this function"),
            ));
        };
        let from_label = *fb
            .labels
            .get(&fb.block)
            .ok_or_else(|| Error::at(o, "a branch outside a block"))?;
        let mut args = Vec::new();
        for phi in fb.phis.get(&target).cloned().unwrap_or_default() {
            let mut found = None;
            let mut k = 2;
            while k + 1 < phi.operands.len() {
                if phi.operands[k + 1] == from_label {
                    found = Some(phi.operands[k]);
                    break;
                }
                k += 2;
            }
            let Some(v) = found else {
                return Err(Error::at(
                    phi.offset,
                    format!("OpPhi has no value for the edge from %{from_label}"),
                ));
            };
            args.push(self.value(fb, v, phi.offset)?);
        }
        Ok(BlockCall::new(target, args))
    }

    fn ext_inst(&mut self, fb: &mut FnBuilder, i: &Instruction) -> Result<()> {
        let o = i.offset;
        let (rt, id, set, num) = (i.word(0)?, i.word(1)?, i.word(2)?, i.word(3)?);
        if !self.ext_opencl.contains(&set) {
            return Err(Error::unsupported(
                o,
                "an extended instruction set other than OpenCL.std",
            ));
        }
        let Some(eop) = spirv::OpenclStd100Op::from_u32(num) else {
            return Err(Error::at(
                o,
                format!("unknown OpenCL.std instruction {num}"),
            ));
        };
        let ret = self.ir_type(rt, o)?;
        if eop == spirv::OpenclStd100Op::prefetch {
            return Ok(()); // a hint: nothing to do
        }
        if eop == spirv::OpenclStd100Op::printf {
            return self.printf(fb, i);
        }
        let mut args = Vec::new();
        let mut ctys = Vec::new();
        let mut literals = Vec::new();
        use spirv::OpenclStd100Op as Cl;
        // vloadn's n and the vstore_half_r rounding modes are literals, not ids.
        let ids = match eop {
            Cl::vloadn
            | Cl::vload_halfn
            | Cl::vloada_halfn
            | Cl::vstore_half_r
            | Cl::vstore_halfn_r
            | Cl::vstorea_halfn_r => i.operands.len().saturating_sub(1),
            _ => i.operands.len(),
        };
        literals.extend(i.operands.get(ids..).unwrap_or(&[]).iter().copied());
        for &a in i.operands.get(4..ids).unwrap_or(&[]) {
            let ty = fb
                .type_of(a)
                .or_else(|| self.consts.get(&a).map(|c| c.ty))
                .or_else(|| self.global_type(a))
                .or_else(|| fb.builtin_loads.get(&a).map(|x| x.1))
                .ok_or_else(|| Error::at(o, format!("%{a} has no type")))?;
            ctys.push(self.ctype(ty, o)?);
            args.push(self.value(fb, a, o)?);
        }
        let cret = self.ctype(rt, o)?;
        let name = self
            .helpers
            .request(eop, cret, ctys, &literals)
            .map_err(|e| Error::unsupported(o, e))?;
        let ptys: Vec<Type> = args.iter().map(|&a| fb.body.value_type(a)).collect();
        let f = self.declare(&name, &ptys, ret);
        let v = fb.ins(InstKind::Call(f, args), ret);
        if ret != Type::Void {
            fb.def(id, rt, v);
        }
        Ok(())
    }

    /// OpenCL.std printf: the format must be a module-scope constant string (as OpenCL C
    /// requires a literal); the call becomes a helper calling OpenCL C's printf with that
    /// literal, so the C front end checks it and makes the printf table entry.
    fn printf(&mut self, fb: &mut FnBuilder, i: &Instruction) -> Result<()> {
        let o = i.offset;
        let (rt, id, fmt) = (i.word(0)?, i.word(1)?, i.word(4)?);
        let g = fb
            .global_starts
            .get(&fmt)
            .copied()
            .or_else(|| match self.globals.get(&fmt) {
                Some(Global_::Var(g)) => Some(*g),
                _ => None,
            });
        let bytes = g
            .and_then(|g| self.m.globals[g].init.as_ref())
            .map(|init| init.bytes.clone());
        let Some(bytes) = bytes else {
            return Err(Error::unsupported(
                o,
                "a printf format that is not a constant string",
            ));
        };
        let lit = c_string_literal(&bytes);
        // Arguments as OpenCL C would have written them, so every device makes the
        // same printf records as from the C source: a constant string as its literal
        // (stored in the record, not as an address of constant memory: a run-time `%s`
        // takes less room in the buffer, which then fills up at another call), and a
        // float or half that the producer promoted to double (C's default argument
        // promotion, which clang applies, maybe folded into a double constant) as
        // itself: OpenCL C promotes printf's floats only where the device has doubles
        // (OpenCL 1.2 6.12.13.2), and the value is the same.
        let mut params = Vec::new();
        let mut vals = Vec::new();
        let mut call = String::new();
        for &a in i.operands.get(5..).unwrap_or(&[]) {
            if let Some(s) = self.constant_string(fb, a) {
                call.push_str(", ");
                call.push_str(&c_string_literal(&s));
                continue;
            }
            let ty = fb
                .type_of(a)
                .or_else(|| self.consts.get(&a).map(|c| c.ty))
                .ok_or_else(|| Error::at(o, format!("%{a} has no type")))?;
            let mut ct = self.ctype(ty, o)?;
            let mut v = self.value(fb, a, o)?;
            if let Some(narrow) = promoted_float(fb, v) {
                v = narrow;
                let bits = fb.body.value_type(v).elem().map_or(32, Scalar::bits);
                ct = CType::Scalar {
                    int: false,
                    bits,
                    lanes: 1,
                };
            }
            call.push_str(&format!(", a{}", vals.len()));
            params.push((ct, false));
            vals.push(v);
        }
        let expr = format!("printf({lit}{call})");
        let ct = self.ctype(rt, o)?;
        let t = self.ir_type(rt, o)?;
        let name = self
            .helpers
            .request_expr(&ct, false, &params, &expr)
            .map_err(|e| Error::unsupported(o, e))?;
        let ptys: Vec<Type> = vals.iter().map(|&v| fb.body.value_type(v)).collect();
        let f = self.declare(&name, &ptys, t);
        let v = fb.ins(InstKind::Call(f, vals), t);
        fb.def(id, rt, v);
        Ok(())
    }

    /// The text of a NUL-terminated string in constant memory that `id` points at the
    /// start of (a string literal, as producers write them), if it is one.
    fn constant_string(&self, fb: &FnBuilder, id: u32) -> Option<Vec<u8>> {
        let g = match fb.global_starts.get(&id) {
            Some(&g) => g,
            None => match self.globals.get(&id) {
                Some(Global_::Var(g)) => *g,
                _ => return None,
            },
        };
        let g = &self.m.globals[g];
        let init = g.init.as_ref()?;
        if g.space != AddrSpace::Constant || !init.relocs.is_empty() {
            return None;
        }
        let end = init.bytes.iter().position(|&b| b == 0)?;
        Some(init.bytes[..end].to_vec())
    }

    fn ctype(&self, t: u32, o: usize) -> Result<CType> {
        self.ctype_depth(t, o, 0)
    }

    fn ctype_depth(&self, t: u32, o: usize, depth: usize) -> Result<CType> {
        if depth > MAX_TYPE_DEPTH {
            return Err(Error::at(
                o,
                format!("types nest deeper than MAX_TYPE_DEPTH ({MAX_TYPE_DEPTH})"),
            ));
        }
        Ok(match self.ty(t, o)? {
            SpvType::Void => CType::Void,
            SpvType::Event => CType::Event,
            SpvType::Int(w) => CType::Scalar {
                int: true,
                bits: *w,
                lanes: 1,
            },
            SpvType::Float(w) => CType::Scalar {
                int: false,
                bits: *w,
                lanes: 1,
            },
            SpvType::Vector(e, n) => match self.ctype_depth(*e, o, depth + 1)? {
                CType::Scalar { int, bits, .. } => CType::Scalar {
                    int,
                    bits,
                    lanes: *n,
                },
                _ => return Err(Error::at(o, "a vector of non-scalars")),
            },
            SpvType::Pointer(sc, p) => {
                let inner = self.ctype_depth(*p, o, depth + 1)?;
                let sp = match sc {
                    StorageClass::CrossWorkgroup => "__global",
                    StorageClass::Workgroup => "__local",
                    StorageClass::UniformConstant => "__constant",
                    StorageClass::Function => "__private",
                    _ => {
                        return Err(Error::unsupported(
                            o,
                            "a generic pointer to an OpenCL.std instruction",
                        ))
                    }
                };
                CType::Pointer(sp, Box::new(inner))
            }
            _ => return Err(Error::unsupported(o, "an OpenCL.std operand of this type")),
        })
    }

    fn value_inst(&mut self, fb: &mut FnBuilder, i: &Instruction, op: Op) -> Result<()> {
        use Op::*;
        let o = i.offset;
        let (rt, id) = (i.word(0)?, i.word(1)?);
        let t = self.ir_type(rt, o)?;
        let bin = |b: BinaryOp| Some(b);
        let binop = match op {
            IAdd => bin(BinaryOp::Iadd),
            ISub => bin(BinaryOp::Isub),
            IMul => bin(BinaryOp::Imul),
            SDiv => bin(BinaryOp::Sdiv),
            UDiv => bin(BinaryOp::Udiv),
            SRem => bin(BinaryOp::Srem),
            UMod => bin(BinaryOp::Urem),
            FAdd => bin(BinaryOp::Fadd),
            FSub => bin(BinaryOp::Fsub),
            FMul => bin(BinaryOp::Fmul),
            FDiv => bin(BinaryOp::Fdiv),
            FRem => bin(BinaryOp::Frem),
            BitwiseAnd | LogicalAnd => bin(BinaryOp::And),
            BitwiseOr | LogicalOr => bin(BinaryOp::Or),
            BitwiseXor | LogicalNotEqual => bin(BinaryOp::Xor),
            ShiftLeftLogical => bin(BinaryOp::Shl),
            ShiftRightLogical => bin(BinaryOp::Lshr),
            ShiftRightArithmetic => bin(BinaryOp::Ashr),
            _ => None,
        };
        let v = if let Some(b) = binop {
            let a = self.value(fb, i.word(2)?, o)?;
            let mut c = self.value(fb, i.word(3)?, o)?;
            if matches!(
                op,
                ShiftLeftLogical | ShiftRightLogical | ShiftRightArithmetic
            ) {
                c = fb.resize_int(c, t);
            }
            fb.ins(InstKind::Binary(b, a, c), t)
        } else if let Some(u) = match op {
            SNegate => Some(UnaryOp::Ineg),
            FNegate => Some(UnaryOp::Fneg),
            Not => Some(UnaryOp::Not),
            BitCount => Some(UnaryOp::Popcount),
            _ => None,
        } {
            let a = self.value(fb, i.word(2)?, o)?;
            fb.ins(InstKind::Unary(u, a), t)
        } else if op == LogicalNot {
            let a = self.value(fb, i.word(2)?, o)?;
            let one = fb.ins(
                InstKind::Const(if t.is_vector() {
                    Const::Vector(vec![ConstScalar::Int(1); t.lanes() as usize])
                } else {
                    Const::Scalar(ConstScalar::Int(1))
                }),
                t,
            );
            fb.ins(InstKind::Binary(BinaryOp::Xor, a, one), t)
        } else if let Some(cc) = match op {
            IEqual | LogicalEqual => Some(IntCC::Eq),
            INotEqual => Some(IntCC::Ne),
            SLessThan => Some(IntCC::Slt),
            SLessThanEqual => Some(IntCC::Sle),
            SGreaterThan => Some(IntCC::Sgt),
            SGreaterThanEqual => Some(IntCC::Sge),
            ULessThan => Some(IntCC::Ult),
            ULessThanEqual => Some(IntCC::Ule),
            UGreaterThan => Some(IntCC::Ugt),
            UGreaterThanEqual => Some(IntCC::Uge),
            _ => None,
        } {
            let a = self.value(fb, i.word(2)?, o)?;
            let b = self.value(fb, i.word(3)?, o)?;
            fb.ins(InstKind::Icmp(cc, a, b), t)
        } else if let Some((cc, negate)) = match op {
            FOrdEqual => Some((FloatCC::Oeq, false)),
            FOrdNotEqual => Some((FloatCC::One, false)),
            FOrdLessThan => Some((FloatCC::Olt, false)),
            FOrdLessThanEqual => Some((FloatCC::Ole, false)),
            FOrdGreaterThan => Some((FloatCC::Ogt, false)),
            FOrdGreaterThanEqual => Some((FloatCC::Oge, false)),
            FUnordEqual => Some((FloatCC::One, true)),
            FUnordNotEqual => Some((FloatCC::Une, false)),
            FUnordLessThan => Some((FloatCC::Oge, true)),
            FUnordLessThanEqual => Some((FloatCC::Ogt, true)),
            FUnordGreaterThan => Some((FloatCC::Ole, true)),
            FUnordGreaterThanEqual => Some((FloatCC::Olt, true)),
            Ordered => Some((FloatCC::Ord, false)),
            Unordered => Some((FloatCC::Uno, false)),
            _ => None,
        } {
            let a = self.value(fb, i.word(2)?, o)?;
            let b = self.value(fb, i.word(3)?, o)?;
            let v = fb.ins(InstKind::Fcmp(cc, a, b), t);
            if negate {
                fb.ins(InstKind::Unary(UnaryOp::Not, v), t)
            } else {
                v
            }
        } else {
            match op {
                SatConvertSToU | SatConvertUToS => {
                    let unsigned_to = op == SatConvertSToU;
                    let rs = self.ctype(rt, o)?.spell(unsigned_to);
                    let expr = format!("convert_{rs}_sat(a0)");
                    self.call_expr(fb, i, t, unsigned_to, &[(i.word(2)?, !unsigned_to)], &expr)?
                }
                Dot => self.call_expr(
                    fb,
                    i,
                    t,
                    false,
                    &[(i.word(2)?, false), (i.word(3)?, false)],
                    "dot(a0, a1)",
                )?,
                IsInf | IsFinite | IsNormal | SignBitSet | LessOrGreater => {
                    // OpenCL C's relational builtins: 1 (scalar) or -1 (vector lanes) for true.
                    let f = match op {
                        IsInf => "isinf(a0)",
                        IsFinite => "isfinite(a0)",
                        IsNormal => "isnormal(a0)",
                        SignBitSet => "signbit(a0)",
                        _ => "islessgreater(a0, a1)",
                    };
                    let x = i.word(2)?;
                    let xt = fb
                        .type_of(x)
                        .or_else(|| self.consts.get(&x).map(|c| c.ty))
                        .ok_or_else(|| Error::at(o, format!("%{x} has no type")))?;
                    let CType::Scalar { bits, lanes, .. } = self.ctype(xt, o)? else {
                        return Err(Error::at(o, format!("{} of a non-float", i.name())));
                    };
                    let ct = CType::Scalar {
                        int: true,
                        bits: if lanes > 1 { bits } else { 32 },
                        lanes,
                    };
                    let it = if lanes > 1 {
                        Type::vec(Scalar::int_of_bits(bits).unwrap_or(Scalar::I32), lanes)
                    } else {
                        Type::I32
                    };
                    let mut args = vec![(x, false)];
                    if op == LessOrGreater {
                        args.push((i.word(3)?, false));
                    }
                    let r = self.call_expr_typed(fb, it, &ct, false, &args, f, o)?;
                    let zero = fb.ins(InstKind::Const(Const::Zero), it);
                    fb.ins(InstKind::Icmp(IntCC::Ne, r, zero), t)
                }
                Any | All => {
                    let x = self.value(fb, i.word(2)?, o)?;
                    let xt = fb.body.value_type(x);
                    if xt.is_vector() {
                        let mut acc = fb.ins(InstKind::Extract(x, 0), Type::I1);
                        for lane in 1..xt.lanes() {
                            let e = fb.ins(InstKind::Extract(x, lane), Type::I1);
                            let b = if op == Any {
                                BinaryOp::Or
                            } else {
                                BinaryOp::And
                            };
                            acc = fb.ins(InstKind::Binary(b, acc, e), Type::I1);
                        }
                        acc
                    } else {
                        x
                    }
                }
                IsNan => {
                    let a = self.value(fb, i.word(2)?, o)?;
                    fb.ins(InstKind::Fcmp(FloatCC::Uno, a, a), t)
                }
                Select => {
                    let c = self.value(fb, i.word(2)?, o)?;
                    let a = self.value(fb, i.word(3)?, o)?;
                    let b = self.value(fb, i.word(4)?, o)?;
                    fb.ins(InstKind::Select(c, a, b), t)
                }
                CopyObject => self.value(fb, i.word(2)?, o)?,
                SConvert | UConvert | FConvert | ConvertFToS | ConvertFToU | ConvertSToF
                | ConvertUToF | Bitcast | ConvertPtrToU | ConvertUToPtr | PtrCastToGeneric
                | GenericCastToPtr => {
                    return self.convert(fb, i, op, t, id);
                }
                CompositeExtract => {
                    // A lane of a built-in: just that work-item function call.
                    if let Some(&(b, bt)) = fb.builtin_loads.get(&i.word(2)?) {
                        let lane = i.word(3)?;
                        let lanes = self.ir_type(bt, o)?.lanes();
                        // SPIR-V requires every index of OpCompositeExtract in bounds
                        // (spirv-val checks it), but llvm-spirv-14 writes OpenCL C's
                        // `get_global_size(3)` as lane 3 of the 3-lane GlobalSize. Each
                        // lane is the work-item function of that dimension, so a lane
                        // past the end reads as OpenCL C defines the function for it
                        // (1 for sizes, 0 for ids: OpenCL 1.2 6.12.1), as the C did.
                        if i.operands.len() != 4 || lanes == 0 {
                            return Err(Error::at(
                                o,
                                format!("OpCompositeExtract of the built-in {b:?} needs one index"),
                            ));
                        }
                        let v = self.builtin_lane(fb, b, lane, t, o)?;
                        fb.def(id, rt, v);
                        return Ok(());
                    }
                    let c = self.value(fb, i.word(2)?, o)?;
                    let lane = i.word(3)?;
                    if i.operands.len() != 4 || !fb.body.value_type(c).is_vector() {
                        return Err(Error::unsupported(
                            o,
                            "OpCompositeExtract of an array or struct value",
                        ));
                    }
                    let lanes = fb.body.value_type(c).lanes();
                    if lane >= lanes {
                        return Err(Error::at(
                            o,
                            format!(
                                "OpCompositeExtract index {lane} is outside the {lanes} lanes of its vector (SPIR-V requires indexes in bounds)"
                            ),
                        ));
                    }
                    fb.ins(InstKind::Extract(c, lane), t)
                }
                CompositeInsert => {
                    let x = self.value(fb, i.word(2)?, o)?;
                    let c = self.value(fb, i.word(3)?, o)?;
                    let lane = i.word(4)?;
                    if i.operands.len() != 5 || !t.is_vector() || lane >= t.lanes() {
                        return Err(Error::unsupported(
                            o,
                            "OpCompositeInsert into an array or struct value",
                        ));
                    }
                    fb.ins(InstKind::Insert(c, x, lane), t)
                }
                CompositeConstruct => {
                    if !t.is_vector() {
                        return Err(Error::unsupported(
                            o,
                            "OpCompositeConstruct of an array or struct",
                        ));
                    }
                    let mut v = fb.ins(InstKind::Const(Const::Undef), t);
                    let mut lane = 0;
                    let elem = Type::Scalar(scalar_of(t).unwrap_or(Scalar::I32));
                    for &p in &i.operands[2..] {
                        let x = self.value(fb, p, o)?;
                        let xt = fb.body.value_type(x);
                        for k in 0..xt.lanes() {
                            if lane >= t.lanes() {
                                return Err(Error::at(
                                    o,
                                    "OpCompositeConstruct has too many lanes",
                                ));
                            }
                            let s = if xt.is_vector() {
                                fb.ins(InstKind::Extract(x, k), elem)
                            } else {
                                x
                            };
                            v = fb.ins(InstKind::Insert(v, s, lane), t);
                            lane += 1;
                        }
                    }
                    v
                }
                VectorExtractDynamic => {
                    let c = self.value(fb, i.word(2)?, o)?;
                    let k = self.value(fb, i.word(3)?, o)?;
                    fb.ins(InstKind::ExtractDyn(c, k), t)
                }
                VectorShuffle => {
                    let a = self.value(fb, i.word(2)?, o)?;
                    let b = self.value(fb, i.word(3)?, o)?;
                    let (at, bt) = (fb.body.value_type(a), fb.body.value_type(b));
                    let total = at.lanes() + bt.lanes();
                    let idx: Vec<u32> = i.operands[4.min(i.operands.len())..]
                        .iter()
                        .map(|&k| if k == u32::MAX { 0 } else { k })
                        .collect();
                    if idx.iter().any(|&k| k >= total) || idx.len() != t.lanes() as usize {
                        return Err(Error::at(o, "OpVectorShuffle picks a lane out of range"));
                    }
                    if at == bt {
                        fb.ins(InstKind::Shuffle(a, b, idx), t)
                    } else {
                        let elem = Type::Scalar(scalar_of(t).unwrap_or(Scalar::I32));
                        let mut v = fb.ins(InstKind::Const(Const::Undef), t);
                        for (lane, &k) in idx.iter().enumerate() {
                            let (src, kk, st) = if k < at.lanes() {
                                (a, k, at)
                            } else {
                                (b, k - at.lanes(), bt)
                            };
                            let s = if st.is_vector() {
                                fb.ins(InstKind::Extract(src, kk), elem)
                            } else {
                                src
                            };
                            v = fb.ins(InstKind::Insert(v, s, lane as u32), t);
                        }
                        v
                    }
                }
                _ => return Err(Error::unsupported(o, i.name())),
            }
        };
        fb.def(id, rt, v);
        Ok(())
    }

    /// A call of an OpenCL C expression helper over ids `args` (each with whether its
    /// integers are unsigned), returning `t` (the SPIR-V result type of `i`).
    fn call_expr(
        &mut self,
        fb: &mut FnBuilder,
        i: &Instruction,
        t: Type,
        ret_unsigned: bool,
        args: &[(u32, bool)],
        expr: &str,
    ) -> Result<Value> {
        let ct = self.ctype(i.word(0)?, i.offset)?;
        self.call_expr_typed(fb, t, &ct, ret_unsigned, args, expr, i.offset)
    }

    /// As [`Self::call_expr_typed`], with one more argument given as a value.
    fn call_expr_with(
        &mut self,
        fb: &mut FnBuilder,
        t: Type,
        ct: &CType,
        args: &[(u32, bool)],
        extra: Option<(Value, CType)>,
        expr: &str,
        o: usize,
    ) -> Result<Value> {
        let mut params = Vec::new();
        let mut vals = Vec::new();
        for &(a, u) in args {
            let ty = fb
                .type_of(a)
                .or_else(|| self.consts.get(&a).map(|c| c.ty))
                .ok_or_else(|| Error::at(o, format!("%{a} has no type")))?;
            params.push((self.ctype(ty, o)?, u));
            vals.push(self.value(fb, a, o)?);
        }
        if let Some((v, c)) = extra {
            params.push((c, false));
            vals.push(v);
        }
        let name = self
            .helpers
            .request_expr(ct, false, &params, expr)
            .map_err(|e| Error::unsupported(o, e))?;
        let ptys: Vec<Type> = vals.iter().map(|&v| fb.body.value_type(v)).collect();
        let f = self.declare(&name, &ptys, t);
        Ok(fb.ins(InstKind::Call(f, vals), t))
    }

    fn call_expr_typed(
        &mut self,
        fb: &mut FnBuilder,
        t: Type,
        ct: &CType,
        ret_unsigned: bool,
        args: &[(u32, bool)],
        expr: &str,
        o: usize,
    ) -> Result<Value> {
        let mut params = Vec::new();
        let mut vals = Vec::new();
        for &(a, u) in args {
            let ty = fb
                .type_of(a)
                .or_else(|| self.consts.get(&a).map(|c| c.ty))
                .ok_or_else(|| Error::at(o, format!("%{a} has no type")))?;
            params.push((self.ctype(ty, o)?, u));
            vals.push(self.value(fb, a, o)?);
        }
        let name = self
            .helpers
            .request_expr(ct, ret_unsigned, &params, expr)
            .map_err(|e| Error::unsupported(o, e))?;
        let ptys: Vec<Type> = vals.iter().map(|&v| fb.body.value_type(v)).collect();
        let f = self.declare(&name, &ptys, t);
        Ok(fb.ins(InstKind::Call(f, vals), t))
    }

    fn convert(
        &mut self,
        fb: &mut FnBuilder,
        i: &Instruction,
        op: Op,
        t: Type,
        id: u32,
    ) -> Result<()> {
        use Op::*;
        let o = i.offset;
        let x = self.value(fb, i.word(2)?, o)?;
        let xt = fb.body.value_type(x);
        let (xb, tb) = (
            xt.elem().map_or(0, Scalar::bits),
            t.elem().map_or(0, Scalar::bits),
        );
        let cop = match op {
            SConvert | SatConvertUToS if tb < xb => ConvOp::Trunc,
            SConvert => ConvOp::Sext,
            UConvert | SatConvertSToU if tb < xb => ConvOp::Trunc,
            UConvert => ConvOp::Zext,
            SatConvertUToS => ConvOp::Zext,
            SatConvertSToU => ConvOp::Sext,
            FConvert if tb < xb => ConvOp::FpTrunc,
            FConvert => ConvOp::FpExt,
            ConvertFToS => ConvOp::FpToSi,
            ConvertFToU => ConvOp::FpToUi,
            ConvertSToF => ConvOp::SiToFp,
            ConvertUToF => ConvOp::UiToFp,
            ConvertPtrToU => ConvOp::PtrToInt,
            ConvertUToPtr => ConvOp::IntToPtr,
            PtrCastToGeneric | GenericCastToPtr => ConvOp::AddrSpaceCast,
            _ => ConvOp::Bitcast,
        };
        if matches!(op, SatConvertSToU | SatConvertUToS) {
            return Err(Error::unsupported(o, i.name()));
        }
        let same = xt == t
            || (cop == ConvOp::Bitcast && xt.is_ptr() && t.is_ptr())
            || (xb == tb
                && matches!(
                    cop,
                    ConvOp::Sext | ConvOp::Zext | ConvOp::Trunc | ConvOp::FpExt | ConvOp::FpTrunc
                ));
        let saturated = self.decos.get(&id).is_some_and(|d| d.saturated);
        if saturated && !same && matches!(cop, ConvOp::Sext | ConvOp::Zext | ConvOp::Trunc) {
            // Saturating integer conversions are OpenCL C's `convert_T_sat`.
            let unsigned = op == UConvert;
            let rs = self.ctype(i.word(0)?, o)?.spell(unsigned);
            let expr = format!("convert_{rs}_sat(a0)");
            let v = self.call_expr(fb, i, t, unsigned, &[(i.word(2)?, unsigned)], &expr)?;
            fb.def(id, i.word(0)?, v);
            return Ok(());
        }
        let v = if same {
            x
        } else {
            let d = self.decos.get(&id);
            let rounding = match d.and_then(|d| d.rounding) {
                Some(FPRoundingMode::RTE) => Rounding::Rte,
                Some(FPRoundingMode::RTZ) => Rounding::Rtz,
                Some(FPRoundingMode::RTP) => Rounding::Rtp,
                Some(FPRoundingMode::RTN) => Rounding::Rtn,
                _ => Rounding::Default,
            };
            let saturate = d.is_some_and(|d| d.saturated);
            fb.ins(
                InstKind::Convert {
                    op: cop,
                    arg: x,
                    rounding,
                    saturate,
                },
                t,
            )
        };
        fb.def(id, i.word(0)?, v);
        Ok(())
    }
}

fn space(sc: StorageClass, o: usize) -> Result<AddrSpace> {
    Ok(match sc {
        StorageClass::Function => AddrSpace::Private,
        StorageClass::CrossWorkgroup => AddrSpace::Global,
        StorageClass::UniformConstant => AddrSpace::Constant,
        StorageClass::Workgroup => AddrSpace::Local,
        StorageClass::Generic => AddrSpace::Generic,
        StorageClass::Input => AddrSpace::Private,
        _ => return Err(Error::unsupported(o, format!("the storage class {sc:?}"))),
    })
}

/// OpenCL C's `cl_mem_fence_flags` for SPIR-V memory semantics: WorkgroupMemory
/// (0x100) is CLK_LOCAL_MEM_FENCE (1), CrossWorkgroupMemory (0x200) CLK_GLOBAL_MEM_FENCE (2).
fn fence_flags(sem: u64) -> u64 {
    let mut f = 0;
    if sem & 0x100 != 0 {
        f |= 1;
    }
    if sem & 0x200 != 0 {
        f |= 2;
    }
    f
}

/// `bytes` up to the first NUL as an OpenCL C string literal.
fn c_string_literal(bytes: &[u8]) -> String {
    let text = bytes.split(|&b| b == 0).next().unwrap_or(&[]);
    let mut lit = String::from("\"");
    for &b in text {
        match b {
            b'"' => lit.push_str("\\\""),
            b'\\' => lit.push_str("\\\\"),
            b'?' => lit.push_str("\\?"),
            0x20..=0x7e => lit.push(b as char),
            _ => lit.push_str(&format!("\\{b:03o}")),
        }
    }
    lit.push('"');
    lit
}

/// The float or half that the scalar double `v` is exactly: the operand of a widening
/// conversion, or a constant that a float holds exactly (a producer's folded promotion).
fn promoted_float(fb: &mut FnBuilder, v: Value) -> Option<Value> {
    if fb.body.value_type(v) != Type::F64 {
        return None;
    }
    match fb.body.insts[fb.body.value_inst(v)?].kind {
        InstKind::Convert {
            op: ConvOp::FpExt,
            arg,
            ..
        } if matches!(fb.body.value_type(arg), Type::F32 | Type::F16) => Some(arg),
        InstKind::Const(Const::Scalar(ConstScalar::Float(x)))
            if x.is_nan() || f64::from(x as f32).to_bits() == x.to_bits() =>
        {
            Some(fb.ins(
                InstKind::Const(Const::Scalar(ConstScalar::Float(x))),
                Type::F32,
            ))
        }
        _ => None,
    }
}

/// Copy `piece` bytes (1, 2, 4 or 8) from `src + off` to `dst + off`.
fn copy_piece(fb: &mut FnBuilder, dst: Value, src: Value, off: Value, piece: u64, volatile: bool) {
    let t = Type::Scalar(Scalar::int_of_bits(piece as u32 * 8).unwrap_or(Scalar::I8));
    let (st, dt) = (fb.body.value_type(src), fb.body.value_type(dst));
    let s = fb.ins(InstKind::PtrAdd(src, off), st);
    let d = fb.ins(InstKind::PtrAdd(dst, off), dt);
    let v = fb.ins(
        InstKind::Load {
            ptr: s,
            align: piece as u32,
            volatile,
        },
        t,
    );
    fb.ins_void(InstKind::Store {
        ptr: d,
        value: v,
        align: piece as u32,
        volatile,
    });
}

/// A loop copying `piece`-byte pieces from offset `from` while a whole piece fits
/// before `end` (an `i64`); returns the offset after the last piece. The current block
/// ends with the jump into the loop and the code after it goes on in a new block, which
/// keeps the SPIR-V label of the block the copy is in (its branches' phis name that).
fn copy_loop(
    fb: &mut FnBuilder,
    dst: Value,
    src: Value,
    from: Value,
    end: Value,
    piece: u64,
    volatile: bool,
) -> Value {
    let head = fb.body.create_block();
    let at = fb.body.append_block_param(head, Type::I64);
    let body = fb.body.create_block();
    let exit = fb.body.create_block();
    let done = fb.body.append_block_param(exit, Type::I64);
    if let Some(&label) = fb.labels.get(&fb.block) {
        fb.labels.insert(exit, label);
    }
    fb.ins_void(InstKind::Jump(BlockCall::new(head, vec![from])));
    fb.block = head;
    // `at + piece <= end`, written `piece <= end - at` (at <= end always), so no sum
    // can wrap.
    let left = fb.ins(InstKind::Binary(BinaryOp::Isub, end, at), Type::I64);
    let p = fb.iconst(Type::I64, piece);
    let more = fb.ins(InstKind::Icmp(IntCC::Ule, p, left), Type::I1);
    fb.ins_void(InstKind::Brif(
        more,
        BlockCall::new(body, vec![]),
        BlockCall::new(exit, vec![at]),
    ));
    fb.block = body;
    copy_piece(fb, dst, src, at, piece, volatile);
    let next = fb.ins(InstKind::Binary(BinaryOp::Iadd, at, p), Type::I64);
    fb.ins_void(InstKind::Jump(BlockCall::new(head, vec![next])));
    fb.block = exit;
    done
}

struct FnBuilder<'a> {
    body: kauai_ir::Body,
    values: HashMap<u32, Value>,
    /// SPIR-V type id of each value.
    value_types: HashMap<u32, u32>,
    blocks: HashMap<u32, Block>,
    /// The label of each block.
    labels: HashMap<Block, u32>,
    block: Block,
    phis: HashMap<Block, Vec<Instruction<'a>>>,
    terms: Vec<(Block, Instruction<'a>)>,
    /// Loads of built-in variables, materialized where used.
    builtin_loads: HashMap<u32, (BuiltIn, u32)>,
    /// Ids that point at the start of a module-scope variable.
    global_starts: HashMap<u32, GlobalId>,
    /// The result type of every id this function defines.
    pending: HashMap<u32, u32>,
    /// Values given out for ids used before their definition: (id, placeholder).
    placeholders: Vec<(u32, Value)>,
}

impl FnBuilder<'_> {
    /// Append an instruction; a `Void` one gives the value the IR reserves for none
    /// (callers never use it).
    fn ins(&mut self, kind: InstKind, ty: Type) -> Value {
        self.body
            .append(self.block, kind, ty)
            .unwrap_or_else(|| Value::from_u32(u32::MAX - 1))
    }

    fn ins_void(&mut self, kind: InstKind) {
        self.body.append(self.block, kind, Type::Void);
    }

    fn iconst(&mut self, t: Type, x: u64) -> Value {
        self.ins(InstKind::Const(Const::Scalar(ConstScalar::Int(x))), t)
    }

    fn def(&mut self, id: u32, ty: u32, v: Value) {
        // A placeholder given out earlier is replaced at the end (see `placeholders`).
        self.values.insert(id, v);
        self.value_types.insert(id, ty);
    }

    fn type_of(&self, id: u32) -> Option<u32> {
        self.value_types.get(&id).copied()
    }

    /// An integer resized (zero-extended or truncated) to `t`'s lane width: SPIR-V shift
    /// counts may have another width than the shifted value.
    fn resize_int(&mut self, v: Value, t: Type) -> Value {
        let vt = self.body.value_type(v);
        let (Some(a), Some(b)) = (vt.elem(), t.elem()) else {
            return v;
        };
        let op = match a.bits().cmp(&b.bits()) {
            std::cmp::Ordering::Equal => return v,
            std::cmp::Ordering::Less => ConvOp::Zext,
            std::cmp::Ordering::Greater => ConvOp::Trunc,
        };
        self.ins(
            InstKind::Convert {
                op,
                arg: v,
                rounding: Rounding::Default,
                saturate: false,
            },
            vt.with_elem(b),
        )
    }
}
