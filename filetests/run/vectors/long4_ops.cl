// long4 element-wise: out = a * b + (long4)(1, -1, 2, -2), sh = out >> 7 (arithmetic).
// Products exceed 32 bits (3e9 * 3, 2^32 * 2, 5 * 2^40), so every lane must be 64-bit.
// Closed forms: 3000000000*3+1 = 9000000001, 2*-2^32-2 = -8589934594,
// -9000000001 >> 7 = floor(-9000000001 / 128) = -70312501.
// RUN: kauai oclc -execute -enqueue long4_ops -arg a,3000000000,-3000000000,1,2,5,6,7,8 -arg b,3,3,4294967296,-4294967296,1099511627776,-1099511627776,1,1 -print out,8 -print sh,8 -global 2 %s
// CHECK: out,9000000001,-9000000001,4294967298,-8589934594,5497558138881,-6597069766657,9,6
// CHECK-NEXT: sh,70312500,-70312501,33554432,-67108865,42949672960,-51539607553,0,0

__kernel void long4_ops(__global const long4 *a, __global const long4 *b,
                        __global long4 *out, __global long4 *sh)
{
    size_t i = get_global_id(0);
    long4 r = a[i] * b[i] + (long4)(1, -1, 2, -2);
    out[i] = r;
    sh[i] = r >> 7;
}
