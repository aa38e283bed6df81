// In-place LU decomposition (Doolittle, no pivoting) of a 4x4 matrix by one work-group
// of 4x4 work-items, one elimination step k per loop iteration, as Rodinia's lud does
// inside a block: the column below the pivot is divided by it, a barrier, the trailing
// submatrix gets a[i][j] -= l[i] * a[k][j], a barrier. The matrix (the textbook example)
//   A = [2 1 1 0; 4 3 3 1; 8 7 9 5; 6 7 9 8]
// factors as L = [1; 2 1; 4 3 1; 3 4 1 1], U = [2 1 1 0; 0 1 1 1; 0 0 2 2; 0 0 0 2]
// (by hand; L U = A checked in reference/suite.py); every quotient is exact (and the
// build asks for correctly rounded division, which OpenCL otherwise allows 2.5 ulp),
// so the result is L below the diagonal and U on and above it.
// RUN: kauai oclc -cl-options '-cl-fp32-correctly-rounded-divide-sqrt' -execute -enqueue lud -arg a,2,1,1,0,4,3,3,1,8,7,9,5,6,7,9,8 -arg n,4 -print a,16 -global 4,4 -local 4,4 %s
// CHECK: a,2,1,1,0,2,1,1,1,4,3,2,2,3,4,1,2

#pragma OPENCL FP_CONTRACT OFF

__kernel void lud(__global float *a, int n)
{
    __local float m[16];
    int j = get_local_id(0);
    int i = get_local_id(1);
    m[i * n + j] = a[i * n + j];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < n - 1; k++) {
        if (j == k && i > k)
            m[i * n + k] = m[i * n + k] / m[k * n + k];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i > k && j > k)
            m[i * n + j] = m[i * n + j] - m[i * n + k] * m[k * n + j];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    a[i * n + j] = m[i * n + j];
}
