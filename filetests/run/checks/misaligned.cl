// An `int` read through a `char` buffer one byte past each element's start: OpenCL
// requires a type's natural alignment. With the memory check the misaligned loads are
// findings and read zeros, and the run goes on to print the output.
// RUN: kauai oclc -check memory -execute -enqueue k -arg p,range(0,15) -print o,2 -global 2 -local 2 %s
// CHECK: o,0,0
// CHECK-FINDING: Misaligned load at offset 1 of __global buffer argument 0 `p`
// CHECK-FINDING: Check: memory; seen 2 times
// CHECK-FINDING: Entity: Global(0,0,0) Local(0,0,0) Group(0,0,0)
// CHECK-FINDING: o[i] = *(__global const int *)(p + 4 * i + 1);
// CHECK-FINDING: Kauai: misaligned load at offset 1 of __global buffer argument 0 `p`: the address must be a multiple of 4 (address 0x20000000001)

__kernel void k(__global const char *p, __global int *o)
{
    size_t i = get_global_id(0);
    o[i] = *(__global const int *)(p + 4 * i + 1);
}
