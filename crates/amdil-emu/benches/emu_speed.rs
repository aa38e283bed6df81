//! Emulator speed in IL instructions per second on one core, on two kernels of 256
//! work-items: `hash`, compute-bound (an integer hash loop of 2000 rounds per work-item,
//! one store at the end), and `gather`, memory-bound (500 rounds of a bounds-checked
//! global load and store each). Run with `cargo bench -p kauai-amdil-emu`. Prints the
//! rate per second of wall time and per second of CPU time of the running thread (the
//! per-core figure, independent of the machine's load, on Linux); asserts nothing about
//! time. Buffers are placed as the runtime places them, so every global access goes
//! through the region check.

use std::time::Instant;

use kauai_amdil::abi::{Cb0Params, Cb1Builder};
use kauai_amdil::metadata::MdEntry;
use kauai_amdil::{link, parse_str, LinkedKernel, Program};
use kauai_amdil_emu::{run, Launch, Memory, Options};
use kauai_diag::{Diagnostics, FileId};

const KERNELS: &str = "il_cs_2_0
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
func 1025 ; __OpenCL_gather_kernel
dcl_cb cb1[2]
dcl_raw_uav_id(11)
dcl_literal l2, 500, 255, 4, 0
mov r0.x, vAbsTidFlat.x
mov r1.x, l2.w
mov r2.x, l2.w
imul r6.x, r0.x, l2.z
iadd r6.x, r6.x, cb1[1].x
whileloop
uge r3.x, r2.x, l2.x
break_logicalnz r3.x
iadd r4.x, r0.x, r2.x
iand r4.x, r4.x, l2.y
imul r4.x, r4.x, l2.z
iadd r4.x, r4.x, cb1[0].x
uav_raw_load_id(11) r5.x, r4.x
iadd r1.x, r1.x, r5.x
uav_raw_store_id(11) mem0.x___, r6.x, r1.x
iadd r2.x, r2.x, l0.y
endloop
ret
endfunc
;ARGSTART:__OpenCL_gather_kernel
;uniqueid:1025
;pointer:a:i32:1:1:0:uav:11:4
;pointer:out:i32:1:1:16:uav:11:4
;ARGEND:__OpenCL_gather_kernel
end
";

fn main() {
    let mut d = Diagnostics::new();
    let p = parse_str(KERNELS, FileId(0), &mut d);
    assert!(!d.has_errors(), "{d:?}");
    for name in ["hash", "gather"] {
        let k = link(&p, name, &Program::default()).expect("links");
        bench(&k, name);
    }
}

fn bench(k: &LinkedKernel, name: &str) {
    let launch = Launch::ndrange(1, [256, 1, 1], [64, 1, 1], Cb0Params::default());
    let mut best_wall = 0.0f64;
    let mut best_cpu = 0.0f64;
    for _ in 0..5 {
        // Every pointer argument gets a 256-int buffer.
        let mut mem = Memory::default();
        let mut cb1 = Cb1Builder::new();
        for e in &k.metadata.entries {
            if let MdEntry::Pointer(ptr) = e {
                let at = place(&mut mem, &ptr.name, &[1; 256 * 4]);
                cb1.pointer(ptr, at);
            }
        }
        let cpu0 = thread_cpu_ns();
        let t = Instant::now();
        let r = run(
            k,
            &cb1.dwords(),
            &mut mem,
            &launch,
            &Options {
                fuel: u64::MAX,
                device: kauai_amdil::device::find_device("kauai"),
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
        "emulator, {}: {:.1} million IL instructions per second of wall time (best of 5)",
        name,
        best_wall / 1e6
    );
    if best_cpu > 0.0 {
        println!(
            "emulator, {}: {:.1} million IL instructions per second of the thread's CPU time, i.e. per core whatever the machine load (best of 5)",
            name,
            best_cpu / 1e6
        );
    }
}

fn place(mem: &mut Memory, name: &str, bytes: &[u8]) -> u32 {
    kauai_amdil_emu::place_buffer(mem, name, bytes).expect("fits")
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
