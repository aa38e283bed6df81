//! The `amdil_emu` fuzz property ([`kauai_amdil_emu::props::run_holds`]) over the run-test
//! files and deterministic line-level mutations of them: parsing, validating, linking and
//! running with little fuel is a value (a diagnostic, a link error, a fault or a
//! report), never a panic or a hang.

use std::path::Path;

use kauai_amdil_emu::props::run_holds;
use kauai_testkit::{mutate, Rng};

#[test]
fn mutated_run_tests_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("data")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "il"))
        .collect();
    files.sort();
    let mut rng = Rng::new(0xDEAD_BEEF_1234_5678);
    let mut ran = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        ran += usize::from(run_holds(&text));
        for _ in 0..60 {
            run_holds(&mutate::lines(&mut rng, &text));
        }
    }
    // Some unmutated programs run to the end under the property's fixed launch, so it is
    // not only checked on programs that stop early.
    assert!(ran >= 20, "only {ran} programs ran");
}

#[test]
fn a_group_state_past_the_limit_is_a_load_fault_not_an_allocation() {
    use kauai_amdil::abi::Cb0Params;
    use kauai_amdil::{link, parse_str, Program};
    use kauai_amdil_emu::{run, FaultKind, Launch, Memory, Options};
    use kauai_diag::{Diagnostics, FileId};
    // 8200 registers x 16 bytes x 1024 work-items = 134,348,800 bytes, over the
    // 134,217,728 of GROUP_STATE_BYTES (8192 registers would be exactly the limit).
    let mut il = String::from("il_cs_2_0\ndcl_cb cb0[9]\n;$$$$$$$$$$\nendmain\nfunc 1024\n");
    for r in 1..8200 {
        il.push_str(&format!("mov r{r}.x, r0.x\n"));
    }
    il.push_str("ret\nendfunc\n;ARGSTART:__OpenCL_k_kernel\n;uniqueid:1024\n;ARGEND:__OpenCL_k_kernel\nend\n");
    let mut d = Diagnostics::new();
    let p = parse_str(&il, FileId(0), &mut d);
    assert!(d.is_empty(), "{d:?}");
    let k = link(&p, "k", &Program::default()).expect("links");
    let launch = Launch::ndrange(1, [1024, 1, 1], [1024, 1, 1], Cb0Params::default());
    let f = run(
        &k,
        &[],
        &mut Memory::default(),
        &launch,
        &Options::default(),
    )
    .expect_err("over the limit");
    match f.kind {
        FaultKind::Load(m) => assert!(
            m.contains("134348800 bytes") && m.contains("GROUP_STATE_BYTES"),
            "{m}"
        ),
        k => panic!("{k:?}"),
    }
}
