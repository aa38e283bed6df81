//! The limits on what the C API accepts, in one place, each with why that value.
//! (Device facts such as memory sizes live with the devices, in `platform`.)

/// Entries of a `cl_context_properties` list read before it counts as unterminated:
/// Kauai knows two properties and a list may name each once, so 64 entries is far past
/// any valid list while bounding the read of one without its terminating 0.
pub const MAX_CONTEXT_PROPERTIES: usize = 64;

/// Rows of one rectangular transfer (`region[1] * region[2]`): each row is one copy
/// command entry, so this bounds the per-command bookkeeping (16M rows of 24 bytes).
pub const MAX_RECT_ROWS: usize = 1 << 24;

/// `CL_DEVICE_MAX_PARAMETER_SIZE`, OpenCL 1.2's minimum for a full-profile device: the
/// most bytes `clSetKernelArg` reads for one argument.
pub const MAX_PARAMETER_SIZE: usize = 1024;

/// `CL_DEVICE_MEM_BASE_ADDR_ALIGN` in bytes (1024 bits, the size of `long16`): a
/// sub-buffer's origin must be a multiple.
pub const SUB_BUFFER_ALIGN: usize = 128;

/// The environment variable that bounds one kernel's run time, in seconds (a kernel
/// over it ends with a fault, as a GPU watchdog would end it). Unset: no limit, as
/// OpenCL has none.
pub const KERNEL_TIMEOUT_VAR: &str = "KAUAI_KERNEL_TIMEOUT";
