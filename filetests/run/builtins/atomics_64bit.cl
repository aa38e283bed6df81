// The 64-bit atomics of cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics on
// global and local memory, long and ulong, with values beyond 32 bits (hand-computed):
// eight work-items add 2^33 (8 << 33), subtract 5 (-40), increment (8), decrement
// (-8), take the minimum of -i * 10^12 (-7 * 10^12) and the maximum of i << 50
// (7 << 50); clear bits 32 + i (0xFFFFFF00FFFFFFFF), set bits 63 - i
// (0xFF00000000000000), xor 0x0101010101010101 << i (every byte 0xFF), take the
// unsigned maximum of i << 61 (7 << 61) and the unsigned minimum of 2^64 - 16 + i.
// One work-item exchanges (old 7) and compares-and-exchanges (3 -> 99, then a failed
// exchange returns 99). In local memory the sum of 0..7 is 28 and the maximum of
// 1 << 40 and i << 41 is 7 << 41.
// RUN: kauai oclc -execute -enqueue a64 -arg s,0,0,0,0,0,0,7,3 -arg u,18446744073709551615,0,0,0,18446744073709551615 -arg old,0,0,0,0,0 -print s,8 -print u,5 -print old,5 -global 8 -local 8 %s
// CHECK: s,68719476736,-40,8,-8,-7000000000000,7881299347898368,42,99
// CHECK: u,18446742978492891135,18374686479671623680,18446744073709551615,16140901064495857664,18446744073709551600
// CHECK: old,7,3,99,28,15393162788864

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

__kernel void a64(__global long *s, __global ulong *u, __global long *old)
{
    __local long l[2];
    size_t i = get_global_id(0);
    if (i == 0) {
        l[0] = 0;
        l[1] = 1L << 40;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    atom_add(&s[0], 1L << 33);
    atom_sub(&s[1], 5L);
    atom_inc(&s[2]);
    atom_dec(&s[3]);
    atom_min(&s[4], -(long)i * 1000000000000L);
    atom_max(&s[5], (long)i << 50);
    atom_and(&u[0], ~(1UL << (i + 32)));
    atom_or(&u[1], 1UL << (63 - i));
    atom_xor(&u[2], 0x0101010101010101UL << i);
    atom_max(&u[3], (ulong)i << 61);
    atom_min(&u[4], 0xFFFFFFFFFFFFFFF0UL + i);
    atom_add(&l[0], (long)i);
    atom_max(&l[1], (long)i << 41);
    if (i == 0) {
        old[0] = atom_xchg(&s[6], 42L);
        old[1] = atom_cmpxchg(&s[7], 3L, 99L);
        old[2] = atom_cmpxchg(&s[7], 3L, 5L);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i == 0) {
        old[3] = l[0];
        old[4] = l[1];
    }
}
