//! Short versions of the fuzz properties (`fuzz/fuzz_targets/amdil_parse.rs`,
//! `amdil_metadata.rs`): over deterministic mutations of the data files, the IL parser,
//! validator and metadata reader never panic, whatever parses prints to a fixpoint that
//! parses back to an equal program, and accepted metadata blocks print back to text that
//! reads to the same blocks.

use std::path::Path;

use kauai_amdil::metadata::{parse_metadata_str, read_metadata};
use kauai_amdil::{parse_str, validate};
use kauai_diag::{Diagnostics, FileId};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*: deterministic, no dependency.
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const ALPHABET: &[u8] = b" ,;:._()[]+-0123456789abcxyzw\n#$ilrvgmemcbx_neg";

fn mutate(rng: &mut Rng, src: &[u8]) -> Vec<u8> {
    let mut v = src.to_vec();
    for _ in 0..1 + rng.below(8) {
        let at = rng.below(v.len() + 1);
        match rng.below(4) {
            0 if at < v.len() => {
                v.remove(at);
            }
            1 if at < v.len() => v[at] = ALPHABET[rng.below(ALPHABET.len())],
            2 => v.insert(at.min(v.len()), ALPHABET[rng.below(ALPHABET.len())]),
            _ => {
                // Duplicate a short slice somewhere else.
                let a = rng.below(v.len());
                let b = (a + rng.below(24)).min(v.len());
                let piece = v[a..b].to_vec();
                let at = at.min(v.len());
                v.splice(at..at, piece);
            }
        }
    }
    v
}

/// The fuzz property: never panic; printing is a fixpoint and re-parses equal.
pub fn check(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let mut d = Diagnostics::new();
    let p = parse_str(&text, FileId(0), &mut d);
    validate(&p, &mut d);
    read_metadata(&p, &mut d);
    let mut md_diags = Diagnostics::new();
    let md = parse_metadata_str(&text, FileId(0), &mut md_diags);
    if !md_diags.has_errors() {
        // The metadata property: accepted blocks print back to text that reads the same.
        for k in &md.kernels {
            let mut d3 = Diagnostics::new();
            let again = parse_metadata_str(&k.to_string(), FileId(0), &mut d3);
            assert_eq!(again.kernels.len(), 1, "{k}");
            assert_eq!(&again.kernels[0], k);
        }
    }
    let printed = p.to_string();
    let mut d2 = Diagnostics::new();
    let again = parse_str(&printed, FileId(0), &mut d2);
    assert!(
        d2.is_empty(),
        "printed text fails to parse:\n{printed}\n{d2:?}"
    );
    assert_eq!(
        again, p,
        "re-parse differs for:\n{text}\nprinted:\n{printed}"
    );
    assert_eq!(again.to_string(), printed);
}

#[test]
fn mutated_data_files_hold_the_properties() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("data dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    for f in files {
        let src = std::fs::read(&f).expect("readable");
        check(&src);
        for _ in 0..300 {
            let m = mutate(&mut rng, &src);
            check(&m);
        }
    }
}
