//! Mutations of inputs for property tests: byte-level edits that break text,
//! line-level edits that keep most of it parseable, so inputs reach the stages behind
//! the parser, and in-place edits of binaries.

use crate::Rng;

/// Multi-byte UTF-8 characters (2, 3 and 4 bytes) and bytes that are no UTF-8 at all:
/// readers that slice text at byte offsets must never cut one of them.
const WIDE: &[&[u8]] = &[
    "é".as_bytes(),
    "€".as_bytes(),
    "𐍈".as_bytes(),
    b"\xff",
    b"\xc3",
];

/// One edit of a binary that keeps its length: a bit flipped, a byte or a
/// little-endian word overwritten; for the readers of binary formats.
pub fn binary(rng: &mut Rng, src: &[u8]) -> Vec<u8> {
    let mut b = src.to_vec();
    if b.is_empty() {
        return b;
    }
    let r = rng.next_u64();
    let i = (r % b.len() as u64) as usize;
    match (r >> 60) % 3 {
        0 => b[i] ^= 1 << ((r >> 8) % 8),
        1 => b[i] = (r >> 16) as u8,
        _ => {
            let v = (r >> 20).to_le_bytes();
            let end = (i + 4).min(b.len());
            b[i..end].copy_from_slice(&v[..end - i]);
        }
    }
    b
}

/// 1 to 8 byte-level edits (delete, replace, insert, duplicate a short slice, insert a
/// multi-byte character or a non-UTF-8 byte), new bytes drawn from `alphabet`: mostly
/// broken text, for parsers.
pub fn bytes(rng: &mut Rng, src: &[u8], alphabet: &[u8]) -> Vec<u8> {
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
            1 if at < v.len() => v[at] = alphabet[rng.below(alphabet.len())],
            2 => v.insert(at.min(v.len()), alphabet[rng.below(alphabet.len())]),
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
pub fn lines(rng: &mut Rng, text: &str) -> String {
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
