// Vector swizzles as rvalues and lvalues on a = (int16)(0..15):
//   rvalues: v = a.s0123, v.wzyx, a.sF a.sa a.SB a.s7 (hex digits, either case),
//   a.even.lo = (0,2,4,6), a.odd.hi = (9,11,13,15), a.s048c, v.xxyy (repeated lanes);
//   lvalues: v.xw = v.wx (swap: 3,1,2,0), v.s12 = (int2)(20, 30), a.odd = (int8)(-1),
//   a.lo = a.hi, a.sF = 99.
// Expected: the same sequence on a Python list (reference/language.py).
// RUN: kauai oclc -execute -enqueue swizzles -arg in,range(0,15) -print r4,28 -print r16,16 -global 1 %s
// CHECK: r4,3,2,1,0,15,10,11,7,0,2,4,6,9,11,13,15,3,20,30,0,8,12,8,12,3,3,20,20
// CHECK-NEXT: r16,8,-1,10,-1,12,-1,14,-1,8,-1,10,-1,12,-1,14,99

__kernel void swizzles(__global const int16 *in, __global int4 *r4, __global int16 *r16)
{
    int16 a = in[0];
    int4 v = a.s0123;
    r4[0] = v.wzyx;
    r4[1] = (int4)(a.sF, a.sa, a.SB, a.s7);
    r4[2] = a.even.lo;
    r4[3] = a.odd.hi;
    v.xw = v.wx;
    v.s12 = (int2)(20, 30);
    r4[4] = v;
    a.odd = (int8)(-1);
    a.lo = a.hi;
    a.sF = 99;
    r16[0] = a;
    r4[5] = a.s048c;
    r4[6] = v.xxyy;
}
