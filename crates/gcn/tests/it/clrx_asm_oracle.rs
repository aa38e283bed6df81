//! `clrxasm` on one-line sources, one file per GPU (`tests/data/clrx_asm/<gpu>.tsv`,
//! `SOURCE<TAB>HEXBYTES` or `SOURCE<TAB>ERROR`; the README there says where they came
//! from). Each line is assembled on its own as raw code for the GPU. A row matches when
//! Kauai writes the same bytes, or refuses a line clrxasm refused. The other rows are
//! counted by kind: lines we refuse that clrxasm assembled, lines clrxasm refused that we
//! assemble, and lines both assemble to different bytes. The counts per GPU are kept in
//! `expected.txt` and compared exactly, so that a regression and an improvement both
//! show (`BLESS=1` rewrites them).
//!
//! `CLRX_ORACLE_REPORT=DIR` writes each GPU's mismatching rows to `DIR/asm_<gpu>.txt`.

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, AsmOptions};
use std::fmt::Write;

const GPUS: &[&str] = &[
    "pitcairn", "bonaire", "tonga", "gfx900", "gfx906", "gfx1010",
];

fn dir() -> String {
    format!("{}/tests/data/clrx_asm", env!("CARGO_MANIFEST_DIR"))
}

/// The bytes of raw code Kauai writes for one line, or its first diagnostic.
fn ours(gpu: &str, src: &str) -> Result<Vec<u8>, String> {
    let mut sm = SourceMap::new();
    let f = sm.add("line.s", format!("{src}\n"));
    let mut d = Diagnostics::new();
    let opts = AsmOptions {
        gpu: Some(gpu.to_string()),
        ..AsmOptions::default()
    };
    match assemble(&mut sm, f, &opts, &mut d) {
        Ok(o) => Ok(o.code().to_vec()),
        Err(_) => Err(d.render(&sm).lines().next().unwrap_or("").to_string()),
    }
}

fn hex(b: &[u8]) -> String {
    b.iter().fold(String::new(), |mut s, x| {
        let _ = write!(s, "{x:02x}");
        s
    })
}

#[test]
fn clrx_asm_oracle() {
    let report = std::env::var_os("CLRX_ORACLE_REPORT");
    let mut counts = String::new();
    for gpu in GPUS {
        let path = format!("{}/{gpu}.tsv", dir());
        let data = std::fs::read_to_string(&path).expect("oracle rows");
        let (mut total, mut same_bytes, mut same_refusal) = (0usize, 0usize, 0usize);
        let (mut we_refuse, mut we_accept, mut other_bytes) = (0usize, 0usize, 0usize);
        let mut mismatches = String::new();
        for line in data.lines() {
            let (src, want) = line.rsplit_once('\t').expect("SOURCE<TAB>RESULT");
            total += 1;
            let got = ours(gpu, src);
            let kind = match (&got, want) {
                (Err(_), "ERROR") => {
                    same_refusal += 1;
                    continue;
                }
                (Ok(b), w) if w != "ERROR" && hex(b) == w => {
                    same_bytes += 1;
                    continue;
                }
                (Err(_), _) => {
                    we_refuse += 1;
                    "we refuse"
                }
                (Ok(_), "ERROR") => {
                    we_accept += 1;
                    "clrxasm refuses"
                }
                (Ok(_), _) => {
                    other_bytes += 1;
                    "other bytes"
                }
            };
            if report.is_some() {
                let g = match &got {
                    Ok(b) => hex(b),
                    Err(e) => e.clone(),
                };
                let _ = writeln!(mismatches, "{src}\t{want}\t{g}\t{kind}");
            }
        }
        let _ = writeln!(
            counts,
            "{gpu}: {} / {total} as clrxasm ({same_bytes} same bytes, {same_refusal} \
             refused by both); {we_refuse} refused only by Kauai, {we_accept} refused only \
             by clrxasm, {other_bytes} other bytes",
            same_bytes + same_refusal
        );
        if let Some(r) = &report {
            let p = std::path::Path::new(r).join(format!("asm_{gpu}.txt"));
            std::fs::write(p, mismatches).expect("write report");
        }
    }
    println!("clrxasm lines matched:\n{counts}");
    let exp = std::path::PathBuf::from(format!("{}/expected.txt", dir()));
    let header = "# Lines of <gpu>.tsv Kauai assembles as clrxasm does \
                  (tests/it/clrx_asm_oracle.rs;\n# BLESS=1 rewrites the counts after the \
                  marker).\n";
    if let Err(msg) = kauai_testkit::Expected::read_or(&exp, "#### EXPECTED", header).check(&counts)
    {
        panic!("{msg}");
    }
}
