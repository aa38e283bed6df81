//! AMD GPU binary containers. First: the AMD OpenCL 2.0 ("CL2") binary that AMD's
//! Catalyst/ROCm-era OpenCL drivers load, as CLRX describes it.
//!
//! An AMD CL2 binary is an ELF (class 32 or 64, machine 0xAF5A/0xAF5B) whose `e_flags`
//! is a GPU device code that depends on the driver version ([`device_code`]). Its
//! `.comment` holds the compile options and the ACL version string, `.rodata` one
//! metadata blob per kernel (argument descriptions), and `.text` an inner HSA ELF with
//! the kernel setups and code.
//!
//! Built so far: the device-code tables, an ELF32/64 container ([`elf`]), and the outer
//! CL2 layout ([`write_cl2`], [`read_cl2`]) carrying metadata, inner ELF and extra
//! sections (`.brig`) as bytes. Not yet: the inner HSA ELF (notes, `.hsatext`, symbols,
//! relocations, sampler init), metadata and kernel setup generation from `.config`, the
//! old (< 191205) stub format, and byte-exact equality with CLRX-written files (the
//! writer lays sections out contiguously with the section header table at the end, but
//! alignment fields are unverified).

pub mod cl2;
pub mod device;
pub mod elf;

pub use cl2::{read_cl2, write_cl2, Cl2Binary, Cl2Error, Cl2Kernel};
pub use device::{device_code, device_from_code, driver_range};
