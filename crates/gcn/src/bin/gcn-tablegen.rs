//! Regenerates `src/isa_table.rs` from `isa/gcn.isa`.

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let data = match std::fs::read_to_string(dir.join("isa/gcn.isa")) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("gcn-tablegen: cannot read isa/gcn.isa: {e}");
            return ExitCode::FAILURE;
        }
    };
    match kauai_gcn::tablegen::generate(&data) {
        Ok(src) => {
            if let Err(e) = std::fs::write(dir.join("src/isa_table.rs"), src) {
                eprintln!("gcn-tablegen: cannot write src/isa_table.rs: {e}");
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gcn-tablegen: {e}");
            ExitCode::FAILURE
        }
    }
}
