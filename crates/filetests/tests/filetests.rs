//! Every file under `filetests/run` and `filetests/ir` is one test on the host; every
//! run-test is also one test per device listed in `filetests/run/devices.txt`, named
//! `run/FILE.cl@DEVICE`.

use std::path::Path;

fn rel(p: &Path, root: &Path) -> String {
    p.strip_prefix(root)
        .map(|r| r.display().to_string().replace('\\', "/"))
        .unwrap_or_else(|_| p.display().to_string())
}

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests");
    let mut run_files = Vec::new();
    run_files.extend(kauai_filetests::collect_files(
        &root.join("run"),
        &["cl", "ir"],
    ));
    let mut ir_files = Vec::new();
    ir_files.extend(kauai_filetests::collect_files(
        &root.join("ir"),
        &["cl", "ir"],
    ));
    let mut tests = Vec::new();
    for p in run_files.iter().chain(&ir_files) {
        let p = p.clone();
        tests.push(libtest_mimic::Trial::test(rel(&p, &root), move || {
            kauai_filetests::run_file(&p).map_err(Into::into)
        }));
    }
    let matrix_path = root.join("run/devices.txt");
    let matrix = kauai_filetests::DeviceMatrix::load(&matrix_path);
    let run_root = root.join("run");
    match matrix {
        Ok(matrix) => {
            let names: Vec<String> = run_files.iter().map(|p| rel(p, &run_root)).collect();
            let exists = |t: &str| names.iter().any(|n| n == t);
            let stale: Vec<String> = matrix
                .unknown_tests(&exists)
                .into_iter()
                .map(String::from)
                .collect();
            tests.push(libtest_mimic::Trial::test("run/devices.txt", move || {
                if stale.is_empty() {
                    Ok(())
                } else {
                    Err(format!("devices.txt names tests that do not exist: {stale:?}").into())
                }
            }));
            for device in &matrix.devices {
                for p in &run_files {
                    let expect = matrix.expectation(device, &rel(p, &run_root));
                    let (p, device) = (p.clone(), device.clone());
                    let name = format!("{}@{device}", rel(&p, &root));
                    tests.push(libtest_mimic::Trial::test(name, move || {
                        kauai_filetests::check_on_device(&p, &device, &expect).map_err(Into::into)
                    }));
                }
            }
        }
        Err(e) => tests.push(libtest_mimic::Trial::test("run/devices.txt", move || {
            Err(e.clone().into())
        })),
    }
    libtest_mimic::run(&args, tests).exit();
}
