//! Generation of the per-kernel blobs from a [`KernelConfig`]: the metadata blob
//! (outer `.rodata`), the 256-byte setup (`amd_kernel_code_t`) and, for the old
//! layout, the 0xA60-byte stub. Values and quirks follow CLRX's AmdCL2BinGen, so that
//! the bytes are the ones `clrxasm` writes.

use crate::config::{ArgKind, Dims, ImageAccess, KernelConfig, Pointee};
use crate::device::GpuArch;
use crate::model::Layout;
use crate::Cl2Error;

/// What the generators need to know about the binary a kernel goes into.
#[derive(Copy, Clone, Debug)]
pub struct Target {
    pub layout: Layout,
    pub is64: bool,
    pub arch: GpuArch,
    pub driver_version: u32,
}

impl Target {
    fn new_binary(&self) -> bool {
        self.layout != Layout::Old
    }
    fn v163(&self) -> bool {
        self.layout == Layout::V163
    }
}

/// AMD's (type code, element size, vector length) of an argument, as in CLRX's table
/// (pointers are 4 bytes in 32-bit binaries).
fn type_sizes(kind: &ArgKind, is64: bool) -> (u32, u32, u32) {
    match kind {
        ArgKind::Value(v) => (v.elem.code(), v.elem.size(), u32::from(v.len)),
        ArgKind::Pointer { .. } => (7, if is64 { 8 } else { 4 }, 1),
        ArgKind::Image { .. } => (0, 32, 1),
        ArgKind::Sampler { .. } => (0, 16, 1),
        ArgKind::Structure { .. } => (15, 0, 0),
        ArgKind::Counter32 | ArgKind::Counter64 => (0, 0, 0),
        ArgKind::Pipe => (7, 16, 1),
        ArgKind::Queue => (18, 16, 1),
        ArgKind::ClkEvent => (7, 8, 1),
    }
}

/// Resource ids of image and sampler arguments: explicit ids are checked, the others
/// get the lowest free id of their class (CLRX's assignment).
fn resource_ids(cfg: &KernelConfig) -> Result<Vec<u32>, Cl2Error> {
    // Classes: 0 read-only images (128 ids), 1 write-only (64), 2 read-write (64),
    // 3 samplers (16).
    const LIMITS: [u32; 4] = [128, 64, 64, 16];
    const NAMES: [&str; 4] = ["RdOnlyImgId", "WrOnlyImgId", "RdWrImgId", "SamplerId"];
    let class = |k: &ArgKind| -> Option<(usize, Option<u32>)> {
        match k {
            ArgKind::Image { access, res_id, .. } => Some((
                match access {
                    ImageAccess::ReadOnly => 0,
                    ImageAccess::WriteOnly => 1,
                    ImageAccess::ReadWrite => 2,
                },
                *res_id,
            )),
            ArgKind::Sampler { res_id } => Some((3, *res_id)),
            _ => None,
        }
    };
    let mut used = [[false; 128]; 4];
    let mut ids = vec![0u32; cfg.args.len()];
    for (i, a) in cfg.args.iter().enumerate() {
        if let Some((c, Some(id))) = class(&a.kind) {
            if id >= LIMITS[c] {
                return Err(Cl2Error::Invalid(format!("{} out of range!", NAMES[c])));
            }
            if used[c][id as usize] {
                return Err(Cl2Error::Invalid(format!("{} already used!", NAMES[c])));
            }
            used[c][id as usize] = true;
            ids[i] = id;
        }
    }
    let mut next = [0u32; 4];
    for (i, a) in cfg.args.iter().enumerate() {
        if let Some((c, None)) = class(&a.kind) {
            while next[c] < LIMITS[c] && used[c][next[c] as usize] {
                next[c] += 1;
            }
            if next[c] == LIMITS[c] {
                return Err(Cl2Error::Invalid(format!("{} out of range!", NAMES[c])));
            }
            ids[i] = next[c];
            next[c] += 1;
        }
    }
    Ok(ids)
}

/// Number of pipe arguments the kernel uses.
pub fn pipes_used(cfg: &KernelConfig) -> u32 {
    cfg.args
        .iter()
        .filter(|a| matches!(a.kind, ArgKind::Pipe) && a.used != 0)
        .count() as u32
}

struct Out {
    b: Vec<u8>,
    is64: bool,
}

impl Out {
    fn u8(&mut self, v: u8) {
        self.b.push(v);
    }
    fn u16(&mut self, v: u16) {
        self.b.extend_from_slice(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.b.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.b.extend_from_slice(&v.to_le_bytes());
    }
    /// A field that is u64 in 64-bit metadata and u32 in 32-bit metadata.
    fn w(&mut self, v: u64) {
        if self.is64 {
            self.u64(v)
        } else {
            self.u32(v as u32)
        }
    }
    fn zeros(&mut self, n: usize) {
        self.b.resize(self.b.len() + n, 0);
    }
    fn cstr(&mut self, s: &str) {
        self.b.extend_from_slice(s.as_bytes());
        self.b.push(0);
    }
}

/// The metadata blob of kernel number `kernel_index` (its id is 1024 + index).
pub fn metadata(t: &Target, kernel_index: usize, cfg: &KernelConfig) -> Result<Vec<u8>, Cl2Error> {
    let new = t.new_binary();
    let v163 = t.v163();
    let is64 = t.is64;
    let res_ids = resource_ids(cfg)?;
    let pipes = pipes_used(cfg);
    let mut o = Out {
        b: Vec::new(),
        is64,
    };
    let header_size: u64 = match (is64, t.layout) {
        (true, Layout::Old) => 0xD8,
        (true, Layout::V1912) => 0xE0,
        (true, Layout::V163) => 0x110,
        (false, Layout::Old) => 0x88,
        (false, Layout::V1912) => 0x90,
        (false, Layout::V163) => 0xA4,
    };
    let kernel_id = kernel_index as u32;
    o.w(header_size);
    o.w(0); // total size, patched at the end
    o.u32(3);
    o.u32(1);
    o.u32(0x68);
    let mut options = if cfg.reqd_work_group_size[0] != 0 {
        4
    } else {
        0
    };
    if is64 {
        options |= 0x20;
    }
    if !new && (cfg.use_enqueue || cfg.local_size != 0 || pipes != 0 || cfg.scratch_buffer != 0) {
        options |= 0x100;
    }
    o.u32(options);
    o.u16((kernel_id + 1024) as u16);
    o.u16(0);
    o.u32(0);
    o.u64(0x0100000008);
    o.u64(0x0200000001);
    for v in cfg.reqd_work_group_size {
        o.w(u64::from(v));
    }
    o.zeros(if is64 { 16 } else { 12 });
    let word = if t.driver_version >= 223600 {
        t.arch.metadata_word()
    } else {
        "generic"
    };
    o.w(0x15);
    o.w(word.len() as u64);
    o.zeros(if is64 { 24 } else { 12 });
    let pipes_usage = if new {
        0
    } else if cfg.scratch_buffer != 0 {
        cfg.scratch_buffer
    } else {
        pipes << 4
    };
    o.w(u64::from(pipes_usage));
    o.zeros(if is64 { 16 } else { 8 });
    o.u64(cfg.args.len() as u64);
    o.zeros(if is64 { 40 } else { 16 });
    o.u32(u32::from(cfg.use_enqueue));
    o.u32(kernel_id);
    if new {
        o.u32(6);
        if v163 && is64 {
            o.u32(0);
        }
        o.u32(if pipes == 0 && !cfg.use_enqueue {
            0xFFFF_FFFF
        } else {
            0
        });
    }
    if v163 {
        if is64 {
            o.zeros(4);
        }
        for v in cfg.work_group_size_hint {
            o.w(u64::from(v));
        }
        o.w(cfg.vec_type_hint.len() as u64);
        o.w(0);
    }
    o.cstr("__OpenCL_dummy_kernel");
    o.cstr(word);
    if v163 {
        o.cstr(&cfg.vec_type_hint);
    }
    let entry_size: u64 = if is64 { 88 } else { 64 };
    let mut arg_offset: u32 = 0;
    for (i, arg) in cfg.args.iter().enumerate() {
        let (tcode, elem_size, vec) = type_sizes(&arg.kind, is64);
        let vec = if new && vec == 3 { 4 } else { vec };
        let is_image = matches!(arg.kind, ArgKind::Image { .. });
        let is_sampler = matches!(arg.kind, ArgKind::Sampler { .. });
        o.w(entry_size);
        o.w(arg.name.len() as u64);
        o.w(arg.type_name.len() as u64);
        o.w(0);
        o.w(0);
        let union = match &arg.kind {
            ArgKind::Image { .. } | ArgKind::Sampler { .. } => res_ids[i],
            ArgKind::Structure { size } => *size,
            _ => vec,
        };
        o.u32(union);
        o.u32(u32::from(!is_sampler));
        o.u32(arg_offset);
        let arg_size = match &arg.kind {
            ArgKind::Structure { size } => *size,
            _ => elem_size.max(4).wrapping_mul(vec),
        };
        arg_offset = arg_offset.wrapping_add(arg_size.wrapping_add(15) & !15);
        let arg_type = match &arg.kind {
            ArgKind::Image { access, .. } => match access {
                ImageAccess::ReadOnly => 1,
                ImageAccess::WriteOnly => 2,
                ImageAccess::ReadWrite => 3,
            },
            // Drivers from 16.3 on code signed scalars apart from unsigned ones.
            ArgKind::Value(v) if v163 && v.len == 1 && v.elem.is_signed_int() => tcode - 4,
            _ => tcode,
        };
        o.u32(arg_type);
        let ptr_alignment = match &arg.kind {
            ArgKind::Queue => {
                if new {
                    4
                } else {
                    2
                }
            }
            ArgKind::Pipe => 256,
            ArgKind::ClkEvent => 4,
            ArgKind::Image { .. } => 1,
            ArgKind::Pointer { pointee, .. } => {
                let size = match pointee {
                    Pointee::Structure { size } => *size,
                    Pointee::Value(v) => {
                        let len = u32::from(v.len);
                        v.elem.size() * if new && len == 3 { 4 } else { len }
                    }
                };
                size.checked_next_power_of_two().unwrap_or(0)
            }
            _ => 0,
        };
        o.u32(ptr_alignment);
        let (ptr_type, ptr_space) = match &arg.kind {
            ArgKind::ClkEvent => (18, 4),
            ArgKind::Pointer { pointee, space, .. } => (
                match pointee {
                    Pointee::Structure { .. } => 15,
                    Pointee::Value(v) => v.elem.code(),
                },
                space.code(),
            ),
            ArgKind::Pipe => (15, 4),
            _ => (0, 0),
        };
        o.u32(ptr_type);
        o.u32(ptr_space);
        let ptr_or_pipe: u32 = match &arg.kind {
            ArgKind::Pipe => {
                if arg.used != 0 {
                    3
                } else {
                    1
                }
            }
            ArgKind::Pointer { .. } | ArgKind::ClkEvent => {
                if !new {
                    3
                } else if arg.used != 0 {
                    u32::from(arg.used)
                } else {
                    1
                }
            }
            _ => 0,
        };
        o.u32(ptr_or_pipe);
        let (is_const, is_restrict, is_volatile) = match &arg.kind {
            ArgKind::Pointer {
                is_const,
                is_restrict,
                is_volatile,
                ..
            } => (*is_const, *is_restrict, *is_volatile),
            _ => (false, false, false),
        };
        o.u8(u8::from(is_volatile));
        o.u8(u8::from(is_restrict));
        o.u8(u8::from(matches!(arg.kind, ArgKind::Pipe)));
        o.u8(0);
        let kind_of_type = if is_sampler {
            1
        } else if is_image {
            2
        } else if ptr_or_pipe != 0 {
            5
        } else if matches!(arg.kind, ArgKind::Queue) {
            7
        } else {
            4
        };
        o.u32(kind_of_type);
        o.w(u64::from(is_const));
    }
    o.zeros(entry_size as usize);
    for arg in &cfg.args {
        o.cstr(&arg.name);
        o.cstr(&arg.type_name);
    }
    o.zeros(if is64 { 48 } else { 24 });
    let total = o.b.len() as u64;
    if is64 {
        o.b[8..16].copy_from_slice(&total.to_le_bytes());
    } else {
        o.b[4..8].copy_from_slice(&(total as u32).to_le_bytes());
    }
    Ok(o.b)
}

/// COMPUTE_PGM_RSRC1 from register counts and mode bits (CLRX `calculatePgmRSrc1`;
/// the register fields are not masked, as there).
pub fn pgm_rsrc1(vgprs: u32, sgprs: u32, cfg: &KernelConfig, dx10_clamp: bool) -> u32 {
    (vgprs.wrapping_sub(1) >> 2)
        | ((sgprs.wrapping_sub(1) >> 3) << 6)
        | ((cfg.float_mode & 0xFF) << 12)
        | (u32::from(cfg.ieee_mode) << 23)
        | ((cfg.priority & 3) << 10)
        | (u32::from(cfg.priv_mode) << 20)
        | (u32::from(dx10_clamp) << 21)
        | (u32::from(cfg.debug_mode) << 22)
}

/// User SGPRs the setup announces for the kernel's `use*` flags.
pub fn user_sgprs(cfg: &KernelConfig, arch: GpuArch) -> u32 {
    let gcn14 = arch.is_gcn14_or_later();
    if cfg.use_generic {
        12
    } else if cfg.use_enqueue {
        10
    } else if cfg.use_setup {
        if gcn14 {
            10
        } else {
            8
        }
    } else if cfg.use_args {
        if gcn14 {
            8
        } else {
            6
        }
    } else if gcn14 {
        6
    } else {
        4
    }
}

/// COMPUTE_PGM_RSRC2 for a configuration (with the LDS size field only for the old
/// stub's copy).
pub fn pgm_rsrc2(cfg: &KernelConfig, arch: GpuArch, with_lds: bool) -> u32 {
    let dim_values = match cfg.dims {
        Dims::FromPgmRsrc2 => cfg.pgmrsrc2 & 0x1B80,
        Dims::Mask(m) => {
            // Enqueueing kernels get TIDIG_COMP_CNT 2 whatever the mask.
            let tidig = if cfg.use_enqueue || m & 4 != 0 {
                2
            } else if m & 2 != 0 {
                1
            } else {
                0
            };
            (u32::from(m & 7) << 7) | (tidig << 11)
        }
        Dims::Split { group, local } => {
            let tidig = if local & 4 != 0 {
                2
            } else if local & 2 != 0 {
                1
            } else {
                0
            };
            (u32::from(group & 7) << 7) | (tidig << 11)
        }
    };
    let lds = if with_lds { cfg.local_size } else { 0 };
    (cfg.pgmrsrc2 & 0xFFFF_E440)
        | u32::from(cfg.scratch_buffer != 0)
        | (user_sgprs(cfg, arch) << 1)
        | dim_values
        | (u32::from(cfg.tg_size) << 10)
        | (((lds.wrapping_add(511) >> 9) & 0x1FF) << 15)
        | ((cfg.exceptions & 0x7F) << 24)
}

/// Size of the kernel-argument segment (pointer-like arguments take a pointer slot,
/// values are aligned to their element size; 1912+ rounds up to 16).
pub fn kernarg_size(cfg: &KernelConfig, is64: bool, new: bool) -> u32 {
    let mut size: u32 = 0;
    for a in &cfg.args {
        match &a.kind {
            ArgKind::Value(_) | ArgKind::Counter32 | ArgKind::Counter64 => {
                let (_, elem, vec) = type_sizes(&a.kind, is64);
                let vec = if new && vec == 3 { 4 } else { vec };
                // CLRX aligns with `size & (elem - 1)`; a zero-sized counter element
                // therefore resets the running size to 0. Kept for byte equality.
                let mask = elem.wrapping_sub(1);
                if size & mask != 0 {
                    size = size.wrapping_add(elem.wrapping_sub(size & mask));
                }
                size = size.wrapping_add(vec.wrapping_mul(elem));
            }
            _ => {
                let p = if is64 { 8 } else { 4 };
                if size & (p - 1) != 0 {
                    size += p - (size & (p - 1));
                }
                size = size.wrapping_add(p);
            }
        }
    }
    if new {
        size = size.wrapping_add(15) & !15;
    }
    size
}

/// SGPRs counted in the setup: the kernel's plus VCC, plus FLAT_SCRATCH (and XNACK on
/// GCN 1.2+) when the kernel enqueues or uses generic pointers (`with_generic`
/// false: the old stub counts only enqueue).
fn sgprs_all(cfg: &KernelConfig, arch: GpuArch, with_generic: bool) -> u32 {
    let extra = if cfg.use_enqueue || (with_generic && cfg.use_generic) {
        if arch.is_gcn12_or_later() {
            4
        } else {
            2
        }
    } else {
        0
    };
    cfg.sgprs_num.wrapping_add(extra).wrapping_add(2)
}

/// The 256-byte setup generated from a configuration (ignores [`KernelConfig::hsa`]).
pub fn setup(t: &Target, cfg: &KernelConfig) -> Vec<u8> {
    let new = t.new_binary();
    let arch = t.arch;
    let mut o = Out {
        b: Vec::with_capacity(256),
        is64: true,
    };
    o.u64(if new { 0x1_0000_0001 } else { 1 });
    // machine kind 1, kernel_code_entry_byte_offset 256, the rest zero.
    o.u16(1);
    o.zeros(6);
    o.u64(256);
    o.zeros(24);
    let sgprs = sgprs_all(cfg, arch, true).max(1);
    let vgprs = cfg.vgprs_num.max(1);
    o.u32(cfg.pgmrsrc1 | pgm_rsrc1(vgprs, sgprs, cfg, cfg.dx10_clamp || new));
    o.u32(pgm_rsrc2(cfg, arch, false));
    let mut props: u16 = if cfg.use_generic {
        0x2F
    } else if cfg.use_enqueue {
        0x2B
    } else if cfg.use_setup {
        0x0B
    } else if cfg.use_args {
        0x09
    } else {
        0x01
    };
    // CLRX adds FLAT_SCRATCH init for GCN 1.4 only, not for GCN 1.4.1.
    if arch == GpuArch::Gcn14 {
        props |= 0x20;
    }
    o.u16(props);
    let arch_ind: u16 = if t.is64 { 0x0A } else { 0x02 };
    let xnack = arch.is_gcn12_or_later() && new && t.driver_version <= 191205;
    o.u16(if xnack { arch_ind | 0x40 } else { arch_ind });
    o.u32(cfg.scratch_buffer);
    o.u32(cfg.local_size);
    o.u32(cfg.gds_size);
    o.u32(kernarg_size(cfg, t.is64, new));
    o.zeros(8);
    o.u16(sgprs as u16);
    o.u16(cfg.vgprs_num as u16);
    o.u16(cfg.vgprs_num as u16);
    o.u16(0);
    o.u16(cfg.sgprs_num as u16);
    o.u16(0);
    o.u32(0);
    if new {
        o.u32(0x0604_0404);
    } else {
        let mut extra = if cfg.use_enqueue { 0x30000 } else { 0 };
        if !cfg.use_enqueue && cfg.scratch_buffer != 0 {
            extra |= 0x40000;
        }
        if cfg.local_size != 0 {
            extra |= 0x200;
        }
        if pipes_used(cfg) != 0 && extra & 0x40000 == 0 {
            extra |= 0x30000;
        }
        o.u32(0x0600_0003 | extra);
    }
    o.b.resize(256, 0);
    o.b
}

/// Instruction count, global-memory and LDS instruction counts of GCN code, by
/// encoding only (CLRX's stub analysis; no full decoder needed).
pub fn analyze_code(arch: GpuArch, code: &[u8]) -> (u32, u32, u32) {
    // Encodings (bits 29..26 of a 0b11 word) that take a second dword, per family.
    const SIZE2_GCN11: [bool; 16] = [
        false, false, false, false, true, false, true, true, true, false, true, false, true, false,
        true, false,
    ];
    const SIZE2_GCN12: [bool; 16] = [
        true, true, false, false, true, false, true, true, true, false, true, false, true, false,
        false, false,
    ];
    // 1 = global memory (FLAT, MUBUF, MTBUF, MIMG), 2 = local (DS).
    const KIND: [u8; 16] = [0, 0, 0, 0, 0, 0, 2, 1, 1, 0, 1, 0, 1, 0, 0, 0];
    let gcn12 = arch.is_gcn12_or_later();
    let gcn11 = arch == GpuArch::Gcn11;
    let words: Vec<u32> = code
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let n = words.len();
    let (mut instrs, mut global, mut local) = (0u32, 0u32, 0u32);
    let mut pos = 0;
    while pos < n {
        let w = words[pos];
        pos += 1;
        instrs += 1;
        let mut skip = false;
        if w & 0x8000_0000 != 0 {
            if w & 0x4000_0000 == 0 {
                if w & 0x3000_0000 == 0x3000_0000 {
                    let enc = w & 0x0F80_0000;
                    if enc == 0x0E80_0000 {
                        skip = w & 0xFF == 0xFF; // SOP1 literal
                    } else if enc == 0x0F00_0000 {
                        skip = w & 0xFF == 0xFF || w & 0xFF00 == 0xFF00; // SOPC
                    } else if enc != 0x0F80_0000 {
                        // SOPK: s_setreg_imm32_b32 has a literal.
                        let op = (w >> 23) & 0x1F;
                        skip = (!gcn12 && op == 21) || (gcn12 && op == 20);
                    }
                } else {
                    skip = w & 0xFF == 0xFF || w & 0xFF00 == 0xFF00; // SOP2
                }
            } else {
                let enc = ((w & 0x3C00_0000) >> 26) as usize;
                skip = if gcn12 {
                    SIZE2_GCN12[enc]
                } else {
                    SIZE2_GCN11[enc] && (enc != 7 || gcn11)
                };
                match KIND[enc] {
                    1 => global += 1,
                    2 => local += 1,
                    _ => {}
                }
            }
        } else {
            let src0 = w & 0x1FF;
            let lit = src0 == 0xFF || (gcn12 && (src0 == 0xF9 || src0 == 0xFA));
            if w & 0x7E00_0000 == 0x7C00_0000 || w & 0x7E00_0000 == 0x7E00_0000 {
                skip = lit; // VOPC, VOP1
            } else {
                let op = (w >> 25) & 0x3F;
                let madk = if gcn12 {
                    matches!(op, 23 | 24 | 36 | 37)
                } else {
                    op == 32 || op == 33
                };
                skip = madk || lit;
            }
        }
        if skip && pos < n {
            pos += 1;
        }
    }
    (instrs, global, local)
}

/// The old layout's 0xA60-byte stub for a kernel.
pub fn stub(arch: GpuArch, cfg: &KernelConfig, code: &[u8]) -> Vec<u8> {
    let sgprs_all = sgprs_all(cfg, arch, false);
    let (instrs, global, local) = analyze_code(arch, code);
    let code_size = code.len() as u64;
    let mut o = Out {
        b: Vec::with_capacity(0xA60),
        is64: true,
    };
    o.u32(0xA60);
    o.u32(instrs);
    o.u32(cfg.vgprs_num);
    o.zeros(24);
    o.u32(instrs);
    o.u32(global);
    o.u32(local);
    o.u32(0);
    o.u32(cfg.sgprs_num.wrapping_add(cfg.vgprs_num));
    o.u32(0);
    o.u32(sgprs_all);
    o.b.resize(0xB8, 0);
    o.u32(0xA60);
    o.b.resize(0x164, 0);
    o.u32(3);
    o.u32(if cfg.local_size != 0 { 13 } else { 12 });
    o.b.resize(0x9A0, 0);
    o.u64(0xA60);
    o.u32(0x100);
    o.u32((code_size + 0x100) as u32);
    o.zeros(8);
    o.u32(0x200);
    o.u32(0);
    o.u64(code_size + 0xB60);
    o.zeros(8);
    o.u64(code_size + 0xB60);
    o.u32(cfg.vgprs_num);
    o.u32(sgprs_all);
    o.zeros(8);
    o.u32(cfg.vgprs_num);
    o.u32(cfg.sgprs_num);
    o.u32(cfg.float_mode & 0xFF);
    o.u32(0);
    o.u32(1);
    o.zeros(12);
    o.u32(cfg.scratch_buffer.wrapping_add(3) >> 2);
    o.u32(cfg.local_size);
    o.u32(0xFFFF_FFFF);
    o.u32(0);
    o.b.resize(0x9A0 + 0xA8, 0);
    o.u32(pgm_rsrc2(cfg, arch, true));
    o.b.resize(0xA60, 0);
    o.b
}

/// CLRX's default "ISA metadata" blob of the old layout.
pub const DEFAULT_ISA_METADATA: [u8; 20] = [
    0x00, 0x00, 0x68, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x42, 0x09, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00,
];
