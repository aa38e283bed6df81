//! The text form reads back what it prints, and the verifier reports every error.

use kauai_ir::{module_to_string, parse_str, verify_module};

const SAMPLE: &str = r#"!opencl.ocl.version = (1, 2)
type %S = struct { i8, v3f32, i16 }
type %P = packed struct { i8, i32 } align 8
global @tbl: [4 x f32] addrspace(2) align 4 constant = bytes(0000803f000000400000404000008040)
global @scratch: [64 x i32] addrspace(3) align 4
declare @__mux_get_global_id(i32) -> i64
function @add(ptr1 noalias "a", ptr1 "b", ptr0 byval(%S) "s", i32 "n") -> void "mux-kernel"="entry-point" "mux-no-subgroups" !kernel_arg_type("float*", "float*", "struct S", "int") !reqd_work_group_size(16, 1, 1) {
block0(v0: ptr1, v1: ptr1, v2: ptr0, v3: i32):
    v4 = const.i32 0
    v5 = call.i64 @__mux_get_global_id(v4)
    v6 = const.i64 2
    v7 = ishl.i64 v5, v6
    v8 = ptradd.ptr1 v0, v7
    v9 = load.f32 v8 align 4
    v10 = const.v4f32 [1.5, -0.0, inf, nan:0x7ff8000000000001]
    v11 = extract.f32 v10, 0
    v12 = fadd.f32 v9, v11
    v13 = sext.i64 v3
    v14 = icmp.i1 slt v5, v13
    brif v14, block1(v12), block2
block1(v15: f32):
    v16 = ptradd.ptr1 v1, v7
    store v16, v15 align 4 volatile
    v17 = fptosi.i32 v15 rtn sat
    v18 = atomic_rmw.i32 add v16, v17 seq_cst
    v19 = cmpxchg.i32 v16, v17, v18 relaxed
    fence 2, 0x108
    v20 = global_addr.ptr2 @tbl
    v21 = alloca.ptr0 [4 x %S] align 16
    v22 = math.f32 pow v15, v15
    v23 = splat.v4f32 v22
    v24 = shuffle.v3f32 v23, v10, [0, 5, 7]
    v25 = select.f32 v14, v15, v22
    switch v17, [0: block2, -1: block3(v17)], block2
block3(v26: i32):
    jump block2
block2:
    return
}
"#;

#[test]
fn sample_round_trips_and_verifies() {
    let m = parse_str("sample.ir", SAMPLE).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(module_to_string(&m), SAMPLE);
    if let Err(e) = verify_module(&m) {
        panic!("{e}");
    }
}

#[test]
fn verifier_reports_every_error() {
    let bad = r#"function @f(i32 "x") -> i32 {
block0(v0: i32):
    v1 = const.f32 1.0
    v2 = iadd.i32 v0, v1
    brif v0, block1(v0), block1
block1(v3: i32):
    v4 = iadd.i32 v5, v3
    return v1
block2:
    v5 = const.i32 1
    jump block0
}
"#;
    let m = parse_str("bad.ir", bad).unwrap_or_else(|e| panic!("{e}"));
    let errs = verify_module(&m).expect_err("must fail").to_string();
    for want in [
        "operands are i32 and f32",
        "branch condition is i32",
        "block1 takes 1 arguments, 0 given",
        "definition of v5 does not dominate",
        "returns f32, the function returns i32",
        "entry block must not be a branch target",
    ] {
        assert!(errs.contains(want), "missing `{want}` in:\n{errs}");
    }
}

#[test]
fn verifier_checks_relocations() {
    // One global per broken rule: over non-zero bytes, misaligned, past the end,
    // overlapping the previous one, pointing past its target, pointing to __local
    // memory, held by a __local global.
    let bad = r#"global @s: [4 x i8] addrspace(2) align 1 constant = bytes(61626300)
global @l: [4 x i8] addrspace(3) align 1
global @nonzero: ptr2 addrspace(2) align 8 constant = bytes(0100000000000000) relocs(0: @s)
global @misaligned: [2 x ptr2] addrspace(2) align 8 constant = bytes(00000000000000000000000000000000) relocs(4: @s)
global @past: ptr2 addrspace(2) align 8 constant = bytes(0000000000000000) relocs(8: @s)
global @overlap: [2 x ptr2] addrspace(2) align 8 constant = bytes(00000000000000000000000000000000) relocs(8: @s, 8: @s)
global @addend: ptr2 addrspace(2) align 8 constant = bytes(0000000000000000) relocs(0: @s + 5)
global @to_local: ptr2 addrspace(2) align 8 constant = bytes(0000000000000000) relocs(0: @l)
global @in_local: ptr3 addrspace(3) align 8 = bytes(0000000000000000) relocs(0: @s)
"#;
    let m = parse_str("bad.ir", bad).unwrap_or_else(|e| panic!("{e}"));
    let errs = verify_module(&m).expect_err("must fail").to_string();
    for want in [
        "nonzero: relocation at byte 0: the bytes under an address must be zero",
        "misaligned: relocation at byte 4: not aligned to the pointer size 8",
        "past: relocation at byte 8: a 8-byte address does not fit in the 8-byte initializer",
        "overlap: relocation at byte 8: relocations must be sorted by offset and not overlap",
        "addend: relocation at byte 0: byte 5 of @s is past its end (4 bytes)",
        "to_local: relocation at byte 0: @l is __local",
        "in_local: a __local global holds no initial addresses",
    ] {
        assert!(errs.contains(want), "missing `{want}` in:\n{errs}");
    }
    // An unknown target is a parse error at its name.
    let e = parse_str(
        "r.ir",
        "global @p: ptr2 addrspace(2) align 8 = bytes(0000000000000000) relocs(0: @nowhere)\n",
    )
    .expect_err("must fail");
    assert!(
        e.contains("r.ir:1:74") && e.contains("unknown global `@nowhere`"),
        "{e}"
    );
}

#[test]
fn image_handles_are_not_memory() {
    let bad = r#"function @f(ptr5 "img", i64 "o") -> void {
block0(v0: ptr5, v1: i64):
    v2 = load.i32 v0 align 4
    v3 = ptradd.ptr5 v0, v1
    store v0, v2 align 4
    return
}
"#;
    let m = parse_str("bad.ir", bad).unwrap_or_else(|e| panic!("{e}"));
    let errs = verify_module(&m).expect_err("must fail").to_string();
    for want in ["load from ptr5", "ptradd of ptr5", "store to ptr5"] {
        assert!(errs.contains(want), "missing `{want}` in:\n{errs}");
    }
}

#[test]
fn parse_errors_point_at_the_line() {
    let e = parse_str(
        "x.ir",
        "function @f() -> void {\nblock0:\n    v1 = frobnicate.i32 v0\n}\n",
    )
    .expect_err("must fail");
    assert!(e.contains("x.ir:3:10"), "{e}");
    assert!(e.contains("unknown instruction `frobnicate`"), "{e}");
}

#[test]
fn arbitrary_text_never_panics() {
    // Mutations of the sample: truncations and byte flips must give errors, not panics.
    let bytes = SAMPLE.as_bytes();
    for cut in (0..bytes.len()).step_by(7) {
        let text = String::from_utf8_lossy(&bytes[..cut]);
        let _ = parse_str("cut.ir", &text).map(|m| verify_module(&m));
    }
    arbtest::arbtest(|u| {
        let mut b = bytes.to_vec();
        for _ in 0..u.int_in_range(1..=8)? {
            let i = u.choose_index(b.len())?;
            b[i] = u.arbitrary()?;
        }
        let text = String::from_utf8_lossy(&b);
        if let Ok(m) = parse_str("m.ir", &text) {
            let _ = verify_module(&m);
            let _ = module_to_string(&m);
        }
        Ok(())
    })
    .budget_ms(300);
}

#[test]
fn work_group_sizes_outside_32_bits_are_refused_not_truncated() {
    for (meta, ok) in [
        ("!reqd_work_group_size(16, 1, 1)", true),
        ("!reqd_work_group_size(4294967297, 1, 1)", false),
        ("!reqd_work_group_size(0, 1, 1)", false),
        ("!work_group_size_hint(1, -1, 1)", false),
    ] {
        let text = format!(
            "function @k() -> void \"mux-kernel\"=\"entry-point\" {meta} {{\nblock0:\n    return\n}}\n"
        );
        let m = parse_str("wg.ir", &text).unwrap_or_else(|e| panic!("{e}"));
        let r = verify_module(&m);
        assert_eq!(r.is_ok(), ok, "{meta}: {r:?}");
        let f = m.func_by_name("k").expect("k");
        let f = &m.functions[f];
        if meta.starts_with("!reqd") {
            assert_eq!(f.reqd_work_group_size().is_some(), ok, "{meta}");
        }
    }
}

#[test]
fn fuzz_regressions_round_trip() {
    for (name, bytes) in kauai_testkit::fuzz_regressions("ir_parse") {
        eprintln!("fuzz/regressions/ir_parse/{name}");
        kauai_ir::props::text_round_trips(&bytes);
    }
}
