// 2-D convolution of a 6 x 5 int image (inputs/conv_image.txt, pixel (x, y) =
// (7x + 13y) mod 10) with the 3x3 kernel [1 2 1; 2 4 2; 1 2 1] from a __constant table;
// coordinates outside the image are clamped to the border (clamp builtin).
// Expected: the same sum in plain Python (reference/algorithms.py). Corner (0,0), rows
// -1 and 0 both clamped to row 0 (0 0 7), row 1 = (3 3 0) after clamping x:
// 1*0+2*0+1*7 + 2*0+4*0+2*7 + 1*3+2*3+1*0 = 30.
// RUN: kauai oclc -execute -enqueue conv3x3 -arg img:../inputs/conv_image.txt -print out,30 -global 6,5 -local 3,5 %s
// CHECK: out,30,64,66,58,80,94,46,50,62,64,66,80,84,58,50,62,64,58,102,86,58,50,62,66,78,102,84,46,48,82

__constant int weights[9] = { 1, 2, 1, 2, 4, 2, 1, 2, 1 };

__kernel void conv3x3(__global const int *img, __global int *out)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    int w = get_global_size(0);
    int h = get_global_size(1);
    int sum = 0;
    for (int dy = -1; dy <= 1; dy++) {
        for (int dx = -1; dx <= 1; dx++) {
            int sx = clamp(x + dx, 0, w - 1);
            int sy = clamp(y + dy, 0, h - 1);
            sum += weights[(dy + 1) * 3 + dx + 1] * img[sy * w + sx];
        }
    }
    out[y * w + x] = sum;
}
