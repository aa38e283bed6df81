//! The `.rocm` format (ROCm code objects, CLRX's `AsmROCmFormat`). It works as the
//! `.amdcl2` format's HSA layout does (see [`super::cl2`]): all kernels' descriptors
//! and code live in one `.text`, a label named after a kernel marks where its 256-byte
//! `amd_kernel_code_t` starts (the source leaves room for it, `.skip 256`), and a
//! kernel's `.config` takes the HSA configuration pseudo-ops (`.use_*`,
//! `.codeversion`, `.kernarg_segment_size`, ...). On top of that the format has the
//! runtime metadata: `.md_*` pseudo-ops and `.arg` in ROCm's form fill the YAML note,
//! or `.metadata` gives its text raw. `kauai-amdbin` writes the container.

use kauai_amdbin::rocm::metadata::{self, ArgMd, KernelMd, RocmMetadata};
use kauai_amdbin::rocm::{RocmInput, RocmKernel};
use kauai_amdbin::GpuArch;
use kauai_diag::Span;

use super::cl2::{Place, SecKind};
use super::expr::Parser;
use super::lex::Tok;
use super::Asm;

type R = Result<(), (Span, String)>;

/// ROCm metadata given for one kernel (`None`: CLRX's default, from the descriptor).
#[derive(Clone, Debug, Default)]
pub(super) struct KernelMdState {
    symbol_name: Option<String>,
    language: String,
    language_version: Option<(u32, u32)>,
    args: Vec<ArgMd>,
    kernarg_segment_size: Option<u64>,
    kernarg_segment_align: Option<u64>,
    group_segment_fixed_size: Option<u64>,
    private_segment_fixed_size: Option<u64>,
    wavefront_size: Option<u64>,
    sgprs: Option<u64>,
    vgprs: Option<u64>,
    max_flat_work_group_size: Option<u64>,
}

#[derive(Clone, Debug, Default)]
pub(super) struct RocmState {
    new_format: bool,
    eflags: Option<u32>,
    md_version: Option<(u32, u32)>,
    /// Per kernel, parallel to the CL2 state's kernels.
    kernels: Vec<KernelMdState>,
    /// `.metadata`: the note's text given raw.
    metadata: Option<u32>,
}

/// Pseudo-ops of the AMD CL2 format beyond its layout's that ROCm does not have.
const CL2_ONLY: &[&str] = &[".driver_version", ".get_driver_version"];

/// ROCm pseudo-ops CLRX documents that are not built yet.
const NOT_BUILT: &[&str] = &[
    ".printf",
    ".globaldata_end",
    ".gotsym",
    ".kcode",
    ".kcodeend",
    ".runtime_handle",
    ".runtime_loader_kernel_symbol_name",
    ".md_spilledsgprs",
    ".md_spilledvgprs",
    ".spilledsgprs",
    ".spilledvgprs",
    ".fixed_work_group_size",
    ".target",
    ".tripple",
    ".triple",
    ".use_dynamic_call_stack_md",
    ".default_hsa_features",
];

fn word(p: &Parser) -> Option<String> {
    p.ident().map(str::to_ascii_lowercase)
}

impl Asm<'_> {
    fn rocm(&mut self) -> &mut RocmState {
        self.cl2().rocm.get_or_insert_with(RocmState::default)
    }

    /// Switch to the `.rocm` format: section 0 becomes `.text`, the one code section.
    pub(super) fn enable_rocm(&mut self, span: Span) -> R {
        if !self.enable_text_format(span, super::Format::Rocm)? {
            return Ok(());
        }
        let new = self.opts.rocm_new_format;
        let st = self.cl2();
        st.rocm = Some(RocmState {
            new_format: new,
            ..RocmState::default()
        });
        Ok(())
    }

    /// `.text`, the one code section.
    fn text_section_of_rocm(&mut self, _span: Span) -> R {
        let sec = self.cl2().hsa_text.unwrap_or(0);
        self.go_to(Place::Inner, sec);
        Ok(())
    }

    fn kernel_md(&mut self, k: usize) -> &mut KernelMdState {
        let r = self.rocm();
        if r.kernels.len() <= k {
            r.kernels.resize(k + 1, KernelMdState::default());
        }
        &mut r.kernels[k]
    }

    fn md_value(
        &mut self,
        p: &mut Parser,
        span: Span,
        what: &str,
    ) -> Result<(usize, u64), (Span, String)> {
        let k = self.config_kernel(span, what)?;
        let (v, s) = self.abs_arg(p)?;
        if v < 0 {
            return Err((s, format!("{what} must not be negative")));
        }
        Ok((k, v as u64))
    }

    /// Handle a pseudo-op of the `.rocm` format; `None` if `d` is not one of its own
    /// (then the shared `.amdcl2` handling runs).
    pub(super) fn rocm_directive(&mut self, d: &str, p: &mut Parser, span: Span) -> Option<R> {
        if let Some(refused) = Self::refuse_pseudo_op(d, span, "ROCm", CL2_ONLY, NOT_BUILT) {
            return Some(refused);
        }
        let r = match d {
            ".newbinfmt" => {
                self.rocm().new_format = true;
                Ok(())
            }
            ".eflags" => self
                .abs_arg(p)
                .map(|(v, _)| self.rocm().eflags = Some(v as u32)),
            ".md_version" => (|| {
                let (a, _) = self.abs_arg(p)?;
                if !p.eat_punct(",") {
                    return Err((p.span(), "Expected ',' and a minor version".into()));
                }
                let (b, _) = self.abs_arg(p)?;
                self.rocm().md_version = Some((a as u32, b as u32));
                Ok(())
            })(),
            ".config" => self.config_section(true, span),
            // Only the two sections the code object has; CLRX's extra sections are
            // not built (and must not vanish silently).
            ".section" => match p.ident() {
                Some(".text") => {
                    p.pos = p.toks.len();
                    self.text_section_of_rocm(span)
                }
                Some(".rodata") => {
                    p.pos = p.toks.len();
                    self.data_section(span, SecKind::GlobalData)
                }
                Some(n) => Err((span, format!("not supported yet: section '{n}' (ROCm)"))),
                None => Err((p.span(), "Expected section name".into())),
            },
            ".globaldata" | ".rodata" => self.data_section(span, SecKind::GlobalData),
            ".metadata" => {
                let sec = match self.rocm().metadata {
                    Some(s) => s,
                    None => {
                        let s = self.add_section(".note", SecKind::Extra { inner: true });
                        self.rocm().metadata = Some(s);
                        s
                    }
                };
                self.go_to(Place::Inner, sec);
                Ok(())
            }
            ".md_symname" => (|| {
                let k = self.config_kernel(span, "metadata pseudo-op")?;
                let s = Self::string_arg(p)?;
                self.kernel_md(k).symbol_name = Some(s);
                Ok(())
            })(),
            ".md_language" => (|| {
                let k = self.config_kernel(span, "metadata pseudo-op")?;
                let s = Self::string_arg(p)?;
                let mut ver = None;
                if p.eat_punct(",") {
                    let (a, _) = self.abs_arg(p)?;
                    if !p.eat_punct(",") {
                        return Err((p.span(), "Expected ',' and a minor version".into()));
                    }
                    let (b, _) = self.abs_arg(p)?;
                    ver = Some((a as u32, b as u32));
                }
                let md = self.kernel_md(k);
                md.language = s;
                md.language_version = ver;
                Ok(())
            })(),
            ".md_kernarg_segment_size"
            | ".md_kernarg_segment_align"
            | ".md_group_segment_fixed_size"
            | ".md_private_segment_fixed_size"
            | ".md_wavefront_size"
            | ".md_sgprsnum"
            | ".md_vgprsnum"
            | ".max_flat_work_group_size" => (|| {
                let (k, v) = self.md_value(p, span, "metadata pseudo-op")?;
                let md = self.kernel_md(k);
                let slot = match d {
                    ".md_kernarg_segment_size" => &mut md.kernarg_segment_size,
                    ".md_kernarg_segment_align" => &mut md.kernarg_segment_align,
                    ".md_group_segment_fixed_size" => &mut md.group_segment_fixed_size,
                    ".md_private_segment_fixed_size" => &mut md.private_segment_fixed_size,
                    ".md_wavefront_size" => &mut md.wavefront_size,
                    ".md_sgprsnum" => &mut md.sgprs,
                    ".md_vgprsnum" => &mut md.vgprs,
                    _ => &mut md.max_flat_work_group_size,
                };
                *slot = Some(v);
                Ok(())
            })(),
            ".arg" => (|| {
                let k = self.config_kernel(span, "kernel argument")?;
                let a = self.rocm_arg(p)?;
                self.kernel_md(k).args.push(a);
                Ok(())
            })(),
            _ => return None,
        };
        Some(r)
    }

    /// `.arg [NAME], "TYPENAME", SIZE, ALIGN, VALUEKIND, VALUETYPE[, POINTEEALIGN]
    /// [, ADDRSPACE][, ACCQUAL][, ACTUALACCQUAL] [const] [restrict] [volatile] [pipe]`.
    fn rocm_arg(&mut self, p: &mut Parser) -> Result<ArgMd, (Span, String)> {
        let mut a = ArgMd::default();
        if let Some(n) = p.ident() {
            a.name = n.to_string();
            p.pos += 1;
        }
        let comma = |p: &mut Parser, what: &str| {
            if p.eat_punct(",") {
                Ok(())
            } else {
                Err((p.span(), format!("Expected ',' before {what}")))
            }
        };
        comma(p, "the type name")?;
        a.type_name = Self::string_arg(p)?;
        comma(p, "the size")?;
        let (size, s) = self.abs_arg(p)?;
        comma(p, "the alignment")?;
        let (align, s2) = self.abs_arg(p)?;
        if size < 0 || align < 0 {
            return Err((
                if size < 0 { s } else { s2 },
                "Argument size and alignment must not be negative".into(),
            ));
        }
        a.size = size as u64;
        a.align = align as u64;
        comma(p, "the value kind")?;
        let s = p.span();
        let kind = word(p).ok_or((s, "Expected value kind".to_string()))?;
        a.value_kind = metadata::yaml_name(metadata::VALUE_KINDS, &kind)
            .ok_or((s, format!("Unknown argument value kind '{kind}'")))?
            .to_string();
        p.pos += 1;
        comma(p, "the value type")?;
        let s = p.span();
        let vt = word(p).ok_or((s, "Expected value type".to_string()))?;
        a.value_type = metadata::yaml_name(metadata::VALUE_TYPES, &vt)
            .ok_or((s, format!("Unknown argument value type '{vt}'")))?
            .to_string();
        p.pos += 1;
        let qual_first = matches!(kind.as_str(), "image" | "pipe");
        while p.eat_punct(",") {
            if matches!(p.peek(), Some(Tok::Int(_)) | Some(Tok::Punct(_))) {
                let (v, s) = self.abs_arg(p)?;
                if v <= 0 {
                    return Err((s, "Pointee alignment must be positive".into()));
                }
                a.pointee_align = v as u64;
                continue;
            }
            let s = p.span();
            let w = word(p).ok_or((s, "Expected an argument qualifier".to_string()))?;
            p.pos += 1;
            if let Some(y) = metadata::yaml_name(metadata::ADDR_SPACES, &w) {
                a.addr_space = Some(y.into());
            } else if let Some(y) = metadata::yaml_name(metadata::ACCESS, &w) {
                if qual_first && a.acc_qual.is_none() && a.actual_acc_qual.is_none() {
                    a.acc_qual = Some(y.into());
                } else {
                    a.actual_acc_qual = Some(y.into());
                }
            } else {
                p.pos -= 1;
                self.arg_flags(p, &mut a)?;
            }
            self.arg_flags(p, &mut a)?;
        }
        if matches!(kind.as_str(), "globalbuf" | "image" | "pipe") && a.actual_acc_qual.is_none() {
            a.actual_acc_qual = Some("Default".into());
        }
        Ok(a)
    }

    /// Trailing flags: `const`, `restrict`, `volatile`, `pipe`, space-separated.
    fn arg_flags(&mut self, p: &mut Parser, a: &mut ArgMd) -> R {
        while let Some(w) = word(p) {
            let s = p.span();
            match w.as_str() {
                "const" => a.is_const = true,
                "restrict" => a.is_restrict = true,
                "volatile" => a.is_volatile = true,
                "pipe" => a.is_pipe = true,
                _ => return Err((s, format!("Unknown argument flag '{w}'"))),
            }
            p.pos += 1;
        }
        Ok(())
    }

    /// Build the code object: each configured kernel's descriptor goes into `.text` at
    /// its label, the metadata is generated (or taken raw) and `kauai-amdbin` writes
    /// the container.
    pub(super) fn finish_rocm(&mut self) -> Option<(RocmInput, Vec<u8>)> {
        let mut st = self.cl2.take()?;
        let rs = st.rocm.take().unwrap_or_default();
        let (device, _, device_span) = self.target_device(st.format_span)?;
        let arch = device.arch();
        if arch == GpuArch::Gcn10 {
            self.err_at(device_span, "ROCm supported only for GCN1.1 or later");
            return None;
        }
        let (major, dmin, dstep) = device.isa_version();
        let isa = (
            major,
            st.arch_minor.unwrap_or(dmin),
            st.arch_stepping.unwrap_or(dstep),
        );
        let mut code = st
            .hsa_text
            .map(|s| self.sections[s as usize].data.clone())
            .unwrap_or_default();
        let max_sgprs = self.arch.max_sgprs() as u32;
        let mut kernels = Vec::new();
        let mut mds = Vec::new();
        for (i, ks) in st.kernels.iter().enumerate() {
            let Some(offset) = self.kernel_text_offset(ks, st.hsa_text) else {
                continue;
            };
            kernels.push(RocmKernel {
                name: ks.name.clone(),
                offset,
            });
            let md = rs.kernels.get(i).cloned().unwrap_or_default();
            let Some(h) = ks.hsa.as_ref().filter(|_| ks.config_sec.is_some()) else {
                // No configuration: the descriptor is whatever the code holds.
                mds.push((ks.name.clone(), md, None));
                continue;
            };
            let mut h = h.clone();
            if h.kernarg_segment_size.is_none() {
                h.kernarg_segment_size = Some(md.kernarg_segment_size.unwrap_or_else(|| {
                    md.args.iter().fold(0, |end, a| {
                        end.div_ceil(a.align.max(1)) * a.align.max(1) + a.size
                    })
                }));
            }
            // The newer layout's default code object version is 1.1.
            h.default_descriptor((1, u32::from(rs.new_format)), isa);
            let mut setup = self.hsa_setup(ks, &h, &ks.config, arch, max_sgprs);
            // Old-layout descriptors also carry the local memory in PGMRSRC2's
            // LDS_SIZE (bits 15-23, 512-byte blocks on GCN 1.1 and later); CLRX leaves
            // it to the runtime in the newer layout.
            if !rs.new_format && setup.pgmrsrc2 & 0x00FF_8000 == 0 {
                let blocks = ks.config.local_size.div_ceil(512).min(0x1FF);
                setup.pgmrsrc2 |= blocks << 15;
            }
            if !self.put_descriptor(ks, &mut code, offset, &setup) {
                continue;
            }
            mds.push((ks.name.clone(), md, Some(setup)));
        }
        if self.errors > 0 {
            return None;
        }
        let metadata = match rs.metadata {
            Some(s) => self.sections[s as usize].data.clone(),
            None => {
                let mut doc = RocmMetadata {
                    version: rs.md_version.unwrap_or((1, 0)),
                    kernels: Vec::new(),
                };
                for (i, (name, md, setup)) in mds.into_iter().enumerate() {
                    let cfg = &st.kernels[i].config;
                    let s = setup.unwrap_or_else(|| {
                        let off = kernels[i].offset as usize;
                        kauai_amdbin::HsaConfig::from_bytes(code.get(off..).unwrap_or(&[]))
                    });
                    doc.kernels.push(KernelMd {
                        symbol_name: md.symbol_name.unwrap_or_else(|| format!("{name}@kd")),
                        name,
                        language: md.language,
                        language_version: md.language_version,
                        reqd_work_group_size: cfg.reqd_work_group_size,
                        work_group_size_hint: cfg.work_group_size_hint,
                        vec_type_hint: cfg.vec_type_hint.clone(),
                        args: md.args,
                        kernarg_segment_size: md
                            .kernarg_segment_size
                            .unwrap_or(s.kernarg_segment_size),
                        group_segment_fixed_size: md
                            .group_segment_fixed_size
                            .unwrap_or(u64::from(s.workgroup_group_segment_size)),
                        private_segment_fixed_size: md
                            .private_segment_fixed_size
                            .unwrap_or(u64::from(s.workitem_private_segment_size)),
                        // CLRX writes the descriptor's log2 value here.
                        kernarg_segment_align: md
                            .kernarg_segment_align
                            .unwrap_or(u64::from(s.kernarg_segment_align_log2)),
                        wavefront_size: md
                            .wavefront_size
                            .unwrap_or(1u64 << (s.wavefront_size_log2 & 63)),
                        num_sgprs: md.sgprs.unwrap_or(u64::from(s.wavefront_sgpr_count)),
                        num_vgprs: md.vgprs.unwrap_or(u64::from(s.workitem_vgpr_count)),
                        max_flat_work_group_size: md.max_flat_work_group_size.unwrap_or(256),
                    });
                }
                doc.to_yaml().into_bytes()
            }
        };
        let input = RocmInput {
            isa,
            new_format: rs.new_format,
            eflags: rs.eflags.unwrap_or(if rs.new_format { 2 } else { 0 }),
            global_data: st
                .global_data
                .map(|s| self.sections[s as usize].data.clone()),
            code,
            kernels,
            metadata,
        };
        st.kernels.clear();
        match kauai_amdbin::rocm::write_rocm(&input) {
            Ok(b) => Some((input, b)),
            Err(e) => {
                self.err_at(st.format_span, e.to_string());
                None
            }
        }
    }
}
