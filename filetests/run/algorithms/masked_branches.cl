// Divergent branches on an id against a uniform value, which the host JIT runs masked
// in packets of 16 (no split): a guard whose inactive work-items would read and write
// past the buffers' ends (n = 21 of 32 work-items, buffers of 21), an if/else whose
// join takes a value per work-item, a nested branch, and a local-memory tree step
// (`lid < s` splits the first packet). Expected output computed by hand:
// out[i] = 3 * in[i] + (i < 7 ? 100 : 200) + (i < 7 && i >= 3 ? 1000 : 0) for i < 21,
// in = 1..21; sum[g] = the sum of the group's 16 values of in2 = 0..31:
// 120 and 376.
// RUN: kauai oclc -execute -enqueue k -arg in,range(1,21) -arg out,repeat(21,0) -arg in2,range(0,31) -arg sum,repeat(2,0) -arg n,21 -print out,21 -print sum,2 -global 32 -local 16 %s
// CHECK: out,103,106,109,1112,1115,1118,1121,224,227,230,233,236,239,242,245,248,251,254,257,260,263
// CHECK: sum,120,376

__kernel void k(__global const int *in, __global int *out, __global const int *in2,
                __global int *sum, int n)
{
    __local int t[16];
    int i = get_global_id(0);
    int lid = get_local_id(0);
    if (i < n) {
        int v = 3 * in[i];
        int add;
        if (i < 7) {
            add = 100;
            if (i >= 3)
                add += 1000;
        } else {
            add = 200;
        }
        out[i] = v + add;
    }
    t[lid] = in2[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 8; s > 0; s >>= 1) {
        if (lid < s)
            t[lid] += t[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        sum[get_group_id(0)] = t[0];
}
