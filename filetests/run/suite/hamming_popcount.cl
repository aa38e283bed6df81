// Hamming distances between 64-bit fingerprints as similarity-search kernels compute
// them: the fingerprints are built in the kernel from two 32-bit halves (oclc lists stay
// below 2^53), each work-item of an 8 x 8 range takes one pair and counts the differing
// bits with popcount(a ^ b) on `ulong`; a second output counts leading zeros of the XOR
// with clz. Halves: 16 values randint(0,4294967295), -seed 43 (hi, lo per
// fingerprint). Expected: Python's bin(a ^ b).count("1") and 64 - bit_length
// (reference/suite.py).
// RUN: kauai oclc -execute -enqueue hamming -arg halves,repeat(16,randint(0,4294967295)) -seed 43 -print dist,64 -print lead,64 -global 8,8 %s
// CHECK: dist,0,30,27,35,37,29,38,27,30,0,35,33,29,33,32,31,27,35,0,32,32,38,31,38,35,33,32,0,32,38,33,36,37,29,32,32,0,28,27,36,29,33,38,38,28,0,37,30,38,32,31,33,27,37,0,35,27,31,38,36,36,30,35,0
// CHECK-NEXT: lead,64,0,0,0,3,5,1,0,0,64,1,2,0,0,0,2,0,1,64,1,0,0,0,1,0,2,1,64,0,0,0,4,3,0,0,0,64,3,1,0,5,0,0,0,3,64,1,0,1,0,0,0,1,1,64,0,0,2,1,4,0,0,0,64

__kernel void hamming(__global const uint *halves, __global uint *dist, __global uint *lead)
{
    int i = get_global_id(0), j = get_global_id(1);
    ulong a = ((ulong)halves[2 * i] << 32) | halves[2 * i + 1];
    ulong b = ((ulong)halves[2 * j] << 32) | halves[2 * j + 1];
    ulong x = a ^ b;
    dist[i * 8 + j] = popcount(x);
    lead[i * 8 + j] = clz(x);
}
