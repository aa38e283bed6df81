// float4 element-wise a * b + c with a float4 passed by value (-arg c,0.5,1,-1,2).
// All operands and results are small dyadic numbers, exact in float32, so there is no
// rounding: a = 1..8, b = (0.5, 2, 4, -1) twice, e.g. 1*0.5+0.5 = 1, 4*-1+2 = -2.
// RUN: kauai oclc -execute -enqueue float4_mad -arg a,range(1,8) -arg b,0.5,2,4,-1,0.5,2,4,-1 -arg c,0.5,1,-1,2 -print out,8 -global 2 %s
// CHECK: out,1,5,11,-2,3,13,27,-6

__kernel void float4_mad(__global const float4 *a, __global const float4 *b, float4 c,
                         __global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = a[i] * b[i] + c;
}
