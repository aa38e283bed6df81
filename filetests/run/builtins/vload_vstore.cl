// vloadN / vstoreN: the offset counts whole vectors (vload4(1, p) reads p[4..7]), the
// pointer needs only element alignment (vload2(0, src + 3) reads src[3], src[4]), and they
// work on __global, __constant, __local and private memory.
// src = 0.5, 1.5, ..., 7.5 (src[k] = k + 0.5):
//  dst[0..3] = 2 * vload4(1, src) = 9, 11, 13, 15; dst[6..7] = vstore2(vload2(0, src + 3), 3)
//  = 3.5, 4.5; dst[9..11] = vstore3 of vload4(1, src).xyz = 4.5, 5.5, 6.5; the others
//  stay 0 (output-only buffer).
//  sums: vload8(1, bytes) of bytes = 0..15 is 8..15: s0 + s7 = 23; vload4 from the
//  __constant table (10, 20, 30, 40) summed = 100; a round trip through __local and
//  private arrays: vstore4 then vload4 of (1, 2, 3, 4) * 3 summed = 30.
// RUN: kauai oclc -execute -enqueue vls -arg src,range(0.5,7.5) -arg bytes,range(0,15) -print dst,12 -print sums,3 -global 1 %s
// CHECK: dst,9,11,13,15,0,0,3.5,4.5,0,4.5,5.5,6.5
// CHECK-NEXT: sums,23,100,30

__constant int table[4] = { 10, 20, 30, 40 };

__kernel void vls(__global const float *src, __global const uchar *bytes,
                  __global float *dst, __global uint *sums)
{
    __local int lbuf[8];
    int priv[8];
    float4 a = vload4(1, src);
    float2 b = vload2(0, src + 3);
    vstore4(a * 2.0f, 0, dst);
    vstore2(b, 3, dst);
    vstore3(a.xyz, 0, dst + 9);
    uchar8 u = vload8(1, bytes);
    sums[0] = u.s0 + u.s7;
    int4 t = vload4(0, table);
    sums[1] = t.x + t.y + t.z + t.w;
    vstore4((int4)(1, 2, 3, 4) * 3, 1, lbuf);
    int4 l = vload4(1, lbuf);
    vstore4(l, 0, priv);
    int4 p = vload4(0, priv);
    sums[2] = p.x + p.y + p.z + p.w;
}
