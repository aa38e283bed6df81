// A 3x3 box blur through a sampler: read_imagef at pixel centres (x + dx + 0.5,
// y + dy + 0.5) of a 4x4 R FLOAT image with CLK_ADDRESS_CLAMP_TO_EDGE and nearest
// filtering (so neighbours outside repeat the edge), the sum in dy-major order divided
// by 9, written to an R FLOAT image. Pixel (x, y) = (x*x + 3y) / 4 (exact in float).
// Corner (0, 0): rows -1, 0 -> row 0 (0, 0, 0.25) twice, row 1 (0.75, 0.75, 1):
// (0.5 + 0.5 + 2) / 9 = 1/3. Expected: reference/images.py (float32 sums).
// RUN: kauai oclc -execute -enqueue blur -arg src,image2d(R,FLOAT,4,4),0,0.25,1,2.25,0.75,1,1.75,3,1.5,1.75,2.5,3.75,2.25,2.5,3.25,4.5 -arg dst,image2d(R,FLOAT,4,4) -print dst,16 -global 4,4 %s
// CHECK: dst,0.3333333,0.6666667,1.416667,2.083333,0.8333333,1.166667,1.916667,2.583333,1.583333,1.916667,2.666667,3.333333,2.083333,2.416667,3.166667,3.833333

const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void blur(__read_only image2d_t src, __write_only image2d_t dst)
{
    int x = get_global_id(0), y = get_global_id(1);
    float sum = 0.0f;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            sum += read_imagef(src, smp, (float2)(x + dx + 0.5f, y + dy + 0.5f)).x;
    write_imagef(dst, (int2)(x, y), (float4)(sum / 9.0f, 0.0f, 0.0f, 1.0f));
}
