//! Modules: functions, module-scope variables, aggregate types and module metadata.

use std::collections::BTreeMap;

use cranelift_entity::PrimaryMap;

use crate::entities::{FuncId, GlobalId};
use crate::function::{Function, MetaValue};
use crate::types::{AddrSpace, DataLayout, Type, TypeTable};

/// A module-scope variable: a `__constant` table, a program-scope `__global` (none in
/// OpenCL 1.2) or a kernel-scope `__local` array hoisted by the front end.
#[derive(Clone, Debug, PartialEq)]
pub struct Global {
    pub name: String,
    pub ty: Type,
    pub space: AddrSpace,
    pub align: u32,
    /// The initial contents; `None` means zero-filled or, for `__local`, uninitialized.
    pub init: Option<Init>,
    pub constant: bool,
}

/// A module-scope variable's initial contents: its bytes, and the places among them
/// that hold an address (`__constant char *__constant names[] = {"alpha", ...}`).
/// An address is not a number before the program is placed in memory, so each
/// executor writes it when it lays the globals out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Init {
    /// The initial bytes (little-endian), as many as the type's size; zero where a
    /// relocation goes.
    pub bytes: Vec<u8>,
    /// The addresses to write, sorted by offset, not overlapping (the verifier checks).
    pub relocs: Vec<Reloc>,
}

/// At byte `offset` of the initializer, a pointer (the data layout's pointer size) to
/// byte `addend` of global `target`, in the target's address space.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reloc {
    pub offset: u64,
    pub target: GlobalId,
    /// Bytes into the target: 0 to its size (one past the end is a valid address).
    pub addend: u64,
}

impl Init {
    /// Plain bytes, no addresses.
    pub fn bytes(bytes: Vec<u8>) -> Init {
        Init {
            bytes,
            relocs: Vec::new(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Module {
    pub types: TypeTable,
    pub globals: PrimaryMap<GlobalId, Global>,
    pub functions: PrimaryMap<FuncId, Function>,
    pub data_layout: DataLayout,
    /// Module metadata such as `opencl.ocl.version` (`[1, 2]`).
    pub metadata: BTreeMap<String, Vec<MetaValue>>,
    /// The names of the source files that instructions' [`crate::SrcLoc`]s index.
    pub source_files: Vec<String>,
}

pub const OPENCL_VERSION: &str = "opencl.ocl.version";

impl Default for Module {
    fn default() -> Module {
        Module::new(DataLayout::HOST64)
    }
}

impl Global {
    /// For a variable the front end hoisted out of a function (a kernel's `__local`
    /// array, a function-scope `__constant`): the function's and the variable's source
    /// names. The front end names these globals `<function>.<name>` (plus `.<n>` when
    /// that is taken); C names contain no `.`, so the split is unambiguous.
    pub fn hoisted_from(&self) -> Option<(&str, &str)> {
        let (func, rest) = self.name.split_once('.')?;
        let var = rest.split('.').next()?;
        (!func.is_empty() && !var.is_empty()).then_some((func, var))
    }
}

impl Module {
    pub fn new(data_layout: DataLayout) -> Module {
        Module {
            types: TypeTable::default(),
            globals: PrimaryMap::new(),
            functions: PrimaryMap::new(),
            data_layout,
            metadata: BTreeMap::new(),
            source_files: Vec::new(),
        }
    }

    pub fn func_by_name(&self, name: &str) -> Option<FuncId> {
        self.functions
            .iter()
            .find(|(_, f)| f.name == name)
            .map(|(id, _)| id)
    }

    pub fn global_by_name(&self, name: &str) -> Option<GlobalId> {
        self.globals
            .iter()
            .find(|(_, g)| g.name == name)
            .map(|(id, _)| id)
    }

    /// The function with this name, declaring it with the given signature if absent.
    pub fn declare(&mut self, name: &str, params: &[Type], ret: Type) -> FuncId {
        if let Some(id) = self.func_by_name(name) {
            return id;
        }
        let params = params
            .iter()
            .map(|t| crate::function::Param::new(*t, ""))
            .collect();
        self.functions.push(Function::new(name, params, ret))
    }

    /// Kernel entry points, in module order.
    pub fn kernels(&self) -> impl Iterator<Item = (FuncId, &Function)> {
        self.functions.iter().filter(|(_, f)| f.is_kernel())
    }

    pub fn size_of(&self, ty: Type) -> u64 {
        self.types.size_of(ty, self.data_layout)
    }

    pub fn align_of(&self, ty: Type) -> u64 {
        self.types.align_of(ty, self.data_layout)
    }

    /// The OpenCL C version this module was compiled for (1.2 when unset).
    pub fn opencl_version(&self) -> (i64, i64) {
        match self.metadata.get(OPENCL_VERSION).map(Vec::as_slice) {
            Some([MetaValue::Int(a), MetaValue::Int(b)]) => (*a, *b),
            _ => (1, 2),
        }
    }
}
