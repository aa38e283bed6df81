//! What `kauai sim` prints, in `oclgrind-kernel`'s layout: the dumps of `dump`
//! arguments (standard output) and error blocks (standard error), each block a blank
//! line, a first line in Oclgrind's wording, tab-indented detail lines and a line
//! holding one tab, as Oclgrind's logger frames them.

use std::fmt;

use kauai_host::Finding;
use kauai_printf::Value;

use super::{Dump, Elem};

/// The text of one dumped argument: `Argument 'NAME': N bytes`, then `  NAME[i] = V`
/// per element as C++ `cout` prints it (`%g` for floating point; with `hex`, `0x` and
/// the value zero-padded to two digits per byte, negative `char`s as 32-bit `int`s).
pub fn dump_text(name: &str, bytes: &[u8], dump: Dump) -> String {
    let mut out = format!("\nArgument '{name}': {} bytes\n", bytes.len());
    let n = dump.elem.size() as usize;
    for (i, b) in bytes.chunks_exact(n).enumerate() {
        out.push_str(&format!("  {name}[{i}] = {}\n", element(b, dump)));
    }
    out.push('\n');
    out
}

fn element(b: &[u8], dump: Dump) -> String {
    let mut w = [0u8; 8];
    w[..b.len()].copy_from_slice(b);
    let bits = u64::from_le_bytes(w);
    let width = b.len() * 2;
    let g = |v: f64| {
        kauai_printf::format(b"%g", &[Value::F64(v)])
            .map(|t| String::from_utf8_lossy(&t).into_owned())
            .unwrap_or_default()
    };
    let text = match dump.elem {
        Elem::Float => g(f32::from_bits(bits as u32) as f64),
        Elem::Double => g(f64::from_bits(bits)),
        // A `char` prints as the `int` it converts to (sign-extended in hex too).
        Elem::Char if dump.hex => format!("{:x}", bits as u8 as i8 as i32 as u32),
        Elem::Char => (bits as u8 as i8).to_string(),
        Elem::Short if !dump.hex => (bits as u16 as i16).to_string(),
        Elem::Int if !dump.hex => (bits as u32 as i32).to_string(),
        Elem::Long if !dump.hex => (bits as i64).to_string(),
        _ if dump.hex => format!("{bits:x}"),
        _ => bits.to_string(),
    };
    if dump.hex {
        // `setfill('0') << setw(2 * size)` pads on the left, before any sign.
        format!("0x{text:0>width$}")
    } else {
        text
    }
}

/// One error block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorBlock {
    /// The first line, in Oclgrind's wording for the class of error.
    pub headline: String,
    /// Detail lines (printed after a tab).
    pub details: Vec<String>,
}

impl fmt::Display for ErrorBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        writeln!(f, "{}", self.headline)?;
        for d in &self.details {
            writeln!(f, "\t{d}")?;
        }
        writeln!(f, "\t")
    }
}

/// The error blocks as printed, at most `max_errors` of them; past the limit Oclgrind's
/// own line says that further errors are suppressed (`--max-errors`), which scripts
/// may look for.
pub fn errors_text(blocks: &[ErrorBlock], max_errors: Option<u64>) -> String {
    let max = max_errors.map_or(usize::MAX, |m| usize::try_from(m).unwrap_or(usize::MAX));
    let mut out: String = blocks.iter().take(max).map(|b| b.to_string()).collect();
    if blocks.len() > max {
        out.push_str(&format!(
            "\nOclgrind: {max} errors generated - suppressing further errors\n"
        ));
    }
    out
}

/// Oclgrind's `Entity:` text of a work-item (the run has no global offset).
fn entity(global: [u64; 3], local_size: [u64; 3]) -> String {
    let l = |d: usize| global[d] % local_size[d].max(1);
    let g = |d: usize| global[d] / local_size[d].max(1);
    format!(
        "Global({},{},{}) Local({},{},{}) Group({},{},{})",
        global[0],
        global[1],
        global[2],
        l(0),
        l(1),
        l(2),
        g(0),
        g(1),
        g(2)
    )
}

/// The block of a fault of the host interpreter (its message as
/// `kauai_host::ExecError::Fault` words it): out-of-bounds and null accesses get
/// Oclgrind's `Invalid read/write of size N at SPACE memory address 0x...` (atomics
/// as reads, as Oclgrind checks their load first), writes to a read-only buffer its
/// `Invalid write to read-only buffer`; other faults are Kauai's own.
pub fn fault_block(
    kernel: &str,
    work_item: [u64; 3],
    message: &str,
    at: Option<&kauai_ir::SourcePos>,
    local_size: [u64; 3],
) -> ErrorBlock {
    let headline =
        kauai_host::checks::fault_headline(message).unwrap_or_else(|| message.to_string());
    let mut details = vec![
        format!("Kernel: {kernel}"),
        format!("Entity: {}", entity(work_item, local_size)),
    ];
    // Oclgrind's wording for the source line of an error.
    if let Some(p) = at {
        details.push(kauai_host::checks::at_line(p));
        if let Some(text) = &p.text {
            details.push(format!("  {}", text.trim()));
        }
    }
    details.push(format!("Kauai: {message}"));
    ErrorBlock { headline, details }
}

/// The block of a check's finding: its own first line (Oclgrind's wording) and the
/// check's detail lines.
pub fn finding_block(f: &Finding) -> ErrorBlock {
    let text = f.to_string();
    let mut lines = text.lines();
    let headline = lines.next().unwrap_or_default().to_string();
    ErrorBlock {
        headline,
        // The lines are indented by four; a source line by two more, as Oclgrind's.
        details: lines
            .map(|l| l.strip_prefix("    ").unwrap_or(l).to_string())
            .collect(),
    }
}

/// The block of barrier divergence, with Oclgrind's first line.
pub fn divergence_block(kernel: &str, message: &str) -> ErrorBlock {
    ErrorBlock {
        headline: "Work-group divergence detected (barrier)".into(),
        details: vec![format!("Kernel: {kernel}"), format!("Kauai: {message}")],
    }
}

/// What a launch printed and the error blocks it gives.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub printf: String,
    pub blocks: Vec<ErrorBlock>,
}

/// Run `kernel` on the NDRange of a `.sim` file (three dimensions, no offset), with
/// the `checks` (on the interpreter, where the checks are) and
/// the time limit `timeout`. A
/// fault or barrier divergence ends the run as an error block, as Oclgrind reports
/// them; any other failure (a limit, the time limit) is the caller's error.
pub fn launch(
    kernel: &crate::Kernel,
    global: [u64; 3],
    local: [u64; 3],
    checks: kauai_host::Checks,
    timeout: Option<std::time::Duration>,
) -> Result<Outcome, crate::RuntimeError> {
    use kauai_host::{ExecError, ExecOptions, Executor};
    let defaults = ExecOptions::default();
    let exec = ExecOptions {
        executor: if checks.any() {
            Executor::Interpreter
        } else {
            defaults.executor
        },
        checks,
        timeout,
        ..defaults
    };
    let nd = crate::NdRangeSpec {
        work_dim: 3,
        global_offset: None,
        global_size: global.to_vec(),
        local_size: Some(local.to_vec()),
    };
    let mut out = Outcome::default();
    if global.contains(&0) {
        // Oclgrind runs no work-item and goes on to the dumps.
        return Ok(out);
    }
    match crate::enqueue(kernel, &nd, &exec) {
        Ok(stats) => {
            out.printf = stats.printf;
            out.blocks.extend(stats.findings.iter().map(finding_block));
        }
        Err(crate::RuntimeError::Execution(ExecError::Fault {
            kernel,
            work_item,
            message,
            at,
            findings,
        })) => {
            // What the checks saw before the fault comes first, as it happened first.
            out.blocks.extend(findings.iter().map(finding_block));
            out.blocks.push(fault_block(
                &kernel,
                work_item,
                &message,
                at.as_deref(),
                local,
            ));
        }
        Err(crate::RuntimeError::Execution(ExecError::BarrierDivergence { kernel, message })) => {
            out.blocks.push(divergence_block(&kernel, &message))
        }
        Err(e) => return Err(e),
    }
    Ok(out)
}
