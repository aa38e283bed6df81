//! `kauai sim [OPTIONS] FILE.sim`: run a kernel described by one of Oclgrind's
//! `oclgrind-kernel` simulator files, with its output: error blocks on standard error
//! (each first line in Oclgrind's wording, then Kauai's detail lines), then the dumps
//! of `dump` arguments on standard output. As with `oclgrind-kernel`, a run that found
//! errors in the kernel still exits 0; a file or program that cannot be run exits 1.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use kauai_compiler::ArgKind;
use kauai_diag::{Diagnostic, SourceMap};
use kauai_ir::AddrSpace;
use kauai_runtime::sim::{self, ArgDesc, SimArg, SimOptions, Space};
use kauai_runtime::{Buffer, Device, Kernel, KernelArg, Program, SourceFile};

use crate::Failure;

const SIM_HELP: &str = "\
Usage: kauai sim [OPTIONS] FILE.sim

Runs the kernel a simulator file of Oclgrind's oclgrind-kernel describes (program file,
kernel, global and local size, one <size=N ...> argument each) on the host device, and
prints what oclgrind-kernel prints: error blocks on standard error, the arguments marked
`dump` on standard output. A first line `# ARGS: OPTIONS` adds options.

  --data-races               check for data races (the interpreter's `races` check)
  --uninitialized            check for uses of uninitialized values (`uninit`)
  --build-options OPTIONS    OpenCL build options
  --max-errors NUM           print at most NUM error blocks
  --timeout SECONDS          stop a kernel that runs longer (Kauai's own option)
  --num-threads NUM, --disable-pch, --pch-dir DIR, --compute-units NUM,
  --uniform-writes           accepted, no effect
  -h, --help                 this text

Other oclgrind-kernel options (-g, -q, -i, --log, ...) are refused as not supported
yet.
";

pub(crate) fn sim_command(args: Vec<String>) -> Result<ExitCode, Failure> {
    let mut opts = SimOptions::default();
    opts.apply(&args).map_err(Failure::Input)?;
    if opts.help {
        print!("{SIM_HELP}");
        return Ok(ExitCode::SUCCESS);
    }
    if opts.version {
        println!("kauai sim {}", env!("CARGO_PKG_VERSION"));
        return Ok(ExitCode::SUCCESS);
    }
    let Some(file) = opts.file.clone() else {
        return Err(Failure::Usage(
            "kauai sim needs a simulator file (kauai sim [OPTIONS] FILE.sim)".into(),
        ));
    };
    let path = PathBuf::from(&file);
    let mut sources = SourceMap::new();
    let id = sources.add(file.clone(), crate::read_file(&path)?);
    let located = |sources: &SourceMap, d: Diagnostic| Failure::Reported {
        log: d.render(sources),
        msg: format!("{file}: cannot run this simulator file"),
    };
    let (header, mut reader) = match sim::parse_header(&sources, id) {
        Ok(h) => h,
        Err(d) => return Err(located(&sources, d)),
    };
    // The `# ARGS:` line first, then the command line again, so the command line wins.
    let mut opts = SimOptions::default();
    let from_file: Vec<String> = header.options.iter().map(|o| o.0.clone()).collect();
    let blame = |e: &str| {
        header
            .options
            .iter()
            .find(|(o, _)| e.contains(&format!("'{o}'")) || e.contains(&format!(" {o}")))
            .or(header.options.first())
            .map(|o| o.1)
            .unwrap_or_default()
    };
    if let Err(e) = opts.apply(&from_file) {
        let span = blame(&e);
        return Err(located(
            &sources,
            Diagnostic::error(e).at(span, "on the # ARGS: line"),
        ));
    }
    if let Some(f) = &opts.file {
        let span = blame(&format!("'{f}'"));
        return Err(located(
            &sources,
            Diagnostic::error("the # ARGS: line names a file").at(span, "expected options only"),
        ));
    }
    opts.apply(&args).map_err(Failure::Input)?;

    let program_path = program_path(&path, &header.program);
    let Some(program_path) = program_path else {
        return Err(located(
            &sources,
            Diagnostic::error(format!("Unable to open {}", header.program)).at(
                header.program_span,
                "no such file beside the simulator file or in the current directory",
            ),
        ));
    };
    let device = Device::host();
    let source = SourceFile {
        name: header.program.clone(),
        bytes: crate::read_file(&program_path)?,
    };
    // oclgrind-kernel also loads LLVM bitcode (SPIR), by its magic number.
    if source.bytes.starts_with(b"BC") {
        return Err(located(
            &sources,
            Diagnostic::error("not supported yet: LLVM bitcode (SPIR) program files")
                .at(header.program_span, "Kauai compiles OpenCL C source only"),
        ));
    }
    let program = Program::build(&device, &[source], &opts.build_options)?;
    let mut kernel = match Kernel::new(&program, &header.kernel) {
        Ok(k) => k,
        Err(e) => {
            return Err(located(
                &sources,
                Diagnostic::error(format!("Failed to create kernel {}", header.kernel))
                    .at(header.kernel_span, e.to_string()),
            ))
        }
    };
    if header.local.contains(&0) {
        return Err(located(
            &sources,
            Diagnostic::error("Work group size must divide NDRange exactly.")
                .at(header.local_span, "a work-group size is 0"),
        ));
    }
    if (0..3).any(|d| header.global[d] % header.local[d] != 0) {
        return Err(located(
            &sources,
            Diagnostic::error("Work group size must divide NDRange exactly.").at(
                header.local_span,
                "each must divide the NDRange's size in its dimension",
            ),
        ));
    }
    let limits = device.limits();
    let mut dumps = Vec::new();
    // Whether any buffer has an access flag (`ro`, `wo`).
    let mut flagged = false;
    let infos = kernel.info.args.clone();
    for (i, a) in infos.iter().enumerate() {
        let desc = ArgDesc {
            name: a.name.clone(),
            space: match a.kind {
                ArgKind::Buffer(AddrSpace::Constant) => Space::Constant,
                ArgKind::Buffer(_) => Space::Global,
                ArgKind::Local => Space::Local,
                ArgKind::Value(_) | ArgKind::ByVal { .. } => Space::Private,
            },
            type_name: a.type_name.clone(),
            size: a.size,
        };
        let value = match reader.argument(&desc, &limits) {
            Ok(SimArg::Buffer {
                bytes,
                dump,
                read_only,
                write_only,
                noinit,
            }) => {
                // `ro`/`wo` are the platform's access flags, seen by the memory check.
                let access = match (read_only, write_only) {
                    (true, _) => kauai_runtime::Access::ReadOnly,
                    (_, true) => kauai_runtime::Access::WriteOnly,
                    _ => kauai_runtime::Access::ReadWrite,
                };
                flagged |= access != kauai_runtime::Access::ReadWrite;
                let mut b = Buffer::from_bytes(&bytes).with_access(access);
                // Oclgrind takes a `noinit` buffer's bytes as uninitialized.
                if noinit && opts.uninitialized {
                    b = b.with_undefined_contents();
                }
                let b = Arc::new(b);
                if let Some(d) = dump {
                    dumps.push((a.name.clone(), b.clone(), d));
                }
                KernelArg::Buffer(b)
            }
            Ok(SimArg::Null) => KernelArg::Bytes(vec![0; a.size as usize]),
            Ok(SimArg::Local(n)) => KernelArg::Local(n),
            Ok(SimArg::Value(b)) => KernelArg::Bytes(b),
            Err(d) => return Err(located(&sources, d)),
        };
        kernel.set_arg(i, value)?;
    }
    if let Err(d) = reader.finish() {
        return Err(located(&sources, d));
    }

    let outcome = sim::launch(
        &kernel,
        header.global,
        header.local,
        kauai_runtime::Checks {
            races: opts.data_races,
            uninit: opts.uninitialized,
            // Oclgrind always reports async copies that diverge; here they are
            // followed when another check is on (any check changes how a fault is
            // reported: the run goes on past it).
            async_copies: opts.data_races || opts.uninitialized || flagged,
            // Oclgrind always checks access flags; here the memory check does, so a
            // file that sets them turns it on.
            memory: flagged,
        },
        opts.timeout,
    )?;
    print!("{}", outcome.printf);
    eprint!("{}", sim::errors_text(&outcome.blocks, opts.max_errors));
    let mut out = String::new();
    for (name, buf, d) in &dumps {
        out.push_str(&sim::dump_text(name, &buf.read_bytes(), *d));
    }
    crate::write_output(None, &out)?;
    Ok(ExitCode::SUCCESS)
}

/// The program file: beside the simulator file, or (as `oclgrind-kernel` opens it) in
/// the current directory.
fn program_path(sim: &Path, program: &str) -> Option<PathBuf> {
    let p = Path::new(program);
    let beside = sim.parent().unwrap_or(Path::new("")).join(p);
    [beside, p.to_path_buf()].into_iter().find(|c| c.is_file())
}
