//! Compiler metadata (docs/spec/amd-runtime-abi.md#the-metadata-block): the `;ARGSTART:name` ...
//! `;ARGEND:name` blocks the compiler prints after each function, and the data segments
//! (`;#DATASTART[:cb]:size` ... `;#DATAEND[:cb]`) at the end of the unit.
//!
//! Every line of a block is `;key:field:field...`. Known keys become typed
//! [`MdEntry`] values; unknown keys are kept verbatim and warned about. Writing a block
//! gives back the text it was read from. A `;error:` line makes the build fail with the
//! message (the runtime must "return failure on compilation"); `;warning:` lines are
//! surfaced as warnings.
//!
//! Data-segment values are hexadecimal, as the AMD runtime reads them (`getuintHex` for
//! every element type) and as docs/spec/amd-runtime-abi.md#data-segments requires for floats.

use std::fmt::{self, Write as _};

use kauai_diag::{Diagnostic, Diagnostics, FileId, Span};

use crate::ast::{LineKind, Loc, Program};
use crate::device::{CONSTANT_BUFFER_BYTES, GDS_BYTES, MAX_LOCAL_BYTES, PRIVATE_BYTES_PER_ITEM};

/// The metadata major version we understand; any minor version of it is accepted.
pub const CURRENT_MAJOR: u32 = 3;

/// The data types of `;value`, `;pointer` and `;ARG` lines: docs/spec/amd-runtime-abi.md's list ("i1", "i8",
/// "i16", "i32", "i64", "float", "double", "struct", "union", "event", "opaque") plus the
/// AMD runtime's unsigned spellings and `half`, which compilers print too, and `sampler`
/// (a sampler argument's 32-bit bit field; seed 000, "Sampler Arguments").
pub const DATA_TYPES: &[&str] = &[
    "i1", "i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "half", "float", "double",
    "struct", "union", "event", "opaque", "sampler",
];

/// The memory types of a `;pointer` line (docs/spec/amd-runtime-abi.md: `g p l uav c r hl hp hc hr`; `up` and
/// `flat` come from later compilers).
pub const MEMORY_TYPES: &[&str] = &[
    "g", "p", "l", "uav", "c", "r", "hl", "hp", "hc", "hr", "up", "flat",
];

fn data_type(s: &str) -> Result<String, String> {
    if DATA_TYPES.contains(&s) {
        Ok(s.to_string())
    } else {
        Err(format!(
            "unknown data type `{s}` (expected one of {})",
            DATA_TYPES.join(", ")
        ))
    }
}

fn memory_type(s: &str) -> Result<String, String> {
    if MEMORY_TYPES.contains(&s) {
        Ok(s.to_string())
    } else {
        Err(format!(
            "unknown memory type `{s}` (expected one of {})",
            MEMORY_TYPES.join(", ")
        ))
    }
}

/// One `;ARGSTART:name` ... `;ARGEND:name` block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelMetadata {
    pub name: String,
    pub entries: Vec<MdEntry>,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MdEntry {
    Version {
        major: u32,
        minor: u32,
        revision: u32,
    },
    Device(String),
    UniqueId(u32),
    Memory(Memory),
    Value(ValueArg),
    Pointer(PointerArg),
    Image(ImageArg),
    Counter(CounterArg),
    Sampler(SamplerArg),
    PrintfFmt(PrintfFmt),
    Function(Vec<u32>),
    Intrinsic(Vec<u32>),
    Cws([u32; 3]),
    Lws(u32),
    LimitGroupSize,
    UavId(u32),
    Error(String),
    Warning(String),
    Reflection {
        index: u32,
        ty: String,
    },
    ConstArg {
        index: u32,
        name: String,
    },
    CbId(u32),
    PrintfId(u32),
    PrivateId(u32),
    Wsh([u32; 3]),
    Vth(String),
    /// The older argument form (docs/spec/amd-runtime-abi.md#the-metadata-block), `;ARG:func:name:pointer:num:cb:offset:mem:buf:align`
    /// or `;ARG:func:name:type:num:cb:offset`; see [`LegacyArg::to_current`].
    LegacyArg(LegacyArg),
    /// A key we do not know: the whole text after the `;`.
    Unknown(String),
}

/// `;memory:...`
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Memory {
    Private(u32),
    HwPrivate(u32),
    UavPrivate(u32),
    Local(u32),
    HwLocal(u32),
    Region(u32),
    HwRegion(u32),
    DataReqd,
    CompilerWrite,
    Abi64Bit,
}

/// `;value:name:type:numElems:cb:offset`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueArg {
    pub name: String,
    pub ty: String,
    pub num: u32,
    pub cb: u32,
    pub offset: u32,
}

/// `;pointer:name:type:numElems:cb:offset:memtype:bufnum:align[:access:volatile:restrict]`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointerArg {
    pub name: String,
    pub ty: String,
    pub num: u32,
    pub cb: u32,
    pub offset: u32,
    /// `g p l uav c r hl hp hc hr` (and `up`, `flat`).
    pub mem: String,
    pub buf: u32,
    pub align: u32,
    /// The 2014 extension: `RO|RW`, volatile, restrict.
    pub extra: Option<(String, u32, u32)>,
}

/// `;ARG:...`, the older argument form of AMD's 2009 examples (offsets in cb0 from byte 96; docs/spec/amd-runtime-abi.md#the-metadata-block).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegacyArg {
    /// The function the argument belongs to (`main` in AMD's 2009 examples).
    pub func: String,
    pub name: String,
    pub kind: LegacyKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LegacyKind {
    /// `pointer:num:cb:offset:mem:buf:align` (no pointee type in this form).
    Pointer {
        num: u32,
        cb: u32,
        offset: u32,
        mem: String,
        buf: u32,
        align: u32,
    },
    /// `type:num:cb:offset`.
    Value {
        ty: String,
        num: u32,
        cb: u32,
        offset: u32,
    },
}

impl LegacyArg {
    /// The same argument in the current `;pointer` / `;value` form (a legacy pointer has
    /// no pointee type; `i8` is used, with its alignment kept).
    pub fn to_current(&self) -> MdEntry {
        match &self.kind {
            LegacyKind::Pointer {
                num,
                cb,
                offset,
                mem,
                buf,
                align,
            } => MdEntry::Pointer(PointerArg {
                name: self.name.clone(),
                ty: "i8".into(),
                num: *num,
                cb: *cb,
                offset: *offset,
                mem: mem.clone(),
                buf: *buf,
                align: *align,
                extra: None,
            }),
            LegacyKind::Value {
                ty,
                num,
                cb,
                offset,
            } => MdEntry::Value(ValueArg {
                name: self.name.clone(),
                ty: ty.clone(),
                num: *num,
                cb: *cb,
                offset: *offset,
            }),
        }
    }
}

/// `;image:name:dim:access:id:cb:offset`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageArg {
    pub name: String,
    pub dim: String,
    pub access: String,
    pub id: u32,
    pub cb: u32,
    pub offset: u32,
}

/// `;counter:name:bits:id:cb:offset`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CounterArg {
    pub name: String,
    pub bits: u32,
    pub id: u32,
    pub cb: u32,
    pub offset: u32,
}

/// `;sampler:name:id:location:value`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SamplerArg {
    pub name: String,
    pub id: u32,
    /// 1 when defined in the kernel, 0 for a kernel argument.
    pub location: u32,
    pub value: u32,
}

/// `;printf_fmt:id:numArgs:size...:strLen:fmt;`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintfFmt {
    pub id: u32,
    pub arg_sizes: Vec<u32>,
    /// The format string as written (C escapes such as `\n` not yet decoded).
    pub raw: String,
}

impl PrintfFmt {
    /// The format string with `\n`, `\r`, `\a`, `\b`, `\f`, `\v` and `\\` decoded.
    pub fn format(&self) -> String {
        unescape(&self.raw)
    }
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('a') => out.push('\u{7}'),
            Some('b') => out.push('\u{8}'),
            Some('f') => out.push('\u{c}'),
            Some('v') => out.push('\u{b}'),
            Some('t') => out.push('\t'),
            Some('\\') => out.push('\\'),
            Some(o) => {
                out.push('\\');
                out.push(o);
            }
            None => out.push('\\'),
        }
    }
    out
}

impl KernelMetadata {
    pub fn unique_id(&self) -> Option<u32> {
        self.entries.iter().find_map(|e| match e {
            MdEntry::UniqueId(id) => Some(*id),
            _ => None,
        })
    }

    /// Callee function ids from every `;function:` line.
    pub fn functions(&self) -> Vec<u32> {
        self.entries
            .iter()
            .flat_map(|e| match e {
                MdEntry::Function(v) => v.clone(),
                _ => Vec::new(),
            })
            .collect()
    }

    pub fn intrinsics(&self) -> Vec<u32> {
        self.entries
            .iter()
            .flat_map(|e| match e {
                MdEntry::Intrinsic(v) => v.clone(),
                _ => Vec::new(),
            })
            .collect()
    }

    /// The sum of every `;memory:` entry of one kind, e.g. `|m| matches!(m, HwLocal(_))`.
    pub fn memory_total(&self, pick: impl Fn(&Memory) -> Option<u32>) -> u32 {
        self.entries
            .iter()
            .filter_map(|e| match e {
                MdEntry::Memory(m) => pick(m),
                _ => None,
            })
            .fold(0u32, |a, b| a.saturating_add(b))
    }

    pub fn has_memory_flag(&self, flag: &Memory) -> bool {
        self.entries
            .iter()
            .any(|e| matches!(e, MdEntry::Memory(m) if m == flag))
    }

    pub fn printf_formats(&self) -> Vec<&PrintfFmt> {
        self.entries
            .iter()
            .filter_map(|e| match e {
                MdEntry::PrintfFmt(p) => Some(p),
                _ => None,
            })
            .collect()
    }

    pub fn errors(&self) -> Vec<&str> {
        self.entries
            .iter()
            .filter_map(|e| match e {
                MdEntry::Error(m) => Some(m.as_str()),
                _ => None,
            })
            .collect()
    }
}

impl fmt::Display for MdEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn ids(f: &mut fmt::Formatter<'_>, key: &str, v: &[u32]) -> fmt::Result {
            write!(f, "{key}:{}", v.len())?;
            for id in v {
                write!(f, ":{id}")?;
            }
            Ok(())
        }
        match self {
            MdEntry::Version {
                major,
                minor,
                revision,
            } => write!(f, "version:{major}:{minor}:{revision}"),
            MdEntry::Device(d) => write!(f, "device:{d}"),
            MdEntry::UniqueId(i) => write!(f, "uniqueid:{i}"),
            MdEntry::Memory(m) => match m {
                Memory::Private(n) => write!(f, "memory:private:{n}"),
                Memory::HwPrivate(n) => write!(f, "memory:hwprivate:{n}"),
                Memory::UavPrivate(n) => write!(f, "memory:uavprivate:{n}"),
                Memory::Local(n) => write!(f, "memory:local:{n}"),
                Memory::HwLocal(n) => write!(f, "memory:hwlocal:{n}"),
                Memory::Region(n) => write!(f, "memory:region:{n}"),
                Memory::HwRegion(n) => write!(f, "memory:hwregion:{n}"),
                Memory::DataReqd => f.write_str("memory:datareqd"),
                Memory::CompilerWrite => f.write_str("memory:compilerwrite"),
                Memory::Abi64Bit => f.write_str("memory:64bitABI"),
            },
            MdEntry::Value(v) => write!(
                f,
                "value:{}:{}:{}:{}:{}",
                v.name, v.ty, v.num, v.cb, v.offset
            ),
            MdEntry::Pointer(p) => {
                write!(
                    f,
                    "pointer:{}:{}:{}:{}:{}:{}:{}:{}",
                    p.name, p.ty, p.num, p.cb, p.offset, p.mem, p.buf, p.align
                )?;
                if let Some((a, v, r)) = &p.extra {
                    write!(f, ":{a}:{v}:{r}")?;
                }
                Ok(())
            }
            MdEntry::Image(i) => write!(
                f,
                "image:{}:{}:{}:{}:{}:{}",
                i.name, i.dim, i.access, i.id, i.cb, i.offset
            ),
            MdEntry::Counter(c) => write!(
                f,
                "counter:{}:{}:{}:{}:{}",
                c.name, c.bits, c.id, c.cb, c.offset
            ),
            MdEntry::Sampler(s) => {
                write!(f, "sampler:{}:{}:{}:{}", s.name, s.id, s.location, s.value)
            }
            MdEntry::PrintfFmt(p) => {
                write!(f, "printf_fmt:{}:{}", p.id, p.arg_sizes.len())?;
                for s in &p.arg_sizes {
                    write!(f, ":{s}")?;
                }
                write!(f, ":{}:{};", unescape(&p.raw).chars().count(), p.raw)
            }
            MdEntry::Function(v) => ids(f, "function", v),
            MdEntry::Intrinsic(v) => ids(f, "intrinsic", v),
            MdEntry::Cws(d) => write!(f, "cws:{}:{}:{}", d[0], d[1], d[2]),
            MdEntry::Lws(n) => write!(f, "lws:{n}"),
            MdEntry::LimitGroupSize => f.write_str("limitgroupsize"),
            MdEntry::UavId(n) => write!(f, "uavid:{n}"),
            MdEntry::Error(m) => write!(f, "error:{m}"),
            MdEntry::Warning(m) => write!(f, "warning:{m}"),
            MdEntry::Reflection { index, ty } => write!(f, "reflection:{index}:{ty}"),
            MdEntry::ConstArg { index, name } => write!(f, "constarg:{index}:{name}"),
            MdEntry::CbId(n) => write!(f, "cbid:{n}"),
            MdEntry::PrintfId(n) => write!(f, "printfid:{n}"),
            MdEntry::PrivateId(n) => write!(f, "privateid:{n}"),
            MdEntry::Wsh(d) => write!(f, "wsh:{}:{}:{}", d[0], d[1], d[2]),
            MdEntry::Vth(s) => write!(f, "vth:{s}"),
            MdEntry::LegacyArg(a) => match &a.kind {
                LegacyKind::Pointer {
                    num,
                    cb,
                    offset,
                    mem,
                    buf,
                    align,
                } => write!(
                    f,
                    "ARG:{}:{}:pointer:{num}:{cb}:{offset}:{mem}:{buf}:{align}",
                    a.func, a.name
                ),
                LegacyKind::Value {
                    ty,
                    num,
                    cb,
                    offset,
                } => write!(f, "ARG:{}:{}:{ty}:{num}:{cb}:{offset}", a.func, a.name),
            },
            MdEntry::Unknown(s) => f.write_str(s),
        }
    }
}

impl fmt::Display for KernelMetadata {
    /// The block as the compiler prints it: `;ARGSTART:name`, one `;entry` per line,
    /// `;ARGEND:name`, each line ending in a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, ";ARGSTART:{}", self.name)?;
        for e in &self.entries {
            writeln!(f, ";{e}")?;
        }
        writeln!(f, ";ARGEND:{}", self.name)
    }
}

/// A data segment: `;#DATASTART[:cb]:size`, typed rows, `;#DATAEND[:cb]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataSegment {
    /// The hardware constant buffer, or `None` for the emulated global segment.
    pub cb: Option<u32>,
    pub size: u32,
    pub rows: Vec<DataRow>,
    /// The number printed after `DATAEND` (AMD's 2009 example prints `;#DATAEND:0` for the global
    /// segment), kept so that the text round-trips.
    pub end_cb: Option<u32>,
    pub loc: Loc,
}

/// `;#type:offset:count:v0:v1...`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataRow {
    pub ty: String,
    pub offset: u32,
    pub count: u32,
    pub values: Vec<u64>,
    /// Hex digits were written in upper case (AMD's 2009 example's `42B60000`, docs/spec/amd-runtime-abi.md#data-segments) rather than lower
    /// case (LLVM's `write_hex`); kept for identical printing.
    pub upper: bool,
}

impl DataRow {
    /// Bytes per element: `i8` 1, `i16` 2, `i32`/`float` 4, `i64`/`double` 8, structs and
    /// unions byte by byte; `vN<elem>` as its element.
    pub fn elem_size(&self) -> Option<u32> {
        let t = self.ty.as_str();
        let t = match t.strip_prefix('v') {
            Some(r) if r.starts_with(|c: char| c.is_ascii_digit()) => {
                r.trim_start_matches(|c: char| c.is_ascii_digit())
            }
            _ => t,
        };
        Some(match t {
            "i1" | "i8" | "u8" | "struct" | "union" => 1,
            "i16" | "u16" | "half" => 2,
            "i32" | "u32" | "float" | ADDR_ROW => 4,
            "i64" | "u64" | "double" => 8,
            _ => return None,
        })
    }
}

/// The row type of addresses (a Kauai extension, docs/spec/amd-runtime-abi.md#data-segments):
/// each value is an offset in this segment, and the segment holds the 32-bit byte
/// address of that offset once the runtime has placed it (`cb0[8].x` plus the value).
pub const ADDR_ROW: &str = "addr";

impl DataSegment {
    /// The segment's bytes, little-endian, zero where no row writes; `addr` rows hold
    /// their offsets, as if the segment were placed at address 0.
    pub fn bytes(&self) -> Result<Vec<u8>, String> {
        self.placed_bytes(0)
    }

    /// The segment's bytes when placed at byte address `base` of the global buffer:
    /// `base` is added to every `addr` value.
    pub fn placed_bytes(&self, base: u32) -> Result<Vec<u8>, String> {
        let mut out = vec![0u8; self.size as usize];
        for r in &self.rows {
            let is_addr = r.ty == ADDR_ROW;
            let es = r
                .elem_size()
                .ok_or_else(|| format!("unknown data type `{}`", r.ty))?
                as usize;
            for (k, v) in r.values.iter().enumerate() {
                let at = r.offset as usize + k * es;
                let dst = out.get_mut(at..at + es).ok_or_else(|| {
                    format!(
                        "row `{}` at offset {} writes past the segment size {}",
                        r.ty, r.offset, self.size
                    )
                })?;
                let v = if is_addr {
                    let at = u32::try_from(*v)
                        .ok()
                        .filter(|o| *o <= self.size)
                        .ok_or_else(|| {
                            format!(
                                "`addr` row at offset {}: {v:x} is past the segment size {}",
                                r.offset, self.size
                            )
                        })?;
                    u64::from(base.checked_add(at).ok_or_else(|| {
                        format!("the segment placed at {base} puts an address past 32 bits")
                    })?)
                } else {
                    *v
                };
                dst.copy_from_slice(&v.to_le_bytes()[..es]);
            }
        }
        Ok(out)
    }
}

impl fmt::Display for DataSegment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cb {
            Some(cb) => writeln!(f, ";#DATASTART:{cb}:{}", self.size)?,
            None => writeln!(f, ";#DATASTART:{}", self.size)?,
        }
        for r in &self.rows {
            let mut line = format!(";#{}:{}:{}", r.ty, r.offset, r.count);
            for v in &r.values {
                if r.upper {
                    let _ = write!(line, ":{v:X}");
                } else {
                    let _ = write!(line, ":{v:x}");
                }
            }
            writeln!(f, "{line}")?;
        }
        match self.end_cb {
            Some(cb) => writeln!(f, ";#DATAEND:{cb}"),
            None => writeln!(f, ";#DATAEND"),
        }
    }
}

/// Everything the metadata reader found in a program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProgramMetadata {
    pub kernels: Vec<KernelMetadata>,
    pub data: Vec<DataSegment>,
}

impl ProgramMetadata {
    /// The block named `__OpenCL_<name>_kernel`, or else the one named `name`.
    pub fn kernel(&self, name: &str) -> Option<&KernelMetadata> {
        let wrapped = format!("__OpenCL_{name}_kernel");
        // The wrapper (`__OpenCL_x_kernel`) is the kernel; a block named `x` is its body.
        self.kernels
            .iter()
            .find(|k| k.name == wrapped)
            .or_else(|| self.kernels.iter().find(|k| k.name == name))
    }

    pub fn by_id(&self, id: u32) -> Option<&KernelMetadata> {
        self.kernels.iter().find(|k| k.unique_id() == Some(id))
    }
}

/// Read the metadata blocks and data segments from a program's comment lines.
pub fn read_metadata(program: &Program, diags: &mut Diagnostics) -> ProgramMetadata {
    let lines: Vec<(&str, Span)> = program
        .lines
        .iter()
        .filter_map(|l| match &l.kind {
            LineKind::Comment(c) => Some((c.as_str(), l.loc.0)),
            _ => None,
        })
        .collect();
    read_lines(&lines, diags)
}

/// Read metadata from raw text (only lines starting with `;` are looked at).
pub fn parse_metadata_str(text: &str, file: FileId, diags: &mut Diagnostics) -> ProgramMetadata {
    let mut lines = Vec::new();
    let mut start = 0;
    for raw in text.split('\n') {
        let l = raw.strip_suffix('\r').unwrap_or(raw);
        let t = l.trim_start();
        if let Some(c) = t.strip_prefix(';') {
            let s = start + (l.len() - t.len());
            lines.push((c, Span::new(file, s, start + l.len())));
        }
        start += raw.len() + 1;
    }
    read_lines(&lines, diags)
}

fn read_lines(lines: &[(&str, Span)], diags: &mut Diagnostics) -> ProgramMetadata {
    let mut out = ProgramMetadata::default();
    let mut block: Option<KernelMetadata> = None;
    let mut seg: Option<DataSegment> = None;
    let mut in_debug = false;
    for &(text, span) in lines {
        let text = text.trim_end();
        if in_debug {
            if text == "DEBUGEND" {
                in_debug = false;
            }
            continue;
        }
        if text == "DEBUGSTART" {
            in_debug = true;
            continue;
        }
        if let Some(name) = text.strip_prefix("ARGSTART:") {
            if let Some(b) = block.take() {
                diags.push(
                    Diagnostic::error(format!("metadata block `{}` is not closed", b.name))
                        .at(b.loc.0, "opened here")
                        .also(span, "a new block starts here; expected `;ARGEND:` first"),
                );
            }
            block = Some(KernelMetadata {
                name: name.to_string(),
                entries: Vec::new(),
                loc: Loc(span),
            });
            continue;
        }
        if let Some(name) = text.strip_prefix("ARGEND:") {
            match block.take() {
                Some(b) if b.name == name => {
                    finish_block(&b, diags);
                    out.kernels.push(b);
                }
                Some(b) => {
                    diags.push(
                        Diagnostic::error(format!("`;ARGEND:{name}` closes block `{}`", b.name))
                            .at(span, format!("expected `;ARGEND:{}`", b.name))
                            .also(b.loc.0, "block opened here"),
                    );
                    finish_block(&b, diags);
                    out.kernels.push(b);
                }
                None => diags.push(
                    Diagnostic::error("`;ARGEND:` without `;ARGSTART:`")
                        .at(span, "no metadata block is open"),
                ),
            }
            continue;
        }
        if let Some(rest) = text.strip_prefix("#DATASTART") {
            match parse_datastart(rest) {
                Some((_, size)) if datastart_limits(size).is_err() => {
                    let why = datastart_limits(size).err().unwrap_or_default();
                    diags.push(Diagnostic::error("data segment too large").at(span, why));
                }
                Some((cb, size)) => {
                    seg = Some(DataSegment {
                        cb,
                        size,
                        rows: Vec::new(),
                        end_cb: None,
                        loc: Loc(span),
                    })
                }
                None => diags.push(
                    Diagnostic::error("malformed data segment start")
                        .at(span, "expected `;#DATASTART:size` or `;#DATASTART:cb:size`"),
                ),
            }
            continue;
        }
        if let Some(rest) = text.strip_prefix("#DATAEND") {
            match seg.take() {
                Some(mut s) => {
                    let end_cb = if rest.is_empty() {
                        Some(None)
                    } else {
                        rest.strip_prefix(':')
                            .and_then(|n| n.parse::<u32>().ok())
                            .map(Some)
                    };
                    match end_cb {
                        Some(e) => {
                            s.end_cb = e;
                            if let Err(m) = s.bytes() {
                                diags
                                    .push(Diagnostic::error(m).at(s.loc.0, "in this data segment"));
                            }
                            out.data.push(s);
                        }
                        None => diags.push(
                            Diagnostic::error("malformed data segment end")
                                .at(span, "expected `;#DATAEND` or `;#DATAEND:cb`"),
                        ),
                    }
                }
                None => diags.push(
                    Diagnostic::error("`;#DATAEND` without `;#DATASTART`")
                        .at(span, "no data segment is open"),
                ),
            }
            continue;
        }
        if let Some(rest) = text.strip_prefix('#') {
            if let Some(s) = seg.as_mut() {
                match parse_row(rest) {
                    Ok(r) => s.rows.push(r),
                    Err(m) => {
                        diags.push(Diagnostic::error("malformed data segment row").at(span, m))
                    }
                }
            }
            continue;
        }
        if let Some(b) = block.as_mut() {
            match parse_entry(text) {
                Ok(e) => {
                    if let MdEntry::Unknown(_) = e {
                        diags.push(
                            Diagnostic::warning(format!("unknown metadata key in `;{text}`"))
                                .at(span, "kept as is"),
                        );
                    }
                    b.entries.push(e);
                }
                Err(m) => diags
                    .push(Diagnostic::error(format!("malformed metadata `;{text}`")).at(span, m)),
            }
        }
    }
    if let Some(b) = block {
        diags.push(
            Diagnostic::error(format!("metadata block `{}` is not closed", b.name))
                .at(b.loc.0, "expected a matching `;ARGEND:` line"),
        );
    }
    if let Some(s) = seg {
        diags.push(
            Diagnostic::error("data segment is not closed").at(s.loc.0, "expected `;#DATAEND`"),
        );
    }
    out
}

/// Version check and `;error:` / `;warning:` reporting.
fn finish_block(b: &KernelMetadata, diags: &mut Diagnostics) {
    for e in &b.entries {
        match e {
            MdEntry::Version { major, minor, .. } if *major > CURRENT_MAJOR => diags.push(
                Diagnostic::error(format!(
                    "metadata version {major}.{minor} of `{}` is newer than {CURRENT_MAJOR}.x",
                    b.name
                ))
                .at(
                    b.loc.0,
                    format!("this reader accepts major versions up to {CURRENT_MAJOR}"),
                ),
            ),
            MdEntry::Error(m) => diags.push(
                Diagnostic::error(format!(
                    "the compiler reported an error in `{}`: {m}",
                    b.name
                ))
                .at(b.loc.0, "in this metadata block"),
            ),
            MdEntry::Warning(m) => diags.push(
                Diagnostic::warning(format!(
                    "the compiler reported a warning in `{}`: {m}",
                    b.name
                ))
                .at(b.loc.0, "in this metadata block"),
            ),
            _ => {}
        }
    }
}

fn parse_datastart(rest: &str) -> Option<(Option<u32>, u32)> {
    let f: Vec<&str> = rest.strip_prefix(':')?.split(':').collect();
    match f.as_slice() {
        [size] => Some((None, size.parse().ok()?)),
        [cb, size] => Some((Some(cb.parse().ok()?), size.parse().ok()?)),
        _ => None,
    }
}

/// A data segment lives in a constant buffer (or, emulated, in global memory standing in
/// for one), so it holds at most [`CONSTANT_BUFFER_BYTES`]; its bytes are allocated from
/// this size.
fn datastart_limits(size: u32) -> Result<(), String> {
    at_most(
        "a data segment",
        size,
        CONSTANT_BUFFER_BYTES,
        "CONSTANT_BUFFER_BYTES",
    )
}

fn parse_row(rest: &str) -> Result<DataRow, String> {
    let f: Vec<&str> = rest.split(':').collect();
    if f.len() < 3 {
        return Err("expected `;#type:offset:count:values...`".into());
    }
    let offset = num(f[1], "offset")?;
    let count = num(f[2], "count")?;
    let vals = &f[3..];
    if vals.len() != count as usize {
        return Err(format!(
            "the row says {count} values but has {}",
            vals.len()
        ));
    }
    let mut values = Vec::with_capacity(vals.len());
    let mut upper = false;
    for v in vals {
        if v.is_empty() || v.len() > 16 || !v.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(format!("`{v}` is not a hexadecimal value"));
        }
        if v.bytes().any(|b| b.is_ascii_uppercase()) {
            upper = true;
        }
        values.push(u64::from_str_radix(v, 16).map_err(|e| e.to_string())?);
    }
    let row = DataRow {
        ty: f[0].to_string(),
        offset,
        count,
        values,
        upper,
    };
    if row.elem_size().is_none() {
        return Err(format!("unknown data type `{}`", f[0]));
    }
    Ok(row)
}

fn num(s: &str, what: &str) -> Result<u32, String> {
    s.parse::<u32>()
        .map_err(|_| format!("`{s}` is not a valid {what} (expected a decimal number)"))
}

fn dims(f: &[&str]) -> Result<[u32; 3], String> {
    if f.len() != 3 {
        return Err("expected three sizes `X:Y:Z`".into());
    }
    Ok([num(f[0], "size")?, num(f[1], "size")?, num(f[2], "size")?])
}

fn id_list(f: &[&str], key: &str) -> Result<Vec<u32>, String> {
    let n = num(f.first().copied().unwrap_or(""), "count")? as usize;
    if f.len() != n + 1 {
        return Err(format!("`;{key}:` says {n} ids but lists {}", f.len() - 1));
    }
    f[1..].iter().map(|s| num(s, "id")).collect()
}

fn need(f: &[&str], n: usize, shape: &str) -> Result<(), String> {
    if f.len() == n {
        Ok(())
    } else {
        Err(format!("expected {shape}"))
    }
}

/// Parse one metadata line (the text after `;`). Sizes and offsets are checked against
/// the limits of [`crate::device`]: whatever the runtime allocates from them is bounded.
pub fn parse_entry(text: &str) -> Result<MdEntry, String> {
    let e = parse_fields(text)?;
    check_limits(&e)?;
    Ok(e)
}

/// Bytes `offset .. offset + bytes` of a constant buffer must lie inside it.
fn in_constant_buffer(what: &str, offset: u32, bytes: u32) -> Result<(), String> {
    let limit = CONSTANT_BUFFER_BYTES;
    match offset.checked_add(bytes) {
        Some(end) if end <= limit => Ok(()),
        _ => Err(format!(
            "{what} at offset {offset} ({bytes} bytes) does not fit in a constant buffer of {limit} bytes (CONSTANT_BUFFER_BYTES)"
        )),
    }
}

fn at_most(what: &str, n: u32, limit: u32, name: &str) -> Result<(), String> {
    if n <= limit {
        Ok(())
    } else {
        Err(format!(
            "{what} of {n} bytes is over the limit of {limit} bytes ({name})"
        ))
    }
}

/// The bytes an argument occupies in its constant buffer, and the device limits of sizes.
fn check_limits(e: &MdEntry) -> Result<(), String> {
    match e {
        MdEntry::Value(v) => value_limits(v),
        MdEntry::LegacyArg(a) => match a.to_current() {
            MdEntry::Value(v) => value_limits(&v),
            MdEntry::Pointer(p) => in_constant_buffer("the pointer argument", p.offset, 4),
            _ => Ok(()),
        },
        MdEntry::Pointer(p) => in_constant_buffer("the pointer argument", p.offset, 4),
        MdEntry::Image(i) => in_constant_buffer("the image argument", i.offset, 32),
        MdEntry::Counter(c) => in_constant_buffer("the counter argument", c.offset, 4),
        MdEntry::Memory(m) => match m {
            Memory::Private(n) | Memory::HwPrivate(n) | Memory::UavPrivate(n) => at_most(
                "private memory per work-item",
                *n,
                PRIVATE_BYTES_PER_ITEM,
                "PRIVATE_BYTES_PER_ITEM",
            ),
            Memory::Local(n) | Memory::HwLocal(n) => at_most(
                "local memory per group",
                *n,
                MAX_LOCAL_BYTES,
                "the largest device's local memory",
            ),
            Memory::Region(n) | Memory::HwRegion(n) => {
                at_most("region (GDS) memory", *n, GDS_BYTES, "GDS_BYTES")
            }
            _ => Ok(()),
        },
        _ => Ok(()),
    }
}

fn value_limits(v: &ValueArg) -> Result<(), String> {
    let bytes = if v.ty == "struct" || v.ty == "union" {
        // The struct's size in bytes, in whole 16-byte slots.
        v.num.checked_next_multiple_of(16).unwrap_or(u32::MAX)
    } else {
        if !(1..=16).contains(&v.num) {
            return Err(format!(
                "a `{}` argument has 1 to 16 elements, not {}",
                v.ty, v.num
            ));
        }
        let es = crate::abi::type_size(&v.ty).unwrap_or(4).max(1);
        // Sub-dword vectors over 4 components start a new 16-byte slot every 4 of them.
        if es < 4 && v.num > 4 {
            16 * v.num.div_ceil(4)
        } else {
            v.num * es
        }
    };
    in_constant_buffer("the value argument", v.offset, bytes)
}

fn parse_fields(text: &str) -> Result<MdEntry, String> {
    let (key, rest) = match text.split_once(':') {
        Some((k, r)) => (k, Some(r)),
        None => (text, None),
    };
    // Free-text keys first: their message may contain `:`.
    match key {
        "error" => return Ok(MdEntry::Error(rest.unwrap_or("").to_string())),
        "warning" => return Ok(MdEntry::Warning(rest.unwrap_or("").to_string())),
        "device" => return Ok(MdEntry::Device(rest.unwrap_or("").to_string())),
        "vth" => return Ok(MdEntry::Vth(rest.unwrap_or("").to_string())),
        "limitgroupsize" if rest.is_none() => return Ok(MdEntry::LimitGroupSize),
        "printf_fmt" => return parse_printf(rest.unwrap_or("")).map(MdEntry::PrintfFmt),
        _ => {}
    }
    let f: Vec<&str> = rest.map(|r| r.split(':').collect()).unwrap_or_default();
    Ok(match key {
        "version" => {
            need(&f, 3, "`;version:major:minor:revision`")?;
            MdEntry::Version {
                major: num(f[0], "major version")?,
                minor: num(f[1], "minor version")?,
                revision: num(f[2], "revision")?,
            }
        }
        "uniqueid" => {
            need(&f, 1, "`;uniqueid:ID`")?;
            MdEntry::UniqueId(num(f[0], "id")?)
        }
        "memory" => MdEntry::Memory(match f.as_slice() {
            ["datareqd"] => Memory::DataReqd,
            ["compilerwrite"] => Memory::CompilerWrite,
            ["64bitABI"] => Memory::Abi64Bit,
            [space, size] => {
                let n = num(size, "size")?;
                match *space {
                    "private" => Memory::Private(n),
                    "hwprivate" => Memory::HwPrivate(n),
                    "uavprivate" => Memory::UavPrivate(n),
                    "local" => Memory::Local(n),
                    "hwlocal" => Memory::HwLocal(n),
                    "region" => Memory::Region(n),
                    "hwregion" => Memory::HwRegion(n),
                    _ => return Ok(MdEntry::Unknown(text.to_string())),
                }
            }
            _ => return Ok(MdEntry::Unknown(text.to_string())),
        }),
        "value" => {
            need(&f, 5, "`;value:name:type:numElems:cb:offset`")?;
            MdEntry::Value(ValueArg {
                name: f[0].to_string(),
                ty: data_type(f[1])?,
                num: num(f[2], "element count")?,
                cb: num(f[3], "constant buffer")?,
                offset: num(f[4], "offset")?,
            })
        }
        "pointer" => {
            if f.len() != 8 && f.len() != 11 {
                return Err("expected `;pointer:name:type:numElems:cb:offset:memtype:bufnum:align` (8 fields) or that plus `:RO|RW:volatile:restrict` (11 fields)".into());
            }
            let extra = if f.len() == 11 {
                Some((
                    f[8].to_string(),
                    num(f[9], "volatile flag")?,
                    num(f[10], "restrict flag")?,
                ))
            } else {
                None
            };
            MdEntry::Pointer(PointerArg {
                name: f[0].to_string(),
                ty: data_type(f[1])?,
                num: num(f[2], "element count")?,
                cb: num(f[3], "constant buffer")?,
                offset: num(f[4], "offset")?,
                mem: memory_type(f[5])?,
                buf: num(f[6], "buffer number")?,
                align: num(f[7], "alignment")?,
                extra,
            })
        }
        "image" => {
            need(&f, 6, "`;image:name:dim:access:id:cb:offset`")?;
            MdEntry::Image(ImageArg {
                name: f[0].to_string(),
                dim: f[1].to_string(),
                access: f[2].to_string(),
                id: num(f[3], "id")?,
                cb: num(f[4], "constant buffer")?,
                offset: num(f[5], "offset")?,
            })
        }
        "counter" => {
            need(&f, 5, "`;counter:name:bits:id:cb:offset`")?;
            MdEntry::Counter(CounterArg {
                name: f[0].to_string(),
                bits: num(f[1], "size in bits")?,
                id: num(f[2], "id")?,
                cb: num(f[3], "constant buffer")?,
                offset: num(f[4], "offset")?,
            })
        }
        "sampler" => {
            need(&f, 4, "`;sampler:name:id:location:value`")?;
            MdEntry::Sampler(SamplerArg {
                name: f[0].to_string(),
                id: num(f[1], "id")?,
                location: num(f[2], "location")?,
                value: num(f[3], "value")?,
            })
        }
        "function" => MdEntry::Function(id_list(&f, key)?),
        "intrinsic" => MdEntry::Intrinsic(id_list(&f, key)?),
        "cws" => MdEntry::Cws(dims(&f)?),
        "wsh" => MdEntry::Wsh(dims(&f)?),
        "lws" => {
            need(&f, 1, "`;lws:size`")?;
            MdEntry::Lws(num(f[0], "size")?)
        }
        "uavid" => {
            need(&f, 1, "`;uavid:ID`")?;
            MdEntry::UavId(num(f[0], "id")?)
        }
        "cbid" => {
            need(&f, 1, "`;cbid:ID`")?;
            MdEntry::CbId(num(f[0], "id")?)
        }
        "printfid" => {
            need(&f, 1, "`;printfid:ID`")?;
            MdEntry::PrintfId(num(f[0], "id")?)
        }
        "privateid" => {
            need(&f, 1, "`;privateid:ID`")?;
            MdEntry::PrivateId(num(f[0], "id")?)
        }
        "reflection" => {
            need(&f, 2, "`;reflection:index:type`")?;
            MdEntry::Reflection {
                index: num(f[0], "index")?,
                ty: f[1].to_string(),
            }
        }
        "ARG" => {
            if f.len() < 3 {
                return Err(
                    "expected `;ARG:func:name:pointer:...` or `;ARG:func:name:type:num:cb:offset`"
                        .into(),
                );
            }
            let (func, name) = (f[0].to_string(), f[1].to_string());
            let kind = if f[2] == "pointer" {
                need(
                    &f,
                    9,
                    "`;ARG:func:name:pointer:num:cb:offset:mem:buf:align`",
                )?;
                LegacyKind::Pointer {
                    num: num(f[3], "element count")?,
                    cb: num(f[4], "constant buffer")?,
                    offset: num(f[5], "offset")?,
                    mem: memory_type(f[6])?,
                    buf: num(f[7], "buffer number")?,
                    align: num(f[8], "alignment")?,
                }
            } else {
                need(&f, 6, "`;ARG:func:name:type:num:cb:offset`")?;
                LegacyKind::Value {
                    ty: data_type(f[2])?,
                    num: num(f[3], "element count")?,
                    cb: num(f[4], "constant buffer")?,
                    offset: num(f[5], "offset")?,
                }
            };
            MdEntry::LegacyArg(LegacyArg { func, name, kind })
        }
        "constarg" => {
            need(&f, 2, "`;constarg:index:name`")?;
            MdEntry::ConstArg {
                index: num(f[0], "index")?,
                name: f[1].to_string(),
            }
        }
        _ => MdEntry::Unknown(text.to_string()),
    })
}

fn parse_printf(rest: &str) -> Result<PrintfFmt, String> {
    // id:numArgs:size*numArgs:strLen:fmt;  -- the format itself may hold `:`.
    let mut it = rest.splitn(3, ':');
    let id = num(it.next().unwrap_or(""), "printf id")?;
    let n = num(it.next().unwrap_or(""), "argument count")? as usize;
    let mut tail = it
        .next()
        .ok_or("expected `;printf_fmt:id:numArgs:sizes...:strLen:fmt;`")?;
    if n > 1024 {
        return Err("too many printf arguments".into());
    }
    let mut sizes = Vec::with_capacity(n);
    for _ in 0..n {
        let (s, t) = tail.split_once(':').ok_or("missing printf argument size")?;
        sizes.push(num(s, "argument size")?);
        tail = t;
    }
    let (len, fmt) = tail.split_once(':').ok_or("missing printf format length")?;
    let len = num(len, "format length")? as usize;
    let raw = fmt
        .strip_suffix(';')
        .ok_or("a printf format must end with `;`")?;
    let decoded = unescape(raw).chars().count();
    if decoded != len {
        return Err(format!(
            "the format length says {len} but the decoded format has {decoded} characters"
        ));
    }
    Ok(PrintfFmt {
        id,
        arg_sizes: sizes,
        raw: raw.to_string(),
    })
}

/// A copy of the program without the `;DEBUGSTART` ... `;DEBUGEND` ranges (the
/// runtime strips them before handing IL to the lower-level compiler).
pub fn strip_debug(program: &Program) -> Program {
    let mut out = Program::default();
    let mut inside = false;
    for l in &program.lines {
        if let LineKind::Debug(_) = &l.kind {
            continue;
        }
        if let LineKind::Comment(c) = &l.kind {
            let c = c.trim_end();
            if c == "DEBUGSTART" {
                inside = true;
                continue;
            }
            if c == "DEBUGEND" {
                inside = false;
                continue;
            }
        }
        if !inside {
            out.lines.push(l.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addr_rows_are_placed_with_the_segment() {
        let seg = DataSegment {
            cb: None,
            size: 12,
            rows: vec![
                parse_row("i8:0:3:61:62:0").unwrap(),
                parse_row("addr:4:2:0:c").unwrap(),
            ],
            end_cb: None,
            loc: Loc::default(),
        };
        // At 0x100: the string's address 0x100, then one past the segment's end 0x10c.
        assert_eq!(
            seg.placed_bytes(0x100).unwrap(),
            [0x61, 0x62, 0, 0, 0, 1, 0, 0, 0x0c, 1, 0, 0]
        );
        assert_eq!(seg.bytes().unwrap()[4..], [0, 0, 0, 0, 0x0c, 0, 0, 0]);
        let past = DataSegment {
            rows: vec![parse_row("addr:0:1:d").unwrap()],
            ..seg.clone()
        };
        assert!(past
            .bytes()
            .unwrap_err()
            .contains("past the segment size 12"));
        assert!(seg
            .placed_bytes(u32::MAX - 4)
            .unwrap_err()
            .contains("past 32 bits"));
    }

    #[test]
    fn seed_printf_examples() {
        let e =
            parse_entry(r"printf_fmt:4:3:4:4:4:35:Bottom: %d Top: %d InitialSize: %d\n;").unwrap();
        let MdEntry::PrintfFmt(p) = &e else {
            panic!("{e:?}")
        };
        assert_eq!(p.id, 4);
        assert_eq!(p.arg_sizes, vec![4, 4, 4]);
        assert_eq!(p.format(), "Bottom: %d Top: %d InitialSize: %d\n");
        assert_eq!(
            e.to_string(),
            r"printf_fmt:4:3:4:4:4:35:Bottom: %d Top: %d InitialSize: %d\n;"
        );
        let e = parse_entry(r"printf_fmt:0:0:23:!---initizeWSDeque---!\n;").unwrap();
        let MdEntry::PrintfFmt(p) = &e else {
            panic!("{e:?}")
        };
        assert_eq!(p.format(), "!---initizeWSDeque---!\n");
        // A colon inside the format is part of the format.
        let e = parse_entry("printf_fmt:1:1:4:3:a:b;").unwrap();
        let MdEntry::PrintfFmt(p) = &e else {
            panic!("{e:?}")
        };
        assert_eq!(p.format(), "a:b");
    }

    #[test]
    fn pointer_forms_and_values() {
        let e = parse_entry("pointer:result:i32:1:1:0:uav:12:4").unwrap();
        let MdEntry::Pointer(p) = &e else {
            panic!("{e:?}")
        };
        assert_eq!(
            (p.name.as_str(), p.mem.as_str(), p.buf, p.align, p.offset),
            ("result", "uav", 12, 4, 0)
        );
        assert_eq!(p.extra, None);
        let e = parse_entry("pointer:l:float:1:1:32:hl:1:16:RO:1:0").unwrap();
        let MdEntry::Pointer(p) = &e else {
            panic!("{e:?}")
        };
        assert_eq!(p.extra, Some(("RO".to_string(), 1, 0)));
        assert_eq!(e.to_string(), "pointer:l:float:1:1:32:hl:1:16:RO:1:0");
        let e = parse_entry("value:x:float:1:1:16").unwrap();
        assert_eq!(
            e,
            MdEntry::Value(ValueArg {
                name: "x".into(),
                ty: "float".into(),
                num: 1,
                cb: 1,
                offset: 16
            })
        );
        assert!(parse_entry("pointer:p:i32:1:1:0:uav:1:4:RW").is_err());
    }

    #[test]
    fn legacy_arg_form_of_the_seed_examples() {
        let e = parse_entry("ARG:main:result:pointer:1:0:96:g:0:4").unwrap();
        assert_eq!(e.to_string(), "ARG:main:result:pointer:1:0:96:g:0:4");
        let MdEntry::LegacyArg(a) = &e else {
            panic!("{e:?}")
        };
        let MdEntry::Pointer(p) = a.to_current() else {
            panic!()
        };
        assert_eq!(
            (p.cb, p.offset, p.mem.as_str(), p.buf, p.align),
            (0, 96, "g", 0, 4)
        );
        let e = parse_entry("ARG:main:x:float:1:0:96").unwrap();
        let MdEntry::LegacyArg(a) = &e else {
            panic!("{e:?}")
        };
        assert_eq!(
            a.to_current(),
            MdEntry::Value(ValueArg {
                name: "x".into(),
                ty: "float".into(),
                num: 1,
                cb: 0,
                offset: 96
            })
        );
        assert!(parse_entry("ARG:main:x:pointer:1:0").is_err());
    }

    #[test]
    fn error_token_fails_the_build_with_its_message() {
        let text = ";ARGSTART:k\n;error:E042 no images here\n;ARGEND:k\n";
        let mut d = Diagnostics::new();
        let md = parse_metadata_str(text, FileId(0), &mut d);
        assert!(d.has_errors());
        assert!(d.iter().any(|x| x.message.contains("E042 no images here")));
        assert_eq!(md.kernels[0].errors(), vec!["E042 no images here"]);
    }

    #[test]
    fn minor_versions_are_accepted_major_is_checked() {
        for (v, ok) in [
            ("3:0:1", true),
            ("3:9:999", true),
            ("1:4:53", true),
            ("4:0:0", false),
        ] {
            let text = format!(";ARGSTART:k\n;version:{v}\n;ARGEND:k\n");
            let mut d = Diagnostics::new();
            parse_metadata_str(&text, FileId(0), &mut d);
            assert_eq!(!d.has_errors(), ok, "{v}");
        }
    }
}
