// Work-items of one group communicating through __global memory with
// barrier(CLK_GLOBAL_MEM_FENCE): each writes its square to a global scratch buffer, waits,
// then reads its right neighbour's square (cyclic within the group of 8).
// in = 0..15, two groups: out[i] = i^2 + (next in group)^2, e.g. 7 -> 49 + 0 = 49 in group
// 0 and 15 -> 225 + 64 = 289 in group 1.
// RUN: kauai oclc -execute -enqueue gfence -arg in,range(0,15) -print out,16 -print scratch,16 -global 16 -local 8 %s
// CHECK: out,1,5,13,25,41,61,85,49,145,181,221,265,313,365,421,289
// CHECK-NEXT: scratch,0,1,4,9,16,25,36,49,64,81,100,121,144,169,196,225

__kernel void gfence(__global const int *in, __global int *scratch, __global int *out)
{
    int g = get_global_id(0);
    int l = get_local_id(0);
    int n = get_local_size(0);
    int base = g - l;
    scratch[g] = in[g] * in[g];
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[g] = scratch[g] + scratch[base + (l + 1) % n];
}
