// __local memory beyond the device's size (a 16 MiB __local argument): the enqueue is
// rejected before running, with the number of bytes asked for.
// RUN: kauai oclc -execute -enqueue big -arg scratch,16777216 -print out,4 -global 4 -local 4 %s
// CHECK-FAIL: kernel needs 16777216 bytes of local memory

__kernel void big(__global int *out, __local int *scratch)
{
    int l = get_local_id(0);
    scratch[l] = l;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = scratch[3 - l];
}
