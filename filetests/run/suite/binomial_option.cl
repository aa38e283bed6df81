// Binomial option pricing (the AMD SDK's BinomialOption shape): one work-group per
// option, the leaf payoffs max(S u^(2i-n) - X, 0) of an n = 15 step tree computed by the
// 16 work-items, then backward induction in local memory, v[i] = pu v[i+1] + pd v[i],
// with two barriers per step (read, then write). The tree's factors come in as
// arguments: u = 1.0625, pu = 0.5, pd = 0.46875 (discount folded in), so the payoffs
// are S u^k - X rounded in float32 step by step. Three options with S = 100, 90, 110 and
// X = 100. Expected: reference/suite.py repeats every float32 operation in the kernel's
// order (FP_CONTRACT OFF), including u^k by repeated multiplication; the one division
// is correctly rounded by the build option, so Python's double quotient rounded once to
// float32 is its value.
// RUN: kauai oclc -cl-options '-cl-fp32-correctly-rounded-divide-sqrt' -execute -enqueue binomial -arg S,100,90,110 -arg X,100,100,100 -arg u,1.0625 -arg pu,0.5 -arg pd,0.46875 -print price,3 -global 48 -local 16 %s
// CHECK: price,8.053999,4.37585,12.69261

#pragma OPENCL FP_CONTRACT OFF

#define STEPS 15

__kernel void binomial(__global const float *S, __global const float *X, float u, float pu,
                       float pd, __global float *price)
{
    __local float v[STEPS + 1];
    int i = get_local_id(0);
    int opt = get_group_id(0);
    // S u^(2i - n): start from S u^-n and multiply by u twice per level.
    float inv = 1.0f;
    for (int k = 0; k < STEPS; k++)
        inv = inv * u;
    float s = S[opt] / inv;
    for (int k = 0; k < 2 * i; k++)
        s = s * u;
    v[i] = fmax(s - X[opt], 0.0f);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int n = STEPS; n > 0; n--) {
        float next = 0.0f;
        if (i < n)
            next = pu * v[i + 1] + pd * v[i];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i < n)
            v[i] = next;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (i == 0)
        price[opt] = v[0];
}
