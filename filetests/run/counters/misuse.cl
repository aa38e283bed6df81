// A counter is only an argument of atomic_inc/atomic_dec: atomic_add on it is refused.
// RUN: kauai oclc -execute -enqueue k -arg c,0 -print c,1 -global 1 %s
// CHECK-FAIL: no matching overload of `atomic_add` for (counter32_t, int)

#pragma OPENCL EXTENSION cl_ext_atomic_counters_32 : enable

__kernel void k(counter32_t c)
{
    atomic_add(c, 2);
}
