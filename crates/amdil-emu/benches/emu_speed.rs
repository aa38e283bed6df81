//! Emulator speed in IL instructions per second on one core, on a compute-bound kernel
//! (an integer hash loop of 2000 rounds per work-item, 256 work-items). Run with
//! `cargo bench -p kauai-amdil-emu`. Prints the rate per second of wall time and per
//! second of CPU time of the running thread (the per-core figure, independent of the
//! machine's load, on Linux); asserts nothing about time.

use std::time::Instant;

use kauai_amdil::abi::{Cb0Params, Cb1Builder};
use kauai_amdil::metadata::MdEntry;
use kauai_amdil::{link, parse_str, Program};
use kauai_amdil_emu::{run, Launch, Memory, Options};
use kauai_diag::{Diagnostics, FileId};

const KERNEL: &str = "il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 4, 1, 2, 3
;$$$$$$$$$$
endmain
func 1024 ; __OpenCL_hash_kernel
dcl_cb cb1[1]
dcl_raw_uav_id(11)
dcl_literal l1, 2000, 0x9E3779B9, 13, 0
mov r0.x, vAbsTidFlat.x
mov r1.x, r0.x
mov r2.x, l1.w
whileloop
uge r3.x, r2.x, l1.x
break_logicalnz r3.x
imad r1.x, r1.x, l1.y, r2.x
ishl r4.x, r1.x, l1.z
ixor r1.x, r1.x, r4.x
iadd r2.x, r2.x, l0.y
endloop
imul r5.x, r0.x, l0.x
iadd r5.x, r5.x, cb1[0].x
uav_raw_store_id(11) mem0.x___, r5.x, r1.x
ret
endfunc
;ARGSTART:__OpenCL_hash_kernel
;uniqueid:1024
;pointer:out:i32:1:1:0:uav:11:4
;ARGEND:__OpenCL_hash_kernel
end
";

fn main() {
    let mut d = Diagnostics::new();
    let p = parse_str(KERNEL, FileId(0), &mut d);
    assert!(!d.has_errors(), "{d:?}");
    let k = link(&p, "hash", &Program::default()).expect("links");
    let mut cb1 = Cb1Builder::new();
    if let Some(MdEntry::Pointer(ptr)) = k
        .metadata
        .entries
        .iter()
        .find(|e| matches!(e, MdEntry::Pointer(_)))
    {
        cb1.pointer(ptr, 0);
    }
    let launch = Launch::ndrange(1, [256, 1, 1], [64, 1, 1], Cb0Params::default());
    let mut best_wall = 0.0f64;
    let mut best_cpu = 0.0f64;
    for _ in 0..5 {
        let mut mem = Memory {
            global: vec![0; 256 * 4],
            ..Memory::default()
        };
        let cpu0 = thread_cpu_ns();
        let t = Instant::now();
        let r = run(
            &k,
            &cb1.dwords(),
            &mut mem,
            &launch,
            &Options {
                fuel: u64::MAX,
                device: kauai_amdil_emu::device("kauai"),
                deadline: None,
            },
        )
        .expect("runs");
        let s = t.elapsed().as_secs_f64();
        best_wall = best_wall.max(r.instructions as f64 / s);
        if let (Some(a), Some(b)) = (cpu0, thread_cpu_ns()) {
            if b > a {
                best_cpu = best_cpu.max(r.instructions as f64 / ((b - a) as f64 / 1e9));
            }
        }
    }
    println!(
        "emulator: {:.1} million IL instructions per second of wall time (best of 5)",
        best_wall / 1e6
    );
    if best_cpu > 0.0 {
        println!(
            "emulator: {:.1} million IL instructions per second of the thread's CPU time, i.e. per core whatever the machine load (best of 5)",
            best_cpu / 1e6
        );
    }
}

/// Nanoseconds this thread has run on a CPU (Linux `/proc/thread-self/schedstat`), so that
/// the figure per core does not depend on what else the machine runs.
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}
