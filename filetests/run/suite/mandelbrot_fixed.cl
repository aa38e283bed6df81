// Mandelbrot escape counts in fixed point (Q12 integers, as embedded and FPGA suites
// write it so that no float rounding matters): a 16 x 8 grid over re in [-2, 1), im in
// [-1, 1) in steps of 3/16 and 1/4 (c = (-8192 + 768 x, -4096 + 1024 y) in Q12), at most
// 32 iterations, escape when zr^2 + zi^2 > 4 (Q24 compare); products in `long`,
// rescaled with >> 12 (an arithmetic shift on negative values, as clang does).
// Expected: the same integer recurrence in Python (reference/suite.py).
// RUN: kauai oclc -execute -enqueue mandel -arg maxit,32 -print counts,128 -global 16,8 -local 8,4 %s
// CHECK: counts,1,1,2,3,3,3,3,3,4,5,13,4,4,3,2,2,1,2,3,3,3,3,4,4,6,8,32,8,5,4,3,2,1,3,3,3,4,5,5,9,32,32,32,32,32,6,3,3,1,4,4,5,9,32,24,32,32,32,32,32,32,13,4,3,32,32,32,32,32,32,32,32,32,32,32,32,32,6,4,3,1,4,4,5,9,32,24,32,32,32,32,32,32,13,4,3,1,3,3,3,4,5,5,9,32,32,32,32,32,6,3,3,1,2,3,3,3,3,4,4,6,8,32,8,5,4,3,2

__kernel void mandel(__global uchar *counts, int maxit)
{
    int x = get_global_id(0), y = get_global_id(1);
    long cr = -8192 + 768 * x;
    long ci = -4096 + 1024 * y;
    long zr = 0, zi = 0;
    int it = 0;
    while (it < maxit) {
        long zr2 = zr * zr, zi2 = zi * zi;
        if (zr2 + zi2 > (4l << 24))
            break;
        long t = ((zr2 - zi2) >> 12) + cr;
        zi = ((2 * zr * zi) >> 12) + ci;
        zr = t;
        it++;
    }
    counts[y * get_global_size(0) + x] = it;
}
