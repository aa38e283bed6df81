//! The property of the fuzz target `fuzz/fuzz_targets/amdbin_read_cl2.rs`, run briefly:
//! reading never panics on truncated or mutated binaries (malformed input is an
//! error), whatever reads is written back, within bounded memory (the writer plans the
//! file with checked arithmetic and refuses more than `MAX_BINARY_BYTES` before it
//! allocates), and reads back to the same input.

use kauai_amdbin::elf::ElfFile;
use kauai_amdbin::{read_cl2, write_cl2, Cl2Error, ExtraSection};

fn seeds() -> Vec<Vec<u8>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut out = Vec::new();
    for f in ["randomx_run_gfx803.bin", "randomx_run_gfx900.bin"] {
        out.push(std::fs::read(format!("{dir}/{f}")).expect("oracle"));
    }
    // Smaller files of the other layouts, from the writer.
    for (driver, is64) in [(180005, false), (191205, true), (200406, false)] {
        let bin = read_cl2(&out[0]).expect("oracle reads");
        let mut inp = bin.input;
        inp.driver_version = driver;
        inp.is64 = is64;
        inp.device = kauai_amdbin::Device::Tonga;
        inp.arch_minor = None;
        inp.arch_stepping = None;
        if driver < 191205 {
            if let kauai_amdbin::KernelContent::Raw(r) = &mut inp.kernels[0].content {
                r.stub = vec![8, 0, 0, 0, 1, 2, 3, 4];
                r.setup.truncate(256);
            }
        } else {
            inp.global_data = vec![1; 24];
            inp.samplers = kauai_amdbin::SamplerInit::Values(vec![5]);
        }
        inp.kernels[0].code.truncate(64);
        out.push(write_cl2(&inp).expect("seed writes"));
    }
    out
}

use kauai_amdbin::props::read_write_holds as check;

#[test]
fn fuzz_regressions_hold_the_property() {
    for (name, bytes) in kauai_testkit::fuzz_regressions("amdbin_read_cl2") {
        eprintln!("fuzz/regressions/amdbin_read_cl2/{name}");
        check(&bytes);
    }
}

#[test]
fn malformed_input_is_an_error_never_a_panic() {
    assert!(read_cl2(b"").is_err());
    assert!(read_cl2(b"\x7fELF").is_err());
    let mut rng = kauai_testkit::Rng::new(0x9E37_79B9_7F4A_7C15);
    for seed in seeds() {
        check(&seed);
        for n in (0..seed.len()).step_by(7) {
            check(&seed[..n]);
        }
        // Deterministic bit flips, byte overwrites and word-sized overwrites.
        for _ in 0..3000 {
            check(&kauai_testkit::mutate::binary(&mut rng, &seed));
        }
    }
}

#[test]
fn wrong_machine_is_not_cl2() {
    let mut b = seeds().remove(0);
    b[18] = 0x3E;
    assert!(matches!(read_cl2(&b), Err(Cl2Error::NotCl2(_))));
}

/// The `amdbin_read_cl2` fuzzer found a binary the reader accepted and the writer then
/// padded to 12.9 GB: an extra section's alignment was taken as is. The reader refuses
/// such a field now, and the writer checks its input before allocating.
#[test]
fn alignment_fields_are_not_trusted() {
    let mut inp = read_cl2(&seeds()[0]).expect("oracle reads").input;
    inp.extra_sections.push(ExtraSection {
        name: ".pad".into(),
        stype: 1,
        align: 8,
        data: vec![1, 2, 3],
        ..ExtraSection::default()
    });
    let mut bytes = write_cl2(&inp).expect("writes");
    let elf = ElfFile::read(&bytes).expect("reads");
    let index = u64::from(elf.index_of(".pad").expect("the extra section"));
    // sh_addralign: offset 48 in an ELF64 section header of 64 bytes, 32 of 40 in ELF32.
    let (entsize, field) = if elf.is64 { (64, 48) } else { (40, 32) };
    let at = (elf.shoff + index * entsize + field) as usize;
    if elf.is64 {
        bytes[at..at + 8].copy_from_slice(&0x3_0000_0000u64.to_le_bytes());
    } else {
        bytes[at..at + 4].copy_from_slice(&0x8000_0000u32.to_le_bytes());
    }
    let err = read_cl2(&bytes).expect_err("a huge alignment is refused");
    assert!(err.to_string().contains("MAX_ALIGN"), "{err}");

    // The writer given the same field (through the API) refuses it before allocating.
    if let Some(s) = inp.extra_sections.last_mut() {
        s.align = 0x3_0000_0000;
    }
    let err = write_cl2(&inp).expect_err("a huge alignment is refused");
    assert!(err.to_string().contains("MAX_ALIGN"), "{err}");
    // Sizes near the top of u64 are refused, never wrapped.
    inp.extra_sections.pop();
    inp.bss_size = u64::MAX - 10;
    assert!(write_cl2(&inp).is_err());
}

/// NOBITS extra sections are read as zeros (so that writing reproduces them): their
/// sizes together are bounded, not just each one, or many small headers would ask for
/// gigabytes.
#[test]
fn nobits_sections_are_bounded_in_all() {
    let mut inp = read_cl2(&seeds()[0]).expect("oracle reads").input;
    let nobits = |i: usize| ExtraSection {
        name: format!(".zeros{i}"),
        stype: 8,
        align: 8,
        data: vec![0; 3 << 20],
        ..ExtraSection::default()
    };
    inp.extra_sections = (0..4).map(nobits).collect();
    let bytes = write_cl2(&inp).expect("writes");
    // Four sections of 3 MiB take no bytes in the file and read back.
    assert!(bytes.len() < 4 << 20);
    assert_eq!(
        read_cl2(&bytes)
            .expect("12 MiB read")
            .input
            .extra_sections
            .len(),
        4
    );
    inp.extra_sections = (0..6).map(nobits).collect();
    let bytes = write_cl2(&inp).expect("writes");
    let err = read_cl2(&bytes).expect_err("18 MiB of NOBITS is refused");
    assert!(err.to_string().contains("MAX_NOBITS_BYTES"), "{err}");
}
