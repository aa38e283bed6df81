//! The `.amdcl2` format (AMD OpenCL 2.0 binaries, CLRX's `AsmAmdCL2Format`): kernels,
//! their configuration (`.config`, `.hsaconfig`) or raw blobs (`.metadata`, `.setup`,
//! `.stub`, `.isametadata`), global data sections, samplers and code relocations. The
//! assembler fills a [`kauai_amdbin::Cl2Input`] and `kauai-amdbin` writes the binary.
//!
//! Where things go, as in CLRX: the assembler starts in the global data section
//! (`.rodata`); `.kernel NAME` switches to that kernel (its code section first), `.main`
//! and `.inner` back to the global layout. Each place remembers the section it was last
//! in. Configuration pseudo-ops are only legal inside the kernel's `.config` or
//! `.hsaconfig` section; raw blobs and a configuration exclude each other.

use std::collections::HashSet;

use kauai_amdbin::{
    AddressSpace, ArgKind, Cl2Input, Cl2KernelInput, CodeReloc, Device, Dims, Elem, ExtraSection,
    GpuArch, HsaCode, HsaConfig, ImageAccess, ImageType, KernelArg, KernelConfig, KernelContent,
    Pointee, RawKernel, RelocKind, RelocTarget, SamplerInit, ValueType,
};
use kauai_diag::Span;

use super::expr::{EvalError, Expr, Parser};
use super::lex::Tok;
use super::{Asm, Section};

type R = Result<(), (Span, String)>;

/// What a section of an AMD CL2 source holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum SecKind {
    /// Machine code: raw code (`None`) or a kernel's code.
    Code(Option<usize>),
    GlobalData,
    RwData,
    Bss,
    SamplerInit,
    Metadata(usize),
    Setup(usize),
    Stub(usize),
    IsaMetadata(usize),
    ControlDirective(usize),
    /// `.config` / `.hsaconfig`: holds no bytes.
    Config(usize),
    /// A kernel's place in CLRX's HSA layout, where its code lives in the one `.text`:
    /// holds no bytes.
    KernelPlace(usize),
    /// A section of the outer (`.main`) or inner (`.inner`) ELF named by `.section`.
    Extra {
        inner: bool,
    },
    /// `.amd`: a kernel's header (`.header`).
    AmdHeader(usize),
    /// `.amd`: a kernel's inner `.data` (`.data` inside a kernel).
    AmdData(usize),
    /// `.amd`: one CAL note of a kernel (`.calnote`, `.proginfo`, ...).
    CalNote(usize),
}

/// Which layout the assembler is in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Place {
    Global,
    Inner,
    Kernel(usize),
}

/// `.hsaconfig` fields given in the source (`None` = CLRX's default).
#[derive(Clone, Debug, Default)]
pub(super) struct HsaFields {
    pub(super) code_version: Option<(u32, u32)>,
    pub(super) machine: Option<(u16, u16, u16, u16)>,
    kernel_code_entry_offset: Option<u64>,
    kernel_code_prefetch_offset: Option<u64>,
    kernel_code_prefetch_size: Option<u64>,
    max_scratch_backing_memory: Option<u64>,
    /// kernel_code_properties bits set by `.use_*` and friends.
    pub(super) properties: u32,
    pub(super) private_elem_size: Option<u32>,
    workitem_private_segment_size: Option<u32>,
    workgroup_group_segment_size: Option<u32>,
    gds_segment_size: Option<u32>,
    pub(super) kernarg_segment_size: Option<u64>,
    workgroup_fbarrier_count: Option<u32>,
    wavefront_sgpr_count: Option<u16>,
    workitem_vgpr_count: Option<u16>,
    pub(super) reserved_vgprs: Option<(u16, u16)>,
    pub(super) reserved_sgprs: Option<(u16, u16)>,
    debug_wavefront_private_segment_offset_sgpr: Option<u16>,
    debug_private_segment_buffer_sgpr: Option<u16>,
    kernarg_segment_align: Option<u8>,
    group_segment_align: Option<u8>,
    private_segment_align: Option<u8>,
    wavefront_size: Option<u8>,
    call_convention: Option<u32>,
    runtime_loader_kernel_symbol: Option<u64>,
    pub(super) user_data_num: Option<u32>,
}

/// The AMD CL2 pseudo-ops of its own layout (inner and main binaries, its data
/// sections, samplers, raw kernel blobs, setup flags) that the ROCm and Gallium formats
/// do not have.
pub(super) const CL2_LAYOUT_ONLY: &[&str] = &[
    ".acl_version",
    ".compile_options",
    ".main",
    ".inner",
    ".hsalayout",
    ".rwdata",
    ".data",
    ".bssdata",
    ".bss",
    ".samplerinit",
    ".sampler",
    ".samplerreloc",
    ".setup",
    ".stub",
    ".isametadata",
    ".hsaconfig",
    ".useargs",
    ".usesetup",
    ".useenqueue",
    ".usegeneric",
    ".setupargs",
];

impl HsaFields {
    /// The descriptor fields ROCm and Gallium kernels default alike: the code object
    /// version given, the device's ISA as the machine, no reserved registers.
    pub(super) fn default_descriptor(&mut self, code_version: (u32, u32), isa: (u32, u32, u32)) {
        self.code_version.get_or_insert(code_version);
        self.machine
            .get_or_insert((1, isa.0 as u16, isa.1 as u16, isa.2 as u16));
        self.reserved_vgprs.get_or_insert((0, 0));
        self.reserved_sgprs.get_or_insert((0, 0));
    }
}

pub(super) struct KernelState {
    pub(super) name: String,
    pub(super) span: Span,
    pub(super) code: u32,
    pub(super) metadata: Option<u32>,
    setup: Option<u32>,
    stub: Option<u32>,
    isa_metadata: Option<u32>,
    control_directive: Option<u32>,
    pub(super) config_sec: Option<u32>,
    /// `.hsaconfig` rather than `.config`.
    pub(super) hsa: Option<HsaFields>,
    pub(super) config: KernelConfig,
    pub(super) sgprs_given: bool,
    pub(super) vgprs_given: bool,
    arg_names: HashSet<String>,
    samplers: Vec<u32>,
    saved: u32,
    /// One past the highest SGPR / VGPR the code names (CLRX's default register
    /// counts).
    pub(super) sgpr_end: u32,
    pub(super) vgpr_end: u32,
}

#[derive(Default)]
pub(super) struct Cl2State {
    pub(super) kernels: Vec<KernelState>,
    pub(super) place: Option<Place>,
    saved_global: u32,
    saved_inner: u32,
    pub(super) global_data: Option<u32>,
    rw_data: Option<u32>,
    bss: Option<u32>,
    bss_align: u64,
    sampler_init: Option<u32>,
    pub(super) driver_version: Option<u32>,
    /// The last `.driver_version` statement.
    pub(super) driver_span: Option<Span>,
    /// The statement that chose the format (None: the `-b` option).
    pub(super) format_span: Option<Span>,
    acl_version: Option<String>,
    pub(super) compile_options: String,
    pub(super) arch_minor: Option<u32>,
    pub(super) arch_stepping: Option<u32>,
    samplers: Option<Vec<u32>>,
    sampler_offsets: Vec<u64>,
    /// Relocations: (kernel, reloc).
    pub(super) relocs: Vec<(usize, CodeReloc)>,
    /// CLRX's HSA layout (`.hsalayout`): kernels' code in one `.text`.
    pub(super) hsa_layout: bool,
    /// That `.text`, once opened.
    pub(super) hsa_text: Option<u32>,
    /// The kernel whose label came last in that `.text`: its registers are counted.
    pub(super) hsa_kernel: Option<usize>,
    /// Relocations in that `.text`.
    hsa_relocs: Vec<CodeReloc>,
    /// `.section`s: (name, inner binary, section, ELF flags).
    extra: Vec<ExtraSec>,
    /// The ROCm format's own state (`.rocm`), which otherwise works as CLRX's HSA
    /// layout: kernels' descriptors and code in one `.text`.
    pub(super) rocm: Option<super::rocm::RocmState>,
    /// The Gallium format's own state (`.gallium`), on the same HSA layout.
    pub(super) gallium: Option<super::gallium::GalliumState>,
    /// The `.amd` format's own state.
    pub(super) amd: super::amd::AmdState,
}

/// A section made by `.section` in an AMD CL2 source.
struct ExtraSec {
    name: String,
    inner: bool,
    section: u32,
    /// `SHF_*` bits from the flags string.
    flags: u64,
    /// `SHT_*` type from the type argument (PROGBITS by default).
    stype: u32,
    /// `align=N` (1 by default).
    align: u64,
}

/// Value that CLRX leaves in a relocated literal.
pub(super) const RELOC_FILL: u32 = 0x5555_5555;

pub(super) fn dims_of(text: &str) -> Option<u8> {
    let mut m = 0u8;
    for c in text.chars() {
        m |= match c.to_ascii_lowercase() {
            'x' => 1,
            'y' => 2,
            'z' => 4,
            _ => return None,
        };
    }
    Some(m)
}

fn highest_dim(m: u8) -> u32 {
    if m & 4 != 0 {
        2
    } else if m & 2 != 0 {
        1
    } else {
        0
    }
}

/// Element type and vector length of a `.arg` type name (`float4`, `uchar`).
pub(super) fn value_type(name: &str) -> Option<ValueType> {
    let (base, len) = match name.find(|c: char| c.is_ascii_digit()) {
        Some(i) => (&name[..i], name[i..].parse::<u8>().ok()?),
        None => (name, 1),
    };
    if !matches!(len, 1..=4 | 8 | 16) || (name.len() > base.len() && len == 1) {
        return None;
    }
    let elem = match base {
        "void" if len == 1 => Elem::Void,
        "uchar" => Elem::UChar,
        "char" => Elem::Char,
        "ushort" => Elem::UShort,
        "short" => Elem::Short,
        "uint" => Elem::UInt,
        "int" => Elem::Int,
        "ulong" => Elem::ULong,
        "long" => Elem::Long,
        "float" => Elem::Float,
        "double" => Elem::Double,
        _ => return None,
    };
    Some(ValueType { elem, len })
}

pub(super) fn image_type(name: &str) -> Option<ImageType> {
    Some(match name {
        "image" => ImageType::Image,
        "image1d" => ImageType::Image1d,
        "image1d_array" => ImageType::Image1dArray,
        "image1d_buffer" => ImageType::Image1dBuffer,
        "image2d" => ImageType::Image2d,
        "image2d_array" => ImageType::Image2dArray,
        "image3d" => ImageType::Image3d,
        _ => return None,
    })
}

/// CLRX's default OpenCL type name of a `.arg` type.
pub(super) fn default_type_name(t: &str) -> String {
    match t {
        "image" | "image2d" => "image2d_t".into(),
        "image1d" | "image1d_array" | "image1d_buffer" | "image2d_array" | "image3d" => {
            format!("{t}_t")
        }
        "sampler" => "sampler_t".into(),
        "counter32" => "counter32_t".into(),
        "counter64" => "counter64_t".into(),
        "queue" => "queue_t".into(),
        "clkevent" => "clk_event_t".into(),
        other => other.to_string(),
    }
}

/// What the OpenCL 1.2 and 2.0 `.arg` forms open with: `NAME, ["TYPENAME",] TYPE[*]`.
pub(super) struct ArgHead {
    pub(super) name: String,
    /// As given, else the type's OpenCL name (with `*` for a pointer).
    pub(super) type_name: String,
    pub(super) tspan: Span,
    /// The type word, lower-case.
    pub(super) t: String,
    pub(super) pointer: bool,
    pub(super) vt: Option<ValueType>,
    pub(super) img: Option<ImageType>,
}

impl Asm<'_> {
    pub(super) fn cl2(&mut self) -> &mut Cl2State {
        self.cl2.get_or_insert_with(Cl2State::default)
    }

    /// Switch to the `.amdcl2` format: section 0 becomes the global data section.
    pub(super) fn enable_cl2(&mut self, span: Span) -> R {
        if self.format == super::Format::AmdCl2 {
            return Ok(());
        }
        if matches!(
            self.format,
            super::Format::Rocm | super::Format::Gallium | super::Format::Amd
        ) || self.sections.len() > 1
            || !self.sections[0].data.is_empty()
        {
            return Err((
                span,
                "the binary format must be chosen before any section or data".into(),
            ));
        }
        self.format = super::Format::AmdCl2;
        self.sections[0].name = ".rodata".into();
        self.kinds[0] = SecKind::GlobalData;
        let st = self.cl2();
        st.format_span = (span != Span::default()).then_some(span);
        st.global_data = Some(0);
        st.place = Some(Place::Global);
        Ok(())
    }

    /// Switch to a format whose code is section 0 as `.text`, the kernels' descriptors
    /// in it (ROCm, Gallium); false when the source is in it already.
    pub(super) fn enable_text_format(
        &mut self,
        span: Span,
        format: super::Format,
    ) -> Result<bool, (Span, String)> {
        if self.format == format {
            return Ok(false);
        }
        if self.format != super::Format::RawCode
            || self.sections.len() > 1
            || !self.sections[0].data.is_empty()
        {
            return Err((
                span,
                "the binary format must be chosen before any section or data".into(),
            ));
        }
        self.format = format;
        self.sections[0].name = ".text".into();
        self.kinds[0] = SecKind::Code(None);
        let st = self.cl2();
        st.format_span = (span != Span::default()).then_some(span);
        st.hsa_layout = true;
        st.hsa_text = Some(0);
        st.place = Some(Place::Inner);
        Ok(true)
    }

    /// An error for a pseudo-op the format `name` does not have (those of
    /// [`CL2_LAYOUT_ONLY`] and `not_its_own`) or does not build yet; `None` for others.
    pub(super) fn refuse_pseudo_op(
        d: &str,
        span: Span,
        name: &str,
        not_its_own: &[&str],
        not_built: &[&str],
    ) -> Option<R> {
        if CL2_LAYOUT_ONLY.contains(&d) || not_its_own.contains(&d) {
            return Some(Err((
                span,
                format!("{d} is not a pseudo-op of the {name} format"),
            )));
        }
        if not_built.contains(&d) {
            return Some(Err((span, format!("not supported yet: {d} ({name})"))));
        }
        None
    }

    pub(super) fn driver_version(&self) -> u32 {
        self.cl2
            .as_ref()
            .and_then(|c| c.driver_version)
            .or(self.opts.driver_version)
            .unwrap_or(0)
    }

    pub(super) fn add_section(&mut self, name: &str, kind: SecKind) -> u32 {
        self.sections.push(Section {
            name: name.into(),
            data: Vec::new(),
        });
        self.kinds.push(kind);
        (self.sections.len() - 1) as u32
    }

    /// Remember where the current layout was, then go to `sec` in layout `place`.
    pub(super) fn go_to(&mut self, place: Place, sec: u32) {
        let cur = self.cur;
        let st = self.cl2();
        match st.place {
            Some(Place::Global) | None => st.saved_global = cur,
            Some(Place::Inner) => st.saved_inner = cur,
            Some(Place::Kernel(k)) => {
                if let Some(ks) = st.kernels.get_mut(k) {
                    ks.saved = cur;
                }
            }
        }
        st.place = Some(place);
        self.cur = sec;
        self.absolute = None;
    }

    pub(super) fn current_kernel(&self) -> Option<usize> {
        match self.cl2.as_ref()?.place {
            Some(Place::Kernel(k)) => Some(k),
            _ => None,
        }
    }

    /// The kernel whose configuration section is current, or CLRX's error.
    pub(super) fn config_kernel(&self, span: Span, what: &str) -> Result<usize, (Span, String)> {
        let k = self.current_kernel();
        match (k, self.kinds.get(self.cur as usize)) {
            (Some(k), Some(SecKind::Config(c))) if *c == k => Ok(k),
            _ => Err((span, format!("Illegal place of {what}"))),
        }
    }

    fn need_new_format(&self, span: Span, what: &str) -> R {
        if !matches!(self.format, super::Format::Rocm | super::Format::Gallium)
            && self.driver_version() < 191205
        {
            return Err((span, format!("{what} allowed only for new binary format")));
        }
        Ok(())
    }

    /// May the current section take bytes (`data`) or only a moved counter?
    pub(super) fn writable(&mut self, span: Span, data: bool) -> bool {
        match self.kinds.get(self.cur as usize) {
            Some(SecKind::Config(_) | SecKind::KernelPlace(_)) => {
                self.err(span, "Writing data into non-writeable section is illegal");
                false
            }
            Some(SecKind::Bss) if data => {
                self.err(span, "Writing data into non-writeable section is illegal");
                false
            }
            _ => true,
        }
    }

    /// Record the registers an instruction writes, for the default `.sgprsnum` and
    /// `.vgprsnum` of its kernel.
    pub(super) fn note_registers(&mut self, regs: &[(u16, u8)]) {
        if let Some(k) = self.code_kernel() {
            let regs: smallvec::SmallVec<[(u32, u32); 4]> = regs
                .iter()
                .map(|&(c, n)| (u32::from(c), u32::from(n)))
                .collect();
            self.note_kernel_registers(k, &regs);
        }
    }

    /// The kernel whose code the current section holds, if any.
    pub(super) fn code_kernel(&self) -> Option<usize> {
        match self.kinds.get(self.cur as usize).copied() {
            Some(SecKind::Code(Some(k))) => Some(k),
            Some(SecKind::Code(None)) => self.cl2.as_ref().and_then(|c| c.hsa_kernel),
            _ => None,
        }
    }

    /// Count registers (first operand code, count) in kernel `k`'s default numbers.
    pub(super) fn note_kernel_registers(&mut self, k: usize, regs: &[(u32, u32)]) {
        let max_sgprs = u32::from(self.arch.max_sgprs());
        let Some(ks) = self.cl2.as_mut().and_then(|c| c.kernels.get_mut(k)) else {
            return;
        };
        for &(code, n) in regs {
            let end = code + n;
            if code < max_sgprs {
                ks.sgpr_end = ks.sgpr_end.max(end);
            } else if code >= 256 {
                ks.vgpr_end = ks.vgpr_end.max(end - 256);
            }
        }
    }

    /// Kernel `k`'s name.
    pub(super) fn kernel_name(&self, k: usize) -> Option<String> {
        Some(self.cl2.as_ref()?.kernels.get(k)?.name.clone())
    }

    /// A 32-bit literal whose value is a place in global data, rwdata or bss becomes a
    /// relocation (CLRX's forms: `place`, `place&0xffffffff`, `place%0x100000000`,
    /// `place>>32`, `place/0x100000000`). `Ok(None)`: not a relocation.
    pub(super) fn relocation(
        &self,
        e: &Expr,
    ) -> Result<Option<(RelocKind, RelocTarget, i64)>, (Span, String)> {
        if self.format != super::Format::AmdCl2 {
            return Ok(None);
        }
        let mut kind = RelocKind::Lo32;
        let mut inner = e;
        if let Expr::Binary(op, a, b, s) = e {
            if matches!(*op, "&" | "%" | "%%" | "/" | "//" | ">>") {
                let av = self.try_eval(a);
                if matches!(&av, Ok(v) if v.section.is_some_and(|s| self.is_reloc_section(s))) {
                    let second = match self.try_eval(b) {
                        Ok(v) if v.section.is_none() => v.v as u64,
                        Ok(_) => {
                            return Err((
                                *s,
                                "Second argument for relocation operand must be absolute".into(),
                            ))
                        }
                        Err(EvalError::Undefined(..)) => return Ok(None),
                        Err(EvalError::Error(s, m)) => return Err((s, m)),
                    };
                    let (k, good) = match *op {
                        "&" => (RelocKind::Lo32, second & 0xffff_ffff == 0xffff_ffff),
                        "%" | "%%" => (
                            RelocKind::Lo32,
                            second >> 32 != 0 && second & 0xffff_ffff == 0,
                        ),
                        "/" | "//" => (RelocKind::Hi32, second == 0x1_0000_0000),
                        _ => (RelocKind::Hi32, second == 32),
                    };
                    if !good {
                        return Err((*s, "Can't resolve relocation for this expression".into()));
                    }
                    kind = k;
                    inner = a;
                }
            }
        }
        match self.try_eval(inner) {
            Ok(v) => match v.section {
                Some(s) if self.is_reloc_section(s) => {
                    let target = match self.kinds[s as usize] {
                        SecKind::GlobalData => RelocTarget::GlobalData,
                        SecKind::RwData => RelocTarget::RwData,
                        _ => RelocTarget::Bss,
                    };
                    Ok(Some((kind, target, v.v)))
                }
                _ => Ok(None),
            },
            Err(_) => Ok(None),
        }
    }

    pub(super) fn is_reloc_section(&self, s: u32) -> bool {
        matches!(
            self.kinds.get(s as usize),
            Some(SecKind::GlobalData | SecKind::RwData | SecKind::Bss)
        )
    }

    /// Record a relocation of the literal at `offset` of the current section.
    pub(super) fn add_relocation(
        &mut self,
        section: u32,
        offset: usize,
        r: (RelocKind, RelocTarget, i64),
        span: Span,
    ) {
        let reloc = CodeReloc {
            offset: offset as u32,
            kind: r.0,
            target: r.1,
            addend: r.2,
        };
        let k = match self.kinds.get(section as usize).copied() {
            Some(SecKind::Code(Some(k))) => k,
            Some(SecKind::Code(None)) if self.cl2().hsa_text == Some(section) => {
                self.cl2().hsa_relocs.push(reloc);
                return;
            }
            _ => {
                self.err(span, "Can't resolve expression outside code section");
                return;
            }
        };
        self.cl2().relocs.push((
            k,
            CodeReloc {
                offset: offset as u32,
                kind: r.0,
                target: r.1,
                addend: r.2,
            },
        ));
    }

    pub(super) fn abs_arg(&self, p: &mut Parser) -> Result<(i64, Span), (Span, String)> {
        let e = p.expr()?;
        let s = e.span();
        Ok((self.abs_now(&e)?, s))
    }

    pub(super) fn string_arg(p: &mut Parser) -> Result<String, (Span, String)> {
        match p.peek() {
            Some(Tok::Str(s)) => {
                let v = String::from_utf8_lossy(s).into_owned();
                p.pos += 1;
                Ok(v)
            }
            _ => Err((p.span(), "Expected string".into())),
        }
    }

    /// Handle a pseudo-op of the `.amdcl2` format; `None` if `d` is not one.
    pub(super) fn cl2_directive(&mut self, d: &str, p: &mut Parser, span: Span) -> Option<R> {
        let r = match d {
            ".driver_version" => self.abs_arg(p).map(|(v, _)| {
                let st = self.cl2();
                st.driver_version = Some(v as u32);
                st.driver_span = Some(span);
            }),
            ".get_driver_version" => (|| {
                let (name, ns) = p.symbol_name()?;
                let v = self.driver_version();
                self.set_sym(
                    &name,
                    super::SymVal::Val(super::expr::Value::abs(v as i64)),
                    ns,
                    false,
                );
                Ok(())
            })(),
            ".acl_version" => Self::string_arg(p).map(|s| {
                // Kept as given, empty too (clrxasm writes its default for ""): what
                // the disassembler prints must reassemble to the same bytes.
                self.cl2().acl_version = Some(s);
            }),
            ".compile_options" => Self::string_arg(p).map(|s| self.cl2().compile_options = s),
            ".arch_minor" => self.abs_arg(p).map(|(v, _)| {
                self.cl2().arch_minor = Some(v as u32);
            }),
            ".arch_stepping" => self.abs_arg(p).map(|(v, _)| {
                self.cl2().arch_stepping = Some(v as u32);
            }),
            ".kernel" => self.do_kernel(p),
            ".main" => {
                let s = self.cl2().saved_global;
                self.go_to(Place::Global, s);
                Ok(())
            }
            ".inner" => {
                let s = self.cl2().saved_inner;
                self.go_to(Place::Inner, s);
                Ok(())
            }
            ".text" => self.text_section(span),
            ".hsalayout" => self.hsa_layout(span),
            // CLRX's explicit kernel membership of HSA-layout code.
            ".kcode" | ".kcodeend" => Err((span, format!("not supported yet: {d}"))),
            ".globaldata" | ".rodata" => self.data_section(span, SecKind::GlobalData),
            ".rwdata" | ".data" => self.data_section(span, SecKind::RwData),
            ".bssdata" | ".bss" => self.bss_section(p, span),
            ".samplerinit" => self.sampler_init(span),
            ".sampler" => self.sampler(p, span),
            ".samplerreloc" => self.sampler_reloc(p, span),
            ".metadata" | ".setup" | ".stub" | ".isametadata" | ".control_directive" => {
                self.raw_section(d, span)
            }
            ".config" | ".hsaconfig" => self.config_section(d == ".hsaconfig", span),
            ".section" => (|| {
                let name = p
                    .ident()
                    .ok_or((p.span(), "Expected section name".to_string()))?
                    .to_string();
                p.pos += 1;
                let mut flags = None;
                let mut stype = None;
                if p.eat_punct(",") {
                    match p.peek() {
                        Some(Tok::Str(f)) => {
                            flags = Some(f.as_slice());
                            p.pos += 1;
                        }
                        _ => return Err((p.span(), "Expected section flags string".into())),
                    }
                    if p.eat_punct(",") {
                        if !p.eat_punct("@") {
                            return Err((p.span(), "Expected '@' and a section type".into()));
                        }
                        let t = p
                            .ident()
                            .ok_or((p.span(), "Expected section type".to_string()))?;
                        stype = Some(t.to_ascii_lowercase());
                        p.pos += 1;
                    }
                }
                // `align=N` (CLRX: `.section .bss align=8`).
                let align = self.align_arg(p)?;
                self.cl2_section(&name, flags, stype.as_deref(), align, span)
            })(),
            _ => return self.config_directive(d, p, span),
        };
        Some(r)
    }

    pub(super) fn do_kernel(&mut self, p: &mut Parser) -> R {
        let name = match p.ident() {
            Some(n) => n.to_string(),
            None => return Err((p.span(), "Expected kernel name".into())),
        };
        let span = p.span();
        p.pos += 1;
        if let Some(k) = self.cl2().kernels.iter().position(|k| k.name == name) {
            let s = self.cl2().kernels[k].saved;
            self.go_to(Place::Kernel(k), s);
            return Ok(());
        }
        let k = self.cl2().kernels.len();
        if k >= crate::limits::MAX_KERNELS {
            // Every later kernel would fail the same way: stop here.
            self.ended = true;
            self.frames.clear();
            return Err((
                span,
                format!(
                    "too many kernels (more than {}, MAX_KERNELS)",
                    crate::limits::MAX_KERNELS
                ),
            ));
        }
        let code = if self.cl2().hsa_layout {
            self.add_section(".text", SecKind::KernelPlace(k))
        } else {
            self.add_section(".text", SecKind::Code(Some(k)))
        };
        self.cl2().kernels.push(KernelState {
            name,
            span,
            code,
            metadata: None,
            setup: None,
            stub: None,
            isa_metadata: None,
            control_directive: None,
            config_sec: None,
            hsa: None,
            config: KernelConfig::default(),
            sgprs_given: false,
            vgprs_given: false,
            arg_names: HashSet::new(),
            samplers: Vec::new(),
            saved: code,
            sgpr_end: 0,
            vgpr_end: 0,
        });
        self.go_to(Place::Kernel(k), code);
        Ok(())
    }

    /// `.text`: the current kernel's code, or in HSA layout the one code section of
    /// the inner binary.
    pub(super) fn text_section(&mut self, span: Span) -> R {
        if self.cl2().hsa_layout {
            let sec = match self.cl2().hsa_text {
                Some(s) => s,
                None => {
                    let s = self.add_section(".text", SecKind::Code(None));
                    self.cl2().hsa_text = Some(s);
                    s
                }
            };
            self.go_to(Place::Inner, sec);
            return Ok(());
        }
        match self.current_kernel() {
            Some(k) => {
                let code = self.cl2().kernels[k].code;
                self.go_to(Place::Kernel(k), code);
                Ok(())
            }
            None => Err((
                span,
                "Code outside kernels is allowed only in HSA layout (.hsalayout)".into(),
            )),
        }
    }

    /// `.hsalayout`: the code of all kernels goes to one `.text`, where a label named
    /// after a kernel marks where its setup (256 bytes, which the code leaves room
    /// for) and then its code begin.
    fn hsa_layout(&mut self, span: Span) -> R {
        if !self.cl2().kernels.is_empty() {
            return Err((span, "HSALayout must be enabled before any kernel".into()));
        }
        if self.driver_version() < 191205 {
            return Err((
                span,
                "HSALayout mode is illegal in old binary format".into(),
            ));
        }
        self.cl2().hsa_layout = true;
        Ok(())
    }

    /// A label in the HSA layout's `.text` named after a kernel starts that kernel:
    /// the registers the code after it writes count for it.
    pub(super) fn cl2_label(&mut self, name: &str) {
        let cur = self.cur;
        let Some(st) = self.cl2.as_mut() else {
            return;
        };
        if st.hsa_text == Some(cur) {
            if let Some(k) = st.kernels.iter().position(|k| k.name == name) {
                st.hsa_kernel = Some(k);
            }
        }
    }

    /// `.section NAME[, "FLAGS"[, @TYPE]]` in `.main` (outer ELF) or elsewhere (inner
    /// ELF, new layouts only). `.rodata`, `.data`, `.bss` and (HSA layout) `.text`
    /// name the standard sections.
    pub(super) fn cl2_section(
        &mut self,
        name: &str,
        flags: Option<&[u8]>,
        stype: Option<&str>,
        align: u64,
        span: Span,
    ) -> R {
        if align != 0 && matches!(name, ".rodata" | ".data" | ".text") {
            return Err((span, format!("not supported yet: an alignment for {name}")));
        }
        match name {
            ".rodata" => return self.data_section(span, SecKind::GlobalData),
            ".data" => return self.data_section(span, SecKind::RwData),
            ".bss" => return self.enter_bss(span, align),
            ".text" if self.cl2().hsa_layout => return self.text_section(span),
            ".text" if self.current_kernel().is_some() => return self.text_section(span),
            _ => {}
        }
        let inner = !matches!(self.cl2().place, Some(Place::Global) | None);
        if inner && self.driver_version() < 191205 {
            return Err((
                span,
                "Inner section are allowed only for new binary format".into(),
            ));
        }
        let mut bits = 0u64;
        for &c in flags.unwrap_or_default() {
            bits |= match c {
                b'a' => kauai_amdbin::elf::SHF_ALLOC,
                b'w' => kauai_amdbin::elf::SHF_WRITE,
                b'x' => kauai_amdbin::elf::SHF_EXECINSTR,
                _ => {
                    return Err((
                        span,
                        format!("Unknown section flag '{}' (expected a, w or x)", c as char),
                    ))
                }
            };
        }
        let sh_type = match stype {
            None | Some("progbits") => kauai_amdbin::elf::SHT_PROGBITS,
            Some("nobits") => kauai_amdbin::elf::SHT_NOBITS,
            Some("note") => kauai_amdbin::elf::SHT_NOTE,
            Some(t) => {
                return Err((
                    span,
                    format!("Unknown section type '@{t}' (expected progbits, nobits or note)"),
                ))
            }
        };
        let place = if inner { Place::Inner } else { Place::Global };
        let existing = self
            .cl2()
            .extra
            .iter()
            .find(|e| e.name == name && e.inner == inner)
            .map(|e| (e.section, e.flags, e.stype));
        let given = (flags.is_some(), stype.is_some());
        let sec = match existing {
            Some((sec, f, t)) => {
                if (given.0 && f != bits) || (given.1 && t != sh_type) {
                    return Err((
                        span,
                        format!("Section '{name}' was already given other flags or type"),
                    ));
                }
                sec
            }
            None => {
                let sec = self.add_section(name, SecKind::Extra { inner });
                self.cl2().extra.push(ExtraSec {
                    name: name.to_string(),
                    inner,
                    section: sec,
                    flags: bits,
                    stype: sh_type,
                    align: align.max(1),
                });
                sec
            }
        };
        self.go_to(place, sec);
        Ok(())
    }

    pub(super) fn data_section(&mut self, span: Span, kind: SecKind) -> R {
        let (what, name) = match kind {
            SecKind::GlobalData => ("Global Data", ".rodata"),
            _ => ("Global RWData", ".data"),
        };
        self.need_new_format(span, what)?;
        let existing = match kind {
            SecKind::GlobalData => self.cl2().global_data,
            _ => self.cl2().rw_data,
        };
        let sec = match existing {
            Some(s) => s,
            None => {
                let s = self.add_section(name, kind);
                match kind {
                    SecKind::GlobalData => self.cl2().global_data = Some(s),
                    _ => self.cl2().rw_data = Some(s),
                }
                s
            }
        };
        self.go_to(Place::Inner, sec);
        Ok(())
    }

    fn bss_section(&mut self, p: &mut Parser, span: Span) -> R {
        self.need_new_format(span, "Global BSS")?;
        let align = self.align_arg(p)?;
        self.enter_bss(span, align)
    }

    /// An optional `align=N` (a power of two, or 0: none), as CLRX's `.bss` and
    /// `.section` take it.
    fn align_arg(&mut self, p: &mut Parser) -> Result<u64, (Span, String)> {
        if !p.ident().is_some_and(|s| s.eq_ignore_ascii_case("align")) {
            return Ok(0);
        }
        p.pos += 1;
        if !p.eat_punct("=") {
            return Err((p.span(), "Expected '=' after 'align'".into()));
        }
        let (v, s) = self.abs_arg(p)?;
        if v != 0 && (v < 0 || v & (v - 1) != 0) {
            return Err((s, "Alignment must be power of two or zero".into()));
        }
        Ok(v as u64)
    }

    /// Go to the bss section (made on first use); a non-zero `align` sets its alignment.
    fn enter_bss(&mut self, span: Span, align: u64) -> R {
        self.need_new_format(span, "Global BSS")?;
        let sec = match self.cl2().bss {
            Some(s) => s,
            None => {
                let s = self.add_section(".bss", SecKind::Bss);
                self.cl2().bss = Some(s);
                s
            }
        };
        if align != 0 {
            self.cl2().bss_align = align;
        }
        self.go_to(Place::Inner, sec);
        Ok(())
    }

    fn sampler_init(&mut self, span: Span) -> R {
        self.need_new_format(span, "SamplerInit")?;
        if self.cl2().samplers.is_some() {
            return Err((
                span,
                "SamplerInit is illegal if sampler definitions are present".into(),
            ));
        }
        let sec = match self.cl2().sampler_init {
            Some(s) => s,
            None => {
                let s = self.add_section(".samplerinit", SecKind::SamplerInit);
                self.cl2().sampler_init = Some(s);
                s
            }
        };
        self.go_to(Place::Global, sec);
        Ok(())
    }

    fn value_list(&self, p: &mut Parser) -> Result<Vec<u32>, (Span, String)> {
        let mut out = Vec::new();
        if p.at_end() {
            return Ok(out);
        }
        loop {
            let (v, _) = self.abs_arg(p)?;
            out.push(v as u32);
            if !p.eat_punct(",") {
                return Ok(out);
            }
        }
    }

    fn sampler(&mut self, p: &mut Parser, span: Span) -> R {
        match self.current_kernel() {
            Some(_) => {
                let k = self.config_kernel(span, "configuration pseudo-op")?;
                self.need_new_format(span, "Sampler")?;
                let vals = self.value_list(p)?;
                self.cl2().kernels[k].samplers.extend(vals);
            }
            None => {
                self.need_new_format(span, "Sampler")?;
                if self.cl2().sampler_init.is_some() {
                    return Err((
                        span,
                        "Illegal sampler definition if samplerinit was defined".into(),
                    ));
                }
                let vals = self.value_list(p)?;
                self.cl2()
                    .samplers
                    .get_or_insert_with(Vec::new)
                    .extend(vals);
            }
        }
        Ok(())
    }

    fn sampler_reloc(&mut self, p: &mut Parser, span: Span) -> R {
        if self.current_kernel().is_some() {
            return Err((span, "Illegal place of samplerreloc pseudo-op".into()));
        }
        self.need_new_format(span, "SamplerReloc")?;
        let e = p.expr()?;
        let v = self.eval_now(&e)?;
        if v.section.is_some() && v.section != self.cl2().global_data {
            return Err((
                e.span(),
                "Offset can be an absolute value or globaldata place".into(),
            ));
        }
        p.expect_punct(",")?;
        let (id, id_span) = self.abs_arg(p)?;
        let max = crate::limits::MAX_SAMPLERS;
        if !(0..max as i64).contains(&id) {
            return Err((
                id_span,
                format!(
                    "sampler id {id} out of range (0 to {}, MAX_SAMPLERS)",
                    max - 1
                ),
            ));
        }
        let id = id as usize;
        let offs = &mut self.cl2().sampler_offsets;
        if offs.len() <= id {
            offs.resize(id + 1, 0);
        }
        offs[id] = v.v as u64;
        Ok(())
    }

    pub(super) fn raw_section(&mut self, d: &str, span: Span) -> R {
        let what = match d {
            ".metadata" => "Metadata",
            ".setup" => "Setup",
            ".stub" => "Stub",
            ".isametadata" => "ISAMetadata",
            _ => "ControlDirective",
        };
        let Some(k) = self.current_kernel() else {
            return Err((span, format!("{what} can be defined only inside kernel")));
        };
        let old = d == ".stub" || d == ".isametadata";
        if d != ".control_directive" && self.cl2().kernels[k].config_sec.is_some() {
            return Err((
                span,
                format!("{what} can't be defined if configuration was defined"),
            ));
        }
        if old && self.driver_version() >= 191205 {
            let w = if d == ".stub" { "Stub" } else { "ISA Metadata" };
            return Err((span, format!("{w} allowed only for old binary format")));
        }
        let ks = &self.cl2().kernels[k];
        let existing = match d {
            ".metadata" => ks.metadata,
            ".setup" => ks.setup,
            ".stub" => ks.stub,
            ".isametadata" => ks.isa_metadata,
            _ => ks.control_directive,
        };
        let sec = match existing {
            Some(s) => s,
            None => {
                let kind = match d {
                    ".metadata" => SecKind::Metadata(k),
                    ".setup" => SecKind::Setup(k),
                    ".stub" => SecKind::Stub(k),
                    ".isametadata" => SecKind::IsaMetadata(k),
                    _ => SecKind::ControlDirective(k),
                };
                let s = self.add_section(d, kind);
                let ks = &mut self.cl2().kernels[k];
                match d {
                    ".metadata" => ks.metadata = Some(s),
                    ".setup" => ks.setup = Some(s),
                    ".stub" => ks.stub = Some(s),
                    ".isametadata" => ks.isa_metadata = Some(s),
                    _ => ks.control_directive = Some(s),
                }
                s
            }
        };
        self.go_to(Place::Kernel(k), sec);
        Ok(())
    }

    pub(super) fn config_section(&mut self, hsa: bool, span: Span) -> R {
        let Some(k) = self.current_kernel() else {
            return Err((
                span,
                "Kernel config can be defined only inside kernel".into(),
            ));
        };
        let ks = &self.cl2().kernels[k];
        if ks.metadata.is_some()
            || ks.isa_metadata.is_some()
            || ks.setup.is_some()
            || ks.stub.is_some()
        {
            return Err((
                span,
                "Config can't be defined if metadata,header,setup,stub section exists".into(),
            ));
        }
        if ks.config_sec.is_some() && ks.hsa.is_some() != hsa {
            return Err((span, "Config and HSAConfig can't be mixed".into()));
        }
        let sec = match ks.config_sec {
            Some(s) => s,
            None => {
                let s = self.add_section(".config", SecKind::Config(k));
                let ks = &mut self.cl2().kernels[k];
                ks.config_sec = Some(s);
                if hsa {
                    ks.hsa = Some(HsaFields::default());
                }
                s
            }
        };
        self.go_to(Place::Kernel(k), sec);
        Ok(())
    }

    /// Configuration pseudo-ops (inside `.config` / `.hsaconfig`).
    fn config_directive(&mut self, d: &str, p: &mut Parser, span: Span) -> Option<R> {
        const COMMON: &[&str] = &[
            ".dims",
            ".cws",
            ".sgprsnum",
            ".vgprsnum",
            ".pgmrsrc1",
            ".pgmrsrc2",
            ".priority",
            ".floatmode",
            ".ieeemode",
            ".dx10clamp",
            ".debugmode",
            ".privmode",
            ".tgsize",
            ".exceptions",
            ".localsize",
            ".gdssize",
            ".scratchbuffer",
            ".arg",
            ".setupargs",
            ".vectypehint",
            ".work_group_size_hint",
        ];
        const NON_HSA: &[&str] = &[".useargs", ".usesetup", ".useenqueue", ".usegeneric"];
        let hsa_op = d.starts_with(".use_")
            || matches!(
                d,
                ".call_convention"
                    | ".codeversion"
                    | ".debug_private_segment_buffer_sgpr"
                    | ".debug_wavefront_private_segment_offset_sgpr"
                    | ".gds_segment_size"
                    | ".group_segment_align"
                    | ".kernarg_segment_align"
                    | ".kernarg_segment_size"
                    | ".kernel_code_entry_offset"
                    | ".kernel_code_prefetch_offset"
                    | ".kernel_code_prefetch_size"
                    | ".machine"
                    | ".max_scratch_backing_memory"
                    | ".private_elem_size"
                    | ".private_segment_align"
                    | ".reserved_sgprs"
                    | ".reserved_vgprs"
                    | ".runtime_loader_kernel_symbol"
                    | ".userdatanum"
                    | ".wavefront_sgpr_count"
                    | ".wavefront_size"
                    | ".workgroup_fbarrier_count"
                    | ".workgroup_group_segment_size"
                    | ".workitem_private_segment_size"
                    | ".workitem_vgpr_count"
            );
        if !COMMON.contains(&d) && !NON_HSA.contains(&d) && !hsa_op {
            return None;
        }
        let what = if matches!(d, ".arg" | ".setupargs") {
            "kernel argument"
        } else {
            "configuration pseudo-op"
        };
        let k = match self.config_kernel(span, what) {
            Ok(k) => k,
            Err(e) => return Some(Err(e)),
        };
        let is_hsa = self.cl2().kernels[k].hsa.is_some();
        if NON_HSA.contains(&d) && is_hsa {
            return Some(Err((span, format!("{d} is illegal in HSA configuration"))));
        }
        if hsa_op && !is_hsa {
            return Some(Err((
                span,
                format!("{d} is allowed only in HSA configuration"),
            )));
        }
        Some(if hsa_op {
            self.hsa_directive(k, d, p)
        } else {
            self.common_config(k, d, p, span)
        })
    }

    /// A `.dims` mask word (`x`, `xy`, `xyz`, ...).
    pub(super) fn dims_arg(p: &mut Parser) -> Result<u8, (Span, String)> {
        let s = p.span();
        let m = p
            .ident()
            .and_then(dims_of)
            .ok_or((s, "Unknown dimension type".to_string()))?;
        p.pos += 1;
        Ok(m)
    }

    /// `.sgprsnum` (`sgprs`) or `.vgprsnum`: a count given wins over the registers the
    /// code uses (AMD CL2 and OpenCL 1.2 kernels alike).
    pub(super) fn register_count(&mut self, k: usize, sgprs: bool, p: &mut Parser) -> R {
        let (v, s) = self.abs_arg(p)?;
        let (max, what) = if sgprs {
            (self.arch.max_sgprs() as i64, "SGPRs")
        } else {
            (256, "VGPRs")
        };
        if !(0..=max).contains(&v) {
            return Err((s, format!("Used {what} number out of range (0-{max})")));
        }
        let ks = &mut self.cl2().kernels[k];
        if sgprs {
            ks.config.sgprs_num = v as u32;
            ks.sgprs_given = true;
        } else {
            ks.config.vgprs_num = v as u32;
            ks.vgprs_given = true;
        }
        Ok(())
    }

    /// Warn that a value wider than its field's `bits` (below 32) keeps only those.
    pub(super) fn warn_truncated(&mut self, s: Span, v: i64, bits: u32) {
        if bits < 32 && !(0..(1i64 << bits)).contains(&v) {
            self.warn(
                s,
                format!("Value {v:#x} truncated to {:#x}", v & ((1 << bits) - 1)),
            );
        }
    }

    fn common_config(&mut self, k: usize, d: &str, p: &mut Parser, span: Span) -> R {
        let cfg_flag = |st: &mut Cl2State, f: fn(&mut KernelConfig)| f(&mut st.kernels[k].config);
        match d {
            ".dims" => {
                let g = Self::dims_arg(p)?;
                let dims = if p.eat_punct(",") {
                    let l = Self::dims_arg(p)?;
                    Dims::Split { group: g, local: l }
                } else {
                    Dims::Mask(g)
                };
                self.cl2().kernels[k].config.dims = dims;
            }
            ".cws" | ".work_group_size_hint" => {
                let mut v = [1u32; 3];
                for (i, slot) in v.iter_mut().enumerate() {
                    if i > 0 && !p.eat_punct(",") {
                        break;
                    }
                    *slot = self.abs_arg(p)?.0 as u32;
                }
                let c = &mut self.cl2().kernels[k].config;
                if d == ".cws" {
                    c.reqd_work_group_size = v;
                } else {
                    c.work_group_size_hint = v;
                }
            }
            ".vectypehint" => {
                let t = p
                    .ident()
                    .ok_or((p.span(), "Expected vector type name".to_string()))?
                    .to_string();
                p.pos += 1;
                self.cl2().kernels[k].config.vec_type_hint = t;
            }
            ".sgprsnum" | ".vgprsnum" => self.register_count(k, d == ".sgprsnum", p)?,
            ".pgmrsrc1" | ".pgmrsrc2" | ".localsize" | ".gdssize" | ".scratchbuffer"
            | ".priority" | ".floatmode" | ".exceptions" => {
                let (v, s) = self.abs_arg(p)?;
                let bits = match d {
                    ".priority" => 2,
                    ".floatmode" => 8,
                    ".exceptions" => 7,
                    _ => 32,
                };
                self.warn_truncated(s, v, bits);
                if bits == 32 && !(-(1i64 << 31)..(1i64 << 32)).contains(&v) {
                    self.warn(s, format!("Value {v:#x} truncated to {:#x}", v as u32));
                }
                if d == ".localsize" && !(0..=32768).contains(&v) {
                    return Err((s, "LocalSize out of range (0-32768)".into()));
                }
                let v32 = (v as u64 & ((1u64 << bits) - 1)) as u32;
                let c = &mut self.cl2().kernels[k].config;
                match d {
                    ".pgmrsrc1" => c.pgmrsrc1 = v32,
                    ".pgmrsrc2" => c.pgmrsrc2 = v32,
                    ".localsize" => c.local_size = v32,
                    ".gdssize" => c.gds_size = v32,
                    ".scratchbuffer" => c.scratch_buffer = v32,
                    ".priority" => c.priority = v32,
                    ".floatmode" => c.float_mode = v32,
                    _ => c.exceptions = v32,
                }
            }
            ".ieeemode" => cfg_flag(self.cl2(), |c| c.ieee_mode = true),
            ".dx10clamp" => cfg_flag(self.cl2(), |c| c.dx10_clamp = true),
            ".debugmode" => cfg_flag(self.cl2(), |c| c.debug_mode = true),
            ".privmode" => cfg_flag(self.cl2(), |c| c.priv_mode = true),
            ".tgsize" => cfg_flag(self.cl2(), |c| c.tg_size = true),
            ".useargs" => cfg_flag(self.cl2(), |c| c.use_args = true),
            ".usesetup" => cfg_flag(self.cl2(), |c| c.use_setup = true),
            ".useenqueue" => cfg_flag(self.cl2(), |c| c.use_enqueue = true),
            ".usegeneric" => cfg_flag(self.cl2(), |c| c.use_generic = true),
            ".setupargs" => {
                if !self.cl2().kernels[k].arg_names.is_empty() {
                    return Err((span, "SetupArgs must be as first in argument list".into()));
                }
                // Pointer-sized, as CLRX declares them: `int` in a 32-bit binary.
                let size_t = if self.bits64 { Elem::Long } else { Elem::Int };
                let value = |n: &str| KernelArg {
                    name: n.into(),
                    type_name: "size_t".into(),
                    kind: ArgKind::Value(ValueType::scalar(size_t)),
                    used: 3,
                };
                let mut args = vec![
                    value("_.global_offset_0"),
                    value("_.global_offset_1"),
                    value("_.global_offset_2"),
                    KernelArg {
                        name: "_.printf_buffer".into(),
                        type_name: "size_t".into(),
                        kind: ArgKind::Pointer {
                            pointee: Pointee::Value(ValueType::scalar(Elem::Void)),
                            space: AddressSpace::Global,
                            is_const: false,
                            is_restrict: false,
                            is_volatile: false,
                        },
                        used: 1,
                    },
                    value("_.vqueue_pointer"),
                    value("_.aqlwrap_pointer"),
                ];
                let ks = &mut self.cl2().kernels[k];
                for a in &args {
                    ks.arg_names.insert(a.name.clone());
                }
                ks.config.args.append(&mut args);
            }
            ".arg" => {
                let arg = self.parse_arg(k, p)?;
                let ks = &mut self.cl2().kernels[k];
                ks.arg_names.insert(arg.name.clone());
                ks.config.args.push(arg);
            }
            _ => return Err((span, format!("unknown pseudo-op '{d}'"))),
        }
        Ok(())
    }

    /// `.arg NAME [, "TYPENAME"], TYPE[*] [, ...]` (CLRX's OpenCL 2.0 forms).
    fn parse_arg(&mut self, k: usize, p: &mut Parser) -> Result<KernelArg, (Span, String)> {
        let names = &self.cl2().kernels[k].arg_names;
        let ArgHead {
            name,
            type_name,
            tspan,
            t,
            pointer,
            vt,
            img,
        } = Self::arg_head(p, |n| names.contains(n))?;
        let known = vt.is_some()
            || img.is_some()
            || matches!(
                t.as_str(),
                "structure" | "sampler" | "queue" | "clkevent" | "pipe" | "counter32" | "counter64"
            );
        if !known {
            return Err((tspan, "Unknown argument type".into()));
        }
        if !pointer && t == "counter64" {
            return Err((tspan, "Unsupported counter64 type".into()));
        }
        if pointer && (img.is_some() || matches!(t.as_str(), "sampler" | "counter32" | "counter64"))
        {
            return Err((tspan, "Illegal pointer type".into()));
        }
        let mut used = 3u8;
        let mut last_arg = false;
        let kind = if pointer {
            let pointee = if t == "structure" {
                p.expect_punct(",")?;
                let (v, _) = self.abs_arg(p)?;
                Pointee::Structure { size: v as u32 }
            } else {
                match vt {
                    Some(v) => Pointee::Value(v),
                    None => {
                        return Err((
                            tspan,
                            format!("not supported yet: pointer to {t} in kernel arguments"),
                        ))
                    }
                }
            };
            // CLRX requires the space; CLRX's manual shows it left out, meaning global.
            let mut space = AddressSpace::Global;
            let (mut is_const, mut is_restrict, mut is_volatile) = (false, false, false);
            if p.eat_punct(",") {
                space = Self::pointer_space(p)?;
                if p.eat_punct(",") {
                    (is_const, is_restrict, is_volatile) = Self::pointer_qualifiers(p, false)?;
                    last_arg = true;
                }
            }
            ArgKind::Pointer {
                pointee,
                space,
                is_const,
                is_restrict,
                is_volatile,
            }
        } else if let Some(image) = img {
            let mut access = ImageAccess::ReadOnly;
            let mut res_id = None;
            if p.eat_punct(",") {
                if let Some(a) = p.ident() {
                    let s = p.span();
                    access = match a {
                        "read_only" | "rdonly" => ImageAccess::ReadOnly,
                        "write_only" | "wronly" => ImageAccess::WriteOnly,
                        "read_write" | "rdwr" => ImageAccess::ReadWrite,
                        _ => return Err((s, "Unknown access qualifier".into())),
                    };
                    p.pos += 1;
                }
                if p.eat_punct(",") {
                    last_arg = true;
                    let (v, s) = self.abs_arg(p)?;
                    let max = if access == ImageAccess::ReadOnly {
                        127
                    } else {
                        63
                    };
                    if !(0..=max).contains(&v) {
                        return Err((s, format!("Resource Id out of range (0-{max})")));
                    }
                    res_id = Some(v as u32);
                }
            }
            ArgKind::Image {
                image,
                access,
                res_id,
            }
        } else if t == "sampler" {
            let mut res_id = None;
            if p.eat_punct(",") {
                last_arg = true;
                let (v, s) = self.abs_arg(p)?;
                if !(0..=15).contains(&v) {
                    return Err((s, "Sampler Id out of range (0-15)".into()));
                }
                res_id = Some(v as u32);
            }
            ArgKind::Sampler { res_id }
        } else if t == "structure" {
            p.expect_punct(",")?;
            let (v, _) = self.abs_arg(p)?;
            last_arg = true;
            ArgKind::Structure { size: v as u32 }
        } else {
            last_arg = true;
            match t.as_str() {
                "queue" => ArgKind::Queue,
                "clkevent" => ArgKind::ClkEvent,
                "pipe" => ArgKind::Pipe,
                "counter32" => ArgKind::Counter32,
                _ => ArgKind::Value(vt.unwrap_or(ValueType::scalar(Elem::Void))),
            }
        };
        if last_arg && p.eat_punct(",") {
            let s = p.span();
            used = match p.ident().map(str::to_ascii_lowercase).as_deref() {
                Some("unused") => 0,
                Some("rdonly") => 1,
                Some("wronly") => 2,
                _ => return Err((s, "This is not 'unused' specifier".into())),
            };
            p.pos += 1;
        }
        Ok(KernelArg {
            name,
            type_name,
            kind,
            used,
        })
    }

    /// A pointer argument's address space word.
    pub(super) fn pointer_space(p: &mut Parser) -> Result<AddressSpace, (Span, String)> {
        let s = p.span();
        let space = match p.ident().map(str::to_ascii_lowercase).as_deref() {
            Some("local") => AddressSpace::Local,
            Some("global") => AddressSpace::Global,
            Some("constant") => AddressSpace::Constant,
            _ => return Err((s, "Unknown pointer space".into())),
        };
        p.pos += 1;
        Ok(space)
    }

    /// A pointer argument's `const restrict volatile` words, in any order (const,
    /// restrict, volatile set); with `stop_at_unused` an `unused` ends them, left to
    /// the caller.
    pub(super) fn pointer_qualifiers(
        p: &mut Parser,
        stop_at_unused: bool,
    ) -> Result<(bool, bool, bool), (Span, String)> {
        let mut q = (false, false, false);
        while let Some(w) = p.ident() {
            let s = p.span();
            match w.to_ascii_lowercase().as_str() {
                "const" => q.0 = true,
                "restrict" => q.1 = true,
                "volatile" => q.2 = true,
                "unused" if stop_at_unused => break,
                _ => return Err((s, "Unknown access qualifier".into())),
            }
            p.pos += 1;
        }
        Ok(q)
    }

    /// The head of an OpenCL `.arg`; `defined` tells a name the kernel already has.
    pub(super) fn arg_head(
        p: &mut Parser,
        defined: impl FnOnce(&str) -> bool,
    ) -> Result<ArgHead, (Span, String)> {
        let name = p
            .ident()
            .ok_or((p.span(), "Expected argument name".to_string()))?
            .to_string();
        let name_span = p.span();
        p.pos += 1;
        if defined(&name) {
            return Err((
                name_span,
                format!("Kernel argument '{name}' is already defined"),
            ));
        }
        p.expect_punct(",")?;
        let mut type_name = None;
        if let Some(Tok::Str(_)) = p.peek() {
            type_name = Some(Self::string_arg(p)?);
            p.expect_punct(",")?;
        }
        let tspan = p.span();
        let t = p
            .ident()
            .ok_or((tspan, "Expected argument type".to_string()))?
            .to_ascii_lowercase();
        p.pos += 1;
        let pointer = p.eat_punct("*");
        let type_name = type_name.unwrap_or_else(|| {
            let mut n = default_type_name(&t);
            if pointer {
                n.push('*');
            }
            n
        });
        Ok(ArgHead {
            name,
            type_name,
            tspan,
            vt: value_type(&t),
            img: image_type(&t),
            t,
            pointer,
        })
    }

    fn hsa_directive(&mut self, k: usize, d: &str, p: &mut Parser) -> R {
        let mut vals = Vec::new();
        let dims_arg = d == ".use_grid_workgroup_count";
        let mut grid = 0u8;
        if dims_arg {
            grid = Self::dims_arg(p)?;
        } else if !d.starts_with(".use_") {
            loop {
                vals.push(self.abs_arg(p)?);
                if !p.eat_punct(",") {
                    break;
                }
            }
        }
        let want = match d {
            ".codeversion" | ".reserved_sgprs" | ".reserved_vgprs" => 2,
            ".machine" => 4,
            _ if d.starts_with(".use_") => 0,
            _ => 1,
        };
        if vals.len() != want {
            return Err((p.span(), format!("{d} takes {want} argument(s)")));
        }
        let v = |i: usize| vals[i].0;
        let pow2 = |i: usize, lo: i64, hi: i64| -> Result<u8, (Span, String)> {
            let x = vals[i].0;
            if x < lo || x > hi || x & (x - 1) != 0 {
                return Err((vals[i].1, "Value must be a power of two".into()));
            }
            Ok(x.trailing_zeros() as u8)
        };
        let h = self.cl2().kernels[k]
            .hsa
            .get_or_insert_with(HsaFields::default)
            .clone();
        let mut h = h;
        let bit = |n: u32| 1u32 << n;
        match d {
            ".codeversion" => h.code_version = Some((v(0) as u32, v(1) as u32)),
            ".machine" => h.machine = Some((v(0) as u16, v(1) as u16, v(2) as u16, v(3) as u16)),
            ".kernel_code_entry_offset" => h.kernel_code_entry_offset = Some(v(0) as u64),
            ".kernel_code_prefetch_offset" => h.kernel_code_prefetch_offset = Some(v(0) as u64),
            ".kernel_code_prefetch_size" => h.kernel_code_prefetch_size = Some(v(0) as u64),
            ".max_scratch_backing_memory" => h.max_scratch_backing_memory = Some(v(0) as u64),
            ".workitem_private_segment_size" => h.workitem_private_segment_size = Some(v(0) as u32),
            ".workgroup_group_segment_size" => h.workgroup_group_segment_size = Some(v(0) as u32),
            ".gds_segment_size" => h.gds_segment_size = Some(v(0) as u32),
            ".kernarg_segment_size" => h.kernarg_segment_size = Some(v(0) as u64),
            ".workgroup_fbarrier_count" => h.workgroup_fbarrier_count = Some(v(0) as u32),
            ".wavefront_sgpr_count" => h.wavefront_sgpr_count = Some(v(0) as u16),
            ".workitem_vgpr_count" => h.workitem_vgpr_count = Some(v(0) as u16),
            ".reserved_sgprs" | ".reserved_vgprs" => {
                let (first, last) = (v(0), v(1));
                // Both ends are register numbers (u16 fields): no wrapped count.
                let regs = 0..=i64::from(u16::MAX);
                if last < first || !regs.contains(&first) || !regs.contains(&last) {
                    return Err((vals[1].1, "Wrong register range".into()));
                }
                let r = (first as u16, (last - first + 1) as u16);
                if d == ".reserved_sgprs" {
                    h.reserved_sgprs = Some(r);
                } else {
                    h.reserved_vgprs = Some(r);
                }
            }
            ".debug_wavefront_private_segment_offset_sgpr" => {
                h.debug_wavefront_private_segment_offset_sgpr = Some(v(0) as u16)
            }
            ".debug_private_segment_buffer_sgpr" => {
                h.debug_private_segment_buffer_sgpr = Some(v(0) as u16)
            }
            ".kernarg_segment_align" => h.kernarg_segment_align = Some(pow2(0, 1, 1 << 30)?),
            ".group_segment_align" => h.group_segment_align = Some(pow2(0, 1, 1 << 30)?),
            ".private_segment_align" => h.private_segment_align = Some(pow2(0, 1, 1 << 30)?),
            ".wavefront_size" => h.wavefront_size = Some(pow2(0, 1, 1 << 30)?),
            ".private_elem_size" => {
                let l = pow2(0, 2, 16)?;
                h.private_elem_size = Some(l as u32 - 1);
            }
            ".call_convention" => h.call_convention = Some(v(0) as u32),
            ".runtime_loader_kernel_symbol" => h.runtime_loader_kernel_symbol = Some(v(0) as u64),
            ".userdatanum" => {
                if !(0..=16).contains(&v(0)) {
                    return Err((vals[0].1, "UserDataNum out of range (0-16)".into()));
                }
                h.user_data_num = Some(v(0) as u32)
            }
            ".use_private_segment_buffer" => h.properties |= bit(0),
            ".use_dispatch_ptr" => h.properties |= bit(1),
            ".use_queue_ptr" => h.properties |= bit(2),
            ".use_kernarg_segment_ptr" => h.properties |= bit(3),
            ".use_dispatch_id" => h.properties |= bit(4),
            ".use_flat_scratch_init" => h.properties |= bit(5),
            ".use_private_segment_size" => h.properties |= bit(6),
            ".use_grid_workgroup_count" => h.properties |= (grid as u32 & 7) << 7,
            ".use_ordered_append_gds" => h.properties |= bit(16),
            ".use_ptr64" => h.properties |= bit(19),
            ".use_dynamic_call_stack" => h.properties |= bit(20),
            ".use_debug_enabled" => h.properties |= bit(21),
            ".use_xnack_enabled" => h.properties |= bit(22),
            _ => return Err((p.span(), format!("unknown pseudo-op '{d}'"))),
        }
        self.cl2().kernels[k].hsa = Some(h);
        Ok(())
    }

    /// Minimum SGPRs/VGPRs a setup needs (CLRX's getGPUSetupMinRegistersNum): user
    /// SGPRs, one per work-group id, TG_SIZE and scratch wave offset; VGPRs up to the
    /// highest work-item id.
    pub(super) fn min_registers(
        dims: Dims,
        pgmrsrc2: u32,
        user: u32,
        tg: bool,
        scratch: bool,
    ) -> (u32, u32) {
        let (group, local) = match dims {
            Dims::Mask(m) => (m, m),
            Dims::Split { group, local } => (group, local),
            Dims::FromPgmRsrc2 => {
                let m = ((pgmrsrc2 >> 7) & 7) as u8;
                (m, m)
            }
        };
        let sgprs = user + group.count_ones() + u32::from(tg) + u32::from(scratch);
        let vgprs = if local & 4 != 0 {
            3
        } else if local & 2 != 0 {
            2
        } else {
            1
        };
        (sgprs, vgprs)
    }

    /// Build the writer's input and write the binary (errors become diagnostics).
    pub(super) fn finish_cl2(&mut self) -> Option<(Cl2Input, Vec<u8>)> {
        let st = self.cl2.take()?;
        let (device, gpu, device_span) = self.target_device(st.format_span)?;
        if device.arch() == GpuArch::Gcn10 {
            self.err_at(device_span, "OpenCL 2.0 supported only for GCN1.1 or later");
            return None;
        }
        let driver = st.driver_version.or(self.opts.driver_version).unwrap_or(0);
        if device.code(driver).is_none() {
            let m = "Unsupported GPU device type by driver version";
            match (st.driver_span, self.opts.driver_version) {
                (Some(s), _) => self.err(
                    s,
                    format!("{m} (driver version {driver} does not know {gpu})"),
                ),
                (None, Some(_)) => self.err_at(
                    None,
                    format!("{m}: -t/--driverVersion {driver} does not know {gpu}"),
                ),
                (None, None) => self.err_at(
                    device_span,
                    format!("{m} (driver version {driver} does not know {gpu})"),
                ),
            }
            return None;
        }
        let mut input = Cl2Input::new(device, driver, self.bits64);
        input.acl_version = st.acl_version.clone();
        input.compile_options = st.compile_options.clone();
        input.arch_minor = st.arch_minor;
        input.arch_stepping = st.arch_stepping;
        let data = |s: Option<u32>, secs: &[Section]| {
            s.map(|s| secs[s as usize].data.clone()).unwrap_or_default()
        };
        input.global_data = data(st.global_data, &self.sections);
        input.rw_data = data(st.rw_data, &self.sections);
        input.bss_size = st
            .bss
            .map(|s| self.sections[s as usize].data.len() as u64)
            .unwrap_or(0);
        input.bss_align = st.bss_align;
        input.samplers = match (&st.samplers, st.sampler_init) {
            (Some(v), _) => SamplerInit::Values(v.clone()),
            (None, Some(s)) => SamplerInit::Raw(self.sections[s as usize].data.clone()),
            _ => SamplerInit::None,
        };
        input.sampler_offsets = st.sampler_offsets.clone();
        let arch = device.arch();
        let max_sgprs = self.arch.max_sgprs() as u32;
        for (i, ks) in st.kernels.iter().enumerate() {
            let code = self.sections[ks.code as usize].data.clone();
            let mut relocations: Vec<CodeReloc> = st
                .relocs
                .iter()
                .filter(|(k, _)| *k == i)
                .map(|(_, r)| *r)
                .collect();
            relocations.sort_by_key(|r| r.offset);
            let content = if ks.config_sec.is_some() {
                let mut cfg = ks.config.clone();
                let user = if cfg.use_generic {
                    12
                } else if cfg.use_enqueue {
                    10
                } else if cfg.use_setup {
                    8
                } else if cfg.use_args {
                    6
                } else {
                    4
                };
                if let Some(h) = &ks.hsa {
                    cfg.hsa = Some(self.hsa_setup(ks, h, &cfg, arch, max_sgprs));
                } else {
                    let (min_s, min_v) = Self::min_registers(
                        cfg.dims,
                        cfg.pgmrsrc2,
                        user,
                        cfg.tg_size,
                        cfg.scratch_buffer != 0,
                    );
                    let extra = if cfg.use_enqueue || cfg.use_generic {
                        if arch.is_gcn12_or_later() {
                            6
                        } else {
                            4
                        }
                    } else {
                        2
                    };
                    if ks.sgprs_given && cfg.sgprs_num + extra > max_sgprs {
                        self.err(
                            ks.span,
                            format!(
                                "Number of total SGPRs for kernel '{}' is too high (max {max_sgprs})",
                                ks.name
                            ),
                        );
                    }
                    if !ks.sgprs_given {
                        cfg.sgprs_num = (max_sgprs - extra).min(min_s.max(ks.sgpr_end));
                    }
                    if !ks.vgprs_given {
                        cfg.vgprs_num = min_v.max(ks.vgpr_end);
                    }
                }
                KernelContent::Config(Box::new(cfg))
            } else {
                let blob = |s: Option<u32>| s.map(|s| self.sections[s as usize].data.clone());
                KernelContent::Raw(RawKernel {
                    metadata: blob(ks.metadata).unwrap_or_default(),
                    setup: blob(ks.setup).unwrap_or_default(),
                    stub: blob(ks.stub).unwrap_or_default(),
                    isa_metadata: blob(ks.isa_metadata),
                })
            };
            input.kernels.push(Cl2KernelInput {
                name: ks.name.clone(),
                code,
                relocations,
                samplers: ks.samplers.clone(),
                content,
            });
        }
        if st.hsa_layout {
            let text = st.hsa_text;
            let mut offsets = Vec::with_capacity(st.kernels.len());
            for ks in &st.kernels {
                let what = match self.syms.get(&ks.name).map(|s| &s.val) {
                    Some(super::SymVal::Val(v)) if v.section.is_some() && v.section == text => {
                        offsets.push(v.v as u64);
                        continue;
                    }
                    Some(super::SymVal::Val(_)) => "is defined for section other than '.text'",
                    Some(super::SymVal::Expr(_)) => "is not resolved",
                    None => "is undefined",
                };
                self.err(ks.span, format!("Symbol for kernel '{}' {what}", ks.name));
            }
            if offsets.len() != st.kernels.len() {
                return None;
            }
            let mut relocations = st.hsa_relocs.clone();
            relocations.sort_by_key(|r| r.offset);
            input.hsa_code = Some(HsaCode {
                code: text
                    .map(|s| self.sections[s as usize].data.clone())
                    .unwrap_or_default(),
                offsets,
                relocations,
            });
        }
        for e in &st.extra {
            let data = self.sections[e.section as usize].data.clone();
            let section = ExtraSection {
                name: e.name.clone(),
                stype: e.stype,
                flags: e.flags,
                align: e.align,
                data,
                ..ExtraSection::default()
            };
            if e.inner {
                input.inner_extra_sections.push(section);
            } else {
                input.extra_sections.push(section);
            }
        }
        match kauai_amdbin::write_cl2(&input) {
            Ok(bytes) => Some((input, bytes)),
            Err(kauai_amdbin::Cl2Error::InKernel { kernel, msg }) => {
                let span = st.kernels.get(kernel).map(|k| k.span);
                self.err_at(span.or(st.format_span), msg);
                None
            }
            Err(e) => {
                self.err_at(st.format_span, e.to_string());
                None
            }
        }
    }

    /// The device the source or the options name, else the architecture's default
    /// (the table of the AMD CL2, ROCm and Gallium formats), with the span its errors
    /// point at; an unknown name is an error.
    pub(super) fn target_device(
        &mut self,
        format_span: Option<Span>,
    ) -> Option<(Device, &'static str, Option<Span>)> {
        let gpu = self.gpu.unwrap_or(match self.arch {
            crate::Arch::Gfx6 => "CapeVerde",
            crate::Arch::Gfx7 => "Bonaire",
            crate::Arch::Gfx8 => "Iceland",
            crate::Arch::Gfx9 => "GFX900",
            crate::Arch::Gfx906 => "GFX906",
            crate::Arch::Gfx10 => "GFX1010",
        });
        // Errors about the whole binary point at what chose the device or the format;
        // with neither in the source they are about the options.
        let device_span = self.gpu_span.or(format_span);
        let Some(device) = Device::from_name(gpu) else {
            self.err_at(device_span, format!("unknown GPU device '{gpu}'"));
            return None;
        };
        Some((device, gpu, device_span))
    }

    /// The `.text` offset of a kernel's label, where its descriptor goes (ROCm and
    /// Gallium); none, with an error, when the label is elsewhere or missing.
    pub(super) fn kernel_text_offset(
        &mut self,
        ks: &KernelState,
        text: Option<u32>,
    ) -> Option<u64> {
        match self.syms.get(&ks.name).map(|s| &s.val) {
            Some(super::SymVal::Val(v)) if v.section.is_some() && v.section == text => {
                Some(v.v as u64)
            }
            _ => {
                self.err(
                    ks.span,
                    format!("Kernel '{}' has no label in .text", ks.name),
                );
                None
            }
        }
    }

    /// Write a kernel's 256-byte descriptor into `code` at `offset`; false, with an
    /// error, when it does not fit.
    pub(super) fn put_descriptor(
        &mut self,
        ks: &KernelState,
        code: &mut [u8],
        offset: u64,
        setup: &HsaConfig,
    ) -> bool {
        let bytes = setup.to_bytes();
        let end = (offset as usize).saturating_add(bytes.len());
        if end > code.len() {
            self.err(
                ks.span,
                format!(
                    "Kernel '{}': no room for its 256-byte descriptor at .text offset {offset:#x} (code is {:#x} bytes)",
                    ks.name,
                    code.len()
                ),
            );
            return false;
        }
        code[offset as usize..end].copy_from_slice(&bytes);
        true
    }

    /// The 256-byte setup of a `.hsaconfig` kernel, with CLRX's defaults and computed
    /// PGMRSRC values.
    pub(super) fn hsa_setup(
        &self,
        ks: &KernelState,
        h: &HsaFields,
        cfg: &KernelConfig,
        arch: GpuArch,
        max_sgprs: u32,
    ) -> HsaConfig {
        let scratch = h
            .workitem_private_segment_size
            .unwrap_or(cfg.scratch_buffer);
        let user = h.user_data_num.unwrap_or_else(|| {
            let f = h.properties;
            let n = [
                (0, 4),
                (1, 2),
                (2, 2),
                (3, 2),
                (4, 2),
                (5, 2),
                (6, 1),
                (7, 1),
                (8, 1),
                (9, 1),
            ]
            .iter()
            .filter(|(b, _)| f & (1 << b) != 0)
            .map(|(_, n)| n)
            .sum::<u32>();
            n.min(16)
        });
        let (min_s, min_v) =
            Self::min_registers(cfg.dims, cfg.pgmrsrc2, user, cfg.tg_size, scratch != 0);
        // VCC always; FLAT_SCRATCH with flat_scratch_init (GCN 1.1: 2; later 4 with
        // XNACK); XNACK_MASK with xnack on GCN 1.2+.
        let flat = h.properties & (1 << 5) != 0;
        let xnack = h.properties & (1 << 22) != 0;
        let extra =
            2 + if flat {
                if arch.is_gcn12_or_later() {
                    4
                } else {
                    2
                }
            } else {
                0
            } + if xnack && arch.is_gcn12_or_later() && !flat {
                2
            } else {
                0
            };
        let (sgprs, prog_sgprs) = if ks.sgprs_given {
            (cfg.sgprs_num, cfg.sgprs_num.saturating_sub(extra))
        } else {
            let prog = min_s.max(ks.sgpr_end);
            ((prog + extra).min(max_sgprs), prog)
        };
        let vgprs = if ks.vgprs_given {
            cfg.vgprs_num
        } else {
            min_v.max(ks.vgpr_end)
        };
        let sgprs = sgprs.max(1);
        let vgprs = vgprs.max(1);
        let rsrc1 = cfg.pgmrsrc1
            | ((vgprs - 1) >> 2)
            | ((sgprs - 1) >> 3) << 6
            | (cfg.priority & 3) << 10
            | (cfg.float_mode & 0xFF) << 12
            | u32::from(cfg.priv_mode) << 20
            | u32::from(cfg.dx10_clamp) << 21
            | u32::from(cfg.debug_mode) << 22
            | u32::from(cfg.ieee_mode) << 23;
        let dim_bits = match cfg.dims {
            Dims::FromPgmRsrc2 => cfg.pgmrsrc2 & 0x1B80,
            Dims::Mask(m) => (m as u32 & 7) << 7 | highest_dim(m) << 11,
            Dims::Split { group, local } => (group as u32 & 7) << 7 | highest_dim(local) << 11,
        };
        let rsrc2 = (cfg.pgmrsrc2 & 0xFFFF_E440)
            | u32::from(scratch != 0)
            | (user & 31) << 1
            | dim_bits
            | u32::from(cfg.tg_size) << 10
            | (cfg.exceptions & 0x7F) << 24;
        let private_elem = h.private_elem_size.unwrap_or(0);
        let (cv_major, cv_minor) = h.code_version.unwrap_or((1, 0));
        let (mk, mmaj, mmin, mstep) = h.machine.unwrap_or((1, 0, 0, 0));
        let new = matches!(self.format, super::Format::Rocm | super::Format::Gallium)
            || self.driver_version() >= 191205;
        let kernarg = h
            .kernarg_segment_size
            .unwrap_or_else(|| kauai_amdbin::gen::kernarg_size(cfg, self.bits64, new) as u64);
        let mut control = Vec::new();
        if let Some(s) = ks.control_directive {
            let d = &self.sections[s as usize].data;
            if d.len() == 128 {
                control = d.clone();
            }
        }
        control.resize(128, 0);
        let (rv_first, rv_count) = h.reserved_vgprs.unwrap_or((vgprs as u16, 0));
        let (rs_first, rs_count) = h.reserved_sgprs.unwrap_or((prog_sgprs as u16, 0));
        HsaConfig {
            code_version_major: cv_major,
            code_version_minor: cv_minor,
            machine_kind: mk,
            machine_major: mmaj,
            machine_minor: mmin,
            machine_stepping: mstep,
            kernel_code_entry_offset: h.kernel_code_entry_offset.unwrap_or(256),
            kernel_code_prefetch_offset: h.kernel_code_prefetch_offset.unwrap_or(0),
            kernel_code_prefetch_size: h.kernel_code_prefetch_size.unwrap_or(0),
            max_scratch_backing_memory: h.max_scratch_backing_memory.unwrap_or(0),
            pgmrsrc1: rsrc1,
            pgmrsrc2: rsrc2,
            kernel_code_properties: h.properties | (private_elem & 3) << 17,
            workitem_private_segment_size: scratch,
            workgroup_group_segment_size: h.workgroup_group_segment_size.unwrap_or(cfg.local_size),
            gds_segment_size: h.gds_segment_size.unwrap_or(cfg.gds_size),
            kernarg_segment_size: kernarg,
            workgroup_fbarrier_count: h.workgroup_fbarrier_count.unwrap_or(0),
            wavefront_sgpr_count: h.wavefront_sgpr_count.unwrap_or(sgprs as u16),
            workitem_vgpr_count: h.workitem_vgpr_count.unwrap_or(vgprs as u16),
            reserved_vgpr_first: rv_first,
            reserved_vgpr_count: rv_count,
            reserved_sgpr_first: rs_first,
            reserved_sgpr_count: rs_count,
            debug_wavefront_private_segment_offset_sgpr: h
                .debug_wavefront_private_segment_offset_sgpr
                .unwrap_or(0),
            debug_private_segment_buffer_sgpr: h.debug_private_segment_buffer_sgpr.unwrap_or(0),
            kernarg_segment_align_log2: h.kernarg_segment_align.unwrap_or(4),
            group_segment_align_log2: h.group_segment_align.unwrap_or(4),
            private_segment_align_log2: h.private_segment_align.unwrap_or(4),
            wavefront_size_log2: h.wavefront_size.unwrap_or(6),
            call_convention: h.call_convention.unwrap_or(0),
            reserved: [0; 12],
            runtime_loader_kernel_symbol: h.runtime_loader_kernel_symbol.unwrap_or(0),
            control_directive: control,
        }
    }
}
