//! The entry points this 1.2 platform does not offer: OpenCL 2.0+ calls and the GL, D3D,
//! DX9 and EGL sharing extensions. The platform reports version 1.2 and none of those
//! extensions, so applications do not call them; the loader would call a NULL slot
//! straight into a crash, so each slot holds a stub that returns `CL_INVALID_OPERATION`
//! (or NULL with that error code); `clCreateProgramWithIL` is the exception, filled by
//! `cl_khr_il_program`'s function. Part of `ffi`, the one module with `unsafe` code.

use super::*;

pub(super) unsafe extern "C" fn stub_clCreateFromGLBuffer(
    _context: cl_context,
    _flags: cl_mem_flags,
    _bufobj: cl_GLuint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clCreateFromGLTexture2D(
    _context: cl_context,
    _flags: cl_mem_flags,
    _target: cl_GLenum,
    _miplevel: cl_GLint,
    _texture: cl_GLuint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clCreateFromGLTexture3D(
    _context: cl_context,
    _flags: cl_mem_flags,
    _target: cl_GLenum,
    _miplevel: cl_GLint,
    _texture: cl_GLuint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clCreateFromGLRenderbuffer(
    _context: cl_context,
    _flags: cl_mem_flags,
    _renderbuffer: cl_GLuint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clGetGLObjectInfo(
    _memobj: cl_mem,
    _gl_object_type: *mut cl_gl_object_type,
    _gl_object_name: *mut cl_GLuint,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clGetGLTextureInfo(
    _memobj: cl_mem,
    _param_name: cl_gl_texture_info,
    _param_value_size: size_t,
    _param_value: *mut c_void,
    _param_value_size_ret: *mut size_t,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clEnqueueAcquireGLObjects(
    _command_queue: cl_command_queue,
    _num_objects: cl_uint,
    _mem_objects: *const cl_mem,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clEnqueueReleaseGLObjects(
    _command_queue: cl_command_queue,
    _num_objects: cl_uint,
    _mem_objects: *const cl_mem,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clGetGLContextInfoKHR(
    _properties: *const cl_context_properties,
    _param_name: cl_gl_context_info,
    _param_value_size: size_t,
    _param_value: *mut c_void,
    _param_value_size_ret: *mut size_t,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clGetDeviceIDsFromD3D10KHR(
    _platform: cl_platform_id,
    _d3d_device_source: cl_d3d10_device_source_khr,
    _d3d_object: *mut c_void,
    _d3d_device_set: cl_d3d10_device_set_khr,
    _num_entries: cl_uint,
    _devices: *mut cl_device_id,
    _num_devices: *mut cl_uint,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clCreateFromD3D10BufferKHR(
    _context: cl_context,
    _flags: cl_mem_flags,
    _resource: ID3D10Buffer_ptr,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clCreateFromD3D10Texture2DKHR(
    _context: cl_context,
    _flags: cl_mem_flags,
    _resource: ID3D10Texture2D_ptr,
    _subresource: cl_uint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clCreateFromD3D10Texture3DKHR(
    _context: cl_context,
    _flags: cl_mem_flags,
    _resource: ID3D10Texture3D_ptr,
    _subresource: cl_uint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clEnqueueAcquireD3D10ObjectsKHR(
    _command_queue: cl_command_queue,
    _num_objects: cl_uint,
    _mem_objects: *const cl_mem,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clEnqueueReleaseD3D10ObjectsKHR(
    _command_queue: cl_command_queue,
    _num_objects: cl_uint,
    _mem_objects: *const cl_mem,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clCreateSubDevicesEXT(
    _in_device: cl_device_id,
    _properties: *const cl_device_partition_property_ext,
    _num_entries: cl_uint,
    _out_devices: *mut cl_device_id,
    _num_devices: *mut cl_uint,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clRetainDeviceEXT(_device: cl_device_id) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clReleaseDeviceEXT(_device: cl_device_id) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clCreateEventFromGLsyncKHR(
    _context: cl_context,
    _sync: cl_GLsync,
    errcode_ret: *mut cl_int,
) -> cl_event {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clCreateFromGLTexture(
    _context: cl_context,
    _flags: cl_mem_flags,
    _target: cl_GLenum,
    _miplevel: cl_GLint,
    _texture: cl_GLuint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clGetDeviceIDsFromD3D11KHR(
    _platform: cl_platform_id,
    _d3d_device_source: cl_d3d11_device_source_khr,
    _d3d_object: *mut c_void,
    _d3d_device_set: cl_d3d11_device_set_khr,
    _num_entries: cl_uint,
    _devices: *mut cl_device_id,
    _num_devices: *mut cl_uint,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clCreateFromD3D11BufferKHR(
    _context: cl_context,
    _flags: cl_mem_flags,
    _resource: ID3D11Buffer_ptr,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clCreateFromD3D11Texture2DKHR(
    _context: cl_context,
    _flags: cl_mem_flags,
    _resource: ID3D11Texture2D_ptr,
    _subresource: cl_uint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clCreateFromD3D11Texture3DKHR(
    _context: cl_context,
    _flags: cl_mem_flags,
    _resource: ID3D11Texture3D_ptr,
    _subresource: cl_uint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clCreateFromDX9MediaSurfaceKHR(
    _context: cl_context,
    _flags: cl_mem_flags,
    _adapter_type: cl_dx9_media_adapter_type_khr,
    _surface_info: *mut c_void,
    _plane: cl_uint,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clEnqueueAcquireD3D11ObjectsKHR(
    _command_queue: cl_command_queue,
    _num_objects: cl_uint,
    _mem_objects: *const cl_mem,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clEnqueueReleaseD3D11ObjectsKHR(
    _command_queue: cl_command_queue,
    _num_objects: cl_uint,
    _mem_objects: *const cl_mem,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clGetDeviceIDsFromDX9MediaAdapterKHR(
    _platform: cl_platform_id,
    _num_media_adapters: cl_uint,
    _media_adapter_type: *mut cl_dx9_media_adapter_type_khr,
    _media_adapters: *mut c_void,
    _media_adapter_set: cl_dx9_media_adapter_set_khr,
    _num_entries: cl_uint,
    _devices: *mut cl_device_id,
    _num_devices: *mut cl_uint,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clEnqueueAcquireDX9MediaSurfacesKHR(
    _command_queue: cl_command_queue,
    _num_objects: cl_uint,
    _mem_objects: *const cl_mem,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clEnqueueReleaseDX9MediaSurfacesKHR(
    _command_queue: cl_command_queue,
    _num_objects: cl_uint,
    _mem_objects: *const cl_mem,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clCreateFromEGLImageKHR(
    _context: cl_context,
    _egldisplay: CLeglDisplayKHR,
    _eglimage: CLeglImageKHR,
    _flags: cl_mem_flags,
    _properties: *const cl_egl_image_properties_khr,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clEnqueueAcquireEGLObjectsKHR(
    _command_queue: cl_command_queue,
    _num_objects: cl_uint,
    _mem_objects: *const cl_mem,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clEnqueueReleaseEGLObjectsKHR(
    _command_queue: cl_command_queue,
    _num_objects: cl_uint,
    _mem_objects: *const cl_mem,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clCreateEventFromEGLSyncKHR(
    _context: cl_context,
    _sync: CLeglSyncKHR,
    _display: CLeglDisplayKHR,
    errcode_ret: *mut cl_int,
) -> cl_event {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clCreateCommandQueueWithProperties(
    _context: cl_context,
    _device: cl_device_id,
    _properties: *const cl_queue_properties,
    errcode_ret: *mut cl_int,
) -> cl_command_queue {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clCreatePipe(
    _context: cl_context,
    _flags: cl_mem_flags,
    _pipe_packet_size: cl_uint,
    _pipe_max_packets: cl_uint,
    _properties: *const cl_pipe_properties,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clGetPipeInfo(
    _pipe: cl_mem,
    _param_name: cl_pipe_info,
    _param_value_size: size_t,
    _param_value: *mut c_void,
    _param_value_size_ret: *mut size_t,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clSVMAlloc(
    _context: cl_context,
    _flags: cl_svm_mem_flags,
    _size: size_t,
    _alignment: cl_uint,
) -> *mut c_void {
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clSVMFree(_context: cl_context, _svm_pointer: *mut c_void) {
    // Nothing to free: no SVM allocation can exist.
}

pub(super) unsafe extern "C" fn stub_clEnqueueSVMFree(
    _command_queue: cl_command_queue,
    _num_svm_pointers: cl_uint,
    _svm_pointers: *mut *mut c_void,
    _pfn_free_func: Option<
        unsafe extern "C" fn(
            queue: cl_command_queue,
            num_svm_pointers: cl_uint,
            svm_pointers: *mut *mut c_void,
            user_data: *mut c_void,
        ),
    >,
    _user_data: *mut c_void,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clEnqueueSVMMemcpy(
    _command_queue: cl_command_queue,
    _blocking_copy: cl_bool,
    _dst_ptr: *mut c_void,
    _src_ptr: *const c_void,
    _size: size_t,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clEnqueueSVMMemFill(
    _command_queue: cl_command_queue,
    _svm_ptr: *mut c_void,
    _pattern: *const c_void,
    _pattern_size: size_t,
    _size: size_t,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clEnqueueSVMMap(
    _command_queue: cl_command_queue,
    _blocking_map: cl_bool,
    _flags: cl_map_flags,
    _svm_ptr: *mut c_void,
    _size: size_t,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clEnqueueSVMUnmap(
    _command_queue: cl_command_queue,
    _svm_ptr: *mut c_void,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clCreateSamplerWithProperties(
    _context: cl_context,
    _sampler_properties: *const cl_sampler_properties,
    errcode_ret: *mut cl_int,
) -> cl_sampler {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clSetKernelArgSVMPointer(
    _kernel: cl_kernel,
    _arg_index: cl_uint,
    _arg_value: *const c_void,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clSetKernelExecInfo(
    _kernel: cl_kernel,
    _param_name: cl_kernel_exec_info,
    _param_value_size: size_t,
    _param_value: *const c_void,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clGetKernelSubGroupInfoKHR(
    _in_kernel: cl_kernel,
    _in_device: cl_device_id,
    _param_name: cl_kernel_sub_group_info,
    _input_value_size: size_t,
    _input_value: *const c_void,
    _param_value_size: size_t,
    _param_value: *mut c_void,
    _param_value_size_ret: *mut size_t,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clCloneKernel(
    _source_kernel: cl_kernel,
    errcode_ret: *mut cl_int,
) -> cl_kernel {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clEnqueueSVMMigrateMem(
    _command_queue: cl_command_queue,
    _num_svm_pointers: cl_uint,
    _svm_pointers: *mut *const c_void,
    _sizes: *const size_t,
    _flags: cl_mem_migration_flags,
    _num_events_in_wait_list: cl_uint,
    _event_wait_list: *const cl_event,
    _event: *mut cl_event,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clGetDeviceAndHostTimer(
    _device: cl_device_id,
    _device_timestamp: *mut cl_ulong,
    _host_timestamp: *mut cl_ulong,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clGetHostTimer(
    _device: cl_device_id,
    _host_timestamp: *mut cl_ulong,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clGetKernelSubGroupInfo(
    _kernel: cl_kernel,
    _device: cl_device_id,
    _param_name: cl_kernel_sub_group_info,
    _input_value_size: size_t,
    _input_value: *const c_void,
    _param_value_size: size_t,
    _param_value: *mut c_void,
    _param_value_size_ret: *mut size_t,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clSetDefaultDeviceCommandQueue(
    _context: cl_context,
    _device: cl_device_id,
    _command_queue: cl_command_queue,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clSetProgramReleaseCallback(
    _program: cl_program,
    _pfn_notify: Option<unsafe extern "C" fn(program: cl_program, user_data: *mut c_void)>,
    _user_data: *mut c_void,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clSetProgramSpecializationConstant(
    _program: cl_program,
    _spec_id: cl_uint,
    _spec_size: size_t,
    _spec_value: *const c_void,
) -> cl_int {
    CL_INVALID_OPERATION
}

pub(super) unsafe extern "C" fn stub_clCreateBufferWithProperties(
    _context: cl_context,
    _properties: *const cl_mem_properties,
    _flags: cl_mem_flags,
    _size: size_t,
    _host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clCreateImageWithProperties(
    _context: cl_context,
    _properties: *const cl_mem_properties,
    _flags: cl_mem_flags,
    _image_format: *const cl_image_format,
    _image_desc: *const cl_image_desc,
    _host_ptr: *mut c_void,
    errcode_ret: *mut cl_int,
) -> cl_mem {
    put(errcode_ret, CL_INVALID_OPERATION);
    std::ptr::null_mut()
}

pub(super) unsafe extern "C" fn stub_clSetContextDestructorCallback(
    _context: cl_context,
    _pfn_notify: Option<unsafe extern "C" fn(context: cl_context, user_data: *mut c_void)>,
    _user_data: *mut c_void,
) -> cl_int {
    CL_INVALID_OPERATION
}
