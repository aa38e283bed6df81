//! Generating a kernel's metadata text, header and CAL notes from its
//! [`AmdKernelConfig`], as CLRX's `clrxasm -b amd` does for each driver version.

use super::model::{note, AmdArgKind, AmdInput, AmdKernelConfig, CalNote};
use super::AmdError;
use crate::config::{AddressSpace, Elem, ImageAccess, ImageType, Pointee, ValueType};
use crate::device::GpuArch;

/// Driver-version thresholds at which the generated content changes.
const V1124: u32 = 112402;
pub(super) const V1348: u32 = 134805;
const V1598: u32 = 159805;

/// The resolved ids and counts of one configured kernel.
pub(super) struct Resolved {
    pub uav_private: u32,
    pub hw_region: u32,
    pub uav_id: Option<u32>,
    pub const_buffer_id: Option<u32>,
    pub printf_id: Option<u32>,
    pub private_id: Option<u32>,
    /// Per argument: its resource id (0 where it has none).
    pub res_ids: Vec<u32>,
}

/// Metadata type name and element size of a value element (void counts as `u8`).
fn elem_info(e: Elem) -> (&'static str, u32) {
    match e {
        Elem::Void | Elem::UChar => ("u8", 1),
        Elem::Char => ("i8", 1),
        Elem::UShort => ("u16", 2),
        Elem::Short => ("i16", 2),
        Elem::UInt => ("u32", 4),
        Elem::Int => ("i32", 4),
        Elem::ULong => ("u64", 8),
        Elem::Long => ("i64", 8),
        Elem::Float => ("float", 4),
        Elem::Double => ("double", 8),
    }
}

/// Bytes of a value type as the size tables count it (3-vectors take 4 elements).
fn type_size(v: ValueType) -> u32 {
    let n = if v.len == 3 { 4 } else { u32::from(v.len) };
    n * elem_info(v.elem).1
}

fn is_image(k: &AmdArgKind) -> bool {
    matches!(k, AmdArgKind::Image { .. })
}

fn image_access(k: &AmdArgKind) -> Option<ImageAccess> {
    match k {
        AmdArgKind::Image { access, .. } => Some(*access),
        _ => None,
    }
}

/// Image type index in the AMD tables (image = 2D).
fn image_index(t: ImageType) -> usize {
    match t {
        ImageType::Image => 0,
        ImageType::Image1d => 1,
        ImageType::Image1dArray => 2,
        ImageType::Image1dBuffer => 3,
        ImageType::Image2d => 4,
        ImageType::Image2dArray => 5,
        ImageType::Image3d => 6,
    }
}

const IMAGE_NAMES: [&str; 7] = ["2D", "1D", "1DA", "1DB", "2D", "2DA", "3D"];
const IMAGE_UAV_DIMS: [u32; 7] = [2, 1, 0, 0, 2, 2, 3];

fn bad(k: usize, msg: impl Into<String>) -> AmdError {
    AmdError::InKernel {
        kernel: k,
        msg: msg.into(),
    }
}

/// A set of small ids (resource-id bookkeeping).
struct IdSet(Vec<bool>);

impl IdSet {
    fn new(n: usize) -> IdSet {
        IdSet(vec![false; n])
    }
    fn has(&self, i: u32) -> bool {
        self.0.get(i as usize).copied().unwrap_or(false)
    }
    fn set(&mut self, i: u32) {
        if let Some(b) = self.0.get_mut(i as usize) {
            *b = true;
        }
    }
    /// The first free id from `*next` on (below the set's size), advancing `*next`.
    fn next_free(&self, next: &mut u32) -> Option<u32> {
        while (*next as usize) < self.0.len() && self.has(*next) {
            *next += 1;
        }
        if (*next as usize) >= self.0.len() {
            return None;
        }
        let v = *next;
        *next += 1;
        Some(v)
    }
}

/// Fill in defaults and resource ids (checking given ids).
pub(super) fn resolve(
    input: &AmdInput,
    k: usize,
    c: &AmdKernelConfig,
    dv: u32,
) -> Result<Resolved, AmdError> {
    let old1348 = dv < V1348;
    let old1598 = dv < V1598;
    if c.user_datas.len() > 16 {
        return Err(bad(k, "UserDataElemsNum must not be greater than 16"));
    }
    if c.hw_local > 32768 {
        return Err(bad(k, "HWLocalSize out of range"));
    }
    if c.float_mode >= 256 {
        return Err(bad(k, "FloatMode out of range"));
    }
    let uav_private = match c.uav_private {
        Some(v) => v,
        None => {
            let mut structs = false;
            let mut amount = 0u32;
            for a in &c.args {
                if matches!(a.kind, AmdArgKind::Structure { .. } | AmdArgKind::Counter32) {
                    structs = true;
                }
                let is_struct = matches!(a.kind, AmdArgKind::Structure { .. });
                if !old1598 && !is_struct {
                    continue;
                }
                amount = amount.wrapping_add(match &a.kind {
                    AmdArgKind::Pointer { .. } => 32,
                    // Older drivers count a structure as 32 bytes whatever its size.
                    AmdArgKind::Structure { size } => {
                        if old1598 {
                            32
                        } else {
                            size.wrapping_add(15) & !15
                        }
                    }
                    AmdArgKind::Value(v) => (type_size(*v).div_ceil(16)) << 5,
                    AmdArgKind::Sampler => 32,
                    _ => 32,
                });
            }
            let v = if structs { amount } else { 0 };
            v.max(c.scratch_buffer)
        }
    };
    let uav_id = match c.uav_id {
        Some(v) => Some(v),
        None if !(V1348..=144505).contains(&dv) => Some(if old1348 { 9 } else { 11 }),
        None => {
            let ptr = c.args.iter().any(|a| {
                matches!(
                    a.kind,
                    AmdArgKind::Pointer {
                        space: AddressSpace::Constant | AddressSpace::Global,
                        ..
                    }
                )
            });
            (ptr || c.use_printf).then_some(11)
        }
    };
    let const_buffer_id = c.const_buffer_id.or(if old1348 { None } else { Some(10) });
    let printf_id = c
        .printf_id
        .or((!old1348 && (dv >= 152603 || c.use_printf)).then_some(9));
    let private_id = Some(c.private_id.unwrap_or(8));
    for (what, v) in [
        ("UavId", uav_id),
        ("ConstBufferId", const_buffer_id),
        ("PrintfId", printf_id),
        ("PrivateId", private_id),
    ] {
        if v.is_some_and(|v| v >= 1024) {
            return Err(bad(k, format!("{what} out of range")));
        }
    }
    let uav = uav_id.unwrap_or(0);
    // Which args take which id class.
    let uav_class = |kind: &AmdArgKind| {
        matches!(
            kind,
            AmdArgKind::Pointer {
                space: AddressSpace::Global,
                ..
            }
        ) || (!old1348
            && matches!(
                kind,
                AmdArgKind::Pointer {
                    space: AddressSpace::Constant,
                    ..
                }
            ))
    };
    let cb_class = |kind: &AmdArgKind| {
        old1348
            && matches!(
                kind,
                AmdArgKind::Pointer {
                    space: AddressSpace::Constant,
                    ..
                }
            )
    };
    let mut puav = IdSet::new(1024);
    let mut cbs = IdSet::new(160);
    let mut rd = IdSet::new(128);
    let mut wr = IdSet::new(8);
    let mut cnt = IdSet::new(8);
    let mut res_ids = vec![0u32; c.args.len()];
    for (i, a) in c.args.iter().enumerate() {
        let Some(id) = a.res_id else { continue };
        if uav_class(&a.kind) {
            if (id < 9 && a.used) || (!a.used && id != uav) || id >= 1024 {
                return Err(bad(k, "UavId out of range!"));
            }
            if puav.has(id) && id != uav {
                return Err(bad(k, "UavId already used!"));
            }
            puav.set(id);
        } else if cb_class(&a.kind) {
            if !(2..160).contains(&id) {
                return Err(bad(k, "CbId out of range!"));
            }
            if cbs.has(id) {
                return Err(bad(k, "CbId already used!"));
            }
            cbs.set(id);
        } else if let Some(acc) = image_access(&a.kind) {
            let (set, max, what) = if acc != ImageAccess::WriteOnly {
                (&mut rd, 128, "RdImgId")
            } else {
                (&mut wr, 8, "WrImgId")
            };
            if id >= max {
                return Err(bad(k, format!("{what} out of range!")));
            }
            if set.has(id) {
                return Err(bad(k, format!("{what} already used!")));
            }
            set.set(id);
        } else if matches!(a.kind, AmdArgKind::Counter32) {
            if id >= 8 {
                return Err(bad(k, "CounterId out of range!"));
            }
            if cnt.has(id) {
                return Err(bad(k, "CounterId already used!"));
            }
            cnt.set(id);
        }
        res_ids[i] = id;
    }
    let mut next_uav = uav.wrapping_add(1);
    let mut next_cb = 2 + u32::from(input.global_data.is_some());
    let (mut next_rd, mut next_wr, mut next_cnt) = (0u32, 0u32, 0u32);
    for (i, a) in c.args.iter().enumerate() {
        if a.res_id.is_some() {
            continue;
        }
        if uav_class(&a.kind) {
            res_ids[i] = if a.used {
                puav.next_free(&mut next_uav)
                    .ok_or_else(|| bad(k, "UavId out of range!"))?
            } else {
                uav
            };
        } else if cb_class(&a.kind) {
            res_ids[i] = cbs
                .next_free(&mut next_cb)
                .ok_or_else(|| bad(k, "CbId out of range!"))?;
        } else if let Some(acc) = image_access(&a.kind) {
            res_ids[i] = if acc != ImageAccess::WriteOnly {
                rd.next_free(&mut next_rd)
                    .ok_or_else(|| bad(k, "RdImgId out of range!"))?
            } else {
                wr.next_free(&mut next_wr)
                    .ok_or_else(|| bad(k, "WrImgId out of range!"))?
            };
        } else if matches!(a.kind, AmdArgKind::Counter32) {
            res_ids[i] = cnt
                .next_free(&mut next_cnt)
                .ok_or_else(|| bad(k, "CounterId out of range!"))?;
        }
    }
    Ok(Resolved {
        uav_private,
        hw_region: c.hw_region.unwrap_or(0),
        uav_id,
        const_buffer_id,
        printf_id,
        private_id,
        res_ids,
    })
}

/// The metadata text; also returns the argument space (bytes) for the CAL notes.
pub(super) fn metadata(
    input: &AmdInput,
    k: usize,
    c: &AmdKernelConfig,
    r: &Resolved,
    dv: u32,
    unique_id: u32,
) -> Result<(String, u32), AmdError> {
    use std::fmt::Write;
    let old1348 = dv < V1348;
    let name = &input.kernels[k].name;
    let mut m = String::new();
    let _ = writeln!(m, ";ARGSTART:__OpenCL_{name}_kernel");
    m.push_str(if dv < V1124 {
        ";version:3:1:104\n"
    } else {
        ";version:3:1:111\n"
    });
    let _ = writeln!(m, ";device:{}", input.device.name().to_ascii_lowercase());
    let _ = writeln!(m, ";uniqueid:{unique_id}");
    let _ = writeln!(m, ";memory:uavprivate:{}", r.uav_private);
    let _ = writeln!(m, ";memory:hwlocal:{}", c.hw_local);
    let _ = writeln!(m, ";memory:hwregion:{}", r.hw_region);
    let cws = c.reqd_work_group_size;
    // CLRX tests the first two values only (the second twice).
    if cws[0] != 0 || cws[1] != 0 {
        let _ = writeln!(m, ";cws:{}:{}:{}", cws[0], cws[1], cws[2]);
    }
    let mut off: u32 = 0;
    let mut arg_samplers = 0u32;
    for (i, a) in c.args.iter().enumerate() {
        let n = &a.name;
        let mut is_const = false;
        match &a.kind {
            AmdArgKind::Structure { size } => {
                let _ = writeln!(m, ";value:{n}:struct:{size}:1:{off}");
                off = off.wrapping_add(size.wrapping_add(15) & !15);
            }
            AmdArgKind::Pointer {
                pointee,
                space,
                is_const: cst,
                is_restrict,
                is_volatile,
                ..
            } => {
                is_const = *cst;
                let (tname, esize) = match pointee {
                    Pointee::Structure { size: 0 } => ("opaque", 4),
                    Pointee::Structure { size } => ("struct", *size),
                    Pointee::Value(v) => (elem_info(v.elem).0, type_size(*v)),
                };
                let place = match space {
                    AddressSpace::Local => format!("hl:{}", a.res_id.unwrap_or(1)),
                    AddressSpace::Global => format!("uav:{}", r.res_ids[i]),
                    AddressSpace::Constant => {
                        format!("{}:{}", if old1348 { "hc" } else { "c" }, r.res_ids[i])
                    }
                };
                let ro = *cst || *space == AddressSpace::Constant;
                let _ = writeln!(
                    m,
                    ";pointer:{n}:{tname}:1:1:{off}:{place}:{esize}:{}:{}:{}",
                    if ro { "RO" } else { "RW" },
                    u8::from(*is_volatile),
                    u8::from(*is_restrict)
                );
                off = off.wrapping_add(16);
            }
            AmdArgKind::Image { image, access } => {
                let acc = match access {
                    ImageAccess::ReadOnly => "RO",
                    ImageAccess::WriteOnly => "WO",
                    ImageAccess::ReadWrite => "RW",
                };
                let _ = writeln!(
                    m,
                    ";image:{n}:{}:{acc}:{}:1:{off}",
                    IMAGE_NAMES[image_index(*image)],
                    r.res_ids[i]
                );
                off = off.wrapping_add(32);
            }
            AmdArgKind::Counter32 => {
                let _ = writeln!(m, ";counter:{n}:32:{}:1:{off}", r.res_ids[i]);
                off = off.wrapping_add(16);
            }
            AmdArgKind::Sampler | AmdArgKind::Value(_) => {
                let v = match &a.kind {
                    AmdArgKind::Value(v) => *v,
                    _ => {
                        arg_samplers += 1;
                        ValueType::scalar(Elem::UInt)
                    }
                };
                let (tname, esize) = elem_info(v.elem);
                let n3 = if v.len == 3 { 4 } else { u32::from(v.len) };
                let size = n3 * esize.max(4);
                let _ = writeln!(m, ";value:{n}:{tname}:{}:1:{off}", v.len);
                off = off.wrapping_add(size.wrapping_add(15) & !15);
            }
        }
        if is_const {
            let _ = writeln!(m, ";constarg:{i}:{n}");
        }
    }
    if input.global_data.is_some() {
        m.push_str(";memory:datareqd\n");
    }
    let _ = writeln!(m, ";function:1:{unique_id}");
    for (j, s) in c.samplers.iter().enumerate() {
        let _ = writeln!(m, ";sampler:unknown_{s}:{}:1:{s}", j as u32 + arg_samplers);
    }
    let mut sid = 0;
    for a in &c.args {
        if a.kind == AmdArgKind::Sampler {
            let _ = writeln!(m, ";sampler:{}:{sid}:0:0", a.name);
            sid += 1;
        }
    }
    if input.is64 {
        m.push_str(";memory:64bitABI\n");
    }
    for (what, v) in [
        ("uavid", r.uav_id),
        ("printfid", r.printf_id),
        ("cbid", r.const_buffer_id),
        ("privateid", r.private_id),
    ] {
        if let Some(v) = v {
            let _ = writeln!(m, ";{what}:{v}");
        }
    }
    for (i, a) in c.args.iter().enumerate() {
        let _ = writeln!(m, ";reflection:{i}:{}", a.type_name);
    }
    let _ = writeln!(m, ";ARGEND:__OpenCL_{name}_kernel");
    Ok((m, off))
}

/// The 32-byte header in `.rodata`.
pub(super) fn header(input: &AmdInput, c: &AmdKernelConfig, r: &Resolved, dv: u32) -> Vec<u8> {
    let words = [
        if dv >= 164205 { r.uav_private } else { 0 },
        0,
        if dv < V1348 { 0 } else { r.uav_private },
        c.hw_local,
        (if input.is64 { 8 } else { 0 }) | (if c.use_printf { 2 } else { 0 }),
        1,
        0,
        0,
    ];
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// COMPUTE_PGM_RSRC2 (CLRX's rule: LDS in 256-byte blocks on GCN 1.0, 512 later).
fn pgm_rsrc2(arch: GpuArch, c: &AmdKernelConfig, user_sgprs: u32, local: u32) -> u32 {
    let dims = match c.dims {
        Some(m) => {
            let tidig = if m & 4 != 0 {
                2
            } else if m & 2 != 0 {
                1
            } else {
                0
            };
            (u32::from(m & 7) << 7) | (tidig << 11)
        }
        None => c.pgmrsrc2 & 0x1B80,
    };
    let lds = if arch == GpuArch::Gcn10 {
        local.wrapping_add(255) >> 8
    } else {
        local.wrapping_add(511) >> 9
    };
    (c.pgmrsrc2 & 0xFFFF_E440)
        | u32::from(c.scratch_buffer != 0)
        | ((user_sgprs & 0x1F) << 1)
        | dims
        | (u32::from(c.tg_size) << 10)
        | ((lds & 0x1FF) << 15)
        | ((c.exceptions & 0x7F) << 24)
}

/// SGPRs a kernel may use on `arch`, without VCC.
fn max_sgprs(arch: GpuArch) -> u32 {
    if arch.is_gcn12_or_later() {
        100
    } else {
        102
    }
}

/// The CAL notes.
pub(super) fn cal_notes(
    input: &AmdInput,
    c: &AmdKernelConfig,
    r: &Resolved,
    dv: u32,
    args_space: u32,
) -> Vec<CalNote> {
    let old1124 = dv < V1124;
    let old1348 = dv < V1348;
    let words = |ws: &[u32]| -> Vec<u8> { ws.iter().flat_map(|w| w.to_le_bytes()).collect() };
    let mut read_only = 0u32;
    let mut wo_used_mask = 0u32;
    let mut write_only = 0u32;
    let mut local_ptrs = false;
    let mut arg_samplers = 0u32;
    for a in &c.args {
        match &a.kind {
            AmdArgKind::Image { access, .. } => {
                if *access == ImageAccess::ReadOnly {
                    read_only += 1;
                }
                if *access == ImageAccess::WriteOnly {
                    if a.used {
                        wo_used_mask |= 1u32.checked_shl(write_only).unwrap_or(0);
                    }
                    write_only += 1;
                }
            }
            AmdArgKind::Pointer {
                space: AddressSpace::Local,
                ..
            } => local_ptrs = true,
            AmdArgKind::Sampler => arg_samplers += 1,
            _ => {}
        }
    }
    let mut notes = Vec::new();
    let inputs: Vec<u32> = (0..read_only)
        .map(|i| if old1124 { read_only - i - 1 } else { i })
        .collect();
    notes.push(CalNote {
        ntype: note::INPUTS,
        data: words(&inputs),
    });
    notes.push(CalNote {
        ntype: note::OUTPUTS,
        data: Vec::new(),
    });
    let mut uav = Vec::new();
    let uav_id = r.uav_id.unwrap_or(0);
    if old1124 {
        for (i, a) in c.args.iter().enumerate() {
            if let AmdArgKind::Image {
                image,
                access: ImageAccess::WriteOnly,
            } = a.kind
            {
                uav.extend([r.res_ids[i], 2, IMAGE_UAV_DIMS[image_index(image)], 3]);
            }
        }
        if c.use_printf {
            uav.extend([uav_id, 4, 0, 5]);
        }
        for (i, a) in c.args.iter().enumerate() {
            if matches!(
                a.kind,
                AmdArgKind::Pointer {
                    space: AddressSpace::Global,
                    ..
                }
            ) {
                uav.extend([r.res_ids[i], 4, 0, 5]);
            }
        }
    } else {
        for (i, a) in c.args.iter().enumerate() {
            match a.kind {
                AmdArgKind::Image {
                    access: ImageAccess::WriteOnly,
                    ..
                } => uav.extend([r.res_ids[i], 2, 2, 5]),
                AmdArgKind::Pointer {
                    space: AddressSpace::Global,
                    ..
                } => uav.extend([r.res_ids[i], 4, 0, 5]),
                _ => {}
            }
        }
        if c.use_printf {
            uav.extend([uav_id, 0, 0, 5]);
        }
    }
    notes.push(CalNote {
        ntype: note::UAV,
        data: words(&uav),
    });
    notes.push(CalNote {
        ntype: note::CONDOUT,
        data: words(&[c.cond_out]),
    });
    for t in [note::FLOAT32CONSTS, note::INT32CONSTS, note::BOOL32CONSTS] {
        notes.push(CalNote {
            ntype: t,
            data: Vec::new(),
        });
    }
    notes.push(CalNote {
        ntype: note::EARLYEXIT,
        data: words(&[c.early_exit]),
    });
    notes.push(CalNote {
        ntype: note::GLOBAL_BUFFERS,
        data: Vec::new(),
    });
    let is_const_ptr = |k: &AmdArgKind| {
        matches!(
            k,
            AmdArgKind::Pointer {
                space: AddressSpace::Constant,
                ..
            }
        )
    };
    let mut cb = Vec::new();
    if old1124 {
        for (i, a) in c.args.iter().enumerate().rev() {
            if let AmdArgKind::Pointer {
                space: AddressSpace::Constant,
                const_size,
                ..
            } = a.kind
            {
                let size = if const_size != 0 {
                    const_size.wrapping_add(15) >> 4
                } else {
                    4096
                };
                cb.extend([r.res_ids[i], size]);
            }
        }
        if let Some(g) = &input.global_data {
            cb.extend([2, (g.len() as u32).wrapping_add(15) >> 4]);
        }
        cb.extend([1, args_space.wrapping_add(15) >> 4, 0, 15]);
    } else {
        cb.extend([0, 0, 1, 0]);
        for (i, a) in c.args.iter().enumerate() {
            if is_const_ptr(&a.kind) {
                cb.extend([r.res_ids[i], 0]);
            }
        }
        if old1348 && input.global_data.is_some() {
            cb.extend([2, 0]);
        }
    }
    notes.push(CalNote {
        ntype: note::CONSTANT_BUFFERS,
        data: words(&cb),
    });
    let mut samp = Vec::new();
    for j in 0..c.samplers.len() as u32 {
        samp.extend([0, j + arg_samplers]);
    }
    for j in 0..arg_samplers {
        samp.extend([0, j]);
    }
    notes.push(CalNote {
        ntype: note::INPUT_SAMPLERS,
        data: words(&samp),
    });
    let scratch_dw = c.scratch_buffer.wrapping_add(3) >> 2;
    notes.push(CalNote {
        ntype: note::SCRATCH_BUFFERS,
        data: words(&[scratch_dw]),
    });
    notes.push(CalNote {
        ntype: note::PERSISTENT_BUFFERS,
        data: Vec::new(),
    });
    // PROGINFO: (address, value) pairs.
    let arch = input.device.arch();
    let mut pi: Vec<u32> = Vec::new();
    let mut e = |a: u32, v: u32| pi.extend([a, v]);
    e(0x8000_1000, c.user_datas.len() as u32);
    let slots = if old1124 { 16 } else { c.user_datas.len() };
    for i in 0..slots {
        let u = c.user_datas.get(i);
        let base = 0x8000_1001 + (i as u32) * 4;
        e(base, u.map_or(0, |u| u.data_class));
        e(base + 1, u.map_or(0, |u| u.api_slot));
        e(base + 2, u.map_or(0, |u| u.reg_start));
        e(base + 3, u.map_or(0, |u| u.reg_size));
    }
    let local = if local_ptrs { 32768 } else { c.hw_local };
    let user = c
        .user_datas
        .iter()
        .map(|u| u.reg_start.wrapping_add(u.reg_size))
        .max()
        .unwrap_or(0);
    let user = if user != 0 { user } else { 2 };
    let rsrc2 = pgm_rsrc2(arch, c, user, local);
    e(0x8000_1041, c.vgprs_num);
    e(0x8000_1042, c.sgprs_num);
    e(0x8000_1863, max_sgprs(arch));
    e(0x8000_1864, 256);
    e(0x8000_1043, c.float_mode);
    e(0x8000_1044, u32::from(c.ieee_mode));
    e(0x8000_1045, scratch_dw);
    e(0x0000_2E13, rsrc2);
    let cws = c.reqd_work_group_size;
    let cws = if cws.iter().all(|v| *v != 0) {
        cws
    } else {
        [256, 0, 0]
    };
    e(0x8000_001C, cws[0]);
    e(0x8000_001D, cws[1]);
    e(0x8000_001E, cws[2]);
    e(0x8000_1841, 0);
    let mut mask = [0u32; 32];
    mask[0] = wo_used_mask;
    for (i, a) in c.args.iter().enumerate() {
        if a.used && a.kind.takes_uav(dv) {
            let u = r.res_ids[i] & 1023;
            mask[(u >> 5) as usize] |= 1 << (u & 31);
        }
    }
    if !old1348 && c.use_const_data {
        if let Some(cb) = r.const_buffer_id {
            mask[0] |= 1u32.checked_shl(cb).unwrap_or(0);
        }
    }
    if c.use_printf {
        mask[0] |= 1u32.checked_shl(r.printf_id.unwrap_or(9)).unwrap_or(0);
    }
    e(0x8000_001F, mask[0]);
    for (p, m) in mask.iter().enumerate() {
        e(0x8000_1843 + p as u32, *m);
    }
    e(0x8000_000A, 1);
    e(0x8000_0078, 64);
    e(0x8000_0081, 32768);
    e(0x8000_0082, ((rsrc2 >> 15) & 0x1FF) << 8);
    notes.push(CalNote {
        ntype: note::PROGINFO,
        data: words(&pi),
    });
    notes.push(CalNote {
        ntype: note::SUB_CONSTANT_BUFFERS,
        data: Vec::new(),
    });
    notes.push(CalNote {
        ntype: note::UAV_MAILBOX_SIZE,
        data: words(&[0]),
    });
    notes.push(CalNote {
        ntype: note::UAV_OP_MASK,
        data: words(&mask),
    });
    notes
}

/// Type-checking helpers shared with the writer.
pub(super) fn check_args(k: usize, c: &AmdKernelConfig) -> Result<(), AmdError> {
    let mut wo = 0;
    for a in &c.args {
        if is_image(&a.kind) && image_access(&a.kind) == Some(ImageAccess::WriteOnly) {
            wo += 1;
            if wo > 8 {
                return Err(bad(k, "Too many write only images"));
            }
        }
    }
    Ok(())
}
