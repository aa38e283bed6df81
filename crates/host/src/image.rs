//! Images on the host device: their memory, the software sampler and the format
//! conversions, exact per OpenCL 1.2 (8.2 image addressing and filtering, 8.3
//! conversion rules).
//!
//! An [`Image`] is a [`Buffer`] of pixels, tightly packed (row pitch `width * pixel
//! bytes`, slice pitch `row pitch * height`), with its type, format and sizes. A 1-D
//! array keeps its layers as rows (`height` is the array size) and a 2-D array as
//! slices (`depth` is the array size). Kernels reach pixels only through [`Image::read`]
//! and [`Image::write`]. A pixel of a packed type (`UNORM_SHORT_565`/`555`,
//! `UNORM_INT_101010`) is one word whose red, green and blue fields are its stored
//! channels; the `x` orders (`Rx`, `RGx`, `RGBx`) store what R, RG and RGB store.
//!
//! Where OpenCL 1.2 leaves a result undefined, Kauai chooses:
//! - `CLK_ADDRESS_NONE` treats texels outside the image as `CLK_ADDRESS_CLAMP` does
//!   (the border colour), so a read off the image gives a fixed value;
//! - a read whose result type does not match the image's channel type
//!   (`read_imagef` of an integer image, ...), linear filtering of an integer image, a
//!   sampler with normalized coordinates or linear filtering (or a repeat mode) used with
//!   integer coordinates, and a write off the image or with the wrong type are faults.
//!
//! Coordinates are computed in `f32` with the specification's formulas, in their order
//! (`floor`, `rint`, `frac(x) = x - floor(x)`), and the linear filter's weights and sum
//! too, so results are reproducible bit for bit.

use std::sync::Arc;

use kauai_ir::image::{
    Addressing, ChannelKind, ChannelOrder, ChannelType, ImageFormat, ImageType, Sampler,
};

use crate::Buffer;

/// The largest image, in bytes, the host device creates (the host's 4 GiB global
/// memory cap, `MAX_GLOBAL` of the executor).
pub const MAX_IMAGE_BYTES: u64 = 1 << 32;
/// The largest side of an image (OpenCL 1.2's `CL_DEVICE_IMAGE2D_MAX_WIDTH` minimum is
/// 8192; 16384 keeps every coordinate exact in `f32` arithmetic).
pub const MAX_IMAGE_SIDE: u64 = 1 << 14;

/// A host image.
#[derive(Debug)]
pub struct Image {
    pub ty: ImageType,
    pub format: ImageFormat,
    /// Width, height (array size of a 1-D array), depth (array size of a 2-D array);
    /// unused ones are 1.
    pub dims: [u32; 3],
    pub buf: Arc<Buffer>,
}

/// A pixel as a kernel sees it: four `f32` (as bits) or four 32-bit integers.
pub type Pixel = [u32; 4];

impl Image {
    /// A zero-filled image. `size` is (width, height, depth) with the array size in
    /// place of the height (1-D arrays) or depth (2-D arrays); sizes the type does not
    /// use must be 1.
    pub fn new(ty: ImageType, format: ImageFormat, size: [u64; 3]) -> Result<Image, String> {
        let bytes = Image::bytes_for(ty, format, size)?;
        Ok(Image {
            ty,
            format,
            dims: size.map(|s| s as u32),
            buf: Arc::new(Buffer::new(bytes as usize)),
        })
    }

    /// The bytes an image of this type, format and size takes, checked (format, sizes,
    /// [`MAX_IMAGE_SIDE`], [`MAX_IMAGE_BYTES`]) before anything is allocated.
    pub fn bytes_for(ty: ImageType, format: ImageFormat, size: [u64; 3]) -> Result<u64, String> {
        format.check()?;
        let used = ty.coords() as usize;
        for (i, &s) in size.iter().enumerate() {
            if i >= used && s != 1 {
                return Err(format!(
                    "a {} has {used} sizes, size {i} must be 1",
                    ty.cl_name()
                ));
            }
            if s == 0 || s > MAX_IMAGE_SIDE {
                return Err(format!(
                    "image size {s} is not between 1 and {MAX_IMAGE_SIDE} (MAX_IMAGE_SIDE)"
                ));
            }
        }
        let bytes = size
            .iter()
            .try_fold(format.pixel_bytes() as u64, |a, &s| a.checked_mul(s))
            .filter(|b| *b <= MAX_IMAGE_BYTES)
            .ok_or_else(|| {
                format!("the image is larger than {MAX_IMAGE_BYTES} bytes (MAX_IMAGE_BYTES)")
            })?;
        Ok(bytes)
    }

    pub fn pixel_bytes(&self) -> usize {
        self.format.pixel_bytes()
    }

    /// Pixels in the image.
    pub fn pixels(&self) -> u64 {
        self.dims.iter().map(|&d| d as u64).product()
    }

    /// `get_image_array_size`.
    pub fn array_size(&self) -> u32 {
        match self.ty.array_coord() {
            Some(c) => self.dims[c],
            None => 0,
        }
    }

    fn offset(&self, c: [i64; 3]) -> u64 {
        let [w, h, _] = self.dims.map(|d| d as u64);
        ((c[2] as u64 * h + c[1] as u64) * w + c[0] as u64) * self.pixel_bytes() as u64
    }

    fn inside(&self, c: [i64; 3]) -> bool {
        c.iter()
            .zip(self.dims)
            .all(|(&x, d)| x >= 0 && x < d as i64)
    }

    /// The stored channels of the pixel at `c` (inside), widened to 32 bits: integers
    /// sign- or zero-extended, halves and floats as their bits.
    fn load(&self, c: [i64; 3]) -> [u32; 4] {
        let eb = self.format.ty.bytes();
        let base = self.offset(c);
        let mut out = [0u32; 4];
        // A packed pixel is one word; its fields are the stored channels.
        if let Some(fields) = self.format.ty.packed() {
            let word = self.buf.load(base, eb as u32) as u32;
            for (o, (lo, width)) in out.iter_mut().zip(fields) {
                *o = (word >> lo) & ((1 << width) - 1);
            }
            return out;
        }
        for (k, o) in out
            .iter_mut()
            .enumerate()
            .take(self.format.order.channels())
        {
            let raw = self.buf.load(base + (k * eb) as u64, eb as u32) as u32;
            *o = match self.format.ty {
                ChannelType::SnormInt8 | ChannelType::SignedInt8 => raw as u8 as i8 as i32 as u32,
                ChannelType::SnormInt16 | ChannelType::SignedInt16 => {
                    raw as u16 as i16 as i32 as u32
                }
                _ => raw,
            };
        }
        out
    }

    /// Stored channel `k` as `read_imagef` sees it (8.3.1.1).
    fn to_float(&self, raw: u32, k: usize) -> f32 {
        if let Some(fields) = self.format.ty.packed() {
            let max = (1u32 << fields[k.min(2)].1) - 1;
            return raw as f32 / max as f32;
        }
        match self.format.ty {
            ChannelType::UnormInt8 => raw as f32 / 255.0,
            ChannelType::UnormInt16 => raw as f32 / 65535.0,
            ChannelType::SnormInt8 => (raw as i32 as f32 / 127.0).max(-1.0),
            ChannelType::SnormInt16 => (raw as i32 as f32 / 32767.0).max(-1.0),
            ChannelType::HalfFloat => half::f16::from_bits(raw as u16).to_f32(),
            ChannelType::Float => f32::from_bits(raw),
            // Integer types are not read as floats (refused before).
            _ => raw as f32,
        }
    }

    /// The (r, g, b, a) of the texel at `c` for a read of `kind`, or the border colour
    /// when `c` lies outside. Floats as bits.
    fn texel(&self, c: [i64; 3], kind: ChannelKind) -> Pixel {
        let one = match kind {
            ChannelKind::Float => 1.0f32.to_bits(),
            _ => 1,
        };
        if !self.inside(c) {
            let a = if self.format.order.border_alpha_one() {
                one
            } else {
                0
            };
            return [0, 0, 0, a];
        }
        let raw = self.load(c);
        let stored: [u32; 4] = std::array::from_fn(|k| match kind {
            ChannelKind::Float => self.to_float(raw[k], k).to_bits(),
            _ => raw[k],
        });
        match self.format.order {
            ChannelOrder::Intensity => [stored[0]; 4],
            ChannelOrder::Luminance => [stored[0], stored[0], stored[0], one],
            order => {
                let mut px = [0, 0, 0, one];
                for (k, &slot) in order.layout().iter().enumerate() {
                    px[slot] = stored[k];
                }
                px
            }
        }
    }

    fn kind_error(&self, what: &str, kind: ChannelKind) -> String {
        let f = match kind {
            ChannelKind::Float => "f",
            ChannelKind::Signed => "i",
            ChannelKind::Unsigned => "ui",
        };
        format!(
            "{what}{f} of a CL_{} image (its channel type needs {what}{})",
            self.format.ty.name(),
            match self.format.ty.kind() {
                ChannelKind::Float => "f",
                ChannelKind::Signed => "i",
                ChannelKind::Unsigned => "ui",
            }
        )
    }

    /// `read_image{f,i,ui}` with `sampler` bits at float (`coord` holds `f32` bits) or
    /// integer coordinates (four lanes, unused ones ignored). `Err` says why the read is
    /// not defined.
    pub fn read(
        &self,
        kind: ChannelKind,
        sampler_bits: u32,
        coord: [u32; 4],
        int_coords: bool,
    ) -> Result<Pixel, String> {
        let s = Sampler::decode(sampler_bits)?;
        if self.format.ty.kind() != kind {
            return Err(self.kind_error("read_image", kind));
        }
        let n = self.ty.coords() as usize;
        let arr = self.ty.array_coord();
        if int_coords {
            if s.normalized
                || s.linear
                || matches!(
                    s.addressing,
                    Addressing::Repeat | Addressing::MirroredRepeat
                )
            {
                return Err(format!(
                    "read_image with integer coordinates needs a sampler with CLK_NORMALIZED_COORDS_FALSE, CLK_FILTER_NEAREST and CLK_ADDRESS_CLAMP_TO_EDGE, CLAMP or NONE (OpenCL 1.2 6.12.14.2); the sampler is 0x{sampler_bits:x}"
                ));
            }
            let mut c = [0i64; 3];
            for (d, cd) in c.iter_mut().enumerate().take(n) {
                let v = coord[d] as i32 as i64;
                *cd = if s.addressing == Addressing::ClampToEdge || Some(d) == arr {
                    v.clamp(0, self.dims[d] as i64 - 1)
                } else {
                    v
                };
            }
            return Ok(self.texel(c, kind));
        }
        let f: [f32; 4] = coord.map(f32::from_bits);
        if !s.linear {
            let mut c = [0i64; 3];
            for (d, cd) in c.iter_mut().enumerate().take(n) {
                *cd = if Some(d) == arr {
                    self.layer(f[d])
                } else {
                    nearest(f[d], self.dims[d], s)
                };
            }
            return Ok(self.texel(c, kind));
        }
        if kind != ChannelKind::Float {
            return Err(format!(
                "read_image{} with CLK_FILTER_LINEAR (linear filtering is defined for read_imagef only)",
                if kind == ChannelKind::Signed { "i" } else { "ui" }
            ));
        }
        // Per filtered dimension: the two texel indices and the weight of the second.
        let mut taps = [(0i64, 0i64, 0f32); 3];
        for (d, t) in taps.iter_mut().enumerate().take(n) {
            *t = if Some(d) == arr {
                let l = self.layer(f[d]);
                (l, l, 0.0)
            } else {
                linear(f[d], self.dims[d], s)
            };
        }
        // Sum (1-a)(1-b)(1-c) T000 + a(1-b)(1-c) T100 + ... in that order, in f32.
        let mut acc = [0f32; 4];
        let dims_used = n.min(3);
        for corner in 0..(1 << dims_used) {
            let mut c = [0i64; 3];
            let mut w = 1f32;
            for (d, (i0, i1, a)) in taps.iter().enumerate().take(dims_used) {
                let hi = corner >> d & 1 == 1;
                c[d] = if hi { *i1 } else { *i0 };
                w *= if hi { *a } else { 1.0 - *a };
            }
            let t = self.texel(c, ChannelKind::Float);
            for (x, v) in acc.iter_mut().zip(t) {
                *x += w * f32::from_bits(v);
            }
        }
        Ok(acc.map(f32::to_bits))
    }

    /// The layer of an array coordinate: `clamp(rint(v), 0, size - 1)` (8.2).
    fn layer(&self, v: f32) -> i64 {
        let d = self.ty.array_coord().unwrap_or(0);
        let r = v.round_ties_even();
        if r.is_nan() {
            return 0;
        }
        (r.clamp(0.0, (self.dims[d] - 1) as f32)) as i64
    }

    /// `write_image{f,i,ui}` at integer coordinates. `Err` for a write off the image or
    /// of the wrong type.
    pub fn write(&self, kind: ChannelKind, coord: [u32; 4], color: Pixel) -> Result<(), String> {
        if self.format.ty.kind() != kind {
            return Err(self.kind_error("write_image", kind));
        }
        let n = self.ty.coords() as usize;
        let mut c = [0i64; 3];
        for (d, cd) in c.iter_mut().enumerate().take(n) {
            *cd = coord[d] as i32 as i64;
        }
        if !self.inside(c) {
            let shown: Vec<String> = c[..n].iter().map(|x| x.to_string()).collect();
            let size: Vec<String> = self.dims[..n].iter().map(|x| x.to_string()).collect();
            return Err(format!(
                "write_image at ({}) is outside the {} image",
                shown.join(", "),
                size.join("x")
            ));
        }
        let eb = self.format.ty.bytes();
        let base = self.offset(c);
        if let Some(fields) = self.format.ty.packed() {
            // Each field as an unsigned normalized value of its width, ties to even.
            let mut word = 0u32;
            for ((lo, width), &slot) in fields.iter().zip(self.format.order.layout()) {
                let max = ((1u32 << width) - 1) as f32;
                let v = norm_to_int(f32::from_bits(color[slot]), max, 0.0, max) as u32;
                word |= v << lo;
            }
            self.buf.store(base, eb as u32, u64::from(word));
            return Ok(());
        }
        for (k, &slot) in self.format.order.layout().iter().enumerate() {
            let bits = convert_for_write(self.format.ty, color[slot]);
            self.buf
                .store(base + (k * eb) as u64, eb as u32, bits as u64);
        }
        Ok(())
    }

    /// The stored channels of every pixel in memory order, as `read_image*` would give
    /// them (`f32` for normalized and floating types, integers otherwise), for printing.
    pub fn channel_values(&self) -> Vec<ChannelValue> {
        let mut out = Vec::new();
        let [w, h, d] = self.dims.map(|x| x as i64);
        for z in 0..d {
            for y in 0..h {
                for x in 0..w {
                    let raw = self.load([x, y, z]);
                    for (k, &r) in raw.iter().enumerate().take(self.format.order.channels()) {
                        out.push(match self.format.ty.kind() {
                            ChannelKind::Float => ChannelValue::Float(self.to_float(r, k)),
                            ChannelKind::Signed => ChannelValue::Int(r as i32 as i64),
                            ChannelKind::Unsigned => ChannelValue::Int(r as i64),
                        });
                    }
                }
            }
        }
        out
    }
}

/// One stored channel as a kernel reads it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ChannelValue {
    Float(f32),
    Int(i64),
}

/// `s - floor(s)` and the specification's normalized coordinate transforms.
fn unnormalize(x: f32, size: u32, s: Sampler) -> f32 {
    let w = size as f32;
    match s.addressing {
        Addressing::Repeat => (x - x.floor()) * w,
        Addressing::MirroredRepeat => {
            let m = 2.0f32 * (0.5f32 * x).round_ties_even();
            (x - m).abs() * w
        }
        _ if s.normalized => x * w,
        _ => x,
    }
}

/// `(int)floor(u)` in the range an i64 holds (NaN to 0: 8.2 leaves it undefined).
fn ifloor(u: f32) -> i64 {
    if u.is_nan() {
        return 0;
    }
    u.floor().clamp(-((1u64 << 40) as f32), (1u64 << 40) as f32) as i64
}

/// The texel index of nearest filtering (8.2): out-of-range indices are kept for the
/// border colour except where the mode clamps or wraps them.
fn nearest(x: f32, size: u32, s: Sampler) -> i64 {
    let w = size as i64;
    let u = unnormalize(x, size, s);
    let i = ifloor(u);
    match s.addressing {
        Addressing::ClampToEdge => i.clamp(0, w - 1),
        Addressing::Clamp | Addressing::None => i.clamp(-1, w),
        Addressing::Repeat => {
            if i > w - 1 {
                i - w
            } else {
                i
            }
        }
        Addressing::MirroredRepeat => i.min(w - 1),
    }
}

/// The two texel indices of linear filtering and the weight `frac(u - 0.5)` (8.2).
fn linear(x: f32, size: u32, s: Sampler) -> (i64, i64, f32) {
    let w = size as i64;
    let u = unnormalize(x, size, s);
    let v = u - 0.5;
    let a = if v.is_nan() { 0.0 } else { v - v.floor() };
    let i0 = ifloor(v);
    let i1 = i0 + 1;
    let (i0, i1) = match s.addressing {
        Addressing::ClampToEdge => (i0.clamp(0, w - 1), i1.clamp(0, w - 1)),
        Addressing::Clamp | Addressing::None => (i0.clamp(-1, w), i1.clamp(-1, w)),
        Addressing::Repeat => (
            if i0 < 0 { w + i0 } else { i0 },
            if i1 > w - 1 { i1 - w } else { i1 },
        ),
        Addressing::MirroredRepeat => (i0.max(0), i1.min(w - 1)),
    };
    (i0, i1, a)
}

/// `convert_<T>_sat_rte(f * scale)` (8.3.1.2): the product rounded to `f32`, then to
/// the nearest integer, ties to even, saturated; NaN gives 0.
fn norm_to_int(f: f32, scale: f32, lo: f32, hi: f32) -> i64 {
    let p = f * scale;
    if p.is_nan() {
        return 0;
    }
    p.round_ties_even().clamp(lo, hi) as i64
}

/// A colour channel as `write_image*` stores it (bits in the low bytes).
fn convert_for_write(ty: ChannelType, v: u32) -> u32 {
    let f = f32::from_bits(v);
    let (i, u) = (v as i32 as i64, v as u64);
    match ty {
        ChannelType::UnormInt8 => norm_to_int(f, 255.0, 0.0, 255.0) as u32,
        ChannelType::UnormInt16 => norm_to_int(f, 65535.0, 0.0, 65535.0) as u32,
        ChannelType::SnormInt8 => norm_to_int(f, 127.0, -128.0, 127.0) as u32,
        ChannelType::SnormInt16 => norm_to_int(f, 32767.0, -32768.0, 32767.0) as u32,
        ChannelType::HalfFloat => kauai_ir::half::f16_bits_from_f64(f as f64) as u32,
        ChannelType::Float => v,
        ChannelType::SignedInt8 => i.clamp(-128, 127) as u32,
        ChannelType::SignedInt16 => i.clamp(-32768, 32767) as u32,
        ChannelType::SignedInt32 => v,
        ChannelType::UnsignedInt8 => u.min(255) as u32,
        ChannelType::UnsignedInt16 => u.min(65535) as u32,
        ChannelType::UnsignedInt32 => v,
        // Packed pixels are built field by field in `write`, never one channel here.
        ChannelType::UnormShort565 | ChannelType::UnormShort555 | ChannelType::UnormInt101010 => v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kauai_ir::image::sampler as smp;

    fn img(order: ChannelOrder, ty: ChannelType, w: u64) -> Image {
        Image::new(ImageType::Image1d, ImageFormat { order, ty }, [w, 1, 1]).unwrap()
    }

    #[test]
    fn writes_round_to_nearest_even_and_saturate() {
        // 0.5 * 255 = 127.5 → 128 (even); 1.5/255*255 → 1.5 → 2; -1 → 0; 2 → 255.
        let im = img(ChannelOrder::Rgba, ChannelType::UnormInt8, 1);
        let c = [0.5f32, 1.5 / 255.0, -1.0, 2.0].map(f32::to_bits);
        im.write(ChannelKind::Float, [0; 4], c).unwrap();
        assert_eq!(im.buf.read_bytes(), vec![128, 2, 0, 255]);
        // 2.5 → 2 (even), NaN → 0.
        let c = [2.5f32 / 255.0, f32::NAN, 0.0, 0.0].map(f32::to_bits);
        im.write(ChannelKind::Float, [0; 4], c).unwrap();
        assert_eq!(im.buf.read_bytes()[..2], [2, 0]);
        let s = img(ChannelOrder::R, ChannelType::SignedInt8, 1);
        s.write(ChannelKind::Signed, [0; 4], [(-300i32) as u32, 0, 0, 0])
            .unwrap();
        assert_eq!(s.buf.read_bytes(), vec![0x80]);
        assert!(s.write(ChannelKind::Signed, [1, 0, 0, 0], [0; 4]).is_err());
        assert!(s.write(ChannelKind::Float, [0; 4], [0; 4]).is_err());
    }

    #[test]
    fn bgra_stores_blue_first_and_border_alpha_follows_the_order() {
        let im = img(ChannelOrder::Bgra, ChannelType::UnsignedInt8, 2);
        im.write(ChannelKind::Unsigned, [0; 4], [1, 2, 3, 4])
            .unwrap();
        assert_eq!(im.buf.read_bytes()[..4], [3, 2, 1, 4]);
        let clamp = smp::ADDRESS_CLAMP | smp::FILTER_NEAREST;
        let r = im.read(ChannelKind::Unsigned, clamp, [0; 4], true).unwrap();
        assert_eq!(r, [1, 2, 3, 4]);
        // BGRA has alpha: border (0,0,0,0); R has none: (0,0,0,1).
        let out = im.read(
            ChannelKind::Unsigned,
            clamp,
            [(-1i32) as u32, 0, 0, 0],
            true,
        );
        assert_eq!(out.unwrap(), [0, 0, 0, 0]);
        let r8 = img(ChannelOrder::R, ChannelType::UnsignedInt8, 2);
        let out = r8.read(ChannelKind::Unsigned, clamp, [2, 0, 0, 0], true);
        assert_eq!(out.unwrap(), [0, 0, 0, 1]);
    }

    #[test]
    fn linear_weights_follow_the_formulas() {
        // Texels 0 and 1 of an R FLOAT image hold 0 and 1; u = 1.25 (unnormalized)
        // gives i0 = floor(0.75) = 0, a = 0.75: 0.25*0 + 0.75*1 = 0.75.
        let im = img(ChannelOrder::R, ChannelType::Float, 2);
        im.write(
            ChannelKind::Float,
            [1, 0, 0, 0],
            [1.0f32.to_bits(), 0, 0, 0],
        )
        .unwrap();
        let lin = smp::ADDRESS_CLAMP_TO_EDGE | smp::FILTER_LINEAR;
        let r = im
            .read(ChannelKind::Float, lin, [1.25f32.to_bits(), 0, 0, 0], false)
            .unwrap();
        assert_eq!(f32::from_bits(r[0]), 0.75);
        assert_eq!(f32::from_bits(r[3]), 1.0);
        // Integer coordinates with a linear sampler are undefined: refused.
        assert!(im.read(ChannelKind::Float, lin, [0; 4], true).is_err());
    }

    #[test]
    fn trilinear_reads_average_the_eight_neighbours() {
        // Texel (x, y, z) of a 2x2x2 R FLOAT image holds x + 2y + 4z; at (1, 1, 1)
        // every weight is 1/2, so the read is the mean 3.5. A layer of a 2-D array is
        // rounded, not filtered: layer 0.5 rounds to 0 (ties to even).
        let f = ImageFormat {
            order: ChannelOrder::R,
            ty: ChannelType::Float,
        };
        let im = Image::new(ImageType::Image3d, f, [2, 2, 2]).unwrap();
        for i in 0..8u32 {
            let c = [i & 1, i >> 1 & 1, i >> 2, 0];
            im.write(ChannelKind::Float, c, [(i as f32).to_bits(), 0, 0, 0])
                .unwrap();
        }
        let lin = smp::ADDRESS_CLAMP_TO_EDGE | smp::FILTER_LINEAR;
        let one = 1.0f32.to_bits();
        let r = im.read(ChannelKind::Float, lin, [one, one, one, 0], false);
        assert_eq!(f32::from_bits(r.unwrap()[0]), 3.5);
        let arr = Image::new(ImageType::Image2dArray, f, [2, 2, 2]).unwrap();
        arr.write(ChannelKind::Float, [0, 0, 1, 0], [one, 0, 0, 0])
            .unwrap();
        let half = 0.5f32.to_bits();
        let nearest = smp::ADDRESS_CLAMP | smp::FILTER_NEAREST;
        let at = |layer: f32| {
            let r = arr.read(
                ChannelKind::Float,
                nearest,
                [half, half, layer.to_bits(), 0],
                false,
            );
            f32::from_bits(r.unwrap()[0])
        };
        assert_eq!((at(0.5), at(1.5), at(0.49), at(7.0)), (0.0, 1.0, 0.0, 1.0));
    }
}
