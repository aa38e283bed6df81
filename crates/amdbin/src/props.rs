//! The binary readers' and writers' robustness properties, each shared by a fuzz target
//! (`fuzz/fuzz_targets/amdbin_read_cl2.rs`, `amdbin_read_amd.rs`, on fuzzer-chosen
//! bytes) and a property test (`tests/it/robust.rs`, `robust_amd.rs`, on mutated
//! binaries and the kept fuzz regressions), so both check exactly the same thing. It panics when the property fails. Not part of the
//! crate's API.

use crate::limits::MAX_BINARY_BYTES;
use crate::{read_cl2, write_cl2, Cl2Error, Cl2Input};

/// Names (and short values) of the fields that differ, for a readable failure.
fn differing_fields(a: &Cl2Input, b: &Cl2Input) -> String {
    let mut out = Vec::new();
    macro_rules! f {
        ($($name:ident),*) => {$(
            if a.$name != b.$name {
                let (x, y) = (format!("{:?}", a.$name), format!("{:?}", b.$name));
                // Show both around their first difference, not just their starts.
                let at = x.bytes().zip(y.bytes()).position(|(p, q)| p != q).unwrap_or(0);
                let from = at.saturating_sub(60);
                let cut = |t: &str| t.get(from..(at + 60).min(t.len())).unwrap_or("").to_string();
                out.push(format!("{}: ...{} vs ...{}", stringify!($name), cut(&x), cut(&y)));
            }
        )*};
    }
    f!(
        driver_version,
        is64,
        device,
        arch_minor,
        arch_stepping,
        acl_version,
        compile_options,
        global_data,
        rw_data,
        bss_size,
        bss_align,
        samplers,
        sampler_offsets,
        inner_symbols,
        inner_extra_sections,
        extra_sections,
        extra_symbols
    );
    for (i, (k, l)) in a.kernels.iter().zip(&b.kernels).enumerate() {
        if k != l {
            let (x, y) = (format!("{k:?}"), format!("{l:?}"));
            let at = x
                .bytes()
                .zip(y.bytes())
                .position(|(p, q)| p != q)
                .unwrap_or(0);
            let from = at.saturating_sub(60);
            out.push(format!(
                "kernel {i} ({}) differs: ...{} vs ...{}",
                k.name,
                &x[from..(at + 60).min(x.len())],
                &y[from..(at + 60).min(y.len())]
            ));
        }
    }
    if a.global_data != b.global_data {
        out.push(format!(
            "global data lengths {} vs {} (rw {} bss {}, samplers {:?} offsets {:?} / {:?})",
            a.global_data.len(),
            b.global_data.len(),
            a.rw_data.len(),
            a.bss_size,
            a.samplers,
            a.sampler_offsets,
            b.sampler_offsets
        ));
    }
    if a.kernels.len() != b.kernels.len() {
        out.push("kernel count".into());
    }
    out.join("; ")
}

/// The property on one input: reading never panics (a malformed file is an error), and
/// whatever reads is written back within [`MAX_BINARY_BYTES`] (or refused with a named
/// limit) and reads again to the same input: `read(write(read(x))) == read(x)`.
pub fn read_write_holds(data: &[u8]) {
    if let Ok(bin) = read_cl2(data) {
        match write_cl2(&bin.input) {
            Ok(bytes) => {
                assert!(bytes.len() as u64 <= MAX_BINARY_BYTES);
                let again = read_cl2(&bytes).expect("a written binary reads");
                if again.input != bin.input {
                    panic!(
                        "read(write(read(x))) != read(x): {}",
                        differing_fields(&bin.input, &again.input)
                    );
                }
            }
            Err(Cl2Error::Invalid(_) | Cl2Error::InKernel { .. } | Cl2Error::Unsupported(_)) => {}
            // A layout over a limit (named in the message) is refused, not allocated.
            Err(e @ Cl2Error::Elf(_)) if e.to_string().contains("(MAX_") => {}
            Err(e) => panic!("writer failed unexpectedly: {e}"),
        }
    }
}

/// The AMD OpenCL 1.2 reader's property on one input (fuzz target
/// `fuzz/fuzz_targets/amdbin_read_amd.rs`, property test `tests/it/robust_amd.rs`):
/// reading never panics; whatever reads writes back to exactly the bytes read and reads
/// again to the same input; a kernel's derived configuration, where there is one,
/// writes the same bytes too.
pub fn amd_read_write_holds(data: &[u8]) {
    use crate::amd::{derive_config, read_amd, write_amd, AmdKernelContent};
    let Ok(input) = read_amd(data) else {
        return;
    };
    let bytes = write_amd(&input).expect("what reads writes");
    assert!(bytes == data, "written back differently");
    let again = read_amd(&bytes).expect("a written binary reads");
    assert!(again == input, "read(write(read(x))) != read(x)");
    for i in 0..input.kernels.len() {
        if let Ok(c) = derive_config(&input, i) {
            let mut with = input.clone();
            with.kernels[i].content = AmdKernelContent::Config(c);
            let b = write_amd(&with).expect("a derived configuration writes");
            assert!(
                b == data,
                "kernel {i}: its derived configuration writes other bytes"
            );
        }
    }
}
