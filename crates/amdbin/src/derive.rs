//! From raw blobs back to a configuration: what a disassembler prints with `-C`. The
//! metadata gives the arguments and header fields, the setup the register counts,
//! modes and `use*` flags. The result is checked by generating the blobs again: the
//! metadata (and the old layout's stub) must come out identical, or derivation fails;
//! a setup that the configuration fields cannot reproduce is kept whole in
//! [`KernelConfig::hsa`], so nothing is silently rewritten.

use crate::config::{
    AddressSpace, ArgKind, Dims, Elem, HsaConfig, ImageAccess, ImageType, KernelArg, KernelConfig,
    Pointee, ValueType,
};
use crate::gen::{self, Target};
use crate::model::{Cl2Input, KernelContent, Layout};
use crate::Cl2Error;

fn nd(msg: impl Into<String>) -> Cl2Error {
    Cl2Error::NotDerivable(msg.into())
}

struct Md<'a> {
    b: &'a [u8],
    is64: bool,
}

impl Md<'_> {
    fn u8(&self, o: usize) -> Result<u8, Cl2Error> {
        self.b
            .get(o)
            .copied()
            .ok_or_else(|| nd("metadata truncated"))
    }
    fn u32(&self, o: usize) -> Result<u32, Cl2Error> {
        self.b
            .get(o..o + 4)
            .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
            .ok_or_else(|| nd("metadata truncated"))
    }
    fn u64(&self, o: usize) -> Result<u64, Cl2Error> {
        self.b
            .get(o..o + 8)
            .map(|s| u64::from_le_bytes(s.try_into().unwrap_or([0; 8])))
            .ok_or_else(|| nd("metadata truncated"))
    }
    /// A u64 (64-bit metadata) or u32 field.
    fn w(&self, o: usize) -> Result<u64, Cl2Error> {
        if self.is64 {
            self.u64(o)
        } else {
            self.u32(o).map(u64::from)
        }
    }
    fn cstr(&self, o: usize) -> Result<(String, usize), Cl2Error> {
        let rest = self.b.get(o..).ok_or_else(|| nd("metadata truncated"))?;
        let end = rest
            .iter()
            .position(|c| *c == 0)
            .ok_or_else(|| nd("unterminated string in metadata"))?;
        Ok((
            String::from_utf8_lossy(&rest[..end]).into_owned(),
            o + end + 1,
        ))
    }
}

const ELEMS: [(&str, Elem); 11] = [
    ("void", Elem::Void),
    ("uchar", Elem::UChar),
    ("char", Elem::Char),
    ("ushort", Elem::UShort),
    ("short", Elem::Short),
    ("uint", Elem::UInt),
    ("int", Elem::Int),
    ("ulong", Elem::ULong),
    ("long", Elem::Long),
    ("float", Elem::Float),
    ("double", Elem::Double),
];

/// The value type a type name spells (`uint4`, `float*` → float), if it does.
fn value_type_of(type_name: &str) -> Option<ValueType> {
    let base = type_name
        .trim_end_matches(|c: char| c == '*' || c.is_whitespace())
        .rsplit(|c: char| c.is_whitespace())
        .next()?;
    let split = base
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(base.len());
    let (elem_name, len) = base.split_at(split);
    let elem = ELEMS.iter().find(|(n, _)| *n == elem_name)?.1;
    let len = if len.is_empty() { 1 } else { len.parse().ok()? };
    matches!(len, 1 | 2 | 3 | 4 | 8 | 16).then_some(ValueType { elem, len })
}

/// The element type for an AMD type code, with signedness taken from the type name.
fn elem_of(code: u32, type_name: &str, v163: bool) -> Option<Elem> {
    let named = value_type_of(type_name).map(|v| v.elem);
    let pick = |signed: Elem, unsigned: Elem| -> Elem {
        if named == Some(signed) || (named != Some(unsigned) && !type_name.starts_with('u')) {
            signed
        } else {
            unsigned
        }
    };
    Some(match code {
        2 if v163 => Elem::Char,
        3 if v163 => Elem::Short,
        4 if v163 => Elem::Int,
        5 if v163 => Elem::Long,
        6 => {
            if named == Some(Elem::Void) {
                Elem::Void
            } else {
                pick(Elem::Char, Elem::UChar)
            }
        }
        7 => pick(Elem::Short, Elem::UShort),
        8 => pick(Elem::Int, Elem::UInt),
        9 => pick(Elem::Long, Elem::ULong),
        11 => Elem::Float,
        12 => Elem::Double,
        _ => return None,
    })
}

fn image_type_of(type_name: &str) -> ImageType {
    let n = type_name.trim();
    match n.trim_end_matches("_t") {
        "image1d" => ImageType::Image1d,
        "image1d_array" => ImageType::Image1dArray,
        "image1d_buffer" => ImageType::Image1dBuffer,
        "image2d" => ImageType::Image2d,
        "image2d_array" => ImageType::Image2dArray,
        "image3d" => ImageType::Image3d,
        _ => ImageType::Image,
    }
}

/// Arguments and header fields from a metadata blob.
fn parse_metadata(md: &[u8], t: &Target, cfg: &mut KernelConfig) -> Result<(), Cl2Error> {
    let m = Md {
        b: md,
        is64: t.is64,
    };
    let v163 = t.layout == Layout::V163;
    let new = t.layout != Layout::Old;
    let header = m.w(0)? as usize;
    let (cws, nargs, enqueue) = if t.is64 {
        (56, 160, 208)
    } else {
        (48, 104, 128)
    };
    let step = if t.is64 { 8 } else { 4 };
    for i in 0..3 {
        cfg.reqd_work_group_size[i] =
            u32::try_from(m.w(cws + step * i)?).map_err(|_| nd("work-group size"))?;
    }
    let args_num = usize::try_from(m.u64(nargs)?).map_err(|_| nd("argument count"))?;
    cfg.use_enqueue = m.u32(enqueue)? != 0;
    if v163 {
        let end = if t.is64 { 232 } else { 144 };
        for i in 0..3 {
            cfg.work_group_size_hint[i] =
                u32::try_from(m.w(end + step * i)?).map_err(|_| nd("work-group size hint"))?;
        }
    }
    let (_, o) = m.cstr(header)?;
    let (_, mut o) = m.cstr(o)?;
    if v163 {
        let (hint, next) = m.cstr(o)?;
        cfg.vec_type_hint = hint;
        o = next;
    }
    let entry = if t.is64 { 88 } else { 64 };
    if args_num > md.len() / entry {
        return Err(nd("more arguments than the metadata holds"));
    }
    let mut names_at = o + entry * (args_num + 1);
    for i in 0..args_num {
        let e = o + entry * i;
        // Field offsets after the five size-width fields.
        let f = e + 5 * step;
        let union = m.u32(f)?;
        let arg_type = m.u32(f + 12)?;
        let ptr_align = m.u32(f + 16)?;
        let ptr_type = m.u32(f + 20)?;
        let ptr_space = m.u32(f + 24)?;
        let ptr_or_pipe = m.u32(f + 28)?;
        let is_volatile = m.u8(f + 32)? != 0;
        let is_restrict = m.u8(f + 33)? != 0;
        let is_pipe = m.u8(f + 34)? != 0;
        let kind_of_type = m.u32(f + 36)?;
        let is_const = m.w(f + 40)? != 0;
        let (name, next) = m.cstr(names_at)?;
        let (type_name, next) = m.cstr(next)?;
        names_at = next;
        let mut used = 3u8;
        let kind = match kind_of_type {
            1 => ArgKind::Sampler {
                res_id: Some(union),
            },
            2 => ArgKind::Image {
                image: image_type_of(&type_name),
                access: match arg_type {
                    1 => ImageAccess::ReadOnly,
                    2 => ImageAccess::WriteOnly,
                    _ => ImageAccess::ReadWrite,
                },
                res_id: Some(union),
            },
            7 => ArgKind::Queue,
            5 if is_pipe => {
                used = if ptr_or_pipe == 3 { 3 } else { 0 };
                ArgKind::Pipe
            }
            5 => {
                if new {
                    used = u8::try_from(ptr_or_pipe).map_err(|_| nd("usage flags"))?;
                }
                if ptr_type == 18 {
                    ArgKind::ClkEvent
                } else {
                    let space = match ptr_space {
                        3 => AddressSpace::Local,
                        4 => AddressSpace::Global,
                        5 => AddressSpace::Constant,
                        s => return Err(nd(format!("pointer address space {s}"))),
                    };
                    let pointee = if ptr_type == 15 {
                        Pointee::Structure { size: ptr_align }
                    } else {
                        let elem = elem_of(ptr_type, &type_name, false)
                            .ok_or_else(|| nd(format!("pointer type code {ptr_type}")))?;
                        let len = value_type_of(&type_name)
                            .filter(|v| v.elem.code() == elem.code())
                            .map_or(1, |v| v.len);
                        Pointee::Value(ValueType { elem, len })
                    };
                    ArgKind::Pointer {
                        pointee,
                        space,
                        is_const,
                        is_restrict,
                        is_volatile,
                    }
                }
            }
            4 if arg_type == 15 => ArgKind::Structure { size: union },
            4 if arg_type == 0 && union == 0 => {
                if type_name.contains("64") {
                    ArgKind::Counter64
                } else {
                    ArgKind::Counter32
                }
            }
            4 => {
                let elem = elem_of(arg_type, &type_name, v163)
                    .ok_or_else(|| nd(format!("argument type code {arg_type}")))?;
                let len = match (union, value_type_of(&type_name)) {
                    // 1912+ store 3-element vectors as 4.
                    (4, Some(v)) if v.len == 3 && new => 3,
                    (l, _) => u8::try_from(l).map_err(|_| nd("vector length"))?,
                };
                ArgKind::Value(ValueType { elem, len })
            }
            k => return Err(nd(format!("argument kind {k}"))),
        };
        cfg.args.push(KernelArg {
            name,
            type_name,
            kind,
            used,
        });
    }
    Ok(())
}

/// Configuration fields from a setup; `pgmrsrc1`/`pgmrsrc2` keep the bits no field
/// explains.
fn parse_setup(setup: &[u8], t: &Target, cfg: &mut KernelConfig) {
    let h = HsaConfig::from_bytes(setup);
    cfg.sgprs_num = u32::from(h.reserved_sgpr_first);
    cfg.vgprs_num = u32::from(h.workitem_vgpr_count);
    cfg.scratch_buffer = h.workitem_private_segment_size;
    cfg.local_size = h.workgroup_group_segment_size;
    cfg.gds_size = h.gds_segment_size;
    // enable_sgpr_* bits as the writer sets them: generic 0x2F, enqueue 0x2B, setup
    // 0x0B, args 0x09, none 0x01; GCN 1.4 adds 0x20 to each (so 0x2B is setup there
    // unless the metadata says the kernel enqueues).
    let props = h.kernel_code_properties & 0xFFFF;
    let gcn14 = t.arch == crate::device::GpuArch::Gcn14;
    match props {
        0x2F => cfg.use_generic = true,
        0x2B if cfg.use_enqueue => {}
        0x0B | 0x2B => {
            cfg.use_setup = true;
            cfg.use_args = true;
        }
        0x09 => cfg.use_args = true,
        0x29 if gcn14 => cfg.use_args = true,
        _ => {}
    }
    let r1 = h.pgmrsrc1;
    cfg.float_mode = (r1 >> 12) & 0xFF;
    cfg.priority = (r1 >> 10) & 3;
    cfg.priv_mode = r1 & (1 << 20) != 0;
    cfg.dx10_clamp = r1 & (1 << 21) != 0;
    cfg.debug_mode = r1 & (1 << 22) != 0;
    cfg.ieee_mode = r1 & (1 << 23) != 0;
    let new = t.layout != Layout::Old;
    let extra = if cfg.use_enqueue || cfg.use_generic {
        if t.arch.is_gcn12_or_later() {
            4
        } else {
            2
        }
    } else {
        0
    };
    let sgprs = (cfg.sgprs_num + extra + 2).max(1);
    let computed = gen::pgm_rsrc1(cfg.vgprs_num.max(1), sgprs, cfg, cfg.dx10_clamp || new);
    cfg.pgmrsrc1 = r1 & !computed;
    let r2 = h.pgmrsrc2;
    cfg.tg_size = r2 & 0x400 != 0;
    cfg.exceptions = (r2 >> 24) & 0x7F;
    let group = ((r2 >> 7) & 7) as u8;
    let tidig = (r2 >> 11) & 3;
    let mask_tidig = if cfg.use_enqueue || group & 4 != 0 {
        2
    } else if group & 2 != 0 {
        1
    } else {
        0
    };
    cfg.dims = match tidig {
        _ if tidig == mask_tidig => Dims::Mask(group),
        0 => Dims::Split { group, local: 1 },
        1 => Dims::Split { group, local: 3 },
        2 => Dims::Split { group, local: 7 },
        // TIDIG_COMP_CNT 3 has no `.dims` spelling: keep the raw bits.
        _ => Dims::FromPgmRsrc2,
    };
    // Kept: bits outside what the fields above compute (trap, LDS size, ...).
    cfg.pgmrsrc2 = r2 & 0xFFFF_E440 & !0x400 & !(0x7F << 24);
    if cfg.dims == Dims::FromPgmRsrc2 {
        cfg.pgmrsrc2 |= r2 & 0x1B80;
    }
}

/// The configuration that regenerates kernel `index`'s raw blobs (see the module
/// docs). A kernel already in configuration form is returned as it is.
pub fn derive_config(input: &Cl2Input, index: usize) -> Result<KernelConfig, Cl2Error> {
    let k = input
        .kernels
        .get(index)
        .ok_or_else(|| Cl2Error::Invalid(format!("no kernel number {index}")))?;
    let raw = match &k.content {
        KernelContent::Config(c) => return Ok((**c).clone()),
        KernelContent::Raw(r) => r,
    };
    let t = Target {
        layout: input.layout(),
        is64: input.is64,
        arch: input.device.arch(),
        driver_version: input.driver_version,
    };
    let mut cfg = KernelConfig::default();
    parse_metadata(&raw.metadata, &t, &mut cfg)?;
    parse_setup(&raw.setup, &t, &mut cfg);
    if gen::metadata(&t, index, &cfg)? != raw.metadata {
        return Err(nd(format!(
            "metadata of kernel '{}' differs from what its arguments generate",
            k.name
        )));
    }
    if gen::setup(&t, &cfg) != raw.setup {
        if raw.setup.len() != 256 {
            return Err(nd(format!("setup of {} bytes", raw.setup.len())));
        }
        cfg.hsa = Some(HsaConfig::from_bytes(&raw.setup));
    }
    if t.layout == Layout::Old {
        if gen::stub(t.arch, &cfg, &k.code) != raw.stub {
            return Err(nd(format!(
                "stub of kernel '{}' differs from the generated one",
                k.name
            )));
        }
        let isa = raw
            .isa_metadata
            .as_deref()
            .unwrap_or(&gen::DEFAULT_ISA_METADATA);
        if isa != gen::DEFAULT_ISA_METADATA {
            return Err(nd("ISA metadata differs from the default"));
        }
    }
    Ok(cfg)
}
