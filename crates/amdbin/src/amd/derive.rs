//! The configuration that regenerates a raw kernel's metadata, header and CAL notes
//! exactly (a disassembler's `-C` form): read from the metadata text and the PROGINFO
//! note, then checked by generating the blobs again and comparing.

use super::gen::V1348;
use super::model::{
    note, AmdArg, AmdArgKind, AmdInput, AmdKernelConfig, AmdKernelContent, CalNote, UserData,
};
use super::writer::kernel_blobs;
use super::AmdError;
use crate::config::{AddressSpace, Elem, ImageAccess, ImageType, Pointee, ValueType};

fn no(msg: impl Into<String>) -> AmdError {
    AmdError::NotDerivable(msg.into())
}

fn num(s: &str) -> Result<u32, AmdError> {
    s.parse()
        .map_err(|_| no(format!("'{s}' is not a number in the metadata")))
}

fn words(d: &[u8]) -> Vec<u32> {
    d.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// A metadata element type name: the element and its size.
fn elem_of(t: &str) -> Result<(Elem, u32), AmdError> {
    Ok(match t {
        "u8" => (Elem::UChar, 1),
        "i8" => (Elem::Char, 1),
        "u16" => (Elem::UShort, 2),
        "i16" => (Elem::Short, 2),
        "u32" => (Elem::UInt, 4),
        "i32" => (Elem::Int, 4),
        "u64" => (Elem::ULong, 8),
        "i64" => (Elem::Long, 8),
        "float" => (Elem::Float, 4),
        "double" => (Elem::Double, 8),
        _ => return Err(no(format!("unknown type '{t}'"))),
    })
}

/// A metadata element type name as a value type of `bytes` bytes in all.
fn value_of(t: &str, bytes: u32) -> Result<ValueType, AmdError> {
    let (elem, size) = elem_of(t)?;
    let len = bytes / size;
    if !matches!(len, 1..=4 | 8 | 16) || len * size != bytes {
        return Err(no(format!("a {t} vector of {bytes} bytes")));
    }
    Ok(ValueType {
        elem,
        len: len as u8,
    })
}

/// The configuration of raw kernel `index`, or why there is none.
pub fn derive_config(input: &AmdInput, index: usize) -> Result<AmdKernelConfig, AmdError> {
    let k = input
        .kernels
        .get(index)
        .ok_or_else(|| AmdError::Invalid(format!("no kernel {index}")))?;
    let AmdKernelContent::Raw(raw) = &k.content else {
        return Err(AmdError::Invalid("the kernel has a configuration".into()));
    };
    let text = std::str::from_utf8(&raw.metadata).map_err(|_| no("metadata is not UTF-8"))?;
    let mut c = AmdKernelConfig::default();
    let mut samplers = Vec::new();
    let mut sampler_args = Vec::new();
    let mut reflections = Vec::new();
    let mut consts = Vec::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split(':').collect();
        match f[..] {
            [";memory", "hwlocal", v] => c.hw_local = num(v)?,
            [";memory", "hwregion", v] => c.hw_region = Some(num(v)?),
            [";memory", "uavprivate", v] => c.uav_private = Some(num(v)?),
            [";cws", a, b, d] => c.reqd_work_group_size = [num(a)?, num(b)?, num(d)?],
            [";uavid", v] => c.uav_id = Some(num(v)?),
            [";printfid", v] => c.printf_id = Some(num(v)?),
            [";cbid", v] => c.const_buffer_id = Some(num(v)?),
            [";privateid", v] => c.private_id = Some(num(v)?),
            [";reflection", _, ..] => reflections.push(f[2..].join(":")),
            [";constarg", _, n] => consts.push(n.to_string()),
            [";sampler", n, _, _, v] => {
                if let Some(s) = n.strip_prefix("unknown_") {
                    if num(s)? != num(v)? {
                        return Err(no("a constant sampler whose name is not its value"));
                    }
                    samplers.push(num(v)?);
                } else {
                    sampler_args.push(n.to_string());
                }
            }
            [";value", n, "struct", size, "1", _] => {
                c.args
                    .push(arg(n, AmdArgKind::Structure { size: num(size)? }, None))
            }
            [";value", n, t, vec, "1", _] => {
                let len = num(vec)?;
                let (elem, _) = elem_of(t)?;
                if !matches!(len, 1..=4 | 8 | 16) {
                    return Err(no(format!("vector length {len}")));
                }
                c.args.push(arg(
                    n,
                    AmdArgKind::Value(ValueType {
                        elem,
                        len: len as u8,
                    }),
                    None,
                ));
            }
            [";pointer", n, t, "1", "1", _, space, id, esize, acc, vol, res] => {
                let esize = num(esize)?;
                let pointee = match t {
                    "opaque" => Pointee::Structure { size: 0 },
                    "struct" => Pointee::Structure { size: esize },
                    _ => Pointee::Value(value_of(t, esize)?),
                };
                let id = num(id)?;
                let (space, res_id) = match space {
                    "uav" => (AddressSpace::Global, Some(id)),
                    // `.arg` gives a local pointer no id: only the default 1.
                    "hl" if id == 1 => (AddressSpace::Local, None),
                    "hc" | "c" => (AddressSpace::Constant, Some(id)),
                    _ => return Err(no(format!("pointer space '{space}'"))),
                };
                c.args.push(arg(
                    n,
                    AmdArgKind::Pointer {
                        pointee,
                        space,
                        is_const: acc == "RO" && space == AddressSpace::Global,
                        is_restrict: res == "1",
                        is_volatile: vol == "1",
                        const_size: 0,
                    },
                    res_id,
                ));
            }
            [";image", n, t, acc, id, "1", _] => {
                let image = match t {
                    "2D" => ImageType::Image2d,
                    "1D" => ImageType::Image1d,
                    "1DA" => ImageType::Image1dArray,
                    "1DB" => ImageType::Image1dBuffer,
                    "2DA" => ImageType::Image2dArray,
                    "3D" => ImageType::Image3d,
                    _ => return Err(no(format!("image type '{t}'"))),
                };
                let access = match acc {
                    "RO" => ImageAccess::ReadOnly,
                    "WO" => ImageAccess::WriteOnly,
                    _ => return Err(no(format!("image access '{acc}'"))),
                };
                c.args
                    .push(arg(n, AmdArgKind::Image { image, access }, Some(num(id)?)));
            }
            [";counter", n, "32", id, "1", _] => {
                c.args.push(arg(n, AmdArgKind::Counter32, Some(num(id)?)));
            }
            _ => {}
        }
    }
    if reflections.len() != c.args.len() {
        return Err(no("reflections do not match the arguments"));
    }
    for (a, r) in c.args.iter_mut().zip(reflections) {
        a.type_name = r;
        if sampler_args.contains(&a.name) {
            a.kind = AmdArgKind::Sampler;
        }
        if let AmdArgKind::Pointer {
            space: AddressSpace::Constant,
            is_const,
            ..
        } = &mut a.kind
        {
            *is_const = consts.contains(&a.name);
        }
    }
    c.samplers = samplers;
    let note = |t: u32| raw.cal_notes.iter().find(|n| n.ntype == t);
    let one = |n: Option<&CalNote>| n.map(|n| words(&n.data)).and_then(|w| w.first().copied());
    c.cond_out = one(note(note::CONDOUT)).unwrap_or(0);
    c.early_exit = one(note(note::EARLYEXIT)).unwrap_or(0);
    c.scratch_buffer = one(note(note::SCRATCH_BUFFERS))
        .unwrap_or(0)
        .wrapping_mul(4);
    // Old drivers keep constant-buffer sizes in the CONSTANT_BUFFERS note.
    if let Some(cb) = note(note::CONSTANT_BUFFERS) {
        let w = words(&cb.data);
        for pair in w.chunks_exact(2) {
            for a in c.args.iter_mut() {
                if let (
                    AmdArgKind::Pointer {
                        space: AddressSpace::Constant,
                        const_size,
                        ..
                    },
                    Some(id),
                ) = (&mut a.kind, a.res_id)
                {
                    if id == pair[0] && pair[1] != 4096 && input.driver.version() < 112402 {
                        *const_size = pair[1] * 16;
                    }
                }
            }
        }
    }
    let pi = words(
        &note(note::PROGINFO)
            .ok_or_else(|| no("no PROGINFO note"))?
            .data,
    );
    let mut uav_mask = [0u32; 32];
    let mut user_num = 0;
    let mut users = vec![[0u32; 4]; 16];
    for e in pi.chunks_exact(2) {
        let (a, v) = (e[0], e[1]);
        match a {
            0x8000_1000 => user_num = v as usize,
            0x8000_1001..=0x8000_1040 => {
                let i = (a - 0x8000_1001) as usize;
                users[i / 4][i % 4] = v;
            }
            0x8000_1041 => c.vgprs_num = v,
            0x8000_1042 => c.sgprs_num = v,
            0x8000_1043 => c.float_mode = v,
            0x8000_1044 => c.ieee_mode = v != 0,
            0x0000_2E13 => c.pgmrsrc2 = v,
            0x8000_1843..=0x8000_1862 => uav_mask[(a - 0x8000_1843) as usize] = v,
            _ => {}
        }
    }
    if user_num > 16 {
        return Err(no("more than 16 user data"));
    }
    c.user_datas = users[..user_num]
        .iter()
        .map(|u| UserData {
            data_class: u[0],
            api_slot: u[1],
            reg_start: u[2],
            reg_size: u[3],
        })
        .collect();
    // Dimensions from the TGID bits when TIDIG_COMP_CNT agrees with them.
    let m = ((c.pgmrsrc2 >> 7) & 7) as u8;
    let tidig = (c.pgmrsrc2 >> 11) & 3;
    let want = if m & 4 != 0 {
        2
    } else if m & 2 != 0 {
        1
    } else {
        0
    };
    // (No dimension at all has no `.dims` spelling: the bits of `.pgmrsrc2` say it.)
    if tidig == want && m != 0 {
        c.dims = Some(m);
    }
    // Unused pointers: their UAV bit is clear.
    let dv = input.driver.version();
    for a in c.args.iter_mut() {
        if a.kind.takes_uav(dv) {
            let u = a.res_id.unwrap_or(0) & 1023;
            if uav_mask[(u >> 5) as usize] & (1 << (u & 31)) == 0 {
                a.used = false;
            }
        }
    }
    // Write-only images: used when their bit (by order) is set.
    let mut wo = 0u32;
    for a in c.args.iter_mut() {
        if let AmdArgKind::Image {
            access: ImageAccess::WriteOnly,
            ..
        } = a.kind
        {
            a.used = wo < 32 && uav_mask[0] & (1 << wo) != 0;
            wo += 1;
        }
    }
    let hdr = words(&raw.header);
    c.use_printf = hdr.get(4).is_some_and(|w| w & 2 != 0);
    // Constant data: the constant buffer's bit, when no pointer claims it.
    if let Some(cb) = c.const_buffer_id.filter(|cb| *cb < 32 && dv >= V1348) {
        let claimed = c.args.iter().any(|a| {
            a.used && a.res_id == Some(cb) && matches!(a.kind, AmdArgKind::Pointer { .. })
        });
        c.use_const_data = !claimed && uav_mask[0] & (1 << cb) != 0;
    }
    // Only values the `.config` pseudo-ops accept (CLRX's ranges).
    let max_sgprs = if input.device.arch().is_gcn12_or_later() {
        102
    } else {
        104
    };
    let ids = [c.uav_id, c.const_buffer_id, c.printf_id, c.private_id];
    if c.sgprs_num > max_sgprs
        || c.vgprs_num > 256
        || c.hw_local > 32768
        || c.float_mode > 255
        || ids.iter().flatten().any(|v| *v > 1023)
        || c.user_datas.iter().any(|u| {
            u.data_class as usize >= super::model::USER_DATA_CLASSES.len()
                || u.reg_start >= 16
                || u.reg_size > 16
                || u.reg_start + u.reg_size > 16
        })
    {
        return Err(no("a value out of the range .config accepts"));
    }
    // Check: the configuration must give back the same blobs.
    let mut again = input.clone();
    again.kernels[index].content = AmdKernelContent::Config(c.clone());
    let blobs = kernel_blobs(&again).map_err(|e| no(e.to_string()))?;
    let b = &blobs[index];
    if b.metadata != raw.metadata {
        return Err(no("the metadata is not what a configuration generates"));
    }
    if b.header != raw.header {
        return Err(no("the header is not what a configuration generates"));
    }
    if b.notes != raw.cal_notes {
        let which = b
            .notes
            .iter()
            .zip(&raw.cal_notes)
            .find(|(x, y)| x != y)
            .map_or("their number".to_string(), |(_, y)| {
                format!("type {}", y.ntype)
            });
        return Err(no(format!(
            "the CAL notes are not what a configuration generates ({which})"
        )));
    }
    Ok(c)
}

fn arg(name: &str, kind: AmdArgKind, res_id: Option<u32>) -> AmdArg {
    AmdArg {
        name: name.to_string(),
        type_name: String::new(),
        kind,
        res_id,
        used: true,
    }
}
