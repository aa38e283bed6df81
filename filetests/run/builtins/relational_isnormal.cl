// isnormal (OpenCL 1.2 section 6.12.6): true for finite nonzero values at or above
// FLT_MIN in magnitude. x = 0, -0, inf, -inf, NaN, 1.5, -2, FLT_MIN -> 0,0,0,0,0,1,1,1
// (scalar form: 1 for true); the float4 form on (0, 1.5, inf, FLT_MIN) gives 0,-1,0,-1.
// RUN: kauai oclc -execute -enqueue normal -arg m,1.5,-2.0 -print n,8 -print v,4 -global 1 %s
// CHECK: n,0,0,0,0,0,1,1,1
// CHECK-NEXT: v,0,-1,0,-1

__kernel void normal(__global const float *m, __global int *n, __global int4 *v)
{
    float x[8];
    x[0] = 0.0f;
    x[1] = -0.0f;
    x[2] = as_float(0x7f800000);
    x[3] = as_float(0xff800000);
    x[4] = as_float(0x7fc00000);
    x[5] = m[0];
    x[6] = m[1];
    x[7] = FLT_MIN;
    for (int i = 0; i < 8; i++)
        n[i] = isnormal(x[i]);
    v[0] = isnormal((float4)(x[0], x[5], x[2], x[7]));
}
