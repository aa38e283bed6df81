//! The assembler's limits (`kauai_gcn::limits`): inputs too large to keep as data files
//! are generated here. Each hostile input must end with a diagnostic that names the
//! limit and the position, quickly; inputs just inside a limit must still assemble, with
//! values computed by hand.

use std::time::{Duration, Instant};

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, AsmOptions};

/// Assemble `src` as `t.s`: the code bytes, or the rendered diagnostics.
fn asm(src: &str) -> Result<Vec<u8>, String> {
    let mut sm = SourceMap::new();
    let f = sm.add("t.s", src.to_string());
    let mut d = Diagnostics::new();
    match assemble(&mut sm, f, &AsmOptions::default(), &mut d) {
        Ok(o) => Ok(o.code().to_vec()),
        Err(_) => Err(d.render(&sm)),
    }
}

/// Assemble and require an error that contains each of `needles`, within `limit`.
fn fails_with(src: &str, needles: &[&str], limit: Duration) {
    let t = Instant::now();
    let r = asm(src);
    let took = t.elapsed();
    let msg = r.expect_err("must fail");
    for n in needles {
        assert!(msg.contains(n), "expected {n:?} in:\n{msg}");
    }
    assert!(took < limit, "took {took:?}");
}

#[test]
fn deep_parentheses_are_an_error() {
    let src = format!(".int {}1{}\n", "(".repeat(9000), ")".repeat(9000));
    // The 257th parenthesis opens at column 6 + 256.
    fails_with(
        &src,
        &["MAX_EXPR_DEPTH", "t.s:1:262"],
        Duration::from_secs(5),
    );
}

#[test]
fn parentheses_within_the_limit_assemble() {
    let src = format!(".int {}7{}\n", "(".repeat(250), ")".repeat(250));
    assert_eq!(asm(&src).unwrap(), 7u32.to_le_bytes());
}

#[test]
fn many_unary_operators_are_an_error() {
    let src = format!(".int {}1\n", "-".repeat(100_000));
    fails_with(&src, &["MAX_EXPR_DEPTH", "t.s:1:"], Duration::from_secs(5));
    // An even number of negations within the limit is the value itself.
    let src = format!(".int {}5\n", "~".repeat(200));
    assert_eq!(asm(&src).unwrap(), 5u32.to_le_bytes());
}

#[test]
fn long_conditional_chain_is_an_error() {
    let src = format!(".int {}1\n", "1 ? 2 : ".repeat(10_000));
    fails_with(&src, &["MAX_EXPR_DEPTH"], Duration::from_secs(5));
}

#[test]
fn long_sums_do_not_recurse() {
    // 200,000 terms of one level, and of two levels mixed: (2*3) + (2*3) + ...
    let src = format!(".int 1{}\n", "+1".repeat(199_999));
    assert_eq!(asm(&src).unwrap(), 200_000u32.to_le_bytes());
    let src = format!(".int 0{}\n", "+2*3".repeat(100_000));
    assert_eq!(asm(&src).unwrap(), 600_000u32.to_le_bytes());
    // Left to right: 100 - 1 - 1 ... (99 times) = 1.
    let src = format!(".int 100{}\n", "-1".repeat(99));
    assert_eq!(asm(&src).unwrap(), 1u32.to_le_bytes());
}

#[test]
fn doubling_macro_hits_the_expansion_limit() {
    let mut src = String::from(".macro m0\ns_nop 0\n.endm\n");
    for i in 1..=40 {
        src.push_str(&format!(".macro m{i}\nm{p}\nm{p}\n.endm\n", p = i - 1));
    }
    src.push_str("m40\n");
    fails_with(
        &src,
        &["MAX_EXPANSION_BYTES", "macro 'm", "t.s:"],
        Duration::from_secs(5),
    );
}

#[test]
fn huge_rept_fails_before_expanding() {
    fails_with(
        ".rept 1000000000\ns_nop 0\n.endr\n",
        &["MAX_EXPANSION_BYTES", "t.s:1:1", ".rept"],
        Duration::from_millis(500),
    );
    // Nested loops multiply: the inner .rept fails when its turn comes.
    fails_with(
        ".rept 100000\n.rept 100000\n.int 1\n.endr\n.endr\n",
        // The inner .rept is line 1 of the outer one's body.
        &["MAX_EXPANSION_BYTES", ".rept at t.s:1:1:1:1"],
        Duration::from_secs(5),
    );
    // A .rept within the budget runs every iteration.
    assert_eq!(
        asm(".rept 1000\n.byte 1\n.endr\n").unwrap(),
        vec![1u8; 1000]
    );
}

#[test]
fn endless_while_hits_the_expansion_limit() {
    fails_with(
        ".set x, 0\n.while 1\n.set x, x+1\n.endr\n",
        &["MAX_EXPANSION_BYTES", "t.s:2:8"],
        Duration::from_secs(5),
    );
}

#[test]
fn irp_with_too_many_items_fails_at_once() {
    let items = vec!["1"; 300_000].join(",");
    fails_with(
        &format!(".irp x, {items}\n.int \\x\n.endr\n"),
        &["MAX_EXPANSION_BYTES", "t.s:1:1"],
        Duration::from_secs(5),
    );
}

#[test]
fn output_is_bounded() {
    fails_with(
        ".rept 100\n.fill 1<<24, 8, 0\n.endr\n",
        &["MAX_OUTPUT_BYTES", ".rept at t.s:1:1:1:1"],
        Duration::from_secs(5),
    );
    fails_with(
        ".byte 1\n.p2align 31\n",
        &["MAX_OUTPUT_BYTES", "t.s:2:1"],
        Duration::from_secs(5),
    );
}

#[test]
#[cfg(unix)]
fn incbin_of_an_endless_file_is_capped() {
    fails_with(
        ".incbin \"/dev/zero\"\n",
        &["MAX_INPUT_BYTES", "t.s:1:9"],
        Duration::from_secs(5),
    );
}

#[test]
fn endless_empty_for_loop_hits_the_expansion_limit() {
    fails_with(
        ".for i = 0, i < 100000000, i + 1\n.endr\n",
        &["MAX_EXPANSION_BYTES"],
        Duration::from_secs(5),
    );
}

#[test]
fn kernel_count_is_bounded() {
    let mut src = String::from(".amdcl2\n.gpu Bonaire\n");
    for i in 0..5000 {
        src.push_str(&format!(
            ".kernel k{i}\n.config\n.dims x\n.text\ns_endpgm\n"
        ));
    }
    // Kernel 4097 is on line 2 + 4096 * 5 + 1.
    fails_with(
        &src,
        &["MAX_KERNELS", "t.s:20483:9"],
        Duration::from_secs(5),
    );
    let msg = asm(&src).unwrap_err();
    assert_eq!(
        msg.matches("MAX_KERNELS").count(),
        2,
        "one error (message and label)"
    );
}

#[test]
fn loops_nest_at_most_max_macro_depth() {
    let src = format!(
        "{}.int 1\n{}",
        ".rept 1\n".repeat(300),
        ".endr\n".repeat(300)
    );
    fails_with(&src, &["MAX_MACRO_DEPTH", ".rept"], Duration::from_secs(5));
    // 200 levels are fine: one .int.
    let src = format!(
        "{}.int 1\n{}",
        ".rept 1\n".repeat(200),
        ".endr\n".repeat(200)
    );
    assert_eq!(asm(&src).unwrap(), 1u32.to_le_bytes());
}
