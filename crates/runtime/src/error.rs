use thiserror::Error;

/// Why a runtime call failed. Names follow the OpenCL error codes they correspond to.
#[derive(Debug, Error)]
pub enum RuntimeError {
    #[error("build failed:\n{0}")]
    BuildProgramFailure(String),
    #[error("invalid build options: {0}")]
    InvalidBuildOptions(String),
    #[error("no kernel named `{name}` in the program (kernels: {available})")]
    InvalidKernelName { name: String, available: String },
    #[error("kernel `{kernel}` has no argument {what}")]
    InvalidArgIndex { kernel: String, what: String },
    #[error("argument `{arg}` of kernel `{kernel}`: {message}")]
    InvalidArgValue {
        kernel: String,
        arg: String,
        message: String,
    },
    #[error("kernel `{kernel}`: argument `{arg}` is not set")]
    InvalidKernelArgs { kernel: String, arg: String },
    #[error("work dimension {0} is not 1, 2 or 3")]
    InvalidWorkDimension(u32),
    #[error("invalid global work size: {0}")]
    InvalidGlobalWorkSize(String),
    #[error("invalid global offset: {0}")]
    InvalidGlobalOffset(String),
    #[error("invalid work-group size: {0}")]
    InvalidWorkGroupSize(String),
    #[error("invalid work-item size: {0}")]
    InvalidWorkItemSize(String),
    #[error("{0}")]
    Execution(#[from] kauai_host::ExecError),
    /// Something Kauai cannot do yet; the message starts with "not supported yet".
    #[error("{0}")]
    NotSupported(String),
    /// The device cannot start the kernel (a launch the kernel's declarations forbid,
    /// a resource beyond the device's limits).
    #[error("{0}")]
    Device(String),
    #[error("{0}")]
    Compiler(#[from] kauai_compiler::Error),
}
