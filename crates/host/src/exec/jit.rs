//! Running a kernel through `kauai-jit`: the same setup, regions and scheduling as the
//! interpreter, but each work-group is one call (per barrier region) of compiled code.
//! Faults, time limits and barrier divergence come back as the interpreter reports
//! them, with the same messages.

use super::*;

use kauai_jit::{FaultKind, Launch, Outcome, Runner};

impl Program {
    /// The compiled kernel for `func` at groups `local_x` work-items wide, compiling it
    /// on first use (once per packet width those sizes allow); `Err` says why the JIT
    /// cannot run it.
    pub(super) fn jit_kernel(
        &self,
        func: u32,
        local_x: u64,
    ) -> Arc<Result<kauai_jit::Kernel, String>> {
        let width = kauai_jit::packet_width_for(local_x);
        let long_rows = kauai_jit::rows_are_long(local_x);
        let mut cache = self.jit.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(k) = cache.get(&(func, width, long_rows)) {
            return k.clone();
        }
        let k = Arc::new(match &self.module {
            Some(m) => {
                kauai_jit::compile(m, kauai_ir::FuncId::new(func as usize), width, long_rows)
            }
            None => Err("the program keeps no module".into()),
        });
        cache.insert((func, width, long_rows), k.clone());
        k
    }
}

impl RunCtx<'_> {
    /// One thread of a JIT run: take chunks of work-groups until none are left.
    pub(super) fn jit_worker(&self, kernel: &kauai_jit::Kernel, params: &[u64], chunk: u64) {
        let mut scratch = kauai_jit::Scratch::default();
        let mut local: Vec<Vec<u8>> = vec![Vec::new(); self.local_sizes.len()];
        self.reset_locals(&mut local);
        // The regions are the same for every group: made once per thread, with the
        // thread's local memories, which the runner resets for each group.
        let mut locals: Vec<Option<&mut Vec<u8>>> = local.iter_mut().map(Some).collect();
        let mut regions: Vec<kauai_jit::Mem> = self
            .regions
            .iter()
            .map(|r| match r {
                // An image is no memory generated code may touch: its builtins go
                // through the image hook, as in the interpreter.
                Region::Null | Region::Image { .. } => kauai_jit::Mem::Null,
                Region::Private => kauai_jit::Mem::Private,
                Region::Shared { buf, writable, .. } => kauai_jit::Mem::Shared {
                    words: buf.words(),
                    len: buf.len() as u64,
                    writable: *writable,
                },
                Region::Local(k) => match locals.get_mut(*k).and_then(Option::take) {
                    Some(m) => kauai_jit::Mem::Local {
                        mem: m.as_mut_slice(),
                        init: self.local_sizes.get(*k).and_then(|(_, init)| *init),
                    },
                    None => kauai_jit::Mem::Null,
                },
            })
            .collect();
        let geo = &self.geo;
        let launch = Launch {
            regions: &mut regions,
            packets: self.packets,
            params,
            private_init: &self.private_init,
            enqueued_local: geo.local,
            global_size: geo.global,
            global_offset: geo.offset,
            num_groups: geo.groups,
            work_dim: geo.work_dim,
        };
        let mut runner = match kernel.runner(launch, &mut scratch) {
            Ok(r) => r,
            Err(outcome) => {
                if let Err(Some(e)) = self.jit_outcome(kernel, 0, outcome, None) {
                    self.fail(e);
                }
                return;
            }
        };
        self.for_each_group(chunk, |g, id| self.jit_group(kernel, &mut runner, g, id));
    }

    fn jit_group(
        &self,
        kernel: &kauai_jit::Kernel,
        runner: &mut Runner,
        g: u64,
        id: [u64; 3],
    ) -> Result<(), Option<ExecError>> {
        let size = self.geo.group_size(id);
        let log = crate::printf::Log::default();
        // The message of an image builtin's fault, reported once the run stops.
        let image_fault: std::cell::RefCell<Option<String>> = Default::default();
        let outcome = {
            runner.run(
                id,
                size,
                self.deadline,
                &self.abort,
                &|id, lanes| {
                    let mut vals = self.prog.printf.values_of(id, lanes);
                    // The generated code checked that each string's first byte is
                    // readable (a load that faults as the interpreter's does).
                    let read = |p| Ok::<_, std::convert::Infallible>(self.shared_c_string(p));
                    let _ = self.prog.printf.read_strings(id, &mut vals, read);
                    let keep = !self.printf_full.load(Ordering::Relaxed);
                    log.borrow_mut()
                        .push(&self.prog.printf, self.printf_limit, id, vals, keep)
                },
                &|op, args, out| match image_ops::jit_image_op(
                    &self.regions,
                    &self.descs,
                    op,
                    args,
                    out,
                ) {
                    Ok(()) => true,
                    Err(stop) => {
                        let m = match stop {
                            Stop::Fault(m) | Stop::Unsupported(m) => m,
                            Stop::Limit(l) => l.to_string(),
                            Stop::Abort => String::new(),
                        };
                        *image_fault.borrow_mut() = Some(m);
                        false
                    }
                },
            )
        };
        if outcome == Outcome::Done {
            if !self.prog.printf.is_empty() {
                self.merge_printf(g, log.into_inner());
            }
            return Ok(());
        }
        self.jit_outcome(kernel, g, outcome, image_fault.take())
    }

    /// The error of a group's run that did not end `Done` (`Err(None)`: another
    /// thread's failure stopped it).
    fn jit_outcome(
        &self,
        kernel: &kauai_jit::Kernel,
        g: u64,
        outcome: Outcome,
        image_fault: Option<String>,
    ) -> Result<(), Option<ExecError>> {
        let geo = &self.geo;
        let (id, size) = geo.group(g);
        let gid = |wi: u64| geo.global_id(id, Geometry::local_id(wi, size));
        let kernel_name = || self.kernel.name.clone();
        Err(Some(match outcome {
            Outcome::Done => return Ok(()),
            Outcome::Fault {
                wi,
                ptr,
                len,
                kind,
                loc,
            } => {
                let mut private = vec![0u8; kernel.layout().frame as usize];
                // The fault's message needs the local memories' sizes only.
                let mut local = vec![Vec::new(); self.local_sizes.len()];
                self.reset_locals(&mut local);
                let mem = Mem {
                    regions: &self.regions,
                    descs: &self.descs,
                    local: &mut local,
                    private: &mut private,
                    arrays: None,
                };
                let Stop::Fault(message) = (match kind {
                    FaultKind::Load => mem.fault("load", ptr, len),
                    FaultKind::Store => mem.fault("store", ptr, len),
                    FaultKind::Atomic => mem.fault("atomic", ptr, len),
                    FaultKind::MisalignedLoad { align } => mem.misaligned("load", ptr, align),
                    FaultKind::MisalignedStore { align } => mem.misaligned("store", ptr, align),
                    FaultKind::MisalignedAtomic => mem.misaligned_atomic(ptr, len),
                    FaultKind::Unreachable => Stop::Fault("reached `unreachable`".into()),
                    FaultKind::Image => Stop::Fault(image_fault.unwrap_or_default()),
                }) else {
                    return Err(None);
                };
                ExecError::Fault {
                    kernel: kernel_name(),
                    work_item: gid(wi),
                    message,
                    at: loc.resolve(&self.prog.source_files).map(Box::new),
                    findings: Vec::new(),
                }
            }
            Outcome::Stopped { wi } => {
                if self.abort.load(Ordering::Relaxed) {
                    return Err(None);
                }
                ExecError::Timeout {
                    kernel: kernel_name(),
                    work_item: gid(wi),
                    limit: "time limit".into(),
                }
            }
            Outcome::Diverged { first, wi, other } => {
                let describe = |s: u64| match s {
                    0 => "returned".to_string(),
                    s => format!("reached barrier {}", s - 1),
                };
                let g3 = |w: [u64; 3]| format!("({}, {}, {})", w[0], w[1], w[2]);
                ExecError::BarrierDivergence {
                    kernel: kernel_name(),
                    message: format!(
                        "work-item {} {}, work-item {} {}",
                        g3(gid(0)),
                        describe(first),
                        g3(gid(wi)),
                        describe(other)
                    ),
                }
            }
            Outcome::TooLarge(n) => ExecError::Unsupported(format!(
                "not supported yet: kernel {} needs {n} bytes of private memory and barrier state per work-group",
                self.kernel.name
            )),
            Outcome::Uncompiled => ExecError::Unsupported(format!(
                "internal error: kernel {}: compiling its one-work-item form failed: {}",
                self.kernel.name,
                kernel.uncompiled_reason().unwrap_or("no reason given")
            )),
        }))
    }

    /// The string at `p` in a shared region (where `__constant` data lives), up to its
    /// NUL or the region's end, as `Mem::c_string` reads it; empty anywhere else.
    fn shared_c_string(&self, p: u64) -> Vec<u8> {
        let (r, off) = memory::locate(p);
        let (Some(Region::Shared { buf, .. }), Ok(start)) =
            (self.regions.get(r), u64::try_from(off))
        else {
            return Vec::new();
        };
        (start..buf.len() as u64)
            .map(|at| buf.load(at, 1) as u8)
            .take_while(|b| *b != 0)
            .collect()
    }
}
