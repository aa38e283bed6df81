// Matrix multiply with float4 loads as vendor samples write it: each work-item computes
// 4 consecutive outputs of a row of C = A B (A 4 x 8, B 8 x 8, C 4 x 8): for each k it
// broadcasts A[row][k] and multiplies a vload4 of B's row k, accumulating a float4.
// A = range(-16,15), B[k][j] = (k - j) / 2 (given as halves): products and sums of small
// halves are exact in float32. Expected: the exact product (reference/suite.py).
// RUN: kauai oclc -execute -enqueue mm4 -arg a,range(-16,15) -arg b,0,-0.5,-1,-1.5,-2,-2.5,-3,-3.5,0.5,0,-0.5,-1,-1.5,-2,-2.5,-3,1,0.5,0,-0.5,-1,-1.5,-2,-2.5,1.5,1,0.5,0,-0.5,-1,-1.5,-2,2,1.5,1,0.5,0,-0.5,-1,-1.5,2.5,2,1.5,1,0.5,0,-0.5,-1,3,2.5,2,1.5,1,0.5,0,-0.5,3.5,3,2.5,2,1.5,1,0.5,0 -arg n,8 -arg kk,8 -print c,32 -global 2,4 %s
// CHECK: c,-154,-104,-54,-4,46,96,146,196,-42,-24,-6,12,30,48,66,84,70,56,42,28,14,0,-14,-28,182,136,90,44,-2,-48,-94,-140

__kernel void mm4(__global const float *a, __global const float *b, __global float *c, int n,
                  int kk)
{
    int q = get_global_id(0);
    int row = get_global_id(1);
    float4 acc = (float4)(0.0f);
    for (int k = 0; k < kk; k++)
        acc += a[row * kk + k] * vload4(q, b + k * n);
    vstore4(acc, q, c + row * n);
}
