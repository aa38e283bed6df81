// Barriers in both arms of a divergent if/else are barrier divergence (the IL
// devices let it pass because every work-item reached *a* barrier). Work-items 0 and 1
// take the first arm, 2 and 3 the second; the message names work-items on every device.
// RUN: kauai oclc -execute -enqueue arms -print o,4 -global 4 -local 4 %s
// CHECK-FAIL: barrier divergence in kernel arms: work-item

__kernel void arms(__global int *o)
{
    __local int t[4];
    int l = get_local_id(0);
    if (l < 2) {
        t[l] = 1;
        barrier(CLK_LOCAL_MEM_FENCE);
    } else {
        t[l] = 2;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    o[get_global_id(0)] = t[(l + 1) % 4];
}
