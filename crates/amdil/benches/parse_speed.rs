//! IL parse speed in lines per second: a generated 200 000-line program with the usual
//! mix of instructions, declarations, comments and metadata. Run with
//! `cargo bench -p kauai-amdil`. Prints lines per second of wall time and of the thread's
//! CPU time (the per-core figure, on Linux); asserts nothing about time.

use std::fmt::Write as _;
use std::time::Instant;

use kauai_amdil::parse_str;
use kauai_diag::{Diagnostics, FileId};

fn main() {
    let mut text = String::from("il_cs_2_0\ndcl_cb cb0[9]\ndcl_literal l0, 0x00000004, 1, 2, 3\n");
    let mut lines = 3usize;
    for i in 0..25_000 {
        let _ = writeln!(text, "; block {i}");
        let _ = writeln!(text, "iadd r{}.x, r{}.x, l0.y", i % 64, (i + 1) % 64);
        let _ = writeln!(text, "mad r1.xy__, r2.xyxy, cb0[r3.x+2].yxzw, r4_neg(xyzw)");
        let _ = writeln!(text, "uav_raw_load_id(11) r5, r6.x");
        let _ = writeln!(text, "uav_raw_store_id(11) mem0.x___, r6.x, r5.x");
        let _ = writeln!(text, "ifc_relop(lt) r1.x, r2.x");
        let _ = writeln!(text, "endif");
        let _ = writeln!(text, ";pointer:a:i32:1:1:0:uav:11:4");
        lines += 8;
    }
    text.push_str("end\n");
    lines += 1;
    let mut best_wall = 0.0f64;
    let mut best_cpu = 0.0f64;
    for _ in 0..5 {
        let mut d = Diagnostics::new();
        let cpu0 = thread_cpu_ns();
        let t = Instant::now();
        let p = parse_str(&text, FileId(0), &mut d);
        let s = t.elapsed().as_secs_f64();
        let cpu1 = thread_cpu_ns();
        assert_eq!(p.lines.len(), lines);
        best_wall = best_wall.max(lines as f64 / s);
        if let (Some(a), Some(b)) = (cpu0, cpu1) {
            if b > a {
                best_cpu = best_cpu.max(lines as f64 / ((b - a) as f64 / 1e9));
            }
        }
    }
    println!(
        "parser: {:.2} million lines per second of wall time (best of 5)",
        best_wall / 1e6
    );
    if best_cpu > 0.0 {
        println!(
            "parser: {:.2} million lines per second of the thread's CPU time, i.e. per core whatever the machine load (best of 5)",
            best_cpu / 1e6
        );
    }
}

/// Nanoseconds this thread has run on a CPU (Linux `/proc/thread-self/schedstat`).
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}
