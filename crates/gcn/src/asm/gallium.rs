//! The `.gallium` format (Mesa clover binaries, CLRX's `AsmGalliumFormat`). Like
//! `.rocm` it is built on the `.amdcl2` HSA layout (see [`super::cl2`]): all kernels'
//! code in one `.text`, a label named after each kernel marking its start. Per kernel,
//! `.args` lists clover's arguments (`.arg TYPE, SIZE[, TSIZE, TALIGN, EXT,
//! SEMANTIC]`) and `.config` its configuration; with LLVM 4.0 and later
//! (`--llvmVersion`, `.llvm_version`; the default) every kernel starts with a 256-byte
//! `amd_kernel_code_t` the assembler fills, and the HSA pseudo-ops (`.use_*`,
//! `.default_hsa_features`, ...) apply. `.proginfo` with `.entry ADDR, VALUE` gives a
//! kernel's `.AMDGPU.config` entries raw. `kauai-amdbin` writes the container.

use kauai_amdbin::gallium::{GalliumArg, GalliumInput, GalliumKernel, ARG_SEMANTICS, ARG_TYPES};
use kauai_amdbin::GpuArch;
use kauai_diag::Span;

use super::expr::Parser;
use super::Asm;

type R = Result<(), (Span, String)>;

/// The LLVM version whose layout is written when none is given (HSA descriptors).
const DEFAULT_LLVM: u32 = 40000;

#[derive(Clone, Debug, Default)]
pub(super) struct GalliumKernelState {
    args: Vec<GalliumArg>,
    /// `.proginfo` entries given raw.
    proginfo: Option<Vec<(u32, u32)>>,
    spilled_sgprs: u32,
    spilled_vgprs: u32,
}

#[derive(Clone, Debug, Default)]
pub(super) struct GalliumState {
    llvm_version: Option<u32>,
    kernels: Vec<GalliumKernelState>,
}

/// Pseudo-ops of the AMD CL2 format beyond its layout's that Gallium does not have.
const CL2_ONLY: &[&str] = &[".metadata", ".section"];

const NOT_BUILT: &[&str] = &[".scratchsym", ".kcode", ".kcodeend", ".globaldata_end"];

impl Asm<'_> {
    fn gallium(&mut self) -> &mut GalliumState {
        self.cl2().gallium.get_or_insert_with(GalliumState::default)
    }

    fn gallium_kernel(&mut self, k: usize) -> &mut GalliumKernelState {
        let g = self.gallium();
        if g.kernels.len() <= k {
            g.kernels.resize(k + 1, GalliumKernelState::default());
        }
        &mut g.kernels[k]
    }

    fn llvm_version(&self) -> u32 {
        self.cl2
            .as_ref()
            .and_then(|c| c.gallium.as_ref())
            .and_then(|g| g.llvm_version)
            .or(self.opts.llvm_version)
            .unwrap_or(DEFAULT_LLVM)
    }

    /// Switch to the `.gallium` format: section 0 becomes `.text`, the code section.
    pub(super) fn enable_gallium(&mut self, span: Span) -> R {
        if !self.enable_text_format(span, super::Format::Gallium)? {
            return Ok(());
        }
        let st = self.cl2();
        st.gallium = Some(GalliumState::default());
        Ok(())
    }

    /// Handle a pseudo-op of the `.gallium` format; `None` if `d` is not one of its
    /// own (then the shared `.amdcl2` handling runs).
    pub(super) fn gallium_directive(&mut self, d: &str, p: &mut Parser, span: Span) -> Option<R> {
        if let Some(refused) = Self::refuse_pseudo_op(d, span, "Gallium", CL2_ONLY, NOT_BUILT) {
            return Some(refused);
        }
        let r = match d {
            ".llvm_version" => self
                .abs_arg(p)
                .map(|(v, _)| self.gallium().llvm_version = Some(v as u32)),
            ".get_llvm_version" => (|| {
                let (name, ns) = p.symbol_name()?;
                let v = self.llvm_version();
                self.set_sym(
                    &name,
                    super::SymVal::Val(super::expr::Value::abs(i64::from(v))),
                    ns,
                    false,
                );
                Ok(())
            })(),
            ".config" | ".args" => self.config_section(true, span),
            ".proginfo" => (|| {
                self.config_section(true, span)?;
                let k = self.config_kernel(span, ".proginfo")?;
                self.gallium_kernel(k).proginfo.get_or_insert_with(Vec::new);
                Ok(())
            })(),
            ".entry" => (|| {
                let k = self.config_kernel(span, ".entry")?;
                let (a, _) = self.abs_arg(p)?;
                if !p.eat_punct(",") {
                    return Err((p.span(), "Expected ',' and a value".into()));
                }
                let (v, _) = self.abs_arg(p)?;
                match &mut self.gallium_kernel(k).proginfo {
                    Some(list) => list.push((a as u32, v as u32)),
                    None => return Err((span, ".entry outside .proginfo".into())),
                }
                Ok(())
            })(),
            ".spilledsgprs" | ".spilledvgprs" => (|| {
                let k = self.config_kernel(span, "configuration pseudo-op")?;
                let (v, _) = self.abs_arg(p)?;
                let g = self.gallium_kernel(k);
                if d == ".spilledsgprs" {
                    g.spilled_sgprs = v as u32;
                } else {
                    g.spilled_vgprs = v as u32;
                }
                Ok(())
            })(),
            ".default_hsa_features" => (|| {
                let k = self.config_kernel(span, "configuration pseudo-op")?;
                let h = self.cl2().kernels[k]
                    .hsa
                    .get_or_insert_with(Default::default);
                // Private segment buffer, dispatch and kernarg pointers, 64-bit
                // pointers, private elements of 4 bytes.
                h.properties |= 1 | 2 | 8 | 1 << 19;
                h.private_elem_size = Some(1);
                Ok(())
            })(),
            ".arg" => (|| {
                let k = self.config_kernel(span, "kernel argument")?;
                let a = self.gallium_arg(p)?;
                self.gallium_kernel(k).args.push(a);
                Ok(())
            })(),
            _ => return None,
        };
        Some(r)
    }

    /// `.arg TYPE[, SIZE[, TSIZE, TALIGN, zext|sext, SEMANTIC]]`; TYPE may also be
    /// `griddim`/`gridoffset` (a scalar with that semantic).
    fn gallium_arg(&mut self, p: &mut Parser) -> Result<GalliumArg, (Span, String)> {
        let s = p.span();
        let t = p
            .ident()
            .map(str::to_ascii_lowercase)
            .ok_or((s, "Expected argument type".to_string()))?;
        p.pos += 1;
        let (arg_type, mut semantic) = match ARG_TYPES.iter().position(|n| *n == t) {
            Some(i) => (i as u32, 0),
            None => match ARG_SEMANTICS.iter().position(|n| *n == t) {
                Some(i) if i > 0 => (0, i as u32),
                _ => return Err((s, format!("Unknown argument type '{t}'"))),
            },
        };
        let mut vals = Vec::new();
        let mut sign_extended = false;
        while p.eat_punct(",") {
            if vals.len() < 3 {
                let (v, s) = self.abs_arg(p)?;
                if !(0..=i64::from(u32::MAX)).contains(&v) {
                    return Err((s, "Argument size out of range".into()));
                }
                vals.push(v as u32);
                continue;
            }
            let s = p.span();
            let w = p
                .ident()
                .map(str::to_ascii_lowercase)
                .ok_or((s, "Expected an argument attribute".to_string()))?;
            p.pos += 1;
            match w.as_str() {
                "zext" => sign_extended = false,
                "sext" => sign_extended = true,
                _ => match ARG_SEMANTICS.iter().position(|n| *n == w) {
                    Some(i) => semantic = i as u32,
                    None => return Err((s, format!("Unknown argument attribute '{w}'"))),
                },
            }
        }
        let size = vals.first().copied().unwrap_or(4);
        let target_size = vals.get(1).copied().unwrap_or(size);
        let target_align = vals.get(2).copied().unwrap_or(target_size);
        Ok(GalliumArg {
            arg_type,
            size,
            target_size,
            target_align,
            sign_extended,
            semantic,
        })
    }

    /// Build the binary: descriptors (LLVM >= 4.0) into `.text` at each kernel's
    /// label, `.AMDGPU.config` entries, and let `kauai-amdbin` write it.
    pub(super) fn finish_gallium(&mut self) -> Option<(GalliumInput, Vec<u8>)> {
        let llvm = self.llvm_version();
        let mesa = self
            .cl2
            .as_ref()
            .and_then(|c| c.driver_version)
            .or(self.opts.driver_version)
            .unwrap_or(0);
        let mut st = self.cl2.take()?;
        let gs = st.gallium.take().unwrap_or_default();
        let (device, _, device_span) = self.target_device(st.format_span)?;
        let arch = device.arch();
        let isa = device.isa_version();
        let hsa = llvm >= 40000;
        if hsa && arch == GpuArch::Gcn10 {
            self.err_at(
                device_span,
                "kernel descriptors (LLVM >= 4.0) need GCN 1.1 or later; give --llvmVersion below 40000",
            );
            return None;
        }
        let mut code = st
            .hsa_text
            .map(|s| self.sections[s as usize].data.clone())
            .unwrap_or_default();
        let max_sgprs = self.arch.max_sgprs() as u32;
        let mut kernels = Vec::new();
        for (i, ks) in st.kernels.iter().enumerate() {
            let Some(offset) = self.kernel_text_offset(ks, st.hsa_text) else {
                continue;
            };
            let g = gs.kernels.get(i).cloned().unwrap_or_default();
            let mut h = ks.hsa.clone().unwrap_or_default();
            if !hsa {
                // Clover's pre-HSA ABI: 4 user SGPRs.
                h.user_data_num.get_or_insert(4);
            }
            if h.kernarg_segment_size.is_none() {
                // As clover lays arguments out: each at its target alignment, a grid
                // offset once per dimension.
                let mut end = 0u64;
                for a in &g.args {
                    let times = if a.semantic == 2 { 3 } else { 1 };
                    for _ in 0..times {
                        let al = u64::from(a.target_align.max(1));
                        end = end.div_ceil(al) * al + u64::from(a.target_size);
                    }
                }
                h.kernarg_segment_size = Some(end);
            }
            h.default_descriptor((1, 0), isa);
            let mut setup = self.hsa_setup(ks, &h, &ks.config, arch, max_sgprs);
            if setup.pgmrsrc2 & 0x00FF_8000 == 0 {
                let gran = if arch == GpuArch::Gcn10 { 256 } else { 512 };
                setup.pgmrsrc2 |= ks.config.local_size.div_ceil(gran).min(0x1FF) << 15;
            }
            if hsa && !self.put_descriptor(ks, &mut code, offset, &setup) {
                continue;
            }
            let proginfo = g.proginfo.clone().unwrap_or_else(|| {
                // COMPUTE_TMPRING_SIZE's WAVESIZE: scratch per wave in 1 KiB blocks.
                let scratch =
                    ((u64::from(ks.config.scratch_buffer) * 64).div_ceil(1024) << 12) as u32;
                let mut v = vec![
                    (0xB848, setup.pgmrsrc1),
                    (0xB84C, setup.pgmrsrc2),
                    (0xB860, scratch),
                ];
                if llvm >= 30900 {
                    v.push((4, g.spilled_sgprs));
                    v.push((8, g.spilled_vgprs));
                }
                v
            });
            kernels.push(GalliumKernel {
                name: ks.name.clone(),
                offset: offset as u32,
                args: g.args,
                proginfo,
            });
        }
        if self.errors > 0 {
            return None;
        }
        let input = GalliumInput {
            is64: self.bits64,
            mesa_version: mesa,
            global_data: st
                .global_data
                .map(|s| self.sections[s as usize].data.clone()),
            code,
            kernels,
        };
        st.kernels.clear();
        match kauai_amdbin::gallium::write_gallium(&input) {
            Ok(b) => Some((input, b)),
            Err(e) => {
                self.err_at(st.format_span, e.to_string());
                None
            }
        }
    }
}
