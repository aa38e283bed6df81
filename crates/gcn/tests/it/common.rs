//! What the tests against CLRX's frozen binaries and listings (`tests/data/clrx_bins`)
//! share: the files and tables, assembling to a binary, comparing bytes, and counting
//! the lines a listing shares with clrxdisasm's.

use std::fmt::Write;

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, AsmOptions, Cl2DisasmOptions, DisasmOptions};

/// The path of a file of `tests/data/clrx_bins`.
pub fn clrx_path(name: &str) -> String {
    format!("{}/tests/data/clrx_bins/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The bytes of a file of `tests/data/clrx_bins`.
pub fn clrx_file(name: &str) -> Vec<u8> {
    let path = clrx_path(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The rows of a table of `tests/data/clrx_bins` (not comments, not blank lines).
pub fn table_rows(table: &str) -> Vec<String> {
    String::from_utf8(clrx_file(table))
        .expect("utf-8")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// The binaries a table names: its first column.
pub fn table_names(table: &str) -> Vec<String> {
    table_rows(table)
        .iter()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

/// Assemble `text` (named `name` in diagnostics): its binary, or the diagnostics.
pub fn assemble_binary(name: &str, text: String, opts: &AsmOptions) -> Result<Vec<u8>, String> {
    let mut sm = SourceMap::new();
    let f = sm.add(name, text);
    let mut d = Diagnostics::new();
    match assemble(&mut sm, f, opts, &mut d) {
        Ok(out) => Ok(out.binary.unwrap_or_default()),
        Err(_) => Err(d.render(&sm)),
    }
}

/// The first differing byte of two files, or where the shorter ends.
pub fn first_difference(ours: &[u8], theirs: &[u8]) -> Option<usize> {
    ours.iter()
        .zip(theirs)
        .position(|(a, b)| a != b)
        .or((ours.len() != theirs.len()).then(|| ours.len().min(theirs.len())))
}

/// What is wrong with a listing that should assemble back to `bytes`, if anything.
pub fn reassembly_failure(text: String, bytes: &[u8]) -> Option<String> {
    match assemble_binary("listing.s", text, &AsmOptions::default()) {
        Ok(ours) => first_difference(&ours, bytes).map(|at| {
            format!(
                "other bytes (first difference at {at:#x}, lengths {} vs {})",
                ours.len(),
                bytes.len()
            )
        }),
        Err(diags) => Some(diags),
    }
}

/// The listing kinds clrxdisasm was run with: (file suffix, -a, -C, hex and float
/// comments); its -a also prints the words and float comments (-h -f).
pub const LISTING_KINDS: [(&str, bool, bool, bool); 3] = [
    ("a", true, false, true),
    ("C", false, true, false),
    ("fh", false, false, true),
];

/// The disassembler's options for a listing kind, with CLRX's position comments.
pub fn listing_options(all: bool, config: bool, words: bool) -> Cl2DisasmOptions {
    Cl2DisasmOptions {
        all,
        config,
        code: DisasmOptions {
            offsets: true,
            hex: words,
            floats: words,
        },
    }
}

/// Lines two texts share in order (the length of a longest common subsequence).
fn common_lines(a: &[&str], b: &[&str]) -> usize {
    let mut prev = vec![0usize; b.len() + 1];
    for x in a {
        let mut cur = vec![0usize; b.len() + 1];
        for (j, y) in b.iter().enumerate() {
            cur[j + 1] = if x == y {
                prev[j] + 1
            } else {
                cur[j].max(prev[j + 1])
            };
        }
        prev = cur;
    }
    prev[b.len()]
}

/// One format's clrxdisasm listings: per listing kind, the lines Kauai's listings of
/// `names` (made by `listing`) share in order with clrxdisasm's `NAME.KIND.txt`
/// (its header comment left out), compared with the counts file `counts`
/// (`BLESS=1` rewrites it; `header` starts it when missing).
pub fn check_listing_counts(
    what: &str,
    names: &[String],
    listing: impl Fn(&str, &[u8], &Cl2DisasmOptions) -> String,
    counts: &str,
    header: &str,
) {
    let mut text = String::new();
    for (kind, all, config, words) in LISTING_KINDS {
        let (mut same, mut theirs_total, mut ours_total) = (0, 0, 0);
        for name in names {
            let bytes = clrx_file(&format!("{name}.bin"));
            let theirs =
                String::from_utf8(clrx_file(&format!("{name}.{kind}.txt"))).expect("listing");
            let ours = listing(name, &bytes, &listing_options(all, config, words));
            let t: Vec<&str> = theirs.lines().skip(1).collect();
            let o: Vec<&str> = ours.lines().collect();
            same += common_lines(&t, &o);
            theirs_total += t.len();
            ours_total += o.len();
        }
        let _ = writeln!(
            text,
            "-{kind}: {same} lines as clrxdisasm's of {theirs_total} ({ours_total} printed)"
        );
    }
    println!("clrxdisasm listings{what}:\n{text}");
    let path = std::path::PathBuf::from(clrx_path(counts));
    if let Err(msg) = kauai_testkit::Expected::read_or(&path, "#### EXPECTED", header).check(&text)
    {
        panic!("{msg}");
    }
}

/// Byte equality with clrxasm: each row of `table` (binary, source, then what
/// `opts` makes the options of) assembles to exactly the binary clrxasm wrote; every
/// mismatch is reported (ours is left in `/tmp/NAME.ours.bin` to compare), and the
/// table has `rows` rows.
pub fn binaries_match_clrxasm(table: &str, rows: usize, opts: impl Fn(&[&str]) -> AsmOptions) {
    let mut failed = Vec::new();
    let all = table_rows(table);
    for line in &all {
        let cols: Vec<&str> = line.split_whitespace().collect();
        let [name, source, ..] = cols[..] else {
            panic!("bad row: {line}");
        };
        let src = String::from_utf8(clrx_file(source)).expect("utf-8");
        let ours = match assemble_binary(source, src, &opts(&cols[2..])) {
            Ok(b) => b,
            Err(diags) => {
                failed.push(format!("{name}: {diags}"));
                continue;
            }
        };
        let theirs = clrx_file(&format!("{name}.bin"));
        if let Some(at) = first_difference(&ours, &theirs) {
            std::fs::write(format!("/tmp/{name}.ours.bin"), &ours).ok();
            failed.push(format!(
                "{name}: first difference at byte {at:#x} ({} vs {} bytes)",
                ours.len(),
                theirs.len()
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    assert_eq!(all.len(), rows, "{table}: rows");
}
