//! The IL language's robustness properties, one function each, shared by the fuzz targets
//! (`fuzz/fuzz_targets/amdil_parse.rs`, `amdil_metadata.rs`, on fuzzer-chosen bytes) and
//! the property tests (`tests/properties.rs`, on deterministic mutations of the data
//! files), so both check exactly the same thing. Each function panics when its property
//! fails: that is how a fuzzer or a test notices. Not part of the crate's API.
//!
//! - [`parse_holds`]: the parser, validator and metadata reader never panic, and whatever
//!   parses prints to text that parses back to an equal program and prints identically.
//! - [`metadata_holds`]: the metadata reader never panics, and every block it accepts
//!   without error prints back to text that reads to the same block.
//!
//! [`Rng`], [`mutate_bytes`] and [`mutate_lines`] make the deterministic inputs of the
//! property tests here and in the crates above (`kauai-amdil-emu`, `kauai-runtime`).

use kauai_diag::{Diagnostics, FileId};

use crate::metadata::{parse_metadata_str, read_metadata};
use crate::{parse_str, validate};

/// Never panic; printing is a fixpoint and re-parses to an equal program.
pub fn parse_holds(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let mut d = Diagnostics::new();
    let p = parse_str(&text, FileId(0), &mut d);
    validate(&p, &mut d);
    read_metadata(&p, &mut d);
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

/// Never panic; accepted metadata blocks print back to text that reads the same.
pub fn metadata_holds(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let mut d = Diagnostics::new();
    let md = parse_metadata_str(&text, FileId(0), &mut d);
    if d.has_errors() {
        return;
    }
    for k in &md.kernels {
        let printed = k.to_string();
        let mut d2 = Diagnostics::new();
        let again = parse_metadata_str(&printed, FileId(0), &mut d2);
        assert_eq!(again.kernels.len(), 1, "{printed}");
        assert_eq!(&again.kernels[0], k, "{printed}");
    }
}

/// A small deterministic generator (xorshift64*) for the property tests.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// Characters IL text is made of, for byte-level mutations.
const ALPHABET: &[u8] = b" ,;:._()[]+-0123456789abcxyzw\n#$ilrvgmemcbx_neg";

/// Multi-byte UTF-8 characters (2, 3 and 4 bytes) and bytes that are no UTF-8 at all:
/// readers that slice text at byte offsets must never cut one of them.
const WIDE: &[&[u8]] = &[
    "é".as_bytes(),
    "€".as_bytes(),
    "𐍈".as_bytes(),
    b"\xff",
    b"\xc3",
];

/// 1 to 8 byte-level edits (delete, replace, insert, duplicate a short slice, insert a
/// multi-byte character or a non-UTF-8 byte): mostly broken text, for the parser.
pub fn mutate_bytes(rng: &mut Rng, src: &[u8]) -> Vec<u8> {
    let mut v = src.to_vec();
    for _ in 0..1 + rng.below(8) {
        let at = rng.below(v.len() + 1);
        match rng.below(5) {
            4 => {
                let w = WIDE[rng.below(WIDE.len())];
                v.splice(at..at, w.iter().copied());
            }
            0 if at < v.len() => {
                v.remove(at);
            }
            1 if at < v.len() => v[at] = ALPHABET[rng.below(ALPHABET.len())],
            2 => v.insert(at.min(v.len()), ALPHABET[rng.below(ALPHABET.len())]),
            _ => {
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

/// 1 to 3 line-level edits that keep most programs parseable, so they reach the linker,
/// the runtime and the emulator: a word replaced by a word of another line, a line
/// dropped or duplicated, a number changed to an edge value, a byte replaced.
pub fn mutate_lines(rng: &mut Rng, text: &str) -> String {
    let mut l: Vec<String> = text.lines().map(str::to_string).collect();
    if l.is_empty() {
        return String::new();
    }
    for _ in 0..1 + rng.below(3) {
        let i = rng.below(l.len());
        match rng.below(5) {
            0 => {
                let j = rng.below(l.len());
                let from: Vec<String> = l[j].split([' ', ',']).map(str::to_string).collect();
                let mut words: Vec<String> = l[i].split(' ').map(str::to_string).collect();
                let w = rng.below(words.len());
                words[w] = from[rng.below(from.len())].clone();
                l[i] = words.join(" ");
            }
            1 if l.len() > 1 => {
                l.remove(i);
            }
            2 => {
                let d = l[i].clone();
                l.insert(i, d);
            }
            3 => {
                // Offsets, sizes, ids, literals.
                let repl = ["0", "4294967295", "-1", "65536", "12", "3"][rng.below(6)];
                if let Some(p) = l[i].find(|c: char| c.is_ascii_digit()) {
                    let end = l[i][p..]
                        .find(|c: char| !c.is_ascii_digit())
                        .map_or(l[i].len(), |e| p + e);
                    l[i].replace_range(p..end, repl);
                }
            }
            _ => {
                let mut b = l[i].clone().into_bytes();
                if !b.is_empty() {
                    let j = rng.below(b.len());
                    b[j] = b"x0;:,.()[]_-"[rng.below(12)];
                }
                l[i] = String::from_utf8_lossy(&b).into_owned();
            }
        }
    }
    l.join("\n")
}
