//! The finalize pipeline on a large function shaped like the front end's output: many
//! `alloca`'d variables, loops, helper calls and barriers (about 10,000 instructions).
//! Goal: well under a second per module.

use std::fmt::Write;

use kauai_ir::{parse_str, Module};
use kauai_opt::{finalize_pipeline, OptLevel};

fn main() {
    divan::main();
}

/// `sections` loops, each about 30 instructions after the helper is inlined.
fn big_module(sections: usize) -> String {
    let mut s = String::new();
    s.push_str("declare @_Z13get_global_idj(i32) -> i64\ndeclare @_Z7barrierj(i32) -> void\n");
    s.push_str(
        "function @h(f32 \"x\") -> f32 {\nblock0(v0: f32):\n    v1 = alloca.ptr0 f32 align 4\n    store v1, v0 align 4\n    v2 = load.f32 v1 align 4\n    v3 = fmul.f32 v2, v2\n    return v3\n}\n",
    );
    s.push_str("function @k(ptr1 \"out\", i32 \"n\") -> void \"mux-kernel\"=\"entry-point\" {\nblock0(v0: ptr1, v1: i32):\n");
    let mut v = 2usize;
    let mut b = 1usize;
    let next = |n: &mut usize| {
        *n += 1;
        *n - 1
    };
    let acc = next(&mut v);
    writeln!(s, "    v{acc} = alloca.ptr0 f32 align 4").ok();
    let zero = next(&mut v);
    writeln!(
        s,
        "    v{zero} = const.f32 0.0\n    store v{acc}, v{zero} align 4"
    )
    .ok();
    writeln!(s, "    jump block{b}").ok();
    for _ in 0..sections {
        let (head, body, exit) = (b, b + 1, b + 2);
        b += 3;
        let i = next(&mut v);
        let c0 = next(&mut v);
        // Entry of the section is `head`: a fresh counter per section.
        writeln!(s, "block{head}:").ok();
        writeln!(s, "    v{i} = alloca.ptr0 i32 align 4\n    v{c0} = const.i32 0\n    store v{i}, v{c0} align 4\n    jump block{body}").ok();
        writeln!(s, "block{body}:").ok();
        let (l, cmp, a, x, y, z, one, inc, d, gid, g32) = (
            next(&mut v),
            next(&mut v),
            next(&mut v),
            next(&mut v),
            next(&mut v),
            next(&mut v),
            next(&mut v),
            next(&mut v),
            next(&mut v),
            next(&mut v),
            next(&mut v),
        );
        writeln!(s, "    v{l} = load.i32 v{i} align 4").ok();
        writeln!(s, "    v{d} = const.i32 0\n    v{gid} = call.i64 @_Z13get_global_idj(v{d})\n    v{g32} = trunc.i32 v{gid}").ok();
        writeln!(s, "    v{a} = load.f32 v{acc} align 4\n    v{x} = sitofp.f32 v{l}\n    v{y} = call.f32 @h(v{x})\n    v{z} = fadd.f32 v{a}, v{y}\n    store v{acc}, v{z} align 4").ok();
        writeln!(s, "    v{one} = const.i32 1\n    v{inc} = iadd.i32 v{l}, v{one}\n    store v{i}, v{inc} align 4").ok();
        let k = next(&mut v);
        writeln!(s, "    v{k} = iadd.i32 v{inc}, v{g32}").ok();
        writeln!(
            s,
            "    v{cmp} = icmp.i1 slt v{k}, v1\n    brif v{cmp}, block{body}, block{exit}"
        )
        .ok();
        writeln!(s, "block{exit}:").ok();
        let f = next(&mut v);
        writeln!(
            s,
            "    v{f} = const.i32 1\n    call @_Z7barrierj(v{f})\n    jump block{b}"
        )
        .ok();
    }
    writeln!(s, "block{b}:").ok();
    let r = next(&mut v);
    writeln!(
        s,
        "    v{r} = load.f32 v{acc} align 4\n    store v0, v{r} align 4\n    return\n}}"
    )
    .ok();
    s
}

fn module(sections: usize) -> Module {
    let text = big_module(sections);
    match parse_str("big.ir", &text) {
        Ok(m) => m,
        Err(e) => panic!("{e}"),
    }
}

/// 333 sections: about 10,000 instructions in the kernel once the helper is inlined
/// (30 per section).
#[divan::bench(args = [OptLevel::Default, OptLevel::None])]
fn finalize_10k(bencher: divan::Bencher, level: OptLevel) {
    let m = module(333);
    bencher
        .with_inputs(|| m.clone())
        .bench_local_values(|mut m| {
            if let Err(e) = finalize_pipeline(&mut m, level) {
                panic!("{e}");
            }
            m
        });
}

/// The same shape at several sizes: the time must grow about linearly.
#[divan::bench(args = [100, 400, 1600, 6400])]
fn finalize_scaling(bencher: divan::Bencher, sections: usize) {
    let m = module(sections);
    bencher
        .with_inputs(|| m.clone())
        .bench_local_values(|mut m| {
            if let Err(e) = finalize_pipeline(&mut m, OptLevel::Default) {
                panic!("{e}");
            }
            m
        });
}
