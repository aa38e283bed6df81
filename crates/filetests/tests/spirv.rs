//! The run-tests frozen as SPIR-V (`filetests/spirv/tests.txt`, made by `gen.sh` with
//! clang-14 and llvm-spirv-14): each `.spv` runs the RUN lines of the OpenCL C test it
//! came from and must print what that test's CHECK lines say, on the host and on every
//! device where the OpenCL C test passes (devices.txt). One trial per file and device.

use std::path::Path;

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests");
    let list = std::fs::read_to_string(root.join("spirv/tests.txt")).unwrap_or_default();
    let matrix = kauai_filetests::DeviceMatrix::load(&root.join("run/devices.txt"));
    let mut tests = Vec::new();
    for test in list.lines().map(str::trim) {
        if test.is_empty() || test.starts_with('#') {
            continue;
        }
        let cl = root.join("run").join(format!("{test}.cl"));
        let depth = test.matches('/').count() + 1;
        let spv = format!(
            "{}spirv/{}.spv",
            "../".repeat(depth),
            test.replace('/', "_")
        );
        let mut devices = vec![None];
        if let Ok(m) = &matrix {
            for d in &m.devices {
                // The host's executors are pinned in devices.txt; the plain host run
                // above is the one the CHECK lines describe.
                if !d.starts_with("host")
                    && m.expectation(d, &format!("{test}.cl")) == kauai_filetests::Expectation::Pass
                {
                    devices.push(Some(d.clone()));
                }
            }
        }
        for d in devices {
            let (cl, spv) = (cl.clone(), spv.clone());
            let name = format!("spirv/{test}.spv@{}", d.as_deref().unwrap_or("host"));
            tests.push(libtest_mimic::Trial::test(name, move || {
                kauai_filetests::run_cl_as(&cl, &spv, d.as_deref())
                    .map(|_| ())
                    .map_err(Into::into)
            }));
        }
    }
    libtest_mimic::run(&args, tests).exit();
}
