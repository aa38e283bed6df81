//! The oclc command grammar (oneAPI Construction Kit's `oclc`), on Kauai's runtime.
//!
//! `kauai oclc [options] FILE.cl` takes oclc's options: `-cl-options '...'`, `-enqueue K`,
//! `-execute`, `-global g1[,g2[,g3]]`, `-local l1[,...]`, `-arg NAME,LIST` or
//! `-arg NAME:FILE`, `-print NAME[,OFFSET],COUNT[:FILE]`, `-compare NAME,LIST` or
//! `-compare NAME:FILE`, `-ulp-error N`, `-char-error N`, `-seed N`,
//! `-repeat-execution N` (with `{..},{..}` giving per-run values), `-o FILE`, `-stage S`.
//! Kauai adds `-device NAME` (also `--device`; `host` or `kauai:<mcpu>`) and
//! `-timeout SECONDS`. The file may also be an AMD IL program (`FILE.il`, with its
//! compiler metadata): it runs on a `kauai:<mcpu>` device, by default
//! [`DEFAULT_IL_DEVICE`](crate::DEFAULT_IL_DEVICE).
//!
//! Output lines are oclc's: `dst,13,24,35,96.6` for a print, `dst - match` for a compare.

pub mod values;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use kauai_compiler::ArgKind;
use kauai_host::{Buffer, ExecOptions};

use crate::{enqueue, Device, Kernel, KernelArg, NdRangeSpec, Program, RuntimeError, SourceFile};
use values::{parse_list, Elem, Rng, Value};

/// Where a list comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum ListSource {
    Inline(String),
    File(PathBuf),
}

#[derive(Clone, Debug, PartialEq)]
pub struct PrintSpec {
    pub name: String,
    pub offset: usize,
    pub count: usize,
    pub file: Option<PathBuf>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Output {
    Print(PrintSpec),
    Compare { name: String, list: ListSource },
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
                "-timeout" => {
                    let s = value(a)?;
                    let secs: f64 = s
                        .parse()
                        .ok()
                        .filter(|x: &f64| *x > 0.0 && x.is_finite())
                        .ok_or_else(|| usage(format!("`-timeout` takes seconds, got `{s}`")))?;
                    c.timeout = Some(Duration::from_secs_f64(secs));
                }
                "-arg" => {
                    let v = value(a)?;
                    let (name, src) = split_name(&v, "-arg")?;
                    c.args.push((name, src));
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
                        s.trim()
                            .parse::<usize>()
                            .map_err(|_| usage(format!("-print {v}: `{s}` is not a whole number")))
                    };
                    let (name, offset, count) = match parts.as_slice() {
                        [n, count] => (n.to_string(), 0, parse(count)?),
                        [n, off, count] => (n.to_string(), parse(off)?, parse(count)?),
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
        Ok(c)
    }
}

fn split_name(v: &str, flag: &str) -> Result<(String, Vec<ListSource>), OclcError> {
    // NAME:FILE or NAME,LIST (the list may hold per-run `{...}` parts).
    let comma = v.find(',');
    let colon = v.find(':');
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
            "{flag} takes NAME,LIST or NAME:FILE, got `{v}`"
        ))),
    }
}

/// How a buffer or value argument is read and printed.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Layout {
    pub(crate) elem: Elem,
    pub(crate) lanes: usize,
}

pub(crate) fn layout_of(type_name: &str) -> Option<Layout> {
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
        elem: Elem::from_cl_name(base)?,
        lanes,
    })
}

fn read_list(src: &ListSource, base: &Path, rng: &mut Rng) -> Result<Vec<f64>, OclcError> {
    match src {
        ListSource::Inline(s) => parse_list(s, rng).map_err(OclcError::Usage),
        ListSource::File(f) => {
            let path = if f.is_relative() {
                base.join(f)
            } else {
                f.clone()
            };
            let text = std::fs::read_to_string(&path)
                .map_err(|e| OclcError::Io(format!("cannot read {}: {e}", path.display())))?;
            let joined: Vec<&str> = text
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .collect();
            parse_list(&joined.join(","), rng)
                .map_err(|e| OclcError::Usage(format!("{}: {e}", path.display())))
        }
    }
}

/// Run a parsed command. Output lines go to `out`; the result says whether every
/// `-compare` matched. Relative files in the command are read from `base`.
pub fn run(cmd: &Command, base: &Path, out: &mut String) -> Result<bool, OclcError> {
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
    let mut sources = Vec::new();
    for f in &cmd.files {
        let path = if f.is_relative() {
            base.join(f)
        } else {
            f.clone()
        };
        let bytes = std::fs::read(&path)
            .map_err(|e| OclcError::Io(format!("cannot read {}: {e}", path.display())))?;
        sources.push(SourceFile {
            name: f.display().to_string(),
            bytes,
        });
    }
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
    } else {
        Program::build(&device, &sources, &cmd.cl_options)?
    };
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
            Some(f) => {
                std::fs::write(base.join(f), text).map_err(|e| OclcError::Io(e.to_string()))?
            }
            None => out.push_str(&text),
        }
    }
    let Some(kname) = &cmd.kernel else {
        return Ok(true);
    };
    let mut kernel = Kernel::new(&program, kname)?;
    if !cmd.execute {
        return Ok(true);
    }
    let mut rng = Rng::new(cmd.seed);
    let mut all_match = true;
    let exec = ExecOptions {
        timeout: cmd.timeout,
        ..ExecOptions::default()
    };
    // Check that every argument is named somewhere.
    for a in &kernel.info.args {
        let named = cmd.args.iter().any(|(n, _)| *n == a.name)
            || cmd.outputs.iter().any(|o| match o {
                Output::Print(p) => p.name == a.name,
                Output::Compare { name, .. } => *name == a.name,
            });
        if !named {
            return Err(usage(format!(
                "kernel argument `{}` of `{kname}` is not given: give it a value with -arg (`--arg` for `kauai run`) or name it in -print or -compare",
                a.name
            )));
        }
    }
    for (name, _) in &cmd.args {
        kernel.arg_index(name)?;
    }
    for run_index in 0..cmd.repeat {
        let pick = |v: &Vec<Vec<u64>>| v.get(run_index).or(v.last()).cloned();
        let mut buffers: Vec<(String, Arc<Buffer>, Layout)> = Vec::new();
        for (i, a) in kernel.info.args.clone().iter().enumerate() {
            let src = cmd
                .args
                .iter()
                .find(|(n, _)| *n == a.name)
                .map(|(_, s)| s.get(run_index).or(s.last()).cloned());
            let bad = |m: String| usage(format!("argument `{}`: {m}", a.name));
            match &a.kind {
                ArgKind::Buffer(_) => {
                    let layout = layout_of(&a.type_name).ok_or_else(|| {
                        bad(format!(
                            "not supported yet: buffers of `{}` in oclc",
                            a.type_name
                        ))
                    })?;
                    let mut bytes = match &src {
                        Some(Some(src)) => {
                            encode_elements(&read_list(src, base, &mut rng)?, layout)
                        }
                        _ => Vec::new(),
                    };
                    if src.is_none() {
                        // An output-only buffer holds what its prints and compares read;
                        // with no count anywhere, one element per work-item.
                        let mut scalars = 0usize;
                        for o in &cmd.outputs {
                            scalars = scalars.max(match o {
                                Output::Print(p) if p.name == a.name && p.count != usize::MAX => {
                                    p.offset.saturating_add(p.count)
                                }
                                Output::Compare { name, list } if *name == a.name => {
                                    // Only the length matters: expand with a private seed.
                                    read_list(list, base, &mut Rng::new(cmd.seed))?.len()
                                }
                                _ => 0,
                            });
                        }
                        if scalars == 0 {
                            let items: u64 = cmd
                                .global
                                .get(run_index)
                                .or(cmd.global.last())
                                .map(|g| g.iter().product())
                                .unwrap_or(0);
                            scalars = items as usize * layout.lanes.max(1);
                        }
                        bytes.resize(padded_bytes(scalars, layout), 0);
                    }
                    let buf = Arc::new(Buffer::from_bytes(&bytes));
                    kernel.set_arg(i, KernelArg::Buffer(buf.clone()))?;
                    buffers.push((a.name.clone(), buf, layout));
                }
                ArgKind::Local => {
                    let Some(Some(src)) = &src else {
                        return Err(bad(
                            "a __local argument needs -arg NAME,SIZE_IN_BYTES".into()
                        ));
                    };
                    let v = read_list(src, base, &mut rng)?;
                    let [size] = v.as_slice() else {
                        return Err(bad(
                            "a __local argument takes one number: its size in bytes".into(),
                        ));
                    };
                    kernel.set_arg(i, KernelArg::Local(*size as u64))?;
                }
                ArgKind::Value(_) => {
                    let Some(Some(src)) = &src else {
                        return Err(bad("a value argument needs -arg".into()));
                    };
                    let layout = layout_of(&a.type_name).ok_or_else(|| {
                        bad(format!(
                            "not supported yet: values of `{}` in oclc",
                            a.type_name
                        ))
                    })?;
                    let v = read_list(src, base, &mut rng)?;
                    if v.len() != layout.lanes {
                        return Err(bad(format!(
                            "`{}` takes {} values, got {}",
                            a.type_name,
                            layout.lanes,
                            v.len()
                        )));
                    }
                    let mut bytes = Vec::new();
                    for x in v {
                        layout.elem.encode(x, &mut bytes);
                    }
                    bytes.resize(a.size as usize, 0);
                    kernel.set_arg(i, KernelArg::Bytes(bytes))?;
                }
                ArgKind::ByVal { .. } => {
                    return Err(bad("not supported yet: struct arguments in oclc".into()));
                }
            }
        }
        let global = pick(&cmd.global).unwrap_or_default();
        let local = pick(&cmd.local);
        if let Some(l) = &local {
            if l.len() != global.len() {
                return Err(usage(format!(
                    "-local has {} sizes but -global has {}",
                    l.len(),
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
        out.push_str(&stats.printf);
        for o in &cmd.outputs {
            match o {
                Output::Print(p) => {
                    let (_, buf, layout) = find_buffer(&buffers, &p.name)?;
                    let vals = elements(buf, *layout);
                    // `usize::MAX` asks for the whole buffer from the offset.
                    let count = if p.count == usize::MAX {
                        vals.len().saturating_sub(p.offset)
                    } else {
                        p.count
                    };
                    if p.offset.saturating_add(count) > vals.len() {
                        return Err(usage(format!(
                            "-print {}: {} values from {} but the buffer holds {}",
                            p.name,
                            count,
                            p.offset,
                            vals.len()
                        )));
                    }
                    let mut line = p.name.clone();
                    for v in &vals[p.offset..p.offset + count] {
                        line.push(',');
                        line.push_str(&v.to_string());
                    }
                    line.push('\n');
                    match &p.file {
                        Some(f) => std::fs::write(base.join(f), &line)
                            .map_err(|e| OclcError::Io(e.to_string()))?,
                        None => out.push_str(&line),
                    }
                }
                Output::Compare { name, list } => {
                    let (_, buf, layout) = find_buffer(&buffers, name)?;
                    let expected = read_list(list, base, &mut rng)?;
                    let actual = elements(buf, *layout);
                    if expected.len() > actual.len() {
                        return Err(usage(format!(
                            "-compare {name}: {} expected values but the buffer holds {}",
                            expected.len(),
                            actual.len()
                        )));
                    }
                    let mut bad = Vec::new();
                    for (i, (e, a)) in expected.iter().zip(&actual).enumerate() {
                        if !matches(*e, *a, layout.elem, cmd.ulp_error, cmd.char_error) {
                            bad.push(i);
                        }
                    }
                    if bad.is_empty() {
                        out.push_str(&format!("{name} - match\n"));
                    } else {
                        all_match = false;
                        out.push_str(&format!(
                            "{name} - mismatch at {} of {} values\n",
                            bad.len(),
                            expected.len()
                        ));
                        for i in bad.iter().take(32) {
                            let mut eb = Vec::new();
                            layout.elem.encode(expected[*i], &mut eb);
                            out.push_str(&format!(
                                "  {name}[{i}]: expected {}, actual {}\n",
                                layout.elem.decode(&eb),
                                actual[*i]
                            ));
                        }
                        if bad.len() > 32 {
                            out.push_str(&format!("  ... and {} more\n", bad.len() - 32));
                        }
                    }
                }
            }
        }
    }
    Ok(all_match)
}

fn find_buffer<'a>(
    buffers: &'a [(String, Arc<Buffer>, Layout)],
    name: &str,
) -> Result<&'a (String, Arc<Buffer>, Layout), OclcError> {
    buffers
        .iter()
        .find(|(n, ..)| n == name)
        .ok_or_else(|| usage(format!("`{name}` is not a buffer argument of the kernel")))
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

/// Lay out scalars as the buffer's elements, padding each 3-vector with a zero lane.
fn encode_elements(values: &[f64], layout: Layout) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(padded_bytes(values.len(), layout));
    for (i, v) in values.iter().enumerate() {
        layout.elem.encode(*v, &mut bytes);
        if layout.lanes == 3 && i % 3 == 2 {
            layout.elem.encode(0.0, &mut bytes);
        }
    }
    bytes.resize(padded_bytes(values.len(), layout), 0);
    bytes
}

/// The buffer as scalars, vectors component by component (vec3 lanes padded to 4).
fn elements(buf: &Buffer, layout: Layout) -> Vec<Value> {
    let bytes = buf.read_bytes();
    let size = layout.elem.size();
    let stored_lanes = if layout.lanes == 3 { 4 } else { layout.lanes };
    let mut out = Vec::with_capacity(bytes.len() / size);
    for (i, chunk) in bytes.chunks_exact(size).enumerate() {
        if layout.lanes == 3 && i % stored_lanes == 3 {
            continue;
        }
        out.push(layout.elem.decode(chunk));
    }
    out
}

fn matches(expected: f64, actual: Value, elem: Elem, ulp: u64, char_err: u64) -> bool {
    match actual {
        Value::F32(a) => {
            let e = expected as f32;
            if e.is_nan() || a.is_nan() {
                return e.is_nan() && a.is_nan();
            }
            ulp_distance(e.to_bits() as i32 as i64, a.to_bits() as i32 as i64, 32) <= ulp
        }
        Value::F64(a) => {
            if expected.is_nan() || a.is_nan() {
                return expected.is_nan() && a.is_nan();
            }
            ulp_distance(expected.to_bits() as i64, a.to_bits() as i64, 64) <= ulp
        }
        _ => {
            let mut eb = Vec::new();
            elem.encode(expected, &mut eb);
            let e = elem.decode(&eb);
            let (e, a) = (as_i128(e), as_i128(actual));
            let tol = if elem.is_char() { char_err as i128 } else { 0 };
            (e - a).abs() <= tol
        }
    }
}

fn as_i128(v: Value) -> i128 {
    match v {
        Value::I(i) => i as i128,
        Value::U(u) => u as i128,
        Value::F32(f) => f as i128,
        Value::F64(f) => f as i128,
    }
}

/// Distance in units in the last place between two floats given as sign-magnitude bits.
fn ulp_distance(a: i64, b: i64, bits: u32) -> u64 {
    let ordered = |x: i64| {
        let sign = if bits == 32 {
            x & (1 << 31) != 0
        } else {
            x < 0
        };
        let mag = if bits == 32 {
            x & 0x7fff_ffff
        } else {
            x & i64::MAX
        };
        if sign {
            -(mag as i128)
        } else {
            mag as i128
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
                count: 3,
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
    }

    #[test]
    fn bad_commands_say_what_is_wrong() {
        for (cmd, want) in [
            ("-execute -global 4 k.cl", "needs `-enqueue"),
            ("-enqueue k -execute k.cl", "needs `-global`"),
            ("-bogus k.cl", "unknown oclc option `-bogus`"),
            ("-global 1,2,3,4 k.cl", "1 to 3 whole numbers"),
            ("-print dst k.cl", "NAME[,OFFSET],COUNT"),
            ("-arg dst k.cl", "NAME,LIST or NAME:FILE"),
            ("", "no OpenCL C or IL file"),
            ("k.cl -seed", "needs a value"),
        ] {
            let e = Command::parse(&args(cmd)).expect_err(cmd).to_string();
            assert!(e.contains(want), "{cmd}: {e}");
        }
    }

    #[test]
    fn ulp_distance_counts_representable_steps() {
        let one = 1.0f32.to_bits() as i64;
        let next = f32::from_bits(1.0f32.to_bits() + 1).to_bits() as i64;
        assert_eq!(ulp_distance(one, next, 32), 1);
        assert_eq!(
            ulp_distance(0.0f32.to_bits() as i64, (-0.0f32).to_bits() as i64, 32),
            0
        );
        assert!(matches(3.6000001, Value::F32(3.6), Elem::Float, 1, 0));
        assert!(!matches(3.7, Value::F32(3.6), Elem::Float, 1, 0));
        assert!(matches(-10.0, Value::I(-11), Elem::Char, 0, 1));
        assert!(!matches(-10.0, Value::I(-11), Elem::Int, 0, 1));
    }

    #[test]
    fn vec3_buffers_pad_every_third_lane() {
        let l = layout_of("float3*").expect("layout");
        let bytes = encode_elements(&[1.0, 2.0, 3.0, 4.0], l);
        assert_eq!(bytes.len(), 32);
        let b = Buffer::from_bytes(&bytes);
        let back: Vec<String> = elements(&b, l).iter().map(|v| v.to_string()).collect();
        assert_eq!(back, ["1", "2", "3", "4", "0", "0"]);
        assert_eq!(padded_bytes(6, l), 32);
        assert_eq!(padded_bytes(5, layout_of("int*").expect("layout")), 20);
    }

    #[test]
    fn type_names_give_layouts() {
        let l = layout_of("float4*").expect("layout");
        assert_eq!((l.elem, l.lanes), (Elem::Float, 4));
        let l = layout_of("const uchar*").expect("layout");
        assert_eq!((l.elem, l.lanes), (Elem::UChar, 1));
        assert!(layout_of("struct S*").is_none());
    }
}
