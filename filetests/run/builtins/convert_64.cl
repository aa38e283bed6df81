// Conversions involving 64-bit types and doubles:
//  dm: long -> double with each rounding mode for 2^53 + 1 and -(2^53 + 1), which lie
//      halfway between doubles 2 apart: rte 2^53 (even), rtz 2^53, rtn 2^53, rtp 2^53 + 2,
//      then for the negative value -2^53, -2^53, -(2^53 + 2), -2^53
//  lm: convert_long_sat(1e19f) = LONG_MAX, convert_long_sat(-1e19f) = LONG_MIN,
//      convert_ulong_sat(-1.0f) = 0, (long)-1.5f = -1 (truncation), convert_long_rtp(-1.5f)
//      = -1, convert_long_rtn(-1.5f) = -2
//  ul: convert_ulong(1e19f) = 9999999980506447872 (the float's exact value)
//  c4: convert_char4_sat((int4)(300, -300, 5, -5)) = 127, -128, 5, -5
//  fl: convert_float2((double2)(0.1, 1e40)) = 0.1f, inf; convert_float_rtz(1e40) = FLT_MAX
//      (rtz never rounds up to inf); convert_float_rtz(0.1) = 0.099999994 and
//      convert_float_rtp(0.1) = 0.1f = 0.100000001...; (float)ULONG_MAX = 2^64 ->
//      1.844674e+19; (float)UINT_MAX = 2^32 -> 4.294967e+09
//  dd: 1.5f * 0.1 is a double product (0.15000000000000002, %.16g 0.15) while
//      1.5f * 0.1f is a float product (0.15000000596...); (double)ULONG_MAX = 2^64
// Expected: reference/builtins.py (exact integer rounding, struct-rounded float32).
// RUN: kauai oclc -execute -enqueue conv64 -arg z,0 -print dm,8 -print lm,6 -print ul,1 -print c4,4 -print fl,7 -print dd,3 -global 1 %s
// CHECK: dm,9007199254740992,9007199254740992,9007199254740992,9007199254740994,-9007199254740992,-9007199254740992,-9007199254740994,-9007199254740992
// CHECK-NEXT: lm,9223372036854775807,-9223372036854775808,0,-1,-1,-2
// CHECK-NEXT: ul,9999999980506447872
// CHECK-NEXT: c4,127,-128,5,-5
// CHECK-NEXT: fl,0.1,inf,3.402823e+38,0.09999999,0.1,1.844674e+19,4.294967e+09
// CHECK-NEXT: dd,0.15,0.1500000059604645,1.844674407370955e+19

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void conv64(__global const int *z, __global double *dm, __global long *lm,
                     __global ulong *ul, __global char *c4, __global float *fl,
                     __global double *dd)
{
    int zero = z[0];
    long n = ((long)1 << 53) + 1 + zero;
    dm[0] = convert_double_rte(n);
    dm[1] = convert_double_rtz(n);
    dm[2] = convert_double_rtn(n);
    dm[3] = convert_double_rtp(n);
    dm[4] = convert_double_rte(-n);
    dm[5] = convert_double_rtz(-n);
    dm[6] = convert_double_rtn(-n);
    dm[7] = convert_double_rtp(-n);
    float big = 1e19f + zero;
    float m15 = -1.5f + zero;
    lm[0] = convert_long_sat(big);
    lm[1] = convert_long_sat(-big);
    lm[2] = (long)convert_ulong_sat(-1.0f + zero);
    lm[3] = (long)m15;
    lm[4] = convert_long_rtp(m15);
    lm[5] = convert_long_rtn(m15);
    ul[0] = convert_ulong(big);
    vstore4(convert_char4_sat((int4)(300, -300, 5, -5) + zero), 0, c4);
    double tenth = 0.1 + zero;
    double huge = 1e40 + zero;
    vstore2(convert_float2((double2)(tenth, huge)), 0, fl);
    fl[2] = convert_float_rtz(huge);
    fl[3] = convert_float_rtz(tenth);
    fl[4] = convert_float_rtp(tenth);
    fl[5] = (float)(ULONG_MAX + (ulong)zero);
    fl[6] = (float)(UINT_MAX + (uint)zero);
    float onehalf = 1.5f + zero;
    dd[0] = onehalf * 0.1;
    dd[1] = onehalf * 0.1f;
    dd[2] = (double)(ULONG_MAX + (ulong)zero);
}
