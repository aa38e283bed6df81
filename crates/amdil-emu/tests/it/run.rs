//! Run-tests: every `tests/data/*.il` is a complete IL program (main, kernels, metadata)
//! whose `;` comment lines also say how to run it and what to expect. Expected values are
//! written by hand or as closed forms (`range`, `repeat`), never produced by the emulator.
//!
//! ```text
//! ; RUN: kernel=NAME global=X[,Y,Z] local=X[,Y,Z] [fuel=N] [device=MCPU] [task=1]
//! ; ARG: NAME buffer TYPE LIST     a buffer in global memory; the pointer argument NAME
//! ; ARG: NAME value TYPE LIST      a by-value argument
//! ; EXPECT: NAME TYPE LIST         buffer contents after the run
//! ; FAULT: TEXT                    the run must fault with a message containing TEXT
//! ; PRINTF-BUFFER: SIZE            a printf buffer of SIZE bytes (cb0[8].y/z)
//! ; PRINTF: TEXT                   one expected line of decoded printf output
//! ; PRINTF-DROPPED: N              the dropped-call count in the buffer's header (0 if absent)
//! ; INTRINSICS: FILE|builtin       macro library for `;intrinsic:` ids (a file next to the
//!                                 test, or kauai_amdil::intrinsics::library())
//! ; TYPED-UAV: ID ARG N CTYPE WxHxD  typed UAV ID is the buffer ARG seen as an image of N
//!                                 channels of CTYPE (unorm8, uint16, float, ...)
//! ```
//! TYPE is i32, u32, f32, i64, f64, u16 or u8; LIST items are numbers, `range(a,b)` (inclusive)
//! or `repeat(n,v)`.

use std::path::Path;

use kauai_amdil::abi::{Cb0Params, Cb1Builder};
use kauai_amdil::metadata::MdEntry;
use kauai_amdil::{link, parse_str, validate, Program};
use kauai_amdil_emu::{run, Launch, Memory, Options};
use kauai_diag::{Diagnostics, FileId, SourceMap};

fn list(s: &str) -> Result<Vec<f64>, String> {
    let mut out = Vec::new();
    let mut rest = s.trim();
    while !rest.is_empty() {
        let (item, tail) = if rest.starts_with("range(") || rest.starts_with("repeat(") {
            let close = rest.find(')').ok_or("unclosed (")?;
            (
                &rest[..=close],
                rest[close + 1..].trim_start_matches(',').trim(),
            )
        } else {
            match rest.find(',') {
                Some(i) => (&rest[..i], rest[i + 1..].trim()),
                None => (rest, ""),
            }
        };
        let item = item.trim();
        if let Some(a) = item
            .strip_prefix("range(")
            .and_then(|x| x.strip_suffix(')'))
        {
            let v: Vec<i64> = a
                .split(',')
                .map(|x| x.trim().parse().map_err(|e| format!("{e}")))
                .collect::<Result<_, _>>()?;
            let mut k = v[0];
            while k <= v[1] {
                out.push(k as f64);
                k += 1;
            }
        } else if let Some(a) = item
            .strip_prefix("repeat(")
            .and_then(|x| x.strip_suffix(')'))
        {
            let (n, v) = a.split_once(',').ok_or("repeat(n,v)")?;
            let n: usize = n.trim().parse().map_err(|e| format!("{e}"))?;
            let v: f64 = v.trim().parse().map_err(|e| format!("{e}"))?;
            out.extend(std::iter::repeat_n(v, n));
        } else {
            out.push(item.parse::<f64>().map_err(|e| format!("`{item}`: {e}"))?);
        }
        rest = tail;
    }
    Ok(out)
}

fn encode(ty: &str, vals: &[f64]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    for &v in vals {
        match ty {
            "i32" => out.extend((v as i64 as i32).to_le_bytes()),
            "u32" => out.extend((v as i64 as u32).to_le_bytes()),
            "f32" => out.extend((v as f32).to_le_bytes()),
            "i64" => out.extend((v as i64).to_le_bytes()),
            "f64" => out.extend(v.to_le_bytes()),
            "u8" => out.push(v as i64 as u8),
            "u16" => out.extend((v as i64 as u16).to_le_bytes()),
            _ => return Err(format!("unknown type {ty}")),
        }
    }
    Ok(out)
}

fn run_file(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut sm = SourceMap::new();
    let file = sm.add(path.display().to_string(), text.clone());
    let mut diags = Diagnostics::new();
    let program: Program = parse_str(&text, file, &mut diags);
    validate(&program, &mut diags);
    if diags.has_errors() {
        return Err(diags.render(&sm));
    }
    let _ = FileId(0);
    let mut kernel = String::new();
    let mut global = [1u32; 3];
    let mut local = [1u32; 3];
    let mut work_dim = 1;
    let mut fuel = 1_000_000u64;
    let mut device = None;
    let mut task = false;
    let mut args: Vec<(String, String, String, Vec<f64>)> = Vec::new();
    let mut expects: Vec<(String, String, Vec<f64>)> = Vec::new();
    let mut fault: Option<String> = None;
    let mut library = Program::default();
    let mut printf_size = 0usize;
    let mut printf_want = String::new();
    let mut printf_dropped = 0u32;
    let mut typed: Vec<(u32, String, u32, String, [u32; 3])> = Vec::new();
    for line in text.lines() {
        let l = line.trim();
        if let Some(r) = l.strip_prefix("; RUN:") {
            for kv in r.split_whitespace() {
                let (k, v) = kv.split_once('=').ok_or("RUN key=value")?;
                let dims = |v: &str| -> Result<([u32; 3], u32), String> {
                    let mut d = [1u32; 3];
                    let parts: Vec<&str> = v.split(',').collect();
                    for (i, p) in parts.iter().enumerate() {
                        d[i] = p.parse().map_err(|e| format!("{e}"))?;
                    }
                    Ok((d, parts.len() as u32))
                };
                match k {
                    "kernel" => kernel = v.to_string(),
                    "global" => (global, work_dim) = dims(v)?,
                    "local" => local = dims(v)?.0,
                    "fuel" => fuel = v.parse().map_err(|e| format!("{e}"))?,
                    "device" => {
                        device = Some(
                            kauai_amdil::device::find_device(v)
                                .ok_or(format!("unknown device {v}"))?,
                        )
                    }
                    "task" => task = v == "1",
                    _ => return Err(format!("unknown RUN key {k}")),
                }
            }
        } else if let Some(r) = l.strip_prefix("; ARG:") {
            let mut it = r.trim().splitn(4, ' ');
            let (n, kind, ty, vals) = (it.next(), it.next(), it.next(), it.next());
            let (Some(n), Some(kind), Some(ty)) = (n, kind, ty) else {
                return Err(format!("bad ARG line {l}"));
            };
            args.push((n.into(), kind.into(), ty.into(), list(vals.unwrap_or(""))?));
        } else if let Some(r) = l.strip_prefix("; EXPECT:") {
            let mut it = r.trim().splitn(3, ' ');
            let (Some(n), Some(ty), Some(vals)) = (it.next(), it.next(), it.next()) else {
                return Err(format!("bad EXPECT line {l}"));
            };
            expects.push((n.into(), ty.into(), list(vals)?));
        } else if let Some(r) = l.strip_prefix("; PRINTF-BUFFER:") {
            printf_size = r.trim().parse().map_err(|e| format!("{e}"))?;
        } else if let Some(r) = l.strip_prefix("; PRINTF-DROPPED:") {
            printf_dropped = r.trim().parse().map_err(|e| format!("{e}"))?;
        } else if let Some(r) = l.strip_prefix("; PRINTF:") {
            printf_want.push_str(r.strip_prefix(' ').unwrap_or(r));
            printf_want.push('\n');
        } else if l == "; INTRINSICS: builtin" {
            library = kauai_amdil::intrinsics::library();
        } else if let Some(r) = l.strip_prefix("; INTRINSICS:") {
            let lib_path = path.with_file_name(r.trim());
            let lib_text = std::fs::read_to_string(&lib_path).map_err(|e| e.to_string())?;
            let mut d = Diagnostics::new();
            library = parse_str(&lib_text, FileId(1), &mut d);
            if d.has_errors() {
                return Err(format!("{}: {d:?}", lib_path.display()));
            }
        } else if let Some(r) = l.strip_prefix("; TYPED-UAV:") {
            let w: Vec<&str> = r.split_whitespace().collect();
            let [id, arg, n, ty, size] = w.as_slice() else {
                return Err(format!("bad TYPED-UAV line {l}"));
            };
            let mut dims = [1u32; 3];
            for (d, x) in size.split('x').enumerate().take(3) {
                dims[d] = x.parse().map_err(|e| format!("{l}: {e}"))?;
            }
            typed.push((
                id.parse().map_err(|e| format!("{l}: {e}"))?,
                arg.to_string(),
                n.parse().map_err(|e| format!("{l}: {e}"))?,
                ty.to_string(),
                dims,
            ));
        } else if let Some(r) = l.strip_prefix("; FAULT:") {
            fault = Some(r.trim().to_string());
        }
    }
    let linked = link(&program, &kernel, &library).map_err(|e| e.to_string())?;
    // Placed as the runtime places them (crates/runtime/src/il.rs): buffers at 256-byte
    // aligned offsets, dword-padded, then the data segment, the printf buffer and the
    // rings, each its own region.
    let mut mem = Memory::default();
    let mut places = Vec::new();
    let mut cb1 = Cb1Builder::new();
    for (name, kind, ty, vals) in &args {
        let bytes = encode(ty, vals)?;
        if kind == "buffer" {
            let at = kauai_amdil_emu::place_buffer(&mut mem, name, &bytes)? as usize;
            places.push((name.clone(), at, bytes.len()));
            let p = linked.metadata.entries.iter().find_map(|e| match e {
                MdEntry::Pointer(p) if &p.name == name => Some(p),
                _ => None,
            });
            cb1.pointer(p.ok_or(format!("no pointer argument {name}"))?, at as u32);
        } else {
            let v = linked.metadata.entries.iter().find_map(|e| match e {
                MdEntry::Value(v) if &v.name == name => Some(v),
                _ => None,
            });
            cb1.value(v.ok_or(format!("no value argument {name}"))?, &bytes)
                .map_err(|e| e.to_string())?;
        }
    }
    for (id, arg, channels, ty, size) in &typed {
        let (_, at, _) = places
            .iter()
            .find(|p| &p.0 == arg)
            .ok_or(format!("TYPED-UAV: no buffer {arg}"))?;
        mem.typed_uavs.push(kauai_amdil_emu::TypedUav {
            id: *id,
            offset: *at as u32,
            channels: *channels,
            channel_type: kauai_amdil_emu::ChannelType::from_name(ty)
                .ok_or(format!("unknown channel type {ty}"))?,
            size: *size,
            row_pitch: 0,
            slice_pitch: 0,
        });
    }
    let mut cb0 = Cb0Params::default();
    if let Some(at) = kauai_amdil_emu::place_global_data(&linked, &mut mem)? {
        cb0.data_segment = at;
    }
    let mut printf_at = 0;
    if printf_size > 0 {
        let size = u32::try_from(printf_size).map_err(|e| e.to_string())?;
        printf_at = kauai_amdil_emu::place_printf_buffer(&mut mem, size)? as usize;
        cb0.printf_offset = printf_at as u32;
        cb0.printf_size = size;
    }
    let launch = if task {
        Launch::task(cb0)
    } else {
        Launch::ndrange(work_dim, global, local, cb0)
    };
    let mut launch = launch;
    kauai_amdil_emu::place_rings(&linked, &mut launch, &mut mem, None)?;
    let res = run(
        &linked,
        &cb1.dwords(),
        &mut mem,
        &launch,
        &Options {
            fuel,
            device,
            deadline: None,
        },
    );
    match (res, fault) {
        (Ok(_), Some(f)) => {
            return Err(format!(
                "expected a fault containing `{f}`, the run succeeded"
            ))
        }
        (Err(e), None) => return Err(format!("unexpected fault: {e}")),
        (Err(e), Some(f)) => {
            if let Some(span) = e.span {
                // The rendered fault points at the instruction's file and line.
                let at = sm.location(span);
                if !e.render(&sm).contains(&at) {
                    return Err(format!(
                        "rendered fault does not show {at}:\n{}",
                        e.render(&sm)
                    ));
                }
            }
            return if e.to_string().contains(&f) {
                Ok(())
            } else {
                Err(format!("fault `{e}` does not contain `{f}`"))
            };
        }
        (Ok(_), None) => {}
    }
    if printf_size > 0 {
        let text = kauai_amdil_emu::decode_printf(&mem.global[printf_at..], &linked.printf)?;
        if text != printf_want {
            return Err(format!(
                "printf output differs:\n--- expected\n{printf_want}--- got\n{text}"
            ));
        }
        let dropped = kauai_amdil_emu::printf_dropped(&mem.global[printf_at..])?;
        if dropped != printf_dropped {
            return Err(format!(
                "{dropped} printf calls were counted as dropped, expected {printf_dropped}"
            ));
        }
    }
    for (name, ty, want) in &expects {
        let (_, at, len) = places
            .iter()
            .find(|p| &p.0 == name)
            .ok_or(format!("no buffer {name}"))?;
        let got = &mem.global[*at..at + len];
        let want_bytes = encode(ty, want)?;
        if got.len() < want_bytes.len() || got[..want_bytes.len()] != want_bytes[..] {
            let es = want_bytes.len() / want.len().max(1);
            let got_vals: Vec<String> = got
                .chunks(es.max(1))
                .map(|c| match ty.as_str() {
                    "f32" => f32::from_le_bytes([c[0], c[1], c[2], c[3]]).to_string(),
                    "f64" => f64::from_le_bytes(c.try_into().unwrap_or([0; 8])).to_string(),
                    "i64" => i64::from_le_bytes(c.try_into().unwrap_or([0; 8])).to_string(),
                    "u8" => c[0].to_string(),
                    "u16" => u16::from_le_bytes([c[0], c[1]]).to_string(),
                    _ => i32::from_le_bytes([c[0], c[1], c[2], c[3]]).to_string(),
                })
                .collect();
            return Err(format!(
                "buffer {name}: expected {want:?}\n got {}",
                got_vals.join(",")
            ));
        }
    }
    Ok(())
}

#[test]
fn run_tests() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/data")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "il"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty());
    let fails: Vec<String> = paths
        .iter()
        .filter_map(|p| run_file(p).err().map(|e| format!("{}: {e}", p.display())))
        .collect();
    assert!(fails.is_empty(), "{}", fails.join("\n\n"));
}
