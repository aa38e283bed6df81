// A kernel calling another kernel as an ordinary function, which OpenCL C allows and
// real code does (a "tile" kernel reused by a "whole" kernel): `scale_add` is enqueued
// on its own in run 1 and called by `twice` in run 2 for two offsets of the same buffer.
// By hand: run 1, y = 3 x + 1 for x = 0..7: 1,4,...,22; run 2: the first call maps
// y[0..3], the second (pointer offset 4) y[4..7], each y = 3 x + 1 again, and `twice`
// adds 100 to y[0].
// RUN: kauai oclc -execute -enqueue scale_add -arg x,range(0,7) -arg k,3 -print y,8 -global 8 %s
// CHECK: y,1,4,7,10,13,16,19,22
// RUN: kauai oclc -execute -enqueue twice -arg x,range(0,7) -print y,8 -global 4 %s
// CHECK: y,101,4,7,10,13,16,19,22

__kernel void scale_add(__global const float *x, __global float *y, int k)
{
    int i = get_global_id(0);
    y[i] = k * x[i] + 1.0f;
}

__kernel void twice(__global const float *x, __global float *y)
{
    scale_add(x, y, 3);
    scale_add(x + 4, y + 4, 3);
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (get_global_id(0) == 0)
        y[0] += 100.0f;
}
