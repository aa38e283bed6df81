//! SPIR-V input: ComputeMux's second front door (`compileSPIRV`, `isValidSPIRV`,
//! specialization constants). `reader` splits the binary into instructions, `validate`
//! checks what Kauai takes (SPIR-V 1.0–1.2, the Kernel execution model, OpenCL's
//! capabilities), `translate` turns the module into Kauai IR as the OpenCL C front end
//! would produce it, and `helpers` writes the OpenCL.std instructions as OpenCL C for
//! the C front end to compile. `limits` holds every limit.
//!
//! Invariant: any words give a module or an error naming the instruction's word offset;
//! nothing panics and nothing is allocated from a size in the input before a limit
//! check.

#![forbid(unsafe_code)]

pub mod error;
pub mod helpers;
pub mod limits;
pub mod props;
pub mod reader;
pub mod translate;
pub mod validate;

pub use error::{Error, Result};
pub use reader::{has_magic, words_from_bytes};
pub use translate::{specializable_constants, translate, SpecializationInfo, Translated};
pub use validate::{is_valid_spirv, validate};
