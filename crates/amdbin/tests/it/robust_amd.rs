//! The property of the fuzz target `fuzz/fuzz_targets/amdbin_read_amd.rs` (AMD
//! Catalyst OpenCL 1.2 binaries), run briefly on clrxasm's binaries (copies of
//! `crates/gcn/tests/data/clrx_bins/amd_*`), truncated and mutated: reading never
//! panics, and what reads writes back to the same bytes, as does a derived
//! configuration.

use kauai_amdbin::amd::{read_amd, write_amd, AmdError};
use kauai_amdbin::props::amd_read_write_holds as check;

fn seeds() -> Vec<Vec<u8>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    ["amd_two_kernels_32.bin", "amd_image_sampler_64.bin"]
        .iter()
        .map(|f| std::fs::read(format!("{dir}/{f}")).expect("oracle"))
        .collect()
}

#[test]
fn amd_fuzz_regressions_hold_the_property() {
    for (name, bytes) in kauai_testkit::fuzz_regressions("amdbin_read_amd") {
        eprintln!("fuzz/regressions/amdbin_read_amd/{name}");
        check(&bytes);
    }
}

#[test]
fn amd_oracles_read_write_and_derive() {
    for seed in seeds() {
        let input = read_amd(&seed).expect("reads");
        assert!(write_amd(&input).expect("writes") == seed);
        for i in 0..input.kernels.len() {
            kauai_amdbin::amd::derive_config(&input, i).expect("clrxasm's kernels derive");
        }
        check(&seed);
    }
}

#[test]
fn amd_malformed_input_is_an_error_never_a_panic() {
    assert!(read_amd(b"").is_err());
    assert!(matches!(read_amd(b"\x7fELF"), Err(AmdError::Elf(_))));
    let mut rng = kauai_testkit::Rng::new(0x2545_F491_4F6C_DD1D);
    for seed in seeds() {
        for n in (0..seed.len()).step_by(13) {
            check(&seed[..n]);
        }
        for _ in 0..2000 {
            check(&kauai_testkit::mutate::binary(&mut rng, &seed));
        }
    }
}
