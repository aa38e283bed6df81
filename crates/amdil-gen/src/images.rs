//! Images and samplers of a kernel under seed 000's ABI (docs/spec/amd-runtime-abi.md#images):
//! which texture resource or UAV each image argument is bound to, which sampler id each
//! sampler argument and constant sampler gets, and the limits on how many there may be.
//!
//! Read-only images are texture resources 0, 1, ... in argument order. Write-only images
//! are typed UAVs from 2 on Evergreen and later (UAV 1 is the raw UAV of global memory);
//! when a kernel has eight of them they take UAVs 1–8 and no raw UAV is declared, so such
//! a kernel may not reach global memory. 7XX has no UAV for images, so no write-only
//! images. Sampler arguments get ids 0, 1, ... in argument order, then the constant
//! samplers in the order the kernel first uses them. The plan also numbers the kernel's
//! atomic counters ([`counter_ids`]), the other arguments IL names by number.

use kauai_ir::image::ImageType;
use kauai_ir::{AddrSpace, Function, Type};

use crate::GenError;

/// Read-only image arguments per kernel: OpenCL 1.2's minimum for
/// `CL_DEVICE_MAX_READ_IMAGE_ARGS`, and the texture resources AMD's runtime gave a kernel.
pub const MAX_READ_IMAGES: usize = 128;
/// Write-only image arguments per kernel on Evergreen and later: the UAVs 1–8 (seed 000,
/// "Assumptions and setup"); OpenCL 1.2's minimum is 8.
pub const MAX_WRITE_IMAGES: usize = 8;
/// Write-only image arguments per kernel on 7XX: it has one UAV, the raw UAV of global
/// memory, and none for images.
pub const MAX_WRITE_IMAGES_7XX: usize = 0;
/// Samplers per kernel (arguments and constants): the hardware's sampler slots, and
/// OpenCL 1.2's minimum for `CL_DEVICE_MAX_SAMPLERS`.
pub const MAX_SAMPLERS: usize = 16;
/// The first UAV of write-only images when fewer than [`MAX_WRITE_IMAGES`] exist.
pub const FIRST_IMAGE_UAV: u32 = 2;

/// One image argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ImageParam {
    pub ty: ImageType,
    /// `Some(resource id)` for a read-only image, `None` for a write-only one.
    pub resource: Option<u32>,
    /// The UAV of a write-only image.
    pub uav: Option<u32>,
    /// Its first cb1 slot (two slots of image constants).
    pub slot: u32,
}

impl ImageParam {
    /// The `;image:` dimension token.
    pub fn dim(&self) -> &'static str {
        match self.ty {
            ImageType::Image1d => "1D",
            ImageType::Image1dArray => "1DA",
            ImageType::Image1dBuffer => "1DB",
            ImageType::Image2d => "2D",
            ImageType::Image2dArray => "2DA",
            ImageType::Image3d => "3D",
        }
    }

    /// The `_type(..)` of its declaration.
    pub fn decl_type(&self) -> &'static str {
        match self.ty {
            ImageType::Image1d => "1d",
            ImageType::Image1dArray => "1darray",
            ImageType::Image1dBuffer => "buffer",
            ImageType::Image2d => "2d",
            ImageType::Image2dArray => "2darray",
            ImageType::Image3d => "3d",
        }
    }
}

/// A sampler a kernel uses: `;sampler:NAME:ID:LOCATION:VALUE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SamplerUse {
    pub name: String,
    pub id: u32,
    /// `Some(bits)` for a constant sampler, `None` for an argument.
    pub value: Option<u32>,
    /// The parameter index of a sampler argument.
    pub param: Option<usize>,
}

/// The images and samplers of one kernel.
#[derive(Clone, Debug, Default)]
pub(crate) struct KernelImages {
    /// By parameter index.
    pub params: Vec<Option<ImageParam>>,
    pub samplers: Vec<SamplerUse>,
    /// Eight write-only images: they take UAVs 1–8 and no raw UAV exists.
    pub no_raw_uav: bool,
    /// The append-counter id of each `counter32_t` parameter, by parameter index
    /// ([`counter_ids`]).
    pub counters: Vec<Option<u32>>,
}

impl KernelImages {
    /// The sampler id of constant `bits`, given one on first use (`name` names it).
    pub fn constant_sampler(
        &mut self,
        kernel: &str,
        name: String,
        bits: u32,
    ) -> Result<u32, GenError> {
        if let Some(s) = self.samplers.iter().find(|s| s.value == Some(bits)) {
            return Ok(s.id);
        }
        let id = self.samplers.len() as u32;
        if self.samplers.len() >= MAX_SAMPLERS {
            return Err(too_many(kernel, "samplers", MAX_SAMPLERS));
        }
        self.samplers.push(SamplerUse {
            name,
            id,
            value: Some(bits),
            param: None,
        });
        Ok(id)
    }
}

fn too_many(kernel: &str, what: &str, limit: usize) -> GenError {
    GenError::Unsupported(format!(
        "kernel `{kernel}` has more than {limit} {what} (the limit of the device)"
    ))
}

/// Whether parameter `i` of `f` is a sampler (`sampler_t` travels as an `i32`).
pub(crate) fn is_sampler(f: &Function, i: usize) -> bool {
    f.meta_strs(kauai_ir::meta::KERNEL_ARG_TYPE)
        .get(i)
        .is_some_and(|t| t == "sampler_t")
}

/// Whether parameter `i` of `f` is an atomic counter (`counter32_t` travels as a
/// global pointer to its value).
pub(crate) fn is_counter(f: &Function, i: usize) -> bool {
    f.meta_strs(kauai_ir::meta::KERNEL_ARG_TYPE)
        .get(i)
        .is_some_and(|t| t == kauai_ir::meta::COUNTER32_TYPE)
}

/// The append-counter id of each counter parameter of kernel `f`, by parameter index:
/// 0, 1, ... in argument order (Kauai's choice; seed 000 only says the `;counter:` ID
/// is the counter the runtime binds), at most
/// [`kauai_amdil::device::MAX_ATOMIC_COUNTERS`]; 7XX has no counters.
pub(crate) fn counter_ids(f: &Function, r7xx: bool) -> Result<Vec<Option<u32>>, GenError> {
    let mut next = 0u32;
    let mut ids = Vec::new();
    for (i, p) in f.params.iter().enumerate() {
        if !is_counter(f, i) {
            ids.push(None);
            continue;
        }
        if r7xx {
            return Err(GenError::Unsupported(format!(
                "atomic counter argument `{}` of kernel `{}`: 7XX has no append counters (cl_ext_atomic_counters_32 needs Evergreen or later)",
                p.name, f.name
            )));
        }
        if next >= kauai_amdil::device::MAX_ATOMIC_COUNTERS {
            return Err(too_many(
                &f.name,
                "atomic counter arguments",
                kauai_amdil::device::MAX_ATOMIC_COUNTERS as usize,
            ));
        }
        ids.push(Some(next));
        next += 1;
    }
    if next > 0 {
        counters_used_directly(f, &ids)?;
    }
    Ok(ids)
}

/// IL names a counter by number, so each use of a counter parameter must be the
/// address of an atomic add or subtract (`atomic_inc`/`atomic_dec`) in the kernel itself.
/// Without optimization the parameter goes through a local variable or a helper call
/// first, and the counter could not be told from a pointer: refused.
fn counters_used_directly(f: &Function, ids: &[Option<u32>]) -> Result<(), GenError> {
    let Some(body) = &f.body else { return Ok(()) };
    let Some(entry) = body.entry() else {
        return Ok(());
    };
    let params = &body.blocks[entry].params;
    let counter = |v: kauai_ir::Value| {
        params
            .iter()
            .position(|&p| p == v)
            .filter(|&i| ids.get(i).copied().flatten().is_some())
    };
    for &b in &body.order {
        for &i in &body.blocks[b].insts {
            let kind = &body.insts[i].kind;
            let direct = match kind {
                kauai_ir::InstKind::AtomicRmw { ptr, value, .. } => {
                    counter(*value).is_none().then_some(*ptr)
                }
                _ => None,
            };
            let mut bad = None;
            kind.for_each_operand(|v| {
                if Some(v) != direct && bad.is_none() {
                    bad = counter(v);
                }
            });
            if let Some(k) = bad {
                return Err(GenError::Unsupported(format!(
                    "atomic counter argument `{}` of kernel `{}` used other than directly by atomic_inc/atomic_dec (counters reach IL by number; this happens without optimization, e.g. -cl-opt-disable)",
                    f.params[k].name, f.name
                )));
            }
        }
    }
    Ok(())
}

/// The image arguments and sampler arguments of kernel `f`, with the cb1 slot each
/// parameter starts at (`slots`, from the argument layout).
pub(crate) fn plan(f: &Function, slots: &[u32], r7xx: bool) -> Result<KernelImages, GenError> {
    let types = f.meta_strs(kauai_ir::meta::KERNEL_ARG_TYPE);
    let access = f.meta_strs(kauai_ir::meta::KERNEL_ARG_ACCESS);
    let mut k = KernelImages {
        counters: counter_ids(f, r7xx)?,
        ..KernelImages::default()
    };
    let mut reads = 0usize;
    let mut writes = 0usize;
    for (i, p) in f.params.iter().enumerate() {
        if p.ty != Type::Ptr(AddrSpace::Image) {
            k.params.push(None);
            if is_sampler(f, i) {
                if k.samplers.len() >= MAX_SAMPLERS {
                    return Err(too_many(&f.name, "samplers", MAX_SAMPLERS));
                }
                k.samplers.push(SamplerUse {
                    name: p.name.clone(),
                    id: k.samplers.len() as u32,
                    value: None,
                    param: Some(i),
                });
            }
            continue;
        }
        let ty = types
            .get(i)
            .and_then(|t| ImageType::from_cl_name(t))
            .ok_or_else(|| {
                GenError::Invalid(format!(
                    "kernel `{}`: image argument `{}` without an image type",
                    f.name, p.name
                ))
            })?;
        let slot = slots.get(i).copied().unwrap_or(0);
        let write = access.get(i).is_some_and(|a| a == "write_only");
        let (resource, uav) = if write {
            writes += 1;
            (None, Some(0))
        } else {
            reads += 1;
            (Some(reads as u32 - 1), None)
        };
        k.params.push(Some(ImageParam {
            ty,
            resource,
            uav,
            slot,
        }));
    }
    if reads > MAX_READ_IMAGES {
        return Err(too_many(
            &f.name,
            "read-only image arguments",
            MAX_READ_IMAGES,
        ));
    }
    let max_writes = if r7xx {
        MAX_WRITE_IMAGES_7XX
    } else {
        MAX_WRITE_IMAGES
    };
    if writes > max_writes {
        return Err(GenError::Unsupported(format!(
            "kernel `{}` has {writes} write-only image arguments; the device takes at most {max_writes}{}",
            f.name,
            if r7xx {
                " (7XX has no UAV for images: write-only images need Evergreen or later)"
            } else {
                ""
            }
        )));
    }
    k.no_raw_uav = writes == MAX_WRITE_IMAGES;
    let mut next = if k.no_raw_uav { 1 } else { FIRST_IMAGE_UAV };
    for p in k.params.iter_mut().flatten() {
        if let Some(u) = p.uav.as_mut() {
            *u = next;
            next += 1;
        }
    }
    Ok(k)
}
