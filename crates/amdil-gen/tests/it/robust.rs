//! Property (also the `amdil_gen` fuzz target): compiling any OpenCL C source for an
//! amdil device never panics; a build that succeeds yields IL that validates, and whose
//! metadata the IL toolkit reads back with one wrapper block per kernel holding one
//! argument line per kernel argument. Here on the run-test corpus and the snapshots,
//! as written and deterministically mutated.

use std::path::Path;
use std::sync::Arc;

use kauai_amdil::metadata::{read_metadata, MdEntry};
use kauai_compiler::{Context, Module};
use kauai_diag::{Diagnostics, FileId};

/// The property for one source and device; true when the build produced IL.
pub fn check(src: &[u8], mcpu: &str) -> bool {
    let info = kauai_amdil_gen::target_info(mcpu).expect("known cpu");
    let target = info.create_target(&Context::new()).expect("target");
    let mut m = Module::new(Arc::from(target));
    let Ok(text) = std::str::from_utf8(src) else {
        return false;
    };
    if m.compile_opencl_c("FULL_PROFILE", text, &[]).is_err() {
        return false;
    }
    let Ok((info, _)) = m.finalize() else {
        return false;
    };
    let il = match m.create_binary() {
        Ok(b) => String::from_utf8(b).expect("IL is text"),
        Err(e) => {
            assert!(!e.message.is_empty());
            return false;
        }
    };
    let mut diags = Diagnostics::new();
    let p = kauai_amdil::parse_str(&il, FileId(0), &mut diags);
    assert!(
        diags.is_empty() && kauai_amdil::validate(&p, &mut diags),
        "invalid IL for {mcpu}: {diags:?}\n{il}"
    );
    let md = read_metadata(&p, &mut diags);
    assert!(!diags.has_errors(), "{diags:?}");
    for k in &info.kernels {
        let block = md
            .kernels
            .iter()
            .find(|b| b.name == format!("__OpenCL_{}_kernel", k.name))
            .unwrap_or_else(|| panic!("no wrapper block for {}", k.name));
        let args = block
            .entries
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    MdEntry::Value(_)
                        | MdEntry::Pointer(_)
                        | MdEntry::Image(_)
                        | MdEntry::Counter(_)
                )
            })
            .count();
        assert_eq!(args, k.args.len(), "arguments of {}", k.name);
    }
    true
}

fn mutate(src: &[u8], seed: u64) -> Vec<u8> {
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = |n: usize| {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((s >> 33) as usize) % n.max(1)
    };
    let mut v = src.to_vec();
    for _ in 0..1 + next(3) {
        if v.is_empty() {
            break;
        }
        let at = next(v.len());
        match next(4) {
            0 => {
                let alphabet = b"{}();+-*/<>=!&|0123456789abcxyz \n";
                v[at] = alphabet[next(alphabet.len())];
            }
            1 => {
                v.remove(at);
            }
            2 => {
                let len = next(16).min(v.len() - at);
                let piece = v[at..at + len].to_vec();
                let to = next(v.len());
                v.splice(to..to, piece);
            }
            _ => {
                let end = (at + next(24)).min(v.len());
                v.drain(at..end);
            }
        }
    }
    v
}

#[test]
fn corpus_and_mutations_compile_without_panics_to_valid_il() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests");
    let mut files = kauai_filetests::collect_files(&root.join("run"), &["cl"]);
    files.extend(kauai_filetests::collect_files(
        &root.join("amdil-gen"),
        &["cl"],
    ));
    assert!(files.len() > 50);
    let devices = [
        "rv710", "rv770", "cypress", "juniper", "barts", "cayman", "kauai",
    ];
    let mut built = 0;
    for (n, f) in files.iter().enumerate() {
        let src = std::fs::read(f).expect("readable");
        built += usize::from(check(&src, devices[n % devices.len()]));
        for k in 0..3u64 {
            let m = mutate(&src, n as u64 * 31 + k);
            built += usize::from(check(&m, devices[(n + k as usize + 1) % devices.len()]));
        }
    }
    // Most sources build; the property must have been exercised.
    assert!(built > files.len() / 2, "only {built} builds succeeded");
}

#[test]
fn deep_nesting_compiles_or_fails_cleanly() {
    // Nested ifs and loops as deep as the front end allows (256 levels of braces and
    // parentheses): valid IL, no stack overflow on a thread of the runtime's size.
    let mut src = String::from("__kernel void k(__global int *p, int n) { int a = 0;\n");
    for i in 0..70 {
        src.push_str(&format!("if (p[{i}] > n) {{ a += {i};\n"));
    }
    src.push_str(&"}\n".repeat(70));
    for i in 0..40 {
        src.push_str(&format!(
            "for (int i{i} = 0; i{i} < n; i{i}++) {{ a ^= i{i};\n"
        ));
    }
    src.push_str(&"}\n".repeat(40));
    src.push_str("p[0] = a; }\n");
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || check(src.as_bytes(), "cypress"))
        .expect("thread");
    assert!(handle.join().expect("no panic"), "the nested kernel builds");
}
