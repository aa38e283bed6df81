//! Test helpers: compile OpenCL C for an amdil device, and run a kernel of the result on
//! the kauai emulator the way a runtime does (link, lay out memory, fill cb0 and cb1).

#![allow(dead_code)]

use std::sync::Arc;

use kauai_amdil::abi::{local_arg_offsets, Cb0Params, Cb1Builder};
use kauai_amdil::device::find_device as device;
use kauai_amdil::metadata::{MdEntry, Memory as MdMemory};
use kauai_amdil_emu::{place_global_data, run, Launch, Memory, Options};
use kauai_compiler::{Context, Module};
use kauai_diag::{Diagnostics, FileId};

/// OpenCL C to IL text for `mcpu` with `-mattr` features (may be empty).
pub fn compile(src: &str, mcpu: &str, mattr: &str) -> Result<String, String> {
    compile_with(src, mcpu, mattr, "")
}

/// [`compile`] with OpenCL build options (`-cl-opt-disable`, `-D N=4`).
pub fn compile_with(src: &str, mcpu: &str, mattr: &str, build: &str) -> Result<String, String> {
    let info = kauai_amdil_gen::target_info(mcpu).map_err(|e| e.to_string())?;
    let target = info
        .create_target(&Context::new())
        .map_err(|e| e.to_string())?;
    let mut m = Module::new(Arc::from(target));
    let opts = if mattr.is_empty() {
        build.to_string()
    } else {
        format!("{build} --mattr={mattr}")
    };
    m.set_options(&opts).map_err(|e| e.to_string())?;
    m.compile_opencl_c("FULL_PROFILE", src, &[])
        .map_err(|e| e.to_string())?;
    m.finalize().map_err(|e| e.to_string())?;
    let bin = m.create_binary().map_err(|e| e.to_string())?;
    String::from_utf8(bin).map_err(|e| e.to_string())
}

/// Parse and validate IL; panics with the diagnostics and the text on failure.
pub fn parse_valid(il: &str) -> kauai_amdil::Program {
    let mut diags = Diagnostics::new();
    let p = kauai_amdil::parse_str(il, FileId(0), &mut diags);
    let ok = diags.is_empty() && kauai_amdil::validate(&p, &mut diags);
    if !ok {
        let mut sm = kauai_diag::SourceMap::new();
        sm.add("gen.il", il.as_bytes().to_vec());
        panic!("invalid IL:\n{}\n{}", diags.render(&sm), numbered(il));
    }
    p
}

pub fn numbered(il: &str) -> String {
    il.lines()
        .enumerate()
        .map(|(i, l)| format!("{:4} {l}\n", i + 1))
        .collect()
}

/// A kernel argument for [`run_kernel`].
#[derive(Clone, Debug)]
pub enum Arg {
    /// A global or constant buffer with its initial bytes; read back after the run.
    Buf(Vec<u8>),
    /// A `__local` buffer of this many bytes.
    Local(u32),
    /// A value argument's bytes.
    Val(Vec<u8>),
}

pub fn words(v: &[u32]) -> Arg {
    Arg::Buf(v.iter().flat_map(|x| x.to_le_bytes()).collect())
}

pub fn floats(v: &[f32]) -> Arg {
    Arg::Buf(v.iter().flat_map(|x| x.to_le_bytes()).collect())
}

/// A 32-bit value argument.
pub fn val32(v: u32) -> Arg {
    Arg::Val(v.to_le_bytes().to_vec())
}

pub fn as_u32(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

pub fn as_f32(b: &[u8]) -> Vec<f32> {
    as_u32(b).into_iter().map(f32::from_bits).collect()
}

/// Link `kernel` out of `il`, run it over `global`/`local` on `mcpu`'s emulator and
/// return every buffer argument's bytes afterwards (in argument order).
pub fn run_kernel(
    il: &str,
    kernel: &str,
    mcpu: &str,
    args: &[Arg],
    global: [u32; 3],
    local: [u32; 3],
) -> Result<Vec<Vec<u8>>, String> {
    run_kernel_printf(il, kernel, mcpu, args, global, local).map(|(b, _)| b)
}

/// [`run_kernel`] with a 4 KiB printf buffer; also returns the decoded printf text.
pub fn run_kernel_printf(
    il: &str,
    kernel: &str,
    mcpu: &str,
    args: &[Arg],
    global: [u32; 3],
    local: [u32; 3],
) -> Result<(Vec<Vec<u8>>, String), String> {
    let program = parse_valid(il);
    let k = kauai_amdil::link(&program, kernel, &kauai_amdil::intrinsics::library())
        .map_err(|e| e.to_string())?;
    let md = &k.metadata;
    let mut mem = Memory::default();
    // Argument entries in order.
    let arg_entries: Vec<&MdEntry> = md
        .entries
        .iter()
        .filter(|e| matches!(e, MdEntry::Value(_) | MdEntry::Pointer(_)))
        .collect();
    if arg_entries.len() != args.len() {
        return Err(format!(
            "kernel has {} arguments, {} given",
            arg_entries.len(),
            args.len()
        ));
    }
    let mut cb1 = Cb1Builder::new();
    let mut bufs = Vec::new();
    let mut local_sizes = Vec::new();
    for (e, a) in arg_entries.iter().zip(args) {
        match (e, a) {
            (MdEntry::Pointer(p), Arg::Buf(b)) => {
                let at = mem.global.len().next_multiple_of(16);
                mem.global.resize(at, 0);
                mem.global.extend_from_slice(b);
                // Buffers are allocated in whole 16-byte units, as a runtime would.
                let end = mem.global.len().next_multiple_of(16);
                mem.global.resize(end, 0);
                cb1.pointer(p, at as u32);
                bufs.push((at, b.len()));
            }
            (MdEntry::Pointer(p), Arg::Local(n)) => local_sizes.push((p.name.clone(), *n)),
            (MdEntry::Value(v), Arg::Val(b)) => cb1.value(v, b).map_err(|e| e.to_string())?,
            (e, a) => return Err(format!("argument mismatch: {e} vs {a:?}")),
        }
    }
    let locals = local_arg_offsets(md, &local_sizes).map_err(|e| e.to_string())?;
    for e in &md.entries {
        if let MdEntry::Pointer(p) = e {
            if let Some((_, off)) = locals.offsets.iter().find(|(n, _)| *n == p.name) {
                cb1.pointer(p, *off);
            }
        }
    }
    let mut launch = Launch {
        work_dim: if global[2] > 1 {
            3
        } else if global[1] > 1 {
            2
        } else {
            1
        },
        global,
        local,
        cb0: Cb0Params::default(),
        lds_min: vec![(1, locals.hw_total)],
    };
    // Private and (7XX) local rings.
    let private = md
        .memory_total(|m| match m {
            MdMemory::Private(n) => Some(*n),
            _ => None,
        })
        .next_multiple_of(16);
    let items: u64 = global.iter().map(|&g| g as u64).product();
    let groups: u64 = (0..3).map(|d| (global[d] / local[d]) as u64).product();
    if private > 0 {
        let at = mem.global.len().next_multiple_of(16);
        mem.global.resize(at + private as usize * items as usize, 0);
        launch.cb0.private_ring_offset = at as u32;
        launch.cb0.private_per_item = private;
    }
    let emulated = locals.emulated_total.next_multiple_of(16);
    if emulated > 0 {
        let at = mem.global.len().next_multiple_of(16);
        mem.global
            .resize(at + emulated as usize * groups as usize, 0);
        launch.cb0.local_ring_offset = at as u32;
        launch.cb0.local_per_group = emulated;
    }
    let printf_at = if k.printf.is_empty() {
        None
    } else {
        let at = mem.global.len().next_multiple_of(16);
        mem.global.resize(at + 4096, 0);
        launch.cb0.printf_offset = at as u32;
        launch.cb0.printf_size = 4096;
        Some(at)
    };
    // Last: everything placed by hand above becomes one region of the emulator's global
    // memory ("memory given by the caller") and the data segment its own.
    if let Some(off) = place_global_data(&k, &mut mem)? {
        launch.cb0.data_segment = off;
    }
    let opts = Options {
        fuel: 50_000_000,
        device: device(mcpu),
        ..Options::default()
    };
    run(&k, &cb1.dwords(), &mut mem, &launch, &opts).map_err(|f| f.to_string())?;
    let text = match printf_at {
        Some(at) => kauai_amdil_emu::decode_printf(&mem.global[at..at + 4096], &k.printf)?,
        None => String::new(),
    };
    Ok((
        bufs.iter()
            .map(|(at, n)| mem.global[*at..*at + *n].to_vec())
            .collect(),
        text,
    ))
}
