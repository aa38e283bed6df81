//! Faults: what stops a launch, as values that name the kernel, the work-item, the
//! instruction and the address. Nothing a kernel does panics the emulator.

use std::fmt;

use kauai_diag::Span;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FaultKind {
    OutOfBounds {
        space: String,
        address: i64,
        size: u64,
    },
    /// A global access not inside one placed [`crate::Region`]; `place` says which region
    /// it overran or which gap it fell into.
    OutsideRegions {
        space: String,
        address: i64,
        place: String,
    },
    /// An access inside an emulated ring ([`crate::Rings`]) but outside the slot of the
    /// work-item (group) that made it; `place` says whose slot it hit.
    OutsideSlot {
        space: String,
        address: i64,
        place: String,
    },
    Misaligned {
        space: String,
        address: i64,
        align: u32,
    },
    /// A typed UAV coordinate outside the bound image.
    OutOfImage {
        id: u32,
        dim: usize,
        coord: i64,
        size: u32,
    },
    /// An image read or write the bound image refuses (why, from the image).
    Image(String),
    OutOfFuel,
    /// The wall-clock limit ([`crate::Options::deadline`]) passed.
    Timeout,
    CallDepth,
    /// The work-items of a group did not all reach the same barrier: `first` and
    /// `other` are two that differ (one may have finished).
    BarrierDivergence {
        first: Waiter,
        other: Waiter,
    },
    Unsupported(String),
    /// The program cannot be prepared for execution (before any work-item runs).
    Load(String),
}

/// Where one work-item stopped, for [`FaultKind::BarrierDivergence`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiter {
    pub work_item: [u32; 3],
    /// The barrier instruction it waits at and where it is in the source; `None` when the
    /// work-item finished.
    pub barrier: Option<(String, Option<Span>)>,
}

impl Waiter {
    /// "work-item (0, 0, 0) reached the barrier `fence_threads_lds` at x.il:12:1" or
    /// "... finished"; locations come from `sources` when given.
    pub fn describe(&self, sources: Option<&kauai_diag::SourceMap>) -> String {
        let w = self.work_item;
        let who = format!("work-item ({}, {}, {})", w[0], w[1], w[2]);
        match &self.barrier {
            None => format!("{who} finished"),
            Some((inst, span)) => {
                let at = match (span, sources) {
                    (Some(s), Some(src)) if src.get(s.file).is_some() => {
                        format!(" at {}", src.location(*s))
                    }
                    _ => String::new(),
                };
                format!("{who} reached the barrier `{inst}`{at}")
            }
        }
    }
}

impl FaultKind {
    /// The fault as text, with source locations from `sources` where it has spans of
    /// its own (barrier divergence names two barriers).
    pub fn message(&self, sources: Option<&kauai_diag::SourceMap>) -> String {
        match self {
            FaultKind::BarrierDivergence { first, other } => format!(
                "{} while {}",
                other.describe(sources),
                first.describe(sources)
            ),
            k => k.to_string(),
        }
    }
}

/// A kernel failure: which kernel, which work-item (global id), which instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub kernel: String,
    pub work_item: Option<[u32; 3]>,
    pub instruction: Option<String>,
    /// Where the instruction is in its source file.
    pub span: Option<Span>,
    pub kind: FaultKind,
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FaultKind::OutOfBounds {
                space,
                address,
                size,
            } => write!(
                f,
                "{space} access at byte {address} is outside its {size} bytes"
            ),
            FaultKind::OutsideRegions {
                space,
                address,
                place,
            } => write!(f, "{space} access at byte {address} {place}"),
            FaultKind::OutsideSlot {
                space,
                address,
                place,
            } => write!(f, "{space} access at byte {address} {place}"),
            FaultKind::Misaligned {
                space,
                address,
                align,
            } => write!(
                f,
                "{space} access at byte {address} is not {align}-byte aligned"
            ),
            FaultKind::Image(m) => f.write_str(m),
            FaultKind::OutOfImage {
                id,
                dim,
                coord,
                size,
            } => write!(
                f,
                "typed UAV {id}: coordinate {coord} in dimension {dim} is outside its {size} elements"
            ),
            FaultKind::OutOfFuel => f.write_str("out of fuel (endless loop?)"),
            FaultKind::Timeout => f.write_str("stopped by the time limit"),
            FaultKind::CallDepth => f.write_str("call depth exceeds 1024"),
            FaultKind::BarrierDivergence { .. } => f.write_str(&self.message(None)),
            FaultKind::Unsupported(w) => write!(f, "not supported yet: {w}"),
            FaultKind::Load(w) => write!(f, "cannot load the program: {w}"),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "kernel `{}`", self.kernel)?;
        if let Some(w) = self.work_item {
            write!(f, ", work-item ({}, {}, {})", w[0], w[1], w[2])?;
        }
        if let Some(i) = &self.instruction {
            write!(f, ", at `{i}`")?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl std::error::Error for Fault {}

impl Fault {
    /// The fault as a diagnostic pointing at the faulting instruction's line (when the
    /// program came from a file in `sources`).
    pub fn render(&self, sources: &kauai_diag::SourceMap) -> String {
        let d = kauai_diag::Diagnostic::error(self.to_string());
        let d = match self.span {
            Some(span) => d.at(span, "this instruction faulted"),
            None => d,
        };
        d.render(sources)
    }
}
