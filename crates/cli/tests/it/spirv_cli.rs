//! `kauai run`, `kauai oclc` and `kauai build` with SPIR-V modules (found by their magic
//! number, whatever the file is called), as a user runs them. Expected values are
//! hand-computed (saxpy: y = 2.5 x + 1).

use crate::common;
use common::kauai;

#[test]
fn run_and_oclc_take_a_spirv_module() {
    for device in ["host", "kauai:cypress"] {
        let (code, out, err) = kauai(&[
            "run",
            "filetests/spirv/algorithms_saxpy.spv",
            "--kernel",
            "saxpy",
            "--global",
            "4",
            "--device",
            device,
            "--arg",
            "a=2.5",
            "--arg",
            "x=0,1,2,3",
            "--arg",
            "y=1,1,1,1",
            "--print",
            "y",
        ]);
        assert_eq!(
            (code, out.as_str()),
            (0, "y,1,3.5,6,8.5\n"),
            "{device}: {err}"
        );
    }
    let (code, out, err) = kauai(&[
        "oclc",
        "-execute",
        "-enqueue",
        "saxpy",
        "-arg",
        "a,2",
        "-arg",
        "x,range(1,2)",
        "-arg",
        "y,repeat(2,1)",
        "-print",
        "y,2",
        "-global",
        "2",
        "filetests/spirv/algorithms_saxpy.spv",
    ]);
    assert_eq!((code, out.as_str()), (0, "y,3,5\n"), "{err}");
}

#[test]
fn build_takes_a_spirv_module_for_every_target() {
    let (code, _, err) = kauai(&["build", "filetests/spirv/algorithms_reduce_local.spv"]);
    assert_eq!(code, 0, "{err}");
    let dir = std::env::temp_dir().join(format!("kauai-spirv-il-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let il = dir.join("reduce.il");
    let (code, _, err) = kauai(&[
        "build",
        "--target",
        "amdil",
        "--mcpu",
        "rv770",
        "filetests/spirv/algorithms_reduce_local.spv",
        "-o",
        il.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&il).unwrap_or_default();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 0, "{err}");
    assert!(text.starts_with("il_cs_2_0\n"), "{text}");
}

#[test]
fn a_bad_module_is_an_error_with_its_word() {
    // The SPIR-V magic number and a header whose id bound is 0.
    let dir = std::env::temp_dir().join(format!("kauai-spirv-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.spv");
    let words: [u32; 5] = [0x0723_0203, 0x0001_0000, 0, 0, 0];
    std::fs::write(
        &f,
        words
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect::<Vec<u8>>(),
    )
    .unwrap();
    let (code, _, err) = kauai(&["build", f.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("invalid SPIR-V: word 3: the id bound 0 is not in 1..=MAX_ID_BOUND"),
        "{err}"
    );
}
