//! OpenCL images and samplers: the one list of their encodings, shared by the front end
//! (the `CLK_*` constants and the image types), the executors (what a handle's image
//! and a sampler value mean) and the runtime (the formats an argument may have).
//!
//! # Why images are pointers in their own address space
//!
//! An image kernel argument is a value of type `ptr5` ([`AddrSpace::Image`]): an opaque
//! handle that only the image builtins of [`crate::builtins`] take. A pointer (rather
//! than a new kind of [`crate::Type`]) lets every pass move, select and pass the handle
//! as the pointer it already knows how to move, and lets an executor place the image
//! as one more memory region of the launch, as it places a buffer; the dedicated space
//! makes the verifier refuse every load, store, atomic, `ptradd` and cast through it, so
//! pixels are reached only through the sampler. What kind of image a handle is
//! (`image2d_t`, `read_only`, ...) is in the kernel's argument metadata
//! (`kernel_arg_type`, `kernel_arg_access_qual`) and in the image itself, which the
//! executor checks when the argument is set.
//!
//! A sampler is an `i32` holding OpenCL's `CLK_*` bits (as SPIR 1.2 has it): constant
//! samplers are constants, sampler arguments are set by the host to the same bits.
//!
//! [`AddrSpace::Image`]: crate::AddrSpace::Image

/// The sampler bits of OpenCL C's `CLK_*` sampler constants (clang's values).
pub mod sampler {
    pub const NORMALIZED_COORDS_FALSE: u32 = 0;
    pub const NORMALIZED_COORDS_TRUE: u32 = 1;
    pub const ADDRESS_NONE: u32 = 0;
    pub const ADDRESS_CLAMP_TO_EDGE: u32 = 2;
    pub const ADDRESS_CLAMP: u32 = 4;
    pub const ADDRESS_REPEAT: u32 = 6;
    pub const ADDRESS_MIRRORED_REPEAT: u32 = 8;
    pub const ADDRESS_MASK: u32 = 0xE;
    pub const FILTER_NEAREST: u32 = 0x10;
    pub const FILTER_LINEAR: u32 = 0x20;
    pub const FILTER_MASK: u32 = 0x30;
    /// What a read without a sampler uses (OpenCL 1.2 6.12.14.2).
    pub const NO_SAMPLER: u32 = NORMALIZED_COORDS_FALSE | ADDRESS_NONE | FILTER_NEAREST;
    /// Every `CLK_*` sampler name with its value, as the front end defines them.
    pub const CONSTANTS: &[(&str, u32)] = &[
        ("CLK_NORMALIZED_COORDS_FALSE", NORMALIZED_COORDS_FALSE),
        ("CLK_NORMALIZED_COORDS_TRUE", NORMALIZED_COORDS_TRUE),
        ("CLK_ADDRESS_NONE", ADDRESS_NONE),
        ("CLK_ADDRESS_CLAMP_TO_EDGE", ADDRESS_CLAMP_TO_EDGE),
        ("CLK_ADDRESS_CLAMP", ADDRESS_CLAMP),
        ("CLK_ADDRESS_REPEAT", ADDRESS_REPEAT),
        ("CLK_ADDRESS_MIRRORED_REPEAT", ADDRESS_MIRRORED_REPEAT),
        ("CLK_FILTER_NEAREST", FILTER_NEAREST),
        ("CLK_FILTER_LINEAR", FILTER_LINEAR),
    ];
}

/// Addressing modes of a sampler.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Addressing {
    None,
    ClampToEdge,
    Clamp,
    Repeat,
    MirroredRepeat,
}

/// A decoded sampler.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sampler {
    pub normalized: bool,
    pub addressing: Addressing,
    pub linear: bool,
}

impl Sampler {
    /// Decode `CLK_*` bits; `Err` says what is wrong with them. Repeat modes need
    /// normalized coordinates (OpenCL 1.2 6.12.14.1 leaves anything else undefined, so
    /// Kauai refuses it).
    pub fn decode(bits: u32) -> Result<Sampler, String> {
        use sampler::*;
        if bits & !(1 | ADDRESS_MASK | FILTER_MASK) != 0 {
            return Err(format!(
                "sampler 0x{bits:x} has bits no CLK_* constant sets"
            ));
        }
        let addressing = match bits & ADDRESS_MASK {
            ADDRESS_NONE => Addressing::None,
            ADDRESS_CLAMP_TO_EDGE => Addressing::ClampToEdge,
            ADDRESS_CLAMP => Addressing::Clamp,
            ADDRESS_REPEAT => Addressing::Repeat,
            ADDRESS_MIRRORED_REPEAT => Addressing::MirroredRepeat,
            _ => return Err(format!("sampler 0x{bits:x} has no valid addressing mode")),
        };
        let linear = match bits & FILTER_MASK {
            FILTER_NEAREST => false,
            FILTER_LINEAR => true,
            _ => {
                return Err(format!(
                "sampler 0x{bits:x} needs exactly one of CLK_FILTER_NEAREST and CLK_FILTER_LINEAR"
            ))
            }
        };
        let normalized = bits & NORMALIZED_COORDS_TRUE != 0;
        if !normalized && matches!(addressing, Addressing::Repeat | Addressing::MirroredRepeat) {
            return Err(format!(
                "sampler 0x{bits:x}: CLK_ADDRESS_REPEAT and CLK_ADDRESS_MIRRORED_REPEAT need CLK_NORMALIZED_COORDS_TRUE"
            ));
        }
        Ok(Sampler {
            normalized,
            addressing,
            linear,
        })
    }
}

/// The image types of OpenCL C 1.2, with their `cl_mem_object_type` values.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ImageType {
    Image1d,
    Image1dArray,
    Image1dBuffer,
    Image2d,
    Image2dArray,
    Image3d,
}

impl ImageType {
    pub const ALL: [ImageType; 6] = [
        ImageType::Image1d,
        ImageType::Image1dArray,
        ImageType::Image1dBuffer,
        ImageType::Image2d,
        ImageType::Image2dArray,
        ImageType::Image3d,
    ];

    /// The OpenCL C type name (`image2d_t`), as `kernel_arg_type` records it.
    pub fn cl_name(self) -> &'static str {
        match self {
            ImageType::Image1d => "image1d_t",
            ImageType::Image1dArray => "image1d_array_t",
            ImageType::Image1dBuffer => "image1d_buffer_t",
            ImageType::Image2d => "image2d_t",
            ImageType::Image2dArray => "image2d_array_t",
            ImageType::Image3d => "image3d_t",
        }
    }

    pub fn from_cl_name(s: &str) -> Option<ImageType> {
        ImageType::ALL.into_iter().find(|t| t.cl_name() == s)
    }

    /// `CL_MEM_OBJECT_IMAGE*`.
    pub fn mem_object_type(self) -> u32 {
        match self {
            ImageType::Image2d => 0x10F1,
            ImageType::Image3d => 0x10F2,
            ImageType::Image2dArray => 0x10F3,
            ImageType::Image1d => 0x10F4,
            ImageType::Image1dArray => 0x10F5,
            ImageType::Image1dBuffer => 0x10F6,
        }
    }

    /// Coordinates a pixel has (the array index included): 1, 2 or 3.
    pub fn coords(self) -> u32 {
        match self {
            ImageType::Image1d | ImageType::Image1dBuffer => 1,
            ImageType::Image1dArray | ImageType::Image2d => 2,
            ImageType::Image2dArray | ImageType::Image3d => 3,
        }
    }

    /// Which coordinate is an array index (not filtered, rounded and clamped), if any.
    pub fn array_coord(self) -> Option<usize> {
        match self {
            ImageType::Image1dArray => Some(1),
            ImageType::Image2dArray => Some(2),
            _ => None,
        }
    }

    /// Whether a sampler may read it: every type but `image1d_buffer_t`, which OpenCL
    /// 1.2 (6.12.14.2) reads only by `read_image*(img, int)`.
    pub fn samples(self) -> bool {
        self != ImageType::Image1dBuffer
    }
}

/// Channel orders (`cl_channel_order`), the ones Kauai's executors handle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChannelOrder {
    R,
    A,
    Rg,
    Ra,
    Rgba,
    Bgra,
    Argb,
    Intensity,
    Luminance,
    /// Only with the packed channel types.
    Rgb,
    /// R, RG and RGB with an unused channel `x`: stored as R, RG, RGB (`x` takes no
    /// bytes, as in every OpenCL implementation), but whose border colour has alpha 0.
    Rx,
    Rgx,
    Rgbx,
}

impl ChannelOrder {
    pub const ALL: [ChannelOrder; 13] = [
        ChannelOrder::R,
        ChannelOrder::A,
        ChannelOrder::Rg,
        ChannelOrder::Ra,
        ChannelOrder::Rgba,
        ChannelOrder::Bgra,
        ChannelOrder::Argb,
        ChannelOrder::Intensity,
        ChannelOrder::Luminance,
        ChannelOrder::Rgb,
        ChannelOrder::Rx,
        ChannelOrder::Rgx,
        ChannelOrder::Rgbx,
    ];

    /// The part after `CL_`/`CLK_` (`RGBA`).
    pub fn name(self) -> &'static str {
        match self {
            ChannelOrder::R => "R",
            ChannelOrder::A => "A",
            ChannelOrder::Rg => "RG",
            ChannelOrder::Ra => "RA",
            ChannelOrder::Rgba => "RGBA",
            ChannelOrder::Bgra => "BGRA",
            ChannelOrder::Argb => "ARGB",
            ChannelOrder::Intensity => "INTENSITY",
            ChannelOrder::Luminance => "LUMINANCE",
            ChannelOrder::Rgb => "RGB",
            ChannelOrder::Rx => "Rx",
            ChannelOrder::Rgx => "RGx",
            ChannelOrder::Rgbx => "RGBx",
        }
    }

    /// `CL_R` ... (cl.h).
    pub fn value(self) -> u32 {
        match self {
            ChannelOrder::R => 0x10B0,
            ChannelOrder::A => 0x10B1,
            ChannelOrder::Rg => 0x10B2,
            ChannelOrder::Ra => 0x10B3,
            ChannelOrder::Rgba => 0x10B5,
            ChannelOrder::Bgra => 0x10B6,
            ChannelOrder::Argb => 0x10B7,
            ChannelOrder::Intensity => 0x10B8,
            ChannelOrder::Luminance => 0x10B9,
            ChannelOrder::Rgb => 0x10B4,
            ChannelOrder::Rx => 0x10BA,
            ChannelOrder::Rgx => 0x10BB,
            ChannelOrder::Rgbx => 0x10BC,
        }
    }

    /// Case-insensitive, with or without `CL_`.
    pub fn from_name(s: &str) -> Option<ChannelOrder> {
        let s = strip_cl(s);
        ChannelOrder::ALL
            .into_iter()
            .find(|o| o.name().eq_ignore_ascii_case(s))
    }

    /// Channels stored per pixel.
    pub fn channels(self) -> usize {
        match self {
            ChannelOrder::R | ChannelOrder::A | ChannelOrder::Rx => 1,
            ChannelOrder::Intensity | ChannelOrder::Luminance => 1,
            ChannelOrder::Rg | ChannelOrder::Ra | ChannelOrder::Rgx => 2,
            ChannelOrder::Rgb | ChannelOrder::Rgbx => 3,
            ChannelOrder::Rgba | ChannelOrder::Bgra | ChannelOrder::Argb => 4,
        }
    }

    /// For each stored channel, which of (r, g, b, a) it is.
    pub fn layout(self) -> &'static [usize] {
        match self {
            ChannelOrder::R | ChannelOrder::Intensity | ChannelOrder::Luminance => &[0],
            ChannelOrder::Rx => &[0],
            ChannelOrder::A => &[3],
            ChannelOrder::Rg | ChannelOrder::Rgx => &[0, 1],
            ChannelOrder::Rgb | ChannelOrder::Rgbx => &[0, 1, 2],
            ChannelOrder::Ra => &[0, 3],
            ChannelOrder::Rgba => &[0, 1, 2, 3],
            ChannelOrder::Bgra => &[2, 1, 0, 3],
            ChannelOrder::Argb => &[3, 0, 1, 2],
        }
    }

    /// The border colour's alpha of CLK_ADDRESS_CLAMP (OpenCL 1.2 8.3: 1 for R, RG,
    /// RGB and LUMINANCE, 0 for the others, the `x` orders included).
    pub fn border_alpha_one(self) -> bool {
        matches!(
            self,
            ChannelOrder::R | ChannelOrder::Rg | ChannelOrder::Rgb | ChannelOrder::Luminance
        )
    }
}

/// Channel data types (`cl_channel_type`), the ones Kauai's executors handle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChannelType {
    SnormInt8,
    SnormInt16,
    UnormInt8,
    UnormInt16,
    SignedInt8,
    SignedInt16,
    SignedInt32,
    UnsignedInt8,
    UnsignedInt16,
    UnsignedInt32,
    HalfFloat,
    Float,
    /// Packed normalized RGB in one 16-bit word: red in bits 15:11, green 10:5, blue 4:0.
    UnormShort565,
    /// Red in bits 14:10, green 9:5, blue 4:0 (bit 15 unused).
    UnormShort555,
    /// In one 32-bit word: red in bits 29:20, green 19:10, blue 9:0 (bits 31:30 unused).
    UnormInt101010,
}

/// What `read_image*`/`write_image*` a channel type goes with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChannelKind {
    /// Normalized and floating types: `read_imagef`/`write_imagef`.
    Float,
    Signed,
    Unsigned,
}

impl ChannelType {
    pub const ALL: [ChannelType; 15] = [
        ChannelType::SnormInt8,
        ChannelType::SnormInt16,
        ChannelType::UnormInt8,
        ChannelType::UnormInt16,
        ChannelType::SignedInt8,
        ChannelType::SignedInt16,
        ChannelType::SignedInt32,
        ChannelType::UnsignedInt8,
        ChannelType::UnsignedInt16,
        ChannelType::UnsignedInt32,
        ChannelType::HalfFloat,
        ChannelType::Float,
        ChannelType::UnormShort565,
        ChannelType::UnormShort555,
        ChannelType::UnormInt101010,
    ];

    /// The part after `CL_`/`CLK_` (`UNORM_INT8`).
    pub fn name(self) -> &'static str {
        match self {
            ChannelType::SnormInt8 => "SNORM_INT8",
            ChannelType::SnormInt16 => "SNORM_INT16",
            ChannelType::UnormInt8 => "UNORM_INT8",
            ChannelType::UnormInt16 => "UNORM_INT16",
            ChannelType::SignedInt8 => "SIGNED_INT8",
            ChannelType::SignedInt16 => "SIGNED_INT16",
            ChannelType::SignedInt32 => "SIGNED_INT32",
            ChannelType::UnsignedInt8 => "UNSIGNED_INT8",
            ChannelType::UnsignedInt16 => "UNSIGNED_INT16",
            ChannelType::UnsignedInt32 => "UNSIGNED_INT32",
            ChannelType::HalfFloat => "HALF_FLOAT",
            ChannelType::Float => "FLOAT",
            ChannelType::UnormShort565 => "UNORM_SHORT_565",
            ChannelType::UnormShort555 => "UNORM_SHORT_555",
            ChannelType::UnormInt101010 => "UNORM_INT_101010",
        }
    }

    /// `CL_SNORM_INT8` ... (cl.h).
    pub fn value(self) -> u32 {
        match self {
            ChannelType::SnormInt8 => 0x10D0,
            ChannelType::SnormInt16 => 0x10D1,
            ChannelType::UnormInt8 => 0x10D2,
            ChannelType::UnormInt16 => 0x10D3,
            ChannelType::SignedInt8 => 0x10D7,
            ChannelType::SignedInt16 => 0x10D8,
            ChannelType::SignedInt32 => 0x10D9,
            ChannelType::UnsignedInt8 => 0x10DA,
            ChannelType::UnsignedInt16 => 0x10DB,
            ChannelType::UnsignedInt32 => 0x10DC,
            ChannelType::HalfFloat => 0x10DD,
            ChannelType::Float => 0x10DE,
            ChannelType::UnormShort565 => 0x10D4,
            ChannelType::UnormShort555 => 0x10D5,
            ChannelType::UnormInt101010 => 0x10D6,
        }
    }

    /// Case-insensitive, with or without `CL_`.
    pub fn from_name(s: &str) -> Option<ChannelType> {
        let s = strip_cl(s);
        ChannelType::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
    }

    /// Bytes of one channel; of the whole pixel for the packed types.
    pub fn bytes(self) -> usize {
        match self {
            ChannelType::UnormShort565 | ChannelType::UnormShort555 => 2,
            ChannelType::UnormInt101010 => 4,
            ChannelType::SnormInt8 | ChannelType::UnormInt8 => 1,
            ChannelType::SignedInt8 | ChannelType::UnsignedInt8 => 1,
            ChannelType::SnormInt16 | ChannelType::UnormInt16 => 2,
            ChannelType::SignedInt16 | ChannelType::UnsignedInt16 => 2,
            ChannelType::HalfFloat => 2,
            ChannelType::SignedInt32 | ChannelType::UnsignedInt32 | ChannelType::Float => 4,
        }
    }

    /// For a packed type, each of red, green and blue as (lowest bit, width).
    pub fn packed(self) -> Option<[(u32, u32); 3]> {
        match self {
            ChannelType::UnormShort565 => Some([(11, 5), (5, 6), (0, 5)]),
            ChannelType::UnormShort555 => Some([(10, 5), (5, 5), (0, 5)]),
            ChannelType::UnormInt101010 => Some([(20, 10), (10, 10), (0, 10)]),
            _ => None,
        }
    }

    pub fn kind(self) -> ChannelKind {
        match self {
            ChannelType::SignedInt8 | ChannelType::SignedInt16 | ChannelType::SignedInt32 => {
                ChannelKind::Signed
            }
            ChannelType::UnsignedInt8 | ChannelType::UnsignedInt16 | ChannelType::UnsignedInt32 => {
                ChannelKind::Unsigned
            }
            _ => ChannelKind::Float,
        }
    }
}

/// An image format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ImageFormat {
    pub order: ChannelOrder,
    pub ty: ChannelType,
}

impl ImageFormat {
    /// Whether OpenCL 1.2 (5.3.1.1) defines this combination: INTENSITY and LUMINANCE
    /// only with normalized and floating types, BGRA and ARGB only with 8-bit ones, RGB
    /// and RGBx only with the packed types, and those only with RGB and RGBx.
    pub fn check(self) -> Result<(), String> {
        let packed = self.ty.packed().is_some();
        let ok = match self.order {
            ChannelOrder::Rgb | ChannelOrder::Rgbx => packed,
            _ if packed => false,
            ChannelOrder::Intensity | ChannelOrder::Luminance => {
                self.ty.kind() == ChannelKind::Float
            }
            ChannelOrder::Bgra | ChannelOrder::Argb => self.ty.bytes() == 1,
            _ => true,
        };
        if ok {
            Ok(())
        } else {
            Err(format!(
                "CL_{} images cannot have CL_{} channels",
                self.order.name(),
                self.ty.name()
            ))
        }
    }

    pub fn pixel_bytes(self) -> usize {
        if self.ty.packed().is_some() {
            self.ty.bytes()
        } else {
            self.order.channels() * self.ty.bytes()
        }
    }

    /// Values stored per pixel: one per channel, one word for the packed types.
    pub fn stored_values(self) -> usize {
        if self.ty.packed().is_some() {
            1
        } else {
            self.order.channels()
        }
    }
}

/// `s` without a leading `CL_` in any case.
fn strip_cl(s: &str) -> &str {
    match s.get(..3) {
        Some(p) if p.eq_ignore_ascii_case("CL_") => &s[3..],
        _ => s,
    }
}

/// Every `CLK_*` constant of images: sampler bits, channel orders and types.
pub fn cl_constants() -> impl Iterator<Item = (String, u32)> {
    sampler::CONSTANTS
        .iter()
        .map(|(n, v)| (n.to_string(), *v))
        .chain(
            ChannelOrder::ALL
                .into_iter()
                .map(|o| (format!("CLK_{}", o.name()), o.value())),
        )
        .chain(
            ChannelType::ALL
                .into_iter()
                .map(|t| (format!("CLK_{}", t.name()), t.value())),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samplers_decode_and_refuse() {
        use sampler::*;
        let s = Sampler::decode(NORMALIZED_COORDS_TRUE | ADDRESS_REPEAT | FILTER_LINEAR).unwrap();
        assert!(s.normalized && s.linear && s.addressing == Addressing::Repeat);
        assert!(Sampler::decode(ADDRESS_REPEAT | FILTER_NEAREST).is_err());
        assert!(Sampler::decode(ADDRESS_CLAMP).is_err());
        assert!(Sampler::decode(0x40 | FILTER_NEAREST).is_err());
        assert!(Sampler::decode(0xA | FILTER_NEAREST).is_err());
        assert_eq!(
            Sampler::decode(NO_SAMPLER).map(|s| s.addressing),
            Ok(Addressing::None)
        );
    }

    #[test]
    fn formats_follow_the_specification_table() {
        let f = |o, t| ImageFormat { order: o, ty: t }.check().is_ok();
        assert!(f(ChannelOrder::Bgra, ChannelType::UnormInt8));
        assert!(!f(ChannelOrder::Bgra, ChannelType::Float));
        assert!(!f(ChannelOrder::Intensity, ChannelType::SignedInt8));
        assert!(f(ChannelOrder::Luminance, ChannelType::HalfFloat));
        assert!(f(ChannelOrder::Rgb, ChannelType::UnormShort565));
        assert!(f(ChannelOrder::Rgbx, ChannelType::UnormInt101010));
        assert!(!f(ChannelOrder::Rgb, ChannelType::UnormInt8));
        assert!(!f(ChannelOrder::Rgba, ChannelType::UnormShort555));
        assert!(f(ChannelOrder::Rx, ChannelType::SignedInt16));
        assert_eq!(
            ImageFormat {
                order: ChannelOrder::Rgbx,
                ty: ChannelType::UnormShort555
            }
            .pixel_bytes(),
            2
        );
        assert_eq!(ChannelOrder::from_name("CL_RGBX"), Some(ChannelOrder::Rgbx));
        assert_eq!(ChannelOrder::from_name("cl_rgba"), Some(ChannelOrder::Rgba));
        assert_eq!(
            ChannelType::from_name("unorm_int8"),
            Some(ChannelType::UnormInt8)
        );
    }
}
