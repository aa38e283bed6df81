// 32-bit atomics on global memory from 96 work-items in 6 work-groups, on
// c = 0, 0, 0, 2000, 0, 0, -1, 0, 0 and a flag f = 0. Results are order-independent:
//  c[0] atomic_inc per work-item                  -> 96
//  c[1] atomic_add(gid)                           -> 0 + 1 + ... + 95 = 4560
//  c[2] atomic_max((gid * 7) % 50)                -> 49 (gid = 7)
//  c[3] atomic_min(1000 - gid) from 2000          -> 905
//  c[4] atomic_sub(2)                             -> -192
//  c[5] atomic_or(1 << (gid % 32))                -> all bits: -1
//  c[6] atomic_and(~(1 << (gid % 16))) from -1    -> 0xffff0000 = -65536
//  c[7] atomic_xor(gid + 1)                       -> 1 ^ 2 ^ ... ^ 96 = 96 (n % 4 == 0 gives n)
//  c[8] counts work-items whose atomic_xchg(f, 1) returned 0: exactly one -> 1
// and f ends as 1 (closed forms as listed).
// RUN: kauai oclc -execute -enqueue atomics -arg c,0,0,0,2000,0,0,-1,0,0 -arg f,0 -print c,9 -print f,1 -global 96 -local 16 %s
// CHECK: c,96,4560,49,905,-192,-1,-65536,96,1
// CHECK-NEXT: f,1

__kernel void atomics(__global int *c, __global int *f)
{
    int gid = get_global_id(0);
    atomic_inc(&c[0]);
    atomic_add(&c[1], gid);
    atomic_max(&c[2], (gid * 7) % 50);
    atomic_min(&c[3], 1000 - gid);
    atomic_sub(&c[4], 2);
    atomic_or(&c[5], 1 << (gid % 32));
    atomic_and(&c[6], ~(1 << (gid % 16)));
    atomic_xor(&c[7], gid + 1);
    if (atomic_xchg(&f[0], 1) == 0)
        atomic_inc(&c[8]);
}
