//! IL programs on `kauai:<mcpu>` devices: the AMD runtime's side of docs/spec/amd-runtime-abi.md.
//!
//! Building reads the IL text, validates it and reads its metadata, once for the whole
//! program. The kernels' argument lists come from the metadata lines (`;value`,
//! `;pointer`, ...) as the same [`KernelInfo`] the host device gives, so the oclc layer
//! and `kauai run` bind IL kernels exactly like OpenCL C ones. A kernel is linked (seed
//! 000, "Multiple Kernel Compilation") the first time it runs, and only that kernel:
//! running one kernel of a 500-kernel program costs one link, not 500.
//!
//! An enqueue lays out memory as the AMD runtime did for the GPU: every buffer in the
//! one global memory behind all UAVs (the first at byte 256, so that NULL is never a valid
//! address; 256-byte aligned and padded to whole dwords, so a
//! byte access through its dword does not fault at the end; the pointer argument is the
//! buffer's offset there), `__constant` buffers of `hc` pointers in their hardware
//! constant buffer, `__local` pointers after the compiler's local memory, the data
//! segment and the printf buffer after the buffers. cb1 is filled from the metadata by
//! [`Cb1Builder`], cb0 by the emulator from the launch. An atomic counter argument is a
//! buffer whose first 4 bytes are the counter's initial value, copied to the emulator's
//! counter of its `;counter:` id and back after the run.

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use kauai_amdil::abi::{local_arg_offsets, Cb0Params, Cb1Builder, ImageDesc, ImageLayout};
use kauai_amdil::metadata::{read_metadata, KernelMetadata, MdEntry, Memory as MdMemory};
use kauai_amdil::opcodes::Opcode;
use kauai_amdil::{LineKind, LinkedKernel, Number, OperandKind, Program};
use kauai_compiler::{ArgInfo, ArgKind, KernelInfo, ProgramInfo};
use kauai_diag::{Diagnostics, SourceMap};
use kauai_host::{Buffer, ExecError, ExecOptions, RunStats};
use kauai_ir::{AddrSpace, Scalar, Type};

use crate::error::RuntimeError;
use crate::kernel::KernelArg;

/// Bytes of one 32-bit counter in GDS. A counter argument's cb1 slot holds its GDS
/// offset, `id * COUNTER_BYTES` (seed 000 says "the counter's offset" without a layout;
/// Kauai's generated code never reads it).
pub const COUNTER_BYTES: u32 = 4;

/// Bytes of the printf buffer of a kernel that has `;printf_fmt` entries.
pub const PRINTF_BUFFER_BYTES: u32 = 1 << 20;

/// A built IL program: the parsed text and its kernels, each linked on first use.
pub(crate) struct IlProgram {
    /// The source, for fault messages that point at a line.
    pub sources: SourceMap,
    pub text: String,
    /// The parsed program the kernels are linked out of.
    pub program: Program,
    pub kernels: Vec<IlKernel>,
}

pub(crate) struct IlKernel {
    /// The OpenCL name (`foo` for the metadata block `__OpenCL_foo_kernel`).
    pub name: String,
    /// The name of its metadata block, which [`kauai_amdil::link`] takes.
    pub block: String,
    /// The linked kernel (or why it does not link), made on first use.
    linked: OnceLock<Result<LinkedKernel, String>>,
    /// The metadata entry of each argument, in [`KernelInfo::args`] order.
    pub args: Vec<MdEntry>,
    /// Why the kernel cannot run yet (an argument kind the emulator lacks), if so.
    pub unsupported: Option<String>,
}

impl IlProgram {
    /// Kernel `k` linked out of the program: on its first use, once.
    pub(crate) fn linked<'a>(&self, k: &'a IlKernel) -> Result<&'a LinkedKernel, String> {
        k.linked
            .get_or_init(|| {
                kauai_amdil::link(&self.program, &k.block, &kauai_amdil::intrinsics::library())
                    .map_err(|e| e.to_string())
            })
            .as_ref()
            .map_err(|e| format!("kernel `{}` does not link: {e}", k.name))
    }
}

/// Parse, validate and read the metadata of an IL program. The error is the rendered
/// diagnostics (file:line:col), for `BuildProgramFailure`. Kernels are linked later, when
/// they first run ([`IlProgram::linked`]).
pub(crate) fn build(name: &str, bytes: &[u8]) -> Result<(IlProgram, ProgramInfo, String), String> {
    let mut sources = SourceMap::new();
    let file = sources.add(name.to_string(), bytes.to_vec());
    let text = sources.file(file).text().to_string();
    let mut diags = Diagnostics::new();
    let program = kauai_amdil::parse(&sources, file, &mut diags);
    // Validate what parsed even after parse errors: one build reports both.
    kauai_amdil::validate(&program, &mut diags);
    let md = read_metadata(&program, &mut diags);
    if diags.has_errors() {
        return Err(diags.render(&sources));
    }
    // Warnings (unknown metadata keys, `;warning:` lines) are the build log.
    let log = diags.render(&sources);
    // Sets, not lists: a program of thousands of functions must not cost a scan of every
    // block per block (issue 15).
    let called: HashSet<u32> = md.kernels.iter().flat_map(|k| k.functions()).collect();
    let names: HashSet<&str> = md.kernels.iter().map(|k| k.name.as_str()).collect();
    let mut seen: HashSet<String> = HashSet::new();
    let threads = threads_per_group(&program);
    let mut kernels = Vec::new();
    let mut infos = Vec::new();
    let mut errors = Vec::new();
    for block in &md.kernels {
        let Some(short) = kernel_name(block, &names, &called) else {
            continue;
        };
        if !seen.insert(short.clone()) {
            errors.push(format!("{name}: kernel `{short}` is defined twice"));
            continue;
        }
        // As in the linked program, where `main` comes before the kernel's function.
        let reqd = threads
            .get(&MAIN)
            .copied()
            .or_else(|| block.unique_id().and_then(|id| threads.get(&id).copied()));
        let (info, args, unsupported) = kernel_info(&short, block, reqd);
        infos.push(info);
        kernels.push(IlKernel {
            name: short,
            block: block.name.clone(),
            linked: OnceLock::new(),
            args,
            unsupported,
        });
    }
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    if kernels.is_empty() {
        return Err(format!(
            "{name}: no kernel: the program has no `;ARGSTART:__OpenCL_<name>_kernel` metadata block"
        ));
    }
    Ok((
        IlProgram {
            sources,
            text,
            program,
            kernels,
        },
        ProgramInfo { kernels: infos },
        log,
    ))
}

/// Which metadata blocks are kernels: the AMD compiler names a kernel's wrapper
/// `__OpenCL_<name>_kernel` (its body is the block `<name>`, called by the wrapper). A
/// hand-written block that no other block calls (`;function:`) is a kernel too.
fn kernel_name(
    block: &KernelMetadata,
    names: &HashSet<&str>,
    called: &HashSet<u32>,
) -> Option<String> {
    if let Some(short) = block
        .name
        .strip_prefix("__OpenCL_")
        .and_then(|s| s.strip_suffix("_kernel"))
        .filter(|s| !s.is_empty())
    {
        return Some(short.to_string());
    }
    let wrapper = format!("__OpenCL_{}_kernel", block.name);
    if names.contains(wrapper.as_str()) {
        return None;
    }
    let id = block.unique_id()?;
    (!called.contains(&id)).then(|| block.name.clone())
}

/// The OpenCL name of a metadata element type (signedness is not in the 2011 metadata:
/// `i32` reads as `int`).
fn cl_type(ty: &str) -> Option<(&'static str, Scalar)> {
    Some(match ty {
        "i1" | "i32" => ("int", Scalar::I32),
        "u32" => ("uint", Scalar::I32),
        "i8" => ("char", Scalar::I8),
        "u8" => ("uchar", Scalar::I8),
        "i16" => ("short", Scalar::I16),
        "u16" => ("ushort", Scalar::I16),
        "i64" => ("long", Scalar::I64),
        "u64" => ("ulong", Scalar::I64),
        "float" => ("float", Scalar::F32),
        "double" => ("double", Scalar::F64),
        "half" => ("half", Scalar::F16),
        _ => return None,
    })
}

fn kernel_info(
    short: &str,
    md: &KernelMetadata,
    threads: Option<[u32; 3]>,
) -> (KernelInfo, Vec<MdEntry>, Option<String>) {
    let mut args = Vec::new();
    let mut entries = Vec::new();
    let mut unsupported: Option<String> = None;
    let note = |u: &mut Option<String>, m: String| {
        if u.is_none() {
            *u = Some(m);
        }
    };
    for e in &md.entries {
        let e = match e {
            MdEntry::LegacyArg(l) => l.to_current(),
            other => other.clone(),
        };
        let arg = match &e {
            MdEntry::Value(v) => {
                let (kind, type_name, size) = if v.ty == "struct" || v.ty == "union" {
                    (
                        ArgKind::ByVal {
                            size: u64::from(v.num),
                        },
                        format!("{} {}", v.ty, v.name),
                        u64::from(v.num),
                    )
                } else if v.ty == "sampler" {
                    (ArgKind::Value(Type::I32), "sampler_t".to_string(), 4)
                } else if let Some((cl, scalar)) = cl_type(&v.ty) {
                    let lanes = v.num.max(1);
                    let ty = if lanes == 1 {
                        Type::Scalar(scalar)
                    } else {
                        Type::vec(scalar, lanes)
                    };
                    let stored = if lanes == 3 { 4 } else { lanes };
                    let elem = u64::from(scalar.bits().div_ceil(8).max(1));
                    // `i1` travels as a 32-bit value (docs/spec/amd-runtime-abi.md: "Boolean scalars are
                    // equivalent to a 32bit integer").
                    let elem = if v.ty == "i1" { 4 } else { elem };
                    let name = if lanes == 1 {
                        cl.to_string()
                    } else {
                        format!("{cl}{lanes}")
                    };
                    (ArgKind::Value(ty), name, elem * u64::from(stored))
                } else {
                    note(
                        &mut unsupported,
                        format!("`{}` arguments (`;value:{}:{}`)", v.ty, v.name, v.ty),
                    );
                    (ArgKind::Value(Type::I32), v.ty.clone(), 4)
                };
                if v.cb != 1 {
                    note(
                        &mut unsupported,
                        format!(
                            "argument `{}` in cb{} (arguments live in cb1)",
                            v.name, v.cb
                        ),
                    );
                }
                ArgInfo {
                    name: v.name.clone(),
                    kind,
                    type_name,
                    access_qual: "none".into(),
                    type_qual: String::new(),
                    size,
                }
            }
            MdEntry::Pointer(p) => {
                let elem = cl_type(&p.ty).map_or(p.ty.as_str(), |(c, _)| c);
                let kind = match p.mem.as_str() {
                    "hl" | "l" => ArgKind::Local,
                    "c" | "hc" => ArgKind::Buffer(AddrSpace::Constant),
                    "uav" | "g" | "flat" => ArgKind::Buffer(AddrSpace::Global),
                    other => {
                        note(
                            &mut unsupported,
                            format!("pointer arguments in memory `{other}` (`{}`)", p.name),
                        );
                        ArgKind::Buffer(AddrSpace::Global)
                    }
                };
                if p.cb != 1 {
                    note(
                        &mut unsupported,
                        format!(
                            "argument `{}` in cb{} (arguments live in cb1)",
                            p.name, p.cb
                        ),
                    );
                }
                ArgInfo {
                    name: p.name.clone(),
                    kind,
                    type_name: format!("{elem}*"),
                    access_qual: "none".into(),
                    type_qual: if p.mem == "c" || p.mem == "hc" {
                        "const".into()
                    } else {
                        String::new()
                    },
                    size: 4,
                }
            }
            MdEntry::Image(i) => {
                let ty = match i.dim.as_str() {
                    "1D" => "image1d_t",
                    "1DA" => "image1d_array_t",
                    "1DB" => "image1d_buffer_t",
                    "2D" => "image2d_t",
                    "2DA" => "image2d_array_t",
                    "3D" => "image3d_t",
                    other => {
                        note(
                            &mut unsupported,
                            format!("`{other}` image arguments (`;image:{}`)", i.name),
                        );
                        "image2d_t"
                    }
                };
                let access = match i.access.as_str() {
                    "RO" => "read_only",
                    "WO" => "write_only",
                    other => {
                        note(
                            &mut unsupported,
                            format!("`{other}` image arguments (`;image:{}`)", i.name),
                        );
                        "read_write"
                    }
                };
                if i.cb != 1 {
                    note(
                        &mut unsupported,
                        format!(
                            "argument `{}` in cb{} (arguments live in cb1)",
                            i.name, i.cb
                        ),
                    );
                }
                ArgInfo {
                    name: i.name.clone(),
                    kind: ArgKind::Buffer(AddrSpace::Image),
                    type_name: ty.into(),
                    access_qual: access.into(),
                    type_qual: String::new(),
                    size: 4,
                }
            }
            // A counter is bound like a buffer holding its 32-bit value
            // (`cl_ext_atomic_counters_32`); the emulator keeps it by id during the run.
            MdEntry::Counter(c) => {
                if c.bits != 32 {
                    note(
                        &mut unsupported,
                        format!("{}-bit atomic counters (`;counter:{}`)", c.bits, c.name),
                    );
                }
                if c.cb != 1 {
                    note(
                        &mut unsupported,
                        format!(
                            "argument `{}` in cb{} (arguments live in cb1)",
                            c.name, c.cb
                        ),
                    );
                }
                ArgInfo {
                    name: c.name.clone(),
                    kind: ArgKind::Buffer(AddrSpace::Global),
                    type_name: format!("counter{}_t", c.bits),
                    access_qual: "none".into(),
                    type_qual: String::new(),
                    size: 4,
                }
            }
            _ => continue,
        };
        args.push(arg);
        entries.push(e);
    }
    // The 2014 metadata names each argument's OpenCL type; use it when it agrees with the
    // layout (it brings back signedness, `uint` instead of `int`, and the pointee's
    // vector width, which `;pointer` lacks: `float3*` instead of `float*`).
    for e in &md.entries {
        if let MdEntry::Reflection { index, ty } = e {
            if let Some(a) = args.get_mut(*index as usize) {
                let fits = match a.kind {
                    ArgKind::Buffer(_) | ArgKind::Local => same_pointee_scalar(&a.type_name, ty),
                    ArgKind::Value(_) => same_layout(&a.type_name, ty),
                    // `;value:NAME:struct` names no type: the reflection's (`struct P`) is
                    // the one messages should quote.
                    ArgKind::ByVal { .. } => true,
                };
                if fits {
                    a.type_name = ty.clone();
                }
            }
        }
    }
    let reqd = md
        .entries
        .iter()
        .find_map(|e| match e {
            MdEntry::Cws(c) => Some(*c),
            _ => None,
        })
        .or(threads);
    let info = KernelInfo {
        name: short.to_string(),
        args,
        reqd_work_group_size: reqd,
        work_group_size_hint: None,
        vec_type_hint: None,
        local_memory_size: u64::from(md.memory_total(|m| match m {
            MdMemory::HwLocal(n) => Some(*n),
            _ => None,
        })),
    };
    (info, entries, unsupported)
}

/// Whether two OpenCL type names have the same element size, lanes and pointer-ness.
fn same_layout(a: &str, b: &str) -> bool {
    let shape = |t: &str| {
        let t = t.trim();
        let ptr = t.ends_with('*');
        crate::oclc::layout_of(t).map(|l| (l.elem.bytes(), l.lanes, ptr))
    };
    matches!((shape(a), shape(b)), (Some(x), Some(y)) if x == y)
}

/// Whether `reflected` is a pointer to vectors (or scalars) of the scalar type the
/// `;pointer` line names in `declared` (`;pointer` metadata has scalar data types
/// only): same scalar size, both floating point or both integer.
fn same_pointee_scalar(declared: &str, reflected: &str) -> bool {
    use crate::oclc::values::ValueBytes;
    let scalar = |t: &str| {
        let t = t.trim();
        let l = crate::oclc::layout_of(t).filter(|_| t.ends_with('*'))?;
        Some((l.elem.size(), l.elem.is_float()))
    };
    matches!((scalar(declared), scalar(reflected)), (Some(x), Some(y)) if x == y)
}

/// The key of `main` in [`threads_per_group`]'s map (function ids are below 2^32 - 1
/// in practice; `main` has none).
const MAIN: u32 = u32::MAX;

/// `dcl_num_thread_per_group X, Y, Z` fixes the work-group size: the first one of each
/// function (and of `main`, under [`MAIN`]), found in one pass over the program.
fn threads_per_group(p: &Program) -> std::collections::HashMap<u32, [u32; 3]> {
    let mut out = std::collections::HashMap::new();
    let mut func = MAIN;
    for l in &p.lines {
        let LineKind::Inst(i) = &l.kind else { continue };
        match i.op {
            Opcode::Func => {
                func = i
                    .number()
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or(MAIN)
            }
            Opcode::Endfunc => func = MAIN,
            Opcode::DclNumThreadPerGroup => {
                let mut t = [1u32; 3];
                for (d, o) in i.operands.iter().take(3).enumerate() {
                    match o.kind {
                        OperandKind::Num(Number::Dec(n)) => {
                            t[d] = n.clamp(0, u32::MAX as i64) as u32
                        }
                        OperandKind::Num(Number::Hex(n)) => t[d] = n.min(u32::MAX as u64) as u32,
                        _ => {}
                    }
                }
                out.entry(func).or_insert(t);
            }
            _ => {}
        }
    }
    out
}

/// The validated shape of a launch.
pub(crate) struct Range {
    pub work_dim: u32,
    pub offset: [u64; 3],
    pub global: [u64; 3],
    pub local: [u64; 3],
}

/// Run one IL kernel on the emulator.
pub(crate) fn enqueue(
    program: &IlProgram,
    kernel: &IlKernel,
    info: &KernelInfo,
    args: &[KernelArg],
    device: &'static kauai_amdil_emu::Device,
    range: &Range,
    opts: &ExecOptions,
) -> Result<RunStats, RuntimeError> {
    let start = Instant::now();
    if let Some(u) = &kernel.unsupported {
        return Err(RuntimeError::NotSupported(format!(
            "not supported yet: {u} on the kauai emulator (kernel `{}`)",
            kernel.name
        )));
    }
    let linked = program
        .linked(kernel)
        .map_err(RuntimeError::BuildProgramFailure)?;
    let u32_of = |v: u64, what: &str| {
        u32::try_from(v).map_err(|_| {
            RuntimeError::InvalidGlobalWorkSize(format!("{what} {v} does not fit in 32 bits"))
        })
    };
    let mut global = [1u32; 3];
    let mut local = [1u32; 3];
    let mut offset = [0u32; 3];
    for d in 0..3 {
        global[d] = u32_of(range.global[d], "global size")?;
        local[d] = u32_of(range.local[d], "local size")?;
        offset[d] = u32::try_from(range.offset[d]).map_err(|_| {
            RuntimeError::InvalidGlobalOffset(format!(
                "offset {} does not fit in 32 bits",
                range.offset[d]
            ))
        })?;
    }
    let bad_arg = |name: &str, message: String| RuntimeError::InvalidArgValue {
        kernel: kernel.name.clone(),
        arg: name.to_string(),
        message,
    };
    // `__local` arguments first: their offsets go after the compiler's local memory.
    let local_sizes: Vec<(String, u32)> = info
        .args
        .iter()
        .zip(args)
        .filter_map(|(a, v)| match v {
            KernelArg::Local(n) => Some((a.name.clone(), (*n).min(u64::from(u32::MAX)) as u32)),
            _ => None,
        })
        .collect();
    let locals = local_arg_offsets(&linked.metadata, &local_sizes).map_err(|e| {
        RuntimeError::InvalidKernelArgs {
            kernel: kernel.name.clone(),
            arg: e.to_string(),
        }
    })?;
    let mut mem = kauai_amdil_emu::Memory::default();
    let mut cb1 = Cb1Builder::new();
    let layout = if device.family.evergreen_or_later() {
        ImageLayout::R8xx
    } else {
        ImageLayout::R7xx
    };
    let mut placed: Vec<(usize, Arc<Buffer>)> = Vec::new();
    let mut lds_min: Vec<(u32, u32)> = Vec::new();
    let mut emulated_local = false;
    let mut counters: Vec<(u32, Arc<Buffer>)> = Vec::new();
    for ((a, v), e) in info.args.iter().zip(args).zip(&kernel.args) {
        match (e, v) {
            (MdEntry::Pointer(p), KernelArg::Buffer(b)) => {
                let bytes = b.read_bytes();
                if p.mem == "hc" {
                    let at = kauai_amdil_emu::place_constant(linked, &mut mem, p.buf, &bytes)
                        .map_err(|m| bad_arg(&a.name, m))?;
                    cb1.pointer(p, at);
                } else {
                    let at = kauai_amdil_emu::place_buffer(&mut mem, &a.name, &bytes)
                        .map_err(|m| bad_arg(&a.name, m))?;
                    cb1.pointer(p, at);
                    if p.mem != "c" {
                        placed.push((at as usize, b.clone()));
                    }
                }
            }
            (MdEntry::Pointer(p), KernelArg::Local(_)) => {
                let at = locals
                    .offsets
                    .iter()
                    .find(|(n, _)| *n == p.name)
                    .map(|(_, o)| *o)
                    .unwrap_or(0);
                cb1.pointer(p, at);
                if p.mem == "hl" {
                    match lds_min.iter_mut().find(|(id, _)| *id == p.buf) {
                        Some((_, m)) => *m = (*m).max(locals.hw_total),
                        None => lds_min.push((p.buf, locals.hw_total)),
                    }
                } else {
                    emulated_local = true;
                }
            }
            // A null pointer (address 0 is never mapped in the emulator's memory).
            (MdEntry::Pointer(p), KernelArg::Bytes(b))
                if (p.mem == "uav" || p.mem == "c") && b.iter().all(|x| *x == 0) =>
            {
                cb1.pointer(p, 0);
            }
            (MdEntry::Value(val), KernelArg::Bytes(bytes)) => {
                cb1.value(val, bytes)
                    .map_err(|e| bad_arg(&a.name, e.to_string()))?;
            }
            (MdEntry::Counter(c), KernelArg::Buffer(b)) => {
                let bytes = b.read_bytes();
                let Some(v) = bytes.get(..4).and_then(|v| <[u8; 4]>::try_from(v).ok()) else {
                    return Err(bad_arg(
                        &a.name,
                        format!(
                            "a counter needs a buffer of at least 4 bytes, not {}",
                            bytes.len()
                        ),
                    ));
                };
                if mem.counters.iter().any(|(id, _)| *id == c.id) {
                    return Err(bad_arg(
                        &a.name,
                        format!("counter id {} is bound twice", c.id),
                    ));
                }
                mem.counters.push((c.id, u32::from_le_bytes(v)));
                cb1.counter(c, c.id * COUNTER_BYTES);
                counters.push((c.id, b.clone()));
            }
            (MdEntry::Image(i), KernelArg::Image(img)) => {
                cb1.image(i, &image_desc(img), layout);
                let at = if i.access == "WO" {
                    kauai_amdil_emu::Binding::Uav(i.id)
                } else {
                    kauai_amdil_emu::Binding::Resource(i.id)
                };
                let index = info.args.iter().position(|x| x.name == a.name).unwrap_or(0);
                let what = format!("image argument {index} `{}`", a.name);
                mem.images
                    .bound
                    .push((at, Arc::new(HostImage(img.clone(), what))));
            }
            _ => {
                return Err(bad_arg(
                    &a.name,
                    "the value does not fit the argument's metadata".into(),
                ))
            }
        }
    }
    // Each sampler id's bits: a constant's from its line, an argument's from its value.
    for e in &linked.metadata.entries {
        let MdEntry::Sampler(smp) = e else { continue };
        let bits = if smp.location == 1 {
            kauai_amdil::abi::sampler_from_amd(smp.value)
        } else {
            let value = info
                .args
                .iter()
                .zip(args)
                .find(|(a, _)| a.name == smp.name)
                .and_then(|(_, v)| match v {
                    KernelArg::Bytes(b) => <[u8; 4]>::try_from(b.as_slice()).ok(),
                    _ => None,
                });
            let Some(b) = value else {
                return Err(bad_arg(
                    &smp.name,
                    "a sampler argument needs its 4-byte value".into(),
                ));
            };
            u32::from_le_bytes(b)
        };
        mem.images.samplers.push((smp.id, bits));
    }
    let mut cb0 = Cb0Params {
        global_offset: offset,
        ..Cb0Params::default()
    };
    let device_err = |m: String| RuntimeError::Device(format!("kernel `{}`: {m}", kernel.name));
    if let Some(at) = kauai_amdil_emu::place_global_data(linked, &mut mem).map_err(device_err)? {
        cb0.data_segment = at;
    }
    let printf_at = if linked.printf.is_empty() {
        None
    } else {
        let at = kauai_amdil_emu::place_printf_buffer(&mut mem, PRINTF_BUFFER_BYTES)
            .map_err(device_err)?;
        cb0.printf_offset = at;
        cb0.printf_size = PRINTF_BUFFER_BYTES;
        Some(at as usize)
    };
    let mut launch = kauai_amdil_emu::Launch::ndrange(range.work_dim, global, local, cb0);
    launch.lds_min = lds_min;
    kauai_amdil_emu::place_rings(
        linked,
        &mut launch,
        &mut mem,
        emulated_local.then_some(locals.emulated_total),
    )
    .map_err(device_err)?;
    let emu_opts = kauai_amdil_emu::Options {
        fuel: opts.fuel.unwrap_or(u64::MAX),
        device: Some(device),
        deadline: opts.timeout.map(|t| start + t),
    };
    let report = kauai_amdil_emu::run(linked, &cb1.dwords(), &mut mem, &launch, &emu_opts)
        .map_err(|f| fault_error(program, kernel, &f))?;
    for (at, b) in &placed {
        let end = at + b.len();
        if let Some(bytes) = mem.global.get(*at..end) {
            b.write_bytes(0, bytes)?;
        }
    }
    for (id, b) in &counters {
        if let Some((_, v)) = mem.counters.iter().find(|(k, _)| k == id) {
            b.write_bytes(0, &v.to_le_bytes())?;
        }
    }
    let (printf, printf_dropped) = match printf_at {
        Some(at) => {
            let buf = &mem.global[at..];
            let text = kauai_amdil_emu::decode_printf_in(buf, &linked.printf, &mem.global);
            let dropped = kauai_amdil_emu::printf_dropped(buf);
            let err = |m| device_err(format!("printf buffer: {m}"));
            (text.map_err(err)?, dropped.map_err(err)?)
        }
        None => (String::new(), 0),
    };
    let groups: u64 = (0..3)
        .map(|d| range.global[d] / range.local[d].max(1))
        .product();
    Ok(RunStats {
        instructions: report.instructions,
        work_groups: groups,
        elapsed: start.elapsed().max(Duration::from_nanos(1)),
        printf,
        // Counted by the kernel in the printf buffer's header.
        printf_dropped: u64::from(printf_dropped),
        executor: "IL emulator".into(),
        compile_time: Duration::ZERO,
        findings: Vec::new(),
        findings_dropped: 0,
    })
}

/// A host image as the emulator reaches it: reads and writes go through the host
/// device's software sampler and conversions (`kauai_host::image`), so every device
/// computes images alike. IL says nothing of a read's or write's type, so both use the
/// image's own kind (`read_imagei` of a float image, undefined in OpenCL, reads floats'
/// bits instead of faulting as on the host).
/// The second field names the argument in messages, as the host does.
#[derive(Debug)]
struct HostImage(Arc<kauai_host::image::Image>, String);

impl kauai_amdil_emu::ImageAccess for HostImage {
    fn read(&self, sampler: u32, coord: [u32; 4], int_coords: bool) -> Result<[u32; 4], String> {
        self.0
            .read(self.0.format.ty.kind(), sampler, coord, int_coords)
            .map_err(|m| format!("{m} of {}", self.1))
    }

    fn write(&self, coord: [u32; 4], colour: [u32; 4]) -> Result<(), String> {
        self.0
            .write(self.0.format.ty.kind(), coord, colour)
            .map_err(|m| format!("{m} of {}", self.1))
    }
}

/// The image constants of `img` (docs/spec/amd-runtime-abi.md#images): sizes in pixels
/// (an array's layers are its height or depth, so `get_image_array_size` reads them
/// there), the OpenCL channel type and order values, pitches of the packed image.
fn image_desc(img: &kauai_host::image::Image) -> ImageDesc {
    let [w, h, d] = img.dims;
    let row = w.saturating_mul(img.pixel_bytes() as u32);
    ImageDesc {
        width: w,
        height: h,
        depth: d,
        data_type: img.format.ty.value(),
        channel_order: img.format.order.value(),
        row_pitch: row,
        slice_pitch: row.saturating_mul(h),
        offset: 0,
    }
}

/// The OpenCL C line an IL instruction came from: the nearest `;@ file:line:col`
/// comment above it in its function (Kauai's compiler writes them; IL from elsewhere
/// has none).
fn source_line_of(program: &IlProgram, s: kauai_diag::Span) -> Option<kauai_ir::SourcePos> {
    let f = program.sources.get(s.file)?;
    let (line, _) = f.line_col(s.start as usize);
    for l in (1..line).rev() {
        let text = f.line_text(l);
        if text.starts_with("func ") {
            return None;
        }
        if let Some((file, line, col)) = text
            .strip_prefix(';')
            .and_then(kauai_amdil::build::read_source_line)
        {
            return Some(kauai_ir::SourcePos {
                file: file.to_string(),
                line,
                col,
                text: None,
            });
        }
    }
    None
}

/// A fault as the runtime's error: faults of one work-item name it, the instruction and
/// its place in the source; limits are timeouts; a kernel that cannot start is a device
/// error.
fn fault_error(program: &IlProgram, kernel: &IlKernel, f: &kauai_amdil_emu::Fault) -> RuntimeError {
    use kauai_amdil_emu::FaultKind as K;
    let work_item = f.work_item.map(|w| w.map(u64::from));
    // With the OpenCL C line known, the IL instruction is a detail; in IL a user wrote,
    // it is where the fault is.
    let source = f.span.and_then(|s| source_line_of(program, s));
    let word = if source.is_some() { "IL" } else { "at" };
    let at = match (&f.instruction, f.span) {
        (Some(i), Some(s)) if program.sources.get(s.file).is_some() => {
            format!(" ({word} `{i}`, {})", program.sources.location(s))
        }
        (Some(i), _) => format!(" ({word} `{i}`)"),
        _ => String::new(),
    };
    match (&f.kind, work_item) {
        (K::OutOfFuel | K::Timeout, Some(w)) => RuntimeError::Execution(ExecError::Timeout {
            kernel: kernel.name.clone(),
            work_item: w,
            limit: if f.kind == K::Timeout {
                "time limit".into()
            } else {
                "instruction limit".into()
            },
        }),
        (K::BarrierDivergence { .. }, _) => RuntimeError::Execution(ExecError::BarrierDivergence {
            kernel: kernel.name.clone(),
            message: f.kind.message(Some(&program.sources)),
        }),
        (K::Unsupported(m), _) => RuntimeError::NotSupported(format!(
            "not supported yet: {m} on the kauai emulator (kernel `{}`{at})",
            kernel.name
        )),
        (kind, Some(w)) => RuntimeError::Execution(ExecError::Fault {
            kernel: kernel.name.clone(),
            work_item: w,
            message: format!("{kind}{at}"),
            at: source.map(Box::new),
            findings: Vec::new(),
        }),
        (kind, None) => RuntimeError::Device(format!("kernel `{}`: {kind}{at}", kernel.name)),
    }
}
