// Work-efficient exclusive prefix sum (Blelloch's up-sweep and down-sweep) in local
// memory, as GPU Gems 3 ch. 39 writes it: each work-group of 16 scans 32 elements (two
// per work-item), clears the last element after the up-sweep, writes its total to
// `sums` (the block sums a multi-level scan adds back), with a barrier at every level.
// Input: 64 values randint(0,9), -seed 9, two work-groups. Expected: exclusive prefix
// sums per block of 32 and the block totals (reference/suite.py).
// RUN: kauai oclc -execute -enqueue scan -arg in,repeat(64,randint(0,9)) -seed 9 -arg tmp,128 -print out,64 -print sums,2 -global 32 -local 16 %s
// CHECK: out,0,6,13,15,22,24,25,31,40,42,49,54,56,65,67,74,82,87,88,94,100,107,107,111,114,118,124,133,135,141,148,151,0,0,8,9,18,23,30,30,38,40,44,48,48,54,62,64,65,69,69,78,82,89,92,100,107,111,113,118,123,124,128,130
// CHECK-NEXT: sums,151,130

__kernel void scan(__global const uint *in, __global uint *out, __global uint *sums,
                   __local uint *tmp)
{
    uint l = get_local_id(0);
    uint n = 2 * get_local_size(0);
    uint base = get_group_id(0) * n;
    tmp[2 * l] = in[base + 2 * l];
    tmp[2 * l + 1] = in[base + 2 * l + 1];
    uint offset = 1;
    for (uint d = n >> 1; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < d) {
            uint ai = offset * (2 * l + 1) - 1;
            uint bi = offset * (2 * l + 2) - 1;
            tmp[bi] += tmp[ai];
        }
        offset <<= 1;
    }
    if (l == 0) {
        sums[get_group_id(0)] = tmp[n - 1];
        tmp[n - 1] = 0;
    }
    for (uint d = 1; d < n; d <<= 1) {
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < d) {
            uint ai = offset * (2 * l + 1) - 1;
            uint bi = offset * (2 * l + 2) - 1;
            uint t = tmp[ai];
            tmp[ai] = tmp[bi];
            tmp[bi] += t;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + 2 * l] = tmp[2 * l];
    out[base + 2 * l + 1] = tmp[2 * l + 1];
}
