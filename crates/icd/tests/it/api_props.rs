//! The C API's robustness property (`kauai_opencl::props`), on deterministic inputs and
//! on the inputs the `icd_api` fuzz target once failed on (`fuzz/regressions/icd_api`).
//! One test: the property's leak check counts the whole process's objects.

use kauai_testkit::Rng;

#[test]
fn api_calls_hold_on_fuzz_regressions_and_random_inputs() {
    for (name, data) in kauai_testkit::fuzz_regressions("icd_api") {
        eprintln!("regression {name}");
        kauai_opencl::props::api_calls_hold(&data);
    }
    let mut rng = Rng::new(0x1cd_a91);
    for _ in 0..300 {
        let len = 1 + rng.below(1500);
        let data = rng.bytes(len);
        kauai_opencl::props::api_calls_hold(&data);
    }
}
