//! The interpreter loop: one work-item runs pre-decoded ops until it returns, reaches
//! a barrier or collective, faults or runs out of fuel; and the work-item queries.

use super::*;

impl RunCtx<'_> {
    pub(super) fn query(
        &self,
        q: Query,
        dim: u64,
        lid: [u64; 3],
        gid: [u64; 3],
        group: &GroupCtx,
    ) -> u64 {
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
    pub(super) fn run_wi(
        &self,
        meter: &mut Meter,
        group: &GroupCtx,
        local: &mut [Vec<u8>],
        wi: &mut WorkItem,
    ) -> Result<Status, Stop> {
        let mut at = 0usize;
        let r = self.run_wi_at(meter, group, local, wi, &mut at);
        if let (Ok(Status::Returned), Some(st)) = (&r, &self.asyncs) {
            if let Ok(mut st) = st.lock() {
                st.end_item(linear_id(wi.lid, group.size), (wi.gid, wi.lid, group.id));
            }
        }
        if let Err(Stop::Fault(_)) = r {
            // The faulting op is the one before `at`: keep it for the report.
            if let Some(top) = wi.frames.last_mut() {
                top.pc = at as u32;
            }
        }
        r
    }

    /// [`Self::run_wi`], keeping the program counter in `pc` so that a fault's op
    /// is known after the error returns.
    fn run_wi_at(
        &self,
        meter: &mut Meter,
        group: &GroupCtx,
        local: &mut [Vec<u8>],
        wi: &mut WorkItem,
        pc: &mut usize,
    ) -> Result<Status, Stop> {
        let funcs = &self.prog.funcs;
        let (lid, gid) = (wi.lid, wi.gid);
        let WorkItem {
            regs: wregs,
            frames,
            private,
            shadow: wshadow,
            arrays,
            coll,
            ..
        } = wi;
        let mut mem = Mem {
            regions: &self.regions,
            descs: &self.descs,
            local,
            private,
            arrays: self.checked.then(|| {
                (
                    arrays,
                    self.private_init.len() as u64,
                    &self.prog.source_files[..],
                )
            }),
        };
        // The race check: its state, locked for the whole slice (one thread runs
        // when it is on), and this work-item's local linear id.
        let mut races = self.races.as_ref().and_then(|m| m.lock().ok());
        let mut uninit = self.uninit.as_ref().and_then(|m| m.lock().ok());
        let mut faults = self.faults.as_ref().and_then(|m| m.lock().ok());
        let mut asyncs = self.asyncs.as_ref().and_then(|m| m.lock().ok());
        // With checks on, a bad access is kept and the work-item goes on; `$skip` is
        // what the instruction does instead.
        macro_rules! soft {
            ($res:expr, $skip:expr, $func:expr) => {
                match $res {
                    Ok(v) => Some(v),
                    Err(Stop::Fault(m)) if faults.is_some() => {
                        if let Some(fl) = faults.as_deref_mut() {
                            let site = site($func, *pc);
                            fl.record(site, m, (gid, lid, group.id));
                        }
                        #[allow(clippy::no_effect, clippy::unused_unit)]
                        {
                            $skip;
                        }
                        None
                    }
                    Err(e) => return Err(e),
                }
            };
        }
        let lin_lid = (lid[2] * group.size[1] + lid[1]) * group.size[0] + lid[0];
        macro_rules! race {
            ($p:expr, $len:expr, $kind:expr, $func:expr, $pc:expr) => {
                if let Some(rs) = races.as_deref_mut() {
                    let site = site($func, $pc);
                    rs.access(
                        &self.regions,
                        &self.local_sizes,
                        $p,
                        $len as u64,
                        lin_lid as u16,
                        $kind,
                        site,
                    )?;
                }
            };
        }
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
            *pc = fr.pc as usize;
            loop {
                let Some(op) = code.get(*pc) else {
                    return Err(Stop::Fault("ran past the end of a function".into()));
                };
                *pc += 1;
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
                    Op::Load { eb, n, al, d, p } => {
                        let ptr = r!(p);
                        let (d, n) = (d as usize, n as usize);
                        let eb = eb as u32;
                        let res = if ptr & ((1u64 << al) - 1) != 0 {
                            Err(mem.misaligned("load", ptr, 1 << al))
                        } else if eb == 0 {
                            // i1 lanes: one byte each in memory.
                            mem.load(ptr, 1, &mut regs[d..d + n]).map(|()| {
                                for x in &mut regs[d..d + n] {
                                    *x &= 1;
                                }
                            })
                        } else {
                            mem.load(ptr, eb, &mut regs[d..d + n])
                        };
                        if soft!(res, regs[d..d + n].fill(0), fr.func).is_none() {
                            continue;
                        }
                        race!(
                            ptr,
                            eb.max(1) as usize * n,
                            races::AccessKind::Load,
                            fr.func,
                            *pc
                        );
                    }
                    Op::Store { eb, n, al, p, v } => {
                        let ptr = r!(p);
                        let (v, n) = (v as usize, n as usize);
                        let res = if ptr & ((1u64 << al) - 1) != 0 {
                            Err(mem.misaligned("store", ptr, 1 << al))
                        } else {
                            mem.store(ptr, (eb as u32).max(1), &regs[v..v + n])
                        };
                        if soft!(res, (), fr.func).is_none() {
                            continue;
                        }
                        race!(
                            ptr,
                            (eb as usize).max(1) * n,
                            races::AccessKind::Store,
                            fr.func,
                            *pc
                        );
                    }
                    Op::Atomic(i) => {
                        let ai = &f.atomics[i as usize];
                        let (ptr, v) = (r!(ai.p), r!(ai.v));
                        let (op, sc) = (ai.op, ai.sc);
                        let res =
                            mem.atomic(ptr, sc.bytes(), |old| Some(atomic_new(op, sc, old, v)));
                        let Some(old) = soft!(res, (), fr.func) else {
                            if let Some(d) = ai.d {
                                r!(d) = 0;
                            }
                            continue;
                        };
                        race!(ptr, sc.bytes(), races::AccessKind::Atomic, fr.func, *pc);
                        if let Some(d) = ai.d {
                            r!(d) = old;
                        }
                    }
                    Op::CmpXchg { eb, d, p, e, v } => {
                        let (ptr, e, v) = (r!(p), r!(e), r!(v));
                        let res =
                            mem.atomic(ptr, (eb as u32).max(1), |old| (old == e).then_some(v));
                        let Some(old) = soft!(res, r!(d) = 0, fr.func) else {
                            continue;
                        };
                        race!(
                            ptr,
                            (eb as u32).max(1),
                            races::AccessKind::Atomic,
                            fr.func,
                            *pc
                        );
                        r!(d) = old;
                    }
                    Op::PtrAdd { obits, d, p, o } => {
                        let ptr = r!(p);
                        let off = sext(r!(o), obits as u32) as u64;
                        r!(d) = (ptr & !OFFSET_MASK) | (ptr.wrapping_add(off) & OFFSET_MASK);
                    }
                    Op::Alloca(i) => {
                        let (size, align, d) = f.allocas[i as usize];
                        // With checks on, a gap before each array catches overruns.
                        let gap = if mem.arrays.is_some() {
                            RED_ZONE as usize
                        } else {
                            0
                        };
                        let off = (mem.private.len() + gap).next_multiple_of(align as usize);
                        let end = (off as u64).saturating_add(size);
                        if end > self.private_limit {
                            return Err(Stop::Fault(format!(
                                "private memory exhausted: alloca of {size} bytes at offset {off} (at most {} bytes)",
                                self.private_limit
                            )));
                        }
                        mem.private.resize(end as usize, 0);
                        if let Some((arrays, _, _)) = &mut mem.arrays {
                            arrays.push(PrivArray {
                                start: off as u64,
                                end,
                                loc: f.alloca_locs.get(i as usize).copied().unwrap_or_default(),
                            });
                        }
                        r!(d) = make_ptr(REGION_PRIVATE, off as u64);
                    }
                    Op::Fence => std::sync::atomic::fence(Ordering::SeqCst),
                    Op::ShadowLoad { d, a, n } => {
                        r!(d) = uninit.as_deref_mut().map_or(0, |st| {
                            st.load(&self.regions, wshadow, self.private_limit, r!(a), r!(n))
                        });
                    }
                    Op::ShadowStore { a, n, s } => {
                        if let Some(st) = uninit.as_deref_mut() {
                            let undefined = r!(s) as u32 != 0;
                            st.store(
                                &self.regions,
                                wshadow,
                                self.private_limit,
                                r!(a),
                                r!(n),
                                undefined,
                            );
                        }
                    }
                    Op::Uninit { s, what, a } => {
                        if r!(s) as u32 != 0 {
                            if let Some(st) = uninit.as_deref_mut() {
                                let site = site(fr.func, *pc);
                                st.report(r!(what), site, r!(a), (gid, lid, group.id));
                            }
                        }
                    }
                    Op::AsyncCopy(i) => {
                        if let (Some(st), Some(a)) =
                            (asyncs.as_deref_mut(), f.async_copies.get(i as usize))
                        {
                            let args = a.map(|x| r!(x));
                            let item = linear_id(lid, group.size);
                            st.copy(item, args, site(fr.func, *pc), (gid, lid, group.id));
                        }
                    }
                    Op::AsyncWait { n, list, bytes } => {
                        if let Some(st) = asyncs.as_deref_mut() {
                            // The wait itself does not read the list (the copies are
                            // the group's): an unreadable one waits for nothing, and
                            // the copies are reported as not waited for.
                            let n = r!(n).min(async_check::MAX_WAIT_EVENTS) as usize;
                            let mut events = vec![0u64; n];
                            let eb = r!(bytes) as u32;
                            if !matches!(eb, 4 | 8) || mem.load(r!(list), eb, &mut events).is_err()
                            {
                                events.clear();
                            }
                            let events = events.into_iter().map(|e| e as u32).collect();
                            let item = linear_id(lid, group.size);
                            st.wait(item, events, site(fr.func, *pc), (gid, lid, group.id));
                        }
                    }
                    Op::Query { q, bits, d, dim } => {
                        let v = self.query(q, r!(dim) & 0xffff_ffff, lid, gid, group);
                        r!(d) = v & mask(bits as u32);
                    }
                    Op::Barrier { id } => {
                        let id = r!(id);
                        if let Some(top) = frames.last_mut() {
                            top.pc = *pc as u32;
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
                            top.pc = *pc as u32;
                        }
                        return Ok(Status::Collective(id));
                    }
                    Op::Printf(i) => {
                        let Some(pi) = f.printfs.get(i as usize) else {
                            return Err(Stop::Unsupported("bad printf call".into()));
                        };
                        let mut vals: Vec<_> = pi
                            .args
                            .iter()
                            .map(|(s, t)| crate::printf::value_of(regs, *s as usize, *t))
                            .collect();
                        self.prog
                            .printf
                            .read_strings(pi.id, &mut vals, |p| mem.c_string(p))?;
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
                    Op::Image(i) => {
                        let Some(ii) = f.images.get(i as usize) else {
                            return Err(Stop::Unsupported("bad image call".into()));
                        };
                        mem.image_op(ii, regs)?;
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
                            top.pc = *pc as u32;
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
                        if let Some((arrays, _, _)) = &mut mem.arrays {
                            while arrays.last().is_some_and(|a| a.start >= u64::from(fr.mark)) {
                                arrays.pop();
                            }
                        }
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
                        if let Some((arrays, _, _)) = &mut mem.arrays {
                            while arrays.last().is_some_and(|a| a.start >= u64::from(fr.mark)) {
                                arrays.pop();
                            }
                        }
                        continue 'frames;
                    }
                    Op::Jump { t, cnt } => {
                        spend!(cnt);
                        *pc = t as usize;
                    }
                    Op::Goto { t } => *pc = t as usize,
                    Op::Brif { c, t, e, cnt } => {
                        spend!(cnt);
                        *pc = if r!(c) != 0 { t } else { e } as usize;
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
                        *pc = if c { t } else { e } as usize;
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
                        *pc = if c { t } else { e } as usize;
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
                        *pc = if scalar::fcmp_f32(cc, x, y) { t } else { e } as usize;
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
                        *pc = if scalar::fcmp_f64(cc, x, y) { t } else { e } as usize;
                    }
                    Op::Switch { idx, cnt } => {
                        spend!(cnt);
                        let si = &f.switches[idx as usize];
                        let v = r!(si.arg) & mask(si.bits);
                        *pc = si
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

/// A work-item's local linear id in a group of `size`.
fn linear_id(lid: [u64; 3], size: [u64; 3]) -> usize {
    ((lid[2] * size[1] + lid[1]) * size[0] + lid[0]) as usize
}
