// Vector literals: components from scalars and smaller vectors, splats, and
// int3 (stored with vstore3), float4, long2 literals:
//   (int4)(1, (int2)(2, 3), 4) = 1,2,3,4
//   (int8)(p.wzyx, (int2)(5), 6, 7) = 4,3,2,1,5,5,6,7
//   (int4)(9) = 9,9,9,9 (a single scalar splats to every lane)
//   (int3)(p.xy, 10) = 1,2,10
//   (float4)((float2)(0.5f, 1.5f), 2.5f, x) with x = -8 from the argument
//   (long2)(1L << 40, -1) = 1099511627776, -1
// RUN: kauai oclc -execute -enqueue literals -arg x,-8 -print o,19 -print f,4 -print l,2 -global 1 %s
// CHECK: o,1,2,3,4,4,3,2,1,5,5,6,7,9,9,9,9,1,2,10
// CHECK-NEXT: f,0.5,1.5,2.5,-8
// CHECK-NEXT: l,1099511627776,-1

__kernel void literals(float x, __global int *o, __global float *f, __global long *l)
{
    int4 p = (int4)(1, (int2)(2, 3), 4);
    int8 q = (int8)(p.wzyx, (int2)(5), 6, 7);
    int4 s = (int4)(9);
    int3 t = (int3)(p.xy, 10);
    vstore4(p, 0, o);
    vstore8(q, 0, o + 4);
    vstore4(s, 0, o + 12);
    vstore3(t, 0, o + 16);
    vstore4((float4)((float2)(0.5f, 1.5f), 2.5f, x), 0, f);
    vstore2((long2)(1L << 40, -1), 0, l);
}
