// Radix-2 decimation-in-time FFT of 8 complex points held as `float2`, one work-group of
// 4 work-items (one butterfly each per stage), bit-reversed load into local memory and a
// barrier per stage; the twiddles e^(-2 pi i k / 8) come from a `__constant float2`
// table (sqrt(1/2) as the literal 0.70710678f) and complex products from a helper.
// Two runs: a ramp x[k] = k (real) and a complex input. Expected: reference/suite.py
// models the same butterflies in float32 (each product, sum and difference rounded,
// FP_CONTRACT OFF); it also checks them against a direct DFT in double (max error
// < 1e-5, printed there), so the table and the order of stages are the FFT's.
// RUN: kauai oclc -execute -enqueue fft8 -arg in,0,0,1,0,2,0,3,0,4,0,5,0,6,0,7,0 -print out,16 -global 4 -local 4 %s
// CHECK: out,28,0,-4,9.656855,-4,4,-4,1.656854,-4,0,-4,-1.656854,-4,-4,-4,-9.656855
// RUN: kauai oclc -execute -enqueue fft8 -arg in,1,-1,0.5,2,-3,0.25,4,1,0,-2,2.5,0,-1,-1,3,0.75 -print out,16 -global 4 -local 4 %s
// CHECK: out,7,0,1.71967,4.944544,5.25,1.75,3.46231,-1.53033,-13,-7.5,2.78033,1.055456,4.75,-6.25,-3.96231,-0.4696699

#pragma OPENCL FP_CONTRACT OFF

#define N 8
#define C 0.70710678f

__constant float2 twiddle[N / 2] = {
    (float2)(1.0f, 0.0f), (float2)(C, -C), (float2)(0.0f, -1.0f), (float2)(-C, -C)};

float2 cmul(float2 a, float2 b)
{
    return (float2)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

uint rev3(uint i)
{
    return ((i & 1) << 2) | (i & 2) | ((i >> 2) & 1);
}

__kernel void fft8(__global const float2 *in, __global float2 *out)
{
    __local float2 s[N];
    uint t = get_local_id(0);
    s[rev3(2 * t)] = in[2 * t];
    s[rev3(2 * t + 1)] = in[2 * t + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint span = 1; span < N; span <<= 1) {
        uint k = t % span;
        uint i = (t / span) * 2 * span + k;
        uint j = i + span;
        float2 w = twiddle[k * (N / 2 / span)];
        float2 u = s[i];
        float2 v = cmul(w, s[j]);
        s[i] = u + v;
        s[j] = u - v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[2 * t] = s[2 * t];
    out[2 * t + 1] = s[2 * t + 1];
}
