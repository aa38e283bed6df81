// convert_T with rounding modes and saturation (OpenCL 1.2 section 6.2.3):
//  modes: for x in 2.5 -2.5 3.7 -3.7 0.5 -0.5 1.5 -1.49: convert_int_rte/_rtz/_rtn/_rtp
//    and plain convert_int (float -> int defaults to rtz); ties go to even under rte.
//  sat: convert_int_sat then convert_int_sat_rte of 1e10, -1e10, 2147483520 (the largest
//    float below 2^31), 2^31, NaN (-> 0), -2^31, 300.7, -5.5 (rte: -6).
//  u8: convert_uchar_sat of the same floats (clamped to 0..255, NaN -> 0).
//  narrow: int -> convert_uchar_sat, convert_char_sat, convert_short_sat(v * 100),
//    convert_uint_sat for v = -5 0 255 256 1000 -1000.
//  fl: int -> float with _rte/_rtz/_rtn/_rtp for 16777217, -16777217, 16777219, 33554435
//    (between representable floats 2 or 4 apart), read back as int to show every digit.
//  u4: convert_uchar4_sat_rte((float4)(-1.5, 2.5, 254.5, 255.5)) = 0, 2, 254, 255.
// Expected: reference/builtins.py (exact rational rounding in Python).
// RUN: kauai oclc -execute -enqueue conversions -arg a,2.5,-2.5,3.7,-3.7,0.5,-0.5,1.5,-1.49 -arg b,1e10,-1e10,2147483520,2147483648,0,-2147483648,300.7,-5.5 -arg c,-5,0,255,256,1000,-1000 -arg d,16777217,-16777217,16777219,33554435 -print modes,40 -print sat,16 -print u8,8 -print narrow,24 -print fl,16 -print u4,4 -global 1 %s
// CHECK: modes,2,2,2,3,2,-2,-2,-3,-2,-2,4,3,3,4,3,-4,-3,-4,-3,-3,0,0,0,1,0,0,0,-1,0,0,2,1,1,2,1,-1,-1,-2,-1,-1
// CHECK-NEXT: sat,2147483647,-2147483648,2147483520,2147483647,0,-2147483648,300,-5,2147483647,-2147483648,2147483520,2147483647,0,-2147483648,301,-6
// CHECK-NEXT: u8,255,0,255,255,0,0,255,0
// CHECK-NEXT: narrow,0,0,255,255,255,0,-5,0,127,127,127,-128,-500,0,25500,25600,32767,-32768,0,0,255,256,1000,0
// CHECK-NEXT: fl,16777216,16777216,16777216,16777218,-16777216,-16777216,-16777218,-16777216,16777220,16777218,16777218,16777220,33554436,33554432,33554432,33554436
// CHECK-NEXT: u4,0,2,254,255

__kernel void conversions(__global const float *a, __global float *b, __global const int *c,
                          __global const int *d, __global int *modes, __global int *sat,
                          __global uchar *u8, __global int *narrow, __global int *fl,
                          __global uchar *u4)
{
    // b[4] becomes a quiet NaN: oclc lists cannot spell one.
    b[4] = as_float(0x7fc00000);
    for (int i = 0; i < 8; i++) {
        float x = a[i];
        modes[5 * i + 0] = convert_int_rte(x);
        modes[5 * i + 1] = convert_int_rtz(x);
        modes[5 * i + 2] = convert_int_rtn(x);
        modes[5 * i + 3] = convert_int_rtp(x);
        modes[5 * i + 4] = convert_int(x);
        sat[i] = convert_int_sat(b[i]);
        sat[8 + i] = convert_int_sat_rte(b[i]);
        u8[i] = convert_uchar_sat(b[i]);
    }
    for (int i = 0; i < 6; i++) {
        narrow[i] = convert_uchar_sat(c[i]);
        narrow[6 + i] = convert_char_sat(c[i]);
        narrow[12 + i] = convert_short_sat(c[i] * 100);
        narrow[18 + i] = (int)convert_uint_sat(c[i]);
    }
    for (int i = 0; i < 4; i++) {
        fl[4 * i + 0] = (int)convert_float_rte(d[i]);
        fl[4 * i + 1] = (int)convert_float_rtz(d[i]);
        fl[4 * i + 2] = (int)convert_float_rtn(d[i]);
        fl[4 * i + 3] = (int)convert_float_rtp(d[i]);
    }
    vstore4(convert_uchar4_sat_rte((float4)(-1.5f, 2.5f, 254.5f, 255.5f)), 0, u4);
}
