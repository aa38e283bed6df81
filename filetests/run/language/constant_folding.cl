// The same operations as the run-time tests, but on literals only, so a compile-time
// folder computes them; the answers must not change (OpenCL semantics, not C's or the
// host's): shift counts modulo the width (1 << 33 = 2, 0x80000000u >> 35 = 2^28,
// -16 >> 36 = -1, 1L << 65 = 2), wrapping conversions ((char)200 = -56, (uchar)300 = 44,
// (ushort)-1 = 65535), unsigned wrap (0xffffffffu + 1u = 0), truncating / and %
// (-7 / 2 = -3, -7 % 2 = -1), saturating and rounding conversions (convert_int_sat(1e10f)
// = INT_MAX, convert_uchar_sat(300) = 255, convert_int_rte(2.5f) = 2,
// convert_int_rtn(-2.5f) = -3, (int)-3.9f = -3, convert_float_rtp(16777217) = 16777218,
// (float)16777217 = 16777216), rotate(0x80000001u, 1u) = 3, clz(0) = 32,
// popcount(-1) = 32, as_int(1.0f) = 0x3f800000, vector select by the sign bit
// ((int2)(1, INT_MIN) picks 1, 2), add_sat(INT_MAX, 1) = INT_MAX, mul_hi(-1, 1) = -1,
// 0.1f + 0.2f == 0.3f (1 in float) but 0.1 + 0.2 != 0.3 (0 in double), 1.0f / 0.0f >
// FLT_MAX (inf: 1), sizeof(long3) = 32, 07 + 0x10 + 'A' = 88, vector literal lanes
// (3 + 4 = 7), isnan(0.0f / 0.0f) = 1, upsample(0x12, 0x34) = 0x1234.
//  f: 0.1f + 0.2f = 0.3 (%.7g), 1.0f / 0.0f = inf, -0.0f * 1.0f = -0, 1 + FLT_EPSILON / 2 = 1
//  d: 0.1 + 0.2 - 0.3 = 2^-54 = 5.551115123125783e-17
// RUN: kauai oclc -execute -enqueue folded -print i,34 -print f,4 -print d,1 -global 1 %s
// CHECK: i,2,268435456,-1,2,-56,44,0,-3,-1,2147483647,255,2,-3,3,32,32,1065353216,2,1,2,2147483647,-1,1,0,1,32,65535,-3,88,7,1,4660,16777218,16777216
// CHECK-NEXT: f,0.3,inf,-0,1
// CHECK-NEXT: d,5.551115123125783e-17

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void folded(__global long *i, __global float *f, __global double *d)
{
    int2 sel = select((int2)(1, 1), (int2)(2, 2), (int2)(1, INT_MIN));
    i[0] = 1 << 33;
    i[1] = 0x80000000u >> 35;
    i[2] = -16 >> 36;
    i[3] = 1L << 65;
    i[4] = (char)200;
    i[5] = (uchar)300;
    i[6] = 0xFFFFFFFFu + 1u;
    i[7] = -7 / 2;
    i[8] = -7 % 2;
    i[9] = convert_int_sat(1e10f);
    i[10] = convert_uchar_sat(300);
    i[11] = convert_int_rte(2.5f);
    i[12] = convert_int_rtn(-2.5f);
    i[13] = rotate(0x80000001u, 1u);
    i[14] = clz(0);
    i[15] = popcount(-1);
    i[16] = as_int(1.0f);
    i[17] = select(1, 2, (int)0x80000000);
    i[18] = sel.x;
    i[19] = sel.y;
    i[20] = add_sat(INT_MAX, 1);
    i[21] = mul_hi(-1, 1);
    i[22] = 0.1f + 0.2f == 0.3f;
    i[23] = 0.1 + 0.2 == 0.3;
    i[24] = 1.0f / 0.0f > FLT_MAX;
    i[25] = sizeof(long3);
    i[26] = (ushort)-1;
    i[27] = (int)-3.9f;
    i[28] = 07 + 0x10 + 'A';
    i[29] = ((int3)(1, 2, 3)).z + ((int4)(4)).w;
    i[30] = isnan(0.0f / 0.0f);
    i[31] = upsample((uchar)0x12, (uchar)0x34);
    i[32] = (int)convert_float_rtp(16777217);
    i[33] = (int)(float)16777217;
    f[0] = 0.1f + 0.2f;
    f[1] = 1.0f / 0.0f;
    f[2] = -0.0f * 1.0f;
    f[3] = 1.0f + FLT_EPSILON / 2.0f;
    d[0] = 0.1 + 0.2 - 0.3;
}
