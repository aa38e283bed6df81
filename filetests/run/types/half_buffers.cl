// half buffers: oclc rounds each listed value once to the nearest half, prints halves
// as C's `%.5g` (enough digits to read back the same half) and compares them in half
// ulps. The kernel copies bits through ushort pointers (half arithmetic is not
// supported yet), so `bits` shows exactly what oclc stored.
// Expected bits: Python's struct.unpack('<H', struct.pack('<e', x)); printed values:
// '%.5g' % struct.unpack('<e', struct.pack('<e', x))[0].
// 1.0009765625 is 1 + 2^-10, the half after 1 (15361); 1.00048828125 is the midpoint
// of 1 and 1 + 2^-10 and rounds to even (1).
// RUN: kauai oclc -execute -enqueue copy -arg h,1,0.1,-2,65504,1.0009765625,1.00048828125 -print bits,6 -print out,6 -compare out,1,0.1,-2,65504,1.0009765625,1 -compare out,1,0.1,-2,65504,1,1 -ulp-error 1 -global 6 %s
// CHECK: bits,15360,11878,49152,31743,15361,15360
// CHECK: out,1,0.099976,-2,65504,1.001,1
// CHECK: out - match
// CHECK: out - match

__kernel void copy(__global const half *h, __global ushort *bits, __global half *out)
{
    size_t i = get_global_id(0);
    ushort b = ((__global const ushort *)h)[i];
    bits[i] = b;
    ((__global ushort *)out)[i] = b;
}
