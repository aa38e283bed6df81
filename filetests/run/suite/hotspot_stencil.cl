// A hotspot-style thermal stencil (Rodinia's hotspot, with simplified coefficients):
// t' = t + 0.125 (n + s + e + w - 4 t) + 0.25 power, clamp-to-edge neighbours, on an
// 8 x 8 grid, two time steps ping-ponged between two buffers inside one work-group
// (global-memory barrier between steps). Temperatures are integers 0..63 and powers
// 0..3 (randint, -seed 41 then the power list); every intermediate is a multiple of
// 1/64 below 2^10, so all float32 operations are exact and the result is the exact
// rational one (reference/suite.py, in fractions.Fraction).
// RUN: kauai oclc -execute -enqueue hotspot -arg temp,repeat(64,randint(0,63)) -arg power,repeat(64,randint(0,3)) -seed 41 -arg steps,2 -print temp,64 -print tmp,64 -global 8,8 -local 8,8 %s
// CHECK: temp,16.54688,23.45312,19.98438,38.09375,45.34375,41.125,38.75,16.23438,25.42188,25.29688,22.4375,35.32812,33.23438,26.8125,31.0625,15.60938,26.53125,28.03125,28.65625,36.04688,33.17188,22.70312,24.70312,20.625,31.20312,29.03125,33.17188,30.01562,25.29688,24.79688,33.1875,38.03125,33.95312,32.04688,40.4375,38.26562,32.29688,34.75,39.04688,40.10938,38.89062,34.40625,26.89062,24.07812,27.23438,35.95312,39.46875,43.17188,24.15625,28.96875,15.82812,19.48438,40.26562,44.54688,33.79688,33.21875,33.32812,38.375,18.25,23.71875,48.875,50.20312,32.54688,24.5
// CHECK-NEXT: tmp,12.625,26.875,15.125,39.25,49.625,42.75,43.875,12.375,27.75,23.5,18.125,37.75,28.625,21.75,35.5,11.75,24.5,29.625,26.625,39.625,38.25,18.625,23.125,16.25,32.375,27.125,33.375,25.25,19.5,22,34.75,42.875,32.125,28.375,46.875,44.625,32.875,37.5,38.5,38.875,44.25,36.75,23.625,20.625,21.25,34.625,41.25,45.125,17,30,10.375,14.625,44.75,47.125,28.5,33.625,34,45.625,12.875,21.625,54.125,54,30.375,22

#pragma OPENCL FP_CONTRACT OFF

#define N 8

__kernel void hotspot(__global float *temp, __global const float *power, __global float *tmp,
                      int steps)
{
    int x = get_global_id(0), y = get_global_id(1);
    __global float *src = temp, *dst = tmp;
    for (int s = 0; s < steps; s++) {
        float t = src[y * N + x];
        float n = src[max(y - 1, 0) * N + x];
        float so = src[min(y + 1, N - 1) * N + x];
        float w = src[y * N + max(x - 1, 0)];
        float e = src[y * N + min(x + 1, N - 1)];
        dst[y * N + x] = t + 0.125f * (n + so + e + w - 4.0f * t) + 0.25f * power[y * N + x];
        barrier(CLK_GLOBAL_MEM_FENCE);
        __global float *swap = src;
        src = dst;
        dst = swap;
    }
}
