//! Print the preprocessed form of OpenCL C files, like `cc -E -P` (a developer tool):
//! `cargo run -p kauai-clc --example pp -- [-DNAME[=V]] [-IDIR] FILE.cl...`.

use kauai_clc::pp::{preprocess, PpOptions};
use kauai_diag::{Diagnostics, SourceMap};

fn main() {
    let mut opts = PpOptions::default();
    let mut sm = SourceMap::new();
    let mut ids = Vec::new();
    for a in std::env::args().skip(1) {
        if let Some(d) = a.strip_prefix("-D") {
            let (n, v) = match d.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string())),
                None => (d.to_string(), None),
            };
            opts.defines.push((n, v));
        } else if let Some(i) = a.strip_prefix("-I") {
            opts.include_dirs.push(i.into());
        } else {
            let bytes = std::fs::read(&a).unwrap_or_else(|e| {
                eprintln!("{a}: {e}");
                std::process::exit(2)
            });
            ids.push(sm.add(a, bytes));
        }
    }
    let mut diags = Diagnostics::new();
    let out = preprocess(&mut sm, &ids, &opts, &mut diags);
    print!("{}", out.to_text());
    eprint!("{}", diags.render(&sm));
    std::process::exit(i32::from(diags.has_errors()));
}
