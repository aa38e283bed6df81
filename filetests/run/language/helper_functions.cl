// Several helper functions: square() called from poly(), a void function updating a
// private variable through a pointer, and neighbour_sum(), which holds a barrier and is
// called from the kernel in uniform control flow (it must be inlined or scheduled so that
// every work-item of the group reaches that barrier before any reads its neighbour).
// acc = poly(x) + square(x - 1) = (x^2 + 3x - 1) + (x - 1)^2 = 2x^2 + x;
// out[l] = acc[l] + acc[(l + 1) mod 8] within each group of 8; x = 0..15.
// E.g. l = 7 of group 0: acc(7) + acc(0) = 105 + 0. Expected: reference/language.py.
// RUN: kauai oclc -execute -enqueue helpers -arg in,range(0,15) -print out,16 -global 16 -local 8 %s
// CHECK: out,3,13,31,57,91,133,183,105,307,381,463,553,651,757,871,601

int square(int x)
{
    return x * x;
}

int poly(int x)
{
    return square(x) + 3 * x - 1;
}

void accumulate(int *acc, int v)
{
    *acc += v;
}

int neighbour_sum(__local int *buf, int l, int n)
{
    barrier(CLK_LOCAL_MEM_FENCE);
    return buf[l] + buf[(l + 1) % n];
}

__kernel void helpers(__global const int *in, __global int *out)
{
    __local int buf[8];
    int l = get_local_id(0);
    int x = in[get_global_id(0)];
    int acc = 0;
    accumulate(&acc, poly(x));
    accumulate(&acc, square(x - 1));
    buf[l] = acc;
    out[get_global_id(0)] = neighbour_sum(buf, l, get_local_size(0));
}
