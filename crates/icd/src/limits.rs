//! The limits on what the C API accepts, in one place, each with why that value.
//! (Device facts such as memory sizes live with the devices, in `platform`.)

/// Entries of a `cl_context_properties` list read before it counts as unterminated:
/// Kauai knows two properties and a list may name each once, so 64 entries is far past
/// any valid list while bounding the read of one without its terminating 0.
pub const MAX_CONTEXT_PROPERTIES: usize = 64;

/// Released handles the API check remembers (8 bytes each) to tell a double release
/// from a garbage handle: 1M objects freed is far past what one debugs with it, and
/// bounds the set in an application that churns through buffers.
pub const MAX_RELEASED_HANDLES: usize = 1 << 20;

/// Rows of one rectangular transfer (`region[1] * region[2]`): each row is one copy
/// command entry, so this bounds the per-command bookkeeping (16M rows of 24 bytes).
pub const MAX_RECT_ROWS: usize = 1 << 24;

/// `CL_DEVICE_MAX_PARAMETER_SIZE`, OpenCL 1.2's minimum for a full-profile device: the
/// most bytes `clSetKernelArg` reads for one argument.
pub const MAX_PARAMETER_SIZE: usize = 1024;

/// `CL_DEVICE_MEM_BASE_ADDR_ALIGN` in bytes (1024 bits, the size of `long16`): a
/// sub-buffer's origin must be a multiple.
pub const SUB_BUFFER_ALIGN: usize = 128;

/// `CL_DEVICE_IMAGE2D_MAX_WIDTH`/`HEIGHT` of the host device (and the widest 1-D
/// image): the host sampler's largest side (`kauai_host::image::MAX_IMAGE_SIDE`, 16384,
/// where every coordinate is still exact in `f32`), twice OpenCL 1.2's minimum.
pub const IMAGE2D_MAX: usize = kauai_host::image::MAX_IMAGE_SIDE as usize;

/// `CL_DEVICE_IMAGE3D_MAX_WIDTH`/`HEIGHT`/`DEPTH`: OpenCL 1.2's minimum, 2048 (a
/// 2048-cubed image of 4-byte pixels is already 32 GiB, past any allocation).
pub const IMAGE3D_MAX: usize = 2048;

/// `CL_DEVICE_IMAGE_MAX_ARRAY_SIZE`: OpenCL 1.2's minimum, 2048 layers.
pub const IMAGE_MAX_ARRAY_SIZE: usize = 2048;

/// `CL_DEVICE_IMAGE_MAX_BUFFER_SIZE`, pixels of a 1-D image buffer: OpenCL 1.2's
/// minimum, 65536 (such images are read by integer coordinates only, so the sampler's
/// side limit does not bound them).
pub const IMAGE_MAX_BUFFER_SIZE: usize = 65536;

/// `CL_DEVICE_MAX_READ_IMAGE_ARGS`, `CL_DEVICE_MAX_WRITE_IMAGE_ARGS` and
/// `CL_DEVICE_MAX_SAMPLERS`: OpenCL 1.2's minimums (128, 8, 16). The host's kernels
/// take any number; these are what portable code counts on.
pub const MAX_READ_IMAGE_ARGS: u32 = 128;
pub const MAX_WRITE_IMAGE_ARGS: u32 = 8;
pub const MAX_SAMPLERS: u32 = 16;

/// `CL_DEVICE_MAX_ATOMIC_COUNTERS_EXT` (`cl_ext_atomic_counters_32`, 0x4032; not in
/// `opencl-sys`), asked of devices that offer the extension.
pub const CL_DEVICE_MAX_ATOMIC_COUNTERS_EXT: u32 = 0x4032;
/// Its value: the extension's minimum, which the kauai devices' counter ids 0–7 allow
/// (`kauai_amdil::device::MAX_ATOMIC_COUNTERS`); the host takes any number.
pub const MAX_ATOMIC_COUNTERS: u32 = 8;

/// The environment variable that bounds one kernel's run time, in seconds (a kernel
/// over it ends with a fault, as a GPU watchdog would end it). Unset: no limit, as
/// OpenCL has none.
pub const KERNEL_TIMEOUT_VAR: &str = "KAUAI_KERNEL_TIMEOUT";
