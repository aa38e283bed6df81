//! OpenCL C `printf`: checking format strings and formatting arguments as C does, so
//! that every device prints the same text for the same kernel.
//!
//! Under construction; nothing here is usable yet.

#![forbid(unsafe_code)]
