//! `tests/data/malformed.txt`: modules made bad by a few edits of a frozen one, each
//! with the exact message (and word offset) Kauai must report. Never a panic.

use std::path::Path;

use kauai_ir::DataLayout;
use kauai_spirv::{translate, words_from_bytes, SpecializationInfo};

fn parse_u32(s: &str) -> u32 {
    match s.strip_prefix("0x") {
        Some(h) => u32::from_str_radix(h, 16).expect("hex word"),
        None => s.parse().expect("word"),
    }
}

fn apply(bytes: &mut Vec<u8>, edit: &str) {
    let mut words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let (op, arg) = edit.split_once(' ').expect("edit: OP ARG");
    match op {
        "bytes" => {
            bytes.truncate(arg.parse().expect("byte count"));
            return;
        }
        "set" => {
            let (w, x) = arg.split_once('=').expect("set W=X");
            words[w.parse::<usize>().expect("word index")] = parse_u32(x);
        }
        "truncate" => words.truncate(arg.parse().expect("word count")),
        "append" => words.extend(arg.split_whitespace().map(parse_u32)),
        _ => panic!("unknown edit `{edit}`"),
    }
    *bytes = words.iter().flat_map(|w| w.to_le_bytes()).collect();
}

#[test]
fn malformed_modules_give_their_messages() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let base = std::fs::read(root.join("../../filetests/spirv/algorithms_saxpy.spv")).unwrap();
    let text = std::fs::read_to_string(root.join("tests/data/malformed.txt")).unwrap();
    let mut failures = Vec::new();
    let mut cases = 0;
    for block in text.split("case: ").skip(1) {
        cases += 1;
        let name = block.lines().next().unwrap_or("").trim();
        let mut bytes = base.clone();
        let mut expected = None;
        for line in block.lines().skip(1) {
            if let Some(b) = line.strip_prefix("base: ") {
                let p = root.join("../../filetests/spirv").join(b.trim());
                bytes = std::fs::read(p).unwrap();
            } else if let Some(e) = line.strip_prefix("edit: ") {
                apply(&mut bytes, e.trim());
            } else if let Some(e) = line.strip_prefix("error: ") {
                expected = Some(e.trim().to_string());
            }
        }
        let got = words_from_bytes(&bytes)
            .and_then(|w| translate(&w, DataLayout::HOST64, &SpecializationInfo::new()))
            .map(|_| "(translated)".to_string())
            .unwrap_or_else(|e| e.to_string());
        if Some(&got) != expected.as_ref() {
            failures.push(format!(
                "{name}:\n  expected: {expected:?}\n  got:      {got}"
            ));
        }
    }
    assert!(cases >= 10, "the case file was not read");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
