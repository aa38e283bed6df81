//! Property (also the `runtime_il` fuzz target): IL programs given to a `kauai:` device
//! build and run to a value, never a panic, whatever their bytes. Checked on the
//! `filetests/il` programs and deterministic mutations of them (bytes flipped, lines
//! dropped or duplicated, numbers changed).

use kauai_runtime::probe_il;

fn mutations(text: &str, seed: u64) -> Vec<String> {
    let mut out = Vec::new();
    let mut x = seed | 1;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let lines: Vec<&str> = text.lines().collect();
    for _ in 0..40 {
        let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        match next() % 4 {
            0 => {
                let i = (next() as usize) % l.len().max(1);
                l.remove(i);
            }
            1 => {
                let i = (next() as usize) % l.len().max(1);
                let d = l[i].clone();
                l.insert(i, d);
            }
            2 => {
                // Change a number: offsets, sizes, ids, literals.
                let i = (next() as usize) % l.len().max(1);
                let repl = ["0", "4294967295", "-1", "65536", "12", "3"][(next() % 6) as usize];
                if let Some(p) = l[i].find(|c: char| c.is_ascii_digit()) {
                    let end = l[i][p..]
                        .find(|c: char| !c.is_ascii_digit())
                        .map_or(l[i].len(), |e| p + e);
                    l[i].replace_range(p..end, repl);
                }
            }
            _ => {
                let i = (next() as usize) % l.len().max(1);
                let mut b = l[i].clone().into_bytes();
                if !b.is_empty() {
                    let j = (next() as usize) % b.len();
                    b[j] = b"x0;:,.()[]_-"[(next() % 12) as usize];
                }
                l[i] = String::from_utf8_lossy(&b).into_owned();
            }
        }
        out.push(l.join("\n"));
    }
    out
}

#[test]
fn il_programs_never_panic_the_runtime() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests/il");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("filetests/il")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "il"))
        .collect();
    files.sort();
    let mut ran = 0;
    for (n, f) in files.iter().enumerate() {
        let text = std::fs::read_to_string(f).expect("read");
        ran += probe_il(text.as_bytes());
        for m in mutations(&text, 0x9E37_79B9 + n as u64) {
            probe_il(m.as_bytes());
        }
    }
    // The unmutated programs do run (so the property is not checked on errors alone).
    assert!(ran >= 8, "only {ran} kernels ran");
}
