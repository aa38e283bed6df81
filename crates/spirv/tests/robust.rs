//! The `spirv_read` fuzz target's property (`kauai_spirv::props`) over mutated forms of
//! the frozen modules, for a fraction of a second, and over every input that once made
//! the target fail (`fuzz/regressions/spirv_read/`).

use std::path::Path;

use kauai_testkit::Rng;

fn frozen() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests/spirv");
    let mut out: Vec<Vec<u8>> = kauai_testkit::collect_files(&dir, &["spv"])
        .iter()
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    out.push(
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/spec_constant.spv"))
            .unwrap(),
    );
    out
}

/// Word-level edits keep the header and most instructions, so mutants reach the
/// translator: a word set to a random, small or edge value, copied from elsewhere,
/// deleted, or duplicated.
fn mutate_words(rng: &mut Rng, src: &[u8]) -> Vec<u8> {
    let mut w: Vec<u32> = src
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    for _ in 0..1 + rng.below(4) {
        if w.len() <= 5 {
            break;
        }
        let i = 5 + rng.below(w.len() - 5);
        match rng.below(6) {
            0 => w[i] = rng.next_u64() as u32,
            1 => w[i] = rng.below(64) as u32,
            2 => w[i] = [0, 1, u32::MAX, 0x0001_0000, 0xffff_0000][rng.below(5)],
            3 => w[i] = w[5 + rng.below(w.len() - 5)],
            4 => {
                w.remove(i);
            }
            _ => w.insert(i, w[i]),
        }
    }
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

#[test]
fn mutated_modules_hold_the_property() {
    let inputs = frozen();
    assert!(inputs.len() >= 10);
    let mut rng = Rng::new(17);
    for k in 0..600 {
        let src = &inputs[k % inputs.len()];
        let m = if k % 5 == 0 {
            kauai_testkit::mutate::bytes(&mut rng, src, &[0, 1, 2, 0x11, 0x3d, 0xff])
        } else {
            mutate_words(&mut rng, src)
        };
        kauai_spirv::props::read_translate_holds(&m);
    }
}

#[test]
fn frozen_modules_translate_and_verify() {
    for m in frozen() {
        kauai_spirv::props::read_translate_holds(&m);
        let w = kauai_spirv::words_from_bytes(&m).unwrap();
        assert!(kauai_spirv::is_valid_spirv(&w));
    }
}

#[test]
fn fuzz_regressions_hold_the_property() {
    for (_name, bytes) in kauai_testkit::fuzz_regressions("spirv_read") {
        kauai_spirv::props::read_translate_holds(&bytes);
    }
}
