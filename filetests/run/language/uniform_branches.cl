// Barriers in branches that are uniform per work-group (allowed by OpenCL: every
// work-item of a group takes the same path), and an early return for the work-items
// past the end of the data (rounded-up global size, no barrier after the return).
// Groups of 4, n = 13 valid elements of in = 1..16:
//  group 0 (even) reverses its 4 values through __local memory: 4, 3, 2, 1;
//  group 1 (odd) rotates them left by one: 6, 7, 8, 5;
//  group 2 reverses: 12, 11, 10, 9; group 3 rotates, but only element 12 (< n) is then
//  written and work-items 13..15 returned early after the barriers: 14 -> out[12] = 14,
//  out[13..15] keep -1.
// RUN: kauai oclc -execute -enqueue branches -arg in,range(1,16) -arg out,repeat(16,-1) -arg n,13 -print out,16 -global 16 -local 4 %s
// CHECK: out,4,3,2,1,6,7,8,5,12,11,10,9,14,-1,-1,-1

__kernel void branches(__global const int *in, __global int *out, int n)
{
    __local int buf[4];
    int g = get_global_id(0);
    int l = get_local_id(0);
    buf[l] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    int v;
    if (get_group_id(0) % 2 == 0) {
        v = buf[3 - l];
        barrier(CLK_LOCAL_MEM_FENCE);
    } else {
        v = buf[(l + 1) % 4];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (g >= n)
        return;
    out[g] = v;
}
