// Math builtins on double (cl_khr_fp64), x = 2, 0.1, 10, 0.001:
//  dm_exact (printed in %.16g): sqrt(x) (correctly rounded for double in OpenCL 1.2),
//    fma(x, x, -1) (one rounding), floor(3x), ceil(3x), fabs(-x);
//  dm_approx (-compare within 4 ulp, the OpenCL limit for exp/log 3 and sin/cos 4):
//    exp, log, sin, cos; dm_pow (within 16 ulp): pow(x, 0.5 + x).
// Expected: Python's math module in double and exact rationals for fma
// (reference/builtins.py). 0.1 * 3 = 0.30000000000000004, so floor 0 and ceil 1.
// RUN: kauai oclc -execute -enqueue dm_exact -arg x,2.0,0.1,10.0,0.001 -print ex,20 -global 4 %s
// CHECK: ex,1.414213562373095,3,6,6,2,0.3162277660168379,-0.99,0,1,0.1,3.16227766016838,99,30,30,10,0.03162277660168379,-0.999999,0,1,0.001
// RUN: kauai oclc -execute -enqueue dm_approx -arg x,2.0,0.1,10.0,0.001 -compare ap,7.38905609893065,0.6931471805599453,0.9092974268256817,-0.4161468365471424,1.1051709180756477,-2.3025850929940455,0.09983341664682815,0.9950041652780258,22026.465794806718,2.302585092994046,-0.5440211108893698,-0.8390715290764524,1.0010005001667084,-6.907755278982137,0.0009999998333333417,0.9999995000000417 -ulp-error 4 -global 4 %s
// CHECK: ap - match
// RUN: kauai oclc -execute -enqueue dm_pow -arg x,2.0,0.1,10.0,0.001 -compare pw,5.656854249492381,0.251188643150958,31622776601.683792,0.03140508693876217 -ulp-error 16 -global 4 %s
// CHECK: pw - match

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void dm_exact(__global const double *x, __global double *ex)
{
    size_t i = get_global_id(0);
    double a = x[i];
    __global double *o = ex + 5 * i;
    o[0] = sqrt(a);
    o[1] = fma(a, a, -1.0);
    o[2] = floor(a * 3.0);
    o[3] = ceil(a * 3.0);
    o[4] = fabs(-a);
}

__kernel void dm_approx(__global const double *x, __global double *ap)
{
    size_t i = get_global_id(0);
    double a = x[i];
    __global double *o = ap + 4 * i;
    o[0] = exp(a);
    o[1] = log(a);
    o[2] = sin(a);
    o[3] = cos(a);
}

__kernel void dm_pow(__global const double *x, __global double *pw)
{
    size_t i = get_global_id(0);
    pw[i] = pow(x[i], 0.5 + x[i]);
}
