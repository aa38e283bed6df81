// Bilinear filtering weights on a 3x2 RGBA UNORM_INT8 image (channel k of pixel
// p = x + 3y stored as 17p + 40k), at pixel corners, centres and between them:
// unnormalized CLAMP_TO_EDGE and CLAMP (border colour (0,0,0,0) mixes in at the edges)
// and normalized REPEAT (coordinates divided by (3, 2) in the kernel, wrapping at the
// right and bottom edges). Expected: reference/images.py, OpenCL 1.2 8.2's formulas in
// float32 (T = (1-a)(1-b)T00 + a(1-b)T10 + (1-a)b T01 + ab T11, a = frac(u - 0.5)).
// E.g. (0.5, 0.5) is pixel (0,0)'s centre: (0, 40, 80, 120) / 255 exactly.
// RUN: kauai oclc -execute -enqueue lin -arg img,image2d(RGBA,UNORM_INT8,3,2),0,40,80,120,17,57,97,137,34,74,114,154,51,91,131,171,68,108,148,188,85,125,165,205 -arg xy,0,0,0.5,0.5,1,0.5,1.25,1,2.75,1.5,3,2,-0.5,0.75,1.6,0.3 -print edge,32 -print clamp,32 -print rep,32 -global 8 %s
// CHECK: edge,0,0.1568628,0.3137255,0.4705882,0,0.1568628,0.3137255,0.4705882,0.03333334,0.1901961,0.3470588,0.5039216,0.15,0.3068628,0.4637255,0.6205883,0.3333333,0.4901961,0.6470588,0.8039216,0.3333333,0.4901961,0.6470588,0.8039216,0.05,0.2068627,0.3637255,0.5205883,0.07333334,0.2301961,0.3870589,0.5439216
// CHECK: clamp,0,0.03921569,0.07843138,0.1176471,0,0.1568628,0.3137255,0.4705882,0.03333334,0.1901961,0.3470588,0.5039216,0.15,0.3068628,0.4637255,0.6205883,0.25,0.3676471,0.4852941,0.6029412,0.08333334,0.122549,0.1617647,0.2009804,0,0,0,0,0.05866667,0.1841569,0.3096471,0.4351373
// CHECK: rep,0.1666667,0.3235294,0.4803922,0.6372549,0,0.1568628,0.3137255,0.4705882,0.03333334,0.1901961,0.3470588,0.5039216,0.15,0.3068628,0.4637255,0.6205883,0.3,0.4568627,0.6137255,0.7705882,0.1666667,0.3235294,0.4803922,0.6372549,0.1833333,0.3401961,0.4970588,0.6539216,0.1133333,0.2701961,0.4270588,0.5839216

const sampler_t edge_s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
const sampler_t clamp_s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
const sampler_t rep_s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;

__kernel void lin(read_only image2d_t img, __global const float2 *xy, __global float4 *edge,
                  __global float4 *clamp, __global float4 *rep)
{
    int i = get_global_id(0);
    float2 c = xy[i];
    edge[i] = read_imagef(img, edge_s, c);
    clamp[i] = read_imagef(img, clamp_s, c);
    rep[i] = read_imagef(img, rep_s, c / (float2)(3.0f, 2.0f));
}
