//! The C entry points: the only module with `unsafe` code.
//!
//! Every function decodes its C arguments (reading through the pointers the caller
//! gave, after checking them against NULL and the sizes the specification ties them to),
//! calls the safe API in `api`, and writes the results back. A panic never crosses the
//! boundary: every entry point runs its body under `catch_unwind` and turns a panic
//! into `CL_OUT_OF_HOST_MEMORY` (the panic message goes to stderr through the default
//! hook). The safety contract of each `pub unsafe extern "C" fn` is the OpenCL 1.2
//! specification's: pointers the caller passes point to what the specification says.

#![allow(unsafe_code)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(clippy::undocumented_unsafe_blocks)]
#![allow(clippy::missing_safety_doc, non_snake_case)]

use std::ffi::{c_char, c_uchar, c_void, CStr};

// `size_t` is `usize` on every target Rust supports.
#[allow(non_camel_case_types)]
type size_t = usize;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use opencl_sys::cl_d3d10::*;
use opencl_sys::cl_d3d11::*;
use opencl_sys::cl_dx9_media_sharing::*;
use opencl_sys::cl_egl::*;
use opencl_sys::cl_icd::cl_icd_dispatch;
use opencl_sys::*;

use crate::api::{self, R};
use crate::images;
use crate::objects::{lock, Callback, Event, Mapping};
use crate::platform;
use crate::queue::{self, Work};
use crate::registry::{self, Kind};
use crate::value::InfoValue;

// ---- helpers ----

fn guard(f: impl FnOnce() -> R<()>) -> cl_int {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => CL_SUCCESS,
        Ok(Err(e)) => e,
        Err(_) => CL_OUT_OF_HOST_MEMORY,
    }
}

/// Run a constructor: its handle, or NULL with the error in `errcode_ret`.
fn guard_obj(errcode_ret: *mut cl_int, f: impl FnOnce() -> R<usize>) -> *mut c_void {
    let (h, code) = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(h)) => (h, CL_SUCCESS),
        Ok(Err(e)) => (0, e),
        Err(_) => (0, CL_OUT_OF_HOST_MEMORY),
    };
    put(errcode_ret, code);
    h as *mut c_void
}

/// Store `v` through an optional out-pointer.
fn put<T>(p: *mut T, v: T) {
    if !p.is_null() {
        // SAFETY: a non-NULL out-pointer of the API points to a writable `T`.
        unsafe { p.write_unaligned(v) };
    }
}

/// `n` elements at `p`; NULL is an empty list only when `n` is 0.
fn slice<'a, T>(p: *const T, n: usize) -> R<&'a [T]> {
    if n == 0 {
        return Ok(&[]);
    }
    if p.is_null() {
        return Err(CL_INVALID_VALUE);
    }
    // SAFETY: the caller passes `n` readable elements at `p` (the API's contract).
    Ok(unsafe { std::slice::from_raw_parts(p, n) })
}

/// Bytes at `p` (copied).
fn bytes(p: *const c_void, n: usize) -> R<Vec<u8>> {
    Ok(slice(p.cast::<u8>(), n)?.to_vec())
}

/// A NUL-terminated string (lossy UTF-8); NULL is None.
fn cstr(p: *const c_char) -> Option<String> {
    if p.is_null() {
        return None;
    }
    // SAFETY: a non-NULL string argument of the API is NUL-terminated.
    Some(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
}

fn handles<T>(p: *const *mut T, n: usize) -> R<Vec<usize>> {
    Ok(slice(p, n)?.iter().map(|&h| h as usize).collect())
}

/// An event wait list: NULL exactly when the count is 0.
fn wait_list(n: cl_uint, p: *const cl_event) -> R<Vec<usize>> {
    if (n == 0) != p.is_null() {
        return Err(CL_INVALID_EVENT_WAIT_LIST);
    }
    handles(p, n as usize).map_err(|_| CL_INVALID_EVENT_WAIT_LIST)
}

/// Copy a query result out, as every `clGet*Info` does.
fn info(v: R<InfoValue>, size: usize, value: *mut c_void, size_ret: *mut size_t) -> R<()> {
    let v = v?;
    if !value.is_null() {
        if size < v.0.len() {
            return Err(CL_INVALID_VALUE);
        }
        // SAFETY: `value` has room for `size` >= len bytes (the API's contract).
        unsafe { std::ptr::copy_nonoverlapping(v.0.as_ptr(), value.cast::<u8>(), v.0.len()) };
    }
    put(size_ret, v.0.len());
    Ok(())
}

/// Copy `data` to application memory at `dst` (a read's destination, a mapping).
pub fn copy_to_host(dst: usize, data: &[u8]) {
    if dst == 0 || data.is_empty() {
        return;
    }
    // SAFETY: `dst` is the pointer of a read or mapping command, which the application
    // keeps valid for the command's size until the command completes.
    unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), dst as *mut u8, data.len()) };
}

/// Copy `n` bytes of application memory at `src` (an unmap of a write mapping).
pub fn copy_from_host(src: usize, n: usize) -> Vec<u8> {
    if src == 0 || n == 0 {
        return Vec::new();
    }
    // SAFETY: `src` is a live mapping of `n` bytes (ours or the `USE_HOST_PTR` memory).
    unsafe { std::slice::from_raw_parts(src as *const u8, n) }.to_vec()
}

type ContextNotify = unsafe extern "C" fn(*const c_char, *const c_void, size_t, *mut c_void);
type EventNotify = unsafe extern "C" fn(cl_event, cl_int, *mut c_void);
type MemNotify = unsafe extern "C" fn(cl_mem, *mut c_void);
type ProgramNotify = unsafe extern "C" fn(cl_program, *mut c_void);

/// Call a context's `pfn_notify` with a message.
pub fn call_context_notify(cb: Callback, message: &str) {
    let text = std::ffi::CString::new(message.replace('\0', " ")).unwrap_or_default();
    // SAFETY: `cb.func` came from a non-NULL `pfn_notify` of this type.
    let f: ContextNotify = unsafe { std::mem::transmute::<usize, ContextNotify>(cb.func) };
    let _ = catch_unwind(|| {
        // SAFETY: calling the application's callback with the arguments it expects.
        unsafe {
            f(
                text.as_ptr(),
                std::ptr::null(),
                0,
                cb.user_data as *mut c_void,
            )
        }
    });
}

pub fn call_event_callback(cb: Callback, event: usize, status: cl_int) {
    // SAFETY: `cb.func` came from a non-NULL `pfn_notify` of `clSetEventCallback`.
    let f: EventNotify = unsafe { std::mem::transmute::<usize, EventNotify>(cb.func) };
    // SAFETY: calling the application's callback with the arguments it expects.
    unsafe { f(event as cl_event, status, cb.user_data as *mut c_void) }
}

pub fn call_mem_destructor(cb: Callback, mem: usize) {
    // SAFETY: `cb.func` came from a non-NULL `pfn_notify` of
    // `clSetMemObjectDestructorCallback`.
    let f: MemNotify = unsafe { std::mem::transmute::<usize, MemNotify>(cb.func) };
    // SAFETY: calling the application's callback with the arguments it expects.
    unsafe { f(mem as cl_mem, cb.user_data as *mut c_void) }
}

fn call_program_notify(f: Option<ProgramNotify>, program: cl_program, user_data: *mut c_void) {
    if let Some(f) = f {
        // SAFETY: calling the application's callback with the arguments it expects.
        unsafe { f(program, user_data) }
    }
}

/// Return a command's event to the application (if it asked for one).
fn out_event(p: *mut cl_event, e: &Arc<Event>) {
    put(p, e.handle as cl_event);
}

// ---- platform ----

#[no_mangle]
pub unsafe extern "C" fn clIcdGetPlatformIDsKHR(
    num_entries: cl_uint,
    platforms: *mut cl_platform_id,
    num_platforms: *mut cl_uint,
) -> cl_int {
    guard(|| {
        if (num_entries == 0 && !platforms.is_null())
            || (platforms.is_null() && num_platforms.is_null())
        {
            return Err(CL_INVALID_VALUE);
        }
        put(platforms, platform::platform().handle as cl_platform_id);
        put(num_platforms, 1);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn clGetPlatformIDs(
    num_entries: cl_uint,
    platforms: *mut cl_platform_id,
    num_platforms: *mut cl_uint,
) -> cl_int {
    // SAFETY: same arguments, same contract.
    unsafe { clIcdGetPlatformIDsKHR(num_entries, platforms, num_platforms) }
}

#[no_mangle]
pub unsafe extern "C" fn clGetPlatformInfo(
    platform: cl_platform_id,
    param_name: cl_platform_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    guard(|| {
        api::check_platform(platform as usize)?;
        info(
            platform::platform_info(param_name),
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clGetExtensionFunctionAddress(func_name: *const c_char) -> *mut c_void {
    let name = cstr(func_name);
    match name.as_deref() {
        Some("clIcdGetPlatformIDsKHR") => clIcdGetPlatformIDsKHR as *mut c_void,
        Some("clGetLiveObjectCountKAUAI") => clGetLiveObjectCountKAUAI as *mut c_void,
        Some("clCreateProgramWithILKHR") => clCreateProgramWithILKHR as *mut c_void,
        _ => std::ptr::null_mut(),
    }
}

#[no_mangle]
pub unsafe extern "C" fn clGetExtensionFunctionAddressForPlatform(
    platform: cl_platform_id,
    func_name: *const c_char,
) -> *mut c_void {
    if api::check_platform(platform as usize).is_err() {
        return std::ptr::null_mut();
    }
    // SAFETY: same contract for the name.
    unsafe { clGetExtensionFunctionAddress(func_name) }
}

/// Kauai's leak check, found through `clGetExtensionFunctionAddressForPlatform`: how
/// many contexts, queues, buffers, programs, kernels and events are still alive.
unsafe extern "C" fn clGetLiveObjectCountKAUAI() -> cl_uint {
    catch_unwind(crate::registry::live_objects).map_or(0, |n| n as cl_uint)
}

#[no_mangle]
pub unsafe extern "C" fn clUnloadCompiler() -> cl_int {
    CL_SUCCESS
}

#[no_mangle]
pub unsafe extern "C" fn clUnloadPlatformCompiler(platform: cl_platform_id) -> cl_int {
    guard(|| api::check_platform(platform as usize))
}

// ---- devices ----

#[no_mangle]
pub unsafe extern "C" fn clGetDeviceIDs(
    platform: cl_platform_id,
    device_type: cl_device_type,
    num_entries: cl_uint,
    devices: *mut cl_device_id,
    num_devices: *mut cl_uint,
) -> cl_int {
    guard(|| {
        api::check_platform(platform as usize)?;
        if (num_entries == 0 && !devices.is_null()) || (devices.is_null() && num_devices.is_null())
        {
            return Err(CL_INVALID_VALUE);
        }
        let ids = api::device_ids(platform as usize, device_type)?;
        if !devices.is_null() {
            for (i, h) in ids.iter().take(num_entries as usize).enumerate() {
                // SAFETY: `devices` has room for `num_entries` handles.
                unsafe { devices.add(i).write_unaligned(*h as cl_device_id) };
            }
        }
        put(num_devices, ids.len() as cl_uint);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn clGetDeviceInfo(
    device: cl_device_id,
    param_name: cl_device_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    guard(|| {
        let d = api::device(device as usize)?;
        info(
            platform::device_info(&d, param_name),
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clCreateSubDevices(
    in_device: cl_device_id,
    _properties: *const cl_device_partition_property,
    _num_devices: cl_uint,
    _out_devices: *mut cl_device_id,
    _num_devices_ret: *mut cl_uint,
) -> cl_int {
    guard(|| {
        api::device(in_device as usize)?;
        // CL_DEVICE_PARTITION_PROPERTIES lists no partition type.
        Err(CL_INVALID_VALUE)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clRetainDevice(device: cl_device_id) -> cl_int {
    // Root devices: retain and release do nothing but check the handle.
    guard(|| api::device(device as usize).map(drop))
}

#[no_mangle]
pub unsafe extern "C" fn clReleaseDevice(device: cl_device_id) -> cl_int {
    guard(|| api::device(device as usize).map(drop))
}

// ---- contexts ----

fn properties(p: *const cl_context_properties) -> Vec<isize> {
    let mut out = Vec::new();
    if p.is_null() {
        return out;
    }
    let mut i = 0;
    loop {
        // SAFETY: a property list is 0-terminated name/value pairs.
        let name = unsafe { p.add(i).read_unaligned() };
        out.push(name);
        if name == 0 || i >= crate::limits::MAX_CONTEXT_PROPERTIES {
            break;
        }
        // SAFETY: as above: a name is followed by its value.
        out.push(unsafe { p.add(i + 1).read_unaligned() });
        i += 2;
    }
    if out.last() != Some(&0) {
        out.push(0);
    }
    out
}

fn notify(f: Option<ContextNotify>, user_data: *mut c_void) -> R<Option<Callback>> {
    match f {
        Some(f) => Ok(Some(Callback {
            func: f as usize,
            user_data: user_data as usize,
        })),
        None if !user_data.is_null() => Err(CL_INVALID_VALUE),
        None => Ok(None),
    }
}

#[no_mangle]
pub unsafe extern "C" fn clCreateContext(
    properties_: *const cl_context_properties,
    num_devices: cl_uint,
    devices: *const cl_device_id,
    pfn_notify: Option<ContextNotify>,
    user_data: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_context {
    guard_obj(errcode_ret, || {
        let cb = notify(pfn_notify, user_data)?;
        if devices.is_null() || num_devices == 0 {
            return Err(CL_INVALID_VALUE);
        }
        let devs = handles(devices, num_devices as usize)?;
        api::create_context(properties(properties_), &devs, cb)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clCreateContextFromType(
    properties_: *const cl_context_properties,
    device_type: cl_device_type,
    pfn_notify: Option<ContextNotify>,
    user_data: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_context {
    guard_obj(errcode_ret, || {
        let cb = notify(pfn_notify, user_data)?;
        api::create_context_from_type(properties(properties_), device_type, cb)
    })
}

macro_rules! retain_release {
    ($retain:ident, $release:ident, $kind:expr, $err:expr) => {
        #[no_mangle]
        pub unsafe extern "C" fn $retain(h: *mut c_void) -> cl_int {
            guard(|| {
                if registry::retain(h as usize, $kind) {
                    Ok(())
                } else {
                    Err($err)
                }
            })
        }
        #[no_mangle]
        pub unsafe extern "C" fn $release(h: *mut c_void) -> cl_int {
            guard(|| {
                if registry::release(h as usize, $kind) {
                    Ok(())
                } else {
                    crate::api_checks::release_failed(stringify!($release), h as usize);
                    Err($err)
                }
            })
        }
    };
}

retain_release!(
    clRetainContext,
    clReleaseContext,
    Kind::Context,
    CL_INVALID_CONTEXT
);
retain_release!(
    clRetainCommandQueue,
    clReleaseCommandQueue,
    Kind::Queue,
    CL_INVALID_COMMAND_QUEUE
);
retain_release!(
    clRetainMemObject,
    clReleaseMemObject,
    Kind::Mem,
    CL_INVALID_MEM_OBJECT
);
retain_release!(
    clRetainProgram,
    clReleaseProgram,
    Kind::Program,
    CL_INVALID_PROGRAM
);
retain_release!(
    clRetainKernel,
    clReleaseKernel,
    Kind::Kernel,
    CL_INVALID_KERNEL
);
retain_release!(clRetainEvent, clReleaseEvent, Kind::Event, CL_INVALID_EVENT);

#[no_mangle]
pub unsafe extern "C" fn clGetContextInfo(
    context: cl_context,
    param_name: cl_context_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    guard(|| {
        let c = api::context(context as usize)?;
        info(
            api::context_info(&c, param_name),
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    })
}

// ---- queues ----

#[no_mangle]
pub unsafe extern "C" fn clCreateCommandQueue(
    context: cl_context,
    device: cl_device_id,
    properties: cl_command_queue_properties,
    errcode_ret: *mut cl_int,
) -> cl_command_queue {
    guard_obj(errcode_ret, || {
        api::create_queue(context as usize, device as usize, properties)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clGetCommandQueueInfo(
    command_queue: cl_command_queue,
    param_name: cl_command_queue_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    guard(|| {
        let q = api::queue(command_queue as usize)?;
        info(
            api::queue_info(&q, param_name),
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clSetCommandQueueProperty(
    command_queue: cl_command_queue,
    _properties: cl_command_queue_properties,
    _enable: cl_bool,
    _old_properties: *mut cl_command_queue_properties,
) -> cl_int {
    // Deprecated in 1.1; properties are fixed at creation here.
    guard(|| {
        api::queue(command_queue as usize)?;
        Err(CL_INVALID_OPERATION)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clFlush(command_queue: cl_command_queue) -> cl_int {
    // Commands go to the worker as they are enqueued.
    guard(|| api::queue(command_queue as usize).map(drop))
}

#[no_mangle]
pub unsafe extern "C" fn clFinish(command_queue: cl_command_queue) -> cl_int {
    guard(|| {
        let q = api::queue(command_queue as usize)?;
        queue::finish(&q);
        Ok(())
    })
}

// ---- buffers ----

#[no_mangle]
pub unsafe extern "C" fn clCreateBuffer(
    context: cl_context,
    flags: cl_mem_flags,
    size: size_t,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    guard_obj(errcode_ret, || {
        let c = api::context(context as usize)?;
        api::check_mem_flags(flags)?;
        let wants_ptr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR) != 0;
        if wants_ptr == host_ptr.is_null() {
            return Err(CL_INVALID_HOST_PTR);
        }
        let max = c.devices.iter().map(|d| d.max_alloc).max().unwrap_or(0);
        if size == 0 || size as u64 > max {
            return Err(CL_INVALID_BUFFER_SIZE);
        }
        let initial = if wants_ptr {
            Some(bytes(host_ptr, size)?)
        } else {
            None
        };
        api::create_buffer(c, flags, size, initial, host_ptr as usize)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clCreateSubBuffer(
    buffer: cl_mem,
    flags: cl_mem_flags,
    buffer_create_type: cl_buffer_create_type,
    buffer_create_info: *const c_void,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    guard_obj(errcode_ret, || {
        let parent = api::mem(buffer as usize)?;
        if buffer_create_type != CL_BUFFER_CREATE_TYPE_REGION || buffer_create_info.is_null() {
            return Err(CL_INVALID_VALUE);
        }
        // SAFETY: for CL_BUFFER_CREATE_TYPE_REGION the info points to a `cl_buffer_region`.
        let region = unsafe {
            buffer_create_info
                .cast::<cl_buffer_region>()
                .read_unaligned()
        };
        api::create_sub_buffer(parent, flags, region.origin, region.size)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clGetMemObjectInfo(
    memobj: cl_mem,
    param_name: cl_mem_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    guard(|| {
        let m = api::mem(memobj as usize)?;
        info(
            api::mem_info(&m, param_name),
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clSetMemObjectDestructorCallback(
    memobj: cl_mem,
    pfn_notify: Option<MemNotify>,
    user_data: *mut c_void,
) -> cl_int {
    guard(|| {
        let m = api::mem(memobj as usize)?;
        let f = pfn_notify.ok_or(CL_INVALID_VALUE)?;
        lock(&m.destructors).push(Callback {
            func: f as usize,
            user_data: user_data as usize,
        });
        Ok(())
    })
}

// ---- images and samplers (crate::images) ----

#[no_mangle]
pub unsafe extern "C" fn clGetSupportedImageFormats(
    context: cl_context,
    flags: cl_mem_flags,
    image_type: cl_mem_object_type,
    num_entries: cl_uint,
    image_formats: *mut cl_image_format,
    num_image_formats: *mut cl_uint,
) -> cl_int {
    guard(|| {
        let c = api::context(context as usize)?;
        if num_entries == 0 && !image_formats.is_null() {
            return Err(CL_INVALID_VALUE);
        }
        let all = images::supported_formats(&c, flags, image_type)?;
        if !image_formats.is_null() {
            for (k, &(o, t)) in all.iter().take(num_entries as usize).enumerate() {
                let f = cl_image_format {
                    image_channel_order: o,
                    image_channel_data_type: t,
                };
                // SAFETY: `image_formats` has room for `num_entries` formats (the API's
                // contract) and `k < num_entries`.
                unsafe { image_formats.add(k).write_unaligned(f) };
            }
        }
        put(num_image_formats, all.len() as cl_uint);
        Ok(())
    })
}

/// The `(order, type)` of a `cl_image_format` argument.
fn image_format(p: *const cl_image_format) -> R<(u32, u32)> {
    if p.is_null() {
        return Err(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    }
    // SAFETY: a non-NULL `image_format` points to a `cl_image_format`.
    let f = unsafe { p.read_unaligned() };
    Ok((f.image_channel_order, f.image_channel_data_type))
}

/// `clCreateImage*` after decoding: `host_ptr` rows are read as `images` asks.
fn create_image(
    context: cl_context,
    flags: cl_mem_flags,
    format: *const cl_image_format,
    desc: &images::Desc,
    host_ptr: *mut c_void,
) -> R<usize> {
    let c = api::context(context as usize)?;
    let format = image_format(format)?;
    let read = |off: usize, len: usize| -> R<Vec<u8>> {
        let at = (host_ptr as usize)
            .checked_add(off)
            .ok_or(CL_INVALID_HOST_PTR)?;
        bytes(at as *const c_void, len)
    };
    images::create_image(c, flags, format, desc, host_ptr as usize, &read)
}

#[no_mangle]
pub unsafe extern "C" fn clCreateImage(
    context: cl_context,
    flags: cl_mem_flags,
    image_format: *const cl_image_format,
    image_desc: *const cl_image_desc,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    guard_obj(errcode_ret, || {
        api::context(context as usize)?;
        if image_desc.is_null() {
            image_format_checked(image_format)?;
            return Err(CL_INVALID_IMAGE_DESCRIPTOR);
        }
        // SAFETY: a non-NULL `image_desc` points to a `cl_image_desc`.
        let d = unsafe { image_desc.read_unaligned() };
        let desc = images::Desc {
            ty: d.image_type,
            width: d.image_width,
            height: d.image_height,
            depth: d.image_depth,
            array_size: d.image_array_size,
            row_pitch: d.image_row_pitch,
            slice_pitch: d.image_slice_pitch,
            mip_levels: d.num_mip_levels,
            samples: d.num_samples,
            buffer: d.buffer as usize,
        };
        create_image(context, flags, image_format, &desc, host_ptr)
    })
}

/// A NULL or undefined format is reported before a missing descriptor.
fn image_format_checked(p: *const cl_image_format) -> R<()> {
    let (o, t) = image_format(p)?;
    match images::format_of(o, t) {
        Err(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR) => Err(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR),
        _ => Ok(()),
    }
}

/// OpenCL 1.1's image constructors report bad sizes and pitches as
/// `CL_INVALID_IMAGE_SIZE` (they have no descriptor).
fn v11_errors(r: R<usize>) -> R<usize> {
    r.map_err(|e| {
        if e == CL_INVALID_IMAGE_DESCRIPTOR {
            CL_INVALID_IMAGE_SIZE
        } else {
            e
        }
    })
}

#[no_mangle]
pub unsafe extern "C" fn clCreateImage2D(
    context: cl_context,
    flags: cl_mem_flags,
    image_format: *const cl_image_format,
    image_width: size_t,
    image_height: size_t,
    image_row_pitch: size_t,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    guard_obj(errcode_ret, || {
        let desc = images::Desc {
            ty: CL_MEM_OBJECT_IMAGE2D,
            width: image_width,
            height: image_height,
            row_pitch: image_row_pitch,
            ..Default::default()
        };
        v11_errors(create_image(context, flags, image_format, &desc, host_ptr))
    })
}

#[no_mangle]
pub unsafe extern "C" fn clCreateImage3D(
    context: cl_context,
    flags: cl_mem_flags,
    image_format: *const cl_image_format,
    image_width: size_t,
    image_height: size_t,
    image_depth: size_t,
    image_row_pitch: size_t,
    image_slice_pitch: size_t,
    host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    guard_obj(errcode_ret, || {
        // OpenCL 1.1: a 3-D image has a depth above 1.
        if image_depth <= 1 {
            api::context(context as usize)?;
            return Err(CL_INVALID_IMAGE_SIZE);
        }
        let desc = images::Desc {
            ty: CL_MEM_OBJECT_IMAGE3D,
            width: image_width,
            height: image_height,
            depth: image_depth,
            row_pitch: image_row_pitch,
            slice_pitch: image_slice_pitch,
            ..Default::default()
        };
        v11_errors(create_image(context, flags, image_format, &desc, host_ptr))
    })
}

#[no_mangle]
pub unsafe extern "C" fn clGetImageInfo(
    image: cl_mem,
    param_name: cl_image_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    guard(|| {
        let m = api::mem(image as usize)?;
        info(
            images::image_info(&m, param_name),
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clCreateSampler(
    context: cl_context,
    normalized_coords: cl_bool,
    addressing_mode: cl_addressing_mode,
    filter_mode: cl_filter_mode,
    errcode_ret: *mut cl_int,
) -> cl_sampler {
    guard_obj(errcode_ret, || {
        images::create_sampler(
            context as usize,
            normalized_coords,
            addressing_mode,
            filter_mode,
        )
    })
}

retain_release!(
    clRetainSampler,
    clReleaseSampler,
    Kind::Sampler,
    CL_INVALID_SAMPLER
);

#[no_mangle]
pub unsafe extern "C" fn clGetSamplerInfo(
    sampler: cl_sampler,
    param_name: cl_sampler_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    guard(|| {
        let s = images::sampler(sampler as usize)?;
        info(
            images::sampler_info(&s, param_name),
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    })
}

/// An `origin` or `region` argument: three sizes, `CL_INVALID_VALUE` when NULL.
fn triple(p: *const size_t) -> R<[usize; 3]> {
    let s = slice(p, 3)?;
    Ok([s[0], s[1], s[2]])
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueReadImage(
    command_queue: cl_command_queue,
    image: cl_mem,
    blocking_read: cl_bool,
    origin: *const size_t,
    region: *const size_t,
    row_pitch: size_t,
    slice_pitch: size_t,
    ptr: *mut c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let m = images::queue_image(&q, image as usize)?;
        let i = m.image.as_ref().ok_or(CL_INVALID_MEM_OBJECT)?;
        let runs = images::host_runs(i, triple(origin)?, triple(region)?, row_pitch, slice_pitch)?;
        if ptr.is_null() {
            return Err(CL_INVALID_VALUE);
        }
        host_access(&m, true)?;
        let work = Work::ReadRect {
            mem: m.clone(),
            runs,
            dst: ptr as usize,
        };
        submit(
            &q,
            CL_COMMAND_READ_IMAGE,
            wait,
            work,
            event,
            blocking_read != 0,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueWriteImage(
    command_queue: cl_command_queue,
    image: cl_mem,
    blocking_write: cl_bool,
    origin: *const size_t,
    region: *const size_t,
    input_row_pitch: size_t,
    input_slice_pitch: size_t,
    ptr: *const c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let m = images::queue_image(&q, image as usize)?;
        let i = m.image.as_ref().ok_or(CL_INVALID_MEM_OBJECT)?;
        let runs = images::host_runs(
            i,
            triple(origin)?,
            triple(region)?,
            input_row_pitch,
            input_slice_pitch,
        )?;
        if ptr.is_null() {
            return Err(CL_INVALID_VALUE);
        }
        host_access(&m, false)?;
        // The data is taken now, so the application may reuse `ptr` on return.
        let mut data = Vec::with_capacity(runs.len());
        for (b, h, len) in runs {
            data.push((b, bytes(ptr.cast::<u8>().wrapping_add(h).cast(), len)?));
        }
        let work = Work::WriteRuns {
            mem: m.clone(),
            runs: data,
        };
        submit(
            &q,
            CL_COMMAND_WRITE_IMAGE,
            wait,
            work,
            event,
            blocking_write != 0,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueCopyImage(
    command_queue: cl_command_queue,
    src_image: cl_mem,
    dst_image: cl_mem,
    src_origin: *const size_t,
    dst_origin: *const size_t,
    region: *const size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let src = images::queue_image(&q, src_image as usize)?;
        let dst = images::queue_image(&q, dst_image as usize)?;
        let (si, di) = match (&src.image, &dst.image) {
            (Some(s), Some(d)) => (s, d),
            _ => return Err(CL_INVALID_MEM_OBJECT),
        };
        if si.img.format != di.img.format {
            return Err(CL_IMAGE_FORMAT_MISMATCH);
        }
        let (so, dor, rg) = (triple(src_origin)?, triple(dst_origin)?, triple(region)?);
        let (srows, len) = images::rows(si, so, rg)?;
        let (drows, _) = images::rows(di, dor, rg)?;
        if src.handle == dst.handle && images::overlap(so, dor, rg) {
            return Err(CL_MEM_COPY_OVERLAP);
        }
        let runs = srows
            .into_iter()
            .zip(drows)
            .map(|(s, d)| (s, d, len))
            .collect();
        let work = Work::Copy {
            src: src.clone(),
            dst: dst.clone(),
            runs,
        };
        submit(&q, CL_COMMAND_COPY_IMAGE, wait, work, event, false)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueCopyImageToBuffer(
    command_queue: cl_command_queue,
    src_image: cl_mem,
    dst_buffer: cl_mem,
    src_origin: *const size_t,
    region: *const size_t,
    dst_offset: size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let src = images::queue_image(&q, src_image as usize)?;
        let si = src.image.as_ref().ok_or(CL_INVALID_MEM_OBJECT)?;
        let (rows, len) = images::rows(si, triple(src_origin)?, triple(region)?)?;
        // Rows land one after another in the buffer.
        let total = rows.len() * len;
        let dst = api::buffer_region(&q, dst_buffer as usize, dst_offset, total)?;
        let runs = rows
            .into_iter()
            .enumerate()
            .map(|(k, s)| (s, dst_offset + k * len, len))
            .collect();
        let work = Work::Copy {
            src: src.clone(),
            dst,
            runs,
        };
        submit(
            &q,
            CL_COMMAND_COPY_IMAGE_TO_BUFFER,
            wait,
            work,
            event,
            false,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueCopyBufferToImage(
    command_queue: cl_command_queue,
    src_buffer: cl_mem,
    dst_image: cl_mem,
    src_offset: size_t,
    dst_origin: *const size_t,
    region: *const size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let dst = images::queue_image(&q, dst_image as usize)?;
        let di = dst.image.as_ref().ok_or(CL_INVALID_MEM_OBJECT)?;
        let (rows, len) = images::rows(di, triple(dst_origin)?, triple(region)?)?;
        let total = rows.len() * len;
        let src = api::buffer_region(&q, src_buffer as usize, src_offset, total)?;
        let runs = rows
            .into_iter()
            .enumerate()
            .map(|(k, d)| (src_offset + k * len, d, len))
            .collect();
        let work = Work::Copy {
            src,
            dst: dst.clone(),
            runs,
        };
        submit(
            &q,
            CL_COMMAND_COPY_BUFFER_TO_IMAGE,
            wait,
            work,
            event,
            false,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueFillImage(
    command_queue: cl_command_queue,
    image: cl_mem,
    fill_color: *const c_void,
    origin: *const size_t,
    region: *const size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let m = images::queue_image(&q, image as usize)?;
        let i = m.image.as_ref().ok_or(CL_INVALID_MEM_OBJECT)?;
        if fill_color.is_null() {
            return Err(CL_INVALID_VALUE);
        }
        let (rows, len) = images::rows(i, triple(origin)?, triple(region)?)?;
        // Four floats, ints or uints, as the format's channel type is written.
        let c = slice(fill_color.cast::<u32>(), 4)?;
        let pixel = images::fill_pixel(i, [c[0], c[1], c[2], c[3]])?;
        let row: Vec<u8> = pixel.iter().copied().cycle().take(len).collect();
        let runs = rows.into_iter().map(|r| (r, row.clone())).collect();
        let work = Work::WriteRuns {
            mem: m.clone(),
            runs,
        };
        submit(&q, CL_COMMAND_FILL_IMAGE, wait, work, event, false)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueMapImage(
    command_queue: cl_command_queue,
    image: cl_mem,
    blocking_map: cl_bool,
    map_flags: cl_map_flags,
    origin: *const size_t,
    region: *const size_t,
    image_row_pitch: *mut size_t,
    image_slice_pitch: *mut size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
    errcode_ret: *mut cl_int,
) -> *mut c_void {
    let mut ptr = 0usize;
    let code = guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let m = images::queue_image(&q, image as usize)?;
        let i = m.image.as_ref().ok_or(CL_INVALID_MEM_OBJECT)?;
        let (org, rg) = (triple(origin)?, triple(region)?);
        let (rows, len) = images::rows(i, org, rg)?;
        let slices = matches!(
            i.img.ty,
            kauai_ir::image::ImageType::Image1dArray
                | kauai_ir::image::ImageType::Image2dArray
                | kauai_ir::image::ImageType::Image3d
        );
        if image_row_pitch.is_null() || (slices && image_slice_pitch.is_null()) {
            return Err(CL_INVALID_VALUE);
        }
        let write = map_access(&m, map_flags)?;
        // USE_HOST_PTR: the mapping is the application's memory at its own pitches;
        // otherwise staging memory holding the region tightly packed.
        let (row, slice) = if m.host_ptr != 0 {
            (i.host_row_pitch, i.host_slice_pitch)
        } else if i.img.ty == kauai_ir::image::ImageType::Image1dArray {
            (len, len)
        } else {
            (len, len * rg[1])
        };
        let (ys, zs) = if i.img.ty == kauai_ir::image::ImageType::Image1dArray {
            (slice, 0)
        } else {
            (row, slice)
        };
        let mut runs = Vec::with_capacity(rows.len());
        let mut k = 0;
        for z in 0..rg[2] {
            for y in 0..rg[1] {
                runs.push((rows[k], z * zs + y * ys, len));
                k += 1;
            }
        }
        let (p, staging) = if m.host_ptr != 0 {
            let px = i.pixel_bytes();
            let at = org[0] * px + org[1] * ys + org[2] * zs;
            (m.host_ptr + at, None)
        } else {
            let total = runs.last().map_or(0, |r| r.1 + r.2);
            let mut v = vec![0u8; total.max(1)];
            (v.as_mut_ptr() as usize, Some(v))
        };
        put(image_row_pitch, row);
        put(image_slice_pitch, if slices { slice } else { 0 });
        ptr = p;
        let map = Mapping {
            runs,
            write,
            _staging: staging,
        };
        let blocking = blocking_map != 0;
        enqueue_map(&q, &m, p, map, CL_COMMAND_MAP_IMAGE, wait, event, blocking)
    });
    put(errcode_ret, code);
    if code == CL_SUCCESS {
        ptr as *mut c_void
    } else {
        std::ptr::null_mut()
    }
}

// ---- programs ----

#[no_mangle]
pub unsafe extern "C" fn clCreateProgramWithSource(
    context: cl_context,
    count: cl_uint,
    strings: *mut *const c_char,
    lengths: *const size_t,
    errcode_ret: *mut cl_int,
) -> cl_program {
    guard_obj(errcode_ret, || {
        api::context(context as usize)?;
        if count == 0 || strings.is_null() {
            return Err(CL_INVALID_VALUE);
        }
        let ptrs = slice(strings.cast_const(), count as usize)?;
        let lens = if lengths.is_null() {
            None
        } else {
            Some(slice(lengths, count as usize)?)
        };
        let mut texts = Vec::with_capacity(ptrs.len());
        for (i, &p) in ptrs.iter().enumerate() {
            if p.is_null() {
                return Err(CL_INVALID_VALUE);
            }
            let len = lens.map_or(0, |l| l[i]);
            texts.push(if len == 0 {
                cstr(p).unwrap_or_default().into_bytes()
            } else {
                bytes(p.cast(), len)?
            });
        }
        api::create_program_with_source(context as usize, texts)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clCreateProgramWithBinary(
    context: cl_context,
    num_devices: cl_uint,
    device_list: *const cl_device_id,
    lengths: *const size_t,
    binaries: *mut *const c_uchar,
    binary_status: *mut cl_int,
    errcode_ret: *mut cl_int,
) -> cl_program {
    guard_obj(errcode_ret, || {
        api::context(context as usize)?;
        if num_devices == 0 || device_list.is_null() || lengths.is_null() || binaries.is_null() {
            return Err(CL_INVALID_VALUE);
        }
        let n = num_devices as usize;
        let devs = handles(device_list, n)?;
        let lens = slice(lengths, n)?;
        let ptrs = slice(binaries.cast_const(), n)?;
        let mut bins = Vec::with_capacity(n);
        for (&p, &l) in ptrs.iter().zip(lens) {
            if p.is_null() || l == 0 {
                return Err(CL_INVALID_VALUE);
            }
            bins.push(bytes(p.cast(), l)?);
        }
        let (r, statuses) = api::create_program_with_binary(context as usize, &devs, bins);
        if !binary_status.is_null() {
            for (i, s) in statuses.iter().enumerate().take(n) {
                // SAFETY: `binary_status` has `num_devices` entries.
                unsafe { binary_status.add(i).write_unaligned(*s) };
            }
        }
        r
    })
}

/// `cl_khr_il_program`'s entry point, found through
/// `clGetExtensionFunctionAddressForPlatform` (extension functions are not exported).
/// It also fills the dispatch table's OpenCL 2.1 `clCreateProgramWithIL` slot, which
/// takes the same arguments, so loaders and bindings that call the core name (pyopencl)
/// reach it too.
pub unsafe extern "C" fn clCreateProgramWithILKHR(
    context: cl_context,
    il: *const c_void,
    length: size_t,
    errcode_ret: *mut cl_int,
) -> cl_program {
    guard_obj(errcode_ret, || {
        api::context(context as usize)?;
        if il.is_null() || length == 0 {
            return Err(CL_INVALID_VALUE);
        }
        api::create_program_with_il(context as usize, bytes(il, length)?)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clCreateProgramWithBuiltInKernels(
    context: cl_context,
    _num_devices: cl_uint,
    _device_list: *const cl_device_id,
    _kernel_names: *const c_char,
    errcode_ret: *mut cl_int,
) -> cl_program {
    // No device has built-in kernels (CL_DEVICE_BUILT_IN_KERNELS is empty).
    guard_obj(errcode_ret, || {
        api::context(context as usize)?;
        Err(CL_INVALID_VALUE)
    })
}

fn device_list(num_devices: cl_uint, device_list: *const cl_device_id) -> R<Option<Vec<usize>>> {
    if (num_devices == 0) != device_list.is_null() {
        return Err(CL_INVALID_VALUE);
    }
    if device_list.is_null() {
        Ok(None)
    } else {
        Ok(Some(handles(device_list, num_devices as usize)?))
    }
}

#[no_mangle]
pub unsafe extern "C" fn clBuildProgram(
    program: cl_program,
    num_devices: cl_uint,
    device_list_: *const cl_device_id,
    options: *const c_char,
    pfn_notify: Option<ProgramNotify>,
    user_data: *mut c_void,
) -> cl_int {
    guard(|| {
        let p = api::program(program as usize)?;
        let devs = device_list(num_devices, device_list_)?;
        if pfn_notify.is_none() && !user_data.is_null() {
            return Err(CL_INVALID_VALUE);
        }
        let r = api::build_program(&p, devs.as_deref(), &cstr(options).unwrap_or_default());
        call_program_notify(pfn_notify, program, user_data);
        r
    })
}

#[no_mangle]
pub unsafe extern "C" fn clCompileProgram(
    program: cl_program,
    num_devices: cl_uint,
    device_list_: *const cl_device_id,
    options: *const c_char,
    num_input_headers: cl_uint,
    input_headers: *const cl_program,
    header_include_names: *mut *const c_char,
    pfn_notify: Option<ProgramNotify>,
    user_data: *mut c_void,
) -> cl_int {
    guard(|| {
        let p = api::program(program as usize)?;
        let devs = device_list(num_devices, device_list_)?;
        if (num_input_headers == 0) != input_headers.is_null()
            || (num_input_headers == 0) != header_include_names.is_null()
        {
            return Err(CL_INVALID_VALUE);
        }
        let hs = handles(input_headers, num_input_headers as usize)?;
        let names = slice(
            header_include_names.cast_const(),
            num_input_headers as usize,
        )?;
        let mut headers = Vec::new();
        for (&h, &n) in hs.iter().zip(names) {
            let hp = api::program(h)?;
            headers.push((cstr(n).ok_or(CL_INVALID_VALUE)?, hp.source_text()));
        }
        let r = crate::link::compile_program(
            &p,
            devs.as_deref(),
            &cstr(options).unwrap_or_default(),
            headers,
        );
        call_program_notify(pfn_notify, program, user_data);
        r
    })
}

#[no_mangle]
pub unsafe extern "C" fn clLinkProgram(
    context: cl_context,
    num_devices: cl_uint,
    device_list_: *const cl_device_id,
    options: *const c_char,
    num_input_programs: cl_uint,
    input_programs: *const cl_program,
    pfn_notify: Option<ProgramNotify>,
    user_data: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_program {
    let mut made = 0usize;
    let p = guard_obj(errcode_ret, || {
        let devs = device_list(num_devices, device_list_)?;
        if num_input_programs == 0 || input_programs.is_null() {
            return Err(CL_INVALID_VALUE);
        }
        let inputs = handles(input_programs, num_input_programs as usize)?;
        let (h, r) = crate::link::link_program(
            context as usize,
            devs.as_deref(),
            &cstr(options).unwrap_or_default(),
            &inputs,
        )?;
        made = h;
        r.map(|()| h)
    });
    if made != 0 {
        call_program_notify(pfn_notify, made as cl_program, user_data);
    }
    p
}

#[no_mangle]
pub unsafe extern "C" fn clGetProgramInfo(
    program: cl_program,
    param_name: cl_program_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    guard(|| {
        let p = api::program(program as usize)?;
        if param_name == CL_PROGRAM_BINARIES {
            // An array of pointers, one per device, each to room for its binary.
            let bins = api::binaries(&lock(&p.slots));
            let need = bins.len() * std::mem::size_of::<*mut u8>();
            if !param_value.is_null() {
                if param_value_size < need {
                    return Err(CL_INVALID_VALUE);
                }
                let ptrs = slice(param_value.cast::<*mut u8>().cast_const(), bins.len())?;
                for (&dst, b) in ptrs.iter().zip(&bins) {
                    copy_to_host(dst as usize, b);
                }
            }
            put(param_value_size_ret, need);
            return Ok(());
        }
        info(
            api::program_info(&p, param_name),
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clGetProgramBuildInfo(
    program: cl_program,
    device: cl_device_id,
    param_name: cl_program_build_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    guard(|| {
        let p = api::program(program as usize)?;
        info(
            api::program_build_info(&p, device as usize, param_name),
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    })
}

// ---- kernels ----

#[no_mangle]
pub unsafe extern "C" fn clCreateKernel(
    program: cl_program,
    kernel_name: *const c_char,
    errcode_ret: *mut cl_int,
) -> cl_kernel {
    guard_obj(errcode_ret, || {
        let p = api::program(program as usize)?;
        let name = cstr(kernel_name).ok_or(CL_INVALID_VALUE)?;
        api::create_kernel(&p, &name)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clCreateKernelsInProgram(
    program: cl_program,
    num_kernels: cl_uint,
    kernels: *mut cl_kernel,
    num_kernels_ret: *mut cl_uint,
) -> cl_int {
    guard(|| {
        let p = api::program(program as usize)?;
        let names = api::kernel_names(&p)?;
        if !kernels.is_null() {
            if (num_kernels as usize) < names.len() {
                return Err(CL_INVALID_VALUE);
            }
            let mut made = Vec::new();
            for n in &names {
                match api::create_kernel(&p, n) {
                    Ok(h) => made.push(h),
                    Err(e) => {
                        for h in made {
                            registry::release(h, Kind::Kernel);
                        }
                        return Err(e);
                    }
                }
            }
            for (i, h) in made.iter().enumerate() {
                // SAFETY: `kernels` has room for `num_kernels` >= len handles.
                unsafe { kernels.add(i).write_unaligned(*h as cl_kernel) };
            }
        }
        put(num_kernels_ret, names.len() as cl_uint);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn clSetKernelArg(
    kernel: cl_kernel,
    arg_index: cl_uint,
    arg_size: size_t,
    arg_value: *const c_void,
) -> cl_int {
    guard(|| {
        let k = api::kernel(kernel as usize)?;
        if arg_size > crate::limits::MAX_PARAMETER_SIZE.max(std::mem::size_of::<cl_mem>())
            && !arg_value.is_null()
        {
            return Err(CL_INVALID_ARG_SIZE);
        }
        let value = if arg_value.is_null() {
            None
        } else {
            Some(bytes(arg_value, arg_size)?)
        };
        api::set_kernel_arg(&k, arg_index, arg_size, value.as_deref())
    })
}

#[no_mangle]
pub unsafe extern "C" fn clGetKernelInfo(
    kernel: cl_kernel,
    param_name: cl_kernel_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    guard(|| {
        let k = api::kernel(kernel as usize)?;
        info(
            api::kernel_info(&k, param_name),
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clGetKernelArgInfo(
    kernel: cl_kernel,
    arg_index: cl_uint,
    param_name: cl_kernel_arg_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    guard(|| {
        let k = api::kernel(kernel as usize)?;
        info(
            api::kernel_arg_info(&k, arg_index, param_name),
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clGetKernelWorkGroupInfo(
    kernel: cl_kernel,
    device: cl_device_id,
    param_name: cl_kernel_work_group_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    guard(|| {
        let k = api::kernel(kernel as usize)?;
        info(
            api::kernel_work_group_info(&k, device as usize, param_name),
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    })
}

// ---- enqueue ----

/// Submit `work` after the checks, returning its event to the application if asked;
/// a blocking command waits for it. A blocking command that fails returns its error and
/// no event: the application, given an error, would never release one.
fn submit(
    q: &Arc<crate::objects::Queue>,
    command_type: u32,
    wait: Vec<Arc<Event>>,
    work: Work,
    event: *mut cl_event,
    blocking: bool,
) -> R<()> {
    let e = queue::submit(q, command_type, wait, work, !event.is_null());
    if blocking {
        if let Err(code) = api::finish_blocking(&e) {
            if !event.is_null() {
                registry::release(e.handle, Kind::Event);
            }
            return Err(code);
        }
    }
    out_event(event, &e);
    Ok(())
}

/// The map flags' checks, shared by buffers and images: known bits only,
/// `CL_MAP_WRITE_INVALIDATE_REGION` alone, and the host access the memory allows.
/// Whether the mapping writes back.
fn map_access(m: &crate::objects::Mem, map_flags: cl_map_flags) -> R<bool> {
    let known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
    if map_flags & !known != 0
        || (map_flags & CL_MAP_WRITE_INVALIDATE_REGION != 0
            && map_flags & (CL_MAP_READ | CL_MAP_WRITE) != 0)
    {
        return Err(CL_INVALID_VALUE);
    }
    if map_flags & CL_MAP_READ != 0 {
        host_access(m, true)?;
    }
    let write = map_flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION) != 0;
    if write {
        host_access(m, false)?;
    }
    Ok(write)
}

/// Register mapping `map` of `m` at host address `p` (a region of a USE_HOST_PTR buffer
/// may be mapped again at the same address) and submit the command that fills it. A
/// map that fails returns no pointer, so there is no mapping to end: it is dropped.
fn enqueue_map(
    q: &Arc<crate::objects::Queue>,
    m: &Arc<crate::objects::Mem>,
    p: usize,
    map: Mapping,
    command_type: u32,
    wait: Vec<Arc<Event>>,
    event: *mut cl_event,
    blocking: bool,
) -> R<()> {
    let runs = map.runs.clone();
    lock(&m.maps).entry(p).or_default().push(map);
    let work = Work::Map {
        mem: m.clone(),
        ptr: p,
        runs,
    };
    let r = submit(q, command_type, wait, work, event, blocking);
    if r.is_err() {
        let mut maps = lock(&m.maps);
        maps.get_mut(&p).and_then(Vec::pop);
        if maps.get(&p).is_some_and(Vec::is_empty) {
            maps.remove(&p);
        }
    }
    r
}

fn host_access(m: &crate::objects::Mem, read: bool) -> R<()> {
    let denied = if read {
        CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS
    } else {
        CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS
    };
    if m.flags & denied != 0 {
        Err(CL_INVALID_OPERATION)
    } else {
        Ok(())
    }
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueReadBuffer(
    command_queue: cl_command_queue,
    buffer: cl_mem,
    blocking_read: cl_bool,
    offset: size_t,
    size: size_t,
    ptr: *mut c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let m = api::buffer_region(&q, buffer as usize, offset, size)?;
        if ptr.is_null() || size == 0 {
            return Err(CL_INVALID_VALUE);
        }
        host_access(&m, true)?;
        let work = Work::Read {
            mem: m,
            offset,
            len: size,
            dst: ptr as usize,
        };
        submit(
            &q,
            CL_COMMAND_READ_BUFFER,
            wait,
            work,
            event,
            blocking_read != 0,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueWriteBuffer(
    command_queue: cl_command_queue,
    buffer: cl_mem,
    blocking_write: cl_bool,
    offset: size_t,
    size: size_t,
    ptr: *const c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let m = api::buffer_region(&q, buffer as usize, offset, size)?;
        if ptr.is_null() || size == 0 {
            return Err(CL_INVALID_VALUE);
        }
        host_access(&m, false)?;
        // The data is taken now: the application may reuse `ptr` once the command is
        // complete, and taking it earlier is indistinguishable.
        let work = Work::Write {
            mem: m,
            offset,
            data: bytes(ptr, size)?,
        };
        submit(
            &q,
            CL_COMMAND_WRITE_BUFFER,
            wait,
            work,
            event,
            blocking_write != 0,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueCopyBuffer(
    command_queue: cl_command_queue,
    src_buffer: cl_mem,
    dst_buffer: cl_mem,
    src_offset: size_t,
    dst_offset: size_t,
    size: size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let src = api::buffer_region(&q, src_buffer as usize, src_offset, size)?;
        let dst = api::buffer_region(&q, dst_buffer as usize, dst_offset, size)?;
        if size == 0 {
            return Err(CL_INVALID_VALUE);
        }
        if src.handle == dst.handle
            && src_offset < dst_offset + size
            && dst_offset < src_offset + size
        {
            return Err(CL_MEM_COPY_OVERLAP);
        }
        let work = Work::Copy {
            src,
            dst,
            runs: vec![(src_offset, dst_offset, size)],
        };
        submit(&q, CL_COMMAND_COPY_BUFFER, wait, work, event, false)
    })
}

/// The runs of a rectangular region: `(a offset, b offset, len)` for each row, with
/// pitches defaulted as the specification says; checked against the sizes.
fn rect_runs(
    a_origin: *const size_t,
    b_origin: *const size_t,
    region: *const size_t,
    mut a_row: usize,
    mut a_slice: usize,
    mut b_row: usize,
    mut b_slice: usize,
) -> R<Vec<(usize, usize, usize)>> {
    let ao = slice(a_origin, 3)?;
    let bo = slice(b_origin, 3)?;
    let rg = slice(region, 3)?;
    if rg.contains(&0) {
        return Err(CL_INVALID_VALUE);
    }
    if a_row == 0 {
        a_row = rg[0];
    }
    if a_slice == 0 {
        a_slice = rg[1].checked_mul(a_row).ok_or(CL_INVALID_VALUE)?;
    }
    if b_row == 0 {
        b_row = rg[0];
    }
    if b_slice == 0 {
        b_slice = rg[1].checked_mul(b_row).ok_or(CL_INVALID_VALUE)?;
    }
    if a_row < rg[0] || b_row < rg[0] || a_slice < rg[1] * a_row || b_slice < rg[1] * b_row {
        return Err(CL_INVALID_VALUE);
    }
    let off = |o: &[usize], row: usize, slice: usize, y: usize, z: usize| -> Option<usize> {
        (o[2].checked_add(z)?)
            .checked_mul(slice)?
            .checked_add((o[1].checked_add(y)?).checked_mul(row)?)?
            .checked_add(o[0])
    };
    let rows = rg[1].checked_mul(rg[2]).ok_or(CL_INVALID_VALUE)?;
    if rows > crate::limits::MAX_RECT_ROWS {
        return Err(CL_INVALID_VALUE);
    }
    let mut runs = Vec::with_capacity(rows);
    for z in 0..rg[2] {
        for y in 0..rg[1] {
            let a = off(ao, a_row, a_slice, y, z).ok_or(CL_INVALID_VALUE)?;
            let b = off(bo, b_row, b_slice, y, z).ok_or(CL_INVALID_VALUE)?;
            runs.push((a, b, rg[0]));
        }
    }
    Ok(runs)
}

/// What a rect read and a rect write between a buffer and host memory share: the buffer
/// on the queue's context, a host pointer, the buffer's host access, and the row runs
/// `(buffer offset, host offset, len)`, checked against the buffer.
fn host_rect(
    q: &crate::objects::Queue,
    buffer: cl_mem,
    ptr_is_null: bool,
    read: bool,
    [buffer_origin, host_origin, region]: [*const size_t; 3],
    [buffer_row, buffer_slice, host_row, host_slice]: [size_t; 4],
) -> R<(Arc<crate::objects::Mem>, Vec<(usize, usize, usize)>)> {
    let m = api::buffer_region(q, buffer as usize, 0, 0)?;
    if ptr_is_null {
        return Err(CL_INVALID_VALUE);
    }
    host_access(&m, read)?;
    let runs = rect_runs(
        buffer_origin,
        host_origin,
        region,
        buffer_row,
        buffer_slice,
        host_row,
        host_slice,
    )?;
    check_runs(m.size, &runs, true)?;
    Ok((m, runs))
}

fn check_runs(size: usize, runs: &[(usize, usize, usize)], first: bool) -> R<()> {
    for &(a, b, len) in runs {
        let o = if first { a } else { b };
        if o.checked_add(len).is_none_or(|e| e > size) {
            return Err(CL_INVALID_VALUE);
        }
    }
    Ok(())
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueReadBufferRect(
    command_queue: cl_command_queue,
    buffer: cl_mem,
    blocking_read: cl_bool,
    buffer_origin: *const size_t,
    host_origin: *const size_t,
    region: *const size_t,
    buffer_row_pitch: size_t,
    buffer_slice_pitch: size_t,
    host_row_pitch: size_t,
    host_slice_pitch: size_t,
    ptr: *mut c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let (m, runs) = host_rect(
            &q,
            buffer,
            ptr.is_null(),
            true,
            [buffer_origin, host_origin, region],
            [
                buffer_row_pitch,
                buffer_slice_pitch,
                host_row_pitch,
                host_slice_pitch,
            ],
        )?;
        let work = Work::ReadRect {
            mem: m,
            runs,
            dst: ptr as usize,
        };
        submit(
            &q,
            CL_COMMAND_READ_BUFFER_RECT,
            wait,
            work,
            event,
            blocking_read != 0,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueWriteBufferRect(
    command_queue: cl_command_queue,
    buffer: cl_mem,
    blocking_write: cl_bool,
    buffer_origin: *const size_t,
    host_origin: *const size_t,
    region: *const size_t,
    buffer_row_pitch: size_t,
    buffer_slice_pitch: size_t,
    host_row_pitch: size_t,
    host_slice_pitch: size_t,
    ptr: *const c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let (m, runs) = host_rect(
            &q,
            buffer,
            ptr.is_null(),
            false,
            [buffer_origin, host_origin, region],
            [
                buffer_row_pitch,
                buffer_slice_pitch,
                host_row_pitch,
                host_slice_pitch,
            ],
        )?;
        let mut data = Vec::with_capacity(runs.len());
        for (b, h, len) in runs {
            data.push((b, bytes(ptr.cast::<u8>().wrapping_add(h).cast(), len)?));
        }
        let work = Work::WriteRuns { mem: m, runs: data };
        submit(
            &q,
            CL_COMMAND_WRITE_BUFFER_RECT,
            wait,
            work,
            event,
            blocking_write != 0,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueCopyBufferRect(
    command_queue: cl_command_queue,
    src_buffer: cl_mem,
    dst_buffer: cl_mem,
    src_origin: *const size_t,
    dst_origin: *const size_t,
    region: *const size_t,
    src_row_pitch: size_t,
    src_slice_pitch: size_t,
    dst_row_pitch: size_t,
    dst_slice_pitch: size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let src = api::buffer_region(&q, src_buffer as usize, 0, 0)?;
        let dst = api::buffer_region(&q, dst_buffer as usize, 0, 0)?;
        let runs = rect_runs(
            src_origin,
            dst_origin,
            region,
            src_row_pitch,
            src_slice_pitch,
            dst_row_pitch,
            dst_slice_pitch,
        )?;
        check_runs(src.size, &runs, true)?;
        check_runs(dst.size, &runs, false)?;
        if src.handle == dst.handle {
            let overlaps = runs
                .iter()
                .any(|&(s, _, l)| runs.iter().any(|&(_, d, _)| s < d + l && d < s + l));
            if overlaps {
                return Err(CL_MEM_COPY_OVERLAP);
            }
        }
        let work = Work::Copy { src, dst, runs };
        submit(&q, CL_COMMAND_COPY_BUFFER_RECT, wait, work, event, false)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueFillBuffer(
    command_queue: cl_command_queue,
    buffer: cl_mem,
    pattern: *const c_void,
    pattern_size: size_t,
    offset: size_t,
    size: size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let m = api::buffer_region(&q, buffer as usize, offset, size)?;
        if pattern.is_null()
            || !matches!(pattern_size, 1 | 2 | 4 | 8 | 16 | 32 | 64 | 128)
            || !offset.is_multiple_of(pattern_size)
            || !size.is_multiple_of(pattern_size)
        {
            return Err(CL_INVALID_VALUE);
        }
        let work = Work::Fill {
            mem: m,
            pattern: bytes(pattern, pattern_size)?,
            offset,
            size,
        };
        submit(&q, CL_COMMAND_FILL_BUFFER, wait, work, event, false)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueMapBuffer(
    command_queue: cl_command_queue,
    buffer: cl_mem,
    blocking_map: cl_bool,
    map_flags: cl_map_flags,
    offset: size_t,
    size: size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
    errcode_ret: *mut cl_int,
) -> *mut c_void {
    let mut ptr = 0usize;
    let code = guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let m = api::buffer_region(&q, buffer as usize, offset, size)?;
        if size == 0 {
            return Err(CL_INVALID_VALUE);
        }
        let write = map_access(&m, map_flags)?;
        let (p, staging) = if m.host_ptr != 0 {
            (m.host_ptr + offset, None)
        } else {
            let mut v = vec![0u8; size];
            (v.as_mut_ptr() as usize, Some(v))
        };
        ptr = p;
        let map = Mapping {
            runs: vec![(offset, 0, size)],
            write,
            _staging: staging,
        };
        let blocking = blocking_map != 0;
        enqueue_map(&q, &m, p, map, CL_COMMAND_MAP_BUFFER, wait, event, blocking)
    });
    put(errcode_ret, code);
    if code == CL_SUCCESS {
        ptr as *mut c_void
    } else {
        std::ptr::null_mut()
    }
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueUnmapMemObject(
    command_queue: cl_command_queue,
    memobj: cl_mem,
    mapped_ptr: *mut c_void,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let m = api::queue_mem(&q, memobj as usize)?;
        if !lock(&m.maps).contains_key(&(mapped_ptr as usize)) {
            return Err(CL_INVALID_VALUE);
        }
        let work = Work::Unmap {
            mem: m,
            ptr: mapped_ptr as usize,
        };
        submit(&q, CL_COMMAND_UNMAP_MEM_OBJECT, wait, work, event, false)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueMigrateMemObjects(
    command_queue: cl_command_queue,
    num_mem_objects: cl_uint,
    mem_objects: *const cl_mem,
    flags: cl_mem_migration_flags,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        if num_mem_objects == 0
            || mem_objects.is_null()
            || flags & !(CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED) != 0
        {
            return Err(CL_INVALID_VALUE);
        }
        for h in handles(mem_objects, num_mem_objects as usize)? {
            api::queue_mem(&q, h)?;
        }
        // One memory for all devices: migrating only orders the command.
        submit(
            &q,
            CL_COMMAND_MIGRATE_MEM_OBJECTS,
            wait,
            Work::Nothing,
            event,
            false,
        )
    })
}

fn sizes(p: *const size_t, n: u32) -> R<Option<Vec<u64>>> {
    if p.is_null() || !(1..=3).contains(&n) {
        return Ok(None);
    }
    Ok(Some(
        slice(p, n as usize)?.iter().map(|&x| x as u64).collect(),
    ))
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueNDRangeKernel(
    command_queue: cl_command_queue,
    kernel: cl_kernel,
    work_dim: cl_uint,
    global_work_offset: *const size_t,
    global_work_size: *const size_t,
    local_work_size: *const size_t,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let k = api::kernel(kernel as usize)?;
        let work = api::enqueue_kernel(
            &q,
            &k,
            work_dim,
            sizes(global_work_offset, work_dim)?,
            sizes(global_work_size, work_dim)?,
            sizes(local_work_size, work_dim)?,
        )?;
        submit(&q, CL_COMMAND_NDRANGE_KERNEL, wait, work, event, false)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueTask(
    command_queue: cl_command_queue,
    kernel: cl_kernel,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        let k = api::kernel(kernel as usize)?;
        let work = api::enqueue_kernel(&q, &k, 1, None, Some(vec![1]), Some(vec![1]))?;
        submit(&q, CL_COMMAND_TASK, wait, work, event, false)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueNativeKernel(
    command_queue: cl_command_queue,
    _user_func: Option<unsafe extern "C" fn(*mut c_void)>,
    _args: *mut c_void,
    _cb_args: size_t,
    _num_mem_objects: cl_uint,
    _mem_list: *const cl_mem,
    _args_mem_loc: *mut *const c_void,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    // CL_DEVICE_EXECUTION_CAPABILITIES does not include CL_EXEC_NATIVE_KERNEL.
    guard(|| {
        api::queue(command_queue as usize)?;
        Err(CL_INVALID_OPERATION)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueMarkerWithWaitList(
    command_queue: cl_command_queue,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        // In order: waiting for the listed events (or, with none, for everything before
        // it, which the order gives) is all a marker does.
        submit(&q, CL_COMMAND_MARKER, wait, Work::Nothing, event, false)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueBarrierWithWaitList(
    command_queue: cl_command_queue,
    num_events_in_wait_list: cl_uint,
    event_wait_list: *const cl_event,
    event: *mut cl_event,
) -> cl_int {
    guard(|| {
        let (q, wait) = api::prepare(
            command_queue as usize,
            &wait_list(num_events_in_wait_list, event_wait_list)?,
        )?;
        submit(&q, CL_COMMAND_BARRIER, wait, Work::Nothing, event, false)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueMarker(
    command_queue: cl_command_queue,
    event: *mut cl_event,
) -> cl_int {
    if event.is_null() {
        return CL_INVALID_VALUE;
    }
    // SAFETY: same contract as the 1.2 call with an empty wait list.
    unsafe { clEnqueueMarkerWithWaitList(command_queue, 0, std::ptr::null(), event) }
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueBarrier(command_queue: cl_command_queue) -> cl_int {
    // SAFETY: same contract as the 1.2 call with an empty wait list.
    unsafe {
        clEnqueueBarrierWithWaitList(command_queue, 0, std::ptr::null(), std::ptr::null_mut())
    }
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueWaitForEvents(
    command_queue: cl_command_queue,
    num_events: cl_uint,
    event_list: *const cl_event,
) -> cl_int {
    guard(|| {
        if num_events == 0 || event_list.is_null() {
            return Err(CL_INVALID_VALUE);
        }
        let (q, wait) = api::prepare(
            command_queue as usize,
            &handles(event_list, num_events as usize)?,
        )
        .map_err(|e| {
            if e == CL_INVALID_EVENT_WAIT_LIST {
                CL_INVALID_EVENT
            } else {
                e
            }
        })?;
        submit(
            &q,
            CL_COMMAND_BARRIER,
            wait,
            Work::Nothing,
            std::ptr::null_mut(),
            false,
        )
    })
}

// ---- events ----

#[no_mangle]
pub unsafe extern "C" fn clWaitForEvents(
    num_events: cl_uint,
    event_list: *const cl_event,
) -> cl_int {
    guard(|| {
        if num_events == 0 || event_list.is_null() {
            return Err(CL_INVALID_VALUE);
        }
        api::wait_for_events(&handles(event_list, num_events as usize)?)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clGetEventInfo(
    event: cl_event,
    param_name: cl_event_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    guard(|| {
        let e = api::event(event as usize)?;
        info(
            api::event_info(&e, param_name),
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clGetEventProfilingInfo(
    event: cl_event,
    param_name: cl_profiling_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    guard(|| {
        let e = api::event(event as usize)?;
        info(
            api::event_profiling_info(&e, param_name),
            param_value_size,
            param_value,
            param_value_size_ret,
        )
    })
}

#[no_mangle]
pub unsafe extern "C" fn clCreateUserEvent(
    context: cl_context,
    errcode_ret: *mut cl_int,
) -> cl_event {
    guard_obj(errcode_ret, || api::create_user_event(context as usize))
}

#[no_mangle]
pub unsafe extern "C" fn clSetUserEventStatus(event: cl_event, execution_status: cl_int) -> cl_int {
    guard(|| {
        let e = api::event(event as usize)?;
        api::set_user_event_status(&e, execution_status)
    })
}

#[no_mangle]
pub unsafe extern "C" fn clSetEventCallback(
    event: cl_event,
    command_exec_callback_type: cl_int,
    pfn_notify: Option<EventNotify>,
    user_data: *mut c_void,
) -> cl_int {
    guard(|| {
        let e = api::event(event as usize)?;
        let f = pfn_notify.ok_or(CL_INVALID_VALUE)?;
        if !matches!(
            command_exec_callback_type,
            CL_SUBMITTED | CL_RUNNING | CL_COMPLETE
        ) {
            return Err(CL_INVALID_VALUE);
        }
        e.add_callback(
            command_exec_callback_type,
            Callback {
                func: f as usize,
                user_data: user_data as usize,
            },
        );
        Ok(())
    })
}

// The slots of the entry points this 1.2 platform does not offer: `stubs`.
pub mod props;
mod stubs;
use stubs::*;

// ---- the dispatch table ----

/// The ICD dispatch table, in the exact layout of the Khronos `cl_icd.h` (checked
/// against the installed header by a test). No slot is NULL.
static DISPATCH: cl_icd_dispatch = cl_icd_dispatch {
    clGetPlatformIDs: Some(clGetPlatformIDs),
    clGetPlatformInfo: Some(clGetPlatformInfo),
    clGetDeviceIDs: Some(clGetDeviceIDs),
    clGetDeviceInfo: Some(clGetDeviceInfo),
    clCreateContext: Some(clCreateContext),
    clCreateContextFromType: Some(clCreateContextFromType),
    clRetainContext: Some(clRetainContext),
    clReleaseContext: Some(clReleaseContext),
    clGetContextInfo: Some(clGetContextInfo),
    clCreateCommandQueue: Some(clCreateCommandQueue),
    clRetainCommandQueue: Some(clRetainCommandQueue),
    clReleaseCommandQueue: Some(clReleaseCommandQueue),
    clGetCommandQueueInfo: Some(clGetCommandQueueInfo),
    clSetCommandQueueProperty: Some(clSetCommandQueueProperty),
    clCreateBuffer: Some(clCreateBuffer),
    clCreateImage2D: Some(clCreateImage2D),
    clCreateImage3D: Some(clCreateImage3D),
    clRetainMemObject: Some(clRetainMemObject),
    clReleaseMemObject: Some(clReleaseMemObject),
    clGetSupportedImageFormats: Some(clGetSupportedImageFormats),
    clGetMemObjectInfo: Some(clGetMemObjectInfo),
    clGetImageInfo: Some(clGetImageInfo),
    clCreateSampler: Some(clCreateSampler),
    clRetainSampler: Some(clRetainSampler),
    clReleaseSampler: Some(clReleaseSampler),
    clGetSamplerInfo: Some(clGetSamplerInfo),
    clCreateProgramWithSource: Some(clCreateProgramWithSource),
    clCreateProgramWithBinary: Some(clCreateProgramWithBinary),
    clRetainProgram: Some(clRetainProgram),
    clReleaseProgram: Some(clReleaseProgram),
    clBuildProgram: Some(clBuildProgram),
    clUnloadCompiler: Some(clUnloadCompiler),
    clGetProgramInfo: Some(clGetProgramInfo),
    clGetProgramBuildInfo: Some(clGetProgramBuildInfo),
    clCreateKernel: Some(clCreateKernel),
    clCreateKernelsInProgram: Some(clCreateKernelsInProgram),
    clRetainKernel: Some(clRetainKernel),
    clReleaseKernel: Some(clReleaseKernel),
    clSetKernelArg: Some(clSetKernelArg),
    clGetKernelInfo: Some(clGetKernelInfo),
    clGetKernelWorkGroupInfo: Some(clGetKernelWorkGroupInfo),
    clWaitForEvents: Some(clWaitForEvents),
    clGetEventInfo: Some(clGetEventInfo),
    clRetainEvent: Some(clRetainEvent),
    clReleaseEvent: Some(clReleaseEvent),
    clGetEventProfilingInfo: Some(clGetEventProfilingInfo),
    clFlush: Some(clFlush),
    clFinish: Some(clFinish),
    clEnqueueReadBuffer: Some(clEnqueueReadBuffer),
    clEnqueueWriteBuffer: Some(clEnqueueWriteBuffer),
    clEnqueueCopyBuffer: Some(clEnqueueCopyBuffer),
    clEnqueueReadImage: Some(clEnqueueReadImage),
    clEnqueueWriteImage: Some(clEnqueueWriteImage),
    clEnqueueCopyImage: Some(clEnqueueCopyImage),
    clEnqueueCopyImageToBuffer: Some(clEnqueueCopyImageToBuffer),
    clEnqueueCopyBufferToImage: Some(clEnqueueCopyBufferToImage),
    clEnqueueMapBuffer: Some(clEnqueueMapBuffer),
    clEnqueueMapImage: Some(clEnqueueMapImage),
    clEnqueueUnmapMemObject: Some(clEnqueueUnmapMemObject),
    clEnqueueNDRangeKernel: Some(clEnqueueNDRangeKernel),
    clEnqueueTask: Some(clEnqueueTask),
    clEnqueueNativeKernel: Some(clEnqueueNativeKernel),
    clEnqueueMarker: Some(clEnqueueMarker),
    clEnqueueWaitForEvents: Some(clEnqueueWaitForEvents),
    clEnqueueBarrier: Some(clEnqueueBarrier),
    clGetExtensionFunctionAddress: Some(clGetExtensionFunctionAddress),
    clCreateFromGLBuffer: Some(stub_clCreateFromGLBuffer),
    clCreateFromGLTexture2D: Some(stub_clCreateFromGLTexture2D),
    clCreateFromGLTexture3D: Some(stub_clCreateFromGLTexture3D),
    clCreateFromGLRenderbuffer: Some(stub_clCreateFromGLRenderbuffer),
    clGetGLObjectInfo: Some(stub_clGetGLObjectInfo),
    clGetGLTextureInfo: Some(stub_clGetGLTextureInfo),
    clEnqueueAcquireGLObjects: Some(stub_clEnqueueAcquireGLObjects),
    clEnqueueReleaseGLObjects: Some(stub_clEnqueueReleaseGLObjects),
    clGetGLContextInfoKHR: Some(stub_clGetGLContextInfoKHR),
    clGetDeviceIDsFromD3D10KHR: Some(stub_clGetDeviceIDsFromD3D10KHR),
    clCreateFromD3D10BufferKHR: Some(stub_clCreateFromD3D10BufferKHR),
    clCreateFromD3D10Texture2DKHR: Some(stub_clCreateFromD3D10Texture2DKHR),
    clCreateFromD3D10Texture3DKHR: Some(stub_clCreateFromD3D10Texture3DKHR),
    clEnqueueAcquireD3D10ObjectsKHR: Some(stub_clEnqueueAcquireD3D10ObjectsKHR),
    clEnqueueReleaseD3D10ObjectsKHR: Some(stub_clEnqueueReleaseD3D10ObjectsKHR),
    clSetEventCallback: Some(clSetEventCallback),
    clCreateSubBuffer: Some(clCreateSubBuffer),
    clSetMemObjectDestructorCallback: Some(clSetMemObjectDestructorCallback),
    clCreateUserEvent: Some(clCreateUserEvent),
    clSetUserEventStatus: Some(clSetUserEventStatus),
    clEnqueueReadBufferRect: Some(clEnqueueReadBufferRect),
    clEnqueueWriteBufferRect: Some(clEnqueueWriteBufferRect),
    clEnqueueCopyBufferRect: Some(clEnqueueCopyBufferRect),
    clCreateSubDevicesEXT: Some(stub_clCreateSubDevicesEXT),
    clRetainDeviceEXT: Some(stub_clRetainDeviceEXT),
    clReleaseDeviceEXT: Some(stub_clReleaseDeviceEXT),
    clCreateEventFromGLsyncKHR: Some(stub_clCreateEventFromGLsyncKHR),
    clCreateSubDevices: Some(clCreateSubDevices),
    clRetainDevice: Some(clRetainDevice),
    clReleaseDevice: Some(clReleaseDevice),
    clCreateImage: Some(clCreateImage),
    clCreateProgramWithBuiltInKernels: Some(clCreateProgramWithBuiltInKernels),
    clCompileProgram: Some(clCompileProgram),
    clLinkProgram: Some(clLinkProgram),
    clUnloadPlatformCompiler: Some(clUnloadPlatformCompiler),
    clGetKernelArgInfo: Some(clGetKernelArgInfo),
    clEnqueueFillBuffer: Some(clEnqueueFillBuffer),
    clEnqueueFillImage: Some(clEnqueueFillImage),
    clEnqueueMigrateMemObjects: Some(clEnqueueMigrateMemObjects),
    clEnqueueMarkerWithWaitList: Some(clEnqueueMarkerWithWaitList),
    clEnqueueBarrierWithWaitList: Some(clEnqueueBarrierWithWaitList),
    clGetExtensionFunctionAddressForPlatform: Some(clGetExtensionFunctionAddressForPlatform),
    clCreateFromGLTexture: Some(stub_clCreateFromGLTexture),
    clGetDeviceIDsFromD3D11KHR: Some(stub_clGetDeviceIDsFromD3D11KHR),
    clCreateFromD3D11BufferKHR: Some(stub_clCreateFromD3D11BufferKHR),
    clCreateFromD3D11Texture2DKHR: Some(stub_clCreateFromD3D11Texture2DKHR),
    clCreateFromD3D11Texture3DKHR: Some(stub_clCreateFromD3D11Texture3DKHR),
    clCreateFromDX9MediaSurfaceKHR: Some(stub_clCreateFromDX9MediaSurfaceKHR),
    clEnqueueAcquireD3D11ObjectsKHR: Some(stub_clEnqueueAcquireD3D11ObjectsKHR),
    clEnqueueReleaseD3D11ObjectsKHR: Some(stub_clEnqueueReleaseD3D11ObjectsKHR),
    clGetDeviceIDsFromDX9MediaAdapterKHR: Some(stub_clGetDeviceIDsFromDX9MediaAdapterKHR),
    clEnqueueAcquireDX9MediaSurfacesKHR: Some(stub_clEnqueueAcquireDX9MediaSurfacesKHR),
    clEnqueueReleaseDX9MediaSurfacesKHR: Some(stub_clEnqueueReleaseDX9MediaSurfacesKHR),
    clCreateFromEGLImageKHR: Some(stub_clCreateFromEGLImageKHR),
    clEnqueueAcquireEGLObjectsKHR: Some(stub_clEnqueueAcquireEGLObjectsKHR),
    clEnqueueReleaseEGLObjectsKHR: Some(stub_clEnqueueReleaseEGLObjectsKHR),
    clCreateEventFromEGLSyncKHR: Some(stub_clCreateEventFromEGLSyncKHR),
    clCreateCommandQueueWithProperties: Some(stub_clCreateCommandQueueWithProperties),
    clCreatePipe: Some(stub_clCreatePipe),
    clGetPipeInfo: Some(stub_clGetPipeInfo),
    clSVMAlloc: Some(stub_clSVMAlloc),
    clSVMFree: Some(stub_clSVMFree),
    clEnqueueSVMFree: Some(stub_clEnqueueSVMFree),
    clEnqueueSVMMemcpy: Some(stub_clEnqueueSVMMemcpy),
    clEnqueueSVMMemFill: Some(stub_clEnqueueSVMMemFill),
    clEnqueueSVMMap: Some(stub_clEnqueueSVMMap),
    clEnqueueSVMUnmap: Some(stub_clEnqueueSVMUnmap),
    clCreateSamplerWithProperties: Some(stub_clCreateSamplerWithProperties),
    clSetKernelArgSVMPointer: Some(stub_clSetKernelArgSVMPointer),
    clSetKernelExecInfo: Some(stub_clSetKernelExecInfo),
    clGetKernelSubGroupInfoKHR: Some(stub_clGetKernelSubGroupInfoKHR),
    clCloneKernel: Some(stub_clCloneKernel),
    clCreateProgramWithIL: Some(clCreateProgramWithILKHR),
    clEnqueueSVMMigrateMem: Some(stub_clEnqueueSVMMigrateMem),
    clGetDeviceAndHostTimer: Some(stub_clGetDeviceAndHostTimer),
    clGetHostTimer: Some(stub_clGetHostTimer),
    clGetKernelSubGroupInfo: Some(stub_clGetKernelSubGroupInfo),
    clSetDefaultDeviceCommandQueue: Some(stub_clSetDefaultDeviceCommandQueue),
    clSetProgramReleaseCallback: Some(stub_clSetProgramReleaseCallback),
    clSetProgramSpecializationConstant: Some(stub_clSetProgramSpecializationConstant),
    clCreateBufferWithProperties: Some(stub_clCreateBufferWithProperties),
    clCreateImageWithProperties: Some(stub_clCreateImageWithProperties),
    clSetContextDestructorCallback: Some(stub_clSetContextDestructorCallback),
    clGetKernelSuggestedLocalWorkSize: 0,
};

/// The address every handle's first word holds.
pub fn dispatch_address() -> usize {
    &DISPATCH as *const cl_icd_dispatch as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An unmap run before its map (the map waits on a user event in another queue)
    /// ends the mapping: the map then writes nothing through the pointer (for a staging
    /// mapping that memory was freed; here it is the application's `USE_HOST_PTR`
    /// memory, observable). Found by the `icd_api` property (a crash in a long run).
    #[test]
    fn a_map_run_after_its_unmap_writes_nothing() {
        let null: *mut c_void = std::ptr::null_mut();
        let (mut platform, mut dev, mut code): (cl_platform_id, cl_device_id, cl_int) =
            (null.cast(), null.cast(), 0);
        let host: *mut u8 = Box::into_raw(Box::new([7u8; 16])).cast();
        // SAFETY: valid out-pointers and lists throughout; `host` is 16 bytes, freed
        // last; every handle comes from the API.
        unsafe {
            assert_eq!(clGetPlatformIDs(1, &mut platform, null.cast()), CL_SUCCESS);
            let r = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &mut dev, null.cast());
            assert_eq!(r, CL_SUCCESS);
            let ctx = clCreateContext(std::ptr::null(), 1, &dev, None, null, &mut code);
            assert_eq!(code, CL_SUCCESS);
            let qa = clCreateCommandQueue(ctx, dev, 0, &mut code);
            let qb = clCreateCommandQueue(ctx, dev, 0, &mut code);
            let mem = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, 16, host.cast(), &mut code);
            assert_eq!(code, CL_SUCCESS);
            let gate = clCreateUserEvent(ctx, &mut code);
            let p = clEnqueueMapBuffer(
                qa,
                mem,
                CL_FALSE,
                CL_MAP_READ,
                0,
                16,
                1,
                &gate,
                null.cast(),
                &mut code,
            );
            assert_eq!(code, CL_SUCCESS);
            let r = clEnqueueUnmapMemObject(qb, mem, p, 0, std::ptr::null(), null.cast());
            assert_eq!(r, CL_SUCCESS);
            assert_eq!(clFinish(qb), CL_SUCCESS);
            // Unmapped: the memory is the application's again.
            host.write_bytes(1, 16);
            assert_eq!(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
            assert_eq!(clFinish(qa), CL_SUCCESS);
            assert_eq!(std::ptr::read_volatile(host.cast::<[u8; 16]>()), [1u8; 16]);
            for (release, h) in [
                (
                    clReleaseEvent as unsafe extern "C" fn(*mut c_void) -> cl_int,
                    gate.cast(),
                ),
                (clReleaseMemObject, mem.cast()),
                (clReleaseCommandQueue, qa.cast()),
                (clReleaseCommandQueue, qb.cast()),
                (clReleaseContext, ctx.cast()),
            ] {
                assert_eq!(release(h), CL_SUCCESS);
            }
            drop(Box::from_raw(host.cast::<[u8; 16]>()));
        }
    }

    /// `cl_khr_il_program`'s function is found by name, with or without the platform,
    /// and nothing is found for an unknown name or through a bad platform.
    #[test]
    fn extension_functions_are_found_by_name() {
        let null: *mut c_void = std::ptr::null_mut();
        let mut platform: cl_platform_id = null.cast();
        let want = clCreateProgramWithILKHR as *mut c_void;
        // SAFETY: a valid out-pointer; the names are NUL-terminated literals; any
        // platform value may be passed (the registry checks it).
        unsafe {
            assert_eq!(clGetPlatformIDs(1, &mut platform, null.cast()), CL_SUCCESS);
            let name = c"clCreateProgramWithILKHR".as_ptr();
            assert_eq!(clGetExtensionFunctionAddress(name), want);
            assert_eq!(
                clGetExtensionFunctionAddressForPlatform(platform, name),
                want
            );
            let garbage = 0x1234usize as cl_platform_id;
            assert!(clGetExtensionFunctionAddressForPlatform(garbage, name).is_null());
            assert!(clGetExtensionFunctionAddress(c"clCreateProgramWithIL".as_ptr()).is_null());
        }
        // The OpenCL 2.1 slot of the dispatch table is the same function.
        assert_eq!(
            DISPATCH.clCreateProgramWithIL.map(|f| f as *mut c_void),
            Some(want)
        );
    }

    /// The dispatch table's layout is the installed Khronos header's: each entry's
    /// offset is its position in `struct _cl_icd_dispatch` times the pointer size.
    #[test]
    fn dispatch_layout_matches_cl_icd_h() {
        let Ok(h) = std::fs::read_to_string("/usr/include/CL/cl_icd.h") else {
            eprintln!("skipped: /usr/include/CL/cl_icd.h is not installed (opencl-headers)");
            return;
        };
        let body = h
            .split("typedef struct _cl_icd_dispatch")
            .nth(1)
            .and_then(|s| s.split("} cl_icd_dispatch").next())
            .expect("the header defines struct _cl_icd_dispatch");
        // Each member line ends in `clName;` (a `_t *` pointer type or a `void *`).
        let names: Vec<&str> = body
            .lines()
            .filter_map(|l| l.trim().strip_suffix(';'))
            .filter_map(|l| l.rsplit([' ', '*']).next())
            .filter(|n| n.starts_with("cl"))
            .collect();
        let at = |n: &str| {
            names
                .iter()
                .position(|x| *x == n)
                .unwrap_or_else(|| panic!("{n} not in the header"))
                * 8
        };
        use std::mem::offset_of;
        assert_eq!(
            offset_of!(cl_icd_dispatch, clGetPlatformInfo),
            at("clGetPlatformInfo")
        );
        assert_eq!(
            offset_of!(cl_icd_dispatch, clCreateBuffer),
            at("clCreateBuffer")
        );
        assert_eq!(
            offset_of!(cl_icd_dispatch, clEnqueueNDRangeKernel),
            at("clEnqueueNDRangeKernel")
        );
        assert_eq!(
            offset_of!(cl_icd_dispatch, clSetEventCallback),
            at("clSetEventCallback")
        );
        assert_eq!(
            offset_of!(cl_icd_dispatch, clGetKernelArgInfo),
            at("clGetKernelArgInfo")
        );
        assert_eq!(
            offset_of!(cl_icd_dispatch, clGetExtensionFunctionAddressForPlatform),
            at("clGetExtensionFunctionAddressForPlatform")
        );
        assert_eq!(
            offset_of!(cl_icd_dispatch, clSetContextDestructorCallback),
            at("clSetContextDestructorCallback")
        );
        assert_eq!(
            names.len() * 8,
            offset_of!(cl_icd_dispatch, clSetContextDestructorCallback) + 8
        );
    }

    #[test]
    fn no_slot_of_the_header_is_null() {
        const WORDS: usize = std::mem::size_of::<cl_icd_dispatch>() / std::mem::size_of::<usize>();
        // SAFETY: the table is plain function pointers and one integer, all word-sized.
        let words: [usize; WORDS] = unsafe { std::mem::transmute_copy(&DISPATCH) };
        // The last word is OpenCL 3.1's slot, past the installed header's struct.
        let zero: Vec<usize> = (0..WORDS - 1).filter(|&i| words[i] == 0).collect();
        assert!(zero.is_empty(), "NULL slots at {zero:?}");
        let mut err = 0;
        // SAFETY: a NULL property list and a valid out-pointer.
        let q = unsafe {
            stub_clCreateCommandQueueWithProperties(
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null(),
                &mut err,
            )
        };
        assert!(q.is_null());
        assert_eq!(err, CL_INVALID_OPERATION);
    }

    #[test]
    fn info_checks_the_size_and_reports_it() {
        let mut buf = [0u8; 4];
        let mut ret = 0usize;
        let r = info(
            Ok(InfoValue::str("abc")),
            4,
            buf.as_mut_ptr().cast(),
            &mut ret,
        );
        assert!(r.is_ok());
        assert_eq!((&buf, ret), (b"abc\0", 4));
        let r = info(
            Ok(InfoValue::str("abcd")),
            4,
            buf.as_mut_ptr().cast(),
            &mut ret,
        );
        assert_eq!(r, Err(CL_INVALID_VALUE));
    }

    /// Every entry point taking a handle, given one that names nothing (and NULL for
    /// every pointer): the specified error, no crash.
    #[test]
    fn every_entry_point_rejects_a_handle_that_names_nothing() {
        let h = 0x1000 as *mut c_void;
        let n = std::ptr::null_mut();
        fn c<T>() -> *const T {
            std::ptr::null()
        }
        let mut e = 0;
        // SAFETY: no pointer argument is dereferenced for an unknown handle; the only
        // non-NULL pointer is the valid `e`.
        unsafe {
            assert_eq!(
                clGetPlatformInfo(h, CL_PLATFORM_NAME, 0, n, n.cast()),
                CL_INVALID_PLATFORM
            );
            assert_eq!(
                clGetDeviceIDs(h, CL_DEVICE_TYPE_ALL, 0, n.cast(), n.cast()),
                CL_INVALID_PLATFORM
            );
            assert_eq!(
                clGetDeviceInfo(h, CL_DEVICE_NAME, 0, n, n.cast()),
                CL_INVALID_DEVICE
            );
            assert_eq!(clRetainDevice(h), CL_INVALID_DEVICE);
            assert_eq!(
                clCreateSubDevices(h, c(), 0, n.cast(), n.cast()),
                CL_INVALID_DEVICE
            );
            assert!(clCreateContext(c(), 1, [h].as_ptr(), None, n, &mut e).is_null());
            assert_eq!(e, CL_INVALID_DEVICE);
            assert_eq!(
                clGetContextInfo(h, CL_CONTEXT_DEVICES, 0, n, n.cast()),
                CL_INVALID_CONTEXT
            );
            assert_eq!(clReleaseContext(h), CL_INVALID_CONTEXT);
            assert!(clCreateCommandQueue(h, h, 0, &mut e).is_null());
            assert_eq!(e, CL_INVALID_CONTEXT);
            assert_eq!(
                clGetCommandQueueInfo(h, CL_QUEUE_CONTEXT, 0, n, n.cast()),
                CL_INVALID_COMMAND_QUEUE
            );
            assert_eq!(clFlush(h), CL_INVALID_COMMAND_QUEUE);
            assert_eq!(clFinish(h), CL_INVALID_COMMAND_QUEUE);
            assert!(clCreateBuffer(h, 0, 4, n, &mut e).is_null());
            assert_eq!(e, CL_INVALID_CONTEXT);
            assert!(clCreateSubBuffer(h, 0, CL_BUFFER_CREATE_TYPE_REGION, c(), &mut e).is_null());
            assert_eq!(e, CL_INVALID_MEM_OBJECT);
            assert_eq!(
                clGetMemObjectInfo(h, CL_MEM_SIZE, 0, n, n.cast()),
                CL_INVALID_MEM_OBJECT
            );
            assert_eq!(clReleaseMemObject(h), CL_INVALID_MEM_OBJECT);
            assert_eq!(
                clSetMemObjectDestructorCallback(h, None, n),
                CL_INVALID_MEM_OBJECT
            );
            assert!(clCreateImage(h, 0, c(), c(), n, &mut e).is_null());
            assert_eq!(e, CL_INVALID_CONTEXT);
            assert_eq!(clGetImageInfo(h, 0, 0, n, n.cast()), CL_INVALID_MEM_OBJECT);
            assert!(clCreateSampler(h, 0, 0, 0, &mut e).is_null());
            assert_eq!(e, CL_INVALID_CONTEXT);
            assert_eq!(clReleaseSampler(h), CL_INVALID_SAMPLER);
            assert!(clCreateProgramWithSource(h, 0, n.cast(), c(), &mut e).is_null());
            assert_eq!(e, CL_INVALID_CONTEXT);
            assert!(
                clCreateProgramWithBinary(h, 0, c(), c(), n.cast(), n.cast(), &mut e).is_null()
            );
            assert_eq!(e, CL_INVALID_CONTEXT);
            assert_eq!(clBuildProgram(h, 0, c(), c(), None, n), CL_INVALID_PROGRAM);
            assert_eq!(
                clCompileProgram(h, 0, c(), c(), 0, c(), n.cast(), None, n),
                CL_INVALID_PROGRAM
            );
            assert!(clLinkProgram(h, 0, c(), c(), 1, [h].as_ptr(), None, n, &mut e).is_null());
            assert_eq!(e, CL_INVALID_CONTEXT);
            assert_eq!(
                clGetProgramInfo(h, CL_PROGRAM_SOURCE, 0, n, n.cast()),
                CL_INVALID_PROGRAM
            );
            assert_eq!(
                clGetProgramBuildInfo(h, h, CL_PROGRAM_BUILD_LOG, 0, n, n.cast()),
                CL_INVALID_PROGRAM
            );
            assert!(clCreateKernel(h, c(), &mut e).is_null());
            assert_eq!(e, CL_INVALID_PROGRAM);
            assert_eq!(
                clCreateKernelsInProgram(h, 0, n.cast(), n.cast()),
                CL_INVALID_PROGRAM
            );
            assert_eq!(clSetKernelArg(h, 0, 0, c()), CL_INVALID_KERNEL);
            assert_eq!(
                clGetKernelInfo(h, CL_KERNEL_NUM_ARGS, 0, n, n.cast()),
                CL_INVALID_KERNEL
            );
            assert_eq!(
                clGetKernelArgInfo(h, 0, CL_KERNEL_ARG_NAME, 0, n, n.cast()),
                CL_INVALID_KERNEL
            );
            assert_eq!(
                clGetKernelWorkGroupInfo(h, h, CL_KERNEL_WORK_GROUP_SIZE, 0, n, n.cast()),
                CL_INVALID_KERNEL
            );
            assert_eq!(clWaitForEvents(1, [h].as_ptr()), CL_INVALID_EVENT);
            assert_eq!(
                clGetEventInfo(h, CL_EVENT_CONTEXT, 0, n, n.cast()),
                CL_INVALID_EVENT
            );
            assert_eq!(
                clGetEventProfilingInfo(h, CL_PROFILING_COMMAND_END, 0, n, n.cast()),
                CL_INVALID_EVENT
            );
            assert_eq!(clSetUserEventStatus(h, CL_COMPLETE), CL_INVALID_EVENT);
            assert_eq!(
                clSetEventCallback(h, CL_COMPLETE, None, n),
                CL_INVALID_EVENT
            );
            assert!(clCreateUserEvent(h, &mut e).is_null());
            assert_eq!(e, CL_INVALID_CONTEXT);
            let q = CL_INVALID_COMMAND_QUEUE;
            assert_eq!(clEnqueueReadBuffer(h, h, 1, 0, 4, n, 0, c(), n.cast()), q);
            assert_eq!(
                clEnqueueWriteBuffer(h, h, 1, 0, 4, c(), 0, c(), n.cast()),
                q
            );
            assert_eq!(clEnqueueCopyBuffer(h, h, h, 0, 0, 4, 0, c(), n.cast()), q);
            assert_eq!(
                clEnqueueReadBufferRect(h, h, 1, c(), c(), c(), 0, 0, 0, 0, n, 0, c(), n.cast()),
                q
            );
            assert_eq!(
                clEnqueueWriteBufferRect(h, h, 1, c(), c(), c(), 0, 0, 0, 0, c(), 0, c(), n.cast()),
                q
            );
            assert_eq!(
                clEnqueueCopyBufferRect(h, h, h, c(), c(), c(), 0, 0, 0, 0, 0, c(), n.cast()),
                q
            );
            assert_eq!(clEnqueueFillBuffer(h, h, c(), 4, 0, 4, 0, c(), n.cast()), q);
            assert!(
                clEnqueueMapBuffer(h, h, 1, CL_MAP_READ, 0, 4, 0, c(), n.cast(), &mut e).is_null()
            );
            assert_eq!(e, q);
            assert_eq!(clEnqueueUnmapMemObject(h, h, n, 0, c(), n.cast()), q);
            assert_eq!(
                clEnqueueMigrateMemObjects(h, 1, [h].as_ptr(), 0, 0, c(), n.cast()),
                q
            );
            assert_eq!(
                clEnqueueNDRangeKernel(h, h, 1, c(), c(), c(), 0, c(), n.cast()),
                q
            );
            assert_eq!(clEnqueueTask(h, h, 0, c(), n.cast()), q);
            assert_eq!(
                clEnqueueNativeKernel(h, None, n, 0, 0, c(), n.cast(), 0, c(), n.cast()),
                q
            );
            assert_eq!(clEnqueueMarkerWithWaitList(h, 0, c(), n.cast()), q);
            assert_eq!(clEnqueueBarrierWithWaitList(h, 0, c(), n.cast()), q);
            assert_eq!(
                clEnqueueReadImage(h, h, 1, c(), c(), 0, 0, n, 0, c(), n.cast()),
                q
            );
            // A wait list whose count and pointer disagree.
            assert_eq!(
                clEnqueueMarkerWithWaitList(h, 1, c(), n.cast()),
                CL_INVALID_EVENT_WAIT_LIST
            );
        }
    }

    #[test]
    fn a_garbage_handle_is_rejected_without_being_read() {
        let mut err = 0;
        // SAFETY: every pointer argument is NULL or a valid out-pointer.
        let b = unsafe {
            clCreateBuffer(
                0x10 as cl_context,
                CL_MEM_READ_WRITE,
                16,
                std::ptr::null_mut(),
                &mut err,
            )
        };
        assert!(b.is_null());
        assert_eq!(err, CL_INVALID_CONTEXT);
        // SAFETY: no pointer argument.
        let r = unsafe { clRetainKernel(0xdead_0000 as cl_kernel) };
        assert_eq!(r, CL_INVALID_KERNEL);
    }
}
