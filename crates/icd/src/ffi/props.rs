//! The C API's robustness property, shared by the fuzz target
//! (`fuzz/fuzz_targets/icd_api.rs`, on fuzzer-chosen bytes) and the property test
//! (`tests/it/api_props.rs`, on deterministic inputs and the kept fuzz regressions), so both
//! check exactly the same thing. It panics when the property fails. Not part of the
//! crate's API.
//!
//! The input is read as a sequence of OpenCL calls through the exported entry points
//! (what the ICD loader calls). Object handles are picked by the input from the objects
//! made so far (live or released), NULL and garbage (a stack address, small integers, a
//! fake object with the right dispatch pointer): the registry must reject every bad
//! handle without dereferencing it. Host pointers are always valid for the size the call
//! is told, as the C API's contract requires of the application (for images: every row
//! the origin, region and pitches name). The setup adds an image and a sampler, and the
//! input's image steps create, read, write, copy, fill and map images and samplers; its IL
//! steps make programs of a SPIR-V module, whole, cut or with a byte changed.
//!
//! Property: every call returns (a CL error code or success; no panic reaches the
//! boundary, which would be `CL_OUT_OF_HOST_MEMORY`), and once the run releases what it
//! holds no object is left alive.
//!
//! Runs are bounded: at most [`MAX_CALLS`] calls, [`MAX_BUILDS`] builds, [`MAX_LAUNCHES`]
//! kernel launches of at most [`LAUNCH_FUEL`] instructions each, buffers of at most
//! [`HOST_CAP`] bytes (larger sizes are only ever refused sizes, with no host pointer).

use std::collections::HashMap;
use std::ffi::{c_char, c_void, CString};
use std::time::{Duration, Instant};

use opencl_sys::*;

use super::*;
use crate::registry::{self, IcdHeader, Kind};

/// Calls in one run.
pub const MAX_CALLS: usize = 300;
/// `clBuildProgram` calls in one run (each compiles for every device).
pub const MAX_BUILDS: usize = 4;
/// `clEnqueueNDRangeKernel`/`clEnqueueTask` calls in one run.
pub const MAX_LAUNCHES: usize = 12;
/// The instruction budget of every launch in a process that runs the property (set
/// before its first launch), so a kernel ends whatever sizes the input asks for.
pub const LAUNCH_FUEL: u64 = 200_000;
/// The largest host buffer the property allocates; a larger size goes with NULL.
pub const HOST_CAP: usize = 1 << 14;
/// Handles remembered per kind (the oldest are forgotten first; they stay released or
/// held, and are released at the end either way).
const POOL_CAP: usize = 48;

/// The fixed programs: valid kernels (with out-of-bounds accesses for some sizes and
/// loops bounded only by fuel) and one that does not compile.
const SOURCES: [&str; 4] = [
    "__kernel void add(__global int *a, __global const int *b, int n) {\n\
     size_t i = get_global_id(0);\n a[i] = a[i] + b[i] + n;\n}\n",
    "__kernel void scale(__global float *x, __local float *tmp, float s, uint n) {\n\
     size_t l = get_local_id(0);\n tmp[l] = x[get_global_id(0)] * s;\n\
     barrier(CLK_LOCAL_MEM_FENCE);\n\
     for (uint k = 0; k < n; k++) x[get_global_id(0)] += tmp[(l + k) % get_local_size(0)];\n}\n\
     __kernel void copy4(__global int4 *d, __global const int4 *s, int off) {\n\
     d[get_global_id(0)] = s[get_global_id(0) + off];\n}\n",
    "__kernel void spin(__global uint *out) {\n uint x = 1;\n\
     while (x != 0) x = x * 3 + 1;\n out[0] = x;\n}\n",
    "__kernel void broken(__global int *a { a[0] = ; }\n",
];
/// A SPIR-V module (saxpy, frozen by `filetests/spirv/gen.sh`) for
/// `clCreateProgramWithILKHR`, passed whole, cut or with one byte changed.
const SPIRV: &[u8] = include_bytes!("../../../../filetests/spirv/algorithms_saxpy.spv");
/// Step bytes from here to [`IMAGE_STEPS`] are `clCreateProgramWithILKHR` calls.
const IL_STEPS: u8 = 240;
/// Step bytes from here on are image calls.
const IMAGE_STEPS: u8 = 244;
const KERNEL_NAMES: [&str; 6] = ["add", "scale", "copy4", "spin", "broken", ""];
const BUILD_OPTIONS: [&str; 5] = ["", "-cl-opt-disable", "-D N=4", "-bogus-option", "-I"];

/// The input, read as small choices; an exhausted input reads as zeros.
struct Input<'a> {
    data: &'a [u8],
}

impl Input<'_> {
    fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }
    fn u16(&mut self) -> u16 {
        u16::from(self.u8()) | (u16::from(self.u8()) << 8)
    }
    fn u32(&mut self) -> u32 {
        u32::from(self.u16()) | (u32::from(self.u16()) << 16)
    }
    fn u64(&mut self) -> u64 {
        u64::from(self.u32()) | (u64::from(self.u32()) << 32)
    }
    fn below(&mut self, n: usize) -> usize {
        usize::from(self.u8()) % n.max(1)
    }
    /// True for one value in `n`.
    fn one_in(&mut self, n: u8) -> bool {
        self.u8().is_multiple_of(n)
    }
    fn flag(&mut self) -> bool {
        self.u8() & 1 != 0
    }
    /// A size or offset: mostly small, sometimes 0 or far too large.
    fn size(&mut self) -> usize {
        match self.u8() % 16 {
            0 => 0,
            1 => usize::MAX,
            2 => 1 << 40,
            3 => usize::MAX - 3,
            4 | 5 => 1 + usize::from(self.u16()) % 4096,
            // Within the setup's buffers, often aligned.
            6..=10 => usize::from(self.u8() % 65) & !3,
            _ => usize::from(self.u8() % 65),
        }
    }
    /// A work size: mostly a few items, sometimes 0 or huge.
    fn work(&mut self) -> usize {
        match self.u8() % 16 {
            0 => 0,
            1 => usize::MAX,
            2 => 1 << 33,
            3 => 1 + usize::from(self.u16()),
            _ => 1 + usize::from(self.u8() % 16),
        }
    }
}

/// The handle pools of one kind.
fn pool_index(kind: Kind) -> usize {
    kind as usize
}

struct Run<'a> {
    input: Input<'a>,
    platform: usize,
    devices: Vec<usize>,
    /// Every handle returned per kind (by `Kind as usize`), live or not.
    pools: [Vec<usize>; 9],
    /// The API references this run holds, by handle.
    refs: HashMap<usize, (Kind, u32)>,
    /// Events the run holds one reference to until the end: the commands that write
    /// host memory it owns, which must complete before that memory is freed.
    pending: Vec<usize>,
    /// User events not yet given a status (set before anything may block on them).
    user_events: Vec<(usize, cl_int)>,
    /// Mappings returned: (buffer, pointer).
    maps: Vec<(usize, usize)>,
    /// Host memory given to the API; freed only after every command completed.
    host: Vec<Vec<u8>>,
    /// Garbage handles: addresses of memory that is no object.
    garbage: Vec<usize>,
    builds: usize,
    launches: usize,
}

fn check(what: &str, code: cl_int) {
    // A panic inside an entry point is caught and reported as CL_OUT_OF_HOST_MEMORY;
    // nothing here allocates enough to run out for real.
    assert!(
        code != CL_OUT_OF_HOST_MEMORY,
        "{what}: an entry point panicked (CL_OUT_OF_HOST_MEMORY)"
    );
    assert!(code <= 0, "{what}: returned {code}, not a CL status");
}

extern "C" fn context_notify(_: *const c_char, _: *const c_void, _: usize, _: *mut c_void) {}
extern "C" fn event_notify(_: cl_event, _: cl_int, _: *mut c_void) {}

impl Run<'_> {
    fn pool(&mut self, kind: Kind) -> &mut Vec<usize> {
        &mut self.pools[pool_index(kind)]
    }

    /// A new object of `kind` returned with one API reference.
    fn created(&mut self, kind: Kind, h: usize, code: cl_int, what: &str) {
        check(what, code);
        assert_eq!(
            h != 0,
            code == CL_SUCCESS,
            "{what}: handle {h:#x} with status {code}"
        );
        if h != 0 {
            self.refs.insert(h, (kind, 1));
            let pool = self.pool(kind);
            if pool.len() >= POOL_CAP {
                pool.remove(0);
            }
            pool.push(h);
        }
    }

    fn retained(&mut self, kind: Kind, h: usize) {
        let e = self.refs.entry(h).or_insert((kind, 0));
        if e.0 != kind {
            // The address was reused: the object it named is gone.
            *e = (kind, 0);
        }
        e.1 += 1;
    }

    fn released(&mut self, kind: Kind, h: usize) {
        if let Some(e) = self.refs.get_mut(&h) {
            if e.0 == kind {
                e.1 = e.1.saturating_sub(1);
            }
        }
    }

    /// A handle for a parameter of `kind`: mostly one of that kind (live or released),
    /// otherwise NULL, garbage or a handle of another kind.
    fn pick(&mut self, kind: Kind) -> usize {
        let sel = self.input.u8() % 16;
        let pool = match sel {
            0..=10 => pool_index(kind),
            11 => return 0,
            12 | 13 => {
                let i = self.input.below(self.garbage.len());
                return self.garbage[i];
            }
            14 => self.input.below(8),
            _ => {
                let i = self.input.below(self.devices.len() + 1);
                return self.devices.get(i).copied().unwrap_or(self.platform);
            }
        };
        let p = match pool {
            0 => return self.platform,
            1 => &self.devices,
            _ => &self.pools[pool],
        };
        // Mostly a handle the run still holds (in the pool's order: deterministic).
        let held: Vec<usize> = if sel < 8 && pool > 1 {
            p.iter()
                .copied()
                .filter(|h| self.refs.get(h).is_some_and(|&(_, n)| n > 0))
                .collect()
        } else {
            p.clone()
        };
        if held.is_empty() {
            return p.last().copied().unwrap_or(0);
        }
        let i = self.input.below(held.len());
        held[held.len() - 1 - i]
    }

    fn kind(&mut self) -> Kind {
        const KINDS: [Kind; 8] = [
            Kind::Platform,
            Kind::Device,
            Kind::Context,
            Kind::Queue,
            Kind::Mem,
            Kind::Program,
            Kind::Kernel,
            Kind::Event,
        ];
        KINDS[self.input.below(KINDS.len())]
    }

    /// Host memory of `len` bytes kept until the end of the run, or NULL when `len` is
    /// over [`HOST_CAP`] (or the input says so).
    fn host(&mut self, len: usize) -> *mut c_void {
        if len > HOST_CAP || self.input.one_in(16) {
            return std::ptr::null_mut();
        }
        let fill = self.input.u8();
        let mut v = vec![fill; len.max(1)];
        let p = v.as_mut_ptr().cast::<c_void>();
        self.host.push(v);
        p
    }

    /// An event wait list: (count, pointer), the list kept alive by `list`.
    fn wait_list(&mut self, list: &mut Vec<cl_event>) -> (cl_uint, *const cl_event) {
        match self.input.u8() % 16 {
            0..=9 => (0, std::ptr::null()),
            10 => (1 + self.input.u8() as cl_uint % 3, std::ptr::null()),
            11 => {
                list.push(std::ptr::null_mut());
                (0, list.as_ptr())
            }
            _ => {
                let n = 1 + self.input.below(3);
                for _ in 0..n {
                    let h = self.pick(Kind::Event);
                    list.push(h as cl_event);
                }
                (n as cl_uint, list.as_ptr())
            }
        }
    }

    /// The out-event of a command: NULL or a slot; `forced` asks for one anyway (a
    /// command writing host memory the run owns).
    fn event_slot(&mut self, forced: bool) -> (bool, bool) {
        let wanted = self.input.one_in(4);
        (wanted, wanted || forced)
    }

    /// Record the event a command returned.
    fn got_event(&mut self, code: cl_int, ev: cl_event, wanted: bool, forced: bool) {
        if code != CL_SUCCESS || !(wanted || forced) {
            return;
        }
        let h = ev as usize;
        assert!(h != 0, "a command succeeded without its event");
        if wanted {
            self.created(Kind::Event, h, code, "event");
        }
        if forced {
            if wanted {
                // SAFETY: any handle value may be passed; the registry checks it.
                let r = unsafe { clRetainEvent(ev.cast()) };
                assert_eq!(r, CL_SUCCESS, "retain of a fresh event");
            }
            self.pending.push(h);
        }
    }

    /// Give every user event its status, so nothing that follows may wait forever.
    fn settle_user_events(&mut self) {
        for (h, status) in std::mem::take(&mut self.user_events) {
            // SAFETY: any handle value may be passed; the registry checks it.
            let r = unsafe { clSetUserEventStatus(h as cl_event, status) };
            check("clSetUserEventStatus", r);
        }
    }

    fn step(&mut self) {
        let b = self.input.u8();
        // The image calls came later: the top bytes choose them, so the other calls
        // keep the bytes they had (the kept fuzz regressions replay as before, mostly).
        if b >= IMAGE_STEPS {
            return self.image_step(b - IMAGE_STEPS);
        }
        if b >= IL_STEPS {
            return self.create_with_il();
        }
        match b % 28 {
            0 => {
                let n = self.input.u8() as cl_uint % 3;
                let mut ids = [std::ptr::null_mut(); 2];
                let mut num: cl_uint = 0;
                let p = if self.input.flag() {
                    ids.as_mut_ptr()
                } else {
                    std::ptr::null_mut()
                };
                let q = if self.input.flag() {
                    &mut num as *mut cl_uint
                } else {
                    std::ptr::null_mut()
                };
                let n = n.min(2);
                // SAFETY: `p` (if not NULL) has room for 2 >= `n` handles, `q` is NULL
                // or a cl_uint.
                let r = unsafe { clGetPlatformIDs(n, p, q) };
                check("clGetPlatformIDs", r);
            }
            1 => {
                let platform = self.pick(Kind::Platform);
                let types = [
                    CL_DEVICE_TYPE_ALL,
                    CL_DEVICE_TYPE_CPU,
                    CL_DEVICE_TYPE_GPU,
                    CL_DEVICE_TYPE_DEFAULT,
                    CL_DEVICE_TYPE_ACCELERATOR,
                    0,
                    u64::from(self.input.u32()),
                ];
                let t = types[self.input.below(types.len())];
                let mut ids = [std::ptr::null_mut(); 8];
                let n = self.input.u8() as cl_uint % 9;
                let mut num: cl_uint = 0;
                let p = if self.input.flag() {
                    ids.as_mut_ptr()
                } else {
                    std::ptr::null_mut()
                };
                // SAFETY: `p` is NULL or has room for 8 >= `n` handles; `num` is a cl_uint.
                let r = unsafe { clGetDeviceIDs(platform as cl_platform_id, t, n, p, &mut num) };
                check("clGetDeviceIDs", r);
            }
            2 => {
                let n = self.input.below(4);
                let mut devs: Vec<cl_device_id> = Vec::new();
                for _ in 0..n {
                    let d = self.pick(Kind::Device);
                    devs.push(d as cl_device_id);
                }
                let props: Vec<cl_context_properties> = match self.input.u8() % 4 {
                    0 => vec![CL_CONTEXT_PLATFORM, self.pick(Kind::Platform) as isize, 0],
                    1 => vec![self.input.u32() as isize, self.input.u32() as isize, 0],
                    _ => vec![0],
                };
                let notify: Option<ContextNotify> = if self.input.flag() {
                    Some(context_notify)
                } else {
                    None
                };
                let mut code = 0;
                let user = self.garbage[0] as *mut c_void;
                let user = if self.input.one_in(8) {
                    user
                } else {
                    std::ptr::null_mut()
                };
                let devp = if devs.is_empty() && self.input.flag() {
                    std::ptr::null()
                } else {
                    devs.as_ptr()
                };
                // SAFETY: `props` is 0-terminated, `devs` holds `n` handles, the callback
                // has the C signature, `code` is a cl_int.
                let h = unsafe {
                    clCreateContext(props.as_ptr(), n as cl_uint, devp, notify, user, &mut code)
                };
                self.created(Kind::Context, h as usize, code, "clCreateContext");
            }
            3 => {
                let ctx = self.pick(Kind::Context);
                let dev = self.pick(Kind::Device);
                let props = [
                    0,
                    CL_QUEUE_PROFILING_ENABLE,
                    CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
                    u64::from(self.input.u32()),
                ][self.input.below(4)];
                let mut code = 0;
                // SAFETY: handles may be any value; `code` is a cl_int.
                let h = unsafe {
                    clCreateCommandQueue(ctx as cl_context, dev as cl_device_id, props, &mut code)
                };
                self.created(Kind::Queue, h as usize, code, "clCreateCommandQueue");
            }
            4 => {
                let ctx = self.pick(Kind::Context);
                let all = [
                    CL_MEM_READ_WRITE,
                    CL_MEM_READ_ONLY,
                    CL_MEM_WRITE_ONLY,
                    CL_MEM_USE_HOST_PTR,
                    CL_MEM_COPY_HOST_PTR,
                    CL_MEM_ALLOC_HOST_PTR,
                    CL_MEM_HOST_READ_ONLY,
                    CL_MEM_HOST_WRITE_ONLY,
                    CL_MEM_HOST_NO_ACCESS,
                ];
                let mut flags = 0;
                for _ in 0..self.input.below(3) {
                    flags |= all[self.input.below(all.len())];
                }
                if self.input.one_in(16) {
                    flags = self.input.u64();
                }
                let size = self.input.size();
                let ptr = if flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR) != 0
                    || self.input.one_in(8)
                {
                    self.host(size)
                } else {
                    std::ptr::null_mut()
                };
                let mut code = 0;
                // SAFETY: `ptr` is NULL or `size` bytes kept until the end of the run.
                let h = unsafe { clCreateBuffer(ctx as cl_context, flags, size, ptr, &mut code) };
                self.created(Kind::Mem, h as usize, code, "clCreateBuffer");
            }
            5 => {
                let mem = self.pick(Kind::Mem);
                let flags = [0, CL_MEM_READ_ONLY, CL_MEM_USE_HOST_PTR, CL_MEM_WRITE_ONLY]
                    [self.input.below(4)];
                let region = cl_buffer_region {
                    origin: self.input.size() & !127,
                    size: self.input.size(),
                };
                let ty = if self.input.one_in(8) {
                    self.input.u32()
                } else {
                    CL_BUFFER_CREATE_TYPE_REGION
                };
                let info: *const c_void = if self.input.one_in(8) {
                    std::ptr::null()
                } else {
                    (&region as *const cl_buffer_region).cast()
                };
                let mut code = 0;
                // SAFETY: `info` is NULL or a `cl_buffer_region`.
                let h = unsafe { clCreateSubBuffer(mem as cl_mem, flags, ty, info, &mut code) };
                self.created(Kind::Mem, h as usize, code, "clCreateSubBuffer");
            }
            6 | 7 => self.read_write(),
            8 => {
                let q = self.pick(Kind::Queue);
                let (src, dst) = (self.pick(Kind::Mem), self.pick(Kind::Mem));
                let (so, d_o, size) = (self.input.size(), self.input.size(), self.input.size());
                let mut list = Vec::new();
                let (n, w) = self.wait_list(&mut list);
                let (wanted, _) = self.event_slot(false);
                let mut ev: cl_event = std::ptr::null_mut();
                let evp = event_out(wanted, &mut ev);
                // SAFETY: the wait list holds `n` handles (or is NULL), `evp` is NULL or
                // a cl_event slot.
                let r = unsafe {
                    clEnqueueCopyBuffer(
                        q as cl_command_queue,
                        src as cl_mem,
                        dst as cl_mem,
                        so,
                        d_o,
                        size,
                        n,
                        w,
                        evp,
                    )
                };
                check("clEnqueueCopyBuffer", r);
                self.got_event(r, ev, wanted, false);
            }
            9 => {
                let q = self.pick(Kind::Queue);
                let mem = self.pick(Kind::Mem);
                let psize = [0, 1, 2, 3, 4, 8, 16, 64, 128, 256][self.input.below(10)];
                let pattern = vec![self.input.u8(); psize.max(1)];
                let pp: *const c_void = if self.input.one_in(8) {
                    std::ptr::null()
                } else {
                    pattern.as_ptr().cast()
                };
                let (offset, size) = (self.input.size(), self.input.size());
                let mut list = Vec::new();
                let (n, w) = self.wait_list(&mut list);
                let (wanted, _) = self.event_slot(false);
                let mut ev: cl_event = std::ptr::null_mut();
                let evp = event_out(wanted, &mut ev);
                // SAFETY: `pp` is NULL or `psize` bytes; wait list and event as above.
                let r = unsafe {
                    clEnqueueFillBuffer(
                        q as cl_command_queue,
                        mem as cl_mem,
                        pp,
                        psize,
                        offset,
                        size,
                        n,
                        w,
                        evp,
                    )
                };
                check("clEnqueueFillBuffer", r);
                self.got_event(r, ev, wanted, false);
            }
            10 => {
                let ctx = self.pick(Kind::Context);
                let i = self.input.below(SOURCES.len());
                let two = self.input.one_in(4);
                let texts: Vec<CString> = [SOURCES[i], SOURCES[(i + 1) % SOURCES.len()]]
                    .iter()
                    .map(|s| CString::new(*s).unwrap_or_default())
                    .collect();
                let mut ptrs: Vec<*const c_char> = texts.iter().map(|t| t.as_ptr()).collect();
                let lens: Vec<usize> = match self.input.u8() % 4 {
                    // A length shorter than the text cuts it.
                    0 => texts
                        .iter()
                        .map(|t| self.input.below(t.as_bytes().len() + 1))
                        .collect(),
                    _ => texts.iter().map(|t| t.as_bytes().len()).collect(),
                };
                let lp = if self.input.flag() {
                    std::ptr::null()
                } else {
                    lens.as_ptr()
                };
                let count = if two {
                    2
                } else {
                    self.input.below(2) as cl_uint
                };
                let mut code = 0;
                // SAFETY: `ptrs` holds 2 >= `count` NUL-terminated strings, `lens` their
                // lengths or less.
                let h = unsafe {
                    clCreateProgramWithSource(
                        ctx as cl_context,
                        count,
                        ptrs.as_mut_ptr(),
                        lp,
                        &mut code,
                    )
                };
                self.created(Kind::Program, h as usize, code, "clCreateProgramWithSource");
            }
            11 => {
                if self.builds >= MAX_BUILDS {
                    return;
                }
                self.builds += 1;
                let p = self.pick(Kind::Program);
                let n = self.input.below(3);
                let devs: Vec<cl_device_id> = (0..n)
                    .map(|_| self.pick(Kind::Device) as cl_device_id)
                    .collect();
                let devp = if devs.is_empty() {
                    std::ptr::null()
                } else {
                    devs.as_ptr()
                };
                let opts = CString::new(BUILD_OPTIONS[self.input.below(BUILD_OPTIONS.len())])
                    .unwrap_or_default();
                // SAFETY: `devs` holds `n` handles, `opts` is NUL-terminated.
                let r = unsafe {
                    clBuildProgram(
                        p as cl_program,
                        n as cl_uint,
                        devp,
                        opts.as_ptr(),
                        None,
                        std::ptr::null_mut(),
                    )
                };
                check("clBuildProgram", r);
            }
            12 => {
                let p = self.pick(Kind::Program);
                let name = CString::new(KERNEL_NAMES[self.input.below(KERNEL_NAMES.len())])
                    .unwrap_or_default();
                let np = if self.input.one_in(16) {
                    std::ptr::null()
                } else {
                    name.as_ptr()
                };
                let mut code = 0;
                // SAFETY: `np` is NULL or NUL-terminated.
                let h = unsafe { clCreateKernel(p as cl_program, np, &mut code) };
                self.created(Kind::Kernel, h as usize, code, "clCreateKernel");
            }
            13 | 14 => self.set_arg(),
            15 | 16 => self.launch(),
            17 | 18 => self.get_info(),
            19 => {
                let kind = self.kind();
                let h = self.pick(kind);
                let r = retain(kind, h);
                check("clRetain*", r);
                if r == CL_SUCCESS {
                    self.retained(kind, h);
                }
            }
            20 | 21 => {
                let kind = self.kind();
                let h = self.pick(kind);
                let r = release(kind, h);
                check("clRelease*", r);
                if r == CL_SUCCESS {
                    self.released(kind, h);
                }
            }
            22 => {
                self.settle_user_events();
                let mut list = Vec::new();
                let (n, w) = self.wait_list(&mut list);
                // SAFETY: the list holds `n` handles or is NULL.
                let r = unsafe { clWaitForEvents(n, w) };
                check("clWaitForEvents", r);
            }
            23 => {
                self.settle_user_events();
                let q = self.pick(Kind::Queue);
                let r = if self.input.flag() {
                    // SAFETY: any handle value may be passed; the registry checks it.
                    unsafe { clFinish(q as cl_command_queue) }
                } else {
                    // SAFETY: as above.
                    unsafe { clFlush(q as cl_command_queue) }
                };
                check("clFinish", r);
            }
            24 => {
                let ctx = self.pick(Kind::Context);
                let mut code = 0;
                // SAFETY: `code` is a cl_int.
                let h = unsafe { clCreateUserEvent(ctx as cl_context, &mut code) };
                self.created(Kind::Event, h as usize, code, "clCreateUserEvent");
                if code == CL_SUCCESS {
                    let status = if self.input.flag() { CL_COMPLETE } else { -5 };
                    self.user_events.push((h as usize, status));
                }
            }
            25 => {
                let q = self.pick(Kind::Queue);
                let mut list = Vec::new();
                let (n, w) = self.wait_list(&mut list);
                let (wanted, _) = self.event_slot(false);
                let mut ev: cl_event = std::ptr::null_mut();
                let evp = event_out(wanted, &mut ev);
                let r = if self.input.flag() {
                    // SAFETY: the wait list holds `n` handles or is NULL; `evp` NULL or
                    // a slot.
                    unsafe { clEnqueueMarkerWithWaitList(q as cl_command_queue, n, w, evp) }
                } else {
                    // SAFETY: as above.
                    unsafe { clEnqueueBarrierWithWaitList(q as cl_command_queue, n, w, evp) }
                };
                check("clEnqueueMarker/BarrierWithWaitList", r);
                self.got_event(r, ev, wanted, false);
            }
            26 => self.map_unmap(),
            _ => {
                let e = self.pick(Kind::Event);
                let ty = [CL_COMPLETE, CL_RUNNING, CL_SUBMITTED, 7][self.input.below(4)];
                let f: Option<EventNotify> = if self.input.one_in(8) {
                    None
                } else {
                    Some(event_notify)
                };
                // SAFETY: the callback has the C signature and ignores its arguments.
                let r = unsafe { clSetEventCallback(e as cl_event, ty, f, std::ptr::null_mut()) };
                check("clSetEventCallback", r);
            }
        }
    }

    /// `clCreateProgramWithILKHR` with the SPIR-V module, cut, changed, NULL or empty.
    fn create_with_il(&mut self) {
        let ctx = self.pick(Kind::Context);
        let mut il = SPIRV.to_vec();
        match self.input.u8() % 4 {
            0 => il.truncate(self.input.below(il.len() + 1)),
            1 => {
                let i = self.input.below(il.len());
                il[i] ^= self.input.u8() | 1;
            }
            _ => {}
        }
        let (p, len) = match self.input.u8() % 8 {
            0 => (std::ptr::null(), il.len()),
            1 => (il.as_ptr().cast::<c_void>(), 0),
            _ => (il.as_ptr().cast::<c_void>(), il.len()),
        };
        let mut code = 0;
        // SAFETY: `p` is NULL or points to `il`, which holds `len` bytes or more.
        let h = unsafe { clCreateProgramWithILKHR(ctx as cl_context, p, len, &mut code) };
        self.created(Kind::Program, h as usize, code, "clCreateProgramWithILKHR");
    }

    /// A small image size: mostly 1..=4, sometimes 0 or any size.
    fn side(&mut self) -> usize {
        match self.input.u8() % 8 {
            0 => 0,
            1 => self.input.size(),
            k => usize::from(k) - 1,
        }
    }

    /// Host memory enough for every row a call may touch at these pitches (rows of at
    /// most 16-byte pixels), or NULL when that is over [`HOST_CAP`].
    fn image_host(&mut self, dims: [usize; 4], row: usize, slice: usize) -> *mut c_void {
        let bound = dims.iter().try_fold(
            row.max(dims[0].saturating_mul(16)).saturating_add(slice),
            |a, &d| a.checked_mul(d.max(1).checked_add(1)?),
        );
        match bound {
            Some(n) if n <= HOST_CAP => self.host(n),
            _ => std::ptr::null_mut(),
        }
    }

    /// One image or sampler call (`k` picks which).
    fn image_step(&mut self, k: u8) {
        match k % 6 {
            0 => {
                let ctx = self.pick(Kind::Context);
                let flags = [
                    CL_MEM_READ_WRITE,
                    CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                    CL_MEM_WRITE_ONLY,
                    CL_MEM_USE_HOST_PTR,
                    CL_MEM_HOST_NO_ACCESS,
                    self.input.u64(),
                ][self.input.below(6)];
                let order = [
                    CL_R,
                    CL_RGBA,
                    CL_BGRA,
                    CL_RGB,
                    CL_INTENSITY,
                    self.input.u32(),
                ][self.input.below(6)];
                let ty = [
                    CL_UNORM_INT8,
                    CL_FLOAT,
                    CL_SIGNED_INT32,
                    CL_UNORM_SHORT_565,
                    CL_HALF_FLOAT,
                    self.input.u32(),
                ][self.input.below(6)];
                let format = cl_image_format {
                    image_channel_order: order,
                    image_channel_data_type: ty,
                };
                let image_type = [
                    CL_MEM_OBJECT_IMAGE1D,
                    CL_MEM_OBJECT_IMAGE2D,
                    CL_MEM_OBJECT_IMAGE3D,
                    CL_MEM_OBJECT_IMAGE1D_ARRAY,
                    CL_MEM_OBJECT_IMAGE2D_ARRAY,
                    CL_MEM_OBJECT_IMAGE1D_BUFFER,
                    CL_MEM_OBJECT_BUFFER,
                    self.input.u32(),
                ][self.input.below(8)];
                let dims = [self.side(), self.side(), self.side(), self.side()];
                let pitch = |run: &mut Self| {
                    if run.input.flag() {
                        0
                    } else {
                        run.input.size()
                    }
                };
                let (row, slice) = (pitch(self), pitch(self));
                let ptr = if flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR) != 0
                    || self.input.one_in(8)
                {
                    self.image_host(dims, row, slice)
                } else {
                    std::ptr::null_mut()
                };
                let buffer = if self.input.flag() {
                    self.pick(Kind::Mem)
                } else {
                    0
                };
                let mut code = 0;
                let fp: *const cl_image_format = if self.input.one_in(16) {
                    std::ptr::null()
                } else {
                    &format
                };
                let h = match self.input.u8() % 4 {
                    0 => {
                        // SAFETY: `fp` is NULL or a format; `ptr` is NULL or holds every
                        // row at these pitches (`image_host`).
                        unsafe {
                            clCreateImage2D(
                                ctx as cl_context,
                                flags,
                                fp,
                                dims[0],
                                dims[1],
                                row,
                                ptr,
                                &mut code,
                            )
                        }
                    }
                    1 => {
                        // SAFETY: as above.
                        unsafe {
                            clCreateImage3D(
                                ctx as cl_context,
                                flags,
                                fp,
                                dims[0],
                                dims[1],
                                dims[2],
                                row,
                                slice,
                                ptr,
                                &mut code,
                            )
                        }
                    }
                    _ => {
                        let mut desc: cl_image_desc =
                            // SAFETY: `cl_image_desc` is plain data (integers and a
                            // pointer), for which all zeros is a valid value.
                            unsafe { std::mem::zeroed() };
                        desc.image_type = image_type;
                        desc.image_width = dims[0];
                        desc.image_height = dims[1];
                        desc.image_depth = dims[2];
                        desc.image_array_size = dims[3];
                        desc.image_row_pitch = row;
                        desc.image_slice_pitch = slice;
                        desc.num_mip_levels = u32::from(self.input.one_in(16));
                        desc.buffer = buffer as cl_mem;
                        let dp: *const cl_image_desc = if self.input.one_in(16) {
                            std::ptr::null()
                        } else {
                            &desc
                        };
                        // SAFETY: `fp` and `dp` are NULL or valid; `ptr` as above.
                        unsafe { clCreateImage(ctx as cl_context, flags, fp, dp, ptr, &mut code) }
                    }
                };
                self.created(Kind::Mem, h as usize, code, "clCreateImage");
            }
            1 => {
                let ctx = self.pick(Kind::Context);
                let norm = [CL_FALSE, CL_TRUE, self.input.u32()][self.input.below(3)];
                let addr = [
                    CL_ADDRESS_NONE,
                    CL_ADDRESS_CLAMP_TO_EDGE,
                    CL_ADDRESS_CLAMP,
                    CL_ADDRESS_REPEAT,
                    CL_ADDRESS_MIRRORED_REPEAT,
                    self.input.u32(),
                ][self.input.below(6)];
                let filter =
                    [CL_FILTER_NEAREST, CL_FILTER_LINEAR, self.input.u32()][self.input.below(3)];
                let mut code = 0;
                // SAFETY: `code` is a cl_int; the handle may be any value.
                let h =
                    unsafe { clCreateSampler(ctx as cl_context, norm, addr, filter, &mut code) };
                self.created(Kind::Sampler, h as usize, code, "clCreateSampler");
            }
            2 => {
                let s = self.pick(Kind::Sampler);
                match self.input.u8() % 3 {
                    0 => {
                        let r = retain(Kind::Sampler, s);
                        check("clRetainSampler", r);
                        if r == CL_SUCCESS {
                            self.retained(Kind::Sampler, s);
                        }
                    }
                    1 => {
                        let r = release(Kind::Sampler, s);
                        check("clReleaseSampler", r);
                        if r == CL_SUCCESS {
                            self.released(Kind::Sampler, s);
                        }
                    }
                    _ => {
                        let param = 0x1150 + u32::from(self.input.u8() % 6);
                        let mut out = [0u8; 16];
                        let size = self.input.below(17);
                        let mut ret = 0usize;
                        // SAFETY: `out` has room for `size` <= 16 bytes.
                        let r = unsafe {
                            clGetSamplerInfo(
                                s as cl_sampler,
                                param,
                                size,
                                out.as_mut_ptr().cast(),
                                &mut ret,
                            )
                        };
                        check("clGetSamplerInfo", r);
                    }
                }
            }
            3 => {
                let ctx = self.pick(Kind::Context);
                let mut fmts = [cl_image_format {
                    image_channel_order: 0,
                    image_channel_data_type: 0,
                }; 8];
                let n = self.input.below(9) as cl_uint;
                let fp = if self.input.flag() {
                    fmts.as_mut_ptr()
                } else {
                    std::ptr::null_mut()
                };
                let ty = [
                    CL_MEM_OBJECT_IMAGE2D,
                    CL_MEM_OBJECT_IMAGE3D,
                    CL_MEM_OBJECT_BUFFER,
                ][self.input.below(3)];
                let mut num = 0;
                // SAFETY: `fp` is NULL or has room for 8 >= `n` formats.
                let r = unsafe {
                    clGetSupportedImageFormats(
                        ctx as cl_context,
                        CL_MEM_READ_WRITE,
                        ty,
                        n,
                        fp,
                        &mut num,
                    )
                };
                check("clGetSupportedImageFormats", r);
                let m = self.pick(Kind::Mem);
                let param = 0x1110 + u32::from(self.input.u8() % 12);
                let mut out = [0u8; 16];
                let size = self.input.below(17);
                // SAFETY: `out` has room for `size` <= 16 bytes.
                let r = unsafe {
                    clGetImageInfo(
                        m as cl_mem,
                        param,
                        size,
                        out.as_mut_ptr().cast(),
                        std::ptr::null_mut(),
                    )
                };
                check("clGetImageInfo", r);
            }
            _ => self.image_command(),
        }
    }

    /// A read, write, copy, fill or map of an image, or an image kernel argument.
    fn image_command(&mut self) {
        let q = self.pick(Kind::Queue);
        let img = self.pick(Kind::Mem);
        let triple = |run: &mut Self| [run.side(), run.side(), run.side()];
        let origin = triple(self);
        let region = triple(self);
        let (row, slice) = (
            self.side().saturating_mul(4),
            self.side().saturating_mul(16),
        );
        let mut list = Vec::new();
        let (n, w) = self.wait_list(&mut list);
        let op = self.input.u8() % 7;
        let blocking = self.input.flag();
        if blocking {
            self.settle_user_events();
        }
        let op_ptr =
            |run: &mut Self| run.image_host([region[0], region[1], region[2], 1], row, slice);
        // Commands that write the run's memory later are waited for (forced events).
        let (wanted, ask) = self.event_slot(op == 0 && !blocking || op == 6);
        let mut ev: cl_event = std::ptr::null_mut();
        let evp = if ask {
            &mut ev as *mut cl_event
        } else {
            std::ptr::null_mut()
        };
        let (o, rg) = (origin.as_ptr(), region.as_ptr());
        let qq = q as cl_command_queue;
        let im = img as cl_mem;
        let r = match op {
            0 => {
                let ptr = op_ptr(self);
                // SAFETY: `ptr` is NULL or holds every row of the region at these
                // pitches, kept until the command completed (its event is held).
                unsafe {
                    clEnqueueReadImage(
                        qq,
                        im,
                        cl_bool::from(blocking),
                        o,
                        rg,
                        row,
                        slice,
                        ptr,
                        n,
                        w,
                        evp,
                    )
                }
            }
            1 => {
                let ptr = op_ptr(self);
                // SAFETY: as above (a write reads `ptr` before returning).
                unsafe {
                    clEnqueueWriteImage(
                        qq,
                        im,
                        cl_bool::from(blocking),
                        o,
                        rg,
                        row,
                        slice,
                        ptr,
                        n,
                        w,
                        evp,
                    )
                }
            }
            2 => {
                let other = self.pick(Kind::Mem) as cl_mem;
                // SAFETY: origins and region are three sizes each.
                unsafe { clEnqueueCopyImage(qq, im, other, o, o, rg, n, w, evp) }
            }
            3 => {
                let other = self.pick(Kind::Mem) as cl_mem;
                let off = self.input.size();
                if self.input.flag() {
                    // SAFETY: as above.
                    unsafe { clEnqueueCopyImageToBuffer(qq, im, other, o, rg, off, n, w, evp) }
                } else {
                    // SAFETY: as above.
                    unsafe { clEnqueueCopyBufferToImage(qq, other, im, off, o, rg, n, w, evp) }
                }
            }
            4 => {
                let color = [self.input.u32(); 4];
                // SAFETY: `color` is four 32-bit values.
                unsafe { clEnqueueFillImage(qq, im, color.as_ptr().cast(), o, rg, n, w, evp) }
            }
            5 => {
                // An image or sampler where a kernel takes one (or any argument).
                let k = self.pick(Kind::Kernel);
                let h = if self.input.flag() {
                    img
                } else {
                    self.pick(Kind::Sampler)
                };
                let size = [8, 4, 0][self.input.below(3)];
                let idx = self.input.below(4) as cl_uint;
                // SAFETY: the value is `size` <= 8 bytes of a handle.
                let r = unsafe {
                    clSetKernelArg(k as cl_kernel, idx, size, (&h as *const usize).cast())
                };
                check("clSetKernelArg (image)", r);
                return;
            }
            _ => {
                let flags =
                    [CL_MAP_READ, CL_MAP_WRITE, CL_MAP_READ | CL_MAP_WRITE, 0][self.input.below(4)];
                let (mut rp, mut sp) = (0usize, 0usize);
                let spp: *mut usize = if self.input.one_in(8) {
                    std::ptr::null_mut()
                } else {
                    &mut sp
                };
                let mut code = 0;
                // SAFETY: origin and region are three sizes; `rp`, `spp` and `code` are
                // NULL or slots.
                let p = unsafe {
                    clEnqueueMapImage(
                        qq,
                        im,
                        cl_bool::from(blocking),
                        flags,
                        o,
                        rg,
                        &mut rp,
                        spp,
                        n,
                        w,
                        evp,
                        &mut code,
                    )
                };
                check("clEnqueueMapImage", code);
                assert_eq!(p.is_null(), code != CL_SUCCESS, "map pointer and status");
                if code == CL_SUCCESS {
                    self.maps.push((img, p as usize));
                }
                code
            }
        };
        check("image command", r);
        self.got_event(r, ev, wanted, ask && !wanted);
    }

    fn read_write(&mut self) {
        let write = self.input.flag();
        let q = self.pick(Kind::Queue);
        let mem = self.pick(Kind::Mem);
        let blocking = self.input.flag();
        let (offset, size) = (self.input.size(), self.input.size());
        let ptr = self.host(size);
        let mut list = Vec::new();
        let (n, w) = self.wait_list(&mut list);
        // A non-blocking read writes the run's memory later: the run waits for it.
        let (wanted, ask) = self.event_slot(!write && !blocking);
        let mut ev: cl_event = std::ptr::null_mut();
        let evp = if ask {
            &mut ev as *mut cl_event
        } else {
            std::ptr::null_mut()
        };
        if blocking {
            self.settle_user_events();
        }
        let r = if write {
            // SAFETY: `ptr` is NULL or `size` bytes; the wait list holds `n` handles or
            // is NULL; `evp` is NULL or a slot.
            unsafe {
                clEnqueueWriteBuffer(
                    q as cl_command_queue,
                    mem as cl_mem,
                    cl_bool::from(blocking),
                    offset,
                    size,
                    ptr,
                    n,
                    w,
                    evp,
                )
            }
        } else {
            // SAFETY: as above; `ptr` is kept until the command completes (the run
            // holds its event, or it is blocking).
            unsafe {
                clEnqueueReadBuffer(
                    q as cl_command_queue,
                    mem as cl_mem,
                    cl_bool::from(blocking),
                    offset,
                    size,
                    ptr,
                    n,
                    w,
                    evp,
                )
            }
        };
        check("clEnqueueRead/WriteBuffer", r);
        self.got_event(r, ev, wanted, ask && !wanted);
    }

    fn map_unmap(&mut self) {
        let q = self.pick(Kind::Queue);
        let mut list = Vec::new();
        let (n, w) = self.wait_list(&mut list);
        if self.input.flag() || self.maps.is_empty() {
            let mem = self.pick(Kind::Mem);
            let blocking = self.input.flag();
            let flags = [
                CL_MAP_READ,
                CL_MAP_WRITE,
                CL_MAP_READ | CL_MAP_WRITE,
                CL_MAP_WRITE_INVALIDATE_REGION,
                CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION,
                0,
            ][self.input.below(6)];
            let (offset, size) = (self.input.size(), self.input.size());
            if blocking {
                self.settle_user_events();
            }
            // A map writes into a USE_HOST_PTR buffer's host memory: the run waits for it.
            let (wanted, _) = self.event_slot(true);
            let mut ev: cl_event = std::ptr::null_mut();
            let mut code = 0;
            // SAFETY: the wait list holds `n` handles or is NULL; `ev` and `code` are
            // slots.
            let p = unsafe {
                clEnqueueMapBuffer(
                    q as cl_command_queue,
                    mem as cl_mem,
                    cl_bool::from(blocking),
                    flags,
                    offset,
                    size,
                    n,
                    w,
                    &mut ev,
                    &mut code,
                )
            };
            check("clEnqueueMapBuffer", code);
            assert_eq!(p.is_null(), code != CL_SUCCESS, "map pointer and status");
            self.got_event(code, ev, wanted, !wanted);
            if code == CL_SUCCESS {
                self.maps.push((mem, p as usize));
            }
        } else {
            let i = self.input.below(self.maps.len());
            let (mut mem, mut ptr) = self.maps[i];
            match self.input.u8() % 8 {
                0 => ptr = self.garbage[0],
                1 => mem = self.pick(Kind::Mem),
                _ => {
                    self.maps.swap_remove(i);
                }
            }
            let (wanted, _) = self.event_slot(false);
            let mut ev: cl_event = std::ptr::null_mut();
            let evp = event_out(wanted, &mut ev);
            // SAFETY: `ptr` is looked up among the buffer's mappings before any use;
            // wait list and event as above.
            let r = unsafe {
                clEnqueueUnmapMemObject(
                    q as cl_command_queue,
                    mem as cl_mem,
                    ptr as *mut c_void,
                    n,
                    w,
                    evp,
                )
            };
            check("clEnqueueUnmapMemObject", r);
            self.got_event(r, ev, wanted, false);
        }
    }

    fn set_arg(&mut self) {
        let k = self.pick(Kind::Kernel);
        let index = self.input.u8() as cl_uint % 5;
        let size = match self.input.u8() % 12 {
            0 => 0,
            1 => 1,
            2 => 2,
            3 | 4 => 4,
            5..=7 => std::mem::size_of::<cl_mem>(),
            8 => 16,
            9 => 1024,
            10 => 1025,
            _ => self.input.size(),
        };
        let mut value = vec![0u8; size.min(HOST_CAP)];
        let vp: *const c_void = match self.input.u8() % 8 {
            0 | 1 => std::ptr::null(),
            _ if size > HOST_CAP => std::ptr::null(),
            2..=4 if size == std::mem::size_of::<cl_mem>() => {
                let h = self.pick(Kind::Mem);
                value.copy_from_slice(&h.to_ne_bytes());
                value.as_ptr().cast()
            }
            _ => {
                for b in value.iter_mut() {
                    *b = self.input.u8();
                }
                value.as_ptr().cast()
            }
        };
        // SAFETY: `vp` is NULL or `size` bytes.
        let r = unsafe { clSetKernelArg(k as cl_kernel, index, size, vp) };
        check("clSetKernelArg", r);
    }

    fn launch(&mut self) {
        if self.launches >= MAX_LAUNCHES {
            return;
        }
        self.launches += 1;
        let q = self.pick(Kind::Queue);
        let k = self.pick(Kind::Kernel);
        let mut list = Vec::new();
        let (n, w) = self.wait_list(&mut list);
        let (wanted, _) = self.event_slot(false);
        let mut ev: cl_event = std::ptr::null_mut();
        let evp = event_out(wanted, &mut ev);
        let r = if self.input.one_in(8) {
            // SAFETY: the wait list holds `n` handles or is NULL; `evp` NULL or a slot.
            unsafe { clEnqueueTask(q as cl_command_queue, k as cl_kernel, n, w, evp) }
        } else {
            let dim = self.input.u8() as cl_uint % 5;
            let mut arrays = [[0usize; 3]; 3];
            let mut ptrs = [std::ptr::null(); 3];
            for (a, p) in arrays.iter_mut().zip(ptrs.iter_mut()) {
                for x in a.iter_mut() {
                    *x = self.input.work();
                }
                if !self.input.one_in(4) {
                    *p = a.as_ptr();
                }
            }
            if self.input.one_in(2) {
                // Mostly no offset.
                ptrs[0] = std::ptr::null();
            }
            // SAFETY: each work array is NULL or 3 >= `dim` sizes; wait list and event
            // as above.
            unsafe {
                clEnqueueNDRangeKernel(
                    q as cl_command_queue,
                    k as cl_kernel,
                    dim,
                    ptrs[0],
                    ptrs[1],
                    ptrs[2],
                    n,
                    w,
                    evp,
                )
            }
        };
        check("clEnqueueNDRangeKernel", r);
        self.got_event(r, ev, wanted, false);
    }

    fn get_info(&mut self) {
        // (kind of the object, first name, how many names)
        const RANGES: [(u8, u32, u32); 12] = [
            (0, 0x0900, 5),
            (1, 0x1000, 0x4c),
            (2, 0x1080, 6),
            (3, 0x1090, 4),
            (4, 0x1100, 10),
            (5, 0x1160, 10),
            (5, 0x1181, 5),
            (6, 0x1190, 6),
            (6, 0x1196, 5),
            (6, 0x11b0, 6),
            (7, 0x11d0, 5),
            (7, 0x1280, 4),
        ];
        let which = self.input.below(RANGES.len());
        let (_, first, count) = RANGES[which];
        let mut name = first + u32::from(self.input.u8()) % count;
        if self.input.one_in(16) {
            name = self.input.u32();
        }
        let kinds = [
            Kind::Platform,
            Kind::Device,
            Kind::Context,
            Kind::Queue,
            Kind::Mem,
            Kind::Program,
            Kind::Kernel,
            Kind::Event,
        ];
        let h = self.pick(kinds[usize::from(RANGES[which].0)]);
        let size = [0, 1, 4, 8, 16, 64, 4096][self.input.below(7)];
        let mut value = vec![0u8; size.max(1)];
        let mut size_ret = 0usize;
        // CL_PROGRAM_BINARIES takes an array of pointers to room for each binary: only
        // its size is asked here.
        let vp = if self.input.one_in(4) || name == CL_PROGRAM_BINARIES {
            std::ptr::null_mut()
        } else {
            value.as_mut_ptr().cast::<c_void>()
        };
        let rp = if self.input.flag() {
            &mut size_ret as *mut usize
        } else {
            std::ptr::null_mut()
        };
        let dev = self.pick(Kind::Device);
        let arg = self.input.u8() as cl_uint % 5;
        // SAFETY: in every arm, `vp` is NULL or `size` writable bytes, `rp` NULL or a size_t;
        // handles may be any value.
        let r = unsafe {
            match which {
                0 => clGetPlatformInfo(h as _, name, size, vp, rp),
                1 => clGetDeviceInfo(h as _, name, size, vp, rp),
                2 => clGetContextInfo(h as _, name, size, vp, rp),
                3 => clGetCommandQueueInfo(h as _, name, size, vp, rp),
                4 => clGetMemObjectInfo(h as _, name, size, vp, rp),
                5 => clGetProgramInfo(h as _, name, size, vp, rp),
                6 => clGetProgramBuildInfo(h as _, dev as _, name, size, vp, rp),
                7 => clGetKernelInfo(h as _, name, size, vp, rp),
                8 => clGetKernelArgInfo(h as _, arg, name, size, vp, rp),
                9 => clGetKernelWorkGroupInfo(h as _, dev as _, name, size, vp, rp),
                10 => clGetEventInfo(h as _, name, size, vp, rp),
                _ => clGetEventProfilingInfo(h as _, name, size, vp, rp),
            }
        };
        check("clGet*Info", r);
        if r == CL_SUCCESS && !rp.is_null() && !vp.is_null() {
            assert!(size_ret <= size, "info of {size_ret} bytes fit in {size}");
        }
    }

    /// A valid start (chosen by the input's first byte) so short inputs reach commands
    /// and launches: a context of every device, a queue, two buffers, the first two
    /// programs built and their kernels. Every call of it must succeed.
    fn setup(&mut self) {
        let devs: Vec<cl_device_id> = self.devices.iter().map(|&d| d as cl_device_id).collect();
        let mut code = 0;
        // SAFETY: `devs` holds its length of handles; `code` is a cl_int.
        let ctx = unsafe {
            clCreateContext(
                std::ptr::null(),
                devs.len() as cl_uint,
                devs.as_ptr(),
                None,
                std::ptr::null_mut(),
                &mut code,
            )
        };
        self.created(Kind::Context, ctx as usize, code, "setup: clCreateContext");
        assert_eq!(code, CL_SUCCESS, "setup: clCreateContext");
        let dev = devs[self.input.below(devs.len())];
        // SAFETY: `code` is a cl_int.
        let q = unsafe { clCreateCommandQueue(ctx, dev, 0, &mut code) };
        self.created(Kind::Queue, q as usize, code, "setup: clCreateCommandQueue");
        assert_eq!(code, CL_SUCCESS, "setup: clCreateCommandQueue");
        // An image and a sampler (the context has the host device, which has images).
        let format = cl_image_format {
            image_channel_order: CL_RGBA,
            image_channel_data_type: CL_UNORM_INT8,
        };
        // SAFETY: a format; no host pointer; `code` is a cl_int.
        let img = unsafe {
            clCreateImage2D(
                ctx,
                CL_MEM_READ_WRITE,
                &format,
                4,
                4,
                0,
                std::ptr::null_mut(),
                &mut code,
            )
        };
        self.created(Kind::Mem, img as usize, code, "setup: clCreateImage2D");
        // SAFETY: `code` is a cl_int.
        let smp = unsafe {
            clCreateSampler(
                ctx,
                CL_FALSE,
                CL_ADDRESS_CLAMP,
                CL_FILTER_NEAREST,
                &mut code,
            )
        };
        self.created(Kind::Sampler, smp as usize, code, "setup: clCreateSampler");
        let mut mems = Vec::new();
        for size in [256, 64] {
            // SAFETY: no host pointer; `code` is a cl_int.
            let m = unsafe {
                clCreateBuffer(
                    ctx,
                    CL_MEM_READ_WRITE,
                    size,
                    std::ptr::null_mut(),
                    &mut code,
                )
            };
            self.created(Kind::Mem, m as usize, code, "setup: clCreateBuffer");
            assert_eq!(code, CL_SUCCESS, "setup: clCreateBuffer");
            mems.push(m);
        }
        for (src, names) in [
            (SOURCES[0], &["add"][..]),
            (SOURCES[1], &["scale", "copy4"]),
        ] {
            let text = CString::new(src).unwrap_or_default();
            let mut ptr = text.as_ptr();
            // SAFETY: one NUL-terminated string; `code` is a cl_int.
            let p =
                unsafe { clCreateProgramWithSource(ctx, 1, &mut ptr, std::ptr::null(), &mut code) };
            self.created(
                Kind::Program,
                p as usize,
                code,
                "setup: clCreateProgramWithSource",
            );
            assert_eq!(code, CL_SUCCESS, "setup: clCreateProgramWithSource");
            // SAFETY: one device handle; no options, no callback.
            let r =
                unsafe { clBuildProgram(p, 1, &dev, std::ptr::null(), None, std::ptr::null_mut()) };
            assert_eq!(r, CL_SUCCESS, "setup: clBuildProgram of {src}");
            for name in names {
                let name = CString::new(*name).unwrap_or_default();
                // SAFETY: a NUL-terminated name; `code` is a cl_int.
                let k = unsafe { clCreateKernel(p, name.as_ptr(), &mut code) };
                self.created(Kind::Kernel, k as usize, code, "setup: clCreateKernel");
                assert_eq!(code, CL_SUCCESS, "setup: clCreateKernel");
                // Every kernel takes (buffer, buffer or local, 4 bytes, 4 bytes).
                let n = self.input.u32().to_ne_bytes();
                let args: [(usize, *const c_void); 4] = [
                    (
                        std::mem::size_of::<cl_mem>(),
                        (&mems[0] as *const cl_mem).cast(),
                    ),
                    if *name == c"scale" {
                        (64, std::ptr::null())
                    } else {
                        (
                            std::mem::size_of::<cl_mem>(),
                            (&mems[1] as *const cl_mem).cast(),
                        )
                    },
                    (4, n.as_ptr().cast()),
                    (4, n.as_ptr().cast()),
                ];
                for (i, (size, value)) in args.into_iter().enumerate() {
                    // SAFETY: `value` is NULL (a local size) or `size` bytes.
                    let r = unsafe { clSetKernelArg(k, i as cl_uint, size, value) };
                    if i < 3 || *name == c"scale" {
                        assert_eq!(r, CL_SUCCESS, "setup: clSetKernelArg {i} of {name:?}");
                    }
                }
            }
        }
    }

    /// Wait for everything, release what the run holds, and check no object is left.
    fn finish(mut self, baseline: usize) {
        self.settle_user_events();
        let mut queues: Vec<usize> = self
            .refs
            .iter()
            .filter(|(_, (k, n))| *k == Kind::Queue && *n > 0)
            .map(|(h, _)| *h)
            .collect();
        queues.sort_unstable();
        for q in queues {
            // SAFETY: any handle value may be passed; the registry checks it.
            let r = unsafe { clFinish(q as cl_command_queue) };
            check("clFinish (end)", r);
        }
        for e in std::mem::take(&mut self.pending) {
            let ev = e as cl_event;
            // SAFETY: a list of one handle.
            let r = unsafe { clWaitForEvents(1, &ev) };
            check("clWaitForEvents (end)", r);
            // The input may have released this reference through the same handle (it
            // does not know which references are the run's): the command still holds
            // its event, and the leak check below waits for it.
            check("clReleaseEvent (end)", release(Kind::Event, e));
        }
        let mut held: Vec<(usize, Kind, u32)> =
            self.refs.iter().map(|(h, (k, n))| (*h, *k, *n)).collect();
        held.sort_unstable_by_key(|(h, k, _)| (*k as usize, *h));
        for (h, kind, n) in held {
            for _ in 0..n {
                check("clRelease* (end)", release(kind, h));
            }
        }
        // Commands end on their queues' threads, which drop what they used just after.
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let live = registry::live_objects();
            if live <= baseline {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{live} objects still alive after releasing everything (was {baseline}): {:?}",
                registry::live_kinds()
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        // The released queues' threads end too (a leak checker must not see one on
        // its way out, its thread-local storage not yet freed).
        assert!(
            crate::queue::join_workers(deadline),
            "queue threads still running after releasing everything"
        );
        // Only now may the host memory go.
        drop(self.host);
    }
}

fn retain(kind: Kind, h: usize) -> cl_int {
    let p = h as *mut c_void;
    // SAFETY: in every arm, any handle value may be passed; the registry checks it.
    unsafe {
        match kind {
            Kind::Platform => {
                clGetPlatformInfo(p.cast(), 0, 0, std::ptr::null_mut(), std::ptr::null_mut())
            }
            Kind::Device => clRetainDevice(p.cast()),
            Kind::Context => clRetainContext(p),
            Kind::Queue => clRetainCommandQueue(p),
            Kind::Mem => clRetainMemObject(p),
            Kind::Program => clRetainProgram(p),
            Kind::Kernel => clRetainKernel(p),
            Kind::Event => clRetainEvent(p),
            Kind::Sampler => clRetainSampler(p),
        }
    }
}

fn release(kind: Kind, h: usize) -> cl_int {
    let p = h as *mut c_void;
    // SAFETY: in every arm, any handle value may be passed; the registry checks it.
    unsafe {
        match kind {
            Kind::Platform => clUnloadPlatformCompiler(p.cast()),
            Kind::Device => clReleaseDevice(p.cast()),
            Kind::Context => clReleaseContext(p),
            Kind::Queue => clReleaseCommandQueue(p),
            Kind::Mem => clReleaseMemObject(p),
            Kind::Program => clReleaseProgram(p),
            Kind::Kernel => clReleaseKernel(p),
            Kind::Event => clReleaseEvent(p),
            Kind::Sampler => clReleaseSampler(p),
        }
    }
}

/// The property on one input (see the module documentation). Runs must not overlap in
/// one process: the leak check counts the process's objects.
pub fn api_calls_hold(data: &[u8]) {
    crate::queue::bound_launches(LAUNCH_FUEL);
    let baseline = registry::live_objects();
    let stack_word: u64 = 0x5eed;
    let fake = Box::new(IcdHeader {
        dispatch: dispatch_address(),
    });
    let garbage = vec![
        &stack_word as *const u64 as usize,
        &*fake as *const IcdHeader as usize,
        1,
        8,
        0x1000,
        usize::MAX,
        usize::MAX & !7,
    ];
    let mut platform: cl_platform_id = std::ptr::null_mut();
    let mut n: cl_uint = 0;
    // SAFETY: room for one handle and a count.
    let r = unsafe { clIcdGetPlatformIDsKHR(1, &mut platform, &mut n) };
    assert_eq!((r, n), (CL_SUCCESS, 1), "clIcdGetPlatformIDsKHR");
    let mut devices = vec![std::ptr::null_mut(); 16];
    // SAFETY: room for 16 handles and a count.
    let r = unsafe {
        clGetDeviceIDs(
            platform,
            CL_DEVICE_TYPE_ALL,
            16,
            devices.as_mut_ptr(),
            &mut n,
        )
    };
    assert_eq!(r, CL_SUCCESS, "clGetDeviceIDs");
    let devices: Vec<usize> = devices
        .iter()
        .take(n as usize)
        .map(|&d| d as usize)
        .collect();
    let mut run = Run {
        input: Input { data },
        platform: platform as usize,
        devices,
        pools: Default::default(),
        refs: HashMap::new(),
        pending: Vec::new(),
        user_events: Vec::new(),
        maps: Vec::new(),
        host: Vec::new(),
        garbage,
        builds: 0,
        launches: 0,
    };
    if !run.input.one_in(4) {
        run.setup();
    }
    for _ in 0..MAX_CALLS {
        if run.input.data.is_empty() {
            break;
        }
        run.step();
    }
    run.finish(baseline);
    drop(fake);
}

/// Where a command writes its event: `ev` when the input asked for one, else NULL.
fn event_out(wanted: bool, ev: &mut cl_event) -> *mut cl_event {
    if wanted {
        ev
    } else {
        std::ptr::null_mut()
    }
}
