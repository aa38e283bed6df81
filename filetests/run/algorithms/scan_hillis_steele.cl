// Inclusive prefix sum (Hillis-Steele) per work-group of 16, double-buffered in a __local
// pointer argument of 2 * 16 ints = 128 bytes. Two groups scan independently; the
// expected values are running sums of each half of the input (reference/algorithms.py),
// e.g. 3, 3+1 = 4, 4+4 = 8, ... and the second group restarts at 2.
// RUN: kauai oclc -execute -enqueue scan -arg in,3,1,4,1,5,9,2,6,5,3,5,8,9,7,9,3,2,3,8,4,6,2,6,4,3,3,8,3,2,7,9,5 -arg buf,128 -print out,32 -global 32 -local 16 %s
// CHECK: out,3,4,8,9,14,23,25,31,36,39,44,52,61,68,77,80,2,5,13,17,23,25,31,35,38,41,49,52,54,61,70,75

__kernel void scan(__global const int *in, __global int *out, __local int *buf)
{
    int l = get_local_id(0);
    int n = get_local_size(0);
    int src = 0;
    buf[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int offset = 1; offset < n; offset *= 2) {
        int dst = 1 - src;
        int v = buf[src * n + l];
        if (l >= offset)
            v += buf[src * n + l - offset];
        buf[dst * n + l] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        src = dst;
    }
    out[get_global_id(0)] = buf[src * n + l];
}
