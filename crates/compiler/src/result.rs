//! `compiler::Result` of ComputeMux (docs/spec/computemux.md#result-codes): the status every API entry point reports.

use std::fmt;

/// The result codes of the ComputeMux compiler API.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ResultCode {
    Success,
    Failure,
    OutOfMemory,
    InvalidValue,
    FeatureUnsupported,
    CompileProgramFailure,
    LinkProgramFailure,
    FinalizeProgramFailure,
    InvalidBuildOptions,
    InvalidCompilerOptions,
}

impl ResultCode {
    pub fn name(self) -> &'static str {
        match self {
            ResultCode::Success => "SUCCESS",
            ResultCode::Failure => "FAILURE",
            ResultCode::OutOfMemory => "OUT_OF_MEMORY",
            ResultCode::InvalidValue => "INVALID_VALUE",
            ResultCode::FeatureUnsupported => "FEATURE_UNSUPPORTED",
            ResultCode::CompileProgramFailure => "COMPILE_PROGRAM_FAILURE",
            ResultCode::LinkProgramFailure => "LINK_PROGRAM_FAILURE",
            ResultCode::FinalizeProgramFailure => "FINALIZE_PROGRAM_FAILURE",
            ResultCode::InvalidBuildOptions => "INVALID_BUILD_OPTIONS",
            ResultCode::InvalidCompilerOptions => "INVALID_COMPILER_OPTIONS",
        }
    }
}

impl fmt::Display for ResultCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A failed call: the code plus a human message (the build log, for compile errors).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct Error {
    pub code: ResultCode,
    pub message: String,
}

impl Error {
    pub fn new(code: ResultCode, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
        }
    }

    pub fn invalid_value(message: impl Into<String>) -> Error {
        Error::new(ResultCode::InvalidValue, message)
    }

    pub fn unsupported(message: impl Into<String>) -> Error {
        Error::new(ResultCode::FeatureUnsupported, message)
    }
}

pub type Result<T> = std::result::Result<T, Error>;
