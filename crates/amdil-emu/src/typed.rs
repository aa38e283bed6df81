//! Typed UAVs (`dcl_uav_id(n)_type(..)_fmtx(..)`, `uav_load` / `uav_store`): memory seen
//! as elements of an image format, addressed by integer coordinates. This is how AMD IL
//! writes images (the historical backend declares write-only images as typed UAVs). The
//! runtime binds each id to a region of global memory with a format ([`TypedUav`]).
//!
//! Conversions follow OpenCL's image rules: loads give 4 lanes (missing channels are
//! 0, 0 and 1 for alpha: 1.0 for float formats, 1 for integer ones); stores convert with
//! saturation, normalized formats with round-to-nearest-even (`convert_uchar_sat_rte(x *
//! 255.0f)` for unorm8).

use crate::alu::{f16_to_f32, f32_to_f16};
use crate::{FaultKind, Memory};

/// How one channel is stored.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChannelType {
    Unorm8,
    Unorm16,
    Snorm8,
    Snorm16,
    Uint8,
    Uint16,
    Uint32,
    Sint8,
    Sint16,
    Sint32,
    Half,
    Float,
}

impl ChannelType {
    pub fn bytes(self) -> u32 {
        match self {
            ChannelType::Unorm8 | ChannelType::Snorm8 | ChannelType::Uint8 | ChannelType::Sint8 => {
                1
            }
            ChannelType::Unorm16
            | ChannelType::Snorm16
            | ChannelType::Uint16
            | ChannelType::Sint16
            | ChannelType::Half => 2,
            ChannelType::Uint32 | ChannelType::Sint32 | ChannelType::Float => 4,
        }
    }

    /// Whether the kernel sees integers (`_fmtx(uint)` / `_fmtx(sint)`) rather than floats.
    pub fn integer(self) -> bool {
        matches!(
            self,
            ChannelType::Uint8
                | ChannelType::Uint16
                | ChannelType::Uint32
                | ChannelType::Sint8
                | ChannelType::Sint16
                | ChannelType::Sint32
        )
    }

    /// Parse a short name: `unorm8`, `snorm16`, `uint32`, `sint8`, `half`, `float`, ...
    pub fn from_name(s: &str) -> Option<ChannelType> {
        Some(match s {
            "unorm8" => ChannelType::Unorm8,
            "unorm16" => ChannelType::Unorm16,
            "snorm8" => ChannelType::Snorm8,
            "snorm16" => ChannelType::Snorm16,
            "uint8" => ChannelType::Uint8,
            "uint16" => ChannelType::Uint16,
            "uint32" => ChannelType::Uint32,
            "sint8" => ChannelType::Sint8,
            "sint16" => ChannelType::Sint16,
            "sint32" => ChannelType::Sint32,
            "half" => ChannelType::Half,
            "float" => ChannelType::Float,
            _ => return None,
        })
    }

    fn decode(self, raw: u32) -> u32 {
        let f = |x: f32| x.to_bits();
        match self {
            ChannelType::Unorm8 => f(raw as u8 as f32 / 255.0),
            ChannelType::Unorm16 => f(raw as u16 as f32 / 65535.0),
            ChannelType::Snorm8 => f((raw as u8 as i8 as f32 / 127.0).max(-1.0)),
            ChannelType::Snorm16 => f((raw as u16 as i16 as f32 / 32767.0).max(-1.0)),
            ChannelType::Uint8 => raw & 0xFF,
            ChannelType::Uint16 => raw & 0xFFFF,
            ChannelType::Sint8 => raw as u8 as i8 as i32 as u32,
            ChannelType::Sint16 => raw as u16 as i16 as i32 as u32,
            ChannelType::Uint32 | ChannelType::Sint32 | ChannelType::Float => raw,
            ChannelType::Half => f(f16_to_f32(raw as u16)),
        }
    }

    fn encode(self, lane: u32) -> u32 {
        // Round to nearest even, saturate, NaN to 0 (`convert_*_sat_rte`).
        let norm = |x: f32, scale: f32, lo: f32, hi: f32| -> i64 {
            let v = (x * scale).round_ties_even();
            if v.is_nan() {
                0
            } else {
                v.clamp(lo, hi) as i64
            }
        };
        let fl = f32::from_bits(lane);
        match self {
            ChannelType::Unorm8 => norm(fl, 255.0, 0.0, 255.0) as u32,
            ChannelType::Unorm16 => norm(fl, 65535.0, 0.0, 65535.0) as u32,
            ChannelType::Snorm8 => norm(fl, 127.0, -128.0, 127.0) as u32 & 0xFF,
            ChannelType::Snorm16 => norm(fl, 32767.0, -32768.0, 32767.0) as u32 & 0xFFFF,
            ChannelType::Uint8 => lane.min(0xFF),
            ChannelType::Uint16 => lane.min(0xFFFF),
            ChannelType::Sint8 => (lane as i32).clamp(-128, 127) as u32 & 0xFF,
            ChannelType::Sint16 => (lane as i32).clamp(-32768, 32767) as u32 & 0xFFFF,
            ChannelType::Uint32 | ChannelType::Sint32 | ChannelType::Float => lane,
            ChannelType::Half => f32_to_f16(fl) as u32,
        }
    }
}

/// A typed UAV binding: UAV `id` is the image at byte `offset` of global memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedUav {
    pub id: u32,
    pub offset: u32,
    /// Channels per element, 1 to 4 (R, RG, RGB, RGBA).
    pub channels: u32,
    pub channel_type: ChannelType,
    /// Width, height, depth in elements (1 for unused dimensions).
    pub size: [u32; 3],
    /// Bytes between rows and between slices; 0 means packed.
    pub row_pitch: u32,
    pub slice_pitch: u32,
}

impl TypedUav {
    pub fn element_bytes(&self) -> u32 {
        self.channels.clamp(1, 4) * self.channel_type.bytes()
    }

    /// The byte address of element `coord` (`dims` coordinates are used).
    fn address(&self, coord: [u32; 4], dims: usize) -> Result<i64, FaultKind> {
        let eb = self.element_bytes() as i64;
        let row = if self.row_pitch == 0 {
            eb * self.size[0] as i64
        } else {
            self.row_pitch as i64
        };
        let slice = if self.slice_pitch == 0 {
            row * self.size[1] as i64
        } else {
            self.slice_pitch as i64
        };
        let mut c = [0i64; 3];
        for d in 0..dims.min(3) {
            let v = coord[d] as i32 as i64;
            if v < 0 || v >= self.size[d] as i64 {
                return Err(FaultKind::OutOfImage {
                    id: self.id,
                    dim: d,
                    coord: v,
                    size: self.size[d],
                });
            }
            c[d] = v;
        }
        Ok(self.offset as i64 + c[2] * slice + c[1] * row + c[0] * eb)
    }

    /// `uav_load`: the element at `coord` as 4 lanes.
    pub fn load(&self, mem: &Memory, coord: [u32; 4], dims: usize) -> Result<[u32; 4], FaultKind> {
        let at = self.address(coord, dims)?;
        let cb = self.channel_type.bytes() as usize;
        let one = if self.channel_type.integer() {
            1
        } else {
            1.0f32.to_bits()
        };
        let mut v = [0, 0, 0, one];
        for (k, lane) in v
            .iter_mut()
            .enumerate()
            .take(self.channels.clamp(1, 4) as usize)
        {
            let raw = mem.load_n("typed uav", at + (k * cb) as i64, cb)?;
            *lane = self.channel_type.decode(raw);
        }
        Ok(v)
    }

    /// `uav_store`: write the channels of `val` at `coord`.
    pub fn store(
        &self,
        mem: &mut Memory,
        coord: [u32; 4],
        dims: usize,
        val: [u32; 4],
    ) -> Result<(), FaultKind> {
        let at = self.address(coord, dims)?;
        let cb = self.channel_type.bytes() as usize;
        for (k, lane) in val
            .iter()
            .enumerate()
            .take(self.channels.clamp(1, 4) as usize)
        {
            let raw = self.channel_type.encode(*lane);
            mem.store_n("typed uav", at + (k * cb) as i64, cb, raw)?;
        }
        Ok(())
    }
}

/// The number of coordinates of a `_type(..)` of `dcl_uav_id`.
pub fn dims_of_type(t: &str) -> Option<usize> {
    Some(match t {
        "buffer" | "1d" => 1,
        "2d" | "1darray" => 2,
        "3d" | "2darray" => 3,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_follow_the_opencl_rules() {
        // Written from the OpenCL rules, not from this code: 0.5 * 255 = 127.5 rounds to
        // even 128; -0.25 * 127 = -31.75 rounds to -32 (0xE0); 300 saturates to 255.
        assert_eq!(ChannelType::Unorm8.encode(0.5f32.to_bits()), 128);
        assert_eq!(ChannelType::Unorm8.encode(2.0f32.to_bits()), 255);
        assert_eq!(ChannelType::Unorm8.encode(f32::NAN.to_bits()), 0);
        assert_eq!(ChannelType::Snorm8.encode((-0.25f32).to_bits()), 0xE0);
        assert_eq!(ChannelType::Uint8.encode(300), 255);
        assert_eq!(ChannelType::Sint16.encode((-40000i32) as u32), 0x8000);
        assert_eq!(ChannelType::Half.encode(1.5f32.to_bits()), 0x3E00);
        assert_eq!(f32::from_bits(ChannelType::Unorm8.decode(51)), 0.2);
        assert_eq!(f32::from_bits(ChannelType::Snorm8.decode(0x80)), -1.0);
        assert_eq!(ChannelType::Sint8.decode(0xFE), (-2i32) as u32);
    }

    #[test]
    fn missing_channels_read_as_0_0_1() {
        let u = TypedUav {
            id: 1,
            offset: 0,
            channels: 1,
            channel_type: ChannelType::Uint8,
            size: [2, 1, 1],
            row_pitch: 0,
            slice_pitch: 0,
        };
        let mem = Memory {
            global: vec![7, 9],
            ..Memory::default()
        };
        assert_eq!(u.load(&mem, [1, 0, 0, 0], 1), Ok([9, 0, 0, 1]));
        assert!(u.load(&mem, [2, 0, 0, 0], 1).is_err());
    }
}
