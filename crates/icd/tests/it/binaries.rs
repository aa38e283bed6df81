//! The program binary property (`kauai_opencl::binaries_hold`) on real binaries of the
//! host device and Cypress, mutated, and on the inputs the `program_binary` fuzz target
//! once failed on (`fuzz/regressions/program_binary`).

use kauai_runtime::SourceFile;
use kauai_testkit::Rng;

const SRC: &str = "__kernel void k(__global int *o, int n) {\n    for (int i = 0; i < n; i++)\n        o[get_global_id(0)] += i;\n}\n";

#[test]
fn mutated_binaries_load_or_are_refused() {
    for (name, data) in kauai_testkit::fuzz_regressions("program_binary") {
        eprintln!("regression {name}");
        kauai_opencl::binaries_hold(&data);
    }
    let src = [SourceFile {
        name: "k.cl".into(),
        bytes: SRC.as_bytes().to_vec(),
    }];
    let mut rng = Rng::new(0xb1_4a27);
    for device in ["host", "kauai:cypress"] {
        let bin = kauai_opencl::binary_of(device, &src, "").expect("builds");
        // The unmutated binary holds too (and is a binary: its location table fits).
        kauai_opencl::binaries_hold(&bin);
        let parts = kauai_opencl::decode_binary(&bin).expect("decodes");
        // The binary carries what a fault needs to quote its line.
        assert_eq!(parts.code.sources.len(), 1);
        if device == "host" {
            let l = &parts.code.locations;
            assert!(
                l.starts_with(
                    "file k.cl
"
                ) && l.contains(
                    "
fn @k 0:"
                ),
                "{l}"
            );
        }
        let alphabet = b"0123456789:- \n@%vfnfile.;";
        for round in 0..200 {
            // Raw bytes: mostly refused by the reader.
            let raw = kauai_testkit::mutate::bytes(&mut rng, &bin, alphabet);
            kauai_opencl::binaries_hold(&raw);
            // A well-formed binary whose code, location table or sources changed:
            // the loaders behind the reader.
            let mut code = parts.code.clone();
            let lossy = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
            match round % 3 {
                0 => {
                    code.text = lossy(kauai_testkit::mutate::bytes(
                        &mut rng,
                        code.text.as_bytes(),
                        alphabet,
                    ))
                }
                1 => {
                    code.locations = lossy(kauai_testkit::mutate::bytes(
                        &mut rng,
                        code.locations.as_bytes(),
                        alphabet,
                    ))
                }
                _ => code.sources.clear(),
            }
            kauai_opencl::binaries_hold(&kauai_opencl::encode_binary(
                device,
                &parts.options,
                &code,
            ));
        }
    }
}
