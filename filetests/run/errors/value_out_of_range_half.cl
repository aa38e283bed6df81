// A value beyond the largest half (65504; 65520 is the midpoint to the next power of
// two and would round to infinity) is refused, not stored as infinity.
// RUN: kauai oclc -execute -enqueue copy -arg h,65519,65520 -print out,2 -global 2 %s
// CHECK-FAIL: -arg h,65519,65520: `65520` is out of range for `half`

__kernel void copy(__global const half *h, __global ushort *out)
{
    out[get_global_id(0)] = ((__global const ushort *)h)[get_global_id(0)];
}
