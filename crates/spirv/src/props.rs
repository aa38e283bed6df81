//! The property the `spirv_read` fuzz target checks (and a short cargo test runs over
//! mutated modules): any bytes read, validate and translate to a module or an error,
//! without a panic and within the limits; a translated module verifies.

use kauai_ir::DataLayout;

use crate::{translate, words_from_bytes, SpecializationInfo};

/// Never panics; panics only when a translated module fails the IR verifier.
pub fn read_translate_holds(bytes: &[u8]) {
    let Ok(words) = words_from_bytes(bytes) else {
        return;
    };
    let _ = crate::is_valid_spirv(&words);
    let _ = crate::specializable_constants(&words);
    for dl in [DataLayout::HOST64, DataLayout::GPU32] {
        if let Ok(t) = translate(&words, dl, &SpecializationInfo::new()) {
            if let Err(e) = kauai_ir::verify_module(&t.module) {
                panic!("a translated module does not verify:\n{e}");
            }
        }
    }
}
