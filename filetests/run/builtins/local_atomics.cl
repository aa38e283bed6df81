// 32-bit atomics on __local memory (and a final copy out), two work-groups of 32.
// For group g, work-item l, gid = 32g + l, on local counters initialised by work-item 0:
//  0 atomic_inc -> 32;  1 atomic_add(gid) -> 32g..32g+31 summed = 1024g + 496
//  2 atomic_min((gid * 3) % 17) from 1000 -> 0;  3 atomic_max((gid * 5) % 23) from 0 -> 22
//  4 atomic_dec from 100 -> 68;  5 how many atomic_cmpxchg(&lock, 0, 1) saw 0 -> 1
//  6 atomic_or(1 << l) on a uint -> 0xffffffff;  7 how many atomic_xchg(&flag, 1) saw 0 -> 1
// (min and max by Python over each group's values: reference/builtins.py.)
// RUN: kauai oclc -execute -enqueue latomics -print out,16 -global 64 -local 32 %s
// CHECK: out,32,496,0,22,68,1,4294967295,1,32,1520,0,22,68,1,4294967295,1

__kernel void latomics(__global uint *out)
{
    __local int c[6];
    __local uint bits;
    __local int lock, flag, winners_cas, winners_xchg;
    int l = get_local_id(0);
    int gid = get_global_id(0);
    if (l == 0) {
        c[0] = 0;
        c[1] = 0;
        c[2] = 1000;
        c[3] = 0;
        c[4] = 100;
        bits = 0;
        lock = 0;
        flag = 0;
        winners_cas = 0;
        winners_xchg = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&c[0]);
    atomic_add(&c[1], gid);
    atomic_min(&c[2], (gid * 3) % 17);
    atomic_max(&c[3], (gid * 5) % 23);
    atomic_dec(&c[4]);
    if (atomic_cmpxchg(&lock, 0, 1) == 0)
        atomic_inc(&winners_cas);
    atomic_or(&bits, 1u << l);
    if (atomic_xchg(&flag, 1) == 0)
        atomic_inc(&winners_xchg);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        __global uint *o = out + 8 * get_group_id(0);
        for (int k = 0; k < 5; k++)
            o[k] = c[k];
        o[5] = winners_cas;
        o[6] = bits;
        o[7] = winners_xchg;
    }
}
