//! Images and samplers (OpenCL 1.2 5.3 and 5.5) over the host device's images
//! (`kauai_host::image`): an image is a [`Mem`] whose storage is the pixels of a
//! runtime [`Image`], tightly packed, so that reads, writes, copies, fills and maps are
//! runs of bytes like the buffer commands'. Only the host device has images
//! ([`crate::platform::has_images`]); the IL devices have none yet.

use std::sync::Arc;

use kauai_compiler::ArgKind;
use kauai_host::image::Image;
use kauai_host::Buffer;
use kauai_ir::image::{sampler, ChannelOrder, ChannelType, ImageFormat, ImageType, Sampler};
use kauai_ir::AddrSpace;
use opencl_sys::*;

use crate::api::{self, R};
use crate::limits;
use crate::objects::*;
use crate::platform::has_images;
use crate::registry::{self, Kind};
use crate::value::InfoValue;

/// The format of a `cl_image_format`: `CL_INVALID_IMAGE_FORMAT_DESCRIPTOR` when
/// OpenCL 1.2 does not define the combination (every order and type it defines is one
/// of `kauai_ir::image`'s, which the host sampler stores).
pub fn format_of(order: u32, ty: u32) -> R<ImageFormat> {
    let o = ChannelOrder::ALL.into_iter().find(|o| o.value() == order);
    let t = ChannelType::ALL.into_iter().find(|t| t.value() == ty);
    let (Some(order), Some(ty)) = (o, t) else {
        return Err(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    };
    let f = ImageFormat { order, ty };
    f.check().map_err(|_| CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)?;
    Ok(f)
}

pub fn image_type(t: u32) -> Option<ImageType> {
    ImageType::ALL
        .into_iter()
        .find(|x| x.mem_object_type() == t)
}

fn context_has_images(c: &Context) -> bool {
    c.devices.iter().any(|d| has_images(d))
}

/// `clGetSupportedImageFormats`: every format the host sampler stores, for every
/// access flag and image type (none when no device of the context has images).
pub fn supported_formats(c: &Context, flags: u64, ty: u32) -> R<Vec<(u32, u32)>> {
    api::check_mem_flags(flags)?;
    image_type(ty).ok_or(CL_INVALID_VALUE)?;
    if !context_has_images(c) {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for order in ChannelOrder::ALL {
        for ty in ChannelType::ALL {
            if (ImageFormat { order, ty }).check().is_ok() {
                out.push((order.value(), ty.value()));
            }
        }
    }
    Ok(out)
}

/// A `cl_image_desc` (or the arguments of `clCreateImage2D/3D`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Desc {
    pub ty: u32,
    pub width: usize,
    pub height: usize,
    pub depth: usize,
    pub array_size: usize,
    pub row_pitch: usize,
    pub slice_pitch: usize,
    pub mip_levels: u32,
    pub samples: u32,
    pub buffer: usize,
}

/// Offsets of `host_ptr` rows: (y stride, z stride) for the pitches of `ty`. A 1-D
/// array's layers are its "rows" and lie a slice pitch apart (5.3.1: its slice pitch
/// is the size of each 1-D image).
fn host_strides(ty: ImageType, row: usize, slice: usize) -> (usize, usize) {
    if ty == ImageType::Image1dArray {
        (slice, 0)
    } else {
        (row, slice)
    }
}

/// `clCreateImage`. `read_host(offset, len)` reads the application's `host_ptr` at
/// `offset` (it is called only when `host_ptr` is not NULL).
pub fn create_image(
    c: Arc<Context>,
    flags: u64,
    format: (u32, u32),
    desc: &Desc,
    host_ptr: usize,
    read_host: &dyn Fn(usize, usize) -> R<Vec<u8>>,
) -> R<usize> {
    api::check_mem_flags(flags)?;
    let format = format_of(format.0, format.1)?;
    let ty = image_type(desc.ty).ok_or(CL_INVALID_IMAGE_DESCRIPTOR)?;
    if desc.mip_levels != 0
        || desc.samples != 0
        || (desc.buffer != 0) != (ty == ImageType::Image1dBuffer)
    {
        return Err(CL_INVALID_IMAGE_DESCRIPTOR);
    }
    let px = format.pixel_bytes();
    // (width, height or 1-D layers, depth or 2-D layers), and each one's limit.
    let (dims, max) = match ty {
        ImageType::Image1d => ([desc.width, 1, 1], [limits::IMAGE2D_MAX, 1, 1]),
        ImageType::Image1dBuffer => ([desc.width, 1, 1], [limits::IMAGE_MAX_BUFFER_SIZE, 1, 1]),
        ImageType::Image1dArray => (
            [desc.width, desc.array_size, 1],
            [limits::IMAGE2D_MAX, limits::IMAGE_MAX_ARRAY_SIZE, 1],
        ),
        ImageType::Image2d => (
            [desc.width, desc.height, 1],
            [limits::IMAGE2D_MAX, limits::IMAGE2D_MAX, 1],
        ),
        ImageType::Image2dArray => (
            [desc.width, desc.height, desc.array_size],
            [
                limits::IMAGE2D_MAX,
                limits::IMAGE2D_MAX,
                limits::IMAGE_MAX_ARRAY_SIZE,
            ],
        ),
        ImageType::Image3d => (
            [desc.width, desc.height, desc.depth],
            [limits::IMAGE3D_MAX; 3],
        ),
    };
    if dims.contains(&0) {
        return Err(CL_INVALID_IMAGE_DESCRIPTOR);
    }
    if dims.iter().zip(max).any(|(d, m)| *d > m) {
        return Err(CL_INVALID_IMAGE_SIZE);
    }
    let wants_ptr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR) != 0;
    if wants_ptr != (host_ptr != 0) {
        return Err(CL_INVALID_HOST_PTR);
    }
    if !context_has_images(&c) {
        return Err(CL_INVALID_OPERATION);
    }
    // Pitches of host_ptr: given only with it, at least a row (a slice) and a whole
    // number of pixels (rows).
    if host_ptr == 0 && (desc.row_pitch != 0 || desc.slice_pitch != 0) {
        return Err(CL_INVALID_IMAGE_DESCRIPTOR);
    }
    let row_bytes = dims[0] * px;
    let row = if desc.row_pitch == 0 {
        row_bytes
    } else {
        desc.row_pitch
    };
    if row < row_bytes || !row.is_multiple_of(px) {
        return Err(CL_INVALID_IMAGE_DESCRIPTOR);
    }
    let has_slices = matches!(
        ty,
        ImageType::Image1dArray | ImageType::Image2dArray | ImageType::Image3d
    );
    let min_slice = if ty == ImageType::Image1dArray {
        row
    } else {
        row.checked_mul(dims[1]).ok_or(CL_INVALID_IMAGE_SIZE)?
    };
    let slice = if desc.slice_pitch == 0 || !has_slices {
        min_slice
    } else {
        desc.slice_pitch
    };
    if slice < min_slice || !slice.is_multiple_of(row) {
        return Err(CL_INVALID_IMAGE_DESCRIPTOR);
    }
    let max_alloc = c.devices.iter().map(|d| d.max_alloc).max().unwrap_or(0);
    let size3 = dims.map(|d| d as u64);
    let (img, buffer, flags) = if ty == ImageType::Image1dBuffer {
        let b = api::mem(desc.buffer).map_err(|_| CL_INVALID_IMAGE_DESCRIPTOR)?;
        if b.image.is_some() || b.context.handle != c.handle {
            return Err(CL_INVALID_IMAGE_DESCRIPTOR);
        }
        if flags & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR) != 0 {
            return Err(CL_INVALID_VALUE);
        }
        if row_bytes > b.size {
            return Err(CL_INVALID_IMAGE_SIZE);
        }
        // A sub-buffer has storage of its own, refreshed around the commands that name
        // it; an image sharing it would miss those refreshes.
        if b.parent.is_some() {
            return Err(CL_INVALID_OPERATION);
        }
        let access = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
        let f = if flags & access == 0 {
            flags | (b.flags & access)
        } else {
            flags
        };
        // A 1-D image buffer is read by integer coordinates only, so it may be wider
        // than the sampler's side limit: built here, its pixels are the buffer's.
        let img = Image {
            ty,
            format,
            dims: [dims[0] as u32, 1, 1],
            buf: b.storage.clone(),
        };
        (img, Some(b), f)
    } else {
        let bytes = Image::bytes_for(ty, format, size3).map_err(|_| CL_INVALID_IMAGE_SIZE)?;
        if bytes > max_alloc {
            return Err(CL_MEM_OBJECT_ALLOCATION_FAILURE);
        }
        let storage = if host_ptr != 0 {
            let (ys, zs) = host_strides(ty, row, slice);
            let mut data = Vec::with_capacity(bytes as usize);
            for z in 0..dims[2] {
                for y in 0..dims[1] {
                    let at = z
                        .checked_mul(zs)
                        .and_then(|a| a.checked_add(y.checked_mul(ys)?))
                        .ok_or(CL_INVALID_IMAGE_SIZE)?;
                    data.extend(read_host(at, row_bytes)?);
                }
            }
            Buffer::from_bytes(&data)
        } else {
            Buffer::new(bytes as usize)
        };
        let img = Image {
            ty,
            format,
            dims: size3.map(|d| d as u32),
            buf: Arc::new(storage),
        };
        let f = if flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY) == 0 {
            flags | CL_MEM_READ_WRITE
        } else {
            flags
        };
        (img, None, f)
    };
    let size = dims.iter().product::<usize>() * px;
    let storage = img.buf.clone();
    let m = registry::register(Kind::Mem, true, |handle| Mem {
        handle,
        context: c,
        flags,
        size,
        host_ptr: if flags & CL_MEM_USE_HOST_PTR != 0 {
            host_ptr
        } else {
            0
        },
        storage,
        parent: None,
        image: Some(ImageObj {
            img: Arc::new(img),
            host_row_pitch: row,
            host_slice_pitch: if has_slices { slice } else { 0 },
            buffer,
        }),
        maps: Default::default(),
        destructors: Default::default(),
    });
    Ok(m.handle)
}

pub fn image_info(m: &Mem, param: u32) -> R<InfoValue> {
    let i = m.image.as_ref().ok_or(CL_INVALID_MEM_OBJECT)?;
    let img = &i.img;
    let [w, h, d] = img.dims.map(|x| x as usize);
    let ty = img.ty;
    Ok(match param {
        CL_IMAGE_FORMAT => InfoValue(
            [img.format.order.value(), img.format.ty.value()]
                .iter()
                .flat_map(|v| v.to_ne_bytes())
                .collect(),
        ),
        CL_IMAGE_ELEMENT_SIZE => InfoValue::usize(i.pixel_bytes()),
        CL_IMAGE_ROW_PITCH => InfoValue::usize(i.row_pitch()),
        CL_IMAGE_SLICE_PITCH => InfoValue::usize(match ty {
            ImageType::Image1dArray => i.row_pitch(),
            ImageType::Image2dArray | ImageType::Image3d => i.slice_pitch(),
            _ => 0,
        }),
        CL_IMAGE_WIDTH => InfoValue::usize(w),
        CL_IMAGE_HEIGHT => InfoValue::usize(match ty {
            ImageType::Image2d | ImageType::Image2dArray | ImageType::Image3d => h,
            _ => 0,
        }),
        CL_IMAGE_DEPTH => InfoValue::usize(if ty == ImageType::Image3d { d } else { 0 }),
        CL_IMAGE_ARRAY_SIZE => InfoValue::usize(match ty {
            ImageType::Image1dArray => h,
            ImageType::Image2dArray => d,
            _ => 0,
        }),
        CL_IMAGE_BUFFER => InfoValue::handle(i.buffer.as_ref().map_or(0, |b| b.handle)),
        CL_IMAGE_NUM_MIP_LEVELS | CL_IMAGE_NUM_SAMPLES => InfoValue::u32(0),
        _ => return Err(CL_INVALID_VALUE),
    })
}

/// An image of the queue's context, on a device with images.
pub fn queue_image(q: &Queue, h: usize) -> R<Arc<Mem>> {
    let m = api::queue_mem(q, h)?;
    if m.image.is_none() {
        return Err(CL_INVALID_MEM_OBJECT);
    }
    if !has_images(&q.device) {
        return Err(CL_INVALID_OPERATION);
    }
    Ok(m)
}

/// The byte offset of each row of `region` at `origin` (z outer, y inner) and a row's
/// length: `CL_INVALID_VALUE` unless the region is inside the image (sizes a type does
/// not have are origin 0, region 1).
pub fn rows(i: &ImageObj, origin: [usize; 3], region: [usize; 3]) -> R<(Vec<usize>, usize)> {
    if region.contains(&0) {
        return Err(CL_INVALID_VALUE);
    }
    let dims = i.img.dims.map(|d| d as usize);
    for k in 0..3 {
        if origin[k].checked_add(region[k]).is_none_or(|e| e > dims[k]) {
            return Err(CL_INVALID_VALUE);
        }
    }
    // Inside the image, so every product below is at most its size.
    let n = region[1] * region[2];
    if n > limits::MAX_RECT_ROWS {
        return Err(CL_INVALID_VALUE);
    }
    let (px, row, slice) = (i.pixel_bytes(), i.row_pitch(), i.slice_pitch());
    let mut out = Vec::with_capacity(n);
    for z in 0..region[2] {
        for y in 0..region[1] {
            out.push((origin[2] + z) * slice + (origin[1] + y) * row + origin[0] * px);
        }
    }
    Ok((out, region[0] * px))
}

/// Runs `(image offset, host offset, len)` of a read or write of `region` between the
/// image and host memory at the given pitches (OpenCL 1.2 5.3.3: 0 means tightly
/// packed; a 1-D or 2-D image takes no slice pitch).
pub fn host_runs(
    i: &ImageObj,
    origin: [usize; 3],
    region: [usize; 3],
    row_pitch: usize,
    slice_pitch: usize,
) -> R<Vec<(usize, usize, usize)>> {
    let (starts, len) = rows(i, origin, region)?;
    let ty = i.img.ty;
    let row = if row_pitch == 0 { len } else { row_pitch };
    if row < len {
        return Err(CL_INVALID_VALUE);
    }
    let slice = match ty {
        ImageType::Image1d | ImageType::Image1dBuffer | ImageType::Image2d => {
            if slice_pitch != 0 {
                return Err(CL_INVALID_VALUE);
            }
            0
        }
        ImageType::Image1dArray => {
            let s = if slice_pitch == 0 { row } else { slice_pitch };
            if s < row {
                return Err(CL_INVALID_VALUE);
            }
            s
        }
        ImageType::Image2dArray | ImageType::Image3d => {
            let min = row.checked_mul(region[1]).ok_or(CL_INVALID_VALUE)?;
            let s = if slice_pitch == 0 { min } else { slice_pitch };
            if s < min {
                return Err(CL_INVALID_VALUE);
            }
            s
        }
    };
    let (ys, zs) = host_strides(ty, row, slice);
    let mut runs = Vec::with_capacity(starts.len());
    let mut k = 0;
    for z in 0..region[2] {
        for y in 0..region[1] {
            let h = z
                .checked_mul(zs)
                .and_then(|a| a.checked_add(y.checked_mul(ys)?))
                .ok_or(CL_INVALID_VALUE)?;
            runs.push((starts[k], h, len));
            k += 1;
        }
    }
    Ok(runs)
}

/// The stored bytes of one pixel of `fill_color` (four floats, ints or uints as the
/// format's channel type reads), converted as `write_image*` converts (5.3.3.2).
pub fn fill_pixel(i: &ImageObj, color: [u32; 4]) -> R<Vec<u8>> {
    let format = i.img.format;
    let one = Image::new(ImageType::Image2d, format, [1, 1, 1]).map_err(|_| CL_INVALID_VALUE)?;
    one.write(format.ty.kind(), [0; 4], color)
        .map_err(|_| CL_INVALID_VALUE)?;
    Ok(one.buf.read_bytes())
}

/// Do two regions of one image overlap (`CL_MEM_COPY_OVERLAP`)?
pub fn overlap(a: [usize; 3], b: [usize; 3], region: [usize; 3]) -> bool {
    (0..3).all(|k| a[k] < b[k] + region[k] && b[k] < a[k] + region[k])
}

// ---- samplers ----

pub fn sampler(h: usize) -> R<Arc<SamplerObj>> {
    registry::get(h, Kind::Sampler).ok_or(CL_INVALID_SAMPLER)
}

/// `clCreateSampler`: the `CLK_*` bits a kernel gets, `CL_INVALID_VALUE` for a mode
/// OpenCL does not define or a combination the host sampler refuses (repeat modes
/// need normalized coordinates, 6.12.14.1).
pub fn create_sampler(ctx: usize, normalized: u32, addressing: u32, filter: u32) -> R<usize> {
    let c = api::context(ctx)?;
    let a = match addressing {
        CL_ADDRESS_NONE => sampler::ADDRESS_NONE,
        CL_ADDRESS_CLAMP_TO_EDGE => sampler::ADDRESS_CLAMP_TO_EDGE,
        CL_ADDRESS_CLAMP => sampler::ADDRESS_CLAMP,
        CL_ADDRESS_REPEAT => sampler::ADDRESS_REPEAT,
        CL_ADDRESS_MIRRORED_REPEAT => sampler::ADDRESS_MIRRORED_REPEAT,
        _ => return Err(CL_INVALID_VALUE),
    };
    let f = match filter {
        CL_FILTER_NEAREST => sampler::FILTER_NEAREST,
        CL_FILTER_LINEAR => sampler::FILTER_LINEAR,
        _ => return Err(CL_INVALID_VALUE),
    };
    let n = match normalized {
        CL_FALSE => sampler::NORMALIZED_COORDS_FALSE,
        CL_TRUE => sampler::NORMALIZED_COORDS_TRUE,
        _ => return Err(CL_INVALID_VALUE),
    };
    let bits = n | a | f;
    Sampler::decode(bits).map_err(|_| CL_INVALID_VALUE)?;
    if !context_has_images(&c) {
        return Err(CL_INVALID_OPERATION);
    }
    Ok(
        registry::register(Kind::Sampler, true, |handle| SamplerObj {
            handle,
            context: c,
            normalized: normalized == CL_TRUE,
            addressing,
            filter,
            bits,
        })
        .handle,
    )
}

pub fn sampler_info(s: &SamplerObj, param: u32) -> R<InfoValue> {
    Ok(match param {
        CL_SAMPLER_REFERENCE_COUNT => InfoValue::u32(registry::ref_count(s.handle)),
        CL_SAMPLER_CONTEXT => InfoValue::handle(s.context.handle),
        CL_SAMPLER_NORMALIZED_COORDS => InfoValue::bool(s.normalized),
        CL_SAMPLER_ADDRESSING_MODE => InfoValue::u32(s.addressing),
        CL_SAMPLER_FILTER_MODE => InfoValue::u32(s.filter),
        _ => return Err(CL_INVALID_VALUE),
    })
}

// ---- kernel arguments ----

/// Is `a` an image parameter?
pub fn is_image_arg(a: &kauai_compiler::ArgInfo) -> bool {
    a.kind == ArgKind::Buffer(AddrSpace::Image)
}

/// Is `a` a `sampler_t` parameter?
pub fn is_sampler_arg(a: &kauai_compiler::ArgInfo) -> bool {
    matches!(a.kind, ArgKind::Value(_)) && a.type_name == "sampler_t"
}

/// The handle in a `clSetKernelArg` value of `size` bytes (`cl_mem`, `cl_sampler`).
fn handle_in(size: usize, value: Option<&[u8]>) -> R<usize> {
    const N: usize = std::mem::size_of::<usize>();
    if size != N {
        return Err(CL_INVALID_ARG_SIZE);
    }
    let b = value.ok_or(CL_INVALID_ARG_VALUE)?;
    let w: [u8; N] = b
        .get(..N)
        .and_then(|s| s.try_into().ok())
        .ok_or(CL_INVALID_ARG_SIZE)?;
    Ok(usize::from_ne_bytes(w))
}

/// An image argument: an image of the kernel's context, of the parameter's type, whose
/// flags allow the parameter's access (`CL_INVALID_ARG_VALUE` for a write-only image
/// given to a `read_only` parameter and the reverse, 5.7.2).
pub fn image_arg(
    k: &KernelObj,
    a: &kauai_compiler::ArgInfo,
    size: usize,
    value: Option<&[u8]>,
) -> R<SetArg> {
    let h = handle_in(size, value)?;
    let m = api::mem(h)?;
    if m.context.handle != k.program.context.handle {
        return Err(CL_INVALID_MEM_OBJECT);
    }
    let i = m.image.as_ref().ok_or(CL_INVALID_MEM_OBJECT)?;
    if i.img.ty.cl_name() != a.type_name {
        return Err(CL_INVALID_ARG_VALUE);
    }
    let denied = match a.access_qual.as_str() {
        "write_only" => CL_MEM_READ_ONLY,
        "read_write" => CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY,
        _ => CL_MEM_WRITE_ONLY,
    };
    if m.flags & denied != 0 {
        return Err(CL_INVALID_ARG_VALUE);
    }
    Ok(SetArg::Mem(Arc::downgrade(&m)))
}

/// A sampler argument: the sampler's `CLK_*` bits, as a `sampler_t` is passed.
pub fn sampler_arg(k: &KernelObj, size: usize, value: Option<&[u8]>) -> R<SetArg> {
    let h = handle_in(size, value)?;
    let s = sampler(h)?;
    if s.context.handle != k.program.context.handle {
        return Err(CL_INVALID_SAMPLER);
    }
    Ok(SetArg::Val(ArgVal::Bytes(s.bits.to_le_bytes().to_vec())))
}
