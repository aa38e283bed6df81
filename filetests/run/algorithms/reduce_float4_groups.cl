// Tree reduction of float4 values in a __local float4 array with work-groups of very
// different sizes (the barrier scheduling must hold for 256 work-items and for 1):
//  run 1: one group of 256 sums in = 1..1024 as 256 float4: lane k adds 4i + k + 1 over
//         i = 0..255 = 4 * 32640 + 256 (k + 1) -> 130816, 131072, 131328, 131584
//         (every partial sum is an integer below 2^24, so float adds are exact);
//  run 2: four groups of 1: each group's sum is its own float4, 1..16 unchanged.
// RUN: kauai oclc -execute -enqueue reduce4 -arg in,range(1,1024) -arg scratch,4096 -print sums,4 -global 256 -local 256 %s
// CHECK: sums,130816,131072,131328,131584
// RUN: kauai oclc -execute -enqueue reduce4 -arg in,range(1,16) -arg scratch,16 -print sums,16 -global 4 -local 1 %s
// CHECK-NEXT: sums,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16

__kernel void reduce4(__global const float4 *in, __global float4 *sums,
                      __local float4 *scratch)
{
    int l = get_local_id(0);
    scratch[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
        if (l < stride)
            scratch[l] += scratch[l + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        sums[get_group_id(0)] = scratch[0];
}
