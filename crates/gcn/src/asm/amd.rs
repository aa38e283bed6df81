//! The `.amd` format (AMD Catalyst OpenCL 1.2 binaries, CLRX's `AsmAmdFormat`):
//! kernels with a configuration (`.config`) or raw blobs (`.header`, `.metadata`, CAL
//! notes), each kernel's inner `.data`, global constant data, compile options and the
//! driver version or info. The assembler fills a [`kauai_amdbin::amd::AmdInput`] and
//! `kauai-amdbin` writes the binary.
//!
//! Kernels, their code and configuration sections and the register counting are
//! shared with the `.amdcl2` format (`cl2.rs`); this module adds what differs.

use kauai_amdbin::amd::{
    note, AmdArg, AmdArgKind, AmdDriver, AmdInput, AmdKernelConfig, AmdKernelContent,
    AmdKernelInput, AmdRawKernel, CalNote, UserData, USER_DATA_CLASSES,
};
use kauai_amdbin::{AddressSpace, Device, ImageAccess, Pointee};
use kauai_diag::Span;

use super::cl2::{ArgHead, Place, SecKind};
use super::expr::Parser;
use super::Asm;

type R = Result<(), (Span, String)>;

/// Per-kernel state of the `.amd` format.
#[derive(Clone, Debug, Default)]
pub(super) struct AmdKernel {
    config: AmdKernelConfig,
    header: Option<u32>,
    data: Option<u32>,
    /// CAL notes in order: (type, section).
    notes: Vec<(u32, u32)>,
}

/// State of the `.amd` format.
#[derive(Default)]
pub(super) struct AmdState {
    driver_info: Option<String>,
    kernels: Vec<AmdKernel>,
}

/// CAL-note pseudo-ops and the note type each opens.
const NOTE_OPS: &[(&str, u32)] = &[
    (".proginfo", note::PROGINFO),
    (".inputs", note::INPUTS),
    (".outputs", note::OUTPUTS),
    (".condout", note::CONDOUT),
    (".floatconsts", note::FLOAT32CONSTS),
    (".intconsts", note::INT32CONSTS),
    (".boolconsts", note::BOOL32CONSTS),
    (".earlyexit", note::EARLYEXIT),
    (".globalbuffers", note::GLOBAL_BUFFERS),
    (".constantbuffers", note::CONSTANT_BUFFERS),
    (".inputsamplers", note::INPUT_SAMPLERS),
    (".persistentbuffers", note::PERSISTENT_BUFFERS),
    (".scratchbuffers", note::SCRATCH_BUFFERS),
    (".subconstantbuffers", note::SUB_CONSTANT_BUFFERS),
    (".uavmailboxsize", note::UAV_MAILBOX_SIZE),
    (".uav", note::UAV),
    (".uavopmask", note::UAV_OP_MASK),
];

impl Asm<'_> {
    /// Switch to the `.amd` format (the global data section first, as `.amdcl2`).
    pub(super) fn enable_amd(&mut self, span: Span) -> R {
        if self.format == super::Format::Amd {
            return Ok(());
        }
        if self.format != super::Format::RawCode {
            return Err((span, "the binary format was already chosen".into()));
        }
        self.enable_cl2(span)?;
        self.format = super::Format::Amd;
        Ok(())
    }

    fn amd_kernel(&mut self, k: usize) -> &mut AmdKernel {
        let ks = &mut self.cl2().amd.kernels;
        if ks.len() <= k {
            ks.resize_with(k + 1, AmdKernel::default);
        }
        &mut ks[k]
    }

    fn in_kernel(&self, span: Span, what: &str) -> Result<usize, (Span, String)> {
        self.current_kernel()
            .ok_or((span, format!("{what} can be defined only inside kernel")))
    }

    /// A raw part may not join a configuration.
    fn no_config(&mut self, k: usize, span: Span, what: &str) -> R {
        if self.cl2().kernels[k].config_sec.is_some() {
            return Err((
                span,
                format!("{what} can't be defined if configuration was defined"),
            ));
        }
        Ok(())
    }

    /// Bytes into the current section.
    fn put_u32s(&mut self, vals: &[u32]) {
        let d = &mut self.sections[self.cur as usize].data;
        for v in vals {
            d.extend_from_slice(&v.to_le_bytes());
        }
    }

    fn u32_arg(&mut self, p: &mut Parser) -> Result<u32, (Span, String)> {
        let (v, s) = self.abs_arg(p)?;
        if !(-(1i64 << 31)..(1i64 << 32)).contains(&v) {
            self.warn(s, format!("Value {v:#x} truncated to {:#x}", v as u32));
        }
        Ok(v as u32)
    }

    /// Values separated by commas, `n` of them (`min`..=`n` when some may be left out).
    fn u32_list(
        &mut self,
        p: &mut Parser,
        min: usize,
        n: usize,
    ) -> Result<Vec<u32>, (Span, String)> {
        let mut v = Vec::new();
        while v.len() < n {
            if !v.is_empty() && !p.eat_punct(",") {
                break;
            }
            if v.is_empty() && p.at_end() {
                break;
            }
            v.push(self.u32_arg(p)?);
        }
        if v.len() < min {
            return Err((p.span(), "Expected expression".into()));
        }
        Ok(v)
    }

    /// Open a new CAL note of type `t` in kernel `k`.
    fn open_note(&mut self, k: usize, t: u32, span: Span) -> R {
        self.no_config(k, span, "CALNote")?;
        let s = self.add_section(".calnote", SecKind::CalNote(k));
        self.amd_kernel(k).notes.push((t, s));
        self.go_to(Place::Kernel(k), s);
        Ok(())
    }

    /// The note type of the current section, if it is a CAL note.
    fn cur_note(&self) -> Option<u32> {
        let SecKind::CalNote(k) = *self.kinds.get(self.cur as usize)? else {
            return None;
        };
        let st = self.cl2.as_ref()?;
        st.amd
            .kernels
            .get(k)?
            .notes
            .iter()
            .find(|(_, s)| *s == self.cur)
            .map(|(t, _)| *t)
    }

    fn in_config(&self) -> Option<usize> {
        let k = self.current_kernel()?;
        matches!(self.kinds.get(self.cur as usize), Some(SecKind::Config(c)) if *c == k)
            .then_some(k)
    }

    /// Handle a pseudo-op of the `.amd` format; `None` if `d` is not one.
    pub(super) fn amd_directive(&mut self, d: &str, p: &mut Parser, span: Span) -> Option<R> {
        // Pseudo-ops whose meaning depends on being in a configuration.
        if let Some(k) = self.in_config() {
            if let Some(r) = self.amd_config(k, d, p, span) {
                return Some(r);
            }
        }
        let r = match d {
            ".driver_version" => self.abs_arg(p).map(|(v, _)| {
                let st = self.cl2();
                st.driver_version = Some(v as u32);
                st.driver_span = Some(span);
                st.amd.driver_info = None;
            }),
            ".driver_info" => Self::string_arg(p).map(|s| {
                let st = self.cl2();
                st.amd.driver_info = Some(s);
                st.driver_version = None;
            }),
            ".get_driver_version" => (|| {
                let (name, ns) = p.symbol_name()?;
                let v = match &self.cl2().amd.driver_info {
                    Some(i) => kauai_amdbin::amd::version_from_info(i),
                    None => self.driver_version(),
                };
                self.set_sym(
                    &name,
                    super::SymVal::Val(super::expr::Value::abs(v as i64)),
                    ns,
                    false,
                );
                Ok(())
            })(),
            ".compile_options" => Self::string_arg(p).map(|s| self.cl2().compile_options = s),
            ".globaldata" => {
                let s = self.cl2().global_data.unwrap_or(0);
                self.go_to(Place::Global, s);
                Ok(())
            }
            ".kernel" => (|| {
                self.do_kernel(p)?;
                let k = self.current_kernel().unwrap_or(0);
                self.amd_kernel(k);
                Ok(())
            })(),
            ".text" => self.text_section(span),
            ".config" => (|| {
                let k = self.in_kernel(span, "Kernel config")?;
                let ak = self.amd_kernel(k);
                if ak.header.is_some() || !ak.notes.is_empty() {
                    return Err((
                        span,
                        "Config can't be defined if metadata,header and/or CALnotes section exists"
                            .into(),
                    ));
                }
                self.config_section(false, span)
            })(),
            ".metadata" => self.raw_section(".metadata", span),
            ".header" => (|| {
                let k = self.in_kernel(span, "Header")?;
                self.no_config(k, span, "Header")?;
                let s = match self.amd_kernel(k).header {
                    Some(s) => s,
                    None => {
                        let s = self.add_section(".header", SecKind::AmdHeader(k));
                        self.amd_kernel(k).header = Some(s);
                        s
                    }
                };
                self.go_to(Place::Kernel(k), s);
                Ok(())
            })(),
            ".data" => (|| {
                let k = self.in_kernel(span, "Data")?;
                let s = match self.amd_kernel(k).data {
                    Some(s) => s,
                    None => {
                        let s = self.add_section(".data", SecKind::AmdData(k));
                        self.amd_kernel(k).data = Some(s);
                        s
                    }
                };
                self.go_to(Place::Kernel(k), s);
                Ok(())
            })(),
            ".calnote" => (|| {
                let k = self.in_kernel(span, "CALNote")?;
                let t = self.u32_arg(p)?;
                self.open_note(k, t, span)
            })(),
            ".entry" => (|| {
                let (n, what) = match self.cur_note() {
                    Some(note::UAV) => (4, ""),
                    Some(note::PROGINFO) => (2, ""),
                    _ => (0, "Illegal place of .entry"),
                };
                if n == 0 {
                    return Err((span, what.into()));
                }
                let v = self.u32_list(p, n, n)?;
                self.put_u32s(&v);
                Ok(())
            })(),
            // CLRX also takes `.cbid` inside a CONSTANT_BUFFERS note; its form there is
            // not documented, and `.cbmask` says the same.
            ".cbid" => Err((
                span,
                "not supported yet: .cbid outside a configuration (use .cbmask in .constantbuffers)"
                    .into(),
            )),
            ".cbmask" | ".sampler" | ".segment" => (|| {
                let want = match d {
                    ".cbmask" => note::CONSTANT_BUFFERS,
                    ".sampler" => note::INPUT_SAMPLERS,
                    _ => 0,
                };
                let ok = match self.cur_note() {
                    Some(t) if d == ".segment" => matches!(
                        t,
                        note::FLOAT32CONSTS | note::INT32CONSTS | note::BOOL32CONSTS
                    ),
                    Some(t) => t == want,
                    None => false,
                };
                if !ok {
                    return Err((span, format!("Illegal place of {d}")));
                }
                let v = self.u32_list(p, 2, 2)?;
                self.put_u32s(&v);
                Ok(())
            })(),
            _ => {
                let t = NOTE_OPS.iter().find(|(n, _)| *n == d).map(|(_, t)| *t)?;
                (|| {
                    let k = self.in_kernel(span, "CALNote")?;
                    self.open_note(k, t, span)?;
                    // These take an optional first value.
                    if matches!(
                        t,
                        note::CONDOUT
                            | note::EARLYEXIT
                            | note::UAV_MAILBOX_SIZE
                            | note::UAV_OP_MASK
                    ) && !p.at_end()
                    {
                        let v = self.u32_arg(p)?;
                        self.put_u32s(&[v]);
                    }
                    Ok(())
                })()
            }
        };
        Some(r)
    }

    /// Configuration pseudo-ops (inside `.config`).
    fn amd_config(&mut self, k: usize, d: &str, p: &mut Parser, span: Span) -> Option<R> {
        let r = (|| {
            match d {
                ".dims" => {
                    let m = Self::dims_arg(p)?;
                    self.amd_kernel(k).config.dims = Some(m);
                }
                ".cws" => {
                    let v = self.u32_list(p, 1, 3)?;
                    let mut c = [1u32; 3];
                    c[..v.len()].copy_from_slice(&v);
                    self.amd_kernel(k).config.reqd_work_group_size = c;
                }
                // Kept in the CL2 kernel state: given values win over counts.
                ".sgprsnum" | ".vgprsnum" => self.register_count(k, d == ".sgprsnum", p)?,
                ".pgmrsrc2" | ".floatmode" | ".exceptions" | ".hwlocal" | ".localsize"
                | ".hwregion" | ".uavid" | ".uavprivate" | ".privateid" | ".printfid" | ".cbid"
                | ".scratchbuffer" | ".condout" | ".earlyexit" => {
                    let (v, s) = self.abs_arg(p)?;
                    let bits = match d {
                        ".floatmode" => 8,
                        ".exceptions" => 7,
                        _ => 32,
                    };
                    self.warn_truncated(s, v, bits);
                    let ranged = |lo: i64, hi: i64, what: &str| -> R {
                        if (lo..=hi).contains(&v) {
                            Ok(())
                        } else {
                            Err((s, format!("{what} out of range ({lo}-{hi})")))
                        }
                    };
                    match d {
                        ".hwlocal" | ".localsize" => ranged(0, 32768, "HWLocalSize")?,
                        ".uavid" => ranged(0, 1023, "UAVId")?,
                        ".privateid" => ranged(0, 1023, "PrivateId")?,
                        ".printfid" => ranged(0, 1023, "PrintfId")?,
                        ".cbid" => ranged(0, 1023, "ConstBufferId")?,
                        _ => {}
                    }
                    let v32 = (v as u64 & ((1u64 << bits) - 1)) as u32;
                    let c = &mut self.amd_kernel(k).config;
                    match d {
                        ".pgmrsrc2" => c.pgmrsrc2 = v32,
                        ".floatmode" => c.float_mode = v32,
                        ".exceptions" => c.exceptions = v32,
                        ".hwlocal" | ".localsize" => c.hw_local = v32,
                        ".hwregion" => c.hw_region = Some(v32),
                        ".uavid" => c.uav_id = Some(v32),
                        ".uavprivate" => c.uav_private = Some(v32),
                        ".privateid" => c.private_id = Some(v32),
                        ".printfid" => c.printf_id = Some(v32),
                        ".cbid" => c.const_buffer_id = Some(v32),
                        ".scratchbuffer" => c.scratch_buffer = v32,
                        ".condout" => c.cond_out = v32,
                        _ => c.early_exit = v32,
                    }
                }
                ".ieeemode" => self.amd_kernel(k).config.ieee_mode = true,
                ".tgsize" => self.amd_kernel(k).config.tg_size = true,
                ".useconstdata" => self.amd_kernel(k).config.use_const_data = true,
                ".useprintf" => self.amd_kernel(k).config.use_printf = true,
                ".sampler" => {
                    let v = self.u32_list(p, 1, usize::MAX)?;
                    self.amd_kernel(k).config.samplers.extend(v);
                }
                ".userdata" => {
                    let s = p.span();
                    let class = p
                        .ident()
                        .map(str::to_ascii_lowercase)
                        .and_then(|n| {
                            USER_DATA_CLASSES
                                .iter()
                                .find(|(c, _)| *c == n)
                                .map(|(_, v)| *v)
                        })
                        .ok_or((s, "Unknown data class".to_string()))?;
                    p.pos += 1;
                    p.expect_punct(",")?;
                    let v = self.u32_list(p, 3, 3)?;
                    if v[1] >= 16 || v[2] > 16 || v[1] + v[2] > 16 {
                        return Err((span, "RegStart+RegSize out of range (0-16)".into()));
                    }
                    let c = &mut self.amd_kernel(k).config;
                    if c.user_datas.len() >= 16 {
                        return Err((span, "Too many UserData elements".into()));
                    }
                    c.user_datas.push(UserData {
                        data_class: class,
                        api_slot: v[0],
                        reg_start: v[1],
                        reg_size: v[2],
                    });
                }
                ".arg" => {
                    let a = self.amd_arg(k, p)?;
                    self.amd_kernel(k).config.args.push(a);
                }
                _ => return Err((span, String::new())),
            }
            Ok(())
        })();
        match r {
            Err((_, m)) if m.is_empty() => None,
            r => Some(r),
        }
    }

    /// At `,` or the end: a field left empty.
    fn empty_field(p: &Parser) -> bool {
        p.at_end() || p.is_punct(",")
    }

    /// `.arg NAME[, "TYPENAME"], TYPE[*][, ...]` (CLRX's OpenCL 1.2 forms).
    fn amd_arg(&mut self, k: usize, p: &mut Parser) -> Result<AmdArg, (Span, String)> {
        let args = &self.amd_kernel(k).config.args;
        let ArgHead {
            name,
            type_name,
            tspan,
            t,
            pointer,
            vt,
            img,
        } = Self::arg_head(p, |n| args.iter().any(|a| a.name == n))?;
        let mut res_id = None;
        let mut used = true;
        // `, unused` at the end.
        let unused = |p: &mut Parser| -> Result<bool, (Span, String)> {
            if !p.eat_punct(",") {
                return Ok(true);
            }
            let s = p.span();
            match p.ident().map(str::to_ascii_lowercase).as_deref() {
                Some("unused") => {
                    p.pos += 1;
                    Ok(false)
                }
                _ => Err((s, "This is not 'unused' specifier".into())),
            }
        };
        let kind = if pointer {
            if img.is_some() || matches!(t.as_str(), "sampler" | "counter32" | "counter64") {
                return Err((tspan, "Illegal pointer type".into()));
            }
            let pointee = if t == "structure" {
                let mut size = 0;
                if p.eat_punct(",") && !Self::empty_field(p) {
                    size = self.u32_arg(p)?;
                }
                Pointee::Structure { size }
            } else {
                Pointee::Value(vt.ok_or((tspan, "Unknown argument type".to_string()))?)
            };
            let mut space = AddressSpace::Global;
            let (mut is_const, mut is_restrict, mut is_volatile) = (false, false, false);
            let mut const_size = 0;
            if p.eat_punct(",") {
                space = Self::pointer_space(p)?;
                if p.eat_punct(",") {
                    (is_const, is_restrict, is_volatile) =
                        Self::pointer_qualifiers(p, space == AddressSpace::Local)?;
                    if space == AddressSpace::Local {
                        if p.ident().is_some_and(|q| q.eq_ignore_ascii_case("unused")) {
                            p.pos += 1;
                            used = false;
                        } else {
                            used = unused(p)?;
                        }
                    } else {
                        if space == AddressSpace::Constant
                            && p.eat_punct(",")
                            && !Self::empty_field(p)
                        {
                            const_size = self.u32_arg(p)?;
                        }
                        if p.eat_punct(",") {
                            if !Self::empty_field(p) {
                                res_id = Some(self.u32_arg(p)?);
                            }
                            used = unused(p)?;
                        }
                    }
                }
            }
            AmdArgKind::Pointer {
                pointee,
                space,
                is_const,
                is_restrict,
                is_volatile,
                const_size,
            }
        } else if let Some(image) = img {
            let mut access = ImageAccess::ReadOnly;
            if p.eat_punct(",") {
                if let Some(a) = p.ident() {
                    let s = p.span();
                    access = match a.to_ascii_lowercase().as_str() {
                        "read_only" | "rdonly" => ImageAccess::ReadOnly,
                        "write_only" | "wronly" => ImageAccess::WriteOnly,
                        _ => return Err((s, "Unknown access qualifier".into())),
                    };
                    p.pos += 1;
                }
                if p.eat_punct(",") {
                    if !Self::empty_field(p) {
                        res_id = Some(self.u32_arg(p)?);
                    }
                    used = unused(p)?;
                }
            }
            AmdArgKind::Image { image, access }
        } else if t == "counter32" {
            if p.eat_punct(",") {
                if !Self::empty_field(p) {
                    res_id = Some(self.u32_arg(p)?);
                }
                used = unused(p)?;
            }
            AmdArgKind::Counter32
        } else if t == "structure" {
            p.expect_punct(",")?;
            let size = self.u32_arg(p)?;
            used = unused(p)?;
            AmdArgKind::Structure { size }
        } else if t == "sampler" {
            used = unused(p)?;
            AmdArgKind::Sampler
        } else {
            let v = vt.ok_or((tspan, "Unknown argument type".to_string()))?;
            used = unused(p)?;
            AmdArgKind::Value(v)
        };
        Ok(AmdArg {
            name,
            type_name,
            kind,
            res_id,
            used,
        })
    }

    /// Build the writer's input and write the binary (errors become diagnostics).
    pub(super) fn finish_amd(&mut self) -> Option<(AmdInput, Vec<u8>)> {
        let st = self.cl2.take()?;
        let gpu = self.gpu.unwrap_or(match self.arch {
            crate::Arch::Gfx6 => "CapeVerde",
            crate::Arch::Gfx7 => "Bonaire",
            _ => "Tonga",
        });
        let device_span = self.gpu_span.or(st.format_span);
        let device = match Device::from_name(gpu) {
            Some(d) if d.amd_codes().is_some() => d,
            _ => {
                self.err_at(
                    device_span,
                    format!("Unsupported GPU device type by OpenCL 1.2 binary format: {gpu}"),
                );
                return None;
            }
        };
        let driver = match &st.amd.driver_info {
            Some(i) => AmdDriver::Info(i.clone()),
            None => AmdDriver::Version(st.driver_version.or(self.opts.driver_version).unwrap_or(0)),
        };
        let mut input = AmdInput::new(device, self.bits64, driver);
        input.compile_options = st.compile_options.clone();
        // CLRX writes the global data symbol only when the source opened the section.
        let g = st
            .global_data
            .map(|s| self.sections[s as usize].data.clone());
        input.global_data = g.filter(|d| !d.is_empty());
        let max_sgprs = u32::from(self.arch.max_sgprs());
        let empty = super::amd::AmdKernel::default();
        for (i, ks) in st.kernels.iter().enumerate() {
            let ak = st.amd.kernels.get(i).unwrap_or(&empty);
            let code = self.sections[ks.code as usize].data.clone();
            // Exactly the default contents (4736 zero bytes, what disassemblers print
            // for a kernel without `.data`) mean the default.
            let data = ak
                .data
                .map(|s| self.sections[s as usize].data.clone())
                .filter(|d| {
                    d.len() != kauai_amdbin::amd::DEFAULT_DATA_SIZE || d.iter().any(|b| *b != 0)
                });
            let content = if ks.config_sec.is_some() {
                let mut c = ak.config.clone();
                let user = c
                    .user_datas
                    .iter()
                    .map(|u| u.reg_start + u.reg_size)
                    .max()
                    .unwrap_or(0);
                let user = if user != 0 { user } else { 2 };
                let dims = match c.dims {
                    Some(m) => kauai_amdbin::Dims::Mask(m),
                    None => kauai_amdbin::Dims::FromPgmRsrc2,
                };
                let (min_s, min_v) =
                    Self::min_registers(dims, c.pgmrsrc2, user, c.tg_size, c.scratch_buffer != 0);
                c.sgprs_num = if ks.sgprs_given {
                    ks.config.sgprs_num
                } else {
                    min_s.max(ks.sgpr_end).min(max_sgprs.saturating_sub(2))
                };
                c.vgprs_num = if ks.vgprs_given {
                    ks.config.vgprs_num
                } else {
                    min_v.max(ks.vgpr_end).min(256)
                };
                AmdKernelContent::Config(c)
            } else {
                let sec = |s: Option<u32>| {
                    s.map(|s| self.sections[s as usize].data.clone())
                        .unwrap_or_default()
                };
                AmdKernelContent::Raw(AmdRawKernel {
                    header: sec(ak.header),
                    metadata: sec(ks.metadata),
                    cal_notes: ak
                        .notes
                        .iter()
                        .map(|(t, s)| CalNote {
                            ntype: *t,
                            data: self.sections[*s as usize].data.clone(),
                        })
                        .collect(),
                })
            };
            input.kernels.push(AmdKernelInput {
                name: ks.name.clone(),
                code,
                data,
                content,
            });
        }
        match kauai_amdbin::amd::write_amd(&input) {
            Ok(b) => Some((input, b)),
            Err(kauai_amdbin::amd::AmdError::InKernel { kernel, msg }) => {
                let span = st.kernels.get(kernel).map(|k| k.span);
                self.err_at(span, msg);
                None
            }
            Err(e) => {
                self.err_at(device_span, e.to_string());
                None
            }
        }
    }
}
