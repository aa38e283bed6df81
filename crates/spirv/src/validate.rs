//! The checks `isValidSPIRV` makes before any translation: the layout of the module
//! (SPIR-V 2.4), the capabilities, the addressing and memory models, and the execution
//! model of every entry point. Each error names the word offset of the instruction.

use spirv::{AddressingModel, Capability, ExecutionModel, MemoryModel, Op};

use crate::error::{Error, Result};
use crate::reader::{read, Binary};

/// The capabilities Kauai translates: OpenCL 1.2's (SPIR-V environment, 6.1).
pub const SUPPORTED_CAPABILITIES: &[Capability] = &[
    Capability::Addresses,
    Capability::Linkage,
    Capability::Kernel,
    Capability::Vector16,
    Capability::Float16Buffer,
    Capability::Float16,
    Capability::Float64,
    Capability::Int8,
    Capability::Int16,
    Capability::Int64,
    Capability::Int64Atomics,
    Capability::GenericPointer,
];

/// The versions read: SPIR-V 1.0 to 1.2, what OpenCL 1.2/2.x consumers take.
pub const MAX_VERSION: (u8, u8) = (1, 2);

/// The module's words, split and checked.
pub fn validate(words: &[u32]) -> Result<Binary<'_>> {
    let b = read(words)?;
    let v = b.header.version;
    if v.0 != 1 || v > MAX_VERSION {
        return Err(Error::unsupported(
            1,
            format!("SPIR-V version {}.{} (Kauai reads 1.0 to 1.2)", v.0, v.1),
        ));
    }
    let mut memory_model = false;
    // SPIR-V 2.4: capabilities, extensions, imports, the memory model, entry points,
    // execution modes, debug, annotations, types/constants/globals, functions.
    let mut section = 0;
    for i in &b.insts {
        let Some(op) = i.op() else {
            return Err(Error::at(i.offset, format!("unknown opcode {}", i.opcode)));
        };
        let s = match op {
            Op::Capability => 0,
            Op::Extension => 1,
            Op::ExtInstImport => 2,
            Op::MemoryModel => 3,
            Op::EntryPoint => 4,
            Op::ExecutionMode => 5,
            Op::String
            | Op::SourceExtension
            | Op::Source
            | Op::SourceContinued
            | Op::Name
            | Op::MemberName
            | Op::ModuleProcessed => 6,
            Op::Decorate
            | Op::MemberDecorate
            | Op::DecorationGroup
            | Op::GroupDecorate
            | Op::GroupMemberDecorate
            | Op::DecorateId => 7,
            Op::Function => 9,
            _ if section >= 9 => 9,
            Op::Line | Op::NoLine | Op::Nop => section.max(6),
            _ => 8,
        };
        if s < section {
            return Err(Error::at(
                i.offset,
                format!(
                    "{} is out of place: the module's sections are out of order",
                    i.name()
                ),
            ));
        }
        section = s;
        match op {
            Op::Capability => {
                let c = i.word(0)?;
                match Capability::from_u32(c) {
                    Some(cap) if SUPPORTED_CAPABILITIES.contains(&cap) => {}
                    Some(cap) => {
                        return Err(Error::unsupported(
                            i.offset,
                            format!("the capability {cap:?}"),
                        ))
                    }
                    None => return Err(Error::at(i.offset, format!("unknown capability {c}"))),
                }
            }
            Op::MemoryModel => {
                if memory_model {
                    return Err(Error::at(i.offset, "a second OpMemoryModel"));
                }
                memory_model = true;
                let a = AddressingModel::from_u32(i.word(0)?);
                if !matches!(
                    a,
                    Some(AddressingModel::Physical32 | AddressingModel::Physical64)
                ) {
                    return Err(Error::unsupported(
                        i.offset,
                        format!("the addressing model {a:?}"),
                    ));
                }
                if MemoryModel::from_u32(i.word(1)?) != Some(MemoryModel::OpenCL) {
                    return Err(Error::unsupported(
                        i.offset,
                        "a memory model other than OpenCL",
                    ));
                }
            }
            Op::EntryPoint
                if ExecutionModel::from_u32(i.word(0)?) != Some(ExecutionModel::Kernel) =>
            {
                return Err(Error::unsupported(
                    i.offset,
                    "an execution model other than Kernel",
                ));
            }
            _ => {}
        }
    }
    if !memory_model {
        return Err(Error::module("the module has no OpMemoryModel"));
    }
    Ok(b)
}

/// `isValidSPIRV`: does the module pass [`validate`]?
pub fn is_valid_spirv(words: &[u32]) -> bool {
    validate(words).is_ok()
}
