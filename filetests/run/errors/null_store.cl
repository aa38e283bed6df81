// A store through NULL faults (on the IL devices it landed in the first
// buffer at offset 0 and the run succeeded): work-item 1 stores through a null pointer.
// RUN: kauai oclc -execute -enqueue nul -print o,4 -global 4 %s
// CHECK-FAIL: fault in kernel nul, work-item (1, 0, 0)

__kernel void nul(__global int *o)
{
    __global int *p = 0;
    if (get_global_id(0) == 1)
        *p = 5;
    o[get_global_id(0)] = 1;
}
