// Sobel edge magnitude |gx| + |gy| on a 5x4 UNSIGNED_INT8 R image, pixel (x, y) =
// 9x + 13y + (5xy mod 11), read with integer coordinates through a sampler argument
// (unnormalized, CLAMP_TO_EDGE, nearest) and written with write_imageui, which
// saturates to 255. Expected: reference/images.py (integers). Pixel (0, 0): the
// clamped neighbourhood rows are (0 0 9), (0 0 9), (13 13 27): gx = 9+18+27 - 0-0-13 =
// 41, gy = 13+26+27 - 0-0-9 = 57, |gx| + |gy| = 98.
// RUN: kauai oclc -execute -enqueue sobel -arg src,image2d(R,UNSIGNED_INT8,5,4),0,9,18,27,36,13,27,41,44,58,26,45,53,61,69,39,52,65,67,80 -arg s,CL_FALSE,CL_ADDRESS_CLAMP_TO_EDGE,CL_FILTER_NEAREST -arg dst,image2d(R,UNSIGNED_INT8,5,4) -print dst,20 -global 5,4 %s
// CHECK: dst,98,154,152,150,124,170,234,208,204,178,168,208,160,156,132,104,144,98,96,86
// The same run, compared instead of printed (an image compares its stored channels).
// RUN: kauai oclc -execute -enqueue sobel -arg src,image2d(R,UNSIGNED_INT8,5,4),0,9,18,27,36,13,27,41,44,58,26,45,53,61,69,39,52,65,67,80 -arg s,CL_FALSE,CL_ADDRESS_CLAMP_TO_EDGE,CL_FILTER_NEAREST -arg dst,image2d(R,UNSIGNED_INT8,5,4) -compare dst,98,154,152,150,124,170,234,208,204,178,168,208,160,156,132,104,144,98,96,86 -global 5,4 %s
// CHECK: dst - match

int px(read_only image2d_t img, sampler_t s, int x, int y)
{
    return (int)read_imageui(img, s, (int2)(x, y)).x;
}

__kernel void sobel(__read_only image2d_t src, sampler_t s, __write_only image2d_t dst)
{
    int x = get_global_id(0), y = get_global_id(1);
    int gx = px(src, s, x + 1, y - 1) + 2 * px(src, s, x + 1, y) + px(src, s, x + 1, y + 1)
           - px(src, s, x - 1, y - 1) - 2 * px(src, s, x - 1, y) - px(src, s, x - 1, y + 1);
    int gy = px(src, s, x - 1, y + 1) + 2 * px(src, s, x, y + 1) + px(src, s, x + 1, y + 1)
           - px(src, s, x - 1, y - 1) - 2 * px(src, s, x, y - 1) - px(src, s, x + 1, y - 1);
    write_imageui(dst, (int2)(x, y), (uint4)(abs(gx) + abs(gy)));
}
