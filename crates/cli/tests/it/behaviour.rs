//! The CLI behaving the same everywhere and holding its limits:
//! safe output writing, `-o` honoured or refused, one message shape, clang's spellings,
//! `kauai ir`, `--time`/`--stats`, and the reproductions of bad input, each on the host
//! and on `kauai:cypress` where it applies. Expected values are hand-computed.

use crate::common;
use common::kauai;

use std::path::{Path, PathBuf};

/// A fresh temporary directory for one test.
fn temp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kauai-cli-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

const KERNELS: &str = "\
__kernel void fill(__global int *o) { o[get_global_id(0)] = (int)get_global_id(0); }
__kernel void twice(__global int *dst, __global const int *src1) {
    size_t i = get_global_id(0); dst[i] = src1[i] * 2; }
__kernel void lines(int n) { for (int i = 0; i < n; i++) printf(\"%d\\n\", i); }
";

#[test]
fn output_to_a_fifo_is_written_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let d = temp("fifo");
    let fifo = d.join("out.ir");
    if !std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|st| st.success())
    {
        eprintln!("mkfifo is not available; skipped");
        return;
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(&fifo).expect("read the fifo"))
    };
    let (code, _, err) = kauai(&[
        "build",
        "examples/vector_add.cl",
        "--emit",
        "ir",
        "-o",
        s(&fifo),
    ]);
    assert_eq!(code, 0, "{err}");
    // Before the fix the output was renamed over the FIFO, which became a regular file.
    let kind = std::fs::symlink_metadata(&fifo)
        .expect("metadata")
        .file_type();
    assert!(kind.is_fifo(), "the FIFO was replaced: {kind:?}");
    assert!(reader.join().expect("reader").contains("vector_add"));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn output_to_dev_null_keeps_the_device() {
    use std::os::unix::fs::FileTypeExt;
    let dev_null = Path::new("/dev/null");
    if !std::fs::metadata(dev_null).is_ok_and(|m| m.file_type().is_char_device()) {
        return;
    }
    let (code, _, err) = kauai(&[
        "build",
        "examples/vector_add.cl",
        "--emit",
        "ir",
        "-o",
        "/dev/null",
    ]);
    assert_eq!(code, 0, "{err}");
    let m = std::fs::metadata(dev_null).expect("metadata");
    assert!(
        m.file_type().is_char_device(),
        "/dev/null is no longer a device"
    );
}

#[test]
fn dash_o_is_honoured_or_refused() {
    let d = temp("dash-o");
    let out = d.join("x.txt");
    let (code, _, err) = kauai(&["build", "examples/vector_add.cl", "-o", s(&out)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.starts_with("kauai: error: -o "), "{err}");
    assert!(err.contains("nothing to write"), "{err}");
    let (code, _, err) = kauai(&[
        "oclc",
        "-enqueue",
        "vector_add",
        "-o",
        s(&out),
        "examples/vector_add.cl",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`-o` writes the output of `-stage`"), "{err}");
    assert!(!out.exists());
    // With something to write, it is written.
    let (code, _, err) = kauai(&[
        "oclc",
        "-stage",
        "finalized",
        "-o",
        s(&out),
        "examples/vector_add.cl",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&out)
        .expect("written")
        .contains("vector_add"));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn every_error_has_one_shape() {
    let d = temp("shape");
    let k = d.join("k.cl");
    std::fs::write(&k, KERNELS).expect("write");
    let k = s(&k);
    for (args, code, text) in [
        (vec!["build", "does/not/exist.cl"], 1, "kauai: error: cannot read does/not/exist.cl"),
        (vec!["run", k, "-k", "fill", "-g", "4", "--arg", "z=1"], 2,
            "kauai: error: --arg z=1: kernel `fill` has no argument named `z` (arguments: o)"),
        (vec!["run", k, "-k", "twice", "-g", "4", "--arg", "src1=range(0", "--print", "dst"], 1,
            "kauai: error: --arg src1=range(0: expected `,` at the end"),
        (vec!["run", k, "-k", "twice", "-g", "8", "--arg", "src1=repeat(8,1.5)", "--print", "dst"], 1,
            "kauai: error: --arg src1=repeat(8,1.5): `1.5` is not a whole number, as `int` needs"),
        (vec!["run", k, "-k", "twice", "-g", "1", "--arg", "src1=99999999999", "--print", "dst"], 1,
            "kauai: error: --arg src1=99999999999: `99999999999` is out of range for `int`"),
        (vec!["run", k, "-k", "twice", "-g", "1", "--print", "dst"], 2,
            "kauai: error: kernel argument `src1` of `twice` is not given: give it a value with --arg"),
        (vec!["run", k, "-k", "nope", "-g", "1"], 1, "kauai: error: no kernel named `nope`"),
        (vec!["run", k, "-k", "fill", "-g", "x"], 2, "kauai: error: --global x: not a list"),
    ] {
        let (got, _, err) = kauai(&args);
        assert_eq!(got, code, "{args:?}: {err}");
        assert!(err.starts_with(text), "{args:?}: {err}");
        assert_eq!(err.matches("kauai: error:").count(), 1, "{args:?}: {err}");
    }
    // clap's errors too.
    let (code, _, err) = kauai(&["run", k, "--frobnicate"]);
    assert!(
        code == 2 && err.starts_with("kauai: error: unexpected argument '--frobnicate'"),
        "{err}"
    );
    // A build error: the diagnostics, then the one message.
    std::fs::write(
        d.join("bad.cl"),
        "__kernel void k(__global int *o) { o[0] = y; }\n",
    )
    .expect("write");
    let (code, _, err) = kauai(&[
        "run",
        s(&d.join("bad.cl")),
        "-k",
        "k",
        "-g",
        "1",
        "--print",
        "o",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("bad.cl:1:43") && err.ends_with("kauai: error: build failed\n"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn build_takes_clangs_spellings() {
    let d = temp("clang");
    let k = d.join("k.cl");
    std::fs::write(
        &k,
        "#define SCALE N\n__kernel void k(__global int *o) { printf(\"x\\n\", 1); o[0] = SCALE; }\n",
    )
    .expect("write");
    let k = s(&k);
    let (code, _, err) = kauai(&[
        "build",
        "-cl-std=CL1.1",
        "-cl-opt-disable",
        "-w",
        "-DN=2",
        k,
    ]);
    assert_eq!(code, 0, "{err}");
    // The value of --cl-options given as the next argument stays its value.
    let (code, _, err) = kauai(&["build", "--cl-options", "-cl-opt-disable", "-DN=2", k]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = kauai(&["build", "-cl-std=CL9.9", k]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("unsupported `-cl-std=CL9.9`"), "{err}");
    // The unused printf argument is a warning; -Werror makes it an error, -w silences it.
    let (code, _, err) = kauai(&["build", "-DN=1", k]);
    assert!(code == 0 && err.contains("warning"), "{code} {err}");
    assert_eq!(kauai(&["build", "-DN=1", "-Werror", k]).0, 1);
    let (code, _, err) = kauai(&["build", "-DN=1", "-w", k]);
    assert!(code == 0 && !err.contains("warning"), "{code} {err}");
    // -E writes the preprocessed source; -fsyntax-only checks and writes nothing.
    let (code, out, err) = kauai(&["build", "-E", "-DN=42", k]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("o[0] = 42;") && !out.contains("SCALE"),
        "{out}"
    );
    let (code, out, err) = kauai(&["build", "-fsyntax-only", "-DN=1", k]);
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    let (code, _, err) = kauai(&["build", "-fsyntax-only", k]);
    assert_eq!(code, 1, "N undeclared: {err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn ir_files_are_verified_optimized_printed_and_run() {
    let d = temp("ir");
    let ir = d.join("va.ir");
    let (code, _, err) = kauai(&[
        "build",
        "examples/vector_add.cl",
        "--emit",
        "ir",
        "-o",
        s(&ir),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = kauai(&["ir", "verify", s(&ir)]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(": valid;") && out.contains("vector_add"),
        "{out}"
    );
    // The front end's locals are allocas; mem2reg promotes them.
    let text = std::fs::read_to_string(&ir).expect("read");
    assert!(text.contains("alloca"));
    let (code, out, err) = kauai(&["ir", "opt", "--passes", "mem2reg,dce", s(&ir)]);
    assert_eq!(code, 0, "{err}");
    assert!(
        !out.contains("alloca") && out.contains("vector_add"),
        "{out}"
    );
    let (code, _, err) = kauai(&["ir", "opt", "--passes", "bogus", s(&ir)]);
    assert!(code == 2 && err.contains("unknown pass `bogus`"), "{err}");
    let (code, out, _) = kauai(&["ir", "print", s(&ir)]);
    assert_eq!((code, out.as_str()), (0, text.as_str()));
    // The IR text form has no data layout: it is the host's (64-bit) IR, which the
    // 32-bit kauai devices refuse with a message.
    for device in ["host", "kauai:cypress"] {
        let (code, out, err) = kauai(&[
            "run",
            s(&ir),
            "--device",
            device,
            "-k",
            "vector_add",
            "--global",
            "8",
            "--arg",
            "a=range(0,7)",
            "--arg",
            "b=range(10,80,10)",
            "--print",
            "c",
        ]);
        if device == "host" {
            assert_eq!(
                (code, out.as_str()),
                (0, "c,10,21,32,43,54,65,76,87\n"),
                "{device}: {err}"
            );
        } else {
            assert!(code == 1 && err.contains("32-bit pointers"), "{err}");
        }
    }
    let bad = d.join("bad.ir");
    std::fs::write(&bad, "func @f() -> void {\nblock0:\n    frob\n}\n").expect("write");
    let (code, _, err) = kauai(&["ir", "verify", s(&bad)]);
    assert!(code == 1 && err.contains("bad.ir:"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn time_and_stats_are_reported() {
    let (code, _, err) = kauai(&[
        "run",
        "examples/vector_add.cl",
        "-k",
        "vector_add",
        "--global",
        "8",
        "--local",
        "4",
        "--arg",
        "a=range(0,7)",
        "--arg",
        "b=range(10,80,10)",
        "--print",
        "c",
        "--time",
        "--stats",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("kauai: time: compile ")
            && err.contains(" ms, jit ")
            && err.contains(" ms, run ")
            && err.contains("(executor: jit, "),
        "{err}"
    );
    assert!(
        err.contains("kauai: stats: 1 run(s), 2 work-group(s) (compiled code counts no"),
        "{err}"
    );
    let (code, _, err) = kauai(&[
        "oclc",
        "-execute",
        "-enqueue",
        "vector_add",
        "-arg",
        "a,range(0,7)",
        "-arg",
        "b,range(10,80,10)",
        "-print",
        "c,8",
        "-global",
        "8",
        "-stats",
        "-device",
        "host:interp",
        "examples/vector_add.cl",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("instruction(s) executed"), "{err}");
    let (code, _, err) = kauai(&["build", "examples/vector_add.cl", "--time", "--stats"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("kauai: time: compile") && err.contains("1 kernel(s)"),
        "{err}"
    );
}

#[test]
fn run_help_names_the_global_size_clearly() {
    let (code, out, _) = kauai(&["run", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("--global <X[,Y,Z]>"), "{out}");
    assert!(out.contains("in `asm` and `disasm`"), "{out}");
}

#[test]
fn bad_sizes_and_endless_inputs_fail_with_a_message() {
    let d = temp("limits");
    let k = d.join("k.cl");
    std::fs::write(&k, KERNELS).expect("write");
    let k = s(&k);
    for device in ["host", "kauai:cypress"] {
        for (args, text) in [
            (
                vec!["--timeout", "1e300", "-g", "4", "--print", "o"],
                "MAX_TIMEOUT_SECS",
            ),
            (
                vec!["-g", "4", "--print", "o,100000000000,4"],
                "exceed the maximum buffer size of",
            ),
            (
                vec!["-g", "4", "--print", "o,18446744073709551615"],
                "18446744073709551615 values",
            ),
            (vec!["-g", "1099511627776", "--print", "o"], "1099511627776"),
            (
                vec!["-g", "4294967296,4294967296", "--print", "o"],
                "4294967296 x 4294967296",
            ),
            (
                vec!["-g", "4", "--arg", "o=@/dev/zero"],
                "/dev/zero is larger than the input size limit",
            ),
            (
                vec!["-g", "4", "--compare", "o=repeat(67108864,0)"],
                "67108864 values of `int`",
            ),
        ] {
            let mut all = vec!["run", k, "-k", "fill", "--device", device];
            all.extend(&args);
            let (code, _, err) = kauai(&all);
            assert_eq!(code, 1, "{device} {args:?}: {err}");
            assert!(
                err.starts_with("kauai: error: ") && err.contains(text),
                "{device} {args:?}: {err}"
            );
        }
    }
    let (code, _, err) = kauai(&["build", "/dev/zero"]);
    assert!(code == 1 && err.contains("MAX_INPUT_BYTES"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn prints_into_one_file_are_all_written_in_order() {
    let d = temp("print-file");
    let out = d.join("out.txt");
    let spec = |name: &str| format!("{name}:{}", s(&out));
    let (code, stdout, err) = kauai(&[
        "oclc",
        "-execute",
        "-enqueue",
        "vector_add",
        "-arg",
        "a,range(0,3)",
        "-arg",
        "b,range(10,40,10)",
        "-print",
        &spec("c,4"),
        "-print",
        &spec("a,3"),
        "-global",
        "4",
        "examples/vector_add.cl",
    ]);
    assert_eq!((code, stdout.as_str()), (0, ""), "{err}");
    assert_eq!(
        std::fs::read_to_string(&out).expect("read"),
        "c,10,21,32,43\na,0,1,2\n"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn dropped_printf_output_is_reported() {
    let d = temp("printf");
    let k = d.join("k.cl");
    std::fs::write(&k, KERNELS).expect("write");
    // Each record is 8 bytes (format id, one int) after the buffer's 8-byte header:
    // (1 MiB - 8) / 8 = 131071 fit, so 140000 - 131071 = 8929 calls are dropped.
    let (code, out, err) = kauai(&["run", s(&k), "-k", "lines", "-g", "1", "--arg", "n=140000"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 131071);
    assert!(
        err.contains("kauai: warning: kernel `lines`: the printf buffer (1048576 bytes) filled up; the output of 8929 printf call(s) after it was dropped"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_fault_quotes_its_source_line_on_both_host_executors() {
    // The access is in a helper the compiler inlines: the line quoted is the helper's.
    let file = "filetests/run/errors/fault_in_helper.cl";
    for executor in ["interp", "jit"] {
        let (code, _, err) = common::kauai_env(
            &[("KAUAI_HOST_EXECUTOR", executor)],
            &[
                "oclc", "-execute", "-enqueue", "k", "-print", "o,4", "-global", "4", file,
            ],
        );
        assert_eq!(code, 1, "{executor}: {err}");
        assert!(err.starts_with("kauai: error: fault in kernel k, work-item (3, 0, 0): load of 4 bytes at offset 12000"), "{executor}: {err}");
        assert!(
            err.ends_with(
                "(at filetests/run/errors/fault_in_helper.cl:9:12)\n 9 |     return p[i * 1000];\n   |            ^\n"
            ),
            "{executor}: {err}"
        );
    }
    // The IL devices find the line through the `;@` comments of the generated IL.
    for device in ["kauai:cypress", "kauai:rv770"] {
        let (code, _, err) = common::kauai(&[
            "oclc", "-device", device, "-execute", "-enqueue", "k", "-print", "o,4", "-global",
            "4", file,
        ]);
        assert_eq!(code, 1, "{device}: {err}");
        assert!(
            err.contains("is past the end of buffer `o` (256..272) (IL `uav_raw_load_id"),
            "{device}: {err}"
        );
        assert!(
            err.ends_with(
                "(at filetests/run/errors/fault_in_helper.cl:9:12)\n 9 |     return p[i * 1000];\n   |            ^\n"
            ),
            "{device}: {err}"
        );
    }
}

#[test]
fn check_races_reports_blocks_and_keeps_the_outputs() {
    // The run-test's racy kernel through `kauai run`: outputs still printed, each finding
    // a block on stderr separated by a blank line, exit status 1; the twin with a
    // barrier exits 0 with nothing on stderr; unknown checks and IL devices are usage
    // errors (2).
    let racy = "filetests/run/checks/race_local.cl";
    let twin = "filetests/run/checks/race_local_barrier.cl";
    let run = |file: &str, extra: &[&str]| {
        let mut a = vec!["run", file, "-k", "rot", "-g", "8", "-l", "4", "-p", "out"];
        a.extend_from_slice(extra);
        kauai(&a)
    };
    let (code, out, err) = run(racy, &["--check", "races"]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, "out,0,0,0,1,0,0,0,1\n");
    assert!(
        err.starts_with(
            "Read-write data race at local memory address 0x20000000004\n    Kernel: rot\n"
        ),
        "{err}"
    );
    // Both accesses of each race are quoted from the source, as Oclgrind does.
    assert!(
        err.contains(
            "First entity:  Global(0,0,0) Local(0,0,0) Group(0,0,0): load\n    At line 24 (column 29) of filetests/run/checks/race_local.cl:\n      out[get_global_id(0)] = tmp[(l + 1) % 4];\n    Second entity: Global(1,0,0) Local(1,0,0) Group(0,0,0): store\n    At line 23 (column 5) of filetests/run/checks/race_local.cl:\n      tmp[l] = l + 1;\n\nRead-write data race at local memory address 0x20000000000\n"
        ),
        "{err}"
    );
    assert!(
        err.ends_with("\n\nkauai: error: the checks found 2 problem(s)\n"),
        "{err}"
    );
    // Without the check the same race goes unseen.
    let (code, _, err) = run(racy, &[]);
    assert_eq!((code, err.as_str()), (0, ""));
    let (code, out, err) = run(twin, &["--check", "all"]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "out,2,3,4,1,2,3,4,1\n", "")
    );
    let (code, _, err) = run(twin, &["--check", "race"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "--check race: unknown check `race` (checks: memory, races, uninit, async, all)"
        ),
        "{err}"
    );
    let (code, _, err) = run(twin, &["--check", "races", "--device", "kauai:cypress"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the checks run on the host device's interpreter, not on kauai:cypress"),
        "{err}"
    );
}

/// `kauai check` passes the application's exit status through, refuses an unknown check
/// before running anything, and names a command it cannot start. (The platform library
/// is only named here: these commands never load it. The checks themselves are run
/// through pyopencl in `crates/icd/tests/python`.)
#[test]
fn check_passes_the_exit_status_through_and_refuses_bad_usage() {
    let lib = env!("CARGO_BIN_EXE_kauai");
    let (code, _, err) = kauai(&["check", "--lib", lib, "--", "sh", "-c", "exit 7"]);
    assert_eq!(code, 7, "{err}");
    let (code, _, err) = kauai(&["check", "--lib", lib, "--error-exitcode", "9", "--", "true"]);
    assert_eq!(code, 0, "nothing was found: {err}");
    let (code, _, err) = kauai(&["check", "--check", "bogus", "--lib", lib, "--", "true"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("kauai: error: --check bogus: unknown check `bogus`"),
        "{err}"
    );
    let (code, _, err) = kauai(&["check", "--lib", lib, "--", "/no/such/program"]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("kauai: error: cannot run /no/such/program:"),
        "{err}"
    );
    // The variables the application sees: only Kauai's vendors file, the host device,
    // the checks and the log.
    let (code, out, err) = kauai(&[
        "check",
        "--check",
        "races",
        "--lib",
        lib,
        "--",
        "sh",
        "-c",
        "cat \"$OCL_ICD_VENDORS/kauai.icd\"; echo $KAUAI_DEVICES $KAUAI_CHECKS; basename $KAUAI_CHECK_LOG",
    ]);
    assert_eq!(code, 0, "{err}");
    let canonical = std::fs::canonicalize(lib).expect("canonical");
    assert_eq!(
        out,
        format!("{}\nhost races\nfindings.log\n", canonical.display())
    );
}
