//! Which kernels the JIT runs in packets of work-items, and the work width the host
//! device reports for them (`Program::work_width`, behind ComputeMux's
//! `get_dynamic_work_width`).

use kauai_host::{Program, JIT_PACKET};

fn program(file: &str) -> Program {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file);
    let text = std::fs::read_to_string(&path).expect("read");
    let m = kauai_ir::parse_str(file, &text).expect("parse");
    Program::new(&m).expect("translate")
}

#[test]
fn straight_line_kernels_run_in_packets() {
    let p = program("linear.ir");
    let how = p.jit_compile("linear").expect("the JIT compiles it");
    // `2 * i` and `+ 1` are 32-bit arithmetic stored to consecutive elements: SIMD.
    // The store's offset `4 * i` and pointer serve only its address: the packet's one
    // bounds check reads the first and last offsets, and the other work-items' are
    // made only where that check fails, as are the global id's (one add each, where
    // asked). The address is made of the argument and the global id alone, so the
    // check is done once per row of work-items.
    assert_eq!(
        how,
        format!(
            "packets of {JIT_PACKET} work-items, 2 values in SIMD vectors, 3 address values made per work-item only on slow paths, 1 access checked once per row"
        )
    );
    assert_eq!(p.work_width("linear", [16, 1, 1]), JIT_PACKET as u32);
    // Narrower groups get the widest packet their rows fill.
    assert_eq!(p.work_width("linear", [24, 1, 1]), JIT_PACKET as u32 / 2);
    assert_eq!(p.work_width("linear", [12, 1, 1]), JIT_PACKET as u32 / 4);
    // A group whose x size is not a multiple of 4 runs one at a time.
    assert_eq!(p.work_width("linear", [6, 1, 1]), 1);
}

#[test]
fn divergent_branches_split_packets() {
    // `divergent_packets.ir` branches on the work-item's id: its packets split where
    // their work-items disagree and go on one work-item at a time.
    let p = program("divergent_packets.ir");
    let k = p.kernel_names()[0].to_string();
    let how = p.jit_compile(&k).expect("the JIT compiles it");
    let want = format!("packets of {} work-items", JIT_PACKET / 4);
    assert!(how.starts_with(&want), "{how}");
}

#[test]
fn guards_on_ids_run_masked() {
    // `if (i < n)` compares the id with a uniform value: a packet whose work-items
    // disagree runs the guarded code masked and stays whole, so the kernel keeps
    // packets of 16 (the data file checks the results on both executors).
    let p = program("masked_guard.ir");
    let how = p.jit_compile("masked").expect("the JIT compiles it");
    assert!(
        how.starts_with(&format!("packets of {JIT_PACKET} work-items")),
        "{how}"
    );
}

#[test]
fn divergent_branches_with_barriers_split_and_rejoin() {
    // The work-items of a packet part at a branch they disagree on and come back
    // together at the next barrier; the data file checks the results on both executors.
    let p = program("divergent_barrier_packets.ir");
    let k = p.kernel_names()[0].to_string();
    let how = p.jit_compile(&k).expect("the JIT compiles it");
    let want = format!("packets of {} work-items", JIT_PACKET / 4);
    assert!(how.starts_with(&want), "{how}");
}

#[test]
fn barriers_run_in_packets_too() {
    // Uniform branches only, so a packet reaches each barrier together.
    let p = program("barrier_reverse.ir");
    let k = p.kernel_names()[0].to_string();
    let how = p.jit_compile(&k).expect("the JIT compiles it");
    // The load of `in[gid]` goes to consecutive `__local` slots: one SIMD value; the
    // reversed reads are not consecutive. The addresses used before the barrier where
    // they are made (`&in[gid]`, `&tmp[lid]`) and after it (`7 - lid`, its offset,
    // `&tmp[7 - lid]`, `&out[gid]`) are lazy, and so are the ids (`gid`, `lid`: made
    // where asked); the offset `4 * gid`, used on both sides, is not. All four
    // addresses are made of arguments, the global's address and ids: each call (one
    // per region) checks them once per row.
    assert_eq!(
        how,
        format!(
            "packets of {JIT_PACKET} work-items, 1 value in SIMD vectors, 9 address values made per work-item only on slow paths, 4 accesses checked once per row"
        )
    );
    assert_eq!(p.work_width(&k, [16, 1, 1]), JIT_PACKET as u32);
}

#[test]
fn atomics_and_private_memory_keep_work_items_apart() {
    for (file, why) in [
        ("atomics_global.ir", "atomics"),
        ("private.ir", "private memory"),
    ] {
        let p = program(file);
        let k = p.kernel_names()[0].to_string();
        let how = p.jit_compile(&k).expect("the JIT compiles it");
        assert_eq!(how, format!("one work-item at a time: {why}"), "{file}");
        assert_eq!(p.work_width(&k, [16, 1, 1]), 1, "{file}");
    }
}

#[test]
fn the_jit_refuses_an_instruction_budget() {
    // Only the interpreter counts instructions: asked for both, the JIT says so.
    let p = program("linear.ir");
    let buf = std::sync::Arc::new(kauai_host::Buffer::new(64 * 4));
    let opts = kauai_host::ExecOptions {
        executor: kauai_host::Executor::Jit,
        fuel: Some(1000),
        ..Default::default()
    };
    let e = p
        .run(
            "linear",
            &[kauai_host::ArgValue::Buffer(buf)],
            &kauai_host::NdRange::linear(64, 16),
            &opts,
        )
        .expect_err("an instruction budget needs the interpreter");
    assert!(
        e.to_string()
            .contains("not supported yet: an instruction limit on the JIT"),
        "{e}"
    );
}

#[test]
fn vector_values_are_packed_by_component() {
    // `packed_vectors.ir` builds a float4 from a loaded float and its sum and product,
    // scales it, swizzles it and combines its components: all 17 values (the load,
    // the sum and product, four inserts, the splat, the vector multiply and add, the
    // swizzle, four extracts and the final multiply, add and subtract) are SIMD, each
    // component in vectors of work-items; the data file checks the results on both
    // executors.
    let p = program("packed_vectors.ir");
    let how = p.jit_compile("v4").expect("the JIT compiles it");
    assert!(
        how.starts_with(&format!(
            "packets of {JIT_PACKET} work-items, 17 values in SIMD vectors"
        )),
        "{how}"
    );
}
