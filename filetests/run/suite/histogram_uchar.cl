// Histogram as the vendor SDK samples write it: each work-item counts its values into
// its own `uchar` sub-histogram in local memory (256 values over 64 work-items, 4 each,
// so no sub-bin can overflow a uchar), the work-group merges the sub-histograms into
// local `uint` bins with local atomic_add, and one work-item per bin adds the group's
// bin to the global histogram with a global atomic_add. Bin = value >> 4 (16 bins).
// Inputs: 256 values randint(0,255) with -seed 11; expected counts and the input
// itself from reference/suite.py (Python's count per bin over the same drawn values).
// RUN: kauai oclc -execute -enqueue histogram -arg data,repeat(256,randint(0,255)) -seed 11 -arg per_item,4 -print hist,16 -print data,0,16 -global 64 -local 16 %s
// CHECK: hist,12,8,11,15,18,17,21,16,16,14,17,12,24,19,20,16
// CHECK-NEXT: data,80,67,163,129,42,141,25,199,87,245,41,65,233,248,243,62

#define BINS 16
#define WG 16

__kernel void histogram(__global const uchar *data, __global uint *hist, uint per_item)
{
    __local uchar sub[WG * BINS];
    __local uint bins[BINS];
    int l = get_local_id(0);
    for (int b = 0; b < BINS; b++)
        sub[l * BINS + b] = 0;
    if (l < BINS)
        bins[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    uint base = get_global_id(0) * per_item;
    for (uint k = 0; k < per_item; k++)
        sub[l * BINS + (data[base + k] >> 4)]++;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int b = 0; b < BINS; b++) {
        uchar c = sub[l * BINS + b];
        if (c)
            atomic_add(&bins[b], c);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < BINS)
        atomic_add(&hist[l], bins[l]);
}
