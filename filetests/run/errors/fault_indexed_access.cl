// An index array access out of bounds inside a packet whose other indices are fine:
// the packet's SIMD bounds check fails, and the work-items' own checks find work-item
// 5 (idx[5] = 40, past src's 32 elements), as on the interpreter.
// RUN: kauai oclc -execute -enqueue k -arg idx,0,1,2,3,4,40,6,7,8,9,10,11,12,13,14,15 -arg src,range(0,31) -arg dst,repeat(16,0) -global 16 -local 16 %s
// CHECK-FAIL: fault in kernel k, work-item (5, 0, 0)

__kernel void k(__global const int *idx, __global const int *src, __global int *dst)
{
    int i = get_global_id(0);
    dst[i] = src[idx[i]] + 1;
}
