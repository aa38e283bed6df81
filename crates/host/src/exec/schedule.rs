//! Scheduling: [`Program::run`] spreads work-groups over threads in chunks; within a
//! group the work-items run one after another, each up to its next barrier or
//! collective, then the next; printf logs are merged in a fixed order.

use super::*;

impl Program {
    /// Names of the kernels this program can run.
    pub fn kernel_names(&self) -> Vec<&str> {
        self.kernels.iter().map(|k| k.name.as_str()).collect()
    }

    /// Compile `kernel` with the JIT now for groups whose x size is a multiple of the
    /// widest packet and holds several (it is cached for every later run of such
    /// groups): how the compiled kernel runs ([`kauai_jit::Kernel::describe`]), or why
    /// the JIT cannot compile it and runs would use the interpreter.
    pub fn jit_compile(&self, kernel: &str) -> Result<String, String> {
        let k = self
            .kernels
            .iter()
            .find(|k| k.name == kernel)
            .ok_or_else(|| format!("no kernel named `{kernel}`"))?;
        match self
            .jit_kernel(k.func, 2 * kauai_jit::PACKET as u64)
            .as_ref()
        {
            Ok(jk) => Ok(jk.describe()),
            Err(e) => Err(e.clone()),
        }
    }

    /// Work-items the JIT runs together for `kernel` at local size `local` (1 when it
    /// runs them one at a time or cannot compile the kernel).
    pub fn work_width(&self, kernel: &str, local: [u64; 3]) -> u32 {
        let Some(k) = self.kernels.iter().find(|k| k.name == kernel) else {
            return 1;
        };
        match self.jit_kernel(k.func, local[0]).as_ref() {
            Ok(jk) if jk.packets_for(local[0]) => jk.packet_width() as u32,
            _ => 1,
        }
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
        if opts.checks.uninit && !self.instrumented {
            return self.uninit_program()?.run(kernel, args, nd, opts);
        }
        if !opts.checks.uninit {
            // What this run writes is not followed (see `Buffer::define_all`).
            for a in args {
                if let ArgValue::Buffer(b) = a {
                    if b.access() != crate::Access::ReadOnly {
                        b.define_all();
                    }
                }
            }
        }
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
            packets: opts.jit_packets,
            races: opts
                .checks
                .races
                .then(|| Mutex::new(races::RaceState::default())),
            uninit: opts
                .checks
                .uninit
                .then(|| Mutex::new(shadow::ShadowState::default())),
            checked: opts.checks.memory,
            faults: opts
                .checks
                .any()
                .then(|| Mutex::new(fault_log::FaultLog::default())),
            // (A program without async copies or waits has nothing to follow: no
            // per-work-item bookkeeping.)
            asyncs: (opts.checks.async_copies
                && self.funcs.iter().flatten().any(|f| {
                    !f.async_copies.is_empty()
                        || f.code
                            .iter()
                            .any(|op| matches!(op, crate::code::Op::AsyncWait { .. }))
                }))
            .then(|| Mutex::new(async_check::AsyncState::default())),
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
        if opts.checks.races && total >= u32::MAX as u64 {
            return Err(ExecError::Unsupported(format!(
                "not supported yet: checking races in {total} work-groups (the shadow cells count groups in 32 bits)"
            )));
        }
        let threads = if opts.checks.any() {
            // The checks' shadow state assumes one group after another.
            1
        } else if opts.threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            opts.threads
        };
        let threads = (threads as u64).min(total).max(1) as usize;
        // Small chunks keep threads busy to the end when groups differ in cost
        // (taking one is a single atomic add).
        let chunk = (total / (threads as u64 * 32)).clamp(1, 16);
        let mut instructions = 0;
        let (jit, executor, compile_time) = self.pick_executor(k, opts, run.geo.local[0])?;
        if let Some(jk) = jit.as_ref().and_then(|j| j.as_ref().as_ref().ok()) {
            let items = run.geo.local.iter().product::<u64>();
            if jk.group_bytes(items).is_none_or(|b| b > MAX_GROUP_STATE) {
                return Err(ExecError::Unsupported(format!(
                    "not supported yet: work-groups of {items} work-items for kernel {kernel}, whose private memory and barrier state would take more than {MAX_GROUP_STATE} bytes"
                )));
            }
            if jk.layout().byval != run.private_init.len() as u64 {
                return Err(ExecError::Unsupported(format!(
                    "internal error: kernel {kernel}: the JIT lays out {} bytes of by-value arguments, the launch {}",
                    jk.layout().byval,
                    run.private_init.len()
                )));
            }
            let mut params = Vec::new();
            for (i, lanes) in jk.layout().param_lanes.iter().enumerate() {
                let slot = func.params.get(i).map_or(0, |p| p.0 as usize);
                params.extend_from_slice(&run.template[slot..slot + *lanes as usize]);
            }
            on_threads(&run, threads, || {
                run.jit_worker(jk, &params, chunk);
                0
            });
        } else {
            instructions = on_threads(&run, threads, || run.worker(chunk));
        }
        let (mut findings, mut findings_dropped) = match run.races.as_ref().map(|m| m.lock()) {
            Some(Ok(rs)) => (rs.findings(&run), rs.dropped),
            _ => (Vec::new(), 0),
        };
        if let Some(Ok(us)) = run.uninit.as_ref().map(|m| m.lock()) {
            findings.extend(us.findings(&run));
            findings_dropped += us.dropped;
        }
        if let Some(Ok(fl)) = run.faults.as_ref().map(|m| m.lock()) {
            findings.extend(fl.findings(&run));
            findings_dropped += fl.dropped;
        }
        if let Some(Ok(st)) = run.asyncs.as_ref().map(|m| m.lock()) {
            findings.extend(st.findings(&run));
            findings_dropped += st.dropped;
        }
        if let Some(mut e) = run.error.lock().ok().and_then(|mut e| e.take()) {
            if let ExecError::Fault { findings: f, .. } = &mut e {
                *f = findings;
            }
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
            executor,
            compile_time,
            findings,
            findings_dropped,
        })
    }

    /// The compiled kernel to run, if any, the executor's name for [`RunStats`], and
    /// the time spent compiling.
    fn pick_executor(
        &self,
        k: &KernelInfo,
        opts: &ExecOptions,
        local_x: u64,
    ) -> Result<
        (
            Option<Arc<Result<kauai_jit::Kernel, String>>>,
            String,
            Duration,
        ),
        ExecError,
    > {
        let interp = |why: &str| Ok((None, format!("interpreter ({why})"), Duration::ZERO));
        match opts.executor {
            Executor::Interpreter => return Ok((None, "interpreter".into(), Duration::ZERO)),
            Executor::Jit if opts.checks.any() => {
                return Err(ExecError::Unsupported(
                    "not supported yet: checks on the JIT (they run on the interpreter)".into(),
                ))
            }
            Executor::Auto if opts.checks.any() => return interp("checks run on it"),
            Executor::Jit if opts.fuel.is_some() => {
                return Err(ExecError::Unsupported(
                    "not supported yet: an instruction limit on the JIT (the interpreter counts instructions)".into(),
                ))
            }
            Executor::Auto if opts.fuel.is_some() => {
                return interp("an instruction limit needs it");
            }
            _ => {}
        }
        let t = Instant::now();
        let jk = self.jit_kernel(k.func, local_x);
        let compile_time = t.elapsed();
        match jk.as_ref() {
            Ok(k) => {
                let how = format!("jit, {}", k.describe());
                Ok((Some(jk), how, compile_time))
            }
            Err(e) if opts.executor == Executor::Jit => {
                Err(ExecError::Unsupported(format!("kernel {}: {e}", k.name)))
            }
            Err(e) => interp(e),
        }
    }
}

impl RunCtx<'_> {
    /// One thread: take chunks of work-groups until none are left; returns the number of
    /// instructions executed.
    fn worker(&self, chunk: u64) -> u64 {
        let mut meter = Meter::new(self);
        let mut local: Vec<Vec<u8>> = vec![Vec::new(); self.local_sizes.len()];
        let mut wis: Vec<WorkItem> = Vec::new();
        self.for_each_group(chunk, |g, id| {
            self.run_group(g, id, &mut meter, &mut local, &mut wis)
        });
        meter.total()
    }

    /// Take chunks of work-groups until none are left, another thread failed, or `run`
    /// fails (`Err(None)`: it saw another thread's failure).
    pub(super) fn for_each_group(
        &self,
        chunk: u64,
        mut run: impl FnMut(u64, [u64; 3]) -> Result<(), Option<ExecError>>,
    ) {
        let total = self.geo.total_groups;
        loop {
            if self.abort.load(Ordering::Relaxed) {
                return;
            }
            let first = self.next_group.fetch_add(chunk, Ordering::Relaxed);
            if first >= total {
                return;
            }
            // Compiled code polls the deadline at back-edges only: a kernel without
            // loops over very many groups is stopped here, between chunks.
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                let (id, _) = self.geo.group(first);
                self.fail(ExecError::Timeout {
                    kernel: self.kernel.name.clone(),
                    work_item: self.geo.global_id(id, [0; 3]),
                    limit: "time limit".into(),
                });
                return;
            }
            for (g, id) in self.geo.groups(first, (first + chunk).min(total)) {
                if let Err(e) = run(g, id) {
                    if let Some(e) = e {
                        self.fail(e);
                    }
                    return;
                }
            }
        }
    }

    /// Give each `__local` memory of a new group its initial bytes (zeros when none).
    pub(super) fn reset_locals(&self, local: &mut [Vec<u8>]) {
        for (mem, (sz, init)) in local.iter_mut().zip(&self.local_sizes) {
            mem.clear();
            match init {
                Some(b) => mem.extend_from_slice(b),
                None => mem.resize(*sz as usize, 0),
            }
        }
    }

    /// Hand group `g`'s printf records to the merge.
    pub(super) fn merge_printf(&self, g: u64, log: crate::printf::GroupLog) {
        if self.prog.printf.is_empty() {
            return;
        }
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

    fn stop_error(&self, stop: Stop, wi: &WorkItem) -> Option<ExecError> {
        let kernel = self.kernel.name.clone();
        Some(match stop {
            Stop::Fault(message) => ExecError::Fault {
                kernel,
                work_item: wi.gid,
                message,
                at: self.fault_pos(wi).map(Box::new),
                findings: Vec::new(),
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

    /// Where a work-item that stopped with a fault was: its top frame's last op.
    fn fault_pos(&self, wi: &WorkItem) -> Option<kauai_ir::SourcePos> {
        let top = wi.frames.last()?;
        self.site_pos(site(top.func, top.pc as usize))
    }

    /// The source line of the op a [`site`] names.
    pub(super) fn site_pos(&self, site: u64) -> Option<kauai_ir::SourcePos> {
        let f = self.prog.funcs.get((site >> 32) as usize)?.as_ref()?;
        f.loc_at(site as u32).resolve(&self.prog.source_files)
    }

    /// A finding of check `check` by one work-item (`ids`: global, local, group) at
    /// `site`, with no memory named; the caller sets its count and detail.
    pub(super) fn work_item_finding(
        &self,
        check: &'static str,
        kind: crate::checks::FindingKind,
        site: u64,
        ids: Ids,
    ) -> crate::checks::Finding {
        let (global, local, group) = ids;
        crate::checks::Finding {
            check,
            kind,
            kernel: self.kernel.name.clone(),
            space: "",
            address: 0,
            memory: String::new(),
            offset: 0,
            first: crate::checks::Entity {
                global,
                local,
                group,
                access: "",
                at: self.site_pos(site),
            },
            second: None,
            count: 1,
            detail: String::new(),
        }
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
        wi.shadow.clear();
        wi.arrays.clear();
        wi.lid = lid;
        wi.gid = self.geo.global_id(group.id, lid);
        wi.coll = None;
    }

    /// Run one work-group, then hand its printf records to the merge. `Err(None)`
    /// means another thread already failed.
    fn run_group(
        &self,
        g: u64,
        id: [u64; 3],
        meter: &mut Meter,
        local: &mut [Vec<u8>],
        wis: &mut Vec<WorkItem>,
    ) -> Result<(), Option<ExecError>> {
        let size = self.geo.group_size(id);
        if let Some(rs) = &self.races {
            if let Ok(mut rs) = rs.lock() {
                rs.start_group(g);
            }
        }
        if let Some(us) = &self.uninit {
            if let Ok(mut us) = us.lock() {
                us.start_group(&self.local_sizes);
            }
        }
        if let Some(st) = &self.asyncs {
            if let Ok(mut st) = st.lock() {
                st.start_group(size.iter().product::<u64>() as usize);
            }
        }
        let group = GroupCtx {
            id,
            size,
            log: Default::default(),
        };
        self.run_group_items(&group, meter, local, wis)?;
        if let Some(st) = &self.asyncs {
            if let Ok(mut st) = st.lock() {
                st.end_group();
            }
        }
        self.merge_printf(g, group.log.into_inner());
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
        self.reset_locals(local);
        let n = (size[0] * size[1] * size[2]) as usize;
        let lid_of = |i: usize| Geometry::local_id(i as u64, size);
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
            if let Some(rs) = &self.races {
                if let Ok(mut rs) = rs.lock() {
                    rs.barrier();
                }
            }
            match status.first() {
                None | Some(Status::Returned) => return Ok(()),
                Some(Status::Barrier(_)) => {}
                Some(Status::Collective(_)) => self.collective(group, &mut wis[..n]),
            }
        }
    }
}

/// Run `work` on `threads` threads at once and add up what they return. More than one
/// thread runs on a pool kept between launches (a launch pays no thread start-up); a
/// panicking worker fails the run instead of the process.
fn on_threads(run: &RunCtx, threads: usize, work: impl Fn() -> u64 + Sync) -> u64 {
    let guarded = || {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(&work)).unwrap_or_else(|_| {
            run.fail(ExecError::Unsupported(
                "internal error: an executor thread panicked".into(),
            ));
            0
        })
    };
    if threads <= 1 {
        return guarded();
    }
    let Some(pool) = pool(threads) else {
        // No pool (threads cannot be started): one thread does all the work.
        return guarded();
    };
    let total = AtomicU64::new(0);
    pool.scope(|s| {
        for _ in 0..threads {
            s.spawn(|_| {
                total.fetch_add(guarded(), Ordering::Relaxed);
            });
        }
    });
    total.into_inner()
}

/// The worker pool of `threads` threads, made on first use.
fn pool(threads: usize) -> Option<Arc<rayon::ThreadPool>> {
    static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, p)) = pools.iter().find(|(n, _)| *n == threads) {
        return Some(p.clone());
    }
    let p = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("kauai-host-{i}"))
            .build()
            .ok()?,
    );
    pools.push((threads, p.clone()));
    Some(p)
}
