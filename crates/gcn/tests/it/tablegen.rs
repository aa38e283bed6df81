//! The generated table must match the data file (run `cargo run -p kauai-gcn --bin
//! gcn-tablegen` after editing `isa/gcn.isa`).

#[test]
fn tablegen_is_current() {
    let generated =
        kauai_gcn::tablegen::generate(kauai_gcn::tablegen::DATA).expect("data file parses");
    let committed = include_str!("../../src/isa_table.rs");
    assert!(
        generated == committed,
        "src/isa_table.rs is stale: run `cargo run -p kauai-gcn --bin gcn-tablegen`"
    );
}

#[test]
fn every_row_has_an_opcode_and_unique_decoding() {
    use kauai_gcn::isa::{row_by_opcode, Arch, INSTRS};
    for (i, d) in INSTRS.iter().enumerate() {
        assert!(
            Arch::ALL.iter().any(|a| d.opcode(*a).is_some()),
            "row {i} {} has no opcode",
            d.name
        );
        for a in Arch::ALL {
            if let Some(op) = d.opcode(a) {
                // Every opcode decodes to some row of the same encoding.
                assert!(row_by_opcode(a, d.enc, op).is_some());
            }
        }
    }
}
