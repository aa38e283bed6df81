// Value arguments of every scalar type plus vector values and buffers in one kernel, in
// an order that mixes sizes (alignment of each argument matters): each value is written
// back to a long or double buffer unchanged, so the output is the input list.
//  c = -5 (char), uc = 200 (uchar), s = -30000 (short), us = 60000 (ushort),
//  i = -2000000000 (int), ui = 4000000000 (uint), l = -9000000000000 (long),
//  ul = 18000000000000 (ulong), f = 0.375 (float), d = -2.5e-300 (double),
//  i2 = (7, -8) (int2), f4 = (0.5, 1.5, 2.5, 3.5) (float4)
// RUN: kauai oclc -execute -enqueue many -arg c,-5 -arg uc,200 -arg s,-30000 -arg us,60000 -arg i,-2000000000 -arg ui,4000000000 -arg l,-9000000000000 -arg ul,18000000000000 -arg f,0.375 -arg d,-2.5e-300 -arg i2,7,-8 -arg f4,0.5,1.5,2.5,3.5 -print ints,10 -print reals,6 -global 1 %s
// CHECK: ints,-5,200,-30000,60000,-2000000000,4000000000,-9000000000000,18000000000000,7,-8
// CHECK-NEXT: reals,0.375,-2.5e-300,0.5,1.5,2.5,3.5

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void many(char c, __global long *ints, uchar uc, short s, double d, ushort us,
                   int i, int2 i2, uint ui, float f, long l, float4 f4, ulong ul,
                   __global double *reals)
{
    ints[0] = c;
    ints[1] = uc;
    ints[2] = s;
    ints[3] = us;
    ints[4] = i;
    ints[5] = ui;
    ints[6] = l;
    ints[7] = (long)ul;
    ints[8] = i2.x;
    ints[9] = i2.y;
    reals[0] = f;
    reals[1] = d;
    reals[2] = f4.x;
    reals[3] = f4.y;
    reals[4] = f4.z;
    reals[5] = f4.w;
}
