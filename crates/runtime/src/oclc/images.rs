//! Image and sampler arguments in the oclc grammar (Kauai's extension; oclc itself has
//! none).
//!
//! - An image: `-arg NAME,TYPE(ORDER,CHANNEL_TYPE,SIZES)[,LIST]` (`kauai run`: `--arg
//!   NAME=...`), e.g. `-arg src,image2d(RGBA,UNORM_INT8,4,4),range(0,63)`. `TYPE` is
//!   the parameter's image type without `_t` (`image1d`, `image1d_array`,
//!   `image1d_buffer`, `image2d`, `image2d_array`, `image3d`); `ORDER` and
//!   `CHANNEL_TYPE` are `cl_channel_order`/`cl_channel_type` names with or without
//!   `CL_`, in any case; the sizes are width, height, depth as the type has them, the
//!   array size last for arrays. `LIST` gives every stored channel in memory order
//!   (pixels row by row, each pixel's channels in the order's storage order, BGRA blue
//!   first) as the channel type stores it: normalized types as their integers (`255`
//!   is 1.0 in UNORM_INT8), `HALF_FLOAT` and `FLOAT` as numbers; a pixel of a packed type
//!   (`UNORM_SHORT_565`, `UNORM_SHORT_555`, `UNORM_INT_101010`, with `RGB` or `RGBx`) is
//!   one value, its 16- or 32-bit word. Without a list the image is zero.
//! - `-print NAME[,OFFSET],COUNT` and `-compare NAME,LIST` of an image print and
//!   compare stored channels in that same order and form; `-write NAME:FILE` writes the
//!   image's bytes.
//! - A sampler: `-arg NAME,NORMALIZED,ADDRESSING,FILTER` with `CL_TRUE`/`CL_FALSE`,
//!   `CL_ADDRESS_{NONE,CLAMP_TO_EDGE,CLAMP,REPEAT,MIRRORED_REPEAT}` and
//!   `CL_FILTER_{NEAREST,LINEAR}` (`clCreateSampler`'s arguments).

use kauai_host::image::Image;
use kauai_ir::image::{sampler, ChannelOrder, ChannelType, ImageFormat, ImageType, Sampler};
use kauai_ir::ClScalar;

use super::values::{parse_list, Rng};

/// How an image argument's channels are written in lists and printed.
pub fn channel_scalar(t: ChannelType) -> ClScalar {
    match t {
        ChannelType::SnormInt8 | ChannelType::SignedInt8 => ClScalar::Char,
        ChannelType::UnormInt8 | ChannelType::UnsignedInt8 => ClScalar::UChar,
        ChannelType::SnormInt16 | ChannelType::SignedInt16 => ClScalar::Short,
        ChannelType::UnormInt16 | ChannelType::UnsignedInt16 => ClScalar::UShort,
        ChannelType::SignedInt32 => ClScalar::Int,
        ChannelType::UnsignedInt32 => ClScalar::UInt,
        ChannelType::HalfFloat => ClScalar::Half,
        ChannelType::Float => ClScalar::Float,
        // A packed pixel is one value: its 16- or 32-bit word.
        ChannelType::UnormShort565 | ChannelType::UnormShort555 => ClScalar::UShort,
        ChannelType::UnormInt101010 => ClScalar::UInt,
    }
}

/// Split `TYPE(ARGS)[,REST]` into the type word, the arguments and the rest.
fn split_call(text: &str) -> Option<(&str, Vec<&str>, Option<&str>)> {
    let text = text.trim();
    let open = text.find('(')?;
    let close = text.find(')')?;
    if close < open {
        return None;
    }
    let word = text[..open].trim();
    let args = text[open + 1..close].split(',').map(str::trim).collect();
    let rest = text[close + 1..].trim();
    let rest = match rest.strip_prefix(',') {
        Some(r) => Some(r.trim()),
        None if rest.is_empty() => None,
        None => return None,
    };
    Some((word, args, rest))
}

/// The image an `-arg` value describes, for a parameter of type `want`, filled from
/// its list. `max_bytes` is the device's largest buffer.
pub fn make_image(
    text: &str,
    want: ImageType,
    rng: &mut Rng,
    max_bytes: u64,
) -> Result<Image, String> {
    let form = format!(
        "{}(ORDER,CHANNEL_TYPE,SIZES)[,LIST]",
        want.cl_name().trim_end_matches("_t")
    );
    let Some((word, args, rest)) = split_call(text) else {
        return Err(format!("an image argument is written {form}"));
    };
    let ty = ImageType::from_cl_name(&format!("{word}_t")).ok_or_else(|| {
        format!("`{word}` is not an image type; an image argument is written {form}")
    })?;
    if ty != want {
        return Err(format!(
            "the kernel takes an {}, not an {}",
            want.cl_name(),
            ty.cl_name()
        ));
    }
    let n = ty.coords() as usize;
    if args.len() != 2 + n {
        return Err(format!(
            "an {} takes an order, a channel type and {n} size{}: {form}",
            ty.cl_name(),
            if n == 1 { "" } else { "s" }
        ));
    }
    let names = |all: &mut dyn Iterator<Item = &'static str>| all.collect::<Vec<_>>().join(", ");
    let order = ChannelOrder::from_name(args[0]).ok_or_else(|| {
        format!(
            "`{}` is not a channel order (orders: {})",
            args[0],
            names(&mut ChannelOrder::ALL.iter().map(|o| o.name()))
        )
    })?;
    let ct = ChannelType::from_name(args[1]).ok_or_else(|| {
        format!(
            "`{}` is not a channel type (types: {})",
            args[1],
            names(&mut ChannelType::ALL.iter().map(|t| t.name()))
        )
    })?;
    let mut size = [1u64; 3];
    for (d, s) in args[2..].iter().enumerate() {
        size[d] = s
            .parse()
            .map_err(|_| format!("image size `{s}` is not a whole number"))?;
    }
    let format = ImageFormat { order, ty: ct };
    let bytes = Image::bytes_for(ty, format, size)?;
    if bytes > max_bytes {
        return Err(format!(
            "an image of {bytes} bytes exceeds the device's maximum buffer size of {max_bytes}"
        ));
    }
    let img = Image::new(ty, format, size)?;
    if let Some(list) = rest {
        let list = parse_list(list)?;
        let per_pixel = format.stored_values();
        let want_n = img.pixels() * per_pixel as u64;
        let got = list.len()?;
        if got != want_n {
            return Err(format!(
                "the image has {want_n} stored values ({} pixels of {per_pixel}), the list gives {got}",
                img.pixels(),
            ));
        }
        let mut bytes = Vec::new();
        list.encode(
            channel_scalar(ct),
            rng,
            want_n,
            "the image's channels",
            &mut bytes,
        )?;
        img.buf.write_bytes(0, &bytes).map_err(|e| e.to_string())?;
    }
    Ok(img)
}

/// The `CLK_*` bits of `NORMALIZED,ADDRESSING,FILTER`.
pub fn sampler_bits(text: &str) -> Result<u32, String> {
    let form = "a sampler is written CL_TRUE|CL_FALSE,CL_ADDRESS_<MODE>,CL_FILTER_<MODE>";
    let words: Vec<&str> = text.split(',').map(str::trim).collect();
    let [norm, addr, filt] = words.as_slice() else {
        return Err(form.to_string());
    };
    let norm = match *norm {
        "CL_TRUE" | "true" | "1" => sampler::NORMALIZED_COORDS_TRUE,
        "CL_FALSE" | "false" | "0" => sampler::NORMALIZED_COORDS_FALSE,
        w => return Err(format!("`{w}`: {form}")),
    };
    let addr = match *addr {
        "CL_ADDRESS_NONE" => sampler::ADDRESS_NONE,
        "CL_ADDRESS_CLAMP_TO_EDGE" => sampler::ADDRESS_CLAMP_TO_EDGE,
        "CL_ADDRESS_CLAMP" => sampler::ADDRESS_CLAMP,
        "CL_ADDRESS_REPEAT" => sampler::ADDRESS_REPEAT,
        "CL_ADDRESS_MIRRORED_REPEAT" => sampler::ADDRESS_MIRRORED_REPEAT,
        w => return Err(format!("`{w}`: {form}")),
    };
    let filt = match *filt {
        "CL_FILTER_NEAREST" => sampler::FILTER_NEAREST,
        "CL_FILTER_LINEAR" => sampler::FILTER_LINEAR,
        w => return Err(format!("`{w}`: {form}")),
    };
    let bits = norm | addr | filt;
    Sampler::decode(bits)?;
    Ok(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_values_are_stored_channels() {
        let mut rng = Rng::new(0);
        let img = make_image(
            "image2d(bgra,CL_UNORM_INT8,2,1),1,2,3,4,5,6,7,255",
            ImageType::Image2d,
            &mut rng,
            1 << 20,
        )
        .unwrap();
        assert_eq!(img.buf.read_bytes(), vec![1, 2, 3, 4, 5, 6, 7, 255]);
        // A packed pixel is one value, its word: 0xF81F is red and blue at full scale.
        let img = make_image(
            "image2d(RGBx,UNORM_SHORT_565,2,1),63519,31",
            ImageType::Image2d,
            &mut rng,
            1 << 20,
        )
        .unwrap();
        assert_eq!(img.buf.read_bytes(), vec![0x1F, 0xF8, 31, 0]);
        for (bad, why) in [
            ("image3d(R,FLOAT,1,1,1)", "takes an image2d_t"),
            ("image2d(R,FLOAT,2)", "2 sizes"),
            (
                "image2d(RGB,FLOAT,1,1)",
                "CL_RGB images cannot have CL_FLOAT",
            ),
            ("image2d(RGBQ,FLOAT,1,1)", "`RGBQ` is not a channel order"),
            (
                "image2d(R,cl_unorm_short_565,1,1)",
                "CL_R images cannot have CL_UNORM_SHORT_565",
            ),
            ("image2d(RGB,UNORM_SHORT_565,2,1),1,2,3", "2 pixels of 1"),
            ("image2d(BGRA,FLOAT,1,1)", "cannot have"),
            ("image2d(R,UNORM_INT8,2,1),1", "the list gives 1"),
            ("image2d(R,UNORM_INT8,1,1),256", "out of range"),
            ("image2d(R,FLOAT,0,1)", "between 1"),
        ] {
            let e = make_image(bad, ImageType::Image2d, &mut rng, 1 << 20).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn samplers_are_clcreatesampler_arguments() {
        assert_eq!(
            sampler_bits("CL_TRUE,CL_ADDRESS_REPEAT,CL_FILTER_LINEAR"),
            Ok(0x27)
        );
        assert_eq!(
            sampler_bits("CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST"),
            Ok(0x14)
        );
        assert!(sampler_bits("CL_FALSE,CL_ADDRESS_REPEAT,CL_FILTER_NEAREST").is_err());
        assert!(sampler_bits("CL_TRUE,CL_ADDRESS_CLAMP").is_err());
    }
}

/// The fuzz property of image and sampler arguments (target `oclc_values`, and
/// `image_arguments_never_panic` below): any text, for any image type, makes an image
/// of at most the given bound or an error, and any text makes sampler bits or an
/// error: never a panic, never an allocation sized by the text past the bound.
pub fn check_image_arg(data: &[u8]) {
    const BOUND: u64 = 1 << 16;
    let text = String::from_utf8_lossy(data);
    for ty in ImageType::ALL {
        if let Ok(img) = make_image(&text, ty, &mut Rng::new(1), BOUND) {
            assert!(img.pixels() * img.pixel_bytes() as u64 <= BOUND, "{text}");
        }
    }
    let _ = sampler_bits(&text);
}

#[cfg(test)]
mod fuzz_property {
    use super::*;

    #[test]
    fn image_arguments_never_panic() {
        let seeds = [
            "image2d(RGBA,UNORM_INT8,4,4),range(0,63)",
            "image3d(BGRA,FLOAT,4294967296,4294967296,2),repeat(18446744073709551615,1)",
            "image2d_array(R,HALF_FLOAT,16384,16384,2048),1e999",
            "image1d_buffer(CL_RGBA,CL_SIGNED_INT32,0),-1",
            "CL_TRUE,CL_ADDRESS_CLAMP,CL_FILTER_LINEAR",
        ];
        let alphabet = b"0123456789,()-+.eximagdRGBAUNORM_INT8CLTRUE ";
        let mut r = kauai_testkit::Rng::new(0x1_3A6E);
        for seed in seeds {
            check_image_arg(seed.as_bytes());
            for _ in 0..300 {
                let b = kauai_testkit::mutate::bytes(&mut r, seed.as_bytes(), alphabet);
                check_image_arg(&b);
            }
        }
    }
}
