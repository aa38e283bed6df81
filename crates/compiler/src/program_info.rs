//! `ProgramInfo`: what the runtime needs to know about each kernel of a finalized program.

use kauai_ir::{AddrSpace, Function, Module, Type};

/// How an argument is passed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// A pointer to a buffer in global or constant memory.
    Buffer(AddrSpace),
    /// A `__local` pointer: the caller gives only a size.
    Local,
    /// A scalar or vector by value.
    Value(Type),
    /// A struct by value, `size` bytes.
    ByVal { size: u64 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgInfo {
    pub name: String,
    pub kind: ArgKind,
    /// The OpenCL type name (`float*`, `int4`, `struct S`).
    pub type_name: String,
    pub access_qual: String,
    pub type_qual: String,
    /// Bytes the caller passes (pointer size for buffers).
    pub size: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelInfo {
    pub name: String,
    pub args: Vec<ArgInfo>,
    pub reqd_work_group_size: Option<[u32; 3]>,
    pub work_group_size_hint: Option<[u32; 3]>,
    pub vec_type_hint: Option<String>,
    /// Bytes of kernel-scope `__local` variables.
    pub local_memory_size: u64,
}

/// One entry of the program's printf table (see `kauai_ir::printf`): what a device needs
/// to turn the records of `__kauai_printf.<id>` calls into text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintfDescriptor {
    pub id: u32,
    /// The format, C escapes decoded.
    pub format: String,
    /// The run-time arguments' IR types (`i32`, `f64`, `v4f32`, `ptr1`), in order.
    pub arg_types: Vec<String>,
    /// What each `%s` conversion prints, in order: a literal, or the string a run-time
    /// argument (a `__constant char *`) points to.
    pub strings: Vec<kauai_ir::printf::StrArg>,
}

impl PrintfDescriptor {
    /// The descriptors of a module's printf table, by id.
    pub fn from_module(m: &Module) -> Vec<PrintfDescriptor> {
        kauai_ir::printf::printf_table(m)
            .into_iter()
            .map(|e| PrintfDescriptor {
                id: e.id,
                format: e.format,
                arg_types: e.args.iter().map(|t| t.to_string()).collect(),
                strings: e.strings,
            })
            .collect()
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProgramInfo {
    pub kernels: Vec<KernelInfo>,
}

impl ProgramInfo {
    pub fn kernel(&self, name: &str) -> Option<&KernelInfo> {
        self.kernels.iter().find(|k| k.name == name)
    }

    /// Describe every entry point of a finalized module.
    pub fn from_module(m: &Module) -> ProgramInfo {
        let kernels = m
            .functions
            .values()
            .filter(|f| f.is_entry_point() && !f.is_declaration())
            .map(|f| kernel_info(m, f))
            .collect();
        ProgramInfo { kernels }
    }
}

fn kernel_info(m: &Module, f: &Function) -> KernelInfo {
    let types = f.meta_strs(kauai_ir::meta::KERNEL_ARG_TYPE);
    let access = f.meta_strs(kauai_ir::meta::KERNEL_ARG_ACCESS);
    let quals = f.meta_strs(kauai_ir::meta::KERNEL_ARG_TYPE_QUAL);
    let args = f
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let kind = match (p.ty, p.byval) {
                (_, Some(t)) => ArgKind::ByVal { size: m.size_of(t) },
                (Type::Ptr(AddrSpace::Local), None) => ArgKind::Local,
                (Type::Ptr(sp), None) => ArgKind::Buffer(sp),
                (t, None) => ArgKind::Value(t),
            };
            let size = match &kind {
                ArgKind::ByVal { size } => *size,
                ArgKind::Value(t) => m.size_of(*t),
                _ => m.data_layout.pointer_bytes as u64,
            };
            ArgInfo {
                name: p.name.clone(),
                kind,
                type_name: types.get(i).cloned().unwrap_or_default(),
                access_qual: access.get(i).cloned().unwrap_or_else(|| "none".into()),
                type_qual: quals.get(i).cloned().unwrap_or_default(),
                size,
            }
        })
        .collect();
    let local_memory_size = f
        .attr(kauai_ir::attr::MUX_LOCAL_MEM_USAGE)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| local_usage(m, f));
    KernelInfo {
        name: f.name.clone(),
        args,
        reqd_work_group_size: f.reqd_work_group_size(),
        work_group_size_hint: f
            .meta_ints::<3>(kauai_ir::meta::WORK_GROUP_SIZE_HINT)
            .map(|[x, y, z]| [x as u32, y as u32, z as u32]),
        vec_type_hint: f
            .meta_strs(kauai_ir::meta::VEC_TYPE_HINT)
            .into_iter()
            .next(),
        local_memory_size,
    }
}

/// Bytes of the `__local` globals a function refers to directly.
fn local_usage(m: &Module, f: &Function) -> u64 {
    let Some(body) = &f.body else { return 0 };
    let mut seen = std::collections::BTreeSet::new();
    for b in &body.order {
        for i in &body.blocks[*b].insts {
            if let kauai_ir::InstKind::GlobalAddr(g) = body.insts[*i].kind {
                if m.globals[g].space == AddrSpace::Local {
                    seen.insert(g);
                }
            }
        }
    }
    seen.iter()
        .map(|g| {
            m.size_of(m.globals[*g].ty)
                .next_multiple_of(m.globals[*g].align.max(1) as u64)
        })
        .sum()
}
