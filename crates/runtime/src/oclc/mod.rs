//! The oclc command grammar (oneAPI Construction Kit's `oclc`), on Kauai's runtime.
//!
//! `kauai oclc [options] FILE.cl` takes oclc's options: `-cl-options '...'`, `-enqueue K`,
//! `-execute`, `-global g1[,g2[,g3]]`, `-local l1[,...]`, `-arg NAME,LIST` or
//! `-arg NAME:FILE`, `-print NAME[,OFFSET],COUNT[:FILE]`, `-compare NAME,LIST` or
//! `-compare NAME:FILE`, `-ulp-error N`, `-char-error N`, `-seed N`,
//! `-repeat-execution N` (with `{..},{..}` giving per-run values), `-o FILE`, `-stage S`.
//! Kauai adds `-arg NAME@FILE` (raw bytes), `-arg NAME,null` (a null buffer), `-write
//! NAME:FILE` (a buffer's raw bytes after the run), struct arguments (see [`structs`]),
//! `-device NAME` (also `--device`; `host` or `kauai:<mcpu>`) and
//! `-timeout SECONDS`, image and sampler arguments (see [`images`]). The file may also be an AMD IL program (`FILE.il`, with its
//! compiler metadata): it runs on a `kauai:<mcpu>` device, by default
//! [`DEFAULT_IL_DEVICE`](crate::DEFAULT_IL_DEVICE); or Kauai IR text (`FILE.ir`, what
//! `kauai build --emit ir|finalized` writes), built for the device like OpenCL C.
//!
//! Value lists are parsed once and held against the buffer they describe before they
//! are expanded, straight into the element type (see [`values`]); every size computed
//! from the command is checked against the device's [`limits`](crate::limits) before
//! anything is allocated. Prints into the same file are all written, in order.
//!
//! Output lines are oclc's: `dst,13,24,35,96.6` for a print, `dst - match` for a compare.

pub mod images;
pub mod structs;
pub mod values;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use kauai_compiler::ArgKind;
use kauai_host::{Buffer, Checks, ExecOptions, Finding};

use crate::{enqueue, Device, Kernel, KernelArg, NdRangeSpec, Program, RuntimeError, SourceFile};
use kauai_ir::ClScalar;
use structs::{ArgStruct, StructLayout};
use values::{parse_list, scalar_of_type_name, List, Num, Rng, Value, ValueBytes};

/// Where a list comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum ListSource {
    Inline(String),
    File(PathBuf),
    /// A file's raw bytes (`-arg NAME@FILE`): the buffer's contents, or a value's bytes.
    Raw(PathBuf),
}

#[derive(Clone, Debug, PartialEq)]
pub struct PrintSpec {
    pub name: String,
    pub offset: usize,
    /// `None`: the whole buffer from the offset.
    pub count: Option<usize>,
    pub file: Option<PathBuf>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Output {
    Print(PrintSpec),
    Compare {
        name: String,
        list: ListSource,
    },
    /// `-write NAME:FILE`: the buffer's raw bytes after the run.
    Write {
        name: String,
        file: PathBuf,
    },
}

impl Output {
    /// The buffer the output reads.
    pub fn name(&self) -> &str {
        match self {
            Output::Print(p) => &p.name,
            Output::Compare { name, .. } | Output::Write { name, .. } => name,
        }
    }
}

/// A parsed oclc command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Command {
    pub files: Vec<PathBuf>,
    pub cl_options: String,
    pub kernel: Option<String>,
    pub execute: bool,
    /// One entry per run (`-repeat-execution`), or one for all runs.
    pub global: Vec<Vec<u64>>,
    pub local: Vec<Vec<u64>>,
    /// `(name, one source per run or one for all)`.
    pub args: Vec<(String, Vec<ListSource>)>,
    pub outputs: Vec<Output>,
    pub ulp_error: u64,
    pub char_error: u64,
    pub seed: u64,
    pub repeat: usize,
    pub output_file: Option<PathBuf>,
    pub stage: Option<String>,
    /// `None`: `host` for OpenCL C, [`crate::DEFAULT_IL_DEVICE`] for an IL program.
    pub device: Option<String>,
    pub timeout: Option<Duration>,
    /// Checks on the host interpreter (`-check races|all`); none by default.
    pub checks: Checks,
    /// Whose option spellings messages use.
    pub dialect: Dialect,
}

/// The command line a [`Command`] came from, so that messages quote the options as the
/// user typed them: `-arg a,1` for `kauai oclc`, `--arg a=1` for `kauai run`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Dialect {
    #[default]
    Oclc,
    Kauai,
}

impl Dialect {
    /// The option `name` (`arg`, `print`, `compare`) as this dialect spells it.
    pub fn flag(self, name: &str) -> String {
        match self {
            Dialect::Oclc => format!("-{name}"),
            Dialect::Kauai => format!("--{name}"),
        }
    }

    /// `-arg a,LIST` / `--arg a=LIST`, or the file forms `-arg a:FILE` / `--arg a=@FILE`
    /// and `-arg a@FILE` / `--arg a=raw:FILE`.
    pub fn option_text(self, flag: &str, name: &str, src: &ListSource) -> String {
        // A long list is quoted by its start: the message is about its beginning or
        // its length, and a 64 MiB list would drown it.
        let short;
        let src = match src {
            ListSource::Inline(t) if t.len() > 80 => {
                let mut end = 60;
                while !t.is_char_boundary(end) {
                    end -= 1;
                }
                short = ListSource::Inline(format!("{}...", &t[..end]));
                &short
            }
            other => other,
        };
        match (self, src) {
            (Dialect::Oclc, ListSource::Inline(t)) => format!("-{flag} {name},{t}"),
            (Dialect::Oclc, ListSource::File(f)) => format!("-{flag} {name}:{}", f.display()),
            (Dialect::Kauai, ListSource::Inline(t)) => format!("--{flag} {name}={t}"),
            (Dialect::Kauai, ListSource::File(f)) => format!("--{flag} {name}=@{}", f.display()),
            (Dialect::Oclc, ListSource::Raw(f)) => format!("-{flag} {name}@{}", f.display()),
            (Dialect::Kauai, ListSource::Raw(f)) => format!("--{flag} {name}=raw:{}", f.display()),
        }
    }
}

/// What a run did besides its output lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Every `-compare` matched.
    pub all_match: bool,
    /// Things the user should know that are not errors (dropped printf output).
    pub warnings: Vec<String>,
    /// Building the program (compile and finalize, or reading the IL).
    pub compile_time: Duration,
    /// Running the kernel, all runs together (without the JIT's compile time).
    pub run_time: Duration,
    /// The host JIT compiling the kernel (on its first run).
    pub jit_time: Duration,
    /// Who ran the kernel (`jit, ...`, `interpreter (why)`, `IL emulator`), from the
    /// last run.
    pub executor: String,
    /// Instructions executed, all runs together (IR instructions on the host, IL
    /// instructions on the kauai devices).
    pub instructions: u64,
    pub work_groups: u64,
    pub runs: usize,
    /// What the checks found, all runs together, each distinct finding once per run.
    pub findings: Vec<Finding>,
    /// Distinct findings beyond the ones kept (only counted).
    pub findings_dropped: u64,
}

/// A problem with the command or its run; `Display` is the message for the user.
#[derive(Debug, thiserror::Error)]
pub enum OclcError {
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Runtime(#[from] RuntimeError),
    #[error("{0}")]
    Io(String),
    /// A value the command gives cannot be used: a list that does not parse or fit
    /// its argument, a size beyond the device's limits.
    #[error("{0}")]
    Value(String),
}

fn value_err(m: impl Into<String>) -> OclcError {
    OclcError::Value(m.into())
}

fn usage(m: impl Into<String>) -> OclcError {
    OclcError::Usage(m.into())
}

/// Split `{a},{b}` into per-run parts; a plain value is one part.
fn per_run(s: &str) -> Vec<String> {
    let t = s.trim();
    if !t.starts_with('{') {
        return vec![t.to_string()];
    }
    let mut parts = Vec::new();
    let mut depth = 0;
    let mut cur = String::new();
    for c in t.chars() {
        match c {
            '{' => {
                if depth > 0 {
                    cur.push(c);
                }
                depth += 1;
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    parts.push(std::mem::take(&mut cur));
                } else {
                    cur.push(c);
                }
            }
            ',' if depth == 0 => {}
            c => cur.push(c),
        }
    }
    parts
}

fn parse_sizes(s: &str, what: &str) -> Result<Vec<Vec<u64>>, OclcError> {
    per_run(s)
        .iter()
        .map(|p| {
            let v: Result<Vec<u64>, _> = p.split(',').map(|x| x.trim().parse::<u64>()).collect();
            match v {
                Ok(v) if (1..=3).contains(&v.len()) => Ok(v),
                _ => Err(usage(format!(
                    "-{what} takes 1 to 3 whole numbers, got `{p}`"
                ))),
            }
        })
        .collect()
}

impl Command {
    /// Parse oclc's arguments (without the program name).
    pub fn parse(args: &[String]) -> Result<Command, OclcError> {
        let mut c = Command {
            files: Vec::new(),
            cl_options: String::new(),
            kernel: None,
            execute: false,
            global: Vec::new(),
            local: Vec::new(),
            args: Vec::new(),
            outputs: Vec::new(),
            ulp_error: 0,
            char_error: 0,
            seed: Rng::DEFAULT_SEED,
            repeat: 1,
            output_file: None,
            stage: None,
            device: None,
            timeout: None,
            checks: Checks::default(),
            dialect: Dialect::Oclc,
        };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut value = |flag: &str| {
                it.next()
                    .cloned()
                    .ok_or_else(|| usage(format!("`{flag}` needs a value")))
            };
            let num = |s: String, flag: &str| {
                s.trim()
                    .parse::<u64>()
                    .map_err(|_| usage(format!("`{flag}` takes a whole number, got `{s}`")))
            };
            match a.as_str() {
                "-cl-options" => c.cl_options = value(a)?,
                "-enqueue" => c.kernel = Some(value(a)?),
                "-execute" => c.execute = true,
                "-global" => c.global = parse_sizes(&value(a)?, "global")?,
                "-local" => c.local = parse_sizes(&value(a)?, "local")?,
                "-seed" => c.seed = num(value(a)?, a)?,
                "-repeat-execution" => c.repeat = num(value(a)?, a)?.max(1) as usize,
                "-ulp-error" => c.ulp_error = num(value(a)?, a)?,
                "-char-error" => c.char_error = num(value(a)?, a)?,
                "-o" => c.output_file = Some(value(a)?.into()),
                "-stage" => c.stage = Some(value(a)?),
                "-device" | "--device" => c.device = Some(value(a)?),
                "-check" => {
                    let v = value(a)?;
                    c.checks = Checks::parse(&v).map_err(|e| usage(format!("-check {v}: {e}")))?;
                }
                "-timeout" => {
                    let s = value(a)?;
                    let secs: f64 = s
                        .parse()
                        .map_err(|_| usage(format!("`-timeout` takes seconds, got `{s}`")))?;
                    c.timeout = Some(
                        crate::limits::timeout_from_secs(secs)
                            .map_err(|e| value_err(format!("-timeout {s}: {e}")))?,
                    );
                }
                "-arg" => {
                    let v = value(a)?;
                    let (name, src) = split_name(&v, "-arg")?;
                    c.args.push((name, src));
                }
                "-write" => {
                    let v = value(a)?;
                    match v.split_once(':') {
                        Some((name, file)) if !name.trim().is_empty() && !file.is_empty() => {
                            c.outputs.push(Output::Write {
                                name: name.trim().to_string(),
                                file: file.into(),
                            })
                        }
                        _ => return Err(usage(format!("-write takes NAME:FILE, got `{v}`"))),
                    }
                }
                "-compare" => {
                    let v = value(a)?;
                    let (name, mut src) = split_name(&v, "-compare")?;
                    c.outputs.push(Output::Compare {
                        name,
                        list: src.remove(0),
                    });
                }
                "-print" => {
                    let v = value(a)?;
                    let (spec, file) = match v.split_once(':') {
                        Some((s, f)) => (s.to_string(), Some(PathBuf::from(f))),
                        None => (v.clone(), None),
                    };
                    let parts: Vec<&str> = spec.split(',').collect();
                    let parse = |s: &str| {
                        s.trim().parse::<usize>().map_err(|_| {
                            usage(format!(
                                "-print {v}: `{s}` is not a whole number up to {}",
                                usize::MAX
                            ))
                        })
                    };
                    let (name, offset, count) = match parts.as_slice() {
                        [n, count] => (n.to_string(), 0, Some(parse(count)?)),
                        [n, off, count] => (n.to_string(), parse(off)?, Some(parse(count)?)),
                        _ => {
                            return Err(usage(format!(
                                "-print takes NAME[,OFFSET],COUNT, got `{v}`"
                            )))
                        }
                    };
                    c.outputs.push(Output::Print(PrintSpec {
                        name,
                        offset,
                        count,
                        file,
                    }));
                }
                s if s.starts_with('-') && s.len() > 1 => {
                    return Err(usage(format!("unknown oclc option `{s}`")))
                }
                f => c.files.push(f.into()),
            }
        }
        if c.files.is_empty() {
            return Err(usage("no OpenCL C or IL file given"));
        }
        if c.execute && c.kernel.is_none() {
            return Err(usage("`-execute` needs `-enqueue KERNEL`"));
        }
        if c.execute && c.global.is_empty() {
            return Err(usage("`-execute` needs `-global`"));
        }
        if c.output_file.is_some() && c.stage.is_none() {
            return Err(usage(
                "`-o` writes the output of `-stage` (finalized or il); without `-stage` there is nothing to write",
            ));
        }
        Ok(c)
    }
}

fn split_name(v: &str, flag: &str) -> Result<(String, Vec<ListSource>), OclcError> {
    // NAME:FILE, NAME@FILE (raw bytes) or NAME,LIST (the list may hold per-run `{...}`
    // parts): whichever separator comes first.
    let comma = v.find(',');
    let colon = v.find(':');
    if let Some(at) = v.find('@') {
        if comma.is_none_or(|c| at < c) && colon.is_none_or(|c| at < c) {
            let (name, file) = (v[..at].trim(), &v[at + 1..]);
            if name.is_empty() || file.is_empty() {
                return Err(usage(format!("{flag} takes NAME@FILE, got `{v}`")));
            }
            return Ok((name.to_string(), vec![ListSource::Raw(PathBuf::from(file))]));
        }
    }
    match (comma, colon) {
        (_, Some(ci)) if comma.is_none_or(|c| ci < c) => Ok((
            v[..ci].to_string(),
            vec![ListSource::File(PathBuf::from(&v[ci + 1..]))],
        )),
        (Some(c), _) => {
            let name = v[..c].trim().to_string();
            let parts = per_run(&v[c + 1..]);
            if name.is_empty() || parts.is_empty() {
                return Err(usage(format!("{flag} takes NAME,LIST, got `{v}`")));
            }
            Ok((name, parts.into_iter().map(ListSource::Inline).collect()))
        }
        _ => Err(usage(format!(
            "{flag} takes NAME,LIST, NAME:FILE or NAME@FILE, got `{v}`"
        ))),
    }
}

/// How a buffer or value argument is read and printed.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Layout {
    pub(crate) elem: ClScalar,
    pub(crate) lanes: usize,
}

pub(crate) fn layout_of(type_name: &str) -> Option<Layout> {
    // A counter's initial and final value is one `uint`, given and printed like a
    // one-element buffer.
    if type_name == kauai_ir::meta::COUNTER32_TYPE {
        return layout_of("uint");
    }
    let t = type_name
        .trim()
        .trim_end_matches('*')
        .trim()
        .trim_start_matches("const ")
        .trim();
    let digits = t.chars().rev().take_while(|c| c.is_ascii_digit()).count();
    let (base, n) = t.split_at(t.len() - digits);
    let lanes = if n.is_empty() { 1 } else { n.parse().ok()? };
    Some(Layout {
        elem: scalar_of_type_name(base)?,
        lanes,
    })
}

/// Read and parse a list (nothing is expanded yet). `what` is the option as the user
/// wrote it, for messages.
fn read_list(src: &ListSource, base: &Path, what: &str) -> Result<List, OclcError> {
    match src {
        ListSource::Raw(_) => Err(usage(format!(
            "{what}: raw bytes are not a list of values (give NAME,LIST or NAME:FILE)"
        ))),
        ListSource::Inline(s) => parse_list(s).map_err(|e| value_err(format!("{what}: {e}"))),
        ListSource::File(f) => {
            let path = if f.is_relative() {
                base.join(f)
            } else {
                f.clone()
            };
            let bytes = kauai_diag::files::read_input(&path)
                .map_err(|e| OclcError::Io(format!("{what}: {e}")))?;
            let text = String::from_utf8_lossy(&bytes);
            let joined: Vec<&str> = text
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .collect();
            parse_list(&joined.join(","))
                .map_err(|e| value_err(format!("{what}: {}: {e}", path.display())))
        }
    }
}

/// The most scalars a buffer of `layout` may hold within `max_bytes` (a 3-vector takes
/// the room of four lanes).
fn max_scalars(max_bytes: u64, layout: Layout) -> u64 {
    let elems = max_bytes / layout.elem.size() as u64;
    if layout.lanes == 3 {
        elems / 4 * 3
    } else {
        elems
    }
}

/// Run a parsed command. Output lines go to `out`; the report says whether every
/// `-compare` matched, with warnings and timings. Relative files in the command are read
/// from and written to `base`.
pub fn run(cmd: &Command, base: &Path, out: &mut String) -> Result<Report, OclcError> {
    let mut report = Report {
        all_match: true,
        ..Report::default()
    };
    let d = cmd.dialect;
    let il = cmd
        .files
        .iter()
        .any(|f| crate::is_il_source(&f.display().to_string()));
    let device_name =
        cmd.device
            .as_deref()
            .unwrap_or(if il { crate::DEFAULT_IL_DEVICE } else { "host" });
    let device = Device::by_name(device_name).ok_or_else(|| {
        usage(format!(
            "unknown device `{device_name}` (devices: {})",
            Device::names().join(", ")
        ))
    })?;
    let in_base = |f: &Path| {
        if f.is_relative() {
            base.join(f)
        } else {
            f.to_path_buf()
        }
    };
    let mut sources = Vec::new();
    for f in &cmd.files {
        let bytes =
            kauai_diag::files::read_input(&in_base(f)).map_err(|e| OclcError::Io(e.to_string()))?;
        sources.push(SourceFile {
            name: f.display().to_string(),
            bytes,
        });
    }
    let started = Instant::now();
    let program = if il {
        if sources.len() != 1 {
            return Err(usage(
                "an IL program is one file; it cannot be combined with other files",
            ));
        }
        if !cmd.cl_options.trim().is_empty() {
            return Err(usage(
                "-cl-options do not apply to an IL program (it is already compiled)",
            ));
        }
        Program::from_il(&device, &sources[0])?
    } else if sources.iter().any(|s| crate::is_spirv_source(&s.bytes)) {
        let [spv] = sources.as_slice() else {
            return Err(usage(
                "a SPIR-V module is one file; it cannot be combined with other files",
            ));
        };
        Program::from_spirv(&device, spv, &cmd.cl_options)?
    } else if cmd
        .files
        .iter()
        .any(|f| crate::is_ir_source(&f.display().to_string()))
    {
        let [ir] = sources.as_slice() else {
            return Err(usage(
                "an IR module is one file; it cannot be combined with other files",
            ));
        };
        if !cmd.cl_options.trim().is_empty() {
            return Err(usage(
                "-cl-options do not apply to an IR module (it is already compiled)",
            ));
        }
        Program::from_ir(&device, crate::parse_ir(ir)?)?
    } else {
        Program::build(&device, &sources, &cmd.cl_options)?
    };
    report.compile_time = started.elapsed();
    if let Some(stage) = &cmd.stage {
        let text = match (stage.as_str(), program.finalized_ir(), program.il_text()) {
            ("finalized", Some(ir), _) => kauai_ir::module_to_string(ir),
            ("il", _, Some(il)) => il.to_string(),
            _ => {
                return Err(usage(format!(
                    "unknown stage `{stage}` for {} (stages: {})",
                    device.name(),
                    if program.il_text().is_some() {
                        "il"
                    } else {
                        "finalized"
                    }
                )))
            }
        };
        match &cmd.output_file {
            Some(f) => kauai_diag::files::write_output(&in_base(f), text.as_bytes())
                .map_err(|e| OclcError::Io(e.to_string()))?,
            None => out.push_str(&text),
        }
    }
    let Some(kname) = &cmd.kernel else {
        return Ok(report);
    };
    let mut kernel = Kernel::new(&program, kname)?;
    if !cmd.execute {
        return Ok(report);
    }
    let limits = device.limits();
    let defaults = ExecOptions::default();
    if cmd.checks.any() && !matches!(device.executor, crate::device::Executor::Host) {
        return Err(usage(format!(
            "{}: the checks run on the host device's interpreter, not on {}",
            d.flag("check"),
            device.name()
        )));
    }
    // The checks are the interpreter's: it runs the kernel whenever one is on, even on
    // `host:jit`.
    let executor = match device.host_executor {
        _ if cmd.checks.any() => kauai_host::Executor::Interpreter,
        Some(e) => e,
        None => defaults.executor,
    };
    let exec = ExecOptions {
        timeout: cmd.timeout,
        executor,
        checks: cmd.checks,
        ..defaults
    };
    let args = kernel.info.args.clone();
    let buffer_names = || {
        args.iter()
            .filter(|a| matches!(a.kind, ArgKind::Buffer(_)))
            .map(|a| a.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    // Names that are not arguments first: a misspelt name would otherwise be reported
    // as the argument it was meant for being missing.
    for (name, srcs) in &cmd.args {
        if let Err(e) = kernel.arg_index(name) {
            let what = match srcs.first() {
                Some(src) => d.option_text("arg", name, src),
                None => format!("{} {name}", d.flag("arg")),
            };
            return Err(usage(format!("{what}: {e}")));
        }
    }
    for o in &cmd.outputs {
        let (flag, name) = match o {
            Output::Print(p) => ("print", &p.name),
            Output::Compare { name, .. } => ("compare", name),
            Output::Write { name, .. } => ("write", name),
        };
        let is_buffer = args
            .iter()
            .any(|a| a.name == *name && matches!(a.kind, ArgKind::Buffer(_)));
        if !is_buffer {
            return Err(usage(format!(
                "{} {name}: `{name}` is not a buffer argument of `{kname}` (buffers: {})",
                d.flag(flag),
                buffer_names()
            )));
        }
    }
    for a in &args {
        let named = cmd.args.iter().any(|(n, _)| *n == a.name)
            || cmd.outputs.iter().any(|o| o.name() == a.name);
        if !named {
            return Err(usage(format!(
                "kernel argument `{}` of `{kname}` is not given: give it a value with {} or name it in {} or {}",
                a.name,
                d.flag("arg"),
                d.flag("print"),
                d.flag("compare")
            )));
        }
    }
    let mut rng = Rng::new(cmd.seed);
    let structs = program.arg_structs(kname);
    // Prints and raw writes into files, in order; a file named twice gets both.
    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    for run_index in 0..cmd.repeat {
        let pick = |v: &Vec<Vec<u64>>| v.get(run_index).or(v.last()).cloned();
        let global = pick(&cmd.global).unwrap_or_default();
        let work_items = crate::limits::global_work_items(&device, &global)
            .map_err(|e| value_err(format!("{}: {e}", d.flag("global"))))?;
        let mut buffers: Vec<(String, Option<Arc<Buffer>>, Result<Shape, String>)> = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let src = cmd
                .args
                .iter()
                .find(|(n, _)| *n == a.name)
                .and_then(|(_, s)| s.get(run_index).or(s.last()).cloned());
            let what = match &src {
                Some(src) => d.option_text("arg", &a.name, src),
                None => format!("argument `{}`", a.name),
            };
            let bad = |m: String| value_err(format!("{what}: {m}"));
            if a.kind == ArgKind::Buffer(kauai_ir::AddrSpace::Image) {
                let ty = kauai_ir::image::ImageType::from_cl_name(&a.type_name)
                    .ok_or_else(|| bad(format!("`{}` is not an image type", a.type_name)))?;
                let Some(ListSource::Inline(t)) = &src else {
                    return Err(bad(format!(
                        "not supported yet: an image argument from a file or raw bytes; give it inline: {} {},{}(ORDER,CHANNEL_TYPE,SIZES)[,LIST]",
                        d.flag("arg"),
                        a.name,
                        a.type_name.trim_end_matches("_t")
                    )));
                };
                let img =
                    images::make_image(t, ty, &mut rng, limits.max_buffer_bytes).map_err(&bad)?;
                // Prints, compares and raw writes see the stored channels, one
                // value each, as the list gave them.
                let layout = Layout {
                    elem: images::channel_scalar(img.format.ty),
                    lanes: 1,
                };
                let buf = img.buf.clone();
                kernel.set_arg(i, KernelArg::Image(Arc::new(img)))?;
                buffers.push((a.name.clone(), Some(buf), Ok(Shape::Plain(layout))));
                continue;
            }
            if a.type_name == "sampler_t" && matches!(a.kind, ArgKind::Value(_)) {
                let Some(ListSource::Inline(t)) = &src else {
                    return Err(bad(format!(
                        "a sampler argument is given inline: {} {},CL_FALSE,CL_ADDRESS_CLAMP,CL_FILTER_NEAREST",
                        d.flag("arg"),
                        a.name
                    )));
                };
                let bits = images::sampler_bits(t).map_err(&bad)?;
                kernel.set_arg(i, KernelArg::Bytes(bits.to_le_bytes().to_vec()))?;
                continue;
            }
            match &a.kind {
                ArgKind::Buffer(_) => {
                    let shape = match (layout_of(&a.type_name), structs.get(i)) {
                        (Some(l), _) => Ok(Shape::Plain(l)),
                        (None, Some(ArgStruct::Layout(s))) => Ok(Shape::Struct(s.clone())),
                        (None, Some(ArgStruct::Unknown(why))) => Err(why.clone()),
                        _ => Err(format!(
                            "not supported yet: buffers of `{}` as value lists in oclc",
                            a.type_name
                        )),
                    };
                    if let Some(ListSource::Inline(t)) = &src {
                        if t.trim() == "null" {
                            kernel.set_arg(i, KernelArg::Bytes(vec![0; a.size as usize]))?;
                            buffers.push((a.name.clone(), None, shape));
                            continue;
                        }
                    }
                    if let Some(ListSource::Raw(f)) = &src {
                        let bytes = read_raw(f, base, &what, limits.max_buffer_bytes)?;
                        let buf = Arc::new(Buffer::from_bytes(&bytes));
                        kernel.set_arg(i, KernelArg::Buffer(buf.clone()))?;
                        buffers.push((a.name.clone(), Some(buf), shape));
                        continue;
                    }
                    let shape = shape.map_err(&bad)?;
                    let max = shape.max_values(limits.max_buffer_bytes);
                    let too_big = |n: u64, why: &str| {
                        if shape.per_element() == 0 {
                            return bad(format!(
                                "`{}` has no fields to hold {n} values ({why}); give the buffer as raw bytes",
                                shape.type_text()
                            ));
                        }
                        bad(format!(
                            "{n} values of `{}` ({why}) exceed the maximum buffer size of {}, {} bytes ({})",
                            shape.type_text(),
                            device.name(),
                            limits.max_buffer_bytes,
                            limits.buffer_name
                        ))
                    };
                    let bytes = match &src {
                        Some(src) => {
                            let list = read_list(src, base, &what)?;
                            let n = list.len().map_err(&bad)?;
                            if n > max {
                                return Err(too_big(n, "the values given"));
                            }
                            shape.encode(&list, &mut rng, max).map_err(&bad)?
                        }
                        None => {
                            // An output-only buffer holds what its prints and compares
                            // read; with no count anywhere, one element per work-item.
                            let mut scalars = None::<u64>;
                            for o in &cmd.outputs {
                                let (n, why) = match o {
                                    Output::Print(PrintSpec {
                                        name,
                                        offset,
                                        count: Some(count),
                                        ..
                                    }) if *name == a.name => {
                                        let n = (*offset as u64).checked_add(*count as u64);
                                        (n.unwrap_or(u64::MAX), d.flag("print"))
                                    }
                                    Output::Compare { name, list } if *name == a.name => {
                                        let what = d.option_text("compare", name, list);
                                        let n =
                                            read_list(list, base, &what)?.len().unwrap_or(u64::MAX);
                                        (n, d.flag("compare"))
                                    }
                                    _ => continue,
                                };
                                if n > max {
                                    return Err(too_big(n, &format!("asked for by {why}")));
                                }
                                scalars = Some(scalars.unwrap_or(0).max(n));
                            }
                            let n = match scalars {
                                Some(n) => n,
                                None => {
                                    let n = work_items.saturating_mul(shape.per_element());
                                    if n > max {
                                        return Err(too_big(
                                            n,
                                            "one element per work-item of the global size",
                                        ));
                                    }
                                    n
                                }
                            };
                            vec![0; shape.bytes_for(n as usize)]
                        }
                    };
                    let buf = Arc::new(Buffer::from_bytes(&bytes));
                    drop(bytes);
                    kernel.set_arg(i, KernelArg::Buffer(buf.clone()))?;
                    buffers.push((a.name.clone(), Some(buf), Ok(shape)));
                }
                ArgKind::Local => {
                    let Some(src) = &src else {
                        return Err(bad(format!(
                            "a __local argument needs {} with its size in bytes",
                            d.flag("arg")
                        )));
                    };
                    let list = read_list(src, base, &what)?;
                    if list.len() != Ok(1) {
                        return Err(bad(
                            "a __local argument takes one number: its size in bytes".into(),
                        ));
                    }
                    let mut b = Vec::new();
                    list.encode(ClScalar::ULong, &mut rng, 1, "", &mut b)
                        .map_err(&bad)?;
                    let size = u64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
                    kernel.set_arg(i, KernelArg::Local(size))?;
                }
                ArgKind::Value(_) | ArgKind::ByVal { .. }
                    if matches!(src, Some(ListSource::Raw(_))) =>
                {
                    let Some(ListSource::Raw(f)) = &src else {
                        continue;
                    };
                    let bytes = read_raw(f, base, &what, a.size)?;
                    if bytes.len() as u64 != a.size {
                        return Err(bad(format!(
                            "`{}` takes {} bytes, the file holds {}",
                            a.type_name,
                            a.size,
                            bytes.len()
                        )));
                    }
                    kernel.set_arg(i, KernelArg::Bytes(bytes))?;
                }
                ArgKind::Value(_) => {
                    let Some(src) = &src else {
                        return Err(bad(format!("a value argument needs {}", d.flag("arg"))));
                    };
                    let layout = layout_of(&a.type_name).ok_or_else(|| {
                        bad(format!(
                            "not supported yet: values of `{}` in oclc",
                            a.type_name
                        ))
                    })?;
                    let list = read_list(src, base, &what)?;
                    let n = list.len().map_err(&bad)?;
                    if n != layout.lanes as u64 {
                        return Err(bad(format!(
                            "`{}` takes {} values, got {n}",
                            a.type_name, layout.lanes
                        )));
                    }
                    let mut bytes = Vec::new();
                    list.encode(layout.elem, &mut rng, n, "", &mut bytes)
                        .map_err(&bad)?;
                    bytes.resize(a.size as usize, 0);
                    kernel.set_arg(i, KernelArg::Bytes(bytes))?;
                }
                ArgKind::ByVal { .. } => {
                    let Some(src) = &src else {
                        return Err(bad(format!("a struct argument needs {}", d.flag("arg"))));
                    };
                    let st = match structs.get(i) {
                        Some(ArgStruct::Layout(st)) => st.clone(),
                        Some(ArgStruct::Unknown(why)) => return Err(bad(why.clone())),
                        _ => {
                            return Err(bad(format!(
                                "not supported yet: struct values of an IL program as a list (its metadata gives only the size, {} bytes); give its bytes with {}",
                                a.size,
                                d.option_text("arg", &a.name, &ListSource::Raw("FILE".into()))
                            )))
                        }
                    };
                    // A struct without fields is given as an empty list (`-arg e,{}`).
                    if st.fields.is_empty()
                        && matches!(src, ListSource::Inline(t) if t.trim().is_empty())
                    {
                        kernel.set_arg(i, KernelArg::Bytes(vec![0; a.size as usize]))?;
                        continue;
                    }
                    let list = read_list(src, base, &what)?;
                    let n = list.len().map_err(&bad)?;
                    if n != st.fields.len() as u64 {
                        return Err(bad(format!(
                            "`{}` takes {} values (its fields in order), got {n}{}",
                            st.name,
                            st.fields.len(),
                            if st.fields.is_empty() {
                                " (give it as {})"
                            } else {
                                ""
                            }
                        )));
                    }
                    let mut bytes = Shape::Struct(st).encode(&list, &mut rng, n).map_err(&bad)?;
                    bytes.resize(a.size as usize, 0);
                    kernel.set_arg(i, KernelArg::Bytes(bytes))?;
                }
            }
        }
        let local = pick(&cmd.local);
        if let Some(l) = &local {
            if l.len() != global.len() {
                return Err(usage(format!(
                    "{} has {} sizes but {} has {}",
                    d.flag("local"),
                    l.len(),
                    d.flag("global"),
                    global.len()
                )));
            }
        }
        let nd = NdRangeSpec {
            work_dim: global.len() as u32,
            global_offset: None,
            global_size: global,
            local_size: local,
        };
        let stats = enqueue(&kernel, &nd, &exec)?;
        report.runs += 1;
        report.run_time += stats.elapsed.saturating_sub(stats.compile_time);
        report.jit_time += stats.compile_time;
        report.executor = stats.executor.clone();
        report.instructions = report.instructions.saturating_add(stats.instructions);
        report.work_groups = report.work_groups.saturating_add(stats.work_groups);
        report.findings.extend(stats.findings.iter().cloned());
        report.findings_dropped = report
            .findings_dropped
            .saturating_add(stats.findings_dropped);
        out.push_str(&stats.printf);
        if stats.printf_dropped > 0 {
            report.warnings.push(format!(
                "kernel `{kname}`: the printf buffer ({} bytes) filled up; the output of {} printf call(s) after it was dropped",
                exec.printf_buffer_size, stats.printf_dropped
            ));
        }
        for o in &cmd.outputs {
            match o {
                Output::Print(p) => {
                    let (buf, shape) = find_buffer(&buffers, &p.name, &d.flag("print"))?;
                    let bytes = buf.read_bytes();
                    let total = shape.count(bytes.len());
                    let count = p.count.unwrap_or(total.saturating_sub(p.offset));
                    if p.offset.checked_add(count).is_none_or(|end| end > total) {
                        return Err(value_err(format!(
                            "{} {}: {} values from {} but the buffer holds {}",
                            d.flag("print"),
                            p.name,
                            count,
                            p.offset,
                            total
                        )));
                    }
                    let mut line = p.name.clone();
                    for i in p.offset..p.offset + count {
                        line.push(',');
                        line.push_str(&shape.at(&bytes, i).to_string());
                    }
                    line.push('\n');
                    match &p.file {
                        Some(f) => add_to_file(&mut files, in_base(f), line.as_bytes()),
                        None => out.push_str(&line),
                    }
                }
                Output::Write { name, file } => {
                    let Some((_, buf, _)) = buffers.iter().find(|(n, ..)| n == name) else {
                        return Err(usage(format!(
                            "`{name}` is not a buffer argument of the kernel"
                        )));
                    };
                    // A null buffer has no bytes.
                    let bytes = buf.as_ref().map(|b| b.read_bytes()).unwrap_or_default();
                    add_to_file(&mut files, in_base(file), &bytes);
                }
                Output::Compare { name, list } => {
                    let (buf, shape) = find_buffer(&buffers, name, &d.flag("compare"))?;
                    let what = d.option_text("compare", name, list);
                    let expected = read_list(list, base, &what)?;
                    let bytes = buf.read_bytes();
                    let total = shape.count(bytes.len()) as u64;
                    let n = expected
                        .len()
                        .map_err(|e| value_err(format!("{what}: {e}")))?;
                    if n > total {
                        return Err(value_err(format!(
                            "{what}: {n} expected values but the buffer holds {total}"
                        )));
                    }
                    // Compared as they are made: nothing as long as the list is kept.
                    // Integers equal exactly when their bytes do, so a run of one
                    // value (`repeat(N,0)`) is compared byte-wise in bulk.
                    let bulk = match shape {
                        Shape::Plain(l) => (!l.elem.is_float()
                            && (cmd.char_error == 0 || !l.elem.is_char())
                            && l.lanes != 3)
                            .then_some(l.elem),
                        Shape::Struct(_) => None,
                    };
                    let mut mismatches = 0u64;
                    let mut shown = Vec::new();
                    let mut i = 0usize;
                    let mut eb = Vec::with_capacity(8);
                    let mut check = |i: usize, e: Value| {
                        let a = shape.at(&bytes, i);
                        if !matches(e, a, cmd.ulp_error, cmd.char_error, shape.elem_at(i)) {
                            mismatches += 1;
                            if shown.len() < 32 {
                                shown.push((i, e, a));
                            }
                        }
                    };
                    expected
                        .for_each_run(&mut rng, &mut |v: Num, count| {
                            let count = count as usize;
                            let Some(elem) = bulk else {
                                for k in i..i + count {
                                    let elem = shape.elem_at(k);
                                    eb.clear();
                                    shape.encode_value(k, v, &mut eb)?;
                                    check(k, elem.decode(&eb));
                                }
                                i += count;
                                return Ok(());
                            };
                            eb.clear();
                            elem.encode(v, &mut eb)?;
                            let e = elem.decode(&eb);
                            let size = elem.size();
                            // Blocks of the value's bytes compared with memcmp; an
                            // element-wise look only inside a block that differs.
                            let per_block = count.min(4096);
                            let block = eb.repeat(per_block);
                            let mut done = 0;
                            while done < count {
                                let n = per_block.min(count - done);
                                let at = (i + done) * size;
                                if bytes[at..at + n * size] != block[..n * size] {
                                    for k in i + done..i + done + n {
                                        check(k, e);
                                    }
                                }
                                done += n;
                            }
                            i += count;
                            Ok(())
                        })
                        .map_err(|e| value_err(format!("{what}: {e}")))?;
                    if mismatches == 0 {
                        out.push_str(&format!("{name} - match\n"));
                    } else {
                        report.all_match = false;
                        out.push_str(&format!(
                            "{name} - mismatch at {mismatches} of {n} values\n"
                        ));
                        for (i, e, a) in &shown {
                            out.push_str(&format!("  {name}[{i}]: expected {e}, actual {a}\n"));
                        }
                        if mismatches > 32 {
                            out.push_str(&format!("  ... and {} more\n", mismatches - 32));
                        }
                    }
                }
            }
        }
    }
    for (path, bytes) in &files {
        kauai_diag::files::write_output(path, bytes).map_err(|e| OclcError::Io(e.to_string()))?;
    }
    Ok(report)
}

/// Append `bytes` to what is written to `path` at the end of the command.
fn add_to_file(files: &mut Vec<(PathBuf, Vec<u8>)>, path: PathBuf, bytes: &[u8]) {
    match files.iter_mut().find(|(q, _)| *q == path) {
        Some((_, b)) => b.extend_from_slice(bytes),
        None => files.push((path, bytes.to_vec())),
    }
}

/// A file's raw bytes, at most `max` of them (checked while reading, before anything
/// larger is held).
fn read_raw(f: &Path, base: &Path, what: &str, max: u64) -> Result<Vec<u8>, OclcError> {
    let path = if f.is_relative() {
        base.join(f)
    } else {
        f.to_path_buf()
    };
    kauai_diag::files::read_capped(&path, max).map_err(|e| match e {
        kauai_diag::files::FileError::TooLarge { .. } => value_err(format!(
            "{what}: {} holds more than the {max} bytes the argument can take",
            path.display()
        )),
        e => OclcError::Io(format!("{what}: {e}")),
    })
}

/// How a buffer's values are laid out: scalars and vectors, or structs (each element's
/// fields in order, at the struct layout's offsets).
#[derive(Clone, Debug)]
enum Shape {
    Plain(Layout),
    Struct(Arc<StructLayout>),
}

impl Shape {
    /// The type in messages.
    fn type_text(&self) -> String {
        match self {
            Shape::Plain(l) => l.elem.name().to_string(),
            Shape::Struct(s) => s.name.clone(),
        }
    }

    /// Values in one element: what "one element per work-item" holds.
    fn per_element(&self) -> u64 {
        match self {
            Shape::Plain(l) => l.lanes as u64,
            Shape::Struct(s) => s.fields.len() as u64,
        }
    }

    /// The most values a buffer of at most `max_bytes` holds.
    fn max_values(&self, max_bytes: u64) -> u64 {
        match self {
            Shape::Plain(l) => max_scalars(max_bytes, *l),
            Shape::Struct(s) => (max_bytes / s.size.max(1)).saturating_mul(s.fields.len() as u64),
        }
    }

    /// Bytes holding `n` values (whole elements); `n` is at most [`Shape::max_values`].
    fn bytes_for(&self, n: usize) -> usize {
        match self {
            Shape::Plain(l) => padded_bytes(n, *l),
            Shape::Struct(s) => n.div_ceil(s.fields.len().max(1)) * s.size as usize,
        }
    }

    /// How many values a buffer of `len` bytes holds.
    fn count(&self, len: usize) -> usize {
        match self {
            Shape::Plain(l) => scalar_count(len, *l),
            Shape::Struct(s) => {
                let size = (s.size as usize).max(1);
                let rest = len % size;
                let partial = s
                    .fields
                    .iter()
                    .filter(|f| f.offset as usize + f.elem.size() <= rest)
                    .count();
                len / size * s.fields.len() + partial
            }
        }
    }

    /// The type of value `i`.
    fn elem_at(&self, i: usize) -> ClScalar {
        match self {
            Shape::Plain(l) => l.elem,
            Shape::Struct(s) => s.fields[i % s.fields.len()].elem,
        }
    }

    /// Byte offset of value `i`, for structs.
    fn struct_offset(s: &StructLayout, i: usize) -> usize {
        let k = s.fields.len();
        i / k * s.size as usize + s.fields[i % k].offset as usize
    }

    /// Value `i` of the buffer (`i` below [`Shape::count`]).
    fn at(&self, bytes: &[u8], i: usize) -> Value {
        match self {
            Shape::Plain(l) => scalar_at(bytes, i, *l),
            Shape::Struct(s) => {
                let elem = s.fields[i % s.fields.len()].elem;
                elem.decode(&bytes[Self::struct_offset(s, i)..])
            }
        }
    }

    /// Append `v` as value `i` would hold it.
    fn encode_value(&self, i: usize, v: Num, out: &mut Vec<u8>) -> Result<(), String> {
        match self {
            Shape::Plain(l) => l.elem.encode(v, out),
            Shape::Struct(_) => structs::encode_field(self.elem_at(i), v, out),
        }
    }

    /// The buffer bytes of a list (its length checked to be at most `max`).
    fn encode(&self, list: &List, rng: &mut Rng, max: u64) -> Result<Vec<u8>, String> {
        match self {
            Shape::Plain(l) => {
                let mut packed = Vec::new();
                list.encode(l.elem, rng, max, "", &mut packed)?;
                Ok(pad3(packed, *l))
            }
            Shape::Struct(s) => {
                let n = list.len()?;
                if n > max {
                    return Err(format!("{n} values, more than {max}"));
                }
                let mut bytes = vec![0u8; self.bytes_for(n as usize)];
                let mut i = 0usize;
                let mut one = Vec::with_capacity(8);
                list.for_each(rng, &mut |v| {
                    one.clear();
                    self.encode_value(i, v, &mut one).map_err(|e| {
                        format!(
                            "value {} (`{}` field {}): {e}",
                            i + 1,
                            s.name,
                            i % s.fields.len() + 1
                        )
                    })?;
                    let at = Self::struct_offset(s, i);
                    bytes[at..at + one.len()].copy_from_slice(&one);
                    i += 1;
                    Ok(())
                })?;
                Ok(bytes)
            }
        }
    }
}

/// The buffer `name` and how its values are laid out, or why it cannot be printed or
/// compared (`flag`, the option asking, names it).
fn find_buffer<'a>(
    buffers: &'a [(String, Option<Arc<Buffer>>, Result<Shape, String>)],
    name: &str,
    flag: &str,
) -> Result<(&'a Arc<Buffer>, &'a Shape), OclcError> {
    let (_, buf, shape) = buffers
        .iter()
        .find(|(n, ..)| n == name)
        .ok_or_else(|| usage(format!("`{name}` is not a buffer argument of the kernel")))?;
    let Some(buf) = buf else {
        return Err(usage(format!("{flag} {name}: `{name}` is a null buffer")));
    };
    let shape = shape
        .as_ref()
        .map_err(|why| value_err(format!("{flag} {name}: {why}")))?;
    Ok((buf, shape))
}

/// Bytes holding `n` scalars: a 3-component vector occupies 4 lanes in memory.
fn padded_bytes(n: usize, layout: Layout) -> usize {
    let elems = if layout.lanes == 3 {
        n.div_ceil(3) * 4
    } else {
        n
    };
    elems * layout.elem.size()
}

/// Packed scalars laid out as the buffer's elements: each 3-vector gets a zero lane.
fn pad3(packed: Vec<u8>, layout: Layout) -> Vec<u8> {
    let size = layout.elem.size();
    let n = packed.len() / size;
    if layout.lanes != 3 {
        return packed;
    }
    let mut bytes = Vec::with_capacity(padded_bytes(n, layout));
    for v in packed.chunks(3 * size) {
        bytes.extend_from_slice(v);
        bytes.resize(bytes.len().next_multiple_of(4 * size), 0);
    }
    bytes
}

/// How many scalars a buffer of `len` bytes holds (3-vectors' padding lanes excluded).
fn scalar_count(len: usize, layout: Layout) -> usize {
    let stored = len / layout.elem.size();
    if layout.lanes == 3 {
        stored / 4 * 3 + (stored % 4).min(3)
    } else {
        stored
    }
}

/// Scalar `i` of the buffer, skipping the padding lane of each 3-vector.
fn scalar_at(bytes: &[u8], i: usize, layout: Layout) -> Value {
    let slot = if layout.lanes == 3 {
        i / 3 * 4 + i % 3
    } else {
        i
    };
    let size = layout.elem.size();
    layout.elem.decode(&bytes[slot * size..(slot + 1) * size])
}

fn matches(expected: Value, actual: Value, ulp: u64, char_err: u64, elem: ClScalar) -> bool {
    match (expected, actual) {
        (Value::F16(e), Value::F16(a)) => {
            if e.is_nan() || a.is_nan() {
                return e.is_nan() && a.is_nan();
            }
            ulp_distance(e.to_bits().into(), a.to_bits().into(), 16) <= ulp
        }
        (Value::F32(e), Value::F32(a)) => {
            if e.is_nan() || a.is_nan() {
                return e.is_nan() && a.is_nan();
            }
            ulp_distance(e.to_bits().into(), a.to_bits().into(), 32) <= ulp
        }
        (Value::F64(e), Value::F64(a)) => {
            if e.is_nan() || a.is_nan() {
                return e.is_nan() && a.is_nan();
            }
            ulp_distance(e.to_bits(), a.to_bits(), 64) <= ulp
        }
        (e, a) => {
            let tol = if elem.is_char() { char_err as i128 } else { 0 };
            (as_i128(e) - as_i128(a)).abs() <= tol
        }
    }
}

fn as_i128(v: Value) -> i128 {
    match v {
        Value::I(i) => i as i128,
        Value::U(u) => u as i128,
        Value::F16(f) => f.to_f64() as i128,
        Value::F32(f) => f as i128,
        Value::F64(f) => f as i128,
    }
}

/// Distance in units in the last place between two `bits`-wide floats given as their
/// sign-magnitude bit patterns.
fn ulp_distance(a: u64, b: u64, bits: u32) -> u64 {
    let sign = 1u64 << (bits - 1);
    let ordered = |x: u64| {
        let mag = i128::from(x & (sign - 1));
        if x & sign != 0 {
            -mag
        } else {
            mag
        }
    };
    (ordered(a) - ordered(b))
        .unsigned_abs()
        .min(u64::MAX as u128) as u64
}

/// Split a RUN line the way a shell would (quotes, no expansions).
pub fn split_command_line(s: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in s.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err("unterminated quote".into());
    }
    if in_word {
        out.push(cur);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        split_command_line(s).expect("split")
    }

    #[test]
    fn parses_the_oclc_examples() {
        let c = Command::parse(&args(
            "-execute -enqueue k -arg src1,1,2,3,4 -arg \"src2,range(0,3)\" -arg scalar,2 -compare dst,13,24,35,46 -print src2,1,3 -global 4 -local 4 -ulp-error 1 k.cl",
        ))
        .expect("parse");
        assert_eq!(c.kernel.as_deref(), Some("k"));
        assert_eq!(c.args.len(), 3);
        assert_eq!(
            c.args[1],
            ("src2".into(), vec![ListSource::Inline("range(0,3)".into())])
        );
        assert_eq!(c.global, vec![vec![4]]);
        assert_eq!(c.ulp_error, 1);
        assert_eq!(
            c.outputs[1],
            Output::Print(PrintSpec {
                name: "src2".into(),
                offset: 1,
                count: Some(3),
                file: None
            })
        );
        let r = Command::parse(&args("-execute -enqueue k -arg x:in.txt -arg s,{1},{2} -global {4,1},{8,2} -repeat-execution 2 k.cl")).expect("parse");
        assert_eq!(r.args[0].1, vec![ListSource::File("in.txt".into())]);
        assert_eq!(
            r.args[1].1,
            vec![
                ListSource::Inline("1".into()),
                ListSource::Inline("2".into())
            ]
        );
        assert_eq!(r.global, vec![vec![4, 1], vec![8, 2]]);
        let w = Command::parse(&args(
            "-execute -enqueue k -arg x@in.bin -arg p,null -write x:out.bin -global 4 k.cl",
        ))
        .expect("parse");
        assert_eq!(w.args[0].1, vec![ListSource::Raw("in.bin".into())]);
        assert_eq!(w.args[1].1, vec![ListSource::Inline("null".into())]);
        assert_eq!(
            w.outputs[0],
            Output::Write {
                name: "x".into(),
                file: "out.bin".into()
            }
        );
    }

    #[test]
    fn bad_commands_say_what_is_wrong() {
        for (cmd, want) in [
            ("-execute -global 4 k.cl", "needs `-enqueue"),
            ("-enqueue k -execute k.cl", "needs `-global`"),
            ("-bogus k.cl", "unknown oclc option `-bogus`"),
            ("-global 1,2,3,4 k.cl", "1 to 3 whole numbers"),
            ("-print dst k.cl", "NAME[,OFFSET],COUNT"),
            ("-arg dst k.cl", "NAME,LIST, NAME:FILE or NAME@FILE"),
            ("-arg @f k.cl", "NAME@FILE"),
            ("-write dst k.cl", "-write takes NAME:FILE"),
            ("", "no OpenCL C or IL file"),
            ("k.cl -seed", "needs a value"),
        ] {
            let e = Command::parse(&args(cmd)).expect_err(cmd).to_string();
            assert!(e.contains(want), "{cmd}: {e}");
        }
    }

    #[test]
    fn ulp_distance_counts_representable_steps() {
        let one = u64::from(1.0f32.to_bits());
        let next = u64::from(f32::from_bits(1.0f32.to_bits() + 1).to_bits());
        assert_eq!(ulp_distance(one, next, 32), 1);
        assert_eq!(ulp_distance(0x8000_0000, 0, 32), 0);
        assert_eq!(ulp_distance(0x8000_0001, 1, 32), 2);
        assert_eq!(ulp_distance(0x8000_0000_0000_0001, 1, 64), 2);
        // half: -0 and 0 are equal; the smallest subnormals either side are two apart.
        assert_eq!(ulp_distance(0x8000, 0, 16), 0);
        assert_eq!(ulp_distance(0x8001, 0x0001, 16), 2);
        let f = |x: f32| Value::F32(x);
        assert!(matches(f(3.6000001), f(3.6), 1, 0, ClScalar::Float));
        assert!(!matches(f(3.7), f(3.6), 1, 0, ClScalar::Float));
        // half 1.0 (0x3c00) and the next half up (0x3c01).
        let h = |b: u16| Value::F16(half::f16::from_bits(b));
        assert!(matches(h(0x3c01), h(0x3c00), 1, 0, ClScalar::Half));
        assert!(!matches(h(0x3c02), h(0x3c00), 1, 0, ClScalar::Half));
        assert!(!matches(h(0x7e00), h(0x3c00), 1000, 0, ClScalar::Half));
        assert!(matches(Value::I(-10), Value::I(-11), 0, 1, ClScalar::Char));
        assert!(!matches(Value::I(-10), Value::I(-11), 0, 1, ClScalar::Int));
        // 64-bit values beyond 2^53 differ by one.
        assert!(!matches(
            Value::U(u64::MAX),
            Value::U(u64::MAX - 1),
            0,
            0,
            ClScalar::ULong
        ));
    }

    #[test]
    fn vec3_buffers_pad_every_third_lane() {
        let l = layout_of("float3*").expect("layout");
        let mut packed = Vec::new();
        parse_list("1,2,3,4")
            .expect("list")
            .encode(l.elem, &mut Rng::new(1), 4, "", &mut packed)
            .expect("encode");
        let bytes = pad3(packed, l);
        assert_eq!(bytes.len(), 32);
        let n = scalar_count(bytes.len(), l);
        let back: Vec<String> = (0..n)
            .map(|i| scalar_at(&bytes, i, l).to_string())
            .collect();
        assert_eq!(back, ["1", "2", "3", "4", "0", "0"]);
        assert_eq!(padded_bytes(6, l), 32);
        assert_eq!(padded_bytes(5, layout_of("int*").expect("layout")), 20);
    }

    #[test]
    fn type_names_give_layouts() {
        let l = layout_of("float4*").expect("layout");
        assert_eq!((l.elem, l.lanes), (ClScalar::Float, 4));
        let l = layout_of("const uchar*").expect("layout");
        assert_eq!((l.elem, l.lanes), (ClScalar::UChar, 1));
        assert!(layout_of("struct S*").is_none());
    }
}
