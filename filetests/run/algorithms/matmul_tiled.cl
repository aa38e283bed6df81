// Tiled 8x8 float matrix multiply: 4x4 work-groups stage 4x4 tiles of A and B in
// kernel-scope __local arrays, with barriers around each tile step (2 steps).
// Same inputs and expected C as matmul_naive.cl (exact small integers;
// reference/algorithms.py).
// RUN: kauai oclc -execute -enqueue matmul_tiled -arg a:../inputs/mat8_a.txt -arg b:../inputs/mat8_b.txt -print c,64 -global 8,8 -local 4,4 %s
// CHECK: c,7,4,-4,-12,5,7,4,-4,-2,-9,9,-3,5,-2,-9,9,10,-1,8,-8,-9,10,-1,8,8,-7,-7,8,-2,8,-7,-7,-8,8,-1,10,-9,-8,8,-1,-3,9,-9,-2,5,-3,9,-9,-12,-4,4,7,5,-12,-4,4,7,4,-4,-12,5,7,4,-4

#define N 8
#define T 4

__kernel void matmul_tiled(__global const float *a, __global const float *b,
                           __global float *c)
{
    __local float ta[T][T];
    __local float tb[T][T];
    int lx = get_local_id(0);
    int ly = get_local_id(1);
    int col = get_global_id(0);
    int row = get_global_id(1);
    float acc = 0.0f;
    for (int t = 0; t < N / T; t++) {
        ta[ly][lx] = a[row * N + t * T + lx];
        tb[ly][lx] = b[(t * T + ly) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < T; k++)
            acc += ta[ly][k] * tb[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * N + col] = acc;
}
