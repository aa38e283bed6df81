// Jacobi relaxation of the 1-D Poisson problem as iterative-solver kernels write it:
// u' = (u[i-1] + u[i+1] + h^2 f[i]) / 2 on 32 interior points with u = 0 at both ends,
// 8 sweeps ping-ponged between two __local arrays in one work-group (a barrier per
// sweep). h^2 f = 2 everywhere and u starts at 0:
// every value stays a multiple of 1/128 below 2^10 (one halving per sweep), so the
// float32 result is exact; written as a multiplication by 0.5f. Expected: the exact
// sweeps in fractions (reference/suite.py).
// RUN: kauai oclc -execute -enqueue jacobi -arg f,repeat(32,2) -arg sweeps,8 -print u,32 -global 32 -local 32 %s
// CHECK: u,3.648438,5.84375,7.023438,7.625,7.867188,7.96875,7.992188,8,8,8,8,8,8,8,8,8,8,8,8,8,8,8,8,8,8,7.992188,7.96875,7.867188,7.625,7.023438,5.84375,3.648438

#pragma OPENCL FP_CONTRACT OFF

#define N 32

__kernel void jacobi(__global const float *f, __global float *u, int sweeps)
{
    __local float buf[2][N + 2];
    int i = get_local_id(0) + 1;
    buf[0][i] = 0.0f;
    buf[1][i] = 0.0f;
    if (i == 1) {
        buf[0][0] = buf[1][0] = 0.0f;
        buf[0][N + 1] = buf[1][N + 1] = 0.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    int p = 0;
    for (int s = 0; s < sweeps; s++) {
        buf[1 - p][i] = (buf[p][i - 1] + buf[p][i + 1] + f[i - 1]) * 0.5f;
        p = 1 - p;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    u[i - 1] = buf[p][i];
}
