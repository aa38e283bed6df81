// Kernel-scope __local arrays together with two __local pointer arguments of different
// element types (-arg scratch,32 = 8 ints, -arg flags,16 = 8 shorts per group):
// each group of 8 reverses its values, negating those whose source position is odd, and
// sums them with atomic_add on a kernel-scope __local int.
// in = 1..16: group 0 -> -8,7,-6,5,-4,3,-2,1 (sum 36); group 1 -> -16,15,...,9 (sum 100).
// RUN: kauai oclc -execute -enqueue locals -arg in,range(1,16) -arg scratch,32 -arg flags,16 -print rev,16 -print gsum,2 -global 16 -local 8 %s
// CHECK: rev,-8,7,-6,5,-4,3,-2,1,-16,15,-14,13,-12,11,-10,9
// CHECK-NEXT: gsum,36,100

__kernel void locals(__global const int *in, __global int *rev, __global int *gsum,
                     __local int *scratch, __local short *flags)
{
    __local int total[1];
    int l = get_local_id(0);
    int n = get_local_size(0);
    scratch[l] = in[get_global_id(0)];
    flags[l] = (short)(l & 1);
    if (l == 0)
        total[0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int src = n - 1 - l;
    rev[get_global_id(0)] = flags[src] ? -scratch[src] : scratch[src];
    atomic_add(&total[0], scratch[l]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0)
        gsum[get_group_id(0)] = total[0];
}
