// Without optimization a counter argument passes through a local variable before
// atomic_inc reaches it: the host runs it (8 work-items from 0: c ends at 8 and the old
// values 0..7 sum to 28); the kauai devices, whose IL names counters by number, refuse it
// as not supported yet (devices.txt).
// RUN: kauai oclc -cl-options -cl-opt-disable -execute -enqueue k -arg c,0 -arg sum,0 -print c,1 -print sum,1 -global 8 -local 4 %s
// CHECK: c,8
// CHECK-NEXT: sum,28

#pragma OPENCL EXTENSION cl_ext_atomic_counters_32 : enable

__kernel void k(counter32_t c, __global uint *sum)
{
    atomic_add(sum, atomic_inc(c));
}
