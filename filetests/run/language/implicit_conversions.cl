// C's usual arithmetic conversions and implicit conversions, as OpenCL C keeps them for
// scalars (inputs from buffers so nothing can be folded away):
//   v = -1, 1, 7, 200, 100, -7; f = -3.9, 2.0, 0.1
//  o0  -1 < 1u                  -> 0  (int converts to uint: 4294967295 < 1 is false)
//  o1  (long)-1 < 1u            -> 1  (long holds every uint: compared as long)
//  o2  (char)200                -> -56 (wraps)
//  o3  (uchar)200 + (uchar)100  -> 300 (promoted to int, no wrap)
//  o4  7 / 2                    -> 3   o5 (int)-3.9f -> -3 (truncation)
//  o6  1u - 2u                  -> 4294967295 (uint wraps, then widens to long)
//  o7  -7 >> 1                  -> -4  o8 (uint)-7 >> 1 -> 2147483644 (logical shift)
//  o9  (ushort)(short)-1        -> 65535
//  o10 0xFFFFFFFF + 1u          -> 0 (the hex literal is uint)
//  o11 2147483648 + 1           -> 2147483649 (the decimal literal is long)
//  o12 'a' + 1                  -> 98   o13 (bool)(2.0f * 0.25f) -> 1
//  o14 (uchar)-1                -> 255  o15 -(-7) * 3u -> 21
//  o16 -7 * 3u                  -> 4294967275 (uint arithmetic)
//  d0 7 / 2.0f = 3.5; d1 (double)0.1f = 0.100000001490116...; d2 (float)16777217 =
//  16777216 (round to nearest even); d3 1 / 3 = 0 (integer division before conversion);
//  d4 7 / 2 * 2.0 = 6.
// Expected: the C rules applied by hand (values above); checked by reference/c_crosscheck.py.
// RUN: kauai oclc -execute -enqueue conversions -arg v,-1,1,7,200,100,-7 -arg f,-3.9,2.0,0.1 -print o,17 -print d,5 -global 1 %s
// CHECK: o,0,1,-56,300,3,-3,4294967295,-4,2147483644,65535,0,2147483649,98,1,255,21,4294967275
// CHECK-NEXT: d,3.5,0.1000000014901161,16777216,0,6

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void conversions(__global const int *v, __global const float *f, __global long *o,
                          __global double *d)
{
    o[0] = v[0] < (uint)v[1];
    o[1] = (long)v[0] < (uint)v[1];
    o[2] = (char)v[3];
    o[3] = (uchar)v[3] + (uchar)v[4];
    o[4] = v[2] / 2;
    o[5] = (int)f[0];
    o[6] = (uint)v[1] - 2u;
    o[7] = v[5] >> 1;
    o[8] = (uint)v[5] >> 1;
    o[9] = (ushort)(short)v[0];
    o[10] = 0xFFFFFFFF + (uint)v[1];
    o[11] = 2147483648 + v[1];
    o[12] = 'a' + v[1];
    bool b = f[1] * 0.25f;
    o[13] = b;
    o[14] = (uchar)v[0];
    o[15] = -v[5] * 3u;
    o[16] = v[5] * 3u;
    d[0] = v[2] / 2.0f;
    d[1] = f[2];
    d[2] = (float)(16777216 + v[1]);
    d[3] = v[1] / 3;
    d[4] = v[2] / 2 * 2.0;
}
