// Vector conversions (OpenCL C 6.12.13): each element printed with the whole
// specification, joined by commas; `hh`, `h`, `hl`, `l` give the element size. Expected
// text: glibc's printf of each element (reference/printf_reference.c, section
// vectors.cl).
// RUN: kauai oclc -execute -enqueue vectors -global 1 %s
// CHECK: f4 1.000000,2.500000,-3.250000,0.001000|1.00,2.50,-3.25,0.00|1.000000e+00,2.500000e+00,-3.250000e+00,1.000000e-03
// CHECK-NEXT: i2 -1,7 -1,+7 0xffffffff,0x7
// CHECK-NEXT: u4 0xfa,0xfb,0,0x1 250,251,0,1
// CHECK-NEXT: l2 +600000000000,-600000000000 8bb2c97000,ffffff744d369000
// CHECK-NEXT: s3 -2,0,300    -2,    0,  300
// CHECK-NEXT: d2 0.1,-1e+100 1.000e-01,-1.000e+100
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void vectors(void)
{
    float4 f = (float4)(1.0f, 2.5f, -3.25f, 1e-3f);
    int2 i = (int2)(-1, 7);
    uchar4 u = (uchar4)(0xfa, 0xfb, 0, 1);
    long2 l = (long2)(600000000000L, -600000000000L);
    short3 s = (short3)(-2, 0, 300);
    double2 d = (double2)(0.1, -1e100);
    printf("f4 %v4hlf|%2.2v4hlf|%v4hle\n", f, f, f);
    printf("i2 %v2hld %+v2hli %#v2hlx\n", i, i, i);
    printf("u4 %#v4hhx %v4hhu\n", u, u);
    printf("l2 %+v2ld %v2lx\n", l, l);
    printf("s3 %v3hd %5v3hd\n", s, s);
    printf("d2 %v2lg %.3v2le\n", d, d);
}
