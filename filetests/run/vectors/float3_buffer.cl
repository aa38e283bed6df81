// float3 buffers through oclc: each element occupies 4 lanes in memory (OpenCL 1.2
// 6.1.5), so the 6 listed values fill two float3s and the 4th lane of each is padding
// that -arg writes as 0 and -print skips. b_i = 2 a_i, component by component.
// RUN: kauai oclc -execute -enqueue twice -arg a,1,2,3,4.5,5,-6 -print b,6 -global 2 -local 2 %s
// CHECK: b,2,4,6,9,10,-12
__kernel void twice(__global const float3 *a, __global float3 *b)
{
    size_t i = get_global_id(0);
    b[i] = a[i] * 2.0f;
}
