// Every kernel argument must be named by -arg, -print or -compare: `scale` is not, so the
// run fails before execution with a message naming the argument.
// RUN: kauai oclc -execute -enqueue scaled -arg in,1,2,3,4 -print out,4 -global 4 %s
// CHECK-FAIL: kernel argument `scale` of `scaled` is not given

__kernel void scaled(__global const int *in, int scale, __global int *out)
{
    int i = get_global_id(0);
    out[i] = in[i] * scale;
}
