// An out-of-bounds access to __local memory is a fault like a global one: work-item 5
// (local id 1 of group 1) indexes 100 past a 4-int __local pointer argument (16 bytes).
// RUN: kauai oclc -execute -enqueue lbounds -arg scratch,16 -print out,8 -global 8 -local 4 %s
// CHECK-FAIL: fault in kernel lbounds, work-item (5, 0, 0)

__kernel void lbounds(__global int *out, __local int *scratch)
{
    int g = get_global_id(0);
    int l = get_local_id(0);
    scratch[(g == 5) ? l + 100 : l] = g;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = scratch[l];
}
