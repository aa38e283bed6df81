//! The runtime ABI of docs/spec/amd-runtime-abi.md ("cb0: the reserved locations", "Kernel arguments in cb1"): what the runtime writes into the two
//! reserved constant buffers before a dispatch.
//!
//! - **cb0** holds the reserved locations: sizes, group counts, private and local ring
//!   offsets, the 0.0/0.5/1.0/2.0 constants, global and group offsets, the data segment
//!   and printf buffer. [`cb0_ndrange`] and [`cb0_task`] build it for
//!   `clEnqueueNDRangeKernel` and `clEnqueueTask`.
//! - **cb1** holds the kernel arguments at the offsets the metadata gives (`;value`,
//!   `;pointer`, `;image`, `;counter`, `;sampler` lines). [`Cb1Builder`] places values
//!   by the rules of docs/spec/amd-runtime-abi.md#kernel-arguments-in-cb1: scalars unmodified, 64-bit values low word in x, vectors of 8
//!   and 16-bit elements packed with every 4 components starting a new 16-byte slot,
//!   structs rounded up to 16 bytes, pointers as offsets into their memory space, images
//!   in two slots (7XX or 8XX layout).
//!
//! The historical backend places arguments in cb1 from offset 0 (the metadata says so);
//! the 2009 text's "start at byte 96" describes an older cb0 layout (docs/spec/amd-runtime-abi.md#where-kauai-departs-from-the-2009-text). We follow the metadata.

use thiserror::Error;

use crate::metadata::{KernelMetadata, MdEntry, Memory};

/// Number of 16-byte slots in cb0 that the runtime fills (`cb0[0]` .. `cb0[8]`).
pub const CB0_SLOTS: usize = 9;

/// The printf buffer's header (at `cb0[8].y`), shaped as ROCm's (`OFFSET 8` of the
/// device library's `__printf_alloc`): records start at this byte, so a reader that
/// follows ROCm's (the used byte count in the first word, records from byte 8) reads
/// kauai buffers too. Word 0 ([`PRINTF_USED`]) counts the record bytes written after the
/// header; word 1 ([`PRINTF_DROPPED`]) counts the printf calls whose record did not
/// fit, where ROCm keeps the buffer size (kauai kernels read it from `cb0[8].z`, the
/// ABI's place). Both start at 0.
pub const PRINTF_HEADER_BYTES: u32 = 8;
/// Byte offset in the printf buffer of the count of record bytes written.
pub const PRINTF_USED: u32 = 0;
/// Byte offset in the printf buffer of the count of dropped printf calls.
pub const PRINTF_DROPPED: u32 = 4;

/// Values of cb0 that are not derived from the launch sizes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cb0Params {
    /// `cb0[3].x`: offset of the private memory ring (0 when not emulated).
    pub private_ring_offset: u32,
    /// `cb0[3].y`: private bytes per work-item.
    pub private_per_item: u32,
    /// `cb0[4].x`: offset of the local memory ring (0 when not emulated).
    pub local_ring_offset: u32,
    /// `cb0[4].y`: local bytes per group.
    pub local_per_group: u32,
    /// `cb0[4].w`: where the math library tables start in the global buffer.
    pub math_tables: u32,
    /// `cb0[6].xyz`: global offset of the launch.
    pub global_offset: [u32; 3],
    /// `cb0[7].xyz`: group offset of the launch (when a dispatch is split).
    pub group_offset: [u32; 3],
    /// `cb0[8].x`: offset of the data segment in the global buffer.
    pub data_segment: u32,
    /// `cb0[8].y` / `cb0[8].z`: printf buffer offset and size.
    pub printf_offset: u32,
    pub printf_size: u32,
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum AbiError {
    #[error("work_dim must be 1, 2 or 3, not {0}")]
    WorkDim(u32),
    #[error("local size {local} does not divide global size {global} in dimension {dim}")]
    Uneven { dim: usize, global: u32, local: u32 },
    #[error("local size must not be 0 (dimension {0})")]
    ZeroLocal(usize),
    #[error("argument `{name}`: {msg}")]
    Arg { name: String, msg: String },
    #[error("no metadata for argument `{0}`")]
    UnknownArg(String),
}

fn flat(v: [u32; 3], size: [u32; 3]) -> u32 {
    v[0].wrapping_add(v[1].wrapping_mul(size[0]))
        .wrapping_add(v[2].wrapping_mul(size[0]).wrapping_mul(size[1]))
}

fn f(v: f32) -> u32 {
    v.to_bits()
}

/// cb0 for `clEnqueueNDRangeKernel`, as 4 x `CB0_SLOTS` dwords. Unused dimensions of
/// `global`/`local` must be 1. The flat offsets (`cb0[6].w`, `cb0[7].w`) are the linearised
/// x + y*X + z*X*Y of the offsets over the global (resp. group-count) sizes.
pub fn cb0_ndrange(
    work_dim: u32,
    global: [u32; 3],
    local: [u32; 3],
    p: &Cb0Params,
) -> Result<[u32; 4 * CB0_SLOTS], AbiError> {
    if !(1..=3).contains(&work_dim) {
        return Err(AbiError::WorkDim(work_dim));
    }
    let mut groups = [1u32; 3];
    for d in 0..3 {
        if local[d] == 0 {
            return Err(AbiError::ZeroLocal(d));
        }
        if !global[d].is_multiple_of(local[d]) {
            return Err(AbiError::Uneven {
                dim: d,
                global: global[d],
                local: local[d],
            });
        }
        groups[d] = global[d] / local[d];
    }
    Ok([
        global[0],
        global[1],
        global[2],
        work_dim,
        local[0],
        local[1],
        local[2],
        0,
        groups[0],
        groups[1],
        groups[2],
        0,
        p.private_ring_offset,
        p.private_per_item,
        0,
        0,
        p.local_ring_offset,
        p.local_per_group,
        0,
        p.math_tables,
        f(0.0),
        f(0.5),
        f(1.0),
        f(2.0),
        p.global_offset[0],
        p.global_offset[1],
        p.global_offset[2],
        flat(p.global_offset, global),
        p.group_offset[0],
        p.group_offset[1],
        p.group_offset[2],
        flat(p.group_offset, groups),
        p.data_segment,
        p.printf_offset,
        p.printf_size,
        0,
    ])
}

/// cb0 for `clEnqueueTask`: one work-item, work_dim 0, sizes and group counts 1.
pub fn cb0_task(p: &Cb0Params) -> [u32; 4 * CB0_SLOTS] {
    let mut c = [0u32; 4 * CB0_SLOTS];
    c[..12].copy_from_slice(&[1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0]);
    c[12] = p.private_ring_offset;
    c[13] = p.private_per_item;
    c[16] = p.local_ring_offset;
    c[17] = p.local_per_group;
    c[19] = p.math_tables;
    c[20..24].copy_from_slice(&[f(0.0), f(0.5), f(1.0), f(2.0)]);
    c[24..27].copy_from_slice(&p.global_offset);
    c[28..31].copy_from_slice(&p.group_offset);
    c[32] = p.data_segment;
    c[33] = p.printf_offset;
    c[34] = p.printf_size;
    c
}

/// Element size in bytes of a metadata type name.
pub fn type_size(ty: &str) -> Option<u32> {
    Some(match ty {
        "i1" | "i32" | "u32" | "float" | "event" | "opaque" | "sampler" => 4,
        "i8" | "u8" => 1,
        "i16" | "u16" | "half" => 2,
        "i64" | "u64" | "double" => 8,
        "struct" | "union" => 1,
        _ => return None,
    })
}

/// Image description written into an image argument's two slots.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ImageDesc {
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    pub data_type: u32,
    pub channel_order: u32,
    pub row_pitch: u32,
    pub slice_pitch: u32,
    /// 7XX only: the image's offset.
    pub offset: u32,
}

/// Which image layout of docs/spec/amd-runtime-abi.md#images to use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ImageLayout {
    R7xx,
    R8xx,
}

/// The 32 bytes of an image argument.
pub fn image_slots(d: &ImageDesc, layout: ImageLayout) -> [u32; 8] {
    let depth = d.depth.max(1);
    match layout {
        ImageLayout::R7xx => [
            d.width,
            d.height,
            depth,
            d.offset,
            d.data_type,
            d.channel_order,
            d.row_pitch,
            d.slice_pitch,
        ],
        ImageLayout::R8xx => [
            d.width,
            d.height,
            depth,
            d.data_type,
            f(1.0 / d.width.max(1) as f32),
            f(1.0 / d.height.max(1) as f32),
            f(1.0 / depth as f32),
            d.channel_order,
        ],
    }
}

/// Sampler bit fields in `;sampler:` lines are the AMD runtime's (`amd::Sampler`, which
/// "must match the compiler's defines"): normalized coordinates 1, filters 0x10/0x20 as in
/// OpenCL C, but the addressing modes numbered repeat 2, clamp-to-edge 4, clamp 6,
/// mirrored repeat 8, where OpenCL C's headers (and Kauai everywhere else) use
/// clamp-to-edge 2, clamp 4, repeat 6, mirrored repeat 8. The AMD compiler's copy kernels
/// say `;sampler:unknown_22:0:1:22`: unnormalized, clamp, nearest.
const AMD_SAMPLER_ADDRESS: [(u32, u32); 5] = [
    // (OpenCL C, AMD)
    (0, 0), // none
    (2, 4), // clamp to edge
    (4, 6), // clamp
    (6, 2), // repeat
    (8, 8), // mirrored repeat
];

/// The addressing-mode bits of a sampler bit field.
const SAMPLER_ADDRESS_MASK: u32 = 0xE;

fn map_sampler_address(bits: u32, from_amd: bool) -> u32 {
    let a = bits & SAMPLER_ADDRESS_MASK;
    let mapped = AMD_SAMPLER_ADDRESS
        .iter()
        .find(|&&(cl, amd)| if from_amd { amd == a } else { cl == a })
        .map_or(a, |&(cl, amd)| if from_amd { cl } else { amd });
    (bits & !SAMPLER_ADDRESS_MASK) | mapped
}

/// A `;sampler:` value (AMD's bits) as OpenCL C's `CLK_*` bits.
pub fn sampler_from_amd(bits: u32) -> u32 {
    map_sampler_address(bits, true)
}

/// OpenCL C's `CLK_*` bits as a `;sampler:` value (AMD's bits).
pub fn sampler_to_amd(bits: u32) -> u32 {
    map_sampler_address(bits, false)
}

/// Builds the bytes of cb1 from kernel argument values and the kernel's metadata.
#[derive(Clone, Debug, Default)]
pub struct Cb1Builder {
    pub bytes: Vec<u8>,
}

impl Cb1Builder {
    pub fn new() -> Cb1Builder {
        Cb1Builder::default()
    }

    fn put(&mut self, at: usize, data: &[u8]) {
        let end = (at + data.len()).next_multiple_of(16);
        if self.bytes.len() < end {
            self.bytes.resize(end, 0);
        }
        self.bytes[at..at + data.len()].copy_from_slice(data);
    }

    /// A `;value` argument: `data` is the argument's bytes in C layout (little-endian
    /// elements, vectors component after component, structs as their bytes).
    pub fn value(&mut self, arg: &crate::metadata::ValueArg, data: &[u8]) -> Result<(), AbiError> {
        let err = |msg: String| AbiError::Arg {
            name: arg.name.clone(),
            msg,
        };
        let es =
            type_size(&arg.ty).ok_or_else(|| err(format!("unknown type `{}`", arg.ty)))? as usize;
        let base = arg.offset as usize;
        if arg.ty == "struct" || arg.ty == "union" {
            if data.len() != arg.num as usize {
                return Err(err(format!(
                    "expected {} bytes, got {}",
                    arg.num,
                    data.len()
                )));
            }
            // Structs take their size rounded up to 16 bytes; `put` pads to the slot.
            self.put(base, data);
            return Ok(());
        }
        let n = arg.num as usize;
        // A 3-component vector may come with or without its 4th (padding) component.
        let ok_len = data.len() == n * es || (n == 3 && data.len() == 4 * es);
        if !ok_len {
            return Err(err(format!(
                "expected {} bytes, got {}",
                n * es,
                data.len()
            )));
        }
        if arg.ty == "i1" {
            let v = u32::from_le_bytes([data[0], data[1], data[2], data[3]]) & 1;
            self.put(base, &v.to_le_bytes());
            return Ok(());
        }
        if es < 4 && n > 4 {
            // Packed, but every 4 components start a new 16-byte slot.
            for (k, chunk) in data.chunks(4 * es).enumerate() {
                self.put(base + 16 * k, chunk);
            }
        } else {
            self.put(base, data);
        }
        Ok(())
    }

    /// A pointer argument: its offset in its memory space.
    pub fn pointer(&mut self, arg: &crate::metadata::PointerArg, offset: u32) {
        self.put(arg.offset as usize, &offset.to_le_bytes());
    }

    pub fn image(&mut self, arg: &crate::metadata::ImageArg, d: &ImageDesc, layout: ImageLayout) {
        let s = image_slots(d, layout);
        let bytes: Vec<u8> = s.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.put(arg.offset as usize, &bytes);
    }

    pub fn counter(&mut self, arg: &crate::metadata::CounterArg, offset: u32) {
        self.put(arg.offset as usize, &offset.to_le_bytes());
    }

    /// The finished buffer as dwords.
    pub fn dwords(&self) -> Vec<u32> {
        self.bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }
}

/// Where the `__local` pointer arguments of one launch live.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LocalArgs {
    /// `(argument name, offset)` in argument order: the pointer values for cb1.
    pub offsets: Vec<(String, u32)>,
    /// Bytes of hardware local memory (LDS) the group needs: `;memory:hwlocal` plus the
    /// `hl` arguments.
    pub hw_total: u32,
    /// Bytes of emulated local memory per group (the local ring of `cb0[4]`):
    /// `;memory:local` plus the `l` arguments.
    pub emulated_total: u32,
}

/// Offsets for `__local` pointer arguments. By docs/spec/amd-runtime-abi.md#private-and-local-memory they
/// start after the local memory the compiler reported, `;memory:hwlocal` for hardware
/// (`hl`) pointers and `;memory:local` for emulated (`l`) ones, each aligned to the
/// pointer's data alignment (at least 4), in argument order. `sizes` gives each local
/// argument's size in bytes by name.
pub fn local_arg_offsets(
    md: &KernelMetadata,
    sizes: &[(String, u32)],
) -> Result<LocalArgs, AbiError> {
    let mut hw = md.memory_total(|m| match m {
        Memory::HwLocal(n) => Some(*n),
        _ => None,
    });
    let mut emulated = md.memory_total(|m| match m {
        Memory::Local(n) => Some(*n),
        _ => None,
    });
    let mut offsets = Vec::new();
    for e in &md.entries {
        if let MdEntry::Pointer(p) = e {
            let at = match p.mem.as_str() {
                "hl" => &mut hw,
                "l" => &mut emulated,
                _ => continue,
            };
            let size = sizes
                .iter()
                .find(|(n, _)| *n == p.name)
                .map(|(_, s)| *s)
                .ok_or_else(|| AbiError::UnknownArg(p.name.clone()))?;
            let align = p.align.clamp(4, 1 << 16);
            let start = at
                .checked_next_multiple_of(align)
                .ok_or_else(|| AbiError::Arg {
                    name: p.name.clone(),
                    msg: "local memory offsets overflow 32 bits".into(),
                })?;
            offsets.push((p.name.clone(), start));
            *at = start.checked_add(size).ok_or_else(|| AbiError::Arg {
                name: p.name.clone(),
                msg: "local memory offsets overflow 32 bits".into(),
            })?;
        }
    }
    Ok(LocalArgs {
        offsets,
        hw_total: hw,
        emulated_total: emulated,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metadata::{parse_entry, ValueArg};

    #[test]
    fn sampler_values_use_amds_addressing_numbers() {
        // The AMD copy kernels' 22 (0x16): nearest, clamp, unnormalized; OpenCL C's
        // CLK_FILTER_NEAREST | CLK_ADDRESS_CLAMP is 0x14.
        assert_eq!(sampler_from_amd(22), 0x14);
        // CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR = 0x27 is
        // AMD's 0x23; clamp-to-edge nearest unnormalized 0x12 is AMD's 0x14.
        assert_eq!(sampler_to_amd(0x27), 0x23);
        assert_eq!(sampler_to_amd(0x12), 0x14);
        for bits in 0..0x40 {
            assert_eq!(sampler_from_amd(sampler_to_amd(bits)), bits, "{bits:#x}");
        }
    }

    fn value(line: &str) -> ValueArg {
        match parse_entry(line) {
            Ok(MdEntry::Value(v)) => v,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn cb0_ndrange_matches_the_seed_table() {
        let p = Cb0Params {
            private_ring_offset: 0x100,
            private_per_item: 16,
            local_ring_offset: 0x200,
            local_per_group: 256,
            math_tables: 0x300,
            global_offset: [1, 2, 3],
            group_offset: [0, 0, 0],
            data_segment: 0x400,
            printf_offset: 0x500,
            printf_size: 0x600,
        };
        let c = cb0_ndrange(2, [64, 8, 1], [16, 4, 1], &p).unwrap();
        // cb0[0]: global sizes and work_dim; cb0[1]: local sizes, 0; cb0[2]: groups, 0.
        assert_eq!(&c[0..12], &[64, 8, 1, 2, 16, 4, 1, 0, 4, 2, 1, 0]);
        // cb0[3]: private ring, per item, 0, 0; cb0[4]: local ring, per group, 0, math.
        assert_eq!(&c[12..20], &[0x100, 16, 0, 0, 0x200, 256, 0, 0x300]);
        // cb0[5]: 0.0, 0.5, 1.0, 2.0 as IEEE bits.
        assert_eq!(&c[20..24], &[0, 0x3F00_0000, 0x3F80_0000, 0x4000_0000]);
        // cb0[6]: global offset and its flat form 1 + 2*64 + 3*64*8.
        assert_eq!(&c[24..28], &[1, 2, 3, 1 + 2 * 64 + 3 * 64 * 8]);
        // cb0[8]: data segment, printf offset and size.
        assert_eq!(&c[32..35], &[0x400, 0x500, 0x600]);
        assert_eq!(
            cb0_ndrange(1, [10, 1, 1], [4, 1, 1], &p),
            Err(AbiError::Uneven {
                dim: 0,
                global: 10,
                local: 4
            })
        );
        assert_eq!(
            cb0_ndrange(4, [1; 3], [1; 3], &p),
            Err(AbiError::WorkDim(4))
        );
    }

    #[test]
    fn cb0_task_is_one_work_item() {
        let c = cb0_task(&Cb0Params::default());
        assert_eq!(&c[0..12], &[1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0]);
        assert_eq!(&c[20..24], &[0, 0x3F00_0000, 0x3F80_0000, 0x4000_0000]);
    }

    #[test]
    fn scalar_and_64bit_values() {
        let mut b = Cb1Builder::new();
        b.value(&value("value:x:float:1:1:0"), &1.5f32.to_le_bytes())
            .unwrap();
        b.value(
            &value("value:l:i64:1:1:16"),
            &0x1122_3344_5566_7788u64.to_le_bytes(),
        )
        .unwrap();
        // Sub-32-bit scalars are not extended: only the first byte is written.
        b.value(&value("value:c:i8:1:1:32"), &[0xFE]).unwrap();
        let d = b.dwords();
        assert_eq!(d[0], 1.5f32.to_bits());
        assert_eq!(
            (d[4], d[5]),
            (0x5566_7788, 0x1122_3344),
            "low word in x, high in y"
        );
        assert_eq!(d[8], 0xFE);
        assert_eq!(d.len(), 12);
    }

    #[test]
    fn bool_is_masked_to_one_bit() {
        let mut b = Cb1Builder::new();
        b.value(&value("value:b:i1:1:1:0"), &0xFFu32.to_le_bytes())
            .unwrap();
        assert_eq!(b.dwords()[0], 1);
    }

    #[test]
    fn vectors_over_128_bits_take_consecutive_slots() {
        let mut b = Cb1Builder::new();
        let data: Vec<u8> = (0..8u32).flat_map(|v| (v as f32).to_le_bytes()).collect();
        b.value(&value("value:v:float:8:1:0"), &data).unwrap();
        let d = b.dwords();
        assert_eq!(d.len(), 8, "float8 takes 2 slots");
        assert_eq!(d[5], 5.0f32.to_bits());
        let mut b = Cb1Builder::new();
        let data: Vec<u8> = (0..8u64).flat_map(|v| v.to_le_bytes()).collect();
        b.value(&value("value:v:i64:8:1:0"), &data).unwrap();
        assert_eq!(b.dwords().len(), 16, "long8 takes 4 slots");
    }

    #[test]
    fn small_vectors_pack_four_components_per_slot() {
        let mut b = Cb1Builder::new();
        b.value(&value("value:c:i8:2:1:0"), &[1, 2]).unwrap();
        assert_eq!(b.dwords()[0], 0x0201, "char2 packed in the first 16 bits");
        let mut b = Cb1Builder::new();
        b.value(&value("value:c:i8:8:1:0"), &[1, 2, 3, 4, 5, 6, 7, 8])
            .unwrap();
        let d = b.dwords();
        assert_eq!(d[0], 0x0403_0201);
        assert_eq!(d[4], 0x0807_0605, "components 4..8 start the next slot");
        let mut b = Cb1Builder::new();
        let data: Vec<u8> = (1..=8u16).flat_map(|v| v.to_le_bytes()).collect();
        b.value(&value("value:s:i16:8:1:0"), &data).unwrap();
        let d = b.dwords();
        assert_eq!((d[0], d[1]), (0x0002_0001, 0x0004_0003));
        assert_eq!((d[4], d[5]), (0x0006_0005, 0x0008_0007));
    }

    #[test]
    fn structs_round_up_to_16_bytes() {
        let mut b = Cb1Builder::new();
        b.value(&value("value:s:struct:20:1:0"), &[7u8; 20])
            .unwrap();
        assert_eq!(b.bytes.len(), 32);
        assert!(b
            .value(&value("value:s:struct:20:1:0"), &[7u8; 19])
            .is_err());
    }

    #[test]
    fn images_use_two_slots_in_both_layouts() {
        let d = ImageDesc {
            width: 4,
            height: 2,
            depth: 0,
            data_type: 7,
            channel_order: 9,
            row_pitch: 16,
            slice_pitch: 32,
            offset: 64,
        };
        assert_eq!(
            image_slots(&d, ImageLayout::R7xx),
            [4, 2, 1, 64, 7, 9, 16, 32]
        );
        assert_eq!(
            image_slots(&d, ImageLayout::R8xx),
            [
                4,
                2,
                1,
                7,
                0.25f32.to_bits(),
                0.5f32.to_bits(),
                1.0f32.to_bits(),
                9
            ]
        );
    }

    #[test]
    fn local_pointers_go_after_compiler_local_memory() {
        // The simple_rw_mix_local example of docs/spec/amd-runtime-abi.md#private-and-local-memory: `__local int e[64]` is reported (256 bytes),
        // so the `__local int* d` argument must start at 256.
        let text = ";ARGSTART:__OpenCL_simple_rw_mix_local_kernel\n;memory:hwlocal:256\n;pointer:a:i32:1:1:0:uav:12:8\n;value:offset:i32:1:1:16\n;pointer:d:i32:1:1:32:hl:1:4\n;ARGEND:__OpenCL_simple_rw_mix_local_kernel\n";
        let mut diags = kauai_diag::Diagnostics::new();
        let md = crate::metadata::parse_metadata_str(text, kauai_diag::FileId(0), &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        let l = local_arg_offsets(&md.kernels[0], &[("d".to_string(), 64 * 4)]).unwrap();
        assert_eq!(l.offsets, vec![("d".to_string(), 256)]);
        assert_eq!((l.hw_total, l.emulated_total), (512, 0));
    }

    #[test]
    fn emulated_local_pointers_go_after_the_emulated_local_size() {
        // `l` pointers live in the local ring after `;memory:local`; `hl` ones in LDS after
        // `;memory:hwlocal`; each aligned to its data alignment.
        let text = ";ARGSTART:k\n;memory:hwlocal:20\n;memory:local:36\n;pointer:a:i32:1:1:0:l:0:4\n;pointer:b:double:1:1:16:hl:1:8\n;pointer:c:i8:1:1:32:l:0:1\n;ARGEND:k\n";
        let mut diags = kauai_diag::Diagnostics::new();
        let md = crate::metadata::parse_metadata_str(text, kauai_diag::FileId(0), &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        let sizes = [
            ("a".to_string(), 10),
            ("b".to_string(), 16),
            ("c".to_string(), 3),
        ];
        let l = local_arg_offsets(&md.kernels[0], &sizes).unwrap();
        // a: 36 -> 36..46; b: 20 -> 24..40; c: 46 -> 48..51 (alignment at least 4).
        assert_eq!(
            l.offsets,
            vec![
                ("a".to_string(), 36),
                ("b".to_string(), 24),
                ("c".to_string(), 48)
            ]
        );
        assert_eq!((l.hw_total, l.emulated_total), (40, 51));
        assert_eq!(
            local_arg_offsets(&md.kernels[0], &sizes[..1]),
            Err(AbiError::UnknownArg("b".into()))
        );
    }
}
