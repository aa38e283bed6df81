// Atomic counters (cl_ext_atomic_counters_32): 64 work-items in 4 groups each take
// atomic_inc(c) from c = 100, so the old values are exactly 100..163 in some order: each
// marks seen[old - 100] and seen ends as 64 ones, and c ends at 164. The 16 work-items
// with gid % 4 == 0 take atomic_dec(d) from d = 50: the old values are 50 down to 35,
// whose sum is (35 + 50) * 16 / 2 = 680, minimum 35 and maximum 50; d ends at 34.
// RUN: kauai oclc -execute -enqueue counters -arg c,100 -arg d,50 -arg seen,repeat(64,0) -arg dec,0,4294967295,0 -print c,1 -print d,1 -print seen,64 -print dec,3 -global 64 -local 16 %s
// CHECK: c,164
// CHECK-NEXT: d,34
// CHECK-NEXT: seen,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1
// CHECK-NEXT: dec,680,35,50

#pragma OPENCL EXTENSION cl_ext_atomic_counters_32 : enable

__kernel void counters(counter32_t c, counter32_t d, __global uint *seen,
                       __global uint *dec)
{
    uint gid = get_global_id(0);
    uint old = atomic_inc(c);
    if (old >= 100 && old < 164)
        atomic_inc(&seen[old - 100]);
    if (gid % 4 == 0) {
        uint o = atomic_dec(d);
        atomic_add(&dec[0], o);
        atomic_min(&dec[1], o);
        atomic_max(&dec[2], o);
    }
}
