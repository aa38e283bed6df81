//! Every file under `filetests/run` and `filetests/ir` is one test on the host; every
//! run-test is also one test per device listed in `filetests/run/devices.txt`, named
//! `run/FILE.cl@DEVICE`.

use std::path::Path;
use std::sync::{Arc, OnceLock};

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../filetests");
    let run_files = kauai_filetests::collect_files(&root.join("run"), &["cl"]);
    let ir_files = kauai_filetests::collect_files(&root.join("ir"), &["ir"]);
    // The host's outcome of each run-test, computed once and shared by its host test
    // and its device tests (which compare with it).
    type HostRun = Arc<OnceLock<Result<String, String>>>;
    let host_runs: Vec<HostRun> = run_files.iter().map(|_| HostRun::default()).collect();
    let mut tests = Vec::new();
    for (p, host) in run_files.iter().zip(&host_runs) {
        let (p, host) = (p.clone(), host.clone());
        tests.push(libtest_mimic::Trial::test(
            kauai_testkit::relative_name(&p, &root),
            move || {
                let r = host.get_or_init(|| kauai_filetests::run_cl(&p, None));
                r.clone().map(|_| ()).map_err(Into::into)
            },
        ));
    }
    for p in &ir_files {
        let p = p.clone();
        tests.push(libtest_mimic::Trial::test(
            kauai_testkit::relative_name(&p, &root),
            move || kauai_filetests::run_file(&p).map_err(Into::into),
        ));
    }
    let matrix_path = root.join("run/devices.txt");
    let matrix = kauai_filetests::DeviceMatrix::load(&matrix_path);
    let run_root = root.join("run");
    match matrix {
        Ok(matrix) => {
            let names: Vec<String> = run_files
                .iter()
                .map(|p| kauai_testkit::relative_name(p, &run_root))
                .collect();
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
                for (p, host) in run_files.iter().zip(&host_runs) {
                    let expect =
                        matrix.expectation(device, &kauai_testkit::relative_name(p, &run_root));
                    let (p, device, host) = (p.clone(), device.clone(), host.clone());
                    let name = format!("{}@{device}", kauai_testkit::relative_name(&p, &root));
                    tests.push(libtest_mimic::Trial::test(name, move || {
                        let h = host.get_or_init(|| kauai_filetests::run_cl(&p, None));
                        kauai_filetests::check_on_device(&p, &device, &expect, h)
                            .map_err(Into::into)
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
