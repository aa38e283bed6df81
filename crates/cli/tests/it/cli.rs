//! The `kauai` binary as a user runs it: the README's command, exit codes, no panics.

use crate::common;
use common::kauai;

#[test]
fn readme_command_prints_the_documented_line() {
    let (code, out, err) = kauai(&[
        "run",
        "examples/vector_add.cl",
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
}

#[test]
fn exit_codes() {
    // A mismatch is a failed run: 1.
    let (code, out, _) = kauai(&[
        "run",
        "examples/saxpy.cl",
        "-k",
        "saxpy",
        "-g",
        "4",
        "--arg",
        "a=2",
        "--arg",
        "x=1,2,3,4",
        "--arg",
        "y=10,10,10,10",
        "--compare",
        "y=12,14,16,19",
    ]);
    assert_eq!(code, 1);
    assert!(out.contains("y[3]: expected 19, actual 18"), "{out}");
    // Usage errors: 2.
    assert_eq!(kauai(&["frobnicate"]).0, 2);
    assert_eq!(
        kauai(&["run", "examples/saxpy.cl", "-k", "saxpy", "-g", "x"]).0,
        2
    );
    // A missing file is a problem with the input: 1.
    assert_eq!(kauai(&["build", "does/not/exist.cl"]).0, 1);
}

#[test]
fn diagnostics_point_at_the_source() {
    let dir = std::env::temp_dir().join(format!("kauai-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let f = dir.join("bad.cl");
    std::fs::write(&f, "__kernel void k(__global int *o) {\n    o[0] = y;\n}\n").expect("write");
    let (code, _, err) = kauai(&["build", f.to_str().expect("utf-8 path")]);
    assert_eq!(code, 1);
    assert!(err.contains("bad.cl:2:12"), "{err}");
    assert!(err.contains("o[0] = y;"), "{err}");
    let il = dir.join("bad.il");
    std::fs::write(&il, "il_cs_2_0\nfrob r0.x, r1\nend\n").expect("write");
    let (code, _, err) = kauai(&["il", "check", il.to_str().expect("utf-8 path")]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown IL opcode `frob`"), "{err}");
    assert!(err.contains("bad.il: 1 error(s)"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn garbage_input_never_panics() {
    let dir = std::env::temp_dir().join(format!("kauai-cli-garbage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let inputs: [&[u8]; 5] = [
        b"\xff\xfe\x00kernel",
        b"__kernel void k(__global int *p) { p[0] = ((((((((1; }",
        b"#if\n#endif\n#define A(x) A(x)\nA(1)",
        b"__kernel void k(__global float4 *p) { p[0].xyzwq = 1; }",
        b"int f(int); __kernel void k() { f(1); }",
    ];
    for (i, bytes) in inputs.iter().enumerate() {
        let f = dir.join(format!("g{i}.cl"));
        std::fs::write(&f, bytes).expect("write");
        let (code, _, err) = kauai(&["build", f.to_str().expect("utf-8 path")]);
        assert_eq!(code, 1, "input {i}: {err}");
        assert!(!err.contains("internal error"), "input {i}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn asm_and_disasm_round_trip() {
    let dir = std::env::temp_dir().join(format!("kauai-cli-asm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let src = dir.join("a.s");
    std::fs::write(
        &src,
        "s_add_u32 s3, s1, s2\nv_add_f32 v1, v2, v3\ns_endpgm\n",
    )
    .expect("write");
    let bin = dir.join("a.bin");
    let (code, _, err) = kauai(&[
        "asm",
        "-g",
        "tonga",
        src.to_str().expect("path"),
        "-o",
        bin.to_str().expect("path"),
    ]);
    assert_eq!(code, 0, "{err}");
    // The words llvm-mc 14 gives for -mcpu=tonga.
    let words: Vec<u32> = std::fs::read(&bin)
        .expect("read")
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    assert_eq!(words, [0x8003_0201, 0x0202_0702, 0xbf81_0000]);
    let (code, out, _) = kauai(&["disasm", "-g", "tonga", bin.to_str().expect("path")]);
    assert_eq!(code, 0);
    assert!(
        out.contains("v_add_f32") && out.contains("s_endpgm"),
        "{out}"
    );
    assert_eq!(
        kauai(&[
            "asm",
            "-g",
            "nonsuch",
            src.to_str().expect("path"),
            "-o",
            "x"
        ])
        .0,
        2
    );
    let _ = std::fs::remove_dir_all(&dir);
}
