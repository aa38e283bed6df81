//! The image builtins (`__kauai_read_image*`, `__kauai_write_image*`,
//! `__kauai_get_image_*`): reads are texture reads of the image's resource, writes typed
//! UAV stores, queries the image constants in cb1 (docs/spec/amd-runtime-abi.md#images).
//!
//! IL names resources and samplers by number, so each image operand must be a parameter
//! of the kernel itself (helpers taking images are inlined by finalize), and each sampler
//! a sampler argument or a constant (a literal, or a load of a constant sampler variable).

use kauai_ir::builtins::{ImageBuiltin, ImageQuery};
use kauai_ir::image::{sampler, ImageType};
use kauai_ir::{InstKind, Value, ValueDef};

use kauai_amdil::build::{self as b, Reg, Swz};
use kauai_amdil::opcodes::op;

use super::{unsupported, FnGen, R};
use crate::il::VLoc;
use crate::images::ImageParam;
use crate::GenError;

const XYZW: [usize; 4] = [0, 1, 2, 3];

impl FnGen<'_, '_> {
    /// The image argument `v` is, by the kernel parameter it comes from.
    fn image_param(&self, v: Value) -> R<ImageParam> {
        let entry = self.body.entry();
        let param = match self.body.values.get(v).map(|d| &d.def) {
            Some(ValueDef::Param(b, i)) if Some(*b) == entry => Some(*i as usize),
            _ => None,
        };
        let plan = self.sh.images.get(&self.fid);
        match (param, plan) {
            (Some(i), Some(p)) => p.params.get(i).cloned().flatten().ok_or_else(|| {
                GenError::Invalid(format!("parameter {i} of `{}` is not an image", self.f.name))
            }),
            _ => unsupported(format!(
                "an image in `{}` that is not one of its kernel's arguments (images reach IL resources by number, so functions taking images must be inlined)",
                self.f.name
            )),
        }
    }

    /// The sampler id of sampler value `v`.
    fn sampler_id(&mut self, v: Value) -> R<u32> {
        let kernel = self.f.name.clone();
        let entry = self.body.entry();
        let def = self.body.values.get(v).map(|d| d.def.clone());
        if let Some(ValueDef::Param(b, i)) = def {
            let plan = self.sh.images.get(&self.fid);
            if Some(b) == entry {
                if let Some(s) =
                    plan.and_then(|p| p.samplers.iter().find(|s| s.param == Some(i as usize)))
                {
                    return Ok(s.id);
                }
            }
        }
        let (name, bits) = match self.const_int(v) {
            Some(x) => (None, x as u32),
            None => match self.constant_sampler_global(v) {
                Some((n, x)) => (Some(n), x),
                None => {
                    return unsupported(format!(
                        "a sampler in `{kernel}` that is neither a sampler argument of the kernel nor a constant"
                    ))
                }
            },
        };
        let Some(plan) = self.sh.images.get_mut(&self.fid) else {
            return unsupported(format!("a sampler in `{kernel}`, which is not a kernel"));
        };
        let name = name.unwrap_or_else(|| format!("sampler{}", plan.samplers.len()));
        plan.constant_sampler(&kernel, name, bits)
    }

    /// A load of a constant, initialized, relocation-free `i32` variable: its name and value.
    fn constant_sampler_global(&self, v: Value) -> Option<(String, u32)> {
        let i = self.body.value_inst(v)?;
        let InstKind::Load { ptr, .. } = &self.body.insts[i].kind else {
            return None;
        };
        let gi = self.body.value_inst(*ptr)?;
        let InstKind::GlobalAddr(g) = &self.body.insts[gi].kind else {
            return None;
        };
        let g = &self.sh.m.globals[*g];
        let init = g.init.as_ref()?;
        if !g.constant || !init.relocs.is_empty() {
            return None;
        }
        let bytes: [u8; 4] = init.bytes.get(..4)?.try_into().ok()?;
        Some((g.name.clone(), u32::from_le_bytes(bytes)))
    }

    pub(super) fn image_builtin(&mut self, ib: ImageBuiltin, args: &[Value], d: Option<VLoc>) -> R {
        let arg = |k: usize| {
            args.get(k)
                .copied()
                .ok_or_else(|| GenError::Invalid(format!("{} without operand {k}", ib.name())))
        };
        let img = self.image_param(arg(0)?)?;
        let result = || {
            d.clone()
                .ok_or_else(|| GenError::Invalid(format!("{} without result", ib.name())))
        };
        match ib {
            ImageBuiltin::Read { int_coords, .. } => {
                let Some(res) = img.resource else {
                    return unsupported("a read of a write-only image".to_string());
                };
                let s = arg(1)?;
                let coord = self.loc(arg(2)?)?.s(0, &XYZW);
                let dst = result()?.d(0, &XYZW);
                // A read without a sampler is a load without one.
                let sampler =
                    if self.const_int(s) == Some(u64::from(sampler::NO_SAMPLER)) && int_coords {
                        None
                    } else {
                        Some(self.sampler_id(s)?)
                    };
                let i = if int_coords {
                    b::image_read(op::Load, res, sampler, dst, coord)
                } else {
                    let m = sampler.unwrap_or(0);
                    b::image_read(op::Sample, res, Some(m), dst, coord)
                };
                self.e(i);
            }
            ImageBuiltin::Write(_) => {
                let Some(uav) = img.uav else {
                    return unsupported("a write to a read-only image".to_string());
                };
                let coord = self.loc(arg(1)?)?.s(0, &XYZW);
                let colour = self.loc(arg(2)?)?.s(0, &XYZW);
                self.facts.writes_global = true;
                self.e(b::mem_nodst(op::UavStore, uav, [coord, colour]));
            }
            ImageBuiltin::Query(q) => {
                let r7xx = self.sh.r7xx();
                // (slot, component) of the value in the image constants.
                let (slot, comp) = match q {
                    ImageQuery::Width => (0, 0),
                    ImageQuery::Height => (0, 1),
                    ImageQuery::Depth => (0, 2),
                    ImageQuery::ArraySize => match img.ty {
                        ImageType::Image1dArray => (0, 1),
                        _ => (0, 2),
                    },
                    ImageQuery::ChannelDataType if r7xx => (1, 0),
                    ImageQuery::ChannelDataType => (0, 3),
                    ImageQuery::ChannelOrder if r7xx => (1, 1),
                    ImageQuery::ChannelOrder => (1, 3),
                };
                let dst = result()?.d(0, &[0]);
                let src = Reg::cb(1, img.slot + slot).swz(Swz::one(comp));
                self.e(b::alu(op::Mov, dst, [src]));
            }
        }
        Ok(())
    }
}
