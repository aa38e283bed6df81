//! The image builtins of one work-item: the handle names an image region of the
//! launch; the software sampler (`crate::image`) does the rest. What it refuses becomes
//! a fault naming the image argument.

use kauai_ir::builtins::{ImageBuiltin, ImageQuery};

use super::*;
use crate::code::{ImageInfo, S};

impl Mem<'_, '_> {
    /// Run image builtin `ii` on the frame `regs`.
    pub(super) fn image_op(&self, ii: &ImageInfo, regs: &mut [u64]) -> Result<(), Stop> {
        image_op(
            self.regions,
            self.descs,
            ii.op,
            &ii.args,
            ii.d as usize,
            regs,
        )
    }
}

/// An image builtin called by JIT-compiled code: `args` are the call's lanes (image
/// handle first), the result's lanes go to `out`. The same code as the interpreter's,
/// on a frame laid out as its call sites are, so both executors give the same pixels
/// and the same faults. Nothing is allocated: this runs once per call.
pub(super) fn jit_image_op(
    regions: &[Region<'_>],
    descs: &[String],
    op: ImageBuiltin,
    args: &[u64],
    out: &mut [u64; 4],
) -> Result<(), Stop> {
    // The interpreter's slots: image, then sampler and coordinates (read) or
    // coordinates and colour (write), each vector 4 lanes wide; the result after them.
    let slots: &[S] = match op {
        ImageBuiltin::Read { .. } => &[0, 1, 2],
        ImageBuiltin::Write(_) => &[0, 1, 5],
        ImageBuiltin::Query(_) => &[0],
    };
    // At most 9 argument lanes (a write) and 4 result lanes.
    let mut regs = [0u64; 16];
    let n = args.len().min(12);
    regs[..n].copy_from_slice(&args[..n]);
    image_op(regions, descs, op, slots, n, &mut regs)?;
    out.copy_from_slice(&regs[n..n + 4]);
    Ok(())
}

/// Image builtin `op` on the frame `regs`: its arguments in `slots`, its result from
/// slot `d` on.
fn image_op(
    regions: &[Region<'_>],
    descs: &[String],
    op: ImageBuiltin,
    slots: &[S],
    d: usize,
    regs: &mut [u64],
) -> Result<(), Stop> {
    let at = |k: usize| slots.get(k).map_or(0, |s| *s as usize);
    let handle = regs.get(at(0)).copied().unwrap_or(0);
    let (r, _) = memory::locate(handle);
    let Some(Region::Image { img, writable }) = regions.get(r) else {
        return Err(Stop::Fault(format!(
            "{} on 0x{handle:x}, which is not an image",
            op.name()
        )));
    };
    let desc = descs.get(r).map_or("an image", |s| s.as_str());
    let lanes4 = |s: usize| -> [u32; 4] {
        std::array::from_fn(|l| regs.get(s + l).copied().unwrap_or(0) as u32)
    };
    match op {
        ImageBuiltin::Read { kind, int_coords } => {
            let smp = regs.get(at(1)).copied().unwrap_or(0) as u32;
            let px = img
                .read(kind, smp, lanes4(at(2)), int_coords)
                .map_err(|m| Stop::Fault(format!("{m}, reading {desc}")))?;
            for (l, v) in px.iter().enumerate() {
                if let Some(x) = regs.get_mut(d + l) {
                    *x = *v as u64;
                }
            }
        }
        ImageBuiltin::Write(kind) => {
            if !writable {
                return Err(Stop::Fault(format!(
                    "write to {desc}, which the kernel declares read_only"
                )));
            }
            img.write(kind, lanes4(at(1)), lanes4(at(2)))
                .map_err(|m| Stop::Fault(format!("{m} of {desc}")))?;
        }
        ImageBuiltin::Query(q) => {
            let v = match q {
                ImageQuery::Width => img.dims[0],
                ImageQuery::Height => img.dims[1],
                ImageQuery::Depth => img.dims[2],
                ImageQuery::ChannelDataType => img.format.ty.value(),
                ImageQuery::ChannelOrder => img.format.order.value(),
                ImageQuery::ArraySize => img.array_size(),
            };
            if let Some(x) = regs.get_mut(d) {
                *x = v as u64;
            }
        }
    }
    Ok(())
}
