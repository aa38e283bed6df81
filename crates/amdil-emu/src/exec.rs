//! The interpreter proper: work-item state, operand access, instruction semantics,
//! and the per-group scheduler that honours `fence_threads` barriers.

use kauai_amdil::build::{Relop, Round, Size};
use kauai_amdil::opcodes::{Class, Opcode, Resource};

use crate::images::Binding;

/// The sampler of a read without one: `CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE |
/// CLK_FILTER_NEAREST` (OpenCL's values).
const NO_SAMPLER: u32 = 0x10;
use kauai_amdil::RegFile;

use crate::compile::{Compiled, Cond, Dst, Idx, IdxBase, Loc, OpKind, Shape, Src, Write};
use crate::{Fault, FaultKind, Memory};

const ONE: u32 = 0x3F80_0000;
const MAX_CALL_DEPTH: usize = 1024;

pub struct Item {
    pub pc: usize,
    /// The pc of the barrier the item waits at, while it waits.
    pub barrier: Option<usize>,
    pub regs: Vec<[u32; 4]>,
    pub x: Vec<(u32, Vec<[u32; 4]>)>,
    pub calls: Vec<usize>,
    pub done: bool,
    pub local: [u32; 3],
    pub global: [u32; 3],
}

/// What a group shares while it runs.
pub struct Ctx<'a> {
    pub code: &'a Compiled,
    pub cbs: &'a [(u32, Vec<u32>)],
    pub mem: &'a mut Memory,
    pub lds: &'a mut Vec<u8>,
    /// `(id, byte offset in the group's LDS, struct stride or 0 for typeless LDS)`.
    pub lds_base: &'a [(u32, u32, u32)],
    pub group: [u32; 3],
    pub group_flat: u32,
    pub global_size: [u32; 3],
    pub local_size: [u32; 3],
    pub fuel: &'a mut u64,
    pub deadline: Option<std::time::Instant>,
    pub executed: &'a mut u64,
    pub kernel: &'a str,
    /// The flat global id of the work-item running now (`vAbsTidFlat`), whose private
    /// slot it may touch.
    pub item_flat: u64,
}

pub enum Stop {
    Done,
    Barrier,
}

impl Ctx<'_> {
    fn fault(&self, item: &Item, kind: FaultKind) -> Box<Fault> {
        let inst = self
            .code
            .ops
            .get(item.pc)
            .and_then(|o| o.inst.as_ref())
            .map(|i| i.to_string());
        let span = self
            .code
            .ops
            .get(item.pc)
            .and_then(|o| o.inst.as_ref())
            .map(|i| i.loc.0);
        Box::new(Fault {
            kernel: self.kernel.to_string(),
            work_item: Some(item.global),
            instruction: inst,
            span,
            kind,
        })
    }

    fn index(&self, item: &Item, ix: &Idx) -> i64 {
        let base = match &ix.base {
            None => 0,
            Some((IdxBase::Temp(t), c)) => item.regs[*t][*c as usize] as i32 as i64,
            Some((IdxBase::Lit(l), c)) => self.code.literals[*l][*c as usize] as i32 as i64,
        };
        base.saturating_add(ix.offset)
    }

    fn read_loc(&self, item: &Item, loc: &Loc) -> Result<[u32; 4], FaultKind> {
        Ok(match loc {
            Loc::Temp(t) => item.regs[*t],
            Loc::Lit(l) => self.code.literals[*l],
            Loc::Cb { buf, index } => {
                let i = self.index(item, index);
                let data = self
                    .cbs
                    .iter()
                    .find(|(n, _)| n == buf)
                    .map(|(_, d)| d.as_slice())
                    .ok_or(FaultKind::Unsupported(format!(
                        "constant buffer cb{buf} is not bound"
                    )))?;
                let start = usize::try_from(i).ok().map(|i| i * 4);
                match start.and_then(|s| data.get(s..s + 4)) {
                    Some(s) => [s[0], s[1], s[2], s[3]],
                    None => {
                        return Err(FaultKind::OutOfBounds {
                            space: format!("cb{buf}"),
                            address: i.wrapping_mul(16),
                            size: data.len() as u64 * 4,
                        })
                    }
                }
            }
            Loc::X { arr, index } => {
                let i = self.index(item, index);
                let a = item
                    .x
                    .iter()
                    .find(|(n, _)| n == arr)
                    .map(|(_, v)| v)
                    .ok_or(FaultKind::Unsupported(format!("x{arr} is not declared")))?;
                match usize::try_from(i).ok().and_then(|i| a.get(i)) {
                    Some(v) => *v,
                    None => {
                        return Err(FaultKind::OutOfBounds {
                            space: format!("x{arr}"),
                            address: i.wrapping_mul(16),
                            size: a.len() as u64 * 16,
                        })
                    }
                }
            }
            Loc::G { index } => {
                let i = self.index(item, index);
                let addr = i.wrapping_mul(16);
                let mut v = [0u32; 4];
                for (k, d) in v.iter_mut().enumerate() {
                    *d = self.gload("global", 4, addr + 4 * k as i64)?;
                }
                v
            }
            Loc::Special(f) => {
                let l = item.local;
                let g = item.global;
                let ls = self.local_size;
                match f {
                    RegFile::TidInGrp => [l[0], l[1], l[2], 0],
                    RegFile::TidInGrpFlat => [l[0] + ls[0] * (l[1] + ls[1] * l[2]), 0, 0, 0],
                    RegFile::AbsTid => [g[0], g[1], g[2], 0],
                    RegFile::AbsTidFlat | RegFile::ATid => {
                        let gs = self.global_size;
                        // 32-bit hardware arithmetic: wraps, never panics.
                        let flat = g[0].wrapping_add(
                            gs[0].wrapping_mul(g[1].wrapping_add(gs[1].wrapping_mul(g[2]))),
                        );
                        [flat, 0, 0, 0]
                    }
                    RegFile::ThreadGrpId => [self.group[0], self.group[1], self.group[2], 0],
                    RegFile::ThreadGrpIdFlat => [self.group_flat, 0, 0, 0],
                    _ => return Err(FaultKind::Unsupported(format!("register {f:?}"))),
                }
            }
            Loc::Mem | Loc::Unsupported(_) => {
                return Err(FaultKind::Unsupported("reading this register".into()))
            }
        })
    }

    #[inline(always)]
    fn src(&self, item: &Item, s: &Src) -> Result<[u32; 4], FaultKind> {
        // Registers and literals are the common case; avoid the general path for them.
        let raw = match &s.loc {
            Loc::Temp(t) => item.regs[*t],
            Loc::Lit(l) => self.code.literals[*l],
            other => self.read_loc(item, other)?,
        };
        if s.plain {
            return Ok(raw);
        }
        if s.swizzle_only {
            let w = s.swz;
            return Ok([
                raw[w[0] as usize & 3],
                raw[w[1] as usize & 3],
                raw[w[2] as usize & 3],
                raw[w[3] as usize & 3],
            ]);
        }
        let ext = [raw[0], raw[1], raw[2], raw[3], 0, ONE, 0, 0];
        let mut v = [0u32; 4];
        match &s.float {
            None => {
                for (k, out) in v.iter_mut().enumerate() {
                    *out = (ext[s.swz[k] as usize & 7] & s.and[k]) ^ s.xor[k];
                }
            }
            Some(f) => {
                for (k, out) in v.iter_mut().enumerate() {
                    *out = ext[s.swz[k] as usize & 7];
                }
                f.apply(&mut v);
                for (k, out) in v.iter_mut().enumerate() {
                    *out = (*out & s.and[k]) ^ s.xor[k];
                }
            }
        }
        if let Some(m) = &s.int {
            for (k, out) in v.iter_mut().enumerate() {
                if m.abs {
                    *out = (*out as i32).wrapping_abs() as u32;
                }
                if m.neg[k] {
                    *out = (*out as i32).wrapping_neg() as u32;
                }
            }
        }
        Ok(v)
    }

    #[inline(always)]
    fn write(&mut self, item: &mut Item, d: &Dst, val: [u32; 4]) -> Result<(), FaultKind> {
        if let (Loc::Temp(t), Some(m)) = (&d.loc, d.lanes) {
            let r = &mut item.regs[*t];
            for k in 0..4 {
                if m[k] {
                    r[k] = val[k];
                }
            }
            return Ok(());
        }
        if let (Loc::Temp(t), false) = (&d.loc, d.sat || d.scale != 1.0) {
            let r = &mut item.regs[*t];
            for (k, w) in d.plan.iter().enumerate() {
                match w {
                    Write::Skip => {}
                    Write::Lane(l) => r[k] = val[*l as usize & 3],
                    Write::Zero => r[k] = 0,
                    Write::One => r[k] = ONE,
                }
            }
            return Ok(());
        }
        self.write_slow(item, d, val)
    }

    fn write_slow(&mut self, item: &mut Item, d: &Dst, val: [u32; 4]) -> Result<(), FaultKind> {
        let mut val = val;
        if d.sat || d.scale != 1.0 {
            for v in &mut val {
                let mut f = f32::from_bits(*v) * d.scale;
                if d.sat {
                    f = if f.is_nan() { 0.0 } else { f.clamp(0.0, 1.0) };
                }
                *v = f.to_bits();
            }
        }
        let mut target = match &d.loc {
            Loc::Temp(t) => item.regs[*t],
            other => self.read_loc(item, other).unwrap_or([0; 4]),
        };
        for (k, w) in d.plan.iter().enumerate() {
            match w {
                Write::Skip => {}
                Write::Lane(l) => target[k] = val[*l as usize & 3],
                Write::Zero => target[k] = 0,
                Write::One => target[k] = ONE,
            }
        }
        match &d.loc {
            Loc::Temp(t) => item.regs[*t] = target,
            Loc::X { arr, index } => {
                let i = self.index(item, index);
                let a = item
                    .x
                    .iter_mut()
                    .find(|(n, _)| n == arr)
                    .map(|(_, v)| v)
                    .ok_or(FaultKind::Unsupported(format!("x{arr} is not declared")))?;
                let len = a.len();
                match usize::try_from(i).ok().and_then(|i| a.get_mut(i)) {
                    Some(slot) => *slot = target,
                    None => {
                        return Err(FaultKind::OutOfBounds {
                            space: format!("x{arr}"),
                            address: i.wrapping_mul(16),
                            size: len as u64 * 16,
                        })
                    }
                }
            }
            Loc::G { index } => {
                let addr = self.index(item, index).wrapping_mul(16);
                for (k, w) in d.plan.iter().enumerate() {
                    if *w != Write::Skip {
                        self.gstore("global", 4, addr + 4 * k as i64, target[k])?;
                    }
                }
            }
            _ => return Err(FaultKind::Unsupported("writing this register".into())),
        }
        Ok(())
    }

    fn cond(&self, item: &Item, c: &Cond) -> Result<bool, FaultKind> {
        Ok(match c {
            Cond::Nz(s) => self.src(item, s)?[0] != 0,
            Cond::Z(s) => self.src(item, s)?[0] == 0,
            Cond::Rel(op, a, b, negate) => {
                let a = f32::from_bits(self.src(item, a)?[0]);
                let b = f32::from_bits(self.src(item, b)?[0]);
                let r = match *op {
                    Relop::Eq => a == b,
                    Relop::Ne => a != b,
                    Relop::Gt => a > b,
                    Relop::Ge => a >= b,
                    Relop::Lt => a < b,
                    Relop::Le => a <= b,
                };
                r != *negate
            }
        })
    }

    /// A global load of `n` bytes: inside one region, and inside the running
    /// work-item's own slot (its group's) when it is in a ring.
    #[inline(always)]
    fn gload(&self, space: &str, n: usize, addr: i64) -> Result<u32, FaultKind> {
        self.ring_check(space, addr, n)?;
        self.mem.load_n(space, addr, n)
    }

    #[inline(always)]
    fn gstore(&mut self, space: &str, n: usize, addr: i64, v: u32) -> Result<(), FaultKind> {
        self.ring_check(space, addr, n)?;
        self.mem.store_n(space, addr, n, v)
    }

    #[inline(always)]
    fn ring_check(&self, space: &str, addr: i64, n: usize) -> Result<(), FaultKind> {
        let rings = &self.mem.rings;
        if let Some(r) = &rings.private {
            if let Some(slot) = r.slot_of(addr) {
                if slot != self.item_flat || !r.inside(slot, addr, n) {
                    return Err(self.slot_fault(space, addr, r, "private", slot));
                }
            }
        }
        if let Some(r) = &rings.local {
            if let Some(slot) = r.slot_of(addr) {
                if slot != u64::from(self.group_flat) || !r.inside(slot, addr, n) {
                    return Err(self.slot_fault(space, addr, r, "local", slot));
                }
            }
        }
        Ok(())
    }

    #[cold]
    fn slot_fault(
        &self,
        space: &str,
        addr: i64,
        r: &crate::Ring,
        ring: &str,
        slot: u64,
    ) -> FaultKind {
        let (own, size, whose) = if ring == "private" {
            (self.item_flat, self.global_size, "work-item")
        } else {
            let groups = [0, 1, 2].map(|d| self.global_size[d] / self.local_size[d].max(1));
            (u64::from(self.group_flat), groups, "group")
        };
        let id3 = |flat: u64| {
            let (x, y) = (u64::from(size[0].max(1)), u64::from(size[1].max(1)));
            format!("({}, {}, {})", flat % x, (flat / x) % y, flat / (x * y))
        };
        let lo = u64::from(r.start) + own * u64::from(r.per);
        let owner = if slot == own {
            format!(
                "runs past the end of this {whose}'s {ring} memory (bytes {lo}..{})",
                lo + u64::from(r.per)
            )
        } else {
            format!(
                "is in the {ring} memory of {whose} {}, not in this {whose}'s (bytes {lo}..{})",
                id3(slot),
                lo + u64::from(r.per)
            )
        };
        FaultKind::OutsideSlot {
            space: space.to_string(),
            address: addr,
            place: owner,
        }
    }

    /// Run one work-item until it finishes or reaches a barrier.
    pub fn run(&mut self, item: &mut Item) -> Result<Stop, Box<Fault>> {
        let g = item.global;
        let gs = self.global_size.map(u64::from);
        // Exact whenever a private ring exists (its slot count is this product, checked
        // when it was placed); wrapping otherwise, where the value is unused.
        self.item_flat = u64::from(g[0]).wrapping_add(
            gs[0].wrapping_mul(u64::from(g[1]).wrapping_add(gs[1].wrapping_mul(u64::from(g[2])))),
        );
        item.barrier = None;
        // Fuel lives in locals while the item runs so that it can stay in registers: a
        // slice of at most 16384 instructions is taken from it at a time, and the fuel
        // and the clock are only looked at between slices.
        let mut fuel = *self.fuel;
        let mut slice = 0u64;
        let r = self.run_inner(item, &mut fuel, &mut slice);
        fuel += slice;
        *self.executed += *self.fuel - fuel;
        *self.fuel = fuel;
        r
    }

    fn run_inner(
        &mut self,
        item: &mut Item,
        fuel: &mut u64,
        slice: &mut u64,
    ) -> Result<Stop, Box<Fault>> {
        loop {
            if *slice == 0 {
                if *fuel == 0 {
                    return Err(self.fault(item, FaultKind::OutOfFuel));
                }
                if let Some(d) = self.deadline {
                    if std::time::Instant::now() >= d {
                        return Err(self.fault(item, FaultKind::Timeout));
                    }
                }
                *slice = (*fuel).min(16384);
                *fuel -= *slice;
            }
            *slice -= 1;
            let code = self.code;
            let Some(op) = code.ops.get(item.pc) else {
                item.done = true;
                return Ok(Stop::Done);
            };
            let r = match &op.kind {
                OpKind::Fast {
                    f,
                    dst,
                    lanes,
                    srcs,
                    n,
                } => {
                    let mut s = [[0u32; 4]; 4];
                    for (k, x) in srcs.iter().enumerate().take(*n as usize) {
                        let raw = if x.literal {
                            &code.literals[x.index]
                        } else {
                            &item.regs[x.index]
                        };
                        let w = x.swz;
                        s[k] = match x.shape {
                            Shape::Identity => *raw,
                            Shape::Replicate => [raw[w[0] as usize & 3]; 4],
                            Shape::Swizzle => [
                                raw[w[0] as usize & 3],
                                raw[w[1] as usize & 3],
                                raw[w[2] as usize & 3],
                                raw[w[3] as usize & 3],
                            ],
                        };
                    }
                    let v = f(&s);
                    let r = &mut item.regs[*dst];
                    // Branch-free masked write: `lanes` holds all-ones for written lanes.
                    for k in 0..4 {
                        r[k] = (v[k] & lanes[k]) | (r[k] & !lanes[k]);
                    }
                    Ok(item.pc + 1)
                }
                OpKind::FastJump {
                    reg,
                    lane,
                    nonzero,
                    target,
                } => {
                    let v = item.regs[*reg][*lane as usize & 3];
                    Ok(if (v != 0) == *nonzero {
                        *target
                    } else {
                        item.pc + 1
                    })
                }
                OpKind::Data {
                    alu: Some(f),
                    dst: Some(d),
                    src,
                    ..
                } => {
                    let mut s = [[0u32; 4]; 4];
                    let mut r = Ok(());
                    for (k, x) in src.iter().enumerate().take(4) {
                        match self.src(item, x) {
                            Ok(v) => s[k] = v,
                            Err(e) => {
                                r = Err(e);
                                break;
                            }
                        }
                    }
                    r.and_then(|_| self.write(item, d, f(&s)))
                        .map(|_| item.pc + 1)
                }
                OpKind::Data { op, dst, src, .. } => {
                    self.data(item, *op, dst.as_ref(), src).map(|_| item.pc + 1)
                }
                OpKind::Jump(t) => Ok(*t),
                OpKind::JumpIf(c, t) => {
                    self.cond(item, c).map(|b| if b { *t } else { item.pc + 1 })
                }
                OpKind::Switch {
                    src,
                    cases,
                    default,
                } => self.src(item, src).map(|v| {
                    cases
                        .iter()
                        .find(|(k, _)| *k == v[0])
                        .map(|(_, t)| *t)
                        .unwrap_or(*default)
                }),
                OpKind::Call(id, c) => {
                    let take = match c {
                        None => Ok(true),
                        Some(c) => self.cond(item, c),
                    };
                    match take {
                        Ok(true) => {
                            if item.calls.len() >= MAX_CALL_DEPTH {
                                Err(FaultKind::CallDepth)
                            } else {
                                item.calls.push(item.pc + 1);
                                Ok(code.funcs.get(id).copied().unwrap_or(usize::MAX))
                            }
                        }
                        Ok(false) => Ok(item.pc + 1),
                        Err(e) => Err(e),
                    }
                }
                OpKind::CallMacro(id) => {
                    if item.calls.len() >= MAX_CALL_DEPTH {
                        Err(FaultKind::CallDepth)
                    } else {
                        item.calls.push(item.pc + 1);
                        Ok(code.macros.get(id).copied().unwrap_or(usize::MAX))
                    }
                }
                OpKind::Ret(c) => {
                    let take = match c {
                        None => Ok(true),
                        Some(c) => self.cond(item, c),
                    };
                    match take {
                        Ok(true) => match item.calls.pop() {
                            Some(r) => Ok(r),
                            None => {
                                item.done = true;
                                return Ok(Stop::Done);
                            }
                        },
                        Ok(false) => Ok(item.pc + 1),
                        Err(e) => Err(e),
                    }
                }
                OpKind::Barrier => {
                    item.barrier = Some(item.pc);
                    item.pc += 1;
                    return Ok(Stop::Barrier);
                }
                OpKind::Nop => Ok(item.pc + 1),
                OpKind::Halt => {
                    item.done = true;
                    return Ok(Stop::Done);
                }
            };
            match r {
                Ok(pc) => item.pc = pc,
                Err(k) => return Err(self.fault(item, k)),
            }
        }
    }

    /// The byte address in the group's LDS of an access to LDS `id`. Typeless LDS
    /// (`dcl_lds_id`) takes a byte address; struct LDS (`dcl_struct_lds_id(n) stride,
    /// count`) takes an element index and a byte offset in the element.
    fn lds_addr(&self, id: u32, addr: u32, offset: u32) -> i64 {
        let (base, stride) = self
            .lds_base
            .iter()
            .find(|(i, ..)| *i == id)
            .map(|(_, b, s)| (*b, *s))
            .unwrap_or((0, 0));
        if stride == 0 {
            base as i64 + addr as i64
        } else {
            base as i64 + addr as i64 * stride as i64 + offset as i64
        }
    }

    fn is_struct_lds(&self, id: u32) -> bool {
        self.lds_base.iter().any(|(i, _, s)| *i == id && *s != 0)
    }

    /// `sample_resource(n)_sampler(m)` and `load_resource(n)[_sampler(m)]`.
    fn texture(
        &mut self,
        item: &Item,
        op: Opcode,
        s: &[[u32; 4]; 4],
    ) -> Result<[u32; 4], FaultKind> {
        let inst = self
            .code
            .ops
            .get(item.pc)
            .and_then(|o| o.inst.as_ref())
            .ok_or(FaultKind::Unsupported(
                "texture op without instruction".into(),
            ))?;
        let res = inst.resource_id().unwrap_or(0);
        let Some(img) = self.mem.images.get(Binding::Resource(res)).cloned() else {
            return Err(FaultKind::Unsupported(format!(
                "resource {res} has no image bound to it"
            )));
        };
        let bits = match inst.control("sampler") {
            Some(m) => {
                let m: u32 = m.parse().map_err(|_| {
                    FaultKind::Unsupported(format!("`{op}`: sampler `{m}` is not a number"))
                })?;
                self.mem.images.sampler(m).ok_or_else(|| {
                    FaultKind::Unsupported(format!("sampler {m} has no value bound to it"))
                })?
            }
            // A read without a sampler: unnormalized, CLK_ADDRESS_NONE, nearest.
            None if op == Opcode::Load => NO_SAMPLER,
            None => {
                return Err(FaultKind::Unsupported(format!(
                    "`{op}` without `_sampler(m)`"
                )))
            }
        };
        img.read(bits, s[0], op == Opcode::Load)
            .map_err(FaultKind::Image)
    }

    fn data(
        &mut self,
        item: &mut Item,
        op: Opcode,
        dst: Option<&Dst>,
        src: &[Src],
    ) -> Result<(), FaultKind> {
        let mut s = [[0u32; 4]; 4];
        for (k, x) in src.iter().enumerate().take(4) {
            s[k] = self.src(item, x)?;
        }
        let id = 0;
        let _ = id;
        let result: Option<[u32; 4]> = match op.class() {
            Class::Memory | Class::Atomic | Class::Append => self.memory(item, op, dst, &s)?,
            Class::Image => Some(self.texture(item, op, &s)?),
            _ => Some(self.alu(item, op, &mut s)?),
        };
        if let (Some(d), Some(v)) = (dst, result) {
            if !matches!(d.loc, Loc::Mem) {
                self.write(item, d, v)?;
            }
        }
        Ok(())
    }

    /// ALU with the instruction controls that change results: rounding modes of float to
    /// integer conversions and `div_zeroop`.
    fn alu(&self, item: &Item, op: Opcode, s: &mut [[u32; 4]; 4]) -> Result<[u32; 4], FaultKind> {
        let inst = self.code.ops.get(item.pc).and_then(|o| o.inst.as_ref());
        if matches!(op, Opcode::Ftoi | Opcode::Ftou) {
            if let Some(i) = inst {
                let has = |r: Round| i.has_control(r.name());
                // `flr` and `rpi` are older spellings of `neg_inf` and `plus_inf`.
                let round: Option<fn(f32) -> f32> = if has(Round::NegInf) || i.has_control("flr") {
                    Some(f32::floor)
                } else if has(Round::PlusInf) || i.has_control("rpi") {
                    Some(f32::ceil)
                } else if has(Round::Near) {
                    Some(f32::round_ties_even)
                } else {
                    None
                };
                if let Some(r) = round {
                    for v in s[0].iter_mut() {
                        *v = r(f32::from_bits(*v)).to_bits();
                    }
                }
            }
        }
        let mut out = crate::alu::eval(op, s)?;
        if op == Opcode::Div {
            if let Some(z) = inst.and_then(|i| i.control("zeroop")) {
                for k in 0..4 {
                    if f32::from_bits(s[1][k]) == 0.0 {
                        let neg = (s[0][k] ^ s[1][k]) & 0x8000_0000 != 0;
                        let mag = match z {
                            "zero" => 0.0,
                            "fltmax" => f32::MAX,
                            _ => f32::INFINITY,
                        };
                        out[k] = if neg { -mag } else { mag }.to_bits();
                    }
                }
            }
        }
        Ok(out)
    }

    fn memory(
        &mut self,
        item: &mut Item,
        op: Opcode,
        dst: Option<&Dst>,
        s: &[[u32; 4]; 4],
    ) -> Result<Option<[u32; 4]>, FaultKind> {
        use Opcode::*;
        let inst = self
            .code
            .ops
            .get(item.pc)
            .and_then(|o| o.inst.as_ref())
            .ok_or(FaultKind::Unsupported(
                "memory op without instruction".into(),
            ))?;
        let id = inst.resource_id().unwrap_or(0);
        // The arena's `_size(...)` control as a byte count (dword when absent).
        let size: usize = match inst.control("size").and_then(Size::from_name) {
            Some(Size::Byte) => 1,
            Some(Size::Short) => 2,
            None => 4,
        };
        let lanes = |d: Option<&Dst>| -> [bool; 4] {
            let mut m = [false; 4];
            if let Some(d) = d {
                for (k, w) in d.plan.iter().enumerate() {
                    m[k] = *w != Write::Skip;
                }
            }
            m
        };
        Ok(match op {
            UavRawLoad => {
                let addr = s[0][0] as i64;
                let mut v = [0u32; 4];
                for (k, on) in lanes(dst).iter().enumerate() {
                    if *on {
                        v[k] = self.gload("uav", 4, addr + 4 * k as i64)?;
                    }
                }
                Some(v)
            }
            UavRawStore => {
                let addr = s[0][0] as i64;
                for (k, on) in lanes(dst).iter().enumerate() {
                    if *on {
                        self.gstore("uav", 4, addr + 4 * k as i64, s[1][k])?;
                    }
                }
                None
            }
            UavStore if self.mem.images.get(Binding::Uav(id)).is_some() => {
                let img = self.mem.images.get(Binding::Uav(id)).cloned();
                if let Some(img) = img {
                    img.write(s[0], s[1]).map_err(FaultKind::Image)?;
                }
                None
            }
            UavLoad | UavStore => {
                let Some((dims, _)) = self.code.typed_uavs.get(&id) else {
                    return Err(FaultKind::Unsupported(format!(
                        "`{op}` on UAV {id}, which is not a typed UAV (dcl_uav_id)"
                    )));
                };
                let Some(u) = self.mem.typed_uavs.iter().find(|u| u.id == id).cloned() else {
                    return Err(FaultKind::Unsupported(format!(
                        "typed UAV {id} has no image bound to it"
                    )));
                };
                if op == UavLoad {
                    Some(u.load(self.mem, s[0], *dims)?)
                } else {
                    u.store(self.mem, s[0], *dims, s[1])?;
                    None
                }
            }
            UavArenaLoad | UavByteLoad | UavUbyteLoad | UavShortLoad | UavUshortLoad => {
                let addr = s[0][0] as i64;
                let v = match (op, size) {
                    (UavByteLoad, _) => self.gload("arena", 1, addr)? as u8 as i8 as i32 as u32,
                    (UavUbyteLoad, _) | (_, 1) => self.gload("arena", 1, addr)?,
                    (UavShortLoad, _) => self.gload("arena", 2, addr)? as u16 as i16 as i32 as u32,
                    (UavUshortLoad, _) | (_, 2) => self.gload("arena", 2, addr)?,
                    _ => self.gload("arena", 4, addr)?,
                };
                Some([v; 4])
            }
            UavArenaStore | UavByteStore | UavShortStore => {
                let addr = s[0][0] as i64;
                let n = match (op, size) {
                    (UavByteStore, _) | (_, 1) => 1,
                    (UavShortStore, _) | (_, 2) => 2,
                    _ => 4,
                };
                self.gstore("arena", n, addr, s[1][0])?;
                None
            }
            LdsLoad | LdsLoadByte | LdsLoadUbyte | LdsLoadShort | LdsLoadUshort | GdsLoad => {
                let (n, signed) = match op {
                    LdsLoadByte => (1, true),
                    LdsLoadUbyte => (1, false),
                    LdsLoadShort => (2, true),
                    LdsLoadUshort => (2, false),
                    _ => (4, false),
                };
                let v = if op == GdsLoad {
                    load(&self.mem.gds, "gds", s[0][0] as i64, n)?
                } else {
                    let a = self.lds_addr(id, s[0][0], s[0][1]);
                    load(self.lds, "lds", a, n)?
                };
                let v = match (n, signed) {
                    (1, true) => v as u8 as i8 as i32 as u32,
                    (2, true) => v as u16 as i16 as i32 as u32,
                    _ => v,
                };
                Some([v; 4])
            }
            LdsStore | LdsStoreByte | LdsStoreShort | GdsStore => {
                let n = match op {
                    LdsStoreByte => 1,
                    LdsStoreShort => 2,
                    _ => 4,
                };
                if op == GdsStore {
                    store(&mut self.mem.gds, "gds", s[0][0] as i64, n, s[1][0])?;
                } else {
                    let a = self.lds_addr(id, s[0][0], s[0][1]);
                    store(self.lds, "lds", a, n, s[1][0])?;
                }
                None
            }
            LdsLoadVec | LdsStoreVec => {
                // The two address operands are the element index and the byte offset in
                // the element of a struct LDS (CAL++ emits `lds(idx, offset)` so). On a
                // typeless LDS compilers pass the same byte address twice.
                let (a, b) = (s[0][0], s[1][0]);
                if a != b && !self.is_struct_lds(id) {
                    return Err(FaultKind::Unsupported(format!(
                        "`{op}` with two different address operands ({a} and {b}) on the typeless LDS {id} (dcl_lds_id); a struct LDS (dcl_struct_lds_id) takes (index, offset)"
                    )));
                }
                let base = self.lds_addr(id, a, b);
                let on = lanes(dst);
                if op == LdsLoadVec {
                    let mut v = [0u32; 4];
                    for k in 0..4 {
                        if on[k] {
                            v[k] = load(self.lds, "lds", base + 4 * k as i64, 4)?;
                        }
                    }
                    Some(v)
                } else {
                    for k in 0..4 {
                        if on[k] {
                            store(self.lds, "lds", base + 4 * k as i64, 4, s[2][k])?;
                        }
                    }
                    None
                }
            }
            AppendBufAlloc | AppendBufConsume => {
                let c = self.mem.counter(id);
                let old = *c;
                *c = if op == AppendBufAlloc {
                    old.wrapping_add(1)
                } else {
                    old.wrapping_sub(1)
                };
                Some(
                    [if op == AppendBufAlloc {
                        old
                    } else {
                        old.wrapping_sub(1)
                    }; 4],
                )
            }
            _ => {
                let Some((space, ret, atom)) = atomic(op) else {
                    return Err(FaultKind::Unsupported(format!("memory instruction `{op}`")));
                };
                let addr = s[0][0] as i64;
                let (a, b) = (s[1][0], s[2][0]);
                let apply = |old: u32| -> u32 {
                    match atom {
                        Atom::Add => old.wrapping_add(a),
                        Atom::Sub => old.wrapping_sub(a),
                        Atom::Rsub => a.wrapping_sub(old),
                        Atom::And => old & a,
                        Atom::Or => old | a,
                        Atom::Xor => old ^ a,
                        Atom::Min => (old as i32).min(a as i32) as u32,
                        Atom::Max => (old as i32).max(a as i32) as u32,
                        Atom::Umin => old.min(a),
                        Atom::Umax => old.max(a),
                        Atom::Inc => {
                            if old >= a {
                                0
                            } else {
                                old + 1
                            }
                        }
                        Atom::Dec => {
                            if old == 0 || old > a {
                                a
                            } else {
                                old - 1
                            }
                        }
                        Atom::Xchg => a,
                        // Operands: address, new value, compare value (the historical
                        // backend prints the new value before the compare value).
                        Atom::CmpXchg => {
                            if old == b {
                                a
                            } else {
                                old
                            }
                        }
                        Atom::Mskor => (old & !a) | b,
                    }
                };
                let old = if space == Resource::Uav {
                    // Global memory: the access must lie inside one placed region.
                    let old = self.gload("uav", 4, addr)?;
                    self.mem.store32("uav", addr, apply(old))?;
                    old
                } else {
                    let (buf, name_space, a_addr): (&mut Vec<u8>, &str, i64) = match space {
                        Resource::Lds => {
                            let a = self.lds_addr(id, s[0][0], s[0][1]);
                            (&mut *self.lds, "lds", a)
                        }
                        _ => (&mut self.mem.gds, "gds", addr),
                    };
                    let old = load(buf, name_space, a_addr, 4)?;
                    store(buf, name_space, a_addr, 4, apply(old))?;
                    old
                };
                if ret {
                    Some([old; 4])
                } else {
                    None
                }
            }
        })
    }
}

/// What an atomic does to the old value (`old`, the first source `a`, the second `b`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Atom {
    Add,
    Sub,
    Rsub,
    And,
    Or,
    Xor,
    Min,
    Max,
    Umin,
    Umax,
    /// `uinc`/`inc`: wraps to 0 past `a`.
    Inc,
    /// `udec`/`dec`: wraps to `a` below 0 or above `a`.
    Dec,
    Xchg,
    /// `cmp_xchg` and the returnless `cmp`: `a` when `old == b`.
    CmpXchg,
    Mskor,
}

/// An atomic opcode's memory, whether it returns the old value (`_read_` forms), and
/// its operation; `None` for other opcodes.
fn atomic(op: Opcode) -> Option<(Resource, bool, Atom)> {
    use Atom as A;
    use Opcode as O;
    use Resource::{Gds, Lds, Uav};
    Some(match op {
        O::UavAdd => (Uav, false, A::Add),
        O::UavSub => (Uav, false, A::Sub),
        O::UavRsub => (Uav, false, A::Rsub),
        O::UavAnd => (Uav, false, A::And),
        O::UavOr => (Uav, false, A::Or),
        O::UavXor => (Uav, false, A::Xor),
        O::UavMin => (Uav, false, A::Min),
        O::UavMax => (Uav, false, A::Max),
        O::UavUmin => (Uav, false, A::Umin),
        O::UavUmax => (Uav, false, A::Umax),
        O::UavUinc => (Uav, false, A::Inc),
        O::UavUdec => (Uav, false, A::Dec),
        O::UavCmp => (Uav, false, A::CmpXchg),
        O::UavReadAdd => (Uav, true, A::Add),
        O::UavReadSub => (Uav, true, A::Sub),
        O::UavReadRsub => (Uav, true, A::Rsub),
        O::UavReadAnd => (Uav, true, A::And),
        O::UavReadOr => (Uav, true, A::Or),
        O::UavReadXor => (Uav, true, A::Xor),
        O::UavReadMin => (Uav, true, A::Min),
        O::UavReadMax => (Uav, true, A::Max),
        O::UavReadUmin => (Uav, true, A::Umin),
        O::UavReadUmax => (Uav, true, A::Umax),
        O::UavReadUinc => (Uav, true, A::Inc),
        O::UavReadUdec => (Uav, true, A::Dec),
        O::UavReadXchg => (Uav, true, A::Xchg),
        O::UavReadCmpXchg => (Uav, true, A::CmpXchg),
        O::LdsAdd => (Lds, false, A::Add),
        O::LdsSub => (Lds, false, A::Sub),
        O::LdsRsub => (Lds, false, A::Rsub),
        O::LdsAnd => (Lds, false, A::And),
        O::LdsOr => (Lds, false, A::Or),
        O::LdsXor => (Lds, false, A::Xor),
        O::LdsMin => (Lds, false, A::Min),
        O::LdsMax => (Lds, false, A::Max),
        O::LdsUmin => (Lds, false, A::Umin),
        O::LdsUmax => (Lds, false, A::Umax),
        O::LdsInc => (Lds, false, A::Inc),
        O::LdsDec => (Lds, false, A::Dec),
        O::LdsCmp => (Lds, false, A::CmpXchg),
        O::LdsMskor => (Lds, false, A::Mskor),
        O::LdsReadAdd => (Lds, true, A::Add),
        O::LdsReadSub => (Lds, true, A::Sub),
        O::LdsReadRsub => (Lds, true, A::Rsub),
        O::LdsReadAnd => (Lds, true, A::And),
        O::LdsReadOr => (Lds, true, A::Or),
        O::LdsReadXor => (Lds, true, A::Xor),
        O::LdsReadMin => (Lds, true, A::Min),
        O::LdsReadMax => (Lds, true, A::Max),
        O::LdsReadUmin => (Lds, true, A::Umin),
        O::LdsReadUmax => (Lds, true, A::Umax),
        O::LdsReadInc => (Lds, true, A::Inc),
        O::LdsReadDec => (Lds, true, A::Dec),
        O::LdsReadXchg => (Lds, true, A::Xchg),
        O::LdsReadCmpXchg => (Lds, true, A::CmpXchg),
        O::LdsReadMskor => (Lds, true, A::Mskor),
        O::GdsAdd => (Gds, false, A::Add),
        O::GdsSub => (Gds, false, A::Sub),
        O::GdsAnd => (Gds, false, A::And),
        O::GdsOr => (Gds, false, A::Or),
        O::GdsXor => (Gds, false, A::Xor),
        O::GdsMin => (Gds, false, A::Min),
        O::GdsMax => (Gds, false, A::Max),
        O::GdsUmin => (Gds, false, A::Umin),
        O::GdsUmax => (Gds, false, A::Umax),
        O::GdsReadAdd => (Gds, true, A::Add),
        O::GdsReadXchg => (Gds, true, A::Xchg),
        O::GdsReadCmpXchg => (Gds, true, A::CmpXchg),
        _ => return None,
    })
}

#[inline(always)]
pub(crate) fn check(buf_len: usize, space: &str, addr: i64, n: usize) -> Result<usize, FaultKind> {
    if addr < 0 || addr as u64 + n as u64 > buf_len as u64 {
        return Err(FaultKind::OutOfBounds {
            space: space.to_string(),
            address: addr,
            size: buf_len as u64,
        });
    }
    if n > 1 && !(addr as u64).is_multiple_of(n as u64) {
        return Err(FaultKind::Misaligned {
            space: space.to_string(),
            address: addr,
            align: n as u32,
        });
    }
    Ok(addr as usize)
}

pub fn load(buf: &[u8], space: &str, addr: i64, n: usize) -> Result<u32, FaultKind> {
    let a = check(buf.len(), space, addr, n)?;
    let mut b = [0u8; 4];
    b[..n].copy_from_slice(&buf[a..a + n]);
    Ok(u32::from_le_bytes(b))
}

pub fn store(buf: &mut [u8], space: &str, addr: i64, n: usize, v: u32) -> Result<(), FaultKind> {
    let a = check(buf.len(), space, addr, n)?;
    buf[a..a + n].copy_from_slice(&v.to_le_bytes()[..n]);
    Ok(())
}
