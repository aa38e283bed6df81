// The packed formats and the x orders (OpenCL 1.2 5.3.1.1, 8.3.1.1), read at integer
// coordinates through a CLK_ADDRESS_CLAMP nearest sampler. A packed pixel is given (and
// stored) as its word: UNORM_SHORT_565 has red in bits 15:11, green 10:5, blue 4:0;
// UNORM_SHORT_555 red 14:10, green 9:5, blue 4:0 (bit 15 unused); UNORM_INT_101010 red
// 29:20, green 19:10, blue 9:0 (bits 31:30 unused). Each field reads as k / (2^bits - 1),
// alpha 1. Hand-computed, floats rounded to float32 and printed with %.7g:
//  565  0xF81F (63519): 31,0,31 -> 1,0,1;  0x8410 (33808): 16,32,16 -> 16/31, 32/63, 16/31
//  555  0x7FFF (32767): 1,1,1;  0x8421 (33825, bit 15 set): 1,1,1 -> 1/31 each
//  101010 (RGBx)  1023<<20 | 512 (1072693760): 1, 0, 512/1023;
//         3<<30 | 1<<20 | 2<<10 | 3 (3222276099): 1/1023, 2/1023, 3/1023
// Outside the image the border colour is (0,0,0,1) for RGB and (0,0,0,0) for RGBx.
// The x orders store R and RG (1 byte and 8 bytes a pixel here) and read (r,0,0,1) and
// (r,g,0,1), with border (0,0,0,0): Rx UNORM_INT8 255, 51 -> 1 and 0.2; RGx FLOAT
// (1.5, -2).
// RUN: kauai oclc -execute -enqueue rd -arg a565,image2d(RGB,UNORM_SHORT_565,2,1),63519,33808 -arg b555,image2d(RGB,UNORM_SHORT_555,2,1),32767,33825 -arg c1010,image2d(RGBx,UNORM_INT_101010,2,1),1072693760,3222276099 -print out,32 -global 2 %s
// CHECK: out,1,0,1,1,0.516129,0.5079365,0.516129,1,1,1,1,1,0.03225806,0.03225806,0.03225806,1,1,0,0.5004888,1,0.0009775171,0.001955034,0.002932551,1,0,0,0,1,0,0,0,0
// RUN: kauai oclc -execute -enqueue xo -arg rx,image2d(Rx,UNORM_INT8,2,1),255,51 -arg rgx,image2d(RGx,FLOAT,1,1),1.5,-2 -print out,20 -global 1 %s
// CHECK: out,1,0,0,1,0.2,0,0,1,0,0,0,0,1.5,-2,0,1,0,0,0,0

const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void rd(__read_only image2d_t a565, __read_only image2d_t b555,
                 __read_only image2d_t c1010, __global float4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagef(a565, s, (int2)(i, 0));
    out[2 + i] = read_imagef(b555, s, (int2)(i, 0));
    out[4 + i] = read_imagef(c1010, s, (int2)(i, 0));
    out[6 + i] = i == 0 ? read_imagef(a565, s, (int2)(-1, 0))
                        : read_imagef(c1010, s, (int2)(2, 0));
}

__kernel void xo(__read_only image2d_t rx, __read_only image2d_t rgx, __global float4 *out)
{
    out[0] = read_imagef(rx, s, (int2)(0, 0));
    out[1] = read_imagef(rx, s, (int2)(1, 0));
    out[2] = read_imagef(rx, s, (int2)(2, 0));
    out[3] = read_imagef(rgx, s, (int2)(0, 0));
    out[4] = read_imagef(rgx, s, (int2)(0, 1));
}
