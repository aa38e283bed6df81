// A private array with one element written, and an index read from its other element:
// the index is undefined, so the address of the load formed from it is reported (once
// per work-item here: all four). What the load reads is global memory, which is always
// defined, so the value written to `out` is not reported again.
// RUN: kauai oclc -check uninit -execute -enqueue k -arg src,5,6,7,8 -print out,4 -global 4 -local 4 %s
// CHECK-FINDING: Memory address depends on uninitialized value
// CHECK-FINDING: Check: uninit; seen 4 times
// CHECK-FINDING: Entity: Global(0,0,0) Local(0,0,0) Group(0,0,0)
// CHECK-FINDING: out[i] = src[idx[1] & 3];

__kernel void k(__global int *out, __global const int *src)
{
    int i = get_global_id(0);
    volatile int idx[2];
    idx[0] = i;
    out[i] = src[idx[1] & 3];
}
