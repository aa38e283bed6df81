//! Kernel checks the interpreter can run beside the bounds checks it always does, and
//! what they find. A check that finds something does not stop the run: each distinct
//! finding is kept once with a count, so the outputs can still be read.

use std::fmt;

/// The environment variable through which the OpenCL platform (`libkauai_opencl.so`)
/// learns its checks, as a [`Checks::parse`] list: `kauai check` sets it for the
/// application it runs. Unset or empty: no checks beyond the bounds checks.
pub const CHECKS_VAR: &str = "KAUAI_CHECKS";

/// The environment variable naming a file to which the OpenCL platform appends each
/// finding's block (then a blank line), so that `kauai check` can count them after the
/// application exits. Findings also go to standard error.
pub const CHECK_LOG_VAR: &str = "KAUAI_CHECK_LOG";

/// Which checks a run does ([`crate::ExecOptions::checks`]). Any check makes the run
/// use the interpreter, on one thread (the shadow state needs no locking then).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Checks {
    /// Each private array bounds-checked on its own, with a gap after it that belongs
    /// to no array (the bounds of every buffer, `__local` variable and of private
    /// memory as a whole are checked on every run).
    pub memory: bool,
    /// Data races on `__global` and `__local` memory.
    pub races: bool,
    /// Uninitialized values deciding control flow, forming addresses or written to
    /// global memory ([`crate::uninit`]).
    pub uninit: bool,
    /// Asynchronous copies: every work-item of a group starts the same copies with the
    /// same arguments, and waits for them before it ends.
    pub async_copies: bool,
}

impl Checks {
    /// The check names a user may give: `memory` is always on (every access is
    /// bounds-checked), `all` is every check there is.
    pub const NAMES: &'static [&'static str] = &["memory", "races", "uninit", "async", "all"];

    /// Whether any check beyond the bounds checks is on.
    pub fn any(self) -> bool {
        self.memory || self.races || self.uninit || self.async_copies
    }

    /// Parse a comma-separated list (`races`, `uninit`, `all`, `memory`).
    pub fn parse(list: &str) -> Result<Checks, String> {
        let mut c = Checks::default();
        for name in list.split(',').map(str::trim) {
            match name {
                "memory" => c.memory = true,
                "races" => c.races = true,
                "uninit" => c.uninit = true,
                "async" => c.async_copies = true,
                "all" => {
                    c.memory = true;
                    c.races = true;
                    c.uninit = true;
                    c.async_copies = true;
                }
                _ => {
                    return Err(format!(
                        "unknown check `{name}` (checks: {})",
                        Checks::NAMES.join(", ")
                    ))
                }
            }
        }
        Ok(c)
    }
}

/// What a check found: a kind of race, or what an uninitialized value decided.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FindingKind {
    Race(RaceKind),
    Uninit(UninitKind),
    Async(AsyncKind),
    /// A bad access that did not stop the run (with checks on, a load reads zeros and
    /// a store or atomic does nothing, as in Oclgrind); `detail` says what it was.
    Fault,
}

/// Where an uninitialized value was used.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UninitKind {
    /// It decided a branch or a switch.
    Control,
    /// It formed the address of a load, store or atomic.
    Address,
    /// It was written to global memory.
    GlobalWrite,
}

/// What the async check found.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AsyncKind {
    /// The work-items of a group did not all start the same copy with the same
    /// arguments (some skipped it, or their arguments differ).
    Divergence,
    /// A work-item ended with a copy it never waited for.
    NotWaited,
    /// A `wait_group_events` named an event that no copy of the work-item still
    /// outstanding was made with (never made, already waited for, or 0).
    UnknownEvent,
}

/// The two kinds of data race, as Oclgrind names them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RaceKind {
    /// A read and a write (or an atomic and a plain access, one of them writing).
    ReadWrite,
    WriteWrite,
}

/// One party to a finding: a work-item and what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entity {
    pub global: [u64; 3],
    pub local: [u64; 3],
    pub group: [u64; 3],
    /// `load`, `store` or `atomic`.
    pub access: &'static str,
    /// The source line of the access, where it is known.
    pub at: Option<kauai_ir::SourcePos>,
}

/// What a check found (one distinct finding, however often it happened).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The check that found it (`races`, `uninit`).
    pub check: &'static str,
    pub kind: FindingKind,
    pub kernel: String,
    /// `global`, `local` or `private` (empty when no memory is involved).
    pub space: &'static str,
    /// The address as the interpreter's pointers give it (region and offset).
    pub address: u64,
    /// The memory: `__global buffer argument 0 `data``, `__local variable ...` (empty
    /// when no memory is involved).
    pub memory: String,
    /// Byte offset of the first byte concerned in that memory.
    pub offset: u64,
    /// A race's earlier access, or the work-item that used an uninitialized value.
    pub first: Entity,
    /// A race's later access.
    pub second: Option<Entity>,
    /// How often the same instruction found the same thing.
    pub count: u64,
    /// Kauai's own message, for a fault.
    pub detail: String,
}

impl Finding {
    /// The first line, in Oclgrind's wording.
    pub fn headline(&self) -> String {
        let race = |what: &str| {
            format!(
                "{what} data race at {} memory address 0x{:x}",
                self.space, self.address
            )
        };
        match self.kind {
            FindingKind::Race(RaceKind::ReadWrite) => race("Read-write"),
            FindingKind::Race(RaceKind::WriteWrite) => race("Write-write"),
            FindingKind::Uninit(UninitKind::Control) => {
                "Controlflow depends on uninitialized value".into()
            }
            FindingKind::Uninit(UninitKind::Address) => {
                "Memory address depends on uninitialized value".into()
            }
            FindingKind::Uninit(UninitKind::GlobalWrite) => format!(
                "Uninitialized value written to global memory address 0x{:x}",
                self.address
            ),
            FindingKind::Async(AsyncKind::Divergence) => {
                "Work-group divergence detected (async copy)".into()
            }
            FindingKind::Async(AsyncKind::NotWaited) => {
                "Async copy not waited for before the work-item ended".into()
            }
            FindingKind::Async(AsyncKind::UnknownEvent) => {
                "wait_group_events waits for an event no outstanding async copy made".into()
            }
            FindingKind::Fault => {
                fault_headline(&self.detail).unwrap_or_else(|| "Invalid memory access".into())
            }
        }
    }
}

impl fmt::Display for Entity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = |a: [u64; 3]| format!("({},{},{})", a[0], a[1], a[2]);
        write!(
            f,
            "Global{} Local{} Group{}",
            t(self.global),
            t(self.local),
            t(self.group),
        )?;
        if !self.access.is_empty() {
            write!(f, ": {}", self.access)?;
        }
        Ok(())
    }
}

/// The block Oclgrind prints for a race, with Kauai's detail lines.
impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.headline())?;
        writeln!(f, "    Kernel: {}", self.kernel)?;
        let times = if self.count == 1 { "" } else { "s" };
        if self.memory.is_empty() {
            writeln!(
                f,
                "    Check: {}; seen {} time{times}",
                self.check, self.count
            )?;
        } else {
            writeln!(
                f,
                "    Check: {}; {}, byte offset {}; seen {} time{times}",
                self.check, self.memory, self.offset, self.count,
            )?;
        }
        match &self.second {
            Some(second) => {
                write!(f, "    First entity:  {}", self.first)?;
                write_at(f, &self.first)?;
                write!(f, "\n    Second entity: {second}")?;
                write_at(f, second)?;
            }
            None => {
                write!(f, "    Entity: {}", self.first)?;
                write_at(f, &self.first)?;
            }
        }
        if !self.detail.is_empty() {
            write!(f, "\n    Kauai: {}", self.detail)?;
        }
        Ok(())
    }
}

/// Oclgrind's first line for a fault's message (`Invalid write of size 4 at global
/// memory address 0x...`), when the message is one of an access.
pub fn fault_headline(m: &str) -> Option<String> {
    let (what, rest) = m.split_once(' ')?;
    let access = match what {
        "load" | "atomic" => "read",
        "store" => "write",
        "misaligned" => return Some(format!("Misaligned {}", rest.split(':').next()?)),
        _ => return None,
    };
    let size: u64 = rest.strip_prefix("of ")?.split(' ').next()?.parse().ok()?;
    if rest.contains(" of read-only ") {
        return Some("Invalid write to read-only buffer".into());
    }
    if rest.contains(" of write-only ") {
        return Some("Invalid read from write-only buffer".into());
    }
    let address = m.rsplit("0x").next()?.trim_end_matches(')');
    u64::from_str_radix(address, 16).ok()?;
    let space = if m.contains("__local") || m.contains("local ") {
        "local"
    } else if m.contains("__constant") {
        "constant"
    } else if m.contains("private") {
        "private"
    } else {
        "global"
    };
    Some(format!(
        "Invalid {access} of size {size} at {space} memory address 0x{address}"
    ))
}

/// Oclgrind's lines for where an entity's access is in the source.
fn write_at(f: &mut fmt::Formatter<'_>, e: &Entity) -> fmt::Result {
    if let Some(p) = &e.at {
        write!(f, "\n    {}", at_line(p))?;
        if let Some(text) = &p.text {
            write!(f, "\n      {}", text.trim())?;
        }
    }
    Ok(())
}

/// `At line N (column C) of FILE:`, as Oclgrind introduces the source line of an error.
pub fn at_line(p: &kauai_ir::SourcePos) -> String {
    format!("At line {} (column {}) of {}:", p.line, p.col, p.file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fault_messages_map_to_oclgrind_headlines() {
        let h = |m: &str| fault_headline(m);
        assert_eq!(
            h("store of 4 bytes at offset 16 is out of bounds of __global buffer argument 0 `data` (16 bytes; address 0x100000010)").as_deref(),
            Some("Invalid write of size 4 at global memory address 0x100000010")
        );
        assert_eq!(
            h("load of 8 bytes 4 bytes before the start of __local buffer argument 1 `s` (16 bytes; address 0x2fffffffc)").as_deref(),
            Some("Invalid read of size 8 at local memory address 0x2fffffffc")
        );
        assert_eq!(
            h("store of 4 bytes through a null pointer (address 0x4)").as_deref(),
            Some("Invalid write of size 4 at global memory address 0x4")
        );
        assert_eq!(
            h("load of 4 bytes at offset 8 of write-only __global buffer argument 0 `out` (created CL_MEM_WRITE_ONLY)").as_deref(),
            Some("Invalid read from write-only buffer")
        );
        assert_eq!(h("reached `unreachable`"), None);
    }
}
