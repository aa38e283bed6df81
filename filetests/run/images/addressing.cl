// Every addressing mode at the borders of a 1-D image of width 4 holding 10, 20, 30, 40
// (R FLOAT; the second run RA FLOAT with alpha 1), nearest and linear, with unnormalized
// coordinates u = (i - 4) * 0.5 + 0.25 (-1.75 ... 5.75) and normalized ones
// s = (i - 6) * 0.125 + 0.0625 (-0.6875 ... 1.1875), i = 0..15. Each read gives (x, w):
// the border colour of CLK_ADDRESS_CLAMP is (0,0,0,1) for R, which has no alpha, and
// (0,0,0,0) for RA. Samplers are program-scope constants (the last two kernel-scope);
// NONE gives the border colour too (Kauai's choice where OpenCL leaves it undefined).
// Expected: reference/images.py, a Python model of OpenCL 1.2 section 8.2 in float32.
// RUN: kauai oclc -execute -enqueue addr -arg img,image1d(R,FLOAT,4),10,20,30,40 -print out,384 -global 16 %s
// CHECK: out,0,1,0,1,0,1,0,1,10,1,10,1,20,1,20,1,30,1,30,1,40,1,40,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,10,1,10,1,20,1,20,1,30,1,30,1,40,1,40,1,0,1,0,1,0,1,0,1,10,1,10,1,10,1,10,1,10,1,10,1,20,1,20,1,30,1,30,1,40,1,40,1,40,1,40,1,40,1,40,1,0,1,0,1,0,1,2.5,1,7.5,1,12.5,1,17.5,1,22.5,1,27.5,1,32.5,1,37.5,1,30,1,10,1,0,1,0,1,0,1,0,1,0,1,0,1,2.5,1,7.5,1,12.5,1,17.5,1,22.5,1,27.5,1,32.5,1,37.5,1,30,1,10,1,0,1,0,1,0,1,10,1,10,1,10,1,10,1,10,1,12.5,1,17.5,1,22.5,1,27.5,1,32.5,1,37.5,1,40,1,40,1,40,1,40,1,40,1,20,1,20,1,30,1,30,1,40,1,40,1,10,1,10,1,20,1,20,1,30,1,30,1,40,1,40,1,10,1,10,1,30,1,30,1,20,1,20,1,10,1,10,1,10,1,10,1,20,1,20,1,30,1,30,1,40,1,40,1,40,1,40,1,17.5,1,22.5,1,27.5,1,32.5,1,37.5,1,32.5,1,17.5,1,12.5,1,17.5,1,22.5,1,27.5,1,32.5,1,37.5,1,32.5,1,17.5,1,12.5,1,32.5,1,27.5,1,22.5,1,17.5,1,12.5,1,10,1,10,1,12.5,1,17.5,1,22.5,1,27.5,1,32.5,1,37.5,1,40,1,40,1,37.5,1,0,1,0,1,0,1,0,1,0,1,2.5,1,7.5,1,12.5,1,17.5,1,22.5,1,27.5,1,32.5,1,37.5,1,30,1,10,1,0,1,10,1,10,1,10,1,10,1,10,1,10,1,10,1,10,1,20,1,20,1,30,1,30,1,40,1,40,1,40,1,40,1
// RUN: kauai oclc -execute -enqueue addr -arg img,image1d(RA,FLOAT,4),10,1,20,1,30,1,40,1 -print out,384 -global 16 %s
// CHECK: out,0,0,0,0,0,0,0,0,10,1,10,1,20,1,20,1,30,1,30,1,40,1,40,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,10,1,10,1,20,1,20,1,30,1,30,1,40,1,40,1,0,0,0,0,0,0,0,0,10,1,10,1,10,1,10,1,10,1,10,1,20,1,20,1,30,1,30,1,40,1,40,1,40,1,40,1,40,1,40,1,0,0,0,0,0,0,2.5,0.25,7.5,0.75,12.5,1,17.5,1,22.5,1,27.5,1,32.5,1,37.5,1,30,0.75,10,0.25,0,0,0,0,0,0,0,0,0,0,0,0,2.5,0.25,7.5,0.75,12.5,1,17.5,1,22.5,1,27.5,1,32.5,1,37.5,1,30,0.75,10,0.25,0,0,0,0,0,0,10,1,10,1,10,1,10,1,10,1,12.5,1,17.5,1,22.5,1,27.5,1,32.5,1,37.5,1,40,1,40,1,40,1,40,1,40,1,20,1,20,1,30,1,30,1,40,1,40,1,10,1,10,1,20,1,20,1,30,1,30,1,40,1,40,1,10,1,10,1,30,1,30,1,20,1,20,1,10,1,10,1,10,1,10,1,20,1,20,1,30,1,30,1,40,1,40,1,40,1,40,1,17.5,1,22.5,1,27.5,1,32.5,1,37.5,1,32.5,1,17.5,1,12.5,1,17.5,1,22.5,1,27.5,1,32.5,1,37.5,1,32.5,1,17.5,1,12.5,1,32.5,1,27.5,1,22.5,1,17.5,1,12.5,1,10,1,10,1,12.5,1,17.5,1,22.5,1,27.5,1,32.5,1,37.5,1,40,1,40,1,37.5,1,0,0,0,0,0,0,0,0,0,0,2.5,0.25,7.5,0.75,12.5,1,17.5,1,22.5,1,27.5,1,32.5,1,37.5,1,30,0.75,10,0.25,0,0,10,1,10,1,10,1,10,1,10,1,10,1,10,1,10,1,20,1,20,1,30,1,30,1,40,1,40,1,40,1,40,1

#define N CLK_NORMALIZED_COORDS_TRUE
#define U CLK_NORMALIZED_COORDS_FALSE
const sampler_t s_none_n = U | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
const sampler_t s_clamp_n = U | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
const sampler_t s_edge_n = U | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
const sampler_t s_none_l = U | CLK_ADDRESS_NONE | CLK_FILTER_LINEAR;
const sampler_t s_clamp_l = U | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
const sampler_t s_edge_l = U | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
__constant sampler_t s_rep_n = N | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;
const sampler_t s_mir_n = N | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_NEAREST;
const sampler_t s_rep_l = N | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
const sampler_t s_mir_l = N | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_LINEAR;

void put(__global float *out, int mode, int i, float4 v)
{
    out[(mode * 16 + i) * 2] = v.x;
    out[(mode * 16 + i) * 2 + 1] = v.w;
}

__kernel void addr(__read_only image1d_t img, __global float *out)
{
    const sampler_t s_clamp_nl = N | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
    const sampler_t s_edge_nn = N | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
    int i = get_global_id(0);
    float u = (i - 4) * 0.5f + 0.25f;
    float s = (i - 6) * 0.125f + 0.0625f;
    put(out, 0, i, read_imagef(img, s_none_n, u));
    put(out, 1, i, read_imagef(img, s_clamp_n, u));
    put(out, 2, i, read_imagef(img, s_edge_n, u));
    put(out, 3, i, read_imagef(img, s_none_l, u));
    put(out, 4, i, read_imagef(img, s_clamp_l, u));
    put(out, 5, i, read_imagef(img, s_edge_l, u));
    put(out, 6, i, read_imagef(img, s_rep_n, s));
    put(out, 7, i, read_imagef(img, s_mir_n, s));
    put(out, 8, i, read_imagef(img, s_rep_l, s));
    put(out, 9, i, read_imagef(img, s_mir_l, s));
    put(out, 10, i, read_imagef(img, s_clamp_nl, s));
    put(out, 11, i, read_imagef(img, s_edge_nn, s));
}
