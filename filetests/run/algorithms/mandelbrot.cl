// Mandelbrot escape-time counts (at most 32 iterations) on a 16 x 8 grid of
// c = (-2.5 + 0.25 px, -1 + 0.25 py), in float32 with FP_CONTRACT off.
// Expected: reference/mandelbrot.py, which repeats each float32 operation (rounded with
// struct) and also runs the loop in double: no count differs between the two, so the
// counts do not hang on rounding details. Row py = 4 is the real axis (c = -2 .. -0.25
// stays bounded: 32).
// RUN: kauai oclc -execute -enqueue mandelbrot -print counts,128 -global 16,8 -local 4,4 %s
// CHECK: counts,1,1,1,1,2,3,3,3,4,6,32,4,2,2,2,2,1,1,1,2,3,3,3,4,6,22,32,5,3,2,2,2,1,1,1,3,3,4,5,6,32,32,32,32,5,3,2,2,1,1,1,4,5,9,32,13,32,32,32,32,5,3,2,2,1,1,32,32,32,32,32,32,32,32,32,32,5,3,3,2,1,1,1,4,5,9,32,13,32,32,32,32,5,3,2,2,1,1,1,3,3,4,5,6,32,32,32,32,5,3,2,2,1,1,1,2,3,3,3,4,6,22,32,5,3,2,2,2

#pragma OPENCL FP_CONTRACT OFF

#define MAXIT 32

__kernel void mandelbrot(__global int *counts)
{
    int px = get_global_id(0);
    int py = get_global_id(1);
    float cx = -2.5f + 0.25f * px;
    float cy = -1.0f + 0.25f * py;
    float x = 0.0f;
    float y = 0.0f;
    int it = 0;
    while (it < MAXIT) {
        float xx = x * x;
        float yy = y * y;
        if (xx + yy > 4.0f)
            break;
        float xy = x * y;
        x = xx - yy + cx;
        y = xy + xy + cy;
        it++;
    }
    counts[py * get_global_size(0) + px] = it;
}
