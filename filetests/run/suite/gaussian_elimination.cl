// Rodinia's gaussian: forward elimination (Fan1 computes the multipliers of column t,
// Fan2 updates the rows below and the right-hand side), here as phases of one 4 x 4
// work-group separated by barriers, then back substitution by work-item (0, 0).
// System: A = [2 1 1 0; 4 3 3 1; 8 7 9 5; 6 7 9 8] (pivots 2, 1, 2, 2: every quotient
// exact; the build asks for correctly rounded division, which OpenCL otherwise allows
// 2.5 ulp), b = A (1, -2, 3, -1) = (3, 6, 16, 11) by hand, so x = 1, -2, 3, -1; the
// eliminated b (L^-1 b) is 3, 0, 4, -2 (reference/suite.py solves it in fractions).
// RUN: kauai oclc -cl-options '-cl-fp32-correctly-rounded-divide-sqrt' -execute -enqueue gauss -arg a,2,1,1,0,4,3,3,1,8,7,9,5,6,7,9,8 -arg b,3,6,16,11 -print x,4 -print b,4 -global 4,4 -local 4,4 %s
// CHECK: x,1,-2,3,-1
// CHECK-NEXT: b,3,0,4,-2

#pragma OPENCL FP_CONTRACT OFF

#define N 4

__kernel void gauss(__global float *a, __global float *b, __global float *x)
{
    __local float m[N];
    int j = get_local_id(0), i = get_local_id(1);
    for (int t = 0; t < N - 1; t++) {
        if (j == 0 && i > t)
            m[i] = a[i * N + t] / a[t * N + t];
        barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
        if (i > t && j >= t)
            a[i * N + j] -= m[i] * a[t * N + j];
        if (i > t && j == 0)
            b[i] -= m[i] * b[t];
        barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    }
    if (i == 0 && j == 0) {
        for (int r = N - 1; r >= 0; r--) {
            float s = b[r];
            for (int c = r + 1; c < N; c++)
                s -= a[r * N + c] * x[c];
            x[r] = s / a[r * N + r];
        }
    }
}
