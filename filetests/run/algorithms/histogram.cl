// Histogram of 128 values in 0..15 (inputs/hist_values.txt): each work-group of 32 counts
// into a __local histogram with atomic_inc, then adds its 16 bins to the global result
// with atomic_add. The global bins start at zero (output-only buffer). Expected counts:
// Python's list.count per bin (reference/algorithms.py); they sum to 128.
// RUN: kauai oclc -execute -enqueue histogram -arg values:../inputs/hist_values.txt -print hist,16 -global 128 -local 32 %s
// CHECK: hist,2,16,2,14,2,14,2,14,2,14,1,15,1,15,1,13

#define BINS 16

__kernel void histogram(__global const uchar *values, __global uint *hist)
{
    __local uint local_hist[BINS];
    int l = get_local_id(0);
    if (l < BINS)
        local_hist[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&local_hist[values[get_global_id(0)]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < BINS)
        atomic_add(&hist[l], local_hist[l]);
}
