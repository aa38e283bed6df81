// uchar8 element-wise: out = a + b wrapping modulo 256, sh = (a >> 1) | (b << 4) with the
// left shift truncated to 8 bits. a_k = 10 + 16k, b_k = 255 - 17k (k = 0..15), so
// a_k + b_k = 265 - k: 9, 8, ..., 0, then 256 -> 255, ..., 250 after the wrap.
// sh: reference/vectors.py (plain integer arithmetic masked to 8 bits).
// RUN: kauai oclc -execute -enqueue uchar8_ops -arg a,range(10,250,16) -arg b,range(255,0,17) -print out,16 -print sh,16 -global 2 %s
// CHECK: out,9,8,7,6,5,4,3,2,1,0,255,254,253,252,251,250
// CHECK-NEXT: sh,245,237,213,221,181,173,181,189,117,109,85,93,117,109,117,125

__kernel void uchar8_ops(__global const uchar8 *a, __global const uchar8 *b,
                         __global uchar8 *out, __global uchar8 *sh)
{
    size_t i = get_global_id(0);
    out[i] = a[i] + b[i];
    sh[i] = (a[i] >> (uchar8)1) | (b[i] << (uchar8)4);
}
