// A branch on ids the host JIT runs masked inside a loop, whose join is the loop's
// header (the loop counter stays uniform: both paths pass the same value), with a
// float4 load on one path and a nested branch. 48 work-items in groups of 16, n = 37.
// Expected values computed by hand from the definition (in = 0..159 as 40 float4s),
// here with a short Python transcription of the loop in single precision.
// RUN: kauai oclc -execute -enqueue k -arg in,range(0,159) -arg out,repeat(37,0) -arg n,37 -arg m,5 -print out,37 -global 48 -local 16 %s
// CHECK: out,72.26562,87.76562,103.2656,118.7656,134.2656,149.7656,165.2656,180.7656,196.2656,211.7656,225.3281,240.8281,256.3281,271.8281,287.3281,302.8281,318.3281,333.8281,349.3281,364.8281,380.3281,395.8281,411.3281,426.8281,442.3281,457.8281,473.3281,488.8281,504.3281,519.8281,535.3281,550.8281,534.4062,500.8125,431.875,290.25,-0.75

__kernel void k(__global const float4 *in, __global float *out, int n, int m)
{
    int i = get_global_id(0);
    float acc = 0.5f;
    int j = 0;
    while (j < m) {
        j++;
        if (i + j < n) {
            float4 v = in[i + j];
            acc = acc * 0.5f + (v.x + v.w);
            if (i > 9)
                continue;
            acc += 1.0f;
        } else {
            acc -= 0.25f;
        }
    }
    if (i < n)
        out[i] = acc;
}
