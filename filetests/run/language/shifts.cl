// Shift counts in OpenCL C are taken modulo the bit width (OpenCL 1.2 section 6.3.j):
// only the low log2(N) bits of the count are used, N = the width of the left operand
// after integer promotion for scalars, of its element type for vectors (in C such shifts
// are undefined; OpenCL defines them):
//  s: (int)1 << 33 -> 1 << 1 = 2; 0x80000000u >> 35 -> >> 3 = 268435456;
//     (int)-16 >> 36 -> >> 4 = -1; (long)1 << 65 -> 2; (ulong)2^63 >> 127 -> >> 63 = 1;
//     (char)3 << 9: promoted to int, so 9 is kept -> 1536
//  u8: (uchar8)(1..8) << 9 -> << 1 = 2, 4, ..., 16 (8-bit elements: 9 & 7 = 1)
//  s4: (short4)(1, 2, 3, 4) << 17 -> << 1 = 2, 4, 6, 8
//  i4: (int4)(1) << (int4)(0, 31, 32, 33) -> 1, INT_MIN, 1, 2 (per-lane counts)
// Counts come from a buffer so that they are not folded at compile time.
// RUN: kauai oclc -execute -enqueue shifts -arg n,33,35,36,65,127,9,17,31 -print s,6 -print u8,8 -print s4,4 -print i4,4 -global 1 %s
// CHECK: s,2,268435456,-1,2,1,1536
// CHECK-NEXT: u8,2,4,6,8,10,12,14,16
// CHECK-NEXT: s4,2,4,6,8
// CHECK-NEXT: i4,1,-2147483648,1,2

__kernel void shifts(__global const int *n, __global long *s, __global uchar8 *u8,
                     __global short4 *s4, __global int4 *i4)
{
    int one = n[0] - 32;
    s[0] = one << n[0];
    s[1] = 0x80000000u >> n[1];
    s[2] = (one * -16) >> n[2];
    s[3] = (long)one << n[3];
    s[4] = ((ulong)1 << 63) >> n[4];
    char c = 3 * one;
    s[5] = c << n[5];
    u8[0] = (uchar8)(1, 2, 3, 4, 5, 6, 7, 8) << (uchar8)(n[5]);
    s4[0] = (short4)(1, 2, 3, 4) << (short4)(n[6]);
    i4[0] = (int4)(one) << (int4)(0, n[7], n[0] - 1, n[0]);
}
