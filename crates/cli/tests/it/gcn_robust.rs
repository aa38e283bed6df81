//! `kauai asm` / `kauai disasm` on hostile and odd inputs, run as a user runs them: every
//! one ends with exit 0 or 1 and a message, within 5 s and 512 MB of address space.

use crate::common;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// A scratch file for one test (tests run in parallel: names are unique per test).
fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kauai-gcn-robust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("write scratch file");
    p
}

/// Run `kauai ARGS` under a 512 MB address-space limit: (exit code, stdout, stderr),
/// failing the test if it takes 5 s or more.
fn bounded(args: &[&str]) -> (i32, String, String) {
    let t = Instant::now();
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 524288 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_kauai"))
        .args(args)
        .output()
        .expect("kauai runs");
    let took = t.elapsed();
    assert!(
        took < Duration::from_secs(5),
        "kauai {args:?} took {took:?}"
    );
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `kauai asm FILE` fails with exit 1 and each of `needles` in its messages.
fn asm_fails(name: &str, src: &[u8], needles: &[&str]) {
    let f = scratch(name, src);
    let out = scratch(&format!("{name}.bin"), b"");
    let (code, _, err) = bounded(&["asm", f.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(!err.contains("internal error"), "{err}");
    for n in needles {
        assert!(err.contains(n), "expected {n:?} in:\n{err}");
    }
}

#[test]
fn skipped_elseif_that_does_not_lex() {
    asm_fails(
        "elseif.s",
        b".if 0\n.elseif \x01\n.endif\n",
        &["elseif.s:2:9", "unexpected character"],
    );
}

#[test]
fn deep_expressions() {
    let parens = format!(".int {}1{}\n", "(".repeat(9000), ")".repeat(9000));
    asm_fails(
        "parens.s",
        parens.as_bytes(),
        &["MAX_EXPR_DEPTH", "parens.s:1:"],
    );
    let unary = format!(".int {}1\n", "-".repeat(100_000));
    asm_fails(
        "unary.s",
        unary.as_bytes(),
        &["MAX_EXPR_DEPTH", "unary.s:1:"],
    );
}

#[test]
fn long_sum_assembles() {
    let src = format!(".int 1{}\n", "+1".repeat(199_999));
    let f = scratch("sum.s", src.as_bytes());
    let out = scratch("sum.bin", b"");
    let (code, _, err) = bounded(&["asm", f.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(out).unwrap(), 200_000u32.to_le_bytes());
}

#[test]
fn expansion_limits() {
    let mut src = String::from(".macro m0\ns_nop 0\n.endm\n");
    for i in 1..=8 {
        src.push_str(&format!(
            ".macro m{i}\nm{p}\nm{p}\nm{p}\nm{p}\nm{p}\nm{p}\nm{p}\nm{p}\n.endm\n",
            p = i - 1
        ));
    }
    src.push_str("m8\n");
    asm_fails("macro.s", src.as_bytes(), &["MAX_EXPANSION_BYTES"]);
    asm_fails(
        "rept.s",
        b".rept 1000000000\ns_nop 0\n.endr\n",
        &["MAX_EXPANSION_BYTES", "rept.s:1:1"],
    );
}

#[test]
#[cfg(unix)]
fn endless_inputs_are_capped() {
    asm_fails(
        "incbin.s",
        b".incbin \"/dev/zero\"\n",
        &["MAX_INPUT_BYTES", "incbin.s:1:9"],
    );
    for args in [
        &["disasm", "/dev/zero"][..],
        &["disasm", "-g", "tonga", "/dev/zero"],
    ] {
        let (code, _, err) = bounded(args);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("MAX_INPUT_BYTES"), "{err}");
    }
}

#[test]
fn forward_chain_of_symbols() {
    let mut src = String::from(".int a0\n");
    for i in 0..65 {
        src.push_str(&format!(".set a{i}, a{}\n", i + 1));
    }
    src.push_str(".set a65, 9\n");
    let f = scratch("chain.s", src.as_bytes());
    let out = scratch("chain.bin", b"");
    let (code, _, err) = bounded(&["asm", f.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(out).unwrap(), 9u32.to_le_bytes());
}

#[test]
fn cl2_errors_point_at_their_cause() {
    let src = b".amdcl2\n.gpu GFX900\n.kernel a\n  .config\n  .dims x\n  .text\n  s_endpgm\n";
    let f = scratch("drv.s", src);
    let out = scratch("drv.bin", b"");
    // An impossible -t names the option: there is no source position to give.
    let (code, _, err) = bounded(&[
        "asm",
        "-t",
        "5",
        f.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("-t/--driverVersion 5"), "{err}");
    assert!(!err.contains("drv.s:1:1"), "{err}");
}

#[test]
fn raw_code_needs_a_device() {
    // s_endpgm, as raw code: without -g it is refused with the hint.
    let f = scratch("raw.bin", &0xBF81_0000u32.to_le_bytes());
    let (code, out, err) = bounded(&["disasm", f.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("-g GPU"), "{err}");
    let (code, out, err) = bounded(&["disasm", "-g", "tonga", f.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "s_endpgm\n");
}

#[test]
fn empty_acl_version_round_trips() {
    let src = b".amdcl2\n.gpu Bonaire\n.acl_version \"\"\n.kernel a\n  .config\n  .dims x\n  .text\n  s_endpgm\n";
    let f = scratch("acl.s", src);
    let bin = scratch("acl.bin", b"");
    let (code, _, err) = bounded(&["asm", f.to_str().unwrap(), "-o", bin.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (code, text, err) = bounded(&["disasm", "-a", bin.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains(".acl_version \"\"\n"), "{text}");
    let f2 = scratch("acl2.s", text.as_bytes());
    let bin2 = scratch("acl2.bin", b"");
    let (code, _, err) = bounded(&["asm", f2.to_str().unwrap(), "-o", bin2.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(bin).unwrap(), std::fs::read(bin2).unwrap());
}

#[test]
fn amd_binary_round_trips_through_the_cli() {
    // `-b amd` writes an AMD Catalyst OpenCL 1.2 binary; `disasm -a` and `-C` read it
    // back as source that assembles to the same bytes.
    let src = b".gpu Pitcairn\n.kernel k\n  .config\n  .dims x\n  .userdata ptr_uav_table, 0, 2, 2\n  .arg p, \"float*\", float*, global\n  .text\n  s_endpgm\n";
    let f = scratch("amd.s", src);
    let bin = scratch("amd.bin", b"");
    let (code, _, err) = bounded(&[
        "asm",
        "-b",
        "amd",
        "-6",
        f.to_str().unwrap(),
        "-o",
        bin.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    for flag in ["-a", "-C"] {
        let (code, text, err) = bounded(&["disasm", flag, bin.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert!(text.starts_with(".amd\n.gpu Pitcairn\n.64bit\n"), "{text}");
        let f2 = scratch("amd2.s", text.as_bytes());
        let bin2 = scratch("amd2.bin", b"");
        let (code, _, err) = bounded(&["asm", f2.to_str().unwrap(), "-o", bin2.to_str().unwrap()]);
        assert_eq!(code, 0, "{flag}: {err}");
        assert_eq!(
            std::fs::read(&bin).unwrap(),
            std::fs::read(bin2).unwrap(),
            "{flag}"
        );
    }
}

#[test]
fn disasm_help_documents_every_flag() {
    let (code, out, err) = common::kauai(&["disasm", "--help"]);
    assert_eq!(code, 0, "{err}");
    // clap wraps long help lines: compare with whitespace collapsed.
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    for flag in [
        "-g, --gpuType",
        "[alias: --gpu]",
        "-a, --all",
        "-C, --config",
        "-f, --floats",
        "-h, --hexcode",
        "[alias: --hex]",
        "-P, --codePos",
        "[alias: --offsets]",
        "-r, --raw",
        "-A, --arch",
        "-m, --metadata",
        "-d, --data",
        "-c, --calNotes",
        "-s, --setup",
        "-H, --HSAConfig",
        "-L, --HSALayout",
        "[alias: --float]",
        "-t, --driverVersion",
        "--llvmVersion",
        "--buggyFPLit",
        "-?, --help",
        "--usage",
        "--version",
    ] {
        assert!(out.contains(flag), "{flag} missing from:\n{out}");
    }
}

/// The README's `kauai asm`/`disasm` example, run line by line as written: `cargo run
/// --bin kauai --` is this binary, files the commands write go to a scratch directory,
/// `examples/` is the repository's, `cmp` compares two outputs.
#[test]
fn readme_gcn_example_runs_as_written() {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README");
    let block = readme
        .split("```sh\n")
        .skip(1)
        .filter_map(|b| b.split("```").next())
        .find(|b| b.contains("examples/vector_add_gcn.s"))
        .expect("the README's GCN example");
    let dir = std::env::temp_dir().join(format!("kauai-readme-gcn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut ran = 0;
    for line in block
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let ["cmp", a, b] = words[..] {
            let (a, b) = (std::fs::read(dir.join(a)), std::fs::read(dir.join(b)));
            assert_eq!(a.expect("first file"), b.expect("second file"), "{line}");
            continue;
        }
        let rest = line
            .strip_prefix("cargo run --bin kauai -- ")
            .unwrap_or_else(|| panic!("not a kauai command: {line}"));
        let (cmd, redirect) = match rest.split_once(" > ") {
            Some((c, f)) => (c, Some(f.trim())),
            None => (rest, None),
        };
        let args: Vec<PathBuf> = cmd
            .split_whitespace()
            .map(|w| {
                if w.starts_with("examples/") {
                    root.join(w)
                } else {
                    PathBuf::from(w)
                }
            })
            .collect();
        let out = Command::new(env!("CARGO_BIN_EXE_kauai"))
            .args(&args)
            .current_dir(&dir)
            .output()
            .expect("kauai runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{line}: {stderr}");
        if let Some(f) = redirect {
            std::fs::write(dir.join(f), &out.stdout).expect("redirect");
        } else if line.contains("disasm -C") {
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.contains(".kernel vector_add\n    .config\n"), "{text}");
            assert!(
                text.contains("/*dc700000 00000607*/ flat_store_dword v[7:8], v6"),
                "{text}"
            );
        }
        ran += 1;
    }
    assert_eq!(ran, 4, "the README's example changed: update this test");
}

/// Output to a device is written in place: a rename over `/dev/null` (as root) would
/// replace the device with a regular file for the whole machine.
#[test]
#[cfg(unix)]
fn asm_output_to_a_device_is_written_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let f = scratch("null.s", b"s_endpgm\n");
    let (code, _, err) = bounded(&["asm", f.to_str().unwrap(), "-o", "/dev/null"]);
    assert_eq!(code, 0, "{err}");
    let m = std::fs::metadata("/dev/null").expect("/dev/null");
    assert!(m.file_type().is_char_device());
    assert!(!std::path::Path::new("/dev/null.kauai-tmp").exists());
}

/// `kauai asm -b rocm|gallium` with clrxasm's flags (bin/commands.txt) writes clrxasm's
/// bytes, and `kauai disasm -a` / `-C` of them reassembles to the same bytes.
#[test]
fn rocm_and_gallium_as_clrx_writes_them() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../gcn/tests/data/clrx_bins");
    let rows: &[(&str, &str, &[&str])] = &[
        ("rocm_basic", "rocm_basic.s", &["-b", "rocm"]),
        (
            "rocm_basic_newfmt",
            "rocm_basic.s",
            &["-b", "rocm", "--newROCmBinFormat"],
        ),
        ("rocm_multi", "rocm_multi.s", &["-b", "rocm"]),
        (
            "rocm_multi_newfmt",
            "rocm_multi.s",
            &["-b", "rocm", "--newROCmBinFormat"],
        ),
        (
            "gallium_basic_llvm38",
            "gallium_basic.s",
            &["-b", "gallium", "--llvmVersion=30800"],
        ),
        (
            "gallium_basic_llvm38_64",
            "gallium_basic.s",
            &["-b", "gallium", "--llvmVersion=30800", "-6"],
        ),
        ("gallium_hsa_default", "gallium_hsa.s", &["-b", "gallium"]),
        (
            "gallium_hsa_llvm40_64",
            "gallium_hsa.s",
            &["-b", "gallium", "--llvmVersion=40000", "-6"],
        ),
        (
            "gallium_hsa_mesa1702_llvm50",
            "gallium_hsa.s",
            &["-b", "gallium", "-t", "170200", "--llvmVersion=50000"],
        ),
    ];
    for (name, source, flags) in rows {
        let theirs = std::fs::read(format!("{dir}/{name}.bin")).expect("oracle");
        let bin = scratch(&format!("{name}.bin"), b"");
        let src = format!("{dir}/{source}");
        let mut args = vec!["asm"];
        args.extend_from_slice(flags);
        args.extend_from_slice(&["-o", bin.to_str().unwrap(), &src]);
        let (code, _, err) = bounded(&args);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(
            std::fs::read(&bin).unwrap() == theirs,
            "{name}: bytes differ"
        );
        for flag in ["-a", "-C"] {
            let (code, text, err) = bounded(&["disasm", flag, bin.to_str().unwrap()]);
            assert_eq!(code, 0, "{name} {flag}: {err}");
            let again_src = scratch(&format!("{name}{flag}.s"), text.as_bytes());
            let again = scratch(&format!("{name}{flag}.again.bin"), b"");
            let (code, _, err) = bounded(&[
                "asm",
                again_src.to_str().unwrap(),
                "-o",
                again.to_str().unwrap(),
            ]);
            assert_eq!(code, 0, "{name} {flag}: {err}");
            assert!(
                std::fs::read(&again).unwrap() == theirs,
                "{name} {flag}: the listing reassembles to other bytes"
            );
        }
    }
}
