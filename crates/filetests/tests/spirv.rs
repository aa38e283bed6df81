//! The run-tests frozen as SPIR-V (`filetests/spirv/tests.txt`, made by `gen.sh` with
//! clang-14 and llvm-spirv-14): each `.spv` runs the RUN lines of the OpenCL C test it
//! came from and must print what that test's CHECK lines say, on the host and on every
//! device where the OpenCL C test passes (devices.txt). One trial per file and device.
//! A line `ENTRY refused: MESSAGE` names a module that is not valid SPIR-V, which every
//! device must refuse to build with that message.

use std::path::Path;

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests");
    let list = std::fs::read_to_string(root.join("spirv/tests.txt")).unwrap_or_default();
    let matrix = kauai_filetests::DeviceMatrix::load(&root.join("run/devices.txt"));
    let mut tests = Vec::new();
    for line in list.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // `ENTRY refused: MESSAGE`: a module Kauai must refuse, with that message.
        let (test, refused) = match line.split_once(char::is_whitespace) {
            Some((t, rest)) => (t, rest.trim().strip_prefix("refused:").map(str::trim)),
            None => (line, None),
        };
        if test != line && refused.is_none() {
            tests.push(libtest_mimic::Trial::test(
                format!("spirv/tests.txt: {line}"),
                || Err("a line is `ENTRY` or `ENTRY refused: MESSAGE`".into()),
            ));
            continue;
        }
        let refused = refused.map(str::to_string);
        // `c/NAME`: OpenCL C under filetests/spirv/c that only clang compiles, run only
        // from its SPIR-V form; every other entry is a run-test of filetests/run.
        let dir = if test.starts_with("c/") {
            "spirv"
        } else {
            "run"
        };
        let cl = root.join(dir).join(format!("{test}.cl"));
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
            let (cl, spv, refused) = (cl.clone(), spv.clone(), refused.clone());
            let name = format!("spirv/{test}.spv@{}", d.as_deref().unwrap_or("host"));
            tests.push(libtest_mimic::Trial::test(name, move || {
                let run = kauai_filetests::run_cl_as(&cl, &spv, d.as_deref());
                match (run, refused) {
                    (run, None) => run.map(|_| ()).map_err(Into::into),
                    (Err(e), Some(want))
                        if e.contains(&format!("build failed:\n{spv}: {want}")) =>
                    {
                        Ok(())
                    }
                    (Err(e), Some(want)) => {
                        Err(format!("expected the build to fail with `{want}`, got:\n{e}").into())
                    }
                    (Ok(out), Some(want)) => Err(format!(
                        "expected the build to fail with `{want}`, but it ran:\n{out}"
                    )
                    .into()),
                }
            }));
        }
    }
    libtest_mimic::run(&args, tests).exit();
}
