//! The program layout of docs/spec/amd-runtime-abi.md#multi-kernel-programs-and-linking: the `main` with the link point, for every kernel a
//! wrapper that moves the arguments from cb1 into registers and calls the kernel's body,
//! every function followed by its metadata block, the data segment, `end`.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use kauai_amdil::build::{self as b, dcl, Mask, Reg, Swz};
use kauai_amdil::opcodes::{op, Opcode};
use kauai_amdil::{Line, LineKind, Program, Stage};

use kauai_amdil::metadata::{
    CounterArg, DataRow, DataSegment, ImageArg, KernelMetadata, MdEntry, Memory, PointerArg,
    SamplerArg, ValueArg,
};
use kauai_ir::{
    AddrSpace, Aggregate, DataLayout, FuncId, Function, GlobalId, InstKind, Module, Reloc, Scalar,
    SecondaryMap, Type,
};

use crate::func::{
    Facts, FnGen, Shared, ARENA_UAV, FIRST_REG, LDS_ID, RAW_UAV, R_LOCAL, R_PRIVATE,
};
use crate::il::{Lits, Shape, VLoc};
use crate::{GenError, TargetOptions};

/// The metadata version printed: the 2011 backend's (the era of AMD's ABI text).
pub const VERSION: (u32, u32, u32) = (2, 0, 74);

/// Slots of cb0 the runtime fills (`cb0[0]` .. `cb0[8]`).
const CB0_SLOTS: u32 = 9;

/// `;error:` messages: a 4-character code, then at most 32 characters in all (docs/spec/amd-runtime-abi.md#the-metadata-block).
pub const ERR_DOUBLES: &str = "E001:Doubles are not supported";
pub const ERR_LOCAL: &str = "E002:Local memory exceeds device";

/// How one kernel argument travels.
#[derive(Clone, Debug)]
enum ArgKind {
    Pointer {
        local: bool,
    },
    Value(Type),
    ByVal {
        size: u32,
    },
    /// Two slots of image constants, read in place by the queries.
    Image,
    /// An atomic counter: its slot holds the counter's GDS offset, which the code never
    /// reads (the append instructions name the counter by id).
    Counter,
}

#[derive(Clone, Debug)]
struct Arg {
    name: String,
    kind: ArgKind,
    slot: u32,
    entry: MdEntry,
}

fn meta_type(s: Scalar) -> &'static str {
    match s {
        Scalar::I1 => "i1",
        Scalar::I8 => "i8",
        Scalar::I16 => "i16",
        Scalar::I32 => "i32",
        Scalar::I64 => "i64",
        Scalar::F16 => "half",
        Scalar::F32 => "float",
        Scalar::F64 => "double",
    }
}

/// Does an OpenCL type name (`uint4`, `unsigned char*`, `size_t`) name an unsigned
/// integer type?
fn is_unsigned(type_name: &str) -> bool {
    let base = type_name.trim_end_matches('*').trim();
    base.contains("unsigned")
        || base.ends_with("size_t")
        || base.split_whitespace().any(|w| {
            let stem = w.trim_end_matches(|c: char| c.is_ascii_digit());
            matches!(stem, "uchar" | "ushort" | "uint" | "ulong" | "uintptr_t")
        })
}

/// The metadata name of an integer type of `bits` bits (`u32` for unsigned ones: the
/// AMD runtime's names; AMD's 2009 type list is signless).
fn int_name(bits: u32, unsigned: bool) -> &'static str {
    match (bits, unsigned) {
        (8, false) => "i8",
        (8, true) => "u8",
        (16, false) => "i16",
        (16, true) => "u16",
        (64, false) => "i64",
        (64, true) => "u64",
        (_, false) => "i32",
        (_, true) => "u32",
    }
}

/// The pointee of a pointer argument from its OpenCL type name (`float4*`): metadata
/// type and alignment (the pointee's size rounded up to a power of two).
fn pointee(type_name: &str) -> (&'static str, u32) {
    let unsigned = is_unsigned(type_name);
    let base = type_name
        .trim_end_matches('*')
        .split_whitespace()
        .filter(|w| {
            !matches!(
                *w,
                "const" | "volatile" | "restrict" | "unsigned" | "signed"
            )
        })
        .collect::<Vec<_>>()
        .join(" ");
    let digits = base.len() - base.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (stem, n) = base.split_at(base.len() - digits);
    let lanes: u32 = n.parse().unwrap_or(1);
    let stem = match stem {
        "uchar" | "ushort" | "uint" | "ulong" => &stem[1..],
        s => s,
    };
    let (ty, bytes) = match stem {
        "char" | "bool" => (int_name(8, unsigned), 1),
        "short" => (int_name(16, unsigned), 2),
        "int" | "size_t" | "ptrdiff_t" | "intptr_t" | "uintptr_t" | "" => {
            (int_name(32, unsigned), 4)
        }
        "long" => (int_name(64, unsigned), 8),
        "float" => ("float", 4),
        "double" => ("double", 8),
        "half" => ("half", 2),
        _ => ("struct", 16),
    };
    let lanes = if lanes == 3 { 4 } else { lanes.max(1) };
    (ty, (bytes * lanes).next_power_of_two())
}

/// The arguments of a kernel with their cb1 slots (docs/spec/amd-runtime-abi.md#kernel-arguments-in-cb1: every
/// argument starts a new 16-byte slot, from offset 0 of cb1).
fn kernel_args(m: &Module, f: &Function, r7xx: bool) -> Result<Vec<Arg>, GenError> {
    let types = f.meta_strs(kauai_ir::meta::KERNEL_ARG_TYPE);
    let mut slot = 0u32;
    let mut out = Vec::new();
    for (i, p) in f.params.iter().enumerate() {
        let name = if p.name.is_empty() {
            format!("arg{i}")
        } else {
            p.name.clone()
        };
        let (kind, slots, entry) = match (p.ty, p.byval) {
            (_, Some(t)) => {
                let size = m.size_of(t) as u32;
                let e = MdEntry::Value(ValueArg {
                    name: name.clone(),
                    ty: "struct".into(),
                    num: size,
                    cb: 1,
                    offset: slot * 16,
                });
                (ArgKind::ByVal { size }, size.div_ceil(16).max(1), e)
            }
            // The resource or UAV id is the image plan's (`kernel_layout`).
            (Type::Ptr(AddrSpace::Image), None) => {
                let write = f
                    .meta_strs(kauai_ir::meta::KERNEL_ARG_ACCESS)
                    .get(i)
                    .is_some_and(|a| a == "write_only");
                let e = MdEntry::Image(ImageArg {
                    name: name.clone(),
                    dim: String::new(),
                    access: if write { "WO" } else { "RO" }.into(),
                    id: 0,
                    cb: 1,
                    offset: slot * 16,
                });
                (ArgKind::Image, 2, e)
            }
            // The counter id is the plan's (`kernel_layout`).
            (Type::Ptr(AddrSpace::Global), None) if crate::images::is_counter(f, i) => {
                let e = MdEntry::Counter(CounterArg {
                    name: name.clone(),
                    bits: 32,
                    id: 0,
                    cb: 1,
                    offset: slot * 16,
                });
                (ArgKind::Counter, 1, e)
            }
            // A sampler travels as its 32-bit bit field (seed 000, "Sampler Arguments").
            _ if crate::images::is_sampler(f, i) => {
                let e = MdEntry::Value(ValueArg {
                    name: name.clone(),
                    ty: "sampler".into(),
                    num: 1,
                    cb: 1,
                    offset: slot * 16,
                });
                (ArgKind::Value(Type::I32), 1, e)
            }
            (Type::Ptr(sp), None) => {
                let (mem, buf, local) = match sp {
                    AddrSpace::Global => ("uav", RAW_UAV, false),
                    AddrSpace::Constant => ("c", RAW_UAV, false),
                    AddrSpace::Local if r7xx => ("l", RAW_UAV, true),
                    AddrSpace::Local => ("hl", LDS_ID, true),
                    other => {
                        return Err(GenError::Unsupported(format!(
                            "kernel argument `{name}` in the {} address space",
                            other.cl_name()
                        )))
                    }
                };
                let (ty, align) = pointee(types.get(i).map(String::as_str).unwrap_or(""));
                let e = MdEntry::Pointer(PointerArg {
                    name: name.clone(),
                    ty: ty.into(),
                    num: 1,
                    cb: 1,
                    offset: slot * 16,
                    mem: mem.into(),
                    buf,
                    align,
                    extra: None,
                });
                (ArgKind::Pointer { local }, 1, e)
            }
            (t, None) => {
                let sh = Shape::of(t)?;
                let elem = t.elem().unwrap_or(Scalar::I32);
                let slots = if sh.bits < 32 {
                    (sh.lanes as u32).div_ceil(4).max(1)
                } else {
                    (m.size_of(t) as u32).div_ceil(16).max(1)
                };
                let tn = types.get(i).map(String::as_str).unwrap_or("");
                let ty = if elem.is_int() && elem != Scalar::I1 {
                    int_name(elem.bits(), is_unsigned(tn))
                } else {
                    meta_type(elem)
                };
                let e = MdEntry::Value(ValueArg {
                    name: name.clone(),
                    ty: ty.into(),
                    num: sh.lanes as u32,
                    cb: 1,
                    offset: slot * 16,
                });
                (ArgKind::Value(t), slots, e)
            }
        };
        out.push(Arg {
            name,
            kind,
            slot,
            entry,
        });
        slot += slots;
    }
    Ok(out)
}

/// The arguments of a kernel with their cb1 slots, and its images and samplers (the
/// `;image:` entries get their resource or UAV ids from the plan).
fn kernel_layout(
    m: &Module,
    f: &Function,
    r7xx: bool,
) -> Result<(Vec<Arg>, crate::images::KernelImages), GenError> {
    let mut args = kernel_args(m, f, r7xx)?;
    let slots: Vec<u32> = args.iter().map(|a| a.slot).collect();
    let plan = crate::images::plan(f, &slots, r7xx)?;
    for (a, p) in args.iter_mut().zip(&plan.params) {
        if let (MdEntry::Image(e), Some(p)) = (&mut a.entry, p) {
            e.dim = p.dim().into();
            e.id = p.resource.or(p.uav).unwrap_or(0);
        }
    }
    for (a, id) in args.iter_mut().zip(&plan.counters) {
        if let (MdEntry::Counter(c), Some(id)) = (&mut a.entry, id) {
            c.id = *id;
        }
    }
    Ok((args, plan))
}

/// Whether kernel `f` takes pointer arguments (which live behind the raw UAV; counters
/// do not).
fn has_pointer_args(f: &Function) -> bool {
    f.params.iter().enumerate().any(|(i, p)| {
        p.byval.is_some()
            || matches!(p.ty, Type::Ptr(sp) if sp != AddrSpace::Image)
                && !crate::images::is_counter(f, i)
    })
}

/// Everything known about one function after translation.
#[derive(Clone)]
struct Done {
    lines: Vec<Line>,
    facts: Facts,
    locals: BTreeSet<GlobalId>,
    data: bool,
    /// End of this function's private frame (absolute in the slot).
    frame_end: u32,
}

pub(crate) fn generate(m: &Module, opts: &TargetOptions) -> Result<String, GenError> {
    if m.data_layout != DataLayout::GPU32 {
        return Err(GenError::Invalid(
            "the amdil target compiles modules with 32-bit pointers (DataLayout::GPU32)".into(),
        ));
    }
    let all_defined: Vec<FuncId> = m
        .functions
        .iter()
        .filter(|(_, f)| f.body.is_some())
        .map(|(id, _)| id)
        .collect();
    let is_kernel = |f: &Function| f.is_entry_point();

    // Direct calls and the `__local` variables each function names.
    let mut calls: SecondaryMap<FuncId, BTreeSet<FuncId>> = SecondaryMap::new();
    let mut locals_of: SecondaryMap<FuncId, BTreeSet<GlobalId>> = SecondaryMap::new();
    let mut data_of: SecondaryMap<FuncId, bool> = SecondaryMap::new();
    for &f in &all_defined {
        let Some(b) = m.functions[f].body.as_ref() else {
            continue;
        };
        for blk in &b.order {
            for i in &b.blocks[*blk].insts {
                match &b.insts[*i].kind {
                    InstKind::Call(c, _) if m.functions[*c].body.is_some() => {
                        calls[f].insert(*c);
                    }
                    InstKind::GlobalAddr(g) => match m.globals[*g].space {
                        AddrSpace::Local => {
                            locals_of[f].insert(*g);
                        }
                        _ => data_of[f] = true,
                    },
                    _ => {}
                }
            }
        }
    }
    // Only what a kernel reaches is compiled: a helper nothing calls would run in no
    // kernel, so nothing declares the resources it uses (a `__local` pointer parameter
    // makes it use LDS, which only the wrappers of kernels reaching it declare).
    let mut reached: SecondaryMap<FuncId, bool> = SecondaryMap::new();
    let mut work: Vec<FuncId> = all_defined
        .iter()
        .copied()
        .filter(|f| is_kernel(&m.functions[*f]))
        .collect();
    for &k in &work {
        reached[k] = true;
    }
    while let Some(f) = work.pop() {
        for &c in &calls[f] {
            if !reached[c] {
                reached[c] = true;
                work.push(c);
            }
        }
    }
    let defined: Vec<FuncId> = all_defined.into_iter().filter(|f| reached[*f]).collect();

    // Ids from 1024 in module order; a kernel's wrapper comes right before its body.
    let mut next_id = 1024u32;
    let mut ids: SecondaryMap<FuncId, u32> = SecondaryMap::new();
    let mut wrapper_ids: SecondaryMap<FuncId, u32> = SecondaryMap::new();
    for &f in &defined {
        if is_kernel(&m.functions[f]) {
            wrapper_ids[f] = next_id;
            next_id += 1;
        }
        ids[f] = next_id;
        next_id += 1;
    }

    // No recursion.
    check_acyclic(m, &defined, &calls)?;

    let (local_off, local_end) = local_layout(m, &defined, &calls, &locals_of);

    // The data segment (emulated global memory, cb0[8].x).
    let (data_off, segment) = data_segment(m)?;

    // Private frames, laid out as a stack: a function's frame starts after the frame of
    // every function that calls it, so the frames of a call chain (the only ones live
    // together, without recursion) never overlap, and a kernel needs the frames of its
    // deepest chain rather than every frame of the program. Each wrapper's by-value
    // copies go after everything its kernel reaches (below, from the summaries).
    let mut allocas = HashMap::new();
    let mut frame_start: SecondaryMap<FuncId, u32> = SecondaryMap::new();
    let mut frame_end: SecondaryMap<FuncId, u32> = SecondaryMap::new();
    // Callers before callees: the reverse of a post-order of the acyclic call graph.
    for &f in post_order(&defined, &calls).iter().rev() {
        let Some(b) = m.functions[f].body.as_ref() else {
            continue;
        };
        let mut at = frame_start[f];
        for blk in &b.order {
            for i in &b.blocks[*blk].insts {
                if let InstKind::Alloca { ty, align } = &b.insts[*i].kind {
                    at = align_up(at, (*align).clamp(4, 16));
                    allocas.insert((f, *i), at);
                    at = at.saturating_add(u32::try_from(m.size_of(*ty)).unwrap_or(u32::MAX));
                }
            }
        }
        frame_end[f] = at;
        for &c in &calls[f] {
            frame_start[c] = frame_start[c].max(at);
        }
    }

    let mut sh = Shared {
        m,
        opts,
        lits: Lits::default(),
        next_reg: FIRST_REG,
        ids: ids.clone(),
        params: SecondaryMap::new(),
        rets: SecondaryMap::new(),
        allocas,
        local_off,
        data_off,
        images: HashMap::new(),
    };
    for &f in &defined {
        if is_kernel(&m.functions[f]) {
            let (_, plan) = kernel_layout(m, &m.functions[f], sh.r7xx())?;
            // Its body reads its images and samplers by its own resource and sampler
            // ids, which a calling kernel's arguments are not bound to.
            let takes_images = plan.params.iter().any(Option::is_some)
                || plan.samplers.iter().any(|s| s.param.is_some());
            if let Some(&caller) = defined.iter().find(|&&c| calls[c].contains(&f)) {
                if takes_images {
                    return Err(GenError::Unsupported(format!(
                        "kernel `{}` takes images or samplers and is called by `{}` (its resources are numbered for its own arguments)",
                        m.functions[f].name, m.functions[caller].name
                    )));
                }
            }
            sh.images.insert(f, plan);
        }
    }
    let _ = sh.lits.get([0; 4]);
    for &f in &defined {
        let func = &m.functions[f];
        let mut ps = Vec::new();
        for p in &func.params {
            ps.push(sh.alloc(Shape::of(p.ty)?.chunks()));
        }
        sh.params[f] = ps;
        sh.rets[f] = match func.ret {
            Type::Void => None,
            t => Some(sh.alloc(Shape::of(t)?.chunks())),
        };
    }

    let mut done: SecondaryMap<FuncId, Option<Done>> = SecondaryMap::new();
    for &f in &defined {
        let (lines, facts) = FnGen::new(&mut sh, f)?.run()?;
        done[f] = Some(Done {
            lines,
            facts,
            locals: locals_of[f].clone(),
            data: data_of[f],
            frame_end: frame_end[f],
        });
    }

    // Eight write-only images take every UAV, the raw UAV of global memory included.
    for (&k, plan) in &sh.images {
        if !plan.no_raw_uav {
            continue;
        }
        let mut seen = BTreeSet::from([k]);
        let mut work = vec![k];
        while let Some(f) = work.pop() {
            let raw = done[f].as_ref().is_some_and(|d| {
                d.lines.iter().any(|l| match &l.kind {
                    LineKind::Inst(i) => {
                        i.op.resource() == Some(kauai_amdil::opcodes::Resource::Uav)
                            && i.op != Opcode::UavStore
                    }
                    _ => false,
                })
            });
            if raw || has_pointer_args(&m.functions[k]) {
                return Err(GenError::Unsupported(format!(
                    "kernel `{}` has {} write-only images, which take UAVs 1-{} and leave no raw UAV for global memory, and it uses global memory",
                    m.functions[k].name,
                    crate::images::MAX_WRITE_IMAGES,
                    crate::images::MAX_WRITE_IMAGES
                )));
            }
            for &c in &calls[f] {
                if seen.insert(c) {
                    work.push(c);
                }
            }
        }
    }
    let reach = reach_summaries(&defined, &calls, &done, &local_end);
    let mut body: Vec<Line> = Vec::new();
    let mut used_macros = BTreeSet::new();
    let mut dmacros = BTreeSet::new();
    for &f in &defined {
        let func = &m.functions[f];
        let Some(d) = done[f].as_ref() else { continue };
        if is_kernel(func) {
            let r = &reach[f];
            let agg = Facts {
                uses_lds: r.uses_lds,
                uses_arena: r.uses_arena,
                writes_global: r.writes_global,
                uses_doubles: r.uses_doubles,
                // Only "any barrier" is read (`;limitgroupsize`).
                barriers: u32::from(r.barriers),
                ..Facts::default()
            };
            let data = r.data;
            let byval_start = align_up(r.frame_end, 16);
            let mut private = byval_start;
            for p in &func.params {
                if let Some(t) = p.byval {
                    let size = u32::try_from(m.size_of(t)).unwrap_or(u32::MAX);
                    private = align_up(private, 16).saturating_add(align_up(size, 16));
                }
            }
            let static_local = r.static_local;
            let w = wrapper(
                &mut sh,
                f,
                wrapper_ids[f],
                &agg,
                static_local,
                private,
                data,
                byval_start,
            )?;
            body.extend(w);
        }
        let comment = format!(" {}", func.name);
        let id = i64::from(ids[f]);
        body.push(Line::commented(b::numbered(op::Func, id), &comment));
        body.extend(d.lines.iter().cloned());
        body.push(Line::commented(b::bare(op::Endfunc), comment));
        let mut entries = vec![MdEntry::UniqueId(ids[f])];
        let callees: Vec<u32> = d.facts.callees.iter().map(|c| ids[*c]).collect();
        if !callees.is_empty() {
            entries.push(MdEntry::Function(callees));
        }
        if !d.facts.intrinsics.is_empty() {
            if opts.macrodb {
                used_macros.extend(d.facts.intrinsics.iter().copied());
            } else {
                entries.push(MdEntry::Intrinsic(
                    d.facts.intrinsics.iter().copied().collect(),
                ));
            }
        }
        entries.extend(d.facts.printf.iter().cloned().map(MdEntry::PrintfFmt));
        dmacros.extend(d.facts.dmacros.iter().copied());
        let md = KernelMetadata {
            name: func.name.clone(),
            entries,
            loc: Default::default(),
        };
        body.extend(Line::comments(&md.to_string()));
    }

    // The double math macros live in the unit (not in the runtime's library): they are
    // generated with the program's literals, so before the literals are printed.
    let dmacro_text = crate::dmath::macros(&dmacros, &mut sh.lits);
    let major = if opts.device.name == "test" { 3 } else { 2 };
    let mut p = Program::default();
    p.lines.push(Line::header(Stage::Cs, major, 0));
    p.lines.push(dcl::cb(0, CB0_SLOTS).into());
    p.lines.extend(sh.lits.decls());
    p.lines.push(Line::comment(kauai_amdil::link::LINK_MARK));
    p.lines.push(b::bare(op::Endmain).into());
    if !used_macros.is_empty() {
        p.lines.extend(embedded_macros(&used_macros)?);
    }
    p.lines.extend(dmacro_text);
    p.lines.extend(body);
    if let Some(seg) = segment {
        p.lines.extend(Line::comments(&seg.to_string()));
    }
    p.lines.push(b::bare(op::End).into());
    Ok(p.to_string())
}

/// The kernel wrapper `func` and its metadata block.
#[allow(clippy::too_many_arguments)]
fn wrapper(
    sh: &mut Shared,
    f: FuncId,
    id: u32,
    facts: &Facts,
    static_local: u32,
    private: u32,
    data: bool,
    byval_base: u32,
) -> Result<Vec<Line>, GenError> {
    let m = sh.m;
    let opts = sh.opts;
    let func = &m.functions[f];
    let r7xx = sh.r7xx();
    let (args, _) = kernel_layout(m, func, r7xx)?;
    let images = sh.images.get(&f).cloned().unwrap_or_default();
    let wname = format!("__OpenCL_{}_kernel", func.name);
    let slots: u32 = args
        .iter()
        .map(|a| match &a.entry {
            MdEntry::Value(v) if v.ty == "struct" => a.slot + v.num.div_ceil(16).max(1),
            MdEntry::Value(v) => {
                let es = kauai_amdil::abi::type_size(&v.ty).unwrap_or(4);
                let n = if es < 4 {
                    v.num.div_ceil(4).max(1)
                } else {
                    (es * if v.num == 3 { 4 } else { v.num })
                        .div_ceil(16)
                        .max(1)
                };
                a.slot + n
            }
            _ => a.slot + 1,
        })
        .max()
        .unwrap_or(0);
    let has_local_args = args
        .iter()
        .any(|a| matches!(a.kind, ArgKind::Pointer { local: true, .. }));
    let wcomment = format!(" {wname}");
    let mut s = vec![Line::commented(
        b::numbered(op::Func, i64::from(id)),
        &wcomment,
    )];
    let mut e = |i: kauai_amdil::Inst| s.push(i.into());
    e(dcl::cb(1, slots.max(1)));
    if !images.no_raw_uav {
        e(dcl::resource(op::DclRawUav, RAW_UAV));
    }
    for p in images.params.iter().flatten() {
        if let Some(r) = p.resource {
            e(dcl::texture(r, p.decl_type()));
        }
        if let Some(u) = p.uav {
            e(dcl::typed_uav(u, p.decl_type()));
        }
    }
    if facts.uses_arena {
        e(dcl::resource(op::DclArenaUav, ARENA_UAV));
    }
    if facts.uses_lds {
        // The compiler's own local memory; `__local` pointer arguments come after it and
        // the runtime adds their sizes (docs/spec/amd-runtime-abi.md#private-and-local-memory).
        e(dcl::lds(LDS_ID, align_up(static_local, 4)));
    }
    match func.reqd_work_group_size() {
        Some(size) => e(dcl::num_thread_per_group(size)),
        None => e(dcl::max_thread_per_group(opts.max_group_items())),
    }
    if private > 0 {
        let tid = Reg::special(kauai_amdil::RegFile::AbsTidFlat).x();
        let (size, base) = (Reg::cb(0, 3).y(), Reg::cb(0, 3).x());
        e(b::alu(
            op::Imad,
            Reg::r(R_PRIVATE).dst(Mask::X),
            [tid, size, base],
        ));
    }
    if r7xx && (static_local > 0 || has_local_args) {
        let gid = Reg::special(kauai_amdil::RegFile::ThreadGrpIdFlat).x();
        let (size, base) = (Reg::cb(0, 4).y(), Reg::cb(0, 4).x());
        e(b::alu(
            op::Imad,
            Reg::r(R_LOCAL).dst(Mask::X),
            [gid, size, base],
        ));
    }
    let params = sh.params[f].clone();
    let mut byval_at = byval_base;
    for (a, p) in args.iter().zip(&params) {
        s.push(Line::comment(format!(" Kernel arg setup: {}", a.name)));
        let cb = |k: u32| Reg::cb(1, a.slot + k);
        match &a.kind {
            ArgKind::Pointer { local: true, .. } if r7xx => {
                let i = b::alu(op::Iadd, p.d(0, &[0]), [cb(0).x(), Reg::r(R_LOCAL).x()]);
                s.push(i.into());
            }
            ArgKind::Pointer { .. } => s.push(b::alu(op::Mov, p.d(0, &[0]), [cb(0).x()]).into()),
            ArgKind::ByVal { size } => {
                byval_at = align_up(byval_at, 16);
                let o = sh.lits.splat(byval_at);
                let i = b::alu(op::Iadd, p.d(0, &[0]), [Reg::r(R_PRIVATE).x(), o]);
                s.push(i.into());
                let dwords = size.div_ceil(4);
                for q in 0..size.div_ceil(16) {
                    let n = (dwords - 4 * q).min(4) as usize;
                    let comps: Vec<usize> = (0..n).collect();
                    let addr = if q == 0 {
                        p.r(0).x()
                    } else {
                        let t = sh.alloc(1).r(0);
                        let o = sh.lits.splat(16 * q);
                        s.push(b::alu(op::Iadd, t.dst(Mask::X), [p.r(0).x(), o]).into());
                        t.x()
                    };
                    let mem = Reg::mem(0).dst(Mask::of(&comps));
                    let i = b::mem(op::UavRawStore, RAW_UAV, mem, [addr, cb(q).src()]);
                    s.push(i.into());
                }
                byval_at = byval_at.saturating_add(align_up(*size, 16));
            }
            ArgKind::Value(t) => {
                let vs = Shape::of(*t)?;
                copy_value_arg(sh, &mut s, p, vs, a.slot);
            }
            ArgKind::Image | ArgKind::Counter => {}
        }
    }
    let call = b::numbered(op::Call, i64::from(sh.ids[f]));
    s.push(Line::commented(call, format!(" {}", func.name)));
    if !facts.writes_global && !images.no_raw_uav {
        // SC removes kernels without memory writes: a store that never runs (docs/spec/amd-runtime-abi.md#private-and-local-memory,
        // "Reserved write").
        let z = sh.lits.splat(0);
        let mem = Reg::mem(0).dst(Mask::X);
        s.push(b::cond(op::IfLogicalz, Reg::cb(0, 0).x()).into());
        s.push(b::mem(op::UavRawStore, RAW_UAV, mem, [Reg::cb(0, 3).x(), z]).into());
        s.push(b::bare(op::Endif).into());
    }
    s.push(b::bare(op::Ret).into());
    s.push(Line::commented(b::bare(op::Endfunc), wcomment));

    let mut e = vec![
        MdEntry::Version {
            major: VERSION.0,
            minor: VERSION.1,
            revision: VERSION.2,
        },
        MdEntry::Device(opts.device.name.into()),
        MdEntry::UniqueId(id),
    ];
    if private > 0 {
        e.push(MdEntry::Memory(Memory::Private(align_up(private, 16))));
    }
    if static_local > 0 {
        e.push(MdEntry::Memory(if r7xx {
            Memory::Local(align_up(static_local, 4))
        } else {
            Memory::HwLocal(align_up(static_local, 4))
        }));
    }
    if let Some(c) = func.reqd_work_group_size() {
        e.push(MdEntry::Cws(c));
    }
    e.extend(args.iter().map(|a| a.entry.clone()));
    // The OpenCL type of each argument (the AMD runtime's later key): the 2009 type list's types
    // lose vector pointees (`float3*`) and signedness.
    let types = func.meta_strs(kauai_ir::meta::KERNEL_ARG_TYPE);
    for (i, t) in types.iter().enumerate() {
        if !t.is_empty() {
            e.push(MdEntry::Reflection {
                index: i as u32,
                ty: t.clone(),
            });
        }
    }
    if data {
        e.push(MdEntry::Memory(Memory::DataReqd));
    }
    if !facts.writes_global && !images.no_raw_uav {
        e.push(MdEntry::Memory(Memory::CompilerWrite));
    }
    if opts.barrier_detect && facts.barriers > 0 {
        e.push(MdEntry::LimitGroupSize);
    }
    e.push(MdEntry::Function(vec![sh.ids[f]]));
    e.extend(images.samplers.iter().map(|s| {
        MdEntry::Sampler(SamplerArg {
            name: s.name.clone(),
            id: s.id,
            location: u32::from(s.value.is_some()),
            value: s.value.map_or(0, kauai_amdil::abi::sampler_to_amd),
        })
    }));
    if facts.uses_doubles && !opts.fp64 {
        e.push(MdEntry::Error(ERR_DOUBLES.into()));
    }
    if static_local > opts.device.local_bytes {
        e.push(MdEntry::Error(ERR_LOCAL.into()));
    }
    if !images.no_raw_uav {
        e.push(MdEntry::UavId(RAW_UAV));
    }
    let md = KernelMetadata {
        name: wname,
        entries: e,
        loc: Default::default(),
    };
    s.extend(Line::comments(&md.to_string()));
    Ok(s)
}

/// Move a by-value argument from its cb1 slots into its registers, unpacking 8- and
/// 16-bit vectors (packed, every 4 components starting a new slot).
fn copy_value_arg(sh: &mut Shared, s: &mut Vec<Line>, p: &VLoc, vs: Shape, slot: u32) {
    let arg = |c: u32| Reg::cb(1, slot + c);
    if vs.bits == 1 {
        // A boolean is passed as 0 or 1; in registers it is a mask.
        s.push(b::alu(op::Inegate, p.d(0, &[0]), [arg(0).x()]).into());
        return;
    }
    if vs.bits >= 32 {
        for c in 0..vs.chunks() {
            let comps = vs.chunk_comps(c);
            s.push(b::alu(op::Mov, p.d(c, &comps), [arg(c as u32).src()]).into());
        }
        return;
    }
    if vs.lanes == 1 {
        s.push(b::alu(op::Mov, p.d(0, &[0]), [arg(0).x()]).into());
        return;
    }
    let es = vs.bits / 8;
    for c in 0..vs.chunks() {
        let comps = vs.chunk_comps(c);
        // Lane k of the chunk is in dword (k * es) / 4 at bit ((k * es) % 4) * 8.
        let sw: Vec<usize> = (0..4).map(|k| (k * es as usize) / 4).collect();
        let shifts: [u32; 4] = std::array::from_fn(|k| ((k as u32 * es) % 4) * 8);
        let l = Reg::l(sh.lits.get(shifts)).src();
        let words = arg(c as u32).swz(Swz::of(&sw));
        s.push(b::alu(op::Ushr, p.d(c, &comps), [words, l]).into());
    }
}

/// What a kernel needs to know about every function it reaches (itself included).
#[derive(Clone, Default)]
struct Reach {
    uses_lds: bool,
    uses_arena: bool,
    writes_global: bool,
    uses_doubles: bool,
    barriers: bool,
    data: bool,
    /// The highest private frame end.
    frame_end: u32,
    /// The highest end of a kernel-scope `__local` variable used.
    static_local: u32,
}

impl Reach {
    fn join(&mut self, o: &Reach) {
        self.uses_lds |= o.uses_lds;
        self.uses_arena |= o.uses_arena;
        self.writes_global |= o.writes_global;
        self.uses_doubles |= o.uses_doubles;
        self.barriers |= o.barriers;
        self.data |= o.data;
        self.frame_end = self.frame_end.max(o.frame_end);
        self.static_local = self.static_local.max(o.static_local);
    }
}

/// [`Reach`] of every function, bottom-up over the (acyclic) call graph: each function
/// is summarised once from its callees' summaries, so a program of many kernels sharing
/// a long chain of helpers costs time linear in its calls, not kernels times functions.
/// Every field is an "or" or a "max", so a callee reached along several
/// paths counts the same as once.
fn reach_summaries(
    defined: &[FuncId],
    calls: &SecondaryMap<FuncId, BTreeSet<FuncId>>,
    done: &SecondaryMap<FuncId, Option<Done>>,
    local_end: &SecondaryMap<GlobalId, u32>,
) -> SecondaryMap<FuncId, Reach> {
    let own = |f: FuncId| -> Reach {
        let Some(d) = done[f].as_ref() else {
            return Reach::default();
        };
        Reach {
            uses_lds: d.facts.uses_lds,
            uses_arena: d.facts.uses_arena,
            writes_global: d.facts.writes_global,
            uses_doubles: d.facts.uses_doubles,
            barriers: d.facts.barriers > 0,
            data: d.data,
            frame_end: d.frame_end,
            static_local: d.locals.iter().map(|g| local_end[*g]).max().unwrap_or(0),
        }
    };
    let mut reach: SecondaryMap<FuncId, Reach> = SecondaryMap::new();
    for f in post_order(defined, calls) {
        let mut r = own(f);
        for c in &calls[f] {
            r.join(&reach[*c]);
        }
        reach[f] = r;
    }
    reach
}

/// Every function of `defined` after all its callees (the call graph is acyclic), by an
/// iterative depth-first walk.
fn post_order(defined: &[FuncId], calls: &SecondaryMap<FuncId, BTreeSet<FuncId>>) -> Vec<FuncId> {
    let mut out = Vec::with_capacity(defined.len());
    let mut finished: SecondaryMap<FuncId, bool> = SecondaryMap::new();
    for &root in defined {
        if finished[root] {
            continue;
        }
        let mut stack: Vec<(FuncId, Vec<FuncId>)> =
            vec![(root, calls[root].iter().copied().collect())];
        while let Some((f, rest)) = stack.last_mut() {
            match rest.pop() {
                Some(c) if !finished[c] => {
                    let next = calls[c].iter().copied().collect();
                    stack.push((c, next));
                }
                Some(_) => {}
                None => {
                    finished[*f] = true;
                    out.push(*f);
                    stack.pop();
                }
            }
        }
    }
    out
}

/// `x` rounded up to a multiple of `align`, or `u32::MAX` past the end of the address
/// space (the usage check then reports the kernel).
fn align_up(x: u32, align: u32) -> u32 {
    x.checked_next_multiple_of(align).unwrap_or(u32::MAX)
}

/// Offsets and ends of the kernel-scope `__local` variables, laid out per kernel: each
/// kernel holds only the variables it reaches (itself or through its callees), from
/// offset 0, so its usage is its own and not the program's. The code of a function
/// names one offset per variable, so a variable several kernels reach has one offset in
/// all of them and may not overlap any variable of any of those kernels: first fit, the
/// variables reached by the most kernels first (then in module order), so shared ones
/// come first and each kernel's own follow them.
fn local_layout(
    m: &Module,
    defined: &[FuncId],
    calls: &SecondaryMap<FuncId, BTreeSet<FuncId>>,
    locals_of: &SecondaryMap<FuncId, BTreeSet<GlobalId>>,
) -> (SecondaryMap<GlobalId, u32>, SecondaryMap<GlobalId, u32>) {
    let mut reach: SecondaryMap<FuncId, BTreeSet<GlobalId>> = SecondaryMap::new();
    for f in post_order(defined, calls) {
        let mut r = locals_of[f].clone();
        for c in &calls[f] {
            r.extend(reach[*c].iter().copied());
        }
        reach[f] = r;
    }
    let kernels: Vec<FuncId> = defined
        .iter()
        .copied()
        .filter(|f| m.functions[*f].is_entry_point())
        .collect();
    let mut kernels_of: SecondaryMap<GlobalId, Vec<usize>> = SecondaryMap::new();
    for (k, &f) in kernels.iter().enumerate() {
        for &g in &reach[f] {
            kernels_of[g].push(k);
        }
    }
    let mut vars: Vec<GlobalId> = m
        .globals
        .iter()
        .filter(|(g, gl)| gl.space == AddrSpace::Local && !kernels_of[*g].is_empty())
        .map(|(g, _)| g)
        .collect();
    vars.sort_by_key(|g| std::cmp::Reverse(kernels_of[*g].len()));
    let mut placed: Vec<Vec<(u32, u32)>> = vec![Vec::new(); kernels.len()];
    let mut off: SecondaryMap<GlobalId, u32> = SecondaryMap::new();
    let mut end: SecondaryMap<GlobalId, u32> = SecondaryMap::new();
    for g in vars {
        let gl = &m.globals[g];
        let align = gl.align.clamp(4, 1 << 16);
        let size = u32::try_from(m.size_of(gl.ty)).unwrap_or(u32::MAX);
        let mut busy: Vec<(u32, u32)> = kernels_of[g]
            .iter()
            .flat_map(|k| placed[*k].iter().copied())
            .collect();
        busy.sort_unstable();
        let mut at = 0u32;
        for (s, e) in busy {
            if at.saturating_add(size) <= s {
                break;
            }
            if e > at {
                at = align_up(e, align);
            }
        }
        off[g] = at;
        end[g] = at.saturating_add(size);
        for &k in &kernels_of[g] {
            placed[k].push((at, end[g]));
        }
    }
    (off, end)
}

fn check_acyclic(
    m: &Module,
    defined: &[FuncId],
    calls: &SecondaryMap<FuncId, BTreeSet<FuncId>>,
) -> Result<(), GenError> {
    // Iterative DFS with colours.
    let mut state: SecondaryMap<FuncId, u8> = SecondaryMap::new();
    for &root in defined {
        if state[root] != 0 {
            continue;
        }
        let mut stack: Vec<(FuncId, Vec<FuncId>)> =
            vec![(root, calls[root].iter().copied().collect())];
        state[root] = 1;
        while let Some((f, rest)) = stack.last_mut() {
            match rest.pop() {
                Some(c) if state[c] == 1 => {
                    return Err(GenError::Unsupported(format!(
                        "recursion (@{} calls @{} and back)",
                        m.functions[*f].name, m.functions[c].name
                    )))
                }
                Some(c) if state[c] == 0 => {
                    state[c] = 1;
                    let next = calls[c].iter().copied().collect();
                    stack.push((c, next));
                }
                Some(_) => {}
                None => {
                    state[*f] = 2;
                    stack.pop();
                }
            }
        }
    }
    Ok(())
}

/// The scalar a type is made of, when it is one (arrays of vectors of one scalar...).
fn leaf(m: &Module, mut t: Type) -> Option<(Scalar, u32)> {
    loop {
        match t {
            Type::Scalar(s) => return Some((s, 1)),
            Type::Vector { elem, lanes, .. } => return Some((elem, lanes)),
            Type::Agg(r) => match m.types.get(r)? {
                Aggregate::Array { elem, .. } => t = *elem,
                Aggregate::Struct(_) => return None,
            },
            _ => return None,
        }
    }
}

fn data_segment(
    m: &Module,
) -> Result<(SecondaryMap<GlobalId, u32>, Option<DataSegment>), GenError> {
    let mut off: SecondaryMap<GlobalId, u32> = SecondaryMap::new();
    let mut rows = Vec::new();
    let mut at = 0u32;
    let mut any = false;
    // Addresses are placed after every global has its offset (a relocation may point
    // further down): (offset in the segment, relocation).
    let mut addrs: Vec<(u32, Reloc)> = Vec::new();
    for (g, gl) in m.globals.iter() {
        match gl.space {
            AddrSpace::Constant | AddrSpace::Global => {}
            AddrSpace::Local => continue,
            other => {
                return Err(GenError::Unsupported(format!(
                    "module-scope variable @{} in the {} address space",
                    gl.name,
                    other.cl_name()
                )))
            }
        }
        any = true;
        at = at.next_multiple_of(gl.align.clamp(4, 16));
        off[g] = at;
        let size = m.size_of(gl.ty) as u32;
        if let Some(init) = &gl.init {
            for r in &init.relocs {
                let o = u32::try_from(r.offset)
                    .ok()
                    .and_then(|o| at.checked_add(o))
                    .ok_or_else(|| GenError::Unsupported(format!("@{} is too large", gl.name)))?;
                addrs.push((o, *r));
            }
            let bytes = &init.bytes;
            // A table of addresses only: the segment is zero-filled, the rows below
            // write it all.
            if !init.relocs.is_empty() && bytes.iter().all(|b| *b == 0) {
                at = at.saturating_add(size);
                continue;
            }
            let (ty, es) = match leaf(m, gl.ty) {
                Some((s, lanes)) if s != Scalar::I1 => {
                    let es = s.bytes();
                    let name = meta_type(s);
                    if lanes > 1 {
                        (format!("v{lanes}{name}"), es)
                    } else {
                        (name.to_string(), es)
                    }
                }
                _ => ("i8".to_string(), 1),
            };
            let es = es as usize;
            let values: Vec<u64> = bytes
                .chunks(es)
                .map(|c| {
                    let mut b = [0u8; 8];
                    b[..c.len()].copy_from_slice(c);
                    u64::from_le_bytes(b)
                })
                .collect();
            rows.push(DataRow {
                ty,
                offset: at,
                count: values.len() as u32,
                values,
                upper: true,
            });
        }
        at = at.saturating_add(size);
    }
    if !any {
        return Ok((off, None));
    }
    // One `addr` row per run of consecutive addresses (docs/spec/amd-runtime-abi.md#data-segments):
    // an address is not known before the runtime places the segment, so the row holds
    // the target's offset in the segment and the runtime adds the segment's address,
    // which is what a kernel computes for that target (`cb0[8].x` plus its offset).
    let mut i = 0;
    while i < addrs.len() {
        let start = addrs[i].0;
        let mut values = Vec::new();
        while let Some((o, r)) = addrs.get(i) {
            if *o != start + 4 * values.len() as u32 {
                break;
            }
            let target = u64::from(off[r.target]).saturating_add(r.addend);
            values.push(target);
            i += 1;
        }
        rows.push(DataRow {
            ty: kauai_amdil::metadata::ADDR_ROW.to_string(),
            offset: start,
            count: values.len() as u32,
            values,
            upper: true,
        });
    }
    Ok((
        off,
        Some(DataSegment {
            cb: None,
            size: at.next_multiple_of(16).max(16),
            rows,
            end_cb: Some(0),
            loc: Default::default(),
        }),
    ))
}

/// The library macros a `+macrodb` program embeds.
fn embedded_macros(ids: &BTreeSet<u32>) -> Result<Vec<Line>, GenError> {
    let lib = kauai_amdil::intrinsics::library();
    let mut found: BTreeMap<u32, Vec<Line>> = BTreeMap::new();
    let mut cur: Option<u32> = None;
    for line in lib.lines {
        let op = match &line.kind {
            LineKind::Inst(i) => Some((i.op, i.paren.as_deref().and_then(|p| p.parse().ok()))),
            _ => None,
        };
        if let Some((Opcode::Mdef, id)) = op {
            cur = id;
        }
        let end = matches!(op, Some((Opcode::Mend, _)));
        if let Some(id) = cur.filter(|id| ids.contains(id)) {
            found.entry(id).or_default().push(line);
        }
        if end {
            cur = None;
        }
    }
    let mut out = Vec::new();
    for id in ids {
        match found.remove(id) {
            Some(t) => out.extend(t),
            None => {
                return Err(GenError::Invalid(format!(
                    "intrinsic {id} is not in the library"
                )))
            }
        }
    }
    Ok(out)
}
