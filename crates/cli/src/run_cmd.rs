//! `kauai build`, `kauai run` and `kauai oclc`: compile OpenCL C and run kernels.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use kauai_runtime::oclc::{self, Command as OclcCommand, Dialect, ListSource, Output, PrintSpec};

use crate::{read_file, read_sources, report, write_output, Failure};

#[derive(Args)]
pub(crate) struct CompileArgs {
    /// Define a macro (`NAME` or `NAME=VALUE`), as `-D` does for a C compiler.
    #[arg(short = 'D', value_name = "NAME[=V]")]
    define: Vec<String>,
    /// Add a directory to the `#include` search path.
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<PathBuf>,
    /// OpenCL build options, e.g. "-cl-fast-relaxed-math -cl-opt-disable".
    #[arg(
        long = "cl-options",
        value_name = "OPTIONS",
        default_value = "",
        allow_hyphen_values = true
    )]
    cl_options: String,
}

impl CompileArgs {
    fn option_string(&self) -> String {
        let mut s = self.cl_options.clone();
        for d in &self.define {
            s.push_str(&format!(" \"-D{d}\""));
        }
        for i in &self.include {
            s.push_str(&format!(" \"-I{}\"", i.display()));
        }
        s
    }
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub(crate) enum Emit {
    /// The IR as the front end produces it.
    Ir,
    /// The IR after finalization (what the host device runs).
    Finalized,
    /// The AMD IL program with its compiler metadata (a `kauai:<mcpu>` device).
    Il,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum TargetKind {
    /// The host CPU (Kauai's IR, run by the interpreter).
    Host,
    /// AMD IL with the compiler metadata of the AMD runtime ABI.
    Amdil,
}

#[derive(Args)]
#[command(
    after_help = "clang's spellings work too: -cl-std=CL1.2 and any other -cl-* option, \
-Werror, -w, -E, -fsyntax-only."
)]
pub(crate) struct BuildArgs {
    /// OpenCL C source files, compiled together as one program; or one SPIR-V module
    /// (found by its magic number, e.g. `x.spv`).
    #[arg(required_unless_present_any = ["mcpu", "mattr"])]
    files: Vec<PathBuf>,
    #[command(flatten)]
    compile: CompileArgs,
    /// The device to compile for: `host` (default) or `kauai:<mcpu>` (e.g. kauai:cypress).
    #[arg(long, value_name = "DEVICE", conflicts_with_all = ["target", "mcpu"])]
    device: Option<String>,
    /// The compiler target: `host` (default) or `amdil` (AMD IL with its metadata for the
    /// `--mcpu` device; writes the IL program unless `--emit` says otherwise).
    #[arg(long, value_enum)]
    target: Option<TargetKind>,
    /// The AMD device for `--target amdil` (rv710 ... cayman, kauai, test; default
    /// cypress). `--mcpu help` lists them.
    #[arg(long, value_name = "NAME")]
    mcpu: Option<String>,
    /// amdil target features, comma-separated (e.g. `-fp64,mwgs-1-64`). `--mattr help`
    /// lists them.
    #[arg(long, value_name = "LIST", allow_hyphen_values = true)]
    mattr: Option<String>,
    /// Write this form of the program.
    #[arg(long, value_enum)]
    emit: Option<Emit>,
    /// Where to write it (default: standard output). Needs something to write:
    /// `--emit`, `--target amdil` or `-E`.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// The OpenCL C version (clang's `-cl-std=`): CL1.0, CL1.1 or CL1.2.
    #[arg(long = "cl-std", value_name = "CLx.y")]
    cl_std: Option<String>,
    /// Treat warnings as errors (clang's `-Werror`).
    #[arg(long = "Werror")]
    werror: bool,
    /// Suppress warnings (clang's `-w`).
    #[arg(short = 'w')]
    no_warnings: bool,
    /// Only preprocess, and write the preprocessed source (clang's `-E`).
    #[arg(short = 'E', conflicts_with_all = ["emit", "syntax_only"])]
    preprocess: bool,
    /// Only check the sources (preprocess, parse, types); write nothing (clang's
    /// `-fsyntax-only`).
    #[arg(long = "fsyntax-only", conflicts_with = "emit")]
    syntax_only: bool,
    /// A `-cl-*` build option as clang takes it (`-cl-opt-disable` is rewritten to this).
    #[arg(long = "cl-flag", hide = true, allow_hyphen_values = true)]
    cl_flags: Vec<String>,
    /// Print the compile time on standard error.
    #[arg(long)]
    time: bool,
    /// Print what was built (kernels, IR instructions) on standard error.
    #[arg(long)]
    stats: bool,
}

/// Rewrite clang's single-dash spellings of `kauai build` (`-cl-std=CL1.2`, `-cl-*`,
/// `-Werror`, `-fsyntax-only`) to the long options clap knows; other commands and
/// arguments after `--` are left alone.
pub(crate) fn clang_spellings(args: Vec<OsString>) -> Vec<OsString> {
    if args.get(1).and_then(|a| a.to_str()) != Some("build") {
        return args;
    }
    // Options whose value is the next argument: that value (`--cl-options
    // "-cl-opt-disable"`) is the option's, not a flag of its own.
    const TAKES_VALUE: &[&str] = &[
        "--cl-options",
        "-o",
        "--output",
        "-D",
        "-I",
        "--emit",
        "--device",
        "--target",
        "--mcpu",
        "--mattr",
    ];
    let mut out = Vec::with_capacity(args.len());
    let mut rest = false;
    let mut value_next = false;
    for a in args {
        let is_value = std::mem::replace(
            &mut value_next,
            a.to_str().is_some_and(|s| TAKES_VALUE.contains(&s)),
        );
        let rewritten = match a.to_str() {
            _ if rest || is_value => None,
            Some("--") => {
                rest = true;
                None
            }
            Some("-Werror") => Some("--Werror".to_string()),
            Some("-fsyntax-only") => Some("--fsyntax-only".to_string()),
            Some(s) if s.starts_with("-cl-std=") => Some(format!("-{s}")),
            Some(s) if s.starts_with("-cl-") && s != "-cl-options" => {
                Some(format!("--cl-flag={s}"))
            }
            _ => None,
        };
        out.push(rewritten.map(OsString::from).unwrap_or(a));
    }
    out
}

#[derive(Args)]
pub(crate) struct RunArgs {
    /// OpenCL C source files, compiled together as one program; one AMD IL program
    /// (`.il`, with its compiler metadata), run on a `kauai:<mcpu>` device; or one
    /// Kauai IR module (`.ir`, from `kauai build --emit ir`); or one SPIR-V module (found
    /// by its magic number, e.g. `x.spv`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The device: `host` or `kauai:<mcpu>` (rv710 ... cayman, kauai, test). Default:
    /// host for OpenCL C and IR, kauai:cypress for an IL program.
    #[arg(long, value_name = "DEVICE")]
    device: Option<String>,
    #[command(flatten)]
    compile: CompileArgs,
    /// The kernel to run.
    #[arg(long, short = 'k')]
    kernel: String,
    /// The global size: X[,Y[,Z]] work-items. (`-g` is short for `--global` here; in
    /// `asm` and `disasm`, as in CLRX, `-g` names the GPU.)
    #[arg(long = "global", short = 'g', value_name = "X[,Y,Z]")]
    global: String,
    /// The local (work-group) size: X[,Y[,Z]] (default: chosen by the runtime).
    #[arg(long, short = 'l', value_name = "X[,Y,Z]")]
    local: Option<String>,
    /// Argument value: NAME=LIST with the oclc list grammar (`1,2,3`, `range(0,15)`,
    /// `repeat(4,0)`, `rand(0,1)`, `randint(0,9)`), NAME=@FILE (the list in a file),
    /// NAME=raw:FILE (a buffer's or value's raw bytes), NAME=null (a null buffer), or a
    /// size in bytes for a __local pointer. Values must fit the argument's type exactly;
    /// a struct (by value, or each element of a buffer of structs) takes its fields'
    /// values in declaration order, nested structs, arrays and vectors flattened. An
    /// image is NAME=TYPE(ORDER,CHANNEL_TYPE,SIZES)[,LIST], e.g.
    /// `src=image2d(RGBA,UNORM_INT8,4,4),range(0,63)` (stored channels in memory order;
    /// zero without a list); a sampler NAME=CL_TRUE|CL_FALSE,CL_ADDRESS_<MODE>,CL_FILTER_<MODE>.
    #[arg(long = "arg", short = 'a', value_name = "NAME=LIST")]
    args: Vec<String>,
    /// Print a buffer after the run: NAME (all of it) or NAME,COUNT or NAME,OFFSET,COUNT
    /// (an image: its stored channels, as image lists give them).
    /// A buffer given no values holds one element per work-item, zero-filled.
    #[arg(long, short = 'p', value_name = "NAME[,N]")]
    print: Vec<String>,
    /// Compare a buffer with expected values: NAME=LIST; prints `NAME - match` or the
    /// mismatches, and fails on a mismatch.
    #[arg(long, value_name = "NAME=LIST")]
    compare: Vec<String>,
    /// Write a buffer's raw bytes to a file after the run: NAME=FILE (read it back in
    /// another run with `--arg NAME=raw:FILE`).
    #[arg(long, value_name = "NAME=FILE")]
    write: Vec<String>,
    /// Tolerance in ULPs for float compares.
    #[arg(long, default_value_t = 0)]
    ulp_error: u64,
    /// Seed of rand()/randint().
    #[arg(long)]
    seed: Option<u64>,
    /// Stop the kernel after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// Print the compile and run times on standard error.
    #[arg(long)]
    time: bool,
    /// Print work-groups and instructions executed on standard error.
    #[arg(long)]
    stats: bool,
    /// Checks on the interpreter, comma-separated: `memory` (each private array
    /// bounds-checked on its own; every buffer's bounds are always checked), `races`
    /// (data races in global and local memory), `uninit` (uninitialized values deciding
    /// a branch, forming an address or written to global memory), `all`. What they
    /// find is printed
    /// on standard error, the run goes on, and the exit status is 1.
    #[arg(long, value_name = "LIST")]
    check: Option<String>,
}

fn device(name: Option<&str>) -> Result<kauai_runtime::Device, Failure> {
    let name = name.unwrap_or("host");
    kauai_runtime::Device::by_name(name).ok_or_else(|| {
        Failure::Usage(format!(
            "unknown device `{name}` (devices: {})",
            kauai_runtime::Device::names().join(", ")
        ))
    })
}

/// Milliseconds with three decimals, for `--time`.
fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

pub(crate) fn build(a: BuildArgs) -> Result<ExitCode, Failure> {
    if a.mcpu.as_deref() == Some("help") {
        print!("{}", kauai_amdil_gen::mcpu_help());
        return Ok(ExitCode::SUCCESS);
    }
    if a.mattr.as_deref() == Some("help") {
        print!("{}", kauai_amdil_gen::mattr_help());
        return Ok(ExitCode::SUCCESS);
    }
    if a.files.is_empty() {
        return Err(Failure::Usage("no OpenCL C source files given".into()));
    }
    let amdil = a.target == Some(TargetKind::Amdil) || a.mcpu.is_some();
    if a.target == Some(TargetKind::Host) && (a.mcpu.is_some() || a.mattr.is_some()) {
        return Err(Failure::Usage(
            "--mcpu and --mattr are options of --target amdil".into(),
        ));
    }
    if let Some(o) = &a.output {
        if a.syntax_only {
            return Err(Failure::Usage(format!(
                "-o {}: -fsyntax-only writes nothing",
                o.display()
            )));
        }
        if a.emit.is_none() && !amdil && !a.preprocess {
            return Err(Failure::Usage(format!(
                "-o {}: nothing to write; say what with --emit ir|finalized|il (or -E, or --target amdil)",
                o.display()
            )));
        }
    }
    let device_name = if amdil {
        let mcpu = a.mcpu.as_deref().unwrap_or("cypress");
        // The same check and message as the compiler's -mcpu.
        kauai_amdil_gen::TargetOptions::new(mcpu).map_err(|e| Failure::Usage(e.to_string()))?;
        Some(format!("kauai:{mcpu}"))
    } else {
        a.device.clone()
    };
    if a.mattr.is_some() && !device_name.as_deref().unwrap_or("").starts_with("kauai:") {
        return Err(Failure::Usage("--mattr needs an amdil device".into()));
    }
    let device = device(device_name.as_deref())?;
    let mut options = a.compile.option_string();
    if let Some(m) = &a.mattr {
        options.push_str(&format!(" \"{}={m}\"", kauai_amdil_gen::MATTR_OPTION));
    }
    if let Some(std) = &a.cl_std {
        options.push_str(&format!(" \"-cl-std={std}\""));
    }
    for (on, flag) in [(a.werror, "-Werror"), (a.no_warnings, "-w")] {
        if on {
            options.push(' ');
            options.push_str(flag);
        }
    }
    for f in &a.cl_flags {
        options.push_str(&format!(" \"{f}\""));
    }
    let options = options.as_str();
    if a.preprocess {
        return preprocess_only(&a, &device, options);
    }
    // The amdil target's product is the IL program.
    let emit = a.emit.or(amdil.then_some(Emit::Il));
    let sources = read_sources(&a.files)?;
    let started = Instant::now();
    let stats = match emit {
        _ if a.syntax_only => {
            let (ir, log) = kauai_runtime::compile_to_ir(&device, &sources, options)?;
            eprint!("{log}");
            ir_stats(&ir)
        }
        Some(Emit::Ir) => {
            let (ir, log) = kauai_runtime::compile_to_ir(&device, &sources, options)?;
            eprint!("{log}");
            write_output(a.output.as_deref(), &kauai_ir::module_to_string(&ir))?;
            ir_stats(&ir)
        }
        other => {
            let program = kauai_runtime::Program::build(&device, &sources, options)?;
            eprint!("{}", program.build_log);
            match other {
                Some(Emit::Finalized) => {
                    let Some(ir) = program.finalized_ir() else {
                        return Err(Failure::Usage(format!(
                            "--emit finalized is the host's form; {} runs IL (--emit il)",
                            device.name()
                        )));
                    };
                    write_output(a.output.as_deref(), &kauai_ir::module_to_string(ir))?;
                }
                Some(Emit::Il) => {
                    let Some(il) = program.il_text() else {
                        return Err(Failure::Usage(format!(
                            "--emit il needs a kauai:<mcpu> device (--device {}); {} runs IR",
                            kauai_runtime::DEFAULT_IL_DEVICE,
                            device.name()
                        )));
                    };
                    write_output(a.output.as_deref(), il)?;
                }
                _ => {
                    let names: Vec<&str> = program
                        .info
                        .kernels
                        .iter()
                        .map(|k| k.name.as_str())
                        .collect();
                    eprintln!("built {} kernel(s): {}", names.len(), names.join(", "));
                }
            }
            match program.finalized_ir() {
                Some(ir) => ir_stats(ir),
                None => format!("{} kernel(s)", program.info.kernels.len()),
            }
        }
    };
    if a.time {
        eprintln!("kauai: time: compile {}", ms(started.elapsed()));
    }
    if a.stats {
        eprintln!("kauai: stats: {stats}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Functions, kernels and instructions of a module, for `--stats`.
fn ir_stats(m: &kauai_ir::Module) -> String {
    let mut functions = 0;
    let mut kernels = 0;
    let mut insts = 0usize;
    for (_, f) in m.functions.iter() {
        functions += 1;
        if f.is_kernel() {
            kernels += 1;
        }
        insts += f.body.as_ref().map_or(0, |b| b.inst_count());
    }
    format!("{kernels} kernel(s), {functions} function(s), {insts} IR instruction(s)")
}

/// `kauai build -E`: the sources preprocessed as the compiler would (the device's
/// extension macros, `-D`, `-I`), without the OpenCL C header.
fn preprocess_only(
    a: &BuildArgs,
    device: &kauai_runtime::Device,
    options: &str,
) -> Result<ExitCode, Failure> {
    let specs = device.info.option_specs().map_err(Failure::Input)?;
    let o =
        kauai_compiler::Options::parse(options, &specs).map_err(|e| Failure::Usage(e.message))?;
    let di = &device.info.device_info;
    let mut extensions = di.extensions.clone();
    if di.fp64 && !extensions.iter().any(|e| e == "cl_khr_fp64") {
        extensions.push("cl_khr_fp64".into());
    }
    let pp = kauai_clc::pp::PpOptions {
        defines: o.defines,
        include_dirs: o.include_dirs,
        extensions,
        image_support: di.images,
        fast_relaxed_math: o.fast_relaxed_math,
        ..kauai_clc::pp::PpOptions::default()
    };
    let mut sm = kauai_diag::SourceMap::new();
    let mut files = Vec::new();
    for f in &a.files {
        files.push(sm.add(f.display().to_string(), read_file(f)?));
    }
    let mut diags = kauai_diag::Diagnostics::new();
    let out = kauai_clc::pp::preprocess(&mut sm, &files, &pp, &mut diags);
    report(&sm, &diags, "preprocessing")?;
    write_output(a.output.as_deref(), &out.to_text())?;
    Ok(ExitCode::SUCCESS)
}

pub(crate) fn run(a: RunArgs) -> Result<ExitCode, Failure> {
    let sizes = |flag: &str, s: &str| -> Result<Vec<u64>, Failure> {
        let v = s
            .split(',')
            .map(|x| x.trim().parse::<u64>())
            .collect::<Result<Vec<_>, _>>();
        match v {
            Ok(v) if (1..=3).contains(&v.len()) => Ok(v),
            _ => Err(Failure::Usage(format!(
                "{flag} {s}: not a list of 1 to 3 whole numbers"
            ))),
        }
    };
    let mut args = Vec::new();
    for s in &a.args {
        let Some((name, list)) = s.split_once('=') else {
            return Err(Failure::Usage(format!(
                "--arg {s}: expected NAME=LIST, NAME=@FILE, NAME=raw:FILE, NAME=null or NAME=SIZE"
            )));
        };
        let src = match (list.strip_prefix('@'), list.strip_prefix("raw:")) {
            (Some(f), _) => ListSource::File(f.into()),
            (_, Some(f)) => ListSource::Raw(f.into()),
            _ => ListSource::Inline(list.to_string()),
        };
        args.push((name.to_string(), vec![src]));
    }
    let mut outputs = Vec::new();
    for p in &a.print {
        let parts: Vec<&str> = p.split(',').collect();
        let num = |s: &str| {
            s.trim().parse::<usize>().map_err(|_| {
                Failure::Usage(format!(
                    "--print {p}: `{s}` is not a whole number up to {}",
                    usize::MAX
                ))
            })
        };
        let (name, offset, count) = match parts.as_slice() {
            [n] => (n.to_string(), 0, None),
            [n, c] => (n.to_string(), 0, Some(num(c)?)),
            [n, o, c] => (n.to_string(), num(o)?, Some(num(c)?)),
            _ => {
                return Err(Failure::Usage(format!(
                    "--print {p}: expected NAME, NAME,COUNT or NAME,OFFSET,COUNT"
                )))
            }
        };
        outputs.push(Output::Print(PrintSpec {
            name,
            offset,
            count,
            file: None,
        }));
    }
    for c in &a.compare {
        let Some((name, list)) = c.split_once('=') else {
            return Err(Failure::Usage(format!("--compare {c}: expected NAME=LIST")));
        };
        outputs.push(Output::Compare {
            name: name.into(),
            list: ListSource::Inline(list.into()),
        });
    }
    for w in &a.write {
        match w.split_once('=') {
            Some((name, file)) if !name.is_empty() && !file.is_empty() => {
                outputs.push(Output::Write {
                    name: name.into(),
                    file: file.into(),
                })
            }
            _ => return Err(Failure::Usage(format!("--write {w}: expected NAME=FILE"))),
        }
    }
    let timeout = match a.timeout {
        Some(t) => Some(
            kauai_runtime::limits::timeout_from_secs(t)
                .map_err(|e| Failure::Input(format!("--timeout {t:?}: {e}")))?,
        ),
        None => None,
    };
    let cmd = OclcCommand {
        files: a.files.clone(),
        cl_options: a.compile.option_string(),
        kernel: Some(a.kernel.clone()),
        execute: true,
        global: vec![sizes("--global", &a.global)?],
        local: match &a.local {
            Some(l) => vec![sizes("--local", l)?],
            None => vec![],
        },
        args,
        outputs,
        ulp_error: a.ulp_error,
        char_error: 0,
        seed: a.seed.unwrap_or(oclc::values::Rng::DEFAULT_SEED),
        repeat: 1,
        output_file: None,
        stage: None,
        device: a.device.clone(),
        timeout,
        checks: match &a.check {
            Some(list) => kauai_runtime::Checks::parse(list)
                .map_err(|e| Failure::Usage(format!("--check {list}: {e}")))?,
            None => kauai_runtime::Checks::default(),
        },
        dialect: Dialect::Kauai,
    };
    run_oclc(&cmd, a.time, a.stats)
}

pub(crate) fn run_oclc(cmd: &OclcCommand, time: bool, stats: bool) -> Result<ExitCode, Failure> {
    let mut out = String::new();
    let r = oclc::run(cmd, Path::new("."), &mut out);
    let _ = std::io::stdout().write_all(out.as_bytes());
    let report = r?;
    for w in &report.warnings {
        eprintln!("kauai: warning: {w}");
    }
    if time {
        eprintln!(
            "kauai: time: compile {}, jit {}, run {} (executor: {})",
            ms(report.compile_time),
            ms(report.jit_time),
            ms(report.run_time),
            report.executor
        );
    }
    if stats {
        if report.executor.starts_with("jit") {
            eprintln!(
                "kauai: stats: {} run(s), {} work-group(s) (compiled code counts no instructions; `--device host:interp` does)",
                report.runs, report.work_groups
            );
        } else {
            eprintln!(
                "kauai: stats: {} run(s), {} work-group(s), {} instruction(s) executed",
                report.runs, report.work_groups, report.instructions
            );
        }
    }
    // Each finding a block, separated by a blank line, as Oclgrind prints them.
    let blocks: Vec<String> = report.findings.iter().map(|f| f.to_string()).collect();
    if !blocks.is_empty() {
        eprintln!("{}\n", blocks.join("\n\n"));
    }
    if report.findings_dropped > 0 {
        eprintln!(
            "kauai: warning: {} more distinct finding(s) not shown",
            report.findings_dropped
        );
    }
    let found = report.findings.len() as u64 + report.findings_dropped;
    if found > 0 {
        eprintln!("kauai: error: the checks found {found} problem(s)");
    }
    Ok(if report.all_match && found == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

pub(crate) fn oclc_command(args: Vec<String>) -> Result<ExitCode, Failure> {
    if args
        .iter()
        .any(|a| a == "-help" || a == "--help" || a == "-h")
    {
        print!("{}", OCLC_HELP);
        return Ok(ExitCode::SUCCESS);
    }
    // Kauai's own flags; the rest is oclc's grammar.
    let flag = |a: &String, f: &str| a.trim_start_matches('-') == f && a.starts_with('-');
    let time = args.iter().any(|a| flag(a, "time"));
    let stats = args.iter().any(|a| flag(a, "stats"));
    let args: Vec<String> = args
        .into_iter()
        .filter(|a| !flag(a, "time") && !flag(a, "stats"))
        .collect();
    let cmd = OclcCommand::parse(&args)?;
    run_oclc(&cmd, time, stats)
}

const OCLC_HELP: &str = "\
Usage: kauai oclc [options] FILE.cl
       kauai oclc [options] FILE.il
       kauai oclc [options] FILE.ir

Runs one kernel with the oneAPI Construction Kit's oclc command grammar, so existing
oclc RUN lines work with `oclc` replaced by `kauai oclc`. An AMD IL program (FILE.il,
with its compiler metadata) runs on the kauai IL emulator; its argument names and types
come from the metadata. Kauai IR text (FILE.ir, from `kauai build --emit ir`) is
built for the device like OpenCL C.

  -cl-options 'OPTIONS'          OpenCL build options
  -enqueue KERNEL                the kernel to run
  -execute                       run it (otherwise only build)
  -global G1[,G2[,G3]]           global work size
  -local L1[,L2[,L3]]            local work size
  -arg NAME,LIST                 value for an argument: a scalar takes one element, a
                                 vector its components, a buffer the whole list, a
                                 __local pointer its size in bytes
  -arg NAME:FILE                 the list read from a file
  -arg NAME@FILE                 a buffer's (or a value's) raw bytes read from a file
  -arg NAME,null                 a null buffer
  -print NAME[,OFFSET],COUNT     print COUNT values after the run (NAME,v1,v2,...)
  -print NAME[,OFFSET],COUNT:FILE  ... into a file
  -write NAME:FILE               write the buffer's raw bytes to FILE after the run
  -compare NAME,LIST             print `NAME - match` or the mismatching values
  -compare NAME:FILE             the expected list read from a file
  -ulp-error N                   float tolerance of -compare, in ULPs (default 0)
  -char-error N                  char/uchar tolerance of -compare (default 0)
  -seed N                        seed of rand() and randint()
  -repeat-execution N            run N times; -arg, -global and -local may give
                                 {LIST},{LIST},... with one entry per run
  -stage finalized               print the finalized IR (host)
  -stage il                      print the IL program (kauai:<mcpu> devices)
  -o FILE                        write the -stage output to FILE (needs -stage)
  -device NAME, --device NAME    device to run on: host or kauai:<mcpu> with mcpu one
                                 of rv710 rv730 rv770 cedar redwood juniper cypress
                                 barts turks caicos cayman kauai test (default: host
                                 for OpenCL C, kauai:cypress for IL)
  -timeout SECONDS               stop a kernel that runs longer
  -check LIST                    checks on the host interpreter: memory (each private
                                 array on its own), races, uninit, all; findings go to
                                 stderr, the run goes on, the exit status is 1
  -time                          print the compile and run times on stderr
  -stats                         print runs, work-groups and instructions executed

LIST: numbers (integer, decimal, hex), repeat(N,LIST), range(A,B[,STEP]),
rand(MIN,MAX), randint(MIN,MAX). Values must fit the argument's type exactly (64-bit
integers included); a list may not be longer than the buffer it fills or describes
(at most 128 MiB on every device). A struct, by value or as each element of a buffer
of structs, takes the values of its fields in declaration order (nested structs,
arrays and vectors flattened: struct {int a; float b[2];} takes a,b0,b1), laid out
with the kernel's struct layout; an integer field takes any value of its width, signed
or unsigned, and prints as signed; a union takes its bytes; a struct without fields
is given as {}. -print and -compare count a struct buffer's values
the same way. Several -print or -write into one FILE are all written, in order.
";
