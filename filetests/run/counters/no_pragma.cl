// counter32_t without `#pragma OPENCL EXTENSION cl_ext_atomic_counters_32 : enable` is
// refused, as clang refuses the types of extensions that are not enabled.
// RUN: kauai oclc -execute -enqueue k -arg c,0 -print c,1 -global 1 %s
// CHECK-FAIL: use of type 'counter32_t' requires cl_ext_atomic_counters_32 support

__kernel void k(counter32_t c)
{
    atomic_inc(c);
}
