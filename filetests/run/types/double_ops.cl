// Element-wise double arithmetic: + - * negation, halving and a comparison, printed in
// %.16g; division checked with -compare at 0 ulp (double x / y is correctly rounded in
// OpenCL 1.2's full profile). Expectations: Python doubles (reference/floats.py).
// Notable: 0.1 + 0.2 = 0.30000000000000004 prints as 0.3 in %.16g; 2^53 + 1 rounds back
// to 2^53 while 2^53 - 1 is exact; 1e300 * 1e10 overflows to inf.
// RUN: kauai oclc -execute -enqueue double_ops -arg a,0.1,-2.25,9007199254740992,1e300,0.3333333333333333,-0.0 -arg b,0.2,4.0,1.0,1e10,3.0,2.0 -print out,36 -print q,6 -global 6 %s
// CHECK: out,0.3,-0.1,0.02,-0.1,0.05,1,1.75,-6.25,-9,2.25,-1.125,1,9007199254740992,9007199254740991,9007199254740992,-9007199254740992,4503599627370496,0,1e+300,1e+300,inf,-1e+300,5e+299,0,3.333333333333333,-2.666666666666667,1,-0.3333333333333333,0.1666666666666667,1,2,-2,-0,0,-0,1
// CHECK-NEXT: q,0.5,-0.5625,9007199254740992,1e+290,0.1111111111111111,-0

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void double_ops(__global const double *a, __global const double *b,
                         __global double *out, __global double *q)
{
    size_t i = get_global_id(0);
    double x = a[i];
    double y = b[i];
    __global double *o = out + 6 * i;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = -x;
    o[4] = x * 0.5;
    o[5] = (x < y) ? 1.0 : 0.0;
    q[i] = x / y;
}
