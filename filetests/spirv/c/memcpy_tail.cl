// Compiled by clang-14 only (gen.sh; Kauai's C front end has no __builtin_memcpy): a copy
// of a size known only at run time with 4-byte alignment, OpCopyMemorySized in SPIR-V,
// which Kauai makes a loop of 4-byte pieces and a loop of the bytes left. src[k] holds
// the bytes 4k+1 .. 4k+4 (little-endian), dst starts as 0xee bytes, and the first n bytes
// of src are copied over it: n = 7 is one piece and 3 bytes, 1 a byte alone, 10 two
// pieces and 2 bytes, 0 nothing. Expected: the same bytes in Python.
// RUN: kauai oclc -execute -enqueue copy -arg src,67305985,134678021,202050057,269422093,336794129,404166165,471538201,538910237 -arg dst,4008636142,4008636142,4008636142 -arg n,7 -print dst,3 -global 1 %s
// CHECK: dst,67305985,3993437701,4008636142
// RUN: kauai oclc -execute -enqueue copy -arg src,67305985,134678021,202050057,269422093,336794129,404166165,471538201,538910237 -arg dst,4008636142,4008636142,4008636142 -arg n,1 -print dst,3 -global 1 %s
// CHECK: dst,4008635905,4008636142,4008636142
// RUN: kauai oclc -execute -enqueue copy -arg src,67305985,134678021,202050057,269422093,336794129,404166165,471538201,538910237 -arg dst,4008636142,4008636142,4008636142 -arg n,10 -print dst,3 -global 1 %s
// CHECK: dst,67305985,134678021,4008577545
// RUN: kauai oclc -execute -enqueue copy -arg src,67305985,134678021,202050057,269422093,336794129,404166165,471538201,538910237 -arg dst,4008636142,4008636142,4008636142 -arg n,0 -print dst,3 -global 1 %s
// CHECK: dst,4008636142,4008636142,4008636142

kernel void copy(global const uint *src, global uint *dst, uint n)
{
    uint buf[8];
    for (uint i = 0; i < 8; i++)
        buf[i] = src[i];
    __builtin_memcpy(dst, buf, n);
}
