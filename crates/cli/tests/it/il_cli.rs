//! `kauai run`, `kauai oclc`, `kauai build` and `kauai il link` with AMD IL programs and
//! `kauai:<mcpu>` devices, as a user runs them. Expected values are hand-computed.

use crate::common;
use common::kauai;

#[test]
fn run_takes_an_il_program() {
    // The default device for an IL program is kauai:cypress; arguments come from the
    // metadata, so the OpenCL C argument grammar works unchanged.
    let (code, out, err) = kauai(&[
        "run",
        "filetests/il/vadd.il",
        "--kernel",
        "vadd",
        "--global",
        "4",
        "--arg",
        "a=1,2,3,4",
        "--arg",
        "b=10,20,30,40",
        "--print",
        "c",
    ]);
    assert_eq!((code, out.as_str()), (0, "c,11,22,33,44\n"), "{err}");
    let (code, out, err) = kauai(&[
        "run",
        "filetests/il/saxpy.il",
        "-k",
        "saxpy",
        "-g",
        "2",
        "--device",
        "kauai:rv710",
        "--arg",
        "a=3",
        "--arg",
        "x=1,2",
        "--arg",
        "y=1,1",
        "--compare",
        "y=4,7",
    ]);
    assert_eq!((code, out.as_str()), (0, "y - match\n"), "{err}");
}

#[test]
fn il_errors_have_the_right_exit_codes() {
    // A fault is a problem with the input: 1, with the work-item and the line.
    let (code, _, err) = kauai(&[
        "run",
        "filetests/il/faults.il",
        "-k",
        "oob",
        "-g",
        "8",
        "-l",
        "4",
        "--print",
        "out,4",
    ]);
    assert_eq!(code, 1, "{err}");
    // The faulting store is the first of its kind in the file (its first kernel).
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../filetests/il/faults.il"
    ))
    .unwrap();
    let line = 1 + text
        .lines()
        .position(|l| l == "uav_raw_store_id(11) mem0.x___, r1.x, r0.x")
        .unwrap();
    assert!(
        err.contains("work-item (4, 0, 0)") && err.contains(&format!("faults.il:{line}:1")),
        "{err}"
    );
    // An unknown device is bad usage: 2.
    let (code, _, err) = kauai(&[
        "run",
        "filetests/il/vadd.il",
        "-k",
        "vadd",
        "-g",
        "1",
        "--device",
        "kauai:nonsuch",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("kauai:cypress"), "{err}");
    // OpenCL C on an IL device goes through the amdil target: `--emit il` writes the IL
    // program with its metadata, and `run` executes it on the emulator.
    let (code, out, err) = kauai(&[
        "build",
        "--device",
        "kauai:cypress",
        "examples/vector_add.cl",
        "--emit",
        "il",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("il_cs_") && out.contains(";ARGSTART:__OpenCL_vector_add_kernel"),
        "{out}"
    );
    let (code, out, err) = kauai(&[
        "run",
        "examples/vector_add.cl",
        "--device",
        "kauai:juniper",
        "--kernel",
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
    assert_eq!(
        (code, out.as_str()),
        (0, "c,10,21,32,43,54,65,76,87\n"),
        "{err}"
    );
    // --emit il of a host program is a usage error.
    let (code, _, err) = kauai(&["build", "examples/vector_add.cl", "--emit", "il"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn oclc_takes_device_in_both_spellings() {
    for flag in ["-device", "--device"] {
        let (code, out, err) = kauai(&[
            "oclc",
            flag,
            "kauai:turks",
            "-execute",
            "-enqueue",
            "neg",
            "-arg",
            "in,4,5",
            "-print",
            "out,2",
            "-global",
            "2",
            "filetests/il/multikernel.il",
        ]);
        assert_eq!((code, out.as_str()), (0, "out,-9,-11\n"), "{err}");
    }
}

#[test]
fn il_link_prints_one_kernel() {
    let (code, out, err) = kauai(&[
        "il",
        "link",
        "filetests/il/multikernel.il",
        "--kernel",
        "neg",
    ]);
    assert_eq!(code, 0, "{err}");
    // main calls the kernel; only the kernel and the helper it calls remain.
    assert!(out.contains("\ncall 1026\nendmain\n"), "{out}");
    assert!(
        out.contains("func 1026") && out.contains("func 1030"),
        "{out}"
    );
    assert!(!out.contains("func 1024"), "{out}");
    assert!(out.ends_with("end\n"), "{out}");
    let (code, _, err) = kauai(&[
        "il",
        "link",
        "filetests/il/multikernel.il",
        "--kernel",
        "nope",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("no kernel named `nope`"), "{err}");
}

#[test]
fn already_linked_output_links_and_runs() {
    // AMD's runtime output with the link point consumed (`call 1030;$` in main): `il link`
    // keeps main's call, `run` runs it. Expected: the shifted copy of the file's comment
    // (shift (1, 0) in a 4x3 image, the border 0 past the right edge:
    // 2 3 4 0 / 6 7 8 0 / 10 11 12 0).
    let (code, out, err) = kauai(&[
        "il",
        "link",
        "filetests/il/linked_copy_image.il",
        "--kernel",
        "shift_copy",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\ncall 1030 ;$\nendmain\n"), "{out}");
    assert!(
        out.contains("func 1030") && out.contains("func 1031"),
        "{out}"
    );
    let (code, out, err) = kauai(&[
        "run",
        "filetests/il/linked_copy_image.il",
        "-k",
        "shift_copy",
        "-g",
        "4,3",
        "--arg",
        "src=image2d(R,FLOAT,4,3),1,2,3,4,5,6,7,8,9,10,11,12",
        "--arg",
        "dst=image2d(R,FLOAT,4,3)",
        "--arg",
        "shift=1,0",
        "--print",
        "dst",
    ]);
    assert_eq!(
        (code, out.as_str()),
        (0, "dst,2,3,4,0,6,7,8,0,10,11,12,0\n"),
        "{err}"
    );
}

#[test]
fn run_binds_atomic_counters_like_one_uint() {
    // 64 atomic_inc from 100 (c ends at 164) and 16 atomic_dec from 50 (d ends at 34),
    // on the host and on an Evergreen device, where the counter is an append counter.
    for device in ["host", "kauai:cypress"] {
        let (code, out, err) = kauai(&[
            "run",
            "filetests/run/counters/inc_dec.cl",
            "--device",
            device,
            "-k",
            "counters",
            "-g",
            "64",
            "-l",
            "16",
            "--arg",
            "c=100",
            "--arg",
            "d=50",
            "--arg",
            "seen=repeat(64,0)",
            "--arg",
            "dec=0,4294967295,0",
            "--print",
            "c",
            "--print",
            "d",
            "--print",
            "dec",
        ]);
        assert_eq!(
            (code, out.as_str()),
            (0, "c,164\nd,34\ndec,680,35,50\n"),
            "{device}: {err}"
        );
    }
}

#[test]
fn build_target_amdil_writes_il_that_runs() {
    // The end-to-end path: OpenCL C -> IL file -> run on the emulator.
    let il = std::env::temp_dir().join(format!("kauai-build-amdil-{}.il", std::process::id()));
    let il_path = il.to_string_lossy().into_owned();
    let (code, _, err) = kauai(&[
        "build",
        "--target",
        "amdil",
        "--mcpu",
        "cayman",
        "examples/vector_add.cl",
        "-o",
        &il_path,
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&il).expect("the IL file was written");
    assert!(text.starts_with("il_cs_2_0"), "{text}");
    assert!(text.contains(";device:cayman"), "{text}");
    let (code, out, err) = kauai(&[
        "run",
        &il_path,
        "--device",
        "kauai:cayman",
        "--kernel",
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
    let _ = std::fs::remove_file(&il);
    assert_eq!(
        (code, out.as_str()),
        (0, "c,10,21,32,43,54,65,76,87\n"),
        "{err}"
    );
}

#[test]
fn build_target_amdil_options_and_help() {
    let (code, out, _) = kauai(&["build", "--mcpu", "help"]);
    assert_eq!(code, 0);
    assert!(out.contains("cypress") && out.contains("cayman"), "{out}");
    let (code, out, _) = kauai(&["build", "--mattr", "help"]);
    assert_eq!(code, 0);
    assert!(out.contains("byte_addressable_store"), "{out}");
    // A device docs/spec/amd-runtime-abi.md does not list is a usage error; a feature the device cannot
    // have fails the build (exit 1) with the reason.
    let (code, _, err) = kauai(&["build", "--mcpu", "rv9999", "examples/vector_add.cl"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unknown -mcpu `rv9999`"), "{err}");
    let (code, _, err) = kauai(&[
        "build",
        "--mcpu",
        "juniper",
        "--mattr=+fp64",
        "examples/vector_add.cl",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no double-precision hardware"), "{err}");
    // Target options without the amdil target are usage errors.
    let (code, _, err) = kauai(&[
        "build",
        "--target",
        "host",
        "--mcpu",
        "cypress",
        "examples/vector_add.cl",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("options of --target amdil"), "{err}");
    let (code, _, err) = kauai(&["build", "--mattr", "-fp64", "examples/vector_add.cl"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--mattr needs an amdil device"), "{err}");
}

/// A temporary IL file with `bytes`, removed by the caller's `remove_dir_all`.
fn temp_il(dir: &std::path::Path, name: &str, bytes: &[u8]) -> String {
    std::fs::create_dir_all(dir).expect("temp dir");
    let f = dir.join(name);
    std::fs::write(&f, bytes).expect("write");
    f.to_string_lossy().into_owned()
}

#[test]
fn every_il_entry_point_reports_non_ascii_code() {
    // Issue 15: `lt ()é` made every IL reader slice inside the `é`.
    let dir = std::env::temp_dir().join(format!("kauai-il-utf8-{}", std::process::id()));
    let f = temp_il(&dir, "x.il", b"lt ()\xc3\xa9\n");
    let runs: [&[&str]; 5] = [
        &["il", "check", &f],
        &["il", "fmt", &f],
        &["il", "link", &f, "-k", "k"],
        &["run", &f, "-k", "k", "-g", "1"],
        &["oclc", "-execute", "-enqueue", "k", "-global", "1", &f],
    ];
    for args in runs {
        let (code, _, err) = kauai(args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(
            err.contains("x.il:1:6") && err.contains("non-ASCII character `é` in IL code"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("internal error"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn il_check_reports_parse_and_validation_errors_in_one_run() {
    let dir = std::env::temp_dir().join(format!("kauai-il-check-{}", std::process::id()));
    // Line 2 does not parse, line 3 parses but does not validate, line 4 names a swizzle
    // component that does not exist.
    let f = temp_il(
        &dir,
        "both.il",
        b"il_cs_2_0\nmov r0.x, r1.x,\nmov r0.x, l7.x\nmov r0.x, r1.q\nend\n",
    );
    let (code, _, err) = kauai(&["il", "check", &f]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("both.il:2:15") && err.contains("trailing `,`"),
        "{err}"
    );
    assert!(
        err.contains("both.il:3:11") && err.contains("`l7` is not declared"),
        "{err}"
    );
    assert!(
        err.contains("both.il:4:14") && err.contains("`q` is not a swizzle component"),
        "{err}"
    );
    // What `il check` used to accept: an empty file, a literal over 32 bits, an unknown
    // metadata data type.
    for (name, bytes, at, what) in [
        ("empty.il", &b""[..], "empty.il:1:1", "empty IL program"),
        (
            "wide.il",
            &b"il_cs_2_0\ndcl_literal l0, 0x1FFFFFFFF, 0, 0, 0\nend\n"[..],
            "wide.il:2:17",
            "number `0x1FFFFFFFF` does not fit in 32 bits",
        ),
        (
            "md.il",
            &b"il_cs_2_0\nend\n;ARGSTART:k\n;value:a:i33:1:1:0\n;ARGEND:k\n"[..],
            "md.il:4:1",
            "unknown data type `i33`",
        ),
    ] {
        let f = temp_il(&dir, name, bytes);
        let (code, _, err) = kauai(&["il", "check", &f]);
        assert_eq!(code, 1, "{name}: {err}");
        assert!(err.contains(at) && err.contains(what), "{name}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
