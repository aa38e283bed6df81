// Register-level vector code as SIMD-minded kernels write it: a 4 x 4 float transpose
// with shuffle2 (the _MM_TRANSPOSE4 pattern: interleave low/high pairs, then move
// halves), uint8 halves and even/odd lanes (.lo, .hi, .even, .odd), a shuffle() by a
// mask vector, and select() with a vector comparison plus any()/all().
// Work-item g transposes the matrix m[g] (16 floats: 16 g + 0..15, rows of 4), and
// from v = (8 g, ..., 8 g + 7) writes lo + hi, even * odd, shuffle(v.lo, (3,2,1,0)),
// select(v.lo, v.hi, v.lo % 3 == 0) and any/all of v > 8 g + 3.
// Expected: the same lane arithmetic in Python (reference/suite.py).
// RUN: kauai oclc -execute -enqueue vec -arg m,range(0,31) -print t,32 -print r,40 -global 2 %s
// CHECK: t,0,4,8,12,1,5,9,13,2,6,10,14,3,7,11,15,16,20,24,28,17,21,25,29,18,22,26,30,19,23,27,31
// CHECK-NEXT: r,4,6,8,10,0,6,20,42,3,2,1,0,4,1,2,7,1,0,1,1,20,22,24,26,72,110,156,210,11,10,9,8,8,13,10,11,1,0,1,1

__kernel void vec(__global const float4 *m, __global float4 *t, __global uint *r)
{
    int g = get_global_id(0);
    float4 r0 = m[4 * g], r1 = m[4 * g + 1], r2 = m[4 * g + 2], r3 = m[4 * g + 3];
    float4 t0 = shuffle2(r0, r1, (uint4)(0, 4, 1, 5));
    float4 t1 = shuffle2(r2, r3, (uint4)(0, 4, 1, 5));
    float4 t2 = shuffle2(r0, r1, (uint4)(2, 6, 3, 7));
    float4 t3 = shuffle2(r2, r3, (uint4)(2, 6, 3, 7));
    t[4 * g] = shuffle2(t0, t1, (uint4)(0, 1, 4, 5));
    t[4 * g + 1] = shuffle2(t0, t1, (uint4)(2, 3, 6, 7));
    t[4 * g + 2] = shuffle2(t2, t3, (uint4)(0, 1, 4, 5));
    t[4 * g + 3] = shuffle2(t2, t3, (uint4)(2, 3, 6, 7));

    uint8 v = (uint8)(0, 1, 2, 3, 4, 5, 6, 7) + (uint)(8 * g);
    __global uint *o = r + 20 * g;
    vstore4(v.lo + v.hi, 0, o);
    vstore4(v.even * v.odd, 1, o);
    vstore4(shuffle(v.lo, (uint4)(3, 2, 1, 0)), 2, o);
    vstore4(select(v.lo, v.hi, (v.lo % 3u) == 0u), 3, o);
    int4 gt = convert_int4(v.lo) > (int4)(8 * g + 1);
    o[16] = any(gt);
    o[17] = all(gt);
    o[18] = any(convert_int4(v.hi) > (int4)(8 * g + 3));
    o[19] = all(convert_int4(v.hi) > (int4)(8 * g + 3));
}
