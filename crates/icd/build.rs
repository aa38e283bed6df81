//! Bind the library's references to its own exported `cl*` functions locally: the ICD
//! loader exports the same names, and without `-Bsymbolic` the dispatch table could be
//! relocated to the loader's trampolines (endless recursion).
fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,-Bsymbolic");
}
