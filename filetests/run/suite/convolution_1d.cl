// 1-D convolution with a 5-tap binomial filter (1 4 6 4 1) / 16 from a __constant table,
// clamp-to-edge borders, float data, one work-item per output, as signal-processing
// samples write it; a second kernel does the same from a local tile with a 2-element
// halo loaded by the edge work-items (groups of 8). Input: 24 values randint(-8,8),
// -seed 13; the weights are dyadic and the data small integers, so every product and
// sum is exact in float32: expected = the exact convolution (reference/suite.py).
// RUN: kauai oclc -execute -enqueue conv1d -arg x,repeat(24,randint(-8,8)) -seed 13 -arg n,24 -print y,24 -global 24 %s
// CHECK: y,2.8125,0.6875,-0.375,-0.125,0.5,0.75,0.25,-1,-1.375,-0.125,0.875,1.1875,2.4375,4.25,4.8125,4,1.625,-1.3125,-1.625,-0.25,-0.1875,-0.4375,1.25,4.625
// RUN: kauai oclc -execute -enqueue conv1d_local -arg x,repeat(24,randint(-8,8)) -seed 13 -arg n,24 -print y,24 -global 24 -local 8 %s
// CHECK: y,2.8125,0.6875,-0.375,-0.125,0.5,0.75,0.25,-1,-1.375,-0.125,0.875,1.1875,2.4375,4.25,4.8125,4,1.625,-1.3125,-1.625,-0.25,-0.1875,-0.4375,1.25,4.625

__constant float weights[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};

__kernel void conv1d(__global const float *x, __global float *y, int n)
{
    int i = get_global_id(0);
    float acc = 0.0f;
    for (int k = -2; k <= 2; k++) {
        int j = clamp(i + k, 0, n - 1);
        acc += weights[k + 2] * x[j];
    }
    y[i] = acc;
}

__kernel void conv1d_local(__global const float *x, __global float *y, int n)
{
    __local float tile[8 + 4];
    int i = get_global_id(0);
    int l = get_local_id(0);
    int ls = get_local_size(0);
    tile[l + 2] = x[i];
    if (l < 2) {
        tile[l] = x[clamp(i - 2, 0, n - 1)];
        tile[ls + 2 + l] = x[clamp(i + ls, 0, n - 1)];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = 0.0f;
    for (int k = 0; k < 5; k++)
        acc += weights[k] * tile[l + k];
    y[i] = acc;
}
