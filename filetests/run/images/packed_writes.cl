// write_imagef to packed formats (OpenCL 1.2 8.3.1.2): each field is
// round-to-nearest-even(clamp(f, 0, 1) * (2^bits - 1)), packed into the word (see
// packed_formats.cl for the bit positions); halves land on ties, hand-computed:
//  565 (1, 0.5, 0.25):   31, round(31.5) = 32, round(7.75) = 8 -> 31<<11 | 32<<5 | 8 = 64520
//  565 (0.5, 0.75, 2):   round(15.5) = 16, round(47.25) = 47, 31 -> 32768 + 1504 + 31 = 34303
//  555 (0.5, 0.5, -1):   16, 16, 0 -> 16<<10 | 16<<5 = 16896
//  101010 (0.5, 0.25, 0.75): round(511.5) = 512, round(255.75) = 256, round(767.25) = 767
//                        -> 512<<20 | 256<<10 | 767 = 537133823
// Alpha is not stored. The images print as their stored words.
// RUN: kauai oclc -execute -enqueue wr -arg w565,image2d(RGB,UNORM_SHORT_565,2,1) -arg w555,image2d(RGBx,UNORM_SHORT_555,1,1) -arg w1010,image2d(RGB,UNORM_INT_101010,1,1) -print w565,2 -print w555,1 -print w1010,1 -global 1 %s
// CHECK: w565,64520,34303
// CHECK-NEXT: w555,16896
// CHECK-NEXT: w1010,537133823

__kernel void wr(__write_only image2d_t w565, __write_only image2d_t w555,
                 __write_only image2d_t w1010)
{
    write_imagef(w565, (int2)(0, 0), (float4)(1.0f, 0.5f, 0.25f, 1.0f));
    write_imagef(w565, (int2)(1, 0), (float4)(0.5f, 0.75f, 2.0f, 0.0f));
    write_imagef(w555, (int2)(0, 0), (float4)(0.5f, 0.5f, -1.0f, 1.0f));
    write_imagef(w1010, (int2)(0, 0), (float4)(0.5f, 0.25f, 0.75f, 1.0f));
}
