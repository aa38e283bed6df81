// Naive 8x8 float matrix multiply, one work-item per element (-global 8,8).
// A[i][k] = (8i+k) mod 7 - 3 and B[k][j] = (8k+j) mod 5 - 2 (inputs/mat8_*.txt) are small
// integers, so every product and sum is exact; C = A B from reference/algorithms.py.
// RUN: kauai oclc -execute -enqueue matmul -arg a:../inputs/mat8_a.txt -arg b:../inputs/mat8_b.txt -arg n,8 -print c,64 -global 8,8 %s
// CHECK: c,7,4,-4,-12,5,7,4,-4,-2,-9,9,-3,5,-2,-9,9,10,-1,8,-8,-9,10,-1,8,8,-7,-7,8,-2,8,-7,-7,-8,8,-1,10,-9,-8,8,-1,-3,9,-9,-2,5,-3,9,-9,-12,-4,4,7,5,-12,-4,4,7,4,-4,-12,5,7,4,-4

__kernel void matmul(__global const float *a, __global const float *b, int n,
                     __global float *c)
{
    int col = get_global_id(0);
    int row = get_global_id(1);
    float acc = 0.0f;
    for (int k = 0; k < n; k++)
        acc += a[row * n + k] * b[k * n + col];
    c[row * n + col] = acc;
}
