// Dot product in double as two-stage reductions are written: `dot_partial` reduces each
// work-group's products in local memory (tree, barriers) to one partial per group,
// `sum_partials` adds the partials (a second launch, given run 1's partials). Run 1:
// x = k / 4 and y = 3 - k / 8 for k = 0..63 (oclc ranges), groups of 16; every product
// and sum is a multiple of 1/32 below 2^20, so exact in double. Expected: exact
// rationals (reference/suite.py).
// RUN: kauai oclc -execute -enqueue dot_partial -arg x,range(0,15.75,0.25) -arg y,range(3,-4.875,0.125) -arg s,128 -print partial,4 -global 64 -local 16 %s
// CHECK: partial,51.25,-4.75,-316.75,-884.75
// RUN: kauai oclc -execute -enqueue sum_partials -arg partial,51.25,-4.75,-316.75,-884.75 -arg n,4 -print total,1 -global 1 %s
// CHECK: total,-1155

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void dot_partial(__global const double *x, __global const double *y,
                          __global double *partial, __local double *s)
{
    int l = get_local_id(0);
    int g = get_global_id(0);
    s[l] = x[g] * y[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = get_local_size(0) / 2; d > 0; d >>= 1) {
        if (l < d)
            s[l] += s[l + d];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        partial[get_group_id(0)] = s[0];
}

__kernel void sum_partials(__global const double *partial, int n, __global double *total)
{
    double t = 0.0;
    for (int i = 0; i < n; i++)
        t += partial[i];
    *total = t;
}
