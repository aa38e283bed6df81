//! Specialization constants (`tests/data/spec_constant.spvasm`): the defaults, values
//! given at compile time, and a value of the wrong size (word offsets from
//! `spirv-dis --offsets`: OpSpecConstant is at byte 0xd0).

use std::path::Path;

use kauai_ir::DataLayout;
use kauai_spirv::{specializable_constants, translate, words_from_bytes, SpecializationInfo};

fn words() -> Vec<u32> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/spec_constant.spv");
    words_from_bytes(&std::fs::read(p).unwrap()).unwrap()
}

fn ir(spec: &SpecializationInfo) -> String {
    let t = translate(&words(), DataLayout::HOST64, spec).unwrap();
    kauai_ir::verify_module(&t.module).unwrap();
    kauai_ir::module_to_string(&t.module)
}

#[test]
fn the_constants_and_their_sizes_are_listed() {
    let c = specializable_constants(&words()).unwrap();
    assert_eq!(c.into_iter().collect::<Vec<_>>(), vec![(3, 4), (5, 1)]);
}

#[test]
fn defaults_apply_without_values() {
    let text = ir(&SpecializationInfo::new());
    assert!(text.contains("const.i32 7\n"), "{text}");
    assert!(text.contains("const.i1 1\n"), "{text}");
}

#[test]
fn given_values_replace_the_defaults() {
    let spec = SpecializationInfo::from([(3, 42u32.to_le_bytes().to_vec()), (5, vec![0])]);
    let text = ir(&spec);
    assert!(text.contains("const.i32 42\n"), "{text}");
    assert!(!text.contains("const.i32 7\n"), "{text}");
    assert!(text.contains("const.i1 0\n"), "{text}");
}

#[test]
fn a_value_of_the_wrong_size_is_an_error() {
    let spec = SpecializationInfo::from([(3, vec![1, 2])]);
    let e = translate(&words(), DataLayout::HOST64, &spec).unwrap_err();
    assert_eq!(
        e.to_string(),
        "word 52: specialization constant 3 takes 4 bytes; 2 were given"
    );
}
