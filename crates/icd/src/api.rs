//! The OpenCL API over Kauai's runtime, with Rust types: `ffi` decodes the C arguments
//! and calls these. Each function returns the specified error code on bad input.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use kauai_compiler::ArgKind;
use kauai_ir::AddrSpace;
use kauai_runtime::{NdRangeSpec, Program, RuntimeError, SourceFile};
use opencl_sys::*;

use crate::objects::*;
use crate::platform::{self, DeviceObj};
use crate::queue::{self, Work};
use crate::registry::{self, Kind};
use crate::value::InfoValue;

pub type R<T> = Result<T, cl_int>;

pub fn context(h: usize) -> R<Arc<Context>> {
    registry::get(h, Kind::Context).ok_or(CL_INVALID_CONTEXT)
}
pub fn queue(h: usize) -> R<Arc<Queue>> {
    registry::get(h, Kind::Queue).ok_or(CL_INVALID_COMMAND_QUEUE)
}
pub fn mem(h: usize) -> R<Arc<Mem>> {
    registry::get(h, Kind::Mem).ok_or(CL_INVALID_MEM_OBJECT)
}
pub fn program(h: usize) -> R<Arc<ProgramObj>> {
    registry::get(h, Kind::Program).ok_or(CL_INVALID_PROGRAM)
}
pub fn kernel(h: usize) -> R<Arc<KernelObj>> {
    registry::get(h, Kind::Kernel).ok_or(CL_INVALID_KERNEL)
}
pub fn event(h: usize) -> R<Arc<Event>> {
    registry::get(h, Kind::Event).ok_or(CL_INVALID_EVENT)
}
pub fn device(h: usize) -> R<Arc<DeviceObj>> {
    platform::device(h).ok_or(CL_INVALID_DEVICE)
}
/// NULL selects the only platform, as ICD implementations commonly allow.
pub fn check_platform(h: usize) -> R<()> {
    if h == 0 || h == platform::platform().handle {
        Ok(())
    } else {
        Err(CL_INVALID_PLATFORM)
    }
}

// ---- devices and contexts ----

pub fn device_ids(platform_h: usize, ty: u64) -> R<Vec<usize>> {
    check_platform(platform_h)?;
    let all = CL_DEVICE_TYPE_ALL;
    let known = CL_DEVICE_TYPE_DEFAULT
        | CL_DEVICE_TYPE_CPU
        | CL_DEVICE_TYPE_GPU
        | CL_DEVICE_TYPE_ACCELERATOR
        | CL_DEVICE_TYPE_CUSTOM;
    if ty != all && (ty == 0 || ty & !known != 0) {
        return Err(CL_INVALID_DEVICE_TYPE);
    }
    let devs = &platform::platform().devices;
    let mut out: Vec<usize> = devs
        .iter()
        .filter(|d| {
            ty == all
                || (ty & CL_DEVICE_TYPE_CPU != 0 && !d.gpu)
                || (ty & CL_DEVICE_TYPE_GPU != 0 && d.gpu)
        })
        .map(|d| d.handle)
        .collect();
    // The default device is the first one exposed.
    if ty & CL_DEVICE_TYPE_DEFAULT != 0 {
        if let Some(first) = devs.first() {
            if !out.contains(&first.handle) {
                out.insert(0, first.handle);
            }
        }
    }
    if out.is_empty() {
        return Err(CL_DEVICE_NOT_FOUND);
    }
    Ok(out)
}

pub fn create_context(props: Vec<isize>, devices: &[usize], notify: Option<Callback>) -> R<usize> {
    check_context_properties(&props)?;
    if devices.is_empty() {
        return Err(CL_INVALID_VALUE);
    }
    let mut devs = Vec::new();
    for &d in devices {
        let d = device(d)?;
        if !devs.iter().any(|x: &Arc<DeviceObj>| x.handle == d.handle) {
            devs.push(d);
        }
    }
    let c = registry::register(Kind::Context, true, |handle| Context {
        handle,
        devices: devs,
        properties: props,
        notify,
    });
    Ok(c.handle)
}

fn check_context_properties(props: &[isize]) -> R<()> {
    let mut i = 0;
    let mut seen = Vec::new();
    while i < props.len() && props[i] != 0 {
        let name = props[i];
        let value = props.get(i + 1).copied().unwrap_or(0);
        if seen.contains(&name) {
            return Err(CL_INVALID_PROPERTY);
        }
        seen.push(name);
        match name {
            x if x == CL_CONTEXT_PLATFORM => {
                if value as usize != platform::platform().handle {
                    return Err(CL_INVALID_PLATFORM);
                }
            }
            x if x == CL_CONTEXT_INTEROP_USER_SYNC => {}
            _ => return Err(CL_INVALID_PROPERTY),
        }
        i += 2;
    }
    Ok(())
}

pub fn create_context_from_type(props: Vec<isize>, ty: u64, notify: Option<Callback>) -> R<usize> {
    check_context_properties(&props)?;
    let devs = device_ids(0, ty)?;
    create_context(props, &devs, notify)
}

pub fn context_info(c: &Context, param: u32) -> R<InfoValue> {
    Ok(match param {
        CL_CONTEXT_REFERENCE_COUNT => InfoValue::u32(registry::ref_count(c.handle)),
        CL_CONTEXT_NUM_DEVICES => InfoValue::u32(c.devices.len() as u32),
        CL_CONTEXT_DEVICES => {
            InfoValue::usizes(&c.devices.iter().map(|d| d.handle).collect::<Vec<_>>())
        }
        CL_CONTEXT_PROPERTIES => {
            if c.properties.is_empty() {
                InfoValue::empty()
            } else {
                InfoValue::isizes(&c.properties)
            }
        }
        _ => return Err(CL_INVALID_VALUE),
    })
}

// ---- queues ----

pub fn create_queue(ctx: usize, dev: usize, props: u64) -> R<usize> {
    let c = context(ctx)?;
    let d = device(dev)?;
    if !c.has_device(&d) {
        return Err(CL_INVALID_DEVICE);
    }
    let known = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
    if props & !known != 0 {
        return Err(CL_INVALID_VALUE);
    }
    // Out-of-order execution is allowed, not required: commands run in order.
    Ok(queue::create_queue(c, d, props).handle)
}

pub fn queue_info(q: &Queue, param: u32) -> R<InfoValue> {
    Ok(match param {
        CL_QUEUE_CONTEXT => InfoValue::handle(q.context.handle),
        CL_QUEUE_DEVICE => InfoValue::handle(q.device.handle),
        CL_QUEUE_REFERENCE_COUNT => InfoValue::u32(registry::ref_count(q.handle)),
        CL_QUEUE_PROPERTIES => InfoValue::u64(q.properties),
        _ => return Err(CL_INVALID_VALUE),
    })
}

// ---- buffers ----

const MEM_ACCESS: u64 = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
const MEM_HOST_ACCESS: u64 = CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
const MEM_KNOWN: u64 = MEM_ACCESS
    | MEM_HOST_ACCESS
    | CL_MEM_USE_HOST_PTR
    | CL_MEM_ALLOC_HOST_PTR
    | CL_MEM_COPY_HOST_PTR;

pub fn check_mem_flags(flags: u64) -> R<()> {
    if flags & !MEM_KNOWN != 0
        || (flags & MEM_ACCESS).count_ones() > 1
        || (flags & MEM_HOST_ACCESS).count_ones() > 1
        || (flags & CL_MEM_USE_HOST_PTR != 0
            && flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR) != 0)
    {
        return Err(CL_INVALID_VALUE);
    }
    Ok(())
}

/// What kernels may do with a buffer of these flags (the memory check reports the rest).
fn kernel_access(flags: u64) -> kauai_host::Access {
    if flags & CL_MEM_READ_ONLY != 0 {
        kauai_host::Access::ReadOnly
    } else if flags & CL_MEM_WRITE_ONLY != 0 {
        kauai_host::Access::WriteOnly
    } else {
        kauai_host::Access::ReadWrite
    }
}

/// `clCreateBuffer` after the FFI layer checked `host_ptr` against the flags and copied
/// its contents (`initial`).
pub fn create_buffer(
    c: Arc<Context>,
    flags: u64,
    size: usize,
    initial: Option<Vec<u8>>,
    host_ptr: usize,
) -> R<usize> {
    let max = c.devices.iter().map(|d| d.max_alloc).max().unwrap_or(0);
    if size == 0 || size as u64 > max {
        return Err(CL_INVALID_BUFFER_SIZE);
    }
    let storage = match initial {
        Some(b) => kauai_host::Buffer::from_bytes(&b),
        None if crate::queue::uninit_checked() => {
            kauai_host::Buffer::new(size).with_undefined_contents()
        }
        None => kauai_host::Buffer::new(size),
    }
    .with_access(kernel_access(flags));
    let flags = if flags & MEM_ACCESS == 0 {
        flags | CL_MEM_READ_WRITE
    } else {
        flags
    };
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
        storage: Arc::new(storage),
        parent: None,
        image: None,
        maps: Default::default(),
        destructors: Default::default(),
    });
    Ok(m.handle)
}

pub fn mem_info(m: &Mem, param: u32) -> R<InfoValue> {
    Ok(match param {
        CL_MEM_TYPE => InfoValue::u32(
            m.image
                .as_ref()
                .map_or(CL_MEM_OBJECT_BUFFER, |i| i.img.ty.mem_object_type()),
        ),
        CL_MEM_FLAGS => InfoValue::u64(m.flags),
        CL_MEM_SIZE => InfoValue::usize(m.size),
        CL_MEM_HOST_PTR => InfoValue::handle(m.host_ptr),
        CL_MEM_MAP_COUNT => {
            InfoValue::u32(lock(&m.maps).values().map(Vec::len).sum::<usize>() as u32)
        }
        CL_MEM_REFERENCE_COUNT => InfoValue::u32(registry::ref_count(m.handle)),
        CL_MEM_CONTEXT => InfoValue::handle(m.context.handle),
        CL_MEM_ASSOCIATED_MEMOBJECT => InfoValue::handle(
            m.parent
                .as_ref()
                .map(|(p, _)| p.handle)
                .or_else(|| m.image.as_ref()?.buffer.as_ref().map(|b| b.handle))
                .unwrap_or(0),
        ),
        CL_MEM_OFFSET => InfoValue::usize(m.parent.as_ref().map_or(0, |(_, o)| *o)),
        _ => return Err(CL_INVALID_VALUE),
    })
}

/// `clCreateSubBuffer` with a `CL_BUFFER_CREATE_TYPE_REGION` region.
pub fn create_sub_buffer(parent: Arc<Mem>, flags: u64, origin: usize, size: usize) -> R<usize> {
    if parent.parent.is_some() || parent.image.is_some() {
        return Err(CL_INVALID_MEM_OBJECT);
    }
    let host_ptr_flags = CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;
    if flags & host_ptr_flags != 0 {
        return Err(CL_INVALID_VALUE);
    }
    check_mem_flags(flags)?;
    // Access the parent forbids cannot be asked for.
    let pf = parent.flags;
    let bad_access = (pf & CL_MEM_WRITE_ONLY != 0
        && flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY) != 0)
        || (pf & CL_MEM_READ_ONLY != 0 && flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY) != 0)
        || (pf & CL_MEM_HOST_WRITE_ONLY != 0 && flags & CL_MEM_HOST_READ_ONLY != 0)
        || (pf & CL_MEM_HOST_READ_ONLY != 0 && flags & CL_MEM_HOST_WRITE_ONLY != 0)
        || (pf & CL_MEM_HOST_NO_ACCESS != 0
            && flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY) != 0);
    if bad_access {
        return Err(CL_INVALID_VALUE);
    }
    if size == 0 {
        return Err(CL_INVALID_BUFFER_SIZE);
    }
    if origin.checked_add(size).is_none_or(|e| e > parent.size) {
        return Err(CL_INVALID_VALUE);
    }
    if !origin.is_multiple_of(crate::limits::SUB_BUFFER_ALIGN) {
        return Err(CL_MISALIGNED_SUB_BUFFER_OFFSET);
    }
    // Unspecified access and host-access flags are the parent's; the host-pointer flags
    // are inherited too.
    let mut f = flags;
    if f & MEM_ACCESS == 0 {
        f |= pf & MEM_ACCESS;
    }
    if f & MEM_HOST_ACCESS == 0 {
        f |= pf & MEM_HOST_ACCESS;
    }
    f |= pf & host_ptr_flags;
    // Its contents come from the parent (`Mem::sync_in`), with what the uninit check
    // knows of them.
    let mut storage = kauai_host::Buffer::new(size).with_access(kernel_access(f));
    if crate::queue::uninit_checked() {
        storage = storage.with_undefined_contents();
    }
    let m = registry::register(Kind::Mem, true, |handle| Mem {
        handle,
        context: parent.context.clone(),
        flags: f,
        size,
        host_ptr: if parent.host_ptr != 0 {
            parent.host_ptr + origin
        } else {
            0
        },
        storage: Arc::new(storage),
        parent: Some((parent, origin)),
        image: None,
        maps: Default::default(),
        destructors: Default::default(),
    });
    m.sync_in();
    Ok(m.handle)
}

// ---- programs ----

pub fn create_program(
    c: Arc<Context>,
    sources: Vec<SourceFile>,
    origin: Origin,
    slots: Vec<BuildSlot>,
) -> usize {
    registry::register(Kind::Program, true, |handle| ProgramObj {
        handle,
        context: c,
        origin,
        sources,
        slots: std::sync::Mutex::new(slots),
        kernels: Default::default(),
    })
    .handle
}

pub fn empty_slot(d: &Arc<DeviceObj>) -> BuildSlot {
    BuildSlot {
        device: d.clone(),
        status: CL_BUILD_NONE,
        options: String::new(),
        log: String::new(),
        program: None,
        binary_type: CL_PROGRAM_BINARY_TYPE_NONE,
        from_binary: None,
        compiled: None,
        linked: false,
    }
}

pub fn create_program_with_source(ctx: usize, texts: Vec<Vec<u8>>) -> R<usize> {
    let c = context(ctx)?;
    let n = texts.len();
    let sources = texts
        .into_iter()
        .enumerate()
        .map(|(i, bytes)| SourceFile {
            name: if n == 1 {
                "<source>".into()
            } else {
                format!("<source {i}>")
            },
            bytes,
        })
        .collect();
    let slots = c.devices.iter().map(empty_slot).collect();
    Ok(create_program(c.clone(), sources, Origin::Source, slots))
}

/// `clCreateProgramWithILKHR`: the module is only recognised here (its magic number and
/// a whole number of words); what else is wrong with it is the build's error, in the
/// build log, as for source.
pub fn create_program_with_il(ctx: usize, il: Vec<u8>) -> R<usize> {
    let c = context(ctx)?;
    if !kauai_runtime::is_spirv_source(&il) || !il.len().is_multiple_of(4) {
        return Err(CL_INVALID_VALUE);
    }
    let sources = vec![SourceFile {
        name: "<il>".into(),
        bytes: il,
    }];
    let slots = c.devices.iter().map(empty_slot).collect();
    Ok(create_program(c.clone(), sources, Origin::Il, slots))
}

/// The first line of a Kauai program binary.
const BINARY_MAGIC: &str = "KAUAI-PROGRAM-BINARY 3";
/// The first line of the previous format, which ends after the code (no locations or
/// sources). Still read: applications keep binaries (pyopencl's cache), and refusing
/// them would have each one warn until its cache is cleared.
const BINARY_MAGIC_2: &str = "KAUAI-PROGRAM-BINARY 2";

/// A Kauai program binary: the device's code, the options it was built with, and what
/// a fault needs to quote its source line. For the host device the code is the
/// finalized IR in Kauai's text form (which parses back exactly) with its instructions'
/// locations ([`kauai_ir::LocationTable`]); for an IL device, the AMD IL program with its
/// compiler metadata (what the AMD runtime itself loaded), whose `;@` comments are its
/// locations. Header lines, then each field after its length:
///
/// ```text
/// KAUAI-PROGRAM-BINARY 3
/// device kauai:cypress
/// code il
/// options 0
/// <options bytes>
/// length 1234
/// <code bytes>
/// locations 0
/// <location table bytes>
/// sources 1
/// source 4 120
/// <name bytes><text bytes>
/// ```
///
/// (Applications such as pyopencl cache binaries and load them instead of building: a
/// binary without the locations and sources gave findings without their lines.)
pub struct Binary {
    pub device: String,
    pub options: String,
    pub code: Code,
}

/// What runs on the device, from a [`Binary`] or a built program.
#[derive(Clone)]
pub struct Code {
    pub kind: CodeKind,
    pub text: String,
    /// The IR's [`kauai_ir::LocationTable`] (empty for IL).
    pub locations: String,
    /// The sources the program was built from.
    pub sources: Vec<SourceFile>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CodeKind {
    Ir,
    Il,
}

pub fn encode_binary(device: &str, options: &str, code: &Code) -> Vec<u8> {
    let kind = match code.kind {
        CodeKind::Ir => "ir",
        CodeKind::Il => "il",
    };
    let mut out = format!(
        "{BINARY_MAGIC}\ndevice {device}\ncode {kind}\noptions {}\n{options}\nlength {}\n",
        options.len(),
        code.text.len()
    )
    .into_bytes();
    out.extend_from_slice(code.text.as_bytes());
    out.extend_from_slice(format!("\nlocations {}\n", code.locations.len()).as_bytes());
    out.extend_from_slice(code.locations.as_bytes());
    out.extend_from_slice(format!("\nsources {}\n", code.sources.len()).as_bytes());
    for src in &code.sources {
        out.extend_from_slice(
            format!("source {} {}\n", src.name.len(), src.bytes.len()).as_bytes(),
        );
        out.extend_from_slice(src.name.as_bytes());
        out.extend_from_slice(&src.bytes);
    }
    out
}

/// Read a binary of [`encode_binary`]; None if it is not one.
pub fn decode_binary(b: &[u8]) -> Option<Binary> {
    fn line<'a>(b: &'a [u8], pos: &mut usize) -> Option<&'a str> {
        let rest = b.get(*pos..)?;
        let n = rest.iter().position(|&c| c == b'\n')?;
        *pos += n + 1;
        std::str::from_utf8(&rest[..n]).ok()
    }
    fn bytes<'a>(b: &'a [u8], pos: &mut usize, n: usize) -> Option<&'a [u8]> {
        let s = b.get(*pos..pos.checked_add(n)?)?;
        *pos += n;
        Some(s)
    }
    fn take(b: &[u8], pos: &mut usize, n: usize) -> Option<String> {
        String::from_utf8(bytes(b, pos, n)?.to_vec()).ok()
    }
    fn number(b: &[u8], pos: &mut usize, key: &str) -> Option<usize> {
        line(b, pos)?
            .strip_prefix(key)?
            .strip_prefix(' ')?
            .parse()
            .ok()
    }
    let mut pos = 0;
    let v2 = match line(b, &mut pos)? {
        BINARY_MAGIC => false,
        BINARY_MAGIC_2 => true,
        _ => return None,
    };
    let device = line(b, &mut pos)?.strip_prefix("device ")?.to_string();
    let kind = match line(b, &mut pos)?.strip_prefix("code ")? {
        "ir" => CodeKind::Ir,
        "il" => CodeKind::Il,
        _ => return None,
    };
    let olen = number(b, &mut pos, "options")?;
    let options = take(b, &mut pos, olen)?;
    if take(b, &mut pos, 1)? != "\n" {
        return None;
    }
    let len = number(b, &mut pos, "length")?;
    let text = take(b, &mut pos, len)?;
    if v2 {
        return (pos == b.len()).then_some(Binary {
            device,
            options,
            code: Code {
                kind,
                text,
                locations: String::new(),
                sources: Vec::new(),
            },
        });
    }
    if take(b, &mut pos, 1)? != "\n" {
        return None;
    }
    let llen = number(b, &mut pos, "locations")?;
    let locations = take(b, &mut pos, llen)?;
    if take(b, &mut pos, 1)? != "\n" {
        return None;
    }
    let count = number(b, &mut pos, "sources")?;
    let mut sources = Vec::new();
    for _ in 0..count {
        let head = line(b, &mut pos)?.strip_prefix("source ")?;
        let (n, t) = head.split_once(' ')?;
        let (n, t): (usize, usize) = (n.parse().ok()?, t.parse().ok()?);
        let name = take(b, &mut pos, n)?;
        let text = bytes(b, &mut pos, t)?.to_vec();
        sources.push(SourceFile { name, bytes: text });
    }
    if pos != b.len() {
        return None;
    }
    Some(Binary {
        device,
        options,
        code: Code {
            kind,
            text,
            locations,
            sources,
        },
    })
}

/// The device code of a built program.
fn code_of(p: &Program) -> Option<Code> {
    let (kind, text, locations) = match (p.finalized_ir(), p.il_text()) {
        (Some(ir), _) => (
            CodeKind::Ir,
            kauai_ir::module_to_string(ir),
            kauai_ir::LocationTable::write(ir),
        ),
        (None, Some(il)) => (CodeKind::Il, il.to_string(), String::new()),
        (None, None) => return None,
    };
    Some(Code {
        kind,
        text,
        locations,
        sources: p.sources().to_vec(),
    })
}

/// The program binary property (the `program_binary` fuzz target and the icd tests):
/// any bytes handed to `clCreateProgramWithBinary` and built are either refused as not
/// a binary, or load (on the host device and on Cypress, for the binary's own
/// device) into a program or an error, without a panic. A binary's location table
/// never mislabels: one that does not fit its code is ignored.
pub fn binaries_hold(data: &[u8]) {
    let Some(b) = decode_binary(data) else {
        return;
    };
    // Bounded like a build: the text parsers have their own limits.
    for name in ["host", "kauai:cypress"] {
        if b.device != name {
            continue;
        }
        if let Some(d) = kauai_runtime::Device::by_name(name) {
            let _ = load_code(&d, &b.code);
        }
    }
}

/// A program binary of `sources` built for `device` (tests and fuzz seeds).
pub fn binary_of(device: &str, sources: &[SourceFile], options: &str) -> Result<Vec<u8>, String> {
    let d = kauai_runtime::Device::by_name(device).ok_or("no such device")?;
    let p = Program::build(&d, sources, options).map_err(|e| e.to_string())?;
    let code = code_of(&p).ok_or("nothing built")?;
    Ok(encode_binary(d.name(), options, &code))
}

/// Make the program of a binary's code for `device`.
fn load_code(device: &kauai_runtime::Device, code: &Code) -> Result<Program, RuntimeError> {
    let p = match code.kind {
        CodeKind::Ir => {
            let mut m = kauai_ir::parse_str("<program binary>", &code.text)
                .map_err(RuntimeError::BuildProgramFailure)?;
            // A table that does not fit (it always does for a binary Kauai wrote) only
            // costs the faults their lines.
            let _ = kauai_ir::LocationTable::apply(&mut m, &code.locations);
            Program::from_ir(device, m)?
        }
        CodeKind::Il => Program::from_il(
            device,
            &SourceFile {
                name: "<program binary>".into(),
                bytes: code.text.clone().into_bytes(),
            },
        )?,
    };
    Ok(p.with_sources(code.sources.clone()))
}

pub fn create_program_with_binary(
    ctx: usize,
    devices: &[usize],
    binaries: Vec<Vec<u8>>,
) -> (R<usize>, Vec<cl_int>) {
    let c = match context(ctx) {
        Ok(c) => c,
        Err(e) => return (Err(e), Vec::new()),
    };
    let mut statuses = Vec::new();
    let mut slots = Vec::new();
    let mut err = None;
    for (&dh, bin) in devices.iter().zip(binaries) {
        let d = match device(dh) {
            Ok(d) if c.has_device(&d) => d,
            _ => return (Err(CL_INVALID_DEVICE), Vec::new()),
        };
        match decode_binary(&bin) {
            Some(b) if b.device == d.rt.name() => {
                statuses.push(CL_SUCCESS);
                let mut s = empty_slot(&d);
                s.binary_type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
                s.options = b.options;
                s.from_binary = Some(b.code);
                slots.push(s);
            }
            _ => {
                statuses.push(CL_INVALID_BINARY);
                err = Some(CL_INVALID_BINARY);
                slots.push(empty_slot(&d));
            }
        }
    }
    if let Some(e) = err {
        return (Err(e), statuses);
    }
    (
        Ok(create_program(c, Vec::new(), Origin::Binary, slots)),
        statuses,
    )
}

/// The devices a build applies to: the given ones (each in the program's context) or
/// all of the context's.
fn build_devices(p: &ProgramObj, devices: Option<&[usize]>) -> R<Vec<usize>> {
    match devices {
        None => Ok(p.context.devices.iter().map(|d| d.handle).collect()),
        Some(list) => {
            for &d in list {
                let d = device(d)?;
                if !p.context.has_device(&d) {
                    return Err(CL_INVALID_DEVICE);
                }
            }
            Ok(list.to_vec())
        }
    }
}

fn build_error(e: RuntimeError) -> (cl_int, String) {
    match e {
        RuntimeError::InvalidBuildOptions(m) => (CL_INVALID_BUILD_OPTIONS, m),
        RuntimeError::BuildProgramFailure(log) => (CL_BUILD_PROGRAM_FAILURE, log),
        other => (CL_BUILD_PROGRAM_FAILURE, other.to_string()),
    }
}

pub fn build_program(p: &ProgramObj, devices: Option<&[usize]>, options: &str) -> R<()> {
    let devs = build_devices(p, devices)?;
    // A linked program is not built again (it has neither sources nor a binary).
    if p.kernels.load(Ordering::Relaxed) > 0 || lock(&p.slots).iter().any(|s| s.linked) {
        return Err(CL_INVALID_OPERATION);
    }
    let mut result = Ok(());
    for dh in devs {
        let (rt_dev, code, opts) = {
            let slots = lock(&p.slots);
            let Some(s) = slots.iter().find(|s| s.device.handle == dh) else {
                continue;
            };
            if p.origin == Origin::Binary && s.from_binary.is_none() {
                return Err(CL_INVALID_BINARY);
            }
            match &s.from_binary {
                // A binary is built already: its options stay the ones it was built with.
                Some(code) => (s.device.rt.clone(), Some(code.clone()), s.options.clone()),
                None => (s.device.rt.clone(), None, options.to_string()),
            }
        };
        {
            let mut slots = lock(&p.slots);
            if let Some(s) = slots.iter_mut().find(|s| s.device.handle == dh) {
                s.status = CL_BUILD_IN_PROGRESS;
            }
        }
        let built = std::panic::catch_unwind(|| match (&code, p.sources.as_slice()) {
            (Some(c), _) => load_code(&rt_dev, c),
            (None, [il]) if p.origin == Origin::Il => Program::from_spirv(&rt_dev, il, &opts),
            (None, _) => Program::build(&rt_dev, &p.sources, &opts),
        })
        .unwrap_or_else(|_| {
            Err(RuntimeError::BuildProgramFailure(
                "internal compiler error (a bug in Kauai)".into(),
            ))
        });
        let mut slots = lock(&p.slots);
        let Some(s) = slots.iter_mut().find(|s| s.device.handle == dh) else {
            continue;
        };
        s.options = opts;
        match built {
            Ok(prog) => {
                s.status = CL_BUILD_SUCCESS;
                s.log = prog.build_log.clone();
                s.program = Some(Arc::new(prog));
                s.binary_type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
            }
            Err(e) => {
                let (code, log) = build_error(e);
                s.status = CL_BUILD_ERROR;
                s.log = log;
                s.program = None;
                if result.is_ok() {
                    result = Err(code);
                }
            }
        }
    }
    result
}

pub fn program_info(p: &ProgramObj, param: u32) -> R<InfoValue> {
    let slots = lock(&p.slots);
    let built = slots.iter().find_map(|s| s.program.clone());
    Ok(match param {
        CL_PROGRAM_REFERENCE_COUNT => InfoValue::u32(registry::ref_count(p.handle)),
        CL_PROGRAM_CONTEXT => InfoValue::handle(p.context.handle),
        CL_PROGRAM_NUM_DEVICES => InfoValue::u32(slots.len() as u32),
        CL_PROGRAM_DEVICES => {
            InfoValue::usizes(&slots.iter().map(|s| s.device.handle).collect::<Vec<_>>())
        }
        // A program from IL has no source: the empty string, as OpenCL 2.1 has it.
        CL_PROGRAM_SOURCE if p.origin == Origin::Il => InfoValue::str(""),
        CL_PROGRAM_SOURCE => InfoValue::str(&p.source_text()),
        // The IL it was created with; nothing for any other program.
        CL_PROGRAM_IL_KHR => match (p.origin, p.sources.as_slice()) {
            (Origin::Il, [il]) => InfoValue(il.bytes.clone()),
            _ => InfoValue::empty(),
        },
        CL_PROGRAM_BINARY_SIZES => {
            InfoValue::usizes(&binaries(&slots).iter().map(Vec::len).collect::<Vec<_>>())
        }
        CL_PROGRAM_NUM_KERNELS | CL_PROGRAM_KERNEL_NAMES => {
            let Some(b) = built else {
                return Err(CL_INVALID_PROGRAM_EXECUTABLE);
            };
            if param == CL_PROGRAM_NUM_KERNELS {
                InfoValue::usize(b.info.kernels.len())
            } else {
                InfoValue::str(
                    &b.info
                        .kernels
                        .iter()
                        .map(|k| k.name.as_str())
                        .collect::<Vec<_>>()
                        .join(";"),
                )
            }
        }
        _ => return Err(CL_INVALID_VALUE),
    })
}

/// The binary of each device slot (empty where nothing is built).
pub fn binaries(slots: &[BuildSlot]) -> Vec<Vec<u8>> {
    slots
        .iter()
        .map(|s| match s.program.as_deref().and_then(code_of) {
            Some(code) => encode_binary(s.device.rt.name(), &s.options, &code),
            None => Vec::new(),
        })
        .collect()
}

pub fn program_build_info(p: &ProgramObj, dev: usize, param: u32) -> R<InfoValue> {
    let d = device(dev)?;
    let slots = lock(&p.slots);
    let Some(s) = slots.iter().find(|s| s.device.handle == d.handle) else {
        return Err(CL_INVALID_DEVICE);
    };
    Ok(match param {
        CL_PROGRAM_BUILD_STATUS => InfoValue::i32(s.status),
        CL_PROGRAM_BUILD_OPTIONS => InfoValue::str(&s.options),
        CL_PROGRAM_BUILD_LOG => InfoValue::str(&s.log),
        CL_PROGRAM_BINARY_TYPE => InfoValue::u32(s.binary_type),
        _ => return Err(CL_INVALID_VALUE),
    })
}

// ---- kernels ----

pub fn create_kernel(p: &Arc<ProgramObj>, name: &str) -> R<usize> {
    let Some(built) = p.any_built() else {
        return Err(CL_INVALID_PROGRAM_EXECUTABLE);
    };
    let info = built
        .kernel_info(name)
        .map_err(|_| CL_INVALID_KERNEL_NAME)?
        .clone();
    // Every device's build must be able to run it (an IL device may lack a feature).
    let slots: Vec<Arc<Program>> = lock(&p.slots)
        .iter()
        .filter_map(|s| s.program.clone())
        .collect();
    for prog in &slots {
        kauai_runtime::Kernel::new(prog, name).map_err(|e| match e {
            RuntimeError::InvalidKernelName { .. } => CL_INVALID_KERNEL_DEFINITION,
            other => {
                p.context.report(&other.to_string());
                CL_INVALID_KERNEL
            }
        })?;
    }
    p.kernels.fetch_add(1, Ordering::Relaxed);
    let n = info.args.len();
    Ok(registry::register(Kind::Kernel, true, |handle| KernelObj {
        handle,
        program: p.clone(),
        info,
        args: std::sync::Mutex::new(vec![None; n]),
    })
    .handle)
}

pub fn kernel_names(p: &ProgramObj) -> R<Vec<String>> {
    let Some(built) = p.any_built() else {
        return Err(CL_INVALID_PROGRAM_EXECUTABLE);
    };
    Ok(built.info.kernels.iter().map(|k| k.name.clone()).collect())
}

/// `clSetKernelArg`. `value` is the bytes at `arg_value` (None for NULL).
pub fn set_kernel_arg(k: &KernelObj, index: u32, size: usize, value: Option<&[u8]>) -> R<()> {
    let Some(a) = k.info.args.get(index as usize) else {
        return Err(CL_INVALID_ARG_INDEX);
    };
    let v = match &a.kind {
        _ if crate::images::is_image_arg(a) => crate::images::image_arg(k, a, size, value)?,
        _ if crate::images::is_sampler_arg(a) => crate::images::sampler_arg(k, size, value)?,
        ArgKind::Buffer(_) => {
            if size != std::mem::size_of::<cl_mem>() {
                return Err(CL_INVALID_ARG_SIZE);
            }
            let h = value.map_or(0, |b| {
                const N: usize = std::mem::size_of::<usize>();
                let mut w = [0u8; N];
                w.copy_from_slice(&b[..N]);
                usize::from_ne_bytes(w)
            });
            if h == 0 {
                SetArg::Val(ArgVal::NullMem)
            } else {
                let m = mem(h).map_err(|_| CL_INVALID_MEM_OBJECT)?;
                if m.context.handle != k.program.context.handle || m.image.is_some() {
                    return Err(CL_INVALID_MEM_OBJECT);
                }
                SetArg::Mem(Arc::downgrade(&m))
            }
        }
        ArgKind::Local => {
            if value.is_some() {
                return Err(CL_INVALID_ARG_VALUE);
            }
            if size == 0 {
                return Err(CL_INVALID_ARG_SIZE);
            }
            SetArg::Val(ArgVal::Local(size as u64))
        }
        ArgKind::Value(_) | ArgKind::ByVal { .. } => {
            if size as u64 != a.size {
                return Err(CL_INVALID_ARG_SIZE);
            }
            match value {
                None => return Err(CL_INVALID_ARG_VALUE),
                Some(b) => SetArg::Val(ArgVal::Bytes(b.to_vec())),
            }
        }
    };
    lock(&k.args)[index as usize] = Some(v);
    Ok(())
}

pub fn kernel_info(k: &KernelObj, param: u32) -> R<InfoValue> {
    Ok(match param {
        CL_KERNEL_FUNCTION_NAME => InfoValue::str(&k.info.name),
        CL_KERNEL_NUM_ARGS => InfoValue::u32(k.info.args.len() as u32),
        CL_KERNEL_REFERENCE_COUNT => InfoValue::u32(registry::ref_count(k.handle)),
        CL_KERNEL_CONTEXT => InfoValue::handle(k.program.context.handle),
        CL_KERNEL_PROGRAM => InfoValue::handle(k.program.handle),
        CL_KERNEL_ATTRIBUTES => {
            let mut attrs = Vec::new();
            if let Some(r) = k.info.reqd_work_group_size {
                attrs.push(format!("reqd_work_group_size({},{},{})", r[0], r[1], r[2]));
            }
            if let Some(r) = k.info.work_group_size_hint {
                attrs.push(format!("work_group_size_hint({},{},{})", r[0], r[1], r[2]));
            }
            if let Some(t) = &k.info.vec_type_hint {
                attrs.push(format!("vec_type_hint({t})"));
            }
            InfoValue::str(&attrs.join(" "))
        }
        _ => return Err(CL_INVALID_VALUE),
    })
}

pub fn kernel_arg_info(k: &KernelObj, index: u32, param: u32) -> R<InfoValue> {
    let Some(a) = k.info.args.get(index as usize) else {
        return Err(CL_INVALID_ARG_INDEX);
    };
    if k.program.origin != Origin::Source {
        return Err(CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
    }
    Ok(match param {
        CL_KERNEL_ARG_ADDRESS_QUALIFIER => InfoValue::u32(match a.kind {
            ArgKind::Buffer(AddrSpace::Constant) => CL_KERNEL_ARG_ADDRESS_CONSTANT,
            ArgKind::Buffer(_) => CL_KERNEL_ARG_ADDRESS_GLOBAL,
            ArgKind::Local => CL_KERNEL_ARG_ADDRESS_LOCAL,
            _ => CL_KERNEL_ARG_ADDRESS_PRIVATE,
        }),
        CL_KERNEL_ARG_ACCESS_QUALIFIER => InfoValue::u32(if crate::images::is_image_arg(a) {
            match a.access_qual.as_str() {
                "write_only" => CL_KERNEL_ARG_ACCESS_WRITE_ONLY,
                "read_write" => CL_KERNEL_ARG_ACCESS_READ_WRITE,
                _ => CL_KERNEL_ARG_ACCESS_READ_ONLY,
            }
        } else {
            CL_KERNEL_ARG_ACCESS_NONE
        }),
        CL_KERNEL_ARG_TYPE_NAME => InfoValue::str(&a.type_name),
        CL_KERNEL_ARG_TYPE_QUALIFIER => {
            let mut q: u64 = 0;
            for w in a.type_qual.split_whitespace() {
                q |= match w {
                    "const" => CL_KERNEL_ARG_TYPE_CONST as u64,
                    "restrict" => CL_KERNEL_ARG_TYPE_RESTRICT as u64,
                    "volatile" => CL_KERNEL_ARG_TYPE_VOLATILE as u64,
                    _ => 0,
                };
            }
            if matches!(a.kind, ArgKind::Buffer(AddrSpace::Constant)) {
                q |= CL_KERNEL_ARG_TYPE_CONST as u64;
            }
            InfoValue::u64(q)
        }
        CL_KERNEL_ARG_NAME => InfoValue::str(&a.name),
        _ => return Err(CL_INVALID_VALUE),
    })
}

fn local_args(k: &KernelObj) -> u64 {
    lock(&k.args)
        .iter()
        .map(|a| match a {
            Some(SetArg::Val(ArgVal::Local(n))) => *n,
            _ => 0,
        })
        .sum()
}

pub fn kernel_work_group_info(k: &KernelObj, dev: usize, param: u32) -> R<InfoValue> {
    let d = if dev == 0 {
        let slots = lock(&k.program.slots);
        if slots.len() != 1 {
            return Err(CL_INVALID_DEVICE);
        }
        slots[0].device.clone()
    } else {
        let d = device(dev)?;
        if !k.program.context.has_device(&d) {
            return Err(CL_INVALID_DEVICE);
        }
        d
    };
    let di = &d.rt.info.device_info;
    Ok(match param {
        CL_KERNEL_WORK_GROUP_SIZE => InfoValue::usize(match k.info.reqd_work_group_size {
            Some(r) => r.iter().map(|&x| x as usize).product(),
            None => di.max_work_group_size as usize,
        }),
        CL_KERNEL_COMPILE_WORK_GROUP_SIZE => InfoValue::usizes(
            &k.info
                .reqd_work_group_size
                .map_or([0; 3], |r| r.map(|x| x as usize)),
        ),
        CL_KERNEL_LOCAL_MEM_SIZE => InfoValue::u64(k.info.local_memory_size + local_args(k)),
        CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE => {
            InfoValue::usize(d.rt.mcpu().map_or(1, |m| m.wavefront as usize))
        }
        CL_KERNEL_PRIVATE_MEM_SIZE => InfoValue::u64(0),
        // Only for custom devices and built-in kernels.
        _ => return Err(CL_INVALID_VALUE),
    })
}

// ---- enqueue ----

/// The queue and the events of a wait list, checked.
pub fn prepare(q: usize, wait: &[usize]) -> R<(Arc<Queue>, Vec<Arc<Event>>)> {
    let q = queue(q)?;
    let mut events = Vec::with_capacity(wait.len());
    for &e in wait {
        let e = event(e).map_err(|_| CL_INVALID_EVENT_WAIT_LIST)?;
        if e.context.handle != q.context.handle {
            return Err(CL_INVALID_CONTEXT);
        }
        events.push(e);
    }
    Ok((q, events))
}

/// A memory object (buffer or image) of the queue's context.
pub fn queue_mem(q: &Queue, m: usize) -> R<Arc<Mem>> {
    let m = mem(m)?;
    if m.context.handle != q.context.handle {
        return Err(CL_INVALID_CONTEXT);
    }
    Ok(m)
}

/// A buffer of the queue's context, with the region `offset..offset+len` inside it.
pub fn buffer_region(q: &Queue, m: usize, offset: usize, len: usize) -> R<Arc<Mem>> {
    let m = queue_mem(q, m)?;
    if m.image.is_some() {
        return Err(CL_INVALID_MEM_OBJECT);
    }
    if offset.checked_add(len).is_none_or(|end| end > m.size) {
        return Err(CL_INVALID_VALUE);
    }
    Ok(m)
}

/// Finish a blocking command: wait, and report a failed wait list as the spec says.
pub fn finish_blocking(e: &Event) -> R<()> {
    if e.wait() < 0 {
        Err(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    } else {
        Ok(())
    }
}

pub fn enqueue_kernel(
    q: &Arc<Queue>,
    k: &Arc<KernelObj>,
    work_dim: u32,
    offset: Option<Vec<u64>>,
    global: Option<Vec<u64>>,
    local: Option<Vec<u64>>,
) -> R<Work> {
    if k.program.context.handle != q.context.handle {
        return Err(CL_INVALID_CONTEXT);
    }
    let Some(program) = k.program.built_for(&q.device) else {
        return Err(CL_INVALID_PROGRAM_EXECUTABLE);
    };
    if !(1..=3).contains(&work_dim) {
        return Err(CL_INVALID_WORK_DIMENSION);
    }
    let dims = work_dim as usize;
    let Some(global) = global else {
        return Err(CL_INVALID_GLOBAL_WORK_SIZE);
    };
    if global.contains(&0) {
        return Err(CL_INVALID_GLOBAL_WORK_SIZE);
    }
    let limit = if q.device.gpu {
        u64::from(u32::MAX)
    } else {
        u64::MAX
    };
    if let Some(o) = &offset {
        for d in 0..dims {
            if o[d].checked_add(global[d]).is_none_or(|e| e > limit) {
                return Err(CL_INVALID_GLOBAL_OFFSET);
            }
        }
    }
    let di = &q.device.rt.info.device_info;
    let reqd = k.info.reqd_work_group_size.map(|r| r.map(u64::from));
    let eff_local: Option<[u64; 3]> = match &local {
        Some(l) => {
            let mut a = [1u64; 3];
            a[..dims].copy_from_slice(&l[..dims]);
            Some(a)
        }
        None => reqd,
    };
    if let Some(l) = eff_local {
        if let (Some(r), Some(_)) = (reqd, &local) {
            if r != l {
                return Err(CL_INVALID_WORK_GROUP_SIZE);
            }
        }
        for d in 0..dims {
            if l[d] == 0 || global[d] % l[d] != 0 {
                return Err(CL_INVALID_WORK_GROUP_SIZE);
            }
        }
        // Each size may be huge (it divides a huge global size): multiply checked.
        let items = l.iter().try_fold(1u64, |a, &x| a.checked_mul(x));
        if items.is_none_or(|n| n > di.max_work_group_size) {
            return Err(CL_INVALID_WORK_GROUP_SIZE);
        }
        if l.iter().zip(&di.max_work_item_sizes).any(|(l, m)| l > m) {
            return Err(CL_INVALID_WORK_ITEM_SIZE);
        }
    }
    let args: Vec<ArgVal> = {
        let a = lock(&k.args);
        let mut out = Vec::with_capacity(a.len());
        for (i, v) in a.iter().enumerate() {
            out.push(match v {
                None => {
                    let name = k.info.args.get(i).map_or("", |x| x.name.as_str());
                    crate::api_checks::unset_argument(&k.info.name, i, name);
                    return Err(CL_INVALID_KERNEL_ARGS);
                }
                // A buffer released since it was set is no argument any more.
                Some(SetArg::Mem(w)) => ArgVal::Mem(w.upgrade().ok_or(CL_INVALID_KERNEL_ARGS)?),
                Some(SetArg::Val(v)) => v.clone(),
            });
        }
        out
    };
    if k.info.local_memory_size + local_args(k) > di.local_mem_size {
        return Err(CL_OUT_OF_RESOURCES);
    }
    Ok(Work::Kernel {
        kernel: k.clone(),
        program,
        args,
        nd: NdRangeSpec {
            work_dim,
            global_offset: offset,
            global_size: global,
            local_size: local,
        },
    })
}

// ---- events ----

pub fn event_info(e: &Event, param: u32) -> R<InfoValue> {
    Ok(match param {
        CL_EVENT_COMMAND_QUEUE => InfoValue::handle(e.queue.as_ref().map_or(0, |q| q.handle)),
        CL_EVENT_CONTEXT => InfoValue::handle(e.context.handle),
        CL_EVENT_COMMAND_TYPE => InfoValue::u32(e.command_type),
        CL_EVENT_COMMAND_EXECUTION_STATUS => InfoValue::i32(e.status()),
        CL_EVENT_REFERENCE_COUNT => InfoValue::u32(registry::ref_count(e.handle)),
        _ => return Err(CL_INVALID_VALUE),
    })
}

pub fn event_profiling_info(e: &Event, param: u32) -> R<InfoValue> {
    let Some(q) = &e.queue else {
        return Err(CL_PROFILING_INFO_NOT_AVAILABLE);
    };
    let s = lock(&e.state);
    if !q.profiling() || s.status != CL_COMPLETE {
        return Err(CL_PROFILING_INFO_NOT_AVAILABLE);
    }
    let i = match param {
        CL_PROFILING_COMMAND_QUEUED => 0,
        CL_PROFILING_COMMAND_SUBMIT => 1,
        CL_PROFILING_COMMAND_START => 2,
        CL_PROFILING_COMMAND_END => 3,
        _ => return Err(CL_INVALID_VALUE),
    };
    Ok(InfoValue::u64(s.times[i]))
}

pub fn create_user_event(ctx: usize) -> R<usize> {
    let c = context(ctx)?;
    Ok(Event::new(c, None, CL_COMMAND_USER, true).handle)
}

pub fn set_user_event_status(e: &Event, status: cl_int) -> R<()> {
    if e.queue.is_some() {
        return Err(CL_INVALID_EVENT);
    }
    if status > CL_COMPLETE {
        return Err(CL_INVALID_VALUE);
    }
    if e.status() <= CL_COMPLETE {
        return Err(CL_INVALID_OPERATION);
    }
    e.set_status(status);
    Ok(())
}

pub fn wait_for_events(events: &[usize]) -> R<()> {
    if events.is_empty() {
        return Err(CL_INVALID_VALUE);
    }
    let mut evs = Vec::with_capacity(events.len());
    for &h in events {
        let e = event(h)?;
        if let Some(first) = evs.first() {
            let first: &Arc<Event> = first;
            if first.context.handle != e.context.handle {
                return Err(CL_INVALID_CONTEXT);
            }
        }
        evs.push(e);
    }
    let mut failed = false;
    for e in &evs {
        failed |= e.wait() < 0;
    }
    if failed {
        Err(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binaries_decode_exactly_what_was_encoded() {
        let code = Code {
            kind: CodeKind::Ir,
            text: "module text\n".into(),
            locations: "file k.cl\nfn @k 0:1:2\n".into(),
            sources: vec![SourceFile {
                name: "k.cl".into(),
                bytes: b"kernel void k() {}\n".to_vec(),
            }],
        };
        let b = encode_binary("host", "-DX=1", &code);
        let d = decode_binary(&b).expect("decodes");
        assert_eq!((d.device.as_str(), d.options.as_str()), ("host", "-DX=1"));
        assert_eq!(d.code.kind, CodeKind::Ir);
        assert_eq!(d.code.text, code.text);
        assert_eq!(d.code.locations, code.locations);
        assert_eq!(d.code.sources.len(), 1);
        assert_eq!(d.code.sources[0].name, "k.cl");
        assert_eq!(d.code.sources[0].bytes, code.sources[0].bytes);
        // Every truncation, and trailing bytes, are rejected (CL_INVALID_BINARY).
        for n in 0..b.len() {
            assert!(decode_binary(&b[..n]).is_none(), "prefix of {n} bytes");
        }
        let mut longer = b.clone();
        longer.push(b'x');
        assert!(decode_binary(&longer).is_none());
        assert!(decode_binary(
            b"KAUAI-PROGRAM-BINARY 3\ndevice host\ncode xx\noptions 0\n\nlength 0\n\nlocations 0\n\nsources 0\n"
        )
        .is_none());
        // The previous format (no locations, no sources) is still read.
        let old = b"KAUAI-PROGRAM-BINARY 2\ndevice host\ncode ir\noptions 2\n-w\nlength 5\nabcde";
        let d = decode_binary(old).expect("a format 2 binary decodes");
        assert_eq!((d.options.as_str(), d.code.text.as_str()), ("-w", "abcde"));
        assert!(d.code.locations.is_empty() && d.code.sources.is_empty());
        assert!(decode_binary(&old[..old.len() - 1]).is_none());
    }
}
