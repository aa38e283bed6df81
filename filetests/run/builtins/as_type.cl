// as_T reinterprets bits without conversion (little-endian lane order):
//  ai/au: as_int / as_uint of 1.0f (0x3f800000), -1.0f, 0.1f (0x3dcccccd), -0.0f (sign bit)
//  af: as_float of 0x40490fdb (pi, %.7g 3.141593), 0x7f800000 (inf), 0x01020304 (a tiny
//      normal), 0xff800000 (-inf)
//  ac: as_char4(0x01020304) = 4,3,2,1 and as_char4(0xff800000) = 0,0,-128,-1;
//  au8: as_uchar4(0xff800000) = 0,0,128,255
//  as2: as_ushort2(0x12345678) = 0x5678, 0x1234
//  al: as_long(1.0) = 0x3ff0000000000000; as_int2(-2.0) = (0, 0xc0000000)
// Expected: reference/builtins.py (struct.pack bit patterns).
// RUN: kauai oclc -execute -enqueue reinterpret -arg f,1.0,-1.0,0.1,-0.0 -arg i,1078530011,2139095040,16909060,-8388608 -arg d,1.0,-2.0 -print ai,4 -print au,4 -print af,4 -print ac,8 -print au8,4 -print as2,2 -print al,3 -global 1 %s
// CHECK: ai,1065353216,-1082130432,1036831949,-2147483648
// CHECK-NEXT: au,1065353216,3212836864,1036831949,2147483648
// CHECK-NEXT: af,3.141593,inf,2.387939e-38,-inf
// CHECK-NEXT: ac,4,3,2,1,0,0,-128,-1
// CHECK-NEXT: au8,0,0,128,255
// CHECK-NEXT: as2,22136,4660
// CHECK-NEXT: al,4607182418800017408,0,-1073741824

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void reinterpret(__global const float *f, __global const int *i,
                          __global const double *d, __global int *ai, __global uint *au,
                          __global float *af, __global char *ac, __global uchar *au8,
                          __global ushort *as2,
                          __global long *al)
{
    for (int k = 0; k < 4; k++) {
        ai[k] = as_int(f[k]);
        au[k] = as_uint(f[k]);
        af[k] = as_float(i[k]);
    }
    vstore4(as_char4(i[2]), 0, ac);
    vstore4(as_char4(i[3]), 1, ac);
    vstore4(as_uchar4(i[3]), 0, au8);
    vstore2(as_ushort2(0x12345678u), 0, as2);
    al[0] = as_long(d[0]);
    int2 h = as_int2(d[1]);
    al[1] = h.x;
    al[2] = h.y;
}
