// select(a, b, c): for scalars the result is c ? b : a (any nonzero c picks b); for
// vectors each lane picks b exactly when the most significant bit of c's lane is set,
// so c = 1 picks a but c = 0x80000000 and c = -1 pick b.
//  s: scalar select(10, 20, c) for c = 0, 1, -1, 2 -> 10, 20, 20, 20
//  v: select((int4)(1,2,3,4), (int4)(5,6,7,8), (int4)(-1, 0, 1, 0x80000000)) -> 5,2,3,8
//  f: select of float4 (0.5, 1.5, 2.5, 3.5) / (-1, -2, -3, -4) with a comparison mask
//     (x > 1) -> lanes 0..3 = (0, -1, -1, -1) -> 0.5, -2, -3, -4
//  t: a vector ?: driven by a comparison, (a < b) ? a : b = lane-wise min of
//     (3, -7, 8, 0) and (5, -9, 8, 1) -> 3, -9, 8, 0
// RUN: kauai oclc -execute -enqueue selects -arg c,0,1,-1,2 -print s,4 -print v,4 -print f,4 -print t,4 -global 1 %s
// CHECK: s,10,20,20,20
// CHECK-NEXT: v,5,2,3,8
// CHECK-NEXT: f,0.5,-2,-3,-4
// CHECK-NEXT: t,3,-9,8,0

__kernel void selects(__global const int *c, __global int *s, __global int4 *v,
                      __global float4 *f, __global int4 *t)
{
    for (int i = 0; i < 4; i++)
        s[i] = select(10, 20, c[i]);
    int4 mask = (int4)(-1, 0, 1, 0) | (int4)(0, 0, 0, (int)0x80000000);
    v[0] = select((int4)(1, 2, 3, 4), (int4)(5, 6, 7, 8), mask);
    float4 x = (float4)(0.5f, 1.5f, 2.5f, 3.5f);
    f[0] = select(x, (float4)(-1.0f, -2.0f, -3.0f, -4.0f), x > (float4)(1.0f));
    int4 a = (int4)(3, -7, 8, 0);
    int4 b = (int4)(5, -9, 8, 1);
    t[0] = a < b ? a : b;
}
