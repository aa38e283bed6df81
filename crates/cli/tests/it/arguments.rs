//! The arguments users have (`kauai run` and `kauai oclc`): raw binary buffers passed
//! between launches, struct arguments, null buffers, and the messages for bad ones, on
//! the host and on `kauai:cypress`. Expected values are computed here in `f32` or by
//! hand, not by Kauai.

use crate::common;
use common::kauai;

use std::path::{Path, PathBuf};

fn temp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kauai-cli-args-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

const DEVICES: [&str; 2] = ["host", "kauai:cypress"];

const STEP: &str = "#pragma OPENCL FP_CONTRACT OFF
__kernel void step(__global float *x) { size_t g = get_global_id(0); x[g] = x[g] * 1.1f + 0.7f; }
";

fn floats(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn a_pipeline_passes_buffers_between_launches_as_raw_bytes() {
    let d = temp("pipeline");
    let src = d.join("step.cl");
    std::fs::write(&src, STEP).expect("write");
    // Each launch rounds x * 1.1 and then + 0.7 to float; three launches through raw
    // files must equal three steps in f32 bit for bit (printed text would round to 7
    // digits in between).
    let mut want: Vec<f32> = vec![0.1, 1.0 / 3.0, 2.5, -7.25];
    for _ in 0..3 {
        want = want.iter().map(|x| x * 1.1f32 + 0.7f32).collect();
    }
    for dev in DEVICES {
        let (a, b, c) = (d.join("a.bin"), d.join("b.bin"), d.join("c.bin"));
        let input = format!("x={},{},{},{}", 0.1f32, 1.0f32 / 3.0, 2.5, -7.25);
        let (code, _, err) = kauai(&[
            "run",
            "--device",
            dev,
            s(&src),
            "-k",
            "step",
            "-g",
            "4",
            "--arg",
            &input,
            "--write",
            &format!("x={}", s(&a)),
        ]);
        assert_eq!(code, 0, "{dev}: {err}");
        // The oclc spelling for the second launch, kauai run's for the third.
        let (code, _, err) = kauai(&[
            "oclc",
            "-device",
            dev,
            "-execute",
            "-enqueue",
            "step",
            "-global",
            "4",
            "-arg",
            &format!("x@{}", s(&a)),
            "-write",
            &format!("x:{}", s(&b)),
            s(&src),
        ]);
        assert_eq!(code, 0, "{dev}: {err}");
        let (code, _, err) = kauai(&[
            "run",
            "--device",
            dev,
            s(&src),
            "-k",
            "step",
            "-g",
            "4",
            "--arg",
            &format!("x=raw:{}", s(&b)),
            "--write",
            &format!("x={}", s(&c)),
        ]);
        assert_eq!(code, 0, "{dev}: {err}");
        let got = floats(&std::fs::read(&c).expect("read"));
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&got), bits(&want), "{dev}: {got:?} vs {want:?}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

const STRUCTS: &str = "
typedef struct { int n; float scale; char tag; } P;
__kernel void k(P p, __global float *o, __global const float *maybe) {
    o[0] = p.n * p.scale + p.tag + (maybe ? maybe[0] : 0.5f);
}
typedef struct { int a; short b; } Hidden;
__kernel void h(__global Hidden *q) { q[0].a += 1; }
";

#[test]
fn struct_values_and_null_buffers_through_kauai_run() {
    let d = temp("structs");
    let src = d.join("s.cl");
    std::fs::write(&src, STRUCTS).expect("write");
    for dev in DEVICES {
        // 3 * 1.5 + 2 + 0.5 (maybe is null).
        let (code, out, err) = kauai(&[
            "run",
            "--device",
            dev,
            s(&src),
            "-k",
            "k",
            "-g",
            "1",
            "--arg",
            "p=3,1.5,2",
            "--arg",
            "maybe=null",
            "--print",
            "o,1",
        ]);
        assert_eq!((code, out.as_str()), (0, "o,7\n"), "{dev}: {err}");
        // The struct's 12 bytes from a raw file: n = 2, scale = 0.25, tag = -1.
        let raw = d.join("p.bin");
        let mut bytes = Vec::new();
        bytes.extend(2i32.to_le_bytes());
        bytes.extend(0.25f32.to_le_bytes());
        bytes.extend([0xff, 0, 0, 0]);
        std::fs::write(&raw, &bytes).expect("write");
        let (code, out, err) = kauai(&[
            "run",
            "--device",
            dev,
            s(&src),
            "-k",
            "k",
            "-g",
            "1",
            "--arg",
            &format!("p=raw:{}", s(&raw)),
            "--arg",
            "maybe=4",
            "--print",
            "o,1",
        ]);
        assert_eq!((code, out.as_str()), (0, "o,3.5\n"), "{dev}: {err}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn bad_struct_null_and_raw_arguments_name_the_argument() {
    let d = temp("bad");
    let src = d.join("s.cl");
    std::fs::write(&src, STRUCTS).expect("write");
    let short = d.join("short.bin");
    std::fs::write(&short, [1, 2, 3, 4, 5]).expect("write");
    let missing = d.join("missing.bin");
    let run = |extra: &[&str]| {
        let mut a = vec!["run", s(&src), "-g", "1"];
        a.extend_from_slice(extra);
        kauai(&a)
    };
    let short_arg = format!("p=raw:{}", s(&short));
    let missing_arg = format!("p=raw:{}", s(&missing));
    for (args, want) in [
        (
            vec![
                "-k",
                "k",
                "--arg",
                "p=1,2",
                "--arg",
                "maybe=null",
                "--print",
                "o,1",
            ],
            "--arg p=1,2: `P` takes 3 values (its fields in order), got 2".to_string(),
        ),
        (
            vec![
                "-k",
                "k",
                "--arg",
                "p=1,2,300",
                "--arg",
                "maybe=null",
                "--print",
                "o,1",
            ],
            "--arg p=1,2,300: value 3 (`P` field 3): `300` is out of range for `uchar`".to_string(),
        ),
        (
            vec![
                "-k",
                "k",
                "--arg",
                &short_arg,
                "--arg",
                "maybe=null",
                "--print",
                "o,1",
            ],
            format!("--arg {short_arg}: `P` takes 12 bytes, the file holds 5"),
        ),
        (
            vec![
                "-k",
                "k",
                "--arg",
                "p=raw:/dev/zero",
                "--arg",
                "maybe=null",
                "--print",
                "o,1",
            ],
            "--arg p=raw:/dev/zero: /dev/zero holds more than the 12 bytes the argument can take"
                .to_string(),
        ),
        (
            vec![
                "-k",
                "k",
                "--arg",
                &missing_arg,
                "--arg",
                "maybe=null",
                "--print",
                "o,1",
            ],
            format!("--arg {missing_arg}: "),
        ),
        (
            vec![
                "-k",
                "k",
                "--arg",
                "p=1,2,3",
                "--arg",
                "maybe=null",
                "--print",
                "o,1",
                "--print",
                "maybe,1",
            ],
            "--print maybe: `maybe` is a null buffer".to_string(),
        ),
        (
            vec![
                "-k",
                "k",
                "--arg",
                "p=1,2,3",
                "--arg",
                "maybe=null",
                "--print",
                "o,1",
                "--write",
                "o",
            ],
            "--write o: expected NAME=FILE".to_string(),
        ),
    ] {
        let (code, out, err) = run(&args);
        // 1 for a bad value, 2 for a bad command line.
        assert!(code == 1 || code == 2, "{args:?}: {out}{err}");
        assert!(err.contains(&want), "{args:?}: {err}");
    }
    // A typedef of an anonymous struct that no kernel takes by value: the IR struct
    // carries the typedef's name, so a list gives its fields.
    let (code, out, err) = run(&["-k", "h", "--arg", "q=41,7", "--print", "q"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("q,42,7"), "{out}");
    // Raw bytes fill a buffer of structs too; -write reads it back.
    let q = d.join("q.bin");
    std::fs::write(&q, [41, 0, 0, 0, 7, 0, 0, 0]).expect("write");
    let back = d.join("back.bin");
    let (code, _, err) = run(&[
        "-k",
        "h",
        "--arg",
        &format!("q=raw:{}", s(&q)),
        "--write",
        &format!("q={}", s(&back)),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read(&back).expect("read"),
        [42, 0, 0, 0, 7, 0, 0, 0]
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn struct_arguments_of_an_il_program_take_raw_bytes() {
    let d = temp("il");
    let src = d.join("s.cl");
    std::fs::write(&src, STRUCTS).expect("write");
    let il = d.join("s.il");
    let (code, _, err) = kauai(&["build", "--target", "amdil", s(&src), "-o", s(&il)]);
    assert_eq!(code, 0, "{err}");
    // The IL metadata gives a struct's size only: a list is refused with the way out,
    // raw bytes work (n = 3, scale = 0.5, tag = 1: 3 * 0.5 + 1 + 0.5).
    let (code, _, err) = kauai(&[
        "run",
        s(&il),
        "-k",
        "k",
        "-g",
        "1",
        "--arg",
        "p=3,0.5,1",
        "--arg",
        "maybe=null",
        "--print",
        "o,1",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("--arg p=3,0.5,1: not supported yet: struct values of an IL program as a list (its metadata gives only the size, 12 bytes); give its bytes with --arg p=raw:FILE"), "{err}");
    let raw = d.join("p.bin");
    let mut bytes = Vec::new();
    bytes.extend(3i32.to_le_bytes());
    bytes.extend(0.5f32.to_le_bytes());
    bytes.extend([1, 0, 0]);
    std::fs::write(&raw, &bytes).expect("write");
    let arg = format!("p=raw:{}", s(&raw));
    let (code, _, err) = kauai(&[
        "run",
        s(&il),
        "-k",
        "k",
        "-g",
        "1",
        "--arg",
        &arg,
        "--arg",
        "maybe=null",
        "--print",
        "o,1",
    ]);
    // 11 bytes for a 12-byte struct: the message quotes its OpenCL type.
    assert!(
        code == 1
            && err.contains(&format!(
                "--arg {arg}: `P` takes 12 bytes, the file holds 11"
            )),
        "{err}"
    );
    bytes.push(0);
    std::fs::write(&raw, &bytes).expect("write");
    let (code, out, err) = kauai(&[
        "run",
        s(&il),
        "-k",
        "k",
        "-g",
        "1",
        "--arg",
        &arg,
        "--arg",
        "maybe=null",
        "--print",
        "o,1",
    ]);
    assert_eq!((code, out.as_str()), (0, "o,3\n"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

const IMAGES: &str = "
__kernel void half_it(__read_only image2d_t src, sampler_t s, __write_only image2d_t dst) {
    int x = get_global_id(0), y = get_global_id(1);
    write_imagef(dst, (int2)(x, y), read_imagef(src, s, (int2)(x, y)) * 0.5f);
}
";

/// `kauai run` takes images as TYPE(ORDER,CHANNEL_TYPE,SIZES),LIST and samplers as
/// clCreateSampler's arguments, prints an image's stored channels, and says what is
/// wrong with a bad one. Halving stored c/255 gives c/2 rounded to even: 1 -> 0 (0.5),
/// 3 -> 2 (1.5), 5 -> 2 (2.5), 255 -> 128 (127.5).
#[test]
fn kauai_run_takes_images_and_samplers() {
    let d = temp("images");
    let src = d.join("img.cl");
    std::fs::write(&src, IMAGES).expect("write");
    let run = |extra: &[&str]| {
        let mut a = vec!["run", s(&src), "-k", "half_it", "-g", "2,1"];
        a.extend_from_slice(extra);
        kauai(&a)
    };
    let (code, out, err) = run(&[
        "--arg",
        "src=image2d(RG,UNORM_INT8,2,1),1,3,5,255",
        "--arg",
        "s=CL_FALSE,CL_ADDRESS_CLAMP,CL_FILTER_NEAREST",
        "--arg",
        "dst=image2d(RG,UNORM_INT8,2,1)",
        "--print",
        "dst",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "dst,0,2,2,128");
    for (src_arg, smp, want) in [
        (
            "src=image3d(RG,UNORM_INT8,2,1,1)",
            "s=CL_FALSE,CL_ADDRESS_CLAMP,CL_FILTER_NEAREST",
            "the kernel takes an image2d_t, not an image3d_t",
        ),
        (
            "src=image2d(RG,UNORM_INT8,2,1),1,2,3",
            "s=CL_FALSE,CL_ADDRESS_CLAMP,CL_FILTER_NEAREST",
            "the image has 4 stored values (2 pixels of 2), the list gives 3",
        ),
        (
            "src=image2d(RG,UNORM_INT8,2,1)",
            "s=CL_FALSE,CL_ADDRESS_REPEAT,CL_FILTER_NEAREST",
            "need CLK_NORMALIZED_COORDS_TRUE",
        ),
        (
            "src=image2d(RG,UNSIGNED_INT8,2,1)",
            "s=CL_FALSE,CL_ADDRESS_CLAMP,CL_FILTER_NEAREST",
            "read_imagef of a CL_UNSIGNED_INT8 image",
        ),
    ] {
        let (code, _, err) = run(&[
            "--arg",
            src_arg,
            "--arg",
            smp,
            "--arg",
            "dst=image2d(RG,UNORM_INT8,2,1)",
        ]);
        assert_eq!(code, 1, "{src_arg} {smp}: {err}");
        assert!(err.contains(want), "{src_arg} {smp}: {err}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
