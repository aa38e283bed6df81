//! Setting up: a module becomes a [`Program`] (verified, translated, its globals and
//! kernels listed); an ND-range becomes a checked [`Geometry`]; a launch's arguments
//! become memory regions and the register template of every work-item.

use super::*;

impl Program {
    /// Check and translate every function of `module`.
    /// The program the uninit check runs: the module instrumented by
    /// [`crate::uninit::instrument`], translated once.
    pub(super) fn uninit_program(&self) -> Result<Arc<Program>, ExecError> {
        let made = self.uninit_copy.get_or_init(|| {
            let module = self
                .module
                .as_ref()
                .ok_or_else(|| "the program keeps no module to instrument".to_string())?;
            let m = crate::uninit::instrument(module)?;
            let mut p = Program::new(&m).map_err(|e| format!("the instrumented module: {e}"))?;
            p.instrumented = true;
            Ok(Arc::new(p))
        });
        made.clone()
            .map_err(|e| ExecError::Unsupported(format!("the uninit check: {e}")))
    }

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
            global_descs.push(match g.hoisted_from() {
                Some((func, var)) if module.func_by_name(func).is_some() => {
                    format!("{} variable `{var}` of `{func}`", g.space.cl_name())
                }
                _ => format!("{} global @{}", g.space.cl_name(), g.name),
            });
            let init = g
                .init
                .as_ref()
                .filter(|i| i.bytes.len() as u64 == size)
                .map(|i| {
                    // Addresses in the interpreter's (and the JIT's) encoding: a global
                    // is region `REGION_GLOBALS + index`, so each is known before any
                    // memory exists. The verifier checked each place and target.
                    let mut b = i.bytes.clone();
                    for r in &i.relocs {
                        let p = make_ptr(REGION_GLOBALS + r.target.index() as u64, r.addend);
                        if let Some(dst) = b.get_mut(r.offset as usize..r.offset as usize + 8) {
                            dst.copy_from_slice(&p.to_le_bytes());
                        }
                    }
                    b
                });
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
            let arg_types = f.meta_strs(kauai_ir::meta::KERNEL_ARG_TYPE);
            let access = f.meta_strs(kauai_ir::meta::KERNEL_ARG_ACCESS);
            let mut params = Vec::new();
            for (i, p) in f.params.iter().enumerate() {
                let kind = match (p.ty, p.byval) {
                    // What an image parameter is comes from the argument metadata.
                    (Type::Ptr(AddrSpace::Image), _) => {
                        let tn = arg_types.get(i).map_or("", String::as_str);
                        let Some(ty) = kauai_ir::image::ImageType::from_cl_name(tn) else {
                            return Err(ExecError::InvalidModule(format!(
                                "image parameter {i} of kernel {} has kernel_arg_type `{tn}`, not an image type",
                                f.name
                            )));
                        };
                        let acc = access.get(i).map_or("", String::as_str);
                        ParamKind::Image {
                            ty,
                            writable: acc == "write_only" || acc == "read_write",
                        }
                    }
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
                let shown = match &kind {
                    ParamKind::Image { ty, .. } => ty.cl_name().to_string(),
                    _ => module.types.display(p.ty).to_string(),
                };
                params.push((p.name.clone(), kind, shown));
            }
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
            source_files: module.source_files.clone(),
            module: Some(module.clone()),
            instrumented: false,
            uninit_copy: Default::default(),
            jit: Mutex::new(Default::default()),
        })
    }
}

/// The ND-range with unused dimensions normalized to 1.
pub(super) struct Geometry {
    pub(super) work_dim: u32,
    pub(super) offset: [u64; 3],
    pub(super) global: [u64; 3],
    pub(super) local: [u64; 3],
    pub(super) groups: [u64; 3],
    pub(super) total_groups: u64,
}

impl Geometry {
    pub(super) fn new(nd: &NdRange) -> Result<Geometry, ExecError> {
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

    /// The id and size of linear group `g` (a last group may be smaller).
    pub(super) fn group(&self, g: u64) -> ([u64; 3], [u64; 3]) {
        let id = [
            g % self.groups[0],
            (g / self.groups[0]) % self.groups[1],
            g / (self.groups[0] * self.groups[1]),
        ];
        (id, self.group_size(id))
    }

    /// The size of group `id` (a last group may be smaller).
    pub(super) fn group_size(&self, id: [u64; 3]) -> [u64; 3] {
        std::array::from_fn(|d| {
            self.local[d].min(self.global[d].saturating_sub(id[d] * self.local[d]))
        })
    }

    /// Linear groups `first..end` with their ids, in order: one division for the
    /// first, then counting (a launch has many small groups, and a division costs
    /// more than running an empty one).
    pub(super) fn groups(&self, first: u64, end: u64) -> impl Iterator<Item = (u64, [u64; 3])> {
        let mut id = self.group(first).0;
        let n = self.groups;
        (first..end).map(move |g| {
            let this = id;
            id[0] += 1;
            if id[0] == n[0] {
                id[0] = 0;
                id[1] += 1;
                if id[1] == n[1] {
                    id[1] = 0;
                    id[2] += 1;
                }
            }
            (g, this)
        })
    }

    /// The local id of the work-item with local linear index `i` in a group of `size`.
    pub(super) fn local_id(i: u64, size: [u64; 3]) -> [u64; 3] {
        [
            i % size[0],
            (i / size[0]) % size[1],
            i / (size[0] * size[1]),
        ]
    }

    /// The global id of local id `lid` in group `id`.
    pub(super) fn global_id(&self, id: [u64; 3], lid: [u64; 3]) -> [u64; 3] {
        std::array::from_fn(|d| (id[d] * self.local[d] + lid[d]).wrapping_add(self.offset[d]))
    }
}

impl<'p> RunCtx<'p> {
    /// Set up regions, the register template and private memory from the arguments.
    pub(super) fn bind(
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
                    readable: true,
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
                    // The platform's access flags count only with the memory check on:
                    // without it the access is done, as OpenCL leaves it undefined.
                    let access = if self.checked {
                        buf.access()
                    } else {
                        crate::Access::ReadWrite
                    };
                    self.regions.push(Region::Shared {
                        buf,
                        writable: *space != AddrSpace::Constant
                            && access != crate::Access::ReadOnly,
                        readable: access != crate::Access::WriteOnly,
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
                (ParamKind::Image { ty, writable }, ArgValue::Image(img)) => {
                    if img.ty != *ty {
                        return Err(bad(&format!("an {}", img.ty.cl_name())));
                    }
                    self.regions.push(Region::Image {
                        img,
                        writable: *writable,
                    });
                    self.descs.push(format!("image argument {i} `{name}`"));
                    self.template[slot] = make_ptr(region, 0);
                }
                (_, ArgValue::Image(img)) => return Err(bad(&format!("an {}", img.ty.cl_name()))),
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counting group ids chunk by chunk gives the ids of x-fastest order, from any
    /// first group, for shapes with partial last groups in every dimension.
    #[test]
    fn groups_count_in_x_fastest_order() {
        let shapes: [([u64; 3], [u64; 3], u32); 4] = [
            ([1000, 1, 1], [256, 1, 1], 1),
            ([33, 17, 1], [8, 4, 1], 2),
            ([5, 7, 9], [2, 3, 4], 3),
            ([16, 16, 16], [16, 16, 16], 3),
        ];
        for (global, local, work_dim) in shapes {
            let nd = NdRange {
                work_dim,
                global_offset: [0; 3],
                global_size: global,
                local_size: local,
            };
            let geo = Geometry::new(&nd).unwrap();
            let n: [u64; 3] = std::array::from_fn(|d| global[d].div_ceil(local[d]));
            let mut expected = Vec::new();
            for z in 0..n[2] {
                for y in 0..n[1] {
                    for x in 0..n[0] {
                        expected.push([x, y, z]);
                    }
                }
            }
            assert_eq!(expected.len() as u64, geo.total_groups);
            for chunk in [1, 3, 16] {
                let mut first = 0;
                while first < geo.total_groups {
                    let end = (first + chunk).min(geo.total_groups);
                    for (g, id) in geo.groups(first, end) {
                        assert_eq!(id, expected[g as usize], "{global:?}/{local:?} group {g}");
                        assert_eq!((id, geo.group_size(id)), geo.group(g));
                    }
                    first = end;
                }
            }
        }
    }
}
