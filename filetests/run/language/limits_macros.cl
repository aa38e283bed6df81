// The predefined limit and constant macros of OpenCL C 1.2 (sections 6.12.2.1 and
// 6.12.3.2), whose values are fixed by the specification:
//  i: CHAR_BIT 8, CHAR_MAX 127, CHAR_MIN -128, UCHAR_MAX 255, SHRT_MAX 32767,
//     SHRT_MIN -32768, USHRT_MAX 65535, INT_MAX 2147483647, INT_MIN -2147483648,
//     UINT_MAX 4294967295, LONG_MAX 9223372036854775807, LONG_MIN -9223372036854775808,
//     FLT_DIG 6, FLT_MANT_DIG 24, FLT_MAX_10_EXP 38, FLT_MAX_EXP 128, FLT_MIN_10_EXP -37,
//     FLT_MIN_EXP -125, FLT_RADIX 2, DBL_MANT_DIG 53, DBL_MAX_EXP 1024
//  u: ULONG_MAX 18446744073709551615
//  f: FLT_MAX 3.402823e+38, FLT_MIN 1.175494e-38, FLT_EPSILON 1.192093e-07, M_PI_F
//     3.141593, M_E_F 2.718282, M_SQRT2_F 1.414214, MAXFLOAT = FLT_MAX (%.7g of each)
//  d: M_PI 3.141592653589793, M_E 2.718281828459045, DBL_EPSILON 2.220446049250313e-16
// RUN: kauai oclc -execute -enqueue limits -print i,21 -print u,1 -print f,7 -print d,3 -global 1 %s
// CHECK: i,8,127,-128,255,32767,-32768,65535,2147483647,-2147483648,4294967295,9223372036854775807,-9223372036854775808,6,24,38,128,-37,-125,2,53,1024
// CHECK-NEXT: u,18446744073709551615
// CHECK-NEXT: f,3.402823e+38,1.175494e-38,1.192093e-07,3.141593,2.718282,1.414214,3.402823e+38
// CHECK-NEXT: d,3.141592653589793,2.718281828459045,2.220446049250313e-16

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void limits(__global long *i, __global ulong *u, __global float *f, __global double *d)
{
    i[0] = CHAR_BIT;
    i[1] = CHAR_MAX;
    i[2] = CHAR_MIN;
    i[3] = UCHAR_MAX;
    i[4] = SHRT_MAX;
    i[5] = SHRT_MIN;
    i[6] = USHRT_MAX;
    i[7] = INT_MAX;
    i[8] = INT_MIN;
    i[9] = UINT_MAX;
    i[10] = LONG_MAX;
    i[11] = LONG_MIN;
    i[12] = FLT_DIG;
    i[13] = FLT_MANT_DIG;
    i[14] = FLT_MAX_10_EXP;
    i[15] = FLT_MAX_EXP;
    i[16] = FLT_MIN_10_EXP;
    i[17] = FLT_MIN_EXP;
    i[18] = FLT_RADIX;
    i[19] = DBL_MANT_DIG;
    i[20] = DBL_MAX_EXP;
    u[0] = ULONG_MAX;
    f[0] = FLT_MAX;
    f[1] = FLT_MIN;
    f[2] = FLT_EPSILON;
    f[3] = M_PI_F;
    f[4] = M_E_F;
    f[5] = M_SQRT2_F;
    f[6] = MAXFLOAT;
    d[0] = M_PI;
    d[1] = M_E;
    d[2] = DBL_EPSILON;
}
