// cl_khr_fp16 arithmetic: + - * / and sqrt on half, correctly rounded (ties to even,
// overflow to infinity, subnormals, signed zeros), and the comparisons. Inputs and
// results are half bits; a NaN result is printed as 0x7e00 (32256). Pairs (a, b):
// 1 + 2^-11 is a tie and stays 1; (1 + 2^-10) + 2^-11 is a tie above an odd pattern and
// goes up to 1 + 2^-9; 65504 + 16 = 65520 is the midpoint below 65536, so infinity;
// 65504 + 8 rounds down; sqrt(65504) = 255.93749... is just below the midpoint
// 255.9375; 2^-24 * 0.5 is a tie to zero, 3 * 2^-24 * 0.5 a tie to 2 * 2^-24;
// 2^-14 - 2^-24 is the largest subnormal; -0 + -0 = -0, 0 - -0 = 0, 0 * -0 = -0;
// 1/3 and 2/3 round down; -1/0 = -inf; inf - inf and NaN operands give NaN.
// The comparison code is (a<b) + 2(a==b) + 4(a>b) + 8(a!=b).
// Expected values from reference/fp16.py (exact rationals, every half enumerated).
// RUN: kauai oclc -execute -enqueue arith -arg a,15360,15361,31743,31743,1,3,1024,32768,0,15360,15360,16384,48128,16384,48128,31744,13653,11878 -arg b,4096,4096,19456,18432,14336,14336,1,32768,32768,15360,16896,16896,0,15784,32256,31744,16896,11878 -print r,108 -global 18 %s
// CHECK: r,15360,15359,4096,26624,15360,12,15362,15360,4097,26625,15360,12,31744,31742,31744,27647,23551,12,31743,31743,31744,28671,23551,12,14336,47104,0,2,3072,9,14336,47104,2,6,3822,9,1025,1023,0,25600,8192,12,32768,0,0,32256,32768,2,0,0,32768,32256,0,2,16384,0,15360,15360,15360,2,17408,49152,16896,13653,15360,9,17664,48128,17920,14677,15784,9,48128,48128,32768,64512,32256,9,17108,14512,16808,15784,15784,12,32256,32256,32256,32256,32256,8,31744,32256,31744,32256,31744,2,17067,49493,15360,12060,14494,9,12902,0,8478,15360,13583,2

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

ushort bits(half x)
{
    return isnan(x) ? (ushort)0x7e00 : as_ushort(x);
}

__kernel void arith(__global const ushort *a, __global const ushort *b, __global ushort *r)
{
    size_t i = get_global_id(0);
    half x = as_half(a[i]);
    half y = as_half(b[i]);
    __global ushort *o = r + 6 * i;
    o[0] = bits(x + y);
    o[1] = bits(x - y);
    o[2] = bits(x * y);
    o[3] = bits(x / y);
    o[4] = bits(sqrt(x));
    o[5] = (x < y) + 2 * (x == y) + 4 * (x > y) + 8 * (x != y);
}
