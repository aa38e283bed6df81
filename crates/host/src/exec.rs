//! Programs (translated modules) and the executor: scheduling of work-groups over
//! threads, of work-items over barriers, and the interpreter loop.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use kauai_ir::builtins::{GroupKind, GroupOp};
use kauai_ir::{AddrSpace, AtomicOp, BinaryOp, EntityRef, Module, Scalar, Type};

use crate::code::*;
use crate::scalar::{self, mask, sext};
use crate::translate::{group_identity, translate_module};
use crate::{ArgValue, Buffer, ExecError, ExecOptions, NdRange, RunStats};

const MAX_PRIVATE: usize = 16 << 20;
/// Memory for the suspended work-items of one group (registers and private stacks).
const MAX_GROUP_STATE: u64 = 1 << 30;
const MAX_LOCAL: u64 = 256 << 20;
const MAX_FRAMES: usize = 4096;
const MAX_GROUP_ITEMS: u64 = 1 << 16;
const MAX_GLOBAL: u64 = 1 << 32;
/// Instructions between two checks of the limits.
const CHUNK: i64 = 1 << 16;

#[derive(Debug)]
enum GlobalMem {
    Shared { buf: Arc<Buffer>, writable: bool },
    Local(usize),
}

#[derive(Clone, Debug)]
enum ParamKind {
    Value { sc: Scalar, lanes: u32 },
    Ptr(AddrSpace),
    Byval { size: u64, align: u64 },
}

#[derive(Clone, Debug)]
struct KernelInfo {
    name: String,
    func: u32,
    params: Vec<(String, ParamKind, String)>,
    barrier: bool,
}

/// A translated module, ready to run any of its kernels any number of times, from any
/// number of threads.
#[derive(Debug)]
pub struct Program {
    funcs: Vec<Option<crate::code::FuncCode>>,
    kernels: Vec<KernelInfo>,
    globals: Vec<GlobalMem>,
    global_descs: Vec<String>,
    /// (size, initial bytes) of each `__local` module global.
    local_globals: Vec<(u64, Option<Vec<u8>>)>,
    /// The printf table, parsed; empty when no function calls printf.
    printf: crate::printf::Formats,
}

impl Program {
    /// Check and translate every function of `module`.
    pub fn new(module: &Module) -> Result<Program, ExecError> {
        if module.data_layout.pointer_bytes != 8 {
            return Err(ExecError::Unsupported(
                "not supported yet: modules with 32-bit pointers on the host executor".into(),
            ));
        }
        kauai_ir::verify_module(module).map_err(|e| {
            let msgs: Vec<String> = e.0.iter().map(|e| e.to_string()).collect();
            ExecError::InvalidModule(msgs.join("; "))
        })?;
        let mut globals = Vec::new();
        let mut global_descs = Vec::new();
        let mut local_globals = Vec::new();
        let mut global_ptrs = Vec::new();
        for (gi, g) in module.globals.iter() {
            let size = module.size_of(g.ty);
            if size > MAX_GLOBAL {
                return Err(ExecError::Unsupported(format!(
                    "not supported yet: global @{} of {size} bytes",
                    g.name
                )));
            }
            global_ptrs.push(make_ptr(REGION_GLOBALS + gi.index() as u64, 0));
            global_descs.push(format!("{} global @{}", g.space.cl_name(), g.name));
            let init = g.init.clone().filter(|b| b.len() as u64 == size);
            globals.push(match g.space {
                AddrSpace::Local => {
                    local_globals.push((size, init));
                    GlobalMem::Local(local_globals.len() - 1)
                }
                space => {
                    let buf = match init {
                        Some(b) => Buffer::from_bytes(&b),
                        None => Buffer::new(size as usize),
                    };
                    GlobalMem::Shared {
                        buf: Arc::new(buf),
                        writable: space != AddrSpace::Constant && !g.constant,
                    }
                }
            });
        }
        let funcs = translate_module(module, &global_ptrs);
        let printf = if funcs.iter().flatten().any(|f| !f.printfs.is_empty()) {
            crate::printf::Formats::new(module)?
        } else {
            crate::printf::Formats::default()
        };
        // Which functions wait at barriers, directly or through calls.
        let n = funcs.len();
        let mut barrier: Vec<bool> = funcs
            .iter()
            .map(|f| f.as_ref().is_some_and(|f| f.has_barrier))
            .collect();
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..n {
                if barrier[i] {
                    continue;
                }
                if let Some(f) = &funcs[i] {
                    if f.callees
                        .iter()
                        .any(|c| barrier.get(*c as usize) == Some(&true))
                    {
                        barrier[i] = true;
                        changed = true;
                    }
                }
            }
        }
        let mut kernels = Vec::new();
        for (fid, f) in module.functions.iter() {
            if !f.is_kernel() || f.body.is_none() {
                continue;
            }
            let params = f
                .params
                .iter()
                .map(|p| {
                    let kind = match (p.ty, p.byval) {
                        (Type::Ptr(AddrSpace::Private), Some(t)) => ParamKind::Byval {
                            size: module.size_of(t),
                            align: module.align_of(t),
                        },
                        (Type::Ptr(a), _) => ParamKind::Ptr(a),
                        (t, _) => ParamKind::Value {
                            sc: t.elem().unwrap_or(Scalar::I64),
                            lanes: t.lanes(),
                        },
                    };
                    (p.name.clone(), kind, module.types.display(p.ty).to_string())
                })
                .collect();
            kernels.push(KernelInfo {
                name: f.name.clone(),
                func: fid.index() as u32,
                params,
                barrier: barrier[fid.index()],
            });
        }
        Ok(Program {
            funcs,
            kernels,
            globals,
            global_descs,
            local_globals,
            printf,
        })
    }

    /// Names of the kernels this program can run.
    pub fn kernel_names(&self) -> Vec<&str> {
        self.kernels.iter().map(|k| k.name.as_str()).collect()
    }

    /// Run `kernel` over `nd` with `args`; returns when every work-group has finished or
    /// the first error stopped the enqueue.
    pub fn run(
        &self,
        kernel: &str,
        args: &[ArgValue],
        nd: &NdRange,
        opts: &ExecOptions,
    ) -> Result<RunStats, ExecError> {
        let start = Instant::now();
        let k = self
            .kernels
            .iter()
            .find(|k| k.name == kernel)
            .ok_or_else(|| ExecError::InvalidArgs(format!("no kernel named `{kernel}`")))?;
        let func = self.funcs[k.func as usize]
            .as_ref()
            .ok_or_else(|| ExecError::InvalidArgs(format!("`{kernel}` has no body")))?;
        let geo = Geometry::new(nd)?;
        let items = geo.local.iter().product::<u64>();
        // A group that waits at barriers keeps every work-item's state at once.
        let mut private_limit = MAX_PRIVATE as u64;
        if k.barrier {
            let regs = items.saturating_mul(func.template.len() as u64 * 8);
            if regs > MAX_GROUP_STATE / 2 {
                return Err(ExecError::Unsupported(format!(
                    "not supported yet: work-groups of {items} work-items for kernel {kernel}, whose registers would take {regs} bytes"
                )));
            }
            private_limit =
                (MAX_GROUP_STATE / 2 / items.max(1)).clamp(64 << 10, MAX_PRIVATE as u64);
        }
        let mut run = RunCtx {
            prog: self,
            kernel: k,
            regions: Vec::new(),
            descs: Vec::new(),
            template: func.template.clone(),
            private_init: Vec::new(),
            local_sizes: Vec::new(),
            geo,
            private_limit,
            abort: AtomicBool::new(false),
            fuel: opts.fuel,
            fuel_used: AtomicU64::new(0),
            deadline: opts.timeout.map(|t| start + t),
            next_group: AtomicU64::new(0),
            error: Mutex::new(None),
            printf_limit: opts.printf_buffer_size,
            printf_full: AtomicBool::new(false),
            printf: Mutex::new(crate::printf::Merge::default()),
        };
        run.bind(func, args)?;
        if run.private_init.len() as u64 > run.private_limit {
            return Err(ExecError::InvalidArgs(format!(
                "by-value arguments of {} bytes exceed the {} bytes of private memory per work-item",
                run.private_init.len(),
                run.private_limit
            )));
        }
        let total = run.geo.total_groups;
        let threads = if opts.threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            opts.threads
        };
        let threads = (threads as u64).min(total).max(1) as usize;
        let chunk = (total / (threads as u64 * 8)).clamp(1, 64);
        let mut instructions = 0;
        if threads == 1 {
            instructions = run.worker(chunk);
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = (0..threads)
                    .map(|_| s.spawn(|| run.worker(chunk)))
                    .collect();
                for h in handles {
                    match h.join() {
                        Ok(n) => instructions += n,
                        Err(_) => run.fail(ExecError::Unsupported(
                            "internal error: an executor thread panicked".into(),
                        )),
                    }
                }
            });
        }
        if let Some(e) = run.error.lock().ok().and_then(|mut e| e.take()) {
            return Err(e);
        }
        let merged = run.printf.into_inner().unwrap_or_default();
        if let Some(e) = merged.error {
            return Err(ExecError::Unsupported(format!(
                "internal error: kernel {kernel}: printf: {e}"
            )));
        }
        Ok(RunStats {
            instructions,
            work_groups: total,
            elapsed: start.elapsed(),
            printf: String::from_utf8_lossy(&merged.out).into_owned(),
            printf_dropped: merged.dropped,
        })
    }
}

/// The ND-range with unused dimensions normalized to 1.
struct Geometry {
    work_dim: u32,
    offset: [u64; 3],
    global: [u64; 3],
    local: [u64; 3],
    groups: [u64; 3],
    total_groups: u64,
}

impl Geometry {
    fn new(nd: &NdRange) -> Result<Geometry, ExecError> {
        if !(1..=3).contains(&nd.work_dim) {
            return Err(ExecError::InvalidArgs(format!(
                "work_dim is {}, not 1, 2 or 3",
                nd.work_dim
            )));
        }
        let mut g = Geometry {
            work_dim: nd.work_dim,
            offset: [0; 3],
            global: [1; 3],
            local: [1; 3],
            groups: [1; 3],
            total_groups: 1,
        };
        let mut items = 1u64;
        for d in 0..nd.work_dim as usize {
            if nd.local_size[d] == 0 {
                return Err(ExecError::InvalidArgs(format!("local size {d} is 0")));
            }
            g.offset[d] = nd.global_offset[d];
            g.global[d] = nd.global_size[d];
            g.local[d] = nd.local_size[d].min(nd.global_size[d].max(1));
            g.groups[d] = nd.global_size[d].div_ceil(g.local[d]);
            items = items.saturating_mul(g.local[d]);
            g.total_groups = g.total_groups.checked_mul(g.groups[d]).ok_or_else(|| {
                ExecError::InvalidArgs("the number of work-groups overflows 64 bits".into())
            })?;
        }
        if items > MAX_GROUP_ITEMS {
            return Err(ExecError::InvalidArgs(format!(
                "work-groups of {items} work-items (at most {MAX_GROUP_ITEMS})"
            )));
        }
        Ok(g)
    }
}

#[derive(Debug)]
enum Region<'a> {
    Null,
    Private,
    Shared { buf: &'a Buffer, writable: bool },
    Local(usize),
}

struct RunCtx<'p> {
    prog: &'p Program,
    kernel: &'p KernelInfo,
    regions: Vec<Region<'p>>,
    descs: Vec<String>,
    template: Vec<u64>,
    private_init: Vec<u8>,
    /// Size and initial bytes of each local region.
    local_sizes: Vec<(u64, Option<&'p [u8]>)>,
    geo: Geometry,
    /// Private memory per work-item.
    private_limit: u64,
    abort: AtomicBool,
    fuel: Option<u64>,
    fuel_used: AtomicU64,
    deadline: Option<Instant>,
    next_group: AtomicU64,
    error: Mutex<Option<ExecError>>,
    /// printf buffer bytes, whether a record did not fit, and the merged output.
    printf_limit: u64,
    printf_full: AtomicBool,
    printf: Mutex<crate::printf::Merge>,
}

/// Why a work-item stopped early.
enum Stop {
    Fault(String),
    Limit(&'static str),
    Unsupported(String),
    Abort,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Status {
    Returned,
    Barrier(u64),
    Collective(u64),
}

#[derive(Copy, Clone, Debug)]
struct Frame {
    func: u32,
    pc: u32,
    base: u32,
    mark: u32,
    ret: Option<(S, u32)>,
}

#[derive(Copy, Clone, Debug)]
struct PendingColl {
    func: u32,
    idx: u32,
    value: u64,
    ids: [u64; 3],
    dst: usize,
}

#[derive(Default)]
struct WorkItem {
    regs: Vec<u64>,
    frames: Vec<Frame>,
    private: Vec<u8>,
    lid: [u64; 3],
    gid: [u64; 3],
    coll: Option<PendingColl>,
}

struct GroupCtx {
    id: [u64; 3],
    size: [u64; 3],
    /// The group's printf records.
    log: crate::printf::Log,
}

struct Meter {
    budget: i64,
    chunk: i64,
    done: u64,
}

impl Meter {
    fn new(run: &RunCtx) -> Meter {
        let c = run.fuel.map_or(CHUNK, |f| (f as i64).clamp(0, CHUNK));
        Meter {
            budget: c,
            chunk: c,
            done: 0,
        }
    }

    fn total(&self) -> u64 {
        self.done + (self.chunk - self.budget) as u64
    }

    #[cold]
    fn refuel(&mut self, run: &RunCtx) -> Result<(), Stop> {
        let used = (self.chunk - self.budget) as u64;
        self.done += used;
        self.chunk = CHUNK;
        self.budget = CHUNK;
        if run.abort.load(Ordering::Relaxed) {
            return Err(Stop::Abort);
        }
        if let Some(fuel) = run.fuel {
            let total = run.fuel_used.fetch_add(used, Ordering::Relaxed) + used;
            if total > fuel {
                return Err(Stop::Limit("instruction limit"));
            }
            let left = ((fuel - total) as i64).min(CHUNK);
            self.chunk = left;
            self.budget = left;
        }
        if run.deadline.is_some_and(|d| Instant::now() > d) {
            return Err(Stop::Limit("time limit"));
        }
        Ok(())
    }
}

impl<'p> RunCtx<'p> {
    fn fail(&self, e: ExecError) {
        self.abort.store(true, Ordering::Relaxed);
        if let Ok(mut slot) = self.error.lock() {
            if slot.is_none() {
                *slot = Some(e);
            }
        }
    }

    /// Set up regions, the register template and private memory from the arguments.
    fn bind(
        &mut self,
        func: &crate::code::FuncCode,
        args: &'p [ArgValue],
    ) -> Result<(), ExecError> {
        let prog = self.prog;
        let k = self.kernel;
        self.regions.push(Region::Null);
        self.descs.push("the null pointer".into());
        self.regions.push(Region::Private);
        self.descs.push("__private memory".into());
        for (g, d) in prog.globals.iter().zip(&prog.global_descs) {
            self.regions.push(match g {
                GlobalMem::Shared { buf, writable } => Region::Shared {
                    buf,
                    writable: *writable,
                },
                GlobalMem::Local(i) => Region::Local(*i),
            });
            self.descs.push(d.clone());
        }
        for (size, init) in &prog.local_globals {
            self.local_sizes.push((*size, init.as_deref()));
        }
        if args.len() != k.params.len() {
            return Err(ExecError::InvalidArgs(format!(
                "kernel {} takes {} arguments, {} given",
                k.name,
                k.params.len(),
                args.len()
            )));
        }
        let mut local_total: u64 = self.local_sizes.iter().map(|l| l.0).sum();
        for (i, ((name, kind, ty), arg)) in k.params.iter().zip(args).enumerate() {
            let Some(&(slot, _)) = func.params.get(i) else {
                continue;
            };
            let slot = slot as usize;
            let bad = |got: &str| {
                ExecError::InvalidArgs(format!(
                    "argument {i} `{name}` of kernel {} is {ty}, given {got}",
                    k.name
                ))
            };
            let region = self.regions.len() as u64;
            match (kind, arg) {
                (ParamKind::Ptr(AddrSpace::Local), ArgValue::Local { size }) => {
                    local_total = local_total.saturating_add(*size);
                    if local_total > MAX_LOCAL {
                        return Err(ExecError::InvalidArgs(format!(
                            "{local_total} bytes of local memory (at most {MAX_LOCAL})"
                        )));
                    }
                    self.regions.push(Region::Local(self.local_sizes.len()));
                    self.local_sizes.push((*size, None));
                    self.descs.push(format!("__local argument {i} `{name}`"));
                    self.template[slot] = make_ptr(region, 0);
                }
                (ParamKind::Ptr(space), ArgValue::Buffer(buf))
                    if *space != AddrSpace::Local && *space != AddrSpace::Private =>
                {
                    self.regions.push(Region::Shared {
                        buf,
                        writable: *space != AddrSpace::Constant,
                    });
                    let sp = if *space == AddrSpace::Constant {
                        "__constant"
                    } else {
                        "__global"
                    };
                    self.descs
                        .push(format!("{sp} buffer argument {i} `{name}`"));
                    self.template[slot] = make_ptr(region, 0);
                }
                (ParamKind::Ptr(_), ArgValue::Bytes(b))
                    if (b.len() == 8 || b.len() == 4) && b.iter().all(|x| *x == 0) =>
                {
                    self.template[slot] = make_ptr(REGION_NULL, 0);
                }
                (ParamKind::Byval { size, align }, ArgValue::Bytes(b)) => {
                    if b.len() as u64 != *size {
                        return Err(bad(&format!("{} bytes (it needs {size})", b.len())));
                    }
                    let off = self.private_init.len().next_multiple_of(*align as usize);
                    self.private_init.resize(off, 0);
                    self.private_init.extend_from_slice(b);
                    self.template[slot] = make_ptr(REGION_PRIVATE, off as u64);
                }
                (ParamKind::Value { sc, lanes }, ArgValue::Bytes(b)) => {
                    let eb = sc.bytes() as usize;
                    let lanes = *lanes as usize;
                    let ok = b.len() == eb * lanes || (lanes == 3 && b.len() == eb * 4);
                    if !ok {
                        return Err(bad(&format!("{} bytes", b.len())));
                    }
                    for l in 0..lanes {
                        let mut w = [0u8; 8];
                        w[..eb].copy_from_slice(&b[l * eb..(l + 1) * eb]);
                        self.template[slot + l] = u64::from_le_bytes(w) & mask(sc.bits());
                    }
                }
                (_, ArgValue::Buffer(_)) => return Err(bad("a buffer")),
                (_, ArgValue::Local { .. }) => return Err(bad("a local allocation")),
                (_, ArgValue::Bytes(b)) => return Err(bad(&format!("{} bytes", b.len()))),
            }
        }
        if local_total > MAX_LOCAL {
            return Err(ExecError::InvalidArgs(format!(
                "{local_total} bytes of local memory (at most {MAX_LOCAL})"
            )));
        }
        Ok(())
    }

    /// One thread: take chunks of work-groups until none are left; returns the number of
    /// instructions executed.
    fn worker(&self, chunk: u64) -> u64 {
        let mut meter = Meter::new(self);
        let mut local: Vec<Vec<u8>> = vec![Vec::new(); self.local_sizes.len()];
        let mut wis: Vec<WorkItem> = Vec::new();
        let total = self.geo.total_groups;
        'outer: loop {
            if self.abort.load(Ordering::Relaxed) {
                break;
            }
            let first = self.next_group.fetch_add(chunk, Ordering::Relaxed);
            if first >= total {
                break;
            }
            for g in first..(first + chunk).min(total) {
                if let Err(e) = self.run_group(g, &mut meter, &mut local, &mut wis) {
                    if let Some(e) = e {
                        self.fail(e);
                    }
                    break 'outer;
                }
            }
        }
        meter.total()
    }

    fn stop_error(&self, stop: Stop, wi: &WorkItem) -> Option<ExecError> {
        let kernel = self.kernel.name.clone();
        Some(match stop {
            Stop::Fault(message) => ExecError::Fault {
                kernel,
                work_item: wi.gid,
                message,
            },
            Stop::Limit(limit) => ExecError::Timeout {
                kernel,
                work_item: wi.gid,
                limit: limit.into(),
            },
            Stop::Unsupported(m) => ExecError::Unsupported(format!("kernel {kernel}: {m}")),
            Stop::Abort => return None,
        })
    }

    fn init_wi(&self, wi: &mut WorkItem, group: &GroupCtx, lid: [u64; 3]) {
        wi.regs.clear();
        wi.regs.extend_from_slice(&self.template);
        wi.frames.clear();
        wi.frames.push(Frame {
            func: self.kernel.func,
            pc: 0,
            base: 0,
            mark: self.private_init.len() as u32,
            ret: None,
        });
        wi.private.clear();
        wi.private.extend_from_slice(&self.private_init);
        wi.lid = lid;
        wi.gid = std::array::from_fn(|d| {
            (group.id[d] * self.geo.local[d] + lid[d]).wrapping_add(self.geo.offset[d])
        });
        wi.coll = None;
    }

    /// Run one work-group, then hand its printf records to the merge. `Err(None)`
    /// means another thread already failed.
    fn run_group(
        &self,
        g: u64,
        meter: &mut Meter,
        local: &mut [Vec<u8>],
        wis: &mut Vec<WorkItem>,
    ) -> Result<(), Option<ExecError>> {
        let geo = &self.geo;
        let id = [
            g % geo.groups[0],
            (g / geo.groups[0]) % geo.groups[1],
            g / (geo.groups[0] * geo.groups[1]),
        ];
        let mut size = [1u64; 3];
        for d in 0..3 {
            size[d] = geo.local[d].min(geo.global[d].saturating_sub(id[d] * geo.local[d]));
        }
        let group = GroupCtx {
            id,
            size,
            log: Default::default(),
        };
        self.run_group_items(&group, meter, local, wis)?;
        if !self.prog.printf.is_empty() {
            let log = group.log.into_inner();
            if let Ok(mut m) = self.printf.lock() {
                m.add(
                    g,
                    log,
                    &self.prog.printf,
                    self.printf_limit,
                    &self.printf_full,
                );
            }
        }
        Ok(())
    }

    fn run_group_items(
        &self,
        group: &GroupCtx,
        meter: &mut Meter,
        local: &mut [Vec<u8>],
        wis: &mut Vec<WorkItem>,
    ) -> Result<(), Option<ExecError>> {
        let size = group.size;
        for (mem, (sz, init)) in local.iter_mut().zip(&self.local_sizes) {
            mem.clear();
            match init {
                Some(b) => mem.extend_from_slice(b),
                None => mem.resize(*sz as usize, 0),
            }
        }
        let n = (size[0] * size[1] * size[2]) as usize;
        let lid_of = |i: usize| {
            let i = i as u64;
            [
                i % size[0],
                (i / size[0]) % size[1],
                i / (size[0] * size[1]),
            ]
        };
        if !self.kernel.barrier {
            if wis.is_empty() {
                wis.push(WorkItem::default());
            }
            let wi = &mut wis[0];
            for i in 0..n {
                self.init_wi(wi, group, lid_of(i));
                match self.run_wi(meter, group, local, wi) {
                    Ok(Status::Returned) => {}
                    Ok(_) => {
                        return Err(Some(ExecError::Unsupported(format!(
                            "internal error: kernel {} waited at an unexpected barrier",
                            self.kernel.name
                        ))))
                    }
                    Err(s) => return Err(self.stop_error(s, wi)),
                }
            }
            return Ok(());
        }
        while wis.len() < n {
            wis.push(WorkItem::default());
        }
        for (i, wi) in wis[..n].iter_mut().enumerate() {
            self.init_wi(wi, group, lid_of(i));
        }
        let mut status = vec![Status::Returned; n];
        loop {
            for (i, wi) in wis[..n].iter_mut().enumerate() {
                status[i] = match self.run_wi(meter, group, local, wi) {
                    Ok(s) => s,
                    Err(s) => return Err(self.stop_error(s, wi)),
                };
            }
            let describe = |s: Status| match s {
                Status::Returned => "returned".to_string(),
                Status::Barrier(b) => format!("reached barrier {b}"),
                Status::Collective(b) => format!("reached work-group collective {b}"),
            };
            let g3 = |w: &WorkItem| format!("({}, {}, {})", w.gid[0], w.gid[1], w.gid[2]);
            let mut same_coll = true;
            for i in 1..n {
                if let (Some(a), Some(b)) = (&wis[0].coll, &wis[i].coll) {
                    same_coll &= a.func == b.func && a.idx == b.idx;
                }
                if status[i] != status[0] || !same_coll {
                    return Err(Some(ExecError::BarrierDivergence {
                        kernel: self.kernel.name.clone(),
                        message: format!(
                            "work-item {} {}, work-item {} {}",
                            g3(&wis[0]),
                            describe(status[0]),
                            g3(&wis[i]),
                            describe(status[i])
                        ),
                    }));
                }
            }
            match status.first() {
                None | Some(Status::Returned) => return Ok(()),
                Some(Status::Barrier(_)) => {}
                Some(Status::Collective(_)) => self.collective(group, &mut wis[..n]),
            }
        }
    }

    /// Every work-item of the group waits at the same collective: compute and deliver.
    fn collective(&self, group: &GroupCtx, wis: &mut [WorkItem]) {
        let Some(first) = wis.first().and_then(|w| w.coll) else {
            return;
        };
        let Some(info) = self
            .prog
            .funcs
            .get(first.func as usize)
            .and_then(|f| f.as_ref())
            .and_then(|f| f.colls.get(first.idx as usize))
        else {
            return;
        };
        let sc = info.sc;
        let vals: Vec<u64> = wis.iter().map(|w| w.coll.map_or(0, |c| c.value)).collect();
        let combine = |op: GroupOp, a: u64, b: u64| group_combine(op, sc, a, b);
        let results: Vec<u64> = match info.kind {
            GroupKind::Any => vec![vals.iter().any(|v| *v != 0) as u64; vals.len()],
            GroupKind::All => vec![vals.iter().all(|v| *v != 0) as u64; vals.len()],
            GroupKind::Broadcast => {
                let [x, y, z] = first.ids;
                let s = group.size;
                let v = if x < s[0] && y < s[1] && z < s[2] {
                    vals[((z * s[1] + y) * s[0] + x) as usize]
                } else {
                    0
                };
                vec![v; vals.len()]
            }
            GroupKind::Reduce(op) => {
                let r = vals
                    .iter()
                    .fold(group_identity(op, sc), |acc, v| combine(op, acc, *v));
                vec![r; vals.len()]
            }
            GroupKind::ScanInclusive(op) | GroupKind::ScanExclusive(op) => {
                let incl = matches!(info.kind, GroupKind::ScanInclusive(_));
                let mut acc = group_identity(op, sc);
                vals.iter()
                    .map(|v| {
                        let before = acc;
                        acc = combine(op, acc, *v);
                        if incl {
                            acc
                        } else {
                            before
                        }
                    })
                    .collect()
            }
            _ => vals.clone(),
        };
        for (w, r) in wis.iter_mut().zip(results) {
            if let Some(c) = w.coll.take() {
                if let Some(slot) = w.regs.get_mut(c.dst) {
                    *slot = r;
                }
            }
        }
    }
}

/// Memory as one work-item sees it.
struct Mem<'a, 'p> {
    regions: &'a [Region<'p>],
    descs: &'a [String],
    local: &'a mut [Vec<u8>],
    private: &'a mut Vec<u8>,
}

/// Write the low `n` (1..=64) bits of `v` at bit `off` of a little-endian bit string.
fn put_bits(buf: &mut [u64], off: u32, n: u32, v: u64) {
    let v = v & mask(n);
    let (w, b) = ((off / 64) as usize, off % 64);
    if let Some(x) = buf.get_mut(w) {
        *x |= v << b;
    }
    if b + n > 64 {
        if let Some(x) = buf.get_mut(w + 1) {
            *x |= v >> (64 - b);
        }
    }
}

/// Read `n` (1..=64) bits at bit `off` of a little-endian bit string.
fn get_bits(buf: &[u64], off: u32, n: u32) -> u64 {
    let (w, b) = ((off / 64) as usize, off % 64);
    let lo = buf.get(w).copied().unwrap_or(0) >> b;
    let hi = if b + n > 64 && b > 0 {
        buf.get(w + 1).copied().unwrap_or(0) << (64 - b)
    } else {
        0
    };
    (lo | hi) & mask(n)
}

#[inline]
fn rd(bytes: &[u8], off: usize, eb: usize) -> u64 {
    let mut w = [0u8; 8];
    w[..eb].copy_from_slice(&bytes[off..off + eb]);
    u64::from_le_bytes(w)
}

#[inline]
fn wr(bytes: &mut [u8], off: usize, eb: usize, v: u64) {
    bytes[off..off + eb].copy_from_slice(&v.to_le_bytes()[..eb]);
}

impl Mem<'_, '_> {
    #[cold]
    fn fault(&self, what: &str, p: u64, len: u64) -> Stop {
        let r = (p >> OFFSET_BITS) as usize;
        let off = p & OFFSET_MASK;
        let size = match self.regions.get(r) {
            Some(Region::Null) => {
                return Stop::Fault(format!(
                    "{what} of {len} bytes through a null pointer (address 0x{p:x})"
                ))
            }
            None => {
                return Stop::Fault(format!(
                    "{what} of {len} bytes through an invalid pointer 0x{p:x}"
                ))
            }
            Some(Region::Private) => self.private.len() as u64,
            Some(Region::Local(k)) => self.local.get(*k).map_or(0, |l| l.len() as u64),
            Some(Region::Shared { buf, writable }) => {
                if !writable && what != "load" {
                    return Stop::Fault(format!(
                        "{what} of {len} bytes at offset {off} of read-only {}",
                        self.descs[r]
                    ));
                }
                buf.len() as u64
            }
        };
        Stop::Fault(format!(
            "{what} of {len} bytes at offset {off} is out of bounds of {} ({size} bytes; address 0x{p:x})",
            self.descs[r]
        ))
    }

    /// Private or local bytes and the offset, bounds-checked.
    #[inline]
    fn bytes(&mut self, r: usize, off: u64, len: u64) -> Option<&mut Vec<u8>> {
        let mem = match self.regions.get(r)? {
            Region::Private => &mut *self.private,
            Region::Local(k) => self.local.get_mut(*k)?,
            _ => return None,
        };
        (off + len <= mem.len() as u64).then_some(mem)
    }

    #[inline]
    fn load(&mut self, p: u64, eb: u32, out: &mut [u64]) -> Result<(), Stop> {
        let r = (p >> OFFSET_BITS) as usize;
        let off = p & OFFSET_MASK;
        let len = eb as u64 * out.len() as u64;
        if let Some(Region::Shared { buf, .. }) = self.regions.get(r) {
            if off + len > buf.len() as u64 {
                return Err(self.fault("load", p, len));
            }
            for (i, o) in out.iter_mut().enumerate() {
                *o = buf.load(off + i as u64 * eb as u64, eb);
            }
            return Ok(());
        }
        match self.bytes(r, off, len) {
            Some(mem) => {
                for (i, o) in out.iter_mut().enumerate() {
                    *o = rd(mem, off as usize + i * eb as usize, eb as usize);
                }
                Ok(())
            }
            None => Err(self.fault("load", p, len)),
        }
    }

    #[inline]
    fn store(&mut self, p: u64, eb: u32, vals: &[u64]) -> Result<(), Stop> {
        let r = (p >> OFFSET_BITS) as usize;
        let off = p & OFFSET_MASK;
        let len = eb as u64 * vals.len() as u64;
        if let Some(Region::Shared { buf, writable }) = self.regions.get(r) {
            if !writable || off + len > buf.len() as u64 {
                return Err(self.fault("store", p, len));
            }
            for (i, v) in vals.iter().enumerate() {
                buf.store(off + i as u64 * eb as u64, eb, *v);
            }
            return Ok(());
        }
        match self.bytes(r, off, len) {
            Some(mem) => {
                for (i, v) in vals.iter().enumerate() {
                    wr(mem, off as usize + i * eb as usize, eb as usize, *v);
                }
                Ok(())
            }
            None => Err(self.fault("store", p, len)),
        }
    }

    /// Atomically replace the value at `p` by `f(old)` when that is `Some`; gives `old`.
    fn atomic(&mut self, p: u64, eb: u32, f: impl FnMut(u64) -> Option<u64>) -> Result<u64, Stop> {
        let r = (p >> OFFSET_BITS) as usize;
        let off = p & OFFSET_MASK;
        let len = eb as u64;
        if !off.is_multiple_of(len) {
            return Err(Stop::Fault(format!(
                "misaligned atomic of {len} bytes at offset {off} of {} (address 0x{p:x})",
                self.descs
                    .get(r)
                    .map_or("an invalid region", |s| s.as_str())
            )));
        }
        let mut f = f;
        if let Some(Region::Shared { buf, writable }) = self.regions.get(r) {
            if !writable || off + len > buf.len() as u64 {
                return Err(self.fault("atomic", p, len));
            }
            return Ok(buf.atomic_update(off, eb, f));
        }
        match self.bytes(r, off, len) {
            Some(mem) => {
                let old = rd(mem, off as usize, eb as usize);
                if let Some(new) = f(old) {
                    wr(mem, off as usize, eb as usize, new);
                }
                Ok(old)
            }
            None => Err(self.fault("atomic", p, len)),
        }
    }
}

/// One step of a group reduction or scan.
fn group_combine(op: GroupOp, sc: Scalar, a: u64, b: u64) -> u64 {
    let bin = |o| scalar::binary(o, sc, a, b);
    match op {
        GroupOp::Add => bin(BinaryOp::Iadd),
        GroupOp::Fadd => bin(BinaryOp::Fadd),
        GroupOp::Mul => bin(BinaryOp::Imul),
        GroupOp::Fmul => bin(BinaryOp::Fmul),
        GroupOp::Smin => bin(BinaryOp::Smin),
        GroupOp::Umin => bin(BinaryOp::Umin),
        GroupOp::Fmin => bin(BinaryOp::Fmin),
        GroupOp::Smax => bin(BinaryOp::Smax),
        GroupOp::Umax => bin(BinaryOp::Umax),
        GroupOp::Fmax => bin(BinaryOp::Fmax),
        GroupOp::And => a & b,
        GroupOp::Or => a | b,
        GroupOp::Xor => a ^ b,
        GroupOp::LogicalAnd => (a != 0 && b != 0) as u64,
        GroupOp::LogicalOr => (a != 0 || b != 0) as u64,
        GroupOp::LogicalXor => ((a != 0) != (b != 0)) as u64,
    }
}

fn atomic_new(op: AtomicOp, sc: Scalar, old: u64, v: u64) -> u64 {
    let bits = sc.bits();
    let m = mask(bits);
    let r = match op {
        AtomicOp::Xchg => v,
        AtomicOp::Add => old.wrapping_add(v),
        AtomicOp::Sub => old.wrapping_sub(v),
        AtomicOp::And => old & v,
        AtomicOp::Or => old | v,
        AtomicOp::Xor => old ^ v,
        AtomicOp::Smin => sext(old, bits).min(sext(v, bits)) as u64,
        AtomicOp::Smax => sext(old, bits).max(sext(v, bits)) as u64,
        AtomicOp::Umin => old.min(v),
        AtomicOp::Umax => old.max(v),
        AtomicOp::Inc => {
            if old >= v {
                0
            } else {
                old + 1
            }
        }
        AtomicOp::Dec => {
            if old == 0 || old > v {
                v
            } else {
                old - 1
            }
        }
        AtomicOp::Fadd => scalar::binary(BinaryOp::Fadd, sc, old, v),
    };
    r & m
}

impl RunCtx<'_> {
    fn query(&self, q: Query, dim: u64, lid: [u64; 3], gid: [u64; 3], group: &GroupCtx) -> u64 {
        let geo = &self.geo;
        let d = dim as usize;
        let per = |a: [u64; 3], outside: u64| if d < 3 { a[d] } else { outside };
        let lin = |a: [u64; 3], s: [u64; 3]| {
            (a[2].wrapping_mul(s[1]).wrapping_add(a[1]))
                .wrapping_mul(s[0])
                .wrapping_add(a[0])
        };
        match q {
            Query::GlobalId => per(gid, 0),
            Query::LocalId => per(lid, 0),
            Query::GroupId => per(group.id, 0),
            Query::GlobalSize => per(geo.global, 1),
            Query::LocalSize => per(group.size, 1),
            Query::EnqueuedLocalSize => per(geo.local, 1),
            Query::NumGroups => per(geo.groups, 1),
            Query::GlobalOffset => per(geo.offset, 0),
            Query::WorkDim => geo.work_dim as u64,
            Query::GlobalLinearId => {
                let rel = [
                    gid[0].wrapping_sub(geo.offset[0]),
                    gid[1].wrapping_sub(geo.offset[1]),
                    gid[2].wrapping_sub(geo.offset[2]),
                ];
                lin(rel, geo.global)
            }
            Query::LocalLinearId | Query::SubGroupId => lin(lid, group.size),
            Query::NumSubGroups => group.size[0] * group.size[1] * group.size[2],
            Query::One => 1,
            Query::Zero => 0,
        }
    }

    /// Run one work-item until it returns or waits at a barrier.
    fn run_wi(
        &self,
        meter: &mut Meter,
        group: &GroupCtx,
        local: &mut [Vec<u8>],
        wi: &mut WorkItem,
    ) -> Result<Status, Stop> {
        let funcs = &self.prog.funcs;
        let (lid, gid) = (wi.lid, wi.gid);
        let WorkItem {
            regs: wregs,
            frames,
            private,
            coll,
            ..
        } = wi;
        let mut mem = Mem {
            regions: &self.regions,
            descs: &self.descs,
            local,
            private,
        };
        macro_rules! spend {
            ($cnt:expr) => {
                meter.budget -= $cnt as i64;
                if meter.budget < 0 {
                    meter.refuel(self)?;
                }
            };
        }
        'frames: loop {
            let Some(&fr) = frames.last() else {
                return Ok(Status::Returned);
            };
            let Some(f) = funcs.get(fr.func as usize).and_then(|f| f.as_ref()) else {
                return Err(Stop::Unsupported("call of a function without body".into()));
            };
            let code = &f.code[..];
            let base = fr.base as usize;
            let regs = &mut wregs[base..base + f.template.len()];
            let mut pc = fr.pc as usize;
            loop {
                let Some(op) = code.get(pc) else {
                    return Err(Stop::Fault("ran past the end of a function".into()));
                };
                pc += 1;
                macro_rules! r {
                    ($s:expr) => {
                        regs[$s as usize]
                    };
                }
                match *op {
                    Op::Mov { d, a } => r!(d) = r!(a),
                    Op::MovN { d, a, n } => {
                        let (d, a, n) = (d as usize, a as usize, n as usize);
                        regs.copy_within(a..a + n, d);
                    }
                    Op::AddI32 { d, a, b } => {
                        r!(d) = (r!(a) as u32).wrapping_add(r!(b) as u32) as u64
                    }
                    Op::SubI32 { d, a, b } => {
                        r!(d) = (r!(a) as u32).wrapping_sub(r!(b) as u32) as u64
                    }
                    Op::MulI32 { d, a, b } => {
                        r!(d) = (r!(a) as u32).wrapping_mul(r!(b) as u32) as u64
                    }
                    Op::ShlI32 { d, a, b } => r!(d) = ((r!(a) as u32) << (r!(b) & 31)) as u64,
                    Op::LshrI32 { d, a, b } => r!(d) = ((r!(a) as u32) >> (r!(b) & 31)) as u64,
                    Op::AshrI32 { d, a, b } => {
                        r!(d) = (((r!(a) as u32 as i32) >> (r!(b) & 31)) as u32) as u64
                    }
                    Op::AddI64 { d, a, b } => r!(d) = r!(a).wrapping_add(r!(b)),
                    Op::SubI64 { d, a, b } => r!(d) = r!(a).wrapping_sub(r!(b)),
                    Op::MulI64 { d, a, b } => r!(d) = r!(a).wrapping_mul(r!(b)),
                    Op::ShlI64 { d, a, b } => r!(d) = r!(a) << (r!(b) & 63),
                    Op::LshrI64 { d, a, b } => r!(d) = r!(a) >> (r!(b) & 63),
                    Op::AshrI64 { d, a, b } => r!(d) = ((r!(a) as i64) >> (r!(b) & 63)) as u64,
                    Op::And { d, a, b } => r!(d) = r!(a) & r!(b),
                    Op::Or { d, a, b } => r!(d) = r!(a) | r!(b),
                    Op::Xor { d, a, b } => r!(d) = r!(a) ^ r!(b),
                    Op::FAddF32 { d, a, b } => {
                        r!(d) = (f32::from_bits(r!(a) as u32) + f32::from_bits(r!(b) as u32))
                            .to_bits() as u64
                    }
                    Op::FSubF32 { d, a, b } => {
                        r!(d) = (f32::from_bits(r!(a) as u32) - f32::from_bits(r!(b) as u32))
                            .to_bits() as u64
                    }
                    Op::FMulF32 { d, a, b } => {
                        r!(d) = (f32::from_bits(r!(a) as u32) * f32::from_bits(r!(b) as u32))
                            .to_bits() as u64
                    }
                    Op::FDivF32 { d, a, b } => {
                        r!(d) = (f32::from_bits(r!(a) as u32) / f32::from_bits(r!(b) as u32))
                            .to_bits() as u64
                    }
                    Op::FAddF64 { d, a, b } => {
                        r!(d) = (f64::from_bits(r!(a)) + f64::from_bits(r!(b))).to_bits()
                    }
                    Op::FSubF64 { d, a, b } => {
                        r!(d) = (f64::from_bits(r!(a)) - f64::from_bits(r!(b))).to_bits()
                    }
                    Op::FMulF64 { d, a, b } => {
                        r!(d) = (f64::from_bits(r!(a)) * f64::from_bits(r!(b))).to_bits()
                    }
                    Op::FDivF64 { d, a, b } => {
                        r!(d) = (f64::from_bits(r!(a)) / f64::from_bits(r!(b))).to_bits()
                    }
                    Op::IcmpI32 { cc, d, a, b } => {
                        r!(d) = scalar::icmp(cc, 32, r!(a), r!(b)) as u64
                    }
                    Op::IcmpI64 { cc, d, a, b } => {
                        r!(d) = scalar::icmp(cc, 64, r!(a), r!(b)) as u64
                    }
                    Op::FcmpF32 { cc, d, a, b } => {
                        r!(d) = scalar::fcmp_f32(
                            cc,
                            f32::from_bits(r!(a) as u32),
                            f32::from_bits(r!(b) as u32),
                        ) as u64
                    }
                    Op::FcmpF64 { cc, d, a, b } => {
                        r!(d) = scalar::fcmp_f64(cc, f64::from_bits(r!(a)), f64::from_bits(r!(b)))
                            as u64
                    }
                    Op::Select { d, c, a, b } => r!(d) = if r!(c) != 0 { r!(a) } else { r!(b) },
                    Op::Unary { op, sc, n, d, a } => {
                        for l in 0..n as u32 {
                            r!(d + l) = scalar::unary(op, sc, r!(a + l));
                        }
                    }
                    Op::Binary { op, sc, n, d, a, b } => {
                        for l in 0..n as u32 {
                            r!(d + l) = scalar::binary(op, sc, r!(a + l), r!(b + l));
                        }
                    }
                    Op::Icmp {
                        cc,
                        bits,
                        n,
                        d,
                        a,
                        b,
                    } => {
                        for l in 0..n as u32 {
                            r!(d + l) = scalar::icmp(cc, bits as u32, r!(a + l), r!(b + l)) as u64;
                        }
                    }
                    Op::Fcmp { cc, sc, n, d, a, b } => {
                        for l in 0..n as u32 {
                            let (x, y) =
                                (scalar::to_f64(sc, r!(a + l)), scalar::to_f64(sc, r!(b + l)));
                            r!(d + l) = scalar::fcmp_f64(cc, x, y) as u64;
                        }
                    }
                    Op::SelectV {
                        n,
                        cvec,
                        d,
                        c,
                        a,
                        b,
                    } => {
                        for l in 0..n as u32 {
                            let cl = if cvec { r!(c + l) } else { r!(c) };
                            r!(d + l) = if cl != 0 { r!(a + l) } else { r!(b + l) };
                        }
                    }
                    Op::Convert(i) => {
                        let ci = &f.convs[i as usize];
                        if let Some((fbits, fl, tbits)) = ci.reshape {
                            // Bitcast between lane shapes: as if stored and reloaded, lane
                            // by lane in little-endian order (an i1 lane is a byte).
                            let mut bits = [0u64; 17];
                            for l in 0..fl.min(16) {
                                put_bits(&mut bits, l * fbits, fbits, r!(ci.a + l));
                            }
                            let m = mask(ci.to.map_or(64, |t| t.bits()));
                            for l in 0..ci.n.min(16) {
                                r!(ci.d + l) = get_bits(&bits, l * tbits, tbits) & m;
                            }
                        } else {
                            for l in 0..ci.n {
                                r!(ci.d + l) = scalar::convert(
                                    ci.op,
                                    ci.from,
                                    ci.to,
                                    ci.rounding,
                                    ci.sat,
                                    r!(ci.a + l),
                                );
                            }
                        }
                    }
                    Op::Math(i) => {
                        let mi = &f.maths[i as usize];
                        let k = mi.args.len().min(3);
                        for l in 0..mi.n {
                            let mut x = [0u64; 3];
                            for (j, (s, _)) in mi.args.iter().take(k).enumerate() {
                                x[j] = r!(s + l);
                            }
                            r!(mi.d + l) = scalar::math(mi.f, mi.sc, &x[..k]);
                        }
                    }
                    Op::ExtractDyn { n, ibits, d, v, i } => {
                        let idx = r!(i) & mask(ibits as u32);
                        r!(d) = if idx < n as u64 {
                            r!(v + idx as u32)
                        } else {
                            0
                        };
                    }
                    Op::Load { eb, n, d, p } => {
                        let ptr = r!(p);
                        let (d, n) = (d as usize, n as usize);
                        let eb = eb as u32;
                        if eb == 0 {
                            // i1 lanes: one byte each in memory.
                            mem.load(ptr, 1, &mut regs[d..d + n])?;
                            for x in &mut regs[d..d + n] {
                                *x &= 1;
                            }
                        } else {
                            mem.load(ptr, eb, &mut regs[d..d + n])?;
                        }
                    }
                    Op::Store { eb, n, p, v } => {
                        let ptr = r!(p);
                        let (v, n) = (v as usize, n as usize);
                        mem.store(ptr, (eb as u32).max(1), &regs[v..v + n])?;
                    }
                    Op::Atomic(i) => {
                        let ai = &f.atomics[i as usize];
                        let (ptr, v) = (r!(ai.p), r!(ai.v));
                        let (op, sc) = (ai.op, ai.sc);
                        let old =
                            mem.atomic(ptr, sc.bytes(), |old| Some(atomic_new(op, sc, old, v)))?;
                        if let Some(d) = ai.d {
                            r!(d) = old;
                        }
                    }
                    Op::CmpXchg { eb, d, p, e, v } => {
                        let (ptr, e, v) = (r!(p), r!(e), r!(v));
                        let old =
                            mem.atomic(ptr, (eb as u32).max(1), |old| (old == e).then_some(v))?;
                        r!(d) = old;
                    }
                    Op::PtrAdd { obits, d, p, o } => {
                        let ptr = r!(p);
                        let off = sext(r!(o), obits as u32) as u64;
                        r!(d) = (ptr & !OFFSET_MASK) | (ptr.wrapping_add(off) & OFFSET_MASK);
                    }
                    Op::Alloca(i) => {
                        let (size, align, d) = f.allocas[i as usize];
                        let off = mem.private.len().next_multiple_of(align as usize);
                        let end = (off as u64).saturating_add(size);
                        if end > self.private_limit {
                            return Err(Stop::Fault(format!(
                                "private memory exhausted: alloca of {size} bytes at offset {off} (at most {} bytes)",
                                self.private_limit
                            )));
                        }
                        mem.private.resize(end as usize, 0);
                        r!(d) = make_ptr(REGION_PRIVATE, off as u64);
                    }
                    Op::Fence => std::sync::atomic::fence(Ordering::SeqCst),
                    Op::Query { q, bits, d, dim } => {
                        let v = self.query(q, r!(dim) & 0xffff_ffff, lid, gid, group);
                        r!(d) = v & mask(bits as u32);
                    }
                    Op::Barrier { id } => {
                        let id = r!(id);
                        if let Some(top) = frames.last_mut() {
                            top.pc = pc as u32;
                        }
                        return Ok(Status::Barrier(id));
                    }
                    Op::Collective(i) => {
                        let ci = &f.colls[i as usize];
                        let id = r!(ci.id);
                        let value = ci.args.first().map_or(0, |(s, _)| r!(*s));
                        let mut ids = [0u64; 3];
                        for (k, (s, bits)) in ci.args.iter().skip(1).take(3).enumerate() {
                            ids[k] = r!(*s) & mask(*bits as u32);
                        }
                        *coll = Some(PendingColl {
                            func: fr.func,
                            idx: i,
                            value,
                            ids,
                            dst: base + ci.d as usize,
                        });
                        if let Some(top) = frames.last_mut() {
                            top.pc = pc as u32;
                        }
                        return Ok(Status::Collective(id));
                    }
                    Op::Printf(i) => {
                        let Some(pi) = f.printfs.get(i as usize) else {
                            return Err(Stop::Unsupported("bad printf call".into()));
                        };
                        let vals = pi
                            .args
                            .iter()
                            .map(|(s, t)| crate::printf::value_of(regs, *s as usize, *t))
                            .collect();
                        let keep = !self.printf_full.load(Ordering::Relaxed);
                        let fits = group.log.borrow_mut().push(
                            &self.prog.printf,
                            self.printf_limit,
                            pi.id,
                            vals,
                            keep,
                        );
                        if let Some(d) = pi.d {
                            r!(d) = if fits { 0 } else { 0xffff_ffff };
                        }
                    }
                    Op::Dma(i) => {
                        let di = &f.dmas[i as usize];
                        let m = mask(di.size_bits as u32);
                        let (dst, src, width) = (r!(di.dst), r!(di.src), r!(di.width) & m);
                        let dim = |x: Option<(S, S, S)>| {
                            x.map_or((0, 0, 1), |(a, b, c)| (r!(a) & m, r!(b) & m, r!(c) & m))
                        };
                        let (dls, sls, height) = dim(di.rows);
                        let (dps, sps, depth) = dim(di.planes);
                        let mut buf = [0u64; 1];
                        for z in 0..depth {
                            for y in 0..height {
                                // Each row counts as an instruction, so that huge
                                // counts stay under the limits.
                                spend!(1);
                                let d0 = dst
                                    .wrapping_add(z.wrapping_mul(dps))
                                    .wrapping_add(y.wrapping_mul(dls));
                                let s0 = src
                                    .wrapping_add(z.wrapping_mul(sps))
                                    .wrapping_add(y.wrapping_mul(sls));
                                let mut done = 0u64;
                                while done < width {
                                    let step: u64 = if width - done >= 8 { 8 } else { 1 };
                                    mem.load(s0.wrapping_add(done), step as u32, &mut buf)?;
                                    mem.store(d0.wrapping_add(done), step as u32, &buf)?;
                                    done += step;
                                }
                            }
                        }
                        r!(di.d) = r!(di.event);
                    }
                    Op::VecGroup(i) => {
                        let vi = &f.vecgroups[i as usize];
                        let lanes = &regs[vi.v as usize..(vi.v + vi.n) as usize];
                        match vi.kind {
                            GroupKind::Any => {
                                r!(vi.d) = lanes.iter().any(|x| *x != 0) as u64;
                            }
                            GroupKind::All => {
                                r!(vi.d) = lanes.iter().all(|x| *x != 0) as u64;
                            }
                            GroupKind::Broadcast => {
                                let k = vi.lane.map_or(0, |s| r!(s) & 0xffff_ffff);
                                r!(vi.d) = if k < vi.n as u64 {
                                    r!(vi.v + k as u32)
                                } else {
                                    0
                                };
                            }
                            GroupKind::Reduce(op) => {
                                let acc = lanes.iter().fold(group_identity(op, vi.sc), |a, x| {
                                    group_combine(op, vi.sc, a, *x)
                                });
                                r!(vi.d) = acc;
                            }
                            GroupKind::ScanInclusive(op) | GroupKind::ScanExclusive(op) => {
                                let incl = matches!(vi.kind, GroupKind::ScanInclusive(_));
                                let mut acc = group_identity(op, vi.sc);
                                for l in 0..vi.n {
                                    let x = r!(vi.v + l);
                                    let before = acc;
                                    acc = group_combine(op, vi.sc, acc, x);
                                    r!(vi.d + l) = if incl { acc } else { before };
                                }
                            }
                            _ => {
                                return Err(Stop::Unsupported(
                                    "not supported yet: vector-group shuffles".into(),
                                ))
                            }
                        }
                    }
                    Op::Call(i) => {
                        let ci = &f.calls[i as usize];
                        let Some(callee) = funcs.get(ci.func as usize).and_then(|c| c.as_ref())
                        else {
                            return Err(Stop::Unsupported(
                                "call of a function without body".into(),
                            ));
                        };
                        if frames.len() >= MAX_FRAMES {
                            return Err(Stop::Fault(format!(
                                "call stack overflow ({MAX_FRAMES} nested calls) calling @{}",
                                callee.name
                            )));
                        }
                        if let Some(top) = frames.last_mut() {
                            top.pc = pc as u32;
                        }
                        let nb = wregs.len();
                        wregs.extend_from_slice(&callee.template);
                        for (k, &(src, _, n)) in ci.args.iter().enumerate() {
                            if let Some(&(ps, _)) = callee.params.get(k) {
                                let s = base + src as usize;
                                wregs.copy_within(s..s + n as usize, nb + ps as usize);
                            }
                        }
                        frames.push(Frame {
                            func: ci.func,
                            pc: 0,
                            base: nb as u32,
                            mark: mem.private.len() as u32,
                            ret: ci.d,
                        });
                        continue 'frames;
                    }
                    Op::Ret { a, n, cnt } => {
                        spend!(cnt);
                        frames.pop();
                        let Some(caller) = frames.last() else {
                            return Ok(Status::Returned);
                        };
                        if let Some((d, dn)) = fr.ret {
                            let s = base + a as usize;
                            let n = n.min(dn) as usize;
                            wregs.copy_within(s..s + n, caller.base as usize + d as usize);
                        }
                        wregs.truncate(base);
                        mem.private.truncate(fr.mark as usize);
                        continue 'frames;
                    }
                    Op::RetVoid { cnt } => {
                        spend!(cnt);
                        frames.pop();
                        if frames.is_empty() {
                            return Ok(Status::Returned);
                        }
                        wregs.truncate(base);
                        mem.private.truncate(fr.mark as usize);
                        continue 'frames;
                    }
                    Op::Jump { t, cnt } => {
                        spend!(cnt);
                        pc = t as usize;
                    }
                    Op::Goto { t } => pc = t as usize,
                    Op::Brif { c, t, e, cnt } => {
                        spend!(cnt);
                        pc = if r!(c) != 0 { t } else { e } as usize;
                    }
                    Op::BrIcmpI32 {
                        cc,
                        cnt,
                        a,
                        b,
                        t,
                        e,
                    } => {
                        spend!(cnt);
                        let c = scalar::icmp(cc, 32, r!(a), r!(b));
                        pc = if c { t } else { e } as usize;
                    }
                    Op::BrIcmpI64 {
                        cc,
                        cnt,
                        a,
                        b,
                        t,
                        e,
                    } => {
                        spend!(cnt);
                        let c = scalar::icmp(cc, 64, r!(a), r!(b));
                        pc = if c { t } else { e } as usize;
                    }
                    Op::BrFcmpF32 {
                        cc,
                        cnt,
                        a,
                        b,
                        t,
                        e,
                    } => {
                        spend!(cnt);
                        let (x, y) = (f32::from_bits(r!(a) as u32), f32::from_bits(r!(b) as u32));
                        pc = if scalar::fcmp_f32(cc, x, y) { t } else { e } as usize;
                    }
                    Op::BrFcmpF64 {
                        cc,
                        cnt,
                        a,
                        b,
                        t,
                        e,
                    } => {
                        spend!(cnt);
                        let (x, y) = (f64::from_bits(r!(a)), f64::from_bits(r!(b)));
                        pc = if scalar::fcmp_f64(cc, x, y) { t } else { e } as usize;
                    }
                    Op::Switch { idx, cnt } => {
                        spend!(cnt);
                        let si = &f.switches[idx as usize];
                        let v = r!(si.arg) & mask(si.bits);
                        pc = si
                            .cases
                            .iter()
                            .find(|(k, _)| *k == v)
                            .map_or(si.default, |(_, t)| *t) as usize;
                    }
                    Op::Unreachable => {
                        return Err(Stop::Fault("reached `unreachable`".into()));
                    }
                    Op::Fail(i) => {
                        return Err(Stop::Unsupported(
                            f.fails.get(i as usize).cloned().unwrap_or_default(),
                        ));
                    }
                }
            }
        }
    }
}
