//! Assembler and disassembler throughput on a generated 500,000-line GCN 1.2 source
//! (the llvm-mc vector texts repeated). Lines per second = 500,000 / reported time;
//! the allocation profiler reports bytes allocated per run and the peak ("max alloc",
//! which includes the source text twice: the bench's copy and the assembler's).
//!
//! Last figures (2-core sandbox, other builds running): 443-470 ms for 500,000 lines,
//! about 1.1 million lines/s; 1.5 allocations per line; peak heap 45 MB. `kauai asm`
//! on the same 18 MB file: 0.42 s user, 47 MB peak RSS (`/usr/bin/time -v`).
//! Profile with `KAUAI_BENCH_LINES=30000 valgrind --tool=callgrind <bench binary>
//! --exact assemble::assemble_500k_lines --sample-count 1 --sample-size 1`.

use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, disassemble, Arch, AsmOptions, DisasmOptions};

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

/// Lines in the generated source; `KAUAI_BENCH_LINES` overrides it (e.g. a small run
/// under `valgrind --tool=callgrind`).
fn line_count() -> usize {
    std::env::var("KAUAI_BENCH_LINES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500_000)
}

fn source() -> String {
    let data = include_str!("../tests/data/llvm/gfx8.vec");
    // Branches to absolute targets would be out of range far into the file.
    let lines: Vec<&str> = data
        .lines()
        .filter(|l| {
            !l.starts_with('#')
                && !l.starts_with("s_branch")
                && !l.starts_with("s_cbranch")
                && !l.starts_with("s_call")
        })
        .filter_map(|l| l.rsplit_once(" | ").map(|x| x.0))
        .collect();
    let n = line_count();
    let mut s = String::with_capacity(n * 40);
    s.push_str(".gpu Tonga\n");
    for i in 0..n {
        s.push_str(lines[i % lines.len()]);
        s.push('\n');
    }
    s
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn assemble_500k_lines(bencher: divan::Bencher) {
    let src = source();
    bencher.bench_local(|| {
        let mut sm = SourceMap::new();
        let f = sm.add("bench.s", src.clone());
        let mut d = Diagnostics::new();
        let out = assemble(&mut sm, f, &AsmOptions::default(), &mut d);
        assert!(
            out.is_ok(),
            "{}",
            d.list
                .first()
                .map(|x| x.message.clone())
                .unwrap_or_default()
        );
        divan::black_box(out.map(|o| o.code().len()).unwrap_or(0))
    });
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn disassemble_500k_instructions(bencher: divan::Bencher) {
    let src = source();
    let mut sm = SourceMap::new();
    let f = sm.add("bench.s", src);
    let mut d = Diagnostics::new();
    let code = assemble(&mut sm, f, &AsmOptions::default(), &mut d)
        .expect("assembles")
        .code()
        .to_vec();
    bencher.bench_local(|| {
        divan::black_box(disassemble(&code, Arch::Gfx8, DisasmOptions::default()).len())
    });
}

fn main() {
    divan::main();
}
