// A barrier reached by only some work-items of a group (a non-uniform branch) is
// undefined behaviour in OpenCL; the reference executor detects it and fails the enqueue
// naming the kernel instead of hanging or guessing.
// RUN: kauai oclc -execute -enqueue diverge -print out,8 -global 8 -local 4 %s
// CHECK-FAIL: barrier divergence in kernel diverge

__kernel void diverge(__global int *out)
{
    __local int tmp[4];
    int l = get_local_id(0);
    tmp[l] = l;
    if (l < 2)
        barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[(l + 1) % 4];
}
