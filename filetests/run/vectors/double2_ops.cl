// double2 element-wise a * b + (double2)(0.25, -0.5), then lo - hi of each result.
// Contraction is off so each * and + rounds separately (Python doubles, reference/vectors.py):
// 0.1*3 = 0.30000000000000004, + 0.25 = 0.55; 0.2*3 - 0.5 = 0.1000000000000001;
// 1e16 + 0.25 stays 1e16 (the ulp there is 2).
// RUN: kauai oclc -execute -enqueue double2_ops -arg a,0.1,0.2,1e16,1.0,-3.5,2.0 -arg b,3.0,3.0,1.0,1e-16,2.0,0.125 -print out,6 -print d,3 -global 3 %s
// CHECK: out,0.55,0.1000000000000001,1e+16,-0.4999999999999999,-6.75,-0.25
// CHECK-NEXT: d,0.45,1e+16,-6.5

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

__kernel void double2_ops(__global const double2 *a, __global const double2 *b,
                          __global double2 *out, __global double *d)
{
    size_t i = get_global_id(0);
    double2 r = a[i] * b[i] + (double2)(0.25, -0.5);
    out[i] = r;
    d[i] = r.lo - r.hi;
}
