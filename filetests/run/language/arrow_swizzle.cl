// `p->y` and `p->xz = ...` on a pointer to a vector are swizzles of `*p`, as clang
// accepts them. p = {1,2,3,4}, {5,6,7,8}: o[0] = p[0].y = 2, then p[0].xz = (7, 8) so
// p[0] = {7,2,8,4}; q = p + 1: o[1] = q->w = 8 (by hand).
// RUN: kauai oclc -execute -enqueue arrows -arg p,1,2,3,4,5,6,7,8 -print o,2 -print p,8 -global 1 %s
// CHECK: o,2,8
// CHECK-NEXT: p,7,2,8,4,5,6,7,8

__kernel void arrows(__global float4 *p, __global float *o)
{
    o[0] = p->y;
    p->xz = (float2)(7, 8);
    __global float4 *q = p + 1;
    o[1] = q->w;
}
